//! The answer-driven referee: it answers as it is told.

use lexicon::Letter;

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
}
