//! `hangman play`: hangman in the terminal.
//!
//! The player guesses against a referee (`session::make_referee`) whose secrets are
//! familiar words ([`secrets`]), or with `--guesser` the roles reverse and a strategy
//! guesses the player's word. On a terminal the game runs as a ratatui UI in the shared
//! terminal frame (`tui`, drawn by `ui` from the state in [`app`]); otherwise in a plain,
//! scriptable line mode (`line`). The rules always come from `hangman::Game`.

pub mod app;
mod line;
mod look;
pub mod reverse;
pub mod round;
pub mod secrets;
pub mod session;
mod tui;
mod ui;

use std::io::IsTerminal;
use std::sync::Arc;

use anyhow::Context;
use lexicon::{CommonSource, CommonTier};

use super::args::PlayArgs;
use crate::dictionary;
use crate::terminal::{Lines, Signals};
use session::{Config, PlaySession};

/// The scores store where `player` keeps the words it learns in reversed games (the one the
/// web server shares); a store that cannot be opened is said and the games go on, learning
/// for this session only.
fn learned_store(
    guesser: Option<&'static hangman::strategy::StrategyInfo>,
) -> Option<wordplay_scores::Store> {
    guesser.filter(|g| g.name == "player")?;
    match wordplay_scores::open(None) {
        Ok(store) => Some(store),
        Err(e) => {
            eprintln!("note: the words I learn are kept for this session only: {e}");
            None
        }
    }
}

pub(super) fn run(args: PlayArgs) -> anyhow::Result<()> {
    // Caught from the start, so a signal while the lists load ends the session as it begins
    // instead of killing the program half-way.
    let signals = Signals::catch().context("cannot catch termination signals")?;
    let dict = dictionary::load(args.dictionary.as_deref(), false)?;
    let guesser = args.guesser.map(|choice| choice.0);
    let seed = args.seed.unwrap_or_else(crate::seed::clock_seed);
    let common = CommonTier::load(args.common.as_deref()).context("loading the common words")?;
    if common.source != CommonSource::Embedded {
        eprintln!("note: {}", common.describe());
    }
    let config = Config {
        lexicon: dict.lexicon,
        common: Some(Arc::new(common.lexicon)),
        difficulty: args.difficulty,
        dictionary_name: dict.name,
        referee: args.referee,
        length: args.length.map(|n| n as usize),
        lives: args.limit.max_wrong() + 1,
        seed,
        guesser,
        cache_dir: crate::hangman::resolve::cache_dir(args.no_cache),
        learned_store: learned_store(guesser),
    };
    let mut session = PlaySession::new(config)?;
    // Before touching the terminal, so a bad option is reported as a plain error.
    session.check()?;
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if terminal && !args.line {
        let palette = look::HangmanPalette::new(args.color.resolve());
        tui::run(app::HangmanApp::new(session)?, palette, &signals)
    } else {
        let echo = !std::io::stdin().is_terminal();
        let mut out = std::io::stdout().lock();
        let lines = Lines::spawn(std::io::BufReader::new(std::io::stdin()), signals);
        line::run(session, &lines, &mut out, echo)
    }
}
