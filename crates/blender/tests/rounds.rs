//! Dealing rounds: bounds, scrambling and seeded determinism.

use std::sync::OnceLock;

use blender::{Dictionary, MIN_WORD, Rack, RoundGenerator, scramble};
use lexicon::Lexicon;
use rand::SeedableRng;
use rand_pcg::Pcg64;

fn dictionary() -> &'static Dictionary {
    static DICT: OnceLock<Dictionary> = OnceLock::new();
    DICT.get_or_init(|| Dictionary::new(&Lexicon::embedded(), None))
}

fn permutations(v: &[u8]) -> Vec<Vec<u8>> {
    if v.len() <= 1 {
        return vec![v.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..v.len() {
        let mut rest = v.to_vec();
        let c = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, c);
            out.push(p);
        }
    }
    out
}

#[test]
fn deals_respect_bounds_and_do_not_show_words() {
    let dict = dictionary();
    let generator = RoundGenerator::new(dict, 8, 40).unwrap();
    let mut rng = Pcg64::seed_from_u64(7);
    for _ in 0..30 {
        let deal = generator.deal(&mut rng);
        let required = deal.required().count();
        assert!(
            (8..=40).contains(&required),
            "{} has {required}",
            deal.source
        );
        let display = String::from_utf8(deal.letters.clone()).unwrap();
        if dict.accepts(&display) {
            // Only allowed when no arrangement avoids a word.
            assert!(
                permutations(&deal.letters)
                    .iter()
                    .all(|p| dict.accepts(std::str::from_utf8(p).unwrap())),
                "{display} is a word though another order is not"
            );
        }
        // Same letters as the source word, and the answers are the rack's.
        let rack = Rack::from_lowercase(deal.source.as_bytes()).unwrap();
        assert_eq!(Rack::from_lowercase(&deal.letters).unwrap(), rack);
        let words: Vec<&str> = deal.words.iter().map(|w| w.word.as_str()).collect();
        let expected: Vec<&str> = dict.solve(&rack, MIN_WORD).iter().map(|a| a.word).collect();
        assert_eq!(words, expected);
        assert!(words.contains(&deal.source.as_str()));
    }
}

#[test]
fn deals_are_seeded() {
    let generator = RoundGenerator::new(dictionary(), 8, 40).unwrap();
    let deals = |seed| {
        let mut rng = Pcg64::seed_from_u64(seed);
        (0..5).map(|_| generator.deal(&mut rng)).collect::<Vec<_>>()
    };
    assert_eq!(deals(3), deals(3));
    assert_ne!(deals(3), deals(4));
}

#[test]
fn bounds_are_checked() {
    let dict = dictionary();
    assert!(RoundGenerator::new(dict, 9, 8).is_err());
    assert!(RoundGenerator::new(dict, 100_000, 100_000).is_err());
    let narrow = RoundGenerator::new(dict, 10, 10).unwrap();
    let mut rng = Pcg64::seed_from_u64(1);
    assert_eq!(narrow.deal(&mut rng).required().count(), 10);
}

#[test]
fn scramble_finds_the_one_non_word_order() {
    let mut rng = Pcg64::seed_from_u64(0);
    // Only "cba" is not a "word": the random tries rarely hit it, the fallback must.
    let out = scramble(b"abc", |w| w != b"cba", &mut rng);
    assert_eq!(out, b"cba");
    // When every order is a word, it still returns an arrangement of the letters.
    let out = scramble(b"abc", |_| true, &mut rng);
    let mut sorted = out.clone();
    sorted.sort();
    assert_eq!(sorted, b"abc");
    // The original order is avoided when another non-word order exists.
    for _ in 0..20 {
        assert_ne!(scramble(b"abcdef", |_| false, &mut rng), b"abcdef");
    }
}

/// With the embedded lists, every round's required words are common-tier words, its bonus
/// words are not, and its rack comes from a common six-letter word, for many seeds and
/// every difficulty.
#[test]
fn required_words_of_many_deals_are_all_in_the_common_tier() {
    let common = Lexicon::common();
    let dict = Dictionary::new(&Lexicon::embedded(), Some(&common));
    for difficulty in blender::Difficulty::ALL {
        let range = difficulty.words();
        let generator = RoundGenerator::new(&dict, *range.start(), *range.end()).unwrap();
        for seed in 0..200 {
            let deal = generator.deal(&mut Pcg64::seed_from_u64(seed));
            assert!(common.contains(&deal.source), "{seed}: {}", deal.source);
            let required: Vec<&str> = deal.required().collect();
            assert!(range.contains(&required.len()), "{seed}: {required:?}");
            for word in &deal.words {
                assert_eq!(
                    common.contains(&word.word),
                    word.required,
                    "seed {seed}, {difficulty:?}: {}",
                    word.word
                );
            }
            assert!(required.iter().any(|w| w.len() == 6), "{seed}");
        }
    }
}
