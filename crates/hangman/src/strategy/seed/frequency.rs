//! The seed's *frequency* arch-strategy, shared by its four sub-strategies.
//!
//! Each turn, as the seed's notebook code does it:
//!
//! 1. if the last guess was a letter, filter the stored words on the board it produced and
//!    count the letters of what is left (a wrong *word* guess only removes that word and
//!    keeps the old counts, exactly like the seed, which never reads those counts again:
//!    with n words ≤ r guesses left, n − 1 ≤ r − 1 still holds);
//! 2. if the number of words left is at most the wrong guesses left, guess one of them
//!    (see [`WordChoice`]);
//! 3. otherwise guess the unguessed letter with the highest count. Ties go to the
//!    alphabetically **last** letter: the seed inverts its letter→count map into
//!    count→letter, so among equal counts the letter iterated last wins, and a Clojure
//!    hash map keyed by characters (or by the integers 0–25) iterates in alphabetical order.
//!    (Count maps of at most eight keys are Clojure array maps iterating in insertion
//!    order; that rare case is not emulated.)
//!
//! The sub-strategies differ in how they store, filter and count (`SubStrategy` and its
//! [`Store`]); everything else is here once: the strategy `Frequency` (parameters, one-time
//! setup per length, players), the player, and the counting rules they share,
//! [`count_occurrences`] and the sampled count [`Sampling`].

use std::sync::Arc;

use lexicon::{Bucket, Letter, LetterSet, Lexicon};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;

use crate::candidates;
use crate::game::{GameState, Guess, Outcome};
use crate::strategy::params::Params;
use crate::strategy::per_length::PerLength;
use crate::strategy::settings::{Settings, StrategyError};
use crate::strategy::traits::{Player, Strategy};

/// Letter counts, indexed by [`Letter::index`].
pub type Counts = [u32; 26];

/// How one game's remaining words are stored, filtered and counted.
pub trait Store {
    /// How many words are left.
    fn len(&self) -> usize;

    /// Whether no word is left.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the words consistent with `state`, the state right after guessing `last`
    /// (earlier guesses have been filtered on already).
    fn filter(&mut self, state: &GameState, last: Letter);

    /// Removes a word that was guessed wrongly.
    fn remove_word(&mut self, word: &[u8]);

    /// The letter counts of the words left (sampling stores draw from `rng`).
    fn count(&mut self, rng: &mut Pcg64) -> Counts;

    /// The words left, in the store's order (called only when few are left).
    fn words(&self) -> Vec<String>;
}

/// One of the arch-strategy's four sub-strategies: how it stores the words of a length and
/// starts a game on them. [`Frequency`] turns it into a [`Strategy`].
pub(crate) trait SubStrategy: Send + Sync + 'static {
    /// The registry name.
    const NAME: &'static str;
    /// The default of the `word` parameter.
    const WORD: WordChoice;
    /// Whether letters are counted on a sample: the strategy then takes the [`Sampling`]
    /// parameters, and its games depend on the seed.
    const SAMPLED: bool;
    /// What is built once per word length (one-time setup, [`Strategy::prepare`]).
    type Words: Send + Sync;
    /// One game's remaining words.
    type Store<'a>: Store;

    /// Builds the words of `bucket`'s length.
    fn words(bucket: &Bucket) -> Self::Words;

    /// A game's store over the words of `bucket` and the letter counts of its first guess
    /// (a sampled count draws from `rng`, the game's generator).
    fn start<'a>(
        words: &'a Self::Words,
        bucket: &'a Bucket,
        sampling: Sampling,
        rng: &mut Pcg64,
    ) -> (Self::Store<'a>, Counts);
}

/// The seed's frequency arch-strategy played with the sub-strategy `S` (registry entries
/// `deterministic-regex`, `sampling-regex`, `predicate` and `trie`).
///
/// Parameters: `word=first|random|ranked` ([`WordChoice`], default `S::WORD`) and, for
/// sampled sub-strategies, the [`Sampling`] parameters.
pub(crate) struct Frequency<S: SubStrategy> {
    lexicon: Arc<Lexicon>,
    choice: WordChoice,
    sampling: Sampling,
    words: PerLength<S::Words>,
    max_wrong: u32,
}

impl<S: SubStrategy> Frequency<S> {
    /// Builds the strategy from its registry entry's settings.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] for a parameter that is unknown, given twice or out of
    /// range.
    pub(crate) fn build(
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        let mut params = Params::new(S::NAME, settings)?;
        let sampling = if S::SAMPLED {
            Sampling::params(&mut params)?
        } else {
            Sampling::default()
        };
        let choice = WordChoice::param(&mut params, S::WORD)?;
        params.finish()?;
        Ok(Box::new(Frequency::<S> {
            // Every length a word can have, so a game of any length finds its slot.
            words: PerLength::new(lexicon::MAX_WORD_LEN),
            lexicon,
            choice,
            sampling,
            max_wrong: settings.max_wrong,
        }))
    }

    /// The words of `length`, built on first use.
    fn words(&self, length: usize) -> &S::Words {
        self.words
            .get(length, || S::words(self.lexicon.bucket(length)))
            .expect("no word is longer than MAX_WORD_LEN")
    }
}

impl<S: SubStrategy> Strategy for Frequency<S> {
    fn name(&self) -> &str {
        S::NAME
    }

    fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    fn prepare(&self, lengths: &[usize]) {
        lengths.par_iter().for_each(|&length| {
            self.words(length);
        });
    }

    fn player(&self, length: usize, seed: u64) -> Box<dyn Player + '_> {
        let mut rng = game_rng(seed);
        let (store, counts) = S::start(
            self.words(length),
            self.lexicon.bucket(length),
            self.sampling,
            &mut rng,
        );
        Box::new(FrequencyPlayer::new(store, counts, self.choice, rng))
    }
}

/// Which remaining word to guess once the words left are no more than the wrong guesses
/// left (parameter `word`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordChoice {
    /// `first`: the first word left in dictionary order. The seed picks uniformly at random;
    /// every secret that reaches a given state shares its candidate list, so any fixed
    /// order costs the same on average over those secrets as a random one, and the game
    /// depends on the word alone.
    First,
    /// `random`: uniformly at random, as the seed does, drawn from the game's seeded RNG.
    Random,
    /// `ranked`: the seed's TODO: the word whose distinct unguessed letters have the
    /// highest total count (ties to the earlier word).
    Ranked,
}

impl WordChoice {
    /// Reads parameter `word` (`first`, `random` or `ranked`).
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if the value is not `first`, `random` or `ranked`.
    pub fn param(params: &mut Params<'_>, default: WordChoice) -> Result<Self, StrategyError> {
        let name = params.get("word", default.name().to_string(), |v| {
            WordChoice::from_name(v)
                .map(|_| ())
                .ok_or_else(|| "expected first, random or ranked".to_string())
        })?;
        Ok(WordChoice::from_name(&name).unwrap_or(default))
    }

    fn from_name(name: &str) -> Option<WordChoice> {
        match name {
            "first" => Some(WordChoice::First),
            "random" => Some(WordChoice::Random),
            "ranked" => Some(WordChoice::Ranked),
            _ => None,
        }
    }

    /// The parameter value naming this choice.
    pub fn name(self) -> &'static str {
        match self {
            WordChoice::First => "first",
            WordChoice::Random => "random",
            WordChoice::Ranked => "ranked",
        }
    }

    fn pick(self, words: &[String], counts: &Counts, guessed: LetterSet, rng: &mut Pcg64) -> usize {
        match self {
            WordChoice::First => 0,
            WordChoice::Random => rng.random_range(0..words.len()),
            WordChoice::Ranked => {
                let rank = |w: &String| -> u64 {
                    LetterSet::of_word(w.as_bytes())
                        .difference(guessed)
                        .iter()
                        .map(|l| u64::from(counts[l.index()]))
                        .sum()
                };
                let mut best = 0;
                for (i, w) in words.iter().enumerate().skip(1) {
                    if rank(w) > rank(&words[best]) {
                        best = i;
                    }
                }
                best
            }
        }
    }
}

/// The unguessed letter with the highest nonzero count; ties to the alphabetically last
/// letter (the seed's tie-break, see the module docs).
pub fn most_common_last(counts: &Counts, guessed: LetterSet) -> Option<Letter> {
    let mut best: Option<(u32, Letter)> = None;
    for letter in guessed.complement().iter() {
        let n = counts[letter.index()];
        if n > 0 && best.is_none_or(|(m, _)| n >= m) {
            best = Some((n, letter));
        }
    }
    best.map(|(_, l)| l)
}

/// Letter counts over `words`, every occurrence counted (`aargh` adds 2 to `a`): the
/// seed's deterministic count, whose comment says `distinct` was taken out for speed.
pub fn count_occurrences<'w>(words: impl Iterator<Item = &'w [u8]>) -> Counts {
    let mut counts = [0u32; 26];
    for word in words {
        for &b in word {
            counts[usize::from(b - b'a')] += 1;
        }
    }
    counts
}

/// The seed's sampling letter count and its tuning parameters.
///
/// The words are visited in a random order (the seed shuffles the whole list; we shuffle
/// lazily, which draws the same prefix distribution) and each adds 1 per *distinct* letter
/// (the seed's `zipmap` of a word's letters). Before visiting word number `i` (from 0),
/// counting stops if `i > n / ratio`, `i` is a multiple of `frequency`, and the counts are
/// *stable*: each letter's share of the total (a single-precision float, as the seed's
/// `float`) is compared with its share one word earlier, and the sum of the differences is
/// below `tolerance`. The seed sums *signed* differences, and shares sum to 1 on both
/// sides, so that sum is 0 up to rounding: in effect the seed stops at the first
/// checkpoint past the minimum (e.g. after 300 of 28,558 words, and counts all of any list
/// of at most `frequency` words). `delta=absolute` sums absolute differences instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// `delta-percentage-tolerance` (seed: 1e-5).
    pub tolerance: f64,
    /// `sampling-frequency`: words between stability checks (seed: 100).
    pub frequency: usize,
    /// `ratio-to-n-of-minimum-iterations`: at least n / ratio words are counted (seed: 100).
    pub ratio: f64,
    /// `delta=absolute` (true) or the seed's `delta=signed` (false).
    pub absolute: bool,
}

impl Default for Sampling {
    fn default() -> Sampling {
        Sampling {
            tolerance: 1.0e-5,
            frequency: 100,
            ratio: 100.0,
            absolute: false,
        }
    }
}

impl Sampling {
    /// Reads the sampling parameters `delta-percentage-tolerance`, `sampling-frequency`,
    /// `ratio-to-n-of-minimum-iterations` and `delta` (`signed` or `absolute`).
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if a value does not parse or is out of range.
    pub fn params(params: &mut Params<'_>) -> Result<Sampling, StrategyError> {
        let d = Sampling::default();
        let tolerance = params.get("delta-percentage-tolerance", d.tolerance, |&v| {
            (v.is_finite() && v >= 0.0)
                .then_some(())
                .ok_or_else(|| "expected a finite number >= 0".to_string())
        })?;
        let frequency = params.get("sampling-frequency", d.frequency, |&v| {
            (v >= 1)
                .then_some(())
                .ok_or_else(|| "expected a whole number >= 1".to_string())
        })?;
        let ratio = params.get("ratio-to-n-of-minimum-iterations", d.ratio, |&v| {
            (v.is_finite() && v > 0.0)
                .then_some(())
                .ok_or_else(|| "expected a finite number > 0".to_string())
        })?;
        let delta = params.get("delta", "signed".to_string(), |v| {
            matches!(v.as_str(), "signed" | "absolute")
                .then_some(())
                .ok_or_else(|| "expected signed or absolute".to_string())
        })?;
        Ok(Sampling {
            tolerance,
            frequency,
            ratio,
            absolute: delta == "absolute",
        })
    }

    /// Counts a sample of `items` (reordered in place) whose letters are `letters(item)`.
    pub fn count(
        &self,
        items: &mut [u32],
        rng: &mut Pcg64,
        letters: impl Fn(u32) -> LetterSet,
    ) -> Counts {
        let n = items.len();
        let minimum = n as f64 / self.ratio;
        let mut counts = [0u32; 26];
        let mut last = [0u32; 26];
        for i in 0..n {
            if i as f64 > minimum && i % self.frequency == 0 && self.stable(&last, &counts) {
                break;
            }
            let j = rng.random_range(i..n);
            items.swap(i, j);
            last = counts;
            for l in letters(items[i]).iter() {
                counts[l.index()] += 1;
            }
        }
        counts
    }

    /// The seed's `sufficiently-stable?`: shares per letter present on either side; a
    /// letter on one side only contributes its share there (Clojure's `merge-with`).
    fn stable(&self, last: &Counts, counts: &Counts) -> bool {
        let shares = |c: &Counts| {
            let total: u32 = c.iter().sum();
            c.map(|n| (n > 0).then(|| f64::from(n as f32 / total as f32)))
        };
        let (before, now) = (shares(last), shares(counts));
        let delta: f64 = before
            .iter()
            .zip(&now)
            .map(|(b, n)| match (n, b) {
                (Some(n), Some(b)) => n - b,
                (Some(x), None) | (None, Some(x)) => *x,
                (None, None) => 0.0,
            })
            .map(|d| if self.absolute { d.abs() } else { d })
            .sum();
        delta < self.tolerance
    }
}

/// One game of a frequency sub-strategy.
pub struct FrequencyPlayer<S> {
    store: S,
    counts: Counts,
    /// The letter to filter on before the next guess.
    last: Option<Letter>,
    choice: WordChoice,
    rng: Pcg64,
}

impl<S: Store> FrequencyPlayer<S> {
    /// A player over `store`, whose words' counts are `counts`, with its RNG seeded by the
    /// game's `seed`.
    pub fn new(store: S, counts: Counts, choice: WordChoice, rng: Pcg64) -> FrequencyPlayer<S> {
        FrequencyPlayer {
            store,
            counts,
            last: None,
            choice,
            rng,
        }
    }
}

/// The RNG of a game seeded with `seed`.
pub fn game_rng(seed: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed)
}

impl<S: Store> Player for FrequencyPlayer<S> {
    fn choose(&mut self, state: &GameState) -> Guess {
        if let Some(last) = self.last.take() {
            self.store.filter(state, last);
            self.counts = self.store.count(&mut self.rng);
        }
        let n = self.store.len();
        // With no word left (the secret is not in the dictionary) the seed would fail;
        // we go on guessing letters.
        if n > 0 && n as u64 <= u64::from(state.wrong_guesses_left()) {
            let mut words = self.store.words();
            let i = self
                .choice
                .pick(&words, &self.counts, state.guessed_letters(), &mut self.rng);
            return Guess::Word(words.swap_remove(i));
        }
        let guessed = state.guessed_letters();
        let letter = most_common_last(&self.counts, guessed)
            .or_else(|| candidates::fallback_letter(guessed))
            .expect("a game in progress has an unguessed letter");
        Guess::Letter(letter)
    }

    fn learn(&mut self, guess: &Guess, outcome: Outcome) {
        match (guess, outcome) {
            (Guess::Letter(letter), Outcome::Letter { .. }) => self.last = Some(*letter),
            (Guess::Word(word), Outcome::Word { correct: false }) => {
                self.store.remove_word(word.as_bytes());
            }
            _ => {}
        }
    }
}

/// The regex and predicate strategies' candidate list: indices into a bucket-ordered word
/// list, "every word" until the first filter so a game does not copy the whole list.
#[derive(Clone, Debug)]
pub struct Candidates {
    all: Option<usize>,
    list: Vec<u32>,
}

impl Candidates {
    /// All `n` words.
    pub fn all(n: usize) -> Candidates {
        Candidates {
            all: Some(n),
            list: Vec::new(),
        }
    }

    /// How many are left.
    pub fn len(&self) -> usize {
        self.all.unwrap_or(self.list.len())
    }

    /// Whether none is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the indices `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(u32) -> bool) {
        match self.all.take() {
            Some(n) => self.list = (0..n as u32).filter(|&i| keep(i)).collect(),
            None => self.list.retain(|&i| keep(i)),
        }
    }

    /// Copies the indices into `out` (cleared first).
    pub fn copy_to(&self, out: &mut Vec<u32>) {
        out.clear();
        match self.all {
            Some(n) => out.extend(0..n as u32),
            None => out.extend_from_slice(&self.list),
        }
    }

    /// The indices, in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let (range, list) = match self.all {
            Some(n) => (0..n as u32, &[][..]),
            None => (0..0, &self.list[..]),
        };
        range.chain(list.iter().copied())
    }
}

/// The words of `bucket` at `candidates`, as strings.
pub fn bucket_words(bucket: &Bucket, candidates: &Candidates) -> Vec<String> {
    candidates
        .iter()
        .map(|c| bucket.word_str(c as usize).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: u8) -> Letter {
        Letter::from_ascii(c).unwrap()
    }

    #[test]
    fn ties_go_to_the_last_letter_and_guessed_letters_are_skipped() {
        let mut counts = [0u32; 26];
        counts[0] = 3; // a
        counts[4] = 3; // e
        counts[2] = 1; // c
        assert_eq!(
            most_common_last(&counts, LetterSet::EMPTY),
            Some(letter(b'e'))
        );
        let guessed = LetterSet::EMPTY.with(letter(b'e'));
        assert_eq!(most_common_last(&counts, guessed), Some(letter(b'a')));
        assert_eq!(most_common_last(&[0; 26], LetterSet::EMPTY), None);
    }

    #[test]
    fn occurrences_count_repeats() {
        let counts = count_occurrences([&b"aargh"[..], b"aa"].into_iter());
        assert_eq!(counts[0], 4);
        assert_eq!(counts[usize::from(b'r' - b'a')], 1);
    }

    #[test]
    fn sampling_counts_distinct_letters_of_a_prefix_of_a_shuffle() {
        // 1,000 items: minimum 10 words, first checkpoint at 100 stops (signed sum ~ 0).
        let words: Vec<LetterSet> = (0..1000u32)
            .map(|i| LetterSet::of_word(if i % 2 == 0 { b"aab" } else { b"cc" }))
            .collect();
        let mut items: Vec<u32> = (0..1000).collect();
        let counts = Sampling::default().count(&mut items, &mut game_rng(7), |i| words[i as usize]);
        assert_eq!(counts[0] + counts[2], 100, "{counts:?}");
        assert_eq!(counts[0], counts[1]);
        // Same seed, same sample.
        let mut again: Vec<u32> = (0..1000).collect();
        let counts2 =
            Sampling::default().count(&mut again, &mut game_rng(7), |i| words[i as usize]);
        assert_eq!(counts, counts2);
        assert_eq!(items[..100], again[..100]);
        // At most `frequency` items: everything is counted.
        let mut few: Vec<u32> = (0..100).collect();
        let counts = Sampling::default().count(&mut few, &mut game_rng(1), |i| words[i as usize]);
        assert_eq!((counts[0], counts[2]), (50, 50));
        // Absolute deltas never get under 1e-5 here: the whole list is counted.
        let absolute = Sampling {
            absolute: true,
            ..Sampling::default()
        };
        let mut all: Vec<u32> = (0..1000).collect();
        let counts = absolute.count(&mut all, &mut game_rng(7), |i| words[i as usize]);
        assert_eq!(counts[0] + counts[2], 1000);
    }

    #[test]
    fn candidates_start_full_and_filter_in_order() {
        let mut c = Candidates::all(5);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
        c.retain(|i| i % 2 == 0);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![0, 2, 4]);
        c.retain(|i| i > 0);
        let mut out = Vec::new();
        c.copy_to(&mut out);
        assert_eq!(out, vec![2, 4]);
        assert_eq!(c.len(), 2);
    }
}
