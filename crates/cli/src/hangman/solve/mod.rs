//! `hangman solve`: evil hangman solved exactly, per word length.
//!
//! `M(L)` is the number of misses an optimal cheating referee forces on an optimal guesser
//! before one word of length `L` is left (then the guesser knows the word). With `N` lives
//! (the `N`th miss loses) the guesser wins iff `M(L) < N`. See `hangman::solve`.
//!
//! While it runs, a status line on stderr shows each length's proven bounds (redrawn in
//! place on a terminal, one line every `--progress-every` seconds otherwise). Ctrl-C stops
//! the search and prints what was proven; a second Ctrl-C exits at once.

mod args;
mod certificates;
mod progress;
mod schedule;
mod stream;

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use hangman::solve::{self, LengthSolution, Progress, SolveOptions, StopFlag};
use rayon::prelude::*;

pub(crate) use args::SolveArgs;

use crate::dictionary;
use crate::error::usage;
use crate::export::solve::{self as export, SolveFormat, SolveReport, SolveRow, Stopped};
use stream::Stream;

/// Raises `stop` on the first Ctrl-C; a second one exits at once with status 130.
#[cfg(unix)]
fn on_ctrl_c(stop: &StopFlag) -> anyhow::Result<()> {
    use signal_hook::consts::SIGINT;
    use signal_hook::flag;
    let raised: std::sync::Arc<AtomicBool> = stop.shared();
    // Registered first, so it sees the flag as it was before this signal.
    flag::register_conditional_shutdown(SIGINT, 130, raised.clone())
        .context("cannot install the Ctrl-C handler")?;
    flag::register(SIGINT, raised).context("cannot install the Ctrl-C handler")?;
    Ok(())
}

/// Without signal-hook (a unix-only dependency) Ctrl-C keeps its default: the solve ends at
/// once, without the partial table.
#[cfg(not(unix))]
fn on_ctrl_c(_stop: &StopFlag) -> anyhow::Result<()> {
    Ok(())
}

pub(super) fn run(args: SolveArgs) -> anyhow::Result<()> {
    // Everything below counts lives: lost on miss number `-m` + 1.
    let lives = args.limit.max_wrong() + 1;
    let dict = dictionary::load(args.dictionary.as_deref(), args.invalid.skip_invalid)?;
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
    if let Some(dir) = &args.certificate {
        std::fs::create_dir_all(dir)
            .map_err(|e| usage(format!("cannot create the folder {}: {e}", dir.display())))?;
    }
    let stop = StopFlag::new();
    on_ctrl_c(&stop)?;
    let start = Instant::now();
    let limit_end = args.time_limit.map(|s| start + Duration::from_secs_f64(s));
    // With certificates, the search gets 3/4 of the limit and the proofs the rest (a proof
    // that does not finish falls back to a weaker bound that is still proven).
    let deadline = match (args.time_limit, &args.certificate) {
        (Some(s), Some(_)) => Some(start + Duration::from_secs_f64(s * 0.75)),
        _ => limit_end,
    };
    let options = SolveOptions {
        deadline,
        table_bytes: (args.table_mb as usize) << 20,
        stop: stop.clone(),
        verdict_only: args.verdict_only,
        // Several lengths run side by side on the pool: letters searched in parallel
        // within a length would only add speculative work (measured: 2 threads took 20 %
        // longer than 1 on lengths 8-28, with 60 % more CPU). One length alone keeps them.
        sequential: lengths.len() > 1,
        first_letter_nodes: args.first_letter_nodes,
        ..SolveOptions::default()
    };
    let progress: Vec<Progress> = lengths
        .iter()
        .map(|&l| Progress::new(l, lexicon.bucket(l).len()))
        .collect();
    let finished = AtomicBool::new(false);
    // Without a time limit, CSV rows are written as soon as each length (and every shorter
    // one) is settled; the other formats need every row first.
    let stream = (deadline.is_none() && args.format == SolveFormat::Csv)
        .then(|| Stream::new(lengths.len(), lives, &stop));
    if let Some(stream) = &stream {
        stream.header();
    }
    // Set when the reader of stdout went away (`| head -1`): the search stops at once
    // rather than at the next row, and the run ends quietly.
    let closed = AtomicBool::new(false);
    let (solutions, threads) = std::thread::scope(|scope| {
        scope.spawn(|| progress::report_progress(&progress, &finished, args.progress_every, start));
        scope.spawn(|| stream::watch_stdout(&finished, &closed, &stop));
        let solved = args.threads.install(|| {
            let mut solved = match deadline {
                Some(deadline) => {
                    schedule::scheduled(lexicon, &progress, &options, lives, deadline)
                }
                // No limit: shortest first, so that rows stream in order.
                None => progress
                    .par_iter()
                    .enumerate()
                    .with_max_len(1)
                    .map(|(i, p)| {
                        let bucket = lexicon.bucket(p.length());
                        let solution = solve::solve_length(bucket, &options, Some(lives), p);
                        if let Some(stream) = &stream {
                            stream.settled(i, &solution);
                        }
                        solution
                    })
                    .collect(),
            };
            if let Some(dir) = &args.certificate {
                let options = SolveOptions {
                    deadline: limit_end,
                    ..options.clone()
                };
                solved.par_iter().with_max_len(1).for_each(|solution| {
                    let bucket = lexicon.bucket(solution.length);
                    certificates::write(dir, bucket, &dict.name, solution, &options);
                });
            }
            solved.sort_by_key(|s| s.length);
            solved
        });
        finished.store(true, Ordering::Relaxed);
        solved
    })?;
    if closed.load(Ordering::Relaxed) {
        return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
            .context("cannot write output");
    }
    if let Some(stream) = stream {
        return stream.finish();
    }
    let complete = |s: &LengthSolution| match args.verdict_only {
        true => s.guesser_wins(lives).is_some(),
        false => s.misses.is_exact() && s.best_first_complete,
    };
    let stopped = if stop.is_raised() {
        eprintln!("interrupted: the bounds below are those proven so far");
        Some(Stopped::Interrupted)
    } else if solutions.iter().any(|s| !complete(s) && s.words > 1) {
        // Open values, or a limit that ran out, are the time limit's doing; first letters
        // left open while every value is exact and time was left are the cap's.
        let values_open = solutions
            .iter()
            .any(|s| s.words > 1 && !s.misses.is_exact());
        let late = limit_end.is_some_and(|end| Instant::now() >= end);
        if args.verdict_only || values_open || late {
            Some(Stopped::TimeLimit)
        } else {
            Some(Stopped::FirstLetterCap)
        }
    } else {
        None
    };
    let report = SolveReport {
        dictionary: dict.name.clone(),
        lives,
        threads,
        verdict_only: args.verdict_only,
        stopped,
        lengths: solutions
            .into_iter()
            .map(|solution| SolveRow::new(solution, lives))
            .collect(),
    };
    let mut out = std::io::stdout().lock();
    export::write(&mut out, &report, args.format).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(())
}
