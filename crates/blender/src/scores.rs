//! The high-score table: a JSON file that no game loses an entry of.
//!
//! Every update ([`HighScores::record`]) holds an exclusive lock on the file (the standard
//! library's `File::lock`, `flock` on Unix) while it reads the table, adds the game and
//! writes the result, so games that end at the same time all keep their entries. The new
//! table is written to a temporary file beside the old one and renamed over it, so a crash
//! leaves the old table or the new one, never half of one; the temporary file is removed if
//! anything fails. A symbolic link is written through (its target is replaced, the link
//! stays), a path that is not a regular file (a device, a FIFO, a directory) is an error
//! before anything is opened for writing or moved, and fields the program does not know are
//! kept as they were.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How many entries the table keeps.
pub const KEEP: usize = 10;

/// How many symbolic links are followed before giving up (as the kernel's `ELOOP`).
const MAX_LINKS: usize = 40;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreEntry {
    /// The player's name.
    pub name: String,
    /// Final score.
    pub score: u32,
    /// Rounds won (with a six-letter word).
    pub rounds: u32,
    /// When the game ended, in seconds since the Unix epoch.
    pub when: u64,
    /// Fields this version does not know (written by a newer one): kept as they were.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl ScoreEntry {
    /// An entry with no other fields.
    pub fn new(name: impl Into<String>, score: u32, rounds: u32, when: u64) -> ScoreEntry {
        ScoreEntry {
            name: name.into(),
            score,
            rounds,
            when,
            other: Map::new(),
        }
    }
}

/// The best games, highest score first (earlier games first among equal scores).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HighScores {
    /// The entries, at most [`KEEP`].
    pub entries: Vec<ScoreEntry>,
    /// Fields this version does not know: kept as they were.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// Why the high-score file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ScoresError {
    /// Reading, writing, locking or renaming failed.
    #[error("high scores {path}: {action}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What was being done.
        action: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The path names something other than a regular file.
    #[error("high scores {path}: is {kind}, not a regular file; nothing was changed")]
    NotAFile {
        /// The path (after following symbolic links).
        path: PathBuf,
        /// What it is ("a directory", "a FIFO", "a character device", ...).
        kind: &'static str,
    },
    /// The file holds something that is not a high-score table.
    #[error("high scores {path}: not a high-score table ({detail})")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        detail: String,
    },
    /// No user data directory to keep the default high-score file in.
    #[error("no data directory for high scores on this system")]
    NoDataDir,
}

/// The result of [`HighScores::record`].
#[derive(Debug)]
pub struct Recorded {
    /// The table as written.
    pub scores: HighScores,
    /// The new entry's 1-based rank, if it made the table.
    pub rank: Option<usize>,
    /// Set when the file did not hold a table: where it was moved so nothing is lost.
    pub set_aside: Option<PathBuf>,
}

/// The default location: `<data dir>/wordplay/blender-scores.json` (e.g.
/// `~/.local/share/wordplay/blender-scores.json` on Linux).
///
/// # Errors
///
/// [`ScoresError::NoDataDir`] if the system has no user data directory.
pub fn default_path() -> Result<PathBuf, ScoresError> {
    dirs::data_dir()
        .map(|d| d.join("wordplay").join("blender-scores.json"))
        .ok_or(ScoresError::NoDataDir)
}

impl HighScores {
    /// Reads the table without changing anything: a missing file is an empty table; a path
    /// that is not a regular file, or a file that is not a table, is an error.
    ///
    /// # Errors
    ///
    /// [`ScoresError::NotAFile`], [`ScoresError::Corrupt`], or [`ScoresError::Io`] if the
    /// file cannot be opened or read.
    pub fn load(path: &Path) -> Result<HighScores, ScoresError> {
        let target = resolve(path)?;
        if !check_kind(&target)? {
            return Ok(HighScores::default());
        }
        let mut file = match File::open(&target) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(HighScores::default());
            }
            Err(e) => return Err(io(&target, "cannot open", e)),
        };
        check_open_kind(&file, &target)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| io(&target, "cannot read", e))?;
        HighScores::parse(&bytes).map_err(|detail| ScoresError::Corrupt {
            path: target,
            detail,
        })
    }

    /// Checks, without changing anything, that `path` can hold a table: it is missing or a
    /// regular file (after following symbolic links). Run before a game so that a bad
    /// `--scores` is reported before anything is played.
    ///
    /// # Errors
    ///
    /// [`ScoresError::NotAFile`], or [`ScoresError::Io`] if the path cannot be examined.
    pub fn check(path: &Path) -> Result<(), ScoresError> {
        check_kind(&resolve(path)?).map(drop)
    }

    /// Adds `entry` to the table in `path` under an exclusive lock, so that games ending at
    /// the same time all keep their entries. Creates the file (and its directory) if needed.
    /// A file that is not a table is renamed to `<file>.corrupt-<unix seconds>` and a new
    /// table started ([`Recorded::set_aside`]).
    ///
    /// # Errors
    ///
    /// [`ScoresError::NotAFile`], or [`ScoresError::Io`] if the directory, the lock, the
    /// copy of a corrupt file or the new table cannot be made; the old table is then left as
    /// it was.
    pub fn record(path: &Path, entry: ScoreEntry) -> Result<Recorded, ScoresError> {
        let target = resolve(path)?;
        check_kind(&target)?;
        let dir = parent(&target);
        std::fs::create_dir_all(dir).map_err(|e| io(&target, "cannot create its directory", e))?;
        let (mut file, bytes) = lock_current(&target)?;
        let (mut scores, set_aside) = match HighScores::parse(&bytes) {
            Ok(scores) => (scores, None),
            Err(_) => {
                // Keep what was there under another name; the table starts afresh.
                let aside = aside_name(&target);
                std::fs::copy(&target, &aside)
                    .map_err(|e| io(&target, "corrupt file cannot be copied aside", e))?;
                (HighScores::default(), Some(aside))
            }
        };
        let rank = scores.add(entry);
        scores.replace(&target, &mut file)?;
        Ok(Recorded {
            scores,
            rank,
            set_aside,
        })
    }

    /// The table in `bytes`; an empty file is an empty table.
    fn parse(bytes: &[u8]) -> Result<HighScores, String> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(HighScores::default());
        }
        let mut scores: HighScores = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        scores.normalize();
        Ok(scores)
    }

    /// Writes the table over `target` (whose lock `locked` holds): a temporary file in the
    /// same directory, with the old file's permissions, flushed to disk and renamed over it.
    fn replace(&self, target: &Path, locked: &mut File) -> Result<(), ScoresError> {
        let dir = parent(target);
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!(
                ".{}.",
                target
                    .file_name()
                    .map_or("scores".into(), |n| n.to_string_lossy())
            ))
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| io(target, "cannot create a temporary file beside it", e))?;
        let json = serde_json::to_vec_pretty(self).expect("scores serialize");
        let written = tmp
            .write_all(&json)
            .and_then(|()| tmp.write_all(b"\n"))
            .and_then(|()| {
                let permissions = locked.metadata()?.permissions();
                tmp.as_file().set_permissions(permissions)
            })
            .and_then(|()| tmp.as_file().sync_all());
        // On error the temporary file is deleted when `tmp` is dropped.
        written.map_err(|e| io(target, "cannot write the new table", e))?;
        tmp.persist(target)
            .map_err(|e| io(target, "cannot replace the file", e.error))?;
        Ok(())
    }

    /// Adds a game; returns its 1-based rank if it made the table.
    pub fn add(&mut self, entry: ScoreEntry) -> Option<usize> {
        let rank = self.rank_of(entry.score)?;
        self.entries.insert(rank - 1, entry);
        self.entries.truncate(KEEP);
        Some(rank)
    }

    /// The rank a game of `score` would take, if it would make the table.
    pub fn rank_of(&self, score: u32) -> Option<usize> {
        let rank = self
            .entries
            .iter()
            .position(|e| e.score < score)
            .unwrap_or(self.entries.len());
        (rank < KEEP).then_some(rank + 1)
    }

    fn normalize(&mut self) {
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.score));
        self.entries.truncate(KEEP);
    }
}

fn io(path: &Path, action: &'static str, source: std::io::Error) -> ScoresError {
    ScoresError::Io {
        path: path.to_path_buf(),
        action,
        source,
    }
}

fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Follows symbolic links to the file they name (which need not exist yet), so that the
/// table is written through a link instead of replacing it.
fn resolve(path: &Path) -> Result<PathBuf, ScoresError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)
                    .map_err(|e| io(&current, "cannot read the symbolic link", e))?;
                current = parent(&current).join(link);
            }
            _ => return Ok(current),
        }
    }
    Err(io(
        path,
        "too many symbolic links",
        std::io::Error::other("a link loop?"),
    ))
}

/// Whether `target` exists; an error if it exists and is not a regular file. Looks at the
/// path only (never opens it: opening a FIFO would wait for a writer).
fn check_kind(target: &Path) -> Result<bool, ScoresError> {
    match std::fs::metadata(target) {
        Ok(meta) if meta.is_file() => Ok(true),
        Ok(meta) => Err(ScoresError::NotAFile {
            path: target.to_path_buf(),
            kind: kind_of(&meta.file_type()),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io(target, "cannot look at", e)),
    }
}

/// The same check on an open file, in case the path changed between look and open.
fn check_open_kind(file: &File, target: &Path) -> Result<(), ScoresError> {
    let meta = file
        .metadata()
        .map_err(|e| io(target, "cannot look at", e))?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(ScoresError::NotAFile {
            path: target.to_path_buf(),
            kind: kind_of(&meta.file_type()),
        })
    }
}

fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Opens `target` (creating it empty if missing), locks it exclusively and reads it. The
/// lock is on the file's inode, and a writer that got there first replaces the inode by
/// renaming: so after locking, the path must still name the locked inode, or it is opened
/// and locked again.
fn lock_current(target: &Path) -> Result<(File, Vec<u8>), ScoresError> {
    loop {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(target)
            .map_err(|e| io(target, "cannot open", e))?;
        check_open_kind(&file, target)?;
        file.lock()
            .map_err(|e| io(target, "cannot lock the file", e))?;
        if !same_file(&file, target)? {
            continue;
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| io(target, "cannot read", e))?;
        return Ok((file, bytes));
    }
}

#[cfg(unix)]
fn same_file(file: &File, target: &Path) -> Result<bool, ScoresError> {
    use std::os::unix::fs::MetadataExt;
    let open = file
        .metadata()
        .map_err(|e| io(target, "cannot look at", e))?;
    match std::fs::metadata(target) {
        Ok(now) => Ok(open.dev() == now.dev() && open.ino() == now.ino()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io(target, "cannot look at", e)),
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, _target: &Path) -> Result<bool, ScoresError> {
    // Without inode numbers, trust the lock (renames over an open file fail on Windows).
    Ok(true)
}

fn aside_name(path: &Path) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".corrupt-{secs}"));
    let mut candidate = PathBuf::from(name.clone());
    let mut n = 1;
    while candidate.exists() {
        let mut other = name.clone();
        other.push(format!("-{n}"));
        candidate = PathBuf::from(other);
        n += 1;
    }
    candidate
}

#[cfg(test)]
mod tests;
