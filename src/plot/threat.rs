//! `threat.svg`: mean threat per round with its p10–p90 band, one line per seat, the threat-50
//! line marked, and below it the share of games still running per round; one panel per
//! configuration.

use anyhow::Result;
use plotters::prelude::*;

use super::data::{Results, ThreatPoint};
use super::style::*;
use super::table::labels;

/// One curve: a seat of a configuration (or a deck of a comparison).
pub struct Line<'a> {
    pub label: String,
    pub color: RGBColor,
    pub points: &'a [ThreatPoint],
    /// Games of the configuration (from `summary.csv`): the running panel shows percentages.
    pub games: Option<u64>,
}

/// The fewest running games for which a round's threat is drawn: 1% of the games, at least 10.
pub fn min_running(line: &Line) -> u64 {
    let base = line
        .games
        .or_else(|| line.points.first().map(|p| p.running))
        .unwrap_or(0);
    (base.div_ceil(100)).max(10)
}

/// The threat panel (top) and running panel (bottom) of `lines` in `area`.
pub fn draw_curves(area: &Area, title: &str, lines: &[Line]) -> Result<()> {
    let last = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.round))
        .max()
        .unwrap_or(1)
        .max(2);
    let shown = |l: &Line| -> Vec<ThreatPoint> {
        let m = min_running(l);
        l.points
            .iter()
            .copied()
            .filter(|p| p.running >= m)
            .collect()
    };
    let kept: Vec<Vec<ThreatPoint>> = lines.iter().map(shown).collect();
    let lo = kept
        .iter()
        .flatten()
        .map(|p| p.p10)
        .fold(f64::INFINITY, f64::min);
    let lo = if lo.is_finite() {
        ((lo - 3.0) / 5.0).floor().max(0.0) * 5.0
    } else {
        0.0
    };
    let (w, h) = area.dim_in_pixel();
    let top_h = (h as f64 * 0.70) as u32;
    let (top, bottom) = area.split_vertically(top_h);
    // Room above the 50 line (where no running seat is) for the legend, one row per line.
    let plot_h = top_h as f64 - 30.0 - 22.0 - 16.0;
    let legend_h = 18.0 * lines.len() as f64 + 14.0;
    let y_top = 50.0 + legend_h * (50.0 - lo) / (plot_h - legend_h).max(1.0);
    let x_range = 0.5f64..(last as f64 + 0.5);
    let x_labels = (last as usize).min(16);
    let int_label = |x: &f64| {
        if (x - x.round()).abs() < 1e-6 {
            format!("{}", x.round() as i64)
        } else {
            String::new()
        }
    };
    let mut chart = ChartBuilder::on(&top)
        .caption(title, font(if w > 600 { 17 } else { 14 }))
        .margin(8)
        .margin_right(16)
        .x_label_area_size(22)
        .y_label_area_size(56)
        .build_cartesian_2d(x_range.clone(), lo..y_top)
        .drawn()?;
    chart
        .configure_mesh()
        .x_labels(x_labels)
        .x_label_formatter(&int_label)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .y_desc("threat at end of round")
        .label_style(font(12))
        .axis_desc_style(font(12))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .draw()
        .drawn()?;
    // The threat at which a player is eliminated.
    chart
        .draw_series(DashedLineSeries::new(
            [(0.5, 50.0), (last as f64 + 0.5, 50.0)],
            6,
            4,
            LIMIT.stroke_width(2),
        ))
        .drawn()?;
    chart
        .draw_series(std::iter::once(Text::new(
            "50: eliminated",
            (0.6, 50.0),
            font(11)
                .color(&LIMIT)
                .pos(plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Left,
                    plotters::style::text_anchor::VPos::Bottom,
                )),
        )))
        .drawn()?;
    for (l, pts) in lines.iter().zip(&kept) {
        if pts.is_empty() {
            continue;
        }
        let band: Vec<(f64, f64)> = pts
            .iter()
            .map(|p| (p.round as f64, p.p90))
            .chain(pts.iter().rev().map(|p| (p.round as f64, p.p10)))
            .collect();
        let c = l.color;
        chart
            .draw_series(std::iter::once(Polygon::new(band, c.mix(0.18).filled())))
            .drawn()?;
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|p| (p.round as f64, p.mean)),
                c.stroke_width(2),
            ))
            .drawn()?
            .label(format!("{}: mean and p10–p90", l.label))
            .legend(move |(x, y)| {
                EmptyElement::at((x, y))
                    + Rectangle::new([(0, -6), (20, 6)], c.mix(0.25).filled())
                    + PathElement::new([(0, 0), (20, 0)], c.stroke_width(2))
            });
        chart
            .draw_series(
                pts.iter()
                    .map(|p| Circle::new((p.round as f64, p.mean), 2, c.filled())),
            )
            .drawn()?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .margin(4)
        .label_font(font(11))
        .background_style(WHITE.mix(0.85))
        .border_style(GRID)
        .draw()
        .drawn()?;

    let pct_axis = lines.iter().all(|l| l.games.is_some_and(|g| g > 0));
    let value = |l: &Line, p: &ThreatPoint| -> f64 {
        match l.games {
            Some(g) if pct_axis => 100.0 * p.running as f64 / g as f64,
            _ => p.running as f64,
        }
    };
    let top_y = if pct_axis {
        100.0
    } else {
        lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.running as f64))
            .fold(1.0, f64::max)
    };
    let mut run = ChartBuilder::on(&bottom)
        .margin(8)
        .margin_right(16)
        .margin_top(2)
        .x_label_area_size(32)
        .y_label_area_size(56)
        .build_cartesian_2d(x_range, 0.0..top_y * 1.05)
        .drawn()?;
    run.configure_mesh()
        .x_labels(x_labels)
        .x_label_formatter(&int_label)
        .y_labels(3)
        .y_label_formatter(&|y| {
            if pct_axis {
                format!("{y:.0}%")
            } else {
                format!("{y:.0}")
            }
        })
        .x_desc("round")
        .y_desc(if pct_axis { "running" } else { "games" })
        .label_style(font(12))
        .axis_desc_style(font(12))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .draw()
        .drawn()?;
    for l in lines {
        run.draw_series(LineSeries::new(
            l.points.iter().map(|p| (p.round as f64, value(l, p))),
            l.color.stroke_width(2),
        ))
        .drawn()?;
    }
    let (bw, _) = bottom.dim_in_pixel();
    if bw < 700 {
        return Ok(());
    }
    bottom
        .draw(&Text::new(
            "games still running (seat not eliminated) at the end of the round",
            (bw as i32 - 20, 14),
            font(11).pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Right,
                plotters::style::text_anchor::VPos::Center,
            )),
        ))
        .drawn()?;
    Ok(())
}

/// "basic bot" or "bots basic+random".
pub fn bots_text(bots: &str) -> String {
    if bots.contains('+') {
        format!("bots {bots}")
    } else {
        format!("{bots} bot")
    }
}

/// The seat labels of a configuration, with the deck each seat plays.
pub fn seat_label(seat: &str, decks: &str, i: usize, seats: usize) -> String {
    let deck = decks.split('+').nth(i).unwrap_or("");
    if seats == 1 {
        deck.to_string()
    } else {
        format!("seat {seat} {deck}")
    }
}

/// `threat.svg` for every configuration of `r` (None when the folder has no `threat.csv`).
pub fn threat_svg(r: &Results) -> Result<Option<String>> {
    if r.curves.is_empty() {
        return Ok(None);
    }
    let keys: Vec<_> = r.curves.iter().map(|c| c.key.clone()).collect();
    let names = labels(&keys);
    let (rows, cols) = grid(r.curves.len());
    let (pw, ph) = if cols == 1 { (900, 560) } else { (560, 420) };
    let title_h = if r.curves.len() > 1 { 34 } else { 0 };
    let svg = svg(pw * cols as u32, ph * rows as u32 + title_h, |root| {
        let body = if title_h > 0 {
            let (head, body) = root.split_vertically(title_h);
            let (w, _) = head.dim_in_pixel();
            head.draw(&Text::new(
                "Threat at the end of each round: mean with p10–p90 band; games still running",
                (w as i32 / 2, 18),
                centred(17),
            ))
            .drawn()?;
            body
        } else {
            root.clone()
        };
        for (panel, (c, name)) in body
            .split_evenly((rows, cols))
            .iter()
            .zip(r.curves.iter().zip(&names))
        {
            let games = r.games(&c.key);
            let n = c.seats.len();
            let lines: Vec<Line> = c
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| Line {
                    label: seat_label(&s.seat, &c.key.decks, i, n),
                    color: SEAT[i % SEAT.len()],
                    points: &s.points,
                    games,
                })
                .collect();
            let title = if r.curves.len() == 1 {
                format!("Threat per round: {name} ({})", bots_text(&c.key.bots))
            } else {
                name.clone()
            };
            draw_curves(panel, &title, &lines)?;
        }
        Ok(())
    })?;
    Ok(Some(svg))
}
