//! Whole-game tests of the four seed strategies.

use std::sync::Arc;

use lexicon::Lexicon;

use crate::eval::{RunOptions, play_word, play_words, prepare};
use crate::result::GameResult;
use crate::strategy::{self, Settings, Strategy, StrategyError};

const SEED_STRATEGIES: [&str; 4] = ["deterministic-regex", "sampling-regex", "predicate", "trie"];

/// Words of many shapes: short, long, repeated letters, rare letters, shared patterns.
const FIXTURE: &[&str] = &[
    "aa",
    "ax",
    "ox",
    "zzz",
    "cwm",
    "jazz",
    "fuzz",
    "buzz",
    "jinx",
    "lynx",
    "quiz",
    "hangman",
    "factual",
    "comaker",
    "cumulative",
    "eruptive",
    "monadism",
    "mus",
    "nagging",
    "oses",
    "remembered",
    "spodumenes",
    "stereoisomers",
    "toxics",
    "trichromats",
    "triose",
    "uniformed",
    "aargh",
    "aarrgh",
    "aarrghh",
    "zymoses",
    "zymosis",
    "bat",
    "cat",
    "hat",
    "mat",
    "pat",
    "rat",
    "sat",
    "vat",
    "tab",
    "tat",
    "mississippi",
    "bookkeeper",
];

fn build(name: &str, lexicon: &Arc<Lexicon>, max_wrong: u32, seed: u64) -> Box<dyn Strategy> {
    build_with(name, lexicon, max_wrong, seed, &[]).unwrap()
}

fn build_with(
    name: &str,
    lexicon: &Arc<Lexicon>,
    max_wrong: u32,
    seed: u64,
    params: &[(&str, &str)],
) -> Result<Box<dyn Strategy>, StrategyError> {
    let settings = Settings {
        max_wrong,
        seed,
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        cache_dir: None,
    };
    strategy::find(name)?.build(lexicon.clone(), &settings)
}

fn options(seed: u64) -> RunOptions {
    RunOptions { seed, record: true }
}

/// Everything about the games except their timing.
fn games(results: &[GameResult]) -> Games {
    results
        .iter()
        .map(|r| {
            (
                r.word.clone(),
                r.score,
                r.won,
                r.guesses,
                r.transcript.clone(),
            )
        })
        .collect()
}

fn run(strategy: &dyn Strategy, words: &[String], opts: &RunOptions) -> Vec<GameResult> {
    prepare(strategy, words);
    // `play` fails on a repeated guess, so finishing is itself the check.
    play_words(strategy, words, opts, &|| {}).unwrap()
}

#[test]
fn every_strategy_finishes_every_fixture_word() {
    let lexicon = Arc::new(Lexicon::from_words(FIXTURE.iter().copied()).unwrap());
    let words: Vec<String> = lexicon.words().map(str::to_string).collect();
    for name in SEED_STRATEGIES {
        for max_wrong in [0, 1, 4, 5, 8] {
            let strategy = build(name, &lexicon, max_wrong, 3);
            let results = run(strategy.as_ref(), &words, &options(3));
            assert_eq!(results.len(), words.len());
            for r in &results {
                assert!(r.won || r.score == 25, "{name}: {r:?}");
                assert!(r.wrong_guesses <= max_wrong + 1, "{name}: {r:?}");
            }
        }
    }
}

#[test]
fn every_strategy_finishes_a_subset_of_the_embedded_list() {
    let lexicon = Arc::new(Lexicon::embedded());
    // Every 250th word (about 800): debug builds play a few milliseconds per game.
    let words: Vec<String> = lexicon.words().step_by(250).map(str::to_string).collect();
    for name in SEED_STRATEGIES {
        let strategy = build(name, &lexicon, 5, 1);
        let results = run(strategy.as_ref(), &words, &options(1));
        let average = results.iter().map(|r| f64::from(r.score)).sum::<f64>() / words.len() as f64;
        // A frequency strategy averages around 7-9 with 5 lives; far off means a bug.
        assert!((4.0..12.0).contains(&average), "{name}: {average}");
    }
}

#[test]
fn secrets_outside_the_dictionary_still_finish() {
    let lexicon = Arc::new(Lexicon::from_words(FIXTURE.iter().copied()).unwrap());
    for name in SEED_STRATEGIES {
        let strategy = build(name, &lexicon, 5, 1);
        for word in ["qqqq", "xylophone", "batt", "zz"] {
            let r = play_word(strategy.as_ref(), word, &options(1)).unwrap();
            assert!(r.won || r.score == 25, "{name}: {r:?}");
        }
    }
}

type Games = Vec<(String, u32, bool, u32, Vec<String>)>;

/// The games of `words` with max wrong 4, played on a pool of `threads` threads.
fn in_pool(
    name: &str,
    lexicon: &Arc<Lexicon>,
    words: &[String],
    threads: usize,
    seed: u64,
) -> Games {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let strategy = build(name, lexicon, 4, seed);
        games(&run(strategy.as_ref(), words, &options(seed)))
    })
}

#[test]
fn deterministic_strategies_repeat_across_runs_seeds_and_thread_counts() {
    // A tenth of the embedded list: `lookahead` solves the short lengths exactly and searches
    // its opening on every build, which on the whole list took minutes in a debug build;
    // whether a run depends on the thread count or the seed does not depend on the size.
    let lexicon = Arc::new(Lexicon::from_words(Lexicon::embedded().words().step_by(10)).unwrap());
    let words: Vec<String> = lexicon
        .words()
        .skip(7)
        .step_by(100)
        .map(str::to_string)
        .collect();
    // The strategies built on the letter model (`letters`, `mixed`) train it on the whole
    // list for every build, which makes this test minutes long in debug builds:
    // tests/outside.rs checks them on a smaller list for thread counts and seeds.
    for info in strategy::REGISTRY
        .iter()
        .filter(|s| s.deterministic && !matches!(s.name, "letters" | "mixed"))
    {
        let in_pool = |threads, seed| in_pool(info.name, &lexicon, &words, threads, seed);
        let one = in_pool(1, 1);
        assert_eq!(one, in_pool(3, 1), "{}", info.name);
        assert_eq!(one, in_pool(3, 99), "{}: depends on the seed", info.name);
    }
}

#[test]
fn sampling_strategies_repeat_for_a_seed_and_vary_across_seeds() {
    let lexicon = Arc::new(Lexicon::embedded());
    let words: Vec<String> = lexicon
        .words()
        .skip(3)
        .step_by(1000)
        .map(str::to_string)
        .collect();
    for name in ["sampling-regex", "predicate"] {
        let in_pool = |threads, seed| in_pool(name, &lexicon, &words, threads, seed);
        let a = in_pool(1, 5);
        assert_eq!(a, in_pool(3, 5), "{name}");
        assert_ne!(a, in_pool(3, 6), "{name} ignores its seed");
    }
}

#[test]
fn a_correct_trie_plays_exactly_like_deterministic_regex() {
    let lexicon = Arc::new(Lexicon::embedded());
    let words: Vec<String> = lexicon
        .words()
        .skip(11)
        .step_by(600)
        .map(str::to_string)
        .collect();
    for max_wrong in [4, 5] {
        let trie = build("trie", &lexicon, max_wrong, 1);
        let regex = build("deterministic-regex", &lexicon, max_wrong, 1);
        assert_eq!(
            games(&run(trie.as_ref(), &words, &options(1))),
            games(&run(regex.as_ref(), &words, &options(1)))
        );
    }
}

fn transcript(name: &str, words: &[&str], secret: &str, max_wrong: u32) -> Vec<String> {
    let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
    let strategy = build(name, &lexicon, max_wrong, 1);
    play_word(strategy.as_ref(), secret, &options(1))
        .unwrap()
        .transcript
}

#[test]
fn deterministic_counts_occurrences_and_breaks_ties_to_the_last_letter() {
    // Occurrences: a 3, b 4, c 5 -> c (a miss); left aab, abb: a 3, b 3 -> b (tie, last);
    // left aab alone, but no wrong guess is left for a word guess -> a.
    let words = ["aab", "abb", "bcc", "ccc"];
    for name in ["deterministic-regex", "trie"] {
        assert_eq!(
            transcript(name, &words, "aab", 1),
            vec![
                "c -> ---; score=1; status=KEEP_GUESSING",
                "b -> --B; score=2; status=KEEP_GUESSING",
                "a -> AAB; score=3; status=GAME_WON",
            ],
            "{name}"
        );
    }
}

#[test]
fn sampling_counts_distinct_letters_and_guesses_a_word_when_it_can_afford_to() {
    // Four words are all counted; per word: a 2, b 3, c 2 -> b; only aab fits -> the word.
    let words = ["aab", "abb", "bcc", "ccc"];
    for name in ["sampling-regex", "predicate"] {
        assert_eq!(
            transcript(name, &words, "aab", 1),
            vec![
                "b -> --B; score=1; status=KEEP_GUESSING",
                "aab -> AAB; score=1; status=GAME_WON",
            ],
            "{name}"
        );
    }
}

#[test]
fn word_choices_first_and_ranked() {
    // Three words, three lives: a word is guessed at once. Occurrences: a q z 1, b c d 2,
    // so the ranks are aqz 3, bcd 6, dcb 6. First: dictionary order; ranked: bcd (tie to
    // the earlier word).
    let lexicon = Arc::new(Lexicon::from_words(["dcb", "aqz", "bcd"]).unwrap());
    for name in ["deterministic-regex", "trie", "predicate", "sampling-regex"] {
        let first = build_with(name, &lexicon, 3, 1, &[("word", "first")]).unwrap();
        let r = play_word(first.as_ref(), "bcd", &options(1)).unwrap();
        assert_eq!(
            r.transcript,
            vec![
                "aqz -> ---; score=1; status=KEEP_GUESSING",
                "bcd -> BCD; score=1; status=GAME_WON"
            ],
            "{name}"
        );
        let ranked = build_with(name, &lexicon, 3, 1, &[("word", "ranked")]).unwrap();
        let r = play_word(ranked.as_ref(), "bcd", &options(1)).unwrap();
        assert_eq!(
            r.transcript,
            vec!["bcd -> BCD; score=0; status=GAME_WON"],
            "{name}"
        );
    }
}

#[test]
fn parameters_are_checked() {
    let lexicon = Arc::new(Lexicon::from_words(["abc"]).unwrap());
    for name in SEED_STRATEGIES {
        assert!(build_with(name, &lexicon, 4, 1, &[]).is_ok());
        assert!(build_with(name, &lexicon, 4, 1, &[("word", "ranked")]).is_ok());
        for bad in [("word", "best"), ("nonsense", "1")] {
            let err = build_with(name, &lexicon, 4, 1, &[bad]).err().unwrap();
            assert!(
                matches!(err, StrategyError::BadSetting { .. }),
                "{name}: {err}"
            );
        }
    }
    for name in ["sampling-regex", "predicate"] {
        let ok = [
            ("delta-percentage-tolerance", "0.01"),
            ("sampling-frequency", "10"),
            ("ratio-to-n-of-minimum-iterations", "2.5"),
            ("delta", "absolute"),
        ];
        assert!(build_with(name, &lexicon, 4, 1, &ok).is_ok());
        for bad in [
            ("delta-percentage-tolerance", "-1"),
            ("delta-percentage-tolerance", "NaN"),
            ("sampling-frequency", "0"),
            ("ratio-to-n-of-minimum-iterations", "0"),
            ("delta", "both"),
        ] {
            assert!(
                build_with(name, &lexicon, 4, 1, &[bad]).is_err(),
                "{name} {bad:?}"
            );
        }
    }
    // The deterministic strategies do not sample.
    assert!(build_with("trie", &lexicon, 4, 1, &[("sampling-frequency", "10")]).is_err());
    assert!(build_with("greedy", &lexicon, 4, 1, &[("word", "first")]).is_err());
}
