//! Scenario 2 of the campaign: The Weather Hills campaign card (AAC-159), the side quest
//! Mysterious Omens (AAC-160) and the five Permanent condition boons it offers: Cunning,
//! Hardy, Resolute, Ruthless, Stalwart (AAC-161–165).

use super::chetwood::{log_protect, put_protect};
use super::{set_aside, CampaignCard};
use crate::campaign::CampaignState;
use crate::cards::common::{cancel_damage, host};
use crate::cards::hints::{AttachKind, Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::data::CardType;
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Phase, Stat, Until, Zone,
};
use crate::events;

pub const CAMPAIGN: &str = "AAC-159A";
pub const OMENS: &str = "AAC-160";
pub const CUNNING: &str = "AAC-161";
pub const HARDY: &str = "AAC-162";
pub const RESOLUTE: &str = "AAC-163";
pub const RUTHLESS: &str = "AAC-164";
pub const STALWART: &str = "AAC-165";
/// The boons Mysterious Omens offers, in the default bot's order of preference.
pub const BOONS: [&str; 5] = [HARDY, RESOLUTE, CUNNING, RUTHLESS, STALWART];

pub const CARD: CampaignCard = CampaignCard {
    scenario: "the-weather-hills",
    code: CAMPAIGN,
    needs: &[
        super::chetwood::PROTECT,
        OMENS,
        CUNNING,
        HARDY,
        RESOLUTE,
        RUTHLESS,
        STALWART,
    ],
    resolution: resolve,
};

/// Bits of `PlayerState::game_flags` for the boons' once-per-game abilities.
const CUNNING_BIT: u32 = 1 << 0;
const HARDY_BIT: u32 = 1 << 1;
const RESOLUTE_BIT: u32 = 1 << 2;
const RUTHLESS_BIT: u32 = 1 << 3;
const STALWART_BIT: u32 = 1 << 4;

const BOON_HINT: Hint = Hint {
    attach: Some((30, AttachKind::General)),
    ..NO_HINT
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        setup: Some(campaign_setup),
        ..BLANK
    },
    Script {
        code: OMENS,
        forced: Some(omens_forced),
        forced_on: events![BecameCurrentQuest, SideQuestDefeated],
        resume: Some(omens_resume),
        hint: Hint {
            effect: Some(bot::omens_choice),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: CUNNING,
        setup: Some(cunning_setup),
        can_act: Some(cunning_can),
        act: Some(cunning_act),
        hint: Hint {
            play_value: Some(bot::cunning_value),
            ..BOON_HINT
        },
        ..BLANK
    },
    Script {
        code: HARDY,
        setup: Some(boon_setup),
        modify: Some(hardy_modify),
        can_act: Some(hardy_can),
        act: Some(hardy_act),
        hint: Hint {
            play_value: Some(bot::hardy_value),
            ..BOON_HINT
        },
        ..BLANK
    },
    Script {
        code: RESOLUTE,
        setup: Some(boon_setup),
        modify: Some(resolute_modify),
        can_respond: Some(resolute_can),
        respond_on: events![CancelDamage],
        respond: Some(resolute_respond),
        hint: Hint {
            play_value: Some(|_, _, _, _| 30),
            ..BOON_HINT
        },
        ..BLANK
    },
    Script {
        code: RUTHLESS,
        setup: Some(boon_setup),
        modify: Some(ruthless_modify),
        can_act: Some(ruthless_can),
        act: Some(ruthless_act),
        resume: Some(ruthless_resume),
        hint: Hint {
            play_value: Some(bot::ruthless_value),
            ..BOON_HINT
        },
        ..BLANK
    },
    Script {
        code: STALWART,
        setup: Some(boon_setup),
        modify: Some(stalwart_modify),
        can_act: Some(stalwart_can),
        act: Some(stalwart_act),
        resume: Some(stalwart_resume),
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..BOON_HINT
        },
        ..BLANK
    },
];

// ----------------------------------------------------- The Weather Hills (campaign card)

/// Setup: Mysterious Omens into the encounter deck (it joins the log at the resolution unless
/// defeated), Protect the Innocent to the staging area with the logged damage.
fn campaign_setup(g: &mut Game, _me: CardId) {
    if let Some(o) = set_aside(g, OMENS) {
        g.move_card(o, Zone::EncounterDeck);
        g.shuffle(Zone::EncounterDeck);
    }
    let d = g
        .campaign
        .as_ref()
        .map_or(0, |c| c.state.notes.protect_the_innocent);
    put_protect(g, d);
}

/// Resolution: log the damage on Protect the Innocent; Mysterious Omens stays in the pool
/// unless it was defeated (then the boons it gave join the pool with their heroes).
fn resolve(g: &Game, st: &mut CampaignState) {
    log_protect(g, st);
    record_boons(g, st);
    let Some(o) = g.db.by_code(OMENS) else { return };
    let defeated = g.list(Zone::Victory).iter().any(|&c| g.def_id(c) == o);
    if defeated {
        st.remove_from_pool(o);
    } else if !st.pool.iter().any(|p| p.card == o) {
        st.add_to_pool(o, None, None);
    }
}

/// Boons attached to heroes this game that are not in the pool yet join it, with their hero.
pub fn record_boons(g: &Game, st: &mut CampaignState) {
    for code in BOONS {
        let Some(d) = g.db.by_code(code) else {
            continue;
        };
        if st.pool.iter().any(|p| p.card == d) {
            continue;
        }
        let on = (0..g.cards.len() as CardId).find(|&c| g.def_id(c) == d);
        if let Some(c) = on {
            if let Zone::Attached(h) = g.card(c).zone {
                if g.is_hero(h) {
                    st.add_to_pool(
                        d,
                        Some(g.card(h).controller),
                        Some(g.db.original(g.def_id(h))),
                    );
                }
            }
        }
    }
}

// ------------------------------------------------------------------------ Mysterious Omens

/// After it becomes the current quest, each player discards a random card from his hand.
/// When defeated, each player from the first may attach one of the boons to a hero he controls.
fn omens_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::BecameCurrentQuest(c) if c == me => {
            for k in 0..g.n_players {
                let p = g.seat(k);
                discard_random(g, p);
            }
        }
        Event::SideQuestDefeated(c) if c == me => g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        }),
        _ => {}
    }
}

/// Player `p` discards a random card from his hand (if he has one and is in the game).
fn discard_random(g: &mut Game, p: u8) {
    let n = g.list(Zone::Hand(p)).len();
    if n == 0 || g.players[p as usize].eliminated {
        return;
    }
    let i = rand::Rng::gen_range(&mut g.rng_encounter, 0..n);
    let c = g.list(Zone::Hand(p))[i];
    g.discard(c);
    g.log_fn(|g| {
        format!(
            "  P{} discards {} at random (Mysterious Omens)",
            p + 1,
            g.title(c)
        )
    });
}

/// Step 0: player k (offset) picks a boon or passes; step 1: the boon chosen (`a`), he picks
/// the hero.
fn omens_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.player;
    match cont.step {
        1 => {
            if let Opt::Card(b) = opt {
                let p = g.seat(k);
                g.begin_ask(
                    p,
                    Ask::Effect {
                        card: cont.card,
                        what: 1,
                    },
                );
                for i in 0..g.list(Zone::Play(p)).len() {
                    let h = g.list(Zone::Play(p))[i];
                    if g.is_hero(h) {
                        g.offer(Opt::Card(h));
                    }
                }
                if g.n_offered() > 0 {
                    return g.ask_script(Cont::new(cont.card, 2).with(k, b as i16, 0));
                }
            }
            k += 1;
        }
        2 => {
            if let Opt::Card(h) = opt {
                let b = cont.a as CardId;
                let p = g.seat(k);
                g.cards[b as usize].owner = p;
                g.attach(b, h, p);
                g.log_fn(|g| format!("  P{} attaches {} to {}", p + 1, g.title(b), g.title(h)));
                if g.def_of(b).code == CUNNING {
                    // Its Setup text: 2 resources to the hero.
                    g.cards[h as usize].resources += 2;
                }
            }
            k += 1;
        }
        _ => {}
    }
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            g.offer(Opt::Pass);
            for code in BOONS {
                if let Some(b) = set_aside(g, code) {
                    g.offer(Opt::Card(b));
                }
            }
            if g.n_offered() > 1 {
                return g.ask_script(Cont::new(cont.card, 1).with(k, 0, 0));
            }
        }
        k += 1;
    }
}

// ------------------------------------------------------------------------------- the boons

/// Setup (from the pool): attach to the hero the log records for it, if he is in play.
fn boon_setup(g: &mut Game, me: CardId) {
    let _ = attach_to_logged_hero(g, me);
}

/// Attach `me` to its logged hero; returns him.
pub(crate) fn attach_to_logged_hero(g: &mut Game, me: CardId) -> Option<CardId> {
    let d = g.def_id(me);
    let hero = g.campaign.as_ref().and_then(|c| {
        c.state
            .pool
            .iter()
            .find(|p| p.card == d)
            .and_then(|p| p.hero)
    })?;
    let h = (0..g.cards.len() as CardId).find(|&c| {
        g.is_hero(c)
            && g.card(c).zone.in_play()
            && g.db.original(g.def_id(c)) == g.db.original(hero)
    })?;
    let p = g.card(h).controller;
    g.cards[me as usize].owner = p;
    g.attach(me, h, p);
    g.log_fn(|g| format!("Campaign: {} attached to {}", g.title(me), g.title(h)));
    Some(h)
}

fn on_host(g: &Game, me: CardId, target: CardId) -> bool {
    g.card(me).zone == Zone::Attached(target)
}

fn unused(g: &Game, me: CardId, bit: u32) -> bool {
    host(g, me).is_some() && g.players[g.card(me).controller as usize].game_flags & bit == 0
}

fn use_once(g: &mut Game, me: CardId, bit: u32) {
    let p = g.card(me).controller as usize;
    g.players[p].game_flags |= bit;
}

/// Cunning — Setup: 2 resources to its hero. Action (once per game): +2 Willpower, Attack and
/// Defense to its hero until the end of the phase.
fn cunning_setup(g: &mut Game, me: CardId) {
    if let Some(h) = attach_to_logged_hero(g, me) {
        g.cards[h as usize].resources += 2;
    }
}

fn cunning_can(g: &Game, me: CardId, _p: u8) -> bool {
    unused(g, me, CUNNING_BIT)
}

fn cunning_act(g: &mut Game, me: CardId, _p: u8) {
    use_once(g, me, CUNNING_BIT);
    if let Some(h) = host(g, me) {
        for s in [Stat::Willpower, Stat::Attack, Stat::Defense] {
            g.add_lasting(h, Lasting::Stat(s, 2), Until::EndOfPhase);
        }
    }
}

/// Hardy — +2 hit points. Action (once per game): ready its hero.
fn hardy_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::HitPoints && on_host(g, me, target) {
        2
    } else {
        0
    }
}

fn hardy_can(g: &Game, me: CardId, _p: u8) -> bool {
    unused(g, me, HARDY_BIT) && host(g, me).is_some_and(|h| g.card(h).exhausted)
}

fn hardy_act(g: &mut Game, me: CardId, _p: u8) {
    use_once(g, me, HARDY_BIT);
    if let Some(h) = host(g, me) {
        g.ready(h);
    }
}

/// Resolute — +1 Willpower. Response (once per game): its hero takes up to 2 less of the damage it
/// was just dealt.
fn resolute_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Willpower && on_host(g, me, target)) as i16
}

fn resolute_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::CancelDamage(c, n) if n > 0 && host(g, me) == Some(c))
        && unused(g, me, RESOLUTE_BIT)
}

fn resolute_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    if let Event::CancelDamage(c, _) = ev {
        use_once(g, me, RESOLUTE_BIT);
        cancel_damage(g, c, 2);
    }
}

/// Ruthless — +1 Attack. Action (once per game): move any amount of damage from its hero to an
/// enemy engaged with its controller (the engine moves all of it).
fn ruthless_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Attack && on_host(g, me, target)) as i16
}

fn ruthless_can(g: &Game, me: CardId, p: u8) -> bool {
    unused(g, me, RUTHLESS_BIT)
        && host(g, me).is_some_and(|h| g.card(h).damage > 0)
        && g.list(Zone::Engaged(p))
            .iter()
            .any(|&e| crate::cards::common::damageable(g, e))
}

fn ruthless_act(g: &mut Game, me: CardId, p: u8) {
    use_once(g, me, RUTHLESS_BIT);
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Engaged(p)).len() {
        let e = g.list(Zone::Engaged(p))[i];
        if crate::cards::common::damageable(g, e) {
            g.offer(Opt::Card(e));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn ruthless_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (Opt::Card(e), Some(h)) = (opt, host(g, cont.card)) else {
        return;
    };
    let n = g.remove_damage(h, g.card(h).damage);
    g.deal_damage(e, n);
    g.log_fn(|g| format!("  {n} damage moves from {} to {}", g.title(h), g.title(e)));
}

/// Stalwart — +1 Defense. Planning Action (once per game): play an attachment from its
/// controller's discard pile on its hero (paying its cost).
fn stalwart_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Defense && on_host(g, me, target)) as i16
}

fn stalwart_target(g: &Game, h: CardId, a: CardId, p: u8) -> bool {
    g.ty(a) == CardType::Attachment
        && g.can_pay(p, g.def_of(a).sphere, g.cost_of(a, p))
        && g.attach_targets(a, p).any(|t| t == h)
}

fn stalwart_can(g: &Game, me: CardId, p: u8) -> bool {
    let Some(h) = host(g, me) else { return false };
    g.phase == Phase::Planning
        && unused(g, me, STALWART_BIT)
        && crate::cards::common::discard_pile_open(g, p)
        && g.list(Zone::Discard(p))
            .iter()
            .any(|&a| stalwart_target(g, h, a, p))
}

fn stalwart_act(g: &mut Game, me: CardId, p: u8) {
    use_once(g, me, STALWART_BIT);
    let Some(h) = host(g, me) else { return };
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Discard(p)).len() {
        let a = g.list(Zone::Discard(p))[i];
        if stalwart_target(g, h, a, p) {
            g.offer(Opt::Card(a));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn stalwart_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (Opt::Card(a), Some(h)) = (opt, host(g, cont.card)) else {
        return;
    };
    let p = cont.player;
    g.pay_for(a, p);
    g.attach(a, h, p);
    g.log_fn(|g| {
        format!(
            "  {} played from the discard pile on {}",
            g.title(a),
            g.title(h)
        )
    });
    g.fire(Event::Played(a));
}

pub mod bot {
    use super::*;
    use crate::cards::hints::pick_max;

    /// Mysterious Omens: take the first boon in `BOONS` order; put it on the hero with the
    /// highest threat cost (the one the party can least afford to lose).
    pub fn omens_choice(g: &Game, _p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        match what {
            0 => BOONS.iter().find_map(|code| {
                o.iter()
                    .position(|&x| matches!(x, Opt::Card(b) if g.def_of(b).code == *code))
            }),
            1 => pick_max(o, |h| g.def_of(h).threat_cost as i32),
            _ => None,
        }
    }

    /// Cunning: in combat when its hero defends or attacks, or in the quest phase.
    pub fn cunning_value(g: &Game, _p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        let Some(h) = host(g, c) else { return 0 };
        match g.phase {
            Phase::Quest if g.card(h).questing => 30,
            Phase::Combat if g.attack.enemy != crate::engine::NO_CARD => 25,
            _ => 0,
        }
    }

    /// Hardy: ready an exhausted hero in combat (another defender or attacker).
    pub fn hardy_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        (g.phase == Phase::Combat) as i32 * 30
    }

    /// Ruthless: when its hero carries 2+ damage.
    pub fn ruthless_value(g: &Game, _p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        host(g, c).map_or(0, |h| if g.card(h).damage >= 2 { 30 } else { 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::CampaignState;
    use crate::cards::campaign::chetwood::tests::{attack_ended, in_campaign};
    use crate::cards::campaign::chetwood::PROTECT;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    /// A sandbox whose log holds `boon` on Aragorn; the boon is attached by its Setup text.
    fn with_boon(boon: &str) -> (Game<'static>, CardId, CardId) {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let mut st = CampaignState::new(3, vec![vec![g.def_id(h)]]);
        st.add_to_pool(g.db.by_code(boon).unwrap(), Some(0), Some(g.def_id(h)));
        in_campaign(&mut g, st, 3, "AAC-166A");
        let b = g.spawn(boon, 0, Zone::SetAside);
        let f = g.script(b).and_then(|s| s.setup).unwrap();
        f(&mut g, b);
        assert_eq!(g.card(b).zone, Zone::Attached(h));
        (g, h, b)
    }

    #[test]
    fn the_weather_hills() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let mut st = CampaignState::new(2, vec![vec![g.def_id(h)]]);
        st.notes.protect_the_innocent = 5;
        in_campaign(&mut g, st.clone(), 2, CAMPAIGN);
        let omens = g.spawn(OMENS, ENCOUNTER, Zone::SetAside);
        let pti = g.spawn(PROTECT, ENCOUNTER, Zone::SetAside);
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::SetAside);
        campaign_setup(&mut g, me);
        assert_eq!(g.card(omens).zone, Zone::EncounterDeck);
        assert_eq!((g.card(pti).zone, g.card(pti).damage), (Zone::Staging, 5));
        // Resolution: new damage logged; Omens not defeated stays in the pool.
        g.cards[pti as usize].damage = 7;
        resolve(&g, &mut st);
        assert_eq!(st.notes.protect_the_innocent, 7);
        assert!(st.in_pool(g.db, OMENS));
        // Defeated (in the victory display): it leaves the pool, its boon joins it.
        g.move_card(omens, Zone::Victory);
        let hardy = g.spawn(HARDY, 0, Zone::SetAside);
        g.attach(hardy, h, 0);
        resolve(&g, &mut st);
        assert!(!st.in_pool(g.db, OMENS));
        let pc = st.pool.iter().find(|p| p.card == g.def_id(hardy)).unwrap();
        assert_eq!((pc.player, pc.hero), (Some(0), Some(g.def_id(h))));
    }

    #[test]
    fn mysterious_omens() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let omens = g.spawn(OMENS, ENCOUNTER, Zone::Staging);
        let boons: Vec<CardId> = BOONS
            .iter()
            .map(|c| g.spawn(c, ENCOUNTER, Zone::SetAside))
            .collect();
        let hand = g.list(Zone::Hand(0)).len();
        g.emit(Event::BecameCurrentQuest(omens));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand - 1);
        g.emit(Event::SideQuestDefeated(omens));
        let o = options(&g);
        assert_eq!(o[0], Opt::Pass);
        assert_eq!(o.len(), 6);
        g.answer(Opt::Card(boons[0]));
        // One hero: attached without a question.
        assert_eq!(g.card(boons[0]).zone, Zone::Attached(h));
        assert_eq!(g.card(boons[0]).owner, 0);
    }

    #[test]
    fn cunning() {
        let (mut g, h, b) = with_boon(CUNNING);
        assert!(g.card(h).resources >= 2);
        let w = g.stat(h, Stat::Willpower);
        assert!(actions(&mut g).contains(&Opt::Activate(b)));
        g.act(0, Opt::Activate(b));
        assert_eq!(g.stat(h, Stat::Willpower), w + 2);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(b)),
            "once per game"
        );
    }

    #[test]
    fn hardy() {
        let (mut g, h, b) = with_boon(HARDY);
        assert_eq!(g.stat(h, Stat::HitPoints), g.def_of(h).hit_points + 2);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(b)),
            "nothing to ready"
        );
        g.exhaust(h);
        g.act(0, Opt::Activate(b));
        assert!(!g.card(h).exhausted);
        g.exhaust(h);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(b)),
            "once per game"
        );
    }

    #[test]
    fn resolute() {
        let (mut g, h, b) = with_boon(RESOLUTE);
        assert_eq!(g.stat(h, Stat::Willpower), g.def_of(h).willpower + 1);
        g.cards[h as usize].damage = 3;
        g.emit(Event::CancelDamage(h, 3));
        g.answer(Opt::Activate(b));
        assert_eq!(g.card(h).damage, 1);
        g.emit(Event::CancelDamage(h, 1));
        assert!(g.pending().is_none(), "once per game");
    }

    #[test]
    fn ruthless() {
        let (mut g, h, b) = with_boon(RUTHLESS);
        assert_eq!(g.stat(h, Stat::Attack), g.def_of(h).attack + 1);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.cards[h as usize].damage = 2;
        g.act(0, Opt::Activate(b));
        assert_eq!((g.card(h).damage, g.card(e).damage), (0, 2));
        attack_ended(&mut g, h, 0, false);
    }

    #[test]
    fn stalwart() {
        let (mut g, h, b) = with_boon(STALWART);
        assert_eq!(g.stat(h, Stat::Defense), g.def_of(h).defense + 1);
        // Celebrían's Stone (Core-027, leadership, cost 2) in the discard pile.
        let a = g.spawn("Core-027", 0, Zone::Discard(0));
        g.cards[h as usize].resources = 2;
        g.act(0, Opt::Activate(b));
        assert_eq!(g.card(a).zone, Zone::Attached(h));
        assert_eq!(g.card(h).resources, 0);
    }
}
