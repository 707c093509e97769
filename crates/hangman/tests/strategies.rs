//! The strong strategies against the game loop: tree evaluation equals replay (for the
//! registry's policies and for random play), every word finishes, and the lookahead never
//! does worse than its base.

mod common;

use std::sync::Arc;

use hangman::Position;
use hangman::eval::{self, RunOptions};
use hangman::result::GameResult;
use hangman::strategy::{self, Decision, Policy, PolicyStrategy, Settings, Strategy};
use lexicon::{Bucket, Letter, Lexicon};
use proptest::prelude::*;

fn build(
    lexicon: &Arc<Lexicon>,
    name: &str,
    max_wrong: u32,
    params: &[(&str, &str)],
) -> Box<dyn Strategy> {
    let settings = Settings {
        max_wrong,
        seed: 1,
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        cache_dir: None,
    };
    strategy::find(name)
        .unwrap()
        .build(lexicon.clone(), &settings)
        .unwrap()
}

fn replay(strategy: &dyn Strategy, words: &[String], max_wrong: u32) -> Vec<GameResult> {
    assert_eq!(
        strategy.max_wrong(),
        max_wrong,
        "the limit it was built for"
    );
    let options = RunOptions {
        seed: 1,
        record: false,
    };
    eval::play_words(strategy, words, &options, &|| {}).unwrap()
}

/// The parts of a result both evaluations must agree on (not the timing).
fn key(r: &GameResult) -> (String, u32, bool, u32, u32) {
    (r.word.clone(), r.score, r.won, r.wrong_guesses, r.guesses)
}

/// How many of a bucket's words the debug tests replay through the game loop: every
/// `SAMPLE`-th (the tree still evaluates the whole bucket). The proptest at the end checks the
/// tree against the game on random lists; `every_word_replays_as_the_tree_evaluates` replays
/// all of them in the release job (`cargo test --release -- --ignored`).
const SAMPLE: usize = 23;

fn check_tree_equals_replay(
    lexicon: &Arc<Lexicon>,
    name: &str,
    params: &[(&str, &str)],
    lengths: &[usize],
    max_wrongs: &[u32],
    step: usize,
) {
    for &max_wrong in max_wrongs {
        let strategy = build(lexicon, name, max_wrong, params);
        for &length in lengths {
            let bucket = lexicon.bucket(length);
            let words: Vec<String> = bucket.words().map(str::to_string).collect();
            let tree = strategy
                .evaluate_length(length)
                .expect("policies evaluate as a tree");
            assert_eq!(tree.len(), words.len());
            let (tree, words): (Vec<_>, Vec<String>) =
                tree.into_iter().zip(words).step_by(step).unzip();
            let played = replay(strategy.as_ref(), &words, max_wrong);
            assert_eq!(played.len(), words.len());
            for (t, p) in tree.iter().zip(&played) {
                assert_eq!(
                    key(t),
                    key(p),
                    "{name} length {length} max_wrong {max_wrong}"
                );
            }
        }
    }
}

#[test]
fn tree_equals_replay_for_greedy_and_entropy() {
    greedy_and_entropy_tree_equals_replay(SAMPLE, &[0, 2, 5], &[1, 5]);
}

/// Replays every `step`-th word at the limits `max_wrongs` (with the default thresholds) and
/// `threshold_limits` (with other thresholds).
fn greedy_and_entropy_tree_equals_replay(
    step: usize,
    max_wrongs: &[u32],
    threshold_limits: &[u32],
) {
    let lexicon = Arc::new(Lexicon::embedded());
    for name in ["greedy", "entropy"] {
        check_tree_equals_replay(&lexicon, name, &[], &[2, 3, 4, 9, 16], max_wrongs, step);
    }
    // Other thresholds change which branch of the evaluator is taken.
    let (greedy, entropy) = ([("word_at", "1")], [("word_at", "6")]);
    check_tree_equals_replay(
        &lexicon,
        "greedy",
        &greedy,
        &[3, 12],
        threshold_limits,
        step,
    );
    check_tree_equals_replay(
        &lexicon,
        "entropy",
        &entropy,
        &[3, 12],
        threshold_limits,
        step,
    );
}

/// The two tests above with every word of each bucket replayed. Greedy and entropy replay
/// every word at the challenge's limit (5) only: a game of theirs is not shared with the
/// tree, so replaying the 30,833 words of length 9 at every limit took three minutes of CI;
/// the other limits are sampled by the debug test.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test strategies -- --ignored"]
fn every_word_replays_as_the_tree_evaluates() {
    greedy_and_entropy_tree_equals_replay(1, &[5], &[5]);
    lookahead_tree_equals_replay(1);
}

/// Parameters that keep the lookahead quick in a debug build: length 2 solved exactly,
/// smaller exact endgames and deep searches (the defaults are checked on the challenge
/// dictionary by the release-only tests below).
const LIGHT: &[(&str, &str)] = &[
    ("solve", "2"),
    ("exact0", "200"),
    ("exact1", "40"),
    ("exact2", "12"),
    ("deep", "200"),
];

#[test]
fn tree_equals_replay_for_lookahead() {
    lookahead_tree_equals_replay(SAMPLE);
}

fn lookahead_tree_equals_replay(step: usize) {
    let lexicon = Arc::new(Lexicon::embedded());
    check_tree_equals_replay(&lexicon, "best", LIGHT, &[2, 3, 13], &[1, 5], step);
    check_tree_equals_replay(
        &lexicon,
        "lookahead",
        &[
            ("solve", "0"),
            ("exact", "4"),
            ("depth", "2"),
            ("base", "greedy"),
        ],
        &[2, 14],
        &[3],
        step,
    );
    // The defaults, on a few hundred words of lengths 3 (solved exactly) and 6.
    let some: Vec<&str> = [3usize, 6]
        .iter()
        .flat_map(|&l| lexicon.bucket(l).words().step_by(40).collect::<Vec<_>>())
        .collect();
    let small = Arc::new(Lexicon::from_words(some).unwrap());
    check_tree_equals_replay(&small, "best", &[], &[3, 6], &[2, 5], step);
}

#[test]
fn every_strategy_finishes_every_embedded_word() {
    // The tree evaluator refuses a repeated letter or a word that is not a candidate, so a
    // full evaluation is a check that no game repeats a guess; the replay of a sample
    // checks the same through the game loop.
    let lexicon = Arc::new(Lexicon::embedded());
    let lengths: Vec<usize> = lexicon.lengths().collect();
    for name in ["greedy", "entropy"] {
        let strategy = build(&lexicon, name, 5, &[]);
        let all = eval::evaluate_lengths(strategy.as_ref(), &lengths).expect(name);
        assert_eq!(all.len(), lexicon.len());
        assert!(all.iter().all(|r| r.won || r.score == 25));
        let sample: Vec<String> = lexicon.words().step_by(211).map(str::to_string).collect();
        assert_eq!(replay(strategy.as_ref(), &sample, 5).len(), sample.len());
    }
    // The lookahead over every length is too slow for a debug build; its short and long
    // buckets are played through the game loop (every length of the challenge dictionary by
    // `best_claims_hold_on_the_challenge_dictionary`, in release).
    let strategy = build(&lexicon, "best", 5, LIGHT);
    let words: Vec<String> = [2usize, 3, 15, 16, 17, 18, 19, 20, 21]
        .iter()
        .flat_map(|&l| {
            lexicon
                .bucket(l)
                .words()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(replay(strategy.as_ref(), &words, 5).len(), words.len());
}

fn total(results: &[GameResult]) -> u64 {
    results.iter().map(|r| u64::from(r.score)).sum()
}

#[test]
fn lookahead_is_never_worse_than_its_base() {
    // Quick shapes on the short buckets here; the defaults on every length of the
    // challenge dictionary in `best_claims_hold_on_the_challenge_dictionary` (release).
    let lexicon = Arc::new(Lexicon::embedded());
    for (base, max_wrong) in [("entropy", 5), ("greedy", 2)] {
        let base_strategy = build(&lexicon, base, max_wrong, &[]);
        let mut params = LIGHT.to_vec();
        params.push(("base", base));
        let best = build(&lexicon, "lookahead", max_wrong, &params);
        for length in [2, 3, 4] {
            let b = total(&base_strategy.evaluate_length(length).unwrap());
            let l = total(&best.evaluate_length(length).unwrap());
            assert!(
                l <= b,
                "lookahead {l} > {base} {b} at length {length}, max {max_wrong}"
            );
        }
    }
}

/// `best`'s claims with its default settings, on every length of the challenge dictionary:
/// it never scores more than its base policy (entropy) on any length, and on the lengths it
/// solves exactly (2 and 3) it scores the exact optimum, which no other strategy beats.
///
/// About a minute in a release build, far too slow in debug:
/// `cargo test --release -p hangman --test strategies -- --ignored`.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test strategies -- --ignored"]
fn best_claims_hold_on_the_challenge_dictionary() {
    let lexicon = Arc::new(common::challenge());
    let best = build(&lexicon, "best", 5, &[]);
    let others: Vec<Box<dyn Strategy>> = ["entropy", "greedy"]
        .iter()
        .map(|name| build(&lexicon, name, 5, &[]))
        .collect();
    let exact = strategy::Exact::new(lexicon.max_length());
    for length in lexicon.lengths() {
        let l = total(&best.evaluate_length(length).unwrap());
        let entropy = total(&others[0].evaluate_length(length).unwrap());
        assert!(
            l <= entropy,
            "best {l} > entropy {entropy} at length {length}"
        );
        if length <= 3 {
            let bucket = lexicon.bucket(length);
            let all: Vec<u32> = (0..bucket.len() as u32).collect();
            let (optimum, _) = exact.solve(bucket, &all, Position::new(length, 5));
            assert_eq!(l, u64::from(optimum), "best is exact at length {length}");
            for other in &others {
                let o = total(&other.evaluate_length(length).unwrap());
                assert!(o >= l, "{} {o} < the optimum {l}", other.name());
            }
        }
    }
}

#[test]
fn bad_parameters_are_rejected() {
    let lexicon = Arc::new(Lexicon::from_words(["cat", "dog"]).unwrap());
    let settings = |k: &str, v: &str| Settings {
        params: vec![(k.to_string(), v.to_string())],
        ..Settings::default()
    };
    for (name, k, v) in [
        ("greedy", "nope", "1"),
        ("greedy", "word_at", "0"),
        ("entropy", "risk", "x"),
        ("best", "depth", "9"),
        ("best", "base", "magic"),
    ] {
        let err = strategy::find(name)
            .unwrap()
            .build(lexicon.clone(), &settings(k, v));
        assert!(
            matches!(err, Err(strategy::StrategyError::BadSetting { .. })),
            "{name} {k}={v}"
        );
    }
    assert!(
        strategy::find("best")
            .unwrap()
            .build(lexicon, &settings("exact", "8"))
            .is_ok()
    );
}

/// A policy that plays erratically but deterministically: from a hash of the candidates and
/// the position it picks any unguessed letter (splitting or not, in a candidate or not) or
/// any candidate word, so random games reach every kind of step (hits, misses, useless
/// letters, right and wrong words, losses).
struct Erratic {
    salt: u64,
}

impl Policy for Erratic {
    fn decide(&self, _bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        let mut h = self.salt ^ u64::from(position.guessed_letters().bits()) << 8;
        h ^= u64::from(position.wrong_guesses());
        for &c in cands {
            h = (h ^ u64::from(c))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        }
        let open: Vec<Letter> = position.guessed_letters().complement().iter().collect();
        if h.is_multiple_of(4) || open.is_empty() {
            Decision::Word(cands[(h >> 8) as usize % cands.len()])
        } else {
            Decision::Letter(open[(h >> 8) as usize % open.len()])
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every searcher's transition against the game's: the tree evaluator (which steps
    /// positions with the rules' unchecked transition) and the player of a policy strategy
    /// (opening book first, then its own candidates, through `Game`) reach the same end
    /// for every word: score, result, wrong guesses and guesses.
    #[test]
    fn tree_and_book_play_exactly_like_the_game(
        words in prop::collection::btree_set("[a-f]{4}", 1..160),
        max_wrong in 0u32..7,
        salt in any::<u64>(),
    ) {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().map(String::as_str)).unwrap());
        let settings = Settings { max_wrong, ..Settings::default() };
        let strategy = PolicyStrategy::new("erratic", Erratic { salt }, lexicon.clone(), &settings);
        strategy.prepare(&[4]);
        let tree = strategy::tree::evaluate(strategy.policy(), lexicon.bucket(4), max_wrong)
            .expect("the erratic policy keeps the policy contract");
        let words: Vec<String> = words.into_iter().collect();
        let played = replay(&strategy, &words, max_wrong);
        prop_assert_eq!(tree.len(), played.len());
        for (t, p) in tree.iter().zip(&played) {
            prop_assert_eq!(key(t), key(p));
        }
    }
}
