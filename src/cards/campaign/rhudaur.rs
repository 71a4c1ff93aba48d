//! Scenario 7 of the campaign: The Treachery of Rhudaur campaign card (AAC-184; no setup text)
//! and the three boons its resolution offers for the Clues the players hold: Daechanar's Brand,
//! Heirloom of Iârchon and Orders from Angmar (AAC-185–187).

use super::CampaignCard;
use crate::campaign::CampaignState;
use crate::cards::common::{host, is_undead_enemy, to_hero};
use crate::cards::hints::{AttachKind, Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::data::CardType;
use crate::engine::{Ask, CardId, Cont, Event, Game, Opt, Stat, Zone, NO_CARD};
use crate::events;

pub const CAMPAIGN: &str = "AAC-184A";
pub const BRAND: &str = "AAC-185";
pub const HEIRLOOM: &str = "AAC-186";
pub const ORDERS: &str = "AAC-187";
/// The boons a Clue of the same title earns.
pub const BOONS: [&str; 3] = [BRAND, HEIRLOOM, ORDERS];
/// Encounter cards Daechanar's Brand searches.
const BRAND_SEARCH: usize = 5;

pub const CARD: CampaignCard = CampaignCard {
    scenario: "the-treachery-of-rhudaur",
    code: CAMPAIGN,
    needs: &[],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    // The campaign card's setup side has no text beyond "campaign mode".
    Script {
        code: CAMPAIGN,
        ..BLANK
    },
    Script {
        code: BRAND,
        attach_to: Some(to_hero),
        modify: Some(brand_modify),
        can_respond: Some(brand_can),
        respond_on: events![Played],
        respond: Some(brand_respond),
        hint: Hint {
            attach: Some((30, AttachKind::Weapon)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: HEIRLOOM,
        attach_to: Some(to_hero),
        modify: Some(heirloom_modify),
        can_respond: Some(heirloom_can),
        respond_on: events![Played],
        respond: Some(heirloom_respond),
        hint: Hint {
            attach: Some((25, AttachKind::General)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: ORDERS,
        attach_to: Some(to_hero),
        modify: Some(orders_modify),
        can_respond: Some(orders_can),
        respond_on: events![Played],
        respond: Some(orders_respond),
        resume: Some(orders_resume),
        hint: Hint {
            attach: Some((30, AttachKind::Armor)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
];

// --------------------------------------------------- The Treachery of Rhudaur (campaign card)

/// Resolution: for each Clue a player controls (attached to a character he controls), the boon
/// of the same title joins the pool and his deck (default: always taken).
fn resolve(g: &Game, st: &mut CampaignState) {
    for c in 0..g.cards.len() as CardId {
        if !g.is_clue(c) {
            continue;
        }
        let Some(h) = g.clue_holder(c) else { continue };
        let p = g.card(h).controller;
        if p as usize >= g.n_players as usize {
            continue;
        }
        let title = &g.def_of(c).title;
        let boon = BOONS
            .iter()
            .filter_map(|b| g.db.by_code(b))
            .find(|&d| &g.db.def(d).title == title);
        if let Some(d) = boon {
            if !st.pool.iter().any(|x| x.card == d) {
                st.add_to_pool(d, Some(p), None);
            }
        }
    }
}

fn attacking(g: &Game, h: CardId) -> Option<CardId> {
    (g.patk.enemy != NO_CARD && g.patk.attackers().contains(&h)).then_some(g.patk.enemy)
}

fn defending(g: &Game, h: CardId) -> Option<CardId> {
    let e = g.attacking_enemy()?;
    g.attack.defenders[..g.attack.n_defenders as usize]
        .contains(&h)
        .then_some(e)
}

// ------------------------------------------------------------------------ Daechanar's Brand

/// +1 Attack, +2 instead while its hero attacks an Undead enemy.
fn brand_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s != Stat::Attack || host(g, me) != Some(target) {
        return 0;
    }
    match attacking(g, target) {
        Some(e) if is_undead_enemy(g, e) => 2,
        _ => 1,
    }
}

fn brand_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::Played(me) && !g.list(Zone::EncounterDeck).is_empty()
}

/// Response after it is played: the first Sorcery treachery among the top 5 encounter cards
/// goes to the victory display; the encounter deck is shuffled.
fn brand_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    let deck = g.list(Zone::EncounterDeck);
    let found = deck
        .iter()
        .rev()
        .take(BRAND_SEARCH)
        .copied()
        .find(|&c| g.ty(c) == CardType::Treachery && g.has_trait(c, "Sorcery"));
    if let Some(c) = found {
        g.move_card(c, Zone::Victory);
        g.log_fn(|g| format!("  {} is added to the victory display", g.title(c)));
    }
    g.shuffle(Zone::EncounterDeck);
}

// ---------------------------------------------------------------------- Heirloom of Iârchon

/// +1 Willpower.
fn heirloom_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Willpower && host(g, me) == Some(target)) as i16
}

fn heirloom_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::Played(me) && host(g, me).is_some_and(|h| g.card(h).damage > 0)
}

/// Response after it is played: heal all damage from its hero.
fn heirloom_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    if let Some(h) = host(g, me) {
        let d = g.card(h).damage;
        g.heal(h, d);
    }
}

// ----------------------------------------------------------------------- Orders from Angmar

/// +1 Defense, +2 instead while its hero defends against an Undead enemy.
fn orders_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s != Stat::Defense || host(g, me) != Some(target) {
        return 0;
    }
    match defending(g, target) {
        Some(e) if is_undead_enemy(g, e) => 2,
        _ => 1,
    }
}

fn orders_target(g: &Game, e: CardId) -> bool {
    is_undead_enemy(g, e)
        && g.card(e).zone.in_play()
        && !g.def_of(e).unique
        && g.remaining_hp(e) <= 2
}

fn orders_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::Played(me) && crate::cards::common::enemies_in_play(g).any(|e| orders_target(g, e))
}

/// Response after it is played: a non-unique Undead enemy close to death (at most 2 hit points
/// left) is discarded.
fn orders_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let es: Vec<CardId> = crate::cards::common::enemies_in_play(g)
        .filter(|&e| orders_target(g, e))
        .collect();
    for e in es {
        g.offer(Opt::Card(e));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn orders_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        if g.card(e).zone.in_play() {
            g.discard(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    /// Play attachment `code` from seat 0's hand on hero `h` (it costs 0).
    fn play_on(g: &mut Game, code: &str, h: CardId) -> CardId {
        let a = g.spawn(code, 0, Zone::Hand(0));
        g.act(0, Opt::Play(a));
        if options(g).contains(&Opt::Card(h)) {
            g.answer(Opt::Card(h));
        }
        a
    }

    #[test]
    fn the_treachery_of_rhudaur() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        let th = g.heroes(1).next().unwrap();
        // Seat 1 holds the Clue Heirloom of Iârchon; an unclaimed Clue earns nothing.
        let clue = g.spawn("TToR-112", ENCOUNTER, Zone::Staging);
        g.attach(clue, th, 1);
        g.spawn("TToR-110", ENCOUNTER, Zone::Staging);
        let mut st = CampaignState::new(7, vec![vec![], vec![]]);
        resolve(&g, &mut st);
        assert_eq!(st.pool.len(), 1);
        assert_eq!(st.pool[0].card, g.db.by_code(HEIRLOOM).unwrap());
        assert_eq!(st.pool[0].player, Some(1));
    }

    #[test]
    fn daechanars_brand() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let atk = g.stat(h, Stat::Attack);
        let s = g.spawn("TLR-065", ENCOUNTER, Zone::EncounterDeck);
        let b = play_on(&mut g, BRAND, h);
        if options(&g).contains(&Opt::Activate(b)) {
            g.answer(Opt::Activate(b));
        }
        assert_eq!(g.card(b).zone, Zone::Attached(h));
        assert_eq!(g.card(s).zone, Zone::Victory, "the Sorcery on top is found");
        assert_eq!(g.stat(h, Stat::Attack), atk + 1);
        // +2 instead while attacking an Undead enemy (Thaurdir's Damned).
        let e = g.spawn("TLR-034", ENCOUNTER, Zone::Engaged(0));
        g.patk.enemy = e;
        g.patk.attackers[0] = h;
        g.patk.n_attackers = 1;
        assert_eq!(g.stat(h, Stat::Attack), atk + 2);
    }

    #[test]
    fn heirloom_of_iarchon() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        g.deal_damage(h, 2);
        let wp = g.stat(h, Stat::Willpower);
        let b = play_on(&mut g, HEIRLOOM, h);
        if options(&g).contains(&Opt::Activate(b)) {
            g.answer(Opt::Activate(b));
        }
        assert_eq!(g.card(h).damage, 0);
        assert_eq!(g.stat(h, Stat::Willpower), wp + 1);
    }

    #[test]
    fn orders_from_angmar() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let def = g.stat(h, Stat::Defense);
        // Thaurdir's Damned (Undead, non-unique) with 2 hit points left.
        let e = g.spawn("TLR-034", ENCOUNTER, Zone::Staging);
        let hp = g.stat(e, Stat::HitPoints);
        g.deal_damage(e, hp - 2);
        let b = play_on(&mut g, ORDERS, h);
        if options(&g).contains(&Opt::Activate(b)) {
            g.answer(Opt::Activate(b));
        }
        if options(&g).contains(&Opt::Card(e)) {
            g.answer(Opt::Card(e));
        }
        assert!(!g.card(e).zone.in_play(), "discarded");
        assert_eq!(g.stat(h, Stat::Defense), def + 1);
        // +2 instead while defending against an Undead enemy.
        let e2 = g.spawn("TLR-034", ENCOUNTER, Zone::Engaged(0));
        g.attack.enemy = e2;
        g.attack.ended = false;
        g.attack.defenders[0] = h;
        g.attack.n_defenders = 1;
        assert_eq!(g.stat(h, Stat::Defense), def + 2);
    }
}
