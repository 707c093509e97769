//! Probes for what some tests need from outside the repository and sets a `cfg` for each
//! need met, so that a test whose need is missing shows as ignored locally; in CI every
//! `cfg` is set and such a test fails instead (see `wordplay-testkit`).

use wordplay_testkit::Need;

fn main() {
    wordplay_testkit::probe(&[Need::Chromium]);
}
