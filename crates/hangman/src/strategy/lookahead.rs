//! Lookahead (`best`): the guess that minimizes the expected final score.
//!
//! The value of a state (a candidate set at a [`Position`]) is the *total* final score of
//! its candidate secrets: an integer, so comparisons are exact; the expectation is that
//! total over their number.
//!
//! - **Exact** where the exact optimum is cheap ([`Exact`]): at most `exact` candidates,
//!   and more when few wrong guesses are left (`exact0`, `exact1`, `exact2` candidates
//!   with 0, 1, 2 wrong guesses left: the losses then bound the search tightly). Chains
//!   (sets where every splitting letter names one candidate, like the words of `-ill`) are
//!   solved exactly at any size.
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

use std::sync::Arc;

use lexicon::{Bucket, Letter, Lexicon};

use super::entropy::Entropy;
use super::exact::Exact;
use super::expand::Children;
use super::greedy::Greedy;
use super::params::Params;
use super::policy::{Decision, Policy};
use super::table::{SetHash, StateKey, Table};
use super::{Settings, StrategyError};
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
    fn default() -> Shape {
        Shape {
            exact: 8,
            exact_left: [8, 8, 8],
            depth: 1,
            deep: u32::MAX,
            letters: 4,
            safe: 2,
            inner_letters: 4,
            inner_safe: 2,
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
    /// The decisions played.
    decisions: Table<Decision>,
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
}

impl Lookahead {
    /// A lookahead for words of `lexicon`.
    pub(crate) fn new(lexicon: &Lexicon, shape: Shape, base: Base) -> Lookahead {
        Lookahead {
            shape,
            base,
            ranker: Entropy::default(),
            optimum: Exact::new(lexicon.max_length()),
            memos: (0..=lexicon.max_length())
                .map(|_| Memo::default())
                .collect(),
        }
    }

    /// Parameters (see the module docs): `exact`, `exact0`, `exact1`, `exact2`, `depth`
    /// (1–4), `deep`, `letters`, `safe`, `inner_letters`, `inner_safe`,
    /// `base=entropy|greedy`.
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
        let exact = p.range("exact", d.exact, 2..=40)?;
        let big = 1_000_000;
        let letters = p.range("letters", d.letters, 1..=26)?;
        let safe = p.range("safe", d.safe, 0..=26)?;
        let shape = Shape {
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
            inner_letters: p.range("inner_letters", letters, 1..=letters)?,
            inner_safe: p.range("inner_safe", safe, 0..=safe)?,
        };
        p.finish()?;
        Ok(Lookahead::new(lexicon, shape, base))
    }

    fn memo(&self, bucket: &Bucket) -> &Memo {
        &self.memos[bucket.length()]
    }

    /// Whether the state is solved exactly.
    fn is_exact(&self, n: usize, position: &Position) -> bool {
        let left = position.wrong_guesses_left() as usize;
        let limit = self.shape.exact_left.get(left).copied().unwrap_or(0);
        n <= self.shape.exact.max(limit) as usize
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
    fn solved(&self, bucket: &Bucket, state: State<'_>) -> Option<(u32, Decision)> {
        if self.is_exact(state.set.len(), &state.position) {
            Some(self.optimum.solve(bucket, state.set, state.position))
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
        let v = match self.solved(bucket, state) {
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
        let found = self.look(bucket, frames, state, depth, false);
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
        children.expand(bucket, state.set, state.hash, state.position, decision);
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
        let mut moves = vec![self.base.decide(bucket, state.set, &state.position)];
        let mut add = |d: Decision| {
            if !moves.contains(&d) {
                moves.push(d);
            }
        };
        for (_, l) in self
            .ranker
            .ranked(bucket, state.set, &state.position)
            .into_iter()
            .take(letters)
        {
            add(Decision::Letter(l));
        }
        let stats = LetterStats::of(bucket, state.set);
        let mut safest: Vec<Letter> = stats.splitting().iter().collect();
        safest.sort_by_key(|l| std::cmp::Reverse(stats.counts[l.index()]));
        for l in safest.into_iter().take(safe) {
            add(Decision::Letter(l));
        }
        moves
    }

    /// The best promising move at `depth` (≥ 1) and its estimate: what playing it and then
    /// the lookahead achieves at most.
    fn look(
        &self,
        bucket: &Bucket,
        frames: &mut Vec<Children>,
        state: State<'_>,
        depth: u32,
        top: bool,
    ) -> (u32, Decision) {
        if let Some(found) = self.solved(bucket, state) {
            return found;
        }
        let mut best: Option<(u32, Decision)> = None;
        for decision in self.promising(bucket, state, top) {
            let beta = best.map_or(u32::MAX, |(b, _)| b);
            let v = self.value_of(bucket, frames, state, decision, depth - 1, beta);
            if v < beta {
                best = Some((v, decision));
            }
        }
        best.expect("the base move is always valued in full")
    }

    /// The exact optimum of a state (at least two candidates) and an optimal move (see
    /// [`Exact`]).
    pub(crate) fn solve_exact(&self, bucket: &Bucket, set: &[u32], position: Position) -> (u32, Decision) {
        self.optimum.solve(bucket, set, position)
    }
}

impl Policy for Lookahead {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        if cands.len() == 1 {
            return Decision::Word(cands[0]);
        }
        let state = State {
            set: cands,
            hash: SetHash::of(cands),
            position: *position,
        };
        if let Some((_, decision)) = self.solved(bucket, state) {
            return decision;
        }
        let memo = self.memo(bucket);
        let key = state.key();
        if let Some(d) = memo.decisions.get(key) {
            return d;
        }
        let mut frames = Vec::new();
        let (_, d) = self.look(bucket, &mut frames, state, self.depth_at(cands.len()), true);
        memo.decisions.insert(key, d);
        d
    }
}
