//! `merge`: the output folders of a run's shards into full reports.

use anyhow::{Context, Result};
use lotr_sim::report::{self, RunKey};
use lotr_sim::stats::Accumulator;

use super::args::*;

use super::common::*;

pub(super) fn cmd_merge(a: &MergeArgs) -> Result<()> {
    let m = lotr_sim::merge::merge_dirs(&a.dirs).map_err(UsageError)?;
    let same = |x: &std::path::Path, y: &std::path::Path| {
        x == y || matches!((x.canonicalize(), y.canonicalize()), (Ok(p), Ok(q)) if p == q)
    };
    if a.dirs.iter().any(|d| same(d, &a.out)) {
        return usage("--out must not be one of the shard folders");
    }
    let mut ckpt = m.ckpt;
    prepare_out(&a.out, &ckpt, a.force)?;
    let mut rows = m.rows;
    if let Some(rows) = &rows {
        let mut text = String::new();
        for (c, _, row) in rows {
            text.push_str(&format!("{c},{row}\n"));
        }
        let path = a.out.join(lotr_sim::checkpoint::GAMES_PART);
        lotr_sim::report::write_atomic(&path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        ckpt.games_bytes = text.len() as u64;
    }
    ckpt.write(&a.out)
        .with_context(|| format!("cannot write the checkpoint in {}", a.out.display()))?;
    let keys = ckpt.keys();
    let runs: Vec<(&RunKey, &Accumulator)> = keys
        .iter()
        .zip(ckpt.combos.iter().map(|c| &c.acc))
        .collect();
    report::write_results(&a.out, &runs, rows.as_deref_mut())?;
    if !a.quiet {
        for (k, acc) in &runs {
            print_summary(k, acc)?;
        }
    }
    out!("merged {} shards: {}", a.dirs.len(), a.out.display());
    super::plot::after(&a.out, a.no_plots)?;
    Ok(())
}
