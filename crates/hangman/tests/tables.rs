//! The decision tables `best` ships (`crates/hangman/data/tables/`, built by
//! `scripts/ship-tables.sh`) are what `best` decides today: every length of both lists has a
//! table whose key matches its words, and tables rebuilt afresh have the same bytes.
//!
//! The quick test rebuilds the cheap lengths; the whole check (about three minutes in a
//! release build) is `cargo test --release -p hangman --test tables -- --ignored`.

use std::path::Path;

use hangman::strategy::{SHIPPED_MAX_WRONG, append_table, shipped_table};
use lexicon::Lexicon;

mod common;
use common::challenge;

/// The shipped file of list `name`, split into its tables.
fn shipped(name: &str) -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("data/tables/{name}.tables"));
    let blob = std::fs::read(&path).unwrap();
    let mut tables = Vec::new();
    let mut rest = blob.as_slice();
    while let Some((size, tail)) = rest.split_first_chunk::<4>() {
        let (table, tail) = tail.split_at(u32::from_le_bytes(*size) as usize);
        tables.push(table.to_vec());
        rest = tail;
    }
    tables
}

/// The fair referee's pool: the embedded list's words in the common tier.
fn fair_pool() -> Lexicon {
    Lexicon::embedded().intersection(&Lexicon::common())
}

/// Rebuilds the tables of `lexicon`'s lengths that `rebuild` selects and compares them
/// with the shipped ones; the file must hold one table per length, in order.
fn check(name: &str, lexicon: &Lexicon, rebuild: impl Fn(usize) -> bool) {
    let tables = shipped(name);
    let lengths: Vec<usize> = lexicon.lengths().collect();
    assert_eq!(tables.len(), lengths.len(), "{name}: one table per length");
    let mut rebuilt = 0;
    for (table, &length) in tables.iter().zip(&lengths) {
        if rebuild(length) {
            let fresh = shipped_table(lexicon.bucket(length), SHIPPED_MAX_WRONG);
            assert!(
                &fresh == table,
                "{name} length {length}: the shipped table is stale; run scripts/ship-tables.sh"
            );
            rebuilt += 1;
        }
    }
    assert!(rebuilt > 0);
    // The file is exactly its tables, framed as the crate reads them.
    let mut blob = Vec::new();
    for table in &tables {
        append_table(&mut blob, table);
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("data/tables/{name}.tables"));
    assert_eq!(blob, std::fs::read(path).unwrap());
}

/// The cheap lengths (whole exact tree at 2 letters; the lookahead's top decisions at 4
/// and from 12 letters up).
fn cheap(length: usize) -> bool {
    length == 2 || length == 4 || length >= 12
}

/// The embedded list's and the fair pool's tables at the cheap lengths.
#[test]
fn shipped_tables_match_best_on_cheap_lengths_of_the_embedded_list() {
    check("embedded", &Lexicon::embedded(), cheap);
    check("common", &fair_pool(), cheap);
}

/// words.txt's tables at the cheap lengths.
#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn shipped_tables_match_best_on_cheap_lengths_of_words_txt() {
    check("words", &challenge(), cheap);
}

/// Every length, the exact solve of three-letter words included.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test tables -- --ignored"]
fn shipped_tables_match_best_on_every_length() {
    check("embedded", &Lexicon::embedded(), |_| true);
    check("common", &fair_pool(), |_| true);
    check("words", &challenge(), |_| true);
}
