//! Strategies: who makes the guesses.
//!
//! A [`Strategy`] is prepared once from a lexicon (its one-time setup), is immutable, and is
//! shared across threads. For each game it creates a cheap [`Player`] that keeps that game's
//! private state (typically the remaining candidate words). Players see only the public
//! [`GameState`](crate::GameState) and the [`Outcome`] of their own guesses, never the secret.
//!
//! Strategies that decide from the candidate set alone implement the smaller [`Policy`]
//! trait and get a player, an opening book shared across games, and exact whole-dictionary
//! evaluation from [`PolicyStrategy`]. [`REGISTRY`] lists every strategy by name.

pub mod candidates;
mod entropy;
pub mod exact;
mod expand;
mod greedy;
mod lookahead;
mod params;
mod per_length;
mod policy;
pub mod seed;
pub mod split;
mod table;

use std::sync::Arc;

use lexicon::Lexicon;

use crate::game::{GameState, Guess, Outcome};

pub use entropy::Entropy;
pub use exact::Exact;
pub use greedy::Greedy;
pub use lookahead::Lookahead;
pub use params::Params;
pub use per_length::PerLength;
pub use policy::{Decision, Policy, PolicyPlayer, PolicyStrategy};

/// A way of playing hangman, prepared for one lexicon and one maximum of wrong guesses.
pub trait Strategy: Send + Sync {
    /// The registry name.
    fn name(&self) -> &str;

    /// Does one-time work for games of these lengths ahead of time (e.g. opening books), so
    /// it is measured as setup rather than as game time. Optional.
    fn prepare(&self, _lengths: &[usize]) {}

    /// A player for one game of a word of `length` letters. `seed` feeds any randomness the
    /// strategy uses, so a game replays exactly.
    fn player(&self, length: usize, seed: u64) -> Box<dyn Player + '_>;

    /// Plays every word of `length` in the lexicon at once, exactly as replaying each game
    /// with [`Strategy::player`] would, by walking the strategy's decision tree (all words
    /// that reach the same state go down together). Results are in bucket order, with
    /// `micros` the amortized time per word. `None` when the strategy cannot (it samples, or
    /// has no tree evaluator); callers then replay the games.
    fn evaluate_length(&self, _length: usize) -> Option<Vec<crate::eval::GameResult>> {
        None
    }
}

/// One game's guesser.
pub trait Player {
    /// The next guess. It must not repeat an earlier guess.
    fn choose(&mut self, state: &GameState) -> Guess;

    /// Learns how `guess` landed.
    fn learn(&mut self, guess: &Guess, outcome: Outcome);
}

/// What every strategy is built with.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The game's maximum of wrong guesses (a game is lost on one more).
    pub max_wrong: u32,
    /// Seed for strategies that sample.
    pub seed: u64,
    /// Strategy parameters as KEY=VALUE pairs; each strategy documents the keys it takes
    /// and rejects any other.
    pub params: Vec<(String, String)>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            max_wrong: 5,
            seed: 1,
            params: Vec::new(),
        }
    }
}

/// Why a strategy could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    /// No strategy has that name.
    #[error("unknown strategy {name:?}; known strategies: {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// The strategy exists but is not available yet.
    #[error("strategy {0:?} is not implemented yet")]
    NotImplemented(String),
    /// A setting is out of range for this strategy.
    #[error("strategy {name}: {message}")]
    BadSetting {
        /// The strategy.
        name: String,
        /// What is wrong.
        message: String,
    },
}

type Build = fn(Arc<Lexicon>, &Settings) -> Result<Box<dyn Strategy>, StrategyError>;

/// A registry entry: how to build a strategy by name.
pub struct StrategyInfo {
    /// The canonical name.
    pub name: &'static str,
    /// Other names that select it.
    pub aliases: &'static [&'static str],
    /// One line on what it does.
    pub summary: &'static str,
    /// Whether its games depend only on the word (no randomness), with default parameters.
    pub deterministic: bool,
    build: Build,
}

impl StrategyInfo {
    /// Builds the strategy for `lexicon` (one-time setup happens here or in
    /// [`Strategy::prepare`]).
    pub fn build(
        &self,
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        (self.build)(lexicon, settings)
    }
}

/// Every strategy, in the order `hangman list` shows them.
pub static REGISTRY: &[StrategyInfo] = &[
    StrategyInfo {
        name: "greedy",
        aliases: &[],
        summary: "the letter in the most candidates (only letters that split them); the word at <= 3 candidates [word_at=N]",
        deterministic: true,
        build: |lexicon, settings| {
            let policy = Greedy::from_settings("greedy", settings)?;
            Ok(Box::new(PolicyStrategy::new(
                "greedy", policy, lexicon, settings,
            )))
        },
    },
    StrategyInfo {
        name: "entropy",
        aliases: &[],
        summary: "the letter whose answer pattern has the most entropy, minus a miss penalty growing near the limit [word_at=N risk=X]",
        deterministic: true,
        build: |lexicon, settings| {
            let policy = Entropy::from_settings("entropy", settings)?;
            Ok(Box::new(PolicyStrategy::new(
                "entropy", policy, lexicon, settings,
            )))
        },
    },
    StrategyInfo {
        name: "lookahead",
        aliases: &["best"],
        summary: "minimize the expected final score: exact search on small candidate sets, lookahead over the best letters above [exact=N letters=N safe=N depth=1|2 base=entropy|greedy]",
        deterministic: true,
        build: |lexicon, settings| {
            let policy = Lookahead::from_settings("lookahead", &lexicon, settings)?;
            Ok(Box::new(PolicyStrategy::new(
                "lookahead",
                policy,
                lexicon,
                settings,
            )))
        },
    },
    StrategyInfo {
        name: "deterministic-regex",
        aliases: &[],
        summary: "seed: filter with a regex of the board, guess the letter with most occurrences",
        deterministic: true,
        build: seed::DeterministicRegex::build,
    },
    StrategyInfo {
        name: "sampling-regex",
        aliases: &[],
        summary: "seed: filter with a regex of the board, count letters on a random sample",
        deterministic: false,
        build: seed::SamplingRegex::build,
    },
    StrategyInfo {
        name: "predicate",
        aliases: &[],
        summary: "seed: integer-encoded words, position predicates, sampled letter counts",
        deterministic: false,
        build: seed::PredicateStrategy::build,
    },
    StrategyInfo {
        name: "trie",
        aliases: &[],
        summary: "seed: a sparse 26-ary trie pruned by position predicates, exact counts",
        deterministic: true,
        build: seed::TrieStrategy::build,
    },
];

/// Finds a strategy by name or alias.
pub fn find(name: &str) -> Result<&'static StrategyInfo, StrategyError> {
    REGISTRY
        .iter()
        .find(|s| s.name == name || s.aliases.contains(&name))
        .ok_or_else(|| StrategyError::Unknown {
            name: name.to_string(),
            known: REGISTRY
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}
