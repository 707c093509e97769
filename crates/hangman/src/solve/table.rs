//! The transposition table: a fixed-size, lock-free array of one-word entries with exact
//! keys.
//!
//! A key is 58 bits (the family's splitting letters and its smallest word, see
//! [`super::search`]). It is mixed by a bijection of the 58-bit space; the low bits of the
//! mix pick a bucket and the high bits are stored as the entry's tag. Because the mix is a
//! bijection, bucket and tag together give back the key: a hit is never a collision, so
//! every value read from the table is proven. Each entry is one `AtomicU64`, so concurrent
//! readers never see half of an update; two concurrent updates of one entry may lose one of
//! them, which loses information but never produces a wrong bound.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket (a bucket is half a cache line).
const WAYS: usize = 4;
/// Key bits.
const KEY_BITS: u32 = 58;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// Data bits below the tag: lower bound, upper bound, letter, weight (5 bits each).
const DATA_BITS: u32 = 20;
/// Fewest bucket bits: the tag (`KEY_BITS - bucket bits`) plus data must fit 64 bits.
const MIN_BUCKET_BITS: u32 = KEY_BITS + DATA_BITS - 64;
/// "No letter" and "no upper bound" in a 5-bit field.
const NONE: u32 = 31;

/// What the table knows of a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// Proven lower bound on the value.
    pub(super) lo: u32,
    /// Proven upper bound on the value (`u32::MAX`: none).
    pub(super) hi: u32,
    /// The guesser's letter that refuted a test (26: none).
    pub(super) best: u8,
}

/// The table. `Sync`; all methods take `&self`.
pub(super) struct Table {
    slots: Box<[AtomicU64]>,
    bucket_bits: u32,
}

/// A bijection of the 58-bit key space (xor-shifts and odd multiplications mod 2^58).
fn mix(key: u64) -> u64 {
    let mut x = key & KEY_MASK;
    x ^= x >> 29;
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15) & KEY_MASK;
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & KEY_MASK;
    x ^= x >> 27;
    x
}

impl Table {
    /// A table of about `bytes` bytes (rounded down to a power of two, at least 512 KiB).
    /// The memory is zeroed lazily by the allocator, so unused parts cost nothing.
    pub(super) fn new(bytes: usize) -> Table {
        let buckets = (bytes / (WAYS * 8)).max(1 << MIN_BUCKET_BITS);
        let bucket_bits = (usize::BITS - 1 - buckets.leading_zeros()).clamp(MIN_BUCKET_BITS, 40);
        let slots: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
            .take(WAYS << bucket_bits)
            .collect();
        Table {
            slots: slots.into_boxed_slice(),
            bucket_bits,
        }
    }

    fn locate(&self, key: u64) -> (&[AtomicU64], u64) {
        let x = mix(key);
        let bucket = (x & ((1 << self.bucket_bits) - 1)) as usize;
        let tag = x >> self.bucket_bits;
        (&self.slots[bucket * WAYS..(bucket + 1) * WAYS], tag)
    }

    /// The entry for `key`, if stored.
    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        let (bucket, tag) = self.locate(key);
        bucket.iter().find_map(|slot| {
            let v = slot.load(Ordering::Relaxed);
            (v != 0 && v >> DATA_BITS == tag).then(|| unpack(v))
        })
    }

    /// Merges proven bounds (and a refuting letter, 26 for none) into the entry for `key`.
    /// `weight` (the family size) decides which entry of a full bucket gives way.
    pub(super) fn store(&self, key: u64, lo: u32, hi: u32, best: u8, size: usize) {
        let (bucket, tag) = self.locate(key);
        let weight = (usize::BITS - size.leading_zeros()).min(NONE) as u64;
        let mut victim = 0;
        let mut victim_weight = u64::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let v = slot.load(Ordering::Relaxed);
            if v != 0 && v >> DATA_BITS == tag {
                let old = unpack(v);
                let merged = Entry {
                    lo: old.lo.max(lo),
                    hi: old.hi.min(hi),
                    best: if best < 26 { best } else { old.best },
                };
                slot.store(
                    pack(tag, merged, weight.max(v >> 15 & 31)),
                    Ordering::Relaxed,
                );
                return;
            }
            let w = if v == 0 { 0 } else { v >> 15 & 31 };
            if w < victim_weight {
                victim = i;
                victim_weight = w;
            }
        }
        let entry = Entry { lo, hi, best };
        bucket[victim].store(pack(tag, entry, weight), Ordering::Relaxed);
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        for slot in self.slots.iter_mut() {
            *slot.get_mut() = 0;
        }
    }
}

fn pack(tag: u64, e: Entry, weight: u64) -> u64 {
    let hi = if e.hi >= NONE { NONE } else { e.hi };
    let best = if e.best >= 26 {
        NONE
    } else {
        u32::from(e.best)
    };
    // The weight is at least 1, so an entry is never 0 (the empty slot).
    (tag << DATA_BITS)
        | (weight.max(1) << 15)
        | (u64::from(best) << 10)
        | (u64::from(hi) << 5)
        | u64::from(e.lo.min(NONE - 1))
}

fn unpack(v: u64) -> Entry {
    let field = |shift: u32| (v >> shift & 31) as u32;
    Entry {
        lo: field(0),
        hi: match field(5) {
            NONE => u32::MAX,
            h => h,
        },
        best: match field(10) {
            NONE => 26,
            b => b as u8,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_is_a_bijection_on_a_sample() {
        let mut seen = std::collections::HashSet::new();
        for k in 0..100_000u64 {
            let key = k.wrapping_mul(0x1234_5678_9abc_def1) & KEY_MASK;
            assert!(mix(key) <= KEY_MASK);
            seen.insert(mix(key));
        }
        assert_eq!(seen.len(), 100_000);
    }

    #[test]
    fn stores_merge_bounds_and_keys_never_collide() {
        let t = Table::new(0);
        for key in 0..5000u64 {
            t.store(key << 20 | key, key as u32 % 7, 20, (key % 26) as u8, 10);
        }
        let mut found = 0;
        for key in 0..5000u64 {
            if let Some(e) = t.get(key << 20 | key) {
                found += 1;
                assert_eq!(e.lo, key as u32 % 7);
                assert_eq!(e.hi, 20);
                assert_eq!(e.best, (key % 26) as u8);
            }
        }
        assert!(found > 0);
        t.store(7 << 20 | 7, 3, u32::MAX, 26, 10);
        t.store(7 << 20 | 7, 1, 9, 26, 10);
        if let Some(e) = t.get(7 << 20 | 7) {
            assert!(e.lo >= 3 && e.hi <= 9);
        }
        assert_eq!(t.get(u64::from(u32::MAX)), None);
    }
}
