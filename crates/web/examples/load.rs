//! Load benchmark: starts the server in this process on 127.0.0.1 (a free port), has many
//! players play hangman through the HTTP API at once for a bounded time, and reports the
//! latency per endpoint (p50, p99, max, after a warm-up) and the process's memory.
//!
//! ```text
//! cargo run --release -p wordplay-web --example load -- --players 100 --seconds 30
//! ```
//!
//! Players think between moves (`--think-ms`), as people do. Most play fair or evil games
//! at 4 to 10 letters (`--referee`); `--optimal-players` of them play the optimal referee, cycling through
//! every length from 2 to 16. Every player asks for a hint every third move. The clients run in the
//! same process and on the same cores as the server, so the figures include their cost and
//! the memory is an upper bound on the server's.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Request, header};
use clap::Parser;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use wordplay_web::Limits;

/// Letters by how often they pay off; players pick among the first few still unguessed.
const BY_FREQUENCY: &str = "esiarntolcdupmghbyfvkwzxqj";

#[derive(Parser)]
#[command(about = "Plays many concurrent hangman games against an in-process server")]
struct Args {
    /// Players at once.
    #[arg(long, default_value_t = 100)]
    players: usize,
    /// Of them, how many play the optimal referee (every length 2..=16 in turn).
    #[arg(long, default_value_t = 4)]
    optimal_players: usize,
    /// How long the players play, in seconds (the run stops by itself).
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Seconds of warm-up whose timings are not counted.
    #[arg(long, default_value_t = 5)]
    warmup: u64,
    /// A player's pause between moves, in milliseconds.
    #[arg(long, default_value_t = 250)]
    think_ms: u64,
    /// The referee of the players who are not the optimal referee's: `fair`, `evil`, or
    /// `mixed` (every other player each).
    #[arg(long, default_value = "mixed", value_parser = ["fair", "evil", "mixed"])]
    referee: String,
    /// Also list this many of the slowest hints, with their boards.
    #[arg(long, default_value_t = 0)]
    slowest: usize,
}

type Http = Client<HttpConnector, Full<Bytes>>;

struct Run {
    http: Http,
    base: String,
    counted_from: Instant,
    until: Instant,
    think: Duration,
    samples: Mutex<BTreeMap<String, Vec<Duration>>>,
    /// Every counted hint: its time and what it was asked at (to name the slow ones).
    hints: Mutex<Vec<SlowHint>>,
    errors: AtomicU64,
}

/// A counted hint and the board it was asked at.
struct SlowHint {
    took: Duration,
    referee: String,
    board: String,
    wrong: String,
    candidates: u64,
}

impl Run {
    /// One API call, timed under `label`; `None` (and an error counted) if it fails.
    async fn call(
        &self,
        label: &str,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Option<Value> {
        self.timed(label, method, path, body)
            .await
            .map(|(answer, _)| answer)
    }

    /// [`Run::call`], with the time it took (counted or not).
    async fn timed(
        &self,
        label: &str,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Option<(Value, Duration)> {
        let body = body.map_or_else(Bytes::new, |b| Bytes::from(b.to_string()));
        let req = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(body))
            .expect("a valid request");
        let start = Instant::now();
        let res = self.http.request(req).await;
        let answer = match res {
            Ok(res) => {
                let status = res.status();
                let bytes = res.into_body().collect().await.ok().map(|b| b.to_bytes());
                match bytes {
                    Some(bytes) if status.is_success() => serde_json::from_slice(&bytes).ok(),
                    other => {
                        if self.errors.fetch_add(1, Ordering::Relaxed) < 5 {
                            eprintln!("{label}: {status} {other:?}");
                        }
                        None
                    }
                }
            }
            Err(e) => {
                if self.errors.fetch_add(1, Ordering::Relaxed) < 5 {
                    eprintln!("{label}: {e}");
                }
                None
            }
        };
        let took = start.elapsed();
        if start >= self.counted_from && answer.is_some() {
            self.samples
                .lock()
                .expect("not poisoned")
                .entry(label.to_string())
                .or_default()
                .push(took);
        }
        answer.map(|a| (a, took))
    }

    fn playing(&self) -> bool {
        Instant::now() < self.until
    }
}

/// Plays games until time is up: `referee` at lengths from `lengths`.
async fn player(run: &Run, referee: &str, lengths: Vec<usize>) {
    let mut turn = 0;
    while run.playing() {
        let length = lengths[turn % lengths.len()];
        turn += 1;
        let create = format!("create {referee}");
        let Some(mut game) = run
            .call(
                &create,
                Method::POST,
                "/api/hangman",
                Some(json!({ "length": length, "lives": 6, "referee": referee })),
            )
            .await
        else {
            tokio::time::sleep(run.think).await;
            continue;
        };
        let id = game["id"].as_str().unwrap_or_default().to_string();
        let mut guessed = String::new();
        let mut moves = 0;
        while game["over"] == false && run.playing() {
            tokio::time::sleep(run.think).await;
            if moves % 3 == 0 {
                let label = format!("hint {referee}");
                let asked = Instant::now();
                let hint = run
                    .timed(
                        &label,
                        Method::GET,
                        &format!("/api/hangman/{id}/hint"),
                        None,
                    )
                    .await;
                if let Some((hint, took)) = hint
                    && asked >= run.counted_from
                {
                    run.hints.lock().expect("not poisoned").push(SlowHint {
                        took,
                        referee: referee.to_string(),
                        board: game["board"].as_str().unwrap_or_default().to_string(),
                        wrong: game["wrong"].as_str().unwrap_or_default().to_string(),
                        candidates: hint["candidates"].as_u64().unwrap_or_default(),
                    });
                }
            }
            let open: Vec<char> = BY_FREQUENCY
                .chars()
                .filter(|c| !guessed.contains(*c))
                .collect();
            let Some(&letter) = open.get(rand::random_range(0..open.len().min(3))) else {
                break;
            };
            guessed.push(letter);
            moves += 1;
            let label = if referee == "optimal" {
                format!("guess optimal, {length:>2} letters")
            } else {
                format!("guess {referee}")
            };
            let path = format!("/api/hangman/{id}/guess");
            match run
                .call(
                    &label,
                    Method::POST,
                    &path,
                    Some(json!({ "letter": letter.to_string() })),
                )
                .await
            {
                Some(next) => game = next,
                None => break,
            }
        }
    }
}

/// The `q` quantile of sorted `samples`.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// `VmRSS` and `VmHWM` (peak) of this process, from `/proc/self/status`.
fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .map_or("?".to_string(), |v| v.trim().to_string())
    };
    format!("RSS {} (peak {})", field("VmRSS:"), field("VmHWM:"))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let data = tempfile::tempdir()?;
    let store = wordplay_scores::open(Some(&data.path().join(wordplay_scores::FILE_NAME)))?;
    // The players all come from 127.0.0.1: lift the per-client rate for them.
    let limits = Limits {
        per_second: 1_000_000,
        burst: 1_000_000,
        ..Limits::default()
    };
    let router = wordplay_web::router(store, limits)?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(wordplay_web::serve(listener, router, async {
        let _ = stopped.await;
    }));
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    let now = Instant::now();
    let run: &'static Run = Box::leak(Box::new(Run {
        http: Client::builder(TokioExecutor::new())
            .pool_max_idle_per_host(args.players)
            .build(connector),
        base,
        counted_from: now + Duration::from_secs(args.warmup),
        until: now + Duration::from_secs(args.warmup + args.seconds),
        think: Duration::from_millis(args.think_ms),
        samples: Mutex::new(BTreeMap::new()),
        hints: Mutex::new(Vec::new()),
        errors: AtomicU64::new(0),
    }));
    println!(
        "{} players ({} optimal) for {} s after {} s warm-up, {} ms between moves, on {}",
        args.players, args.optimal_players, args.seconds, args.warmup, args.think_ms, run.base
    );
    let mut tasks = Vec::new();
    for p in 0..args.players {
        let (referee, lengths) = if p < args.optimal_players {
            // Each optimal player starts at another length so all are covered.
            let lengths: Vec<usize> = (2..=16).cycle().skip(p * 4).take(15).collect();
            ("optimal", lengths)
        } else if args.referee == "fair" || args.referee == "mixed" && p % 2 == 0 {
            ("fair", (4..=10).collect())
        } else {
            ("evil", (4..=10).rev().collect())
        };
        tasks.push(tokio::spawn(player(run, referee, lengths)));
    }
    for t in tasks {
        t.await?;
    }
    let memory = memory();
    let _ = stop.send(());
    server.await??;
    println!(
        "{:<28} {:>7} {:>9} {:>9} {:>9}",
        "endpoint", "calls", "p50 ms", "p99 ms", "max ms"
    );
    let samples = run.samples.lock().expect("not poisoned");
    for (label, times) in samples.iter() {
        let mut sorted = times.clone();
        sorted.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{label:<28} {:>7} {:>9.2} {:>9.2} {:>9.2}",
            sorted.len(),
            ms(quantile(&sorted, 0.5)),
            ms(quantile(&sorted, 0.99)),
            ms(*sorted.last().expect("non-empty")),
        );
    }
    let mut hints = std::mem::take(&mut *run.hints.lock().expect("not poisoned"));
    hints.sort_by_key(|h| std::cmp::Reverse(h.took));
    for h in hints.iter().take(args.slowest) {
        println!(
            "slow hint {:>9.2} ms  {:<5} {:<12} wrong {:<8} words {}",
            h.took.as_secs_f64() * 1000.0,
            h.referee,
            h.board,
            h.wrong,
            h.candidates
        );
    }
    println!("errors: {}", run.errors.load(Ordering::Relaxed));
    println!("memory (server and clients): {memory}");
    Ok(())
}
