//! The high-score table of earlier versions: a JSON file, read once (by `wordplay-scores`)
//! to import its entries into the SQLite store both programs now keep scores in. Nothing
//! here writes it any more.
//!
//! A path that is not a regular file (a device, a FIFO, a directory) is an error before it
//! is opened (opening a FIFO would wait for a writer), and fields the program does not know
//! are kept in [`HighScores::other`] and [`ScoreEntry::other`] (the import reads `daily`).

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How many entries the table keeps.
pub const KEEP: usize = 10;

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
    /// Looking at, opening or reading the file failed.
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
        let target = path.to_path_buf();
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

    /// The table in `bytes`; an empty file is an empty table.
    fn parse(bytes: &[u8]) -> Result<HighScores, String> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(HighScores::default());
        }
        let mut scores: HighScores = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        scores.normalize();
        Ok(scores)
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

#[cfg(test)]
mod tests;
