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
//! A keyed file ([`keyed`](super::keyed)) of kind `WPTOTAL1`, the value of a board its
//! total (`u32`).

use std::sync::{Arc, Mutex, OnceLock};

use lexicon::{Bucket, Lexicon};

use super::keyed;

use crate::game::Position;
use crate::strategy::tree::total_score_from;
use crate::strategy::{
    Lookahead, SHIPPED_MAX_WRONG, SHIPPED_MIN_CANDIDATES, SetHash, Settings, walk_decisions,
};

/// The totals shipped for the fair pool.
static COMMON: &[u8] = include_bytes!("../../data/hints/common.totals");

const MAGIC: &[u8; 8] = b"WPTOTAL1";

/// The shipped total of `best` (default settings) playing on from `cands` (sorted bucket
/// indices) at `position`, if one ships for this bucket and state.
pub(crate) fn shipped_total(bucket: &Bucket, cands: &[u32], position: &Position) -> Option<u64> {
    static SECTIONS: OnceLock<Vec<keyed::Section<u32>>> = OnceLock::new();
    if position.max_wrong() != SHIPPED_MAX_WRONG || cands.len() < SHIPPED_MIN_CANDIDATES {
        return None;
    }
    let sections = SECTIONS.get_or_init(|| keyed::parse(COMMON, MAGIC).unwrap_or_default());
    let section = keyed::section(sections, bucket)?;
    section
        .get(SetHash::of(cands).at(position).bits())
        .map(u64::from)
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
    let mut out = keyed::start(MAGIC);
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
        let entries = seen
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        keyed::append(&mut out, bucket, entries);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_totals_are_read_for_the_fair_pool() {
        let pool = Lexicon::embedded().intersection(&Lexicon::common());
        let sections = keyed::parse::<u32>(COMMON, MAGIC).expect("the file parses");
        for length in 4..=12 {
            assert!(
                keyed::section(&sections, pool.bucket(length)).is_some(),
                "{length}"
            );
        }
    }
}
