//! The computer's guesser in the reversed role: `player`, the registry's guesser for words
//! people think of (familiarity-weighted words of the list, of the frequency source and the
//! words players taught it; the letter model once the player's word is none of them), built
//! once per number of lives around one pool of words and one letter model trained once.
//!
//! The word a reversed game ends on, named by the player once the computer lost or spelled
//! by their answers on a filled board, is learned when `player` says so ([`Pool::to_learn`]:
//! it fits their answers and is not a word it knows): kept in the scores store, which the
//! terminal shares, and known from the next game on ([`Guesser::reveal`]).

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock};

use hangman::referee::{Revealed, SecretError, Told};
use hangman::strategy::letter_model::{LetterModel, Weights};
use hangman::strategy::{Familiar, PlayerOptions, Pool};
use hangman::{Guess, Outcome, Strategy};
use lexicon::Lexicon;
use lru::LruCache;
use wordplay_scores::Store;

use crate::error::ApiError;
use crate::games::LockIgnoringPoison;

/// The strategy that guesses the player's word: the registry's `player` with its defaults,
/// the guesser `hangman play --guesser` plays in the terminal.
pub(crate) const GUESSER: &str = "player";

/// How many numbers of lives keep their `player` at once. Building one is quick (the pool
/// and the model are shared; its weights take a few milliseconds); a client trying every
/// number of lives does not grow the server without bound.
const KEPT: NonZeroUsize = NonZeroUsize::new(3).expect("3 > 0");

/// `player` for the embedded list, per maximum of wrong guesses, built on first use.
pub(crate) struct Guesser {
    lexicon: Arc<Lexicon>,
    /// Trained once (about half a second on the embedded list) and shared by every build.
    model: OnceLock<Arc<LetterModel>>,
    /// The words learned so far (from the store at start, then from the games).
    learned: Mutex<Vec<String>>,
    /// The words `player` knows, with the learned ones: built on first use (a quarter of a
    /// second) and again after a word is learned.
    pool: Mutex<Option<Arc<Pool>>>,
    /// Per maximum of wrong guesses: the [`KEPT`] last used.
    built: Mutex<LruCache<u32, Arc<dyn Strategy>>>,
}

impl Guesser {
    /// A guesser for `lexicon` that knows the `learned` words; nothing is built yet.
    pub(crate) fn new(lexicon: Arc<Lexicon>, learned: Vec<String>) -> Guesser {
        Guesser {
            lexicon,
            model: OnceLock::new(),
            learned: Mutex::new(learned),
            pool: Mutex::new(None),
            built: Mutex::new(LruCache::new(KEPT)),
        }
    }

    /// The words it knows (blocking on first use: call it off the async threads).
    pub(crate) fn pool(&self) -> Arc<Pool> {
        let mut pool = self.pool.lock_ignoring_poison();
        pool.get_or_insert_with(|| {
            Arc::new(Pool::new(
                &self.lexicon,
                &self.learned.lock_ignoring_poison(),
            ))
        })
        .clone()
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
        let strategy: Arc<dyn Strategy> = Arc::new(Familiar::new(
            self.pool(),
            self.lexicon.clone(),
            Some(model.clone()),
            PlayerOptions::default(),
            max_wrong,
        ));
        // Two first games at once may both build: the first kept wins, the same strategy.
        Ok(self
            .built
            .lock_ignoring_poison()
            .get_or_insert(max_wrong, || strategy)
            .clone())
    }

    /// The word a reversed game of `length` letters ended on (`word`: named by the player
    /// once the computer lost, or spelled by their answers on a filled board), checked
    /// against their answers (`history`) and the words it knows, and learned if
    /// [`Pool::to_learn`] says so (blocking: call it off the async threads).
    ///
    /// # Errors
    ///
    /// [`Told::reveal`]'s, for a word that is not one of `length` letters `a`–`z`.
    pub(crate) fn reveal(
        &self,
        store: &Store,
        length: usize,
        word: &str,
        history: &[(Guess, Outcome)],
    ) -> Result<Revealed, SecretError> {
        let revealed = Told::reveal(length, word, history, self.pool().words())?;
        self.learn(store, &revealed);
        Ok(revealed)
    }

    /// Learns `revealed` if [`Pool::to_learn`] says so: kept in `store` and known from the
    /// next game on. Returns whether it learned it.
    fn learn(&self, store: &Store, revealed: &Revealed) -> bool {
        let Some(word) = self.pool().to_learn(revealed) else {
            return false;
        };
        // A word the store will not keep (too long) is not learned either.
        let Ok(Some(word)) = store.learn_word(word) else {
            return false;
        };
        self.learned.lock_ignoring_poison().push(word);
        *self.pool.lock_ignoring_poison() = None;
        self.built.lock_ignoring_poison().clear();
        true
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
        let guesser = Guesser::new(lexicon, Vec::new());
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

    #[test]
    fn a_revealed_word_it_did_not_know_is_learned_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.sqlite3")).unwrap();
        let lexicon = Arc::new(Lexicon::from_words(["bat", "cat"]).unwrap());
        let guesser = Guesser::new(lexicon.clone(), Vec::new());
        let reveal = |word: &str| Revealed {
            word: word.to_string(),
            contradiction: None,
            known: false,
        };
        assert!(!guesser.pool().words().contains("qzxj"));
        let before = guesser.strategy(5).unwrap();
        assert!(guesser.learn(&store, &reveal("qzxj")));
        assert!(guesser.pool().words().contains("qzxj"));
        assert!(
            !Arc::ptr_eq(&before, &guesser.strategy(5).unwrap()),
            "rebuilt"
        );
        assert_eq!(store.learned_words().unwrap(), ["qzxj"]);
        // Known words (the list's, the source's, learned ones) are not learned again.
        assert!(!guesser.learn(&store, &reveal("qzxj")));
        assert!(!guesser.learn(&store, &reveal("house")));
        assert!(!guesser.learn(&store, &reveal("cat")));
        // A server started on the same store knows it.
        let again = Guesser::new(lexicon, store.learned_words().unwrap());
        assert!(again.pool().words().contains("qzxj"));
    }
}
