//! What both games need from the terminal around them: the colour choice ([`color`]),
//! termination signals and hang-ups turned into an orderly end of the game ([`signals`]),
//! standard input read line by line without blocking the game's loop ([`lines`]), and the
//! one frame both terminal UIs run in ([`frame`]).

pub mod color;
pub mod frame;
pub mod lines;
pub mod signals;

pub use color::ColorChoice;
pub use lines::{Input, Lines, MAX_LINE, printable};
pub use signals::{SIGNAL_POLL, Signals, Terminated, TtyEvent, next_event};
