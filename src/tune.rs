//! `tune`: improves the `basic` heuristic's weights on one configuration by paired comparisons
//! on shared seeds (common random numbers).
//!
//! Coordinate search: for each weight in turn, a candidate with the weight moved up, then down,
//! by `step` (relative, at least 1) plays the same block of games (same master seed, same game
//! indices) as the current weights; game *i* of both sides sees the same shuffles, so the
//! per-game differences cancel most of the luck. The candidate is kept when the mean paired gain
//! is positive and at least `z` standard errors from 0. Each comparison uses a fresh block of
//! game indices (no block is reused, so a lucky block is not tuned to twice), and the final
//! weights are measured against the starting ones on one more, unseen block.
//!
//! The objective per game is `GameRecord::progress_score` (100 for a win, else stages and
//! progress reached) or, with `Objective::Wins`, 1 for a win.

use rayon::prelude::*;

use crate::bots::basic::weights::{Weights, PARAMS};
use crate::bots::basic::BasicBot;
use crate::bots::Bot;
use crate::data::CardDb;
use crate::engine::{try_play_game, Game, GameSetup, PlayError};
use crate::record::GameRecord;

/// What a game is worth to the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// 1 for a win, 0 otherwise.
    Wins,
    /// `GameRecord::progress_score`: wins, then how far a lost game got.
    Progress,
}

impl Objective {
    pub fn of(self, r: &GameRecord) -> f64 {
        match self {
            Objective::Wins => r.outcome.is_win() as u8 as f64,
            Objective::Progress => r.progress_score(),
        }
    }
}

/// The mean paired difference (B − A) of a block of games with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    pub games: u64,
    pub mean_a: f64,
    pub mean_b: f64,
    pub diff: f64,
    /// Standard error of `diff`.
    pub se: f64,
}

impl Paired {
    pub fn lo95(&self) -> f64 {
        self.diff - 1.96 * self.se
    }
    pub fn hi95(&self) -> f64 {
        self.diff + 1.96 * self.se
    }
    fn from_pairs(pairs: &[(f64, f64)]) -> Paired {
        let n = pairs.len().max(1) as f64;
        let mean_a = pairs.iter().map(|p| p.0).sum::<f64>() / n;
        let mean_b = pairs.iter().map(|p| p.1).sum::<f64>() / n;
        let diff = mean_b - mean_a;
        let var = pairs
            .iter()
            .map(|p| (p.1 - p.0 - diff).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        Paired {
            games: pairs.len() as u64,
            mean_a,
            mean_b,
            diff,
            se: (var / n).sqrt(),
        }
    }
}

/// Games `games` (indices) of `setup` with every seat played by `basic` with weights `a`,
/// then with `b`: the objective of each side per game, paired by index. An engine fault in a
/// game is the error (the lowest chunk's).
pub fn play_paired(
    db: &CardDb,
    setup: &GameSetup,
    objective: Objective,
    a: Weights,
    b: Weights,
    seed: u64,
    games: std::ops::Range<u64>,
) -> Result<Paired, PlayError> {
    const CHUNK: u64 = 64;
    let (start, games) = (games.start, games.end.saturating_sub(games.start));
    let chunks: Vec<u64> = (0..games.div_ceil(CHUNK)).collect();
    let chunks: Vec<Result<Vec<(f64, f64)>, PlayError>> = chunks
        .par_iter()
        .map(|&c| {
            let mut game = Game::new(db, setup);
            let seats = setup.decks.len();
            let mut bots_a: Vec<Box<dyn Bot>> = (0..seats)
                .map(|_| Box::new(BasicBot::with_weights(a)) as Box<dyn Bot>)
                .collect();
            let mut bots_b: Vec<Box<dyn Bot>> = (0..seats)
                .map(|_| Box::new(BasicBot::with_weights(b)) as Box<dyn Bot>)
                .collect();
            let lo = start + c * CHUNK;
            let hi = (lo + CHUNK).min(start + games);
            let mut out = Vec::with_capacity((hi - lo) as usize);
            for i in lo..hi {
                let ra = try_play_game(&mut game, &mut bots_a, seed, i)?;
                let rb = try_play_game(&mut game, &mut bots_b, seed, i)?;
                out.push((objective.of(&ra), objective.of(&rb)));
            }
            Ok(out)
        })
        .collect();
    let mut pairs = Vec::with_capacity(games as usize);
    for c in chunks {
        pairs.extend(c?);
    }
    Ok(Paired::from_pairs(&pairs))
}

/// How a search runs.
#[derive(Clone, Debug)]
pub struct TuneSpec {
    /// The weights searched over (names from `weights::PARAMS`).
    pub params: Vec<&'static str>,
    pub start: Weights,
    /// Games per comparison.
    pub games: u64,
    /// Passes over `params`.
    pub passes: u32,
    /// Relative step of a move (0.25 = ±25%, at least ±1).
    pub step: f64,
    /// A candidate is kept when its paired gain is at least `z` standard errors above 0.
    pub z: f64,
    pub seed: u64,
    pub objective: Objective,
}

/// One comparison of the search.
#[derive(Clone, Debug)]
pub struct TuneStep {
    pub param: &'static str,
    pub from: i32,
    pub to: i32,
    pub result: Paired,
    pub kept: bool,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    pub steps: Vec<TuneStep>,
    pub best: Weights,
    /// The final weights against the starting ones, on an unseen block of games.
    pub check: Paired,
}

/// Run the search; `on_step` sees every comparison as it finishes.
pub fn tune(
    db: &CardDb,
    setup: &GameSetup,
    spec: &TuneSpec,
    mut on_step: impl FnMut(&TuneStep),
) -> Result<TuneReport, PlayError> {
    let r = tune_cells(db, std::slice::from_ref(setup), spec, |s| {
        on_step(&s.one_cell())
    })?;
    Ok(TuneReport {
        steps: r.steps.iter().map(CellsStep::one_cell).collect(),
        best: r.best,
        check: r.check,
    })
}

/// One comparison of a search over several cells (configurations).
#[derive(Clone, Debug)]
pub struct CellsStep {
    pub param: &'static str,
    pub from: i32,
    pub to: i32,
    /// The paired result of each cell, in the order of the setups.
    pub cells: Vec<Paired>,
    /// The objective: the mean over the cells (`combine`).
    pub total: Paired,
    pub kept: bool,
}

impl CellsStep {
    fn one_cell(&self) -> TuneStep {
        TuneStep {
            param: self.param,
            from: self.from,
            to: self.to,
            result: self.total,
            kept: self.kept,
        }
    }
}

/// What a search over several cells found.
#[derive(Clone, Debug)]
pub struct CellsReport {
    pub steps: Vec<CellsStep>,
    pub best: Weights,
    /// The final weights against the starting ones on an unseen block, per cell.
    pub checks: Vec<Paired>,
    /// `checks` combined.
    pub check: Paired,
}

/// The mean over cells of their paired results: means and gain are the plain means, the
/// standard error that of a mean of independent estimates (sqrt(Σ se²) / k). One cell is
/// returned as it is.
pub fn combine(cells: &[Paired]) -> Paired {
    if let [one] = cells {
        return *one;
    }
    let k = cells.len().max(1) as f64;
    Paired {
        games: cells.iter().map(|c| c.games).sum(),
        mean_a: cells.iter().map(|c| c.mean_a).sum::<f64>() / k,
        mean_b: cells.iter().map(|c| c.mean_b).sum::<f64>() / k,
        diff: cells.iter().map(|c| c.diff).sum::<f64>() / k,
        se: cells.iter().map(|c| c.se * c.se).sum::<f64>().sqrt() / k,
    }
}

/// The coordinate search of `tune` over several cells at once: every comparison plays its
/// block of game indices in each cell (both weight sets on the same seeds in a cell), and a
/// move is kept when the mean of the cells' paired gains is at least `z` standard errors
/// above 0. Each comparison takes a fresh block, as does the final check. With one setup it
/// is `tune` exactly.
pub fn tune_cells(
    db: &CardDb,
    setups: &[GameSetup],
    spec: &TuneSpec,
    mut on_step: impl FnMut(&CellsStep),
) -> Result<CellsReport, PlayError> {
    assert!(!setups.is_empty(), "tune needs a cell");
    let mut best = spec.start;
    let mut block = 0u64;
    let mut steps = Vec::new();
    let play = |a: Weights, b: Weights, block: u64| -> Result<Vec<Paired>, PlayError> {
        setups
            .iter()
            .map(|setup| {
                play_paired(
                    db,
                    setup,
                    spec.objective,
                    a,
                    b,
                    spec.seed,
                    block * spec.games..(block + 1) * spec.games,
                )
            })
            .collect()
    };
    for _ in 0..spec.passes {
        for &p in &spec.params {
            for dir in [1i32, -1] {
                let from = best.get(p).expect("a known weight");
                let delta = ((from.abs() as f64 * spec.step).round() as i32).max(1) * dir;
                let to = from + delta;
                if to < 0 {
                    continue;
                }
                let mut cand = best;
                cand.set(p, &to.to_string()).expect("a known weight");
                let cells = play(best, cand, block)?;
                block += 1;
                let total = combine(&cells);
                let kept = total.diff > 0.0 && total.diff >= spec.z * total.se;
                let s = CellsStep {
                    param: p,
                    from,
                    to,
                    cells,
                    total,
                    kept,
                };
                on_step(&s);
                steps.push(s);
                if kept {
                    best = cand;
                    break;
                }
            }
        }
    }
    let checks = play(spec.start, best, block)?;
    let check = combine(&checks);
    Ok(CellsReport {
        steps,
        best,
        checks,
        check,
    })
}

/// A `--cell SCENARIO/MODE/DECK` spec split into its parts (the deck, last, may be a path with
/// `/` in it).
pub fn parse_cell(spec: &str) -> Result<(String, String, String), String> {
    let mut it = spec.splitn(3, '/').map(str::trim);
    match (it.next(), it.next(), it.next()) {
        (Some(s), Some(m), Some(d)) if !s.is_empty() && !m.is_empty() && !d.is_empty() => {
            Ok((s.to_string(), m.to_string(), d.to_string()))
        }
        _ => Err(format!(
            "--cell `{spec}`: give SCENARIO/MODE/DECK, e.g. intruders-in-chetwood/standard/chetwood-vigil"
        )),
    }
}

/// Every weight's name, for `--params all`.
pub fn all_params() -> Vec<&'static str> {
    PARAMS.iter().map(|p| p.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::db;
    use crate::data::Mode;
    use crate::deck::resolve_deck;
    use crate::engine::RuleOptions;

    #[test]
    fn paired_difference_and_its_interval() {
        let p = Paired::from_pairs(&[(0.0, 1.0), (1.0, 1.0), (0.0, 0.0), (0.0, 1.0)]);
        assert_eq!(p.games, 4);
        assert!((p.diff - 0.5).abs() < 1e-12);
        // Differences 1, 0, 0, 1: sample variance 1/3, se = sqrt(1/12).
        assert!((p.se - (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert!(p.lo95() < p.diff && p.diff < p.hi95());
    }

    #[test]
    fn identical_weights_tie_on_every_game_and_the_search_keeps_the_start() {
        let db = db();
        let setup = GameSetup {
            scenario: db
                .scenarios
                .iter()
                .position(|s| s.slug == "intruders-in-chetwood")
                .unwrap(),
            mode: Mode::Easy,
            decks: vec![resolve_deck("core-leadership", db).unwrap()],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        };
        let w = crate::bots::basic::weights::DEFAULT;
        let same = play_paired(db, &setup, Objective::Progress, w, w, 3, 0..40).unwrap();
        assert_eq!((same.diff, same.se), (0.0, 0.0));
        assert!(same.mean_a > 0.0, "games make some progress");
        let spec = TuneSpec {
            params: vec!["acceptable"],
            start: w,
            games: 20,
            passes: 1,
            step: 0.25,
            z: 1.0,
            seed: 3,
            objective: Objective::Progress,
        };
        let mut seen = 0;
        let r = tune(db, &setup, &spec, |_| seen += 1).unwrap();
        assert_eq!(seen, r.steps.len());
        assert!((1..=2).contains(&r.steps.len()));
        for s in &r.steps {
            assert_eq!(s.from, 400);
            assert!(s.to == 500 || s.to == 300);
            assert_eq!(s.kept, s.result.diff > 0.0 && s.result.diff >= s.result.se);
        }
        assert_eq!(r.check.games, 20);
    }

    fn setup_of(db: &'static CardDb, scenario: &str, mode: Mode, deck: &str) -> GameSetup {
        GameSetup {
            scenario: db
                .scenarios
                .iter()
                .position(|s| s.slug == scenario)
                .unwrap(),
            mode,
            decks: vec![resolve_deck(deck, db).unwrap()],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        }
    }

    #[test]
    fn tune39_cell_specs_parse_and_bad_ones_are_refused() {
        assert_eq!(
            parse_cell("intruders-in-chetwood/standard/chetwood-vigil").unwrap(),
            (
                "intruders-in-chetwood".to_string(),
                "standard".to_string(),
                "chetwood-vigil".to_string()
            )
        );
        // The deck may be a path.
        assert_eq!(
            parse_cell("deadmens-dike/easy/decks/probes/x.txt")
                .unwrap()
                .2,
            "decks/probes/x.txt"
        );
        for bad in [
            "",
            "deadmens-dike",
            "deadmens-dike/easy",
            "a//b",
            "/easy/x",
            "a/b/",
        ] {
            let e = parse_cell(bad).unwrap_err();
            assert!(e.contains("SCENARIO/MODE/DECK"), "{bad}: {e}");
        }
    }

    #[test]
    fn tune39_combine_is_the_mean_of_the_cells_and_one_cell_itself() {
        let a = Paired::from_pairs(&[(0.0, 1.0), (1.0, 1.0), (0.0, 0.0), (0.0, 1.0)]);
        let b = Paired::from_pairs(&[(2.0, 1.0), (1.0, 1.0), (3.0, 0.0), (0.0, 1.0)]);
        assert_eq!(combine(&[a]), a);
        let c = combine(&[a, b]);
        assert_eq!(c.games, 8);
        assert!((c.diff - (a.diff + b.diff) / 2.0).abs() < 1e-12);
        assert!((c.mean_a - (a.mean_a + b.mean_a) / 2.0).abs() < 1e-12);
        assert!((c.se - (a.se * a.se + b.se * b.se).sqrt() / 2.0).abs() < 1e-12);
    }

    /// A tiny search over two cells: one result per cell per comparison, the kept rule on the
    /// mean, the same report with 1 and 2 threads, and one cell giving what `tune` gives.
    #[test]
    fn tune39_search_over_cells_is_deterministic_and_one_cell_is_tune() {
        let db = db();
        let setups = vec![
            setup_of(db, "intruders-in-chetwood", Mode::Easy, "core-leadership"),
            setup_of(
                db,
                "escape-from-mount-gram",
                Mode::Standard,
                "core-leadership",
            ),
        ];
        let spec = TuneSpec {
            params: vec!["acceptable", "kill_rounds"],
            start: crate::bots::basic::weights::DEFAULT,
            games: 16,
            passes: 1,
            step: 0.25,
            z: 0.0,
            seed: 5,
            objective: Objective::Progress,
        };
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| format!("{:?}", tune_cells(db, &setups, &spec, |_| {}).unwrap()))
        };
        let one = run(1);
        assert_eq!(one, run(2), "thread count changed the search");
        let r = tune_cells(db, &setups, &spec, |_| {}).unwrap();
        assert!(!r.steps.is_empty());
        for s in &r.steps {
            assert_eq!(s.cells.len(), 2);
            assert_eq!(s.total, combine(&s.cells));
            assert_eq!(s.kept, s.total.diff > 0.0);
            assert!(s.cells.iter().all(|c| c.games == 16));
        }
        assert_eq!(r.checks.len(), 2);
        // One cell: `tune_cells` is `tune`.
        let single = tune(db, &setups[1], &spec, |_| {}).unwrap();
        let multi = tune_cells(db, &setups[1..], &spec, |_| {}).unwrap();
        assert_eq!(single.best, multi.best);
        assert_eq!(single.check, multi.check);
        assert_eq!(single.steps.len(), multi.steps.len());
        for (a, b) in single.steps.iter().zip(&multi.steps) {
            assert_eq!(
                (a.param, a.from, a.to, a.kept),
                (b.param, b.from, b.to, b.kept)
            );
            assert_eq!(a.result, b.cells[0]);
        }
    }
}
