//! The wordplay terminal programs, `hangman` and `blender`.
//!
//! This crate only parses arguments, wires the libraries together and writes output: the
//! games themselves live in the `lexicon`, `hangman` and `blender` crates. Each program's
//! commands are one module, and its binary only calls that module's `run`: [`hangman::run`]
//! and [`blender::run`]. Both share the word-list loader (`dictionary`), exit codes
//! ([`error`]), the terminal (`terminal`: colours, signals, line input and the one
//! [`terminal::frame`] both terminal UIs run in) and the output formats, one module each
//! under `export`, which read plain report structs.
//!
//! The library exposes only what others need: the programs' `run` and parser (`command`, for
//! the docs test), the exit codes and `--generate` (which the `wordplay` program shares), and
//! the play session, its UI state and [`terminal::frame::draw`] (for the play tests, which
//! drive a game without a terminal).

// The workspace asks public functions that return `Result` to say when they fail; this
// library's are its two programs' commands, whose errors are the messages they print.
#![allow(clippy::missing_errors_doc)]

pub mod blender;
mod dictionary;
pub mod error;
mod export;
pub mod generate;
pub mod hangman;
mod progress;
mod seed;
pub mod terminal;
