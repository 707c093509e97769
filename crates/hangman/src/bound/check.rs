//! Re-checks a bound certificate with plain code that shares nothing with the search that
//! wrote it: its own rules (scores, lives, the board), its own split of a set by a letter,
//! its own static bounds. It trusts no number in the certificate but the claim it checks;
//! every value is computed again from the word list.
//!
//! # Format
//!
//! Text (gzip-compressed as written, `length-L.score.cert.gz` and `length-L.losses.cert.gz`):
//!
//! ```text
//! wordplay-bound-certificate 4
//! objective score          (or losses)
//! length 8
//! max_wrong 5
//! words 28558
//! words_sha256 <hex>       SHA-256 of the length's words, each followed by "\n"
//! bound 158000             the claim: no strategy totals (or loses) less
//! uses_losses yes          (score only) its static bounds take the losses proof's counts
//! family_totals 12         (score only; else 0) its static bounds value the families with
//!                          2 to 12 words in a set on their own (below)
//! exact_small 6            (score only; else 0) its static bound of a set of 2 to 6
//!                          words is the set's least total (below)
//! families 2               then one line per family: its size, then its words
//! 3 12 40 97
//! 4 3 18 77 301
//! proof
//! <tokens>
//! ```
//!
//! The proof is the root state's, in prefix order. A state (two words or more, game not
//! over; states with one word or an ended game are settled and written nowhere) is one of:
//!
//! - `S`: its static bound;
//! - `C`: a chain (every letter that splits it is in one of its words only), valued in
//!   closed form;
//! - `E` or `K`: opened. For every letter that splits it and is in two of its words or more,
//!   alphabetically: `x` (the letter is bounded by its answers' sizes alone) or `c` followed
//!   by the proofs of its open parts, by ascending position mask. Then its word guesses:
//!   `w0` (the word lemma and a static bound of the rest), `w1` and the proof of the same
//!   set one miss later (a ride less), or `w2`, that proof, then for each word in order the
//!   proof of the others one miss later. `K` also numbers the state (0, 1, … in order) for
//!   later references;
//! - `R<i>`: the state numbered `i`, met again (checked to be the same set, running score
//!   and wrong guesses; for losses the score does not count).
//!
//! # What is checked, and why it is a bound
//!
//! See the proof in [`bound`](super): a state's value is at least its static bound; a
//! chain's value is its closed form; an opened state's value is at least the least, over
//! the letters listed and the word guesses, of their totals' bounds (a letter not listed
//! splits nothing, or is in one word only and then no better than that word's guess); a
//! letter's total is at least its screen and at least its settled parts plus its open
//! parts' values.
//!
//! # A score proof that uses its length's losses proof
//!
//! Wherever a static bound needs the words a state's strategy must lose, it takes the
//! families' losses, or, with `uses_losses yes`, the count the losses certificate of the
//! same length proves for the same set and wrong guesses where that is higher (a word
//! guess's static bound: that of the set one miss later, less one). The counts are those
//! this checker computed itself for the states the losses proof opens (`E`, `K`): so the
//! losses certificate is checked first ([`check_with`], [`check_folder`]), and a score
//! proof that uses it is rejected without it.
//!
//! # A score proof whose static bounds value families on their own
//!
//! With `family_totals N` (N from 1 to 16), a score's static bound is also taken by parts:
//! a strategy for the set plays the words of each of its families there as a strategy
//! for them alone, and each word pays the guesses on its own path, so the set's total is
//! at least the sum of the least totals of its families with 2 to N words in the set,
//! each computed here exactly on its own (every word guess and every letter that splits
//! it), plus the counting bound of the other words, their families' losses forced. The
//! larger of this and the counting bound of the whole set is the static bound. (The
//! search may bound a family's word guesses together, by less: its claim is then below
//! what this checker finds.)
//!
//! # A score proof whose small sets are solved exactly
//!
//! With `exact_small N` (N from 1 to 12), the static bound (`S`) of a set of 2 to N words
//! is also its least total, which this checker solves again with its own exhaustive
//! search (every letter in two words or more and every word guess: the moves of the
//! proof's first rule).

use std::collections::HashMap;

use lexicon::Bucket;
use sha2::{Digest, Sha256};

use super::plies::{self, Rule};

/// The score of a lost game.
const LOST: u32 = 25;

/// The most words a family may hold (a subset of its members is a 128-bit mask).
const MAX_FAMILY: usize = 128;

/// The most words of a family in a set whose least total the static bounds may be asked
/// to value exactly (`family_totals`): the work grows exponentially with it.
const FAMILY_TOTALS_MAX: usize = 16;

/// The most words of a set whose least total the static bounds may be asked to solve
/// (`exact_small`): the work grows exponentially with it.
const EXACT_SMALL_MAX: u32 = 12;

/// What a certificate proves, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// `score` or `losses`.
    pub objective: String,
    /// Word length.
    pub length: usize,
    /// Words of that length.
    pub words: usize,
    /// The maximum of wrong guesses.
    pub max_wrong: u32,
    /// The claim: no strategy totals (or loses) less.
    pub bound: u64,
    /// What the proof is worth, computed (at least the claim).
    pub value: u64,
    /// States checked.
    pub states: u64,
    /// `certificate` for a proof checked here, else the rule re-computed (see
    /// [`check_rule`]).
    pub rule: String,
}

/// A flaw in a certificate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Flaw(pub String);

fn flaw<T>(message: impl Into<String>) -> Result<T, Flaw> {
    Err(Flaw(message.into()))
}

/// The text of a certificate: gzip-compressed or plain.
///
/// # Errors
///
/// A [`Flaw`] if the bytes are neither gzip of UTF-8 text nor UTF-8 text.
pub fn text(bytes: &[u8]) -> Result<String, Flaw> {
    // The evil certificates' reader: it shares nothing with the bound's search either.
    crate::verify::decode(bytes).map_err(|flaw| Flaw(flaw.to_string()))
}

/// The SHA-256 (hex) of a bucket's words, each followed by a newline.
pub fn words_sha256(bucket: &Bucket) -> String {
    let mut hash = Sha256::new();
    for word in bucket.words() {
        hash.update(word.as_bytes());
        hash.update(b"\n");
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks the certificate `text` against `bucket` (the words of its length).
///
/// # Errors
///
/// A [`Flaw`] saying what is wrong and where: a header that does not match the bucket, a
/// malformed proof, or a proof worth less than its claim.
pub fn check(bucket: &Bucket, text: &str) -> Result<Checked, Flaw> {
    check_with(bucket, text, None).map(|(checked, _)| checked)
}

/// The fewest losses a checked losses certificate proves for each state its proof opens
/// (by wrong guesses and set): what a score certificate with `uses_losses yes` may take.
#[derive(Debug, Default)]
pub struct LossesProof {
    /// Per state: its wrong guesses, its number of words, first and last word and the
    /// first 16 bytes of its words' SHA-256 (see [`set_digest`]).
    values: HashMap<(u32, usize, u32, u32, [u8; 16]), u64>,
    /// The same without the digest: most sets are in no proof, and need no hashing.
    shapes: std::collections::HashSet<(u32, usize, u32, u32)>,
}

impl LossesProof {
    /// What tells most sets apart without hashing them: wrong guesses, size, first and
    /// last word (`set` ascending, not empty).
    fn shape(set: &[u32], wrong: u32) -> (u32, usize, u32, u32) {
        (wrong, set.len(), set[0], set[set.len() - 1])
    }

    /// The key of `set` (ascending, not empty) at `wrong` wrong guesses, if some opened
    /// state has its shape.
    fn key(&self, set: &[u32], wrong: u32) -> Option<(u32, usize, u32, u32, [u8; 16])> {
        let shape = Self::shape(set, wrong);
        self.shapes
            .contains(&shape)
            .then(|| (shape.0, shape.1, shape.2, shape.3, set_digest(set)))
    }

    fn insert(&mut self, set: &[u32], wrong: u32, value: u64) {
        let shape = Self::shape(set, wrong);
        self.shapes.insert(shape);
        let key = (shape.0, shape.1, shape.2, shape.3, set_digest(set));
        let slot = self.values.entry(key).or_insert(value);
        *slot = (*slot).max(value);
    }

    fn get(&self, set: &[u32], wrong: u32) -> u64 {
        self.key(set, wrong)
            .and_then(|key| self.values.get(&key))
            .copied()
            .unwrap_or(0)
    }

    /// States whose count is known.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no state's count is known.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The first 16 bytes of the SHA-256 of a set's word numbers (little-endian `u32`s).
fn set_digest(set: &[u32]) -> [u8; 16] {
    let mut hash = Sha256::new();
    for w in set {
        hash.update(w.to_le_bytes());
    }
    let mut out = [0; 16];
    out.copy_from_slice(&hash.finalize()[..16]);
    out
}

/// Checks the certificate `text` against `bucket`; a score certificate with
/// `uses_losses yes` takes the counts of `losses`, its length's losses certificate checked
/// before. Returns what it proves and, for a losses certificate, its counts.
///
/// # Errors
///
/// As [`check`]; also a score certificate that uses a losses proof checked without one.
pub fn check_with(
    bucket: &Bucket,
    text: &str,
    losses_proof: Option<&LossesProof>,
) -> Result<(Checked, LossesProof), Flaw> {
    let mut tokens = Tokens {
        iter: text.split_ascii_whitespace(),
        read: 0,
    };
    let mut magic = String::new();
    for _ in 0..2 {
        magic.push_str(tokens.next("the header")?);
        magic.push(' ');
    }
    if magic.trim_end() != "wordplay-bound-certificate 4" {
        return flaw(format!(
            "not a bound certificate of this version (first line {:?}, expected \"wordplay-bound-certificate 4\")",
            magic.trim_end()
        ));
    }
    tokens.expect("objective")?;
    let losses = match tokens.next("the objective")? {
        "score" => false,
        "losses" => true,
        other => return flaw(format!("unknown objective {other:?}")),
    };
    let (length, max_wrong, words, sha) = tokens.list()?;
    tokens.expect("bound")?;
    let bound: u64 = tokens.number("bound")?;
    tokens.expect("uses_losses")?;
    let uses_losses = match tokens.next("uses_losses")? {
        "yes" if !losses => true,
        "no" => false,
        other => {
            return flaw(format!(
                "uses_losses {other:?} (`no`, or `yes` for a score)"
            ));
        }
    };
    tokens.expect("family_totals")?;
    let family_totals: u32 = tokens.number("family_totals")?;
    if losses && family_totals != 0 {
        return flaw("family_totals above 0 in a losses certificate (a score's rule)");
    }
    if family_totals as usize > FAMILY_TOTALS_MAX {
        return flaw(format!(
            "family_totals {family_totals} (at most {FAMILY_TOTALS_MAX})"
        ));
    }
    tokens.expect("exact_small")?;
    let exact_small: u32 = tokens.number("exact_small")?;
    if losses && exact_small != 0 {
        return flaw("exact_small above 0 in a losses certificate (a score's rule)");
    }
    if exact_small > EXACT_SMALL_MAX {
        return flaw(format!(
            "exact_small {exact_small} (at most {EXACT_SMALL_MAX})"
        ));
    }
    let proven = match (uses_losses, losses_proof) {
        (false, _) => None,
        (true, Some(proof)) => Some(proof),
        (true, None) => {
            return flaw(
                "this score certificate uses its length's losses certificate: check that one first, with it (`hangman verify-bound` checks a folder)",
            );
        }
    };
    if length != bucket.length() || words != bucket.len() {
        return flaw(format!(
            "the certificate is for {words} words of {length} letters, the list has {} of {}",
            bucket.len(),
            bucket.length()
        ));
    }
    if sha != words_sha256(bucket) {
        return flaw("the certificate is for another word list (SHA-256 differs)");
    }
    if max_wrong > 25 || length > 32 {
        return flaw("max_wrong above 25 or words above 32 letters");
    }
    tokens.expect("families")?;
    let count: usize = tokens.number("the number of families")?;
    let mut family_of = vec![usize::MAX; words];
    let mut families: Vec<Vec<u32>> = Vec::with_capacity(count);
    for f in 0..count {
        let size: usize = tokens.number("a family's size")?;
        if !(2..=MAX_FAMILY).contains(&size) {
            return flaw(format!(
                "family {f}: {size} words (2 to {MAX_FAMILY} allowed)"
            ));
        }
        let mut members = Vec::with_capacity(size);
        for _ in 0..size {
            let w: usize = tokens.number("a family's word")?;
            if w >= words || family_of[w] != usize::MAX {
                return flaw(format!(
                    "family {f}: word {w} is out of range or in two families"
                ));
            }
            family_of[w] = f;
            members.push(w as u32);
        }
        families.push(members);
    }
    tokens.expect("proof")?;
    let list = List::new(
        bucket,
        max_wrong,
        losses,
        families,
        family_of,
        (family_totals, exact_small),
    );
    let mut checker = Checker::new(&list, tokens, proven);
    let root = State::start(words);
    // No word, or one (its word guess is free): nothing to prove.
    let value = if words <= 1 { 0 } else { checker.state(&root)? };
    if let Some(extra) = checker.tokens.iter.next() {
        return flaw(format!(
            "token {}: {extra:?} after the end of the proof",
            checker.tokens.read + 1
        ));
    }
    if value < bound {
        return flaw(format!(
            "the proof is worth {value}, less than the {bound} claimed"
        ));
    }
    let checked = Checked {
        objective: if losses { "losses" } else { "score" }.to_string(),
        length,
        words,
        max_wrong,
        bound,
        value,
        states: checker.states,
        rule: "certificate".to_string(),
    };
    Ok((checked, checker.opened))
}

/// The first line of a rule file.
const RULE_MAGIC: &str = "wordplay-bound-rule 1";

/// The text of a rule file (`length-L.score.rule`): a length's score bound proven by a rule
/// other than the steered search (see [`Rule`](super::plies::Rule)), which [`check_rule`]
/// re-computes.
pub fn rule_file(bucket: &Bucket, max_wrong: u32, rule: &str, bound: u64) -> String {
    format!(
        "{RULE_MAGIC}\nobjective score\nlength {}\nmax_wrong {max_wrong}\nwords {}\nwords_sha256 {}\nrule {rule}\nbound {bound}\n",
        bucket.length(),
        bucket.len(),
        words_sha256(bucket)
    )
}

/// Checks a rule file against the words of its length in `lexicon` by computing the rule
/// again. The exact optimum of 15 letters or more and `best`'s shipped exact table (both at
/// most 4,000 words) are solved again by this checker's own search, independently of the
/// engine (words.txt's 3 letters: about 140 s of CPU, 1 GB). Otherwise, unlike a
/// certificate, this trusts the engine's code for that rule (the ply search, the exact
/// solver on other lengths): it re-runs it, it does not check it independently.
///
/// # Errors
///
/// A [`Flaw`]: a header that does not match the words, an unknown rule, or a rule worth
/// less than the claim.
pub fn check_rule(
    lexicon: &std::sync::Arc<lexicon::Lexicon>,
    length: usize,
    text: &str,
) -> Result<Checked, Flaw> {
    let bucket = lexicon.bucket(length);
    let mut tokens = Tokens {
        iter: text.split_ascii_whitespace(),
        read: 0,
    };
    let magic = format!(
        "{} {}",
        tokens.next("the header")?,
        tokens.next("the header")?
    );
    if magic != RULE_MAGIC {
        return flaw(format!("not a bound rule file (first line {magic:?})"));
    }
    tokens.expect("objective")?;
    tokens.expect("score")?;
    let (claimed_length, max_wrong, words, sha) = tokens.list()?;
    tokens.expect("rule")?;
    let name = tokens.next("the rule")?;
    tokens.expect("bound")?;
    let bound: u64 = tokens.number("bound")?;
    if claimed_length != length || words != bucket.len() || sha != words_sha256(bucket) {
        return flaw(format!(
            "the rule file is for {words} words of {claimed_length} letters, not this list's {} of {length}",
            bucket.len()
        ));
    }
    if max_wrong > 25 {
        return flaw("max_wrong above 25");
    }
    let Some(rule) = Rule::parse(name).filter(|&r| r != Rule::Search) else {
        return flaw(format!("unknown rule {name:?}"));
    };
    let value = match rule {
        // The exact optimum is solved again by this checker's own search.
        Rule::Solved if bucket.length() >= 15 && bucket.len() <= SOLVE_MAX_WORDS => {
            Some(solve_exactly(bucket, max_wrong))
        }
        Rule::Shipped if bucket.len() <= SOLVE_MAX_WORDS => Some(solve_exactly(bucket, max_wrong)),
        Rule::Solved => None,
        _ => plies::recompute(lexicon, length, max_wrong, rule),
    };
    let Some(value) = value else {
        return flaw(format!("the rule {name} does not apply to these words"));
    };
    if value < bound {
        return flaw(format!(
            "the rule {name} is worth {value}, less than the {bound} claimed"
        ));
    }
    Ok(Checked {
        objective: "score".to_string(),
        length,
        words,
        max_wrong,
        bound,
        value,
        states: 0,
        rule: name.to_string(),
    })
}

/// The most words a rule file `exact` (15 letters or more: long words split at once) or
/// `shipped` is solved again for by [`solve_exactly`]; other `exact` files are re-run with
/// the engine's solver.
const SOLVE_MAX_WORDS: usize = 4_000;

/// The least total final score any strategy reaches on `bucket`'s words with `max_wrong`
/// (at most 25) wrong guesses allowed, solved by this checker's own search (its rules,
/// splits and static bounds; no code of the engine's). Quick for long words; exponential
/// in general.
pub(super) fn solve_exactly(bucket: &Bucket, max_wrong: u32) -> u64 {
    let words = bucket.len();
    if words <= 1 {
        return 0;
    }
    let list = List::new(
        bucket,
        max_wrong,
        false,
        Vec::new(),
        vec![usize::MAX; words],
        (0, 0),
    );
    let tokens = Tokens {
        iter: "".split_ascii_whitespace(),
        read: 0,
    };
    let mut checker = Checker::new(&list, tokens, None);
    let root = State::start(words);
    let mut solved = HashMap::new();
    checker.solve(&root, u64::MAX, &mut solved)
}

/// The certificate's tokens, counted for messages.
struct Tokens<'a> {
    iter: std::str::SplitAsciiWhitespace<'a>,
    read: u64,
}

impl<'a> Tokens<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, Flaw> {
        self.read += 1;
        match self.iter.next() {
            Some(t) => Ok(t),
            None => flaw(format!(
                "the certificate ends at token {} where {what} was expected",
                self.read
            )),
        }
    }

    fn expect(&mut self, word: &str) -> Result<(), Flaw> {
        let t = self.next(word)?;
        if t == word {
            Ok(())
        } else {
            flaw(format!(
                "token {}: expected {word:?}, found {t:?}",
                self.read
            ))
        }
    }

    /// The header's lines on the word list: its length, maximum of wrong guesses, number
    /// of words and their SHA-256.
    fn list(&mut self) -> Result<(usize, u32, usize, &'a str), Flaw> {
        self.expect("length")?;
        let length = self.number("length")?;
        self.expect("max_wrong")?;
        let max_wrong = self.number("max_wrong")?;
        self.expect("words")?;
        let words = self.number("words")?;
        self.expect("words_sha256")?;
        let sha = self.next("the words' SHA-256")?;
        Ok((length, max_wrong, words, sha))
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, Flaw> {
        let t = self.next(what)?;
        t.parse().or_else(|_| {
            flaw(format!(
                "token {}: {what}: {t:?} is not a number",
                self.read
            ))
        })
    }
}

/// The word list of one length, as the checker sees it.
struct List {
    length: usize,
    max_wrong: u32,
    losses: bool,
    /// Per word, per letter: the positions holding it (bit p for position p).
    masks: Vec<[u32; 26]>,
    families: Vec<Vec<u32>>,
    family_of: Vec<usize>,
    /// A score's static bounds also value exactly, on their own, the families with 2 to
    /// this many words in a set (0: not).
    family_totals: u32,
    /// A score's static bound of a set of 2 to this many words is its least total,
    /// solved here (0: not).
    exact_small: u32,
}

impl List {
    fn new(
        bucket: &Bucket,
        max_wrong: u32,
        losses: bool,
        families: Vec<Vec<u32>>,
        family_of: Vec<usize>,
        (family_totals, exact_small): (u32, u32),
    ) -> List {
        let masks = (0..bucket.len())
            .map(|w| {
                let mut m = [0u32; 26];
                for (p, &b) in bucket.word(w).iter().enumerate() {
                    m[usize::from(b - b'a')] |= 1 << p;
                }
                m
            })
            .collect();
        List {
            length: bucket.length(),
            max_wrong,
            losses,
            masks,
            families,
            family_of,
            family_totals,
            exact_small,
        }
    }
}

/// A public state: its words and what the board shows.
#[derive(Clone, Debug)]
struct State {
    set: Vec<u32>,
    guessed: u32,
    revealed: u32,
    score: u32,
    wrong: u32,
}

impl State {
    /// The start of a game on `words` words.
    fn start(words: usize) -> State {
        State {
            set: (0..words as u32).collect(),
            guessed: 0,
            revealed: 0,
            score: 0,
            wrong: 0,
        }
    }

    fn lost(&self, max_wrong: u32) -> bool {
        self.wrong > max_wrong
    }

    /// Wrong guesses still survivable.
    fn left(&self, max_wrong: u32) -> u32 {
        max_wrong - self.wrong
    }

    /// The same words after a wrong word guess.
    fn missed(&self) -> State {
        State {
            score: self.score + 1,
            wrong: self.wrong + 1,
            ..self.clone()
        }
    }
}

/// What a set holds, per unguessed letter.
struct Letters {
    /// Words holding the letter (0 if the letter does not split the set).
    counts: [u64; 26],
    /// Distinct positions masks of the letter.
    masks: [u32; 26],
}

struct Checker<'l, 't> {
    list: &'l List,
    tokens: Tokens<'t>,
    /// Numbered states: (words, score, wrong, value once proven).
    kept: Vec<(Vec<u32>, u32, u32, Option<u64>)>,
    states: u64,
    /// W(p, j, l, u) of the counting bound.
    tables: HashMap<(u32, u32, u32, u32), u64>,
    /// Family wins by (family, subset, lives).
    wins: HashMap<(usize, u128, u32), u32>,
    /// Family least totals by (family, subset, score, lives).
    totals: HashMap<(usize, u128, u32, u32), u64>,
    /// A score proof's: the losses proof's counts it may take.
    proven: Option<&'l LossesProof>,
    /// A losses proof's: the value of every state it opens.
    opened: LossesProof,
    /// The least totals of small sets solved (see `exact_small`), as [`Checker::solve`]
    /// keeps them.
    small: HashMap<([u8; 16], u32, u32), (u64, bool)>,
}

impl<'l, 't> Checker<'l, 't> {
    fn new(list: &'l List, tokens: Tokens<'t>, proven: Option<&'l LossesProof>) -> Checker<'l, 't> {
        Checker {
            list,
            tokens,
            kept: Vec::new(),
            states: 0,
            tables: HashMap::new(),
            wins: HashMap::new(),
            totals: HashMap::new(),
            proven,
            opened: LossesProof::default(),
            small: HashMap::new(),
        }
    }

    /// Whether this is the losses objective.
    fn losses(&self) -> bool {
        self.list.losses
    }

    /// The value of `n` words whose game ended at `state`, or of one word left (a free
    /// word guess).
    fn settled(&self, n: u64, state: &State) -> u64 {
        let lost = state.lost(self.list.max_wrong);
        if self.losses() {
            if lost { n } else { 0 }
        } else if lost {
            n * u64::from(LOST)
        } else {
            n * u64::from(state.score.min(LOST))
        }
    }

    /// Whether the game at `state` is over (lost, or the board complete).
    fn over(&self, state: &State) -> bool {
        let full = if self.list.length == 32 {
            u32::MAX
        } else {
            (1u32 << self.list.length) - 1
        };
        state.lost(self.list.max_wrong) || state.revealed == full
    }

    /// The value of a child state: settled, or from its proof.
    fn child(&mut self, state: &State) -> Result<u64, Flaw> {
        if self.over(state) || state.set.len() <= 1 {
            Ok(self.settled(state.set.len() as u64, state))
        } else {
            self.state(state)
        }
    }

    /// The letters of a set.
    fn letters(&self, state: &State) -> Letters {
        let mut counts = [0u64; 26];
        let mut seen: Vec<Vec<u32>> = vec![Vec::new(); 26];
        for &w in &state.set {
            let m = &self.list.masks[w as usize];
            for l in 0..26 {
                if m[l] != 0 && state.guessed >> l & 1 == 0 {
                    counts[l] += 1;
                    seen[l].push(m[l]);
                }
            }
        }
        let mut masks = [0u32; 26];
        for l in 0..26 {
            seen[l].sort_unstable();
            seen[l].dedup();
            masks[l] = seen[l].len() as u32;
            if counts[l] == state.set.len() as u64 && masks[l] == 1 {
                counts[l] = 0;
            }
        }
        Letters { counts, masks }
    }

    /// At most this many words of a set are hit by `g` guesses.
    fn most_hit(&self, letters: &Letters, n: u64, g: u32) -> u64 {
        let mut counts: Vec<u64> = letters.counts.to_vec();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let hit: u64 = (0..g as usize)
            .map(|i| counts.get(i).copied().unwrap_or(0).max(1))
            .sum();
        hit.min(n)
    }

    /// W(p, j, l, u): the counting recursion, memoized.
    fn counted(&mut self, p: u32, j: u32, l: i64, u: u32) -> u64 {
        if l < 0 {
            return 0;
        }
        if j == 0 || u == 0 {
            return 1;
        }
        let key = (p, j, l as u32, u);
        if let Some(&v) = self.tables.get(&key) {
            return v;
        }
        let miss = self.counted(p, j - 1, l - 1, u);
        let mut parts: Vec<(u64, u64)> = (1..=u)
            .map(|k| {
                let ways = (0..u64::from(k)).fold(1u64, |acc, i| {
                    acc.saturating_mul(u64::from(u) - i) / (i + 1)
                });
                (self.counted(p, j - 1, l, u - k), ways)
            })
            .collect();
        parts.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
        let mut room = u64::from(p);
        let mut hit = 0u64;
        for (value, ways) in parts {
            let take = ways.min(room);
            hit = hit.saturating_add(value.saturating_mul(take));
            room -= take;
        }
        let v = (1 + miss).max(hit.saturating_add(miss)).min(1 << 40);
        self.tables.insert(key, v);
        v
    }

    /// The counting bound of `n` words at `state` whose letters are at most `letters`, at
    /// least `lost` of them lost.
    fn counting(&mut self, n: u64, state: &State, letters: &Letters, lost: u64) -> u64 {
        let p = (0..26)
            .filter(|&l| letters.counts[l] > 0)
            .map(|l| letters.masks[l])
            .max()
            .unwrap_or(0);
        let left = state.left(self.list.max_wrong);
        let u = self.list.length as u32 - state.revealed.count_ones();
        let won = self
            .most_hit(letters, n, left + 1)
            .min(n.saturating_sub(lost));
        let mut total = 0u64;
        let mut placed = 0u64;
        let mut j = 0;
        while state.score + j < LOST && placed < n {
            let w = self.counted(p, j, i64::from(left), u).min(won).min(n);
            let w = w.max(placed);
            total += (w - placed) * u64::from(state.score + j);
            placed = w;
            j += 1;
        }
        total + (n - placed) * u64::from(LOST)
    }

    /// The set's words per family met: the family, and its words in the set as a mask
    /// of its members.
    fn by_family(&self, state: &State) -> HashMap<usize, u128> {
        let mut by_family: HashMap<usize, u128> = HashMap::new();
        for &w in &state.set {
            let f = self.list.family_of[w as usize];
            if f != usize::MAX {
                let slot = self.list.families[f]
                    .iter()
                    .position(|&x| x == w)
                    .expect("a word is among its family's words");
                *by_family.entry(f).or_insert(0) |= 1u128 << slot;
            }
        }
        by_family
    }

    /// The words of the set's families any strategy loses.
    fn family_losses(&mut self, state: &State) -> u64 {
        let left = state.left(self.list.max_wrong);
        let by_family = self.by_family(state);
        let mut lost = 0;
        for (f, subset) in by_family {
            let won = self.family_wins(f, subset, i64::from(left));
            lost += u64::from(subset.count_ones() - won);
        }
        lost
    }

    /// Family `f`'s members at `slots` split by `letter`: how many of them hold it, and
    /// each answer's part (the letter's positions mask, 0 for a miss, and the members
    /// that show it, as a mask of slots).
    fn family_split(&self, f: usize, slots: &[usize], letter: usize) -> (u32, Vec<(u32, u128)>) {
        let mut groups: Vec<(u32, u128)> = Vec::new();
        let mut holding = 0;
        for &slot in slots {
            let w = self.list.families[f][slot];
            let mask = self.list.masks[w as usize][letter];
            if mask != 0 {
                holding += 1;
            }
            match groups.iter_mut().find(|(g, _)| *g == mask) {
                Some((_, part)) => *part |= 1 << slot,
                None => groups.push((mask, 1 << slot)),
            }
        }
        (holding, groups)
    }

    /// The most words of family `f`'s members `subset` any strategy wins with `l` more
    /// wrong guesses survivable (an upper bound).
    fn family_wins(&mut self, f: usize, subset: u128, l: i64) -> u32 {
        let m = subset.count_ones();
        if l < 0 {
            return 0;
        }
        if m <= 1 {
            return m;
        }
        if let Some(&v) = self.wins.get(&(f, subset, l as u32)) {
            return v;
        }
        let slots = slots(subset);
        let mut best = 1 + self.family_wins(f, subset, l - 1);
        // Each letter that splits the subset: the words holding it, its answers' parts.
        let mut splits: Vec<(u32, Vec<(u32, u128)>)> = Vec::new();
        for letter in 0..26 {
            let (holding, groups) = self.family_split(f, &slots, letter);
            if holding >= 2 && groups.len() >= 2 {
                splits.push((holding, groups));
            }
        }
        // A word is won only if one of the first `l + 1` guesses made while every guess
        // misses holds it: no strategy wins more than the `l + 1` largest holdings (a
        // word guess holds one word).
        let mut holdings: Vec<u32> = splits.iter().map(|(h, _)| *h).collect();
        holdings.sort_unstable_by(|a, b| b.cmp(a));
        let most: u32 = holdings
            .into_iter()
            .chain(std::iter::repeat(1))
            .take(l as usize + 1)
            .sum();
        let most = most.min(m);
        for (_, groups) in splits {
            if best >= most {
                break;
            }
            let mut won = 0;
            for (mask, part) in groups {
                won += self.family_wins(f, part, if mask == 0 { l - 1 } else { l });
            }
            best = best.max(won);
        }
        let best = best.min(m);
        self.wins.insert((f, subset, l as u32), best);
        best
    }

    /// The words of a state any strategy loses, at least: its families', or the losses
    /// proof's count of the same set and wrong guesses where higher.
    fn lost(&mut self, state: &State) -> u64 {
        let families = self.family_losses(state);
        let proven = self.proven.map_or(0, |p| p.get(&state.set, state.wrong));
        families.max(proven)
    }

    /// The static bound of a state.
    fn statik(&mut self, state: &State, letters: &Letters) -> u64 {
        let n = state.set.len() as u64;
        let lost = self.lost(state);
        if self.losses() {
            let left = state.left(self.list.max_wrong);
            (n - self.most_hit(letters, n, left + 1)).max(lost)
        } else {
            let counted = self.counting(n, state, letters, lost);
            counted.max(self.by_families(state, letters))
        }
    }

    /// A small set's least total, solved exhaustively, where `exact_small` asks for it
    /// (2 to `exact_small` words, a score proof), else 0.
    fn small_total(&mut self, state: &State) -> u64 {
        let n = state.set.len();
        if self.losses() || n < 2 || n > self.list.exact_small as usize {
            return 0;
        }
        let mut solved = std::mem::take(&mut self.small);
        let value = self.solve(state, u64::MAX, &mut solved);
        self.small = solved;
        value
    }

    /// A score's static bound by parts: the families with 2 to `family_totals` words in
    /// the set, each at its least total on its own, and the counting bound of the other
    /// words with the losses their families force (0 when `family_totals` is 0). A
    /// strategy for the set plays each part as a strategy for that part alone, and every
    /// word pays the guesses on its own path.
    fn by_families(&mut self, state: &State, letters: &Letters) -> u64 {
        let most = self.list.family_totals;
        if most == 0 {
            return 0;
        }
        let left = i64::from(state.left(self.list.max_wrong));
        let by_family = self.by_family(state);
        let mut total = 0;
        let mut rest = state.set.len() as u64;
        let mut rest_lost = 0;
        for (f, subset) in by_family {
            let m = subset.count_ones();
            if (2..=most).contains(&m) {
                total += self.family_total(f, subset, state.score, left);
                rest -= u64::from(m);
            } else {
                rest_lost += u64::from(m - self.family_wins(f, subset, left));
            }
        }
        total + self.counting(rest, state, letters, rest_lost)
    }

    /// The least total final score of family `f`'s members `subset` played on their own
    /// from running score `score` with `l` more wrong guesses survivable: the least over
    /// every word guess (right: the word scores the running score; wrong: the others go
    /// on a point and a life later) and every letter that splits the subset (each part a
    /// point later, the miss part a life later too). A lost word scores 25, and so does a
    /// won one whose score reached 25.
    fn family_total(&mut self, f: usize, subset: u128, score: u32, l: i64) -> u64 {
        let m = u64::from(subset.count_ones());
        if l < 0 || score >= LOST {
            return m * u64::from(LOST);
        }
        if m <= 1 {
            return m * u64::from(score);
        }
        if let Some(&v) = self.totals.get(&(f, subset, score, l as u32)) {
            return v;
        }
        let slots = slots(subset);
        let mut best = u64::MAX;
        for &slot in &slots {
            let others = self.family_total(f, subset & !(1u128 << slot), score + 1, l - 1);
            best = best.min(u64::from(score) + others);
        }
        for letter in 0..26 {
            let (holding, groups) = self.family_split(f, &slots, letter);
            // A letter in one word is no better than that word's guess; one that splits
            // nothing leaves the subset as it was, a point (and maybe a life) later.
            if holding < 2 || groups.len() < 2 {
                continue;
            }
            let mut total = 0;
            for (mask, part) in groups {
                total += self.family_total(f, part, score + 1, if mask == 0 { l - 1 } else { l });
            }
            best = best.min(total);
        }
        self.totals.insert((f, subset, score, l as u32), best);
        best
    }

    /// The value of a chain.
    fn chain(&self, state: &State) -> u64 {
        let n = state.set.len() as u64;
        let left = u64::from(state.left(self.list.max_wrong));
        if self.losses() {
            return n.saturating_sub(left + 1);
        }
        // The i-th word tried (from 0) scores s + i while the game lasts.
        let mut total = 0;
        for i in 0..n {
            total += if i <= left {
                u64::from((state.score + i as u32).min(LOST))
            } else {
                u64::from(LOST)
            };
        }
        total
    }

    /// A letter's bound from its answers' sizes.
    fn screen(&self, state: &State, letters: &Letters, letter: usize) -> u64 {
        let n = state.set.len() as u64;
        let hits = letters.counts[letter];
        let masks = u64::from(letters.masks[letter]);
        let misses = n - hits;
        let last = state.left(self.list.max_wrong) == 0;
        if self.losses() {
            return if last { misses } else { 0 };
        }
        let one = u64::from((state.score + 1).min(LOST));
        let two = u64::from((state.score + 2).min(LOST));
        let mut total = one * masks + two * (hits - masks);
        if misses > 0 {
            total += if last {
                u64::from(LOST) * misses
            } else {
                one + two * (misses - 1)
            };
        }
        total
    }

    /// The bound of every word guess without search.
    fn words_cheap(&mut self, state: &State, letters: &Letters) -> u64 {
        let n = state.set.len() as u64;
        let missed = state.missed();
        let right = if self.losses() {
            0
        } else {
            u64::from(state.score.min(LOST))
        };
        let rest = if missed.lost(self.list.max_wrong) {
            self.settled(n - 1, &missed)
        } else {
            // Without the guessed word, at most one word fewer is lost.
            let lost = self.lost(&missed).saturating_sub(1);
            if self.losses() {
                let left = missed.left(self.list.max_wrong);
                (n - 1)
                    .saturating_sub(self.most_hit(letters, n, left + 1))
                    .max(lost)
            } else {
                self.counting(n - 1, &missed, letters, lost)
            }
        };
        self.word_lemma(state, n).max(right + rest)
    }

    /// The word lemma, for the score where it holds (`length + max_wrong <= 25`: every won
    /// game scores at most 25): a word guess from `state`'s `n` words totals at least the
    /// right word's `s`, `s + 1` for each of the others the cutoff of 25 leaves, and 25 for
    /// the rest; 0 where it does not apply.
    fn word_lemma(&self, state: &State, n: u64) -> u64 {
        if self.losses() || self.list.length as u32 + self.list.max_wrong > LOST {
            return 0;
        }
        let won = (n - 1).min(u64::from(LOST.saturating_sub(state.score)));
        u64::from(state.score) + u64::from(state.score + 1) * won + u64::from(LOST) * (n - 1 - won)
    }

    /// Reads and values the proof of an open state.
    fn state(&mut self, state: &State) -> Result<u64, Flaw> {
        self.states += 1;
        let at = self.tokens.read + 1;
        let token = self.tokens.next("a state's proof")?;
        let letters = self.letters(state);
        match token {
            "S" => Ok(self.statik(state, &letters).max(self.small_total(state))),
            "C" => {
                if (0..26).any(|l| letters.counts[l] > 1) {
                    return flaw(format!("token {at}: `C` for a set that is not a chain"));
                }
                Ok(self.chain(state))
            }
            "E" => {
                let value = self.opened(state, &letters)?;
                self.remember(state, value);
                Ok(value)
            }
            "K" => {
                // Numbered in prefix order; its value is known once its proof is read.
                let i = self.kept.len();
                self.kept
                    .push((state.set.clone(), state.score, state.wrong, None));
                let value = self.opened(state, &letters)?;
                self.kept[i].3 = Some(value);
                self.remember(state, value);
                Ok(value)
            }
            t if t.starts_with('R') => {
                let i: usize = t[1..]
                    .parse()
                    .or_else(|_| flaw(format!("token {at}: bad reference {t:?}")))?;
                let Some(&(ref set, score, wrong, Some(value))) = self.kept.get(i) else {
                    return flaw(format!("token {at}: reference {t} to no numbered state"));
                };
                let same_score = self.losses() || score == state.score;
                if *set != state.set || !same_score || wrong != state.wrong {
                    return flaw(format!(
                        "token {at}: reference {t} to another state than this one"
                    ));
                }
                Ok(value)
            }
            other => flaw(format!("token {at}: {other:?} is not a state's proof")),
        }
    }

    /// The least total of `state` (two words or more, not over) if it is below `cutoff`,
    /// else a number at least `cutoff` (and at most the least total): a search over every
    /// letter in two words or more and every word guess, children in turn against what is
    /// left of the cutoff, each state first bounded statically. `solved` keeps, by set,
    /// score and wrong guesses, a value and whether it is exact.
    fn solve(
        &mut self,
        state: &State,
        cutoff: u64,
        solved: &mut HashMap<([u8; 16], u32, u32), (u64, bool)>,
    ) -> u64 {
        let n = state.set.len() as u64;
        if self.over(state) || n <= 1 {
            return self.settled(n, state);
        }
        let key = (set_digest(&state.set), state.score, state.wrong);
        if let Some(&(value, exact)) = solved.get(&key)
            && (exact || value >= cutoff)
        {
            return value;
        }
        let letters = self.letters(state);
        let statik = self.statik(state, &letters);
        if statik >= cutoff {
            solved.insert(key, (statik, false));
            return statik;
        }
        // Moves below `best` are looked for; `found`: one was.
        let mut best = cutoff;
        let mut found = false;
        let mut order: Vec<usize> = (0..26).filter(|&l| letters.counts[l] >= 2).collect();
        order.sort_by_key(|&l| std::cmp::Reverse(letters.counts[l]));
        for letter in order {
            if self.screen(state, &letters, letter) >= best {
                continue;
            }
            let mut total = 0;
            for child in self.split(state, letter) {
                total += self.solve(&child, best - total, solved);
                if total >= best {
                    break;
                }
            }
            if total < best {
                best = total;
                found = true;
            }
        }
        // Word guesses: the right word scores `s`, the others go on one miss later.
        if self.word_lemma(state, n) < best {
            let right = u64::from(state.score.min(LOST));
            let missed = state.missed();
            for &w in &state.set.clone() {
                if right >= best {
                    break;
                }
                let rest = State {
                    set: state.set.iter().copied().filter(|&x| x != w).collect(),
                    ..missed.clone()
                };
                let total = right + self.solve(&rest, best - right, solved);
                if total < best {
                    best = total;
                    found = true;
                }
            }
        }
        let value = if found { best } else { cutoff.max(statik) };
        solved.insert(key, (value, found));
        value
    }

    /// The states `letter` leads `state` to, one per answer (position mask), by ascending
    /// mask.
    fn split(&self, state: &State, letter: usize) -> Vec<State> {
        let mut parts: Vec<(u32, Vec<u32>)> = Vec::new();
        for &w in &state.set {
            let mask = self.list.masks[w as usize][letter];
            match parts.iter_mut().find(|(m, _)| *m == mask) {
                Some((_, part)) => part.push(w),
                None => parts.push((mask, vec![w])),
            }
        }
        parts.sort_unstable_by_key(|(m, _)| *m);
        parts
            .into_iter()
            .map(|(mask, set)| State {
                set,
                guessed: state.guessed | 1 << letter,
                revealed: state.revealed | mask,
                score: state.score + 1,
                wrong: state.wrong + u32::from(mask == 0),
            })
            .collect()
    }

    /// A losses proof keeps the value of each state it opens, for its length's score proof.
    fn remember(&mut self, state: &State, value: u64) {
        if self.losses() {
            self.opened.insert(&state.set, state.wrong, value);
        }
    }

    /// Reads and values an opened state's moves.
    fn opened(&mut self, state: &State, letters: &Letters) -> Result<u64, Flaw> {
        let mut least = u64::MAX;
        for letter in 0..26 {
            if letters.counts[letter] < 2 {
                continue;
            }
            let at = self.tokens.read + 1;
            let screen = self.screen(state, letters, letter);
            let total = match self.tokens.next("a letter's proof")? {
                "x" => screen,
                "c" => {
                    let mut sum = 0;
                    for child in self.split(state, letter) {
                        sum += self.child(&child)?;
                    }
                    sum.max(screen)
                }
                other => {
                    return flaw(format!(
                        "token {at}: {other:?} where letter {}'s proof (`x` or `c`) was expected",
                        char::from(b'a' + letter as u8)
                    ));
                }
            };
            least = least.min(total);
        }
        let at = self.tokens.read + 1;
        let cheap = self.words_cheap(state, letters);
        let missed = state.missed();
        let ride = if self.losses() {
            1
        } else {
            u64::from(LOST).max(self.list.length as u64 + u64::from(self.list.max_wrong))
        };
        let right = if self.losses() {
            0
        } else {
            u64::from(state.score.min(LOST))
        };
        let words = match self.tokens.next("the word guesses' proof")? {
            "w0" => cheap,
            stage @ ("w1" | "w2") => {
                if missed.lost(self.list.max_wrong) {
                    return flaw(format!("token {at}: {stage} after a miss that loses"));
                }
                let whole = self.state(&missed)?;
                let mut bound = cheap.max((right + whole).saturating_sub(ride));
                if stage == "w2" {
                    let mut each = u64::MAX;
                    for &w in &state.set {
                        let rest = State {
                            set: state.set.iter().copied().filter(|&x| x != w).collect(),
                            ..missed.clone()
                        };
                        each = each.min(right + self.child(&rest)?);
                    }
                    bound = bound.max(each);
                }
                bound
            }
            other => {
                return flaw(format!(
                    "token {at}: {other:?} where the word guesses' proof was expected"
                ));
            }
        };
        let statik = self.statik(state, letters);
        Ok(least.min(words).max(statik))
    }
}

/// One certificate file of a folder, checked.
#[derive(Debug)]
pub struct FileCheck {
    /// The file.
    pub path: std::path::PathBuf,
    /// Its word length (from its name).
    pub length: usize,
    /// What it proves, or its flaw.
    pub result: Result<Checked, Flaw>,
    /// Seconds the check took.
    pub seconds: f64,
}

/// The word length of a certificate's file name: `length-L.score.cert.gz` or
/// `length-L.losses.cert.gz` (or without `.gz`).
fn certificate_length(name: &str) -> Option<usize> {
    let rest = name.strip_prefix("length-")?;
    let rest = rest.strip_suffix(".gz").unwrap_or(rest);
    let (length, kind) = rest.split_once('.')?;
    matches!(kind, "score.cert" | "losses.cert" | "score.rule")
        .then(|| length.parse().ok())
        .flatten()
}

/// Checks every bound certificate in `dir` (`length-L.score.cert.gz`,
/// `length-L.losses.cert.gz`, or the same uncompressed, and `length-L.score.rule`, see
/// [`check_rule`]) against the words of its length in
/// `lexicon`; by length, losses before score (a score proof may use the losses proof of
/// its length).
///
/// # Errors
///
/// The folder or a file cannot be read, or the folder holds no certificate
/// ([`std::io::ErrorKind::NotFound`]).
pub fn check_folder(
    dir: &std::path::Path,
    lexicon: &std::sync::Arc<lexicon::Lexicon>,
) -> std::io::Result<Vec<FileCheck>> {
    check_folder_with(dir, lexicon, |_| {})
}

/// Where [`check_folder_with`] is.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// The `index`-th file (from 1) of `files` is about to be checked.
    Checking {
        /// Its place, from 1.
        index: usize,
        /// Files in all.
        files: usize,
        /// The file.
        path: &'a std::path::Path,
    },
    /// A file was checked.
    Checked(&'a FileCheck),
}

/// [`check_folder`], telling `progress` before and after each file (checks of the
/// largest lengths take minutes).
///
/// # Errors
///
/// As [`check_folder`].
pub fn check_folder_with(
    dir: &std::path::Path,
    lexicon: &std::sync::Arc<lexicon::Lexicon>,
    mut progress: impl FnMut(Progress<'_>),
) -> std::io::Result<Vec<FileCheck>> {
    let mut files: Vec<(usize, std::path::PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if let Some(length) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(certificate_length)
        {
            files.push((length, path));
        }
    }
    if files.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "{} holds no bound certificate (length-L.score.cert.gz or length-L.losses.cert.gz)",
                dir.display()
            ),
        ));
    }
    // By length, then `losses` before `score`: a score proof may use the losses proof's
    // counts.
    files.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let mut losses_proof: Option<(usize, LossesProof)> = None;
    let mut checks = Vec::with_capacity(files.len());
    let count = files.len();
    for (index, (length, path)) in files.into_iter().enumerate() {
        progress(Progress::Checking {
            index: index + 1,
            files: count,
            path: &path,
        });
        let start = std::time::Instant::now();
        let bytes = std::fs::read(&path)?;
        let is_rule = path.extension().is_some_and(|e| e == "rule");
        if losses_proof.as_ref().is_some_and(|(l, _)| *l != length) {
            losses_proof = None;
        }
        let result = text(&bytes).and_then(|text| {
            if is_rule {
                return check_rule(lexicon, length, &text);
            }
            let proof = losses_proof.as_ref().map(|(_, proof)| proof);
            let (checked, opened) = check_with(lexicon.bucket(length), &text, proof)?;
            if checked.objective == "losses" {
                losses_proof = Some((length, opened));
            }
            Ok(checked)
        });
        checks.push(FileCheck {
            path,
            length,
            result,
            seconds: start.elapsed().as_secs_f64(),
        });
        progress(Progress::Checked(checks.last().expect("just pushed")));
    }
    Ok(checks)
}

/// The slots (member indices) a family subset holds, ascending.
fn slots(subset: u128) -> Vec<usize> {
    (0..MAX_FAMILY).filter(|&i| subset >> i & 1 == 1).collect()
}
