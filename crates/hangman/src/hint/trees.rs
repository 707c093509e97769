//! The optimal guessers shipped for hints against the optimal referee: per word length, a
//! letter for every family of two or more words the guesser reaches, each letter one that
//! holds the referee to the family's exact value.
//!
//! Against the optimal referee a hint must name a letter *proven* to keep the misses within
//! the lives left, and at the opening of a long word that proof takes the solver seconds
//! (the whole 10-letter bucket of the embedded list, 23,485 words, is worth 5 misses). So
//! the proofs are made ahead: `scripts/ship-hint-trees.sh` runs [`optimal_tree`] over the
//! embedded list's lengths and keeps the trees in `crates/hangman/data/hints/`. A hint walks
//! the tree of its length along the letters the game has guessed; when the game's family
//! is a family of the tree, the tree's letter is exact and optimal at once, whatever the
//! family.
//!
//! # Format
//!
//! The file is gzip-compressed text: a line `wordplay optimal hint trees 1`, then per length
//! a line `length L words N digest D` (`D`: [`bucket_digest`] of the words, in hex), the
//! tree's letters in preorder (the letter of a family, then the subtrees of its parts of two
//! or more words in ascending position-mask order; line breaks anywhere) and a line `.`.
//! This is the guesser's half of a certificate (`docs/evil.md`), so `hangman::verify`
//! re-checks what a tree proves with code that shares nothing with the search (the tests
//! do). Nothing in the file is trusted: a tree is used only for a bucket of exactly its
//! words, and a letter that does not split its family, or a tree that ends early or runs
//! on, makes the whole tree unused.
//!
//! # What a tree proves
//!
//! The worst case of a subtree (the most misses on any path, a miss being a part of mask 0)
//! bounds the value of its family from above: that much is proven by the tree alone. The
//! builder picks, at each family `F`, a letter worth exactly `V(F)` (the solver's exact
//! value), so the worst case of every subtree *is* its family's value; that it is not lower
//! rests on the solver's proofs, the same ones `hangman solve` and the optimal referee use.
//! Of the optimal letters the builder keeps the one in the most words (ties alphabetical):
//! the hint's own order among letters of equal value, so a hint's first letter is the
//! tree's.

use std::io::{Read, Write};
use std::sync::OnceLock;

use lexicon::{Bucket, Letter, LetterSet};

use crate::candidates;
use crate::game::GameState;
use crate::solve::{Aborted, Solver, bucket_digest};
use crate::split::LetterStats;

/// The first line of a trees file.
const MAGIC: &str = "wordplay optimal hint trees 1";

/// The trees shipped for the embedded list.
static EMBEDDED: &[u8] = include_bytes!("../../data/hints/embedded.trees.gz");

/// Letters per line in a trees file.
const LINE: usize = 100;

/// A tree's node: a family of two or more words and the letter played there.
#[derive(Clone, Copy, Debug)]
struct Node {
    letter: Letter,
    /// The worst case of the subtree: the family's value.
    value: u32,
    /// The index just past this node's subtree.
    end: u32,
}

/// One length's optimal guesser, checked against its bucket.
#[derive(Debug)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
}

/// Where a game's family stands in a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TreeLetter {
    /// The tree's letter at the family reached by the letters the game guessed.
    pub(crate) letter: Letter,
    /// That family's value: the most misses the referee can force after `letter`.
    pub(crate) value: u32,
    /// Whether the game's family is that whole family (so `value` is exact for it; else
    /// the game's family is smaller, and `value` only bounds it from above).
    pub(crate) whole: bool,
}

impl Tree {
    /// Reads a tree's letters against `bucket`: `None` unless every letter splits its
    /// family and the letters are exactly the tree's.
    fn parse(bucket: &Bucket, letters: &str) -> Option<Tree> {
        let mut letters = letters
            .bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(Letter::from_ascii);
        let mut nodes = Vec::new();
        grow(bucket, candidates::all(bucket), &mut letters, &mut nodes)?;
        letters.next().is_none().then_some(Tree { nodes })
    }

    /// The tree's letter for a game at `state` whose family (the words consistent with it,
    /// sorted) is `family`: the tree is walked from the whole bucket along the tree's
    /// letters the game has guessed, each answered as the board shows. `None` once the
    /// tree's family is down to one word, or if the board answers a letter in a way no
    /// word of the family does (the game is not on this list's words).
    pub(crate) fn letter(
        &self,
        bucket: &Bucket,
        state: &GameState,
        family: &[u32],
    ) -> Option<TreeLetter> {
        let guessed = state.guessed_letters();
        let mut words = candidates::all(bucket);
        let mut at = 0;
        loop {
            if words.len() < 2 {
                return None;
            }
            let node = self.nodes[at];
            if !guessed.contains(node.letter) {
                return Some(TreeLetter {
                    letter: node.letter,
                    value: node.value,
                    whole: words.len() == family.len(),
                });
            }
            let answer = state.board().positions(node.letter);
            let mut child = at + 1;
            let mut next = None;
            for (mask, part) in candidates::partition(bucket, &words, node.letter) {
                if mask == answer {
                    next = Some(part);
                    break;
                }
                if part.len() >= 2 {
                    child = self.nodes[child].end as usize;
                }
            }
            words = next?;
            at = child;
        }
    }
}

/// Reads the subtree of `family` from `letters` into `nodes`; returns its worst case.
fn grow(
    bucket: &Bucket,
    family: Vec<u32>,
    letters: &mut impl Iterator<Item = Option<Letter>>,
    nodes: &mut Vec<Node>,
) -> Option<u32> {
    if family.len() < 2 {
        return Some(0);
    }
    let letter = letters.next()??;
    let at = nodes.len();
    nodes.push(Node {
        letter,
        value: 0,
        end: 0,
    });
    let parts = candidates::partition(bucket, &family, letter);
    if parts.len() < 2 {
        return None;
    }
    let mut value = 0;
    for (mask, part) in parts {
        value = value.max(u32::from(mask == 0) + grow(bucket, part, letters, nodes)?);
    }
    nodes[at].value = value;
    nodes[at].end = u32::try_from(nodes.len()).ok()?;
    Some(value)
}

/// One length's section of a trees file.
struct Section {
    length: usize,
    words: usize,
    digest: u64,
    letters: String,
    tree: OnceLock<Option<Tree>>,
}

/// The sections of the shipped file (none if it cannot be read).
fn sections() -> &'static [Section] {
    static SECTIONS: OnceLock<Vec<Section>> = OnceLock::new();
    SECTIONS.get_or_init(|| {
        let mut text = String::new();
        flate2::read::GzDecoder::new(EMBEDDED)
            .read_to_string(&mut text)
            .ok()
            .and_then(|_| parse_file(&text))
            .unwrap_or_default()
    })
}

/// The sections of a trees file's text, or `None` if it is not one.
fn parse_file(text: &str) -> Option<Vec<Section>> {
    let mut lines = text.lines();
    if lines.next()? != MAGIC {
        return None;
    }
    let mut sections = Vec::new();
    while let Some(head) = lines.next() {
        let fields: Vec<&str> = head.split_ascii_whitespace().collect();
        let ["length", length, "words", words, "digest", digest] = fields[..] else {
            return None;
        };
        let mut letters = String::new();
        for line in lines.by_ref() {
            if line == "." {
                break;
            }
            letters.push_str(line);
        }
        sections.push(Section {
            length: length.parse().ok()?,
            words: words.parse().ok()?,
            digest: u64::from_str_radix(digest, 16).ok()?,
            letters,
            tree: OnceLock::new(),
        });
    }
    Some(sections)
}

/// The shipped tree for exactly the words of `bucket`, read on first use.
pub(crate) fn tree(bucket: &Bucket) -> Option<&'static Tree> {
    let section = sections().iter().find(|s| {
        s.length == bucket.length() && s.words == bucket.len() && s.digest == bucket_digest(bucket)
    })?;
    section
        .tree
        .get_or_init(|| Tree::parse(bucket, &section.letters))
        .as_ref()
}

/// Whether a tree ships for exactly the words of `bucket`.
pub fn ships(bucket: &Bucket) -> bool {
    tree(bucket).is_some()
}

/// The optimal guesser of `bucket` (see the module docs): at every family of two or more
/// words it reaches, the letter in the most words (ties alphabetical) that holds the
/// referee to the family's exact value, in preorder. `solver` must be a solver of `bucket`;
/// the letters depend on the words alone (every choice is a proof), never on its limits or
/// threads, unless the limits stop it.
///
/// # Errors
///
/// [`Aborted`] if the solver's limits stop a search.
pub fn optimal_tree(solver: &Solver<'_>) -> Result<String, Aborted> {
    let bucket = solver.bucket();
    let mut out = String::new();
    if !bucket.is_empty() {
        optimal_node(solver, bucket, &candidates::all(bucket), &mut out)?;
    }
    Ok(out)
}

fn optimal_node(
    solver: &Solver<'_>,
    bucket: &Bucket,
    family: &[u32],
    out: &mut String,
) -> Result<(), Aborted> {
    if family.len() < 2 {
        return Ok(());
    }
    let value = solver.value(family)?;
    let mut letter = None;
    for g in by_odds(bucket, family) {
        if !solver.after_letter_at_least(family, g, value + 1)? {
            letter = Some(g);
            break;
        }
    }
    let letter = letter.expect("a family of two or more words has a letter worth its value");
    out.push(letter.lower() as char);
    for (_, part) in candidates::partition(bucket, family, letter) {
        optimal_node(solver, bucket, &part, out)?;
    }
    Ok(())
}

/// The letters that split `family` (teach something about it), in the most words first,
/// ties alphabetical: the order hints give letters of equal value.
pub(crate) fn by_odds(bucket: &Bucket, family: &[u32]) -> Vec<Letter> {
    let stats = LetterStats::of(bucket, family);
    let mut letters: Vec<Letter> = LetterSet::FULL
        .iter()
        .filter(|&g| stats.splits(g))
        .collect();
    letters.sort_by_key(|g| (std::cmp::Reverse(stats.counts[g.index()]), g.index()));
    letters
}

/// A trees file holding `trees` (bucket and the letters of [`optimal_tree`] for it), in
/// order, gzip-compressed.
pub fn render_trees<'a>(trees: impl IntoIterator<Item = (&'a Bucket, &'a str)>) -> Vec<u8> {
    let mut text = format!("{MAGIC}\n");
    for (bucket, letters) in trees {
        text.push_str(&format!(
            "length {} words {} digest {:016x}\n",
            bucket.length(),
            bucket.len(),
            bucket_digest(bucket)
        ));
        let bytes = letters.as_bytes();
        for line in bytes.chunks(LINE) {
            text.push_str(std::str::from_utf8(line).expect("letters are ASCII"));
            text.push('\n');
        }
        text.push_str(".\n");
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(text.as_bytes())
        .and_then(|()| gz.finish())
        .expect("writing to memory cannot fail")
}

/// The lengths and letters of the shipped trees file, as stored (for the tests that
/// rebuild and re-check it).
pub fn shipped_trees() -> Vec<(usize, String)> {
    sections()
        .iter()
        .map(|s| (s.length, s.letters.clone()))
        .collect()
}
