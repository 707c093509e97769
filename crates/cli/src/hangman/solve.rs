//! `hangman solve`: evil hangman solved exactly, per word length.
//!
//! `M(L)` is the number of misses an optimal cheating referee forces on an optimal guesser
//! before one word of length `L` is left (then the guesser knows the word). With `N` lives
//! (the `N`th miss loses) the guesser wins iff `M(L) < N`. See `hangman::solve`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use comfy_table::{CellAlignment, ContentArrangement, Table, presets};
use hangman::solve::{self, Bounds, LengthSolution, SolveOptions};
use rayon::prelude::*;
use serde::Serialize;

use crate::dictionary;
use crate::error::usage;

/// Output formats of `hangman solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SolveFormat {
    /// Aligned text table.
    Table,
    /// One JSON document.
    Json,
    /// One CSV row per length.
    Csv,
}

/// Arguments of `hangman solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The word list (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub dictionary: Option<PathBuf>,

    /// Solve one word length.
    #[arg(long, value_name = "L", conflicts_with = "lengths",
          value_parser = clap::value_parser!(u32).range(1..=32))]
    pub length: Option<u32>,

    /// Solve a range of lengths, `A-B` (default: every length of the list).
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    pub lengths: Option<(usize, usize)>,

    /// Lives for the verdict: the Nth miss loses (the challenge's 6 lives = `-m 5`).
    #[arg(long, value_name = "N", default_value_t = 6,
          value_parser = clap::value_parser!(u32).range(1..=26))]
    pub lives: u32,

    /// Stop after S seconds in total and report proven bounds for unfinished lengths.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time_limit: Option<f64>,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: SolveFormat,

    /// Worker threads (default: all cores). Values do not depend on the count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,

    /// Drop dictionary lines that are not words of letters a-z (counted) instead of failing.
    #[arg(long)]
    pub skip_invalid: bool,
}

fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not a range A-B of word lengths 1-32 with A <= B");
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b): (usize, usize) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a == 0 || a > b || b > lexicon::MAX_WORD_LEN {
        return Err(bad());
    }
    Ok((a, b))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(s),
        _ => Err(format!("{text:?} is not a positive number of seconds")),
    }
}

/// One length's row: the solution and the verdict.
#[derive(Debug, Serialize)]
struct Row {
    #[serde(flatten)]
    solution: LengthSolution,
    exact: bool,
    verdict: String,
}

#[derive(Debug, Serialize)]
struct Report {
    dictionary: String,
    lives: u32,
    threads: usize,
    lengths: Vec<Row>,
}

pub(super) fn run(args: SolveArgs) -> anyhow::Result<()> {
    let dict = dictionary::load(args.dictionary.as_deref(), args.skip_invalid)?;
    let lexicon = &dict.lexicon;
    let lengths: Vec<usize> = match (args.length, args.lengths) {
        (Some(l), _) => {
            let l = l as usize;
            if lexicon.bucket(l).is_empty() {
                return Err(usage(format!(
                    "the dictionary {} has no word of {l} letters",
                    dict.name
                )));
            }
            vec![l]
        }
        (None, Some((a, b))) => lexicon.lengths().filter(|l| (a..=b).contains(l)).collect(),
        (None, None) => lexicon.lengths().collect(),
    };
    if lengths.is_empty() {
        return Err(usage(format!(
            "the dictionary {} has no word of the lengths asked for",
            dict.name
        )));
    }
    let start = Instant::now();
    let deadline = args.time_limit.map(|s| start + Duration::from_secs_f64(s));
    let options = SolveOptions {
        deadline,
        // About 16 bytes an entry: a few GB at most.
        max_entries: 150_000_000,
        max_nodes: 0,
    };
    let live = std::io::stderr().is_terminal();
    let shown = Mutex::new(());
    let progress = |length: usize, b: Bounds| {
        if live {
            let _guard = shown.lock();
            let value = if b.is_exact() {
                format!("M = {}", b.lower)
            } else {
                format!("{} <= M <= {}", b.lower, b.upper)
            };
            eprintln!(
                "  length {length:>2}: {value} ({:.1} s)",
                start.elapsed().as_secs_f64()
            );
        }
    };
    let threads = args.threads.map(|n| n as usize);
    let (solutions, threads) = super::with_threads(threads, || {
        // Longest first: the short lengths are the hardest, so a time limit leaves them
        // with bounds rather than starving the lengths that finish.
        let mut order = lengths.clone();
        order.reverse();
        let mut solved: Vec<LengthSolution> = order
            .par_iter()
            .with_max_len(1)
            .map(|&l| solve::solve_length(lexicon.bucket(l), options, &progress))
            .collect();
        solved.sort_by_key(|s| s.length);
        solved
    })?;
    let rows: Vec<Row> = solutions
        .into_iter()
        .map(|solution| {
            let verdict = match solution.guesser_wins(args.lives) {
                Some(true) => format!("guesser wins with {} lives", args.lives),
                Some(false) => format!("referee wins against {} lives", args.lives),
                None => "undecided".to_string(),
            };
            Row {
                exact: solution.misses.is_exact(),
                solution,
                verdict,
            }
        })
        .collect();
    let report = Report {
        dictionary: dict.name.clone(),
        lives: args.lives,
        threads,
        lengths: rows,
    };
    let mut out = std::io::stdout().lock();
    write(&mut out, &report, args.format).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(())
}

fn misses(b: &Bounds) -> String {
    if b.is_exact() {
        b.lower.to_string()
    } else {
        format!("{}..{}", b.lower, b.upper)
    }
}

fn write(out: &mut dyn Write, report: &Report, format: SolveFormat) -> anyhow::Result<()> {
    match format {
        SolveFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, report)?;
            writeln!(out)?;
        }
        SolveFormat::Csv => {
            let mut w = csv::Writer::from_writer(out);
            w.write_record([
                "length",
                "words",
                "misses_lower",
                "misses_upper",
                "exact",
                "best_first",
                "best_first_complete",
                "verdict",
                "seconds",
            ])?;
            for r in &report.lengths {
                let s = &r.solution;
                w.write_record([
                    s.length.to_string(),
                    s.words.to_string(),
                    s.misses.lower.to_string(),
                    s.misses.upper.to_string(),
                    r.exact.to_string(),
                    s.best_first.join(""),
                    s.best_first_complete.to_string(),
                    r.verdict.clone(),
                    format!("{:.3}", s.seconds),
                ])?;
            }
            w.flush()?;
        }
        SolveFormat::Table => {
            let mut table = Table::new();
            table
                .load_style(presets::NOTHING)
                .set_content_arrangement(ContentArrangement::Disabled)
                .set_header(["length", "words", "M", "best first", "verdict", "s"]);
            for r in &report.lengths {
                let s = &r.solution;
                table.add_row([
                    s.length.to_string(),
                    s.words.to_string(),
                    misses(&s.misses),
                    match (s.best_first.is_empty(), s.best_first_complete) {
                        (true, _) => "-".to_string(),
                        (false, true) => s.best_first.join(""),
                        (false, false) => format!("{}+?", s.best_first.join("")),
                    },
                    r.verdict.clone(),
                    format!("{:.2}", s.seconds),
                ]);
            }
            for column in [0, 1, 2, 5] {
                if let Some(c) = table.column_mut(column) {
                    c.set_cell_alignment(CellAlignment::Right);
                }
            }
            writeln!(out, "{table}")?;
            writeln!(
                out,
                "M = misses an optimal cheating referee forces on an optimal guesser before one \
                 word is left; a..b = bounds (time limit); +? = more optimal first letters may \
                 exist; s = seconds to find M. The guesser wins with {} lives iff M < {}.",
                report.lives, report.lives
            )?;
            writeln!(
                out,
                "dictionary {} · {} thread(s)",
                report.dictionary, report.threads
            )?;
        }
    }
    Ok(())
}
