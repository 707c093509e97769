//! `blender`: the Word Blender game, its solver and the list of all games. See
//! `blender --help`.

fn main() -> std::process::ExitCode {
    wordplay_cli::error::exit_code(wordplay_cli::blender::run(std::env::args_os()))
}
