//! Measuring guessers on words that are not in their list: hold out words of a list by
//! seed and train on the rest ([`hold_out`]), or take test words from another list
//! ([`outside`]); then summarize games as win rates ([`WinSummary`]).

use lexicon::Lexicon;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use serde::Serialize;

use super::GameResult;

/// A list split into training words and held-out test words.
#[derive(Clone, Debug)]
pub struct HeldOut {
    /// The words to train on.
    pub training: Lexicon,
    /// The held-out words, in the order the seed drew them.
    pub test: Vec<String>,
}

/// Why a list cannot be split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HoldoutError {
    /// Nothing would be left to train on (or to test).
    #[error("cannot hold out {asked} of {total} words: something must be left to train on")]
    TooMany {
        /// Words asked for.
        asked: usize,
        /// Words in the list.
        total: usize,
    },
}

/// Holds out `n` words of `list`, drawn by `seed` (the same seed always draws the same
/// words), and keeps the rest for training.
///
/// # Errors
///
/// [`HoldoutError::TooMany`] unless `1 <= n < list.len()`.
///
/// # Examples
///
/// ```
/// use hangman::eval::holdout::hold_out;
/// use lexicon::Lexicon;
///
/// let list = Lexicon::from_words(["cat", "dog", "cow", "owl", "emu"])?;
/// let split = hold_out(&list, 2, 7)?;
/// assert_eq!((split.training.len(), split.test.len()), (3, 2));
/// assert!(split.test.iter().all(|w| list.contains(w) && !split.training.contains(w)));
/// assert_eq!(hold_out(&list, 2, 7)?.test, split.test);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hold_out(list: &Lexicon, n: usize, seed: u64) -> Result<HeldOut, HoldoutError> {
    if n == 0 || n >= list.len() {
        return Err(HoldoutError::TooMany {
            asked: n,
            total: list.len(),
        });
    }
    let mut words: Vec<&str> = list.words().collect();
    words.shuffle(&mut rand_pcg::Pcg64::seed_from_u64(seed));
    let (test, rest) = words.split_at(n);
    let training =
        Lexicon::from_words(rest.iter().copied()).expect("the words of a lexicon make a lexicon");
    Ok(HeldOut {
        training,
        test: test.iter().map(|w| (*w).to_string()).collect(),
    })
}

/// Splits test words (lowercase a–z) into those outside `list` and those in it, each in the
/// order given, duplicates dropped.
pub fn outside<'a>(
    list: &Lexicon,
    words: impl IntoIterator<Item = &'a str>,
) -> (Vec<String>, Vec<String>) {
    let mut seen = rustc_hash::FxHashSet::default();
    words
        .into_iter()
        .filter(|w| seen.insert(*w))
        .map(str::to_string)
        .partition(|w| !list.contains(w))
}

/// Win rates of a run: overall and per word length.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinSummary {
    /// All games together.
    pub all: Wins,
    /// One row per word length played, shortest first.
    pub by_length: Vec<Wins>,
}

/// Wins among some games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Wins {
    /// Word length (0 for the row of all lengths).
    pub length: usize,
    /// Games.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Wins as a percentage of games.
    pub win_percent: f64,
    /// Mean wrong guesses per game (a lost game counts its last, losing one).
    pub mean_wrong: f64,
    /// Mean challenge score per game (25 for a loss).
    pub mean_score: f64,
}

impl Wins {
    fn of<'a>(length: usize, games: impl Iterator<Item = &'a GameResult>) -> Wins {
        let (mut n, mut wins, mut wrong, mut score) = (0usize, 0usize, 0u64, 0u64);
        for g in games {
            n += 1;
            wins += usize::from(g.won);
            wrong += u64::from(g.wrong_guesses);
            score += u64::from(g.score);
        }
        let per_game = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
        Wins {
            length,
            games: n,
            wins,
            win_percent: per_game(100.0 * wins as f64),
            mean_wrong: per_game(wrong as f64),
            mean_score: per_game(score as f64),
        }
    }
}

impl WinSummary {
    /// Summarizes `games`.
    pub fn new(games: &[GameResult]) -> WinSummary {
        let mut lengths: Vec<usize> = games.iter().map(|g| g.word.len()).collect();
        lengths.sort_unstable();
        lengths.dedup();
        WinSummary {
            all: Wins::of(0, games.iter()),
            by_length: lengths
                .into_iter()
                .map(|l| Wins::of(l, games.iter().filter(|g| g.word.len() == l)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(word: &str, won: bool, wrong: u32) -> GameResult {
        GameResult {
            word: word.to_string(),
            score: if won { 3 + wrong } else { 25 },
            won,
            wrong_guesses: wrong,
            guesses: 4,
            micros: 1.0,
            transcript: Vec::new(),
        }
    }

    #[test]
    fn summary_counts_wins_per_length() {
        let games = [
            game("cat", true, 1),
            game("dog", false, 6),
            game("horse", true, 0),
        ];
        let s = WinSummary::new(&games);
        assert_eq!((s.all.games, s.all.wins), (3, 2));
        assert!((s.all.win_percent - 200.0 / 3.0).abs() < 1e-9);
        assert!((s.all.mean_wrong - 7.0 / 3.0).abs() < 1e-9);
        assert_eq!(s.by_length.len(), 2);
        assert_eq!((s.by_length[0].length, s.by_length[0].wins), (3, 1));
        assert_eq!(s.by_length[0].win_percent, 50.0);
        assert_eq!((s.by_length[1].length, s.by_length[1].wins), (5, 1));
        assert_eq!(WinSummary::new(&[]).all.win_percent, 0.0);
    }

    #[test]
    fn hold_out_is_disjoint_seeded_and_bounded() {
        let list = Lexicon::from_words(["ab", "cd", "ef", "gh", "ij", "kl"]).unwrap();
        let a = hold_out(&list, 3, 1).unwrap();
        let b = hold_out(&list, 3, 2).unwrap();
        assert_eq!(a.training.len() + a.test.len(), list.len());
        assert!(a.test.iter().all(|w| !a.training.contains(w)));
        assert_eq!(hold_out(&list, 3, 1).unwrap().test, a.test);
        assert_ne!(a.test, b.test, "another seed draws other words");
        assert!(hold_out(&list, 6, 1).is_err());
        assert!(hold_out(&list, 0, 1).is_err());
        let (out, known) = outside(&list, ["ab", "zz", "zz", "cd", "yy"]);
        assert_eq!(
            (out, known),
            (
                vec!["zz".into(), "yy".into()],
                vec!["ab".into(), "cd".into()]
            )
        );
    }
}
