//! Referees: who answers the guesses.
//!
//! The rules in [`crate::game`] never see the word; a [`Referee`] does (the trait is defined
//! beside [`Game`](crate::Game), which asks it, and is re-exported here). The fair referee
//! [`Fair`] holds one secret word. Cheating referees (that keep a family of words and commit
//! late) implement the same trait, so every game loop works with either: [`Evil`] keeps the
//! largest family, looks ahead, or plays optimally within a time budget per answer
//! ([`FamilyChoice`]). [`Told`] answers as it is told: a person
//! who thinks of the word (reversed play), or the answers a board already shows (advice for a
//! position). [`RefereeKind`] and [`build`] make the fair and cheating referees by name for
//! the scorer, the bench and interactive play.

mod error;
mod evil;
mod fair;
mod told;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use lexicon::Lexicon;

pub use crate::game::Referee;
pub use error::SecretError;
pub use evil::{Evil, FamilyChoice, LOOKAHEAD_MAX_FAMILY, LOOKAHEAD_NODES, OPTIMAL_MOVE_BUDGET};
pub use fair::Fair;
pub use told::{Contradiction, Revealed, Told};

/// The referees by name, independent of any argument parser: `fair`, `evil`,
/// `evil-lookahead`, `optimal`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RefereeKind {
    /// [`Fair`]: a fixed secret word.
    #[default]
    Fair,
    /// [`Evil`] with [`FamilyChoice::Largest`].
    Evil,
    /// [`Evil`] with [`FamilyChoice::Lookahead`] and [`LOOKAHEAD_NODES`].
    EvilLookahead,
    /// [`Evil`] with [`FamilyChoice::Optimal`] and [`OPTIMAL_MOVE_BUDGET`].
    Optimal,
}

impl RefereeKind {
    /// Every kind, in the order help texts list them.
    pub const ALL: [RefereeKind; 4] = [
        RefereeKind::Fair,
        RefereeKind::Evil,
        RefereeKind::EvilLookahead,
        RefereeKind::Optimal,
    ];

    /// The name `FromStr` accepts.
    pub fn name(self) -> &'static str {
        match self {
            RefereeKind::Fair => "fair",
            RefereeKind::Evil => "evil",
            RefereeKind::EvilLookahead => "evil-lookahead",
            RefereeKind::Optimal => "optimal",
        }
    }

    /// Whether the referee cheats: it then needs only a word length, not a secret.
    pub fn is_evil(self) -> bool {
        self != RefereeKind::Fair
    }

    /// How a cheating referee of this kind picks its family, the optimal one searching at
    /// most `move_budget` per answer; `None` for [`RefereeKind::Fair`].
    pub fn family_choice(self, move_budget: std::time::Duration) -> Option<FamilyChoice> {
        match self {
            RefereeKind::Fair => None,
            RefereeKind::Evil => Some(FamilyChoice::Largest),
            RefereeKind::EvilLookahead => Some(FamilyChoice::Lookahead {
                node_budget: LOOKAHEAD_NODES,
            }),
            RefereeKind::Optimal => Some(FamilyChoice::Optimal { move_budget }),
        }
    }
}

impl fmt::Display for RefereeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown referee name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown referee {0:?}; known referees: fair, evil, evil-lookahead, optimal")]
pub struct UnknownReferee(pub String);

impl FromStr for RefereeKind {
    type Err = UnknownReferee;

    fn from_str(s: &str) -> Result<RefereeKind, UnknownReferee> {
        RefereeKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownReferee(s.to_string()))
    }
}

/// Builds a referee of `kind` for one game. A fair referee keeps `word` as its secret; a
/// cheating one uses only its length (any word of that length, or any string of that many
/// letters, names the game) and plays the words of that length in `lexicon`.
///
/// # Errors
///
/// [`SecretError`] if `word` is not a playable secret (fair), or `lexicon` has no word of
/// its length (cheating referees).
pub fn build(
    kind: RefereeKind,
    lexicon: &Arc<Lexicon>,
    word: &str,
) -> Result<Box<dyn Referee + Send>, SecretError> {
    match kind.family_choice(OPTIMAL_MOVE_BUDGET) {
        None => Ok(Box::new(Fair::new(word)?)),
        Some(choice) => Ok(Box::new(Evil::new(lexicon.clone(), word.len(), choice)?)),
    }
}
