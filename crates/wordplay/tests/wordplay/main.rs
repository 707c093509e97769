//! The `wordplay` program from the outside (`serve`, `--generate`) and the docs test, which
//! checks every command of all three programs that the docs show, in one test binary.

mod docs;
mod generate;
mod serve;
