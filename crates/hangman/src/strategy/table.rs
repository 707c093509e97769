//! Transposition tables: what a search remembers about the states it has met.
//!
//! A state of a search is a candidate set at a [`Position`]. Its value depends only on the
//! set, the wrong guesses, the running score and the maximum of wrong guesses: letters
//! already guessed never split the set (every candidate agrees with the board on them), so
//! they change nothing. A [`StateKey`] is a 128-bit hash of exactly that: the set's hash is
//! the sum of a random 128-bit value per word, so a family's hash is summed while it is
//! split off and a set less one word is one subtraction away; the position's part is mixed
//! in by XOR. Two different states share a key with probability about 2⁻¹²⁸.
//!
//! A [`Table`] maps keys to values behind a few dozen locks (one per shard), so threads
//! sharing it rarely wait on each other.

use std::sync::Mutex;

use rustc_hash::FxHashMap;

use crate::game::Position;

/// SplitMix64's step: a fixed, well-mixed 64-bit function of `x` (not zero at zero).
fn mix64(x: u64) -> u64 {
    lexicon::hash::mix64(x.wrapping_add(lexicon::hash::GOLDEN_GAMMA))
}

/// The hash of a set of words (bucket indices): see the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct SetHash(u128);

impl SetHash {
    /// The hash of the set holding only word `index`.
    pub(crate) fn word(index: u32) -> SetHash {
        let x = u64::from(index);
        SetHash(u128::from(mix64(x)) << 64 | u128::from(mix64(x ^ 0x5851_f42d_4c95_7f2d)))
    }

    /// The hash of a set.
    pub(crate) fn of(set: &[u32]) -> SetHash {
        set.iter().fold(SetHash::default(), |h, &c| h.with(c))
    }

    /// The hash of this set with word `index` added.
    #[must_use]
    pub(crate) fn with(self, index: u32) -> SetHash {
        SetHash(self.0.wrapping_add(SetHash::word(index).0))
    }

    /// The hash of this set less word `index` (which it holds).
    #[must_use]
    pub(crate) fn without(self, index: u32) -> SetHash {
        SetHash(self.0.wrapping_sub(SetHash::word(index).0))
    }

    /// The hash's 128 bits.
    pub(crate) fn bits(self) -> u128 {
        self.0
    }

    /// The key of this set at `position`.
    pub(crate) fn at(self, position: &Position) -> StateKey {
        let p = u64::from(position.wrong_guesses())
            | u64::from(position.score()) << 16
            | u64::from(position.max_wrong()) << 32;
        StateKey(
            self.0 ^ (u128::from(mix64(p ^ 0x2545_f491_4f6c_dd1d)) << 64 | u128::from(mix64(!p))),
        )
    }
}

/// The key of a search state: its set's hash and the position's part (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct StateKey(u128);

impl StateKey {
    /// The key with these 128 bits (as stored by [`StateKey::bits`]).
    pub(crate) fn from_bits(bits: u128) -> StateKey {
        StateKey(bits)
    }

    /// The key's 128 bits.
    pub(crate) fn bits(self) -> u128 {
        self.0
    }

    /// A key for another table of the same states (for example one per search depth).
    #[must_use]
    pub(crate) fn salted(self, salt: u64) -> StateKey {
        StateKey(self.0 ^ u128::from(mix64(salt)))
    }
}

/// Lock shards of a table.
const SHARDS: usize = 64;

/// A map from state keys to values, shared by threads.
#[derive(Debug)]
pub(crate) struct Table<V> {
    shards: Box<[Mutex<FxHashMap<u128, V>>]>,
}

impl<V> Default for Table<V> {
    fn default() -> Table<V> {
        Table {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
        }
    }
}

impl<V: Copy> Table<V> {
    fn shard(&self, key: StateKey) -> std::sync::MutexGuard<'_, FxHashMap<u128, V>> {
        self.shards[(key.0 as usize) % SHARDS]
            .lock()
            .expect("a table lock is never poisoned: nothing panics while holding it")
    }

    /// The value of `key`, if any.
    pub(crate) fn get(&self, key: StateKey) -> Option<V> {
        self.shard(key).get(&key.0).copied()
    }

    /// Records `value` for `key`, or merges it into the value already there.
    pub(crate) fn insert_with(&self, key: StateKey, value: V, merge: impl FnOnce(&mut V, V)) {
        let mut shard = self.shard(key);
        match shard.get_mut(&key.0) {
            Some(old) => merge(old, value),
            None => {
                shard.insert(key.0, value);
            }
        }
    }

    /// Records `value` for `key` (replacing any).
    pub(crate) fn insert(&self, key: StateKey, value: V) {
        self.shard(key).insert(key.0, value);
    }

    /// Every entry, in no particular order.
    pub(crate) fn entries(&self) -> Vec<(StateKey, V)> {
        (0..SHARDS)
            .flat_map(|i| {
                self.shards[i]
                    .lock()
                    .expect("a table lock is never poisoned")
                    .iter()
                    .map(|(&k, &v)| (StateKey(k), v))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// How many keys the table holds.
    pub(crate) fn len(&self) -> usize {
        (0..SHARDS)
            .map(|i| {
                self.shards[i]
                    .lock()
                    .expect("a table lock is never poisoned")
                    .len()
            })
            .sum()
    }
}
