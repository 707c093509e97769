//! Opening the store: where it is, the checks made before any game, the schema's
//! migrations, and the one connection every table's code writes and reads through.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};

use crate::names::NameError;

/// The schema version this build writes.
const SCHEMA_VERSION: i64 = 2;

/// How long a writer waits for another's transaction before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// Puts the file in WAL mode. The conversion needs the file to itself and SQLite does not
/// run the busy handler for it, so processes opening a new file at once (eight games ending
/// together) could fail with "database is locked" despite [`BUSY_TIMEOUT`]. The mode is
/// kept in the file: once it is WAL nothing is converted, and a busy conversion is retried
/// until the timeout.
fn use_wal(conn: &Connection) -> rusqlite::Result<()> {
    let start = std::time::Instant::now();
    loop {
        let converted = conn
            .pragma_query_value(None, "journal_mode", |r| r.get::<_, String>(0))
            .and_then(|mode| match mode.eq_ignore_ascii_case("wal") {
                true => Ok(()),
                // A file system without WAL keeps its rollback journal (Ok, not WAL).
                false => conn.pragma_update_and_check(None, "journal_mode", "WAL", |_| Ok(())),
            });
        match converted {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::DatabaseBusy
                    && start.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

/// The store's file name in the data folder.
pub const FILE_NAME: &str = "scores.sqlite3";

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
    /// A name that no table may show.
    #[error("{0}")]
    Name(#[from] NameError),
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

/// The store: one SQLite connection (callers share it; SQLite itself serializes writers
/// across connections and processes), and for a server a second one that moves the log
/// into the file ([`Store::checkpoint_apart`]).
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    conn: Mutex<Connection>,
    checkpointer: Mutex<Option<Connection>>,
}

/// The default store: `<data dir>/wordplay/scores.sqlite3` (e.g.
/// `~/.local/share/wordplay/scores.sqlite3` on Linux).
///
/// # Errors
///
/// [`StoreError::NoDataDir`] if the system has no user data folder.
pub fn default_path() -> Result<PathBuf, StoreError> {
    dirs::data_dir()
        .map(|d| d.join("wordplay").join(FILE_NAME))
        .ok_or(StoreError::NoDataDir)
}

/// Opens the store both front ends use: the file `path` (its folder must exist), or
/// without one the default store ([`default_path`]), creating its data folder if needed.
///
/// # Errors
///
/// Those of [`default_path`] and [`Store::open`], or [`StoreError::CreateFolder`].
pub fn open(path: Option<&Path>) -> Result<Store, StoreError> {
    match path {
        Some(path) => Store::open(path),
        None => {
            let path = default_path()?;
            let folder = path.parent().expect("a file in a folder");
            std::fs::create_dir_all(folder).map_err(|source| StoreError::CreateFolder {
                path: folder.to_path_buf(),
                source,
            })?;
            Store::open(&path)
        }
    }
}

pub(crate) fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
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
        use_wal(&conn).map_err(sql)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(sql)?;
        let mut store = Store {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
            checkpointer: Mutex::new(None),
        };
        store.migrate()?;
        Ok(store)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Takes the moving of the write-ahead log into the database file off this store's
    /// writes, for a server that writes on every request: SQLite does it in the write that
    /// fills the log past a thousand pages, and that write then waits for the disk (an
    /// `fsync`: tens of milliseconds on a busy disk, and every other write queues behind
    /// it). From now on no write of this store does it; [`Store::checkpoint`] does, on a
    /// connection of its own, while writes go on. Call that every few seconds.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the second connection cannot be opened.
    pub fn checkpoint_apart(&self) -> Result<(), StoreError> {
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| self.sql(e))?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(|e| self.sql(e))?;
        self.conn
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(|e| self.sql(e))?;
        *self.checkpointer.lock().unwrap_or_else(|e| e.into_inner()) = Some(conn);
        Ok(())
    }

    /// Moves what the write-ahead log holds into the database file, without stopping
    /// readers or writers (a passive checkpoint): on the connection of
    /// [`Store::checkpoint_apart`] when there is one, else on the store's.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the checkpoint fails.
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        let run = |c: &Connection| c.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        let apart = self.checkpointer.lock().unwrap_or_else(|e| e.into_inner());
        match apart.as_ref() {
            Some(conn) => run(conn),
            None => run(&self.conn.lock().unwrap_or_else(|e| e.into_inner())),
        }
        .map_err(|e| self.sql(e))
    }

    fn sql(&self, source: rusqlite::Error) -> StoreError {
        StoreError::Sqlite {
            path: self.path.clone(),
            source,
        }
    }

    /// Runs `f` in one `BEGIN IMMEDIATE` transaction (the write lock taken at the start,
    /// so concurrent writers queue on the busy timeout instead of failing on upgrade).
    pub(crate) fn write<T>(
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

    pub(crate) fn read<T>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        f(&conn).map_err(|e| self.sql(e))
    }

    /// Brings the schema to [`SCHEMA_VERSION`] and records the open (the write check).
    /// Every step adds only what is missing.
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
                         ON hangman_results (player);",
                )?;
            }
            if version < 2 {
                // Version 2: a daily attempt is recorded when it starts (`finished` 0 until
                // its end; results of version 1 were all recorded finished), and the web
                // server's games in progress are kept here. The table of imported JSON
                // high scores of version 1 is gone with the import.
                let has_finished: bool = tx
                    .prepare(
                        "SELECT 1 FROM pragma_table_info('daily_results') WHERE name = 'finished'",
                    )?
                    .exists([])?;
                if !has_finished {
                    tx.execute_batch(
                        "ALTER TABLE daily_results ADD COLUMN finished INTEGER NOT NULL DEFAULT 1;",
                    )?;
                }
                tx.execute_batch(
                    "DROP TABLE IF EXISTS imports;
                     CREATE TABLE IF NOT EXISTS games (
                         kind TEXT NOT NULL,
                         id TEXT NOT NULL,
                         state TEXT NOT NULL,
                         updated INTEGER NOT NULL,
                         pending INTEGER NOT NULL DEFAULT 0,
                         PRIMARY KEY (kind, id));
                     CREATE INDEX IF NOT EXISTS games_by_age ON games (kind, updated);
                     CREATE INDEX IF NOT EXISTS games_pending ON games (kind) WHERE pending = 1;",
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
}
