//! The API's contract, driven in-process with `tower::ServiceExt::oneshot`: shapes,
//! statuses, and bad input of every kind (400, 404, 405, 413, 415, 429), never a 500.

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use tower::ServiceExt;
use wordplay_web::Limits;

/// One service for the tests (building it loads the lists), with a rate no test reaches.
fn app() -> Router {
    static APP: OnceLock<(Router, tempfile::TempDir)> = OnceLock::new();
    APP.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let store =
            wordplay_scores::open(Some(&dir.path().join(wordplay_scores::FILE_NAME))).unwrap();
        let limits = Limits {
            per_second: 1_000_000,
            burst: 1_000_000,
            ..Limits::default()
        };
        (wordplay_web::router(store, limits).unwrap(), dir)
    })
    .0
    .clone()
}

/// A service of its own over a fresh store (its folder with it), with a rate no test
/// reaches and `limits` otherwise.
fn fresh_with(limits: Limits) -> (Router, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let router = router_at(dir.path(), limits);
    (router, dir)
}

fn fresh() -> (Router, tempfile::TempDir) {
    fresh_with(Limits::default())
}

/// A service over the store in `dir` (a server started again finds its games there).
fn router_at(dir: &std::path::Path, limits: Limits) -> Router {
    let store = wordplay_scores::open(Some(&dir.join(wordplay_scores::FILE_NAME))).unwrap();
    let limits = Limits {
        per_second: 1_000_000,
        burst: 1_000_000,
        ..limits
    };
    wordplay_web::router(store, limits).unwrap()
}

async fn call(app: &Router, method: &str, path: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(path);
    let body = match body {
        Some(v) => {
            req = req.header(header::CONTENT_TYPE, "application/json");
            Body::from(v.to_string())
        }
        None => Body::empty(),
    };
    raw(app, req.body(body).unwrap()).await
}

async fn raw(app: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 22)
        .await
        .unwrap();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{status}: not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

/// A new game against a referee (`POST /api/hangman` with `body`), which must be created.
async fn new_game(app: &Router, body: Value) -> Value {
    let (status, game) = call(app, "POST", "/api/hangman", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game
}

fn assert_error(status: StatusCode, body: &Value, want: StatusCode) {
    assert_eq!(status, want, "{body}");
    assert!(
        body["error"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    assert_eq!(body["status"], want.as_u16());
}

#[tokio::test]
async fn health_is_ok() {
    let (status, body) = call(&app(), "GET", "/api/health", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn a_fair_game_has_the_documented_shape_and_plays_to_the_end() {
    let app = app();
    let game = new_game(&app, json!({"length": 5, "lives": 6, "referee": "fair"})).await;
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    assert_eq!(game["board"], "_____");
    assert_eq!(game["lives_left"], 6);
    assert_eq!(game["wrong"], "");
    assert_eq!(game["over"], false);
    assert_eq!(game["won"], false);
    let mut last = game;
    for letter in "etaoinshrdlucmfwypvbgkjqxz".chars() {
        let (status, g) = call(
            &app,
            "POST",
            &format!("/api/hangman/{id}/guess"),
            Some(json!({"letter": letter.to_string()})),
        )
        .await;
        if last["over"] == true {
            assert_error(status, &g, StatusCode::BAD_REQUEST);
            break;
        }
        assert_eq!(status, StatusCode::OK, "{g}");
        let board = g["board"].as_str().unwrap();
        let wrong = g["wrong"].as_str().unwrap();
        assert!(board.contains(letter) || wrong.contains(letter), "{g}");
        last = g;
    }
    assert_eq!(last["over"], true);
    let word = last["word"].as_str().unwrap();
    assert_eq!(word.len(), 5);
    assert_eq!(last["won"], !last["board"].as_str().unwrap().contains('_'));
    assert_eq!(
        last["lives_left"],
        if last["won"] == true {
            6 - last["wrong"].as_str().unwrap().len()
        } else {
            0
        }
    );
    let alive = last["alive"]["words"].as_array().unwrap();
    let count = last["alive"]["count"].as_u64().unwrap() as usize;
    assert!(count >= alive.len() && !alive.is_empty(), "{last}");
    // The words shown are a sample when many are alive: the secret is there when all are.
    if count == alive.len() {
        assert!(
            alive.iter().any(|w| w == word),
            "the secret is among the words alive"
        );
    }
}

/// `best`'s move at the opening of a `length`-letter game with six lives over `words`.
fn bests_opening(words: lexicon::Lexicon, length: usize) -> String {
    let settings = hangman::Settings {
        max_wrong: 5,
        ..hangman::Settings::default()
    };
    let best = hangman::strategy::find("best")
        .unwrap()
        .build(std::sync::Arc::new(words), &settings)
        .unwrap();
    let opening = hangman::Game::new(hangman::referee::Told::new(length), 5);
    best.player(length, 1).choose(opening.state()).to_string()
}

#[tokio::test]
async fn hints_play_the_referees_words() {
    let app = app();
    let hint_of = |game: Value| {
        let app = app.clone();
        async move {
            let id = game["id"].as_str().unwrap();
            let (status, hint) = call(&app, "GET", &format!("/api/hangman/{id}/hint"), None).await;
            assert_eq!(status, StatusCode::OK, "{hint}");
            hint
        }
    };
    let game_against = |referee: &'static str| {
        let app = app.clone();
        async move { new_game(&app, json!({"length": 4, "lives": 6, "referee": referee})).await }
    };
    // A cheating referee holds every word of the list: the hint is best's move over them.
    let evil = hint_of(game_against("evil").await).await;
    assert_eq!(evil["kind"], "odds");
    let embedded = lexicon::Lexicon::embedded();
    assert_eq!(evil["candidates"], embedded.bucket(4).len());
    assert_eq!(evil["pick"], bests_opening(embedded.clone(), 4));
    // A fair referee drew from the common words: best's move over those, with its
    // expected final score.
    let fair = hint_of(game_against("fair").await).await;
    let pool = embedded.intersection(&lexicon::Lexicon::common());
    assert_eq!(fair["candidates"], pool.bucket(4).len());
    assert_eq!(fair["pick"], bests_opening(pool, 4));
    assert!(
        fair["pick_expected_score"].as_f64().unwrap() > 4.0,
        "{fair}"
    );
    for hint in [&evil, &fair] {
        assert_eq!(hint["pick_kind"], "letter");
        assert_eq!(hint["words"], json!([]));
        let letters = hint["letters"].as_array().unwrap();
        assert!(letters.len() > 5);
        assert_eq!(letters[0]["letter"], hint["pick"], "the pick first: {hint}");
        // The others by their odds (too many words to play each out).
        let odds: Vec<f64> = letters[1..]
            .iter()
            .map(|l| l["odds"].as_f64().unwrap())
            .collect();
        assert!(odds.windows(2).all(|w| w[0] >= w[1]), "{odds:?}");
    }
    // Every game of a referee, length and lives opens on the same board: the same hint.
    assert_eq!(hint_of(game_against("fair").await).await, fair);
}

/// Plays a game by its hints; returns the last view. Each hint names a guess; once one
/// word is left it names the word, and the words are listed when 12 or fewer. The game
/// ends won or out of lives (a fair referee's word is drawn at random, and some families,
/// such as `?a??ed`, hold more words than there are lives: following the hints may lose).
async fn play_by_the_hints(app: &Router, id: &str) -> Value {
    let mut game = Value::Null;
    while game["over"] != true {
        let (status, hint) = call(app, "GET", &format!("/api/hangman/{id}/hint"), None).await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        let pick = hint["pick"].as_str().unwrap();
        assert!(!pick.is_empty(), "{hint}");
        let left = hint["candidates"].as_u64().unwrap();
        let words = hint["words"].as_array().unwrap();
        assert_eq!(words.is_empty(), left > 12, "{hint}");
        let body = if hint["pick_kind"] == "word" {
            assert_eq!(words[0], pick, "{hint}");
            json!({ "word": pick })
        } else {
            assert_eq!(hint["pick_kind"], "letter", "{hint}");
            assert_ne!(left, 1, "one word left: the hint names it: {hint}");
            json!({ "letter": pick })
        };
        let (status, next) =
            call(app, "POST", &format!("/api/hangman/{id}/guess"), Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        game = next;
    }
    assert!(
        game["won"] == true || game["lives_left"] == 0,
        "over, neither won nor out of lives: {game}"
    );
    game
}

#[tokio::test]
async fn a_word_that_cannot_be_the_word_is_refused_and_costs_no_life() {
    let app = app();
    let game = new_game(&app, json!({"length": 5, "lives": 6, "referee": "evil"})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let guess = |body: Value| {
        let app = app.clone();
        let id = id.clone();
        async move {
            call(
                &app,
                "POST",
                &format!("/api/hangman/{id}/guess"),
                Some(body),
            )
            .await
        }
    };
    // The largest family lacks Q.
    let (_, after) = guess(json!({"letter": "q"})).await;
    assert_eq!(after["wrong"], "q", "{after}");
    for (word, says) in [
        ("abcd", "has 4 letters; the word has 5"),
        ("abc1e", "is not a word of letters a-z"),
        ("", "is not a word of letters a-z"),
        ("squat", "Q is not in the word"),
    ] {
        let (status, err) = guess(json!({ "word": word })).await;
        assert_error(status, &err, StatusCode::BAD_REQUEST);
        assert!(
            err["error"].as_str().unwrap().contains(says),
            "{word}: {err}"
        );
    }
    let (_, shown) = call(&app, "GET", &format!("/api/hangman/{id}"), None).await;
    assert_eq!(shown["lives_left"], 5, "refusals cost no life: {shown}");
    assert_eq!(shown["wrong_words"], json!([]));
    // A word that may be the word is a guess: wrong while the referee holds others.
    let (status, played) = guess(json!({"word": "Spoon"})).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["lives_left"], 4);
    assert_eq!(played["wrong_words"], json!(["spoon"]));
    let (status, err) = guess(json!({"word": "spoon"})).await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    assert!(
        err["error"].as_str().unwrap().contains("guessed already"),
        "{err}"
    );
    // A revealed letter rules out a word without it there (a fair game: its common word
    // shows a vowel soon).
    let fair = new_game(&app, json!({"length": 5, "lives": 6, "referee": "fair"})).await;
    let fair_id = fair["id"].as_str().unwrap().to_string();
    let mut shown = fair;
    for letter in ["e", "a", "o", "i", "u"] {
        if shown["board"]
            .as_str()
            .unwrap()
            .contains(|c: char| c != '_')
        {
            break;
        }
        shown = call(
            &app,
            "POST",
            &format!("/api/hangman/{fair_id}/guess"),
            Some(json!({ "letter": letter })),
        )
        .await
        .1;
    }
    let board = shown["board"].as_str().unwrap();
    let p = board
        .find(|c: char| c != '_')
        .unwrap_or_else(|| panic!("a vowel shows: {shown}"));
    let mut other = b"zzzzz".to_vec();
    other[p] = b'b';
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/hangman/{fair_id}/guess"),
        Some(json!({ "word": String::from_utf8(other).unwrap() })),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .contains("cannot be the word"),
        "{err}"
    );
    let (_, after) = call(&app, "GET", &format!("/api/hangman/{fair_id}"), None).await;
    assert_eq!(after["lives_left"], shown["lives_left"], "{after}");
    // A fair game followed by its hints plays to its end on the guesses they name.
    let game = new_game(&app, json!({"length": 6, "lives": 6, "referee": "fair"})).await;
    let last = play_by_the_hints(&app, game["id"].as_str().unwrap()).await;
    assert_eq!(last["over"], true);
}

#[tokio::test]
async fn the_optimal_referee_plays_reports_its_value_and_hints_with_the_solver() {
    let app = app();
    let game = new_game(&app, json!({"length": 8, "lives": 6, "referee": "optimal"})).await;
    let id = game["id"].as_str().unwrap();
    let (status, hint) = call(&app, "GET", &format!("/api/hangman/{id}/hint"), None).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["kind"], "optimal");
    // The shipped optimal guesser knows the opening exactly: the length's value, within
    // the verdict's bounds.
    let first = &hint["letters"][0];
    assert_eq!(first["misses"]["exact"], true, "{hint}");
    let value = first["misses"]["upper"].as_u64().unwrap();
    let (_, verdict) = call(&app, "GET", "/api/hangman/verdict?length=8&lives=6", None).await;
    assert!(
        verdict["misses_lower"].as_u64().unwrap() <= value,
        "{verdict}"
    );
    assert!(
        value <= verdict["misses_upper"].as_u64().unwrap(),
        "{verdict}"
    );
    assert_eq!(hint["pick"], first["letter"]);
    assert_eq!(hint["pick_kind"], "letter");
    assert_eq!(hint["pick_expected_score"], Value::Null);
    let letter = first["letter"].as_str().unwrap();
    let (status, g) = call(
        &app,
        "POST",
        &format!("/api/hangman/{id}/guess"),
        Some(json!({"letter": letter})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let v = &g["value"];
    assert!(
        v["lower"].as_u64().unwrap() <= v["upper"].as_u64().unwrap(),
        "{g}"
    );
    assert_eq!(v["exact"], v["lower"] == v["upper"]);
    // At 16 letters the verdict gives the guesser the game: following the hints wins it.
    let game = new_game(
        &app,
        json!({"length": 16, "lives": 6, "referee": "optimal"}),
    )
    .await;
    let last = play_by_the_hints(&app, game["id"].as_str().unwrap()).await;
    assert_eq!(last["won"], true, "{last}");
}

#[tokio::test]
async fn the_verdict_is_proven_before_the_game() {
    let (status, v) = call(
        &app(),
        "GET",
        "/api/hangman/verdict?length=12&lives=6",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v["words"].as_u64().unwrap() > 1000, "{v}");
    let (lo, hi) = (
        v["misses_lower"].as_u64().unwrap(),
        v["misses_upper"].as_u64().unwrap(),
    );
    assert!(lo <= hi);
    match v["guesser_wins"].as_bool() {
        Some(true) => assert!(hi < 6, "{v}"),
        Some(false) => assert!(lo >= 6, "{v}"),
        None => panic!("12 letters is settled within the budget: {v}"),
    }
}

#[tokio::test]
async fn bad_hangman_input_is_400_never_500() {
    let app = app();
    for body in [
        json!({"length": 5, "lives": 0}),
        json!({"length": 5, "lives": 27}),
        json!({"length": 0, "lives": 6}),
        json!({"length": 99, "lives": 6}),
        json!({"length": 5, "lives": 6, "referee": "kind"}),
        json!({"length": -1, "lives": 6}),
        json!({"length": "five", "lives": 6}),
        json!({"lives": 6}),
        json!([1, 2]),
        json!(null),
    ] {
        let (status, err) = call(&app, "POST", "/api/hangman", Some(body.clone())).await;
        assert_error(status, &err, StatusCode::BAD_REQUEST);
    }
    let game = new_game(&app, json!({"length": 5, "lives": 6})).await;
    let id = game["id"].as_str().unwrap();
    for body in [
        json!({"letter": "é"}),
        json!({"letter": "ab"}),
        json!({"letter": ""}),
        json!({"letter": "1"}),
        json!({}),
        json!({"letter": "a", "word": "abcde"}),
        json!({"word": "ab1"}),
    ] {
        let (status, err) = call(
            &app,
            "POST",
            &format!("/api/hangman/{id}/guess"),
            Some(body),
        )
        .await;
        assert_error(status, &err, StatusCode::BAD_REQUEST);
    }
    let req = Request::post("/api/hangman")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"length\": 5,"))
        .unwrap();
    let (status, err) = raw(&app, req).await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    let req = Request::post("/api/hangman")
        .body(Body::from("{\"length\": 5, \"lives\": 6}"))
        .unwrap();
    let (status, err) = raw(&app, req).await;
    assert_error(status, &err, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, err) = call(&app, "GET", "/api/hangman/verdict?length=x&lives=6", None).await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn unknown_games_and_paths_are_404_and_wrong_methods_405() {
    let app = app();
    for path in [
        "/api/hangman/00000000000000000000000000000000",
        "/api/hangman/not-an-id",
        "/api/blender/ffffffffffffffffffffffffffffffff",
        "/api/nothing",
    ] {
        let (status, err) = call(&app, "GET", path, None).await;
        assert_error(status, &err, StatusCode::NOT_FOUND);
    }
    let (status, err) = call(
        &app,
        "POST",
        "/api/hangman/0123456789abcdef0123456789abcdef/guess",
        Some(json!({"letter": "e"})),
    )
    .await;
    assert_error(status, &err, StatusCode::NOT_FOUND);
    let (status, err) = call(&app, "DELETE", "/api/hangman", None).await;
    assert_error(status, &err, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_body_over_the_limit_is_413() {
    let app = app();
    let big = json!({"length": 5, "lives": 6, "referee": "x".repeat(64 * 1024)});
    let (status, err) = call(&app, "POST", "/api/hangman", Some(big.clone())).await;
    assert_error(status, &err, StatusCode::PAYLOAD_TOO_LARGE);
    // Without a length header (streamed), the same.
    let stream = futures_body(big.to_string());
    let req = Request::post("/api/hangman")
        .header(header::CONTENT_TYPE, "application/json")
        .body(stream)
        .unwrap();
    let (status, err) = raw(&app, req).await;
    assert_error(status, &err, StatusCode::PAYLOAD_TOO_LARGE);
}

/// A body with no length known in advance.
fn futures_body(text: String) -> Body {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = text
        .into_bytes()
        .chunks(1024)
        .map(|c| Ok(c.to_vec()))
        .collect();
    Body::from_stream(futures_util::stream::iter(chunks))
}

#[tokio::test]
async fn a_client_over_its_rate_gets_429_and_the_server_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let store = wordplay_scores::open(Some(&dir.path().join(wordplay_scores::FILE_NAME))).unwrap();
    let limits = Limits {
        per_second: 1,
        burst: 3,
        ..Limits::default()
    };
    let app = wordplay_web::router(store, limits).unwrap();
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let res = app
            .clone()
            .oneshot(Request::get("/api/health").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = res.status();
        if status == StatusCode::TOO_MANY_REQUESTS {
            // One request a second: the next is let through within a second.
            assert_eq!(res.headers()[header::RETRY_AFTER], "1");
            let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
                .await
                .unwrap();
            let body: Value = serde_json::from_slice(&bytes).unwrap();
            assert_error(status, &body, StatusCode::TOO_MANY_REQUESTS);
        }
        statuses.push(status);
    }
    assert_eq!(&statuses[..3], [StatusCode::OK; 3]);
    assert!(
        statuses[3..].contains(&StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(
        call(&app, "GET", "/api/health", None).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_reversed_role_takes_marked_positions() {
    let app = app();
    // The player's word is "garden": answer every question truthfully.
    let word = "garden";
    let views = reversed_game(&app, word, 6).await;
    let first = &views[0];
    assert_eq!(first["board"], "______");
    assert_eq!(first["guess_is_word"], false);
    assert!(
        first["guess"].as_str().is_some_and(|g| !g.is_empty()),
        "{first}"
    );
    let r = views.last().unwrap();
    assert_eq!(r["over"], true);
    assert_eq!(r["computer_won"], true, "{r}");
    assert_eq!(r["board"], word);
    let r2 = new_reverse(&app, 3, 6).await;
    let id2 = r2["id"].as_str().unwrap();
    for body in [
        json!({"positions": [3]}),
        json!({"correct": true}),
        json!({}),
    ] {
        let (status, err) = answer(&app, id2, body).await;
        assert_error(status, &err, StatusCode::BAD_REQUEST);
    }
}

/// A new reversed game of `length` letters and `lives`, once the computer's first guess
/// is in.
async fn new_reverse(app: &Router, length: usize, lives: u32) -> Value {
    let (status, r) = call(
        app,
        "POST",
        "/api/reverse",
        Some(json!({"length": length, "lives": lives})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    settled(app, r).await
}

/// Answers the computer's guess in reversed game `id`.
async fn answer(app: &Router, id: &str, body: Value) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/reverse/{id}/answer"),
        Some(body),
    )
    .await
}

/// A service that never waits for the computer's guess: every answer leaves it to a
/// background task and says "thinking" (with its store's folder).
fn eager() -> (Router, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = wordplay_scores::open(Some(&dir.path().join(wordplay_scores::FILE_NAME))).unwrap();
    let limits = Limits {
        reverse_wait: Duration::ZERO,
        ..Limits::default()
    };
    (wordplay_web::router(store, limits).unwrap(), dir)
}

/// The reversed game once the computer's guess is in: asks again while it is thinking.
async fn settled(app: &Router, mut r: Value) -> Value {
    for _ in 0..3000 {
        if r["thinking"] != true {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let id = r["id"].as_str().unwrap();
        let (status, next) = call(app, "GET", &format!("/api/reverse/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        r = next;
    }
    panic!("the computer never made its guess: {r}");
}

/// Plays a reversed game of `word` with `lives`, answering truthfully; returns every view
/// after a guess was made (the first one first).
async fn reversed_game(app: &Router, word: &str, lives: u32) -> Vec<Value> {
    let mut r = new_reverse(app, word.len(), lives).await;
    let id = r["id"].as_str().unwrap().to_string();
    let mut views = vec![r.clone()];
    while r["over"] != true {
        assert!(views.len() <= 27, "{r}");
        let guess = r["guess"].as_str().unwrap();
        let body = if r["guess_is_word"] == true {
            json!({"correct": guess == word})
        } else {
            let positions: Vec<usize> = word
                .char_indices()
                .filter(|(_, c)| guess.starts_with(*c))
                .map(|(i, _)| i)
                .collect();
            json!({"positions": positions})
        };
        let (status, next) = answer(app, &id, body).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        r = settled(app, next).await;
        views.push(r.clone());
    }
    views
}

#[tokio::test]
async fn a_lost_reversed_game_checks_the_word_the_player_names() {
    let app = app();
    // One life: a miss on the first guess ends the game, the computer out of guesses.
    let lost = || async {
        let r = new_reverse(&app, 3, 1).await;
        let id = r["id"].as_str().unwrap().to_string();
        let reveal = format!("/api/reverse/{id}/reveal");
        let (status, err) = call(&app, "POST", &reveal, Some(json!({"word": "zzz"}))).await;
        assert_error(status, &err, StatusCode::CONFLICT);
        let first = r["guess"].as_str().unwrap().to_string();
        assert_eq!(r["guess_is_word"], false, "{r}");
        let (status, over) = answer(&app, &id, json!({"positions": []})).await;
        assert_eq!(status, StatusCode::OK, "{over}");
        assert_eq!(over["over"], true, "{over}");
        assert_eq!(over["computer_won"], false, "{over}");
        (reveal, first)
    };
    let (reveal, first) = lost().await;
    for bad in [json!({"word": "abcd"}), json!({"word": "a1c"}), json!({})] {
        let (status, err) = call(&app, "POST", &reveal, Some(bad)).await;
        assert!(status.is_client_error(), "{status} {err}");
    }
    // A word holding the letter the player said was not in it.
    let holding = format!("{first}xx");
    let (status, v) = call(&app, "POST", &reveal, Some(json!({"word": holding}))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["fits"], false, "{v}");
    let upper = first.to_ascii_uppercase();
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains(&format!("you said {upper} was not in it")),
        "{v}"
    );
    // Words that fit: one the computer does not know, one it does.
    assert!(!lexicon::Lexicon::embedded().contains("qxq") && !first.contains(['q', 'x']));
    let (_, v) = call(&app, "POST", &reveal, Some(json!({"word": "qxq"}))).await;
    assert_eq!(
        (v["fits"].clone(), v["known"].clone()),
        (json!(true), json!(false)),
        "{v}"
    );
    let known = lexicon::Lexicon::embedded()
        .bucket(3)
        .words()
        .find(|w| !w.contains(first.as_str()))
        .unwrap()
        .to_string();
    let (_, v) = call(&app, "POST", &reveal, Some(json!({"word": known}))).await;
    assert_eq!(
        (v["fits"].clone(), v["known"].clone()),
        (json!(true), json!(true)),
        "{v}"
    );
    // A game the computer won has no word to ask.
    let views = reversed_game(&app, "garden", 6).await;
    let id = views[0]["id"].as_str().unwrap();
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/reverse/{id}/reveal"),
        Some(json!({"word": "garden"})),
    )
    .await;
    assert_error(status, &err, StatusCode::CONFLICT);
}

/// The words a reversed game shows (`candidates`, `sample`) are the guesser's own: the
/// list's, the familiarity source's and the learned ones, the most familiar first. A word of
/// the source that the embedded list lacks fits to the end, and a board it fills with a
/// word the guesser knew teaches it nothing.
#[tokio::test]
async fn the_reversed_role_shows_the_guessers_own_words_most_familiar_first() {
    use hangman::familiarity::{self, Familiarity};
    let (app, dir) = fresh();
    let word = "everest";
    let embedded = lexicon::Lexicon::embedded();
    assert!(!embedded.contains(word) && Familiarity::get().knows(word));
    let views = reversed_game(&app, word, 6).await;
    let first = &views[0];
    // Every seven-letter word it knows, more than the list's.
    let known = hangman::strategy::Pool::new(&embedded, &[]);
    let seven = known.words().bucket(7).len();
    assert!(seven > embedded.bucket(7).len());
    assert_eq!(first["candidates"], seven, "{first}");
    let sample: Vec<&str> = first["sample"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(sample.len(), 12, "{first}");
    let top = Familiarity::get().most_familiar(
        Familiarity::get()
            .words_of_length(7)
            .map(|(w, _)| w)
            .chain(embedded.bucket(7).words()),
    );
    assert_eq!(Some(sample[0]), top, "{sample:?}");
    let weights: Vec<f64> = sample.iter().map(|w| familiarity::weight(w)).collect();
    assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{sample:?}");
    // The word fits every answer: never "no word I know fits".
    for v in &views {
        let n = v["candidates"].as_u64().unwrap();
        assert!(n >= 1, "{v}");
        if n as usize <= v["sample"].as_array().unwrap().len() {
            assert!(
                v["sample"].as_array().unwrap().contains(&json!(word)),
                "{v}"
            );
        }
    }
    let last = views.last().unwrap();
    if last["computer_won"] == true {
        assert_eq!(
            (last["candidates"].clone(), last["sample"].clone()),
            (json!(1), json!([word])),
            "{last}"
        );
    }
    let store = wordplay_scores::open(Some(&dir.path().join(wordplay_scores::FILE_NAME))).unwrap();
    assert!(store.learned_words().unwrap().is_empty());
}

/// Answers that fill the board with a word the guesser did not know end the game on that
/// word (`candidates` 0 in the answer: the page says so) and teach it: kept in the store,
/// known by the next game on this server and on another one started on the store.
#[tokio::test]
async fn a_reversed_game_on_a_board_filled_with_a_word_it_did_not_know_teaches_it() {
    let dir = tempfile::tempdir().unwrap();
    let app = router_at(dir.path(), Limits::default());
    let r = new_reverse(&app, 7, 6).await;
    let id = r["id"].as_str().unwrap().to_string();
    assert_eq!(r["guess_is_word"], false, "{r}");
    let board = r["guess"].as_str().unwrap().repeat(7);
    assert!(!lexicon::Lexicon::embedded().contains(&board));
    assert!(!hangman::familiarity::Familiarity::get().knows(&board));
    let before = r["candidates"].as_u64().unwrap();
    let (status, won) = answer(&app, &id, json!({"positions": [0, 1, 2, 3, 4, 5, 6]})).await;
    assert_eq!(status, StatusCode::OK, "{won}");
    assert_eq!(
        (won["over"].clone(), won["computer_won"].clone()),
        (json!(true), json!(true)),
        "{won}"
    );
    assert_eq!(won["candidates"], 0, "{won}");
    let store = wordplay_scores::open(Some(&dir.path().join(wordplay_scores::FILE_NAME))).unwrap();
    assert_eq!(store.learned_words().unwrap(), std::slice::from_ref(&board));
    // Known from the next game on: it fits a fresh board of seven letters, and the game
    // shows it among the words that fit once the answers spell it.
    let restarted = router_at(dir.path(), Limits::default());
    for server in [&app, &restarted] {
        let next = new_reverse(server, 7, 6).await;
        assert_eq!(next["candidates"], before + 1, "{next}");
        let (_, again) = call(server, "GET", &format!("/api/reverse/{id}"), None).await;
        assert_eq!(
            (again["candidates"].clone(), again["sample"].clone()),
            (json!(1), json!([board])),
            "{again}"
        );
    }
    // Once only.
    assert_eq!(store.learned_words().unwrap(), [board]);
}

#[tokio::test]
async fn the_last_answer_can_be_taken_back_even_after_the_end() {
    let app = app();
    let first = new_reverse(&app, 3, 1).await;
    let id = first["id"].as_str().unwrap().to_string();
    let undo = format!("/api/reverse/{id}/undo");
    assert_eq!(first["answers"], 0);
    let (status, err) = call(&app, "POST", &undo, None).await;
    assert_error(status, &err, StatusCode::CONFLICT);
    // A miss with the only life ends the game; taking it back asks the same guess again.
    let (_, lost) = answer(&app, &id, json!({"positions": []})).await;
    assert_eq!(
        (lost["over"].clone(), lost["answers"].clone()),
        (json!(true), json!(1))
    );
    let (status, back) = call(&app, "POST", &undo, None).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    let back = settled(&app, back).await;
    for key in [
        "board",
        "guess",
        "lives_left",
        "wrong",
        "over",
        "answers",
        "candidates",
    ] {
        assert_eq!(back[key], first[key], "{key}: {back} against {first}");
    }
    // Another answer goes on from there.
    let (status, on) = answer(&app, &id, json!({"positions": [0, 1, 2]})).await;
    assert_eq!(status, StatusCode::OK, "{on}");
    assert_eq!(on["computer_won"], true, "{on}");
}

#[tokio::test]
async fn an_answer_taken_back_while_thinking_and_given_otherwise_gets_a_fresh_games_guess() {
    let (eager, _dir) = eager();
    // Three letters, ten lives: no shipped table, each guess an exact search.
    let first = new_reverse(&eager, 3, 10).await;
    let id = first["id"].as_str().unwrap().to_string();
    let (_, thinking) = answer(&eager, &id, json!({"positions": []})).await;
    assert_eq!(thinking["thinking"], true, "{thinking}");
    // Taken back at once: the first guess is asked again.
    let (status, back) = call(&eager, "POST", &format!("/api/reverse/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["guess"], first["guess"], "{back}");
    assert_eq!(back["answers"], 0, "{back}");
    // Answered otherwise at once (the search for the miss may still run: its guess is
    // dropped, `Reverse::revision`): the guess asked is the one a fresh game gives.
    let (_, again) = answer(&eager, &id, json!({"positions": [0]})).await;
    let again = settled(&eager, again).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, later) = call(&eager, "GET", &format!("/api/reverse/{id}"), None).await;
    assert_eq!(later["guess"], again["guess"], "{later}");
    let fresh = new_reverse(&app(), 3, 10).await;
    assert_eq!(fresh["guess"], first["guess"]);
    let (_, fresh) = answer(
        &app(),
        fresh["id"].as_str().unwrap(),
        json!({"positions": [0]}),
    )
    .await;
    let fresh = settled(&app(), fresh).await;
    assert_eq!(later["guess"], fresh["guess"], "{later} against {fresh}");
}

#[tokio::test]
async fn a_guess_still_being_worked_out_answers_thinking_and_refuses_answers() {
    let (eager, _dir) = eager();
    let (status, r) = call(
        &eager,
        "POST",
        "/api/reverse",
        Some(json!({"length": 4, "lives": 6})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["thinking"], true, "{r}");
    assert_eq!(r["guess"], Value::Null, "{r}");
    assert_eq!(r["guesser"], "player");
    let id = r["id"].as_str().unwrap().to_string();
    let (status, err) = call(
        &eager,
        "POST",
        &format!("/api/reverse/{id}/answer"),
        Some(json!({"positions": []})),
    )
    .await;
    assert_error(status, &err, StatusCode::CONFLICT);
    // The guess comes in the background; it is the one a waiting service gives.
    let r = settled(&eager, r).await;
    let (_, waited) = call(
        &app(),
        "POST",
        "/api/reverse",
        Some(json!({"length": 4, "lives": 6})),
    )
    .await;
    let waited = settled(&app(), waited).await;
    assert_eq!(r["guess"], waited["guess"]);
    assert!(r["guess"].is_string(), "{r}");
}

#[tokio::test]
async fn a_word_outside_the_list_is_played_by_the_letter_model() {
    let app = app();
    // "crowdvote" is neither in the embedded list nor in the familiarity source: once no
    // word it knows fits, `player` goes on with its letter model (letters it has not
    // guessed, never a list word) until it finds the word or runs out of lives.
    let word = "crowdvote";
    assert!(!lexicon::Lexicon::embedded().contains(word));
    assert!(!hangman::familiarity::Familiarity::get().knows(word));
    let views = reversed_game(&app, word, 6).await;
    assert!(views.iter().all(|v| v["guesser"] == "player"), "{views:?}");
    let guesses: Vec<&str> = views.iter().filter_map(|v| v["guess"].as_str()).collect();
    let first_empty = views
        .iter()
        .position(|v| v["candidates"] == 0)
        .unwrap_or_else(|| panic!("some word of the list always fit: {views:?}"));
    let outside = &views[first_empty..];
    assert!(
        outside.iter().any(|v| v["guess"].is_string()),
        "no guess once no word fit: {views:?}"
    );
    for v in outside.iter().filter(|v| v["over"] != true) {
        assert_eq!(v["guess_is_word"], false, "{v}");
        assert_eq!(v["guess"].as_str().unwrap().len(), 1, "{v}");
    }
    let mut seen = guesses.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), guesses.len(), "a guess repeated: {guesses:?}");
    let last = views.last().unwrap();
    assert_eq!(last["over"], true);
    // Every life lost shows: a wrong letter or a wrong word.
    let lost =
        last["wrong"].as_str().unwrap().len() + last["wrong_words"].as_array().unwrap().len();
    assert_eq!(
        lost as u64,
        6 - last["lives_left"].as_u64().unwrap(),
        "{last}"
    );
    assert!(
        last["computer_won"] == true || last["lives_left"] == 0,
        "{last}"
    );
    // The same answers get the same questions.
    let again = reversed_game(&app, word, 6).await;
    let replayed: Vec<&str> = again.iter().filter_map(|v| v["guess"].as_str()).collect();
    assert_eq!(replayed, guesses);
}

#[tokio::test]
async fn blender_rounds_are_seeded_scored_ended_and_saved() {
    let app = app();
    let (status, g) = call(
        &app,
        "POST",
        "/api/blender",
        Some(json!({"seed": 7, "difficulty": "easy"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let (_, again) = call(
        &app,
        "POST",
        "/api/blender",
        Some(json!({"seed": 7, "difficulty": "easy"})),
    )
    .await;
    assert_eq!(g["letters"], again["letters"]);
    assert_ne!(g["id"], again["id"]);
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["letters"].as_str().unwrap().len(), 6);
    assert!(g["time_left_ms"].as_u64().unwrap() > 1000);
    assert_eq!(g["round_over"], false);
    let (status, p) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/guess"),
        Some(json!({"word": "zzzzzz"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p["result"], "letters_not_available");
    for bad in [
        json!({"word": ""}),
        json!({"word": "a b"}),
        json!({"word": "x".repeat(40)}),
        json!({}),
    ] {
        let (status, err) =
            call(&app, "POST", &format!("/api/blender/{id}/guess"), Some(bad)).await;
        assert_error(status, &err, StatusCode::BAD_REQUEST);
    }
    let (status, h) = call(&app, "POST", &format!("/api/blender/{id}/hint"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(h["result"], "hint");
    let (status, s) = call(&app, "POST", &format!("/api/blender/{id}/shuffle"), None).await;
    assert_eq!(status, StatusCode::OK);
    let mut a: Vec<char> = s["game"]["letters"].as_str().unwrap().chars().collect();
    let mut b: Vec<char> = g["letters"].as_str().unwrap().chars().collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/save"),
        Some(json!({"name": "x"})),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    let (status, end) = call(&app, "POST", &format!("/api/blender/{id}/end"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(end["round_over"], true);
    assert_eq!(end["game_over"], true);
    // No points: nothing to save, and nothing asked.
    assert_eq!(end["needs_name"], false);
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/save"),
        Some(json!({"name": "x"})),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    let missed = end["missed"].as_array().unwrap();
    assert_eq!(missed.len(), end["required"].as_u64().unwrap() as usize);
    assert!(
        end["groups"][0]["slots"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["state"] == "missed")
    );
    let (status, err) = call(&app, "POST", &format!("/api/blender/{id}/next"), None).await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_found_word_scores_and_names_come_back_as_given() {
    let app = app();
    // The same seed deals the same rack: one game shows the words, the other finds one.
    let (_, shown) = call(&app, "POST", "/api/blender", Some(json!({"seed": 11}))).await;
    let shown_id = shown["id"].as_str().unwrap();
    let (_, ended) = call(&app, "POST", &format!("/api/blender/{shown_id}/end"), None).await;
    let word = ended["missed"][0].as_str().unwrap().to_string();
    let (_, g) = call(&app, "POST", "/api/blender", Some(json!({"seed": 11}))).await;
    let id = g["id"].as_str().unwrap().to_string();
    let (_, p) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/guess"),
        Some(json!({"word": word.to_uppercase()})),
    )
    .await;
    assert_eq!(p["result"], "found", "{p}");
    assert_eq!(p["points"], 10u32 << (word.len() - 3));
    assert_eq!(p["game"]["score"], p["points"]);
    assert_eq!(p["game"]["found"], 1);
    call(&app, "POST", &format!("/api/blender/{id}/end"), None).await;
    for bad in [
        "",
        "  ",
        "a\0b",
        "two\nlines",
        "evil\u{202E}txt",
        &"w".repeat(25),
    ] {
        let (status, err) = call(
            &app,
            "POST",
            &format!("/api/blender/{id}/save"),
            Some(json!({"name": bad})),
        )
        .await;
        assert_error(status, &err, StatusCode::BAD_REQUEST);
    }
    let name = "<img src=x onerror=1>";
    let (status, saved) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/save"),
        Some(json!({"name": name})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert!(
        saved["top"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == name)
    );
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/save"),
        Some(json!({"name": name})),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    let (_, table) = call(&app, "GET", "/api/blender/scores", None).await;
    assert!(table.as_array().unwrap().iter().any(|s| s["name"] == name));
}

/// `GET path`, which must answer 200.
async fn get(app: &Router, path: &str) -> Value {
    let (status, v) = call(app, "GET", path, None).await;
    assert_eq!(status, StatusCode::OK, "{path}: {v}");
    v
}

/// `player`'s attempt at the daily puzzle of `date`, as the page asks for it.
async fn attempt(app: &Router, date: &str, player: &str) -> Value {
    get(
        app,
        &format!("/api/blender/daily?date={date}&player={player}"),
    )
    .await
}

/// `days` days from UTC's today, as `YYYY-MM-DD`.
fn day(days: i64) -> String {
    wordplay_scores::utc_today()
        .checked_add(jiff::Span::new().days(days))
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn the_daily_puzzle_is_one_attempt_recorded_at_its_start_and_replays_never_count() {
    let (app, _dir) = fresh();
    let today = day(0);
    let daily = |player: &str| json!({"daily": today, "player": player});
    let (status, a) = call(&app, "POST", "/api/blender", Some(daily("ann"))).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (a["daily"].as_str(), a["replay"].clone()),
        (Some(today.as_str()), json!(false))
    );
    let puzzle = a["puzzle"].as_u64().unwrap();
    assert_eq!(puzzle, u64::from(blender::daily_number(&today).unwrap()));
    // Recorded as it starts: played once, nothing to save.
    let stats = get(&app, "/api/blender/daily/stats?player=ann").await;
    assert_eq!(stats["played"], 1, "{stats}");
    let status_now = attempt(&app, &today, "ann").await;
    assert_eq!(status_now["attempt"]["finished"], false, "{status_now}");
    // A second game of the date, even before the first ends, is a replay; same rack.
    let (_, b) = call(&app, "POST", "/api/blender", Some(daily("ann"))).await;
    assert_eq!(
        (b["replay"].clone(), b["letters"].clone()),
        (json!(true), a["letters"].clone())
    );
    // The replay, played knowing every answer, counts for nothing.
    let b_id = b["id"].as_str().unwrap();
    let (_, shown) = call(
        &app,
        "POST",
        &format!("/api/blender/{}/end", a["id"].as_str().unwrap()),
        None,
    )
    .await;
    let share = shown["share"].as_str().unwrap();
    assert!(
        share.starts_with(&format!("Word Blender #{puzzle} ")),
        "{share}"
    );
    for word in shown["missed"].as_array().unwrap() {
        assert!(
            !share.contains(word.as_str().unwrap()),
            "the share line spoils nothing"
        );
        call(
            &app,
            "POST",
            &format!("/api/blender/{b_id}/guess"),
            Some(json!({"word": word})),
        )
        .await;
    }
    let (_, replayed) = call(&app, "GET", &format!("/api/blender/{b_id}"), None).await;
    assert_eq!(
        replayed["game_over"], true,
        "every word found ends it: {replayed}"
    );
    assert!(replayed["score"].as_u64().unwrap() > 0);
    assert_eq!(
        (replayed["saved"].clone(), replayed["needs_name"].clone()),
        (json!(false), json!(false))
    );
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/blender/{b_id}/save"),
        Some(json!({"name": "ann"})),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    let (_, table) = call(&app, "GET", "/api/blender/scores", None).await;
    assert!(
        table.as_array().unwrap().is_empty(),
        "a replay never enters the table: {table}"
    );
    // The attempt as it ended (no points, not won) is what counts.
    let stats = get(&app, "/api/blender/daily/stats?player=ann").await;
    assert_eq!(
        (
            stats["played"].clone(),
            stats["won"].clone(),
            stats["best_score"].clone()
        ),
        (json!(1), json!(0), json!(0)),
        "{stats}"
    );
    let after = attempt(&app, &today, "ann").await;
    assert_eq!(
        (
            after["attempt"]["finished"].clone(),
            after["attempt"]["score"].clone()
        ),
        (json!(true), json!(0)),
        "{after}"
    );
    // Another player's first attempt counts for them.
    let (_, c) = call(&app, "POST", "/api/blender", Some(daily("bob"))).await;
    assert_eq!(c["replay"], false);
    // Only the player's own date, their name, and the date's own rack.
    for bad in [
        json!({"daily": today}),
        json!({"daily": today, "player": "  "}),
        json!({"daily": today, "player": "a\u{202E}b"}),
        json!({"daily": day(-2), "player": "ann"}),
        json!({"daily": day(2), "player": "ann"}),
        json!({"daily": "2026-01-05", "player": "ann"}),
        json!({"daily": "yesterday", "player": "ann"}),
        json!({"daily": "2999-01-01", "player": "ann"}),
        json!({"daily": today, "player": "ann", "seed": 3}),
        json!({"difficulty": "extreme"}),
        json!({"seed": -3}),
    ] {
        let (status, err) = call(&app, "POST", "/api/blender", Some(bad.clone())).await;
        if bad["daily"] == "2026-01-05"
            && [day(-1), day(0), day(1)].contains(&"2026-01-05".to_string())
        {
            continue;
        }
        assert_error(status, &err, StatusCode::BAD_REQUEST);
    }
    // Yesterday and tomorrow are some player's today.
    for near in [day(-1), day(1)] {
        let (status, g) = call(
            &app,
            "POST",
            "/api/blender",
            Some(json!({"daily": near, "player": "cy"})),
        )
        .await;
        assert_eq!(
            (status, g["replay"].clone()),
            (StatusCode::OK, json!(false)),
            "{g}"
        );
    }
}

#[tokio::test]
async fn a_daily_attempt_is_saved_at_its_end_with_its_score() {
    let (app, _dir) = fresh();
    let today = day(0);
    // A replay of someone else shows the words: a fresh player then finds one.
    let (_, peek) = call(
        &app,
        "POST",
        "/api/blender",
        Some(json!({"daily": today, "player": "peek"})),
    )
    .await;
    let (_, shown) = call(
        &app,
        "POST",
        &format!("/api/blender/{}/end", peek["id"].as_str().unwrap()),
        None,
    )
    .await;
    let word = shown["missed"][0].as_str().unwrap().to_string();
    let (_, g) = call(
        &app,
        "POST",
        "/api/blender",
        Some(json!({"daily": today, "player": "dee"})),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let (_, found) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/guess"),
        Some(json!({"word": word})),
    )
    .await;
    let points = found["game"]["score"].as_u64().unwrap();
    assert!(points > 0, "{found}");
    // Its result so far is kept as it goes.
    let so_far = attempt(&app, &today, "dee").await;
    assert_eq!(
        (
            so_far["attempt"]["score"].as_u64(),
            so_far["attempt"]["finished"].clone()
        ),
        (Some(points), json!(false))
    );
    let (_, end) = call(&app, "POST", &format!("/api/blender/{id}/end"), None).await;
    assert_eq!(
        (end["saved"].clone(), end["player"].clone()),
        (json!(true), json!("dee")),
        "{end}"
    );
    let (_, table) = call(&app, "GET", "/api/blender/scores", None).await;
    let entry = table
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "dee")
        .cloned()
        .unwrap();
    assert_eq!(
        (entry["score"].as_u64(), entry["daily"].as_str()),
        (Some(points), Some(today.as_str()))
    );
    let (_, stats) = call(
        &app,
        "GET",
        &format!("/api/blender/daily/stats?player=dee&date={today}"),
        None,
    )
    .await;
    assert_eq!(
        (stats["played"].clone(), stats["best_score"].as_u64()),
        (json!(1), Some(points)),
        "{stats}"
    );
    // Saved once: a save afterwards is refused.
    let (status, err) = call(
        &app,
        "POST",
        &format!("/api/blender/{id}/save"),
        Some(json!({"name": "dee"})),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    let app = app();
    let (status, doc) = call(&app, "GET", "/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/health",
        "/api/hangman",
        "/api/hangman/verdict",
        "/api/hangman/stats",
        "/api/hangman/{id}",
        "/api/hangman/{id}/guess",
        "/api/hangman/{id}/hint",
        "/api/reverse",
        "/api/reverse/{id}",
        "/api/reverse/{id}/answer",
        "/api/reverse/{id}/reveal",
        "/api/reverse/{id}/undo",
        "/api/blender",
        "/api/blender/scores",
        "/api/blender/daily",
        "/api/blender/daily/stats",
        "/api/blender/{id}",
        "/api/blender/{id}/guess",
        "/api/blender/{id}/hint",
        "/api/blender/{id}/shuffle",
        "/api/blender/{id}/end",
        "/api/blender/{id}/next",
        "/api/blender/{id}/save",
    ] {
        assert!(
            paths.contains_key(path),
            "{path} missing from the OpenAPI document"
        );
    }
}

#[tokio::test]
async fn the_page_is_served_and_never_parses_user_strings_as_html() {
    let app = app();
    let res = app
        .clone()
        .oneshot(Request::get("/").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
            .contains("script-src 'self'")
    );
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    let html = String::from_utf8(bytes.to_vec()).unwrap();
    assert!(html.contains("<script src=\"/app.js\""));
    let res = app
        .clone()
        .oneshot(Request::get("/app.js").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    let js = String::from_utf8(bytes.to_vec()).unwrap();
    for sink in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
    ] {
        assert!(!js.contains(sink), "app.js uses {sink}");
    }
}

#[tokio::test]
async fn a_letter_guessed_twice_is_a_400_and_changes_nothing() {
    let app = app();
    let game = new_game(&app, json!({"length": 5, "lives": 6, "referee": "evil"})).await;
    let id = game["id"].as_str().unwrap();
    let guess = format!("/api/hangman/{id}/guess");
    let (status, once) = call(&app, "POST", &guess, Some(json!({"letter": "e"}))).await;
    assert_eq!(status, StatusCode::OK, "{once}");
    let (status, err) = call(&app, "POST", &guess, Some(json!({"letter": "E"}))).await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .contains("E was guessed before"),
        "{err}"
    );
    let (_, now) = call(&app, "GET", &format!("/api/hangman/{id}"), None).await;
    assert_eq!(now, once);
    // Names are checked as for the scores.
    let (status, err) = call(
        &app,
        "POST",
        "/api/hangman",
        Some(json!({"length": 5, "lives": 6, "player": "x\u{202E}y"})),
    )
    .await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
    let (status, err) = call(&app, "GET", "/api/hangman/stats?player=%0A", None).await;
    assert_error(status, &err, StatusCode::BAD_REQUEST);
}

/// Plays `letters` in hangman game `id`; the game after the last.
async fn guesses(app: &Router, id: &str, letters: &str) -> Value {
    let mut last = Value::Null;
    for letter in letters.chars() {
        let (status, g) = call(
            app,
            "POST",
            &format!("/api/hangman/{id}/guess"),
            Some(json!({"letter": letter.to_string()})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{g}");
        last = g;
    }
    last
}

#[tokio::test]
async fn every_game_survives_a_restart_of_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let first = router_at(dir.path(), Limits::default());
    let mut hangman = Vec::new();
    for referee in ["fair", "evil", "evil-lookahead", "optimal"] {
        let g = new_game(
            &first,
            json!({"length": 6, "lives": 8, "referee": referee, "player": "rey"}),
        )
        .await;
        let id = g["id"].as_str().unwrap().to_string();
        let played = guesses(&first, &id, "eat").await;
        hangman.push((id, played));
    }
    let r = new_reverse(&first, 4, 6).await;
    let rid = r["id"].as_str().unwrap().to_string();
    let (_, answered) = answer(&first, &rid, json!({"positions": [1], "guess": r["guess"]})).await;
    let answered = settled(&first, answered).await;
    // A Blender game with a word found, a hint and shuffles.
    let (_, shown) = call(&first, "POST", "/api/blender", Some(json!({"seed": 5}))).await;
    let (_, ended) = call(
        &first,
        "POST",
        &format!("/api/blender/{}/end", shown["id"].as_str().unwrap()),
        None,
    )
    .await;
    let (_, b) = call(&first, "POST", "/api/blender", Some(json!({"seed": 5}))).await;
    let bid = b["id"].as_str().unwrap().to_string();
    let word = ended["missed"][0].as_str().unwrap();
    call(
        &first,
        "POST",
        &format!("/api/blender/{bid}/guess"),
        Some(json!({"word": word})),
    )
    .await;
    call(&first, "POST", &format!("/api/blender/{bid}/hint"), None).await;
    call(&first, "POST", &format!("/api/blender/{bid}/shuffle"), None).await;
    let (_, blended) = call(&first, "POST", &format!("/api/blender/{bid}/shuffle"), None).await;
    let blended = blended["game"].clone();
    drop(first);

    // Another server on the same store: every game as it was.
    let second = router_at(dir.path(), Limits::default());
    for (id, played) in &hangman {
        let (status, now) = call(&second, "GET", &format!("/api/hangman/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{now}");
        assert_eq!(&now, played);
        // And it plays on: the cheating referees keep the family their answers left.
        let on = guesses(&second, id, "s").await;
        assert_eq!(on["guessed"], "aest", "{on}");
        let board = on["board"].as_str().unwrap();
        for (was, is) in played["board"].as_str().unwrap().chars().zip(board.chars()) {
            assert!(was == '_' || was == is, "{played} then {on}");
        }
    }
    let (_, r2) = call(&second, "GET", &format!("/api/reverse/{rid}"), None).await;
    let r2 = settled(&second, r2).await;
    for key in [
        "board",
        "guess",
        "answers",
        "lives_left",
        "wrong",
        "candidates",
    ] {
        assert_eq!(r2[key], answered[key], "{key}: {r2} against {answered}");
    }
    let (_, b2) = call(&second, "GET", &format!("/api/blender/{bid}"), None).await;
    for key in ["letters", "score", "found", "groups", "round"] {
        assert_eq!(b2[key], blended[key], "{key}: {b2} against {blended}");
    }
    // The server's clock: the round's time ran on, it did not start again.
    assert!(
        b2["time_left_ms"].as_u64() <= blended["time_left_ms"].as_u64(),
        "{b2}"
    );
}

#[tokio::test]
async fn a_game_unchanged_past_the_idle_time_is_gone() {
    let (app, _dir) = fresh_with(Limits {
        idle: Duration::from_secs(1),
        ..Limits::default()
    });
    let g = new_game(&app, json!({"length": 4, "lives": 6})).await;
    let id = g["id"].as_str().unwrap();
    assert_eq!(
        call(&app, "GET", &format!("/api/hangman/{id}"), None)
            .await
            .0,
        StatusCode::OK
    );
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (status, err) = call(&app, "GET", &format!("/api/hangman/{id}"), None).await;
    assert_error(status, &err, StatusCode::NOT_FOUND);
    assert!(err["error"].as_str().unwrap().contains("expired"), "{err}");
}

#[tokio::test]
async fn an_answer_to_a_question_no_longer_asked_is_refused() {
    let app = app();
    let r = new_reverse(&app, 5, 6).await;
    let id = r["id"].as_str().unwrap().to_string();
    let asked = r["guess"].as_str().unwrap().to_string();
    let (status, next) = answer(&app, &id, json!({"positions": [], "guess": asked})).await;
    assert_eq!(status, StatusCode::OK, "{next}");
    let next = settled(&app, next).await;
    // The second click of a double click, sent for the question before: 409, no answer.
    let (status, err) = answer(&app, &id, json!({"positions": [], "guess": asked})).await;
    assert_error(status, &err, StatusCode::CONFLICT);
    let (_, now) = call(&app, "GET", &format!("/api/reverse/{id}"), None).await;
    assert_eq!(
        (now["answers"].clone(), now["guess"].clone()),
        (json!(1), next["guess"].clone())
    );
}

#[tokio::test]
async fn pages_that_do_not_exist_are_an_html_page_and_the_api_stays_json() {
    let app = app();
    for path in ["/nowhere", "/games/hangman", "/index.php"] {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(
            res.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
            .await
            .unwrap();
        let html = String::from_utf8(bytes.to_vec()).unwrap();
        assert!(
            html.contains("Page not found") && html.contains("href=\"/\""),
            "{html}"
        );
    }
    let (status, err) = call(&app, "GET", "/api/nowhere", None).await;
    assert_error(status, &err, StatusCode::NOT_FOUND);
    for (path, kind) in [
        ("/favicon.ico", "image/x-icon"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.headers()[header::CONTENT_TYPE], kind);
    }
}
