use super::*;

fn entry(score: u32) -> ScoreEntry {
    ScoreEntry::new("p", score, 1, 0)
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn record_load_round_trip_and_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("scores.json");
    assert!(HighScores::load(&path).unwrap().entries.is_empty());
    assert_eq!(HighScores::record(&path, entry(50)).unwrap().rank, Some(1));
    assert_eq!(HighScores::record(&path, entry(70)).unwrap().rank, Some(1));
    assert_eq!(HighScores::record(&path, entry(60)).unwrap().rank, Some(2));
    let tie = HighScores::record(&path, entry(60)).unwrap();
    assert_eq!(tie.rank, Some(3), "ties rank after earlier games");
    for _ in 0..KEEP {
        HighScores::record(&path, entry(100)).unwrap();
    }
    let last = HighScores::record(&path, entry(1)).unwrap();
    assert_eq!(last.rank, None);
    assert_eq!(last.scores.entries.len(), KEEP);
    assert_eq!(HighScores::load(&path).unwrap(), last.scores);
    // No temporary file is left behind.
    assert_eq!(names_in(path.parent().unwrap()), ["scores.json"]);
}

#[test]
fn unknown_fields_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scores.json");
    std::fs::write(
        &path,
        r#"{"version": 3, "entries": [{"name": "ann", "score": 90, "rounds": 2, "when": 7,
            "mood": "happy"}], "theme": {"dark": true}}"#,
    )
    .unwrap();
    HighScores::record(&path, entry(10)).unwrap();
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["version"], 3);
    assert_eq!(json["theme"]["dark"], true);
    assert_eq!(json["entries"][0]["mood"], "happy");
    assert_eq!(json["entries"][1]["score"], 10);
}

#[cfg(unix)]
#[test]
fn a_symlink_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    // A dangling link: the table is created where it points.
    HighScores::record(&link, entry(5)).unwrap();
    HighScores::record(&link, entry(6)).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(HighScores::load(&real).unwrap().entries.len(), 2);
    assert_eq!(names_in(dir.path()), ["link.json", "real.json"]);
}

#[cfg(unix)]
#[test]
fn devices_fifos_and_directories_are_errors_and_nothing_moves() {
    let dir = tempfile::tempdir().unwrap();
    let null = Path::new("/dev/null");
    let err = HighScores::record(null, entry(5)).unwrap_err();
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
    assert!(HighScores::check(null).is_err());
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = std::fs::metadata(null).unwrap().file_type();
        assert!(kind.is_char_device(), "/dev/null is untouched");
    }
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // Neither call may wait for a writer on the FIFO.
        let err = HighScores::record(&fifo, entry(5)).unwrap_err().to_string();
        assert!(err.contains("is a FIFO, not a regular file"), "{err}");
        assert!(HighScores::load(&fifo).is_err());
    }
    let err = HighScores::record(dir.path(), entry(5)).unwrap_err();
    assert!(matches!(
        err,
        ScoresError::NotAFile {
            kind: "a directory",
            ..
        }
    ));
    let mut names = names_in(dir.path());
    names.retain(|n| n != "fifo");
    assert!(names.is_empty(), "{names:?}");
}

#[test]
fn a_corrupt_file_is_copied_aside_not_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scores.json");
    std::fs::write(&path, "{ not json").unwrap();
    assert!(matches!(
        HighScores::load(&path),
        Err(ScoresError::Corrupt { .. })
    ));
    let recorded = HighScores::record(&path, entry(7)).unwrap();
    let aside = recorded.set_aside.expect("reported");
    assert_eq!(std::fs::read_to_string(aside).unwrap(), "{ not json");
    assert_eq!(HighScores::load(&path).unwrap().entries[0].score, 7);
}

#[test]
fn games_ending_together_all_keep_their_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scores.json");
    std::thread::scope(|s| {
        for i in 0..KEEP as u32 {
            let path = &path;
            s.spawn(move || HighScores::record(path, entry(100 + i)).unwrap());
        }
    });
    let mut scores: Vec<u32> = HighScores::load(&path)
        .unwrap()
        .entries
        .iter()
        .map(|e| e.score)
        .collect();
    scores.sort_unstable();
    assert_eq!(scores, (100..100 + KEEP as u32).collect::<Vec<_>>());
    assert_eq!(names_in(dir.path()), ["scores.json"]);
}

#[cfg(unix)]
#[test]
fn a_failed_write_leaves_no_temporary_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("ro");
    std::fs::create_dir(&locked).unwrap();
    let path = locked.join("scores.json");
    std::fs::write(&path, r#"{"entries": []}"#).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    let result = HighScores::record(&path, entry(5));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Root writes into read-only directories anyway: then only the file may have changed.
    if let Err(err) = result {
        let err = err.to_string();
        assert!(err.contains("cannot create a temporary file"), "{err}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            r#"{"entries": []}"#
        );
    }
    assert_eq!(names_in(&locked), ["scores.json"]);
    // A directory that cannot exist (its parent is a file) fails for root too.
    let under_file = path.join("scores.json");
    let err = HighScores::record(&under_file, entry(5)).unwrap_err();
    // The message says what failed where; the I/O error is its source, said once.
    let cause = std::error::Error::source(&err)
        .expect("an I/O cause")
        .to_string();
    assert!(cause.contains("Not a directory"), "{err}: {cause}");
    assert!(!err.to_string().contains("Not a directory"), "{err}");
    assert_eq!(names_in(&locked), ["scores.json"]);
}
