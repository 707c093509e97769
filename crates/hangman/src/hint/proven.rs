//! Hints against the optimal referee: letters ranked by the misses the referee can still
//! force after each, as proven.
//!
//! The shipped tree of the length (see [`trees`](super::trees)) gives, wherever the game's
//! family is one of its families, a letter of exactly the family's value, at once; the
//! solver ([`letter_values`]) proves what it can about every other letter within the time
//! allowed. A letter's value is shown as proven bounds, exact when they meet; letters are
//! ranked by their upper bound (what the guesser is sure to hold the referee to), then
//! their lower bound, then the odds of a hit, then alphabetically: a letter only bounded is
//! never ranked above one proven better, and following the first letter never lets the
//! referee force more than the family's value.

use std::time::Duration;

use lexicon::{Bucket, Letter};

use super::trees;
use crate::game::GameState;
use crate::solve::{Bounds, letter_values, sub_lexicon};
use crate::split::LetterStats;

/// A letter with what is proven about it.
pub(super) struct Proven {
    pub(super) letter: Letter,
    pub(super) bounds: Bounds,
}

/// Every letter that splits `family` (the words consistent with `state`, sorted, at least
/// two), best first (see the module docs), with proven bounds on the misses the referee
/// can force after it; the solver searches for at most `budget`.
pub(super) fn rank(
    bucket: &Bucket,
    state: &GameState,
    family: &[u32],
    budget: Duration,
) -> Vec<Proven> {
    let tree = trees::tree(bucket).and_then(|t| t.letter(bucket, state, family));
    // Where the tree knows the best letter exactly, the search only narrows the others:
    // a quarter of the time.
    let budget = match tree {
        Some(t) if t.whole => budget / 4,
        _ => budget,
    };
    // The solver needs a closed family (every word of its bucket that fits some answers):
    // a wrong word guess took a word out, so such a family is solved as a list of its own.
    let mut values = if state.wrong_words().is_empty() {
        letter_values(bucket, family, budget)
    } else {
        let own = sub_lexicon(bucket, family);
        let all: Vec<u32> = (0..family.len() as u32).collect();
        letter_values(own.bucket(bucket.length()), &all, budget)
    };
    let mut ranked: Vec<Proven> = values
        .drain(..)
        .map(|v| Proven {
            letter: v.letter,
            bounds: v.bounds,
        })
        .collect();
    if let Some(t) = tree {
        for p in &mut ranked {
            if p.letter == t.letter {
                p.bounds.upper = p.bounds.upper.min(t.value);
            }
            if t.whole {
                // The family's value is the least any letter is worth.
                p.bounds.lower = p.bounds.lower.max(t.value);
            }
            p.bounds.lower = p.bounds.lower.min(p.bounds.upper);
        }
    }
    let counts = LetterStats::of(bucket, family).counts;
    ranked.sort_by_key(|p| {
        (
            p.bounds.upper,
            p.bounds.lower,
            std::cmp::Reverse(counts[p.letter.index()]),
            p.letter.index(),
        )
    });
    ranked
}
