//! Values of answers and letters within a time budget: what the optimal referee and hints
//! against it need.
//!
//! After the guesser guesses a letter, each part `f` of the family is an answer worth
//! `[f is the miss part] + V(f)` misses to the referee; the letter is worth the most of
//! those to the guesser (lower is better for the guesser). [`answer_values`] proves
//! bounds on every answer and narrows the ones that may be the best until the best is
//! known exactly or the time is up; [`letter_values`] does so for every useful letter.

use std::time::{Duration, Instant};

use lexicon::{Bucket, Letter, LetterSet};
use serde::Serialize;

use super::driver::Bounds;
use super::search::{SolveOptions, Solver};
use crate::candidates;

/// A letter and proven bounds on what it is worth against an optimal referee: the misses
/// still to come after guessing it, counting its own miss (`max` over its parts of
/// `[miss] + V(part)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LetterValue {
    /// The letter (serialized as its lowercase character).
    #[serde(serialize_with = "letter_str")]
    pub letter: Letter,
    /// Proven bounds on its value; exact when `lower == upper`.
    pub bounds: Bounds,
}

fn letter_str<S: serde::Serializer>(letter: &Letter, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(letter)
}

/// A family split by a letter: (position mask, words) per part.
type Parts = Vec<(u32, Vec<u32>)>;

/// The table size for a search of `family` within a per-move budget: large enough to
/// keep what the search learns, small enough that allocating it costs little per move.
pub(crate) fn table_bytes(family: usize) -> usize {
    (family * 4096).clamp(1 << 20, 64 << 20)
}

/// A solver for the families of `bucket` with a deadline, sized for `family`.
pub(crate) fn solver_for(bucket: &Bucket, family: usize, deadline: Instant) -> Solver<'_> {
    Solver::new(
        bucket,
        SolveOptions {
            deadline: Some(deadline),
            table_bytes: table_bytes(family),
            ..SolveOptions::default()
        },
    )
}

/// Proven bounds on the worth of each answer in `parts` (`[mask == 0] + V(part)`), in the
/// order given. Answers that may be the best are narrowed (largest upper bound first)
/// until the best answer's worth is exact and every other answer is known not to exceed
/// it, or until `solver`'s deadline stops the search; what was proven is kept.
///
/// Every part must be a closed family of `solver`'s bucket (see [`Solver::new`]).
pub(crate) fn answer_values(solver: &Solver<'_>, parts: &[(u32, Vec<u32>)]) -> Vec<Bounds> {
    let miss = |i: usize| u32::from(parts[i].0 == 0);
    let mut worth: Vec<Bounds> = (0..parts.len())
        .map(|i| {
            let (lo, hi) = solver.bounds(&parts[i].1);
            Bounds {
                lower: lo + miss(i),
                upper: hi + miss(i),
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(worth[i].upper),
            std::cmp::Reverse(parts[i].1.len()),
        )
    });
    for i in order {
        let best = worth.iter().map(|b| b.lower).max().unwrap_or(0);
        if worth[i].upper < best {
            // Cannot even tie the best answer known.
            continue;
        }
        let part = &parts[i].1;
        let m = miss(i);
        // First: does it tie the best known? If not, it is out.
        if worth[i].lower < best {
            match solver.at_least(part, best - m) {
                Ok(true) => worth[i].lower = best,
                Ok(false) => {
                    worth[i].upper = best - 1;
                    continue;
                }
                Err(_) => break,
            }
        }
        // Then its exact worth, by bisection.
        while worth[i].lower < worth[i].upper {
            let mid = worth[i].lower + (worth[i].upper - worth[i].lower).div_ceil(2);
            match solver.at_least(part, mid - m) {
                Ok(true) => worth[i].lower = mid,
                Ok(false) => worth[i].upper = mid - 1,
                Err(_) => return worth,
            }
        }
    }
    worth
}

/// The worth of a letter from its answers' worths: the best answer for the referee.
fn letter_worth(answers: &[Bounds]) -> Bounds {
    Bounds {
        lower: answers.iter().map(|b| b.lower).max().unwrap_or(0),
        upper: answers.iter().map(|b| b.upper).max().unwrap_or(0),
    }
}

/// Every useful letter for the guesser at `family` (a letter that splits it: letters in
/// no word, or at the same positions in every word, teach nothing) with proven bounds on
/// its value against an optimal referee, best first (lowest upper bound, then lowest
/// lower bound, then alphabetical). Letters are narrowed in turn, each with an equal
/// share of what is left of `budget`; a letter whose search runs out of time keeps the
/// bounds proven so far. Empty for a family of one word or none.
///
/// `family` holds indices of `bucket`'s words, sorted ascending, and must be closed: every
/// word of the bucket consistent with some set of answers (every family a cheating
/// referee keeps before any word guess is).
pub fn letter_values(bucket: &Bucket, family: &[u32], budget: Duration) -> Vec<LetterValue> {
    if family.len() <= 1 {
        return Vec::new();
    }
    let start = Instant::now();
    let end = start + budget;
    let mut solver = solver_for(bucket, family.len(), end);
    let split = solver.root(family).split;
    let letters: Vec<(Letter, Parts)> = LetterSet::from_bits(split)
        .iter()
        .map(|g| (g, candidates::partition(bucket, family, g)))
        .collect();
    // Cheap bounds first, so that the most promising letters are narrowed first.
    let mut values: Vec<LetterValue> = letters
        .iter()
        .map(|(g, parts)| {
            let answers: Vec<Bounds> = parts
                .iter()
                .map(|(mask, part)| {
                    let (lo, hi) = solver.bounds(part);
                    let m = u32::from(*mask == 0);
                    Bounds {
                        lower: lo + m,
                        upper: hi + m,
                    }
                })
                .collect();
            LetterValue {
                letter: *g,
                bounds: letter_worth(&answers),
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..letters.len()).collect();
    order.sort_by_key(|&i| (values[i].bounds.lower, values[i].bounds.upper, i));
    for (done, &i) in order.iter().enumerate() {
        let now = Instant::now();
        if now >= end {
            break;
        }
        let share = (end - now) / (order.len() - done) as u32;
        solver.restart(Some(now + share));
        let answers = answer_values(&solver, &letters[i].1);
        let b = letter_worth(&answers);
        let old = values[i].bounds;
        values[i].bounds = Bounds {
            lower: old.lower.max(b.lower),
            upper: old.upper.min(b.upper),
        };
    }
    values.sort_by_key(|v| (v.bounds.upper, v.bounds.lower, v.letter.index()));
    values
}
