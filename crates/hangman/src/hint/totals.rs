//! The expected scores shipped for hints in fair games: the total final score of `best`
//! playing on from every state its games on the fair pool reach with many candidates.
//!
//! A fair hint shows the expected final score of its pick: the total score of the strategy
//! playing every candidate out from the board, over their number. Where few candidates are
//! left that is one walk of the strategy's tree; at the opening of a 7-letter game it is
//! the whole pool's 6,714 games, seconds of work. So for the pool (the embedded list's
//! words in the common tier) and the shipped tables' rule (6 lives), `scripts/ship-tables.sh`
//! records the total at every state where `best` ships its decision (at least
//! [`SHIPPED_MIN_CANDIDATES`] candidates), in `crates/hangman/data/hints/common.totals`.
//!
//! # Format
//!
//! Little-endian: the magic bytes `WPTOTAL1`, then per length: the length, the bucket's
//! word count (`u32` each), its [`bucket_digest`] (`u64`), the number of entries (`u32`),
//! and the entries sorted by key: the state's key (`u128`, the decision tables' key: the
//! candidates' hash and the position) and the total (`u32`). A length is used only for a
//! bucket of exactly its words; a file that does not parse is not used at all.

use std::sync::{Arc, Mutex, OnceLock};

use lexicon::{Bucket, Lexicon};

use crate::game::Position;
use crate::solve::bucket_digest;
use crate::strategy::tree::total_score_from;
use crate::strategy::{
    Lookahead, SHIPPED_MAX_WRONG, SHIPPED_MIN_CANDIDATES, SetHash, Settings, walk_decisions,
};

/// The totals shipped for the fair pool.
static COMMON: &[u8] = include_bytes!("../../data/hints/common.totals");

const MAGIC: &[u8; 8] = b"WPTOTAL1";

/// One length's totals.
struct Length {
    length: usize,
    words: usize,
    digest: u64,
    /// (state key, total), sorted by key.
    entries: Vec<(u128, u32)>,
}

fn take<const N: usize>(bytes: &mut &[u8]) -> Option<[u8; N]> {
    let (head, tail) = bytes.split_first_chunk::<N>()?;
    *bytes = tail;
    Some(*head)
}

/// The lengths of a totals file, or `None` if it is not one.
fn parse(mut bytes: &[u8]) -> Option<Vec<Length>> {
    if take::<8>(&mut bytes)? != *MAGIC {
        return None;
    }
    let mut lengths = Vec::new();
    while !bytes.is_empty() {
        let length = u32::from_le_bytes(take(&mut bytes)?) as usize;
        let words = u32::from_le_bytes(take(&mut bytes)?) as usize;
        let digest = u64::from_le_bytes(take(&mut bytes)?);
        let count = u32::from_le_bytes(take(&mut bytes)?);
        let mut entries = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let key = u128::from_le_bytes(take(&mut bytes)?);
            entries.push((key, u32::from_le_bytes(take(&mut bytes)?)));
        }
        if !entries.is_sorted_by_key(|&(key, _)| key) {
            return None;
        }
        lengths.push(Length {
            length,
            words,
            digest,
            entries,
        });
    }
    Some(lengths)
}

/// The shipped total of `best` (default settings) playing on from `cands` (sorted bucket
/// indices) at `position`, if one ships for this bucket and state.
pub(crate) fn shipped_total(bucket: &Bucket, cands: &[u32], position: &Position) -> Option<u64> {
    static LENGTHS: OnceLock<Vec<Length>> = OnceLock::new();
    if position.max_wrong() != SHIPPED_MAX_WRONG || cands.len() < SHIPPED_MIN_CANDIDATES {
        return None;
    }
    let lengths = LENGTHS.get_or_init(|| parse(COMMON).unwrap_or_default());
    let section = lengths.iter().find(|l| {
        l.length == bucket.length() && l.words == bucket.len() && l.digest == bucket_digest(bucket)
    })?;
    let key = SetHash::of(cands).at(position).bits();
    let i = section
        .entries
        .binary_search_by_key(&key, |&(k, _)| k)
        .ok()?;
    Some(u64::from(section.entries[i].1))
}

/// The totals file of `pool` (see the module docs): for every length, `best`'s total from
/// every state with a shipped decision, at the shipped tables' rule. Computed with the
/// shipped decision tables (so they must be built first); the same words give the same
/// bytes.
pub fn shipped_totals(pool: &Arc<Lexicon>) -> Vec<u8> {
    let settings = Settings {
        max_wrong: SHIPPED_MAX_WRONG,
        ..Settings::default()
    };
    let best = Lookahead::from_settings("lookahead", pool, &settings)
        .expect("best's default settings are valid");
    let mut out = MAGIC.to_vec();
    for length in pool.lengths() {
        let bucket = pool.bucket(length);
        let seen = Mutex::new(Vec::new());
        walk_decisions(
            &best,
            bucket,
            SHIPPED_MAX_WRONG,
            SHIPPED_MIN_CANDIDATES,
            &|cands, position, _| {
                let total = total_score_from(&best, bucket, cands.to_vec(), *position)
                    .expect("best plays by the rules");
                let total = u32::try_from(total).expect("25 points per word fit");
                seen.lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((SetHash::of(cands).at(position).bits(), total));
            },
        );
        let mut entries = seen
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.sort_unstable();
        entries.dedup();
        for v in [length as u32, bucket.len() as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&bucket_digest(bucket).to_le_bytes());
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for (key, total) in entries {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&total.to_le_bytes());
        }
    }
    out
}
