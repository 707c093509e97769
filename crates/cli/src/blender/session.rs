//! What both front ends share: the game settings, starting a game, the daily share line
//! and recording a finished game in the high-score table.

use std::path::PathBuf;
use std::time::Duration;

use blender::{Clock, Deal, Difficulty, Game, HighScores, RoundGenerator, ScoreEntry, ScoresError};
use rand::SeedableRng;
use rand_pcg::Pcg64;

use super::PlayArgs;
use wordplay_cli::export::blender::Dealing;

/// The settings of a game, resolved from the command line.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Seed of the deals (printed so a game can be replayed).
    pub seed: u64,
    /// The daily puzzle's date, if this is one.
    pub daily: Option<String>,
    /// The difficulty.
    pub difficulty: Difficulty,
    /// Time per round.
    pub time_limit: Duration,
    /// The high-score file.
    pub scores: PathBuf,
    /// The name given with `--name`.
    pub name: Option<String>,
    /// The name offered when none was given: `$USER`, else `player`.
    pub default_name: String,
}

impl Settings {
    /// Resolves the defaults (data directory, `$USER`) and checks that the high-score file
    /// can be used, so that a bad `--scores` is an error before the game, not after it.
    pub(crate) fn new(args: &PlayArgs, dealing: Dealing) -> anyhow::Result<Settings> {
        let scores = match &args.scores {
            Some(p) => p.clone(),
            None => blender::default_path().map_err(scores_hint)?,
        };
        HighScores::check(&scores).map_err(scores_hint)?;
        let default_name = std::env::var("USER")
            .ok()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "player".to_string());
        Ok(Settings {
            seed: dealing.seed,
            daily: dealing.daily,
            difficulty: dealing.difficulty,
            time_limit: super::round_time(args, dealing.difficulty),
            scores,
            name: args.name.clone().filter(|n| !n.trim().is_empty()),
            default_name,
        })
    }

    /// The name to record when the player is not asked.
    pub(crate) fn name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.default_name)
    }

    /// What the game is, for titles: `seed 7, normal` or `daily 2026-05-14`.
    pub(crate) fn describe(&self) -> String {
        match &self.daily {
            Some(date) => format!("daily {date}"),
            None => format!("seed {}, {}", self.seed, self.difficulty.name()),
        }
    }
}

/// Starts the game the settings describe (one round for the daily puzzle).
pub(crate) fn new_game<'d, C: Clock>(
    generator: RoundGenerator<'d>,
    clock: C,
    settings: &Settings,
) -> Game<'d, C> {
    let game = Game::new(generator, clock, settings.seed, settings.time_limit);
    if settings.daily.is_some() {
        game.single_round()
    } else {
        game
    }
}

/// The first round a game seeded with `seed` deals (as [`Game::new`] deals it).
pub(crate) fn first_deal(generator: &RoundGenerator<'_>, seed: u64) -> Deal {
    generator.deal(&mut Pcg64::seed_from_u64(seed))
}

/// The daily puzzle's result without the answers (see [`Game::share_line`]).
pub(crate) fn share_line<C: Clock>(game: &Game<'_, C>, date: &str) -> String {
    game.share_line(&format!("daily {date}"))
}

/// How recording a game went, in lines to show the player.
#[derive(Clone, Debug, Default)]
pub(crate) struct Saved {
    /// What to show.
    pub lines: Vec<String>,
    /// The game's place in the table (1-based), if it made it.
    pub rank: Option<usize>,
    /// Whether saving failed (the program then exits with code 1).
    pub failed: bool,
}

/// Whether a game of `score` would make the table as it is now (so the UI asks for a
/// name). A table that cannot be read counts as empty: recording will say what is wrong.
pub(crate) fn makes_the_table(settings: &Settings, score: u32) -> bool {
    score > 0
        && HighScores::load(&settings.scores)
            .map_or(Some(1), |t| t.rank_of(score))
            .is_some()
}

/// Records a finished game under `name` in the high-score table; the lines say how it went
/// and list the table.
pub(crate) fn record(settings: &Settings, name: &str, score: u32, rounds: u32) -> Saved {
    if score == 0 {
        return Saved {
            lines: vec!["no points, so no high score recorded".to_string()],
            ..Saved::default()
        };
    }
    let when = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut entry = ScoreEntry::new(name.trim(), score, rounds, when);
    if let Some(date) = &settings.daily {
        entry.other.insert("daily".into(), date.clone().into());
    }
    let recorded = match HighScores::record(&settings.scores, entry) {
        Ok(r) => r,
        Err(e) => {
            return Saved {
                lines: vec![format!("high score NOT saved: {:#}", scores_hint(e))],
                rank: None,
                failed: true,
            };
        }
    };
    let mut lines = Vec::new();
    if let Some(aside) = &recorded.set_aside {
        lines.push(format!(
            "the high-score file {} was not a table; it was copied to {} and a new table started",
            settings.scores.display(),
            aside.display()
        ));
    }
    lines.push(match recorded.rank {
        Some(rank) => format!("high score #{rank}! saved to {}", settings.scores.display()),
        None => "not a high score this time".to_string(),
    });
    lines.push("high scores:".to_string());
    lines.extend(table_lines(&recorded.scores));
    Saved {
        lines,
        rank: recorded.rank,
        failed: false,
    }
}

/// The table, one line per entry: rank, name, score, rounds (or the daily puzzle's date).
pub(crate) fn table_lines(scores: &HighScores) -> Vec<String> {
    scores
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let what = match e.other.get("daily").and_then(|d| d.as_str()) {
                Some(date) => format!("daily {date}"),
                None => plural(e.rounds as usize, "round"),
            };
            format!("{:>3}. {:<16} {:>6}  ({what})", i + 1, e.name, e.score)
        })
        .collect()
}

/// `1 word`, `2 words`.
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Whole seconds left, rounded up (a timer shows 120 until a full second has passed).
pub(crate) fn seconds_left(left: std::time::Duration) -> u64 {
    left.as_millis().div_ceil(1000) as u64
}

/// `e`, with the flag that picks another high-score file where that is the way out (the
/// library's errors do not know the command line).
fn scores_hint(e: ScoresError) -> anyhow::Error {
    match e {
        ScoresError::NotAFile { .. } => anyhow::anyhow!("{e} (use --scores with a file name)"),
        ScoresError::NoDataDir => anyhow::anyhow!("{e}; use --scores FILE"),
        e => e.into(),
    }
}
