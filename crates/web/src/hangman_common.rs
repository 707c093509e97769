//! What the two hangman route files share: the board and letter sets as the API writes
//! them, and the check on the number of lives a new game asks for. A sibling of both, so
//! neither route file imports the other.

use hangman::GameState;

use crate::error::ApiError;

/// Most lives a game may have (every letter a miss).
pub(crate) const MAX_LIVES: u32 = 26;

/// The board as the API writes it: letters in lower case, `_` for an unknown one.
pub(crate) fn board_of(state: &GameState) -> String {
    state
        .board()
        .cells()
        .iter()
        .map(|c| c.map_or('_', |l| l.lower() as char))
        .collect()
}

/// A set of letters as the API writes it: lower case, in the order of the alphabet.
pub(crate) fn letters(set: lexicon::LetterSet) -> String {
    set.iter().map(|l| l.lower() as char).collect()
}

/// A new game's lives: 1 to [`MAX_LIVES`].
pub(crate) fn check_lives(lives: u32) -> Result<(), ApiError> {
    if (1..=MAX_LIVES).contains(&lives) {
        Ok(())
    } else {
        Err(ApiError::bad(format!(
            "lives must be 1 to {MAX_LIVES} (the last miss loses), not {lives}"
        )))
    }
}
