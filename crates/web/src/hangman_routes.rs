//! Hangman over HTTP against a referee: games against the fair and cheating referees,
//! their hints, the proven verdict before a game, and the players' tallies. The reversed role
//! (the computer guesses the player's word) is in `reverse_routes.rs`.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::{Path, Query, State};
use hangman::hint::{HintOptions, check_word_guess};
use hangman::referee::{Evil, RefereeKind};
use hangman::solve::{Progress, SolveOptions};
use hangman::suggest::Snapshot;
use hangman::{Fair, Game, GameError, Guess, Outcome, Status, candidates};
use lexicon::{Letter, Lexicon};
use serde::{Deserialize, Serialize};

use crate::app::{App, blocking};
use crate::error::{ApiError, ApiJson};
use crate::games::LockIgnoringPoison;
use crate::hangman_common::{board_of, check_lives, letters};
use crate::hangman_state::{Hint, Play, Session, Value, Verdict};
use crate::hint_cache::Words;

/// How many of the words still alive a finished game lists.
const SHOW_ALIVE: usize = 60;

/// A hint lists the words still possible when at most this many are.
const HINT_WORDS: usize = 12;

/// `POST /api/hangman`.
#[derive(Deserialize)]
pub(crate) struct NewGame {
    length: usize,
    lives: u32,
    #[serde(default = "fair")]
    referee: String,
    /// Whose win or loss to count in the store.
    #[serde(default)]
    player: Option<String>,
}

fn fair() -> String {
    "fair".to_string()
}

/// The words a finished game still had alive.
#[derive(Serialize)]
pub(crate) struct Alive {
    count: usize,
    words: Vec<String>,
}

/// A game as the API shows it.
#[derive(Serialize)]
pub(crate) struct View {
    id: String,
    referee: &'static str,
    length: usize,
    lives: u32,
    /// The board, `_` for an unknown letter.
    board: String,
    lives_left: u32,
    /// Wrong letters, in the order of the alphabet.
    wrong: String,
    wrong_words: Vec<String>,
    /// Every letter guessed.
    guessed: String,
    over: bool,
    won: bool,
    /// The running score (letters guessed plus wrong guesses; 25 for a loss).
    score: u32,
    /// Once over: the word (for a cheating referee, one it still held).
    word: Option<String>,
    /// Once over: the words the referee still held.
    alive: Option<Alive>,
    /// The optimal referee's proven bounds on the misses still to come after its last
    /// answer (exact when `lower == upper`); `null` for other referees and before a guess.
    value: Option<Value>,
}

fn view(app: &App, id: &str, s: &Session) -> View {
    let state = s.state();
    let over = state.status() != Status::KeepGuessing;
    let alive = over.then(|| {
        let bucket = app.lexicon.bucket(state.length());
        let family = match &s.play {
            Play::Evil(g) => g.referee().family().to_vec(),
            Play::Fair(_) => candidates::consistent(bucket, state),
        };
        Alive {
            count: family.len(),
            words: family
                .iter()
                .take(SHOW_ALIVE)
                .map(|&i| bucket.word_str(i as usize).to_string())
                .collect(),
        }
    });
    View {
        id: id.to_string(),
        referee: s.referee,
        length: state.length(),
        lives: s.lives,
        board: board_of(state),
        lives_left: s.lives - state.wrong_guesses().min(s.lives),
        wrong: letters(state.wrong_letters()),
        wrong_words: state.wrong_words().to_vec(),
        guessed: letters(state.guessed_letters()),
        over,
        won: state.status() == Status::GameWon,
        score: state.score(),
        word: over.then(|| s.word()),
        alive,
        value: s.value,
    }
}

/// The referee kinds the web offers, by name.
fn referee_kind(name: &str) -> Result<(RefereeKind, &'static str), ApiError> {
    let kind = RefereeKind::from_str(name).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok((kind, kind.name()))
}

fn check_length(lexicon: &Lexicon, length: usize) -> Result<(), ApiError> {
    if lexicon.bucket(length).is_empty() || length > lexicon::MAX_WORD_LEN {
        let lengths: Vec<usize> = lexicon.lengths().collect();
        return Err(ApiError::bad(format!(
            "no word of {length} letters; lengths {} to {}",
            lengths.first().unwrap_or(&0),
            lengths.last().unwrap_or(&0)
        )));
    }
    Ok(())
}

/// `POST /api/hangman`: a new game.
pub(crate) async fn create(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Json<View>, ApiError> {
    check_lives(req.lives)?;
    check_length(&app.lexicon, req.length)?;
    let (kind, name) = referee_kind(&req.referee)?;
    let max_wrong = req.lives - 1;
    let play = match kind.family_choice(app.options.optimal_move_budget) {
        None => {
            let bucket = app.secrets.bucket(req.length);
            if bucket.is_empty() {
                return Err(ApiError::bad(format!(
                    "no common word of {} letters for a fair game; try another length",
                    req.length
                )));
            }
            let secret = bucket.word_str(rand::random_range(0..bucket.len()));
            Play::Fair(Game::new(
                Fair::new(secret).map_err(|e| ApiError::bad(e.to_string()))?,
                max_wrong,
            ))
        }
        Some(choice) => {
            let evil = Evil::new(app.lexicon.clone(), req.length, choice)
                .map_err(|e| ApiError::bad(e.to_string()))?;
            Play::Evil(Game::new(evil, max_wrong))
        }
    };
    let player = req
        .player
        .filter(|p| !p.trim().is_empty())
        .map(|p| wordplay_scores::check_name(&p))
        .transpose()?;
    let session = Session {
        play,
        referee: name,
        lives: req.lives,
        player,
        recorded: false,
        history: Vec::new(),
        value: None,
    };
    let shown = blocking(move || {
        let shown = view(&app, "", &session);
        let (id, _) = app.insert(session)?;
        Ok(View { id, ..shown })
    })
    .await?;
    Ok(Json(shown))
}

/// `GET /api/hangman/{id}`.
pub(crate) async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let game = app.find::<Session>(&id).await?;
    let session = game.lock_ignoring_poison();
    Ok(Json(view(&app, &id, &session)))
}

/// A turn on the cores for a searching call (the optimal and look-ahead referees, the
/// solver's hints), when `needed`: each takes a core and a table, so no more at once than
/// cores.
async fn heavy_permit(
    app: &App,
    needed: bool,
) -> Result<Option<tokio::sync::SemaphorePermit<'_>>, ApiError> {
    if !needed {
        return Ok(None);
    }
    app.heavy
        .acquire()
        .await
        .map(Some)
        .map_err(|e| ApiError::internal(e.to_string()))
}

/// `POST /api/hangman/{id}/guess`.
#[derive(Deserialize)]
pub(crate) struct GuessBody {
    #[serde(default)]
    letter: Option<String>,
    #[serde(default)]
    word: Option<String>,
}

/// `POST /api/hangman/{id}/guess`: a letter (or a whole word).
pub(crate) async fn guess(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<GuessBody>,
) -> Result<Json<View>, ApiError> {
    // A letter now; a word once the board is at hand (a word that cannot be the word is
    // refused, costing no life).
    let letter = match (&body.letter, &body.word) {
        (Some(l), None) => {
            let mut chars = l.trim().chars();
            match (chars.next().and_then(Letter::from_char), chars.next()) {
                (Some(letter), None) => Some(letter),
                _ => return Err(ApiError::bad(format!("{l:?} is not one letter a-z"))),
            }
        }
        (None, Some(_)) => None,
        _ => return Err(ApiError::bad("give either \"letter\" or \"word\"")),
    };
    let word = body.word;
    let game = app.find::<Session>(&id).await?;
    let referee = game.lock_ignoring_poison().referee;
    let _permit = heavy_permit(&app, !matches!(referee, "fair" | "evil")).await?;
    let app2 = app.clone();
    // A cheating referee's answer can search (the look-ahead), so off the async threads.
    let shown = blocking(move || {
        let mut session = game.lock_ignoring_poison();
        let guess = match (letter, word) {
            (Some(letter), _) => Guess::Letter(letter),
            (None, word) => {
                let state = session.state();
                if state.status() != Status::KeepGuessing {
                    return Err(ApiError::bad(
                        GameError::Finished(state.status()).to_string(),
                    ));
                }
                let word = word.unwrap_or_default();
                Guess::Word(
                    check_word_guess(state, &word).map_err(|e| ApiError::bad(e.to_string()))?,
                )
            }
        };
        let outcome = session
            .guess(&guess)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        if outcome == Outcome::Repeated {
            // Free under the rules, but a page or client that sends it is out of step.
            return Err(ApiError::bad(format!(
                "{} was guessed before: guess another",
                guess.to_string().to_ascii_uppercase()
            )));
        }
        let shown = view(&app2, &id, &session);
        if shown.over && !session.recorded {
            if let Some(player) = &session.player {
                app2.store
                    .record_hangman(player, session.referee, shown.won)?;
            }
            session.recorded = true;
        }
        app2.save(&id, &*session)?;
        Ok(shown)
    })
    .await?;
    Ok(Json(shown))
}

/// `GET /api/hangman/{id}/hint`: the guess to make and the letters, best first, as the
/// game's referee plays (`hangman::hint`).
pub(crate) async fn hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Hint>, ApiError> {
    let game = app.find::<Session>(&id).await?;
    let name = game.lock_ignoring_poison().referee;
    let (referee, _) = referee_kind(name)?;
    let _permit = heavy_permit(&app, referee == RefereeKind::Optimal).await?;
    let app2 = app.clone();
    let hint = blocking(move || {
        let session = game.lock_ignoring_poison();
        let state = session.state();
        if state.status() != Status::KeepGuessing {
            return Err(ApiError::bad("the game is over: no hint"));
        }
        let snapshot = Snapshot::new(
            state.board().cells().to_vec(),
            state.wrong_letters(),
            state.wrong_words(),
            state.max_wrong(),
        )
        .map_err(|e| ApiError::bad(e.to_string()))?;
        drop(session);
        let options = HintOptions {
            exact_limit: app2.options.hint_exact_limit,
            pick_limit: app2.options.hint_pick_limit,
            show: HINT_WORDS,
            proof_budget: app2.options.optimal_hint_budget,
            seed: 1,
        };
        // The referee's words always fit its board: no candidate would be a server bug.
        let compute = || {
            app2.hints
                .hint(referee, &snapshot, &options)
                .map(Hint::from)
                .map_err(|e| e.to_string())
        };
        // A hint depends on the board alone: computed once per board (however many ask at
        // once) and kept. Against the optimal referee only the opening's is kept: its
        // proofs have a time budget, and a board proven less well under load would keep
        // its weaker hint (what every game shows first is worth keeping all the same).
        let opening = snapshot.history().is_empty();
        if referee == RefereeKind::Optimal && !opening {
            compute()
        } else {
            app2.hint_cache.get(hint_words(referee), &snapshot, compute)
        }
        .map_err(ApiError::internal)
    })
    .await?;
    Ok(Json(hint))
}

/// Whose words a hint against `referee` ranks: the cheating referees share theirs.
fn hint_words(referee: RefereeKind) -> Words {
    match referee {
        RefereeKind::Fair => Words::Fair,
        RefereeKind::Evil | RefereeKind::EvilLookahead => Words::Cheating,
        RefereeKind::Optimal => Words::Optimal,
    }
}

/// `GET /api/hangman/verdict?length=L&lives=N`.
#[derive(Deserialize)]
pub(crate) struct VerdictQuery {
    length: usize,
    lives: u32,
}

/// `GET /api/hangman/verdict`: the proven verdict, solved once per length and lives.
pub(crate) async fn verdict(
    State(app): State<Arc<App>>,
    Query(q): Query<VerdictQuery>,
) -> Result<Json<Verdict>, ApiError> {
    check_lives(q.lives)?;
    check_length(&app.lexicon, q.length)?;
    let key = (q.length, q.lives);
    if let Some(v) = app.verdicts.lock_ignoring_poison().get(&key) {
        return Ok(Json(Verdict {
            seconds: 0.0,
            ..v.clone()
        }));
    }
    let app2 = app.clone();
    let v = blocking(move || {
        // One solve at a time: each may take a core and a table for its budget.
        let _one = app2.solving.lock_ignoring_poison();
        let bucket = app2.lexicon.bucket(q.length);
        let options = SolveOptions {
            deadline: Some(Instant::now() + app2.options.verdict_budget),
            table_bytes: 64 << 20,
            verdict_only: true,
            ..SolveOptions::default()
        };
        let progress = Progress::new(q.length, bucket.len());
        let s = hangman::solve::solve_length(bucket, &options, Some(q.lives), &progress);
        Ok(Verdict {
            length: q.length,
            lives: q.lives,
            words: s.words,
            fair_words: app2.secrets.bucket(q.length).len(),
            misses_lower: s.misses.lower,
            misses_upper: s.misses.upper,
            guesser_wins: s.guesser_wins(q.lives),
            seconds: s.seconds,
        })
    })
    .await?;
    if v.guesser_wins.is_some() {
        app.verdicts.lock_ignoring_poison().insert(key, v.clone());
    }
    Ok(Json(v))
}

/// `GET /api/hangman/stats?player=NAME`: wins and losses kept in the store.
#[derive(Deserialize)]
pub(crate) struct PlayerQuery {
    player: String,
}

/// `GET /api/hangman/stats`.
pub(crate) async fn stats(
    State(app): State<Arc<App>>,
    Query(q): Query<PlayerQuery>,
) -> Result<Json<wordplay_scores::Tally>, ApiError> {
    let store = app.store.clone();
    Ok(Json(
        blocking(move || Ok(store.hangman_tally(&q.player)?)).await?,
    ))
}
