//! Wrath and Ruin player cards (WaR-001..010, WaR-024): threat-40 (Valour-style) Gondor cards,
//! Hobbit tricks with the Encounter-keyword Tom Bombadil (RULES §5.20), The One Ring support,
//! and the contract The Burglar's Turn with its loot deck (`Deck::loot`).
//!
//! Each script has a one-line summary in our own words.

use crate::cards::common::{damageable, host, mine_in_play};
use crate::cards::common::{seats, staged};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Phase, PlayerAttackCtx, SmallIds, Stat,
    Step, Until, Zone, ENCOUNTER, NO_CARD,
};
use crate::events;
use rand::seq::SliceRandom;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "WaR-001",
        hint: Hint {
            play_value: Some(bot::thorin_stonehelm_value),
            ..NO_HINT
        },
        can_respond: Some(thorin_can),
        respond_on: events![AttackerDeclared],
        respond: Some(thorin_respond),
        resume: Some(thorin_resume),
        ..BLANK
    },
    Script {
        code: "WaR-002",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(soldier_can),
        respond_on: events![EntersPlay],
        respond: Some(soldier_respond),
        resume: Some(soldier_resume),
        ..BLANK
    },
    Script {
        code: "WaR-003",
        hint: Hint {
            play_value: Some(bot::pillars_of_the_kings_value),
            ..NO_HINT
        },
        cost: Some(pillars_cost),
        can_act: Some(pillars_can),
        act: Some(pillars_act),
        ..BLANK
    },
    Script {
        code: "WaR-004",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(halfling_can),
        respond_on: events![EntersPlay],
        respond: Some(halfling_respond),
        ..BLANK
    },
    Script {
        code: "WaR-005",
        hint: Hint {
            deck_needs: &[
                DeckNeed::HeroTrait(&["Hobbit"]),
                DeckNeed::Card("Tom Bombadil"),
            ],
            play_value: Some(bot::tom_bombadillo_value),
            ..NO_HINT
        },
        can_act: Some(bombadillo_can),
        act: Some(bombadillo_act),
        ..BLANK
    },
    Script {
        code: "WaR-006",
        hint: Hint {
            attach: Some((30, AttachKind::Weapon)),
            play_value: Some(|_, _, _, _| 25),
            plan_value: Some(bot::durins_axe_plan),
            ..NO_HINT
        },
        attach_to: Some(crate::cards::common::to_hero),
        modify: Some(axe_modify),
        can_respond: Some(axe_can),
        respond_on: events![AttackDestroyed],
        respond: Some(axe_respond),
        resume: Some(thorin_resume),
        ..BLANK
    },
    Script {
        code: "WaR-007",
        hint: Hint {
            play_value: Some(bot::charge_into_battle_value),
            ..NO_HINT
        },
        can_act: Some(charge_can),
        act: Some(charge_act),
        resume: Some(charge_resume),
        ..BLANK
    },
    Script {
        code: "WaR-008",
        hint: Hint {
            attach: Some((30, AttachKind::Willpower)),
            ..NO_HINT
        },
        attach_to: Some(circlet_to),
        modify: Some(circlet_modify),
        ..BLANK
    },
    Script {
        code: "WaR-009",
        hint: Hint {
            deck_needs: &[DeckNeed::Card("The One Ring")],
            attach: Some((20, AttachKind::Armor)),
            play_value: Some(bot::inner_strength_value),
            ..NO_HINT
        },
        attach_to: Some(inner_to),
        modify: Some(inner_modify),
        can_respond: Some(inner_can),
        respond_on: events![CancelShadow],
        respond: Some(inner_respond),
        ..BLANK
    },
    Script {
        code: "WaR-010",
        when_revealed: Some(tom_revealed),
        resume: Some(tom_resume),
        uncancelable: true,
        ..BLANK
    },
    Script {
        code: "WaR-024A",
        setup: Some(burglar_setup),
        ..BLANK
    },
    Script {
        code: "WaR-024B",
        modify: Some(burglar_modify),
        global: true,
        global_on: crate::cards::GlobalScope::any(&[Stat::QuestPoints]),
        forced: Some(burglar_forced),
        forced_on: events![EntersPlay, Exploring, Traveled],
        resume: Some(burglar_resume),
        ..BLANK
    },
];

// ----------------------------------------------------------------- shared helpers

/// Does `a` already have an attachment with the same title as `me` (limit 1 per hero)?
fn has_copy(g: &Game, me: CardId, t: CardId) -> bool {
    g.attachments(t)
        .any(|a| a != me && g.def_of(a).title == g.def_of(me).title)
}

/// Enemies engaged with `p` that a player card may damage.
fn engaged_damageable(g: &Game, p: u8) -> SmallIds {
    g.engaged(p)
        .iter()
        .copied()
        .filter(|&e| damageable(g, e))
        .collect()
}

// ----------------------------------------------------------------- Thorin Stonehelm (WaR-001)

// Response once he attacks (declared): mill your deck's topmost card; 1 damage goes to one of
// your engaged enemies.
fn thorin_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackerDeclared(a, _) if a == me)
        && mine_in_play(g, me, seat)
        && !g.list(Zone::Deck(seat)).is_empty()
        && !engaged_damageable(g, seat).is_empty()
}

fn thorin_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    if let Some(top) = g.top(Zone::Deck(seat)) {
        g.discard(top);
    }
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for e in engaged_damageable(g, seat) {
        g.offer(Opt::Card(e));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn thorin_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        if g.card(e).zone.in_play() && damageable(g, e) {
            g.deal_damage(e, 1);
        }
    }
}

// ----------------------------------------------------------------- Soldier of Gondor (WaR-002)

/// Gondor allies among the top 5 cards of `p`'s deck (top first).
fn gondor_allies_on_top(g: &Game, p: u8) -> SmallIds {
    let deck = g.list(Zone::Deck(p));
    deck[deck.len().saturating_sub(5)..]
        .iter()
        .rev()
        .copied()
        .filter(|&c| g.ty(c) == CardType::Ally && g.has_trait(c, "Gondor"))
        .collect()
}

// Response when he arrives: look through your deck's five topmost cards, take one Gondor ally
// found there into hand (every such ally at threat 40+), then reshuffle.
fn soldier_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me) && mine_in_play(g, me, seat) && !g.list(Zone::Deck(seat)).is_empty()
}

fn soldier_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let many = g.valour(seat);
    soldier_ask(g, me, seat, many as i16, gondor_allies_on_top(g, seat));
}

/// Offer the Gondor allies `found` still in the deck (and stopping); shuffle when done.
fn soldier_ask(g: &mut Game, me: CardId, p: u8, many: i16, found: SmallIds) {
    let left: SmallIds = found
        .iter()
        .copied()
        .filter(|&c| g.card(c).zone == Zone::Deck(p))
        .collect();
    if left.is_empty() {
        g.shuffle(Zone::Deck(p));
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for c in left {
        g.offer(Opt::Card(c));
    }
    g.offer(Opt::Pass);
    g.ask_script(Cont::new(me, 0).with(p, many, 0));
}

fn soldier_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    let Opt::Card(c) = opt else {
        g.shuffle(Zone::Deck(p));
        return;
    };
    if g.card(c).zone == Zone::Deck(p) {
        g.move_card(c, Zone::Hand(p));
        if g.logging() {
            let line = format!("  P{} takes {} from his deck", p + 1, g.title(c));
            g.log_line(line);
        }
    }
    if cont.a == 0 {
        g.shuffle(Zone::Deck(p));
        return;
    }
    // Threat 40 or more: the rest of the same five cards may be taken too. The taken cards
    // left the deck, so look again at what remains of the original five (now the top cards).
    let deck = g.list(Zone::Deck(p));
    let seen = 5usize.saturating_sub(cont.b as usize + 1);
    let rest: SmallIds = deck[deck.len().saturating_sub(seen)..]
        .iter()
        .rev()
        .copied()
        .filter(|&c| g.ty(c) == CardType::Ally && g.has_trait(c, "Gondor"))
        .collect();
    if rest.is_empty() {
        g.shuffle(Zone::Deck(p));
        return;
    }
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    for c in rest {
        g.offer(Opt::Card(c));
    }
    g.offer(Opt::Pass);
    g.ask_script(Cont::new(cont.card, 0).with(p, 1, cont.b + 1));
}

// ----------------------------------------------------------------- Pillars of the Kings (WaR-003)

// Costs 4 less while your threat is under 40. Action: set your threat to 40; if that raised it,
// draw a card, or 4 cards if it rose by 10 or more.
fn pillars_cost(g: &Game, me: CardId, p: u8) -> i16 {
    let printed = g.def_of(me).cost.max(0);
    if g.players[p as usize].threat < 40 {
        printed - 4
    } else {
        printed
    }
}

fn pillars_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.players[p as usize].threat != 40
}

fn pillars_act(g: &mut Game, _me: CardId, p: u8) {
    let t = g.players[p as usize].threat;
    if t < 40 {
        g.raise_threat(p, 40 - t);
        g.draw_by_effect(p, if 40 - t >= 10 { 4 } else { 1 });
    } else if t > 40 {
        g.reduce_threat(p, t - 40);
    }
}

// ----------------------------------------------------------------- Cautious Halfling (WaR-004)

// Response on entering play: look at the top encounter card; unless it is an enemy, draw a card.
/// Offered whatever the top card is (whether it is an enemy is what the look tells).
fn halfling_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me) && mine_in_play(g, me, seat) && g.top(Zone::EncounterDeck).is_some()
}

fn halfling_respond(g: &mut Game, _me: CardId, seat: u8, _ev: Event) {
    let Some(top) = g.top(Zone::EncounterDeck) else {
        return;
    };
    g.look_at(top, seat);
    if !g.is_enemy(top) {
        g.draw_by_effect(seat, 1);
    }
}

// ----------------------------------------------------------------- Tom Bombadillo! (WaR-005)

/// A set-aside Tom Bombadil (any player's: the text does not say "your", RULES §5.20.2).
fn set_aside_tom(g: &Game) -> Option<CardId> {
    g.list(Zone::SetAside).iter().copied().find(|&c| {
        let d = g.def_of(c);
        d.keywords.encounter && d.title == "Tom Bombadil"
    })
}

fn bombadillo_in_victory(g: &Game) -> Option<CardId> {
    g.list(Zone::Victory)
        .iter()
        .copied()
        .find(|&c| g.def_of(c).title == "Tom Bombadillo!")
}

// Planning action, with a Hobbit hero and no copy of it in the victory display: put it in the
// victory display and shuffle a set-aside Tom Bombadil into the encounter deck.
fn bombadillo_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.phase == Phase::Planning
        && g.heroes(p).any(|h| g.has_trait(h, "Hobbit"))
        && bombadillo_in_victory(g).is_none()
        && set_aside_tom(g).is_some()
}

fn bombadillo_act(g: &mut Game, me: CardId, _p: u8) {
    g.move_card(me, Zone::Victory);
    if let Some(t) = set_aside_tom(g) {
        g.move_card(t, Zone::EncounterDeck);
        g.shuffle(Zone::EncounterDeck);
        if g.logging() {
            g.log_line("  Tom Bombadil is shuffled into the encounter deck".into());
        }
    }
}

// ----------------------------------------------------------------- Durin's Axe (WaR-006)

// Guarded (enemy), Restricted (both engine rules, §5.5 and §5.9). Attaches to a hero, +2 Attack.
// Response when an attack its hero took part in kills an enemy: 1 damage to an enemy engaged
// with you. While guarded it sits on an enemy and does nothing.
fn axe_hero(g: &Game, me: CardId) -> Option<CardId> {
    host(g, me).filter(|&h| g.is_hero(h))
}

fn axe_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    if stat == Stat::Attack && axe_hero(g, me) == Some(target) {
        2
    } else {
        0
    }
}

fn axe_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Some(h) = axe_hero(g, me) else {
        return false;
    };
    matches!(ev, Event::AttackDestroyed(_))
        && g.card(me).controller == seat
        && g.patk.attackers().contains(&h)
        && !engaged_damageable(g, seat).is_empty()
}

fn axe_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for e in engaged_damageable(g, seat) {
        g.offer(Opt::Card(e));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

// ----------------------------------------------------------------- Charge into Battle (WaR-007)

/// Quest phase, once the staging step is over (its next steps are still on the stack).
fn after_staging(g: &Game) -> bool {
    g.phase == Phase::Quest
        && [Step::Resolve, Step::QuestWindow4, Step::QuestEnd]
            .iter()
            .any(|&s| g.stack.contains(&Frame::Step(s)))
}

/// Enemies in the staging area Charge into Battle may attack.
fn charge_targets(g: &Game) -> SmallIds {
    staged(g)
        .filter(|&e| g.is_enemy(e) && !g.def_of(e).unique && !g.immune(e))
        .collect()
}

// Quest action once staging is done: every staged enemy that is not unique may be attacked, one
// after another in an order you pick, treating it like one of your engaged enemies.
fn charge_can(g: &Game, me: CardId, p: u8) -> bool {
    after_staging(g)
        && !charge_targets(g).is_empty()
        && g.characters(p).any(|c| g.is_ready(c))
        // One charge at a time (its marks on the enemies are its own).
        && !g
            .list(Zone::Resolving)
            .iter()
            .any(|&c| c != me && g.def_of(c).title == g.def_of(me).title)
}

fn charge_act(g: &mut Game, me: CardId, p: u8) {
    for e in charge_targets(g) {
        g.add_lasting(e, Lasting::AttackableAsEngaged(p), Until::EndOfPhase);
    }
    charge_next(g, me, p);
}

/// Offer the enemies not attacked yet (or stopping).
fn charge_next(g: &mut Game, me: CardId, p: u8) {
    let left: SmallIds = g
        .list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| g.has_lasting(e, Lasting::AttackableAsEngaged(p)))
        .collect();
    if left.is_empty() || !g.characters(p).any(|c| g.is_ready(c)) {
        charge_unmark(g, p);
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for e in left {
        g.offer(Opt::Card(e));
    }
    g.offer(Opt::Pass);
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

/// The charge is over: no enemy stays attackable.
fn charge_unmark(g: &mut Game, p: u8) {
    g.lasting
        .retain(|l| l.what != Lasting::AttackableAsEngaged(p));
}

fn charge_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    match (cont.step, opt) {
        (0, Opt::Card(e)) if g.card(e).zone == Zone::Staging => {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 1).with(p, e as i16, 0),
            });
            g.patk = PlayerAttackCtx {
                enemy: e,
                player: p,
                attackers: [NO_CARD; 16],
                n_attackers: 0,
            };
            g.stack.push(Frame::PlayerAttack { stage: 0 });
        }
        (1, _) => {
            let e = cont.a as CardId;
            g.lasting
                .retain(|l| !(l.card == e && l.what == Lasting::AttackableAsEngaged(p)));
            charge_next(g, me, p);
        }
        _ => charge_unmark(g, p),
    }
}

// ----------------------------------------------------------------- Silver Circlet (WaR-008)

// Restricted; attaches to a Spirit hero without one; +2 Willpower.
fn circlet_to(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && g.def_of(t).sphere == Sphere::Spirit && !has_copy(g, me, t)
}

fn circlet_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    if stat == Stat::Willpower && host(g, me) == Some(target) {
        2
    } else {
        0
    }
}

// ----------------------------------------------------------------- Inner Strength (WaR-009)

/// The ready-or-not attachment titled The One Ring on hero `h`.
fn one_ring_on(g: &Game, h: CardId) -> Option<CardId> {
    g.attachments(h)
        .find(|&a| g.def_of(a).title == "The One Ring")
}

// Attaches to the hero carrying The One Ring (one per hero); +1 Defense. Response when a shadow
// effect triggers during an attack that hero defends: exhaust the Ring and raise your threat by
// 1 to cancel the shadow effect.
fn inner_to(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && one_ring_on(g, t).is_some() && !has_copy(g, me, t)
}

fn inner_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    (stat == Stat::Defense && host(g, me) == Some(target)) as i16
}

fn inner_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Some(h) = host(g, me) else { return false };
    matches!(ev, Event::CancelShadow(_))
        && !g.canceled
        && g.card(me).controller == seat
        && !g.attack.ended
        && g.attack.defenders().contains(&h)
        && one_ring_on(g, h).is_some_and(|r| g.is_ready(r))
}

fn inner_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let Some(h) = host(g, me) else { return };
    if let Some(r) = one_ring_on(g, h) {
        g.exhaust(r);
    }
    g.raise_threat(seat, 1);
    g.canceled = true;
}

// ----------------------------------------------------------------- Tom Bombadil (WaR-010)

// Encounter keyword. When revealed (cannot be canceled): the first player picks a player, who
// takes control of Tom, ready and questing. At the end of the round Tom and a copy of Tom
// Bombadillo! in the victory display are removed from the game.
fn tom_revealed(g: &mut Game, me: CardId, _by: u8) {
    let first = g.area_first();
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    for q in seats(g).iter().copied() {
        g.offer(Opt::Player(q));
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

fn tom_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let Opt::Player(q) = opt else { return };
    // The end-of-round removal is a delayed effect of its own: it happens even if Tom has left
    // play (or never entered it) by then.
    if let Some(b) = bombadillo_in_victory(g) {
        g.add_lasting(b, Lasting::RemoveAtEndOfRound, Until::EndOfRound);
    }
    if g.card(me).zone == Zone::Resolving {
        g.put_into_play(me, q);
        if g.card(me).zone == Zone::Play(q) {
            g.ready(me);
            g.card_mut(me).questing = true;
            g.add_lasting(me, Lasting::RemoveAtEndOfRound, Until::EndOfRound);
        }
    }
}

// ----------------------------------------------------------------- The Burglar's Turn (WaR-024)

// Contract, in its owner's play area from the start (no attachments in the deck: checked on
// import). Side A's setup: flip to side B and shuffle the loot deck (`Deck::loot`, 14 different
// Item/Artifact attachments, already under the card) with its owner's random stream.
// Side B: the active location has +1 quest point for each attachment on it. Forced, after the
// players travel: the top loot card goes faceup onto the new active location as a guarded
// objective (Guarded (X) ignored; its own text inactive while guarded, `CardInst::guarded`).
// Forced, as the active location is explored: each guarded loot card on it is put into play at
// no cost on a legal target (Opt::Card, not while a unique copy is in play) or added to its
// owner's hand (Opt::Pass), one decision per card. Engine choices: each contract claims the loot
// of its own loot deck; a guarded loot card whose location leaves play unexplored is discarded.
// While the players' staging areas are apart (Escape from Mount Gram), "you travel" and "the
// active location" are the owner's area's: another area's travel and locations are not his.

/// Resume steps: ask where a claimed loot card goes; put it there.
const LOOT_ASK: u8 = 0;
const LOOT_PUT: u8 = 1;

fn burglar_setup(g: &mut Game, me: CardId) {
    let p = g.card(me).owner;
    if let Some(b) = g.def_of(me).back {
        g.set_face(me, b);
    }
    let mut loot: SmallIds = g.cards_under(me).collect();
    loot.shuffle(&mut g.rng_players[p as usize]);
    // Re-stacked in the shuffled order: the last one moved is the top.
    for &c in loot.iter() {
        g.move_card(c, Zone::Under(me));
    }
    if g.logging() {
        let line = format!(
            "  P{} flips {} and shuffles a loot deck of {} card(s) under it",
            p + 1,
            g.title(me),
            loot.len()
        );
        g.log_line(line);
    }
}

/// The top card of the loot deck under contract `me`.
fn loot_top(g: &Game, me: CardId) -> Option<CardId> {
    g.cards_under(me).last()
}

/// Is location `l` in the staging area of `me`'s owner (always, with one area)? With the
/// staging areas of Escape from Mount Gram apart, "you travel" and "the active location" are the
/// owner's area's.
fn in_owners_area(g: &Game, me: CardId, l: CardId) -> bool {
    !g.areas.split || g.area_of_card(l) == Some(g.area_of(g.card(me).owner))
}

fn burglar_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    if stat != Stat::QuestPoints
        || g.card(target).zone != Zone::Active
        || !in_owners_area(g, me, target)
    {
        return 0;
    }
    g.attachments(target)
        .filter(|&a| g.ty(a) == CardType::Attachment)
        .count() as i16
}

fn burglar_forced(g: &mut Game, me: CardId, ev: Event) {
    let p = g.card(me).controller;
    match ev {
        Event::Traveled(l) if g.active_location() == Some(l) && in_owners_area(g, me, l) => {
            let Some(a) = loot_top(g, me) else { return };
            g.move_card(a, Zone::Attached(l));
            g.card_mut(a).controller = p;
            g.set_guarded(a, true);
            if g.logging() {
                let line = format!("  {} is attached to {} as loot", g.title(a), g.title(l));
                g.log_line(line);
            }
            g.fire(Event::EntersPlay(a));
        }
        Event::Exploring(l) if g.card(l).zone == Zone::Active && in_owners_area(g, me, l) => {
            let loot: SmallIds = g
                .attachments(l)
                .filter(|&a| g.card(a).guarded && g.card(a).owner == p)
                .collect();
            // Off the location before it leaves play; each waits for its owner's choice, in
            // attachment order (the first one's frame on top).
            for &a in loot.iter().rev() {
                g.move_card(a, Zone::Resolving);
                g.stack.push(Frame::Resume {
                    cont: Cont::new(me, LOOT_ASK).with(p, a as i16, 0),
                });
            }
        }
        _ => {}
    }
}

fn burglar_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let a = cont.a as CardId;
    let p = cont.player;
    if g.card(a).zone != Zone::Resolving {
        return;
    }
    match cont.step {
        LOOT_ASK => {
            if g.players[p as usize].eliminated {
                let to = g.discard_zone(a);
                g.move_card(a, to);
                return;
            }
            g.begin_ask(p, Ask::Effect { card: a, what: 0 });
            if !g.unique_in_play(a) {
                let targets: SmallIds = g.attach_targets(a, p).collect();
                for &t in targets.iter() {
                    g.offer(Opt::Card(t));
                }
            }
            g.offer(Opt::Pass);
            g.ask_script(Cont::new(cont.card, LOOT_PUT).with(p, cont.a, 0));
        }
        LOOT_PUT => match opt {
            Opt::Card(t) if g.card(t).zone.in_play() => {
                let ctl = if g.card(t).owner == ENCOUNTER && !g.is_character(t) {
                    p
                } else {
                    g.controller(t)
                };
                g.attach(a, t, ctl);
                if g.logging() {
                    let line = format!("  {} is put into play on {}", g.title(a), g.title(t));
                    g.log_line(line);
                }
            }
            _ => {
                g.move_card(a, Zone::Hand(p));
                if g.logging() {
                    let line = format!("  P{} adds {} to his hand", p + 1, g.title(a));
                    g.log_line(line);
                }
            }
        },
        _ => {}
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Durin's Axe first brings a guarding enemy out: not while already fighting two.
    pub(super) fn durins_axe_plan(g: &Game, p: u8, c: CardId) -> i32 {
        (g.engaged(p).len() < 2) as i32 * hint(g, c).attach.map_or(20, |a| a.0)
    }

    pub(super) fn inner_strength_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::CancelShadow(_)) if shadow_dangerous(g) => 35, // Inner Strength
            _ => 0,
        }
    }

    /// Thorin: 1 damage
    pub(super) fn thorin_stonehelm_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        (g.list(Zone::Deck(p)).len() > 10) as i32 * 25
    }

    /// Charge into Battle
    pub(super) fn charge_into_battle_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        charge_value(g, p)
    }

    /// Charge into Battle: worth it when the ready characters can kill a non-unique enemy in the
    /// staging area and no enemy is engaged with us yet (they will be needed to defend then).
    pub(super) fn charge_value(g: &Game, p: u8) -> i32 {
        if g.phase != Phase::Quest || !g.engaged(p).is_empty() {
            return 0;
        }
        let atk: i16 = g
            .characters(p)
            .filter(|&c| ready(g, c))
            .map(|c| g.stat(c, Stat::Attack))
            .sum();
        let killable = staged(g).any(|e| {
            g.is_enemy(e)
                && !g.def_of(e).unique
                && atk - g.stat(e, Stat::Defense) >= g.remaining_hp(e)
        });
        killable as i32 * 30
    }

    pub(super) fn pillars_of_the_kings_value(
        g: &Game,
        p: u8,
        _c: CardId,
        _ev: Option<Event>,
    ) -> i32 {
        let threat = g.players[p as usize].threat;
        // Pillars of the Kings: back down to 40, or a small raise for a card.
        if threat > 40 {
            50
        } else {
            (37..40).contains(&threat) as i32 * 20
        }
    }

    /// Tom Bombadillo!
    pub(super) fn tom_bombadillo_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Planning) as i32 * 30
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{self, actions, hero, options};
    use crate::engine::ENCOUNTER;

    fn orc(g: &mut Game, zone: Zone) -> CardId {
        g.spawn("TLR-043", ENCOUNTER, zone)
    }

    #[test]
    fn thorin_stonehelm() {
        let mut g = testkit::sandbox(&[&["WaR-001"]]);
        let t = hero(&g, "WaR-001");
        let e = orc(&mut g, Zone::Engaged(0));
        let top = g.spawn("Core-013", 0, Zone::Deck(0));
        g.emit(Event::AttackerDeclared(t, e));
        g.answer(Opt::Activate(t));
        assert_eq!(g.card(top).zone, Zone::Discard(0));
        assert_eq!(g.card(e).damage, 1);
        // Someone else declared: no response.
        let other = g.spawn("Core-013", 0, Zone::Play(0));
        g.emit(Event::AttackerDeclared(other, e));
        assert!(g.pending().is_none());
        // An empty deck: no response.
        while let Some(c) = g.top(Zone::Deck(0)) {
            g.move_card(c, Zone::Discard(0));
        }
        g.emit(Event::AttackerDeclared(t, e));
        assert!(g.pending().is_none());
    }

    #[test]
    fn soldier_of_gondor() {
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        while let Some(c) = g.top(Zone::Deck(0)) {
            g.move_card(c, Zone::Discard(0));
        }
        let deep = g.spawn("WaR-002", 0, Zone::Deck(0));
        let a = g.spawn("WaR-002", 0, Zone::Deck(0));
        g.spawn("Core-023", 0, Zone::Deck(0)); // an event
        let b = g.spawn("Core-013", 0, Zone::Deck(0)); // Guard of the Citadel (Gondor ally)
        for _ in 0..2 {
            g.spawn("Core-028", 0, Zone::Deck(0)); // Dwarf ally
        }
        let _ = deep;
        g.players[0].threat = 30;
        let s = g.spawn("WaR-002", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(s));
        g.answer(Opt::Activate(s));
        let o = options(&g);
        assert!(o.contains(&Opt::Card(a)) && o.contains(&Opt::Card(b)));
        assert!(!o.contains(&Opt::Card(deep)), "sixth card down");
        g.answer(Opt::Card(b));
        assert!(g.pending().is_none(), "only one below threat 40");
        assert_eq!(g.card(b).zone, Zone::Hand(0));
        assert_eq!(g.card(a).zone, Zone::Deck(0));
        // Threat 40: every Gondor ally among the five.
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        while let Some(c) = g.top(Zone::Deck(0)) {
            g.move_card(c, Zone::Discard(0));
        }
        let a = g.spawn("WaR-002", 0, Zone::Deck(0));
        let b = g.spawn("Core-013", 0, Zone::Deck(0));
        g.players[0].threat = 40;
        let s = g.spawn("WaR-002", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(s));
        g.answer(Opt::Activate(s));
        g.answer(Opt::Card(a));
        g.answer(Opt::Card(b));
        assert_eq!(g.card(a).zone, Zone::Hand(0));
        assert_eq!(g.card(b).zone, Zone::Hand(0));
        assert!(g.pending().is_none());
    }

    #[test]
    fn pillars_of_the_kings() {
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        let p = g.spawn("WaR-003", 0, Zone::Hand(0));
        g.players[0].threat = 28;
        assert_eq!(g.cost_of(p, 0), 0);
        let hand = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Play(p));
        assert_eq!(g.players[0].threat, 40);
        assert_eq!(g.list(Zone::Hand(0)).len(), hand - 1 + 4);
        // Raised by less than 10: one card.
        let p2 = g.spawn("WaR-003", 0, Zone::Hand(0));
        g.players[0].threat = 35;
        let hand = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Play(p2));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand);
        // At 40 or more it costs 4 and draws nothing.
        let p3 = g.spawn("WaR-003", 0, Zone::Hand(0));
        g.players[0].threat = 40;
        assert_eq!(g.cost_of(p3, 0), 4);
        assert!(!actions(&mut g).contains(&Opt::Play(p3)));
    }

    #[test]
    fn cautious_halfling() {
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        let hand = g.list(Zone::Hand(0)).len();
        let h = g.spawn("WaR-004", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(h));
        g.answer(Opt::Activate(h));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 1);
        // An enemy on top: the look is offered too (what it shows is the point), and it
        // draws nothing; the enemy is now known to be on top (`seen`).
        let o = orc(&mut g, Zone::EncounterDeck);
        let h2 = g.spawn("WaR-004", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(h2));
        g.answer(Opt::Activate(h2));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 1);
        assert!(g.card(o).seen);
        assert_eq!(g.top(Zone::EncounterDeck), Some(o));
    }

    #[test]
    fn tom_bombadillo() {
        let mut g = testkit::sandbox(&[&["TWoE-001", "Core-010"]]);
        let tom = g.spawn("WaR-010", 0, Zone::SetAside);
        let b = g.spawn("WaR-005", 0, Zone::Hand(0));
        let h = hero(&g, "Core-010");
        g.card_mut(h).resources = 4;
        g.phase = Phase::Planning;
        assert!(actions(&mut g).contains(&Opt::Play(b)));
        g.act(0, Opt::Play(b));
        assert_eq!(g.card(b).zone, Zone::Victory);
        assert_eq!(g.card(tom).zone, Zone::EncounterDeck);
        // A copy in the victory display: the next one cannot be played.
        g.spawn("WaR-010", 0, Zone::SetAside);
        let b2 = g.spawn("WaR-005", 0, Zone::Hand(0));
        assert!(!actions(&mut g).contains(&Opt::Play(b2)));
        // No Hobbit hero: not playable.
        let mut g = testkit::sandbox(&[&["Core-010"]]);
        g.spawn("WaR-010", 0, Zone::SetAside);
        let b = g.spawn("WaR-005", 0, Zone::Hand(0));
        let h = hero(&g, "Core-010");
        g.card_mut(h).resources = 4;
        g.phase = Phase::Planning;
        assert!(!actions(&mut g).contains(&Opt::Play(b)));
    }

    #[test]
    fn durins_axe() {
        let mut g = testkit::sandbox(&[&["Core-001", "Core-002"]]);
        let a = hero(&g, "Core-001");
        let gl = hero(&g, "Core-002");
        g.card_mut(gl).resources = 5;
        while let Some(c) = g.top(Zone::EncounterDeck) {
            g.move_card(c, Zone::EncounterDiscard);
        }
        while let Some(&c) = g.list(Zone::EncounterDiscard).last() {
            g.move_card(c, Zone::Removed);
        }
        let guard = orc(&mut g, Zone::EncounterDeck);
        let loc = g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        let axe = g.spawn("WaR-006", 0, Zone::Hand(0));
        // Played: it does not reach a hero; the location is discarded and the orc guards it.
        g.act(0, Opt::Play(axe));
        assert_eq!(g.card(loc).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(guard).zone, Zone::Staging);
        assert_eq!(g.card(axe).zone, Zone::Attached(guard));
        assert_eq!(g.stat(guard, Stat::Attack), g.printed(guard, Stat::Attack));
        // The guard is destroyed: its owner attaches it to a hero (he picks Aragorn).
        g.card_mut(guard).damage = 20;
        g.settle();
        assert_eq!(g.card(guard).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(axe).zone, Zone::Resolving);
        g.answer(Opt::Card(a));
        assert_eq!(g.card(axe).zone, Zone::Attached(a));
        assert_eq!(g.stat(a, Stat::Attack), g.printed(a, Stat::Attack) + 2);
        // An attack with him kills an enemy: 1 damage to another engaged enemy.
        let e = orc(&mut g, Zone::Engaged(0));
        let e2 = orc(&mut g, Zone::Engaged(0));
        let mut attackers = [crate::engine::NO_CARD; 16];
        attackers[0] = a;
        g.patk = crate::engine::PlayerAttackCtx {
            enemy: e,
            player: 0,
            attackers,
            n_attackers: 1,
        };
        g.discard(e);
        g.emit(Event::AttackDestroyed(e));
        g.answer(Opt::Activate(axe));
        assert_eq!(g.card(e2).damage, 1);
        // Not his attack: no response.
        g.patk.attackers[0] = gl;
        g.emit(Event::AttackDestroyed(e));
        assert!(g.pending().is_none());
        // No enemy anywhere in the encounter deck or discard pile: not guarded, attached at once.
        let mut g = testkit::sandbox(&[&["Core-001", "Core-002"]]);
        let gl = hero(&g, "Core-002");
        g.card_mut(gl).resources = 5;
        for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
            while let Some(&c) = g.list(z).last() {
                g.move_card(c, Zone::Removed);
            }
        }
        g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        let axe = g.spawn("WaR-006", 0, Zone::Hand(0));
        g.act(0, Opt::Play(axe));
        let o = options(&g);
        g.answer(o[0]);
        assert!(matches!(g.card(axe).zone, Zone::Attached(h) if g.is_hero(h)));
    }

    #[test]
    fn charge_into_battle() {
        let mut g = testkit::sandbox(&[&["Core-001", "Core-005"]]);
        let a = hero(&g, "Core-001");
        let l = hero(&g, "Core-005");
        g.card_mut(l).resources = 5;
        let o1 = orc(&mut g, Zone::Staging);
        let o2 = orc(&mut g, Zone::Staging);
        let boss = g.spawn("TLR-033", ENCOUNTER, Zone::Staging);
        let c = g.spawn("WaR-007", 0, Zone::Hand(0));
        g.phase = Phase::Quest;
        assert!(!charge_can(&g, c, 0), "not before the staging step is over");
        g.stack.push(Frame::Step(Step::QuestEnd));
        assert!(charge_can(&g, c, 0));
        g.stack.clear();
        g.act(0, Opt::Play(c));
        let o = options(&g);
        assert!(o.contains(&Opt::Card(o1)) && o.contains(&Opt::Card(o2)));
        assert!(!o.contains(&Opt::Card(boss)), "unique");
        g.answer(Opt::Card(o1));
        g.answer(Opt::Card(a));
        g.answer(Opt::Card(l));
        while g.pending().is_some_and(|d| d.options.contains(&Opt::Pass)) {
            g.answer(Opt::Pass);
        }
        assert_eq!(
            g.card(o1).zone,
            Zone::EncounterDiscard,
            "6 attack against 3 defense"
        );
        assert!(!g.is_ready(a) && !g.is_ready(l));
        assert!(g.pending().is_none(), "nobody left to attack with");
        assert!(!g.has_lasting(o2, Lasting::AttackableAsEngaged(0)));
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        // Without the charge a staging enemy cannot be attacked.
        g.ready(a);
        g.patk = PlayerAttackCtx {
            enemy: o2,
            player: 0,
            attackers: [NO_CARD; 16],
            n_attackers: 0,
        };
        g.push_run(Frame::PlayerAttack { stage: 0 });
        assert!(g.pending().is_none());
    }

    #[test]
    fn silver_circlet() {
        let mut g = testkit::sandbox(&[&["Core-007", "Core-001"]]);
        let e = hero(&g, "Core-007");
        let a = hero(&g, "Core-001");
        let c = g.spawn("WaR-008", 0, Zone::Attached(e));
        let c2 = g.spawn("WaR-008", 0, Zone::SetAside);
        assert!(!circlet_to(&g, c2, 0, a), "not Spirit");
        assert!(!circlet_to(&g, c2, 0, e), "one per hero");
        assert!(circlet_to(&g, c, 0, e));
        assert_eq!(
            g.stat(e, Stat::Willpower),
            g.printed(e, Stat::Willpower) + 2
        );
    }

    #[test]
    fn inner_strength() {
        let mut g = testkit::sandbox(&[&["Core-001", "Core-002"]]);
        let a = hero(&g, "Core-001");
        let other = hero(&g, "Core-002");
        let ring = g.spawn("ASitE-001", 0, Zone::Attached(a));
        let s = g.spawn("WaR-009", 0, Zone::SetAside);
        assert!(inner_to(&g, s, 0, a) && !inner_to(&g, s, 0, other));
        g.attach(s, a, 0);
        assert_eq!(g.stat(a, Stat::Defense), g.printed(a, Stat::Defense) + 1);
        let e = orc(&mut g, Zone::Engaged(0));
        let sh = g.spawn("TLR-021", ENCOUNTER, Zone::Shadow(e));
        g.attack.enemy = e;
        g.attack.player = 0;
        g.attack.ended = false;
        g.attack.defenders[0] = a;
        g.attack.n_defenders = 1;
        g.players[0].threat = 30;
        g.emit(Event::CancelShadow(sh));
        g.answer(Opt::Activate(s));
        assert!(g.canceled);
        assert!(!g.is_ready(ring));
        assert_eq!(g.players[0].threat, 31);
        // The Ring exhausted: no more response.
        g.canceled = false;
        g.emit(Event::CancelShadow(sh));
        assert!(g.pending().is_none());
        // Another defender: no response.
        g.ready(ring);
        g.attack.defenders[0] = other;
        g.emit(Event::CancelShadow(sh));
        assert!(g.pending().is_none());
    }

    #[test]
    fn tom_bombadil() {
        let mut g = testkit::sandbox(&[&["Core-001"], &["Core-002"]]);
        let b = g.spawn("WaR-005", 0, Zone::Victory);
        let tom = g.spawn("WaR-010", 0, Zone::EncounterDeck);
        g.phase = Phase::Quest;
        g.push_run(Frame::Reveal {
            card: tom,
            by: 0,
            stage: 0,
            from_deck: false,
        });
        g.answer(Opt::Player(1));
        assert_eq!(g.card(tom).zone, Zone::Play(1));
        assert!(g.card(tom).questing && g.is_ready(tom));
        // End of the round: both are removed from the game.
        g.expire(Until::EndOfRound);
        assert_eq!(g.card(tom).zone, Zone::Removed);
        assert_eq!(g.card(b).zone, Zone::Removed);
    }

    /// The basic bot sets its threat to 40 with Pillars of the Kings only for a small raise,
    /// and charges a staging enemy it can kill.
    #[test]
    fn basic_bot_uses_pillars_and_charge() {
        let mut bot = crate::bots::make("basic").unwrap();
        let run = |g: &mut Game, bot: &mut Box<dyn crate::bots::Bot>| {
            while let Some(d) = g.pending().cloned() {
                let k = bot.choose(g, &d);
                g.apply(k);
            }
        };
        for (threat, plays) in [(25, false), (38, true)] {
            let mut g = testkit::sandbox(&[&["Core-001"]]);
            let p = g.spawn("WaR-003", 0, Zone::Hand(0));
            g.players[0].threat = threat;
            g.push_run(Frame::Planning {
                active: 0,
                seat: 0,
                passes: 0,
            });
            run(&mut g, &mut bot);
            assert_eq!(g.card(p).zone != Zone::Hand(0), plays, "threat {threat}");
        }
        let mut g = testkit::sandbox(&[&["Core-001", "Core-005"]]);
        let l = hero(&g, "Core-005");
        g.card_mut(l).resources = 5;
        let o = orc(&mut g, Zone::Staging);
        let c = g.spawn("WaR-007", 0, Zone::Hand(0));
        g.phase = Phase::Quest;
        g.stack.push(Frame::Step(Step::QuestEnd));
        assert!(charge_can(&g, c, 0));
        let d = crate::engine::Decision {
            player: 0,
            ask: Ask::Action(Phase::Quest),
            options: vec![Opt::Pass, Opt::Play(c)],
        };
        assert_eq!(bot.choose(&g, &d), 1);
        g.stack.clear();
        g.act(0, Opt::Play(c));
        run(&mut g, &mut bot);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert_eq!(g.card(o).zone, Zone::EncounterDiscard);
    }

    /// A deck with every card of this set, both bots, invariants at every decision.
    #[test]
    fn soak_wrath_and_ruin_decks() {
        let db = testkit::db();
        let ids = |codes: &[(&str, usize)]| -> Vec<crate::data::DefId> {
            codes
                .iter()
                .flat_map(|&(c, n)| std::iter::repeat_n(db.by_code(c).unwrap(), n))
                .collect()
        };
        let deck = crate::deck::Deck {
            name: "war".into(),
            heroes: ids(&[("WaR-001", 1), ("TWoE-001", 1), ("Core-010", 1)]),
            cards: ids(&[
                ("WaR-002", 3),
                ("WaR-003", 3),
                ("WaR-004", 3),
                ("WaR-005", 3),
                ("WaR-006", 3),
                ("WaR-007", 3),
                ("WaR-008", 3),
                ("WaR-009", 3),
                ("WaR-010", 3),
                ("Core-013", 3),
                ("Core-028", 3),
                ("Core-023", 2),
            ]),
            loot: Vec::new(),
        };
        let mut friends = deck.clone();
        friends.name = "friends".into();
        friends.heroes = ids(&[("Core-007", 1), ("Core-002", 1), ("Core-001", 1)]);
        for decks in [vec![deck.clone()], vec![deck, friends]] {
            crate::cards::testkit::soak_decks(decks, 11, 25);
        }
    }
    /// 14 different implemented Item / Artifact attachments.
    const LOOT: [&str; 14] = [
        "Core-027", "Core-039", "Core-040", "Core-041", "Core-042", "Core-069", "TLR-011",
        "TLR-013", "TWoE-005", "AtE-055", "TToR-087", "TToR-090", "TDR-142", "TDR-148",
    ];

    /// Aragorn and Théodred; 3 of each Core Leadership ally and event (Core-013..024) and The
    /// Burglar's Turn, with `LOOT`.
    fn burglar_deck() -> crate::deck::Deck {
        let db = testkit::db();
        let id = |c: &str| db.by_code(c).unwrap();
        let mut cards: Vec<_> = (13..=24)
            .flat_map(|n| std::iter::repeat_n(id(&format!("Core-{n:03}")), 3))
            .collect();
        cards.push(id("WaR-024A"));
        crate::deck::Deck {
            name: "burglar".into(),
            heroes: vec![id("Core-001"), id("Core-002")],
            cards,
            loot: LOOT.iter().map(|c| id(c)).collect(),
        }
    }

    fn burglar_setup_of(decks: Vec<crate::deck::Deck>) -> &'static crate::engine::GameSetup {
        let db = testkit::db();
        let setup = Box::leak(Box::new(crate::engine::GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: crate::data::Mode::Standard,
            decks,
            options: Default::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        }));
        setup.validate(db).expect("a legal setup");
        setup
    }

    /// A sandbox with `burglar_deck` in seat 0, the contract's setup resolved: (game, contract).
    fn burglar_game() -> (Game<'static>, CardId) {
        let mut g = Game::new(testkit::db(), burglar_setup_of(vec![burglar_deck()]));
        g.sandbox(1, 0);
        let k = contract(&g, 0);
        assert_eq!(g.def_of(k).code, "WaR-024A");
        let setup = g.script(k).and_then(|s| s.setup).expect("a setup hook");
        setup(&mut g, k);
        (g, k)
    }

    fn contract(g: &Game, p: u8) -> CardId {
        *g.list(Zone::Play(p))
            .iter()
            .find(|&&c| g.ty(c) == CardType::Contract)
            .expect("the contract is in its owner's play area")
    }

    /// Put the loot card `code` on top of the loot deck under `k`.
    fn loot_on_top(g: &mut Game, k: CardId, code: &str) -> CardId {
        let c = g
            .cards_under(k)
            .find(|&c| g.def_of(c).code == code)
            .expect("in the loot deck");
        g.move_card(c, Zone::Under(k));
        c
    }

    fn travel_to(g: &mut Game, l: CardId) {
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(l));
    }

    #[test]
    fn the_burglars_turn() {
        let (mut g, k) = burglar_game();
        let a = hero(&g, "Core-001");
        // Setup: side B up, the 14 loot cards under it, none in the deck.
        assert_eq!(g.def_of(k).code, "WaR-024B");
        assert_eq!(g.cards_under(k).count(), 14);
        assert!(g
            .list(Zone::Deck(0))
            .iter()
            .all(|&c| g.ty(c) != CardType::Attachment));
        assert!(g
            .list(Zone::Hand(0))
            .iter()
            .all(|&c| g.ty(c) != CardType::Contract));
        // Travel: Celebrían's Stone goes onto the new active location as a guarded objective.
        let stone = loot_on_top(&mut g, k, "Core-027");
        let l = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        let qp = g.stat(l, Stat::QuestPoints);
        travel_to(&mut g, l);
        assert_eq!(g.active_location(), Some(l));
        assert_eq!(g.card(stone).zone, Zone::Attached(l));
        assert!(g.card(stone).guarded);
        assert_eq!(g.cards_under(k).count(), 13);
        // +1 quest point per attachment while active; the loot's own text is off while guarded.
        assert_eq!(g.stat(l, Stat::QuestPoints), qp + 1);
        assert!(g.script(stone).is_none());
        // Explored: its owner puts it into play on Aragorn at no cost (or could take it).
        let wp = g.stat(a, Stat::Willpower);
        let res = g.card(a).resources;
        g.card_mut(l).progress = qp + 1;
        g.settle();
        assert_eq!(
            g.pending().map(|d| d.ask),
            Some(Ask::Effect {
                card: stone,
                what: 0
            })
        );
        let o = options(&g);
        assert!(o.contains(&Opt::Card(a)) && o.contains(&Opt::Pass));
        assert!(!o.contains(&Opt::Card(k)));
        g.answer(Opt::Card(a));
        assert_eq!(g.card(stone).zone, Zone::Attached(a));
        assert!(!g.card(stone).guarded);
        assert_eq!(g.stat(a, Stat::Willpower), wp + 2);
        assert_eq!(g.card(a).resources, res);
        assert_ne!(g.card(l).zone, Zone::Active);
        // Next location: the Horn of Gondor is taken into hand instead.
        let horn = loot_on_top(&mut g, k, "Core-042");
        let l2 = g.spawn("TLR-028", ENCOUNTER, Zone::Staging);
        travel_to(&mut g, l2);
        assert_eq!(g.card(horn).zone, Zone::Attached(l2));
        g.card_mut(l2).progress = 10;
        g.settle();
        g.answer(Opt::Pass);
        assert_eq!(g.card(horn).zone, Zone::Hand(0));
        assert!(g.check_invariants().is_ok());
    }

    #[test]
    fn the_burglars_turn_loots_only_its_owners_staging_area() {
        // Two players with their staging areas apart (Escape from Mount Gram): the contract's
        // owner travels in area 0, the other player in area 1.
        let db = testkit::db();
        let id = |c: &str| db.by_code(c).unwrap();
        let other = crate::deck::Deck {
            name: "other".into(),
            heroes: vec![id("Core-006")],
            cards: (25..=36).map(|n| id(&format!("Core-{n:03}"))).collect(),
            loot: Vec::new(),
        };
        let mut g = Game::new(db, burglar_setup_of(vec![burglar_deck(), other]));
        g.sandbox(1, 0);
        let k = contract(&g, 0);
        let setup = g.script(k).and_then(|s| s.setup).expect("a setup hook");
        setup(&mut g, k);
        g.split_areas();
        // The other player's area travels: no loot comes, and its location gets no quest point.
        g.areas.now = 1;
        let l1 = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        assert_eq!(g.card(l1).area, 1);
        let qp1 = g.stat(l1, Stat::QuestPoints);
        let top = loot_on_top(&mut g, k, "Core-027");
        travel_to(&mut g, l1);
        assert_eq!(g.active_location(), Some(l1));
        assert_eq!(g.card(top).zone, Zone::Under(k), "still on the loot deck");
        assert_eq!(g.attachments(l1).count(), 0);
        let spear = g.spawn("Core-040", 1, Zone::Attached(l1));
        assert_eq!(g.attachments(l1).count(), 1, "{}", g.title(spear));
        assert_eq!(
            g.stat(l1, Stat::QuestPoints),
            qp1,
            "not the owner's active location"
        );
        // The owner's area travels: the loot goes onto his location.
        g.areas.now = 0;
        let l0 = g.spawn("TLR-028", ENCOUNTER, Zone::Staging);
        travel_to(&mut g, l0);
        assert_eq!(g.active_location(), Some(l0));
        assert_eq!(g.card(top).zone, Zone::Attached(l0));
        assert!(g.check_invariants().is_ok());
    }

    #[test]
    fn the_burglars_turn_without_a_target_or_unexplored() {
        let (mut g, k) = burglar_game();
        // Forest Snare with no engaged enemy: no legal target, so it goes to hand unasked.
        let snare = loot_on_top(&mut g, k, "Core-069");
        let l = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        travel_to(&mut g, l);
        g.card_mut(l).progress = 10;
        g.settle();
        assert!(g.pending().is_none());
        assert_eq!(g.card(snare).zone, Zone::Hand(0));
        // A location that leaves play unexplored takes its loot to the discard pile.
        let plate = loot_on_top(&mut g, k, "Core-040");
        let l2 = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        travel_to(&mut g, l2);
        assert_eq!(g.card(plate).zone, Zone::Attached(l2));
        g.discard(l2);
        g.settle();
        assert_eq!(g.card(plate).zone, Zone::Discard(0));
        // A location made active some other way than by traveling gets no loot; an ordinary
        // attachment there (not loot) still adds a quest point and is not claimed.
        let l3 = g.spawn("TLR-027", ENCOUNTER, Zone::Active);
        let n = g.cards_under(k).count();
        let provisions = g.spawn("AtE-055", 1 - 1, Zone::Attached(l3));
        assert_eq!(g.cards_under(k).count(), n);
        assert_eq!(
            g.stat(l3, Stat::QuestPoints),
            g.printed(l3, Stat::QuestPoints) + 1
        );
        // Not the active location: no extra quest point.
        let l4 = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        g.spawn("AtE-055", 0, Zone::Attached(l4));
        assert_eq!(
            g.stat(l4, Stat::QuestPoints),
            g.printed(l4, Stat::QuestPoints)
        );
        g.card_mut(l3).progress = 10;
        g.settle();
        while g.pending().is_some() {
            g.answer(Opt::No);
        }
        assert_eq!(g.card(provisions).zone, Zone::Discard(0));
        // An empty loot deck: traveling attaches nothing.
        while let Some(c) = g.cards_under(k).last() {
            g.move_card(c, Zone::Removed);
        }
        let l5 = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        travel_to(&mut g, l5);
        assert_eq!(g.attachments(l5).count(), 0);
        assert!(g.check_invariants().is_ok());
    }

    #[test]
    fn the_burglars_turn_setup_in_a_real_game() {
        // The contract starts in play and its setup runs after the scenario's: side B, the
        // loot shuffled from its owner's stream (same seed and game, same order).
        let setup = burglar_setup_of(vec![burglar_deck()]);
        let order = |index: u64| {
            let mut g = Game::new(testkit::db(), setup);
            g.start(3, index);
            while g.round == 0 {
                g.apply(0);
            }
            let k = contract(&g, 0);
            assert_eq!(g.def_of(k).code, "WaR-024B");
            assert!(g.check_invariants().is_ok());
            g.cards_under(k)
                .map(|c| g.def_of(c).code.clone())
                .collect::<Vec<_>>()
        };
        let first = order(0);
        assert_eq!(first.len(), 14);
        assert_eq!(first, order(0));
        let mut sorted = first.clone();
        sorted.sort();
        let mut want: Vec<String> = LOOT.iter().map(|c| c.to_string()).collect();
        want.sort();
        assert_eq!(sorted, want);
        assert!((1..6).any(|i| order(i) != first), "shuffled per game");
    }

    #[test]
    fn the_burglars_turn_plays_whole_games() {
        // Both bots play solo and two-player games with the contract, invariants checked.
        let mut other = burglar_deck();
        other.heroes = vec![
            testkit::db().by_code("Core-007").unwrap(),
            testkit::db().by_code("Core-011").unwrap(),
        ];
        other.name = "second burglar".into();
        for decks in [vec![burglar_deck()], vec![burglar_deck(), other]] {
            crate::cards::testkit::soak_decks(decks, 5, 20);
        }
        // The basic bot travels to loot and, once a location is explored, puts it on a
        // character (checked at every decision: a lost game ends with the cards out of play).
        let sample = crate::deck::parse_deck(
            "war-burglars",
            include_str!("../../../decks/war-burglars.txt"),
            testkit::db(),
        )
        .expect("the sample deck imports");
        let setup = burglar_setup_of(vec![sample.clone()]);
        let mut g = Game::new(testkit::db(), setup);
        let mut bot = crate::bots::make("basic").unwrap();
        let (mut claimed, mut attached) = (0, 0);
        for i in 0..20 {
            bot.new_game(i);
            g.start(1, i);
            let k = contract(&g, 0);
            let mut on_character = false;
            while let Some(d) = g.pending() {
                let d = d.clone();
                let c = bot.choose(&g, &d);
                g.apply(c);
                on_character |= g.list(Zone::Attached(0)).iter().any(|&a| {
                    g.card(a).owner == 0
                        && matches!(g.card(a).zone, Zone::Attached(h) if g.is_character(h))
                });
            }
            claimed += 14 - g.cards_under(k).count();
            assert!(g
                .list(Zone::Deck(0))
                .iter()
                .all(|&c| g.ty(c) != CardType::Attachment));
            attached += on_character as usize;
        }
        // The sample deck in the other playable scenarios, invariants checked at every decision.
        for scenario in ["the-weather-hills", "deadmens-dike"] {
            let db = testkit::db();
            let setup = Box::leak(Box::new(crate::engine::GameSetup {
                scenario: db.scenario(scenario).unwrap(),
                ..burglar_setup_of(vec![sample.clone()]).clone()
            }));
            let mut g = Game::new(db, setup);
            for name in ["random", "basic"] {
                let mut bot = crate::bots::make(name).unwrap();
                for i in 0..10 {
                    bot.new_game(i);
                    g.start(2, i);
                    while let Some(d) = g.pending() {
                        let d = d.clone();
                        let c = bot.choose(&g, &d);
                        g.apply(c);
                        if let Err(e) = g.check_invariants() {
                            panic!("{scenario} {name} game {i}: {e}");
                        }
                    }
                    assert!(g.is_over());
                }
            }
        }
        assert!(
            claimed > 0 && attached > 0,
            "{claimed} loot cards out, {attached} games with loot on a character"
        );
    }

    #[test]
    fn pillars_of_the_kings_hint() {
        use crate::cards::hints::action_value;
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("WaR-003", 0, Zone::Hand(0));
        for (threat, v) in [(30, 0), (37, 20), (39, 20), (40, 0), (41, 50)] {
            g.players[0].threat = threat;
            assert_eq!(action_value(&g, 0, c, None), v, "threat {threat}");
        }
    }

    #[test]
    fn durins_axe_hint() {
        use crate::cards::hints::{hint, AttachKind};
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("WaR-006", 0, Zone::Hand(0));
        assert_eq!(hint(&g, c).attach, Some((30, AttachKind::Weapon)));
        let plan = hint(&g, c).plan_value.unwrap();
        assert_eq!(plan(&g, 0, c), 30);
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(plan(&g, 0, c), 0, "not while fighting two enemies");
    }

    #[test]
    fn thorin_stonehelm_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::Zone;
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("WaR-001", 0, Zone::Play(0));
        while g.list(Zone::Deck(0)).len() > 10 {
            let x = g.list(Zone::Deck(0))[0];
            g.discard(x);
        }
        assert_eq!(action_value(&g, 0, c, None), 0, "the deck is short");
        g.spawn("Core-013", 0, Zone::Deck(0));
        assert_eq!(action_value(&g, 0, c, None), 25);
    }

    #[test]
    fn tom_bombadillo_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("WaR-005", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 30);
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, c, None), 0);
    }

    #[test]
    fn inner_strength_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{AttackCtx, Event, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("WaR-009", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let sh = g.spawn("TLR-058", ENCOUNTER, Zone::Shadow(e));
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelShadow(sh))),
            0,
            "no attack"
        );
        g.attack = AttackCtx::new(e, 0, false);
        assert_eq!(action_value(&g, 0, c, Some(Event::CancelShadow(sh))), 35);
    }

    #[test]
    fn charge_into_battle_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("WaR-007", 0, Zone::Hand(0));
        g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 0, "only while questing");
        g.phase = Phase::Quest;
        assert_eq!(
            action_value(&g, 0, c, None),
            30,
            "7 Attack kills the Angmar Orc"
        );
    }
}
