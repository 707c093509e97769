//! How letters split a candidate set: the statistics greedy, entropy and the lookahead rank
//! letters by. These count what [`candidates::partition`](crate::candidates::partition)
//! would build, without building the families.

use lexicon::{Bucket, Letter, LetterSet};

/// Per-letter statistics of a candidate set.
#[derive(Clone, Debug)]
pub struct LetterStats {
    /// Number of candidates.
    pub n: u32,
    /// For each letter, how many candidates contain it (each word counted once).
    pub counts: [u32; 26],
    /// Letters whose position masks differ between two candidates that contain them.
    pub varied: LetterSet,
}

impl LetterStats {
    /// Gathers the statistics of `cands`.
    pub fn of(bucket: &Bucket, cands: &[u32]) -> LetterStats {
        let mut counts = [0u32; 26];
        // A letter's masks vary exactly when their union differs from their intersection:
        // no branch per letter on whether it was seen before (the search's hottest loop).
        let mut any = [0u32; 26];
        let mut all = [u32::MAX; 26];
        for &c in cands {
            let masks = bucket.position_masks(c as usize);
            let mut bits = bucket.letters(c as usize).bits();
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mask = masks[i];
                counts[i] += 1;
                any[i] |= mask;
                all[i] &= mask;
            }
        }
        let mut varied = 0u32;
        for i in 0..26 {
            if counts[i] > 0 && any[i] != all[i] {
                varied |= 1 << i;
            }
        }
        LetterStats {
            n: cands.len() as u32,
            counts,
            varied: LetterSet::from_bits(varied),
        }
    }

    /// Whether guessing `letter` can tell some candidates apart: some but not all contain
    /// it, or they hold it at different positions. Any other letter only costs a point (a
    /// letter every candidate holds in the same places is revealed by the final word guess
    /// for free).
    pub fn splits(&self, letter: Letter) -> bool {
        let k = self.counts[letter.index()];
        k > 0 && (k < self.n || self.varied.contains(letter))
    }

    /// Every letter that splits the set. Guessed letters never do (every candidate agrees
    /// with the board on them), so no exclusion set is needed.
    pub fn splitting(&self) -> LetterSet {
        let mut bits = 0u32;
        for (i, &k) in self.counts.iter().enumerate() {
            if k > 0 && (k < self.n || self.varied.bits() & (1 << i) != 0) {
                bits |= 1 << i;
            }
        }
        LetterSet::from_bits(bits)
    }
}

/// The sizes of the families `letter` splits `cands` into (the miss family included when
/// not empty), in no particular order; `scratch` is reused storage.
pub fn family_sizes(
    bucket: &Bucket,
    cands: &[u32],
    letter: Letter,
    scratch: &mut Vec<u32>,
    sizes: &mut Vec<u32>,
) {
    scratch.clear();
    scratch.extend(cands.iter().map(|&c| bucket.positions(c as usize, letter)));
    scratch.sort_unstable();
    sizes.clear();
    let mut run = 0u32;
    for (i, &m) in scratch.iter().enumerate() {
        run += 1;
        if i + 1 == scratch.len() || scratch[i + 1] != m {
            sizes.push(run);
            run = 0;
        }
    }
}

/// The entropy (bits) of the response to `letter` and the share of candidates it misses,
/// for every letter in `letters`, computed in one pass over the candidates.
pub fn entropies(bucket: &Bucket, cands: &[u32], letters: LetterSet) -> [(f64, f64); 26] {
    if cands.is_empty() {
        return [(0.0, 1.0); 26];
    }
    thread_local! {
        /// The keys' storage, kept between calls: the exact search ranks letters at every
        /// state it opens, and a fresh buffer each time cost more than small sets' sorting.
        static KEYS: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    KEYS.with_borrow_mut(|keys| entropies_in(bucket, cands, letters, keys))
}

/// [`entropies`] with `keys` as scratch storage.
fn entropies_in(
    bucket: &Bucket,
    cands: &[u32],
    letters: LetterSet,
    keys: &mut Vec<u64>,
) -> [(f64, f64); 26] {
    let n = cands.len();
    let mut out = [(0.0, 1.0); 26];
    // One key per (letter, non-zero mask) occurrence; sorting groups the families.
    let bits = letters.bits();
    keys.clear();
    for &c in cands {
        let masks = bucket.position_masks(c as usize);
        let mut present = bucket.letters(c as usize).bits() & bits;
        while present != 0 {
            let i = present.trailing_zeros();
            present &= present - 1;
            keys.push(u64::from(i) << 32 | u64::from(masks[i as usize]));
        }
    }
    keys.sort_unstable();
    let mut hits = [0u32; 26];
    let mut sum_slogs = [0.0f64; 26];
    let mut run = 0u32;
    for (i, &k) in keys.iter().enumerate() {
        run += 1;
        if i + 1 == keys.len() || keys[i + 1] != k {
            let l = (k >> 32) as usize;
            hits[l] += run;
            sum_slogs[l] += slog(run);
            run = 0;
        }
    }
    let nf = n as f64;
    let log_n = nf.log2();
    for letter in letters.iter() {
        let i = letter.index();
        let miss = n as u32 - hits[i];
        let total = sum_slogs[i] + slog(miss);
        out[i] = (log_n - total / nf, f64::from(miss) / nf);
    }
    out
}

/// `s * log2(s)`, with 0 for 0.
fn slog(s: u32) -> f64 {
    if s <= 1 {
        0.0
    } else {
        let s = f64::from(s);
        s * s.log2()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates;
    use lexicon::Lexicon;

    fn letter(c: u8) -> Letter {
        Letter::from_ascii(c).unwrap()
    }

    #[test]
    fn stats_and_sizes_agree_with_partition() {
        let lex = Lexicon::from_words(["bat", "cat", "tab", "tot", "bib", "bob", "cob"]).unwrap();
        let b = lex.bucket(3);
        let all = candidates::all(b);
        let stats = LetterStats::of(b, &all);
        let ents = entropies(b, &all, LetterSet::FULL);
        let (mut scratch, mut sizes) = (Vec::new(), Vec::new());
        for l in Letter::ALL {
            let fams = candidates::partition(b, &all, l);
            assert_eq!(stats.splits(l), fams.len() > 1, "{l}");
            // Each word counted once: the sizes of the families that hold the letter.
            let holding: usize = fams
                .iter()
                .filter(|(m, _)| *m != 0)
                .map(|(_, f)| f.len())
                .sum();
            assert_eq!(stats.counts[l.index()] as usize, holding, "{l}");
            family_sizes(b, &all, l, &mut scratch, &mut sizes);
            let mut expect: Vec<u32> = fams.iter().map(|(_, f)| f.len() as u32).collect();
            expect.sort_unstable();
            sizes.sort_unstable();
            assert_eq!(sizes, expect, "{l}");
            let n = all.len() as f64;
            let h: f64 = expect
                .iter()
                .map(|&s| -(f64::from(s) / n) * (f64::from(s) / n).log2())
                .sum();
            assert!((ents[l.index()].0 - h).abs() < 1e-9, "{l}");
            let miss = fams
                .iter()
                .find(|(m, _)| *m == 0)
                .map_or(0, |(_, f)| f.len());
            assert!((ents[l.index()].1 - miss as f64 / n).abs() < 1e-12);
        }
        // `b` is in bat, tab, bib, bob, cob at different places: splits; `z` is in none.
        assert!(stats.splits(letter(b'b')));
        assert!(!stats.splits(letter(b'z')));
        let same = Lexicon::from_words(["bat", "cat"]).unwrap();
        let s = LetterStats::of(same.bucket(3), &[0, 1]);
        assert!(!s.splits(letter(b'a')) && !s.splits(letter(b't')) && s.splits(letter(b'c')));
        assert_eq!(s.splitting().to_string(), "bc");
    }
}
