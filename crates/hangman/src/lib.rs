//! The hangman engine of wordplay.
//!
//! - [`game`]: the exact rules of the 2011 Factual challenge ([`Game`], [`Guess`], [`Status`],
//!   [`Board`]);
//! - [`referee`]: who answers guesses ([`Referee`], the fair [`Fair`]);
//! - [`strategy`]: who makes them ([`Strategy`], [`Player`], the registry by name);
//! - [`eval`]: the game loop, runs over many words and their summaries;
//! - [`suggest`]: advice for a position (board and wrong guesses): ranked next letters.
//! - [`hint`]: hints for a game as its referee plays it (the web's and `hangman suggest`'s).
//! - [`familiarity`]: how familiar English words are (one model from a word-frequency list);
//! - [`solve`]: exact minimax for evil hangman (how many misses a cheating referee forces).

pub mod bound;
pub mod candidates;
pub mod eval;
pub mod familiarity;
pub mod game;
pub mod hint;
pub mod referee;
pub mod result;
pub mod solve;
pub mod split;
pub mod strategy;
pub mod suggest;
pub mod verify;

pub use game::{
    Board, Game, GameError, GameState, Guess, LOSS_SCORE, Outcome, Position, Status, Step,
};
pub use referee::{Fair, Referee};
pub use strategy::{Player, Settings, Strategy};
