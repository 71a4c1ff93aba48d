//! `lotr-sim campaign`: seeded campaigns (RULES.md §9) in parallel, their reports, or the trace
//! of one campaign.

use std::path::{Path, PathBuf};

use super::args::*;
use super::common::*;
use anyhow::Result;
use lotr_sim::campaign::play::{
    fresh_state, not_playable, play_campaign, run_campaigns, CampaignSetup,
};
use lotr_sim::campaign::report::{playable_until, stop_name, write_all, RunInfo};
use lotr_sim::campaign::{log, scenario_number, CampaignState, ORDER};
use lotr_sim::data::CardDb;
use lotr_sim::deck;

/// Largest campaign log read, in bytes.
const MAX_LOG_BYTES: u64 = 64 * 1024;

pub(super) fn run(a: &CampaignArgs) -> Result<()> {
    let db = load_db()?;
    let game = GameArgs {
        scenario: DEFAULT_SCENARIO.to_string(),
        mode: a.mode.clone(),
        decks: a.decks.clone(),
        players: a.players,
        bots: a.bots.clone(),
        seed: a.seed,
        max_rounds: a.max_rounds,
        allow_unimplemented: a.allow_unimplemented,
        rules: a.rules.clone(),
    };
    let cfg = configure(&db, &game)?;
    warn_blank(&blank_deck_cards(
        &db,
        &cfg.setup.decks,
        a.allow_unimplemented,
    )?);
    let mut specs = deck::seat_specs(&a.decks, a.players, &db);
    if specs.is_empty() {
        specs.push(DEFAULT_DECK.to_string());
    }
    let reserves = specs.iter().map(|s| deck::reserve_heroes(s, &db)).collect();
    let setup = CampaignSetup {
        mode: cfg.setup.mode,
        decks: cfg.setup.decks.clone(),
        reserves,
        options: cfg.setup.options.clone(),
        max_rounds: a.max_rounds,
        allow_unimplemented: a.allow_unimplemented,
        retries: a.retries,
        bots: cfg.bots.clone(),
    };
    let mut start = match &a.campaign_log {
        Some(path) => read_log(&db, path, setup.decks.len())?,
        None => fresh_state(&setup, 1),
    };
    if let Some(f) = &a.from {
        start.next = parse_from(f)?;
    }
    if start.next > 9 {
        return usage(
            "the campaign log's `next` is 10: that campaign is finished; give --from 1-9",
        );
    }
    let info = RunInfo {
        mode: setup.mode,
        decks: &cfg.key.decks,
        bots: &cfg.bots,
        seed: a.seed,
        from: start.next,
        retries: a.retries,
    };
    let first = ORDER[start.next as usize - 1];
    if let Some(why) = not_playable(&db, first, setup.mode) {
        return usage(format!(
            "campaigns cannot start at scenario {} ({why}); playable today: {}",
            start.next,
            playable_list(&db, setup.mode)
        ));
    }
    if let Some(i) = a.trace {
        let mut bots = lotr_sim::batch::make_bots(&cfg.bots);
        let mut lines = Vec::new();
        let r = play_campaign(&db, &setup, &mut bots, a.seed, i, &start, Some(&mut lines));
        for l in &lines {
            out!("{l}");
        }
        let (stop, at) = stop_name(r.stop);
        out!(
            "# campaign {i}: {stop} at scenario {at}, {} scenario(s) won, total score {}, threat penalty {}",
            r.won(),
            r.state.total_score(),
            r.state.threat_penalty
        );
        return Ok(());
    }
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("results/campaign-{}", setup.mode.name())));
    let _lock = claim_out(&out, Writes::Campaign, a.force, "campaign")?;
    let stop = stop_flag();
    let recs = run_campaigns(
        &db,
        &setup,
        a.seed,
        a.games,
        a.threads.unwrap_or(0),
        &start,
        &stop,
    );
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        anyhow::bail!(
            "interrupted after {} of {} campaigns: no report written (campaigns have no checkpoint yet)",
            recs.len(),
            a.games
        );
    }
    write_all(&out, &db, &info, &recs, a.per_game)
        .map_err(|e| anyhow::anyhow!("cannot write the reports in {}: {e}", out.display()))?;
    summary(&db, &info, &recs, &out)?;
    Ok(())
}

fn parse_from(f: &str) -> Result<u8> {
    match f.trim().parse::<u8>() {
        Ok(n) if (1..=9).contains(&n) => Ok(n),
        _ => match scenario_number(f.trim()) {
            Some(n) => Ok(n),
            None => usage(format!(
                "--from `{}`: give a scenario number 1-9 or a slug{}: {}",
                clip(f),
                suggest(f, ORDER),
                ORDER.join(", ")
            )),
        },
    }
}

fn read_log(db: &CardDb, path: &Path, players: usize) -> Result<CampaignState> {
    let shown = path.display();
    let m = std::fs::metadata(path).map_err(|e| {
        UsageError(format!(
            "cannot read campaign log {shown}: {e}; give the path of a campaign log file (README *Campaign*)"
        ))
    })?;
    if !m.is_file() {
        return usage(format!(
            "campaign log {shown} is not a regular file; give a campaign log file (README *Campaign*)"
        ));
    }
    if m.len() > MAX_LOG_BYTES {
        return usage(format!(
            "campaign log {shown} is {} bytes; a campaign log is at most {MAX_LOG_BYTES}: is it the right file?",
            m.len()
        ));
    }
    let bytes = lotr_sim::checkpoint::read_regular(path, MAX_LOG_BYTES)
        .map_err(|e| UsageError(format!("cannot read campaign log {shown}: {e}")))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return usage(format!(
            "campaign log {shown} is not UTF-8 text; save it as UTF-8"
        ));
    };
    log::parse(db, &text, players).or_else(|e| usage(format!("{shown}:{}: {}", e.line, e.msg)))
}

fn playable_list(db: &CardDb, mode: lotr_sim::data::Mode) -> String {
    let v: Vec<String> = (1..=9u8)
        .filter(|&k| not_playable(db, ORDER[k as usize - 1], mode).is_none())
        .map(|k| format!("{k} {}", ORDER[k as usize - 1]))
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

fn summary(
    db: &CardDb,
    info: &RunInfo,
    recs: &[lotr_sim::campaign::play::CampaignRecord],
    out: &Path,
) -> Result<()> {
    let until = playable_until(db, info.mode, info.from);
    let n = recs.len().max(1) as f64;
    let done = recs
        .iter()
        .filter(|r| {
            matches!(
                r.stop,
                lotr_sim::campaign::play::Stop::Won
                    | lotr_sim::campaign::play::Stop::NotPlayable(_)
            )
        })
        .count();
    out!(
        "{} campaign(s) from scenario {} ({} mode, retries {}): {} ({:.1}%) completed the playable scenarios {}-{}",
        recs.len(),
        info.from,
        info.mode.name(),
        info.retries,
        done,
        100.0 * done as f64 / n,
        info.from,
        until
    );
    if until < 9 {
        let next = ORDER[until as usize];
        let why = not_playable(db, next, info.mode).unwrap_or_default();
        out!("campaigns stop at scenario {}: {why}", until + 1);
    }
    for k in info.from..=until.max(info.from) {
        let i = k as usize - 1;
        let reached = recs.iter().filter(|r| r.scenarios[i].attempts > 0).count();
        let attempts: u64 = recs.iter().map(|r| r.scenarios[i].attempts as u64).sum();
        let wins = recs.iter().filter(|r| r.scenarios[i].won).count();
        out!(
            "  {k} {:<26} reached {reached:>6}  won {wins:>6}  attempts {attempts:>7}  win rate per attempt {:.1}%",
            ORDER[i],
            if attempts == 0 { 0.0 } else { 100.0 * wins as f64 / attempts as f64 }
        );
    }
    out!("reports in {}", out.display());
    Ok(())
}
