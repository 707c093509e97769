//! CSV: one row per (strategy, max wrong); per-length average and losses as trailing
//! columns `len<N>_average` and `len<N>_losses` (empty where a row has no word of that length).

use std::io::Write;

use super::grid::COLUMNS;
use super::report::BenchReport;
use crate::export::exporter::Export;

/// CSV: one row per (strategy, max wrong), per-length columns at the end.
#[derive(Clone, Copy, Debug)]
pub(super) struct Csv;

impl Export<BenchReport> for Csv {
    fn write(&self, out: &mut dyn Write, report: &BenchReport) -> std::io::Result<()> {
        let lengths = report.lengths();
        let mut csv = ::csv::Writer::from_writer(out);
        let mut header: Vec<String> = COLUMNS.iter().map(|c| c.name.to_string()).collect();
        for length in &lengths {
            header.push(format!("len{length}_average"));
            header.push(format!("len{length}_losses"));
        }
        csv.write_record(&header)?;
        for r in &report.rows {
            let mut record: Vec<String> = COLUMNS.iter().map(|c| (c.cell)(r).csv()).collect();
            for length in &lengths {
                match r.by_length.iter().find(|l| l.length == *length) {
                    Some(l) => {
                        record.push(format!("{:.6}", l.average_score));
                        record.push(l.losses.to_string());
                    }
                    None => record.extend([String::new(), String::new()]),
                }
            }
            csv.write_record(&record)?;
        }
        csv.flush()
    }
}
