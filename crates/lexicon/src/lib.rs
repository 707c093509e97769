//! Word lists for wordplay.
//!
//! A [`Lexicon`] is built once from a file ([`Lexicon::from_path`]), from text
//! ([`Lexicon::from_text`]) or from the embedded default list ([`Lexicon::embedded`], the
//! Wordnik list of the `wordnik_list` crate). Loading normalizes what is harmless (CRLF line
//! ends, surrounding white space, upper case, duplicates, blank lines) and reports it in a
//! [`LoadReport`]; it rejects what is not a word of letters `a`–`z` with a [`LexiconError`]
//! naming the source, the line and the word, unless [`LoadOptions::skip_invalid`] asks to
//! drop such lines and count them.
//!
//! [`Lexicon::common`] is the embedded common tier (SCOWL's small list: familiar words that
//! games draw their answers from); [`CommonTier::load`] lets a user's file replace it.
//!
//! Words are kept in per-length [`Bucket`]s, sorted, each word with its letter set and, per
//! letter, the mask of the positions holding it: the answer to a hangman guess is one lookup.

mod common;
mod error;
pub mod hash;
mod letter;
mod limits;
mod words;

pub use common::{COMMON_SOURCE, CommonSource, CommonTier, common_from_text};
pub use error::LexiconError;
pub use letter::{Letter, LetterSet};
pub use limits::{MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_WORD_LEN};
pub use words::{Bucket, Lexicon, LoadOptions, LoadReport, SkippedLine, WordId};
