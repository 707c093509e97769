//! Loading the dictionary a command works on: a file, or the embedded default list.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow};
use lexicon::{Lexicon, LexiconError, LoadOptions};

/// A loaded dictionary with where it came from and how long it took.
pub struct Dictionary {
    /// The words.
    pub lexicon: Arc<Lexicon>,
    /// The path, or `embedded` for the default list.
    pub name: String,
    /// Load time.
    pub load_time: Duration,
}

/// Loads `path`, or the embedded list when `None`; prints what was normalized (duplicates,
/// CRLF, case, skipped lines) to stderr.
pub fn load(path: Option<&Path>, skip_invalid: bool) -> anyhow::Result<Dictionary> {
    let start = Instant::now();
    let (lexicon, name) = match path {
        None => (Lexicon::embedded(), "embedded".to_string()),
        Some(path) => {
            let (lexicon, report) = Lexicon::from_path(path, &LoadOptions { skip_invalid })
                .map_err(skip_hint)
                .context("cannot load the dictionary")?;
            if let Some(notes) = report.notes() {
                eprintln!("note: {notes}");
            }
            (lexicon, path.display().to_string())
        }
    };
    Ok(Dictionary {
        lexicon: Arc::new(lexicon),
        name,
        load_time: start.elapsed(),
    })
}

/// `e`, with the command-line way past it when a line is not a word: the library's
/// errors do not know the flags.
pub fn skip_hint(e: LexiconError) -> anyhow::Error {
    match e {
        LexiconError::InvalidWord { .. } => anyhow!("{e} (use --skip-invalid to drop such lines)"),
        e => e.into(),
    }
}

/// Splits the positional arguments `[DICTIONARY] [WORD]...`: the first is the dictionary
/// unless it is a plain word (letters only) that names no existing file, so
/// `hangman factual` plays "factual" on the embedded list while `hangman words.txt factual`
/// and `hangman missing.txt` name a dictionary. `--dict` makes every positional a word.
pub fn split_positionals(
    dict: Option<PathBuf>,
    positionals: &[String],
) -> (Option<PathBuf>, Vec<String>) {
    if dict.is_some() {
        return (dict, positionals.to_vec());
    }
    match positionals.split_first() {
        Some((first, rest))
            if !first.bytes().all(|b| b.is_ascii_alphabetic()) || Path::new(first).exists() =>
        {
            (Some(PathBuf::from(first)), rest.to_vec())
        }
        _ => (None, positionals.to_vec()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn first_positional_is_a_dictionary_only_if_it_looks_like_one() {
        let (d, w) = split_positionals(None, &strings(&["factual", "mus"]));
        assert_eq!((d, w), (None, strings(&["factual", "mus"])));
        let (d, w) = split_positionals(None, &strings(&["words.txt", "mus"]));
        assert_eq!(
            (d, w),
            (Some(PathBuf::from("words.txt")), strings(&["mus"]))
        );
        let (d, w) = split_positionals(None, &strings(&["/tmp", "mus"]));
        assert_eq!((d, w), (Some(PathBuf::from("/tmp")), strings(&["mus"])));
        let (d, w) = split_positionals(Some("x.txt".into()), &strings(&["a.b"]));
        assert_eq!((d, w), (Some(PathBuf::from("x.txt")), strings(&["a.b"])));
        assert_eq!(split_positionals(None, &[]), (None, vec![]));
    }
}
