//! The wordplay store: Blender high scores, daily-puzzle attempts with their streaks,
//! hangman win/loss tallies and the web server's games in progress, in one SQLite file
//! that the terminal games and the web server share.
//!
//! - [`open`] is the one way both front ends open it: a file they name, or the default
//!   file in the user's data folder ([`default_path`]; that folder is the only one ever
//!   created). Opening checks everything before a game starts: the folder must exist and
//!   the file must be writable (a write is made at open).
//! - The database runs in WAL mode with a busy timeout, and every update is one
//!   `BEGIN IMMEDIATE` transaction, so many writers (threads or processes) lose nothing.
//! - The schema is versioned with `PRAGMA user_version` and migrated at open; each step
//!   only adds what is missing, so a file any version wrote opens.
//! - Names are checked ([`check_name`]) before anything is kept under them; escaping them
//!   for display is the caller's job.
//! - Learned words (the reversed role's guesser's, [`learned`]) live in their own table.
//!
//! `store.rs` opens the file and migrates it; then one file per table family: `blender.rs`
//! (high scores), `daily.rs` (daily attempts and streaks), `hangman.rs` (tallies),
//! `games.rs` (games in progress); `names.rs` checks names.

mod blender;
mod daily;
mod games;
mod hangman;
pub mod learned;
mod names;
mod store;

pub use blender::{Added, BlenderScore, KEEP};
pub use daily::{DailyResult, DailyStats, daily_is_open, utc_today};
pub use hangman::Tally;
pub use names::{MAX_NAME, NameError, check_name};
pub(crate) use store::now_secs;
pub use store::{FILE_NAME, Store, StoreError, default_path, open};
