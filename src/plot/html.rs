//! `report.html`: one self-contained page (inline SVG and CSS, no script, opens offline) with
//! the run key, the summary table, the comparison, the pictures and the folder's CSV files.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::compare::verdict;
use super::data::{Results, Summary};
use super::style::pct;
use super::table::labels;
use super::winrate::thousands;

const CSS: &str = "\
body{font-family:sans-serif;color:#222;margin:24px auto;max-width:1240px;padding:0 16px;line-height:1.4}\
h1{font-size:24px;margin:0 0 8px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}\
table{border-collapse:collapse;font-size:13px;margin:8px 0}\
th,td{border:1px solid #ddd;padding:4px 8px;text-align:right;vertical-align:top}\
th{background:#f4f4f4}td.t,th.t{text-align:left}\
table.key td{text-align:left}table.key th{text-align:left;width:150px}\
figure{margin:12px 0 24px}figure svg{max-width:100%;height:auto;border:1px solid #eee}\
figcaption{font-size:13px;color:#555;margin-top:4px;max-width:1000px}\
code{background:#f4f4f4;padding:0 3px}.cols{font-size:12px;color:#555}\
";

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The distinct values of one field, in order of first appearance, joined with `, `.
fn distinct<'a>(vals: impl Iterator<Item = &'a str>) -> String {
    let mut seen = Vec::new();
    for v in vals {
        if !seen.contains(&v) {
            seen.push(v);
        }
    }
    seen.join(", ")
}

fn key_table(out: &mut String, r: &Results) {
    let s = &r.summaries;
    let mut rows: Vec<(&str, String)> = Vec::new();
    if let Some(c) = &r.compare {
        rows.push((
            "comparison",
            format!("A = {} vs B = {}", c.names()[0], c.names()[1]),
        ));
        rows.push(("scenario", c.scenario.clone()));
        rows.push(("mode", c.mode.clone()));
        rows.push(("seats A / B", format!("{} / {}", c.decks_a, c.decks_b)));
        rows.push(("bots A / B", format!("{} / {}", c.bots_a, c.bots_b)));
        rows.push(("pairs", thousands(c.games)));
        rows.push(("seed", c.seed.clone()));
    } else if !s.is_empty() {
        rows.push((
            "scenario",
            distinct(s.iter().map(|x| x.key.scenario.as_str())),
        ));
        rows.push(("mode", distinct(s.iter().map(|x| x.key.mode.as_str()))));
        rows.push((
            "players",
            distinct(s.iter().map(|x| x.key.players.as_str())),
        ));
        rows.push(("decks", distinct(s.iter().map(|x| x.key.decks.as_str()))));
        rows.push(("bots", distinct(s.iter().map(|x| x.key.bots.as_str()))));
        let games: BTreeSet<u64> = s.iter().map(|x| x.games).collect();
        rows.push((
            "games",
            games
                .iter()
                .map(|&g| thousands(g))
                .collect::<Vec<_>>()
                .join(", ")
                + if s.len() > 1 {
                    " per configuration"
                } else {
                    ""
                },
        ));
        rows.push(("seed", distinct(s.iter().map(|x| x.seed.as_str()))));
    }
    if !s.is_empty() {
        rows.push((
            "round cap",
            distinct(s.iter().map(|x| x.max_rounds.as_str())),
        ));
        let rules = distinct(s.iter().map(|x| x.rules.as_str()));
        rows.push((
            "rules",
            if rules.is_empty() {
                "defaults".to_string()
            } else {
                rules
            },
        ));
        rows.push((
            "engine version",
            distinct(s.iter().map(|x| x.engine_version.as_str())),
        ));
    }
    out.push_str("<table class=\"key\">\n");
    for (k, v) in rows {
        let _ = writeln!(out, "<tr><th>{}</th><td>{}</td></tr>", esc(k), esc(&v));
    }
    out.push_str("</table>\n");
}

fn summary_table(out: &mut String, s: &[Summary]) {
    let keys: Vec<_> = s.iter().map(|x| x.key.clone()).collect();
    let names = labels(&keys);
    out.push_str(
        "<table>\n<tr><th class=\"t\">configuration</th><th>games</th><th>wins</th>\
<th>win rate (95% CI)</th><th>rounds played (95% CI)</th><th>loss: threat</th>\
<th>loss: heroes dead</th><th>loss: scenario</th><th>round cap</th><th>mean final threat</th></tr>\n",
    );
    for (x, n) in s.iter().zip(&names) {
        let rounds = x.rounds.map_or(String::new(), |(m, lo, hi)| {
            format!("{m:.2} ({lo:.2}–{hi:.2})")
        });
        let _ = writeln!(
            out,
            "<tr><td class=\"t\">{}</td><td>{}</td><td>{}</td><td>{} ({}–{})</td><td>{}</td>\
<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(n),
            thousands(x.games),
            thousands(x.wins),
            pct(x.win_rate),
            pct(x.win_lo),
            pct(x.win_hi),
            rounds,
            thousands(x.losses[0]),
            thousands(x.losses[1]),
            thousands(x.losses[2]),
            thousands(x.round_cap),
            x.mean_final_threat
                .map_or(String::new(), |t| format!("{t:.2}")),
        );
    }
    out.push_str("</table>\n");
}

fn compare_table(out: &mut String, r: &Results) {
    let Some(c) = &r.compare else { return };
    let n = c.names();
    let p = |x: f64| format!("{:+.3}", 100.0 * x);
    let _ = writeln!(
        out,
        "<table>\n<tr><th class=\"t\"></th><th>A: {}</th><th>B: {}</th><th>A − B, paired 95% CI</th><th>unpaired 95% CI</th></tr>\n\
<tr><td class=\"t\">win rate</td><td>{} ({}–{})</td><td>{} ({}–{})</td><td>{} points ({} to {})</td><td>{} to {}</td></tr>\n\
<tr><td class=\"t\">rounds played</td><td>{:.3}</td><td>{:.3}</td><td>{:+.3} ({:+.3} to {:+.3})</td><td>{:+.3} to {:+.3}</td></tr>\n</table>\n<p>{}</p>",
        esc(&n[0]),
        esc(&n[1]),
        pct(c.rate[0].0),
        pct(c.rate[0].1),
        pct(c.rate[0].2),
        pct(c.rate[1].0),
        pct(c.rate[1].1),
        pct(c.rate[1].2),
        p(c.diff.0),
        p(c.diff.1),
        p(c.diff.2),
        p(c.unpaired.0),
        p(c.unpaired.1),
        c.rounds[0],
        c.rounds[1],
        c.rounds_diff.0,
        c.rounds_diff.1,
        c.rounds_diff.2,
        c.rounds_unpaired.0,
        c.rounds_unpaired.1,
        esc(&verdict(c)),
    );
}

/// What each picture shows, for its caption.
fn caption(name: &str) -> &'static str {
    match name {
        "compare.svg" => "Left: the compared seat's threat at the end of each round with deck (or bot) A and B — \
mean line, p10–p90 band, the threat-50 elimination line; below, the share of games still running. \
Right: both win rates with their Wilson intervals, the paired difference with its interval (the unpaired \
one for reference), and the same for rounds played.",
        "winrate.svg" => "Win rate of each configuration with its 95% Wilson interval (log axis when the rates \
span more than a factor 20: a hollow dot at the left edge is a rate of 0), and the mean number of rounds \
played with its 95% interval — the measure that still separates configurations nobody wins.",
        "threat.svg" => "Threat at the end of each round over the games in which the seat is still in play: \
mean line and p10–p90 band per seat, the dashed line at 50 where a player is eliminated. Rounds where \
fewer than 1% of the games (or fewer than 10) are still running are not drawn. Below: the share of games \
in which the seat is still in play.",
        "rounds.svg" => "The round in which each game ended, as a share of all games, stacked by outcome (wins, \
losses by cause, round cap); the legend gives each outcome's total.",
        _ => "",
    }
}

/// The page, with `pictures` as (file name, SVG text) in display order.
pub fn report_html(r: &Results, pictures: &[(&str, String)]) -> String {
    let mut out =
        String::with_capacity(64 * 1024 + pictures.iter().map(|p| p.1.len()).sum::<usize>());
    let title = match (&r.compare, r.summaries.first()) {
        (Some(c), _) => format!(
            "lotr-sim comparison: {} vs {} — {} {}",
            c.names()[0],
            c.names()[1],
            c.scenario,
            c.mode
        ),
        (None, Some(s)) if r.summaries.len() == 1 => {
            format!(
                "lotr-sim run: {} {} — {}",
                s.key.scenario, s.key.mode, s.key.decks
            )
        }
        (None, Some(_)) => format!("lotr-sim run: {} configurations", r.summaries.len()),
        (None, None) => "lotr-sim results".to_string(),
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(&title),
        esc(&title)
    );
    out.push_str("<h2>Run</h2>\n");
    key_table(&mut out, r);
    if r.compare.is_some() {
        out.push_str("<h2>Comparison</h2>\n");
        compare_table(&mut out, r);
    }
    if !r.summaries.is_empty() {
        out.push_str(if r.compare.is_some() {
            "<h2>Summary per side</h2>\n"
        } else {
            "<h2>Summary</h2>\n"
        });
        summary_table(&mut out, &r.summaries);
    }
    out.push_str("<h2>Pictures</h2>\n");
    for (name, svg) in pictures {
        let _ = write!(
            out,
            "<figure id=\"{0}\">\n{1}<figcaption><a href=\"{0}\">{0}</a>: {2}</figcaption>\n</figure>\n",
            esc(name),
            svg,
            esc(caption(name))
        );
    }
    out.push_str("<h2>Files</h2>\n<p>The CSV files of this folder (their columns are described in README.md, <em>Output files</em> and <em>Comparing two decks</em>); the pictures are drawn from them alone.</p>\n<ul>\n");
    for (f, header) in &r.files {
        let _ = writeln!(
            out,
            "<li><a href=\"{0}\">{0}</a> <span class=\"cols\">— {1}</span></li>",
            esc(f),
            esc(&header.join(", "))
        );
    }
    out.push_str("</ul>\n</body>\n</html>\n");
    out
}
