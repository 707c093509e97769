use std::sync::Arc;

use lexicon::Lexicon;

use super::*;
use crate::result::RunSummary;
use crate::strategy::{self, Settings};

fn greedy(lexicon: &Arc<Lexicon>, max_wrong: u32) -> Box<dyn Strategy> {
    let settings = Settings {
        max_wrong,
        ..Settings::default()
    };
    strategy::find("greedy")
        .unwrap()
        .build(lexicon.clone(), &settings)
        .unwrap()
}

fn options() -> RunOptions {
    RunOptions {
        seed: 1,
        record: false,
    }
}

#[test]
fn greedy_finishes_every_embedded_word_without_repeats() {
    // `play` fails on any repeated guess, so finishing is the whole check.
    let lexicon = Arc::new(Lexicon::embedded());
    let strategy = greedy(&lexicon, 5);
    let words: Vec<String> = lexicon.words().map(str::to_string).collect();
    prepare(strategy.as_ref(), &words);
    let results = play_words(strategy.as_ref(), &words, &options(), &|| {}).unwrap();
    assert_eq!(results.len(), lexicon.len());
    let summary = RunSummary::new(&results, Duration::ZERO, Duration::ZERO);
    assert!(
        summary.average_score > 3.0 && summary.average_score < 12.0,
        "{summary:?}"
    );
    assert!(results.iter().all(|r| r.won || r.score == 25));
}

#[test]
fn greedy_plays_the_spec() {
    // Tiny list worked by hand: counts a:3 b:1 c:2 t:2 ... greedy guesses `a` first.
    let lexicon = Arc::new(Lexicon::from_words(["bat", "cat", "cot", "cab"]).unwrap());
    let strategy = greedy(&lexicon, 5);
    let record = RunOptions {
        record: true,
        ..options()
    };
    let result = play_word(strategy.as_ref(), "cot", &record).unwrap();
    // a (3 words) misses -> only "cot" left -> word guess.
    assert_eq!(
        result.transcript,
        vec![
            "a -> ---; score=1; status=KEEP_GUESSING",
            "cot -> COT; score=1; status=GAME_WON"
        ]
    );
    assert_eq!(
        (result.score, result.guesses, result.wrong_guesses),
        (1, 2, 1)
    );
}

#[test]
fn unknown_words_still_finish_with_the_fallback() {
    let lexicon = Arc::new(Lexicon::from_words(["bat", "cat"]).unwrap());
    let strategy = greedy(&lexicon, 25);
    let result = play_word(strategy.as_ref(), "zzz", &options()).unwrap();
    assert!(result.won);
}

#[test]
fn results_do_not_depend_on_thread_count() {
    let lexicon = Arc::new(Lexicon::embedded());
    let strategy = greedy(&lexicon, 4);
    let words: Vec<String> = lexicon.words().step_by(97).map(str::to_string).collect();
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| play_words(strategy.as_ref(), &words, &options(), &|| {}).unwrap())
            .into_iter()
            .map(|r| (r.word, r.score, r.guesses))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(1), run(3));
}

#[test]
fn game_seeds_depend_on_word_and_seed_only() {
    assert_eq!(game_seed(1, "cat"), game_seed(1, "cat"));
    assert_ne!(game_seed(1, "cat"), game_seed(2, "cat"));
    assert_ne!(game_seed(1, "cat"), game_seed(1, "act"));
}

#[test]
fn a_game_error_names_the_word_and_leaves_the_cause_to_its_source() {
    use std::error::Error as _;
    let err = EvalError::Game {
        word: "cat".into(),
        source: GameError::RepeatedGuess("e".into()),
    };
    let cause = err
        .source()
        .expect("the game error is the source")
        .to_string();
    assert_eq!(cause, "the player repeated the guess \"e\"");
    // A report that prints the chain (`{:#}` with anyhow) must not say it twice.
    assert_eq!(err.to_string(), "game of \"cat\"");
}
