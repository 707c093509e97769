//! The candidate-set primitives every candidate-based strategy, referee and solver uses.
//!
//! A candidate set is a list of word indices into one [`Bucket`]. The answer to a letter
//! guess is a position mask, so filtering is one lookup per word and a guess *partitions* a
//! set into families by mask: greedy, entropy, lookahead, the evil referee and the minimax
//! solver are all built on [`partition`].

use lexicon::{Bucket, Letter, LetterSet};

use crate::game::{GameState, Guess, Outcome};

/// All word indices of a bucket.
pub fn all(bucket: &Bucket) -> Vec<u32> {
    (0..bucket.len() as u32).collect()
}

/// The words of `bucket` consistent with a game's public state: the revealed letters where
/// shown, no guessed letter anywhere else, and no wrong word guess.
pub fn consistent(bucket: &Bucket, state: &GameState) -> Vec<u32> {
    if bucket.length() != state.length() {
        return Vec::new();
    }
    let guessed: Vec<(Letter, u32)> = state
        .guessed_letters()
        .iter()
        .map(|l| (l, state.board().positions(l)))
        .collect();
    (0..bucket.len() as u32)
        .filter(|&c| {
            guessed
                .iter()
                .all(|&(l, mask)| bucket.positions(c as usize, l) == mask)
                && !state
                    .wrong_words()
                    .iter()
                    .any(|w| w.as_bytes() == bucket.word(c as usize))
        })
        .collect()
}

/// Keeps the candidates consistent with `outcome` for the guess `letter`.
pub fn retain_letter(bucket: &Bucket, candidates: &mut Vec<u32>, letter: Letter, positions: u32) {
    // A word's letter set (four bytes) answers for every word that lacks the letter; only
    // those holding it need their position masks (a hundred bytes a word): a game's first
    // guesses filter tens of thousands of words.
    if positions == 0 {
        candidates.retain(|&c| !bucket.letters(c as usize).contains(letter));
    } else {
        candidates.retain(|&c| {
            bucket.letters(c as usize).contains(letter)
                && bucket.positions(c as usize, letter) == positions
        });
    }
}

/// Keeps the candidates consistent with an outcome (a word guess that failed removes the
/// word; a repeated guess changes nothing).
pub fn retain_outcome(bucket: &Bucket, candidates: &mut Vec<u32>, guess: &Guess, outcome: Outcome) {
    match (guess, outcome) {
        (Guess::Letter(letter), Outcome::Letter { positions }) => {
            retain_letter(bucket, candidates, *letter, positions);
        }
        (Guess::Word(word), Outcome::Word { correct }) => {
            let word = word.as_bytes();
            if correct {
                candidates.retain(|&c| bucket.word(c as usize) == word);
            } else {
                candidates.retain(|&c| bucket.word(c as usize) != word);
            }
        }
        _ => {}
    }
}

/// Splits candidates into families by the position mask of `letter`, families ordered by
/// mask (the miss family, mask 0, first), each family keeping the input order.
pub fn partition(bucket: &Bucket, candidates: &[u32], letter: Letter) -> Vec<(u32, Vec<u32>)> {
    let mut parts = Partition::default();
    parts.split(bucket, candidates, letter);
    parts.families().map(|(m, f)| (m, f.to_vec())).collect()
}

/// [`partition`] into reusable storage, for searches that split millions of sets: the
/// families lie one after another in one buffer, so splitting allocates nothing once the
/// buffers have grown.
#[derive(Clone, Debug, Default)]
pub struct Partition {
    /// (mask, input position) pairs packed in a u64: an unstable sort of plain integers
    /// that still keeps each family in input order.
    keys: Vec<u64>,
    members: Vec<u32>,
    /// Each family's mask and the end of its members.
    ends: Vec<(u32, u32)>,
}

impl Partition {
    /// Splits `candidates` by the position mask of `letter` (see [`partition`]), replacing
    /// the previous split.
    pub fn split(&mut self, bucket: &Bucket, candidates: &[u32], letter: Letter) {
        self.members.clear();
        self.ends.clear();
        // Most letters answer with a handful of masks: count them in a short list and
        // place each candidate directly (a sort only when there are many).
        const FEW: usize = 16;
        let mut masks = [0u32; FEW];
        let mut sizes = [0u32; FEW];
        let mut distinct = 0;
        self.keys.clear();
        // Words of up to 8 letters answer with masks below 256: a direct table finds each
        // mask's group.
        let mut small = [u8::MAX; 256];
        let direct = bucket.length() <= 8;
        for &c in candidates {
            let mask = bucket.positions(c as usize, letter);
            if direct {
                let slot = &mut small[mask as usize];
                if *slot == u8::MAX {
                    *slot = distinct as u8;
                    masks[distinct] = mask;
                    distinct += 1;
                    if distinct == FEW {
                        // More answers than the short list holds.
                        return self.split_sorted(bucket, candidates, letter);
                    }
                }
                sizes[*slot as usize] += 1;
                self.keys.push(u64::from(*slot));
                continue;
            }
            let group = match masks[..distinct].iter().position(|&m| m == mask) {
                Some(i) => i,
                None if distinct < FEW => {
                    masks[distinct] = mask;
                    distinct += 1;
                    distinct - 1
                }
                None => return self.split_sorted(bucket, candidates, letter),
            };
            sizes[group] += 1;
            self.keys.push(group as u64);
        }
        let mut order: [usize; FEW] = std::array::from_fn(|i| i);
        order[..distinct].sort_unstable_by_key(|&i| masks[i]);
        // Where each family starts, in mask order.
        let mut next = [0u32; FEW];
        let mut end = 0;
        for &i in &order[..distinct] {
            next[i] = end;
            end += sizes[i];
            self.ends.push((masks[i], end));
        }
        self.members.resize(candidates.len(), 0);
        for (&c, &group) in candidates.iter().zip(&self.keys) {
            let slot = &mut next[group as usize];
            self.members[*slot as usize] = c;
            *slot += 1;
        }
    }

    /// [`Partition::split`] by sorting, for letters with many answers.
    fn split_sorted(&mut self, bucket: &Bucket, candidates: &[u32], letter: Letter) {
        // (mask, input position) packed in a u64: an unstable sort of plain integers that
        // still keeps each family in input order.
        self.keys.clear();
        self.keys.extend(
            candidates
                .iter()
                .enumerate()
                .map(|(i, &c)| u64::from(bucket.positions(c as usize, letter)) << 32 | i as u64),
        );
        self.keys.sort_unstable();
        for &key in &self.keys {
            let mask = (key >> 32) as u32;
            self.members.push(candidates[key as u32 as usize]);
            let end = self.members.len() as u32;
            match self.ends.last_mut() {
                Some((m, e)) if *m == mask => *e = end,
                _ => self.ends.push((mask, end)),
            }
        }
    }

    /// Number of families.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no families (the split set was empty).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Family `i` (by mask) as its mask and where its members lie in
    /// [`Partition::members`].
    pub fn family_range(&self, i: usize) -> (u32, std::ops::Range<usize>) {
        let start = if i == 0 { 0 } else { self.ends[i - 1].1 };
        let (mask, end) = self.ends[i];
        (mask, start as usize..end as usize)
    }

    /// Every family's members, family after family (see [`Partition::family_range`]).
    pub fn members(&self) -> &[u32] {
        &self.members
    }

    /// Swaps the members' storage with `other` (the ranges of
    /// [`Partition::family_range`] then index `other`): a caller keeps the families without
    /// copying them, and lends back storage for the next split.
    pub fn swap_members(&mut self, other: &mut Vec<u32>) {
        std::mem::swap(&mut self.members, other);
    }

    /// Family `i` (by mask) as (mask, members).
    pub fn family(&self, i: usize) -> (u32, &[u32]) {
        let start = if i == 0 { 0 } else { self.ends[i - 1].1 };
        let (mask, end) = self.ends[i];
        (mask, &self.members[start as usize..end as usize])
    }

    /// The families as (mask, members), by mask.
    pub fn families(&self) -> impl ExactSizeIterator<Item = (u32, &[u32])> + '_ {
        (0..self.ends.len()).map(|i| self.family(i))
    }
}

/// Letters in the order of their frequency in English dictionary words: what to guess when
/// no candidate is left (the word is not in the dictionary).
pub const FALLBACK_ORDER: &[u8; 26] = b"esiarntolcdupmghbyfvkwzxjq";

/// The first letter of [`FALLBACK_ORDER`] not yet guessed.
pub fn fallback_letter(guessed: LetterSet) -> Option<Letter> {
    FALLBACK_ORDER
        .iter()
        .filter_map(|&b| Letter::from_ascii(b))
        .find(|&l| !guessed.contains(l))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexicon::Lexicon;

    fn letter(c: u8) -> Letter {
        Letter::from_ascii(c).unwrap()
    }

    #[test]
    fn partition_groups_by_mask_miss_first() {
        let lex = Lexicon::from_words(["bat", "cat", "tab", "tot", "bib"]).unwrap();
        let b = lex.bucket(3);
        let fams = partition(b, &all(b), letter(b't'));
        let shown: Vec<(u32, Vec<&str>)> = fams
            .iter()
            .map(|(m, f)| (*m, f.iter().map(|&c| b.word_str(c as usize)).collect()))
            .collect();
        assert_eq!(
            shown,
            vec![
                (0, vec!["bib"]),
                (0b001, vec!["tab"]),
                (0b100, vec!["bat", "cat"]),
                (0b101, vec!["tot"]),
            ]
        );
    }

    #[test]
    fn fallback_skips_guessed_letters() {
        let guessed = LetterSet::of_word(b"es");
        assert_eq!(fallback_letter(guessed), Some(letter(b'i')));
        assert_eq!(fallback_letter(LetterSet::FULL), None);
    }
}
