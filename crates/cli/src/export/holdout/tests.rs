//! The holdout formats on a hand-built report.

use hangman::eval::holdout::{WinSummary, Wins};

use super::*;

fn wins(length: usize, games: usize, wins: usize) -> Wins {
    Wins {
        length,
        games,
        wins,
        win_percent: 100.0 * wins as f64 / games as f64,
        mean_wrong: 2.5,
        mean_score: 9.0,
    }
}

fn report() -> Report {
    Report {
        dictionary: "words.txt".to_string(),
        dictionary_words: 100,
        held_out: 10,
        test_file: None,
        test_in_list: 0,
        seed: 7,
        max_wrong: 5,
        training_words: 90,
        train_ms: 12.0,
        fit: None,
        weights: WeightsSummary {
            windows: vec![1.0, 0.5],
            exact: 1.0,
            near: 0.5,
            prior: 0.1,
            completions: 0.25,
            order: 3,
            discount: 0.75,
            beam: 8,
        },
        strategies: vec![StrategyRun {
            strategy: "letters".to_string(),
            setup_ms: 1.0,
            ms_per_game: 0.5,
            summary: WinSummary {
                all: wins(0, 10, 8),
                by_length: vec![wins(3, 4, 4), wins(4, 6, 4)],
            },
            lost: vec!["jazz".to_string(), "fuzz".to_string()],
        }],
        threads: 1,
    }
}

#[test]
fn table_names_the_split_and_lists_wins_by_length() {
    let mut out = Vec::new();
    write(&mut out, &report(), HoldoutFormat::Table, true).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with(
            "held out 10 of the 100 words of words.txt (seed 7); trained on the other 90\n\
             max wrong 5 (6 lives) · letter model trained in 12 ms · 1 thread\n\
             default weights (completions share 0.25, order 3, discount 0.75, beam 8)\n"
        ),
        "{text}"
    );
    assert!(text.contains("win % by word length"), "{text}");
    assert!(text.contains("letters lost (2): jazz fuzz\n"), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('4'))
        .collect();
    assert_eq!(rows.len(), 1, "{text}");
    assert!(rows[0].trim_end().ends_with("66.7"), "{text}");
}

#[test]
fn json_keeps_every_field_name() {
    let mut out = Vec::new();
    write(&mut out, &report(), HoldoutFormat::Json, false).unwrap();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    for key in [
        "dictionary",
        "dictionary_words",
        "held_out",
        "test_file",
        "test_in_list",
        "seed",
        "max_wrong",
        "training_words",
        "train_ms",
        "fit",
        "weights",
        "strategies",
        "threads",
    ] {
        assert!(value.get(key).is_some(), "{key} missing");
    }
    assert_eq!(value["strategies"][0]["lost"][1], "fuzz");
    assert!(out.ends_with(b"}\n"));
}
