//! Deadmen's Dike Nightmare: the setup card and the Nightmare encounter cards. Each script has a
//! one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck per mode); side A lies in `Zone::Nightmare`
//! all game.

use crate::cards::common::log;
use crate::cards::common::{count_use, is_undead_enemy};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): decks hold at most 50 cards (checked before the game starts by
    // `GameSetup::validate`); at setup one Cursed Dead per player goes from the encounter deck
    // to its discard pile, then the encounter deck is shuffled.
    Script {
        code: "DDN-019A",
        setup: Some(nightmare_setup),
        max_deck: 50,
        ..BLANK
    },
    // Undead Horde: it cannot have attachments; each point of its attack's combat damage beyond
    // the damaged character's remaining hit points makes the defending player discard the top
    // card of his deck.
    Script {
        code: "DDN-020",
        rule: Some(horde_rule),
        rule_on: crate::rules![CannotHaveAttachments],
        forced: Some(horde_forced),
        forced_on: events![Damaged],
        ..BLANK
    },
    // Palace Ruins: once per phase any player may mill X cards of his own deck; its Threat is
    // X lower for the rest of the phase. Shadow: the defending player discards
    // one card from his deck per Undead enemy engaged with him.
    Script {
        code: "DDN-022",
        hint: Hint {
            play_value: Some(bot::palace_ruins_value),
            effect: Some(bot::palace_ruins_effect),
            ..NO_HINT
        },
        can_act: Some(ruins_can),
        act: Some(ruins_act),
        any_player: true,
        resume: Some(ruins_resume),
        shadow: Some(ruins_shadow),
        mode_names: &[
            (0, 1, "mill 1 card (Threat -1)"),
            (0, 2, "mill 2 cards (Threat -2)"),
            (0, 3, "mill 3 cards (Threat -3)"),
            (0, 4, "mill 4 cards (Threat -4)"),
            (0, 5, "mill 5 cards (Threat -5)"),
            (0, 6, "mill 6 cards (Threat -6)"),
            (0, 7, "mill 7 cards (Threat -7)"),
            (0, 8, "mill 8 cards (Threat -8)"),
            (0, 9, "mill 9 cards (Threat -9)"),
            (0, 10, "mill 10 cards (Threat -10)"),
            (0, 11, "mill 11 cards (Threat -11)"),
            (0, 12, "mill 12 cards (Threat -12)"),
        ],
        ..BLANK
    },
    // Cursed Dead (a reprint of TLR-061 without a data link): every Cursed Dead in the
    // encounter discard pile comes back to the staging area. Shadow: +1 Attack, +2 if the
    // defending character's owner has a copy of it in his discard pile.
    Script {
        code: "DDN-021",
        when_revealed: Some(super::cursed_dead::cursed_dead_revealed),
        shadow: Some(super::cursed_dead::cursed_dead_shadow),
        ..BLANK
    },
    // Fornost Street: while staged, each other Fornost location gets +1 Threat. Travel: the
    // topmost enemy of the encounter discard pile returns to the staging area. Shadow: Undead
    // enemies engaged with the defending player are stronger (Attack, Defense) this phase.
    Script {
        code: "DDN-023",
        // Its travel cost brings back an enemy, like Norbury Tombs'.
        hint: Hint {
            travel_penalty: 3,
            travel_returns_enemy: true,
            ..NO_HINT
        },
        modify: Some(street_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Threat]),
        travel: Some(street_travel),
        shadow: Some(street_shadow),
        ..BLANK
    },
    // Decrepit City: while it is the active location, When Revealed effects cannot be
    // canceled. Shadow: the defending player either discards his top 3 cards or the attack
    // counts as undefended.
    Script {
        code: "DDN-024",
        hint: Hint {
            effect: Some(bot::decrepit_city_effect),
            ..NO_HINT
        },
        rule: Some(city_rule),
        rule_on: crate::rules![WhenRevealedCannotBeCanceled],
        shadow: Some(city_shadow),
        resume: Some(city_resume),
        mode_names: &[
            (1, 0, "discard the top 3 cards of the deck"),
            (1, 1, "the attack counts as undefended"),
        ],
        ..BLANK
    },
    // Paralyzing Fear (surge): attaches to a hero (the first player picks) and exhausts it; as
    // a Condition, whenever that hero would ready its controller must discard his top card or
    // it stays exhausted.
    Script {
        code: "DDN-025",
        hint: Hint {
            effect: Some(bot::paralyzing_fear_effect),
            ..NO_HINT
        },
        when_revealed: Some(fear_revealed),
        rule: Some(fear_rule),
        rule_on: crate::rules![GainsTrait, ReadyReplaced],
        resume: Some(fear_resume),
        ..BLANK
    },
    // Curse of Angmar (Doomed 1 from the data): each player discards every hand card whose
    // title matches a card in his discard pile; if nothing was discarded, it surges.
    Script {
        code: "DDN-026",
        when_revealed: Some(curse_revealed),
        ..BLANK
    },
    // Gather Your Courage (encounter side quest, surge): each player puts his top 8 cards
    // facedown under it; when it is defeated they are shuffled back into their owners' decks.
    Script {
        code: "DDN-027",
        hint: Hint {
            side_quest_priority: 75,
            ..NO_HINT
        },
        when_revealed: Some(courage_revealed),
        forced: Some(courage_forced),
        forced_on: events![QuestDefeated],
        ..BLANK
    },
];

const CURSED_DEAD: &str = "Cursed Dead";

/// Each player in turn moves one Cursed Dead (if any is left) from the encounter deck to the
/// encounter discard pile; then the encounter deck is shuffled.
fn nightmare_setup(g: &mut Game, _me: CardId) {
    let seats = crate::cards::common::seats(g);
    let mut moved = 0;
    for _ in seats.iter() {
        let found = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| g.def_of(c).title == CURSED_DEAD);
        if let Some(c) = found {
            g.move_card(c, Zone::EncounterDiscard);
            moved += 1;
        }
    }
    g.shuffle(Zone::EncounterDeck);
    log(g, |_| {
        format!("  Nightmare setup: {moved} Cursed Dead to the encounter discard pile")
    });
}

fn street_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Threat
        && target != me
        && g.card(me).zone == Zone::Staging
        && g.is_location(target)
        && g.has_trait(target, "Fornost");
    on as i16
}

/// The travel cost needs an enemy in the encounter discard pile to return.
fn street_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    let e = crate::cards::common::top_of_encounter_discard(g, |c| g.is_enemy(c));
    if pay {
        if let Some(e) = e {
            g.move_card(e, Zone::Staging);
            log(g, |g| {
                format!("  {} returns to the staging area", g.title(e))
            });
        }
    }
    e.is_some()
}

fn horde_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveAttachments(me)
}

/// When its attack's combat damage is dealt, the excess the engine noted
/// (`AttackCtx::excess_damage`) is milled from the defending player's deck, once.
fn horde_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Damaged(c, _) = ev else { return };
    let a = g.attack;
    if a.enemy != me || a.ended || a.damaged_card != c || a.excess_damage <= 0 {
        return;
    }
    g.attack.excess_damage = 0;
    log(g, |g| {
        format!(
            "  {} excess damage from {}: P{} discards that many",
            a.excess_damage,
            g.title(me),
            a.player + 1
        )
    });
    g.discard_from_deck(a.player, a.excess_damage as usize);
}

/// Palace Ruins' Action: in play, unused this phase, with a card in the user's deck and some
/// Threat left to reduce.
fn ruins_can(g: &Game, me: CardId, p: u8) -> bool {
    matches!(g.card(me).zone, Zone::Staging | Zone::Active)
        && g.card(me).uses_phase == 0
        && !g.players[p as usize].eliminated
        && !g.list(Zone::Deck(p)).is_empty()
        && g.stat(me, Stat::Threat) > 0
}

/// The player picks X (`Mode(X)`), from 1 to the smaller of his deck size and the current
/// Threat (a larger X would lower nothing more).
fn ruins_act(g: &mut Game, me: CardId, p: u8) {
    count_use(g, me);
    let max = (g.list(Zone::Deck(p)).len() as i16)
        .min(g.stat(me, Stat::Threat))
        .clamp(0, u8::MAX as i16) as u8;
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for x in 1..=max {
        g.offer(Opt::Mode(x));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn ruins_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Mode(x) = opt else { return };
    let me = cont.card;
    let paid = g.discard_from_deck(cont.player, x as usize).len() as i16;
    if paid > 0 && g.card(me).zone.in_play() {
        g.add_lasting(me, Lasting::Stat(Stat::Threat, -paid), Until::EndOfPhase);
    }
}

fn ruins_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    let n = g
        .engaged(p)
        .iter()
        .filter(|&&e| is_undead_enemy(g, e))
        .count();
    g.discard_from_deck(p, n);
}

/// Undead enemies engaged with the defending player gain 1 Attack and 1 Defense for the rest of
/// this phase.
fn street_shadow(g: &mut Game, _me: CardId) {
    crate::cards::encounter::cursed_dead::boost_engaged_undead(
        g,
        g.attack.player,
        Until::EndOfPhase,
    );
}

fn city_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::WhenRevealedCannotBeCanceled && g.card(me).zone == Zone::Active
}

/// "Either … or": the defending player picks one he can do in full (3 cards to discard; the
/// attack has a defender to lose); with neither, he discards what his deck holds (RULES §5.33.4).
fn city_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    let can_mill = g.list(Zone::Deck(p)).len() >= 3;
    let can_undefend = g.attack.n_defenders > 0;
    match (can_mill, can_undefend) {
        (true, true) => {
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            g.offer(Opt::Mode(0));
            g.offer(Opt::Mode(1));
            g.ask_script(Cont::new(me, 1).with(p, 0, 0));
        }
        (false, true) => city_resume(g, Cont::new(me, 1).with(p, 0, 0), Opt::Mode(1)),
        _ => city_resume(g, Cont::new(me, 1).with(p, 0, 0), Opt::Mode(0)),
    }
}

fn city_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match opt {
        Opt::Mode(1) => {
            // The defenders stay exhausted but no longer count: the damage goes to a hero.
            g.attack.n_defenders = 0;
            g.attack.undefended = true;
            log(g, |_| "  the attack is considered undefended".to_string());
        }
        _ => {
            g.discard_from_deck(cont.player, 3);
        }
    }
}

/// The first player picks a hero in play that can take attachments (RULES §6.3.5).
fn fear_revealed(g: &mut Game, me: CardId, _by: u8) {
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    let seats = crate::cards::common::seats(g);
    for &q in seats.iter() {
        for i in 0..g.list(Zone::Play(q)).len() {
            let h = g.list(Zone::Play(q))[i];
            if g.is_hero(h) && !g.rule(Rule::CannotHaveAttachments(h)) {
                g.offer(Opt::Card(h));
            }
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

/// Attached, it counts as a Condition and replaces its hero's readying.
fn fear_rule(g: &Game, me: CardId, r: Rule) -> bool {
    let Zone::Attached(h) = g.card(me).zone else {
        return false;
    };
    match r {
        Rule::ReadyReplaced(c) => c == h,
        Rule::GainsTrait(c, t) => c == me && t == g.db.trait_id("Condition"),
        _ => false,
    }
}

fn fear_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match cont.step {
        // Attach to the chosen hero and exhaust it.
        0 => {
            let Opt::Card(h) = opt else { return };
            if g.card(me).zone != Zone::Resolving || !g.card(h).zone.in_play() {
                return;
            }
            g.attach(me, h, ENCOUNTER);
            g.exhaust(h);
            log(g, |g| {
                format!("  {} attached to {}, exhausted", g.title(me), g.title(h))
            });
        }
        // Its hero would ready: its controller may discard his top card to let it.
        WOULD_READY => {
            let h = cont.a as CardId;
            if g.card(me).zone != Zone::Attached(h) {
                // It left meanwhile: the next replacement (if any) decides.
                g.ready_after_replacement(Cont {
                    b: cont.b - 1,
                    ..cont
                });
                return;
            }
            let p = g.controller(h);
            if g.list(Zone::Deck(p)).is_empty() {
                log(g, |g| format!("  {} stays exhausted", g.title(h)));
                return;
            }
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            g.offer(Opt::Yes);
            g.offer(Opt::No);
            g.ask_script(Cont::new(me, 1).with(p, cont.a, cont.b));
        }
        1 => {
            let h = cont.a as CardId;
            if opt == Opt::Yes && g.discard_from_deck(cont.player, 1).len() == 1 {
                g.ready_after_replacement(cont);
            } else {
                log(g, |g| format!("  {} stays exhausted", g.title(h)));
            }
        }
        _ => {}
    }
}

fn courage_revealed(g: &mut Game, me: CardId, _by: u8) {
    let seats = crate::cards::common::seats(g);
    for &p in seats.iter() {
        for _ in 0..8 {
            let Some(c) = g.top(Zone::Deck(p)) else { break };
            g.move_card(c, Zone::Under(me));
        }
    }
    log(g, |g| {
        format!(
            "  {} cards go under {}",
            g.cards_under(me).count(),
            g.title(me)
        )
    });
}

/// Defeated (still in play): every card under it goes back into its owner's deck (out of the
/// game if he was eliminated), and each deck that got cards is shuffled.
fn courage_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::QuestDefeated(me) {
        return;
    }
    let mut got = [false; 4];
    loop {
        let next = g.cards_under(me).next();
        let Some(c) = next else { break };
        let o = g.card(c).owner;
        if o as usize >= got.len() || g.players[o as usize].eliminated {
            g.move_card(c, Zone::Eliminated);
        } else {
            g.move_card(c, Zone::Deck(o));
            got[o as usize] = true;
        }
    }
    for (p, &any) in got.iter().enumerate() {
        if any {
            g.shuffle(Zone::Deck(p as u8));
        }
    }
}

fn curse_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let seats = crate::cards::common::seats(g);
    let mut any = false;
    for &p in seats.iter() {
        let doomed: Vec<CardId> = g
            .list(Zone::Hand(p))
            .iter()
            .copied()
            .filter(|&c| {
                g.list(Zone::Discard(p))
                    .iter()
                    .any(|&x| g.def_of(x).title == g.def_of(c).title)
            })
            .collect();
        for c in doomed {
            g.discard(c);
            any = true;
        }
    }
    if !any {
        g.surge_pending += 1;
        log(g, |_| {
            "  nothing discarded: Curse of Angmar surges".to_string()
        });
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Palace Ruins
    pub(super) fn palace_ruins_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        (palace_ruins_x(g, p, c) > 0) as i32 * 30
    }

    /// Palace Ruins (DDN-022): the X worth discarding to lower its Threat now, 0 if none. Only in
    /// the quest phase's window after staging (the threat to quest against is then known), while
    /// it is staged and the quest would fail: X covers the shortfall, at most its Threat, and
    /// keeps `DECK_RESERVE` cards in the deck.
    pub(super) fn palace_ruins_x(g: &Game, p: u8, c: CardId) -> i16 {
        let after_staging = g.stack.iter().rev().find_map(|f| match *f {
            crate::engine::Frame::Step(s) => Some(s),
            _ => None,
        }) == Some(crate::engine::Step::Resolve);
        if g.phase != Phase::Quest || !after_staging || g.card(c).zone != Zone::Staging {
            return 0;
        }
        let short = g.staging_threat() - g.questing_strength();
        let spare = g.list(Zone::Deck(p)).len().saturating_sub(DECK_RESERVE) as i16;
        short.min(g.stat(c, Stat::Threat)).min(spare).max(0)
    }

    /// Palace Ruins: the X worked out when its Action was chosen (at least the smallest).
    pub(super) fn palace_ruins_effect(
        g: &Game,
        p: u8,
        card: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        if what == 0 {
            let x = palace_ruins_x(g, p, card).max(1) as u8;
            return o
                .iter()
                .rposition(|m| matches!(*m, Opt::Mode(k) if k <= x))
                .or(Some(0));
        }
        None
    }

    /// Decrepit City's shadow: mill 3 (Mode 0) or the attack goes undefended (Mode 1).
    pub(super) fn decrepit_city_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => {
                let (undefended, defended) = attack_outcomes(g, p);
                let deck = g.list(Zone::Deck(p)).len();
                let mill = if deck >= DECK_RESERVE + 3 {
                    3 * 8
                } else {
                    3 * 200
                };
                find(o, Opt::Mode((undefended < defended + mill) as u8))
            }
            _ => None,
        }
    }

    /// Paralyzing Fear: discard the top card to ready the hero unless the deck is nearly out.
    pub(super) fn paralyzing_fear_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => find(
                o,
                if g.list(Zone::Deck(p)).len() > 5 {
                    Opt::Yes
                } else {
                    Opt::No
                },
            ),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{db, reveal, reveal_resolving, sandbox_in};
    use crate::data::{CardType, Mode};

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const HEROES2: &[&str] = &["Core-004", "Core-005", "Core-006"];

    fn count_in(g: &Game, z: Zone, title: &str) -> usize {
        g.list(z)
            .iter()
            .filter(|&&c| g.def_of(c).title == title)
            .count()
    }

    #[test]
    fn deadmens_dike_nightmare() {
        // The Nightmare deck: the standard deck less the listed cards plus the Nightmare set.
        let count =
            |m: Mode, t: &str| crate::cards::testkit::encounter_copies("deadmens-dike", m, t);
        for (t, removed) in [
            ("Fornost Square", 2),
            ("Broken Battlements", 3),
            ("Norbury Tombs", 2),
            ("Restless Evil", 2),
        ] {
            assert_eq!(
                count(Mode::Nightmare, t) + removed,
                count(Mode::Standard, t),
                "{t}"
            );
        }
        for (t, n) in [
            ("Undead Horde", 2),
            ("Palace Ruins", 2),
            ("Fornost Street", 4),
            ("Decrepit City", 3),
            ("Paralyzing Fear", 3),
            ("Curse of Angmar", 2),
            ("Gather Your Courage", 1),
        ] {
            assert_eq!(count(Mode::Nightmare, t), n, "{t}");
            assert_eq!(count(Mode::Standard, t), 0, "{t}");
        }
        assert!(count(Mode::Nightmare, CURSED_DEAD) >= 2);
        // Side B (deck building, done by the data) counts as implemented with side A; an
        // unscripted double-sided card (a contract of another cycle) stays missing on both sides.
        use crate::cards::{status, Status};
        let st = |code: &str| status(db(), db().by_code(code).unwrap());
        assert_eq!(st("DDN-019B"), Status::Implemented);
        assert_eq!(st("ASitE-074A"), Status::Missing);
        assert_eq!(st("ASitE-074B"), Status::Missing);
        // The setup card lies in the Nightmare zone, in play.
        let mut g = sandbox_in("deadmens-dike", Mode::Nightmare, &[HEROES, HEROES2]);
        let setup = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(setup).code, "DDN-019A");
        assert!(g.in_play_cards().any(|c| c == setup));
        // Setup: one Cursed Dead per player (2) from the deck to the discard pile.
        let in_deck = count_in(&g, Zone::EncounterDeck, CURSED_DEAD);
        let f = g.script(setup).and_then(|s| s.setup).expect("setup hook");
        f(&mut g, setup);
        assert_eq!(count_in(&g, Zone::EncounterDiscard, CURSED_DEAD), 2);
        assert_eq!(count_in(&g, Zone::EncounterDeck, CURSED_DEAD), in_deck - 2);
        g.check_invariants().unwrap();
        // Only a Nightmare setup card may lie in the Nightmare zone.
        let stray = g.spawn("DDN-020", ENCOUNTER, Zone::Nightmare);
        assert!(g.check_invariants().is_err());
        g.move_card(stray, Zone::SetAside);
        g.check_invariants().unwrap();
        // The deck limit: 50 cards pass, 51 are refused; Standard mode has no limit.
        let mut setup = g.setup.clone();
        setup.decks.truncate(1);
        setup.decks[0].cards.clear();
        // 3 copies each of distinct Core player cards (a title at most 3 times).
        for d in 0..db().defs.len() as crate::data::DefId {
            let def = db().def(d);
            if def.code.starts_with("Core-")
                && matches!(
                    def.ty,
                    CardType::Ally | CardType::Event | CardType::Attachment
                )
                && !setup.decks[0]
                    .cards
                    .iter()
                    .any(|&x| db().def(x).title == def.title)
            {
                for _ in 0..3 {
                    if setup.decks[0].cards.len() < 51 {
                        setup.decks[0].cards.push(d);
                    }
                }
            }
        }
        assert_eq!(setup.decks[0].cards.len(), 51);
        let err = setup.validate(db()).unwrap_err();
        assert!(err.contains("at most 50"), "{err}");
        let last = setup.decks[0].cards.pop().unwrap();
        setup.validate(db()).unwrap();
        setup.decks[0].cards.push(last);
        setup.mode = Mode::Standard;
        setup.validate(db()).unwrap();
        // A contract starts in play, so it does not count: 50 cards + The Burglar's Turn pass.
        setup.mode = Mode::Nightmare;
        setup.decks[0] = crate::deck::resolve_deck("war-burglars", db()).unwrap();
        assert_eq!(setup.decks[0].cards.len(), 51);
        setup.validate(db()).unwrap();
    }

    fn dd() -> Game<'static> {
        sandbox_in("deadmens-dike", Mode::Nightmare, &[HEROES])
    }

    #[test]
    fn cursed_dead() {
        let mut g = dd();
        let a = g.spawn("DDN-021", ENCOUNTER, Zone::EncounterDiscard);
        let b = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDiscard);
        let other = g.spawn("DDN-020", ENCOUNTER, Zone::EncounterDiscard);
        let me = g.spawn("DDN-021", ENCOUNTER, Zone::Resolving);
        reveal_resolving(&mut g, me);
        assert_eq!(g.card(a).zone, Zone::Staging);
        assert_eq!(g.card(b).zone, Zone::Staging, "every copy by title");
        assert_eq!(g.card(other).zone, Zone::EncounterDiscard);
        assert!(g.script(me).and_then(|s| s.shadow).is_some());
    }

    /// Enemy `e` (engaged with seat 0) attacks seat 0 now.
    fn attack(g: &mut Game, e: CardId) {
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
    }

    fn deck(g: &Game, p: u8) -> usize {
        g.list(Zone::Deck(p)).len()
    }

    #[test]
    fn undead_horde() {
        let mut g = dd();
        let horde = g.spawn("DDN-020", ENCOUNTER, Zone::Engaged(0));
        assert!(g.rule(Rule::CannotHaveAttachments(horde)));
        let hs: Vec<CardId> = g.heroes(0).collect();
        // Defended by a hero: 6 Attack minus its Defense, beyond its remaining hit points.
        let h = hs[1];
        let dmg = 6 - g.stat(h, Stat::Defense);
        let excess = (dmg - g.remaining_hp(h)) as usize;
        assert!(excess > 0);
        let before = deck(&g, 0);
        attack(&mut g, horde);
        g.answer(Opt::Card(h));
        assert_eq!(deck(&g, 0), before - excess);
        assert!(!g.card(h).zone.in_play(), "the defender died");
        g.check_invariants().unwrap();
        // Undefended on a damaged hero: all 6 damage, the excess over what it had left.
        let mut g = dd();
        let horde = g.spawn("DDN-020", ENCOUNTER, Zone::Engaged(0));
        let h = g.heroes(0).next().unwrap();
        g.card_mut(h).damage = 2;
        let excess = (6 - g.remaining_hp(h)) as usize;
        let before = deck(&g, 0);
        attack(&mut g, horde);
        g.answer(Opt::Undefended);
        g.answer(Opt::Card(h));
        assert_eq!(deck(&g, 0), before - excess);
        // No excess: nothing discarded.
        let mut g = dd();
        let horde = g.spawn("DDN-020", ENCOUNTER, Zone::Engaged(0));
        let h = g.heroes(0).next().unwrap();
        assert!(6 - g.stat(h, Stat::Defense) <= g.remaining_hp(h));
        let before = deck(&g, 0);
        attack(&mut g, horde);
        g.answer(Opt::Card(h));
        assert!(g.card(h).damage > 0);
        assert_eq!(deck(&g, 0), before);
        // Another enemy's overkill discards nothing.
        let mut g = dd();
        g.spawn("DDN-020", ENCOUNTER, Zone::Staging);
        let orc = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        let h = g.heroes(0).nth(1).unwrap();
        let before = deck(&g, 0);
        attack(&mut g, orc);
        g.answer(Opt::Card(h));
        assert!(!g.card(h).zone.in_play());
        assert_eq!(deck(&g, 0), before);
    }

    #[test]
    fn palace_ruins() {
        let mut g = sandbox_in("deadmens-dike", Mode::Nightmare, &[HEROES, HEROES2]);
        let ruins = g.spawn("DDN-022", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(ruins, Stat::Threat), 9);
        // Any player may trigger it.
        assert!(crate::cards::testkit::actions(&mut g).contains(&Opt::Activate(ruins)));
        assert!(ruins_can(&g, ruins, 1));
        let before = deck(&g, 0);
        g.act(0, Opt::Activate(ruins));
        let o = crate::cards::testkit::options(&g);
        assert_eq!(o.first(), Some(&Opt::Mode(1)));
        assert_eq!(o.last(), Some(&Opt::Mode(9)), "X up to its Threat");
        g.answer(Opt::Mode(3));
        assert_eq!(deck(&g, 0), before - 3);
        assert_eq!(g.stat(ruins, Stat::Threat), 6);
        // Limit once per phase, for all players.
        assert!(!ruins_can(&g, ruins, 0) && !ruins_can(&g, ruins, 1));
        g.expire(Until::EndOfPhase);
        g.card_mut(ruins).uses_phase = 0;
        assert_eq!(g.stat(ruins, Stat::Threat), 9, "until the end of the phase");
        // Not with an empty deck.
        while let Some(c) = g.top(Zone::Deck(1)) {
            g.move_card(c, Zone::Discard(1));
        }
        assert!(!ruins_can(&g, ruins, 1) && ruins_can(&g, ruins, 0));
        // Shadow: one card per Undead enemy engaged with the defending player.
        let mut g = dd();
        let ruins = g.spawn("DDN-022", ENCOUNTER, Zone::EncounterDeck);
        let e = g.spawn("DDN-021", ENCOUNTER, Zone::Engaged(0));
        g.spawn("DDN-020", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        let before = deck(&g, 0);
        let f = g.script(ruins).and_then(|s| s.shadow).unwrap();
        f(&mut g, ruins);
        assert_eq!(deck(&g, 0), before - 2);
    }

    #[test]
    fn decrepit_city() {
        // A Test of Will may cancel Cursed Dead's When Revealed, unless the City is active.
        const SPIRIT: &[&str] = &["Core-007", "Core-008", "Core-009"];
        for active in [false, true] {
            let mut g = sandbox_in("deadmens-dike", Mode::Nightmare, &[SPIRIT]);
            let city = g.spawn("DDN-024", ENCOUNTER, Zone::Staging);
            if active {
                g.move_card(city, Zone::Active);
            }
            assert_eq!(g.rule(Rule::WhenRevealedCannotBeCanceled), active);
            g.spawn("Core-050", 0, Zone::Hand(0));
            for h in g.heroes(0).collect::<Vec<_>>() {
                g.card_mut(h).resources = 1;
            }
            let back = g.spawn("DDN-021", ENCOUNTER, Zone::EncounterDiscard);
            let me = g.spawn("DDN-021", ENCOUNTER, Zone::EncounterDeck);
            reveal(&mut g, me);
            let asked = matches!(
                g.pending().map(|d| d.ask),
                Some(Ask::Response(Event::CancelWhenRevealed(_)))
            );
            assert_eq!(asked, !active, "cancel window only without the active City");
            while g.pending().is_some() {
                g.answer(Opt::Pass);
            }
            assert_eq!(g.card(back).zone, Zone::Staging);
        }
        // Shadow, with a defender: mill 3 or undefended.
        for mode in [0u8, 1] {
            let mut g = dd();
            let e = g.spawn("DDN-021", ENCOUNTER, Zone::Engaged(0));
            g.spawn("DDN-024", ENCOUNTER, Zone::Shadow(e));
            let h = g.heroes(0).next().unwrap();
            let before = deck(&g, 0);
            attack(&mut g, e);
            g.answer(Opt::Card(h));
            g.answer(Opt::Mode(mode));
            if mode == 0 {
                assert_eq!(deck(&g, 0), before - 3);
                assert!(g.pending().is_none());
            } else {
                assert_eq!(deck(&g, 0), before);
                assert!(matches!(
                    g.pending().map(|d| d.ask),
                    Some(Ask::UndefendedHero { .. })
                ));
            }
        }
        // Already undefended: only the mill is left. Fewer than 3 cards: undefended.
        let mut g = dd();
        let e = g.spawn("DDN-021", ENCOUNTER, Zone::Engaged(0));
        g.spawn("DDN-024", ENCOUNTER, Zone::Shadow(e));
        let before = deck(&g, 0);
        attack(&mut g, e);
        g.answer(Opt::Undefended);
        assert_eq!(deck(&g, 0), before - 3);
        let mut g = dd();
        while deck(&g, 0) > 2 {
            let c = g.top(Zone::Deck(0)).unwrap();
            g.move_card(c, Zone::Discard(0));
        }
        let e = g.spawn("DDN-021", ENCOUNTER, Zone::Engaged(0));
        g.spawn("DDN-024", ENCOUNTER, Zone::Shadow(e));
        let h = g.heroes(0).next().unwrap();
        attack(&mut g, e);
        g.answer(Opt::Card(h));
        assert_eq!(deck(&g, 0), 2);
        assert!(g.attack.undefended);
    }

    #[test]
    fn paralyzing_fear() {
        let mut g = dd();
        let fear = g.spawn("DDN-025", ENCOUNTER, Zone::Resolving);
        assert!(g.def_of(fear).keywords.surge);
        let h = g.heroes(0).next().unwrap();
        let other = g.heroes(0).nth(1).unwrap();
        g.push_run(Frame::Reveal {
            card: fear,
            by: 0,
            stage: 1,
            from_deck: false,
        });
        g.answer(Opt::Card(h));
        assert_eq!(g.card(fear).zone, Zone::Attached(h));
        assert!(!g.is_ready(h));
        assert!(g.has_trait(fear, "Condition"));
        // An effect readies it: its controller discards his top card, or it stays exhausted.
        let before = deck(&g, 0);
        g.ready(h);
        g.settle();
        assert!(!g.is_ready(h));
        g.answer(Opt::No);
        assert!(!g.is_ready(h));
        assert_eq!(deck(&g, 0), before);
        g.ready(h);
        g.settle();
        g.answer(Opt::Yes);
        assert!(g.is_ready(h));
        assert_eq!(deck(&g, 0), before - 1);
        // The refresh phase: the other hero readies at once, this one on the discard.
        g.exhaust(h);
        g.exhaust(other);
        g.push_run(Frame::Step(Step::Ready));
        assert!(g.is_ready(other));
        assert!(!g.is_ready(h));
        g.stack.retain(|f| !matches!(f, Frame::Step(_)));
        g.answer(Opt::Yes);
        assert!(g.is_ready(h));
        assert_eq!(deck(&g, 0), before - 2);
        // Two copies need two discards.
        let fear2 = g.spawn("DDN-025", ENCOUNTER, Zone::Attached(h));
        g.exhaust(h);
        g.ready(h);
        g.settle();
        g.answer(Opt::Yes);
        assert!(!g.is_ready(h));
        assert!(
            matches!(g.pending().map(|d| d.ask), Some(Ask::Effect { card, .. }) if card == fear2 || card == fear)
        );
        g.answer(Opt::Yes);
        assert!(g.is_ready(h));
        assert_eq!(deck(&g, 0), before - 4);
        // An empty deck: it stays exhausted, no question.
        g.move_card(fear2, Zone::EncounterDiscard);
        while let Some(c) = g.top(Zone::Deck(0)) {
            g.move_card(c, Zone::Discard(0));
        }
        g.exhaust(h);
        g.ready(h);
        g.settle();
        assert!(g.pending().is_none());
        assert!(!g.is_ready(h));
    }

    #[test]
    fn gather_your_courage() {
        let mut g = sandbox_in("deadmens-dike", Mode::Nightmare, &[HEROES, HEROES2]);
        let q = g.spawn("DDN-027", ENCOUNTER, Zone::Resolving);
        assert!(g.def_of(q).keywords.surge);
        let (d0, d1) = (deck(&g, 0), deck(&g, 1));
        assert!(d0 > 8 && d1 > 8);
        g.push_run(Frame::Reveal {
            card: q,
            by: 0,
            stage: 0,
            from_deck: false,
        });
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.card(q).zone, Zone::Staging);
        assert_eq!(g.cards_under(q).count(), 16);
        assert_eq!((deck(&g, 0), deck(&g, 1)), (d0 - 8, d1 - 8));
        g.check_invariants().unwrap();
        // Defeated: the cards go back into their owners' decks.
        g.card_mut(q).progress = 8;
        g.settle();
        assert_eq!(g.card(q).zone, Zone::Victory);
        assert_eq!(g.cards_under(q).count(), 0);
        assert_eq!((deck(&g, 0), deck(&g, 1)), (d0, d1));
        g.check_invariants().unwrap();
        // A short deck: all of it goes under, and the empty deck eliminates (stage 1B's rule).
        let mut g = dd();
        while deck(&g, 0) > 5 {
            let c = g.top(Zone::Deck(0)).unwrap();
            g.move_card(c, Zone::Discard(0));
        }
        let q = g.spawn("DDN-027", ENCOUNTER, Zone::Staging);
        courage_revealed(&mut g, q, 0);
        assert_eq!(g.cards_under(q).count(), 5);
        assert_eq!(deck(&g, 0), 0);
    }

    #[test]
    fn fornost_street() {
        let mut g = dd();
        let street = g.spawn("DDN-023", ENCOUNTER, Zone::Staging);
        let ruins = g.spawn("DDN-022", ENCOUNTER, Zone::Staging);
        let other_street = g.spawn("DDN-023", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(ruins, Stat::Threat), 9 + 2, "two other Streets");
        assert_eq!(g.stat(street, Stat::Threat), 1 + 1, "not itself");
        g.move_card(other_street, Zone::EncounterDiscard);
        assert_eq!(g.stat(ruins, Stat::Threat), 9 + 1);
        // Travel needs an enemy in the discard pile; it returns the topmost one.
        let f = g.script(street).and_then(|s| s.travel).unwrap();
        assert!(!f(&mut g, street, false));
        let e1 = g.spawn("DDN-020", ENCOUNTER, Zone::EncounterDiscard);
        let e2 = g.spawn("DDN-021", ENCOUNTER, Zone::EncounterDiscard);
        assert!(f(&mut g, street, false));
        assert!(f(&mut g, street, true));
        assert_eq!(g.card(e2).zone, Zone::Staging);
        assert_eq!(g.card(e1).zone, Zone::EncounterDiscard);
        // Shadow: Undead enemies engaged with the defending player get +1 Attack and +1
        // Defense until the end of the phase.
        let dead = g.spawn("DDN-021", ENCOUNTER, Zone::Engaged(0));
        let orc = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(orc, 0, false);
        let f = g.script(street).and_then(|s| s.shadow).unwrap();
        f(&mut g, street);
        assert_eq!(g.stat(dead, Stat::Attack), 3 + 1);
        assert_eq!(g.stat(dead, Stat::Defense), 1 + 1);
        assert_eq!(g.stat(orc, Stat::Attack), 6, "not Undead");
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(dead, Stat::Attack), 3);
    }

    #[test]
    fn curse_of_angmar() {
        let mut g = dd();
        // Hands hold Guards of the Citadel; one in the discard pile dooms every copy in hand.
        let in_hand = g.list(Zone::Hand(0)).len();
        assert!(in_hand > 0);
        let deck_before = g.list(Zone::EncounterDeck).len();
        let me = g.spawn("DDN-026", ENCOUNTER, Zone::Resolving);
        reveal_resolving(&mut g, me);
        assert_eq!(
            g.list(Zone::Hand(0)).len(),
            in_hand,
            "no match: nothing discarded"
        );
        assert!(g.list(Zone::EncounterDeck).len() < deck_before, "surged");
        let mut g = dd();
        g.spawn("Core-013", 0, Zone::Discard(0));
        let deck_before = g.list(Zone::EncounterDeck).len();
        let me = g.spawn("DDN-026", ENCOUNTER, Zone::Resolving);
        reveal_resolving(&mut g, me);
        assert!(g.list(Zone::Hand(0)).is_empty());
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck_before, "no surge");
    }

    #[test]
    fn paralyzing_fear_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox_in("deadmens-dike", Mode::Nightmare, &[&["Core-001"]]);
        let c = g.spawn("DDN-025", ENCOUNTER, Zone::SetAside);
        let f = hint(&g, c).effect.unwrap();
        let yn = [Opt::Yes, Opt::No];
        assert!(g.list(Zone::Deck(0)).len() > 5);
        assert_eq!(f(&g, 0, c, 1, &yn), Some(0), "discard to ready");
        while g.list(Zone::Deck(0)).len() > 5 {
            let x = g.list(Zone::Deck(0))[0];
            g.discard(x);
        }
        assert_eq!(f(&g, 0, c, 1, &yn), Some(1), "the deck is nearly out");
    }
}
