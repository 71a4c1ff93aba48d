//! End-to-end tests of the `lotr-sim` binary: determinism across thread counts, multiplayer,
//! `trace` agreeing with the batch, `list`, and configuration errors.

mod common;
use common::{lotr, ok, unique_dir};

use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// A bot every build registers (the default `basic` may not exist in every build).
const BOT: &str = "random";

fn run_into(dir: &Path, extra: &[&str]) -> String {
    let d = dir.to_str().unwrap();
    let mut args = vec!["run", "--quiet", "--bot", BOT, "--out", d];
    args.extend_from_slice(extra);
    ok(&args)
}

#[test]
fn thread_count_does_not_change_outputs() {
    let a = unique_dir("cli", "t1");
    let b = unique_dir("cli", "t2");
    let common = ["--games", "2600", "--seed", "42", "--per-game"];
    run_into(&a, &[&common[..], &["--threads", "1"]].concat());
    run_into(&b, &[&common[..], &["--threads", "2"]].concat());
    for f in ["summary.csv", "rounds.csv", "threat.csv", "games.csv"] {
        let x = fs::read(a.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        let y = fs::read(b.join(f)).unwrap();
        assert!(x == y, "{f} differs between --threads 1 and --threads 2");
    }
    let games = fs::read_to_string(a.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 2601);
    let summary = fs::read_to_string(a.join("summary.csv")).unwrap();
    let row = summary.lines().nth(1).unwrap();
    assert!(
        row.starts_with("intruders-in-chetwood,standard,1,core-leadership,random,2600,"),
        "{row}"
    );
    assert!(row.contains(",42,"), "{row}");
    let _ = fs::remove_dir_all(&a);
    let _ = fs::remove_dir_all(&b);
}

#[test]
fn one_and_two_players() {
    let a = unique_dir("cli", "p1");
    let out = run_into(&a, &["--games", "200", "--players", "1"]);
    assert!(out.contains("win rate"), "{out}");
    let b = unique_dir("cli", "p2");
    run_into(
        &b,
        &[
            "--games",
            "200",
            "--players",
            "2",
            "--deck",
            "core-leadership",
            "--deck",
            "core-tactics",
        ],
    );
    let summary = fs::read_to_string(b.join("summary.csv")).unwrap();
    let row = summary.lines().nth(1).unwrap();
    assert!(
        row.starts_with(
            "intruders-in-chetwood,standard,2,core-leadership+core-tactics,random+random,200,"
        ),
        "{row}"
    );
    let threat = fs::read_to_string(b.join("threat.csv")).unwrap();
    assert!(
        threat.lines().any(|l| l.split(',').nth(6) == Some("2")),
        "no seat 2 rows (seats are numbered from 1):\n{threat}"
    );
    let _ = fs::remove_dir_all(&a);
    let _ = fs::remove_dir_all(&b);
}

/// `index -> (outcome, rounds, rounds_completed, final threat of the seats joined with `+`,
/// score)` from games.csv (one scenario × mode).
fn games_rows(path: &Path) -> HashMap<String, Vec<String>> {
    let text = fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "scenario,mode,index,outcome,rounds,rounds_completed,final_threat_1,final_threat_2,final_threat_3,final_threat_4,score"
    );
    lines
        .map(|l| {
            let f: Vec<String> = l.split(',').map(String::from).collect();
            assert_eq!(f.len(), 11, "{l}");
            let threat: Vec<&str> = f[6..10]
                .iter()
                .map(String::as_str)
                .filter(|t| !t.is_empty())
                .collect();
            (
                f[2].clone(),
                vec![
                    f[3].clone(),
                    f[4].clone(),
                    f[5].clone(),
                    threat.join("+"),
                    f[10].clone(),
                ],
            )
        })
        .collect()
}

#[test]
fn trace_matches_batch() {
    let d = unique_dir("cli", "trace");
    run_into(
        &d,
        &[
            "--games",
            "60",
            "--seed",
            "5",
            "--per-game",
            "--threads",
            "2",
        ],
    );
    let rows = games_rows(&d.join("games.csv"));
    assert_eq!(rows.len(), 60);
    for i in [0u64, 7, 23, 59] {
        let idx = i.to_string();
        let out = ok(&["trace", "--bot", BOT, "--seed", "5", "--game", &idx]);
        let line = out
            .lines()
            .find(|l| l.starts_with("result: "))
            .unwrap_or_else(|| panic!("no result line:\n{out}"));
        let kv: HashMap<&str, &str> = line["result: ".len()..]
            .split(' ')
            .filter_map(|p| p.split_once('='))
            .collect();
        let row = &rows[&idx];
        assert_eq!(kv["index"], idx);
        assert_eq!(kv["outcome"], row[0], "game {i}: {line}");
        assert_eq!(kv["rounds"], row[1], "game {i}: {line}");
        assert_eq!(kv["rounds_completed"], row[2], "game {i}: {line}");
        assert_eq!(kv["final_threat"], row[3], "game {i}: {line}");
        assert_eq!(kv["score"], row[4], "game {i}: {line}");
    }
    let _ = fs::remove_dir_all(&d);
}

#[test]
fn list_subcommands() {
    let s = ok(&["list", "scenarios"]);
    assert!(
        s.contains("intruders-in-chetwood") && s.contains("standard"),
        "{s}"
    );
    let d = ok(&["list", "decks"]);
    assert!(d.contains("core-leadership"), "{d}");
    let b = ok(&["list", "bots"]);
    assert!(b.contains(BOT), "{b}");
    let c = ok(&["list", "cards"]);
    assert!(c.lines().last().unwrap().starts_with("total "), "{c}");
    let c = ok(&["list", "cards", "--scenario", "intruders-in-chetwood"]);
    let last = c.lines().last().unwrap();
    assert!(
        last.starts_with("total ") && last.contains("missing"),
        "{last}"
    );
    assert!(c.lines().count() > 5, "{c}");
}

/// Runs a bad configuration: must fail with status 2, mention `hint`, and write nothing.
fn rejects(extra: &[&str], hint: &str) {
    let d = unique_dir("cli", "bad");
    let ds = d.to_str().unwrap();
    let mut args = vec!["run", "--quiet", "--games", "10", "--out", ds];
    args.extend_from_slice(extra);
    let o = lotr(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains(hint),
        "{args:?}: stderr lacks `{hint}`:\n{err}"
    );
    assert!(!d.exists(), "{args:?} created {}", d.display());
}

#[test]
fn bad_configurations_are_rejected() {
    rejects(
        &["--scenario", "no-such-quest", "--bot", BOT],
        "intruders-in-chetwood",
    );
    rejects(&["--mode", "heroic", "--bot", BOT], "nightmare");
    rejects(&["--bot", "no-such-bot"], BOT);
    rejects(&["--bot", BOT, "--games", "0"], "--games");
    rejects(&["--bot", BOT, "--players", "2"], "--deck");
    rejects(&["--bot", BOT, "--deck", "no-such-deck"], "core-leadership");
    rejects(&["--bot", BOT, "--max-rounds", "0"], "--max-rounds");
    rejects(
        &["--deck", "core-leadership", "--deck", "core-leadership"],
        "heroes are unique",
    );
    rejects(&["--rule", "no_such_rule=1"], "list rules");
    rejects(&["--rule", "first_player=9"], "first_player");
    // clap usage errors exit 2 as well
    let o = lotr(&["run", "--games", "many"]);
    assert_eq!(o.status.code(), Some(2));
    let o = lotr(&["list", "everything"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn closed_stdout_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_lotr-sim"))
        .args(["list", "cards"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take()); // like `| head`
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(status.code(), Some(0), "{err}");
}

/// A search bot with options: threads 1 and 2 give identical files, the spec is in the `bots`
/// column (canonical spelling, quoted), and `trace` replays each game of the batch.
#[test]
fn lookahead_batch_is_deterministic_and_traces() {
    let spec = "lookahead:width=2,rollouts=1";
    let canon = "lookahead:rollouts=1,width=2";
    let a = unique_dir("cli", "la1");
    let b = unique_dir("cli", "la2");
    for (dir, threads) in [(&a, "1"), (&b, "2")] {
        let d = dir.to_str().unwrap();
        ok(&[
            "run",
            "--quiet",
            "--bot",
            spec,
            "--out",
            d,
            "--games",
            "12",
            "--seed",
            "8",
            "--per-game",
            "--threads",
            threads,
            "--mode",
            "easy",
        ]);
    }
    for f in ["summary.csv", "games.csv"] {
        let x = fs::read(a.join(f)).unwrap();
        let y = fs::read(b.join(f)).unwrap();
        assert!(x == y, "{f} differs between --threads 1 and --threads 2");
    }
    let summary = fs::read_to_string(a.join("summary.csv")).unwrap();
    assert!(summary.contains(&format!("\"{canon}\"")), "{summary}");
    let rows = games_rows(&a.join("games.csv"));
    for i in [0u64, 5, 11] {
        let idx = i.to_string();
        let out = ok(&[
            "trace", "--bot", spec, "--seed", "8", "--game", &idx, "--mode", "easy",
        ]);
        let line = out.lines().find(|l| l.starts_with("result: ")).unwrap();
        let kv: HashMap<&str, &str> = line["result: ".len()..]
            .split(' ')
            .filter_map(|p| p.split_once('='))
            .collect();
        assert_eq!(kv["outcome"], rows[&idx][0], "game {i}: {line}");
        assert_eq!(kv["rounds"], rows[&idx][1], "game {i}: {line}");
        assert_eq!(kv["score"], rows[&idx][4], "game {i}: {line}");
    }
    let l = ok(&["list", "bots"]);
    assert!(
        l.contains("lookahead") && l.contains("rollouts=") && l.contains("depth="),
        "{l}"
    );
    let _ = fs::remove_dir_all(&a);
    let _ = fs::remove_dir_all(&b);
}

/// CSV schema 2 (README *Output files*): `games.csv` always leads with `scenario,mode`, one
/// typed final-threat column per seat (empty for absent seats); seats from 1 in `threat.csv`;
/// `rounds.csv` has every round from 1 to the cap; `summary.csv` ends with `schema_version`;
/// no `games.part` is left after a finished run, and resuming the finished run keeps its rows.
#[test]
fn csv_schema_and_no_leftovers() {
    let d = unique_dir("cli", "schema");
    run_into(
        &d,
        &[
            "--games",
            "300",
            "--per-game",
            "--players",
            "3",
            "--deck",
            "core-lore",
            "--deck",
            "core-tactics",
            "--deck",
            "core-spirit",
            "--max-rounds",
            "25",
        ],
    );
    let read = |f: &str| fs::read_to_string(d.join(f)).unwrap();
    let games = read("games.csv");
    let mut lines = games.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(&header[..3], ["scenario", "mode", "index"]);
    let t4 = header.iter().position(|h| *h == "final_threat_4").unwrap();
    for l in lines {
        let f: Vec<&str> = l.split(',').collect();
        assert_eq!(f.len(), header.len(), "{l}");
        assert!(f[t4 - 3..t4].iter().all(|t| t.parse::<u8>().is_ok()), "{l}");
        assert_eq!(f[t4], "", "seat 4 is absent: {l}");
    }
    let threat = read("threat.csv");
    let seats: std::collections::BTreeSet<&str> = threat
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(6).unwrap())
        .collect();
    assert_eq!(seats.into_iter().collect::<Vec<_>>(), ["1", "2", "3"]);
    let rounds = read("rounds.csv");
    let nums: Vec<usize> = rounds
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap().parse().unwrap())
        .collect();
    assert_eq!(nums, (1..=25).collect::<Vec<_>>(), "{rounds}");
    let summary = read("summary.csv");
    assert!(summary.lines().next().unwrap().ends_with(",schema_version"));
    assert!(summary.lines().nth(1).unwrap().ends_with(",2"));
    assert!(!d.join("games.part").exists(), "games.part left behind");
    let before = fs::read(d.join("games.csv")).unwrap();
    fs::remove_file(d.join("summary.csv")).unwrap();
    ok(&["run", "--quiet", "--resume", d.to_str().unwrap()]);
    assert_eq!(fs::read(d.join("games.csv")).unwrap(), before);
    assert_eq!(read("summary.csv"), summary);
    let _ = fs::remove_dir_all(&d);
}

/// `trace --explain` adds the search's account (lines starting `    ? `) and plays the same game.
#[test]
fn trace_explain_adds_the_search_account_only() {
    let args = [
        "trace",
        "--bot",
        "lookahead:rollouts=2,plan_rollouts=4",
        "--seed",
        "4",
        "--game",
        "2",
    ];
    let plain = ok(&args);
    let mut with = args.to_vec();
    with.push("--explain");
    let explained = ok(&with);
    let rest: Vec<&str> = explained
        .lines()
        .filter(|l| !l.starts_with("    ? "))
        .collect();
    assert_eq!(rest, plain.lines().collect::<Vec<_>>());
    assert!(explained.contains("    ? lookahead ["), "{explained}");
    assert!(!plain.contains("    ? "));
}
