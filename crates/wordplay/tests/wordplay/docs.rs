//! Docs that cannot drift: every `hangman`, `blender` and `wordplay` command shown in
//! README.md and docs/*.md must parse with the program's own parser
//! ([`wordplay_cli::hangman::command`], [`wordplay_cli::blender::command`],
//! [`wordplay::command`]). Each is parsed with `--help` appended, which clap answers only
//! after it has read every argument before it: an unknown flag, a bad value or a missing
//! subcommand fails the test, and nothing is played. The commands come from the `sh` code
//! blocks and from inline code spans that are whole commands (no placeholders).

use std::path::{Path, PathBuf};

use clap::error::ErrorKind;

/// The programs the docs show, by name.
const PROGRAMS: [&str; 3] = ["hangman", "blender", "wordplay"];

/// The parser of `program`, one of [`PROGRAMS`].
fn parser(program: &str) -> clap::Command {
    match program {
        "hangman" => wordplay_cli::hangman::command(),
        "blender" => wordplay_cli::blender::command(),
        "wordplay" => wordplay::command(),
        _ => panic!("{program} is not one of {PROGRAMS:?}"),
    }
}

/// Parses `program args --help`: `Ok` when clap gets as far as the help, else clap's error.
fn parses(program: &str, args: &[String]) -> Result<(), String> {
    let line = std::iter::once(program)
        .chain(args.iter().map(String::as_str))
        .chain(["--help"]);
    match parser(program).try_get_matches_from(line) {
        Err(e) if e.kind() == ErrorKind::DisplayHelp => Ok(()),
        Err(e) => Err(e.render().to_string().trim_end().to_string()),
        Ok(_) => Err("parsed without reaching --help".to_string()),
    }
}

/// README.md and every docs/*.md, from the repository root.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The command lines of `text`: the lines of `sh` blocks (continuations joined) and the
/// inline code spans that start with a program's name.
fn commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut in_other = false;
    let mut pending = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(lang) = trimmed.strip_prefix("```") {
            if in_sh || in_other {
                (in_sh, in_other) = (false, false);
            } else if matches!(lang.trim(), "sh" | "bash" | "console" | "shell") {
                in_sh = true;
            } else {
                in_other = true;
            }
            continue;
        }
        if in_sh {
            let line = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
            if let Some(head) = line.strip_suffix('\\') {
                pending.push_str(head);
                pending.push(' ');
                continue;
            }
            pending.push_str(line);
            out.push(std::mem::take(&mut pending));
        } else if !in_other {
            out.extend(
                line.split('`')
                    .skip(1)
                    .step_by(2)
                    .filter(|span| is_whole_command(span))
                    .map(str::to_string),
            );
        }
    }
    out
}

/// Whether an inline span is a command to check rather than a synopsis with placeholders
/// (`hangman [DICTIONARY] [WORD]...`, `-m N`, `a|b`).
fn is_whole_command(span: &str) -> bool {
    let first = span.split_whitespace().next().unwrap_or("");
    PROGRAMS.contains(&first)
        && span.split_whitespace().count() > 1
        && !span.contains(['[', '|', '<', '…'])
        && !span.contains("...")
        && !span
            .split_whitespace()
            .skip(1)
            .any(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

/// The arguments of each program call in a shell line: comments and redirections dropped,
/// pipelines and `&&` lists split; calls of other programs left out.
fn calls(line: &str) -> Vec<(String, Vec<String>)> {
    let line = match line.find(" #") {
        Some(at) => &line[..at],
        None if line.starts_with('#') => "",
        None => line,
    };
    let Some(words) = shlex::split(line) else {
        panic!("cannot split {line:?} into words");
    };
    let mut out = Vec::new();
    for part in words.split(|w| matches!(w.as_str(), "|" | "&&" | "||" | ";")) {
        let mut part = part
            .iter()
            .skip_while(|w| w.contains('=') && !w.starts_with('-'));
        let Some(program) = part.next() else { continue };
        let program = program.rsplit('/').next().unwrap_or(program);
        if !PROGRAMS.contains(&program) {
            continue;
        }
        let mut args = Vec::new();
        let mut part = part.peekable();
        while let Some(w) = part.next() {
            if matches!(w.as_str(), ">" | ">>" | "<" | "2>" | "2>&1") {
                part.next();
            } else if w.starts_with('>') || w.starts_with("2>") {
            } else {
                args.push(w.clone());
            }
        }
        out.push((program.to_string(), args));
    }
    out
}

#[test]
fn every_documented_command_parses() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let name = doc.file_name().unwrap().to_string_lossy().into_owned();
        for line in commands(&text) {
            for (program, args) in calls(&line) {
                checked += 1;
                // Hidden spellings parse but are not taught: `--lives N` is `-m N-1`.
                if args
                    .iter()
                    .any(|a| a == "--lives" || a.starts_with("--lives="))
                {
                    failures.push(format!(
                        "{name}: `{program} {}`: write -m N-1 for the hidden --lives N",
                        args.join(" ")
                    ));
                }
                if let Err(error) = parses(&program, &args) {
                    failures.push(format!("{name}: `{program} {}`:\n{error}", args.join(" ")));
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} commands found in the docs");
    assert!(
        failures.is_empty(),
        "{} of {checked} documented commands do not parse:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_check_catches_an_unknown_flag_in_each_program() {
    let text = "Run `hangman bench --no-such-flag 3` or\n\n```sh\nhangman --sample 10 # ten\n\
                wordplay serve --port 99999 && blender games --format xml\n```\n";
    let lines = commands(text);
    assert_eq!(
        lines,
        [
            "hangman bench --no-such-flag 3",
            "hangman --sample 10 # ten",
            "wordplay serve --port 99999 && blender games --format xml",
        ]
    );
    let calls: Vec<_> = lines.iter().flat_map(|l| calls(l)).collect();
    assert_eq!(calls[1].1, ["--sample", "10"]);
    assert!(parses(&calls[1].0, &calls[1].1).is_ok());
    for (program, args) in [&calls[0], &calls[2], &calls[3]] {
        let error = parses(program, args).expect_err(program);
        assert!(error.starts_with("error: "), "{program}: {error}");
    }
}
