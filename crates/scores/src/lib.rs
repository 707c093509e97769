//! The wordplay scores store: Blender high scores, daily-puzzle results with their streaks,
//! and hangman win/loss tallies, in one SQLite file that the terminal games and the web
//! server share.
//!
//! - Opening ([`Store::open`]) checks everything before a game starts: the folder must
//!   exist (it is never created, except the default data folder by [`Store::open_default`]),
//!   and the file must be writable (a write is made at open).
//! - The database runs in WAL mode with a busy timeout, and every update is one
//!   `BEGIN IMMEDIATE` transaction, so many writers (threads or processes) lose nothing.
//! - The schema is versioned with `PRAGMA user_version` and migrated at open.
//! - A JSON high-score table of the old format ([`blender::HighScores`]) is imported once
//!   ([`Store::import_json`]); the import is remembered, the file is left in place.
//!
//! - Learned words (the reversed role's guesser's, [`learned`]) live in their own table.
//!
//! Escaping names for display is the caller's job: the store keeps them as given.

pub mod learned;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use serde::Serialize;

/// How many Blender scores [`Store::blender_top`] lists by default (the old table's size).
pub const KEEP: usize = blender::KEEP;

/// The schema version this build writes.
const SCHEMA_VERSION: i64 = 1;

/// How long a writer waits for another's transaction before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest player name kept (longer names are cut, at a character boundary).
pub const MAX_NAME: usize = 40;

/// Why the store could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The folder the file should be in does not exist (it is not created).
    #[error("scores store {path}: the folder {folder} does not exist (create it first)")]
    NoFolder {
        /// The store's path.
        path: PathBuf,
        /// Its missing folder.
        folder: PathBuf,
    },
    /// The path names a folder or another non-file.
    #[error("scores store {path}: is not a regular file")]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// SQLite failed (cannot open, not a database, read-only, ...).
    #[error("scores store {path}: {source}")]
    Sqlite {
        /// The store's path.
        path: PathBuf,
        /// The underlying error.
        source: rusqlite::Error,
    },
    /// The file was written by a newer version with a schema this one does not know.
    #[error(
        "scores store {path}: schema version {found} is newer than this program's {SCHEMA_VERSION}"
    )]
    TooNew {
        /// The store's path.
        path: PathBuf,
        /// The version found.
        found: i64,
    },
    /// A JSON high-score file to import could not be read.
    #[error(transparent)]
    Import(#[from] blender::ScoresError),
    /// No user data folder for the default store.
    #[error("no data folder for the scores store on this system")]
    NoDataDir,
    /// Creating the default data folder failed.
    #[error("cannot create the data folder {path}: {source}")]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

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

/// A daily puzzle played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyResult {
    /// The game (`blender`).
    pub game: String,
    /// The puzzle's date, `YYYY-MM-DD`.
    pub date: String,
    /// The puzzle's number (days since the first puzzle).
    pub puzzle: u32,
    /// Who played.
    pub player: String,
    /// Whether it counts as won (for Blender: a six-letter word found).
    pub won: bool,
    /// Points scored.
    pub score: u32,
    /// The spoiler-free result line.
    pub share: String,
}

/// Statistics of one player's daily puzzles, as the Wordle family shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DailyStats {
    /// Puzzles played.
    pub played: u32,
    /// Puzzles won.
    pub won: u32,
    /// Consecutive days won, ending on the last puzzle played if that was `today` or the day
    /// before (else 0).
    pub current_streak: u32,
    /// The longest run of consecutive days won.
    pub max_streak: u32,
    /// The best score on a daily puzzle.
    pub best_score: u32,
}

/// Hangman wins and losses of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
}

/// The scores store: one SQLite connection (callers share it; SQLite itself serializes
/// writers across connections and processes).
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    conn: Mutex<Connection>,
}

/// The default store: `<data dir>/wordplay/scores.sqlite3` (e.g.
/// `~/.local/share/wordplay/scores.sqlite3` on Linux).
///
/// # Errors
///
/// [`StoreError::NoDataDir`] if the system has no user data folder.
pub fn default_path() -> Result<PathBuf, StoreError> {
    dirs::data_dir()
        .map(|d| d.join("wordplay").join("scores.sqlite3"))
        .ok_or(StoreError::NoDataDir)
}

fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `name` trimmed and cut to [`MAX_NAME`] characters; empty becomes `player`.
pub fn clean_name(name: &str) -> String {
    let name: String = name.trim().chars().take(MAX_NAME).collect();
    if name.is_empty() {
        "player".to_string()
    } else {
        name
    }
}

impl Store {
    /// Opens (creating if missing) the store at `path`, migrates its schema and makes a
    /// write, so a store that cannot be written fails here, before any game.
    ///
    /// # Errors
    ///
    /// [`StoreError::NoFolder`] if the folder does not exist, [`StoreError::NotAFile`] for
    /// a folder or device, [`StoreError::TooNew`] for a newer schema, [`StoreError::Sqlite`]
    /// if SQLite cannot open or write it.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if !folder.is_dir() {
            return Err(StoreError::NoFolder {
                path: path.to_path_buf(),
                folder: folder.to_path_buf(),
            });
        }
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(StoreError::NotAFile {
                path: path.to_path_buf(),
            });
        }
        let sql = |source| StoreError::Sqlite {
            path: path.to_path_buf(),
            source,
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(sql)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(sql)?;
        if conn.is_readonly(rusqlite::MAIN_DB).map_err(sql)? {
            return Err(sql(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
                Some("the file is read-only".to_string()),
            )));
        }
        // WAL: readers never wait for the writer; the mode is kept in the file.
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |_| Ok(()))
            .map_err(sql)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(sql)?;
        let mut store = Store {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
        };
        store.migrate()?;
        Ok(store)
    }

    /// Opens the default store ([`default_path`]), creating the data folder if needed (the
    /// only folder ever created), and imports into it, once, the JSON high-score table
    /// earlier versions kept in the default place ([`blender::default_path`]; nothing if
    /// there is none). Both front ends open it so, and old scores show wherever the player
    /// looks first. A table that cannot be imported must not keep the games from starting:
    /// that error comes back beside the store, for the front end to show as a warning.
    ///
    /// # Errors
    ///
    /// Those of [`default_path`] and [`Store::open`], or [`StoreError::CreateFolder`].
    pub fn open_default() -> Result<(Store, Option<StoreError>), StoreError> {
        let path = default_path()?;
        let folder = path.parent().expect("a file in a folder");
        std::fs::create_dir_all(folder).map_err(|source| StoreError::CreateFolder {
            path: folder.to_path_buf(),
            source,
        })?;
        let store = Store::open(&path)?;
        let import = blender::default_path()
            .map_err(StoreError::from)
            .and_then(|old| store.import_json(&old))
            .err();
        Ok((store, import))
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn sql(&self, source: rusqlite::Error) -> StoreError {
        StoreError::Sqlite {
            path: self.path.clone(),
            source,
        }
    }

    /// Runs `f` in one `BEGIN IMMEDIATE` transaction (the write lock taken at the start,
    /// so concurrent writers queue on the busy timeout instead of failing on upgrade).
    fn write<T>(
        &self,
        f: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.sql(e))?;
        let value = f(&tx).map_err(|e| self.sql(e))?;
        tx.commit().map_err(|e| self.sql(e))?;
        Ok(value)
    }

    fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, StoreError> {
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        f(&conn).map_err(|e| self.sql(e))
    }

    /// Brings the schema to [`SCHEMA_VERSION`] and records the open (the write check).
    fn migrate(&mut self) -> Result<(), StoreError> {
        let path = self.path.clone();
        let found = self.write(|tx| {
            let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
            if version > SCHEMA_VERSION {
                return Ok(Some(version));
            }
            if version < 1 {
                tx.execute_batch(
                    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                     CREATE TABLE IF NOT EXISTS blender_scores (
                         id INTEGER PRIMARY KEY,
                         name TEXT NOT NULL,
                         score INTEGER NOT NULL,
                         rounds INTEGER NOT NULL,
                         at INTEGER NOT NULL,
                         daily TEXT);
                     CREATE INDEX IF NOT EXISTS blender_scores_rank
                         ON blender_scores (score DESC, at, id);
                     CREATE TABLE IF NOT EXISTS daily_results (
                         game TEXT NOT NULL,
                         date TEXT NOT NULL,
                         puzzle INTEGER NOT NULL,
                         player TEXT NOT NULL,
                         won INTEGER NOT NULL,
                         score INTEGER NOT NULL,
                         share TEXT NOT NULL,
                         at INTEGER NOT NULL,
                         PRIMARY KEY (game, player, date));
                     CREATE TABLE IF NOT EXISTS hangman_results (
                         id INTEGER PRIMARY KEY,
                         player TEXT NOT NULL,
                         referee TEXT NOT NULL,
                         won INTEGER NOT NULL,
                         at INTEGER NOT NULL);
                     CREATE INDEX IF NOT EXISTS hangman_results_player
                         ON hangman_results (player);
                     CREATE TABLE IF NOT EXISTS imports (
                         path TEXT PRIMARY KEY,
                         entries INTEGER NOT NULL,
                         at INTEGER NOT NULL);",
                )?;
                tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
            }
            tx.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_open', ?1)",
                params![now_secs().to_string()],
            )?;
            Ok(None)
        })?;
        match found {
            Some(found) => Err(StoreError::TooNew { path, found }),
            None => Ok(()),
        }
    }

    /// Adds a finished Blender game (name cleaned by [`clean_name`]; `when` = now) and
    /// returns its rank and the new top [`KEEP`].
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn add_blender(
        &self,
        name: &str,
        score: u32,
        rounds: u32,
        daily: Option<&str>,
    ) -> Result<Added, StoreError> {
        let name = clean_name(name);
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

    /// Records a daily puzzle; only a player's first result for a date counts. Returns
    /// whether this one was recorded.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn record_daily(&self, result: &DailyResult) -> Result<bool, StoreError> {
        let player = clean_name(&result.player);
        self.write(|tx| {
            let n = tx.execute(
                "INSERT OR IGNORE INTO daily_results
                     (game, date, puzzle, player, won, score, share, at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    result.game,
                    result.date,
                    result.puzzle,
                    player,
                    result.won,
                    result.score,
                    result.share,
                    now_secs() as i64
                ],
            )?;
            Ok(n == 1)
        })
    }

    /// A player's daily result for `date`, if they played it.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn daily_result(
        &self,
        game: &str,
        player: &str,
        date: &str,
    ) -> Result<Option<DailyResult>, StoreError> {
        let player = clean_name(player);
        self.read(|c| {
            c.query_row(
                "SELECT puzzle, won, score, share FROM daily_results
                 WHERE game = ?1 AND player = ?2 AND date = ?3",
                params![game, player, date],
                |r| {
                    Ok(DailyResult {
                        game: game.to_string(),
                        date: date.to_string(),
                        puzzle: r.get(0)?,
                        player: player.clone(),
                        won: r.get(1)?,
                        score: r.get(2)?,
                        share: r.get(3)?,
                    })
                },
            )
            .optional()
        })
    }

    /// A player's daily statistics and streaks, as of `today` (`YYYY-MM-DD`).
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn daily_stats(
        &self,
        game: &str,
        player: &str,
        today: &str,
    ) -> Result<DailyStats, StoreError> {
        let player = clean_name(player);
        let rows: Vec<(String, bool, u32)> = self.read(|c| {
            let mut stmt = c.prepare_cached(
                "SELECT date, won, score FROM daily_results
                 WHERE game = ?1 AND player = ?2 ORDER BY date",
            )?;
            let rows = stmt.query_map(params![game, player], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?;
            rows.collect()
        })?;
        Ok(streaks(&rows, today))
    }

    /// Records a hangman game's result for `player` against `referee`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn record_hangman(&self, player: &str, referee: &str, won: bool) -> Result<(), StoreError> {
        let player = clean_name(player);
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
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn hangman_tally(&self, player: &str) -> Result<Tally, StoreError> {
        let player = clean_name(player);
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

    /// Imports a JSON high-score table of the old format once: returns the number of entries
    /// imported, or `None` if this file (by its canonical path) was imported before. A
    /// missing file imports nothing and is not remembered. The file is left in place.
    ///
    /// # Errors
    ///
    /// [`StoreError::Import`] if the file is not a table or cannot be read,
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn import_json(&self, json: &Path) -> Result<Option<usize>, StoreError> {
        if !json.exists() {
            return Ok(Some(0));
        }
        let key = std::fs::canonicalize(json)
            .unwrap_or_else(|_| json.to_path_buf())
            .display()
            .to_string();
        let table = blender::HighScores::load(json)?;
        self.write(|tx| {
            let done: Option<i64> = tx
                .query_row("SELECT 1 FROM imports WHERE path = ?1", params![key], |r| {
                    r.get(0)
                })
                .optional()?;
            if done.is_some() {
                return Ok(None);
            }
            for e in &table.entries {
                let daily = e.other.get("daily").and_then(|d| d.as_str());
                tx.execute(
                    "INSERT INTO blender_scores (name, score, rounds, at, daily) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![clean_name(&e.name), e.score, e.rounds, e.when as i64, daily],
                )?;
            }
            tx.execute(
                "INSERT INTO imports (path, entries, at) VALUES (?1, ?2, ?3)",
                params![key, table.entries.len() as i64, now_secs() as i64],
            )?;
            Ok(Some(table.entries.len()))
        })
    }
}

/// Played/won counts and streaks of `rows` (date, won, score; by date), as of `today`.
fn streaks(rows: &[(String, bool, u32)], today: &str) -> DailyStats {
    let mut stats = DailyStats::default();
    let mut run = 0u32;
    let mut last_won: Option<jiff::civil::Date> = None;
    for (date, won, score) in rows {
        stats.played += 1;
        stats.best_score = stats.best_score.max(*score);
        let Ok(date) = date.parse::<jiff::civil::Date>() else {
            continue;
        };
        if *won {
            stats.won += 1;
            run = match last_won {
                Some(prev) if prev.tomorrow().ok() == Some(date) => run + 1,
                _ => 1,
            };
            last_won = Some(date);
            stats.max_streak = stats.max_streak.max(run);
        } else {
            run = 0;
            last_won = None;
        }
    }
    let alive = match (last_won, today.parse::<jiff::civil::Date>()) {
        (Some(last), Ok(today)) => last == today || last.tomorrow().ok() == Some(today),
        _ => false,
    };
    stats.current_streak = if alive { run } else { 0 };
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(date: &str, won: bool) -> (String, bool, u32) {
        (date.to_string(), won, 10)
    }

    #[test]
    fn streaks_count_consecutive_won_days() {
        let rows = [
            row("2026-01-01", true),
            row("2026-01-02", true),
            row("2026-01-03", true),
            row("2026-01-05", true),
            row("2026-01-06", true),
        ];
        let s = streaks(&rows, "2026-01-07");
        assert_eq!(
            (s.played, s.won, s.max_streak, s.current_streak),
            (5, 5, 3, 2)
        );
        assert_eq!(streaks(&rows, "2026-01-08").current_streak, 0);
    }

    #[test]
    fn a_loss_breaks_the_streak() {
        let rows = [
            row("2026-01-01", true),
            row("2026-01-02", false),
            row("2026-01-03", true),
        ];
        let s = streaks(&rows, "2026-01-03");
        assert_eq!(
            (s.played, s.won, s.max_streak, s.current_streak),
            (3, 2, 1, 1)
        );
    }

    #[test]
    fn names_are_trimmed_and_cut_not_escaped() {
        assert_eq!(clean_name("  <b>x</b> "), "<b>x</b>");
        assert_eq!(clean_name("   "), "player");
        assert_eq!(clean_name(&"é".repeat(100)).chars().count(), MAX_NAME);
    }
}
