//! What the Word Blender UI looks like before anything is drawn: its styles and the
//! smallest terminal it is drawn in (the state needs the size, the drawing both).

use ratatui::style::{Color, Modifier, Style};

/// The smallest terminal width the game is drawn in.
pub(crate) const MIN_WIDTH: u16 = 44;
/// The smallest terminal height the game is drawn in.
pub(crate) const MIN_HEIGHT: u16 = 14;

/// The styles of the UI, with or without colour. Without colour every mark still reads:
/// found words in upper case and bold, missed ones in lower case and dim.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlenderPalette {
    pub(super) good: Style,
    pub(super) bad: Style,
    pub(super) info: Style,
    pub(super) rack: Style,
    pub(super) used: Style,
    pub(super) found: Style,
    pub(super) missed: Style,
    pub(super) urgent: Style,
    pub(super) help: Style,
    pub(super) marked: Style,
}

impl BlenderPalette {
    /// The styles, coloured or not.
    pub(crate) fn new(colour: bool) -> BlenderPalette {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let dim = Style::new().add_modifier(Modifier::DIM);
        if colour {
            BlenderPalette {
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
            BlenderPalette {
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
