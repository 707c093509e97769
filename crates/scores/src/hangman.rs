//! Hangman wins and losses per player.

use rusqlite::params;
use serde::Serialize;

use crate::names::check_name;
use crate::store::{Store, StoreError, now_secs};

/// Hangman wins and losses of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
}

impl Store {
    /// Records a hangman game's result for `player` against `referee`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// write fails.
    pub fn record_hangman(&self, player: &str, referee: &str, won: bool) -> Result<(), StoreError> {
        let player = check_name(player)?;
        self.write(|tx| {
            tx.execute(
                "INSERT INTO hangman_results (player, referee, won, at) VALUES (?1, ?2, ?3, ?4)",
                params![player, referee, won, now_secs() as i64],
            )
            .map(drop)
        })
    }

    /// A player's hangman wins and losses (all referees).
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// read fails.
    pub fn hangman_tally(&self, player: &str) -> Result<Tally, StoreError> {
        let player = check_name(player)?;
        self.read(|c| {
            c.query_row(
                "SELECT COALESCE(SUM(won), 0), COALESCE(SUM(1 - won), 0)
                 FROM hangman_results WHERE player = ?1",
                params![player],
                |r| {
                    Ok(Tally {
                        wins: r.get(0)?,
                        losses: r.get(1)?,
                    })
                },
            )
        })
    }
}
