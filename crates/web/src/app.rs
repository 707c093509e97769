//! The service's shared state: the limits it keeps, the games it holds (in the store, with
//! the ones in use in memory), the engines and caches every route uses.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use blender::{Dictionary, Difficulty, RoundGenerator};
use governor::DefaultKeyedRateLimiter;
use lexicon::Lexicon;
use wordplay_scores::Store;

use crate::error::ApiError;
use crate::games::{Games, Kit, LockIgnoringPoison, Saved, well_formed};
use crate::guesser::Guesser;
use crate::hint_cache::HintCache;
use crate::{blender_state, hangman_state};

/// The budget of a verdict before the game.
pub(crate) const VERDICT_BUDGET: Duration = Duration::from_secs(3);

/// The limits that keep the server's memory and CPU bounded.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most games kept per game type, in the store and in memory; the least recently
    /// changed (in memory: used) are dropped past it.
    pub max_games: usize,
    /// A game unchanged this long is dropped (in memory: unused).
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
    /// "thinking" (the guess is still worked out, and the page asks again); zero: it does
    /// not wait at all.
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
    /// The games in use, in memory (the store holds every game).
    pub(crate) hangman: Games<hangman_state::Session>,
    pub(crate) reverse: Games<hangman_state::Reverse>,
    pub(crate) blender: Games<blender_state::Session>,
    pub(crate) generators: Vec<(Difficulty, RoundGenerator<'static>)>,
    pub(crate) store: Arc<Store>,
    pub(crate) verdicts: Mutex<HashMap<(usize, u32), hangman_state::Verdict>>,
    /// The hints computed so far, by board (each computed once).
    pub(crate) hint_cache: HintCache,
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

/// A kind of game the service holds: where its games are in memory.
pub(crate) trait Kept: Saved {
    /// The games of this kind in memory.
    fn games(app: &App) -> &Games<Self>;
}

impl Kept for hangman_state::Session {
    fn games(app: &App) -> &Games<Self> {
        &app.hangman
    }
}

impl Kept for hangman_state::Reverse {
    fn games(app: &App) -> &Games<Self> {
        &app.reverse
    }
}

impl Kept for blender_state::Session {
    fn games(app: &App) -> &Games<Self> {
        &app.blender
    }
}

impl App {
    /// What rebuilding a kept game needs.
    pub(crate) fn kit(&self) -> Kit<'_> {
        Kit {
            lexicon: &self.lexicon,
            generators: &self.generators,
            optimal_move_budget: self.options.optimal_move_budget,
        }
    }

    /// Writes `game` to the store under `id` (blocking: call it off the async threads,
    /// with the game's lock held, so that the writes of one game keep their order).
    pub(crate) fn save<G: Kept>(&self, id: &str, game: &G) -> Result<(), ApiError> {
        let text = serde_json::to_string(&game.record())
            .map_err(|e| ApiError::internal(format!("keeping the game: {e}")))?;
        self.store.save_game(G::KIND, id, &text, game.pending())?;
        Ok(())
    }

    /// Keeps a new game under a new id, in the store first (blocking).
    pub(crate) fn insert<G: Kept>(&self, game: G) -> Result<(String, Arc<Mutex<G>>), ApiError> {
        let id = crate::games::new_id();
        self.save(&id, &game)?;
        Ok((id.clone(), G::games(self).adopt(&id, game)))
    }

    /// The game `id`: from memory, else rebuilt from the store (a reload after it left
    /// memory, or a restarted server). A game the store does not hold (never made, or
    /// expired) is a 404.
    pub(crate) async fn find<G: Kept>(
        self: &Arc<App>,
        id: &str,
    ) -> Result<Arc<Mutex<G>>, ApiError> {
        if !well_formed(id) {
            return Err(ApiError::no_game());
        }
        if let Some(game) = G::games(self).get(id) {
            return Ok(game);
        }
        let (app, id) = (self.clone(), id.to_string());
        blocking(move || app.load(&id)).await
    }

    /// [`App::find`] of a game not in memory (blocking).
    fn load<G: Kept>(&self, id: &str) -> Result<Arc<Mutex<G>>, ApiError> {
        let Some(text) = self.store.load_game(G::KIND, id, self.options.idle)? else {
            return Err(ApiError::no_game());
        };
        let game = serde_json::from_str(&text)
            .map_err(|e| e.to_string())
            .and_then(|record| G::restore(record, &self.kit()))
            .map_err(|e| ApiError::gone(format!("game {id} cannot be rebuilt: {e}")))?;
        Ok(G::games(self).adopt(id, game))
    }

    /// Drops idle games from memory and the store, keeps at most
    /// [`Limits::max_games`] of each kind in the store, and records the Word Blender games
    /// whose time ran out with nobody looking, also those a server before this one began
    /// (blocking). Returns how many games left the store.
    pub(crate) fn sweep(&self) -> Result<usize, ApiError> {
        self.limiter.retain_recent();
        self.hangman.expire();
        self.reverse.expire();
        self.blender.expire();
        for id in self.store.pending_games(blender_state::Session::KIND)? {
            let game = match self.blender.get(&id) {
                Some(game) => game,
                None => match self.load::<blender_state::Session>(&id) {
                    Ok(game) => game,
                    // Expired, or not to be rebuilt: nothing more to record.
                    Err(_) => continue,
                },
            };
            let mut session = game.lock_ignoring_poison();
            if session.settle(&self.store, false)? {
                self.save(&id, &*session)?;
            }
        }
        let mut dropped = self.store.expire_games(self.options.idle)?;
        for kind in [
            hangman_state::Session::KIND,
            hangman_state::Reverse::KIND,
            blender_state::Session::KIND,
        ] {
            dropped += self.store.cap_games(kind, self.options.max_games)?;
        }
        Ok(dropped)
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
