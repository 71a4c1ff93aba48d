//! Pictures of a result folder: `threat.svg`, `winrate.svg`, `rounds.svg`, `compare.svg` and
//! the self-contained `report.html`, drawn from the folder's CSV files alone (so the merged
//! shards of a run plot exactly like the single run) with `plotters`' SVG backend. The output
//! depends only on the CSV bytes: no clock, no fonts (text is SVG `<text>`, laid out by the
//! browser), integer pixel coordinates.
//!
//! One file per picture: `threat.rs`, `winrate.rs`, `rounds.rs`, `compare.rs`; `html.rs` the
//! page; `data.rs` what the pictures show, read by `table.rs` (every column by its header name);
//! `style.rs` colours, fonts, formats.

pub mod compare;
pub mod data;
pub mod html;
pub mod rounds;
pub mod style;
pub mod table;
pub mod threat;
pub mod winrate;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

pub use table::BadCsv;

/// The axis of the win rates in `winrate.svg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scale {
    /// Log when the rates span a factor 20 or more (see [`winrate::wants_log`]).
    #[default]
    Auto,
    Linear,
    Log,
}

/// Every file the pictures write, in the order `report.html` shows them.
pub const PLOT_FILES: [&str; 5] = [
    "compare.svg",
    "winrate.svg",
    "threat.svg",
    "rounds.svg",
    "report.html",
];

/// The pictures of `dir`'s CSVs, as (file name, content), `report.html` last. An error of type
/// [`BadCsv`] when a CSV cannot be used or the folder holds none.
pub fn render(dir: &Path, scale: Scale) -> Result<Vec<(&'static str, String)>> {
    if !dir.is_dir() {
        let what = if dir.exists() {
            "not a folder"
        } else {
            "no such folder"
        };
        return Err(BadCsv {
            path: dir.to_path_buf(),
            line: 0,
            msg: format!("{what} (give the --out folder of a run, merge or compare)"),
        }
        .into());
    }
    let r = data::Results::read(dir)?;
    if r.is_empty() {
        return Err(BadCsv {
            path: dir.to_path_buf(),
            line: 0,
            msg: "holds none of summary.csv, threat.csv, rounds.csv, compare.csv (is it the --out folder of a run, merge or compare?)".to_string(),
        }
        .into());
    }
    let mut pics: Vec<(&'static str, String)> = Vec::new();
    let drawn = [
        ("compare.svg", compare::compare_svg(&r)?),
        ("winrate.svg", winrate::winrate_svg(&r, scale)?),
        ("threat.svg", threat::threat_svg(&r)?),
        ("rounds.svg", rounds::rounds_svg(&r)?),
    ];
    for (name, svg) in drawn {
        if let Some(s) = svg {
            pics.push((name, s));
        }
    }
    let page = html::report_html(&r, &pics);
    pics.push(("report.html", page));
    Ok(pics)
}

/// Draws the pictures of `dir` into `dir` (each file written atomically) and removes the
/// pictures of an earlier run that this one does not have. Returns the files written;
/// `report.html` is the last.
pub fn plot_dir(dir: &Path, scale: Scale) -> Result<Vec<PathBuf>> {
    let pics = render(dir, scale)?;
    let mut out = Vec::with_capacity(pics.len());
    for (name, text) in &pics {
        let path = dir.join(name);
        crate::report::write_atomic(&path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        out.push(path);
    }
    for name in PLOT_FILES {
        if !pics.iter().any(|(n, _)| *n == name) {
            remove(&dir.join(name))?;
        }
    }
    Ok(out)
}

/// Removes the pictures from `dir` (a run with `--no-plots` leaves none of an earlier run).
pub fn remove_plots(dir: &Path) -> Result<()> {
    for name in PLOT_FILES {
        remove(&dir.join(name))?;
    }
    Ok(())
}

fn remove(path: &Path) -> Result<()> {
    if path.exists() {
        std::fs::remove_file(path).with_context(|| format!("cannot remove {}", path.display()))?;
    }
    Ok(())
}
