//! Learned words: words players named at the end of a reversed game that the computer did
//! not know (`BLOG: a word I did not know`). The reversed role's guesser (`player`) knows them
//! from the next game on, in the terminal and on the server alike, since both open this
//! store.
//!
//! A word is kept once (lowercase `a`–`z`, at most [`MAX_LEARNED_LENGTH`] letters); at most
//! [`MAX_LEARNED`] are kept, the least recently named dropped first, so the table stays
//! small whatever players type.

use rusqlite::params;

use crate::{Store, StoreError, now_secs};

/// The most words kept.
pub const MAX_LEARNED: usize = 10_000;

/// The longest word kept (the engine plays words of at most 28 letters; a word people think
/// of is far shorter).
pub const MAX_LEARNED_LENGTH: usize = 28;

/// Creates the table if it is missing: on the first word learned, so the store's schema
/// and its migrations need not know this file.
fn create(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS learned_words (
             word TEXT PRIMARY KEY,
             at INTEGER NOT NULL,
             times INTEGER NOT NULL DEFAULT 1);",
    )
}

/// Why a word cannot be learned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotLearnable {
    /// Empty, or longer than [`MAX_LEARNED_LENGTH`].
    #[error("{0:?} is not a word of 1 to {MAX_LEARNED_LENGTH} letters")]
    Length(String),
    /// A character other than `a`–`z` (after lowercasing).
    #[error("{0:?} has characters other than the letters a-z")]
    Letters(String),
}

/// `word` lowercased if it may be learned.
///
/// # Errors
///
/// [`NotLearnable`] says why not.
pub fn learnable(word: &str) -> Result<String, NotLearnable> {
    let word = word.trim().to_ascii_lowercase();
    if word.is_empty() || word.len() > MAX_LEARNED_LENGTH {
        return Err(NotLearnable::Length(word));
    }
    if !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(NotLearnable::Letters(word));
    }
    Ok(word)
}

impl Store {
    /// Learns `word` (any case; see [`learnable`]): kept, or named once more; beyond
    /// [`MAX_LEARNED`] words the least recently named is dropped. Returns the word as kept
    /// (lowercase), or `None` if it is not learnable.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the write fails.
    pub fn learn_word(&self, word: &str) -> Result<Option<String>, StoreError> {
        let Ok(word) = learnable(word) else {
            return Ok(None);
        };
        let at = now_secs() as i64;
        self.write(|tx| {
            create(tx)?;
            tx.execute(
                "INSERT INTO learned_words (word, at) VALUES (?1, ?2)
                 ON CONFLICT (word) DO UPDATE SET at = ?2, times = times + 1",
                params![word, at],
            )?;
            tx.execute(
                "DELETE FROM learned_words WHERE word NOT IN
                     (SELECT word FROM learned_words ORDER BY at DESC, word LIMIT ?1)",
                params![MAX_LEARNED as i64],
            )?;
            Ok(())
        })?;
        Ok(Some(word))
    }

    /// Every learned word, alphabetically (none before the first is learned).
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the read fails.
    pub fn learned_words(&self) -> Result<Vec<String>, StoreError> {
        self.read(|c| {
            let exists: i64 = c.query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'learned_words'",
                [],
                |r| r.get(0),
            )?;
            if exists == 0 {
                return Ok(Vec::new());
            }
            let mut stmt = c.prepare_cached("SELECT word FROM learned_words ORDER BY word")?;
            let rows = stmt.query_map([], |r| r.get(0))?;
            rows.collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.sqlite3")).unwrap();
        (dir, store)
    }

    #[test]
    fn words_are_kept_once_lowercase_and_survive_a_reopen() {
        let (dir, store) = store();
        assert_eq!(store.learn_word(" Blog ").unwrap().as_deref(), Some("blog"));
        assert_eq!(store.learn_word("blog").unwrap().as_deref(), Some("blog"));
        assert_eq!(store.learn_word("vlog").unwrap().as_deref(), Some("vlog"));
        drop(store);
        let again = Store::open(&dir.path().join("s.sqlite3")).unwrap();
        assert_eq!(again.learned_words().unwrap(), ["blog", "vlog"]);
    }

    #[test]
    fn bad_words_are_not_learned() {
        let (_dir, store) = store();
        for bad in [
            "",
            "   ",
            "it's",
            "café",
            "two words",
            "x1",
            &"a".repeat(29),
        ] {
            assert_eq!(store.learn_word(bad).unwrap(), None, "{bad:?}");
        }
        assert!(store.learned_words().unwrap().is_empty());
        assert_eq!(learnable(&"a".repeat(28)).unwrap().len(), 28);
        assert!(matches!(learnable("it's"), Err(NotLearnable::Letters(_))));
    }

    #[test]
    fn the_table_is_bounded_dropping_the_least_recent() {
        let (_dir, store) = store();
        store.learn_word("first").unwrap();
        // Fill to the bound with distinct words, oldest first.
        store
            .write(|tx| {
                tx.execute("DELETE FROM learned_words", [])?;
                for i in 0..MAX_LEARNED {
                    let word: String = format!("{i:05}")
                        .bytes()
                        .map(|d| (b'a' + (d - b'0')) as char)
                        .collect();
                    tx.execute(
                        "INSERT INTO learned_words (word, at) VALUES (?1, ?2)",
                        params![word, i as i64],
                    )?;
                }
                Ok(())
            })
            .unwrap();
        store.learn_word("newest").unwrap();
        let words = store.learned_words().unwrap();
        assert_eq!(words.len(), MAX_LEARNED);
        assert!(words.contains(&"newest".to_string()));
        assert!(
            !words.contains(&"aaaaa".to_string()),
            "the oldest is dropped"
        );
    }
}
