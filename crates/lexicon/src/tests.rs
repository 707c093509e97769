use super::*;
use proptest::prelude::*;

fn load(text: &str) -> Result<(Lexicon, LoadReport), LexiconError> {
    Lexicon::from_text("list.txt", text, &LoadOptions::default())
}

#[test]
fn buckets_hold_sorted_words_with_masks() {
    let (lex, report) = load("factual\ncat\nact\nbanana\n").unwrap();
    assert_eq!(lex.len(), 4);
    assert_eq!(report.words, 4);
    assert_eq!(report.lines, 4);
    assert_eq!(lex.lengths().collect::<Vec<_>>(), vec![3, 6, 7]);
    let three = lex.bucket(3);
    assert_eq!(three.words().collect::<Vec<_>>(), vec!["act", "cat"]);
    let banana = lex.bucket(6);
    let a = Letter::from_ascii(b'a').unwrap();
    let n = Letter::from_ascii(b'n').unwrap();
    assert_eq!(banana.positions(0, a), 0b101010);
    assert_eq!(banana.positions(0, n), 0b010100);
    assert_eq!(banana.letters(0).to_string(), "abn");
    assert!(lex.bucket(4).is_empty());
    assert!(lex.bucket(99).is_empty());
}

#[test]
fn normalizes_crlf_space_case_and_duplicates() {
    let (lex, report) = load("\u{feff}Cat\r\n  dog \r\ncat\nDOG\n\n\tbird\n").unwrap();
    assert_eq!(lex.words().collect::<Vec<_>>(), vec!["cat", "dog", "bird"]);
    assert_eq!(report.duplicates, 2);
    assert_eq!(report.case_folded, 2);
    assert_eq!(report.crlf_lines, 2);
    assert!(report.notes().unwrap().contains("2 duplicate(s) dropped"));
    assert!(lex.contains("CAT"));
    assert!(!lex.contains("cow"));
}

#[test]
fn clean_input_has_no_notes() {
    let (_, report) = load("a\nb\n").unwrap();
    assert_eq!(report.notes(), None);
}

#[test]
fn rejects_non_letters_with_line_and_word() {
    for (text, needle) in [
        ("cat\nd0g\n", "list.txt:2: \"d0g\" contains the digit '0'"),
        (
            "cat\ncafé\n",
            "list.txt:2: \"café\" contains 'é', a letter outside a-z",
        ),
        ("it's\n", "list.txt:1: \"it's\" contains '\\''"),
        (
            "ice cream\n",
            "list.txt:1: \"ice cream\" contains white space",
        ),
    ] {
        let err = load(text).unwrap_err().to_string();
        assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    }
}

#[test]
fn skip_invalid_drops_and_counts() {
    let opts = LoadOptions { skip_invalid: true };
    let (lex, report) = Lexicon::from_text("l", "cat\nd0g\ncafé\nbird", &opts).unwrap();
    assert_eq!(lex.len(), 2);
    assert_eq!(report.skipped.len(), 2);
    assert_eq!(report.skipped[0].line, 2);
    assert_eq!(report.skipped[1].word, "café");
}

#[test]
fn rejects_empty_lists() {
    assert!(matches!(load(""), Err(LexiconError::Empty { .. })));
    assert!(matches!(load("\n \n\r\n"), Err(LexiconError::Empty { .. })));
    let opts = LoadOptions { skip_invalid: true };
    let err = Lexicon::from_text("l", "123\n", &opts).unwrap_err();
    assert!(
        err.to_string().contains("1 invalid line(s) skipped"),
        "{err}"
    );
}

#[test]
fn rejects_non_utf8_with_line() {
    let err = Lexicon::from_bytes("l.txt", b"cat\ndog\nca\xfft\n", &LoadOptions::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("l.txt:3: invalid UTF-8 (byte 0xff)"), "{err}");
}

#[test]
fn rejects_too_long_words() {
    let long = "a".repeat(MAX_WORD_LEN + 1);
    let err = load(&long).unwrap_err().to_string();
    assert!(err.contains("33 letters long"), "{err}");
    assert!(load(&"a".repeat(MAX_WORD_LEN)).is_ok());
}

#[test]
fn missing_file_and_directory_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let err = Lexicon::from_path(dir.path(), &LoadOptions::default()).unwrap_err();
    assert!(matches!(err, LexiconError::IsDirectory { .. }), "{err}");
    let missing = dir.path().join("missing.txt");
    let err = Lexicon::from_path(&missing, &LoadOptions::default()).unwrap_err();
    assert!(err.to_string().contains("missing.txt"), "{err}");
}

#[test]
fn embedded_list_is_the_wordnik_list() {
    let lex = Lexicon::embedded();
    assert_eq!(lex.len(), 198_420);
    assert_eq!(lex.lengths().next(), Some(2));
    assert_eq!(lex.max_length(), 28);
    assert!(lex.contains("hangman"));
    for length in lex.lengths() {
        let b = lex.bucket(length);
        assert!(b.words().zip(b.words().skip(1)).all(|(x, y)| x < y));
    }
}

#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn shared_words_txt_loads() {
    let path = wordplay_testkit::shared_data("words.txt");
    let (lex, report) = Lexicon::from_path(&path, &LoadOptions::default()).unwrap();
    assert_eq!(lex.len(), 173_528);
    assert_eq!(report.duplicates, 0);
    assert_eq!(report.notes(), None);
}

proptest! {
    #[test]
    fn masks_agree_with_the_words(words in prop::collection::vec("[a-e]{1,6}", 1..40)) {
        let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
        let mut distinct = words.clone();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(lex.len(), distinct.len());
        for w in &distinct {
            let id = lex.find(w).unwrap();
            let bucket = lex.bucket(id.length);
            prop_assert_eq!(bucket.word_str(id.index), w.as_str());
            for l in Letter::ALL {
                let expected = w.bytes().enumerate()
                    .filter(|&(_, b)| b == l.lower())
                    .fold(0u32, |m, (p, _)| m | 1 << p);
                prop_assert_eq!(bucket.positions(id.index, l), expected);
                prop_assert_eq!(bucket.letters(id.index).contains(l), expected != 0);
            }
        }
    }
}

/// A file above the limit is refused from its size, before a byte is read: the sparse file
/// here holds only zeros, which reading would refuse as a line too long instead.
#[test]
fn a_file_above_the_limit_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    match Lexicon::from_path(&path, &LoadOptions::default()) {
        Err(e @ LexiconError::TooLarge { .. }) => {
            assert!(e.to_string().contains("larger than 256 MiB"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

/// A stream without line ends (as `/dev/zero`) fails once a line passes the limit, having
/// read no more than a buffer beyond it; a file above the size limit fails too.
#[test]
fn endless_streams_and_huge_files_are_refused() {
    let path = std::path::Path::new("stream");
    let zeros = std::io::repeat(0);
    match super::read_limited(zeros, path, 1 << 30, 1024) {
        Err(LexiconError::LineTooLong {
            line: 1,
            limit: 1024,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    // Short lines, but more bytes than allowed.
    let lines = std::io::Read::take(std::io::repeat(b'\n'), 100_000);
    match super::read_limited(lines, path, 50_000, 1024) {
        Err(e @ LexiconError::TooLarge { .. }) => {
            assert!(e.to_string().contains("stream is larger than"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    // Within both limits: the bytes, and the line numbers of a later long line.
    let text = b"cat\ndog\n".repeat(1000);
    assert_eq!(
        super::read_limited(&text[..], path, 1 << 20, 8).unwrap(),
        text
    );
    let mut long = b"cat\ndog\n".to_vec();
    long.extend(vec![b'a'; 20]);
    match super::read_limited(&long[..], path, 1 << 20, 8) {
        Err(LexiconError::LineTooLong { line: 3, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_quote_a_short_prefix_of_a_long_line() {
    let line = format!("{}1", "a".repeat(1000));
    let err = Lexicon::from_text("list", &line, &LoadOptions::default()).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains(&format!("\"{}…\"", "a".repeat(40))),
        "{message}"
    );
    assert!(message.len() < 200, "{message}");
}
