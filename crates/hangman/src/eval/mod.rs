//! Playing games and summarizing them: the one game loop that scoring, benchmarking and
//! playing share, and the plain result structs every output format reads.

pub mod holdout;
pub mod tree;

use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::game::{Game, GameError, GameState, Guess, Outcome};
use crate::referee::{Fair, Referee, SecretError};
use crate::strategy::{Player, Strategy};

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The word (lower case).
    pub word: String,
    /// The challenge score (25 if lost).
    pub score: u32,
    /// Whether the game was won.
    pub won: bool,
    /// Wrong guesses (letters and words).
    pub wrong_guesses: u32,
    /// Guesses made, the winning word guess included.
    pub guesses: u32,
    /// Time spent in the game, in microseconds.
    pub micros: f64,
    /// The display after each guess, when asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub transcript: Vec<String>,
}

/// Why a game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The word is not playable.
    #[error(transparent)]
    Secret(#[from] SecretError),
    /// The game loop failed (e.g. a player repeated a guess).
    #[error("game of {word:?}: {source}")]
    Game {
        /// The word.
        word: String,
        /// What went wrong.
        source: GameError,
    },
}

/// Plays `game` to the end with `player`, calling `observe` after every guess. A player that
/// repeats a guess is an error, since the rules would let it loop forever.
pub fn play<R: Referee>(
    game: &mut Game<R>,
    player: &mut dyn Player,
    mut observe: impl FnMut(&Guess, Outcome, &GameState),
) -> Result<(), GameError> {
    while game.state().status() == crate::Status::KeepGuessing {
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
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in word.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let mut z = h ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How to play a run of games.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// The game's maximum of wrong guesses.
    pub max_wrong: u32,
    /// The run's seed (see [`game_seed`]).
    pub seed: u64,
    /// Keep the display after every guess in [`GameResult::transcript`].
    pub record: bool,
}

/// Plays one fair game of `word` with a fresh player of `strategy`.
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
pub fn play_refereed<R: Referee>(
    strategy: &dyn Strategy,
    referee: R,
    word: &str,
    options: &RunOptions,
) -> Result<GameResult, EvalError> {
    let start = Instant::now();
    let mut player = strategy.player(referee.length(), game_seed(options.seed, word));
    let mut game = Game::new(referee, options.max_wrong);
    let mut transcript = Vec::new();
    let mut guesses = 0;
    play(&mut game, player.as_mut(), |guess, _, state| {
        guesses += 1;
        if options.record {
            transcript.push(format!("{guess} -> {state}"));
        }
    })
    .map_err(|source| EvalError::Game {
        word: word.to_string(),
        source,
    })?;
    let micros = start.elapsed().as_secs_f64() * 1e6;
    let state = game.state();
    Ok(GameResult {
        word: game.referee().word(),
        score: state.score(),
        won: state.status() == crate::Status::GameWon,
        wrong_guesses: state.wrong_guesses(),
        guesses,
        micros,
        transcript,
    })
}

/// Plays every word in parallel (on the current rayon pool), calling `tick` after each game.
/// Results are in the order of `words` and identical for any number of threads.
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
    lengths.dedup();
    let start = Instant::now();
    strategy.prepare(&lengths);
    start.elapsed()
}

/// Totals of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunSummary {
    /// Games played.
    pub games: usize,
    /// Sum of scores.
    pub total_score: u64,
    /// Mean score.
    pub average_score: f64,
    /// Games lost.
    pub losses: usize,
    /// Losses as a percentage of games.
    pub loss_percent: f64,
    /// Mean time per game, µs (each game timed on its own thread).
    pub mean_micros: f64,
    /// Median time per game, µs.
    pub median_micros: f64,
    /// 99th percentile of time per game, µs.
    pub p99_micros: f64,
    /// One-time setup, ms (lexicon excluded).
    pub setup_ms: f64,
    /// Wall time of all games, ms.
    pub wall_ms: f64,
}

impl RunSummary {
    /// Summarizes results; `setup` and `wall` are measured by the caller.
    pub fn new(results: &[GameResult], setup: Duration, wall: Duration) -> RunSummary {
        let games = results.len();
        let total_score: u64 = results.iter().map(|r| u64::from(r.score)).sum();
        let losses = results.iter().filter(|r| !r.won).count();
        let mut times: Vec<f64> = results.iter().map(|r| r.micros).collect();
        times.sort_by(f64::total_cmp);
        let per_game = |x: f64| if games == 0 { 0.0 } else { x / games as f64 };
        RunSummary {
            games,
            total_score,
            average_score: per_game(total_score as f64),
            losses,
            loss_percent: per_game(100.0 * losses as f64),
            mean_micros: per_game(times.iter().sum()),
            median_micros: percentile(&times, 0.5),
            p99_micros: percentile(&times, 0.99),
            setup_ms: setup.as_secs_f64() * 1e3,
            wall_ms: wall.as_secs_f64() * 1e3,
        }
    }
}

/// The nearest-rank percentile of sorted values (0 for none).
fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests;
