//! The Lost Realm player cards (TLR-001..015): the Dúnedain, who do better the more enemies are
//! engaged with their controller, and the Encounter-keyword Ranger of the North (RULES §5.20).
//!
//! Each script has a one-line summary in our own words.

use crate::cards::common::{area_players, seats};
use crate::cards::common::{damageable, enemies_in_play, host, mine_in_play};
use crate::cards::hints::{AttachKind, DeckNeed, EngageReward, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Opt, Phase, SmallIds, Stat, Step, Zone,
};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "TLR-001",
        hint: Hint {
            play_value: Some(bot::aragorn_value),
            effect: Some(bot::aragorn_effect),
            ..NO_HINT
        },
        modify: Some(aragorn_modify),
        global: true,
        global_on: crate::cards::GlobalScope::any(&[Stat::Defense]),
        can_respond: Some(aragorn_can),
        respond_on: events![AttackDestroyed],
        respond: Some(aragorn_respond),
        resume: Some(aragorn_resume),
        ..BLANK
    },
    Script {
        code: "TLR-002",
        hint: Hint {
            engagement_reward: EngageReward::FirstEngaged,
            ..NO_HINT
        },
        rule: Some(halbarad_rule),
        rule_on: crate::rules![CommitsWithoutExhausting, ExtraOptionalEngagement],
        ..BLANK
    },
    Script {
        code: "TLR-003",
        can_respond: Some(watchman_can),
        respond_on: events![EntersPlay],
        respond: Some(watchman_respond),
        resume: Some(watchman_resume),
        ..BLANK
    },
    Script {
        code: "TLR-004",
        hint: Hint {
            effect: Some(bot::dunedain_hunter_effect),
            plan_value: Some(bot::dunedain_hunter_plan),
            ..NO_HINT
        },
        forced: Some(hunter_forced),
        forced_on: events![EntersPlay],
        resume: Some(hunter_resume),
        ..BLANK
    },
    Script {
        code: "TLR-005",
        can_respond: Some(sentry_can),
        respond_on: events![EntersPlay],
        respond: Some(sentry_respond),
        ..BLANK
    },
    Script {
        code: "TLR-006",
        hint: Hint {
            engagement_reward: EngageReward::EachEngaged,
            ..NO_HINT
        },
        modify: Some(warden_modify),
        ..BLANK
    },
    Script {
        code: "TLR-007",
        hint: Hint {
            deck_needs: &[
                DeckNeed::HeroTrait(&["Dúnedain"]),
                DeckNeed::Card("Ranger of the North"),
            ],
            play_value: Some(bot::ranger_summons_value),
            ..NO_HINT
        },
        can_act: Some(summons_can),
        act: Some(summons_act),
        ..BLANK
    },
    Script {
        code: "TLR-008",
        hint: Hint {
            play_value: Some(bot::tireless_hunters_value),
            effect: Some(bot::aragorn_effect),
            ..NO_HINT
        },
        can_act: Some(tireless_can),
        act: Some(tireless_act),
        resume: Some(tireless_resume),
        ..BLANK
    },
    Script {
        code: "TLR-009",
        hint: Hint {
            deck_needs: &[DeckNeed::CharacterTrait(&["Scout", "Ranger"])],
            play_value: Some(|_, _, _, _| 30),
            effect: Some(bot::expert_trackers_effect),
            ..NO_HINT
        },
        can_respond: Some(trackers_can),
        respond_on: events![Engaged],
        respond: Some(trackers_respond),
        resume: Some(trackers_resume),
        ..BLANK
    },
    Script {
        code: "TLR-010",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroTrait(&["Dúnedain"])],
            attach: Some((35, AttachKind::General)),
            play_value: Some(bot::heir_of_valandil_value),
            ..NO_HINT
        },
        attach_to: Some(heir_to),
        can_act: Some(heir_can),
        act: Some(heir_act),
        ..BLANK
    },
    Script {
        code: "TLR-011",
        hint: Hint {
            deck_needs: &[DeckNeed::CharacterTrait(&["Dúnedain", "Healer"])],
            attach: Some((20, AttachKind::Armor)),
            play_value: Some(bot::athelas_value),
            effect: Some(bot::athelas_effect),
            exhausts_host: true,
            ..NO_HINT
        },
        attach_to: Some(athelas_to),
        can_act: Some(athelas_can),
        act: Some(athelas_act),
        resume: Some(athelas_resume),
        ..BLANK
    },
    Script {
        code: "TLR-012",
        hint: Hint {
            attach: Some((15, AttachKind::Enemy)),
            ..NO_HINT
        },
        attach_to: Some(vigil_to),
        modify: Some(vigil_modify),
        can_respond: Some(vigil_can),
        respond_on: events![HostDestroyed],
        respond: Some(vigil_respond),
        ..BLANK
    },
    Script {
        code: "TLR-013",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroTrait(&["Dúnedain", "Noldor"])],
            attach: Some((20, AttachKind::Willpower)),
            engagement_reward: EngageReward::FirstEngaged,
            ..NO_HINT
        },
        attach_to: Some(brooch_to),
        modify: Some(brooch_modify),
        rule: Some(brooch_rule),
        rule_on: crate::rules![CannotReduceStat],
        ..BLANK
    },
    Script {
        code: "TLR-014",
        hint: Hint {
            effect: Some(bot::gather_information_effect),
            ..NO_HINT
        },
        forced: Some(gather_forced),
        forced_on: events![SideQuestDefeated],
        resume: Some(gather_resume),
        ..BLANK
    },
    Script {
        code: "TLR-015",
        hint: Hint {
            effect: Some(bot::ranger_of_the_north_effect),
            ..NO_HINT
        },
        when_revealed: Some(ranger_revealed),
        resume: Some(ranger_resume),
        uncancelable: true,
        ..BLANK
    },
];

// ----------------------------------------------------------------- shared helpers

/// Is `c` in play under a player's control, and which player?
fn controlling_player(g: &Game, c: CardId) -> Option<u8> {
    match g.card(c).zone {
        Zone::Play(p) => Some(p),
        Zone::Attached(_) if g.card(c).controller != crate::engine::ENCOUNTER => {
            Some(g.card(c).controller)
        }
        _ => None,
    }
}

/// Enemies engaged with the player who controls `c` (0 if `c` is not in a play area).
fn engaged_with_controller(g: &Game, c: CardId) -> i16 {
    controlling_player(g, c)
        .map(|p| g.engaged(p).len() as i16)
        .unwrap_or(0)
}

/// An enemy in play, not engaged with `p`, that a player card may choose.
fn other_enemy(g: &Game, e: CardId, p: u8) -> bool {
    g.is_enemy(e)
        && !g.immune(e)
        && g.card(e).zone != Zone::Engaged(p)
        && !g.rule(Rule::CannotBeEngaged(e))
        && g.reaches(e)
}

/// Locations in play (staging area and the active location) a player card may target.
fn locations_in_play(g: &Game) -> SmallIds {
    g.list(Zone::Staging)
        .iter()
        .chain(g.list(Zone::Active).iter())
        .copied()
        .filter(|&l| g.is_location(l) && !g.immune(l) && g.reaches(l))
        .collect()
}

fn controls_dunedain_hero(g: &Game, p: u8) -> bool {
    g.heroes(p).any(|h| g.has_trait(h, "Dúnedain"))
}

// ----------------------------------------------------------------- Aragorn (TLR-001)

// Enemies engaged with his controller get -1 Defense. Response: after he attacks as part of an
// attack that destroys an enemy, his controller engages an enemy not yet engaged with him.
fn aragorn_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    match (stat, g.card(me).zone) {
        (Stat::Defense, Zone::Play(p)) if g.card(target).zone == Zone::Engaged(p) => -1,
        _ => 0,
    }
}

fn aragorn_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackDestroyed(_))
        && mine_in_play(g, me, seat)
        && g.patk.attackers().contains(&me)
        && enemies_in_play(g).any(|e| other_enemy(g, e, seat))
}

fn aragorn_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let targets: SmallIds = enemies_in_play(g)
        .filter(|&e| other_enemy(g, e, seat))
        .collect();
    for e in targets {
        g.offer(Opt::Card(e));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn aragorn_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        if g.card(e).zone.in_play() && other_enemy(g, e, cont.player) {
            g.engage(e, cont.player);
        }
    }
}

// ----------------------------------------------------------------- Halbarad (TLR-002)

// Commits without exhausting while his controller is engaged with an enemy; his controller may
// optionally engage one extra enemy in the encounter phase.
fn halbarad_rule(g: &Game, me: CardId, r: Rule) -> bool {
    let Zone::Play(p) = g.card(me).zone else {
        return false;
    };
    match r {
        Rule::CommitsWithoutExhausting(c) => c == me && !g.engaged(p).is_empty(),
        Rule::ExtraOptionalEngagement(q) => q == p,
        _ => false,
    }
}

// ----------------------------------------------------------------- Weather Hills Watchman (TLR-003)

// Response on entering play: look at the top 5 cards of your deck, you may take a Signal card
// among them into your hand, then shuffle your deck.
fn watchman_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me) && mine_in_play(g, me, seat) && !g.list(Zone::Deck(seat)).is_empty()
}

fn watchman_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let deck = g.list(Zone::Deck(seat));
    let top: SmallIds = deck[deck.len().saturating_sub(5)..]
        .iter()
        .rev()
        .copied()
        .collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let mut titles: SmallIds = SmallIds::from_iter(std::iter::empty());
    for c in top {
        if g.has_trait(c, "Signal") && !titles.iter().any(|&t| g.title(t) == g.title(c)) {
            titles = titles.iter().copied().chain(std::iter::once(c)).collect();
            g.offer(Opt::Card(c));
        }
    }
    if titles.is_empty() {
        g.shuffle(Zone::Deck(seat));
        return;
    }
    g.offer(Opt::Pass);
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn watchman_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Deck(p) {
            g.move_card(c, Zone::Hand(p));
            if g.logging() {
                let line = format!("  P{} takes {} from his deck", p + 1, g.title(c));
                g.log_line(line);
            }
        }
    }
    g.shuffle(Zone::Deck(p));
}

// ----------------------------------------------------------------- Dúnedain Hunter (TLR-004)

// Forced on entering play: a non-unique enemy among the top 5 encounter cards enters play engaged
// with his controller (who picks it); with none there he is discarded. The deck is shuffled.
fn hunter_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::EntersPlay(me) {
        return;
    }
    // Resolved when its frame comes up: the effect that put him into play may still be
    // asking (Scavenge for Supplies' free plays, player by player).
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, HUNTER_SEARCH),
    });
}

/// `hunter_resume`'s step that searches (no answer yet).
const HUNTER_SEARCH: u8 = 1;

fn hunter_search(g: &mut Game, me: CardId) {
    let Zone::Play(p) = g.card(me).zone else {
        return;
    };
    let deck = g.list(Zone::EncounterDeck);
    let found: SmallIds = deck[deck.len().saturating_sub(5)..]
        .iter()
        .rev()
        .copied()
        .filter(|&c| g.is_enemy(c) && !g.def_of(c).unique)
        .collect();
    if found.is_empty() {
        g.discard(me);
        g.shuffle(Zone::EncounterDeck);
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for e in found {
        g.offer(Opt::Card(e));
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn hunter_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == HUNTER_SEARCH {
        return hunter_search(g, cont.card);
    }
    if let Opt::Card(e) = opt {
        if g.card(e).zone == Zone::EncounterDeck {
            g.engage(e, cont.player);
        }
    }
    g.shuffle(Zone::EncounterDeck);
}

// ----------------------------------------------------------------- Sarn Ford Sentry (TLR-005)

// Response on entering play: draw a card per enemy engaged with you.
fn sentry_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me) && mine_in_play(g, me, seat) && !g.engaged(seat).is_empty()
}

fn sentry_respond(g: &mut Game, _me: CardId, seat: u8, _ev: Event) {
    let n = g.engaged(seat).len();
    g.draw_by_effect(seat, n);
}

// ----------------------------------------------------------------- Warden of Annúminas (TLR-006)

// +1 Willpower per enemy engaged with his controller.
fn warden_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    if target == me && stat == Stat::Willpower {
        engaged_with_controller(g, me)
    } else {
        0
    }
}

// ----------------------------------------------------------------- Ranger Summons (TLR-007)

/// Set-aside Encounter-keyword Ranger of the North allies owned by `p`.
fn set_aside_rangers(g: &Game, p: u8) -> SmallIds {
    g.list(Zone::SetAside)
        .iter()
        .copied()
        .filter(|&c| {
            let d = g.def_of(c);
            g.card(c).owner == p && d.keywords.encounter && d.title == "Ranger of the North"
        })
        .collect()
}

// Planning action, with a Dúnedain hero: shuffle one of your set-aside Rangers of the North into
// the encounter deck; the event is then removed from the game.
fn summons_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.phase == Phase::Planning
        && controls_dunedain_hero(g, p)
        && !set_aside_rangers(g, p).is_empty()
}

fn summons_act(g: &mut Game, me: CardId, p: u8) {
    if let Some(&r) = set_aside_rangers(g, p).first() {
        g.move_card(r, Zone::EncounterDeck);
        g.shuffle(Zone::EncounterDeck);
        if g.logging() {
            g.log_line("  Ranger of the North is shuffled into the encounter deck".into());
        }
    }
    g.move_card(me, Zone::Removed);
}

// ----------------------------------------------------------------- Tireless Hunters (TLR-008)

/// Combat phase, before the enemy attacks step has begun (that step, or one before it, is
/// still waiting on the engine's stack).
fn before_enemy_attacks(g: &Game) -> bool {
    g.phase == Phase::Combat
        && [Step::Shadows, Step::CombatWindow, Step::EnemyAttacks]
            .iter()
            .any(|&s| g.stack.contains(&Frame::Step(s)))
}

// Combat action before enemies attack: engage an enemy not engaged with you, then discard one
// shadow card it has.
fn tireless_can(g: &Game, _me: CardId, p: u8) -> bool {
    before_enemy_attacks(g) && enemies_in_play(g).any(|e| other_enemy(g, e, p))
}

fn tireless_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    let targets: SmallIds = enemies_in_play(g)
        .filter(|&e| other_enemy(g, e, p))
        .collect();
    for e in targets {
        g.offer(Opt::Card(e));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn tireless_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(e) = opt else { return };
    if !g.card(e).zone.in_play() || !other_enemy(g, e, cont.player) {
        return;
    }
    g.engage(e, cont.player);
    let shadow = g.shadows_of(e).next();
    if let Some(s) = shadow {
        g.discard(s);
    }
}

// ----------------------------------------------------------------- Expert Trackers (TLR-009)

fn tracker(g: &Game, c: CardId) -> bool {
    g.is_ready(c) && (g.has_trait(c, "Scout") || g.has_trait(c, "Ranger"))
}

// Response after you engage an enemy: exhaust one of your Scout or Ranger characters to put
// progress equal to that enemy's printed Threat on a location.
fn trackers_can(g: &Game, _me: CardId, seat: u8, ev: Event) -> bool {
    let Event::Engaged(e, q) = ev else {
        return false;
    };
    q == seat
        && g.printed(e, Stat::Threat) > 0
        && g.characters(seat).any(|c| tracker(g, c))
        && !locations_in_play(g).is_empty()
}

fn trackers_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    let Event::Engaged(e, _) = ev else { return };
    let x = g.printed(e, Stat::Threat);
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let chars: SmallIds = g.characters(seat).filter(|&c| tracker(g, c)).collect();
    for c in chars {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, x, 0));
}

fn trackers_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    match (cont.step, opt) {
        (0, Opt::Card(c)) => {
            g.exhaust(c);
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            for l in locations_in_play(g) {
                g.offer(Opt::Card(l));
            }
            g.ask_if_offered(Cont::new(me, 1).with(p, cont.a, 0));
        }
        (1, Opt::Card(l)) if g.card(l).zone.in_play() => g.add_progress(l, cont.a),
        _ => {}
    }
}

// ----------------------------------------------------------------- Heir of Valandil (TLR-010)

// Attaches to a Dúnedain hero. Planning action: exhaust it to make one Dúnedain ally cheaper
// later in this phase, by 1 per enemy engaged with its controller.
fn heir_to(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && g.has_trait(t, "Dúnedain")
}

fn heir_can(g: &Game, me: CardId, p: u8) -> bool {
    g.phase == Phase::Planning
        && g.is_ready(me)
        && g.card(me).controller == p
        && !g.engaged(p).is_empty()
}

fn heir_act(g: &mut Game, me: CardId, p: u8) {
    g.exhaust(me);
    let n = g.engaged(p).len() as i16;
    let t = g.db.trait_id("Dúnedain");
    let ps = &mut g.players[p as usize];
    if ps.ally_discount_trait != t {
        ps.ally_discount = 0;
    }
    ps.ally_discount_trait = t;
    ps.ally_discount += n;
}

// ----------------------------------------------------------------- Athelas (TLR-011)

/// May Athelas heal `c` (damaged, or carrying a Condition it could discard)?
fn athelas_target(g: &Game, c: CardId) -> bool {
    g.is_character(c)
        && g.card(c).zone.in_play()
        && (g.card(c).damage > 0 || g.attachments(c).any(|a| removable_condition(g, a)))
}

fn removable_condition(g: &Game, a: CardId) -> bool {
    g.has_trait(a, "Condition") && !g.def_of(a).keywords.permanent
}

// Attaches to a Dúnedain or Healer character. Action: discard it and exhaust its bearer to heal
// every damage on a character, and you may also discard a Condition attached to that character.
fn athelas_to(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_character(t) && (g.has_trait(t, "Dúnedain") || g.has_trait(t, "Healer"))
}

fn athelas_can(g: &Game, me: CardId, p: u8) -> bool {
    let Some(h) = host(g, me) else { return false };
    g.card(me).controller == p
        && g.is_ready(h)
        && area_players(g).any(|q| g.characters(q).any(|c| athelas_target(g, c)))
}

fn athelas_act(g: &mut Game, me: CardId, p: u8) {
    let Some(h) = host(g, me) else { return };
    g.discard(me);
    g.exhaust(h);
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    let targets: SmallIds = area_players(g)
        .flat_map(|q| g.characters(q))
        .filter(|&c| athelas_target(g, c))
        .collect();
    for c in targets {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn athelas_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    match (cont.step, opt) {
        (0, Opt::Card(c)) if g.card(c).zone.in_play() => {
            let d = g.card(c).damage;
            g.heal(c, d);
            let conds: SmallIds = g
                .attachments(c)
                .filter(|&a| removable_condition(g, a))
                .collect();
            if conds.is_empty() {
                return;
            }
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            g.offer(Opt::Pass);
            for a in conds {
                g.offer(Opt::Card(a));
            }
            g.ask_script(Cont::new(me, 1).with(p, 0, 0));
        }
        (1, Opt::Card(a)) if matches!(g.card(a).zone, Zone::Attached(_)) => g.discard(a),
        _ => {}
    }
}

// ----------------------------------------------------------------- Secret Vigil (TLR-012)

// Attaches to an enemy without one (-1 Threat). Response when that enemy is destroyed: every
// player lowers his threat by the enemy's printed Threat.
fn vigil_to(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_enemy(t)
        && !g.immune(t)
        && !g
            .attachments(t)
            .any(|a| a != me && g.def_of(a).title == g.def_of(me).title)
}

fn vigil_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    -((stat == Stat::Threat && host(g, me) == Some(target)) as i16)
}

fn vigil_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    match ev {
        Event::HostDestroyed(a, e) => {
            a == me
                && g.card(me).owner == seat
                && g.printed(e, Stat::Threat) > 0
                && area_players(g)
                    .any(|p| !g.players[p as usize].eliminated && g.players[p as usize].threat > 0)
        }
        _ => false,
    }
}

fn vigil_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    let Event::HostDestroyed(_, e) = ev else {
        return;
    };
    let x = g.printed(e, Stat::Threat);
    for p in area_players(g) {
        if !g.players[p as usize].eliminated {
            g.reduce_threat(p, x);
        }
    }
}

// ----------------------------------------------------------------- Star Brooch (TLR-013)

// Attaches to a Dúnedain or Noldor hero without one. While its controller is engaged with an
// enemy, the hero has +1 Willpower and its Willpower cannot be reduced.
fn brooch_to(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t)
        && (g.has_trait(t, "Dúnedain") || g.has_trait(t, "Noldor"))
        && !g
            .attachments(t)
            .any(|a| a != me && g.def_of(a).title == g.def_of(me).title)
}

fn brooch_active(g: &Game, me: CardId) -> bool {
    host(g, me).is_some() && !g.engaged(g.card(me).controller).is_empty()
}

fn brooch_modify(g: &Game, me: CardId, target: CardId, stat: Stat) -> i16 {
    (stat == Stat::Willpower && host(g, me) == Some(target) && brooch_active(g, me)) as i16
}

fn brooch_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotReduceStat(c, Stat::Willpower) => {
            host(g, me) == Some(c) && brooch_active(g, me)
        }
        _ => false,
    }
}

// ----------------------------------------------------------------- Gather Information (TLR-014)

// Player side quest. When it is defeated, each player in turn may take any one card from his deck
// into his hand, then shuffles his deck. (A Response whose every part is optional; the engine
// offers each player the search with "pass" as one choice.)
fn gather_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        gather_ask(g, me, 0);
    }
}

/// Offer the search to the player `offset` seats after the first player (and on).
fn gather_ask(g: &mut Game, me: CardId, mut offset: u8) {
    while offset < g.n_players {
        let p = g.seat(offset);
        if !g.players[p as usize].eliminated
            && g.in_this_area(p)
            && !g.list(Zone::Deck(p)).is_empty()
        {
            g.begin_ask(p, Ask::Effect { card: me, what: 0 });
            g.offer(Opt::Pass);
            let deck: SmallIds = g.list(Zone::Deck(p)).iter().rev().copied().collect();
            let mut seen: SmallIds = SmallIds::from_iter(std::iter::empty());
            for c in deck {
                if !seen.iter().any(|&s| g.def_id(s) == g.def_id(c)) {
                    seen = seen.iter().copied().chain(std::iter::once(c)).collect();
                    g.offer(Opt::Card(c));
                }
            }
            g.ask_script(Cont::new(me, 0).with(p, offset as i16, 0));
            return;
        }
        offset += 1;
    }
}

fn gather_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Deck(p) {
            g.move_card(c, Zone::Hand(p));
            if g.logging() {
                let line = format!("  P{} searches his deck for {}", p + 1, g.title(c));
                g.log_line(line);
            }
        }
    }
    g.shuffle(Zone::Deck(p));
    gather_ask(g, cont.card, cont.a as u8 + 1);
}

// ----------------------------------------------------------------- Ranger of the North (TLR-015)

// Encounter keyword (set aside; shuffled in by Ranger Summons). When revealed: the first player
// gives it to a player (it enters play under his control), then either deals 2 damage to an enemy
// or places 2 progress on a location.
fn ranger_revealed(g: &mut Game, me: CardId, _by: u8) {
    let first = g.area_first();
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    for q in seats(g).iter().copied() {
        g.offer(Opt::Player(q));
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

fn ranger_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, first) = (cont.card, cont.player);
    match (cont.step, opt) {
        (0, Opt::Player(q)) => {
            if g.card(me).zone == Zone::Resolving {
                g.put_into_play(me, q);
            }
            g.begin_ask(first, Ask::Effect { card: me, what: 1 });
            let enemies: SmallIds = enemies_in_play(g).filter(|&e| damageable(g, e)).collect();
            for e in enemies {
                g.offer(Opt::Card(e));
            }
            for l in locations_in_play(g) {
                g.offer(Opt::Card(l));
            }
            g.ask_if_offered(Cont::new(me, 1).with(first, 0, 0));
        }
        (1, Opt::Card(c)) if g.card(c).zone.in_play() => {
            if g.is_enemy(c) {
                g.deal_damage(c, 2);
            } else {
                g.add_progress(c, 2);
            }
        }
        _ => {}
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    pub(super) fn heir_of_valandil_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        // Heir of Valandil: before playing a Dúnedain ally it makes cheaper.
        (phase == Phase::Planning
            && hand(g, p)
                .iter()
                .any(|&x| g.is_ally(x) && g.has_trait(x, "Dúnedain") && g.def_of(x).cost > 0))
            as i32
            * 200
    }

    pub(super) fn athelas_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        // Athelas: heal a badly hurt character.
        let hurt = area_players(g)
            .flat_map(|q| g.characters(q))
            .any(|x| g.card(x).damage >= 3);
        (hero_at_risk(g, p) || hurt) as i32 * 30
    }

    /// Athelas: also drop a Condition only when it is an encounter card's.
    pub(super) fn athelas_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => o
                .iter()
                .position(|x| matches!(*x, Opt::Card(a) if g.card(a).owner == ENCOUNTER))
                .or_else(|| find(o, Opt::Pass)),
            _ => None,
        }
    }

    /// engage another enemy after a kill
    pub(super) fn aragorn_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        aragorn_engage_value(g, p)
    }

    /// Tireless Hunters / tactics Aragorn: the enemy we hold best that adds the most threat.
    pub(super) fn aragorn_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |e| {
                g.threat_contribution(e) as i32 * 10 * (g.card(e).zone == Zone::Staging) as i32
                    - g.stat(e, Stat::Attack) as i32 * 5
            }),
            _ => None,
        }
    }

    /// Tactics Aragorn's response: engage a staged enemy we can hold, or one that would engage us
    /// at the next engagement check anyway.
    pub(super) fn aragorn_engage_value(g: &Game, p: u8) -> i32 {
        let threat = g.players[p as usize].threat;
        let soon = g
            .list(Zone::Staging)
            .iter()
            .any(|&e| g.is_enemy(e) && g.stat(e, Stat::Engagement) <= threat && g.reaches(e));
        (holdable_staged_enemy(g, p).is_some() || soon) as i32 * 25
    }

    /// Ranger Summons
    pub(super) fn ranger_summons_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Planning) as i32 * 40
    }

    pub(super) fn tireless_hunters_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        // Tireless Hunters: take on a staged enemy we can hold before enemies attack.
        (phase == Phase::Combat && holdable_staged_enemy(g, p).is_some()) as i32 * 25
    }

    /// Expert Trackers: exhaust the Scout / Ranger we need least.
    pub(super) fn expert_trackers_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| stats_sum(g, c) + g.is_hero(c) as i32 * 5),
            _ => None,
        }
    }

    /// Dúnedain Hunter: the weakest enemy found engages us.
    pub(super) fn dunedain_hunter_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |e| danger(g, e)),
            _ => None,
        }
    }

    /// Dúnedain Hunter brings an enemy engaged with us: only with none engaged yet.
    pub(super) fn dunedain_hunter_plan(g: &Game, p: u8, _c: CardId) -> i32 {
        g.engaged(p).is_empty() as i32 * 60
    }

    /// Gather Information: the card we would most like in hand.
    pub(super) fn gather_information_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |c| hand_card_value(g, p, c)),
            _ => None,
        }
    }

    /// Ranger of the North: a kill, else exploring a location, else chip at the worst enemy.
    pub(super) fn ranger_of_the_north_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => pick_max(o, |c| {
                if g.is_enemy(c) {
                    (g.remaining_hp(c) <= 2) as i32 * 1000 + danger(g, c)
                } else {
                    let left = g.stat(c, Stat::QuestPoints) - g.card(c).progress;
                    (left <= 2) as i32 * 900 + g.threat_contribution(c) as i32 * 5
                }
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{self, actions, hero, options};
    use crate::engine::{Lasting, PlayerAttackCtx, Until, ENCOUNTER, NO_CARD};

    fn orc(g: &mut Game, zone: Zone) -> CardId {
        g.spawn("TLR-043", ENCOUNTER, zone)
    }

    #[test]
    fn aragorn_tactics() {
        let mut g = testkit::sandbox(&[&["TLR-001"]]);
        let a = hero(&g, "TLR-001");
        let e = orc(&mut g, Zone::Engaged(0));
        let far = orc(&mut g, Zone::Staging);
        let d = g.printed(e, Stat::Defense);
        assert!(d > 0);
        assert_eq!(g.stat(e, Stat::Defense), d - 1);
        assert_eq!(
            g.stat(far, Stat::Defense),
            d,
            "not engaged with his controller"
        );
        // An attack he joined destroyed an enemy: he may engage one not engaged with him.
        let mut attackers = [NO_CARD; 16];
        attackers[0] = a;
        g.patk = PlayerAttackCtx {
            enemy: e,
            player: 0,
            attackers,
            n_attackers: 1,
        };
        g.discard(e);
        g.emit(Event::AttackDestroyed(e));
        assert!(options(&g).contains(&Opt::Activate(a)));
        g.answer(Opt::Activate(a));
        assert_eq!(g.card(far).zone, Zone::Engaged(0));
        assert_eq!(g.stat(far, Stat::Defense), d - 1);
        // Not an attacker: no response.
        let other = orc(&mut g, Zone::Staging);
        g.patk.n_attackers = 0;
        g.emit(Event::AttackDestroyed(e));
        assert!(g.pending().is_none());
        assert_eq!(g.card(other).zone, Zone::Staging);
    }

    #[test]
    fn halbarad() {
        let mut g = testkit::sandbox(&[&["TLR-002"]]);
        let h = hero(&g, "TLR-002");
        // Not engaged: he exhausts to quest.
        g.push_run(Frame::Commit { seat: 0 });
        g.answer(Opt::Card(h));
        assert!(g.pending().is_none());
        assert!(!g.is_ready(h));
        // Engaged: he quests and stays ready.
        g.ready(h);
        g.card_mut(h).questing = false;
        orc(&mut g, Zone::Engaged(0));
        g.push_run(Frame::Commit { seat: 0 });
        g.answer(Opt::Card(h));
        assert!(g.card(h).questing && g.is_ready(h));
        while g.pending().is_some() {
            g.answer(Opt::Done);
        }
        // One extra optional engagement.
        let (e1, e2, e3) = (
            orc(&mut g, Zone::Staging),
            orc(&mut g, Zone::Staging),
            orc(&mut g, Zone::Staging),
        );
        g.push_run(Frame::OptionalEngage { seat: 0 });
        g.answer(Opt::Card(e1));
        g.answer(Opt::Card(e2));
        assert!(g.pending().is_none(), "only one extra");
        assert_eq!(g.card(e2).zone, Zone::Engaged(0));
        assert_eq!(g.card(e3).zone, Zone::Staging);
        // Without him: one engagement only.
        let mut g = testkit::sandbox(&[&["Core-002"]]);
        let (e1, _e2) = (orc(&mut g, Zone::Staging), orc(&mut g, Zone::Staging));
        g.push_run(Frame::OptionalEngage { seat: 0 });
        g.answer(Opt::Card(e1));
        assert!(g.pending().is_none());
    }

    #[test]
    fn weather_hills_watchman() {
        let mut g = testkit::sandbox(&[&["TLR-002"]]);
        let sig = g.spawn("TLR-007", 0, Zone::Deck(0));
        let w = g.spawn("TLR-003", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(w));
        g.answer(Opt::Activate(w));
        assert_eq!(options(&g), vec![Opt::Card(sig), Opt::Pass]);
        g.answer(Opt::Card(sig));
        assert_eq!(g.card(sig).zone, Zone::Hand(0));
        // A Signal card deeper than 5 cards is not found.
        let deep = g.spawn("TLR-007", 0, Zone::Deck(0));
        for _ in 0..5 {
            g.spawn("Core-013", 0, Zone::Deck(0));
        }
        let w2 = g.spawn("TLR-003", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(w2));
        g.answer(Opt::Activate(w2));
        assert!(g.pending().is_none());
        assert_eq!(g.card(deep).zone, Zone::Deck(0));
    }

    #[test]
    fn dunedain_hunter() {
        let mut g = testkit::sandbox(&[&["TLR-001"]]);
        for _ in 0..4 {
            g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        }
        let e = orc(&mut g, Zone::EncounterDeck);
        let h = g.spawn("TLR-004", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(h));
        assert_eq!(g.card(e).zone, Zone::Engaged(0));
        assert_eq!(g.card(h).zone, Zone::Play(0));
        // No enemy in the top 5: he is discarded.
        for _ in 0..5 {
            g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        }
        let n = g.list(Zone::EncounterDeck).len();
        let h2 = g.spawn("TLR-004", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(h2));
        assert_eq!(g.card(h2).zone, Zone::Discard(0));
        assert_eq!(g.list(Zone::EncounterDeck).len(), n);
    }

    #[test]
    fn sarn_ford_sentry() {
        let mut g = testkit::sandbox(&[&["TLR-001"]]);
        let s = g.spawn("TLR-005", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(s));
        assert!(g.pending().is_none(), "no enemy engaged: nothing to draw");
        orc(&mut g, Zone::Engaged(0));
        orc(&mut g, Zone::Engaged(0));
        let hand = g.list(Zone::Hand(0)).len();
        let s2 = g.spawn("TLR-005", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(s2));
        g.answer(Opt::Activate(s2));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 2);
    }

    #[test]
    fn warden_of_annuminas() {
        let mut g = testkit::sandbox(&[&["TLR-001"]]);
        let w = g.spawn("TLR-006", 0, Zone::Play(0));
        assert_eq!(g.stat(w, Stat::Willpower), 0);
        orc(&mut g, Zone::Engaged(0));
        orc(&mut g, Zone::Engaged(0));
        orc(&mut g, Zone::Staging);
        assert_eq!(g.stat(w, Stat::Willpower), 2);
    }

    #[test]
    fn ranger_summons() {
        let mut g = testkit::sandbox(&[&["TLR-002"]]);
        let r = g.spawn("TLR-015", 0, Zone::SetAside);
        let s = g.spawn("TLR-007", 0, Zone::Hand(0));
        let h = hero(&g, "TLR-002");
        g.card_mut(h).resources = 1;
        assert!(actions(&mut g).contains(&Opt::Play(s)));
        g.act(0, Opt::Play(s));
        assert_eq!(g.card(r).zone, Zone::EncounterDeck);
        assert_eq!(g.card(s).zone, Zone::Removed);
        // No Dúnedain hero: not playable.
        let mut g = testkit::sandbox(&[&["Core-002"]]);
        g.spawn("TLR-015", 0, Zone::SetAside);
        let s = g.spawn("TLR-007", 0, Zone::Hand(0));
        let h = hero(&g, "Core-002");
        g.card_mut(h).resources = 1;
        assert!(!actions(&mut g).contains(&Opt::Play(s)));
    }

    #[test]
    fn tireless_hunters() {
        let mut g = testkit::sandbox(&[&["TLR-001"], &["Core-002"]]);
        let e = orc(&mut g, Zone::Engaged(1));
        let sh = g.spawn("TLR-021", ENCOUNTER, Zone::Shadow(e));
        let t = g.spawn("TLR-008", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        assert!(!tireless_can(&g, t, 0), "only before enemy attacks");
        g.stack.push(Frame::Step(Step::EnemyAttacks));
        assert!(tireless_can(&g, t, 0));
        g.stack.clear();
        g.act(0, Opt::Play(t));
        assert_eq!(g.card(e).zone, Zone::Engaged(0));
        assert_eq!(g.card(sh).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn expert_trackers() {
        let mut g = testkit::sandbox(&[&["TLR-001", "Core-010"]]);
        let a = hero(&g, "TLR-001");
        let l = g.spawn("TLR-019", ENCOUNTER, Zone::Staging);
        let t = g.spawn("TLR-009", 0, Zone::Hand(0));
        let e = orc(&mut g, Zone::Engaged(0));
        g.emit(Event::Engaged(e, 0));
        g.answer(Opt::Activate(t));
        assert!(!g.is_ready(a));
        assert_eq!(g.card(l).progress, g.printed(e, Stat::Threat));
        assert_eq!(g.card(t).zone, Zone::Discard(0));
        // No ready Ranger or Scout: no response.
        let t2 = g.spawn("TLR-009", 0, Zone::Hand(0));
        let e2 = orc(&mut g, Zone::Engaged(0));
        g.emit(Event::Engaged(e2, 0));
        assert!(g.pending().is_none());
        assert_eq!(g.card(t2).zone, Zone::Hand(0));
    }

    #[test]
    fn heir_of_valandil() {
        let mut g = testkit::sandbox(&[&["TLR-002"]]);
        let h = hero(&g, "TLR-002");
        let heir = g.spawn("TLR-010", 0, Zone::Attached(h));
        assert!(heir_to(&g, heir, 0, h));
        let w = g.spawn("TLR-003", 0, Zone::Hand(0));
        let guard = g.spawn("Core-013", 0, Zone::Hand(0));
        assert!(
            !actions(&mut g).contains(&Opt::Activate(heir)),
            "no enemy engaged"
        );
        orc(&mut g, Zone::Engaged(0));
        orc(&mut g, Zone::Engaged(0));
        g.act(0, Opt::Activate(heir));
        assert!(!g.is_ready(heir));
        assert_eq!(g.cost_of(w, 0), 0);
        assert_eq!(g.cost_of(guard, 0), 2, "not Dúnedain");
        // With no resources the Watchman is playable, and the reduction is then used up.
        assert!(g.can_pay(0, crate::data::Sphere::Leadership, g.cost_of(w, 0)));
        g.act(0, Opt::Play(w));
        assert_eq!(g.card(w).zone, Zone::Play(0));
        while g.pending().is_some() {
            g.answer(Opt::Pass);
        }
        let w2 = g.spawn("TLR-003", 0, Zone::Hand(0));
        assert_eq!(g.cost_of(w2, 0), 2);
    }

    #[test]
    fn athelas() {
        let mut g = testkit::sandbox(&[&["TLR-001", "Core-002"]]);
        let a = hero(&g, "TLR-001");
        let t = hero(&g, "Core-002");
        let ath = g.spawn("TLR-011", 0, Zone::Attached(a));
        assert!(athelas_to(&g, ath, 0, a) && !athelas_to(&g, ath, 0, t));
        assert!(
            !actions(&mut g).contains(&Opt::Activate(ath)),
            "nobody to heal"
        );
        g.card_mut(t).damage = 3;
        let cond = g.spawn("Core-071", 0, Zone::Attached(t));
        g.act(0, Opt::Activate(ath));
        assert_eq!(g.card(t).damage, 0);
        assert!(!g.is_ready(a));
        assert_eq!(g.card(ath).zone, Zone::Discard(0));
        assert_eq!(options(&g), vec![Opt::Pass, Opt::Card(cond)]);
        g.answer(Opt::Card(cond));
        assert_eq!(g.card(cond).zone, Zone::Discard(0));
    }

    /// mp59, two seats: Athelas's use exhausts its bearer, so `basic` (`own_host`, on) keeps
    /// it in hand while only another seat's character (seat 1's Aragorn) could take it; with
    /// the weight off it plays it there. With a Dúnedain hero of its own it plays it on him.
    #[test]
    fn athelas_waits_for_a_host_of_its_own_seat_at_two_seats() {
        use crate::engine::Phase;
        let choice = |g: &Game, c: CardId, spec: &str| testkit::planning_pick(g, c, spec);
        let mut g = testkit::sandbox(&[&["Core-011"], &["Core-001"]]);
        g.phase = Phase::Planning;
        let gl = hero(&g, "Core-011");
        let ar = testkit::heroes(&g, 1)[0];
        g.cards[gl as usize].resources = 3;
        let ath = g.spawn("TLR-011", 0, Zone::Hand(0));
        let hosts: Vec<CardId> = g.attach_targets(ath, 0).collect();
        assert_eq!(hosts, vec![ar], "only the other seat's Dúnedain hero");
        assert_eq!(choice(&g, ath, "basic"), Opt::Pass);
        assert_eq!(choice(&g, ath, "basic:own_host=0"), Opt::Play(ath));
        // A host of its own (Beravor, Dúnedain): played, and on her.
        let mut g = testkit::sandbox(&[&["Core-012"], &["Core-001"]]);
        g.phase = Phase::Planning;
        let be = hero(&g, "Core-012");
        g.cards[be as usize].resources = 3;
        let ath = g.spawn("TLR-011", 0, Zone::Hand(0));
        assert_eq!(choice(&g, ath, "basic"), Opt::Play(ath));
        g.act(0, Opt::Play(ath));
        while let Some(d) = g.pending() {
            let d = d.clone();
            let mut b = crate::bots::make("basic").unwrap();
            let i = b.choose(&g, &d);
            g.answer(d.options[i]);
        }
        assert_eq!(g.card(ath).zone, Zone::Attached(be));
        // Solo, the rule is silent: no host at all is no play either way, and the seat rule
        // is never asked (one player).
        let mut g = testkit::sandbox(&[&["Core-011"]]);
        g.phase = Phase::Planning;
        let ath = g.spawn("TLR-011", 0, Zone::Hand(0));
        assert_eq!(g.attach_targets(ath, 0).count(), 0);
    }

    #[test]
    fn secret_vigil() {
        let mut g = testkit::sandbox(&[&["TLR-001"], &["Core-002"]]);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let v = g.spawn("TLR-012", 0, Zone::Attached(e));
        let t = g.printed(e, Stat::Threat);
        assert_eq!(g.stat(e, Stat::Threat), t - 1);
        let v2 = g.spawn("TLR-012", 0, Zone::SetAside);
        assert!(!vigil_to(&g, v2, 0, e), "one per enemy");
        g.players[0].threat = 30;
        g.players[1].threat = 20;
        g.card_mut(e).damage = 10;
        g.settle();
        assert_eq!(g.card(v).zone, Zone::Discard(0));
        g.answer(Opt::Activate(v));
        assert_eq!(g.players[0].threat, 30 - t);
        assert_eq!(g.players[1].threat, 20 - t);
        // An enemy destroyed without it: nothing to respond with.
        let e2 = orc(&mut g, Zone::Engaged(0));
        g.card_mut(e2).damage = 10;
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn star_brooch() {
        let mut g = testkit::sandbox(&[&["TLR-001", "Core-002"]]);
        let a = hero(&g, "TLR-001");
        let t = hero(&g, "Core-002");
        let b = g.spawn("TLR-013", 0, Zone::Attached(a));
        let b2 = g.spawn("TLR-013", 0, Zone::SetAside);
        assert!(!brooch_to(&g, b, 0, t), "not Dúnedain or Noldor");
        assert!(!brooch_to(&g, b2, 0, a), "one per hero");
        g.add_lasting(a, Lasting::Stat(Stat::Willpower, -1), Until::EndOfRound);
        assert_eq!(
            g.stat(a, Stat::Willpower),
            1,
            "not engaged: no bonus, reduced"
        );
        orc(&mut g, Zone::Engaged(0));
        assert_eq!(g.stat(a, Stat::Willpower), 3, "+1 and cannot be reduced");
    }

    #[test]
    fn gather_information() {
        let mut g = testkit::sandbox(&[&["TLR-001"]]);
        let q = g.spawn("TLR-014", 0, Zone::Staging);
        let hand = g.list(Zone::Hand(0)).len();
        g.card_mut(q).progress = 4;
        g.settle();
        assert_eq!(g.card(q).zone, Zone::Victory);
        let o = options(&g);
        assert_eq!(o.len(), 2, "pass, or the one card title in the deck: {o:?}");
        g.answer(o[1]);
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 1);
        assert!(g.pending().is_none());
    }

    #[test]
    fn ranger_of_the_north() {
        let mut g = testkit::sandbox(&[&["TLR-001"], &["Core-002"]]);
        let r = g.spawn("TLR-015", 1, Zone::EncounterDeck);
        let e = orc(&mut g, Zone::Staging);
        g.push_run(Frame::Reveal {
            card: r,
            by: 0,
            stage: 0,
            from_deck: false,
        });
        // The first player gives it to the second player, then hurts the orc.
        g.answer(Opt::Player(1));
        assert_eq!(g.card(r).zone, Zone::Play(1));
        // The orc is the only target: chosen without a decision.
        assert_eq!(g.card(e).damage, 2);
        assert!(g.pending().is_none());
        // Leaving play it is removed from the game.
        g.discard(r);
        assert_eq!(g.card(r).zone, Zone::Removed);
        // In a deck list it is set aside at setup, never shuffled into the deck.
        let db = testkit::db();
        let mut setup = crate::engine::GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: crate::data::Mode::Standard,
            decks: vec![crate::deck::Deck {
                name: "t".into(),
                heroes: vec![db.by_code("TLR-002").unwrap()],
                cards: vec![db.by_code("Core-013").unwrap(); 20],
                loot: Vec::new(),
            }],
            options: Default::default(),
            max_rounds: 5,
            allow_unimplemented: false,
        };
        setup.decks[0].cards.push(db.by_code("TLR-015").unwrap());
        let setup: &'static _ = Box::leak(Box::new(setup));
        let mut g = Game::new(db, setup);
        g.sandbox(1, 0);
        let set_aside = set_aside_rangers(&g, 0);
        assert_eq!(set_aside.len(), 1);
        assert_eq!(
            g.list(Zone::Deck(0)).len() + g.list(Zone::Hand(0)).len(),
            20
        );
    }

    /// The basic bot quests with Halbarad while engaged (he stays ready to defend) and uses Heir
    /// of Valandil before playing the Dúnedain ally it makes cheaper.
    #[test]
    fn basic_bot_uses_halbarad_and_heir_of_valandil() {
        let mut bot = crate::bots::make("basic").unwrap();
        let mut g = testkit::sandbox(&[&["TLR-002", "Core-002"]]);
        let h = hero(&g, "TLR-002");
        g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.push_run(Frame::Commit { seat: 0 });
        while let Some(d) = g.pending().cloned() {
            let k = bot.choose(&g, &d);
            g.apply(k);
        }
        assert!(g.card(h).questing && g.is_ready(h));
        // Planning: Heir first (the Warden costs 4, only 2 resources), then the Warden.
        let mut g = testkit::sandbox(&[&["TLR-002", "Core-007"]]);
        let h = hero(&g, "TLR-002");
        let heir = g.spawn("TLR-010", 0, Zone::Attached(h));
        let eowyn = hero(&g, "Core-007");
        g.card_mut(eowyn).resources = 2;
        orc(&mut g, Zone::Engaged(0));
        orc(&mut g, Zone::Engaged(0));
        let w = g.spawn("TLR-006", 0, Zone::Hand(0));
        g.push_run(Frame::Planning {
            active: 0,
            seat: 0,
            passes: 0,
        });
        while let Some(d) = g.pending().cloned() {
            let k = bot.choose(&g, &d);
            g.apply(k);
        }
        assert!(!g.is_ready(heir));
        assert_eq!(g.card(w).zone, Zone::Play(0));
    }

    /// Dúnedain decks with every card of this set, both bots, invariants at every decision.
    #[test]
    fn soak_dunedain_decks() {
        let db = testkit::db();
        let ids = |codes: &[(&str, usize)]| -> Vec<crate::data::DefId> {
            codes
                .iter()
                .flat_map(|&(c, n)| std::iter::repeat_n(db.by_code(c).unwrap(), n))
                .collect()
        };
        let dunedain = crate::deck::Deck {
            name: "dunedain".into(),
            heroes: ids(&[("TLR-002", 1), ("TLR-001", 1), ("Core-012", 1)]),
            cards: ids(&[
                ("TLR-003", 3),
                ("TLR-004", 3),
                ("TLR-005", 3),
                ("TLR-007", 3),
                ("TLR-008", 3),
                ("TLR-009", 3),
                ("TLR-010", 3),
                ("TLR-011", 3),
                ("TLR-012", 3),
                ("TLR-014", 1),
                ("TLR-015", 3),
                ("RevCore-133", 2),
                ("RevCore-134", 1),
                ("RevCore-014", 3),
                ("Core-013", 3),
            ]),
            loot: Vec::new(),
        };
        let friends = crate::deck::Deck {
            name: "friends".into(),
            heroes: ids(&[("Core-007", 1), ("Core-011", 1), ("Core-002", 1)]),
            cards: ids(&[
                ("TLR-006", 3),
                ("TLR-013", 3),
                ("TLR-015", 3),
                ("TLR-011", 3),
                ("Core-013", 3),
                ("Core-051", 3),
            ]),
            loot: Vec::new(),
        };
        for decks in [vec![dunedain.clone()], vec![dunedain, friends]] {
            crate::cards::testkit::soak_decks(decks, 7, 25);
        }
    }

    #[test]
    fn dunedain_hunter_hint() {
        use crate::cards::hints::hint;
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("TLR-004", 0, Zone::Hand(0));
        let plan = hint(&g, c).plan_value.unwrap();
        assert_eq!(plan(&g, 0, c), 60);
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(plan(&g, 0, c), 0, "not while an enemy is engaged already");
    }

    #[test]
    fn heir_of_valandil_hint() {
        use crate::cards::hints::{action_value, hint, AttachKind};
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("TLR-010", 0, Zone::Hand(0));
        assert_eq!(hint(&g, c).attach, Some((35, AttachKind::General)));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 0, "no Dúnedain ally to play");
        g.spawn("TLR-004", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "a free ally gains nothing");
        g.spawn("TLR-005", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 200);
    }

    #[test]
    fn ranger_summons_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TLR-007", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 40);
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0);
    }

    #[test]
    fn expert_trackers_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Opt, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TLR-009", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 30);
        let h = g.heroes(0).next().unwrap();
        let a = g.spawn("TLR-005", 0, Zone::Play(0));
        let f = hint(&g, c).effect.unwrap();
        assert_eq!(
            f(&g, 0, c, 0, &[Opt::Card(h), Opt::Card(a)]),
            Some(1),
            "the ally, not the hero"
        );
    }

    #[test]
    fn athelas_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Opt, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TLR-011", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "nobody hurt");
        let a = g.spawn("Core-018", 0, Zone::Play(0));
        g.cards[a as usize].damage = 3;
        assert_eq!(action_value(&g, 0, c, None), 30, "a badly hurt ally");
        let f = hint(&g, c).effect.unwrap();
        assert_eq!(
            f(&g, 0, c, 1, &[Opt::Pass]),
            Some(0),
            "no encounter condition to drop"
        );
    }

    #[test]
    fn gather_information_hint() {
        use crate::cards::hints::hint;
        use crate::engine::{Opt, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TLR-014", 0, Zone::Play(0));
        let guard = g.spawn("Core-013", 0, Zone::Deck(0));
        let will = g.spawn("Core-050", 0, Zone::Deck(0));
        let f = hint(&g, c).effect.unwrap();
        assert_eq!(
            f(&g, 0, c, 0, &[Opt::Card(guard), Opt::Card(will)]),
            Some(1)
        );
    }
}
