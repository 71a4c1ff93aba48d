//! Revised Core Set player cards that are not Core Set reprints (the reprints, RevCore-001..131,
//! play through their Core Set originals' scripts: `CardDef::same_as`).
//!
//! The three left are campaign boons. Outside campaign mode the engine plays them as what they
//! are printed as, 0-cost neutral cards a deck may include:
//! - Valor (RevCore-133) and Appointed by Fate (RevCore-134): attachments on a hero.
//! - Mendor's Support (RevCore-132) is not implemented: its only effect boosts Mendor, a campaign
//!   objective-ally that none of our scenarios has, so it would be an event with no target.
//!
//! Valor's Permanent keyword (§5.18: it cannot be discarded from its hero) is honoured by the
//! cards that discard Conditions (Athelas skips Permanent cards).

use super::common::{host, to_hero};
use super::{Rule, Script, BLANK};
use crate::engine::{CardId, Event, Game, Zone};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "RevCore-133",
        attach_to: Some(valor_to),
        can_respond: Some(valor_can),
        respond: Some(valor_respond),
        ..BLANK
    },
    Script {
        code: "RevCore-134",
        attach_to: Some(to_hero),
        rule: Some(fate_rule),
        ..BLANK
    },
];

// ----------------------------------------------------------------- Valor (RevCore-133)

// Attaches to a hero without one (Permanent). Response after that hero is declared as an
// attacker: exhaust Valor to heal 1 damage on the hero and deal 1 damage to the enemy attacked.
fn valor_to(g: &Game, me: CardId, seat: u8, t: CardId) -> bool {
    to_hero(g, me, seat, t)
        && !g
            .attachments(t)
            .any(|a| a != me && g.def_of(a).title == g.def_of(me).title)
}

fn valor_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::AttackerDeclared(c, e) = ev else {
        return false;
    };
    host(g, me) == Some(c)
        && g.card(me).controller == seat
        && g.is_ready(me)
        && g.card(e).zone.in_play()
        && (g.card(c).damage > 0 || (!g.immune(e) && g.can_take_damage(e)))
}

fn valor_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    let Event::AttackerDeclared(c, e) = ev else {
        return;
    };
    g.exhaust(me);
    g.heal(c, 1);
    if !g.immune(e) && matches!(g.card(e).zone, Zone::Staging | Zone::Engaged(_)) {
        g.deal_damage(e, 1);
    }
}

// ----------------------------------------------------------------- Appointed by Fate (RevCore-134)

// Attaches to a hero, who collects one more resource each resource phase.
fn fate_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CollectsExtraResource(h) if host(g, me) == Some(h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{self, hero, options};
    use crate::engine::{Frame, Opt, PlayerAttackCtx, Stat, Step, ENCOUNTER, NO_CARD};

    #[test]
    fn valor() {
        let mut g = testkit::sandbox(&[&["Core-004", "Core-005"]]);
        let gimli = hero(&g, "Core-004");
        let legolas = hero(&g, "Core-005");
        let v = g.spawn("RevCore-133", 0, Zone::Attached(gimli));
        let v2 = g.spawn("RevCore-133", 0, Zone::SetAside);
        assert!(!valor_to(&g, v2, 0, gimli) && valor_to(&g, v2, 0, legolas));
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        g.card_mut(gimli).damage = 2;
        g.patk = PlayerAttackCtx {
            enemy: e,
            player: 0,
            attackers: [NO_CARD; 16],
            n_attackers: 0,
        };
        g.push_run(Frame::PlayerAttack { stage: 0 });
        g.answer(Opt::Card(gimli));
        // The response comes once the declaration is complete.
        g.answer(Opt::Done);
        assert!(options(&g).contains(&Opt::Activate(v)));
        g.answer(Opt::Activate(v));
        assert_eq!(g.card(gimli).damage, 1);
        // 1 from Valor, then the attack itself (Gimli now 2 + 1 damage token = 3 ATK).
        let hit = (3 - g.stat(e, Stat::Defense)).max(0);
        assert_eq!(g.card(e).damage, 1 + hit);
        assert!(!g.is_ready(v));
    }

    #[test]
    fn appointed_by_fate() {
        let mut g = testkit::sandbox(&[&["Core-004", "Core-005"]]);
        let gimli = hero(&g, "Core-004");
        let legolas = hero(&g, "Core-005");
        g.spawn("RevCore-134", 0, Zone::Attached(gimli));
        g.phase = crate::engine::Phase::Resource;
        // The Gain step runs on into the round; the first decision comes before any spending.
        g.push_run(Frame::Step(Step::Gain));
        assert!(g.pending().is_some());
        assert_eq!(g.card(gimli).resources, 2);
        assert_eq!(g.card(legolas).resources, 1);
    }
}
