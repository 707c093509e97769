//! `blender`: the Word Blender game, its solver and the list of all games.

#[path = "../blender/mod.rs"]
mod blender;

fn main() -> std::process::ExitCode {
    blender::main()
}
