//! What the bounds need to know of a candidate set: per unguessed letter, how many of its
//! words hold the letter and how many distinct position masks the letter shows, and which
//! letters split the set at all.
//!
//! The search computes a profile for every set it bounds (millions per word length), so the
//! distinct masks are counted with a stamped table indexed by (letter, mask), kept per
//! thread and never cleared, rather than by sorting: one pass over the set's letters.

use std::cell::RefCell;

use lexicon::{Bucket, Letter};

use crate::game::Position;

/// Words of at most this many letters count masks in the stamped table (26 · 2^16 slots);
/// longer words, rare and quickly bounded, sort their (letter, mask) pairs instead.
const STAMPED_MAX_LENGTH: usize = 16;

/// A set's letters: see the module docs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Profile {
    /// Words in the set.
    pub(super) n: u32,
    /// Per letter, the words holding it, or 0 if the letter does not split the set (in no
    /// word, or in every word at the same places: then it tells nothing).
    pub(super) counts: [u32; 26],
    /// Per letter, its distinct non-empty position masks in the set.
    pub(super) masks: [u32; 26],
    /// The letters that split the set (bit `i` for letter `i`).
    pub(super) splits: u32,
}

/// The per-thread table that counts distinct (letter, mask) pairs: a slot holds the stamp
/// of the last pass that met its pair.
#[derive(Default)]
struct Stamps {
    stamp: Vec<u32>,
    epoch: u32,
    length: usize,
}

impl Stamps {
    /// Starts a pass over sets of words of `length` letters: every slot reads as unseen.
    fn start(&mut self, length: usize) -> u32 {
        if self.length != length || self.stamp.is_empty() {
            let size = 26usize << length;
            self.stamp = vec![0; size];
            self.epoch = 0;
            self.length = length;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }
}

thread_local! {
    static STAMPS: RefCell<Stamps> = RefCell::new(Stamps::default());
}

impl Profile {
    /// The profile of `set` (bucket indices) at `position`.
    pub(super) fn of(bucket: &Bucket, set: &[u32], position: Position) -> Profile {
        let length = bucket.length();
        let guessed = position.guessed_letters().bits();
        let mut counts = [0u32; 26];
        let mut masks = [0u32; 26];
        if length <= STAMPED_MAX_LENGTH {
            STAMPS.with_borrow_mut(|stamps| {
                let epoch = stamps.start(length);
                for &c in set {
                    let word = bucket.position_masks(c as usize);
                    let mut bits = bucket.letters(c as usize).bits() & !guessed;
                    while bits != 0 {
                        let i = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        counts[i] += 1;
                        let slot = i << length | word[i] as usize;
                        if stamps.stamp[slot] != epoch {
                            stamps.stamp[slot] = epoch;
                            masks[i] += 1;
                        }
                    }
                }
            });
        } else {
            let mut pairs: Vec<u64> = Vec::with_capacity(set.len() * length);
            for &c in set {
                let word = bucket.position_masks(c as usize);
                let mut bits = bucket.letters(c as usize).bits() & !guessed;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    counts[i] += 1;
                    pairs.push((i as u64) << 32 | u64::from(word[i]));
                }
            }
            pairs.sort_unstable();
            pairs.dedup();
            for pair in pairs {
                masks[(pair >> 32) as usize] += 1;
            }
        }
        let n = set.len() as u32;
        let mut splits = 0;
        for i in 0..26 {
            if counts[i] == n && masks[i] == 1 {
                counts[i] = 0;
            } else if counts[i] > 0 {
                splits |= 1 << i;
            }
        }
        Profile {
            n,
            counts,
            masks,
            splits,
        }
    }

    /// The most distinct masks any letter shows (`p` of the counting bound).
    pub(super) fn most_masks(&self) -> u32 {
        self.masks
            .iter()
            .zip(&self.counts)
            .filter(|&(_, &c)| c > 0)
            .map(|(&m, _)| m)
            .max()
            .unwrap_or(0)
    }

    /// At most this many words are hit by `guesses` guesses: each hits the words holding
    /// its letter (if the letter splits the set) or one word (a word guess, or a letter
    /// that splits nothing... which hits every word or none, and then tells nothing).
    pub(super) fn most_hit(&self, guesses: usize) -> u64 {
        let mut counts = self.counts;
        counts.sort_unstable_by(|a, b| b.cmp(a));
        counts
            .iter()
            .chain(std::iter::repeat(&0))
            .take(guesses)
            .map(|&c| u64::from(c.max(1)))
            .sum::<u64>()
            .min(u64::from(self.n))
    }

    /// Whether every letter that splits the set is in one of its words only (a chain, like
    /// the words of `-ill`): its value is then known in closed form.
    pub(super) fn is_chain(&self) -> bool {
        (0..26).all(|i| self.splits >> i & 1 == 0 || self.counts[i] <= 1)
    }

    /// The letters worth trying at this set, best first: those that split it and are in two
    /// words or more (a letter in one word only is that word's guess at a point more when
    /// it hits: never better than the word), by the entropy of their answer (ties by
    /// letter), so the search meets good moves early.
    pub(super) fn ordered_letters(&self, bucket: &Bucket, set: &[u32]) -> Vec<Letter> {
        let wanted: u32 = (0..26)
            .filter(|&i| self.splits >> i & 1 == 1 && self.counts[i] > 1)
            .fold(0, |acc, i| acc | 1 << i);
        let n = f64::from(self.n);
        // Σ -q ln q over each letter's answers: the hit masks, then the miss.
        let mut entropy = [0f64; 26];
        let mut pairs: Vec<u64> = Vec::with_capacity(set.len() * 4);
        for &c in set {
            let word = bucket.position_masks(c as usize);
            let mut bits = bucket.letters(c as usize).bits() & wanted;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                pairs.push((i as u64) << 32 | u64::from(word[i]));
            }
        }
        pairs.sort_unstable();
        for run in pairs.chunk_by(|a, b| a == b) {
            let q = run.len() as f64 / n;
            entropy[(run[0] >> 32) as usize] -= q * q.ln();
        }
        let mut letters: Vec<Letter> = Vec::new();
        for (i, entropy) in entropy.iter_mut().enumerate() {
            if wanted >> i & 1 == 1 {
                let missed = self.n - self.counts[i];
                if missed > 0 {
                    let q = f64::from(missed) / n;
                    *entropy -= q * q.ln();
                }
                letters.push(Letter::ALL[i]);
            }
        }
        letters.sort_by(|a, b| {
            entropy[b.index()]
                .total_cmp(&entropy[a.index()])
                .then(a.cmp(b))
        });
        letters
    }
}
