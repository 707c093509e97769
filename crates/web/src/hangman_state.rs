//! The hangman games the server keeps (a game against a referee, a reversed game), what of
//! them the store holds, and the answers it caches (verdicts, opening hints): the state the
//! routes in `hangman_routes.rs` and `reverse_routes.rs` read and change, apart from them so
//! that the service's state can hold it.
//!
//! A game is kept as its setup and its moves (each guess with the answer it got), and
//! rebuilt by playing them again: a fair game against its secret, a cheating referee's with
//! [`Evil::replay`] (each answer as it was given, which matters for the optimal referee,
//! whose answers depend on time), a reversed game with [`Told::replay`].

use std::str::FromStr;

use hangman::referee::{Evil, RefereeKind, Told};
use hangman::solve::Bounds;
use hangman::{Fair, Game, GameState, Guess, Outcome, Referee, Status};
use serde::{Deserialize, Serialize};

use crate::games::{Kit, Saved};

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
    /// Whether the result is in the player's tally.
    pub(crate) recorded: bool,
    /// Every guess with its answer, in order.
    pub(crate) history: Vec<(Guess, Outcome)>,
    /// The optimal referee's proven value after its last answer.
    pub(crate) value: Option<Value>,
}

impl Session {
    pub(crate) fn state(&self) -> &GameState {
        match &self.play {
            Play::Fair(g) => g.state(),
            Play::Evil(g) => g.state(),
        }
    }

    /// Plays `guess` and keeps it with its answer.
    pub(crate) fn guess(&mut self, guess: &Guess) -> Result<Outcome, hangman::GameError> {
        let outcome = match &mut self.play {
            Play::Fair(g) => g.guess(guess)?,
            Play::Evil(g) => {
                let outcome = g.guess(guess)?;
                self.value = g.referee().last_value().map(Value::from).or(self.value);
                outcome
            }
        };
        if outcome != Outcome::Repeated {
            self.history.push((guess.clone(), outcome));
        }
        Ok(outcome)
    }

    pub(crate) fn word(&self) -> String {
        match &self.play {
            Play::Fair(g) => g.referee().word(),
            Play::Evil(g) => g.referee().word(),
        }
    }
}

/// One move as the store keeps it: the guess, and the answer (a letter's positions, or
/// whether a word was right).
#[derive(Clone, Serialize, Deserialize)]
pub(crate) struct Move {
    guess: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    positions: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    correct: Option<bool>,
}

impl Move {
    fn of((guess, outcome): &(Guess, Outcome)) -> Move {
        let (positions, correct) = match outcome {
            Outcome::Letter { positions } => (Some(*positions), None),
            Outcome::Word { correct } => (None, Some(*correct)),
            Outcome::Repeated => (None, None),
        };
        Move {
            guess: guess.to_string(),
            positions,
            correct,
        }
    }

    fn played(&self) -> Result<(Guess, Outcome), String> {
        let guess = Guess::parse(&self.guess).map_err(|e| e.to_string())?;
        let outcome = match (&guess, self.positions, self.correct) {
            (Guess::Letter(_), Some(positions), None) => Outcome::Letter { positions },
            (Guess::Word(_), None, Some(correct)) => Outcome::Word { correct },
            _ => {
                return Err(format!(
                    "the move {:?} has no answer of its kind",
                    self.guess
                ));
            }
        };
        Ok((guess, outcome))
    }
}

fn moves(history: &[(Guess, Outcome)]) -> Vec<Move> {
    history.iter().map(Move::of).collect()
}

fn history(moves: &[Move]) -> Result<Vec<(Guess, Outcome)>, String> {
    moves.iter().map(Move::played).collect()
}

/// What the store keeps of a game against a referee.
#[derive(Serialize, Deserialize)]
pub(crate) struct SessionRecord {
    referee: String,
    length: usize,
    lives: u32,
    /// The fair referee's word.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    recorded: bool,
    moves: Vec<Move>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
}

impl Saved for Session {
    const KIND: &'static str = "hangman";
    type Record = SessionRecord;

    fn record(&self) -> SessionRecord {
        SessionRecord {
            referee: self.referee.to_string(),
            length: self.state().length(),
            lives: self.lives,
            secret: match &self.play {
                Play::Fair(g) => Some(g.referee().word()),
                Play::Evil(_) => None,
            },
            player: self.player.clone(),
            recorded: self.recorded,
            moves: moves(&self.history),
            value: self.value,
        }
    }

    fn restore(r: SessionRecord, kit: &Kit<'_>) -> Result<Session, String> {
        let kind = RefereeKind::from_str(&r.referee).map_err(|e| e.to_string())?;
        let history = history(&r.moves)?;
        let max_wrong = r.lives.checked_sub(1).ok_or("a game of no lives")?;
        let play = match (kind.family_choice(kit.optimal_move_budget), &r.secret) {
            (None, Some(secret)) => {
                let mut game = Game::new(Fair::new(secret).map_err(|e| e.to_string())?, max_wrong);
                for (guess, answer) in &history {
                    let outcome = game.guess(guess).map_err(|e| e.to_string())?;
                    if outcome != *answer {
                        return Err(format!("{guess} was answered otherwise in play"));
                    }
                }
                Play::Fair(game)
            }
            (Some(choice), None) => Play::Evil(
                Evil::new(kit.lexicon.clone(), r.length, choice)
                    .map_err(|e| e.to_string())?
                    .replay(max_wrong, &history)
                    .map_err(|e| e.to_string())?,
            ),
            _ => return Err(format!("a {} game with a secret kept otherwise", r.referee)),
        };
        Ok(Session {
            play,
            referee: kind.name(),
            lives: r.lives,
            player: r.player,
            recorded: r.recorded,
            history,
            value: r.value,
        })
    }
}

/// Proven bounds on the misses an optimal referee can still force.
#[derive(Clone, Copy, Serialize, Deserialize)]
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
    /// The guess the hint makes: a letter, or the word (never empty while the game runs).
    pub(crate) pick: String,
    /// `letter` or `word`.
    pub(crate) pick_kind: &'static str,
    /// The expected final score of the pick, when computed.
    pub(crate) pick_expected_score: Option<f64>,
    /// The words still possible when at most 12 are, the pick first; else empty.
    pub(crate) words: Vec<String>,
    /// `odds` (letters by their expected score and chance) or `optimal` (letters by the
    /// misses an optimal referee can force, proven).
    pub(crate) kind: &'static str,
}

impl From<hangman::hint::Hint> for Hint {
    fn from(h: hangman::hint::Hint) -> Hint {
        Hint {
            letters: h
                .letters
                .iter()
                .map(|l| HintLetter {
                    letter: l.letter.to_string(),
                    odds: l.share,
                    containing: l.containing,
                    expected_score: l.expected_score,
                    misses: l.misses.map(Value::from),
                })
                .collect(),
            candidates: h.candidates,
            pick: h.pick.to_string(),
            pick_kind: match h.pick {
                Guess::Letter(_) => "letter",
                Guess::Word(_) => "word",
            },
            pick_expected_score: h.pick_expected_score,
            words: h.words,
            kind: h.kind.name(),
        }
    }
}

/// Who wins at a length with so many lives against an optimal cheating referee.
#[derive(Clone, Serialize)]
pub(crate) struct Verdict {
    pub(crate) length: usize,
    pub(crate) lives: u32,
    /// Words of that length.
    pub(crate) words: usize,
    /// Common words of that length: the fair referee's secrets.
    pub(crate) fair_words: usize,
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

    /// The game as it stands, without the task working on it.
    pub(crate) fn snapshot(&self) -> Reverse {
        Reverse {
            game: self.game.clone(),
            history: self.history.clone(),
            asking: self.asking.clone(),
            lives: self.lives,
            task: None,
            revision: self.revision,
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

/// What the store keeps of a reversed game: its answers and the question it asks (a game
/// rebuilt while the computer was thinking works its guess out again: the same answers
/// always get the same guess).
#[derive(Serialize, Deserialize)]
pub(crate) struct ReverseRecord {
    length: usize,
    lives: u32,
    moves: Vec<Move>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    asking: Option<String>,
}

impl Saved for Reverse {
    const KIND: &'static str = "reverse";
    type Record = ReverseRecord;

    fn record(&self) -> ReverseRecord {
        ReverseRecord {
            length: self.game.state().length(),
            lives: self.lives,
            moves: moves(&self.history),
            asking: self.asking.as_ref().map(Guess::to_string),
        }
    }

    fn restore(r: ReverseRecord, _kit: &Kit<'_>) -> Result<Reverse, String> {
        let history = history(&r.moves)?;
        let max_wrong = r.lives.checked_sub(1).ok_or("a game of no lives")?;
        let game = Told::replay(r.length, max_wrong, &history).map_err(|e| e.to_string())?;
        let asking = r
            .asking
            .map(|g| Guess::parse(&g).map_err(|e| e.to_string()))
            .transpose()?;
        Ok(Reverse {
            game,
            history,
            asking,
            lives: r.lives,
            task: None,
            revision: 0,
        })
    }
}
