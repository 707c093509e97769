//! `blender`'s formats on hand-built games and deals: exact text lines, CSV columns and
//! JSON fields (scripts rely on them).

use blender::{Deal, Difficulty, GameEntry, RoundWord};

use super::*;

fn entries() -> Vec<GameEntry<'static>> {
    vec![
        GameEntry {
            letters: "eilnst".into(),
            required: vec!["inlet", "listen", "silent"],
            accepted: vec!["inlets"],
        },
        GameEntry {
            letters: "aelrst".into(),
            required: vec!["alert"],
            accepted: vec![],
        },
    ]
}

fn games_in(format: GamesFormat) -> String {
    let mut out = Vec::new();
    games(&mut out, &entries(), format).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn games_text_has_bonus_words_after_a_bar_only_when_there_are_some() {
    assert_eq!(
        games_in(GamesFormat::Text),
        "eilnst 4: inlet listen silent | inlets\naelrst 1: alert\n2 games\n"
    );
}

#[test]
fn games_csv_keeps_its_columns() {
    assert_eq!(
        games_in(GamesFormat::Csv),
        "letters,required_count,accepted_count,required,accepted\n\
         eilnst,3,1,inlet listen silent,inlets\n\
         aelrst,1,0,alert,\n"
    );
}

#[test]
fn games_json_keeps_its_fields() {
    let json: serde_json::Value = serde_json::from_str(&games_in(GamesFormat::Json)).unwrap();
    assert_eq!(json["count"], 2);
    assert_eq!(json["games"][0]["letters"], "eilnst");
    assert_eq!(json["games"][0]["accepted"][0], "inlets");
    assert_eq!(json["games"][1]["required"][0], "alert");
}

fn a_deal() -> (Deal, Dealing) {
    let word = |w: &str, required| RoundWord {
        word: w.into(),
        required,
    };
    (
        Deal {
            source: "listen".into(),
            letters: b"nsetil".to_vec(),
            words: vec![
                word("inlet", true),
                word("islet", false),
                word("listen", true),
            ],
        },
        Dealing {
            difficulty: Difficulty::Normal,
            words: (1, 30),
            seed: 7,
            daily: None,
        },
    )
}

#[test]
fn a_deal_as_text_and_json() {
    let (round, dealing) = a_deal();
    let mut out = Vec::new();
    deal(&mut out, &round, &dealing, DealFormat::Text).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "letters: N S E T I L (seed 7, normal)\nrequired (2): inlet listen\nbonus (1): islet\n"
    );
    let mut out = Vec::new();
    deal(&mut out, &round, &dealing, DealFormat::Json).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    for (key, value) in [
        ("seed", serde_json::json!(7)),
        ("daily", serde_json::Value::Null),
        ("difficulty", serde_json::json!("normal")),
        ("min_words", serde_json::json!(1)),
        ("max_words", serde_json::json!(30)),
        ("letters", serde_json::json!("NSETIL")),
        ("required", serde_json::json!(["inlet", "listen"])),
        ("bonus", serde_json::json!(["islet"])),
    ] {
        assert_eq!(json[key], value, "{key}: {json}");
    }
}
