//! The word list: loading, normalizing and the per-length buckets every game reads.

use crate::error::LexiconError;
use crate::letter::{Letter, LetterSet};
use crate::limits::{MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_WORD_LEN};

use std::path::Path;

/// How loading treats lines that are not words.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadOptions {
    /// Drop lines that are not words of letters a–z (counted in [`LoadReport::skipped`])
    /// instead of failing on the first one.
    pub skip_invalid: bool,
}

/// A line dropped by [`LoadOptions::skip_invalid`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedLine {
    /// 1-based line number.
    pub line: usize,
    /// The line, trimmed.
    pub word: String,
    /// What is wrong with it.
    pub problem: String,
}

/// What loading did to the input besides keeping words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Where the words came from (a path, or `<embedded>`).
    pub source: String,
    /// Lines read, blank ones included.
    pub lines: usize,
    /// Distinct words kept.
    pub words: usize,
    /// Words dropped because they appeared before (after case folding).
    pub duplicates: usize,
    /// Lines that had upper-case letters, folded to lower case.
    pub case_folded: usize,
    /// Lines that ended in CRLF.
    pub crlf_lines: usize,
    /// Lines dropped as invalid (only with [`LoadOptions::skip_invalid`]).
    pub skipped: Vec<SkippedLine>,
}

impl LoadReport {
    /// A one-line account of what was normalized or dropped, or `None` if the input was
    /// already clean.
    pub fn notes(&self) -> Option<String> {
        let mut notes = Vec::new();
        if self.duplicates > 0 {
            notes.push(format!("{} duplicate(s) dropped", self.duplicates));
        }
        if self.case_folded > 0 {
            notes.push(format!("{} line(s) folded to lower case", self.case_folded));
        }
        if self.crlf_lines > 0 {
            notes.push(format!("{} CRLF line end(s)", self.crlf_lines));
        }
        if !self.skipped.is_empty() {
            let first = &self.skipped[0];
            notes.push(format!(
                "{} invalid line(s) skipped (first: line {} {:?} {})",
                self.skipped.len(),
                first.line,
                first.word,
                first.problem
            ));
        }
        (!notes.is_empty()).then(|| format!("{}: {}", self.source, notes.join(", ")))
    }
}

/// The words of one length, sorted, with their letter sets and position masks.
#[derive(Clone, Debug, Default)]
pub struct Bucket {
    length: usize,
    text: Vec<u8>,
    letters: Vec<LetterSet>,
    positions: Vec<[u32; 26]>,
}

impl Bucket {
    fn new(length: usize, mut words: Vec<&[u8]>) -> (Bucket, usize) {
        words.sort_unstable();
        let before = words.len();
        words.dedup();
        let duplicates = before - words.len();
        let mut bucket = Bucket {
            length,
            text: Vec::with_capacity(words.len() * length),
            letters: Vec::with_capacity(words.len()),
            positions: Vec::with_capacity(words.len()),
        };
        for word in words {
            bucket.text.extend_from_slice(word);
            let mut masks = [0u32; 26];
            let mut set = LetterSet::EMPTY;
            for (p, &b) in word.iter().enumerate() {
                let i = (b - b'a') as usize;
                masks[i] |= 1 << p;
                set.insert(Letter::ALL[i]);
            }
            bucket.letters.push(set);
            bucket.positions.push(masks);
        }
        (bucket, duplicates)
    }

    /// The word length of this bucket.
    pub fn length(&self) -> usize {
        self.length
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.letters.len()
    }

    /// Whether the bucket has no words.
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }

    /// The word at `index` as lowercase bytes. Panics if `index >= len()`.
    pub fn word(&self, index: usize) -> &[u8] {
        &self.text[index * self.length..(index + 1) * self.length]
    }

    /// The word at `index` as a `&str`. Panics if `index >= len()`.
    pub fn word_str(&self, index: usize) -> &str {
        // Only bytes a–z are ever stored.
        std::str::from_utf8(self.word(index)).expect("bucket words are ASCII")
    }

    /// The set of letters of the word at `index`.
    pub fn letters(&self, index: usize) -> LetterSet {
        self.letters[index]
    }

    /// The positions of `letter` in the word at `index`, as a bit mask (bit 0 = first letter).
    /// Zero when the word lacks the letter: this is the referee's answer to a guess.
    pub fn positions(&self, index: usize, letter: Letter) -> u32 {
        self.positions[index][letter.index()]
    }

    /// All 26 position masks of the word at `index`.
    pub fn position_masks(&self, index: usize) -> &[u32; 26] {
        &self.positions[index]
    }

    /// The index of `word` (lowercase bytes), if present.
    pub fn find(&self, word: &[u8]) -> Option<usize> {
        if word.len() != self.length {
            return None;
        }
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.word(mid).cmp(word) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// The words in order.
    pub fn words(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.len()).map(|i| self.word_str(i))
    }
}

/// Identifies a word of a [`Lexicon`]: its length and its index in that length's bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WordId {
    /// Word length (the bucket).
    pub length: usize,
    /// Index within the bucket.
    pub index: usize,
}

/// A validated word list, bucketed by length. Immutable once built; share it with `Arc`.
///
/// # Examples
///
/// ```
/// use lexicon::{Letter, Lexicon, LoadOptions};
///
/// let text = "Cat\r\ndog\ncat\ntac\n";
/// let (lexicon, report) = Lexicon::from_text("pets.txt", text, &LoadOptions::default())?;
/// assert_eq!((lexicon.len(), report.duplicates), (3, 1));
/// assert!(lexicon.contains("cat"));
///
/// // Words of one length share a bucket: letter sets and position masks are lookups.
/// let bucket = lexicon.bucket(3);
/// let t = Letter::from_ascii(b't').unwrap();
/// let positions: Vec<u32> = (0..bucket.len()).map(|i| bucket.positions(i, t)).collect();
/// assert_eq!(bucket.words().collect::<Vec<_>>(), ["cat", "dog", "tac"]);
/// assert_eq!(positions, [0b100, 0, 0b001]);
///
/// // A line that is not a word is an error naming the source and the line.
/// let err = Lexicon::from_text("pets.txt", "cat\nd0g\n", &LoadOptions::default()).unwrap_err();
/// assert!(err.to_string().starts_with("word list pets.txt:2: \"d0g\""));
/// # Ok::<(), lexicon::LexiconError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Lexicon {
    buckets: Vec<Bucket>,
    len: usize,
}

static EMPTY_BUCKET: Bucket = Bucket {
    length: 0,
    text: Vec::new(),
    letters: Vec::new(),
    positions: Vec::new(),
};

impl Lexicon {
    /// The embedded default list: the Wordnik word list (`wordnik_list` 0.2.1, 198,420 words
    /// of 2–28 lowercase letters), available with no files at all.
    pub fn embedded() -> Lexicon {
        let mut by_length: Vec<Vec<&[u8]>> = vec![Vec::new(); 29];
        for (length, words) in by_length.iter_mut().enumerate().skip(1) {
            words.extend(wordnik_list::word_iterator_by_len(length).map(str::as_bytes));
        }
        Lexicon::from_buckets(by_length).0
    }

    /// Loads a word list file: one word per line (see the crate docs for what is normalized
    /// and what is rejected).
    ///
    /// # Errors
    ///
    /// [`LexiconError::IsDirectory`], [`LexiconError::Io`] if the file cannot be read, and the
    /// errors of [`Lexicon::from_bytes`].
    pub fn from_path(
        path: impl AsRef<Path>,
        options: &LoadOptions,
    ) -> Result<(Lexicon, LoadReport), LexiconError> {
        let path = path.as_ref();
        let bytes = read_file(path)?;
        Lexicon::from_bytes(&path.display().to_string(), &bytes, options)
    }

    /// Loads a word list from bytes that should be UTF-8 text, one word per line;
    /// `source_name` names it in errors and in the report.
    ///
    /// # Errors
    ///
    /// [`LexiconError::NotUtf8`] at the first invalid byte, and the errors of
    /// [`Lexicon::from_text`].
    pub fn from_bytes(
        source_name: &str,
        bytes: &[u8],
        options: &LoadOptions,
    ) -> Result<(Lexicon, LoadReport), LexiconError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let at = e.valid_up_to();
            LexiconError::NotUtf8 {
                source_name: source_name.to_string(),
                line: 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count(),
                byte: bytes[at],
            }
        })?;
        Lexicon::from_text(source_name, text, options)
    }

    /// Loads a word list from text, one word per line.
    ///
    /// # Errors
    ///
    /// [`LexiconError::InvalidWord`] at the first line that is not a word of letters a–z
    /// (unless `options.skip_invalid`), [`LexiconError::Empty`] if no word is left.
    pub fn from_text(
        source_name: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<(Lexicon, LoadReport), LexiconError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut report = LoadReport {
            source: source_name.to_string(),
            ..LoadReport::default()
        };
        // Folded words need owned storage; clean lines are borrowed as they are.
        let mut folded: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut by_length: Vec<Vec<&[u8]>> = vec![Vec::new(); MAX_WORD_LEN + 1];
        for (number, raw) in text.split('\n').enumerate() {
            let line = number + 1;
            report.lines += 1;
            let raw = match raw.strip_suffix('\r') {
                Some(stripped) => {
                    report.crlf_lines += 1;
                    stripped
                }
                None => raw,
            };
            let word = raw.trim();
            if word.is_empty() {
                continue;
            }
            if let Some(problem) = word_problem(word) {
                if options.skip_invalid {
                    report.skipped.push(SkippedLine {
                        line,
                        word: quoted_prefix(word),
                        problem,
                    });
                    continue;
                }
                return Err(LexiconError::InvalidWord {
                    source_name: source_name.to_string(),
                    line,
                    word: quoted_prefix(word),
                    problem,
                });
            }
            if word.bytes().any(|b| b.is_ascii_uppercase()) {
                report.case_folded += 1;
                folded.push((word.len(), word.to_ascii_lowercase().into_bytes()));
            } else {
                by_length[word.len()].push(word.as_bytes());
            }
        }
        for (length, word) in &folded {
            by_length[*length].push(word);
        }
        report.lines -= usize::from(text.ends_with('\n'));
        let (lexicon, duplicates) = Lexicon::from_buckets(by_length);
        report.duplicates = duplicates;
        report.words = lexicon.len();
        if lexicon.is_empty() {
            let detail = if report.skipped.is_empty() {
                String::new()
            } else {
                format!(" ({} invalid line(s) skipped)", report.skipped.len())
            };
            return Err(LexiconError::Empty {
                source_name: source_name.to_string(),
                detail,
            });
        }
        Ok((lexicon, report))
    }

    /// Builds a lexicon from words that must already be lowercase a–z (convenient for tests
    /// and small fixtures); anything else is an error naming the word.
    ///
    /// # Errors
    ///
    /// [`LexiconError::InvalidWord`] for the first word that is not lowercase a–z.
    pub fn from_words<'a, I: IntoIterator<Item = &'a str>>(
        words: I,
    ) -> Result<Lexicon, LexiconError> {
        let text: Vec<&str> = words.into_iter().collect();
        Lexicon::from_text("<words>", &text.join("\n"), &LoadOptions::default()).map(|(l, _)| l)
    }

    pub(crate) fn from_buckets(by_length: Vec<Vec<&[u8]>>) -> (Lexicon, usize) {
        let mut duplicates = 0;
        let mut len = 0;
        let buckets = by_length
            .into_iter()
            .enumerate()
            .map(|(length, words)| {
                let (bucket, dups) = Bucket::new(length, words);
                duplicates += dups;
                len += bucket.len();
                bucket
            })
            .collect::<Vec<_>>();
        let mut lexicon = Lexicon { buckets, len };
        while lexicon.buckets.last().is_some_and(Bucket::is_empty) {
            lexicon.buckets.pop();
        }
        (lexicon, duplicates)
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no words.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bucket of words of `length` letters (an empty bucket if there are none).
    pub fn bucket(&self, length: usize) -> &Bucket {
        self.buckets.get(length).unwrap_or(&EMPTY_BUCKET)
    }

    /// The lengths that have at least one word, ascending.
    pub fn lengths(&self) -> impl Iterator<Item = usize> + '_ {
        self.buckets
            .iter()
            .filter(|b| !b.is_empty())
            .map(Bucket::length)
    }

    /// The longest word length present (0 if empty).
    pub fn max_length(&self) -> usize {
        self.buckets.len().saturating_sub(1)
    }

    /// Finds a word given in any case; `None` if it is not in the list.
    pub fn find(&self, word: &str) -> Option<WordId> {
        let lower = word.to_ascii_lowercase();
        self.bucket(lower.len())
            .find(lower.as_bytes())
            .map(|index| WordId {
                length: lower.len(),
                index,
            })
    }

    /// Whether the word (any case) is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.find(word).is_some()
    }

    /// The word with this id. Panics if the id is not of this lexicon.
    pub fn word(&self, id: WordId) -> &str {
        self.bucket(id.length).word_str(id.index)
    }

    /// Every word id, ordered by length, then alphabetically.
    pub fn ids(&self) -> impl Iterator<Item = WordId> + '_ {
        self.buckets.iter().flat_map(|b| {
            (0..b.len()).map(|index| WordId {
                length: b.length(),
                index,
            })
        })
    }

    /// Every word, ordered by length, then alphabetically.
    pub fn words(&self) -> impl Iterator<Item = &str> + '_ {
        self.buckets.iter().flat_map(Bucket::words)
    }
}

/// The bytes of a word-list file; a directory, an unreadable file, a file above
/// [`MAX_FILE_BYTES`] or a line above [`MAX_LINE_BYTES`] is an error naming it. Read in
/// pieces, so that a stream without line ends fails after [`MAX_LINE_BYTES`].
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, LexiconError> {
    if path.is_dir() {
        return Err(LexiconError::IsDirectory {
            path: path.to_path_buf(),
        });
    }
    let file = std::fs::File::open(path).map_err(|source| LexiconError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    // A regular file says its size: refuse a large one before reading any of it (streams
    // and pipes say 0 and are stopped as they are read).
    if file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() > MAX_FILE_BYTES)
    {
        return Err(LexiconError::TooLarge {
            path: path.to_path_buf(),
            limit_mib: MAX_FILE_BYTES >> 20,
        });
    }
    read_limited(file, path, MAX_FILE_BYTES, MAX_LINE_BYTES)
}

/// [`read_file`]'s reading, with its limits as parameters (for tests).
fn read_limited(
    input: impl std::io::Read,
    path: &Path,
    max_bytes: u64,
    max_line: usize,
) -> Result<Vec<u8>, LexiconError> {
    use std::io::{BufRead, Read};
    let io = |source| LexiconError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = std::io::BufReader::new(input).take(max_bytes + 1);
    let mut bytes = Vec::new();
    let (mut line, mut line_start) = (1, 0);
    loop {
        let piece = reader.fill_buf().map_err(io)?;
        if piece.is_empty() {
            return Ok(bytes);
        }
        let (start, n) = (bytes.len(), piece.len());
        bytes.extend_from_slice(piece);
        reader.consume(n);
        let too_long = |line| LexiconError::LineTooLong {
            path: path.to_path_buf(),
            line,
            limit: max_line,
        };
        for (i, _) in bytes[start..]
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
        {
            let at = start + i;
            if at - line_start > max_line {
                return Err(too_long(line));
            }
            line += 1;
            line_start = at + 1;
        }
        if bytes.len() - line_start > max_line {
            return Err(too_long(line));
        }
        if bytes.len() as u64 > max_bytes {
            return Err(LexiconError::TooLarge {
                path: path.to_path_buf(),
                limit_mib: max_bytes >> 20,
            });
        }
    }
}

/// `word` as an error quotes it: at most 40 characters, then `…`.
fn quoted_prefix(word: &str) -> String {
    match word.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &word[..at]),
        None => word.to_string(),
    }
}

/// Why a trimmed, non-empty line is not a word, or `None` if it is one (upper case allowed).
fn word_problem(word: &str) -> Option<String> {
    if let Some(c) = word.chars().find(|c| !c.is_ascii_alphabetic()) {
        let what = if c.is_ascii_digit() {
            format!("contains the digit '{c}'")
        } else if c.is_whitespace() {
            "contains white space".to_string()
        } else if c.is_alphabetic() {
            format!("contains {c:?}, a letter outside a-z")
        } else {
            format!("contains {c:?}")
        };
        return Some(what);
    }
    if word.len() > MAX_WORD_LEN {
        return Some(format!(
            "is {} letters long, more than the {MAX_WORD_LEN} allowed",
            word.len()
        ));
    }
    None
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
