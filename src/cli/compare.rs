//! `lotr-sim compare DECK_A DECK_B`: a paired comparison of two decks on the same scenario,
//! mode, bots and seeds (common random numbers, see `lotr_sim::compare`). Writes
//! `compare.csv` (one row), each side's `summary.csv` / `rounds.csv` / `threat.csv` and, with
//! `--per-game`, `pairs.csv`; prints a short summary; draws the pictures (`plot`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::args::*;
use anyhow::{Context, Result};

use lotr_sim::cards::{self, Status};
use lotr_sim::compare::{run_compare_sides, PairedGame, PairedStats, RoundsDiff};
use lotr_sim::data::{self, CardDb, DefId, Mode};
use lotr_sim::deck::Deck;
use lotr_sim::engine::GameSetup;
use lotr_sim::record::MAX_PLAYERS;

use super::common::{
    bot_specs, claim_out, rules_and_cap, stop_flag, usage, Interrupted, Progress, Writes,
};

pub(super) fn load(spec: &str, db: &CardDb) -> Result<Deck> {
    super::common::load_deck(spec, db)
}

/// Encounter/quest cards of the scenario in `mode`, and deck cards, whose abilities are missing.
pub(super) fn missing(
    db: &CardDb,
    sc: usize,
    mode: Mode,
    decks: &[&Deck],
) -> (Vec<DefId>, Vec<DefId>) {
    let enc = lotr_sim::soak::missing_scenario_cards(db, sc, mode);
    let mut dk: Vec<DefId> = decks
        .iter()
        .flat_map(|d| d.heroes.iter().chain(&d.cards).chain(&d.loot).copied())
        .filter(|&id| cards::status(db, id) == Status::Missing)
        .collect();
    dk.sort_unstable();
    dk.dedup();
    (enc, dk)
}

pub(super) fn titles(db: &CardDb, ids: &[DefId]) -> String {
    ids.iter()
        .map(|&id| format!("{} ({})", db.def(id).title, db.def(id).code))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The two setups (deck A / deck B at `seat`), the bots of each side and the changed rules.
pub(super) struct Config {
    a: GameSetup,
    b: GameSetup,
    bots_a: Vec<String>,
    bots_b: Vec<String>,
    rules: String,
    seat: usize,
}

pub(super) fn configure(db: &CardDb, x: &CompareArgs) -> Result<Config> {
    let Some(sc) = db.scenario(&x.scenario) else {
        return usage(format!(
            "unknown scenario `{}`; valid scenarios: {}",
            x.scenario,
            db.scenarios
                .iter()
                .map(|s| s.slug.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    let Some(mode) = Mode::ALL.into_iter().find(|m| m.name() == x.mode) else {
        return usage(format!(
            "unknown mode `{}`; valid modes: easy, standard, nightmare",
            x.mode
        ));
    };
    if db.scenarios[sc].quest[mode as usize].is_empty() {
        return usage(format!(
            "scenario `{}` has no {} mode",
            x.scenario,
            mode.name()
        ));
    }
    let players = x.others.len() + 1;
    if players > MAX_PLAYERS {
        return usage(format!(
            "at most {MAX_PLAYERS} players: DECK_A/DECK_B plus {} --deck",
            x.others.len()
        ));
    }
    if x.seat == 0 || x.seat > players {
        return usage(format!(
            "--seat {} does not exist with {players} player(s) (seats 1 to {players}; pass --deck once per other seat)",
            x.seat
        ));
    }
    let bot_vs_bot = !x.bots_a.is_empty();
    let (spec_a, spec_b) = match (&x.deck_a, &x.deck_b) {
        (Some(a), Some(b)) => (a.clone(), b.clone()),
        (Some(a), None) if bot_vs_bot => (a.clone(), a.clone()),
        (None, _) if bot_vs_bot => (
            super::args::DEFAULT_DECK.to_string(),
            super::args::DEFAULT_DECK.to_string(),
        ),
        _ => {
            return usage(
                "compare needs two decks (`compare DECK_A DECK_B`), or two bots (`compare [DECK] --bot-a SPEC --bot-b SPEC`)",
            )
        }
    };
    let da = load(&spec_a, db)?;
    let db_ = load(&spec_b, db)?;
    let others: Vec<Deck> = x
        .others
        .iter()
        .map(|s| load(s, db))
        .collect::<Result<_>>()?;
    let seat = x.seat - 1;
    let seats = |d: &Deck| {
        let mut v = others.clone();
        v.insert(seat, d.clone());
        v
    };
    let per_seat = |given: &[String], flag: &str| -> Result<Vec<String>> {
        let v = match given.len() {
            0 => vec![super::args::DEFAULT_BOT.to_string(); players],
            1 => vec![given[0].clone(); players],
            n if n == players => given.to_vec(),
            n => {
                return usage(format!(
                    "{n} {flag} given for {players} player(s): pass {flag} once for every seat, or once per seat"
                ))
            }
        };
        bot_specs(&v)
    };
    let (bots_a, bots_b) = if bot_vs_bot {
        (
            per_seat(&x.bots_a, "--bot-a")?,
            per_seat(&x.bots_b, "--bot-b")?,
        )
    } else {
        let b = per_seat(&x.bots, "--bot")?;
        (b.clone(), b)
    };
    let (options, changed) = rules_and_cap(x.max_rounds, &x.rules)?;
    let setup = |decks: Vec<Deck>| GameSetup {
        scenario: sc,
        mode,
        decks,
        options: options.clone(),
        max_rounds: x.max_rounds,
        allow_unimplemented: x.allow_unimplemented,
    };
    let a = setup(seats(&da));
    let b = setup(seats(&db_));
    for s in [&a, &b] {
        if let Err(e) = s.validate(db) {
            return usage(e);
        }
    }
    let all: Vec<&Deck> = a.decks.iter().chain(&b.decks).collect();
    let (enc, dk) = missing(db, sc, mode, &all);
    if !enc.is_empty() {
        return usage(format!(
            "scenario `{}` in {} mode is not implemented yet: {} encounter/quest card(s) have abilities the engine does not implement: {}",
            x.scenario,
            mode.name(),
            enc.len(),
            titles(db, &enc)
        ));
    }
    if !dk.is_empty() {
        if !x.allow_unimplemented {
            return usage(format!(
                "{} deck card(s) have abilities the engine does not implement: {}. Remove them, or pass --allow-unimplemented to play them without their abilities",
                dk.len(),
                super::common::missing_where(db, &all)
            ));
        }
        eprintln!(
            "warning: {} deck card(s) are played WITHOUT their abilities (--allow-unimplemented): {}",
            dk.len(),
            titles(db, &dk)
        );
    }
    Ok(Config {
        a,
        b,
        bots_a,
        bots_b,
        rules: changed.join(";"),
        seat,
    })
}

pub fn run(x: &CompareArgs) -> Result<()> {
    let db = data::load_embedded().context("cannot load the embedded card data")?;
    let cfg = configure(&db, x)?;
    let threads = match x.threads {
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let out_dir = x.out.clone().unwrap_or_else(|| {
        PathBuf::from("results").join(format!(
            "compare-{}-{}",
            db.scenarios[cfg.a.scenario].slug,
            cfg.a.mode.name()
        ))
    });
    // Claimed (locked, checked) before playing; held until the files are written.
    let _lock = claim_out(
        &out_dir,
        Writes::Compare,
        x.force,
        &super::run::command_line(),
    )?;
    let progress = Progress::start(x.games, 0, "pairs", x.quiet, x.progress_interval);
    let t0 = Instant::now();
    let stop = stop_flag();
    let done = run_compare_sides(
        &db,
        &cfg.a,
        &cfg.b,
        &cfg.bots_a,
        &cfg.bots_b,
        x.games,
        x.seed,
        threads,
        Some(progress.bar()),
        &stop,
    );
    let done = match done {
        Ok(d) => d,
        Err(e) => {
            progress.finish();
            return Err(anyhow::Error::new(e).context(format!(
                "the comparison stopped; nothing was written to {}",
                out_dir.display()
            )));
        }
    };
    let Some((pairs, sides)) = done else {
        progress.finish();
        return Err(Interrupted(format!(
            "interrupted: the comparison was stopped before its {} pairs were played; nothing was written to {} (a comparison has no checkpoint: run it again)",
            x.games,
            out_dir.display()
        ))
        .into());
    };
    let secs = t0.elapsed().as_secs_f64();
    progress.finish();
    let st = PairedStats::from_pairs(pairs.iter().map(|p| (p.a.is_win(), p.b.is_win())));
    let rd = RoundsDiff::from_pairs(pairs.iter().map(|p| (p.rounds_a, p.rounds_b)));
    let key = Key {
        scenario: db.scenarios[cfg.a.scenario].slug.clone(),
        mode: cfg.a.mode,
        players: cfg.a.decks.len(),
        seat: cfg.seat,
        deck_a: cfg.a.decks[cfg.seat].name.clone(),
        deck_b: cfg.b.decks[cfg.seat].name.clone(),
        decks_a: join(&cfg.a.decks),
        decks_b: join(&cfg.b.decks),
        bots: if cfg.bots_a == cfg.bots_b {
            cfg.bots_a.join("+")
        } else {
            format!("{} vs {}", cfg.bots_a.join("+"), cfg.bots_b.join("+"))
        },
        bots_a: cfg.bots_a.join("+"),
        bots_b: cfg.bots_b.join("+"),
        seed: x.seed,
        max_rounds: x.max_rounds,
        rules: cfg.rules.clone(),
    };
    write_atomic(
        &out_dir.join("compare.csv"),
        &compare_csv(&key, &st, &rd, &pairs),
    )?;
    if x.per_game {
        write_atomic(&out_dir.join("pairs.csv"), &pairs_csv(&pairs))?;
    }
    write_sides(&out_dir, &cfg, &key, &sides)?;
    let mut o = std::io::stdout().lock();
    for line in summary(&key, &st, &rd, secs, threads) {
        writeln!(o, "{line}")?;
    }
    // How far the games got, for quests that neither side wins (tenths back to points).
    let pd = RoundsDiff::from_pairs(pairs.iter().map(|p| (p.progress_a, p.progress_b)));
    writeln!(
        o,
        "progress score (100 a win, else 10 per quest stage beyond the first + stage progress / 10): A {:.2}, B {:.2}; difference {:+.2}, paired 95% CI {:+.2} to {:+.2}",
        pd.mean_a / 10.0,
        pd.mean_b / 10.0,
        pd.diff / 10.0,
        pd.paired95.0 / 10.0,
        pd.paired95.1 / 10.0
    )?;
    writeln!(o, "results: {}", out_dir.display())?;
    drop(o);
    super::plot::after(&out_dir, x.no_plots)?;
    Ok(())
}

/// Each side's `summary.csv`, `rounds.csv` and `threat.csv` rows (two configurations, A then B:
/// they differ in decks or in bots), for the pictures.
fn write_sides(
    dir: &Path,
    cfg: &Config,
    k: &Key,
    sides: &[lotr_sim::stats::Accumulator; 2],
) -> Result<()> {
    let key = |s: &GameSetup, bots: &[String]| lotr_sim::report::RunKey {
        scenario: k.scenario.clone(),
        mode: s.mode,
        players: s.decks.len() as u8,
        decks: s.decks.iter().map(|d| d.name.clone()).collect(),
        bots: bots.to_vec(),
        seed: k.seed,
        rules: k.rules.clone(),
        max_rounds: k.max_rounds,
        unimplemented_cards: String::new(),
    };
    let (ka, kb) = (key(&cfg.a, &cfg.bots_a), key(&cfg.b, &cfg.bots_b));
    lotr_sim::report::write_results(dir, &[(&ka, &sides[0]), (&kb, &sides[1])], None)?;
    Ok(())
}

pub(super) fn join(decks: &[Deck]) -> String {
    decks
        .iter()
        .map(|d| d.name.as_str())
        .collect::<Vec<_>>()
        .join("+")
}

/// What identifies a comparison (the CSV's first columns).
pub struct Key {
    pub scenario: String,
    pub mode: Mode,
    pub players: usize,
    /// 0-based seat that changes deck.
    pub seat: usize,
    pub deck_a: String,
    pub deck_b: String,
    pub decks_a: String,
    pub decks_b: String,
    /// The bots: side A's when both sides have the same, else `A vs B`.
    pub bots: String,
    pub bots_a: String,
    pub bots_b: String,
    pub seed: u64,
    pub max_rounds: u16,
    pub rules: String,
}

/// Columns of `compare.csv` (documented in README.md).
pub const COMPARE_HEADER: &str =
    "scenario,mode,players,seat,deck_a,deck_b,decks_a,decks_b,bots,bots_a,bots_b,games,seed,max_rounds,rules,\
wins_a,wins_b,win_rate_a,win_rate_b,win_a_lo95,win_a_hi95,win_b_lo95,win_b_hi95,\
both_won,only_a_won,only_b_won,neither_won,diff,diff_lo95,diff_hi95,diff_width95,\
unpaired_lo95,unpaired_hi95,unpaired_width95,mcnemar_chi2,mcnemar_p,mcnemar_method,\
rounds_mean_a,rounds_mean_b,rounds_diff,rounds_diff_lo95,rounds_diff_hi95,\
rounds_unpaired_lo95,rounds_unpaired_hi95,unimplemented_plays_a,unimplemented_plays_b,engine_version,\
schema_version";

pub(super) fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub(super) fn f6(x: f64) -> String {
    format!("{x:.6}")
}

pub fn compare_csv(k: &Key, s: &PairedStats, r: &RoundsDiff, pairs: &[PairedGame]) -> String {
    let ua: u64 = pairs.iter().map(|p| p.unimplemented_a as u64).sum();
    let ub: u64 = pairs.iter().map(|p| p.unimplemented_b as u64).sum();
    let row = [
        field(&k.scenario),
        k.mode.name().to_string(),
        k.players.to_string(),
        (k.seat + 1).to_string(),
        field(&k.deck_a),
        field(&k.deck_b),
        field(&k.decks_a),
        field(&k.decks_b),
        field(&k.bots),
        field(&k.bots_a),
        field(&k.bots_b),
        s.n.to_string(),
        k.seed.to_string(),
        k.max_rounds.to_string(),
        field(&k.rules),
        s.wins_a.to_string(),
        s.wins_b.to_string(),
        f6(s.rate_a),
        f6(s.rate_b),
        f6(s.a95.0),
        f6(s.a95.1),
        f6(s.b95.0),
        f6(s.b95.1),
        s.both.to_string(),
        s.only_a.to_string(),
        s.only_b.to_string(),
        s.neither.to_string(),
        f6(s.diff),
        f6(s.paired95.0),
        f6(s.paired95.1),
        f6(s.paired_width()),
        f6(s.unpaired95.0),
        f6(s.unpaired95.1),
        f6(s.unpaired_width()),
        f6(s.mcnemar_chi2),
        format!("{:.6e}", s.mcnemar_p),
        s.mcnemar_method.name().to_string(),
        f6(r.mean_a),
        f6(r.mean_b),
        f6(r.diff),
        f6(r.paired95.0),
        f6(r.paired95.1),
        f6(r.unpaired95.0),
        f6(r.unpaired95.1),
        ua.to_string(),
        ub.to_string(),
        env!("CARGO_PKG_VERSION").to_string(),
        lotr_sim::report::SCHEMA_VERSION.to_string(),
    ];
    format!("{COMPARE_HEADER}\n{}\n", row.join(","))
}

/// Columns of `pairs.csv`.
pub const PAIRS_HEADER: &str = "index,outcome_a,outcome_b,rounds_a,rounds_b";

pub fn pairs_csv(pairs: &[PairedGame]) -> String {
    let mut s = String::with_capacity(32 * pairs.len() + 64);
    s.push_str(PAIRS_HEADER);
    s.push('\n');
    for p in pairs {
        s.push_str(&format!(
            "{},{},{},{},{}\n",
            p.index,
            p.a.name(),
            p.b.name(),
            p.rounds_a,
            p.rounds_b
        ));
    }
    s
}

pub(super) fn write_atomic(path: &Path, text: &str) -> Result<()> {
    lotr_sim::report::write_atomic(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

pub(super) fn pct(x: f64) -> String {
    format!("{:.3}%", 100.0 * x)
}

pub(super) fn pts(x: f64) -> String {
    format!("{:+.3}", 100.0 * x)
}

/// The human summary printed after a comparison.
pub fn summary(k: &Key, s: &PairedStats, r: &RoundsDiff, secs: f64, threads: usize) -> Vec<String> {
    let mut v = vec![
        format!(
            "{} ({}), {} player(s), seat {}: A = {} vs B = {}; seats A {} / B {}; bots {}; seed {}",
            k.scenario,
            k.mode.name(),
            k.players,
            k.seat + 1,
            k.deck_a,
            k.deck_b,
            k.decks_a,
            k.decks_b,
            k.bots,
            k.seed
        ),
        format!(
            "{} paired games ({} games) in {:.2} s on {} thread(s)",
            s.n,
            2 * s.n,
            secs,
            threads
        ),
        format!(
            "win rate A {} (95% CI {} to {}), B {} (95% CI {} to {})",
            pct(s.rate_a),
            pct(s.a95.0),
            pct(s.a95.1),
            pct(s.rate_b),
            pct(s.b95.0),
            pct(s.b95.1)
        ),
        format!(
            "difference A - B: {} points; paired 95% CI {} to {} (width {}); unpaired would be {} to {} (width {})",
            pts(s.diff),
            pts(s.paired95.0),
            pts(s.paired95.1),
            pts(s.paired_width()).trim_start_matches('+'),
            pts(s.unpaired95.0),
            pts(s.unpaired95.1),
            pts(s.unpaired_width()).trim_start_matches('+')
        ),
        format!(
            "pairs: both won {}, only A won {}, only B won {}, neither won {}",
            s.both, s.only_a, s.only_b, s.neither
        ),
        format!(
            "McNemar: p = {:.3e} ({}{})",
            s.mcnemar_p,
            match s.mcnemar_method {
                lotr_sim::compare::McNemarMethod::Exact => "exact binomial on the discordant pairs".to_string(),
                lotr_sim::compare::McNemarMethod::ChiSquare =>
                    format!("chi-square with continuity correction, {:.3}", s.mcnemar_chi2),
            },
            ""
        ),
    ];
    let verdict = if s.mcnemar_p < 0.05 {
        if s.diff > 0.0 {
            "A wins significantly more often than B (5% level)"
        } else {
            "B wins significantly more often than A (5% level)"
        }
    } else {
        "no significant difference at the 5% level"
    };
    v.push(verdict.to_string());
    v.push(format!(
        "rounds played: A {:.3}, B {:.3}; difference {:+.3}, paired 95% CI {:+.3} to {:+.3} (width {:.3}); unpaired would be {:+.3} to {:+.3} (width {:.3})",
        r.mean_a,
        r.mean_b,
        r.diff,
        r.paired95.0,
        r.paired95.1,
        r.paired95.1 - r.paired95.0,
        r.unpaired95.0,
        r.unpaired95.1,
        r.unpaired95.1 - r.unpaired95.0
    ));
    v
}
