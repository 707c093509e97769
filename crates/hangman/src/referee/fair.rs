//! The honest referee.

use lexicon::Letter;

use super::error::SecretError;
use crate::game::Referee;

/// The honest referee: a fixed secret word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fair {
    secret: Vec<u8>,
    positions: [u32; 26],
}

impl Fair {
    /// A referee for `secret` (any case).
    ///
    /// # Errors
    ///
    /// [`SecretError::NotAWord`] if `secret` is empty or not letters a–z;
    /// [`SecretError::TooLong`] if it has more than [`lexicon::MAX_WORD_LEN`] letters.
    pub fn new(secret: &str) -> Result<Fair, SecretError> {
        if secret.is_empty() || !secret.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(SecretError::NotAWord(secret.to_string()));
        }
        if secret.len() > lexicon::MAX_WORD_LEN {
            return Err(SecretError::TooLong(secret.to_string()));
        }
        let secret = secret.to_ascii_lowercase().into_bytes();
        let mut positions = [0u32; 26];
        for (p, &b) in secret.iter().enumerate() {
            positions[(b - b'a') as usize] |= 1 << p;
        }
        Ok(Fair { secret, positions })
    }
}

impl Referee for Fair {
    fn length(&self) -> usize {
        self.secret.len()
    }

    fn answer_letter(&mut self, letter: Letter) -> u32 {
        self.positions[letter.index()]
    }

    fn answer_word(&mut self, word: &[u8]) -> bool {
        word == self.secret.as_slice()
    }

    fn word(&self) -> String {
        String::from_utf8(self.secret.clone()).expect("ASCII")
    }
}
