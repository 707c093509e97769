//! A proven lower bound of the least average score any strategy can reach on a word length.
//!
//! # What is bounded
//!
//! As for [`Exact`]: the secret is drawn uniformly from the
//! dictionary's words of one length, the guesser knows the dictionary, and a strategy's
//! expected score is its *total* final score over the words divided by their number.
//! [`lower_bound`] returns a total that **no** strategy the rules allow goes below (any
//! letter or any word, at any time, with the given maximum of wrong guesses). Where the exact
//! optimum is too costly to find, the distance from a strategy to it is then at most the
//! distance to this bound.
//!
//! # The proof
//!
//! A state is a set `S` of `n` candidate words sharing one board: running score `s`, `u`
//! unrevealed positions, `L` more wrong guesses survivable. `V(S)` is the least total final
//! score of its words. A word's final score is `s` plus the guesses still made for it
//! (every guess but a final right word) if won, 25 if lost; so it is at least `c(s + j)`,
//! `c(x) = min(x, 25)`, where `j` is the number of guesses still made for it if won.
//!
//! 1. **Search.** `V(S)` is the least, over first moves, of the sum of `V` of the states the
//!    answers lead to (a right word adds nothing and ends the game). A move that does not
//!    split `S` (a letter in no candidate or in all at the same places, a word that is not a
//!    candidate) never helps: it costs a point and maybe a life and leaves `S` as it was,
//!    and a state with a lower score and more lives is never worse (play the same
//!    continuation: every word scores one less or wins instead of losing). So some optimal
//!    strategy starts with a letter that splits `S` or a candidate word, and the least over
//!    those moves of the sum of *lower bounds* of the children is a lower bound of `V(S)`.
//!    The search follows every such move for a few plies (and to the end on small sets);
//!    where it stops it uses the counting bound below. Word guesses at large sets are all
//!    bounded at once: the guessed word scores `s`, the other `n − 1` are a set of one word
//!    fewer at `s + 1` with a life less, and the counting bound of such a set (which only
//!    needs `n − 1`, `u` and `p` below, all known without choosing the word) bounds them.
//! 2. **Counting.** Let `p` be the most distinct non-empty position masks a letter has in
//!    `S`; no subset of `S` has more for any letter. `W(j, l, u)` bounds how many words of a
//!    state with `l` lives and `u` unrevealed positions any strategy wins with at most `j`
//!    more counted guesses: `W(0, l, u) = 1` (only a first right word guess counts nothing,
//!    and `u = 0` is one word), no lives (`l < 0`) win nothing, and a first move either
//!    guesses a word (`1 + W(j−1, l−1, u)`: that word, then the others after a miss) or a
//!    letter (its miss part, `W(j−1, l−1, u)`, plus at most `p` hit parts with distinct
//!    masks, a mask of `k` positions leaving `u − k`: at most `C(u, k)` masks of each size,
//!    the `p` largest of `W(j−1, l, u−k)` taken). Sorting any strategy's final scores
//!    `x₁ ≤ … ≤ xₙ`, if `xᵢ < c(s + jᵢ)` with `jᵢ` the least `j` such that `W(j) ≥ i`, then
//!    `i` words are won with fewer than `jᵢ` guesses, more than `W(jᵢ − 1)` allows. So
//!    `Σ c(s + jᵢ)` (25 for words past every `W`) bounds `V(S)` from below.
//!
//! 3. **Chains.** Split `S` into parts: any strategy plays each part as a strategy for it
//!    alone (same moves, same public state), so `V(S)` is at least the sum of the parts'
//!    `V`. A *chain* is a part of `m` words equal but at one position, whose letters there
//!    occur nowhere else in them: every guess wins at most one of them and misses the
//!    others (its varying letter, or its word) or tells none apart (a shared letter, a miss
//!    for all, another word). So at most `L + 1` are won, the `i`-th (from 0) after `i`
//!    guesses: `Σ_{i < min(m, L+1)} c(s + i) + 25·max(0, m − L − 1)`. Inside the search,
//!    `S` is split into disjoint chains (largest first) and the rest, bounded by counting.
//!
//! Every value the search returns is a maximum or a minimum of such bounds, so it is a
//! lower bound; with enough plies it is the exact optimum (the counting bound is then never
//! reached), which the tests check against a brute force on small lists.

use std::sync::{Arc, Mutex};

use lexicon::{Bucket, Letter, Lexicon};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::candidates;
use crate::game::{LOSS_SCORE, Position, Status, Step};
use crate::strategy::{self, Exact, Settings};

#[cfg(test)]
mod tests;

/// How far [`lower_bound`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// Plies searched from the first guess before the counting bound is used.
    pub plies: u32,
    /// Sets of at most this many candidates are searched to the end whatever the plies.
    pub full: usize,
    /// Word guesses are followed one by one at up to this many candidates; above, all are
    /// bounded at once (see the module docs).
    pub words: usize,
}

impl Depth {
    /// What `hangman bench` uses for `words` words of `length` letters: about a second of
    /// CPU or less per length of words.txt. A ply more multiplies the time by about ten to
    /// twenty-five, and long words cost more per set.
    pub fn for_bucket(length: usize, words: usize) -> Depth {
        let plies = if length <= 4 && words <= 5_000 {
            3
        } else if words * length <= 100_000 {
            2
        } else {
            1
        };
        Depth {
            plies,
            full: 4,
            words: 4,
        }
    }
}

/// Buckets of at most this many words are solved exactly when no table ships their
/// optimum (milliseconds on words.txt's lengths 21–28).
pub const EXACT_MAX_WORDS: usize = 100;

/// Words of at least this many letters are solved exactly up to [`EXACT_LONG_WORDS`] words:
/// long words split well, so the exact search is quick (on words.txt, loaded machine: 1.5 s
/// for the 3,198 words of 15 letters, 0.3 s for 16, 0.06 s for 17, against 8 s for the 5,134
/// of 14 and 24 s for the 7,835 of 13).
pub const EXACT_LONG_LENGTH: usize = 15;

/// See [`EXACT_LONG_LENGTH`].
pub const EXACT_LONG_WORDS: usize = 4_000;

/// The exact search is tried only up to this maximum of wrong guesses.
pub const EXACT_MAX_WRONG: u32 = 5;

/// What is known of the least total final score on one word length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The exact optimum, from `best`'s shipped exact table.
    Shipped(u64),
    /// The exact optimum, solved by [`Exact`].
    Solved(u64),
    /// A proven lower bound ([`lower_bound`]).
    Bound(u64),
}

impl Reference {
    /// The total (exact or bound).
    pub fn total(self) -> u64 {
        match self {
            Reference::Shipped(t) | Reference::Solved(t) | Reference::Bound(t) => t,
        }
    }
}

/// The exact optimum of the words of `length` in `lexicon` with `max_wrong` wrong guesses
/// allowed where it is cheap to know — `best`'s exact table ships for them, or they are at
/// most [`EXACT_MAX_WORDS`], or long ([`EXACT_LONG_LENGTH`]) and at most
/// [`EXACT_LONG_WORDS`], with at most [`EXACT_MAX_WRONG`] wrong guesses — else the lower
/// bound at [`Depth::for_bucket`].
pub fn reference(lexicon: &Arc<Lexicon>, length: usize, max_wrong: u32) -> Reference {
    let bucket = lexicon.bucket(length);
    if bucket.is_empty() {
        return Reference::Solved(0);
    }
    if length <= strategy::EXACT_MAX_LENGTH && strategy::ships(bucket, max_wrong) {
        // `best` with its defaults plays the shipped table, the exact optimum's tree.
        let settings = Settings {
            max_wrong,
            ..Settings::default()
        };
        let best = strategy::find("best").and_then(|info| info.build(lexicon.clone(), &settings));
        if let Some(results) = best.ok().and_then(|b| b.evaluate_length(length)) {
            return Reference::Shipped(results.iter().map(|r| u64::from(r.score)).sum());
        }
    }
    // More wrong guesses make the exact search far slower (at 10, the 96 words of 2 letters
    // take 18 s), so it is tried only up to the challenge's 5.
    let small = bucket.len() <= EXACT_MAX_WORDS
        || (length >= EXACT_LONG_LENGTH && bucket.len() <= EXACT_LONG_WORDS);
    if small && max_wrong <= EXACT_MAX_WRONG {
        let root = Position::new(length, max_wrong);
        let (total, _) = Exact::new(length).solve(bucket, &candidates::all(bucket), root);
        return Reference::Solved(u64::from(total));
    }
    Reference::Bound(lower_bound(
        bucket,
        max_wrong,
        Depth::for_bucket(length, bucket.len()),
    ))
}

/// The least total final score any strategy can reach on the words of `bucket` with
/// `max_wrong` wrong guesses allowed is at least this (see the module docs).
pub fn lower_bound(bucket: &Bucket, max_wrong: u32, depth: Depth) -> u64 {
    if bucket.is_empty() {
        return 0;
    }
    let search = Search {
        bucket,
        depth,
        memo: Mutex::default(),
        counts: Mutex::default(),
    };
    let root = Position::new(bucket.length(), max_wrong);
    search.value(&candidates::all(bucket), root, depth.plies, true)
}

/// `min(x, 25)`: the least a word that has scored `x` so far can end with.
fn capped(x: u32) -> u64 {
    u64::from(x.min(LOSS_SCORE))
}

/// Values by (set, score, wrong guesses, plies left): sets are kept whole, so no two
/// states can share an entry.
type Memo = FxHashMap<(Vec<u32>, u32, u32, u32), u64>;

/// One search: the bucket, its depth and its memo.
struct Search<'a> {
    bucket: &'a Bucket,
    depth: Depth,
    /// Values by (set, score, wrong guesses, plies left).
    memo: Mutex<Memo>,
    /// Counting tables by `p`.
    counts: Mutex<FxHashMap<u32, std::sync::Arc<Counts>>>,
}

impl Search<'_> {
    /// A lower bound of the least total of the secrets `set` (bucket order) from
    /// `position`; `top` runs the first moves in parallel.
    fn value(&self, set: &[u32], position: Position, plies: u32, top: bool) -> u64 {
        let n = set.len() as u64;
        match position.status() {
            _ if n == 0 => return 0,
            Status::GameLost => return n * u64::from(LOSS_SCORE),
            Status::GameWon => return u64::from(position.score()),
            Status::KeepGuessing if n == 1 => return capped(position.score()),
            Status::KeepGuessing => {}
        }
        if plies == 0 && set.len() > self.depth.full {
            let profile = Profile::of(self.bucket, set, position);
            return self.counting(set.len(), position, &profile);
        }
        // Looked up before the bounds below: a state met again costs no profile or chain.
        let key = (
            set.to_vec(),
            position.score(),
            position.wrong_guesses(),
            plies,
        );
        if let Some(&v) = self.lock_memo().get(&key) {
            return v;
        }
        let profile = Profile::of(self.bucket, set, position);
        // The chain bound inside the search only: at its many frontier states it would
        // cost several times the counting bound for little.
        let counting = self
            .counting(set.len(), position, &profile)
            .max(self.chained(set, position));
        let next = plies.saturating_sub(1);
        let letters: Vec<Letter> = lexicon::LetterSet::FULL
            .iter()
            .filter(|&l| !position.guessed_letters().contains(l))
            .collect();
        // A letter's total, abandoned once it reaches `beat` (it can then not be least).
        let letter_total = |letter: Letter, beat: u64| -> Option<u64> {
            let parts = candidates::partition(self.bucket, set, letter);
            if parts.len() < 2 {
                return None;
            }
            let mut total = 0;
            for (mask, family) in parts {
                let after = position.after(Step::Letter {
                    letter,
                    positions: mask,
                });
                total += self.value(&family, after, next, false);
                if total >= beat {
                    return None;
                }
            }
            Some(total)
        };
        let mut best = if top {
            letters
                .par_iter()
                .filter_map(|&l| letter_total(l, u64::MAX))
                .min()
                .unwrap_or(u64::MAX)
        } else {
            letters.iter().fold(u64::MAX, |best, &l| {
                letter_total(l, best).map_or(best, |t| t.min(best))
            })
        };
        let right = capped(position.score());
        let missed = position.after(Step::Word { correct: false });
        if set.len() <= self.depth.words {
            for (i, _) in set.iter().enumerate() {
                let mut rest = set.to_vec();
                rest.remove(i);
                best = best.min(right + self.value(&rest, missed, next, false));
            }
        } else {
            let rest = if missed.status() == Status::GameLost {
                (n - 1) * u64::from(LOSS_SCORE)
            } else {
                // The rest's profile is bounded by the set's: a subset has no more masks
                // per letter and no more words per letter.
                self.counting(set.len() - 1, missed, &profile)
            };
            best = best.min(right + rest);
        }
        let value = best.max(counting);
        self.lock_memo().insert(key, value);
        value
    }

    fn lock_memo(&self) -> std::sync::MutexGuard<'_, Memo> {
        self.memo
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The chain bound (see the module docs): the set split into disjoint chains and the
    /// rest, each bounded on its own.
    fn chained(&self, set: &[u32], position: Position) -> u64 {
        let (chains, rest) = chains(self.bucket, set);
        if chains.is_empty() {
            return 0;
        }
        let left = position.wrong_guesses_left();
        let score = position.score();
        let rest_value = match rest.len() {
            0 => 0,
            1 => capped(score),
            n => self.counting(n, position, &Profile::of(self.bucket, &rest, position)),
        };
        rest_value
            + chains
                .iter()
                .map(|&m| chain_value(m as u64, score, left))
                .sum::<u64>()
    }

    /// The counting bound (see the module docs) of `n` secrets at `position` (not over)
    /// whose letters have at most `p` hit masks each.
    fn counting(&self, n: usize, position: Position, profile: &Profile) -> u64 {
        let p = profile.most_masks;
        let counts = {
            let mut tables = self
                .counts
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            tables
                .entry(p)
                .or_insert_with(|| {
                    std::sync::Arc::new(Counts::new(p, position.max_wrong(), self.bucket.length()))
                })
                .clone()
        };
        let unrevealed = position.length() - position.revealed().count_ones() as usize;
        let left = position.wrong_guesses_left();
        // The miss path's first `left + 1` guesses must hit a word for it to be won.
        let won = profile.most_hit(left as usize + 1);
        counting_bound(n as u64, position.score(), |j| {
            counts.get(j, left, unrevealed).min(won)
        })
    }
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

/// The least total of a chain of `m` words at running score `score` with `left` more wrong
/// guesses survivable: each guess wins at most one of them and misses the others, so the
/// `i`-th won (from 0) has paid `i` guesses, and at most `left + 1` are won.
fn chain_value(m: u64, score: u32, left: u32) -> u64 {
    let won = m.min(u64::from(left) + 1);
    (0..won).map(|i| capped(score + i as u32)).sum::<u64>() + (m - won) * u64::from(LOSS_SCORE)
}

/// Disjoint chains of `set` (their sizes, each at least 2) and the words in none. A chain is
/// words equal but at one position, whose letters there occur nowhere else in them: a
/// letter guess then hits one of them (at that position) and misses the others, or does not
/// tell them apart. Chains are taken largest first, whatever the position.
fn chains(bucket: &Bucket, set: &[u32]) -> (Vec<usize>, Vec<u32>) {
    let length = bucket.length();
    // Keys pack 5 bits a letter; longer words are left out (the bound is then the counting
    // bound's alone).
    if length > 25 || set.len() < 2 {
        return (Vec::new(), set.to_vec());
    }
    let pack = |word: &[u8], skip: usize| -> u128 {
        word.iter().enumerate().fold(0u128, |key, (i, &b)| {
            let code = if i == skip {
                0
            } else {
                u128::from(b - b'a' + 1)
            };
            key << 5 | code
        })
    };
    let mut groups: Vec<(usize, usize, Vec<u32>)> = Vec::new();
    let mut keyed: Vec<(u128, u32)> = Vec::with_capacity(set.len());
    for q in 0..length {
        keyed.clear();
        keyed.extend(set.iter().map(|&c| (pack(bucket.word(c as usize), q), c)));
        keyed.sort_unstable();
        for run in keyed.chunk_by(|a, b| a.0 == b.0).filter(|r| r.len() >= 2) {
            let word = bucket.word(run[0].1 as usize);
            let common = word
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != q)
                .fold(0u32, |acc, (_, &b)| acc | 1 << (b - b'a'));
            // A word whose letter at q is also elsewhere in them is left out of the chain.
            let apart: Vec<u32> = run
                .iter()
                .map(|&(_, c)| c)
                .filter(|&c| common & 1 << (bucket.word(c as usize)[q] - b'a') == 0)
                .collect();
            if apart.len() >= 2 {
                groups.push((apart.len(), q, apart));
            }
        }
    }
    groups.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut used: rustc_hash::FxHashSet<u32> = rustc_hash::FxHashSet::default();
    let mut sizes = Vec::new();
    for (_, _, members) in groups {
        let free: Vec<u32> = members.into_iter().filter(|c| !used.contains(c)).collect();
        if free.len() >= 2 {
            sizes.push(free.len());
            used.extend(free);
        }
    }
    let rest = set.iter().copied().filter(|c| !used.contains(c)).collect();
    (sizes, rest)
}

/// What the counting bound needs to know of a set: the most distinct non-empty position
/// masks any unguessed letter has in it, and how many of its words the letters that split
/// it hold.
struct Profile {
    /// `p` of the module docs.
    most_masks: u32,
    /// Per letter, how many words hold it if it splits the set (0 otherwise).
    counts: [u32; 26],
}

impl Profile {
    fn of(bucket: &Bucket, set: &[u32], position: Position) -> Profile {
        let guessed = position.guessed_letters();
        let mut pairs: Vec<(u8, u32)> = Vec::with_capacity(set.len() * bucket.length());
        let mut counts = [0u32; 26];
        for &c in set {
            for letter in bucket.letters(c as usize).iter() {
                if !guessed.contains(letter) {
                    counts[letter.index()] += 1;
                    pairs.push((letter.index() as u8, bucket.positions(c as usize, letter)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut masks = [0u32; 26];
        for &(letter, _) in &pairs {
            masks[usize::from(letter)] += 1;
        }
        for (count, &m) in counts.iter_mut().zip(&masks) {
            // In every word at the same places: no split, never part of an optimal play.
            if *count as usize == set.len() && m == 1 {
                *count = 0;
            }
        }
        Profile {
            most_masks: masks.iter().copied().max().unwrap_or(0),
            counts,
        }
    }

    /// At most this many of the set's words are hit by `guesses` guesses: each hits the
    /// words holding its letter (if it splits the set) or one word.
    fn most_hit(&self, guesses: usize) -> u64 {
        let mut counts = self.counts;
        counts.sort_unstable_by(|a, b| b.cmp(a));
        counts
            .iter()
            .chain(std::iter::repeat(&0))
            .take(guesses)
            .map(|&c| u64::from(c.max(1)))
            .sum()
    }
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
