//! CSV: one row per game, with a header.

use std::io::Write;

use blender::GameEntry;

use crate::export::exporter::Export;

/// CSV: one row per game, with a header.
#[derive(Clone, Copy, Debug)]
pub(super) struct Csv;

impl<'a> Export<[GameEntry<'a>]> for Csv {
    fn write(&self, out: &mut dyn Write, games: &[GameEntry<'a>]) -> std::io::Result<()> {
        let mut w = ::csv::Writer::from_writer(out);
        w.write_record([
            "letters",
            "required_count",
            "accepted_count",
            "required",
            "accepted",
        ])?;
        for g in games {
            w.write_record([
                g.letters.as_str(),
                &g.required.len().to_string(),
                &g.accepted.len().to_string(),
                &g.required.join(" "),
                &g.accepted.join(" "),
            ])?;
        }
        w.flush()
    }
}
