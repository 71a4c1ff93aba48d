//! Shards: `run --shard K/N` for every K, then `merge`, gives byte-identical CSVs to the
//! unsharded run, for several N, with per-game rows, and for a scenario × mode sweep.

mod common;
use common::{ok, unique_dir, BIN};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const FILES: [&str; 4] = ["summary.csv", "rounds.csv", "threat.csv", "games.csv"];

fn run(out: &Path, common: &[&str], extra: &[&str]) {
    let mut args = vec!["run", "--quiet", "--out", out.to_str().unwrap()];
    args.extend_from_slice(common);
    args.extend_from_slice(extra);
    ok(&args);
}

fn same_files(a: &Path, b: &Path) {
    for f in FILES {
        let x = fs::read(a.join(f)).unwrap_or_else(|e| panic!("{}: {e}", a.join(f).display()));
        let y = fs::read(b.join(f)).unwrap_or_else(|e| panic!("{}: {e}", b.join(f).display()));
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

fn games_lines(d: &Path) -> usize {
    fs::read_to_string(d.join("games.csv"))
        .unwrap()
        .lines()
        .count()
}

fn shards_merge_to_single(common: &[&str], counts: &[u64]) {
    let single = unique_dir("shards", "single");
    run(&single, common, &[]);
    for &n in counts {
        let dirs: Vec<PathBuf> = (0..n).map(|_| unique_dir("shards", "part")).collect();
        for (k, d) in dirs.iter().enumerate() {
            let s = format!("{k}/{n}");
            run(
                d,
                common,
                &[
                    "--threads",
                    if k % 2 == 0 { "1" } else { "2" },
                    "--shard",
                    &s,
                ],
            );
            // A shard writes its mergeable state, not reports that look complete.
            assert!(d.join("checkpoint.txt").exists());
            assert_eq!(d.join("summary.csv").exists(), n == 1);
        }
        let merged = unique_dir("shards", "merged");
        let mut args = vec!["merge", "--quiet", "--out", merged.to_str().unwrap()];
        // Any order of the shard folders.
        args.extend(dirs.iter().rev().map(|d| d.to_str().unwrap()));
        let out = ok(&args);
        assert!(out.contains(&format!("merged {n} shards")), "{out}");
        same_files(&single, &merged);
        for d in dirs.iter().chain([&merged]) {
            let _ = fs::remove_dir_all(d);
        }
    }
    let _ = fs::remove_dir_all(&single);
}

#[test]
fn shards_merge_byte_identical() {
    shards_merge_to_single(
        &[
            "--bot",
            "random",
            "--games",
            "2300",
            "--seed",
            "11",
            "--per-game",
        ],
        &[1, 2, 3, 7],
    );
}

#[test]
fn sweep_shards_merge_byte_identical() {
    shards_merge_to_single(
        &[
            "--bot",
            "random",
            "--games",
            "900",
            "--seed",
            "5",
            "--per-game",
            "--mode",
            "all",
            "--players",
            "2",
            "--deck",
            "core-lore",
            "--deck",
            "core-tactics",
        ],
        &[2, 4],
    );
}

#[test]
fn sweep_writes_one_row_per_combination() {
    let d = unique_dir("shards", "sweep");
    let o = Command::new(BIN)
        .args([
            "run",
            "--quiet",
            "--bot",
            "random",
            "--games",
            "50",
            "--scenario",
            "all",
            "--mode",
            "all",
            "--per-game",
            "--out",
            d.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    // Every scenario plays in every mode it has: only Wrath and Ruin's missing Nightmare is
    // skipped.
    assert!(
        err.contains("skipped") && err.contains("wrath-and-ruin nightmare: no such mode"),
        "{err}"
    );
    let summary = fs::read_to_string(d.join("summary.csv")).unwrap();
    let rows: Vec<&str> = summary.lines().skip(1).collect();
    // Every playable combination, in data order (Intruders in Chetwood at least: easy, standard).
    assert!(rows.len() >= 2, "{summary}");
    assert!(rows[0].starts_with("intruders-in-chetwood,easy,"));
    assert!(rows[1].starts_with("intruders-in-chetwood,standard,"));
    assert_eq!(
        games_lines(&d) - 1,
        50 * rows.len(),
        "games.csv has 50 rows per combination"
    );
    let rounds = fs::read_to_string(d.join("rounds.csv")).unwrap();
    assert!(rounds
        .lines()
        .any(|l| l.starts_with("intruders-in-chetwood,easy,")));
    assert!(rounds
        .lines()
        .any(|l| l.starts_with("intruders-in-chetwood,standard,")));
    let games = fs::read_to_string(d.join("games.csv")).unwrap();
    assert!(games.starts_with("scenario,mode,index,"), "{games}");
    let _ = fs::remove_dir_all(&d);
}
