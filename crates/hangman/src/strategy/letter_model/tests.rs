use std::sync::Arc;

use lexicon::{Letter, LetterSet, Lexicon};

use super::index::SubstringIndex;
use super::lm::LanguageModel;
use super::{LetterModel, Weights};

fn letter(c: u8) -> Letter {
    Letter::from_ascii(c).unwrap()
}

fn board(text: &str) -> Vec<Option<Letter>> {
    text.bytes()
        .map(|b| (b != b'-').then(|| letter(b)))
        .collect()
}

const WORDS: [&str; 12] = [
    "cat", "car", "cab", "bat", "bar", "tab", "tar", "art", "rat", "act", "arc", "bra",
];

#[test]
fn language_model_states_hold_distributions_and_length_mass_matches_enumeration() {
    let index = SubstringIndex::build(WORDS);
    // Orders 2 to 4: states that back off to the root, to a link with raw counts, and
    // deeper than any training word's substrings.
    for order in 2..=4 {
        let lm = LanguageModel::build(&index.forward, order, 0.7);
        for state in 0..lm.states() {
            let total: f64 = lm.distribution(state).iter().sum();
            assert!(
                (total - 1.0).abs() < 1e-5,
                "order {order}, state {state}: {total}"
            );
        }
        // The chance of writing a word of each length, by enumerating every string.
        let mass = lm.length_mass(&index.forward, 3);
        let mut by_length = [0.0f64; 4];
        for (len, total) in by_length.iter_mut().enumerate().skip(1) {
            for n in 0..26usize.pow(len as u32) {
                let word: Vec<u8> = (0..len)
                    .map(|i| b'a' + (n / 26usize.pow(i as u32) % 26) as u8)
                    .collect();
                *total += lm.log_likelihood(&index.forward, &word).exp();
            }
        }
        for len in 1..=3 {
            assert!(
                (mass[len] - by_length[len]).abs() < 1e-6,
                "order {order}, length {len}: {} vs {}",
                mass[len],
                by_length[len]
            );
        }
        // Three-letter strings take most of the mass: every training word has three letters
        // (a bigram model sees too little of a word to know it).
        assert!(order == 2 || mass[3] > mass[1] + mass[2], "order {order}");
        // Run further, the programme gives the same masses to the bit.
        assert_eq!(lm.length_mass(&index.forward, 6)[..=3], mass[..]);
    }
}

#[test]
fn the_training_words_chance_over_shared_prefixes_is_the_sum_of_theirs() {
    let words = [
        "walk", "walked", "walker", "walkers", "walking", "talk", "talked", "tall", "taller",
    ];
    let index = SubstringIndex::build(words);
    let lm = LanguageModel::build(&index.forward, 4, 0.55);
    let lexicon = Lexicon::from_words(words).unwrap();
    for length in 4..=7 {
        let bucket = lexicon.bucket(length);
        let one_by_one: f64 = bucket
            .words()
            .map(|w| lm.log_likelihood(&index.forward, w.as_bytes()).exp())
            .sum();
        let shared = lm.total_likelihood(&index.forward, bucket.words().map(str::as_bytes));
        assert_eq!(shared.to_bits(), one_by_one.to_bits(), "length {length}");
    }
}

#[test]
fn odds_rule_out_training_words_and_guessed_letters() {
    let words = Arc::new(Lexicon::from_words(WORDS).unwrap());
    let model = LetterModel::train(words, Weights::default());
    // "-AT" with e guessed: bat, cat, rat are training words, so b, c, r are ruled out.
    let guessed = LetterSet::of_word(b"ate");
    let odds = model.odds(&board("-at"), guessed, &[]);
    for c in *b"bcrate" {
        assert_eq!(odds.present[letter(c).index()], 0.0, "{}", c as char);
    }
    let best = odds.best(guessed).unwrap();
    assert!(!b"bcrate".contains(&best.lower()));
    assert!(
        odds.likely
            .iter()
            .all(|(w, _)| !["bat", "cat", "rat"].contains(&w.as_str()))
    );
    assert!(odds.present.iter().all(|p| (0.0..=1.0).contains(p)));
    // A wrong word guess is ruled out too.
    let wrong = vec![format!("{}at", best.lower() as char)];
    let again = model.odds(&board("-at"), guessed, &wrong);
    assert!(again.likely.iter().all(|(w, _)| *w != wrong[0]));
    assert_eq!(again.present[best.index()], 0.0);
}

#[test]
fn opening_odds_are_cached_and_equal_to_fresh_ones() {
    let words = Arc::new(Lexicon::from_words(WORDS).unwrap());
    let model = LetterModel::train(Arc::clone(&words), Weights::default());
    let guessed = LetterSet::of_word(b"e");
    let first = model.odds(&board("---"), guessed, &[]);
    let cached = model.odds(&board("---"), guessed, &[]);
    let fresh = LetterModel::train(words, Weights::default()).odds(&board("---"), guessed, &[]);
    assert_eq!(first, cached);
    assert_eq!(first, fresh);
    // Every training word holds an a.
    assert_eq!(first.best(guessed), Some(letter(b'a')));
}

#[test]
fn windows_alone_still_rank_letters() {
    let words = Arc::new(Lexicon::from_words(WORDS).unwrap());
    let weights = Weights {
        completions: 0.0,
        ..Weights::default()
    };
    let model = LetterModel::train(words, weights);
    let guessed = LetterSet::of_word(b"ct");
    let odds = model.odds(&board("c--t"), guessed, &[]);
    assert!(odds.from_completions.is_none());
    assert_eq!(odds.present, odds.from_windows);
    // "c?" and "?t" windows: a follows c and precedes t in the training words.
    assert_eq!(odds.best(guessed), Some(letter(b'a')));
    assert_eq!(odds.cells.len(), 2);
}

#[test]
fn weights_out_of_range_are_refused() {
    let bad = [
        Weights {
            completions: 1.5,
            ..Weights::default()
        },
        Weights {
            order: 1,
            ..Weights::default()
        },
        Weights {
            discount: 1.0,
            ..Weights::default()
        },
        Weights {
            beam: 0,
            ..Weights::default()
        },
        Weights {
            exact: -1.0,
            ..Weights::default()
        },
    ];
    for w in bad {
        assert!(w.validate().is_err(), "{w:?}");
    }
    assert!(Weights::default().validate().is_ok());
}
