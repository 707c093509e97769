//! The terminal UI of `blender play` (ratatui over crossterm).
//!
//! Keys: the rack's letters type a guess (other letters are refused, and letters in use
//! are dimmed on the rack), Enter submits it, Backspace deletes, Space shuffles, `?` asks
//! for a hint, Tab pauses (the letters are hidden and the timer stops). Esc clears the
//! guess; on an empty guess it asks before giving up the round. After a round Enter goes
//! on and Esc ends the game. At the end of a game that makes the high-score table the
//! player types a name; the table is then shown with the new entry marked. Ctrl-C ends the
//! game at once, and so do SIGTERM and SIGHUP; the score is recorded either way.
//!
//! The terminal is restored on every exit path, panics included (`ratatui::init` installs
//! a panic hook that restores it; a guard restores it otherwise). A terminal too small for
//! the game shows a notice instead and stops the timer until it is large enough again.

use std::io::Write;

use blender::{Clock, Feedback, Game, RoundEnd, RoundGenerator, Slot, SystemClock};
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use wordplay_cli::terminal::{Signals, Terminated, TtyEvent, next_event};

use super::session::{self, Saved, Settings};
use wordplay_cli::error::Incomplete;

/// The smallest terminal the game is drawn in.
pub(crate) const MIN_WIDTH: u16 = 44;
/// The smallest terminal height the game is drawn in.
pub(crate) const MIN_HEIGHT: u16 = 14;

/// The longest name in the high-score table.
const MAX_NAME: usize = 16;

/// The styles of the UI, with or without colour. Without colour every mark still reads:
/// found words in upper case and bold, missed ones in lower case and dim.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Palette {
    good: Style,
    bad: Style,
    info: Style,
    rack: Style,
    used: Style,
    found: Style,
    missed: Style,
    urgent: Style,
    help: Style,
    marked: Style,
}

impl Palette {
    /// The styles, coloured or not.
    pub(crate) fn new(colour: bool) -> Palette {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let dim = Style::new().add_modifier(Modifier::DIM);
        if colour {
            Palette {
                good: Style::new().fg(Color::Green),
                bad: Style::new().fg(Color::Red),
                info: Style::new().fg(Color::Cyan),
                rack: bold.fg(Color::Yellow),
                used: dim.fg(Color::DarkGray),
                found: bold.fg(Color::Green),
                missed: Style::new().fg(Color::Red),
                urgent: bold.fg(Color::Red),
                help: Style::new().fg(Color::DarkGray),
                marked: bold.fg(Color::Yellow),
            }
        } else {
            Palette {
                good: bold,
                bad: bold,
                info: Style::new(),
                rack: bold,
                used: dim,
                found: bold,
                missed: dim,
                urgent: bold.add_modifier(Modifier::REVERSED),
                help: dim,
                marked: Style::new().add_modifier(Modifier::REVERSED),
            }
        }
    }
}

/// The tone of the message line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tone {
    Good,
    Bad,
    Info,
}

/// What the screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    /// A round is running.
    Playing,
    /// "Give up this round?" (the timer keeps running).
    ConfirmGiveUp,
    /// Paused by the player: letters hidden, timer stopped.
    Paused,
    /// The round is over: found and missed words in their slots.
    RoundOver,
    /// The game made the high-score table: the player types a name.
    AskName,
    /// The high-score table (or why it could not be saved).
    Scores,
}

/// The UI state: the game, the guess being typed, the last message and the screen.
pub(crate) struct App<'d, 's, C: Clock> {
    game: Game<'d, C>,
    settings: &'s Settings,
    palette: Palette,
    screen: Screen,
    input: String,
    name: String,
    message: (String, Tone),
    /// Set while the terminal is too small (the timer is stopped meanwhile).
    too_small: Option<(u16, u16)>,
    saved: Option<Saved>,
    quit: bool,
}

impl<'d, 's, C: Clock> App<'d, 's, C> {
    /// A UI for a game that has just started.
    pub(crate) fn new(game: Game<'d, C>, settings: &'s Settings, palette: Palette) -> Self {
        App {
            game,
            settings,
            palette,
            screen: Screen::Playing,
            input: String::new(),
            name: settings.default_name.clone(),
            message: (
                "Type words from the letters. Find a six-letter word to advance!".into(),
                Tone::Info,
            ),
            too_small: None,
            saved: None,
            quit: false,
        }
    }

    /// Ends the round when the timer has run out (call before drawing).
    pub(crate) fn tick(&mut self) {
        if self.game.tick() {
            self.input.clear();
            self.message = (Feedback::TimeUp.to_string(), Tone::Bad);
            self.screen = Screen::RoundOver;
        }
    }

    /// Tells the UI the terminal's size: below the minimum the timer stops until the
    /// terminal is large enough again (unless the player had paused it).
    pub(crate) fn fit(&mut self, width: u16, height: u16) {
        let small = width < MIN_WIDTH || height < MIN_HEIGHT;
        match (small, self.too_small.is_some()) {
            (true, _) => {
                if self.too_small.is_none() && self.screen != Screen::Paused {
                    self.game.pause();
                }
                self.too_small = Some((width, height));
            }
            (false, true) => {
                self.too_small = None;
                if self.screen != Screen::Paused {
                    self.game.resume();
                }
            }
            (false, false) => {}
        }
    }

    /// Handles one key press.
    pub(crate) fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.too_small.is_some() {
            // The player cannot see the letters: no key may cost anything.
            return;
        }
        self.tick();
        match self.screen {
            Screen::Playing => self.playing_key(key),
            Screen::ConfirmGiveUp => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.game.give_up();
                    self.input.clear();
                    self.message = ("You gave up the round.".into(), Tone::Info);
                    self.screen = Screen::RoundOver;
                } else {
                    self.message = ("Keep going!".into(), Tone::Info);
                    self.screen = Screen::Playing;
                }
            }
            Screen::Paused => {
                self.game.resume();
                self.message = ("Go on!".into(), Tone::Info);
                self.screen = Screen::Playing;
            }
            Screen::RoundOver => match key.code {
                KeyCode::Enter if !self.game.is_over() => {
                    self.game.next_round();
                    self.message = (
                        format!("Round {}: go!", self.game.round_number()),
                        Tone::Info,
                    );
                    self.screen = Screen::Playing;
                }
                KeyCode::Enter | KeyCode::Esc | KeyCode::Char('q') => self.end_game(),
                _ => {}
            },
            Screen::AskName => match key.code {
                KeyCode::Enter | KeyCode::Esc => {
                    if self.name.trim().is_empty() {
                        self.name = self.settings.default_name.clone();
                    }
                    let name = self.name.clone();
                    self.save(&name);
                }
                KeyCode::Backspace => {
                    self.name.pop();
                }
                KeyCode::Char(c) if !c.is_control() && self.name.chars().count() < MAX_NAME => {
                    self.name.push(c);
                }
                _ => {}
            },
            Screen::Scores => {
                if matches!(key.code, KeyCode::Enter | KeyCode::Esc | KeyCode::Char('q')) {
                    self.quit = true;
                }
            }
        }
    }

    fn playing_key(&mut self, key: KeyEvent) {
        let feedback = match key.code {
            KeyCode::Char(c) if c.is_ascii_alphabetic() => {
                self.type_letter(c);
                return;
            }
            KeyCode::Backspace => {
                self.input.pop();
                return;
            }
            KeyCode::Enter if self.input.is_empty() => return,
            KeyCode::Enter => {
                let guess = std::mem::take(&mut self.input);
                self.game.guess(&guess)
            }
            KeyCode::Char(' ') => self.game.shuffle(),
            KeyCode::Char('?') => self.game.hint(),
            KeyCode::Tab => {
                self.game.pause();
                self.screen = Screen::Paused;
                return;
            }
            KeyCode::Esc if !self.input.is_empty() => {
                self.input.clear();
                self.message = ("Cleared.".into(), Tone::Info);
                return;
            }
            KeyCode::Esc => {
                self.screen = Screen::ConfirmGiveUp;
                self.message = (
                    "Give up this round? y: yes, any other key: keep playing".into(),
                    Tone::Bad,
                );
                return;
            }
            _ => return,
        };
        let tone = match feedback {
            Feedback::Found { .. } => Tone::Good,
            Feedback::Hint { .. } | Feedback::Shuffled => Tone::Info,
            _ => Tone::Bad,
        };
        self.message = (feedback.to_string(), tone);
        if self.game.round().ended().is_some() {
            self.screen = Screen::RoundOver;
        }
    }

    /// Adds a letter to the guess if the rack has one more of it.
    fn type_letter(&mut self, c: char) {
        let upper = c.to_ascii_uppercase();
        let letters = self.game.round().letters();
        let have = letters.chars().filter(|&l| l == upper).count();
        let used = self.input.chars().filter(|&l| l == upper).count();
        if have == 0 {
            self.message = (format!("{upper} is not in the letters"), Tone::Bad);
        } else if used >= have {
            self.message = (format!("no {upper} left in the letters"), Tone::Bad);
        } else {
            self.input.push(upper);
        }
    }

    /// The player ends the game (after its last round, or leaving after a won round): a
    /// score good enough for the table asks for a name, else the table is shown.
    fn end_game(&mut self) {
        self.game.give_up();
        if self.settings.name.is_none() && session::makes_the_table(self.settings, self.score()) {
            self.screen = Screen::AskName;
            self.message = (
                "New high score! Type your name, then Enter.".into(),
                Tone::Good,
            );
        } else {
            self.save(self.settings.name());
        }
    }

    fn save(&mut self, name: &str) {
        let saved = session::record(self.settings, name, &self.game);
        self.message = if saved.failed {
            (saved.lines.join(" "), Tone::Bad)
        } else {
            ("Enter or Esc: quit".into(), Tone::Info)
        };
        self.saved = Some(saved);
        self.screen = Screen::Scores;
    }

    fn score(&self) -> u32 {
        self.game.score()
    }

    /// Whether the player asked to leave.
    pub(crate) fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Records the game if the UI has not, under the name typed so far (the game is ended
    /// first): for Ctrl-C and termination signals.
    pub(crate) fn finish(&mut self) -> &Saved {
        if self.saved.is_none() {
            self.game.give_up();
            let name = if self.screen == Screen::AskName && !self.name.trim().is_empty() {
                self.name.clone()
            } else {
                self.settings.name().to_string()
            };
            self.saved = Some(session::record(self.settings, &name, &self.game));
        }
        self.saved.as_ref().expect("recorded")
    }

    /// Draws the whole screen.
    pub(crate) fn render(&self, frame: &mut Frame) {
        let area = frame.area();
        if let Some((width, height)) = self.too_small {
            let text = format!(
                "Terminal too small ({width}x{height}): Word Blender needs \
                 {MIN_WIDTH}x{MIN_HEIGHT}. The timer is stopped. Enlarge the terminal, or \
                 press Ctrl-C to quit."
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        let p = &self.palette;
        let game = &self.game;
        let round = game.round();
        let left = session::seconds_left(game.time_left());
        let timer = Span::styled(
            format!(" {}:{:02} ", left / 60, left % 60),
            if left <= 10 && round.ended().is_none() {
                p.urgent
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            },
        );
        let (found, required) = round.progress();
        let block = Block::bordered()
            .title(Span::styled(
                format!(" Word Blender · {} ", self.settings.describe()),
                Style::new().add_modifier(Modifier::BOLD),
            ))
            .title(
                Line::from(vec![
                    Span::raw(format!(
                        " round {} · score {} · {found}/{} ·",
                        game.round_number(),
                        game.score(),
                        session::plural(required, "word"),
                    )),
                    timer,
                ])
                .right_aligned(),
            );
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [rack, input, message, body, help] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(2),
            Constraint::Length(2),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(inner);

        frame.render_widget(
            Paragraph::new(self.rack_line()).alignment(Alignment::Center),
            top_padded(rack),
        );
        let input_text = match self.screen {
            Screen::AskName => format!("name> {}_", self.name),
            Screen::Playing | Screen::ConfirmGiveUp => format!("> {}_", self.input),
            _ => String::new(),
        };
        frame.render_widget(
            Paragraph::new(input_text).alignment(Alignment::Center),
            input,
        );
        let tone = match self.message.1 {
            Tone::Good => p.good,
            Tone::Bad => p.bad,
            Tone::Info => p.info,
        };
        frame.render_widget(
            Paragraph::new(Line::styled(self.message.0.clone(), tone))
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            message,
        );
        let body_lines = match self.screen {
            Screen::Paused => vec![
                Line::from(""),
                Line::from("Paused: the timer is stopped.").centered(),
                Line::from("Press any key to go on.").centered(),
            ],
            Screen::Scores => self.score_lines(),
            _ => self.board_lines(),
        };
        frame.render_widget(Paragraph::new(body_lines).wrap(Wrap { trim: false }), body);
        let keys = match self.screen {
            Screen::Playing => {
                "Enter guess · Space shuffle · ? hint · Tab pause · Esc clear/give up · ^C quit"
            }
            Screen::ConfirmGiveUp => "y: give up the round · any other key: keep playing",
            Screen::Paused => "any key: go on · Ctrl-C quit",
            Screen::RoundOver if !self.game.is_over() => "Enter next round · Esc end the game",
            Screen::RoundOver => "Enter or Esc: high scores",
            Screen::AskName => "type your name · Enter save",
            Screen::Scores => "Enter or Esc: quit",
        };
        frame.render_widget(
            Paragraph::new(Span::styled(keys, p.help)).alignment(Alignment::Center),
            help,
        );
    }

    /// The rack as tiles; letters in use in the guess are dimmed, and while paused the
    /// letters are hidden.
    fn rack_line(&self) -> Line<'static> {
        let letters = self.game.round().letters();
        if self.screen == Screen::Paused {
            let hidden: Vec<&str> = letters.chars().map(|_| " ? ").collect();
            return Line::from(hidden.join(" "));
        }
        let mut unused: Vec<char> = self.input.chars().collect();
        let mut spans = Vec::new();
        for (i, c) in letters.chars().enumerate() {
            let used = match unused.iter().position(|&u| u == c) {
                Some(at) => {
                    unused.remove(at);
                    true
                }
                None => false,
            };
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            let style = if used {
                self.palette.used
            } else {
                self.palette.rack
            };
            spans.push(Span::styled(format!(" {c} "), style));
        }
        Line::from(spans)
    }

    fn board_lines(&self) -> Vec<Line<'static>> {
        let p = &self.palette;
        let round = self.game.round();
        let mut lines = Vec::new();
        if let Some(summary) = self.game.summary() {
            let why = match summary.end {
                RoundEnd::TimeUp => "time is up",
                RoundEnd::AllFound => "every word found",
                RoundEnd::GaveUp => "round ended",
            };
            lines.push(Line::from(format!(
                "Round {} over ({why}): {}/{}, {} points.",
                self.game.round_number(),
                summary.found,
                session::plural(summary.required, "word"),
                summary.score
            )));
            lines.push(if let Some(date) = &self.settings.daily {
                Line::from(session::share_line(&self.game, date))
            } else if summary.advances {
                Line::styled("You found a six-letter word: on to the next round!", p.good)
            } else {
                Line::styled(
                    format!(
                        "No six-letter word: game over. Final score {}.",
                        self.game.score()
                    ),
                    p.bad,
                )
            });
            lines.push(Line::default());
        }
        for group in round.slots() {
            let mut spans = vec![Span::raw(format!("{} letters: ", group.length))];
            for slot in &group.slots {
                spans.push(match slot {
                    Slot::Found(w) => Span::styled(w.to_ascii_uppercase(), p.found),
                    Slot::Missed(w) => Span::styled(w.to_ascii_lowercase(), p.missed),
                    Slot::Hinted { prefix, length } => Span::raw(format!(
                        "{}{}",
                        prefix.to_ascii_uppercase(),
                        "_".repeat(length - prefix.len())
                    )),
                    Slot::Blank(length) => Span::raw("_".repeat(*length)),
                });
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
        let bonus = round.bonus_found();
        if !bonus.is_empty() {
            lines.push(Line::from(format!(
                "bonus words: {}",
                bonus.join(" ").to_ascii_uppercase()
            )));
        }
        lines
    }

    fn score_lines(&self) -> Vec<Line<'static>> {
        let Some(saved) = &self.saved else {
            return Vec::new();
        };
        let rounds = self.game.rounds_won();
        let mut lines = vec![Line::from(format!(
            "Game over: score {}, {} won.",
            self.game.score(),
            session::plural(rounds as usize, "round")
        ))];
        if let Some(date) = &self.settings.daily {
            lines.push(Line::from(session::share_line(&self.game, date)));
        }
        // The table's rows follow the "high scores:" line; the new entry is marked.
        let mut row = None;
        for text in &saved.lines {
            let style = if saved.failed {
                self.palette.bad
            } else if row.is_some_and(|r| Some(r) == saved.rank) {
                self.palette.marked
            } else {
                Style::new()
            };
            lines.push(Line::styled(text.clone(), style));
            row = match row {
                Some(r) => Some(r + 1),
                None if text == "high scores:" => Some(1),
                None => None,
            };
        }
        lines
    }

    /// The game, for the final summary.
    pub(crate) fn game(&self) -> &Game<'d, C> {
        &self.game
    }
}

/// The area below its first line (a blank line above the rack).
fn top_padded(area: Rect) -> Rect {
    Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    }
}

/// Restores the terminal when dropped, so early returns and errors restore it too.
struct RestoreGuard;

impl Drop for RestoreGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Plays a game in the terminal; prints the final score and the high scores after
/// restoring it. A termination signal ends the game like Ctrl-C (the score is recorded)
/// and is returned as the error, for the exit code.
pub(crate) fn play(
    generator: RoundGenerator<'_>,
    settings: &Settings,
    signals: &Signals,
    colour: bool,
) -> anyhow::Result<()> {
    let game = session::new_game(generator, SystemClock::default(), settings);
    let mut app = App::new(game, settings, Palette::new(colour));
    let mut signal = None;
    {
        let mut terminal = ratatui::try_init()?;
        let _guard = RestoreGuard;
        while !app.wants_quit() {
            // A terminal that is gone cannot be drawn on: that ends the game as its
            // hang-up does, the points still recorded below.
            let drawn = terminal.size().and_then(|size| {
                app.fit(size.width, size.height);
                app.tick();
                terminal.draw(|f| app.render(f)).map(|_| ())
            });
            if drawn.is_err() {
                signal = Some(Terminated::HANGUP);
                break;
            }
            match next_event(signals) {
                TtyEvent::Event(Event::Key(key)) => app.handle_key(key),
                TtyEvent::Event(_) | TtyEvent::Idle => {}
                TtyEvent::Ended(s) => {
                    signal = Some(s);
                    break;
                }
            }
        }
    }
    let saved = app.finish().clone();
    let game = app.game();
    // Stdout may be the terminal that hung up (the score is saved already): the summary is
    // then written nowhere, without a panic.
    let mut summary = format!(
        "Word Blender ({}): game over, score {}, {} won.\n",
        settings.describe(),
        game.score(),
        session::plural(game.rounds_won() as usize, "round")
    );
    if let Some(last) = game.summary()
        && !last.missed.is_empty()
    {
        summary += &format!("Missed in the last round: {}\n", last.missed.join(" "));
    }
    if let Some(date) = &settings.daily {
        summary += &format!("{}\n", session::share_line(game, date));
    }
    for line in &saved.lines {
        summary += &format!("{line}\n");
    }
    let _ = std::io::stdout().write_all(summary.as_bytes());
    if let Some(signal) = signal {
        return Err(signal.into());
    }
    if saved.failed {
        return Err(Incomplete.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
