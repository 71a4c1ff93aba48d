//! `plot DIR`, and the pictures drawn at the end of `run`, `merge` and `compare`.

use std::path::Path;

use anyhow::Result;
use lotr_sim::plot::{self, BadCsv, Scale};

use super::args::{PlotArgs, ScaleArg};
use super::common::UsageError;

/// Draws the pictures of `dir`; a CSV the pictures cannot use is a usage error (exit 2).
fn draw(dir: &Path, scale: Scale) -> Result<Vec<std::path::PathBuf>> {
    plot::plot_dir(dir, scale).map_err(|e| match e.downcast_ref::<BadCsv>() {
        Some(b) => UsageError(b.to_string()).into(),
        None => e,
    })
}

pub(super) fn cmd_plot(a: &PlotArgs) -> Result<()> {
    let scale = match a.scale {
        ScaleArg::Auto => Scale::Auto,
        ScaleArg::Linear => Scale::Linear,
        ScaleArg::Log => Scale::Log,
    };
    let files = draw(&a.dir, scale)?;
    for f in &files[..files.len() - 1] {
        out!("wrote {}", f.display());
    }
    out!("report: {}", files[files.len() - 1].display());
    Ok(())
}

/// The end of `run`, `merge` and `compare`: draw the pictures of `dir` and print the report's
/// path, or with `--no-plots` remove the pictures an earlier run left there.
pub(super) fn after(dir: &Path, no_plots: bool) -> Result<()> {
    if no_plots {
        return plot::remove_plots(dir);
    }
    let files = draw(dir, Scale::Auto)?;
    if let Some(report) = files.last() {
        out!("report: {}", report.display());
    }
    Ok(())
}
