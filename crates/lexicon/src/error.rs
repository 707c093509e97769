//! Errors of word-list loading.

use std::path::PathBuf;

/// Why a word list could not be loaded. Every variant names the source, and the line where
/// a line is to blame, so the message alone tells the user what to fix.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    /// The file could not be opened or read.
    #[error("cannot read word list {path}")]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The path names a directory.
    #[error("word list {path} is a directory, not a file")]
    IsDirectory {
        /// The path as given.
        path: PathBuf,
    },
    /// The file is larger than [`crate::MAX_FILE_BYTES`] (or an endless stream).
    #[error("word list {path} is larger than {limit_mib} MiB, the most a word list may hold")]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// The limit in MiB.
        limit_mib: u64,
    },
    /// A line is longer than [`crate::MAX_LINE_BYTES`]: the file is not a word list.
    #[error(
        "word list {path}:{line}: the line is longer than {limit} bytes; a word list has one word (at most {max} letters) per line",
        max = crate::limits::MAX_WORD_LEN
    )]
    LineTooLong {
        /// The path as given.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// The bytes are not UTF-8.
    #[error(
        "word list {source_name}:{line}: invalid UTF-8 (byte 0x{byte:02x}); word lists must be UTF-8 text"
    )]
    NotUtf8 {
        /// File name (or `<embedded>`).
        source_name: String,
        /// 1-based line number.
        line: usize,
        /// The first offending byte.
        byte: u8,
    },
    /// A line is not a word of letters a–z.
    #[error("word list {source_name}:{line}: {word:?} {problem}; words must be letters a-z only")]
    InvalidWord {
        /// File name (or `<embedded>`).
        source_name: String,
        /// 1-based line number.
        line: usize,
        /// The line, trimmed (its first 40 characters and `…` if longer).
        word: String,
        /// What is wrong with it.
        problem: String,
    },
    /// No words at all (after skipping blank and invalid lines).
    #[error("word list {source_name} has no words{detail}")]
    Empty {
        /// File name (or `<embedded>`).
        source_name: String,
        /// Extra detail, e.g. how many lines were skipped.
        detail: String,
    },
}
