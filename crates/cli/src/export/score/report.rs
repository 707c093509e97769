//! What a scoring run produced, as every format of the scorer reads it.

use hangman::result::{GameResult, RunSummary};
use serde::Serialize;

/// Everything a scoring run produced.
#[derive(Debug, Serialize)]
pub(crate) struct ScoreReport {
    /// Strategy name.
    pub strategy: String,
    /// Dictionary path, or `embedded`.
    pub dictionary: String,
    /// Dictionary size.
    pub dictionary_words: usize,
    /// Maximum wrong guesses.
    pub max_wrong: u32,
    /// Run seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Dictionary load time, ms.
    pub load_ms: f64,
    /// One result per game, in the order the words were given.
    pub games: Vec<GameResult>,
    /// Totals.
    pub summary: RunSummary,
    /// Test words not in the dictionary that were not played.
    pub not_played: Vec<String>,
}
