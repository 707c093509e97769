//! The `blender` program's commands (its binary only calls [`run`]): argument parsing,
//! loading the word tiers, and dispatch to the output formats (`crate::export::blender`),
//! the line-mode game (`line`) and the terminal UI (`tui`).

mod args;
mod line;
mod session;
mod tui;

use args::{BlenderPlayArgs, DealArgs, RackArgs};

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use crate::dictionary;
use crate::error::UsageError;
use crate::export::blender::{self as export, DealFormat, GamesFormat};
use crate::terminal::Signals;
use anyhow::Context;
use blender::{Dictionary, MAX_RACK, Rack, RoundError, RoundGenerator};
use clap::{CommandFactory, Parser, Subcommand};

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

impl Command {
    /// The subcommand's name on the command line.
    fn name(&self) -> &'static str {
        match self {
            Command::Play(_) => "play",
            Command::Deal { .. } => "deal",
            Command::Solve { .. } => "solve",
            Command::Games { .. } => "games",
            Command::Stats { .. } => "stats",
        }
    }
}

/// The `blender` program's parser.
pub fn command() -> clap::Command {
    Cli::command()
}

/// Runs the `blender` program on its command line (`args`, the program name first); the
/// binary maps the result to the exit code ([`crate::error::exit_code`]).
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<()> {
    dispatch(Cli::try_parse_from(args)?)
}

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    if let Some(kind) = cli.generate {
        if let Some(command) = &cli.command {
            // `exclusive` keeps other flags away, not a subcommand, and the global flags
            // rule out clap's `args_conflicts_with_subcommands`.
            return Err(Cli::command()
                .error(
                    clap::error::ErrorKind::ArgumentConflict,
                    format!(
                        "the subcommand '{}' cannot be used with '--generate <KIND>'",
                        command.name()
                    ),
                )
                .into());
        }
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
