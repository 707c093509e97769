//! A private tmux server for the end-to-end tests: one session running a shell command line,
//! keys sent to it as a person would type them, and its pane read back.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A tmux server on its own socket with one session; killed when dropped.
pub(crate) struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts a detached `width`×`height` session running `command` with `sh -c`, on a
    /// server named after `name` and this process. `None`, after printing why, when tmux is
    /// not installed (the caller then skips).
    pub(crate) fn start(name: &str, width: u16, height: u16, command: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipped: tmux is not installed");
            return None;
        }
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
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// The pane's text now.
    pub(crate) fn pane(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    /// Polls the pane until `done` holds; panics with the pane after `timeout`.
    pub(crate) fn wait_until(
        &self,
        what: &str,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> String {
        let start = Instant::now();
        loop {
            let pane = self.pane();
            if done(&pane) {
                return pane;
            }
            assert!(
                start.elapsed() < timeout,
                "timed out waiting for {what}; pane:\n{pane}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
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
