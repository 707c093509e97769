//! Termination signals and a terminal that hangs up, turned into an orderly end of the game
//! (score saved, terminal restored, exit code 128 + the signal).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How often a waiting loop looks for a signal.
pub(crate) const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// The game was ended by a termination signal (after saving and restoring the terminal):
/// the process exits with 128 + the signal number, as a shell reports a killed program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Terminated(pub i32);

impl std::fmt::Display for Terminated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ended by signal {}", self.0)
    }
}

impl std::error::Error for Terminated {}

impl Terminated {
    /// The terminal went away (its window closed, `tmux kill-session`, a dropped ssh
    /// connection): ended as SIGHUP would end it, which is what the kernel usually sends too.
    pub(crate) const HANGUP: Terminated = Terminated(1);

    /// The exit code: 128 + the signal number.
    pub(crate) fn exit_code(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(255)
    }
}

/// SIGTERM and SIGHUP (and SIGINT outside raw mode, where Ctrl-C is a key) caught as a
/// flag the game loop looks at, so the game ends the way Ctrl-C ends it: score saved,
/// terminal restored.
#[derive(Clone, Debug)]
pub(crate) struct Signals {
    received: Arc<AtomicUsize>,
}

impl Signals {
    /// Starts catching the termination signals (SIGTERM, SIGHUP, SIGINT).
    pub(crate) fn catch() -> std::io::Result<Signals> {
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
    #[cfg(test)]
    pub(crate) fn none() -> Signals {
        Signals {
            received: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// The last signal caught, if any.
    pub(crate) fn received(&self) -> Option<Terminated> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            n => Some(Terminated(n as i32)),
        }
    }
}

/// What a terminal UI's loop gets while it waits for the next key: an event, nothing yet,
/// or the end of the session.
#[derive(Debug)]
pub(crate) enum TtyEvent {
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
pub(crate) fn next_event(signals: &Signals) -> TtyEvent {
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
