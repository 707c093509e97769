// wordplay's page: plain JavaScript over the JSON API. User strings (names) are only ever
// set with textContent, never parsed as HTML.
//
// Games live on the server: the page keeps the id of each tab's game in localStorage, so a
// reload (or a restarted server) resumes it, and tells its other tabs what changed
// (BroadcastChannel), so two tabs on one game show the same game.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

/// `n word` or `n words`; `many` for irregular plurals.
function plural(n, word, many) {
  return `${n.toLocaleString()} ${n === 1 ? word : (many || word + "s")}`;
}

/// A failed request: its message, and its status (404/410: the game is gone).
class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch (_) { /* not JSON */ }
  if (!res.ok) throw new ApiError((data && data.error) || res.statusText, res.status);
  return data;
}

/// Whether an error means the game is no longer kept (expired, or never existed).
function gone(err) {
  return err instanceof ApiError && (err.status === 404 || err.status === 410);
}

const EXPIRED = "This game is no longer kept (a game expires an hour after its last move). Start a new one.";

function say(target, text, kind) {
  const m = $(target);
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

function player() {
  return $("player").value.trim();
}

function fillSelect(select, from, to, chosen) {
  for (let n = from; n <= to; n++) {
    const o = el("option", n);
    o.value = n;
    if (n === chosen) o.selected = true;
    select.append(o);
  }
}

// ---------------------------------------------------------------- games kept
// The id of each kind's game, kept across reloads; other tabs learn of changes.
const kept = {
  get: (kind) => localStorage.getItem("wordplay.game." + kind),
  set(kind, id) {
    if (id) localStorage.setItem("wordplay.game." + kind, id);
    else localStorage.removeItem("wordplay.game." + kind);
  },
};
const channel = "BroadcastChannel" in window ? new BroadcastChannel("wordplay") : null;
function changed(kind, id) {
  if (channel) channel.postMessage({ kind, id });
}

// ---------------------------------------------------------------- tabs
const tabs = ["hangman", "reverse", "blender"];
let active = "hangman";

/// Shows tab `name`; `how` is "click" (a new history entry), "key" (also focuses the tab)
/// or "history" (Back/Forward or the page's first load: the address stays as it is).
function showTab(name, how) {
  active = name;
  for (const t of tabs) {
    const on = t === name;
    $("tab-" + t).setAttribute("aria-selected", String(on));
    $("tab-" + t).tabIndex = on ? 0 : -1;
    $(t).hidden = !on;
  }
  if (how === "key") $("tab-" + name).focus();
  if (how !== "history" && location.hash !== "#" + name) location.hash = name;
  if (name === "blender") { loadScores(); dailyStatus(); }
}

for (const t of tabs) {
  $("tab-" + t).addEventListener("click", () => showTab(t, "click"));
  $("tab-" + t).addEventListener("keydown", (e) => {
    const i = tabs.indexOf(t);
    if (e.key === "ArrowRight") showTab(tabs[(i + 1) % tabs.length], "key");
    if (e.key === "ArrowLeft") showTab(tabs[(i + tabs.length - 1) % tabs.length], "key");
  });
}
window.addEventListener("hashchange", () => {
  const name = location.hash.slice(1);
  if (tabs.includes(name) && name !== active) showTab(name, "history");
});

$("player").value = localStorage.getItem("wordplay.player") || "";
$("player").addEventListener("change", () => {
  localStorage.setItem("wordplay.player", player());
  refreshTally();
  dailyStatus();
});

function typing(e) {
  const t = e.target;
  return t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA");
}

// ---------------------------------------------------------------- hangman
let hm = null;

fillSelect($("hm-length"), 2, 16, 6);
fillSelect($("hm-lives"), 1, 12, 6);
fillSelect($("rv-length"), 2, 16, 5);
fillSelect($("rv-lives"), 1, 12, 6);

const keys = $("hm-keys");
for (const c of "abcdefghijklmnopqrstuvwxyz") {
  const b = el("button", c);
  b.type = "button";
  b.dataset.letter = c;
  b.disabled = true;
  b.setAttribute("aria-label", "guess " + c.toUpperCase());
  b.addEventListener("click", () => hmGuess({ letter: c }));
  keys.append(b);
}

// What the player faces, before the game: a fair referee's pool of words, or what a
// perfect cheat forces at that length and lives (proven by the solver).
async function verdict() {
  const length = Number($("hm-length").value), lives = Number($("hm-lives").value);
  const referee = $("hm-referee").value;
  const key = `${length}/${lives}/${referee}`;
  const v = $("hm-verdict");
  v.dataset.for = "";
  const face = {
    fair: "The referee picks a common word and keeps it.",
    evil: "The referee cheats: it commits to no word and keeps the most words it can after each guess.",
    "evil-lookahead": "The referee cheats and looks ahead: it keeps the words that will cost you the most misses.",
    optimal: "The referee cheats perfectly: after each guess the solver keeps the words worth the most misses.",
  }[referee];
  v.textContent = face;
  try {
    const r = await api("GET", `/api/hangman/verdict?length=${length}&lives=${lives}`);
    if (`${$("hm-length").value}/${$("hm-lives").value}/${$("hm-referee").value}` !== key) return;
    if (referee === "fair") {
      v.textContent = `The referee picks one of ${plural(r.fair_words, "common word")} of ${length} letters and keeps it.`;
    } else {
      // Unsettled bounds name what is proven: at least the lower, at most the upper.
      const m = r.misses_lower === r.misses_upper ? `${r.misses_lower}` : `${r.misses_lower} to ${r.misses_upper}`;
      const who = r.guesser_wins === null ? "not proven in the time allowed"
        : r.guesser_wins ? "a perfect guesser wins" : "even a perfect guesser loses";
      v.textContent = `${face} Against a perfect cheat with ${plural(lives, "life", "lives")}: ${who} ` +
        `(${m} misses forced among ${plural(r.words, "word")} of ${length} letters).`;
    }
  } catch (err) {
    v.textContent = `${face} (No verdict: ${err.message})`;
  }
  v.dataset.for = key;
}
$("hm-length").addEventListener("change", verdict);
$("hm-lives").addEventListener("change", verdict);
$("hm-referee").addEventListener("change", verdict);

function drawGallows(wrong, lives) {
  const parts = document.querySelectorAll("#gallows .part");
  // Spread the six parts over the lives: the last part goes up with the last life.
  const shown = lives > 0 ? Math.round((Math.min(wrong, lives) / lives) * parts.length) : 0;
  parts.forEach((p, i) => p.classList.toggle("on", i < shown));
  $("gallows").setAttribute("aria-label", `gallows: ${plural(wrong, "wrong guess", "wrong guesses")} of ${plural(lives, "life", "lives")}`);
}

function renderHangman() {
  const g = hm;
  const board = $("hm-board");
  board.replaceChildren();
  board.style.setProperty("--n", g.length);
  [...g.board].forEach((ch, i) => {
    let text = ch === "_" ? "" : ch;
    let cls = "cell";
    if (g.over && ch === "_" && g.word) { text = g.word[i]; cls += " missed"; }
    board.append(el("span", text, cls));
  });
  const spoken = [...g.board].map((c) => (c === "_" ? "blank" : c.toUpperCase())).join(" ");
  board.setAttribute("aria-label", `board, ${plural(g.length, "letter")}: ${spoken}`);
  $("hm-lives-left").textContent = `${plural(g.lives_left, "life", "lives")} left of ${g.lives}`;
  $("hm-wrong").textContent = g.wrong + (g.wrong_words.length ? " " + g.wrong_words.join(" ") : "");
  drawGallows(g.lives - g.lives_left, g.lives);
  for (const b of keys.children) {
    const c = b.dataset.letter;
    const guessed = g.guessed.includes(c);
    const miss = g.wrong.includes(c);
    b.disabled = g.over || guessed;
    b.classList.toggle("hit", guessed && !miss);
    b.classList.toggle("miss", miss);
    b.setAttribute("aria-label", `${c.toUpperCase()}${guessed ? (miss ? ": not in the word" : ": in the word") : ": guess it"}`);
  }
  $("hm-hint").disabled = g.over;
  $("hm-word").disabled = g.over;
  $("hm-word-go").disabled = g.over;
  $("hm-value").textContent = valueText(g);
  if (g.over) {
    const who = g.referee === "fair" ? "The word was" : "The referee settled on";
    if (g.won) say("hm-message", `You win! The word was ${g.word.toUpperCase()}. Enter for a new game.`, "good");
    else say("hm-message", `Hanged. ${who} ${g.word.toUpperCase()}. Enter for a new game.`, "bad");
    $("hm-end").hidden = false;
    $("hm-alive-count").textContent = g.alive ? g.alive.count.toLocaleString() : "0";
    const more = g.alive && g.alive.count > g.alive.words.length ? " …" : "";
    $("hm-alive").textContent = g.alive ? g.alive.words.join(" ") + more : "";
    clearAdvice();
    refreshTally();
  } else {
    $("hm-end").hidden = true;
  }
}

function valueText(g) {
  if (!g.value) return g.referee === "optimal" ? "The optimal referee answers with the family worth the most misses." : "";
  const v = g.value;
  const n = v.exact ? `exactly ${v.lower}` : `${v.lower} to ${v.upper}`;
  return `Optimal referee: after its last answer it can force ${n} more miss${v.upper === 1 && v.exact ? "" : "es"} ` +
    (v.exact ? "(solved exactly)." : "(best proven bounds within its time per move).");
}

/// Sets the choices of `select` to `value` when it offers it (a game resumed shows its own).
function choose(select, value) {
  const s = $(select);
  if ([...s.options].some((o) => o.value === String(value)) && s.value !== String(value)) {
    s.value = String(value);
    return true;
  }
  return false;
}

/// Shows game `g` (a new one, or one resumed) and keeps its id.
function hmShow(g, message) {
  hm = g;
  kept.set("hangman", g.id);
  const moved = [choose("hm-length", g.length), choose("hm-lives", g.lives), choose("hm-referee", g.referee)];
  if (moved.some(Boolean)) verdict();
  clearAdvice();
  if (message) say("hm-message", message);
  renderHangman();
}

async function hmNew(e) {
  if (e) e.preventDefault();
  try {
    const g = await api("POST", "/api/hangman", {
      length: Number($("hm-length").value),
      lives: Number($("hm-lives").value),
      referee: $("hm-referee").value,
      player: player() || undefined,
    });
    hmShow(g, `${plural(g.length, "letter")} against the ${g.referee} referee. Type a letter.`);
    changed("hangman", g.id);
    document.activeElement && document.activeElement.blur();
  } catch (err) {
    say("hm-message", err.message, "bad");
  }
}
$("hm-setup").addEventListener("submit", hmNew);

/// The game is gone (expired, or the store lost it): say so and offer a new one.
function hmGone() {
  hm = null;
  kept.set("hangman", null);
  for (const b of keys.children) b.disabled = true;
  $("hm-hint").disabled = true;
  $("hm-word").disabled = true;
  $("hm-word-go").disabled = true;
  clearAdvice();
  say("hm-message", EXPIRED, "bad");
  $("hm-new").focus();
}

let hmBusy = false;
/// Guesses `{letter}` or `{word}`; the server says why a word is refused (400).
async function hmGuess(guess) {
  if (!hm || hm.over || hmBusy) return;
  if (guess.letter && hm.guessed.includes(guess.letter)) {
    say("hm-message", `${guess.letter.toUpperCase()} is guessed already: try another letter.`);
    return;
  }
  hmBusy = true;
  try {
    const before = hm;
    hm = await api("POST", `/api/hangman/${hm.id}/guess`, guess);
    changed("hangman", hm.id);
    if (!hm.over) {
      if (guess.letter) {
        const l = guess.letter.toUpperCase();
        const hit = !hm.wrong.includes(guess.letter);
        const count = [...hm.board].filter((c) => c === guess.letter).length;
        say("hm-message", hit ? `Yes: ${l} is in the word, ${count === 1 ? "once" : count + " times"}.` : `No ${l}: ${plural(hm.lives_left, "life", "lives")} left.`, hit ? "good" : "bad");
      } else if (hm.wrong_words.length > before.wrong_words.length) {
        say("hm-message", `Not ${guess.word.toUpperCase()}: ${plural(hm.lives_left, "life", "lives")} left.`, "bad");
      }
    }
    $("hm-word").value = "";
    clearAdvice();
    renderHangman();
    // The game is over: the next thing to do is a new game.
    if (hm.over) $("hm-new").focus();
  } catch (err) {
    if (gone(err)) hmGone();
    else say("hm-message", err.message, "bad");
  } finally {
    hmBusy = false;
  }
}

$("hm-word-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const word = $("hm-word").value.trim().toLowerCase();
  if (!word) { $("hm-word").focus(); return; }
  hmGuess({ word });
});

function clearAdvice() {
  $("hm-hints").replaceChildren();
  $("hm-pick").hidden = true;
  $("hm-guess-pick").hidden = true;
  $("hm-words").hidden = true;
}

// The hint: its pick first (a letter, or a word with a button to guess it), then the best
// letters, then the words still possible when few are left.
async function hmHint() {
  if (!hm || hm.over) return;
  clearAdvice();
  const list = $("hm-hints");
  list.replaceChildren(el("li", "thinking…"));
  try {
    const h = await api("GET", `/api/hangman/${hm.id}/hint`);
    list.replaceChildren();
    const kind = h.pick_kind || (h.pick.length > 1 ? "word" : "letter");
    if (h.pick) {
      const pick = $("hm-pick");
      pick.replaceChildren(kind === "word" ? "Best guess: the word " : "Best guess: the letter ", el("b", h.pick));
      if (typeof h.pick_expected_score === "number") pick.append(` (expected score ${h.pick_expected_score.toFixed(2)})`);
      pick.hidden = false;
      const button = $("hm-guess-pick");
      button.hidden = kind !== "word";
      button.dataset.word = h.pick;
    }
    if (!h.letters.length) list.append(el("li", "Every useful letter is guessed: guess the word."));
    for (const l of h.letters.slice(0, 5)) {
      const li = el("li");
      li.append(el("b", l.letter));
      let text = ` ${(l.odds * 100).toFixed(0)}% of ${plural(h.candidates, "word")}`;
      if (l.expected_score !== null && l.expected_score !== undefined) text += `, expected score ${l.expected_score.toFixed(2)}`;
      if (l.misses) {
        const m = l.misses.exact ? `${l.misses.lower}` : `${l.misses.lower}–${l.misses.upper}`;
        text += `; the referee can force ${m} more miss${m === "1" ? "" : "es"}`;
      }
      li.append(document.createTextNode(text));
      list.append(li);
    }
    if (h.words && h.words.length) {
      $("hm-words").textContent = `Still possible: ${h.words.join(" ")}`;
      $("hm-words").hidden = false;
    }
  } catch (err) {
    if (gone(err)) hmGone();
    else list.replaceChildren(el("li", err.message));
  }
}
$("hm-hint").addEventListener("click", hmHint);
$("hm-guess-pick").addEventListener("click", () => hmGuess({ word: $("hm-guess-pick").dataset.word }));

async function refreshTally() {
  const p = player();
  if (!p) { $("hm-tally").textContent = "Give your name (top right) to count your wins."; return; }
  try {
    const t = await api("GET", `/api/hangman/stats?player=${encodeURIComponent(p)}`);
    $("hm-tally").textContent = `${p}: ${t.wins} won, ${t.losses} lost`;
  } catch (err) { $("hm-tally").textContent = err.message; }
}

// ---------------------------------------------------------------- reversed
let rv = null;
let marks = new Set();
// The verdict on the word the player named after the computer lost (null until then).
let rvRevealed = null;
// An answer is being sent: every input is ignored until it is in.
let rvBusy = false;
// When the question shown was first shown: a click or key within a moment of it (the second
// half of a double click, `00`) was meant for the question before and is ignored.
let rvAskedAt = 0;
let rvAsked = null;
const RV_SETTLE_MS = 250;
// Digits typed for a position of 10 or more, and when the number is taken as typed.
let rvDigits = "";
let rvDigitsTimer = null;

function renderReverse() {
  const r = rv;
  const question = r.thinking || r.over ? null : `${r.answers}:${r.guess}`;
  if (question !== rvAsked) { rvAsked = question; rvAskedAt = performance.now(); }
  const board = $("rv-board");
  const focused = [...board.children].indexOf(document.activeElement);
  board.replaceChildren();
  board.style.setProperty("--n", r.length);
  const marking = !(r.over || r.thinking || r.guess_is_word || rvBusy);
  [...r.board].forEach((ch, i) => {
    const b = el("button", null, "cell");
    b.type = "button";
    b.append(el("span", i + 1, "pos"));
    b.append(document.createTextNode(ch === "_" ? (marks.has(i) ? r.guess : "") : ch));
    const what = ch === "_" ? (marks.has(i) ? `marked ${r.guess.toUpperCase()}` : "blank") : ch.toUpperCase();
    b.setAttribute("aria-label", `position ${i + 1}: ${what}`);
    b.setAttribute("aria-pressed", String(marks.has(i)));
    if (marks.has(i)) b.classList.add("marked");
    b.disabled = !marking || ch !== "_";
    b.addEventListener("click", () => toggleMark(i, true));
    board.append(b);
  });
  if (focused >= 0 && board.children[focused] && !board.children[focused].disabled) board.children[focused].focus();
  $("rv-lives-left").textContent = `My lives: ${r.lives_left} of ${r.lives}`;
  $("rv-wrong").textContent = [r.wrong, ...r.wrong_words].filter(Boolean).join(" ");
  $("rv-answer-row").hidden = r.over || r.thinking || r.guess_is_word;
  $("rv-word-row").hidden = r.over || r.thinking || !r.guess_is_word;
  $("rv-keys-help").hidden = r.over || r.thinking || r.guess_is_word;
  for (const id of ["rv-answer", "rv-none", "rv-yes", "rv-no", "rv-undo"]) $(id).disabled = rvBusy;
  $("rv-undo-row").hidden = !r.answers || r.thinking;
  // Out of guesses, the computer asks the word (once) and checks it against the answers.
  const hideReveal = !r.over || r.computer_won || rvRevealed !== null;
  if ($("rv-reveal").hidden && !hideReveal && active === "reverse") setTimeout(() => $("rv-secret").focus(), 0);
  $("rv-reveal").hidden = hideReveal;
  if (r.thinking) {
    say("rv-prompt", "Thinking… A first game at this length and number of lives can take a while (with 6 lives I am quick).");
  } else if (r.over && rvRevealed) {
    say("rv-prompt", rvRevealed.message, rvRevealed.fits ? "good" : "bad");
  } else if (r.over) {
    // A board the answers filled with no word the computer knows fitting is taken as the word,
    // and said to be new to the computer, which learns it (the terminal asks first; here answers are final).
    const found = r.candidates ? `I got it: ${r.board.toUpperCase()}!` : `I got it: ${r.board.toUpperCase()}, a word I did not know.`;
    say("rv-prompt", r.computer_won ? found : "You win: I am out of lives. What was your word?", r.computer_won ? "bad" : "good");
  } else if (r.guess_is_word) {
    say("rv-prompt", `Is your word ${r.guess.toUpperCase()}?`);
  } else {
    const pending = rvDigits ? ` (position ${rvDigits}…)` : "";
    say("rv-prompt", `I guess ${r.guess.toUpperCase()}. Mark each position where it is (click, or type its number), then Answer.${pending}`);
  }
  const cands = $("rv-cands");
  if (r.candidates) {
    cands.replaceChildren(r.candidates === 1 ? "The one word I know that fits: " : `${plural(r.candidates, "word")} I know fit: `,
      el("span", r.sample.join(" ") + (r.candidates > r.sample.length ? " …" : ""), "words"));
  } else {
    cands.textContent = r.over ? "No word I know fits your answers." : "No word I know fits: I guess by letter odds now.";
  }
}

/// Shows reversed game `r` and keeps its id.
function rvShow(r) {
  if (!rv || rv.id !== r.id || rv.answers !== r.answers || rv.guess !== r.guess) marks = new Set();
  rv = r;
  kept.set("reverse", r.id);
  choose("rv-length", r.length);
  choose("rv-lives", r.lives);
  renderReverse();
  awaitGuess();
}

function rvGone() {
  rv = null;
  kept.set("reverse", null);
  marks = new Set();
  $("rv-board").replaceChildren();
  for (const id of ["rv-answer-row", "rv-word-row", "rv-undo-row", "rv-reveal", "rv-keys-help"]) $(id).hidden = true;
  $("rv-cands").textContent = "";
  say("rv-prompt", EXPIRED, "bad");
  $("rv-start").focus();
}

// While the computer works out its guess, ask again until it is in (only the game shown).
let rvPoll = null;
function awaitGuess() {
  clearTimeout(rvPoll);
  if (!rv || !rv.thinking) return;
  const id = rv.id;
  rvPoll = setTimeout(async () => {
    try {
      const r = await api("GET", `/api/reverse/${id}`);
      if (!rv || rv.id !== id) return;
      rvShow(r);
    } catch (err) {
      if (gone(err)) rvGone(); else say("rv-prompt", err.message, "bad");
    }
  }, 400);
}

/// Whether the player may answer the question shown now.
function rvReady() {
  return rv && !rv.over && !rv.thinking && !rvBusy && performance.now() - rvAskedAt >= RV_SETTLE_MS;
}

function toggleMark(i, clicked) {
  if (!rvReady() || rv.guess_is_word || i < 0 || i >= rv.length || rv.board[i] !== "_") return;
  if (marks.has(i)) marks.delete(i); else marks.add(i);
  renderReverse();
  if (clicked) $("rv-board").children[i].focus();
}

$("rv-setup").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    marks = new Set();
    rvRevealed = null;
    $("rv-secret").value = "";
    const r = await api("POST", "/api/reverse", { length: Number($("rv-length").value), lives: Number($("rv-lives").value) });
    rvShow(r);
    changed("reverse", r.id);
    document.activeElement && document.activeElement.blur();
  } catch (err) { say("rv-prompt", err.message, "bad"); }
});

/// Sends an answer to the question shown (it names that question: an answer the server
/// no longer waits for is refused, never taken for the next one).
async function rvAnswer(body) {
  if (!rvReady()) return;
  rvBusy = true;
  renderReverse();
  try {
    const r = await api("POST", `/api/reverse/${rv.id}/answer`, { ...body, guess: rv.guess });
    marks = new Set();
    rvBusy = false;
    rvShow(r);
    changed("reverse", r.id);
  } catch (err) {
    rvBusy = false;
    if (gone(err)) { rvGone(); return; }
    if (err.status === 409 && rv) {
      // Another tab answered first, or the computer is still thinking: show the game now.
      try { rvShow(await api("GET", `/api/reverse/${rv.id}`)); } catch (_) { /* shown below */ }
    } else if (rv) renderReverse();
    say("rv-prompt", err.message, "bad");
  }
}
$("rv-answer").addEventListener("click", () => rvAnswer({ positions: [...marks] }));
$("rv-none").addEventListener("click", () => { if (rvReady()) { marks = new Set(); rvAnswer({ positions: [] }); } });
// Takes back the last answer (also after the end); the computer asks that guess again.
async function rvUndo() {
  if (!rv || !rv.answers || rvBusy) return;
  rvBusy = true;
  try {
    const r = await api("POST", `/api/reverse/${rv.id}/undo`);
    marks = new Set();
    rvRevealed = null;
    rvBusy = false;
    rvShow(r);
    changed("reverse", r.id);
  } catch (err) {
    rvBusy = false;
    if (gone(err)) rvGone(); else say("rv-prompt", err.message, "bad");
  }
}
$("rv-undo").addEventListener("click", rvUndo);

$("rv-reveal").addEventListener("submit", async (e) => {
  e.preventDefault();
  if (!rv || !rv.over || rv.computer_won) return;
  try {
    rvRevealed = await api("POST", `/api/reverse/${rv.id}/reveal`, { word: $("rv-secret").value });
    renderReverse();
  } catch (err) {
    if (gone(err)) rvGone(); else say("rv-prompt", err.message, "bad");
  }
});
$("rv-yes").addEventListener("click", () => rvAnswer({ correct: true }));
$("rv-no").addEventListener("click", () => rvAnswer({ correct: false }));

/// A digit typed in the reversed role: a position (1-9 at once; for words of 10 letters or
/// more a 1 waits a moment for a second digit), or 0 alone for "not in my word".
function rvDigit(d) {
  clearTimeout(rvDigitsTimer);
  if (!rvDigits && d === "0") {
    if (rvReady()) { marks = new Set(); rvAnswer({ positions: [] }); }
    return;
  }
  const typed = rvDigits + d;
  rvDigits = "";
  if (typed.length === 1 && Number(typed) * 10 <= rv.length) {
    // It may begin a position of 10 or more: wait a moment for a second digit.
    rvDigits = typed;
    renderReverse();
    rvDigitsTimer = setTimeout(rvTakeDigits, 800);
    return;
  }
  if (Number(typed) > rv.length) {
    // Two digits that make no position: two positions.
    toggleMark(Number(typed[0]) - 1, false);
    if (typed[1] !== "0") toggleMark(Number(typed[1]) - 1, false);
    return;
  }
  toggleMark(Number(typed) - 1, false);
}

/// Takes the digit waiting for a second one as the position it names.
function rvTakeDigits() {
  clearTimeout(rvDigitsTimer);
  const n = Number(rvDigits);
  rvDigits = "";
  if (n >= 1) toggleMark(n - 1, false);
  else if (rv) renderReverse();
}

// ---------------------------------------------------------------- blender
let bl = null;
let timer = null;
let deadline = 0;

/// The player's date, `YYYY-MM-DD` (the daily puzzle is theirs, not the server's).
function localDate() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/// Which rack letters the typed word uses (each rack letter once).
function usedTiles() {
  const typed = $("bl-input").value.toLowerCase();
  const used = new Array(bl.letters.length).fill(false);
  for (const c of typed) {
    const i = [...bl.letters.toLowerCase()].findIndex((l, j) => l === c && !used[j]);
    if (i >= 0) used[i] = true;
  }
  return used;
}

function rackTiles() {
  const used = usedTiles();
  const rack = $("bl-rack");
  rack.replaceChildren();
  const playing = !bl.round_over;
  [...bl.letters].forEach((c, i) => {
    const t = el("button", c, "tile" + (used[i] ? " used" : ""));
    t.type = "button";
    t.disabled = !playing;
    t.setAttribute("aria-label", `${c.toUpperCase()}${used[i] ? ", used" : ""}`);
    t.setAttribute("aria-pressed", String(used[i]));
    t.addEventListener("click", () => tapTile(i));
    rack.append(t);
  });
  $("bl-back").disabled = !playing || !$("bl-input").value;
}

/// A tapped tile spells its letter (a tile in use gives its letter back).
function tapTile(i) {
  if (!bl || bl.round_over) return;
  const input = $("bl-input");
  const letter = bl.letters[i].toLowerCase();
  if (usedTiles()[i]) {
    const at = input.value.toLowerCase().lastIndexOf(letter);
    if (at >= 0) input.value = input.value.slice(0, at) + input.value.slice(at + 1);
  } else {
    input.value += letter;
  }
  rackTiles();
  // With a keyboard at hand, typing goes on in the field; on a touch screen the focus stays
  // on the tiles (a focused field would open the screen's keyboard).
  if (matchMedia("(hover: hover)").matches) input.focus(); else $("bl-rack").children[i].focus();
}
$("bl-back").addEventListener("click", () => { $("bl-input").value = $("bl-input").value.slice(0, -1); rackTiles(); });

function renderBlender() {
  const g = bl;
  $("bl-title").replaceChildren(g.daily ? `Daily #${g.puzzle} · ${g.daily}` : `Round ${g.round} · ${g.difficulty}`);
  if (g.replay) $("bl-title").append(" · ", el("span", "replay, not counted", "replay"));
  $("bl-score").textContent = g.score;
  // A finished round takes no more letters: clear what was being typed.
  if (g.round_over) $("bl-input").value = "";
  rackTiles();
  const slots = $("bl-slots");
  slots.replaceChildren();
  for (const grp of g.groups) {
    const row = el("div", null, "group");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `${grp.length}-letter words`);
    row.append(el("span", grp.length + "", "len"));
    for (const s of grp.slots) {
      let text = s.text;
      if (s.state === "blank") text = "·".repeat(s.length);
      if (s.state === "hinted") text = s.text + "·".repeat(s.length - s.text.length);
      const slot = el("span", text, "slot " + s.state);
      slot.setAttribute("aria-label", { found: `found ${s.text}`, missed: `missed ${s.text}`, blank: `${s.length} letters, not found`, hinted: `starts ${s.text}, not found` }[s.state]);
      row.append(slot);
    }
    slots.append(row);
  }
  $("bl-bonus").textContent = g.bonus.length ? "Bonus words: " + g.bonus.join(" ") : "";
  const playing = !g.round_over;
  for (const id of ["bl-input", "bl-enter", "bl-shuffle", "bl-hint", "bl-end"]) $(id).disabled = !playing;
  $("bl-next").hidden = !(g.round_over && g.advances && !g.game_over);
  $("bl-over").hidden = !g.game_over;
  if (g.game_over) {
    $("bl-save").hidden = !g.needs_name;
    if (!$("bl-name").value) $("bl-name").value = player();
    $("bl-share-box").hidden = !g.share;
    $("bl-share").textContent = g.share || "";
  }
  startTimer(g);
}

function startTimer(g) {
  clearInterval(timer);
  $("bl-timer").classList.remove("low");
  if (g.round_over) { $("bl-timer").textContent = "0:00"; return; }
  deadline = Date.now() + g.time_left_ms;
  const tick = () => {
    const left = Math.max(0, deadline - Date.now());
    const s = Math.ceil(left / 1000);
    $("bl-timer").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    $("bl-timer").classList.toggle("low", s <= 10);
    if (left <= 0) { clearInterval(timer); blRefresh(); }
  };
  tick();
  timer = setInterval(tick, 250);
}

/// Shows Blender game `g` and keeps its id.
function blShow(g) {
  bl = g;
  kept.set("blender", g.id);
  if (!g.daily) choose("bl-difficulty", g.difficulty);
  renderBlender();
}

function blGone() {
  bl = null;
  kept.set("blender", null);
  clearInterval(timer);
  $("bl-timer").textContent = "--";
  $("bl-timer").classList.remove("low");
  for (const id of ["bl-input", "bl-enter", "bl-shuffle", "bl-hint", "bl-end", "bl-back"]) $(id).disabled = true;
  for (const t of $("bl-rack").children) t.disabled = true;
  $("bl-next").hidden = true;
  $("bl-over").hidden = true;
  say("bl-message", EXPIRED, "bad");
  $("bl-new").focus();
}

async function blRefresh() {
  if (!bl) return;
  try {
    const wasOver = bl.round_over;
    blShow(await api("GET", `/api/blender/${bl.id}`));
    if (bl.round_over && !wasOver) roundOver();
  } catch (err) {
    if (gone(err)) blGone(); else say("bl-message", err.message, "bad");
  }
}

function roundOver() {
  const g = bl;
  const missed = `Missed: ${g.missed.join(" ") || "none"}.`;
  if (g.game_over) {
    let saved = "";
    if (g.replay) saved = " A replay: not recorded.";
    else if (g.saved && g.daily) saved = " Recorded.";
    else if (g.saved) saved = ` Saved for ${g.player}.`;
    say("bl-message", `Game over: ${plural(g.score, "point")}, ${plural(g.rounds_won, "round")} won.${saved} ${missed}`, g.rounds_won ? "good" : "bad");
    if (g.needs_name) $("bl-name").focus(); else $("bl-new").focus();
    loadScores();
    if (g.daily) { dailyStats(); dailyStatus(); }
  } else {
    say("bl-message", `Round over: you found a six-letter word, on to the next round! ${missed}`, "good");
    $("bl-next").focus();
  }
}

async function blStart(body) {
  try {
    const g = await api("POST", "/api/blender", body);
    $("bl-input").value = "";
    $("bl-stats").hidden = true;
    blShow(g);
    changed("blender", g.id);
    let message = "Find words of three letters or more; a six-letter word takes you to the next round.";
    if (g.daily && g.replay) message = `Daily puzzle #${g.puzzle} again: you played it today, so this replay does not count.`;
    else if (g.daily) message = `Daily puzzle #${g.puzzle}: your attempt for today has begun; it is saved when it ends.`;
    say("bl-message", message);
    dailyStatus();
    $("bl-input").focus();
  } catch (err) { say("bl-message", err.message, "bad"); }
}
$("bl-setup").addEventListener("submit", (e) => {
  e.preventDefault();
  blStart({ difficulty: $("bl-difficulty").value, player: player() || undefined });
});
$("bl-daily").addEventListener("click", () => {
  // The daily game under way goes on rather than starting another.
  if (bl && bl.daily === localDate() && !bl.game_over) { $("bl-input").focus(); return; }
  if (!player()) {
    say("bl-message", "Give your name (top right) first: the daily puzzle is one attempt per player a day.", "bad");
    $("player").focus();
    return;
  }
  blStart({ daily: localDate(), player: player() });
});

// "Already played today", with a countdown to the player's next midnight.
let countdown = null;
async function dailyStatus() {
  clearInterval(countdown);
  const status = $("bl-today-status");
  const name = player();
  try {
    const t = await api("GET", `/api/blender/daily?date=${localDate()}${name ? "&player=" + encodeURIComponent(name) : ""}`);
    const a = t.attempt;
    if (!name) {
      status.textContent = `Today's puzzle is #${t.puzzle}. Give your name (top right) to play it: one attempt a day.`;
      $("bl-daily").textContent = "Daily puzzle";
      return;
    }
    if (!a) {
      status.textContent = `Today's puzzle is #${t.puzzle}: not played yet. One attempt: it counts from the moment you start.`;
      $("bl-daily").textContent = "Daily puzzle";
      return;
    }
    if (!a.finished) {
      status.textContent = `Today's puzzle #${t.puzzle}: your attempt is under way; it is saved when it ends.`;
      $("bl-daily").textContent = "Daily puzzle";
      return;
    }
    const result = `${a.won ? "won" : "not won"}, ${plural(a.score, "point")}`;
    $("bl-daily").textContent = "Replay (not counted)";
    const tick = () => {
      const now = new Date();
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      const s = Math.max(0, Math.ceil((midnight - now) / 1000));
      const hms = `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
      status.textContent = `Already played today's puzzle #${t.puzzle}: ${result}. Next puzzle in ${hms}.`;
      if (s === 0) { clearInterval(countdown); dailyStatus(); }
    };
    tick();
    countdown = setInterval(tick, 1000);
  } catch (err) { status.textContent = err.message; }
}

$("bl-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const word = $("bl-input").value.trim();
  if (!bl || !word) return;
  $("bl-input").value = "";
  try {
    const r = await api("POST", `/api/blender/${bl.id}/guess`, { word });
    const wasOver = bl.round_over;
    blShow(r.game);
    changed("blender", bl.id);
    say("bl-message", r.message.replace(/^./, (c) => c.toUpperCase()), r.result === "found" ? "good" : "bad");
    if (bl.round_over && !wasOver) roundOver();
  } catch (err) {
    if (gone(err)) blGone(); else { say("bl-message", err.message, "bad"); rackTiles(); }
  }
});
$("bl-input").addEventListener("input", () => { if (bl) rackTiles(); });
$("bl-input").addEventListener("keydown", (e) => {
  if (e.key === " ") { e.preventDefault(); blAction("shuffle"); }
  if (e.key === "?") { e.preventDefault(); blAction("hint"); }
  if (e.key === "Escape") { $("bl-input").value = ""; rackTiles(); }
});

async function blAction(what) {
  if (!bl || bl.round_over) return;
  try {
    const r = await api("POST", `/api/blender/${bl.id}/${what}`);
    const wasOver = bl.round_over;
    blShow(r.game);
    changed("blender", bl.id);
    if (what === "hint") say("bl-message", r.message);
    if (bl.round_over && !wasOver) roundOver();
  } catch (err) {
    if (gone(err)) blGone(); else say("bl-message", err.message, "bad");
  }
}
$("bl-shuffle").addEventListener("click", () => blAction("shuffle"));
$("bl-hint").addEventListener("click", () => blAction("hint"));
$("bl-end").addEventListener("click", async () => {
  if (!bl) return;
  try {
    const wasOver = bl.round_over;
    blShow(await api("POST", `/api/blender/${bl.id}/end`));
    changed("blender", bl.id);
    if (!wasOver) roundOver();
  } catch (err) {
    if (gone(err)) blGone(); else say("bl-message", err.message, "bad");
  }
});
$("bl-next").addEventListener("click", async () => {
  try {
    blShow(await api("POST", `/api/blender/${bl.id}/next`));
    changed("blender", bl.id);
    say("bl-message", `Round ${bl.round}: new letters.`);
    $("bl-input").focus();
  } catch (err) {
    if (gone(err)) blGone(); else say("bl-message", err.message, "bad");
  }
});

$("bl-save").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("bl-name").value.trim();
  if (!name) { $("bl-name").focus(); return; }
  try {
    const r = await api("POST", `/api/blender/${bl.id}/save`, { name });
    localStorage.setItem("wordplay.player", name);
    $("player").value = name;
    bl.saved = true;
    bl.needs_name = false;
    $("bl-save").hidden = true;
    changed("blender", bl.id);
    say("bl-message", r.rank ? `High score #${r.rank}!` : "Saved, but not in the top ten this time.", r.rank ? "good" : undefined);
    renderTable(r.top, r.rank);
  } catch (err) {
    if (gone(err)) blGone(); else say("bl-message", err.message, "bad");
  }
});

$("bl-copy").addEventListener("click", async () => {
  const text = $("bl-share").textContent;
  try {
    await navigator.clipboard.writeText(text);
    say("bl-message", "Result copied: paste it anywhere, it gives nothing away.", "good");
  } catch (_) {
    const r = document.createRange();
    r.selectNodeContents($("bl-share"));
    getSelection().removeAllRanges();
    getSelection().addRange(r);
    say("bl-message", "Selected: press Ctrl-C to copy.");
  }
});

async function dailyStats() {
  const name = bl && bl.player;
  if (!name) return;
  try {
    renderStats(await api("GET", `/api/blender/daily/stats?player=${encodeURIComponent(name)}&date=${localDate()}`));
  } catch (_) { /* the statistics are a nicety */ }
}

function renderStats(s) {
  const box = $("bl-stats");
  box.replaceChildren();
  const pct = s.played ? Math.round((100 * s.won) / s.played) : 0;
  for (const [n, label] of [[s.played, "played"], [pct, "win %"], [s.current_streak, "current streak"], [s.max_streak, "max streak"], [s.best_score, "best score"]]) {
    const d = el("div");
    d.append(el("b", n), el("span", label));
    box.append(d);
  }
  box.hidden = false;
}

function renderTable(top, rank) {
  const body = $("bl-table").querySelector("tbody");
  body.replaceChildren();
  top.forEach((s, i) => {
    const tr = el("tr", null, rank === i + 1 ? "me" : "");
    tr.append(el("td", i + 1), el("td", s.name), el("td", s.score), el("td", s.daily ? "daily " + s.daily : s.rounds));
    body.append(tr);
  });
  if (!top.length) {
    const tr = el("tr");
    const td = el("td", "No scores yet: be the first.");
    td.colSpan = 4;
    tr.append(td);
    body.append(tr);
  }
}

async function loadScores() {
  try { renderTable(await api("GET", "/api/blender/scores")); } catch (_) { /* shown next time */ }
}

// ---------------------------------------------------------------- keyboard
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (active === "hangman" && !typing(e)) {
    if (/^[a-zA-Z]$/.test(e.key) && hm && !hm.over) { e.preventDefault(); hmGuess({ letter: e.key.toLowerCase() }); }
    else if (e.key === "?") { e.preventDefault(); hmHint(); }
    else if (e.key === "Enter" && (!hm || hm.over) && e.target === document.body) { e.preventDefault(); hmNew(); }
  }
  if (active !== "reverse" || typing(e) || !rv) return;
  if (e.key === "u") { rvUndo(); return; }
  if (rv.over || rv.thinking) return;
  // A held key repeats: never an answer.
  if (e.repeat) { e.preventDefault(); return; }
  if (rv.guess_is_word) {
    if (e.key === "y") rvAnswer({ correct: true });
    if (e.key === "n") rvAnswer({ correct: false });
    return;
  }
  const cells = [...$("rv-board").children];
  const at = cells.indexOf(document.activeElement);
  if (/^[0-9]$/.test(e.key)) {
    e.preventDefault();
    rvDigit(e.key);
  } else if (e.key === "Enter") {
    // Enter answers, wherever the focus is on the board (it never toggles a cell).
    if (e.target instanceof HTMLButtonElement && !e.target.classList.contains("cell")) return;
    e.preventDefault();
    if (rvDigits) rvTakeDigits();
    rvAnswer({ positions: [...marks] });
  } else if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && at >= 0) {
    e.preventDefault();
    const step = e.key === "ArrowRight" ? 1 : -1;
    for (let i = at + step; i >= 0 && i < cells.length; i += step) {
      if (!cells[i].disabled) { cells[i].focus(); break; }
    }
  }
});

// ---------------------------------------------------------------- resuming and other tabs
/// Loads the game kept for `kind`: after a load of the page (`loaded`), or when another
/// tab changed it or this tab comes back to the front.
async function resume(kind, loaded) {
  const id = kept.get(kind);
  if (!id) return;
  try {
    if (kind === "hangman") {
      const g = await api("GET", `/api/hangman/${id}`);
      const moved = !hm || hm.id !== g.id || hm.guessed !== g.guessed || hm.wrong_words.length !== g.wrong_words.length;
      let message = null;
      if (loaded && !g.over) message = `${plural(g.length, "letter")} against the ${g.referee} referee: your game goes on.`;
      else if (moved && !g.over) message = "This game went on in another tab.";
      if (loaded || moved) hmShow(g, message);
    } else if (kind === "reverse") {
      rvShow(await api("GET", `/api/reverse/${id}`));
    } else {
      const wasOver = bl && bl.id === id && bl.round_over;
      blShow(await api("GET", `/api/blender/${id}`));
      if (bl.round_over && !wasOver) roundOver();
    }
  } catch (err) {
    if (!gone(err)) return;
    if (kind === "hangman") hmGone(); else if (kind === "reverse") rvGone(); else blGone();
  }
}

if (channel) {
  channel.onmessage = (e) => {
    const { kind, id } = e.data || {};
    if (tabs.includes(kind) && id === kept.get(kind)) resume(kind, false);
  };
}
// Another tab started a game of a kind: this one shows it too.
window.addEventListener("storage", (e) => {
  const kind = e.key && e.key.startsWith("wordplay.game.") ? e.key.slice("wordplay.game.".length) : null;
  if (tabs.includes(kind) && e.newValue) resume(kind, false);
});
// Back to a tab left in the background: the server's game may have moved on.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") for (const kind of tabs) resume(kind, false);
});

// ---------------------------------------------------------------- start
showTab(tabs.includes(location.hash.slice(1)) ? location.hash.slice(1) : "hangman", "history");
verdict();
refreshTally();
loadScores();
for (const kind of tabs) resume(kind, true);
