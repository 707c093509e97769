//! What the hangman UI looks like before anything is drawn: its styles and the smallest
//! terminal it draws in. Kept apart from the drawing (`ui`) because the app state needs them
//! (to know when it is too small) and the drawing code needs the app state.

use ratatui::style::{Color, Modifier, Style};

/// The smallest terminal the UI draws in.
pub(crate) const MIN_WIDTH: u16 = 64;
/// The smallest terminal height the UI draws in.
pub(crate) const MIN_HEIGHT: u16 = 20;

/// The styles of the UI, with colour or without (`--color never`, `NO_COLOR`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HangmanPalette {
    pub(super) hit: Style,
    pub(super) miss: Style,
    pub(super) info: Style,
    pub(super) help: Style,
}

impl HangmanPalette {
    /// The styles, coloured or not.
    pub(crate) fn new(colour: bool) -> HangmanPalette {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let dim = Style::new().add_modifier(Modifier::DIM);
        if colour {
            HangmanPalette {
                hit: bold.fg(Color::Green),
                miss: Style::new().fg(Color::Red),
                info: Style::new().fg(Color::Cyan),
                help: Style::new().fg(Color::DarkGray),
            }
        } else {
            HangmanPalette {
                hit: bold,
                miss: dim,
                info: Style::new(),
                help: dim,
            }
        }
    }
}

impl Default for HangmanPalette {
    fn default() -> HangmanPalette {
        HangmanPalette::new(true)
    }
}

/// Whether an area is too small for the UI.
pub(crate) fn too_small(width: u16, height: u16) -> bool {
    width < MIN_WIDTH || height < MIN_HEIGHT
}
