//! The seed's deterministic regex strategy (`deterministic-regex`, the seed tool's default).

use lexicon::{Bucket, Letter, LetterSet};
use rand_pcg::Pcg64;
use regex::bytes::Regex;

use super::frequency::{self, Candidates, Counts, Sampling, Store, SubStrategy, WordChoice};
use crate::game::GameState;

/// The regular expression matching exactly the lower-case words that fit `cells`: a
/// revealed cell must hold its letter, an unknown cell any letter not in `excluded`, e.g.
/// `^[^er]a[^er]$` for `-A-` after guessing `a`, `e` and `r`.
///
/// The seed builds `^[^E][^E]R[^E][^E]$` from the board `__R__` and *the last guess* `E`,
/// which filters exactly as well on a list already filtered on every earlier guess; we
/// exclude every guessed letter (the board's letters and the wrong ones), so the regex of
/// a state describes that state alone (and is unit-tested against
/// [`candidates::consistent`](crate::candidates::consistent)).
pub fn board_regex(cells: &[Option<Letter>], excluded: LetterSet) -> Regex {
    // Words hold only the letters a-z, so a negated class is as exact as a positive one.
    let unknown = if excluded.is_empty() {
        "[a-z]".to_string()
    } else {
        let letters: String = excluded.iter().map(|l| l.lower() as char).collect();
        format!("[^{letters}]")
    };
    let mut pattern = String::from("(?-u)^");
    for cell in cells {
        match cell {
            Some(l) => pattern.push(l.lower() as char),
            None => pattern.push_str(&unknown),
        }
    }
    pattern.push('$');
    Regex::new(&pattern).expect("a board regex is valid")
}

/// How a regex store counts letters.
#[derive(Clone, Debug)]
pub(crate) enum Counting {
    /// Every occurrence of every word ([`frequency::count_occurrences`]).
    Occurrences,
    /// The seed's sample, with a scratch list for the shuffle.
    Sampled(Sampling, Vec<u32>),
}

/// One game's words for the regex strategies: indices into the bucket (the seed keeps a list
/// of strings per length and filters it with a regex).
pub(crate) struct RegexStore<'a> {
    pub(super) bucket: &'a Bucket,
    pub(super) candidates: Candidates,
    pub(super) counting: Counting,
}

impl Store for RegexStore<'_> {
    fn len(&self) -> usize {
        self.candidates.len()
    }

    fn filter(&mut self, state: &GameState, _last: Letter) {
        let regex = board_regex(state.board().cells(), state.guessed_letters());
        let bucket = self.bucket;
        self.candidates
            .retain(|c| regex.is_match(bucket.word(c as usize)));
    }

    fn remove_word(&mut self, word: &[u8]) {
        let bucket = self.bucket;
        self.candidates.retain(|c| bucket.word(c as usize) != word);
    }

    fn count(&mut self, rng: &mut Pcg64) -> Counts {
        let bucket = self.bucket;
        match &mut self.counting {
            Counting::Occurrences => frequency::count_occurrences(
                self.candidates.iter().map(|c| bucket.word(c as usize)),
            ),
            Counting::Sampled(sampling, scratch) => {
                self.candidates.copy_to(scratch);
                sampling.count(scratch, rng, |c| bucket.letters(c as usize))
            }
        }
    }

    fn words(&self) -> Vec<String> {
        frequency::bucket_words(self.bucket, &self.candidates)
    }
}

/// The seed's deterministic regex strategy: the frequency arch-strategy over a per-length
/// list of words filtered with a regular expression of the board ([`board_regex`]), letters
/// counted over **all** remaining words, **every occurrence** counted (the seed's
/// `deterministic-count-letters`, from which `distinct` was removed). The counts of each
/// full length are computed once (the strategy's one-time setup), as the seed does at
/// start-up.
///
/// Parameters:
/// - `word=first|random|ranked` (default `first`): which remaining word to guess, see
///   [`WordChoice`]; `random` makes games depend on the seed.
pub(crate) struct DeterministicRegex;

impl SubStrategy for DeterministicRegex {
    const NAME: &'static str = "deterministic-regex";
    const WORD: WordChoice = WordChoice::First;
    const SAMPLED: bool = false;
    /// The opening counts of the length.
    type Words = Counts;
    type Store<'a> = RegexStore<'a>;

    fn words(bucket: &Bucket) -> Counts {
        frequency::count_occurrences((0..bucket.len()).map(|i| bucket.word(i)))
    }

    fn start<'a>(
        opening: &'a Counts,
        bucket: &'a Bucket,
        _sampling: Sampling,
        _rng: &mut Pcg64,
    ) -> (RegexStore<'a>, Counts) {
        let store = RegexStore {
            bucket,
            candidates: Candidates::all(bucket.len()),
            counting: Counting::Occurrences,
        };
        (store, *opening)
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
    fn board_regex_matches_exactly_the_consistent_words() {
        let lexicon = Lexicon::embedded();
        let bucket = lexicon.bucket(5);
        // Play a few guesses against several secrets and compare after each one.
        for secret in ["crane", "fuzzy", "aargh", "queue", "ninja"] {
            if bucket.find(secret.as_bytes()).is_none() {
                continue;
            }
            let mut game = Game::new(Fair::new(secret).unwrap(), 25);
            for g in "eatrsnuzq".bytes() {
                game.guess(&Guess::Letter(Letter::from_ascii(g).unwrap()))
                    .unwrap();
                let state = game.state();
                if state.status() != crate::game::Status::KeepGuessing {
                    break;
                }
                let regex = board_regex(state.board().cells(), state.guessed_letters());
                let by_regex: Vec<u32> = (0..bucket.len() as u32)
                    .filter(|&c| regex.is_match(bucket.word(c as usize)))
                    .collect();
                assert_eq!(by_regex, candidates::consistent(bucket, state), "{state}");
                assert!(by_regex.contains(&(bucket.find(secret.as_bytes()).unwrap() as u32)));
            }
        }
    }

    #[test]
    fn board_regex_shape() {
        let l = |c| Letter::from_ascii(c).unwrap();
        let cells = [None, Some(l(b'r')), None];
        let excluded = LetterSet::of_word(b"abcdefghijklmnopqstuvwxyz"); // all but r
        let re = board_regex(&cells, excluded);
        assert!(re.is_match(b"rrr"));
        assert!(!re.is_match(b"ara"));
        assert!(!re.is_match(b"rrrr"));
        let none = board_regex(&[None], LetterSet::FULL);
        assert!(!none.is_match(b"a"));
        let any = board_regex(&[None, None], LetterSet::EMPTY);
        assert!(any.is_match(b"zz") && !any.is_match(b"z"));
    }
}
