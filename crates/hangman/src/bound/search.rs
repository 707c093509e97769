//! The search that proves a lower bound: every move at every state it opens, each move's
//! total the sum of its children's bounds, a state's bound the least over its moves (see
//! the proof in [`bound`](super)).
//!
//! # Where it stops
//!
//! Proving the exact optimum means refuting every other move at every state of an optimal
//! tree, which costs hours at 5–10 letters. The search instead aims at a *target* with a
//! *budget*: at a state worth at most `T` (the total `best` scores from it, or a share of
//! its parent's target) it may stop as soon as a static bound reaches `T − B`. Each move is
//! worked on until its total reaches `T − B` or the least move total found so far (it can
//! then not lower the minimum): its children get targets summing to `T` and budgets summing
//! to `B` (`best`'s own values for the children of `best`'s move, shares proportional to
//! their sizes otherwise, raised in later passes for children that reach theirs when others
//! fall short). So where `best` is optimal and every child reaches its target within its
//! budget, the bound is within `B` of `best`; the budget per word (the *slack*) trades the
//! gap for time. Every value returned is a lower bound whatever the targets.
//!
//! # State
//!
//! Values are remembered per state (set, score, wrong guesses) with the target they were
//! searched for and how they were proven (static, chain, or expanded, with how far word
//! guesses were bounded), which is all [`certificate`](super::certificate) needs to write
//! the proof down again. One search runs on one thread, so its result depends on its
//! inputs alone.

use std::cell::RefCell;

use lexicon::{Bucket, Letter};
use rustc_hash::FxHashMap;

use super::families::{FAMILY_TOTALS_MAX, Families};
use super::profile::Profile;
use super::statics::{
    Tables, capped, chain_losses, chain_total, screen_total, word_lemma, word_lemma_holds,
};
use super::targets::{Key, Target, key};
use crate::candidates::Partition;
use crate::game::{LOSS_SCORE, Position, Status, Step};
use crate::strategy::{Decision, SetHash};

/// What a search bounds from below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The total final score of the words (a lost word scores 25).
    Score,
    /// The number of words lost.
    Losses,
}

/// How far a state's word guesses were bounded (each stage adds to the one before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Words {
    /// By the word lemma and a static bound of the others after the miss.
    Cheap,
    /// Also by the state after a miss, searched once for all words (less a ride).
    Whole,
    /// Also word by word.
    Each,
}

/// How a state's value was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// Its static bound.
    Static,
    /// It is a chain.
    Chain,
    /// Every move opened.
    Expanded(Words),
}

/// What the memo keeps of a state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The bound proven.
    pub(super) value: u64,
    /// The target it was searched for (0: stopped by the node limit, never searched).
    target: u64,
    /// The budget it was searched with.
    budget: u64,
    /// How.
    pub(super) how: How,
}

/// A child of a move that is still open: at least two words, game not over.
struct Child {
    set: Vec<u32>,
    hash: SetHash,
    position: Position,
    profile: Profile,
    value: u64,
}

/// The most words of a set the score's static bounds may solve exactly
/// ([`Search::set_exact_small`]): the work grows exponentially with it.
pub(super) const EXACT_SMALL_MAX: u32 = 12;

/// Sets of at least this many words keep their count of lost words (see [`Search::lost`]).
const LOST_MEMO_WORDS: usize = 32;

/// Counters of a search (for reports and tuning).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// States opened (every move valued).
    pub expanded: u64,
    /// Static bounds computed.
    pub statics: u64,
}

/// The fewest losses a losses proof established, by state: its set's hash and wrong
/// guesses (losses do not depend on the running score). Only the states its certificate
/// opens are kept, so a checker of that certificate values every one of them.
pub(super) type Proven = FxHashMap<(u128, u32), u64>;

/// One search over one word length.
pub(super) struct Search<'a> {
    pub(super) bucket: &'a Bucket,
    pub(super) objective: Objective,
    pub(super) families: &'a Families,
    targets: &'a FxHashMap<Key, Target>,
    /// For the score: the losses proof of the same length, whose counts raise the
    /// families' where they are higher.
    proven: Option<&'a Proven>,
    /// Whether a count of `proven` was ever used (the certificate then depends on it).
    used_proven: std::cell::Cell<bool>,
    tables: Tables,
    /// Whether the word lemma holds (every won game scores at most 25).
    lemma: bool,
    /// The most a word riding along a strategy can add: 25 points, or one loss.
    ride: u64,
    pub(super) memo: RefCell<FxHashMap<Key, Entry>>,
    /// [`Search::lost`]'s values by state (set hash, wrong guesses).
    lost: RefCell<FxHashMap<(u128, u32), u32>>,
    work: RefCell<Work>,
    /// The score's static bounds also value on their own the families with 2 to this many
    /// words in a set (0: not; see [`Families::least_totals`]).
    family_totals: std::cell::Cell<u32>,
    /// No state is opened once this many have been: every search then ends on static
    /// bounds, so the work (and the result) depends on the inputs alone, never on time.
    limit: std::cell::Cell<u64>,
    /// The score's static bound of a set of 2 to this many words is its least total,
    /// solved exactly (0: not; see [`Search::least_total`]).
    exact_small: std::cell::Cell<u32>,
    /// [`Search::least_total`]'s values by state, and whether each is exact (else it is
    /// only known to reach the cutoff it was solved against).
    solved: RefCell<FxHashMap<Key, (u64, bool)>>,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        bucket: &'a Bucket,
        objective: Objective,
        max_wrong: u32,
        families: &'a Families,
        targets: &'a FxHashMap<Key, Target>,
        proven: Option<&'a Proven>,
    ) -> Search<'a> {
        let length = bucket.length();
        let lemma = word_lemma_holds(length, max_wrong);
        Search {
            bucket,
            objective,
            families,
            targets,
            proven: proven.filter(|_| objective == Objective::Score),
            used_proven: std::cell::Cell::new(false),
            tables: Tables::new(max_wrong, length),
            lemma,
            ride: match objective {
                Objective::Score => u64::from(LOSS_SCORE).max(length as u64 + u64::from(max_wrong)),
                Objective::Losses => 1,
            },
            memo: RefCell::default(),
            lost: RefCell::default(),
            work: RefCell::default(),
            family_totals: std::cell::Cell::new(0),
            limit: std::cell::Cell::new(u64::MAX),
            exact_small: std::cell::Cell::new(0),
            solved: RefCell::default(),
        }
    }

    /// Opens no more states once `expanded` states in all have been (see [`Work`]).
    pub(super) fn set_limit(&self, expanded: u64) {
        self.limit.set(expanded);
    }

    /// Values the families with 2 to `most` words in a set on their own in the score's
    /// static bounds (0: not; at most [`FAMILY_TOTALS_MAX`]).
    pub(super) fn set_family_totals(&self, most: u32) {
        self.family_totals.set(most.min(FAMILY_TOTALS_MAX as u32));
    }

    /// Solves exactly the score's sets of 2 to `most` words instead of bounding them (0:
    /// not; at most [`EXACT_SMALL_MAX`]).
    pub(super) fn set_exact_small(&self, most: u32) {
        let most = most.min(EXACT_SMALL_MAX);
        self.exact_small.set(match self.objective {
            Objective::Score => most,
            Objective::Losses => 0,
        });
    }

    /// The most words of a set the score's static bounds solve exactly (0: none).
    pub(super) fn exact_small(&self) -> u32 {
        self.exact_small.get()
    }

    /// Whether `n` words are solved exactly rather than bounded.
    fn solves(&self, n: u64) -> bool {
        n >= 2 && n <= u64::from(self.exact_small.get())
    }

    /// The most words of a family in a set the score's static bounds value on its own.
    pub(super) fn family_totals(&self) -> u32 {
        self.family_totals.get()
    }

    /// Whether the node limit is reached.
    pub(super) fn exhausted(&self) -> bool {
        self.work.borrow().expanded >= self.limit.get()
    }

    /// The counters so far.
    pub(super) fn work(&self) -> Work {
        *self.work.borrow()
    }

    /// The memo key of `hash` at `position`: the score matters only to the score.
    pub(super) fn key(&self, hash: SetHash, position: Position) -> Key {
        let (h, score, wrong) = key(hash, position);
        match self.objective {
            Objective::Score => (h, score, wrong),
            Objective::Losses => (h, 0, wrong),
        }
    }

    /// The value of `n` words at `position` when their game is over or one is left (its
    /// word guess is then free).
    pub(super) fn settled(&self, n: u64, position: Position) -> u64 {
        match (self.objective, position.status()) {
            (Objective::Score, Status::GameLost) => n * u64::from(LOSS_SCORE),
            (Objective::Score, Status::GameWon) => n * capped(position.score()),
            (Objective::Score, Status::KeepGuessing) => n * capped(position.score()),
            (Objective::Losses, Status::GameLost) => n,
            (Objective::Losses, _) => 0,
        }
    }

    /// Whether the score's bounds used the losses proof's counts.
    pub(super) fn used_proven(&self) -> bool {
        self.used_proven.get()
    }

    /// The words of `set` (hash `hash`) any strategy loses from `position`, at least: its
    /// families' losses, or the losses proof's count of the same state where higher.
    ///
    /// Remembered by state: the search asks again and again for the same sets (each time a
    /// parent is opened again, every child of every letter is bounded again; at 7 letters of
    /// words.txt about five times per set), and the families' count is most of a static
    /// bound's cost.
    fn lost(&self, set: &[u32], hash: SetHash, position: Position) -> u64 {
        let state = (hash.bits(), position.wrong_guesses());
        if let Some(&lost) = self.lost.borrow().get(&state) {
            return u64::from(lost);
        }
        let left = position.wrong_guesses_left();
        let families = self.families.losses(set, left);
        let proven = self
            .proven
            .and_then(|p| p.get(&state))
            .copied()
            .unwrap_or(0);
        let lost = if proven > families {
            // Set once, on the first ask: a later ask of the same state finds the same.
            self.used_proven.set(true);
            proven
        } else {
            families
        };
        // Small sets are many and cheap to count again: only larger ones are kept.
        if set.len() >= LOST_MEMO_WORDS {
            // At most the words of the set.
            self.lost.borrow_mut().insert(state, lost as u32);
        }
        lost
    }

    /// The static bound of `set` (hash `hash`) at `position` (not over, two words or more).
    pub(super) fn statik(
        &self,
        set: &[u32],
        hash: SetHash,
        position: Position,
        profile: &Profile,
    ) -> u64 {
        self.work.borrow_mut().statics += 1;
        let left = position.wrong_guesses_left();
        let lost = self.lost(set, hash, position);
        let n = set.len() as u64;
        match self.objective {
            Objective::Score if self.solves(n) => self.least_total(set, hash, position, u64::MAX),
            Objective::Score => {
                let counted = self.tables.counting(n, position, profile, lost);
                let most = self.family_totals.get();
                if most == 0 {
                    return counted;
                }
                // By parts: the families valued on their own, the rest counted.
                let (totals, rest, rest_lost) =
                    self.families
                        .least_totals(set, position.score(), left, most);
                counted.max(totals + self.tables.counting(rest, position, profile, rest_lost))
            }
            Objective::Losses => (n - profile.most_hit(left as usize + 1)).max(lost),
        }
    }

    /// The value of a chain of `n` words at `position`.
    pub(super) fn chain(&self, n: u64, position: Position) -> u64 {
        match self.objective {
            Objective::Score => chain_total(n, position),
            Objective::Losses => chain_losses(n, position.wrong_guesses_left()),
        }
    }

    /// A letter's bound from its answers' counts alone.
    pub(super) fn screen(&self, position: Position, profile: &Profile, letter: Letter) -> u64 {
        let hits = u64::from(profile.counts[letter.index()]);
        let masks = u64::from(profile.masks[letter.index()]);
        let misses = u64::from(profile.n) - hits;
        match self.objective {
            Objective::Score => screen_total(position, hits, masks, misses),
            Objective::Losses if position.wrong_guesses_left() == 0 => misses,
            Objective::Losses => 0,
        }
    }

    /// The bound of every word guess at once without search: the word lemma, and the
    /// others after the miss bounded statically (a subset's letters are at most the set's;
    /// its families lose at most one word fewer than the set's, a life later, and so does
    /// the losses proof's count of the set a life later).
    pub(super) fn words_cheap(
        &self,
        set: &[u32],
        hash: SetHash,
        position: Position,
        profile: &Profile,
    ) -> u64 {
        let n = u64::from(profile.n);
        let missed = position.after(Step::Word { correct: false });
        let right = self.settled(1, position);
        let rest = if missed.is_over() {
            self.settled(n - 1, missed)
        } else {
            let left = missed.wrong_guesses_left();
            let lost = self.lost(set, hash, missed).saturating_sub(1);
            match self.objective {
                Objective::Score => self.tables.counting(n - 1, missed, profile, lost),
                Objective::Losses => (n - 1)
                    .saturating_sub(profile.most_hit(left as usize + 1))
                    .max(lost),
            }
        };
        let lemma = if self.lemma && self.objective == Objective::Score {
            word_lemma(n, position.score())
        } else {
            0
        };
        lemma.max(right + rest)
    }

    /// The settled total and open children of `letter` at `set`, or, when the children
    /// bounded with the set's own profile (a subset's letters are at most the set's)
    /// already reach `cut`, that bound: the children's own profiles are then not needed.
    fn children(
        &self,
        set: &[u32],
        position: Position,
        letter: Letter,
        profile: &Profile,
        cut: u64,
        parts: &mut Partition,
    ) -> Result<(u64, Vec<Child>), u64> {
        parts.split(self.bucket, set, letter);
        let mut fixed = 0;
        let mut rough = 0;
        for (positions, family) in parts.families() {
            let after = position.after(Step::Letter { letter, positions });
            let n = family.len() as u64;
            if after.is_over() || n == 1 {
                fixed += self.settled(n, after);
            } else {
                rough += match self.objective {
                    Objective::Score => self.tables.counting(n, after, profile, 0),
                    Objective::Losses => {
                        let left = after.wrong_guesses_left() as usize;
                        n.saturating_sub(profile.most_hit(left + 1))
                    }
                };
            }
        }
        if fixed + rough >= cut {
            return Err(fixed + rough);
        }
        let mut open = Vec::new();
        for (positions, family) in parts.families() {
            let after = position.after(Step::Letter { letter, positions });
            if after.is_over() || family.len() == 1 {
                continue;
            }
            let profile = Profile::of(self.bucket, family, after);
            let hash = SetHash::of(family);
            let value = self.statik(family, hash, after, &profile);
            open.push(Child {
                set: family.to_vec(),
                hash,
                position: after,
                profile,
                value,
            });
        }
        Ok((fixed, open))
    }

    /// A lower bound of the value of `set` (ascending bucket indices, two words or more, or
    /// any set at an ended game) at `position`, searched for `target` within `budget`.
    pub(super) fn value(
        &self,
        set: &[u32],
        hash: SetHash,
        position: Position,
        target: u64,
        budget: u64,
    ) -> u64 {
        self.value_with(set, hash, position, target, budget, None)
    }

    fn value_with(
        &self,
        set: &[u32],
        hash: SetHash,
        position: Position,
        target: u64,
        budget: u64,
        known: Option<(Profile, u64)>,
    ) -> u64 {
        let n = set.len() as u64;
        if n == 0 {
            return 0;
        }
        if position.is_over() || n == 1 {
            return self.settled(n, position);
        }
        let key = self.key(hash, position);
        let mut floor = 0;
        let mut earlier = None;
        if let Some(entry) = self.memo.borrow().get(&key).copied() {
            if entry.value + budget >= target || (entry.target >= target && entry.budget <= budget)
            {
                return entry.value;
            }
            floor = entry.value;
            earlier = Some(entry.how);
        }
        let (profile, statik) = match known {
            Some(known) => known,
            None => {
                let profile = Profile::of(self.bucket, set, position);
                let statik = self.statik(set, hash, position, &profile);
                (profile, statik)
            }
        };
        let floor = floor.max(statik);
        if profile.is_chain() {
            let value = self.chain(n, position).max(floor);
            return self.record(key, value, (u64::MAX, 0), How::Chain);
        }
        let how = earlier.unwrap_or(How::Static);
        if self.solves(n) {
            // Its static bound is its least total: no search goes higher.
            return self.record(key, floor, (u64::MAX, 0), How::Static);
        }
        if floor + budget >= target {
            return self.record(key, floor, (target, budget), how);
        }
        if self.exhausted() {
            // Not searched: a later search with more nodes may open it.
            return self.record(key, floor, (0, u64::MAX), how);
        }
        self.work.borrow_mut().expanded += 1;
        let (value, words) = self.expand(set, hash, position, &profile, target, budget);
        let words = match earlier {
            Some(How::Expanded(w)) => w.max(words),
            _ => words,
        };
        self.record(
            key,
            value.max(floor),
            (target, budget),
            How::Expanded(words),
        )
    }

    /// Keeps the best bound of a state (a later, lower one never replaces it), and the
    /// target and budget of the search that found it.
    fn record(&self, key: Key, value: u64, (target, budget): (u64, u64), how: How) -> u64 {
        let mut memo = self.memo.borrow_mut();
        let entry = memo.entry(key).or_insert(Entry {
            value,
            target,
            budget,
            how,
        });
        if value >= entry.value {
            let kept_how = match (entry.how, how) {
                (How::Expanded(a), How::Expanded(b)) => How::Expanded(a.max(b)),
                (How::Expanded(a), How::Static) => How::Expanded(a),
                (_, other) => other,
            };
            // The search that reached this value vouches for it; one that only reached
            // as much (a state not opened again) keeps the earlier's target.
            let (target, budget) = if value > entry.value || target >= entry.target {
                (target, budget)
            } else {
                (entry.target, entry.budget)
            };
            *entry = Entry {
                value,
                target,
                budget,
                how: kept_how,
            };
        }
        entry.value
    }

    /// The least over every move of its total's bound (see the module docs), and how far
    /// word guesses were bounded.
    fn expand(
        &self,
        set: &[u32],
        hash: SetHash,
        position: Position,
        profile: &Profile,
        target: u64,
        budget: u64,
    ) -> (u64, Words) {
        // `best`'s tree is keyed by the running score too (the losses' memo is not).
        let mine = self.targets.get(&key(hash, position)).copied();
        let mut letters = profile.ordered_letters(self.bucket, set);
        if let Some(Target {
            decision: Decision::Letter(first),
            ..
        }) = mine
            && let Some(i) = letters.iter().position(|&l| l == first)
        {
            letters.remove(i);
            letters.insert(0, first);
        }
        let mut least = u64::MAX;
        let mut parts = Partition::default();
        for letter in letters {
            let cut = least.min(target);
            let screen = self.screen(position, profile, letter);
            if screen >= cut {
                least = least.min(screen);
                continue;
            }
            let (fixed, mut open) =
                match self.children(set, position, letter, profile, cut, &mut parts) {
                    Ok(found) => found,
                    Err(bound) => {
                        least = least.min(bound.max(screen));
                        continue;
                    }
                };
            let steer = matches!(mine, Some(t) if t.decision == Decision::Letter(letter));
            let total = self
                .settle(fixed, &mut open, target, budget, cut, steer)
                .max(screen);
            least = least.min(total);
        }
        let (words, stage) = self.words(set, hash, position, profile, target, budget, least);
        (least.min(words), stage)
    }

    /// A bound of a move's total whose settled part is `fixed` and whose open children are
    /// `open`: works towards `goal` within `budget`, stopping at `cut`. With `steer`, the
    /// children aim first at `best`'s values.
    fn settle(
        &self,
        fixed: u64,
        open: &mut [Child],
        goal: u64,
        budget: u64,
        cut: u64,
        steer: bool,
    ) -> u64 {
        let mut total = fixed + open.iter().map(|c| c.value).sum::<u64>();
        if total >= cut || open.is_empty() {
            return total;
        }
        // A move that may fail: the largest children first, they decide soonest. `best`'s
        // move: the smallest first, their unused budget then goes to the larger ones.
        if steer {
            open.sort_by(|a, b| a.set.len().cmp(&b.set.len()).then(a.set.cmp(&b.set)));
        } else {
            open.sort_by(|a, b| b.set.len().cmp(&a.set.len()).then(a.set.cmp(&b.set)));
        }
        let mut failed = vec![false; open.len()];
        for pass in 0..3 {
            let short = goal.saturating_sub(total);
            if short == 0 || (pass > 0 && total + budget >= goal) {
                break;
            }
            let live: u64 = (0..open.len())
                .filter(|&i| !failed[i])
                .map(|i| open[i].set.len() as u64)
                .sum();
            if live == 0 {
                break;
            }
            // What each child aims at: `best`'s value for the children of `best`'s move
            // (first pass), else its bound so far and a share of the shortfall by size.
            let (mut seen, mut given) = (0, 0);
            let aims: Vec<u64> = open
                .iter()
                .zip(&failed)
                .map(|(child, &failed)| {
                    if failed {
                        return child.value;
                    }
                    seen += child.set.len() as u64;
                    let share = part(short, seen, live) - given;
                    given += share;
                    let steered = (steer && pass == 0)
                        .then(|| self.targets.get(&key(child.hash, child.position)))
                        .flatten();
                    steered.map_or(child.value + share, |t| self.target_of(t))
                })
                .collect();
            // The budget goes where the aims are (a child aiming at more may miss by more),
            // and what a child leaves unused goes on to the next.
            let mut budget_left = budget;
            let mut aims_left: u64 = (0..open.len())
                .filter(|&i| !failed[i])
                .map(|i| aims[i])
                .sum();
            for i in 0..open.len() {
                if failed[i] {
                    continue;
                }
                let aim = aims[i];
                let share_of_budget = part(budget_left, aim, aims_left);
                aims_left -= aim;
                let child = &open[i];
                let value = self
                    .value_with(
                        &child.set,
                        child.hash,
                        child.position,
                        aim,
                        share_of_budget,
                        Some((child.profile, child.value)),
                    )
                    .max(child.value);
                budget_left -= aim.saturating_sub(value).min(budget_left);
                if value + share_of_budget < aim {
                    failed[i] = true;
                }
                total = total - child.value + value;
                open[i].value = value;
                if total >= cut {
                    return total;
                }
            }
        }
        total
    }

    /// The least total of `set` (two words or more; hash `hash`) at `position` (not over)
    /// if it is below `cutoff`, else a number at least `cutoff` and at most the least
    /// total: every letter in two words or more and every word guess (rule 1 of the proof:
    /// no other move helps), each part solved in turn against what is left of the cutoff.
    /// Only for the small sets of [`Search::set_exact_small`]: the work grows
    /// exponentially with the words.
    fn least_total(&self, set: &[u32], hash: SetHash, position: Position, cutoff: u64) -> u64 {
        let n = set.len() as u64;
        if position.is_over() || n <= 1 {
            return self.settled(n, position);
        }
        let key = self.key(hash, position);
        if let Some(&(value, exact)) = self.solved.borrow().get(&key)
            && (exact || value >= cutoff)
        {
            return value;
        }
        let profile = Profile::of(self.bucket, set, position);
        if profile.is_chain() {
            let value = self.chain(n, position);
            self.solved.borrow_mut().insert(key, (value, true));
            return value;
        }
        let counted = self.tables.counting(n, position, &profile, 0);
        if counted >= cutoff {
            self.solved.borrow_mut().insert(key, (counted, false));
            return counted;
        }
        // `best` falls to each move found below it; `found`: one was.
        let mut best = cutoff;
        let mut found = false;
        let mut parts = Partition::default();
        for i in 0..26 {
            if profile.splits >> i & 1 == 0 || profile.counts[i] < 2 {
                continue;
            }
            let letter = Letter::ALL[i];
            if self.screen(position, &profile, letter) >= best {
                continue;
            }
            parts.split(self.bucket, set, letter);
            let answers: Vec<(u32, Vec<u32>)> = parts
                .families()
                .map(|(positions, family)| (positions, family.to_vec()))
                .collect();
            let mut total = 0;
            for (positions, family) in answers {
                let after = position.after(Step::Letter { letter, positions });
                total += self.least_total(&family, SetHash::of(&family), after, best - total);
                if total >= best {
                    break;
                }
            }
            if total < best {
                best = total;
                found = true;
            }
        }
        // A word guess: the right word scores the running score, the others go on one
        // miss later.
        if !self.lemma || word_lemma(n, position.score()) < best {
            let right = self.settled(1, position);
            let missed = position.after(Step::Word { correct: false });
            for (i, &w) in set.iter().enumerate() {
                if right >= best {
                    break;
                }
                let rest = without(set, i);
                let total = right + self.least_total(&rest, hash.without(w), missed, best - right);
                if total < best {
                    best = total;
                    found = true;
                }
            }
        }
        let value = if found { best } else { best.max(counted) };
        self.solved.borrow_mut().insert(key, (value, found));
        value
    }

    /// `best`'s value at a state of its tree, in this search's objective.
    fn target_of(&self, target: &Target) -> u64 {
        match self.objective {
            Objective::Score => target.score,
            Objective::Losses => target.losses,
        }
    }

    /// A bound of the best word guess at the state (see [`Words`]), given the least letter
    /// total `least`.
    #[allow(clippy::too_many_arguments)]
    fn words(
        &self,
        set: &[u32],
        hash: SetHash,
        position: Position,
        profile: &Profile,
        target: u64,
        budget: u64,
        least: u64,
    ) -> (u64, Words) {
        let mut bound = self.words_cheap(set, hash, position, profile);
        let cut = least.min(target);
        let missed = position.after(Step::Word { correct: false });
        if bound + budget >= cut || missed.is_over() {
            return (bound, Words::Cheap);
        }
        let right = self.settled(1, position);
        // After a wrong word the others face the set with that word, one miss later, less
        // at most a ride for the word riding along.
        let aim = target.saturating_add(self.ride).saturating_sub(right);
        let whole = self.value(set, hash, missed, aim, budget);
        bound = bound.max((right + whole).saturating_sub(self.ride));
        if bound + budget >= cut {
            return (bound, Words::Whole);
        }
        let mut each = u64::MAX;
        for (i, &w) in set.iter().enumerate() {
            let rest = without(set, i);
            let value = right
                + self.value(
                    &rest,
                    hash.without(w),
                    missed,
                    target.saturating_sub(right),
                    budget,
                );
            each = each.min(value);
        }
        (bound.max(each), Words::Each)
    }
}

/// `set` without its `i`-th word.
pub(super) fn without(set: &[u32], i: usize) -> Vec<u32> {
    let mut rest = set.to_vec();
    rest.remove(i);
    rest
}

/// `total · of / whole`, rounded down, without overflow: the first `of` of `whole` words'
/// share of `total`.
fn part(total: u64, of: u64, whole: u64) -> u64 {
    (u128::from(total) * u128::from(of) / u128::from(whole.max(1))) as u64
}
