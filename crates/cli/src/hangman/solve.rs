//! `hangman solve`: evil hangman solved exactly, per word length.
//!
//! `M(L)` is the number of misses an optimal cheating referee forces on an optimal guesser
//! before one word of length `L` is left (then the guesser knows the word). With `N` lives
//! (the `N`th miss loses) the guesser wins iff `M(L) < N`. See `hangman::solve`.
//!
//! While it runs, a status line on stderr shows each length's proven bounds (redrawn in
//! place on a terminal, one line every `--progress-every` seconds otherwise). Ctrl-C stops
//! the search and prints what was proven; a second Ctrl-C exits at once.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use hangman::solve::{
    self, LengthSolution, Phase, Progress, ProgressSnapshot, SolveOptions, StopFlag,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::dictionary;
use crate::error::usage;
use crate::export::solve::{self as export, SolveFormat, SolveReport, SolveRow, Stopped};

/// Arguments of `hangman solve`.
#[derive(Debug, Args)]
#[command(
    after_long_help = "Output: M is the value, or a..b when only bounds are proven \
(the search stopped first, or --verdict-only). The verdict says \"(proven)\" when the bounds \
decide it. Best first lists the guesser's optimal first letters: +? after them = more may \
exist (the search stopped while settling them: a time limit or --first-letter-nodes); - = not computed (M not exact, \
--verdict-only, or no time left); (none) = one word, nothing to guess.",
    // The shared `--threads` promises identical results; a solve cut short by a time limit
    // may prove more or less with another count, so its help says so.
    mut_arg("threads", |arg| arg.help(
        "Worker threads (default: all cores). Values, verdicts and first letters do not \
depend on the count; only a run cut short by a time limit may prove more or less"
    ))
)]
pub(crate) struct SolveArgs {
    /// The word list (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,

    /// Solve one word length.
    #[arg(long, value_name = "L", conflicts_with = "lengths",
          value_parser = clap::value_parser!(u32).range(1..=32))]
    pub(crate) length: Option<u32>,

    /// Solve a range of lengths, `A-B`, or one length `L` (default: every length of the list).
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    pub(crate) lengths: Option<(usize, usize)>,

    /// The limit of wrong guesses; the verdict (does the referee force more misses?) is
    /// proven first, before the exact value. `--lives N`, hidden, is `-m N-1`.
    #[command(flatten)]
    pub(crate) limit: super::flags::MaxWrongOrLives,

    /// Stop each length once its verdict for `-m` is proven (no exact value, no
    /// first letters): the quickest answer to "who wins?".
    #[arg(long)]
    pub(crate) verdict_only: bool,

    /// Stop after S seconds in total and report proven bounds for unfinished lengths.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub(crate) time_limit: Option<f64>,

    /// Nodes each length may spend on settling its optimal first letters, after its exact
    /// value (0: no cap, until every letter is settled, which can take hours at the
    /// hardest lengths); the split proofs (a second guess, each part solved alone) and
    /// the four-blank witnesses have caps of their own, the same number. Letters still
    /// open are shown as `+?`. A capped search for first letters runs on one thread, so
    /// the letters it settles do not depend on the thread count or the machine's speed.
    #[arg(long, value_name = "NODES", default_value_t = FIRST_LETTER_NODES)]
    pub(crate) first_letter_nodes: u64,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: SolveFormat,

    /// The worker pool (its help says what a time-limited run may prove: see `mut_arg` above).
    #[command(flatten)]
    pub(crate) threads: super::flags::Threads,

    /// Transposition table size per length being solved, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub(crate) table_mb: u64,

    /// Seconds between two status lines when stderr is not a terminal (0: none).
    #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = parse_interval)]
    pub(crate) progress_every: f64,

    /// `--skip-invalid`.
    #[command(flatten)]
    pub(crate) invalid: super::flags::SkipInvalid,

    /// Write a certificate per length to DIR (`length-L.cert.gz`): proofs of both bounds that
    /// `hangman verify DIR DICTIONARY` re-checks (format: docs/evil.md). With
    /// `--time-limit`, the search gets 3/4 of the limit and the proofs the rest.
    #[arg(long, value_name = "DIR")]
    pub(crate) certificate: Option<PathBuf>,
}

/// The default cap of `--first-letter-nodes`, so that a bare `hangman solve` finishes:
/// every length of words.txt settles all its first letters within it (4 and 5 through
/// split proofs, 6 and 7 through four-blank witnesses), while the embedded list's 3 and 6
/// stop after a minute or two each (docs/evil.md, "The first-letter cap").
const FIRST_LETTER_NODES: u64 = 4_000_000;

fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let bad =
        || format!("{text:?} is not a range A-B of word lengths 1-32 with A <= B, nor one length");
    // One length is the range of it alone, as a user trying `--lengths 3` means.
    let (a, b) = text.split_once('-').unwrap_or((text, text));
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

fn parse_interval(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..1e9).contains(&s) => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds (0 or more)")),
    }
}

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
        scope.spawn(|| report_progress(&progress, &finished, args.progress_every, start));
        scope.spawn(|| watch_stdout(&finished, &closed, &stop));
        let solved = args.threads.install(|| {
            let mut solved = match deadline {
                Some(deadline) => scheduled(lexicon, &progress, &options, lives, deadline),
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
                    certify(dir, bucket, &dict.name, solution, &options);
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

/// Under a time limit: rounds in which every length not settled yet gets a slice of time
/// (1/16 of the limit at first, doubling each round; a round resumes from the bounds and
/// witness proven before), so every length gets its value before any length spends time
/// on first letters and cheap lengths are never starved behind a hard one. The rounds end
/// at 3/4 of the limit; then the optimal first letters of the settled lengths (those whose
/// value came quickest first) while the open ones go on, until `deadline`.
fn scheduled(
    lexicon: &lexicon::Lexicon,
    progress: &[Progress],
    options: &SolveOptions,
    lives: u32,
    deadline: Instant,
) -> Vec<LengthSolution> {
    let settled = |s: &LengthSolution| match options.verdict_only {
        true => s.guesser_wins(lives).is_some(),
        false => s.misses.is_exact(),
    };
    let total = deadline.saturating_duration_since(Instant::now());
    let mut slice = (total / 16).max(Duration::from_millis(50));
    // The rounds stop at 3/4 of the limit, so that the lengths already settled get time for
    // their first letters even when a hard length never settles.
    let rounds_end = deadline - total / 4;
    let mut solved: Vec<Option<LengthSolution>> = progress.iter().map(|_| None).collect();
    loop {
        let open: Vec<usize> = (0..progress.len())
            .filter(|&i| solved[i].as_ref().is_none_or(|s| !settled(s)))
            .collect();
        let first_round = solved.iter().any(Option::is_none);
        if open.is_empty()
            || (!first_round && Instant::now() >= rounds_end)
            || options.stop.is_raised()
        {
            break;
        }
        // Longest first within a round: they are cheap, the short ones are hard.
        let round: Vec<(usize, LengthSolution)> = open
            .par_iter()
            .rev()
            .with_max_len(1)
            .map(|&i| {
                let p = &progress[i];
                let options = SolveOptions {
                    deadline: Some(rounds_end.min(Instant::now() + slice)),
                    ..options.clone()
                };
                let bucket = lexicon.bucket(p.length());
                let s = solve::solve_value(bucket, &options, Some(lives), p, solved[i].as_ref());
                (i, s)
            })
            .collect();
        for (i, s) in round {
            solved[i] = Some(s);
        }
        slice = slice.saturating_mul(2);
    }
    let mut solved: Vec<LengthSolution> = solved
        .into_iter()
        .map(|s| s.expect("every length had a round"))
        .collect();
    let mut order: Vec<usize> = (0..solved.len()).collect();
    order.sort_by(|&a, &b| solved[a].seconds.total_cmp(&solved[b].seconds));
    let mut firsts: Vec<(usize, LengthSolution)> = order
        .par_iter()
        .with_max_len(1)
        .map(|&i| {
            let mut s = solved[i].clone();
            let bucket = lexicon.bucket(s.length);
            if settled(&s) {
                solve::solve_first_letters(bucket, options, &mut s, &progress[i]);
            } else {
                // Still open: its value goes on until the deadline.
                let resume = s.clone();
                s = solve::solve_value(bucket, options, Some(lives), &progress[i], Some(&resume));
            }
            (i, s)
        })
        .collect();
    for (i, s) in firsts.drain(..) {
        solved[i] = s;
    }
    solved
}

/// CSV rows written as soon as a length and every shorter one are settled.
struct Stream<'a> {
    lives: u32,
    stop: &'a StopFlag,
    state: Mutex<StreamState>,
}

struct StreamState {
    next: usize,
    ready: Vec<Option<SolveRow>>,
    error: Option<std::io::Error>,
}

impl<'a> Stream<'a> {
    fn new(lengths: usize, lives: u32, stop: &'a StopFlag) -> Stream<'a> {
        Stream {
            lives,
            stop,
            state: Mutex::new(StreamState {
                next: 0,
                ready: (0..lengths).map(|_| None).collect(),
                error: None,
            }),
        }
    }

    fn write(
        &self,
        state: &mut StreamState,
        f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) {
        if state.error.is_some() {
            return;
        }
        let mut out = std::io::stdout().lock();
        if let Err(e) = f(&mut out).and_then(|()| out.flush()) {
            // Nobody reads any more (`| head -1`): stop the search, report at the end.
            state.error = Some(e);
            self.stop.raise();
        }
    }

    fn header(&self) {
        let mut state = self.state.lock().expect("no panic while writing");
        self.write(&mut state, export::write_csv_header);
    }

    /// Length number `i` (in the run's order) is settled: write every row now ready.
    fn settled(&self, i: usize, solution: &LengthSolution) {
        let mut state = self.state.lock().expect("no panic while writing");
        state.ready[i] = Some(SolveRow::new(solution.clone(), self.lives));
        loop {
            let next = state.next;
            let Some(row) = state.ready.get_mut(next).and_then(Option::take) else {
                break;
            };
            state.next += 1;
            self.write(&mut state, |out| export::write_csv_row(out, &row));
        }
    }

    fn finish(self) -> anyhow::Result<()> {
        let state = self.state.into_inner().expect("no panic while writing");
        match state.error {
            Some(e) => Err(e).context("cannot write output"),
            None if self.stop.is_raised() => {
                eprintln!("interrupted: the rows above hold the bounds proven so far");
                Ok(())
            }
            None => Ok(()),
        }
    }
}

/// Writes the certificate of one length to `dir/length-L.cert.gz` and says on stderr what it
/// proves (a proof that does not finish in time proves a weaker bound; a file that cannot
/// be written is reported, not fatal: the table is still printed).
fn certify(
    dir: &std::path::Path,
    bucket: &lexicon::Bucket,
    dictionary: &str,
    solution: &LengthSolution,
    options: &SolveOptions,
) {
    let start = Instant::now();
    let c = solve::certify(
        bucket,
        dictionary,
        solution.misses.lower,
        solution.misses.upper,
        solution.witness.as_ref(),
        options,
    );
    let path = dir.join(format!("length-{}.cert.gz", bucket.length()));
    let bytes = c.compressed();
    match std::fs::write(&path, &bytes) {
        Ok(()) => eprintln!(
            "certificate {}: {} <= M <= {} ({} bytes, {:.2} s)",
            path.display(),
            c.lower,
            c.upper,
            bytes.len(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
    }
}

/// Until `finished`, checks every 100 ms whether stdout's reader has gone (a closed pipe);
/// if so, sets `closed` and raises `stop`.
fn watch_stdout(finished: &AtomicBool, closed: &AtomicBool, stop: &StopFlag) {
    while !finished.load(Ordering::Relaxed) {
        if stdout_closed() {
            closed.store(true, Ordering::Relaxed);
            stop.raise();
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Whether standard output is a pipe whose reader has closed it, as poll(2) reports it
/// without waiting (an error or hang-up on the write end).
#[cfg(unix)]
fn stdout_closed() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdout = rustix::stdio::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
    let zero = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    match poll(&mut fds, Some(&zero)) {
        Ok(_) => fds[0].revents().intersects(PollFlags::ERR | PollFlags::HUP),
        Err(_) => false,
    }
}

#[cfg(not(unix))]
fn stdout_closed() -> bool {
    false
}

/// Shows the lengths' progress on stderr until `finished`: a line redrawn in place on a
/// terminal, else one line every `every` seconds (none if 0).
fn report_progress(progress: &[Progress], finished: &AtomicBool, every: f64, start: Instant) {
    let live = std::io::stderr().is_terminal();
    let tick = Duration::from_millis(100);
    let bar = if live {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(ProgressStyle::with_template("{spinner} {wide_msg}").expect("template"));
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut last = Instant::now();
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(tick);
        let line = status_line(progress, start);
        if live {
            bar.set_message(line);
            bar.tick();
        } else if every > 0.0 && last.elapsed().as_secs_f64() >= every {
            last = Instant::now();
            eprintln!("{line}");
        }
    }
    bar.finish_and_clear();
}

/// One line: the lengths done, then each running length's bounds and test.
fn status_line(progress: &[Progress], start: Instant) -> String {
    let snapshots: Vec<ProgressSnapshot> = progress.iter().map(Progress::snapshot).collect();
    let done = snapshots.iter().filter(|s| s.phase == Phase::Done).count();
    let mut line = format!(
        "solve {:.0} s · {done}/{} lengths done",
        start.elapsed().as_secs_f64(),
        snapshots.len()
    );
    for s in snapshots
        .iter()
        .filter(|s| matches!(s.phase, Phase::Bounds | Phase::FirstLetters))
    {
        let bounds = s.bounds.map_or_else(|| "?".to_string(), |b| b.to_string());
        let what = match (s.phase, s.testing) {
            (Phase::FirstLetters, _) => {
                format!("first letters {}/{}", s.first_letters.0, s.first_letters.1)
            }
            (_, Some(k)) => format!("testing M >= {k}"),
            _ => "bounds".to_string(),
        };
        line.push_str(&format!(
            " · L{}: M {bounds}, {what}, {} nodes, {:.0} s",
            s.length,
            human(s.nodes),
            s.elapsed.as_secs_f64()
        ));
    }
    line
}

/// A count with a k/M/G suffix.
fn human(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_range;

    #[test]
    fn lengths_are_a_range_or_one_length() {
        assert_eq!(parse_range("4-7"), Ok((4, 7)));
        assert_eq!(parse_range("3"), Ok((3, 3)));
        for bad in ["", "0", "7-4", "3-", "-3", "x", "3-99", "99"] {
            assert!(parse_range(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
