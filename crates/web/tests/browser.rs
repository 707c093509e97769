//! The page in a real browser: headless Chromium driven over WebDriver (chromedriver), one
//! session for both sizes (the device's screen emulated through the DevTools protocol): at
//! a desktop size (1280×800, played with the keyboard alone) and a phone size (390×844,
//! played by tapping) it plays a fair game, a game against the optimal referee with hints
//! and a word guess, a reversed game with its mis-click guards and positions of 10 and
//! more, and the Word Blender daily puzzle (one attempt, the refused replay); it reloads
//! games and restarts the server under them (the same boards come back), opens a game that
//! expired, moves through the tabs with Back and Forward, shows one game in two tabs, and
//! visits a page that does not exist. At each step it measures the contrast of every text,
//! key and mark from the computed styles, checks there is no sideways scrolling, and saves
//! screenshots under `target/screenshots/` to look at.
//!
//! Needs Debian's `chromium` and `chromium-driver` (or `CHROMIUM` / `CHROMEDRIVER` naming
//! the binaries). Without them the test is ignored ("needs chromium and chromedriver"), and
//! fails in CI (`CI` set, not empty, `0` or `false`); see `wordplay-testkit`.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use wordplay_web::Limits;

/// Enter, as WebDriver sends it.
const ENTER: &str = "\u{E007}";
/// Letters in the order a simple player tries them.
const BY_FREQUENCY: &str = "esiarntolcdupmghbyfvkwzxqj";
/// The word the player thinks of in the reversed game.
const SECRET: &str = "crane";
/// How long the reversed role ignores answers after showing a new question (the page's
/// `RV_SETTLE_MS`, and a little more).
const SETTLE: Duration = Duration::from_millis(260);

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

/// The server, on a port that stays the same across restarts (the page's origin, and so
/// its stored game ids, stay the same), over the store in `data`.
struct Server {
    addr: SocketAddr,
    data: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    async fn start(data: &Path, addr: SocketAddr) -> Server {
        let store = wordplay_scores::open(Some(&data.join(wordplay_scores::FILE_NAME))).unwrap();
        let limits = Limits {
            per_second: 10_000,
            burst: 10_000,
            ..Limits::default()
        };
        let router = wordplay_web::router(store, limits).unwrap();
        // The port was just given up by the server before: bind it again, waiting out a
        // moment's TIME_WAIT if need be.
        let started = Instant::now();
        let listener = loop {
            match tokio::net::TcpListener::bind(addr).await {
                Ok(l) => break l,
                Err(e) if started.elapsed() < Duration::from_secs(10) => {
                    eprintln!("binding {addr} again: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("cannot bind {addr} again: {e}"),
            }
        };
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(wordplay_web::serve(listener, router, async {
            let _ = stopped.await;
        }));
        Server {
            addr,
            data: data.to_path_buf(),
            stop: Some(stop),
            task: Some(task),
        }
    }

    fn base(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Stops the server (requests in flight finish) and starts another on the same port
    /// and store: every game it held is in the store.
    async fn restart(&mut self) {
        self.stop().await;
        *self = Server::start(&self.data, self.addr).await;
    }

    async fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap().unwrap();
        }
    }
}

/// A DevTools command through chromedriver (`goog/cdp/execute`): the screen emulated.
#[derive(Debug)]
struct Cdp(&'static str, Value);

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.0, "params": self.1});
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// One headless Chromium session for the whole test.
async fn browser(driver: &str, chromium: &Path, profile: &Path) -> Client {
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
        "--window-size=1280,1000",
    ]
    .into_iter()
    .map(String::from)
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": chromium, "args": args }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(driver)
        .await
        .unwrap_or_else(|e| panic!("cannot start a chromium session: {e}"))
}

/// Makes the page `width`×`height`, a phone's (touch, mobile) below 800 px.
async fn emulate(c: &Client, width: u32, height: u32) {
    let phone = width < 800;
    c.issue_cmd(Cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone}),
    ))
    .await
    .unwrap();
    c.issue_cmd(Cdp(
        "Emulation.setTouchEmulationEnabled",
        json!({"enabled": phone, "maxTouchPoints": if phone { 5 } else { 1 }}),
    ))
    .await
    .unwrap();
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
        if start.elapsed() > Duration::from_secs(30) {
            let seen = c
                .execute(
                    "return [location.href, ...['hm-message', 'rv-prompt', 'bl-message'].map(id => document.getElementById(id) && document.getElementById(id).textContent)]",
                    vec![],
                )
                .await;
            panic!("timed out waiting for {what}; the page shows {seen:?}");
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// The text of element `id` as rendered (`innerText`).
async fn text(c: &Client, id: &str) -> String {
    js(
        c,
        &format!("return document.getElementById('{id}').innerText"),
    )
    .await
    .as_str()
    .unwrap_or_else(|| panic!("no element {id}"))
    .to_string()
}

async fn hidden(c: &Client, id: &str) -> bool {
    js(c, &format!("return document.getElementById('{id}').hidden"))
        .await
        .as_bool()
        .unwrap()
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

async fn select(c: &Client, id: &str, value: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// What the page shows at one size: where screenshots go and how the player plays.
struct At<'a> {
    c: &'a Client,
    dir: &'a Path,
    size: String,
    /// Desktop: the keyboard alone; phone: taps on the page.
    keyboard: bool,
}

impl At<'_> {
    async fn shot(&self, name: &str) {
        let png = self.c.screenshot().await.unwrap();
        std::fs::write(self.dir.join(format!("{}-{name}.png", self.size)), png).unwrap();
    }

    /// No sideways scrolling, and every text, key and mark has the contrast WCAG 2.2 AA
    /// asks, measured from the computed styles; then a screenshot.
    async fn look(&self, name: &str) {
        let c = self.c;
        assert_eq!(
            js(
                c,
                "return document.documentElement.scrollWidth <= window.innerWidth"
            )
            .await,
            true,
            "{}: sideways scrolling at {name}",
            self.size
        );
        let failures = js(c, CONTRAST).await;
        assert_eq!(
            failures,
            json!([]),
            "{}: contrast below WCAG 2.2 AA at {name}",
            self.size
        );
        self.shot(name).await;
    }
}

/// The measure finds what it must: the green of messages before (4.3:1), a key outlined in
/// the colour of separators (1.3:1 on the page), a revealed letter faded as disabled keys
/// were (2.7:1).
async fn contrast_measure_fails_below_the_ratios(c: &Client) {
    js(
        c,
        "const main = document.querySelector('main'); \
         const p = document.createElement('p'); p.className = 'probe'; p.textContent = 'green'; \
         p.style.color = '#2b8a3e'; p.style.background = '#fffdf9'; main.append(p); \
         const b = document.createElement('button'); b.className = 'probe'; b.textContent = 'key'; \
         b.style.border = '1px solid #ddd6ca'; b.style.background = '#fffdf9'; main.append(b); \
         const d = document.createElement('button'); d.className = 'probe cell'; d.textContent = 'R'; \
         d.disabled = true; d.style.opacity = '1'; d.style.color = 'rgba(34, 32, 28, .45)'; main.append(d);",
    )
    .await;
    let failures = js(c, CONTRAST).await;
    js(
        c,
        "document.querySelectorAll('.probe').forEach(e => e.remove())",
    )
    .await;
    let failures: Vec<String> = serde_json::from_value(failures).unwrap();
    for (what, ratio) in [
        ("\"green\"", "4.30:1"),
        ("control button.probe", "1.30:1"),
        ("\"R\"", "2.73:1"),
    ] {
        assert!(
            failures
                .iter()
                .any(|f| f.contains(what) && f.contains(ratio)),
            "the contrast measure misses {what} at {ratio}: {failures:?}"
        );
    }
}

/// Lists what falls short of WCAG 2.2 AA contrast on the page as shown: text under 4.5:1
/// (3:1 when large) against what it sits on, and keys, fields and marks (board cells'
/// lines, the gallows, tiles, word slots) under 3:1 against what they sit on. Controls that
/// show as inactive (disabled and faded) are exempt, as WCAG has them.
const CONTRAST: &str = r##"
const parse = (c) => {
  const m = /rgba?\(([^)]+)\)/.exec(c || "");
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
  return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
};
const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
// What `e` sits on: the backgrounds of it (when `own`) and its ancestors, blended.
const behind = (e, own) => {
  const layers = [];
  for (let n = own ? e : e.parentElement; n; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
  }
  let bg = { r: 255, g: 255, b: 255, a: 1 };
  for (const l of layers.reverse()) bg = over(l, bg);
  return bg;
};
const opacity = (e) => { let o = 1; for (let n = e; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity); return o; };
const shown = (e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden" && opacity(e) > 0.01;
};
const faded = (e) => e.closest(":disabled") !== null && opacity(e) < 1;
const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/).join(".") : "");
const failures = [];
for (const e of document.querySelectorAll("body *")) {
  if (!shown(e) || faded(e) || e.closest("svg")) continue;
  const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const s = getComputedStyle(e);
  if (own) {
    const fg = parse(s.color);
    const bg = behind(e, true);
    const seen = over({ ...fg, a: fg.a * opacity(e) }, bg);
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    const got = ratio(seen, bg);
    if (got < need) failures.push(`text "${e.textContent.trim().slice(0, 30)}" in ${name(e)}: ${got.toFixed(2)}:1 < ${need}:1`);
  }
  // Keys and fields: their outline, or their fill, stands out 3:1 from what they sit on.
  if (e.matches("button, input, select") && !faded(e)) {
    const outside = behind(e, false);
    const edge = parse(s.borderTopColor), fill = behind(e, true);
    const width = parseFloat(s.borderTopWidth);
    const got = Math.max(width > 0 && edge ? ratio(over(edge, outside), outside) : 1, ratio(fill, outside));
    if (got < 3) failures.push(`control ${name(e)}: ${got.toFixed(2)}:1 < 3:1`);
  }
  // Marks: the board's lines, tiles and word slots.
  if (e.matches(".cell, .tile, .slot")) {
    const outside = behind(e, false);
    const line = parse(s.borderBottomColor);
    const got = Math.max(parseFloat(s.borderBottomWidth) > 0 ? ratio(over(line, outside), outside) : 1, ratio(behind(e, true), outside));
    if (got < 3) failures.push(`mark ${name(e)}: ${got.toFixed(2)}:1 < 3:1`);
  }
}
// The gallows' strokes drawn so far.
for (const e of document.querySelectorAll("#gallows line, #gallows circle")) {
  if (Number(getComputedStyle(e).opacity) < 0.5 || !shown(document.getElementById("gallows"))) continue;
  const got = ratio(parse(getComputedStyle(e).stroke), behind(document.getElementById("gallows"), false));
  if (got < 3) failures.push(`gallows stroke: ${got.toFixed(2)}:1 < 3:1`);
}
return failures;
"##;

const HM_OVER: &str = "return !document.getElementById('hm-end').hidden";

/// The hangman board as shown (`_` for a blank cell) and the letters guessed.
async fn hangman_shown(c: &Client) -> (String, String) {
    let v = js(
        c,
        "return [[...document.querySelectorAll('#hm-board .cell')].map(e => e.textContent || '_').join(''), \
                 [...document.querySelectorAll('#hm-keys button.hit, #hm-keys button.miss')].map(b => b.dataset.letter).join('')]",
    )
    .await;
    (
        v[0].as_str().unwrap().to_string(),
        v[1].as_str().unwrap().to_string(),
    )
}

/// Starts a hangman game with the setup form.
async fn hangman_setup(at: &At<'_>, length: &str, lives: &str, referee: &str) {
    let c = at.c;
    click(c, "#tab-hangman").await;
    select(c, "hm-length", length).await;
    select(c, "hm-lives", lives).await;
    select(c, "hm-referee", referee).await;
    until(
        c,
        &format!(
            "return document.getElementById('hm-verdict').dataset.for === '{length}/{lives}/{referee}'"
        ),
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
async fn hangman_guess(at: &At<'_>, letter: char) {
    let c = at.c;
    if at.keyboard {
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

async fn fair_game(at: &At<'_>) {
    let c = at.c;
    hangman_setup(at, "5", "8", "fair").await;
    let verdict = text(c, "hm-verdict").await;
    assert!(
        verdict.starts_with("The referee picks one of ")
            && verdict.ends_with(" common words of 5 letters and keeps it."),
        "the fair game's verdict says what the player faces: {verdict}"
    );
    for letter in BY_FREQUENCY.chars() {
        if js(c, HM_OVER).await == true {
            break;
        }
        hangman_guess(at, letter).await;
    }
    assert_eq!(js(c, HM_OVER).await, true, "26 letters end any game");
    hangman_ended(c).await;
    // Hits and misses differ by more than colour: a tick, a struck-out letter, and what a
    // screen reader says.
    let marks = js(
        c,
        "const hit = document.querySelector('#hm-keys .hit'), miss = document.querySelector('#hm-keys .miss'); \
         return [getComputedStyle(hit, '::after').content, getComputedStyle(miss).textDecorationLine, \
                 hit.getAttribute('aria-label'), miss.getAttribute('aria-label')]",
    )
    .await;
    assert_eq!(marks[0], "\"✓\"", "{marks}");
    assert_eq!(marks[1], "line-through", "{marks}");
    assert!(
        marks[2].as_str().unwrap().ends_with(": in the word"),
        "{marks}"
    );
    assert!(
        marks[3].as_str().unwrap().ends_with(": not in the word"),
        "{marks}"
    );
    at.look("fair").await;
}

async fn optimal_game(at: &At<'_>) {
    let c = at.c;
    hangman_setup(at, "4", "6", "optimal").await;
    let mut hinted = 0;
    for turn in 0..26 {
        if js(c, HM_OVER).await == true {
            break;
        }
        if at.keyboard {
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
            // The pick first, then the letters.
            let pick = text(c, "hm-pick").await;
            assert!(pick.starts_with("Best guess: the letter "), "{pick}");
            at.look("optimal-hint").await;
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
        hangman_guess(at, letter).await;
        if turn == 0 {
            let value = text(c, "hm-value").await;
            assert!(value.starts_with("Optimal referee:"), "{value}");
            word_guesses(at).await;
        }
    }
    assert!(hinted > 0);
    assert_eq!(js(c, HM_OVER).await, true);
    hangman_ended(c).await;
}

/// The word box: a word the server refuses shows its reason; a wrong word costs a life.
async fn word_guesses(at: &At<'_>) {
    let c = at.c;
    let lives = text(c, "hm-lives-left").await;
    let field = c.find(Locator::Id("hm-word")).await.unwrap();
    field.click().await.unwrap();
    field.send_keys(&format!("abc1{ENTER}")).await.unwrap();
    let refused = until(
        c,
        "const m = document.getElementById('hm-message'); \
         return m.classList.contains('bad') && m.textContent.includes('abc1') ? m.textContent : ''",
        "the server's refusal of a word",
    )
    .await;
    assert_eq!(
        text(c, "hm-lives-left").await,
        lives,
        "{refused}: no life lost"
    );
    field.clear().await.unwrap();
    field.send_keys(&format!("zzzz{ENTER}")).await.unwrap();
    until(
        c,
        "return document.getElementById('hm-wrong').textContent.includes('zzzz')",
        "a wrong word",
    )
    .await;
    assert_ne!(
        text(c, "hm-lives-left").await,
        lives,
        "a wrong word costs a life"
    );
}

/// A 16-letter board is one row on any screen.
async fn long_board(at: &At<'_>) {
    let c = at.c;
    hangman_setup(at, "16", "6", "evil").await;
    let rows = js(
        c,
        "const cells = [...document.querySelectorAll('#hm-board .cell')]; \
         return new Set(cells.map(e => Math.round(e.getBoundingClientRect().top))).size",
    )
    .await;
    assert_eq!(rows, 1, "the 16 cells are one row");
    hangman_guess(at, 'e').await;
    at.look("board16").await;
}

/// What the page shows of its three games: the hangman board and letters guessed, the
/// reversed role's question, board and answers, Blender's rack, score and seconds left.
async fn games_shown(c: &Client) -> (Value, u32) {
    let v = js(
        c,
        "const cells = (id) => [...document.querySelectorAll(`#${id} .cell`)].map(e => e.lastChild ? e.lastChild.textContent : '').join('|'); \
         return [cells('hm-board'), \
                 [...document.querySelectorAll('#hm-keys button.hit, #hm-keys button.miss')].map(b => b.dataset.letter).join(''), \
                 document.getElementById('rv-prompt').textContent, cells('rv-board'), rv && rv.answers, \
                 document.getElementById('bl-rack').innerText, document.getElementById('bl-score').textContent, \
                 document.getElementById('bl-timer').textContent]",
    )
    .await;
    let timer = v[7].as_str().unwrap();
    let (m, sec) = timer.split_once(':').unwrap();
    let seconds = m.parse::<u32>().unwrap() * 60 + sec.parse::<u32>().unwrap();
    (json!(v.as_array().unwrap()[..7]), seconds)
}

/// Waits until the page has its three games back after a load.
async fn games_back(c: &Client, what: &str) {
    until(
        c,
        "return hm && rv && bl && !rv.thinking \
           && document.getElementById('hm-message').textContent.includes('your game goes on')",
        what,
    )
    .await;
}

/// Every game in progress (hangman, the reversed role's game as the guards left it, a
/// Blender round) comes back after a reload and after a restart of the server: the same
/// boards, Blender's time running on from the server's; then play goes on.
async fn games_survive(at: &At<'_>, server: &mut Server) {
    let c = at.c;
    click(c, "#tab-blender").await;
    click(c, "#bl-new").await;
    until(
        c,
        "return bl && !bl.daily && !bl.round_over",
        "a Blender game",
    )
    .await;
    click(c, "#bl-shuffle").await;
    hangman_setup(at, "7", "8", "evil").await;
    hangman_guess(at, 'e').await;
    hangman_guess(at, 'a').await;
    let (before, seconds) = games_shown(c).await;
    c.refresh().await.unwrap();
    games_back(c, "the games after a reload").await;
    let (now, left) = games_shown(c).await;
    assert_eq!(now, before, "a reload keeps every game");
    assert!(
        left <= seconds,
        "Blender's time runs on: {left} s after {seconds} s"
    );
    at.look("reloaded").await;
    server.restart().await;
    c.refresh().await.unwrap();
    games_back(c, "the games after a restart").await;
    let (now, left) = games_shown(c).await;
    assert_eq!(now, before, "a restart keeps every game");
    assert!(
        left <= seconds,
        "Blender's time runs on: {left} s after {seconds} s"
    );
    hangman_guess(at, 'o').await;
    at.shot("restarted").await;
}

/// Game ids the server does not know (expired): each tab says so and offers a new game.
async fn expired_games(at: &At<'_>) {
    let c = at.c;
    js(
        c,
        "for (const k of ['hangman', 'reverse', 'blender']) \
           localStorage.setItem('wordplay.game.' + k, '0123456789abcdef0123456789abcdef')",
    )
    .await;
    c.refresh().await.unwrap();
    for (tab, message) in [
        ("hangman", "hm-message"),
        ("reverse", "rv-prompt"),
        ("blender", "bl-message"),
    ] {
        click(c, &format!("#tab-{tab}")).await;
        until(
            c,
            &format!(
                "return document.getElementById('{message}').textContent.includes('no longer kept')"
            ),
            &format!("the {tab} game said to have expired"),
        )
        .await;
    }
    assert_eq!(text(c, "bl-timer").await, "--", "the timer stopped");
    assert_eq!(
        js(c, "return document.getElementById('bl-input').disabled").await,
        true
    );
    assert_eq!(
        js(c, "return localStorage.getItem('wordplay.game.blender')").await,
        Value::Null,
        "the id is forgotten"
    );
    at.look("expired").await;
}

/// Back and Forward move between the tabs.
async fn history(at: &At<'_>) {
    let c = at.c;
    click(c, "#tab-hangman").await;
    click(c, "#tab-reverse").await;
    click(c, "#tab-blender").await;
    let showing = "return ['hangman', 'reverse', 'blender'].filter(t => !document.getElementById(t).hidden).join()";
    c.back().await.unwrap();
    until(
        c,
        &format!("{showing} === 'reverse'"),
        "Back to the reversed role",
    )
    .await;
    c.back().await.unwrap();
    until(c, &format!("{showing} === 'hangman'"), "Back to hangman").await;
    c.forward().await.unwrap();
    until(
        c,
        &format!("{showing} === 'reverse'"),
        "Forward to the reversed role",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('tab-reverse').getAttribute('aria-selected')"
        )
        .await,
        "true"
    );
}

/// Two tabs on one game: a guess in one shows in the other.
async fn two_tabs(at: &At<'_>, base: &str) {
    let c = at.c;
    hangman_setup(at, "6", "8", "evil").await;
    let first = c.window().await.unwrap();
    let second = c.new_window(true).await.unwrap();
    c.switch_to_window(second.handle.clone()).await.unwrap();
    c.goto(base).await.unwrap();
    until(
        c,
        "return document.getElementById('hm-message').textContent.includes('your game goes on')",
        "the same game in the second tab",
    )
    .await;
    hangman_guess(at, 'e').await;
    let there = hangman_shown(c).await;
    c.close_window().await.unwrap();
    c.switch_to_window(first).await.unwrap();
    until(
        c,
        "return document.querySelector('#hm-keys [data-letter=\"e\"]').disabled",
        "the guess made in the other tab",
    )
    .await;
    assert_eq!(hangman_shown(c).await, there);
}

/// The reversed role's prompt once it changes from `before` (and the computer is not
/// thinking), after the moment the page ignores answers in.
async fn next_prompt(c: &Client, before: &str) -> String {
    let prompt = until(
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
    tokio::time::sleep(SETTLE).await;
    prompt
}

/// Starts a reversed game of `length` letters and `lives`; the letter the computer asks
/// first (upper case).
async fn start_reversed(c: &Client, length: &str, lives: &str) -> char {
    let old = js(c, "return rv ? rv.id : ''").await;
    select(c, "rv-length", length).await;
    select(c, "rv-lives", lives).await;
    click(c, "#rv-setup button[type=submit]").await;
    let prompt = until(
        c,
        &format!(
            "const p = document.getElementById('rv-prompt').textContent; \
             return rv && rv.id !== {old} && p.startsWith('I guess') ? p : ''"
        ),
        "the computer's first guess",
    )
    .await;
    tokio::time::sleep(SETTLE).await;
    prompt.as_str().unwrap()["I guess ".len()..]
        .chars()
        .next()
        .unwrap()
}

/// How many answers the reversed game shown has had (the page's own record of it).
async fn answers(c: &Client) -> usize {
    js(c, "return rv ? rv.answers : -1").await.as_u64().unwrap() as usize
}

async fn reversed_game(at: &At<'_>) {
    let c = at.c;
    click(c, "#tab-reverse").await;
    start_reversed(c, "5", "8").await;
    let mut prompt = text(c, "rv-prompt").await;
    // Cells are numbered.
    let numbers = js(
        c,
        "return [...document.querySelectorAll('#rv-board .cell .pos')].map(e => e.textContent).join()",
    )
    .await;
    assert_eq!(numbers, "1,2,3,4,5");
    for _ in 0..40 {
        if let Some(rest) = prompt.strip_prefix("Is your word ") {
            let word = rest.trim_end_matches('?').to_ascii_lowercase();
            let yes = word == SECRET;
            match (at.keyboard, yes) {
                (true, true) => keys(c, "y").await,
                (true, false) => keys(c, "n").await,
                (false, true) => click(c, "#rv-yes").await,
                (false, false) => click(c, "#rv-no").await,
            }
        } else if let Some(rest) = prompt.strip_prefix("I guess ") {
            let letter = rest.chars().next().unwrap().to_ascii_lowercase();
            for (i, _) in SECRET.char_indices().filter(|&(_, l)| l == letter) {
                if at.keyboard {
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
            if at.keyboard {
                // A digit then Enter answers: the mark stays, the answer goes.
                keys(c, ENTER).await;
            } else {
                click(c, "#rv-answer").await;
            }
        } else {
            break;
        }
        prompt = next_prompt(c, &prompt).await;
    }
    assert_eq!(
        prompt, "I got it: CRANE!",
        "the computer finds a common word"
    );
    assert_eq!(
        js(
            c,
            "return [...document.querySelectorAll('#rv-board .cell')].map(e => e.lastChild.textContent).join('')"
        )
        .await,
        SECRET
    );
    at.look("reversed").await;
}

/// The reversed role cannot be mis-clicked: a double click on "Not in my word" or `00`
/// answers once, never the next (unseen) guess; positions of 10 and more are reached from
/// the keyboard, and a digit then Enter answers.
async fn reversed_guards(at: &At<'_>) {
    let c = at.c;
    // Twelve letters: 1 then 1 is position 11, 1 then 2 position 12; Enter answers.
    let letter = start_reversed(c, "12", "6").await;
    keys(c, "11").await;
    keys(c, "12").await;
    keys(c, "3").await;
    until(
        c,
        "return [...document.querySelectorAll('#rv-board .cell')].map(e => e.classList.contains('marked') ? 'x' : '.').join('') === '..x.......xx'",
        "positions 3, 11 and 12 marked from the keyboard",
    )
    .await;
    let asked = text(c, "rv-prompt").await;
    keys(c, ENTER).await;
    next_prompt(c, &asked).await;
    let board = js(
        c,
        "return [...document.querySelectorAll('#rv-board .cell')].map(e => e.lastChild.textContent || '.').join('')",
    )
    .await;
    let l = letter.to_ascii_lowercase();
    assert_eq!(
        board,
        format!("..{l}.......{l}{l}"),
        "Enter answered the marks"
    );
    // A double click, or 0 twice: one answer.
    start_reversed(c, "5", "8").await;
    assert_eq!(answers(c).await, 0);
    let first = text(c, "rv-prompt").await;
    if at.keyboard {
        keys(c, "00").await;
    } else {
        let none = c.find(Locator::Id("rv-none")).await.unwrap();
        none.click().await.unwrap();
        // The second click of a double click, while the first is sent or just after.
        let _ = none.click().await;
    }
    let after = next_prompt(c, &first).await;
    assert_eq!(answers(c).await, 1, "one answer, not two: {after}");
    at.shot("reversed-guard").await;
}

/// A reversed game the computer loses (one life, its first letter denied): the page asks
/// the word, and a word holding the denied letter is shown not to fit the answers.
async fn reversed_loss(at: &At<'_>) {
    let c = at.c;
    let letter = start_reversed(c, "3", "1").await.to_ascii_lowercase();
    if at.keyboard {
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
    if !at.keyboard {
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
    assert!(hidden(c, "rv-reveal").await, "the word is asked once");
    // A mis-click taken back (`u`, or the button): the same letter is asked again.
    if at.keyboard {
        keys(c, "u").await;
    } else {
        click(c, "#rv-undo").await;
    }
    until(
        c,
        &format!(
            "return document.getElementById('rv-prompt').textContent.startsWith('I guess {upper}.')"
        ),
        "the same guess asked again",
    )
    .await;
    assert!(hidden(c, "rv-undo-row").await, "nothing left to undo");
}

const BL_OVER: &str = "return !document.getElementById('bl-over').hidden";

/// Submits `word` in the Blender input (typed, or spelled by tapping the tiles) and waits
/// for the answer.
async fn blender_word(at: &At<'_>, word: &str) -> String {
    let c = at.c;
    let before = text(c, "bl-message").await;
    let rack = text(c, "bl-rack").await.to_lowercase();
    if at.keyboard || !word.chars().all(|l| rack.contains(l)) {
        let input = c.find(Locator::Id("bl-input")).await.unwrap();
        input.send_keys(&format!("{word}{ENTER}")).await.unwrap();
    } else {
        for letter in word.chars() {
            // The first unused tile with that letter.
            let i = js(
                c,
                &format!(
                    "return [...document.querySelectorAll('#bl-rack .tile')]\
                     .findIndex(t => !t.classList.contains('used') && t.textContent.toLowerCase() === '{letter}')"
                ),
            )
            .await;
            let i = i.as_i64().unwrap();
            assert!(i >= 0, "no tile for {letter} in {word}");
            click(c, &format!("#bl-rack .tile:nth-child({})", i + 1)).await;
        }
        let typed = js(c, "return document.getElementById('bl-input').value").await;
        assert_eq!(typed, word, "the tiles spell the word");
        click(c, "#bl-enter").await;
    }
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

/// The words of today's daily puzzle, from a first attempt of another player through the
/// API (the page's own player has not played it).
async fn daily_words(c: &Client, peeker: &str) -> Vec<String> {
    let words = c
        .execute_async(
            "const [name, done] = arguments; \
             const d = new Date(); \
             const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; \
             const post = (p, b) => fetch(p, {method: 'POST', headers: {'content-type': 'application/json'}, body: b && JSON.stringify(b)}).then(r => r.json()); \
             post('/api/blender', {daily: date, player: name}) \
               .then(g => post(`/api/blender/${g.id}/end`)) \
               .then(g => done(g.missed));",
            vec![json!(peeker)],
        )
        .await
        .unwrap();
    serde_json::from_value(words).unwrap()
}

/// The daily puzzle: one attempt, recorded as it starts and saved at its end; "already
/// played today" with a countdown; the replay marked and never counted.
async fn blender_daily(at: &At<'_>, name: &str) {
    let c = at.c;
    click(c, "#tab-blender").await;
    let words = daily_words(c, &format!("peek-{}", at.size)).await;
    assert!(words.len() >= 3, "{words:?}");
    let field = c.find(Locator::Id("player")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&format!("{name}{ENTER}")).await.unwrap();
    js(
        c,
        "document.getElementById('player').dispatchEvent(new Event('change'))",
    )
    .await;
    until(
        c,
        "return document.getElementById('bl-today-status').textContent.includes('not played yet')",
        "today's puzzle, not played",
    )
    .await;
    click(c, "#bl-daily").await;
    until(
        c,
        "return document.getElementById('bl-title').textContent.startsWith('Daily #') \
         && !document.getElementById('bl-input').disabled",
        "the daily puzzle",
    )
    .await;
    assert!(!text(c, "bl-title").await.contains("replay"));
    let rack = text(c, "bl-rack").await.replace(['\n', ' '], "");
    let answer = blender_word(at, "zzzq").await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('bl-message').classList.contains('bad')"
        )
        .await,
        true,
        "{answer}"
    );
    for word in words.iter().take(3) {
        let answer = blender_word(at, word).await;
        assert!(answer.to_lowercase().contains(word), "{word}: {answer}");
    }
    let score: u32 = text(c, "bl-score").await.parse().unwrap();
    assert!(score > 0);
    at.look("blender-playing").await;
    // A reload keeps the game and the server's clock; so does a restart (below).
    let timer = text(c, "bl-timer").await;
    c.refresh().await.unwrap();
    until(
        c,
        &format!("return document.getElementById('bl-score').textContent === '{score}'"),
        "the daily game after a reload",
    )
    .await;
    assert_eq!(text(c, "bl-rack").await.replace(['\n', ' '], ""), rack);
    let seconds = |t: &str| {
        let (m, s) = t.split_once(':').unwrap();
        m.parse::<u32>().unwrap() * 60 + s.parse::<u32>().unwrap()
    };
    assert!(
        seconds(&text(c, "bl-timer").await) <= seconds(&timer),
        "the timer goes on from the server's time"
    );
    click(c, "#bl-end").await;
    until(c, BL_OVER, "the end of the daily round").await;
    let message = text(c, "bl-message").await;
    assert!(message.contains("Recorded."), "saved at its end: {message}");
    assert!(hidden(c, "bl-save").await, "nothing to save by hand");
    let share = text(c, "bl-share").await;
    for word in &words {
        assert!(!share.to_lowercase().contains(word.as_str()), "{share}");
    }
    until(
        c,
        &format!(
            "return [...document.querySelectorAll('#bl-table td')].some(td => td.textContent === {})",
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
        "the statistics",
    )
    .await;
    let played = js(
        c,
        "return document.querySelector('#bl-stats b').textContent",
    )
    .await;
    assert_eq!(played, "1");
    let status = until(
        c,
        "const s = document.getElementById('bl-today-status').textContent; \
         return /Already played today's puzzle #\\d+: .* Next puzzle in \\d+:\\d\\d:\\d\\d\\./.test(s) ? s : ''",
        "'already played today' with a countdown",
    )
    .await;
    assert_eq!(
        text(c, "bl-daily").await,
        "Replay (not counted)",
        "{status}"
    );
    click(c, "#bl-copy").await;
    until(
        c,
        "const m = document.getElementById('bl-message').textContent; \
         return m.startsWith('Result copied') || m.startsWith('Selected')",
        "the share line copied",
    )
    .await;
    at.look("daily-over").await;
    // The replay: marked, played to the end with every word it knows, never counted.
    let rows = "return document.querySelector('#bl-table tbody').textContent";
    let table = js(c, rows).await;
    click(c, "#bl-daily").await;
    until(
        c,
        "return document.getElementById('bl-title').textContent.includes('replay, not counted')",
        "the replay, marked",
    )
    .await;
    for word in words.iter().take(4) {
        // Typed, on the phone too: the tiles were tapped above.
        let input = c.find(Locator::Id("bl-input")).await.unwrap();
        let before = text(c, "bl-score").await;
        input.send_keys(&format!("{word}{ENTER}")).await.unwrap();
        until(
            c,
            &format!(
                "return document.getElementById('bl-score').textContent !== {}",
                json!(before)
            ),
            &format!("{word} found in the replay"),
        )
        .await;
    }
    click(c, "#bl-end").await;
    until(c, BL_OVER, "the end of the replay").await;
    assert!(
        text(c, "bl-message")
            .await
            .contains("A replay: not recorded.")
    );
    at.look("daily-replay").await;
    // The table as the server has it after the replay: as it was.
    js(c, "loadScores()").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        js(c, rows).await,
        table,
        "the replay never enters the table"
    );
}

/// A page that does not exist: an HTML page that says so and leads home; the icon is
/// served.
async fn not_found(at: &At<'_>, base: &str) {
    let c = at.c;
    c.goto(&format!("{base}no/such/page")).await.unwrap();
    let heading = c
        .find(Locator::Css("main"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(heading.starts_with("Page not found"), "{heading}");
    let home = c
        .find(Locator::Css("main a"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap();
    assert_eq!(home.as_deref(), Some("/"));
    let icon = c
        .execute_async(
            "const done = arguments[0]; fetch('/favicon.ico').then(r => done([r.status, r.headers.get('content-type')]))",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(icon, json!([200, "image/x-icon"]));
    at.look("404").await;
    c.goto(base).await.unwrap();
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
    let mut server = Server::start(data.path(), SocketAddr::from(([127, 0, 0, 1], 0))).await;
    let base = server.base();
    let (_driver, driver_url) = start_driver(&driver);
    let dir = screenshot_dir();
    let profile = tempfile::tempdir().unwrap();
    let c = browser(&driver_url, &chromium, profile.path()).await;
    for (width, height) in [(1280, 800), (390, 844)] {
        emulate(&c, width, height).await;
        c.goto(&base).await.unwrap();
        let inner = js(&c, "return [window.innerWidth, window.innerHeight]").await;
        assert_eq!(inner, json!([width, height]), "the viewport");
        if width > 800 {
            contrast_measure_fails_below_the_ratios(&c).await;
        }
        let at = At {
            c: &c,
            dir: &dir,
            size: format!("{width}x{height}"),
            keyboard: width > 800,
        };
        let name = if at.keyboard {
            "<b>desk</b>".to_string()
        } else {
            // The longest name, with no space to break at: it wraps in the table.
            "W".repeat(wordplay_scores::MAX_NAME)
        };
        let mut clock = Instant::now();
        let mut lap = |step: &str| {
            eprintln!("{} {step}: {:.1} s", at.size, clock.elapsed().as_secs_f64());
            clock = Instant::now();
        };
        fair_game(&at).await;
        lap("fair game");
        optimal_game(&at).await;
        lap("optimal game");
        long_board(&at).await;
        lap("16 letters");
        if at.keyboard {
            two_tabs(&at, &base).await;
            lap("two tabs");
        }
        history(&at).await;
        lap("history");
        reversed_game(&at).await;
        lap("reversed game");
        reversed_loss(&at).await;
        lap("reversed loss");
        reversed_guards(&at).await;
        lap("reversed guards");
        games_survive(&at, &mut server).await;
        lap("reload and restart");
        blender_daily(&at, &name).await;
        lap("daily");
        expired_games(&at).await;
        lap("expired");
        not_found(&at, &base).await;
        lap("404");
    }
    c.close().await.unwrap();
    server.stop().await;
    eprintln!("screenshots in {}", dir.display());
}
