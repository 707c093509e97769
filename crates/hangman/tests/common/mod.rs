//! Helpers shared by the integration tests that read the challenge dictionary.

use std::path::Path;

use lexicon::{Lexicon, LoadOptions};

/// The challenge dictionary (`../shared/data/words.txt` from the repository root); `None`
/// when it is absent outside CI (in CI its absence fails the test).
pub(crate) fn challenge() -> Option<Lexicon> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/words.txt");
    if !path.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/data/words.txt is missing in CI"
        );
        eprintln!("skipped: ../shared/data/words.txt is absent");
        return None;
    }
    Some(
        Lexicon::from_path(&path, &LoadOptions::default())
            .unwrap()
            .0,
    )
}
