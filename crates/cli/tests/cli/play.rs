//! `hangman play`: the scripted line mode, reversed roles, and the TUI drawn on a test
//! backend.

use std::path::PathBuf;
use std::sync::Arc;

use assert_cmd::cargo::cargo_bin_cmd;
use hangman::Guess;
use hangman::strategy::{self, Settings};
use lexicon::Lexicon;
use predicates::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use wordplay_cli::hangman::play::app::{HangmanApp, PlayMode};
use wordplay_cli::hangman::play::reverse::{ReversePhase, ReverseRound};
use wordplay_cli::hangman::play::secrets::SecretDifficulty;
use wordplay_cli::hangman::play::session::{Config, PlaySession, RefereeKind};
use wordplay_cli::terminal::frame;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// `hangman play` on the fixture list with 5-letter words: the only one is "crane".
fn play(extra: &[&str], stdin: &str) -> assert_cmd::assert::Assert {
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.arg("play")
        .arg(fixture("play.txt"))
        .args(["--length", "5", "--seed", "1"])
        .args(extra)
        .write_stdin(stdin);
    cmd.assert()
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

#[test]
fn line_mode_game_won_letter_by_letter() {
    let out = stdout(&play(&[], "c\nr\na\nn\ne\n").success());
    let expected = "\
Hangman: fair referee, 6 lives, seed 1. Type a letter or the whole word per line; :quit stops.
New game: 5 letters.
_ _ _ _ _   lives 6/6   score 0   missed: -
guess> c
Yes: 1 C.
C _ _ _ _   lives 6/6   score 1   missed: -
guess> r
Yes: 1 R.
C R _ _ _   lives 6/6   score 2   missed: -
guess> a
Yes: 1 A.
C R A _ _   lives 6/6   score 3   missed: -
guess> n
Yes: 1 N.
C R A N _   lives 6/6   score 4   missed: -
guess> e
Yes: 1 E.
C R A N E   lives 6/6   score 5   missed: -
You won! The word was CRANE. Score 5.
Session: games 1, wins 1, streak 1 (best 1).
play again? [y/n]> 
Bye. Session: games 1, wins 1, streak 1 (best 1).
";
    assert_eq!(out, expected);
}

#[test]
fn line_mode_game_lost_after_six_misses() {
    let out = stdout(&play(&[], "e\nb\nd\nf\ng\nh\ni\n").success());
    assert!(out.contains("_ _ _ _ E   lives 1/6   score 6   missed: B D F G H"));
    assert!(out.contains("No I in the word.\n_ _ _ _ E   lives 0/6   score 25"));
    assert!(out.contains("You lost. The word was CRANE. Score 25."));
    assert!(out.contains("games 1, wins 0, streak 0"));
    // The game ended on the sixth miss: no seventh guess was asked for.
    assert_eq!(out.matches("guess> ").count(), 7);
}

#[test]
fn line_mode_word_guesses_wrong_then_right() {
    let out = stdout(&play(&[], "a\nbrace\ncranes\ncrane\n").success());
    assert!(
        out.contains("BRACE is not the word.\n_ _ A _ _   lives 5/6   score 2   missed: brace")
    );
    assert!(out.contains("CRANES is not the word (it has 5 letters).\n"));
    assert!(out.contains("missed: brace cranes"));
    assert!(out.contains("CRANE is the word!\nC R A N E   lives 4/6   score 3"));
    assert!(out.contains("You won! The word was CRANE. Score 3."));
}

#[test]
fn line_mode_ignores_invalid_input_with_a_message() {
    let out = stdout(&play(&[], "1\na b\n\nc\nc\n:quit\n").success());
    assert!(out.contains("\"1\" is not a guess: type one letter a-z or the whole word."));
    assert!(out.contains("\"a b\" is not a guess"));
    assert!(out.contains("Type a letter, or the whole word, then Enter."));
    assert!(out.contains("You already guessed C; it costs nothing."));
    // Nothing invalid cost anything: one correct letter, no misses.
    assert!(out.contains("C _ _ _ _   lives 6/6   score 1   missed: -\nguess> :quit"));
    assert!(out.contains("Bye. Session: games 0"));
}

#[test]
fn line_mode_plays_again_and_keeps_session_stats() {
    let out = stdout(&play(&[], "crane\ny\nz\ncrane\nn\n").success());
    assert_eq!(out.matches("New game: 5 letters.").count(), 2);
    assert!(out.contains("Session: games 2, wins 2, streak 2 (best 2)."));
}

#[test]
fn lives_option_sets_the_misses_allowed() {
    let out = stdout(&play(&["--lives", "2"], "x\nz\n").success());
    assert!(out.contains("_ _ _ _ _   lives 1/2   score 1   missed: X"));
    assert!(out.contains("You lost."));
}

/// `--lives N`, the old spelling (hidden), plays exactly as `-m N-1` and `--max-wrong N-1`;
/// without either the game has six lives (`-m 5`).
#[test]
fn lives_is_max_wrong_plus_one() {
    let input = "x\nz\nq\ncrane\n";
    for (lives, m) in [("2", "1"), ("6", "5"), ("26", "25")] {
        let old = stdout(&play(&["--lives", lives], input).success());
        assert!(old.contains(&format!("lives {lives}/{lives}")), "{old}");
        assert_eq!(stdout(&play(&["-m", m], input).success()), old);
        assert_eq!(stdout(&play(&["--max-wrong", m], input).success()), old);
    }
    assert_eq!(
        stdout(&play(&[], input).success()),
        stdout(&play(&["-m", "5"], input).success())
    );
}

#[test]
fn bad_options_are_usage_errors() {
    play(&["--referee", "cheater"], "")
        .code(2)
        .stderr(predicate::str::contains("unknown referee \"cheater\""));
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.args([
        "play",
        fixture("play.txt").to_str().unwrap(),
        "--length",
        "3",
    ]);
    cmd.assert()
        .code(2)
        .stderr(predicate::str::contains("no words of 3 letters"));
    play(&["--guesser", "nosuch"], "")
        .code(2)
        .stderr(predicate::str::contains("unknown strategy"));
    play(&["--lives", "0"], "").code(2);
    play(&["-m", "26"], "").code(2);
}

#[test]
fn random_length_stays_within_4_to_13_and_replays_by_seed() {
    let run = |seed: &str| {
        let mut cmd = cargo_bin_cmd!("hangman");
        cmd.args([
            "play",
            fixture("play.txt").to_str().unwrap(),
            "--seed",
            seed,
        ]);
        stdout(&cmd.write_stdin("").assert().success())
    };
    let mut lengths = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let out = run(&seed.to_string());
        let line = out.lines().nth(1).unwrap();
        let n: usize = line
            .trim_start_matches("New game: ")
            .trim_end_matches(" letters.")
            .parse()
            .unwrap();
        assert!((4..=13).contains(&n), "{line}");
        lengths.insert(n);
        assert_eq!(out, run(&seed.to_string()), "seed {seed} replays");
    }
    assert!(lengths.len() > 1, "lengths vary: {lengths:?}");
}

/// `--guesser` without a name reverses the roles with `player`, the guesser for words people
/// think of; a dictionary path given as the name gets a hint.
#[test]
fn guesser_defaults_to_player() {
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.args(["play", fixture("play.txt").to_str().unwrap(), "--guesser"])
        .write_stdin("");
    let out = stdout(&cmd.assert().success());
    assert!(
        out.contains("roles reversed: you think of a word, player guesses"),
        "{out}"
    );
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.args(["play", "--guesser", "words.txt"]);
    cmd.assert()
        .code(2)
        .stderr(predicate::str::contains("write `--guesser=NAME`"));
}

#[test]
fn line_mode_reversed_roles() {
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.args([
        "play",
        fixture("play.txt").to_str().unwrap(),
        "--guesser",
        "greedy",
    ])
    .write_stdin("x\n5\n?\nyes\n");
    let out = stdout(&cmd.assert().success());
    assert!(out.contains("\"x\" is not a length"));
    assert!(out.contains("5 letters. I have 1 word in mind."));
    assert!(out.contains("1 words fit: crane"));
    assert!(out.contains("Is your word CRANE? yes or no."));
    assert!(out.contains("I got it: CRANE. Score 0."));
    // The computer won: the player's win counter stays at 0.
    assert!(out.contains("games 1, wins 0"), "{out}");
}

fn five_letter_lexicon() -> Arc<Lexicon> {
    Arc::new(
        Lexicon::from_words([
            "crane", "stone", "train", "bread", "abbey", "plant", "shine", "grace",
        ])
        .unwrap(),
    )
}

/// `greedy` with the default settings on `lex`: the reversed games' guesser in these tests.
fn greedy(lex: &Arc<Lexicon>) -> Box<dyn hangman::strategy::Strategy> {
    strategy::find("greedy")
        .unwrap()
        .build(lex.clone(), &Settings::default())
        .unwrap()
}

/// The answer an honest player gives for `secret`.
fn honest(secret: &str, guess: &Guess) -> String {
    match guess {
        Guess::Word(w) => if w == secret { "yes" } else { "no" }.to_string(),
        Guess::Letter(l) => {
            let places: Vec<String> = secret
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == l.lower())
                .map(|(p, _)| (p + 1).to_string())
                .collect();
            if places.is_empty() {
                "no".to_string()
            } else {
                places.join(" ")
            }
        }
    }
}

#[test]
fn reversed_roles_find_every_word_from_honest_answers() {
    let lex = five_letter_lexicon();
    let strategy = greedy(&lex);
    for secret in lex.words() {
        let mut game = ReverseRound::new(5);
        game.submit("5", strategy.as_ref(), &lex);
        for _ in 0..30 {
            let ReversePhase::Asking(guess) = game.phase.clone() else {
                break;
            };
            game.submit(&honest(secret, &guess), strategy.as_ref(), &lex);
        }
        assert_eq!(game.phase, ReversePhase::Over, "{secret}");
        assert!(!game.player_won(), "{secret}: {}", game.ending());
        assert!(game.ending().starts_with("I got it"), "{}", game.ending());
        assert!(game.ending().contains(&secret.to_ascii_uppercase()));
    }
}

#[test]
fn reversed_prompts_show_an_answer_that_fits_and_patterns_may_repeat_shown_letters() {
    let lex = five_letter_lexicon();
    let strategy = greedy(&lex);
    let secret = "grace";
    let mut game = ReverseRound::new(5);
    game.submit("5", strategy.as_ref(), &lex);
    let mut letters_asked = 0;
    for _ in 0..30 {
        let ReversePhase::Asking(guess) = game.phase.clone() else {
            break;
        };
        let mut answer = honest(secret, &guess);
        if let Guess::Letter(letter) = guess {
            letters_asked += 1;
            let prompt = game.prompt();
            let between = |open: &str| {
                let start = prompt.find(open).expect(open) + open.len();
                prompt[start..start + prompt[start..].find(')').unwrap()].to_string()
            };
            // The example names open cells of this 5-letter board, as positions and as a
            // pattern that reads like the board with the guessed letter put in.
            let cells = game.state().unwrap().board().cells().to_vec();
            let pattern = between("a pattern (");
            assert_eq!(pattern.len(), 5, "{prompt}");
            for (b, cell) in pattern.bytes().zip(&cells) {
                match cell {
                    Some(shown) => assert_eq!(b, shown.lower(), "{prompt}"),
                    None => assert!(b == b'-' || b == letter.lower(), "{prompt}"),
                }
            }
            for p in between("Positions (").split(' ') {
                let p: usize = p.parse().expect(&prompt);
                assert!(cells[p - 1].is_none(), "{prompt}");
            }
            // Answer with the whole board as it will read, shown letters included.
            answer = secret
                .bytes()
                .zip(&cells)
                .map(|(b, cell)| {
                    if b == letter.lower() || cell.is_some() {
                        b as char
                    } else {
                        '-'
                    }
                })
                .collect();
        }
        game.submit(&answer, strategy.as_ref(), &lex);
    }
    assert!(letters_asked > 1);
    assert!(
        game.ending().starts_with("I got it: GRACE"),
        "{}",
        game.ending()
    );
}

#[test]
fn reversed_roles_detect_answers_no_word_fits() {
    let lex = five_letter_lexicon();
    let strategy = greedy(&lex);
    let mut game = ReverseRound::new(25);
    game.submit("5", strategy.as_ref(), &lex);
    // Deny every letter: no dictionary word lacks them all.
    let mut message = String::new();
    let mut before = 0;
    let mut asked = Vec::new();
    for _ in 0..26 {
        if game.candidates(&lex).count == 0 {
            break;
        }
        let ReversePhase::Asking(guess) = game.phase.clone() else {
            panic!("{:?}", game.phase);
        };
        asked.push(guess);
        before = game.candidates(&lex).count;
        message = game.submit("no", strategy.as_ref(), &lex);
    }
    assert!(before > 0);
    assert_eq!(game.candidates(&lex).count, 0);
    assert!(
        message.starts_with("No word I know fits your answers"),
        "{message}"
    );
    // It says so once, and keeps guessing letters it has not asked.
    assert!(!game.prompt().contains("fits"), "{}", game.prompt());
    let ReversePhase::Asking(next) = game.phase.clone() else {
        panic!("{:?}", game.phase);
    };
    assert!(!asked.contains(&next), "{next:?} again");
    let shown = game.submit("r", strategy.as_ref(), &lex);
    let prefix = if before == 1 {
        "Before your last answer 1 word fit: ".to_string()
    } else {
        format!("Before your last answer {before} words fit: ")
    };
    assert!(shown.starts_with(&prefix), "{shown}");
    assert!(game.submit("u", strategy.as_ref(), &lex).contains("undone"));
    assert!(matches!(game.phase, ReversePhase::Asking(_)));
    assert_eq!(game.candidates(&lex).count, before);
    // Marking a position already revealed is refused, and changes nothing.
    let lex = Arc::new(
        Lexicon::from_words([
            "bread", "break", "bream", "dream", "cream", "creak", "freak", "great", "treat",
        ])
        .unwrap(),
    );
    // Greedy that guesses a word only at one candidate, so a letter guess meets a board
    // with revealed cells.
    let settings = Settings {
        params: vec![("word_at".into(), "1".into())],
        ..Settings::default()
    };
    let strategy = strategy::find("greedy")
        .unwrap()
        .build(lex.clone(), &settings)
        .unwrap();
    let mut game = ReverseRound::new(5);
    game.submit("5", strategy.as_ref(), &lex);
    let mut refused = false;
    for _ in 0..30 {
        let ReversePhase::Asking(guess) = game.phase.clone() else {
            break;
        };
        let revealed = game.state().unwrap().board().revealed();
        if revealed != 0 && matches!(guess, Guess::Letter(_)) {
            let p = revealed.trailing_zeros() + 1;
            let message = game.submit(&p.to_string(), strategy.as_ref(), &lex);
            assert!(
                message.contains(&format!("Position {p} already shows")),
                "{message}"
            );
            assert_eq!(game.phase, ReversePhase::Asking(guess));
            refused = true;
            break;
        }
        game.submit(&honest("bread", &guess), strategy.as_ref(), &lex);
    }
    assert!(
        refused,
        "the test reached a letter guess with a revealed board"
    );
}

/// Answering `1 2 3` to the first letter of a three-letter game fills the board with a
/// word the computer does not know: it asks what the word was instead of claiming it, takes
/// an undo, and counts the game for the right side.
#[test]
fn reversed_roles_do_not_claim_a_word_they_do_not_know() {
    let lex = Arc::new(Lexicon::from_words(["cat", "dog", "ant", "bee", "tea"]).unwrap());
    let strategy = greedy(&lex);
    let mut game = ReverseRound::new(5);
    game.submit("3", strategy.as_ref(), &lex);
    let ReversePhase::Asking(Guess::Letter(first)) = game.phase.clone() else {
        panic!("{:?}", game.phase);
    };
    let filled = (first.upper() as char).to_string().repeat(3);
    let message = game.submit("1 2 3", strategy.as_ref(), &lex);
    assert_eq!(game.phase, ReversePhase::AskWord, "{message}");
    assert!(!message.contains("I got it"), "{message}");
    assert!(
        game.prompt()
            .contains(&format!("{filled}, a word I do not know"))
    );
    // A different word does not fit the answers: it says so and waits.
    let other = game.submit("cat", strategy.as_ref(), &lex);
    assert!(
        other.contains(&format!("Your answers spell {filled}, not CAT")),
        "{other}"
    );
    assert_eq!(game.phase, ReversePhase::AskWord);
    // Undo goes back to the question.
    assert!(game.submit("u", strategy.as_ref(), &lex).contains("undone"));
    assert_eq!(game.phase, ReversePhase::Asking(Guess::Letter(first)));
    game.submit("1 2 3", strategy.as_ref(), &lex);
    let end = game.submit("yes", strategy.as_ref(), &lex);
    assert_eq!(game.phase, ReversePhase::Over);
    assert!(
        end.contains(&format!("I got it: {filled}, a word I did not know")),
        "{end}"
    );
    assert!(!game.player_won());
    // A computer out of guesses is the player's win, decided before it asks the word.
    let mut lost = ReverseRound::new(0);
    lost.submit("3", strategy.as_ref(), &lex);
    lost.submit("no", strategy.as_ref(), &lex);
    assert_eq!(lost.phase, ReversePhase::AskSecret);
    assert!(lost.player_won(), "{}", lost.ending());
    assert!(
        lost.submit("", strategy.as_ref(), &lex)
            .contains("keep your secret")
    );
    assert_eq!(lost.phase, ReversePhase::Over);
    assert!(lost.player_won());
}

/// Out of guesses, the computer asks what the word was and checks it against every answer:
/// a word that fits is one it knew or did not; one that does not is told which answer it
/// breaks; a word of another length or not of letters is asked again.
#[test]
fn reversed_roles_ask_the_word_they_lost_to_and_check_the_answers() {
    let lex = Arc::new(Lexicon::from_words(["cat", "dog", "ant", "bee", "tea"]).unwrap());
    let strategy = greedy(&lex);
    // One life: the first answer, a miss, ends the game.
    let lose = |answer: &str| {
        let mut game = ReverseRound::new(0);
        game.submit("3", strategy.as_ref(), &lex);
        let ReversePhase::Asking(Guess::Letter(first)) = game.phase.clone() else {
            panic!("{:?}", game.phase);
        };
        let message = game.submit(answer, strategy.as_ref(), &lex);
        assert_eq!(game.phase, ReversePhase::AskSecret, "{message}");
        assert!(message.contains("out of guesses"), "{message}");
        assert!(game.prompt().contains("What was your word?"));
        (game, first)
    };
    let (mut game, first) = lose("no");
    let upper = first.upper() as char;
    assert!(
        game.submit("u", strategy.as_ref(), &lex)
            .contains("decided")
    );
    assert_eq!(game.phase, ReversePhase::AskSecret);
    for bad in ["abcd", "a1c"] {
        let again = game.submit(bad, strategy.as_ref(), &lex);
        assert!(again.contains("not a word of 3 letters"), "{again}");
        assert_eq!(game.phase, ReversePhase::AskSecret);
    }
    // A word with the letter the player denied.
    let holding = format!("{}xx", first.lower() as char);
    let said = game.submit(&holding, strategy.as_ref(), &lex);
    assert!(
        said.contains(&format!("you said {upper} was not in it, but")),
        "{said}"
    );
    assert!(said.contains("has it at 1"), "{said}");
    assert_eq!(game.phase, ReversePhase::Over);
    assert!(game.player_won());
    // A word that fits, outside the list.
    let (mut game, _) = lose("no");
    let fits = game.submit("zzz", strategy.as_ref(), &lex);
    assert!(fits.contains("ZZZ: a word I did not know"), "{fits}");
    // A word of the list the answers fit (a miss of the first letter leaves some).
    let (mut game, _) = lose("no");
    let known = lex
        .words()
        .find(|w| !w.as_bytes().contains(&first.lower()))
        .unwrap();
    let knew = game.submit(known, strategy.as_ref(), &lex);
    assert!(knew.contains("I know that word"), "{knew}");
}

/// `--guesser mixed` on a word it does not know ("brine"): once no word fits it keeps
/// guessing with the letter model, never a letter twice, and with lives enough it finds
/// the word, asks about it (not a word it knows) and takes the player's yes.
#[test]
fn reversed_roles_keep_guessing_a_word_outside_the_list() {
    let lex = five_letter_lexicon();
    let strategy = strategy::find("mixed")
        .unwrap()
        .build(lex.clone(), &Settings::default())
        .unwrap();
    let secret = "brine";
    let mut game = ReverseRound::new(25);
    game.submit("5", strategy.as_ref(), &lex);
    let mut asked = Vec::new();
    for _ in 0..40 {
        match game.phase.clone() {
            ReversePhase::Asking(guess) => {
                assert!(!asked.contains(&guess), "{guess:?} asked twice");
                asked.push(guess.clone());
                game.submit(&honest(secret, &guess), strategy.as_ref(), &lex);
            }
            ReversePhase::AskWord => {
                assert!(game.prompt().contains("BRINE, a word I do not know"));
                game.submit("brine", strategy.as_ref(), &lex);
            }
            _ => break,
        }
    }
    assert_eq!(game.phase, ReversePhase::Over);
    assert!(
        game.ending().contains("BRINE") && !game.player_won(),
        "{}",
        game.ending()
    );
    // Letters only once no word fitted, and fewer than the 26 a blind guesser may need.
    assert!(asked.len() < 20, "{asked:?}");
}

/// Reversed roles with `player` and a scores store: answers that fill the board with a
/// word it does not know end on that word once the player confirms it; it is kept in the
/// store and known by the next game (which then claims the same board at once) and by
/// another session on the store.
#[test]
fn reversed_roles_learn_a_board_filled_with_a_word_they_did_not_know() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(wordplay_scores::FILE_NAME);
    let lexicon = Arc::new(Lexicon::from_words(["crane", "tree", "basket"]).unwrap());
    let session = || {
        let config = Config {
            lexicon: lexicon.clone(),
            common: None,
            difficulty: SecretDifficulty::Any,
            dictionary_name: "fixture".into(),
            referee: RefereeKind::Fair,
            length: None,
            lives: 6,
            seed: 1,
            guesser: Some(strategy::find("player").unwrap()),
            cache_dir: None,
            learned_store: Some(wordplay_scores::open(Some(&path)).unwrap()),
        };
        HangmanApp::new(PlaySession::new(config).unwrap()).unwrap()
    };
    let first_guess = |app: &mut HangmanApp| {
        keys(app, "7\n");
        let PlayMode::Reverse(r) = &app.mode else {
            panic!("not reversed")
        };
        let ReversePhase::Asking(Guess::Letter(l)) = r.phase else {
            panic!("{:?}", r.phase)
        };
        (l.lower() as char).to_string().repeat(7)
    };
    let phase = |app: &HangmanApp| match &app.mode {
        PlayMode::Reverse(r) => r.phase.clone(),
        PlayMode::Guess(_) => panic!("not reversed"),
    };
    let mut app = session();
    let board = first_guess(&mut app);
    let familiarity = hangman::familiarity::Familiarity::get();
    assert!(!familiarity.knows(&board));
    // The words it has in mind are its own, the most familiar first (as on the web page).
    let PlayMode::Reverse(r) = &app.mode else {
        unreachable!()
    };
    let in_mind = r.candidates(&lexicon);
    let seven = familiarity.words_of_length(7).map(|(w, _)| w);
    assert_eq!(
        in_mind.words.first().map(String::as_str),
        familiarity.most_familiar(seven.chain(["basket"]))
    );
    assert!(
        in_mind.count > 1000 && in_mind.words.len() == 30,
        "{}",
        in_mind.count
    );
    keys(&mut app, "1 2 3 4 5 6 7\n");
    assert_eq!(phase(&app), ReversePhase::AskWord, "{}", app.message);
    keys(&mut app, "yes\n");
    assert_eq!(phase(&app), ReversePhase::Over);
    let upper = board.to_ascii_uppercase();
    assert!(
        app.message
            .contains(&format!("I will know {upper} from now on")),
        "{}",
        app.message
    );
    let store = wordplay_scores::open(Some(&path)).unwrap();
    assert_eq!(store.learned_words().unwrap(), std::slice::from_ref(&board));
    // The next game, and another session: the same answers spell a word it knows.
    keys(&mut app, "\n");
    let mut again = session();
    for app in [&mut app, &mut again] {
        assert_eq!(first_guess(app), board);
        keys(app, "1 2 3 4 5 6 7\n");
        assert_eq!(phase(app), ReversePhase::Over, "{}", app.message);
        assert!(
            app.message.contains(&format!("I got it: {upper}. Score")),
            "{}",
            app.message
        );
    }
    assert_eq!(store.learned_words().unwrap(), [board]);
}

fn tui_app(lives: u32) -> HangmanApp {
    let lexicon = Arc::new(Lexicon::from_words(["crane", "tree", "basket"]).unwrap());
    let config = Config {
        lexicon,
        common: None,
        difficulty: SecretDifficulty::Any,
        dictionary_name: "fixture".into(),
        referee: RefereeKind::Fair,
        length: Some(5),
        lives,
        seed: 1,
        guesser: None,
        cache_dir: None,
        learned_store: None,
    };
    HangmanApp::new(PlaySession::new(config).unwrap()).unwrap()
}

fn keys(app: &mut HangmanApp, text: &str) {
    for c in text.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            c => KeyCode::Char(c),
        };
        app.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
            .unwrap();
    }
}

fn render(app: &HangmanApp, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| frame::draw(f, app)).unwrap();
    terminal.backend().to_string()
}

#[test]
fn tui_start_screen() {
    let app = tui_app(6);
    insta::assert_snapshot!("tui_start", render(&app, 80, 24));
}

#[test]
fn tui_mid_game() {
    let mut app = tui_app(6);
    // Letters are guesses on their key press; Enter starts a word, where a digit is refused.
    keys(&mut app, "exa\ncr1");
    assert_eq!(app.input, "cr");
    assert!(app.message.contains("'1' ignored"), "{}", app.message);
    insta::assert_snapshot!("tui_mid_game", render(&app, 80, 24));
}

#[test]
fn tui_lost_then_play_again() {
    let mut app = tui_app(6);
    keys(&mut app, "bdfghi");
    assert!(app.is_over());
    insta::assert_snapshot!("tui_lost", render(&app, 80, 24));
    assert_eq!(app.session.stats.games, 1);
    keys(&mut app, "y");
    assert!(!app.is_over());
    assert_eq!(app.input, "");
    keys(&mut app, "\ncrane\n");
    assert_eq!((app.session.stats.games, app.session.stats.wins), (2, 1));
    keys(&mut app, "q");
    assert!(app.quit);
}

#[test]
fn tui_too_small_terminal_shows_a_message_and_esc_quits() {
    let mut app = tui_app(6);
    app.fit(40, 10);
    let screen = render(&app, 40, 10);
    assert!(screen.contains("The terminal is too"), "{screen}");
    assert!(!screen.contains("guess>"));
    // Unwrapped: the notice wraps at the terminal's width.
    let notice = screen
        .replace(['"', '\n'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        notice.contains("hangman needs 64x20. Esc quits;"),
        "{screen}"
    );
    app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE))
        .unwrap();
    assert!(
        app.quit,
        "Esc quits at once on a terminal too small for the game"
    );
}

#[test]
fn tui_ctrl_c_and_escape_quit() {
    let mut app = tui_app(6);
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL))
        .unwrap();
    assert!(app.quit);
    let mut app = tui_app(6);
    // Esc leaves a word being typed, then quits (no guess made yet).
    keys(&mut app, "\nab");
    app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE))
        .unwrap();
    assert!(!app.quit && app.input.is_empty() && !app.typing_word);
    app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE))
        .unwrap();
    assert!(app.quit);
}

#[test]
fn line_mode_refuses_a_line_that_is_not_utf8_and_goes_on() {
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.arg("play")
        .arg(fixture("play.txt"))
        .args(["--length", "5", "--seed", "1"])
        .write_stdin(b"c\n\xff\xfe\nr\na\nn\ne\n".to_vec());
    let out = stdout(&cmd.assert().success());
    assert!(
        out.contains("That line is not UTF-8 text; type a letter a-z or the whole word."),
        "{out}"
    );
    assert!(out.contains("You won! The word was CRANE."), "{out}");
}

#[test]
fn fair_secrets_are_common_words() {
    // A dictionary of one common and one obscure word per length: every secret is the
    // common one.
    let dir = tempfile::tempdir().unwrap();
    let dict = dir.path().join("dict.txt");
    std::fs::write(&dict, "crane\nzoeal\nhouse\nqophs\n").unwrap();
    let secrets: std::collections::BTreeSet<String> = (1..=12)
        .map(|seed| {
            let mut cmd = cargo_bin_cmd!("hangman");
            cmd.arg("play")
                .arg(&dict)
                .args(["--length", "5", "--lives", "26", "--seed", &seed.to_string()])
                .write_stdin("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np\nq\nr\ns\nt\nu\nv\nw\nx\ny\nz\n");
            let out = stdout(&cmd.assert().success());
            out.lines()
                .find_map(|l| l.strip_prefix("You won! The word was "))
                .map(|w| w.split('.').next().unwrap().to_string())
                .unwrap_or_else(|| panic!("{out}"))
        })
        .collect();
    assert_eq!(secrets.into_iter().collect::<Vec<_>>(), ["CRANE", "HOUSE"]);
    // --common replaces the tier.
    let common = dir.path().join("common.txt");
    std::fs::write(&common, "zoeal\n").unwrap();
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.arg("play")
        .arg(&dict)
        .arg("--common")
        .arg(&common)
        .args(["--length", "5", "--seed", "1"])
        .write_stdin("zoeal\n");
    let assert = cmd.assert().success();
    assert!(stdout(&assert).contains("You won! The word was ZOEAL."));
    assert!(String::from_utf8_lossy(&assert.get_output().stderr).contains("common words: "));
}

#[test]
fn difficulty_levels_split_the_secrets() {
    let lexicon = Arc::new(
        Lexicon::from_words([
            "jazz", "jinx", "fizz", "buzz", "puff", "hymn", "tree", "rate", "tear", "sate", "late",
            "mate", "bate", "date", "fate", "gate", "hate",
        ])
        .unwrap(),
    );
    let mut seen = Vec::new();
    for difficulty in [
        SecretDifficulty::Easy,
        SecretDifficulty::Medium,
        SecretDifficulty::Hard,
    ] {
        let config = Config {
            lexicon: lexicon.clone(),
            common: None,
            difficulty,
            dictionary_name: "fixture".into(),
            referee: RefereeKind::Fair,
            length: Some(4),
            lives: 6,
            seed: 1,
            guesser: None,
            cache_dir: None,
            learned_store: None,
        };
        let mut session = PlaySession::new(config).unwrap();
        let mut words = std::collections::BTreeSet::new();
        for _ in 0..40 {
            let mut round = session.new_round().unwrap();
            // Lose at once (six wrong words) to learn the word.
            for w in ["qqqq", "wwww", "vvvv", "kkkk", "xxxx", "yyyy"] {
                round.submit(w);
            }
            words.insert(round.ending(&lexicon).unwrap().word);
        }
        seen.push(words);
    }
    // No word is of two levels. Against a guesser who knows the list, what costs lives is a
    // crowd of near-twins (bate date fate gate hate late mate rate sate): most are hard.
    for (i, a) in seen.iter().enumerate() {
        for b in &seen[i + 1..] {
            assert!(a.is_disjoint(b), "{seen:?}");
        }
    }
    let twins = seen[2].iter().filter(|w| w.ends_with("ate")).count();
    assert!(twins >= 4, "{seen:?}");
    assert!(seen[0].contains("jazz"), "{seen:?}");
}

#[test]
fn tui_too_small_takes_no_guesses_and_quitting_a_game_asks() {
    let mut app = tui_app(6);
    app.fit(40, 10);
    keys(&mut app, "q\nx\n");
    assert!(!app.quit);
    let PlayMode::Guess(round) = &app.mode else {
        unreachable!()
    };
    assert!(
        round.state().guessed_letters().is_empty(),
        "no guess was taken"
    );
    app.fit(80, 24);
    keys(&mut app, "x");
    let esc = || KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    app.handle_key(esc()).unwrap();
    assert!(app.confirm_quit && !app.quit);
    assert!(render(&app, 80, 24).contains("Quit this game?"));
    keys(&mut app, "n");
    assert!(!app.confirm_quit && !app.quit);
    app.handle_key(esc()).unwrap();
    keys(&mut app, "y");
    assert!(app.quit);
}
