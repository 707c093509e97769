//! Greedy: the letter found in the most remaining candidates.

use lexicon::Bucket;

use super::candidates;
use super::policy::{Decision, Knowledge, Policy};

/// Guesses the unguessed letter contained in the most candidates (each word counted once,
/// ties to the earlier letter); guesses the word when one candidate is left.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Policy for Greedy {
    fn decide(&self, bucket: &Bucket, cands: &[u32], knowledge: &Knowledge) -> Decision {
        if let [only] = cands {
            return Decision::Word(*only);
        }
        let counts = candidates::letter_counts(bucket, cands);
        match candidates::most_common(&counts, knowledge.guessed) {
            Some(letter) => Decision::Letter(letter),
            // Distinct words of one length always differ in an unguessed letter; this is
            // reached only with duplicate-free input that is somehow exhausted.
            None => Decision::Word(cands[0]),
        }
    }
}
