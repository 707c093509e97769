//! `player`: the guesser for words people think of (the reversed role's guesser).
//!
//! Every other guesser takes every word of its list as equally likely; a person thinks of
//! everyday words. `player` weighs each word by how familiar it is ([`crate::familiarity`]):
//!
//! - **Its words** ([`Pool`]): the dictionary's, every word the familiarity source lists
//!   (names and new words the dictionary lacks: `everest`, `linux`, `selfie`), and the words
//!   players named in earlier games that it did not know (learned words).
//! - **Their weights**: a word of frequency `f` weighs
//!   `f^power / (1 + (f0/f)^slope) / (1 + (f/f1)^slope)` with `f0 = 10^(cut - 9)` and
//!   `f1 = 10^(top - 9)` (Zipf values; by default `power = 0`, `cut = 3`, `top = 5.5`,
//!   `slope = 4`): the words between the ~300th and the ~30,000th most frequent weigh about
//!   alike; rarer ones fall off as `f^slope`, and so do the commonest (`the`, `and`, `you`:
//!   a player seldom picks them for hangman). A learned word weighs as a word of Zipf
//!   [`LEARNED_ZIPF`] (if the source does not rate it higher). With `power = 0.3` and
//!   `slope = 0` the weights are `f^0.3`: the plain letter-by-letter guesser that
//!   [`PlayerOptions::plain`] builds (`plain=1`), kept as the baseline.
//! - **Its guesses**: a rollout ([`rollout_letter`]). Of the `rollout` letters held by the
//!   largest weight of the fitting words (4), it takes the one after which the game, played
//!   out over every fitting word, wins the largest weight; played out, that is, choosing
//!   again among the likeliest letters `depth - 1` more times (once more by default), then
//!   taking the likeliest letter each turn. The word once only one fits. Boards of many
//!   fitting words keep their letter ([`ROLLOUT_MEMO_WORDS`]): games meet the same openings
//!   again and again. With `search=N` (off by default: it did not win more on the dev set,
//!   `docs/familiarity.md`), at most `N` fitting words are searched exactly for the letter
//!   or word with the best chance of winning (every answer weighed by the weights of the
//!   words giving it) within a node budget. When no word it knows fits, the letter model
//!   ([`LetterModel`]) guesses, as for `mixed`.

use std::sync::{Arc, Mutex, OnceLock};

use lexicon::{Bucket, Letter, LetterSet, Lexicon};
use rustc_hash::FxHashMap;

use super::letter_model::{LetterModel, Weights};
use super::params::Params;
use super::settings::{Settings, StrategyError};
use super::traits::{Player, Strategy};
use crate::candidates::{self, Partition};
use crate::familiarity::Familiarity;
use crate::game::{GameState, Guess, Outcome};
use crate::referee::Revealed;

/// The Zipf value a learned word weighs as (4: an everyday word, met ten times per million
/// words), unless the source rates it higher.
pub const LEARNED_ZIPF: f64 = 4.0;

/// How `player` weighs and searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerOptions {
    /// Words weigh as their frequency to this power (`power=X`), times the cut-off below.
    pub power: f64,
    /// The Zipf value from which words weigh about alike (`cut=X`).
    pub cut: f64,
    /// How fast rarer words fall off: as `frequency^slope` (`slope=X`).
    pub slope: f64,
    /// The Zipf value above which the commonest words fall off again, as
    /// `frequency^-slope` (`top=X`; 9: never): a player seldom picks `the` or `and`.
    pub top: f64,
    /// Search exactly for the best chance of winning at most this many fitting words
    /// (`search=N`; 0: never, letter by letter throughout).
    pub search: usize,
    /// Weigh this many of the likeliest letters by playing the game out after each and
    /// take the one that wins the most weight (`rollout=N`; 0: the likeliest letter).
    pub rollout: usize,
    /// How many guesses the rollout chooses among its letters before it plays on with the
    /// likeliest letter (`depth=N`: 1 or 2).
    pub depth: usize,
    /// How many of the likeliest words the search tries as word guesses (`words=N`).
    pub words: usize,
    /// The most positions one search visits before it gives up for the letter likeliest in
    /// the word (`nodes=N`).
    pub nodes: usize,
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        PlayerOptions {
            power: 0.0,
            cut: 3.0,
            slope: 4.0,
            top: 5.5,
            rollout: 4,
            depth: 2,
            search: 0,
            words: 3,
            nodes: 20_000,
        }
    }
}

impl PlayerOptions {
    /// The plain letter-by-letter guesser: weights `frequency^0.3`, no cut-off, no search.
    pub fn plain() -> PlayerOptions {
        PlayerOptions {
            power: 0.3,
            slope: 0.0,
            top: 9.0,
            rollout: 0,
            depth: 1,
            search: 0,
            ..PlayerOptions::default()
        }
    }

    /// The weight of a word of `frequency`:
    /// `frequency^power / (1 + (f0/frequency)^slope) / (1 + (frequency/f1)^slope)`.
    pub fn weight(&self, frequency: f64) -> f64 {
        let f0 = 10f64.powf(self.cut - 9.0);
        let f1 = 10f64.powf(self.top - 9.0);
        frequency.powf(self.power)
            / (1.0 + (f0 / frequency).powf(self.slope))
            / (1.0 + (frequency / f1).powf(self.slope))
    }

    /// Reads `power=X cut=X slope=X top=X rollout=N depth=N search=N words=N nodes=N` (and
    /// `plain=1`, the baseline's
    /// options, which the others then adjust).
    pub(super) fn read(params: &mut Params<'_>) -> Result<PlayerOptions, StrategyError> {
        let d = if params.range("plain", 0u8, 0..=1)? == 1 {
            PlayerOptions::plain()
        } else {
            PlayerOptions::default()
        };
        Ok(PlayerOptions {
            power: params.range("power", d.power, 0.0..=10.0)?,
            cut: params.range("cut", d.cut, 0.0..=9.0)?,
            slope: params.range("slope", d.slope, 0.0..=10.0)?,
            top: params.range("top", d.top, 0.0..=9.0)?,
            rollout: params.range("rollout", d.rollout, 0..=26)?,
            depth: params.range("depth", d.depth, 1..=2)?,
            search: params.range("search", d.search, 0..=10_000)?,
            words: params.range("words", d.words, 0..=100)?,
            nodes: params.range("nodes", d.nodes, 1..=100_000_000)?,
        })
    }
}

/// A weight as a whole number of 2^-32: sums of them are exact and the same in any order, so
/// two letters that win the same words tie exactly and the likelier one is taken, on every
/// build (a float sum's last bit differs with the order of its terms and the optimizer).
/// Every word weighs at least 1.
fn quantize(weight: f64) -> u64 {
    ((weight * 2f64.powi(32)).round() as u64).max(1)
}

/// Whether `word` can be a word of the pool: 1 to [`lexicon::MAX_WORD_LEN`] letters `a`–`z`.
fn playable(word: &str) -> bool {
    (1..=lexicon::MAX_WORD_LEN).contains(&word.len())
        && word.bytes().all(|b| b.is_ascii_lowercase())
}

/// The words `player` knows, with their familiarity (see the module docs): built once
/// (a quarter of a second for the embedded list) and shared by every number of lives.
#[derive(Debug)]
pub struct Pool {
    words: Lexicon,
    /// Per length, per word of the bucket: its frequency (learned words raised to
    /// [`LEARNED_ZIPF`]).
    frequencies: Vec<Vec<f64>>,
    learned: usize,
}

impl Pool {
    /// The words of `lexicon`, of the familiarity source and `learned` (those that are not
    /// lowercase words of 1 to [`lexicon::MAX_WORD_LEN`] letters `a`–`z` are left out).
    pub fn new(lexicon: &Lexicon, learned: &[String]) -> Pool {
        let model = Familiarity::get();
        let learned: Vec<&str> = learned
            .iter()
            .map(String::as_str)
            .filter(|w| playable(w))
            .collect();
        let source =
            (1..=lexicon::MAX_WORD_LEN).flat_map(|n| model.words_of_length(n).map(|(w, _)| w));
        let words =
            Lexicon::from_words(lexicon.words().chain(source).chain(learned.iter().copied()))
                .expect("lowercase a-z words make a lexicon");
        let learned_frequency = 10f64.powf(LEARNED_ZIPF - 9.0);
        let frequencies = (0..=words.max_length())
            .map(|n| {
                words
                    .bucket(n)
                    .words()
                    .map(|w| {
                        let f = model.frequency(w);
                        if learned.contains(&w) {
                            f.max(learned_frequency)
                        } else {
                            f
                        }
                    })
                    .collect()
            })
            .collect();
        Pool {
            words,
            frequencies,
            learned: learned.len(),
        }
    }

    /// Every word known.
    pub fn words(&self) -> &Lexicon {
        &self.words
    }

    /// How many learned words it holds.
    pub fn learned(&self) -> usize {
        self.learned
    }

    /// The words it knows that fit a game so far (`state`'s board, misses and wrong
    /// words): how many, and the `show` likeliest, most familiar first (a learned word as
    /// it weighs; ties alphabetically). These are the words `player` guesses from.
    pub fn fitting(&self, state: &GameState, show: usize) -> Fitting {
        let length = state.length();
        let Some(frequencies) = self.frequencies.get(length) else {
            return Fitting::default();
        };
        let bucket = self.words.bucket(length);
        let mut cands = candidates::consistent(bucket, state);
        let count = cands.len();
        // Most familiar first, then alphabetically (the bucket's order): a total order, so
        // the same words whatever the selection's internals.
        let order = |a: &u32, b: &u32| {
            frequencies[*b as usize]
                .total_cmp(&frequencies[*a as usize])
                .then(a.cmp(b))
        };
        if cands.len() > show && show > 0 {
            cands.select_nth_unstable_by(show - 1, order);
        }
        cands.truncate(show);
        cands.sort_unstable_by(order);
        Fitting {
            count,
            likeliest: cands
                .iter()
                .map(|&c| bucket.word_str(c as usize).to_string())
                .collect(),
        }
    }

    /// The word a reversed game teaches `player`, if any: `revealed` (the word the player
    /// named once the computer lost, or the word their answers spelled on a filled board)
    /// when it fits every answer and is not a word it knows. The one rule the terminal and
    /// the server both follow before they keep a word ([`Pool::new`]'s `learned`).
    pub fn to_learn<'a>(&self, revealed: &'a Revealed) -> Option<&'a str> {
        let word = revealed.word.as_str();
        (revealed.contradiction.is_none() && playable(word) && !self.words.contains(word))
            .then_some(word)
    }
}

/// The words of a [`Pool`] that fit a game so far ([`Pool::fitting`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fitting {
    /// How many fit.
    pub count: usize,
    /// The likeliest of them, most familiar first.
    pub likeliest: Vec<String>,
}

/// The `player` strategy (see the module docs).
pub struct Familiar {
    pool: Arc<Pool>,
    /// Per length, per word of the pool's bucket: its weight ([`quantize`]d).
    weights: Vec<Vec<u64>>,
    lexicon: Arc<Lexicon>,
    model: OnceLock<Arc<LetterModel>>,
    options: PlayerOptions,
    max_wrong: u32,
    /// The letters the rollout chose on boards of many fitting words, by board: games
    /// reach the same openings again and again (see [`ROLLOUT_MEMO_WORDS`]).
    rollouts: Mutex<FxHashMap<BoardKey, Letter>>,
}

/// A board as the rollout sees it: the cells, the letters guessed, wrong guesses left.
type BoardKey = (Vec<Option<Letter>>, LetterSet, u32);

/// Boards with at least this many fitting words have their rollout's letter kept.
const ROLLOUT_MEMO_WORDS: usize = 40;

/// At most this many boards are kept (a server's games share them; past it, none is added).
const ROLLOUT_MEMO_BOARDS: usize = 200_000;

impl std::fmt::Debug for Familiar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Familiar")
            .field("options", &self.options)
            .field("max_wrong", &self.max_wrong)
            .finish_non_exhaustive()
    }
}

impl Familiar {
    /// `player` over `pool`, for games lost on wrong guess number `max_wrong + 1`; `model`
    /// (trained on `lexicon`) guesses when no word of the pool fits, trained on first need
    /// when `None`.
    pub fn new(
        pool: Arc<Pool>,
        lexicon: Arc<Lexicon>,
        model: Option<Arc<LetterModel>>,
        options: PlayerOptions,
        max_wrong: u32,
    ) -> Familiar {
        let weights = pool
            .frequencies
            .iter()
            .map(|fs| fs.iter().map(|&f| quantize(options.weight(f))).collect())
            .collect();
        let cell = OnceLock::new();
        if let Some(model) = model {
            let _ = cell.set(model);
        }
        Familiar {
            pool,
            weights,
            lexicon,
            model: cell,
            options,
            max_wrong,
            rollouts: Mutex::default(),
        }
    }

    /// The rollout's letter for `state` (see [`rollout_letter`]), kept for boards of many
    /// fitting words: the same board always gives the same letter, kept or not.
    fn rollout(
        &self,
        bucket: &Bucket,
        weights: &[u64],
        cands: &[u32],
        state: &GameState,
    ) -> Letter {
        let guessed = state.guessed_letters();
        let left = state.wrong_guesses_left();
        let (k, depth) = (self.options.rollout, self.options.depth);
        let choose = || rollout_letter(bucket, weights, cands, guessed, left, k, depth).1;
        if cands.len() < ROLLOUT_MEMO_WORDS || !state.wrong_words().is_empty() {
            return choose();
        }
        let key = (state.board().cells().to_vec(), guessed, left);
        if let Some(&letter) = self.rollouts.lock().expect("rollout memo").get(&key) {
            return letter;
        }
        let letter = choose();
        let mut memo = self.rollouts.lock().expect("rollout memo");
        if memo.len() < ROLLOUT_MEMO_BOARDS {
            memo.insert(key, letter);
        }
        letter
    }

    /// Builds it for the registry: the pool of `lexicon` with no learned words, parameters
    /// as [`PlayerOptions::read`] says.
    pub(crate) fn build(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        Familiar::with_learned(lexicon, settings, &[], None)
            .map(|s| Box::new(s) as Box<dyn Strategy>)
    }

    /// `player` for `lexicon` knowing the `learned` words, with `settings`' parameters;
    /// `model` as for [`Familiar::new`].
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] for a parameter it does not take or out of range.
    pub fn with_learned(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
        learned: &[String],
        model: Option<Arc<LetterModel>>,
    ) -> Result<Familiar, StrategyError> {
        let mut params = Params::new("player", settings)?;
        let options = PlayerOptions::read(&mut params)?;
        params.finish()?;
        let pool = Arc::new(Pool::new(&lexicon, learned));
        Ok(Familiar::new(
            pool,
            lexicon,
            model,
            options,
            settings.max_wrong,
        ))
    }

    fn model(&self) -> &LetterModel {
        self.model
            .get_or_init(|| Arc::new(LetterModel::train(self.lexicon.clone(), Weights::default())))
    }

    /// The pool it plays.
    pub fn pool(&self) -> &Arc<Pool> {
        &self.pool
    }
}

impl Strategy for Familiar {
    fn name(&self) -> &str {
        "player"
    }

    fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    fn player(&self, length: usize, _seed: u64) -> Box<dyn Player + '_> {
        let bucket = self.pool.words.bucket(length);
        Box::new(FamiliarPlayer {
            strategy: self,
            bucket,
            weights: self.weights.get(length).map_or(&[], Vec::as_slice),
            cands: candidates::all(bucket),
        })
    }
}

/// One game of [`Familiar`].
struct FamiliarPlayer<'a> {
    strategy: &'a Familiar,
    bucket: &'a Bucket,
    weights: &'a [u64],
    cands: Vec<u32>,
}

impl Player for FamiliarPlayer<'_> {
    fn choose(&mut self, state: &GameState) -> Guess {
        let guessed = state.guessed_letters();
        if self.cands.is_empty() {
            let odds =
                self.strategy
                    .model()
                    .odds(state.board().cells(), guessed, state.wrong_words());
            return Guess::Letter(
                odds.best(guessed)
                    .or_else(|| candidates::fallback_letter(guessed))
                    .expect("a game in progress has an unguessed letter"),
            );
        }
        let options = &self.strategy.options;
        if self.cands.len() <= options.search {
            let mut search = Search {
                bucket: self.bucket,
                weights: self.weights,
                options,
                memo: FxHashMap::default(),
                nodes: 0,
            };
            if let Some((_, guess)) = search.best(&self.cands, guessed, state.wrong_guesses_left())
            {
                return guess;
            }
        }
        if let [only] = self.cands[..] {
            return Guess::Word(self.bucket.word_str(only as usize).to_string());
        }
        if options.rollout > 0 {
            return Guess::Letter(self.strategy.rollout(
                self.bucket,
                self.weights,
                &self.cands,
                state,
            ));
        }
        Guess::Letter(likeliest_letter(
            self.bucket,
            self.weights,
            &self.cands,
            guessed,
        ))
    }

    fn learn(&mut self, guess: &Guess, outcome: Outcome) {
        candidates::retain_outcome(self.bucket, &mut self.cands, guess, outcome);
    }
}

/// Per letter not in `guessed`: the weight of `cands` holding it.
fn letter_mass(bucket: &Bucket, weights: &[u64], cands: &[u32], guessed: LetterSet) -> [u64; 26] {
    let mut mass = [0u64; 26];
    for &c in cands {
        let w = weights[c as usize];
        for letter in bucket.letters(c as usize).difference(guessed).iter() {
            mass[letter.index()] += w;
        }
    }
    mass
}

/// The unguessed letter held by the largest weight of `cands` (ties: the first letter).
fn likeliest_letter(bucket: &Bucket, weights: &[u64], cands: &[u32], guessed: LetterSet) -> Letter {
    let mass = letter_mass(bucket, weights, cands, guessed);
    let mut best: Option<(u64, Letter)> = None;
    for letter in guessed.complement().iter() {
        let m = mass[letter.index()];
        if best.is_none_or(|(b, _)| m > b) {
            best = Some((m, letter));
        }
    }
    best.map(|(_, l)| l)
        .expect("a game in progress has an unguessed letter")
}

/// Of the `k` letters held by the largest weight of `cands`, the one after which the game
/// wins the largest weight of `cands`, with `left` wrong guesses left, and that weight
/// (ties: the likelier letter). After it, the game is played out by choosing so again
/// `depth - 1` times, then with [`likeliest_letter`] (the word once only one fits). Taking the
/// likeliest letter is one of the choices, so the weight won is never below its own.
fn rollout_letter(
    bucket: &Bucket,
    weights: &[u64],
    cands: &[u32],
    guessed: LetterSet,
    left: u32,
    k: usize,
    depth: usize,
) -> (u64, Letter) {
    let mass = letter_mass(bucket, weights, cands, guessed);
    let mut letters: Vec<Letter> = guessed
        .complement()
        .iter()
        .filter(|l| mass[l.index()] > 0)
        .collect();
    // Likeliest first; a stable sort keeps the alphabet's order among equals.
    letters.sort_by_key(|l| std::cmp::Reverse(mass[l.index()]));
    letters.truncate(k);
    let mut best: Option<(u64, Letter)> = None;
    for letter in letters {
        let won = won_after(
            bucket,
            weights,
            cands,
            guessed,
            left,
            letter,
            (k, depth - 1),
        );
        if best.is_none_or(|(b, _)| won > b) {
            best = Some((won, letter));
        }
    }
    best.unwrap_or_else(|| {
        let letter = likeliest_letter(bucket, weights, cands, guessed);
        let won = won_after(bucket, weights, cands, guessed, left, letter, (k, 0));
        (won, letter)
    })
}

/// The weight of `cands` won by guessing `letter`, then playing on: choosing among `k`
/// letters `depth` more times ([`rollout_letter`]), then letter by letter.
fn won_after(
    bucket: &Bucket,
    weights: &[u64],
    cands: &[u32],
    guessed: LetterSet,
    left: u32,
    letter: Letter,
    (k, depth): (usize, usize),
) -> u64 {
    let mut parts = Partition::default();
    parts.split(bucket, cands, letter);
    let guessed = guessed.with(letter);
    parts
        .families()
        .map(|(mask, family)| {
            // A miss with no wrong guess left loses the family.
            let left = match (mask, left) {
                (0, 0) => return 0,
                (0, left) => left - 1,
                (_, left) => left,
            };
            match family {
                [] => 0,
                // The word is guessed once it is the only one.
                [only] => weights[*only as usize],
                _ if depth == 0 => {
                    let next = likeliest_letter(bucket, weights, family, guessed);
                    won_after(bucket, weights, family, guessed, left, next, (k, 0))
                }
                _ => rollout_letter(bucket, weights, family, guessed, left, k, depth).0,
            }
        })
        .sum()
}

/// The exact search for the best chance of winning (see the module docs).
struct Search<'a> {
    bucket: &'a Bucket,
    weights: &'a [u64],
    options: &'a PlayerOptions,
    /// Chance of winning by (set of words, wrong guesses left).
    memo: FxHashMap<(u64, u32), f64>,
    nodes: usize,
}

impl Search<'_> {
    fn key(cands: &[u32], left: u32) -> (u64, u32) {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &c in cands {
            h = (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3);
        }
        (h, left)
    }

    /// The chance of winning from `cands` with `left` wrong guesses left (a miss with none
    /// left loses); `None` when the node budget runs out.
    fn value(&mut self, cands: &[u32], guessed: LetterSet, left: u32) -> Option<f64> {
        if cands.len() <= 1 {
            return Some(1.0);
        }
        let key = Search::key(cands, left);
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        let (v, _) = self.best(cands, guessed, left)?;
        self.memo.insert(key, v);
        Some(v)
    }

    /// The best guess from `cands` and its chance of winning; `None` when the node budget
    /// runs out.
    fn best(&mut self, cands: &[u32], guessed: LetterSet, left: u32) -> Option<(f64, Guess)> {
        self.nodes += 1;
        if self.nodes > self.options.nodes {
            return None;
        }
        let word = |c: u32| Guess::Word(self.bucket.word_str(c as usize).to_string());
        if let [only] = cands[..] {
            return Some((1.0, word(only)));
        }
        // Whole numbers below 2^53: the float sums are exact.
        let weight = |c: u32| self.weights[c as usize] as f64;
        let total: f64 = cands.iter().map(|&c| weight(c)).sum();
        // Letters that split the words: not in the same places in all of them.
        let first = cands[0] as usize;
        let mut letters: Vec<(f64, Letter)> = guessed
            .complement()
            .iter()
            .filter(|&l| {
                let mask = self.bucket.positions(first, l);
                cands[1..]
                    .iter()
                    .any(|&c| self.bucket.positions(c as usize, l) != mask)
            })
            .map(|l| {
                let m: f64 = cands
                    .iter()
                    .filter(|&&c| self.bucket.letters(c as usize).contains(l))
                    .map(|&c| weight(c))
                    .sum();
                (m, l)
            })
            .collect();
        letters.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut best: Option<(f64, Guess)> = None;
        let mut parts = Partition::default();
        for (_, letter) in letters {
            parts.split(self.bucket, cands, letter);
            let families: Vec<(u32, Vec<u32>)> =
                parts.families().map(|(m, f)| (m, f.to_vec())).collect();
            let mut v = 0.0;
            for (mask, family) in &families {
                let share: f64 = family.iter().map(|&c| weight(c)).sum::<f64>() / total;
                let win = if *mask != 0 {
                    self.value(family, guessed.with(letter), left)?
                } else if left == 0 {
                    0.0
                } else {
                    self.value(family, guessed.with(letter), left - 1)?
                };
                v += share * win;
            }
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-12) {
                best = Some((v, Guess::Letter(letter)));
            }
        }
        // The likeliest words as word guesses.
        let mut likely: Vec<u32> = cands.to_vec();
        likely.sort_by_key(|&c| std::cmp::Reverse(self.weights[c as usize]));
        likely.truncate(self.options.words);
        for c in likely {
            let p = weight(c) / total;
            let rest: Vec<u32> = cands.iter().copied().filter(|&d| d != c).collect();
            let v = if left == 0 {
                p
            } else {
                p + (1.0 - p) * self.value(&rest, guessed, left - 1)?
            };
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-12) {
                best = Some((v, word(c)));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{self, RunOptions};
    use crate::game::Game;
    use crate::referee::Fair;

    const RUN: RunOptions = RunOptions {
        seed: 1,
        record: false,
    };

    fn settings(params: &[(&str, &str)]) -> Settings {
        Settings {
            params: params
                .iter()
                .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
                .collect(),
            ..Settings::default()
        }
    }

    fn player(words: &[&str], learned: &[&str], params: &[(&str, &str)]) -> Familiar {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
        let learned: Vec<String> = learned.iter().map(|w| (*w).to_string()).collect();
        Familiar::with_learned(lexicon, &settings(params), &learned, None).unwrap()
    }

    fn first_guess(strategy: &Familiar, length: usize) -> Guess {
        strategy
            .player(length, 0)
            .choose(&GameState::new(length, strategy.max_wrong()))
    }

    #[test]
    fn familiar_words_weigh_more() {
        let options = PlayerOptions::default();
        let f = |w| options.weight(Familiarity::get().frequency(w));
        assert!(f("house") > 100.0 * f("bouse"));
        let plain = PlayerOptions::plain();
        assert!((plain.weight(1e-4) / plain.weight(1e-8) - 10f64.powf(1.2)).abs() < 1e-9);
        // The commonest words fall off: a word of Zipf 7 (`the`) weighs far less than one of
        // Zipf 4.5; words of Zipf 3.5 to 5 weigh about alike.
        let zipf = |z: f64| options.weight(10f64.powf(z - 9.0));
        assert!(zipf(7.0) < 0.01 * zipf(4.5));
        assert!((zipf(3.5) / zipf(5.0) - 1.0).abs() < 0.2);
    }

    /// The weight of `cands` that taking the likeliest letter every turn wins.
    fn won_by_likeliest(s: &Familiar, length: usize, cands: &[u32], left: u32) -> u64 {
        let bucket = s.pool().words().bucket(length);
        let weights = &s.weights[length];
        let letter = likeliest_letter(bucket, weights, cands, LetterSet::default());
        won_after(
            bucket,
            weights,
            cands,
            LetterSet::default(),
            left,
            letter,
            (4, 0),
        )
    }

    #[test]
    fn the_rollout_wins_at_least_what_the_likeliest_letter_wins() {
        // The source's 4-letter words: at every number of wrong guesses left and depth, the
        // letter the rollout takes wins at least the weight the likeliest letter would, and
        // the weight it reports is what playing it out wins.
        let s = player(&["cat"], &[], &[]);
        let bucket = s.pool().words().bucket(4);
        let weights = &s.weights[4];
        let cands: Vec<u32> = (0..bucket.len() as u32).step_by(7).collect();
        let mut gained = false;
        for left in 0..4 {
            let greedy = won_by_likeliest(&s, 4, &cands, left);
            for depth in 1..=2 {
                let (won, letter) = rollout_letter(
                    bucket,
                    weights,
                    &cands,
                    LetterSet::default(),
                    left,
                    4,
                    depth,
                );
                assert!(won >= greedy, "left {left} depth {depth}");
                if depth == 1 {
                    let after = won_after(
                        bucket,
                        weights,
                        &cands,
                        LetterSet::default(),
                        left,
                        letter,
                        (4, 0),
                    );
                    assert_eq!(after, won);
                }
                gained |= won > greedy + greedy / 1000;
            }
        }
        assert!(
            gained,
            "the rollout never did better than the likeliest letter"
        );
    }

    #[test]
    fn a_kept_board_gives_the_letter_the_rollout_gives() {
        // The opening is a board of many fitting words, so its letter is kept; asked again,
        // and asked of a fresh strategy, the letter is the same.
        let s = player(&["cat"], &[], &[]);
        let first = first_guess(&s, 5);
        assert_eq!(s.rollouts.lock().unwrap().len(), 1);
        assert_eq!(first_guess(&s, 5), first);
        assert_eq!(first_guess(&player(&["cat"], &[], &[]), 5), first);
        let bucket = s.pool().words().bucket(5);
        let cands = candidates::all(bucket);
        let (_, letter) =
            rollout_letter(bucket, &s.weights[5], &cands, LetterSet::default(), 5, 4, 2);
        assert_eq!(first, Guess::Letter(letter));
    }

    #[test]
    fn its_words_are_the_lists_the_sources_and_the_learned_ones() {
        let s = player(&["qzxab"], &["qzxcb", "Not-A-Word"], &[]);
        let words = s.pool().words();
        for known in ["qzxab", "qzxcb", "house", "everest"] {
            assert!(words.contains(known), "{known}");
        }
        assert_eq!(s.pool().learned(), 1);
    }

    #[test]
    fn the_fitting_words_are_the_pools_most_familiar_first() {
        // "qouse" is a word neither the list nor the source knows: learned, it weighs as an
        // everyday word, after "house" and "mouse", before the rare "bouse".
        assert!(!Familiarity::get().knows("qouse"));
        let s = player(&["house", "bouse"], &["qouse"], &[]);
        let mut game = Game::new(Fair::new("house").unwrap(), s.max_wrong());
        for c in "ouse".bytes() {
            game.guess(&Guess::Letter(Letter::from_ascii(c).unwrap()))
                .unwrap();
        }
        let pool = s.pool();
        let all = pool.fitting(game.state(), usize::MAX);
        let bucket = pool.words().bucket(5);
        assert_eq!(
            all.count,
            candidates::consistent(bucket, game.state()).len()
        );
        assert_eq!(all.likeliest.len(), all.count);
        assert_eq!(all.likeliest[..2], ["house", "mouse"], "{all:?}");
        let at = |w: &str| all.likeliest.iter().position(|x| x == w).unwrap();
        assert!(at("qouse") < at("bouse"), "{all:?}");
        // The first few are the first few of all of them; none shown of none asked.
        let three = pool.fitting(game.state(), 3);
        assert_eq!(
            (three.count, &three.likeliest[..]),
            (all.count, &all.likeliest[..3])
        );
        assert!(pool.fitting(game.state(), 0).likeliest.is_empty());
        // A length it has no word of.
        let none = pool.fitting(&GameState::new(lexicon::MAX_WORD_LEN, 5), 3);
        assert_eq!(none, Fitting::default());
    }

    #[test]
    fn a_word_is_learned_when_it_fits_and_is_not_known() {
        use crate::referee::Told;
        let s = player(&["cat", "dog"], &["qzx"], &[]);
        let pool = s.pool();
        // The player said C was not in their word.
        let c = Letter::from_ascii(b'c').unwrap();
        let history = [(Guess::Letter(c), Outcome::Letter { positions: 0 })];
        let reveal = |w: &str| Told::reveal(3, w, &history, pool.words()).unwrap();
        assert_eq!(pool.to_learn(&reveal("ZQJ")), Some("zqj"));
        // Known words: the list's, the source's, a learned one.
        for known in ["dog", "the", "qzx"] {
            assert_eq!(pool.to_learn(&reveal(known)), None, "{known}");
        }
        // A word that does not fit the answers.
        assert_eq!(pool.to_learn(&reveal("zqc")), None);
    }

    /// The guess of a fresh player of `s` once `letters` were guessed against `secret`.
    fn guess_after(s: &Familiar, secret: &str, letters: &str) -> Guess {
        let mut game = Game::new(Fair::new(secret).unwrap(), s.max_wrong());
        let mut player = s.player(secret.len(), 0);
        for c in letters.bytes() {
            let guess = Guess::Letter(Letter::from_ascii(c).unwrap());
            let outcome = game.guess(&guess).unwrap();
            player.learn(&guess, outcome);
        }
        player.choose(game.state())
    }

    #[test]
    fn a_learned_word_is_guessed_before_an_unknown_one() {
        // Neither is a word the source knows; the learned one weighs as an everyday word.
        let b = Guess::Letter(Letter::from_ascii(b'b').unwrap());
        let learned = player(&["qzxjqa", "qzxjqb"], &["qzxjqb"], &[]);
        assert_eq!(guess_after(&learned, "qzxjqb", "qzxj"), b);
        let unknown = player(&["qzxjqa", "qzxjqb"], &[], &[]);
        assert_ne!(
            guess_after(&unknown, "qzxjqb", "qzxj"),
            b,
            "a, alphabetically first"
        );
    }

    #[test]
    fn no_fitting_word_leaves_it_to_the_letter_model() {
        let s = player(&["cat", "dog"], &[], &[]);
        let game = eval::play_word(&s, "qzxjqzxq", &RUN).unwrap();
        assert!(game.guesses > 0 && !game.won);
        assert!(matches!(first_guess(&s, 3), Guess::Letter(_)));
    }

    #[test]
    fn bad_parameters_are_refused() {
        let lexicon = Arc::new(Lexicon::from_words(["cat"]).unwrap());
        for (k, v) in [
            ("cut", "12"),
            ("slope", "-1"),
            ("top", "10"),
            ("rollout", "27"),
            ("depth", "3"),
            ("nope", "1"),
            ("search", "x"),
        ] {
            let settings = settings(&[(k, v)]);
            assert!(Familiar::with_learned(lexicon.clone(), &settings, &[], None).is_err());
        }
    }

    #[test]
    fn the_search_finds_the_best_chance_of_winning() {
        // Four equally likely words differing in one letter: each guess rules out one, so
        // with `left` wrong guesses left the chance is (left + 1) / 4.
        let lexicon = Lexicon::from_words(["bill", "fill", "hill", "kill"]).unwrap();
        let bucket = lexicon.bucket(4);
        let weights = [1; 4];
        let options = PlayerOptions::default();
        let guessed = LetterSet::of_word(b"il");
        for left in 0..5u32 {
            let mut search = Search {
                bucket,
                weights: &weights,
                options: &options,
                memo: FxHashMap::default(),
                nodes: 0,
            };
            let (v, _) = search.best(&[0, 1, 2, 3], guessed, left).unwrap();
            let expected = (f64::from(left + 1) / 4.0).min(1.0);
            assert!((v - expected).abs() < 1e-9, "left {left}: {v}");
        }
        // A likelier word is worth guessing first.
        let weights = [1, 1, 6, 1];
        let mut search = Search {
            bucket,
            weights: &weights,
            options: &options,
            memo: FxHashMap::default(),
            nodes: 0,
        };
        let (v, guess) = search.best(&[0, 1, 2, 3], guessed, 0).unwrap();
        assert!((v - 6.0 / 9.0).abs() < 1e-9);
        assert!(
            matches!(guess, Guess::Letter(l) if l.lower() == b'h')
                || guess == Guess::Word("hill".into())
        );
    }

    /// Every tenth word of the held-out dev set: `player` wins more than the plain
    /// letter-by-letter guesser (weights `frequency^0.3`).
    #[test]
    fn player_beats_the_plain_guesser_on_a_sample_of_words_people_use() {
        let dev = include_str!("../../data/familiarity/people-dev.txt");
        let words: Vec<&str> = dev.lines().step_by(10).collect();
        let lexicon = Arc::new(Lexicon::embedded());
        let wins = |params: &[(&str, &str)]| {
            let s = Familiar::with_learned(lexicon.clone(), &settings(params), &[], None).unwrap();
            words
                .iter()
                .filter(|w| eval::play_word(&s, w, &RUN).unwrap().won)
                .count()
        };
        let (player, plain) = (wins(&[]), wins(&[("plain", "1")]));
        assert!(
            player > plain,
            "player {player}, plain {plain} of {}",
            words.len()
        );
    }
}
