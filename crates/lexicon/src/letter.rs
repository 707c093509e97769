//! Letters `a`–`z` and sets of them.

use std::fmt;

/// One of the 26 lowercase ASCII letters, stored as its index (`a` = 0 … `z` = 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Letter(u8);

impl Letter {
    /// All 26 letters in alphabetical order.
    pub const ALL: [Letter; 26] = {
        let mut all = [Letter(0); 26];
        let mut i = 0;
        while i < 26 {
            all[i] = Letter(i as u8);
            i += 1;
        }
        all
    };

    /// The letter with this index (0 = `a`), or `None` if the index is 26 or more.
    pub const fn from_index(index: u8) -> Option<Letter> {
        if index < 26 {
            Some(Letter(index))
        } else {
            None
        }
    }

    /// The letter for an ASCII byte of either case, or `None` for anything else.
    pub const fn from_ascii(byte: u8) -> Option<Letter> {
        match byte {
            b'a'..=b'z' => Some(Letter(byte - b'a')),
            b'A'..=b'Z' => Some(Letter(byte - b'A')),
            _ => None,
        }
    }

    /// The letter for a `char` of either case, or `None` if it is not an ASCII letter.
    pub fn from_char(c: char) -> Option<Letter> {
        if c.is_ascii() {
            Letter::from_ascii(c as u8)
        } else {
            None
        }
    }

    /// Index 0–25.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The lowercase ASCII byte.
    pub const fn lower(self) -> u8 {
        b'a' + self.0
    }

    /// The uppercase ASCII byte.
    pub const fn upper(self) -> u8 {
        b'A' + self.0
    }

    /// The bit of this letter in a [`LetterSet`].
    pub const fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.lower() as char)
    }
}

/// A set of letters as a 26-bit mask; iteration is alphabetical.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LetterSet(u32);

impl LetterSet {
    /// The empty set.
    pub const EMPTY: LetterSet = LetterSet(0);
    /// All 26 letters.
    pub const FULL: LetterSet = LetterSet((1 << 26) - 1);

    /// A set from a raw mask; bits above 25 are dropped.
    pub const fn from_bits(bits: u32) -> LetterSet {
        LetterSet(bits & Self::FULL.0)
    }

    /// The letters of a word (bytes that are not ASCII letters are ignored).
    pub fn of_word(word: &[u8]) -> LetterSet {
        word.iter()
            .filter_map(|&b| Letter::from_ascii(b))
            .fold(LetterSet::EMPTY, |set, l| set.with(l))
    }

    /// The raw 26-bit mask.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the letter is in the set.
    pub const fn contains(self, letter: Letter) -> bool {
        self.0 & letter.bit() != 0
    }

    /// Adds a letter; returns whether it was new.
    pub fn insert(&mut self, letter: Letter) -> bool {
        let new = !self.contains(letter);
        self.0 |= letter.bit();
        new
    }

    /// This set with one more letter.
    #[must_use]
    pub const fn with(self, letter: Letter) -> LetterSet {
        LetterSet(self.0 | letter.bit())
    }

    /// Letters in both sets.
    #[must_use]
    pub const fn intersection(self, other: LetterSet) -> LetterSet {
        LetterSet(self.0 & other.0)
    }

    /// Letters in either set.
    #[must_use]
    pub const fn union(self, other: LetterSet) -> LetterSet {
        LetterSet(self.0 | other.0)
    }

    /// Letters of `self` that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: LetterSet) -> LetterSet {
        LetterSet(self.0 & !other.0)
    }

    /// Letters not in the set.
    #[must_use]
    pub const fn complement(self) -> LetterSet {
        LetterSet(!self.0 & Self::FULL.0)
    }

    /// Number of letters.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The letters in alphabetical order.
    pub fn iter(self) -> impl Iterator<Item = Letter> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Letter(i as u8))
        })
    }
}

impl FromIterator<Letter> for LetterSet {
    fn from_iter<I: IntoIterator<Item = Letter>>(iter: I) -> Self {
        iter.into_iter().fold(LetterSet::EMPTY, LetterSet::with)
    }
}

impl fmt::Display for LetterSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|l| write!(f, "{l}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_through_ascii() {
        for (i, l) in Letter::ALL.iter().enumerate() {
            assert_eq!(l.index(), i);
            assert_eq!(Letter::from_ascii(l.lower()), Some(*l));
            assert_eq!(Letter::from_ascii(l.upper()), Some(*l));
        }
        assert_eq!(Letter::from_ascii(b'@'), None);
        assert_eq!(Letter::from_ascii(b'['), None);
        assert_eq!(Letter::from_char('é'), None);
        assert_eq!(Letter::from_index(26), None);
    }

    #[test]
    fn sets_iterate_alphabetically() {
        let set = LetterSet::of_word(b"factual");
        assert_eq!(set.to_string(), "acfltu");
        assert_eq!(set.len(), 6);
        assert_eq!(set.complement().len(), 20);
        assert!(set.contains(Letter::from_ascii(b'f').unwrap()));
        assert!(!set.contains(Letter::from_ascii(b'z').unwrap()));
    }
}
