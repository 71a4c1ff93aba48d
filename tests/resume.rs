//! Checkpoint and resume: a run killed at any moment (SIGKILL, SIGINT) and resumed ends with
//! results byte-identical to an uninterrupted run.

mod common;
use common::{ok, signal_when, unique_dir, BIN};

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FILES: [&str; 4] = ["summary.csv", "rounds.csv", "threat.csv", "games.csv"];

fn args_for<'a>(out: &'a str, common: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["run", "--quiet", "--out", out];
    a.extend_from_slice(common);
    a
}

fn same_files(a: &Path, b: &Path) {
    for f in FILES {
        if !a.join(f).exists() && !b.join(f).exists() && f == "games.csv" {
            continue;
        }
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

fn status_of(dir: &Path) -> Option<String> {
    let t = fs::read_to_string(dir.join("checkpoint.txt")).ok()?;
    t.lines()
        .find_map(|l| l.strip_prefix("status "))
        .map(String::from)
}

/// Start `args`, wait until the checkpoint exists plus `delay`, then send `signal`.
/// Returns the exit status code (None when killed by the signal) and stderr.
fn start_and_signal(
    args: &[&str],
    dir: &Path,
    delay: Duration,
    signal: &str,
) -> (Option<i32>, String) {
    let out = signal_when(args, &dir.join("checkpoint.txt"), delay, signal);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn kill9_and_resume(common: &[&str], delays_ms: &[u64]) {
    let reference = unique_dir("resume", "ref");
    ok(&args_for(reference.to_str().unwrap(), common));
    let mut interrupted = 0;
    for &ms in delays_ms {
        let d = unique_dir("resume", "killed");
        let ds = d.to_str().unwrap();
        let mut args = args_for(ds, common);
        args.extend(["--checkpoint-interval", "0.02"]);
        start_and_signal(&args, &d, Duration::from_millis(ms), "-9");
        if status_of(&d).as_deref() == Some("running") {
            interrupted += 1;
            // No report may look complete after a kill.
            assert!(!d.join("summary.csv").exists(), "summary.csv after kill -9");
            // Kill the resumed run as well, then resume again.
            start_and_signal(
                &[
                    "run",
                    "--quiet",
                    "--resume",
                    ds,
                    "--checkpoint-interval",
                    "0.02",
                ],
                &d,
                Duration::from_millis(ms / 2),
                "-9",
            );
        }
        assert!(status_of(&d).is_some(), "no checkpoint after {ms} ms");
        ok(&["run", "--quiet", "--resume", ds]);
        assert_eq!(status_of(&d).as_deref(), Some("complete"));
        same_files(&reference, &d);
        let _ = fs::remove_dir_all(&d);
    }
    assert!(interrupted > 0, "no kill landed before the run ended");
    let _ = fs::remove_dir_all(&reference);
}

#[test]
fn kill_9_at_any_moment_then_resume() {
    kill9_and_resume(
        &[
            "--bot",
            "random",
            "--games",
            "8000",
            "--seed",
            "3",
            "--per-game",
            "--threads",
            "2",
        ],
        &[0, 30, 120, 400, 900],
    );
}

#[test]
fn kill_9_during_a_sweep_then_resume() {
    kill9_and_resume(
        &[
            "--bot",
            "random",
            "--games",
            "5000",
            "--seed",
            "8",
            "--mode",
            "easy,standard",
            "--threads",
            "2",
        ],
        &[10, 250],
    );
}

#[test]
fn ctrl_c_keeps_the_checkpoint_and_says_how_to_resume() {
    let common = [
        "--bot",
        "random",
        "--games",
        "30000",
        "--seed",
        "4",
        "--threads",
        "2",
    ];
    let reference = unique_dir("resume", "ref-int");
    let d = unique_dir("resume", "int");
    let ds = d.to_str().unwrap();
    let (code, err) = start_and_signal(
        &args_for(ds, &common),
        &d,
        Duration::from_millis(300),
        "-INT",
    );
    if status_of(&d).as_deref() == Some("running") {
        assert_eq!(code, Some(130), "{err}");
        assert!(
            err.contains(&format!("resume with: lotr-sim run --resume {ds}")),
            "{err}"
        );
        assert!(err.contains("games played"), "{err}");
        assert!(!d.join("summary.csv").exists());
    }
    ok(&["run", "--quiet", "--resume", ds]);
    ok(&args_for(reference.to_str().unwrap(), &common));
    same_files(&reference, &d);
    // Resuming a finished run only rewrites its reports.
    fs::remove_file(d.join("threat.csv")).unwrap();
    ok(&["run", "--quiet", "--resume", ds]);
    same_files(&reference, &d);
    let _ = fs::remove_dir_all(&d);
    let _ = fs::remove_dir_all(&reference);
}

#[test]
fn resume_accepts_the_same_options() {
    let d = unique_dir("resume", "same");
    let ds = d.to_str().unwrap();
    ok(&args_for(
        ds,
        &["--bot", "random", "--games", "300", "--seed", "9"],
    ));
    // Repeating options that match the checkpoint is allowed.
    ok(&[
        "run",
        "--quiet",
        "--resume",
        ds,
        "--seed",
        "9",
        "--games",
        "300",
        "--threads",
        "1",
    ]);
    let _ = fs::remove_dir_all(&d);
}

// ----- one output folder, several processes ----------------------------------------------------

fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Two runs started at the same instant into one folder: one plays, the other is refused
/// (exit 2, naming the holder's pid) — never two sets of results mixed or one silently lost.
/// Then two `--resume` of one interrupted folder at once: the same.
#[test]
fn two_processes_one_folder() {
    let common = [
        "--bot",
        "random",
        "--games",
        "6000",
        "--seed",
        "21",
        "--per-game",
        "--threads",
        "1",
    ];
    let reference = unique_dir("resume", "ref-two");
    ok(&args_for(reference.to_str().unwrap(), &common));
    let d = unique_dir("resume", "two");
    let ds = d.to_str().unwrap();
    let (a, b) = (spawn(&args_for(ds, &common)), spawn(&args_for(ds, &common)));
    let results: Vec<_> = [a, b]
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let codes: Vec<Option<i32>> = results.iter().map(|o| o.status.code()).collect();
    assert!(codes.contains(&Some(0)), "{codes:?}");
    for o in &results {
        let err = String::from_utf8_lossy(&o.stderr);
        match o.status.code() {
            Some(0) => {}
            Some(2) => assert!(
                err.contains("is in use by process") && err.contains("wait for it"),
                "{err}"
            ),
            c => panic!("exit {c:?}: {err}"),
        }
    }
    same_files(&reference, &d);
    assert!(!d.join("games.part").exists(), "games.part left behind");
    assert!(!d.join(".lotr-sim.lock").exists(), "lock file left behind");
    // Interrupt, then resume twice at the same instant.
    let _ = fs::remove_dir_all(&d);
    let mut args = args_for(ds, &common);
    args.extend(["--checkpoint-interval", "0.02"]);
    start_and_signal(&args, &d, Duration::from_millis(100), "-9");
    if status_of(&d).as_deref() == Some("running") {
        let r = ["run", "--quiet", "--resume", ds];
        let (a, b) = (spawn(&r), spawn(&r));
        let outs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
        let codes: Vec<Option<i32>> = outs.iter().map(|o| o.status.code()).collect();
        assert!(codes.contains(&Some(0)), "{codes:?}");
        assert!(
            codes.iter().all(|c| matches!(c, Some(0) | Some(2))),
            "{codes:?}"
        );
    }
    ok(&["run", "--quiet", "--resume", ds]);
    same_files(&reference, &d);
    let _ = fs::remove_dir_all(&d);
    let _ = fs::remove_dir_all(&reference);
}

/// A run holds the folder; a second one is refused; the holder is killed with SIGKILL (its
/// lock file stays behind, naming a dead process); the next `--resume` takes the stale lock
/// over and finishes with the results of an uninterrupted run.
#[test]
fn kill_during_contention_then_take_over() {
    let common = [
        "--bot",
        "random",
        "--games",
        "25000",
        "--seed",
        "22",
        "--per-game",
        "--threads",
        "1",
    ];
    let reference = unique_dir("resume", "ref-kill");
    let d = unique_dir("resume", "contention");
    let ds = d.to_str().unwrap();
    let mut args = args_for(ds, &common);
    args.extend(["--checkpoint-interval", "0.05"]);
    let holder = spawn(&args);
    let t0 = Instant::now();
    while !d.join("checkpoint.txt").exists() && t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    // The contender: refused while the holder lives, whatever it asks.
    for contender in [
        vec!["run", "--quiet", "--resume", ds],
        args_for(ds, &common),
        args_for(ds, &[&common[..], &["--force"]].concat()),
        vec![
            "compare",
            "core-lore",
            "core-tactics",
            "--games",
            "5",
            "--out",
            ds,
        ],
    ] {
        let o = Command::new(BIN).args(&contender).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        if status_of(&d).as_deref() == Some("complete") {
            break; // the holder finished first: nothing to contend for
        }
        assert_eq!(o.status.code(), Some(2), "{contender:?}: {err}");
        assert!(
            err.contains(&format!("in use by process {}", holder.id())),
            "{contender:?}: {err}"
        );
    }
    let _ = Command::new("kill")
        .args(["-9", &holder.id().to_string()])
        .status();
    let out = holder.wait_with_output().unwrap();
    if out.status.code().is_none() {
        // Killed: the stale lock file names the dead process, and is taken over.
        assert!(d.join(".lotr-sim.lock").exists());
    }
    ok(&["run", "--quiet", "--resume", ds]);
    assert!(!d.join(".lotr-sim.lock").exists());
    assert!(!d.join("games.part").exists());
    ok(&args_for(reference.to_str().unwrap(), &common));
    same_files(&reference, &d);
    let _ = fs::remove_dir_all(&d);
    let _ = fs::remove_dir_all(&reference);
}

/// With stderr not a terminal (a log file, Slurm, CI) a run prints a plain progress line every
/// `--progress-interval` seconds: games done, rate, ETA. (`basic` games: 12,000 `random` ones
/// took less than the interval once the engine got faster.)
#[test]
fn progress_lines_when_stderr_is_not_a_terminal() {
    let d = unique_dir("resume", "progress");
    let o = Command::new(BIN)
        .args([
            "run",
            "--bot",
            "basic",
            "--games",
            "12000",
            "--threads",
            "1",
            "--progress-interval",
            "0.1",
            "--out",
            d.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with("progress: "))
        .unwrap_or_else(|| panic!("no progress line:\n{err}"));
    assert!(
        line.contains(" of 12000 games (") && line.contains("games/s, ETA "),
        "{line}"
    );
    let _ = fs::remove_dir_all(&d);
}
