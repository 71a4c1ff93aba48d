//! Scenario 3 of the campaign: the Deadmen's Dike campaign card (AAC-166), Amarthiúl's Courage
//! (AAC-167) and Thaurdir's three burdens: Legacy, Majesty and Spite (AAC-168–170).
//!
//! A burden whose Setup puts it on Thaurdir while he is not in play (in a later scenario
//! whose Thaurdir is still set aside or in the encounter deck) is attached to the campaign
//! card meanwhile (its Forced effect is active, as the card says) and moves onto Thaurdir as
//! soon as he is in play (at the next reveal or quest flip).

use super::chetwood::{attach_pendant, log_protect, put_protect, PENDANT, PROTECT, RAVAGED};
use super::CampaignCard;
use crate::campaign::CampaignState;
use crate::cards::common::host;
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::{CardId, Event, Game, Phase, Stat, Zone, ENCOUNTER};
use crate::events;

pub const CAMPAIGN: &str = "AAC-166A";
pub const COURAGE: &str = "AAC-167";
pub const LEGACY: &str = "AAC-168";
pub const MAJESTY: &str = "AAC-169";
pub const SPITE: &str = "AAC-170";
/// Thaurdir's burdens, in the order the random pick indexes them.
pub const BURDENS: [&str; 3] = [LEGACY, MAJESTY, SPITE];
/// Bit of `PlayerState::game_flags` (player 0's) for Amarthiúl's Courage's once-per-game Action.
const COURAGE_BIT: u32 = 1 << 5;

pub const CARD: CampaignCard = CampaignCard {
    scenario: "deadmens-dike",
    code: CAMPAIGN,
    needs: &[PENDANT, PROTECT, LEGACY, MAJESTY, SPITE],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        setup: Some(campaign_setup),
        forced: Some(campaign_forced),
        forced_on: events![Revealing, Flipped],
        ..BLANK
    },
    Script {
        code: COURAGE,
        setup: Some(courage_setup),
        modify: Some(courage_modify),
        can_act: Some(courage_can),
        act: Some(courage_act),
        hint: Hint {
            play_value: Some(bot::courage_value),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: LEGACY,
        setup: Some(burden_setup),
        forced: Some(burden_forced),
        forced_on: events![Revealed, Revealing, Flipped],
        rule: Some(burden_rule),
        rule_on: crate::rules![GainsTrait, BlanksTextOf, CannotCommit, CannotBeHealed],
        modify: Some(burden_modify),
        ..BLANK
    },
    Script {
        code: MAJESTY,
        setup: Some(burden_setup),
        forced: Some(burden_forced),
        forced_on: events![Revealed, Revealing, Flipped],
        rule: Some(burden_rule),
        rule_on: crate::rules![GainsTrait, BlanksTextOf, CannotCommit, CannotBeHealed],
        modify: Some(burden_modify),
        ..BLANK
    },
    Script {
        code: SPITE,
        setup: Some(burden_setup),
        forced: Some(burden_forced),
        forced_on: events![Revealed, Revealing, Flipped],
        rule: Some(burden_rule),
        rule_on: crate::rules![GainsTrait, BlanksTextOf, CannotCommit, CannotBeHealed],
        modify: Some(burden_modify),
        ..BLANK
    },
];

// ------------------------------------------------------- Deadmen's Dike (campaign card)

/// Setup: Iârion's Pendant on Iârion, Protect the Innocent to the staging area with the logged
/// damage.
fn campaign_setup(g: &mut Game, _me: CardId) {
    attach_pendant(g);
    let d = g
        .campaign
        .as_ref()
        .map_or(0, |c| c.state.notes.protect_the_innocent);
    put_protect(g, d);
}

/// Thaurdir (any printing), wherever he is.
pub fn thaurdir(g: &Game) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| {
        let d = g.def_of(c);
        d.ty == CardType::Enemy && d.title == "Thaurdir"
    })
}

fn thaurdir_in_play(g: &Game) -> Option<CardId> {
    thaurdir(g).filter(|&t| g.card(t).zone.in_play())
}

/// After Thaurdir enters play (seen at the next reveal or quest flip): one of his three
/// set-aside burdens, picked at random, is attached to him (it joins the pool at the
/// resolution). Once per game.
fn campaign_forced(g: &mut Game, _me: CardId, ev: Event) {
    let (Event::Revealing(..) | Event::Flipped(_)) = ev else {
        return;
    };
    let Some(t) = thaurdir_in_play(g) else { return };
    let aside: Vec<CardId> = BURDENS
        .iter()
        .filter_map(|code| super::set_aside(g, code))
        .collect();
    if aside.len() < BURDENS.len() {
        return; // one was already picked (or the pool brought one in)
    }
    let i = rand::Rng::gen_range(&mut g.rng_encounter, 0..aside.len());
    let b = aside[i];
    g.attach(b, t, ENCOUNTER);
    g.log_fn(|g| format!("Campaign: {} attached to {}", g.title(b), g.title(t)));
}

/// Resolution: log the damage on Protect the Innocent, which leaves the pool for Arnor Ravaged;
/// the burden Thaurdir got joins the pool; the group adds Iârion's Pendant (to the first
/// player's deck) or Amarthiúl's Courage (rule option `dike_takes_pendant`).
fn resolve(g: &Game, st: &mut CampaignState) {
    let db = g.db;
    log_protect(g, st);
    if let Some(p) = db.by_code(PROTECT) {
        st.remove_from_pool(p);
    }
    add_once(st, db.by_code(RAVAGED), None);
    for code in BURDENS {
        let placed = g
            .cards
            .iter()
            .any(|ci| db.def(ci.def).code == code && ci.zone != Zone::SetAside);
        if placed {
            add_once(st, db.by_code(code), None);
        }
    }
    if g.setup.options.dike_takes_pendant {
        add_once(st, db.by_code(PENDANT), Some(0));
    } else {
        add_once(st, db.by_code(COURAGE), None);
    }
}

fn add_once(st: &mut CampaignState, d: Option<crate::data::DefId>, player: Option<u8>) {
    if let Some(d) = d {
        if !st.pool.iter().any(|p| p.card == d) {
            st.add_to_pool(d, player, None);
        }
    }
}

// --------------------------------------------------------------------- Amarthiúl's Courage

fn amarthiul(g: &Game) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| {
        g.def_of(c).title == "Amarthiúl" && g.is_character(c) && g.card(c).zone.in_play()
    })
}

/// Setup (from the pool): attach to Amarthiúl (objective-ally or hero) if he is in play now;
/// otherwise removed from the game.
fn courage_setup(g: &mut Game, me: CardId) {
    match amarthiul(g) {
        Some(a) => {
            let p = g.card(a).controller;
            g.cards[me as usize].owner = if p == ENCOUNTER { 0 } else { p };
            g.attach(me, a, p);
            g.log_fn(|g| format!("Campaign: {} attached to {}", g.title(me), g.title(a)));
        }
        None => {
            g.move_card(me, Zone::Removed);
            g.log_fn(|g| format!("Campaign: {} removed (no Amarthiúl)", g.title(me)));
        }
    }
}

/// +1 Willpower and +1 hit point to Amarthiúl.
fn courage_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (host(g, me) == Some(target) && matches!(s, Stat::Willpower | Stat::HitPoints)) as i16
}

/// Action (once per game): ready Amarthiúl (his controller).
fn courage_can(g: &Game, me: CardId, p: u8) -> bool {
    host(g, me).is_some_and(|a| g.card(a).exhausted && g.card(a).controller == p)
        && g.players[0].game_flags & COURAGE_BIT == 0
}

fn courage_act(g: &mut Game, me: CardId, _p: u8) {
    g.players[0].game_flags |= COURAGE_BIT;
    if let Some(a) = host(g, me) {
        g.ready(a);
    }
}

// ------------------------------------------------------------------- Thaurdir's burdens

fn on_hero(g: &Game, me: CardId) -> Option<CardId> {
    host(g, me).filter(|&h| g.is_hero(h))
}

/// Setup (from the pool): onto Thaurdir, in play or not (while he is out of play, it waits on
/// the campaign card); in a scenario without Thaurdir it leaves the game.
fn burden_setup(g: &mut Game, me: CardId) {
    let card = g
        .list(Zone::Nightmare)
        .iter()
        .copied()
        .find(|&n| g.ty(n) == CardType::Campaign);
    match (thaurdir(g), card) {
        (Some(t), _) if g.card(t).zone.in_play() => {
            g.attach(me, t, ENCOUNTER);
            g.log_fn(|g| format!("Campaign: {} attached to Thaurdir", g.title(me)));
        }
        (Some(_), Some(c)) => {
            g.attach(me, c, ENCOUNTER);
            g.log_fn(|g| {
                format!(
                    "Campaign: {} waits for Thaurdir (out of play) on the campaign card",
                    g.title(me)
                )
            });
        }
        _ => {
            g.move_card(me, Zone::Removed);
            g.log_fn(|g| {
                format!(
                    "Campaign: {} removed from the game (no Thaurdir)",
                    g.title(me)
                )
            });
        }
    }
}

/// The hero this burden moves to: Legacy the most resources, Majesty the most non-objective
/// attachments, Spite the most damage; ties go to the first such hero from the first player
/// on (engine choice).
fn burden_target(g: &Game, me: CardId) -> Option<CardId> {
    let code = g.def_of(me).code.as_str();
    let score = |h: CardId| -> i16 {
        match code {
            LEGACY => g.card(h).resources,
            MAJESTY => g
                .attachments(h)
                .filter(|&a| g.ty(a) != CardType::Objective)
                .count() as i16,
            _ => g.card(h).damage,
        }
    };
    let mut best: Option<(CardId, i16)> = None;
    for k in 0..g.n_players {
        for h in g.heroes(g.seat(k)) {
            let s = score(h);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((h, s));
            }
        }
    }
    best.map(|b| b.0)
}

/// After a Sorcery treachery is revealed: move to the hero it picks. Waiting on the campaign
/// card, it goes onto Thaurdir once he is in play.
fn burden_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::Revealed(c, _) if g.ty(c) == CardType::Treachery && g.has_trait(c, "Sorcery") => {
            let Some(h) = burden_target(g, me) else {
                return;
            };
            if host(g, me) == Some(h) {
                return;
            }
            if let Some(old) = on_hero(g, me) {
                g.set_text_blanked(old, false);
            }
            g.attach(me, h, ENCOUNTER);
            if g.def_of(me).code == LEGACY {
                g.set_text_blanked(h, true);
            }
            g.log_fn(|g| format!("  {} moves to {}", g.title(me), g.title(h)));
        }
        Event::Revealing(..) | Event::Flipped(_) => {
            let waiting = host(g, me).is_some_and(|c| g.ty(c) == CardType::Campaign);
            if let (true, Some(t)) = (waiting, thaurdir_in_play(g)) {
                g.attach(me, t, ENCOUNTER);
                g.log_fn(|g| format!("  {} attached to {}", g.title(me), g.title(t)));
            }
        }
        _ => {}
    }
}

/// On a hero it counts as a Sorcery attachment: Legacy blanks the hero's printed text box,
/// Majesty keeps him from committing to the quest, Spite from being healed.
fn burden_rule(g: &Game, me: CardId, r: Rule) -> bool {
    let Some(h) = on_hero(g, me) else {
        return false;
    };
    let code = g.def_of(me).code.as_str();
    match r {
        Rule::GainsTrait(c, t) => c == me && t == g.db.trait_id("Sorcery"),
        Rule::BlanksTextOf(c) => c == h && code == LEGACY,
        Rule::CannotCommit(c) => c == h && code == MAJESTY,
        Rule::CannotBeHealed(c) => c == h && code == SPITE,
        _ => false,
    }
}

/// On a hero: Legacy −2 Willpower, Majesty −2 Attack, Spite −2 Defense.
fn burden_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if on_hero(g, me) != Some(target) {
        return 0;
    }
    let hit = match g.def_of(me).code.as_str() {
        LEGACY => Stat::Willpower,
        MAJESTY => Stat::Attack,
        _ => Stat::Defense,
    };
    if s == hit {
        -2
    } else {
        0
    }
}

pub mod bot {
    use super::*;

    /// Amarthiúl's Courage: ready him in combat (another defender or attacker).
    pub fn courage_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        (g.phase == Phase::Combat) as i32 * 30
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::campaign::chetwood::tests::in_campaign;
    use crate::cards::testkit::set_options;
    use crate::cards::testkit::*;
    use crate::data::Mode;
    use crate::engine::Opt;

    /// A Deadmen's Dike sandbox in campaign mode: Thaurdir set aside, the campaign card beside
    /// the quest.
    fn dike() -> (Game<'static>, CardId, CardId) {
        let mut g = sandbox_in(
            "deadmens-dike",
            Mode::Standard,
            &[&["Core-001", "Core-002"]],
        );
        let h = hero(&g, "Core-001");
        let st = CampaignState::new(3, vec![vec![g.def_id(h)]]);
        in_campaign(&mut g, st, 3, CAMPAIGN);
        let t = thaurdir(&g).unwrap();
        g.move_card(t, Zone::SetAside);
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::Nightmare);
        (g, t, me)
    }

    /// A Sorcery treachery revealed (Dark Sorcery, TLR-065).
    fn sorcery(g: &mut Game) {
        let s = g.spawn("TLR-065", ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::Revealed(s, true));
    }

    #[test]
    fn deadmens_dike() {
        let (mut g, t, me) = dike();
        let pendant = g.spawn(PENDANT, 0, Zone::SetAside);
        let pti = g.spawn(PROTECT, ENCOUNTER, Zone::SetAside);
        let bs: Vec<CardId> = BURDENS
            .iter()
            .map(|c| g.spawn(c, ENCOUNTER, Zone::SetAside))
            .collect();
        let mut st = g.campaign.as_ref().unwrap().state.clone();
        st.notes.protect_the_innocent = 6;
        in_campaign(&mut g, st.clone(), 3, CAMPAIGN);
        campaign_setup(&mut g, me);
        assert_eq!((g.card(pti).zone, g.card(pti).damage), (Zone::Staging, 6));
        // No Iârion in play here: the Pendant stays out of the game.
        assert_eq!(g.card(pendant).zone, Zone::SetAside);
        // Nothing while Thaurdir is out of play; after he enters play, one burden (at random)
        // goes on him; only one.
        g.emit(Event::Flipped(t));
        assert!(bs.iter().all(|&b| g.card(b).zone == Zone::SetAside));
        g.move_card(t, Zone::Staging);
        g.emit(Event::Flipped(t));
        g.emit(Event::Flipped(t));
        let on: Vec<CardId> = bs
            .iter()
            .copied()
            .filter(|&b| g.card(b).zone == Zone::Attached(t))
            .collect();
        assert_eq!(on.len(), 1);
        // Resolution: damage logged; Protect the Innocent leaves the pool for Arnor Ravaged;
        // the burden and (default) Iârion's Pendant in the first player's deck join it.
        st.add_to_pool(g.db.by_code(PROTECT).unwrap(), None, None);
        g.cards[pti as usize].damage = 8;
        resolve(&g, &mut st);
        assert_eq!(st.notes.protect_the_innocent, 8);
        assert!(!st.in_pool(g.db, PROTECT) && st.in_pool(g.db, RAVAGED));
        assert!(st.pool.iter().any(|p| p.card == g.def_id(on[0])));
        let pd = g.db.by_code(PENDANT).unwrap();
        assert!(st.pool.iter().any(|p| p.card == pd && p.player == Some(0)));
        assert!(!st.in_pool(g.db, COURAGE));
        // With `dike_takes_pendant=false` the group takes Amarthiúl's Courage instead.
        let mut st2 = CampaignState::new(3, vec![vec![]]);
        set_options(&mut g, |o| o.dike_takes_pendant = false);
        resolve(&g, &mut st2);
        assert!(st2.in_pool(g.db, COURAGE) && !st2.in_pool(g.db, PENDANT));
    }

    #[test]
    fn amarthiuls_courage() {
        let mut g = sandbox(&[&["Core-001"]]);
        let a = g.spawn("TWoE-016", ENCOUNTER, Zone::Play(0));
        g.cards[a as usize].controller = 0;
        let c = g.spawn(COURAGE, 0, Zone::SetAside);
        let (wp, hp) = (g.stat(a, Stat::Willpower), g.stat(a, Stat::HitPoints));
        courage_setup(&mut g, c);
        assert_eq!(g.card(c).zone, Zone::Attached(a));
        assert_eq!(g.stat(a, Stat::Willpower), wp + 1);
        assert_eq!(g.stat(a, Stat::HitPoints), hp + 1);
        // Action, once per game: ready Amarthiúl.
        g.exhaust(a);
        assert!(actions(&mut g).contains(&Opt::Activate(c)));
        g.act(0, Opt::Activate(c));
        assert!(!g.card(a).exhausted);
        g.exhaust(a);
        assert!(!actions(&mut g).contains(&Opt::Activate(c)));
        // Without Amarthiúl in play it is removed from the game.
        let mut g2 = sandbox(&[&["Core-001"]]);
        let c2 = g2.spawn(COURAGE, 0, Zone::SetAside);
        courage_setup(&mut g2, c2);
        assert_eq!(g2.card(c2).zone, Zone::Removed);
    }

    #[test]
    fn thaurdirs_legacy() {
        let (mut g, _t, me) = dike();
        let b = g.spawn(LEGACY, ENCOUNTER, Zone::SetAside);
        burden_setup(&mut g, b);
        // Thaurdir is out of play: it waits on the campaign card, and is active there.
        assert_eq!(g.card(b).zone, Zone::Attached(me));
        let a = hero(&g, "Core-001");
        let th = hero(&g, "Core-002");
        g.cards[th as usize].resources = 3;
        let wp = g.stat(th, Stat::Willpower);
        assert!(g.script(th).is_some());
        sorcery(&mut g);
        // To the hero with the most resources: −2 Willpower, text box blank.
        assert_eq!(g.card(b).zone, Zone::Attached(th));
        assert_eq!(g.stat(th, Stat::Willpower), (wp - 2).max(0));
        assert!(g.script(th).is_none(), "Théodred's text is blank");
        assert!(g.has_trait(b, "Sorcery"));
        // It moves on at the next Sorcery; the text comes back.
        g.cards[a as usize].resources = 5;
        sorcery(&mut g);
        assert_eq!(g.card(b).zone, Zone::Attached(a));
        assert!(g.script(th).is_some());
        assert!(g.script(a).is_none());
    }

    #[test]
    fn thaurdirs_majesty() {
        let (mut g, _t, _me) = dike();
        let b = g.spawn(MAJESTY, ENCOUNTER, Zone::SetAside);
        burden_setup(&mut g, b);
        let th = hero(&g, "Core-002");
        let x = g.spawn("Core-040", 0, Zone::Hand(0));
        g.attach(x, th, 0);
        let atk = g.stat(th, Stat::Attack);
        sorcery(&mut g);
        // Moves to the hero carrying most attachments (objectives not counted): −2 Attack, no
        // committing.
        assert_eq!(g.card(b).zone, Zone::Attached(th));
        assert_eq!(g.stat(th, Stat::Attack), atk - 2);
        assert!(g.rule(Rule::CannotCommit(th)));
        assert!(!g.rule(Rule::CannotCommit(hero(&g, "Core-001"))));
    }

    #[test]
    fn thaurdirs_spite() {
        let (mut g, t, _me) = dike();
        let b = g.spawn(SPITE, ENCOUNTER, Zone::SetAside);
        // Thaurdir in play: attached to him at once.
        g.move_card(t, Zone::Staging);
        burden_setup(&mut g, b);
        assert_eq!(g.card(b).zone, Zone::Attached(t));
        // Out of his reach for the Sorcery test below (Thaurdir attacks on a Sorcery).
        let card = g.list(Zone::Nightmare)[0];
        g.attach(b, card, ENCOUNTER);
        g.move_card(t, Zone::SetAside);
        let a = hero(&g, "Core-001");
        g.deal_damage(a, 2);
        let def = g.stat(a, Stat::Defense);
        sorcery(&mut g);
        // To the hero with the most damage: −2 Defense, cannot be healed.
        assert_eq!(g.card(b).zone, Zone::Attached(a));
        assert_eq!(g.stat(a, Stat::Defense), def - 2);
        g.heal(a, 1);
        assert_eq!(g.card(a).damage, 2);
        // In a scenario without Thaurdir a pool burden is removed from the game.
        let mut g2 = sandbox(&[&["Core-001"]]);
        let b2 = g2.spawn(SPITE, ENCOUNTER, Zone::SetAside);
        burden_setup(&mut g2, b2);
        assert_eq!(g2.card(b2).zone, Zone::Removed);
    }
}
