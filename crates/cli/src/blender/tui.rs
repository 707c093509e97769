//! The terminal UI of `blender play` (ratatui over crossterm).
//!
//! Keys: the rack's letters type a guess (other letters are refused, and letters in use
//! are dimmed on the rack), Enter submits it, Backspace deletes, Space shuffles, `?` asks
//! for a hint, Tab pauses (the letters are hidden and the timer stops). Esc clears the
//! guess; on an empty guess it asks before giving up the round. After a round Enter goes
//! on and Esc ends the game. At the end of a game that makes the high-score table the
//! player types a name; the table is then shown with the new entry marked. Ctrl-C ends the
//! game at once, and so do SIGTERM and SIGHUP; the score is recorded either way.
//!
//! The game runs in the terminal frame both programs share ([`crate::terminal::frame`]),
//! which restores the terminal on every way out. A terminal too small for the game shows
//! the frame's notice instead and stops the timer until it is large enough again.
//!
//! The state and keys are in [`app`], the drawing in [`ui`], the styles in [`look`].

mod app;
mod look;
mod ui;

use std::io::Write;

use blender::{Clock, RoundGenerator, SystemClock};
use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;

use self::app::BlenderApp;
use self::look::{BlenderPalette, MIN_HEIGHT, MIN_WIDTH};
use super::session::{self, BlenderSettings};
use crate::error::Incomplete;
use crate::terminal::Signals;
use crate::terminal::frame::{self, Screen};

impl<C: Clock> Screen for BlenderApp<'_, '_, C> {
    const NAME: &'static str = "Word Blender";
    const MIN_SIZE: (u16, u16) = (MIN_WIDTH, MIN_HEIGHT);
    const SMALL_NOTE: &'static str = "The timer is stopped.";

    fn fit(&mut self, width: u16, height: u16) {
        BlenderApp::fit(self, width, height);
    }

    fn tick(&mut self) {
        BlenderApp::tick(self);
    }

    fn draw(&self, frame: &mut Frame) {
        ui::draw(self, frame);
    }

    fn handle_key(&mut self, key: KeyEvent) -> anyhow::Result<()> {
        BlenderApp::handle_key(self, key);
        Ok(())
    }

    fn done(&self) -> bool {
        self.wants_quit()
    }
}

/// Plays a game in the terminal; prints the final score and the high scores after
/// restoring it. A termination signal ends the game like Ctrl-C (the score is recorded)
/// and is returned as the error, for the exit code.
pub(crate) fn play(
    generator: RoundGenerator<'_>,
    settings: &BlenderSettings,
    signals: &Signals,
    colour: bool,
) -> anyhow::Result<()> {
    let game = session::new_game(generator, SystemClock::default(), settings);
    let mut app = BlenderApp::new(game, settings, BlenderPalette::new(colour));
    // The points are recorded below whichever way the game ended.
    let signal = frame::run(&mut app, signals)?;
    let saved = app.finish().clone();
    let game = app.game();
    // Stdout may be the terminal that hung up (the score is saved already): the summary is
    // then written nowhere, without a panic.
    let mut summary = format!(
        "Word Blender ({}): game over, score {}, {} won.\n",
        settings.describe(),
        game.score(),
        session::plural(game.rounds_won() as usize, "round")
    );
    if let Some(last) = game.summary()
        && !last.missed.is_empty()
    {
        summary += &format!("Missed in the last round: {}\n", last.missed.join(" "));
    }
    if let Some(date) = &settings.daily {
        summary += &format!("{}\n", session::share_line(game, date));
    }
    for line in &saved.lines {
        summary += &format!("{line}\n");
    }
    let _ = std::io::stdout().write_all(summary.as_bytes());
    if let Some(signal) = signal {
        return Err(signal.into());
    }
    if saved.failed {
        return Err(Incomplete.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
