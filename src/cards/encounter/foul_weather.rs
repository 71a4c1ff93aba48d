//! The Foul Weather encounter set (The Lost Realm; also used by The Wastes of Eriador and Across
//! the Ettenmoors). Each script has a one-line summary in our own words.

use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Biting Wind: the first player spreads one damage per questing character among the
    // questing characters; shadow: 1 damage to the defending character.
    Script {
        code: "TLR-052",
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        when_revealed: Some(biting_wind),
        shadow: Some(biting_wind_shadow),
        resume: Some(biting_wind_resume),
        ..BLANK
    },
    // Freezing Blast (Doomed 2): damaged characters stop questing; shadow: +1 Attack per damaged
    // character of the defending player.
    Script {
        code: "TLR-053",
        when_revealed: Some(freezing_blast),
        shadow: Some(damaged_count_shadow),
        ..BLANK
    },
    // Cold from Angmar: each player puts 1 damage on one of his heroes, then it attaches to the
    // current quest as a Condition: damaged characters lose their printed abilities (not their
    // keywords or traits).
    Script {
        code: "TLR-054",
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        when_revealed: Some(cold_from_angmar),
        rule: Some(cold_rule),
        rule_on: crate::rules![BlanksDamagedCharacters, GainsTrait],
        resume: Some(cold_resume),
        ..BLANK
    },
    // Make Camp (side quest): no character can be healed while it is in play; once defeated each
    // player may heal up to 3 damage from one of his heroes.
    Script {
        code: "TLR-055",
        hint: Hint {
            side_quest_priority: 20,
            effect: Some(bot::make_camp_effect),
            ..NO_HINT
        },
        rule: Some(make_camp_rule),
        rule_on: crate::rules![CannotBeHealed],
        forced: Some(make_camp_forced),
        forced_on: events![SideQuestDefeated],
        resume: Some(make_camp_resume),
        ..BLANK
    },
];

/// Is `c` a Weather treachery (Weathered Hilltop, Scattered Among the Hills)?
pub fn is_weather_treachery(g: &Game, c: CardId) -> bool {
    g.ty(c) == crate::data::CardType::Treachery && g.has_trait(c, "Weather")
}

/// Shadow shared by Freezing Blast and Exposed Ridge: +1 Attack for each damaged character the
/// defending player controls.
pub fn damaged_count_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = common::damaged_characters(g, g.attack.player);
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

// ------------------------------------------------------------------ Biting Wind

fn questing(g: &Game, c: CardId, _dealer: u8) -> bool {
    g.card(c).questing
}

fn biting_wind(g: &mut Game, me: CardId, _by: u8) {
    let n = (0..g.n_players)
        .flat_map(|p| g.characters(p))
        .filter(|&c| g.card(c).questing)
        .count() as i16;
    // Engine choice (RULES §5.33.14): the first player assigns the damage.
    let first = g.first;
    deal_damage_steps(
        g,
        Cont::new(me, 0).with(0, n, n),
        Opt::Pass,
        0,
        true,
        Dealers::Only(first),
        questing,
    );
}

fn biting_wind_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let first = g.first;
    deal_damage_steps(g, cont, opt, 0, true, Dealers::Only(first), questing);
}

/// Engine choice: with several defenders (Stand Together), the first one declared takes it.
fn biting_wind_shadow(g: &mut Game, _me: CardId) {
    if let Some(&d) = g.attack.defenders().first() {
        g.deal_damage(d, 1);
    }
}

// ------------------------------------------------------------------ Freezing Blast

fn freezing_blast(g: &mut Game, _me: CardId, _by: u8) {
    for p in 0..g.n_players {
        for i in 0..g.list(Zone::Play(p)).len() {
            let c = g.list(Zone::Play(p))[i];
            if g.is_character(c) && g.card(c).questing && g.card(c).damage > 0 {
                g.card_mut(c).questing = false;
                if g.logging() {
                    let line = format!("  {} is removed from the quest", g.title(c));
                    g.log_line(line);
                }
            }
        }
    }
}

// ------------------------------------------------------------------ Cold from Angmar

fn cold_from_angmar(g: &mut Game, me: CardId, _by: u8) {
    cold_resume(g, Cont::new(me, 0).with(0, 1, 1), Opt::Pass)
}

fn cold_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if !deal_damage_steps(g, cont, opt, 0, false, Dealers::Each, common::own_hero) {
        return;
    }
    let me = cont.card;
    if g.card(me).zone != Zone::Resolving {
        return;
    }
    if let Some(q) = g.current_quest().filter(|&q| g.card(q).zone.in_play()) {
        g.move_card(me, Zone::Attached(q));
        if g.logging() {
            let line = format!("  Cold from Angmar is attached to {}", g.title(q));
            g.log_line(line);
        }
    }
}

/// Attached, it counts as a Condition and blanks damaged characters (the engine counts it only
/// while it is in play).
fn cold_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::BlanksDamagedCharacters => true,
        Rule::GainsTrait(c, t) => {
            c == me
                && matches!(g.card(me).zone, Zone::Attached(_))
                && t == g.db.trait_id("Condition")
        }
        _ => false,
    }
}

// ------------------------------------------------------------------ Make Camp

fn make_camp_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotBeHealed(_)) && g.card(me).zone == Zone::Staging
}

fn make_camp_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0).with(0, 0, 0),
        });
    }
}

/// The Response after it is defeated: player k (offset, `cont.player`) may heal up to 3 damage
/// from one of his damaged heroes (Pass: not).
fn make_camp_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.player;
    if cont.step == 1 {
        if let Opt::Card(h) = opt {
            g.heal(h, 3);
            if g.logging() {
                let line = format!("  {} is healed (Make Camp)", g.title(h));
                g.log_line(line);
            }
        }
        k += 1;
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
            for i in 0..g.list(Zone::Play(p)).len() {
                let h = g.list(Zone::Play(p))[i];
                if g.is_hero(h) && g.card(h).damage > 0 {
                    g.offer(Opt::Card(h));
                }
            }
            if g.n_offered() > 1 {
                return g.ask_script(Cont::new(cont.card, 1).with(k, 0, 0));
            }
        }
        k += 1;
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Heal effects of encounter cards (Make Camp, Sheltered Valley): the most valuable
    /// damage to heal.
    pub(super) fn make_camp_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |c| {
                g.card(c).damage as i32 * 10 + char_value(g, c).min(10_000) / 10
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{heroes, options, reveal, reveal_resolving, sandbox};

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    fn attack_with_shadow(g: &mut Game, e: CardId, shadow: &str) {
        g.spawn(shadow, ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
    }

    #[test]
    fn biting_wind() {
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        for &h in &hs[..2] {
            g.card_mut(h).questing = true;
        }
        let b = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, b);
        // Two questing characters: two points, only among the questing ones.
        assert_eq!(options(&g), vec![Opt::Card(hs[0]), Opt::Card(hs[1])]);
        g.answer(Opt::Card(hs[0]));
        g.answer(Opt::Card(hs[0]));
        assert!(g.pending().is_none());
        assert_eq!(g.card(hs[0]).damage, 2);
        assert_eq!(g.card(hs[2]).damage, 0);
        // Nobody questing: nothing happens.
        let mut g = sandbox(&[HEROES]);
        let b = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, b);
        assert!(heroes(&g, 0).iter().all(|&h| g.card(h).damage == 0));
        // Shadow: 1 damage to the defender.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TLR-052");
        let h = heroes(&g, 0)[0];
        g.answer(Opt::Card(h));
        let atk = g.stat(e, Stat::Attack);
        assert_eq!(
            g.card(h).damage,
            1 + (atk - g.stat(h, Stat::Defense)).max(0)
        );
    }

    #[test]
    fn freezing_blast() {
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        for &h in &hs {
            g.card_mut(h).questing = true;
        }
        g.card_mut(hs[1]).damage = 1;
        let t = g.players[0].threat;
        let f = g.spawn("TLR-053", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, f);
        assert_eq!(g.players[0].threat, t + 2, "doomed 2");
        assert!(g.card(hs[0]).questing && g.card(hs[2]).questing);
        assert!(!g.card(hs[1]).questing, "the damaged hero left the quest");
        // Shadow: +1 Attack per damaged character of the defending player.
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        g.card_mut(hs[2]).damage = 1;
        attack_with_shadow(&mut g, e, "TLR-053");
        g.answer(Opt::Undefended);
        // Two damaged characters: 2 + 2 undefended damage.
        g.answer(Opt::Card(hs[0]));
        assert_eq!(g.card(hs[0]).damage, 4);
    }

    #[test]
    fn cold_from_angmar() {
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        let c = g.spawn("TLR-054", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, c);
        assert_eq!(options(&g).len(), 3, "one of his heroes");
        g.answer(Opt::Card(hs[0]));
        assert!(g.pending().is_none());
        assert_eq!(g.card(hs[0]).damage, 1);
        let q = g.main_quest().unwrap();
        assert_eq!(g.card(c).zone, Zone::Attached(q));
        assert!(g.has_trait(c, "Condition"));
        // Aragorn (damaged) is blanked; Théodred (undamaged) is not.
        assert!(g.blanked(hs[0]) && g.script(hs[0]).is_none());
        assert!(g.script(hs[1]).is_some());
        // Keywords stay: Aragorn keeps Sentinel.
        assert!(g.def_of(hs[0]).keywords.sentinel);
        // Healed, the text box comes back; without Cold from Angmar nothing is blanked.
        g.heal(hs[0], 1);
        assert!(g.script(hs[0]).is_some());
        g.card_mut(hs[0]).damage = 1;
        g.discard(c);
        assert!(g.script(hs[0]).is_some());
    }

    #[test]
    fn make_camp() {
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        let m = g.spawn("TLR-055", ENCOUNTER, Zone::Staging);
        g.card_mut(hs[0]).damage = 4;
        g.heal(hs[0], 2);
        assert_eq!(
            g.card(hs[0]).damage,
            4,
            "no healing while Make Camp is in play"
        );
        g.card_mut(m).progress = 6;
        g.settle();
        assert_eq!(g.card(m).zone, Zone::Victory);
        assert_eq!(options(&g), vec![Opt::Pass, Opt::Card(hs[0])]);
        g.answer(Opt::Card(hs[0]));
        assert_eq!(g.card(hs[0]).damage, 1, "up to 3 healed");
    }
}
