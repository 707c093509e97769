//! wordplay in the browser: an axum server with a JSON API for every game and one embedded
//! page (HTML, CSS and JavaScript, no build step) that plays them.
//!
//! [`router`] builds the whole service (tests drive it with `tower::ServiceExt::oneshot`);
//! [`serve`] runs it on a listener until a shutdown future resolves; [`run`] is what
//! `wordplay serve` calls: bind, print the URL, stop cleanly on Ctrl-C or SIGTERM.
//!
//! Games live in the SQLite store (`wordplay-scores`) beside the scores: every change is
//! written before it is answered, so a reload or a restart of the server resumes every game
//! (`games.rs`); the games in use are also kept in memory.
//!
//! Safe to expose: game ids are 128 random bits; games are capped (least recently changed
//! dropped) and expire when idle; request bodies are size-limited; each client (by IP) has
//! a rate limit (429 with `Retry-After`); slow requests time out; every API error is JSON
//! with its status; the engines' heavy calls run on the blocking pool.

// Libraries say when their functions fail (CI denies warnings).

mod app;
mod blender_routes;
mod blender_state;
mod error;
mod games;
mod guesser;
mod hangman_common;
mod hangman_routes;
mod hangman_state;
mod hint_cache;
mod page;
mod reverse_routes;

pub use app::Limits;

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use blender::{Difficulty, RoundGenerator};
use governor::clock::Clock;
use governor::{Quota, RateLimiter};
use lexicon::Lexicon;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use wordplay_scores::Store;

use crate::app::{App, blender_dictionary, blocking};
use crate::games::Games;
use crate::guesser::Guesser;

/// How often the store's write-ahead log is moved into the file: a few seconds of moves
/// (about 3 MB at 400 moves a second).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// The service over `store` (games and scores): every route, the limits, compression,
/// errors (JSON for the API, a page for an unknown page).
///
/// # Errors
///
/// If the word lists yield no Blender round or a strategy cannot be built (neither happens
/// with the embedded lists).
pub fn router(store: Store, limits: Limits) -> anyhow::Result<Router> {
    let lexicon = Arc::new(Lexicon::embedded());
    let secrets = Arc::new(lexicon.intersection(&Lexicon::common()));
    let dict = blender_dictionary();
    let generators = Difficulty::ALL
        .into_iter()
        .map(|d| {
            let words = d.words();
            RoundGenerator::new(dict, *words.start(), *words.end()).map(|g| (d, g))
        })
        .collect::<Result<Vec<_>, _>>()
        .context("dealing Word Blender rounds")?;
    let quota = Quota::per_second(NonZeroU32::new(limits.per_second.max(1)).expect("max(1)"))
        .allow_burst(NonZeroU32::new(limits.burst.max(1)).expect("max(1)"));
    let guesser = Guesser::new(lexicon.clone(), store.learned_words()?);
    let app = Arc::new(App {
        hints: hangman::hint::Hints::new(lexicon.clone(), secrets.clone()),
        lexicon,
        secrets,
        hangman: Games::new(limits.max_games, limits.idle),
        reverse: Games::new(limits.max_games, limits.idle),
        blender: Games::new(limits.max_games, limits.idle),
        generators,
        store: Arc::new(store),
        verdicts: Mutex::new(HashMap::new()),
        hint_cache: hint_cache::HintCache::new(),
        solving: Mutex::new(()),
        heavy: tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, std::num::NonZero::get),
        ),
        slow_guesses: tokio::sync::Semaphore::new(1),
        guesser,
        limiter: RateLimiter::keyed(quota),
        options: limits.clone(),
    });
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        // Every move is written before it is answered: the log is moved into the file apart
        // from those writes, every few seconds (below), so no move waits for the disk.
        app.store
            .checkpoint_apart()
            .context("opening the store's second connection")?;
        // The reversed role's guesser for six lives (the page's default), trained and built
        // now (about half a second) so that the first reversed game need not wait for it.
        let warm = app.clone();
        runtime.spawn_blocking(move || {
            warm.guesser
                .strategy(hangman::strategy::SHIPPED_MAX_WRONG)
                .map(drop)
        });
        let weak = Arc::downgrade(&app);
        runtime.spawn(async move {
            let mut every = tokio::time::interval(CHECKPOINT_EVERY);
            loop {
                every.tick().await;
                let Some(app) = weak.upgrade() else { break };
                let store = app.store.clone();
                if let Err(e) = blocking(move || Ok(store.checkpoint()?)).await {
                    eprintln!(
                        "wordplay: warning: moving the store's log failed: {}",
                        e.message
                    );
                }
            }
        });
        let weak = Arc::downgrade(&app);
        runtime.spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                // The service is gone (a test's router dropped): stop sweeping.
                let Some(app) = weak.upgrade() else { break };
                if let Err(e) = blocking(move || app.sweep()).await {
                    eprintln!(
                        "wordplay: warning: sweeping the games failed: {}",
                        e.message
                    );
                }
            }
        });
    }
    Ok(routes(app, &limits))
}

fn routes(app: Arc<App>, limits: &Limits) -> Router {
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(page::openapi))
        .route("/api/hangman", post(hangman_routes::create))
        .route("/api/hangman/verdict", get(hangman_routes::verdict))
        .route("/api/hangman/stats", get(hangman_routes::stats))
        .route("/api/hangman/{id}", get(hangman_routes::show))
        .route("/api/hangman/{id}/guess", post(hangman_routes::guess))
        .route("/api/hangman/{id}/hint", get(hangman_routes::hint))
        .route("/api/reverse", post(reverse_routes::create))
        .route("/api/reverse/{id}", get(reverse_routes::show))
        .route("/api/reverse/{id}/answer", post(reverse_routes::answer))
        .route("/api/reverse/{id}/reveal", post(reverse_routes::reveal))
        .route("/api/reverse/{id}/undo", post(reverse_routes::undo))
        .route("/api/blender", post(blender_routes::create))
        .route("/api/blender/scores", get(blender_routes::scores))
        .route("/api/blender/daily", get(blender_routes::today))
        .route("/api/blender/daily/stats", get(blender_routes::daily_stats))
        .route("/api/blender/{id}", get(blender_routes::show))
        .route("/api/blender/{id}/guess", post(blender_routes::guess))
        .route("/api/blender/{id}/hint", post(blender_routes::hint))
        .route("/api/blender/{id}/shuffle", post(blender_routes::shuffle))
        .route("/api/blender/{id}/end", post(blender_routes::end))
        .route("/api/blender/{id}/next", post(blender_routes::next))
        .route("/api/blender/{id}/save", post(blender_routes::save));
    api.merge(page::routes())
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(RequestBodyLimitLayer::new(limits.body_bytes))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        // Outside the layers that answer on their own (413, 408), so theirs are JSON too.
        .layer(middleware::from_fn(error::errors))
        .layer(middleware::from_fn_with_state(app.clone(), rate_limit))
        .with_state(app)
}

/// 429 when a client (by IP address) goes over its rate, with `Retry-After`: the whole
/// seconds until its next request is let through.
async fn rate_limit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let ip = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    if let Err(not_until) = app.limiter.check_key(&ip) {
        let wait = not_until.wait_time_from(app.limiter.clock().now());
        let seconds = wait.as_millis().div_ceil(1000).max(1);
        let mut response = error::json_error(
            StatusCode::TOO_MANY_REQUESTS,
            &format!("too many requests from this address: try again in {seconds} s"),
        );
        response.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from_str(&seconds.to_string()).expect("digits"),
        );
        return response;
    }
    next.run(request).await
}

/// `GET /api/health`: the games kept in the store, and those of them in memory.
async fn health(State(app): State<Arc<App>>) -> Result<impl IntoResponse, error::ApiError> {
    let kept = blocking(move || {
        let count = |kind| app.store.game_count(kind);
        Ok(serde_json::json!({
            "status": "ok",
            "games": {
                "hangman": count("hangman")?,
                "reverse": count("reverse")?,
                "blender": count("blender")?,
            },
            "in_memory": {
                "hangman": app.hangman.len(),
                "reverse": app.reverse.len(),
                "blender": app.blender.len(),
            },
        }))
    })
    .await?;
    Ok(axum::Json(kept))
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets requests in flight
/// finish. Idle games are swept every minute meanwhile.
///
/// # Errors
///
/// If the listener fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// What `wordplay serve` was asked for.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Address to bind.
    pub host: IpAddr,
    /// Port to bind (0: any free port).
    pub port: u16,
    /// Folder of the store (`scores.sqlite3` in it; the folder must exist); `None`: the
    /// user's data folder.
    pub data: Option<PathBuf>,
    /// The limits.
    pub limits: Limits,
}

/// Runs the server until Ctrl-C or SIGTERM: opens the store (an error before anything is
/// served), binds, prints the URL, serves, and stops cleanly.
///
/// # Errors
///
/// If the store cannot be opened, the address cannot be bound, or serving fails.
pub fn run(options: ServeOptions) -> anyhow::Result<()> {
    let path = options.data.map(|dir| dir.join(wordplay_scores::FILE_NAME));
    let store = wordplay_scores::open(path.as_deref())?;
    let store_path = store.path().to_path_buf();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let served = runtime.block_on(async move {
        let addr = SocketAddr::new(options.host, options.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let router = router(store, options.limits.clone())?;
        let local = listener.local_addr()?;
        let host = match local.ip() {
            IpAddr::V6(ip) => format!("[{ip}]"),
            IpAddr::V4(ip) => ip.to_string(),
        };
        println!("wordplay: serving on http://{host}:{}/", local.port());
        println!("wordplay: scores in {}", store_path.display());
        println!("wordplay: Ctrl-C to stop");
        serve(listener, router, shutdown_signal()).await?;
        println!("wordplay: stopped");
        anyhow::Ok(())
    });
    // Requests in flight have finished; a guess still being worked out for a game nobody
    // waits on is dropped rather than waited for.
    runtime.shutdown_background();
    served
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
