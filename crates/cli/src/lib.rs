//! The wordplay command-line programs.
//!
//! This crate only parses arguments, wires the libraries together and writes output: the
//! games themselves live in the `lexicon`, `hangman` (and later `blender`) crates. Each
//! output format is one module under [`export`]; results reach them as the plain structs of
//! `hangman::eval`.

// The workspace asks public functions that return `Result` to say when they fail; this
// library's are its two programs' commands, whose errors are the messages they print.
#![allow(clippy::missing_errors_doc)]

pub mod dictionary;
pub mod error;
pub mod export;
pub mod generate;
pub mod hangman;
pub mod progress;
pub mod seed;
pub mod terminal;
