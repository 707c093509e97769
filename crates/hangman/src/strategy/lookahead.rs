//! Lookahead (`best`): the guess that minimizes the expected final score.
//!
//! The value of a state (a candidate set at a [`Position`]) is the *total* final score of
//! its candidate secrets: an integer, so comparisons are exact; the expectation is that
//! total over their number.
//!
//! - **Exact** where the exact optimum is cheap ([`Exact`]): words of at most `solve`
//!   letters from the first guess (the whole game is solved), at most `exact` candidates,
//!   and more when few wrong guesses are left (`exact0`, `exact1`, `exact2` candidates
//!   with 0, 1, 2 wrong guesses left: the losses then bound the search tightly). Chains
//!   (sets where every splitting letter names one candidate, like the words of `-ill`) are
//!   solved exactly at any size. Where no shipped table covers the list, length and
//!   lives (see [`shipped`]), the whole-game solve of short words is budgeted instead: a
//!   decision searches at most `SOLVE_BUDGET` states exactly, on one thread with a table
//!   of its own (so giving up depends on the state alone), and else is the lookahead's,
//!   whose estimates then use only the other exact rules.
//! - **Lookahead** elsewhere: each promising move (the base policy's move, the top
//!   `letters` by loss-aware entropy, the `safe` letters in the most candidates) is valued
//!   by the sum of its children's estimates, and the cheapest is played. A child's estimate
//!   at depth 0 is the exact total of playing the *base* policy from it (with the exact
//!   optimum wherever that applies); at depth d it is the best of its own promising moves
//!   (`inner_letters`, `inner_safe` of them) valued at depth d − 1. Sets of at most `deep`
//!   candidates are searched `depth` plies deep, larger ones one ply.
//!
//! # Never worse than the base
//!
//! Every estimate is the value of a real way of playing (the base, an exact optimum, or a
//! best move followed by estimates of its children), and the lookahead's own value from
//! a state is at most its estimate, by induction on the set size: the move it plays has
//! the least estimate, its children are searched at least `depth − 1` plies deep (a child
//! is smaller, so it is never searched less deeply than its parent assumed), and
//! estimating deeper over the same moves, or over more of them, never gives more, because
//! the base's move is always among them. At the root that estimate is at most the base
//! policy's value, so the lookahead never scores more than its base on any word list.
//!
//! # Speed
//!
//! A move whose settled secrets and children's lower bounds already reach the best total
//! found is abandoned (exact: it changes no decision). Estimates, base values and
//! decisions are memoized per word length in tables shared by every game and thread
//! ([`table`](super::table)), so the opening moves of a length are computed once (during
//! [`Strategy::prepare`] through the opening book) and later games mostly look answers up.
//! Every value is a function of the state alone, so results do not depend on the number of
//! threads or on the order games are played in.
//!
//! [`Strategy::prepare`]: super::Strategy::prepare

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest `exact` parameter: the exact search's time and memory grow steeply with
/// it, and above this a run does not finish in reasonable time (it once ran for minutes
/// at 1.7 GB with `exact=16`).
pub(crate) const MAX_EXACT: u32 = 12;

/// The states a whole-game exact search of short words (at most `solve` letters) may visit
/// per decision where no shipped table covers the list and rule (see [`Lookahead`]'s
/// `solve` rule): about 0.1 s on one core. Beyond it the decision falls back to the
/// lookahead.
pub(crate) const SOLVE_BUDGET: u64 = 20_000;

/// The work a decision's lookahead may do wherever no shipped table answers the state (the
/// tables hold every state of 150+ candidates `best`'s own games reach at 6 lives on the two
/// lists; the budget decides the rest: other lives, other lists, and boards off the tables'
/// trees such as a hint's after an unusual letter), in candidate-moves: a decision at `n` candidates values at most `LOOK_BUDGET / n` of its
/// promising moves (the base's move first, then the best ranked), and plays the base's move
/// without valuing anything when fewer than two fit. Valuing one move costs about 15–50 µs
/// per candidate on this loaded 2-core machine, so a decision stays near 0.4 s at most. It
/// depends on the state alone (never on time or threads), so the moves are deterministic.
pub(crate) const LOOK_BUDGET: u64 = 12_000;

/// The most work a hint may spend playing `best`'s expected scores out (see
/// [`Policy::play_out_budget`]), in candidates × open
/// letters × lives left (wrong guesses left + 1). The play-out's cost grows with all three,
/// and steeply with the lives: with `best`, the 2-letter opening took 0.1 s at 4 lives on
/// the embedded list (126 × 26 × 4 = 13,104), 1.1 s at 6 (19,656) and 7.7–11.6 s at 8,
/// and 5.0 s at 8 lives on words.txt (96 × 26 × 8 = 19,968), mostly exact searches of the
/// many states that give up at their budget. A function of the board alone, so the same
/// board gets the same advice.
pub(crate) const PLAY_OUT_BUDGET: usize = 15_000;

use lexicon::{Bucket, Letter, Lexicon};
use rayon::prelude::*;

use super::cache::{self, CacheKey};
use super::entropy::Entropy;
use super::exact::Exact;
use super::expand::Children;
use super::greedy::Greedy;
use super::params::Params;
use super::per_length::PerLength;
use super::policy::{Alternatives, Decision, Policy};
use super::settings::{Settings, StrategyError};
use super::shipped;
use super::table::{SetHash, StateKey, Table};
use crate::game::Position;
use crate::split::LetterStats;

/// The policy whose exact play values the lookahead's children.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Base {
    /// [`Entropy`] with its defaults.
    Entropy(Entropy),
    /// [`Greedy`] with its defaults.
    Greedy(Greedy),
}

impl Base {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        match self {
            Base::Entropy(p) => p.decide(bucket, cands, position),
            Base::Greedy(p) => p.decide(bucket, cands, position),
        }
    }
}

/// How widely and deeply the lookahead searches, and where it solves exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Words of at most this many letters are solved exactly from the first guess.
    pub(crate) solve: usize,
    /// Exact at up to this many candidates, whatever the wrong guesses left.
    pub(crate) exact: u32,
    /// Exact at up to this many candidates with 0, 1 and 2 wrong guesses left.
    pub(crate) exact_left: [u32; 3],
    /// Plies searched for sets of at most `deep` candidates (1 above).
    pub(crate) depth: u32,
    /// See `depth`.
    pub(crate) deep: u32,
    /// Top letters by loss-aware entropy tried at a decision.
    pub(crate) letters: usize,
    /// Letters in the most candidates tried at a decision.
    pub(crate) safe: usize,
    /// Top letters by loss-aware entropy tried inside a search (at most `letters`).
    pub(crate) inner_letters: usize,
    /// Letters in the most candidates tried inside a search (at most `safe`).
    pub(crate) inner_safe: usize,
}

impl Default for Shape {
    /// The measured trade-off of `best` (see docs/bench.md): exact for lengths 2–3, for
    /// small sets and near the end of a game; three plies below 1,000 candidates.
    fn default() -> Shape {
        Shape {
            solve: 3,
            exact: 8,
            exact_left: [1_000_000, 1000, 100],
            depth: 3,
            deep: 1000,
            letters: 6,
            safe: 3,
            inner_letters: 3,
            inner_safe: 1,
        }
    }
}

/// A search state: candidates, their set's hash, and the position they share.
#[derive(Clone, Copy, Debug)]
struct State<'s> {
    set: &'s [u32],
    hash: SetHash,
    position: Position,
}

impl State<'_> {
    fn key(&self) -> StateKey {
        self.hash.at(&self.position)
    }
}

/// The memo tables of one word length.
#[derive(Debug, Default)]
struct Memo {
    /// Total of playing the base policy (with the exact optimum where it applies).
    base: Table<u32>,
    /// Estimates inside a search, keyed by state and depth, with the move reaching them.
    estimates: Table<(u32, Decision)>,
    /// The decisions played, each with whether it came from the disk cache and has not
    /// been checked against its state yet.
    decisions: Table<(Decision, bool)>,
}

/// Where and under which key a lookahead caches its decisions (see [`cache`]).
#[derive(Debug)]
struct DiskCache {
    dir: PathBuf,
    strategy: String,
    params: Vec<(String, String)>,
    max_wrong: u32,
    /// Per length, once its file has been read: its key and how many decisions it held.
    loaded: PerLength<(CacheKey, usize)>,
    /// Per length: a cached decision was refused, so the file must be rewritten.
    refused: Vec<AtomicBool>,
}

/// Minimizes the expected final score; see the module docs.
#[derive(Debug)]
pub struct Lookahead {
    /// The search's shape.
    shape: Shape,
    /// The policy played below the lookahead's horizon.
    base: Base,
    ranker: Entropy,
    optimum: Exact,
    memos: Vec<Memo>,
    cache: Option<DiskCache>,
    /// Whether to read the shipped tables (see [`shipped`]) where they apply.
    ships: bool,
    /// Per length, once the shipped table was looked for: how many decisions it held.
    shipped: PerLength<usize>,
    /// The most states the exact search of a short word's decision may visit where no
    /// shipped table covers the length (`None`: unbounded, as the table generator needs).
    budget: Option<u64>,
    /// Per length, the decisions of budgeted exact searches: `None` where one gave up.
    budgeted: Vec<Table<Option<(u32, Decision)>>>,
    /// The most candidate-moves a decision's lookahead may value where no shipped table
    /// answers the state (`None`: unbounded); see [`LOOK_BUDGET`].
    look_budget: Option<u64>,
}

/// Sets of at least this many candidates value their moves in parallel at a decision.
const PARALLEL_MIN: usize = 2000;

impl Lookahead {
    /// A lookahead for words of up to `max_length` letters that computes every decision
    /// (no shipped tables, no disk cache).
    pub(crate) fn new(max_length: usize, shape: Shape, base: Base) -> Lookahead {
        Lookahead {
            shape,
            base,
            ranker: Entropy::default(),
            optimum: Exact::new(max_length),
            memos: (0..=max_length).map(|_| Memo::default()).collect(),
            cache: None,
            ships: false,
            shipped: PerLength::new(max_length),
            budget: None,
            budgeted: (0..=max_length).map(|_| Table::default()).collect(),
            look_budget: None,
        }
    }

    /// Parameters (see the module docs): `solve`, `exact` (2–12), `exact0`, `exact1`, `exact2`,
    /// `depth` (1–4), `deep`, `letters`, `safe`, `inner_letters`, `inner_safe`,
    /// `base=entropy|greedy`.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] for an unknown, repeated or out-of-range parameter.
    pub fn from_settings(
        name: &str,
        lexicon: &Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Lookahead, StrategyError> {
        let mut p = Params::new(name, settings)?;
        let base = match p.choice("base", &["entropy", "greedy"])? {
            "greedy" => Base::Greedy(Greedy::default()),
            _ => Base::Entropy(Entropy::default()),
        };
        let d = Shape::default();
        let exact = p.get("exact", d.exact, |n| {
            if (2..=MAX_EXACT).contains(n) {
                Ok(())
            } else {
                Err(format!(
                    "must be from 2 to {MAX_EXACT}: the exact search grows steeply with it \
                     (on the embedded list, 300 words take 16 s at 8, 44 s at 10, and \
                     minutes and gigabytes beyond {MAX_EXACT})"
                ))
            }
        })?;
        let big = 1_000_000;
        let letters = p.range("letters", d.letters, 1..=26)?;
        let safe = p.range("safe", d.safe, 0..=26)?;
        let shape = Shape {
            solve: p.range("solve", d.solve, 0..=lexicon::MAX_WORD_LEN)?,
            exact,
            exact_left: [
                p.range("exact0", d.exact_left[0], 2..=big)?,
                p.range("exact1", d.exact_left[1], 2..=big)?,
                p.range("exact2", d.exact_left[2], 2..=big)?,
            ],
            depth: p.range("depth", d.depth, 1..=4)?,
            deep: p.range("deep", d.deep, 2..=u32::MAX)?,
            letters,
            safe,
            inner_letters: p.range("inner_letters", d.inner_letters.min(letters), 1..=letters)?,
            inner_safe: p.range("inner_safe", d.inner_safe.min(safe), 0..=safe)?,
        };
        p.finish()?;
        let mut lookahead = Lookahead::new(lexicon.max_length(), shape, base);
        lookahead.ships = true;
        lookahead.budget = Some(SOLVE_BUDGET);
        lookahead.look_budget = Some(LOOK_BUDGET);
        lookahead.cache = settings.cache_dir.as_ref().map(|dir| DiskCache {
            dir: dir.clone(),
            strategy: name.to_string(),
            params: settings.params.clone(),
            max_wrong: settings.max_wrong,
            loaded: PerLength::new(lexicon.max_length()),
            refused: (0..=lexicon.max_length())
                .map(|_| AtomicBool::new(false))
                .collect(),
        });
        Ok(lookahead)
    }

    /// Reads the shipped exact table of `bucket`'s length (see [`shipped`]) if this
    /// lookahead plays as `best` with its defaults, then the cached decisions, once (a
    /// missing or invalid file reads as none).
    fn load_cache(&self, bucket: &Bucket, max_wrong: u32) {
        let memo = self.memo(bucket);
        self.shipped.get(bucket.length(), || {
            let defaults = self.ships
                && self.shape == Shape::default()
                && matches!(self.base, Base::Entropy(_));
            let entries = defaults
                .then(|| shipped::decisions(bucket, max_wrong))
                .flatten()
                .unwrap_or_default();
            for &(state, decision) in &entries {
                memo.decisions.insert(state, (decision, true));
            }
            entries.len()
        });
        let Some(disk) = &self.cache else { return };
        disk.loaded.get(bucket.length(), || {
            let key = CacheKey::new(&disk.strategy, &disk.params, disk.max_wrong, bucket);
            let entries = cache::load(&disk.dir, &key, bucket.len()).unwrap_or_default();
            for &(state, decision) in &entries {
                memo.decisions.insert(state, (decision, true));
            }
            // Shipped decisions count as loaded: a file is written only for new ones.
            (key, memo.decisions.len())
        });
    }

    /// Writes the decisions of every length this lookahead has played whose cache file
    /// lacks some of them (or held a refused one); returns how many files it wrote.
    pub(crate) fn save_cache(&self) -> std::io::Result<usize> {
        let Some(disk) = &self.cache else {
            return Ok(0);
        };
        let mut written = 0;
        for (length, memo) in self.memos.iter().enumerate() {
            let Some((key, loaded)) = disk.loaded.get_built(length) else {
                continue;
            };
            let entries = memo.decisions.entries();
            if entries.len() > *loaded || disk.refused[length].load(Ordering::Relaxed) {
                let entries = entries.into_iter().map(|(k, (d, _))| (k, d)).collect();
                cache::save(&disk.dir, key, entries)?;
                written += 1;
            }
        }
        Ok(written)
    }

    fn memo(&self, bucket: &Bucket) -> &Memo {
        &self.memos[bucket.length()]
    }

    /// Whether short words of this length are solved exactly only within the budget: no
    /// shipped table covers them (read by [`load_cache`](Self::load_cache) first).
    fn budgeted(&self, length: usize) -> bool {
        self.budget.is_some() && self.uncovered(length)
    }

    /// Whether no shipped table covers this length (read by [`load_cache`](Self::load_cache)
    /// first).
    fn uncovered(&self, length: usize) -> bool {
        self.shipped.get_built(length).is_none_or(|&n| n == 0)
    }

    /// The promising moves a decision at `state` values: all of them, or as many as the
    /// look budget affords where it applies (at least the base's move, which comes first).
    fn top_moves(&self, bucket: &Bucket, state: State<'_>) -> Vec<Decision> {
        let mut moves = self.promising(bucket, state, true);
        // Not only at lengths without a table: a state a table does not answer (off its
        // tree) is as cold as any.
        if let Some(budget) = self.look_budget {
            let affordable = budget / state.set.len() as u64;
            moves.truncate(usize::try_from(affordable).unwrap_or(usize::MAX).max(1));
        }
        moves
    }

    /// Whether the state is solved exactly (outright: see [`solve_short`](Self::solve_short)
    /// for short words under a budget).
    fn is_exact(&self, n: usize, position: &Position) -> bool {
        if position.length() <= self.shape.solve && !self.budgeted(position.length()) {
            return true;
        }
        let left = position.wrong_guesses_left() as usize;
        let limit = self.shape.exact_left.get(left).copied().unwrap_or(0);
        n <= self.shape.exact.max(limit) as usize
    }

    /// The exact value and move of a short word's state (at most `solve` letters) searched
    /// within the budget, where that applies and the search finishes; memoized per state.
    /// Deterministic: the budgeted search depends on the state alone.
    fn solve_short(&self, bucket: &Bucket, state: State<'_>) -> Option<(u32, Decision)> {
        let length = bucket.length();
        let budget = self.budget?;
        if length > self.shape.solve || !self.budgeted(length) {
            return None;
        }
        let key = state.key();
        if let Some(found) = self.budgeted[length].get(key) {
            return found;
        }
        let found = self
            .optimum
            .solve_within(bucket, state.set, state.position, budget);
        self.budgeted[length].insert(key, found);
        found
    }

    /// Plies searched from a decision at a set of `n` candidates.
    fn depth_at(&self, n: usize) -> u32 {
        if n <= self.shape.deep as usize {
            self.shape.depth
        } else {
            1
        }
    }

    /// The exact value and move of a state, if it is solved exactly.
    fn solved(
        &self,
        bucket: &Bucket,
        frames: &mut Vec<Children>,
        state: State<'_>,
    ) -> Option<(u32, Decision)> {
        if self.is_exact(state.set.len(), &state.position) {
            Some(
                self.optimum
                    .solve_in(bucket, state.set, state.hash, state.position, frames),
            )
        } else {
            Exact::solve_chain(bucket, state.set, state.position)
        }
    }

    /// The total of playing the base policy from `state` (exact where that applies).
    fn base_value(&self, bucket: &Bucket, frames: &mut Vec<Children>, state: State<'_>) -> u32 {
        let key = state.key();
        let memo = self.memo(bucket);
        if let Some(v) = memo.base.get(key) {
            return v;
        }
        let v = match self.solved(bucket, frames, state) {
            Some((v, _)) => v,
            None => {
                let decision = self.base.decide(bucket, state.set, &state.position);
                self.value_of(bucket, frames, state, decision, 0, u32::MAX)
            }
        };
        memo.base.insert(key, v);
        v
    }

    /// The estimate of `state` at `depth` (0: the base's value).
    fn estimate(
        &self,
        bucket: &Bucket,
        frames: &mut Vec<Children>,
        state: State<'_>,
        depth: u32,
    ) -> u32 {
        if depth == 0 {
            return self.base_value(bucket, frames, state);
        }
        let memo = self.memo(bucket);
        let key = state.key().salted(u64::from(depth));
        if let Some((v, _)) = memo.estimates.get(key) {
            return v;
        }
        let found = self.look(bucket, frames, state, depth);
        memo.estimates.insert(key, found);
        found.0
    }

    /// The total of `decision` at `state`, each open child estimated at `depth`; once the
    /// total is sure to reach `beta`, a lower bound of it that does.
    fn value_of(
        &self,
        bucket: &Bucket,
        frames: &mut Vec<Children>,
        state: State<'_>,
        decision: Decision,
        depth: u32,
        beta: u32,
    ) -> u32 {
        let mut children = frames.pop().unwrap_or_default();
        children.expand(
            bucket,
            state.set,
            state.hash,
            state.position,
            decision,
            true,
        );
        let mut rest = children.bound();
        let mut total = children.fixed;
        if rest < beta {
            // The largest groups first: they decide fastest whether the move fails.
            children
                .open
                .sort_unstable_by_key(|o| std::cmp::Reverse(o.len()));
            rest -= children.fixed;
            for i in 0..children.open.len() {
                let open = children.open[i];
                rest -= open.bound;
                let child = State {
                    set: children.members(&open),
                    hash: open.set,
                    position: open.position,
                };
                total += self.estimate(bucket, frames, child, depth);
                if total + rest >= beta {
                    break;
                }
            }
        }
        frames.push(children);
        total + rest
    }

    /// The moves worth a look at a state: the base's move first, then the top letters by
    /// loss-aware entropy, then the letters in the most candidates.
    fn promising(&self, bucket: &Bucket, state: State<'_>, top: bool) -> Vec<Decision> {
        let (letters, safe) = if top {
            (self.shape.letters, self.shape.safe)
        } else {
            (self.shape.inner_letters, self.shape.inner_safe)
        };
        // One pass for the statistics and one ranking, shared by the base's move (when the
        // base ranks as the ranker does, as `best`'s does) and the ranked letters.
        let stats = LetterStats::of(bucket, state.set);
        let ranked = self
            .ranker
            .ranked_with(bucket, state.set, &state.position, &stats);
        let base = match self.base {
            Base::Entropy(e) if e.risk == self.ranker.risk => {
                e.decide_ranked(state.set, &state.position, &ranked)
            }
            _ => self.base.decide(bucket, state.set, &state.position),
        };
        let mut moves = vec![base];
        let mut add = |d: Decision| {
            if !moves.contains(&d) {
                moves.push(d);
            }
        };
        for (_, l) in ranked.into_iter().take(letters) {
            add(Decision::Letter(l));
        }
        let mut safest: Vec<Letter> = stats.splitting().iter().collect();
        safest.sort_by_key(|l| std::cmp::Reverse(stats.counts[l.index()]));
        for l in safest.into_iter().take(safe) {
            add(Decision::Letter(l));
        }
        moves
    }

    /// The best promising move at `depth` (≥ 1) inside a search and its estimate: what
    /// playing it and then the lookahead achieves at most.
    fn look(
        &self,
        bucket: &Bucket,
        frames: &mut Vec<Children>,
        state: State<'_>,
        depth: u32,
    ) -> (u32, Decision) {
        if let Some(found) = self.solved(bucket, frames, state) {
            return found;
        }
        let moves = self.promising(bucket, state, false);
        self.least(bucket, frames, state, depth, moves, false)
    }

    /// The least of `moves` (the first on ties) valued at `depth` (≥ 1), and its value; at
    /// the `top` of a decision, large sets value each move in full on every core.
    fn least(
        &self,
        bucket: &Bucket,
        frames: &mut Vec<Children>,
        state: State<'_>,
        depth: u32,
        moves: Vec<Decision>,
        top: bool,
    ) -> (u32, Decision) {
        if top && state.set.len() >= PARALLEL_MIN {
            // Each move in full, on every core: the first least total wins, as below.
            let values: Vec<u32> = moves
                .par_iter()
                .map(|&decision| {
                    let mut frames = Vec::new();
                    self.value_of(bucket, &mut frames, state, decision, depth - 1, u32::MAX)
                })
                .collect();
            let (i, v) = values
                .iter()
                .enumerate()
                .min_by_key(|&(i, &v)| (v, i))
                .expect("the base move is always valued");
            return (*v, moves[i]);
        }
        let mut best: Option<(u32, Decision)> = None;
        for decision in moves {
            let beta = best.map_or(u32::MAX, |(b, _)| b);
            let v = self.value_of(bucket, frames, state, decision, depth - 1, beta);
            if v < beta {
                best = Some((v, decision));
            }
        }
        best.expect("the base move is always valued in full")
    }
}

impl Policy for Lookahead {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        if cands.len() == 1 {
            return Decision::Word(cands[0]);
        }
        self.load_cache(bucket, position.max_wrong());
        let state = State {
            set: cands,
            hash: SetHash::of(cands),
            position: *position,
        };
        let memo = self.memo(bucket);
        let key = state.key();
        match memo.decisions.get(key) {
            Some((decision, false)) => return decision,
            Some((decision, true)) => {
                if legal(bucket, cands, position, decision) {
                    memo.decisions.insert(key, (decision, false));
                    return decision;
                }
                if let Some(disk) = &self.cache {
                    disk.refused[bucket.length()].store(true, Ordering::Relaxed);
                }
            }
            None => {}
        }
        let mut frames = Vec::new();
        let decision = match self
            .solved(bucket, &mut frames, state)
            .or_else(|| self.solve_short(bucket, state))
        {
            Some((_, decision)) => decision,
            None => match self.top_moves(bucket, state)[..] {
                // Nothing to compare: the base's move, unvalued.
                [only] => only,
                ref moves => {
                    let depth = self.depth_at(cands.len());
                    self.least(bucket, &mut frames, state, depth, moves.to_vec(), true)
                        .1
                }
            },
        };
        memo.decisions.insert(key, (decision, false));
        decision
    }

    fn alternatives(
        &self,
        bucket: &Bucket,
        cands: &[u32],
        position: &Position,
        top: usize,
    ) -> Alternatives {
        let played = self.decide(bucket, cands, position);
        let n = cands.len();
        let state = State {
            set: cands,
            hash: SetHash::of(cands),
            position: *position,
        };
        // Not `solve_short`: below, moves are valued through `solved` alone.
        let exact = self.solved(bucket, &mut Vec::new(), state).is_some();
        let mut moves = vec![played];
        if n > 1 {
            // As many as the decision valued (see `top_moves`).
            for decision in self.top_moves(bucket, state) {
                if !moves.contains(&decision) {
                    moves.push(decision);
                }
            }
        }
        // Valued as the decision valued them: children searched one ply less deep (exact
        // children where the state is solved exactly, so the values are the optimum's).
        let depth = if exact { 0 } else { self.depth_at(n) - 1 };
        let mut frames = Vec::new();
        let mut valued: Vec<(usize, u32)> = moves
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                (
                    i,
                    self.value_of(bucket, &mut frames, state, d, depth, u32::MAX),
                )
            })
            .collect();
        // The move played first, then the others cheapest first.
        valued[1..].sort_by_key(|&(i, v)| (v, i));
        Alternatives {
            moves: valued
                .into_iter()
                .take(top.max(1))
                .map(|(i, v)| (moves[i], f64::from(v) / n as f64))
                .collect(),
            exact,
        }
    }

    fn eager_book(&self, games: usize, words: usize) -> bool {
        // A book costs about as much as deciding for every game; a few games share little
        // of it.
        games.saturating_mul(4) >= words
    }

    fn save_cache(&self) -> std::io::Result<usize> {
        Lookahead::save_cache(self)
    }

    fn play_out_budget(&self) -> Option<usize> {
        Some(PLAY_OUT_BUDGET)
    }
}

/// Whether a decision read from the cache can be played here: a letter not guessed yet
/// that tells the candidates apart, or one of the candidates.
fn legal(bucket: &Bucket, cands: &[u32], position: &Position, decision: Decision) -> bool {
    match decision {
        Decision::Letter(letter) => {
            !position.guessed_letters().contains(letter)
                && LetterStats::of(bucket, cands).splits(letter)
        }
        Decision::Word(index) => cands.binary_search(&index).is_ok(),
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use super::*;
    use crate::result::GameResult;
    use crate::strategy::policy_strategy::PolicyStrategy;
    use crate::strategy::traits::Strategy;

    /// A lookahead quick in a debug build, caching into `dir` if given.
    fn build(lexicon: &Arc<Lexicon>, dir: Option<&Path>) -> Box<dyn Strategy> {
        let params = [
            ("solve", "0"),
            ("depth", "2"),
            ("exact1", "30"),
            ("exact2", "8"),
        ];
        let settings = Settings {
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            cache_dir: dir.map(Path::to_path_buf),
            ..Settings::default()
        };
        // As the registry builds `best` (not through it: the registry uses this module).
        let policy = Lookahead::from_settings("lookahead", lexicon, &settings).unwrap();
        Box::new(PolicyStrategy::new(
            "best",
            policy,
            lexicon.clone(),
            &settings,
        ))
    }

    /// `best` as the registry builds it, at `max_wrong`.
    fn best_at(lexicon: &Arc<Lexicon>, max_wrong: u32) -> Lookahead {
        let settings = Settings {
            max_wrong,
            ..Settings::default()
        };
        Lookahead::from_settings("lookahead", lexicon, &settings).unwrap()
    }

    #[test]
    fn short_words_without_a_table_are_exact_within_the_budget_and_fall_back_past_it() {
        // Small: the budget suffices, so `best` plays the exact optimum's move.
        let words = [
            "abc", "abd", "aec", "xyz", "bca", "cab", "dab", "bad", "cad",
        ];
        let lexicon = Arc::new(Lexicon::from_words(words).unwrap());
        let bucket = lexicon.bucket(3);
        let all = crate::candidates::all(bucket);
        for max_wrong in [3, 7] {
            let root = Position::new(3, max_wrong);
            let (_, optimum) = Exact::new(3).solve(bucket, &all, root);
            assert_eq!(
                best_at(&lexicon, max_wrong).decide(bucket, &all, &root),
                optimum
            );
        }
        // The embedded list's two-letter words at 8 lives: no shipped table, and the exact
        // search needs far more than the budget (14 s cold before it was bounded). The
        // fallback's move is legal and the same from any fresh instance.
        let embedded = Arc::new(Lexicon::embedded());
        let bucket = embedded.bucket(2);
        let all = crate::candidates::all(bucket);
        let root = Position::new(2, 7);
        assert_eq!(
            Exact::new(2).solve_within(bucket, &all, root, SOLVE_BUDGET),
            None
        );
        let first = best_at(&embedded, 7).decide(bucket, &all, &root);
        assert!(legal(bucket, &all, &root, first), "{first:?}");
        assert_eq!(best_at(&embedded, 7).decide(bucket, &all, &root), first);
    }

    #[test]
    fn the_look_budget_is_deterministic_and_changes_nothing_when_it_suffices() {
        let embedded = Lexicon::embedded();
        // Small (below the parallel size): the budget that affords every promising move
        // plays the unbudgeted move; one candidate-move less values one move fewer.
        let small: Vec<&str> = embedded.bucket(5).words().step_by(40).collect();
        let lexicon = Arc::new(Lexicon::from_words(small).unwrap());
        let bucket = lexicon.bucket(5);
        let all = crate::candidates::all(bucket);
        let root = Position::new(5, 7);
        let n = all.len() as u64;
        let mut unbudgeted = best_at(&lexicon, 7);
        unbudgeted.look_budget = None;
        let state = State {
            set: &all,
            hash: SetHash::of(&all),
            position: root,
        };
        let moves = unbudgeted.promising(bucket, state, true);
        assert!(moves.len() > 2, "{moves:?}");
        let free = unbudgeted.decide(bucket, &all, &root);
        let mut enough = best_at(&lexicon, 7);
        enough.look_budget = Some(n * moves.len() as u64);
        assert_eq!(enough.decide(bucket, &all, &root), free);
        let mut short = best_at(&lexicon, 7);
        short.look_budget = Some(n * moves.len() as u64 - 1);
        assert_eq!(short.top_moves(bucket, state), moves[..moves.len() - 1]);
        // Below two moves' worth: the base's move, unvalued.
        short.look_budget = Some(2 * n - 1);
        assert_eq!(
            short.decide(bucket, &all, &root),
            Base::Entropy(Entropy::default()).decide(bucket, &all, &root)
        );

        // Large (valued on every core): the same legal move from fresh instances at 1 and
        // 2 threads, one of the moves the budget affords.
        let large: Vec<&str> = embedded.bucket(5).words().step_by(5).collect();
        let lexicon = Arc::new(Lexicon::from_words(large).unwrap());
        let bucket = lexicon.bucket(5);
        let all = crate::candidates::all(bucket);
        assert!(all.len() >= PARALLEL_MIN, "{}", all.len());
        let budget = 3 * all.len() as u64;
        let played: Vec<Decision> = [1, 2]
            .into_iter()
            .map(|threads| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let mut best = best_at(&lexicon, 7);
                best.look_budget = Some(budget);
                pool.install(|| best.decide(bucket, &all, &root))
            })
            .collect();
        assert_eq!(played[0], played[1]);
        assert!(legal(bucket, &all, &root, played[0]), "{:?}", played[0]);
        let state = State {
            set: &all,
            hash: SetHash::of(&all),
            position: root,
        };
        let afforded = best_at(&lexicon, 7).promising(bucket, state, true);
        assert!(afforded[..3].contains(&played[0]), "{:?}", played[0]);
    }

    fn scores(strategy: &dyn Strategy) -> Vec<(String, u32, u32)> {
        let results: Vec<GameResult> = strategy.evaluate_length(5).unwrap();
        results
            .into_iter()
            .map(|r| (r.word, r.score, r.guesses))
            .collect()
    }

    fn cache_files(dir: &Path) -> Vec<std::path::PathBuf> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "book"))
            .collect()
    }

    #[test]
    fn a_cache_is_used_and_a_corrupt_one_is_ignored_and_rewritten() {
        let embedded = Lexicon::embedded();
        let words: Vec<&str> = embedded.bucket(5).words().step_by(12).collect();
        let lexicon = Arc::new(Lexicon::from_words(words).unwrap());
        let dir = tempfile::tempdir().unwrap();
        let reference = scores(build(&lexicon, None).as_ref());

        // Cold: the same games, and one file for the length played.
        let cold = build(&lexicon, Some(dir.path()));
        assert_eq!(scores(cold.as_ref()), reference);
        assert_eq!(cold.save_cache().unwrap(), 1);
        let files = cache_files(dir.path());
        assert_eq!(files.len(), 1);
        let good = fs::read(&files[0]).unwrap();

        // Warm: read back, the same games, nothing new to write.
        let warm = build(&lexicon, Some(dir.path()));
        assert_eq!(scores(warm.as_ref()), reference);
        assert_eq!(warm.save_cache().unwrap(), 0);

        // Corrupt (a flipped byte) or garbage: ignored, the same games, rewritten whole.
        let mut flipped = good.clone();
        let middle = flipped.len() / 2;
        flipped[middle] ^= 1;
        for bad in [flipped, b"garbage".to_vec(), Vec::new()] {
            fs::write(&files[0], &bad).unwrap();
            let again = build(&lexicon, Some(dir.path()));
            assert_eq!(scores(again.as_ref()), reference);
            assert_eq!(again.save_cache().unwrap(), 1);
            assert_eq!(fs::read(&files[0]).unwrap().len(), good.len());
            assert_eq!(cache_files(dir.path()).len(), 1, "no temporary file left");
        }

        // Another word list (a stale key) neither reads nor overwrites this file.
        let fewer: Vec<&str> = lexicon.bucket(5).words().skip(1).collect();
        let other = Arc::new(Lexicon::from_words(fewer).unwrap());
        let stale = build(&other, Some(dir.path()));
        assert_eq!(scores(stale.as_ref()), scores(build(&other, None).as_ref()));
        assert_eq!(stale.save_cache().unwrap(), 1);
        assert_eq!(cache_files(dir.path()).len(), 2);
    }
}
