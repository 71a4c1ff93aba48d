//! What the pictures show, read from a result folder's CSVs alone (so merged shards plot exactly
//! like a single run): `summary.csv`, `threat.csv`, `rounds.csv`, `games.csv` (loss causes per
//! round, when present) and `compare.csv`.

use std::path::Path;

use super::table::{group, BadCsv, Col, Key, KeyCols, Table};

/// One `summary.csv` row.
pub struct Summary {
    pub key: Key,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_lo: f64,
    pub win_hi: f64,
    /// Mean rounds played and its 95% interval (absent from older files).
    pub rounds: Option<(f64, f64, f64)>,
    /// Losses by threat, heroes dead, scenario.
    pub losses: [u64; 3],
    pub round_cap: u64,
    pub mean_final_threat: Option<f64>,
    pub seed: String,
    pub max_rounds: String,
    pub rules: String,
    pub engine_version: String,
}

/// The threat of one seat at the end of one round.
#[derive(Clone, Copy)]
pub struct ThreatPoint {
    pub round: u32,
    pub running: u64,
    pub mean: f64,
    pub p10: f64,
    pub p90: f64,
}

/// One seat's threat curve.
pub struct SeatCurve {
    /// The seat as written in `threat.csv` (a label: 0- or 1-based).
    pub seat: String,
    pub points: Vec<ThreatPoint>,
}

/// The threat curves of one configuration, seats in order.
pub struct Curves {
    pub key: Key,
    pub seats: Vec<SeatCurve>,
}

/// Games that ended in one round.
#[derive(Clone, Copy, Default)]
pub struct RoundBar {
    pub round: u32,
    pub wins: u64,
    /// Every loss cause together.
    pub losses: u64,
    pub round_cap: u64,
    /// Losses by threat, heroes dead, scenario, when known.
    pub causes: Option<[u64; 3]>,
}

/// The game lengths of one configuration.
pub struct Lengths {
    pub key: Key,
    pub bars: Vec<RoundBar>,
}

/// The one row of `compare.csv`.
pub struct Comparison {
    pub scenario: String,
    pub mode: String,
    pub seat: usize,
    pub deck_a: String,
    pub deck_b: String,
    pub decks_a: String,
    pub decks_b: String,
    pub bots_a: String,
    pub bots_b: String,
    pub games: u64,
    pub seed: String,
    pub rate: [(f64, f64, f64); 2],
    pub diff: (f64, f64, f64),
    pub unpaired: (f64, f64),
    pub mcnemar_p: f64,
    pub rounds: [f64; 2],
    pub rounds_diff: (f64, f64, f64),
    pub rounds_unpaired: (f64, f64),
}

impl Comparison {
    /// Short names of side A and side B: the decks, or the bots when the decks are the same.
    pub fn names(&self) -> [String; 2] {
        if self.decks_a == self.decks_b && self.bots_a != self.bots_b {
            [self.bots_a.clone(), self.bots_b.clone()]
        } else {
            [self.deck_a.clone(), self.deck_b.clone()]
        }
    }
}

/// Everything a folder holds for the pictures.
pub struct Results {
    pub summaries: Vec<Summary>,
    pub curves: Vec<Curves>,
    pub lengths: Vec<Lengths>,
    pub compare: Option<Comparison>,
    /// The CSV files found, with their header, in a fixed order.
    pub files: Vec<(String, Vec<String>)>,
}

/// The CSV files the pictures read, in the order the report lists them.
pub const CSV_FILES: [&str; 6] = [
    "summary.csv",
    "rounds.csv",
    "threat.csv",
    "games.csv",
    "compare.csv",
    "pairs.csv",
];

impl Results {
    pub fn read(dir: &Path) -> Result<Results, BadCsv> {
        let mut files = Vec::new();
        for f in CSV_FILES {
            // Only the header: `games.csv` and `pairs.csv` may hold millions of rows.
            if let Some(header) = Table::header_of(dir, f)? {
                files.push((f.to_string(), header));
            }
        }
        let summaries = match Table::read(dir, "summary.csv")? {
            Some(t) => read_summary(&t)?,
            None => Vec::new(),
        };
        let curves = match Table::read(dir, "threat.csv")? {
            Some(t) => read_threat(&t)?,
            None => Vec::new(),
        };
        let mut lengths = match Table::read(dir, "rounds.csv")? {
            Some(t) => read_rounds(&t)?,
            None => Vec::new(),
        };
        if lengths
            .iter()
            .any(|l| l.bars.iter().any(|b| b.causes.is_none()))
        {
            causes_from_games(dir, &mut lengths)?;
        }
        let compare = match Table::read(dir, "compare.csv")? {
            Some(t) => read_compare(&t)?,
            None => None,
        };
        Ok(Results {
            summaries,
            curves,
            lengths,
            compare,
            files,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.summaries.is_empty()
            && self.curves.is_empty()
            && self.lengths.is_empty()
            && self.compare.is_none()
    }

    /// Games played in the configuration `key`, from `summary.csv`.
    pub fn games(&self, key: &Key) -> Option<u64> {
        self.summaries
            .iter()
            .find(|s| s.key == *key)
            .map(|s| s.games)
    }
}

fn read_summary(t: &Table) -> Result<Vec<Summary>, BadCsv> {
    let kc = KeyCols::of(t)?;
    let c = |n: &str| t.col(n);
    let (games, wins, rate, lo, hi) = (
        c("games")?,
        c("wins")?,
        c("win_rate")?,
        c("win_lo95")?,
        c("win_hi95")?,
    );
    let (rm, rlo, rhi) = (
        t.opt_col("rounds_mean"),
        t.opt_col("rounds_lo95"),
        t.opt_col("rounds_hi95"),
    );
    let losses = [
        c("loss_threat")?,
        c("loss_heroes_dead")?,
        c("loss_scenario")?,
    ];
    let cap = c("round_cap")?;
    let mft = t.opt_col("mean_final_threat");
    let (seed, maxr, rules, ver) = (
        t.opt_col("seed"),
        t.opt_col("max_rounds"),
        t.opt_col("rules"),
        t.opt_col("engine_version"),
    );
    let mut out = Vec::with_capacity(t.len());
    for r in 0..t.len() {
        let rounds = match (t.opt_num(r, rm)?, t.opt_num(r, rlo)?, t.opt_num(r, rhi)?) {
            (Some(m), Some(l), Some(h)) => Some((m, l, h)),
            _ => None,
        };
        out.push(Summary {
            key: kc.key(t, r),
            games: t.num(r, games)?,
            wins: t.num(r, wins)?,
            win_rate: t.num(r, rate)?,
            win_lo: t.num(r, lo)?,
            win_hi: t.num(r, hi)?,
            rounds,
            losses: [
                t.num(r, losses[0])?,
                t.num(r, losses[1])?,
                t.num(r, losses[2])?,
            ],
            round_cap: t.num(r, cap)?,
            mean_final_threat: t.opt_num(r, mft)?,
            seed: t.str(r, seed).to_string(),
            max_rounds: t.str(r, maxr).to_string(),
            rules: t.str(r, rules).to_string(),
            engine_version: t.str(r, ver).to_string(),
        });
    }
    Ok(out)
}

/// Numeric order for numeric labels, text order otherwise.
fn seat_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        _ => a.cmp(b),
    }
}

fn read_threat(t: &Table) -> Result<Vec<Curves>, BadCsv> {
    let (keys, of_row) = group(t)?;
    let (round, seat, running, mean, p10, p90) = (
        t.col("round")?,
        t.col("seat")?,
        t.col("running")?,
        t.col("mean")?,
        t.col("p10")?,
        t.col("p90")?,
    );
    let mut out: Vec<Curves> = keys
        .into_iter()
        .map(|key| Curves {
            key,
            seats: Vec::new(),
        })
        .collect();
    for (r, &k) in of_row.iter().enumerate() {
        let running: u64 = t.num(r, running)?;
        // A round without a running game has no threat to show.
        let (Some(m), Some(lo), Some(hi)) = (
            t.opt_num::<f64>(r, mean)?,
            t.opt_num::<f64>(r, p10)?,
            t.opt_num::<f64>(r, p90)?,
        ) else {
            continue;
        };
        if running == 0 {
            continue;
        }
        let label = t.str(r, seat).trim().to_string();
        let seats = &mut out[k].seats;
        let i = match seats.iter().position(|s| s.seat == label) {
            Some(i) => i,
            None => {
                seats.push(SeatCurve {
                    seat: label,
                    points: Vec::new(),
                });
                seats.len() - 1
            }
        };
        seats[i].points.push(ThreatPoint {
            round: t.num(r, round)?,
            running,
            mean: m,
            p10: lo,
            p90: hi,
        });
    }
    for c in &mut out {
        c.seats.sort_by(|a, b| seat_order(&a.seat, &b.seat));
        for s in &mut c.seats {
            s.points.sort_by_key(|p| p.round);
        }
    }
    Ok(out)
}

fn read_rounds(t: &Table) -> Result<Vec<Lengths>, BadCsv> {
    let (keys, of_row) = group(t)?;
    let (round, wins, losses, cap) = (
        t.col("round")?,
        t.col("wins")?,
        t.col("losses")?,
        t.col("round_cap")?,
    );
    // Loss causes per round, if the file has them.
    let cause_cols: [Col; 3] = [
        t.opt_col("loss_threat"),
        t.opt_col("loss_heroes_dead"),
        t.opt_col("loss_scenario"),
    ];
    let has_causes = ["loss_threat", "loss_heroes_dead", "loss_scenario"]
        .iter()
        .all(|n| t.header().iter().any(|h| h == n));
    let mut out: Vec<Lengths> = keys
        .into_iter()
        .map(|key| Lengths {
            key,
            bars: Vec::new(),
        })
        .collect();
    for (r, &k) in of_row.iter().enumerate() {
        let causes = if has_causes {
            Some([
                t.num(r, cause_cols[0])?,
                t.num(r, cause_cols[1])?,
                t.num(r, cause_cols[2])?,
            ])
        } else {
            None
        };
        out[k].bars.push(RoundBar {
            round: t.num(r, round)?,
            wins: t.num(r, wins)?,
            losses: t.num(r, losses)?,
            round_cap: t.num(r, cap)?,
            causes,
        });
    }
    for l in &mut out {
        l.bars.sort_by_key(|b| b.round);
    }
    Ok(out)
}

/// Loss causes per round from `games.csv` (`--per-game`), for the configurations whose
/// `rounds.csv` rows lack them. Rows are matched by scenario and mode when `games.csv` has
/// those columns, else only when the folder holds a single configuration.
fn causes_from_games(dir: &Path, lengths: &mut [Lengths]) -> Result<(), BadCsv> {
    // Streamed: a run's `games.csv` may hold millions of rows (never all in memory).
    let mut counts: Vec<Vec<[u64; 3]>> = lengths
        .iter()
        .map(|l| {
            vec![
                [0; 3];
                l.bars
                    .iter()
                    .map(|b| b.round as usize + 1)
                    .max()
                    .unwrap_or(0)
            ]
        })
        .collect();
    let mut cols: Option<(Col, Col, Col, Col, bool)> = None;
    let mut skip = false;
    let found = Table::scan(dir, "games.csv", |t, line, rec| {
        if skip {
            return Ok(());
        }
        let (outcome, rounds, sc, md, keyed) = match cols {
            Some(c) => c,
            None => {
                let keyed = t.header().iter().any(|h| h == "scenario")
                    && t.header().iter().any(|h| h == "mode");
                let c = (
                    t.col("outcome")?,
                    t.col("rounds")?,
                    t.opt_col("scenario"),
                    t.opt_col("mode"),
                    keyed,
                );
                cols = Some(c);
                c
            }
        };
        if !keyed && lengths.len() != 1 {
            skip = true;
            return Ok(());
        }
        let cause = match outcome.get(rec).trim() {
            "threat" => 0,
            "heroes_dead" => 1,
            "scenario" => 2,
            _ => return Ok(()),
        };
        let k = if keyed {
            let (s, m) = (sc.get(rec), md.get(rec));
            let mut it = lengths
                .iter()
                .enumerate()
                .filter(|(_, l)| l.key.scenario == s && l.key.mode == m);
            match (it.next(), it.next()) {
                (Some((i, _)), None) => i,
                _ => return Ok(()),
            }
        } else {
            0
        };
        let r = rounds.get(rec).trim();
        let round: usize = r.parse().map_err(|_| BadCsv {
            path: t.path.clone(),
            line,
            msg: if r.is_empty() {
                "column `rounds` holds an empty field".to_string()
            } else {
                format!("column `rounds` holds `{r}`, not a number")
            },
        })?;
        if let Some(c) = counts[k].get_mut(round) {
            c[cause] += 1;
        }
        Ok(())
    })?;
    if !found || skip {
        return Ok(());
    }
    for (l, c) in lengths.iter_mut().zip(&counts) {
        // Use the split only where it accounts for every loss of the round.
        let fits = l.bars.iter().all(|b| {
            c.get(b.round as usize)
                .is_some_and(|x| x.iter().sum::<u64>() == b.losses)
        });
        if fits {
            for b in &mut l.bars {
                if b.causes.is_none() {
                    b.causes = Some(c[b.round as usize]);
                }
            }
        }
    }
    Ok(())
}

fn read_compare(t: &Table) -> Result<Option<Comparison>, BadCsv> {
    if t.is_empty() {
        return Ok(None);
    }
    let r = 0;
    let s = |n: &str| -> Result<String, BadCsv> { Ok(t.str(r, t.col(n)?).to_string()) };
    let f = |n: &str| -> Result<f64, BadCsv> { t.num(r, t.col(n)?) };
    Ok(Some(Comparison {
        scenario: s("scenario")?,
        mode: s("mode")?,
        seat: t.num(r, t.col("seat")?)?,
        deck_a: s("deck_a")?,
        deck_b: s("deck_b")?,
        decks_a: s("decks_a")?,
        decks_b: s("decks_b")?,
        bots_a: s("bots_a")?,
        bots_b: s("bots_b")?,
        games: t.num(r, t.col("games")?)?,
        seed: s("seed")?,
        rate: [
            (f("win_rate_a")?, f("win_a_lo95")?, f("win_a_hi95")?),
            (f("win_rate_b")?, f("win_b_lo95")?, f("win_b_hi95")?),
        ],
        diff: (f("diff")?, f("diff_lo95")?, f("diff_hi95")?),
        unpaired: (f("unpaired_lo95")?, f("unpaired_hi95")?),
        mcnemar_p: f("mcnemar_p")?,
        rounds: [f("rounds_mean_a")?, f("rounds_mean_b")?],
        rounds_diff: (
            f("rounds_diff")?,
            f("rounds_diff_lo95")?,
            f("rounds_diff_hi95")?,
        ),
        rounds_unpaired: (f("rounds_unpaired_lo95")?, f("rounds_unpaired_hi95")?),
    }))
}
