//! Games in progress, as the web server keeps them across reloads and restarts: one row
//! per game, its state as the server writes it (JSON), when it last changed, and whether
//! something is still to be recorded when it ends (a score, a daily result), so a server
//! started again finds the games that ended while it was away. The server owns what a
//! state holds; the store only keeps it, expires it and caps it.

use std::time::Duration;

use rusqlite::{OptionalExtension, params};

use crate::store::{Store, StoreError, now_secs};

impl Store {
    /// Keeps the game `id` of `kind` as `state` (replacing what was kept), changed now;
    /// `pending`: something is to be recorded when it ends.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn save_game(
        &self,
        kind: &str,
        id: &str,
        state: &str,
        pending: bool,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "INSERT OR REPLACE INTO games (kind, id, state, updated, pending)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![kind, id, state, now_secs() as i64, pending],
            )
            .map(drop)
        })
    }

    /// The ids of the games of `kind` kept with something still to record when they end.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn pending_games(&self, kind: &str) -> Result<Vec<String>, StoreError> {
        self.read(|c| {
            let mut stmt =
                c.prepare_cached("SELECT id FROM games WHERE kind = ?1 AND pending = 1")?;
            let ids = stmt.query_map(params![kind], |r| r.get(0))?;
            ids.collect()
        })
    }

    /// The state kept for the game `id` of `kind`, if there is one that changed within
    /// `idle` (an older one is expired, whether or not [`Store::expire_games`] dropped it
    /// yet).
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn load_game(
        &self,
        kind: &str,
        id: &str,
        idle: Duration,
    ) -> Result<Option<String>, StoreError> {
        let since = now_secs().saturating_sub(idle.as_secs()) as i64;
        self.read(|c| {
            c.query_row(
                "SELECT state FROM games WHERE kind = ?1 AND id = ?2 AND updated >= ?3",
                params![kind, id, since],
                |r| r.get(0),
            )
            .optional()
        })
    }

    /// Drops every game unchanged for longer than `idle`; returns how many.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn expire_games(&self, idle: Duration) -> Result<usize, StoreError> {
        let before = now_secs().saturating_sub(idle.as_secs()) as i64;
        self.write(|tx| tx.execute("DELETE FROM games WHERE updated < ?1", params![before]))
    }

    /// Keeps the `keep` games of `kind` changed last and drops the others; returns how
    /// many were dropped.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn cap_games(&self, kind: &str, keep: usize) -> Result<usize, StoreError> {
        self.write(|tx| {
            tx.execute(
                "DELETE FROM games WHERE kind = ?1 AND rowid IN (
                     SELECT rowid FROM games WHERE kind = ?1
                     ORDER BY updated DESC, rowid DESC LIMIT -1 OFFSET ?2)",
                params![kind, keep as i64],
            )
        })
    }

    /// How many games of `kind` are kept.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn game_count(&self, kind: &str) -> Result<u64, StoreError> {
        self.read(|c| {
            c.query_row(
                "SELECT COUNT(*) FROM games WHERE kind = ?1",
                params![kind],
                |r| r.get(0),
            )
        })
    }
}
