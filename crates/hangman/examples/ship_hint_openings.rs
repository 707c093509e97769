//! Builds `best`'s moves at the first boards players reach, shipped for hints (see
//! `hangman::hint::openings`); `scripts/ship-tables.sh` runs it after `ship_tables` (the
//! moves are those of `best` reading the tables compiled in).
//!
//! Usage: `ship_hint_openings OUT_FILE`.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use hangman::hint::openings::shipped_openings;
use lexicon::Lexicon;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: ship_hint_openings OUT_FILE");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let lexicon = Arc::new(Lexicon::embedded());
    let pool = Arc::new(lexicon.intersection(&Lexicon::common()));
    let file = shipped_openings(&lexicon, &pool, &|list, length, moves, seconds| {
        eprintln!("{list:>8} {length:2} letters: {moves:5} moves, {seconds:6.1} s");
    });
    eprintln!(
        "openings: {} bytes, {:.1} s",
        file.len(),
        start.elapsed().as_secs_f64()
    );
    if let Err(e) = std::fs::write(out, file) {
        eprintln!("error: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
