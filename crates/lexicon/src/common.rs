//! The common-word tier: familiar words that games draw their answers from.
//!
//! The embedded tier is SCOWL's "small" list (sizes 10, 20 and 35 of the `english` and
//! `american` categories, lowercase words only), as Debian ships it in the `scowl` package:
//! 39,095 words an adult English speaker knows. `data/README.md` says where it comes from,
//! `data/SCOWL-LICENSE` is its licence and `data/regenerate.sh` rebuilds it. A user's file
//! can take its place ([`CommonTier::load`]).

use std::path::{Path, PathBuf};

use crate::error::LexiconError;
use crate::words::{Lexicon, LoadOptions};

/// The embedded tier: two `#` lines saying where it comes from, then one word per line.
const EMBEDDED: &str = include_str!("../data/common-words.txt");

/// The source of the embedded tier, for messages and reports.
pub const COMMON_SOURCE: &str = "SCOWL 2020.12.07 sizes 10-35 (english and american words)";

/// Where a common tier came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommonSource {
    /// The embedded SCOWL tier.
    Embedded,
    /// A file the user named (`--common FILE`).
    File(PathBuf),
}

/// A common tier with where it came from.
#[derive(Clone, Debug)]
pub struct CommonTier {
    /// The words.
    pub lexicon: Lexicon,
    /// Where they came from.
    pub source: CommonSource,
    /// Non-blank lines of the file left out as proper names, abbreviations or possessives
    /// (0 for the embedded tier).
    pub skipped: usize,
}

impl CommonTier {
    /// The embedded tier.
    pub fn embedded() -> CommonTier {
        CommonTier {
            lexicon: Lexicon::common(),
            source: CommonSource::Embedded,
            skipped: 0,
        }
    }

    /// `path` as a common tier if given (an error if it cannot be read or has no word),
    /// else the embedded tier.
    ///
    /// # Errors
    ///
    /// [`LexiconError::IsDirectory`] or [`LexiconError::Io`] if `path` cannot be read;
    /// [`LexiconError::Empty`] if it holds no word of lowercase letters.
    pub fn load(path: Option<&Path>) -> Result<CommonTier, LexiconError> {
        let Some(path) = path else {
            return Ok(CommonTier::embedded());
        };
        let bytes = crate::words::read_file(path)?;
        // Dictionary files in other encodings still work: lines that are not plain a-z are
        // left out and counted like proper names.
        let text = String::from_utf8_lossy(&bytes);
        let (lexicon, skipped) = common_from_text(&path.display().to_string(), &text)?;
        Ok(CommonTier {
            lexicon,
            source: CommonSource::File(path.to_path_buf()),
            skipped,
        })
    }

    /// One line about the tier, for the user.
    pub fn describe(&self) -> String {
        match &self.source {
            CommonSource::Embedded => format!(
                "common words: embedded, {COMMON_SOURCE}: {} words",
                self.lexicon.len()
            ),
            CommonSource::File(path) => format!(
                "common words: {} ({} words; {} lines with capitals or non-letters skipped)",
                path.display(),
                self.lexicon.len(),
                self.skipped
            ),
        }
    }
}

impl Lexicon {
    /// The embedded common tier: SCOWL's small list, 39,095 lowercase words (see
    /// [`COMMON_SOURCE`] and the crate's `data/README.md`).
    pub fn common() -> Lexicon {
        let words = EMBEDDED.lines().filter(|l| !l.starts_with('#'));
        Lexicon::from_words(words).expect("the embedded common tier is valid")
    }

    /// The words of `self` that `other` also has.
    pub fn intersection(&self, other: &Lexicon) -> Lexicon {
        let mut by_length: Vec<Vec<&[u8]>> = vec![Vec::new(); self.max_length() + 1];
        for length in self.lengths() {
            let theirs = other.bucket(length);
            by_length[length].extend(
                (0..self.bucket(length).len())
                    .map(|i| self.bucket(length).word(i))
                    .filter(|w| theirs.find(w).is_some()),
            );
        }
        Lexicon::from_buckets(by_length).0
    }
}

/// Builds a common tier from text, one word per line, keeping only lines of lowercase
/// letters a–z: in dictionary files a capital marks a proper noun or an abbreviation
/// ("Paris", "AWOL") and an apostrophe a possessive ("cat's"), none of which a game should
/// ask for. Returns the words and the number of non-blank lines left out; an error if no
/// word is left.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_tier_is_the_scowl_file() {
        let common = Lexicon::common();
        let lines = EMBEDDED.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(common.len(), lines, "no duplicates or invalid lines");
        assert_eq!(common.len(), 39_095, "README.md gives this count");
        for familiar in ["cat", "house", "listen", "silent", "ruler", "mother"] {
            assert!(common.contains(familiar), "{familiar}");
        }
        // Words of the full list that nobody is expected to know stay out.
        for obscure in [
            "erk", "euk", "kue", "lek", "leu", "lur", "ure", "leku", "elints",
        ] {
            assert!(!common.contains(obscure), "{obscure}");
        }
    }

    #[test]
    fn a_file_overrides_the_tier_and_skips_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("common.txt");
        std::fs::write(&path, "listen\nParis\ncat's\n\nsilent\n").unwrap();
        let tier = CommonTier::load(Some(&path)).unwrap();
        assert_eq!(
            tier.lexicon.words().collect::<Vec<_>>(),
            ["listen", "silent"]
        );
        assert_eq!(tier.skipped, 2);
        assert!(tier.describe().contains("2 lines with capitals"));
        assert_eq!(
            CommonTier::load(None).unwrap().source,
            CommonSource::Embedded
        );
        std::fs::write(&path, "Paris\n").unwrap();
        let err = CommonTier::load(Some(&path)).unwrap_err().to_string();
        assert!(err.contains("has no words in lowercase a-z"), "{err}");
        assert!(CommonTier::load(Some(dir.path())).is_err());
    }

    #[test]
    fn intersection_keeps_shared_words() {
        let a = Lexicon::from_words(["cat", "dog", "house", "zyzzyva"]).unwrap();
        let b = Lexicon::from_words(["dog", "house", "mouse"]).unwrap();
        let both = a.intersection(&b);
        assert_eq!(both.words().collect::<Vec<_>>(), ["dog", "house"]);
        assert!(a.intersection(&Lexicon::default()).is_empty());
    }
}
