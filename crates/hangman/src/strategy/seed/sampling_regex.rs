//! The seed's sampling regex strategy (`sampling-regex`).

use std::sync::Arc;

use lexicon::Lexicon;

use super::deterministic_regex::{Counting, RegexStore};
use super::frequency::{self, Candidates, FrequencyPlayer, Sampling, WordChoice};
use crate::strategy::{Params, Player, Settings, Strategy, StrategyError};

/// The seed's sampling regex strategy: the deterministic regex strategy's storage and
/// filtering ([`board_regex`](super::board_regex)), but letters are counted on a random
/// sample of the remaining words until the counts look stable ([`Sampling`]), each word
/// adding 1 per **distinct** letter (the seed's `sampling-count-letters`).
///
/// All randomness comes from the game's seed (the `seed` of [`Strategy::player`]), so a
/// run repeats exactly for the same run seed. The seed tool sampled the opening counts of
/// each length once per run; we sample them at the start of each game from the game's RNG,
/// so a game depends on the run seed and its word only.
///
/// Parameters (defaults are the seed's):
/// - `delta-percentage-tolerance=1e-5`, `sampling-frequency=100`,
///   `ratio-to-n-of-minimum-iterations=100`, `delta=signed|absolute` (default `signed`):
///   see [`Sampling`];
/// - `word=first|random|ranked` (default `random`, as the seed): see [`WordChoice`].
pub struct SamplingRegex {
    lexicon: Arc<Lexicon>,
    choice: WordChoice,
    sampling: Sampling,
}

impl SamplingRegex {
    /// Builds the strategy (registry entry `sampling-regex`).
    pub fn build(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        let mut params = Params::new("sampling-regex", settings)?;
        let sampling = Sampling::params(&mut params)?;
        let choice = WordChoice::param(&mut params, WordChoice::Random)?;
        params.finish()?;
        Ok(Box::new(SamplingRegex {
            lexicon,
            choice,
            sampling,
        }))
    }
}

impl Strategy for SamplingRegex {
    fn name(&self) -> &str {
        "sampling-regex"
    }

    fn player(&self, length: usize, seed: u64) -> Box<dyn Player + '_> {
        let bucket = self.lexicon.bucket(length);
        let mut rng = frequency::game_rng(seed);
        let mut store = RegexStore {
            bucket,
            candidates: Candidates::all(bucket.len()),
            counting: Counting::Sampled(self.sampling, Vec::new()),
        };
        let counts = frequency::Store::count(&mut store, &mut rng);
        Box::new(FrequencyPlayer::new(store, counts, self.choice, rng))
    }
}
