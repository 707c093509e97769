//! Families of confusable words, and how many of their words any strategy must lose.
//!
//! A *family* is a group of words equal at all but a few positions (`bills`, `fills`,
//! `hills`; `cuddling`, `huddling`, `muffling`). Telling its words apart takes letters
//! that each rule out few of them, so with few wrong guesses left some are lost whatever
//! the guesser does. The families of a word length are fixed once (a partition of part of
//! the bucket, largest first); in a set the search meets, each family's words there are
//! bounded on their own:
//!
//! - `W_L(F)`, the most words of `F` any strategy wins with `L` more wrong guesses
//!   survivable, is at most the best first move's: a word guess wins that word and leaves
//!   the rest with `L − 1` (at most `1 + W_{L−1}(F)`, a subset never winning more), a letter
//!   that splits `F` leaves its hit parts with `L` and its miss part with `L − 1`; a letter
//!   that splits nothing changes nothing or costs a life, and a letter in one word only is
//!   that word's guess (at best). `W_L = 0` for `L < 0`, `|F|` for `|F| ≤ 1`.
//! - A strategy for a set plays every part of it as a strategy for that part alone, so the
//!   words it loses are at least the sum over its families of `|F ∩ S| − W_L(F ∩ S)`.
//!
//! The counting bound then caps the words it lets a set win by that sum.

use std::cell::RefCell;

use lexicon::Bucket;
use rustc_hash::FxHashMap;

/// Families hold at most this many words (a subset is a 64-bit mask of its members).
pub(super) const MAX_FAMILY: usize = 64;

/// A family is made of at least this many words.
const MIN_FAMILY: usize = 3;

/// No family.
const NONE: u32 = u32::MAX;

/// The families of one word length and the memo of their win bounds.
#[derive(Debug, Default)]
pub(super) struct Families {
    /// Per word (bucket index): its family, or [`NONE`].
    family: Vec<u32>,
    /// Per word: its place among its family's members.
    slot: Vec<u8>,
    /// Per family: its words, ascending.
    members: Vec<Vec<u32>>,
    /// Per family: the fewest wrong guesses to spare with which no strategy is shown to
    /// lose any of its words (nor of any part of it): its words are skipped from there on.
    safe: Vec<u32>,
    /// `W_L` by (family, subset of its members, L).
    wins: RefCell<FxHashMap<(u32, u64, u8), u8>>,
}

impl Families {
    /// The families of `bucket`: groups of at least three words equal but at `k`
    /// positions, `k` from `min(3, length − 2)` down to 1, each group taken whole (in
    /// chunks of [`MAX_FAMILY`] if larger) from the words no family holds yet, largest
    /// first; ties by the groups' words.
    pub(super) fn build(bucket: &Bucket) -> Families {
        let length = bucket.length();
        let mut family = vec![NONE; bucket.len()];
        let mut members: Vec<Vec<u32>> = Vec::new();
        let most = 3.min(length.saturating_sub(2));
        for k in (1..=most).rev() {
            let mut groups: Vec<Vec<u32>> = Vec::new();
            let mut keyed: Vec<(Vec<u8>, u32)> = Vec::new();
            for blanks in 0u32..(1 << length) {
                if blanks.count_ones() as usize != k {
                    continue;
                }
                keyed.clear();
                for w in 0..bucket.len() as u32 {
                    if family[w as usize] != NONE {
                        continue;
                    }
                    let word = bucket.word(w as usize);
                    let key = word
                        .iter()
                        .enumerate()
                        .map(|(i, &b)| if blanks >> i & 1 == 1 { b'_' } else { b })
                        .collect();
                    keyed.push((key, w));
                }
                keyed.sort_unstable();
                for run in keyed.chunk_by(|a, b| a.0 == b.0) {
                    for chunk in run.chunks(MAX_FAMILY) {
                        if chunk.len() >= MIN_FAMILY {
                            groups.push(chunk.iter().map(|&(_, w)| w).collect());
                        }
                    }
                }
            }
            groups.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
            for group in groups {
                let free: Vec<u32> = group
                    .into_iter()
                    .filter(|&w| family[w as usize] == NONE)
                    .collect();
                if free.len() >= MIN_FAMILY {
                    for &w in &free {
                        family[w as usize] = members.len() as u32;
                    }
                    members.push(free);
                }
            }
        }
        Families::from_members(bucket, members)
    }

    /// The families `members` (disjoint, each of 2 to [`MAX_FAMILY`] words, ascending) of a
    /// bucket of `words` words.
    pub(super) fn from_members(bucket: &Bucket, members: Vec<Vec<u32>>) -> Families {
        let mut family = vec![NONE; bucket.len()];
        let mut slot = vec![0; bucket.len()];
        for (f, group) in members.iter().enumerate() {
            for (i, &w) in group.iter().enumerate() {
                family[w as usize] = f as u32;
                slot[w as usize] = i as u8;
            }
        }
        let mut families = Families {
            family,
            slot,
            members,
            safe: Vec::new(),
            wins: RefCell::default(),
        };
        families.safe = (0..families.members.len())
            .map(|f| {
                let size = families.members[f].len();
                let all = if size == 64 {
                    u64::MAX
                } else {
                    (1u64 << size) - 1
                };
                // A word guess per word always wins them all with `size − 1` to spare.
                (0..size as u32)
                    .find(|&left| families.wins(bucket, f as u32, all, left as i32) == size as u32)
                    .unwrap_or(size as u32)
            })
            .collect();
        families
    }

    /// Every family's words.
    pub(super) fn members(&self) -> &[Vec<u32>] {
        &self.members
    }

    /// How many words of `set` any strategy loses with `left` more wrong guesses survivable,
    /// at least: the sum over the families of their losses in the set (see the module
    /// docs). Only families with more than `left + 1` words in the set can lose any.
    pub(super) fn losses(&self, bucket: &Bucket, set: &[u32], left: u32) -> u64 {
        if self.members.is_empty() {
            return 0;
        }
        let mut held: Vec<(u32, u8)> = set
            .iter()
            .filter_map(|&w| {
                let f = self.family[w as usize];
                (f != NONE && self.safe[f as usize] > left).then(|| (f, self.slot[w as usize]))
            })
            .collect();
        if held.len() < left as usize + 2 {
            return 0;
        }
        held.sort_unstable();
        held.chunk_by(|a, b| a.0 == b.0)
            .filter(|run| run.len() >= left as usize + 2)
            .map(|run| {
                let subset = run.iter().fold(0u64, |acc, &(_, i)| acc | 1 << i);
                let won = self.wins(bucket, run[0].0, subset, left as i32);
                u64::from(subset.count_ones() - won)
            })
            .sum()
    }

    /// `W_L` of the members `subset` of family `f` with `left` more wrong guesses
    /// survivable (see the module docs).
    fn wins(&self, bucket: &Bucket, f: u32, subset: u64, left: i32) -> u32 {
        let m = subset.count_ones();
        if left < 0 {
            return 0;
        }
        if m <= 1 {
            return m;
        }
        let key = (f, subset, left as u8);
        if let Some(&w) = self.wins.borrow().get(&key) {
            return u32::from(w);
        }
        let members = &self.members[f as usize];
        let mut best = 1 + self.wins(bucket, f, subset, left - 1);
        if best < m {
            // The letters of the subset that split it, in two words or more.
            let mut count = [0u32; 26];
            let mut any = [0u32; 26];
            let mut all = [u32::MAX; 26];
            for i in bits(subset) {
                let w = members[i] as usize;
                let masks = bucket.position_masks(w);
                for letter in bucket.letters(w).iter() {
                    let l = letter.index();
                    count[l] += 1;
                    any[l] |= masks[l];
                    all[l] &= masks[l];
                }
            }
            for l in 0..26 {
                if count[l] < 2 || (count[l] == m && any[l] == all[l]) {
                    continue;
                }
                let mut parts: Vec<(u32, u64)> = Vec::new();
                for i in bits(subset) {
                    let mask = bucket.position_masks(members[i] as usize)[l];
                    match parts.iter_mut().find(|(m, _)| *m == mask) {
                        Some((_, part)) => *part |= 1 << i,
                        None => parts.push((mask, 1 << i)),
                    }
                }
                let won: u32 = parts
                    .iter()
                    .map(|&(mask, part)| {
                        let lives = if mask == 0 { left - 1 } else { left };
                        self.wins(bucket, f, part, lives)
                    })
                    .sum();
                best = best.max(won);
                if best >= m {
                    break;
                }
            }
        }
        let best = best.min(m);
        self.wins.borrow_mut().insert(key, best as u8);
        best
    }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
