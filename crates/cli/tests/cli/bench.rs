//! `hangman bench` end to end, on a small dictionary written by each test.

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;
use serde_json::Value;

/// Words of 2 to 8 letters, with look-alike families so some games are lost at small max
/// wrong values.
const WORDS: &[&str] = &[
    "at", "an", "as", "ax", "cat", "bat", "hat", "mat", "rat", "sat", "vat", "pat", "cot", "cut",
    "bake", "cake", "fake", "lake", "make", "rake", "take", "wake", "bird", "fish", "horse",
    "mouse", "zebra", "tiger", "snake", "planet", "rocket", "hangman", "factual", "elephant",
];

/// A temporary directory holding the fixture dictionary `words.txt`.
fn fixture() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("words.txt");
    std::fs::write(&path, WORDS.join("\n")).expect("write fixture");
    (dir, path)
}

/// Runs `hangman bench DICT ARGS...` and returns stdout; panics unless it succeeds.
fn bench(dict: &Path, args: &[&str]) -> String {
    let out = cargo_bin_cmd!("hangman")
        .arg("bench")
        .arg(dict)
        .args(args)
        .output()
        .expect("run hangman");
    assert!(
        out.status.success(),
        "hangman bench {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn bench_json(dict: &Path, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    serde_json::from_str(&bench(dict, &all)).expect("bench JSON parses")
}

/// The registry's strategy names, from `hangman list`.
fn strategy_names() -> Vec<String> {
    let out = cargo_bin_cmd!("hangman").arg("list").output().expect("run");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// Per-length scores: (length, games, total score, losses).
type LengthScores = Vec<(u64, u64, u64, u64)>;

/// The score columns of a row (timings left out): strategy, max wrong, games, total, losses
/// and per-length scores.
type RowScores = (String, u64, u64, u64, u64, LengthScores);

fn scores(report: &Value) -> Vec<RowScores> {
    report["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let by_length = r["by_length"]
                .as_array()
                .expect("by_length")
                .iter()
                .map(|l| {
                    let games = l["games"].as_u64().unwrap();
                    let total = (l["average_score"].as_f64().unwrap() * games as f64).round();
                    (
                        l["length"].as_u64().unwrap(),
                        games,
                        total as u64,
                        l["losses"].as_u64().unwrap(),
                    )
                })
                .collect();
            (
                r["strategy"].as_str().unwrap().to_string(),
                r["max_wrong"].as_u64().unwrap(),
                r["games"].as_u64().unwrap(),
                r["total_score"].as_u64().unwrap(),
                r["losses"].as_u64().unwrap(),
                by_length,
            )
        })
        .collect()
}

#[test]
fn json_holds_one_row_per_strategy_and_max_wrong() {
    let (_dir, dict) = fixture();
    let report = bench_json(&dict, &["--strategies", "all", "-m", "2,5"]);
    let rows = report["rows"].as_array().expect("rows");
    // `all` leaves out `letters`, which assumes the secret is not in the list.
    let ran: Vec<String> = strategy_names()
        .into_iter()
        .filter(|n| n != "letters")
        .collect();
    let expected: Vec<(String, u64)> = ran
        .iter()
        .flat_map(|n| [(n.clone(), 2), (n.clone(), 5)])
        .collect();
    let got: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["strategy"].as_str().unwrap().to_string(),
                r["max_wrong"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expected);
    for (strategy, m, games, total, losses, by_length) in scores(&report) {
        assert_eq!(games, WORDS.len() as u64, "{strategy} m{m}");
        assert_eq!(by_length.iter().map(|l| l.1).sum::<u64>(), games);
        assert_eq!(by_length.iter().map(|l| l.2).sum::<u64>(), total);
        assert_eq!(by_length.iter().map(|l| l.3).sum::<u64>(), losses);
    }
    // The best row of each max wrong has Δ 0, and no row beats it.
    for m in [2, 5] {
        let group: Vec<&Value> = rows.iter().filter(|r| r["max_wrong"] == m).collect();
        let deltas: Vec<f64> = group
            .iter()
            .map(|r| r["score_delta"].as_f64().unwrap())
            .collect();
        assert!(deltas.iter().all(|&d| d >= 0.0));
        assert!(deltas.contains(&0.0));
    }
}

#[test]
fn csv_parses_back_with_the_json_scores() {
    let (_dir, dict) = fixture();
    let args = ["--strategies", "all", "-m", "3", "-m", "5"];
    let report = bench_json(&dict, &args);
    let mut csv_args = args.to_vec();
    csv_args.extend(["--format", "csv"]);
    let text = bench(&dict, &csv_args);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().expect("header").clone();
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("record")).collect();
    let json_rows = scores(&report);
    assert_eq!(records.len(), json_rows.len());
    for (record, (strategy, m, games, total, losses, by_length)) in records.iter().zip(&json_rows) {
        assert_eq!(&record[col("strategy")], strategy);
        assert_eq!(record[col("max_wrong")].parse::<u64>().unwrap(), *m);
        assert_eq!(record[col("games")].parse::<u64>().unwrap(), *games);
        assert_eq!(record[col("total_score")].parse::<u64>().unwrap(), *total);
        assert_eq!(record[col("losses")].parse::<u64>().unwrap(), *losses);
        for (length, _, _, length_losses) in by_length {
            let cell = &record[col(&format!("len{length}_losses"))];
            assert_eq!(cell.parse::<u64>().unwrap(), *length_losses);
        }
    }
}

#[test]
fn greedy_scores_equal_the_scorer() {
    let (_dir, dict) = fixture();
    let report = bench_json(&dict, &["--strategies", "greedy", "-m", "3"]);
    let out = cargo_bin_cmd!("hangman")
        .arg("--strategy")
        .arg("greedy")
        .args(["-m", "3", "--all", "--format", "json"])
        .arg(&dict)
        .output()
        .expect("run scorer");
    assert!(out.status.success());
    let scored: Value = serde_json::from_slice(&out.stdout).expect("scorer JSON");
    let row = &report["rows"][0];
    assert_eq!(row["total_score"], scored["summary"]["total_score"]);
    assert_eq!(row["losses"], scored["summary"]["losses"]);
}

#[test]
fn replay_tree_threads_and_runs_agree_on_scores() {
    let (_dir, dict) = fixture();
    let default = bench_json(&dict, &["-m", "1,4", "--threads", "2"]);
    let replay = bench_json(&dict, &["-m", "1,4", "--replay", "--threads", "1"]);
    assert_eq!(scores(&default), scores(&replay));
    assert!(
        replay["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["mode"] == "replay" && r["p99_micros"].is_number())
    );
    for row in default["rows"].as_array().unwrap() {
        // Tree rows have no per-game distribution; replay rows have one.
        assert_eq!(row["mode"] == "tree", row["median_micros"].is_null());
    }
}

#[test]
fn sample_is_fixed_by_the_seed() {
    let (_dir, dict) = fixture();
    let a = bench_json(&dict, &["--sample", "9", "--seed", "7", "--threads", "1"]);
    let b = bench_json(&dict, &["--sample", "9", "--seed", "7", "--threads", "2"]);
    assert_eq!(a["selection"], "sample");
    assert_eq!(a["words"], 9);
    assert_eq!(scores(&a), scores(&b));
    assert!(scores(&a).iter().all(|row| row.2 == 9));
}

#[test]
fn table_and_markdown_show_every_row_and_length() {
    let (_dir, dict) = fixture();
    let report = bench_json(&dict, &[]);
    let names: Vec<String> = scores(&report).into_iter().map(|r| r.0).collect();
    let table = bench(&dict, &[]);
    let markdown = bench(&dict, &["--format", "markdown"]);
    for name in &names {
        assert!(table.contains(name.as_str()), "table lacks {name}");
        assert!(
            markdown.contains(&format!("| {name} | 5 |")),
            "markdown lacks a row for {name}:\n{markdown}"
        );
    }
    // Summary: header, rule, one line per row; then the per-length table of 2..8 letters.
    let pipe_lines = markdown.lines().filter(|l| l.starts_with('|')).count();
    assert_eq!(pipe_lines, 2 + names.len() + 2 + 7);
    assert!(markdown.contains("| 8 | 1 |"));
}

#[test]
#[cfg(feature = "plot")]
fn charts_are_written_as_png_and_svg() {
    let (dir, dict) = fixture();
    let charts = dir.path().join("charts");
    bench(&dict, &["-m", "3,5", "--plot", charts.to_str().unwrap()]);
    for name in ["score-by-length", "time-by-strategy"] {
        let png = std::fs::read(charts.join(format!("{name}.png"))).expect("PNG written");
        assert!(
            png.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{name}.png signature"
        );
        assert!(png.len() > 1000);
        let svg = std::fs::read_to_string(charts.join(format!("{name}.svg"))).expect("SVG");
        let doc = roxmltree::Document::parse(&svg).expect("SVG is XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        // Series labels name the rows (strategy and max wrong, since there are two).
        let texts: String = doc
            .descendants()
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(texts.contains("greedy m3"), "{name}.svg: {texts}");
    }
}

#[test]
fn bad_input_is_a_clear_error() {
    let (_dir, dict) = fixture();
    let run = |args: &[&str]| cargo_bin_cmd!("hangman").arg("bench").args(args).assert();
    run(&[dict.to_str().unwrap(), "--strategies", "greedy,nosuch"])
        .code(2)
        .stderr(predicate::str::contains("unknown strategy \"nosuch\""));
    run(&[dict.to_str().unwrap(), "-m", "5,26"])
        .code(2)
        .stderr(predicate::str::contains("26 is not in 0..=25"));
    run(&[dict.to_str().unwrap(), "--param", "nosuch:k=v"])
        .code(2)
        .stderr(predicate::str::contains("not one of the chosen strategies"));
    run(&[dict.to_str().unwrap(), "--sample", "1000"])
        .code(2)
        .stderr(predicate::str::contains("more than the"));
    let missing = dict.with_file_name("missing.txt");
    run(&[missing.to_str().unwrap()])
        .code(1)
        .stderr(predicate::str::contains("cannot load the dictionary"))
        .stderr(predicate::str::contains("missing.txt"));
}

#[test]
fn evil_referee_rows_match_the_scorer_and_lose_more() {
    let (_dir, dict) = fixture();
    let evil = bench_json(&dict, &["--strategies", "greedy", "--referee", "evil"]);
    let fair = bench_json(&dict, &["--strategies", "greedy"]);
    assert_eq!(evil["referee"], "evil");
    assert_eq!(fair["referee"], "fair");
    let total = |v: &Value| v["rows"][0]["total_score"].as_u64().unwrap();
    let losses = |v: &Value| v["rows"][0]["losses"].as_u64().unwrap();
    // A cheating referee never answers better than a fixed secret would.
    assert!(total(&evil) >= total(&fair), "{evil}\n{fair}");
    assert!(losses(&evil) >= losses(&fair));
    // The scorer with the same referee plays the same games.
    let out = cargo_bin_cmd!("hangman")
        .arg(&dict)
        .args(["--all", "--referee", "evil", "--format", "json"])
        .output()
        .expect("run hangman");
    let scorer: Value = serde_json::from_slice(&out.stdout).expect("scorer JSON");
    assert_eq!(
        scorer["summary"]["total_score"].as_u64().unwrap(),
        total(&evil)
    );
}

/// A bare bench runs every strategy but the seed tool's four (which replay every game and
/// take minutes on the whole list) and the letter model's two, and says so on stderr.
#[test]
fn a_bare_bench_runs_the_fast_strategies_and_says_which() {
    let (_dir, dict) = fixture();
    let out = cargo_bin_cmd!("hangman")
        .arg("bench")
        .arg(&dict)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let ran: Vec<&str> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    let left_out = [
        "deterministic-regex",
        "sampling-regex",
        "predicate",
        "trie",
        "mixed",
        "letters",
    ];
    let expected: Vec<String> = strategy_names()
        .into_iter()
        .filter(|n| !left_out.contains(&n.as_str()))
        .collect();
    assert_eq!(ran, expected);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "note: running {} (the default)",
            expected.join(", ")
        )),
        "{stderr}"
    );
    assert!(stderr.contains("--strategies"), "{stderr}");
}

#[test]
fn every_length_has_its_optimum_and_no_row_beats_it() {
    let (_dir, dict) = fixture();
    let report = bench_json(&dict, &["--strategies", "best,greedy", "-m", "3,5"]);
    let optimum = report["optimum"].as_array().expect("optimum");
    // Every bucket of the fixture is small: solved exactly at both max wrong values.
    assert_eq!(optimum.len(), 2 * 7);
    for row in scores(&report) {
        let (strategy, m, _, _, _, by_length) = row;
        for (length, games, total, _) in by_length {
            let known = optimum
                .iter()
                .find(|o| o["max_wrong"] == m && o["length"] == length)
                .expect("an optimum per length");
            assert_eq!(known["kind"], "optimum");
            assert_eq!(known["words"], games);
            let least = known["total"].as_u64().unwrap();
            assert!(
                least <= total,
                "{strategy} m{m} length {length}: {total} < {least}"
            );
            // `best` plays the exact optimum on words of up to 3 letters.
            if strategy == "best" && length <= 3 {
                assert_eq!(least, total, "best m{m} length {length}");
            }
        }
    }
    // The tables show it with best's gap; a sample has none.
    let markdown = bench(
        &dict,
        &["--strategies", "best,greedy", "--format", "markdown"],
    );
    assert!(
        markdown.contains("| length | words | best | greedy | optimum | best gap |"),
        "{markdown}"
    );
    assert!(markdown.contains("| 3 | 10 |"), "{markdown}");
    let sample = bench_json(&dict, &["--strategies", "greedy", "--sample", "9"]);
    assert!(sample.get("optimum").is_none(), "{sample}");
    let csv = bench(&dict, &["--strategies", "greedy", "--format", "csv"]);
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with("len8_optimum,len8_optimum_kind,len8_gap,len8_min_losses")
    );
}

#[test]
fn bound_certificates_are_written_and_verified_and_tampering_is_rejected() {
    let (dir, dict) = fixture();
    let certs = dir.path().join("certs");
    let certs_arg = certs.to_str().unwrap();
    let out = cargo_bin_cmd!("hangman")
        .arg("bench")
        .arg(&dict)
        .args([
            "--strategies",
            "best",
            "--no-cache",
            "--bound-certificate",
            certs_arg,
        ])
        .output()
        .expect("run hangman");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("hangman verify-bound"));
    // Two files per length of the fixture.
    let files = std::fs::read_dir(&certs).unwrap().count();
    assert_eq!(files, 2 * 7, "lengths 2-8, score and losses");
    let verify = |dir: &str| {
        cargo_bin_cmd!("hangman")
            .args(["verify-bound", dir])
            .arg(&dict)
            .assert()
    };
    verify(certs_arg)
        .success()
        .stdout(predicate::str::contains(
            "length  4: no strategy totals less than",
        ))
        .stdout(predicate::str::contains("REJECTED").not())
        // Progress per file on stderr, before and after its check.
        .stderr(predicate::str::contains(
            "[1/14] checking length-2.losses.cert.gz",
        ))
        .stderr(predicate::str::contains("ok in"));
    // A claim raised by one, written back as plain text: rejected, exit 1.
    let path = certs.join("length-4.score.cert.gz");
    let text = hangman::bound::check::text(&std::fs::read(&path).unwrap()).unwrap();
    let claim = text
        .lines()
        .find(|l| l.starts_with("bound "))
        .unwrap()
        .to_string();
    // The score's proof may use its length's losses proof: checked first.
    let lexicon = lexicon::Lexicon::from_words(WORDS.iter().copied()).unwrap();
    let losses = std::fs::read(certs.join("length-4.losses.cert.gz")).unwrap();
    let losses = hangman::bound::check::text(&losses).unwrap();
    let (_, proof) = hangman::bound::check::check_with(lexicon.bucket(4), &losses, None).unwrap();
    let worth = hangman::bound::check::check_with(lexicon.bucket(4), &text, Some(&proof))
        .unwrap()
        .0
        .value;
    std::fs::remove_file(&path).unwrap();
    std::fs::write(
        certs.join("length-4.score.cert"),
        text.replacen(&claim, &format!("bound {}", worth + 1), 1),
    )
    .unwrap();
    verify(certs_arg)
        .code(1)
        .stdout(predicate::str::contains("length  4: REJECTED"))
        .stderr(predicate::str::contains("REJECTED in"));
    // A folder without certificates, or no folder: a usage error.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    verify(empty.to_str().unwrap()).code(2);
    verify(dir.path().join("none").to_str().unwrap()).code(2);
    // Certificates need the whole list: a sample is a usage error.
    cargo_bin_cmd!("hangman")
        .arg("bench")
        .arg(&dict)
        .args([
            "--strategies",
            "best",
            "--sample",
            "5",
            "--bound-certificate",
            certs_arg,
        ])
        .assert()
        .code(2);
}
