//! CSV: one row per (strategy, max wrong); per-length average and losses as trailing
//! columns `len<N>_average` and `len<N>_losses` (empty where a row has no word of that length).

use std::io::Write;

use super::BenchReport;

pub(super) fn write(out: &mut dyn Write, report: &BenchReport) -> std::io::Result<()> {
    let lengths = report.lengths();
    let mut csv = ::csv::Writer::from_writer(out);
    let mut header: Vec<String> = [
        "strategy",
        "max_wrong",
        "mode",
        "games",
        "total_score",
        "average_score",
        "losses",
        "loss_percent",
        "micros_per_game",
        "median_micros",
        "p99_micros",
        "setup_ms",
        "wall_ms",
        "score_delta",
        "time_ratio",
    ]
    .iter()
    .map(|h| h.to_string())
    .collect();
    for length in &lengths {
        header.push(format!("len{length}_average"));
        header.push(format!("len{length}_losses"));
    }
    csv.write_record(&header)?;
    let opt = |x: Option<f64>| x.map_or_else(String::new, |v| format!("{v:.3}"));
    for r in &report.rows {
        let mut record = vec![
            r.strategy.clone(),
            r.max_wrong.to_string(),
            r.mode.name().to_string(),
            r.games.to_string(),
            r.total_score.to_string(),
            format!("{:.6}", r.average_score),
            r.losses.to_string(),
            format!("{:.4}", r.loss_percent),
            format!("{:.3}", r.micros_per_game),
            opt(r.median_micros),
            opt(r.p99_micros),
            format!("{:.3}", r.setup_ms),
            format!("{:.3}", r.wall_ms),
            format!("{:.6}", r.score_delta),
            format!("{:.4}", r.time_ratio),
        ];
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
