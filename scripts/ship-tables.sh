#!/bin/sh
# Rebuilds the decision tables `best` ships (crates/hangman/data/tables/, see
# crates/hangman/src/strategy/shipped.rs) from the embedded list, its words in the common
# tier (the fair referee's pool) and the challenge's words.txt (default
# ../shared/data/words.txt). Run from the repository root; a few minutes.
# `cargo test -p hangman --test tables` checks that the files match what `best` decides.
set -eu
words=${1:-../shared/data/words.txt}
cargo run --release -p hangman --example ship_tables -- crates/hangman/data/tables "$words"
# Then, from the tables just built (compiled in anew), the fair hints' expected scores and
# best's moves at the boards of players' first guesses (hint::totals, hint::openings);
# about two minutes of two cores.
cargo run --release -p hangman --example ship_hints -- crates/hangman/data/hints
