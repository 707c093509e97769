//! The rules of the 2011 Factual hangman challenge, and nothing else.
//!
//! A [`Game`] keeps the public state ([`GameState`]: board, guesses, score, status) and asks
//! a [`Referee`] how each guess lands. The rules, exactly:
//! - guesses are sets: repeating a letter or a wrong word changes nothing and costs nothing;
//! - a letter in the word reveals every position holding it; one that is not is a wrong guess;
//! - a correct word guess wins at once and adds nothing to the score; a wrong word guess (of
//!   any length) is one wrong guess;
//! - the game is won when the board is complete, lost when wrong guesses exceed the maximum
//!   (with a maximum of 5, the 6th wrong guess loses), and guessing after the end is an error;
//! - the score is 25 if lost, otherwise distinct correct letters + wrong letters + wrong words,
//!   valid mid-game as a running score.

use std::fmt;

use lexicon::{Letter, LetterSet};

use crate::referee::Referee;

/// The score of a lost game.
pub const LOSS_SCORE: u32 = 25;

/// A guess: one letter, or a whole word (stored in lower case).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Guess {
    /// Guess a letter.
    Letter(Letter),
    /// Guess the whole word (lowercase ASCII letters).
    Word(String),
}

impl Guess {
    /// Parses user input: one letter is a letter guess, several letters a word guess; case is
    /// folded and surrounding white space ignored.
    pub fn parse(input: &str) -> Result<Guess, GameError> {
        let text = input.trim();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(GameError::InvalidGuess(input.to_string()));
        }
        let mut bytes = text.bytes();
        match (bytes.next().and_then(Letter::from_ascii), bytes.next()) {
            (Some(letter), None) => Ok(Guess::Letter(letter)),
            _ => Ok(Guess::Word(text.to_ascii_lowercase())),
        }
    }
}

impl fmt::Display for Guess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Guess::Letter(l) => write!(f, "{l}"),
            Guess::Word(w) => f.write_str(w),
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Status {
    /// Not over yet.
    #[serde(rename = "KEEP_GUESSING")]
    KeepGuessing,
    /// The board is complete.
    #[serde(rename = "GAME_WON")]
    GameWon,
    /// Wrong guesses exceeded the maximum.
    #[serde(rename = "GAME_LOST")]
    GameLost,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::KeepGuessing => "KEEP_GUESSING",
            Status::GameWon => "GAME_WON",
            Status::GameLost => "GAME_LOST",
        })
    }
}

/// How a guess landed, as a player learns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A letter guess: the positions holding it (bit 0 = first letter); 0 means a miss.
    Letter {
        /// Position mask of the guessed letter in the word.
        positions: u32,
    },
    /// A word guess: whether it was the word.
    Word {
        /// True if the word was right (the game is won).
        correct: bool,
    },
    /// The guess was made before; nothing changed.
    Repeated,
}

/// Errors of playing a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A guess after the game ended.
    #[error("the game is over ({0}); no more guesses")]
    Finished(Status),
    /// Input that is neither a letter nor a word of letters a–z.
    #[error("{0:?} is not a guess: type one letter a-z or a whole word")]
    InvalidGuess(String),
    /// The referee answered with positions that do not fit the board.
    #[error(
        "the referee answered {letter} with positions {positions:#b}, which do not fit the board"
    )]
    RefereeInconsistent {
        /// The guessed letter.
        letter: Letter,
        /// The positions answered.
        positions: u32,
    },
    /// A player repeated a guess (free under the rules, but a player that does so would
    /// never finish).
    #[error("the player repeated the guess {0:?}")]
    RepeatedGuess(String),
}

/// The revealed letters of the word, `None` where still unknown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: Vec<Option<Letter>>,
}

impl Board {
    /// A board of `length` unknown cells.
    pub fn new(length: usize) -> Board {
        Board {
            cells: vec![None; length],
        }
    }

    /// The cells, first letter first.
    pub fn cells(&self) -> &[Option<Letter>] {
        &self.cells
    }

    /// Word length.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the word has no letters (never true in a real game).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether every cell is revealed.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Mask of the revealed positions.
    pub fn revealed(&self) -> u32 {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_some())
            .fold(0, |m, (p, _)| m | 1 << p)
    }

    /// The letters shown on the board.
    pub fn letters(&self) -> LetterSet {
        self.cells.iter().flatten().copied().collect()
    }

    fn reveal(&mut self, letter: Letter, positions: u32) {
        for (p, cell) in self.cells.iter_mut().enumerate() {
            if positions & (1 << p) != 0 {
                *cell = Some(letter);
            }
        }
    }
}

impl fmt::Display for Board {
    /// Upper-case letters, `-` for unknown cells: `-A---A-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in &self.cells {
            let c = cell.map_or('-', |l| l.upper() as char);
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// Everything a player may see of a game: never the secret.
#[derive(Clone, Debug)]
pub struct GameState {
    board: Board,
    max_wrong: u32,
    guessed: LetterSet,
    correct_letters: u32,
    wrong_letters: u32,
    wrong_words: Vec<String>,
    status: Status,
}

impl GameState {
    /// A fresh state for a word of `length` letters.
    pub fn new(length: usize, max_wrong: u32) -> GameState {
        GameState {
            board: Board::new(length),
            max_wrong,
            guessed: LetterSet::EMPTY,
            correct_letters: 0,
            wrong_letters: 0,
            wrong_words: Vec::new(),
            status: Status::KeepGuessing,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Word length.
    pub fn length(&self) -> usize {
        self.board.len()
    }

    /// The most wrong guesses allowed without losing.
    pub fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    /// Every letter guessed so far.
    pub fn guessed_letters(&self) -> LetterSet {
        self.guessed
    }

    /// Guessed letters that are not in the word.
    pub fn wrong_letters(&self) -> LetterSet {
        self.guessed.difference(self.board.letters())
    }

    /// Wrong word guesses, in the order made.
    pub fn wrong_words(&self) -> &[String] {
        &self.wrong_words
    }

    /// Wrong guesses so far (letters and words).
    pub fn wrong_guesses(&self) -> u32 {
        self.wrong_letters + self.wrong_words.len() as u32
    }

    /// How many more wrong guesses the game survives (0: the next one loses).
    pub fn wrong_guesses_left(&self) -> u32 {
        self.max_wrong.saturating_sub(self.wrong_guesses())
    }

    /// The status.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The running score: 25 if lost, else distinct correct letters + wrong guesses.
    pub fn score(&self) -> u32 {
        match self.status {
            Status::GameLost => LOSS_SCORE,
            _ => self.correct_letters + self.wrong_guesses(),
        }
    }

    fn update_status(&mut self) {
        self.status = if self.board.is_complete() {
            Status::GameWon
        } else if self.wrong_guesses() > self.max_wrong {
            Status::GameLost
        } else {
            Status::KeepGuessing
        };
    }
}

impl fmt::Display for GameState {
    /// The challenge's display: `-A---A-; score=1; status=KEEP_GUESSING`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; score={}; status={}",
            self.board,
            self.score(),
            self.status
        )
    }
}

/// A game in progress: the public state plus the referee that knows (or pretends to know)
/// the word.
#[derive(Clone, Debug)]
pub struct Game<R> {
    state: GameState,
    referee: R,
}

impl<R: Referee> Game<R> {
    /// A new game refereed by `referee`; the game is lost on wrong guess number
    /// `max_wrong + 1`.
    pub fn new(referee: R, max_wrong: u32) -> Game<R> {
        Game {
            state: GameState::new(referee.length(), max_wrong),
            referee,
        }
    }

    /// The public state.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The referee.
    pub fn referee(&self) -> &R {
        &self.referee
    }

    /// Makes a guess and returns how it landed.
    pub fn guess(&mut self, guess: &Guess) -> Result<Outcome, GameError> {
        if self.state.status != Status::KeepGuessing {
            return Err(GameError::Finished(self.state.status));
        }
        let outcome = match guess {
            Guess::Letter(letter) => {
                if !self.state.guessed.insert(*letter) {
                    return Ok(Outcome::Repeated);
                }
                let positions = self.referee.answer_letter(*letter);
                let length_mask = (1u64 << self.state.length()) - 1;
                if u64::from(positions) & !length_mask != 0
                    || positions & self.state.board.revealed() != 0
                {
                    return Err(GameError::RefereeInconsistent {
                        letter: *letter,
                        positions,
                    });
                }
                if positions == 0 {
                    self.state.wrong_letters += 1;
                } else {
                    self.state.correct_letters += 1;
                    self.state.board.reveal(*letter, positions);
                }
                Outcome::Letter { positions }
            }
            Guess::Word(word) => {
                let word = word.to_ascii_lowercase();
                if word.is_empty() || !word.bytes().all(|b| b.is_ascii_lowercase()) {
                    return Err(GameError::InvalidGuess(word));
                }
                if self.state.wrong_words.contains(&word) {
                    return Ok(Outcome::Repeated);
                }
                let correct =
                    word.len() == self.state.length() && self.referee.answer_word(word.as_bytes());
                if correct {
                    for (p, b) in word.bytes().enumerate() {
                        let letter = Letter::from_ascii(b).expect("checked above");
                        self.state.board.reveal(letter, 1 << p);
                    }
                } else {
                    self.state.wrong_words.push(word);
                }
                Outcome::Word { correct }
            }
        };
        self.state.update_status();
        Ok(outcome)
    }
}

impl<R> fmt::Display for Game<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.state.fmt(f)
    }
}
