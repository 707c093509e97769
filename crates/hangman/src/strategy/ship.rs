//! Building the decision tables `best` ships (see `shipped.rs`, which loads them): `best`
//! run ahead over a length's games, its decisions kept as a decision cache file. Apart from
//! the loader because building needs the lookahead, which itself loads the tables.

use std::sync::Mutex;

use lexicon::Bucket;
use rayon::prelude::*;

use super::cache;
use super::entropy::Entropy;
use super::lookahead::{Base, Lookahead, Shape};
use super::policy::{Decision, Policy};
use super::shipped::{EXACT_MAX_LENGTH, SHIPPED_MIN_CANDIDATES, key};
use super::table::{SetHash, StateKey};
use crate::candidates;
use crate::game::{Position, Step};

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
    walk_decisions(
        &best,
        bucket,
        max_wrong,
        min,
        &|cands, position, decision| {
            seen.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push((SetHash::of(cands).at(position), decision));
        },
    );
    let mut entries = seen
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    entries.sort_unstable_by_key(|&(state, _): &(StateKey, Decision)| state.bits());
    entries.dedup();
    cache::render(&key(bucket, max_wrong), &entries)
}

/// Calls `visit` with every state `policy`'s games on `bucket` reach with at least `min`
/// candidates (the candidates, the position) and the decision there, from the opening down;
/// families are walked in parallel (each decision is a function of its state alone, so the
/// order of the calls does not matter to what they record).
pub(crate) fn walk_decisions<P: Policy>(
    policy: &P,
    bucket: &Bucket,
    max_wrong: u32,
    min: usize,
    visit: &(dyn Fn(&[u32], &Position, Decision) + Sync),
) {
    if !bucket.is_empty() {
        let root = Position::new(bucket.length(), max_wrong);
        walk(policy, bucket, candidates::all(bucket), root, min, visit);
    }
}

fn walk<P: Policy>(
    policy: &P,
    bucket: &Bucket,
    mut cands: Vec<u32>,
    mut position: Position,
    min: usize,
    visit: &(dyn Fn(&[u32], &Position, Decision) + Sync),
) {
    while cands.len() >= min && !position.is_over() {
        let decision = policy.decide(bucket, &cands, &position);
        visit(&cands, &position, decision);
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
                        walk(policy, bucket, family, after, min, visit);
                    });
                return;
            }
        }
    }
}
