//! The games in play, kept twice: in the SQLite store, which is where a game lives (every
//! change is written before the answer goes out, so a reload or a server restart finds it
//! as it was), and in memory, a cache of the games in use (least recently used evicted past
//! a cap, idle ones dropped) that saves reading and replaying a game on every request.
//!
//! A game kind says what of it is kept and how it is rebuilt ([`Saved`]); the service's
//! `App::find`, `App::insert` and `App::save` are how the routes reach them. The store drops
//! games unchanged for [`Limits::idle`](crate::Limits::idle) and keeps at most
//! [`Limits::max_games`](crate::Limits::max_games) of each kind (`App::sweep`), so memory
//! and disk stay bounded whatever the load; ids are 128 random bits.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use blender::{Difficulty, RoundGenerator};
use lexicon::Lexicon;
use lru::LruCache;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Locking that outlives a panic: a request that panicked while holding a game or a cache
/// must not turn every later request for it into a second panic, so a poisoned lock is taken
/// as it is (the server answers and keeps running; the game stays playable).
pub(crate) trait LockIgnoringPoison<T> {
    /// The guard, whether or not an earlier holder panicked.
    fn lock_ignoring_poison(&self) -> MutexGuard<'_, T>;
}

impl<T> LockIgnoringPoison<T> for Mutex<T> {
    fn lock_ignoring_poison(&self) -> MutexGuard<'_, T> {
        self.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// What rebuilding a kept game needs of the service: its word lists and dealers.
pub(crate) struct Kit<'a> {
    /// The hangman list.
    pub(crate) lexicon: &'a Arc<Lexicon>,
    /// Word Blender's dealer of each difficulty.
    pub(crate) generators: &'a [(Difficulty, RoundGenerator<'static>)],
    /// The optimal referee's time per answer.
    pub(crate) optimal_move_budget: Duration,
}

impl<'a> Kit<'a> {
    /// Word Blender's dealer of `difficulty`.
    pub(crate) fn generator(&self, difficulty: Difficulty) -> &'a RoundGenerator<'static> {
        &self
            .generators
            .iter()
            .find(|(d, _)| *d == difficulty)
            .expect("a generator per difficulty")
            .1
    }
}

/// A kind of game the server keeps in the store.
pub(crate) trait Saved: Sized + Send + 'static {
    /// The kind's name in the store (`hangman`, `reverse`, `blender`).
    const KIND: &'static str;
    /// What is kept of a game: enough to rebuild it exactly.
    type Record: Serialize + DeserializeOwned;
    /// What to keep of the game now.
    fn record(&self) -> Self::Record;
    /// Whether something is still to be recorded when the game ends (a score, a daily
    /// result): the sweep looks at such games even after a restart.
    fn pending(&self) -> bool {
        false
    }
    /// The game rebuilt from what was kept; an error says why it cannot be (a record
    /// another version or another word list wrote).
    fn restore(record: Self::Record, kit: &Kit<'_>) -> Result<Self, String>;
}

/// A game id: 128 random bits from the operating system's generator, as 32 hex digits.
pub(crate) fn new_id() -> String {
    let mut bytes = [0u8; 16];
    rand::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `id` looks like one [`new_id`] makes (so junk is a 404 without a lookup).
pub(crate) fn well_formed(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

struct Slot<G> {
    game: Arc<Mutex<G>>,
    used: Instant,
}

/// The games of one kind in memory, by id.
pub(crate) struct Games<G> {
    inner: Mutex<LruCache<String, Slot<G>>>,
    ttl: Duration,
}

impl<G> Games<G> {
    /// At most `cap` games; a game idle for `ttl` is dropped from memory.
    pub(crate) fn new(cap: usize, ttl: Duration) -> Games<G> {
        Games {
            inner: Mutex::new(LruCache::new(
                NonZeroUsize::new(cap.max(1)).expect("max(1)"),
            )),
            ttl,
        }
    }

    fn lock(&self) -> MutexGuard<'_, LruCache<String, Slot<G>>> {
        self.inner.lock_ignoring_poison()
    }

    /// Keeps `game` under `id` (evicting the least recently used game if full); a game
    /// already kept under `id` (another request rebuilt it first) wins.
    pub(crate) fn adopt(&self, id: &str, game: G) -> Arc<Mutex<G>> {
        let mut games = self.lock();
        if let Some(slot) = games.get_mut(id) {
            slot.used = Instant::now();
            return slot.game.clone();
        }
        let game = Arc::new(Mutex::new(game));
        games.push(
            id.to_string(),
            Slot {
                game: game.clone(),
                used: Instant::now(),
            },
        );
        game
    }

    /// The game `id`, if it is in memory (and not idle past the TTL); marks it used.
    pub(crate) fn get(&self, id: &str) -> Option<Arc<Mutex<G>>> {
        if !well_formed(id) {
            return None;
        }
        let mut games = self.lock();
        let slot = games.get_mut(id)?;
        if slot.used.elapsed() > self.ttl {
            games.pop(id);
            return None;
        }
        slot.used = Instant::now();
        Some(slot.game.clone())
    }

    /// Drops from memory every game idle past the TTL; returns how many.
    pub(crate) fn expire(&self) -> usize {
        let mut games = self.lock();
        let mut dropped = 0;
        // Least recently used last: pop from that end while expired.
        while let Some((_, slot)) = games.peek_lru() {
            if slot.used.elapsed() <= self.ttl {
                break;
            }
            games.pop_lru();
            dropped += 1;
        }
        dropped
    }

    /// How many games are in memory.
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_random_bits() {
        let a = new_id();
        assert_eq!(a.len(), 32);
        assert!(well_formed(&a));
        assert_ne!(a, new_id());
    }

    #[test]
    fn the_cap_evicts_the_least_recently_used() {
        let games = Games::new(2, Duration::from_secs(60));
        let (a, b, c) = (new_id(), new_id(), new_id());
        games.adopt(&a, 1);
        games.adopt(&b, 2);
        assert!(games.get(&a).is_some());
        games.adopt(&c, 3);
        assert!(games.get(&b).is_none());
        assert!(games.get(&a).is_some() && games.get(&c).is_some());
        assert_eq!(games.len(), 2);
        // A game rebuilt twice at once: the first kept is the one.
        let first = games.get(&a).unwrap();
        assert!(Arc::ptr_eq(&first, &games.adopt(&a, 9)));
        assert_eq!(*first.lock_ignoring_poison(), 1);
    }

    #[test]
    fn idle_games_expire() {
        let games = Games::new(10, Duration::from_millis(30));
        let (a, b) = (new_id(), new_id());
        games.adopt(&a, 1);
        std::thread::sleep(Duration::from_millis(60));
        games.adopt(&b, 2);
        assert_eq!(games.expire(), 1);
        assert!(games.get(&a).is_none());
        assert!(games.get(&b).is_some());
        assert!(games.get("not-an-id").is_none());
    }
}
