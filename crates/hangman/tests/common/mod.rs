//! Helpers shared by the integration tests that read the shared data.

use lexicon::{Lexicon, LoadOptions};

/// The challenge dictionary (`../shared/data/words.txt` from the repository root), for a
/// test marked `#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]` (or one
/// ignored for release runs); a panic naming the file when it is absent.
#[allow(dead_code)]
pub(crate) fn challenge() -> Lexicon {
    shared("words.txt")
}

/// A word list of `../shared/data/` (`words.txt`, `enable1.txt`), for a test marked as
/// [`challenge`] says; a panic naming the file when it is absent.
#[allow(dead_code)]
pub(crate) fn shared(name: &str) -> Lexicon {
    let path = wordplay_testkit::shared_data(name);
    Lexicon::from_path(&path, &LoadOptions::default())
        .unwrap()
        .0
}
