//! The weights the letter model gives each kind of evidence, kept apart so that the
//! evidence gatherers ([`super::windows`]) and the fitter can use them without the model.

use super::index::MAX_WINDOW;

/// Evidence sources, in [`Weights`] order: windows of 2..=[`MAX_WINDOW`] symbols, then
/// exact fits, near fits, and the positional prior (the windows module gathers them).
pub(crate) const SOURCES: usize = MAX_WINDOW - 1 + 3;

/// How the model weighs its evidence. The defaults were fitted with [`fit`](super::fit()) on held-out
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
    /// Prior share of the words outside the list that are another spelling of a list word
    /// (British `-ise`, `-our`, `-re`...; see the `derived` module).
    pub spellings: f64,
    /// Prior share of those that are an inflection of a list word the list lacks.
    pub inflections: f64,
    /// Prior share of those that are two list words written together.
    pub compounds: f64,
    /// How likely a derived word built from a rare list word is, against one built from a
    /// familiar word (one of the common tier, `lexicon::CommonTier`): 0 leaves rare words'
    /// derivations out, 1 weighs every list word alike.
    pub rare: f64,
}

impl Default for Weights {
    /// Fitted on `words.txt` less the 1,000 words `hangman holdout` holds out with seed 1
    /// (`hangman holdout ../shared/data/words.txt --seed 1 --format json` prints them), so
    /// that held-out run never saw its test words. Long windows (8 symbols and more) carry
    /// the windows' view; the completions carry most of the odds. The beam is 100, not the
    /// 3,000 these were fitted with: a fifth of the CPU per game for 0.6 % fewer held-out
    /// wins (`docs/outside.md`, "CPU per game").
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
            beam: 100,
            spellings: 0.1,
            inflections: 0.1,
            compounds: 0.4,
            rare: 0.0,
        }
    }
}

impl Weights {
    /// The weight of each evidence source, in the order of the windows module.
    pub(super) fn sources(&self) -> [f64; SOURCES] {
        let mut out = [0.0; SOURCES];
        out[..MAX_WINDOW - 1].copy_from_slice(&self.windows);
        out[MAX_WINDOW - 1] = self.exact;
        out[MAX_WINDOW] = self.near;
        out[MAX_WINDOW + 1] = self.prior;
        out
    }

    /// The prior share of the words outside the list that are derived from list words.
    pub fn derived_total(&self) -> f64 {
        self.spellings + self.inflections + self.compounds
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
        let shares = [self.spellings, self.inflections, self.compounds];
        if shares.iter().any(|s| !(0.0..=1.0).contains(s)) || shares.iter().sum::<f64>() > 1.0 {
            return Err(format!(
                "derived shares {shares:?} are not in 0..1 with a sum of at most 1"
            ));
        }
        if !(0.0..=1.0).contains(&self.rare) {
            return Err(format!("rare weight {} is not in 0..1", self.rare));
        }
        if self.beam == 0 {
            return Err("beam 0 keeps no completion".into());
        }
        Ok(())
    }
}
