//! The terminal front end: raw mode and the alternate screen, always restored (normal exit,
//! error, panic, Ctrl-C, SIGTERM, SIGHUP), redrawing on every key and resize.

use ratatui::crossterm::event::{self, Event};

use super::app::App;
use super::ui::{self, Palette};
use crate::terminal::{SIGNAL_POLL, Signals};

/// Restores the terminal when dropped, so every way out of [`run`] (return, `?`, panic
/// unwinding) leaves it as it was. `ratatui::try_init` also installs a panic hook that
/// restores before the panic message is printed.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Runs the UI until the player quits or a termination signal arrives; either way the
/// terminal is restored and the session's statistics printed. A signal is returned as the
/// error (for the exit code 128 + signal).
pub fn run(mut app: App, palette: Palette, signals: &Signals) -> anyhow::Result<()> {
    app.palette = palette;
    let mut terminal = ratatui::try_init()?;
    let restore = Restore;
    // In raw mode Ctrl-C arrives as a key (handled by the app), not as SIGINT; SIGTERM and
    // SIGHUP are looked for between keys.
    let mut signal = None;
    while !app.quit {
        if let Some(s) = signals.received() {
            signal = Some(s);
            break;
        }
        let size = terminal.size()?;
        app.fit(size.width, size.height);
        terminal.draw(|frame| ui::draw(frame, &app))?;
        if !event::poll(SIGNAL_POLL)? {
            continue;
        }
        match event::read()? {
            Event::Key(key) => app.handle_key(key)?,
            // The next loop turn redraws at the new size.
            Event::Resize(_, _) => terminal.autoresize()?,
            _ => {}
        }
    }
    terminal.show_cursor()?;
    drop(terminal);
    drop(restore);
    eprintln!("{}", app.session.stats);
    match signal {
        Some(s) => Err(s.into()),
        None => Ok(()),
    }
}
