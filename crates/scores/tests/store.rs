//! The store under concurrent writers, the one-time JSON import and bad paths.

use std::path::Path;
use std::sync::Arc;

use wordplay_scores::{DailyResult, Store, StoreError};

fn store(dir: &Path) -> Store {
    Store::open(&dir.join("scores.sqlite3")).expect("opens")
}

#[test]
fn many_writers_at_once_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scores.sqlite3");
    drop(Store::open(&path).unwrap());
    const THREADS: u32 = 16;
    const EACH: u32 = 25;
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let path = path.clone();
            // Each thread its own connection, as separate processes would have.
            s.spawn(move || {
                let store = Store::open(&path).unwrap();
                for i in 0..EACH {
                    store
                        .add_blender(&format!("t{t}"), t * 1000 + i + 1, 1, None)
                        .unwrap();
                    store
                        .record_hangman(&format!("t{t}"), "fair", i % 2 == 0)
                        .unwrap();
                }
            });
        }
    });
    let store = Store::open(&path).unwrap();
    assert_eq!(store.blender_count().unwrap(), u64::from(THREADS * EACH));
    let tally = store.hangman_tally("t3").unwrap();
    assert_eq!((tally.wins, tally.losses), (13, 12));
    let top = store.blender_top(3).unwrap();
    let scores: Vec<u32> = top.iter().map(|s| s.score).collect();
    assert_eq!(scores, [15025, 15024, 15023]);
}

#[test]
fn one_shared_store_across_threads_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(store(dir.path()));
    std::thread::scope(|s| {
        for t in 0..8 {
            let store = store.clone();
            s.spawn(move || {
                for i in 0..20 {
                    store.add_blender("x", t * 100 + i + 1, 0, None).unwrap();
                }
            });
        }
    });
    assert_eq!(store.blender_count().unwrap(), 160);
}

#[test]
fn ranks_follow_scores_and_earlier_games_win_ties() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    assert_eq!(store.add_blender("a", 100, 1, None).unwrap().rank, Some(1));
    assert_eq!(store.add_blender("b", 300, 2, None).unwrap().rank, Some(1));
    assert_eq!(store.add_blender("c", 100, 1, None).unwrap().rank, Some(3));
    for i in 0..10 {
        store.add_blender("d", 1000 + i, 1, None).unwrap();
    }
    let added = store.add_blender("e", 50, 1, None).unwrap();
    assert_eq!(added.rank, None);
    assert_eq!(added.top.len(), wordplay_scores::KEEP);
    assert!(!store.makes_top(100).unwrap());
    assert!(store.makes_top(1005).unwrap());
}

#[test]
fn a_json_table_is_imported_once_and_left_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("blender-scores.json");
    let text = r#"{"entries": [
        {"name": "ann", "score": 500, "rounds": 2, "when": 1700000000},
        {"name": "bob", "score": 90, "rounds": 1, "when": 1700000001, "daily": "2026-05-14"}
    ]}"#;
    std::fs::write(&json, text).unwrap();
    let store = store(dir.path());
    assert_eq!(store.import_json(&json).unwrap(), Some(2));
    assert_eq!(store.import_json(&json).unwrap(), None);
    // Another process opening the same store sees the import too.
    let again = Store::open(store.path()).unwrap();
    assert_eq!(again.import_json(&json).unwrap(), None);
    assert_eq!(std::fs::read_to_string(&json).unwrap(), text);
    let top = store.blender_top(10).unwrap();
    assert_eq!(top.len(), 2);
    assert_eq!((top[0].name.as_str(), top[0].score), ("ann", 500));
    assert_eq!(top[1].daily.as_deref(), Some("2026-05-14"));
}

#[test]
fn a_corrupt_json_table_is_an_error_not_an_import() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("s.json");
    std::fs::write(&json, "not json").unwrap();
    let store = store(dir.path());
    assert!(matches!(
        store.import_json(&json),
        Err(StoreError::Import(_))
    ));
    assert_eq!(store.blender_count().unwrap(), 0);
}

#[test]
fn a_missing_folder_is_an_error_and_is_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no").join("such").join("s.sqlite3");
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NoFolder { .. }), "{err}");
    assert!(err.to_string().contains("does not exist"), "{err}");
    assert!(!dir.path().join("no").exists());
}

#[test]
fn a_folder_or_a_non_database_is_an_error_at_open() {
    let dir = tempfile::tempdir().unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert!(matches!(err, StoreError::NotAFile { .. }), "{err}");
    let junk = dir.path().join("junk.sqlite3");
    std::fs::write(
        &junk,
        "this is not a database, just some text to fill a page ".repeat(100),
    )
    .unwrap();
    assert!(matches!(Store::open(&junk), Err(StoreError::Sqlite { .. })));
}

#[test]
fn daily_results_count_once_and_make_streaks() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let day = |date: &str, won: bool| DailyResult {
        game: "blender".into(),
        date: date.into(),
        puzzle: 1,
        player: "ann".into(),
        won,
        score: 100,
        share: "x".into(),
    };
    assert!(store.record_daily(&day("2026-01-01", true)).unwrap());
    assert!(!store.record_daily(&day("2026-01-01", false)).unwrap());
    assert!(store.record_daily(&day("2026-01-02", true)).unwrap());
    let stats = store.daily_stats("blender", "ann", "2026-01-02").unwrap();
    assert_eq!(
        (
            stats.played,
            stats.won,
            stats.current_streak,
            stats.max_streak
        ),
        (2, 2, 2, 2)
    );
    assert!(
        store
            .daily_result("blender", "ann", "2026-01-01")
            .unwrap()
            .unwrap()
            .won
    );
    assert_eq!(
        store
            .daily_stats("blender", "bob", "2026-01-02")
            .unwrap()
            .played,
        0
    );
}
