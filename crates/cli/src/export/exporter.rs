//! The one trait every output format implements (kept apart from `mod.rs` so that the
//! format modules can import it without importing their parent).

/// One output format of one kind of report, as hyperfine's `Exporter`: each command's format
/// enum picks one and hands it the report.
pub(crate) trait Export<R: ?Sized> {
    /// Writes `report` to `out` in this format.
    fn write(&self, out: &mut dyn std::io::Write, report: &R) -> std::io::Result<()>;
}
