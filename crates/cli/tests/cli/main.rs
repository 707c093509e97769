//! The terminal programs from the outside, in one test binary (one link, one run): `hangman`
//! (scorer, bench, solve, play, suggest) and `blender`, with the tmux end-to-end checks.
//! Fixtures live in `tests/fixtures`; snapshots in `tests/cli/snapshots`. (`wordplay serve`
//! and the docs test are in the `wordplay` package.)

mod bench;
mod blender;
mod blender_tmux;
mod flags;
mod generate;
mod hangman;
mod holdout;
mod pipes;
mod play;
mod play_tmux;
mod reverse_tmux;
mod solve;
mod suggest;
mod tmux;
