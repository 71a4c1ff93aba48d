//! `merge`: the output folders of a run's shards into full reports.

use anyhow::{Context, Result};
use lotr_sim::report::{self, RunKey};
use lotr_sim::stats::Accumulator;

use super::args::*;

use super::common::*;

pub(super) fn cmd_merge(a: &MergeArgs) -> Result<()> {
    // Campaign shards (`campaign --shard`) merge their campaign records.
    if a.dirs
        .first()
        .is_some_and(|d| d.join(lotr_sim::campaign::store::CHECKPOINT).is_file())
    {
        return super::campaign::merge(a);
    }
    let m = lotr_sim::merge::merge_dirs(&a.dirs).map_err(UsageError)?;
    let same = |x: &std::path::Path, y: &std::path::Path| {
        x == y || matches!((x.canonicalize(), y.canonicalize()), (Ok(p), Ok(q)) if p == q)
    };
    if a.dirs.iter().any(|d| same(d, &a.out)) {
        return usage("--out must not be one of the shard folders");
    }
    let mut ckpt = m.ckpt;
    let _lock = claim_out(
        &a.out,
        Writes::Run(&ckpt),
        a.force,
        &super::run::command_line(),
    )?;
    let mut rows = m.rows;
    if let Some(rows) = rows.as_mut() {
        ckpt.check_rows(rows).map_err(UsageError)?;
    }
    // The merged folder is a finished run: its per-game rows are in games.csv only. The
    // checkpoint goes last: without it the folder never passes for a finished run.
    ckpt.games_bytes = 0;
    let keys = ckpt.keys();
    let runs: Vec<(&RunKey, &Accumulator)> = keys
        .iter()
        .zip(ckpt.combos.iter().map(|c| &c.acc))
        .collect();
    report::write_results(&a.out, &runs, rows.as_deref_mut())?;
    ckpt.write(&a.out)
        .with_context(|| format!("cannot write the checkpoint in {}", a.out.display()))?;
    if !a.quiet {
        for (k, acc) in &runs {
            print_summary(k, acc)?;
        }
    }
    out!("merged {} shards: {}", a.dirs.len(), a.out.display());
    super::plot::after(&a.out, a.no_plots)?;
    Ok(())
}
