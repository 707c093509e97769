//! Racks (multisets of letters) and their packed signatures.

use std::fmt;

use lexicon::Letter;

/// The most letters a rack (and so a signature) may hold: 12 letters of 5 bits fit a `u64`.
pub const MAX_RACK: usize = 12;

/// The sorted letters of a word or rack packed into a `u64`, 5 bits per letter (`a` = 1 …
/// `z` = 26), first letter in the most significant used bits. Two words are anagrams exactly
/// when their signatures are equal; because 0 never encodes a letter, signatures of different
/// lengths never collide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Signature(pub u64);

impl Signature {
    /// The signature of lowercase ASCII letters `a`–`z` (at most [`MAX_RACK`] of them), or
    /// `None` if a byte is not a lowercase letter or there are too many.
    pub fn of_word(word: &[u8]) -> Option<Signature> {
        Rack::from_lowercase(word).map(|r| r.signature())
    }

    /// The signature's letters in alphabetical order, as a lowercase string.
    pub fn letters(self) -> String {
        let mut out = Vec::new();
        let mut bits = self.0;
        while bits != 0 {
            out.push(b'a' + (bits & 31) as u8 - 1);
            bits >>= 5;
        }
        out.reverse();
        String::from_utf8(out).expect("signature letters are ASCII")
    }

    /// The number of letters.
    pub fn len(self) -> usize {
        (64 - self.0.leading_zeros() as usize).div_ceil(5)
    }

    /// Whether this is the signature of the empty word.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.letters())
    }
}

/// Why text is not a rack.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RackError {
    /// No letters at all.
    #[error("the rack is empty; give between 1 and {MAX_RACK} letters a-z")]
    Empty,
    /// A character that is not a letter a–z.
    #[error("the rack {rack:?} contains {found:?}; a rack is letters a-z only")]
    NotALetter {
        /// The rack as given.
        rack: String,
        /// The first offending character.
        found: char,
    },
    /// More than [`MAX_RACK`] letters.
    #[error("the rack {rack:?} has {len} letters; at most {MAX_RACK} are allowed")]
    TooLong {
        /// The rack as given.
        rack: String,
        /// Its length in letters.
        len: usize,
    },
}

/// A multiset of at most [`MAX_RACK`] letters: how many of each letter it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rack {
    counts: [u8; 26],
    len: u8,
}

impl Rack {
    /// Parses user text: letters of either case; surrounding white space is ignored.
    ///
    /// # Errors
    ///
    /// [`RackError`] if the text is empty, holds anything but letters, or has more than
    /// [`MAX_RACK`] letters.
    pub fn parse(text: &str) -> Result<Rack, RackError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(RackError::Empty);
        }
        if let Some(found) = trimmed.chars().find(|c| !c.is_ascii_alphabetic()) {
            return Err(RackError::NotALetter {
                rack: trimmed.to_string(),
                found,
            });
        }
        if trimmed.len() > MAX_RACK {
            return Err(RackError::TooLong {
                rack: trimmed.to_string(),
                len: trimmed.len(),
            });
        }
        Ok(Rack::from_lowercase(trimmed.to_ascii_lowercase().as_bytes()).expect("checked above"))
    }

    /// The rack of lowercase ASCII letters, or `None` if a byte is not one or there are more
    /// than [`MAX_RACK`].
    pub fn from_lowercase(word: &[u8]) -> Option<Rack> {
        if word.len() > MAX_RACK {
            return None;
        }
        let mut rack = Rack::default();
        for &b in word {
            if !b.is_ascii_lowercase() {
                return None;
            }
            rack.counts[(b - b'a') as usize] += 1;
        }
        rack.len = word.len() as u8;
        Some(rack)
    }

    /// Number of letters (with repeats).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the rack has no letters.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many copies of `letter` the rack holds.
    pub fn count(&self, letter: Letter) -> usize {
        self.counts[letter.index()] as usize
    }

    /// The per-letter counts, indexed by letter (`a` = 0).
    pub fn counts(&self) -> &[u8; 26] {
        &self.counts
    }

    /// Whether every letter of `other` is available here as often as `other` needs it.
    pub fn contains(&self, other: &Rack) -> bool {
        self.counts
            .iter()
            .zip(other.counts.iter())
            .all(|(have, need)| have >= need)
    }

    /// Whether the lowercase word can be spelt from this rack.
    pub fn spells(&self, word: &str) -> bool {
        Rack::from_lowercase(word.as_bytes()).is_some_and(|w| self.contains(&w))
    }

    /// The signature of the whole rack.
    pub fn signature(&self) -> Signature {
        let mut sig = 0u64;
        for (i, &n) in self.counts.iter().enumerate() {
            for _ in 0..n {
                sig = (sig << 5) | (i as u64 + 1);
            }
        }
        Signature(sig)
    }

    /// Calls `f` with the signature of every distinct sub-multiset of the rack having at least
    /// `min_len` letters (the rack itself included). A rack of `k` distinct letters with
    /// counts `c1..ck` has `(c1+1)…(ck+1)` sub-multisets, at most 2⁶ for six letters; each is
    /// produced once, so answers gathered from them need no deduplication.
    pub fn for_each_sub_signature(&self, min_len: usize, mut f: impl FnMut(Signature)) {
        let mut distinct = [(0u64, 0u8); MAX_RACK];
        let mut k = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            if n > 0 {
                distinct[k] = (i as u64 + 1, n);
                k += 1;
            }
        }
        // Suffix sums bound how many letters are still available, pruning short branches.
        let mut remaining = [0usize; MAX_RACK + 1];
        for j in (0..k).rev() {
            remaining[j] = remaining[j + 1] + distinct[j].1 as usize;
        }
        fn walk(
            distinct: &[(u64, u8)],
            remaining: &[usize],
            j: usize,
            sig: u64,
            len: usize,
            min_len: usize,
            f: &mut impl FnMut(Signature),
        ) {
            if len + remaining[j] < min_len {
                return;
            }
            if j == distinct.len() {
                f(Signature(sig));
                return;
            }
            let (code, n) = distinct[j];
            let mut s = sig;
            for taken in 0..=n as usize {
                if taken > 0 {
                    s = (s << 5) | code;
                }
                walk(distinct, remaining, j + 1, s, len + taken, min_len, f);
            }
        }
        walk(
            &distinct[..k],
            &remaining[..=k],
            0,
            0,
            0,
            min_len.max(1),
            &mut f,
        );
    }
}

impl fmt::Display for Rack {
    /// The letters in alphabetical order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.signature().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_sorted_letters() {
        let a = Signature::of_word(b"listen").unwrap();
        let b = Signature::of_word(b"silent").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.letters(), "eilnst");
        assert_eq!(a.len(), 6);
        assert_ne!(a, Signature::of_word(b"listens").unwrap());
        assert_eq!(Signature::of_word(b"zzzzzzzzzzzz").unwrap().len(), 12);
        assert_eq!(Signature::of_word(b"zzzzzzzzzzzzz"), None);
        assert_eq!(Signature::of_word(b"Ab"), None);
    }

    #[test]
    fn sub_signatures_are_distinct_and_complete() {
        let rack = Rack::parse("Banana").unwrap();
        let mut seen = Vec::new();
        rack.for_each_sub_signature(1, |s| seen.push(s));
        // a:3 b:1 n:2 -> 4*2*3 = 24 sub-multisets, minus the empty one.
        assert_eq!(seen.len(), 23);
        let mut dedup = seen.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), seen.len());
        let mut long = Vec::new();
        rack.for_each_sub_signature(5, |s| long.push(s.letters()));
        long.sort();
        assert_eq!(long, ["aaabn", "aaabnn", "aaann", "aabnn"]);
    }

    #[test]
    fn parse_rejects_bad_racks() {
        assert_eq!(Rack::parse("  "), Err(RackError::Empty));
        assert!(matches!(
            Rack::parse("ab1"),
            Err(RackError::NotALetter { found: '1', .. })
        ));
        assert!(matches!(
            Rack::parse("abcdefghijklm"),
            Err(RackError::TooLong { len: 13, .. })
        ));
        let r = Rack::parse("Letter").unwrap();
        assert_eq!(r.len(), 6);
        assert!(r.spells("tele"));
        assert!(!r.spells("teller"));
    }
}
