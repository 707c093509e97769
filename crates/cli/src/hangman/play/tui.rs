//! The terminal front end: raw mode and the alternate screen, always restored (normal exit,
//! error, panic, Ctrl-C, SIGTERM, SIGHUP), redrawing on every key and resize.

use std::io::Write;

use ratatui::crossterm::event::Event;

use super::app::App;
use super::look::Palette;
use super::ui;
use crate::terminal::{Signals, TtyEvent, next_event};

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
    // In raw mode Ctrl-C arrives as a key (handled by the app), not as SIGINT; SIGTERM,
    // SIGHUP and a hung-up terminal are looked for between keys.
    let mut signal = None;
    while !app.quit {
        // A terminal that is gone cannot be drawn on: its write errors end the session the
        // way its hang-up does, with the statistics still printed.
        let drawn = terminal.size().and_then(|size| {
            app.fit(size.width, size.height);
            terminal.draw(|frame| ui::draw(frame, &app)).map(|_| ())
        });
        if drawn.is_err() {
            signal = Some(crate::terminal::Terminated::HANGUP);
            break;
        }
        match next_event(signals) {
            TtyEvent::Event(Event::Key(key)) => {
                if app.works_on(&key) {
                    // The strategy may think for seconds: say so before it starts (the
                    // answer's own message replaces this one).
                    app.message = super::app::BUSY.to_string();
                    app.tone = super::app::Tone::Info;
                    let _ = terminal.draw(|frame| ui::draw(frame, &app));
                }
                app.handle_key(key)?;
            }
            // The next loop turn redraws at the new size.
            TtyEvent::Event(Event::Resize(_, _)) => {
                // Fails only on a terminal that is gone, which the next draw reports.
                let _ = terminal.autoresize();
            }
            TtyEvent::Event(_) | TtyEvent::Idle => {}
            TtyEvent::Ended(s) => {
                signal = Some(s);
                break;
            }
        }
    }
    let _ = terminal.show_cursor();
    drop(terminal);
    drop(restore);
    // Stderr may be the terminal that hung up: nothing more can be said then.
    let _ = writeln!(std::io::stderr(), "{}", app.session.stats);
    match signal {
        Some(s) => Err(s.into()),
        None => Ok(()),
    }
}
