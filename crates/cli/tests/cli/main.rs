//! The command-line programs from the outside, in one test binary (one link, one run):
//! `hangman` (scorer, bench, solve, play, suggest), `blender` and `wordplay serve`, with the
//! tmux end-to-end checks. Fixtures live in `tests/fixtures`; snapshots in
//! `tests/cli/snapshots`.

mod bench;
mod blender;
mod blender_tmux;
mod docs;
mod flags;
mod generate;
mod hangman;
mod holdout;
mod pipes;
mod play;
mod play_tmux;
mod reverse_tmux;
mod serve;
mod solve;
mod suggest;
mod tmux;
