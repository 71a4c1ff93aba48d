//! `trace`: one game of a batch with the game log on.

use anyhow::Result;
use lotr_sim::engine::{try_play_game, Game};

use super::args::*;

use super::common::*;

pub(super) fn cmd_trace(a: &TraceArgs) -> Result<()> {
    let db = load_db()?;
    let cfg = configure(&db, &a.game)?;
    // What `run` refuses, `trace` refuses (and `--allow-unimplemented` allows the same).
    refuse_unimplemented_scenario(&db, cfg.setup.scenario, cfg.setup.mode)?;
    warn_blank(&blank_deck_cards(
        &db,
        &cfg.setup.decks,
        a.game.allow_unimplemented,
    )?);
    let mut game = Game::new(&db, &cfg.setup);
    game.set_logging(true);
    let mut bots = lotr_sim::batch::make_bots(&cfg.bots);
    for b in bots.iter_mut() {
        b.set_explain(a.explain);
    }
    let r = try_play_game(&mut game, &mut bots, cfg.key.seed, a.game_index)?;
    let k = &cfg.key;
    out!(
        "# {} ({}), decks {}, bots {}, seed {}, game {}",
        k.scenario,
        k.mode.name(),
        k.decks_joined(),
        k.bots_joined(),
        k.seed,
        a.game_index
    );
    for line in game.log_lines() {
        out!("{line}");
    }
    out!("{}", record_line(&r));
    Ok(())
}
