//! One game with the roles reversed: the player thinks of a word and answers, a strategy
//! guesses. The player's answers referee a real [`hangman::Game`] through the library's
//! answer-driven referee ([`Told`]).

use hangman::candidates;
use hangman::game::position_mask;
use hangman::referee::{Revealed, Told};
use hangman::strategy::{Pool, Strategy};
use hangman::{Game, GameState, Guess, Outcome, Status};
use lexicon::{Letter, Lexicon};
use std::sync::Arc;

/// Where a reversed game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReversePhase {
    /// Waiting for the word length.
    AskLength,
    /// The computer asked this guess and waits for the answer (also once no word it knows
    /// fits: it keeps guessing by letter odds).
    Asking(Guess),
    /// The answers filled the board with a word the computer does not know: it asks what
    /// the word was before it claims the game.
    AskWord,
    /// The computer ran out of guesses and asks what the word was (Enter skips): it
    /// checks the word against the answers and says whether it knew it.
    AskSecret,
    /// The game is over.
    Over,
}

/// A game with the roles reversed: the computer guesses, the player answers.
pub struct ReverseRound {
    max_wrong: u32,
    game: Option<Game<Told>>,
    history: Vec<(Guess, Outcome)>,
    /// The word the game ended on, once known: named by the player after the computer lost,
    /// or spelled by their answers on a filled board the computer did not claim. The
    /// session learns it if `player` says so ([`hangman::strategy::Pool::to_learn`]).
    revealed: Option<Revealed>,
    /// `player`'s words when it guesses ([`ReverseRound::with_pool`]): the words shown as
    /// fitting are its own, the most familiar first.
    pool: Option<Arc<Pool>>,
    /// The phase.
    pub phase: ReversePhase,
}

/// What the computer has in mind: how many words fit, and the first few.
pub struct WordsInMind {
    /// How many of the words it knows fit the answers.
    pub count: usize,
    /// The first of them: `player`'s most familiar first, else alphabetically.
    pub words: Vec<String>,
}

/// How many candidate words to show at most.
const SHOW: usize = 30;

impl ReverseRound {
    /// A game that starts by asking the length; lost by the computer on wrong guess number
    /// `max_wrong + 1`.
    pub fn new(max_wrong: u32) -> ReverseRound {
        ReverseRound {
            max_wrong,
            game: None,
            history: Vec::new(),
            revealed: None,
            pool: None,
            phase: ReversePhase::AskLength,
        }
    }

    /// The same game with `player` guessing from `pool`: the words it shows as fitting
    /// the answers are the pool's likeliest ([`Pool::fitting`]), as the web page's are,
    /// rather than the dictionary's first alphabetically.
    pub fn with_pool(mut self, pool: Arc<Pool>) -> ReverseRound {
        self.pool = Some(pool);
        self
    }

    /// The public state, once the length is known.
    pub fn state(&self) -> Option<&GameState> {
        self.game.as_ref().map(Game::state)
    }

    /// The question to ask now.
    pub fn prompt(&self) -> String {
        match &self.phase {
            ReversePhase::AskLength => "Think of a word. How many letters has it?".to_string(),
            ReversePhase::Asking(Guess::Letter(l)) => {
                let (positions, pattern) = self.example_answer(*l);
                format!(
                    "I guess {}. Where is it? Positions ({positions}), a pattern ({pattern}), \
                     or no.",
                    l.upper() as char
                )
            }
            ReversePhase::Asking(Guess::Word(w)) => {
                format!("Is your word {}? yes or no.", w.to_ascii_uppercase())
            }
            ReversePhase::AskWord => format!(
                "Your answers spell {}, a word I do not know. What was your word? \
                 (type it, or yes if it is {0}; u: undo your last answer)",
                self.board_word().to_ascii_uppercase()
            ),
            ReversePhase::AskSecret => {
                "What was your word? (type it, or Enter to skip)".to_string()
            }
            ReversePhase::Over => String::new(),
        }
    }

    /// The player's word, told once the computer lost: checked against every answer they
    /// gave (an honest referee's answers, [`Told::contradiction`]).
    fn reveal(&mut self, input: &str, lexicon: &Lexicon) -> String {
        let length = self.state().map_or(0, GameState::length);
        if input.is_empty() {
            self.phase = ReversePhase::Over;
            return "Fair enough: keep your secret.".to_string();
        }
        // Any case: `Told::reveal` lowercases the word.
        let Ok(revealed) = Told::reveal(length, input, &self.history, lexicon) else {
            return format!(
                "{input:?} is not a word of {length} letters a-z: type your word, or Enter \
                 to skip."
            );
        };
        self.phase = ReversePhase::Over;
        let verdict = revealed.to_string();
        self.revealed = Some(revealed);
        verdict
    }

    /// Once the game is over: the word it ended on, checked against the answers (`None`
    /// when the player kept it secret or the computer found a word it knew).
    pub fn revealed(&self) -> Option<&Revealed> {
        self.revealed.as_ref()
    }

    /// An answer to a guess of `letter` that fits this game, for the prompt: the first and
    /// last open cells as positions and as a pattern (with the letters already shown).
    fn example_answer(&self, letter: Letter) -> (String, String) {
        let Some(state) = self.state() else {
            return (String::new(), String::new());
        };
        let cells = state.board().cells();
        let open: Vec<usize> = (0..cells.len()).filter(|&i| cells[i].is_none()).collect();
        let picked: Vec<usize> = match open.as_slice() {
            [] => Vec::new(),
            [only] => vec![*only],
            [first, .., last] => vec![*first, *last],
        };
        let positions = picked
            .iter()
            .map(|p| (p + 1).to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let pattern = cells
            .iter()
            .enumerate()
            .map(|(i, cell)| match cell {
                Some(shown) => shown.lower() as char,
                None if picked.contains(&i) => letter.lower() as char,
                None => '-',
            })
            .collect();
        (positions, pattern)
    }

    /// Whether the player won (once over): the computer ran out of guesses. The session's
    /// win counter counts the player's wins whichever side guesses.
    pub fn player_won(&self) -> bool {
        self.decided() && self.state().is_some_and(|s| s.status() == Status::GameLost)
    }

    /// Whether the game is decided: over, or the computer lost and asks what the word was.
    pub fn decided(&self) -> bool {
        matches!(self.phase, ReversePhase::AskSecret | ReversePhase::Over)
    }

    /// One line on how the game ended.
    pub fn ending(&self) -> String {
        match self.state() {
            Some(s) if s.status() == Status::GameWon => format!(
                "I got it: {}. Score {}.",
                self.board_word().to_ascii_uppercase(),
                s.score()
            ),
            Some(s) => format!("You win: I am out of guesses at {}.", s.board()),
            None => String::new(),
        }
    }

    /// The board as a word (`_` for unknown cells).
    fn board_word(&self) -> String {
        self.state().map_or(String::new(), |s| {
            s.board()
                .cells()
                .iter()
                .map(|c| c.map_or('_', |l| l.lower() as char))
                .collect()
        })
    }

    /// Ends the game once the rules say it is over; a board the answers filled with a word
    /// not in `lexicon` is not claimed until the player says what the word was.
    fn settle(&mut self, lexicon: &Lexicon) -> Option<String> {
        let state = self.state()?;
        match state.status() {
            Status::KeepGuessing => None,
            Status::GameWon if !lexicon.contains(&self.board_word()) => {
                self.phase = ReversePhase::AskWord;
                Some("That fills the board.".to_string())
            }
            Status::GameLost => {
                self.phase = ReversePhase::AskSecret;
                Some(self.ending())
            }
            _ => {
                self.phase = ReversePhase::Over;
                Some(self.ending())
            }
        }
    }

    /// Takes back the last answer: the computer asks that guess again.
    fn undo(&mut self) -> String {
        match self.history.pop() {
            Some((guess, _)) => {
                self.game = Some(self.rebuilt(self.history.len()));
                self.phase = ReversePhase::Asking(guess);
                "Last answer undone.".to_string()
            }
            None => "There is no answer to undo.".to_string(),
        }
    }

    /// Handles one line of input in the current phase; returns a message.
    pub fn submit(&mut self, input: &str, strategy: &dyn Strategy, lexicon: &Lexicon) -> String {
        let input = input.trim();
        match self.phase.clone() {
            ReversePhase::AskLength => match input.parse::<usize>() {
                Ok(n) if (1..=lexicon::MAX_WORD_LEN).contains(&n) => {
                    self.game = Some(Game::new(Told::new(n), self.max_wrong));
                    self.advance(strategy, lexicon);
                    format!(
                        "{n} letters. I have {} in mind.",
                        words_fit(self.count(lexicon))
                    )
                }
                _ => format!(
                    "{input:?} is not a length: type a number from 1 to {}.",
                    lexicon::MAX_WORD_LEN
                ),
            },
            ReversePhase::Asking(_) | ReversePhase::AskWord if is_undo(input) => self.undo(),
            ReversePhase::Asking(_)
                if input.eq_ignore_ascii_case("r") && !self.history.is_empty() =>
            {
                let before = self.rebuilt(self.history.len() - 1);
                let c = self.list(before.state(), lexicon);
                format!(
                    "Before your last answer {} fit: {}",
                    words_fit(c.count),
                    words(&c)
                )
            }
            ReversePhase::Asking(guess) => match self.parse_answer(&guess, input) {
                Ok(answer) => {
                    let game = self.game.as_mut().expect("asking implies a game");
                    let before = game.state().clone();
                    match Told::play(game, &guess, answer) {
                        Ok(outcome) => self.history.push((guess, outcome)),
                        Err(e) => return format!("error: {e}"),
                    }
                    if let Some(message) = self.settle(lexicon) {
                        return message;
                    }
                    self.advance(strategy, lexicon);
                    match self.count(lexicon) {
                        0 if candidates_of(&before, lexicon) > 0 => {
                            "No word I know fits your answers: I keep guessing by letter \
                             odds (u: undo your last answer, r: the words that fit before it)."
                                .to_string()
                        }
                        0 => "Noted.".to_string(),
                        n => format!("Noted. {} fit.", words_fit(n)),
                    }
                }
                Err(message) => message,
            },
            ReversePhase::AskWord => {
                let board = self.board_word();
                let word = input.to_ascii_lowercase();
                if matches!(word.as_str(), "" | "y" | "yes") || word == board {
                    self.phase = ReversePhase::Over;
                    let length = board.len();
                    self.revealed = Told::reveal(length, &board, &self.history, lexicon).ok();
                    let score = self.state().map_or(0, GameState::score);
                    format!(
                        "I got it: {}, a word I did not know. Score {score}.",
                        board.to_ascii_uppercase()
                    )
                } else {
                    format!(
                        "Your answers spell {}, not {}: type u to undo your last answer, \
                         or yes if it is {0}.",
                        board.to_ascii_uppercase(),
                        word.to_ascii_uppercase()
                    )
                }
            }
            // `u` undoes elsewhere; here the game is decided (unless the word has one letter).
            ReversePhase::AskSecret
                if input.eq_ignore_ascii_case("u")
                    && self.state().is_some_and(|s| s.length() > 1) =>
            {
                "The game is decided: type your word, or Enter to skip.".to_string()
            }
            ReversePhase::AskSecret => self.reveal(input, lexicon),
            ReversePhase::Over => String::new(),
        }
    }

    /// The words that fit the answers so far.
    pub fn candidates(&self, lexicon: &Lexicon) -> WordsInMind {
        match self.state() {
            Some(state) => self.list(state, lexicon),
            None => WordsInMind {
                count: 0,
                words: Vec::new(),
            },
        }
    }

    fn count(&self, lexicon: &Lexicon) -> usize {
        self.state().map_or(0, |s| candidates_of(s, lexicon))
    }

    /// The game replayed from the first `n` answers.
    fn rebuilt(&self, n: usize) -> Game<Told> {
        let length = self.state().expect("a game").length();
        Told::replay(length, self.max_wrong, &self.history[..n])
            .expect("these answers were accepted before")
    }

    /// Asks the strategy for its next guess: a fresh player told every answer so far.
    fn advance(&mut self, strategy: &dyn Strategy, _lexicon: &Lexicon) {
        let state = self.state().expect("a game").clone();
        let mut player = strategy.player(state.length(), 0);
        for (guess, outcome) in &self.history {
            player.learn(guess, *outcome);
        }
        self.phase = ReversePhase::Asking(player.choose(&state));
        // So the next session's first guesses are instant; a failure costs only time.
        let _ = strategy.save_cache();
    }

    /// Reads the player's answer to `guess`: positions (1-based), a pattern, or no/yes.
    fn parse_answer(&self, guess: &Guess, input: &str) -> Result<Outcome, String> {
        let state = self.state().expect("asking implies a game");
        let lower = input.to_ascii_lowercase();
        let no = matches!(lower.as_str(), "n" | "no" | "0" | "-" | "none");
        match guess {
            Guess::Word(_) => match lower.as_str() {
                "y" | "yes" => Ok(Outcome::Word { correct: true }),
                _ if no => Ok(Outcome::Word { correct: false }),
                _ => Err("Answer yes or no.".to_string()),
            },
            Guess::Letter(letter) => {
                let length = state.length();
                let positions = if no {
                    0
                } else if lower.len() == length
                    && lower.bytes().zip(state.board().cells()).all(|(b, shown)| {
                        // The guessed letter, an open cell, or a letter already shown there.
                        b == letter.lower()
                            || b"-_.".contains(&b)
                            || shown.is_some_and(|s| s.lower() == b)
                    })
                {
                    position_mask(lower.bytes().map(|b| b == letter.lower()))
                } else {
                    let mut mask = 0u32;
                    for part in lower.split([' ', ',']).filter(|p| !p.is_empty()) {
                        match part.parse::<usize>() {
                            Ok(p) if (1..=length).contains(&p) => mask |= 1 << (p - 1),
                            _ => {
                                return Err(format!(
                                    "{input:?}: give positions 1 to {length} (like 2 5), \
                                     a pattern of {length} characters, or no."
                                ));
                            }
                        }
                    }
                    if mask == 0 {
                        return Err("Give the positions, or no.".to_string());
                    }
                    mask
                };
                let taken = positions & state.board().revealed();
                if taken != 0 {
                    let p = taken.trailing_zeros() as usize;
                    let shown = state.board().cells()[p].map_or('?', |l| l.upper() as char);
                    return Err(format!("Position {} already shows {shown}.", p + 1));
                }
                Ok(Outcome::Letter { positions })
            }
        }
    }
}

/// Whether `input` asks to undo the last answer.
fn is_undo(input: &str) -> bool {
    input.eq_ignore_ascii_case("u") || input.eq_ignore_ascii_case("undo")
}

/// "1 word", "2 words".
fn words_fit(n: usize) -> String {
    if n == 1 {
        "1 word".to_string()
    } else {
        format!("{n} words")
    }
}

fn candidates_of(state: &GameState, lexicon: &Lexicon) -> usize {
    candidates::consistent(lexicon.bucket(state.length()), state).len()
}

impl ReverseRound {
    /// The words that fit `state`: `player`'s likeliest when it guesses, else the first
    /// of `lexicon`'s alphabetically.
    fn list(&self, state: &GameState, lexicon: &Lexicon) -> WordsInMind {
        if let Some(pool) = &self.pool {
            let fit = pool.fitting(state, SHOW);
            return WordsInMind {
                count: fit.count,
                words: fit.likeliest,
            };
        }
        alphabetical(state, lexicon)
    }
}

fn alphabetical(state: &GameState, lexicon: &Lexicon) -> WordsInMind {
    let bucket = lexicon.bucket(state.length());
    let cands = candidates::consistent(bucket, state);
    WordsInMind {
        count: cands.len(),
        words: cands
            .iter()
            .take(SHOW)
            .map(|&c| bucket.word_str(c as usize).to_string())
            .collect(),
    }
}

/// The shown words, with an ellipsis when there are more.
pub(crate) fn words(c: &WordsInMind) -> String {
    let more = if c.count > c.words.len() { ", ..." } else { "" };
    format!("{}{more}", c.words.join(", "))
}
