//! EDN: the seed tool's output map, so its users' scripts keep working:
//! `{:data {"word" {:time-in-ms 0.01, :score 5}, ...}, :average-time-in-ms .., :average-score ..}`.

use std::io::Write;

use super::report::ScoreReport;
use crate::export::exporter::Export;

/// The seed tool's EDN map.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edn;

impl Export<ScoreReport> for Edn {
    fn write(&self, out: &mut dyn Write, report: &ScoreReport) -> std::io::Result<()> {
        write!(out, "{{:data\n {{")?;
        for (i, g) in report.games.iter().enumerate() {
            let sep = if i + 1 < report.games.len() {
                ",\n  "
            } else {
                ""
            };
            write!(
                out,
                "{:?} {{:time-in-ms {}, :score {}}}{sep}",
                g.word,
                g.micros / 1e3,
                g.score
            )?;
        }
        let s = &report.summary;
        writeln!(
            out,
            "}},\n :average-time-in-ms {},\n :average-score {}}}",
            s.mean_micros / 1e3,
            s.average_score
        )
    }
}
