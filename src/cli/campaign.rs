//! `lotr-sim campaign`: seeded campaigns (RULES.md §9) in parallel, their reports, or the trace
//! of one campaign.

use std::path::{Path, PathBuf};

use super::args::*;
use super::common::*;
use anyhow::{Context, Result};
use lotr_sim::campaign::play::{fresh_state, not_playable, play_campaign, CampaignSetup};
use lotr_sim::campaign::report::{playable_until, stop_name, write_all, RunInfo};
use lotr_sim::campaign::store::{
    merge_dirs, read_records, run_stored, write_records, CampaignCkpt, Ended,
};
use lotr_sim::campaign::{log, scenario_number, CampaignState, ORDER};
use lotr_sim::checkpoint::Shard;
use lotr_sim::data::CardDb;
use lotr_sim::deck;

/// Largest campaign log read, in bytes.
const MAX_LOG_BYTES: u64 = 64 * 1024;

/// A campaign run's configuration, resolved from its arguments.
struct Prepared {
    db: CardDb,
    setup: CampaignSetup,
    start: CampaignState,
    decks: Vec<String>,
    /// `name value` lines of what else decides the results (`CampaignCkpt::key`).
    key: Vec<String>,
}

fn prepare(a: &CampaignArgs) -> Result<Prepared> {
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
    let reserves: Vec<Vec<lotr_sim::data::DefId>> =
        specs.iter().map(|s| deck::reserve_heroes(s, &db)).collect();
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
    let first = ORDER[start.next as usize - 1];
    if let Some(why) = not_playable(&db, first, setup.mode) {
        return usage(format!(
            "campaigns cannot start at scenario {} ({why}); playable today: {}",
            start.next,
            playable_list(&db, setup.mode)
        ));
    }
    // The decks as played (heroes, cards, reserves by code) and the starting log decide the
    // results: a deck or log file changed since is another run.
    let mut decks_text = String::new();
    for (d, r) in setup.decks.iter().zip(&setup.reserves) {
        let code = |x: &lotr_sim::data::DefId| db.def(*x).code.clone();
        decks_text.push_str(&d.heroes.iter().map(code).collect::<Vec<_>>().join(","));
        decks_text.push(';');
        decks_text.push_str(&d.cards.iter().map(code).collect::<Vec<_>>().join(","));
        decks_text.push(';');
        decks_text.push_str(&r.iter().map(code).collect::<Vec<_>>().join(","));
        decks_text.push('\n');
    }
    let fnv = lotr_sim::checkpoint::fnv1a64;
    let key = vec![
        format!("players {}", setup.decks.len()),
        format!("deck_contents {:016x}", fnv(decks_text.as_bytes())),
        format!("rules {}", cfg.key.rules),
        format!("max_rounds {}", a.max_rounds),
        format!(
            "unimplemented_cards {}",
            if a.allow_unimplemented {
                cfg.key.unimplemented_cards.as_str()
            } else {
                "-"
            }
        ),
        format!(
            "starting_log {:016x}",
            fnv(log::write(&db, &start).as_bytes())
        ),
        format!("version {}", env!("CARGO_PKG_VERSION")),
    ];
    Ok(Prepared {
        decks: cfg.key.decks.clone(),
        db,
        setup,
        start,
        key,
    })
}

/// The arguments after `campaign` on this command line (kept in the checkpoint for
/// `--resume`).
fn campaign_argv() -> Vec<String> {
    let all: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match all.iter().position(|a| a == "campaign") {
        Some(i) => all[i + 1..].to_vec(),
        None => Vec::new(),
    }
}

pub(super) fn run(a: &CampaignArgs) -> Result<()> {
    if let Some(dir) = &a.resume {
        return resume(a, dir);
    }
    let p = prepare(a)?;
    if let Some(i) = a.trace {
        let mut bots = lotr_sim::batch::make_bots(&p.setup.bots);
        let mut lines = Vec::new();
        let r = play_campaign(
            &p.db,
            &p.setup,
            &mut bots,
            a.seed,
            i,
            &p.start,
            Some(&mut lines),
        )?;
        for l in &lines {
            out!("{l}");
        }
        let (stop, at) = stop_name(r.stop);
        out!(
            "# campaign {i}: {stop} at scenario {at}, {} scenario(s) won, total score {}, threat penalty {}",
            r.won(),
            r.total_score,
            r.threat_penalty
        );
        return Ok(());
    }
    let shard = match &a.shard {
        Some(s) => Shard::parse(s).map_err(UsageError)?,
        None => Shard::default(),
    };
    if shard.count > a.games {
        return usage(format!(
            "--shard {shard}: {} campaign(s) cannot be split into {} shards; give fewer shards or more --games",
            a.games, shard.count
        ));
    }
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("results/campaign-{}", p.setup.mode.name())));
    if !a.force {
        if let Ok(Some(c)) = CampaignCkpt::read(&out) {
            if !c.complete {
                return usage(format!(
                    "output folder {} holds an unfinished campaign run ({} of {} campaigns played); continue it with `lotr-sim campaign --resume {}`, or pass --force to replace it",
                    out.display(),
                    c.played(),
                    c.planned(),
                    out.display()
                ));
            }
        }
    }
    let lock = claim_out(&out, Writes::Campaign, a.force, "campaign")?;
    let mut ckpt = CampaignCkpt {
        args: campaign_argv(),
        mode: p.setup.mode,
        decks: p.decks.clone(),
        bots: p.setup.bots.clone(),
        seed: a.seed,
        from: p.start.next,
        retries: a.retries,
        per_game: a.per_game,
        games: a.games,
        key: p.key.clone(),
        shard,
        done: Vec::new(),
        records_bytes: 0,
        complete: false,
    };
    ckpt.write(&out)
        .with_context(|| format!("cannot write the checkpoint in {}", out.display()))?;
    execute(&p, a, &out, &mut ckpt, lock)
}

/// `--resume DIR`: the run its checkpoint names, from its stored arguments, checked to
/// resolve the same (deck and log files, engine version), then played to the end.
fn resume(a: &CampaignArgs, dir: &Path) -> Result<()> {
    if !dir.is_dir() {
        return usage(format!(
            "nothing to resume in {}: {} (is it the --out folder of a campaign run?)",
            dir.display(),
            if dir.exists() {
                "a file, not a folder"
            } else {
                "no such folder"
            }
        ));
    }
    let lock = lock_folder(dir, "campaign --resume")?;
    let damaged = |e: String| {
        UsageError(format!(
            "{e}; this campaign run cannot be resumed: start it again (same command, with --force)"
        ))
    };
    let Some(mut ckpt) = CampaignCkpt::read(dir).map_err(damaged)? else {
        return usage(format!(
            "nothing to resume in {}: it has no {} (is it the --out folder of a campaign run?)",
            dir.display(),
            lotr_sim::campaign::store::CHECKPOINT
        ));
    };
    if ckpt.complete {
        return usage(format!(
            "the campaign run in {} is finished ({} campaigns): nothing to resume",
            dir.display(),
            ckpt.played()
        ));
    }
    use clap::Parser;
    let argv = ["lotr-sim", "campaign"]
        .into_iter()
        .map(String::from)
        .chain(ckpt.args.iter().cloned());
    let parsed = super::args::Cli::try_parse_from(argv).map_err(|e| {
        UsageError(format!(
            "cannot read back the arguments in {}'s checkpoint: {}",
            dir.display(),
            clip(&e.to_string())
        ))
    })?;
    let Some(super::args::Command::Campaign(mut b)) = parsed.command else {
        return usage(format!(
            "{}'s checkpoint does not hold `campaign` arguments",
            dir.display()
        ));
    };
    b.out = Some(dir.to_path_buf());
    b.threads = a.threads.or(b.threads);
    b.quiet = a.quiet;
    b.checkpoint_interval = a.checkpoint_interval;
    b.stop_after = a.stop_after;
    b.force = false;
    let p = prepare(&b)?;
    let now = CampaignCkpt {
        args: ckpt.args.clone(),
        mode: p.setup.mode,
        decks: p.decks.clone(),
        bots: p.setup.bots.clone(),
        seed: b.seed,
        from: p.start.next,
        retries: b.retries,
        per_game: b.per_game,
        games: b.games,
        key: p.key.clone(),
        ..ckpt.clone()
    };
    let diff = ckpt.differences(&now);
    if !diff.is_empty() {
        return usage(format!(
            "the campaign run in {} no longer resolves the same ({}): deck or log files or the program changed; start it again with --force",
            dir.display(),
            diff.join(", ")
        ));
    }
    // Records written after the last checkpoint are dropped (`run_stored`); check the rest.
    lotr_sim::campaign::store::read_records(dir, &ckpt).map_err(damaged)?;
    if !b.quiet {
        eprintln!(
            "resuming {}: {} of {} campaigns already played",
            dir.display(),
            ckpt.played(),
            ckpt.planned()
        );
    }
    execute(&p, &b, dir, &mut ckpt, lock)
}

/// Play what `ckpt` has not done yet into `out`, then write the reports (unsharded) or say
/// how to merge (a shard).
fn execute(
    p: &Prepared,
    a: &CampaignArgs,
    out: &Path,
    ckpt: &mut CampaignCkpt,
    _lock: lotr_sim::lock::FolderLock,
) -> Result<()> {
    let stop = stop_flag();
    let progress = Progress::start(ckpt.planned(), ckpt.played(), "campaigns", a.quiet, 10.0);
    let ended = run_stored(
        &p.db,
        &p.setup,
        &p.start,
        out,
        ckpt,
        a.threads.unwrap_or(0),
        &stop,
        a.stop_after,
        a.checkpoint_interval,
        &|n| progress.bar().set_position(n),
    )
    .with_context(|| format!("cannot write the campaign records in {}", out.display()))?;
    progress.finish();
    if let Ended::Fault(e) = &ended {
        return Err(anyhow::Error::new(e.clone()).context(format!(
            "the campaign run stopped: {} of {} campaigns played are kept (the checkpoint in {}), but no report was written",
            ckpt.played(),
            ckpt.planned(),
            out.display()
        )));
    }
    if ended == Ended::Stopped {
        return Err(Interrupted(format!(
            "interrupted after {} of {} campaigns; the checkpoint is kept: continue with `lotr-sim campaign --resume {}`",
            ckpt.played(),
            ckpt.planned(),
            out.display()
        ))
        .into());
    }
    if ckpt.shard.count > 1 {
        out!(
            "campaign shard {} done: {} campaigns in {}; merge the {} shards with `lotr-sim merge DIR... --out DIR`",
            ckpt.shard,
            ckpt.played(),
            out.display(),
            ckpt.shard.count
        );
        return Ok(());
    }
    let recs = read_records(out, ckpt).map_err(anyhow::Error::msg)?;
    finish(&p.db, ckpt, &recs, out, a.per_game, a.quiet)
}

/// The reports of a finished (or merged) campaign run, and its summary on stdout.
fn finish(
    db: &CardDb,
    ckpt: &CampaignCkpt,
    recs: &[lotr_sim::campaign::play::CampaignRecord],
    out: &Path,
    per_game: bool,
    quiet: bool,
) -> Result<()> {
    let info = RunInfo {
        mode: ckpt.mode,
        decks: &ckpt.decks,
        bots: &ckpt.bots,
        seed: ckpt.seed,
        from: ckpt.from,
        retries: ckpt.retries,
    };
    write_all(out, db, &info, recs, per_game)
        .map_err(|e| anyhow::anyhow!("cannot write the reports in {}: {e}", out.display()))?;
    if !quiet {
        summary(db, &info, recs, out)?;
    } else {
        out!("reports in {}", out.display());
    }
    Ok(())
}

/// `merge` of campaign shards (folders with a campaign checkpoint): the merged folder is a
/// finished unsharded run (its records and checkpoint too).
pub(super) fn merge(a: &MergeArgs) -> Result<()> {
    let (ckpt, recs) = merge_dirs(&a.dirs).map_err(UsageError)?;
    let same = |x: &Path, y: &Path| {
        x == y || matches!((x.canonicalize(), y.canonicalize()), (Ok(p), Ok(q)) if p == q)
    };
    if a.dirs.iter().any(|d| same(d, &a.out)) {
        return usage("--out must not be one of the shard folders");
    }
    let db = load_db()?;
    let _lock = claim_out(&a.out, Writes::Campaign, a.force, "merge")?;
    write_records(&a.out, &recs)
        .with_context(|| format!("cannot write the records in {}", a.out.display()))?;
    let per_game = ckpt.per_game;
    finish(&db, &ckpt, &recs, &a.out, per_game, a.quiet)?;
    // The checkpoint goes last: without it the folder never passes for a finished run.
    ckpt.write(&a.out)
        .with_context(|| format!("cannot write the checkpoint in {}", a.out.display()))?;
    out!(
        "merged {} campaign shards: {}",
        a.dirs.len(),
        a.out.display()
    );
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
    // Read like a deck file: UTF-8 (a byte-order mark is skipped) or UTF-16 with one.
    let Some(text) = lotr_sim::deck::decode_file_text(&bytes) else {
        return usage(format!(
            "campaign log {shown} is not UTF-8 text; save it as UTF-8"
        ));
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    log::parse(db, text, players).or_else(|e| usage(format!("{shown}:{}: {}", e.line, e.msg)))
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
