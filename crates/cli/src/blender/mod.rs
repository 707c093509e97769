//! The `blender` program's commands (its binary only calls [`run`]): argument parsing,
//! loading the word tiers, and dispatch to the output formats ([`crate::export::blender`]),
//! the line-mode game (`line`) and the terminal UI (`tui`).

mod line;
mod session;
mod tui;

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::dictionary;
use crate::error::UsageError;
use crate::export::blender::{self as export, DealFormat, Dealing, GamesFormat};
use crate::seed::clock_seed;
use crate::terminal::{ColorChoice, Signals};
use anyhow::Context;
use blender::{Dictionary, Difficulty, MAX_RACK, Rack, RoundError, RoundGenerator};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

/// Word Blender: find the words hidden in six scrambled letters.
#[derive(Debug, Parser)]
#[command(
    name = "blender",
    version,
    override_usage = "blender [OPTIONS] <COMMAND>\n       blender --generate <KIND>"
)]
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
    /// Write the man page or shell completions to stdout, e.g. `--generate complete-bash`.
    #[arg(long, value_name = "KIND", value_enum, exclusive = true)]
    generate: Option<crate::generate::Generate>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// How many required words a rack has (`play`, `deal` and `stats`).
#[derive(Debug, clap::Args)]
pub(crate) struct RackArgs {
    /// How hard: the time of a round and how many required words its rack has
    /// (easy: 180 s, 6-15 words; normal: 120 s, 10-30; hard: 90 s, 25-80).
    #[arg(long, value_enum, default_value_t = Level::Normal)]
    difficulty: Level,
    /// Fewest required words in a round's rack (default: from --difficulty).
    #[arg(long)]
    min_words: Option<usize>,
    /// Most required words in a round's rack (default: from --difficulty).
    #[arg(long)]
    max_words: Option<usize>,
}

/// Which rounds are dealt (`play` and `deal`).
#[derive(Debug, clap::Args)]
pub(crate) struct DealArgs {
    /// The rack sizes.
    #[command(flatten)]
    rack: RackArgs,
    /// Seed for dealing rounds (default: from the clock; printed so a game can be replayed).
    #[arg(long, conflicts_with = "daily")]
    seed: Option<u64>,
    /// The daily puzzle: one round, the same rack for everyone on DATE (YYYY-MM-DD;
    /// default: today). Played at normal difficulty.
    #[arg(long, value_name = "DATE", num_args = 0..=1,
          default_missing_value = "today",
          conflicts_with_all = ["difficulty", "min_words", "max_words"])]
    daily: Option<String>,
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
    Play(BlenderPlayArgs),
    /// A round's rack with its required and bonus words: the first round of `play` with the
    /// same --seed (or --daily) and difficulty.
    Deal {
        /// Output format.
        #[arg(long, value_enum, default_value_t = DealFormat::Text)]
        format: DealFormat,
        /// Which round.
        #[command(flatten)]
        deal: DealArgs,
    },
    /// Every word in a rack of up to 12 letters, grouped by length.
    Solve {
        /// The letters (repeats allowed).
        letters: String,
    },
    /// The entire list of games: each six-letter signature with its words.
    Games {
        /// Output format.
        #[arg(long, value_enum, default_value_t = GamesFormat::Text)]
        format: GamesFormat,
    },
    /// Number of games and the distribution of words per game.
    Stats {
        /// Which racks count as games.
        #[command(flatten)]
        rack: RackArgs,
    },
}

/// Options of `blender play`.
#[derive(Debug, clap::Args)]
pub(crate) struct BlenderPlayArgs {
    /// Which rounds are dealt.
    #[command(flatten)]
    deal: DealArgs,
    /// Seconds per round (default: from --difficulty).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3600))]
    time: Option<u64>,
    /// Scores store, an SQLite file shared with `wordplay serve` (default: scores.sqlite3 in
    /// the user's data directory). A `.json` table of earlier versions is imported once into
    /// the store beside it (x.json -> x.sqlite3) and left in place.
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

/// Runs the `blender` program on its command line (`args`, the program name first); the
/// binary maps the result to the exit code ([`crate::error::exit_code`]).
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<()> {
    dispatch(Cli::try_parse_from(args)?)
}

impl DealArgs {
    /// The deals these options ask for.
    fn dealing(&self) -> anyhow::Result<Dealing> {
        let args = self;
        let daily = args.daily.as_deref().map(daily_date).transpose()?;
        let difficulty = if daily.is_some() {
            Difficulty::Normal
        } else {
            args.rack.difficulty.into()
        };
        let seed = match &daily {
            Some(date) => blender::daily_seed(date),
            None => args.seed.unwrap_or_else(clock_seed),
        };
        Ok(Dealing {
            difficulty,
            words: args.rack.words(difficulty)?,
            seed,
            daily,
        })
    }
}

impl RackArgs {
    /// Fewest and most required words: the flags, or `difficulty`'s range.
    fn words(&self, difficulty: Difficulty) -> anyhow::Result<(usize, usize)> {
        let range = difficulty.words();
        let words = (
            self.min_words.unwrap_or(*range.start()),
            self.max_words.unwrap_or(*range.end()),
        );
        if words.0 > words.1 {
            return Err(UsageError(format!(
                "--min-words {} is greater than --max-words {}",
                words.0, words.1
            ))
            .into());
        }
        Ok(words)
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

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    if let Some(kind) = cli.generate {
        return Ok(kind.write(Cli::command(), &mut std::io::stdout().lock())?);
    }
    let Some(command) = &cli.command else {
        // Required unless --generate: checked here, since clap cannot make a subcommand
        // optional for one flag only.
        return Err(Cli::command()
            .error(
                clap::error::ErrorKind::MissingSubcommand,
                "a subcommand is required (see --help)",
            )
            .into());
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match command {
        Command::Solve { letters } => {
            let rack = Rack::parse(letters)
                .map_err(|e| UsageError(format!("{e} (racks have 1 to {MAX_RACK} letters)")))?;
            let accepted = dictionary::load(cli.dict.as_deref(), cli.skip_invalid)?;
            let dict = Dictionary::new(&accepted.lexicon, None);
            export::solve(&mut out, &rack, &dict.solve(&rack, blender::MIN_WORD))?;
        }
        Command::Games { format } => {
            let dict = load_dictionary(&cli)?;
            let started = Instant::now();
            let games = dict.games();
            let elapsed = started.elapsed();
            export::games(&mut out, &games, *format)?;
            eprintln!(
                "blender: {} games listed in {:.1} ms",
                games.len(),
                elapsed.as_secs_f64() * 1e3
            );
        }
        Command::Stats { rack } => {
            let (min_words, max_words) = rack.words(rack.difficulty.into())?;
            let dict = load_dictionary(&cli)?;
            let games = dict.games();
            let stats = blender::GamesStats::of(&games, min_words, max_words);
            export::stats(&mut out, &stats, min_words, max_words)?;
        }
        Command::Deal { format, deal } => {
            let dealing = deal.dealing()?;
            let dict = load_dictionary(&cli)?;
            let generator = round_generator(&dict, dealing.words)?;
            let deal = session::first_deal(&generator, dealing.seed);
            export::deal(&mut out, &deal, &dealing, *format)?;
        }
        Command::Play(args) => {
            // Caught from the start, so a signal while the lists load ends the game as it
            // begins instead of killing the program half-way.
            let signals = Signals::catch().context("cannot catch termination signals")?;
            let dealing = args.deal.dealing()?;
            let dict = load_dictionary(&cli)?;
            let generator = round_generator(&dict, dealing.words)?;
            let settings = session::BlenderSettings::new(args, dealing)?;
            drop(out);
            let interactive =
                !args.line && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
            return if interactive {
                tui::play(generator, &settings, &signals, args.color.resolve())
            } else {
                let stdout = std::io::stdout();
                let lines = crate::terminal::Lines::spawn(
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

/// Loads both tiers (by the one loader both programs use) and indexes them.
fn load_dictionary(cli: &Cli) -> anyhow::Result<Dictionary> {
    let accepted = dictionary::load(cli.dict.as_deref(), cli.skip_invalid)?;
    let common = dictionary::load_common(cli.common.as_deref())?;
    Ok(Dictionary::new(&accepted.lexicon, Some(&common.lexicon)))
}

/// The round timer: `--time`, or the difficulty's.
pub(crate) fn round_time(args: &BlenderPlayArgs, difficulty: Difficulty) -> Duration {
    args.time.map_or(difficulty.time(), Duration::from_secs)
}
