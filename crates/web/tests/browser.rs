//! The page in a real browser: headless Chromium driven over WebDriver (chromedriver)
//! plays a whole fair game, a game against the optimal referee with hints, a reversed game
//! and a Word Blender daily round, at a desktop size (1280×800, played with the keyboard
//! alone) and a phone size (390×844, played by clicking), and saves screenshots under
//! `target/screenshots/` to look at.
//!
//! Needs Debian's `chromium` and `chromium-driver` (or `CHROMIUM` / `CHROMEDRIVER` naming
//! the binaries). Without them the test is ignored ("needs chromium and chromedriver"), and
//! fails in CI (`CI` set, not empty, `0` or `false`); see `wordplay-testkit`.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use wordplay_web::Limits;

/// Enter, as WebDriver sends it.
const ENTER: &str = "\u{E007}";
/// Letters in the order a simple player tries them.
const BY_FREQUENCY: &str = "esiarntolcdupmghbyfvkwzxqj";
/// The word the player thinks of in the reversed game.
const SECRET: &str = "crane";

/// A child process killed when dropped (chromedriver).
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver on a free port and waits until it listens.
fn start_driver(driver: &Path) -> (Killed, String) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver.display()));
    let child = Killed(child);
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let start = Instant::now();
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen on {addr}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, format!("http://{addr}"))
}

/// A headless Chromium session whose page is `width`×`height`.
async fn browser(driver: &str, chromium: &Path, profile: &Path, width: u32, height: u32) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
    ]
    .into_iter()
    .map(String::from)
    .chain([
        format!("--user-data-dir={}", profile.display()),
        format!("--window-size={width},{height}"),
    ])
    .collect::<Vec<_>>();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        // The window cannot be narrower than 500 px: emulate the device's screen instead.
        json!({
            "binary": chromium,
            "args": args,
            "mobileEmulation": { "deviceMetrics": {
                "width": width, "height": height, "pixelRatio": 1.0,
                "mobile": width < 800, "touch": width < 800,
            } },
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(driver)
        .await
        .unwrap_or_else(|e| panic!("cannot start a chromium session: {e}"))
}

/// Runs `script` (a function body) until it returns something truthy; panics after 30 s
/// naming `what`.
async fn until(c: &Client, script: &str, what: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.unwrap();
        let truthy = match &v {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::String(s) => !s.is_empty(),
            Value::Number(n) => n.as_f64() != Some(0.0),
            _ => true,
        };
        if truthy {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

async fn text(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Types `keys` as the physical keyboard would, with nothing focused.
async fn keys(c: &Client, keys: &str) {
    js(c, "document.activeElement && document.activeElement.blur()").await;
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys(keys)
        .await
        .unwrap();
}

async fn shot(c: &Client, dir: &Path, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

async fn select(c: &Client, id: &str, value: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

const HM_OVER: &str = "return !document.getElementById('hm-end').hidden";

/// Starts a hangman game with the setup form.
async fn hangman_setup(c: &Client, length: &str, lives: &str, referee: &str) {
    click(c, "#tab-hangman").await;
    select(c, "hm-length", length).await;
    select(c, "hm-lives", lives).await;
    select(c, "hm-referee", referee).await;
    until(
        c,
        "return document.getElementById('hm-verdict').textContent.includes('misses on')",
        "the verdict",
    )
    .await;
    click(c, "#hm-new").await;
    until(
        c,
        &format!(
            "return document.querySelectorAll('#hm-board .cell').length === {length} \
             && document.getElementById('hm-end').hidden \
             && document.getElementById('hm-message').textContent.includes('{referee} referee')"
        ),
        "a new hangman game",
    )
    .await;
}

/// Guesses `letter` with a key press or a click on the on-screen key, and waits for the
/// answer.
async fn hangman_guess(c: &Client, letter: char, keyboard: bool) {
    if keyboard {
        keys(c, &letter.to_string()).await;
    } else {
        click(c, &format!("#hm-keys [data-letter='{letter}']")).await;
    }
    until(
        c,
        &format!(
            "const k = document.querySelector('#hm-keys [data-letter=\"{letter}\"]'); \
             return k.classList.contains('hit') || k.classList.contains('miss')"
        ),
        &format!("the answer to {letter}"),
    )
    .await;
}

/// Checks the end of a hangman game as the page shows it.
async fn hangman_ended(c: &Client) {
    let message = text(c, "hm-message").await;
    assert!(
        message.starts_with("You win!") || message.starts_with("Hanged."),
        "{message}"
    );
    let count = text(c, "hm-alive-count").await;
    assert!(!count.is_empty(), "no count of the words still alive");
    let parts = js(
        c,
        "return document.querySelectorAll('#gallows .part.on').length",
    )
    .await;
    if message.starts_with("Hanged.") {
        assert_eq!(parts, 6, "a hanged player sees the whole drawing");
    }
}

async fn fair_game(c: &Client, keyboard: bool) {
    hangman_setup(c, "5", "8", "fair").await;
    for letter in BY_FREQUENCY.chars() {
        if js(c, HM_OVER).await == true {
            break;
        }
        hangman_guess(c, letter, keyboard).await;
    }
    assert_eq!(js(c, HM_OVER).await, true, "26 letters end any game");
    hangman_ended(c).await;
}

async fn optimal_game(c: &Client, keyboard: bool, dir: &Path, size: &str) {
    hangman_setup(c, "4", "6", "optimal").await;
    let mut hinted = 0;
    for turn in 0..26 {
        if js(c, HM_OVER).await == true {
            break;
        }
        if keyboard {
            keys(c, "?").await;
        } else {
            click(c, "#hm-hint").await;
        }
        let first = until(
            c,
            "const li = document.querySelector('#hm-hints li'); \
             return li && li.textContent !== 'thinking…' ? li.textContent : ''",
            "a hint",
        )
        .await;
        let first = first.as_str().unwrap().to_string();
        if turn == 0 {
            assert!(
                first.contains("the referee can force"),
                "the optimal referee's hint is the solver's: {first}"
            );
            shot(c, dir, &format!("{size}-optimal-hint")).await;
        }
        let letter = match first.chars().next() {
            Some(l) if l.is_ascii_lowercase() && first.contains('%') => {
                hinted += 1;
                l
            }
            // "Every useful letter is guessed": fall back on frequency.
            _ => {
                let guessed = js(
                    c,
                    "return [...document.querySelectorAll('#hm-keys button:disabled')]\
                     .map(b => b.dataset.letter).join('')",
                )
                .await;
                let guessed = guessed.as_str().unwrap().to_string();
                BY_FREQUENCY
                    .chars()
                    .find(|l| !guessed.contains(*l))
                    .unwrap()
            }
        };
        hangman_guess(c, letter, keyboard).await;
        if turn == 0 {
            let value = text(c, "hm-value").await;
            assert!(value.starts_with("Optimal referee:"), "{value}");
        }
    }
    assert!(hinted > 0);
    assert_eq!(js(c, HM_OVER).await, true);
    hangman_ended(c).await;
}

async fn reversed_game(c: &Client, keyboard: bool) {
    click(c, "#tab-reverse").await;
    select(c, "rv-length", "5").await;
    select(c, "rv-lives", "8").await;
    click(c, "#rv-setup button[type=submit]").await;
    let mut prompt = until(
        c,
        "const p = document.getElementById('rv-prompt').textContent; \
         return p.startsWith('I guess') || p.startsWith('Is your word') ? p : ''",
        "the computer's first guess",
    )
    .await
    .as_str()
    .unwrap()
    .to_string();
    for _ in 0..40 {
        if let Some(rest) = prompt.strip_prefix("Is your word ") {
            let word = rest.trim_end_matches('?').to_ascii_lowercase();
            let yes = word == SECRET;
            match (keyboard, yes) {
                (true, true) => keys(c, "y").await,
                (true, false) => keys(c, "n").await,
                (false, true) => click(c, "#rv-yes").await,
                (false, false) => click(c, "#rv-no").await,
            }
        } else if let Some(rest) = prompt.strip_prefix("I guess ") {
            let letter = rest.chars().next().unwrap().to_ascii_lowercase();
            for (i, _) in SECRET.char_indices().filter(|&(_, l)| l == letter) {
                if keyboard {
                    keys(c, &(i + 1).to_string()).await;
                } else {
                    click(c, &format!("#rv-board .cell:nth-child({})", i + 1)).await;
                }
            }
            let marked = js(
                c,
                "return document.querySelectorAll('#rv-board .cell.marked').length",
            )
            .await;
            let want = SECRET.chars().filter(|&l| l == letter).count();
            assert_eq!(marked, want, "the marks show on the board");
            if keyboard {
                keys(c, ENTER).await;
            } else {
                click(c, "#rv-answer").await;
            }
        } else {
            break;
        }
        let before = prompt.clone();
        prompt = until(
            c,
            &format!(
                "const p = document.getElementById('rv-prompt').textContent; \
                 return p !== {} && !p.startsWith('Thinking') ? p : ''",
                json!(before)
            ),
            "the computer's next move",
        )
        .await
        .as_str()
        .unwrap()
        .to_string();
    }
    assert_eq!(
        prompt, "I got it: CRANE!",
        "the computer finds a common word"
    );
    assert_eq!(
        text(c, "rv-board")
            .await
            .replace('\n', "")
            .to_ascii_lowercase(),
        SECRET
    );
}

/// Starts a reversed game of `length` letters and `lives`; the letter the computer asks
/// first (upper case).
async fn start_reversed(c: &Client, length: &str, lives: &str) -> char {
    select(c, "rv-length", length).await;
    select(c, "rv-lives", lives).await;
    click(c, "#rv-setup button[type=submit]").await;
    let prompt = until(
        c,
        "const p = document.getElementById('rv-prompt').textContent; \
         return p.startsWith('I guess') ? p : ''",
        "the computer's first guess",
    )
    .await;
    prompt.as_str().unwrap()["I guess ".len()..]
        .chars()
        .next()
        .unwrap()
}

/// A reversed game the computer loses (one life, its first letter denied): the page asks
/// the word, and a word holding the denied letter is shown not to fit the answers.
async fn reversed_loss(c: &Client, keyboard: bool, dir: &Path, size: &str) {
    let letter = start_reversed(c, "3", "1").await.to_ascii_lowercase();
    if keyboard {
        keys(c, "0").await;
    } else {
        click(c, "#rv-none").await;
    }
    until(
        c,
        "return !document.getElementById('rv-reveal').hidden && \
         document.getElementById('rv-prompt').textContent.includes('What was your word?')",
        "the question about the word",
    )
    .await;
    let field = c.find(Locator::Id("rv-secret")).await.unwrap();
    if !keyboard {
        field.click().await.unwrap();
    }
    field
        .send_keys(&format!("{letter}xx{ENTER}"))
        .await
        .unwrap();
    let verdict = until(
        c,
        "const p = document.getElementById('rv-prompt').textContent; \
         return p.includes('does not fit') ? p : ''",
        "the verdict on the word",
    )
    .await;
    let upper = letter.to_ascii_uppercase();
    assert!(
        verdict
            .as_str()
            .unwrap()
            .contains(&format!("you said {upper} was not in it")),
        "{verdict}"
    );
    assert_eq!(
        js(c, "return document.getElementById('rv-reveal').hidden").await,
        true,
        "the word is asked once"
    );
    // Answers that fill the board with a word it does not know: taken, and said to be new.
    let letter = start_reversed(c, "3", "6").await;
    for cell in 1..=3 {
        click(c, &format!("#rv-board .cell:nth-child({cell})")).await;
    }
    click(c, "#rv-answer").await;
    let filled: String = std::iter::repeat_n(letter, 3).collect();
    until(
        c,
        &format!(
            "return document.getElementById('rv-prompt').textContent === \
             'I got it: {filled}, a word I did not know.'"
        ),
        "the filled board taken as a new word",
    )
    .await;
    assert_eq!(
        text(c, "rv-cands").await,
        "No word I know fits your answers."
    );
    shot(c, dir, &format!("{size}-reversed-filled")).await;
    // A mis-click taken back (`u`, or the button): the board empties and the same letter
    // is asked again.
    if keyboard {
        keys(c, "u").await;
    } else {
        click(c, "#rv-undo").await;
    }
    until(
        c,
        &format!(
            "return document.getElementById('rv-prompt').textContent.startsWith('I guess {letter}.')"
        ),
        "the same guess asked again",
    )
    .await;
    assert_eq!(
        text(c, "rv-board").await.replace('\n', "").trim(),
        "",
        "the board is empty again"
    );
    assert_eq!(
        js(c, "return document.getElementById('rv-undo-row').hidden").await,
        true,
        "nothing left to undo"
    );
}

const BL_OVER: &str = "return !document.getElementById('bl-over').hidden";

async fn blender_daily(c: &Client) {
    click(c, "#bl-daily").await;
    until(
        c,
        "return document.getElementById('bl-title').textContent.startsWith('Daily #') \
         && !document.getElementById('bl-input').disabled \
         && document.getElementById('bl-over').hidden",
        "the daily puzzle",
    )
    .await;
}

/// Submits `word` in the Blender input and waits for the answer.
async fn blender_word(c: &Client, word: &str) -> String {
    let before = text(c, "bl-message").await;
    let input = c.find(Locator::Id("bl-input")).await.unwrap();
    input.send_keys(&format!("{word}{ENTER}")).await.unwrap();
    until(
        c,
        &format!(
            "const m = document.getElementById('bl-message').textContent; \
             return m !== {} ? m : ''",
            json!(before)
        ),
        &format!("the answer to {word}"),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

async fn blender_round(c: &Client, name: &str, dir: &Path, size: &str) {
    click(c, "#tab-blender").await;
    // First look: end the daily round at once to see the words it holds...
    blender_daily(c).await;
    let rack = text(c, "bl-rack").await.replace(['\n', ' '], "");
    assert!(rack.len() >= 6, "rack {rack:?}");
    let answer = blender_word(c, "zzzq").await;
    assert!(
        js(
            c,
            "return document.getElementById('bl-message').classList.contains('bad')"
        )
        .await
            == true,
        "{answer}"
    );
    click(c, "#bl-end").await;
    until(c, BL_OVER, "the end of the round").await;
    let missed = js(
        c,
        "return [...document.querySelectorAll('.slot.missed')].map(s => s.textContent)",
    )
    .await;
    let missed: Vec<String> = serde_json::from_value(missed).unwrap();
    assert!(missed.len() >= 3, "missed words are shown: {missed:?}");
    // ... then play the same daily rack again, knowing them.
    blender_daily(c).await;
    assert_eq!(text(c, "bl-rack").await.replace(['\n', ' '], ""), rack);
    for word in missed.iter().take(3) {
        let answer = blender_word(c, word).await;
        assert!(
            js(
                c,
                "return document.getElementById('bl-message').classList.contains('good')"
            )
            .await
                == true,
            "{word}: {answer}"
        );
    }
    let found = js(c, "return document.querySelectorAll('.slot.found').length").await;
    assert_eq!(found, 3);
    let score: u32 = text(c, "bl-score").await.parse().unwrap();
    assert!(score > 0);
    // The rack dims the letters being typed.
    let input = c.find(Locator::Id("bl-input")).await.unwrap();
    input.send_keys(&missed[0][..1]).await.unwrap();
    until(
        c,
        "return document.querySelectorAll('#bl-rack .tile.used').length === 1",
        "a dimmed letter",
    )
    .await;
    shot(c, dir, &format!("{size}-blender-playing")).await;
    click(c, "#bl-end").await;
    until(c, BL_OVER, "the end of the daily round").await;
    let share = text(c, "bl-share").await;
    assert!(share.contains("Daily #") || share.contains('#'), "{share}");
    // Spoiler-free: none of its words is a word of the round (its own few words aside).
    let own = ["word", "blender", "daily", "words", "points"];
    for token in share
        .split(|c: char| !c.is_ascii_alphabetic())
        .map(str::to_ascii_lowercase)
        .filter(|t| !t.is_empty() && !own.contains(&t.as_str()))
    {
        assert!(
            !missed.contains(&token),
            "the share line gives {token} away: {share}"
        );
    }
    let field = c.find(Locator::Id("bl-name")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&format!("{name}{ENTER}")).await.unwrap();
    until(
        c,
        &format!(
            "return [...document.querySelectorAll('#bl-table td')]\
             .some(td => td.textContent === {})",
            json!(name)
        ),
        "the name in the high-score table",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#bl-table td *').length"
        )
        .await,
        0,
        "a name is shown as text, never parsed as HTML"
    );
    until(
        c,
        "return !document.getElementById('bl-stats').hidden",
        "the daily statistics",
    )
    .await;
    click(c, "#bl-copy").await;
    until(
        c,
        "const m = document.getElementById('bl-message').textContent; \
         return m.startsWith('Result copied') || m.startsWith('Selected')",
        "the share line copied",
    )
    .await;
    shot(c, dir, &format!("{size}-blender-over")).await;
}

/// Plays every flow at one window size.
async fn play_at(
    driver: &str,
    chromium: &Path,
    base: &str,
    dir: &Path,
    (width, height): (u32, u32),
) {
    let profile = tempfile::tempdir().unwrap();
    let c = browser(driver, chromium, profile.path(), width, height).await;
    c.goto(base).await.unwrap();
    let inner = js(&c, "return [window.innerWidth, window.innerHeight]").await;
    assert_eq!(inner, json!([width, height]), "the viewport");
    let size = format!("{width}x{height}");
    // Desktop: the keyboard alone; phone: taps on the page.
    let keyboard = width > 800;
    let overflow = "return document.documentElement.scrollWidth <= window.innerWidth";
    fair_game(&c, keyboard).await;
    assert_eq!(js(&c, overflow).await, true, "no sideways scrolling");
    shot(&c, dir, &format!("{size}-fair")).await;
    optimal_game(&c, keyboard, dir, &size).await;
    shot(&c, dir, &format!("{size}-optimal")).await;
    reversed_game(&c, keyboard).await;
    assert_eq!(js(&c, overflow).await, true, "no sideways scrolling");
    shot(&c, dir, &format!("{size}-reversed")).await;
    reversed_loss(&c, keyboard, dir, &size).await;
    assert_eq!(js(&c, overflow).await, true, "no sideways scrolling");
    shot(&c, dir, &format!("{size}-reversed-lost")).await;
    let name = if keyboard {
        "<b>desk</b>"
    } else {
        "<i>phone</i>&amp;"
    };
    blender_round(&c, name, dir, &size).await;
    assert_eq!(js(&c, overflow).await, true, "no sideways scrolling");
    c.close().await.unwrap();
}

fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    let dir = target.join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(has_chromium), ignore = "needs chromium and chromedriver")]
async fn the_page_plays_every_game_in_chromium_at_desktop_and_phone_size() {
    let wordplay_testkit::Chromium {
        browser: chromium,
        driver,
    } = wordplay_testkit::chromium();
    let data = tempfile::tempdir().unwrap();
    let store = wordplay_web::open_store(Some(data.path())).unwrap();
    let limits = Limits {
        per_second: 10_000,
        burst: 10_000,
        ..Limits::default()
    };
    let router = wordplay_web::router(store, limits).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(wordplay_web::serve(listener, router, async {
        let _ = stopped.await;
    }));
    let (_driver, driver_url) = start_driver(&driver);
    let dir = screenshot_dir();
    for size in [(1280, 800), (390, 844)] {
        play_at(&driver_url, &chromium, &base, &dir, size).await;
    }
    let _ = stop.send(());
    server.await.unwrap().unwrap();
    eprintln!("screenshots in {}", dir.display());
}
