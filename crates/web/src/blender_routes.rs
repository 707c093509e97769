//! Word Blender over HTTP: seeded and daily games, words, hints, shuffles, the end of a
//! round, high scores and daily statistics in the shared store.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use blender::{Difficulty, Feedback, Game, Slot, SystemClock};
use serde::{Deserialize, Serialize};

use crate::app::{App, blocking};
use crate::blender_state::Session;
use crate::error::{ApiError, ApiJson};
use crate::games::LockIgnoringPoison;

/// `POST /api/blender`.
#[derive(Deserialize)]
pub(crate) struct NewGame {
    /// `easy`, `normal` (default) or `hard`; the daily puzzle is always `normal`.
    #[serde(default)]
    difficulty: Option<String>,
    /// Seed of the deals (random if absent).
    #[serde(default)]
    seed: Option<u64>,
    /// The daily puzzle of this date (`YYYY-MM-DD`, or `today`, the server's date).
    #[serde(default)]
    daily: Option<String>,
}

/// One slot of the board.
#[derive(Serialize)]
pub(crate) struct SlotView {
    /// `found`, `hinted`, `blank` or `missed`.
    state: &'static str,
    /// The word (found or missed), or the letters a hint revealed.
    text: String,
    length: usize,
}

/// The slots of one word length.
#[derive(Serialize)]
pub(crate) struct GroupView {
    length: usize,
    slots: Vec<SlotView>,
}

/// A game as the API shows it.
#[derive(Serialize)]
pub(crate) struct View {
    id: String,
    /// The rack as displayed (shuffles change it).
    letters: String,
    difficulty: &'static str,
    seed: u64,
    round: u32,
    score: u32,
    rounds_won: u32,
    time_left_ms: u64,
    found: usize,
    required: usize,
    groups: Vec<GroupView>,
    bonus: Vec<String>,
    round_over: bool,
    /// Whether the round's six-letter word was found (the player goes on).
    advances: bool,
    game_over: bool,
    /// Missed words, once the round is over.
    missed: Vec<String>,
    daily: Option<String>,
    puzzle: Option<u32>,
    /// The spoiler-free result line, once a daily puzzle is over.
    share: Option<String>,
    /// Whether the game's score was saved to the table.
    saved: bool,
}

fn view(id: &str, s: &mut Session) -> View {
    s.game.tick();
    let round = s.game.round();
    let (found, required) = round.progress();
    let summary = s.game.summary();
    let groups = round
        .slots()
        .into_iter()
        .map(|g| GroupView {
            length: g.length,
            slots: g
                .slots
                .into_iter()
                .map(|slot| match slot {
                    Slot::Found(w) => SlotView {
                        state: "found",
                        length: w.len(),
                        text: w,
                    },
                    Slot::Hinted { prefix, length } => SlotView {
                        state: "hinted",
                        text: prefix,
                        length,
                    },
                    Slot::Blank(length) => SlotView {
                        state: "blank",
                        text: String::new(),
                        length,
                    },
                    Slot::Missed(w) => SlotView {
                        state: "missed",
                        length: w.len(),
                        text: w,
                    },
                })
                .collect(),
        })
        .collect();
    let share = match (&s.daily, s.game.is_over()) {
        (Some((date, _)), true) => Some(s.game.share_line(&blender::daily_label(date))),
        _ => None,
    };
    View {
        id: id.to_string(),
        letters: round.letters(),
        difficulty: s.difficulty.name(),
        seed: s.seed,
        round: s.game.round_number(),
        score: s.game.score(),
        rounds_won: s.game.rounds_won(),
        time_left_ms: s.game.time_left().as_millis() as u64,
        found,
        required,
        groups,
        bonus: round.bonus_found().to_vec(),
        round_over: summary.is_some(),
        advances: summary.as_ref().is_some_and(|s| s.advances),
        game_over: s.game.is_over(),
        missed: summary.map(|s| s.missed).unwrap_or_default(),
        daily: s.daily.as_ref().map(|d| d.0.clone()),
        puzzle: s.daily.as_ref().map(|d| d.1),
        share,
        saved: s.saved,
    }
}

fn difficulty(name: Option<&str>) -> Result<Difficulty, ApiError> {
    match name {
        None => Ok(Difficulty::Normal),
        Some(n) => Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == n)
            .ok_or_else(|| {
                ApiError::bad(format!("unknown difficulty {n:?}: easy, normal or hard"))
            }),
    }
}

/// The date of a daily puzzle and its number.
fn daily(text: &str) -> Result<(String, u32), ApiError> {
    let date: jiff::civil::Date = if text == "today" {
        jiff::ZonedDateTime::now().date()
    } else {
        text.parse()
            .map_err(|e| ApiError::bad(format!("{text:?} is not a date YYYY-MM-DD: {e}")))?
    };
    let tomorrow = jiff::ZonedDateTime::now().date().tomorrow().unwrap_or(date);
    let number = blender::daily_number(&date.to_string()).filter(|_| date <= tomorrow);
    number.map(|n| (date.to_string(), n)).ok_or_else(|| {
        ApiError::bad(format!(
            "there is no daily puzzle for {date}: they run from {} to today",
            blender::FIRST_DAILY
        ))
    })
}

/// `POST /api/blender`: a new game (seeded, or the daily puzzle).
pub(crate) async fn create(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Json<View>, ApiError> {
    let daily = req.daily.as_deref().map(daily).transpose()?;
    if daily.is_some() && (req.seed.is_some() || req.difficulty.is_some()) {
        return Err(ApiError::bad(
            "the daily puzzle has its own seed and difficulty: give \"daily\" alone",
        ));
    }
    let difficulty = if daily.is_some() {
        Difficulty::Normal
    } else {
        difficulty(req.difficulty.as_deref())?
    };
    let seed = match &daily {
        Some((date, _)) => blender::daily_seed(date),
        None => req.seed.unwrap_or_else(rand::random),
    };
    let generator = app.generator(difficulty).clone();
    let game = Game::new(generator, SystemClock::default(), seed, difficulty.time());
    let game = if daily.is_some() {
        game.single_round()
    } else {
        game
    };
    let mut session = Session {
        game,
        difficulty,
        seed,
        daily,
        saved: false,
    };
    let shown = view("", &mut session);
    let (id, _) = app.blender.insert(session);
    Ok(Json(View { id, ..shown }))
}

/// `GET /api/blender/{id}`: the game now (the timer ends the round when it runs out).
pub(crate) async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let game = app.blender.find(&id)?;
    let mut s = game.lock_ignoring_poison();
    Ok(Json(view(&id, &mut s)))
}

/// `POST /api/blender/{id}/guess`.
#[derive(Deserialize)]
pub(crate) struct WordBody {
    word: String,
}

/// What became of a word, a hint or a shuffle.
#[derive(Serialize)]
pub(crate) struct Played {
    /// `found`, `already_found`, `too_short`, `letters_not_available`, `not_a_word`,
    /// `hint`, `no_hint`, `shuffled`, `time_up`, `round_over`.
    result: &'static str,
    /// What to tell the player.
    message: String,
    /// Points the word scored (bonuses included).
    points: u32,
    game: View,
}

fn played(id: &str, s: &mut Session, feedback: &Feedback) -> Played {
    let (result, points) = match feedback {
        Feedback::Found {
            points,
            time_bonus,
            all_found_bonus,
            ..
        } => (
            "found",
            points + time_bonus.unwrap_or(0) + all_found_bonus.unwrap_or(0),
        ),
        Feedback::AlreadyFound(_) => ("already_found", 0),
        Feedback::TooShort(_) => ("too_short", 0),
        Feedback::LettersNotAvailable(_) => ("letters_not_available", 0),
        Feedback::NotAWord(_) => ("not_a_word", 0),
        Feedback::Hint { .. } => ("hint", 0),
        Feedback::NoHint => ("no_hint", 0),
        Feedback::Shuffled => ("shuffled", 0),
        Feedback::TimeUp => ("time_up", 0),
        Feedback::RoundOver => ("round_over", 0),
    };
    Played {
        result,
        message: feedback.to_string(),
        points,
        game: view(id, s),
    }
}

/// `POST /api/blender/{id}/guess`: a word.
pub(crate) async fn guess(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<WordBody>,
) -> Result<Json<Played>, ApiError> {
    let word = body.word.trim().to_ascii_lowercase();
    if word.is_empty()
        || word.len() > blender::MAX_RACK
        || !word.bytes().all(|b| b.is_ascii_lowercase())
    {
        return Err(ApiError::bad(format!(
            "{:?} is not a word of 1 to {} letters a-z",
            body.word,
            blender::MAX_RACK
        )));
    }
    let game = app.blender.find(&id)?;
    let mut s = game.lock_ignoring_poison();
    let feedback = s.game.guess(&word);
    Ok(Json(played(&id, &mut s, &feedback)))
}

/// `POST /api/blender/{id}/hint`: reveals a letter of a missing word (costs time).
pub(crate) async fn hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Played>, ApiError> {
    let game = app.blender.find(&id)?;
    let mut s = game.lock_ignoring_poison();
    let feedback = s.game.hint();
    Ok(Json(played(&id, &mut s, &feedback)))
}

/// `POST /api/blender/{id}/shuffle`.
pub(crate) async fn shuffle(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Played>, ApiError> {
    let game = app.blender.find(&id)?;
    let mut s = game.lock_ignoring_poison();
    let feedback = s.game.shuffle();
    Ok(Json(played(&id, &mut s, &feedback)))
}

/// `POST /api/blender/{id}/end`: ends the round now.
pub(crate) async fn end(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let game = app.blender.find(&id)?;
    let mut s = game.lock_ignoring_poison();
    s.game.give_up();
    Ok(Json(view(&id, &mut s)))
}

/// `POST /api/blender/{id}/next`: the next round, after one won with a six-letter word.
pub(crate) async fn next(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let game = app.blender.find(&id)?;
    let mut s = game.lock_ignoring_poison();
    s.game.tick();
    if !s.game.next_round() {
        return Err(ApiError::bad(
            "no next round: the round is still on, or the game is over",
        ));
    }
    Ok(Json(view(&id, &mut s)))
}

/// `POST /api/blender/{id}/save`.
#[derive(Deserialize)]
pub(crate) struct SaveBody {
    name: String,
}

/// What saving a game did.
#[derive(Serialize)]
pub(crate) struct Saved {
    /// The game's place in the table, if it made it.
    rank: Option<usize>,
    top: Vec<wordplay_scores::BlenderScore>,
    /// For the daily puzzle: the player's statistics after it.
    daily_stats: Option<wordplay_scores::DailyStats>,
}

/// `POST /api/blender/{id}/save`: records a finished game under a name (once).
pub(crate) async fn save(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<SaveBody>,
) -> Result<Json<Saved>, ApiError> {
    if body.name.trim().is_empty() {
        return Err(ApiError::bad("a name is needed to save a score"));
    }
    let game = app.blender.find(&id)?;
    let (score, rounds, daily, share, won) = {
        let mut s = game.lock_ignoring_poison();
        s.game.tick();
        if !s.game.is_over() {
            return Err(ApiError::bad("the game is not over yet"));
        }
        if s.saved {
            return Err(ApiError::bad("this game is already saved"));
        }
        s.saved = true;
        let share = s
            .daily
            .as_ref()
            .map(|(date, _)| s.game.share_line(&blender::daily_label(date)));
        (
            s.game.score(),
            s.game.rounds_won(),
            s.daily.clone(),
            share,
            s.game.rounds_won() > 0,
        )
    };
    let store = app.store.clone();
    let saved = blocking(move || {
        let added = store.add_blender(
            &body.name,
            score,
            rounds,
            daily.as_ref().map(|d| d.0.as_str()),
        )?;
        let daily_stats = match daily {
            Some((date, puzzle)) => {
                store.record_daily(&wordplay_scores::DailyResult {
                    game: "blender".into(),
                    date,
                    puzzle,
                    player: body.name.clone(),
                    won,
                    score,
                    share: share.unwrap_or_default(),
                })?;
                let today = jiff::ZonedDateTime::now().date().to_string();
                Some(store.daily_stats("blender", &body.name, &today)?)
            }
            None => None,
        };
        Ok(Saved {
            rank: added.rank,
            top: added.top,
            daily_stats,
        })
    })
    .await?;
    Ok(Json(saved))
}

/// `GET /api/blender/scores`: the high-score table.
pub(crate) async fn scores(
    State(app): State<Arc<App>>,
) -> Result<Json<Vec<wordplay_scores::BlenderScore>>, ApiError> {
    let store = app.store.clone();
    Ok(Json(
        blocking(move || Ok(store.blender_top(wordplay_scores::KEEP)?)).await?,
    ))
}

/// `GET /api/blender/daily/stats?player=NAME`.
#[derive(Deserialize)]
pub(crate) struct StatsQuery {
    player: String,
}

/// `GET /api/blender/daily/stats`: a player's daily statistics and streaks.
pub(crate) async fn daily_stats(
    State(app): State<Arc<App>>,
    Query(q): Query<StatsQuery>,
) -> Result<Json<wordplay_scores::DailyStats>, ApiError> {
    let store = app.store.clone();
    let today = jiff::ZonedDateTime::now().date().to_string();
    Ok(Json(
        blocking(move || Ok(store.daily_stats("blender", &q.player, &today)?)).await?,
    ))
}
