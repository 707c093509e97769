//! The Word Blender games the server keeps, apart from their routes (`blender_routes.rs`)
//! so that the service's state can hold them.

use blender::{Difficulty, Game, SystemClock};

/// One Blender game.
pub(crate) struct Session {
    pub(crate) game: Game<'static, SystemClock>,
    pub(crate) difficulty: Difficulty,
    pub(crate) seed: u64,
    pub(crate) daily: Option<(String, u32)>,
    pub(crate) saved: bool,
}
