//! `compare.svg`: a paired comparison (`compare.csv`) — both sides' threat curves for the
//! compared seat (from the comparison's `threat.csv`), both win rates and the paired difference
//! with its interval (the unpaired one beside it), and the same for rounds played.

use anyhow::Result;
use plotters::prelude::*;

use super::data::{Comparison, Curves, Results};
use super::style::*;
use super::threat::{draw_curves, Line};
use super::winrate::{thousands, whiskers, Row};

/// Side A's or B's threat curves in the comparison's `threat.csv`.
fn side<'a>(r: &'a Results, decks: &str, bots: &str) -> Option<&'a Curves> {
    r.curves
        .iter()
        .find(|c| c.key.decks == decks && c.key.bots == bots)
}

/// `compare.svg` (None when the folder has no `compare.csv`).
pub fn compare_svg(r: &Results) -> Result<Option<String>> {
    let Some(c) = &r.compare else {
        return Ok(None);
    };
    let names = c.names();
    let (w, h) = (1180u32, 700u32);
    let svg = svg(w, h, |root| {
        let (head, body) = root.split_vertically(52);
        head.draw(&Text::new(
            format!(
                "{} · {}: A = {} vs B = {} ({} pairs, seed {})",
                c.scenario,
                c.mode,
                names[0],
                names[1],
                thousands(c.games),
                c.seed
            ),
            (w as i32 / 2, 16),
            centred(16),
        ))
        .drawn()?;
        head.draw(&Text::new(verdict(c), (w as i32 / 2, 38), centred(13)))
            .drawn()?;
        let (left_a, right_a) = body.split_horizontally(560);
        threat_side(&left_a, r, c, &names)?;
        let panels = right_a.split_evenly((4, 1));
        let label_w = names
            .iter()
            .map(|n| text_width(n.chars().count() + 4, 12))
            .max()
            .unwrap_or(60)
            .clamp(90, 260);
        let rate_rows: Vec<Row> = (0..2)
            .map(|i| {
                let (v, lo, hi) = c.rate[i];
                Row {
                    label: format!("{}: {}", ["A", "B"][i], names[i]),
                    v: 100.0 * v,
                    lo: 100.0 * lo,
                    hi: 100.0 * hi,
                    text: format!("{} ({}–{})", pct(v), pct(lo), pct(hi)),
                    color: SEAT[i],
                }
            })
            .collect();
        whiskers(
            &panels[0],
            "win rate (Wilson 95%)",
            &rate_rows,
            "win rate, %",
            false,
            label_w,
            false,
        )?;
        let pts = |x: f64| format!("{:+.2}", 100.0 * x);
        let diff_rows = vec![
            Row {
                label: "paired".to_string(),
                v: 100.0 * c.diff.0,
                lo: 100.0 * c.diff.1,
                hi: 100.0 * c.diff.2,
                text: format!("{} ({} to {})", pts(c.diff.0), pts(c.diff.1), pts(c.diff.2)),
                color: INK,
            },
            Row {
                label: "unpaired".to_string(),
                v: 100.0 * c.diff.0,
                lo: 100.0 * c.unpaired.0,
                hi: 100.0 * c.unpaired.1,
                text: format!("({} to {})", pts(c.unpaired.0), pts(c.unpaired.1)),
                color: ROUND_CAP,
            },
        ];
        whiskers(
            &panels[1],
            "win-rate difference A − B (95%)",
            &diff_rows,
            "percentage points",
            false,
            label_w,
            true,
        )?;
        // Each side's interval from the comparison's summary.csv, when it has one.
        let sides = [(&c.decks_a, &c.bots_a), (&c.decks_b, &c.bots_b)];
        let round_rows: Vec<Row> = (0..2)
            .map(|i| {
                let (lo, hi) = r
                    .summaries
                    .iter()
                    .find(|s| s.key.decks == *sides[i].0 && s.key.bots == *sides[i].1)
                    .and_then(|s| s.rounds)
                    .map_or((c.rounds[i], c.rounds[i]), |x| (x.1, x.2));
                Row {
                    label: format!("{}: {}", ["A", "B"][i], names[i]),
                    v: c.rounds[i],
                    lo,
                    hi,
                    text: format!("{:.3} ({lo:.3}–{hi:.3})", c.rounds[i]),
                    color: SEAT[i],
                }
            })
            .collect();
        whiskers(
            &panels[2],
            "rounds played (mean, 95%)",
            &round_rows,
            "rounds",
            false,
            label_w,
            false,
        )?;
        let r3 = |x: f64| format!("{x:+.3}");
        let rdiff_rows = vec![
            Row {
                label: "paired".to_string(),
                v: c.rounds_diff.0,
                lo: c.rounds_diff.1,
                hi: c.rounds_diff.2,
                text: format!(
                    "{} ({} to {})",
                    r3(c.rounds_diff.0),
                    r3(c.rounds_diff.1),
                    r3(c.rounds_diff.2)
                ),
                color: INK,
            },
            Row {
                label: "unpaired".to_string(),
                v: c.rounds_diff.0,
                lo: c.rounds_unpaired.0,
                hi: c.rounds_unpaired.1,
                text: format!(
                    "({} to {})",
                    r3(c.rounds_unpaired.0),
                    r3(c.rounds_unpaired.1)
                ),
                color: ROUND_CAP,
            },
        ];
        whiskers(
            &panels[3],
            "rounds difference A − B (95%)",
            &rdiff_rows,
            "rounds",
            false,
            label_w,
            true,
        )
    })?;
    Ok(Some(svg))
}

/// The one-line reading of the paired test.
pub fn verdict(c: &Comparison) -> String {
    let p = if c.mcnemar_p < 0.001 {
        format!("McNemar p = {:.1e}", c.mcnemar_p)
    } else {
        format!("McNemar p = {:.3}", c.mcnemar_p)
    };
    if c.mcnemar_p < 0.05 {
        let who = if c.diff.0 > 0.0 { "A" } else { "B" };
        format!("{who} wins significantly more often ({p}, 5% level)")
    } else {
        format!("no significant difference in win rate at the 5% level ({p})")
    }
}

fn threat_side(area: &Area, r: &Results, c: &Comparison, names: &[String; 2]) -> Result<()> {
    let (a, b) = (
        side(r, &c.decks_a, &c.bots_a),
        side(r, &c.decks_b, &c.bots_b),
    );
    let (Some(a), Some(b)) = (a, b) else {
        return note(
            area,
            "no threat curves: this folder has no threat.csv for both sides",
        );
    };
    let seat = c.seat.saturating_sub(1);
    let mut lines = Vec::new();
    for (i, cur) in [a, b].into_iter().enumerate() {
        if let Some(s) = cur.seats.get(seat) {
            lines.push(Line {
                label: format!("{}: {}", ["A", "B"][i], names[i]),
                color: SEAT[i],
                points: &s.points,
                games: Some(c.games),
            });
        }
    }
    let title = if a.seats.len() > 1 {
        format!("Threat of seat {} per round", c.seat)
    } else {
        "Threat per round".to_string()
    };
    draw_curves(area, &title, &lines)
}
