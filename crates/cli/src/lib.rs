//! The wordplay command-line programs.
//!
//! This crate only parses arguments, wires the libraries together and writes output: the
//! games themselves live in the `lexicon`, `hangman` (and later `blender`) crates. Each
//! output format is one module under [`export`]; results reach them as the plain structs of
//! `hangman::eval`.

pub mod dictionary;
pub mod error;
pub mod export;
pub mod hangman;
pub mod progress;
pub mod terminal;
