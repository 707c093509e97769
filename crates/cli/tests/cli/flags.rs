//! Flags that contradict each other, bad strategy parameters and the one spelling of the
//! wrong-guess limit: usage errors (exit 2) that name what is wrong, in every command.

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Runs `hangman ARGS`, expects exit 2 and returns stderr.
fn usage_error(args: &[&str]) -> String {
    let out = cargo_bin_cmd!("hangman").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "hangman {args:?}: {stderr}");
    stderr
}

#[test]
fn a_seed_flag_and_strategy_conflict() {
    for (args, names) in [
        (
            &["--strategy", "entropy", "-t", "cat"][..],
            ["--strategy", "--trie"],
        ),
        (
            &["-d", "--strategy", "entropy", "cat"][..],
            ["--deterministic-regex", "--strategy"],
        ),
        (&["-v", "-q", "cat"][..], ["--verbose", "--summary"]),
        (&["-p", "-t", "cat"][..], ["--predicate", "--trie"]),
    ] {
        let stderr = usage_error(args);
        for name in names {
            assert!(stderr.contains(name), "{args:?}: {stderr}");
        }
        // The usage line shows the positionals as the help does.
        assert!(stderr.contains("[DICTIONARY] [WORD]..."), "{stderr}");
    }
}

#[test]
fn a_seed_flag_alone_picks_its_strategy() {
    let out = cargo_bin_cmd!("hangman")
        .args(["-t", "-q", "cat"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("strategy trie"));
}

#[test]
fn a_bad_param_is_a_usage_error_everywhere() {
    let dict = fixture("suggest.txt");
    let dict = dict.to_str().unwrap();
    let stderr = usage_error(&["--param", "nope=1", "cat"]);
    assert!(stderr.contains("nope"), "{stderr}");
    let stderr = usage_error(&["bench", dict, "--strategies", "greedy", "--param", "nope=1"]);
    assert!(stderr.contains("nope"), "{stderr}");
    usage_error(&["--strategy", "no-such", "cat"]);
    usage_error(&["suggest", "--board", "_a_", "--strategy", "no-such", dict]);
}

#[test]
fn the_limit_has_one_spelling_and_its_alias() {
    for flag in ["-m", "--max-wrong", "--max-wrong-guesses"] {
        let out = cargo_bin_cmd!("hangman")
            .args([flag, "3", "--format", "json", "cat"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{flag}: {out:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["max_wrong"], 3, "{flag}");
    }
    // play and solve still take their old `--lives N` (`-m N-1`), but not both at once.
    for cmd in ["play", "solve"] {
        let stderr = usage_error(&[cmd, "--lives", "3", "-m", "2"]);
        assert!(
            stderr.contains("--lives") && stderr.contains("--max-wrong"),
            "{cmd}: {stderr}"
        );
    }
}

/// `--lives`, the old spelling of `play` and `solve`, works but is hidden from their help,
/// which shows `-m/--max-wrong` as every other command does.
#[test]
fn lives_is_hidden_from_the_help() {
    for cmd in ["play", "solve"] {
        for help in ["-h", "--help"] {
            let out = cargo_bin_cmd!("hangman")
                .args([cmd, help])
                .output()
                .unwrap();
            assert!(out.status.success(), "{cmd} {help}: {out:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.contains("-m, --max-wrong <N>"), "{cmd} {help}: {text}");
            assert!(!text.contains("lives <"), "{cmd} {help}: {text}");
            assert!(!text.contains("--lives"), "{cmd} {help}: {text}");
        }
    }
}

#[test]
fn a_plain_word_that_names_a_file_is_a_word_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cat"), "dog\n").unwrap();
    let out = cargo_bin_cmd!("hangman")
        .current_dir(dir.path())
        .args(["cat", "-q"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("dictionary embedded"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("./cat or --dict cat"), "{stderr}");
    // ./cat is the file.
    let out = cargo_bin_cmd!("hangman")
        .current_dir(dir.path())
        .args(["./cat", "dog", "-q"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("dictionary ./cat"));
}

/// An endless stream given as a word list is refused after its first KiB (it once grew
/// to 5 GB in 6 s), by both programs.
#[cfg(unix)]
#[test]
fn an_endless_stream_is_not_a_word_list() {
    let out = cargo_bin_cmd!("hangman")
        .args(["/dev/zero", "cat"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("/dev/zero:1: the line is longer than 1024 bytes"),
        "{stderr}"
    );
    let out = cargo_bin_cmd!("blender")
        .args(["--dict", "/dev/zero", "solve", "abc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("longer than 1024 bytes"));
}

/// A lookahead search that would run for minutes at gigabytes is refused up front.
#[test]
fn a_parameter_that_cannot_finish_is_capped() {
    let stderr = usage_error(&["--strategy", "lookahead", "--param", "exact=16", "cat"]);
    assert!(stderr.contains("must be from 2 to 12"), "{stderr}");
}
