//! The store under concurrent writers, bad paths and names, daily attempts, games kept, and
//! a file of the first schema version.

use std::path::Path;
use std::sync::Arc;

use std::time::Duration;

use wordplay_scores::{DailyResult, NameError, Store, StoreError};

fn store(dir: &Path) -> Store {
    Store::open(&dir.join("scores.sqlite3")).expect("opens")
}

/// Processes opening a file that does not exist yet, all at once (eight games ending
/// together on a first run), all open it: the switch to WAL waits its turn.
#[test]
fn many_first_opens_at_once_all_succeed() {
    for _ in 0..20 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("scores.sqlite3");
        let barrier = std::sync::Barrier::new(16);
        std::thread::scope(|s| {
            let opens: Vec<_> = (0..16)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        Store::open(&path).map(drop)
                    })
                })
                .collect();
            for open in opens {
                if let Err(e) = open.join().unwrap() {
                    panic!("an open failed: {e}");
                }
            }
        });
    }
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

/// `days` days from UTC's today, as `YYYY-MM-DD`.
fn day(days: i64) -> String {
    let today = wordplay_scores::utc_today();
    today
        .checked_add(jiff::Span::new().days(days))
        .unwrap()
        .to_string()
}

fn result(date: &str, won: bool, score: u32, finished: bool) -> DailyResult {
    DailyResult {
        game: "blender".into(),
        date: date.into(),
        puzzle: 1,
        player: "ann".into(),
        won,
        score,
        share: "x".into(),
        finished,
    }
}

#[test]
fn a_daily_attempt_counts_from_its_start_and_replays_never_count() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let today = day(0);
    assert!(store.start_daily("blender", &today, 1, "ann").unwrap());
    // Started: played, not won, today's streak undecided.
    let started = store
        .daily_result("blender", "ann", &today)
        .unwrap()
        .unwrap();
    assert_eq!((started.finished, started.score), (false, 0));
    assert_eq!(
        store.daily_stats("blender", "ann", &today).unwrap().played,
        1
    );
    // A second start is a replay: nothing recorded, nothing changes.
    assert!(!store.start_daily("blender", &today, 1, "ann").unwrap());
    assert!(
        !store
            .record_daily(&result(&today, true, 999, true))
            .unwrap()
    );
    // The result so far, then the final one; a finished result never changes.
    assert!(
        store
            .update_daily(&result(&today, false, 40, false))
            .unwrap()
    );
    assert!(
        store
            .update_daily(&result(&today, true, 120, true))
            .unwrap()
    );
    assert!(
        !store
            .update_daily(&result(&today, true, 500, true))
            .unwrap()
    );
    let done = store
        .daily_result("blender", "ann", &today)
        .unwrap()
        .unwrap();
    assert_eq!((done.won, done.score, done.finished), (true, 120, true));
    // An attempt never started is not made by an update.
    assert!(
        !store
            .update_daily(&result(&day(-1), true, 5, true))
            .unwrap()
    );
    let stats = store.daily_stats("blender", "ann", &today).unwrap();
    assert_eq!(
        (
            stats.played,
            stats.won,
            stats.current_streak,
            stats.best_score
        ),
        (1, 1, 1, 120)
    );
}

#[test]
fn only_dates_within_a_day_of_utc_are_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    for far in [day(-2), day(2), "2026-01-05".into(), "not a date".into()] {
        assert!(
            !store.start_daily("blender", &far, 1, "ann").unwrap(),
            "{far}"
        );
        assert!(
            !store.record_daily(&result(&far, true, 1, true)).unwrap(),
            "{far}"
        );
    }
    assert_eq!(
        store.daily_stats("blender", "ann", &day(0)).unwrap().played,
        0
    );
    // Yesterday and tomorrow are some player's today.
    assert!(
        store
            .record_daily(&result(&day(-1), true, 10, true))
            .unwrap()
    );
    assert!(store.start_daily("blender", &day(1), 1, "ann").unwrap());
}

#[test]
fn names_that_no_table_may_show_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    for (name, want) in [
        ("", NameError::Empty),
        ("a\u{202E}b", NameError::Forbidden(0x202E)),
        ("a\nb", NameError::Forbidden(0x0A)),
        ("a\0", NameError::Forbidden(0)),
    ] {
        let err = store.add_blender(name, 10, 1, None).unwrap_err();
        assert!(matches!(&err, StoreError::Name(e) if *e == want), "{err}");
        assert!(store.record_hangman(name, "fair", true).is_err());
        assert!(store.start_daily("blender", &day(0), 1, name).is_err());
    }
    let long = "x".repeat(wordplay_scores::MAX_NAME + 1);
    assert!(store.add_blender(&long, 10, 1, None).is_err());
    assert_eq!(store.blender_count().unwrap(), 0);
    // Kept trimmed, as given otherwise.
    store.add_blender("  <b>ann</b> ", 10, 1, None).unwrap();
    assert_eq!(store.blender_top(1).unwrap()[0].name, "<b>ann</b>");
}

#[test]
fn games_are_kept_replaced_expired_and_capped() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let hour = Duration::from_secs(3600);
    assert_eq!(store.load_game("hangman", "a", hour).unwrap(), None);
    store.save_game("hangman", "a", "{\"v\":1}", false).unwrap();
    store.save_game("hangman", "a", "{\"v\":2}", false).unwrap();
    store.save_game("blender", "a", "{}", false).unwrap();
    // A game with something to record at its end is found again, until it is recorded.
    store.save_game("blender", "b", "{}", true).unwrap();
    assert_eq!(store.pending_games("blender").unwrap(), ["b"]);
    assert!(store.pending_games("hangman").unwrap().is_empty());
    store.save_game("blender", "b", "{}", false).unwrap();
    assert!(store.pending_games("blender").unwrap().is_empty());
    assert_eq!(
        store.load_game("hangman", "a", hour).unwrap().as_deref(),
        Some("{\"v\":2}")
    );
    // Another connection (a restarted server) sees them.
    let again = Store::open(store.path()).unwrap();
    assert_eq!(again.game_count("hangman").unwrap(), 1);
    for id in ["b", "c", "d"] {
        store.save_game("hangman", id, "{}", false).unwrap();
    }
    // The last changed are kept, per kind.
    assert_eq!(store.cap_games("hangman", 2).unwrap(), 2);
    assert_eq!(store.game_count("hangman").unwrap(), 2);
    assert!(store.load_game("hangman", "d", hour).unwrap().is_some());
    assert_eq!(store.game_count("blender").unwrap(), 2);
    assert_eq!(store.expire_games(Duration::from_secs(3600)).unwrap(), 0);
    std::thread::sleep(Duration::from_millis(1100));
    // Older than the idle time: expired when read, and dropped by the sweep.
    assert_eq!(
        store.load_game("hangman", "d", Duration::ZERO).unwrap(),
        None
    );
    assert_eq!(store.expire_games(Duration::ZERO).unwrap(), 4);
    assert_eq!(store.game_count("hangman").unwrap(), 0);
}

#[test]
fn a_store_of_the_first_schema_opens_and_keeps_its_results() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE blender_scores (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                 score INTEGER NOT NULL, rounds INTEGER NOT NULL, at INTEGER NOT NULL, daily TEXT);
             CREATE TABLE daily_results (game TEXT NOT NULL, date TEXT NOT NULL,
                 puzzle INTEGER NOT NULL, player TEXT NOT NULL, won INTEGER NOT NULL,
                 score INTEGER NOT NULL, share TEXT NOT NULL, at INTEGER NOT NULL,
                 PRIMARY KEY (game, player, date));
             CREATE TABLE hangman_results (id INTEGER PRIMARY KEY, player TEXT NOT NULL,
                 referee TEXT NOT NULL, won INTEGER NOT NULL, at INTEGER NOT NULL);
             CREATE TABLE imports (path TEXT PRIMARY KEY, entries INTEGER NOT NULL, at INTEGER NOT NULL);
             INSERT INTO blender_scores (name, score, rounds, at) VALUES ('ann', 70, 1, 1);
             INSERT INTO daily_results VALUES ('blender', '2026-01-01', 1, 'ann', 1, 70, 'x', 1);
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.blender_top(1).unwrap()[0].score, 70);
    let old = store
        .daily_result("blender", "ann", "2026-01-01")
        .unwrap()
        .unwrap();
    assert!(old.finished && old.won);
    store.save_game("hangman", "a", "{}", false).unwrap();
    drop(store);
    // Opened again: nothing to migrate, nothing lost.
    let store = Store::open(&path).unwrap();
    assert_eq!(store.game_count("hangman").unwrap(), 1);
}

#[test]
fn a_store_that_checkpoints_apart_keeps_every_write() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    store.checkpoint_apart().unwrap();
    for i in 0..200 {
        store
            .save_game("hangman", &format!("g{i}"), &"x".repeat(2000), false)
            .unwrap();
    }
    store.checkpoint().unwrap();
    // Another connection, as a restarted server, sees every write.
    assert_eq!(
        Store::open(store.path())
            .unwrap()
            .game_count("hangman")
            .unwrap(),
        200
    );
}
