//! Hangman over HTTP: games against the fair and cheating referees, hints, the proven
//! verdict before a game, and the reversed role (the computer guesses the player's word).

use std::str::FromStr;
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::{Path, Query, State};
use hangman::game::position_mask;
use hangman::referee::{Evil, RefereeKind, Told};
use hangman::solve::{Progress, SolveOptions};
use hangman::suggest::{self, Snapshot};
use hangman::{Fair, Game, GameState, Guess, Outcome, Status, candidates};
use lexicon::{Letter, Lexicon};
use serde::{Deserialize, Serialize};

use crate::app::{App, blocking};
use crate::error::{ApiError, ApiJson};
use crate::games::LockIgnoringPoison;
use crate::guesser::{self, GUESSER};
use crate::hangman_state::{Hint, HintLetter, Play, Reverse, Session, Value, Verdict};

/// Most lives a game may have (every letter a miss).
const MAX_LIVES: u32 = 26;

/// How many of the words still alive a finished game lists.
const SHOW_ALIVE: usize = 60;

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

fn board_of(state: &GameState) -> String {
    state
        .board()
        .cells()
        .iter()
        .map(|c| c.map_or('_', |l| l.lower() as char))
        .collect()
}

fn letters(set: lexicon::LetterSet) -> String {
    set.iter().map(|l| l.lower() as char).collect()
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
        value: match &s.play {
            Play::Evil(g) => g.referee().last_value().map(Value::from),
            Play::Fair(_) => None,
        },
    }
}

/// The referee kinds the web offers, by name.
fn referee_kind(name: &str) -> Result<(RefereeKind, &'static str), ApiError> {
    let kind = RefereeKind::from_str(name).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok((kind, kind.name()))
}

fn check_lives(lives: u32) -> Result<(), ApiError> {
    if (1..=MAX_LIVES).contains(&lives) {
        Ok(())
    } else {
        Err(ApiError::bad(format!(
            "lives must be 1 to {MAX_LIVES} (the last miss loses), not {lives}"
        )))
    }
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
    let session = Session {
        play,
        referee: name,
        lives: req.lives,
        player: req.player.filter(|p| !p.trim().is_empty()),
        recorded: false,
    };
    let shown = view(&app, "", &session);
    let (id, _) = app.hangman.insert(session);
    Ok(Json(View { id, ..shown }))
}

/// `GET /api/hangman/{id}`.
pub(crate) async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<View>, ApiError> {
    let game = app.hangman.find(&id)?;
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
    let guess = match (&body.letter, &body.word) {
        (Some(l), None) => {
            let mut chars = l.trim().chars();
            match (chars.next().and_then(Letter::from_char), chars.next()) {
                (Some(letter), None) => Guess::Letter(letter),
                _ => return Err(ApiError::bad(format!("{l:?} is not one letter a-z"))),
            }
        }
        (None, Some(w)) => match Guess::parse(w) {
            Ok(g @ Guess::Word(_)) => g,
            _ => return Err(ApiError::bad(format!("{w:?} is not a word of letters a-z"))),
        },
        _ => return Err(ApiError::bad("give either \"letter\" or \"word\"")),
    };
    let game = app.hangman.find(&id)?;
    let referee = game.lock_ignoring_poison().referee;
    let _permit = heavy_permit(&app, !matches!(referee, "fair" | "evil")).await?;
    let app2 = app.clone();
    // A cheating referee's answer can search (the look-ahead), so off the async threads.
    let (shown, record) = blocking(move || {
        let mut session = game.lock_ignoring_poison();
        session
            .guess(&guess)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let shown = view(&app2, &id, &session);
        let record = if shown.over && !session.recorded {
            session.recorded = true;
            session
                .player
                .clone()
                .map(|p| (p, session.referee, shown.won))
        } else {
            None
        };
        Ok((shown, record))
    })
    .await?;
    if let Some((player, referee, won)) = record {
        let store = app.store.clone();
        blocking(move || Ok(store.record_hangman(&player, referee, won)?)).await?;
    }
    Ok(Json(shown))
}

/// `GET /api/hangman/{id}/hint`: the best letters, best first.
pub(crate) async fn hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Hint>, ApiError> {
    let game = app.hangman.find(&id)?;
    let optimal = game.lock_ignoring_poison().referee == "optimal";
    let _permit = heavy_permit(&app, optimal).await?;
    let app2 = app.clone();
    let hint = blocking(move || {
        let session = game.lock_ignoring_poison();
        let state = session.state();
        if state.status() != Status::KeepGuessing {
            return Err(ApiError::bad("the game is over: no hint"));
        }
        if let Play::Evil(g) = &session.play
            && session.referee == "optimal"
            && state.wrong_words().is_empty()
        {
            // The solver's letters need a closed family: none a wrong word guess shrank.
            let evil = g.referee();
            let family = evil.family().to_vec();
            let bucket = app2.lexicon.bucket(state.length());
            let guessed = state.guessed_letters();
            drop(session);
            let values =
                hangman::solve::letter_values(bucket, &family, app2.options.optimal_hint_budget);
            let letters: Vec<HintLetter> = values
                .iter()
                .filter(|v| !guessed.contains(v.letter))
                .map(|v| {
                    let containing = family
                        .iter()
                        .filter(|&&w| bucket.letters(w as usize).contains(v.letter))
                        .count();
                    HintLetter {
                        letter: (v.letter.lower() as char).to_string(),
                        odds: containing as f64 / family.len() as f64,
                        containing,
                        expected_score: None,
                        misses: Some(v.bounds.into()),
                    }
                })
                .collect();
            return Ok(Hint {
                candidates: family.len(),
                pick: letters.first().map_or(String::new(), |l| l.letter.clone()),
                letters,
                kind: "optimal",
            });
        }
        // Every game of a length and lives opens on the same board, so the opening hint is
        // computed once per server (the advice depends on the board alone).
        let opening = (state.guessed_letters().is_empty() && state.wrong_words().is_empty())
            .then(|| (state.length(), state.max_wrong()));
        if let Some(key) = opening
            && let Some(hint) = app2.opening_hints.lock_ignoring_poison().get(&key)
        {
            return Ok(hint.clone());
        }
        let snapshot = Snapshot::new(
            state.board().cells().to_vec(),
            state.wrong_letters(),
            state.wrong_words(),
            state.max_wrong(),
        )
        .map_err(|e| ApiError::bad(e.to_string()))?;
        let max_wrong = state.max_wrong();
        drop(session);
        let hint = odds_hint(&app2, &snapshot, max_wrong)?;
        if let Some(key) = opening {
            app2.opening_hints
                .lock_ignoring_poison()
                .insert(key, hint.clone());
        }
        Ok(hint)
    })
    .await?;
    Ok(Json(hint))
}

/// The hint of a game against the fair or a cheating referee: the letters by their odds and,
/// when few words are left, by the expected score of playing on (`suggest::advise`).
fn odds_hint(app: &App, snapshot: &Snapshot, max_wrong: u32) -> Result<Hint, ApiError> {
    let settings = hangman::Settings {
        max_wrong,
        seed: 1,
        params: Vec::new(),
        cache_dir: None,
    };
    let advice = suggest::advise(
        &app.lexicon,
        app.hint_strategy,
        &settings,
        snapshot,
        app.options.hint_exact_limit,
    )
    .map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Hint {
        candidates: advice.candidates.len(),
        pick: advice.pick.to_string().to_ascii_lowercase(),
        letters: advice
            .letters
            .iter()
            .map(|l| HintLetter {
                letter: (l.letter.lower() as char).to_string(),
                odds: l.share,
                containing: l.containing,
                expected_score: l.expected_score,
                misses: None,
            })
            .collect(),
        kind: "odds",
    })
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

// ---------------------------------------------------------------------------------------
// The reversed role.

/// `POST /api/reverse`.
#[derive(Deserialize)]
pub(crate) struct NewReverse {
    length: usize,
    lives: u32,
}

/// A reversed game as the API shows it.
#[derive(Serialize)]
pub(crate) struct ReverseView {
    id: String,
    length: usize,
    lives: u32,
    board: String,
    lives_left: u32,
    wrong: String,
    /// The computer's wrong word guesses (each cost a life, as a wrong letter does).
    wrong_words: Vec<String>,
    over: bool,
    /// Whether the computer found the word (once over).
    computer_won: bool,
    /// The strategy guessing (`mixed`).
    guesser: &'static str,
    /// Whether the computer is still working out its next guess (`guess` is then `null`):
    /// ask again with `GET /api/reverse/{id}`.
    thinking: bool,
    /// The computer's question: a letter (`"e"`) or a whole word, while not over.
    guess: Option<String>,
    /// Whether `guess` is a whole word (answer with `correct`) or a letter (`positions`).
    guess_is_word: bool,
    /// How many answers the player gave (the last can be taken back with
    /// `POST /api/reverse/{id}/undo`).
    answers: usize,
    /// Dictionary words that fit the answers so far, and the first few.
    candidates: usize,
    sample: Vec<String>,
}

fn reverse_view(app: &App, id: &str, r: &Reverse) -> ReverseView {
    let state = r.game.state();
    let bucket = app.lexicon.bucket(state.length());
    let fit = candidates::consistent(bucket, state);
    ReverseView {
        id: id.to_string(),
        length: state.length(),
        lives: r.lives,
        board: board_of(state),
        lives_left: r.lives - state.wrong_guesses().min(r.lives),
        wrong: letters(state.wrong_letters()),
        wrong_words: state.wrong_words().to_vec(),
        over: r.over(),
        computer_won: state.status() == Status::GameWon,
        guesser: GUESSER,
        thinking: r.thinking(),
        guess: r
            .asking
            .as_ref()
            .map(|g| g.to_string().to_ascii_lowercase()),
        guess_is_word: matches!(r.asking, Some(Guess::Word(_))),
        answers: r.history.len(),
        candidates: fit.len(),
        sample: fit
            .iter()
            .take(12)
            .map(|&i| bucket.word_str(i as usize).to_string())
            .collect(),
    }
}

/// Starts working out the computer's next guess in the background when it must be and no
/// task is at it; returns that task. The task runs on the blocking pool and writes the
/// guess only if the game is still where it started. With six lives `mixed` reads the
/// shipped tables and answers in milliseconds; with other lives a first game at a length
/// searches (seconds at 4-10 letters, minutes on 2-3 letter words: exact solves), so those
/// wait for their turn on one core (`App::slow_guesses`).
fn start_thinking(
    app: &Arc<App>,
    game: &Arc<std::sync::Mutex<Reverse>>,
) -> Option<tokio::task::JoinHandle<Result<(), ApiError>>> {
    let mut r = game.lock_ignoring_poison();
    if !r.needs_task() {
        return None;
    }
    let state = r.game.state().clone();
    let history = r.history.clone();
    let revision = r.revision;
    let (app, game) = (app.clone(), game.clone());
    let task = tokio::spawn(async move {
        let _permit = if state.max_wrong() == hangman::strategy::SHIPPED_MAX_WRONG {
            None
        } else {
            Some(
                app.slow_guesses
                    .acquire()
                    .await
                    .map_err(|e| ApiError::internal(e.to_string()))?,
            )
        };
        let app2 = app.clone();
        blocking(move || {
            let strategy = app2.guesser.strategy(state.max_wrong())?;
            let guess = guesser::next_guess(strategy.as_ref(), &state, &history);
            let mut r = game.lock_ignoring_poison();
            if r.thinking() && r.revision == revision {
                r.asking = Some(guess);
            }
            Ok(())
        })
        .await
    });
    r.task = Some(task.abort_handle());
    Some(task)
}

/// The reversed game `id` as it stands, once the computer's next guess is in or
/// [`Limits::reverse_wait`](crate::Limits::reverse_wait) has passed (then `thinking`: the
/// task goes on, and the page asks again).
async fn reverse_reply(
    app: Arc<App>,
    id: String,
    game: Arc<std::sync::Mutex<Reverse>>,
) -> Result<Json<ReverseView>, ApiError> {
    if let Some(task) = start_thinking(&app, &game)
        && let Ok(done) = tokio::time::timeout(app.options.reverse_wait, task).await
    {
        done.map_err(|e| ApiError::internal(format!("the task failed: {e}")))??;
    }
    let app2 = app.clone();
    let shown =
        blocking(move || Ok(reverse_view(&app2, &id, &game.lock_ignoring_poison()))).await?;
    Ok(Json(shown))
}

/// `POST /api/reverse`: the player thinks of a word of `length` letters.
pub(crate) async fn reverse_create(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<NewReverse>,
) -> Result<Json<ReverseView>, ApiError> {
    check_lives(req.lives)?;
    if !(1..=lexicon::MAX_WORD_LEN).contains(&req.length) {
        return Err(ApiError::bad(format!(
            "length must be 1 to {}, not {}",
            lexicon::MAX_WORD_LEN,
            req.length
        )));
    }
    let (id, game) = app.reverse.insert(Reverse::new(req.length, req.lives));
    reverse_reply(app, id, game).await
}

/// `GET /api/reverse/{id}`: the game, with the computer's guess once it is in.
pub(crate) async fn reverse_show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<ReverseView>, ApiError> {
    let game = app.reverse.find(&id)?;
    reverse_reply(app, id, game).await
}

/// `POST /api/reverse/{id}/answer`.
#[derive(Deserialize)]
pub(crate) struct Answer {
    /// For a letter: the positions holding it, from 0 (empty: not in the word).
    #[serde(default)]
    positions: Option<Vec<usize>>,
    /// For a word: whether it is the word.
    #[serde(default)]
    correct: Option<bool>,
}

/// `POST /api/reverse/{id}/answer`: the player's answer to the computer's guess.
pub(crate) async fn reverse_answer(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Answer>,
) -> Result<Json<ReverseView>, ApiError> {
    let game = app.reverse.find(&id)?;
    let answered = game.clone();
    blocking(move || {
        let mut r = answered.lock_ignoring_poison();
        if r.thinking() {
            return Err(ApiError::conflict(
                "the computer is still thinking of its guess: ask again with GET /api/reverse/{id}",
            ));
        }
        let Some(guess) = r.asking.clone() else {
            return Err(ApiError::bad("the game is over"));
        };
        let length = r.game.state().length();
        let answer = match (&guess, &body.positions, body.correct) {
            (Guess::Letter(_), Some(p), None) => {
                if let Some(bad) = p.iter().find(|&&i| i >= length) {
                    return Err(ApiError::bad(format!(
                        "position {bad} is outside a word of {length} letters (positions count from 0)"
                    )));
                }
                Outcome::Letter {
                    positions: position_mask((0..length).map(|i| p.contains(&i))),
                }
            }
            (Guess::Word(_), None, Some(correct)) => Outcome::Word { correct },
            (Guess::Letter(_), _, _) => {
                return Err(ApiError::bad(
                    "the computer guessed a letter: answer with \"positions\" (a list, empty for a miss)",
                ));
            }
            (Guess::Word(_), _, _) => {
                return Err(ApiError::bad(
                    "the computer guessed a word: answer with \"correct\": true or false",
                ));
            }
        };
        let outcome =
            Told::play(&mut r.game, &guess, answer).map_err(|e| ApiError::bad(e.to_string()))?;
        r.history.push((guess, outcome));
        r.revision += 1;
        r.asking = None;
        Ok(())
    })
    .await?;
    reverse_reply(app, id, game).await
}

/// `POST /api/reverse/{id}/undo`: takes back the player's last answer, also after the end
/// (a mis-click that filled the board or cost the computer its last life); the computer
/// asks that guess again. A guess still being worked out for the answer taken back is
/// dropped ([`Reverse::revision`]).
pub(crate) async fn reverse_undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<ReverseView>, ApiError> {
    let game = app.reverse.find(&id)?;
    let undone = game.clone();
    blocking(move || {
        let mut r = undone.lock_ignoring_poison();
        let Some((guess, _)) = r.history.pop() else {
            return Err(ApiError::conflict("there is no answer to take back"));
        };
        let state = r.game.state();
        let (length, max_wrong) = (state.length(), state.max_wrong());
        r.game = Told::replay(length, max_wrong, &r.history)
            .map_err(|e| ApiError::internal(format!("replaying the answers: {e}")))?;
        r.asking = Some(guess);
        r.revision += 1;
        if let Some(task) = r.task.take() {
            task.abort();
        }
        Ok(())
    })
    .await?;
    reverse_reply(app, id, game).await
}

/// `POST /api/reverse/{id}/reveal`.
#[derive(Deserialize)]
pub(crate) struct RevealBody {
    /// The player's word.
    word: String,
}

/// The word the computer lost to, checked against the player's answers.
#[derive(Serialize)]
pub(crate) struct RevealView {
    word: String,
    /// Whether the word fits every answer the player gave.
    fits: bool,
    /// Whether it is a word of the computer's list.
    known: bool,
    /// The verdict in a sentence (the terminal game's words).
    message: String,
}

/// `POST /api/reverse/{id}/reveal`: once the computer is out of guesses, the player names
/// the word; it is checked against their answers (the rules' own honest referee,
/// [`Told::reveal`]). Nothing changes in the game.
pub(crate) async fn reverse_reveal(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RevealBody>,
) -> Result<Json<RevealView>, ApiError> {
    let game = app.reverse.find(&id)?;
    let r = game.lock_ignoring_poison();
    let state = r.game.state();
    match state.status() {
        Status::KeepGuessing => {
            return Err(ApiError::conflict(
                "the game is not over: answer the computer's guesses first",
            ));
        }
        Status::GameWon => {
            return Err(ApiError::conflict(format!(
                "the computer found your word: {}",
                board_of(state).to_ascii_uppercase()
            )));
        }
        Status::GameLost => {}
    }
    let length = state.length();
    let word = body.word.trim();
    let revealed = Told::reveal(length, word, &r.history, app.guesser.pool().words())
        .map_err(|_| ApiError::bad(format!("{word:?} is not a word of {length} letters a-z")))?;
    app.guesser.learn(&app.store, &revealed);
    Ok(Json(RevealView {
        message: revealed.to_string(),
        fits: revealed.contradiction.is_none(),
        known: revealed.known,
        word: revealed.word,
    }))
}
