//! How familiar English words are: one model, from a word-frequency list, that everything
//! facing a player uses (the `player` guesser, the cheating referees' revealed word).
//!
//! The source is the English word frequencies of **wordfreq 3.1.1** (Robyn Speer; PyPI
//! package `wordfreq`, its `large_en` list: Wikipedia, subtitles, news, books, the web,
//! Twitter and Reddit blended), data under CC BY-SA 4.0. The embedded file keeps its
//! 159,466 words of lowercase `a`–`z` with a frequency of at least 10^-7.5 (one in about
//! 30 million words of text), at wordfreq's precision of a centibel (frequencies
//! 10^(-cB/100)); `data/familiarity/README.md` says how it was made, `LICENSE` beside it is
//! its licence and `regenerate.sh` rebuilds it.
//!
//! The file is 566 kB gzipped, embedded in the binary, and decoded once, on first use
//! ([`Familiarity::get`]; a few milliseconds): per word length, the words alphabetically
//! with their centibels, looked up by binary search.
//!
//! A word the source does not list (most of the embedded list's obscure words: `bouse`)
//! has the [`FLOOR`] frequency, below every word it lists, so every word has a weight and
//! any listed word is more familiar than any unlisted one.
//!
//! # Examples
//!
//! ```
//! use hangman::familiarity::{self, Familiarity};
//!
//! assert!(familiarity::weight("house") > familiarity::weight("bouse"));
//! assert_eq!(familiarity::weight("qzxv"), familiarity::FLOOR);
//! let model = Familiarity::get();
//! assert_eq!(model.most_familiar(["douse", "bouse", "house"]), Some("house"));
//! assert!(model.words_of_length(5).any(|(word, _)| word == "house"));
//! ```

use std::io::Read;
use std::sync::OnceLock;

/// The embedded data: gzipped text, two `#` lines, then one word per line, front-coded
/// (`<shared prefix length><rest of the word> <centibels>`), alphabetical.
pub const DATA: &[u8] = include_bytes!("../data/familiarity/wordfreq-en.txt.gz");

/// Where the frequencies come from, for messages and reports.
pub const SOURCE: &str = "wordfreq 3.1.1 English (large list), CC BY-SA 4.0";

/// The frequency of a word the source does not list: 10^-8, below the rarest word kept
/// (10^-7.5).
pub const FLOOR: f64 = 1e-8;

/// The longest word kept (longer lines of the data are an error).
const MAX_LENGTH: usize = lexicon::MAX_WORD_LEN;

/// The words of one length: their bytes one after another, alphabetical, and their
/// centibels.
#[derive(Debug, Default)]
struct OfLength {
    length: usize,
    letters: Vec<u8>,
    centibels: Vec<u16>,
}

impl OfLength {
    fn len(&self) -> usize {
        self.centibels.len()
    }

    fn word(&self, i: usize) -> &[u8] {
        &self.letters[i * self.length..(i + 1) * self.length]
    }

    fn find(&self, word: &[u8]) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.word(mid).cmp(word) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }
}

/// The familiarity model: the source's frequency of every word it lists.
#[derive(Debug)]
pub struct Familiarity {
    by_length: Vec<OfLength>,
    words: usize,
}

/// The frequency of `centibels`.
fn frequency(centibels: u16) -> f64 {
    10f64.powf(-f64::from(centibels) / 100.0)
}

impl Familiarity {
    /// The embedded model, decoded on first use.
    pub fn get() -> &'static Familiarity {
        static MODEL: OnceLock<Familiarity> = OnceLock::new();
        MODEL.get_or_init(|| Familiarity::decode(DATA).expect("the embedded data is well formed"))
    }

    /// Decodes data in the embedded format (gzipped, front-coded text).
    ///
    /// # Errors
    ///
    /// A message naming the line when the data is not in that format.
    pub fn decode(gzipped: &[u8]) -> Result<Familiarity, String> {
        let mut text = String::new();
        flate2::read::GzDecoder::new(gzipped)
            .read_to_string(&mut text)
            .map_err(|e| format!("familiarity data: {e}"))?;
        let mut by_length: Vec<OfLength> = (0..=MAX_LENGTH)
            .map(|length| OfLength {
                length,
                ..OfLength::default()
            })
            .collect();
        let mut previous: Vec<u8> = Vec::new();
        let mut words = 0;
        for (number, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                continue;
            }
            let bad = || format!("familiarity data, line {}: {line:?}", number + 1);
            let digits = line.bytes().take_while(u8::is_ascii_digit).count();
            let (shared, rest) = line.split_at(digits);
            let (rest, centibels) = rest.split_once(' ').ok_or_else(bad)?;
            let shared: usize = shared.parse().map_err(|_| bad())?;
            let centibels: u16 = centibels.parse().map_err(|_| bad())?;
            if shared > previous.len()
                || rest.is_empty()
                || !rest.bytes().all(|b| b.is_ascii_lowercase())
            {
                return Err(bad());
            }
            previous.truncate(shared);
            previous.extend_from_slice(rest.as_bytes());
            let of = by_length.get_mut(previous.len()).ok_or_else(bad)?;
            // Alphabetical order overall is alphabetical order within each length.
            if of.len() > 0 && of.word(of.len() - 1) >= previous.as_slice() {
                return Err(bad());
            }
            of.letters.extend_from_slice(&previous);
            of.centibels.push(centibels);
            words += 1;
        }
        Ok(Familiarity { by_length, words })
    }

    /// How many words the source lists.
    pub fn len(&self) -> usize {
        self.words
    }

    /// Whether the source lists no word.
    pub fn is_empty(&self) -> bool {
        self.words == 0
    }

    /// The word's frequency in the source, in centibels below 1 (`None` if not listed).
    pub fn centibels(&self, word: &str) -> Option<u16> {
        let of = self.by_length.get(word.len())?;
        of.find(word.as_bytes()).map(|i| of.centibels[i])
    }

    /// Whether the source lists `word`.
    pub fn knows(&self, word: &str) -> bool {
        self.centibels(word).is_some()
    }

    /// The word's frequency (its share of words in running text), [`FLOOR`] if the source
    /// does not list it.
    pub fn frequency(&self, word: &str) -> f64 {
        self.centibels(word).map_or(FLOOR, frequency)
    }

    /// The word's Zipf value, `log10` of its frequency per billion words (7 for `the`, 3
    /// for a word met once per million, 1 for [`FLOOR`]).
    pub fn zipf(&self, word: &str) -> f64 {
        9.0 + self.frequency(word).log10()
    }

    /// The most familiar of `words` (the first given among equals), `None` if there are
    /// none.
    pub fn most_familiar<'a>(&self, words: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
        let mut best: Option<(f64, &str)> = None;
        for word in words {
            let f = self.frequency(word);
            if best.is_none_or(|(g, _)| f > g) {
                best = Some((f, word));
            }
        }
        best.map(|(_, w)| w)
    }

    /// The listed words of `length` letters with their frequencies, alphabetically.
    pub fn words_of_length(&self, length: usize) -> impl Iterator<Item = (&str, f64)> + '_ {
        let of = self.by_length.get(length);
        (0..of.map_or(0, OfLength::len)).map(move |i| {
            let of = of.expect("a length with words");
            let word = std::str::from_utf8(of.word(i)).expect("a-z is UTF-8");
            (word, frequency(of.centibels[i]))
        })
    }
}

/// The frequency of `word` in the embedded model ([`Familiarity::frequency`]): its
/// familiarity weight, [`FLOOR`] for a word the source does not list.
pub fn weight(word: &str) -> f64 {
    Familiarity::get().frequency(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gzip(text: &str) -> Vec<u8> {
        use std::io::Write;
        let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        out.write_all(text.as_bytes()).unwrap();
        out.finish().unwrap()
    }

    #[test]
    fn decodes_front_coded_words() {
        let model = Familiarity::decode(&gzip("# a\n0car 500\n2t 400\n0doe 300\n2g 450\n"))
            .expect("well formed");
        assert_eq!(model.len(), 4);
        assert_eq!(model.centibels("car"), Some(500));
        assert_eq!(model.centibels("doe"), Some(300));
        assert!((model.frequency("cat") - 1e-4).abs() < 1e-12);
        assert_eq!(model.frequency("cow"), FLOOR);
        assert_eq!(model.most_familiar(["car", "doe", "cat"]), Some("doe"));
        assert_eq!(model.most_familiar([]), None);
        let three: Vec<&str> = model.words_of_length(3).map(|(w, _)| w).collect();
        assert_eq!(three, ["car", "cat", "doe", "dog"]);
        assert_eq!(model.words_of_length(40).count(), 0);
    }

    #[test]
    fn bad_data_is_an_error_naming_the_line() {
        for bad in [
            "0cat\n",
            "0Cat 1\n",
            "5cat 1\n",
            "0cat 1\n0cat 2\n",
            "0cat x\n",
        ] {
            let err = Familiarity::decode(&gzip(bad)).unwrap_err();
            assert!(err.contains("line"), "{bad:?}: {err}");
        }
        assert!(Familiarity::decode(b"not gzip").is_err());
    }

    #[test]
    fn familiar_words_weigh_more_than_obscure_ones() {
        let model = Familiarity::get();
        for (familiar, obscure) in [
            ("house", "bouse"),
            ("house", "douse"),
            ("copy", "copt"),
            ("deny", "dene"),
            ("sink", "sind"),
            ("pot", "pht"),
            ("comics", "comity"),
        ] {
            assert!(
                model.frequency(familiar) > 10.0 * model.frequency(obscure),
                "{familiar} {obscure}"
            );
        }
        assert!(model.zipf("the") > 7.0 && model.zipf("house") > 4.5);
        assert_eq!(model.zipf("bouse"), 1.0);
        assert!(model.len() > 150_000);
    }

    #[test]
    fn the_source_covers_the_common_tier_and_much_of_the_embedded_list() {
        let model = Familiarity::get();
        let share = |list: &lexicon::Lexicon| {
            list.words().filter(|w| model.knows(w)).count() as f64 / list.len() as f64
        };
        let common = share(&lexicon::Lexicon::common());
        let embedded = share(&lexicon::Lexicon::embedded());
        assert!(common > 0.9, "common tier {common}");
        assert!((0.35..0.45).contains(&embedded), "embedded list {embedded}");
    }

    #[test]
    fn the_source_knows_everyday_words_and_names_outside_the_list() {
        let model = Familiarity::get();
        for word in ["everest", "charles", "korea", "linux", "blog", "selfie"] {
            assert!(model.knows(word), "{word}");
        }
    }
}
