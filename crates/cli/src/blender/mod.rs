//! The `blender` command line: argument parsing, loading the word tiers, and dispatch to the
//! output formats (`output`), the line-mode game (`line`) and the terminal UI (`tui`).

mod line;
mod output;
mod session;
mod tui;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use blender::{CommonTier, Dictionary, MAX_RACK, Rack, RoundGenerator, load_common};
use clap::{Parser, Subcommand, ValueEnum};
use lexicon::{Lexicon, LoadOptions};

/// Word Blender: find the words hidden in six scrambled letters.
#[derive(Debug, Parser)]
#[command(name = "blender", version, about, long_about = None)]
struct Cli {
    /// The full word list (accepted words); default: the embedded Wordnik list.
    #[arg(long, global = true, value_name = "FILE")]
    dict: Option<PathBuf>,
    /// Drop lines of the --dict file that are not words of letters a-z (counted) instead of
    /// failing on the first.
    #[arg(long, global = true)]
    skip_invalid: bool,
    /// The common word list (required words); default: /usr/share/dict/words if installed,
    /// else every word of the full list.
    #[arg(long, global = true, value_name = "FILE")]
    common: Option<PathBuf>,
    /// Seed for dealing rounds (default: from the clock; printed so a game can be replayed).
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Fewest required words in a round's rack.
    #[arg(long, global = true, default_value_t = 8)]
    min_words: usize,
    /// Most required words in a round's rack.
    #[arg(long, global = true, default_value_t = 40)]
    max_words: usize,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play (a terminal UI; plain lines when stdin or stdout is not a terminal).
    Play(PlayArgs),
    /// Every word in a rack of up to 12 letters, grouped by length.
    Solve {
        /// The letters (repeats allowed).
        letters: String,
    },
    /// The entire list of games: each six-letter signature with its words.
    Games {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Number of games and the distribution of words per game.
    Stats,
}

/// Options of `blender play`.
#[derive(Debug, clap::Args)]
pub(crate) struct PlayArgs {
    /// Seconds per round.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=3600))]
    time: u64,
    /// High-score file (default: blender-scores.json in the user's data directory).
    #[arg(long, value_name = "FILE")]
    scores: Option<PathBuf>,
    /// Name for the high-score table (default: $USER).
    #[arg(long)]
    name: Option<String>,
    /// Use the plain line mode even on a terminal.
    #[arg(long)]
    line: bool,
}

/// Output formats of `blender games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One line per game.
    Text,
    /// A JSON document with the count and the games.
    Json,
    /// CSV with a header row.
    Csv,
}

/// A usage error (bad argument values): exit code 2.
#[derive(Debug)]
struct UsageError(String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Runs the program; exit code 0 on success, 1 on failure, 2 on a usage error.
pub(crate) fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("blender: error: {}", message(&e));
            if e.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// The error and its causes, skipping causes whose text the message already includes
/// (library errors often embed their source in their own message).
fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&part);
        }
    }
    text
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> anyhow::Result<()> {
    if cli.min_words > cli.max_words {
        return Err(UsageError(format!(
            "--min-words {} is greater than --max-words {}",
            cli.min_words, cli.max_words
        ))
        .into());
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match &cli.command {
        Command::Solve { letters } => {
            let rack = Rack::parse(letters)
                .map_err(|e| UsageError(format!("{e} (racks have 1 to {MAX_RACK} letters)")))?;
            let accepted = load_accepted(&cli)?;
            let dict = Dictionary::new(&accepted, None);
            output::solve(&mut out, &rack, &dict.solve(&rack, blender::MIN_WORD))?;
        }
        Command::Games { format } => {
            let (dict, _) = load_dictionary(&cli)?;
            let started = Instant::now();
            let games = dict.games();
            let elapsed = started.elapsed();
            output::games(&mut out, &games, *format)?;
            eprintln!(
                "blender: {} games listed in {:.1} ms",
                games.len(),
                elapsed.as_secs_f64() * 1e3
            );
        }
        Command::Stats => {
            let (dict, _) = load_dictionary(&cli)?;
            let games = dict.games();
            let stats = blender::GamesStats::of(&games, cli.min_words, cli.max_words);
            output::stats(&mut out, &stats, cli.min_words, cli.max_words)?;
        }
        Command::Play(args) => {
            let (dict, _) = load_dictionary(&cli)?;
            let generator =
                RoundGenerator::new(&dict, cli.min_words, cli.max_words).with_context(|| {
                    format!(
                        "--min-words {} --max-words {}",
                        cli.min_words, cli.max_words
                    )
                })?;
            let seed = cli.seed.unwrap_or_else(clock_seed);
            let settings = session::Settings::new(args, seed)?;
            drop(out);
            let interactive =
                !args.line && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
            if interactive {
                tui::play(generator, &settings)?;
            } else {
                let stdin = std::io::stdin();
                let stdout = std::io::stdout();
                line::play(generator, &settings, stdin.lock(), &mut stdout.lock())?;
            }
            return Ok(());
        }
    }
    out.flush()?;
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn load_accepted(cli: &Cli) -> anyhow::Result<Lexicon> {
    match &cli.dict {
        Some(path) => {
            let (lexicon, report) = Lexicon::from_path(
                path,
                &LoadOptions {
                    skip_invalid: cli.skip_invalid,
                },
            )
            .map_err(wordplay_cli::dictionary::skip_hint)?;
            if let Some(notes) = report.notes() {
                eprintln!("blender: {notes}");
            }
            Ok(lexicon)
        }
        None => Ok(Lexicon::embedded()),
    }
}

/// Loads both tiers and indexes them; says on stderr where the common words came from.
fn load_dictionary(cli: &Cli) -> anyhow::Result<(Dictionary, CommonTier)> {
    let accepted = load_accepted(cli)?;
    let common = load_common(cli.common.as_deref()).context("loading the common words")?;
    eprintln!("blender: {}", common.describe());
    let dict = Dictionary::new(&accepted, common.lexicon.as_ref());
    Ok((dict, common))
}

/// The round timer of `--time`.
pub(crate) fn round_time(args: &PlayArgs) -> Duration {
    Duration::from_secs(args.time)
}
