//! The Treachery of Rhudaur Nightmare: the setup card and the Nightmare encounter cards. Each
//! script has a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck, with the three small sets named after the side
//! quests); side A sets those three sets aside and shuffles back in the ones whose side quest was
//! not defeated once stage 2B is revealed (`Event::Flipped` of the main quest).
//!
//! Engine choices: Thaurdir's Hunter's "treat this attack as undefended" is chosen before
//! defenders are declared (no character may defend it). Malevolent Forces removes the first
//! questing character in turn order among those with the highest Willpower. Life Drain attaches to
//! Thaurdir only if he can have attachments: his own text says he cannot ("cannot" wins), so it
//! is discarded instead. Charred Cellar's trigger is `Event::ThreatRaisedByEncounter`: every threat raise
//! but the framework's (refresh phase, unsuccessful questing) and player cards'
//! (`raise_threat_by_player`).

use super::treachery_of_rhudaur::{find_thaurdir, SIDE_QUESTS, THAURDIR};
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // The setup card: the three side-quest sets start set aside; at stage 2B the sets of the
    // side quests not defeated, and the discard pile, are shuffled into the encounter deck.
    Script {
        code: "TToRN-001A",
        setup: Some(setup),
        forced: Some(setup_forced),
        forced_on: events![Flipped],
        ..BLANK
    },
    // Thaurdir's Hunter: when it attacks, the defending player removes a time counter from the
    // main quest or takes the attack undefended; shadow: undefended, a time counter or 5
    // progress of a quest go.
    Script {
        code: "TToRN-002",
        hint: Hint {
            effect: Some(bot::hunter_effect),
            ..NO_HINT
        },
        rule: Some(hunter_rule),
        rule_on: rules![CannotDefend],
        forced: Some(hunter_forced),
        forced_on: events![EnemyAttacks],
        shadow: Some(hunter_shadow),
        resume: Some(hunter_resume),
        mode_names: &[
            (0, 0, "remove a time counter"),
            (0, 1, "take the attack undefended"),
            (1, 0, "remove a time counter"),
        ],
        ..BLANK
    },
    // Undead Thrall (indestructible, surge: data); shadow: it comes into play engaged with the
    // defending player, with a shadow card of its own.
    Script {
        code: "TToRN-003",
        shadow: Some(thrall_shadow),
        ..BLANK
    },
    // Forgotten Courtyard: +1 Threat per resource on it; each Undead enemy entering play adds a
    // resource.
    Script {
        code: "TToRN-004",
        modify: Some(courtyard_modify),
        forced: Some(courtyard_forced),
        forced_on: events![EntersPlay, Revealing],
        ..BLANK
    },
    // Charred Cellar: while active, a player whose threat an encounter effect raises deals 2
    // damage to one of his characters.
    Script {
        code: "TToRN-005",
        hint: Hint {
            damage_prompts: &[(0, 2)],
            ..NO_HINT
        },
        forced: Some(cellar_forced),
        forced_on: events![ThreatRaisedByEncounter],
        resume: Some(cellar_resume),
        ..BLANK
    },
    // Malevolent Forces: the strongest questing character leaves the quest and its controller
    // takes its Willpower in threat; shadow: a kill heals every Undead enemy.
    Script {
        code: "TToRN-006",
        when_revealed: Some(forces_revealed),
        shadow: Some(forces_shadow),
        resume: Some(forces_resume),
        ..BLANK
    },
    // Apostate of Angmar: a player engaged with it cannot attack Thaurdir; shadow: mill 1
    // encounter card, the attacker gets its printed Threat as Attack.
    Script {
        code: "TToRN-007",
        rule: Some(apostate_rule),
        rule_on: rules![CannotBeAttackedBy],
        shadow: Some(apostate_shadow),
        ..BLANK
    },
    // Secret Antechamber (immune: data): staged, at most 5 progress on the main quest each
    // round; travel costs every player 3 threat.
    Script {
        code: "TToRN-008",
        hint: Hint {
            travel_penalty: 25,
            ..NO_HINT
        },
        rule: Some(antechamber_rule),
        rule_on: rules![QuestProgressCap5],
        travel: Some(antechamber_travel),
        ..BLANK
    },
    // Life Drain: dealt to Thaurdir as a shadow card; as his shadow, +3 Attack, and a kill
    // attaches it to him (+3 hit points) if he can have attachments.
    Script {
        code: "TToRN-009",
        hint: Hint {
            shadow_attack: Some(|g, e| (code(g, e) == THAURDIR) as i16 * 3),
            ..NO_HINT
        },
        when_revealed: Some(drain_revealed),
        shadow: Some(drain_shadow),
        resume: Some(drain_resume),
        modify: Some(drain_modify),
        ..BLANK
    },
];

/// Each side quest with the Nightmare card of its set.
const SETS: [(&str, &str); 3] = [
    (SIDE_QUESTS[0], "TToRN-007"),
    (SIDE_QUESTS[1], "TToRN-008"),
    (SIDE_QUESTS[2], "TToRN-009"),
];

fn with_code(g: &Game, z: Zone, code_: &str) -> SmallIds {
    g.list(z)
        .iter()
        .copied()
        .filter(|&c| code(g, c) == code_)
        .collect()
}

// ------------------------------------------------------------------ setup card

fn setup(g: &mut Game, _me: CardId) {
    for (_, set) in SETS {
        for &c in with_code(g, Zone::EncounterDeck, set).iter() {
            g.move_card(c, Zone::SetAside);
        }
    }
    log(g, |_| {
        "  the three side-quest sets are set aside".to_string()
    });
}

fn setup_forced(g: &mut Game, _me: CardId, ev: Event) {
    let Event::Flipped(q) = ev else { return };
    if g.main_quest() != Some(q) || code(g, q) != "TToR-095B" {
        return;
    }
    for (sq, set) in SETS {
        // A side quest not defeated was removed from the game quest side up.
        if with_code(g, Zone::Removed, sq).is_empty() {
            continue;
        }
        for &c in with_code(g, Zone::SetAside, set).iter() {
            g.move_card(c, Zone::EncounterDeck);
        }
        log(g, |g| {
            let t = g.db.def(g.db.by_code(set).unwrap()).title.clone();
            format!("  the {t} set is shuffled into the encounter deck")
        });
    }
    while let Some(&c) = g.list(Zone::EncounterDiscard).last() {
        g.move_card(c, Zone::EncounterDeck);
    }
    g.shuffle(Zone::EncounterDeck);
}

// ------------------------------------------------------------------ enemies

fn hunter_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotDefend(_))
        && g.card(me).uses_phase > 0
        && g.attacking_enemy() == Some(me)
}

/// Remove one time counter from the main quest (the last one fires `Event::TimeRanOut`).
fn remove_time_counter(g: &mut Game) -> bool {
    let Some(q) = g.main_quest().filter(|&q| g.card(q).time > 0) else {
        return false;
    };
    g.card_mut(q).time -= 1;
    log(g, |g| {
        format!("  a time counter is removed from {}", g.title(q))
    });
    if g.card(q).time == 0 {
        g.fire(Event::TimeRanOut(q));
    }
    true
}

fn main_has_time(g: &Game) -> bool {
    g.main_quest().is_some_and(|q| g.card(q).time > 0)
}

fn undefended_from_now(g: &mut Game, me: CardId) {
    g.set_uses_phase(me, 1);
    log(g, |_| "  the attack is considered undefended".to_string());
}

/// Steps: 0 the attack's choice (Mode 0 time counter, Mode 1 undefended); 1 the shadow's choice
/// (Mode 0 time counter, `Card(q)`: 5 progress off quest `q`).
fn hunter_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::EnemyAttacks(e, p) = ev else {
        return;
    };
    if e != me {
        return;
    }
    g.card_mut(me).uses_phase = 0;
    if !main_has_time(g) {
        undefended_from_now(g, me);
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn hunter_shadow(g: &mut Game, me: CardId) {
    if g.attack.n_defenders > 0 {
        return;
    }
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    if main_has_time(g) {
        g.offer(Opt::Mode(0));
    }
    if let Some(m) = g.main_quest().filter(|&m| g.card(m).progress > 0) {
        g.offer(Opt::Card(m));
    }
    for i in 0..g.list(Zone::Staging).len() {
        let c = g.list(Zone::Staging)[i];
        if g.is_side_quest(c) && g.card(c).progress > 0 {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 1).with(p, 0, 0));
}

fn hunter_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (0, Opt::Mode(0)) | (1, Opt::Mode(0)) => {
            remove_time_counter(g);
        }
        (0, _) => undefended_from_now(g, cont.card),
        (1, Opt::Card(q)) => {
            let k = g.card(q).progress.min(5);
            g.card_mut(q).progress -= k;
            log(g, |g| format!("  {k} progress removed from {}", g.title(q)));
        }
        _ => {}
    }
}

fn thrall_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    if g.players[p as usize].eliminated {
        return;
    }
    g.move_card(me, Zone::Engaged(p));
    log(g, |g| {
        format!("  {} comes into play engaged with P{}", g.title(me), p + 1)
    });
    g.fire(Event::EntersPlay(me));
    g.deal_shadow(me);
}

fn courtyard_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat {
        g.card(me).resources
    } else {
        0
    }
}

fn courtyard_forced(g: &mut Game, me: CardId, ev: Event) {
    if !matches!(g.card(me).zone, Zone::Staging | Zone::Active) {
        return;
    }
    if let Event::Revealing(e, _) | Event::EntersPlay(e) = ev {
        if g.card(e).zone.in_play() && common::is_undead_enemy(g, e) {
            g.card_mut(me).resources += 1;
            g.dirty = true;
            log(g, |g| format!("  {} gets a resource", g.title(me)));
        }
    }
}

fn cellar_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::ThreatRaisedByEncounter(p) = ev {
        if g.card(me).zone == Zone::Active {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 10 + p).with(0, 2, 2),
            });
        }
    }
}

fn cellar_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.step - 10;
    deal_damage_steps(
        g,
        cont,
        opt,
        0,
        false,
        Dealers::Only(p),
        common::own_character,
    );
}

// ------------------------------------------------------------------ treacheries

fn forces_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let mut best: Option<(i16, CardId)> = None;
    for p in common::seats(g).iter().copied() {
        for c in g.characters(p) {
            if g.card(c).questing {
                let wp = g.stat(c, Stat::Willpower);
                if best.is_none_or(|(b, _)| wp > b) {
                    best = Some((wp, c));
                }
            }
        }
    }
    let Some((wp, c)) = best else { return };
    g.card_mut(c).questing = false;
    g.dirty = true;
    log(g, |g| format!("  {} is removed from the quest", g.title(c)));
    let p = g.controller(c);
    g.raise_threat(p, wp);
}

fn forces_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

fn forces_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK || !g.attack.destroyed_character {
        return;
    }
    let undead: SmallIds = common::enemies_in_play(g)
        .filter(|&e| common::is_undead_enemy(g, e))
        .collect();
    for &e in undead.iter() {
        let d = g.card(e).damage;
        g.heal(e, d);
    }
}

fn apostate_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeAttackedBy(t, p) => {
            g.card(me).zone == Zone::Engaged(p) && code(g, t) == THAURDIR
        }
        _ => false,
    }
}

fn apostate_shadow(g: &mut Game, _me: CardId) {
    let Some(c) = g.top(Zone::EncounterDeck) else {
        return;
    };
    g.move_card(c, Zone::EncounterDiscard);
    let x = g.def_of(c).threat.max(0);
    log(g, |g| format!("  {} is discarded", g.title(c)));
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, x), Until::EndOfAttack);
}

fn antechamber_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::QuestProgressCap5
        && g.card(me).zone == Zone::Staging
        && g.current_quest() == g.main_quest()
}

fn antechamber_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        common::raise_each(g, 3);
    }
    true
}

fn drain_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(t) = find_thaurdir(g).filter(|&t| g.card(t).zone.in_play()) {
        g.move_card(me, Zone::Shadow(t));
        log(g, |g| {
            format!(
                "  {} is dealt to {} as a shadow card",
                g.title(me),
                g.title(t)
            )
        });
    }
}

fn drain_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    if code(g, e) == THAURDIR {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, 3), Until::EndOfAttack);
    }
    g.attack.after = me;
}

fn drain_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK || !g.attack.destroyed_character {
        return;
    }
    let me = cont.card;
    let Some(t) = find_thaurdir(g).filter(|&t| g.card(t).zone.in_play()) else {
        return;
    };
    if g.rule(Rule::CannotHaveAttachments(t)) {
        log(g, |g| format!("  {} cannot have attachments", g.title(t)));
        return;
    }
    g.attach(me, t, ENCOUNTER);
}

fn drain_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::HitPoints && g.card(me).zone == Zone::Attached(target);
    3 * on as i16
}

/// What the bots know about these cards (`Script::hint`).
mod bot {
    use crate::cards::hints::prelude::*;

    /// Thaurdir's Hunter. Its attack (prompt 0): take it undefended (Mode 1) unless that costs
    /// more than about 4 threat, else give up a time counter (Mode 0). Its shadow (prompt 1):
    /// the quest with the least progress loses it, else a time counter.
    pub(super) fn hunter_effect(g: &Game, p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        match what {
            0 => {
                let atk = g.stat(g.attack.enemy, Stat::Attack);
                let cheap = undefended_cost(g, p, atk) < 4 * THREAT_UNIT;
                find(o, Opt::Mode(if cheap { 1 } else { 0 }))
            }
            1 => pick_min(o, |q| g.card(q).progress as i32).or_else(|| find(o, Opt::Mode(0))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_with_shadow, drain, encounter_deck_of, heroes, options, reveal_resolving, sandbox_in,
    };
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const CURSED_DEAD: &str = "TLR-061";
    const CAUSEWAY: &str = "TLR-057";

    fn game() -> Game<'static> {
        sandbox_in("the-treachery-of-rhudaur", Mode::Nightmare, &[HEROES])
    }

    fn plain_deck(g: &mut Game, n: usize) {
        encounter_deck_of(g, CAUSEWAY, n);
    }

    fn count(g: &Game, z: Zone, code_: &str) -> usize {
        with_code(g, z, code_).len()
    }

    #[test]
    fn the_treachery_of_rhudaur_nightmare() {
        let mut g = game();
        let n = g.spawn("TToRN-001A", ENCOUNTER, Zone::Nightmare);
        let deck = g.list(Zone::EncounterDeck).len();
        setup(&mut g, n);
        assert_eq!(count(&g, Zone::SetAside, "TToRN-007"), 3);
        assert_eq!(count(&g, Zone::SetAside, "TToRN-008"), 3);
        assert_eq!(count(&g, Zone::SetAside, "TToRN-009"), 3);
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck - 9);
        // Stage 2B: Quiet the Spirits was not defeated (removed quest side up), the other two
        // were: only its set comes back, with the discard pile.
        let sq = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == SIDE_QUESTS[0])
            .unwrap();
        g.move_card(sq, Zone::Removed);
        let d = g.spawn(CAUSEWAY, ENCOUNTER, Zone::EncounterDiscard);
        let q = g.main_quest().unwrap();
        g.set_face(q, g.db.by_code("TToR-095A").unwrap());
        g.flip_quest(q);
        drain(&mut g);
        assert_eq!(count(&g, Zone::EncounterDeck, "TToRN-007"), 3);
        assert_eq!(count(&g, Zone::SetAside, "TToRN-008"), 3);
        assert_eq!(count(&g, Zone::SetAside, "TToRN-009"), 3);
        assert_eq!(g.card(d).zone, Zone::EncounterDeck);
    }

    #[test]
    fn thaurdirs_hunter() {
        // With a time counter on the main quest, the defending player may give one up.
        let mut g = game();
        plain_deck(&mut g, 3);
        let q = g.main_quest().unwrap();
        g.card_mut(q).time = 3;
        let e = g.spawn("TToRN-002", ENCOUNTER, Zone::Engaged(0));
        let hs = heroes(&g, 0);
        g.attack = AttackCtx::new(e, 0, false);
        g.emit(Event::EnemyAttacks(e, 0));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        assert_eq!(g.card(q).time, 2);
        assert!(
            !g.rule(Rule::CannotDefend(hs[0])),
            "defenders may be declared"
        );
        // Without time counters the attack is undefended: nobody may defend.
        let mut g = game();
        plain_deck(&mut g, 3);
        let hs = heroes(&g, 0);
        let e = g.spawn("TToRN-002", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        g.emit(Event::EnemyAttacks(e, 0));
        assert!(g.rule(Rule::CannotDefend(hs[0])));
        // Shadow, undefended: 5 progress off a quest (or a time counter).
        let mut g = game();
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 7;
        let en = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, en, "TToRN-002");
        g.answer(Opt::Undefended);
        assert_eq!(g.card(q).progress, 2, "the only choice");
    }

    #[test]
    fn undead_thrall() {
        let mut g = game();
        plain_deck(&mut g, 3);
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        let hs = heroes(&g, 0);
        let t = attack_with_shadow(&mut g, e, "TToRN-003");
        g.answer(Opt::Card(hs[0]));
        drain(&mut g);
        assert_eq!(g.card(t).zone, Zone::Engaged(0));
        assert_eq!(g.shadows_of(t).count(), 1);
        g.deal_damage(t, 5);
        g.settle();
        assert_eq!(g.card(t).zone, Zone::Engaged(0), "indestructible");
    }

    #[test]
    fn forgotten_courtyard() {
        let mut g = game();
        plain_deck(&mut g, 3);
        let c = g.spawn("TToRN-004", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(c, Stat::Threat), 1);
        let cd = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, cd);
        assert_eq!(g.card(c).resources, 1);
        assert_eq!(g.stat(c, Stat::Threat), 2);
        // Not for a non-Undead card.
        let x = g.spawn(CAUSEWAY, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, x);
        assert_eq!(g.card(c).resources, 1);
    }

    #[test]
    fn charred_cellar() {
        let mut g = game();
        let c = g.spawn("TToRN-005", ENCOUNTER, Zone::Active);
        let hs = heroes(&g, 0);
        g.raise_threat(0, 2);
        g.settle();
        g.answer(Opt::Card(hs[0]));
        assert_eq!(g.card(hs[0]).damage, 2);
        // Not for the framework's threat (or while staged).
        g.raise_threat_by_player(0, 1);
        drain(&mut g);
        g.move_card(c, Zone::Staging);
        g.raise_threat(0, 1);
        drain(&mut g);
        let total: i16 = hs.iter().map(|&h| g.card(h).damage).sum();
        assert_eq!(total, 2);
    }

    #[test]
    fn malevolent_forces() {
        let mut g = game();
        let hs = heroes(&g, 0);
        for &h in &hs {
            g.card_mut(h).questing = true;
        }
        let t = g.players[0].threat;
        let best = hs
            .iter()
            .copied()
            .max_by_key(|&h| (g.stat(h, Stat::Willpower), std::cmp::Reverse(h)))
            .unwrap();
        let wp = g.stat(best, Stat::Willpower);
        let m = g.spawn("TToRN-006", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, m);
        assert!(!g.card(best).questing);
        assert_eq!(g.players[0].threat, t + wp);
        // Shadow: a kill heals every Undead enemy.
        let mut g = game();
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let other = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Staging);
        g.card_mut(other).damage = 1;
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToRN-006");
        g.answer(Opt::Card(ally));
        drain(&mut g);
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert_eq!(g.card(other).damage, 0);
    }

    #[test]
    fn apostate_of_angmar() {
        let mut g = game();
        let t = g.spawn(THAURDIR, ENCOUNTER, Zone::Engaged(0));
        assert!(!g.rule(Rule::CannotBeAttackedBy(t, 0)));
        let a = g.spawn("TToRN-007", ENCOUNTER, Zone::Engaged(0));
        assert!(g.rule(Rule::CannotBeAttackedBy(t, 0)));
        assert!(!g.rule(Rule::CannotBeAttackedBy(a, 0)));
        // Shadow: +X Attack, X the milled card's printed Threat (a Causeway: 3).
        let mut g = game();
        plain_deck(&mut g, 2);
        let hs = heroes(&g, 0);
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToRN-007");
        g.answer(Opt::Card(hs[0]));
        drain(&mut g);
        assert_eq!(g.card(hs[0]).damage, 4, "3 + 3 against Defense 2");
        assert_eq!(g.list(Zone::EncounterDeck).len(), 1);
    }

    #[test]
    fn secret_antechamber() {
        let mut g = game();
        let s = g.spawn("TToRN-008", ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::QuestProgressCap5));
        g.move_card(s, Zone::Active);
        assert!(!g.rule(Rule::QuestProgressCap5));
        let t = g.players[0].threat;
        assert!(antechamber_travel(&mut g, s, true));
        assert_eq!(g.players[0].threat, t + 3);
    }

    #[test]
    fn life_drain() {
        let mut g = game();
        let t = find_thaurdir(&g).unwrap();
        g.move_card(t, Zone::Engaged(0));
        // (Revealed from the deck, a Sorcery, it would also make Thaurdir attack at once.)
        let l = g.spawn("TToRN-009", ENCOUNTER, Zone::Resolving);
        drain_revealed(&mut g, l, 0);
        assert_eq!(g.card(l).zone, Zone::Shadow(t));
        // As Thaurdir's shadow: +3 Attack (6 + 3 against Defense 2); he cannot take it as an
        // attachment.
        let hs = heroes(&g, 0);
        g.attack = AttackCtx::new(t, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(hs[0]));
        drain(&mut g);
        assert_eq!(g.card(hs[0]).zone, Zone::Discard(0), "9 - 2 kills Aragorn");
        assert_ne!(g.card(l).zone, Zone::Attached(t));
        assert_eq!(g.stat(t, Stat::HitPoints), 9);
        // Without Thaurdir in play it does nothing.
        let mut g = game();
        let l = g.spawn("TToRN-009", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, l);
        assert_eq!(g.card(l).zone, Zone::EncounterDiscard);
    }
}
