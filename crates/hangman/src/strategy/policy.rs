//! The contract of a candidate-set guesser: [`Policy`] and its [`Decision`].
//!
//! Most strong guessers decide from the set of words still consistent with the game and
//! nothing else; such a guesser only implements [`Policy::decide`].
//! [`PolicyStrategy`](super::PolicyStrategy) plays it as a strategy and
//! [`tree::evaluate`](super::tree::evaluate) evaluates it over whole word lengths.

use lexicon::{Bucket, Letter};

use crate::candidates;
use crate::game::{GameState, Position};

/// A policy's choice: a letter, or a candidate word by its index in the bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Guess this letter.
    Letter(Letter),
    /// Guess the word at this bucket index.
    Word(u32),
}

/// The moves a policy weighed at a state (see [`Policy::alternatives`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Alternatives {
    /// Moves with the expected final score each leads to, the one played first.
    pub moves: Vec<(Decision, f64)>,
    /// Whether the scores are exact optima (else estimates of the policy's own play).
    pub exact: bool,
}

/// A deterministic guesser that decides from the candidate set alone.
pub trait Policy: Send + Sync {
    /// The next guess for a non-empty candidate set in a game at `position` (not over). Must
    /// be a letter not guessed yet or one of the candidates; the same inputs must give the
    /// same decision (the opening book and the tree evaluator rely on it).
    fn decide(&self, bucket: &Bucket, candidates: &[u32], position: &Position) -> Decision;

    /// The next guess when no word of the list fits the game (the secret is not in the
    /// list): by default the most common letter of English words not guessed yet.
    fn no_word_fits(&self, state: &GameState) -> Letter {
        candidates::fallback_letter(state.guessed_letters())
            .expect("a game in progress has an unguessed letter")
    }

    /// Whether an opening book is worth building ahead of `games` games of a length of
    /// `words` words (see [`Strategy::prepare_games`](super::Strategy::prepare_games)). A
    /// policy that is slow to decide says no for a few games: they then decide only the
    /// guesses they play.
    fn eager_book(&self, _games: usize, _words: usize) -> bool {
        true
    }

    /// Why [`Policy::decide`] chooses what it does at this state: its move and the best
    /// alternatives it weighed, each with the expected final score it leads to (the
    /// candidates' total over their number), cheapest first, at most `top` of them, with
    /// whether those values are exact. Empty for a policy that does not value its moves.
    fn alternatives(
        &self,
        _bucket: &Bucket,
        _candidates: &[u32],
        _position: &Position,
        _top: usize,
    ) -> Alternatives {
        Alternatives::default()
    }

    /// Writes the decisions this policy keeps on disk, if it keeps any (see
    /// [`Strategy::save_cache`](super::Strategy::save_cache)); returns how many files it
    /// wrote.
    ///
    /// # Errors
    ///
    /// When a cache file cannot be written.
    fn save_cache(&self) -> std::io::Result<usize> {
        Ok(0)
    }

    /// See [`Strategy::play_out_budget`](super::Strategy::play_out_budget): `None` (cheap)
    /// unless the policy says otherwise.
    fn play_out_budget(&self) -> Option<usize> {
        None
    }
}
