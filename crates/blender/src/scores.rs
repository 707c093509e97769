//! The high-score table, kept as JSON, written atomically, never silently lost.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// How many entries the table keeps.
pub const KEEP: usize = 10;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreEntry {
    /// The player's name.
    pub name: String,
    /// Final score.
    pub score: u32,
    /// Rounds won (with a six-letter word).
    pub rounds: u32,
    /// When the game ended, in seconds since the Unix epoch.
    pub when: u64,
}

/// The best games, highest score first (earlier games first among equal scores).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighScores {
    /// The entries, at most [`KEEP`].
    pub entries: Vec<ScoreEntry>,
}

/// Why the high-score file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ScoresError {
    /// Reading, writing or renaming failed.
    #[error("high scores {path}: {action}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What was being done.
        action: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
    /// No user data directory to keep the default high-score file in.
    #[error("no data directory for high scores on this system")]
    NoDataDir,
}

/// The result of loading: the table and, if the file was unreadable as JSON, where the bad
/// file was moved.
#[derive(Debug)]
pub struct Loaded {
    /// The table (empty if the file was missing or corrupt).
    pub scores: HighScores,
    /// Set when the file was corrupt: the path it was renamed to.
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
    /// Loads the table. A missing file is an empty table; a file that is not a valid table
    /// is renamed to `<file>.corrupt-<unix seconds>` (so nothing is lost) and reported in
    /// [`Loaded::set_aside`].
    ///
    /// # Errors
    ///
    /// [`ScoresError::Io`] if the file exists but cannot be read, or a corrupt file cannot be
    /// renamed aside.
    pub fn load(path: &Path) -> Result<Loaded, ScoresError> {
        let text = match std::fs::read(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Loaded {
                    scores: HighScores::default(),
                    set_aside: None,
                });
            }
            Err(source) => {
                return Err(ScoresError::Io {
                    path: path.to_path_buf(),
                    action: "cannot read",
                    source,
                });
            }
        };
        match serde_json::from_slice::<HighScores>(&text) {
            Ok(mut scores) => {
                scores.normalize();
                Ok(Loaded {
                    scores,
                    set_aside: None,
                })
            }
            Err(_) => {
                let aside = aside_name(path);
                std::fs::rename(path, &aside).map_err(|source| ScoresError::Io {
                    path: path.to_path_buf(),
                    action: "corrupt file cannot be renamed aside",
                    source,
                })?;
                Ok(Loaded {
                    scores: HighScores::default(),
                    set_aside: Some(aside),
                })
            }
        }
    }

    /// Writes the table atomically: to a temporary file in the same directory, then renamed
    /// over `path`, so a crash leaves either the old or the new table. Creates the directory.
    ///
    /// # Errors
    ///
    /// [`ScoresError::Io`] if the directory, the temporary file or the rename fails; the old
    /// table is then left as it was.
    pub fn save(&self, path: &Path) -> Result<(), ScoresError> {
        let io = |action, source| ScoresError::Io {
            path: path.to_path_buf(),
            action,
            source,
        };
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| io("cannot create its directory", e))?;
        let name = path
            .file_name()
            .map_or("scores".into(), |n| n.to_string_lossy());
        let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let json = serde_json::to_vec_pretty(self).expect("scores serialize");
        std::fs::write(&tmp, json).map_err(|e| io("cannot write a temporary file", e))?;
        std::fs::rename(&tmp, path).map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io("cannot replace the file", e)
        })
    }

    /// Adds a game; returns its 1-based rank if it made the table.
    pub fn add(&mut self, entry: ScoreEntry) -> Option<usize> {
        let rank = self
            .entries
            .iter()
            .position(|e| e.score < entry.score)
            .unwrap_or(self.entries.len());
        if rank >= KEEP {
            return None;
        }
        self.entries.insert(rank, entry);
        self.entries.truncate(KEEP);
        Some(rank + 1)
    }

    fn normalize(&mut self) {
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.score));
        self.entries.truncate(KEEP);
    }
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
mod tests {
    use super::*;

    fn entry(score: u32) -> ScoreEntry {
        ScoreEntry {
            name: "p".into(),
            score,
            rounds: 1,
            when: 0,
        }
    }

    #[test]
    fn save_load_round_trip_and_ranking() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("scores.json");
        let loaded = HighScores::load(&path).unwrap();
        assert!(loaded.scores.entries.is_empty() && loaded.set_aside.is_none());
        let mut s = loaded.scores;
        assert_eq!(s.add(entry(50)), Some(1));
        assert_eq!(s.add(entry(70)), Some(1));
        assert_eq!(s.add(entry(60)), Some(2));
        assert_eq!(s.add(entry(60)), Some(3), "ties rank after earlier games");
        for _ in 0..KEEP {
            s.add(entry(100));
        }
        assert_eq!(s.add(entry(1)), None);
        assert_eq!(s.entries.len(), KEEP);
        s.save(&path).unwrap();
        assert_eq!(HighScores::load(&path).unwrap().scores, s);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["scores.json"]);
    }

    #[test]
    fn corrupt_file_is_set_aside_not_lost() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("scores.json");
        std::fs::write(&path, "{ not json").unwrap();
        let loaded = HighScores::load(&path).unwrap();
        assert!(loaded.scores.entries.is_empty());
        let aside = loaded.set_aside.expect("reported");
        assert!(!path.exists());
        assert_eq!(std::fs::read_to_string(aside).unwrap(), "{ not json");
    }
}
