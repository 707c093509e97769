//! Daily puzzles: one attempt per player and date, recorded when it starts, and the
//! statistics and streaks of the Wordle family.
//!
//! An attempt counts only for an open date ([`daily_is_open`]: the player's own date,
//! which is within a day of UTC's) and only the first of a player's attempts at a date
//! counts: later ones are replays, never recorded. A counted attempt holds its result so
//! far (so one left unfinished keeps what it had) until it is finished; a finished result
//! never changes.

use jiff::civil::Date;
use rusqlite::{OptionalExtension, params};
use serde::Serialize;

use crate::names::check_name;
use crate::store::{Store, StoreError, now_secs};

/// A daily puzzle played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyResult {
    /// The game (`blender`).
    pub game: String,
    /// The puzzle's date, `YYYY-MM-DD`.
    pub date: String,
    /// The puzzle's number (days since the first puzzle).
    pub puzzle: u32,
    /// Who played.
    pub player: String,
    /// Whether it counts as won (for Blender: a six-letter word found).
    pub won: bool,
    /// Points scored.
    pub score: u32,
    /// The spoiler-free result line.
    pub share: String,
    /// Whether the attempt is over (else this is its result so far).
    pub finished: bool,
}

/// Statistics of one player's daily puzzles, as the Wordle family shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DailyStats {
    /// Puzzles played (started).
    pub played: u32,
    /// Puzzles won.
    pub won: u32,
    /// Consecutive days won, ending on the last puzzle played if that was `today` or the day
    /// before (else 0); today's attempt counts once it is finished.
    pub current_streak: u32,
    /// The longest run of consecutive days won.
    pub max_streak: u32,
    /// The best score on a daily puzzle.
    pub best_score: u32,
}

/// Today's date in UTC.
pub fn utc_today() -> Date {
    jiff::tz::TimeZone::UTC
        .to_datetime(jiff::Timestamp::now())
        .date()
}

/// Whether a daily puzzle of `date` may be played for the record when UTC's date is
/// `utc_today`: every time zone's date is UTC's, the day before or the day after.
pub fn daily_is_open(date: Date, utc_today: Date) -> bool {
    [
        utc_today.yesterday().ok(),
        Some(utc_today),
        utc_today.tomorrow().ok(),
    ]
    .contains(&Some(date))
}

/// Whether `date` (`YYYY-MM-DD`) is open today.
fn open_now(date: &str) -> bool {
    date.parse::<Date>()
        .is_ok_and(|d| daily_is_open(d, utc_today()))
}

impl Store {
    /// Records the start of `player`'s attempt at the puzzle of `date`: `true` when it is
    /// their first at that date and the date is open (the attempt counts), `false` for a
    /// replay or a closed date (nothing is recorded).
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// write fails.
    pub fn start_daily(
        &self,
        game: &str,
        date: &str,
        puzzle: u32,
        player: &str,
    ) -> Result<bool, StoreError> {
        let player = check_name(player)?;
        if !open_now(date) {
            return Ok(false);
        }
        self.write(|tx| {
            let n = tx.execute(
                "INSERT OR IGNORE INTO daily_results
                     (game, date, puzzle, player, won, score, share, at, finished)
                 VALUES (?1, ?2, ?3, ?4, 0, 0, '', ?5, 0)",
                params![game, date, puzzle, player, now_secs() as i64],
            )?;
            Ok(n == 1)
        })
    }

    /// Updates a counted attempt with its result so far, or its final result when
    /// `result.finished`; an attempt already finished (or never started) is left as it is.
    /// Returns whether it changed.
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// write fails.
    pub fn update_daily(&self, result: &DailyResult) -> Result<bool, StoreError> {
        let player = check_name(&result.player)?;
        self.write(|tx| {
            let n = tx.execute(
                "UPDATE daily_results SET won = ?4, score = ?5, share = ?6, finished = ?7, at = ?8
                 WHERE game = ?1 AND player = ?2 AND date = ?3 AND finished = 0",
                params![
                    result.game,
                    player,
                    result.date,
                    result.won,
                    result.score,
                    result.share,
                    result.finished,
                    now_secs() as i64
                ],
            )?;
            Ok(n == 1)
        })
    }

    /// Records a whole daily attempt at once (a front end that learns the player's name
    /// only at the end): `true` when it counts, as for [`Store::start_daily`].
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// write fails.
    pub fn record_daily(&self, result: &DailyResult) -> Result<bool, StoreError> {
        let player = check_name(&result.player)?;
        if !open_now(&result.date) {
            return Ok(false);
        }
        self.write(|tx| {
            let n = tx.execute(
                "INSERT OR IGNORE INTO daily_results
                     (game, date, puzzle, player, won, score, share, at, finished)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 1)",
                params![
                    result.game,
                    result.date,
                    result.puzzle,
                    player,
                    result.won,
                    result.score,
                    result.share,
                    now_secs() as i64
                ],
            )?;
            Ok(n == 1)
        })
    }

    /// A player's daily attempt at `date`, if they made one.
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// read fails.
    pub fn daily_result(
        &self,
        game: &str,
        player: &str,
        date: &str,
    ) -> Result<Option<DailyResult>, StoreError> {
        let player = check_name(player)?;
        self.read(|c| {
            c.query_row(
                "SELECT puzzle, won, score, share, finished FROM daily_results
                 WHERE game = ?1 AND player = ?2 AND date = ?3",
                params![game, player, date],
                |r| {
                    Ok(DailyResult {
                        game: game.to_string(),
                        date: date.to_string(),
                        puzzle: r.get(0)?,
                        player: player.clone(),
                        won: r.get(1)?,
                        score: r.get(2)?,
                        share: r.get(3)?,
                        finished: r.get(4)?,
                    })
                },
            )
            .optional()
        })
    }

    /// A player's daily statistics and streaks, as of `today` (`YYYY-MM-DD`).
    ///
    /// # Errors
    ///
    /// [`StoreError::Name`] for a name [`check_name`] refuses, [`StoreError::Sqlite`] if the
    /// read fails.
    pub fn daily_stats(
        &self,
        game: &str,
        player: &str,
        today: &str,
    ) -> Result<DailyStats, StoreError> {
        let player = check_name(player)?;
        let rows: Vec<Attempt> = self.read(|c| {
            let mut stmt = c.prepare_cached(
                "SELECT date, won, score, finished FROM daily_results
                 WHERE game = ?1 AND player = ?2 ORDER BY date",
            )?;
            let rows = stmt.query_map(params![game, player], |r| {
                Ok(Attempt {
                    date: r.get(0)?,
                    won: r.get(1)?,
                    score: r.get(2)?,
                    finished: r.get(3)?,
                })
            })?;
            rows.collect()
        })?;
        Ok(streaks(&rows, today))
    }
}

/// One attempt as the statistics read it.
struct Attempt {
    date: String,
    won: bool,
    score: u32,
    finished: bool,
}

/// Played/won counts and streaks of `rows` (by date), as of `today`. An attempt of today
/// still under way neither extends nor breaks a streak; one of an earlier date left
/// unfinished counts as it stood.
fn streaks(rows: &[Attempt], today: &str) -> DailyStats {
    let mut stats = DailyStats::default();
    let mut run = 0u32;
    let mut last_won: Option<Date> = None;
    for row in rows {
        stats.played += 1;
        stats.best_score = stats.best_score.max(row.score);
        let Ok(date) = row.date.parse::<Date>() else {
            continue;
        };
        if !row.finished && row.date == today {
            continue;
        }
        if row.won {
            stats.won += 1;
            run = match last_won {
                Some(prev) if prev.tomorrow().ok() == Some(date) => run + 1,
                _ => 1,
            };
            last_won = Some(date);
            stats.max_streak = stats.max_streak.max(run);
        } else {
            run = 0;
            last_won = None;
        }
    }
    let alive = match (last_won, today.parse::<Date>()) {
        (Some(last), Ok(today)) => last == today || last.tomorrow().ok() == Some(today),
        _ => false,
    };
    stats.current_streak = if alive { run } else { 0 };
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(date: &str, won: bool) -> Attempt {
        Attempt {
            date: date.to_string(),
            won,
            score: 10,
            finished: true,
        }
    }

    #[test]
    fn streaks_count_consecutive_won_days() {
        let rows = [
            row("2026-01-01", true),
            row("2026-01-02", true),
            row("2026-01-03", true),
            row("2026-01-05", true),
            row("2026-01-06", true),
        ];
        let s = streaks(&rows, "2026-01-07");
        assert_eq!(
            (s.played, s.won, s.max_streak, s.current_streak),
            (5, 5, 3, 2)
        );
        assert_eq!(streaks(&rows, "2026-01-08").current_streak, 0);
    }

    #[test]
    fn a_loss_breaks_the_streak() {
        let rows = [
            row("2026-01-01", true),
            row("2026-01-02", false),
            row("2026-01-03", true),
        ];
        let s = streaks(&rows, "2026-01-03");
        assert_eq!(
            (s.played, s.won, s.max_streak, s.current_streak),
            (3, 2, 1, 1)
        );
    }

    #[test]
    fn todays_attempt_under_way_keeps_yesterdays_streak() {
        let mut today = row("2026-01-03", false);
        today.finished = false;
        let rows = [row("2026-01-01", true), row("2026-01-02", true), today];
        let s = streaks(&rows, "2026-01-03");
        assert_eq!((s.played, s.won, s.current_streak), (3, 2, 2));
        // An earlier day left unfinished counts as it stood: lost.
        let mut left = row("2026-01-02", false);
        left.finished = false;
        let s = streaks(&[row("2026-01-01", true), left], "2026-01-03");
        assert_eq!((s.played, s.won, s.current_streak), (2, 1, 0));
    }

    #[test]
    fn only_dates_within_a_day_of_utc_are_open() {
        let today: Date = "2026-03-01".parse().unwrap();
        for (date, open) in [
            ("2026-02-28", true),
            ("2026-03-01", true),
            ("2026-03-02", true),
            ("2026-02-27", false),
            ("2026-03-03", false),
        ] {
            assert_eq!(daily_is_open(date.parse().unwrap(), today), open, "{date}");
        }
    }
}
