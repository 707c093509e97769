//! Cheap bounds on a family's value, from one or a few passes over its words.
//!
//! Every bound here is proven; the search uses them to settle a family without searching
//! it (a node whose bounds already answer the test is a leaf).
//!
//! - `V(F) <= |F| - 1`: each miss removes at least one word.
//! - `V(F) <= ` the most splitting letters a word lacks: guessing every splitting letter
//!   identifies the word, and only the letters it lacks are misses.
//! - `V(F) >= 1` for two or more words when no splitting letter is in every word: every
//!   useful guess can be answered with a miss. (A splitting letter in every word is a
//!   forced move, see [`super::search`].)
//! - `V(F) >= m - 1` for `m` words whose splitting letters are pairwise disjoint: a guess
//!   hits at most one of them, so the referee answers "miss" until one is left.
//! - Monotonicity: `V(S) <= V(F)` for every subset `S` of `F` (the referee can play as if
//!   only `S` existed), so a part's value never exceeds its parent's upper bound and a
//!   part's lower bound is one of the parent's.

use super::words::Words;

/// Whether the most splitting letters a word lacks (an upper bound on the value, see the
/// module notes) is below `need`; stops at the first word that lacks `need` or more.
///
/// A letter that does not split the family has the same mask in every word, so it is in
/// every word or in none: every word has the same non-splitting letters, those of `all`
/// outside `split`, and a word's splitting letters number its distinct letters minus
/// those. No population count per word is needed.
pub(super) fn lacks_fewer(
    words: &Words,
    mut family: impl Iterator<Item = u32>,
    split: u32,
    all: u32,
    need: u32,
) -> bool {
    let constant = (all & !split).count_ones();
    // A word lacks `split - (size - constant)` splitting letters; fewer than `need` means
    // `size > split + constant - need`.
    let Some(floor) = (split.count_ones() + constant).checked_sub(need) else {
        return true;
    };
    family.all(|w| words.size(w) > floor)
}

/// The most splitting letters a word lacks: an upper bound on the value.
pub(super) fn lacking(
    words: &Words,
    family: impl Iterator<Item = u32>,
    split: u32,
    all: u32,
) -> u32 {
    let constant = (all & !split).count_ones();
    let fewest = family.map(|w| words.size(w)).min().unwrap_or(constant) - constant;
    split.count_ones() - fewest
}

/// Words searched for a disjoint set: a prefix of a family is a subset, so the bound stays
/// proven, and large families of long words rarely hold one.
const DISJOINT_PREFIX: usize = 512;

/// The size of a set of words with pairwise disjoint splitting letters, built greedily
/// (within the first [`DISJOINT_PREFIX`] words) from the words with the fewest such
/// letters, in a few passes; stops once it has `want` words.
pub(super) fn disjoint(
    words: &Words,
    family: impl Iterator<Item = u32> + Clone,
    split: u32,
    all: u32,
    want: u32,
) -> u32 {
    let family = family.take(DISJOINT_PREFIX);
    let constant = (all & !split).count_ones();
    let fewest = family
        .clone()
        .map(|w| words.size(w))
        .min()
        .unwrap_or(constant)
        - constant;
    let (mut used, mut count) = (0u32, 0u32);
    for size in (fewest..fewest + 3).map(Some).chain([None]) {
        for w in family.clone() {
            let letters = words.letters(w) & split;
            if letters & used == 0 && size.is_none_or(|s| words.size(w) - constant == s) {
                used |= letters;
                count += 1;
                if count >= want {
                    return count;
                }
            }
        }
    }
    count
}

/// Words [`two_misses`] looks at.
const TWO_MISSES_PREFIX: usize = usize::MAX;

/// Whether `V(F) >= 2` by a miss chain of two, for a family of two or more words with no
/// splitting letter in every word (so every useful guess can be a miss). It holds when,
/// for every splitting letter `g`, two or more words lack `g` and no other splitting letter
/// is in all of them (so the miss part after `g` is worth another miss), that is, when
/// every splitting letter is lacking from two words and every pair of splitting letters is
/// lacking together from some word. Stops as soon as the words seen prove it, and looks
/// at the first [`TWO_MISSES_PREFIX`] words only: the words seen form a subset of the
/// family, and a subset's value never exceeds the family's, so what they prove holds.
/// (The search checks the whole family from its miss parts.)
pub(super) fn two_misses(words: &Words, family: impl Iterator<Item = u32>, split: u32) -> bool {
    let family = family.take(TWO_MISSES_PREFIX);
    // Per letter g, the letters lacking together with g in some word.
    let mut together = [0u32; 26];
    let (mut once, mut twice) = (0u32, 0u32);
    for (i, w) in family.enumerate() {
        let absent = split & !words.letters(w);
        let mut bits = absent;
        while bits != 0 {
            together[bits.trailing_zeros() as usize] |= absent;
            bits &= bits - 1;
        }
        twice |= once & absent;
        once |= absent;
        if i % 32 == 31
            && twice == split
            && (0..26).all(|g| split >> g & 1 == 0 || together[g] == split)
        {
            return true;
        }
    }
    twice == split && (0..26).all(|g| split >> g & 1 == 0 || together[g] == split)
}

/// The most steps one [`hitting_set`] search may take; past it the bound is not claimed.
const HITTING_STEPS: u32 = 4096;

/// Whether some `k` letters hit every word of the family (every word contains one of them),
/// as far as a bounded search can tell: `Some(false)` proves that no `k` letters do, and
/// then `V(F) >= k`; `None` means the search gave up.
///
/// Why: while some word lacks every letter guessed so far, the referee can answer each
/// useful guess with a miss (a splitting letter in every remaining word would need a
/// hit, but then the guessed letters and that one would hit every word). So if no `k`
/// letters hit every word, the first `k` useful guesses all miss. The disjoint-words and
/// two-miss bounds are special cases.
///
/// `sets` is scratch space.
pub(super) fn hitting_set(
    words: &Words,
    family: impl Iterator<Item = u32>,
    split: u32,
    all: u32,
    k: u32,
    sets: &mut Vec<u32>,
) -> Option<bool> {
    let constant = (all & !split).count_ones();
    // Each word's splitting letters, smallest sets first (they branch least), once each.
    sets.clear();
    sets.extend(family.map(|w| ((words.size(w) - constant) << 26) | (words.letters(w) & split)));
    sets.sort_unstable();
    sets.dedup();
    for s in sets.iter_mut() {
        *s &= (1 << 26) - 1;
    }
    let mut steps = 0;
    hit(sets, 0, k, &mut steps)
}

/// Whether `k` more letters, with `chosen`, hit every set.
fn hit(sets: &[u32], chosen: u32, k: u32, steps: &mut u32) -> Option<bool> {
    *steps += 1;
    if *steps > HITTING_STEPS {
        return None;
    }
    let Some(&open) = sets.iter().find(|&&s| s & chosen == 0) else {
        return Some(true);
    };
    if k == 0 {
        return Some(false);
    }
    // Some letter of the first set not hit yet must be chosen.
    let mut letters = open;
    while letters != 0 {
        let l = letters & letters.wrapping_neg();
        letters &= letters - 1;
        if hit(sets, chosen | l, k - 1, steps)? {
            return Some(true);
        }
    }
    Some(false)
}
