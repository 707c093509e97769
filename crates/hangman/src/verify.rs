//! Re-checks a certificate of evil hangman's value with plain code that shares nothing with
//! the search of [`crate::solve`]: no table, no bounds module, no solver. It only splits
//! families by letters (its own partition) and follows the two strategies a certificate
//! holds (format: `docs/evil.md`, written by [`crate::solve::certify`]).
//!
//! - **upper** `u`: the guesser's letters in preorder. At every family of two or more
//!   words the next letter must split it; its parts (ascending position mask) are followed
//!   in order; every path must end at one word with at most `u` misses.
//! - **lower** `l`: a sub-family `S` of the bucket (`all`, or the words listed) and the
//!   referee's strategy on `S` for `k = l`: `h` claims no `k` letters that split the
//!   family hit every word (re-checked by a search over the letters of the first word not
//!   hit yet), so the referee answers "miss" `k` times; `r` gives, for every splitting
//!   letter in alphabetical order, the index of the part kept (ascending mask order);
//!   each part is then checked for `k - [miss]`; `n c w1 … wc` narrows: the referee
//!   commits to the `c` words listed, each of which must be in the current family, and the
//!   walk goes on from that sub-family for the same `k`; `p g i` keeps part `i` of the
//!   splitting letter `g` before `g` is guessed (a narrowing to a part, which is reached by
//!   splitting too, so the sub-family stays) and goes on from it for the same `k`; `s` says
//!   the same family was proven for `k` or more earlier in the walk (checked against the
//!   families proven so far, each known by the sub-family it was reached from (`S` or the
//!   last narrowing), its smallest word and its splitting letters, which identify a family
//!   reached from that sub-family by splitting; forcing more misses forces `k`). A part
//!   with one word cannot hold a miss.
//!
//! Why the lower side is sound: a referee restricted to `S` answers every guess
//! consistently with the whole list, so `M >= V(S)`; a letter that does not split the
//! current family either misses (better for the referee) or teaches nothing; and a
//! referee may keep fewer words at any time (every word it keeps fits the board and the
//! missed letters), so `V(F) >= V(N)` for every `N` inside the current family `F`.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use lexicon::Bucket;

/// What a certificate proved for one length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Word length.
    pub length: usize,
    /// Words of that length.
    pub words: usize,
    /// `M(L) >= lower`, checked.
    pub lower: u32,
    /// `M(L) <= upper`, checked.
    pub upper: u32,
    /// Words in the referee's sub-family (the bucket's size when it is the whole bucket).
    pub family: usize,
    /// The bounds the solver reported when it wrote the certificate (the optional header
    /// line `solver L U`), informational: under a time limit the file may prove less.
    pub solver: Option<(u32, u32)>,
    /// Strategy nodes checked (both sides).
    pub nodes: u64,
}

/// A flaw in a certificate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Flaw(pub String);

/// The text of a certificate file: gzip-compressed (as `hangman solve --certificate`
/// writes it, `length-L.cert.gz`) or plain text.
///
/// # Errors
///
/// A [`Flaw`] if the data is neither valid gzip of UTF-8 text nor UTF-8 text.
pub fn decode(bytes: &[u8]) -> Result<String, Flaw> {
    use std::io::Read as _;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_string(&mut text)
            .map_err(|e| Flaw(format!("not a readable gzip file of text: {e}")))?;
        Ok(text)
    } else {
        String::from_utf8(bytes.to_vec()).map_err(|_| Flaw("not UTF-8 text".into()))
    }
}

fn flaw<T>(message: impl Into<String>) -> Result<T, Flaw> {
    Err(Flaw(message.into()))
}

/// Position masks of every letter in a word (bit p set when the letter is at p).
fn masks(word: &[u8]) -> [u32; 26] {
    let mut m = [0u32; 26];
    for (p, &c) in word.iter().enumerate() {
        m[usize::from(c - b'a')] |= 1 << p;
    }
    m
}

/// The words of one length, each with its letters' position masks.
struct Words<'b> {
    bucket: &'b Bucket,
    masks: Vec<[u32; 26]>,
}

/// A family proven: (its sub-family's number, its smallest word, its splitting letters).
/// The walk keeps the most misses proven from it: a strategy forcing `k` misses forces
/// any fewer.
type Proven = (usize, u32, u32);

/// The referee's walk: the families proven so far and the sub-families narrowed to
/// (numbered in order of first appearance; 0 is the certificate's own sub-family).
#[derive(Default)]
struct Walk {
    proven: HashMap<Proven, u32>,
    scopes: HashMap<Vec<u32>, usize>,
}

impl Walk {
    /// Records that `key`'s family forces `k` misses.
    fn prove(&mut self, key: Proven, k: u32) {
        let proven = self.proven.entry(key).or_insert(k);
        *proven = (*proven).max(k);
    }

    /// The number of the sub-family `family` (a new one if not seen before).
    fn scope(&mut self, family: &[u32]) -> usize {
        let next = self.scopes.len() + 1;
        *self.scopes.entry(family.to_vec()).or_insert(next)
    }
}

impl Words<'_> {
    /// The letters (bits 0..26) whose masks differ within `family`.
    fn splitting(&self, family: &[u32]) -> u32 {
        let first = &self.masks[family[0] as usize];
        let mut split = 0;
        for &w in &family[1..] {
            let m = &self.masks[w as usize];
            for g in 0..26 {
                if m[g] != first[g] {
                    split |= 1 << g;
                }
            }
        }
        split
    }

    /// `family` split by letter `g`: parts in ascending mask order.
    fn parts(&self, family: &[u32], g: usize) -> Vec<(u32, Vec<u32>)> {
        let mut parts: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for &w in family {
            parts.entry(self.masks[w as usize][g]).or_default().push(w);
        }
        parts.into_iter().collect()
    }

    /// Part number `i` (in ascending mask order) of `family` split by letter `g`, with
    /// its mask; `None` if there are not that many parts. Builds that part alone: the
    /// referee's strategy keeps one part per letter.
    fn part(&self, family: &[u32], g: usize, i: usize) -> Option<(u32, Vec<u32>)> {
        // The distinct masks, sorted (a family has few parts per letter).
        let mut distinct: Vec<u32> = Vec::new();
        for &w in family {
            let m = self.masks[w as usize][g];
            if let Err(at) = distinct.binary_search(&m) {
                distinct.insert(at, m);
            }
        }
        let mask = *distinct.get(i)?;
        let part = family
            .iter()
            .copied()
            .filter(|&w| self.masks[w as usize][g] == mask)
            .collect();
        Some((mask, part))
    }

    /// The letters of word `w` (bits 0..26).
    fn letters(&self, w: u32) -> u32 {
        let m = &self.masks[w as usize];
        (0..26).filter(|&g| m[g] != 0).fold(0, |s, g| s | 1 << g)
    }
}

/// A token reader over the certificate's text.
struct Tokens<'a> {
    iter: std::iter::Peekable<std::str::SplitAsciiWhitespace<'a>>,
}

impl<'a> Tokens<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, Flaw> {
        match self.iter.next() {
            Some(t) => Ok(t),
            None => flaw(format!("the certificate ends where {what} was expected")),
        }
    }

    fn expect(&mut self, word: &str) -> Result<(), Flaw> {
        let t = self.next(word)?;
        if t != word {
            return flaw(format!("expected {word:?}, found {t:?}"));
        }
        Ok(())
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, Flaw> {
        let t = self.next(what)?;
        t.parse()
            .or_else(|_| flaw(format!("{what}: {t:?} is not a number")))
    }
}

/// The index (0 for `a`) of a token that is one lowercase letter, else `None`.
fn letter_index(token: &str) -> Option<usize> {
    match token.as_bytes() {
        &[c @ b'a'..=b'z'] => Some(usize::from(c - b'a')),
        _ => None,
    }
}

/// The upper side's letters, one by one across line breaks.
struct Letters<'a> {
    bytes: std::slice::Iter<'a, u8>,
}

impl Letters<'_> {
    fn next(&mut self) -> Result<usize, Flaw> {
        for &b in self.bytes.by_ref() {
            match b {
                b'a'..=b'z' => return Ok(usize::from(b - b'a')),
                b'\n' | b' ' | b'\r' => {}
                _ => return flaw(format!("{:?} is not a letter", b as char)),
            }
        }
        flaw("the guesser's strategy ends too early (a family is missing)")
    }
}

/// The most misses the guesser's strategy allows from `family`.
fn guesser(
    words: &Words<'_>,
    family: &[u32],
    letters: &mut Letters<'_>,
    nodes: &mut u64,
) -> Result<u32, Flaw> {
    if family.len() <= 1 {
        return Ok(0);
    }
    *nodes += 1;
    let g = letters.next()?;
    if words.splitting(family) >> g & 1 == 0 {
        return flaw(format!(
            "the guesser's letter {} does not split a family of {} words",
            (b'a' + g as u8) as char,
            family.len()
        ));
    }
    let mut worst = 0;
    for (mask, part) in words.parts(family, g) {
        worst = worst.max(u32::from(mask == 0) + guesser(words, &part, letters, nodes)?);
    }
    Ok(worst)
}

/// Whether `k` letters of `allowed` hit every set (each set: a word's letters).
fn hits(sets: &[u32], chosen: u32, allowed: u32, k: u32) -> bool {
    let Some(&open) = sets.iter().find(|&&s| s & chosen == 0) else {
        return true;
    };
    if k == 0 {
        return false;
    }
    // One letter hits at most `most` open sets, so fewer than open / most letters cannot.
    let mut per_letter = [0u32; 26];
    let mut open_sets = 0;
    for &s in sets.iter().filter(|&&s| s & chosen == 0) {
        open_sets += 1;
        for (g, count) in per_letter.iter_mut().enumerate() {
            *count += s >> g & 1;
        }
    }
    let most = per_letter.iter().copied().max().unwrap_or(0).max(1);
    if open_sets > k * most {
        return false;
    }
    let mut options = open & allowed;
    while options != 0 {
        let l = options & options.wrapping_neg();
        options &= options - 1;
        if hits(sets, chosen | l, allowed, k - 1) {
            return true;
        }
    }
    false
}

/// Checks the referee's strategy: it forces `k` misses from `family`, a family reached
/// by splitting from sub-family number `scope`.
fn referee(
    words: &Words<'_>,
    family: &[u32],
    scope: usize,
    k: u32,
    tokens: &mut Tokens<'_>,
    nodes: &mut u64,
    walk: &mut Walk,
) -> Result<(), Flaw> {
    if k == 0 {
        return Ok(());
    }
    if family.len() < 2 {
        return flaw(format!(
            "the referee claims {k} more misses from a family of one word"
        ));
    }
    *nodes += 1;
    let split = words.splitting(family);
    // Every family here is reached from its sub-family by splitting it, so it holds every
    // word of the sub-family that agrees with its smallest word on the letters that do not
    // split it: the sub-family, the smallest word and the splitting letters identify it.
    let key = (scope, family[0], split);
    match tokens.next("a referee node (h, r, p, n or s)")? {
        "s" => {
            if walk.proven.get(&key).is_none_or(|&proven| proven < k) {
                return flaw(format!(
                    "a family of {} words is said to be proven for {k} misses before, but was not",
                    family.len()
                ));
            }
            Ok(())
        }
        "h" => {
            let mut sets: Vec<u32> = family.iter().map(|&w| words.letters(w) & split).collect();
            sets.sort_by_key(|s| s.count_ones());
            sets.dedup();
            if hits(&sets, 0, split, k) {
                return flaw(format!(
                    "{k} splitting letters hit every word of a family of {} words",
                    family.len()
                ));
            }
            walk.prove(key, k);
            Ok(())
        }
        "r" => {
            let mut chosen = Vec::new();
            for g in (0..26).filter(|g| split >> g & 1 == 1) {
                let i: usize = tokens.number("a part index")?;
                let Some(part) = words.part(family, g, i) else {
                    return flaw(format!(
                        "part {i} after letter {} does not exist",
                        (b'a' + g as u8) as char
                    ));
                };
                chosen.push(part);
            }
            for (mask, part) in chosen {
                let k = k - u32::from(mask == 0);
                referee(words, &part, scope, k, tokens, nodes, walk)?;
            }
            walk.prove(key, k);
            Ok(())
        }
        "p" => {
            // The referee keeps one part of a letter before it is guessed (it may always
            // keep fewer words); a part of a family reached by splitting is reached by
            // splitting too, so the sub-family stays the same.
            let letter = tokens.next("the kept part's letter")?;
            let Some(g) = letter_index(letter) else {
                return flaw(format!("{letter:?} is not a letter"));
            };
            if split >> g & 1 == 0 {
                return flaw(format!(
                    "the letter {letter} does not split a family of {} words",
                    family.len()
                ));
            }
            let i: usize = tokens.number("a part index")?;
            let Some((_, part)) = words.part(family, g, i) else {
                return flaw(format!("part {i} after letter {letter} does not exist"));
            };
            referee(words, &part, scope, k, tokens, nodes, walk)?;
            walk.prove(key, k);
            Ok(())
        }
        "n" => {
            let count: usize = tokens.number("the narrowed family's size")?;
            if count == 0 || count > family.len() {
                return flaw(format!(
                    "a narrowing to {count} words of a family of {}",
                    family.len()
                ));
            }
            let mut narrow = Vec::with_capacity(count);
            for _ in 0..count {
                let w = tokens.next("a word of the narrowed family")?;
                let Some(i) = words.bucket.find(w.as_bytes()) else {
                    return flaw(format!("{w:?} is not a word of the dictionary"));
                };
                // The current family is every word of its sub-family that fits the board
                // and the letters missed so far: a word outside it would not.
                if family.binary_search(&(i as u32)).is_err() {
                    return flaw(format!(
                        "{w:?} is not in the current family (it does not fit the answers so far)"
                    ));
                }
                narrow.push(i as u32);
            }
            narrow.sort_unstable();
            narrow.dedup();
            if narrow.len() != count {
                return flaw("a narrowed family lists a word twice");
            }
            let inner = walk.scope(&narrow);
            referee(words, &narrow, inner, k, tokens, nodes, walk)?;
            walk.prove(key, k);
            Ok(())
        }
        t => flaw(format!("{t:?} is not a referee node (h, r, p, n or s)")),
    }
}

/// The certificate's header line.
const MAGIC: &str = "wordplay-hangman-certificate";

/// Checks one certificate against `bucket` (the words of its length in the dictionary).
/// Returns what it proved.
///
/// # Errors
///
/// A [`Flaw`] naming the first thing that does not check: a wrong header, digest or word
/// count, a letter that does not split its family, a missing or extra family, a path
/// with more misses than claimed, a referee answer that does not exist or does not reach
/// its target, a hitting claim that a search refutes.
pub fn verify(text: &str, bucket: &Bucket) -> Result<Verified, Flaw> {
    let (head, rest) = text
        .split_once("\nupper ")
        .ok_or_else(|| Flaw("no upper section".into()))?;
    let mut header = Tokens {
        iter: head.split_ascii_whitespace().peekable(),
    };
    header.expect(MAGIC)?;
    header.expect("1")?;
    header.expect("dictionary")?;
    // The dictionary's name is informational (may hold spaces): skip to `length`.
    while header.next("length")? != "length" {}
    let length: usize = header.number("the length")?;
    if length != bucket.length() {
        return flaw(format!(
            "the certificate is for length {length}, not {}",
            bucket.length()
        ));
    }
    header.expect("words")?;
    let count: usize = header.number("the word count")?;
    if count != bucket.len() {
        return flaw(format!(
            "the certificate is for {count} words of length {length}; the dictionary has {}",
            bucket.len()
        ));
    }
    header.expect("digest")?;
    let digest = header.next("the digest")?;
    let ours = format!("{:016x}", digest_of(bucket));
    if digest != ours {
        return flaw(format!(
            "the certificate's words differ from the dictionary's (digest {digest}, the dictionary's {ours})"
        ));
    }
    let solver = match header.iter.peek() {
        Some(&"solver") => {
            header.expect("solver")?;
            let lower = header.number("the solver's lower bound")?;
            Some((lower, header.number("the solver's upper bound")?))
        }
        _ => None,
    };
    let words = Words {
        bucket,
        masks: (0..bucket.len()).map(|i| masks(bucket.word(i))).collect(),
    };
    let all: Vec<u32> = (0..bucket.len() as u32).collect();
    // Upper: the guesser's tree.
    let (upper_text, lower_text) = rest
        .split_once("\n.\nlower ")
        .ok_or_else(|| Flaw("no lower section after the guesser's strategy".into()))?;
    let (claim, tree) = upper_text.split_once('\n').unwrap_or((upper_text, ""));
    let upper: u32 = claim
        .trim()
        .parse()
        .or_else(|_| flaw(format!("upper: {claim:?} is not a number")))?;
    let mut letters = Letters {
        bytes: tree.as_bytes().iter(),
    };
    let mut nodes = 0;
    let worst = guesser(&words, &all, &mut letters, &mut nodes)?;
    if letters.bytes.any(|&b| !b.is_ascii_whitespace()) {
        return flaw("the guesser's strategy has letters left over (an extra family)");
    }
    if worst > upper {
        return flaw(format!(
            "the guesser's strategy allows {worst} misses, more than the claimed {upper}"
        ));
    }
    // Lower: the referee's strategy on a sub-family.
    let mut tokens = Tokens {
        iter: lower_text.split_ascii_whitespace().peekable(),
    };
    let lower: u32 = tokens.number("the lower bound")?;
    tokens.expect("family")?;
    let family: Vec<u32> = match tokens.next("the family")? {
        "all" => all.clone(),
        n => {
            let n: usize = n
                .parse()
                .or_else(|_| flaw(format!("family: {n:?} is not a number or all")))?;
            let mut family = Vec::with_capacity(n);
            for _ in 0..n {
                let w = tokens.next("a word of the family")?;
                match bucket.find(w.as_bytes()) {
                    Some(i) => family.push(i as u32),
                    None => return flaw(format!("{w:?} is not a word of the dictionary")),
                }
            }
            family.sort_unstable();
            family.dedup();
            if family.len() != n {
                return flaw("the family lists a word twice");
            }
            family
        }
    };
    referee(
        &words,
        &family,
        0,
        lower,
        &mut tokens,
        &mut nodes,
        &mut Walk::default(),
    )?;
    tokens.expect(".")?;
    if let Some(t) = tokens.iter.next() {
        return flaw(format!("unexpected {t:?} after the referee's strategy"));
    }
    if lower > upper {
        return flaw(format!(
            "the lower bound {lower} exceeds the upper bound {upper}"
        ));
    }
    Ok(Verified {
        length,
        words: bucket.len(),
        lower,
        upper,
        family: family.len(),
        nodes,
        solver,
    })
}

/// FNV-1a over the bucket's words, each followed by a newline (written out here again so
/// that the verifier depends on nothing of the solver).
fn digest_of(bucket: &Bucket) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for i in 0..bucket.len() {
        for &b in bucket.word(i).iter().chain(b"\n") {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// What a first-letter certificate proved for one length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstVerified {
    /// Word length.
    pub length: usize,
    /// The value the letters were judged against.
    pub value: u32,
    /// Letters proven optimal (the guesser's first guess holds the referee to the value).
    pub optimal: String,
    /// Letters proven not optimal (the referee forces one miss more after them).
    pub not_optimal: String,
    /// Splitting letters the file leaves open.
    pub open: String,
    /// Strategy nodes checked.
    pub nodes: u64,
}

/// The first line of a first-letter certificate.
const FIRST_MAGIC: &str = "wordplay-hangman-first-letters 1";

/// Checks a first-letter certificate against `bucket`, given `value`, the exact value
/// `M(L)` that the length's value certificate proved (both bounds equal). Every letter
/// that splits the bucket must have an entry, in alphabetical order:
///
/// - `optimal g` and the guesser's letters on the words lacking `g` (the miss part), in
///   preorder, then `.`: every path at most `M - 1` misses, so after `g` the referee gets
///   at most `M` (a hit part is a subset of the bucket, worth at most `M`);
/// - `not-optimal g`, `family all` (the whole miss part) or `family n` and `n` words that
///   all lack `g`, the referee's strategy forcing `M` misses on that family (the value
///   certificate's lower-section tokens), then `.`: after `g` the referee answers "miss"
///   and forces `M` more;
/// - `not-optimal g as b`: the family proven for letter `b` above lacks `g` too;
/// - `open g`: not settled (reported, not a flaw).
///
/// # Errors
///
/// A [`Flaw`] naming the first thing that does not check.
pub fn verify_first_letters(
    text: &str,
    bucket: &Bucket,
    value: u32,
) -> Result<FirstVerified, Flaw> {
    let mut lines = text.lines();
    let mut next = |what: &str| -> Result<&str, Flaw> {
        lines
            .next()
            .ok_or_else(|| Flaw(format!("the certificate ends where {what} was expected")))
    };
    if next("the header")?.trim() != FIRST_MAGIC {
        return flaw(format!(
            "not a first-letter certificate (no {FIRST_MAGIC:?} line)"
        ));
    }
    let mut field = |name: &str| -> Result<String, Flaw> {
        let line = next(name)?;
        match line.split_once(' ') {
            Some((key, rest)) if key == name => Ok(rest.trim().to_string()),
            _ => flaw(format!("expected the line {name:?}, found {line:?}")),
        }
    };
    field("dictionary")?;
    let number = |name: &str, text: String| -> Result<u64, Flaw> {
        text.parse()
            .or_else(|_| flaw(format!("{name}: {text:?} is not a number")))
    };
    let length = number("length", field("length")?)? as usize;
    if length != bucket.length() {
        return flaw(format!(
            "the certificate is for length {length}, not {}",
            bucket.length()
        ));
    }
    let count = number("words", field("words")?)? as usize;
    if count != bucket.len() {
        return flaw(format!(
            "the certificate is for {count} words of length {length}; the dictionary has {}",
            bucket.len()
        ));
    }
    let digest = field("digest")?;
    let ours = format!("{:016x}", digest_of(bucket));
    if digest != ours {
        return flaw(format!(
            "the certificate's words differ from the dictionary's (digest {digest}, the dictionary's {ours})"
        ));
    }
    let claimed = number("value", field("value")?)? as u32;
    if claimed != value {
        return flaw(format!(
            "the certificate judges the letters against {claimed} misses; the value certificate proves {value}"
        ));
    }
    let words = Words {
        bucket,
        masks: (0..bucket.len()).map(|i| masks(bucket.word(i))).collect(),
    };
    let all: Vec<u32> = (0..bucket.len() as u32).collect();
    let split = if all.len() > 1 {
        words.splitting(&all)
    } else {
        0
    };
    let mut expected = (0..26).filter(|g| split >> g & 1 == 1);
    let mut out = FirstVerified {
        length,
        value,
        optimal: String::new(),
        not_optimal: String::new(),
        open: String::new(),
        nodes: 0,
    };
    // The family proven worth `value` for each not-optimal letter.
    let mut proven: Vec<(usize, Vec<u32>)> = Vec::new();
    // The lines of a section up to its closing `.`.
    let body = |lines: &mut std::str::Lines<'_>| -> Result<String, Flaw> {
        let mut body = String::new();
        loop {
            match lines.next() {
                Some(".") => return Ok(body),
                Some(line) => {
                    body.push_str(line);
                    body.push('\n');
                }
                None => return flaw("a section does not end with a line \".\""),
            }
        }
    };
    while let Some(line) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split_ascii_whitespace();
        let kind = parts.next().unwrap_or_default();
        let Some(letter) = parts.next().and_then(letter_index) else {
            return flaw(format!("{line:?}: no letter after {kind:?}"));
        };
        let name = (b'a' + letter as u8) as char;
        match expected.next() {
            Some(g) if g == letter => {}
            Some(g) => {
                return flaw(format!(
                    "the entry for {name} comes where {} was expected (every splitting letter once, in order)",
                    (b'a' + g as u8) as char
                ));
            }
            None => {
                return flaw(format!(
                    "an entry for {name}, which does not split the words or comes twice"
                ));
            }
        }
        let miss: Vec<u32> = all
            .iter()
            .copied()
            .filter(|&w| words.masks[w as usize][letter] == 0)
            .collect();
        match (kind, parts.next(), parts.next()) {
            ("open", None, _) => out.open.push(name),
            ("optimal", None, _) => {
                let tree = body(&mut lines)?;
                let mut letters = Letters {
                    bytes: tree.as_bytes().iter(),
                };
                let worst = guesser(&words, &miss, &mut letters, &mut out.nodes)?;
                if letters.bytes.any(|&b| !b.is_ascii_whitespace()) {
                    return flaw(format!(
                        "the guesser's strategy after {name} has letters left over (an extra family)"
                    ));
                }
                if !miss.is_empty() && worst + 1 > value {
                    return flaw(format!(
                        "after {name} the referee can answer \"miss\" and the guesser's strategy then allows {worst} more, {} in all, more than {value}",
                        worst + 1
                    ));
                }
                out.optimal.push(name);
            }
            ("not-optimal", Some("as"), Some(other)) => {
                let Some(other) = letter_index(other) else {
                    return flaw(format!("{line:?}: {other:?} is not a letter"));
                };
                let Some((_, family)) = proven.iter().find(|(l, _)| *l == other) else {
                    return flaw(format!(
                        "{name} refers to the proof of {}, which is not above",
                        (b'a' + other as u8) as char
                    ));
                };
                if let Some(&w) = family
                    .iter()
                    .find(|&&w| words.masks[w as usize][letter] != 0)
                {
                    return flaw(format!(
                        "{name} refers to a family holding {:?}, which has the letter {name}",
                        bucket.word_str(w as usize)
                    ));
                }
                let family = family.clone();
                proven.push((letter, family));
                out.not_optimal.push(name);
            }
            ("not-optimal", None, _) => {
                let section = body(&mut lines)?;
                let mut tokens = Tokens {
                    iter: section.split_ascii_whitespace().peekable(),
                };
                tokens.expect("family")?;
                let family: Vec<u32> = match tokens.next("the family")? {
                    "all" => miss.clone(),
                    n => {
                        let n: usize = n
                            .parse()
                            .or_else(|_| flaw(format!("family: {n:?} is not a number or all")))?;
                        let mut family = Vec::with_capacity(n.min(bucket.len()));
                        for _ in 0..n {
                            let w = tokens.next("a word of the family")?;
                            let Some(i) = bucket.find(w.as_bytes()) else {
                                return flaw(format!("{w:?} is not a word of the dictionary"));
                            };
                            if words.masks[i][letter] != 0 {
                                return flaw(format!(
                                    "{w:?} holds {name}: it is not in the miss part of {name}"
                                ));
                            }
                            family.push(i as u32);
                        }
                        family.sort_unstable();
                        family.dedup();
                        if family.len() != n {
                            return flaw("the family lists a word twice");
                        }
                        family
                    }
                };
                if family.is_empty() {
                    return flaw(format!("no word lacks {name}: it cannot miss"));
                }
                referee(
                    &words,
                    &family,
                    0,
                    value,
                    &mut tokens,
                    &mut out.nodes,
                    &mut Walk::default(),
                )?;
                if let Some(t) = tokens.iter.next() {
                    return flaw(format!(
                        "unexpected {t:?} after the referee's strategy for {name}"
                    ));
                }
                proven.push((letter, family));
                out.not_optimal.push(name);
            }
            _ => {
                return flaw(format!(
                    "{line:?} is not an entry (optimal, not-optimal or open)"
                ));
            }
        }
    }
    if let Some(g) = expected.next() {
        return flaw(format!(
            "no entry for {}, which splits the words",
            (b'a' + g as u8) as char
        ));
    }
    Ok(out)
}

/// The certificates of one length in a folder, as [`verify_folder`] checked them.
#[derive(Clone, Debug)]
pub struct LengthCheck {
    /// Word length.
    pub length: usize,
    /// The value certificate (`length-L.cert.gz` or `length-L.cert`) and what it proved.
    pub value: (PathBuf, Result<Verified, Flaw>),
    /// The first-letter certificate (`length-L.first.gz` or `length-L.first`), if any.
    pub first: Option<(PathBuf, Result<FirstVerified, Flaw>)>,
    /// Time spent checking both, seconds.
    pub seconds: f64,
}

impl LengthCheck {
    /// Whether neither file has a flaw.
    pub fn is_ok(&self) -> bool {
        self.value.1.is_ok() && self.first.as_ref().is_none_or(|(_, r)| r.is_ok())
    }
}

/// The file name's length and kind: `length-L.cert[.gz]` (false) or `length-L.first[.gz]`
/// (true).
fn certificate_name(name: &str) -> Option<(usize, bool)> {
    let name = name.strip_prefix("length-")?;
    let name = name.strip_suffix(".gz").unwrap_or(name);
    let (length, kind) = name.split_once('.')?;
    let first = match kind {
        "cert" => false,
        "first" => true,
        _ => return None,
    };
    Some((length.parse().ok()?, first))
}

/// Checks every certificate in `dir` (as `hangman solve --certificate DIR` writes them)
/// against `lexicon`: per length, the value certificate, then the first-letter one
/// against the value the first proved (a flaw when it is not exact). Lengths in order.
///
/// # Errors
///
/// The folder or a file cannot be read, or the folder holds no value certificate.
pub fn verify_folder(dir: &Path, lexicon: &lexicon::Lexicon) -> std::io::Result<Vec<LengthCheck>> {
    let mut files: BTreeMap<usize, (Option<PathBuf>, Option<PathBuf>)> = BTreeMap::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let Some((length, first)) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(certificate_name)
        else {
            continue;
        };
        let slot = files.entry(length).or_default();
        let slot = if first { &mut slot.1 } else { &mut slot.0 };
        // The gzip file wins over a plain one of the same length.
        if slot
            .as_ref()
            .is_none_or(|p| p.extension().is_none_or(|e| e != "gz"))
        {
            *slot = Some(path);
        }
    }
    let mut checks = Vec::new();
    for (length, (value, first)) in files {
        let start = std::time::Instant::now();
        let bucket = lexicon.bucket(length);
        let Some(value) = value else {
            let path = first.expect("a file of this length");
            let missing = Flaw(format!(
                "no value certificate length-{length}.cert.gz beside it"
            ));
            checks.push(LengthCheck {
                length,
                value: (path.clone(), Err(missing.clone())),
                first: Some((path, Err(missing))),
                seconds: 0.0,
            });
            continue;
        };
        let checked = decode(&std::fs::read(&value)?).and_then(|text| verify(&text, bucket));
        let first = match first {
            Some(path) => {
                let text = std::fs::read(&path)?;
                let result = match &checked {
                    Ok(v) if v.lower == v.upper => {
                        decode(&text).and_then(|text| verify_first_letters(&text, bucket, v.lower))
                    }
                    Ok(v) => flaw(format!(
                        "first letters need the exact value; the value certificate proves only {} <= M <= {}",
                        v.lower, v.upper
                    )),
                    Err(_) => flaw("the value certificate beside it has a flaw"),
                };
                Some((path, result))
            }
            None => None,
        };
        checks.push(LengthCheck {
            length,
            value: (value, checked),
            first,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    if checks.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "{} holds no certificate (length-L.cert.gz or length-L.cert files)",
                dir.display()
            ),
        ));
    }
    Ok(checks)
}
