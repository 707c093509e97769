//! Sub-family witnesses: small families whose exact value bounds a bucket's from below.
//!
//! The value is monotone: a referee restricted to a sub-family `S` of `F` can play as if
//! only `S` existed, so `V(F) >= V(S)` for every subset `S`, closed or not. Words that
//! differ in one or two positions only (`?ill`: bill, dill, fill, …; `b?t`/`?at`) are
//! families whose every guess hits few words, so their values are high and, being small,
//! they are solved exactly in milliseconds. [`best_witness`] groups a bucket's words by
//! every pattern with one or two positions blanked, solves the largest groups exactly (each
//! as a universe of its own, so the solver's closed-family rule holds) and keeps the best.

use std::time::Instant;

use lexicon::{Bucket, Lexicon};

use super::limits::StopFlag;
use super::search::{SolveOptions, Solver};

/// Groups solved per blanked position set (the largest first).
const GROUPS_PER_PATTERN: usize = 6;
/// Groups larger than this are not solved (their search could take long).
const MAX_GROUP: usize = 400;
/// Nodes allowed per group.
const GROUP_NODES: u64 = 200_000;

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
    search(bucket, deadline, stop, u32::MAX)
}

/// A sub-family witness of value at least `target` inside `family` (sorted bucket
/// indices), e.g. the words left after a miss on a first letter: `V(family) >= target`
/// when one is found. The clusters are searched within `family` alone (the referee's
/// natural answer), and the search stops at the first witness reaching `target`.
pub(super) fn witness_within(
    bucket: &Bucket,
    family: &[u32],
    target: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Option<Witness> {
    let lexicon = sub_lexicon(bucket, family);
    let sub = lexicon.bucket(bucket.length());
    let found = search(sub, deadline, stop, target).filter(|w| w.value >= target)?;
    // The sub-bucket keeps the family's order: index i is family[i].
    Some(Witness {
        words: found.words.iter().map(|&i| family[i as usize]).collect(),
        ..found
    })
}

/// The best witness, or the first found worth `target`.
fn search(
    bucket: &Bucket,
    deadline: Option<Instant>,
    stop: &StopFlag,
    target: u32,
) -> Option<Witness> {
    let length = bucket.length();
    if bucket.len() < 3 || length < 2 {
        return None;
    }
    let mut blanks: Vec<Vec<usize>> = (0..length).map(|p| vec![p]).collect();
    if length <= 12 {
        for p in 0..length {
            for q in p + 1..length {
                blanks.push(vec![p, q]);
            }
        }
    }
    let mut best: Option<Witness> = None;
    let mut keyed: Vec<((u128, u64), u32)> = Vec::with_capacity(bucket.len());
    // Every word's key once; a pattern sets its blanks' bits (31 is all ones).
    let full: Vec<(u128, u64)> = (0..bucket.len())
        .map(|i| pattern_key(bucket.word(i), &[]))
        .collect();
    for blank in blanks {
        let reached = best.as_ref().is_some_and(|w| w.value >= target);
        if reached || deadline.is_some_and(|d| Instant::now() >= d) || stop.is_raised() {
            break;
        }
        // Grouped by sorting packed keys (no hashing, no allocation per word: this runs for
        // every family a certificate's referee narrows).
        let mask = pattern_key(&vec![b'a'; length], &blank);
        keyed.clear();
        keyed.extend(
            full.iter()
                .zip(0u32..)
                .map(|(k, i)| ((k.0 | mask.0, k.1 | mask.1), i)),
        );
        keyed.sort_unstable();
        let mut groups: Vec<Vec<u32>> = keyed
            .chunk_by(|a, b| a.0 == b.0)
            .filter(|run| run.len() >= 3)
            .map(|run| run.iter().map(|&(_, i)| i).collect())
            .collect();
        // Largest first; ties by first word, so the choice does not depend on hashing.
        groups.sort_by_key(|g| (std::cmp::Reverse(g.len()), g[0]));
        for group in groups.into_iter().take(GROUPS_PER_PATTERN) {
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
            let value = sub_family_value(bucket, &group, deadline, stop);
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
    let lexicon = sub_lexicon(bucket, words);
    let sub = lexicon.bucket(bucket.length());
    let all: Vec<u32> = (0..sub.len() as u32).collect();
    let solver = group_solver(sub, deadline, stop);
    match solver.value(&all) {
        Ok(v) => v,
        Err(_) => solver.bounds(&all).0,
    }
}

/// A solver for a sub-family's own bucket (`sub`): sequential, a small table and at most
/// [`GROUP_NODES`] nodes.
fn group_solver<'b>(sub: &'b Bucket, deadline: Option<Instant>, stop: &StopFlag) -> Solver<'b> {
    Solver::new(
        sub,
        SolveOptions {
            deadline,
            max_nodes: GROUP_NODES,
            table_bytes: 1 << 20,
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

/// `witness` without the words its value does not need: runs of words (half of them, then
/// a quarter, … down to single words; the last first) are dropped while the rest is still
/// proven worth `target` (each test solved as a universe of its own within `GROUP_NODES`
/// nodes; a test that does not finish keeps the words). A smaller sub-family makes a
/// smaller referee strategy in a certificate. Stops, keeping what it has, at `deadline` or
/// when `stop` is raised.
pub fn shrink_witness(
    bucket: &Bucket,
    witness: &Witness,
    target: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Witness {
    let mut words = witness.words.clone();
    let mut run = words.len() / 2;
    while run >= 1 {
        let mut end = words.len();
        while end > 0 {
            if deadline.is_some_and(|d| Instant::now() >= d) || stop.is_raised() {
                break;
            }
            let start = end.saturating_sub(run);
            let mut trial = words.clone();
            trial.drain(start..end);
            if worth(bucket, &trial, target, deadline, stop) {
                words = trial;
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
    if words.len() as u32 <= target {
        return false;
    }
    let lexicon = sub_lexicon(bucket, words);
    let sub = lexicon.bucket(bucket.length());
    let all: Vec<u32> = (0..sub.len() as u32).collect();
    group_solver(sub, deadline, stop).at_least(&all, target) == Ok(true)
}
