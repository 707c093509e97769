//! The driver: solves one word length from the top, moving proven bounds from both sides,
//! then finds the guesser's optimal first letters.
//!
//! 1. Cheap bounds at the root, and a greedy guesser's worst case as the upper bound.
//! 2. The **verdict**: with `N` lives, one test "does the referee reach `N`?" decides who
//!    wins, whatever the exact value.
//! 3. **Narrowing from both sides**: tests at `lower + 1` (a success raises the lower bound)
//!    and at `upper` (a failure lowers the upper bound), each round with a node budget that
//!    grows fourfold when neither side finished a test. Tests far from the value are cheap
//!    on either side, so a length that runs out of time still reports a tight interval.
//!    The table keeps what an interrupted test proved, so the retry does not start over.
//! 4. **Optimal first letters**: a letter `g` is optimal iff `V(miss part of g) < M`: a
//!    hit part is a subset of the family, worth at most `M` (monotonicity), so only the
//!    miss part can push the value above `M`. Each letter is one test.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use lexicon::{Bucket, Letter, LetterSet};
use serde::Serialize;

use super::limits::Counter;
use super::search::{Scratch, SolveOptions, Solver};
use super::witness::{self, Witness};

/// The first node budget of a narrowing round.
const FIRST_BUDGET: u64 = 1 << 14;
/// Nodes the value's search spends on four-blank witnesses (once, when its first tests
/// stall): a handful of tests of a few thousand words each.
const VALUE_WIDE_NODES: u64 = 24_000_000;

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

    /// Who wins with `lives` lives (the `lives`th miss loses): `Some(true)` if the guesser
    /// wins against every referee (`M < lives`), `Some(false)` if the referee wins against
    /// every guesser (`M >= lives`), `None` if the bounds do not decide it.
    pub fn guesser_wins(&self, lives: u32) -> Option<bool> {
        if self.upper < lives {
            Some(true)
        } else if self.lower >= lives {
            Some(false)
        } else {
            None
        }
    }
}

/// The value when exact, else `lower..upper`.
impl std::fmt::Display for Bounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_exact() {
            write!(f, "{}", self.lower)
        } else {
            write!(f, "{}..{}", self.lower, self.upper)
        }
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
    /// Whether every letter was settled, so `best_first` is all the optimal first letters
    /// (true with no letter for a length of one word: there is nothing to guess).
    pub best_first_complete: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time to find `M(L)` (or its bounds), seconds.
    pub seconds: f64,
    /// Wall time until the bounds decided the verdict for the lives asked for, seconds
    /// (`None` if no lives were given or the search stopped before deciding it).
    pub verdict_seconds: Option<f64>,
    /// Wall time including the search for the optimal first letters, seconds.
    pub seconds_with_first: f64,
    /// The sub-family whose value gave the lower bound, when one did better than the
    /// cheap bounds at the root (see [`super::best_witness`]).
    #[serde(skip)]
    pub witness: Option<Witness>,
    /// How each first letter was settled, in alphabetical order (letters still open
    /// are left out): what a certificate's first-letter proofs are written from.
    #[serde(skip)]
    pub first_letters: Vec<(Letter, FirstLetter)>,
}

/// How the driver settled one first letter `g` of a family of value `M`: the evidence
/// [`super::certify_first_letters`] writes its proof from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstLetter {
    /// Optimal: every word holds `g`, so there is no miss part.
    InEveryWord,
    /// Optimal: its miss part is proven worth less than `M` by the search; `then` is the
    /// second guess of a split proof when one settled it.
    Optimal {
        /// The letter guessed next from the miss part (a split proof), if any.
        then: Option<Letter>,
    },
    /// Not optimal: its miss part is worth `M`, proven on the sub-family `witness` of it
    /// (the whole miss part when `None`).
    NotOptimal {
        /// A sub-family of the miss part worth `M`.
        witness: Option<Witness>,
    },
}

impl FirstLetter {
    /// Whether the letter is optimal.
    pub fn is_optimal(&self) -> bool {
        !matches!(self, FirstLetter::NotOptimal { .. })
    }
}

impl LengthSolution {
    /// Who wins with `lives` lives; see [`Bounds::guesser_wins`].
    pub fn guesser_wins(&self, lives: u32) -> Option<bool> {
        self.misses.guesser_wins(lives)
    }
}

/// What the solve of one length is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Not started.
    Waiting,
    /// Proving bounds on `M`.
    Bounds,
    /// Settling the optimal first letters.
    FirstLetters,
    /// Finished or stopped.
    Done,
}

/// A live view of one length's solve, for progress displays: the driver writes it, any
/// thread may read it.
#[derive(Debug)]
pub struct Progress {
    length: usize,
    words: usize,
    lower: AtomicU32,
    upper: AtomicU32,
    testing: AtomicU32,
    phase: AtomicU8,
    nodes: AtomicU64,
    letters_done: AtomicU32,
    letters_total: AtomicU32,
    started: OnceLock<Instant>,
}

/// A copy of a [`Progress`] at one moment.
#[derive(Clone, Copy, Debug)]
pub struct ProgressSnapshot {
    /// Word length.
    pub length: usize,
    /// Words of that length.
    pub words: usize,
    /// Bounds proven so far (`None` before the first).
    pub bounds: Option<Bounds>,
    /// The target of the test running now.
    pub testing: Option<u32>,
    /// What the solve is doing.
    pub phase: Phase,
    /// Nodes searched so far.
    pub nodes: u64,
    /// First letters settled so far, of how many.
    pub first_letters: (u32, u32),
    /// Time since the solve of this length started.
    pub elapsed: Duration,
}

impl Progress {
    /// The progress of a length not started yet.
    pub fn new(length: usize, words: usize) -> Progress {
        Progress {
            length,
            words,
            lower: AtomicU32::new(0),
            upper: AtomicU32::new(u32::MAX),
            testing: AtomicU32::new(u32::MAX),
            phase: AtomicU8::new(0),
            nodes: AtomicU64::new(0),
            letters_done: AtomicU32::new(0),
            letters_total: AtomicU32::new(0),
            started: OnceLock::new(),
        }
    }

    /// The word length.
    pub fn length(&self) -> usize {
        self.length
    }

    /// The state now.
    pub fn snapshot(&self) -> ProgressSnapshot {
        let upper = self.upper.load(Ordering::Relaxed);
        let phase = match self.phase.load(Ordering::Relaxed) {
            0 => Phase::Waiting,
            1 => Phase::Bounds,
            2 => Phase::FirstLetters,
            _ => Phase::Done,
        };
        ProgressSnapshot {
            length: self.length,
            words: self.words,
            bounds: (upper != u32::MAX).then(|| Bounds {
                lower: self.lower.load(Ordering::Relaxed),
                upper,
            }),
            testing: match self.testing.load(Ordering::Relaxed) {
                u32::MAX => None,
                k => Some(k),
            },
            phase,
            nodes: self.nodes.load(Ordering::Relaxed),
            first_letters: (
                self.letters_done.load(Ordering::Relaxed),
                self.letters_total.load(Ordering::Relaxed),
            ),
            elapsed: self.started.get().map(Instant::elapsed).unwrap_or_default(),
        }
    }

    fn set_bounds(&self, b: Bounds) {
        self.lower.store(b.lower, Ordering::Relaxed);
        self.upper.store(b.upper, Ordering::Relaxed);
    }

    fn set_phase(&self, phase: Phase) {
        let code = match phase {
            Phase::Waiting => 0,
            Phase::Bounds => 1,
            Phase::FirstLetters => 2,
            Phase::Done => 3,
        };
        self.phase.store(code, Ordering::Relaxed);
    }

    fn set_testing(&self, k: Option<u32>) {
        self.testing.store(k.unwrap_or(u32::MAX), Ordering::Relaxed);
    }
}

/// How a budgeted test ended.
enum Outcome {
    Done(bool),
    OutOfBudget,
    Stopped,
}

/// One null-window test at the root with at most `budget` nodes (0: no budget of its own).
fn run_test(
    solver: &mut Solver<'_>,
    family: &[u32],
    k: u32,
    budget: u64,
    options: &SolveOptions,
    progress: &Progress,
) -> Outcome {
    let used = solver.nodes();
    if options.max_nodes > 0 && used >= options.max_nodes {
        return Outcome::Stopped;
    }
    let left = match options.max_nodes {
        0 => u64::MAX,
        m => m - used,
    };
    let own = if budget == 0 { u64::MAX } else { budget };
    let allowed = own.min(left);
    solver.restart_with(
        options.deadline,
        if allowed == u64::MAX { 0 } else { allowed },
    );
    progress.set_testing(Some(k));
    let mut scratch = Scratch::new();
    let r = solver.test(family, k, &mut scratch);
    solver.limits.flush(&mut scratch.local);
    progress.set_testing(None);
    match r {
        Ok(reaches) => Outcome::Done(reaches),
        Err(_) if solver.limits.caller_stopped() || own >= left => Outcome::Stopped,
        Err(_) => Outcome::OutOfBudget,
    }
}

/// Solves one length: `M(L)` exactly (or proven bounds when `options` stop it first), the
/// verdict for `lives` lives first, then the optimal first letters. `progress` shows the
/// state to other threads while it runs.
pub fn solve_length(
    bucket: &Bucket,
    options: &SolveOptions,
    lives: Option<u32>,
    progress: &Progress,
) -> LengthSolution {
    solve(bucket, options, lives, progress, None, true)
}

/// Like [`solve_length`] without the optimal first letters (`best_first` empty and not
/// complete): the first phase of a run under a time limit, where every length gets its
/// value before any length spends time on first letters. `resume` is an earlier, stopped
/// attempt at the same length: its proven bounds and witness are the starting point.
pub fn solve_value(
    bucket: &Bucket,
    options: &SolveOptions,
    lives: Option<u32>,
    progress: &Progress,
    resume: Option<&LengthSolution>,
) -> LengthSolution {
    solve(bucket, options, lives, progress, resume, false)
}

/// The second phase after [`solve_value`]: settles the optimal first letters of a length
/// whose value is exact (nothing to do otherwise), within `options`' limits.
pub fn solve_first_letters(
    bucket: &Bucket,
    options: &SolveOptions,
    solution: &mut LengthSolution,
    progress: &Progress,
) {
    let start = Instant::now();
    let family: Vec<u32> = (0..bucket.len() as u32).collect();
    if solution.misses.is_exact() && family.len() > 1 && !options.verdict_only {
        let mut solver =
            Solver::with_counter(bucket, options.clone(), Counter::Shared(&progress.nodes));
        progress.set_phase(Phase::FirstLetters);
        let first = first_letters(
            &mut solver,
            &family,
            solution.misses.lower,
            solution.witness.as_ref(),
            options,
            progress,
        );
        solution.best_first = first.best;
        solution.best_first_complete = first.complete;
        solution.first_letters = first.proofs;
        solution.nodes = solver.nodes() + first.split_nodes;
    } else {
        solution.best_first_complete = family.len() <= 1;
    }
    solution.seconds_with_first += start.elapsed().as_secs_f64();
    progress.set_phase(Phase::Done);
}

fn solve(
    bucket: &Bucket,
    options: &SolveOptions,
    lives: Option<u32>,
    progress: &Progress,
    resume: Option<&LengthSolution>,
    with_first: bool,
) -> LengthSolution {
    let start = Instant::now();
    let _ = progress.started.set(start);
    progress.set_phase(Phase::Bounds);
    let family: Vec<u32> = (0..bucket.len() as u32).collect();
    let mut solver =
        Solver::with_counter(bucket, options.clone(), Counter::Shared(&progress.nodes));
    let (lo, upper) = solver.cheap_bounds(&family);
    // A sub-family's value bounds the family's from below (monotonicity).
    let witness = match resume.and_then(|r| r.witness.clone()) {
        Some(w) => Some(w),
        None if lo < upper => witness::best_witness(bucket, options.deadline, &options.stop),
        None => None,
    };
    let from_witness = witness.as_ref().map_or(0, |w| w.value);
    let mut b = Bounds {
        lower: lo.max(from_witness),
        upper: upper.max(lo),
    };
    if let Some(r) = resume {
        // Both are proven: their intersection is.
        b.lower = b.lower.max(r.misses.lower);
        b.upper = b.upper.min(r.misses.upper).max(b.lower);
    }
    let spent = resume.map_or(0.0, |r| r.seconds);
    progress.set_bounds(b);
    let mut stopped = false;
    let apply = |b: &mut Bounds, k: u32, reaches: bool| {
        if reaches {
            b.lower = b.lower.max(k);
        } else {
            b.upper = b.upper.min(k - 1);
        }
        progress.set_bounds(*b);
    };
    // The verdict first: one test at the number of lives.
    if let Some(n) = lives
        && b.lower < n
        && n <= b.upper
    {
        match run_test(&mut solver, &family, n, 0, options, progress) {
            Outcome::Done(r) => apply(&mut b, n, r),
            _ => stopped = true,
        }
    }
    let verdict_seconds = lives
        .is_some_and(|n| b.guesser_wins(n).is_some())
        .then(|| start.elapsed().as_secs_f64());
    let narrow = !(options.verdict_only && lives.is_some());
    // Then both sides, with a growing node budget per round.
    let mut budget = FIRST_BUDGET;
    // Whether the four-blank witnesses were tried (once). What they find raises the lower
    // bound only: certificates keep `witness` (a referee's proof on thousands of words does
    // not finish), and so do the first letters, which must not depend on whether a
    // parallel search stalled.
    let mut widened = false;
    while narrow && !stopped && b.lower < b.upper {
        if !widened
            && budget == FIRST_BUDGET * 4
            && witness.as_ref().is_some_and(|w| w.value == b.lower)
        {
            // The tests did not settle the value at once: a four-blank group may be worth
            // one more than the witness (the 6-letter words.txt words lacking `j`: `????ed`).
            widened = true;
            let (deadline, stop) = (options.deadline, &options.stop);
            let (wider, _) = witness::four_blank_within(
                bucket,
                &family,
                b.lower + 1,
                VALUE_WIDE_NODES,
                deadline,
                stop,
            );
            if let Some(wider) = wider {
                apply(&mut b, wider.value, true);
            }
        }
        let mut finished_one = false;
        for k in [b.lower + 1, b.upper] {
            if b.lower >= b.upper || k <= b.lower || k > b.upper {
                continue;
            }
            let out = run_test(&mut solver, &family, k, budget, options, progress);
            match out {
                Outcome::Done(r) => {
                    apply(&mut b, k, r);
                    finished_one = true;
                }
                Outcome::OutOfBudget => {}
                Outcome::Stopped => {
                    stopped = true;
                    break;
                }
            }
            if b.lower + 1 == b.upper && k == b.lower + 1 {
                // Both sides would run the same test.
                break;
            }
        }
        if !finished_one {
            budget = budget.saturating_mul(4);
        }
    }
    let seconds = spent + start.elapsed().as_secs_f64();
    let first = if with_first && narrow && !stopped && b.is_exact() && family.len() > 1 {
        progress.set_phase(Phase::FirstLetters);
        if options.first_letter_nodes > 0 && !options.sequential {
            // A parallel search leaves the table in a state that depends on the
            // threads' timing, and so would the letters settled within the cap: they
            // start from a fresh, sequential solver instead (the old table is freed).
            let sequential = SolveOptions {
                sequential: true,
                ..options.clone()
            };
            solver = Solver::with_counter(bucket, sequential, Counter::Shared(&progress.nodes));
        }
        first_letters(
            &mut solver,
            &family,
            b.lower,
            witness.as_ref(),
            options,
            progress,
        )
    } else {
        // One word: nothing to guess, so the (empty) list is complete.
        FirstLetters {
            best: Vec::new(),
            complete: family.len() <= 1,
            split_nodes: 0,
            proofs: Vec::new(),
        }
    };
    if with_first {
        progress.set_phase(Phase::Done);
    }
    LengthSolution {
        length: bucket.length(),
        words: bucket.len(),
        misses: b,
        best_first: first.best,
        best_first_complete: first.complete,
        first_letters: first.proofs,
        nodes: solver.nodes() + first.split_nodes,
        seconds,
        verdict_seconds,
        seconds_with_first: spent + start.elapsed().as_secs_f64(),
        witness: witness.filter(|w| w.value > lo),
    }
}

/// The optimal first letters from `family` of value `m`, whether every letter was settled
/// before the caller's limits stopped the search, and how each was settled.
///
/// Cheap proofs first, for every letter: a letter in every word is optimal; a letter whose
/// miss part the greedy guesser holds below `m` is optimal; a letter whose miss part holds
/// the root's witness of value `m` is not. The letters left get full tests, round-robin
/// with a node budget that grows fourfold, so one hard letter does not hold up the easy
/// ones (the table keeps what each round proved). After the first, small round, the
/// letters still open look for a witness of value `m` within their miss parts (one to
/// three blanks: the referee's natural answer), which settles them as not optimal. After
/// the second round, the letters still open look for a four-blank witness (`????ed`; one
/// lacking the later open letters too settles them all), then try split proofs
/// ([`split_proof`]): the next guess a letter already proven optimal for the whole family,
/// each of its parts tested as a list of its own; this settles in seconds the letters of 4
/// and 5 whose own tests ran for hours. With a
/// cap ([`SolveOptions::first_letter_nodes`]) the tests stop once the phase has searched
/// that many nodes, and the letters still open are reported as such (not complete); each
/// letter's four-blank search has a cap of its own, the same number, and the split proofs
/// none but their per-part budget (a cap shared by the letters let the first letter
/// starve the next: words.txt at 7 left `k`, then `y`, open).
fn first_letters(
    solver: &mut Solver<'_>,
    family: &[u32],
    m: u32,
    witness: Option<&Witness>,
    options: &SolveOptions,
    progress: &Progress,
) -> FirstLetters {
    // A witness of value `m` with no word holding a letter lies inside that letter's miss
    // part, so the miss part is worth `m` too (monotonicity) and the letter is not optimal.
    let bucket = solver.bucket();
    let outside = |letter: Letter| {
        witness.is_some_and(|w| {
            w.value >= m
                && w.words
                    .iter()
                    .all(|&i| !bucket.word(i as usize).contains(&letter.lower()))
        })
    };
    let node = solver.root(family);
    let letters = LetterSet::from_bits(node.split);
    progress
        .letters_total
        .store(letters.len(), Ordering::Relaxed);
    let mut settled: Vec<(Letter, Option<FirstLetter>)> = Vec::new();
    let mut done = 0u32;
    let mut miss = Vec::new();
    for letter in letters.iter() {
        let optimal = if node.required & letter.bit() != 0 {
            // No word lacks it: no miss part, and the hit parts are worth at most m.
            Some(FirstLetter::InEveryWord)
        } else if outside(letter) {
            let witness = witness.cloned();
            Some(FirstLetter::NotOptimal { witness })
        } else {
            solver.words.miss_part(family, letter.index(), &mut miss);
            let (lo, hi) = solver.cheap_bounds(&miss);
            if hi < m {
                Some(FirstLetter::Optimal { then: None })
            } else if lo >= m {
                Some(FirstLetter::NotOptimal { witness: None })
            } else {
                None
            }
        };
        done += u32::from(optimal.is_some());
        progress.letters_done.store(done, Ordering::Relaxed);
        settled.push((letter, optimal));
    }
    // The letters proven optimal so far, and whether every letter is settled.
    let found = |settled: &[(Letter, Option<FirstLetter>)], complete: bool, split_nodes: u64| {
        let best = settled
            .iter()
            .filter(|(_, s)| s.as_ref().is_some_and(FirstLetter::is_optimal));
        FirstLetters {
            best: best.map(|(l, _)| Letter::to_string(l)).collect(),
            complete,
            split_nodes,
            proofs: settled
                .iter()
                .filter_map(|(l, s)| Some((*l, s.clone()?)))
                .collect(),
        }
    };
    // The phase's own cap (0: none), counted from here: see `SolveOptions::first_letter_nodes`.
    let cap = options.first_letter_nodes;
    let phase_start = solver.nodes();
    // Nodes searched by split proofs (their own solvers). They are not counted against
    // the cap: each part is bounded by `SPLIT_PART_NODES` and each letter tries at most
    // `SPLIT_LETTERS` second guesses, so they are bounded anyway, and a cap shared by the
    // letters let a hard letter tried first starve an easy one (words.txt, 7 letters: `k`,
    // optimal through `a` next, was left open).
    let mut split_nodes = 0u64;
    // And those of the four-blank witnesses' tests: each letter's within the cap.
    let mut wide_nodes = 0u64;
    let mut budget = FIRST_BUDGET;
    while settled.iter().any(|(_, s)| s.is_none()) {
        if budget == FIRST_BUDGET * 4 {
            // The letters a small search did not settle: look for a witness of value `m`
            // in their miss parts (seconds at most per letter, so only for these).
            for (letter, optimal) in settled.iter_mut().filter(|(_, s)| s.is_none()) {
                solver.words.miss_part(family, letter.index(), &mut miss);
                let (deadline, stop) = (options.deadline, &options.stop);
                let reach = witness::Reach::Wide;
                let found = witness::witness_within(bucket, &miss, m, reach, deadline, stop);
                if let Some(w) = found {
                    *optimal = Some(FirstLetter::NotOptimal { witness: Some(w) });
                    done += 1;
                    progress.letters_done.store(done, Ordering::Relaxed);
                }
            }
        }
        if budget == FIRST_BUDGET * 16 {
            // The letters still open after two rounds: a four-blank group worth `m` in
            // their miss parts (`????ed` at 6 without `j`: the root's `???ing` and
            // `?a??ed` hold `j`, and less `j` are worth 11), each letter within the cap.
            // Before the split proofs: these fail at once on an optimal letter's miss part
            // (no group is worth `m`; the cheap upper bounds say so), while a split proof
            // of a letter that is not optimal runs out its whole budget (enable1 at 6 and
            // 7: 1.5 and 2 M nodes). A group lacking the later open letters too settles
            // them with one test: on enable1 at 7 `????ing` ∪ `????ers` less `w x y`,
            // 10.8 s, where `w` and `y` alone took 24 and 22 s; at 6 `????ed` less `w y`.
            let open: Vec<usize> = (0..settled.len())
                .filter(|&i| settled[i].1.is_none())
                .collect();
            for (at, &i) in open.iter().enumerate() {
                if settled[i].1.is_some() {
                    continue;
                }
                let letter = settled[i].0;
                let later = open[at + 1..]
                    .iter()
                    .filter(|&&j| settled[j].1.is_none())
                    .fold(LetterSet::EMPTY, |set, &j| set.with(settled[j].0));
                let (deadline, stop) = (options.deadline, &options.stop);
                let mut found = None;
                // Lacking the later open letters too, then the letter alone.
                // (The miss part lacks the letter itself already.)
                let tries = if later.is_empty() {
                    vec![LetterSet::EMPTY]
                } else {
                    vec![later, LetterSet::EMPTY]
                };
                solver.words.miss_part(family, letter.index(), &mut miss);
                for lacking in tries {
                    let part: Vec<u32> = miss
                        .iter()
                        .copied()
                        .filter(|&w| bucket.letters(w as usize).intersection(lacking).is_empty())
                        .collect();
                    let (wider, nodes) =
                        witness::four_blank_within(bucket, &part, m, cap, deadline, stop);
                    wide_nodes += nodes;
                    if wider.is_some() {
                        found = wider;
                        break;
                    }
                }
                let Some(w) = found else { continue };
                // Every open letter the witness lacks is not optimal by it.
                let used = w.words.iter().fold(LetterSet::EMPTY, |set, &x| {
                    set.union(bucket.letters(x as usize))
                });
                for &j in &open[at..] {
                    if settled[j].1.is_none() && !used.contains(settled[j].0) {
                        settled[j].1 = Some(FirstLetter::NotOptimal {
                            witness: Some(w.clone()),
                        });
                        done += 1;
                    }
                }
                progress.letters_done.store(done, Ordering::Relaxed);
            }
            // The letters still open (the cheap ones are settled by then): split proofs,
            // the second guess a letter already proven optimal for the whole family (`i`
            // after any `?ill` letter at 4).
            let thens: Vec<Letter> = settled
                .iter()
                .filter(|(_, s)| s.as_ref().is_some_and(FirstLetter::is_optimal))
                .map(|&(l, _)| l)
                .take(SPLIT_LETTERS)
                .collect();
            for (letter, optimal) in settled.iter_mut().filter(|(_, s)| s.is_none()) {
                solver.words.miss_part(family, letter.index(), &mut miss);
                for &then in &thens {
                    let (proven, nodes) = split_proof(bucket, &miss, then, m, options);
                    split_nodes += nodes;
                    if proven {
                        *optimal = Some(FirstLetter::Optimal { then: Some(then) });
                        done += 1;
                        progress.letters_done.store(done, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }
        for (letter, optimal) in settled.iter_mut().filter(|(_, s)| s.is_none()) {
            let spent = solver.nodes() - phase_start;
            if cap > 0 && spent >= cap {
                return found(&settled, false, split_nodes + wide_nodes);
            }
            let allowed = match cap {
                0 => budget,
                cap => budget.min(cap - spent),
            };
            solver.words.miss_part(family, letter.index(), &mut miss);
            match run_test(solver, &miss, m, allowed, options, progress) {
                Outcome::Done(reaches) => {
                    *optimal = Some(match reaches {
                        true => FirstLetter::NotOptimal { witness: None },
                        false => FirstLetter::Optimal { then: None },
                    });
                    done += 1;
                    progress.letters_done.store(done, Ordering::Relaxed);
                }
                Outcome::OutOfBudget => {}
                Outcome::Stopped => return found(&settled, false, split_nodes + wide_nodes),
            }
        }
        budget = budget.saturating_mul(4);
    }
    found(&settled, true, split_nodes + wide_nodes)
}

/// What [`first_letters`] settled.
struct FirstLetters {
    /// The letters proven optimal.
    best: Vec<String>,
    /// Whether every letter was settled.
    complete: bool,
    /// Nodes searched by split proofs' own solvers (not in the solver's count).
    split_nodes: u64,
    /// How each settled letter was settled.
    proofs: Vec<(Letter, FirstLetter)>,
}

/// Letters proven optimal for the whole family tried as the second guess of a split proof.
const SPLIT_LETTERS: usize = 2;
/// Nodes one part of a split proof may search.
const SPLIT_PART_NODES: u64 = 250_000;

/// Whether the miss part `miss` of a first letter is proven worth at most `m - 1` by one
/// more guess, `then`: its own miss part (the words lacking both) must be worth at most
/// `m - 2` and every part holding `then` at most `m - 1`, each tested as a list of its own
/// (a fresh, sequential solver of at most [`SPLIT_PART_NODES`] nodes). The solver's own
/// test on the whole miss part can take hours where these take seconds (words.txt, 4
/// letters: after `f`, `i` splits the 3,603 words into 8 parts). Also returns the nodes
/// searched.
pub(super) fn split_proof(
    bucket: &Bucket,
    miss: &[u32],
    then: Letter,
    m: u32,
    options: &SolveOptions,
) -> (bool, u64) {
    let mut nodes = 0;
    if m < 2 {
        return (false, nodes);
    }
    for (mask, part) in crate::candidates::partition(bucket, miss, then) {
        let most = if mask == 0 { m - 2 } else { m - 1 };
        if part.len() as u32 <= most + 1 {
            // V <= |S| - 1.
            continue;
        }
        let lexicon = witness::sub_lexicon(bucket, &part);
        let sub = lexicon.bucket(bucket.length());
        let all: Vec<u32> = (0..sub.len() as u32).collect();
        let (deadline, stop) = (options.deadline, &options.stop);
        let solver = witness::sub_solver(sub, SPLIT_PART_NODES, 32 << 20, deadline, stop);
        let (lo, hi) = solver.cheap_bounds(&all);
        let held = lo <= most && (hi <= most || solver.at_least(&all, most + 1) == Ok(false));
        nodes += solver.nodes();
        if !held {
            return (false, nodes);
        }
    }
    (true, nodes)
}
