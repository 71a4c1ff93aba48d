//! Paired deck comparison: common random numbers (a deck against itself gives identical pairs;
//! pair i of a comparison is game i of a plain batch), thread-count independence, multi-player
//! seats, bot-vs-bot pairs (`--bot-a/--bot-b`), and the `compare` / `deck check` commands end
//! to end.

use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use lotr_sim::compare::{run_compare, run_compare_bots, PairedStats, CHUNK};
use lotr_sim::data::{load_embedded, CardDb, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};

const BIN: &str = env!("CARGO_BIN_EXE_lotr-sim");

fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| load_embedded().expect("embedded data loads"))
}

fn setup(decks: &[&str]) -> GameSetup {
    GameSetup {
        scenario: db().scenario("intruders-in-chetwood").unwrap(),
        mode: Mode::Easy,
        decks: decks
            .iter()
            .map(|d| resolve_deck(d, db()).unwrap())
            .collect(),
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: false,
    }
}

fn bots(n: usize) -> Vec<String> {
    vec!["random".to_string(); n]
}

#[test]
fn a_deck_against_itself_gives_identical_pairs() {
    let a = setup(&["core-leadership"]);
    let pairs = run_compare(db(), &a, &a, &bots(1), 600, 7, 2, None);
    assert_eq!(pairs.len(), 600);
    assert!(pairs.iter().all(|p| p.a == p.b && p.rounds_a == p.rounds_b));
    let s = PairedStats::from_pairs(pairs.iter().map(|p| (p.a.is_win(), p.b.is_win())));
    assert_eq!((s.only_a, s.only_b, s.diff, s.mcnemar_p), (0, 0, 0.0, 1.0));
}

#[test]
fn pairs_are_the_batch_games_of_each_deck() {
    let a = setup(&["core-leadership"]);
    let b = setup(&["core-tactics"]);
    let n = 1500;
    let pairs = run_compare(db(), &a, &b, &bots(1), n, 3, 2, None);
    // Each deck's games played one by one, as `run` plays them.
    let solo = |setup: &GameSetup| {
        let mut g = Game::new(db(), setup);
        let mut b: Vec<Box<dyn lotr_sim::bots::Bot>> =
            vec![lotr_sim::bots::make("random").unwrap()];
        (0..n)
            .map(|i| play_game(&mut g, &mut b, 3, i))
            .collect::<Vec<_>>()
    };
    let ra = solo(&a);
    let rb = solo(&b);
    for (i, p) in pairs.iter().enumerate() {
        assert_eq!(p.index, i as u64);
        assert_eq!((p.a, p.rounds_a), (ra[i].outcome, ra[i].rounds), "game {i}");
        assert_eq!((p.b, p.rounds_b), (rb[i].outcome, rb[i].rounds), "game {i}");
    }
}

#[test]
fn same_result_for_any_thread_count() {
    let a = setup(&["core-leadership", "core-spirit"]);
    let b = setup(&["core-lore", "core-spirit"]);
    let n = 2 * CHUNK + 33;
    let one = run_compare(db(), &a, &b, &bots(2), n, 11, 1, None);
    let three = run_compare(db(), &a, &b, &bots(2), n, 11, 3, None);
    assert_eq!(one, three);
}

fn unique_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lotr-sim-compare-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

fn lotr(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(BIN).args(args).output().unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn compare_command_writes_csv_and_summary() {
    let mut csvs = Vec::new();
    for threads in ["1", "2"] {
        let dir = unique_dir(&format!("cli{threads}"));
        let d = dir.to_str().unwrap();
        let (ok, out, err) = lotr(&[
            "compare",
            "core-leadership",
            "core-tactics",
            "--mode",
            "easy",
            "--bot",
            "random",
            "--games",
            "700",
            "--seed",
            "5",
            "--threads",
            threads,
            "--out",
            d,
            "--per-game",
            "--quiet",
        ]);
        assert!(ok, "{err}");
        assert!(
            out.contains("paired 95% CI") && out.contains("McNemar"),
            "{out}"
        );
        // The paired progress score: both means between 0 and 100, their difference printed.
        let prog = out
            .lines()
            .find(|l| l.starts_with("progress score"))
            .unwrap_or_else(|| panic!("no progress line: {out}"));
        let num = |key: &str| -> f64 {
            let rest = &prog[prog.find(key).unwrap() + key.len()..];
            rest.split([',', ';'])
                .next()
                .unwrap()
                .trim()
                .parse()
                .unwrap()
        };
        let (a, b, diff) = (num(": A "), num(", B "), num("difference "));
        assert!(
            (0.0..=100.0).contains(&a) && (0.0..=100.0).contains(&b),
            "{prog}"
        );
        assert!((a - b - diff).abs() < 0.011, "{prog}");
        let csv = fs::read_to_string(dir.join("compare.csv")).unwrap();
        let pairs = fs::read_to_string(dir.join("pairs.csv")).unwrap();
        assert_eq!(pairs.lines().count(), 701);
        assert!(pairs.starts_with("index,outcome_a,outcome_b,rounds_a,rounds_b\n"));
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 2);
        let header: Vec<&str> = lines[0].split(',').collect();
        let row: Vec<&str> = lines[1].split(',').collect();
        assert_eq!(header.len(), row.len());
        let get = |k: &str| row[header.iter().position(|h| *h == k).unwrap()];
        assert_eq!(get("games"), "700");
        assert_eq!(get("deck_a"), "core-leadership");
        assert_eq!(get("deck_b"), "core-tactics");
        let both: u64 = get("both_won").parse().unwrap();
        let a: u64 = get("only_a_won").parse().unwrap();
        let b: u64 = get("only_b_won").parse().unwrap();
        let n: u64 = get("neither_won").parse().unwrap();
        assert_eq!(both + a + b + n, 700);
        let pw: f64 = get("diff_width95").parse().unwrap();
        let uw: f64 = get("unpaired_width95").parse().unwrap();
        assert!(pw <= uw + 1e-9, "paired {pw} unpaired {uw}");
        csvs.push((csv, pairs));
        let _ = fs::remove_dir_all(&dir);
    }
    assert_eq!(csvs[0], csvs[1], "--threads 1 and 2 give identical files");
}

#[test]
fn compare_multiplayer_seat_and_errors() {
    let dir = unique_dir("mp");
    let d = dir.to_str().unwrap();
    let (ok, out, err) = lotr(&[
        "compare",
        "core-leadership",
        "core-tactics",
        "--deck",
        "core-spirit",
        "--seat",
        "2",
        "--bot",
        "random",
        "--games",
        "50",
        "--out",
        d,
        "--quiet",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("2 player(s), seat 2"), "{out}");
    assert!(out.contains("core-spirit+core-leadership"), "{out}");
    let csv = fs::read_to_string(dir.join("compare.csv")).unwrap();
    assert!(csv.lines().nth(1).unwrap().contains(",2,2,core-leadership,core-tactics,core-spirit+core-leadership,core-spirit+core-tactics,"), "{csv}");
    let _ = fs::remove_dir_all(&dir);
    let (ok, _, err) = lotr(&["compare", "core-leadership", "core-tactics", "--seat", "2"]);
    assert!(!ok && err.contains("--seat 2 does not exist"), "{err}");
    let (ok, _, err) = lotr(&["compare", "core-leadership", "no-such-deck"]);
    assert!(!ok && err.contains("no-such-deck"), "{err}");
}

#[test]
fn deck_check_command() {
    let fx = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/decks/");
    let (ok, out, err) = lotr(&[
        "deck",
        "check",
        "core-lore",
        &format!("{fx}forum-accents.txt"),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("starting threat: 30"), "{out}");
    assert!(out.contains("spheres: Lore 3 heroes + 28 cards"), "{out}");
    assert!(out.contains("result: legal, with warnings"), "{out}");
    assert!(
        out.contains("result: legal (0 errors, 0 warnings)"),
        "{out}"
    );
    let (ok, out, err) = lotr(&[
        "deck",
        "check",
        &format!("{fx}bad-unknown-card.txt"),
        "core-lore",
    ]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("bad-unknown-card.txt:6: unknown card `Snowborn Scuot`"),
        "{out}"
    );
    assert!(err.contains("1 of 2 deck(s)"), "{err}");
}

#[test]
fn bot_vs_bot_pairs_are_each_bots_batch_games() {
    let a = setup(&["core-leadership"]);
    let n = 300;
    let la = "lookahead:rollouts=1,width=2".to_string();
    let pairs = run_compare_bots(
        db(),
        &a,
        &a,
        &["random".to_string()],
        std::slice::from_ref(&la),
        n,
        4,
        2,
        None,
    );
    let solo = |bot: &str, games: u64| {
        let mut g = Game::new(db(), &a);
        let mut b = vec![lotr_sim::bots::make(bot).unwrap()];
        (0..games)
            .map(|i| play_game(&mut g, &mut b, 4, i))
            .collect::<Vec<_>>()
    };
    let ra = solo("random", n);
    let rb = solo(&la, n);
    for (i, p) in pairs.iter().enumerate() {
        assert_eq!((p.a, p.rounds_a), (ra[i].outcome, ra[i].rounds), "game {i}");
        assert_eq!((p.b, p.rounds_b), (rb[i].outcome, rb[i].rounds), "game {i}");
    }
}

#[test]
fn compare_bot_a_bot_b_command() {
    let mut csvs = Vec::new();
    for threads in ["1", "2"] {
        let dir = unique_dir(&format!("bots{threads}"));
        let d = dir.to_str().unwrap();
        let (ok, out, err) = lotr(&[
            "compare",
            "--bot-a",
            "lookahead:width=2, rollouts=1",
            "--bot-b",
            "basic",
            "--mode",
            "easy",
            "--games",
            "24",
            "--threads",
            threads,
            "--out",
            d,
            "--quiet",
        ]);
        assert!(ok, "{err}");
        assert!(
            out.contains("bots lookahead:rollouts=1,width=2 vs basic"),
            "{out}"
        );
        let csv = fs::read_to_string(dir.join("compare.csv")).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        let header: Vec<&str> = lines[0].split(',').collect();
        // The spec holds a comma: the CSV quotes it.
        assert!(
            lines[1].contains(",core-leadership,core-leadership,"),
            "{csv}"
        );
        assert!(
            lines[1].contains("\"lookahead:rollouts=1,width=2\",basic,"),
            "{csv}"
        );
        assert!(header.contains(&"bots_a") && header.contains(&"bots_b"));
        csvs.push(csv);
        let _ = fs::remove_dir_all(&dir);
    }
    assert_eq!(csvs[0], csvs[1], "--threads 1 and 2 give identical files");
    let code = |args: &[&str]| {
        let o = Command::new(BIN).args(args).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (c, err) = code(&["compare", "--bot-a", "lookahead:fast=1", "--bot-b", "basic"]);
    assert_eq!(c, Some(2), "{err}");
    assert!(
        err.contains("lookahead") && err.contains("fast") && err.contains("rollouts"),
        "{err}"
    );
    let (c, err) = code(&[
        "compare",
        "--bot-a",
        "lookahead",
        "--bot-b",
        "basic",
        "--bot",
        "random",
    ]);
    assert_eq!(c, Some(2), "{err}");
    let (c, err) = code(&["compare", "--bot-a", "lookahead"]);
    assert_eq!(c, Some(2), "{err}");
    let (c, err) = code(&["compare", "core-leadership"]);
    assert_eq!(c, Some(2), "{err}");
    assert!(err.contains("--bot-a"), "{err}");
}
