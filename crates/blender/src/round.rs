//! Dealing rounds: picking a common six-letter word and scrambling its letters.

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::index::{Dictionary, GAME_LETTERS, MIN_WORD};
use crate::rack::{Rack, Signature};

/// Random shuffles tried before falling back to a systematic search for a display that is
/// not a word.
pub const SHUFFLE_TRIES: usize = 64;

/// Why rounds cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// The bounds are inverted.
    #[error("the minimum of {min} required words is greater than the maximum of {max}")]
    BadBounds {
        /// The lower bound.
        min: usize,
        /// The upper bound.
        max: usize,
    },
    /// No common six-letter word has a rack with an acceptable number of required words.
    #[error("no common six-letter word has between {min} and {max} required words in its rack")]
    NoCandidates {
        /// The lower bound.
        min: usize,
        /// The upper bound.
        max: usize,
    },
}

/// A word of a round.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RoundWord {
    /// The word, lowercase.
    pub word: String,
    /// Whether it is required (has a slot) rather than a bonus word.
    pub required: bool,
}

/// A dealt round: the letters as shown and every word they make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The common six-letter word the rack was taken from.
    pub source: String,
    /// The letters in display order (lowercase), scrambled so they do not spell a word when
    /// that can be avoided.
    pub letters: Vec<u8>,
    /// Every accepted word of the rack, by length then alphabetically.
    pub words: Vec<RoundWord>,
}

impl Deal {
    /// The required words.
    pub fn required(&self) -> impl Iterator<Item = &str> {
        self.words
            .iter()
            .filter(|w| w.required)
            .map(|w| w.word.as_str())
    }
}

/// Deals rounds from a dictionary: picks uniformly among the required six-letter words
/// whose rack has between `min_words` and `max_words` required words.
#[derive(Clone, Debug)]
pub struct RoundGenerator<'d> {
    dict: &'d Dictionary,
    /// The eligible source words, alphabetically (so a seed picks the same word every time).
    candidates: Vec<&'d str>,
}

impl<'d> RoundGenerator<'d> {
    /// Prepares the list of eligible words (one rack query per six-letter signature).
    ///
    /// # Errors
    ///
    /// [`RoundError::BadBounds`] if `min_words > max_words`; [`RoundError::NoCandidates`] if
    /// no common six-letter word has a rack within the bounds.
    pub fn new(
        dict: &'d Dictionary,
        min_words: usize,
        max_words: usize,
    ) -> Result<RoundGenerator<'d>, RoundError> {
        if min_words > max_words {
            return Err(RoundError::BadBounds {
                min: min_words,
                max: max_words,
            });
        }
        let mut candidates = Vec::new();
        for sig in dict.signatures_of_length(GAME_LETTERS) {
            let sources: Vec<&str> = dict
                .anagrams(sig)
                .filter(|a| a.required)
                .map(|a| a.word)
                .collect();
            if sources.is_empty() {
                continue;
            }
            let rack = Rack::from_lowercase(sig.letters().as_bytes()).expect("a-z");
            let required = dict
                .solve(&rack, MIN_WORD)
                .iter()
                .filter(|a| a.required)
                .count();
            if (min_words..=max_words).contains(&required) {
                candidates.extend(sources);
            }
        }
        if candidates.is_empty() {
            return Err(RoundError::NoCandidates {
                min: min_words,
                max: max_words,
            });
        }
        candidates.sort_unstable();
        Ok(RoundGenerator { dict, candidates })
    }

    /// The eligible source words, alphabetically.
    pub fn candidates(&self) -> &[&'d str] {
        &self.candidates
    }

    /// The dictionary rounds are dealt from.
    pub fn dictionary(&self) -> &'d Dictionary {
        self.dict
    }

    /// Deals a round.
    pub fn deal<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Deal {
        let source = self.candidates[rng.random_range(0..self.candidates.len())];
        self.deal_word(source, rng)
    }

    /// Deals the round of a given six-letter word (which need not be a candidate).
    pub fn deal_word<R: rand::Rng + ?Sized>(&self, source: &str, rng: &mut R) -> Deal {
        let rack = Rack::from_lowercase(source.as_bytes()).expect("lowercase word");
        let words: Vec<RoundWord> = self
            .dict
            .solve(&rack, MIN_WORD)
            .into_iter()
            .map(|a| RoundWord {
                word: a.word.to_string(),
                required: a.required,
            })
            .collect();
        let letters = scramble(source.as_bytes(), |w| self.is_word(w), rng);
        Deal {
            source: source.to_string(),
            letters,
            words,
        }
    }

    fn is_word(&self, letters: &[u8]) -> bool {
        std::str::from_utf8(letters).is_ok_and(|w| self.dict.accepts(w))
    }
}

/// Scrambles `letters` so that `is_word` rejects the result, trying random shuffles first
/// (at most [`SHUFFLE_TRIES`]) and then, should they all spell words, every arrangement in
/// lexicographic order. If every arrangement is a word, the last shuffle is returned. A
/// result different from the input order is preferred when one exists.
pub fn scramble<R: rand::Rng + ?Sized>(
    letters: &[u8],
    is_word: impl Fn(&[u8]) -> bool,
    rng: &mut R,
) -> Vec<u8> {
    let mut out = letters.to_vec();
    let distinct_orders = {
        let mut sorted = letters.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).any(|w| w[0] != w[1])
    };
    for _ in 0..SHUFFLE_TRIES {
        out.shuffle(rng);
        if !is_word(&out) && (out != letters || !distinct_orders) {
            return out;
        }
    }
    let mut perm = letters.to_vec();
    perm.sort_unstable();
    let mut original_ok = false;
    loop {
        if !is_word(&perm) {
            if perm != letters {
                return perm;
            }
            original_ok = true;
        }
        if !next_permutation(&mut perm) {
            return if original_ok { letters.to_vec() } else { out };
        }
    }
}

/// Rearranges into the next lexicographic permutation; false (leaving the slice sorted
/// descending) when it already was the last one.
fn next_permutation(v: &mut [u8]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("exists");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The signature of a deal's letters (handy for looking the round up in the list of games).
pub fn deal_signature(deal: &Deal) -> Signature {
    Signature::of_word(&deal.letters).expect("deal letters are a-z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_permutation_walks_all_orders() {
        let mut v = b"aab".to_vec();
        let mut seen = vec![v.clone()];
        while next_permutation(&mut v) {
            seen.push(v.clone());
        }
        assert_eq!(seen, [b"aab".to_vec(), b"aba".to_vec(), b"baa".to_vec()]);
    }
}
