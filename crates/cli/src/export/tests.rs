//! Every format on hand-built results (as hyperfine's `export/tests.rs` does): the exact
//! CSV and JSON field names scripts depend on, the table layouts, human time units, and
//! tables fitted to a terminal's width.

use hangman::result::{GameResult, RunSummary};

use super::bench::{self, BenchFormat, BenchReport, BenchRow, LengthRow, Mode};
use super::{Format, ScoreReport};

fn game(word: &str, score: u32, won: bool, micros: f64) -> GameResult {
    GameResult {
        word: word.to_string(),
        score,
        won,
        wrong_guesses: if won { 2 } else { 6 },
        guesses: 7,
        micros,
        transcript: Vec::new(),
    }
}

fn score_report() -> ScoreReport {
    ScoreReport {
        strategy: "greedy".into(),
        dictionary: "words.txt".into(),
        dictionary_words: 3,
        max_wrong: 5,
        seed: 1,
        threads: 2,
        load_ms: 26.04,
        games: vec![
            game("factual", 8, true, 11.71),
            game("jazz", 25, false, 2_512_613.07),
        ],
        summary: RunSummary {
            games: 2,
            total_score: 33,
            average_score: 16.5,
            losses: 1,
            loss_percent: 50.0,
            mean_micros: 1_256_312.39,
            median_micros: 11.71,
            p99_micros: 2_512_613.07,
            setup_ms: 6.9,
            wall_ms: 48_845.8,
        },
        not_played: Vec::new(),
    }
}

fn score(format: Format, rows: bool) -> String {
    let mut out = Vec::new();
    super::write(&mut out, &score_report(), format, rows).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn score_csv_keeps_its_columns() {
    assert_eq!(
        score(Format::Csv, true),
        "word,score,won,wrong_guesses,guesses,micros\n\
         factual,8,true,2,7,11.710\n\
         jazz,25,false,6,7,2512613.070\n"
    );
}

#[test]
fn score_json_keeps_its_fields() {
    let json: serde_json::Value = serde_json::from_str(&score(Format::Json, true)).unwrap();
    for key in [
        "strategy",
        "dictionary",
        "dictionary_words",
        "max_wrong",
        "seed",
        "threads",
        "load_ms",
        "games",
        "summary",
        "not_played",
    ] {
        assert!(json.get(key).is_some(), "{key} missing: {json}");
    }
    assert_eq!(json["games"][1]["micros"], 2_512_613.07);
    assert_eq!(json["summary"]["wall_ms"], 48_845.8);
}

#[test]
fn score_table_rows_and_summary_in_human_units() {
    assert_eq!(
        score(Format::Table, true),
        " word     score  result  wrong  guesses         µs \n\
         \x20factual      8     won      2        7       11.7 \n\
         \x20jazz        25    lost      6        7  2512613.1 \n\
         \n\
         strategy greedy · dictionary words.txt (3 words) · max wrong 5 · 2 games\n\
         average score 16.5000 (total 33) · losses 1 (50.00%)\n\
         time per game 1.26 s mean, 11.7 µs median, 2.51 s p99 · wall 48.8 s on 2 threads\n\
         one-time setup: dictionary load 26.0 ms, strategy setup 6.90 ms\n"
    );
    // -q: the summary only.
    assert!(score(Format::Table, false).starts_with("strategy greedy"));
}

fn bench_row(strategy: &str, mode: Mode, average: f64, micros: f64) -> BenchRow {
    BenchRow {
        strategy: strategy.into(),
        max_wrong: 5,
        mode,
        games: 4,
        total_score: (average * 4.0) as u64,
        average_score: average,
        losses: 1,
        loss_percent: 25.0,
        micros_per_game: micros,
        median_micros: (mode == Mode::Replay).then_some(micros / 2.0),
        p99_micros: (mode == Mode::Replay).then_some(micros * 3.0),
        setup_ms: 10_954.8,
        wall_ms: 3_672.6,
        score_delta: 0.0,
        time_ratio: 1.0,
        by_length: vec![
            LengthRow {
                length: 3,
                games: 2,
                average_score: average + 1.0,
                losses: 1,
            },
            LengthRow {
                length: 5,
                games: 2,
                average_score: average - 1.0,
                losses: 0,
            },
        ],
    }
}

fn bench_report() -> BenchReport {
    BenchReport {
        dictionary: "embedded".into(),
        dictionary_words: 198_420,
        selection: "all".into(),
        referee: "fair".into(),
        words: 4,
        seed: 1,
        threads: 2,
        load_ms: 42.6,
        max_wrong: vec![5],
        rows: vec![
            bench_row("greedy", Mode::Tree, 6.8146, 1.05),
            bench_row("deterministic-regex", Mode::Replay, 7.5, 2_512.6),
        ],
        optimum: Vec::new(),
    }
    .with_deviations()
}

fn bench(format: BenchFormat) -> String {
    let mut out = Vec::new();
    bench::write(&mut out, &bench_report(), format).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn bench_csv_keeps_its_columns_and_plain_numbers() {
    let csv = bench(BenchFormat::Csv);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "strategy,max_wrong,mode,games,total_score,average_score,losses,loss_percent,\
         micros_per_game,median_micros,p99_micros,setup_ms,wall_ms,score_delta,time_ratio,\
         len3_average,len3_losses,len5_average,len5_losses"
    );
    assert_eq!(
        lines.next().unwrap(),
        "greedy,5,tree,4,27,6.814600,1,25.0000,1.050,,,10954.800,3672.600,0.000000,1.0000,\
         7.814600,1,5.814600,0"
    );
    let replay = lines.next().unwrap();
    assert!(
        replay.starts_with(
            "deterministic-regex,5,replay,4,30,7.500000,1,25.0000,2512.600,1256.300,7537.800,"
        ),
        "{replay}"
    );
}

#[test]
fn bench_json_keeps_its_fields() {
    let json: serde_json::Value = serde_json::from_str(&bench(BenchFormat::Json)).unwrap();
    let row = &json["rows"][1];
    for key in [
        "strategy",
        "max_wrong",
        "mode",
        "games",
        "total_score",
        "average_score",
        "losses",
        "loss_percent",
        "micros_per_game",
        "median_micros",
        "p99_micros",
        "setup_ms",
        "wall_ms",
        "score_delta",
        "time_ratio",
        "by_length",
    ] {
        assert!(row.get(key).is_some(), "{key} missing: {row}");
    }
    assert_eq!(row["mode"], "replay");
    assert_eq!(json["rows"][0]["median_micros"], serde_json::Value::Null);
}

#[test]
fn bench_tables_show_human_units() {
    let mut out = Vec::new();
    super::bench::table_for_tests(&mut out, &bench_report(), None).unwrap();
    let table = String::from_utf8(out).unwrap();
    // 2,512.6 µs per game, 10,954.8 ms of setup, 3,672.6 ms of wall time.
    for cell in [
        "2.51 ms", "1.26 ms", "7.54 ms", "1.05 µs", "11.0 s", "3.67 s",
    ] {
        assert!(table.contains(cell), "{cell} missing:\n{table}");
    }
    assert!(!table.contains("2512.6"), "{table}");
    let markdown = bench(BenchFormat::Markdown);
    assert!(markdown.contains("| 2.51 ms |"), "{markdown}");
}

fn bench_table(width: Option<u16>) -> String {
    let mut out = Vec::new();
    super::bench::table_for_tests(&mut out, &bench_report(), width).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn bench_tables_fit_the_terminal_width() {
    for width in [60u16, 80, 100] {
        let table = bench_table(Some(width));
        for line in table.lines() {
            assert!(
                line.chars().count() <= usize::from(width),
                "wider than {width}: {line}\n{table}"
            );
        }
        // Columns are left out, not cut mid-word: every row keeps its name whole.
        assert!(table.contains("│ deterministic-regex "), "{table}");
        assert!(
            table.contains("(left out to fit the terminal: × fastest"),
            "{table}"
        );
    }
    insta::assert_snapshot!("bench_table_80_columns", bench_table(Some(80)));
    // Without a terminal every column stays, one line per row.
    let table = bench_table(None);
    assert!(!table.contains("left out"), "{table}");
    assert!(table.lines().any(|l| l.chars().count() > 100), "{table}");
}

#[test]
fn bench_tables_show_the_optimum_a_bound_and_best_gap() {
    use super::bench::{LengthOptimum, OptimumKind};
    let known = |length, kind, total| LengthOptimum {
        max_wrong: 5,
        length,
        words: 2,
        kind,
        source: "test".into(),
        total,
        average: total as f64 / 2.0,
        losses: 0,
        millis: 1.0,
    };
    let mut report = bench_report();
    report.rows[0].strategy = "best".into();
    // best scores 7.8146 on length 3 (total 15.6: no bound meets it) and 5.8146 on 5.
    let report = report.with_optimum(vec![
        known(3, OptimumKind::Optimum, 14),
        known(5, OptimumKind::Bound, 8),
    ]);
    let markdown = bench(BenchFormat::Markdown);
    assert!(!markdown.contains("optimum"), "{markdown}");
    let mut out = Vec::new();
    bench::write(&mut out, &report, BenchFormat::Markdown).unwrap();
    let markdown = String::from_utf8(out).unwrap();
    assert!(
        markdown.contains(
            "| length | words | best | deterministic-regex | optimum | best gap | min losses |"
        ),
        "{markdown}"
    );
    // best loses one word of length 3, the bound proves none: shown as a bound.
    assert!(markdown.contains("| 7.000 | 0.815 | ≥ 0 |"), "{markdown}");
    assert!(markdown.contains("| ≥ 4.000 | ≤ 1.815 | 0 |"), "{markdown}");
    let mut out = Vec::new();
    bench::write(&mut out, &report, BenchFormat::Csv).unwrap();
    let csv = String::from_utf8(out).unwrap();
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with(
        ",len3_optimum,len3_optimum_kind,len3_gap,len3_min_losses,len5_optimum,len5_optimum_kind,len5_gap,len5_min_losses"
    ));
    assert!(
        lines
            .next()
            .unwrap()
            .ends_with(",7.000000,optimum,0.814600,0,4.000000,bound,1.814600,0")
    );
}

#[test]
fn a_bound_a_row_scores_is_the_optimum() {
    use super::bench::{LengthOptimum, OptimumKind};
    let report = bench_report().with_optimum(vec![LengthOptimum {
        max_wrong: 5,
        length: 5,
        words: 2,
        kind: OptimumKind::Bound,
        source: "lower bound".into(),
        // greedy's 5.8146 on two words rounds to 12.
        total: 12,
        average: 6.0,
        losses: 0,
        millis: 1.0,
    }]);
    assert_eq!(report.optimum[0].kind, OptimumKind::Optimum);
    assert_eq!(report.optimum[0].source, "lower bound met by greedy");
}
