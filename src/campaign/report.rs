//! The campaign reports (README *Campaign*): `campaign.csv` (one row: the whole run),
//! `campaign_scenarios.csv` (one row per scenario 1–9) and with `--per-game`
//! `campaign_games.csv` (one row per campaign), each written through `report::write_atomic`.

use super::play::{not_playable, CampaignRecord, Stop};
use super::ORDER;
use crate::data::{CardDb, Mode};
use crate::stats::wilson;
use std::fmt::Write as _;
use std::path::Path;

/// Every file a campaign run leaves in its folder (what `--force` replaces): the reports, then
/// the checkpoint and the records (`campaign::store`).
pub const CAMPAIGN_FILES: [&str; 5] = [
    "campaign.csv",
    "campaign_scenarios.csv",
    "campaign_games.csv",
    super::store::CHECKPOINT,
    super::store::RECORDS,
];

/// What identifies a campaign run in its reports.
pub struct RunInfo<'a> {
    pub mode: Mode,
    pub decks: &'a [String],
    pub bots: &'a [String],
    pub seed: u64,
    pub from: u8,
    pub retries: u32,
}

/// The playable prefix from `from`: the last scenario number a campaign can reach today.
pub fn playable_until(db: &CardDb, mode: Mode, from: u8) -> u8 {
    let mut last = from.saturating_sub(1);
    for k in from..=9 {
        if not_playable(db, ORDER[k as usize - 1], mode).is_some() {
            break;
        }
        last = k;
    }
    last
}

fn f3(x: f64) -> String {
    format!("{x:.4}")
}

fn mean(sum: f64, n: u64) -> String {
    if n == 0 {
        String::new()
    } else {
        format!("{:.2}", sum / n as f64)
    }
}

/// `campaign.csv`.
pub fn campaign_csv(db: &CardDb, info: &RunInfo, recs: &[CampaignRecord]) -> String {
    let n = recs.len() as u64;
    let until = playable_until(db, info.mode, info.from);
    let won_all = recs.iter().filter(|r| r.stop == Stop::Won).count() as u64;
    let prefix = recs
        .iter()
        .filter(|r| matches!(r.stop, Stop::Won | Stop::NotPlayable(_)))
        .count() as u64;
    let (lo, hi) = wilson(prefix, n, 1.96);
    let attempts: u64 = recs
        .iter()
        .flat_map(|r| r.scenarios.iter())
        .map(|s| s.attempts as u64)
        .sum();
    let fallen: u64 = recs
        .iter()
        .flat_map(|r| r.scenarios.iter())
        .map(|s| s.fallen as u64)
        .sum();
    let done: Vec<&CampaignRecord> = recs
        .iter()
        .filter(|r| matches!(r.stop, Stop::Won | Stop::NotPlayable(_)))
        .collect();
    let score: f64 = done.iter().map(|r| r.total_score as f64).sum();
    let penalty: f64 = recs.iter().map(|r| r.threat_penalty as f64).sum();
    let max_penalty = recs.iter().map(|r| r.threat_penalty).max().unwrap_or(0);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "mode,decks,bots,seed,from,retries,playable_until,campaigns,completed_playable,completed_playable_rate,completed_playable_lo,completed_playable_hi,completed_all_nine,mean_scenarios_won,mean_attempts,mean_total_score_completed,mean_fallen_heroes,mean_threat_penalty,max_threat_penalty"
    );
    let _ = writeln!(
        o,
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
        info.mode.name(),
        info.decks.join(";"),
        info.bots.join(";"),
        info.seed,
        info.from,
        info.retries,
        until,
        n,
        prefix,
        f3(if n == 0 {
            0.0
        } else {
            prefix as f64 / n as f64
        }),
        f3(lo),
        f3(hi),
        won_all,
        mean(recs.iter().map(|r| r.won() as f64).sum(), n),
        mean(attempts as f64, n),
        mean(score, done.len() as u64),
        mean(fallen as f64, n),
        mean(penalty, n),
        max_penalty
    );
    o
}

/// `campaign_scenarios.csv`.
pub fn scenarios_csv(db: &CardDb, info: &RunInfo, recs: &[CampaignRecord]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "number,scenario,playable,campaigns_reached,attempts,wins,win_rate_per_attempt,win_rate_lo,win_rate_hi,mean_attempts_per_campaign,fallen_heroes,mean_score,mean_threat_penalty,mean_pool_cards,stopped_here"
    );
    for k in 1..=9u8 {
        let i = k as usize - 1;
        let slug = ORDER[i];
        let playable = not_playable(db, slug, info.mode).is_none();
        let reached: Vec<&CampaignRecord> = recs
            .iter()
            .filter(|r| r.scenarios[i].attempts > 0)
            .collect();
        let n = reached.len() as u64;
        let attempts: u64 = reached.iter().map(|r| r.scenarios[i].attempts as u64).sum();
        let wins = reached.iter().filter(|r| r.scenarios[i].won).count() as u64;
        let (lo, hi) = wilson(wins, attempts, 1.96);
        let fallen: u64 = reached.iter().map(|r| r.scenarios[i].fallen as u64).sum();
        let score: f64 = reached
            .iter()
            .filter(|r| r.scenarios[i].won)
            .map(|r| r.scenarios[i].score as f64)
            .sum();
        let pen: f64 = reached
            .iter()
            .map(|r| r.scenarios[i].threat_penalty as f64)
            .sum();
        let pool: f64 = reached.iter().map(|r| r.scenarios[i].pool as f64).sum();
        let stopped = recs
            .iter()
            .filter(|r| {
                matches!(r.stop, Stop::Lost(s) | Stop::NotPlayable(s) | Stop::NoHeroes(s) if s == k)
            })
            .count();
        let _ = writeln!(
            o,
            "{k},{slug},{},{n},{attempts},{wins},{},{},{},{},{fallen},{},{},{},{stopped}",
            playable as u8,
            f3(if attempts == 0 {
                0.0
            } else {
                wins as f64 / attempts as f64
            }),
            f3(lo),
            f3(hi),
            mean(attempts as f64, n),
            mean(score, wins),
            mean(pen, n),
            mean(pool, n),
        );
    }
    o
}

/// `campaign_games.csv`: one row per campaign.
pub fn games_csv(recs: &[CampaignRecord]) -> String {
    let mut o = String::new();
    let _ = write!(
        o,
        "index,start,stop,stop_scenario,scenarios_won,total_score,threat_penalty,fallen_heroes"
    );
    for k in 1..=9 {
        let _ = write!(o, ",attempts_{k}");
    }
    o.push('\n');
    for r in recs {
        let (stop, at) = stop_name(r.stop);
        let fallen: u32 = r.scenarios.iter().map(|s| s.fallen as u32).sum();
        let _ = write!(
            o,
            "{},{},{stop},{at},{},{},{},{fallen}",
            r.index,
            r.start,
            r.won(),
            r.total_score,
            r.threat_penalty
        );
        for s in &r.scenarios {
            let _ = write!(o, ",{}", s.attempts);
        }
        o.push('\n');
    }
    o
}

/// (name, scenario number) of how a campaign ended.
pub fn stop_name(s: Stop) -> (&'static str, u8) {
    match s {
        Stop::Won => ("won", 9),
        Stop::Lost(k) => ("lost", k),
        Stop::NotPlayable(k) => ("not_playable", k),
        Stop::NoHeroes(k) => ("no_heroes", k),
    }
}

/// Write the reports into `out` (each file atomically).
pub fn write_all(
    out: &Path,
    db: &CardDb,
    info: &RunInfo,
    recs: &[CampaignRecord],
    per_game: bool,
) -> std::io::Result<()> {
    crate::report::write_atomic(
        &out.join(CAMPAIGN_FILES[0]),
        campaign_csv(db, info, recs).as_bytes(),
    )?;
    crate::report::write_atomic(
        &out.join(CAMPAIGN_FILES[1]),
        scenarios_csv(db, info, recs).as_bytes(),
    )?;
    if per_game {
        crate::report::write_atomic(&out.join(CAMPAIGN_FILES[2]), games_csv(recs).as_bytes())?;
    }
    Ok(())
}
