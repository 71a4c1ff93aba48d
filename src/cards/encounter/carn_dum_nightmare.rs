//! The Battle of Carn Dûm Nightmare: the setup card and the Nightmare encounter cards. Each
//! script has a one-line summary in our own words.
//!
//! The setup card's side B tells how to build the Nightmare encounter deck (the data does that:
//! `scenarios.csv` lists the Nightmare deck) and defines Siege, which the engine already reads
//! from a quest's keywords (`Game::questing_stat`); side A lies in `Zone::Nightmare` all game.
//!
//! Engine choices: Orc Wight's shadow ("send the attacker back to the staging area after this
//! attack") is a delayed effect the setup card carries out at `Event::EnemyAttackEnded`, since a
//! shadow card is not in play to listen. Rally the Fighters' immunity of shadow cards to
//! player cards is encoded as their effects not being cancelable, the one way player
//! cards touch shadow cards in this engine. Protect the Flanks' damage is assigned by the first
//! player, one point at a time, among all characters in play. Thaurdir's Elite's and Howling of
//! Wargs' choices are the defending / first player's.

use super::carn_dum::find_thaurdir;
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::common::{code, log};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): no text of its own beyond the Nightmare deck and Siege; it runs
    // Orc Wight's delayed return to the staging area.
    Script {
        code: "TBoCDN-001A",
        forced: Some(setup_forced),
        forced_on: events![EnemyAttackEnded],
        ..BLANK
    },
    // Orc Wight: enters play with 2 shadow cards. Shadow: if the attacker has another shadow
    // card, it goes back to the staging area once this attack is over.
    Script {
        code: WIGHT,
        forced: Some(wight_forced),
        forced_on: events![EntersPlay, Revealing],
        shadow: Some(wight_shadow),
        ..BLANK
    },
    // Thaurdir's Elite: at 3 shadow cards, they are discarded and each player discards one of
    // his allies. Shadow: the defending player raises his threat by 4 or discards an ally.
    Script {
        code: "TBoCDN-003",
        forced: Some(elite_forced),
        forced_on: events![ShadowDealt],
        shadow: Some(elite_shadow),
        resume: Some(elite_resume),
        mode_names: &[(0, 0, "threat +4"), (0, 1, "discard an ally")],
        ..BLANK
    },
    // Stronghold Tower: while staged, shadow effects cannot be canceled. Travel: each player
    // puts 2 damage on one character he controls.
    Script {
        code: "TBoCDN-004",
        hint: crate::cards::hints::Hint {
            travel_penalty: 10,
            damage_prompts: &[(0, 2)],
            ..crate::cards::hints::NO_HINT
        },
        rule: Some(tower_rule),
        rule_on: rules![CannotBeCanceled],
        travel: Some(tower_travel),
        resume: Some(tower_resume),
        ..BLANK
    },
    // Gates of Carn Dûm: once explored it becomes a shadow card of the staged enemy with the
    // lowest engagement cost. Shadow: the attacker gets +1 Attack and takes no damage this
    // round.
    Script {
        code: "TBoCDN-005",
        hint: crate::cards::hints::Hint {
            shadow_attack: crate::cards::hints::SHADOW_ATTACK_1,
            ..crate::cards::hints::NO_HINT
        },
        forced: Some(gates_forced),
        forced_on: events![Explored],
        shadow: Some(gates_shadow),
        ..BLANK
    },
    // Death and Decay: each player mills 3 and discards each attachment he controls sharing a
    // title with a card in his discard pile; if none went, it surges.
    Script {
        code: "TBoCDN-006",
        when_revealed: Some(decay_revealed),
        ..BLANK
    },
    // Howling of Wargs: the first player picks: a shadow card for each staged enemy, or a side
    // quest from the encounter deck or discard pile to the staging area. Shadow: the defending
    // player's other engaged enemies still to attack this phase get a shadow card each.
    Script {
        code: "TBoCDN-007",
        when_revealed: Some(howling_revealed),
        shadow: Some(howling_shadow),
        resume: Some(howling_resume),
        mode_names: &[
            (0, 0, "a shadow card per staged enemy"),
            (0, 1, "stage a side quest"),
        ],
        ..BLANK
    },
    // Black Mare: attaches to Thaurdir (revealed or as a shadow) and stays when he flips; he has
    // +3 hit points and each flip raises each player's threat by 1.
    Script {
        code: "TBoCDN-008",
        when_revealed: Some(mare_revealed),
        shadow: Some(mare_shadow),
        modify: Some(mare_modify),
        forced: Some(mare_forced),
        forced_on: events![Flipped],
        global: true,
        global_on: crate::cards::GlobalScope::any(&[Stat::HitPoints]),
        ..BLANK
    },
    // Protect the Flanks (side quest, Siege): at the end of the combat phase the first player
    // spreads 1 damage per shadow card on staged enemies among the characters.
    Script {
        code: "TBoCDN-009",
        hint: crate::cards::hints::Hint {
            side_quest_priority: 40,
            ..crate::cards::hints::NO_HINT
        },
        forced: Some(flanks_forced),
        forced_on: events![PhaseEnd],
        resume: Some(flanks_resume),
        ..BLANK
    },
    // Rally the Fighters (side quest, surge): shadow effects cannot be canceled; once defeated,
    // each enemy in play loses one shadow card.
    Script {
        code: "TBoCDN-010",
        hint: crate::cards::hints::Hint {
            side_quest_priority: 30,
            ..crate::cards::hints::NO_HINT
        },
        rule: Some(rally_rule),
        rule_on: rules![CannotBeCanceled],
        forced: Some(rally_forced),
        forced_on: events![SideQuestDefeated],
        ..BLANK
    },
    // Sever the Head (side quest, Battle): Thaurdir +2 Threat, +2 Attack, and no damage to him.
    Script {
        code: "TBoCDN-011",
        hint: crate::cards::hints::Hint {
            side_quest_priority: 20,
            ..crate::cards::hints::NO_HINT
        },
        rule: Some(sever_rule),
        rule_on: rules![CannotTakeDamage],
        modify: Some(sever_modify),
        global: true,
        global_on: crate::cards::GlobalScope::any(&[Stat::Threat, Stat::Attack]),
        ..BLANK
    },
];

const WIGHT: &str = "TBoCDN-002";

fn staged_enemies(g: &Game) -> SmallIds {
    g.list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| g.is_enemy(e))
        .collect()
}

/// Thaurdir in play (either face).
fn thaurdir_in_play(g: &Game) -> Option<CardId> {
    find_thaurdir(g).filter(|&t| g.card(t).zone.in_play())
}

// ------------------------------------------------------------------ setup card

fn setup_forced(g: &mut Game, _me: CardId, ev: Event) {
    let Event::EnemyAttackEnded(e) = ev else {
        return;
    };
    let marked = g
        .shadows_of(e)
        .find(|&s| code(g, s) == WIGHT && g.card(s).uses_round > 0);
    if let Some(s) = marked {
        g.card_mut(s).uses_round = 0;
    }
    let marked = marked.is_some();
    if marked && g.card(e).zone.in_play() && g.card(e).zone != Zone::Staging {
        log(g, |g| {
            format!("  Orc Wight: {} returns to the staging area", g.title(e))
        });
        g.return_to_staging(e);
    }
}

// ------------------------------------------------------------------ enemies

fn wight_forced(g: &mut Game, me: CardId, ev: Event) {
    // Revealed, it enters the staging area (`Revealing`); put into play, `EntersPlay`.
    let hit = matches!(ev, Event::EntersPlay(c) | Event::Revealing(c, _) if c == me);
    if hit && g.card(me).zone.in_play() {
        g.deal_shadow(me);
        g.deal_shadow(me);
    }
}

fn wight_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    if g.shadows_of(e).any(|s| s != me) {
        // Marks this shadow card; the setup card returns the attacker after the attack.
        g.card_mut(me).uses_round = 1;
    }
}

fn elite_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::ShadowDealt(me) || g.shadows_of(me).count() != 3 {
        return;
    }
    log(g, |_| {
        "  Thaurdir's Elite: its shadow cards go, each player discards an ally".to_string()
    });
    let shadows: SmallIds = g.shadows_of(me).collect();
    for &s in shadows.iter() {
        g.discard(s);
    }
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 1).with(0, 0, 0),
    });
}

/// Step 0: the defending player picks threat (Mode 0) or an ally (Mode 1); step 1: player
/// `cont.player` (offset from the first) discards an ally, then the next; step 2: the chosen
/// ally of the defending player is discarded.
fn elite_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match cont.step {
        0 => match opt {
            Opt::Mode(1) => {
                let p = cont.player;
                offer_allies(g, cont.card, p, Cont::new(cont.card, 2).with(p, 0, 0));
            }
            _ => g.raise_threat(cont.player, 4),
        },
        1 => {
            if let Opt::Card(a) = opt {
                g.discard(a);
            }
            let mut k = if matches!(opt, Opt::Card(_)) {
                cont.player + 1
            } else {
                cont.player
            };
            while k < g.n_players {
                let p = g.seat(k);
                if offer_allies(g, cont.card, p, Cont::new(cont.card, 1).with(k + 1, 0, 0)) {
                    return;
                }
                k += 1;
            }
        }
        _ => {
            if let Opt::Card(a) = opt {
                g.discard(a);
            }
        }
    }
}

/// Ask player `p` to pick one of his allies; false if he has none.
fn offer_allies(g: &mut Game, me: CardId, p: u8, cont: Cont) -> bool {
    if g.players[p as usize].eliminated {
        return false;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_ally(c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(cont)
}

fn elite_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    let has_ally = g.allies_of(p).next().is_some();
    if !has_ally {
        g.raise_threat(p, 4);
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

// ------------------------------------------------------------------ locations

fn tower_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeCanceled(c) => {
            g.card(me).zone == Zone::Staging && matches!(g.card(c).zone, Zone::Shadow(_))
        }
        _ => false,
    }
}

fn tower_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    let each = common::seats(g).iter().all(|&p| {
        g.characters(p)
            .any(|c| g.can_take_damage(c) && g.remaining_hp(c) > 0)
    });
    if pay && each {
        tower_resume(g, Cont::new(me, 0).with(0, 2, 2), Opt::Pass);
    }
    each
}

fn tower_resume(g: &mut Game, cont: Cont, opt: Opt) {
    deal_damage_steps(g, cont, opt, 0, false, Dealers::Each, common::own_character);
}

fn gates_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Explored(c, _) = ev else {
        return;
    };
    if c != me {
        return;
    }
    let target = staged_enemies(g)
        .iter()
        .copied()
        .min_by_key(|&e| (g.stat(e, Stat::Engagement), e));
    if let Some(e) = target {
        log(g, |g| {
            format!(
                "  Gates of Carn Dûm becomes a shadow card of {}",
                g.title(e)
            )
        });
        deal_as_shadow(g, me, e);
    }
}

/// Card `c` becomes a shadow card of enemy `e` (as if dealt: `Event::ShadowDealt` follows).
fn deal_as_shadow(g: &mut Game, c: CardId, e: CardId) {
    g.move_card(c, Zone::Shadow(e));
    g.fire(Event::ShadowDealt(e));
}

fn gates_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.add_lasting(e, Lasting::CannotTakeDamage, Until::EndOfRound);
}

// ------------------------------------------------------------------ treacheries

fn decay_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let mut gone = 0;
    for p in 0..g.n_players {
        if g.players[p as usize].eliminated {
            continue;
        }
        g.discard_from_deck(p, 3);
        let mut doomed = SmallIds::new();
        for a in 0..g.cards.len() as CardId {
            let on = matches!(g.card(a).zone, Zone::Attached(_))
                && g.ty(a) == CardType::Attachment
                && g.controller(a) == p
                && g.card(a).owner != ENCOUNTER;
            if on
                && g.list(Zone::Discard(p))
                    .iter()
                    .any(|&d| g.def_of(d).title == g.def_of(a).title)
            {
                doomed.push(a);
            }
        }
        for &a in doomed.iter() {
            if matches!(g.card(a).zone, Zone::Attached(_)) {
                g.discard(a);
                gone += 1;
            }
        }
    }
    if gone == 0 {
        log(g, |_| "  Death and Decay gains surge".to_string());
        g.surge_pending += 1;
    }
}

fn howling_revealed(g: &mut Game, me: CardId, _by: u8) {
    let p = g.first;
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn howling_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if opt == Opt::Mode(1) {
        let q = [Zone::EncounterDeck, Zone::EncounterDiscard]
            .iter()
            .flat_map(|&z| g.list(z).iter().rev().copied())
            .find(|&c| g.ty(c) == CardType::EncounterSideQuest);
        if let Some(q) = q {
            log(g, |g| {
                format!("  Howling of Wargs: {} joins the staging area", g.title(q))
            });
            g.move_card(q, Zone::Staging);
        }
        g.shuffle(Zone::EncounterDeck);
    } else {
        for &e in staged_enemies(g).iter() {
            g.deal_shadow(e);
        }
    }
}

fn howling_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    let fresh: SmallIds = g
        .engaged(p)
        .iter()
        .copied()
        .filter(|&e| !g.card(e).attacked && e != g.attack.enemy)
        .collect();
    for &e in fresh.iter() {
        g.deal_shadow(e);
    }
}

fn mare_attach(g: &mut Game, me: CardId) {
    if let Some(t) = thaurdir_in_play(g) {
        log(g, |_| "  Black Mare is attached to Thaurdir".to_string());
        g.move_card(me, Zone::Attached(t));
    }
}

fn mare_revealed(g: &mut Game, me: CardId, _by: u8) {
    if g.card(me).zone == Zone::Resolving {
        mare_attach(g, me);
    }
}

fn mare_shadow(g: &mut Game, me: CardId) {
    mare_attach(g, me);
}

fn mare_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    3 * (s == Stat::HitPoints && g.card(me).zone == Zone::Attached(target)) as i16
}

fn mare_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::Flipped(t) if g.card(me).zone == Zone::Attached(t)) {
        log(g, |_| {
            "  Black Mare: each player raises his threat by 1".to_string()
        });
        common::raise_each(g, 1);
    }
}

// ------------------------------------------------------------------ side quests

fn flanks_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::PhaseEnd(Phase::Combat) || g.card(me).zone != Zone::Staging {
        return;
    }
    let x: i16 = staged_enemies(g)
        .iter()
        .map(|&e| g.shadows_of(e).count() as i16)
        .sum();
    if x > 0 {
        log(g, |_| {
            format!("  Protect the Flanks: {x} damage among the characters")
        });
        let p = g.first;
        flanks_resume(g, Cont::new(me, 0).with(0, x, x), Opt::Pass);
        let _ = p;
    }
}

fn any_character(_g: &Game, _c: CardId, _dealer: u8) -> bool {
    true
}

fn flanks_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let first = g.first;
    deal_damage_steps(g, cont, opt, 0, true, Dealers::Only(first), any_character);
}

fn rally_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeCanceled(c) => {
            g.card(me).zone == Zone::Staging && matches!(g.card(c).zone, Zone::Shadow(_))
        }
        _ => false,
    }
}

fn rally_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::SideQuestDefeated(me) {
        return;
    }
    log(g, |_| {
        "  Rally the Fighters: each enemy loses a shadow card".to_string()
    });
    let all: SmallIds = common::enemies_in_play(g).collect();
    for &e in all.iter() {
        let first = g.shadows_of(e).next();
        if let Some(s) = first {
            g.discard(s);
        }
    }
}

fn sever_on(g: &Game, me: CardId) -> bool {
    g.card(me).zone == Zone::Staging
}

fn sever_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotTakeDamage(t) if sever_on(g, me) && super::carn_dum::is_thaurdir(g, t))
}

fn sever_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if sever_on(g, me) && super::carn_dum::is_thaurdir(g, target) {
        match s {
            Stat::Threat | Stat::Attack => 2,
            _ => 0,
        }
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::drain;
    use crate::cards::testkit::{reveal_resolving, sandbox_in};
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const ALLY: &str = "Core-013";
    const STEWARD: &str = "Core-026";
    const ORC: &str = "TLR-043";
    const PLAIN: &str = "TLR-062";

    fn nm() -> Game<'static> {
        let mut g = sandbox_in("the-battle-of-carn-dum", Mode::Nightmare, &[HEROES]);
        // A predictable encounter deck of treacheries for the shadow cards.
        while let Some(&c) = g.list(Zone::EncounterDeck).last() {
            g.move_card(c, Zone::Removed);
        }
        for _ in 0..12 {
            g.spawn(PLAIN, ENCOUNTER, Zone::EncounterDeck);
        }
        g
    }

    fn thaurdir(g: &mut Game) -> CardId {
        let t = find_thaurdir(g).unwrap();
        g.move_card(t, Zone::Staging);
        t
    }

    /// Attack `e` against player 0, undefended, every other decision answered by option 0.
    fn attack_undefended(g: &mut Game, e: CardId) {
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        if g.pending().is_some() {
            g.answer(Opt::Undefended);
        }
        drain(g);
    }

    fn count(g: &Game, code_: &str) -> usize {
        g.cards
            .iter()
            .filter(|c| g.db.def(c.def).code == code_)
            .count()
    }

    #[test]
    fn the_battle_of_carn_dum_nightmare() {
        let g = sandbox_in("the-battle-of-carn-dum", Mode::Nightmare, &[HEROES]);
        let n = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(n).code, "TBoCDN-001A");
        assert!(g.card(n).zone.in_play(), "its effect is active all game");
        // The Nightmare deck: 3 Orc Wights in, no Angmar Marauder, 1 Accursed Battlefield.
        assert_eq!(count(&g, WIGHT), 3);
        assert_eq!(count(&g, "TLR-044"), 0);
        assert_eq!(count(&g, "TBoCD-132"), 1);
        // Siege: a side quest with the keyword quests with Defense.
        let d = g.db.by_code("TBoCDN-009").unwrap();
        assert!(g.db.def(d).keywords.siege);
    }

    #[test]
    fn orc_wight() {
        let mut g = nm();
        let w = g.spawn(WIGHT, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(g.card(w).zone, Zone::Staging);
        assert_eq!(
            g.shadows_of(w).count(),
            2,
            "enters play with 2 shadow cards"
        );
        // Shadow: with another shadow card on the attacker, it goes back to the staging area.
        let e = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.deal_shadow(e);
        let s = g.spawn(WIGHT, ENCOUNTER, Zone::Shadow(e));
        attack_undefended(&mut g, e);
        assert_eq!(g.card(e).zone, Zone::Staging);
        assert_eq!(g.card(s).uses_round, 0, "the mark is spent");
        // Alone, it does nothing.
        let e2 = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.spawn(WIGHT, ENCOUNTER, Zone::Shadow(e2));
        attack_undefended(&mut g, e2);
        assert_eq!(g.card(e2).zone, Zone::Engaged(0));
    }

    #[test]
    fn thaurdirs_elite() {
        let mut g = nm();
        let a = g.spawn(ALLY, 0, Zone::Play(0));
        let e = g.spawn("TBoCDN-003", ENCOUNTER, Zone::Staging);
        g.deal_shadow(e);
        g.deal_shadow(e);
        drain(&mut g);
        assert_eq!(g.shadows_of(e).count(), 2);
        assert_eq!(g.card(a).zone, Zone::Play(0));
        g.deal_shadow(e);
        drain(&mut g);
        assert_eq!(
            g.shadows_of(e).count(),
            0,
            "its 3 shadow cards are discarded"
        );
        assert_eq!(
            g.card(a).zone,
            Zone::Discard(0),
            "each player discards an ally"
        );
        // Shadow: threat +4 (option 0) ...
        let a2 = g.spawn(ALLY, 0, Zone::Play(0));
        let o = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.spawn("TBoCDN-003", ENCOUNTER, Zone::Shadow(o));
        let before = g.players[0].threat;
        attack_undefended(&mut g, o);
        assert_eq!(g.players[0].threat, before + 4);
        assert_eq!(g.card(a2).zone, Zone::Play(0));
        // ... or an ally discarded instead.
        let o2 = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.spawn("TBoCDN-003", ENCOUNTER, Zone::Shadow(o2));
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(o2, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        while g.pending().is_some() {
            let d = g.pending().unwrap();
            if d.options.contains(&Opt::Mode(1)) {
                g.answer(Opt::Mode(1));
            } else if d.options.contains(&Opt::Card(a2)) {
                g.answer(Opt::Card(a2));
            } else {
                g.apply(0);
            }
        }
        assert_eq!(g.card(a2).zone, Zone::Discard(0));
        assert_eq!(g.players[0].threat, before + 4, "no threat this time");
    }

    #[test]
    fn stronghold_tower() {
        let mut g = nm();
        let t = g.spawn("TBoCDN-004", ENCOUNTER, Zone::Staging);
        let e = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.deal_shadow(e);
        let s = g.shadows_of(e).next().unwrap();
        assert!(g.rule(Rule::CannotBeCanceled(s)));
        // Travel: each player puts 2 damage on one character.
        assert!(tower_travel(&mut g, t, true));
        drain(&mut g);
        let damaged: Vec<i16> = g.characters(0).map(|c| g.card(c).damage).collect();
        assert_eq!(damaged.iter().sum::<i16>(), 2);
        assert!(damaged.contains(&2), "all on one character");
        g.move_card(t, Zone::Active);
        assert!(!g.rule(Rule::CannotBeCanceled(s)), "only while staged");
    }

    #[test]
    fn gates_of_carn_dum() {
        let mut g = nm();
        let gates = g.spawn("TBoCDN-005", ENCOUNTER, Zone::Active);
        let far = g.spawn("TBoCDN-003", ENCOUNTER, Zone::Staging);
        let near = g.spawn(ORC, ENCOUNTER, Zone::Staging);
        assert!(g.stat(near, Stat::Engagement) < g.stat(far, Stat::Engagement));
        g.move_card(gates, Zone::EncounterDiscard);
        g.emit(Event::Explored(gates, true));
        assert_eq!(g.card(gates).zone, Zone::Shadow(near));
        // Shadow: +1 Attack for the attack, no damage for the round.
        let e = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        let atk = g.stat(e, Stat::Attack);
        g.spawn("TBoCDN-005", ENCOUNTER, Zone::Shadow(e));
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        assert_eq!(g.stat(e, Stat::Attack), atk + 1);
        drain(&mut g);
        assert!(!g.can_take_damage(e));
        g.deal_damage(e, 2);
        assert_eq!(g.card(e).damage, 0);
    }

    #[test]
    fn death_and_decay() {
        let mut g = nm();
        let h = g.heroes(0).next().unwrap();
        let st = g.spawn(STEWARD, 0, Zone::Attached(h));
        g.spawn(STEWARD, 0, Zone::Deck(0));
        let me = g.spawn("TBoCDN-006", ENCOUNTER, Zone::Resolving);
        let deck = g.list(Zone::Deck(0)).len();
        g.surge_pending = 0;
        decay_revealed(&mut g, me, 0);
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 3);
        assert_eq!(
            g.card(st).zone,
            Zone::Discard(0),
            "same title in the discard pile"
        );
        assert_eq!(g.surge_pending, 0);
        // Nothing discarded from play: it surges.
        decay_revealed(&mut g, me, 0);
        assert_eq!(g.surge_pending, 1);
    }

    /// The endless chain: every player deck empty (Death and Decay discards nothing from play,
    /// so it always surges) and the encounter deck and discard pile hold only Death and Decay.
    /// The chain resets the deck `RuleOptions::chain_resets` times, then reveals nothing.
    #[test]
    fn death_and_decay_surge_chain_ends() {
        for resets in [1u8, 2] {
            let mut g = nm();
            let mut setup = g.setup.clone();
            setup.options.chain_resets = resets;
            g.setup = Box::leak(Box::new(setup));
            g.set_logging(true);
            while let Some(&c) = g.list(Zone::EncounterDeck).last() {
                g.move_card(c, Zone::Removed);
            }
            while let Some(&c) = g.list(Zone::Deck(0)).last() {
                g.move_card(c, Zone::Removed);
            }
            g.spawn("TBoCDN-006", ENCOUNTER, Zone::EncounterDeck);
            g.spawn("TBoCDN-006", ENCOUNTER, Zone::EncounterDiscard);
            g.phase = Phase::Quest;
            g.revealed_this_round.clear();
            g.push_run(Frame::RevealTop { by: 0 });
            drain(&mut g);
            // One card, then both again after each reset.
            assert_eq!(g.revealed_this_round.len(), 1 + 2 * resets as usize);
            assert!(!g.stack.iter().any(|f| matches!(f, Frame::Reveal { .. })));
            assert_eq!(g.list(Zone::EncounterDiscard).len(), 2);
            assert!(g
                .log_lines()
                .iter()
                .any(|l| l.contains("nothing is revealed")));
            // The next reveal starts a new chain, its first reset included.
            g.revealed_this_round.clear();
            g.push_run(Frame::RevealTop { by: 0 });
            drain(&mut g);
            assert_eq!(g.revealed_this_round.len(), 2 * resets as usize);
        }
    }

    #[test]
    fn howling_of_wargs() {
        let mut g = nm();
        let e = g.spawn(ORC, ENCOUNTER, Zone::Staging);
        let me = g.spawn("TBoCDN-007", ENCOUNTER, Zone::Resolving);
        howling_revealed(&mut g, me, 0);
        g.answer(Opt::Mode(0));
        drain(&mut g);
        assert_eq!(g.shadows_of(e).count(), 1);
        let q = g.spawn("TBoCDN-011", ENCOUNTER, Zone::EncounterDiscard);
        howling_revealed(&mut g, me, 0);
        g.answer(Opt::Mode(1));
        drain(&mut g);
        assert_eq!(g.card(q).zone, Zone::Staging);
        // Shadow: each other engaged enemy that has not attacked gets a shadow card.
        let a = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        let b = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        let done = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.card_mut(done).attacked = true;
        g.spawn("TBoCDN-007", ENCOUNTER, Zone::Shadow(a));
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(a, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        assert_eq!(g.shadows_of(b).count(), 1);
        assert_eq!(g.shadows_of(done).count(), 0);
    }

    #[test]
    fn black_mare() {
        let mut g = nm();
        let t = thaurdir(&mut g);
        let hp = g.stat(t, Stat::HitPoints);
        let m = g.spawn("TBoCDN-008", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, m);
        assert_eq!(g.card(m).zone, Zone::Attached(t));
        assert_eq!(g.stat(t, Stat::HitPoints), hp + 3);
        let before = g.players[0].threat;
        g.flip_card(t);
        drain(&mut g);
        assert_eq!(g.card(m).zone, Zone::Attached(t), "stays across the flip");
        assert_eq!(g.players[0].threat, before + 1);
        // As a shadow card it attaches too.
        let mut g = nm();
        let t = thaurdir(&mut g);
        let e = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        let m = g.spawn("TBoCDN-008", ENCOUNTER, Zone::Shadow(e));
        attack_undefended(&mut g, e);
        assert_eq!(g.card(m).zone, Zone::Attached(t));
    }

    #[test]
    fn protect_the_flanks() {
        let mut g = nm();
        let q = g.spawn("TBoCDN-009", ENCOUNTER, Zone::Staging);
        assert!(g.def_of(q).keywords.siege);
        let e = g.spawn(ORC, ENCOUNTER, Zone::Staging);
        g.deal_shadow(e);
        g.deal_shadow(e);
        let engaged = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.deal_shadow(engaged);
        g.emit(Event::PhaseEnd(Phase::Combat));
        drain(&mut g);
        let total: i16 = g.characters(0).map(|c| g.card(c).damage).sum();
        assert_eq!(total, 2, "one per shadow card on staged enemies");
    }

    #[test]
    fn rally_the_fighters() {
        let mut g = nm();
        let q = g.spawn("TBoCDN-010", ENCOUNTER, Zone::Staging);
        let e = g.spawn(ORC, ENCOUNTER, Zone::Engaged(0));
        g.deal_shadow(e);
        g.deal_shadow(e);
        let s = g.spawn(ORC, ENCOUNTER, Zone::Staging);
        g.deal_shadow(s);
        let sh = g.shadows_of(e).next().unwrap();
        assert!(g.rule(Rule::CannotBeCanceled(sh)));
        g.emit(Event::SideQuestDefeated(q));
        drain(&mut g);
        assert_eq!(g.shadows_of(e).count(), 1);
        assert_eq!(g.shadows_of(s).count(), 0);
    }

    #[test]
    fn sever_the_head() {
        let mut g = nm();
        let t = thaurdir(&mut g);
        let (thr, atk) = (g.stat(t, Stat::Threat), g.stat(t, Stat::Attack));
        let q = g.spawn("TBoCDN-011", ENCOUNTER, Zone::Staging);
        assert!(g.def_of(q).keywords.battle);
        assert_eq!(g.stat(t, Stat::Threat), thr + 2);
        assert_eq!(g.stat(t, Stat::Attack), atk + 2);
        assert!(!g.can_take_damage(t));
        g.move_card(q, Zone::Victory);
        assert_eq!(g.stat(t, Stat::Attack), atk);
    }
}
