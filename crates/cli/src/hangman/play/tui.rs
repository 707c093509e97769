//! The terminal front end: raw mode and the alternate screen, always restored (normal exit,
//! error, panic, Ctrl-C), redrawing on every key and resize.

use ratatui::crossterm::event::{self, Event};

use super::app::App;
use super::ui;

/// Restores the terminal when dropped, so every way out of [`run`] (return, `?`, panic
/// unwinding) leaves it as it was. `ratatui::try_init` also installs a panic hook that
/// restores before the panic message is printed.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Runs the UI until the player quits.
pub fn run(mut app: App) -> anyhow::Result<()> {
    let mut terminal = ratatui::try_init()?;
    let restore = Restore;
    // In raw mode Ctrl-C arrives as a key (handled by the app), not as SIGINT.
    while !app.quit {
        terminal.draw(|frame| ui::draw(frame, &app))?;
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
    Ok(())
}
