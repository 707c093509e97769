//! The hangman UI in the terminal frame ([`crate::terminal::frame`]): the [`HangmanApp`] as a
//! [`Screen`], and the session's statistics printed once the terminal is restored.

use std::io::Write;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;

use super::app::{BUSY, HangmanApp};
use super::look::{HangmanPalette, MIN_HEIGHT, MIN_WIDTH};
use super::ui;
use crate::terminal::Signals;
use crate::terminal::frame::{self, Screen, Tone};

impl Screen for HangmanApp {
    const NAME: &'static str = "hangman";
    const MIN_SIZE: (u16, u16) = (MIN_WIDTH, MIN_HEIGHT);
    const SMALL_NOTE: &'static str = "Esc quits; other keys are ignored meanwhile.";

    fn fit(&mut self, width: u16, height: u16) {
        HangmanApp::fit(self, width, height);
    }

    fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, self);
    }

    fn handle_key(&mut self, key: KeyEvent) -> anyhow::Result<()> {
        HangmanApp::handle_key(self, key)
    }

    fn busy(&self, key: &KeyEvent) -> bool {
        self.works_on(key)
    }

    fn working(&mut self) {
        self.message = BUSY.to_string();
        self.tone = Tone::Info;
    }

    fn done(&self) -> bool {
        self.quit
    }
}

/// Runs the UI until the player quits or a termination signal arrives; either way the
/// terminal is restored and the session's statistics printed. A signal is returned as the
/// error (for the exit code 128 + signal).
pub(crate) fn run(
    mut app: HangmanApp,
    palette: HangmanPalette,
    signals: &Signals,
) -> anyhow::Result<()> {
    app.palette = palette;
    let signal = frame::run(&mut app, signals)?;
    // Stderr may be the terminal that hung up: nothing more can be said then.
    let _ = writeln!(std::io::stderr(), "{}", app.session.stats);
    match signal {
        Some(s) => Err(s.into()),
        None => Ok(()),
    }
}
