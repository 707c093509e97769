//! Results: the plain structs every output format reads.
//!
//! A [`GameResult`] is one finished game, whoever played it (the game loop of
//! [`crate::eval`], or a strategy's tree evaluator); a [`RunSummary`] totals a run of them.

use std::time::Duration;

use serde::Serialize;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The word (lower case).
    pub word: String,
    /// The challenge score (25 if lost).
    pub score: u32,
    /// Whether the game was won.
    pub won: bool,
    /// Wrong guesses (letters and words).
    pub wrong_guesses: u32,
    /// Guesses made, the winning word guess included.
    pub guesses: u32,
    /// Time spent in the game, in microseconds.
    pub micros: f64,
    /// The display after each guess, when asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub transcript: Vec<String>,
}

/// Totals of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunSummary {
    /// Games played.
    pub games: usize,
    /// Sum of scores.
    pub total_score: u64,
    /// Mean score.
    pub average_score: f64,
    /// Games lost.
    pub losses: usize,
    /// Losses as a percentage of games.
    pub loss_percent: f64,
    /// Mean time per game, µs (each game timed on its own thread).
    pub mean_micros: f64,
    /// Median time per game, µs.
    pub median_micros: f64,
    /// 99th percentile of time per game, µs.
    pub p99_micros: f64,
    /// One-time setup, ms (lexicon excluded).
    pub setup_ms: f64,
    /// Wall time of all games, ms.
    pub wall_ms: f64,
}

impl RunSummary {
    /// Summarizes results; `setup` and `wall` are measured by the caller.
    pub fn new(results: &[GameResult], setup: Duration, wall: Duration) -> RunSummary {
        let games = results.len();
        let total_score: u64 = results.iter().map(|r| u64::from(r.score)).sum();
        let losses = results.iter().filter(|r| !r.won).count();
        let mut times: Vec<f64> = results.iter().map(|r| r.micros).collect();
        times.sort_by(f64::total_cmp);
        let per_game = |x: f64| if games == 0 { 0.0 } else { x / games as f64 };
        RunSummary {
            games,
            total_score,
            average_score: per_game(total_score as f64),
            losses,
            loss_percent: per_game(100.0 * losses as f64),
            mean_micros: per_game(times.iter().sum()),
            median_micros: percentile(&times, 0.5),
            p99_micros: percentile(&times, 0.99),
            setup_ms: setup.as_secs_f64() * 1e3,
            wall_ms: wall.as_secs_f64() * 1e3,
        }
    }
}

/// The nearest-rank percentile of sorted values (0 for none).
fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_statistics() {
        let r = |score, won, micros| GameResult {
            word: "x".into(),
            score,
            won,
            wrong_guesses: 0,
            guesses: 1,
            micros,
            transcript: vec![],
        };
        let results = [
            r(4, true, 1.0),
            r(25, false, 3.0),
            r(7, true, 2.0),
            r(8, true, 10.0),
        ];
        let s = RunSummary::new(&results, Duration::from_millis(5), Duration::from_millis(1));
        assert_eq!(s.total_score, 44);
        assert_eq!(s.average_score, 11.0);
        assert_eq!(s.losses, 1);
        assert_eq!(s.loss_percent, 25.0);
        assert_eq!(s.mean_micros, 4.0);
        assert_eq!(s.median_micros, 2.0);
        assert_eq!(s.p99_micros, 10.0);
        assert_eq!(s.setup_ms, 5.0);
    }
}
