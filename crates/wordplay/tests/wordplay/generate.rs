//! `wordplay --generate`: its man page and shell completions, from its clap definition, as
//! `hangman` and `blender` write theirs.

use std::process::Command;

fn generate(kind: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wordplay"))
        .args(["--generate", kind])
        .output()
        .unwrap();
    assert!(out.status.success(), "wordplay --generate {kind}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommand and its flags appear in every shell's script.
#[test]
fn completions_know_serve_and_its_flags() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = generate(&format!("complete-{shell}"));
        assert!(script.contains("wordplay"), "{shell}:\n{script}");
        for word in ["serve", "--port", "--data"] {
            // fish lists long flags without their dashes (`-l port`).
            let word = if shell == "fish" {
                word.trim_start_matches('-')
            } else {
                word
            };
            assert!(script.contains(word), "{shell} lacks {word}:\n{script}");
        }
    }
}

/// The bash script is valid bash, and sourcing it registers the completion.
#[test]
fn bash_completions_load_in_bash() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wordplay");
    std::fs::write(&path, generate("complete-bash")).unwrap();
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("source {} && complete -p wordplay", path.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("wordplay"));
}

#[test]
fn the_man_page_describes_the_program() {
    let man = generate("man");
    assert!(man.contains(".TH wordplay 1"), "{man}");
    assert!(man.contains("wordplay in the browser"), "{man}");
    assert!(man.contains("serve"), "{man}");
}

/// `--generate` stands alone, and without it a subcommand is required (clap's usage error,
/// exit 2).
#[test]
fn generate_takes_no_other_arguments_and_serve_is_otherwise_required() {
    for args in [&["--generate", "man", "serve"][..], &[]] {
        let out = Command::new(env!("CARGO_BIN_EXE_wordplay"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
    }
}
