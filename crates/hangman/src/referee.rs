//! Referees: who answers the guesses.
//!
//! The rules in [`crate::game`] never see the word; a [`Referee`] does. The fair referee
//! holds one secret word. Cheating referees (that keep a family of words and commit late)
//! implement the same trait, so every game loop works with either: [`Evil`] keeps the
//! largest family or looks ahead ([`FamilyChoice`]); [`RefereeKind`] and [`build`] make any
//! of them by name for the scorer, the bench and interactive play.

mod evil;

use lexicon::Letter;

pub use evil::{Evil, FamilyChoice, LOOKAHEAD_NODES, RefereeKind, UnknownReferee, build};

/// Answers guesses for one game.
pub trait Referee {
    /// The word length announced at the start.
    fn length(&self) -> usize;

    /// The positions of `letter` in the word (bit 0 = first letter); 0 for a miss.
    /// Called once per distinct letter.
    fn answer_letter(&mut self, letter: Letter) -> u32;

    /// Whether `word` (lowercase, of the announced length) is the word. Called once per
    /// distinct word.
    fn answer_word(&mut self, word: &[u8]) -> bool;

    /// The word as it stands when asked: the secret for a fair referee, one word consistent
    /// with every answer for a cheating one.
    fn word(&self) -> String;
}

impl<R: Referee + ?Sized> Referee for Box<R> {
    fn length(&self) -> usize {
        (**self).length()
    }

    fn answer_letter(&mut self, letter: Letter) -> u32 {
        (**self).answer_letter(letter)
    }

    fn answer_word(&mut self, word: &[u8]) -> bool {
        (**self).answer_word(word)
    }

    fn word(&self) -> String {
        (**self).word()
    }
}

/// The honest referee: a fixed secret word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fair {
    secret: Vec<u8>,
    positions: [u32; 26],
}

/// Why a secret word is not playable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    /// Not letters a–z.
    #[error("{0:?} is not a word of letters a-z")]
    NotAWord(String),
    /// Too long for position masks.
    #[error("{0:?} is longer than {max} letters", max = lexicon::MAX_WORD_LEN)]
    TooLong(String),
    /// A cheating referee has no word of this length to keep.
    #[error("the dictionary has no word of {0} letters")]
    NoWordsOfLength(usize),
}

impl Fair {
    /// A referee for `secret` (any case).
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
