//! Scenario 8 of the campaign: The Battle of Carn Dûm campaign card (AAC-188) and the four boons
//! its setup offers (AAC-189–192: Rivendell Skirmishers, Elrond's Champion, Raiment of the Second
//! Age, Lore of Ancient Arnor). Its free hero changes (and the hero Amarthiúl) are the
//! runner's (`campaign::play`).

use super::CampaignCard;
use crate::campaign::CampaignState;
use crate::cards::common::{host, mine_in_play};
use crate::cards::hints::{pick_max, AttachKind, Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::engine::{Ask, CardId, Cont, Event, Game, Opt, Stat, Zone};
use crate::events;

pub const CAMPAIGN: &str = "AAC-188A";
pub const CHAMPION: &str = "AAC-189";
pub const LORE: &str = "AAC-190";
pub const RAIMENT: &str = "AAC-191";
pub const SKIRMISHERS: &str = "AAC-192";
/// The boons the campaign card offers, in the default bot's order of preference.
pub const BOONS: [&str; 4] = [SKIRMISHERS, CHAMPION, RAIMENT, LORE];

pub const CARD: CampaignCard = CampaignCard {
    scenario: "the-battle-of-carn-dum",
    code: CAMPAIGN,
    needs: &[CHAMPION, LORE, RAIMENT, SKIRMISHERS],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        setup: Some(campaign_setup),
        resume: Some(campaign_resume),
        hint: Hint {
            effect: Some(bot::boon_choice),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: CHAMPION,
        can_respond: Some(champion_can),
        respond_on: events![Engaged],
        respond: Some(champion_respond),
        ..BLANK
    },
    Script {
        code: LORE,
        can_act: Some(lore_can),
        act: Some(lore_act),
        resume: Some(lore_resume),
        hint: Hint {
            play_value: Some(bot::lore_value),
            effect: Some(bot::lore_pick),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: RAIMENT,
        attach_to: Some(raiment_to),
        modify: Some(raiment_modify),
        can_respond: Some(raiment_can),
        respond_on: events![AttackDestroyed],
        respond: Some(raiment_respond),
        hint: Hint {
            attach: Some((35, AttachKind::Weapon)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: SKIRMISHERS,
        can_respond: Some(skirmishers_can),
        respond_on: events![DefenderDeclared],
        respond: Some(skirmishers_respond),
        ..BLANK
    },
];

// --------------------------------------------------- The Battle of Carn Dûm (campaign card)

/// Setup: each player from the first may take one of the (set-aside) boons into his opening
/// hand.
fn campaign_setup(g: &mut Game, me: CardId) {
    super::ask_set_aside_boon(g, me, 0, &BOONS);
}

fn campaign_resume(g: &mut Game, cont: Cont, opt: Opt) {
    super::take_set_aside_boon(g, cont, opt, &BOONS, "Campaign: ");
}

/// Resolution: the damage on each hero in play is logged (replacing the previous notes); the
/// boons taken join the pool in their owners' decks.
fn resolve(g: &Game, st: &mut CampaignState) {
    st.notes.hero_damage.clear();
    for p in 0..g.n_players {
        for h in g.heroes(p) {
            let d = g.db.original(g.def_id(h));
            st.notes.hero_damage.push((d, g.card(h).damage));
        }
    }
    super::pool_taken_boons(g, st, &BOONS);
}

// ------------------------------------------------------------------------ Elrond's Champion

fn champion_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Engaged(_, p) if p == seat)
        && mine_in_play(g, me, seat)
        && g.card(me).exhausted
}

/// Response: after an enemy engages you, ready it.
fn champion_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    g.ready(me);
}

// -------------------------------------------------------------------- Lore of Ancient Arnor

fn lore_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Hand(p)
}

/// Action: each player from the first returns 1 card of his discard pile to his hand (2 when
/// alone) and shuffles the rest into his deck; then the event is removed from the game. `a` of
/// the continuation: the player offset; `b`: picks left for him.
fn lore_act(g: &mut Game, me: CardId, _p: u8) {
    let picks = if g.n_players == 1 { 2 } else { 1 };
    lore_next(g, me, 0, picks);
}

fn lore_next(g: &mut Game, me: CardId, mut k: u8, mut picks: i16) {
    let per = if g.n_players == 1 { 2 } else { 1 };
    while k < g.n_players {
        let p = g.seat(k);
        let pile = g.list(Zone::Discard(p)).len();
        if picks > 0 && pile > 0 && !g.players[p as usize].eliminated {
            g.begin_ask(p, Ask::Effect { card: me, what: 0 });
            for i in 0..pile {
                let c = g.list(Zone::Discard(p))[i];
                g.offer(Opt::Card(c));
            }
            return g.ask_script(Cont::new(me, 0).with(p, k as i16, picks));
        }
        // Done with him: the rest of his discard pile goes back into his deck.
        while let Some(&c) = g.list(Zone::Discard(p)).last() {
            g.move_card(c, Zone::Deck(p));
        }
        g.shuffle(Zone::Deck(p));
        k += 1;
        picks = per;
    }
    if g.card(me).zone == Zone::Resolving {
        g.move_card(me, Zone::Removed);
        g.log_fn(|g| format!("  {} is removed from the game", g.title(me)));
    }
}

fn lore_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Discard(p) {
            g.move_card(c, Zone::Hand(p));
        }
    }
    lore_next(g, cont.card, cont.a as u8, cont.b - 1);
}

// ---------------------------------------------------------------- Raiment of the Second Age

fn raiment_to(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_character(t)
}

/// +2 Attack and +2 hit points.
fn raiment_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if host(g, me) == Some(target) && matches!(s, Stat::Attack | Stat::HitPoints) {
        2
    } else {
        0
    }
}

fn raiment_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackDestroyed(_))
        && g.card(me).controller == seat
        && host(g, me).is_some_and(|h| g.patk.attackers().contains(&h))
}

/// Response: after its character attacks and destroys an enemy, its controller draws 1.
fn raiment_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    let p = g.card(me).controller;
    g.draw(p, 1);
}

// -------------------------------------------------------------------- Rivendell Skirmishers

fn skirmishers_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::DefenderDeclared(d, e)
        if d == me && !g.def_of(e).unique && g.shadows_of(e).next().is_some())
        && mine_in_play(g, me, seat)
}

/// Response: after it exhausts to defend a non-unique enemy's attack, that enemy's shadow cards
/// are discarded.
fn skirmishers_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    if let Event::DefenderDeclared(_, e) = ev {
        let sh: Vec<CardId> = g.shadows_of(e).collect();
        for s in sh {
            g.discard(s);
        }
    }
}

pub mod bot {
    use super::*;

    /// The Battle of Carn Dûm: take the first boon in `BOONS` order.
    pub fn boon_choice(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        BOONS.iter().find_map(|code| {
            o.iter()
                .position(|&x| matches!(x, Opt::Card(b) if g.def_of(b).code == *code))
        })
    }

    /// Lore of Ancient Arnor: once its player's discard pile holds 6 cards or more.
    pub fn lore_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        (g.list(Zone::Discard(p)).len() >= 6) as i32 * 25
    }

    /// Take back the most expensive card.
    pub fn lore_pick(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| g.def_of(c).cost as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    #[test]
    fn the_battle_of_carn_dum() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        let boons: Vec<CardId> = [CHAMPION, LORE, RAIMENT, SKIRMISHERS]
            .iter()
            .map(|c| g.spawn(c, ENCOUNTER, Zone::SetAside))
            .collect();
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::Nightmare);
        campaign_setup(&mut g, me);
        g.settle();
        // Each player in turn may take one boon into his hand.
        assert!(options(&g).contains(&Opt::Pass));
        g.answer(Opt::Card(boons[3]));
        assert!(!options(&g).contains(&Opt::Card(boons[3])));
        g.answer(Opt::Card(boons[0]));
        assert_eq!(g.card(boons[3]).zone, Zone::Hand(0));
        assert_eq!(g.card(boons[0]).zone, Zone::Hand(1));
        // Resolution: each hero's damage is logged; the taken boons join their owners' decks.
        let a = hero(&g, "Core-001");
        g.deal_damage(a, 2);
        let mut st = CampaignState::new(8, vec![vec![], vec![]]);
        resolve(&g, &mut st);
        assert!(st.notes.hero_damage.contains(&(g.def_id(a), 2)));
        assert_eq!(st.pool.len(), 2);
        let sk = g.db.by_code(SKIRMISHERS).unwrap();
        assert!(st.pool.iter().any(|x| x.card == sk && x.player == Some(0)));
    }

    #[test]
    fn elronds_champion() {
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn(CHAMPION, 0, Zone::Play(0));
        g.exhaust(c);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::Engaged(e, 0));
        if options(&g).contains(&Opt::Activate(c)) {
            g.answer(Opt::Activate(c));
        }
        assert!(!g.card(c).exhausted);
    }

    #[test]
    fn lore_of_ancient_arnor() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let ds: Vec<CardId> = (0..3)
            .map(|_| g.spawn("Core-013", 0, Zone::Discard(0)))
            .collect();
        let l = g.spawn(LORE, 0, Zone::Hand(0));
        g.cards[h as usize].resources = 3;
        let deck = g.list(Zone::Deck(0)).len();
        let hand = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Play(l));
        // Alone: two cards back to his hand, the third into his deck; Lore leaves the game.
        g.answer(Opt::Card(ds[0]));
        g.answer(Opt::Card(ds[1]));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand - 1 + 2);
        assert_eq!(g.list(Zone::Deck(0)).len(), deck + 1);
        assert!(g.list(Zone::Discard(0)).is_empty());
        assert_eq!(g.card(l).zone, Zone::Removed);
    }

    #[test]
    fn raiment_of_the_second_age() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let (atk, hp) = (g.stat(h, Stat::Attack), g.stat(h, Stat::HitPoints));
        let r = g.spawn(RAIMENT, 0, Zone::Hand(0));
        g.attach(r, h, 0);
        assert_eq!(g.stat(h, Stat::Attack), atk + 2);
        assert_eq!(g.stat(h, Stat::HitPoints), hp + 2);
        // Its character's attack kills an enemy: its controller draws a card.
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::EncounterDiscard);
        g.patk.enemy = e;
        g.patk.attackers[0] = h;
        g.patk.n_attackers = 1;
        let hand = g.list(Zone::Hand(0)).len();
        g.emit(Event::AttackDestroyed(e));
        if options(&g).contains(&Opt::Activate(r)) {
            g.answer(Opt::Activate(r));
        }
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 1);
    }

    #[test]
    fn rivendell_skirmishers() {
        let mut g = sandbox(&[&["Core-001"]]);
        let s = g.spawn(SKIRMISHERS, 0, Zone::Play(0));
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        let sh = g.spawn("TLR-021", ENCOUNTER, Zone::Shadow(e));
        g.exhaust(s);
        g.emit(Event::DefenderDeclared(s, e));
        if options(&g).contains(&Opt::Activate(s)) {
            g.answer(Opt::Activate(s));
        }
        assert_eq!(g.card(sh).zone, Zone::EncounterDiscard);
    }
}
