//! JSON: the whole report as one document, for every command that has the format.

use std::io::Write;

use serde::Serialize;

use super::exporter::Export;

/// One pretty-printed JSON document and a newline.
#[derive(Clone, Copy, Debug)]
pub(super) struct Json;

impl<R: Serialize> Export<R> for Json {
    fn write(&self, out: &mut dyn Write, report: &R) -> std::io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, report)?;
        writeln!(out)
    }
}
