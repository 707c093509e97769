//! The optimal guessers hints ship (`crates/hangman/data/hints/embedded.trees.gz`, built by
//! `scripts/ship-hint-trees.sh`): each is what `optimal_tree` builds today, and what each
//! proves is re-checked by `hangman::verify`, which shares nothing with the solver: the
//! tree holds the optimal referee to the length's value `M(L)`, solved afresh.
//!
//! The quick test covers the cheap lengths; every length (about two minutes in a release
//! build) is `cargo test --release -p hangman --test hint_trees -- --ignored`.

use hangman::hint::trees::{optimal_tree, shipped_trees};
use hangman::solve::{Progress, SolveOptions, Solver, bucket_digest, solve_length};
use hangman::verify::verify;
use lexicon::Lexicon;

/// The shipped tree of `length` as a certificate of its upper bound `M(L)` (solved here),
/// with the trivial lower bound 0, as `hangman verify` reads it.
fn certificate(lexicon: &Lexicon, length: usize, letters: &str, upper: u32) -> String {
    let bucket = lexicon.bucket(length);
    format!(
        "wordplay-hangman-certificate 1\ndictionary embedded\nlength {length}\nwords {}\ndigest {:016x}\nupper {upper}\n{letters}\n.\nlower 0\nfamily all\n.\n",
        bucket.len(),
        bucket_digest(bucket)
    )
}

/// Checks the shipped trees of the lengths `check` selects: rebuilt afresh they are the
/// same letters, and `verify` proves each holds the referee to `M(L)`.
fn check(check: impl Fn(usize) -> bool) {
    let lexicon = Lexicon::embedded();
    let shipped = shipped_trees();
    let lengths: Vec<usize> = shipped.iter().map(|(l, _)| *l).collect();
    let expected: Vec<usize> = lexicon.lengths().filter(|&l| l >= 8).collect();
    assert_eq!(lengths, expected, "a tree per length from 8 letters");
    let mut checked = 0;
    for (length, letters) in &shipped {
        if !check(*length) {
            continue;
        }
        let bucket = lexicon.bucket(*length);
        let solver = Solver::new(bucket, SolveOptions::default());
        assert!(
            optimal_tree(&solver).unwrap() == *letters,
            "length {length}: the shipped tree is stale; run scripts/ship-hint-trees.sh"
        );
        let solution = solve_length(
            bucket,
            &SolveOptions::default(),
            None,
            &Progress::new(*length, bucket.len()),
        );
        assert!(solution.misses.is_exact(), "length {length}");
        let m = solution.misses.upper;
        let proven = verify(&certificate(&lexicon, *length, letters, m), bucket)
            .unwrap_or_else(|e| panic!("length {length}: {e}"));
        assert_eq!(proven.upper, m);
        if m > 0 {
            // The tree does not hold the referee to one miss fewer.
            let tighter = certificate(&lexicon, *length, letters, m - 1);
            assert!(verify(&tighter, bucket).is_err(), "length {length}");
        }
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn shipped_trees_are_optimal_on_cheap_lengths() {
    check(|length| length >= 16);
}

#[test]
#[ignore = "release only: cargo test --release -p hangman --test hint_trees -- --ignored"]
fn shipped_trees_are_optimal_on_every_length() {
    check(|_| true);
}
