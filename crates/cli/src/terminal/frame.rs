//! The one terminal frame both games' UIs run in: raw mode and the alternate screen, always
//! restored (return, `?`, panic, the Ctrl-C key, SIGTERM, SIGHUP, a terminal that hangs up
//! or can no longer be drawn on), redrawing on every key, resize and clock tick, a notice
//! instead of the game on a terminal too small for it, and a "working" message when an
//! answer takes longer than [`WORKING_AFTER`].
//!
//! A game's UI is a [`Screen`]: state and keys it keeps itself, the frame drives it.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyEvent};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};

use super::signals::{Signals, Terminated, TtyEvent, next_event};

/// How long an answer may take before the frame shows that the program is working.
pub const WORKING_AFTER: Duration = Duration::from_millis(500);

/// How a UI's message reads: good news (a hit, a word found), bad news (a miss, a word
/// refused), or neither. Each UI's palette gives it a style.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tone {
    /// Good news.
    Good,
    /// Bad news.
    Bad,
    /// Anything else.
    #[default]
    Info,
}

/// A game's terminal UI, as the frame drives it.
pub trait Screen {
    /// The game's name, for the too-small notice (`hangman`, `Word Blender`).
    const NAME: &'static str;
    /// The smallest terminal (width, height) the game is drawn in; below it the frame
    /// shows a notice instead.
    const MIN_SIZE: (u16, u16);
    /// What happens to the game meanwhile, for the too-small notice.
    const SMALL_NOTE: &'static str;

    /// Tells the screen the terminal's size (before every drawing): below
    /// [`Screen::MIN_SIZE`] no key may cost the player anything.
    fn fit(&mut self, width: u16, height: u16);
    /// Lets the game's clock move on (before every drawing, at least every
    /// `SIGNAL_POLL`).
    fn tick(&mut self) {}
    /// Draws the game (the terminal is at least [`Screen::MIN_SIZE`]).
    fn draw(&self, frame: &mut Frame);
    /// Handles one key press; an error ends the UI (the terminal restored) with it.
    fn handle_key(&mut self, key: KeyEvent) -> anyhow::Result<()>;
    /// Whether answering `key` may take long (a strategy thinking): the frame then shows
    /// the screen with [`Screen::working`]'s message if the answer takes longer than
    /// [`WORKING_AFTER`].
    fn busy(&self, _key: &KeyEvent) -> bool {
        false
    }
    /// Puts up the message that says the program is working (the answer must replace it).
    fn working(&mut self) {}
    /// Whether the player has left (the UI ends).
    fn done(&self) -> bool;
}

/// Draws `screen` on `frame`, or the notice that the terminal is too small for it.
pub fn draw<S: Screen>(frame: &mut Frame, screen: &S) {
    let area = frame.area();
    let (width, height) = S::MIN_SIZE;
    if area.width < width || area.height < height {
        let text = format!(
            "The terminal is too small ({}x{}): {} needs {width}x{height}. {} Enlarge it, \
             or press Ctrl-C to quit.",
            area.width,
            area.height,
            S::NAME,
            S::SMALL_NOTE,
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
    } else {
        screen.draw(frame);
    }
}

/// Restores the terminal when dropped, so every way out of [`run`] (return, `?`, panic
/// unwinding) leaves it as it was. `ratatui::try_init` also installs a panic hook that
/// restores it before the panic message is printed.
///
/// Errors are ignored, not reported: a terminal that hung up cannot be restored, and
/// `ratatui::restore` would report it with `eprintln!` on that same dead terminal, which
/// panics inside this destructor and loses the game the caller is about to save.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        use ratatui::crossterm::{execute, terminal};
        let _ = terminal::disable_raw_mode();
        let _ = execute!(std::io::stdout(), terminal::LeaveAlternateScreen);
    }
}

/// Runs `screen` in the terminal until it is [`Screen::done`] (`Ok(None)`), a termination
/// signal arrives or the terminal goes away (`Ok(Some(signal))`: the caller saves what the
/// game needs and exits with the signal's code), or a key's answer fails (`Err`). The
/// terminal is restored before this returns, whichever way.
pub(crate) fn run<S: Screen>(
    screen: &mut S,
    signals: &Signals,
) -> anyhow::Result<Option<Terminated>> {
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    let ended = drive(screen, signals, &mut terminal);
    if terminal.show_cursor().is_err() {
        // The terminal is gone: dropping it would try again and report the failure with
        // `eprintln!` on the dead terminal, a panic (see [`Restore`]). Nothing is left to
        // clean up but memory the process gives back on exit.
        std::mem::forget(terminal);
    }
    ended
}

/// The loop of [`run`].
fn drive<S: Screen>(
    screen: &mut S,
    signals: &Signals,
    terminal: &mut ratatui::DefaultTerminal,
) -> anyhow::Result<Option<Terminated>> {
    // In raw mode Ctrl-C arrives as a key (the screen ends on it), not as SIGINT; SIGTERM,
    // SIGHUP and a hung-up terminal are looked for between keys.
    while !screen.done() {
        // A terminal that is gone cannot be drawn on: its write errors end the UI the way
        // its hang-up does, so the caller still saves the game.
        let drawn = terminal.size().and_then(|size| {
            screen.fit(size.width, size.height);
            screen.tick();
            terminal.draw(|frame| draw(frame, screen)).map(|_| ())
        });
        if drawn.is_err() {
            return Ok(Some(Terminated::HANGUP));
        }
        match next_event(signals) {
            TtyEvent::Event(Event::Key(key)) if screen.busy(&key) => {
                answer_slow_key(screen, key, terminal)?;
            }
            TtyEvent::Event(Event::Key(key)) => screen.handle_key(key)?,
            // The next turn of the loop redraws at the new size.
            TtyEvent::Event(Event::Resize(_, _)) => {
                // Fails only on a terminal that is gone, which the next draw reports.
                let _ = terminal.autoresize();
            }
            TtyEvent::Event(_) | TtyEvent::Idle => {}
            TtyEvent::Ended(signal) => return Ok(Some(signal)),
        }
    }
    Ok(None)
}

/// Hands `key` to `screen` with the screen's working message drawn beforehand (the screen
/// cannot be read while it works) and shown only if the answer takes longer than
/// [`WORKING_AFTER`], so a quick answer does not flash it.
fn answer_slow_key<S: Screen>(
    screen: &mut S,
    key: KeyEvent,
    terminal: &mut DefaultTerminal,
) -> anyhow::Result<()> {
    screen.working();
    // A terminal that fails here is gone, which the next draw reports.
    let _ = terminal.autoresize();
    draw(&mut terminal.get_frame(), screen);
    let term = &mut *terminal;
    let (answered, shown) = after_a_while(
        || screen.handle_key(key),
        move || {
            let _ = term.flush();
            term.swap_buffers();
            let _ = ratatui::backend::Backend::flush(term.backend_mut());
        },
    );
    if !shown {
        // The working screen stays unshown: the next draw starts from a clean buffer.
        terminal.current_buffer_mut().reset();
    }
    answered
}

/// Runs `work` here and `show` on a helper thread if `work` takes longer than
/// [`WORKING_AFTER`]; returns `work`'s result and whether `show` ran (it has finished by
/// then).
fn after_a_while<T>(work: impl FnOnce() -> T, show: impl FnOnce() + Send) -> (T, bool) {
    let (finished, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let helper = scope.spawn(move || {
            let late = wait.recv_timeout(WORKING_AFTER) == Err(RecvTimeoutError::Timeout);
            if late {
                show();
            }
            late
        });
        let result = work();
        drop(finished);
        // The helper only waits and draws: it does not panic but with `show`.
        let shown = helper.join().unwrap_or(false);
        (result, shown)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn the_working_message_shows_only_when_the_answer_is_slow() {
        let shown = AtomicBool::new(false);
        let (answer, late) = after_a_while(|| 7, || shown.store(true, Ordering::SeqCst));
        assert_eq!((answer, late), (7, false));
        assert!(!shown.load(Ordering::SeqCst));
        let (answer, late) = after_a_while(
            || {
                std::thread::sleep(WORKING_AFTER * 2);
                8
            },
            || shown.store(true, Ordering::SeqCst),
        );
        assert_eq!((answer, late), (8, true));
        assert!(shown.load(Ordering::SeqCst));
    }
}
