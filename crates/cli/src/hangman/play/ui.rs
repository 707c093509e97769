//! Drawing the [`HangmanApp`] into a ratatui frame: gibbet, board, alphabet, lives, message, input
//! and key help, centred in a large terminal (the frame shows a notice instead on one too
//! small: [`crate::terminal::frame::draw`]).
//! Hits and misses are coloured (green, red) unless colour is off ([`HangmanPalette`](super::look::HangmanPalette)); every mark
//! also reads without colour (hits in upper case and bold, misses as `·` and dim).

use hangman::{GameState, Status};
use lexicon::Letter;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{HangmanApp, PlayMode};
use super::look::HangmanPalette;
use super::reverse::ReversePhase;
use crate::terminal::frame::Tone;

/// The largest area the UI spreads over; a larger terminal shows it centred.
const MAX_WIDTH: u16 = 90;
/// See [`MAX_WIDTH`].
const MAX_HEIGHT: u16 = 26;

/// The gibbet after `stage` of 6 parts of the man are drawn.
pub(crate) fn gibbet(stage: u32) -> [String; 7] {
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
pub(crate) fn stage(state: &GameState) -> u32 {
    if state.status() == Status::GameLost {
        return 6;
    }
    let lives = state.max_wrong() + 1;
    (state.wrong_guesses() * 6).div_ceil(lives).min(6)
}

/// Draws the whole UI (on a terminal of at least [`super::look::MIN_WIDTH`] x
/// [`super::look::MIN_HEIGHT`]).
pub(crate) fn draw(frame: &mut Frame, app: &HangmanApp) {
    let full = frame.area();
    let area = centred(full);
    let palette = &app.palette;
    let config = &app.session.config;
    let state = match &app.mode {
        PlayMode::Guess(round) => Some(round.state()),
        PlayMode::Reverse(r) => r.state(),
    };
    let who = match &app.mode {
        PlayMode::Guess(round) => format!("{} referee", round.kind().name()),
        PlayMode::Reverse(_) => format!(
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
    let lost = state.is_some_and(|s| s.status() == Status::GameLost);
    let gibbet_style = if lost { palette.miss } else { Style::new() };
    let lines: Vec<Line> = gibbet(stage)
        .into_iter()
        .map(|l| Line::styled(l, gibbet_style))
        .collect();
    frame.render_widget(Paragraph::new(lines), pad(gallows));
    frame.render_widget(Paragraph::new(info_lines(state, palette)), pad(info));
    frame.render_widget(
        Paragraph::new(alphabet_lines(state, palette)),
        pad(alphabet),
    );

    let prompt = match &app.mode {
        PlayMode::Reverse(r) if r.phase == ReversePhase::AskLength => "length> ",
        PlayMode::Reverse(r) if r.phase == ReversePhase::AskSecret => "word> ",
        PlayMode::Reverse(_) => "answer> ",
        PlayMode::Guess(_) if app.typing_word => "word> ",
        PlayMode::Guess(_) => "guess> ",
    };
    let over = app.is_over();
    let input_line = Line::from(vec![
        Span::styled(prompt, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(app.input.as_str()),
    ]);
    let input = pad(input);
    frame.render_widget(Paragraph::new(input_line), input);
    if !over && !app.confirm_quit {
        let x = input.x + (prompt.len() + app.input.len()) as u16;
        frame.set_cursor_position((x.min(input.right().saturating_sub(1)), input.y));
    }
    let tone = match app.tone {
        Tone::Good => palette.hit,
        Tone::Bad => palette.miss,
        Tone::Info => palette.info,
    };
    frame.render_widget(
        Paragraph::new(Line::styled(app.message.as_str(), tone)).wrap(Wrap { trim: true }),
        pad(message),
    );
    let keys = match (&app.mode, over) {
        _ if app.confirm_quit => "y: quit · any other key: keep playing",
        (_, true) => "Enter/y: play again · q/Esc: quit",
        (PlayMode::Guess(_), false) if app.typing_word => {
            "the word, Enter · Esc: back to letters · Ctrl-C: quit"
        }
        (PlayMode::Guess(_), false) => {
            "a letter guesses it · Enter: guess the word · Esc: quit · Ctrl-C: quit"
        }
        (PlayMode::Reverse(_), false) => {
            "answer or u (undo), Enter · ?: my candidates · Esc: clear/quit · Ctrl-C: quit"
        }
    };
    frame.render_widget(Paragraph::new(keys).style(palette.help), pad(help));
}

/// The UI's area: the whole terminal up to [`MAX_WIDTH`]x[`MAX_HEIGHT`], centred beyond.
fn centred(area: Rect) -> Rect {
    let width = area.width.min(MAX_WIDTH);
    let height = area.height.min(MAX_HEIGHT);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// An area less one column of margin on the left.
fn pad(area: Rect) -> Rect {
    Rect {
        x: area.x + 1,
        width: area.width.saturating_sub(1),
        ..area
    }
}

fn info_lines(state: Option<&GameState>, palette: &HangmanPalette) -> Vec<Line<'static>> {
    let Some(state) = state else {
        return vec![Line::from(""), Line::from("Word: (length not given yet)")];
    };
    let board: Vec<Span> = state
        .board()
        .cells()
        .iter()
        .flat_map(|c| {
            let cell = match c {
                Some(l) => Span::styled((l.upper() as char).to_string(), palette.hit),
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
        Line::from(vec![
            Span::raw("Lives:  "),
            Span::styled("♥".repeat(left as usize), palette.miss),
            Span::raw(format!(
                "{} {left} of {lives}",
                "·".repeat((lives - left) as usize)
            )),
        ]),
        Line::from(format!("Score:  {}", state.score())),
        Line::from(vec![
            Span::raw("Missed: "),
            Span::styled(super::round::missed(state), palette.miss),
        ]),
    ]
}

/// The alphabet in two rows: untried letters plain, hits in upper case (green), misses as
/// `·` (red), so the marks read without colour too.
fn alphabet_lines(state: Option<&GameState>, palette: &HangmanPalette) -> Vec<Line<'static>> {
    let guessed = state.map(|s| (s.guessed_letters(), s.board().letters()));
    let cell = |l: Letter| -> Span<'static> {
        match guessed {
            Some((g, hits)) if g.contains(l) && hits.contains(l) => {
                Span::styled(format!("{} ", l.upper() as char), palette.hit)
            }
            Some((g, _)) if g.contains(l) => Span::styled("· ", palette.miss),
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
