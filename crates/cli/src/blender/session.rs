//! What both front ends share: the game settings and recording a finished game.

use std::path::PathBuf;
use std::time::Duration;

use blender::{HighScores, ScoreEntry};

use super::PlayArgs;

/// The settings of a game, resolved from the command line.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Seed of the deals (printed so a game can be replayed).
    pub seed: u64,
    /// Time per round.
    pub time_limit: Duration,
    /// The high-score file.
    pub scores: PathBuf,
    /// The player's name in the table.
    pub name: String,
}

impl Settings {
    /// Resolves the defaults (data directory, `$USER`).
    pub(crate) fn new(args: &PlayArgs, seed: u64) -> anyhow::Result<Settings> {
        let scores = match &args.scores {
            Some(p) => p.clone(),
            None => {
                blender::default_path().map_err(|e| anyhow::anyhow!("{e}; use --scores FILE"))?
            }
        };
        let name = args
            .name
            .clone()
            .or_else(|| std::env::var("USER").ok())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "player".to_string());
        Ok(Settings {
            seed,
            time_limit: super::round_time(args),
            scores,
            name,
        })
    }
}

/// Records a finished game in the high-score table; returns the lines to show the player.
/// Problems with the file are reported in those lines, never fatal: the game is over anyway.
pub(crate) fn record(settings: &Settings, score: u32, rounds: u32) -> Vec<String> {
    let mut lines = Vec::new();
    if score == 0 {
        lines.push("no points, so no high score recorded".to_string());
        return lines;
    }
    let loaded = match HighScores::load(&settings.scores) {
        Ok(l) => l,
        Err(e) => {
            lines.push(format!("high scores not saved: {e}"));
            return lines;
        }
    };
    if let Some(aside) = &loaded.set_aside {
        lines.push(format!(
            "the high-score file {} was corrupt; it was moved to {} and a new table started",
            settings.scores.display(),
            aside.display()
        ));
    }
    let mut table = loaded.scores;
    let when = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let rank = table.add(ScoreEntry {
        name: settings.name.clone(),
        score,
        rounds,
        when,
    });
    match rank {
        Some(rank) => match table.save(&settings.scores) {
            Ok(()) => lines.push(format!(
                "high score #{rank}! saved to {}",
                settings.scores.display()
            )),
            Err(e) => lines.push(format!("high scores not saved: {e}")),
        },
        None => lines.push("not a high score this time".to_string()),
    }
    lines.push("high scores:".to_string());
    for (i, e) in table.entries.iter().enumerate() {
        lines.push(format!(
            "{:>3}. {:<16} {:>6}  ({} round{})",
            i + 1,
            e.name,
            e.score,
            e.rounds,
            if e.rounds == 1 { "" } else { "s" }
        ));
    }
    lines
}

/// Whole seconds left, rounded up (a timer shows 120 until a full second has passed).
pub(crate) fn seconds_left(left: std::time::Duration) -> u64 {
    left.as_millis().div_ceil(1000) as u64
}
