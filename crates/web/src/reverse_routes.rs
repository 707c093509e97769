//! The reversed role over HTTP: the player thinks of a word and answers the computer's
//! guesses (`POST /api/reverse`, `.../answer`, `.../undo`, `.../reveal`); the computer's
//! guesser works out each guess in the background.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use hangman::game::position_mask;
use hangman::referee::Told;
use hangman::{Guess, Outcome, Status};
use serde::{Deserialize, Serialize};

use crate::app::{App, blocking};
use crate::error::{ApiError, ApiJson};
use crate::games::LockIgnoringPoison;
use crate::guesser::{self, GUESSER};
use crate::hangman_common::{board_of, check_lives, letters};
use crate::hangman_state::Reverse;

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
    /// The strategy guessing (`player`).
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
    /// How many of the words the guesser knows fit the answers so far (`player`'s own
    /// words: the list's, the familiarity source's and the learned ones; 0: it guesses by
    /// letter odds), and the [`SAMPLE`] likeliest of them, most familiar first.
    candidates: usize,
    sample: Vec<String>,
}

/// How many of the fitting words a view shows.
const SAMPLE: usize = 12;

fn reverse_view(app: &App, id: &str, r: &Reverse) -> ReverseView {
    let state = r.game.state();
    let fit = app.guesser.pool().fitting(state, SAMPLE);
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
        candidates: fit.count,
        sample: fit.likeliest,
    }
}

/// Starts working out the computer's next guess in the background when it must be and no
/// task is at it; returns that task. The task runs on the blocking pool and writes the
/// guess only if the game is still where it started. With six lives the guesser answers in
/// milliseconds; with other lives a first game at a length may search (seconds, minutes on
/// 2-3 letter words), so those wait for their turn on one core (`App::slow_guesses`).
fn start_thinking(
    app: &Arc<App>,
    id: &str,
    game: &Arc<std::sync::Mutex<Reverse>>,
) -> Option<tokio::task::JoinHandle<Result<(), ApiError>>> {
    let mut r = game.lock_ignoring_poison();
    if !r.needs_task() {
        return None;
    }
    let state = r.game.state().clone();
    let history = r.history.clone();
    let revision = r.revision;
    let (app, id, game) = (app.clone(), id.to_string(), game.clone());
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
                // Kept only while this is the game in use: a copy dropped from memory and
                // rebuilt from the store meanwhile may have moved on.
                let in_use = app2
                    .reverse
                    .get(&id)
                    .is_some_and(|g| Arc::ptr_eq(&g, &game));
                if in_use {
                    app2.save(&id, &*r)?;
                }
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
    let wait = app.options.reverse_wait;
    if let Some(task) = start_thinking(&app, &id, &game)
        && !wait.is_zero()
        && let Ok(done) = tokio::time::timeout(wait, task).await
    {
        done.map_err(|e| ApiError::internal(format!("the task failed: {e}")))??;
    }
    // The game as it stands now, when the wait ended (its view takes a moment to work out,
    // meanwhile the guess may come in: the next request shows it).
    let now = game.lock_ignoring_poison().snapshot();
    let app2 = app.clone();
    let shown = blocking(move || Ok(reverse_view(&app2, &id, &now))).await?;
    Ok(Json(shown))
}

/// `POST /api/reverse`: the player thinks of a word of `length` letters.
pub(crate) async fn create(
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
    let app2 = app.clone();
    let (id, game) = blocking(move || app2.insert(Reverse::new(req.length, req.lives))).await?;
    reverse_reply(app, id, game).await
}

/// `GET /api/reverse/{id}`: the game, with the computer's guess once it is in.
pub(crate) async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<ReverseView>, ApiError> {
    let game = app.find::<Reverse>(&id).await?;
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
    /// The guess this answers, as the player saw it: an answer to a question no longer
    /// asked (a second click, another tab) is refused, not taken for the next one.
    #[serde(default)]
    guess: Option<String>,
}

/// `POST /api/reverse/{id}/answer`: the player's answer to the computer's guess. Answers
/// that fill the board with a word the guesser did not know teach it that word.
pub(crate) async fn answer(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Answer>,
) -> Result<Json<ReverseView>, ApiError> {
    let game = app.find::<Reverse>(&id).await?;
    let (app2, id2, answered) = (app.clone(), id.clone(), game.clone());
    let ended_on = blocking(move || {
        let mut r = answered.lock_ignoring_poison();
        if r.thinking() {
            return Err(ApiError::conflict(
                "the computer is still thinking of its guess: ask again with GET /api/reverse/{id}",
            ));
        }
        let Some(guess) = r.asking.clone() else {
            return Err(ApiError::bad("the game is over"));
        };
        let asked = guess.to_string().to_ascii_lowercase();
        if let Some(seen) = &body.guess
            && seen.trim().to_ascii_lowercase() != asked
        {
            return Err(ApiError::conflict(format!(
                "that answer was for {}, but the computer now asks {}: answer again",
                seen.trim().to_ascii_uppercase(),
                asked.to_ascii_uppercase()
            )));
        }
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
        app2.save(&id2, &*r)?;
        let state = r.game.state();
        Ok((state.status() == Status::GameWon).then(|| (board_of(state), r.history.clone())))
    })
    .await?;
    let shown = reverse_reply(app.clone(), id, game).await?;
    // Answers that filled the board end the game on the word they spell: one `player` did
    // not know is learned, as a word the player names after a loss is. After the view, so
    // the answer shows what it knew as it played (`candidates` 0: a word it did not know).
    if let Some((board, history)) = ended_on {
        blocking(move || {
            app.guesser
                .reveal(&app.store, board.len(), &board, &history)
                .map_err(|e| ApiError::internal(format!("the board {board:?}: {e}")))
        })
        .await?;
    }
    Ok(shown)
}

/// `POST /api/reverse/{id}/undo`: takes back the player's last answer, also after the end
/// (a mis-click that filled the board or cost the computer its last life); the computer
/// asks that guess again. A guess still being worked out for the answer taken back is
/// dropped ([`Reverse::revision`]).
pub(crate) async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<ReverseView>, ApiError> {
    let game = app.find::<Reverse>(&id).await?;
    let (app2, id2, undone) = (app.clone(), id.clone(), game.clone());
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
        app2.save(&id2, &*r)
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
    /// Whether it is one of the words the computer knew (`player`'s: the list's, the
    /// familiarity source's and the learned ones).
    known: bool,
    /// The verdict in a sentence (the terminal game's words).
    message: String,
}

/// `POST /api/reverse/{id}/reveal`: once the computer is out of guesses, the player names
/// the word; it is checked against their answers (the rules' own honest referee,
/// [`Told::reveal`]); one that fits and that `player` did not know is learned
/// ([`Guesser::reveal`](crate::guesser::Guesser::reveal)). Nothing changes in the game.
pub(crate) async fn reveal(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RevealBody>,
) -> Result<Json<RevealView>, ApiError> {
    let game = app.find::<Reverse>(&id).await?;
    let (length, history) = {
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
        (state.length(), r.history.clone())
    };
    let revealed = blocking(move || {
        let word = body.word.trim();
        app.guesser
            .reveal(&app.store, length, word, &history)
            .map_err(|_| ApiError::bad(format!("{word:?} is not a word of {length} letters a-z")))
    })
    .await?;
    Ok(Json(RevealView {
        message: revealed.to_string(),
        fits: revealed.contradiction.is_none(),
        known: revealed.known,
        word: revealed.word,
    }))
}
