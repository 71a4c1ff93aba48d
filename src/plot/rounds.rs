//! `rounds.svg`: how long the games lasted, a histogram of the round in which each game ended,
//! wins and losses stacked by cause (the causes per round come from `rounds.csv` when it has
//! them, else from `games.csv` of a `--per-game` run; without either, losses are one colour).

use anyhow::Result;
use plotters::prelude::*;

use super::data::{Lengths, Results};
use super::style::*;
use super::table::labels;
use super::winrate::thousands;

/// The stacked parts of a bar, bottom to top: name, colour, count per bar.
fn parts(l: &Lengths) -> Vec<(&'static str, RGBColor, Vec<u64>)> {
    let by_cause = l.bars.iter().all(|b| b.causes.is_some());
    let mut v = vec![("win", WIN, l.bars.iter().map(|b| b.wins).collect())];
    if by_cause {
        for (i, (name, c)) in [
            ("loss: threat", LOSS_THREAT),
            ("loss: heroes dead", LOSS_HEROES),
            ("loss: scenario", LOSS_SCENARIO),
        ]
        .into_iter()
        .enumerate()
        {
            v.push((
                name,
                c,
                l.bars
                    .iter()
                    .map(|b| b.causes.map_or(0, |x| x[i]))
                    .collect(),
            ));
        }
    } else {
        v.push((
            "loss (any cause)",
            LOSS_ANY,
            l.bars.iter().map(|b| b.losses).collect(),
        ));
    }
    v.push((
        "round cap",
        ROUND_CAP,
        l.bars.iter().map(|b| b.round_cap).collect(),
    ));
    v
}

fn panel(area: &Area, title: &str, l: &Lengths, big: bool) -> Result<()> {
    let total: u64 = l.bars.iter().map(|b| b.wins + b.losses + b.round_cap).sum();
    let total_f = total.max(1) as f64;
    // Rounds before the first game ended and after the last one add nothing.
    let used: Vec<usize> = (0..l.bars.len())
        .filter(|&i| {
            let b = &l.bars[i];
            b.wins + b.losses + b.round_cap > 0
        })
        .collect();
    let first = used.first().map_or(1, |&i| l.bars[i].round).max(1);
    let last = used.last().map_or(2, |&i| l.bars[i].round).max(first + 1);
    let parts = parts(l);
    let top = l
        .bars
        .iter()
        .map(|b| 100.0 * (b.wins + b.losses + b.round_cap) as f64 / total_f)
        .fold(1.0, f64::max);
    // Room above the tallest bar for the legend (one row per outcome).
    let (_, h) = area.dim_in_pixel();
    let plot_h = h as f64 - 30.0 - 34.0 - 16.0;
    let legend_h = 17.0 * parts.len() as f64 + 16.0;
    let y_top = top * plot_h / (plot_h - legend_h).max(1.0);
    let mut chart = ChartBuilder::on(area)
        .caption(title, font(if big { 17 } else { 14 }))
        .margin(8)
        .margin_right(16)
        .x_label_area_size(34)
        .y_label_area_size(48)
        .build_cartesian_2d((first as f64 - 0.5)..(last as f64 + 0.5), 0.0..y_top)
        .drawn()?;
    chart
        .configure_mesh()
        .x_labels(((last - first + 1) as usize).min(16))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round() as i64)
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.0}%"))
        .x_desc("round in which the game ended")
        .y_desc("share of games")
        .label_style(font(12))
        .axis_desc_style(font(12))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .disable_x_mesh()
        .draw()
        .drawn()?;
    let mut base = vec![0.0f64; l.bars.len()];
    for (name, c, counts) in &parts {
        let sum: u64 = counts.iter().sum();
        let rects: Vec<Rectangle<(f64, f64)>> = l
            .bars
            .iter()
            .zip(counts)
            .zip(base.iter_mut())
            .filter(|((_, &n), _)| n > 0)
            .map(|((b, &n), y0)| {
                let y1 = *y0 + 100.0 * n as f64 / total_f;
                let r = Rectangle::new(
                    [(b.round as f64 - 0.4, *y0), (b.round as f64 + 0.4, y1)],
                    c.filled(),
                );
                *y0 = y1;
                r
            })
            .collect();
        let c = *c;
        chart
            .draw_series(rects)
            .drawn()?
            .label(format!(
                "{name}: {} ({})",
                thousands(sum),
                pct(sum as f64 / total_f)
            ))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(font(11))
        .margin(4)
        .background_style(WHITE.mix(0.85))
        .border_style(GRID)
        .draw()
        .drawn()?;
    Ok(())
}

/// `rounds.svg` for every configuration of `r` (None when the folder has no `rounds.csv`).
pub fn rounds_svg(r: &Results) -> Result<Option<String>> {
    if r.lengths.is_empty() {
        return Ok(None);
    }
    let keys: Vec<_> = r.lengths.iter().map(|c| c.key.clone()).collect();
    let names = labels(&keys);
    let (rows, cols) = grid(r.lengths.len());
    let (pw, ph) = if cols == 1 { (900, 460) } else { (560, 360) };
    let multi = r.lengths.len() > 1;
    let title_h = if multi { 34 } else { 0 };
    let svg = svg(pw * cols as u32, ph * rows as u32 + title_h, |root| {
        let body = if multi {
            let (head, body) = root.split_vertically(title_h);
            let (w, _) = head.dim_in_pixel();
            head.draw(&Text::new(
                "Game length: the round in which each game ended, by outcome",
                (w as i32 / 2, 18),
                centred(17),
            ))
            .drawn()?;
            body
        } else {
            root.clone()
        };
        for (area, (l, name)) in body
            .split_evenly((rows, cols))
            .iter()
            .zip(r.lengths.iter().zip(&names))
        {
            let title = if multi {
                name.clone()
            } else {
                format!(
                    "Game length: {name} ({}, {})",
                    l.key.decks,
                    super::threat::bots_text(&l.key.bots)
                )
            };
            panel(area, &title, l, !multi)?;
        }
        Ok(())
    })?;
    Ok(Some(svg))
}
