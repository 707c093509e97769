//! The search: null-window tests "can the referee force `k` misses from family `F`?".
//!
//! A test alternates two kinds of node:
//! - the **guesser's node** ([`Solver::search`]): the referee reaches `k` iff it does after
//!   every useful letter. A splitting letter that every word contains is a *forced move*:
//!   it cannot miss and, because a part is a subset of the family (monotonicity, see
//!   [`super::bounds`]), its value is exactly the family's, so it is the only letter tried.
//! - the **referee's node** ([`Solver::referee`]): after letter `g`, the referee reaches `k`
//!   iff some part does (`k - 1` for the miss part). Every part is first settled by the table
//!   and the cheap bounds if it can be (enhanced transposition cutoff); a part whose lower
//!   bound reaches `k` even settles the guesser's node above (monotonicity again).
//!
//! Families are keyed exactly: a family reached from the whole bucket is the set of words
//! that agree with its smallest word on every letter that does not split it, so (splitting
//! letters, smallest word) identifies it, whatever guesses led to it.

use std::time::Instant;

use lexicon::{Bucket, Letter};
use rayon::prelude::*;

use super::bounds;
use super::limits::{Aborted, Counter, Limits, StopFlag};
use super::table::Table;
use super::words::{Misses, Part, View, Words};

/// Guesser nodes with at least this many words search their letters in parallel.
const PARALLEL_MIN: usize = 800;
/// Families smaller than this are not stored (their bounds settle them at once).
const STORE_MIN: usize = 3;
/// Referee nodes on one path are at most one per letter, plus the root's.
const MAX_DEPTH: usize = 28;
/// The table size when [`SolveOptions::table_bytes`] is 0.
pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;
/// Every letter.
const ALL_LETTERS: u32 = (1 << 26) - 1;

/// Options of a solver.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Stop searching at this instant; what was proven is kept.
    pub deadline: Option<Instant>,
    /// Stop after this many nodes (0: no limit), counted from the solver's creation or
    /// its last [`Solver::restart`]. Unlike a deadline this is deterministic for a
    /// sequential search.
    pub max_nodes: u64,
    /// Transposition table size in bytes (0: [`DEFAULT_TABLE_BYTES`]).
    pub table_bytes: usize,
    /// Never search in parallel (deterministic node counts).
    pub sequential: bool,
    /// Stops the search when raised (by a Ctrl-C handler, say).
    pub stop: StopFlag,
    /// For [`solve_length`](super::solve_length): stop once the verdict for the lives
    /// asked for is proven, without narrowing the bounds to the exact value.
    pub verdict_only: bool,
    /// For [`solve_length`](super::solve_length): the nodes the search for the optimal
    /// first letters may spend (0: no cap, until every letter is settled). A capped
    /// search runs sequentially, so the letters it settles are the same at any thread
    /// count and machine speed.
    pub first_letter_nodes: u64,
}

/// What a node knows before it is searched.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Letters that split the family (the only useful guesses).
    pub(super) split: u32,
    /// Splitting letters that every word contains (forced moves).
    pub(super) required: u32,
    /// Proven lower bound.
    pub(super) lo: u32,
    /// Proven upper bound.
    pub(super) hi: u32,
    /// The table's refuting letter (26: none).
    pub(super) best: u8,
    /// AND of the letter sets of the words.
    pub(super) all: u32,
    /// Whether the lacking bound was tried (and did not settle the node).
    lacking_done: bool,
    /// Whether the disjoint-words bound was tried.
    disjoint_done: bool,
    /// Whether the two-miss chain was tried.
    chain_done: bool,
}

/// A node settled by its bounds, or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Settled {
    Reaches,
    Fails,
    Open,
}

/// The answer of a referee's node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reply {
    /// Some part reaches its target.
    Reaches,
    /// No part does: the letter refutes the test.
    Fails,
    /// A part alone is worth `k` without the miss: the whole family reaches `k`.
    FamilyReaches,
}

/// Buffers of one referee node.
#[derive(Default)]
pub(super) struct Level {
    /// The miss part, when it must be searched.
    miss: Vec<u32>,
    /// The family split by the letter.
    buf: Vec<u32>,
    parts: Vec<Part>,
    /// Parts left to search: (part index, or [`MISS`], node, target).
    open: Vec<(usize, Node, u32)>,
    counts: Vec<u32>,
}

/// The miss part in [`Level::open`].
const MISS: usize = usize::MAX;

/// One thread's buffers for a search: one [`Level`] per depth, and a node count not yet
/// added to the shared one.
pub(super) struct Scratch {
    pub(super) levels: Vec<Level>,
    pub(super) local: u64,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            levels: std::iter::repeat_with(Level::default)
                .take(MAX_DEPTH)
                .collect(),
            local: 0,
        }
    }
}

/// An exact solver for the families of one bucket. `Sync`: one solver may be searched from
/// several threads; its table is shared.
pub struct Solver<'a> {
    bucket: &'a Bucket,
    pub(super) words: Words,
    table: Table,
    pub(super) limits: Limits<'a>,
    /// The node budget per run ([`SolveOptions::max_nodes`]).
    budget: u64,
    sequential: bool,
}

/// The two-miss chain of [`bounds::two_misses`] over a whole family, from its miss parts:
/// every splitting letter lacking from two words, and no other splitting letter in all of
/// them.
fn two_misses(split: u32, misses: &Misses) -> bool {
    (0..26)
        .filter(|g| split >> g & 1 == 1)
        .all(|g| misses.count[g] >= 2 && misses.all[g] & split & !(1 << g) == 0)
}

fn key(first: u32, split: u32) -> u64 {
    (u64::from(split) << 32) | u64::from(first)
}

impl<'a> Solver<'a> {
    /// A solver for families of `bucket`. Every family given to it must be sorted and
    /// *closed*: all words of the bucket consistent with some set of answers (families
    /// reached from the whole bucket by splitting are). Call [`Solver::clear`] before using
    /// families of a different universe (e.g. after removing a word by hand).
    pub fn new(bucket: &'a Bucket, options: SolveOptions) -> Solver<'a> {
        Solver::with_counter(bucket, options, Counter::Own(Default::default()))
    }

    /// A solver counting its nodes in `nodes`.
    pub(super) fn with_counter(
        bucket: &'a Bucket,
        options: SolveOptions,
        nodes: Counter<'a>,
    ) -> Solver<'a> {
        let bytes = match options.table_bytes {
            0 => DEFAULT_TABLE_BYTES,
            b => b,
        };
        Solver {
            bucket,
            words: Words::new(bucket),
            table: Table::new(bytes),
            limits: Limits::new(options.deadline, options.max_nodes, options.stop, nodes),
            budget: options.max_nodes,
            sequential: options.sequential,
        }
    }

    /// The bucket this solver plays.
    pub fn bucket(&self) -> &'a Bucket {
        self.bucket
    }

    /// Lets a stopped search run again with a new deadline and a fresh node budget.
    pub fn restart(&mut self, deadline: Option<Instant>) {
        self.restart_with(deadline, self.budget);
    }

    /// Lets a stopped search run again with a new deadline and at most `budget` more nodes
    /// (0: no limit).
    pub(super) fn restart_with(&mut self, deadline: Option<Instant>, budget: u64) {
        let max_nodes = match budget {
            0 => 0,
            b => self.limits.nodes() + b,
        };
        self.limits.renew(deadline, max_nodes);
    }

    /// Forgets every table entry.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.limits.nodes()
    }

    /// The exact value `V(family)` (misses the referee forces before one word is left).
    /// `family` must be sorted ascending and closed (see [`Solver::new`]).
    ///
    /// # Errors
    ///
    /// [`Aborted`] if the deadline, the node budget or the stop flag ended the search first.
    pub fn value(&self, family: &[u32]) -> Result<u32, Aborted> {
        let (mut lo, mut hi) = self.bounds(family);
        // Bisect with null-window tests; the table keeps what each test proved.
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.at_least(family, mid)? {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Ok(lo)
    }

    /// Proven bounds `(lower, upper)` on `V(family)` from the table and cheap bounds.
    pub fn bounds(&self, family: &[u32]) -> (u32, u32) {
        if family.len() <= 1 {
            return (0, 0);
        }
        let node = self.root(family);
        let words = || family.iter().copied();
        let (mut lo, mut hi) = (node.lo, node.hi);
        hi = hi.min(bounds::lacking(&self.words, words(), node.split, node.all));
        if node.required == 0 {
            if lo < 2 && hi >= 2 && bounds::two_misses(&self.words, words(), node.split) {
                lo = 2;
            }
            let m = bounds::disjoint(&self.words, words(), node.split, node.all, u32::MAX);
            lo = lo.max(m.saturating_sub(1));
        }
        (lo.min(hi), hi)
    }

    /// [`Solver::bounds`] with the upper bound tightened by the greedy guesser's worst case
    /// ([`Solver::greedy_upper`]): the cheapest proven bounds before any search.
    pub(super) fn cheap_bounds(&self, family: &[u32]) -> (u32, u32) {
        let (lo, hi) = self.bounds(family);
        (lo, hi.min(self.greedy_upper(family)))
    }

    /// Whether the referee can force at least `k` misses from `family` (sorted, closed).
    ///
    /// # Errors
    ///
    /// [`Aborted`] if the deadline, the node budget or the stop flag ended the search first.
    pub fn at_least(&self, family: &[u32], k: u32) -> Result<bool, Aborted> {
        let mut scratch = Scratch::new();
        let r = self.test(family, k, &mut scratch);
        self.limits.flush(&mut scratch.local);
        r
    }

    /// Whether, after the guesser guesses `letter` from `family`, the referee's best answer
    /// is worth at least `k` (the maximum over the parts `f` of `[miss] + V(f)`).
    ///
    /// # Errors
    ///
    /// [`Aborted`] if the deadline, the node budget or the stop flag ended the search first.
    pub fn after_letter_at_least(
        &self,
        family: &[u32],
        letter: Letter,
        k: u32,
    ) -> Result<bool, Aborted> {
        if k == 0 {
            return Ok(true);
        }
        if family.len() <= 1 {
            // A letter against one word: a miss iff the word lacks it.
            let miss = family
                .first()
                .is_some_and(|&w| self.words.letters(w) & letter.bit() == 0);
            return Ok(k == 1 && miss);
        }
        let node = self.root(family);
        // The letter may not split the family: count its misses too.
        let misses = self.words.misses(family, node.split | letter.bit());
        let mut scratch = Scratch::new();
        let r = self.referee(
            family,
            &node,
            &misses,
            letter.index(),
            k,
            &mut scratch.levels,
            &mut scratch.local,
        );
        self.limits.flush(&mut scratch.local);
        Ok(r? != Reply::Fails)
    }

    /// The node of a family given whole (its letter sets scanned here).
    pub(super) fn root(&self, family: &[u32]) -> Node {
        let (any, all) = self.words.any_all(family);
        self.node(View::all(family), ALL_LETTERS, any, all, u32::MAX)
    }

    /// A null-window test from the top, with the caller's buffers.
    pub(super) fn test(
        &self,
        family: &[u32],
        k: u32,
        scratch: &mut Scratch,
    ) -> Result<bool, Aborted> {
        if k == 0 {
            return Ok(true);
        }
        if family.len() <= 1 {
            return Ok(false);
        }
        let mut node = self.root(family);
        match self.settle(View::all(family), &mut node, k) {
            Settled::Reaches => Ok(true),
            Settled::Fails => Ok(false),
            Settled::Open => self.search(family, &node, k, &mut scratch.levels, &mut scratch.local),
        }
    }

    /// The node of `family`, whose splitting letters are among `candidates` (a letter
    /// that is constant in a family stays constant in its parts), `any`/`all` the OR and
    /// AND of its letter sets, `parent_hi` an upper bound of a superset.
    fn node(&self, family: View<'_>, candidates: u32, any: u32, all: u32, parent_hi: u32) -> Node {
        let (split, required) = self.words.split_letters(family, candidates, any, all);
        let n = family.len as u32;
        let mut node = Node {
            split,
            required,
            lo: 0,
            hi: n.saturating_sub(1).min(parent_hi),
            best: 26,
            all,
            lacking_done: false,
            disjoint_done: false,
            chain_done: false,
        };
        if n >= 2 && required == 0 {
            node.lo = 1;
        }
        if n == 2 {
            // Two words: no miss iff some letter is in both at different positions.
            node.hi = node.lo;
        }
        if family.len >= STORE_MIN
            && node.lo < node.hi
            && let Some(e) = self.table.get(key(family.first, split))
        {
            node.lo = node.lo.max(e.lo);
            node.hi = node.hi.min(e.hi);
            node.best = e.best;
        }
        debug_assert!(node.lo <= node.hi, "bounds cross: {node:?}");
        node
    }

    /// Tries the cheap bounds, cheapest first, until they settle the test at `need`.
    pub(super) fn settle(&self, family: View<'_>, node: &mut Node, need: u32) -> Settled {
        if node.lo >= need {
            return Settled::Reaches;
        }
        if node.hi < need {
            return Settled::Fails;
        }
        let words = family.iter(&self.words);
        if !node.lacking_done
            && bounds::lacks_fewer(&self.words, words.clone(), node.split, node.all, need)
        {
            node.hi = need - 1;
            return Settled::Fails;
        }
        node.lacking_done = true;
        if node.required != 0 {
            return Settled::Open;
        }
        if need == 2 && !node.chain_done {
            node.chain_done = true;
            if bounds::two_misses(&self.words, words.clone(), node.split) {
                node.lo = 2;
                return Settled::Reaches;
            }
        }
        // No `need` letters hitting every word proves `need` misses.
        if !node.disjoint_done && need >= 3 && need <= node.split.count_ones() {
            node.disjoint_done = true;
            let mut sets = Vec::new();
            let hit =
                bounds::hitting_set(&self.words, words, node.split, node.all, need, &mut sets);
            if hit == Some(false) {
                node.lo = need;
                return Settled::Reaches;
            }
        }
        Settled::Open
    }

    /// The guesser's letters at `node` for a test at `k`, best first: a forced move alone,
    /// else the table's refutation, then the letters fewest words lack, and last those
    /// whose miss part is known to reach `k - 1` (they cannot refute the test). `None` if
    /// a miss part is known to reach `k` by itself: then so does the family (a miss part is
    /// a subset of it).
    fn letters(
        &self,
        family: &[u32],
        node: &Node,
        misses: &Misses,
        k: u32,
    ) -> Option<([u8; 26], usize)> {
        let mut order = [0u8; 26];
        if node.required != 0 {
            order[0] = node.required.trailing_zeros() as u8;
            return Some((order, 1));
        }
        // 2: the miss part is known to reach k - 1.
        let mut class = [1u8; 26];
        let mut len = 0;
        let mut bits = node.split;
        while bits != 0 {
            let g = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            order[len] = g as u8;
            len += 1;
            let missing = misses.count[g];
            if missing > k - 1 {
                let view = View::missing(family, g, misses);
                let rest = node.split & !(1 << g);
                let m = self.node(view, rest, misses.any[g], misses.all[g], node.hi);
                if m.lo >= k {
                    return None;
                }
                class[g] = if m.lo >= k - 1 { 2 } else { 1 };
            }
        }
        order[..len].sort_by_key(|&g| {
            let i = g as usize;
            (g != node.best, class[i] == 2, misses.count[i], g)
        });
        Some((order, len))
    }

    /// The guesser's node: whether the referee reaches `k` from `family` (whose bounds
    /// leave the test open).
    fn search(
        &self,
        family: &[u32],
        node: &Node,
        k: u32,
        levels: &mut [Level],
        local: &mut u64,
    ) -> Result<bool, Aborted> {
        self.limits.tick(local)?;
        let misses = self.words.misses(family, node.split);
        if k == 2 && node.required == 0 && two_misses(node.split, &misses) {
            self.table
                .store(key(family[0], node.split), 2, u32::MAX, 26, family.len());
            return Ok(true);
        }
        let Some((order, len)) = self.letters(family, node, &misses, k) else {
            self.table
                .store(key(family[0], node.split), k, u32::MAX, 26, family.len());
            return Ok(true);
        };
        let letters = &order[..len];
        let mut refutation = None;
        // Young-brothers-wait: the first letter alone (the likely refutation), then the
        // others in parallel on large families.
        let parallel = !self.sequential
            && family.len() >= PARALLEL_MIN
            && letters.len() > 1
            && rayon::current_num_threads() > 1;
        if parallel {
            let g = letters[0];
            let r = self.referee(family, node, &misses, usize::from(g), k, levels, local)?;
            if r != Reply::Reaches {
                refutation = Some((g, r));
            } else {
                let found = letters[1..]
                    .par_iter()
                    .map(|&g| {
                        let mut scratch = Scratch::new();
                        let r = self.referee(
                            family,
                            node,
                            &misses,
                            usize::from(g),
                            k,
                            &mut scratch.levels,
                            &mut scratch.local,
                        );
                        self.limits.flush(&mut scratch.local);
                        (g, r)
                    })
                    .find_first(|(_, r)| !matches!(r, Ok(Reply::Reaches)));
                if let Some((g, r)) = found {
                    refutation = Some((g, r?));
                }
            }
        } else {
            for &g in letters {
                let r = self.referee(family, node, &misses, usize::from(g), k, levels, local)?;
                if r != Reply::Reaches {
                    refutation = Some((g, r));
                    break;
                }
            }
        }
        let store = family.len() >= STORE_MIN;
        let key = key(family[0], node.split);
        match refutation {
            Some((g, Reply::Fails)) => {
                if store {
                    self.table.store(key, 0, k - 1, g, family.len());
                }
                Ok(false)
            }
            _ => {
                if store {
                    self.table.store(key, k, u32::MAX, 26, family.len());
                }
                Ok(true)
            }
        }
    }

    /// The referee's node: after letter `g` from `family`, whether some part reaches `k`
    /// (`k - 1` for the miss part). `misses` describes the miss part of every letter.
    #[allow(clippy::too_many_arguments)]
    fn referee(
        &self,
        family: &[u32],
        node: &Node,
        misses: &Misses,
        g: usize,
        k: u32,
        levels: &mut [Level],
        local: &mut u64,
    ) -> Result<Reply, Aborted> {
        let (level, deeper) = levels.split_first_mut().expect("search depth");
        let Level {
            miss,
            buf,
            parts,
            open,
            counts,
        } = level;
        let rest = node.split & !(1 << g);
        open.clear();
        miss.clear();
        // The miss part first, without copying it out: its table entry and bounds often
        // settle the node alone.
        let missing = misses.count[g] as usize;
        if missing > 0 {
            let need = k - 1;
            if need == 0 {
                return Ok(Reply::Reaches);
            }
            if missing > need as usize {
                let view = View::missing(family, g, misses);
                let mut child = self.node(view, rest, misses.any[g], misses.all[g], node.hi);
                match self.settle(view, &mut child, need) {
                    _ if child.lo >= k => return Ok(Reply::FamilyReaches),
                    Settled::Reaches => return Ok(Reply::Reaches),
                    Settled::Fails => {}
                    Settled::Open => {
                        miss.extend(view.iter(&self.words));
                        open.push((MISS, child, need));
                    }
                }
            }
        }
        // Then the hit parts: settle what the table and the bounds settle before searching
        // anything (enhanced transposition cutoff).
        parts.clear();
        if family.len() - missing > k as usize {
            if counts.len() < self.words.max_ids() {
                counts.resize(self.words.max_ids(), 0);
            }
            self.words.split(family, g, buf, parts, counts);
            for (i, part) in parts.iter().enumerate() {
                if part.mask == 0 || part.len <= k {
                    // The miss part is done; fewer than k + 1 words cannot hold k misses.
                    continue;
                }
                let words = View::all(part.words(buf));
                let mut child = self.node(words, rest, part.any, part.all, node.hi);
                match self.settle(words, &mut child, k) {
                    Settled::Reaches => return Ok(Reply::FamilyReaches),
                    Settled::Fails => {}
                    Settled::Open => open.push((i, child, k)),
                }
            }
        }
        // The miss part first (it needs one miss fewer), then larger parts.
        open.sort_by_key(|(i, _, _)| match *i {
            MISS => (false, std::cmp::Reverse(0)),
            i => (true, std::cmp::Reverse(parts[i].len)),
        });
        for (i, child, need) in open.iter() {
            let words = match *i {
                MISS => &miss[..],
                i => parts[i].words(buf),
            };
            if self.search(words, child, *need, deeper, local)? {
                return Ok(Reply::Reaches);
            }
        }
        Ok(Reply::Fails)
    }

    /// The most misses a greedy guesser (a forced move, else the letter most words
    /// contain) can suffer from `family` against any referee: an upper bound on its value.
    pub(super) fn greedy_upper(&self, family: &[u32]) -> u32 {
        let mut scratch = Scratch::new();
        let (any, all) = self.words.any_all(family);
        self.greedy_walk(family, ALL_LETTERS, any, all, &mut scratch.levels)
    }

    fn greedy_walk(
        &self,
        family: &[u32],
        candidates: u32,
        any: u32,
        all: u32,
        levels: &mut [Level],
    ) -> u32 {
        if family.len() <= 1 {
            return 0;
        }
        let (split, required) = self
            .words
            .split_letters(View::all(family), candidates, any, all);
        let g = if required != 0 {
            required.trailing_zeros() as usize
        } else {
            // The letter fewest words lack; ties to the first.
            let misses = self.words.misses(family, split);
            let mut best = split.trailing_zeros() as usize;
            for g in (0..26).filter(|g| split >> g & 1 == 1) {
                if misses.count[g] < misses.count[best] {
                    best = g;
                }
            }
            best
        };
        let (level, deeper) = levels.split_first_mut().expect("search depth");
        if level.counts.len() < self.words.max_ids() {
            level.counts.resize(self.words.max_ids(), 0);
        }
        self.words.split(
            family,
            g,
            &mut level.buf,
            &mut level.parts,
            &mut level.counts,
        );
        let rest = split & !(1 << g);
        let mut worst = 0;
        for part in level.parts.iter() {
            let words = part.words(&level.buf);
            let v = u32::from(part.mask == 0)
                + self.greedy_walk(words, rest, part.any, part.all, deeper);
            worst = worst.max(v);
        }
        worst
    }
}
