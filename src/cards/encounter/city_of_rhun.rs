//! The City of Rhûn encounter set (A Shadow in the East; used by Wrath and Ruin). Each script
//! has a one-line summary in our own words.
//!
//! Engine choices: Seedy Tavern's travel choice is the first player's; the cards under it are
//! revealed (as from the encounter deck: surge and Doomed count) when it is explored, in the
//! order they went under it.

use crate::cards::common;
use crate::cards::common::log;
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // Rhûn Backstabber: engaging a player, he raises his threat by 2 or discards one of his
    // allies of printed cost 2+; shadow: threat +1 per enemy engaged with the defender.
    Script {
        code: "ASitE-044",
        forced: Some(backstabber_forced),
        forced_on: events![Engaged],
        resume: Some(backstabber_resume),
        shadow: Some(backstabber_shadow),
        hint: Hint {
            effect: Some(bot::threat_or_ally),
            ..NO_HINT
        },
        mode_names: &[(0, 0, "threat +2, keep the allies")],
        ..BLANK
    },
    // Treacherous Easterling: +1 Attack and +1 Defense per resource on it (at most +3); a
    // resource each time the engaged player's threat rises.
    Script {
        code: "ASitE-045",
        modify: Some(treacherous_modify),
        forced: Some(treacherous_forced),
        forced_on: events![ThreatRaised],
        ..BLANK
    },
    // City Forum: +1 Threat per resource on it; staged, it gains a resource per location
    // explored; travel: each player raises his threat by its resources.
    Script {
        code: "ASitE-046",
        modify: Some(forum_modify),
        forced: Some(forum_forced),
        forced_on: events![Explored],
        travel: Some(forum_travel),
        hint: Hint {
            travel_penalty: 5,
            ..NO_HINT
        },
        ..BLANK
    },
    // Seedy Tavern (immune, data): travel: one of the top 5 encounter cards goes face down under
    // it, the rest are shuffled back; explored, the cards under it are revealed.
    Script {
        code: "ASitE-047",
        forced: Some(tavern_forced),
        forced_on: events![Exploring],
        travel: Some(tavern_travel),
        resume: Some(tavern_resume),
        hint: Hint {
            effect: Some(bot::tavern_pick),
            ..NO_HINT
        },
        ..BLANK
    },
    // Darkness in the East: each player's threat rises by the active location's Threat (none:
    // it surges); shadow: +1 Attack (+2 if the defender's threat rose this round).
    Script {
        code: "ASitE-048",
        when_revealed: Some(darkness_revealed),
        rule: Some(darkness_rule),
        rule_on: rules![GainsSurge],
        shadow: Some(darkness_shadow),
        ..BLANK
    },
];

fn backstabber_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 1).with(p, 0, 0),
            });
        }
    }
}

/// Can ally `a` pay Rhûn Backstabber's discard (printed cost 2 or more)?
fn costly_ally(g: &Game, a: CardId) -> bool {
    g.is_ally(a) && g.def_of(a).cost >= 2
}

/// Step 1: player `cont.player` chooses (`Mode(0)`: threat +2, or one of his allies of printed
/// cost 2+); step 2: the answer.
fn backstabber_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    match (cont.step, opt) {
        (1, _) => {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            g.offer(Opt::Mode(0));
            for i in 0..g.list(Zone::Play(p)).len() {
                let a = g.list(Zone::Play(p))[i];
                if costly_ally(g, a) {
                    g.offer(Opt::Card(a));
                }
            }
            g.ask_script(Cont::new(cont.card, 2).with(p, 0, 0));
        }
        (2, Opt::Card(a)) => g.discard(a),
        (2, _) => g.raise_threat(p, 2),
        _ => {}
    }
}

fn backstabber_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    let n = g.engaged(p).iter().filter(|&&e| g.is_enemy(e)).count() as i16;
    g.raise_threat(p, n);
}

fn treacherous_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && matches!(s, Stat::Attack | Stat::Defense) {
        g.card(me).resources.min(3)
    } else {
        0
    }
}

fn treacherous_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::ThreatRaised(p, _) = ev {
        if g.card(me).zone == Zone::Engaged(p) {
            g.card_mut(me).resources += 1;
            g.dirty = true;
            log(g, |g| {
                format!(
                    "  {} gets a resource ({})",
                    g.title(me),
                    g.card(me).resources
                )
            });
        }
    }
}

fn forum_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat {
        g.card(me).resources
    } else {
        0
    }
}

fn forum_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::Explored(..)) && g.card(me).zone == Zone::Staging {
        g.card_mut(me).resources += 1;
        g.dirty = true;
        log(g, |g| {
            format!(
                "  {} gets a resource ({})",
                g.title(me),
                g.card(me).resources
            )
        });
    }
}

fn forum_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    if pay {
        let n = g.card(me).resources;
        common::raise_each(g, n);
    }
    true
}

fn tavern_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::Exploring(me) {
        return;
    }
    let under: SmallIds = g.cards_under(me).collect();
    let by = g.first;
    // The first one under it is revealed first: push in reverse.
    for &c in under.iter().rev() {
        g.move_card(c, Zone::SetAside);
        g.stack.push(Frame::Reveal {
            card: c,
            by,
            stage: 0,
            from_deck: true,
        });
    }
}

fn tavern_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    if pay {
        let first = g.first;
        g.begin_ask(first, Ask::Effect { card: me, what: 0 });
        let n = g.list(Zone::EncounterDeck).len();
        for i in 0..n.min(5) {
            let c = g.list(Zone::EncounterDeck)[n - 1 - i];
            g.offer(Opt::Card(c));
        }
        g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
    }
    true
}

fn tavern_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        g.move_card(c, Zone::Under(cont.card));
        log(g, |g| {
            format!("  a card goes face down under {}", g.title(cont.card))
        });
    }
    g.shuffle(Zone::EncounterDeck);
}

fn darkness_revealed(g: &mut Game, _me: CardId, _by: u8) {
    if let Some(l) = g.active_location() {
        let x = g.stat(l, Stat::Threat);
        common::raise_each(g, x);
    }
}

fn darkness_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::GainsSurge(me) && g.active_location().is_none()
}

fn darkness_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let p = g.attack.player;
    let n = if g.players[p as usize].threat_raised_this_round {
        2
    } else {
        1
    };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

/// What the bots know of these cards (read through `Script::hint`).
pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Rhûn Backstabber: raise threat below 40; from 40 on, discard the cheapest eligible ally.
    pub fn threat_or_ally(g: &Game, p: u8, _c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        if g.players[p as usize].threat < 40 {
            return find(o, Opt::Mode(0));
        }
        pick_min(o, |a| char_value(g, a)).or_else(|| find(o, Opt::Mode(0)))
    }

    /// Seedy Tavern: put the card worth most out of the deck for now under it (it comes back
    /// only when the tavern is explored): the enemy or card with the most Threat.
    pub fn tavern_pick(g: &Game, _p: u8, _c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| {
            g.printed(c, Stat::Threat) as i32 + 2 * g.printed(c, Stat::Attack) as i32
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::encounter::wrath_and_ruin::tests::{
        deck_of, drain, sandbox, set_stage, HEROES, OTHER, RAIDER, SQUARE, TOWER,
    };
    use crate::cards::testkit::options;

    const BACKSTABBER: &str = "ASitE-044";
    const TREACHEROUS: &str = "ASitE-045";
    const FORUM: &str = "ASitE-046";
    const TAVERN: &str = "ASitE-047";
    const DARKNESS: &str = "ASitE-048";

    #[test]
    fn rhun_backstabber() {
        let mut g = sandbox(&[HEROES]);
        let b = g.spawn(BACKSTABBER, ENCOUNTER, Zone::Staging);
        let cheap = g.spawn("Core-013", 0, Zone::Play(0)); // cost 2
        let t = g.players[0].threat;
        g.engage(b, 0);
        g.settle();
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Card(cheap)]);
        g.answer(Opt::Mode(0));
        assert_eq!(g.players[0].threat, t + 2);
        g.return_to_staging(b);
        g.engage(b, 0);
        g.settle();
        g.answer(Opt::Card(cheap));
        assert_eq!(g.card(cheap).zone, Zone::Discard(0));
        // Shadow: threat +1 per engaged enemy.
        g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        let t = g.players[0].threat;
        g.attack = AttackCtx::new(b, 0, false);
        backstabber_shadow(&mut g, b);
        assert_eq!(g.players[0].threat, t + 2);
    }

    #[test]
    fn treacherous_easterling() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let e = g.spawn(TREACHEROUS, ENCOUNTER, Zone::Engaged(1));
        let a = g.stat(e, Stat::Attack);
        g.raise_threat(0, 1);
        assert_eq!(g.card(e).resources, 0, "not the engaged player");
        for _ in 0..4 {
            g.raise_threat(1, 1);
        }
        assert_eq!(g.card(e).resources, 4);
        assert_eq!(g.stat(e, Stat::Attack), a + 3, "limit +3");
    }

    #[test]
    fn city_forum() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let f = g.spawn(FORUM, ENCOUNTER, Zone::Staging);
        let t = g.stat(f, Stat::Threat);
        let sq = g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        g.emit(Event::Explored(sq, true));
        g.emit(Event::Explored(sq, false));
        assert_eq!(g.stat(f, Stat::Threat), t + 2);
        let threat = [g.players[0].threat, g.players[1].threat];
        assert!(g.can_travel_to(f));
        forum_travel(&mut g, f, true);
        assert_eq!(g.players[0].threat, threat[0] + 2);
        assert_eq!(g.players[1].threat, threat[1] + 2);
        // Not in the staging area: no more resources.
        g.move_card_keep(f, Zone::Active);
        g.emit(Event::Explored(sq, false));
        assert_eq!(g.card(f).resources, 2);
    }

    #[test]
    fn seedy_tavern() {
        let mut g = sandbox(&[HEROES]);
        set_stage(&mut g, "WaR-025B");
        let tv = g.spawn(TAVERN, ENCOUNTER, Zone::Active);
        let deck = deck_of(&mut g, &[SQUARE, SQUARE, TOWER, "WaR-021", RAIDER, TOWER]);
        tavern_travel(&mut g, tv, true);
        // The top five are offered (the sixth card from the top is not).
        let o = options(&g);
        assert_eq!(o.len(), 5);
        assert!(!o.contains(&Opt::Card(deck[0])));
        g.answer(Opt::Card(deck[4]));
        assert_eq!(g.card(deck[4]).zone, Zone::Under(tv));
        assert_eq!(g.list(Zone::EncounterDeck).len(), 5);
        // Explored: the card under it is revealed.
        g.card_mut(tv).progress = 5;
        drain(&mut g);
        assert_eq!(g.card(tv).zone, Zone::Play(0));
        assert!(
            g.card(deck[4]).zone.in_play(),
            "revealed into the staging area"
        );
        assert_eq!(g.cards_under(tv).count(), 0);
    }

    #[test]
    fn darkness_in_the_east() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let d = g.spawn(DARKNESS, ENCOUNTER, Zone::Resolving);
        assert!(
            darkness_rule(&g, d, Rule::GainsSurge(d)),
            "no active location"
        );
        g.spawn(TOWER, ENCOUNTER, Zone::Active);
        assert!(!darkness_rule(&g, d, Rule::GainsSurge(d)));
        let t = [g.players[0].threat, g.players[1].threat];
        darkness_revealed(&mut g, d, 0);
        assert_eq!(
            [g.players[0].threat, g.players[1].threat],
            [t[0] + 4, t[1] + 4]
        );
        // Shadow: +2 Attack when the defender's threat rose this round, else +1.
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        let a = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        darkness_shadow(&mut g, d);
        assert_eq!(g.stat(e, Stat::Attack), a + 2);
        g.players[0].threat_raised_this_round = false;
        g.clear_lasting();
        darkness_shadow(&mut g, d);
        assert_eq!(g.stat(e, Stat::Attack), a + 1);
    }
}
