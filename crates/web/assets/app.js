// wordplay's page: plain JavaScript over the JSON API. User strings (names) are only ever
// set with textContent, never parsed as HTML.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
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
  if (!res.ok) throw new Error((data && data.error) || res.statusText);
  return data;
}

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

// ---------------------------------------------------------------- tabs
const tabs = ["hangman", "reverse", "blender"];
let active = "hangman";

function showTab(name, focus) {
  active = name;
  for (const t of tabs) {
    const on = t === name;
    $("tab-" + t).setAttribute("aria-selected", String(on));
    $("tab-" + t).tabIndex = on ? 0 : -1;
    $(t).hidden = !on;
  }
  if (focus) $("tab-" + name).focus();
  location.hash = name;
  if (name === "blender") loadScores();
}

for (const t of tabs) {
  $("tab-" + t).addEventListener("click", () => showTab(t));
  $("tab-" + t).addEventListener("keydown", (e) => {
    const i = tabs.indexOf(t);
    if (e.key === "ArrowRight") showTab(tabs[(i + 1) % tabs.length], true);
    if (e.key === "ArrowLeft") showTab(tabs[(i + tabs.length - 1) % tabs.length], true);
  });
}

$("player").value = localStorage.getItem("wordplay.player") || "";
$("player").addEventListener("change", () => {
  localStorage.setItem("wordplay.player", player());
  refreshTally();
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
  b.addEventListener("click", () => hmGuess(c));
  keys.append(b);
}

async function verdict() {
  const length = $("hm-length").value, lives = $("hm-lives").value;
  const v = $("hm-verdict");
  v.textContent = "Proving who wins at " + length + " letters with " + lives + " lives…";
  try {
    const r = await api("GET", `/api/hangman/verdict?length=${length}&lives=${lives}`);
    // Unsettled bounds name what is proven: at least the lower, at most the upper.
    const m = r.misses_lower === r.misses_upper ? `exactly ${r.misses_lower}`
      : `at least ${r.misses_lower} (at most ${r.misses_upper})`;
    let who;
    if (r.guesser_wins === true) who = "a perfect guesser always wins, even against the cheats";
    else if (r.guesser_wins === false) who = "a cheating referee that plays perfectly always wins";
    else who = "not settled within the time allowed";
    v.textContent = `${length} letters, ${lives} lives: ${who} ` +
      `(an optimal cheat forces ${m} misses on ${r.words.toLocaleString()} words` +
      `${r.guesser_wins === null ? "" : ", proven"}).`;
  } catch (err) {
    v.textContent = "No verdict: " + err.message;
  }
}
$("hm-length").addEventListener("change", verdict);
$("hm-lives").addEventListener("change", verdict);

function drawGallows(wrong, lives) {
  const parts = document.querySelectorAll("#gallows .part");
  // Spread the six parts over the lives: the last part goes up with the last life.
  const shown = lives > 0 ? Math.round((Math.min(wrong, lives) / lives) * parts.length) : 0;
  parts.forEach((p, i) => p.classList.toggle("on", i < shown));
}

function renderHangman() {
  const g = hm;
  const board = $("hm-board");
  board.replaceChildren();
  [...g.board].forEach((ch, i) => {
    let text = ch === "_" ? "" : ch;
    let cls = "cell";
    if (g.over && ch === "_" && g.word) { text = g.word[i]; cls += " missed"; }
    board.append(el("span", text, cls));
  });
  board.setAttribute("aria-label", "board " + g.board.replace(/_/g, " blank "));
  $("hm-lives-left").textContent = `Lives ${g.lives_left}/${g.lives}`;
  $("hm-wrong").textContent = g.wrong + (g.wrong_words.length ? " " + g.wrong_words.join(" ") : "");
  drawGallows(g.lives - g.lives_left, g.lives);
  for (const b of keys.children) {
    const c = b.dataset.letter;
    const guessed = g.guessed.includes(c);
    b.disabled = g.over || guessed;
    b.classList.toggle("hit", guessed && !g.wrong.includes(c));
    b.classList.toggle("miss", g.wrong.includes(c));
  }
  $("hm-hint").disabled = g.over;
  $("hm-value").textContent = valueText(g);
  if (g.over) {
    if (g.won) say("hm-message", `You win! The word was ${g.word.toUpperCase()}. Enter for a new game.`, "good");
    else say("hm-message", `Hanged. ${g.referee === "fair" ? "The word was" : "The referee settled on"} ${g.word.toUpperCase()}. Enter for a new game.`, "bad");
    $("hm-end").hidden = false;
    $("hm-alive-count").textContent = g.alive ? g.alive.count.toLocaleString() : "0";
    const more = g.alive && g.alive.count > g.alive.words.length ? " …" : "";
    $("hm-alive").textContent = g.alive ? g.alive.words.join(" ") + more : "";
    $("hm-hints").replaceChildren();
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

async function hmNew(e) {
  if (e) e.preventDefault();
  try {
    hm = await api("POST", "/api/hangman", {
      length: Number($("hm-length").value),
      lives: Number($("hm-lives").value),
      referee: $("hm-referee").value,
      player: player() || undefined,
    });
    $("hm-hints").replaceChildren();
    say("hm-message", `${hm.length} letters against the ${hm.referee} referee. Type a letter.`);
    renderHangman();
  } catch (err) {
    say("hm-message", err.message, "bad");
  }
}
$("hm-setup").addEventListener("submit", hmNew);

let hmBusy = false;
async function hmGuess(letter) {
  if (!hm || hm.over || hmBusy || hm.guessed.includes(letter)) return;
  hmBusy = true;
  try {
    hm = await api("POST", `/api/hangman/${hm.id}/guess`, { letter });
    const hit = !hm.wrong.includes(letter);
    if (!hm.over) say("hm-message", hit ? `Yes, ${letter.toUpperCase()} is in the word.` : `No ${letter.toUpperCase()}.`, hit ? "good" : "bad");
    $("hm-hints").replaceChildren();
    renderHangman();
  } catch (err) {
    say("hm-message", err.message, "bad");
  } finally {
    hmBusy = false;
  }
}

async function hmHint() {
  if (!hm || hm.over) return;
  const list = $("hm-hints");
  list.replaceChildren(el("li", "thinking…"));
  try {
    const h = await api("GET", `/api/hangman/${hm.id}/hint`);
    list.replaceChildren();
    if (!h.letters.length) list.append(el("li", "Every useful letter is guessed: guess the word."));
    for (const l of h.letters.slice(0, 5)) {
      const li = el("li");
      li.append(el("b", l.letter));
      let text = ` ${(l.odds * 100).toFixed(0)}% of ${h.candidates.toLocaleString()} words`;
      if (l.expected_score !== null && l.expected_score !== undefined) text += `, expected score ${l.expected_score.toFixed(2)}`;
      if (l.misses) {
        const m = l.misses.exact ? `${l.misses.lower}` : `${l.misses.lower}–${l.misses.upper}`;
        text += `; the referee can force ${m} more miss${m === "1" ? "" : "es"}`;
      }
      li.append(document.createTextNode(text));
      list.append(li);
    }
  } catch (err) {
    list.replaceChildren(el("li", err.message));
  }
}
$("hm-hint").addEventListener("click", hmHint);

async function refreshTally() {
  const p = player();
  if (!p) { $("hm-tally").textContent = "Give a name (top right) to count wins."; return; }
  try {
    const t = await api("GET", `/api/hangman/stats?player=${encodeURIComponent(p)}`);
    $("hm-tally").textContent = `${p}: ${t.wins} won, ${t.losses} lost`;
  } catch (_) { /* the count is a nicety */ }
}

// ---------------------------------------------------------------- reversed
let rv = null;
let marks = new Set();
// The verdict on the word the player named after the computer lost (null until then).
let rvRevealed = null;

function renderReverse() {
  const r = rv;
  const board = $("rv-board");
  board.replaceChildren();
  [...r.board].forEach((ch, i) => {
    const b = el("button", ch === "_" ? (marks.has(i) ? r.guess : "") : ch, "cell");
    b.type = "button";
    b.setAttribute("aria-label", `position ${i + 1}` + (ch === "_" ? "" : ` (${ch})`));
    b.setAttribute("aria-pressed", String(marks.has(i)));
    if (marks.has(i)) b.classList.add("marked");
    b.disabled = r.over || r.thinking || ch !== "_" || r.guess_is_word;
    b.addEventListener("click", () => { toggleMark(i); });
    board.append(b);
  });
  $("rv-lives-left").textContent = `My lives ${r.lives_left}/${r.lives}`;
  $("rv-wrong").textContent = [r.wrong, ...r.wrong_words].filter(Boolean).join(" ");
  $("rv-answer-row").hidden = r.over || r.thinking || r.guess_is_word;
  $("rv-word-row").hidden = r.over || r.thinking || !r.guess_is_word;
  $("rv-undo-row").hidden = !r.answers || r.thinking;
  // Out of guesses, the computer asks the word (once) and checks it against the answers.
  $("rv-reveal").hidden = !r.over || r.computer_won || rvRevealed !== null;
  if (r.thinking) {
    say("rv-prompt", "Thinking… A first game at this length and number of lives can take a while (with 6 lives I am quick).");
  } else if (r.over && rvRevealed) {
    say("rv-prompt", rvRevealed.message, rvRevealed.fits ? "good" : "bad");
  } else if (r.over) {
    // A board the answers filled with no word of the list fitting is taken as the word,
    // and said to be new to the computer (the terminal asks first; here answers are final).
    const found = r.candidates ? `I got it: ${r.board.toUpperCase()}!` : `I got it: ${r.board.toUpperCase()}, a word I did not know.`;
    say("rv-prompt", r.computer_won ? found : "You win: I am out of lives. What was your word?", r.computer_won ? "bad" : "good");
  } else if (r.guess_is_word) {
    say("rv-prompt", `Is your word ${r.guess.toUpperCase()}?`);
  } else {
    say("rv-prompt", `I guess ${r.guess.toUpperCase()}. Click (or type the number of) each position where it is, then Answer.`);
  }
  const cands = $("rv-cands");
  if (r.candidates) {
    const n = r.candidates.toLocaleString();
    cands.replaceChildren(r.candidates === 1 ? "The one word I know that fits: " : `${n} words I know fit: `,
      el("span", r.sample.join(" ") + (r.candidates > r.sample.length ? " …" : ""), "words"));
  } else {
    cands.textContent = r.over ? "No word I know fits your answers." : "No word I know fits: I guess by letter odds now.";
  }
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
      rv = r;
      renderReverse();
      awaitGuess();
    } catch (err) { say("rv-prompt", err.message, "bad"); }
  }, 400);
}

function toggleMark(i) {
  if (!rv || rv.over || rv.thinking || rv.guess_is_word || rv.board[i] !== "_") return;
  if (marks.has(i)) marks.delete(i); else marks.add(i);
  renderReverse();
  const cell = $("rv-board").children[i];
  if (cell) cell.focus();
}

$("rv-setup").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    marks = new Set();
    rvRevealed = null;
    $("rv-secret").value = "";
    rv = await api("POST", "/api/reverse", { length: Number($("rv-length").value), lives: Number($("rv-lives").value) });
    renderReverse();
    awaitGuess();
  } catch (err) { say("rv-prompt", err.message, "bad"); }
});

async function rvAnswer(body) {
  if (!rv || rv.over || rv.thinking) return;
  try {
    rv = await api("POST", `/api/reverse/${rv.id}/answer`, body);
    marks = new Set();
    renderReverse();
    awaitGuess();
  } catch (err) { say("rv-prompt", err.message, "bad"); }
}
$("rv-answer").addEventListener("click", () => rvAnswer({ positions: [...marks] }));
$("rv-none").addEventListener("click", () => { marks = new Set(); rvAnswer({ positions: [] }); });
// Takes back the last answer (also after the end); the computer asks that guess again.
async function rvUndo() {
  if (!rv || !rv.answers) return;
  try {
    rv = await api("POST", `/api/reverse/${rv.id}/undo`);
    marks = new Set();
    rvRevealed = null;
    renderReverse();
    awaitGuess();
  } catch (err) { say("rv-prompt", err.message, "bad"); }
}
$("rv-undo").addEventListener("click", rvUndo);

$("rv-reveal").addEventListener("submit", async (e) => {
  e.preventDefault();
  if (!rv || !rv.over || rv.computer_won) return;
  try {
    rvRevealed = await api("POST", `/api/reverse/${rv.id}/reveal`, { word: $("rv-secret").value });
    renderReverse();
  } catch (err) { say("rv-prompt", err.message, "bad"); }
});
$("rv-yes").addEventListener("click", () => rvAnswer({ correct: true }));
$("rv-no").addEventListener("click", () => rvAnswer({ correct: false }));

// ---------------------------------------------------------------- blender
let bl = null;
let timer = null;
let deadline = 0;

function rackTiles() {
  const typed = $("bl-input").value.toLowerCase();
  const used = new Array(bl.letters.length).fill(false);
  for (const c of typed) {
    const i = [...bl.letters.toLowerCase()].findIndex((l, j) => l === c && !used[j]);
    if (i >= 0) used[i] = true;
  }
  const rack = $("bl-rack");
  rack.replaceChildren();
  [...bl.letters].forEach((c, i) => rack.append(el("span", c, "tile" + (used[i] ? " used" : ""))));
  rack.setAttribute("aria-label", "letters " + bl.letters.toUpperCase().split("").join(" "));
}

function renderBlender() {
  const g = bl;
  $("bl-title").textContent = g.daily ? `Daily #${g.puzzle} · ${g.daily}` : `Round ${g.round} · ${g.difficulty}`;
  $("bl-score").textContent = g.score;
  // A finished round takes no more letters: clear what was being typed.
  if (g.round_over) $("bl-input").value = "";
  rackTiles();
  const slots = $("bl-slots");
  slots.replaceChildren();
  for (const grp of g.groups) {
    const row = el("div", null, "group");
    row.append(el("span", grp.length + "", "len"));
    for (const s of grp.slots) {
      let text = s.text;
      if (s.state === "blank") text = "·".repeat(s.length);
      if (s.state === "hinted") text = s.text + "·".repeat(s.length - s.text.length);
      row.append(el("span", text, "slot " + s.state));
    }
    slots.append(row);
  }
  $("bl-bonus").textContent = g.bonus.length ? "Bonus words: " + g.bonus.join(" ") : "";
  const playing = !g.round_over;
  for (const id of ["bl-input", "bl-enter", "bl-shuffle", "bl-hint", "bl-end"]) $(id).disabled = !playing;
  $("bl-next").hidden = !(g.round_over && g.advances && !g.game_over);
  $("bl-over").hidden = !g.game_over;
  if (g.game_over) {
    $("bl-save").hidden = g.saved || g.score === 0;
    if (!$("bl-name").value) $("bl-name").value = player();
    $("bl-share-box").hidden = !g.share;
    $("bl-share").textContent = g.share || "";
  }
  startTimer(g);
}

function startTimer(g) {
  clearInterval(timer);
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

async function blRefresh() {
  if (!bl) return;
  try {
    bl = await api("GET", `/api/blender/${bl.id}`);
    renderBlender();
    if (bl.round_over) roundOverMessage();
  } catch (err) { say("bl-message", err.message, "bad"); }
}

function roundOverMessage() {
  const g = bl;
  if (g.game_over) {
    say("bl-message", `Game over: ${g.score} points, ${g.rounds_won} round${g.rounds_won === 1 ? "" : "s"} won. Missed: ${g.missed.join(" ") || "none"}.`, g.rounds_won ? "good" : "bad");
    if (g.score > 0 && !g.saved) $("bl-name").focus();
  } else {
    say("bl-message", `Round over: you found a six-letter word, on to the next round! Missed: ${g.missed.join(" ") || "none"}.`, "good");
    $("bl-next").focus();
  }
}

async function blStart(body) {
  try {
    bl = await api("POST", "/api/blender", body);
    $("bl-input").value = "";
    $("bl-stats").hidden = true;
    say("bl-message", bl.daily ? `Daily puzzle #${bl.puzzle}: one round, the same letters for everyone today.` : "Find words of three letters or more; a six-letter word takes you to the next round.");
    renderBlender();
    $("bl-input").focus();
  } catch (err) { say("bl-message", err.message, "bad"); }
}
$("bl-setup").addEventListener("submit", (e) => { e.preventDefault(); blStart({ difficulty: $("bl-difficulty").value }); });
$("bl-daily").addEventListener("click", () => blStart({ daily: "today" }));

$("bl-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const word = $("bl-input").value.trim();
  if (!bl || !word) return;
  $("bl-input").value = "";
  try {
    const r = await api("POST", `/api/blender/${bl.id}/guess`, { word });
    bl = r.game;
    say("bl-message", r.message.replace(/^./, (c) => c.toUpperCase()), r.result === "found" ? "good" : "bad");
    renderBlender();
    if (bl.round_over) roundOverMessage();
  } catch (err) { say("bl-message", err.message, "bad"); rackTiles(); }
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
    bl = r.game;
    if (what === "hint") say("bl-message", r.message);
    renderBlender();
    if (bl.round_over) roundOverMessage();
  } catch (err) { say("bl-message", err.message, "bad"); }
}
$("bl-shuffle").addEventListener("click", () => blAction("shuffle"));
$("bl-hint").addEventListener("click", () => blAction("hint"));
$("bl-end").addEventListener("click", async () => {
  if (!bl) return;
  try {
    bl = await api("POST", `/api/blender/${bl.id}/end`);
    renderBlender();
    roundOverMessage();
  } catch (err) { say("bl-message", err.message, "bad"); }
});
$("bl-next").addEventListener("click", async () => {
  try {
    bl = await api("POST", `/api/blender/${bl.id}/next`);
    say("bl-message", `Round ${bl.round}: new letters.`);
    renderBlender();
    $("bl-input").focus();
  } catch (err) { say("bl-message", err.message, "bad"); }
});

$("bl-save").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("bl-name").value.trim();
  if (!name) { $("bl-name").focus(); return; }
  localStorage.setItem("wordplay.player", name);
  $("player").value = name;
  try {
    const r = await api("POST", `/api/blender/${bl.id}/save`, { name });
    bl.saved = true;
    $("bl-save").hidden = true;
    say("bl-message", r.rank ? `High score #${r.rank}!` : "Saved, but not in the top ten this time.", r.rank ? "good" : undefined);
    renderTable(r.top, r.rank);
    if (r.daily_stats) renderStats(r.daily_stats);
  } catch (err) { say("bl-message", err.message, "bad"); }
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
    if (/^[a-zA-Z]$/.test(e.key) && hm && !hm.over) { e.preventDefault(); hmGuess(e.key.toLowerCase()); }
    else if (e.key === "?") { e.preventDefault(); hmHint(); }
    else if (e.key === "Enter" && (!hm || hm.over) && e.target === document.body) { e.preventDefault(); hmNew(); }
  }
  if (active === "reverse" && !typing(e) && rv && e.key === "u") { rvUndo(); return; }
  if (active === "reverse" && !typing(e) && rv && !rv.over && !rv.thinking) {
    if (rv.guess_is_word) {
      if (e.key === "y") rvAnswer({ correct: true });
      if (e.key === "n") rvAnswer({ correct: false });
    } else if (/^[1-9]$/.test(e.key)) {
      toggleMark(Number(e.key) - 1);
    } else if (e.key === "0") {
      marks = new Set(); rvAnswer({ positions: [] });
    } else if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement)) {
      e.preventDefault(); rvAnswer({ positions: [...marks] });
    }
  }
});

// ---------------------------------------------------------------- start
showTab(tabs.includes(location.hash.slice(1)) ? location.hash.slice(1) : "hangman");
verdict();
refreshTally();
loadScores();
