//! Sub-family witnesses: small families whose exact value bounds a bucket's from below.
//!
//! The value is monotone: a referee restricted to a sub-family `S` of `F` can play as if
//! only `S` existed, so `V(F) >= V(S)` for every subset `S`, closed or not. Words that
//! differ in one or two positions only (`?ill`: bill, dill, fill, …; `b?t`/`?at`) are
//! families whose every guess hits few words, so their values are high and, being small,
//! they are solved exactly in milliseconds. [`best_witness`] groups a bucket's words by
//! every pattern with one or two positions blanked, solves the largest groups exactly (each
//! as a universe of its own, so the solver's closed-family rule holds) and keeps the best.
//!
//! At the middle lengths it also blanks three positions ([`Reach::Wide`]): the values of
//! 6 and 7 letters on words.txt are held by such groups and by no narrower one (`???ing`,
//! 383 words, and `?a??ed`, 310, are each worth `M(6) = 12`; `?a??ing`, 313, is worth
//! `M(7) = 11`; the best one- and two-blank groups reach 11 and 10). Those patterns cost
//! seconds, so only the searches run once per length use them, not the certificate's
//! narrowing, which searches thousands of families.
//!
//! [`four_blank_within`] goes one blank further at 6–8 letters, for a target known
//! beforehand: the miss parts of `j`, `w`, `y` at 6 hold `????ed` (worth 12), those of
//! `w` and `y` at 7 the union `????ing` ∪ `????ers` (worth 11), where every narrower group
//! is worth one less.

use std::time::Instant;

use lexicon::{Bucket, Lexicon};

use super::limits::StopFlag;
use super::search::{SolveOptions, Solver};

/// Groups solved per blanked position set (the largest first).
const GROUPS_PER_PATTERN: usize = 6;
/// Groups solved per set of three blanked positions (there are many more such sets).
const GROUPS_PER_WIDE_PATTERN: usize = 2;
/// The word lengths whose three-blank patterns are searched under [`Reach::Wide`]: shorter
/// words leave too few fixed letters (groups beyond [`MAX_GROUP`]), longer ones have
/// values small enough for the narrow patterns and too many position sets.
const WIDE_LENGTHS: std::ops::RangeInclusive<usize> = 5..=9;

/// Which patterns a witness search groups the words by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// One or two blanked positions (two only up to 12 letters): milliseconds, for the
    /// searches a certificate's referee runs at every family it narrows.
    Narrow,
    /// Also three blanked positions at lengths 5–9: seconds, for the searches run once
    /// per length (the starting lower bound, a first letter's miss part).
    Wide,
}
/// Groups larger than this are not solved (their search could take long).
const MAX_GROUP: usize = 400;
/// Nodes allowed per group.
const GROUP_NODES: u64 = 200_000;
/// Nodes and table bytes of a group's solver ([`group_solver`], [`worth`]).
const GROUP_LIMITS: (u64, usize) = (GROUP_NODES, 1 << 20);
/// Tests [`shrink_witness`] runs at most (a work budget: the same result on any machine).
const SHRINK_TESTS: usize = 400;
/// The word lengths whose four-blank patterns [`four_blank_within`] searches: at 5 one
/// fixed letter leaves groups of thousands, past 8 the values are small.
const FOUR_BLANK_LENGTHS: std::ops::RangeInclusive<usize> = 6..=8;
/// Groups larger than this are not tested by [`four_blank_within`].
const MAX_WIDE_GROUP: usize = 4_000;
/// Nodes and table bytes allowed per test of [`four_blank_within`] (a few seconds).
const WIDE_LIMITS: (u64, usize) = (4_000_000, 32 << 20);

/// A sub-family of a bucket and a proven lower bound on its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The words, as indices of the bucket (ascending).
    pub words: Vec<u32>,
    /// `V(words) >= value`, proven (exact when the group's search finished).
    pub value: u32,
    /// Whether no two of the words share a letter that splits them: then every guess
    /// hits at most one word and `value` is `|words| - 1`, a proof anyone can check.
    pub disjoint: bool,
}

/// The largest subset of `group` (words equal outside the positions `blank`) found
/// greedily whose splitting letters are pairwise disjoint: words whose letters at the
/// blanked positions are new (not used by a word kept before, not at a fixed position).
fn disjoint_subset(bucket: &Bucket, group: &[u32], blank: &[usize]) -> Vec<u32> {
    let first = bucket.word(group[0] as usize);
    let mut used = 0u32;
    for (p, &c) in first.iter().enumerate() {
        if !blank.contains(&p) {
            used |= 1 << (c - b'a');
        }
    }
    let mut kept = Vec::new();
    for &w in group {
        let word = bucket.word(w as usize);
        let letters = blank.iter().fold(0u32, |s, &p| s | 1 << (word[p] - b'a'));
        if letters & used == 0 {
            used |= letters;
            kept.push(w);
        }
    }
    kept
}

/// The best sub-family witness of `bucket` among clusters of words that differ in one or
/// two positions; `None` for buckets of fewer than three words or when none is worth a
/// miss. Stops early (keeping what it proved) at `deadline` or when `stop` is raised.
pub fn best_witness(
    bucket: &Bucket,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Option<Witness> {
    search(bucket, Reach::Wide, deadline, stop, u32::MAX)
}

/// A sub-family witness of value at least `target` inside `family` (sorted bucket
/// indices), e.g. the words left after a miss on a first letter: `V(family) >= target`
/// when one is found. The clusters are searched within `family` alone (the referee's
/// natural answer), and the search stops at the first witness reaching `target`.
pub(super) fn witness_within(
    bucket: &Bucket,
    family: &[u32],
    target: u32,
    reach: Reach,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Option<Witness> {
    let lexicon = sub_lexicon(bucket, family);
    let sub = lexicon.bucket(bucket.length());
    let found = search(sub, reach, deadline, stop, target).filter(|w| w.value >= target)?;
    // The sub-bucket keeps the family's order: index i is family[i].
    Some(Witness {
        words: found.words.iter().map(|&i| family[i as usize]).collect(),
        ..found
    })
}

/// The best witness, or the first found worth `target`.
fn search(
    bucket: &Bucket,
    reach: Reach,
    deadline: Option<Instant>,
    stop: &StopFlag,
    target: u32,
) -> Option<Witness> {
    let length = bucket.length();
    if bucket.len() < 3 || length < 2 {
        return None;
    }
    let mut blanks = combinations(length, 1);
    if length <= 12 {
        blanks.extend(combinations(length, 2));
    }
    if reach == Reach::Wide && WIDE_LENGTHS.contains(&length) {
        blanks.extend(combinations(length, 3));
    }
    let mut best: Option<Witness> = None;
    let mut keyed = Vec::with_capacity(bucket.len());
    let full = full_keys(bucket, 0..bucket.len() as u32);
    for blank in blanks {
        let reached = best.as_ref().is_some_and(|w| w.value >= target);
        if reached || deadline.is_some_and(|d| Instant::now() >= d) || stop.is_raised() {
            break;
        }
        let groups = groups_by_pattern(&full, length, &blank, 3, &mut keyed);
        let take = match blank.len() {
            3 => GROUPS_PER_WIDE_PATTERN,
            _ => GROUPS_PER_PATTERN,
        };
        for group in groups.into_iter().take(take) {
            // The disjoint subset first: its value needs no search, and wins ties.
            let have = best.as_ref().map_or(0, |w| w.value);
            let plain = disjoint_subset(bucket, &group, &blank);
            if plain.len() as u32 > have + 1 {
                best = Some(Witness {
                    value: plain.len() as u32 - 1,
                    words: plain,
                    disjoint: true,
                });
            }
            let have = best.as_ref().map_or(0, |w| w.value);
            if group.len() as u32 <= have + 1 || group.len() > MAX_GROUP {
                // At most |S| - 1 misses: it cannot beat the best.
                continue;
            }
            let value = value_above(bucket, &group, have, deadline, stop);
            if value > have {
                best = Some(Witness {
                    words: group,
                    value,
                    disjoint: false,
                });
            }
        }
    }
    best.filter(|w| w.value > 0)
}

/// A witness worth `target` inside `family` (sorted bucket indices) among words equal
/// outside four positions, at lengths 6–8 ([`FOUR_BLANK_LENGTHS`]): for every set of four
/// blanked positions, the largest group and its union with the second largest, the
/// largest tests first (a test whose cheap upper bound falls short costs no search).
/// `None` when no test proves `target` within [`WIDE_LIMITS`], or once the tests have
/// searched `budget` nodes in all (0: no budget). Also returns the nodes searched.
///
/// This is how the first letters of 6 and 7 on words.txt are settled: the witnesses of
/// `M(6) = 12` (`???ing`, `?a??ed`) and `M(7) = 11` (`?a??ing`) hold `j`, `w` or `y`, and
/// without them are worth one less, but the miss parts of those letters hold `????ed`
/// (1,470 words without `j`, worth 12) and `????ing` ∪ `????ers` (without `y`, worth 11).
/// These groups are large (thousands of words) and their tests take seconds, so only the
/// searches run once per length or letter use them.
pub(super) fn four_blank_within(
    bucket: &Bucket,
    family: &[u32],
    target: u32,
    budget: u64,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> (Option<Witness>, u64) {
    let length = bucket.length();
    let mut nodes = 0;
    if !FOUR_BLANK_LENGTHS.contains(&length) {
        return (None, nodes);
    }
    let mut tries: Vec<Vec<u32>> = Vec::new();
    let mut unions: Vec<Vec<u32>> = Vec::new();
    let mut keyed = Vec::with_capacity(family.len());
    let full = full_keys(bucket, family.iter().copied());
    // Groups of at most `target` words are worth less (`V <= |S| - 1`).
    let least = target as usize + 1;
    for blank in combinations(length, 4) {
        let mut groups = groups_by_pattern(&full, length, &blank, least, &mut keyed);
        groups.truncate(2);
        if let [one, two] = &groups[..] {
            let mut both = [one.as_slice(), two.as_slice()].concat();
            both.sort_unstable();
            unions.push(both);
        }
        tries.extend(groups.into_iter().next());
    }
    // Largest first; ties by their words, so the order does not depend on the sets' order
    // and a group found under two sets is tested once.
    for list in [&mut tries, &mut unions] {
        list.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        list.dedup();
    }
    for words in tries.into_iter().chain(unions) {
        let spent_all = budget > 0 && nodes >= budget;
        if spent_all || deadline.is_some_and(|d| Instant::now() >= d) || stop.is_raised() {
            break;
        }
        if words.len() > MAX_WIDE_GROUP {
            continue;
        }
        let limits = match budget {
            0 => WIDE_LIMITS,
            b => (WIDE_LIMITS.0.min(b - nodes), WIDE_LIMITS.1),
        };
        let (holds, spent) = worth_within(bucket, &words, target, limits, deadline, stop);
        nodes += spent;
        if holds {
            let witness = Witness {
                words,
                value: target,
                disjoint: false,
            };
            return (Some(witness), nodes);
        }
    }
    (None, nodes)
}

/// Every set of `k` positions of `0..length`, in lexicographic order.
fn combinations(length: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|set: Vec<usize>| {
                let from = set.last().map_or(0, |&p| p + 1);
                (from..length).map(move |p| [set.clone(), vec![p]].concat())
            })
            .collect();
    }
    all
}

/// Each word's pattern key with nothing blanked, beside its index (`ids`: bucket indices).
fn full_keys(bucket: &Bucket, ids: impl Iterator<Item = u32>) -> Vec<((u128, u64), u32)> {
    ids.map(|i| (pattern_key(bucket.word(i as usize), &[]), i))
        .collect()
}

/// The words of `full` (from [`full_keys`]) grouped by their letters outside the positions
/// `blank`, the groups of at least `least` words, largest first (ties by first word, so the
/// choice does not depend on the sort). Grouped by sorting packed keys into `keyed` (no
/// hashing, no allocation per word: this runs for every family a certificate's referee
/// narrows): a pattern sets its blanks' bits (31 is all ones).
fn groups_by_pattern(
    full: &[((u128, u64), u32)],
    length: usize,
    blank: &[usize],
    least: usize,
    keyed: &mut Vec<((u128, u64), u32)>,
) -> Vec<Vec<u32>> {
    let mask = pattern_key(&vec![b'a'; length], blank);
    keyed.clear();
    keyed.extend(full.iter().map(|&(k, i)| ((k.0 | mask.0, k.1 | mask.1), i)));
    keyed.sort_unstable();
    let mut groups: Vec<Vec<u32>> = keyed
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|run| run.len() >= least)
        .map(|run| run.iter().map(|&(_, i)| i).collect())
        .collect();
    groups.sort_by_key(|g| (std::cmp::Reverse(g.len()), g[0]));
    groups
}

/// `word` with the positions `blank` blanked, packed 5 bits a position (a blank is 31):
/// positions 0–24 in the first half, the rest (up to 32 letters) in the second.
fn pattern_key(word: &[u8], blank: &[usize]) -> (u128, u64) {
    let mut key = (0u128, 0u64);
    for (p, &c) in word.iter().enumerate() {
        let code = if blank.contains(&p) { 31 } else { c - b'a' };
        match p {
            0..25 => key.0 |= u128::from(code) << (5 * p),
            _ => key.1 |= u64::from(code) << (5 * (p - 25)),
        }
    }
    key
}

/// A proven lower bound on `V(words)` for any set of words of `bucket`: solved exactly as
/// a universe of its own within a node budget, else its proven lower bound.
pub fn sub_family_value(
    bucket: &Bucket,
    words: &[u32],
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> u32 {
    // A group whose upper bound is 0 is worth exactly 0: nothing to beat.
    value_above(bucket, words, 0, deadline, stop)
}

/// [`sub_family_value`], or `have` without a search when the group's cheap upper bound
/// shows it cannot beat `have` (most wide groups: their search costs a tenth of a second).
fn value_above(
    bucket: &Bucket,
    words: &[u32],
    have: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> u32 {
    let lexicon = sub_lexicon(bucket, words);
    let sub = lexicon.bucket(bucket.length());
    let all: Vec<u32> = (0..sub.len() as u32).collect();
    let solver = group_solver(sub, deadline, stop);
    if solver.cheap_bounds(&all).1 <= have {
        return have;
    }
    match solver.value(&all) {
        Ok(v) => v,
        Err(_) => solver.bounds(&all).0,
    }
}

/// A solver for a sub-family's own bucket (`sub`): sequential, a small table and at most
/// [`GROUP_NODES`] nodes.
fn group_solver<'b>(sub: &'b Bucket, deadline: Option<Instant>, stop: &StopFlag) -> Solver<'b> {
    sub_solver(sub, GROUP_LIMITS.0, GROUP_LIMITS.1, deadline, stop)
}

/// A solver for a list of its own (`sub`, e.g. from [`sub_lexicon`]): sequential, so its
/// answers within `max_nodes` are the same at any thread count, with a table of
/// `table_bytes`.
pub(super) fn sub_solver<'b>(
    sub: &'b Bucket,
    max_nodes: u64,
    table_bytes: usize,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Solver<'b> {
    Solver::new(
        sub,
        SolveOptions {
            deadline,
            max_nodes,
            table_bytes,
            sequential: true,
            stop: stop.clone(),
            ..SolveOptions::default()
        },
    )
}

/// The words of `bucket` at `words` as a lexicon of their own (same order: the bucket's
/// words are sorted, so index `i` of the sub-lexicon's bucket is `words[i]`).
pub fn sub_lexicon(bucket: &Bucket, words: &[u32]) -> Lexicon {
    Lexicon::from_words(words.iter().map(|&w| bucket.word_str(w as usize)))
        .expect("words of a bucket are valid")
}

/// `witness` without the words its value does not need: the words holding a letter (each
/// letter once, the commonest first), then runs of words (half of them, then
/// a quarter, … down to single words; the last first) are dropped while the rest is still
/// proven worth `target` (each test solved as a universe of its own within `GROUP_NODES`
/// nodes; a test that does not finish keeps the words). A smaller sub-family makes a
/// smaller referee strategy in a certificate. Stops, keeping what it has, after 400
/// tests (a four-blank witness of 1,470 words would take thousands), at
/// `deadline` or when `stop` is raised.
pub fn shrink_witness(
    bucket: &Bucket,
    witness: &Witness,
    target: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Witness {
    shrink_witness_within(
        bucket,
        witness,
        target,
        ShrinkBudget::WHOLE,
        0,
        deadline,
        stop,
    )
}

/// The work one [`shrink_witness_within`] may do: a work budget, so the same witness
/// shrinks to the same words on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ShrinkBudget {
    /// Tests run at most (every letter counts as one, dropped or not).
    pub tests: usize,
    /// Nodes one test may search (a test that does not finish keeps the words).
    pub test_nodes: u64,
    /// Nodes all the tests may search together.
    pub nodes: u64,
    /// Whether runs of words are dropped after whole letters (else whole letters only).
    pub runs: bool,
}

impl ShrinkBudget {
    /// [`shrink_witness`]'s: 400 tests of up to [`GROUP_NODES`] nodes, down to single words.
    pub(super) const WHOLE: ShrinkBudget = ShrinkBudget {
        tests: SHRINK_TESTS,
        test_nodes: GROUP_NODES,
        nodes: u64::MAX,
        runs: true,
    };
}

/// `witness` shrunk as [`shrink_witness`] does, within `budget`, dropping first the words
/// holding a letter of `first` (bits; e.g. the other letters a first-letter certificate
/// must show not optimal: a witness lacking them proves them too).
pub(super) fn shrink_witness_within(
    bucket: &Bucket,
    witness: &Witness,
    target: u32,
    budget: ShrinkBudget,
    first: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Witness {
    let mut words = witness.words.clone();
    // Whole letters first, those of `first` and then the commonest among the words first:
    // one test drops every word holding a letter (a wide group such as `???ing`, 383
    // words, loses most of its words in a few such tests, where single runs take hundreds).
    let mut counts: Vec<(usize, u8)> = (b'a'..=b'z')
        .map(|c| {
            let n = words
                .iter()
                .filter(|&&w| bucket.word(w as usize).contains(&c))
                .count();
            (n, c)
        })
        .filter(|&(n, _)| n > 0)
        .collect();
    counts.sort_by_key(|&(n, c)| (first & 1 << (c - b'a') == 0, std::cmp::Reverse(n), c));
    let (mut tests, mut spent) = (0, 0u64);
    // Whether `trial` (`None`: nothing to drop) is proven worth `target`; `None` once the
    // budget is spent (a test that keeps the words still counts).
    let mut holds = |trial: Option<&[u32]>| -> Option<bool> {
        tests += 1;
        let out = tests > budget.tests || spent >= budget.nodes;
        if out || deadline.is_some_and(|d| Instant::now() >= d) || stop.is_raised() {
            return None;
        }
        let Some(trial) = trial else {
            return Some(false);
        };
        let limits = (budget.test_nodes.min(budget.nodes - spent), GROUP_LIMITS.1);
        let (holds, nodes) = worth_within(bucket, trial, target, limits, deadline, stop);
        spent += nodes;
        Some(holds)
    };
    for (_, c) in counts {
        let trial: Vec<u32> = words
            .iter()
            .copied()
            .filter(|&w| !bucket.word(w as usize).contains(&c))
            .collect();
        let shorter = trial.len() < words.len();
        match holds(shorter.then_some(&trial)) {
            None => break,
            Some(true) => words = trial,
            Some(false) => {}
        }
    }
    let mut run = if budget.runs { words.len() / 2 } else { 0 };
    'runs: while run >= 1 {
        let mut end = words.len();
        while end > 0 {
            let start = end.saturating_sub(run);
            let mut trial = words.clone();
            trial.drain(start..end);
            match holds(Some(&trial)) {
                None => break 'runs,
                Some(true) => words = trial,
                Some(false) => {}
            }
            end = start;
        }
        run /= 2;
    }
    Witness {
        words,
        value: target,
        disjoint: witness.disjoint,
    }
}

/// Whether `words` of `bucket`, as a universe of their own, are proven worth `target`
/// within `GROUP_NODES` nodes.
pub(super) fn worth(
    bucket: &Bucket,
    words: &[u32],
    target: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> bool {
    worth_within(bucket, words, target, GROUP_LIMITS, deadline, stop).0
}

/// [`worth`] within `limits` (nodes, table bytes); also returns the nodes searched.
fn worth_within(
    bucket: &Bucket,
    words: &[u32],
    target: u32,
    (max_nodes, table_bytes): (u64, usize),
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> (bool, u64) {
    if words.len() as u32 <= target {
        return (false, 0);
    }
    let lexicon = sub_lexicon(bucket, words);
    let sub = lexicon.bucket(bucket.length());
    let all: Vec<u32> = (0..sub.len() as u32).collect();
    let solver = sub_solver(sub, max_nodes, table_bytes, deadline, stop);
    let (lo, hi) = solver.cheap_bounds(&all);
    let holds = lo >= target || (hi >= target && solver.at_least(&all, target) == Ok(true));
    (holds, solver.nodes())
}
