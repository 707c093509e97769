//! Loading the dictionary a command works on: a file, or the embedded default list.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow};
use lexicon::{Lexicon, LexiconError, LoadOptions};

/// A loaded dictionary with where it came from and how long it took.
pub(crate) struct Dictionary {
    /// The words.
    pub lexicon: Arc<Lexicon>,
    /// The path, or `embedded` for the default list.
    pub name: String,
    /// Load time.
    pub load_time: Duration,
}

/// Loads `path`, or the embedded list when `None`; prints what was normalized (duplicates,
/// CRLF, case, skipped lines) to stderr.
pub(crate) fn load(path: Option<&Path>, skip_invalid: bool) -> anyhow::Result<Dictionary> {
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

/// The common-word tier: `path`, or the embedded SCOWL tier; a user's file is described on
/// stderr (how many lines were left out).
pub(crate) fn load_common(path: Option<&Path>) -> anyhow::Result<lexicon::CommonTier> {
    let common = lexicon::CommonTier::load(path).context("loading the common words")?;
    if common.source != lexicon::CommonSource::Embedded {
        eprintln!("note: {}", common.describe());
    }
    Ok(common)
}

/// `e`, with the command-line way past it when a line is not a word: the library's
/// errors do not know the flags.
pub(crate) fn skip_hint(e: LexiconError) -> anyhow::Error {
    match e {
        LexiconError::InvalidWord { .. } => anyhow!("{e} (use --skip-invalid to drop such lines)"),
        e => e.into(),
    }
}

/// The positional arguments `[DICTIONARY] [WORD]...` told apart.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Positionals {
    /// The dictionary file, if one was named.
    pub dictionary: Option<PathBuf>,
    /// The test words.
    pub words: Vec<String>,
    /// What the user should know about the choice (a word that is also a file's name).
    pub note: Option<String>,
}

/// Splits the positional arguments `[DICTIONARY] [WORD]...` by one rule that does not
/// depend on the current folder: the first is the dictionary unless it is a plain word
/// (letters a-z only). So `hangman factual` plays "factual" on the embedded list, while
/// `hangman words.txt factual`, `hangman ./cat` and `hangman missing.txt` name a dictionary.
/// A plain word that is also the name of a file here is still a word, with a note saying
/// how to load the file instead. `--dict` makes every positional a word.
pub(crate) fn split_positionals(dict: Option<PathBuf>, positionals: &[String]) -> Positionals {
    if dict.is_some() {
        return Positionals {
            dictionary: dict,
            words: positionals.to_vec(),
            note: None,
        };
    }
    match positionals.split_first() {
        Some((first, rest)) if !is_plain_word(first) => Positionals {
            dictionary: Some(PathBuf::from(first)),
            words: rest.to_vec(),
            note: None,
        },
        first => Positionals {
            dictionary: None,
            words: positionals.to_vec(),
            note: first.filter(|(w, _)| Path::new(w).exists()).map(|(w, _)| {
                format!(
                    "{w:?} is played as a word; to use the file of that name as the \
                     dictionary, write ./{w} or --dict {w}"
                )
            }),
        },
    }
}

fn is_plain_word(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn first_positional_is_a_dictionary_only_if_it_is_not_a_plain_word() {
        let p = split_positionals(None, &strings(&["factual", "mus"]));
        assert_eq!(
            (p.dictionary, p.words),
            (None, strings(&["factual", "mus"]))
        );
        assert_eq!(p.note, None);
        let p = split_positionals(None, &strings(&["words.txt", "mus"]));
        assert_eq!(p.dictionary, Some(PathBuf::from("words.txt")));
        assert_eq!(p.words, strings(&["mus"]));
        let p = split_positionals(None, &strings(&["/tmp", "mus"]));
        assert_eq!(p.dictionary, Some(PathBuf::from("/tmp")));
        let p = split_positionals(Some("x.txt".into()), &strings(&["a.b"]));
        assert_eq!(
            (p.dictionary, p.words),
            (Some("x.txt".into()), strings(&["a.b"]))
        );
        let p = split_positionals(None, &[]);
        assert_eq!((p.dictionary, p.words, p.note), (None, vec![], None));
    }

    #[test]
    fn a_word_that_names_a_file_is_a_word_with_a_note() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("cat");
        std::fs::write(&file, "cat\n").unwrap();
        // An absolute path is not a plain word: the rule only looks at the text.
        let p = split_positionals(None, &[file.display().to_string()]);
        assert_eq!(p.dictionary, Some(file));
        // The crate's folder (the tests' working directory) has a `src` folder.
        let p = split_positionals(None, &strings(&["src"]));
        assert_eq!((p.dictionary, p.words), (None, strings(&["src"])));
        assert!(p.note.unwrap().contains("./src or --dict src"));
    }
}
