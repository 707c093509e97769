//! One game with the player guessing: input in, a message out. The rules are
//! [`hangman::Game`]'s; this only words the outcomes.

use std::sync::Arc;

use hangman::candidates;
use hangman::referee::RefereeKind;
use hangman::{Game, GameError, GameState, Guess, Outcome, Referee, Status};
use lexicon::Lexicon;

/// A game with the player guessing (against a referee), in progress or just finished.
pub struct GuessRound {
    game: Game<Box<dyn Referee>>,
    kind: RefereeKind,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Whether the player won.
    pub(crate) won: bool,
    /// The word (for a cheating referee: one of the words still possible).
    pub word: String,
    /// For a cheating referee: how many words were still possible.
    pub(crate) remaining: Option<usize>,
    /// The final score.
    pub(crate) score: u32,
}

impl Ending {
    /// One line: win or loss, the word, the score.
    pub(crate) fn summary(&self) -> String {
        let word = self.word.to_ascii_uppercase();
        let word = match self.remaining {
            Some(n) if n > 1 => format!("{word} (one of {n} words still possible)"),
            _ => word,
        };
        if self.won {
            format!("You won! The word was {word}. Score {}.", self.score)
        } else {
            format!("You lost. The word was {word}. Score {}.", self.score)
        }
    }
}

impl GuessRound {
    /// A new game refereed by `referee`, lost on wrong guess number `max_wrong + 1`.
    pub(crate) fn new(referee: Box<dyn Referee>, kind: RefereeKind, max_wrong: u32) -> GuessRound {
        GuessRound {
            game: Game::new(referee, max_wrong),
            kind,
        }
    }

    /// The public state.
    pub fn state(&self) -> &GameState {
        self.game.state()
    }

    /// The referee's kind.
    pub(crate) fn kind(&self) -> RefereeKind {
        self.kind
    }

    /// Whether the game is over.
    pub(crate) fn is_over(&self) -> bool {
        self.state().status() != Status::KeepGuessing
    }

    /// Plays one line of input (a letter or a whole word) and says how it went. Input that
    /// is not a guess changes nothing and gets an explanation.
    pub fn submit(&mut self, input: &str) -> String {
        let guess = match Guess::parse(input) {
            Ok(guess) => guess,
            Err(_) if input.trim().is_empty() => {
                return "Type a letter, or the whole word, then Enter.".to_string();
            }
            Err(_) => {
                return format!(
                    "{:?} is not a guess: type one letter a-z or the whole word.",
                    input.trim()
                );
            }
        };
        match self.game.guess(&guess) {
            Ok(Outcome::Letter { positions: 0 }) => {
                format!("No {} in the word.", upper(&guess))
            }
            Ok(Outcome::Letter { positions }) => {
                let n = positions.count_ones();
                let s = if n == 1 { "" } else { "s" };
                format!("Yes: {n} {}{s}.", upper(&guess))
            }
            Ok(Outcome::Word { correct: true }) => format!("{} is the word!", upper(&guess)),
            Ok(Outcome::Word { correct: false }) => {
                let note = if guess.to_string().len() != self.state().length() {
                    format!(" (it has {} letters)", self.state().length())
                } else {
                    String::new()
                };
                format!("{} is not the word{note}.", upper(&guess))
            }
            Ok(Outcome::Repeated) => {
                format!("You already guessed {}; it costs nothing.", upper(&guess))
            }
            Err(GameError::Finished(_)) => "The game is over.".to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    /// How the game ended, once it has; `lexicon` counts the words a cheating referee could
    /// still have chosen (those consistent with the board).
    pub fn ending(&self, lexicon: &Arc<Lexicon>) -> Option<Ending> {
        let state = self.state();
        if !self.is_over() {
            return None;
        }
        let remaining = self.kind.is_evil().then(|| {
            candidates::consistent(lexicon.bucket(state.length()), state)
                .len()
                .max(1)
        });
        Some(Ending {
            won: state.status() == Status::GameWon,
            word: self.game.referee().word(),
            remaining,
            score: state.score(),
        })
    }
}

/// The wrong guesses for display: letters in upper case, then wrong words; `-` for none.
pub(crate) fn missed(state: &GameState) -> String {
    let mut parts: Vec<String> = state
        .wrong_letters()
        .iter()
        .map(|l| (l.upper() as char).to_string())
        .collect();
    parts.extend(state.wrong_words().iter().cloned());
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(" ")
    }
}

/// A guess in upper case, for messages.
fn upper(guess: &Guess) -> String {
    guess.to_string().to_ascii_uppercase()
}
