//! `wordplay`: every game in the browser. `wordplay serve` starts the local web server
//! (the `wordplay-web` library); see `docs/web.md`.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use wordplay_cli::error::usage;

/// wordplay in the browser: hangman (fair, cheating and reversed) and Word Blender, with a
/// JSON API.
#[derive(Parser, Debug)]
#[command(name = "wordplay", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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

fn main() -> std::process::ExitCode {
    wordplay_cli::error::main(Cli::try_parse, run)
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
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
