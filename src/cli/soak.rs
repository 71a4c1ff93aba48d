//! `soak`: many games of every playable configuration with every invariant checked.

use anyhow::Result;
use lotr_sim::bots::BOTS;
use lotr_sim::record::MAX_ROUNDS;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::args::*;

use super::common::*;

pub(super) fn cmd_soak(a: &SoakArgs) -> Result<()> {
    use lotr_sim::soak;
    let db = load_db()?;
    if a.games == 0 {
        return usage("--games must be at least 1");
    }
    if a.max_rounds == 0 || a.max_rounds as usize > MAX_ROUNDS {
        return usage(format!(
            "--max-rounds must be 1 to {MAX_ROUNDS}, not {}",
            a.max_rounds
        ));
    }
    let threads = match a.threads {
        Some(0) => return usage("--threads must be at least 1"),
        Some(t) => t,
        None => 0,
    };
    let mut configs = soak::soak_configs(&db);
    if let Some(slug) = &a.scenario {
        let sc = find_scenario(&db, slug)?;
        configs.retain(|c| c.scenario == sc);
    }
    if configs.is_empty() {
        return usage("no scenario × mode can be played yet: nothing to soak");
    }
    let per = a.games.div_ceil(configs.len() as u64);
    let total = per * configs.len() as u64;
    let pb = Progress::start(total, 0, "games", a.quiet, 10.0);
    let stop = stop_flag();
    let t0 = Instant::now();
    let progress = |n: u64| {
        pb.bar().set_position(n);
    };
    let r = soak::soak(
        &db,
        &configs,
        per,
        a.seed,
        a.max_rounds,
        threads,
        &stop,
        &progress,
    )
    .map_err(anyhow::Error::msg)?;
    pb.finish();
    let mut combos = soak::playable_combos(&db);
    if let Some(slug) = &a.scenario {
        let sc = find_scenario(&db, slug)?;
        combos.retain(|&(s, _)| s == sc);
    }
    let names: Vec<String> = combos
        .iter()
        .map(|&(sc, m)| format!("{} {}", db.scenarios[sc].slug, m.name()))
        .collect();
    out!(
        "soak: {} configurations ({} × {} bots × 1-4 players; the games take teams of the {} built-in decks in turn), {} games per configuration",
        r.configs,
        names.join(", "),
        BOTS.len(),
        lotr_sim::deck::builtin_decks().len(),
        per
    );
    out!(
        "played {} games ({} decisions) in {:.1} s, seed {}; invariant violations: {}",
        r.games,
        r.decisions,
        t0.elapsed().as_secs_f64(),
        a.seed,
        r.violations
    );
    if let Some(v) = &r.first {
        let c = &v.config;
        let decks: Vec<String> = v.decks.iter().map(|d| format!("--deck {d}")).collect();
        out!(
            "first failure: {} {} {} player(s) (decks: {}) bot {} seed {} game {}: {}",
            db.scenarios[c.scenario].slug,
            c.mode.name(),
            c.players,
            v.decks.join(", "),
            c.bot,
            v.seed,
            v.game,
            v.what
        );
        out!(
            "replay: lotr-sim trace --scenario {} --mode {} {} --bot {} --seed {} --game {} --max-rounds {}",
            db.scenarios[c.scenario].slug,
            c.mode.name(),
            decks.join(" "),
            c.bot,
            v.seed,
            v.game,
            a.max_rounds
        );
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Interrupted("soak interrupted".into()).into());
    }
    if r.violations > 0 {
        anyhow::bail!("{} game(s) broke an invariant", r.violations);
    }
    Ok(())
}
