//! `hangman`: score, benchmark, play and solve hangman. See `hangman --help`.

fn main() -> std::process::ExitCode {
    wordplay_cli::error::exit_code(wordplay_cli::hangman::run(std::env::args_os()))
}
