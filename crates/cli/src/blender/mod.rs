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
use blender::{Dictionary, Difficulty, MAX_RACK, Rack, RoundError, RoundGenerator};
use clap::{Parser, Subcommand, ValueEnum};
use lexicon::{CommonSource, CommonTier, Lexicon, LoadOptions};
use wordplay_cli::terminal::{ColorChoice, Signals, Terminated};

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
    /// The common word list (required words, and the words racks come from); default: the
    /// embedded SCOWL list of familiar words.
    #[arg(long, global = true, value_name = "FILE")]
    common: Option<PathBuf>,
    /// Seed for dealing rounds (default: from the clock; printed so a game can be replayed).
    #[arg(long, global = true, conflicts_with = "daily")]
    seed: Option<u64>,
    /// How hard: the time of a round and how many required words its rack has
    /// (easy: 180 s, 6-15 words; normal: 120 s, 10-30; hard: 90 s, 25-80).
    #[arg(long, global = true, value_enum, default_value_t = Level::Normal)]
    difficulty: Level,
    /// Fewest required words in a round's rack (default: from --difficulty).
    #[arg(long, global = true)]
    min_words: Option<usize>,
    /// Most required words in a round's rack (default: from --difficulty).
    #[arg(long, global = true)]
    max_words: Option<usize>,
    /// The daily puzzle: one round, the same rack for everyone on DATE (YYYY-MM-DD;
    /// default: today). Played at normal difficulty.
    #[arg(long, global = true, value_name = "DATE", num_args = 0..=1,
          default_missing_value = "today",
          conflicts_with_all = ["difficulty", "min_words", "max_words"])]
    daily: Option<String>,
    #[command(subcommand)]
    command: Command,
}

/// The difficulty levels on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Level {
    /// 180 s, racks of 6 to 15 required words.
    Easy,
    /// 120 s, racks of 10 to 30 required words.
    Normal,
    /// 90 s, racks of 25 to 80 required words.
    Hard,
}

impl From<Level> for Difficulty {
    fn from(level: Level) -> Difficulty {
        match level {
            Level::Easy => Difficulty::Easy,
            Level::Normal => Difficulty::Normal,
            Level::Hard => Difficulty::Hard,
        }
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play (a terminal UI; plain lines when stdin or stdout is not a terminal).
    Play(PlayArgs),
    /// A round's rack with its required and bonus words: the first round of `play` with the
    /// same --seed (or --daily) and difficulty.
    Deal {
        /// Output format.
        #[arg(long, value_enum, default_value_t = DealFormat::Text)]
        format: DealFormat,
    },
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
    /// Seconds per round (default: from --difficulty).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3600))]
    time: Option<u64>,
    /// High-score file (default: blender-scores.json in the user's data directory).
    #[arg(long, value_name = "FILE")]
    scores: Option<PathBuf>,
    /// Name for the high-score table (default: asked at the end of a game in the terminal
    /// UI, offering $USER; $USER or "player" in line mode).
    #[arg(long)]
    name: Option<String>,
    /// Use the plain line mode even on a terminal.
    #[arg(long)]
    line: bool,
    /// Colour in the terminal UI: auto (unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
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

/// Output formats of `blender deal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum DealFormat {
    /// A few lines of text.
    Text,
    /// A JSON object.
    Json,
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

/// A failure already shown to the player (a high score that could not be saved): exit code
/// 1 with no further message.
#[derive(Debug)]
pub(crate) struct Reported;

impl std::fmt::Display for Reported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("reported")
    }
}

impl std::error::Error for Reported {}

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
        Err(e) if e.downcast_ref::<Reported>().is_some() => ExitCode::FAILURE,
        Err(e) if e.downcast_ref::<Terminated>().is_some() => {
            ExitCode::from(e.downcast_ref::<Terminated>().expect("checked").exit_code())
        }
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

/// The deal settings every subcommand that deals rounds shares.
pub(crate) struct Dealing {
    /// The difficulty (normal for the daily puzzle).
    pub difficulty: Difficulty,
    /// Fewest and most required words in a rack.
    pub words: (usize, usize),
    /// The seed of the deals.
    pub seed: u64,
    /// The daily puzzle's date, `YYYY-MM-DD`.
    pub daily: Option<String>,
}

impl Dealing {
    fn new(cli: &Cli) -> anyhow::Result<Dealing> {
        let daily = cli.daily.as_deref().map(daily_date).transpose()?;
        let difficulty = if daily.is_some() {
            Difficulty::Normal
        } else {
            cli.difficulty.into()
        };
        let range = difficulty.words();
        let words = (
            cli.min_words.unwrap_or(*range.start()),
            cli.max_words.unwrap_or(*range.end()),
        );
        if words.0 > words.1 {
            return Err(UsageError(format!(
                "--min-words {} is greater than --max-words {}",
                words.0, words.1
            ))
            .into());
        }
        let seed = match &daily {
            Some(date) => blender::daily_seed(date),
            None => cli.seed.unwrap_or_else(clock_seed),
        };
        Ok(Dealing {
            difficulty,
            words,
            seed,
            daily,
        })
    }
}

/// The date of `--daily`: `today` (the local date) or a `YYYY-MM-DD` date, normalized.
fn daily_date(text: &str) -> anyhow::Result<String> {
    if text == "today" {
        return Ok(jiff::ZonedDateTime::now().date().to_string());
    }
    let date: jiff::civil::Date = text.parse().map_err(|e| {
        UsageError(format!(
            "--daily {text:?} is not a date: {e} (use YYYY-MM-DD)"
        ))
    })?;
    Ok(date.to_string())
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let dealing = Dealing::new(&cli)?;
    let (min_words, max_words) = dealing.words;
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
            let dict = load_dictionary(&cli)?;
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
            let dict = load_dictionary(&cli)?;
            let games = dict.games();
            let stats = blender::GamesStats::of(&games, min_words, max_words);
            output::stats(&mut out, &stats, min_words, max_words)?;
        }
        Command::Deal { format } => {
            let dict = load_dictionary(&cli)?;
            let generator = round_generator(&dict, dealing.words)?;
            let deal = session::first_deal(&generator, dealing.seed);
            output::deal(&mut out, &deal, &dealing, *format)?;
        }
        Command::Play(args) => {
            // Caught from the start, so a signal while the lists load ends the game as it
            // begins instead of killing the program half-way.
            let signals = Signals::catch().context("cannot catch termination signals")?;
            let dict = load_dictionary(&cli)?;
            let generator = round_generator(&dict, dealing.words)?;
            let settings = session::Settings::new(args, dealing)?;
            drop(out);
            let interactive =
                !args.line && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
            return if interactive {
                tui::play(generator, &settings, &signals, args.color.resolve())
            } else {
                let stdout = std::io::stdout();
                let lines = wordplay_cli::terminal::Lines::spawn(
                    std::io::BufReader::new(std::io::stdin()),
                    signals,
                );
                line::play(generator, &settings, &lines, &mut stdout.lock())
            };
        }
    }
    out.flush()?;
    Ok(())
}

/// The rounds of `dict` with between `min` and `max` required words; the error says which
/// flags widen the bounds (the library's errors do not know the command line).
fn round_generator(
    dict: &Dictionary,
    (min, max): (usize, usize),
) -> anyhow::Result<RoundGenerator<'_>> {
    RoundGenerator::new(dict, min, max).map_err(|e| match e {
        RoundError::NoCandidates { .. } => {
            anyhow::anyhow!("{e}; widen --min-words/--max-words or use another word list")
        }
        e => e.into(),
    })
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

/// Loads both tiers and indexes them; a user's common file is described on stderr.
fn load_dictionary(cli: &Cli) -> anyhow::Result<Dictionary> {
    let accepted = load_accepted(cli)?;
    let common = CommonTier::load(cli.common.as_deref()).context("loading the common words")?;
    if common.source != CommonSource::Embedded {
        eprintln!("blender: {}", common.describe());
    }
    Ok(Dictionary::new(&accepted, Some(&common.lexicon)))
}

/// The round timer: `--time`, or the difficulty's.
pub(crate) fn round_time(args: &PlayArgs, difficulty: Difficulty) -> Duration {
    args.time.map_or(difficulty.time(), Duration::from_secs)
}
