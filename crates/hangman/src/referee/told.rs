//! The answer-driven referee: it answers as it is told.

use lexicon::Letter;

use super::error::SecretError;
use super::fair::Fair;
use crate::game::{Game, GameError, Guess, Outcome, Referee};

/// A referee that answers each guess as it is told: a person who thinks of a word answers
/// the computer's guesses (reversed play), or the answers a board already shows are
/// replayed (advice for a position). It holds no secret and checks nothing; the game checks
/// every answer against the board ([`Position::play`](crate::Position::play)).
///
/// Tell it each answer with [`Told::play`], or rebuild a whole game from recorded answers
/// with [`Told::replay`].
///
/// # Examples
///
/// ```
/// use hangman::referee::Told;
/// use hangman::{Game, Guess, Outcome, Referee};
///
/// // The player thinks of "factual"; the computer guesses `a`, then `natural`.
/// let mut game = Game::new(Told::new(7), 5);
/// let a = Guess::parse("a")?;
/// Told::play(&mut game, &a, Outcome::Letter { positions: 0b010_0010 })?;
/// Told::play(&mut game, &Guess::parse("natural")?, Outcome::Word { correct: false })?;
/// assert_eq!(game.to_string(), "-A---A-; score=2; status=KEEP_GUESSING");
/// assert_eq!(game.referee().word(), "-a---a-");
///
/// // The same game, rebuilt from the answers.
/// let history = [
///     (a, Outcome::Letter { positions: 0b010_0010 }),
///     (Guess::parse("natural")?, Outcome::Word { correct: false }),
/// ];
/// assert_eq!(Told::replay(7, 5, &history)?.to_string(), game.to_string());
/// # Ok::<(), hangman::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The letters told so far (or the whole word once a word guess was right).
    cells: Vec<Option<Letter>>,
    /// The answer to the next guess.
    answer: Option<Outcome>,
}

impl Told {
    /// A referee for a word of `length` letters, with no answer told yet.
    pub fn new(length: usize) -> Told {
        Told {
            cells: vec![None; length],
            answer: None,
        }
    }
}

impl Referee for Told {
    fn length(&self) -> usize {
        self.cells.len()
    }

    /// The positions told for this guess; a miss if a letter's positions were not told.
    fn answer_letter(&mut self, letter: Letter) -> u32 {
        let Some(Outcome::Letter { positions }) = self.answer.take() else {
            return 0;
        };
        for (p, cell) in self.cells.iter_mut().enumerate() {
            if positions & (1 << p) != 0 {
                *cell = Some(letter);
            }
        }
        positions
    }

    /// Whether the word was told right; wrong unless told so.
    fn answer_word(&mut self, word: &[u8]) -> bool {
        let correct = self.answer.take() == Some(Outcome::Word { correct: true });
        if correct {
            self.cells = word.iter().map(|&b| Letter::from_ascii(b)).collect();
        }
        correct
    }

    /// The letters told so far in lower case, `-` where none was: the word once it is
    /// complete.
    fn word(&self) -> String {
        self.cells
            .iter()
            .map(|c| c.map_or('-', |l| l.lower() as char))
            .collect()
    }
}

impl Told {
    /// Makes `guess` in `game` with `answer` as the referee's reply (a letter's positions,
    /// or whether a word is right) and returns how it landed, as [`Game::guess`] does.
    ///
    /// # Errors
    ///
    /// Those of [`Game::guess`]; an answer that does not fit the board is
    /// [`GameError::RefereeInconsistent`], and the game is unchanged.
    pub fn play(
        game: &mut Game<Told>,
        guess: &Guess,
        answer: Outcome,
    ) -> Result<Outcome, GameError> {
        game.referee_mut().answer = Some(answer);
        let outcome = game.guess(guess);
        // A repeated or refused guess never asked: the answer must not reach the next one.
        game.referee_mut().answer = None;
        outcome
    }

    /// A game of a word of `length` letters, lost on wrong guess number `max_wrong + 1`,
    /// rebuilt by playing `history` (guesses with the answers they got) in order.
    ///
    /// # Errors
    ///
    /// The first error of [`Told::play`] (a guess after the end, an answer that does not
    /// fit the board, an invalid word).
    pub fn replay(
        length: usize,
        max_wrong: u32,
        history: &[(Guess, Outcome)],
    ) -> Result<Game<Told>, GameError> {
        let mut game = Game::new(Told::new(length), max_wrong);
        for (guess, answer) in history {
            Told::play(&mut game, guess, *answer)?;
        }
        Ok(game)
    }

    /// The word a player names after the game, checked against their answers
    /// ([`contradiction`](Self::contradiction)) and against `list`, the guesser's words.
    ///
    /// # Errors
    ///
    /// Those of [`contradiction`](Self::contradiction).
    pub fn reveal(
        length: usize,
        word: &str,
        history: &[(Guess, Outcome)],
        list: &lexicon::Lexicon,
    ) -> Result<Revealed, SecretError> {
        let contradiction = Told::contradiction(length, word, history)?;
        let word = word.to_ascii_lowercase();
        Ok(Revealed {
            known: list.contains(&word),
            word,
            contradiction,
        })
    }

    /// Checks the word a player says they had against the answers they gave: the first
    /// answer of `history` that an honest referee of `word` would not have given; `None`
    /// if every answer fits. The honest answers are [`Fair`]'s, so the check follows the
    /// game's own rules.
    ///
    /// # Errors
    ///
    /// Those of [`Fair::new`] for a `word` that is not one, and
    /// [`SecretError::NotAWord`] for one of another length than `length`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hangman::referee::Told;
    /// use hangman::{Guess, Outcome};
    ///
    /// // The player said `b` was not in the word, then `o` was third.
    /// let history = [
    ///     (Guess::parse("b")?, Outcome::Letter { positions: 0 }),
    ///     (Guess::parse("o")?, Outcome::Letter { positions: 0b0100 }),
    /// ];
    /// assert_eq!(Told::contradiction(4, "flog", &history)?, None);
    /// let found = Told::contradiction(4, "blog", &history)?.expect("b is in blog");
    /// assert_eq!(found.index, 0);
    /// assert_eq!(found.to_string(), "you said B was not in it, but BLOG has it at 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contradiction(
        length: usize,
        word: &str,
        history: &[(Guess, Outcome)],
    ) -> Result<Option<Contradiction>, SecretError> {
        let mut honest = Fair::new(word)?;
        if word.len() != length {
            return Err(SecretError::NotAWord(word.to_string()));
        }
        for (index, (guess, told)) in history.iter().enumerate() {
            let truth = match guess {
                Guess::Letter(letter) => Outcome::Letter {
                    positions: honest.answer_letter(*letter),
                },
                Guess::Word(w) => Outcome::Word {
                    correct: honest.answer_word(w.as_bytes()),
                },
            };
            if truth != *told && *told != Outcome::Repeated {
                return Ok(Some(Contradiction {
                    index,
                    guess: guess.clone(),
                    told: *told,
                    truth,
                    word: honest.word(),
                }));
            }
        }
        Ok(None)
    }
}

/// The word a player names after a reversed game the computer lost, checked
/// ([`Told::reveal`]). Its `Display` is the verdict, for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revealed {
    /// The word (lower case).
    pub word: String,
    /// The first answer it does not fit, if any.
    pub contradiction: Option<Contradiction>,
    /// Whether it is a word of the guesser's list.
    pub known: bool,
}

impl std::fmt::Display for Revealed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = self.word.to_ascii_uppercase();
        match &self.contradiction {
            Some(found) => write!(f, "{word} does not fit your answers: {found}."),
            None if self.known => write!(
                f,
                "{word}: I know that word, and still ran out of guesses. Well played."
            ),
            None => write!(f, "{word}: a word I did not know. Well played."),
        }
    }
}

/// An answer a player gave that the word they name afterwards does not fit
/// ([`Told::contradiction`]). Its `Display` says which, for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// The answer's index in the history.
    pub index: usize,
    /// The guess answered.
    pub guess: Guess,
    /// The answer the player gave.
    pub told: Outcome,
    /// The answer the word gives.
    pub truth: Outcome,
    /// The word (lower case).
    pub word: String,
}

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let places = |mask: u32| {
            (0..32)
                .filter(|p| mask & (1 << p) != 0)
                .map(|p| (p + 1).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let word = self.word.to_ascii_uppercase();
        match (&self.guess, self.told, self.truth) {
            (Guess::Letter(l), Outcome::Letter { positions: 0 }, Outcome::Letter { positions }) => {
                write!(
                    f,
                    "you said {} was not in it, but {word} has it at {}",
                    l.upper() as char,
                    places(positions)
                )
            }
            (Guess::Letter(l), Outcome::Letter { positions }, Outcome::Letter { positions: 0 }) => {
                write!(
                    f,
                    "you said {0} was at {1}, but {word} has no {0}",
                    l.upper() as char,
                    places(positions)
                )
            }
            (
                Guess::Letter(l),
                Outcome::Letter { positions },
                Outcome::Letter { positions: at },
            ) => {
                write!(
                    f,
                    "you said {} was at {}, but in {word} it is at {}",
                    l.upper() as char,
                    places(positions),
                    places(at)
                )
            }
            (Guess::Word(w), Outcome::Word { correct: false }, _) => {
                write!(f, "you said your word was not {}", w.to_ascii_uppercase())
            }
            (Guess::Word(w), _, _) => {
                write!(f, "you said your word was {}", w.to_ascii_uppercase())
            }
            (Guess::Letter(l), _, _) => write!(
                f,
                "your answer about {} does not fit {word}",
                l.upper() as char
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: char, positions: u32) -> (Guess, Outcome) {
        (
            Guess::Letter(Letter::from_char(c).unwrap()),
            Outcome::Letter { positions },
        )
    }

    #[test]
    fn a_named_word_is_checked_against_every_answer() {
        let word_miss = (Guess::Word("clog".into()), Outcome::Word { correct: false });
        let history = [letter('o', 0b0100), word_miss.clone(), letter('s', 0)];
        // Fits: `flog` has o third, is not clog, has no s.
        assert_eq!(Told::contradiction(4, "flog", &history).unwrap(), None);
        let said = |word: &str| {
            Told::contradiction(4, word, &history)
                .unwrap()
                .map(|c| (c.index, c.to_string()))
        };
        assert_eq!(
            said("frog"),
            None,
            "o third, not clog, no s: frog fits as well"
        );
        assert_eq!(
            said("oxen"),
            Some((0, "you said O was at 3, but in OXEN it is at 1".into()))
        );
        assert_eq!(
            said("flat"),
            Some((0, "you said O was at 3, but FLAT has no O".into()))
        );
        assert_eq!(
            said("clog"),
            Some((1, "you said your word was not CLOG".into()))
        );
        assert_eq!(
            said("slog"),
            Some((2, "you said S was not in it, but SLOG has it at 1".into()))
        );
        // Not a word, or not of the game's length.
        assert!(Told::contradiction(4, "fl0g", &history).is_err());
        assert!(Told::contradiction(4, "flogs", &history).is_err());
        assert!(Told::contradiction(4, "", &history).is_err());
    }
}
