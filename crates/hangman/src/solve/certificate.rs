//! Certificates: proofs of a length's bounds that [`crate::verify`] re-checks without the
//! search.
//!
//! A certificate of `lower <= M(L) <= upper` holds two strategies (the format is
//! documented in `docs/evil.md` and read by [`crate::verify`]):
//!
//! - **upper**: the guesser's strategy tree, one letter per family of two or more words it
//!   reaches, in preorder (the parts of a family in ascending position-mask order); every
//!   path ends at one word with at most `upper` misses.
//! - **lower**: a sub-family `S` (the whole bucket, or a witness such as `?ills`) and the
//!   referee's strategy on it: at each family, either `h` (no `k` splitting letters hit
//!   every word, so `k` misses are forced; re-checked by a small search) or `r` and, for
//!   every splitting letter in alphabetical order, the index of the part the referee keeps
//!   (in ascending mask order), followed by the strategies for those parts in the same
//!   order; or `n` and a list of words: the referee narrows to those words of the current
//!   family (it may always keep fewer words), and the strategy goes on from them; or `s`:
//!   this family was proven for the same target earlier in the walk (the same letters
//!   guessed in another order reach the same family).
//!
//! The prover here uses the solver's null-window tests to pick each letter and each
//! answer; on the whole bucket, below the first letters, it narrows each family it
//! reaches to a small sub-family witness where the witness search finds one (so the
//! strategy stays small). Every limit is a work budget (nodes, searches), never the
//! clock: the same inputs give the same certificate at any speed and thread count unless
//! a caller's deadline cuts it short. A tree that would exceed a node cap is not written
//! (the certificate then proves the weaker bound it has).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::time::Instant;

use lexicon::{Bucket, Letter, LetterSet};

use super::bounds;
use super::limits::{Aborted, StopFlag};
use super::search::{Node, SolveOptions, Solver};
use super::witness::{
    Reach, ShrinkBudget, Witness, shrink_witness, shrink_witness_within, sub_lexicon,
    witness_within, worth,
};
use crate::candidates;

/// The most strategy nodes a certificate's tree may hold before the prover gives up.
pub const MAX_PROOF_NODES: usize = 4_000_000;

/// The most text one referee proof may write: 64 MB. The largest proof written whole,
/// enable1 6's letter `j` (2,713 words worth 12), is 35.4 MB (1.64 MB gzipped).
const MAX_PROOF_TEXT: usize = 16 * MAX_PROOF_NODES;

/// Why a proof was not written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// The deadline, a node budget or the stop flag ended the search.
    #[error("the search was stopped before the proof was complete")]
    Aborted,
    /// The tree grew past [`MAX_PROOF_NODES`].
    #[error("the proof would exceed {MAX_PROOF_NODES} nodes")]
    TooLarge,
    /// The bound claimed does not hold (the caller's bounds were wrong).
    #[error("no strategy proves the bound asked for")]
    NoStrategy,
}

impl From<Aborted> for ProofError {
    fn from(_: Aborted) -> ProofError {
        ProofError::Aborted
    }
}

/// A 64-bit FNV-1a digest of a bucket's words (each followed by a newline, in the bucket's
/// sorted order): ties a certificate to the word list it was made for.
pub fn bucket_digest(bucket: &Bucket) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for i in 0..bucket.len() {
        for &b in bucket.word(i).iter().chain(b"\n") {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The guesser's strategy proving `V(all of bucket) <= upper`: letters in preorder.
///
/// # Errors
///
/// [`ProofError`] if the search stops, the tree is too large, or `upper` is wrong.
pub fn guesser_proof(
    bucket: &Bucket,
    upper: u32,
    options: &SolveOptions,
) -> Result<String, ProofError> {
    let solver = Solver::new(bucket, options.clone());
    let family: Vec<u32> = (0..bucket.len() as u32).collect();
    let mut out = String::new();
    guesser_node(&solver, bucket, &family, upper, &mut out)?;
    Ok(out)
}

fn guesser_node(
    solver: &Solver<'_>,
    bucket: &Bucket,
    family: &[u32],
    allowed: u32,
    out: &mut String,
) -> Result<(), ProofError> {
    if family.len() <= 1 {
        return Ok(());
    }
    if out.len() >= MAX_PROOF_NODES {
        return Err(ProofError::TooLarge);
    }
    let letter = proven_letter(solver, family, allowed, None)?.ok_or(ProofError::NoStrategy)?;
    out.push(letter.lower() as char);
    for (mask, part) in candidates::partition(bucket, family, letter) {
        guesser_node(solver, bucket, &part, allowed - u32::from(mask == 0), out)?;
    }
    Ok(())
}

/// A letter after which the referee cannot force more than `allowed` misses from
/// `family`, as the solver proves it (`None`: there is none); `prefer` is tried first.
fn proven_letter(
    solver: &Solver<'_>,
    family: &[u32],
    allowed: u32,
    prefer: Option<Letter>,
) -> Result<Option<Letter>, Aborted> {
    let node = solver.root(family);
    // Letters to try: the caller's, the table's refutation, then those fewest words lack.
    let misses = solver.words.misses(family, node.split);
    let mut letters: Vec<usize> = (0..26).filter(|&g| node.split >> g & 1 == 1).collect();
    let prefer = prefer.map_or(26, Letter::index);
    letters.sort_by_key(|&g| {
        let table = g != usize::from(node.best);
        (g != prefer, table, misses.count[g], g)
    });
    for g in letters {
        let letter = Letter::from_index(g as u8).expect("a letter index");
        if !solver.after_letter_at_least(family, letter, allowed + 1)? {
            return Ok(Some(letter));
        }
    }
    Ok(None)
}

/// The best guesser's tree the solver finds within its limits: at each family the greedy
/// guesser's subtree when it holds the referee to `allowed` misses (no search needed),
/// else a letter proven to, and where that proof does not finish (time limit, size cap)
/// the greedy subtree anyway. `prefer` is the letter tried first at the top (a letter
/// the driver proved optimal). Written in preorder; returns its most misses, which is
/// what the tree proves (`allowed` when every proof finished).
pub(super) fn best_guesser_node(
    solver: &Solver<'_>,
    bucket: &Bucket,
    family: &[u32],
    allowed: u32,
    prefer: Option<Letter>,
    out: &mut String,
) -> u32 {
    if family.len() <= 1 {
        return 0;
    }
    if solver.greedy_upper(family) <= allowed {
        return greedy_node(solver, bucket, family, out);
    }
    if out.len() < MAX_PROOF_NODES
        && let Ok(Some(letter)) = proven_letter(solver, family, allowed, prefer)
    {
        out.push(letter.lower() as char);
        return candidates::partition(bucket, family, letter)
            .into_iter()
            .map(|(mask, part)| {
                let miss = u32::from(mask == 0);
                let left = allowed.saturating_sub(miss);
                miss + best_guesser_node(solver, bucket, &part, left, None, out)
            })
            .max()
            .unwrap_or(0);
    }
    greedy_node(solver, bucket, family, out)
}

/// The greedy guesser's tree from `family` (a forced move, else the splitting letter fewest
/// words lack, ties to the first; the walk of `Solver::greedy_upper`), written in preorder;
/// returns its most misses.
fn greedy_node(solver: &Solver<'_>, bucket: &Bucket, family: &[u32], out: &mut String) -> u32 {
    if family.len() <= 1 {
        return 0;
    }
    let node = solver.root(family);
    let g = if node.required != 0 {
        node.required.trailing_zeros() as usize
    } else {
        let misses = solver.words.misses(family, node.split);
        (0..26)
            .filter(|&g| node.split >> g & 1 == 1)
            .min_by_key(|&g| (misses.count[g], g))
            .expect("two words have a splitting letter")
    };
    let letter = Letter::from_index(g as u8).expect("a letter index");
    out.push(letter.lower() as char);
    candidates::partition(bucket, family, letter)
        .into_iter()
        .map(|(mask, part)| u32::from(mask == 0) + greedy_node(solver, bucket, &part, out))
        .max()
        .unwrap_or(0)
}

/// The referee's strategy proving `V(S) >= lower` for the sub-family `S` of `bucket`
/// given by `witness` (the whole bucket when `None`): its words (`None`: all) and the
/// strategy's tokens.
///
/// # Errors
///
/// [`ProofError`] if the search stops, the tree is too large, or `lower` is wrong.
pub fn referee_proof(
    bucket: &Bucket,
    witness: Option<&Witness>,
    lower: u32,
    options: &SolveOptions,
) -> Result<String, ProofError> {
    let mut out = String::new();
    let mut seen = Seen::default();
    match witness {
        Some(w) if w.disjoint && lower + 1 == w.words.len() as u32 => {
            // Every guess hits at most one word: no `lower` letters hit all of them.
            out.push_str("h\n");
        }
        Some(w) => {
            let lexicon = sub_lexicon(bucket, &w.words);
            let sub = lexicon.bucket(bucket.length());
            let solver = Solver::new(sub, options.clone());
            let family: Vec<u32> = (0..sub.len() as u32).collect();
            referee_node(&solver, sub, &family, lower, &mut out, &mut seen, None, 0)?;
        }
        None => {
            let solver = Solver::new(bucket, options.clone());
            let mut narrowing = Narrowing::new(None, options);
            return whole_referee_proof(&solver, lower, &mut narrowing);
        }
    }
    Ok(out)
}

/// The families a referee's walk has proven, each (smallest word, splitting letters) with
/// the most misses proven from it: a strategy forcing `k` misses forces any fewer, so an
/// `s` node stands for any target up to it.
type Seen = HashMap<(u32, u32), u32>;

fn prove_seen(seen: &mut Seen, key: (u32, u32), k: u32) {
    let proven = seen.entry(key).or_insert(k);
    *proven = (*proven).max(k);
}

/// Families smaller than this are proven by the solver's tree rather than narrowed.
const NARROW_MIN: usize = 24;

/// The most witness searches one proof runs (each within the witness module's node
/// budgets): a work budget, so the proof does not depend on the machine's speed.
const NARROW_SEARCHES: usize = 20_000;

/// Families of at most this many words where no cluster is found are shrunk themselves.
const SHRINK_FAMILY_MAX: usize = 600;

/// Nodes the solver may search for the strategy on one narrowed sub-family.
const NARROWED_PROOF_NODES: u64 = 2_000_000;

/// What a proof on the whole bucket knows about narrowing: the witnesses found so far,
/// and per sub-family narrowed to, the families proven in it (for `s` nodes).
pub(super) struct Narrowing {
    known: Vec<Witness>,
    proven: HashMap<Vec<u32>, Seen>,
    /// Sub-families whose whole strategy was written, with its target.
    whole: HashSet<(Vec<u32>, u32)>,
    searches: usize,
    /// How hard a witness found is shrunk.
    shrink: ShrinkBudget,
    deadline: Option<Instant>,
    stop: StopFlag,
}

/// `witness` (worth at least `k`) cut to the words `k` needs: `k + 1` of pairwise disjoint
/// words, else what [`shrink_witness`] keeps.
pub(super) fn cut_to(
    bucket: &Bucket,
    witness: &Witness,
    k: u32,
    budget: ShrinkBudget,
    first: u32,
    deadline: Option<Instant>,
    stop: &StopFlag,
) -> Witness {
    if witness.disjoint {
        // Any k + 1 of pairwise disjoint words are worth k.
        Witness {
            words: witness.words[..k as usize + 1].to_vec(),
            value: k,
            disjoint: true,
        }
    } else {
        shrink_witness_within(bucket, witness, k, budget, first, deadline, stop)
    }
}

impl Narrowing {
    /// No witness known yet but `seed` (e.g. the root's, of a lower value).
    pub(super) fn new(seed: Option<&Witness>, options: &SolveOptions) -> Narrowing {
        Narrowing {
            known: seed.into_iter().cloned().collect(),
            proven: HashMap::new(),
            whole: HashSet::new(),
            searches: 0,
            shrink: ShrinkBudget::WHOLE,
            deadline: options.deadline,
            stop: options.stop.clone(),
        }
    }

    /// Shrinks the witnesses it finds within `budget`.
    pub(super) fn shrinking(mut self, budget: ShrinkBudget) -> Narrowing {
        self.shrink = budget;
        self
    }

    /// Also knows `witnesses` (found by an earlier proof on the same bucket).
    pub(super) fn knowing(mut self, witnesses: impl IntoIterator<Item = Witness>) -> Narrowing {
        self.known.extend(witnesses);
        self
    }

    /// The witnesses found so far (and those it started with).
    pub(super) fn into_known(self) -> Vec<Witness> {
        self.known
    }

    /// The smallest known witness worth `k` inside `family` (sorted bucket indices).
    fn known_within(&self, family: &[u32], k: u32) -> Option<&Witness> {
        self.known
            .iter()
            .filter(|w| w.value >= k)
            .filter(|w| w.words.iter().all(|i| family.binary_search(i).is_ok()))
            .min_by_key(|w| w.words.len())
    }

    /// A witness worth `k` inside `family`: a known one, else one the witness search finds
    /// (while searches are left), shrunk to the words `k` needs.
    fn find(&mut self, bucket: &Bucket, family: &[u32], k: u32) -> Option<Witness> {
        if let Some(w) = self.known_within(family, k) {
            return Some(match w.disjoint {
                // Any k + 1 of pairwise disjoint words are worth k.
                true => Witness {
                    words: w.words[..k as usize + 1].to_vec(),
                    value: k,
                    disjoint: true,
                },
                false => w.clone(),
            });
        }
        if self.searches >= NARROW_SEARCHES || family.len() < NARROW_MIN {
            return None;
        }
        self.searches += 1;
        let found = witness_within(bucket, family, k, Reach::Narrow, self.deadline, &self.stop)
            .or_else(|| {
                // No cluster: a small family may shrink to a witness of its own.
                (family.len() <= SHRINK_FAMILY_MAX
                    && worth(bucket, family, k, self.deadline, &self.stop))
                .then(|| Witness {
                    words: family.to_vec(),
                    value: k,
                    disjoint: false,
                })
            });
        let w = cut_to(
            bucket,
            &found?,
            k,
            self.shrink,
            0,
            self.deadline,
            &self.stop,
        );
        self.known.push(w.clone());
        Some(w)
    }

    /// Writes `n` and the referee's strategy on `w` for `k` misses.
    fn prove(
        &mut self,
        bucket: &Bucket,
        w: &Witness,
        k: u32,
        out: &mut String,
    ) -> Result<(), ProofError> {
        let _ = write!(out, "n {}", w.words.len());
        for &i in &w.words {
            let _ = write!(out, " {}", bucket.word_str(i as usize));
        }
        out.push('\n');
        if w.disjoint && w.words.len() as u32 == k + 1 {
            out.push_str("h\n");
            return Ok(());
        }
        // Proven before for the same target: the walk's `s`, without building its solver.
        let done = (w.words.clone(), k);
        if self.whole.contains(&done) {
            out.push_str("s\n");
            return Ok(());
        }
        let seen = self.proven.entry(w.words.clone()).or_default();
        // A failed proof leaves no `s` behind it: its tokens are dropped by the caller.
        let before = seen.clone();
        let lexicon = sub_lexicon(bucket, &w.words);
        let sub = lexicon.bucket(bucket.length());
        let solver = Solver::new(
            sub,
            SolveOptions {
                deadline: self.deadline,
                max_nodes: NARROWED_PROOF_NODES,
                table_bytes: 4 << 20,
                sequential: true,
                stop: self.stop.clone(),
                ..SolveOptions::default()
            },
        );
        let family: Vec<u32> = (0..sub.len() as u32).collect();
        let result = referee_node(&solver, sub, &family, k, out, seen, None, 0);
        match result {
            Ok(()) => _ = self.whole.insert(done),
            Err(_) => *seen = before,
        }
        result
    }
}

/// [`referee_proof`] on the whole bucket of `solver`, reusing what its table knows, and
/// narrowing below the root where `narrowing` finds witnesses.
fn whole_referee_proof(
    solver: &Solver<'_>,
    lower: u32,
    narrowing: &mut Narrowing,
) -> Result<String, ProofError> {
    let family: Vec<u32> = (0..solver.bucket().len() as u32).collect();
    narrowed_referee_proof(solver, &family, lower, narrowing)
}

/// The referee's strategy forcing `k` misses from `family` (closed in `solver`'s bucket,
/// e.g. a first letter's miss part), narrowing below the root where `narrowing` finds
/// witnesses: its tokens.
pub(super) fn narrowed_referee_proof(
    solver: &Solver<'_>,
    family: &[u32],
    k: u32,
    narrowing: &mut Narrowing,
) -> Result<String, ProofError> {
    let mut out = String::new();
    referee_node(
        solver,
        solver.bucket(),
        family,
        k,
        &mut out,
        &mut Seen::default(),
        Some(narrowing),
        0,
    )?;
    Ok(out)
}

/// The referee's strategy forcing `k` misses from `family` (closed in `solver`'s bucket)
/// as `solver` proves it, without narrowing: best after a test at `k` has filled the
/// table, whose entries the walk then follows.
pub(super) fn plain_referee_proof(
    solver: &Solver<'_>,
    family: &[u32],
    k: u32,
    out: &mut String,
) -> Result<(), ProofError> {
    let mut seen = Seen::default();
    referee_node(solver, solver.bucket(), family, k, out, &mut seen, None, 0)
}

/// The referee's strategy forcing `k` misses from `family` (reached from `bucket` by
/// splitting), in preorder; below the root (`depth > 0`) it narrows to a witness where
/// `narrowing` (when given) finds one.
#[allow(clippy::too_many_arguments)]
fn referee_node(
    solver: &Solver<'_>,
    bucket: &Bucket,
    family: &[u32],
    k: u32,
    out: &mut String,
    seen: &mut Seen,
    mut narrowing: Option<&mut Narrowing>,
    depth: usize,
) -> Result<(), ProofError> {
    if k == 0 {
        return Ok(());
    }
    if seen.len() > MAX_PROOF_NODES || out.len() > MAX_PROOF_TEXT {
        return Err(ProofError::TooLarge);
    }
    if family.len() < 2 {
        return Err(ProofError::NoStrategy);
    }
    let node = solver.root(family);
    // A family proven before for the same target (reached by guesses in another order).
    // Families are closed, so the smallest word and the splitting letters identify one
    // (see `Solver::new`): a small key rather than the words.
    let key = (family[0], node.split);
    if seen.get(&key).is_some_and(|&proven| proven >= k) {
        out.push_str("s\n");
        return Ok(());
    }
    if hitting_claim(solver, family, &node, k, &mut Vec::new()) {
        out.push_str("h\n");
        prove_seen(seen, key, k);
        return Ok(());
    }
    // A part the table already proves worth `k` by itself: the referee keeps it before
    // the guess (monotonicity), as the search's cutoff did.
    if let Some((letter, i, part)) = part_worth(solver, family, node.split, k) {
        let _ = writeln!(out, "p {} {i}", letter.lower() as char);
        referee_node(solver, bucket, &part, k, out, seen, narrowing, depth + 1)?;
        prove_seen(seen, key, k);
        return Ok(());
    }
    if depth > 0
        && let Some(narrowing) = narrowing.as_deref_mut()
        && let Some(w) = narrowing.find(bucket, family, k)
    {
        let mark = out.len();
        match narrowing.prove(bucket, &w, k, out) {
            Ok(()) => {
                prove_seen(seen, key, k);
                return Ok(());
            }
            // Too large or over its budget: the solver's own tree instead.
            Err(_) if !solver.limits.caller_stopped() => out.truncate(mark),
            Err(e) => return Err(e),
        }
    }
    let mut chosen: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut miss = Vec::new();
    out.push('r');
    for letter in LetterSet::from_bits(node.split).iter() {
        let (i, part) = referee_answer(
            solver,
            family,
            letter,
            k,
            narrowing.as_deref_mut(),
            &mut miss,
        )?;
        let _ = write!(out, " {i}");
        chosen.push(part);
    }
    out.push('\n');
    for (mask, part) in chosen {
        let k = k - u32::from(mask == 0);
        let narrowing = narrowing.as_deref_mut();
        referee_node(solver, bucket, &part, k, out, seen, narrowing, depth + 1)?;
    }
    prove_seen(seen, key, k);
    Ok(())
}

/// Whether an `h` node proves `k` misses from `family` (`node` is its root): no letter is
/// in every word, and no `k` splitting letters hit every word (the hitting-set bound, whose
/// claim the checker re-checks). `sets` is the caller's buffer.
fn hitting_claim(
    solver: &Solver<'_>,
    family: &[u32],
    node: &Node,
    k: u32,
    sets: &mut Vec<u32>,
) -> bool {
    node.required == 0
        && bounds::hitting_set(
            &solver.words,
            family.iter().copied(),
            node.split,
            node.all,
            k,
            sets,
        ) == Some(false)
}

/// A part of `family` split by one of its splitting letters `split` whose proven lower
/// bound (the table's, and the cheap bounds') reaches `k` by itself, with its letter and
/// index (ascending mask order): the miss parts first, then the hit parts.
fn part_worth(
    solver: &Solver<'_>,
    family: &[u32],
    split: u32,
    k: u32,
) -> Option<(Letter, usize, Vec<u32>)> {
    let mut sets = Vec::new();
    let mut worth = |part: &[u32]| {
        if part.len() <= k as usize {
            return false;
        }
        let node = solver.root(part);
        node.lo >= k
            || (k <= node.split.count_ones() && hitting_claim(solver, part, &node, k, &mut sets))
    };
    let mut miss = Vec::new();
    for letter in LetterSet::from_bits(split).iter() {
        solver.words.miss_part(family, letter.index(), &mut miss);
        if worth(&miss) {
            return Some((letter, 0, miss));
        }
    }
    for letter in LetterSet::from_bits(split).iter() {
        let mut parts = candidates::partition(solver.bucket(), family, letter);
        if let Some(i) = (0..parts.len()).find(|&i| parts[i].0 != 0 && worth(&parts[i].1)) {
            // `i` is the part's index in the certificate, taken before the part is moved out.
            let (_, part) = parts.swap_remove(i);
            return Some((letter, i, part));
        }
    }
    None
}

/// The part the referee keeps after `letter` so that `k` misses stay reachable (`k - 1`
/// after the miss part), with its index among the parts (ascending mask order): a part
/// holding a witness (the miss part first) when `narrowing` finds one, so that the
/// strategy below it narrows; else the miss part or the largest part the solver proves.
fn referee_answer(
    solver: &Solver<'_>,
    family: &[u32],
    letter: Letter,
    k: u32,
    mut narrowing: Option<&mut Narrowing>,
    miss: &mut Vec<u32>,
) -> Result<(usize, (u32, Vec<u32>)), ProofError> {
    let bucket = solver.bucket();
    // The miss part first, without splitting the rest: it is the referee's usual
    // answer, and when it exists it is part 0 (mask 0 sorts first).
    solver.words.miss_part(family, letter.index(), miss);
    let mut witnessed = |part: &[u32], k: u32| {
        narrowing
            .as_deref_mut()
            .is_some_and(|n| n.find(bucket, part, k).is_some())
    };
    if !miss.is_empty() && (k == 1 || witnessed(miss, k - 1)) {
        return Ok((0, (0, std::mem::take(miss))));
    }
    let parts = candidates::partition(bucket, family, letter);
    let mut order: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].0 != 0).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(parts[i].1.len()), i));
    if let Some(&i) = order.iter().find(|&&i| witnessed(&parts[i].1, k)) {
        return Ok((i, parts[i].clone()));
    }
    if !miss.is_empty() && solver.at_least(miss, k - 1)? {
        return Ok((0, (0, std::mem::take(miss))));
    }
    for i in order {
        if solver.at_least(&parts[i].1, k)? {
            return Ok((i, parts[i].clone()));
        }
    }
    Err(ProofError::NoStrategy)
}

/// The root's cheap lower bound as a certificate's lower side (a hitting-set claim at the
/// whole bucket), for when no stronger proof finished: no deadline, a small node budget.
fn cheap_lower(bucket: &Bucket) -> (u32, Option<&'static Witness>, String) {
    let options = SolveOptions {
        max_nodes: 100_000,
        ..SolveOptions::default()
    };
    let solver = Solver::new(bucket, options.clone());
    let family: Vec<u32> = (0..bucket.len() as u32).collect();
    let lo = solver.bounds(&family).0;
    match referee_proof(bucket, None, lo, &options) {
        Ok(tokens) if lo > 0 => (lo, None, tokens),
        _ => (0, None, String::new()),
    }
}

/// Nodes the solver may search for the referee's proof on the whole bucket (its narrowed
/// sub-families have their own budgets): a work budget rather than a time limit, so that
/// the certificate does not depend on the machine's speed or load.
pub(super) const WHOLE_PROOF_NODES: u64 = 30_000_000;

/// A whole certificate for one length: the header, the guesser's and the referee's
/// strategies (see the module notes and `docs/evil.md`).
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The certificate's text.
    pub text: String,
    /// The lower bound it proves.
    pub lower: u32,
    /// The upper bound it proves.
    pub upper: u32,
}

impl Certificate {
    /// The file form: the text, gzip-compressed (the strategies' letters and part indices
    /// repeat a lot: about a tenth of the text). [`crate::verify::decode`] reads it back.
    pub fn compressed(&self) -> Vec<u8> {
        gzip(&self.text)
    }
}

/// `text`, gzip-compressed at the best level.
pub(super) fn gzip(text: &str) -> Vec<u8> {
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(text.as_bytes())
        .and_then(|()| gz.finish())
        .expect("writing to memory cannot fail")
}

/// Writes the certificate of `lower <= M <= upper` for `bucket`, proving each side with
/// a sequential solver of `options` (so within its deadline; without one, the same inputs
/// give the same certificate at any thread count); a side whose proof fails falls
/// back to a trivial bound (lower 0, upper `|bucket| - 1`, re-checked by a guesser that
/// tries every splitting letter) so the certificate stays valid. `dictionary` is a name
/// for the reader.
pub fn certify(
    bucket: &Bucket,
    dictionary: &str,
    lower: u32,
    upper: u32,
    witness: Option<&Witness>,
    options: &SolveOptions,
) -> Certificate {
    let guesser = Guesser::Search { prefer: None };
    certify_with(
        bucket,
        dictionary,
        (lower, upper),
        witness,
        guesser,
        options,
    )
}

/// Where the upper side of a value certificate comes from.
pub(super) enum Guesser {
    /// Searched from the whole bucket, trying `prefer` first at the top (a first letter
    /// the driver proved optimal: the search then starts with a letter that holds, not
    /// with the commonest letters, which may not), within [`GUESSER_NODES`].
    Search {
        /// The letter tried first at the top.
        prefer: Option<Letter>,
    },
    /// Already written (see [`guesser_on_first_letter`]): its most misses and its letters.
    Built(u32, String),
}

/// Nodes the search for the value certificate's guesser may spend before the rest of
/// its tree is greedy: a work budget, so the file does not depend on the machine. Proving
/// a letter at the root can take hours when the letters tried first are not optimal
/// (words.txt, 4 letters: `e`, which fewest words lack, is not).
const GUESSER_NODES: u64 = 30_000_000;

/// The value certificate's guesser tree from a first-letter certificate's proofs: the
/// first letter `g`, then the tree on its miss part that the first-letter file proves
/// (at most `m - 1` misses; `trees`, one per optimal letter), then a tree on each hit part
/// (at most `m`). The hit parts of most optimal letters need no search (the greedy
/// guesser holds them to `m`): the letter whose whole tree is then the smallest is taken;
/// else the one fewest words lack, its hit parts searched as for any family within
/// [`GUESSER_NODES`]. `None` when no tree holds the referee to `m` (or `trees` is empty).
/// This is what keeps the value's proof cheap where the letters the search would try
/// first at the top are not optimal.
pub(super) fn guesser_on_first_letter(
    bucket: &Bucket,
    m: u32,
    trees: &[(Letter, String)],
    options: &SolveOptions,
) -> Option<(u32, String)> {
    let family: Vec<u32> = (0..bucket.len() as u32).collect();
    let mut solver = Solver::new(
        bucket,
        SolveOptions {
            sequential: true,
            ..options.clone()
        },
    );
    // The whole tree under `g`: the hit parts' by `hit`, the miss part's as given.
    let tree_under =
        |g: Letter, miss_tree: &str, hit: &mut dyn FnMut(&[u32], &mut String) -> u32| {
            let mut out = String::from(g.lower() as char);
            let mut worst = 0;
            for (mask, part) in candidates::partition(bucket, &family, g) {
                if mask == 0 {
                    out.push_str(miss_tree);
                    worst = worst.max(m);
                } else {
                    worst = worst.max(hit(&part, &mut out));
                }
            }
            (worst, out)
        };
    let greedy = trees
        .iter()
        .map(|(g, miss_tree)| {
            tree_under(*g, miss_tree, &mut |part, out| {
                greedy_node(&solver, bucket, part, out)
            })
        })
        .filter(|(worst, _)| *worst <= m)
        .min_by_key(|(_, out)| out.len());
    if greedy.is_some() {
        return greedy;
    }
    let lacking = |g: Letter| {
        (0..bucket.len())
            .filter(|&w| !bucket.letters(w).contains(g))
            .count()
    };
    let (g, miss_tree) = trees.iter().min_by_key(|(g, _)| (lacking(*g), *g))?;
    solver.restart_with(options.deadline, GUESSER_NODES);
    let solver = &solver;
    let built = tree_under(*g, miss_tree, &mut |part, out| {
        best_guesser_node(solver, bucket, part, m, None, out)
    });
    (built.0 <= m).then_some(built)
}

/// [`certify`] with the guesser's side as `guesser` says.
pub(super) fn certify_with(
    bucket: &Bucket,
    dictionary: &str,
    (lower, upper): (u32, u32),
    witness: Option<&Witness>,
    guesser: Guesser,
    options: &SolveOptions,
) -> Certificate {
    let searched = (lower, upper);
    // Sequential: a parallel search's node counts and table depend on the threads'
    // timing, and with them which letters and answers the proofs pick.
    let options = &SolveOptions {
        sequential: true,
        ..options.clone()
    };
    // Proven subtrees where the search finishes in time, greedy ones elsewhere (the greedy
    // tree needs no search): the tree's worst case is the bound it proves.
    // One solver for both sides: what the guesser's proofs put in its table serves the
    // referee's.
    let mut solver = Solver::new(bucket, options.clone());
    let (upper, guesser) = match guesser {
        Guesser::Built(worst, tree) => (worst, tree),
        Guesser::Search { prefer } => {
            solver.restart_with(options.deadline, GUESSER_NODES);
            let family: Vec<u32> = (0..bucket.len() as u32).collect();
            let mut tree = String::new();
            let worst = best_guesser_node(&solver, bucket, &family, upper, prefer, &mut tree);
            (worst, tree)
        }
    };
    // The witness proves its own value; the whole bucket proves the rest.
    let from_witness = witness.map_or(0, |w| w.value);
    // A witness is shrunk to the words its value needs first: its referee strategy is
    // then small (length 3 of words.txt: the 209 words of `?a?` are worth 17, and the
    // strategy on all of them did not fit in `MAX_PROOF_NODES`).
    let shrunk = witness
        .filter(|w| !w.disjoint && from_witness >= lower && lower > 0)
        .map(|w| shrink_witness(bucket, w, lower, options.deadline, &options.stop));
    let witness = shrunk.as_ref().or(witness);
    let (lower, sub, referee) = if from_witness >= lower && lower > 0 {
        match referee_proof(bucket, witness, lower, options) {
            Ok(tokens) => (lower, witness, tokens),
            Err(_) => (0, None, String::new()),
        }
    } else {
        // A proof that has not finished within `WHOLE_PROOF_NODES` rarely finishes at all:
        // the witness's weaker bound is written instead.
        solver.restart_with(options.deadline, WHOLE_PROOF_NODES);
        let mut narrowing = Narrowing::new(witness, options);
        match whole_referee_proof(&solver, lower, &mut narrowing) {
            Ok(tokens) => (lower, None, tokens),
            Err(_) => match witness {
                Some(w) => match referee_proof(bucket, Some(w), w.value, options) {
                    Ok(tokens) => (w.value, Some(w), tokens),
                    Err(_) => (0, None, String::new()),
                },
                None => (0, None, String::new()),
            },
        }
    };
    let (lower, sub, referee) = match lower {
        0 => cheap_lower(bucket),
        _ => (lower, sub, referee),
    };
    let mut text = String::new();
    let _ = writeln!(text, "wordplay-hangman-certificate 1");
    let _ = writeln!(text, "dictionary {dictionary}");
    let _ = writeln!(text, "length {}", bucket.length());
    let _ = writeln!(text, "words {}", bucket.len());
    let _ = writeln!(text, "digest {:016x}", bucket_digest(bucket));
    // Informational: the bounds the search proved; the sections below prove theirs.
    let _ = writeln!(text, "solver {} {}", searched.0, searched.1);
    let _ = writeln!(text, "upper {upper}");
    for line in guesser.as_bytes().chunks(80) {
        text.push_str(std::str::from_utf8(line).expect("letters are ASCII"));
        text.push('\n');
    }
    text.push_str(".\n");
    let _ = writeln!(text, "lower {lower}");
    match sub {
        Some(w) => {
            let _ = writeln!(text, "family {}", w.words.len());
            for &i in &w.words {
                let _ = writeln!(text, "{}", bucket.word_str(i as usize));
            }
        }
        None => text.push_str("family all\n"),
    }
    text.push_str(&referee);
    text.push_str(".\n");
    Certificate { text, lower, upper }
}
