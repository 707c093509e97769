//! `hangman play`: hangman in the terminal.
//!
//! The player guesses against a referee ([`session::make_referee`]), or with `--guesser`
//! the roles reverse and a strategy guesses the player's word. On a terminal the game runs
//! as a ratatui UI ([`tui`], drawn by [`ui`] from the state in [`app`]); otherwise in a
//! plain, scriptable line mode ([`line`](mod@line)). The rules always come from `hangman::Game`.

pub mod app;
pub mod line;
pub mod reverse;
pub mod round;
pub mod session;
pub mod tui;
pub mod ui;

use std::io::IsTerminal;

use super::args::PlayArgs;
use crate::dictionary;
pub use session::{Config, RefereeKind, Session};

pub(super) fn run(args: PlayArgs) -> anyhow::Result<()> {
    let dict = dictionary::load(args.dictionary.as_deref(), false)?;
    let guesser = args
        .guesser
        .as_deref()
        .map(hangman::strategy::find)
        .transpose()?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let config = Config {
        lexicon: dict.lexicon,
        dictionary_name: dict.name,
        referee: args.referee,
        length: args.length.map(|n| n as usize),
        lives: args.lives,
        seed,
        guesser,
    };
    let session = Session::new(config)?;
    // Before touching the terminal, so a bad option is reported as a plain error.
    session.check()?;
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if terminal && !args.line {
        tui::run(app::App::new(session)?)
    } else {
        let echo = !std::io::stdin().is_terminal();
        let mut out = std::io::stdout().lock();
        line::run(session, std::io::stdin().lock(), &mut out, echo)
    }
}
