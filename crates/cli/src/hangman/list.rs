//! `hangman list`: the strategies, one line each.

use std::io::Write;

use hangman::strategy::REGISTRY;

pub(super) fn run() -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let width = REGISTRY.iter().map(|s| s.name.len()).max().unwrap_or(0);
    for info in REGISTRY {
        let aliases = if info.aliases.is_empty() {
            String::new()
        } else {
            format!(" (alias {})", info.aliases.join(", "))
        };
        let kind = if info.deterministic { "" } else { " [seeded]" };
        writeln!(out, "{:width$}  {}{kind}{aliases}", info.name, info.summary)?;
    }
    Ok(())
}
