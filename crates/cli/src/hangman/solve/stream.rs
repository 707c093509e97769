//! Streaming output: CSV rows written as soon as they are settled, and a watcher that stops
//! the search when stdout's reader goes away (`| head -1`).

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use hangman::solve::{LengthSolution, StopFlag};

use crate::export::solve::{self as export, SolveRow};

/// CSV rows written as soon as a length and every shorter one are settled.
pub(super) struct Stream<'a> {
    lives: u32,
    stop: &'a StopFlag,
    state: Mutex<StreamState>,
}

struct StreamState {
    next: usize,
    ready: Vec<Option<SolveRow>>,
    error: Option<std::io::Error>,
}

impl<'a> Stream<'a> {
    pub(super) fn new(lengths: usize, lives: u32, stop: &'a StopFlag) -> Stream<'a> {
        Stream {
            lives,
            stop,
            state: Mutex::new(StreamState {
                next: 0,
                ready: (0..lengths).map(|_| None).collect(),
                error: None,
            }),
        }
    }

    fn write(
        &self,
        state: &mut StreamState,
        f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) {
        if state.error.is_some() {
            return;
        }
        let mut out = std::io::stdout().lock();
        if let Err(e) = f(&mut out).and_then(|()| out.flush()) {
            // Nobody reads any more (`| head -1`): stop the search, report at the end.
            state.error = Some(e);
            self.stop.raise();
        }
    }

    pub(super) fn header(&self) {
        let mut state = self.state.lock().expect("no panic while writing");
        self.write(&mut state, export::write_csv_header);
    }

    /// Length number `i` (in the run's order) is settled: write every row now ready.
    pub(super) fn settled(&self, i: usize, solution: &LengthSolution) {
        let mut state = self.state.lock().expect("no panic while writing");
        state.ready[i] = Some(SolveRow::new(solution.clone(), self.lives));
        loop {
            let next = state.next;
            let Some(row) = state.ready.get_mut(next).and_then(Option::take) else {
                break;
            };
            state.next += 1;
            self.write(&mut state, |out| export::write_csv_row(out, &row));
        }
    }

    pub(super) fn finish(self) -> anyhow::Result<()> {
        let state = self.state.into_inner().expect("no panic while writing");
        match state.error {
            Some(e) => Err(e).context("cannot write output"),
            None if self.stop.is_raised() => {
                eprintln!("interrupted: the rows above hold the bounds proven so far");
                Ok(())
            }
            None => Ok(()),
        }
    }
}

/// Until `finished`, checks every 100 ms whether stdout's reader has gone (a closed pipe);
/// if so, sets `closed` and raises `stop`.
pub(super) fn watch_stdout(finished: &AtomicBool, closed: &AtomicBool, stop: &StopFlag) {
    while !finished.load(Ordering::Relaxed) {
        if stdout_closed() {
            closed.store(true, Ordering::Relaxed);
            stop.raise();
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Whether standard output is a pipe whose reader has closed it, as poll(2) reports it
/// without waiting (an error or hang-up on the write end).
#[cfg(unix)]
fn stdout_closed() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdout = rustix::stdio::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
    let zero = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    match poll(&mut fds, Some(&zero)) {
        Ok(_) => fds[0].revents().intersects(PollFlags::ERR | PollFlags::HUP),
        Err(_) => false,
    }
}

#[cfg(not(unix))]
fn stdout_closed() -> bool {
    false
}
