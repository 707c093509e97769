//! The seed's sampling regex strategy (`sampling-regex`).

use lexicon::Bucket;
use rand_pcg::Pcg64;

use super::deterministic_regex::{Counting, RegexStore};
use super::frequency::{Candidates, Counts, Sampling, Store, SubStrategy, WordChoice};

/// The seed's sampling regex strategy: the deterministic regex strategy's storage and
/// filtering ([`board_regex`](super::board_regex)), but letters are counted on a random
/// sample of the remaining words until the counts look stable ([`Sampling`]), each word
/// adding 1 per **distinct** letter (the seed's `sampling-count-letters`).
///
/// All randomness comes from the game's seed (the `seed` of `Strategy::player`), so a
/// run repeats exactly for the same run seed. The seed tool sampled the opening counts of
/// each length once per run; we sample them at the start of each game from the game's RNG,
/// so a game depends on the run seed and its word only.
///
/// Parameters (defaults are the seed's):
/// - `delta-percentage-tolerance=1e-5`, `sampling-frequency=100`,
///   `ratio-to-n-of-minimum-iterations=100`, `delta=signed|absolute` (default `signed`):
///   see [`Sampling`];
/// - `word=first|random|ranked` (default `random`, as the seed): see [`WordChoice`].
pub(crate) struct SamplingRegex;

impl SubStrategy for SamplingRegex {
    const NAME: &'static str = "sampling-regex";
    const WORD: WordChoice = WordChoice::Random;
    const SAMPLED: bool = true;
    /// Nothing: each game samples its own opening counts.
    type Words = ();
    type Store<'a> = RegexStore<'a>;

    fn words(_bucket: &Bucket) {}

    fn start<'a>(
        _words: &'a (),
        bucket: &'a Bucket,
        sampling: Sampling,
        rng: &mut Pcg64,
    ) -> (RegexStore<'a>, Counts) {
        let mut store = RegexStore {
            bucket,
            candidates: Candidates::all(bucket.len()),
            counting: Counting::Sampled(sampling, Vec::new()),
        };
        let counts = store.count(rng);
        (store, counts)
    }
}
