//! The signature index against brute force: every word checked by letter counts.

use std::sync::OnceLock;

use blender::{Dictionary, MIN_WORD, Rack};
use lexicon::Lexicon;
use proptest::prelude::*;

fn lexicon() -> &'static Lexicon {
    static LEX: OnceLock<Lexicon> = OnceLock::new();
    LEX.get_or_init(Lexicon::embedded)
}

fn dictionary() -> &'static Dictionary {
    static DICT: OnceLock<Dictionary> = OnceLock::new();
    DICT.get_or_init(|| Dictionary::new(lexicon(), None))
}

fn counts(word: &[u8]) -> [u8; 26] {
    let mut c = [0u8; 26];
    for &b in word {
        c[(b - b'a') as usize] += 1;
    }
    c
}

/// Every word of the lexicon of 3..=rack letters whose letter counts fit the rack.
fn brute_force(rack: &str) -> Vec<String> {
    let have = counts(rack.as_bytes());
    let mut out = Vec::new();
    for len in MIN_WORD..=rack.len() {
        for word in lexicon().bucket(len).words() {
            let need = counts(word.as_bytes());
            if need.iter().zip(&have).all(|(n, h)| n <= h) {
                out.push(word.to_string());
            }
        }
    }
    out
}

fn solved(rack: &str) -> Vec<String> {
    let r = Rack::parse(rack).unwrap();
    dictionary()
        .solve(&r, MIN_WORD)
        .iter()
        .map(|a| a.word.to_string())
        .collect()
}

/// Racks biased towards common letters, so that they have answers.
fn rack_strategy() -> impl Strategy<Value = String> {
    let letters = "eeeeaaaiiioooutnsrlldcmphgbyfkwvzxjq";
    prop::collection::vec(prop::sample::select(letters.as_bytes().to_vec()), 1..=12)
        .prop_map(|v| String::from_utf8(v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn solve_matches_brute_force(rack in rack_strategy()) {
        // Brute force lists by length then alphabetically, as solve promises.
        prop_assert_eq!(solved(&rack), brute_force(&rack));
    }
}

#[test]
fn known_racks() {
    let six = solved("silent");
    for w in [
        "listen", "silent", "enlist", "tinsel", "inlets", "lines", "tile", "lit",
    ] {
        assert!(six.contains(&w.to_string()), "{w} missing");
    }
    assert!(!six.contains(&"lists".to_string()), "only one s");
    // Repeated letters and the 12-letter limit.
    assert_eq!(solved("aaa"), brute_force("aaa"));
    assert_eq!(solved("qqqqqqqqqqqq"), Vec::<String>::new());
    let twelve = solved("abcdefghijkl");
    assert_eq!(twelve, brute_force("abcdefghijkl"));
}

#[test]
fn every_game_entry_is_its_rack() {
    let dict = dictionary();
    let games = dict.games();
    assert!(games.len() > 1000);
    // Entries are in signature order and each holds exactly the rack's words.
    assert!(games.windows(2).all(|w| w[0].letters < w[1].letters));
    for g in games.iter().step_by(997) {
        let mut words: Vec<String> = g.required.iter().map(|w| w.to_string()).collect();
        words.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        assert_eq!(words, brute_force(&g.letters));
        assert!(
            g.accepted.is_empty(),
            "no common tier: every word is required"
        );
    }
}
