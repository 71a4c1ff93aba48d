//! The pictures (`lotr-sim plot`, `src/plot/`): golden SVGs and page for fixed CSVs
//! (`tests/fixtures/plots/`, regenerate the goldens with `UPDATE_GOLDEN=1 cargo test --test plots`
//! after an intended change and look at them), columns read by name, merged shards plotting
//! exactly like a single run, `--no-plots`, bad CSVs and the stdout summary.

mod common;
use common::{lotr, ok, unique_dir};

use std::fs;
use std::path::{Path, PathBuf};

use lotr_sim::plot::{render, Scale, PLOT_FILES};

fn fixture(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/plots")
        .join(case)
}

/// Compares the pictures of a fixture folder with `tests/golden/plots/CASE/`.
fn golden(case: &str, expect: &[&str]) {
    let pics = render(&fixture(case), Scale::Auto).expect("render");
    let names: Vec<&str> = pics.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, expect, "pictures of {case}");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/plots")
        .join(case);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::create_dir_all(&dir).unwrap();
        for (name, text) in &pics {
            fs::write(dir.join(name), text).unwrap();
        }
        return;
    }
    for (name, text) in &pics {
        let want = fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("golden {case}/{name}: {e} (UPDATE_GOLDEN=1 writes it)"));
        assert!(
            *text == want,
            "{case}/{name} differs from its golden file (UPDATE_GOLDEN=1 cargo test --test plots, then look at the pictures)"
        );
    }
    // Rendering again gives the same bytes.
    let again = render(&fixture(case), Scale::Auto).unwrap();
    assert!(again == pics, "{case}: a second rendering differs");
}

#[test]
fn run_pictures_match_golden() {
    golden(
        "run",
        &["winrate.svg", "threat.svg", "rounds.svg", "report.html"],
    );
}

#[test]
fn compare_pictures_match_golden() {
    golden(
        "compare",
        &[
            "compare.svg",
            "winrate.svg",
            "threat.svg",
            "rounds.svg",
            "report.html",
        ],
    );
}

/// A sweep of four configurations: a panel each, loss causes from `rounds.csv`.
#[test]
fn sweep_pictures_match_golden() {
    golden(
        "sweep",
        &["winrate.svg", "threat.svg", "rounds.svg", "report.html"],
    );
    let pics = render(&fixture("sweep"), Scale::Auto).unwrap();
    let rounds = &pics.iter().find(|(n, _)| *n == "rounds.svg").unwrap().1;
    assert_eq!(
        rounds.matches("loss: heroes dead").count(),
        4,
        "one legend per panel"
    );
}

/// What the pictures of the run fixture show: the threat-50 line, one curve with its band, the
/// running panel, loss causes from games.csv, the win rate with its interval, and a page that
/// holds every picture inline and loads nothing from outside.
#[test]
fn run_pictures_show_what_they_should() {
    let pics = render(&fixture("run"), Scale::Auto).unwrap();
    let get = |n: &str| &pics.iter().find(|(x, _)| *x == n).unwrap().1;
    let threat = get("threat.svg");
    assert!(threat.contains("50: eliminated"));
    assert!(threat.contains("core-leadership: mean and p10–p90"));
    assert!(threat.contains("<polygon"), "the p10–p90 band");
    assert!(threat.contains("running"));
    let rounds = get("rounds.svg");
    for cause in [
        "loss: threat",
        "loss: heroes dead",
        "loss: scenario",
        "win: ",
    ] {
        assert!(rounds.contains(cause), "rounds.svg lacks `{cause}`");
    }
    let summary = fs::read_to_string(fixture("run").join("summary.csv")).unwrap();
    let wins: u64 = summary
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(6)
        .unwrap()
        .parse()
        .unwrap();
    assert!(rounds.contains(&format!("win: {wins} (")));
    let win = get("winrate.svg");
    assert!(win.contains("win rate (Wilson 95%)") && win.contains("rounds played (mean, 95%)"));
    let html = get("report.html");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<svg").count(), 3);
    assert!(!html.contains("<script"), "no script in the page");
    assert!(
        !html.contains(" src=") && !html.contains("<link"),
        "the page loads nothing"
    );
    for f in ["summary.csv", "rounds.csv", "threat.csv", "games.csv"] {
        assert!(html.contains(&format!("href=\"{f}\"")), "page links {f}");
    }
}

/// Copies `src` to `dst` with the columns of every CSV reversed and an extra column added: the
/// pictures read columns by name, so they must not change.
fn shuffle_columns(src: &Path, dst: &Path) {
    fs::create_dir_all(dst).unwrap();
    for e in fs::read_dir(src).unwrap() {
        let p = e.unwrap().path();
        let text = fs::read_to_string(&p).unwrap();
        let mut rd = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.as_bytes());
        let mut wr = csv::Writer::from_writer(Vec::new());
        for (i, rec) in rd.records().enumerate() {
            let mut v: Vec<String> = rec.unwrap().iter().map(str::to_string).collect();
            v.reverse();
            v.push(if i == 0 { "extra".into() } else { "x".into() });
            wr.write_record(&v).unwrap();
        }
        fs::write(dst.join(p.file_name().unwrap()), wr.into_inner().unwrap()).unwrap();
    }
}

#[test]
fn columns_are_read_by_name() {
    for case in ["run", "compare"] {
        let d = unique_dir("plots", &format!("cols-{case}"));
        shuffle_columns(&fixture(case), &d);
        let a = render(&fixture(case), Scale::Auto).unwrap();
        let b = render(&d, Scale::Auto).unwrap();
        for ((n, x), (_, y)) in a.iter().zip(&b) {
            if *n == "report.html" {
                continue; // lists the columns in file order
            }
            assert!(x == y, "{case}/{n} depends on the column order");
        }
    }
}

#[test]
fn log_scale_is_an_option() {
    let lin = render(&fixture("run"), Scale::Linear).unwrap();
    let log = render(&fixture("run"), Scale::Log).unwrap();
    let w = |p: &[(&str, String)]| p.iter().find(|x| x.0 == "winrate.svg").unwrap().1.clone();
    assert!(!w(&lin).contains("(log scale)"));
    assert!(w(&log).contains("win rate, % (log scale)"));
}

/// The pictures of the merged shards of a run are byte-identical to those of the single run.
#[test]
fn merged_shards_plot_like_a_single_run() {
    let single = unique_dir("plots", "single");
    let s = single.to_str().unwrap();
    let common = [
        "--quiet",
        "--bot",
        "random",
        "--games",
        "600",
        "--seed",
        "5",
        "--scenario",
        "intruders-in-chetwood",
        "--mode",
        "easy,standard",
        "--per-game",
    ];
    let out = ok(&[&["run", "--out", s][..], &common].concat());
    assert!(out.contains(&format!("report: {}", single.join("report.html").display())));
    assert!(
        out.contains("rounds played: mean "),
        "stdout gains rounds played: {out}"
    );
    let mut shards = Vec::new();
    for k in 0..3 {
        let d = unique_dir("plots", &format!("shard{k}"));
        let spec = format!("{k}/3");
        ok(&[
            &["run", "--out", d.to_str().unwrap(), "--shard", &spec][..],
            &common,
        ]
        .concat());
        for f in PLOT_FILES {
            assert!(!d.join(f).exists(), "a shard draws no {f}");
        }
        shards.push(d);
    }
    let merged = unique_dir("plots", "merged");
    let mut args = vec!["merge", "--quiet", "--out", merged.to_str().unwrap()];
    args.extend(shards.iter().map(|d| d.to_str().unwrap()));
    let out = ok(&args);
    assert!(out.contains("report: "));
    for f in ["winrate.svg", "threat.svg", "rounds.svg", "report.html"] {
        let a = fs::read(single.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        let b = fs::read(merged.join(f)).unwrap();
        assert!(
            a == b,
            "{f} of the merged shards differs from the single run's"
        );
    }
    // `plot DIR` redraws the same files.
    let before = fs::read(single.join("threat.svg")).unwrap();
    fs::remove_file(single.join("threat.svg")).unwrap();
    let out = ok(&["plot", s]);
    assert!(out.contains("report: "));
    assert_eq!(fs::read(single.join("threat.svg")).unwrap(), before);
}

#[test]
fn no_plots_draws_nothing_and_removes_old_pictures() {
    let d = unique_dir("plots", "noplots");
    let s = d.to_str().unwrap();
    let base = [
        "run", "--quiet", "--bot", "random", "--games", "50", "--out", s,
    ];
    ok(&base);
    assert!(d.join("report.html").exists() && d.join("threat.svg").exists());
    let out = ok(&[&base[..], &["--force", "--no-plots", "--seed", "2"]].concat());
    assert!(!out.contains("report: "));
    for f in PLOT_FILES {
        assert!(!d.join(f).exists(), "{f} of the earlier run is left");
    }
}

#[test]
fn compare_draws_its_pictures() {
    let d = unique_dir("plots", "compare");
    let out = ok(&[
        "compare",
        "core-leadership",
        "core-tactics",
        "--bot",
        "random",
        "--games",
        "80",
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(out.contains("report: "));
    for f in [
        "compare.svg",
        "summary.csv",
        "threat.csv",
        "rounds.csv",
        "report.html",
    ] {
        assert!(d.join(f).exists(), "compare writes {f}");
    }
    let svg = fs::read_to_string(d.join("compare.svg")).unwrap();
    assert!(svg.contains("A: core-leadership") && svg.contains("B: core-tactics"));
}

#[test]
fn bad_csv_is_reported_with_file_and_line() {
    let d = unique_dir("plots", "bad");
    fs::create_dir_all(&d).unwrap();
    let good = fs::read_to_string(fixture("run").join("summary.csv")).unwrap();
    fs::write(
        d.join("summary.csv"),
        good.replacen(",500,", ",five hundred,", 1),
    )
    .unwrap();
    let o = lotr(&["plot", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("summary.csv, line 2: column `games` holds `five hundred`, not a number"),
        "{err}"
    );
    assert!(err.contains("regenerate"), "{err}");
    fs::write(d.join("summary.csv"), "scenario,mode\nx,y\n").unwrap();
    let o = lotr(&["plot", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no column `games`"));
    let empty = unique_dir("plots", "empty");
    fs::create_dir_all(&empty).unwrap();
    let o = lotr(&["plot", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("holds none of"));
    let o = lotr(&["plot", "/nonexistent/lotr-sim-folder"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no such folder"));
}
