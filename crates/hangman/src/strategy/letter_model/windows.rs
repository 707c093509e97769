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

use super::index::{MARKER, MAX_WINDOW, Slot, SubstringIndex, letter_symbol};
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
    /// counts by position.
    pub(crate) fn gather(
        index: &SubstringIndex,
        bucket: &Bucket,
        positional: &[[f64; 26]],
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
        for n in 2..=MAX_WINDOW.min(padded.len() - 1) {
            for start in 0..=padded.len() - n {
                let window = &padded[start..start + n];
                let blank_count = window
                    .iter()
                    .filter(|s| matches!(s, Slot::Blank(_)))
                    .count();
                if blank_count == 0 || blank_count > weights.max_blanks {
                    continue;
                }
                let counts = index.count(window);
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
        for w in 0..bucket.len() {
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
