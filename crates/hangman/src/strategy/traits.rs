//! The two traits every strategy implements: [`Strategy`], prepared once and shared, and the
//! per-game [`Player`] it creates.

use crate::game::{GameState, Guess, Outcome};
use crate::result::GameResult;

/// A way of playing hangman, prepared for one lexicon and one maximum of wrong guesses.
///
/// # Examples
///
/// Build `greedy` from the registry, play one game with a fresh player, then every word of
/// a length at once with its tree evaluator:
///
/// ```
/// use std::sync::Arc;
///
/// use hangman::eval::{self, RunOptions};
/// use hangman::strategy::{self, Settings};
/// use lexicon::Lexicon;
///
/// let lexicon = Arc::new(Lexicon::from_words(["bat", "cat", "hat", "mat", "dog"])?);
/// let greedy = strategy::find("greedy")?.build(lexicon.clone(), &Settings::default())?;
/// let options = RunOptions { seed: 1, record: true };
/// let game = eval::play_word(greedy.as_ref(), "mat", &options)?;
/// assert!(game.won);
/// println!("{}", game.transcript.join("\n")); // e.g. "a -> -A-; score=1; status=KEEP_GUESSING"
///
/// // The tree evaluator plays every word of a length exactly as its games do.
/// let all = greedy.evaluate_length(3).expect("greedy evaluates as a tree");
/// assert_eq!(all.len(), 5);
/// for result in &all {
///     let replayed = eval::play_word(greedy.as_ref(), &result.word, &options)?;
///     assert_eq!((result.score, result.won), (replayed.score, replayed.won));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Strategy: Send + Sync {
    /// The registry name.
    fn name(&self) -> &str;

    /// The maximum of wrong guesses the strategy was prepared for ([`Settings::max_wrong`](
    /// super::Settings::max_wrong)): its games are played, and its tree evaluated, with it.
    fn max_wrong(&self) -> u32;

    /// Does one-time work for games of these lengths ahead of time (e.g. opening books), so
    /// it is measured as setup rather than as game time. Optional.
    fn prepare(&self, _lengths: &[usize]) {}

    /// Like [`Strategy::prepare`] for a run of `games` (length, number of games): a strategy
    /// may skip work that pays only over many games (an opening book slow to build, when
    /// a run plays a few words). By default, prepares every length.
    fn prepare_games(&self, games: &[(usize, usize)]) {
        let lengths: Vec<usize> = games.iter().map(|&(length, _)| length).collect();
        self.prepare(&lengths);
    }

    /// A player for one game of a word of `length` letters. `seed` feeds any randomness the
    /// strategy uses, so a game replays exactly.
    fn player(&self, length: usize, seed: u64) -> Box<dyn Player + '_>;

    /// Plays every word of `length` in the lexicon at once, exactly as replaying each game
    /// with [`Strategy::player`] would, by walking the strategy's decision tree (all words
    /// that reach the same state go down together). Results are in bucket order, with
    /// `micros` the amortized time per word. `None` when the strategy cannot (it samples, or
    /// has no tree evaluator); callers then replay the games.
    fn evaluate_length(&self, _length: usize) -> Option<Vec<GameResult>> {
        None
    }

    /// The sum of the final scores of the secrets `cands` (indices into the bucket of
    /// `length`, bucket order, each consistent with `position`) played on from `position`,
    /// exactly as replaying each game with [`Strategy::player`] would score them, by walking
    /// the decision tree once. `None` when the strategy cannot (it samples, has no tree
    /// evaluator, or breaks the rules); callers then replay the games.
    fn total_score_from(
        &self,
        _length: usize,
        _cands: Vec<u32>,
        _position: crate::game::Position,
    ) -> Option<u64> {
        None
    }

    /// Writes what the strategy caches on disk between runs (see
    /// [`Settings::cache_dir`](super::Settings::cache_dir)), for the lengths it has played;
    /// returns how many files it wrote. Strategies that cache nothing write nothing.
    ///
    /// # Errors
    ///
    /// When a cache file cannot be written (the run's results are unaffected).
    fn save_cache(&self) -> std::io::Result<usize> {
        Ok(0)
    }

    /// The most work, in candidates × open letters × lives left, a hint may spend playing
    /// this strategy out for its expected scores ([`advise`](crate::suggest::advise)), or
    /// `None` where playing out is cheap at any size (the default). `best` bounds it: its
    /// play-out searches every state a letter leads to.
    fn play_out_budget(&self) -> Option<usize> {
        None
    }
}

/// One game's guesser.
pub trait Player {
    /// The next guess. It must not repeat an earlier guess.
    fn choose(&mut self, state: &GameState) -> Guess;

    /// Learns how `guess` landed.
    fn learn(&mut self, guess: &Guess, outcome: Outcome);

    /// Why the player would choose its next guess at `state`, in a line (e.g. the expected
    /// score of its best alternatives), or `None` if it cannot say. Asked before
    /// [`Player::choose`] when a game is recorded; it must not change the guess.
    fn explain(&self, _state: &GameState) -> Option<String> {
        None
    }
}
