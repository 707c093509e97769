//! What a test needs from outside the repository, asked for in one place.
//!
//! Some tests need the project's shared data (`../shared/data` beside the repository: the
//! challenge dictionary) or a program (tmux, Chromium). On a developer's machine a test
//! that cannot find them says so on stderr and skips; in CI (`CI` set to anything but
//! empty, `0` or `false`) it panics instead, so a CI run cannot go green by testing
//! nothing. Every such test asks through [`shared_data`] or [`tool`].

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Whether this is a CI run: the `CI` environment variable is set and not empty, `0` or
/// `false` (GitHub Actions, GitLab and most others set `CI=true`).
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The folder of the shared data: `../shared/data` from the repository root.
pub fn shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// The shared data file `file` (e.g. `words.txt`), or `None` after saying on stderr that
/// the test skips because it is missing.
///
/// # Panics
///
/// In CI when the file is missing.
pub fn shared_data(file: &str) -> Option<PathBuf> {
    let path = shared_dir().join(file);
    if path.is_file() {
        return Some(path);
    }
    missing(&format!("{} not found", path.display()))
}

/// Whether program `name` runs (`name -V` starts); when it does not, says on stderr that the
/// test skips.
///
/// # Panics
///
/// In CI when the program cannot be started.
pub fn tool(name: &str) -> bool {
    let runs = Command::new(name)
        .arg("-V")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    runs || missing::<()>(&format!("{name} is not installed")).is_some()
}

/// Skips (prints why, returns `None`) or, in CI, fails.
fn missing<T>(why: &str) -> Option<T> {
    assert!(
        !in_ci(),
        "{why}: CI must run this test (.ci/run installs what the tests need)"
    );
    eprintln!("skipped: {why}");
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_none_outside_ci_and_a_panic_in_it() {
        let result = std::panic::catch_unwind(|| shared_data("no-such-file.txt"));
        match result {
            Ok(found) => {
                assert!(!in_ci());
                assert_eq!(found, None);
            }
            Err(_) => assert!(in_ci()),
        }
    }

    #[test]
    fn a_missing_tool_is_false_outside_ci_and_a_panic_in_it() {
        let result = std::panic::catch_unwind(|| tool("wordplay-no-such-program"));
        match result {
            Ok(runs) => {
                assert!(!in_ci());
                assert!(!runs);
            }
            Err(_) => assert!(in_ci()),
        }
    }
}
