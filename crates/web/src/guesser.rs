//! The computer's guesser in the reversed role: `mixed`, the one guesser for real games
//! (as `best` while words of the list fit, the letter model once the player's word may not
//! be one of them), built once per number of lives around one letter model trained once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use hangman::strategy::letter_model::{LetterModel, Weights};
use hangman::{Guess, Outcome, Strategy};
use lexicon::Lexicon;

use crate::error::ApiError;
use crate::games::LockIgnoringPoison;

/// The strategy that guesses the player's word: the registry's `mixed` with its defaults,
/// the guesser `hangman play --guesser mixed` plays in the terminal.
pub(crate) const GUESSER: &str = "mixed";

/// `mixed` for the embedded list, per maximum of wrong guesses, built on first use.
pub(crate) struct Guesser {
    lexicon: Arc<Lexicon>,
    /// Trained once (about half a second on the embedded list) and shared by every build.
    model: OnceLock<Arc<LetterModel>>,
    /// Per maximum of wrong guesses: its decisions are for that many (the shipped tables
    /// that make it answer at once are for 5, six lives), and it remembers what it
    /// searched, so each is kept.
    built: Mutex<HashMap<u32, Arc<dyn Strategy>>>,
}

impl Guesser {
    /// A guesser for `lexicon`; nothing is trained or built yet.
    pub(crate) fn new(lexicon: Arc<Lexicon>) -> Guesser {
        Guesser {
            lexicon,
            model: OnceLock::new(),
            built: Mutex::new(HashMap::new()),
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
            .entry(max_wrong)
            .or_insert(strategy)
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
