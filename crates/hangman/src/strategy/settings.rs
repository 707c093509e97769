//! What every strategy is built with, and why building one can fail.

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
    /// A folder where strategies that take long to decide (`best`) may keep their
    /// decisions between runs, keyed by word list, parameters and maximum of wrong guesses
    /// and checked before use; `None`: no cache.
    pub cache_dir: Option<std::path::PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            max_wrong: 5,
            seed: 1,
            params: Vec::new(),
            cache_dir: None,
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
    /// A setting is out of range for this strategy.
    #[error("strategy {name}: {message}")]
    BadSetting {
        /// The strategy.
        name: String,
        /// What is wrong.
        message: String,
    },
}
