//! The bounds of a set that need no search: the counting bound, chains, the screen of a
//! letter by its answers alone, and the word-guess lemma (proofs in the module docs of
//! [`bound`](super)).

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::profile::Profile;
use crate::game::{LOSS_SCORE, Position, Step};

/// `min(x, 25)`: the least a word that has scored `x` so far can end with.
pub(super) fn capped(x: u32) -> u64 {
    u64::from(x.min(LOSS_SCORE))
}

/// `Σ c(s + jᵢ)` over `n` words where at most `wins(j)` are won with `j` more guesses or
/// fewer (the rest score 25).
pub fn counting_bound(n: u64, score: u32, wins: impl Fn(u32) -> u64) -> u64 {
    let mut total = 0;
    let mut placed = 0;
    for j in 0.. {
        if score + j >= LOSS_SCORE || placed >= n {
            break;
        }
        let won = wins(j).min(n);
        total += (won - placed) * u64::from(score + j);
        placed = won;
    }
    total + (n - placed) * u64::from(LOSS_SCORE)
}

/// Ceiling of the counting tables' values: more than any dictionary holds.
const MANY: u64 = 1 << 40;

/// The counting table `W(j, l, u)` of the module docs for one `p`: `j` up to 25, `l` up to
/// the maximum of wrong guesses, `u` up to the word length.
#[derive(Debug)]
pub struct Counts {
    lives: usize,
    length: usize,
    /// `W` at `[(j · (lives + 1) + l) · (length + 1) + u]`.
    values: Vec<u64>,
}

impl Counts {
    /// The table for letters of at most `p` hit masks, `max_wrong` wrong guesses allowed
    /// and words of `length` letters.
    pub fn new(p: u32, max_wrong: u32, length: usize) -> Counts {
        let lives = max_wrong as usize + 1;
        let steps = LOSS_SCORE as usize + 1;
        let mut counts = Counts {
            lives,
            length,
            values: vec![0; steps * lives * (length + 1)],
        };
        for j in 0..steps {
            for l in 0..lives {
                for u in 0..=length {
                    let w = if j == 0 || u == 0 {
                        1
                    } else {
                        let before = |l: Option<usize>, u: usize| {
                            l.map_or(0, |l| counts.values[counts.at(j - 1, l, u)])
                        };
                        let miss = before(l.checked_sub(1), u);
                        let word = 1 + miss;
                        // The p largest hit parts: masks of k positions, C(u, k) of them.
                        let mut hits: Vec<(u64, u64)> = (1..=u)
                            .map(|k| (before(Some(l), u - k), binomial(u as u64, k as u64)))
                            .collect();
                        hits.sort_unstable_by_key(|&(value, _)| std::cmp::Reverse(value));
                        let mut left = u64::from(p);
                        let mut hit = 0u64;
                        for (value, masks) in hits {
                            let take = masks.min(left);
                            hit = hit.saturating_add(value.saturating_mul(take));
                            left -= take;
                        }
                        word.max(hit.saturating_add(miss)).min(MANY)
                    };
                    let at = counts.at(j, l, u);
                    counts.values[at] = w;
                }
            }
        }
        counts
    }

    fn at(&self, j: usize, l: usize, u: usize) -> usize {
        (j * self.lives + l) * (self.length + 1) + u
    }

    /// `W(j, l, u)`: at most this many words are won with at most `j` more guesses by a
    /// state with `l` more wrong guesses survivable and `u` unrevealed positions.
    pub fn get(&self, j: u32, l: u32, u: usize) -> u64 {
        let j = (j as usize).min(LOSS_SCORE as usize);
        self.values[self.at(j, l as usize, u)]
    }
}

/// `C(n, k)`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The counting tables of one search, by `p` (a search has one word length and one
/// maximum of wrong guesses).
#[derive(Debug)]
pub(super) struct Tables {
    max_wrong: u32,
    length: usize,
    by_p: RefCell<FxHashMap<u32, Rc<Counts>>>,
}

impl Tables {
    pub(super) fn new(max_wrong: u32, length: usize) -> Tables {
        Tables {
            max_wrong,
            length,
            by_p: RefCell::default(),
        }
    }

    fn get(&self, p: u32) -> Rc<Counts> {
        self.by_p
            .borrow_mut()
            .entry(p)
            .or_insert_with(|| Rc::new(Counts::new(p, self.max_wrong, self.length)))
            .clone()
    }

    /// The counting bound of `n` words at `position` (not over) whose letters are at most
    /// those of `profile` (the set's, or a superset's), of which at least `lost` are lost
    /// by any strategy.
    pub(super) fn counting(&self, n: u64, position: Position, profile: &Profile, lost: u64) -> u64 {
        let counts = self.get(profile.most_masks());
        let unrevealed = position.length() - position.revealed().count_ones() as usize;
        let left = position.wrong_guesses_left();
        // A word none of the all-misses path's first `left + 1` guesses hits is lost.
        let won = profile
            .most_hit(left as usize + 1)
            .min(n.saturating_sub(lost));
        counting_bound(n, position.score(), |j| {
            counts.get(j, left, unrevealed).min(won)
        })
    }
}

/// The least total of a chain of `n` words at `position`: a set where every letter that
/// splits it is in one of its words only. Each guess then tests one word (a letter at a
/// point more than the word when it hits), so the best is to guess the words one by one:
/// the `i`-th tested (from 0) scores `s + i` while the game lasts, the rest lose.
pub(super) fn chain_total(n: u64, position: Position) -> u64 {
    let mut total = 0;
    let mut at = position;
    for left in (1..=n).rev() {
        if at.is_over() {
            return total + u64::from(at.score()) * left;
        }
        total += capped(at.score());
        at.play_unchecked(Step::Word { correct: false });
    }
    total
}

/// The least losses of a chain of `n` words with `left` more wrong guesses survivable.
pub(super) fn chain_losses(n: u64, left: u32) -> u64 {
    n.saturating_sub(u64::from(left) + 1)
}

/// A letter's total without splitting the set, from its answers alone: `hits` words hold
/// it in `masks` distinct ways, `misses` do not. Every word pays the guess; in each part
/// but one word (the part's free word guess, or its only word) pays at least one more; a
/// miss on the last life loses the part.
pub(super) fn screen_total(position: Position, hits: u64, masks: u64, misses: u64) -> u64 {
    let one = capped(position.score() + 1);
    let two = capped(position.score() + 2);
    let mut total = one * masks + two * (hits - masks);
    if misses > 0 {
        total += if position.wrong_guesses_left() == 0 {
            u64::from(LOSS_SCORE) * misses
        } else {
            one + two * (misses - 1)
        };
    }
    total
}

/// The word lemma of [`Exact`](crate::strategy::Exact): if guessing a word is optimal at
/// `n` words and running score `s` (and every won game scores at most 25), it totals at
/// least `s + (s + 1)·w + 25·(n − 1 − w)` with `w = min(n − 1, 25 − s)`.
pub(super) fn word_lemma(n: u64, score: u32) -> u64 {
    let won = (n - 1).min(u64::from(LOSS_SCORE.saturating_sub(score)));
    u64::from(score) + u64::from(score + 1) * won + u64::from(LOSS_SCORE) * (n - 1 - won)
}

/// Whether the word lemma holds for words of `length` letters and `max_wrong` wrong
/// guesses: every won game scores at most 25.
pub(super) fn word_lemma_holds(length: usize, max_wrong: u32) -> bool {
    length as u64 + u64::from(max_wrong) <= u64::from(LOSS_SCORE)
}
