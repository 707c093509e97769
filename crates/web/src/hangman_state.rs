//! The hangman games the server keeps (a game against a referee, a reversed game) and the
//! answers it caches (verdicts, opening hints): the state the routes in `hangman_routes.rs`
//! and `reverse_routes.rs` read and change, apart from them so that the service's state can
//! hold it.

use hangman::referee::{Evil, Told};
use hangman::solve::Bounds;
use hangman::{Fair, Game, GameState, Guess, Outcome, Referee, Status};
use serde::Serialize;

/// The referee of a game in progress, kept with its type so the words it still holds can
/// be shown at the end.
pub(crate) enum Play {
    /// A fixed secret.
    Fair(Game<Fair>),
    /// A cheating referee.
    Evil(Game<Evil>),
}

/// One hangman game.
pub(crate) struct Session {
    pub(crate) play: Play,
    pub(crate) referee: &'static str,
    pub(crate) lives: u32,
    pub(crate) player: Option<String>,
    pub(crate) recorded: bool,
}

impl Session {
    pub(crate) fn state(&self) -> &GameState {
        match &self.play {
            Play::Fair(g) => g.state(),
            Play::Evil(g) => g.state(),
        }
    }

    pub(crate) fn guess(&mut self, guess: &Guess) -> Result<Outcome, hangman::GameError> {
        match &mut self.play {
            Play::Fair(g) => g.guess(guess),
            Play::Evil(g) => g.guess(guess),
        }
    }

    pub(crate) fn word(&self) -> String {
        match &self.play {
            Play::Fair(g) => g.referee().word(),
            Play::Evil(g) => g.referee().word(),
        }
    }
}

/// Proven bounds on the misses an optimal referee can still force.
#[derive(Clone, Copy, Serialize)]
pub(crate) struct Value {
    pub(crate) lower: u32,
    pub(crate) upper: u32,
    /// Whether the solver settled it exactly within the move's time budget.
    pub(crate) exact: bool,
}

impl From<Bounds> for Value {
    fn from(b: Bounds) -> Value {
        Value {
            lower: b.lower,
            upper: b.upper,
            exact: b.is_exact(),
        }
    }
}

/// One letter of a hint.
#[derive(Clone, Serialize)]
pub(crate) struct HintLetter {
    pub(crate) letter: String,
    /// Chance the letter is in the word (share of the words still possible).
    pub(crate) odds: f64,
    /// Words still possible that hold it.
    pub(crate) containing: usize,
    /// Expected final score when it is guessed and play goes on well (when computed).
    pub(crate) expected_score: Option<f64>,
    /// Against the optimal referee: proven bounds on the misses it can still force after
    /// this letter (the best letters have the lowest).
    pub(crate) misses: Option<Value>,
}

/// `GET /api/hangman/{id}/hint`.
#[derive(Clone, Serialize)]
pub(crate) struct Hint {
    pub(crate) letters: Vec<HintLetter>,
    /// Words still possible.
    pub(crate) candidates: usize,
    /// The guess the hint strategy would make.
    pub(crate) pick: String,
    /// `odds` (letters by their chance and expected score) or `optimal` (letters by the
    /// misses an optimal referee can force, from the solver).
    pub(crate) kind: &'static str,
}

/// Who wins at a length with so many lives against an optimal cheating referee.
#[derive(Clone, Serialize)]
pub(crate) struct Verdict {
    pub(crate) length: usize,
    pub(crate) lives: u32,
    /// Words of that length.
    pub(crate) words: usize,
    /// Proven bounds on the misses an optimal referee forces on an optimal guesser.
    pub(crate) misses_lower: u32,
    pub(crate) misses_upper: u32,
    /// `true`: a perfect guesser always wins; `false`: the referee always wins; `null`:
    /// not proven within the time allowed.
    pub(crate) guesser_wins: Option<bool>,
    /// Seconds the proof took (0 when it came from the cache).
    pub(crate) seconds: f64,
}

/// A reversed game: the player's answers referee a real game; a strategy guesses.
pub(crate) struct Reverse {
    pub(crate) game: Game<Told>,
    pub(crate) history: Vec<(Guess, Outcome)>,
    /// The computer's guess waiting for the player's answer: `None` once the game is over
    /// or while the computer is working it out.
    pub(crate) asking: Option<Guess>,
    pub(crate) lives: u32,
    /// The task working out the next guess, once one was started.
    pub(crate) task: Option<tokio::task::AbortHandle>,
    /// Counts the changes of `history` (answers and undos): a task writes its guess only
    /// if none came after it started, so a guess for a board taken back is never asked.
    pub(crate) revision: u64,
}

impl Reverse {
    /// A new game of a `length`-letter word: the computer has yet to work out its first
    /// guess.
    pub(crate) fn new(length: usize, lives: u32) -> Reverse {
        Reverse {
            game: Game::new(Told::new(length), lives - 1),
            history: Vec::new(),
            asking: None,
            lives,
            task: None,
            revision: 0,
        }
    }

    /// Whether the game is over.
    pub(crate) fn over(&self) -> bool {
        self.game.state().status() != Status::KeepGuessing
    }

    /// Whether the computer is working out its next guess (the game goes on and it has
    /// not asked yet).
    pub(crate) fn thinking(&self) -> bool {
        !self.over() && self.asking.is_none()
    }

    /// Whether the next guess must be worked out and no task is at it (none started, or
    /// the last one stopped without an answer).
    pub(crate) fn needs_task(&self) -> bool {
        self.thinking() && self.task.as_ref().is_none_or(|t| t.is_finished())
    }
}
