//! Exact minimax for evil hangman: how many misses can a cheating referee force?
//!
//! # The game solved
//! The referee announces a length `L` and keeps the *family* of every word of that length
//! consistent with its answers so far (at the start: the whole bucket). The guesser guesses
//! letters; the referee partitions the family by the positions of the letter
//! ([`candidates::partition`]) and keeps one part, answering with its position mask (mask 0
//! is a *miss*). The game ends when one word is left: from then on the guesser knows the word
//! and guesses it (or its letters) without another miss.
//!
//! The **value** `V(F)` of a family is the number of misses an optimal referee forces on an
//! optimal guesser before the family is down to one word:
//! `V(F) = 0` if `|F| <= 1`, else the minimum over letters `g` of the maximum over the parts
//! `f` of `F` split by `g` of `[f is the miss part] + V(f)`. `M(L) = V(all words of length L)`.
//! With `N` lives (the `N`th miss loses) the guesser wins against every referee iff
//! `M(L) < N`; otherwise the referee wins against every guesser.
//!
//! Word guesses never help the guesser before one word is left (the referee can always call
//! them wrong while two words remain, which costs a miss and removes one word, and a letter
//! that the removed word does not share does at least as well), so the solver considers
//! letter guesses only.
//!
//! # How it is solved exactly
//! - **Null-window tests** [`Solver::at_least`]: "can the referee force at least `k` misses
//!   from `F`?", iterated down from an upper bound given by a greedy guesser's worst case
//!   until a test succeeds (MTD-style; bounds from earlier tests are reused).
//! - **Transposition table keyed exactly by a canonical form**: the value depends on the
//!   family only, never on the order of guesses. A family reached from the full bucket is
//!   exactly the set of words that agree with its smallest word on every letter whose
//!   position mask is the same across the family (the guessed letters are among them), so
//!   `(set of constant letters, smallest word index)` identifies it: any two move orders, and
//!   even different guessed sets, that reach the same family share one entry. Entries keep
//!   a lower and an upper bound and the guesser's refuting letter.
//! - **Dead-column collapse**: revealed positions and letters whose mask is constant across
//!   the family cannot split it; they are dropped from the moves and from the key.
//! - **Bounds as shortcuts**: `V(F) <= |F| - 1`; `V(F) <=` the most splitting letters any
//!   word lacks (guessing them all identifies the word); `V(F) >= m - 1` for `m` words whose
//!   splitting letters are pairwise disjoint (each guess can hit only one of them).
//! - **Move ordering**: the guesser tries the table's refuting letter, then letters by how
//!   many words contain them (small miss part first); the referee tries the miss part first,
//!   then larger parts.
//! - **Parallelism**: rayon across the letters of large guesser nodes and across lengths;
//!   the table is sharded. Values are exact, so results do not depend on thread count.
//! - **Time limit**: an aborted length reports the bounds it proved instead of a value.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use lexicon::{Bucket, Letter, LetterSet};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::candidates;
use crate::game::{Position, Step};
use crate::strategy::{Decision, Greedy, Policy};

/// The search ran out of time (or was stopped); only proven bounds are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search was stopped before it finished")]
pub struct Aborted;

/// Families at least this large search their letters in parallel.
const PARALLEL_MIN: usize = 800;
/// Families smaller than this are not stored in the table (recomputing is cheaper).
const STORE_MIN: usize = 4;
/// Table shards (a power of two).
const SHARDS: usize = 64;
/// Nodes between two checks of the deadline.
const CHECK_EVERY: u64 = 1 << 12;

/// One table entry, packed: lower bound, upper bound, refuting letter (26 = none).
#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: u8,
    hi: u8,
    best: u8,
}

const NO_LETTER: u8 = 26;
const ALL_LETTERS: u32 = LetterSet::FULL.bits();

/// What one pass over a family tells: everything the node needs before splitting it.
struct Scan {
    /// Letters whose position mask differs between words: the only useful guesses.
    split: u32,
    /// Per letter, how many words contain it.
    counts: [u32; 26],
    /// Upper bound on the value: the most splitting letters any word lacks.
    lacking_bound: u32,
    /// Size of a set of words whose splitting letters are pairwise disjoint.
    disjoint: u32,
}

/// Options of a solve.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Stop searching at this instant and report bounds.
    pub deadline: Option<Instant>,
    /// Stop storing new table entries beyond this many (0: no limit), to bound memory.
    pub max_entries: usize,
    /// Stop after this many nodes (0: no limit). Unlike a deadline this is deterministic
    /// for a single-threaded search (families smaller than the parallel threshold).
    pub max_nodes: u64,
}

/// An exact solver for the families of one bucket. `Sync`: one solver may be searched from
/// several threads; its table is shared.
pub struct Solver<'a> {
    bucket: &'a Bucket,
    table: Vec<Mutex<FxHashMap<u64, Entry>>>,
    entries: AtomicU64,
    nodes: AtomicU64,
    stop: AtomicBool,
    options: SolveOptions,
}

impl<'a> Solver<'a> {
    /// A solver for families of `bucket`. Every family given to it must be *closed*: all
    /// words of the bucket consistent with some set of answers (families reached from the
    /// whole bucket by partitioning are). Call [`Solver::clear`] before using families of a
    /// different universe (e.g. after removing a word from the family by hand).
    pub fn new(bucket: &'a Bucket, options: SolveOptions) -> Solver<'a> {
        Solver {
            bucket,
            table: (0..SHARDS).map(|_| Mutex::default()).collect(),
            entries: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            options,
        }
    }

    /// Lets a stopped search run again, with a new deadline.
    pub fn restart(&mut self, deadline: Option<Instant>) {
        self.options.deadline = deadline;
        *self.stop.get_mut() = false;
    }

    /// Forgets every table entry.
    pub fn clear(&mut self) {
        for shard in &mut self.table {
            shard.get_mut().expect("table lock").clear();
        }
        *self.entries.get_mut() = 0;
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The exact value `V(family)` (misses the referee forces before one word is left).
    /// `family` must be sorted ascending and closed (see [`Solver::new`]).
    ///
    /// # Errors
    ///
    /// [`Aborted`] if the deadline or the node budget of the options ran out first.
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

    /// The value of the referee's best answer after the guesser guesses `letter` from
    /// `family`, at least `k`? (The maximum over the parts `f` of `[miss] + V(f)`.)
    ///
    /// # Errors
    ///
    /// [`Aborted`] if the deadline or the node budget of the options ran out first.
    pub fn after_letter_at_least(
        &self,
        family: &[u32],
        letter: Letter,
        k: u32,
    ) -> Result<bool, Aborted> {
        if family.len() <= 1 {
            return Ok(false);
        }
        let split = self.scan(family, ALL_LETTERS).split;
        self.referee_reaches(family, split, letter, k)
    }

    /// Proven bounds `(lower, upper)` on `V(family)` from the table and cheap shortcuts.
    pub fn bounds(&self, family: &[u32]) -> (u32, u32) {
        if family.len() <= 1 {
            return (0, 0);
        }
        let scan = self.scan(family, ALL_LETTERS);
        let (mut lo, mut hi) = self.cheap_bounds(family, &scan);
        if let Some(e) = self.lookup(self.key(family, &scan)) {
            lo = lo.max(u32::from(e.lo));
            hi = hi.min(u32::from(e.hi));
        }
        (lo, hi.max(lo))
    }

    /// Whether the referee can force at least `k` misses from `family` (sorted, closed).
    ///
    /// # Errors
    ///
    /// [`Aborted`] if the deadline or the node budget of the options ran out first.
    pub fn at_least(&self, family: &[u32], k: u32) -> Result<bool, Aborted> {
        if k == 0 {
            return Ok(true);
        }
        if family.len() <= 1 || (family.len() as u32 - 1) < k {
            return Ok(false);
        }
        self.tick()?;
        let scan = self.scan(family, ALL_LETTERS);
        self.search(family, &scan, k)
    }

    /// Bounds on `V(family)` and the table's refuting letter, from a scan.
    fn node_bounds(&self, family: &[u32], scan: &Scan) -> (u32, u32, u8) {
        let (mut lo, mut hi) = self.cheap_bounds(family, scan);
        let mut best = NO_LETTER;
        if let Some(e) = self.lookup(self.key(family, scan)) {
            lo = lo.max(u32::from(e.lo));
            hi = hi.min(u32::from(e.hi));
            best = e.best;
        }
        (lo, hi, best)
    }

    /// The guesser's node: the referee reaches `k` iff it does after every useful letter.
    fn search(&self, family: &[u32], scan: &Scan, k: u32) -> Result<bool, Aborted> {
        let n = family.len();
        let (lo, hi, best) = self.node_bounds(family, scan);
        if lo >= k {
            return Ok(true);
        }
        if hi < k {
            return Ok(false);
        }
        let key = self.key(family, scan);
        // The guesser's letters: the table's refutation first, then the letters most words
        // contain (the smallest miss part).
        let mut letters: Vec<Letter> = LetterSet::from_bits(scan.split).iter().collect();
        letters.sort_by_key(|l| {
            (
                u8::from(l.index() as u8 != best),
                std::cmp::Reverse(scan.counts[l.index()]),
                l.index(),
            )
        });
        let refutation = if n >= PARALLEL_MIN {
            letters
                .par_iter()
                .map(|&g| (g, self.referee_reaches(family, scan.split, g, k)))
                .find_first(|(_, r)| !matches!(r, Ok(true)))
        } else {
            let mut found = None;
            for &g in &letters {
                let r = self.referee_reaches(family, scan.split, g, k);
                if !matches!(r, Ok(true)) {
                    found = Some((g, r));
                    break;
                }
            }
            found
        };
        match refutation {
            None => {
                self.store(n, key, k, u32::MAX, NO_LETTER);
                Ok(true)
            }
            Some((g, Ok(_))) => {
                self.store(n, key, 0, k - 1, g.index() as u8);
                Ok(false)
            }
            Some((_, Err(e))) => Err(e),
        }
    }

    /// The referee's node: whether some part of `family` split by `letter` gives it `k`
    /// misses. `split` are the letters that split `family`.
    fn referee_reaches(
        &self,
        family: &[u32],
        split: u32,
        letter: Letter,
        k: u32,
    ) -> Result<bool, Aborted> {
        let parts = candidates::partition(self.bucket, family, letter);
        let rest = split & !letter.bit();
        // Settle what the table and the bounds settle before searching anything (enhanced
        // transposition cutoff), keeping the parts that need a search.
        let mut open = Vec::with_capacity(parts.len());
        for (mask, part) in &parts {
            // The miss part (mask 0) is worth one more miss.
            let need = if *mask == 0 { k - 1 } else { k };
            if need == 0 {
                return Ok(true);
            }
            if part.len() <= 1 || (part.len() as u32 - 1) < need {
                continue;
            }
            let scan = self.scan(part, rest);
            let (lo, hi, _) = self.node_bounds(part, &scan);
            if lo >= need {
                return Ok(true);
            }
            if hi >= need {
                open.push((u8::from(*mask != 0), part.as_slice(), scan, need));
            }
        }
        // The miss part first, then larger parts, likelier to hold many misses.
        open.sort_by_key(|(hit, part, _, _)| (*hit, std::cmp::Reverse(part.len())));
        for (_, part, scan, need) in &open {
            self.tick()?;
            if self.search(part, scan, *need)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// One pass over `family`; only letters in `candidates` can split it (a letter that was
    /// constant across a parent family stays constant in its parts).
    fn scan(&self, family: &[u32], candidates: u32) -> Scan {
        let first = self.bucket.position_masks(family[0] as usize);
        let mut differ = 0u32;
        let mut open = candidates;
        for &w in &family[1..] {
            if open == 0 {
                break;
            }
            let masks = self.bucket.position_masks(w as usize);
            for l in LetterSet::from_bits(open).iter() {
                let i = l.index();
                differ |= u32::from(masks[i] != first[i]) << i;
            }
            open &= !differ;
        }
        let mut counts = [0u32; 26];
        let mut min_has = u32::MAX;
        for &w in family {
            let letters = self.bucket.letters(w as usize).bits() & differ;
            for l in LetterSet::from_bits(letters).iter() {
                counts[l.index()] += 1;
            }
            min_has = min_has.min(letters.count_ones());
        }
        // A set of words with pairwise disjoint splitting letters (a lower bound), built
        // greedily from the words with the fewest such letters: a few cheap passes.
        let (mut used, mut disjoint) = (0u32, 0u32);
        for size in (min_has..min_has + 3).map(Some).chain([None]) {
            for &w in family {
                let letters = self.bucket.letters(w as usize).bits() & differ;
                if letters & used == 0 && size.is_none_or(|s| letters.count_ones() == s) {
                    used |= letters;
                    disjoint += 1;
                }
            }
        }
        Scan {
            split: differ,
            counts,
            lacking_bound: differ.count_ones() - min_has,
            disjoint,
        }
    }

    /// The canonical key: the constant letters (the complement of the splitting ones) and
    /// the smallest word.
    fn key(&self, family: &[u32], scan: &Scan) -> u64 {
        (u64::from(scan.split) << 32) | u64::from(family[0])
    }

    fn cheap_bounds(&self, family: &[u32], scan: &Scan) -> (u32, u32) {
        let hi = (family.len() as u32 - 1).min(scan.lacking_bound);
        // Words whose splitting letters are pairwise disjoint: each guess hits at most one,
        // so the referee answers "miss" until one is left.
        (scan.disjoint.saturating_sub(1).min(hi), hi)
    }

    fn lookup(&self, key: u64) -> Option<Entry> {
        let shard = &self.table[shard_of(key)];
        shard.lock().expect("table lock").get(&key).copied()
    }

    fn store(&self, n: usize, key: u64, lo: u32, hi: u32, best: u8) {
        if n < STORE_MIN {
            return;
        }
        let mut shard = self.table[shard_of(key)].lock().expect("table lock");
        let full = self.options.max_entries > 0
            && self.entries.load(Ordering::Relaxed) >= self.options.max_entries as u64;
        let clamp = |v: u32| v.min(u32::from(u8::MAX)) as u8;
        match shard.get_mut(&key) {
            Some(e) => {
                e.lo = e.lo.max(clamp(lo));
                e.hi = e.hi.min(clamp(hi));
                if best != NO_LETTER {
                    e.best = best;
                }
            }
            None if !full => {
                shard.insert(
                    key,
                    Entry {
                        lo: clamp(lo),
                        hi: clamp(hi),
                        best,
                    },
                );
                self.entries.fetch_add(1, Ordering::Relaxed);
            }
            None => {}
        }
    }

    fn tick(&self) -> Result<(), Aborted> {
        let n = self.nodes.fetch_add(1, Ordering::Relaxed);
        if n.is_multiple_of(CHECK_EVERY)
            && let Some(deadline) = self.options.deadline
            && Instant::now() >= deadline
        {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.options.max_nodes > 0 && n >= self.options.max_nodes {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err(Aborted);
        }
        Ok(())
    }
}

fn shard_of(key: u64) -> usize {
    // Mix the word index and the letters so neighbouring families spread over shards.
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize % SHARDS
}

/// The most misses the greedy guesser can suffer from `family` against any referee: an
/// upper bound on `V(family)` (greedy is one guesser; the optimal one does no worse).
pub fn greedy_bound(bucket: &Bucket, family: &[u32]) -> u32 {
    fn walk(bucket: &Bucket, family: &[u32], position: Position) -> u32 {
        if family.len() <= 1 {
            return 0;
        }
        // Word guesses only at one candidate: this bound counts misses until one word is left.
        match (Greedy { word_at: 1 }).decide(bucket, family, &position) {
            Decision::Letter(letter) => candidates::partition(bucket, family, letter)
                .into_iter()
                .map(|(mask, part)| {
                    let step = Step::Letter {
                        letter,
                        positions: mask,
                    };
                    u32::from(mask == 0) + walk(bucket, &part, position.after(step))
                })
                .max()
                .unwrap_or(0),
            // Greedy guesses a word only when one is left.
            Decision::Word(_) => 0,
        }
    }
    walk(bucket, family, Position::new(bucket.length(), u32::MAX))
}

/// Proven bounds on a value; equal when exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bounds {
    /// The referee can force at least this many misses.
    pub lower: u32,
    /// The guesser can hold the referee to at most this many misses.
    pub upper: u32,
}

impl Bounds {
    /// Whether the value is known exactly.
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// The solution (or the bounds found) for one word length.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LengthSolution {
    /// Word length.
    pub length: usize,
    /// Words of that length.
    pub words: usize,
    /// `M(L)`: the misses an optimal referee forces on an optimal guesser before one word
    /// is left, or bounds on it when the search stopped early.
    pub misses: Bounds,
    /// The guesser's optimal first letters proven so (letters that hold the referee to
    /// `M(L)`); empty unless `M(L)` is exact.
    pub best_first: Vec<String>,
    /// Whether every letter was settled, so `best_first` is all the optimal first letters.
    pub best_first_complete: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time to find `M(L)` (or its bounds), seconds.
    pub seconds: f64,
    /// Wall time including the search for the optimal first letters, seconds.
    pub seconds_with_first: f64,
}

impl LengthSolution {
    /// Who wins with `lives` lives (the `lives`th miss loses): `Some(true)` if the guesser
    /// wins against every referee (`M < lives`), `Some(false)` if the referee wins against
    /// every guesser (`M >= lives`), `None` if the bounds do not decide it.
    pub fn guesser_wins(&self, lives: u32) -> Option<bool> {
        if self.misses.upper < lives {
            Some(true)
        } else if self.misses.lower >= lives {
            Some(false)
        } else {
            None
        }
    }
}

/// Solves one length: `M(L)` exactly (or bounds if `options.deadline` passes first) and the
/// optimal first letters. `progress` is called with the bounds each time they improve.
///
/// # Examples
///
/// Against `bat cat hat mat` only the first letter tells the words apart, and a cheating
/// referee answers "no" to it while two words remain: three misses before one is left.
///
/// ```
/// use hangman::solve::{SolveOptions, solve_length};
/// use lexicon::Lexicon;
///
/// let lexicon = Lexicon::from_words(["bat", "cat", "hat", "mat"])?;
/// let solution = solve_length(lexicon.bucket(3), SolveOptions::default(), &|_, _| {});
/// assert!(solution.misses.is_exact());
/// assert_eq!(solution.misses.lower, 3);
/// // With 4 lives (the fourth miss loses) the guesser wins; with 3 the referee does.
/// assert_eq!(solution.guesser_wins(4), Some(true));
/// assert_eq!(solution.guesser_wins(3), Some(false));
/// # Ok::<(), lexicon::LexiconError>(())
/// ```
pub fn solve_length(
    bucket: &Bucket,
    options: SolveOptions,
    progress: &(dyn Fn(usize, Bounds) + Sync),
) -> LengthSolution {
    let start = Instant::now();
    let family = candidates::all(bucket);
    let solver = Solver::new(bucket, options);
    let (lo, hi) = solver.bounds(&family);
    let mut nodes;
    let mut bounds = Bounds {
        lower: lo,
        upper: hi.min(greedy_bound(bucket, &family)).max(lo),
    };
    progress(bucket.length(), bounds);
    // Test downwards from the upper bound: a failing test is a guesser strategy (cheap to
    // prove with good move ordering), and only the last, succeeding test needs a full
    // referee proof.
    while bounds.lower < bounds.upper {
        match solver.at_least(&family, bounds.upper) {
            Ok(true) => bounds.lower = bounds.upper,
            Ok(false) => bounds.upper -= 1,
            Err(Aborted) => break,
        }
        progress(bucket.length(), bounds);
    }
    let solve_seconds = start.elapsed().as_secs_f64();
    nodes = solver.nodes();
    // The optimal first letters: a letter is optimal iff the referee cannot reach M + 1
    // after it. Proving a letter bad takes a full referee proof, so this phase gets its own
    // time (as long as finding M took, at least 5 s, within the overall deadline); letters
    // it cannot settle leave the list marked incomplete.
    let mut best_first = Vec::new();
    let mut best_first_complete = false;
    if bounds.is_exact() && family.len() > 1 {
        let m = bounds.upper;
        let budget = start.elapsed().max(Duration::from_secs(5));
        let mut phase_deadline = Instant::now() + budget;
        if let Some(d) = options.deadline {
            phase_deadline = phase_deadline.min(d);
        }
        let mut solver = solver;
        solver.restart(Some(phase_deadline));
        best_first_complete = true;
        let split = solver.scan(&family, ALL_LETTERS).split;
        for letter in LetterSet::from_bits(split).iter() {
            match solver.after_letter_at_least(&family, letter, m + 1) {
                Ok(false) => best_first.push(letter.to_string()),
                Ok(true) => {}
                Err(Aborted) => best_first_complete = false,
            }
        }
        nodes = solver.nodes();
    }
    LengthSolution {
        length: bucket.length(),
        words: bucket.len(),
        misses: bounds,
        best_first,
        best_first_complete,
        nodes,
        seconds: solve_seconds,
        seconds_with_first: start.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests;
