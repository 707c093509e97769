//! Strategies for secrets that may not be in the word list.
//!
//! - [`Letters`] (`letters`): the [`LetterModel`] alone. It assumes the secret is *not* a
//!   word of the list (a completion that is one is ruled out), so it is the strategy for
//!   words known to be new, and what the held-out measurements play.
//! - [`Mixed`] (`mixed`): plays both worlds. While words of the list fit the board it plays
//!   as `best` does; once few are left it weighs the
//!   chance that the secret is outside the list against them (Bayes, from a prior and how
//!   well each side explains the board), and when that chance passes a threshold it guesses
//!   the letter most likely in the word under both worlds together. When no word fits it
//!   plays the letter model.

use std::sync::Arc;

use lexicon::{Bucket, Letter, LetterSet, Lexicon};

use super::letter_model::{LetterModel, LetterOdds, Weights};
use super::lookahead::Lookahead;
use super::params::Params;
use super::policy::{Decision, Policy};
use super::policy_strategy::PolicyStrategy;
use super::settings::{Settings, StrategyError};
use super::traits::{Player, Strategy};
use crate::game::{GameState, Guess, Outcome, Position};
use crate::split::LetterStats;

/// Reads the letter model's parameters (`completions=X`, `beam=N`, `order=N` and the
/// derived words' shares `spellings=P`, `inflections=P`, `compounds=P`) for strategy `name`.
fn model_weights(name: &str, params: &mut Params<'_>) -> Result<Weights, StrategyError> {
    let d = Weights::default();
    Ok(Weights {
        completions: params.range("completions", d.completions, 0.0..=1.0)?,
        beam: params.range("beam", d.beam, 1..=1_000_000)?,
        order: params.range("order", d.order, 2..=12)?,
        spellings: params.range("spellings", d.spellings, 0.0..=1.0)?,
        inflections: params.range("inflections", d.inflections, 0.0..=1.0)?,
        compounds: params.range("compounds", d.compounds, 0.0..=1.0)?,
        rare: params.range("rare", d.rare, 0.0..=1.0)?,
        ..d
    })
    .and_then(|w| {
        w.validate()
            .map(|()| w)
            .map_err(|message| StrategyError::BadSetting {
                name: name.to_string(),
                message,
            })
    })
}

/// The letter model's guess for a game's state.
fn model_odds(model: &LetterModel, state: &GameState) -> LetterOdds {
    model.odds(
        state.board().cells(),
        state.guessed_letters(),
        state.wrong_words(),
    )
}

/// The unguessed letter with the highest chance; the first unguessed letter if none has
/// any (a game in progress always has one).
fn likeliest(present: &[f64; 26], guessed: LetterSet) -> Letter {
    let mut best: Option<(f64, Letter)> = None;
    for letter in guessed.complement().iter() {
        let p = present[letter.index()];
        if best.is_none_or(|(q, _)| p > q) {
            best = Some((p, letter));
        }
    }
    best.map(|(_, l)| l)
        .expect("a game in progress has an unguessed letter")
}

/// The letter model alone (see the module docs).
#[derive(Debug)]
pub struct Letters {
    model: Arc<LetterModel>,
    max_wrong: u32,
}

impl Letters {
    /// A strategy playing `model` in games lost on wrong guess number `max_wrong + 1`.
    pub fn new(model: Arc<LetterModel>, max_wrong: u32) -> Letters {
        Letters { model, max_wrong }
    }

    /// Builds it for the registry: trains the model on `lexicon` (parameters
    /// `completions=X beam=N order=N`).
    pub(crate) fn build(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        let mut params = Params::new("letters", settings)?;
        let weights = model_weights("letters", &mut params)?;
        params.finish()?;
        let model = Arc::new(LetterModel::train(lexicon, weights));
        Ok(Box::new(Letters::new(model, settings.max_wrong)))
    }
}

impl Strategy for Letters {
    fn name(&self) -> &str {
        "letters"
    }

    fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    fn player(&self, _length: usize, _seed: u64) -> Box<dyn Player + '_> {
        Box::new(LettersPlayer { model: &self.model })
    }
}

/// One game of [`Letters`]: every guess is the model's likeliest letter.
struct LettersPlayer<'a> {
    model: &'a LetterModel,
}

impl Player for LettersPlayer<'_> {
    fn choose(&mut self, state: &GameState) -> Guess {
        let odds = model_odds(self.model, state);
        Guess::Letter(likeliest(&odds.present, state.guessed_letters()))
    }

    fn learn(&mut self, _guess: &Guess, _outcome: Outcome) {}
}

/// How [`Mixed`] weighs the two worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MixedOptions {
    /// The prior chance that a secret is outside the list.
    pub outside: f64,
    /// Above this chance that the secret is outside the list, guess by both worlds' odds
    /// instead of as the dictionary strategy.
    pub switch: f64,
    /// The chance is weighed once at most this many words fit (with more, the board says
    /// little about it, and the dictionary strategy plays).
    pub check_at: usize,
    /// Above this chance (and below `switch`), a word the dictionary strategy would guess is
    /// replaced by the letter likeliest under both worlds: a wrong word guess costs a life
    /// and tells little about a word outside the list.
    pub word_switch: f64,
    /// ... but only with fewer than this many wrong guesses left (a word guess early in a
    /// game leaves lives for the letter model should it fail).
    pub word_lives: u32,
    /// How much the derived words (spellings, inflections, compounds of list words) count
    /// in the chance that the secret is outside the list: 0 (the default) leaves them to
    /// the letter model's odds, 1 counts them at their shares (as many held-out wins, and
    /// +0.003 in the list: `docs/outside.md`).
    pub derived: f64,
}

impl Default for MixedOptions {
    fn default() -> MixedOptions {
        MixedOptions {
            outside: 0.05,
            switch: 0.5,
            check_at: 8,
            word_switch: 1.0,
            word_lives: 26,
            derived: 0.0,
        }
    }
}

/// Both worlds (see the module docs): a [`Policy`] around the dictionary policy `best`
/// ([`Lookahead`]), so [`PolicyStrategy`] gives it an opening book, a player and exact
/// whole-dictionary evaluation.
pub struct Mixed {
    dictionary: Lookahead,
    model: Arc<LetterModel>,
    options: MixedOptions,
}

impl std::fmt::Debug for Mixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mixed")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Mixed {
    /// Plays `dictionary` while words fit, weighing `model` as `options` say.
    pub fn new(dictionary: Lookahead, model: Arc<LetterModel>, options: MixedOptions) -> Mixed {
        Mixed {
            dictionary,
            model,
            options,
        }
    }

    /// Builds it for the registry (parameters `outside=P switch=P check=N words=P lives=N derived=X` and the model's
    /// `completions=X beam=N order=N`); the dictionary policy is `best` with its defaults.
    pub(crate) fn build(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        let mut params = Params::new("mixed", settings)?;
        let options = Mixed::read_params(&mut params)?;
        let weights = model_weights("mixed", &mut params)?;
        params.finish()?;
        let model = Arc::new(LetterModel::train(Arc::clone(&lexicon), weights));
        Mixed::strategy(lexicon, settings, model, options)
    }

    /// Reads `outside=P switch=P check=N words=P lives=N derived=X`.
    pub(super) fn read_params(params: &mut Params<'_>) -> Result<MixedOptions, StrategyError> {
        let d = MixedOptions::default();
        Ok(MixedOptions {
            outside: params.range("outside", d.outside, 0.0..=1.0)?,
            switch: params.range("switch", d.switch, 0.0..=1.0)?,
            check_at: params.range("check", d.check_at, 0..=1_000_000)?,
            word_switch: params.range("words", d.word_switch, 0.0..=1.0)?,
            word_lives: params.range("lives", d.word_lives, 0..=26)?,
            derived: params.range("derived", d.derived, 0.0..=1.0)?,
        })
    }

    /// The strategy around `model`, with `best` (its defaults) as the dictionary policy.
    pub(super) fn strategy(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
        model: Arc<LetterModel>,
        options: MixedOptions,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        let inner = Settings {
            params: Vec::new(),
            ..settings.clone()
        };
        // Under `best`'s own name and (default) parameters, so both share one disk cache:
        // its decisions are `best`'s.
        let dictionary = Lookahead::from_settings("lookahead", &lexicon, &inner)?;
        let policy = Mixed::new(dictionary, model, options);
        Ok(Box::new(PolicyStrategy::new(
            "mixed", policy, lexicon, settings,
        )))
    }

    /// The chance that the secret is outside the list given the model's `odds` for a board
    /// that `fitting` of the `bucket`'s words fit.
    pub fn outside_chance(&self, bucket: &Bucket, odds: &LetterOdds, fitting: usize) -> f64 {
        outside_chance(bucket, &self.options, fitting, || {
            self.model.outside_fit(odds, bucket.length())
        })
    }
}

/// Bayes: the prior odds that the secret is outside, times how much likelier the board is
/// for a word outside the list (`ln` of its chance, as the model writes such words, from
/// `log_outside`) than for a word of the list (`fitting` of the bucket's words fit it).
fn outside_chance(
    bucket: &Bucket,
    options: &MixedOptions,
    fitting: usize,
    log_outside: impl FnOnce() -> Option<f64>,
) -> f64 {
    if fitting == 0 || bucket.is_empty() {
        return 1.0;
    }
    let (p, q) = (options.outside, 1.0 - options.outside);
    if p == 0.0 {
        return 0.0;
    }
    if q == 0.0 {
        return 1.0;
    }
    let Some(log_outside) = log_outside() else {
        return 0.0;
    };
    let log_inside = (fitting as f64 / bucket.len() as f64).ln();
    // p·e^a / (p·e^a + q·e^b) = 1 / (1 + (q/p)·e^(b-a)).
    1.0 / (1.0 + (q / p) * (log_inside - log_outside).exp())
}

/// The board the candidates share: the guessed letters where they stand.
fn shared_board(bucket: &Bucket, cands: &[u32], guessed: LetterSet) -> Vec<Option<Letter>> {
    bucket
        .word(cands[0] as usize)
        .iter()
        .map(|&b| Letter::from_ascii(b).filter(|&l| guessed.contains(l)))
        .collect()
}

impl Policy for Mixed {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        let options = &self.options;
        if cands.len() > options.check_at || options.outside == 0.0 {
            return self.dictionary.decide(bucket, cands, position);
        }
        let guessed = position.guessed_letters();
        let board = shared_board(bucket, cands, guessed);
        // The chance needs only the completions; the windows are paid for only when the
        // letter model plays (in the list, at almost every node it does not).
        let outside = outside_chance(bucket, options, cands.len(), || {
            self.model
                .board_outside_fit_derived(&board, guessed, options.derived)
        });
        if outside < options.switch.min(options.word_switch) {
            return self.dictionary.decide(bucket, cands, position);
        }
        if outside < options.switch {
            let decision = self.dictionary.decide(bucket, cands, position);
            if matches!(decision, Decision::Letter(_))
                || outside < options.word_switch
                || position.wrong_guesses_left() >= options.word_lives
            {
                return decision;
            }
        }
        // Both worlds: the chance of each letter among the fitting words and under the
        // model, weighed by the chance of each world.
        let odds = self.model.odds(&board, guessed, &[]);
        let counts = LetterStats::of(bucket, cands).counts;
        let n = cands.len() as f64;
        let present: [f64; 26] = std::array::from_fn(|i| {
            outside * odds.present[i] + (1.0 - outside) * f64::from(counts[i]) / n
        });
        Decision::Letter(likeliest(&present, guessed))
    }

    fn no_word_fits(&self, state: &GameState) -> Letter {
        let odds = model_odds(&self.model, state);
        likeliest(&odds.present, state.guessed_letters())
    }

    fn eager_book(&self, games: usize, words: usize) -> bool {
        // The book's nodes are the dictionary policy's (they have more than `check_at`
        // candidates): it is worth what it is worth to `best`. Without this, a few games of
        // every length built whole books (seconds of setup for 365 games).
        self.dictionary.eager_book(games, words)
    }

    fn save_cache(&self) -> std::io::Result<usize> {
        self.dictionary.save_cache()
    }

    fn play_out_budget(&self) -> Option<usize> {
        // Its play-out in the list is the dictionary policy's.
        self.dictionary.play_out_budget()
    }
}
