//! Choosing and loading the common (required) tier.

use std::path::{Path, PathBuf};

use lexicon::{Lexicon, LexiconError, LoadOptions};

/// Debian's `wamerican` list (SCOWL size 50, American spelling): the default common tier
/// when it is installed.
pub const SYSTEM_WORDS: &str = "/usr/share/dict/words";

/// Where the common tier came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommonSource {
    /// A file the user named (`--common FILE`).
    File(PathBuf),
    /// The system list [`SYSTEM_WORDS`].
    System(PathBuf),
    /// No list was available: every accepted word is required.
    Fallback,
}

/// The common tier, ready for [`crate::Dictionary::new`].
#[derive(Clone, Debug)]
pub struct CommonTier {
    /// The words, or `None` for the fallback (every accepted word is required).
    pub lexicon: Option<Lexicon>,
    /// Where they came from.
    pub source: CommonSource,
    /// Lines dropped as proper nouns, abbreviations or possessives.
    pub skipped: usize,
}

impl CommonTier {
    /// A one-line account of the tier, for the user.
    pub fn describe(&self) -> String {
        match (&self.source, &self.lexicon) {
            (CommonSource::File(p) | CommonSource::System(p), Some(l)) => format!(
                "common words: {} ({} words; {} lines with capitals or non-letters skipped)",
                p.display(),
                l.len(),
                self.skipped
            ),
            _ => format!(
                "common words: no list found ({SYSTEM_WORDS} is absent and no --common FILE was \
                 given); every word of the full list is required"
            ),
        }
    }
}

/// Loads the common tier: `explicit` if given (an error if it cannot be read), else
/// [`SYSTEM_WORDS`] if it exists, else the fallback where every accepted word is required.
///
/// # Errors
///
/// A [`LexiconError`] if `explicit` (or [`SYSTEM_WORDS`]) cannot be read or holds no word
/// of lowercase letters.
pub fn load_common(explicit: Option<&Path>) -> Result<CommonTier, LexiconError> {
    let (path, source) = match explicit {
        Some(p) => (p.to_path_buf(), CommonSource::File(p.to_path_buf())),
        None => {
            let p = PathBuf::from(SYSTEM_WORDS);
            if !p.is_file() {
                return Ok(CommonTier {
                    lexicon: None,
                    source: CommonSource::Fallback,
                    skipped: 0,
                });
            }
            (p.clone(), CommonSource::System(p))
        }
    };
    if path.is_dir() {
        return Err(LexiconError::IsDirectory { path });
    }
    let bytes = std::fs::read(&path).map_err(|source| LexiconError::Io {
        path: path.clone(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let (lexicon, skipped) = common_from_text(&path.display().to_string(), &text)?;
    Ok(CommonTier {
        lexicon: Some(lexicon),
        source,
        skipped,
    })
}

/// Builds a common tier from text, one word per line, keeping only lines of lowercase letters
/// a–z: in dictionary files a capital marks a proper noun or an abbreviation ("Paris", "AWOL")
/// and an apostrophe a possessive ("cat's"), none of which belong in a round. Returns the
/// words and the number of non-blank lines skipped; an error if no word is left.
///
/// # Errors
///
/// [`LexiconError::Empty`] if no line is a word of lowercase letters.
pub fn common_from_text(source_name: &str, text: &str) -> Result<(Lexicon, usize), LexiconError> {
    let mut skipped = 0;
    let kept: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .filter(|l| {
            let ok = l.bytes().all(|b| b.is_ascii_lowercase());
            skipped += usize::from(!ok);
            ok
        })
        .collect();
    let (lexicon, _) = Lexicon::from_text(source_name, &kept.join("\n"), &LoadOptions::default())
        .map_err(|e| match e {
        LexiconError::Empty { source_name, .. } => LexiconError::Empty {
            source_name,
            detail: format!(
                " in lowercase a-z ({skipped} lines with capitals or non-letters skipped)"
            ),
        },
        other => other,
    })?;
    Ok((lexicon, skipped))
}
