//! What both games need from the terminal around them: the colour choice (`color`),
//! termination signals and hang-ups turned into an orderly end of the game (`signals`),
//! standard input read line by line without blocking the game's loop (`lines`), and the
//! one frame both terminal UIs run in ([`frame`]).

mod color;
pub mod frame;
mod lines;
mod signals;

pub(crate) use color::ColorChoice;
pub(crate) use lines::{Input, Lines, printable};
pub(crate) use signals::{Signals, Terminated};
