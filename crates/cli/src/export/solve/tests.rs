//! Every format on hand-built results: an exact length with its first letters, one with
//! bounds only, one stopped while settling first letters, and a one-word length.

use hangman::solve::{Bounds, LengthSolution};

use super::{SolveFormat, SolveReport, SolveRow, Stopped, write};

fn solution(
    length: usize,
    words: usize,
    misses: (u32, u32),
    first: &str,
    complete: bool,
) -> LengthSolution {
    LengthSolution {
        length,
        words,
        misses: Bounds {
            lower: misses.0,
            upper: misses.1,
        },
        best_first: first.chars().map(String::from).collect(),
        best_first_complete: complete,
        nodes: 1234,
        seconds: 1.5,
        verdict_seconds: (misses.0 >= 6 || misses.1 < 6).then_some(0.25),
        seconds_with_first: 2.0,
        witness: None,
        first_letters: Vec::new(),
    }
}

fn report() -> SolveReport {
    SolveReport {
        dictionary: "words.txt".to_string(),
        lives: 6,
        threads: 2,
        verdict_only: false,
        stopped: Some(Stopped::TimeLimit),
        lengths: vec![
            SolveRow::new(solution(3, 978, (6, 17), "", false), 6),
            SolveRow::new(solution(4, 3919, (5, 9), "", false), 6),
            SolveRow::new(solution(10, 20404, (5, 5), "eghinops", true), 6),
            SolveRow::new(solution(12, 11382, (4, 4), "ae", false), 6),
            SolveRow::new(solution(28, 1, (0, 0), "", true), 6),
        ],
    }
}

fn written(format: SolveFormat) -> String {
    let mut out = Vec::new();
    write(&mut out, &report(), format).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn rows_say_who_wins_and_whether_it_is_proven() {
    let rows = report().lengths;
    assert_eq!(rows[0].verdict, "referee wins against 6 lives");
    assert!(rows[0].verdict_proven && !rows[0].exact);
    assert_eq!(rows[1].verdict, "undecided");
    assert!(!rows[1].verdict_proven);
    assert_eq!(rows[2].verdict, "guesser wins with 6 lives");
    assert!(rows[2].verdict_proven && rows[2].exact);
}

#[test]
fn first_letter_cells_tell_complete_partial_and_not_computed_apart() {
    let cells: Vec<String> = report()
        .lengths
        .iter()
        .map(SolveRow::first_letters)
        .collect();
    assert_eq!(cells, ["-", "-", "eghinops", "ae+?", "(none)"]);
    let misses: Vec<String> = report().lengths.iter().map(SolveRow::misses).collect();
    assert_eq!(misses, ["6..17", "5..9", "5", "4", "0"]);
}

#[test]
fn table_has_a_row_per_length_and_a_legend() {
    let text = written(SolveFormat::Table);
    let line = |length: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(length))
            .unwrap_or_else(|| panic!("no row for {length} in\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        line("3"),
        "3 978 6..17 referee wins against 6 lives (proven) - 1.50"
    );
    assert_eq!(line("4"), "4 3919 5..9 undecided - 1.50");
    assert_eq!(
        line("10"),
        "10 20404 5 guesser wins with 6 lives (proven) eghinops 1.50"
    );
    assert!(text.contains("- = not computed"), "{text}");
    assert!(text.contains("stopped: time limit"), "{text}");
    assert!(text.contains("2 threads"), "{text}");
}

#[test]
fn csv_keeps_the_first_columns_in_order_and_appends_new_ones() {
    let text = written(SolveFormat::Csv);
    let mut reader = ::csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header[..9],
        [
            "length",
            "words",
            "misses_lower",
            "misses_upper",
            "exact",
            "best_first",
            "best_first_complete",
            "verdict",
            "seconds"
        ]
    );
    let records: Vec<::csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 5);
    let field = |row: usize, name: &str| {
        let i = header.iter().position(|h| h == name).unwrap();
        records[row][i].to_string()
    };
    assert_eq!(field(0, "misses_lower"), "6");
    assert_eq!(field(0, "misses_upper"), "17");
    assert_eq!(field(0, "verdict_proven"), "true");
    assert_eq!(field(1, "verdict_proven"), "false");
    assert_eq!(field(1, "verdict_seconds"), "");
    assert_eq!(field(2, "best_first"), "eghinops");
    assert_eq!(field(2, "verdict_seconds"), "0.250");
    assert_eq!(field(3, "best_first_complete"), "false");
}

#[test]
fn json_keeps_the_misses_and_seconds_fields() {
    let json: serde_json::Value = serde_json::from_str(&written(SolveFormat::Json)).unwrap();
    assert_eq!(json["lives"], 6);
    assert_eq!(json["stopped"], "time limit");
    assert_eq!(json["verdict_only"], false);
    let lengths = json["lengths"].as_array().unwrap();
    assert_eq!(lengths.len(), 5);
    assert_eq!(lengths[0]["misses"]["lower"], 6);
    assert_eq!(lengths[0]["misses"]["upper"], 17);
    assert_eq!(lengths[0]["seconds"], 1.5);
    assert_eq!(lengths[0]["verdict_proven"], true);
    assert!(lengths[1]["verdict_seconds"].is_null());
    assert_eq!(
        lengths[2]["best_first"],
        serde_json::json!(["e", "g", "h", "i", "n", "o", "p", "s"])
    );
    assert_eq!(lengths[2]["exact"], true);
}

/// A reader that went away: every write fails with a broken pipe.
struct ClosedPipe;

impl std::io::Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
}

#[test]
fn a_closed_pipe_is_reported_as_one_in_every_format() {
    for format in [SolveFormat::Table, SolveFormat::Json, SolveFormat::Csv] {
        let err = write(&mut ClosedPipe, &report(), format).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{format:?}");
    }
}
