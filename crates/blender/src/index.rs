//! The signature index: every word of 3–12 letters under its signature, with its tier.

use lexicon::Lexicon;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::rack::{MAX_RACK, Rack, Signature};

/// The shortest word the game knows: two-letter words are never answers.
pub const MIN_WORD: usize = 3;

/// The rack length of a round and of an entry of the list of games.
pub const GAME_LETTERS: usize = 6;

/// One word of a rack's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Answer<'a> {
    /// The word, lowercase.
    pub word: &'a str,
    /// Whether the word is in the common (required) tier; otherwise it is only accepted and
    /// scores as a bonus word.
    pub required: bool,
}

/// The words of the game in two tiers, indexed by signature.
///
/// *Accepted* words are the whole list; *required* words are those of the common tier (every
/// accepted word when there is no common tier). Required words make a round's slots, its
/// completion bonus and its list of missed words; accepted-only words score as bonus words.
///
/// # Examples
///
/// ```
/// use blender::{Dictionary, Rack};
/// use lexicon::Lexicon;
///
/// let accepted = Lexicon::from_words(["ten", "net", "tine", "nite", "inset", "tines", "stein"])?;
/// let common = Lexicon::from_words(["ten", "net", "stein"])?;
/// let dict = Dictionary::new(&accepted, Some(&common));
///
/// // Every word the rack spells, by length then alphabetically, with its tier.
/// let answers = dict.solve(&Rack::parse("tensi")?, 3);
/// let words: Vec<(&str, bool)> = answers.iter().map(|a| (a.word, a.required)).collect();
/// assert_eq!(
///     words,
///     [("net", true), ("ten", true), ("nite", false), ("tine", false),
///      ("inset", false), ("stein", true), ("tines", false)]
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Dictionary {
    /// Words ordered by length, then alphabetically: an index is also a word's rank in the
    /// order answers are listed in, so sorting answers is sorting integers.
    words: Vec<Box<str>>,
    required: Vec<bool>,
    /// Word indices grouped by signature (ascending within a group).
    by_signature: Vec<u32>,
    /// Signature -> range of `by_signature`.
    ranges: FxHashMap<u64, (u32, u32)>,
    required_count: usize,
}

impl Dictionary {
    /// Indexes the words of 3–12 letters of `accepted`. A word is required when `common` is
    /// `None` or contains it; words of `common` missing from `accepted` are ignored (a word
    /// the game does not accept cannot be required).
    pub fn new(accepted: &Lexicon, common: Option<&Lexicon>) -> Dictionary {
        let mut dict = Dictionary::default();
        let mut keyed: Vec<(u64, u32)> = Vec::new();
        for length in MIN_WORD..=MAX_RACK.min(accepted.max_length()) {
            let bucket = accepted.bucket(length);
            let common_bucket = common.map(|c| c.bucket(length));
            for (i, word) in bucket.words().enumerate() {
                let required = common_bucket.is_none_or(|c| c.find(word.as_bytes()).is_some());
                let sig = Signature::of_word(bucket.word(i)).expect("lexicon words are a-z");
                keyed.push((sig.0, dict.words.len() as u32));
                dict.words.push(word.into());
                dict.required.push(required);
                dict.required_count += usize::from(required);
            }
        }
        keyed.par_sort_unstable();
        dict.ranges.reserve(keyed.len());
        dict.by_signature = Vec::with_capacity(keyed.len());
        for (pos, &(sig, index)) in keyed.iter().enumerate() {
            dict.by_signature.push(index);
            dict.ranges
                .entry(sig)
                .and_modify(|r| r.1 = pos as u32 + 1)
                .or_insert((pos as u32, pos as u32 + 1));
        }
        dict
    }

    fn entry(&self, index: u32) -> Answer<'_> {
        Answer {
            word: &self.words[index as usize],
            required: self.required[index as usize],
        }
    }

    /// Number of indexed (accepted) words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether no word is indexed.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Number of required (common-tier) words.
    pub fn required_len(&self) -> usize {
        self.required_count
    }

    /// The words whose letters are exactly those of `signature`, alphabetically.
    pub fn anagrams(&self, signature: Signature) -> impl ExactSizeIterator<Item = Answer<'_>> {
        let (start, end) = self
            .ranges
            .get(&signature.0)
            .map_or((0, 0), |&(s, e)| (s as usize, e as usize));
        self.by_signature[start..end].iter().map(|&i| self.entry(i))
    }

    /// Whether `word` (lowercase) is accepted.
    pub fn accepts(&self, word: &str) -> bool {
        self.answer(word).is_some()
    }

    /// The entry of `word` (lowercase), if accepted.
    pub fn answer(&self, word: &str) -> Option<Answer<'_>> {
        let sig = Signature::of_word(word.as_bytes())?;
        self.anagrams(sig).find(|a| a.word == word)
    }

    /// Every word of at least `min_len` letters that can be spelt from the rack, ordered by
    /// length, then alphabetically. Each distinct sub-multiset of the rack is looked up once,
    /// so no word appears twice.
    pub fn solve(&self, rack: &Rack, min_len: usize) -> Vec<Answer<'_>> {
        let mut found: Vec<u32> = Vec::with_capacity(64);
        rack.for_each_sub_signature(min_len.max(MIN_WORD), |sig| {
            if let Some(&(s, e)) = self.ranges.get(&sig.0) {
                found.extend_from_slice(&self.by_signature[s as usize..e as usize]);
            }
        });
        found.sort_unstable();
        found.into_iter().map(|i| self.entry(i)).collect()
    }

    /// The signatures that have at least one accepted word of `length` letters, ascending
    /// (for equal lengths that is alphabetical order of the letters).
    pub fn signatures_of_length(&self, length: usize) -> Vec<Signature> {
        let mut sigs: Vec<Signature> = self
            .ranges
            .keys()
            .map(|&s| Signature(s))
            .filter(|s| s.len() == length)
            .collect();
        sigs.sort_unstable();
        sigs
    }

    /// The entire list of games: every signature of a six-letter accepted word with all its
    /// 3–6-letter words, in signature order. Computed in parallel; the result does not depend
    /// on the number of threads.
    pub fn games(&self) -> Vec<GameEntry<'_>> {
        self.signatures_of_length(GAME_LETTERS)
            .into_par_iter()
            .map(|sig| {
                let rack = Rack::from_lowercase(sig.letters().as_bytes()).expect("a-z");
                let (required, accepted) = self
                    .solve(&rack, MIN_WORD)
                    .into_iter()
                    .partition::<Vec<_>, _>(|a| a.required);
                GameEntry {
                    letters: sig.letters(),
                    required: required.into_iter().map(|a| a.word).collect(),
                    accepted: accepted.into_iter().map(|a| a.word).collect(),
                }
            })
            .collect()
    }
}

/// One entry of the list of games: a six-letter signature and the words of its rack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEntry<'a> {
    /// The six letters, alphabetically.
    pub letters: String,
    /// The required (common) words, by length then alphabetically.
    pub required: Vec<&'a str>,
    /// The accepted-only (bonus) words, by length then alphabetically.
    pub accepted: Vec<&'a str>,
}

impl GameEntry<'_> {
    /// Whether a round can be dealt from this entry: it has a required six-letter word.
    pub fn playable(&self) -> bool {
        self.required.iter().any(|w| w.len() == GAME_LETTERS)
    }

    /// All words, required and accepted.
    pub fn total(&self) -> usize {
        self.required.len() + self.accepted.len()
    }
}

/// Counts and distributions over the list of games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GamesStats {
    /// Six-letter signatures (entries of the list of games).
    pub games: usize,
    /// Entries with a required six-letter word (a round can be dealt from them).
    pub playable: usize,
    /// Playable entries whose number of required words is within the round bounds.
    pub in_bounds: usize,
    /// Number of playable games by number of required words: `(words, games)`, ascending.
    pub required_per_game: Vec<(usize, usize)>,
    /// Number of games by number of accepted words (required included): `(words, games)`.
    pub accepted_per_game: Vec<(usize, usize)>,
}

impl GamesStats {
    /// The statistics of a list of games, counting as in bounds the playable games with
    /// `min_words..=max_words` required words.
    pub fn of(games: &[GameEntry<'_>], min_words: usize, max_words: usize) -> GamesStats {
        let mut required = std::collections::BTreeMap::new();
        let mut accepted = std::collections::BTreeMap::new();
        let mut stats = GamesStats {
            games: games.len(),
            ..GamesStats::default()
        };
        for game in games {
            *accepted.entry(game.total()).or_insert(0) += 1;
            if game.playable() {
                stats.playable += 1;
                *required.entry(game.required.len()).or_insert(0) += 1;
                if (min_words..=max_words).contains(&game.required.len()) {
                    stats.in_bounds += 1;
                }
            }
        }
        stats.required_per_game = required.into_iter().collect();
        stats.accepted_per_game = accepted.into_iter().collect();
        stats
    }
}
