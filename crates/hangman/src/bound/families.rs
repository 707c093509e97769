//! Families of confusable words, and how many of their words any strategy must lose.
//!
//! A *family* is a group of words equal at all but a few positions (`bills`, `fills`,
//! `hills`; `cuddling`, `huddling`, `muffling`). Telling its words apart takes letters
//! that each rule out few of them, so with few wrong guesses left some are lost whatever
//! the guesser does. The families of a word length are fixed once: a partition of part of
//! the bucket, chosen to force the most losses at the start (see [`Families::build`]); in a
//! set the search meets, each family's words there are bounded on their own:
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

/// Families hold at most this many words (a subset is a 128-bit mask of its members).
pub(super) const MAX_FAMILY: usize = 128;

/// A family is made of at least this many words.
const MIN_FAMILY: usize = 3;

/// The chosen families differ at most at this many positions: groups of three blanks
/// (`s???s`) are costly to value and lose few words; they join after, by size.
const GREEDY_BLANKS: usize = 2;

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
    wins: RefCell<Memo>,
}

impl Families {
    /// The families of `bucket` chosen for `max_wrong` wrong guesses: first, among every
    /// group of words equal but at one or [`GREEDY_BLANKS`] positions (in chunks of
    /// [`MAX_FAMILY`]), the one any strategy loses most words of at the start (`|F| − W_L`
    /// with `L = max_wrong`), again and again over the words left; then the rest as
    /// [`fill`] groups them. Ties go to the group first in order of its
    /// words, so the partition depends on the words alone.
    pub(super) fn build(bucket: &Bucket, max_wrong: u32) -> Families {
        let left = max_wrong as i32;
        let none = vec![false; bucket.len()];
        let mut candidates: Vec<Vec<u32>> = (1..=most_blanks(bucket.length()).min(GREEDY_BLANKS))
            .flat_map(|k| groups(bucket, k, &none))
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        let mut memo = Memo::default();
        let mut loss_of = |group: &[u32]| -> u32 {
            memo.clear();
            group.len() as u32 - wins(bucket, group, full(group.len()), left, 0, &mut memo)
        };
        // Lazy greedy: a group's loss only falls as its words are taken by others.
        let mut heap: std::collections::BinaryHeap<(u32, std::cmp::Reverse<usize>)> = candidates
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                let loss = loss_of(g);
                (loss > 0).then_some((loss, std::cmp::Reverse(i)))
            })
            .collect();
        let mut sizes: Vec<usize> = candidates.iter().map(Vec::len).collect();
        let mut taken = vec![false; bucket.len()];
        let mut members: Vec<Vec<u32>> = Vec::new();
        while let Some((loss, std::cmp::Reverse(i))) = heap.pop() {
            let free: Vec<u32> = candidates[i]
                .iter()
                .copied()
                .filter(|&w| !taken[w as usize])
                .collect();
            if free.len() < MIN_FAMILY {
                continue;
            }
            if free.len() < sizes[i] {
                sizes[i] = free.len();
                let now = loss_of(&free);
                candidates[i] = free;
                if now > 0 {
                    heap.push((now, std::cmp::Reverse(i)));
                }
                continue;
            }
            debug_assert!(loss > 0);
            for &w in &free {
                taken[w as usize] = true;
            }
            members.push(free);
        }
        fill(bucket, &mut taken, &mut members);
        Families::from_members(bucket, members, max_wrong)
    }

    /// The families `members` (disjoint, each of 2 to [`MAX_FAMILY`] words, ascending) of
    /// `bucket`'s words, for searches with at most `max_wrong` wrong guesses.
    pub(super) fn from_members(
        bucket: &Bucket,
        members: Vec<Vec<u32>>,
        max_wrong: u32,
    ) -> Families {
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
                let all = full(size);
                // No search has more than `max_wrong` to spare: past it, `W_L` is not needed.
                (0..=max_wrong)
                    .find(|&left| families.wins(bucket, f as u32, all, left as i32) == size as u32)
                    .unwrap_or(max_wrong + 1)
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
                let subset = run.iter().fold(0u128, |acc, &(_, i)| acc | 1 << i);
                let won = self.wins(bucket, run[0].0, subset, left as i32);
                u64::from(subset.count_ones() - won)
            })
            .sum()
    }

    /// `W_L` of the members `subset` of family `f` with `left` more wrong guesses
    /// survivable (see the module docs).
    fn wins(&self, bucket: &Bucket, f: u32, subset: u128, left: i32) -> u32 {
        let mut memo = self.wins.borrow_mut();
        wins(
            bucket,
            &self.members[f as usize],
            subset,
            left,
            f,
            &mut memo,
        )
    }
}

/// The most positions a family's words differ at, for words of `length` letters.
fn most_blanks(length: usize) -> usize {
    3.min(length.saturating_sub(2))
}

/// The subset of all `n` members.
fn full(n: usize) -> u128 {
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The most words of a family of words of `length` letters: [`MAX_FAMILY`], but half of it
/// at 7 letters (words.txt, max 5, 7 letters alone: 128 words proved 382 losses against
/// 323, but the score's search, steered elsewhere by them, 4.94 a word against 5.28; at 7
/// no group of two blanks holds more than 64 words, only groups of three do).
fn chunk_of(length: usize) -> usize {
    if length == 7 {
        MAX_FAMILY / 2
    } else {
        MAX_FAMILY
    }
}

/// The groups of at least [`MIN_FAMILY`] words not `taken` that are equal but at `k`
/// positions (the same positions), in chunks of [`chunk_of`] the length.
fn groups(bucket: &Bucket, k: usize, taken: &[bool]) -> Vec<Vec<u32>> {
    let length = bucket.length();
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut keyed: Vec<(Vec<u8>, u32)> = Vec::new();
    for blanks in 0u32..(1 << length) {
        if blanks.count_ones() as usize != k {
            continue;
        }
        keyed.clear();
        for w in 0..bucket.len() as u32 {
            if taken[w as usize] {
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
            for chunk in run.chunks(chunk_of(length)) {
                if chunk.len() >= MIN_FAMILY {
                    found.push(chunk.iter().map(|&(_, w)| w).collect());
                }
            }
        }
    }
    found
}

/// Adds to `members` the families of the words not `taken`: groups equal but at `k`
/// positions, `k` from [`most_blanks`] down to 1, each taken whole from the words no
/// family holds yet, largest first; ties by the groups' words.
fn fill(bucket: &Bucket, taken: &mut [bool], members: &mut Vec<Vec<u32>>) {
    for k in (1..=most_blanks(bucket.length())).rev() {
        let mut found = groups(bucket, k, taken);
        found.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        for group in found {
            let free: Vec<u32> = group.into_iter().filter(|&w| !taken[w as usize]).collect();
            if free.len() >= MIN_FAMILY {
                for &w in &free {
                    taken[w as usize] = true;
                }
                members.push(free);
            }
        }
    }
}

/// `W_L` by (family, subset of its members, L).
type Memo = FxHashMap<(u32, u128, u8), u8>;

/// `W_L` of the words `members` (at most [`MAX_FAMILY`]) picked by `subset` with `left`
/// more wrong guesses survivable (see the module docs), remembered in `memo` under `tag`.
fn wins(
    bucket: &Bucket,
    members: &[u32],
    subset: u128,
    left: i32,
    tag: u32,
    memo: &mut Memo,
) -> u32 {
    let m = subset.count_ones();
    if left < 0 {
        return 0;
    }
    if m <= 1 {
        return m;
    }
    let key = (tag, subset, left as u8);
    if let Some(&w) = memo.get(&key) {
        return u32::from(w);
    }
    let mut best = 1 + wins(bucket, members, subset, left - 1, tag, memo);
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
        // The letters that split it, most words first; no strategy wins more than the
        // words the first `left + 1` guesses of its all-misses path hit (see `statics`).
        let mut splitting: Vec<usize> = (0..26)
            .filter(|&l| count[l] >= 2 && !(count[l] == m && any[l] == all[l]))
            .collect();
        splitting.sort_by_key(|&l| (std::cmp::Reverse(count[l]), l));
        let hit: u32 = splitting
            .iter()
            .map(|&l| count[l])
            .chain(std::iter::repeat(1))
            .take(left as usize + 1)
            .sum();
        let most = m.min(hit);
        for l in splitting {
            if best >= most {
                break;
            }
            let mut parts: Vec<(u32, u128)> = Vec::new();
            for i in bits(subset) {
                let mask = bucket.position_masks(members[i] as usize)[l];
                match parts.iter_mut().find(|(m, _)| *m == mask) {
                    Some((_, part)) => *part |= 1 << i,
                    None => parts.push((mask, 1 << i)),
                }
            }
            // The largest parts first; the letter is dropped as soon as what its parts
            // won so far and the words of the parts left cannot beat `best` (the value
            // is the same, found with fewer subsets valued).
            parts
                .sort_unstable_by_key(|&(mask, part)| (std::cmp::Reverse(part.count_ones()), mask));
            let mut unvalued = m;
            let mut won = 0;
            for (mask, part) in parts {
                unvalued -= part.count_ones();
                let lives = if mask == 0 { left - 1 } else { left };
                won += wins(bucket, members, part, lives, tag, memo);
                if won + unvalued <= best {
                    break;
                }
            }
            best = best.max(won);
        }
    }
    let best = best.min(m);
    memo.insert(key, best as u8);
    best
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
