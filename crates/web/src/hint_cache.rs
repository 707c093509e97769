//! Hints kept by board, each computed once however many players ask for it at once.
//!
//! A hint depends on nothing but the words the referee may hold and the board (the cells,
//! the wrong letters and words, the lives): every player who reaches a board gets the same
//! hint. The first hint at a board can search for a few hundred milliseconds (`best` over a
//! thousand words); players of the same referee and length who guess the same letters
//! reach the same boards, often at the same moment. So the hints are kept in a bounded LRU
//! map by board, and a board being computed is computed once: the other requests for it
//! wait for that answer instead of searching beside it for the same cores (single flight).

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock};

use hangman::suggest::Snapshot;
use lru::LruCache;

use crate::games::LockIgnoringPoison;
use crate::hangman_state::Hint;

/// Boards whose hints are kept (a hint is at most a few kilobytes).
const KEPT: usize = 8192;

/// Whose words a hint ranks: games against referees of one group share their hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Words {
    /// The fair referee's pool.
    Fair,
    /// Every word of the list the board allows (the cheating referees).
    Cheating,
    /// The optimal referee's (proven values).
    Optimal,
}

/// A hint, or why the engine gave none (a server bug: the referee's words fit its board).
type Answer = Result<Hint, String>;

/// A board's hint: set once, by the first request that computes it.
type Slot = Arc<OnceLock<Answer>>;

/// The hints computed so far, by board.
pub(crate) struct HintCache {
    kept: Mutex<LruCache<(Words, Snapshot), Slot>>,
}

impl HintCache {
    pub(crate) fn new() -> HintCache {
        HintCache {
            kept: Mutex::new(LruCache::new(NonZeroUsize::new(KEPT).expect("not zero"))),
        }
    }

    /// The hint for `board` against referees of `words`: kept, being computed by another
    /// request (then this one waits for it), or computed now by `compute` (blocking: call
    /// it off the async threads). An error is not kept: the next request tries again.
    pub(crate) fn get(
        &self,
        words: Words,
        board: &Snapshot,
        compute: impl FnOnce() -> Answer,
    ) -> Answer {
        let key = (words, board.clone());
        let cell = self
            .kept
            .lock_ignoring_poison()
            .get_or_insert(key.clone(), || Arc::new(OnceLock::new()))
            .clone();
        let answer = cell.get_or_init(compute).clone();
        if answer.is_err() {
            let mut kept = self.kept.lock_ignoring_poison();
            if kept.peek(&key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
                kept.pop(&key);
            }
        }
        answer
    }

    /// Whether the hint for `board` is kept (computed, not only being computed).
    #[cfg(test)]
    pub(crate) fn has(&self, words: Words, board: &Snapshot) -> bool {
        self.kept
            .lock_ignoring_poison()
            .peek(&(words, board.clone()))
            .is_some_and(|c| c.get().is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn board(cells: &str, max_wrong: u32) -> Snapshot {
        let cells = cells.chars().map(lexicon::Letter::from_char).collect();
        Snapshot::new(cells, lexicon::LetterSet::default(), &[], max_wrong).unwrap()
    }

    fn hint(pick: &str) -> Hint {
        Hint {
            letters: Vec::new(),
            candidates: 2,
            pick: pick.to_string(),
            pick_kind: "letter",
            pick_expected_score: None,
            words: Vec::new(),
            kind: "odds",
        }
    }

    #[test]
    fn many_requests_for_one_board_at_once_compute_it_once() {
        let cache = HintCache::new();
        let computed = AtomicUsize::new(0);
        let b = board("_a__", 5);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    let answer = cache.get(Words::Fair, &b, || {
                        computed.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        Ok(hint("e"))
                    });
                    assert_eq!(answer.unwrap().pick, "e");
                });
            }
        });
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        assert!(cache.has(Words::Fair, &b));
    }

    #[test]
    fn boards_referees_and_lives_are_kept_apart_and_errors_not_at_all() {
        let cache = HintCache::new();
        let computed = AtomicUsize::new(0);
        let count = || {
            computed.fetch_add(1, Ordering::SeqCst);
            Ok(hint("e"))
        };
        cache.get(Words::Fair, &board("_a__", 5), count).unwrap();
        cache
            .get(Words::Cheating, &board("_a__", 5), count)
            .unwrap();
        cache.get(Words::Fair, &board("_a__", 7), count).unwrap();
        cache.get(Words::Fair, &board("__a_", 5), count).unwrap();
        cache.get(Words::Fair, &board("_a__", 5), count).unwrap();
        assert_eq!(computed.load(Ordering::SeqCst), 4);
        let b = board("b___", 5);
        assert!(cache.get(Words::Fair, &b, || Err("no".into())).is_err());
        assert!(!cache.has(Words::Fair, &b));
        assert_eq!(
            cache.get(Words::Fair, &b, || Ok(hint("o"))).unwrap().pick,
            "o"
        );
    }
}
