//! Helpers shared by the integration tests that read the challenge dictionary.

use std::path::Path;

use lexicon::{Lexicon, LoadOptions};

/// The challenge dictionary (`../shared/data/words.txt` from the repository root); `None`
/// when it is absent outside CI (in CI its absence fails the test).
#[allow(dead_code)]
pub(crate) fn challenge() -> Option<Lexicon> {
    shared("words.txt")
}

/// A word list of `../shared/data/` (`words.txt`, `enable1.txt`); `None` when it is absent
/// outside CI (in CI its absence fails the test).
#[allow(dead_code)]
pub(crate) fn shared(name: &str) -> Option<Lexicon> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name);
    if !path.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/data/{name} is missing in CI"
        );
        eprintln!("skipped: ../shared/data/{name} is absent");
        return None;
    }
    Some(
        Lexicon::from_path(&path, &LoadOptions::default())
            .unwrap()
            .0,
    )
}
