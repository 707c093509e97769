//! `wordplay`: every game in the browser. `wordplay serve` starts the local web server (the
//! `wordplay-web` library; see `docs/web.md`); this crate is only its command line, in a
//! package of its own so that installing the terminal games (`wordplay-cli`: `hangman` and
//! `blender`) builds no web server.
//!
//! Like the other two programs, the binary only calls [`run`], and [`command`] is the
//! program's parser (for the docs test, which checks every documented command against it).

use std::ffi::OsString;
use std::net::IpAddr;
use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand};
use wordplay_cli::error::usage;
use wordplay_cli::generate::Generate;

/// wordplay in the browser: hangman (fair, cheating and reversed) and Word Blender, with a
/// JSON API.
#[derive(Parser, Debug)]
#[command(
    name = "wordplay",
    version,
    args_conflicts_with_subcommands = true,
    override_usage = "wordplay <COMMAND>\n       wordplay --generate <KIND>"
)]
struct Cli {
    /// Write the man page or shell completions to stdout, e.g. `--generate complete-bash`.
    #[arg(long, value_name = "KIND", value_enum, exclusive = true)]
    generate: Option<Generate>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serves the games and the API until Ctrl-C or SIGTERM.
    Serve {
        /// Address to listen on (other than 127.0.0.1 only when asked: it exposes the games).
        #[arg(long, default_value = "127.0.0.1", value_name = "H")]
        host: IpAddr,
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080, value_name = "P")]
        port: u16,
        /// Folder for the scores store (scores.sqlite3; the folder must exist). Default: the
        /// user's data folder (e.g. ~/.local/share/wordplay), created if needed.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Requests per second each client may make (on average; 429 past it).
        #[arg(long, default_value_t = wordplay_web::Limits::default().per_second, value_name = "N",
              value_parser = clap::value_parser!(u32).range(1..))]
        rate: u32,
    },
}

/// The `wordplay` program's parser.
pub fn command() -> clap::Command {
    Cli::command()
}

/// Runs the `wordplay` program on its command line (`args`, the program name first); the
/// binary maps the result to the exit code ([`wordplay_cli::error::exit_code`]).
///
/// # Errors
///
/// A usage error (exit code 2) for bad arguments; any error of the server.
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<()> {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = Cli::try_parse_from(&args)?;
    if let Some(kind) = cli.generate {
        return Ok(kind.write(Cli::command(), &mut std::io::stdout().lock())?);
    }
    let Some(command) = cli.command else {
        return Err(missing_subcommand(args));
    };
    match command {
        Command::Serve {
            host,
            port,
            data,
            rate,
        } => {
            if let Some(dir) = &data
                && !dir.is_dir()
            {
                return Err(usage(format!(
                    "--data {}: no such folder (create it first)",
                    dir.display()
                )));
            }
            let limits = wordplay_web::Limits {
                per_second: rate,
                burst: rate.saturating_mul(3),
                ..wordplay_web::Limits::default()
            };
            wordplay_web::run(wordplay_web::ServeOptions {
                host,
                port,
                data,
                limits,
            })
        }
    }
}

/// The error for a command line without a subcommand (required unless `--generate`, which
/// clap cannot say): clap's own, from parsing `args` again with the subcommand required.
fn missing_subcommand(args: Vec<OsString>) -> anyhow::Error {
    Cli::command()
        .subcommand_required(true)
        .try_get_matches_from(args)
        .err()
        .map_or_else(|| usage("a subcommand is required"), anyhow::Error::from)
}
