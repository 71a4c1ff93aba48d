//! Merging the results of the shards of one run (`lotr-sim merge`).
//!
//! Each shard's folder holds a complete checkpoint (`checkpoint.txt`, see `checkpoint`).
//! Shards merge when they are the same run (same spec except the shard index, same resolution)
//! and together cover every shard index exactly once. Accumulators are integer counters, so the
//! merge is exact: the merged reports are byte-identical to those of the unsharded run.

use std::path::PathBuf;

use crate::checkpoint::{
    add_range, read_games_csv, read_games_part, Checkpoint, ComboState, Shard, GAMES_PART,
};

/// A merged run: an unsharded complete checkpoint and, with per-game rows, those rows.
pub struct Merged {
    pub ckpt: Checkpoint,
    pub rows: Option<Vec<(usize, u64, String)>>,
}

/// The fix for a shard whose checkpoint or per-game records are damaged.
const DAMAGED_SHARD: &str =
    "this shard cannot be merged: play it again (its own `lotr-sim run ... --shard K/N` command, with --force)";

/// Merge the shard folders `dirs`. Errors name the folder and what to do.
pub fn merge_dirs(dirs: &[PathBuf]) -> Result<Merged, String> {
    if dirs.is_empty() {
        return Err("name the shard folders to merge".into());
    }
    let mut shards: Vec<(PathBuf, Checkpoint)> = Vec::new();
    for d in dirs {
        if !d.is_dir() {
            return Err(format!("{} is not a folder", d.display()));
        }
        let c = Checkpoint::read(d)
            .map_err(|e| format!("{e}; {DAMAGED_SHARD}"))?
            .ok_or_else(|| {
                format!(
                    "{} has no checkpoint.txt: not the output folder of a `lotr-sim run`",
                    d.display()
                )
            })?;
        if !c.complete {
            return Err(format!(
                "{} holds an unfinished shard {} ({} of {} games played); finish it with `lotr-sim run --resume {}` first",
                d.display(),
                c.spec.shard,
                c.played(),
                c.planned(),
                d.display()
            ));
        }
        if let Some((first_dir, first)) = shards.first() {
            let diff = first.differences(&c, true);
            if !diff.is_empty() {
                return Err(format!(
                    "{} and {} are shards of different runs ({}); merge only the shards of one run",
                    first_dir.display(),
                    d.display(),
                    diff.join(", ")
                ));
            }
        }
        if let Some((other, _)) = shards
            .iter()
            .find(|(_, x)| x.spec.shard.index == c.spec.shard.index)
        {
            return Err(format!(
                "{} and {} both hold shard {}; name each shard once",
                other.display(),
                d.display(),
                c.spec.shard
            ));
        }
        shards.push((d.clone(), c));
    }
    let count = shards[0].1.spec.shard.count;
    let mut missing: Vec<String> = (0..count)
        .filter(|k| !shards.iter().any(|(_, c)| c.spec.shard.index == *k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        if missing.len() > 10 {
            let n = missing.len();
            missing.truncate(10);
            missing.push(format!("… ({n} in all)"));
        }
        return Err(format!(
            "shard(s) {} missing: a merge needs all {count} shards of the run",
            missing.join(", ")
        ));
    }
    shards.sort_by_key(|(_, c)| c.spec.shard.index);
    let mut merged = shards[0].1.clone();
    merged.spec.shard = Shard::default();
    merged.games_bytes = 0;
    merged.combos = vec![ComboState::default(); merged.resolved.combos.len()];
    let per_game = merged.spec.per_game;
    let mut rows = per_game.then(Vec::new);
    for (dir, c) in &shards {
        for (m, s) in merged.combos.iter_mut().zip(&c.combos) {
            m.acc.merge(&s.acc);
            for &(a, b) in &s.done {
                add_range(&mut m.done, a, b);
            }
        }
        if let Some(rows) = rows.as_mut() {
            // Each record's checksum, then every game of the shard exactly once. A finished
            // unsharded run (1 shard) keeps its rows in games.csv.
            let mut own = if c.games_bytes == 0 && c.played() > 0 {
                read_games_csv(dir, c).map_err(|e| format!("{e}; {DAMAGED_SHARD}"))?
            } else {
                read_games_part(dir, c.games_bytes).map_err(|e| format!("{e}; {DAMAGED_SHARD}"))?
            };
            c.check_rows(&mut own)
                .map_err(|e| format!("{}: {e}; {DAMAGED_SHARD}", dir.join(GAMES_PART).display()))?;
            rows.extend(own);
        }
    }
    merged.complete = true;
    if merged.played() != merged.planned() {
        return Err("the shards do not cover every game of the run".into());
    }
    Ok(Merged { ckpt: merged, rows })
}
