//! The rules of the 2011 Factual hangman challenge, and nothing else.
//!
//! [`Position`] applies the rules, once, for every searcher; [`GameState`] adds the board's
//! letters and the wrong words a player sees; a [`Game`] keeps a state and asks a
//! [`Referee`] how each guess lands. The rules, exactly:
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
    ///
    /// # Errors
    ///
    /// [`GameError::InvalidGuess`] if the input is empty or holds anything but letters a–z.
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

/// The bit mask of the items that are `true`, the first item at bit 0: how a row of board
/// cells (or of typed pattern characters) becomes a position mask.
///
/// # Examples
///
/// ```
/// assert_eq!(hangman::game::position_mask([false, true, false, true]), 0b1010);
/// ```
pub fn position_mask(hits: impl IntoIterator<Item = bool>) -> u32 {
    hits.into_iter()
        .enumerate()
        .fold(0, |mask, (p, hit)| mask | u32::from(hit) << p)
}

/// One guess together with the referee's answer: all the rules need to move a [`Position`]
/// on. (The word of a word guess does not matter to them, only whether it was right.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A letter guess and the positions holding the letter (bit 0 = first letter; 0 for a
    /// miss).
    Letter {
        /// The letter guessed.
        letter: Letter,
        /// Where the word holds it.
        positions: u32,
    },
    /// A word guess and whether it was the word.
    Word {
        /// True if the word was right (the game is won).
        correct: bool,
    },
}

/// The rules' state of one game, once: the letters guessed, the positions revealed, the
/// wrong guesses and the running score. Every searcher (the game, the tree evaluator, the
/// lookahead, the opening book, the solvers) steps games with this type, so the rules are
/// written here and nowhere else.
///
/// A `Position` is a small `Copy` value that never allocates. It does not keep the board's
/// letters or the wrong words (a search knows them from its candidate set); [`GameState`]
/// adds them for players and displays.
///
/// Two ways to move it on, as in chess libraries (shakmaty's `play` / `play_unchecked`):
/// - [`Position::play`] is **checked**, for input from outside (a referee, a person): it
///   refuses a guess after the end ([`GameError::Finished`]) and positions that do not fit
///   the board ([`GameError::RefereeInconsistent`]: outside the word, or already revealed),
///   and treats a letter guessed before as free ([`Outcome::Repeated`], nothing changes). It
///   cannot see repeated *words*; [`Game::guess`] checks those against the wrong words it
///   keeps.
/// - [`Position::play_unchecked`] (and its by-value form [`Position::after`]) is for search
///   code whose steps are right by construction (a guessed letter is never guessed again;
///   masks come from the dictionary): it checks nothing in release builds (debug builds
///   assert the same conditions as `play`) and does the least work.
///
/// # Examples
///
/// The worked example of the challenge, FACTUAL with at most 4 wrong guesses:
///
/// ```
/// use hangman::{Position, Status, Step};
/// use lexicon::Letter;
///
/// let letter = |c| Letter::from_ascii(c).unwrap();
/// let mut p = Position::new(7, 4);
/// p.play(Step::Letter { letter: letter(b'a'), positions: 0b010_0010 })?;
/// p.play(Step::Word { correct: false })?; // natural
/// p.play(Step::Letter { letter: letter(b'x'), positions: 0 })?;
/// assert_eq!((p.score(), p.wrong_guesses(), p.status()), (3, 2, Status::KeepGuessing));
/// // A search steps without checks; a correct word wins and adds nothing.
/// let won = p.after(Step::Word { correct: true });
/// assert_eq!((won.score(), won.status()), (3, Status::GameWon));
/// // Positions already revealed are refused by the checked play.
/// assert!(p.play(Step::Letter { letter: letter(b'c'), positions: 0b10 }).is_err());
/// # Ok::<(), hangman::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    guessed: LetterSet,
    revealed: u32,
    /// The mask of every position of the word: the board is complete when `revealed` is it.
    full: u32,
    /// Distinct correct letters guessed.
    correct: u32,
    /// Wrong guesses, letters and words.
    wrong: u32,
    max_wrong: u32,
}

impl Position {
    /// The start of a game of a word of `length` letters that is lost on wrong guess number
    /// `max_wrong + 1`.
    ///
    /// # Panics
    ///
    /// If `length` is more than [`lexicon::MAX_WORD_LEN`] (positions are bits of a `u32`).
    pub fn new(length: usize, max_wrong: u32) -> Position {
        assert!(
            length <= lexicon::MAX_WORD_LEN,
            "a word of {length} letters is longer than {} letters",
            lexicon::MAX_WORD_LEN
        );
        Position {
            guessed: LetterSet::EMPTY,
            revealed: 0,
            full: if length == 0 {
                0
            } else {
                u32::MAX >> (32 - length)
            },
            correct: 0,
            wrong: 0,
            max_wrong,
        }
    }

    /// Word length.
    pub fn length(&self) -> usize {
        self.full.count_ones() as usize
    }

    /// The most wrong guesses allowed without losing.
    pub fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    /// Every letter guessed so far.
    pub fn guessed_letters(&self) -> LetterSet {
        self.guessed
    }

    /// The mask of the revealed positions (bit 0 = first letter).
    pub fn revealed(&self) -> u32 {
        self.revealed
    }

    /// Distinct correct letters guessed so far.
    pub fn correct_letters(&self) -> u32 {
        self.correct
    }

    /// Wrong guesses so far (letters and words).
    pub fn wrong_guesses(&self) -> u32 {
        self.wrong
    }

    /// How many more wrong guesses the game survives (0: the next one loses).
    pub fn wrong_guesses_left(&self) -> u32 {
        self.max_wrong.saturating_sub(self.wrong)
    }

    /// Where the game stands: won when the board is complete, else lost when the wrong
    /// guesses exceed the maximum, else still going.
    pub fn status(&self) -> Status {
        if self.revealed == self.full {
            Status::GameWon
        } else if self.wrong > self.max_wrong {
            Status::GameLost
        } else {
            Status::KeepGuessing
        }
    }

    /// Whether the game is over (won or lost).
    pub fn is_over(&self) -> bool {
        self.status() != Status::KeepGuessing
    }

    /// The running score: [`LOSS_SCORE`] if lost, else distinct correct letters plus wrong
    /// guesses.
    pub fn score(&self) -> u32 {
        // No step follows the end, so a won game never has too many wrong guesses.
        if self.wrong > self.max_wrong {
            LOSS_SCORE
        } else {
            self.correct + self.wrong
        }
    }

    /// Applies `step` after checking it (see the type's docs): a letter guessed before
    /// changes nothing and returns [`Outcome::Repeated`].
    ///
    /// # Errors
    ///
    /// [`GameError::Finished`] if the game is over; [`GameError::RefereeInconsistent`] if a
    /// letter's positions lie outside the word or on revealed cells. The position is
    /// unchanged on error.
    pub fn play(&mut self, step: Step) -> Result<Outcome, GameError> {
        let status = self.status();
        if status != Status::KeepGuessing {
            return Err(GameError::Finished(status));
        }
        match step {
            Step::Letter { letter, positions } => {
                if self.guessed.contains(letter) {
                    return Ok(Outcome::Repeated);
                }
                if positions & !(self.full & !self.revealed) != 0 {
                    return Err(GameError::RefereeInconsistent { letter, positions });
                }
                self.play_unchecked(step);
                Ok(Outcome::Letter { positions })
            }
            Step::Word { correct } => {
                self.play_unchecked(step);
                Ok(Outcome::Word { correct })
            }
        }
    }

    /// Applies `step` without checking it: for search code whose steps are valid by
    /// construction (the game is not over, a letter is not guessed twice, its positions are
    /// unrevealed positions of the word). Debug builds assert those conditions.
    #[inline]
    pub fn play_unchecked(&mut self, step: Step) {
        debug_assert!(!self.is_over(), "a step after the end of the game");
        match step {
            Step::Letter { letter, positions } => {
                debug_assert!(!self.guessed.contains(letter), "{letter} guessed twice");
                debug_assert_eq!(positions & !(self.full & !self.revealed), 0);
                self.guessed.insert(letter);
                if positions == 0 {
                    self.wrong += 1;
                } else {
                    self.correct += 1;
                    self.revealed |= positions;
                }
            }
            Step::Word { correct: true } => self.revealed = self.full,
            Step::Word { correct: false } => self.wrong += 1,
        }
    }

    /// The position after `step`, unchecked: [`Position::play_unchecked`] on a copy.
    #[inline]
    #[must_use]
    pub fn after(mut self, step: Step) -> Position {
        self.play_unchecked(step);
        self
    }
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
        position_mask(self.cells.iter().map(Option::is_some))
    }

    /// Mask of the positions showing `letter`: the answer the board gives to that letter.
    pub fn positions(&self, letter: Letter) -> u32 {
        position_mask(self.cells.iter().map(|&c| c == Some(letter)))
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

/// Everything a player may see of a game, never the secret: the rules' [`Position`], the
/// board's letters and the wrong words.
#[derive(Clone, Debug)]
pub struct GameState {
    position: Position,
    board: Board,
    wrong_words: Vec<String>,
}

impl GameState {
    /// A fresh state for a word of `length` letters.
    ///
    /// # Panics
    ///
    /// If `length` is more than [`lexicon::MAX_WORD_LEN`].
    pub fn new(length: usize, max_wrong: u32) -> GameState {
        GameState {
            position: Position::new(length, max_wrong),
            board: Board::new(length),
            wrong_words: Vec::new(),
        }
    }

    /// The rules' state: what a search steps on.
    pub fn position(&self) -> Position {
        self.position
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
        self.position.max_wrong()
    }

    /// Every letter guessed so far.
    pub fn guessed_letters(&self) -> LetterSet {
        self.position.guessed_letters()
    }

    /// Guessed letters that are not in the word.
    pub fn wrong_letters(&self) -> LetterSet {
        self.guessed_letters().difference(self.board.letters())
    }

    /// Wrong word guesses, in the order made.
    pub fn wrong_words(&self) -> &[String] {
        &self.wrong_words
    }

    /// Wrong guesses so far (letters and words).
    pub fn wrong_guesses(&self) -> u32 {
        self.position.wrong_guesses()
    }

    /// How many more wrong guesses the game survives (0: the next one loses).
    pub fn wrong_guesses_left(&self) -> u32 {
        self.position.wrong_guesses_left()
    }

    /// The status.
    pub fn status(&self) -> Status {
        self.position.status()
    }

    /// The running score: 25 if lost, else distinct correct letters + wrong guesses.
    pub fn score(&self) -> u32 {
        self.position.score()
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
            self.status()
        )
    }
}

/// Answers guesses for one game.
pub trait Referee {
    /// The word length announced at the start.
    fn length(&self) -> usize;

    /// The positions of `letter` in the word (bit 0 = first letter); 0 for a miss.
    /// Called once per distinct letter.
    fn answer_letter(&mut self, letter: Letter) -> u32;

    /// Whether `word` (lowercase, of the announced length) is the word. Called once per
    /// distinct word.
    fn answer_word(&mut self, word: &[u8]) -> bool;

    /// The word as it stands when asked: the secret for a fair referee, one word consistent
    /// with every answer for a cheating one.
    fn word(&self) -> String;
}

impl<R: Referee + ?Sized> Referee for Box<R> {
    fn length(&self) -> usize {
        (**self).length()
    }

    fn answer_letter(&mut self, letter: Letter) -> u32 {
        (**self).answer_letter(letter)
    }

    fn answer_word(&mut self, word: &[u8]) -> bool {
        (**self).answer_word(word)
    }

    fn word(&self) -> String {
        (**self).word()
    }
}

/// A game in progress: the public state plus the referee that knows (or pretends to know)
/// the word.
///
/// # Examples
///
/// ```
/// use hangman::{Fair, Game, Guess, Status};
///
/// let mut game = Game::new(Fair::new("factual")?, 5);
/// for input in ["a", "natural", "t", "factual"] {
///     game.guess(&Guess::parse(input)?)?;
/// }
/// assert_eq!(game.to_string(), "FACTUAL; score=3; status=GAME_WON");
/// assert_eq!(game.state().status(), Status::GameWon);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

    /// The referee, to tell an answer-driven referee its next answer.
    pub(crate) fn referee_mut(&mut self) -> &mut R {
        &mut self.referee
    }

    /// Makes a guess, asks the referee how it landed (once per distinct guess) and applies
    /// the answer with [`Position::play`]. A repeated guess changes nothing and returns
    /// [`Outcome::Repeated`].
    ///
    /// # Errors
    ///
    /// [`GameError::Finished`] after the end, [`GameError::InvalidGuess`] for a word that is
    /// not letters a–z, [`GameError::RefereeInconsistent`] if the referee's positions do not
    /// fit the board. The state is unchanged on error.
    pub fn guess(&mut self, guess: &Guess) -> Result<Outcome, GameError> {
        let status = self.state.status();
        if status != Status::KeepGuessing {
            return Err(GameError::Finished(status));
        }
        match guess {
            Guess::Letter(letter) => {
                if self.state.guessed_letters().contains(*letter) {
                    return Ok(Outcome::Repeated);
                }
                let positions = self.referee.answer_letter(*letter);
                let outcome = self.state.position.play(Step::Letter {
                    letter: *letter,
                    positions,
                })?;
                self.state.board.reveal(*letter, positions);
                Ok(outcome)
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
                let outcome = self.state.position.play(Step::Word { correct })?;
                if correct {
                    for (p, b) in word.bytes().enumerate() {
                        let letter = Letter::from_ascii(b).expect("checked above");
                        self.state.board.reveal(letter, 1 << p);
                    }
                } else {
                    self.state.wrong_words.push(word);
                }
                Ok(outcome)
            }
        }
    }
}

impl<R> fmt::Display for Game<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.state.fmt(f)
    }
}
