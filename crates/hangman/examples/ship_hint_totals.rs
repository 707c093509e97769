//! Builds the expected scores fair hints ship (see `hangman::hint::totals`) from the
//! decision tables compiled in; `scripts/ship-tables.sh` runs it after `ship_tables`.
//!
//! Usage: `ship_hint_totals OUT_FILE`.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use hangman::hint::totals::shipped_totals;
use lexicon::Lexicon;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: ship_hint_totals OUT_FILE");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let pool = Arc::new(Lexicon::embedded().intersection(&Lexicon::common()));
    let file = shipped_totals(&pool);
    eprintln!(
        "fair pool totals: {} bytes, {:.1} s",
        file.len(),
        start.elapsed().as_secs_f64()
    );
    if let Err(e) = std::fs::write(out, file) {
        eprintln!("error: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
