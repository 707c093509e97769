use super::*;

#[test]
fn a_missing_file_is_an_empty_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("scores.json");
    assert!(HighScores::load(&path).unwrap().entries.is_empty());
    std::fs::write(dir.path().join("blank.json"), " \n").unwrap();
    assert!(
        HighScores::load(&dir.path().join("blank.json"))
            .unwrap()
            .entries
            .is_empty()
    );
}

#[test]
fn entries_are_ranked_kept_to_the_table_and_unknown_fields_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scores.json");
    let entries: Vec<String> = (1..=KEEP as u32 + 2)
        .map(|i| {
            format!(
                r#"{{"name": "p{i}", "score": {}, "rounds": 1, "when": {i}}}"#,
                i * 10
            )
        })
        .collect();
    std::fs::write(
        &path,
        format!(
            r#"{{"version": 3, "entries": [{{"name": "ann", "score": 55, "rounds": 2, "when": 7,
                "daily": "2026-05-14"}}, {}], "theme": {{"dark": true}}}}"#,
            entries.join(", ")
        ),
    )
    .unwrap();
    let table = HighScores::load(&path).unwrap();
    let scores: Vec<u32> = table.entries.iter().map(|e| e.score).collect();
    assert_eq!(scores, [120, 110, 100, 90, 80, 70, 60, 55, 50, 40]);
    assert_eq!(table.other["version"], 3);
    assert_eq!(table.other["theme"]["dark"], true);
    assert_eq!(table.entries[7].other["daily"], "2026-05-14");
}

#[cfg(unix)]
#[test]
fn a_symlink_is_read_through() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    std::fs::write(
        &real,
        r#"{"entries": [{"name": "a", "score": 5, "rounds": 1, "when": 0}]}"#,
    )
    .unwrap();
    assert_eq!(HighScores::load(&link).unwrap().entries[0].score, 5);
}

#[cfg(unix)]
#[test]
fn devices_fifos_and_directories_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let err = HighScores::load(Path::new("/dev/null")).unwrap_err();
    assert!(
        matches!(
            err,
            ScoresError::NotAFile {
                kind: "a character device",
                ..
            }
        ),
        "{err}"
    );
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // Must not wait for a writer on the FIFO.
        let err = HighScores::load(&fifo).unwrap_err().to_string();
        assert!(err.contains("is a FIFO, not a regular file"), "{err}");
    }
    let err = HighScores::load(dir.path()).unwrap_err();
    assert!(matches!(
        err,
        ScoresError::NotAFile {
            kind: "a directory",
            ..
        }
    ));
}

#[test]
fn a_corrupt_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scores.json");
    std::fs::write(&path, "{ not json").unwrap();
    assert!(matches!(
        HighScores::load(&path),
        Err(ScoresError::Corrupt { .. })
    ));
}
