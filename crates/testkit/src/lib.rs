//! What a test needs from outside the repository, asked for in one place, so that a test
//! whose tool or data is missing shows as *ignored* on a developer's machine and *fails* in
//! CI: it never passes by testing nothing.
//!
//! Some tests need the project's shared data (`../shared/data` beside the repository: the
//! challenge dictionary and its sample words) or a program (tmux, Chromium with
//! chromedriver). Each need is a `cfg` that the package's build script sets when the tool
//! or data is there, and always in CI (`CI` set to anything but empty, `0` or `false`):
//!
//! | need | `cfg` | the test gets it with |
//! |---|---|---|
//! | `../shared/data` (`words.txt`, `factual-samples.tsv`, …) | `has_shared_data` | [`shared_data`]`("words.txt")` |
//! | tmux | `has_tmux` | [`tool`]`("tmux")` |
//! | Chromium and chromedriver | `has_chromium` | [`chromium`]`()` |
//!
//! # How a test says what it needs
//!
//! The package has a build script that probes for what its tests need (see [`probe`]):
//!
//! ```toml
//! [build-dependencies]
//! wordplay-testkit.workspace = true
//! [dev-dependencies]
//! wordplay-testkit.workspace = true
//! ```
//!
//! ```text
//! // build.rs
//! fn main() {
//!     wordplay_testkit::probe(&[wordplay_testkit::Need::Tmux]);
//! }
//! ```
//!
//! and the test is ignored, with the reason, when its need is not met, and asks the kit for
//! the thing itself (which panics, naming what is missing, if it is not there):
//!
//! ```text
//! #[test]
//! #[cfg_attr(not(has_tmux), ignore = "needs tmux")]
//! fn plays_in_tmux() {
//!     let tmux = wordplay_testkit::tool("tmux");
//!     // ...
//! }
//! ```
//!
//! `cargo test` then lists it as `ignored, needs tmux` where tmux is missing, and
//! `cargo test -- --ignored` runs it anyway (it fails, saying what is missing). In CI the
//! `cfg` is always set, so the test runs and a missing tool fails the run. The probe runs
//! again when `CI`, `CHROMIUM` or `CHROMEDRIVER` change or a found tool or file changes; after
//! installing a tool or fetching the data, `touch crates/testkit/src/lib.rs` makes every
//! package probe again.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// Whether this is a CI run: the `CI` environment variable is set and not empty, `0` or
/// `false` (GitHub Actions, GitLab and most others set `CI=true`).
pub fn in_ci() -> bool {
    ci_value(std::env::var_os("CI").as_deref())
}

/// Whether a value of `CI` means a CI run.
fn ci_value(value: Option<&OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The folder of the shared data: `../shared/data` from the repository root.
pub fn shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// The shared data file `file` (e.g. `words.txt`), for a test marked
/// `#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]`.
///
/// # Panics
///
/// When the file is missing (the test was run with `--ignored`, or in CI).
pub fn shared_data(file: &str) -> PathBuf {
    let path = shared_dir().join(file);
    assert!(
        path.is_file(),
        "{} not found: this test needs the shared data beside the repository{}",
        path.display(),
        CI_NOTE
    );
    path
}

/// The program `name` found on `PATH`, for a test marked
/// `#[cfg_attr(not(has_NAME), ignore = "needs NAME")]`.
///
/// # Panics
///
/// When no executable `name` is on `PATH`.
pub fn tool(name: &str) -> PathBuf {
    on_path(name).unwrap_or_else(|| panic!("{name} is not installed (not on PATH){CI_NOTE}"))
}

/// What a test that needs a browser drives: Chromium and its WebDriver server.
#[derive(Clone, Debug)]
pub struct Chromium {
    /// The browser (`CHROMIUM`, else `/usr/bin/chromium`).
    pub browser: PathBuf,
    /// chromedriver (`CHROMEDRIVER`, else `/usr/bin/chromedriver`).
    pub driver: PathBuf,
}

/// Chromium and chromedriver (Debian's `chromium` and `chromium-driver`, or the binaries
/// `CHROMIUM` and `CHROMEDRIVER` name), for a test marked
/// `#[cfg_attr(not(has_chromium), ignore = "needs chromium and chromedriver")]`.
///
/// # Panics
///
/// When either is missing.
pub fn chromium() -> Chromium {
    let chromium = find_chromium();
    let missing: Vec<&Path> = [&chromium.browser, &chromium.driver]
        .into_iter()
        .filter(|p| !p.is_file())
        .map(PathBuf::as_path)
        .collect();
    assert!(
        missing.is_empty(),
        "{missing:?} not found: apt-get install chromium chromium-driver (or set CHROMIUM and \
         CHROMEDRIVER){CI_NOTE}"
    );
    chromium
}

/// Where Chromium and chromedriver are, found or not.
fn find_chromium() -> Chromium {
    let find = |var: &str, default: &str| {
        std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
    };
    Chromium {
        browser: find("CHROMIUM", "/usr/bin/chromium"),
        driver: find("CHROMEDRIVER", "/usr/bin/chromedriver"),
    }
}

/// Said after what is missing: CI installs it, so there it must be found.
const CI_NOTE: &str = " (.ci/run installs what the tests need; see crates/testkit)";

/// The executable `name` in a folder of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|path| is_executable(path))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// What a package's tests may need from outside the repository, each with its `cfg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// `../shared/data` (`words.txt` and the files beside it): `has_shared_data`.
    SharedData,
    /// tmux on `PATH`: `has_tmux`.
    Tmux,
    /// Chromium and chromedriver ([`chromium`]): `has_chromium`.
    Chromium,
}

impl Need {
    /// The `cfg` set when the need is met (or in CI).
    pub fn cfg(self) -> &'static str {
        match self {
            Need::SharedData => "has_shared_data",
            Need::Tmux => "has_tmux",
            Need::Chromium => "has_chromium",
        }
    }

    /// What meets the need on this machine now (files to watch), or `None`.
    fn find(self) -> Option<Vec<PathBuf>> {
        match self {
            Need::SharedData => {
                let words = shared_dir().join("words.txt");
                words.is_file().then(|| vec![words])
            }
            Need::Tmux => on_path("tmux").map(|p| vec![p]),
            Need::Chromium => {
                let found = find_chromium();
                let both = vec![found.browser, found.driver];
                both.iter().all(|p| p.is_file()).then_some(both)
            }
        }
    }
}

/// A need and what was found for it.
struct Probed {
    need: Need,
    found: Option<Vec<PathBuf>>,
}

/// The build script's instructions to cargo for the probed needs (`ci`: whether this is a CI
/// run): their `cfg`s declared, a need's `cfg` set when it is met or in CI, and what to
/// watch.
fn instructions(probed: &[Probed], ci: bool) -> Vec<String> {
    let cfgs: Vec<&str> = probed.iter().map(|p| p.need.cfg()).collect();
    let mut out = vec![
        format!("cargo::rustc-check-cfg=cfg({})", cfgs.join(", ")),
        "cargo::rerun-if-changed=build.rs".to_string(),
    ];
    for var in ["CI", "CHROMIUM", "CHROMEDRIVER"] {
        out.push(format!("cargo::rerun-if-env-changed={var}"));
    }
    for probed in probed {
        if let Some(found) = &probed.found {
            // Watched only when found: a missing path would make cargo run the probe, and
            // rebuild the package, on every build.
            out.extend(
                found
                    .iter()
                    .map(|p| format!("cargo::rerun-if-changed={}", p.display())),
            );
        }
        if ci || probed.found.is_some() {
            out.push(format!("cargo::rustc-cfg={}", probed.need.cfg()));
        }
    }
    out
}

/// For a package's build script: declares the `cfg` of each of `needs` (what the package's
/// tests need) and sets those this machine meets, or all of them in CI, so that a test can
/// be ignored when its need is not met (see the crate's documentation). A test that names
/// a `cfg` its package does not probe gets rustc's `unexpected_cfgs` warning. Prints
/// cargo's instructions on stdout.
pub fn probe(needs: &[Need]) {
    let probed: Vec<Probed> = needs
        .iter()
        .map(|&need| Probed {
            need,
            found: need.find(),
        })
        .collect();
    for line in instructions(&probed, in_ci()) {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probed(need: Need, found: bool) -> Probed {
        Probed {
            need,
            found: found.then(|| vec![PathBuf::from(format!("/found/{}", need.cfg()))]),
        }
    }

    #[test]
    fn ci_means_set_and_not_empty_0_or_false() {
        for (value, ci) in [
            (None, false),
            (Some(""), false),
            (Some("0"), false),
            (Some("false"), false),
            (Some("true"), true),
            (Some("1"), true),
        ] {
            assert_eq!(ci_value(value.map(OsStr::new)), ci, "{value:?}");
        }
    }

    /// A need's `cfg` is set when it is met, and in CI always; every `cfg` is declared; only
    /// what was found is watched.
    #[test]
    fn a_missing_need_leaves_its_cfg_unset_but_not_in_ci() {
        let needs = [probed(Need::Tmux, false), probed(Need::SharedData, true)];
        let local = instructions(&needs, false);
        assert!(local.contains(&"cargo::rustc-check-cfg=cfg(has_tmux, has_shared_data)".into()));
        assert!(local.contains(&"cargo::rustc-cfg=has_shared_data".into()));
        assert!(!local.contains(&"cargo::rustc-cfg=has_tmux".into()));
        assert!(local.contains(&"cargo::rerun-if-changed=/found/has_shared_data".into()));
        assert!(!local.iter().any(|l| l.contains("/found/has_tmux")));
        assert!(local.contains(&"cargo::rerun-if-env-changed=CI".into()));
        let ci = instructions(&needs, true);
        assert!(ci.contains(&"cargo::rustc-cfg=has_tmux".into()));
        assert!(ci.contains(&"cargo::rustc-cfg=has_shared_data".into()));
    }

    #[test]
    fn what_is_missing_is_a_panic_that_names_it() {
        let file = std::panic::catch_unwind(|| shared_data("no-such-file.txt")).unwrap_err();
        let file = file.downcast_ref::<String>().unwrap();
        assert!(file.contains("no-such-file.txt not found"), "{file}");
        let program = std::panic::catch_unwind(|| tool("wordplay-no-such-program")).unwrap_err();
        let program = program.downcast_ref::<String>().unwrap();
        assert!(
            program.starts_with("wordplay-no-such-program is not installed"),
            "{program}"
        );
    }

    #[test]
    fn a_program_on_path_is_found_and_a_folder_is_not() {
        // `sh` is on every Unix PATH; `/` is a folder, not a program.
        assert!(tool("sh").is_file());
        assert!(!is_executable(Path::new("/")));
    }
}
