//! Charts of a [`BenchReport`], each as SVG and PNG: average score by word length (one line
//! per row) and time per game by strategy (log scale). Text is laid out and rasterized with
//! the embedded DejaVu Sans, so no system font is needed.

use std::path::{Path, PathBuf};
use std::sync::Once;

use anyhow::{Context, anyhow};
use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::report::{BenchReport, Mode};

/// Chart size in pixels (PNG) and user units (SVG).
const SIZE: (u32, u32) = (960, 600);

/// The font family every chart uses; registered from the embedded font.
const FONT: &str = "sans-serif";

/// Distinct line and bar colours (the Tableau 10 palette), reused cyclically.
const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// Base names of the charts, without extension.
const SCORE_CHART: &str = "score-by-length";
const TIME_CHART: &str = "time-by-strategy";

/// Writes `score-by-length.{svg,png}` and `time-by-strategy.{svg,png}` into `dir` (created
/// if missing) and returns their paths.
pub(crate) fn write_charts(report: &BenchReport, dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    register_font()?;
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the chart directory {}", dir.display()))?;
    let mut written = Vec::new();
    for (name, draw) in [
        (SCORE_CHART, Chart::ScoreByLength),
        (TIME_CHART, Chart::TimeByStrategy),
    ] {
        let svg = dir.join(format!("{name}.svg"));
        draw.render(&SVGBackend::new(&svg, SIZE).into_drawing_area(), report)
            .map_err(|e| anyhow!("cannot draw {}: {e}", svg.display()))?;
        written.push(svg);
        let png = dir.join(format!("{name}.png"));
        draw.render(&BitMapBackend::new(&png, SIZE).into_drawing_area(), report)
            .map_err(|e| anyhow!("cannot draw {}: {e}", png.display()))?;
        written.push(png);
    }
    Ok(written)
}

/// Registers the embedded font once per process.
fn register_font() -> anyhow::Result<()> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        result = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular())
            .map_err(|_| anyhow!("the embedded chart font is invalid"));
    });
    result
}

/// The charts.
#[derive(Clone, Copy)]
enum Chart {
    ScoreByLength,
    TimeByStrategy,
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

impl Chart {
    fn render<DB: DrawingBackend>(
        self,
        root: &DrawingArea<DB, Shift>,
        report: &BenchReport,
    ) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        match self {
            Chart::ScoreByLength => score_by_length(root, report)?,
            Chart::TimeByStrategy => time_by_strategy(root, report)?,
        }
        root.present()
    }
}

/// Lines of average score against word length, one per row.
fn score_by_length<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &BenchReport,
) -> DrawResult<DB> {
    let lengths = report.lengths();
    let (first, last) = match (lengths.first(), lengths.last()) {
        (Some(&a), Some(&b)) => (a as i32, (b as i32).max(a as i32 + 1)),
        _ => (0, 1),
    };
    let top = report
        .rows
        .iter()
        .flat_map(|r| r.by_length.iter().map(|l| l.average_score))
        .fold(1.0_f64, f64::max)
        * 1.08;
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!("Average score by word length · {}", report.dictionary),
            (FONT, 22),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(first..last, 0.0..top)?;
    chart
        .configure_mesh()
        .x_labels((last - first + 1) as usize)
        .x_desc("word length")
        .y_desc("average score (lower is better)")
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 16))
        .draw()?;
    let several = report.several_max_wrong();
    for (i, row) in report.rows.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let points: Vec<(i32, f64)> = row
            .by_length
            .iter()
            .map(|l| (l.length as i32, l.average_score))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))?
            .label(row.label(several))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(3))
            });
        chart.draw_series(
            points
                .into_iter()
                .map(|p| Circle::new(p, 3, color.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FONT, 15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// Bars of time per game, one per row, on a log scale (tree evaluation and replay differ by
/// orders of magnitude).
fn time_by_strategy<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &BenchReport,
) -> DrawResult<DB> {
    let several = report.several_max_wrong();
    let labels: Vec<String> = report
        .rows
        .iter()
        .map(|r| {
            let amortized = if r.mode == Mode::Tree { "*" } else { "" };
            format!("{}{amortized}", r.label(several))
        })
        .collect();
    let times: Vec<f64> = report
        .rows
        .iter()
        .map(|r| r.micros_per_game.max(1e-3))
        .collect();
    let low = times.iter().copied().fold(f64::INFINITY, f64::min).min(1.0);
    let high = times.iter().copied().fold(1.0_f64, f64::max);
    // Whole decades around the data, with room above the tallest bar for its value.
    let floor = 10f64.powf(low.log10().floor() - 1.0);
    let ceil = 10f64.powf(high.log10().ceil() + 0.3);
    let n = report.rows.len().max(1) as i32;
    // Long names side by side (`deterministic-regex`, `sampling-regex`) ran into each other
    // at 14 px: shrink the labels until the longest fits its bar's width (a glyph of this font is
    // about 0.48 em wide), down to 9 px.
    let bar_width = f64::from(root.dim_in_pixel().0.saturating_sub(64 + 32)) / f64::from(n);
    let longest = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let label_size = (bar_width / (0.48 * longest as f64))
        .floor()
        .clamp(9.0, 14.0);
    let mut chart = ChartBuilder::on(root)
        .caption("Time per game by strategy", (FONT, 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d((0..n - 1).into_segmented(), (floor..ceil).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n as usize + 1)
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .x_desc("strategy (* tree evaluation: amortized time)")
        .y_desc("µs per game (log scale)")
        .y_label_formatter(&|v| format!("{v}"))
        .x_label_style((FONT, label_size))
        .y_label_style((FONT, 14))
        .axis_desc_style((FONT, 16))
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .margin(24)
            .baseline(floor)
            .style_func(|x, _| match x {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                    COLORS[*i as usize % COLORS.len()].filled()
                }
                SegmentValue::Last => BLACK.filled(),
            })
            .data(times.iter().enumerate().map(|(i, &t)| (i as i32, t))),
    )?;
    let value_style = TextStyle::from((FONT, 14)).pos(Pos::new(HPos::Center, VPos::Bottom));
    chart.draw_series(times.iter().enumerate().map(|(i, &t)| {
        Text::new(
            format!("{t:.2}"),
            (SegmentValue::CenterOf(i as i32), t),
            value_style.clone(),
        )
    }))?;
    Ok(())
}
