//! The on-disk cache of a strategy's decisions: its opening book, and every decision below
//! it that a run has computed.
//!
//! A strong strategy spends seconds deciding the first guesses of a word length (the top of
//! its decision tree, shared by every game of the length). A cache file keeps the decisions
//! of one word length so that the next run starts with them. It is keyed by everything the
//! decisions depend on:
//! - the words of that length (a SHA-256 of the bucket's words, in order),
//! - the strategy's name and its parameters (sorted by key),
//! - the maximum of wrong guesses,
//! - the file format and the search's version ([`SEARCH_VERSION`]: bumped whenever a change
//!   to the search can change a decision).
//!
//! A file is never trusted: it is read only if its header matches the key exactly, its size
//! matches its entry count, its SHA-256 checksum matches, and every decision names a letter
//! or a word of the bucket; the strategy then checks each cached decision against the state
//! it is used in (a letter not guessed yet, a word among the candidates). Anything else is
//! ignored, the decisions are computed again and the file is rewritten. Files are written
//! whole to a temporary file in the same folder and renamed over the old one, so a reader
//! never sees half a file and concurrent runs at worst both write a valid file.
//!
//! Decisions are keyed by the state they were made in ([`StateKey`]): the candidate set
//! (bucket indices) and the position's wrong guesses and score.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use lexicon::{Bucket, Letter};
use sha2::{Digest, Sha256};

use super::policy::Decision;
use super::table::StateKey;

/// The file format: magic bytes and version.
const MAGIC: &[u8; 8] = b"WPBOOK\0\0";
const FORMAT_VERSION: u32 = 1;

/// The version of the searches whose decisions are cached: bump it with any change that can
/// change a decision, so older caches are ignored.
pub(crate) const SEARCH_VERSION: u32 = 1;

/// Bytes per entry: a 128-bit state key and a 32-bit decision.
const ENTRY_BYTES: usize = 20;

/// What a cache file's decisions depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CacheKey {
    /// The strategy's registry name.
    pub(crate) strategy: String,
    /// Its parameters, `key=value` sorted by key and joined by spaces.
    pub(crate) params: String,
    /// The game's maximum of wrong guesses.
    pub(crate) max_wrong: u32,
    /// The word length.
    pub(crate) length: u32,
    /// SHA-256 of the bucket's words, each followed by a newline.
    pub(crate) words: [u8; 32],
}

impl CacheKey {
    /// The key of `strategy` with `params` for `bucket` at `max_wrong`.
    pub(crate) fn new(
        strategy: &str,
        params: &[(String, String)],
        max_wrong: u32,
        bucket: &Bucket,
    ) -> CacheKey {
        let mut sorted: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        sorted.sort();
        let mut words = Sha256::new();
        for word in bucket.words() {
            words.update(word.as_bytes());
            words.update(b"\n");
        }
        CacheKey {
            strategy: strategy.to_string(),
            params: sorted.join(" "),
            max_wrong,
            length: bucket.length() as u32,
            words: words.finalize().into(),
        }
    }

    /// The header of a file with this key, up to the entry count.
    fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&SEARCH_VERSION.to_le_bytes());
        for text in [&self.strategy, &self.params] {
            out.extend_from_slice(&(text.len() as u32).to_le_bytes());
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&self.max_wrong.to_le_bytes());
        out.extend_from_slice(&self.length.to_le_bytes());
        out.extend_from_slice(&self.words);
        out
    }

    /// The file name: a digest of the header, so different keys never share a file.
    fn file_name(&self) -> String {
        let digest = Sha256::digest(self.header());
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        format!("{}-{}-{hex}.book", self.strategy, self.length)
    }
}

/// Decisions as they are stored: a letter's index, or a word's bucket index with the top
/// bit set.
fn encode(decision: Decision) -> u32 {
    match decision {
        Decision::Letter(letter) => letter.index() as u32,
        Decision::Word(index) => 1 << 31 | index,
    }
}

/// The decision stored as `code`, if it names a letter or a word of a bucket of
/// `bucket_len` words.
fn decode(code: u32, bucket_len: usize) -> Option<Decision> {
    if code & 1 << 31 != 0 {
        let index = code & !(1 << 31);
        ((index as usize) < bucket_len).then_some(Decision::Word(index))
    } else {
        u8::try_from(code)
            .ok()
            .and_then(Letter::from_index)
            .map(Decision::Letter)
    }
}

/// The cache file of `key` in `dir`.
pub(crate) fn path(dir: &Path, key: &CacheKey) -> PathBuf {
    dir.join(key.file_name())
}

/// The decisions cached for `key` in `dir`, or `None` if there is no file or it is not a
/// valid file for this key and a bucket of `bucket_len` words (see the module docs).
pub(crate) fn load(
    dir: &Path,
    key: &CacheKey,
    bucket_len: usize,
) -> Option<Vec<(StateKey, Decision)>> {
    let bytes = fs::read(path(dir, key)).ok()?;
    parse(&bytes, key, bucket_len)
}

/// Parses a file's bytes (see [`load`]).
pub(crate) fn parse(
    bytes: &[u8],
    key: &CacheKey,
    bucket_len: usize,
) -> Option<Vec<(StateKey, Decision)>> {
    let header = key.header();
    let (body, checksum) = bytes.split_at_checked(bytes.len().checked_sub(32)?)?;
    if Sha256::digest(body).as_slice() != checksum {
        return None;
    }
    let rest = body.strip_prefix(header.as_slice())?;
    let (count, entries) = rest.split_first_chunk::<8>()?;
    let count = usize::try_from(u64::from_le_bytes(*count)).ok()?;
    if entries.len() != count.checked_mul(ENTRY_BYTES)? {
        return None;
    }
    entries
        .chunks_exact(ENTRY_BYTES)
        .map(|entry| {
            let (state, code) = entry.split_first_chunk::<16>()?;
            let code = u32::from_le_bytes(code.try_into().ok()?);
            Some((
                StateKey::from_bits(u128::from_le_bytes(*state)),
                decode(code, bucket_len)?,
            ))
        })
        .collect()
}

/// The bytes of a file of `key` holding `entries`.
pub(crate) fn render(key: &CacheKey, entries: &[(StateKey, Decision)]) -> Vec<u8> {
    let mut out = key.header();
    out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for &(state, decision) in entries {
        out.extend_from_slice(&state.bits().to_le_bytes());
        out.extend_from_slice(&encode(decision).to_le_bytes());
    }
    let checksum = Sha256::digest(&out);
    out.extend_from_slice(&checksum);
    out
}

/// Writes the cache file of `key` in `dir` (creating the folder), atomically: a reader sees
/// the old file or the new one, never a part. Entries are written sorted, so the same
/// decisions make the same file.
pub(crate) fn save(
    dir: &Path,
    key: &CacheKey,
    mut entries: Vec<(StateKey, Decision)>,
) -> io::Result<()> {
    entries.sort_unstable_by_key(|&(state, _)| state.bits());
    fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(&render(key, &entries))?;
    file.as_file().sync_all()?;
    file.persist(path(dir, key)).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use lexicon::Lexicon;

    use super::*;

    fn key(lexicon: &Lexicon) -> CacheKey {
        let params = vec![("depth".to_string(), "2".to_string())];
        CacheKey::new("lookahead", &params, 5, lexicon.bucket(3))
    }

    fn entries() -> Vec<(StateKey, Decision)> {
        vec![
            (
                StateKey::from_bits(7),
                Decision::Letter(Letter::from_ascii(b'e').unwrap()),
            ),
            (StateKey::from_bits(u128::MAX - 3), Decision::Word(2)),
        ]
    }

    #[test]
    fn a_saved_file_loads_back_only_under_its_own_key() {
        let dir = tempfile::tempdir().unwrap();
        let lexicon = Lexicon::from_words(["cat", "dog", "cot", "bats"]).unwrap();
        let k = key(&lexicon);
        save(dir.path(), &k, entries()).unwrap();
        let mut loaded = load(dir.path(), &k, 3).unwrap();
        loaded.sort_unstable_by_key(|&(s, _)| s.bits());
        assert_eq!(loaded, entries());
        // Any part of the key that differs finds no file, or a file it refuses.
        let other_words = Lexicon::from_words(["cat", "dog", "cut"]).unwrap();
        assert!(load(dir.path(), &key(&other_words), 3).is_none());
        let mut other = k.clone();
        other.max_wrong = 4;
        assert!(load(dir.path(), &other, 3).is_none());
        fs::copy(path(dir.path(), &k), path(dir.path(), &other)).unwrap();
        assert!(
            load(dir.path(), &other, 3).is_none(),
            "header checked, not just the name"
        );
        // A word index past the bucket is refused.
        assert!(load(dir.path(), &k, 2).is_none());
    }

    #[test]
    fn corrupt_and_truncated_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let lexicon = Lexicon::from_words(["cat", "dog", "cot"]).unwrap();
        let k = key(&lexicon);
        save(dir.path(), &k, entries()).unwrap();
        let file = path(dir.path(), &k);
        let good = fs::read(&file).unwrap();
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            assert!(parse(&bad, &k, 3).is_none(), "flipped byte {i}");
        }
        for len in 0..good.len() {
            assert!(parse(&good[..len], &k, 3).is_none(), "truncated to {len}");
        }
        fs::write(&file, b"not a cache").unwrap();
        assert!(load(dir.path(), &k, 3).is_none());
        // Saving again replaces it.
        save(dir.path(), &k, entries()).unwrap();
        assert!(load(dir.path(), &k, 3).is_some());
    }

    #[test]
    fn decisions_round_trip_and_out_of_range_codes_are_refused() {
        for d in [
            Decision::Letter(Letter::from_ascii(b'a').unwrap()),
            Decision::Letter(Letter::from_ascii(b'z').unwrap()),
            Decision::Word(0),
            Decision::Word(99),
        ] {
            assert_eq!(decode(encode(d), 100), Some(d));
        }
        assert_eq!(decode(26, 100), None);
        assert_eq!(decode(1 << 31 | 100, 100), None);
    }
}
