//! JSON: the whole report as one document.

use std::io::Write;

use serde::Serialize;

/// Writes any report as one pretty-printed JSON document and a newline.
pub(super) fn write(out: &mut dyn Write, report: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    writeln!(out)
}
