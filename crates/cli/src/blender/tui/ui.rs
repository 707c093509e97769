//! Drawing the [`BlenderApp`] into a ratatui frame: the title with round, score and timer,
//! the rack, the guess, the message, the board of word slots (or the high scores) and the
//! key help. Every mark also reads without colour (see [`super::look::BlenderPalette`]).

use blender::{Clock, RoundEnd, Slot};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{BlenderApp, Showing};
use crate::blender::session;
use crate::terminal::frame::Tone;

/// Draws the whole screen (on a terminal of at least the minimum size).
pub(super) fn draw<C: Clock>(app: &BlenderApp<'_, '_, C>, frame: &mut Frame) {
    let area = frame.area();
    let p = &app.palette;
    let game = &app.game;
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
            format!(" Word Blender · {} ", app.settings.describe()),
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
        Paragraph::new(rack_line(app)).alignment(Alignment::Center),
        top_padded(rack),
    );
    let input_text = match app.showing {
        Showing::AskName => format!("name> {}_", app.name),
        Showing::Playing | Showing::ConfirmGiveUp => format!("> {}_", app.input),
        _ => String::new(),
    };
    frame.render_widget(
        Paragraph::new(input_text).alignment(Alignment::Center),
        input,
    );
    let tone = match app.message.1 {
        Tone::Good => p.good,
        Tone::Bad => p.bad,
        Tone::Info => p.info,
    };
    frame.render_widget(
        Paragraph::new(Line::styled(app.message.0.clone(), tone))
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        message,
    );
    let body_lines = match app.showing {
        Showing::Paused => vec![
            Line::from(""),
            Line::from("Paused: the timer is stopped.").centered(),
            Line::from("Press any key to go on.").centered(),
        ],
        Showing::Scores => score_lines(app),
        _ => board_lines(app),
    };
    frame.render_widget(Paragraph::new(body_lines).wrap(Wrap { trim: false }), body);
    let keys = match app.showing {
        Showing::Playing => {
            "Enter guess · Space shuffle · ? hint · Tab pause · Esc clear/give up · ^C quit"
        }
        Showing::ConfirmGiveUp => "y: give up the round · any other key: keep playing",
        Showing::Paused => "any key: go on · Ctrl-C quit",
        Showing::RoundOver if !app.game.is_over() => "Enter next round · Esc end the game",
        Showing::RoundOver => "Enter or Esc: high scores",
        Showing::AskName => "type your name · Enter save",
        Showing::Scores => "Enter or Esc: quit",
    };
    frame.render_widget(
        Paragraph::new(Span::styled(keys, p.help)).alignment(Alignment::Center),
        help,
    );
}

/// The rack as tiles; letters in use in the guess are dimmed, and while paused the
/// letters are hidden.
fn rack_line<C: Clock>(app: &BlenderApp<'_, '_, C>) -> Line<'static> {
    let letters = app.game.round().letters();
    if app.showing == Showing::Paused {
        let hidden: Vec<&str> = letters.chars().map(|_| " ? ").collect();
        return Line::from(hidden.join(" "));
    }
    let mut unused: Vec<char> = app.input.chars().collect();
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
            app.palette.used
        } else {
            app.palette.rack
        };
        spans.push(Span::styled(format!(" {c} "), style));
    }
    Line::from(spans)
}

fn board_lines<C: Clock>(app: &BlenderApp<'_, '_, C>) -> Vec<Line<'static>> {
    let p = &app.palette;
    let round = app.game.round();
    let mut lines = Vec::new();
    if let Some(summary) = app.game.summary() {
        let why = match summary.end {
            RoundEnd::TimeUp => "time is up",
            RoundEnd::AllFound => "every word found",
            RoundEnd::GaveUp => "round ended",
        };
        lines.push(Line::from(format!(
            "Round {} over ({why}): {}/{}, {} points.",
            app.game.round_number(),
            summary.found,
            session::plural(summary.required, "word"),
            summary.score
        )));
        lines.push(if let Some(date) = &app.settings.daily {
            Line::from(session::share_line(&app.game, date))
        } else if summary.advances {
            Line::styled("You found a six-letter word: on to the next round!", p.good)
        } else {
            Line::styled(
                format!(
                    "No six-letter word: game over. Final score {}.",
                    app.game.score()
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

fn score_lines<C: Clock>(app: &BlenderApp<'_, '_, C>) -> Vec<Line<'static>> {
    let Some(saved) = &app.saved else {
        return Vec::new();
    };
    let rounds = app.game.rounds_won();
    let mut lines = vec![Line::from(format!(
        "Game over: score {}, {} won.",
        app.game.score(),
        session::plural(rounds as usize, "round")
    ))];
    if let Some(date) = &app.settings.daily {
        lines.push(Line::from(session::share_line(&app.game, date)));
    }
    // The table's rows follow the "high scores:" line; the new entry is marked.
    let mut row = None;
    for text in &saved.lines {
        let style = if saved.failed {
            app.palette.bad
        } else if row.is_some_and(|r| Some(r) == saved.rank) {
            app.palette.marked
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

/// The area below its first line (a blank line above the rack).
fn top_padded(area: Rect) -> Rect {
    Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    }
}
