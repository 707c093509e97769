//! Word Blender over HTTP: seeded and daily games, words, hints, shuffles, the end of a
//! round, high scores and daily statistics in the shared store.
//!
//! The daily puzzle is one attempt per player and date, as Wordle players know it: the
//! attempt is recorded in the store when it starts and its result as it goes and at its end
//! (nothing to save or to skip); a player's later games of that date are replays, marked
//! so and never recorded; only the player's own date (within a day of UTC's) can be
//! played, and its rack is the one that date deals.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use blender::{Difficulty, Feedback, Slot};
use serde::{Deserialize, Serialize};
use wordplay_scores::check_name;

use crate::app::{App, blocking};
use crate::blender_state::{Daily, Session};
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
    /// The daily puzzle of this date (`YYYY-MM-DD`, the player's date: UTC's, the day
    /// before or the day after; or `today`, UTC's date).
    #[serde(default)]
    daily: Option<String>,
    /// Who plays: the finished game goes into the high-score table under this name. The
    /// daily puzzle needs one (one attempt per player and date).
    #[serde(default)]
    player: Option<String>,
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
    /// A daily puzzle played again after the player's attempt: never recorded.
    replay: bool,
    /// The spoiler-free result line, once a daily puzzle is over.
    share: Option<String>,
    /// Who plays (the name the game is recorded under).
    player: Option<String>,
    /// Whether the finished game is recorded (its score in the table, a daily's result).
    saved: bool,
    /// Whether the game is over with points and no name to record them under: give one
    /// with `POST /api/blender/{id}/save`.
    needs_name: bool,
}

fn view(id: &str, s: &mut Session) -> View {
    s.tick();
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
    let share = s.share().filter(|_| s.game.is_over());
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
        daily: s.daily.as_ref().map(|d| d.date.clone()),
        puzzle: s.daily.as_ref().map(|d| d.puzzle),
        replay: s.daily.as_ref().is_some_and(|d| !d.counted),
        share,
        player: s.player.clone(),
        saved: s.saved,
        needs_name: s.needs_name(),
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

/// The date of a daily puzzle and its number: a date that is some player's today
/// (`today` is UTC's).
fn daily(text: &str) -> Result<(String, u32), ApiError> {
    let utc = wordplay_scores::utc_today();
    let date: jiff::civil::Date = if text == "today" {
        utc
    } else {
        text.parse()
            .map_err(|e| ApiError::bad(format!("{text:?} is not a date YYYY-MM-DD: {e}")))?
    };
    if !wordplay_scores::daily_is_open(date, utc) {
        return Err(ApiError::bad(format!(
            "the daily puzzle of {date} cannot be played: only today's, the player's own \
             date (UTC's is {utc})"
        )));
    }
    let number = blender::daily_number(&date.to_string()).ok_or_else(|| {
        ApiError::bad(format!(
            "there is no daily puzzle for {date}: they run from {}",
            blender::FIRST_DAILY
        ))
    })?;
    Ok((date.to_string(), number))
}

/// A name given with a request: `None` when empty, else checked.
fn player(name: Option<&str>) -> Result<Option<String>, ApiError> {
    name.filter(|n| !n.trim().is_empty())
        .map(check_name)
        .transpose()
        .map_err(ApiError::from)
}

/// `POST /api/blender`: a new game (seeded, or the daily puzzle).
pub(crate) async fn create(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Json<View>, ApiError> {
    let daily = req.daily.as_deref().map(daily).transpose()?;
    let player = player(req.player.as_deref())?;
    if daily.is_some() && (req.seed.is_some() || req.difficulty.is_some()) {
        return Err(ApiError::bad(
            "the daily puzzle has its own seed and difficulty: give \"daily\" alone",
        ));
    }
    if daily.is_some() && player.is_none() {
        return Err(ApiError::bad(
            "the daily puzzle needs a player name: one attempt per player a day",
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
    let shown = blocking(move || {
        // The attempt is recorded as it starts: only the first of a date counts.
        let daily = match daily {
            Some((date, puzzle)) => {
                let name = player.as_deref().expect("checked above");
                let counted = app.store.start_daily("blender", &date, puzzle, name)?;
                Some(Daily {
                    date,
                    puzzle,
                    counted,
                })
            }
            None => None,
        };
        let mut session = Session::new(&app.kit(), difficulty, seed, daily, player);
        let shown = view("", &mut session);
        let (id, _) = app.insert(session)?;
        Ok(View { id, ..shown })
    })
    .await?;
    Ok(Json(shown))
}

/// Runs `act` on the game `id` (it says what it gives and whether it changed the game),
/// then settles the game (records in the store what its state asks, [`Session::settle`]),
/// keeps it, and shows it as it then is: all under the game's lock.
async fn act<T: Send + 'static>(
    app: Arc<App>,
    id: String,
    act: impl FnOnce(&mut Session) -> Result<(T, bool), ApiError> + Send + 'static,
) -> Result<(T, View), ApiError> {
    let game = app.find::<Session>(&id).await?;
    blocking(move || {
        let mut s = game.lock_ignoring_poison();
        let (out, changed) = act(&mut s)?;
        let settled = s.settle(&app.store, changed)?;
        if changed || settled {
            app.save(&id, &*s)?;
        }
        Ok((out, view(&id, &mut s)))
    })
    .await
}

/// `GET /api/blender/{id}`: the game now (the timer ends the round when it runs out).
pub(crate) async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let ((), shown) = act(app, id, |_| Ok(((), false))).await?;
    Ok(Json(shown))
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

fn played((feedback, game): (Feedback, View)) -> Played {
    let (result, points) = match &feedback {
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
        game,
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
    act(app, id, move |s| {
        let feedback = s.guess(&word);
        let found = matches!(feedback, Feedback::Found { .. });
        Ok((feedback, found))
    })
    .await
    .map(|done| Json(played(done)))
}

/// `POST /api/blender/{id}/hint`: reveals a letter of a missing word (costs time).
pub(crate) async fn hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Played>, ApiError> {
    act(app, id, |s| {
        let feedback = s.hint();
        let hinted = matches!(feedback, Feedback::Hint { .. });
        Ok((feedback, hinted))
    })
    .await
    .map(|done| Json(played(done)))
}

/// `POST /api/blender/{id}/shuffle`.
pub(crate) async fn shuffle(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Played>, ApiError> {
    act(app, id, |s| {
        let feedback = s.shuffle();
        let shuffled = feedback == Feedback::Shuffled;
        Ok((feedback, shuffled))
    })
    .await
    .map(|done| Json(played(done)))
}

/// `POST /api/blender/{id}/end`: ends the round now.
pub(crate) async fn end(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let ((), shown) = act(app, id, |s| Ok(((), s.end()))).await?;
    Ok(Json(shown))
}

/// `POST /api/blender/{id}/next`: the next round, after one won with a six-letter word.
pub(crate) async fn next(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let ((), shown) = act(app, id, |s| {
        if !s.next() {
            return Err(ApiError::bad(
                "no next round: the round is still on, or the game is over",
            ));
        }
        Ok(((), true))
    })
    .await?;
    Ok(Json(shown))
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
}

/// `POST /api/blender/{id}/save`: records a finished game begun without a player under
/// the name given (once; a game with a player, the daily puzzle always, is recorded at its
/// end without it).
pub(crate) async fn save(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<SaveBody>,
) -> Result<Json<Saved>, ApiError> {
    let name = check_name(&body.name)?;
    let store = app.store.clone();
    act(app, id, move |s| {
        s.tick();
        if !s.game.is_over() {
            return Err(ApiError::bad("the game is not over yet"));
        }
        if s.daily.is_some() {
            return Err(ApiError::bad(
                "a daily puzzle is recorded at its end under the name it began with",
            ));
        }
        if s.saved {
            return Err(ApiError::bad("this game is already saved"));
        }
        if s.game.score() == 0 {
            return Err(ApiError::bad("no points: nothing to save"));
        }
        s.player = Some(name.clone());
        if !s.settle(&store, false)? {
            return Err(ApiError::internal("the game could not be recorded"));
        }
        let top = store.blender_top(wordplay_scores::KEEP)?;
        let rank = top
            .iter()
            .position(|e| e.name == name && e.score == s.game.score())
            .map(|p| p + 1);
        Ok((Saved { rank, top }, true))
    })
    .await
    .map(|(saved, _)| Json(saved))
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

/// `GET /api/blender/daily/stats?player=NAME&date=D`.
#[derive(Deserialize)]
pub(crate) struct StatsQuery {
    player: String,
    /// The player's date (streaks end on it); UTC's if absent.
    #[serde(default)]
    date: Option<String>,
}

/// `GET /api/blender/daily/stats`: a player's daily statistics and streaks.
pub(crate) async fn daily_stats(
    State(app): State<Arc<App>>,
    Query(q): Query<StatsQuery>,
) -> Result<Json<wordplay_scores::DailyStats>, ApiError> {
    let store = app.store.clone();
    // The player's own date when given (streaks end on it), else UTC's.
    let today = match q.date {
        Some(date) => daily(&date)?.0,
        None => wordplay_scores::utc_today().to_string(),
    };
    Ok(Json(
        blocking(move || Ok(store.daily_stats("blender", &q.player, &today)?)).await?,
    ))
}

/// `GET /api/blender/daily?date=D&player=P`.
#[derive(Deserialize)]
pub(crate) struct TodayQuery {
    /// The player's date (`today`: UTC's).
    date: String,
    /// Whose attempt to look up.
    #[serde(default)]
    player: Option<String>,
}

/// Today's puzzle for a player: its number, and their attempt at it if they made one.
#[derive(Serialize)]
pub(crate) struct Today {
    date: String,
    puzzle: u32,
    /// The player's attempt (its result so far, or final once `finished`): a new game of
    /// this date is then a replay.
    attempt: Option<wordplay_scores::DailyResult>,
}

/// `GET /api/blender/daily`: the puzzle of the player's date and whether they played it.
pub(crate) async fn today(
    State(app): State<Arc<App>>,
    Query(q): Query<TodayQuery>,
) -> Result<Json<Today>, ApiError> {
    let (date, puzzle) = daily(&q.date)?;
    let player = player(q.player.as_deref())?;
    let store = app.store.clone();
    blocking(move || {
        let attempt = match &player {
            Some(p) => store.daily_result("blender", p, &date)?,
            None => None,
        };
        Ok(Today {
            date,
            puzzle,
            attempt,
        })
    })
    .await
    .map(Json)
}
