//! Playing games: the one game loop that scoring, benchmarking and playing share, and runs
//! of it over many words (in parallel, deterministic for any thread count).

pub mod holdout;

use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::game::{Game, GameError, GameState, Guess, Outcome, Status};
use crate::referee::{Fair, Referee, SecretError};
use crate::result::GameResult;
use crate::strategy::traits::{Player, Strategy};

/// Why a game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The word is not playable.
    #[error(transparent)]
    Secret(#[from] SecretError),
    /// The game loop failed (e.g. a player repeated a guess); the source says how.
    #[error("game of {word:?}")]
    Game {
        /// The word.
        word: String,
        /// What went wrong.
        source: GameError,
    },
}

/// Plays `game` to the end with `player`, calling `observe` after every guess. A player that
/// repeats a guess is an error, since the rules would let it loop forever.
///
/// # Errors
///
/// [`GameError::RepeatedGuess`] if the player repeats a guess; any other [`GameError`] of
/// [`Game::guess`] (e.g. a referee whose answer does not fit the board).
pub fn play<R: Referee>(
    game: &mut Game<R>,
    player: &mut dyn Player,
    mut observe: impl FnMut(&Guess, Outcome, &GameState),
) -> Result<(), GameError> {
    while game.state().status() == Status::KeepGuessing {
        let guess = player.choose(game.state());
        let outcome = game.guess(&guess)?;
        if outcome == Outcome::Repeated {
            return Err(GameError::RepeatedGuess(guess.to_string()));
        }
        player.learn(&guess, outcome);
        observe(&guess, outcome, game.state());
    }
    Ok(())
}

/// The per-game seed of `word` in a run seeded with `seed`: a game's randomness depends on
/// the word and the run's seed only, never on which thread plays it or in what order.
pub fn game_seed(seed: u64, word: &str) -> u64 {
    // FNV-1a over the word, then a SplitMix64 finalizer mixing in the run seed.
    use lexicon::hash::{GOLDEN_GAMMA, fnv1a, mix64};
    mix64(fnv1a(word.bytes()) ^ seed.wrapping_mul(GOLDEN_GAMMA))
}

/// How to play a run of games.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// The run's seed (see [`game_seed`]).
    pub seed: u64,
    /// Keep the display after every guess in [`GameResult::transcript`].
    pub record: bool,
}

/// Plays one fair game of `word` with a fresh player of `strategy`.
///
/// # Errors
///
/// [`EvalError::Secret`] if `word` is not a word of letters a–z of at most
/// [`lexicon::MAX_WORD_LEN`] letters; [`EvalError::Game`] if the player breaks the rules.
pub fn play_word(
    strategy: &dyn Strategy,
    word: &str,
    options: &RunOptions,
) -> Result<GameResult, EvalError> {
    play_refereed(strategy, Fair::new(word)?, word, options)
}

/// Plays one game against `referee` with a fresh player of `strategy`; `word` names the
/// game (its seed, and the word in errors). The result's word is the referee's word at the
/// end (for a cheating referee, a word of its final family).
///
/// # Errors
///
/// [`EvalError::Game`] if the game loop fails (see [`play`]).
pub fn play_refereed<R: Referee>(
    strategy: &dyn Strategy,
    referee: R,
    word: &str,
    options: &RunOptions,
) -> Result<GameResult, EvalError> {
    let start = Instant::now();
    let mut player = strategy.player(referee.length(), game_seed(options.seed, word));
    let mut game = Game::new(referee, strategy.max_wrong());
    let mut transcript = Vec::new();
    let mut guesses = 0;
    let mut explained = Explained {
        inner: player.as_mut(),
        notes: Vec::new(),
        asked: options.record,
    };
    play(&mut game, &mut explained, |guess, _, state| {
        guesses += 1;
        if options.record {
            transcript.push(format!("{guess} -> {state}"));
        }
    })
    .map_err(|source| EvalError::Game {
        word: word.to_string(),
        source,
    })?;
    for (line, note) in transcript.iter_mut().zip(explained.notes) {
        if let Some(note) = note {
            line.push_str(&format!("  (why: {note})"));
        }
    }
    let micros = start.elapsed().as_secs_f64() * 1e6;
    let state = game.state();
    Ok(GameResult {
        word: game.referee().word(),
        score: state.score(),
        won: state.status() == Status::GameWon,
        wrong_guesses: state.wrong_guesses(),
        guesses,
        micros,
        transcript,
    })
}

/// A player whose every choice is explained first (see [`Player::explain`]) when `asked`.
struct Explained<'p> {
    inner: &'p mut dyn Player,
    /// One note per guess chosen, in order.
    notes: Vec<Option<String>>,
    asked: bool,
}

impl Player for Explained<'_> {
    fn choose(&mut self, state: &GameState) -> Guess {
        if self.asked {
            self.notes.push(self.inner.explain(state));
        }
        self.inner.choose(state)
    }

    fn learn(&mut self, guess: &Guess, outcome: Outcome) {
        self.inner.learn(guess, outcome);
    }
}

/// Plays every word in parallel (on the current rayon pool), calling `tick` after each game.
/// Results are in the order of `words` and identical for any number of threads.
///
/// # Errors
///
/// The first [`EvalError`] of a game, in the order of `words`.
pub fn play_words(
    strategy: &dyn Strategy,
    words: &[String],
    options: &RunOptions,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, EvalError> {
    each_word(words, tick, |word| play_word(strategy, word, options))
}

/// Runs `game` for every word in parallel, in order, ticking after each.
fn each_word(
    words: &[String],
    tick: &(dyn Fn() + Sync),
    game: impl Fn(&str) -> Result<GameResult, EvalError> + Sync,
) -> Result<Vec<GameResult>, EvalError> {
    words
        .par_iter()
        .map(|word| {
            let result = game(word);
            tick();
            result
        })
        .collect()
}

/// Like [`play_words`] with the referee of `kind` for every game (see
/// [`crate::referee::build`]: a cheating referee uses only each word's length).
///
/// # Errors
///
/// The first [`EvalError`] of a game, in the order of `words`: a word a referee of `kind`
/// cannot play, or a game the player breaks.
pub fn play_words_refereed(
    strategy: &dyn Strategy,
    kind: crate::referee::RefereeKind,
    lexicon: &std::sync::Arc<lexicon::Lexicon>,
    words: &[String],
    options: &RunOptions,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, EvalError> {
    each_word(words, tick, |word| {
        let referee = crate::referee::build(kind, lexicon, word)?;
        play_refereed(strategy, referee, word, options)
    })
}

/// Prepares `strategy` for the lengths of `words` and returns the time it took (the
/// strategy's one-time setup, reported apart from game time).
pub fn prepare(strategy: &dyn Strategy, words: &[String]) -> Duration {
    let mut lengths: Vec<usize> = words.iter().map(String::len).collect();
    lengths.sort_unstable();
    let mut games: Vec<(usize, usize)> = Vec::new();
    for length in lengths {
        match games.last_mut() {
            Some((l, count)) if *l == length => *count += 1,
            _ => games.push((length, 1)),
        }
    }
    let start = Instant::now();
    strategy.prepare_games(&games);
    start.elapsed()
}

/// Evaluates `lengths` of a strategy's lexicon in parallel (rayon), each with
/// [`Strategy::evaluate_length`]; `None` if the strategy
/// has no tree evaluator. Results are grouped by length in the order given.
pub fn evaluate_lengths(strategy: &dyn Strategy, lengths: &[usize]) -> Option<Vec<GameResult>> {
    let parts: Vec<Option<Vec<GameResult>>> = lengths
        .par_iter()
        .map(|&length| strategy.evaluate_length(length))
        .collect();
    let mut all = Vec::new();
    for part in parts {
        all.extend(part?);
    }
    Some(all)
}

/// A tree evaluator that did not return one result per word of its length, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the tree evaluator did not return one result per word of length {length}")]
pub struct TreeMismatch {
    /// The length whose results were wrong.
    pub length: usize,
}

/// Every word of `lexicon`, in its order (by length, then alphabetically), by the
/// strategy's tree evaluator ([`Strategy::evaluate_length`]), lengths in parallel, calling
/// `tick` with each length's number of words as it is done. `None` if the strategy has no
/// evaluator (the first length is probed alone, so that costs nothing more): replay the
/// games then. This is the one whole-dictionary path of the scorer (`hangman --all`) and
/// the bench.
///
/// # Errors
///
/// [`TreeMismatch`] if an evaluator does not return one result per word, in order.
pub fn evaluate_all(
    strategy: &dyn Strategy,
    lexicon: &lexicon::Lexicon,
    tick: &(dyn Fn(usize) + Sync),
) -> Option<Result<Vec<GameResult>, TreeMismatch>> {
    let lengths: Vec<usize> = lexicon.lengths().collect();
    let length = |length: usize| {
        let results = strategy.evaluate_length(length)?;
        let bucket = lexicon.bucket(length);
        tick(bucket.len());
        let in_order = results.len() == bucket.len()
            && results.iter().zip(bucket.words()).all(|(r, w)| r.word == w);
        Some(if in_order {
            Ok(results)
        } else {
            Err(TreeMismatch { length })
        })
    };
    let Some((&first, rest)) = lengths.split_first() else {
        return Some(Ok(Vec::new()));
    };
    let first = length(first)?;
    let rest: Option<Vec<Result<Vec<GameResult>, TreeMismatch>>> =
        rest.par_iter().map(|&l| length(l)).collect();
    let parts = std::iter::once(first).chain(rest?);
    Some(
        parts
            .collect::<Result<Vec<_>, _>>()
            .map(|p| p.into_iter().flatten().collect()),
    )
}

#[cfg(test)]
mod tests;
