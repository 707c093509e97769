//! The terminal UI of `blender play` (ratatui over crossterm).
//!
//! Keys: letters type a guess, Enter submits it, Backspace deletes, Space or Tab shuffles,
//! `?` asks for a hint, Esc gives up the round; after a round Enter goes on and Esc quits;
//! Ctrl-C quits at once. The terminal is restored on every exit path, panics included
//! (`ratatui::init` installs a panic hook that restores it; a guard restores it otherwise).

use std::time::Duration;

use blender::{Clock, Feedback, Game, RoundEnd, RoundGenerator, Slot, SystemClock};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::session::{self, Settings};

/// The tone of the message line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tone {
    Good,
    Bad,
    Info,
}

/// The UI state: the game, the guess being typed and the last message.
pub(crate) struct App<'d, C: Clock> {
    game: Game<'d, C>,
    input: String,
    message: (String, Tone),
    quit: bool,
}

impl<'d, C: Clock> App<'d, C> {
    /// A UI for a game that has just started.
    pub(crate) fn new(game: Game<'d, C>) -> Self {
        App {
            game,
            input: String::new(),
            message: (
                "Type words from the letters. Find a six-letter word to advance!".into(),
                Tone::Info,
            ),
            quit: false,
        }
    }

    /// Ends the round when the timer has run out (call before drawing).
    pub(crate) fn tick(&mut self) {
        if self.game.tick() {
            self.input.clear();
            self.message = (Feedback::TimeUp.to_string(), Tone::Bad);
        }
    }

    /// Handles one key press.
    pub(crate) fn handle_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.game.give_up();
            self.quit = true;
            return;
        }
        self.tick();
        if self.game.round().ended().is_some() {
            match key.code {
                KeyCode::Enter if !self.game.is_over() => {
                    self.game.next_round();
                    self.message = (
                        format!("Round {}: go!", self.game.round_number()),
                        Tone::Info,
                    );
                }
                KeyCode::Enter | KeyCode::Esc => self.quit = true,
                _ => {}
            }
            return;
        }
        let feedback = match key.code {
            KeyCode::Char(c) if c.is_ascii_alphabetic() => {
                if self.input.len() < blender::GAME_LETTERS {
                    self.input.push(c.to_ascii_uppercase());
                }
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
            KeyCode::Char(' ') | KeyCode::Tab => self.game.shuffle(),
            KeyCode::Char('?') => self.game.hint(),
            KeyCode::Esc => {
                self.game.give_up();
                Feedback::RoundOver
            }
            _ => return,
        };
        let tone = match feedback {
            Feedback::Found { .. } => Tone::Good,
            Feedback::Hint { .. } | Feedback::Shuffled => Tone::Info,
            _ => Tone::Bad,
        };
        self.message = (feedback.to_string(), tone);
        if matches!(feedback, Feedback::RoundOver) {
            self.message = ("round ended".into(), Tone::Info);
        }
    }

    /// Whether the player asked to leave.
    pub(crate) fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Draws the whole screen.
    pub(crate) fn render(&self, frame: &mut Frame) {
        let game = &self.game;
        let round = game.round();
        let left = session::seconds_left(game.time_left());
        let timer = Span::styled(
            format!(" {}:{:02} ", left / 60, left % 60),
            if left <= 10 {
                Style::new().fg(Color::Red).add_modifier(Modifier::BOLD)
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            },
        );
        let (found, required) = round.progress();
        let block = Block::bordered().title(" Word Blender ".bold()).title(
            Line::from(vec![
                Span::raw(format!(
                    " round {} · score {} · {found}/{required} words ·",
                    game.round_number(),
                    game.score()
                )),
                timer,
            ])
            .right_aligned(),
        );
        let inner = block.inner(frame.area());
        frame.render_widget(block, frame.area());
        let [rack, input, message, slots, help] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Length(2),
            Constraint::Length(2),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(inner);

        let letters: Vec<String> = round.letters().chars().map(|c| format!(" {c} ")).collect();
        frame.render_widget(
            Paragraph::new(Line::from(letters.join(" ")).bold().yellow())
                .alignment(Alignment::Center)
                .block(Block::new().padding(ratatui::widgets::Padding::top(1))),
            rack,
        );
        frame.render_widget(
            Paragraph::new(format!("> {}_", self.input)).alignment(Alignment::Center),
            input,
        );
        let tone = match self.message.1 {
            Tone::Good => Style::new().fg(Color::Green),
            Tone::Bad => Style::new().fg(Color::Red),
            Tone::Info => Style::new().fg(Color::Cyan),
        };
        frame.render_widget(
            Paragraph::new(Line::styled(self.message.0.clone(), tone)).alignment(Alignment::Center),
            message,
        );
        frame.render_widget(
            Paragraph::new(self.board_lines()).wrap(Wrap { trim: false }),
            slots,
        );
        let keys = match (round.ended(), game.is_over()) {
            (None, _) => "Enter guess · Space shuffle · ? hint · Esc give up · Ctrl-C quit",
            (Some(_), false) => "Enter next round · Esc quit",
            (Some(_), true) => "Enter or Esc quit",
        };
        frame.render_widget(
            Paragraph::new(keys.dark_gray()).alignment(Alignment::Center),
            help,
        );
    }

    fn board_lines(&self) -> Vec<Line<'static>> {
        let round = self.game.round();
        let mut lines = Vec::new();
        if let Some(summary) = self.game.summary() {
            let why = match summary.end {
                RoundEnd::TimeUp => "time is up",
                RoundEnd::AllFound => "every word found",
                RoundEnd::GaveUp => "round ended",
            };
            lines.push(Line::from(format!(
                "Round {} over ({why}): {}/{} words, {} points.",
                self.game.round_number(),
                summary.found,
                summary.required,
                summary.score
            )));
            lines.push(if summary.advances {
                Line::from("You found a six-letter word: on to the next round!".green())
            } else {
                Line::from(
                    format!(
                        "No six-letter word: game over. Final score {}.",
                        self.game.score()
                    )
                    .red(),
                )
            });
            lines.push(Line::default());
        }
        for group in round.slots() {
            let mut spans = vec![Span::raw(format!("{} letters: ", group.length))];
            for slot in &group.slots {
                spans.push(match slot {
                    Slot::Found(w) => {
                        Span::styled(w.to_ascii_uppercase(), Style::new().fg(Color::Green))
                    }
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
        if let Some(summary) = self.game.summary()
            && !summary.missed.is_empty()
        {
            lines.push(Line::from(vec![
                Span::raw("missed: "),
                Span::styled(
                    summary.missed.join(" ").to_ascii_uppercase(),
                    Style::new().fg(Color::Red),
                ),
            ]));
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

    /// The game, for the final summary.
    pub(crate) fn game(&self) -> &Game<'d, C> {
        &self.game
    }
}

/// Restores the terminal when dropped, so early returns and errors restore it too.
struct RestoreGuard;

impl Drop for RestoreGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Plays a game in the terminal; prints the final score and high scores after restoring it.
pub(crate) fn play(generator: RoundGenerator<'_>, settings: &Settings) -> anyhow::Result<()> {
    let game = Game::new(
        generator,
        SystemClock::default(),
        settings.seed,
        settings.time_limit,
    );
    let mut app = App::new(game);
    {
        let mut terminal = ratatui::try_init()?;
        let _guard = RestoreGuard;
        while !app.wants_quit() {
            app.tick();
            terminal.draw(|f| app.render(f))?;
            if event::poll(Duration::from_millis(200))?
                && let Event::Key(key) = event::read()?
                && key.kind == KeyEventKind::Press
            {
                app.handle_key(key);
            }
        }
    }
    let game = app.game();
    let rounds = game.rounds_won();
    println!(
        "Word Blender (seed {}): game over, score {}, {} round{} won.",
        settings.seed,
        game.score(),
        rounds,
        if rounds == 1 { "" } else { "s" }
    );
    if let Some(summary) = game.summary()
        && !summary.missed.is_empty()
    {
        println!("Missed in the last round: {}", summary.missed.join(" "));
    }
    for line in session::record(settings, game.score(), rounds) {
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests;
