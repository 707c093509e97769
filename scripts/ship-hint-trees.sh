#!/bin/sh
# Rebuilds the optimal guessers that hints against the optimal referee ship
# (crates/hangman/data/hints/embedded.trees.gz, see crates/hangman/src/hint/trees.rs) for
# the embedded list's words of 8 letters and more. Run from the repository root; about two
# minutes on one core (length 8 is most of it).
# `cargo test --release -p hangman --test hint_trees -- --ignored` checks the file against a
# fresh build and re-checks every tree's bound with `hangman::verify`.
set -eu
cargo run --release -p hangman --example ship_hint_trees -- crates/hangman/data/hints/embedded.trees.gz 8
