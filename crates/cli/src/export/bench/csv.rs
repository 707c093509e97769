//! CSV: one row per (strategy, max wrong); per-length average and losses as trailing
//! columns `len<N>_average` and `len<N>_losses` (empty where a row has no word of that length),
//! then, when the report knows the optimum, `len<N>_optimum` (its average or lower bound),
//! `len<N>_optimum_kind` (`optimum` or `bound`), `len<N>_gap` (the row's average minus
//! it: at most that against a bound) and `len<N>_min_losses` (a proven lower bound of the
//! fewest losses any strategy can have).

use std::io::Write;

use super::grid::COLUMNS;
use super::report::{BenchReport, OptimumKind};
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
        let optimum = !report.optimum.is_empty();
        if optimum {
            for length in &lengths {
                header.push(format!("len{length}_optimum"));
                header.push(format!("len{length}_optimum_kind"));
                header.push(format!("len{length}_gap"));
                header.push(format!("len{length}_min_losses"));
            }
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
            for length in lengths.iter().filter(|_| optimum) {
                let average = r.by_length.iter().find(|l| l.length == *length);
                match report.optimum(r.max_wrong, *length) {
                    Some(o) => {
                        record.push(format!("{:.6}", o.average));
                        record.push(kind(o.kind).to_string());
                        record.push(average.map_or_else(String::new, |l| {
                            format!("{:.6}", l.average_score - o.average)
                        }));
                        record.push(o.losses.to_string());
                    }
                    None => {
                        record.extend([String::new(), String::new(), String::new(), String::new()])
                    }
                }
            }
            csv.write_record(&record)?;
        }
        csv.flush()
    }
}

/// The kind's name in CSV (as in JSON).
fn kind(kind: OptimumKind) -> &'static str {
    match kind {
        OptimumKind::Optimum => "optimum",
        OptimumKind::Bound => "bound",
    }
}
