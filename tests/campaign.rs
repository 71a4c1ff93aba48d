//! `lotr-sim campaign`: byte-identical reports for any thread count, a hand-written campaign
//! log resumed from scenario 2 and from scenario 4, bad logs (exit 2, file and line), and the
//! trace of one campaign.

mod common;
use common::{lotr, ok, unique_dir};

use std::fs;

const FILES: [&str; 3] = [
    "campaign.csv",
    "campaign_scenarios.csv",
    "campaign_games.csv",
];

fn run(dir: &std::path::Path, extra: &[&str]) -> Vec<String> {
    let d = dir.to_str().unwrap();
    let mut args = vec![
        "campaign",
        "--games",
        "24",
        "--seed",
        "7",
        "--retries",
        "2",
        "--per-game",
        "--out",
        d,
    ];
    args.extend_from_slice(extra);
    ok(&args);
    FILES
        .iter()
        .map(|f| fs::read_to_string(dir.join(f)).unwrap())
        .collect()
}

/// A fresh folder named after `name` holding `log.txt` with `text`; returns (folder, log).
fn log_file(name: &str, text: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = unique_dir("campaign", name);
    fs::create_dir_all(&dir).unwrap();
    let log = dir.join("log.txt");
    fs::write(&log, text).unwrap();
    (dir, log)
}

#[test]
fn campaigns_are_identical_for_any_thread_count() {
    let a = unique_dir("campaign", "t1");
    let b = unique_dir("campaign", "t2");
    let one = run(&a, &["--threads", "1"]);
    let two = run(&b, &["--threads", "2"]);
    assert_eq!(one, two);
    // Campaign rows are in index order and every campaign played scenario 1.
    let games: Vec<&str> = one[2].lines().skip(1).collect();
    assert_eq!(games.len(), 24);
    assert!(games
        .iter()
        .enumerate()
        .all(|(i, l)| l.starts_with(&format!("{i},1,"))));
    // The scenario table says how far campaigns go today.
    assert!(one[1]
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("1,intruders-in-chetwood,1,24,"));
    let _ = fs::remove_dir_all(a);
    let _ = fs::remove_dir_all(b);
}

const LOG_AT_2: &str = "\
lotr-sim campaign log 1
next 2
heroes 1: Aragorn, Théodred, Glóin
threat_penalty 2
pool Protect the Innocent
protect_the_innocent 4
score 1 120
";

#[test]
fn a_hand_written_log_resumes_from_scenario_2() {
    let (dir, log) = log_file("log2", LOG_AT_2);
    let out = dir.join("out");
    let csv = run(&out, &["--campaign-log", log.to_str().unwrap()]);
    let games: Vec<&str> = csv[2].lines().skip(1).collect();
    // Every campaign starts at scenario 2 and never plays scenario 1.
    assert!(games.iter().all(|l| l.split(',').nth(1) == Some("2")));
    assert!(games.iter().all(|l| l.split(',').nth(8) == Some("0")));
    // The trace of one campaign shows the log at work: Protect the Innocent with its 4
    // damage, the threat penalty on the starting threat.
    let t = ok(&[
        "campaign",
        "--seed",
        "7",
        "--retries",
        "0",
        "--trace",
        "0",
        "--campaign-log",
        log.to_str().unwrap(),
    ]);
    assert!(
        t.contains("Protect the Innocent to the staging area (4 damage)"),
        "{t}"
    );
    assert!(t.contains("starting threat +2"), "{t}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_hand_written_log_resumes_from_scenario_4() {
    let (dir, log) = log_file(
        "log4",
        "lotr-sim campaign log 1\nnext 4\nheroes 1: Aragorn, Théodred, Glóin\n\
         pool Arnor Ravaged\npool Hardy on Aragorn\nprotect_the_innocent 3\nthreat_reduction 2\n",
    );
    let t = ok(&[
        "campaign",
        "--mode",
        "easy",
        "--retries",
        "0",
        "--trace",
        "1",
        "--campaign-log",
        log.to_str().unwrap(),
    ]);
    assert!(t.contains("scenario 4 (the-wastes-of-eriador)"), "{t}");
    assert!(
        t.contains("Arnor Ravaged to the staging area (3 damage)"),
        "{t}"
    );
    assert!(t.contains("Hardy attached to Aragorn"), "{t}");
    assert!(t.contains("adds Determination to his hand"), "{t}");
    assert!(t.contains("starting threat -2"), "{t}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_bad_log_is_a_usage_error_with_file_and_line() {
    let (dir, log) = log_file("bad", "lotr-sim campaign log 1\nheroes 1: Aragron\n");
    let o = lotr(&[
        "campaign",
        "--campaign-log",
        log.to_str().unwrap(),
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("log.txt:2:") && err.contains("Aragron"),
        "{err}"
    );
    assert!(!dir.join("o").exists(), "no output folder on bad input");
    // A folder instead of a file, and --from out of range.
    let o = lotr(&["campaign", "--campaign-log", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = lotr(&["campaign", "--from", "wibble"]);
    assert_eq!(o.status.code(), Some(2));
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn sideboard_heroes_are_the_reserve() {
    let db = lotr_sim::data::load_embedded().unwrap();
    let dir = unique_dir("campaign", "reserve");
    fs::create_dir_all(&dir).unwrap();
    let deck = dir.join("deck.txt");
    let base = include_str!("../decks/core-tactics.txt");
    fs::write(
        &deck,
        format!("{base}\nSideboard\n1x Éowyn (Core Set)\n1x Dúnhere (Core Set)\n"),
    )
    .unwrap();
    let r = lotr_sim::deck::reserve_heroes(deck.to_str().unwrap(), &db);
    let titles: Vec<&str> = r.iter().map(|&d| db.def(d).title.as_str()).collect();
    assert_eq!(titles, ["Éowyn", "Dúnhere"]);
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_hand_written_log_resumes_from_scenario_7_with_burdens_and_rule_options() {
    let (dir, log) = log_file(
        "log7",
        "lotr-sim campaign log 1\nnext 7\nheroes 1: Aragorn, Théodred, Glóin\n\
         pool Losing Time\npool Losing Time\npool Thaurdir's Legacy\nthreat_penalty 1\n",
    );
    let trace = |extra: &[&str]| {
        let mut args = vec![
            "campaign",
            "--mode",
            "easy",
            "--retries",
            "0",
            "--trace",
            "0",
            "--campaign-log",
            log.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let t = trace(&[]);
    assert!(t.contains("scenario 7 (the-treachery-of-rhudaur)"), "{t}");
    // Pool Losing Times go into the encounter deck; Thaurdir (set aside at the start of The
    // Treachery of Rhudaur) gets his burden later, meanwhile it waits on the campaign card.
    assert_eq!(
        t.matches("Losing Time shuffled into the encounter deck")
            .count(),
        2,
        "{t}"
    );
    assert!(t.contains("Thaurdir's Legacy waits for Thaurdir"), "{t}");
    assert!(t.contains("starting threat +1"), "{t}");
    // Rule options change that: no burden shuffled in, each player's own penalty (none).
    let t = trace(&[
        "--rule",
        "pool_burdens_shuffled_in=false",
        "--rule",
        "threat_penalty_shared=false",
    ]);
    assert!(!t.contains("shuffled into the encounter deck"), "{t}");
    assert!(!t.contains("starting threat +1"), "{t}");
    let _ = fs::remove_dir_all(dir);
}

/// The reports and the sorted records of a finished campaign folder.
fn results(dir: &std::path::Path) -> Vec<String> {
    FILES
        .iter()
        .chain(["campaign_records.txt"].iter())
        .map(|f| fs::read_to_string(dir.join(f)).unwrap())
        .collect()
}

#[test]
fn campaign_shards_merge_byte_identical_to_one_run() {
    let full = unique_dir("campaign", "full");
    run(&full, &["--threads", "2"]);
    let want = results(&full);
    for (n, threads) in [(2u32, "1"), (3, "2")] {
        let shards: Vec<std::path::PathBuf> = (0..n)
            .map(|k| {
                let d = unique_dir("campaign", &format!("shard{k}of{n}"));
                let s = format!("{k}/{n}");
                let t = ok(&[
                    "campaign",
                    "--games",
                    "24",
                    "--seed",
                    "7",
                    "--retries",
                    "2",
                    "--per-game",
                    "--shard",
                    &s,
                    "--threads",
                    threads,
                    "--out",
                    d.to_str().unwrap(),
                ]);
                assert!(t.contains(&format!("campaign shard {s} done")), "{t}");
                // A shard writes no reports of its own.
                assert!(!d.join("campaign.csv").exists());
                d
            })
            .collect();
        let merged = unique_dir("campaign", "merged");
        // Any order of the shard folders.
        let mut args = vec!["merge", "--out", merged.to_str().unwrap(), "--quiet"];
        args.extend(shards.iter().rev().map(|d| d.to_str().unwrap()));
        ok(&args);
        assert_eq!(results(&merged), want, "{n} shards");
        // A merge needs every shard.
        let o = lotr(&[
            "merge",
            "--out",
            unique_dir("campaign", "part").to_str().unwrap(),
            shards[0].to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("missing"));
        for d in shards.iter().chain([&merged]) {
            let _ = fs::remove_dir_all(d);
        }
    }
    let _ = fs::remove_dir_all(full);
}

#[test]
fn a_stopped_campaign_run_resumes_byte_identical() {
    let full = unique_dir("campaign", "whole");
    run(&full, &["--threads", "1"]);
    let want = results(&full);
    let dir = unique_dir("campaign", "stopped");
    let d = dir.to_str().unwrap();
    let base = [
        "campaign",
        "--games",
        "24",
        "--seed",
        "7",
        "--retries",
        "2",
        "--per-game",
        "--out",
        d,
        "--threads",
        "2",
    ];
    // Stopped twice (as if by Ctrl-C), resumed with other thread counts.
    let mut args = base.to_vec();
    args.extend(["--stop-after", "5"]);
    let o = lotr(&args);
    assert_eq!(o.status.code(), Some(130));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(err.contains("--resume"), "{err}");
    assert!(!dir.join("campaign.csv").exists());
    // The folder is not taken for a new run by mistake.
    let o = lotr(&base);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unfinished"));
    // Nor merged before it is finished.
    let o = lotr(&[
        "merge",
        "--out",
        unique_dir("campaign", "nomerge").to_str().unwrap(),
        d,
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = lotr(&[
        "campaign",
        "--resume",
        d,
        "--threads",
        "1",
        "--stop-after",
        "4",
    ]);
    assert_eq!(o.status.code(), Some(130));
    ok(&["campaign", "--resume", d, "--threads", "2", "--quiet"]);
    assert_eq!(results(&dir), want);
    // Nothing left to resume; run options cannot be given again.
    assert_eq!(lotr(&["campaign", "--resume", d]).status.code(), Some(2));
    assert_eq!(
        lotr(&["campaign", "--resume", d, "--seed", "8"])
            .status
            .code(),
        Some(2)
    );
    let _ = fs::remove_dir_all(full);
    let _ = fs::remove_dir_all(dir);
}
