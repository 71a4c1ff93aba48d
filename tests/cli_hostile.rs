//! Hostile and careless input found by the robust37 audit (a throwaway fuzz script over every
//! subcommand), one test per class: each used to hang, refuse a good file, accept a bad one
//! without a word, or fail without naming the file, the line and the fix.

mod common;
use common::{lotr, signal_when, unique_dir, within};

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const VIGIL: &str = include_str!("../decks/chetwood-vigil.txt");
const TACTICS: &str = include_str!("../decks/core-tactics.txt");

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    fs::create_dir_all(dir).unwrap();
    let p = dir.join(name);
    fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

/// Status 2, no panic, and every hint in stderr.
fn usage_error(case: &str, o: &Output, hints: &[&str]) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{case}: {err}");
    assert!(!err.contains("panicked"), "{case}: {err}");
    for h in hints {
        assert!(err.contains(h), "{case}: stderr lacks `{h}`:\n{err}");
    }
    err
}

fn succeeds(case: &str, o: &Output) {
    assert!(
        o.status.success(),
        "{case}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn run_deck(deck: &str, out: &Path) -> Output {
    lotr(&[
        "run",
        "--quiet",
        "--no-plots",
        "--games",
        "3",
        "--threads",
        "1",
        "--bot",
        "random",
        "--deck",
        deck,
        "--out",
        out.to_str().unwrap(),
    ])
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut b = if big_endian {
        vec![0xFE, 0xFF]
    } else {
        vec![0xFF, 0xFE]
    };
    for u in text.encode_utf16() {
        b.extend(if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    b
}

// ----- deck files: the checks before the import see what the import sees ----------------------

/// A UTF-16 deck file (with its byte-order mark) whose `# Plan:` line is 510 characters: the
/// file checks read the raw bytes, counted every character twice (with its zero byte) and
/// refused a file the importer reads.
#[test]
fn utf16_deck_with_a_long_plan_line_is_read() {
    let dir = unique_dir("hostile", "utf16");
    assert!(VIGIL.lines().any(|l| l.chars().count() > 500));
    for (name, be) in [("le.txt", false), ("be.txt", true)] {
        let deck = write(&dir, name, &utf16(VIGIL, be));
        let o = run_deck(&deck, &dir.join(format!("out-{name}")));
        succeeds(name, &o);
        let o = lotr(&["deck", "check", &deck]);
        succeeds(name, &o);
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A deck saved with old Mac line ends (`\r` alone): the importer splits it, the file checks
/// saw one line of the whole file and refused it as too long.
#[test]
fn deck_with_carriage_return_line_ends_is_read() {
    let dir = unique_dir("hostile", "cr");
    let deck = write(&dir, "cr.txt", VIGIL.replace('\n', "\r").as_bytes());
    succeeds("cr deck", &run_deck(&deck, &dir.join("out")));
    let _ = fs::remove_dir_all(&dir);
}

/// A NUL byte in a text deck (a UTF-16 file without its byte-order mark, a damaged file):
/// the error names the line and what to do.
#[test]
fn deck_with_binary_data_names_the_line() {
    let dir = unique_dir("hostile", "nul");
    let text = VIGIL.replacen("Ally (24)", "Ally (24)\u{0}", 1);
    let line = text.lines().position(|l| l.contains('\u{0}')).unwrap() + 1;
    let deck = write(&dir, "nul.txt", text.as_bytes());
    let o = run_deck(&deck, &dir.join("out"));
    usage_error(
        "nul",
        &o,
        &[
            &format!("nul.txt:{line}: contains binary data"),
            "U+0000",
            "UTF-8",
        ],
    );
    assert!(!dir.join("out").exists());
    let _ = fs::remove_dir_all(&dir);
}

/// `FILE#x` with FILE a deck file and x no deck number said "no such file, and not a built-in
/// deck" although the file is there.
#[test]
fn deck_number_suffix_that_is_not_a_number_says_so() {
    let dir = unique_dir("hostile", "pick");
    let deck = write(
        &dir,
        "two.txt",
        format!("{VIGIL}\nDeck 2\n{TACTICS}").as_bytes(),
    );
    for n in ["-1", "x", "99999999999999999999999", ""] {
        let spec = format!("{deck}#{n}");
        let o = run_deck(&spec, &dir.join("out"));
        usage_error(
            &spec,
            &o,
            &[&format!("`#{n}` is not a deck number"), "two.txt#1"],
        );
    }
    let o = run_deck("core-tactics#x", &dir.join("out"));
    usage_error("built-in", &o, &["`#x` is not a deck number"]);
    assert!(!dir.join("out").exists());
    let _ = fs::remove_dir_all(&dir);
}

// ----- OCTGN files: a comment or CDATA block that never ends -----------------------------------

/// `<!--` without `-->` (or `<![CDATA[` without `]]>`) hid every card after it: the deck was
/// imported with its heroes only (`deck check` said legal with 0 cards).
#[test]
fn o8d_unclosed_comment_is_an_error_with_its_line() {
    let dir = unique_dir("hostile", "o8d");
    // (its `<notes>` hold an empty CDATA block, which would close ours)
    let o8d = include_str!("../decks/core-leadership.o8d").replace("<![CDATA[]]>", "");
    for (name, open) in [("comment.o8d", "<!-- "), ("cdata.o8d", "<![CDATA[ ")] {
        let text = o8d.replacen(
            "<section name=\"Ally\"",
            &format!("{open}<section name=\"Ally\""),
            1,
        );
        let line = text.lines().position(|l| l.contains(open)).unwrap() + 1;
        let deck = write(&dir, name, text.as_bytes());
        let o = run_deck(&deck, &dir.join("out"));
        usage_error(
            name,
            &o,
            &[
                &format!("{name}:{line}:"),
                "never closed",
                "close it or remove it",
            ],
        );
        let o = lotr(&["deck", "check", &deck]);
        assert!(!o.status.success());
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains("importable: no"), "{out}");
    }
    let _ = fs::remove_dir_all(&dir);
}

// ----- unimplemented deck cards: which deck ----------------------------------------------------

/// With several decks, the refusal named the cards but not the deck holding them.
#[test]
fn unimplemented_deck_card_names_its_deck() {
    let dir = unique_dir("hostile", "blank");
    let deck = write(
        &dir,
        "mine.txt",
        format!("{TACTICS}\n1x Galadriel (Two-Player Limited Edition Starter)\n").as_bytes(),
    );
    let out = dir.join("out");
    let o = lotr(&[
        "run",
        "--quiet",
        "--games",
        "2",
        "--deck",
        "core-leadership",
        "--deck",
        &deck,
        "--out",
        out.to_str().unwrap(),
    ]);
    usage_error(
        "run",
        &o,
        &["Galadriel (", "in deck `mine`", "--allow-unimplemented"],
    );
    let o = lotr(&[
        "compare",
        &deck,
        "core-tactics",
        "--games",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    usage_error("compare", &o, &["in deck `mine`", "--allow-unimplemented"]);
    assert!(!out.exists());
    let _ = fs::remove_dir_all(&dir);
}

// ----- plot: files that are not regular files, huge per-game files -----------------------------

fn finished(dir: &Path, per_game: bool) {
    let mut args = vec![
        "run",
        "--quiet",
        "--no-plots",
        "--games",
        "40",
        "--bot",
        "random",
        "--out",
        dir.to_str().unwrap(),
    ];
    if per_game {
        args.push("--per-game");
    }
    succeeds("run", &lotr(&args));
}

/// A result CSV replaced by a named pipe (or a folder): `plot` opened it and waited forever for
/// a writer.
#[cfg(unix)]
#[test]
fn plot_csv_that_is_a_pipe_is_refused() {
    for f in ["summary.csv", "threat.csv", "compare.csv"] {
        let dir = unique_dir("hostile", "fifo");
        finished(&dir, false);
        let p = dir.join(f);
        let _ = fs::remove_file(&p);
        let st = Command::new("mkfifo").arg(&p).status().unwrap();
        assert!(st.success());
        let o = within(60, &["plot", dir.to_str().unwrap()]);
        usage_error(f, &o, &[f, "not a regular file"]);
        let _ = fs::remove_dir_all(&dir);
    }
}

/// `plot` read every row of `games.csv` into memory to list its header (about 550 MB for a
/// million games, 20 million allowed): now it reads the header, and streams the rows only
/// when the loss causes must come from it. A damaged row the pictures do not need no longer
/// stops them; one they need is still reported with its line.
#[test]
fn plot_reads_games_csv_by_streaming() {
    let dir = unique_dir("hostile", "games");
    finished(&dir, true);
    let d = dir.to_str().unwrap();
    let games = dir.join("games.csv");
    let mut text = fs::read_to_string(&games).unwrap();
    let rows = text.lines().count();
    text.push_str("not,a,row\n");
    fs::write(&games, &text).unwrap();
    succeeds("header only", &lotr(&["plot", d]));
    let html = fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("games.csv"), "the file list names games.csv");
    // rounds.csv without its loss-cause columns: the causes come from games.csv.
    let rounds = fs::read_to_string(dir.join("rounds.csv")).unwrap();
    let keep = rounds
        .lines()
        .next()
        .unwrap()
        .split(',')
        .position(|c| c == "loss_threat")
        .unwrap();
    let cut: String = rounds
        .lines()
        .map(|l| l.split(',').take(keep).collect::<Vec<_>>().join(",") + "\n")
        .collect();
    fs::write(dir.join("rounds.csv"), cut).unwrap();
    usage_error(
        "damaged row",
        &lotr(&["plot", d]),
        &["games.csv, line", &format!("{}", rows + 1)],
    );
    text.truncate(text.len() - "not,a,row\n".len());
    fs::write(&games, &text).unwrap();
    succeeds("causes from games.csv", &lotr(&["plot", d]));
    let svg = fs::read_to_string(dir.join("rounds.svg")).unwrap();
    assert!(svg.contains("threat: "), "loss causes drawn from games.csv");
    let _ = fs::remove_dir_all(&dir);
}

/// `plot FILE` and `run --resume FILE` said "no such folder" for a file that exists.
#[test]
fn plot_or_resume_on_a_file_says_it_is_a_file() {
    let dir = unique_dir("hostile", "file");
    let f = write(&dir, "afile", b"hello");
    usage_error("plot", &lotr(&["plot", &f]), &["not a folder"]);
    usage_error(
        "resume",
        &lotr(&["run", "--resume", &f, "--quiet"]),
        &["a file, not a folder"],
    );
    usage_error(
        "campaign resume",
        &lotr(&["campaign", "--resume", &f, "--quiet"]),
        &["a file, not a folder"],
    );
    let _ = fs::remove_dir_all(&dir);
}

// ----- campaign logs ---------------------------------------------------------------------------

fn campaign(log: &str, decks: &[&str], out: &Path) -> Output {
    let mut args = vec![
        "campaign",
        "--quiet",
        "--games",
        "2",
        "--threads",
        "1",
        "--bot",
        "random",
        "--campaign-log",
        log,
        "--out",
        out.to_str().unwrap(),
    ];
    for d in decks {
        args.extend(["--deck", d]);
    }
    lotr(&args)
}

const LOG: &str = "lotr-sim campaign log 1\nnext 4\nheroes 1: Core-001, Core-002\n";

/// A log saved by a Windows editor (byte-order mark, CRLF, or UTF-16) was refused: "starts
/// with the line `lotr-sim campaign log 1`; found `lotr-sim campaign log 1`".
#[test]
fn campaign_log_with_byte_order_mark_or_utf16_is_read() {
    let dir = unique_dir("hostile", "logbom");
    let bom = format!("\u{feff}{}", LOG.replace('\n', "\r\n"));
    for (name, bytes) in [
        ("bom.txt", bom.as_bytes().to_vec()),
        ("le.txt", utf16(LOG, false)),
        ("be.txt", utf16(LOG, true)),
    ] {
        let log = write(&dir, name, &bytes);
        succeeds(name, &campaign(&log, &[], &dir.join(format!("out-{name}"))));
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The same hero twice on one `heroes` line ended every campaign at once as `no_heroes`
/// (exit 0); the same hero for two players was played. Both are refused with the line.
#[test]
fn campaign_log_hero_listed_twice_is_refused() {
    let dir = unique_dir("hostile", "loghero");
    let out = dir.join("out");
    let log = write(
        &dir,
        "same.txt",
        b"lotr-sim campaign log 1\nheroes 1: Core-001, Core-001\n",
    );
    usage_error(
        "one player",
        &campaign(&log, &[], &out),
        &["same.txt:2:", "listed twice for player 1"],
    );
    let log = write(
        &dir,
        "two.txt",
        b"lotr-sim campaign log 1\nheroes 1: Core-001, Core-002\nheroes 2: Core-001, Core-004\n",
    );
    usage_error(
        "two players",
        &campaign(&log, &["core-leadership", "core-tactics"], &out),
        &["two.txt:3:", "unique across all players"],
    );
    assert!(!out.exists());
    let _ = fs::remove_dir_all(&dir);
}

/// `next` or a player's `heroes` given twice: the later line silently won.
#[test]
fn campaign_log_statement_given_twice_is_refused() {
    let dir = unique_dir("hostile", "logtwice");
    let out = dir.join("out");
    let log = write(&dir, "next.txt", format!("{LOG}next 5\n").as_bytes());
    usage_error(
        "next",
        &campaign(&log, &[], &out),
        &["next.txt:4:", "second `next`"],
    );
    let log = write(
        &dir,
        "heroes.txt",
        format!("{LOG}heroes 1: Core-003\n").as_bytes(),
    );
    usage_error(
        "heroes",
        &campaign(&log, &[], &out),
        &["heroes.txt:4:", "second `heroes 1:`"],
    );
    assert!(!out.exists());
    let _ = fs::remove_dir_all(&dir);
}

/// `threat_penalty 1000000` said "give a whole number" (it is one): the range is given.
#[test]
fn campaign_log_number_out_of_range_gives_the_range() {
    let dir = unique_dir("hostile", "lognum");
    let log = write(
        &dir,
        "big.txt",
        format!("{LOG}threat_penalty 1000000\n").as_bytes(),
    );
    usage_error(
        "threat_penalty",
        &campaign(&log, &[], &dir.join("out")),
        &["big.txt:4:", "from 0 to 9999"],
    );
    let _ = fs::remove_dir_all(&dir);
}

/// `compare` with neither two decks nor two bots: the message had a run of spaces from a
/// broken string continuation.
#[test]
fn compare_without_decks_or_bots_message_is_clean() {
    let o = lotr(&["compare", "--games", "2"]);
    let err = usage_error("compare", &o, &["or two bots (`compare [DECK]"]);
    assert!(!err.contains("   "), "{err}");
}

/// Ctrl-C (or SIGTERM) during `compare`: the comparison stops cleanly with exit status 130 and
/// a message saying nothing was written, no half-written `compare.csv`, and its folder lock
/// released and removed (before, the process died of the signal and left the lock file).
#[test]
fn compare_interrupted_stops_cleanly_and_releases_its_folder() {
    let dir = unique_dir("hostile", "compare_sigint");
    let ds = dir.to_str().unwrap();
    let lock = dir.join(".lotr-sim.lock");
    let out = signal_when(
        &[
            "compare",
            "chetwood-vigil",
            "--bot-a",
            "basic",
            "--bot-b",
            "random",
            "--games",
            "10000000",
            "--threads",
            "1",
            "--quiet",
            "--no-plots",
            "--out",
            ds,
        ],
        &lock,
        std::time::Duration::from_millis(300),
        "-INT",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "stderr: {err}");
    assert!(
        err.contains("interrupted") && err.contains("nothing was written"),
        "{err}"
    );
    assert!(!dir.join("compare.csv").exists());
    assert!(!lock.exists(), "the folder lock was left behind");
}

// ----- found by the robust58 audit (session 58) -------------------------------------------------

/// An option named twice: `--rule` silently kept the later value (and the run key named both),
/// `tune --cell` counted a cell twice in the mean gain, `tune --params` searched a weight twice.
/// Each is refused, as a bot option, a scenario or a campaign log statement given twice is.
#[test]
fn an_option_given_twice_is_refused() {
    let dir = unique_dir("hostile", "twice");
    let out = dir.join("out");
    let os = out.to_str().unwrap();
    let rules = ["--rule", "first_player=1", "--rule", " first_player = 2"];
    let mut run = vec![
        "run",
        "--quiet",
        "--games",
        "2",
        "--deck",
        "core-lore",
        "--deck",
        "core-spirit",
        "--out",
        os,
    ];
    run.extend(rules);
    usage_error(
        "run --rule twice",
        &lotr(&run),
        &[
            "--rule `first_player` is given twice",
            "`first_player=1`",
            "give each rule once",
        ],
    );
    let mut compare = vec![
        "compare",
        "core-lore",
        "core-spirit",
        "--games",
        "2",
        "--out",
        os,
    ];
    compare.extend([
        "--rule",
        "zero_cost_needs_match=true",
        "--rule",
        "zero_cost_needs_match=no",
    ]);
    usage_error("compare --rule twice", &lotr(&compare), &["given twice"]);
    assert!(!out.exists(), "a refused command left its output folder");
    let cell = "intruders-in-chetwood/easy/core-lore";
    usage_error(
        "tune --cell twice",
        &lotr(&["tune", "--games", "2", "--cell", cell, "--cell", cell]),
        &["same cell", "name each cell once"],
    );
    usage_error(
        "tune --params twice",
        &lotr(&[
            "tune",
            "--games",
            "2",
            "--params",
            "threat_unit, threat_unit",
        ]),
        &["--params names `threat_unit` twice"],
    );
}

fn listing(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `--out` naming a folder of the user's own files (`--out .`, `--out ~`, `--out /` as root):
/// the reports were written among them. Now refused, the folder untouched, unless `--force`
/// (which writes beside them and removes nothing of the user's); hidden entries such as
/// `.gitkeep` do not count.
#[test]
fn output_folder_of_other_files_is_refused() {
    let dir = unique_dir("hostile", "foreign");
    write(&dir, "notes.txt", b"mine");
    fs::create_dir_all(dir.join("photos")).unwrap();
    let ds = dir.to_str().unwrap();
    let before = listing(&dir);
    let base = [
        "--quiet",
        "--no-plots",
        "--games",
        "3",
        "--bot",
        "random",
        "--out",
        ds,
    ];
    let mut run = vec!["run"];
    run.extend(base);
    let mut compare = vec!["compare", "core-lore", "core-spirit"];
    compare.extend(base);
    let campaign = ["campaign", "--quiet", "--games", "1", "--out", ds];
    for (case, args) in [
        ("run", &run[..]),
        ("compare", &compare[..]),
        ("campaign", &campaign[..]),
    ] {
        usage_error(
            case,
            &lotr(args),
            &[
                "holds 2 entries that are not lotr-sim's",
                "`notes.txt`, `photos`",
                "--force",
            ],
        );
        assert_eq!(listing(&dir), before, "{case} changed the folder");
    }
    run.push("--force");
    succeeds("run --force", &lotr(&run));
    assert_eq!(fs::read(dir.join("notes.txt")).unwrap(), b"mine");
    assert!(dir.join("photos").is_dir() && dir.join("summary.csv").is_file());
    // Hidden entries alone are not the user's files.
    let hidden = unique_dir("hostile", "hidden");
    write(&hidden, ".gitkeep", b"");
    let hs = hidden.to_str().unwrap();
    succeeds(
        "hidden",
        &lotr(&["run", "--quiet", "--no-plots", "--games", "3", "--out", hs]),
    );
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&hidden);
}

/// `run`, `compare` and `merge` into a campaign run's folder: they wrote their reports beside
/// the campaign's (a mixed folder; only `campaign` looked for the other kind). Refused unless
/// `--force`, which replaces the campaign's files.
#[test]
fn a_campaign_folder_is_not_taken_by_a_run() {
    let dir = unique_dir("hostile", "campaign_folder");
    let ds = dir.to_str().unwrap();
    succeeds(
        "campaign",
        &lotr(&["campaign", "--quiet", "--games", "1", "--out", ds]),
    );
    let before = listing(&dir);
    let shard = unique_dir("hostile", "campaign_folder_shard");
    let ss = shard.to_str().unwrap();
    succeeds(
        "shard",
        &lotr(&[
            "run", "--quiet", "--games", "4", "--bot", "random", "--out", ss,
        ]),
    );
    let cases: [(&str, Vec<&str>); 3] = [
        (
            "run",
            vec!["run", "--quiet", "--no-plots", "--games", "3", "--out", ds],
        ),
        (
            "compare",
            vec![
                "compare",
                "core-lore",
                "core-spirit",
                "--quiet",
                "--games",
                "3",
                "--out",
                ds,
            ],
        ),
        ("merge", vec!["merge", "--quiet", "--out", ds, ss]),
    ];
    for (case, args) in &cases {
        usage_error(
            case,
            &lotr(args),
            &["holds a campaign run (campaign", "--force"],
        );
        assert_eq!(listing(&dir), before, "{case} changed the folder");
    }
    let mut forced = cases[0].1.clone();
    forced.push("--force");
    succeeds("run --force", &lotr(&forced));
    assert!(!dir.join("campaign.csv").exists() && dir.join("summary.csv").exists());
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&shard);
}

/// A new run with `--force` in a folder whose earlier run drew pictures, stopped before its
/// end: the earlier run's `report.html` and pictures stayed beside the new checkpoint, a report
/// that looked complete for results no longer there. The pictures now go with the other files.
#[test]
fn a_stopped_run_leaves_no_earlier_pictures() {
    let dir = unique_dir("hostile", "stale_pictures");
    let ds = dir.to_str().unwrap();
    let first = [
        "run", "--quiet", "--games", "20", "--bot", "random", "--out", ds,
    ];
    succeeds("first run", &lotr(&first));
    assert!(dir.join("report.html").exists());
    let ckpt = dir.join("checkpoint.txt");
    fs::remove_file(&ckpt).unwrap();
    let o = signal_when(
        &[
            "run",
            "--quiet",
            "--games",
            "100000000",
            "--seed",
            "7",
            "--threads",
            "1",
            "--bot",
            "random",
            "--force",
            "--out",
            ds,
        ],
        &ckpt,
        std::time::Duration::from_millis(100),
        "-INT",
    );
    assert_eq!(
        o.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for f in [
        "report.html",
        "winrate.svg",
        "threat.svg",
        "rounds.svg",
        "summary.csv",
    ] {
        assert!(!dir.join(f).exists(), "{f} of the earlier run was left");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// `tune` printed its steps with `println!`, which panics when stdout is a closed pipe (`tune |
/// head -3`); now the lines stop and the command ends quietly, as every other command does.
#[test]
fn tune_into_a_closed_pipe_is_not_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(common::BIN)
        .args(["tune", "--games", "300", "--passes", "1", "--threads", "1"])
        .args(["--params", "threat_unit,kill_rounds", "--bot", "basic"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("# tune"), "{first}");
    // The reader is gone: every later line is written into a closed pipe.
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(o.status.code(), Some(0), "{err}");
}

/// Standard output on a full disk: the error said only `No space left on device`, naming
/// nothing; it now says it was standard output.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_named() {
    let o = Command::new(common::BIN)
        .args(["list", "cards"])
        .stdout(fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write to standard output"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Campaign log lines the runner never writes, which played on without a word: a negative
/// penalty, reduction or damage (`protect_the_innocent -5` put -5 damage on a card), a
/// Permanent card or logged damage on a hero of no party (dropped), an encounter card `on` a
/// hero (the hero ignored). Each is refused with its line and the fix.
#[test]
fn campaign_log_lines_the_runner_never_writes_are_refused() {
    let dir = unique_dir("hostile", "logsense");
    let cases = [
        ("protect_the_innocent -5", "from 0 to 9999"),
        ("threat_penalty -1", "from 0 to 9999"),
        ("threat_reduction -2", "from 0 to 9999"),
        ("player_penalty 1: -1", "from 0 to 9999"),
        ("hero_damage Core-001 -3", "from 0 to 9999"),
        (
            "hero_damage Gimli 2",
            "hero Gimli, who is in no player's `heroes` line",
        ),
        (
            "pool Hardy on Legolas",
            "hero Legolas, who is in no player's `heroes` line",
        ),
        (
            "pool Arnor Ravaged on Aragorn",
            "only a player card (a Permanent boon) goes `on HERO`",
        ),
    ];
    for (line, hint) in cases {
        let log = write(&dir, "log.txt", format!("{LOG}{line}\n").as_bytes());
        let out = dir.join("out");
        usage_error(line, &campaign(&log, &[], &out), &["log.txt:4:", hint]);
        assert!(
            !out.exists(),
            "{line}: the refused log left its output folder"
        );
    }
    // The same statements, on a hero of the party and with counts of 0 or more, are read.
    let log = write(
        &dir,
        "good.txt",
        format!("{LOG}hero_damage Aragorn 2\npool Hardy on Aragorn\nthreat_penalty 0\n").as_bytes(),
    );
    succeeds("good", &campaign(&log, &[], &dir.join("good")));
    let _ = fs::remove_dir_all(&dir);
}

/// A shard whose checkpoint or per-game records are damaged (cut short, overwritten): `merge`
/// said what was wrong but not what to do, and `campaign --resume` of a damaged campaign run
/// the same; both now give the fix (`run --resume` already did).
#[test]
fn a_damaged_shard_or_campaign_run_says_what_to_do() {
    let dir = unique_dir("hostile", "damaged_shard");
    let shard = |k: &str, campaign: bool| {
        let d = dir.join(format!("{}{}", if campaign { "c" } else { "r" }, &k[..1]));
        let ds = d.to_str().unwrap().to_string();
        let mut args = if campaign {
            vec!["campaign", "--games", "2"]
        } else {
            vec!["run", "--games", "10", "--per-game"]
        };
        args.extend(["--quiet", "--bot", "random", "--shard", k, "--out", &ds]);
        succeeds(k, &lotr(&args));
        d
    };
    let cut = |f: &Path| {
        let b = fs::read(f).unwrap();
        fs::write(f, &b[..b.len() / 2]).unwrap();
    };
    let merged = dir.join("merged");
    let ms = merged.to_str().unwrap();
    let (r0, r1) = (shard("0/2", false), shard("1/2", false));
    cut(&r1.join("games.part"));
    let o = lotr(&[
        "merge",
        "--out",
        ms,
        r0.to_str().unwrap(),
        r1.to_str().unwrap(),
    ]);
    usage_error(
        "games.part",
        &o,
        &["games.part", "play it again", "--shard K/N"],
    );
    let (c0, c1) = (shard("0/2", true), shard("1/2", true));
    cut(&c0.join("campaign_checkpoint.txt"));
    let o = lotr(&[
        "merge",
        "--out",
        ms,
        c0.to_str().unwrap(),
        c1.to_str().unwrap(),
    ]);
    usage_error(
        "campaign shard",
        &o,
        &["campaign_checkpoint.txt", "play it again"],
    );
    assert!(!merged.exists(), "a refused merge left its output folder");
    let o = lotr(&["campaign", "--resume", c0.to_str().unwrap()]);
    usage_error("campaign --resume", &o, &["cannot be resumed", "--force"]);
    let _ = fs::remove_dir_all(&dir);
}
