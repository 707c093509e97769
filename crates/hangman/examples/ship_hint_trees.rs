//! Builds the optimal guessers that hints against the optimal referee ship (see
//! `hangman::hint::trees`); `scripts/ship-hint-trees.sh` runs it.
//!
//! Usage: `ship_hint_trees OUT_FILE [FROM_LENGTH]`: writes the trees of the embedded list's
//! lengths from `FROM_LENGTH` (default 8) up, gzip-compressed.

use std::process::ExitCode;
use std::time::Instant;

use hangman::hint::trees::{optimal_tree, render_trees};
use hangman::solve::{SolveOptions, Solver};
use lexicon::Lexicon;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, from) = match args.as_slice() {
        [out] => (out.clone(), 8),
        [out, from] => match from.parse::<usize>() {
            Ok(from) => (out.clone(), from),
            Err(_) => {
                eprintln!("error: {from:?} is not a word length");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("usage: ship_hint_trees OUT_FILE [FROM_LENGTH]");
            return ExitCode::from(2);
        }
    };
    let lexicon = Lexicon::embedded();
    let mut trees = Vec::new();
    for length in lexicon.lengths().filter(|&l| l >= from) {
        let start = Instant::now();
        let bucket = lexicon.bucket(length);
        let solver = Solver::new(bucket, SolveOptions::default());
        let letters = optimal_tree(&solver).expect("no limit stops the search");
        eprintln!(
            "length {length}: {} words, {} nodes, {:.1} s",
            bucket.len(),
            letters.len(),
            start.elapsed().as_secs_f64()
        );
        trees.push((length, letters));
    }
    let file = render_trees(
        trees
            .iter()
            .map(|(length, letters)| (lexicon.bucket(*length), letters.as_str())),
    );
    if let Err(e) = std::fs::write(&out, file) {
        eprintln!("error: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
