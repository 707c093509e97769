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
//!
//! The score's static bound may also take a set by parts (where
//! [`Slack::family_totals`](super::Slack::family_totals) is set): a strategy for the set
//! plays each of its families' words there as a strategy for those words alone, and every
//! word pays the guesses on its own path, so the set's least total is at least the sum,
//! over the families with 2 to a few words in the set, of their least totals on their own
//! (`V_{s,L}(F ∩ S)`, over every word guess and letter; see [`least`]), plus any bound of
//! the words left (the counting bound, their families' losses forced).

use std::cell::RefCell;

use lexicon::Bucket;
use rustc_hash::FxHashMap;

use crate::game::LOSS_SCORE;

/// Families hold at most this many words (a subset is a 128-bit mask of its members).
pub(super) const MAX_FAMILY: usize = 128;

/// The most words of a family in a set whose least total is valued (see
/// [`Families::least_totals`]): the work grows exponentially with it.
pub(super) const FAMILY_TOTALS_MAX: usize = 16;

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
    /// Per family: its words' letters.
    letters: Vec<Letters>,
    /// Per family: its `W_L` memo.
    wins: RefCell<Vec<Memo>>,
    /// [`Families::losses`]'s work space.
    scratch: RefCell<Scratch>,
    /// Per family: its least totals' memo (see [`least`]).
    least: RefCell<Vec<LeastMemo>>,
}

/// [`Families::losses`]'s work space, kept between calls: per family, its words in the set
/// at hand (all empty between calls), and the families met.
#[derive(Debug, Default)]
struct Scratch {
    subsets: Vec<u128>,
    met: Vec<u32>,
}

impl Families {
    /// The families of `bucket` chosen for `max_wrong` wrong guesses, of at most `most` words
    /// (taken as [`MIN_FAMILY`] to [`MAX_FAMILY`]; see
    /// [`Slack::family`](super::Slack::family)): first, among every
    /// group of words equal but at one or [`GREEDY_BLANKS`] positions (in chunks of `most`
    /// words), the one any strategy loses most words of at the start (`|F| − W_L` with
    /// `L = max_wrong`), again and again over the words left; then the rest as [`fill`]
    /// groups them. Ties go to the group first in order of its
    /// words, so the partition depends on the words alone.
    pub(super) fn build(bucket: &Bucket, max_wrong: u32, most: usize) -> Families {
        let left = max_wrong as i32;
        let chunk = most.clamp(MIN_FAMILY, MAX_FAMILY);
        let none = vec![false; bucket.len()];
        let mut candidates: Vec<Vec<u32>> = (1..=most_blanks(bucket.length()).min(GREEDY_BLANKS))
            .flat_map(|k| groups(bucket, k, &none, chunk))
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        let mut memo = Memo::new(max_wrong);
        let mut loss_of = |group: &[u32]| -> u32 {
            memo.clear();
            let words = Letters::of(bucket, group);
            group.len() as u32 - wins(&words, full(group.len()), left, &mut memo)
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
        fill(bucket, &mut taken, &mut members, chunk);
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
        let wins = RefCell::new(members.iter().map(|_| Memo::new(max_wrong)).collect());
        let letters = members.iter().map(|m| Letters::of(bucket, m)).collect();
        let scratch = RefCell::new(Scratch {
            subsets: vec![0; members.len()],
            met: Vec::new(),
        });
        let least = RefCell::new(members.iter().map(|_| FxHashMap::default()).collect());
        let mut families = Families {
            family,
            slot,
            members,
            letters,
            safe: Vec::new(),
            wins,
            scratch,
            least,
        };
        families.safe = (0..families.members.len())
            .map(|f| {
                let size = families.members[f].len();
                let all = full(size);
                // No search has more than `max_wrong` to spare: past it, `W_L` is not needed.
                (0..=max_wrong)
                    .find(|&left| families.wins(f as u32, all, left as i32) == size as u32)
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
    pub(super) fn losses(&self, set: &[u32], left: u32) -> u64 {
        if self.members.is_empty() {
            return 0;
        }
        // Each family's words in the set, gathered in one pass (the sum does not depend on
        // the order the families are valued in).
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { subsets, met } = &mut *scratch;
        for &w in set {
            let f = self.family[w as usize];
            if f != NONE && self.safe[f as usize] > left {
                let subset = &mut subsets[f as usize];
                if *subset == 0 {
                    met.push(f);
                }
                *subset |= 1 << self.slot[w as usize];
            }
        }
        let mut lost = 0;
        for f in met.drain(..) {
            let subset = std::mem::take(&mut subsets[f as usize]);
            if subset.count_ones() >= left + 2 {
                lost += u64::from(subset.count_ones() - self.wins(f, subset, left as i32));
            }
        }
        lost
    }

    /// The parts of `set` at running score `score` with `left` more wrong guesses
    /// survivable, for the score's static bound by parts (see the module docs): the sum of
    /// the least totals of the families with 2 to `most` words in the set (at most
    /// [`FAMILY_TOTALS_MAX`]), each bounded on its own by [`least`]; the number of the other
    /// words (of other families, or of none); and how many of those their families lose.
    pub(super) fn least_totals(
        &self,
        set: &[u32],
        score: u32,
        left: u32,
        most: u32,
    ) -> (u64, u64, u64) {
        debug_assert!(most as usize <= FAMILY_TOTALS_MAX);
        if self.members.is_empty() {
            return (0, set.len() as u64, 0);
        }
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { subsets, met } = &mut *scratch;
        let mut rest = 0u64;
        for &w in set {
            let f = self.family[w as usize];
            if f == NONE {
                rest += 1;
                continue;
            }
            let subset = &mut subsets[f as usize];
            if *subset == 0 {
                met.push(f);
            }
            *subset |= 1 << self.slot[w as usize];
        }
        let mut total = 0;
        let mut lost = 0;
        for f in met.drain(..) {
            let subset = std::mem::take(&mut subsets[f as usize]);
            let m = subset.count_ones();
            if (2..=most).contains(&m) {
                let f = f as usize;
                total += u64::from(least(
                    &self.letters[f],
                    subset,
                    score,
                    left as i32,
                    &mut self.least.borrow_mut()[f],
                ));
            } else {
                rest += u64::from(m);
                if self.safe[f as usize] > left && m >= left + 2 {
                    lost += u64::from(m - self.wins(f, subset, left as i32));
                }
            }
        }
        (total, rest, lost)
    }

    /// `W_L` of the members `subset` of family `f` with `left` more wrong guesses
    /// survivable (see the module docs).
    fn wins(&self, f: u32, subset: u128, left: i32) -> u32 {
        let f = f as usize;
        wins(
            &self.letters[f],
            subset,
            left,
            &mut self.wins.borrow_mut()[f],
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

/// The groups of at least [`MIN_FAMILY`] words not `taken` that are equal but at `k`
/// positions (the same positions), in chunks of `chunk` words.
fn groups(bucket: &Bucket, k: usize, taken: &[bool], chunk: usize) -> Vec<Vec<u32>> {
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
            for part in run.chunks(chunk) {
                if part.len() >= MIN_FAMILY {
                    found.push(part.iter().map(|&(_, w)| w).collect());
                }
            }
        }
    }
    found
}

/// Adds to `members` the families of the words not `taken`: groups equal but at `k`
/// positions, `k` from [`most_blanks`] down to 1, each taken whole from the words no
/// family holds yet, largest first; ties by the groups' words; in chunks of `chunk` words.
fn fill(bucket: &Bucket, taken: &mut [bool], members: &mut Vec<Vec<u32>>, chunk: usize) {
    for k in (1..=most_blanks(bucket.length())).rev() {
        let mut found = groups(bucket, k, taken, chunk);
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

/// The letters of a family's words, side by side: valuing a family reads them again and
/// again, and read from the bucket (whose words span megabytes) most reads missed the cache.
/// Per letter, its positions in every member follow each other: splitting a subset by a
/// letter reads one short run.
#[derive(Debug, Default)]
struct Letters {
    /// Members.
    n: usize,
    /// Per member: the letters it holds (bit `i` for letter `i`).
    held: Vec<u32>,
    /// The positions of letter `l` in member `i` at `l · n + i`.
    masks: Vec<u32>,
}

impl Letters {
    /// The letters of `bucket`'s words `members`.
    fn of(bucket: &Bucket, members: &[u32]) -> Letters {
        let n = members.len();
        let mut masks = vec![0; 26 * n];
        for (i, &w) in members.iter().enumerate() {
            for (l, &mask) in bucket.position_masks(w as usize).iter().enumerate() {
                masks[l * n + i] = mask;
            }
        }
        Letters {
            n,
            held: members
                .iter()
                .map(|&w| bucket.letters(w as usize).bits())
                .collect(),
            masks,
        }
    }

    /// The positions of letter `l` in member `i`.
    fn mask(&self, i: usize, l: usize) -> u32 {
        self.masks[l * self.n + i]
    }

    /// The parts `subset` splits into by letter `l`'s positions, in `parts` (cleared
    /// first): each part's position mask (0 for the part the letter misses) and its
    /// members, in the order of their first members.
    fn parts(&self, subset: u128, l: usize, parts: &mut Vec<(u32, u128)>) {
        parts.clear();
        for i in bits(subset) {
            let mask = self.mask(i, l);
            match parts.iter_mut().find(|(m, _)| *m == mask) {
                Some((_, part)) => *part |= 1 << i,
                None => parts.push((mask, 1 << i)),
            }
        }
    }

    /// Per letter, over the members of `subset`: how many hold it, and the union and the
    /// intersection of its position masks (a letter splits the subset unless it is in one
    /// member or in all at the same positions).
    fn tally(&self, subset: u128) -> Tally {
        let mut tally = Tally {
            count: [0; 26],
            any: [0; 26],
            all: [u32::MAX; 26],
        };
        for i in bits(subset) {
            let mut held = self.held[i];
            while held != 0 {
                let l = held.trailing_zeros() as usize;
                held &= held - 1;
                let mask = self.mask(i, l);
                tally.count[l] += 1;
                tally.any[l] |= mask;
                tally.all[l] &= mask;
            }
        }
        tally
    }
}

/// [`Letters::tally`]'s answer, per letter (on the stack: it runs millions of times per
/// length).
struct Tally {
    /// Members holding the letter.
    count: [u32; 26],
    /// The union of their position masks.
    any: [u32; 26],
    /// The intersection of their position masks.
    all: [u32; 26],
}

/// `W_L` of one family's subsets, for every `L` from 0 to the maximum of wrong guesses.
///
/// Valuing a subset at `L` values it at every lower `L` on the way (a word guess leaves it
/// with `L − 1`), so a subset's values are kept side by side, a byte per `L` in one word
/// of 8: an entry holds the subset (16 bytes) and its values (8). Kept as one map of
/// (family, subset, `L`), the memo took 48 bytes an entry and about 14 M entries at 6
/// letters of words.txt (0.8 GB, most of the search's memory); a map per family also
/// grows in small steps rather than in one doubling of the whole.
#[derive(Debug, Default)]
struct Memo {
    /// Per 8 values of `L` (`L / 8`): per subset met (its mask's high and low 64 bits),
    /// `W_L` in byte `L % 8` ([`UNKNOWN`] where not valued yet).
    blocks: Vec<FxHashMap<(u64, u64), u64>>,
}

/// A value not computed yet (values are at most [`MAX_FAMILY`]).
const UNKNOWN: u8 = u8::MAX;

impl Memo {
    /// An empty memo for searches with at most `max_wrong` wrong guesses.
    fn new(max_wrong: u32) -> Memo {
        Memo {
            blocks: (0..=max_wrong / 8).map(|_| FxHashMap::default()).collect(),
        }
    }

    fn clear(&mut self) {
        self.blocks.iter_mut().for_each(FxHashMap::clear);
    }

    /// The key of `subset`.
    fn key(subset: u128) -> (u64, u64) {
        ((subset >> 64) as u64, subset as u64)
    }

    fn get(&self, subset: u128, left: usize) -> Option<u32> {
        let values = self.blocks[left / 8].get(&Memo::key(subset))?;
        let value = (values >> (8 * (left % 8))) as u8;
        (value != UNKNOWN).then_some(u32::from(value))
    }

    fn insert(&mut self, subset: u128, left: usize, value: u32) {
        let values = self.blocks[left / 8]
            .entry(Memo::key(subset))
            .or_insert(u64::MAX);
        let shift = 8 * (left % 8);
        *values = *values & !(0xff << shift) | u64::from(value) << shift;
    }
}

/// `W_L` of the words of `words` (at most [`MAX_FAMILY`]) picked by `subset` with `left`
/// (at most the memo's maximum of wrong guesses) more wrong guesses survivable (see the
/// module docs), remembered in `memo`.
fn wins(words: &Letters, subset: u128, left: i32, memo: &mut Memo) -> u32 {
    let m = subset.count_ones();
    if left < 0 {
        return 0;
    }
    if m <= 1 {
        return m;
    }
    if let Some(w) = memo.get(subset, left as usize) {
        return w;
    }
    let mut best = 1 + wins(words, subset, left - 1, memo);
    if best < m {
        // The letters of the subset that split it, in two words or more.
        let Tally { count, any, all } = words.tally(subset);
        // The letters that split it, most words first; no strategy wins more than the
        // words the first `left + 1` guesses of its all-misses path hit (see `statics`).
        // (On the stack, and their parts in one vector per call: this runs millions of
        // times per length.)
        let mut letters = [0usize; 26];
        let mut n = 0;
        for l in 0..26 {
            if count[l] >= 2 && !(count[l] == m && any[l] == all[l]) {
                letters[n] = l;
                n += 1;
            }
        }
        let splitting = &mut letters[..n];
        splitting.sort_unstable_by_key(|&l| (std::cmp::Reverse(count[l]), l));
        let hit: u32 = splitting
            .iter()
            .map(|&l| count[l])
            .chain(std::iter::repeat(1))
            .take(left as usize + 1)
            .sum();
        let most = m.min(hit);
        let mut parts: Vec<(u32, u128)> = Vec::new();
        for &l in splitting.iter() {
            if best >= most {
                break;
            }
            words.parts(subset, l, &mut parts);
            // The largest parts first; the letter is dropped as soon as what its parts
            // won so far and the words of the parts left cannot beat `best` (the value
            // is the same, found with fewer subsets valued).
            parts
                .sort_unstable_by_key(|&(mask, part)| (std::cmp::Reverse(part.count_ones()), mask));
            let mut unvalued = m;
            let mut won = 0;
            for &(mask, part) in &parts {
                unvalued -= part.count_ones();
                let lives = if mask == 0 { left - 1 } else { left };
                won += wins(words, part, lives, memo);
                if won + unvalued <= best {
                    break;
                }
            }
            best = best.max(won);
        }
    }
    let best = best.min(m);
    memo.insert(subset, left as usize, best);
    best
}

/// Subsets of more words bound their word guesses all at once (see [`least`]). Measured on
/// words.txt, 5 letters alone, max 5, families of 2 to 12 words valued: 9.2551 a word
/// (162 s of CPU, loaded) with each word guess tried up to 8 words, 9.2026 (190 s, with
/// certificates) up to 12, and 9.1866 without the families' totals (121 s): where the
/// search ends moves with its static bounds, and the cheaper rule proved more.
const WORDS_EACH: u32 = 8;

/// A family's least totals by subset (its mask's high and low 64 bits), running score and
/// wrong guesses to spare: the value depends on the score (a lost word scores 25 whatever
/// it had, a won one what it had and more), so each score is valued apart. The subsets
/// are of at most [`FAMILY_TOTALS_MAX`] words.
type LeastMemo = FxHashMap<(u64, u64, u8, u8), u32>;

/// A lower bound of the least total final score of the words of `words` picked by
/// `subset` (at most [`FAMILY_TOTALS_MAX`]), played on their own from running score `score`
/// with `left` more wrong guesses survivable: the least over every word guess (the word
/// right scores the running score, the others go on a point and a life later) and every
/// letter that splits the subset (each part a point later, the miss part a life later
/// too). A letter in one word is no better than that word's guess, and one that splits
/// nothing leaves the subset as it was a point later. A lost word scores 25, and so does a
/// won one whose score reached it. Exact up to [`WORDS_EACH`] words; above, the word
/// guesses are bounded together (the checker values them one by one, which is never
/// less).
fn least(words: &Letters, subset: u128, score: u32, left: i32, memo: &mut LeastMemo) -> u32 {
    let m = subset.count_ones();
    if left < 0 || score >= LOSS_SCORE {
        return LOSS_SCORE * m;
    }
    if m <= 1 {
        return score * m;
    }
    let key = (
        (subset >> 64) as u64,
        subset as u64,
        score as u8,
        left as u8,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let next = (score + 1).min(LOSS_SCORE);
    // No move does better: one word at most ends without another guess. (Word guesses
    // first: deep in a family, where this is met most, they are the best moves.)
    let floor = score + (m - 1) * next;
    let mut best = u32::MAX;
    if m <= WORDS_EACH {
        for i in bits(subset) {
            let v = score + least(words, subset & !(1 << i), score + 1, left - 1, memo);
            best = best.min(v);
            if best <= floor {
                break;
            }
        }
    } else {
        // Every word guess at once: the others face the whole subset a point and a life
        // later, less a ride (a word added to a strategy's words costs at most 25).
        let whole = least(words, subset, score + 1, left - 1, memo);
        best = floor.max((score + whole).saturating_sub(LOSS_SCORE));
    }
    if best > floor {
        let Tally { count, any, all } = words.tally(subset);
        let mut parts: Vec<(u32, u128)> = Vec::new();
        for l in 0..26 {
            if count[l] < 2 || (count[l] == m && any[l] == all[l]) {
                continue;
            }
            words.parts(subset, l, &mut parts);
            let mut unvalued = m;
            let mut total = 0;
            for &(mask, part) in &parts {
                unvalued -= part.count_ones();
                let lives = if mask == 0 { left - 1 } else { left };
                total += least(words, part, score + 1, lives, memo);
                // The words of the parts left score at least a point more each.
                if total + unvalued * next >= best {
                    total = u32::MAX;
                    break;
                }
            }
            best = best.min(total);
            if best <= floor {
                break;
            }
        }
    }
    memo.insert(key, best);
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
