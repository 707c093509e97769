//! A letter model for secrets that are not in the word list.
//!
//! Every candidate-based guesser assumes the secret is a word of its list; a person's word
//! often is not (`podcasts`, a name, a new compound). The [`LetterModel`] is trained from a
//! word list and estimates, for a board and the letters guessed, the chance that each
//! unguessed letter is in the word, *assuming the word is not in the list*. It combines two
//! views of the training words:
//!
//! - **Completions** (joint): a character language model of order [`Weights::order`]
//!   (interpolated Kneser–Ney with [`Weights::discount`]; the training words padded with a
//!   boundary marker, `#word#`) scores the completions of the board left to right in a
//!   beam of [`Weights::beam`]; completions that are training words (or words already
//!   guessed wrong) are dropped, since the secret is not one of them. The chance of a
//!   letter is the posterior weight of the completions that hold it, so letters that go
//!   together (`q` and `u`, a suffix) are counted together.
//! - **Windows** (per blank): runs of 2 to 12 symbols of the padded board around each blank
//!   (known letters, blanks that may hold any unguessed letter, the markers) are matched
//!   against the training words' substrings; same-length training words that fit the board
//!   exactly or at all but one cell and the letter frequencies by position add to them.
//!   Each source is weighted by [`Weights::windows`] etc. and by how many matches back it,
//!   so long windows with little support back off to shorter ones; blanks are then taken
//!   as independent.
//!
//! The letter's chance is [`Weights::completions`] of the first plus the rest of the
//! second. The weights are fitted on held-out parts of the training list
//! ([`fit`](self::fit())): the discount by the likelihood of the held-out words, the rest by
//! the log-loss of the letter odds on boards met while playing them.
//!
//! Training indexes every substring of at most 12 symbols (two tries: forwards and
//! backwards) and builds the language model's back-off automaton; it takes about a second
//! for 173,000 words.
//!
//! # Examples
//!
//! ```
//! use std::sync::Arc;
//! use hangman::strategy::letter_model::{LetterModel, Weights};
//! use lexicon::{Letter, LetterSet, Lexicon};
//!
//! let words = Lexicon::from_words(["walk", "walked", "walker", "talk", "talked", "talking"])?;
//! let model = LetterModel::train(Arc::new(words), Weights::default());
//! // "walking" is not in the list: W A L K - - -, with e, r, s, d guessed wrong.
//! let letter = |c| Letter::from_ascii(c).unwrap();
//! let board: Vec<Option<Letter>> =
//!     b"walk".iter().map(|&c| Some(letter(c))).chain([None, None, None]).collect();
//! let guessed = LetterSet::of_word(b"walkersd");
//! let odds = model.odds(&board, guessed, &[]);
//! assert_eq!(odds.best(guessed), Some(letter(b'i')));
//! # Ok::<(), lexicon::LexiconError>(())
//! ```

mod fit;
mod index;
mod lm;
mod windows;

use std::sync::{Arc, Mutex, OnceLock};

use lexicon::{Letter, LetterSet, Lexicon};
use rustc_hash::FxHashMap;

pub use fit::{FitOptions, FitReport, fit};
use index::{MAX_WINDOW, SubstringIndex};
use lm::LanguageModel;
use windows::{BoardEvidence, SOURCES};

/// How the model weighs its evidence. The defaults were fitted with [`fit`] on held-out
/// parts of the challenge dictionary (`words.txt`); `hangman holdout` fits them on any
/// list.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Weight of the windows of `n` symbols at index `n - 2` (`n` = 2..=12).
    pub windows: [f64; MAX_WINDOW - 1],
    /// Weight of the training words of the board's length that fit it exactly (with one
    /// blank left they rule letters out instead).
    pub exact: f64,
    /// Weight of the training words of the board's length that fit it at all but one cell.
    pub near: f64,
    /// Weight of the letter frequencies at each position of words of the board's length.
    pub prior: f64,
    /// A window with `m` matches counts `m / (m + confidence)` of its weight.
    pub confidence: f64,
    /// Windows with more blanks than this are skipped (a bound on the work per window; not
    /// fitted).
    pub max_blanks: usize,
    /// The share of the completions' odds in a letter's chance (the rest is the windows').
    pub completions: f64,
    /// Order of the language model: it predicts a symbol from the `order - 1` before it.
    pub order: usize,
    /// Kneser–Ney discount of the language model (0 to 1).
    pub discount: f64,
    /// Partial completions kept at each cell.
    pub beam: usize,
}

impl Default for Weights {
    /// Fitted on `words.txt` less the 1,000 words `hangman holdout` holds out with seed 1
    /// (`hangman holdout ../shared/data/words.txt --seed 1 --format json` prints them), so
    /// that held-out run never saw its test words. Long windows (8 symbols and more) carry
    /// the windows' view; the completions carry most of the odds.
    fn default() -> Weights {
        Weights {
            windows: [
                0.0804, 0.129, 0.206, 0.330, 0.527, 2.19, 51.7, 333.0, 534.0, 855.0, 1370.0,
            ],
            exact: 213.0,
            near: 4.84,
            prior: 0.0241,
            confidence: 2.0,
            max_blanks: 3,
            completions: 0.8375,
            order: 6,
            discount: 0.55,
            beam: 3000,
        }
    }
}

impl Weights {
    /// The weight of each evidence source, in the order of the windows module.
    fn sources(&self) -> [f64; SOURCES] {
        let mut out = [0.0; SOURCES];
        out[..MAX_WINDOW - 1].copy_from_slice(&self.windows);
        out[MAX_WINDOW - 1] = self.exact;
        out[MAX_WINDOW] = self.near;
        out[MAX_WINDOW + 1] = self.prior;
        out
    }

    /// Checks the ranges.
    ///
    /// # Errors
    ///
    /// A message naming the first value out of range.
    pub fn validate(&self) -> Result<(), String> {
        let weights = self.sources();
        if let Some(w) = weights.iter().find(|w| !(w.is_finite() && **w >= 0.0)) {
            return Err(format!("weight {w} is not a finite number >= 0"));
        }
        if weights.iter().all(|&w| w == 0.0) && self.completions < 1.0 {
            return Err("every window weight is 0".into());
        }
        if !(self.confidence.is_finite() && self.confidence >= 0.0) {
            return Err(format!("confidence {} is not >= 0", self.confidence));
        }
        if !(0.0..=1.0).contains(&self.completions) {
            return Err(format!(
                "completions share {} is not in 0..1",
                self.completions
            ));
        }
        if !(2..=MAX_WINDOW).contains(&self.order) {
            return Err(format!("order {} is not in 2..={MAX_WINDOW}", self.order));
        }
        if !(self.discount > 0.0 && self.discount < 1.0) {
            return Err(format!("discount {} is not in (0, 1)", self.discount));
        }
        if self.beam == 0 {
            return Err("beam 0 keeps no completion".into());
        }
        Ok(())
    }
}

/// A letter model trained from a word list; shared by every game (it is `Sync`).
#[derive(Debug)]
pub struct LetterModel {
    words: Arc<Lexicon>,
    index: Arc<SubstringIndex>,
    lm: LanguageModel,
    /// Per length, per position, letter counts of the training words.
    positional: Arc<Vec<Vec<[f64; 26]>>>,
    weights: Weights,
    /// Odds of boards with no letter shown yet, by (length, guessed letters): every game of
    /// a length starts with the same few of them.
    openings: Mutex<FxHashMap<(usize, u32), LetterOdds>>,
    /// By length, `ln` of the language model's probability of writing a word of that
    /// length that is not a training word (built on first use).
    outside_mass: OnceLock<Vec<f64>>,
}

/// The model's view of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct LetterOdds {
    /// For each letter, the chance that the word holds it (0 for guessed letters and for
    /// letters ruled out).
    pub present: [f64; 26],
    /// The same from the windows alone.
    pub from_windows: [f64; 26],
    /// The same from the completions alone (`None` when every completion was ruled out).
    pub from_completions: Option<[f64; 26]>,
    /// For each unknown cell (by index), the chance of each letter there, from the windows.
    pub cells: Vec<(usize, [f64; 26])>,
    /// The most likely completions with their posterior chances, best first.
    pub likely: Vec<(String, f64)>,
    /// `ln` of the language model's probability of the completions counted (`None` when
    /// none was): see [`LetterModel::outside_fit`].
    pub log_mass: Option<f64>,
    /// Training words of the board's length that fit it exactly.
    pub exact_fits: usize,
    /// Training words of the board's length that fit it at all but one cell.
    pub near_fits: usize,
}

impl LetterOdds {
    /// The unguessed letter most likely to be in the word (ties to the earlier letter).
    pub fn best(&self, guessed: LetterSet) -> Option<Letter> {
        self.ranked(guessed).first().map(|&(l, _)| l)
    }

    /// Unguessed letters by their chance, most likely first (ties alphabetical).
    pub fn ranked(&self, guessed: LetterSet) -> Vec<(Letter, f64)> {
        let mut out: Vec<(Letter, f64)> = guessed
            .complement()
            .iter()
            .map(|l| (l, self.present[l.index()]))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }
}

/// Completions listed in [`LetterOdds::likely`].
const LIKELY: usize = 5;

impl LetterModel {
    /// Trains on `words` (one-time setup: about a second for 173,000 words).
    ///
    /// # Panics
    ///
    /// If `weights` are out of range (see [`Weights::validate`]).
    pub fn train(words: Arc<Lexicon>, weights: Weights) -> LetterModel {
        if let Err(e) = weights.validate() {
            panic!("letter model weights: {e}");
        }
        let index = Arc::new(SubstringIndex::build(words.words()));
        let mut positional = vec![Vec::new(); words.max_length() + 1];
        for length in words.lengths() {
            let mut table = vec![[0.0; 26]; length];
            for w in words.bucket(length).words() {
                for (p, b) in w.bytes().enumerate() {
                    table[p][usize::from(b - b'a')] += 1.0;
                }
            }
            positional[length] = table;
        }
        let lm = LanguageModel::build(&index.forward, weights.order, weights.discount);
        LetterModel {
            words,
            index,
            lm,
            positional: Arc::new(positional),
            weights,
            openings: Mutex::new(FxHashMap::default()),
            outside_mass: OnceLock::new(),
        }
    }

    /// The same model with other weights (the substring index is shared, not rebuilt; the
    /// language model is rebuilt if its order or discount changed).
    ///
    /// # Panics
    ///
    /// If `weights` are out of range (see [`Weights::validate`]).
    #[must_use]
    pub fn with_weights(&self, weights: Weights) -> LetterModel {
        if let Err(e) = weights.validate() {
            panic!("letter model weights: {e}");
        }
        let lm = if (weights.order, weights.discount) == (self.weights.order, self.weights.discount)
        {
            self.lm.clone()
        } else {
            LanguageModel::build(&self.index.forward, weights.order, weights.discount)
        };
        LetterModel {
            words: Arc::clone(&self.words),
            index: Arc::clone(&self.index),
            lm,
            positional: Arc::clone(&self.positional),
            weights,
            openings: Mutex::new(FxHashMap::default()),
            outside_mass: OnceLock::new(),
        }
    }

    /// `ln` of the chance that a word of `length` letters that is not a training word fits
    /// the board of `odds` (as the language model writes such words; a lower bound, from
    /// the completions in the beam). `None` if no completion was counted. The first call
    /// builds a table for every length (a second or so).
    pub fn outside_fit(&self, odds: &LetterOdds, length: usize) -> Option<f64> {
        let mass = self.outside_mass.get_or_init(|| {
            let total = self
                .lm
                .length_mass(&self.index.forward, lexicon::MAX_WORD_LEN);
            total
                .iter()
                .enumerate()
                .map(|(length, &z)| {
                    let known: f64 = self
                        .words
                        .bucket(length)
                        .words()
                        .map(|w| {
                            self.lm
                                .log_likelihood(&self.index.forward, w.as_bytes())
                                .exp()
                        })
                        .sum();
                    (z - known).max(f64::MIN_POSITIVE).ln()
                })
                .collect()
        });
        let outside = mass.get(length).copied().unwrap_or(f64::MIN_POSITIVE.ln());
        odds.log_mass.map(|m| m - outside)
    }

    /// The words it was trained on.
    pub fn words(&self) -> &Arc<Lexicon> {
        &self.words
    }

    /// Its weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The odds of every letter on `board` (`None` for unknown cells; at most
    /// [`lexicon::MAX_WORD_LEN`] cells), none of the `guessed` letters being in an unknown
    /// cell, and the word being neither a training word nor one of `wrong_words`.
    pub fn odds(
        &self,
        board: &[Option<Letter>],
        guessed: LetterSet,
        wrong_words: &[String],
    ) -> LetterOdds {
        let opening = board.iter().all(Option::is_none) && wrong_words.is_empty();
        let key = (board.len(), guessed.bits());
        if opening && let Some(odds) = self.lock_openings().get(&key) {
            return odds.clone();
        }
        let mut evidence = self.evidence(board, guessed);
        evidence.rule_out_words(board, wrong_words);
        let odds = self.weigh(&evidence, self.completions(board, guessed, wrong_words));
        if opening {
            self.lock_openings().insert(key, odds.clone());
        }
        odds
    }

    fn lock_openings(&self) -> std::sync::MutexGuard<'_, FxHashMap<(usize, u32), LetterOdds>> {
        // The map holds plain values: a panic elsewhere cannot leave it half-written.
        self.openings
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The windows' evidence about `board`.
    fn evidence(&self, board: &[Option<Letter>], guessed: LetterSet) -> BoardEvidence {
        let length = board.len();
        BoardEvidence::gather(
            &self.index,
            self.words.bucket(length),
            self.positional.get(length).map_or(&[], Vec::as_slice),
            board,
            guessed,
            &self.weights,
        )
    }

    /// The completions' posterior, when the weights use it.
    fn completions(
        &self,
        board: &[Option<Letter>],
        guessed: LetterSet,
        wrong_words: &[String],
    ) -> Option<lm::Completions> {
        (self.weights.completions > 0.0).then(|| {
            self.lm.completions(
                &self.index.forward,
                board,
                guessed,
                &self.words,
                wrong_words,
                self.weights.beam,
            )
        })?
    }

    /// Weighs both views into odds.
    fn weigh(&self, evidence: &BoardEvidence, completions: Option<lm::Completions>) -> LetterOdds {
        let (cells, from_windows) = evidence.combine(&self.weights);
        let share = self.weights.completions;
        let mut present = from_windows;
        let (from_completions, likely, log_mass) = match completions {
            Some(c) => {
                for l in evidence.allowed.iter() {
                    let i = l.index();
                    present[i] = share * c.present[i] + (1.0 - share) * from_windows[i];
                }
                (Some(c.present), c.top, Some(c.log_mass))
            }
            None => (None, Vec::new(), None),
        };
        LetterOdds {
            present,
            from_windows,
            from_completions,
            cells,
            likely,
            log_mass,
            exact_fits: evidence.exact,
            near_fits: evidence.near,
        }
    }
}

#[cfg(test)]
mod tests;
