//! The reference certificates committed in `certificates/` (docs/evil.md, "Reference
//! tables"): each list's files match `certificates/SHA256SUMS`, check with
//! `hangman::verify::verify_folder` (what `hangman verify DIR LIST` runs), prove the
//! table's value at every length, and settle every first letter as the table says.
//!
//! Release only (about a second per list): `cargo test --release -p hangman --test
//! reference -- --ignored`, the CI step that reads the certificates.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hangman::verify;
use lexicon::{Lexicon, LoadOptions};
use sha2::{Digest, Sha256};

/// `certificates/` at the repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../certificates")
}

/// `certificates/SHA256SUMS`: file (relative to `certificates/`) → digest.
fn sums() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join("SHA256SUMS")).expect("certificates/SHA256SUMS");
    text.lines()
        .map(|line| {
            let (digest, file) = line.split_once("  ").expect("`DIGEST  FILE` lines");
            (file.to_string(), digest.to_string())
        })
        .collect()
}

/// The SHA-256 of `bytes` in lowercase hex, as `sha256sum` prints it.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One row of a reference table: length, `M`, optimal first letters (all others that
/// split the words are not optimal).
type Row = (usize, u32, &'static str);

/// Checks the folder `certificates/name` against `lexicon` and `table` (the lengths
/// certified, in order: a file of another length, or a row with no file, fails).
fn check(name: &str, lexicon: &Lexicon, table: &[Row]) {
    let dir = root().join(name);
    let sums = sums();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| format!("{name}/{}", e.unwrap().file_name().to_str().unwrap()))
        .collect();
    files.sort();
    for file in &files {
        let bytes = std::fs::read(root().join(file)).unwrap();
        let digest = sha256_hex(&bytes);
        assert_eq!(
            sums.get(file),
            Some(&digest),
            "{file}: not as in SHA256SUMS"
        );
        assert!(
            bytes.len() <= 2 << 20,
            "{file}: {} bytes, above 2 MB",
            bytes.len()
        );
    }
    let listed = sums
        .keys()
        .filter(|f| f.starts_with(&format!("{name}/")))
        .count();
    assert_eq!(
        listed,
        files.len(),
        "SHA256SUMS lists files of {name} that are not there"
    );
    let checks = verify::verify_folder(&dir, lexicon).unwrap();
    assert_eq!(
        checks.iter().map(|c| c.length).collect::<Vec<_>>(),
        table.iter().map(|r| r.0).collect::<Vec<_>>(),
        "{name}: the lengths certified are the table's"
    );
    for (check, &(length, value, optimal)) in checks.iter().zip(table) {
        let v = check
            .value
            .1
            .as_ref()
            .unwrap_or_else(|f| panic!("{name} {length}: {f}"));
        assert_eq!((v.lower, v.upper), (value, value), "{name} {length}");
        assert_eq!(v.words, lexicon.bucket(length).len());
        if v.words < 2 {
            continue;
        }
        let (_, first) = check
            .first
            .as_ref()
            .unwrap_or_else(|| panic!("{name} {length}: no first letters"));
        let f = first
            .as_ref()
            .unwrap_or_else(|flaw| panic!("{name} {length}: {flaw}"));
        assert_eq!(f.open, "", "{name} {length}: letters left open");
        assert_eq!(f.optimal, optimal, "{name} {length}: optimal first letters");
    }
}

/// words.txt.
const WORDS: &[Row] = &[
    (2, 14, "abdeghilmnrstwxy"),
    (3, 17, "abcdefghklmnoprstuvwxyz"),
    (4, 16, "bdfghijklmnprstvwyz"),
    (5, 15, "bdfghijklmnprstvwyz"),
    (6, 12, "abcdfghiklmnprst"),
    (7, 11, "abcdfghiklmnprstu"),
    (8, 8, "abcdefghijklmnoprstuwz"),
    (9, 6, "abcdeghijklmnprstu"),
    (10, 5, "eghinops"),
    (11, 6, "abcdeghijklmnprstuwz"),
    (12, 4, "aefhilnorstu"),
    (13, 4, "abcdefghiklnoprstuw"),
    (14, 3, "acegilnorstuy"),
    (15, 2, "aei"),
    (16, 2, "aeirs"),
    (17, 2, "aceinorst"),
    (18, 2, "acehilnorstuy"),
    (19, 2, "abcdefghilmnoprstuvy"),
    (20, 1, "aeinorst"),
    (21, 1, "abcegilnorst"),
    (22, 1, "aelnorst"),
    (23, 1, "adeilnorstuz"),
    (24, 0, "eot"),
    (25, 0, "aehilmnopty"),
    (27, 0, "acehilnrty"),
    (28, 0, ""),
];

/// The embedded list.
const EMBEDDED: &[Row] = &[
    (2, 15, "bdghilmnostwy"),
    (3, 18, "abcdefghijklmnoprstuvwxyz"),
    (4, 17, "bcdfghijklmnprstvwyz"),
    (5, 16, "bcdfghijklmnprstvwyz"),
    (6, 12, "abdfghiklnprst"),
    (7, 11, "abdfghiklnprst"),
    (8, 8, "abdefgiklmoprstu"),
    (9, 7, "abcdefgiklmnoprsu"),
    (10, 5, "eginos"),
    (11, 7, "abcdefgiklmnoprsu"),
    (12, 4, "aefhilnorstu"),
    (13, 4, "abcdefghiklnoprstuw"),
    (14, 3, "acegilnorstuy"),
    (15, 2, "aei"),
    (16, 2, "aeirs"),
    (17, 2, "aceinorst"),
    (18, 2, "acehilnorstuy"),
    (19, 2, "abcdefghilmnoprstuvy"),
    (20, 1, "aeinorst"),
    (21, 1, "abcegilnorst"),
    (22, 1, "aelnorst"),
    (23, 1, "adeilnorstuz"),
    (24, 0, "eot"),
    (25, 0, "aehilmnopty"),
    (27, 0, "acehilnrty"),
    (28, 0, ""),
];

/// enable1.
const ENABLE1: &[Row] = &[
    (2, 14, "abdeghilmnrstwxy"),
    (3, 17, "abcdefghklmnoprstuvwxyz"),
    (4, 16, "bdfghijklmnprstvwyz"),
    (5, 15, "bdfghijklmnprstvwyz"),
    (6, 12, "abcdfghiklmnprst"),
    (7, 11, "abcdfghiklmnprstu"),
    (8, 8, "abcdefghijklmnoprstuwz"),
    (9, 6, "abcdeghijklmnprstu"),
    (10, 5, "eghinops"),
    (11, 6, "abcdeghijklmnprstuwz"),
    (12, 4, "aefhilnorstu"),
    (13, 4, "abcdefghiklnoprstuw"),
    (14, 3, "acegilnorstuy"),
    (15, 2, "aei"),
    (16, 2, "aeirs"),
    (17, 2, "aceinorst"),
    (18, 2, "acehilnorstuy"),
    (19, 2, "abcdefghilmnoprstuvy"),
    (20, 1, "aeinorst"),
    (21, 1, "abcegilnorst"),
    (22, 1, "aelnorst"),
    (23, 1, "adeilnorstuz"),
    (24, 0, "eot"),
    (25, 0, "aehilmnopty"),
    (27, 0, "acehilnrty"),
    (28, 0, ""),
];

/// SCOWL size 70 (`crates/hangman/data/scowl70/scowl-70.txt`, in the repository).
const SCOWL70: &[Row] = &[
    (1, 25, "abcdefghijklmnopqrstuvwxyz"),
    (2, 11, "aekmpst"),
    (3, 16, "abcdefghjklmnoprstuvwxy"),
    (4, 13, "abcdefklmnprst"),
    (6, 12, "abcdefghijklmnprstwyz"),
    (7, 11, "abcdfghijklmnprstwxyz"),
    (8, 7, "bdgimoprsu"),
    (9, 6, "acefgiklnstuw"),
    (10, 4, "aei"),
    (11, 4, "abcdeghiklmnoprstuy"),
    (12, 3, "eior"),
    (13, 3, "abeiorstu"),
    (14, 2, "eio"),
    (15, 2, "aeiot"),
    (16, 2, "aehilnorst"),
    (17, 2, "acehilmnoprsty"),
    (18, 1, "eior"),
    (19, 1, "aeilors"),
    (20, 1, "aceghilmnoprstuyz"),
    (21, 0, "o"),
    (22, 1, "aceghlnoprsty"),
    (23, 0, "acehilnort"),
    (25, 0, ""),
    (27, 0, ""),
    (28, 0, ""),
    (29, 0, "ahilnt"),
    (30, 0, ""),
    (31, 0, ""),
];

#[test]
#[ignore = "release only: cargo test --release -p hangman --test reference -- --ignored"]
fn words_txt_reference_certificates_check() {
    check("words", &common::shared("words.txt"), WORDS);
}

#[test]
#[ignore = "release only: cargo test --release -p hangman --test reference -- --ignored"]
fn embedded_list_reference_certificates_check() {
    check("embedded", &Lexicon::embedded(), EMBEDDED);
}

#[test]
#[ignore = "release only: cargo test --release -p hangman --test reference -- --ignored"]
fn enable1_reference_certificates_check() {
    check("enable1", &common::shared("enable1.txt"), ENABLE1);
}

#[test]
#[ignore = "release only: cargo test --release -p hangman --test reference -- --ignored"]
fn scowl70_reference_certificates_check() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/scowl70/scowl-70.txt");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let digest = sha256_hex(&bytes);
    // The digest its README gives: the list `scripts/scowl-70.sh` writes from the pinned package.
    assert_eq!(
        digest,
        "9e43eab00c8b21cefb5f77a01065a6c204f1e4526bb357c5b7ec1a4617571b9d",
        "{}: not the list of its README",
        path.display()
    );
    let lexicon = Lexicon::from_path(&path, &LoadOptions::default())
        .unwrap()
        .0;
    check("scowl70", &lexicon, SCOWL70);
}
