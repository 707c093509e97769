//! `--generate`: man pages and shell completions for both programs, from their clap
//! definitions.

use std::process::Command;

fn generate(bin: &str, kind: &str) -> String {
    let out = Command::new(bin)
        .args(["--generate", kind])
        .output()
        .unwrap();
    assert!(out.status.success(), "{bin} --generate {kind}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

const HANGMAN: &str = env!("CARGO_BIN_EXE_hangman");
const BLENDER: &str = env!("CARGO_BIN_EXE_blender");

/// Each program's subcommands and one flag of a subcommand appear in every shell's script.
#[test]
fn completions_for_bash_zsh_and_fish_know_the_subcommands_and_flags() {
    for (bin, name, words) in [
        (HANGMAN, "hangman", ["bench", "suggest", "--strategies"]),
        (BLENDER, "blender", ["games", "deal", "--min-words"]),
    ] {
        for shell in ["bash", "zsh", "fish"] {
            let script = generate(bin, &format!("complete-{shell}"));
            assert!(script.contains(name), "{name} {shell}:\n{script}");
            for word in words {
                // fish lists long flags without their dashes (`-l strategies`).
                let word = if shell == "fish" {
                    word.trim_start_matches('-')
                } else {
                    word
                };
                assert!(script.contains(word), "{name} {shell} lacks {word}");
            }
        }
    }
}

/// The bash script is valid bash (`bash -n`), and sourcing it registers the completion.
#[test]
fn bash_completions_load_in_bash() {
    let dir = tempfile::tempdir().unwrap();
    for (bin, name) in [(HANGMAN, "hangman"), (BLENDER, "blender")] {
        let path = dir.path().join(name);
        std::fs::write(&path, generate(bin, "complete-bash")).unwrap();
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("source {} && complete -p {name}", path.display()))
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains(name));
    }
}

#[test]
fn man_pages_describe_each_program() {
    let hangman = generate(HANGMAN, "man");
    assert!(hangman.contains(".TH hangman 1"), "{hangman}");
    assert!(hangman.contains("Score, benchmark"), "{hangman}");
    let blender = generate(BLENDER, "man");
    assert!(blender.contains(".TH blender 1"), "{blender}");
    assert!(blender.contains("Word Blender"), "{blender}");
}

/// `--generate` stands alone: beside another flag or a subcommand it is a usage error.
#[test]
fn generate_takes_no_other_arguments() {
    for (bin, args) in [
        (HANGMAN, &["--generate", "man", "--all"][..]),
        (HANGMAN, &["--generate", "man", "list"]),
        (BLENDER, &["--generate", "man", "--dict", "x"]),
        (BLENDER, &["--generate", "man", "stats"]),
    ] {
        let out = Command::new(bin).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
    }
}
