//! Where a fair referee's secret words come from: the dictionary's words that are in the
//! common tier (words people know, so a lost game ends on a word the player can recognize),
//! all of them or one difficulty level.
//!
//! A word's difficulty is how many wrong guesses the `greedy` strategy makes finding it
//! when it knows exactly the secret words of that length: the measure of the words a good
//! player who knows them finds easily (long words, common letters) and the ones that cost
//! lives (short words with rare letters, like JAZZ). Levels are graded per length the first
//! time a length is played.

use std::collections::HashMap;
use std::sync::Arc;

use hangman::eval::{self, RunOptions};
use hangman::strategy::{self, Settings};
use lexicon::Lexicon;

/// Which secrets a fair referee draws from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SecretDifficulty {
    /// Every common word.
    #[default]
    Any,
    /// Words the greedy guesser finds with at most one wrong guess.
    Easy,
    /// Two or three wrong guesses.
    Medium,
    /// Four wrong guesses or more.
    Hard,
}

impl SecretDifficulty {
    /// Whether a word that cost the greedy guesser `misses` wrong guesses is of this level.
    pub(crate) fn admits(self, misses: u32) -> bool {
        match self {
            SecretDifficulty::Any => true,
            SecretDifficulty::Easy => misses <= 1,
            SecretDifficulty::Medium => (2..=3).contains(&misses),
            SecretDifficulty::Hard => misses >= 4,
        }
    }

    /// The level's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            SecretDifficulty::Any => "any",
            SecretDifficulty::Easy => "easy",
            SecretDifficulty::Medium => "medium",
            SecretDifficulty::Hard => "hard",
        }
    }
}

/// The secret words of a session, by length.
pub(crate) struct Secrets {
    pool: Arc<Lexicon>,
    difficulty: SecretDifficulty,
    /// Per length, the indices (in the pool's bucket) of the words of the difficulty.
    graded: HashMap<usize, Vec<usize>>,
}

/// The wrong guesses the grading guesser may make: enough to finish any word.
const GRADING_MAX_WRONG: u32 = 25;

impl Secrets {
    /// The words of `dictionary` that `common` has, of the given difficulty; for a length
    /// where the dictionary has no common word at all (a list of jargon, say), every word of
    /// that length.
    pub(crate) fn new(
        dictionary: &Lexicon,
        common: &Lexicon,
        difficulty: SecretDifficulty,
    ) -> Secrets {
        let shared = dictionary.intersection(common);
        let words = dictionary.lengths().flat_map(|length| {
            let source = if shared.bucket(length).is_empty() {
                dictionary
            } else {
                &shared
            };
            source.bucket(length).words()
        });
        Secrets {
            pool: Arc::new(Lexicon::from_words(words).unwrap_or_default()),
            difficulty,
            graded: HashMap::new(),
        }
    }

    /// The secret words of `length` (graded on first use).
    pub(crate) fn of_length(&mut self, length: usize) -> &[usize] {
        let pool = &self.pool;
        let difficulty = self.difficulty;
        self.graded.entry(length).or_insert_with(|| {
            let bucket = pool.bucket(length);
            if difficulty == SecretDifficulty::Any {
                return (0..bucket.len()).collect();
            }
            let greedy = strategy::find("greedy")
                .expect("greedy is registered")
                .build(
                    Arc::new(Lexicon::from_words(bucket.words()).unwrap_or_default()),
                    &Settings {
                        max_wrong: GRADING_MAX_WRONG,
                        ..Settings::default()
                    },
                )
                .expect("greedy builds");
            let options = RunOptions {
                seed: 1,
                record: false,
            };
            (0..bucket.len())
                .filter(|&i| {
                    eval::play_word(greedy.as_ref(), bucket.word_str(i), &options)
                        .is_ok_and(|r| difficulty.admits(r.wrong_guesses))
                })
                .collect()
        })
    }

    /// The word at `index` of [`Secrets::of_length`]'s list.
    pub(crate) fn word(&self, length: usize, index: usize) -> &str {
        self.pool.bucket(length).word_str(index)
    }

    /// The lengths that have common words (before grading).
    pub(crate) fn lengths(&self) -> Vec<usize> {
        self.pool.lengths().collect()
    }

    /// The difficulty.
    pub(crate) fn difficulty(&self) -> SecretDifficulty {
        self.difficulty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_common_words_of_the_level() {
        let dictionary = Lexicon::from_words([
            "jazz", "jinx", "fizz", "buzz", "tree", "rate", "tear", "sate", "late", "mate",
            "zyzzyva",
        ])
        .unwrap();
        let common = Lexicon::from_words([
            "jazz", "jinx", "fizz", "buzz", "tree", "rate", "tear", "sate", "late", "mate", "house",
        ])
        .unwrap();
        let mut all = Secrets::new(&dictionary, &common, SecretDifficulty::Any);
        assert_eq!(all.lengths(), [4, 7]);
        assert_eq!(all.of_length(4).len(), 10);
        assert!(!all.word(4, 0).is_empty());
        // No common word of 7 letters: the dictionary's own are used.
        assert_eq!(all.of_length(7).len(), 1);
        let mut levels = Vec::new();
        for level in [
            SecretDifficulty::Easy,
            SecretDifficulty::Medium,
            SecretDifficulty::Hard,
        ] {
            let mut secrets = Secrets::new(&dictionary, &common, level);
            let words: Vec<String> = secrets
                .of_length(4)
                .to_vec()
                .into_iter()
                .map(|i| secrets.word(4, i).to_string())
                .collect();
            levels.push(words);
        }
        // The levels split the words between them.
        assert_eq!(levels.iter().map(Vec::len).sum::<usize>(), 10, "{levels:?}");
        assert!(!levels[0].is_empty(), "{levels:?}");
    }

    /// Grades the embedded tier at lengths 4 to 13 and prints how many words each level
    /// gets (the table in docs/play.md:
    /// `cargo test -p wordplay-cli --lib grading -- --nocapture`).
    #[test]
    fn grading_the_embedded_tier() {
        let common = Lexicon::common();
        println!("| length | words | easy | medium | hard |");
        println!("|---|---|---|---|---|");
        for length in 4..=13 {
            let mut counts = Vec::new();
            for level in [
                SecretDifficulty::Any,
                SecretDifficulty::Easy,
                SecretDifficulty::Medium,
                SecretDifficulty::Hard,
            ] {
                let mut secrets = Secrets::new(&common, &common, level);
                counts.push(secrets.of_length(length).len());
            }
            assert_eq!(counts[1] + counts[2] + counts[3], counts[0]);
            // Long words are easy: only short and middling lengths have hard ones.
            assert!(counts[1] > 0 && counts[2] > 0, "{length}: {counts:?}");
            assert!(length > 10 || counts[3] > 0, "{length}: {counts:?}");
            println!(
                "| {length} | {} | {} | {} | {} |",
                counts[0], counts[1], counts[2], counts[3]
            );
        }
    }
}
