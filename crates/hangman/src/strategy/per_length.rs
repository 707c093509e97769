//! Lazily built per-word-length state shared by every game of a strategy.

use std::sync::OnceLock;

/// Values built once per word length, on first use or in [`Strategy::prepare`](super::Strategy::prepare).
#[derive(Debug)]
pub struct PerLength<T> {
    slots: Vec<OnceLock<T>>,
}

impl<T> PerLength<T> {
    /// Empty slots for lengths `0..=max_length`.
    pub fn new(max_length: usize) -> PerLength<T> {
        PerLength {
            slots: (0..=max_length).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The value for `length` if it has been built.
    pub fn get_built(&self, length: usize) -> Option<&T> {
        self.slots.get(length)?.get()
    }

    /// The value for `length`, built by `init` the first time (`None` past the longest).
    pub fn get(&self, length: usize, init: impl FnOnce() -> T) -> Option<&T> {
        Some(self.slots.get(length)?.get_or_init(init))
    }
}
