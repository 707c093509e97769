//! Drawing the [`App`] into a ratatui frame: gibbet, board, alphabet, lives, message, input
//! and key help; or a note when the terminal is too small.

use hangman::{GameState, Status};
use lexicon::Letter;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{App, Mode};
use super::reverse::Phase;

/// The smallest terminal the UI draws in.
pub const MIN_WIDTH: u16 = 64;
/// The smallest terminal height the UI draws in.
pub const MIN_HEIGHT: u16 = 20;

/// The gibbet after `stage` of 6 parts of the man are drawn.
pub fn gibbet(stage: u32) -> [String; 7] {
    let part = |n: u32, s: &'static str| if stage >= n { s } else { " " };
    [
        "  +---+".to_string(),
        "  |   |".to_string(),
        format!("  {}   |", part(1, "O")),
        format!(" {}{}{}  |", part(3, "/"), part(2, "|"), part(4, "\\")),
        format!(" {} {}  |", part(5, "/"), part(6, "\\")),
        "      |".to_string(),
        "=========".to_string(),
    ]
}

/// How much of the man to draw: wrong guesses scaled to the six parts, all of it when lost.
pub fn stage(state: &GameState) -> u32 {
    if state.status() == Status::GameLost {
        return 6;
    }
    let lives = state.max_wrong() + 1;
    (state.wrong_guesses() * 6).div_ceil(lives).min(6)
}

/// Draws the whole UI.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "The terminal is too small: {}x{}; hangman needs {MIN_WIDTH}x{MIN_HEIGHT}. \
             Enlarge it, or press Esc to quit.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let config = &app.session.config;
    let state = match &app.mode {
        Mode::Guess(round) => Some(round.state()),
        Mode::Reverse(r) => r.state(),
    };
    let who = match &app.mode {
        Mode::Guess(round) => format!("{} referee", round.kind().name()),
        Mode::Reverse(_) => format!(
            "you referee, {} guesses",
            config.guesser.map_or("?", |g| g.name)
        ),
    };
    let length = state.map_or(String::new(), |s| format!(" · {} letters", s.length()));
    let stats = &app.session.stats;
    let block = Block::bordered()
        .title(format!(" Hangman · {who}{length} "))
        .title_bottom(format!(
            " games {} · wins {} · streak {} ",
            stats.games, stats.wins, stats.streak
        ));
    let inner = block.inner(area);
    frame.render_widget(block, area);

    let [top, alphabet, _, input, message, help] = Layout::vertical([
        Constraint::Length(8),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(2),
        Constraint::Length(1),
    ])
    .areas(inner);
    let [gallows, info] =
        Layout::horizontal([Constraint::Length(14), Constraint::Min(20)]).areas(top);

    let stage = state.map_or(0, stage);
    let lines: Vec<Line> = gibbet(stage).into_iter().map(Line::from).collect();
    frame.render_widget(Paragraph::new(lines), pad(gallows));
    frame.render_widget(Paragraph::new(info_lines(state)), pad(info));
    frame.render_widget(Paragraph::new(alphabet_lines(state)), pad(alphabet));

    let prompt = match &app.mode {
        Mode::Reverse(r) if r.phase == Phase::AskLength => "length> ",
        Mode::Reverse(_) => "answer> ",
        Mode::Guess(_) => "guess> ",
    };
    let over = app.is_over();
    let input_line = Line::from(vec![
        Span::styled(prompt, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(app.input.as_str()),
    ]);
    let input = pad(input);
    frame.render_widget(Paragraph::new(input_line), input);
    if !over {
        let x = input.x + (prompt.len() + app.input.len()) as u16;
        frame.set_cursor_position((x.min(input.right().saturating_sub(1)), input.y));
    }
    frame.render_widget(
        Paragraph::new(app.message.as_str()).wrap(Wrap { trim: true }),
        pad(message),
    );
    let keys = match (&app.mode, over) {
        (_, true) => "Enter/y: play again · q/Esc: quit",
        (Mode::Guess(_), false) => {
            "type a letter or the word, Enter · Esc: clear/quit · Ctrl-C: quit"
        }
        (Mode::Reverse(_), false) => {
            "answer, Enter · ?: my candidates · Esc: clear/quit · Ctrl-C: quit"
        }
    };
    frame.render_widget(
        Paragraph::new(keys).style(Style::new().fg(Color::DarkGray)),
        pad(help),
    );
}

/// An area less one column of margin on the left.
fn pad(area: Rect) -> Rect {
    Rect {
        x: area.x + 1,
        width: area.width.saturating_sub(1),
        ..area
    }
}

fn info_lines(state: Option<&GameState>) -> Vec<Line<'static>> {
    let Some(state) = state else {
        return vec![Line::from(""), Line::from("Word: (length not given yet)")];
    };
    let board: Vec<Span> = state
        .board()
        .cells()
        .iter()
        .flat_map(|c| {
            let cell = match c {
                Some(l) => Span::styled(
                    (l.upper() as char).to_string(),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                None => Span::raw("_"),
            };
            [cell, Span::raw(" ")]
        })
        .collect();
    let lives = state.max_wrong() + 1;
    let left = lives.saturating_sub(state.wrong_guesses());
    vec![
        Line::from(""),
        Line::from([vec![Span::raw("Word:   ")], board].concat()),
        Line::from(""),
        Line::from(format!(
            "Lives:  {}{} {left} of {lives}",
            "♥".repeat(left as usize),
            "·".repeat((lives - left) as usize)
        )),
        Line::from(format!("Score:  {}", state.score())),
        Line::from(format!("Missed: {}", super::round::missed(state))),
    ]
}

/// The alphabet in two rows: untried letters plain, hits in upper case (green), misses as
/// `·` (red), so the marks read without colour too.
fn alphabet_lines(state: Option<&GameState>) -> Vec<Line<'static>> {
    let guessed = state.map(|s| (s.guessed_letters(), s.board().letters()));
    let cell = |l: Letter| -> Span<'static> {
        match guessed {
            Some((g, hits)) if g.contains(l) && hits.contains(l) => Span::styled(
                format!("{} ", l.upper() as char),
                Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            ),
            Some((g, _)) if g.contains(l) => Span::styled("· ", Style::new().fg(Color::Red)),
            _ => Span::raw(format!("{l} ")),
        }
    };
    let row = |range: std::ops::Range<usize>| -> Line<'static> {
        let mut spans = vec![Span::raw("        ")];
        spans.extend(Letter::ALL[range].iter().map(|&l| cell(l)));
        Line::from(spans)
    };
    vec![
        Line::from("Letters (upper case: hit, ·: miss):"),
        row(0..13),
        row(13..26),
    ]
}
