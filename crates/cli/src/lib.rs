//! The wordplay command-line programs, `hangman` and `blender`.
//!
//! This crate only parses arguments, wires the libraries together and writes output: the
//! games themselves live in the `lexicon`, `hangman` and `blender` crates. The `hangman`
//! program's commands are the [`hangman`] module (its binary only calls [`hangman::run`]);
//! the `blender` program's commands are compiled into its binary (`src/blender/`). Both
//! share the word-list loader ([`dictionary`]), exit codes ([`error`]), the terminal
//! plumbing ([`terminal`]) and the output formats, one module each under [`export`], which
//! read plain report structs.

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
