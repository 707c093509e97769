//! Secrets outside the word list: the letter model against today's guessers on held-out
//! words, and the mixed strategy against `best` when the secret is in the list.

use std::sync::Arc;

use hangman::eval::holdout::{WinSummary, hold_out};
use hangman::eval::{self, RunOptions};
use hangman::strategy::letter_model::{LetterModel, Weights};
use hangman::strategy::{self, Letters, Settings, Strategy};
use lexicon::Lexicon;

mod common;

fn settings(max_wrong: u32) -> Settings {
    Settings {
        max_wrong,
        seed: 1,
        params: Vec::new(),
        cache_dir: None,
    }
}

fn win_summary(strategy: &dyn Strategy, words: &[String], max_wrong: u32) -> WinSummary {
    assert_eq!(
        strategy.max_wrong(),
        max_wrong,
        "the limit it was built for"
    );
    let options = RunOptions {
        seed: 1,
        record: false,
    };
    WinSummary::new(&eval::play_words(strategy, words, &options, &|| {}).unwrap())
}

/// Trained on the embedded common tier less 150 held-out words, the letter model wins far
/// more of those words with six lives than a dictionary guesser, which falls back to letter
/// frequency once no word of its list fits.
#[test]
fn letter_model_beats_the_frequency_fallback_on_held_out_words() {
    let split = hold_out(&Lexicon::common(), 150, 3).unwrap();
    let training = Arc::new(split.training);
    let model = Arc::new(LetterModel::train(
        Arc::clone(&training),
        Weights::default(),
    ));
    let letters = win_summary(&Letters::new(model, 5), &split.test, 5);
    let greedy = strategy::find("greedy")
        .unwrap()
        .build(training, &settings(5))
        .unwrap();
    let baseline = win_summary(greedy.as_ref(), &split.test, 5);
    assert_eq!((letters.all.games, baseline.all.games), (150, 150));
    assert!(
        letters.all.win_percent >= 50.0
            && letters.all.wins >= 2 * baseline.all.wins
            && letters.all.mean_wrong < baseline.all.mean_wrong,
        "letters {:?} vs greedy {:?}",
        letters.all,
        baseline.all
    );
}

/// With the secret in the list, `mixed` plays as `best` does: the same result for every
/// embedded word of one length. (Told that every secret is outside the list, or never to
/// guess a word once it weighs that chance, it plays otherwise: the comparison can tell.)
#[test]
fn mixed_plays_as_best_when_the_secret_is_in_the_list() {
    let embedded = Lexicon::embedded();
    let words: Vec<&str> = embedded.bucket(4).words().collect();
    let lexicon = Arc::new(Lexicon::from_words(words).unwrap());
    let build = |name: &str, params: &[(&str, &str)]| {
        let settings = Settings {
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..settings(5)
        };
        let strategy = strategy::find(name)
            .unwrap()
            .build(Arc::clone(&lexicon), &settings)
            .unwrap();
        strategy.evaluate_length(4).expect("a tree evaluator")
    };
    let best = build("best", &[]);
    assert_eq!(best.len(), lexicon.len());
    let differing = |other: &[hangman::result::GameResult]| -> Vec<(String, u32, u32)> {
        best.iter()
            .zip(other)
            .filter(|(b, m)| (b.score, b.won) != (m.score, m.won))
            .map(|(b, m)| (b.word.clone(), b.score, m.score))
            .collect()
    };
    let mixed = build("mixed", &[]);
    assert!(differing(&mixed).is_empty(), "{:?}", differing(&mixed));
    let sure_outside = build("mixed", &[("outside", "1")]);
    assert!(!differing(&sure_outside).is_empty());
    // Never guessing a word once the outside chance is weighed plays otherwise too.
    let no_words = build("mixed", &[("words", "0")]);
    assert!(!differing(&no_words).is_empty());
}

/// The letter model's games are the same for any thread count and seed (it has no
/// randomness; its opening cache is filled by whichever thread comes first).
#[test]
fn letters_and_mixed_repeat_for_any_thread_count() {
    let split = hold_out(&Lexicon::common(), 20, 5).unwrap();
    let training = Arc::new(split.training);
    let play = |name: &str, threads: usize, seed: u64| -> Vec<(String, u32, bool)> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let settings = Settings {
                seed,
                ..settings(5)
            };
            let strategy = strategy::find(name)
                .unwrap()
                .build(Arc::clone(&training), &settings)
                .unwrap();
            let options = RunOptions {
                seed,
                record: false,
            };
            eval::play_words(strategy.as_ref(), &split.test, &options, &|| {})
                .unwrap()
                .into_iter()
                .map(|r| (r.word, r.score, r.won))
                .collect()
        })
    };
    for name in ["letters", "mixed"] {
        let one = play(name, 1, 1);
        assert_eq!(one.len(), 20);
        assert_eq!(one, play(name, 3, 1), "{name}");
        assert_eq!(one, play(name, 2, 7), "{name}: depends on the seed");
    }
}

/// `letters` and `mixed` with six lives on `test`, both playing one letter model trained on
/// `words_txt` with the default weights.
fn letters_and_mixed(words_txt: &Arc<Lexicon>, test: &[String]) -> (WinSummary, WinSummary) {
    let model = Arc::new(LetterModel::train(
        Arc::clone(words_txt),
        Weights::default(),
    ));
    let play = |name: &str| {
        let strategy =
            strategy::build_with_model(name, Arc::clone(words_txt), &settings(5), &model).unwrap();
        win_summary(strategy.as_ref(), test, 5)
    };
    let (letters, mixed) = (play("letters"), play("mixed"));
    eprintln!("letters {:?}\nmixed {:?}", letters.all, mixed.all);
    (letters, mixed)
}

/// Every second word of the held-out test set of common words (SCOWL words absent from
/// words.txt, kept if wordfreq counts them common; see `data/outside/README.md`): 183 words
/// of 3 to 17 letters, a fixed sample of the part never tuned on.
fn held_out_sample() -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/outside/common-test.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// With six lives and the model trained on words.txt (which holds none of the test words),
/// `mixed` wins at least the floor below of the fixed sample of held-out words, and
/// `letters` more; the floors sit a few games under the figures measured when they were set
/// (`mixed` 82 and `letters` 113 of 183: 44.8 % and 61.7 %), so a change that loses games
/// fails.
#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn held_out_words_are_won_above_the_floor() {
    let words_txt = Arc::new(common::challenge());
    let test = held_out_sample();
    assert_eq!(test.len(), 183);
    assert!(test.iter().all(|w| !words_txt.contains(w)), "held out");
    let (letters, mixed) = letters_and_mixed(&words_txt, &test);
    assert!(mixed.all.win_percent >= 42.0, "mixed {:?}", mixed.all);
    assert!(letters.all.win_percent >= 58.0, "letters {:?}", letters.all);
}

/// The lines of a held-out set of common words (`data/outside/common-*.txt`).
fn common_set(part: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("data/outside/common-{part}.txt"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The two parts of the common held-out set are sorted, share no word, hold only words of
/// 3 letters a-z or more, and none of words.txt: what `scripts/outside-common.py` writes.
#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn common_held_out_parts_are_disjoint_and_outside_the_list() {
    let words_txt = common::challenge();
    let (dev, test) = (common_set("dev"), common_set("test"));
    assert_eq!((dev.len(), test.len()), (395, 365));
    for part in [&dev, &test] {
        assert!(part.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
        assert!(
            part.iter()
                .all(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase())),
            "3 letters a-z or more"
        );
        assert!(
            part.iter().all(|w| !words_txt.contains(w)),
            "outside the list"
        );
    }
    assert!(
        dev.iter().all(|w| test.binary_search(w).is_err()),
        "disjoint"
    );
}

/// Plays the whole common held-out `part` with `letters` and `mixed` and checks that each
/// wins at least its floor of games.
fn common_part_is_won_above(part: &str, letters_floor: usize, mixed_floor: usize) {
    let words_txt = Arc::new(common::challenge());
    let words = common_set(part);
    let (letters, mixed) = letters_and_mixed(&words_txt, &words);
    assert!(
        mixed.all.wins >= mixed_floor,
        "{part}: mixed {:?}",
        mixed.all
    );
    assert!(
        letters.all.wins >= letters_floor,
        "{part}: letters {:?}",
        letters.all
    );
}

/// The whole test part (365 words), in release: the floors sit a few games under the
/// figures measured once at the end (`letters` 251 and `mixed` 188 games: 68.8 % and 51.5 %,
/// with the derived words; 236 and 177 before them; `hangman holdout
/// ../shared/data/words.txt --test crates/hangman/data/outside/common-test.txt --no-fit`).
#[test]
#[ignore = "release: the whole held-out test part"]
fn whole_common_test_part_is_won_above_the_floor() {
    common_part_is_won_above("test", 244, 181);
}

/// The whole dev part (395 words; the part the derived words' shares were tuned on), in
/// release: measured `letters` 263 and `mixed` 208 games (66.6 % and 52.7 %; `hangman
/// holdout ../shared/data/words.txt --test crates/hangman/data/outside/common-dev.txt
/// --no-fit`), against 249 and 196 before the derived words; the floors sit a few games
/// under today's figures and above the former ones, so losing the derived words fails.
#[test]
#[ignore = "release: the whole held-out dev part"]
fn whole_common_dev_part_is_won_above_the_floor() {
    common_part_is_won_above("dev", 257, 203);
}
