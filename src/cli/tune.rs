//! `tune`: coordinate search over the `basic` bot's weights with paired comparisons.

use anyhow::{Context, Result};
use lotr_sim::bots::basic::weights::Weights;
use lotr_sim::tune::{all_params, parse_cell, tune, tune_cells, Objective, Paired, TuneSpec};

use super::args::*;
use super::common::*;

pub(super) fn cmd_tune(a: &TuneArgs) -> Result<()> {
    let db = load_db()?;
    let mut game = a.game.clone();
    let start_spec = match game.bots.as_slice() {
        [] => "basic".to_string(),
        [one] => one.clone(),
        _ => return usage("tune plays every seat with one `basic` bot: give --bot once at most"),
    };
    let start = basic_weights(&start_spec)?;
    game.bots = Vec::new();
    if !a.cells.is_empty()
        && (!game.decks.is_empty()
            || game.players.is_some()
            || game.scenario != DEFAULT_SCENARIO
            || game.mode != "standard")
    {
        return usage(
            "--cell names the scenario, mode and deck of each cell: give no --scenario, --mode, --deck or --players with it",
        );
    }
    let mut cfgs = Vec::new();
    for c in &a.cells {
        let (scenario, mode, deck) = parse_cell(c).or_else(usage)?;
        let mut g = game.clone();
        g.scenario = scenario;
        g.mode = mode;
        g.decks = vec![deck];
        let cfg = configure(&db, &g)?;
        // A cell named twice would count twice in the mean gain.
        if let Some(k) = cfgs.iter().position(|o: &Config| {
            o.setup.scenario == cfg.setup.scenario
                && o.setup.mode == cfg.setup.mode
                && o.key.decks == cfg.key.decks
        }) {
            return usage(format!(
                "--cell `{}` is the same cell as --cell `{}`; name each cell once",
                clip(c),
                clip(&a.cells[k])
            ));
        }
        cfgs.push(cfg);
    }
    if cfgs.is_empty() {
        cfgs.push(configure(&db, &game)?);
    }
    for cfg in &cfgs {
        refuse_unimplemented_scenario(&db, cfg.setup.scenario, cfg.setup.mode)?;
        warn_blank(&blank_deck_cards(
            &db,
            &cfg.setup.decks,
            game.allow_unimplemented,
        )?);
    }
    let cfg = &cfgs[0];
    let params: Vec<&'static str> = if a.params.trim() == "all" {
        all_params()
    } else {
        let known = all_params();
        let mut out = Vec::new();
        for p in a.params.split(',').map(str::trim) {
            match known.iter().find(|k| **k == p) {
                Some(k) if out.contains(k) => {
                    return usage(format!("--params names `{k}` twice; name each weight once"))
                }
                Some(k) => out.push(*k),
                None => {
                    return usage(format!(
                        "--params: no weight `{p}`{}; the weights are {}",
                        suggest(p, known.iter().copied()),
                        known.join(", ")
                    ))
                }
            }
        }
        out
    };
    let objective = match a.objective.as_str() {
        "progress" => Objective::Progress,
        "wins" => Objective::Wins,
        o => return usage(format!("--objective is `progress` or `wins`, not `{o}`")),
    };
    let finite_pos = |x: f64, zero_ok: bool| x.is_finite() && (x > 0.0 || (zero_ok && x == 0.0));
    if a.games == 0 || a.passes == 0 || !finite_pos(a.step, false) || !finite_pos(a.z, true) {
        return usage("--games and --passes must be at least 1, --step above 0, --z at least 0");
    }
    let spec = TuneSpec {
        params,
        start,
        games: a.games,
        passes: a.passes,
        step: a.step,
        z: a.z,
        seed: cfg.key.seed,
        objective,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()?;
    if !a.cells.is_empty() {
        return tune_over_cells(&db, &cfgs, &spec, &pool, a, &start_spec, start);
    }
    let k = &cfg.key;
    out!(
        "# tune {} ({}), decks {}, seed {}, {} games per comparison, objective {}",
        k.scenario,
        k.mode.name(),
        k.decks_joined(),
        k.seed,
        a.games,
        a.objective
    );
    out!("param,from,to,mean_from,mean_to,gain,lo95,hi95,kept");
    let mut lines = StepLines::default();
    let report = pool.install(|| {
        tune(&db, &cfg.setup, &spec, |s| {
            lines.print(&step_line(s.param, s.from, s.to, &s.result, s.kept));
        })
    })?;
    lines.result()?;
    let games = format!("{} games", report.check.games);
    check_and_found(&report.best, &start, &start_spec, &report.check, "", &games)
}

/// The last lines of a search: the check on unseen games (`over` says over what, `games` how
/// many), then the `--bot` spec of the weights that moved, or that none did.
fn check_and_found(
    best: &Weights,
    start: &Weights,
    start_spec: &str,
    c: &Paired,
    over: &str,
    games: &str,
) -> Result<()> {
    let changed: Vec<String> = all_params()
        .into_iter()
        .filter(|p| best.get(p) != start.get(p))
        .map(|p| format!("{p}={}", best.get(p).unwrap_or(0)))
        .collect();
    out!(
        "# check on unseen games{over}: start {:.4}, tuned {:.4}, gain {:+.4} (95% {:+.4} to {:+.4}, paired, {games})",
        c.mean_a,
        c.mean_b,
        c.diff,
        c.lo95(),
        c.hi95(),
    );
    if changed.is_empty() {
        out!("# no change kept: the starting weights stand");
    } else {
        out!(
            "# found: --bot {}:{}",
            start_spec.split(':').next().unwrap_or("basic"),
            changed.join(",")
        );
    }
    Ok(())
}

/// The weights of a `basic[:key=value,...]` spec (parsed by the bot registry).
fn basic_weights(spec: &str) -> Result<Weights> {
    let (bot, opts) = lotr_sim::bots::parse(spec).or_else(usage)?;
    if bot.name != "basic" {
        return usage(format!(
            "tune searches the weights of `basic`, not `{}`",
            bot.name
        ));
    }
    Weights::from_options(&opts).or_else(usage)
}

/// One comparison's CSV line: `param,from,to,mean_from,mean_to,gain,lo95,hi95,kept`.
fn step_line(param: &str, from: i32, to: i32, r: &Paired, kept: bool) -> String {
    format!(
        "{param},{from},{to},{:.4},{:.4},{:+.4},{:+.4},{:+.4},{}",
        r.mean_a,
        r.mean_b,
        r.diff,
        r.lo95(),
        r.hi95(),
        if kept { "yes" } else { "no" }
    )
}

/// A paired gain with its 95% interval, for a column of the per-cell CSV.
fn gain_cell(r: &Paired) -> String {
    format!("{:+.4} ({:+.4} to {:+.4})", r.diff, r.lo95(), r.hi95())
}

/// `tune --cell ...`: the search over several cells; each comparison's line has the mean
/// gain (the objective) and then every cell's gain with its interval.
fn tune_over_cells(
    db: &lotr_sim::data::CardDb,
    cfgs: &[Config],
    spec: &TuneSpec,
    pool: &rayon::ThreadPool,
    a: &TuneArgs,
    start_spec: &str,
    start: Weights,
) -> Result<()> {
    let names: Vec<String> = cfgs
        .iter()
        .map(|c| {
            let k = &c.key;
            format!("{}/{}/{}", k.scenario, k.mode.name(), k.decks_joined())
        })
        .collect();
    out!(
        "# tune over {} cells, seed {}, {} games per comparison per cell, objective {} (gain: the mean over the cells)",
        cfgs.len(),
        spec.seed,
        a.games,
        a.objective
    );
    for (i, n) in names.iter().enumerate() {
        out!("# cell {}: {n}", i + 1);
    }
    out!(
        "param,from,to,mean_from,mean_to,gain,lo95,hi95,kept,{}",
        names.join(",")
    );
    let setups: Vec<_> = cfgs.iter().map(|c| c.setup.clone()).collect();
    let mut lines = StepLines::default();
    let report = pool.install(|| {
        tune_cells(db, &setups, spec, |s| {
            let cells: Vec<String> = s.cells.iter().map(gain_cell).collect();
            let line = step_line(s.param, s.from, s.to, &s.total, s.kept);
            lines.print(&format!("{line},{}", cells.join(",")));
        })
    })?;
    lines.result()?;
    for (n, c) in names.iter().zip(&report.checks) {
        out!(
            "# check {n}: start {:.4}, tuned {:.4}, gain {}",
            c.mean_a,
            c.mean_b,
            gain_cell(c)
        );
    }
    let games = format!("{} games per cell", a.games);
    check_and_found(
        &report.best,
        &start,
        start_spec,
        &report.check,
        " (mean over the cells)",
        &games,
    )
}

/// The search's lines as they come, printed from inside the search (whose callback cannot
/// fail): the first error writing stdout (a closed pipe, a full disk) is kept, the lines after
/// it are dropped, and `result` returns it once the search is over (a closed pipe then ends the
/// command quietly, as elsewhere; `println!` would panic).
#[derive(Default)]
struct StepLines(Option<std::io::Error>);

impl StepLines {
    fn print(&mut self, line: &str) {
        use std::io::Write as _;
        if self.0.is_none() {
            if let Err(e) = writeln!(std::io::stdout().lock(), "{line}") {
                self.0 = Some(e);
            }
        }
    }

    fn result(self) -> Result<()> {
        match self.0 {
            Some(e) => Err(e).context("cannot write to standard output"),
            None => Ok(()),
        }
    }
}
