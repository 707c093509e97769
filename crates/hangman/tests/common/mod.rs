//! Helpers shared by the integration tests that read the challenge dictionary.

use lexicon::{Lexicon, LoadOptions};

/// The challenge dictionary (`../shared/data/words.txt` from the repository root), for a
/// test marked `#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]` (or one
/// ignored for release runs); a panic naming the file when it is absent.
pub(crate) fn challenge() -> Lexicon {
    let path = wordplay_testkit::shared_data("words.txt");
    Lexicon::from_path(&path, &LoadOptions::default())
        .unwrap()
        .0
}
