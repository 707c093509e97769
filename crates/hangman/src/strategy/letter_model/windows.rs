//! Evidence about each blank of a board from windows of the board and from whole training
//! words, and how the [`Weights`] combine it into per-cell letter odds.
//!
//! A *window* is a run of the padded board (`#` + cells + `#`) of 2 to [`MAX_WINDOW`]
//! symbols that holds at least one blank: known letters and markers must match a training
//! substring exactly, and a blank matches any letter not yet guessed. Each window gives, for
//! each of its blanks, the distribution of the letters that fill it among the matching
//! substrings. A window with `m` matches counts `m / (m + confidence)` of its weight: a long
//! window that matched twice is soon outweighed by the shorter windows around it (the
//! back-off).
//!
//! Whole training words of the board's length add the same kind of evidence: those that fit
//! the board exactly, those that fit it at all but one cell, and the letter frequencies at
//! each position of words of that length.

use lexicon::{Bucket, Letter, LetterSet};
use rustc_hash::FxHashMap;

use super::index::{
    MARKER, MAX_WINDOW, Slot, SubstringIndex, WindowCounts, letter_symbol, walks_backward,
};
use super::weights::{SOURCES, Weights};

const EXACT: usize = MAX_WINDOW - 1;
const NEAR: usize = EXACT + 1;
const PRIOR: usize = EXACT + 2;

/// One blank's evidence: for each source, the letter distribution summed over that
/// source's windows, each already scaled by its confidence (so the weights apply linearly).
pub(crate) type CellEvidence = [[f32; 26]; SOURCES];

/// The evidence about every blank of one board.
#[derive(Clone, Debug)]
pub(crate) struct BoardEvidence {
    /// The blanks' cell indices and evidence, in board order.
    pub(crate) cells: Vec<(usize, Box<CellEvidence>)>,
    /// Letters that may fill the blanks: unguessed, and, with one blank left, not making
    /// the board a training word (the secret is not one).
    pub(crate) allowed: LetterSet,
    /// Training words of the board's length that fit it exactly.
    pub(crate) exact: usize,
    /// Training words of the board's length that fit it at all but one cell.
    pub(crate) near: usize,
}

impl BoardEvidence {
    /// Gathers the evidence of `board` with `guessed` letters: `index` for the windows,
    /// `bucket` the training words of the board's length, `positional` their letter
    /// counts by position, `cell_index` the same words indexed by cell (for the fits).
    pub(crate) fn gather(
        index: &SubstringIndex,
        bucket: &Bucket,
        positional: &[[f64; 26]],
        cell_index: &CellIndex,
        board: &[Option<Letter>],
        guessed: LetterSet,
        weights: &Weights,
    ) -> BoardEvidence {
        let unguessed = guessed.complement();
        let length = board.len();
        let blanks: Vec<usize> = (0..length).filter(|&i| board[i].is_none()).collect();
        let mut slot_of = vec![usize::MAX; length];
        for (j, &i) in blanks.iter().enumerate() {
            slot_of[i] = j;
        }
        let mut cells: Vec<Box<CellEvidence>> = blanks
            .iter()
            .map(|_| Box::new([[0.0; 26]; SOURCES]))
            .collect();
        let confidence = weights.confidence;
        // Windows of the padded board; the one spanning the whole padded board is left to
        // the exact fits below.
        let padded: Vec<Slot> = std::iter::once(Slot::Known(MARKER))
            .chain(board.iter().map(|c| match c {
                Some(l) => Slot::Known(letter_symbol(*l)),
                None => Slot::Blank(unguessed),
            }))
            .chain(std::iter::once(Slot::Known(MARKER)))
            .collect();
        let longest = MAX_WINDOW.min(padded.len() - 1);
        let counted = |window: &[Slot]| {
            let blank_count = window
                .iter()
                .filter(|s| matches!(s, Slot::Blank(_)))
                .count();
            blank_count > 0 && blank_count <= weights.max_blanks
        };
        // Every window counted, walked as `SubstringIndex::count` would walk it (forwards
        // from its start or backwards from its end), and the windows walked from one
        // anchor in one walk: a window's walk retraces the path of the shorter windows
        // of its anchor, and most of the windows' cost was these repeats.
        // The windows counted, as (start, length, walked backwards), in the order their
        // evidence is added below.
        let windows: Vec<(usize, usize, bool)> = (2..=longest)
            .flat_map(|n| (0..=padded.len() - n).map(move |start| (start, n)))
            .filter(|&(start, n)| counted(&padded[start..start + n]))
            .map(|(start, n)| (start, n, walks_backward(&padded[start..start + n])))
            .collect();
        let ends = padded.len() + 1;
        let (mut from_start, mut from_end) = (vec![0u32; ends], vec![0u32; ends]);
        for &(start, n, backward) in &windows {
            if backward {
                from_end[start + n] |= 1 << n;
            } else {
                from_start[start] |= 1 << n;
            }
        }
        // By anchor, then by length: the counts of each window, as an index into `walked`.
        // Every blank of a board allows the same letters, so anchors whose windows read
        // alike (the runs of blanks inside a long word: `??`, `???` at each place) share
        // one walk, and those walks are the costliest.
        let mut walked: Vec<Vec<WindowCounts>> = Vec::new();
        let mut seen: FxHashMap<(Vec<u8>, bool, u32), usize> = FxHashMap::default();
        let mut walk = |slots: &[Slot], backward: bool, wanted: u32| {
            let key: Vec<u8> = slots
                .iter()
                .map(|s| match s {
                    Slot::Known(k) => *k,
                    Slot::Blank(_) => 0,
                })
                .collect();
            *seen.entry((key, backward, wanted)).or_insert_with(|| {
                walked.push(index.count_anchored(slots, backward, wanted));
                walked.len() - 1
            })
        };
        let (mut forward, mut backward) = (vec![usize::MAX; ends], vec![usize::MAX; ends]);
        for anchor in 0..ends {
            let wanted = from_start[anchor];
            if wanted != 0 {
                let reach = 31 - wanted.leading_zeros() as usize;
                forward[anchor] = walk(&padded[anchor..anchor + reach], false, wanted);
            }
            let wanted = from_end[anchor];
            if wanted != 0 {
                let reach = 31 - wanted.leading_zeros() as usize;
                backward[anchor] = walk(&padded[anchor - reach..anchor], true, wanted);
            }
        }
        for &(start, n, walked_backward) in &windows {
            let window = &padded[start..start + n];
            let counts = if walked_backward {
                &walked[backward[start + n]][n]
            } else {
                &walked[forward[start]][n]
            };
            let mut j = 0;
            for (offset, slot) in window.iter().enumerate() {
                if let Slot::Blank(_) = slot {
                    // Padded position `start + offset` is cell `start + offset - 1`.
                    let cell = slot_of[start + offset - 1];
                    add(
                        &mut cells[cell][n - 2],
                        &counts.counts[j],
                        counts.total,
                        confidence,
                    );
                    j += 1;
                }
            }
        }
        // Whole words of the board's length. A word's mismatched cells: where it holds a
        // guessed letter the board does not show there, or lacks one the board shows.
        let mut board_masks = [0u32; 26];
        for (p, c) in board.iter().enumerate() {
            if let Some(l) = c {
                board_masks[l.index()] |= 1 << p;
            }
        }
        let guessed_list: Vec<usize> = guessed.iter().map(Letter::index).collect();
        let mut fits = vec![[[0.0f64; 26]; 2]; blanks.len()];
        let (mut exact, mut near) = (0, 0);
        for w in cell_index.near_fits(board, guessed) {
            let masks = bucket.position_masks(w);
            let mismatch = guessed_list
                .iter()
                .fold(0u32, |m, &g| m | (masks[g] ^ board_masks[g]));
            let kind = match mismatch.count_ones() {
                0 => 0,
                1 => 1,
                _ => continue,
            };
            if kind == 0 {
                exact += 1;
            } else {
                near += 1;
            }
            let word = bucket.word(w);
            for (j, &i) in blanks.iter().enumerate() {
                if mismatch & (1 << i) == 0 {
                    fits[j][kind][usize::from(word[i] - b'a')] += 1.0;
                }
            }
        }
        // With one blank left, a letter that makes a training word is ruled out.
        let mut allowed = unguessed;
        if blanks.len() == 1 {
            for (l, &n) in fits[0][0].iter().enumerate() {
                if n > 0.0 {
                    allowed = allowed.difference(LetterSet::EMPTY.with(Letter::ALL[l]));
                }
            }
            fits[0][0] = [0.0; 26];
            if allowed.is_empty() {
                allowed = unguessed;
            }
        }
        for (j, &i) in blanks.iter().enumerate() {
            let [exact_fit, near_fit] = &fits[j];
            add_counts(&mut cells[j][EXACT], exact_fit, unguessed, confidence);
            add_counts(&mut cells[j][NEAR], near_fit, unguessed, confidence);
            if let Some(prior) = positional.get(i) {
                add_counts(&mut cells[j][PRIOR], prior, unguessed, confidence);
            }
        }
        BoardEvidence {
            cells: blanks.into_iter().zip(cells).collect(),
            allowed,
            exact,
            near,
        }
    }

    /// Rules out, with one blank left, the letters that would make one of `wrong_words`
    /// (words already guessed and missed), as [`BoardEvidence::gather`] does for training
    /// words.
    pub(crate) fn rule_out_words(&mut self, board: &[Option<Letter>], wrong_words: &[String]) {
        let [(blank, _)] = self.cells.as_slice() else {
            return;
        };
        for word in wrong_words.iter().map(String::as_bytes) {
            let fits = word.len() == board.len()
                && board.iter().zip(word).all(|(cell, &b)| {
                    cell.is_none_or(|l| l.lower() == b) && b.is_ascii_lowercase()
                });
            if fits {
                let letter = Letter::ALL[usize::from(word[*blank] - b'a')];
                let rest = self.allowed.difference(LetterSet::EMPTY.with(letter));
                if !rest.is_empty() {
                    self.allowed = rest;
                }
            }
        }
    }

    /// Each blank's letter odds under `weights`, and from them the chance of each letter
    /// being anywhere in the word (blanks taken as independent).
    pub(crate) fn combine(&self, weights: &Weights) -> (Vec<(usize, [f64; 26])>, [f64; 26]) {
        let scale = weights.sources();
        let allowed = self.allowed;
        let mut absent = [1.0f64; 26];
        let cells = self
            .cells
            .iter()
            .map(|(i, evidence)| {
                let mut p = [0.0f64; 26];
                for (source, w) in evidence.iter().zip(scale) {
                    if w != 0.0 {
                        for l in allowed.iter() {
                            p[l.index()] += w * f64::from(source[l.index()]);
                        }
                    }
                }
                let sum: f64 = p.iter().sum();
                if sum > 0.0 {
                    p.iter_mut().for_each(|x| *x /= sum);
                } else {
                    let k = f64::from(allowed.len());
                    allowed.iter().for_each(|l| p[l.index()] = 1.0 / k);
                }
                for (a, q) in absent.iter_mut().zip(p) {
                    *a *= 1.0 - q;
                }
                (*i, p)
            })
            .collect();
        let mut present = [0.0; 26];
        for l in allowed.iter() {
            present[l.index()] = 1.0 - absent[l.index()];
        }
        (cells, present)
    }
}

/// The training words of one length indexed by cell: for each position and letter, the set
/// of words holding that letter there (bit sets, 64 words a block), so that the words that
/// fit a board at all cells but one at most are found a block of 64 words at a time, not
/// by reading every word's letters.
#[derive(Debug)]
pub(crate) struct CellIndex {
    length: usize,
    words: usize,
    blocks: usize,
    /// Block `b` of the words holding letter `l` at position `p` at `(p * 26 + l) * blocks + b`.
    at: Vec<u64>,
}

impl CellIndex {
    /// Indexes the words of `bucket`.
    pub(crate) fn build(bucket: &Bucket) -> CellIndex {
        let (length, words) = (bucket.length(), bucket.len());
        let blocks = words.div_ceil(64);
        let mut at = vec![0u64; length * 26 * blocks];
        for w in 0..words {
            for (p, &b) in bucket.word(w).iter().enumerate() {
                at[(p * 26 + usize::from(b - b'a')) * blocks + w / 64] |= 1 << (w % 64);
            }
        }
        CellIndex {
            length,
            words,
            blocks,
            at,
        }
    }

    /// The words (ascending indices) that fit `board` with the `guessed` letters at every
    /// cell but one at most: a shown cell holds its letter, a blank no guessed letter. (A
    /// superset check is enough for the caller, which counts each word's cells itself;
    /// this is exact.)
    pub(crate) fn near_fits(&self, board: &[Option<Letter>], guessed: LetterSet) -> Vec<usize> {
        if board.len() != self.length || self.words == 0 {
            return Vec::new();
        }
        let blocks = self.blocks;
        let row = |p: usize, l: usize| &self.at[(p * 26 + l) * blocks..(p * 26 + l + 1) * blocks];
        // Per word, whether one cell fails (`once`), and whether two do (`twice`).
        let (mut once, mut twice) = (vec![0u64; blocks], vec![0u64; blocks]);
        let mut fail = vec![0u64; blocks];
        for (p, cell) in board.iter().enumerate() {
            match cell {
                // A shown letter (a guessed one, as boards are) fails where it is not held.
                Some(l) if guessed.contains(*l) => {
                    let holds = row(p, l.index());
                    fail.iter_mut().zip(holds).for_each(|(f, h)| *f = !h);
                }
                // A blank fails where a guessed letter is held.
                _ => {
                    fail.fill(0);
                    for g in guessed.iter() {
                        fail.iter_mut()
                            .zip(row(p, g.index()))
                            .for_each(|(f, h)| *f |= h);
                    }
                }
            }
            for ((o, t), f) in once.iter_mut().zip(&mut twice).zip(&fail) {
                *t |= *o & f;
                *o |= f;
            }
        }
        let mut out = Vec::new();
        for (b, &t) in twice.iter().enumerate() {
            let mut kept = !t;
            if b + 1 == blocks && !self.words.is_multiple_of(64) {
                kept &= (1u64 << (self.words % 64)) - 1;
            }
            while kept != 0 {
                out.push(b * 64 + kept.trailing_zeros() as usize);
                kept &= kept - 1;
            }
        }
        out
    }
}

/// Adds one window's letter distribution at a blank, scaled by its confidence
/// `total / (total + confidence)`.
fn add(to: &mut [f32; 26], counts: &[f64; 26], total: f64, confidence: f64) {
    if total > 0.0 {
        let scale = 1.0 / (total + confidence);
        for (t, c) in to.iter_mut().zip(counts) {
            *t += (c * scale) as f32;
        }
    }
}

/// [`add`] for counts over every letter, of which only `allowed` letters count.
fn add_counts(to: &mut [f32; 26], counts: &[f64; 26], allowed: LetterSet, confidence: f64) {
    let mut kept = [0.0; 26];
    for l in allowed.iter() {
        kept[l.index()] = counts[l.index()];
    }
    add(to, &kept, kept.iter().sum(), confidence);
}

#[cfg(test)]
mod tests {
    use lexicon::Lexicon;

    use super::*;

    /// The words with at most one mismatching cell, read word by word as the model did
    /// before the cell index.
    fn near_fits_by_scan(
        bucket: &Bucket,
        board: &[Option<Letter>],
        guessed: LetterSet,
    ) -> Vec<usize> {
        let mut board_masks = [0u32; 26];
        for (p, c) in board.iter().enumerate() {
            if let Some(l) = c {
                board_masks[l.index()] |= 1 << p;
            }
        }
        (0..bucket.len())
            .filter(|&w| {
                let masks = bucket.position_masks(w);
                let mismatch = guessed
                    .iter()
                    .fold(0u32, |m, g| m | (masks[g.index()] ^ board_masks[g.index()]));
                mismatch.count_ones() <= 1
            })
            .collect()
    }

    #[test]
    fn the_cell_index_finds_the_words_a_scan_finds() {
        let words = [
            "cater", "later", "water", "wader", "wafer", "taser", "tamer", "hater", "eater",
            "laser", "lamer", "baker", "bakes", "cakes", "lakes", "takes", "tales", "males",
        ];
        let lexicon = Lexicon::from_words(words).unwrap();
        let bucket = lexicon.bucket(5);
        let index = CellIndex::build(bucket);
        let letter = |c: u8| Letter::from_ascii(c).unwrap();
        let board = |text: &[u8]| -> Vec<Option<Letter>> {
            text.iter()
                .map(|&b| (b != b'-').then(|| letter(b)))
                .collect()
        };
        for (shown, guessed) in [
            (&b"-----"[..], &b""[..]),
            (b"-----", b"s"),
            (b"-a-er", b"aer"),
            (b"-a-er", b"aertw"),
            (b"-ake-", b"akeo"),
            (b"la-er", b"laer"),
            (b"-a-e-", b"aeszq"),
            // A shown letter not among the guessed ones (a board a caller made up).
            (b"-a---", b"t"),
        ] {
            let (shown, guessed) = (board(shown), LetterSet::of_word(guessed));
            assert_eq!(
                index.near_fits(&shown, guessed),
                near_fits_by_scan(bucket, &shown, guessed),
                "{shown:?} {guessed}"
            );
        }
        // Another length finds nothing.
        assert!(
            index
                .near_fits(&board(b"----"), LetterSet::EMPTY)
                .is_empty()
        );
        // Many blocks of 64 words, the last one partly filled.
        let embedded = Lexicon::embedded();
        let bucket = embedded.bucket(5);
        assert!(
            bucket.len() > 200 && !bucket.len().is_multiple_of(64),
            "{}",
            bucket.len()
        );
        let index = CellIndex::build(bucket);
        for (shown, guessed) in [(&b"-a-e-"[..], &b"aest"[..]), (b"s---s", b"sio")] {
            let (shown, guessed) = (board(shown), LetterSet::of_word(guessed));
            assert_eq!(
                index.near_fits(&shown, guessed),
                near_fits_by_scan(bucket, &shown, guessed)
            );
        }
    }
}
