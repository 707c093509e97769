//! The shipped files of hint data keyed by board ([`totals`](super::totals),
//! [`openings`](super::openings)): one format, one reader, one writer.
//!
//! Little-endian: 8 magic bytes naming the file's kind, then per word list and length: the
//! length, the bucket's word count (`u32` each), its [`bucket_digest`] (`u64`), the number
//! of entries (`u32`), and the entries sorted by key: the board's state key (`u128`, the
//! decision tables' key: the candidates' hash and the position) and its value. A section is
//! used only for a bucket of exactly its words; a file that does not parse (a wrong magic,
//! a short or unsorted section, a value out of range) is not used at all.

use lexicon::{Bucket, Letter};

use crate::solve::bucket_digest;

/// What a keyed file holds per board.
pub(crate) trait Entry: Copy {
    /// Reads one from the front of `bytes`.
    fn read(bytes: &mut &[u8]) -> Option<Self>;
    /// Appends it to `out`.
    fn write(self, out: &mut Vec<u8>);
}

impl Entry for u32 {
    fn read(bytes: &mut &[u8]) -> Option<u32> {
        take(bytes).map(u32::from_le_bytes)
    }

    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Entry for Letter {
    fn read(bytes: &mut &[u8]) -> Option<Letter> {
        let [index] = take::<1>(bytes)?;
        Letter::from_index(index)
    }

    fn write(self, out: &mut Vec<u8>) {
        out.push(self.index() as u8);
    }
}

/// One word list's entries at one length.
pub(crate) struct Section<E> {
    length: usize,
    words: usize,
    digest: u64,
    /// (state key, value), sorted by key.
    entries: Vec<(u128, E)>,
}

impl<E: Entry> Section<E> {
    /// The value at the board whose state key is `key`.
    pub(crate) fn get(&self, key: u128) -> Option<E> {
        let i = self.entries.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        Some(self.entries[i].1)
    }
}

fn take<const N: usize>(bytes: &mut &[u8]) -> Option<[u8; N]> {
    let (head, tail) = bytes.split_first_chunk::<N>()?;
    *bytes = tail;
    Some(*head)
}

/// The sections of a keyed file of kind `magic`, or `None` if it is not one.
pub(crate) fn parse<E: Entry>(mut bytes: &[u8], magic: &[u8; 8]) -> Option<Vec<Section<E>>> {
    if take::<8>(&mut bytes)? != *magic {
        return None;
    }
    let mut sections = Vec::new();
    while !bytes.is_empty() {
        let length = u32::read(&mut bytes)? as usize;
        let words = u32::read(&mut bytes)? as usize;
        let digest = u64::from_le_bytes(take(&mut bytes)?);
        let count = u32::read(&mut bytes)?;
        let mut entries = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let key = u128::from_le_bytes(take(&mut bytes)?);
            entries.push((key, E::read(&mut bytes)?));
        }
        if !entries.is_sorted_by_key(|&(key, _)| key) {
            return None;
        }
        sections.push(Section {
            length,
            words,
            digest,
            entries,
        });
    }
    Some(sections)
}

/// The section of `sections` for exactly the words of `bucket`.
pub(crate) fn section<'a, E>(
    sections: &'a [Section<E>],
    bucket: &Bucket,
) -> Option<&'a Section<E>> {
    sections.iter().find(|s| {
        s.length == bucket.length() && s.words == bucket.len() && s.digest == bucket_digest(bucket)
    })
}

/// Starts a keyed file of kind `magic`.
pub(crate) fn start(magic: &[u8; 8]) -> Vec<u8> {
    magic.to_vec()
}

/// Appends the section of `bucket` holding `entries` (sorted here) to `out`.
pub(crate) fn append<E: Entry + Ord>(
    out: &mut Vec<u8>,
    bucket: &Bucket,
    mut entries: Vec<(u128, E)>,
) {
    entries.sort_unstable();
    entries.dedup();
    for v in [bucket.length() as u32, bucket.len() as u32] {
        v.write(out);
    }
    out.extend_from_slice(&bucket_digest(bucket).to_le_bytes());
    (entries.len() as u32).write(out);
    for (key, value) in entries {
        out.extend_from_slice(&key.to_le_bytes());
        value.write(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexicon::Lexicon;

    const KIND: &[u8; 8] = b"WPTEST01";

    #[test]
    fn a_file_reads_back_what_was_written_and_nothing_else() {
        let list = Lexicon::from_words(["alpha", "bravo", "delta", "hello"]).unwrap();
        let other = Lexicon::from_words(["alpha", "bravo", "delta"]).unwrap();
        let mut file = start(KIND);
        append(
            &mut file,
            list.bucket(5),
            vec![(9, 3u32), (2, 7), (9, 3), (5, 1)],
        );
        let sections = parse::<u32>(&file, KIND).unwrap();
        let section = super::section(&sections, list.bucket(5)).unwrap();
        assert_eq!(
            [2, 5, 9, 4].map(|k| section.get(k)),
            [Some(7), Some(1), Some(3), None]
        );
        assert!(super::section(&sections, other.bucket(5)).is_none());
        // Another kind, a file cut short, entries out of order: not read at all.
        assert!(parse::<u32>(&file, b"WPTEST02").is_none());
        assert!(parse::<u32>(&file[..file.len() - 2], KIND).is_none());
        let n = file.len();
        let (first, last) = (n - 3 * 20, n - 20);
        let mut swapped = file.clone();
        swapped[first..first + 16].copy_from_slice(&file[last..last + 16]);
        swapped[last..last + 16].copy_from_slice(&file[first..first + 16]);
        assert!(parse::<u32>(&swapped, KIND).is_none());
        // A letter out of range is not a letter.
        let mut letters = start(KIND);
        append(
            &mut letters,
            list.bucket(5),
            vec![(1, Letter::from_index(25).unwrap())],
        );
        assert!(parse::<Letter>(&letters, KIND).is_some());
        *letters.last_mut().unwrap() = 26;
        assert!(parse::<Letter>(&letters, KIND).is_none());
    }
}
