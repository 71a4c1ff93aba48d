//! `winrate.svg`: the win rate with its 95% Wilson interval for every configuration of the
//! folder (scenario × mode, and deck / bot where they differ), and beside it the rounds played
//! with their 95% interval (the measure that still separates configurations nobody wins).

use anyhow::Result;
use plotters::prelude::*;

use super::data::{Results, Summary};
use super::style::*;
use super::table::labels;
use super::Scale;

/// Whether `auto` draws the win rates on a log axis: when the largest upper bound is 20 times
/// the smallest or more (rates near 0 beside larger ones).
pub fn wants_log(rows: &[&Summary]) -> bool {
    let hi = rows.iter().map(|s| s.win_hi).fold(0.0, f64::max);
    let lo = rows
        .iter()
        .map(|s| s.win_hi)
        .filter(|&h| h > 0.0)
        .fold(f64::INFINITY, f64::min);
    lo.is_finite() && hi >= 20.0 * lo
}

/// One row of a dot-and-whisker panel.
pub struct Row {
    pub label: String,
    /// Value, lower and upper end of the interval, in the axis's unit.
    pub v: f64,
    pub lo: f64,
    pub hi: f64,
    pub text: String,
    pub color: RGBColor,
}

/// A dot-and-whisker panel: one row per entry (first at the top), `x_desc` under the axis; on a
/// log axis values at or below the axis floor are drawn at the floor with a hollow dot.
pub fn whiskers(
    area: &Area,
    title: &str,
    rows: &[Row],
    x_desc: &str,
    log: bool,
    label_w: u32,
    zero_line: bool,
) -> Result<()> {
    // Row i (0 at the top) sits at y = n - 1 - i on a y axis from -0.5 to n - 0.5.
    let n = rows.len() as i32;
    let at = |i: usize| (n - 1 - i as i32) as f64;
    let y_range = -0.5f64..(n as f64 - 0.5);
    let names: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
    let ylab = move |v: &f64| {
        let k = v.round() as i32;
        if (v - k as f64).abs() < 1e-6 && k >= 0 && k < n {
            names[(n - 1 - k) as usize].clone()
        } else {
            String::new()
        }
    };
    let max = rows.iter().map(|r| r.hi.max(r.v)).fold(0.0, f64::max);
    let min = rows.iter().map(|r| r.lo.min(r.v)).fold(0.0, f64::min);
    let caption = font(14);
    if log {
        let pos = rows
            .iter()
            .flat_map(|r| [r.v, r.lo, r.hi])
            .filter(|&x| x > 0.0)
            .fold(f64::INFINITY, f64::min);
        let floor = if pos.is_finite() {
            10f64.powf(pos.log10().floor())
        } else {
            0.01
        };
        let ceil = 10f64.powf((max.max(floor) * 3.0).log10().ceil());
        let mut chart = ChartBuilder::on(area)
            .caption(title, caption)
            .margin(8)
            .margin_right(18)
            .x_label_area_size(40)
            .y_label_area_size(label_w)
            .build_cartesian_2d((floor..ceil).log_scale(), y_range.clone())
            .drawn()?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows.len())
            .y_label_formatter(&ylab)
            .x_label_formatter(&|x| tick(*x))
            .x_desc(format!("{x_desc} (log scale)"))
            .label_style(font(12))
            .axis_desc_style(font(12))
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .draw()
            .drawn()?;
        let cl = |x: f64| x.max(floor);
        for (i, r) in rows.iter().enumerate() {
            let c = r.color;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    [(cl(r.lo), at(i)), (cl(r.hi), at(i))],
                    c.stroke_width(2),
                )))
                .drawn()?;
            let dot = if r.v > floor {
                Circle::new((r.v, at(i)), 5, c.filled())
            } else {
                Circle::new((floor, at(i)), 5, c.stroke_width(2))
            };
            chart.draw_series(std::iter::once(dot)).drawn()?;
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((cl(r.hi), at(i)))
                        + Text::new(r.text.clone(), (8, -1), left(12)),
                ))
                .drawn()?;
        }
    } else {
        let span = (max - min).max(1e-9);
        let x_hi = if max > 0.0 { max + 0.45 * span } else { 1.0 };
        let x_lo = if min < 0.0 { min - 0.1 * span } else { 0.0 };
        let mut chart = ChartBuilder::on(area)
            .caption(title, caption)
            .margin(8)
            .margin_right(18)
            .x_label_area_size(40)
            .y_label_area_size(label_w)
            .build_cartesian_2d(x_lo..x_hi, y_range.clone())
            .drawn()?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows.len())
            .y_label_formatter(&ylab)
            .x_labels(6)
            .x_label_formatter(&|x| tick(*x))
            .x_desc(x_desc)
            .label_style(font(12))
            .axis_desc_style(font(12))
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .draw()
            .drawn()?;
        if zero_line && x_lo < 0.0 {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    [(0.0, -0.5), (0.0, n as f64 - 0.5)],
                    INK.stroke_width(1),
                )))
                .drawn()?;
        }
        for (i, r) in rows.iter().enumerate() {
            let c = r.color;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    [(r.lo, at(i)), (r.hi, at(i))],
                    c.stroke_width(2),
                )))
                .drawn()?;
            // End caps, where the interval is wide enough to show them beside the dot.
            let px = |x: f64| chart.backend_coord(&(x, at(i))).0;
            if px(r.hi) - px(r.lo) > 14 {
                for x in [r.lo, r.hi] {
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at((x, at(i)))
                                + PathElement::new([(0, -5), (0, 5)], c.stroke_width(2)),
                        ))
                        .drawn()?;
                }
            }
            chart
                .draw_series(std::iter::once(Circle::new((r.v, at(i)), 5, c.filled())))
                .drawn()?;
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((r.hi.max(r.v), at(i)))
                        + Text::new(r.text.clone(), (8, -1), left(12)),
                ))
                .drawn()?;
        }
    }
    Ok(())
}

/// `winrate.svg` (None when the folder has no `summary.csv`).
pub fn winrate_svg(r: &Results, scale: Scale) -> Result<Option<String>> {
    if r.summaries.is_empty() {
        return Ok(None);
    }
    let rows: Vec<&Summary> = r.summaries.iter().collect();
    let keys: Vec<_> = rows.iter().map(|s| s.key.clone()).collect();
    let names = labels(&keys);
    let log = match scale {
        Scale::Linear => false,
        Scale::Log => true,
        Scale::Auto => wants_log(&rows),
    };
    let label_w = names
        .iter()
        .map(|n| text_width(n.chars().count(), 12))
        .max()
        .unwrap_or(60)
        .clamp(60, 330)
        + 12;
    let h = (110 + 40 * rows.len() as u32).max(230);
    let w = 1000 + label_w;
    let svg = svg(w, h, |root| {
        let (head, body) = root.split_vertically(34);
        head.draw(&Text::new(
            format!(
                "Win rate and rounds played per configuration (95% intervals; {} games each)",
                games_text(&rows)
            ),
            (w as i32 / 2, 18),
            centred(16),
        ))
        .drawn()?;
        let (left_a, right_a) = body.split_horizontally(label_w + 560);
        let win_rows: Vec<Row> = rows
            .iter()
            .zip(&names)
            .map(|(s, n)| Row {
                label: n.clone(),
                v: 100.0 * s.win_rate,
                lo: 100.0 * s.win_lo,
                hi: 100.0 * s.win_hi,
                text: format!("{} ({}–{})", pct(s.win_rate), pct(s.win_lo), pct(s.win_hi)),
                color: SEAT[0],
            })
            .collect();
        whiskers(
            &left_a,
            "win rate (Wilson 95%)",
            &win_rows,
            "win rate, %",
            log,
            label_w,
            false,
        )?;
        let round_rows: Vec<Row> = rows
            .iter()
            .map(|s| match s.rounds {
                Some((m, lo, hi)) => Row {
                    label: String::new(),
                    v: m,
                    lo,
                    hi,
                    text: format!("{m:.2}"),
                    color: INK,
                },
                None => Row {
                    label: String::new(),
                    v: 0.0,
                    lo: 0.0,
                    hi: 0.0,
                    text: "n/a".to_string(),
                    color: GRID,
                },
            })
            .collect();
        whiskers(
            &right_a,
            "rounds played (mean, 95%)",
            &round_rows,
            "rounds",
            false,
            12,
            false,
        )
    })?;
    Ok(Some(svg))
}

/// "1,000" or "1,000 to 2,000" games.
fn games_text(rows: &[&Summary]) -> String {
    let lo = rows.iter().map(|s| s.games).min().unwrap_or(0);
    let hi = rows.iter().map(|s| s.games).max().unwrap_or(0);
    if lo == hi {
        thousands(lo)
    } else {
        format!("{} to {}", thousands(lo), thousands(hi))
    }
}

/// 12345 → "12,345".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
