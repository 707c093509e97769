//! `wordplay serve` from the outside: bad flags, a store folder that does not exist, and a
//! real run that prints its URL, answers, and stops cleanly on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

#[test]
fn bad_flags_and_a_missing_data_folder_are_usage_errors() {
    cargo_bin_cmd!("wordplay")
        .args(["serve", "--port", "99999"])
        .assert()
        .code(2);
    cargo_bin_cmd!("wordplay")
        .args(["serve", "--data", "/nonexistent/wordplay"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no such folder"));
    assert!(!std::path::Path::new("/nonexistent/wordplay").exists());
    cargo_bin_cmd!("wordplay")
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("wordplay in the browser"));
}

#[test]
fn serve_prints_its_url_answers_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_wordplay"))
        .args(["serve", "--port", "0", "--data"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let url = first
        .trim()
        .strip_prefix("wordplay: serving on http://")
        .unwrap_or_else(|| panic!("no URL in {first:?}"));
    let addr = url.trim_end_matches('/');
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"status\":\"ok\""), "{answer}");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert_eq!(status.code(), Some(0), "{rest}");
    assert!(rest.contains("wordplay: stopped"), "{rest}");
    assert!(dir.path().join("scores.sqlite3").is_file());
}
