//! Builds the decision tables `best` ships (see `hangman::strategy::shipped_table`);
//! `scripts/ship-tables.sh` runs it.
//!
//! Usage: `ship_tables OUT_DIR [WORDS_TXT]`: writes `embedded.tables` for the embedded list,
//! `common.tables` for the fair referee's pool (the embedded list's words in the common
//! tier, where the web's and `hangman play`'s fair secrets come from, which hints play)
//! and, given the challenge's words.txt, `words.tables`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use hangman::strategy::{SHIPPED_MAX_WRONG, append_table, shipped_table};
use lexicon::{Lexicon, LoadOptions};

fn write_tables(out: &Path, name: &str, lexicon: &Lexicon) -> std::io::Result<()> {
    let mut blob = Vec::new();
    for length in lexicon.lengths() {
        let start = Instant::now();
        let table = shipped_table(lexicon.bucket(length), SHIPPED_MAX_WRONG);
        eprintln!(
            "{name} length {length}: {} bytes ({} words, {:.1} s)",
            table.len(),
            lexicon.bucket(length).len(),
            start.elapsed().as_secs_f64()
        );
        append_table(&mut blob, &table);
    }
    std::fs::write(out.join(format!("{name}.tables")), &blob)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, words) = match args.as_slice() {
        [out] => (PathBuf::from(out), None),
        [out, words] => (PathBuf::from(out), Some(PathBuf::from(words))),
        _ => {
            eprintln!("usage: ship_tables OUT_DIR [WORDS_TXT]");
            return ExitCode::from(2);
        }
    };
    let embedded = Lexicon::embedded();
    let pool = embedded.intersection(&Lexicon::common());
    let mut lists = vec![("embedded", embedded), ("common", pool)];
    if let Some(path) = words {
        match Lexicon::from_path(&path, &LoadOptions::default()) {
            Ok((lexicon, _)) => lists.push(("words", lexicon)),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    for (name, lexicon) in &lists {
        if let Err(e) = write_tables(&out, name, lexicon) {
            eprintln!("error: cannot write into {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
