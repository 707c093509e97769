//! Builds the data fair and cheating hints ship (`crates/hangman/data/hints/`) from the
//! decision tables compiled in: the expected scores of `best`'s states on the fair pool
//! (`common.totals`, see `hangman::hint::totals`) and `best`'s moves at the first boards
//! players reach (`openings.moves`, see `hangman::hint::openings`).
//! `scripts/ship-tables.sh` runs it after `ship_tables`.
//!
//! Usage: `ship_hints OUT_DIR`.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use hangman::hint::openings::shipped_openings;
use hangman::hint::totals::shipped_totals;
use lexicon::Lexicon;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: ship_hints OUT_DIR");
        return ExitCode::from(2);
    };
    let lexicon = Arc::new(Lexicon::embedded());
    let pool = Arc::new(lexicon.intersection(&Lexicon::common()));
    let files: [(&str, &dyn Fn() -> Vec<u8>); 2] = [
        ("common.totals", &|| shipped_totals(&pool)),
        ("openings.moves", &|| {
            shipped_openings(&lexicon, &pool, &|list, length, moves, seconds| {
                eprintln!("{list:>8} {length:2} letters: {moves:5} moves, {seconds:6.1} s");
            })
        }),
    ];
    for (name, build) in files {
        let start = Instant::now();
        let file = build();
        eprintln!(
            "{name}: {} bytes, {:.1} s",
            file.len(),
            start.elapsed().as_secs_f64()
        );
        let path = Path::new(out).join(name);
        if let Err(e) = std::fs::write(&path, file) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
