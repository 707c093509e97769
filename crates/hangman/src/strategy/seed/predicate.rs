//! The seed's predicate strategy (`predicate`): integer-encoded words and position
//! predicates.

use lexicon::{Bucket, Letter, LetterSet};
use rand_pcg::Pcg64;

use super::frequency::{Candidates, Counts, Sampling, Store, SubStrategy, WordChoice};
use crate::game::GameState;

/// Encodes a lower-case word as integers, `a` = 0 … `z` = 25 (the seed's
/// `ASCII(letter) - 97`); `None` if a byte is not a lower-case ASCII letter.
pub fn encode(word: &[u8]) -> Option<Vec<u8>> {
    word.iter()
        .map(|&b| b.is_ascii_lowercase().then(|| b - b'a'))
        .collect()
}

/// Decodes integers 0–25 back into a lower-case word; `None` if a code is out of range.
pub fn decode(codes: &[u8]) -> Option<String> {
    codes
        .iter()
        .map(|&c| (c < 26).then(|| char::from(b'a' + c)))
        .collect()
}

/// A test on the letter at one position of an encoded word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// The position holds this letter code (a revealed cell).
    Is(u8),
    /// The position does not hold this letter code (an unknown cell, last guess).
    Not(u8),
}

impl Predicate {
    /// Whether letter code `code` passes.
    pub fn test(self, code: u8) -> bool {
        match self {
            Predicate::Is(x) => code == x,
            Predicate::Not(x) => code != x,
        }
    }
}

/// The seed's predicates for a board after guessing `last`: a positive predicate for each
/// revealed cell and the negative predicate "not `last`" for each unknown one, e.g.
/// `(¬4 ∧ ¬4 ∧ 17 ∧ ¬4 ∧ ¬4)` for `__R__` after `E`. Applied to words already filtered on
/// every earlier guess, they keep exactly the words consistent with the game.
pub fn board_predicates(state: &GameState, last: Letter) -> Vec<Predicate> {
    let not_last = Predicate::Not(last.index() as u8);
    state
        .board()
        .cells()
        .iter()
        .map(|cell| cell.map_or(not_last, |l| Predicate::Is(l.index() as u8)))
        .collect()
}

/// Whether an encoded word passes every predicate (and has their number of letters).
pub(crate) fn matches(predicates: &[Predicate], codes: &[u8]) -> bool {
    predicates.len() == codes.len() && predicates.iter().zip(codes).all(|(p, &c)| p.test(c))
}

/// The encoded words of one length, back to back, in dictionary order.
#[derive(Debug)]
pub(crate) struct Encoded {
    length: usize,
    codes: Vec<u8>,
}

impl Encoded {
    fn new(bucket: &Bucket) -> Encoded {
        let mut codes = Vec::with_capacity(bucket.len() * bucket.length());
        for i in 0..bucket.len() {
            codes.extend(encode(bucket.word(i)).expect("lexicon words are lower-case a-z"));
        }
        Encoded {
            length: bucket.length(),
            codes,
        }
    }

    fn len(&self) -> usize {
        self.codes.len().checked_div(self.length).unwrap_or(0)
    }

    fn word(&self, i: u32) -> &[u8] {
        let start = i as usize * self.length;
        &self.codes[start..start + self.length]
    }

    fn letters(&self, i: u32) -> LetterSet {
        LetterSet::from_bits(self.word(i).iter().fold(0, |m, &c| m | 1 << c))
    }
}

/// One game's words for the predicate strategy.
pub(crate) struct PredicateStore<'a> {
    words: &'a Encoded,
    candidates: Candidates,
    sampling: Sampling,
    scratch: Vec<u32>,
}

impl Store for PredicateStore<'_> {
    fn len(&self) -> usize {
        self.candidates.len()
    }

    fn filter(&mut self, state: &GameState, last: Letter) {
        let predicates = board_predicates(state, last);
        let words = self.words;
        self.candidates
            .retain(|c| matches(&predicates, words.word(c)));
    }

    fn remove_word(&mut self, word: &[u8]) {
        let Some(codes) = encode(word) else { return };
        let words = self.words;
        self.candidates
            .retain(|c| words.word(c) != codes.as_slice());
    }

    fn count(&mut self, rng: &mut Pcg64) -> Counts {
        self.candidates.copy_to(&mut self.scratch);
        let words = self.words;
        self.sampling
            .count(&mut self.scratch, rng, |c| words.letters(c))
    }

    fn words(&self) -> Vec<String> {
        self.candidates
            .iter()
            .map(|c| decode(self.words.word(c)).expect("encoded words decode"))
            .collect()
    }
}

/// The seed's predicate strategy (registry entry `predicate`): the frequency
/// arch-strategy over per-length lists of integer-encoded words ([`encode`]) filtered with
/// positive and negative position predicates ([`board_predicates`]).
///
/// Letters are counted with the seed's sampling count ([`Sampling`], one per distinct
/// letter of each sampled word): the notebook's predicate strategy is its "sampling
/// strategy" on integer strings (`make-sampling-predicate-strategy` run with
/// `sampling-count-letters`), so, like `sampling-regex`, its games depend on the seed.
/// Opening counts are sampled per game from the game's RNG (as in
/// [`SamplingRegex`](super::SamplingRegex)).
///
/// Parameters: the sampling ones, `delta-percentage-tolerance=1e-5`,
/// `sampling-frequency=100`, `ratio-to-n-of-minimum-iterations=100`,
/// `delta=signed|absolute` ([`Sampling`]), and `word=first|random|ranked` (default
/// `random`, as the seed; see [`WordChoice`]).
pub(crate) struct PredicateStrategy;

impl SubStrategy for PredicateStrategy {
    const NAME: &'static str = "predicate";
    const WORD: WordChoice = WordChoice::Random;
    const SAMPLED: bool = true;
    type Words = Encoded;
    type Store<'a> = PredicateStore<'a>;

    fn words(bucket: &Bucket) -> Encoded {
        Encoded::new(bucket)
    }

    fn start<'a>(
        words: &'a Encoded,
        _bucket: &'a Bucket,
        sampling: Sampling,
        rng: &mut Pcg64,
    ) -> (PredicateStore<'a>, Counts) {
        let mut store = PredicateStore {
            words,
            candidates: Candidates::all(words.len()),
            sampling,
            scratch: Vec::new(),
        };
        let counts = store.count(rng);
        (store, counts)
    }
}

#[cfg(test)]
mod tests {
    use lexicon::Lexicon;

    use super::*;
    use crate::candidates;
    use crate::game::{Game, Guess};
    use crate::referee::Fair;

    #[test]
    fn encoding_round_trips_and_matches_the_paper() {
        assert_eq!(encode(b"aargh").unwrap(), vec![0, 0, 17, 6, 7]);
        assert_eq!(encode(b"zymosis").unwrap(), vec![25, 24, 12, 14, 18, 8, 18]);
        for word in Lexicon::embedded().words().step_by(97) {
            let codes = encode(word.as_bytes()).unwrap();
            assert_eq!(decode(&codes).as_deref(), Some(word));
        }
        assert_eq!(encode(b"Ab"), None);
        assert_eq!(decode(&[26]), None);
    }

    #[test]
    fn predicates_filter_incrementally_to_the_consistent_words() {
        let lexicon = Lexicon::embedded();
        let bucket = lexicon.bucket(6);
        let encoded = Encoded::new(bucket);
        for secret in ["banana", "zigzag", "cheese", "rhythm"] {
            let Some(_) = bucket.find(secret.as_bytes()) else {
                continue;
            };
            let mut game = Game::new(Fair::new(secret).unwrap(), 25);
            let mut kept: Vec<u32> = (0..encoded.len() as u32).collect();
            for g in "eaonhtzy".bytes() {
                let letter = Letter::from_ascii(g).unwrap();
                game.guess(&Guess::Letter(letter)).unwrap();
                let predicates = board_predicates(game.state(), letter);
                kept.retain(|&c| matches(&predicates, encoded.word(c)));
                assert_eq!(kept, candidates::consistent(bucket, game.state()));
                if game.state().status() != crate::game::Status::KeepGuessing {
                    break;
                }
            }
        }
    }
}
