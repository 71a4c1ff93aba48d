//! The bad-input catalogue: every case must fail with a non-zero status, a message that says
//! what is wrong (file and line where relevant) and what to do, and leave no partial output
//! (a new output folder is not created; an existing one is left exactly as it was).

mod common;
use common::{lotr, unique_dir, within, BIN};

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use lotr_sim::checkpoint::{Checkpoint, ComboState};

/// Every file under `d` with its bytes (empty when `d` does not exist).
fn snapshot(d: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut m = BTreeMap::new();
    if let Ok(rd) = fs::read_dir(d) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                m.extend(snapshot(&p));
            } else {
                m.insert(p.clone(), fs::read(&p).unwrap_or_default());
            }
        }
    }
    m
}

/// Run `args`; it must fail (status 2 unless `code` says otherwise), its stderr must contain
/// every `hints` entry, and `watch` (folders) must be unchanged.
fn check(case: &str, args: &[&str], hints: &[&str], watch: &[&Path]) -> String {
    let before: Vec<_> = watch.iter().map(|d| (d.exists(), snapshot(d))).collect();
    let o = lotr(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        !o.status.success(),
        "{case}: {args:?} succeeded:\n{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert_eq!(o.status.code(), Some(2), "{case}: {args:?}: {err}");
    assert!(!err.contains("panicked"), "{case}: {err}");
    for h in hints {
        assert!(
            err.contains(h),
            "{case}: {args:?}: stderr lacks `{h}`:\n{err}"
        );
    }
    for (d, (existed, snap)) in watch.iter().zip(before) {
        assert_eq!(
            d.exists(),
            existed,
            "{case}: {} created or removed",
            d.display()
        );
        assert_eq!(snapshot(d), snap, "{case}: {} changed", d.display());
    }
    err
}

/// `run --quiet --games 10 --bot random --out <fresh dir>` plus `extra`; must fail and must not
/// create the folder.
fn run_rejects(case: &str, extra: &[&str], hints: &[&str]) {
    let d = unique_dir("bad", "run");
    let ds = d.to_str().unwrap().to_string();
    let mut args = vec!["run", "--quiet", "--out", &ds];
    if !extra.contains(&"--games") {
        args.extend(["--games", "10"]);
    }
    args.extend_from_slice(extra);
    check(case, &args, hints, &[&d]);
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    fs::create_dir_all(dir).unwrap();
    let p = dir.join(name);
    fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

fn ok(args: &[&str]) {
    let o = lotr(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A finished run of 40 games with seed `seed` in a fresh folder.
fn finished_run(seed: &str, extra: &[&str]) -> PathBuf {
    let d = unique_dir("bad", "done");
    let ds = d.to_str().unwrap();
    let mut args = vec![
        "run", "--quiet", "--games", "40", "--bot", "random", "--seed", seed, "--out", ds,
    ];
    args.extend_from_slice(extra);
    ok(&args);
    d
}

/// Turn a finished run's checkpoint into an unfinished one (no games played).
fn make_unfinished(d: &Path) {
    let mut c = Checkpoint::read(d).unwrap().unwrap();
    c.complete = false;
    for s in &mut c.combos {
        *s = ComboState::default();
    }
    c.write(d).unwrap();
    for f in ["summary.csv", "rounds.csv", "threat.csv"] {
        let _ = fs::remove_file(d.join(f));
    }
}

#[test]
fn configuration_errors() {
    run_rejects(
        "unknown scenario",
        &["--scenario", "intruders"],
        &[
            "unknown scenario `intruders`",
            "did you mean `intruders-in-chetwood`",
        ],
    );
    run_rejects(
        "unknown mode",
        &["--mode", "standart"],
        &[
            "unknown mode `standart`",
            "did you mean `standard`",
            "easy, standard, nightmare",
        ],
    );
    run_rejects(
        "unknown mode in a list",
        &["--mode", "easy,hard"],
        &["unknown mode `hard`", "valid modes"],
    );
    run_rejects(
        "scenario named twice",
        &["--scenario", "intruders-in-chetwood,intruders-in-chetwood"],
        &["names `intruders-in-chetwood` twice"],
    );
    run_rejects("empty list entry", &["--mode", "easy,"], &["empty name"]);
    run_rejects(
        "mode the scenario lacks",
        &["--scenario", "wrath-and-ruin", "--mode", "nightmare"],
        &[
            "`wrath-and-ruin` has no nightmare mode",
            "available: easy, standard",
        ],
    );
    run_rejects(
        "unknown bot",
        &["--bot", "basik"],
        &["unknown bot `basik`", "did you mean `basic`", "valid bots"],
    );
    run_rejects(
        "unknown bot option",
        &["--bot", "lookahead:fast=1"],
        &[
            "bot `lookahead` has no option `fast`",
            "rollouts, depth, width",
            "list bots",
        ],
    );
    run_rejects(
        "bad bot option value",
        &["--bot", "lookahead:rollouts=0"],
        &["option `rollouts` takes a whole number 1 to 1000, not `0`"],
    );
    run_rejects(
        "bot option without a value",
        &["--bot", "lookahead:rollouts"],
        &["must be written KEY=VALUE", "rollouts (default"],
    );
    run_rejects(
        "option of a bot that takes none",
        &["--bot", "random:speed=2"],
        &["bot `random` has no option `speed`"],
    );
    run_rejects(
        "too many bots",
        &["--bot", "random", "--bot", "random"],
        &["2 --bot given for 1 player", "once for every seat"],
    );
    run_rejects(
        "zero games",
        &["--games", "0"],
        &["--games", "give a whole number from 1 to 1000000000000000"],
    );
    run_rejects(
        "zero threads",
        &["--threads", "0"],
        &["--threads", "give a whole number from 1 to 1024"],
    );
    run_rejects(
        "bad checkpoint interval",
        &["--checkpoint-interval", "nan"],
        &[
            "--checkpoint-interval",
            "a number of seconds from 0 to 86400",
        ],
    );
    run_rejects(
        "shard index too high",
        &["--shard", "4/4"],
        &["shard 4 does not exist", "0 to 3", "--shard 0/4"],
    );
    run_rejects("zero shards", &["--shard", "0/0"], &["0 shards"]);
    run_rejects("shard not K/N", &["--shard", "two"], &["is not K/N"]);
    run_rejects(
        "more shards than games",
        &["--shard", "0/20"],
        &["20 shards of 10 games", "at most 10 shards"],
    );
    run_rejects(
        "players without decks",
        &["--players", "2"],
        &[
            "--players 2 needs 2 decks",
            "--deck core-leadership --deck core-tactics",
        ],
    );
    run_rejects(
        "players out of range",
        &["--players", "5"],
        &["--players", "give a whole number from 1 to 4"],
    );
    run_rejects(
        "too many players",
        &[
            "--deck",
            "core-leadership",
            "--deck",
            "core-tactics",
            "--deck",
            "core-spirit",
            "--deck",
            "core-lore",
            "--deck",
            "core-lore",
        ],
        &["at most 4 players, but 5 --deck given"],
    );
    run_rejects(
        "same heroes twice",
        &["--deck", "core-leadership", "--deck", "core-leadership"],
        &["heroes are unique"],
    );
    run_rejects(
        "round cap 0",
        &["--max-rounds", "0"],
        &["--max-rounds", "give a whole number from 1 to 64"],
    );
    run_rejects(
        "unknown rule",
        &["--rule", "no_such_rule=1"],
        &["list rules"],
    );
    run_rejects(
        "rule without value",
        &["--rule", "first_player"],
        &["NAME=VALUE"],
    );
}

#[test]
fn clap_level_errors() {
    let d = unique_dir("bad", "clap");
    let ds = d.to_str().unwrap();
    check(
        "resume with --out",
        &["run", "--resume", ds, "--out", ds],
        &["cannot be used with"],
        &[&d],
    );
    check(
        "resume with --force",
        &["run", "--resume", ds, "--force"],
        &["cannot be used with"],
        &[&d],
    );
    check(
        "games not a number",
        &["run", "--games", "many", "--out", ds],
        &["invalid value"],
        &[&d],
    );
    check("merge without --out", &["merge", ds], &["--out"], &[&d]);
    check(
        "trace of a sweep",
        &["trace", "--scenario", "all"],
        &["plays one scenario in one mode"],
        &[],
    );
}

#[test]
fn bad_deck_files() {
    let dir = unique_dir("bad", "decks");
    let lore = include_str!("../decks/core-lore.o8d");
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        ("missing file", dir.join("nope.txt").to_str().unwrap().to_string(), vec!["nope.txt", "no such file, and not a built-in deck", "core-leadership"]),
        ("binary file", write(&dir, "bin.o8d", b"\x00\x01\xff\xfe"), vec!["bin.o8d", "not a text file"]),
        ("control characters", write(&dir, "ctl.txt", b"Hero\n1x Gimli\x07\n"), vec!["ctl.txt", "binary data"]),
        ("truncated o8d", write(&dir, "cut.o8d", &lore.as_bytes()[..300]), vec!["cut.o8d:5:", "without `</card>`"]),
        ("o8d unknown card id", write(&dir, "unk.o8d", lore.replace("51223bd0-ffd1-11df-a976-0801200c9010", "51223bd0-ffd1-11df-a976-0801200c9999").as_bytes()), vec!["unk.o8d:4:", "unknown OCTGN card id", "did you mean"]),
        ("o8d bad quantity", write(&dir, "qty.o8d", b"<?xml version=\"1.0\"?>\n<deck>\n<section name=\"Hero\">\n<card qty=\"one\" id=\"51223bd0-ffd1-11df-a976-0801200c9011\">Glorfindel</card>\n</section></deck>\n"), vec!["qty.o8d:4:", "bad quantity `one`", "1 to 50"]),
        ("text unknown card", write(&dir, "unk.txt", b"Hero (1)\n1x Aragorn (Core Set)\n1x Frobnicator\n"), vec!["unk.txt:3:", "unknown card `Frobnicator`", "did you mean"]),
        ("text empty file", write(&dir, "empty.txt", b""), vec!["empty.txt", "no cards found", "3x Guard of the Citadel"]),
        ("text heroes only", write(&dir, "heroes.txt", b"Hero (3)\n1x Gimli (Core Set)\n1x Legolas (Core Set)\n1x Thalin (Core Set)\n"), vec!["heroes", "no cards to draw"]),
        ("text four copies", write(&dir, "four.txt", b"1x Gimli (Core Set)\n4x Gondorian Spearman (Core Set)\n"), vec!["deck `four`", "4 copies of Gondorian Spearman", "at most 3"]),
    ];
    // JSON deck lists (RingsDB): broken syntax and an unknown card code. The messages are
    // checked for the file name only, so the cases hold before and after JSON import.
    let json_cases: Vec<(&str, String, Vec<&str>)> = vec![
        ("json syntax error", write(&dir, "broken.json", b"{\n  \"heroes\": {\"01001\": 1},\n  \"slots\": {\n    \"01013\": 3\n    \"01016\": 3\n  }\n}\n"), vec!["broken.json"]),
        ("json unknown code", write(&dir, "code.json", b"{\"heroes\": {\"01001\": 1}, \"slots\": {\"01001\": 1, \"99999\": 3}}\n"), vec!["code.json"]),
        ("json truncated", write(&dir, "cut.json", b"{\"heroes\": {\"01001\": 1}, \"slots\": {\"010"), vec!["cut.json"]),
    ];
    // The Burglar's Turn's loot deck (tests/fixtures/decks): missing, short, not all Item or
    // Artifact attachments, twice the same card; attachments in the deck itself.
    let fx = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/decks/");
    let loot_cases: Vec<(&str, String, Vec<&str>)> = vec![
        (
            "loot deck missing",
            format!("{fx}bad-burglar-no-loot.txt"),
            vec![
                "bad-burglar-no-loot.txt:9:",
                "needs a loot deck",
                "`Loot deck`",
            ],
        ),
        (
            "loot deck of 13",
            format!("{fx}bad-burglar-13.json"),
            vec![
                "bad-burglar-13.json:36:",
                "13 card(s)",
                "exactly 14",
                "`sideslots`",
            ],
        ),
        (
            "loot deck duplicate",
            format!("{fx}bad-burglar-duplicate.txt"),
            vec!["bad-burglar-duplicate.txt:49:", "listed twice", "different"],
        ),
        (
            "loot deck non-item",
            format!("{fx}bad-burglar-not-item.txt"),
            vec![
                "bad-burglar-not-item.txt:49:",
                "Steward of Gondor",
                "Item or Artifact",
            ],
        ),
        (
            "loot deck ally",
            format!("{fx}bad-burglar-ally.txt"),
            vec!["bad-burglar-ally.txt:49:", "Gandalf", "not an attachment"],
        ),
        (
            "attachments with the contract",
            format!("{fx}bad-burglar-attachment-in-deck.txt"),
            vec![
                "deck `bad-burglar-attachment-in-deck`",
                "2 attachment(s)",
                "The Burglar's Turn",
                "loot deck",
            ],
        ),
    ];
    let cases: Vec<_> = cases
        .into_iter()
        .chain(json_cases)
        .chain(loot_cases)
        .collect();
    for (case, path, hints) in cases {
        run_rejects(case, &["--deck", &path], &hints);
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn output_folder_errors() {
    // A file where the folder should be.
    let base = unique_dir("bad", "outs");
    let file = write(&base, "a-file", b"x");
    let fp = PathBuf::from(&file);
    check(
        "output folder is a file",
        &[
            "run", "--quiet", "--games", "10", "--bot", "random", "--out", &file,
        ],
        &["is a file, not a folder", "another --out"],
        &[&fp],
    );
    // Not writable: below a regular file (holds even for root).
    let under = format!("{file}/sub");
    check(
        "output folder not writable",
        &[
            "run", "--quiet", "--games", "10", "--bot", "random", "--out", &under,
        ],
        &["cannot create output folder", "another --out"],
        &[&fp],
    );
    // Another run's results.
    let d = finished_run("1", &[]);
    let ds = d.to_str().unwrap();
    check(
        "folder holds another run",
        &[
            "run", "--quiet", "--games", "40", "--bot", "random", "--seed", "2", "--out", ds,
        ],
        &["holds the results of another run", "seed 1 vs 2", "--force"],
        &[&d],
    );
    // Results without a checkpoint.
    let plain = unique_dir("bad", "plain");
    write(&plain, "summary.csv", b"scenario\n");
    let ps = plain.to_str().unwrap();
    check(
        "folder holds results without checkpoint",
        &[
            "run", "--quiet", "--games", "10", "--bot", "random", "--out", ps,
        ],
        &["holds results (summary.csv)", "--force"],
        &[&plain],
    );
    // An unfinished run of the same configuration, without --resume.
    let u = finished_run("3", &[]);
    make_unfinished(&u);
    let us = u.to_str().unwrap();
    check(
        "unfinished run without --resume",
        &[
            "run", "--quiet", "--games", "40", "--bot", "random", "--seed", "3", "--out", us,
        ],
        &[
            "unfinished run",
            "0 of 40 games",
            &format!("lotr-sim run --resume {us}"),
        ],
        &[&u],
    );
    // Corrupt checkpoint: a fresh run refuses the folder, resume refuses the checkpoint.
    let c = finished_run("4", &[]);
    let cs = c.to_str().unwrap();
    let text = fs::read_to_string(c.join("checkpoint.txt")).unwrap();
    fs::write(c.join("checkpoint.txt"), text.replace("seed 4", "seed 5")).unwrap();
    check(
        "corrupt checkpoint (fresh run)",
        &[
            "run", "--quiet", "--games", "40", "--bot", "random", "--seed", "4", "--out", cs,
        ],
        &["corrupt checkpoint", "checksum mismatch", "--force"],
        &[&c],
    );
    check(
        "corrupt checkpoint (resume)",
        &["run", "--resume", cs],
        &[
            "checkpoint.txt: corrupt checkpoint",
            "checksum mismatch",
            "cannot be resumed",
        ],
        &[&c],
    );
    fs::write(c.join("checkpoint.txt"), &text[..text.len() / 2]).unwrap();
    check(
        "truncated checkpoint (resume)",
        &["run", "--resume", cs],
        &["corrupt checkpoint", "cut short"],
        &[&c],
    );
    fs::write(c.join("checkpoint.txt"), b"\xff\xfe\x00garbage").unwrap();
    check(
        "binary checkpoint (resume)",
        &["run", "--resume", cs],
        &["corrupt checkpoint", "not text"],
        &[&c],
    );
    // Resume of a folder without checkpoint; resume with options of another run.
    check(
        "resume without checkpoint",
        &["run", "--resume", ps],
        &["nothing to resume", "no checkpoint.txt"],
        &[&plain],
    );
    let r = finished_run("6", &[]);
    make_unfinished(&r);
    let rs = r.to_str().unwrap();
    check(
        "resume with another seed",
        &["run", "--resume", rs, "--seed", "7"],
        &[
            "is for a different run",
            "seed 6 vs 7",
            "drop those options",
        ],
        &[&r],
    );
    check(
        "resume with another game count",
        &["run", "--resume", rs, "--games", "41"],
        &["is for a different run", "games 40 vs 41"],
        &[&r],
    );
    // A deck file edited after the run started.
    let decks = unique_dir("bad", "editdeck");
    let tactics = include_str!("../decks/core-tactics.txt");
    let deck = write(&decks, "mine.txt", tactics.as_bytes());
    let e = finished_run("8", &["--deck", &deck]);
    make_unfinished(&e);
    write(
        &decks,
        "mine.txt",
        tactics
            .replace("2x Blade of Gondolin", "1x Blade of Gondolin")
            .as_bytes(),
    );
    let es = e.to_str().unwrap();
    check(
        "resume after the deck file changed",
        &["run", "--resume", es],
        &[
            "cannot resume",
            "deck contents (a deck file changed)",
            "--force",
        ],
        &[&e],
    );
    for d in [&base, &d, &plain, &u, &c, &r, &decks, &e] {
        let _ = fs::remove_dir_all(d);
    }
}

fn shard(seed: &str, k: &str, extra: &[&str]) -> PathBuf {
    finished_run(seed, &[&["--shard", k][..], extra].concat())
}

#[test]
fn merge_errors() {
    let out = unique_dir("bad", "merged");
    let os = out.to_str().unwrap().to_string();
    let a0 = shard("1", "0/3", &[]);
    let a1 = shard("1", "1/3", &[]);
    let a2 = shard("1", "2/3", &[]);
    let b1 = shard("2", "1/3", &[]);
    let (s0, s1, s2, sb) = (
        a0.to_str().unwrap(),
        a1.to_str().unwrap(),
        a2.to_str().unwrap(),
        b1.to_str().unwrap(),
    );
    check(
        "merge shards of different runs",
        &["merge", "--out", &os, s0, sb, s2],
        &["are shards of different runs", "seed 1 vs 2"],
        &[&out, &a0, &b1],
    );
    check(
        "merge with a shard missing",
        &["merge", "--out", &os, s0, s2],
        &["shard(s) 1/3 missing", "all 3 shards"],
        &[&out],
    );
    check(
        "merge a shard twice",
        &["merge", "--out", &os, s0, s1, s1],
        &["both hold shard 1/3"],
        &[&out],
    );
    let empty = unique_dir("bad", "nockpt");
    fs::create_dir_all(&empty).unwrap();
    check(
        "merge a folder without checkpoint",
        &["merge", "--out", &os, s0, s1, empty.to_str().unwrap()],
        &["has no checkpoint.txt"],
        &[&out],
    );
    check(
        "merge a missing folder",
        &["merge", "--out", &os, s0, s1, "/no/such/folder"],
        &["/no/such/folder is not a folder"],
        &[&out],
    );
    check(
        "merge into a shard folder",
        &["merge", "--out", s1, s0, s1, s2],
        &["--out must not be one of the shard folders"],
        &[&a1],
    );
    make_unfinished(&a2);
    check(
        "merge an unfinished shard",
        &["merge", "--out", &os, s0, s1, s2],
        &[
            "unfinished shard 2/3",
            &format!("lotr-sim run --resume {s2}"),
        ],
        &[&out],
    );
    let other = shard("1", "0/2", &[]);
    check(
        "merge shards of different shard counts",
        &["merge", "--out", &os, s0, other.to_str().unwrap()],
        &["shard count 3 vs 2"],
        &[&out],
    );
    for d in [&a0, &a1, &a2, &b1, &empty, &other] {
        let _ = fs::remove_dir_all(d);
    }
}

// ----- numbers out of their real ranges --------------------------------------------------------

/// Every number is checked against its real range, and the message gives that range.
#[test]
fn numbers_out_of_range() {
    let u64max = u64::MAX.to_string();
    for (flag, values, range) in [
        (
            "--games",
            &["0", "1000000000000001", &u64max, "-1", "1e3", "", "ten"][..],
            "from 1 to 1000000000000000",
        ),
        (
            "--threads",
            &["0", "1025", &u64max, "-2"][..],
            "from 1 to 1024",
        ),
        (
            "--checkpoint-interval",
            &["1e300", "-1", "inf", "nan", "86401", "x"][..],
            "seconds from 0 to 86400",
        ),
        (
            "--progress-interval",
            &["1e300", "-0.5", "NaN"][..],
            "seconds from 0 to 86400",
        ),
        ("--max-rounds", &["0", "65", "70000"][..], "from 1 to 64"),
        ("--players", &["0", "5", "300"][..], "from 1 to 4"),
    ] {
        for v in values {
            run_rejects(
                &format!("{flag} {v}"),
                &[flag, v, "--bot", "random"],
                &[flag, range],
            );
        }
    }
    run_rejects(
        "per-game rows beyond memory",
        &["--per-game", "--games", "20000001", "--bot", "random"],
        &[
            "--per-game keeps every game's row in memory",
            "at most 20000000",
        ],
    );
    run_rejects(
        "shard count beyond u64",
        &["--shard", "0/18446744073709551616"],
        &["is not K/N with whole numbers"],
    );
    run_rejects(
        "shard count far beyond the games",
        &["--shard", &format!("0/{u64max}")],
        &["at most 10 shards"],
    );
    // Other commands: the same parsers.
    for (case, args, hint) in [
        (
            "compare pairs 0",
            &["compare", "core-lore", "core-tactics", "--games", "0"][..],
            "from 1 to 10000000",
        ),
        (
            "compare pairs beyond memory",
            &[
                "compare",
                "core-lore",
                "core-tactics",
                "--games",
                "10000001",
            ][..],
            "from 1 to 10000000",
        ),
        (
            "compare seat 0",
            &["compare", "core-lore", "core-tactics", "--seat", "0"][..],
            "from 1 to 4",
        ),
        (
            "compare threads",
            &["compare", "core-lore", "core-tactics", "--threads", "99999"][..],
            "from 1 to 1024",
        ),
        (
            "soak games",
            &["soak", "--games", "1000000000"][..],
            "from 1 to 100000000",
        ),
        (
            "soak threads",
            &["soak", "--threads", "0"][..],
            "from 1 to 1024",
        ),
        (
            "tune passes",
            &["tune", "--passes", "0"][..],
            "from 1 to 1000",
        ),
        (
            "tune step",
            &["tune", "--step", "1e400"][..],
            "above 0 up to 10",
        ),
        (
            "tune step 0",
            &["tune", "--step", "0"][..],
            "above 0 up to 10",
        ),
        ("tune z", &["tune", "--z", "nan"][..], "from 0 up to 100"),
        (
            "tune z negative",
            &["tune", "--z", "-1"][..],
            "from 0 up to 100",
        ),
        (
            "tune games",
            &["tune", "--games", "0"][..],
            "from 1 to 10000000",
        ),
        (
            "trace round cap",
            &["trace", "--max-rounds", "0"][..],
            "from 1 to 64",
        ),
        (
            "trace players",
            &["trace", "--players", "9"][..],
            "from 1 to 4",
        ),
    ] {
        check(case, args, &[hint], &[]);
    }
}

// ----- inputs that could hang, fill memory or flood the terminal --------------------------------

#[test]
fn deck_files_that_are_not_deck_lists() {
    let dir = unique_dir("bad", "hostile");
    fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.txt");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let folder = dir.join("folder.o8d");
    fs::create_dir_all(&folder).unwrap();
    let mut cases: Vec<(&str, String, Vec<&str>)> = vec![
        ("device", "/dev/zero".into(), vec!["not a regular file"]),
        (
            "folder",
            folder.to_str().unwrap().into(),
            vec!["is a folder", "list decks"],
        ),
        (
            "2 MB file",
            write(&dir, "huge.txt", &vec![b'x'; 2 << 20]),
            vec!["at most 1048576 bytes"],
        ),
        (
            "20 000 lines",
            write(&dir, "lines.txt", "1x Gimli\n".repeat(20_000).as_bytes()),
            vec!["20000 lines", "at most 10000"],
        ),
        (
            "one line of 900 000 characters",
            write(
                &dir,
                "line.txt",
                format!("Hero (1)\n{}\n", "A".repeat(900_000)).as_bytes(),
            ),
            vec!["line.txt:2:", "900000 characters", "at most 1000"],
        ),
        (
            "o8d with 50 000 tags",
            write(
                &dir,
                "tags.o8d",
                format!(
                    "<?xml version=\"1.0\"?><deck>{}</deck>",
                    "<a>".repeat(50_000)
                )
                .as_bytes(),
            ),
            vec!["XML tags", "at most (5000)"],
        ),
        (
            "JSON nested without end",
            write(&dir, "deep.json", "[".repeat(500_000).as_bytes()),
            vec!["deep.json"],
        ),
    ];
    if made.is_ok_and(|s| s.success()) {
        cases.push((
            "named pipe",
            fifo.to_str().unwrap().into(),
            vec!["not a regular file"],
        ));
    }
    for (case, path, hints) in &cases {
        let out = unique_dir("bad", "hostile-out");
        let os = out.to_str().unwrap();
        let o = within(
            10,
            &[
                "run", "--quiet", "--games", "5", "--out", os, "--deck", path,
            ],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{case}: {err}");
        for h in hints {
            assert!(err.contains(h), "{case}: stderr lacks `{h}`:\n{err}");
        }
        // No message floods the terminal with the file's content.
        assert!(err.len() < 2_000, "{case}: {} bytes of stderr", err.len());
        assert!(!out.exists(), "{case}: created {os}");
        // `deck check` and `compare` read decks through the same checks.
        let o = within(10, &["deck", "check", path]);
        assert_ne!(o.status.code(), Some(0), "{case}: deck check");
        let o = within(
            10,
            &["compare", path, "core-lore", "--games", "5", "--out", os],
        );
        assert_eq!(o.status.code(), Some(2), "{case}: compare");
        assert!(!out.exists(), "{case}: compare created {os}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn long_values_are_cut_in_messages() {
    let long = "z".repeat(100_000);
    for (case, args) in [
        (
            "deck name",
            vec!["run", "--deck", long.as_str(), "--games", "5"],
        ),
        (
            "scenario",
            vec!["run", "--scenario", long.as_str(), "--games", "5"],
        ),
        ("bot", vec!["run", "--bot", long.as_str(), "--games", "5"]),
        ("rule", vec!["run", "--rule", long.as_str(), "--games", "5"]),
        ("games", vec!["run", "--games", long.as_str()]),
        ("trace mode", vec!["trace", "--mode", long.as_str()]),
    ] {
        let o = within(10, &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{case}: {err}");
        assert!(err.len() < 3_000, "{case}: {} bytes of stderr", err.len());
        assert!(err.contains("more characters"), "{case}: {err}");
    }
    // Control characters (terminal escape sequences) from a file are not echoed raw.
    let dir = unique_dir("bad", "escape");
    let p = write(&dir, "esc.txt", b"1x Gimli\x1b[2J (Core Set)\n");
    let o = lotr(&["run", "--quiet", "--games", "5", "--deck", &p]);
    assert!(!o.stderr.contains(&0x1b), "raw escape echoed");
    let _ = fs::remove_dir_all(&dir);
}

/// A huge --games builds nothing up front and stops promptly on Ctrl-C.
#[test]
fn huge_game_counts_stay_small_and_stop_on_ctrl_c() {
    use std::process::Stdio;
    for games in ["1000000000000000", "1000000000000"] {
        let d = unique_dir("bad", "huge");
        let ds = d.to_str().unwrap();
        let child = Command::new(BIN)
            .args([
                "run",
                "--quiet",
                "--bot",
                "random",
                "--threads",
                "2",
                "--games",
                games,
                "--out",
                ds,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let t0 = std::time::Instant::now();
        while !d.join("checkpoint.txt").exists() && t0.elapsed().as_secs() < 20 {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
        let rss_kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        assert!(rss_kb < 200_000, "--games {games}: {rss_kb} kB resident");
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        let t1 = std::time::Instant::now();
        let out = child.wait_with_output().unwrap();
        assert!(t1.elapsed().as_secs() < 5, "Ctrl-C took {:?}", t1.elapsed());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{err}");
        assert!(err.contains("resume with"), "{err}");
        let _ = fs::remove_dir_all(&d);
    }
}

// ----- trace refuses what run refuses ----------------------------------------------------------

#[test]
fn trace_refuses_what_run_refuses() {
    let dir = unique_dir("bad", "blank");
    let tactics = include_str!("../decks/core-tactics.txt");
    let deck = write(
        &dir,
        "blank.txt",
        format!("{tactics}\n1x Galadriel (Two-Player Limited Edition Starter)\n").as_bytes(),
    );
    check(
        "trace of a deck with unimplemented cards",
        &["trace", "--deck", &deck],
        &["Galadriel", "--allow-unimplemented"],
        &[],
    );
    let o = lotr(&["trace", "--deck", &deck, "--allow-unimplemented"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("WITHOUT their abilities"), "{err}");
    run_rejects(
        "run of the same deck",
        &["--deck", &deck],
        &["Galadriel", "--allow-unimplemented"],
    );
    let _ = fs::remove_dir_all(&dir);
}

// ----- resume with the defaults written out ----------------------------------------------------

#[test]
fn resume_compares_runs_as_resolved() {
    let r = finished_run("12", &[]);
    make_unfinished(&r);
    let rs = r.to_str().unwrap();
    // The defaults written out name the same run.
    ok(&[
        "run",
        "--quiet",
        "--resume",
        rs,
        "--deck",
        "core-leadership",
        "--players",
        "1",
        "--scenario",
        "intruders-in-chetwood",
        "--mode",
        "standard",
        "--max-rounds",
        "30",
        "--bot",
        "random",
    ]);
    make_unfinished(&r);
    let err = check(
        "resume with another deck",
        &["run", "--resume", rs, "--deck", "core-tactics"],
        &[
            "is for a different run",
            "decks core-leadership vs core-tactics",
        ],
        &[&r],
    );
    assert!(!err.contains("  vs"), "an empty value: {err}");
    let _ = fs::remove_dir_all(&r);
}

// ----- output folders: compare has the same protection as run ----------------------------------

#[test]
fn compare_and_run_do_not_overwrite_each_other() {
    let run = finished_run("13", &[]);
    let rs = run.to_str().unwrap();
    let cmp = unique_dir("bad", "cmp");
    let cs = cmp.to_str().unwrap();
    let compare = |out: &str, extra: &[&str]| {
        let mut a = vec![
            "compare",
            "core-lore",
            "core-tactics",
            "--games",
            "20",
            "--bot",
            "random",
            "--out",
            out,
        ];
        a.extend_from_slice(extra);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    fn args(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }
    let v = compare(rs, &[]);
    check(
        "compare into a run's folder",
        &args(&v),
        &["holds a run", "--force"],
        &[&run],
    );
    ok(&args(&compare(cs, &[])));
    check(
        "compare over an earlier comparison",
        &args(&compare(cs, &[])),
        &["holds a comparison (compare.csv)", "--force"],
        &[&cmp],
    );
    check(
        "run into a comparison's folder",
        &[
            "run", "--quiet", "--games", "10", "--bot", "random", "--out", cs,
        ],
        &["holds a comparison (compare.csv)", "--force"],
        &[&cmp],
    );
    ok(&args(&compare(cs, &["--force"])));
    // A plain file where the folder should be.
    let f = write(&unique_dir("bad", "cmpfile"), "x", b"x");
    check(
        "compare into a file",
        &args(&compare(&f, &[])),
        &["is a file, not a folder"],
        &[],
    );
    for d in [&run, &cmp] {
        let _ = fs::remove_dir_all(d);
    }
}

// ----- games.part: checksums and exact coverage ------------------------------------------------

#[test]
fn damaged_games_part_is_refused() {
    let a = shard("14", "0/2", &["--per-game"]);
    let b = shard("14", "1/2", &["--per-game"]);
    let (sa, sb) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = unique_dir("bad", "merged-bad");
    let os = out.to_str().unwrap();
    let part = a.join("games.part");
    let good = fs::read_to_string(&part).unwrap();
    // One byte changed in a record: its checksum no longer matches.
    let edited = good.replacen(",threat,", ",thread,", 1);
    assert_ne!(edited, good, "no threat loss in the shard");
    fs::write(&part, &edited).unwrap();
    check(
        "merge with an edited games.part",
        &["merge", "--out", os, sa, sb],
        &["games.part", "line", "checksum mismatch"],
        &[&out],
    );
    check(
        "resume with an edited games.part",
        &["run", "--resume", sa],
        &["checksum mismatch", "--force"],
        &[&a],
    );
    // A record twice (valid checksums): two runs wrote one folder.
    let first = good.lines().next().unwrap();
    let doubled = format!("{first}\n{good}");
    fs::write(&part, &doubled).unwrap();
    let mut c = Checkpoint::read(&a).unwrap().unwrap();
    c.games_bytes = doubled.len() as u64;
    c.write(&a).unwrap();
    check(
        "merge with a duplicated game",
        &["merge", "--out", os, sa, sb],
        &["appears twice"],
        &[&out],
    );
    for d in [&a, &b] {
        let _ = fs::remove_dir_all(d);
    }
}

// ----- checkpoint files that are not files ------------------------------------------------------

#[test]
fn checkpoint_that_is_not_a_file() {
    let d = finished_run("15", &[]);
    let ds = d.to_str().unwrap();
    fs::remove_file(d.join("checkpoint.txt")).unwrap();
    let made = Command::new("mkfifo")
        .arg(d.join("checkpoint.txt"))
        .status();
    if made.is_ok_and(|s| s.success()) {
        let o = within(10, &["run", "--resume", ds]);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("not a regular file"));
        let o = within(10, &["merge", "--out", "/tmp/lotr-sim-never", ds]);
        assert_eq!(o.status.code(), Some(2));
    }
    let _ = fs::remove_dir_all(&d);
}
