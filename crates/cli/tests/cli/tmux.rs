//! A private tmux server for the end-to-end tests: one session running a shell command line,
//! keys sent to it as a person would type them, and its pane read back.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A tmux server on its own socket with one session; killed when dropped.
pub(crate) struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts a detached `width`×`height` session running `command` with `sh -c`, on a
    /// server named after `name` and this process. Tests that call it are marked
    /// `#[cfg_attr(not(has_tmux), ignore = "needs tmux")]` (see `wordplay-testkit`): it panics
    /// when tmux is not installed.
    pub(crate) fn start(name: &str, width: u16, height: u16, command: &str) -> Tmux {
        wordplay_testkit::tool("tmux");
        let tmux = Tmux {
            socket: format!("wordplay-{name}-{}", std::process::id()),
        };
        let (w, h) = (width.to_string(), height.to_string());
        let started = tmux.run(&[
            "-u",
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            &w,
            "-y",
            &h,
            "sh",
            "-c",
            command,
        ]);
        assert!(started.status.success(), "tmux did not start: {started:?}");
        tmux
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// The pane's text now, with colours and other attributes as escape sequences.
    pub(crate) fn pane_styled(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-e", "-p", "-t", "t"]).stdout)
            .into_owned()
    }

    /// The pane's text now.
    pub(crate) fn pane(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    /// Polls the pane until `done` holds on a settled screen (the same on two captures 50 ms
    /// apart, so a frame caught half drawn does not count); panics with the pane after
    /// `timeout`.
    pub(crate) fn wait_until(
        &self,
        what: &str,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> String {
        let start = Instant::now();
        let mut last = String::new();
        loop {
            let pane = self.pane();
            if done(&pane) && pane == last {
                return pane;
            }
            last = pane.clone();
            assert!(
                start.elapsed() < timeout,
                "timed out waiting for {what}; pane:\n{pane}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Resizes the session's window (the program sees SIGWINCH).
    pub(crate) fn resize(&self, width: u16, height: u16) {
        let (w, h) = (width.to_string(), height.to_string());
        let out = self.run(&["resize-window", "-t", "t", "-x", &w, "-y", &h]);
        assert!(out.status.success(), "resize-window: {out:?}");
    }

    /// Sends keys (tmux key names such as `Enter` and `Escape`, or literal text).
    pub(crate) fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success(), "send-keys {keys:?}");
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// A shell line that runs `command` with its process id saved in `pid` (so a test can send
/// it signals), then prints `EXITED rc=N` and which of `icanon`/`echo` the terminal has
/// (raw mode turns both off), and stays open for the test to read.
fn script(pid: &Path, command: &str) -> String {
    format!(
        "sh -c 'echo $$ > {pid}; exec {command}'; echo EXITED rc=$?; \
         stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; \
         echo; sleep 60",
        pid = pid.display()
    )
}

/// Sends `signal` (a name such as `TERM`) to the program started by
/// [`Tmux::start_program`] with the directory `dir`.
pub(crate) fn kill(signal: &str, dir: &Path) {
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), pid.trim()])
        .status()
        .unwrap();
    assert!(killed.success(), "kill -{signal} {pid}");
}

impl Tmux {
    /// Starts `command` as [`script`] runs it, its process id kept in a new temporary
    /// directory (returned, for [`kill`] and for the test's own files).
    pub(crate) fn start_program(
        name: &str,
        width: u16,
        height: u16,
        command: impl FnOnce(&Path) -> String,
    ) -> (Tmux, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let line = script(&dir.path().join("pid"), &command(dir.path()));
        (Tmux::start(name, width, height, &line), dir)
    }

    /// Waits for the program of [`script`] to exit and checks that the terminal is cooked
    /// again; returns the pane.
    pub(crate) fn wait_exit(&self, timeout: Duration) -> String {
        // The typed command line holds "EXITED rc=$?" too: wait for the printed line.
        self.wait_until("the exit", timeout, |p| {
            p.lines()
                .any(|l| l.starts_with("EXITED rc=") && !l.contains('$'))
        });
        let pane = self.wait_until("stty", timeout, |p| p.contains("icanon"));
        assert!(
            pane.contains("icanon echo") && !pane.contains("-icanon") && !pane.contains("-echo"),
            "terminal not restored:\n{pane}"
        );
        pane
    }
}

impl Tmux {
    /// Starts `command` in a session that [`Tmux::kill_session`] will close under it: the
    /// program's stderr goes to `DIR/stderr` if `stderr_to_file` (else it stays on the
    /// terminal, as a player's does, where writing after the hang-up fails) and, once it
    /// has exited, its exit code to `DIR/rc` (the shell around it ignores SIGHUP to live
    /// long enough to write it).
    pub(crate) fn start_to_hang_up(
        name: &str,
        stderr_to_file: bool,
        command: impl FnOnce(&Path) -> String,
    ) -> (Tmux, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let stderr = if stderr_to_file {
            format!(" 2> {d}/stderr")
        } else {
            String::new()
        };
        let line = format!(
            "trap '' HUP; sh -c 'echo $$ > {d}/pid; exec {command}{stderr}'; \
             echo $? > {d}/rc.part; mv {d}/rc.part {d}/rc",
            command = command(dir.path())
        );
        (Tmux::start(name, 80, 24, &line), dir)
    }

    /// Kills the session, as closing its window would: tmux closes the terminal, the
    /// program's reads reach the end of it and the kernel sends SIGHUP.
    pub(crate) fn kill_session(&self) {
        let out = self.run(&["kill-session", "-t", "t"]);
        assert!(out.status.success(), "kill-session: {out:?}");
    }
}

/// Waits for the program of [`Tmux::start_to_hang_up`] to exit and returns its exit code;
/// panics (after killing it) if it is still running after `timeout`.
pub(crate) fn wait_hung_up(dir: &Path, timeout: Duration) -> i32 {
    let start = Instant::now();
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    while !dir.join("rc").exists() {
        if start.elapsed() > timeout {
            let cpu = Command::new("ps")
                .args(["-o", "pcpu=,stat=", "-p", pid.trim()])
                .output()
                .unwrap();
            let _ = Command::new("kill").args(["-KILL", pid.trim()]).status();
            panic!(
                "still running {timeout:?} after its terminal closed (cpu %, state: {})",
                String::from_utf8_lossy(&cpu.stdout).trim()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let rc = std::fs::read_to_string(dir.join("rc")).unwrap();
    rc.trim().parse().unwrap()
}
