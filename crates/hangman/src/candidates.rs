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
    candidates.retain(|&c| bucket.positions(c as usize, letter) == positions);
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
    // Sort (mask, input position) packed in a u64: an unstable sort of plain integers that
    // still keeps each family in input order.
    let mut keyed: Vec<u64> = candidates
        .iter()
        .enumerate()
        .map(|(i, &c)| (u64::from(bucket.positions(c as usize, letter)) << 32) | i as u64)
        .collect();
    keyed.sort_unstable();
    let mut families: Vec<(u32, Vec<u32>)> = Vec::new();
    for key in keyed {
        let (mask, c) = ((key >> 32) as u32, candidates[key as u32 as usize]);
        match families.last_mut() {
            Some((m, family)) if *m == mask => family.push(c),
            _ => families.push((mask, vec![c])),
        }
    }
    families
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
