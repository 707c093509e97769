//! The service's shared state: the limits it keeps, the games it holds, the engines and
//! caches every route uses.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use blender::{Dictionary, Difficulty, RoundGenerator};
use governor::DefaultKeyedRateLimiter;
use lexicon::Lexicon;
use wordplay_scores::Store;

use crate::error::ApiError;
use crate::games::Games;
use crate::guesser::Guesser;
use crate::{blender_state, hangman_state};

/// The budget of a verdict before the game.
pub(crate) const VERDICT_BUDGET: Duration = Duration::from_secs(3);

/// The limits that keep the server's memory and CPU bounded.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most games kept per game type; the least recently used is evicted past it.
    pub max_games: usize,
    /// A game idle this long is dropped.
    pub idle: Duration,
    /// Largest request body, in bytes (413 past it).
    pub body_bytes: usize,
    /// Requests per second each client (IP address) may make on average (429 past it).
    pub per_second: u32,
    /// Requests a client may make at once before the rate applies.
    pub burst: u32,
    /// A request still running after this is answered 408.
    pub request_timeout: Duration,
    /// Hints play out every letter's expected score when at most this many words are
    /// possible.
    pub hint_exact_limit: usize,
    /// Hints play out their pick's expected score when at most this many words are
    /// possible (more: shipped for the fair pool at 6 lives, else none).
    pub hint_pick_limit: usize,
    /// Time the verdict before a game may take to prove who wins.
    pub verdict_budget: Duration,
    /// Time the optimal referee may search per answer.
    pub optimal_move_budget: Duration,
    /// Time a hint against the optimal referee may search.
    pub optimal_hint_budget: Duration,
    /// Time a reversed game's request waits for the computer's next guess before it answers
    /// "thinking" (the guess is still worked out, and the page asks again).
    pub reverse_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 20_000,
            idle: Duration::from_secs(60 * 60),
            body_bytes: 16 * 1024,
            per_second: 30,
            burst: 90,
            request_timeout: Duration::from_secs(20),
            // Every letter's play-out with `best` took up to 0.22 s of CPU (92 words, 8
            // letters, `examples/hint_profile.rs`); the pick's alone, 24 ms.
            hint_exact_limit: 40,
            hint_pick_limit: 150,
            verdict_budget: VERDICT_BUDGET,
            optimal_move_budget: Duration::from_millis(150),
            optimal_hint_budget: Duration::from_millis(200),
            reverse_wait: Duration::from_millis(500),
        }
    }
}

/// The shared state of the service.
pub(crate) struct App {
    pub(crate) lexicon: Arc<Lexicon>,
    /// Fair secrets: the list's words that the common tier has.
    pub(crate) secrets: Arc<Lexicon>,
    pub(crate) hangman: Games<hangman_state::Session>,
    pub(crate) reverse: Games<hangman_state::Reverse>,
    pub(crate) blender: Games<blender_state::Session>,
    pub(crate) generators: Vec<(Difficulty, RoundGenerator<'static>)>,
    pub(crate) store: Arc<Store>,
    pub(crate) verdicts: Mutex<HashMap<(usize, u32), hangman_state::Verdict>>,
    /// The hint at the opening of a game, by referee, length and lives.
    pub(crate) opening_hints: Mutex<HashMap<(&'static str, usize, u32), hangman_state::Hint>>,
    /// One verdict solve at a time.
    pub(crate) solving: Mutex<()>,
    /// The searching referees and hints: at most one per core at once (each holds a core
    /// and a transposition table).
    pub(crate) heavy: tokio::sync::Semaphore,
    /// The reversed role's guesses at lives without shipped tables (seconds to minutes of
    /// search on a first game at a length): one at a time, so they take at most one core
    /// and never hold up the searching referees.
    pub(crate) slow_guesses: tokio::sync::Semaphore,
    /// The hint engine: `best` over the fair referee's secrets (or what a cheating referee
    /// holds), the shipped optimal guessers and the solver against the optimal referee.
    pub(crate) hints: hangman::hint::Hints,
    /// The computer's guesser in the reversed role (`player`).
    pub(crate) guesser: Guesser,
    pub(crate) limiter: DefaultKeyedRateLimiter<IpAddr>,
    pub(crate) options: Limits,
}

impl App {
    pub(crate) fn generator(&self, difficulty: Difficulty) -> &RoundGenerator<'static> {
        &self
            .generators
            .iter()
            .find(|(d, _)| *d == difficulty)
            .expect("a generator per difficulty")
            .1
    }

    /// Drops idle games and forgotten clients; returns how many games were dropped.
    pub(crate) fn sweep(&self) -> usize {
        self.limiter.retain_recent();
        self.hangman.expire() + self.reverse.expire() + self.blender.expire()
    }
}

/// The embedded lists, indexed for Word Blender once per process.
pub(crate) fn blender_dictionary() -> &'static Dictionary {
    static DICT: OnceLock<Dictionary> = OnceLock::new();
    DICT.get_or_init(|| Dictionary::new(&Lexicon::embedded(), Some(&Lexicon::common())))
}

/// Runs `f` on the blocking pool (the engines' searches must not hold an async thread).
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("the task failed: {e}")))?
}
