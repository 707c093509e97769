//! Entropy: the letter whose answer tells the most, made wary of misses near the limit.

use lexicon::Bucket;

use super::greedy::word_time;
use super::params::Params;
use super::policy::{Decision, Policy};
use super::settings::{Settings, StrategyError};
use crate::game::Position;
use crate::split::{LetterStats, entropies};

/// Guesses the letter maximizing `H − Pmiss · risk / (left + 1)²`, where `H` is the entropy
/// (bits) of the answer pattern over the candidates, `Pmiss` the share of candidates
/// without the letter and `left` the wrong guesses the game still survives: information
/// first, safety as the gallows fill. Only letters that split the candidates are
/// considered; a candidate word is guessed at [`Entropy::word_at`] candidates or fewer
/// (when a wrong word would not lose), as in [`Greedy`](super::Greedy).
#[derive(Clone, Copy, Debug)]
pub struct Entropy {
    /// Guess a word once this few candidates are left.
    pub word_at: u32,
    /// Weight of the miss probability with no wrong guess to spare (divided by
    /// `(left + 1)²` when `left` remain).
    pub risk: f64,
}

impl Default for Entropy {
    fn default() -> Entropy {
        Entropy {
            word_at: 3,
            risk: 2.0,
        }
    }
}

impl Entropy {
    /// Parameters: `word_at=N` (1–50, default 3), `risk=X` (0–100, default 2).
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] for an unknown, repeated or out-of-range parameter.
    pub fn from_settings(name: &str, settings: &Settings) -> Result<Entropy, StrategyError> {
        let mut params = Params::new(name, settings)?;
        let d = Entropy::default();
        let entropy = Entropy {
            word_at: params.range("word_at", d.word_at, 1..=50)?,
            risk: params.range("risk", d.risk, 0.0..=100.0)?,
        };
        params.finish()?;
        Ok(entropy)
    }

    /// Each splitting letter with its score, best first (ties to the earlier letter).
    pub fn ranked(
        &self,
        bucket: &Bucket,
        cands: &[u32],
        position: &Position,
    ) -> Vec<(f64, lexicon::Letter)> {
        self.ranked_with(bucket, cands, position, &LetterStats::of(bucket, cands))
    }

    /// [`ranked`](Entropy::ranked) with the candidates' statistics already gathered (the
    /// exact search has them for its bounds: a second pass over the set would repeat them).
    pub(crate) fn ranked_with(
        &self,
        bucket: &Bucket,
        cands: &[u32],
        position: &Position,
        stats: &LetterStats,
    ) -> Vec<(f64, lexicon::Letter)> {
        let letters = stats.splitting();
        let ents = entropies(bucket, cands, letters);
        let left = f64::from(position.wrong_guesses_left());
        let weight = self.risk / ((left + 1.0) * (left + 1.0));
        let mut ranked: Vec<(f64, lexicon::Letter)> = letters
            .iter()
            .map(|l| {
                let (h, miss) = ents[l.index()];
                (h - miss * weight, l)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked
    }
}

impl Entropy {
    /// [`decide`](Policy::decide) from the letters as [`ranked`](Entropy::ranked) ranks
    /// them for this state by an `Entropy` of the same `risk` (so a search that ranks them
    /// anyway does not rank them twice).
    pub(crate) fn decide_ranked(
        &self,
        cands: &[u32],
        position: &Position,
        ranked: &[(f64, lexicon::Letter)],
    ) -> Decision {
        if word_time(cands.len(), self.word_at, position) {
            return Decision::Word(cands[0]);
        }
        match ranked.first() {
            Some(&(_, letter)) => Decision::Letter(letter),
            None => Decision::Word(cands[0]),
        }
    }
}

impl Policy for Entropy {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        if word_time(cands.len(), self.word_at, position) {
            return Decision::Word(cands[0]);
        }
        self.decide_ranked(cands, position, &self.ranked(bucket, cands, position))
    }
}
