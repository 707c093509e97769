//! The letter model itself: training and the odds of each letter at a board.

use std::sync::{Arc, Mutex, OnceLock};

use lexicon::{Letter, LetterSet, Lexicon};
use rustc_hash::FxHashMap;

use super::derived::{DerivedView, DerivedWords};
use super::index::SubstringIndex;
use super::lm::{self, LanguageModel, LengthMass};
use super::weights::Weights;
use super::windows::{BoardEvidence, CellIndex};

/// A letter model trained from a word list; shared by every game (it is `Sync`).
#[derive(Debug)]
pub struct LetterModel {
    pub(super) words: Arc<Lexicon>,
    pub(super) index: Arc<SubstringIndex>,
    pub(super) lm: LanguageModel,
    /// Per length, per position, letter counts of the training words.
    pub(super) positional: Arc<Vec<Vec<[f64; 26]>>>,
    /// Per length, the training words indexed by cell (built on first use: a game asks for
    /// one length).
    pub(super) cell_index: Arc<Vec<OnceLock<CellIndex>>>,
    pub(super) weights: Weights,
    /// Odds of boards with no letter shown yet, by (length, guessed letters): every game of
    /// a length starts with the same few of them.
    pub(super) openings: Mutex<FxHashMap<(usize, u32), LetterOdds>>,
    /// By length, the language model's probability of writing a word of that length (set up
    /// on first use, and run as far as the longest length asked for).
    pub(super) length_mass: Mutex<Option<LengthMass>>,
    /// By length, `ln` of the language model's probability of writing a word of that
    /// length that is not a training word (each built on first use: a game asks for one).
    pub(super) outside_mass: Vec<OnceLock<f64>>,
    /// The training words' spellings and inflections (built on first use; shared by
    /// [`LetterModel::with_weights`]).
    pub(super) derived: Arc<OnceLock<DerivedWords>>,
}

/// One empty slot per possible word length.
fn per_length() -> Vec<OnceLock<f64>> {
    (0..=lexicon::MAX_WORD_LEN)
        .map(|_| OnceLock::new())
        .collect()
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
    /// The same as `present` from the derived words alone (spellings, inflections and
    /// compounds of training words; `None` when none fits).
    pub from_derived: Option<[f64; 26]>,
    /// The share of `present` taken from `from_derived`: the posterior chance that the
    /// word is derived, against the language model's words.
    pub derived_share: f64,
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
        let cell_index = Arc::new((0..=words.max_length()).map(|_| OnceLock::new()).collect());
        LetterModel {
            words,
            index,
            lm,
            positional: Arc::new(positional),
            cell_index,
            weights,
            openings: Mutex::new(FxHashMap::default()),
            length_mass: Mutex::new(None),
            outside_mass: per_length(),
            derived: Arc::new(OnceLock::new()),
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
        let same_derived = (weights.rare > 0.0) == (self.weights.rare > 0.0);
        LetterModel {
            words: Arc::clone(&self.words),
            index: Arc::clone(&self.index),
            lm,
            positional: Arc::clone(&self.positional),
            cell_index: Arc::clone(&self.cell_index),
            weights,
            openings: Mutex::new(FxHashMap::default()),
            length_mass: Mutex::new(None),
            outside_mass: per_length(),
            // The derived words are shared unless these weights need the rare words' ones
            // and those were left out (or the other way round).
            derived: if same_derived {
                Arc::clone(&self.derived)
            } else {
                Arc::new(OnceLock::new())
            },
        }
    }

    /// `ln` of the chance that a word of `length` letters that is not a training word fits
    /// the board of `odds` (as the language model writes such words; a lower bound, from
    /// the completions in the beam). `None` if no completion was counted. The first call
    /// of each length runs the language model's mass per length as far as that length (a
    /// tenth of a second or so for them all) and sums its training words' chances.
    pub fn outside_fit(&self, odds: &LetterOdds, length: usize) -> Option<f64> {
        self.length_outside_fit(odds.log_mass?, length)
    }

    /// `log_mass` (the completions' `ln` probability) less `ln` of the model's probability of
    /// a word of `length` letters outside the list.
    fn length_outside_fit(&self, log_mass: f64, length: usize) -> Option<f64> {
        let outside = self
            .outside_mass
            .get(length)
            .map_or(f64::MIN_POSITIVE.ln(), |slot| {
                *slot.get_or_init(|| {
                    let z = if length <= lexicon::MAX_WORD_LEN {
                        // Plain values: a panic elsewhere cannot leave them half-written.
                        let mut masses = self
                            .length_mass
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                        masses
                            .get_or_insert_with(|| self.lm.length_masses(&self.index.forward))
                            .get(&self.lm, length)
                    } else {
                        0.0
                    };
                    let known = self.lm.total_likelihood(
                        &self.index.forward,
                        self.words.bucket(length).words().map(str::as_bytes),
                    );
                    (z - known).max(f64::MIN_POSITIVE).ln()
                })
            });
        Some(log_mass - outside)
    }

    /// [`outside_fit`](Self::outside_fit) of `board` with the `guessed` letters, from the
    /// completions alone (the same value, without the windows' cost of [`odds`](Self::odds)).
    pub fn board_outside_fit(&self, board: &[Option<Letter>], guessed: LetterSet) -> Option<f64> {
        let completions = self.completions(board, guessed, &[])?;
        self.length_outside_fit(completions.log_mass, board.len())
    }

    /// `ln` of the chance that a word outside the list fits `board`, counting the derived
    /// words as well as the language model's (their shares times `scale`; the model's the
    /// rest, so `scale` 0 gives [`board_outside_fit`](Self::board_outside_fit)): the
    /// [`board_outside_fit`](Self::board_outside_fit) of a model that knows words are built
    /// from words. `None` if neither source has a word that fits.
    pub fn board_outside_fit_derived(
        &self,
        board: &[Option<Letter>],
        guessed: LetterSet,
        scale: f64,
    ) -> Option<f64> {
        let lm = self.board_outside_fit(board, guessed).map(f64::exp);
        let derived = (scale > 0.0)
            .then(|| self.derived_view(board, guessed))
            .flatten()
            .map(|v| scale * v.likelihood);
        let rest = 1.0 - scale * self.weights.derived_total();
        let total = rest * lm.unwrap_or(0.0) + derived.unwrap_or(0.0);
        (total > 0.0).then(|| total.ln())
    }

    /// The derived words' view of `board`, if they are weighed at all and one fits.
    fn derived_view(&self, board: &[Option<Letter>], guessed: LetterSet) -> Option<DerivedView> {
        if self.weights.derived_total() == 0.0 {
            return None;
        }
        let with_rare = self.weights.rare > 0.0;
        let derived = self
            .derived
            .get_or_init(|| DerivedWords::build(&self.words, &Lexicon::common(), with_rare));
        derived.view(board, guessed, &self.weights)
    }

    /// Mixes the derived words' view into `odds`: the share is the posterior chance of a
    /// derived word (their shares × chance of fitting) against the language model's (the
    /// rest of the prior × its chance of fitting). Ruled-out letters stay at 0.
    fn mix_derived(&self, odds: &mut LetterOdds, board: &[Option<Letter>], guessed: LetterSet) {
        let Some(view) = self.derived_view(board, guessed) else {
            return;
        };
        let rest = 1.0 - self.weights.derived_total();
        // The language model's chance is a lower bound (its beam holds a sliver of the
        // completions of a board with many blanks); the share of the list's words that fit
        // is a truer one while any do (words outside the list look like those in it).
        let lm = odds
            .log_mass
            .and_then(|m| self.length_outside_fit(m, board.len()))
            .map_or(0.0, f64::exp);
        let bucket = self.words.bucket(board.len()).len();
        let lm = if bucket > 0 {
            lm.max(odds.exact_fits as f64 / bucket as f64)
        } else {
            lm
        };
        let share = view.likelihood / (view.likelihood + rest * lm);
        for (p, d) in odds.present.iter_mut().zip(view.present) {
            if *p > 0.0 {
                *p = (1.0 - share) * *p + share * d;
            }
        }
        odds.from_derived = Some(view.present);
        odds.derived_share = share;
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
        let mut odds = self.weigh(&evidence, self.completions(board, guessed, wrong_words));
        self.mix_derived(&mut odds, board, guessed);
        if opening {
            self.lock_openings().insert(key, odds.clone());
        }
        odds
    }

    pub(super) fn lock_openings(
        &self,
    ) -> std::sync::MutexGuard<'_, FxHashMap<(usize, u32), LetterOdds>> {
        // The map holds plain values: a panic elsewhere cannot leave it half-written.
        self.openings
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The windows' evidence about `board`.
    pub(super) fn evidence(&self, board: &[Option<Letter>], guessed: LetterSet) -> BoardEvidence {
        let length = board.len();
        let bucket = self.words.bucket(length);
        let empty;
        let cell_index = match self.cell_index.get(length) {
            Some(slot) => slot.get_or_init(|| CellIndex::build(bucket)),
            None => {
                empty = CellIndex::build(bucket);
                &empty
            }
        };
        BoardEvidence::gather(
            &self.index,
            bucket,
            self.positional.get(length).map_or(&[], Vec::as_slice),
            cell_index,
            board,
            guessed,
            &self.weights,
        )
    }

    /// The completions' posterior, when the weights use it.
    pub(super) fn completions(
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
    pub(super) fn weigh(
        &self,
        evidence: &BoardEvidence,
        completions: Option<lm::Completions>,
    ) -> LetterOdds {
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
            from_derived: None,
            derived_share: 0.0,
        }
    }
}
