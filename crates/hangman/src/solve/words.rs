//! The solver's view of one bucket: letter sets and per-letter mask ids, laid out for the
//! one operation every node repeats, splitting a family by a letter.
//!
//! A family is a sorted slice of word indices. Splitting it by a letter is a counting sort
//! on small integers (the id of each word's position mask for that letter) instead of a
//! comparison sort, and it computes, in the same pass, the OR and AND of the letter sets of
//! every part: that is all a part needs to know which letters still split it.
//!
//! Why not the crate's shared [`candidates::partition`](crate::candidates::partition): it
//! sorts `(mask, index)` keys and allocates one `Vec` per part, and the solver would still
//! need a second pass for each part's letter-set OR and AND. Splitting the 28,558 words of
//! length 8 of words.txt by all 26 letters, 20 times: 359 ms with `partition` plus that
//! pass, 95 ms here (release build, loaded 2-core machine). The solver splits millions of
//! families, so it keeps this layout. Neither does it need the shared
//! [`Position`](crate::Position): a family reached from the whole bucket determines the
//! board (see `table`), so the search carries no board at all.

use lexicon::Bucket;
use rustc_hash::FxHashMap;

/// Per-bucket data, built once per solver.
pub(super) struct Words {
    /// Letter set of each word (bit `i` = letter `i`).
    letters: Vec<u32>,
    /// Distinct letters of each word.
    sizes: Vec<u8>,
    /// `ids[g * n + w]`: the id of word `w`'s position mask for letter `g`: its index among
    /// the distinct masks of that letter in the bucket, in order of first appearance.
    ids: Vec<u32>,
    /// Per letter, the distinct position masks (indexed by id).
    masks: [Vec<u32>; 26],
    /// Words in the bucket.
    n: usize,
    /// The largest number of distinct masks of one letter (the size of a count array).
    max_ids: usize,
}

/// One part of a split family: a range of the output buffer and what it knows of itself.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    /// Start of the part in the output buffer.
    pub(super) start: u32,
    /// Number of words.
    pub(super) len: u32,
    /// The position mask of the letter in every word of the part (0: the miss part).
    pub(super) mask: u32,
    /// OR of the letter sets of its words.
    pub(super) any: u32,
    /// AND of the letter sets of its words.
    pub(super) all: u32,
}

impl Part {
    /// The part's words in `buffer`.
    pub(super) fn words<'b>(&self, buffer: &'b [u32]) -> &'b [u32] {
        &buffer[self.start as usize..(self.start + self.len) as usize]
    }
}

/// A family, or the words of a family that lack some letters (a miss part not copied out).
#[derive(Clone, Copy, Debug)]
pub(super) struct View<'a> {
    words: &'a [u32],
    /// Letters the words of the view lack (0: every word of `words`).
    without: u32,
    /// Words in the view.
    pub(super) len: usize,
    /// The smallest word of the view.
    pub(super) first: u32,
}

impl<'a> View<'a> {
    /// A whole family (sorted, not empty).
    pub(super) fn all(words: &'a [u32]) -> View<'a> {
        View {
            words,
            without: 0,
            len: words.len(),
            first: words[0],
        }
    }

    /// The words of `family` that lack letter `g`: `misses` tells how many and which is
    /// first (not empty).
    pub(super) fn missing(family: &'a [u32], g: usize, misses: &Misses) -> View<'a> {
        View {
            words: family,
            without: 1 << g,
            len: misses.count[g] as usize,
            first: misses.first[g],
        }
    }

    /// The words, in order.
    pub(super) fn iter<'b>(&'b self, words: &'b Words) -> impl Iterator<Item = u32> + Clone + 'b {
        let without = self.without;
        self.words
            .iter()
            .copied()
            .filter(move |&w| words.letters(w) & without == 0)
    }
}

/// The miss part of every letter of a family at once: per letter, the OR and AND of the
/// letter sets of the words that lack it, their number and the smallest of them.
#[derive(Clone, Debug)]
pub(super) struct Misses {
    pub(super) any: [u32; 26],
    pub(super) all: [u32; 26],
    pub(super) count: [u32; 26],
    pub(super) first: [u32; 26],
}

impl Words {
    pub(super) fn new(bucket: &Bucket) -> Words {
        let n = bucket.len();
        let letters: Vec<u32> = (0..n).map(|w| bucket.letters(w).bits()).collect();
        let mut ids = vec![0u32; 26 * n];
        // Ids in first-seen order (a hash map, not a sort: building this must stay cheap,
        // since the look-ahead referee builds a solver per guess).
        let mut index: FxHashMap<u32, u32> = FxHashMap::default();
        let masks: [Vec<u32>; 26] = std::array::from_fn(|g| {
            index.clear();
            let mut distinct = Vec::new();
            for (w, id) in ids[g * n..(g + 1) * n].iter_mut().enumerate() {
                let m = bucket.position_masks(w)[g];
                *id = *index.entry(m).or_insert_with(|| {
                    distinct.push(m);
                    distinct.len() as u32 - 1
                });
            }
            distinct
        });
        let max_ids = masks.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let sizes = letters.iter().map(|l| l.count_ones() as u8).collect();
        Words {
            letters,
            sizes,
            ids,
            masks,
            n,
            max_ids,
        }
    }

    /// The letter set of word `w`.
    #[inline]
    pub(super) fn letters(&self, w: u32) -> u32 {
        self.letters[w as usize]
    }

    /// The number of distinct letters of word `w`.
    #[inline]
    pub(super) fn size(&self, w: u32) -> u32 {
        u32::from(self.sizes[w as usize])
    }

    /// The mask ids of letter `g` for every word of the bucket.
    #[inline]
    pub(super) fn ids(&self, g: usize) -> &[u32] {
        &self.ids[g * self.n..(g + 1) * self.n]
    }

    /// The size a count array passed to [`Words::split`] must have.
    pub(super) fn max_ids(&self) -> usize {
        self.max_ids
    }

    /// OR and AND of the letter sets of `family`.
    pub(super) fn any_all(&self, family: &[u32]) -> (u32, u32) {
        family.iter().fold((0, u32::MAX), |(any, all), &w| {
            let l = self.letters(w);
            (any | l, all & l)
        })
    }

    /// The letters of `candidates` that split `family`, given the OR (`any`) and AND
    /// (`all`) of its letter sets, and the subset of them that every word contains.
    ///
    /// A letter in some words but not all splits the family (mask 0 against non-zero). A
    /// letter in every word splits it iff two words hold it at different positions.
    pub(super) fn split_letters(
        &self,
        family: View<'_>,
        candidates: u32,
        any: u32,
        all: u32,
    ) -> (u32, u32) {
        if family.len <= 1 {
            return (0, 0);
        }
        let partial = any & !all & candidates;
        let mut required = 0;
        let mut common = all & candidates;
        while common != 0 {
            let g = common.trailing_zeros() as usize;
            common &= common - 1;
            let ids = self.ids(g);
            let first = ids[family.first as usize];
            if family.iter(self).any(|w| ids[w as usize] != first) {
                required |= 1 << g;
            }
        }
        (partial | required, required)
    }

    /// The misses of every letter of `split` at once, in one pass over `family`.
    pub(super) fn misses(&self, family: &[u32], split: u32) -> Misses {
        let mut m = Misses {
            any: [0; 26],
            all: [u32::MAX; 26],
            count: [0; 26],
            first: [u32::MAX; 26],
        };
        // Backwards, so the last word written as `first` is the smallest.
        for &w in family.iter().rev() {
            let l = self.letters(w);
            let mut absent = split & !l;
            while absent != 0 {
                let g = absent.trailing_zeros() as usize;
                absent &= absent - 1;
                m.any[g] |= l;
                m.all[g] &= l;
                m.count[g] += 1;
                m.first[g] = w;
            }
        }
        m
    }

    /// Splits `family` by letter `g` into `out` (resized to the family's length), one
    /// [`Part`] per distinct mask in ascending mask order (the miss part first), each part
    /// keeping the family's order. `counts` must be all zero and at least
    /// [`Words::max_ids`] long; it is left all zero.
    pub(super) fn split(
        &self,
        family: &[u32],
        g: usize,
        out: &mut Vec<u32>,
        parts: &mut Vec<Part>,
        counts: &mut [u32],
    ) {
        let ids = self.ids(g);
        parts.clear();
        out.clear();
        out.resize(family.len(), 0);
        // Pass 1: part sizes, and which ids occur (in first-seen order, sorted below).
        let mut seen: [u32; 64] = [0; 64];
        let mut seen_len = 0usize;
        let mut overflow: Vec<u32> = Vec::new();
        for &w in family {
            let id = ids[w as usize] as usize;
            if counts[id] == 0 {
                if seen_len < seen.len() {
                    seen[seen_len] = id as u32;
                    seen_len += 1;
                } else {
                    overflow.push(id as u32);
                }
            }
            counts[id] += 1;
        }
        let mut order: Vec<u32>;
        let order: &mut [u32] = if overflow.is_empty() {
            &mut seen[..seen_len]
        } else {
            order = seen.to_vec();
            order.extend(overflow);
            &mut order
        };
        let masks = &self.masks[g];
        order.sort_unstable_by_key(|&id| masks[id as usize]);
        // Lay the parts out, then reuse `counts` as the id → part map.
        let mut start = 0u32;
        for (p, &id) in order.iter().enumerate() {
            let len = counts[id as usize];
            parts.push(Part {
                start,
                // Counted up again while scattering.
                len: 0,
                mask: masks[id as usize],
                any: 0,
                all: u32::MAX,
            });
            start += len;
            counts[id as usize] = p as u32;
        }
        // Pass 2: scatter, with each part's letter-set OR and AND.
        for &w in family {
            let part = &mut parts[counts[ids[w as usize] as usize] as usize];
            out[(part.start + part.len) as usize] = w;
            part.len += 1;
            let l = self.letters(w);
            part.any |= l;
            part.all &= l;
        }
        for &id in order.iter() {
            counts[id as usize] = 0;
        }
    }

    /// The words of `family` that lack letter `g` (the miss part), into `out`.
    pub(super) fn miss_part(&self, family: &[u32], g: usize, out: &mut Vec<u32>) {
        out.clear();
        let bit = 1u32 << g;
        out.extend(
            family
                .iter()
                .copied()
                .filter(|&w| self.letters(w) & bit == 0),
        );
    }
}
