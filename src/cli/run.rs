//! `run`: plays a batch (sweeps, shards, resume, checkpoints, Ctrl-C) and writes the reports.

use anyhow::{Context, Result};
use lotr_sim::batch::{run_work, PerGame};
use lotr_sim::checkpoint::{
    fnv1a64, Checkpoint, ComboState, Resolved, RunSpec, RunState, Shard, GAMES_PART,
};
use lotr_sim::data::{CardDb, Mode};
use lotr_sim::deck::Deck;
use lotr_sim::engine::GameSetup;
use lotr_sim::lock::FolderLock;
use lotr_sim::report::{self, RunKey};
use lotr_sim::soak::missing_scenario_cards;
use lotr_sim::stats::Accumulator;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::args::*;

use super::common::*;

/// Game arguments of one combination of a run spec.
pub(super) fn game_args(spec: &RunSpec, scenario: &str, mode: &str) -> GameArgs {
    GameArgs {
        scenario: scenario.to_string(),
        mode: mode.to_string(),
        decks: spec.decks.clone(),
        players: spec.players,
        bots: spec.bots.clone(),
        seed: spec.seed,
        max_rounds: spec.max_rounds,
        allow_unimplemented: spec.allow_unimplemented,
        rules: spec.rules.clone(),
    }
}

/// Content hash of a resolved deck: card codes of heroes and cards, in deck order.
pub(super) fn deck_hash(db: &CardDb, d: &Deck) -> u64 {
    let mut s = String::new();
    for &h in &d.heroes {
        s.push_str(&db.def(h).code);
        s.push(',');
    }
    s.push(';');
    for &c in &d.cards {
        s.push_str(&db.def(c).code);
        s.push(',');
    }
    // A loot deck (The Burglar's Turn) only when there is one: other decks keep their hash.
    if !d.loot.is_empty() {
        s.push_str(";loot:");
        for &c in &d.loot {
            s.push_str(&db.def(c).code);
            s.push(',');
        }
    }
    fnv1a64(s.as_bytes())
}

/// A validated run: one configuration per scenario × mode combination.
pub(super) struct Plan {
    configs: Vec<Config>,
    resolved: Resolved,
    /// Combinations `all` left out, with the reason.
    skipped: Vec<String>,
    /// Deck cards played without their abilities (`--allow-unimplemented`).
    blank: Vec<String>,
}

/// Resolve and validate a run spec. Refuses what the engine cannot play faithfully: a
/// scenario × mode with encounter or quest cards whose abilities are missing (named
/// explicitly: an error; through `all`: skipped), or decks with such cards (unless
/// `--allow-unimplemented`, which plays them without their abilities and says so).
pub(super) fn plan(db: &CardDb, spec: &RunSpec) -> Result<Plan> {
    if spec.games == 0 || spec.games > MAX_GAMES {
        return usage(format!(
            "--games must be 1 to {MAX_GAMES}, not {}",
            spec.games
        ));
    }
    if spec.shard.count > spec.games {
        return usage(format!(
            "--shard {}: {} shards of {} games would leave shards without games; use at most {} shards",
            spec.shard, spec.shard.count, spec.games, spec.games
        ));
    }
    let sc_list = list_spec(&spec.scenario, "scenario")?;
    let mode_list = list_spec(&spec.mode, "mode")?;
    let scs: Vec<usize> = match &sc_list {
        None => (0..db.scenarios.len()).collect(),
        Some(names) => names
            .iter()
            .map(|n| find_scenario(db, n))
            .collect::<Result<_>>()?,
    };
    let modes: Vec<Mode> = match &mode_list {
        None => Mode::ALL.to_vec(),
        Some(names) => names.iter().map(|n| parse_mode(n)).collect::<Result<_>>()?,
    };
    let sweep_all = sc_list.is_none() || mode_list.is_none();
    let mut configs = Vec::new();
    let mut skipped = Vec::new();
    for &sc in &scs {
        let slug = &db.scenarios[sc].slug;
        for &m in &modes {
            if !scenario_modes(db, sc).contains(&m) {
                if sweep_all {
                    skipped.push(format!("{slug} {}: no such mode", m.name()));
                    continue;
                }
                return usage(format!(
                    "scenario `{slug}` has no {} mode; available: {}",
                    m.name(),
                    mode_names(&scenario_modes(db, sc))
                ));
            }
            if !missing_scenario_cards(db, sc, m).is_empty() {
                if sweep_all {
                    skipped.push(format!(
                        "{slug} {}: {} card(s) not implemented",
                        m.name(),
                        missing_scenario_cards(db, sc, m).len()
                    ));
                    continue;
                }
                refuse_unimplemented_scenario(db, sc, m)?;
            }
            configs.push(configure(db, &game_args(spec, slug, m.name()))?);
        }
    }
    if configs.is_empty() {
        return usage(format!(
            "nothing to play: no scenario × mode of --scenario {} --mode {} can be played ({}); see `lotr-sim list scenarios`",
            spec.scenario,
            spec.mode,
            skipped.join("; ")
        ));
    }
    let blank = blank_deck_cards(db, &configs[0].setup.decks, spec.allow_unimplemented)?;
    for c in &mut configs {
        c.key.unimplemented_cards = blank.join(";");
    }
    let first = &configs[0];
    for d in &first.setup.decks {
        if d.name.contains(['\n', '\r']) {
            return usage("a deck name cannot contain a line break");
        }
    }
    for d in &spec.decks {
        if d.contains(['\n', '\r']) {
            return usage("a --deck path cannot contain a line break");
        }
    }
    let rows = spec.games.saturating_mul(configs.len() as u64);
    if spec.per_game && rows > MAX_PER_GAME_ROWS {
        return usage(format!(
            "--per-game keeps every game's row in memory to write games.csv sorted (and merge reads every shard's rows): at most {MAX_PER_GAME_ROWS} games in all, but {} games × {} combination(s) = {rows}; drop --per-game, or play fewer games",
            spec.games,
            configs.len()
        ));
    }
    let resolved = Resolved {
        engine_version: report::ENGINE_VERSION.to_string(),
        decks: first
            .setup
            .decks
            .iter()
            .map(|d| (d.name.clone(), deck_hash(db, d)))
            .collect(),
        combos: configs
            .iter()
            .map(|c| (c.key.scenario.clone(), c.key.mode))
            .collect(),
        bots: first.bots.clone(),
        rules: first.key.rules.clone(),
        unimplemented: blank.join(";"),
    };
    Ok(Plan {
        configs,
        resolved,
        skipped,
        blank,
    })
}

pub(super) fn spec_from_args(a: &RunArgs) -> Result<RunSpec> {
    let shard = match &a.shard {
        None => Shard::default(),
        Some(s) => match Shard::parse(s) {
            Ok(s) => s,
            Err(e) => return usage(e),
        },
    };
    Ok(RunSpec {
        scenario: a.game.scenario.clone(),
        mode: a.game.mode.clone(),
        decks: a.game.decks.clone(),
        players: a.game.players,
        bots: a.game.bots.clone(),
        seed: a.game.seed,
        max_rounds: a.game.max_rounds,
        rules: a.game.rules.clone(),
        allow_unimplemented: a.game.allow_unimplemented,
        games: a.games,
        shard,
        per_game: a.per_game,
    })
}

/// The default output folder of a run spec: `results/<scenario>-<mode>` as given.
fn default_out(spec: &RunSpec) -> PathBuf {
    let name =
        format!("{}-{}", spec.scenario.trim(), spec.mode.trim()).replace([',', '/', ' '], "+");
    PathBuf::from("results").join(name)
}

/// The command line, for the lock file (what another process is told holds the folder).
pub(super) fn command_line() -> String {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    args.join(" ").chars().take(200).collect()
}

/// `--resume DIR`: lock the folder, read its checkpoint and check that options given again
/// name the same run (compared as resolved: `--deck core-leadership` written out is the
/// default deck) and that the run still resolves the same (deck files, engine version).
fn resume(db: &CardDb, a: &RunArgs, dir: &Path) -> Result<(Plan, Checkpoint, FolderLock)> {
    if !dir.is_dir() {
        return usage(format!(
            "nothing to resume in {}: {} (is it the --out folder of a run?)",
            dir.display(),
            if dir.exists() {
                "a file, not a folder"
            } else {
                "no such folder"
            }
        ));
    }
    let lock = lock_folder(dir, &command_line())?;
    let ck = match Checkpoint::read(dir) {
        Ok(Some(c)) => c,
        Ok(None) => {
            return usage(format!(
            "nothing to resume in {}: it has no checkpoint.txt (is it the --out folder of a run?)",
            dir.display()
        ))
        }
        Err(e) => {
            return usage(format!(
                "{e}. This run cannot be resumed; start it again (with --force to reuse the folder)"
            ))
        }
    };
    // Options given with --resume must agree with the checkpoint.
    let given = spec_from_args(a)?;
    let mut asked = ck.spec.clone();
    for id in &a.explicit {
        match id.as_str() {
            "scenario" => asked.scenario = given.scenario.clone(),
            "mode" => asked.mode = given.mode.clone(),
            "decks" => asked.decks = given.decks.clone(),
            "players" => asked.players = given.players,
            "bots" => asked.bots = given.bots.clone(),
            "seed" => asked.seed = given.seed,
            "max_rounds" => asked.max_rounds = given.max_rounds,
            "allow_unimplemented" => asked.allow_unimplemented = given.allow_unimplemented,
            "rules" => asked.rules = given.rules.clone(),
            "games" => asked.games = given.games,
            "shard" => asked.shard = given.shard,
            "per_game" => asked.per_game = given.per_game,
            _ => {}
        }
    }
    if asked != ck.spec {
        let pa = plan(db, &asked)?;
        let diff = ck.differences(
            &Checkpoint {
                spec: asked,
                resolved: pa.resolved,
                ..Checkpoint::default()
            },
            false,
        );
        if !diff.is_empty() {
            return usage(format!(
                "the checkpoint in {} is for a different run (it differs in: {}); drop those options to resume it, or start a new run with another --out",
                dir.display(),
                diff.join(", ")
            ));
        }
    }
    let p = plan(db, &ck.spec)?;
    let now = Checkpoint {
        spec: ck.spec.clone(),
        resolved: p.resolved.clone(),
        ..Checkpoint::default()
    };
    let diff = ck.differences(&now, false);
    if !diff.is_empty() {
        return usage(format!(
            "cannot resume {}: the run no longer resolves the same ({}); start it again with --force",
            dir.display(),
            diff.join(", ")
        ));
    }
    Ok((p, ck, lock))
}

pub(super) fn cmd_run(a: &RunArgs) -> Result<()> {
    let db = load_db()?;
    let threads = match a.threads {
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let interval = (a.checkpoint_interval > 0.0)
        .then(|| std::time::Duration::from_secs_f64(a.checkpoint_interval));
    // The folder stays locked until this function returns.
    let (p, ckpt, out, _lock) = match &a.resume {
        Some(dir) => {
            let (p, ck, lock) = resume(&db, a, dir)?;
            (p, ck, dir.clone(), lock)
        }
        None => {
            let spec = spec_from_args(a)?;
            let out = a.out.clone().unwrap_or_else(|| default_out(&spec));
            let p = plan(&db, &spec)?;
            let fresh = Checkpoint {
                spec,
                resolved: p.resolved.clone(),
                complete: false,
                games_bytes: 0,
                combos: vec![ComboState::default(); p.configs.len()],
            };
            let lock = claim_out(&out, Writes::Run(&fresh), a.force, &command_line())?;
            (p, fresh, out, lock)
        }
    };
    if !p.skipped.is_empty() {
        eprintln!(
            "skipped {} scenario × mode combination(s) that cannot be played: {}",
            p.skipped.len(),
            p.skipped.join("; ")
        );
    }
    warn_blank(&p.blank);
    if !a.quiet {
        for (seat, d) in p.configs[0].setup.decks.iter().enumerate() {
            if d.cards.len() < 50 {
                eprintln!(
                    "note: deck `{}` (seat {}) has {} cards; constructed decks need 50 (the Core sphere decks are 30-card introductory decks)",
                    clip(&d.name),
                    seat + 1,
                    d.cards.len()
                );
            }
        }
    }
    let mut state = RunState::open(&out, ckpt, interval).map_err(|e| {
        UsageError(format!(
            "{e}; this run cannot be resumed: start it again with --force"
        ))
    })?;
    state
        .checkpoint()
        .with_context(|| format!("cannot write the checkpoint in {}", out.display()))?;
    let planned = state.ckpt.planned();
    let before = state.ckpt.played();
    let keys = state.ckpt.keys();
    let items = state.remaining();
    let progress = Progress::start(planned, before, "games", a.quiet, a.progress_interval);
    let stop = stop_flag();
    let setups: Vec<GameSetup> = p.configs.iter().map(|c| c.setup.clone()).collect();
    let mut io_err = None;
    let t0 = Instant::now();
    let played_out = run_work(
        &db,
        &setups,
        &p.configs[0].bots,
        state.ckpt.spec.seed,
        &items,
        threads,
        if state.ckpt.spec.per_game {
            PerGame::Rows
        } else {
            PerGame::No
        },
        &stop,
        |d| {
            let k = &keys[d.item.combo];
            if keys.len() > 1 {
                progress
                    .bar()
                    .set_message(format!("{} {}", k.scenario, k.mode.name()));
            }
            progress.bar().inc(d.item.len());
            if io_err.is_none() {
                if let Err(e) = state.add(d) {
                    io_err = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        },
        lotr_sim::engine::GAME_DECISION_LIMIT,
    );
    let secs = t0.elapsed().as_secs_f64();
    progress.finish();
    if let Some(e) = io_err {
        return Err(anyhow::Error::new(e)
            .context(format!("cannot write the checkpoint in {}", out.display())));
    }
    state
        .checkpoint()
        .with_context(|| format!("cannot write the checkpoint in {}", out.display()))?;
    if let Err(e) = played_out {
        return Err(anyhow::Error::new(e).context(format!(
            "the run stopped: {} of {} games played are kept in the checkpoint {}, but no report \
             was written",
            state.ckpt.played(),
            state.ckpt.planned(),
            out.join(lotr_sim::checkpoint::CHECKPOINT).display()
        )));
    }
    let played = state.ckpt.played();
    if played < planned {
        return Err(Interrupted(format!(
            "interrupted: {played} of {planned} games played; they are kept in the checkpoint {}.\nresume with: lotr-sim run --resume {}",
            out.join(lotr_sim::checkpoint::CHECKPOINT).display(),
            out.display()
        ))
        .into());
    }
    let shard = state.ckpt.spec.shard;
    if shard.count == 1 {
        finish_reports(&out, &mut state)?;
    }
    for (k, c) in keys.iter().zip(&state.ckpt.combos) {
        print_summary(k, &c.acc)?;
    }
    let now = played - before;
    out!(
        "{now} games in {secs:.2} s on {threads} thread(s) ({:.0} games/s)",
        now as f64 / secs.max(1e-9)
    );
    if shard.count > 1 {
        let (lo, hi) = shard.range(state.ckpt.spec.games);
        out!(
            "shard {shard} (games {lo} to {}) done: {}; merge all {} shards with `lotr-sim merge --out DIR SHARD_DIR...`",
            hi.saturating_sub(1),
            out.display(),
            shard.count
        );
    } else {
        out!("results: {}", out.display());
        super::plot::after(&out, a.no_plots)?;
    }
    Ok(())
}

/// Write the reports of a finished unsharded run. With `--per-game`, `games.csv` comes from
/// the checked rows of `games.part`, which is then removed (a run resumed after that keeps
/// its `games.csv`).
fn finish_reports(out: &Path, state: &mut RunState) -> Result<()> {
    let keys = state.ckpt.keys();
    let runs: Vec<(&RunKey, &Accumulator)> = keys
        .iter()
        .zip(state.ckpt.combos.iter().map(|c| &c.acc))
        .collect();
    if !state.ckpt.spec.per_game {
        report::write_results(out, &runs, None)?;
        return Ok(());
    }
    if state.rows.is_empty() && state.ckpt.played() > 0 {
        // Finished before: games.part was folded into games.csv.
        if !out.join("games.csv").exists() {
            return usage(format!(
                "{} is missing and games.part was already folded into it: the per-game rows cannot be rebuilt; run again with --force",
                out.join("games.csv").display()
            ));
        }
        report::write_reports(out, &runs)?;
    } else {
        state
            .ckpt
            .check_rows(&mut state.rows)
            .map_err(|e| anyhow::anyhow!("{}: {e}", out.join(GAMES_PART).display()))?;
        report::write_results(out, &runs, Some(&mut state.rows))?;
    }
    state
        .finish_games()
        .with_context(|| format!("cannot remove {}", out.join(GAMES_PART).display()))?;
    Ok(())
}
