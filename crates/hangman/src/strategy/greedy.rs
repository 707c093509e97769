//! Greedy: the letter found in the most remaining candidates, and the word when that pays.

use lexicon::Bucket;

use super::params::Params;
use super::policy::{Decision, Policy};
use super::settings::{Settings, StrategyError};
use crate::game::Position;
use crate::split::LetterStats;

/// Guesses the letter contained in the most candidates (each word counted once, ties to the
/// earlier letter) among the letters that can tell candidates apart; guesses a candidate
/// word when at most [`Greedy::word_at`] are left and a wrong word would not lose the game.
///
/// Letters that cannot split the candidates (every candidate holds them at the same
/// positions, or none does) are never guessed: they cost a point and teach nothing, and the
/// final word guess reveals them for free.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    /// Guess a word once this few candidates are left (1: only when the word is known).
    pub word_at: u32,
}

impl Default for Greedy {
    /// The measured best threshold: a word guess at three or fewer candidates costs at
    /// most as much as a letter on average (2/3 · (1 + 1/2) = 1 at three).
    fn default() -> Greedy {
        Greedy { word_at: 3 }
    }
}

impl Greedy {
    /// Parameters: `word_at=N` (1–50, default 3).
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] for an unknown, repeated or out-of-range parameter.
    pub fn from_settings(name: &str, settings: &Settings) -> Result<Greedy, StrategyError> {
        let mut params = Params::new(name, settings)?;
        let greedy = Greedy {
            word_at: params.range("word_at", Greedy::default().word_at, 1..=50)?,
        };
        params.finish()?;
        Ok(greedy)
    }
}

/// Whether to guess a word now: one candidate, or few and a miss would not lose.
pub(crate) fn word_time(n: usize, word_at: u32, position: &Position) -> bool {
    n == 1 || (n <= word_at as usize && position.wrong_guesses_left() > 0)
}

impl Policy for Greedy {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        if word_time(cands.len(), self.word_at, position) {
            return Decision::Word(cands[0]);
        }
        let stats = LetterStats::of(bucket, cands);
        let mut best = None;
        for letter in stats.splitting().iter() {
            let n = stats.counts[letter.index()];
            if best.is_none_or(|(m, _)| n > m) {
                best = Some((n, letter));
            }
        }
        match best {
            Some((_, letter)) => Decision::Letter(letter),
            // Two distinct words always differ in a letter no guess has settled.
            None => Decision::Word(cands[0]),
        }
    }
}
