//! Hints for a game in progress, as the game's referee plays it: the one engine behind the
//! web page's hint and `hangman suggest`.
//!
//! A hint ranks the words the referee may still hold, not the whole list:
//!
//! - **fair**: the referee drew its secret uniformly from a pool (the web's and `hangman
//!   play`'s fair referees draw from the common tier), so the candidates are the pool's
//!   words that fit the board, all equally likely. The pick is the move of the hint
//!   strategy (`best` by default) over that pool, with its expected final score; the letters
//!   follow, by the expected final score of guessing each and letting the strategy play on
//!   (when few enough words are left to play it out), then by their odds. Following the
//!   pick is playing the strategy on the pool, so it wins exactly as many games.
//! - **cheating** (`evil`, `evil-lookahead`): the candidates are the words the referee still
//!   holds (every word of the list that fits), ranked the same way.
//! - **optimal**: the letters by the misses the optimal referee can still force after each,
//!   as proven ([`proven`]): the shipped optimal guessers ([`trees`]) and the solver.
//!
//! While a game runs a hint always names a guess: with one word left, that word.
//! [`Snapshot`] (from [`suggest`](crate::suggest)) is what a hint sees of the game: the
//! board, the wrong letters and words, the lives.

mod keyed;
pub mod openings;
mod proven;
pub mod totals;
pub mod trees;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lexicon::{Letter, Lexicon};

use crate::game::{GameState, Guess};
use crate::referee::RefereeKind;
use crate::solve::Bounds;
use crate::split::LetterStats;
use crate::strategy::{self, Settings, Strategy, StrategyInfo};
use crate::suggest::{self, AdviceError, PlayOut, Snapshot};
use crate::{candidates, familiarity};

/// How much a hint may compute and show.
#[derive(Clone, Debug)]
pub struct HintOptions {
    /// Play out every letter's expected final score when at most this many words are left
    /// (and the strategy's play-out budget allows).
    pub exact_limit: usize,
    /// Play out the pick's own expected final score (one walk of the strategy's tree) when
    /// at most this many words are left (`best`'s ships for more on the fair pool at 6
    /// lives).
    pub pick_limit: usize,
    /// List the words left when at most this many are.
    pub show: usize,
    /// How long the solver may search for proofs (hints against the optimal referee).
    pub proof_budget: Duration,
    /// The seed of strategies that sample.
    pub seed: u64,
}

impl Default for HintOptions {
    fn default() -> HintOptions {
        HintOptions {
            exact_limit: 150,
            pick_limit: 150,
            show: 12,
            proof_budget: Duration::from_millis(200),
            seed: 1,
        }
    }
}

/// How a hint ranks its letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintKind {
    /// By the expected final score of playing on, then the odds of a hit (the fair and
    /// the cheating referees but the optimal one).
    Odds,
    /// By the misses the optimal referee can still force, as proven (then the odds).
    Proven,
}

impl HintKind {
    /// Its name in the web API: `odds` or `optimal`.
    pub fn name(self) -> &'static str {
        match self {
            HintKind::Odds => "odds",
            HintKind::Proven => "optimal",
        }
    }
}

/// One letter of a hint.
#[derive(Clone, Debug, PartialEq)]
pub struct HintLetter {
    /// The letter.
    pub letter: Letter,
    /// Words left that hold it.
    pub containing: usize,
    /// `containing` as a share of the words left: the odds of a hit.
    pub share: f64,
    /// The expected final score (25 for a loss) of guessing it and letting the strategy
    /// play on, over the words left as equally likely secrets, when computed.
    pub expected_score: Option<f64>,
    /// Against the optimal referee: proven bounds on the misses it can force after this
    /// letter, this letter's own miss included.
    pub misses: Option<Bounds>,
}

/// A hint for a game in progress.
#[derive(Clone, Debug)]
pub struct Hint {
    /// How the letters are ranked.
    pub kind: HintKind,
    /// The running score.
    pub score: u32,
    /// Wrong guesses left before a loss.
    pub wrong_left: u32,
    /// How many words the referee may still hold.
    pub candidates: usize,
    /// Those words when at most [`HintOptions::show`] are left (the pick first, then the
    /// most familiar), else empty.
    pub words: Vec<String>,
    /// The guess to make: the strategy's move (a letter or a word) for the odds, the first
    /// letter for the proven ranking; the word itself when one is left.
    pub pick: Guess,
    /// The expected final score of `pick` (odds), when computed.
    pub pick_expected_score: Option<f64>,
    /// Every useful letter, best first: the pick first when it is a letter.
    pub letters: Vec<HintLetter>,
}

/// The hint engine of one word list: the fair referee's pool, the strategy that plays it
/// (built once per maximum of wrong guesses and kept, so what it computes serves every
/// later hint), and the shipped optimal guessers.
pub struct Hints {
    lexicon: Arc<Lexicon>,
    pool: Arc<Lexicon>,
    info: &'static StrategyInfo,
    /// Strategies built so far, by (over the pool, maximum of wrong guesses).
    built: Mutex<HashMap<(bool, u32), Arc<dyn Strategy>>>,
}

impl std::fmt::Debug for Hints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hints")
            .field("words", &self.lexicon.len())
            .field("pool", &self.pool.len())
            .field("strategy", &self.info.name)
            .finish_non_exhaustive()
    }
}

impl Hints {
    /// The hints of games on `lexicon` whose fair referee draws its secrets from `pool`
    /// (words of `lexicon`), played by `best`.
    pub fn new(lexicon: Arc<Lexicon>, pool: Arc<Lexicon>) -> Hints {
        Hints::with_strategy(
            lexicon,
            pool,
            strategy::find("best").expect("best is registered"),
        )
    }

    /// As [`Hints::new`] with another strategy making the pick and playing on.
    pub fn with_strategy(
        lexicon: Arc<Lexicon>,
        pool: Arc<Lexicon>,
        info: &'static StrategyInfo,
    ) -> Hints {
        Hints {
            lexicon,
            pool,
            info,
            built: Mutex::new(HashMap::new()),
        }
    }

    /// The strategy's name.
    pub fn strategy_name(&self) -> &'static str {
        self.info.name
    }

    /// The hint for `snapshot` in a game refereed by `referee`.
    ///
    /// # Errors
    ///
    /// [`AdviceError::NoCandidates`] if no word the referee may hold fits the snapshot (the
    /// word is not one of the list's), [`AdviceError::Strategy`] or [`AdviceError::Game`] if
    /// the strategy cannot be built or breaks the rules.
    pub fn hint(
        &self,
        referee: RefereeKind,
        snapshot: &Snapshot,
        options: &HintOptions,
    ) -> Result<Hint, AdviceError> {
        match referee {
            RefereeKind::Fair => self.odds(true, snapshot, options),
            RefereeKind::Evil | RefereeKind::EvilLookahead => self.odds(false, snapshot, options),
            RefereeKind::Optimal => self.proven(snapshot, options),
        }
    }

    /// The strategy over the pool (`fair`) or the whole list at `max_wrong`, built once.
    fn strategy(&self, fair: bool, settings: &Settings) -> Result<Arc<dyn Strategy>, AdviceError> {
        let key = (fair, settings.max_wrong);
        if let Some(s) = self
            .built
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return Ok(s.clone());
        }
        let words = if fair { &self.pool } else { &self.lexicon };
        let built: Arc<dyn Strategy> = Arc::from(self.info.build(words.clone(), settings)?);
        let mut map = self.built.lock().unwrap_or_else(|e| e.into_inner());
        Ok(map.entry(key).or_insert(built).clone())
    }

    fn odds(
        &self,
        fair: bool,
        snapshot: &Snapshot,
        options: &HintOptions,
    ) -> Result<Hint, AdviceError> {
        let settings = Settings {
            max_wrong: snapshot.max_wrong(),
            seed: options.seed,
            params: Vec::new(),
            cache_dir: None,
        };
        let words = if fair { &self.pool } else { &self.lexicon };
        let strategy = self.strategy(fair, &settings)?;
        // The first boards players reach: `best`'s move may ship ([`openings`]).
        let shipped = (self.info.name == "best")
            .then(|| {
                let (state, _) = snapshot.state();
                let bucket = words.bucket(snapshot.length());
                let cands = candidates::consistent(bucket, &state);
                openings::shipped_move(bucket, &cands, &state.position())
            })
            .flatten();
        let advice = suggest::advise_with(
            words,
            self.info,
            &settings,
            strategy.as_ref(),
            snapshot,
            PlayOut {
                letters: options.exact_limit,
                pick: options.pick_limit,
            },
            shipped.map(Guess::Letter),
        )?;
        let n = advice.candidates.len();
        // Many candidates: `best`'s total from here may ship (6 lives, the fair pool).
        let pick_expected_score = advice.pick_expected_score.or_else(|| {
            (self.info.name == "best")
                .then(|| {
                    let (state, _) = snapshot.state();
                    let bucket = words.bucket(snapshot.length());
                    let cands = candidates::consistent(bucket, &state);
                    totals::shipped_total(bucket, &cands, &state.position())
                })
                .flatten()
                .map(|total| total as f64 / n as f64)
        });
        let mut letters: Vec<HintLetter> = advice
            .letters
            .into_iter()
            .map(|a| HintLetter {
                letter: a.letter,
                containing: a.containing,
                share: a.share,
                expected_score: a.expected_score,
                misses: None,
            })
            .collect();
        if let Guess::Letter(pick) = advice.pick
            && let Some(i) = letters.iter().position(|l| l.letter == pick)
        {
            let mut first = letters.remove(i);
            first.expected_score = first.expected_score.or(pick_expected_score);
            letters.insert(0, first);
        }
        Ok(Hint {
            kind: HintKind::Odds,
            score: advice.score,
            wrong_left: advice.wrong_left,
            candidates: n,
            words: shown(advice.candidates, &advice.pick, options.show),
            pick: advice.pick,
            pick_expected_score,
            letters,
        })
    }

    fn proven(&self, snapshot: &Snapshot, options: &HintOptions) -> Result<Hint, AdviceError> {
        let (state, _) = snapshot.state();
        let bucket = self.lexicon.bucket(snapshot.length());
        let family = candidates::consistent(bucket, &state);
        let stats = LetterStats::of(bucket, &family);
        let n = family.len();
        let letter = |letter: Letter, misses: Bounds| {
            let containing = stats.counts[letter.index()] as usize;
            HintLetter {
                letter,
                containing,
                share: containing as f64 / n as f64,
                expected_score: None,
                misses: Some(misses),
            }
        };
        let (pick, letters) = match family[..] {
            [] => return Err(AdviceError::NoCandidates),
            [word] => {
                // The word is known: each letter still hidden is a sure hit.
                let hidden = bucket
                    .letters(word as usize)
                    .difference(state.guessed_letters());
                let sure = Bounds { lower: 0, upper: 0 };
                (
                    Guess::Word(bucket.word_str(word as usize).to_string()),
                    hidden.iter().map(|l| letter(l, sure)).collect(),
                )
            }
            _ => {
                let ranked = proven::rank(bucket, &state, &family, options.proof_budget);
                let letters: Vec<HintLetter> =
                    ranked.iter().map(|p| letter(p.letter, p.bounds)).collect();
                (Guess::Letter(letters[0].letter), letters)
            }
        };
        let words: Vec<String> = family
            .iter()
            .map(|&w| bucket.word_str(w as usize).to_string())
            .collect();
        Ok(Hint {
            kind: HintKind::Proven,
            score: state.score(),
            wrong_left: state.wrong_guesses_left(),
            candidates: n,
            words: shown(words, &pick, options.show),
            pick,
            pick_expected_score: None,
            letters,
        })
    }
}

/// The words to list: all of them if at most `show`, else none; the picked word first,
/// then the most familiar ([`familiarity`](crate::familiarity): the word a cheating referee
/// reveals at the end is its most familiar one), ties in the list's order.
fn shown(mut words: Vec<String>, pick: &Guess, show: usize) -> Vec<String> {
    if words.len() > show {
        return Vec::new();
    }
    let picked = |w: &String| matches!(pick, Guess::Word(p) if p == w);
    words.sort_by(|a, b| {
        picked(b)
            .cmp(&picked(a))
            .then(familiarity::weight(b).total_cmp(&familiarity::weight(a)))
    });
    words
}

/// Why a word guess is refused before it is played: it could not be the word, so it would
/// only cost a life (a player's slip, not a guess).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordRefusal {
    /// Not a word of letters a–z.
    #[error("{0:?} is not a word of letters a-z")]
    NotLetters(String),
    /// Not as long as the word.
    #[error("{word:?} has {len} letters; the word has {length}", len = word.len())]
    WrongLength {
        /// The word guessed (lower case).
        word: String,
        /// The length of the game's word.
        length: usize,
    },
    /// Guessed already (and wrong).
    #[error("{0:?} was guessed already: it is not the word")]
    Repeated(String),
    /// A letter of it contradicts a revealed cell.
    #[error("{word:?} cannot be the word: letter {position} is {shown}, not {letter}", shown = *shown as char, letter = *letter as char)]
    Contradicts {
        /// The word guessed (lower case).
        word: String,
        /// The position (from 1).
        position: usize,
        /// The letter the board shows there (upper case).
        shown: u8,
        /// The word's letter there (upper case).
        letter: u8,
    },
    /// A letter of it is already known to be elsewhere or nowhere in the word.
    #[error("{word:?} cannot be the word: {reason}")]
    RuledOut {
        /// The word guessed (lower case).
        word: String,
        /// Which letter rules it out, and how.
        reason: String,
    },
}

/// Checks a word guess against the board of `state`: a word of letters a–z (any case) as
/// long as the word, not guessed before, that could still be the word: it agrees with every
/// revealed cell, holds no letter known to be missing, and shows no guessed letter where the
/// board has a blank (a guessed letter is revealed wherever it is). Returns the word in
/// lower case. Whether the word is in a list does not matter: any such word is a guess by
/// the rules.
///
/// # Errors
///
/// The [`WordRefusal`] saying why the word cannot be the word.
pub fn check_word_guess(state: &GameState, word: &str) -> Result<String, WordRefusal> {
    let word = word.trim();
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(WordRefusal::NotLetters(word.to_string()));
    }
    let word = word.to_ascii_lowercase();
    if word.len() != state.length() {
        return Err(WordRefusal::WrongLength {
            word,
            length: state.length(),
        });
    }
    if state.wrong_words().contains(&word) {
        return Err(WordRefusal::Repeated(word));
    }
    let guessed = state.guessed_letters();
    let wrong = state.wrong_letters();
    for (p, (cell, b)) in state.board().cells().iter().zip(word.bytes()).enumerate() {
        let letter = Letter::from_ascii(b).expect("checked: letters a-z");
        match cell {
            Some(shown) if *shown != letter => {
                return Err(WordRefusal::Contradicts {
                    word,
                    position: p + 1,
                    shown: shown.upper(),
                    letter: letter.upper(),
                });
            }
            Some(_) => {}
            None if wrong.contains(letter) => {
                let reason = format!("{} is not in the word", letter.upper() as char);
                return Err(WordRefusal::RuledOut { word, reason });
            }
            None if guessed.contains(letter) => {
                let reason = format!(
                    "letter {} is not {}: every {} is shown",
                    p + 1,
                    letter.upper() as char,
                    letter.upper() as char
                );
                return Err(WordRefusal::RuledOut { word, reason });
            }
            None => {}
        }
    }
    Ok(word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Told;
    use crate::{Game, Outcome};

    /// The state after guessing `letters` against `secret`, then `words` wrong.
    fn state(secret: &str, letters: &str, words: &[&str]) -> GameState {
        let mut history: Vec<(Guess, Outcome)> = letters
            .bytes()
            .map(|c| {
                let letter = Letter::from_ascii(c).unwrap();
                let positions = crate::game::position_mask(secret.bytes().map(|b| b == c));
                (Guess::Letter(letter), Outcome::Letter { positions })
            })
            .collect();
        history.extend(
            words
                .iter()
                .map(|w| (Guess::Word(w.to_string()), Outcome::Word { correct: false })),
        );
        let game: Game<Told> = Told::replay(secret.len(), 5, &history).unwrap();
        game.state().clone()
    }

    #[test]
    fn a_word_that_cannot_be_the_word_is_refused_and_says_why() {
        // CRANE with A, E right and S, T wrong, SCALE guessed wrong: the board --A-E.
        let s = state("crane", "aest", &["scale"]);
        let refuse = |w: &str| check_word_guess(&s, w).unwrap_err().to_string();
        assert_eq!(refuse("cran"), "\"cran\" has 4 letters; the word has 5");
        assert_eq!(refuse("cr4ne"), "\"cr4ne\" is not a word of letters a-z");
        assert_eq!(refuse(""), "\"\" is not a word of letters a-z");
        assert_eq!(
            refuse("SCALE"),
            "\"scale\" was guessed already: it is not the word"
        );
        assert_eq!(
            refuse("brine"),
            "\"brine\" cannot be the word: letter 3 is A, not I"
        );
        assert_eq!(
            refuse("grate"),
            "\"grate\" cannot be the word: T is not in the word"
        );
        assert_eq!(
            refuse("aware"),
            "\"aware\" cannot be the word: letter 1 is not A: every A is shown"
        );
        // Any other word is a guess, in the list or not, in any case.
        assert_eq!(check_word_guess(&s, " Crane "), Ok("crane".to_string()));
        assert_eq!(check_word_guess(&s, "blame"), Ok("blame".to_string()));
        assert_eq!(check_word_guess(&s, "zzaze"), Ok("zzaze".to_string()));
    }
}
