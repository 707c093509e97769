//! The exact optimum: the play that minimizes the expected final score, found by search.
//!
//! # What it is optimal for
//!
//! The secret is drawn uniformly from the dictionary's words of its length and the guesser
//! knows the dictionary. A strategy's expected score is then the *total* final score over
//! the candidate secrets divided by their number, and [`Exact`] finds the least total over
//! **every** strategy the rules allow (any letter or any word, at any time). The search
//! leaves out only moves that can never do better:
//! - letters that do not split the candidates (in none of them, or in all at the same
//!   places): they cost a point or a life and tell nothing;
//! - words that are not candidates: a certain wrong guess that tells nothing;
//! - candidate words where the *word bound* shows that no word guess can be optimal.
//!
//! # Word guesses at any number of candidates
//!
//! Guessing a candidate word wins that one secret for free and costs every other a point and
//! a life. Searches often allow it only at up to W candidates; here every W gives the same
//! value, by this lemma. Suppose every won game of the length scores at most 25 (length +
//! max wrong ≤ 25, so for words of up to 20 letters under the challenge's rules). If
//! guessing candidate x at n candidates with running score s is optimal, then at most
//! 25 − s of the other n − 1 are won afterwards. Proof: let τ be the play that follows the
//! miss. Play τ from the same state *without* the word guess, x riding along (guessed when it
//! is the one left). Every other secret meets the same guesses with one wrong guess fewer:
//! one that τ wins scores a point less; one that τ loses scores at most 25 as before (it
//! wins, at most 25, or loses, 25). x scores at most 25 instead of s. The total changes by
//! at most (25 − s) − wins, which is ≥ 0 because the word guess was optimal.
//!
//! So an optimal word guess totals at least `WB = s + (s + 1)·w + 25·(n − 1 − w)` with
//! `w = min(n − 1, 25 − s)`: the winners pay at least s + 1, the rest lose. The search
//! tries words only while WB is below the best total found so far (or the total it must
//! beat), which is exact: with the rules of the challenge WB passes any real total after
//! about 26 − s candidates, so word guesses are searched only at small sets, and allowing
//! them at more (any W) cannot change the value. When a won game can score more than 25
//! (very long words, or a huge maximum of wrong guesses) the bound is off and every
//! candidate word is tried.
//!
//! # The search
//!
//! Depth-first branch and bound over (candidate set, position) states: the value of a state
//! is the least total over its moves, a move's total the sum of its children's. A call is
//! given the total it must beat; a move is abandoned as soon as its exact children plus the
//! lower bounds of the rest reach it. A transposition table per word length keeps exact
//! values with their move, and lower bounds from abandoned searches; it is shared by
//! threads. Ties go to the first move in a fixed order (the candidate words first at three
//! or fewer candidates, then letters by loss-aware entropy, then words), so the chosen move
//! is a function of the state alone and results do not depend on threads or on the order
//! in which states were searched.
//!
//! States are keyed as in the strategies' transposition table (`strategy::table`): by the candidate set, the wrong guesses
//! and the running score.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use lexicon::{Bucket, Letter};
use rayon::prelude::*;

use super::entropy::Entropy;
use super::expand::{Children, loss_bound, losses_matter, most_hit, settled_score, stats_bound};
use super::policy::{Decision, Policy};
use super::table::{SetHash, StateKey, Table};
use crate::game::{LOSS_SCORE, Position, Step};
use crate::split::LetterStats;

/// Sets of at least this many candidates value their moves in parallel when solved.
const PARALLEL_MIN: usize = 200;

/// What the table knows of a state.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The exact value, or a lower bound of it.
    value: u32,
    /// The optimal move when the value is exact.
    best: Option<Decision>,
}

impl Entry {
    /// Keeps an exact value; otherwise takes an exact value or a higher bound.
    fn merge(old: &mut Entry, new: Entry) {
        if old.best.is_none() && (new.best.is_some() || new.value > old.value) {
            *old = new;
        }
    }
}

/// What the bounds need to know of a state's set: letter counts, which letters split it,
/// and how often two letters share a word.
struct Profile {
    stats: LetterStats,
    /// `pairs[a][b]`: candidates holding both letters; only where losses matter (see
    /// [`losses_matter`]), since it serves to bound them.
    pairs: Option<Box<[[u32; 26]; 26]>>,
}

impl Profile {
    /// The profile of `set`, whose statistics are `known` if they were gathered already.
    fn of(
        bucket: &Bucket,
        set: &[u32],
        position: &Position,
        known: Option<&LetterStats>,
    ) -> Profile {
        let stats = known.map_or_else(|| LetterStats::of(bucket, set), LetterStats::clone);
        if !losses_matter(position) {
            return Profile { stats, pairs: None };
        }
        let mut pairs = Box::new([[0u32; 26]; 26]);
        for &c in set {
            let bits = bucket.letters(c as usize).bits();
            let mut rest = bits;
            while rest != 0 {
                let a = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let row = &mut pairs[a];
                let mut others = bits;
                while others != 0 {
                    row[others.trailing_zeros() as usize] += 1;
                    others &= others - 1;
                }
            }
        }
        Profile {
            stats,
            pairs: Some(pairs),
        }
    }

    /// The counts of the letters that may still split the subset of `n` candidates whose
    /// counts are the set's less `minus`: a letter that does not vary in the set does not
    /// vary in a subset.
    fn counts_without(&self, minus: impl Fn(usize) -> u32, n: u32) -> [u32; 26] {
        let mut counts = [0u32; 26];
        for (i, c) in counts.iter_mut().enumerate() {
            let k = self.stats.counts[i] - minus(i);
            let varied = self.stats.varied.bits() & (1 << i) != 0;
            if k > 0 && (k < n || varied) {
                *c = k;
            }
        }
        counts
    }

    /// A lower bound of a move's total, without splitting the set: every hit pays a point,
    /// and the misses' subset is bounded by [`loss_bound`] on counts from `pairs`.
    fn move_bound(&self, bucket: &Bucket, position: &Position, decision: Decision) -> u32 {
        let n = self.stats.n;
        let Some(pairs) = &self.pairs else {
            // Every secret pays at least one more point, except a right word's.
            let pay = (position.score() + 1).min(LOSS_SCORE);
            return match decision {
                Decision::Letter(_) => n * pay,
                Decision::Word(_) => {
                    position.after(Step::Word { correct: true }).score() + (n - 1) * pay
                }
            };
        };
        match decision {
            Decision::Letter(letter) => {
                let l = letter.index();
                let hits = self.stats.counts[l];
                let on_hit = (position.score() + 1).min(LOSS_SCORE) * hits;
                if hits == n {
                    return on_hit;
                }
                let miss = position.after(Step::Letter {
                    letter,
                    positions: 0,
                });
                let counts = self.counts_without(|b| pairs[l][b], n - hits);
                on_hit + loss_bound(n - hits, &miss, |g| most_hit(&counts, g))
            }
            Decision::Word(x) => {
                let won = position.after(Step::Word { correct: true }).score();
                let miss = position.after(Step::Word { correct: false });
                let letters = bucket.letters(x as usize).bits();
                let counts = self.counts_without(|b| letters >> b & 1, n - 1);
                won + loss_bound(n - 1, &miss, |g| most_hit(&counts, g))
            }
        }
    }

    /// Whether the set is a chain: every letter that splits it is in one candidate only.
    fn is_chain(&self) -> bool {
        self.stats
            .splitting()
            .iter()
            .all(|l| self.stats.counts[l.index()] <= 1)
    }
}

/// The word bound of the module docs: the least total of an *optimal* word guess at `n`
/// candidates and running score `score`.
fn word_bound(n: u32, score: u32) -> u32 {
    let won = (n - 1).min(LOSS_SCORE.saturating_sub(score));
    score + (score + 1) * won + LOSS_SCORE * (n - 1 - won)
}

/// The value of a chain of `n` candidates at `position`: a set where every letter that
/// splits it is in one candidate only (like the words of `-ill`). Every guess then tests
/// one candidate, a letter at a point more than the word when it hits, so the optimum
/// guesses the words, in any order.
fn chain_value(n: u32, position: Position) -> u32 {
    let mut total = 0;
    let mut at = position;
    for left in (1..=n).rev() {
        if at.is_over() {
            return total + at.score() * left;
        }
        total += at.after(Step::Word { correct: true }).score();
        at.play_unchecked(Step::Word { correct: false });
    }
    total
}

/// The value of two candidates with a wrong guess to spare, or three with two: guessing the
/// words in turn, which is optimal (a letter costs every candidate a point, and a word
/// guess then wins one for free); `None` for other states.
fn few_value(n: u32, position: Position) -> Option<u32> {
    let left = position.wrong_guesses_left();
    ((n == 2 && left >= 1) || (n == 3 && left >= 2)).then(|| chain_value(n, position))
}

/// The exact optimum for every length of a lexicon, with one shared table per length.
#[derive(Debug)]
pub struct Exact {
    tables: Vec<Table<Entry>>,
    ranker: Entropy,
}

impl Exact {
    /// An empty solver for words of up to `max_length` letters.
    pub fn new(max_length: usize) -> Exact {
        Exact {
            tables: (0..=max_length).map(|_| Table::default()).collect(),
            ranker: Entropy::default(),
        }
    }

    /// How many states the table of `length` holds (exact values and bounds).
    pub fn states(&self, length: usize) -> usize {
        self.tables.get(length).map_or(0, Table::len)
    }

    /// The exact optimum of a state — the least total final score over the candidate
    /// secrets `set` (ascending bucket indices, not empty) from `position` (not over) — and
    /// the first move in the search order that reaches it.
    pub fn solve(&self, bucket: &Bucket, set: &[u32], position: Position) -> (u32, Decision) {
        self.solve_in(bucket, set, SetHash::of(set), position, &mut Vec::new())
    }

    /// [`solve`](Exact::solve) for a caller that knows the set's `hash` and lends its
    /// expansion buffers (`frames`): a lookahead solves thousands of small states, and
    /// fresh buffers for each cost more in allocation than many of the searches.
    pub(crate) fn solve_in(
        &self,
        bucket: &Bucket,
        set: &[u32],
        hash: SetHash,
        position: Position,
        frames: &mut Vec<Children>,
    ) -> (u32, Decision) {
        if set.len() == 1 {
            return (settled_score(position), Decision::Word(set[0]));
        }
        if let Some(value) = few_value(set.len() as u32, position) {
            return (value, Decision::Word(set[0]));
        }
        let search = Search::new(
            &self.tables[bucket.length()],
            bucket,
            &self.ranker,
            position,
        );
        let key = hash.at(&position);
        let value = search.run(frames, set, hash, position, u32::MAX, None);
        let entry = search
            .table
            .get(key)
            .expect("a finished search is recorded");
        debug_assert_eq!(entry.value, value);
        (value, entry.best.expect("an unbounded search is exact"))
    }

    /// The exact optimum of a state as [`solve`](Exact::solve) finds it, or `None` if the
    /// search visits more than `budget` states.
    ///
    /// The search runs on one thread with a table of its own (neither read nor filled from
    /// the shared one), so the states it visits, and whether it gives up, depend on the
    /// state and `budget` alone: same inputs, same answer, at any thread count and whatever
    /// was solved before. When it finishes, the value and move are those of `solve` (both
    /// are functions of the state).
    pub fn solve_within(
        &self,
        bucket: &Bucket,
        set: &[u32],
        position: Position,
        budget: u64,
    ) -> Option<(u32, Decision)> {
        if set.len() == 1 {
            return Some((settled_score(position), Decision::Word(set[0])));
        }
        if let Some(value) = few_value(set.len() as u32, position) {
            return Some((value, Decision::Word(set[0])));
        }
        let table = Table::default();
        let mut search = Search::new(&table, bucket, &self.ranker, position);
        search.budget = Some(Budget {
            left: AtomicU64::new(budget),
            spent: AtomicBool::new(false),
        });
        let hash = SetHash::of(set);
        let value = search.run(&mut Vec::new(), set, hash, position, u32::MAX, None);
        if search.exhausted() {
            return None;
        }
        let entry = table.get(hash.at(&position))?;
        Some((value, entry.best?))
    }

    /// The exact optimum of a *chain* (a set where every letter that splits it is in one
    /// candidate only, like the words of `-ill`: guessing its words in any order is
    /// optimal), or `None` for any other set. Cheap: one pass over the set.
    pub fn solve_chain(
        bucket: &Bucket,
        set: &[u32],
        position: Position,
    ) -> Option<(u32, Decision)> {
        let stats = LetterStats::of(bucket, set);
        let chain = stats
            .splitting()
            .iter()
            .all(|l| stats.counts[l.index()] <= 1);
        chain.then(|| {
            (
                chain_value(set.len() as u32, position),
                Decision::Word(set[0]),
            )
        })
    }
}

impl Policy for Exact {
    fn decide(&self, bucket: &Bucket, candidates: &[u32], position: &Position) -> Decision {
        self.solve(bucket, candidates, *position).1
    }
}

/// The states a budgeted search may still visit.
struct Budget {
    left: AtomicU64,
    /// Set when a state found the budget empty.
    spent: AtomicBool,
}

/// One search: the table and settings it reads.
struct Search<'a> {
    table: &'a Table<Entry>,
    bucket: &'a Bucket,
    ranker: &'a Entropy,
    /// Whether the word bound holds (every won game scores at most 25).
    words_bounded: bool,
    /// The most a secret can score: 25, or a won game's score if that can be more.
    ride: u32,
    /// For a budgeted search (one thread, see [`Exact::solve_within`]): the states left
    /// to visit; once spent, every call returns at once and the result is discarded.
    budget: Option<Budget>,
}

impl<'a> Search<'a> {
    fn new(
        table: &'a Table<Entry>,
        bucket: &'a Bucket,
        ranker: &'a Entropy,
        position: Position,
    ) -> Search<'a> {
        Search {
            table,
            bucket,
            ranker,
            words_bounded: bucket.length() as u32 + position.max_wrong() <= LOSS_SCORE,
            ride: LOSS_SCORE.max(bucket.length().min(26) as u32 + position.max_wrong()),
            budget: None,
        }
    }

    /// Spends one state of the budget; `true` once the budget is spent.
    fn spend(&self) -> bool {
        self.budget.as_ref().is_some_and(|b| {
            let empty = b
                .left
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    left.checked_sub(1)
                })
                .is_err();
            if empty {
                b.spent.store(true, Ordering::Relaxed);
            }
            empty
        })
    }

    /// Whether a budgeted search ran out of states (its values are then meaningless).
    fn exhausted(&self) -> bool {
        self.budget
            .as_ref()
            .is_some_and(|b| b.spent.load(Ordering::Relaxed))
    }

    fn record(&self, key: StateKey, value: u32, best: Option<Decision>) {
        self.table
            .insert_with(key, Entry { value, best }, Entry::merge);
    }

    /// The value of the state if it is below `beta` (recorded as exact, with its move),
    /// else a lower bound of it that is at least `beta`; `known` are the set's statistics
    /// if the caller has them.
    ///
    /// Large states value their moves on every core once one move is valued.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        frames: &mut Vec<Children>,
        set: &[u32],
        hash: SetHash,
        position: Position,
        beta: u32,
        known: Option<&LetterStats>,
    ) -> u32 {
        if self.spend() {
            // Out of budget: any value at least `beta` stops the callers' loops soonest.
            return beta;
        }
        // A budgeted search stays on one thread, so that what it visits is deterministic.
        let parallel = set.len() >= PARALLEL_MIN && self.budget.is_none();
        let n = set.len() as u32;
        if let Some(value) = few_value(n, position) {
            return value;
        }
        let score = position.score();
        let key = hash.at(&position);
        let mut floor = 0;
        if let Some(entry) = self.table.get(key) {
            if entry.best.is_some() || entry.value >= beta {
                return entry.value;
            }
            floor = entry.value;
        }
        if position.wrong_guesses_left() == 0 {
            return self.last_life(frames, set, key, position, known);
        }
        let profile = Profile::of(self.bucket, set, &position, known);
        floor = floor.max(stats_bound(&profile.stats, &position));
        if floor >= beta {
            return floor;
        }
        if profile.is_chain() {
            let value = chain_value(n, position);
            self.record(key, value, Some(Decision::Word(set[0])));
            return value;
        }
        // A letter in one candidate only is that candidate's word guess at a point more
        // when it hits: never better than the word.
        let letters = self
            .ranker
            .ranked_with(self.bucket, set, &position, &profile.stats)
            .into_iter()
            .filter(|&(_, l)| profile.stats.counts[l.index()] > 1)
            .map(|(_, l)| Decision::Letter(l));
        let words = set.iter().map(|&x| Decision::Word(x));
        let moves: Vec<Decision> = if n <= 3 {
            words.chain(letters).collect()
        } else {
            letters.chain(words).collect()
        };
        let word_floor = if self.words_bounded {
            word_bound(n, score)
        } else {
            0
        };
        // The best total found, or `beta`; and the least lower bound of the moves that did
        // not beat it (what this state is worth at least, if nothing does).
        let mut best = beta;
        let mut best_move = None;
        let mut fail = u32::MAX;
        // A lower bound of every word guess, computed at the first one (`words_bound`).
        let mut words_floor: Option<u32> = None;
        let mut frame = frames.pop().unwrap_or_default();
        let mut moves = moves.into_iter();
        let mut cheap = |frames: &mut Vec<Children>, decision: Decision, best: u32| match decision {
            Decision::Word(_) => {
                let floor = *words_floor.get_or_insert_with(|| {
                    word_floor.max(self.words_bound(
                        frames,
                        set,
                        hash,
                        position,
                        best,
                        &profile.stats,
                    ))
                });
                floor.max(profile.move_bound(self.bucket, &position, decision))
            }
            Decision::Letter(_) => profile.move_bound(self.bucket, &position, decision),
        };
        for decision in moves.by_ref() {
            let bound = cheap(frames, decision, best);
            if bound >= best {
                fail = fail.min(bound);
                continue;
            }
            let total = self.try_move(frames, &mut frame, set, hash, position, decision, best);
            if total < best {
                best = total;
                best_move = Some(decision);
                if parallel {
                    break;
                }
            } else {
                fail = fail.min(total);
            }
        }
        frames.push(frame);
        if parallel {
            // The other moves on every core, each asked only whether it beats or ties the
            // best found: values below `cut + 1` are exact, so the first least move wins as
            // in the sequential loop.
            let cut = best;
            let rest: Vec<Decision> = moves
                .filter(|&decision| cheap(frames, decision, cut) < cut)
                .collect();
            let totals: Vec<u32> = rest
                .par_iter()
                .map(|&decision| {
                    let (mut frames, mut frame) = (Vec::new(), Children::default());
                    let beta = cut.saturating_add(1);
                    self.try_move(&mut frames, &mut frame, set, hash, position, decision, beta)
                })
                .collect();
            for (decision, total) in rest.into_iter().zip(totals) {
                if total < best {
                    best = total;
                    best_move = Some(decision);
                }
            }
        }
        let value = if best_move.is_some() {
            best
        } else {
            fail.max(floor)
        };
        self.record(key, value, best_move);
        value
    }

    /// The exact value of a state on its last life, where any miss loses: only letters in
    /// at least two candidates (a letter in one is that word's guess, a point dearer) and
    /// the word (then every other secret loses) are worth trying, and a letter's misses
    /// lose at once, so only its hit families are searched. Ties go to the word, then to
    /// the letter in more candidates (then the earlier letter).
    fn last_life(
        &self,
        frames: &mut Vec<Children>,
        set: &[u32],
        key: StateKey,
        position: Position,
        known: Option<&LetterStats>,
    ) -> u32 {
        let n = set.len() as u32;
        let won = position.after(Step::Word { correct: true }).score();
        let mut best = won + position.after(Step::Word { correct: false }).score() * (n - 1);
        let mut best_move = Decision::Word(set[0]);
        let gathered;
        let stats = match known {
            Some(stats) => stats,
            None => {
                gathered = LetterStats::of(self.bucket, set);
                &gathered
            }
        };
        // At most 26: on the stack, not allocated at each of the many last-life states.
        let mut held = [(0u32, Letter::ALL[0]); 26];
        let mut k = 0;
        for l in stats.splitting().iter() {
            let c = stats.counts[l.index()];
            if c > 1 {
                held[k] = (c, l);
                k += 1;
            }
        }
        let letters = &mut held[..k];
        letters.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut frame = frames.pop().unwrap_or_default();
        for &(hits, letter) in letters.iter() {
            let decision = Decision::Letter(letter);
            // Each hit pays at least one more point; the misses lose.
            let missed = position.after(Step::Letter {
                letter,
                positions: 0,
            });
            if missed.score() * (n - hits) + hits * (position.score() + 1) >= best {
                continue;
            }
            // A letter's hit families are small: bounding their losses costs more than it saves.
            frame.expand(
                self.bucket,
                set,
                SetHash::default(),
                position,
                decision,
                false,
            );
            let mut total = frame.fixed;
            let mut rest: u32 = frame.open.iter().map(|o| o.bound).sum();
            for i in 0..frame.open.len() {
                let open = frame.open[i];
                rest -= open.bound;
                if total + open.bound + rest >= best {
                    total += open.bound;
                    break;
                }
                let members = frame.members(&open);
                total += match self.table.get(open.key) {
                    Some(Entry {
                        value,
                        best: Some(_),
                    }) => value,
                    _ => self.last_life(frames, members, open.key, open.position, None),
                };
            }
            if total + rest < best {
                best = total;
                best_move = decision;
            }
        }
        frames.push(frame);
        self.record(key, best, Some(best_move));
        best
    }

    /// A lower bound of every word guess at the state (for deciding whether any can reach
    /// `beta`): after a wrong word the others face the set *with* that word at one more
    /// wrong guess and point, less at most `ride` for the word riding along. So a guess
    /// totals at least `won + V(set after a miss) − ride`, with one search for all words.
    #[allow(clippy::too_many_arguments)]
    fn words_bound(
        &self,
        frames: &mut Vec<Children>,
        set: &[u32],
        hash: SetHash,
        position: Position,
        beta: u32,
        stats: &LetterStats,
    ) -> u32 {
        let won = position.after(Step::Word { correct: true }).score();
        let missed = position.after(Step::Word { correct: false });
        if missed.is_over() {
            return won + missed.score() * (set.len() as u32 - 1);
        }
        let need = beta.saturating_add(self.ride).saturating_sub(won);
        let value = self.run(frames, set, hash, missed, need, Some(stats));
        (won + value).saturating_sub(self.ride)
    }

    /// The total of `decision` if it is below `beta`, else a lower bound ≥ `beta`.
    #[allow(clippy::too_many_arguments)]
    fn try_move(
        &self,
        frames: &mut Vec<Children>,
        children: &mut Children,
        set: &[u32],
        hash: SetHash,
        position: Position,
        decision: Decision,
        beta: u32,
    ) -> u32 {
        children.expand(self.bucket, set, hash, position, decision, true);
        for open in &mut children.open {
            if let Some(entry) = self.table.get(open.key) {
                open.bound = open.bound.max(entry.value);
                open.exact = entry.best.is_some();
            }
        }
        let mut rest = children.bound();
        if rest >= beta {
            return rest;
        }
        if beta == u32::MAX && set.len() >= PARALLEL_MIN && self.budget.is_none() {
            // Valued in full (no total to beat): the children are independent exact
            // solves, on every core.
            let values: Vec<u32> = children
                .open
                .par_iter()
                .map(|open| {
                    if open.exact {
                        return open.bound;
                    }
                    let members = children.members(open);
                    let stats = children.stats(open);
                    self.run(
                        &mut Vec::new(),
                        members,
                        open.set,
                        open.position,
                        u32::MAX,
                        stats,
                    )
                })
                .collect();
            return children.fixed + values.iter().sum::<u32>();
        }
        // The largest open groups first: they decide fastest whether the move fails.
        children
            .open
            .sort_unstable_by_key(|o| std::cmp::Reverse(o.len()));
        let mut total = children.fixed;
        rest -= children.fixed;
        for i in 0..children.open.len() {
            let open = children.open[i];
            rest -= open.bound;
            let value = if open.exact {
                open.bound
            } else {
                let members = children.members(&open);
                self.run(
                    frames,
                    members,
                    open.set,
                    open.position,
                    beta - total - rest,
                    children.stats(&open),
                )
            };
            total += value;
            if total + rest >= beta {
                return total + rest;
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use lexicon::{Letter, LetterSet, Lexicon};
    use proptest::prelude::*;

    use super::*;
    use crate::candidates;
    use crate::game::{Game, Guess, Status};
    use crate::referee::{Fair, Referee};

    /// The least total score over *every* strategy, found by trying every guess (every
    /// letter of the list plus one absent letter, every word) with the real game rules on
    /// every secret still sharing the public state; memoized on that state.
    fn brute_force(words: &[&str], max_wrong: u32) -> u32 {
        let mut letters: Vec<Letter> = LetterSet::of_word(words.concat().as_bytes())
            .iter()
            .collect();
        letters.push(
            LetterSet::of_word(words.concat().as_bytes())
                .complement()
                .iter()
                .next()
                .unwrap(),
        );
        let games: Vec<Game<Fair>> = words
            .iter()
            .map(|w| Game::new(Fair::new(w).unwrap(), max_wrong))
            .collect();
        let mut memo = HashMap::new();
        go(words, &letters, games, &mut memo)
    }

    type Key = (Vec<String>, u32, Vec<String>, u32);

    fn go(
        words: &[&str],
        letters: &[Letter],
        games: Vec<Game<Fair>>,
        memo: &mut HashMap<Key, u32>,
    ) -> u32 {
        let s = games[0].state();
        let key = (
            games.iter().map(|g| g.referee().word()).collect(),
            s.guessed_letters().bits(),
            s.wrong_words().to_vec(),
            s.score(),
        );
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut guesses: Vec<Guess> = letters
            .iter()
            .filter(|l| !s.guessed_letters().contains(**l))
            .map(|&l| Guess::Letter(l))
            .collect();
        guesses.extend(
            words
                .iter()
                .filter(|w| !s.wrong_words().iter().any(|x| x == *w))
                .map(|w| Guess::Word(w.to_string())),
        );
        let mut best = u32::MAX;
        for guess in guesses {
            let mut total = 0;
            let mut groups: Vec<(String, Vec<Game<Fair>>)> = Vec::new();
            for g in &games {
                let mut g = g.clone();
                g.guess(&guess).unwrap();
                if g.state().status() == Status::KeepGuessing {
                    let seen = format!("{} {:?}", g.state(), g.state().wrong_words());
                    match groups.iter_mut().find(|(k, _)| *k == seen) {
                        Some((_, group)) => group.push(g),
                        None => groups.push((seen, vec![g])),
                    }
                } else {
                    total += g.state().score();
                }
            }
            for (_, group) in groups {
                total += go(words, letters, group, memo);
            }
            best = best.min(total);
        }
        memo.insert(key, best);
        best
    }

    /// The exact value of a whole list, checked against the brute force, and the value of
    /// playing its decisions (through the tree evaluator, which steps the game's rules).
    fn check(words: &[&str], max_wrong: u32) {
        let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
        let length = words[0].len();
        let bucket = lexicon.bucket(length);
        let exact = Exact::new(length);
        let (value, _) = exact.solve(
            bucket,
            &candidates::all(bucket),
            Position::new(length, max_wrong),
        );
        assert_eq!(
            value,
            brute_force(words, max_wrong),
            "{words:?} max {max_wrong}"
        );
        let played: u32 = crate::strategy::tree::evaluate(&exact, bucket, max_wrong)
            .unwrap()
            .iter()
            .map(|r| r.score)
            .sum();
        assert_eq!(played, value, "{words:?} max {max_wrong}");
    }

    #[test]
    fn exact_search_is_the_true_optimum_on_tiny_lists() {
        let lists: &[&[&str]] = &[
            &["bat", "cat", "hat", "mat"],
            &["abc", "abd", "aec", "xyz", "bca"],
            &["aa", "ab", "ba", "bb"],
            &["cot", "cat", "cut", "dot", "dog"],
            &["ab", "cd", "ef", "gh", "ij"],
            &["abba", "baba", "abab", "bbaa", "aabb"],
            // A chain (`-ill`) with a stray: word guesses at many candidates.
            &["bill", "dill", "fill", "gill", "hill", "zzzz"],
            // Letters shared at different places, and a word in one candidate only.
            &["tea", "eat", "ate", "tae", "eta", "qat", "tat"],
        ];
        for words in lists {
            for max_wrong in [0, 1, 2, 5] {
                check(words, max_wrong);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random small lists over few letters (many shared letters and positions).
        #[test]
        fn exact_search_is_the_true_optimum_on_random_lists(
            words in prop::collection::btree_set("[a-e]{3}", 2..8),
            max_wrong in 0u32..4,
        ) {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            check(&words, max_wrong);
        }
    }

    #[test]
    fn a_budgeted_search_is_exact_when_it_finishes_and_gives_up_past_its_budget() {
        let lists: &[&[&str]] = &[
            &["abc", "abd", "aec", "xyz", "bca", "cab", "dab"],
            &["abba", "baba", "abab", "bbaa", "aabb", "baab"],
        ];
        for words in lists {
            let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
            let length = words[0].len();
            let bucket = lexicon.bucket(length);
            let all = candidates::all(bucket);
            for max_wrong in [1, 3, 7] {
                let root = Position::new(length, max_wrong);
                let full = Exact::new(length).solve(bucket, &all, root);
                // Enough: the exact answer, also from a solver whose shared table is full.
                let solver = Exact::new(length);
                assert_eq!(
                    solver.solve_within(bucket, &all, root, u64::MAX),
                    Some(full)
                );
                solver.solve(bucket, &all, root);
                assert_eq!(
                    solver.solve_within(bucket, &all, root, u64::MAX),
                    Some(full)
                );
                // The least budget that finishes, found by bisection: one state fewer gives
                // up, and the cut is the same on every thread.
                let (mut lo, mut hi) = (0u64, 1u64 << 40);
                while lo + 1 < hi {
                    let mid = (lo + hi) / 2;
                    match solver.solve_within(bucket, &all, root, mid) {
                        Some(found) => {
                            assert_eq!(found, full);
                            hi = mid;
                        }
                        None => lo = mid,
                    }
                }
                assert!(
                    hi > 1,
                    "{words:?} max {max_wrong}: the search visits children"
                );
                let cuts: Vec<_> = (0..8)
                    .into_par_iter()
                    .map(|_| {
                        let solver = Exact::new(length);
                        (
                            solver.solve_within(bucket, &all, root, hi - 1),
                            solver.solve_within(bucket, &all, root, hi),
                        )
                    })
                    .collect();
                assert!(
                    cuts.iter().all(|&c| c == (None, Some(full))),
                    "{words:?} max {max_wrong}: {cuts:?}"
                );
            }
        }
    }

    #[test]
    fn chains_and_pairs_have_their_closed_forms() {
        // Two candidates, lives left: the first word, then the other.
        let p = Position::new(3, 5);
        assert_eq!(chain_value(2, p), 1);
        // A chain of 4 with one wrong guess left: two tries, then both others lose.
        let mut q = Position::new(3, 1);
        q.play_unchecked(Step::Letter {
            letter: Letter::from_ascii(b'a').unwrap(),
            positions: 0b010,
        });
        assert_eq!(chain_value(4, q), 1 + 2 + 25 + 25);
        // The word bound never exceeds a chain's value (chains are where words pay).
        for n in 2..40 {
            for s in 0..12 {
                let at = Position::new(3, 5);
                assert!(word_bound(n, s) <= chain_value(n, at) + n * s, "{n} {s}");
            }
        }
    }
}
