//! What both front ends share: the game settings, starting a game, the daily share line
//! and recording a finished game in the high-score table.

use std::sync::Arc;
use std::time::Duration;

use blender::{Clock, Deal, Difficulty, Game, RoundGenerator};
use rand::SeedableRng;
use rand_pcg::Pcg64;
use wordplay_scores::{BlenderScore, DailyResult, Store, StoreError};

use super::args::{BlenderPlayArgs, round_time};
use crate::export::blender::Dealing;

/// The settings of a game, resolved from the command line.
#[derive(Clone, Debug)]
pub(crate) struct BlenderSettings {
    /// Seed of the deals (printed so a game can be replayed).
    pub seed: u64,
    /// The daily puzzle's date, if this is one.
    pub daily: Option<String>,
    /// The difficulty.
    pub difficulty: Difficulty,
    /// Time per round.
    pub time_limit: Duration,
    /// The scores store (shared with `wordplay serve`).
    pub store: Arc<Store>,
    /// The name given with `--name`.
    pub name: Option<String>,
    /// The name offered when none was given: `$USER`, else `player`.
    pub default_name: String,
}

impl BlenderSettings {
    /// Resolves the defaults (data directory, `$USER`) and opens the scores store, so that
    /// a bad `--scores` is an error before the game, not after it.
    pub(crate) fn new(args: &BlenderPlayArgs, dealing: Dealing) -> anyhow::Result<BlenderSettings> {
        let store = wordplay_scores::open(args.scores.as_deref()).map_err(scores_hint)?;
        let default_name = std::env::var("USER")
            .ok()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "player".to_string());
        Ok(BlenderSettings {
            seed: dealing.seed,
            daily: dealing.daily,
            difficulty: dealing.difficulty,
            time_limit: round_time(args, dealing.difficulty),
            store: Arc::new(store),
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
    settings: &BlenderSettings,
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
    game.share_line(&blender::daily_label(date))
}

/// How recording a game went, in lines to show the player.
#[derive(Clone, Debug, Default)]
pub(crate) struct SavedGame {
    /// What to show.
    pub lines: Vec<String>,
    /// The game's place in the table (1-based), if it made it.
    pub rank: Option<usize>,
    /// Whether saving failed (the program then exits with code 1).
    pub failed: bool,
}

/// Whether a game of `score` would make the table as it is now (so the UI asks for a
/// name). A table that cannot be read counts as made: recording will say what is wrong.
pub(crate) fn makes_the_table(settings: &BlenderSettings, score: u32) -> bool {
    score > 0 && settings.store.makes_top(score).unwrap_or(true)
}

/// Records a finished game under `name` in the high-score table; the lines say how it went
/// and list the table.
pub(crate) fn record<C: Clock>(
    settings: &BlenderSettings,
    name: &str,
    game: &Game<'_, C>,
) -> SavedGame {
    let (score, rounds) = (game.score(), game.rounds_won());
    if score == 0 {
        return SavedGame {
            lines: vec!["no points, so no high score recorded".to_string()],
            ..SavedGame::default()
        };
    }
    let added =
        match settings
            .store
            .add_blender(name.trim(), score, rounds, settings.daily.as_deref())
        {
            Ok(added) => added,
            Err(e) => {
                return SavedGame {
                    lines: vec![format!(
                        "high score NOT saved: {:#}",
                        anyhow::Error::from(e)
                    )],
                    rank: None,
                    failed: true,
                };
            }
        };
    let daily = match &settings.daily {
        Some(date) => match record_daily(settings, name, date, game) {
            Ok(line) => line,
            Err(e) => {
                return SavedGame {
                    lines: vec![format!(
                        "daily result NOT saved: {:#}",
                        anyhow::Error::from(e)
                    )],
                    rank: added.rank,
                    failed: true,
                };
            }
        },
        None => None,
    };
    let mut lines = vec![match added.rank {
        Some(rank) => format!(
            "high score #{rank}! saved to {}",
            settings.store.path().display()
        ),
        None => "not a high score this time".to_string(),
    }];
    lines.extend(daily);
    lines.push("high scores:".to_string());
    lines.extend(table_lines(&added.top));
    SavedGame {
        lines,
        rank: added.rank,
        failed: false,
    }
}

/// Records a daily puzzle's result (won: a six-letter word found, as on the web page), so
/// its statistics and streaks count terminal and web games alike; the line shows them and
/// says when the game did not count (another date than the player's own, or played before).
fn record_daily<C: Clock>(
    settings: &BlenderSettings,
    name: &str,
    date: &str,
    game: &Game<'_, C>,
) -> Result<Option<String>, StoreError> {
    let Some(puzzle) = blender::daily_number(date) else {
        // A date before the first numbered puzzle: a score, but no daily result.
        return Ok(None);
    };
    let counted = settings.store.record_daily(&DailyResult {
        game: "blender".into(),
        date: date.to_string(),
        puzzle,
        player: name.trim().to_string(),
        won: game.rounds_won() > 0,
        score: game.score(),
        share: share_line(game, date),
        finished: true,
    })?;
    let today = jiff::ZonedDateTime::now().date();
    let open = date
        .parse()
        .is_ok_and(|d| wordplay_scores::daily_is_open(d, wordplay_scores::utc_today()));
    let note = match (counted, open) {
        (true, _) => "",
        (false, true) => " not counted (played before);",
        (false, false) => " not counted (only today's puzzle counts);",
    };
    let s = settings
        .store
        .daily_stats("blender", name.trim(), &today.to_string())?;
    Ok(Some(format!(
        "daily puzzle #{puzzle}:{note} {} played, {} won, current streak {}, max streak {}",
        s.played, s.won, s.current_streak, s.max_streak
    )))
}

/// The table, one line per entry: rank, name, score, rounds (or the daily puzzle's date).
pub(crate) fn table_lines(scores: &[BlenderScore]) -> Vec<String> {
    scores
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let what = match &e.daily {
                Some(date) => format!("daily {date}"),
                None => plural(e.rounds as usize, "round"),
            };
            format!("{:>3}. {:<16} {:>6}  ({what})", i + 1, e.name, e.score)
        })
        .collect()
}

pub(crate) use crate::export::units::plural;

/// Whole seconds left, rounded up (a timer shows 120 until a full second has passed).
pub(crate) fn seconds_left(left: std::time::Duration) -> u64 {
    left.as_millis().div_ceil(1000) as u64
}

/// `e`, with the flag that picks another store where that is the way out (the library's
/// errors do not know the command line).
fn scores_hint(e: StoreError) -> anyhow::Error {
    match e {
        StoreError::NotAFile { .. } => anyhow::anyhow!("{e} (use --scores with a file name)"),
        StoreError::NoDataDir => anyhow::anyhow!("{e}; use --scores FILE"),
        e => e.into(),
    }
}
