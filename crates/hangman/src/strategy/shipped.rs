//! Decision tables shipped with the crate, so that `best` answers a player's first game of
//! any length at once.
//!
//! Cold, `best` spends seconds on the top of a length's decision tree: on short words the
//! whole-game exact solve (12 s for the 978 three-letter words of words.txt), on longer ones
//! the lookahead's first guesses over thousands of candidates (1–2 s at 6–9 letters). A
//! player typing one word would wait through it. For the two lists the project plays (the
//! embedded list and the challenge's words.txt) and the challenge's rule (5 wrong guesses
//! allowed), `scripts/ship-tables.sh` runs `best` ahead ([`shipped_table`]) and keeps, per
//! word length, its decision at every state the games reach: all of them for words of up
//! to [`EXACT_MAX_LENGTH`] letters (the exact optimum), those with at least
//! [`SHIPPED_MIN_CANDIDATES`] candidates above. The tables are compiled in
//! (`crates/hangman/data/tables/`).
//!
//! A table is a decision cache file (see [`cache`](super::cache)), used only for a bucket
//! whose words hash to its key and only by a lookahead with `best`'s default settings;
//! each decision is checked against its state as a disk cache's are. The generator computes
//! afresh (it never reads the shipped tables), and a test (`tests/tables.rs`) rebuilds
//! tables and compares their bytes, so a change to the search that would change a decision
//! fails it.

use std::sync::Mutex;

use lexicon::Bucket;
use rayon::prelude::*;

use super::cache::{self, CacheKey};
use super::entropy::Entropy;
use super::lookahead::{Base, Lookahead, Shape};
use super::policy::{Decision, Policy};
use super::table::{SetHash, StateKey};
use crate::candidates;
use crate::game::{Position, Step};

/// Words of at most this many letters ship their whole tree (the exact optimum).
pub const EXACT_MAX_LENGTH: usize = 3;

/// Longer words ship the decisions at states with at least this many candidates: below it a
/// decision takes milliseconds.
pub const SHIPPED_MIN_CANDIDATES: usize = 150;

/// The maximum of wrong guesses the shipped tables are for (the challenge's rule).
pub const SHIPPED_MAX_WRONG: u32 = 5;

/// The strategy name in the tables' keys (the registry name of `best`).
const TABLE_STRATEGY: &str = "lookahead";

/// The shipped tables: per list, the cache files of its lengths, each after its size as a
/// little-endian `u32`.
static TABLES: &[&[u8]] = &[
    include_bytes!("../../data/tables/embedded.tables"),
    include_bytes!("../../data/tables/words.tables"),
];

/// The key a table of `bucket` is stored under.
fn key(bucket: &Bucket, max_wrong: u32) -> CacheKey {
    CacheKey::new(TABLE_STRATEGY, &[], max_wrong, bucket)
}

/// The files of a list's tables.
fn files(blob: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = blob;
    std::iter::from_fn(move || {
        let (size, tail) = rest.split_first_chunk::<4>()?;
        let (file, tail) = tail.split_at_checked(u32::from_le_bytes(*size) as usize)?;
        rest = tail;
        Some(file)
    })
}

/// The shipped decisions for `bucket` at `max_wrong`, if a table was built for exactly
/// these words and rule.
pub(crate) fn decisions(bucket: &Bucket, max_wrong: u32) -> Option<Vec<(StateKey, Decision)>> {
    if max_wrong != SHIPPED_MAX_WRONG || bucket.is_empty() {
        return None;
    }
    let key = key(bucket, max_wrong);
    TABLES
        .iter()
        .flat_map(|blob| files(blob))
        .find_map(|file| cache::parse(file, &key, bucket.len()))
}

/// Appends a list's table (the bytes of [`shipped_table`]) to `blob`, the contents of a
/// `.tables` file.
pub fn append_table(blob: &mut Vec<u8>, table: &[u8]) {
    let size = u32::try_from(table.len()).expect("a table is far below 4 GiB");
    blob.extend_from_slice(&size.to_le_bytes());
    blob.extend_from_slice(table);
}

/// The table of `bucket` at `max_wrong`: `best`'s decisions (default settings, computed
/// afresh) at every state its games reach with at least [`SHIPPED_MIN_CANDIDATES`]
/// candidates, or at every state for words of at most [`EXACT_MAX_LENGTH`] letters, as the
/// bytes of a decision cache file keyed for `best`. The same words give the same bytes.
pub fn shipped_table(bucket: &Bucket, max_wrong: u32) -> Vec<u8> {
    let best = Lookahead::new(
        bucket.length(),
        Shape::default(),
        Base::Entropy(Entropy::default()),
    );
    let min = if bucket.length() <= EXACT_MAX_LENGTH {
        1
    } else {
        SHIPPED_MIN_CANDIDATES
    };
    let seen = Mutex::new(Vec::new());
    if !bucket.is_empty() {
        let root = Position::new(bucket.length(), max_wrong);
        walk(&best, bucket, candidates::all(bucket), root, min, &seen);
    }
    let mut entries = seen
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    entries.sort_unstable_by_key(|&(state, _): &(StateKey, Decision)| state.bits());
    entries.dedup();
    cache::render(&key(bucket, max_wrong), &entries)
}

/// Records `policy`'s decisions from the state of `cands` at `position` down to the states
/// with fewer than `min` candidates; families are walked in parallel (each decision is a
/// function of its state alone, so the order does not matter).
fn walk(
    policy: &Lookahead,
    bucket: &Bucket,
    mut cands: Vec<u32>,
    mut position: Position,
    min: usize,
    seen: &Mutex<Vec<(StateKey, Decision)>>,
) {
    while cands.len() >= min && !position.is_over() {
        let decision = policy.decide(bucket, &cands, &position);
        seen.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((SetHash::of(&cands).at(&position), decision));
        match decision {
            Decision::Word(x) => {
                // The other candidates go on after a wrong word.
                cands.retain(|&c| c != x);
                position.play_unchecked(Step::Word { correct: false });
            }
            Decision::Letter(letter) => {
                candidates::partition(bucket, &cands, letter)
                    .into_par_iter()
                    .for_each(|(mask, family)| {
                        let after = position.after(Step::Letter {
                            letter,
                            positions: mask,
                        });
                        walk(policy, bucket, family, after, min, seen);
                    });
                return;
            }
        }
    }
}
