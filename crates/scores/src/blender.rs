//! Word Blender's high-score table.

use rusqlite::params;
use serde::Serialize;

use crate::names::check_name;
use crate::store::{Store, StoreError, now_secs};

/// How many Blender scores the table shows.
pub const KEEP: usize = 10;

/// One Blender game in the high-score table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlenderScore {
    /// The player's name, as given.
    pub name: String,
    /// Final score.
    pub score: u32,
    /// Rounds won.
    pub rounds: u32,
    /// When the game ended, seconds since the Unix epoch.
    pub when: u64,
    /// The daily puzzle's date, for a daily game.
    pub daily: Option<String>,
}

/// The result of [`Store::add_blender`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The new entry's 1-based rank in the top [`KEEP`], if it made it.
    pub rank: Option<usize>,
    /// The top [`KEEP`] after the addition.
    pub top: Vec<BlenderScore>,
}

impl Store {
    /// Adds a finished Blender game (`when` = now) and returns its rank and the new top
    /// [`KEEP`].
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// write fails.
    pub fn add_blender(
        &self,
        name: &str,
        score: u32,
        rounds: u32,
        daily: Option<&str>,
    ) -> Result<Added, StoreError> {
        let name = check_name(name)?;
        let at = now_secs();
        let id = self.write(|tx| {
            tx.execute(
                "INSERT INTO blender_scores (name, score, rounds, at, daily) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![name, score, rounds, at as i64, daily],
            )?;
            Ok(tx.last_insert_rowid())
        })?;
        let (top, ids) = self.top_with_ids(KEEP)?;
        let rank = ids.iter().position(|&i| i == id).map(|p| p + 1);
        Ok(Added { rank, top })
    }

    fn top_with_ids(&self, limit: usize) -> Result<(Vec<BlenderScore>, Vec<i64>), StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT id, name, score, rounds, at, daily FROM blender_scores
                 ORDER BY score DESC, at, id LIMIT ?1",
            )?;
            let rows = stmt.query_map(params![limit as i64], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    BlenderScore {
                        name: r.get(1)?,
                        score: r.get(2)?,
                        rounds: r.get(3)?,
                        when: r.get::<_, i64>(4)? as u64,
                        daily: r.get(5)?,
                    },
                ))
            })?;
            let mut top = Vec::new();
            let mut ids = Vec::new();
            for row in rows {
                let (id, score) = row?;
                ids.push(id);
                top.push(score);
            }
            Ok((top, ids))
        })
    }

    /// The best `limit` Blender games, highest score first (earlier first among equals).
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn blender_top(&self, limit: usize) -> Result<Vec<BlenderScore>, StoreError> {
        Ok(self.top_with_ids(limit)?.0)
    }

    /// How many Blender games are stored.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn blender_count(&self) -> Result<u64, StoreError> {
        self.read(|c| c.query_row("SELECT COUNT(*) FROM blender_scores", [], |r| r.get(0)))
    }

    /// Whether a game of `score` would make the top [`KEEP`] now (a later equal score ranks
    /// below the earlier ones).
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn makes_top(&self, score: u32) -> Result<bool, StoreError> {
        if score == 0 {
            return Ok(false);
        }
        let better: i64 = self.read(|c| {
            c.query_row(
                "SELECT COUNT(*) FROM blender_scores WHERE score >= ?1",
                params![score],
                |r| r.get(0),
            )
        })?;
        Ok((better as usize) < KEEP)
    }
}
