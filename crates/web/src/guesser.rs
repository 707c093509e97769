//! The computer's guesser in the reversed role: `mixed`, the one guesser for real games
//! (as `best` while words of the list fit, the letter model once the player's word may not
//! be one of them), built once per number of lives around one letter model trained once.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock};

use hangman::strategy::letter_model::{LetterModel, Weights};
use hangman::{Guess, Outcome, Strategy};
use lexicon::Lexicon;
use lru::LruCache;

use crate::error::ApiError;
use crate::games::LockIgnoringPoison;

/// The strategy that guesses the player's word: the registry's `mixed` with its defaults,
/// the guesser `hangman play --guesser mixed` plays in the terminal.
pub(crate) const GUESSER: &str = "mixed";

/// How many numbers of lives keep their `mixed` (and what it searched) at once. Building one
/// is quick (the model is shared); what it remembers grows with every search at lives
/// without shipped tables, so a client trying every number of lives does not grow the
/// server without bound.
const KEPT: NonZeroUsize = NonZeroUsize::new(3).expect("3 > 0");

/// `mixed` for the embedded list, per maximum of wrong guesses, built on first use.
pub(crate) struct Guesser {
    lexicon: Arc<Lexicon>,
    /// Trained once (about half a second on the embedded list) and shared by every build.
    model: OnceLock<Arc<LetterModel>>,
    /// Per maximum of wrong guesses: its decisions are for that many (the shipped tables
    /// that make it answer at once are for 5, six lives), and it remembers what it
    /// searched, so the [`KEPT`] last used are kept.
    built: Mutex<LruCache<u32, Arc<dyn Strategy>>>,
}

impl Guesser {
    /// A guesser for `lexicon`; nothing is trained or built yet.
    pub(crate) fn new(lexicon: Arc<Lexicon>) -> Guesser {
        Guesser {
            lexicon,
            model: OnceLock::new(),
            built: Mutex::new(LruCache::new(KEPT)),
        }
    }

    /// The strategy for games lost on wrong guess number `max_wrong + 1`, trained and
    /// built on first use (blocking: call it off the async threads).
    pub(crate) fn strategy(&self, max_wrong: u32) -> Result<Arc<dyn Strategy>, ApiError> {
        if let Some(s) = self.built.lock_ignoring_poison().get(&max_wrong) {
            return Ok(s.clone());
        }
        let model = self
            .model
            .get_or_init(|| Arc::new(LetterModel::train(self.lexicon.clone(), Weights::default())));
        let settings = hangman::Settings {
            max_wrong,
            seed: 0,
            params: Vec::new(),
            cache_dir: None,
        };
        let strategy: Arc<dyn Strategy> =
            hangman::strategy::build_with_model(GUESSER, self.lexicon.clone(), &settings, model)
                .map_err(|e| ApiError::internal(e.to_string()))?
                .into();
        // Two first games at once may both build: the first kept wins, the same strategy.
        Ok(self
            .built
            .lock_ignoring_poison()
            .get_or_insert(max_wrong, || strategy)
            .clone())
    }
}

/// The next guess of `strategy` for a game of a `length`-letter word: a fresh player told
/// every answer so far (the same moves for the same answers, whoever asks and when).
pub(crate) fn next_guess(
    strategy: &dyn Strategy,
    state: &hangman::GameState,
    history: &[(Guess, Outcome)],
) -> Guess {
    let mut player = strategy.player(state.length(), 0);
    for (guess, outcome) in history {
        player.learn(guess, *outcome);
    }
    player.choose(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_strategy_per_lives_is_kept_for_the_last_few_used() {
        let lexicon = Arc::new(Lexicon::from_words(["bat", "cat", "hat", "dog"]).unwrap());
        let guesser = Guesser::new(lexicon);
        let six = guesser.strategy(5).unwrap();
        assert!(Arc::ptr_eq(&six, &guesser.strategy(5).unwrap()));
        assert_eq!(six.name(), GUESSER);
        assert_eq!(six.max_wrong(), 5);
        for max_wrong in 0..KEPT.get() as u32 {
            assert_eq!(guesser.strategy(max_wrong).unwrap().max_wrong(), max_wrong);
        }
        assert_eq!(guesser.built.lock_ignoring_poison().len(), KEPT.get());
        assert!(!Arc::ptr_eq(&six, &guesser.strategy(5).unwrap()));
    }
}
