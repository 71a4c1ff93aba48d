//! The Dread Realm player cards (TDR-140..149).
//!
//! Each script has a one-line summary of what the card does (in our words, not the printed text).

use super::carn_dum::from_discard_rule;
use crate::cards::common::area_players;
use crate::cards::common::{all_characters, count_use, host, mine_in_play, unused_this_round};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{Ask, CardId, Cont, Event, Game, Lasting, Opt, SmallIds, Stat, Until, Zone};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "TDR-140",
        hint: Hint {
            spends_hand_cards: true,
            play_value: Some(bot::arwen_undomiel_value),
            effect: Some(bot::arwen_undomiel_effect),
            ..NO_HINT
        },
        can_act: Some(arwen_can),
        act: Some(arwen_act),
        resume: Some(arwen_resume),
        ..BLANK
    },
    Script {
        code: "TDR-141",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(eothain_can),
        respond_on: events![DiscardedFromPlay],
        respond: Some(eothain_respond),
        ..BLANK
    },
    Script {
        code: "TDR-142",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroTrait(&["Dúnedain", "Gondor"])],
            attach: Some((30, AttachKind::Weapon)),
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        attach_to: Some(sword_attach),
        modify: Some(sword_modify),
        can_respond: Some(sword_can),
        respond_on: events![AttackDestroyed],
        respond: Some(sword_respond),
        ..BLANK
    },
    Script {
        code: "TDR-143",
        modify: Some(bowman_modify),
        ..BLANK
    },
    Script {
        code: "TDR-144",
        hint: Hint {
            valour_event: true,
            play_value: Some(bot::hour_of_wrath_value),
            effect: Some(bot::hour_of_wrath_effect),
            ..NO_HINT
        },
        can_act: Some(wrath_can),
        act: Some(wrath_act),
        resume: Some(wrath_resume),
        ..BLANK
    },
    Script {
        code: "TDR-145",
        hint: Hint {
            play_value: Some(bot::elven_light_value),
            ..NO_HINT
        },
        rule: Some(from_discard_rule),
        can_act: Some(elven_light_can),
        act: Some(elven_light_act),
        ..BLANK
    },
    Script {
        code: "TDR-146",
        hint: Hint {
            play_value: Some(bot::tale_of_tinuviel_value),
            effect: Some(bot::tale_of_tinuviel_effect),
            ..NO_HINT
        },
        can_act: Some(tale_can),
        act: Some(tale_act),
        resume: Some(tale_resume),
        ..BLANK
    },
    Script {
        code: "TDR-147",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            effect: Some(bot::galadhrim_healer_effect),
            ..NO_HINT
        },
        can_respond: Some(healer_can),
        respond_on: events![EntersPlay],
        respond: Some(healer_respond),
        resume: Some(healer_resume),
        ..BLANK
    },
    Script {
        code: "TDR-148",
        hint: Hint {
            deck_needs: &[DeckNeed::CharacterTrait(&["Ranger"])],
            attach: Some((15, AttachKind::Armor)),
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        attach_to: Some(cloak_attach),
        rule: Some(cloak_rule),
        rule_on: crate::rules![MayCancelDamage],
        can_respond: Some(cloak_can),
        respond_on: events![Damaged],
        respond: Some(cloak_respond),
        ..BLANK
    },
    Script {
        code: "TDR-149",
        hint: Hint {
            attach: Some((40, AttachKind::General)),
            ..NO_HINT
        },
        attach_to: Some(thain_attach),
        rule: Some(thain_rule),
        rule_on: crate::rules![BecomesHero],
        ..BLANK
    },
];

// ----------------------------------------------------------------- Arwen Undómiel (TDR-140)
// Action, once per round: discard a card from hand to give a Noldor hero, or Aragorn, 1 resource.

fn arwen_target(g: &Game, h: CardId) -> bool {
    g.is_hero(h) && (g.has_trait(h, "Noldor") || g.title(h) == "Aragorn")
}

fn arwen_targets(g: &Game) -> SmallIds {
    area_players(g)
        .flat_map(|q| g.heroes(q))
        .filter(|&h| arwen_target(g, h))
        .collect()
}

fn arwen_can(g: &Game, me: CardId, p: u8) -> bool {
    // `arwen_targets` is not empty, as a scan that stops at the first target (asked at every
    // action window while she is ready to act: collecting every target first tested each
    // hero's traits, speed40).
    mine_in_play(g, me, p)
        && unused_this_round(g, me)
        && !g.list(Zone::Hand(p)).is_empty()
        && area_players(g).any(|q| g.heroes(q).any(|h| arwen_target(g, h)))
}

fn arwen_act(g: &mut Game, me: CardId, p: u8) {
    count_use(g, me);
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Hand(p)).len() {
        let c = g.list(Zone::Hand(p))[i];
        g.offer(Opt::Card(c));
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn arwen_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let p = cont.player;
    match (cont.step, opt) {
        (0, Opt::Card(c)) if g.card(c).zone == Zone::Hand(p) => {
            g.discard(c);
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            for &h in arwen_targets(g).iter() {
                g.offer(Opt::Card(h));
            }
            g.ask_if_offered(Cont::new(me, 1).with(p, 0, 0));
        }
        (1, Opt::Card(h)) if arwen_target(g, h) => g.gain_resources(h, 1),
        _ => {}
    }
}

// ----------------------------------------------------------------- Éothain (TDR-141)
// Response: when a card effect (not destruction) sends a Rohan ally from play to the discard
// pile, Éothain readies.

fn eothain_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::DiscardedFromPlay(c) = ev else {
        return false;
    };
    c != me
        && g.def_of(c).ty == CardType::Ally
        && g.has_trait(c, "Rohan")
        && mine_in_play(g, me, seat)
        && !g.is_ready(me)
}

fn eothain_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    g.ready(me);
}

// ----------------------------------------------------------------- Sword of Númenor (TDR-142)
// Restricted; on a Dúnedain or Gondor hero: +1 Attack. Response: when a player attack the hero
// joined kills an enemy printed with at least 5 hit points, exhausting the Sword gives the hero
// 1 resource.

fn sword_attach(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && (g.has_trait(t, "Dúnedain") || g.has_trait(t, "Gondor"))
}

fn sword_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Attack && host(g, me) == Some(target)) as i16
}

fn sword_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::AttackDestroyed(e) = ev else {
        return false;
    };
    let Some(h) = host(g, me) else { return false };
    g.controller(me) == seat
        && g.is_ready(me)
        && g.patk.attackers().contains(&h)
        && g.printed(e, Stat::HitPoints) >= 5
}

fn sword_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    if let Some(h) = host(g, me) {
        g.exhaust(me);
        g.gain_resources(h, 1);
    }
}

// ----------------------------------------------------------------- Fornost Bowman (TDR-143)
// Ranged; +1 Attack per enemy engaged with its controller.

fn bowman_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    match g.card(me).zone {
        Zone::Play(p) if target == me && s == Stat::Attack => g.engaged(p).len() as i16,
        _ => 0,
    }
}

// ----------------------------------------------------------------- Hour of Wrath (TDR-144)
// Action: for the rest of the phase, one hero (any player's) stays ready when it attacks or defends.
// Valour action (choose a player, `Opt::Player`): the same for each of that player's heroes.

fn wrath_can(g: &Game, _me: CardId, _p: u8) -> bool {
    area_players(g).any(|q| g.heroes(q).next().is_some())
}

fn wrath_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    if g.valour(p) {
        for q in area_players(g) {
            if !g.players[q as usize].eliminated && g.heroes(q).next().is_some() {
                g.offer(Opt::Player(q));
            }
        }
    }
    let hs: SmallIds = area_players(g).flat_map(|q| g.heroes(q)).collect();
    for &h in hs.iter() {
        g.offer(Opt::Card(h));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn wrath_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    let hs: SmallIds = match opt {
        Opt::Card(h) => std::iter::once(h).collect(),
        Opt::Player(q) => g.heroes(q).collect(),
        _ => return,
    };
    for &h in hs.iter() {
        if g.is_hero(h) {
            g.add_lasting(h, Lasting::NoExhaustInCombat, Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Elven-light (TDR-145)
// Played only from the discard pile. Action: return it to its owner's hand, then draw 1 card.

fn elven_light_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Discard(p)
}

fn elven_light_act(g: &mut Game, me: CardId, p: u8) {
    let owner = g.card(me).owner;
    g.move_card(me, Zone::Hand(owner));
    g.draw_by_effect(p, 1);
}

// ----------------------------------------------------------------- Tale of Tinúviel (TDR-146)
// Action: exhaust one of your Noldor characters to ready a Dúnedain character, or the reverse;
// until the end of the phase the readied one gets the exhausted one's printed Willpower as a
// bonus to Willpower, Attack and Defense. (The exhausting is a cost: your own ready characters.)

fn noldor(g: &Game, c: CardId) -> bool {
    g.has_trait(c, "Noldor")
}

fn dunedain(g: &Game, c: CardId) -> bool {
    g.has_trait(c, "Dúnedain")
}

/// May `x` be exhausted to ready `y`?
fn tale_pair(g: &Game, x: CardId, y: CardId) -> bool {
    x != y && ((noldor(g, x) && dunedain(g, y)) || (dunedain(g, x) && noldor(g, y)))
}

fn tale_costs(g: &Game, p: u8) -> SmallIds {
    g.characters(p)
        .filter(|&x| g.is_ready(x) && all_characters(g).any(|y| tale_pair(g, x, y)))
        .collect()
}

fn tale_can(g: &Game, _me: CardId, p: u8) -> bool {
    !tale_costs(g, p).is_empty()
}

fn tale_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for &x in tale_costs(g, p).iter() {
        g.offer(Opt::Card(x));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn tale_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let p = cont.player;
    match (cont.step, opt) {
        (0, Opt::Card(x)) if g.card(x).zone == Zone::Play(p) && g.is_ready(x) => {
            g.exhaust(x);
            let ys: SmallIds = all_characters(g).filter(|&y| tale_pair(g, x, y)).collect();
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            for &y in ys.iter() {
                g.offer(Opt::Card(y));
            }
            g.ask_if_offered(Cont::new(me, 1).with(p, x as i16, 0));
        }
        (1, Opt::Card(y)) if g.card(y).zone.in_play() => {
            let x = cont.a as CardId;
            g.ready(y);
            let bonus = g.printed(x, Stat::Willpower);
            if bonus > 0 {
                for s in [Stat::Willpower, Stat::Attack, Stat::Defense] {
                    g.add_lasting(y, Lasting::Stat(s, bonus), Until::EndOfPhase);
                }
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Galadhrim Healer (TDR-147)
// Response: after it enters play, choose a player: each of his heroes heals 1 damage.

fn healer_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me) && mine_in_play(g, me, seat)
}

fn healer_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if !g.players[q as usize].eliminated {
            g.offer(Opt::Player(q));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn healer_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    let Opt::Player(q) = opt else { return };
    let hs: SmallIds = g.heroes(q).collect();
    for &h in hs.iter() {
        g.heal(h, 1);
    }
}

// ----------------------------------------------------------------- Weather-stained Cloak (TDR-148)
// On a Ranger character (one per character). While that character is committed to the quest:
// Response, exhausting the Cloak takes back 1 of the damage it has just been dealt (before that
// damage can destroy it).

fn cloak_attach(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_character(t)
        && g.has_trait(t, "Ranger")
        && !g
            .attachments(t)
            .any(|a| a != me && g.def_of(a).code == g.def_of(me).code)
}

/// The Cloak's response is live for its host `c`.
fn cloak_live(g: &Game, me: CardId, c: CardId) -> bool {
    host(g, me) == Some(c) && g.is_ready(me) && g.card(c).questing
}

fn cloak_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::MayCancelDamage(c) if cloak_live(g, me, c))
}

fn cloak_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Damaged(c, n) if n > 0 && cloak_live(g, me, c) && g.card(c).damage > 0)
        && g.controller(me) == seat
}

fn cloak_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    if let Event::Damaged(c, _) = ev {
        g.exhaust(me);
        g.heal(c, 1);
    }
}

// ----------------------------------------------------------------- Sword-thain (TDR-149)
// Goes on a unique ally of one of the four spheres; that character is a hero instead of an ally
// (it collects resources, pays for cards of its sphere, counts as a hero for every effect).

fn thain_attach(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    let d = g.def_of(t);
    g.is_ally(t)
        && d.unique
        && matches!(
            d.sphere,
            Sphere::Leadership | Sphere::Lore | Sphere::Spirit | Sphere::Tactics
        )
}

fn thain_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::BecomesHero(c) if host(g, me) == Some(c))
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Hour of Wrath: heroes attack and defend without exhausting.
    pub(super) fn hour_of_wrath_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        (phase == Phase::Combat && engaged >= 2) as i32 * 20
    }

    /// Hour of Wrath: all our heroes when Valour allows, else our strongest fighter.
    pub(super) fn hour_of_wrath_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => find(o, Opt::Player(p)).or_else(|| {
                pick_max(o, |c| {
                    (g.controller(c) == p) as i32 * 100
                        + (g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)) as i32
                })
            }),
            _ => None,
        }
    }

    /// Galadhrim Healer: the player whose heroes carry most damage.
    pub(super) fn galadhrim_healer_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let mut best: Option<(i32, usize)> = None;
                for (i, opt) in o.iter().enumerate() {
                    let Opt::Player(q) = *opt else { continue };
                    let v = g.heroes(q).filter(|&h| g.card(h).damage > 0).count() as i32 * 10
                        + (q == p) as i32;
                    if best.map(|(b, _)| v > b).unwrap_or(true) {
                        best = Some((v, i));
                    }
                }
                best.map(|(_, i)| i)
            }
            _ => None,
        }
    }

    /// Arwen: a dead card (or a full hand) turns into a resource; with a full hand from the
    /// resource phase on, so it pays for this round's plays (distill43: `basic` against the
    /// planning phase only, noldor-questers, Across the Ettenmoors Easy +3.20 / +2.17 win points,
    /// Standard +0.68 / +0.33, 4,000 pairs on seeds 4371 / 4372; Intruders Easy +1.85).
    pub(super) fn arwen_undomiel_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let hand_n = hand(g, p).len();
        if hand(g, p).iter().any(|&x| hand_card_value(g, p, x) <= 0) {
            30
        } else {
            (matches!(phase, Phase::Resource | Phase::Planning) && hand_n >= 6) as i32 * 15
        }
    }

    /// Arwen: discard the least useful card; the resource goes to one of our heroes.
    pub(super) fn arwen_undomiel_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| hand_card_value(g, p, c)),
            1 => pick_max(o, |c| {
                (g.controller(c) == p) as i32 * 1000 + arwen_unlocks(g, p, c) * 10
                    - g.card(c).resources as i32
            }),
            _ => None,
        }
    }

    /// rhb49: what one more resource for hero `h` pays for: the most valued card in `p`'s hand
    /// of `h`'s sphere that costs exactly one more than that sphere has now (0: none).
    fn arwen_unlocks(g: &Game, p: u8, h: CardId) -> i32 {
        let sphere = g.def_of(h).sphere;
        let need = g.available(p, sphere) + 1;
        hand(g, p)
            .iter()
            .filter(|&&x| g.def_of(x).sphere == sphere && g.cost_of(x, p) == need)
            .map(|&x| hand_card_value(g, p, x).clamp(0, 90))
            .max()
            .unwrap_or(0)
    }

    /// Elven-light: a card for 1 resource, while the hand is short of cards (probe40: with
    /// a full hand the resource is worth more; Arwen then discards it for one every round).
    pub(super) fn elven_light_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Planning && hand(g, p).len() <= 4) as i32 * 15
    }

    /// Tale of Tinúviel: ready a partner for combat.
    pub(super) fn tale_of_tinuviel_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        (phase == Phase::Combat && engaged > 0) as i32 * 20
    }

    /// Tale of Tinúviel: exhaust the one with most Willpower; ready an exhausted fighter.
    pub(super) fn tale_of_tinuviel_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |c| {
                g.printed(c, Stat::Willpower) as i32 * 10 - char_value(g, c) / 50
            }),
            1 => pick_max(o, |c| {
                (!ready(g, c)) as i32 * 100
                    + (g.controller(c) == p) as i32 * 50
                    + g.stat(c, Stat::Attack) as i32
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{actions, hero, options, sandbox};
    use crate::engine::{Frame, Phase, Step, ENCOUNTER};

    #[test]
    fn arwen_undomiel() {
        let mut g = sandbox(&[&["TDR-140", "Core-001"]]);
        let arwen = hero(&g, "TDR-140");
        let ar = hero(&g, "Core-001");
        assert!(actions(&mut g).contains(&Opt::Activate(arwen)));
        let card = g.list(Zone::Hand(0))[0];
        let before = g.card(ar).resources;
        g.act(0, Opt::Activate(arwen));
        g.answer(Opt::Card(card));
        assert_eq!(g.card(card).zone, Zone::Discard(0));
        assert_eq!(options(&g), vec![Opt::Card(arwen), Opt::Card(ar)]);
        g.answer(Opt::Card(ar));
        assert_eq!(g.card(ar).resources, before + 1);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(arwen)),
            "once per round"
        );
    }

    /// rhb49: the resource goes to the hero whose sphere it lets pay for a card in hand (here a
    /// Leadership ally costing one more than Aragorn has), else to the hero with the fewest.
    #[test]
    fn arwen_undomiel_pays_for_a_card_in_hand() {
        let mut g = sandbox(&[&["TDR-140", "Core-001"]]);
        let arwen = hero(&g, "TDR-140");
        let ar = hero(&g, "Core-001");
        let ally = g.list(Zone::Hand(0))[0];
        assert_eq!(
            (g.def_of(ally).sphere, g.cost_of(ally, 0)),
            (Sphere::Leadership, 2)
        );
        let o = [Opt::Card(arwen), Opt::Card(ar)];
        let pick = |g: &Game| o[bot::arwen_undomiel_effect(g, 0, arwen, 1, &o).unwrap()];
        g.cards[arwen as usize].resources = 0;
        g.cards[ar as usize].resources = 1;
        assert_eq!(pick(&g), Opt::Card(ar), "one more pays for the ally");
        g.cards[ar as usize].resources = 2;
        assert_eq!(pick(&g), Opt::Card(arwen), "the ally is paid for already");
        g.cards[ar as usize].resources = 0;
        g.cards[arwen as usize].resources = 1;
        assert_eq!(
            pick(&g),
            Opt::Card(ar),
            "nothing unlocked: the fewest resources"
        );
    }

    #[test]
    fn eothain() {
        let mut g = sandbox(&[&["Core-001"]]);
        let e = g.spawn("TDR-141", 0, Zone::Play(0));
        let scout = g.spawn("Core-016", 0, Zone::Play(0)); // Snowbourn Scout (Rohan ally)
        g.exhaust(e);
        g.discard(scout);
        g.settle();
        g.answer(Opt::Activate(e));
        assert!(g.is_ready(e));
        // Destroyed is not discarded.
        let scout = g.spawn("Core-016", 0, Zone::Play(0));
        g.exhaust(e);
        g.deal_damage(scout, 5);
        g.settle();
        assert!(g.pending().is_none());
        assert_eq!(g.card(scout).zone, Zone::Discard(0));
        assert!(!g.is_ready(e));
    }

    #[test]
    fn sword_of_numenor() {
        let mut g = sandbox(&[&["Core-001"]]);
        let a = hero(&g, "Core-001");
        g.cards[a as usize].resources = 1;
        let s = g.spawn("TDR-142", 0, Zone::Hand(0));
        g.act(0, Opt::Play(s));
        assert_eq!(g.card(s).zone, Zone::Attached(a));
        assert_eq!(g.stat(a, Stat::Attack), 4);
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0)); // Angmar Captain: HP 5, DEF 2
        g.cards[e as usize].damage = 3;
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(a));
        assert_ne!(g.card(e).zone, Zone::Engaged(0), "destroyed");
        let before = g.card(a).resources;
        g.answer(Opt::Activate(s));
        assert_eq!(g.card(a).resources, before + 1);
        assert!(!g.is_ready(s));
        // A smaller enemy does not count.
        let mut g = sandbox(&[&["Core-001"]]);
        let a = hero(&g, "Core-001");
        let s = g.spawn("TDR-142", 0, Zone::SetAside);
        g.attach(s, a, 0);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0)); // HP 4, DEF 2
        g.cards[e as usize].damage = 2;
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(a));
        assert_ne!(g.card(e).zone, Zone::Engaged(0));
        assert!(!options(&g).contains(&Opt::Activate(s)));
    }

    #[test]
    fn fornost_bowman() {
        let mut g = sandbox(&[&["Core-001"]]);
        let b = g.spawn("TDR-143", 0, Zone::Play(0));
        assert_eq!(g.stat(b, Stat::Attack), 1);
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(g.stat(b, Stat::Attack), 3);
        assert!(g.def_of(b).keywords.ranged);
    }

    #[test]
    fn hour_of_wrath() {
        let mut g = sandbox(&[&["Core-004", "Core-001"]]);
        let gi = hero(&g, "Core-004");
        let ar = hero(&g, "Core-001");
        g.cards[gi as usize].resources = 4;
        let c = g.spawn("TDR-144", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        g.act(0, Opt::Play(c));
        assert_eq!(options(&g), vec![Opt::Card(gi), Opt::Card(ar)]);
        g.answer(Opt::Card(gi));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(gi));
        assert!(g.is_ready(gi), "does not exhaust to attack");
        while g.pending().is_some() {
            g.answer(Opt::Done);
        }
        let e2 = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.push_run(Frame::EnemyAttacks { seat: 0 });
        if options(&g).contains(&Opt::Card(e2)) {
            g.answer(Opt::Card(e2)); // which enemy attacks first
        }
        g.answer(Opt::Card(gi));
        assert!(g.is_ready(gi), "does not exhaust to defend");
        g.expire(Until::EndOfPhase);
        // Valour: a player.
        let mut g = sandbox(&[&["Core-004", "Core-001"]]);
        let gi = hero(&g, "Core-004");
        g.cards[gi as usize].resources = 4;
        g.players[0].threat = 40;
        let c = g.spawn("TDR-144", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert!(options(&g).contains(&Opt::Player(0)));
        g.answer(Opt::Player(0));
        for h in crate::cards::testkit::heroes(&g, 0) {
            assert!(g.has_lasting(h, Lasting::NoExhaustInCombat));
        }
    }

    #[test]
    fn elven_light() {
        let mut g = sandbox(&[&["TDR-140"]]);
        let a = hero(&g, "TDR-140");
        g.cards[a as usize].resources = 1;
        let c = g.spawn("TDR-145", 0, Zone::Hand(0));
        assert!(!actions(&mut g).contains(&Opt::Play(c)), "not from hand");
        g.move_card(c, Zone::Discard(0));
        let hand = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(c).zone, Zone::Hand(0));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 2);
        assert_eq!(g.card(a).resources, 0);
    }

    #[test]
    fn tale_of_tinuviel() {
        let mut g = sandbox(&[&["TDR-140", "Core-001"]]); // Arwen (Noldor 3 WP), Aragorn
        let arwen = hero(&g, "TDR-140");
        let ar = hero(&g, "Core-001");
        g.cards[arwen as usize].resources = 1;
        g.exhaust(ar);
        let c = g.spawn("TDR-146", 0, Zone::Hand(0));
        // Only Arwen can pay (Aragorn is exhausted), and only Aragorn is her partner: no choice.
        g.act(0, Opt::Play(c));
        assert!(g.pending().is_none());
        assert!(!g.is_ready(arwen));
        assert!(g.is_ready(ar));
        assert_eq!(g.stat(ar, Stat::Willpower), 5);
        assert_eq!(g.stat(ar, Stat::Attack), 6);
        assert_eq!(g.stat(ar, Stat::Defense), 5);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(ar, Stat::Attack), 3);
        // No Noldor / Dúnedain pair: not playable.
        let mut g = sandbox(&[&["Core-004"]]);
        let gi = hero(&g, "Core-004");
        g.cards[gi as usize].resources = 1;
        let c = g.spawn("TDR-146", 0, Zone::Hand(0));
        let _ = Sphere::Spirit;
        assert!(!actions(&mut g).contains(&Opt::Play(c)));
    }

    #[test]
    fn galadhrim_healer() {
        let mut g = sandbox(&[&["Core-001", "Core-004"]]);
        let hs = crate::cards::testkit::heroes(&g, 0);
        g.cards[hs[0] as usize].damage = 2;
        g.cards[hs[1] as usize].damage = 1;
        let h = g.spawn("TDR-147", 0, Zone::SetAside);
        g.put_into_play(h, 0);
        g.settle();
        g.answer(Opt::Activate(h));
        assert_eq!(g.card(hs[0]).damage, 1);
        assert_eq!(g.card(hs[1]).damage, 0);
    }

    #[test]
    fn weather_stained_cloak() {
        let mut g = sandbox(&[&["Core-001", "Core-010"]]); // Aragorn (Ranger, 5 HP), Denethor
        let a = hero(&g, "Core-001");
        let d = hero(&g, "Core-010");
        let c = g.spawn("TDR-148", 0, Zone::Hand(0));
        assert!(!g.attach_targets(c, 0).any(|t| t == d), "Ranger only");
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(c).zone, Zone::Attached(a));
        // Not questing: no response.
        g.deal_damage(a, 1);
        g.settle();
        assert!(g.pending().is_none());
        // Questing: lethal damage is canceled before it destroys him.
        g.phase = Phase::Quest;
        g.card_mut(a).questing = true;
        g.deal_damage(a, 4);
        g.settle();
        assert!(g.check_invariants().is_ok());
        assert_eq!(g.card(a).zone, Zone::Play(0), "waits for the response");
        g.answer(Opt::Activate(c));
        assert_eq!(g.card(a).damage, 4);
        assert_eq!(g.card(a).zone, Zone::Play(0));
        assert!(!g.is_ready(c));
        // Exhausted: lethal damage destroys him.
        g.deal_damage(a, 1);
        g.settle();
        assert_eq!(g.card(a).zone, Zone::Discard(0));
    }

    #[test]
    fn sword_thain() {
        let mut g = sandbox(&[&["Core-001"]]);
        let a = hero(&g, "Core-001");
        g.cards[a as usize].resources = 4;
        let guard = g.spawn("Core-013", 0, Zone::Play(0)); // not unique
        let ally = g.spawn("TDR-141", 0, Zone::Play(0)); // Éothain (unique, Leadership)
        let s = g.spawn("TDR-149", 0, Zone::Hand(0));
        assert!(!g.attach_targets(s, 0).any(|t| t == guard || t == a));
        g.act(0, Opt::Play(s));
        assert_eq!(g.card(s).zone, Zone::Attached(ally));
        assert!(g.is_hero(ally) && !g.is_ally(ally));
        assert_eq!(crate::cards::testkit::heroes(&g, 0), vec![a, ally]);
        let before = g.card(ally).resources;
        g.push_run(Frame::Step(Step::Gain));
        assert_eq!(g.card(ally).resources, before + 1, "collects resources");
    }

    #[test]
    fn hour_of_wrath_hint() {
        use crate::cards::hints::{action_value, hint};
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TDR-144", 0, Zone::Hand(0));
        assert!(hint(&g, c).valour_event);
        g.phase = Phase::Combat;
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "one enemy");
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 20, "two enemies");
    }

    #[test]
    fn tale_of_tinuviel_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Opt, Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TDR-146", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0, "no enemy");
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 20);
        let hs: Vec<_> = g.heroes(0).collect();
        g.cards[hs[1] as usize].exhausted = true;
        let f = hint(&g, c).effect.unwrap();
        let o = [Opt::Card(hs[0]), Opt::Card(hs[1])];
        assert_eq!(f(&g, 0, c, 1, &o), Some(1), "ready the exhausted one");
    }

    #[test]
    fn elven_light_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        crate::cards::testkit::clear_zone(&mut g, Zone::Hand(0));
        let c = g.spawn("TDR-145", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 15);
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0);
        // probe40: not with a hand of five or more (the resource is worth more).
        g.phase = Phase::Planning;
        for _ in 0..4 {
            g.spawn(crate::cards::testkit::codes::GANDALF, 0, Zone::Hand(0));
        }
        assert_eq!(action_value(&g, 0, c, None), 0, "five cards in hand");
    }

    /// probe40: Elven-light and Lords of the Eldar in hand are the first cards Arwen
    /// discards (they are played only from the discard pile); before, she kept them and
    /// discarded the cards she drew.
    #[test]
    fn probe40_elven_light_lords_of_the_eldar_first_to_discard() {
        use crate::cards::hints::{action_value, hand_card_value};
        use crate::cards::testkit::codes::{
            ARWEN_UNDOMIEL_HERO, ELVEN_LIGHT, GANDALF, LORDS_OF_THE_ELDAR,
        };
        let mut g = sandbox(&[&[ARWEN_UNDOMIEL_HERO]]);
        let a = hero(&g, ARWEN_UNDOMIEL_HERO);
        let gandalf = g.spawn(GANDALF, 0, Zone::Hand(0));
        let el = g.spawn(ELVEN_LIGHT, 0, Zone::Hand(0));
        let lords = g.spawn(LORDS_OF_THE_ELDAR, 0, Zone::Hand(0));
        assert!(hand_card_value(&g, 0, el) < 0);
        assert!(hand_card_value(&g, 0, lords) < 0);
        assert!(hand_card_value(&g, 0, gandalf) > 0);
        g.phase = Phase::Planning;
        assert!(
            action_value(&g, 0, a, None) > 0,
            "Arwen turns it into a resource"
        );
        let o = [Opt::Card(gandalf), Opt::Card(el)];
        assert_eq!(super::bot::arwen_undomiel_effect(&g, 0, a, 0, &o), Some(1));
        let o = [Opt::Card(lords), Opt::Card(gandalf)];
        assert_eq!(super::bot::arwen_undomiel_effect(&g, 0, a, 0, &o), Some(0));
    }
}
