//! The games in play: kept by unguessable id, least recently used evicted past a cap, idle
//! ones expired, so memory stays bounded whatever the load.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use lru::LruCache;

use crate::error::ApiError;

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

/// A game id: 128 random bits from the operating system's generator, as 32 hex digits.
pub(crate) fn new_id() -> String {
    let mut bytes = [0u8; 16];
    rand::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `id` looks like one [`new_id`] makes (so junk is a 404 without a lookup).
fn well_formed(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

struct Slot<G> {
    game: Arc<Mutex<G>>,
    used: Instant,
}

/// Games of one kind by id.
pub(crate) struct Games<G> {
    inner: Mutex<LruCache<String, Slot<G>>>,
    ttl: Duration,
}

impl<G> Games<G> {
    /// At most `cap` games; a game idle for `ttl` is gone.
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

    /// Keeps `game` under a new id (evicting the least recently used game if full).
    pub(crate) fn insert(&self, game: G) -> (String, Arc<Mutex<G>>) {
        let id = new_id();
        let game = Arc::new(Mutex::new(game));
        self.lock().push(
            id.clone(),
            Slot {
                game: game.clone(),
                used: Instant::now(),
            },
        );
        (id, game)
    }

    /// The game `id`, if it is still kept (and not idle past the TTL); marks it used.
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

    /// [`Games::get`] for a request: a game that is not kept is a 404.
    pub(crate) fn find(&self, id: &str) -> Result<Arc<Mutex<G>>, ApiError> {
        self.get(id).ok_or_else(ApiError::no_game)
    }

    /// Drops every game idle past the TTL; returns how many.
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

    /// How many games are kept.
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
        let (a, _) = games.insert(1);
        let (b, _) = games.insert(2);
        assert!(games.get(&a).is_some());
        let (c, _) = games.insert(3);
        assert!(games.get(&b).is_none());
        assert!(games.get(&a).is_some() && games.get(&c).is_some());
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn idle_games_expire() {
        let games = Games::new(10, Duration::from_millis(30));
        let (a, _) = games.insert(1);
        std::thread::sleep(Duration::from_millis(60));
        let (b, _) = games.insert(2);
        assert_eq!(games.expire(), 1);
        assert!(games.get(&a).is_none());
        assert!(games.get(&b).is_some());
        assert!(games.get("not-an-id").is_none());
    }
}
