//! `wordplay`: every game in the browser. See `wordplay --help`.

fn main() -> std::process::ExitCode {
    wordplay_cli::error::exit_code(wordplay::run(std::env::args_os()))
}
