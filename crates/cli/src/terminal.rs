//! What both games need from the terminal around them: the colour choice, termination
//! signals turned into an orderly end of the game, and standard input read line by line
//! without blocking the game's loop.
//!
//! Kept small and apart so that one error/colour frame for both binaries can take it over.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How often a waiting loop looks for a signal.
pub const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// The longest input line read in line mode; longer ones are refused, not buffered.
pub const MAX_LINE: usize = 4096;

/// When to colour: the one rule of both programs (`--color WHEN`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, unless the `NO_COLOR` environment variable is set.
    #[default]
    Auto,
    /// Always colour (even with `NO_COLOR`, even into a pipe).
    Always,
    /// Never colour: emphasis by bold, dim and reverse video only.
    Never,
}

impl ColorChoice {
    /// Whether to colour output going to a terminal (`terminal`) or not, given the
    /// `NO_COLOR` variable's value (see no-color.org: set and not empty means no colour).
    pub fn enabled(self, no_color: Option<&std::ffi::OsStr>, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }

    /// [`ColorChoice::enabled`] for standard output with this process's environment. With
    /// `always`, also tells crossterm (which on its own drops colours when `NO_COLOR` is
    /// set) to colour.
    pub fn resolve(self) -> bool {
        use std::io::IsTerminal;
        if self == ColorChoice::Always {
            ratatui::crossterm::style::force_color_output(true);
        }
        self.enabled(
            std::env::var_os("NO_COLOR").as_deref(),
            std::io::stdout().is_terminal(),
        )
    }
}

/// The game was ended by a termination signal (after saving and restoring the terminal):
/// the process exits with 128 + the signal number, as a shell reports a killed program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terminated(pub i32);

impl std::fmt::Display for Terminated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ended by signal {}", self.0)
    }
}

impl std::error::Error for Terminated {}

impl Terminated {
    /// The terminal went away (its window closed, `tmux kill-session`, a dropped ssh
    /// connection): ended as SIGHUP would end it, which is what the kernel usually sends too.
    pub const HANGUP: Terminated = Terminated(1);

    /// The exit code: 128 + the signal number.
    pub fn exit_code(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(255)
    }
}

/// SIGTERM and SIGHUP (and SIGINT outside raw mode, where Ctrl-C is a key) caught as a
/// flag the game loop looks at, so the game ends the way Ctrl-C ends it: score saved,
/// terminal restored.
#[derive(Clone, Debug)]
pub struct Signals {
    received: Arc<AtomicUsize>,
}

impl Signals {
    /// Starts catching the termination signals (SIGTERM, SIGHUP, SIGINT).
    pub fn catch() -> std::io::Result<Signals> {
        let received = Arc::new(AtomicUsize::new(0));
        #[cfg(unix)]
        for signal in [
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
            signal_hook::consts::SIGINT,
        ] {
            signal_hook::flag::register_usize(signal, received.clone(), signal as usize)?;
        }
        Ok(Signals { received })
    }

    /// Signals that never arrive (for tests).
    pub fn none() -> Signals {
        Signals {
            received: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// The last signal caught, if any.
    pub fn received(&self) -> Option<Terminated> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            n => Some(Terminated(n as i32)),
        }
    }
}

/// What a terminal UI's loop gets while it waits for the next key: an event, nothing yet,
/// or the end of the session.
#[derive(Debug)]
pub enum TtyEvent {
    /// A key, a resize, ...
    Event(ratatui::crossterm::event::Event),
    /// Nothing arrived within [`SIGNAL_POLL`]: redraw (clocks) and wait again.
    Idle,
    /// A termination signal, or the terminal hung up, reached its end of input or failed to
    /// read ([`Terminated::HANGUP`]): save, restore and exit with its code.
    Ended(Terminated),
}

/// Waits up to [`SIGNAL_POLL`] for the next terminal event of a UI reading standard input.
///
/// A terminal that has hung up stays "readable" with nothing to read; crossterm's reader
/// would loop on it forever (100 % CPU, deaf to signals), so a hang-up is looked for first
/// and every read error ends the session as SIGHUP does.
pub fn next_event(signals: &Signals) -> TtyEvent {
    use ratatui::crossterm::event;
    if let Some(signal) = signals.received() {
        return TtyEvent::Ended(signal);
    }
    if stdin_hung_up() {
        return TtyEvent::Ended(Terminated::HANGUP);
    }
    match event::poll(SIGNAL_POLL) {
        Ok(false) => TtyEvent::Idle,
        Ok(true) => match event::read() {
            Ok(e) => TtyEvent::Event(e),
            Err(_) => TtyEvent::Ended(Terminated::HANGUP),
        },
        Err(_) => TtyEvent::Ended(Terminated::HANGUP),
    }
}

/// Whether standard input's terminal has hung up (or is closed or in error), as poll(2)
/// reports it without waiting.
#[cfg(unix)]
fn stdin_hung_up() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = rustix::stdio::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let zero = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    match poll(&mut fds, Some(&zero)) {
        Ok(_) => fds[0]
            .revents()
            .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL),
        Err(_) => true,
    }
}

#[cfg(not(unix))]
fn stdin_hung_up() -> bool {
    false
}

/// One line of input, or why there is none.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (without its line end).
    Line(String),
    /// A line that is not UTF-8 text (shown with replacement characters) or is longer than
    /// [`MAX_LINE`]: to be refused with a message, the game going on.
    Refused {
        /// The line, lossily decoded and cut short.
        shown: String,
        /// Why it was refused.
        why: &'static str,
    },
    /// The input ended.
    End,
    /// A termination signal arrived while waiting.
    Signal(Terminated),
}

/// Lines of an input read on a thread of their own, so that a game waiting for the next
/// line still sees a termination signal at once.
pub struct Lines {
    rx: Receiver<std::io::Result<(Vec<u8>, bool)>>,
    signals: Signals,
}

impl Lines {
    /// Starts reading `input`.
    pub fn spawn(mut input: impl BufRead + Send + 'static, signals: Signals) -> Lines {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let line = read_line(&mut input);
                let end = !matches!(line, Ok(Some(_)));
                let sent = match line {
                    Ok(Some(line)) => tx.send(Ok(line)),
                    Ok(None) => break,
                    Err(e) => tx.send(Err(e)),
                };
                if sent.is_err() || end {
                    break;
                }
            }
        });
        Lines { rx, signals }
    }

    /// The next line; waits for it, looking for signals meanwhile.
    pub fn next(&self) -> std::io::Result<Input> {
        loop {
            if let Some(signal) = self.signals.received() {
                return Ok(Input::Signal(signal));
            }
            match self.rx.recv_timeout(SIGNAL_POLL) {
                Ok(Ok((bytes, complete))) => {
                    if !complete {
                        return Ok(Input::Refused {
                            shown: shorten(&String::from_utf8_lossy(&bytes)),
                            why: "is too long",
                        });
                    }
                    return Ok(match String::from_utf8(bytes) {
                        Ok(line) => Input::Line(line),
                        Err(e) => Input::Refused {
                            shown: shorten(&String::from_utf8_lossy(e.as_bytes())),
                            why: "is not UTF-8 text",
                        },
                    });
                }
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Ok(Input::End),
            }
        }
    }
}

/// One line of at most [`MAX_LINE`] bytes without its line end (LF or CRLF), and whether it
/// fitted; the rest of a longer line is read and dropped. `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut complete = true;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some((line, complete)));
        }
        any = true;
        let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if chunk.len() > room {
            complete = false;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = found.unwrap_or(buf.len());
        input.consume(used);
        if found.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some((line, complete)));
        }
    }
}

/// `text` safe to print on a terminal: control characters (escape sequences, carriage
/// returns, tabs) written as escapes such as `\u{1b}`, everything else as it is.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `text` made [`printable`] and cut to 40 characters.
fn shorten(text: &str) -> String {
    let text = printable(text);
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_escapes_control_characters_only() {
        assert_eq!(printable("caf\u{e9} \u{fffd}"), "caf\u{e9} \u{fffd}");
        assert_eq!(printable("\x1b[2Ja\tb\r"), "\\u{1b}[2Ja\\tb\\r");
        let refused = all(b"\x1b[31mred\xff\n");
        assert_eq!(
            refused,
            [Input::Refused {
                shown: "\\u{1b}[31mred\u{fffd}".to_string(),
                why: "is not UTF-8 text",
            }]
        );
    }

    fn all(input: &'static [u8]) -> Vec<Input> {
        let lines = Lines::spawn(input, Signals::none());
        let mut out = Vec::new();
        loop {
            match lines.next().unwrap() {
                Input::End => return out,
                other => out.push(other),
            }
        }
    }

    #[test]
    fn lines_are_split_and_bad_ones_refused() {
        let got = all(b"one\r\ntw\xffo\nthree");
        assert_eq!(got[0], Input::Line("one".into()));
        assert_eq!(
            got[1],
            Input::Refused {
                shown: "tw\u{fffd}o".into(),
                why: "is not UTF-8 text"
            }
        );
        assert_eq!(got[2], Input::Line("three".into()));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn overlong_lines_are_refused_without_being_kept() {
        let long: &'static [u8] = Box::leak(
            [vec![b'a'; MAX_LINE * 3], b"\nok\n".to_vec()]
                .concat()
                .into_boxed_slice(),
        );
        let got = all(long);
        assert!(
            matches!(&got[0], Input::Refused { why: "is too long", shown } if shown.len() < 50)
        );
        assert_eq!(got[1], Input::Line("ok".into()));
    }

    #[test]
    fn no_color_and_the_flag() {
        let set = Some(std::ffi::OsStr::new("1"));
        let empty = Some(std::ffi::OsStr::new(""));
        assert!(ColorChoice::Auto.enabled(None, true));
        assert!(ColorChoice::Auto.enabled(empty, true));
        assert!(!ColorChoice::Auto.enabled(set, true));
        assert!(!ColorChoice::Auto.enabled(None, false));
        assert!(ColorChoice::Always.enabled(set, false));
        assert!(!ColorChoice::Never.enabled(None, true));
    }
}
