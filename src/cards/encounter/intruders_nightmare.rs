//! Intruders in Chetwood Nightmare: the setup card and the Nightmare encounter cards. Each script
//! has a one-line summary in our own words.
//!
//! The setup card's flipped side only tells how to build the Nightmare encounter deck (done by
//! the data: `scenarios.csv` lists the Nightmare deck per mode), so it has no script.

use crate::cards::common::search_encounter_piles;
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1, SHADOW_ATTACK_2};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // The setup card: its text only builds the Nightmare deck (the data does that).
    Script {
        code: "IiCN-001A",
        ..BLANK
    },
    // Orc Abductor: at the end of the round, while staged, fetches and reveals Rescue Iârion.
    // Shadow: 1 damage to the defending character(s).
    Script {
        code: "IiCN-002",
        forced: Some(abductor_forced),
        forced_on: events![RoundEnd],
        shadow: Some(abductor_shadow),
        ..BLANK
    },
    // Soldier of Angmar: when its attack destroys an ally, fetches and reveals Orc Ambush.
    // Shadow: +2 attack.
    Script {
        code: "IiCN-003",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_2,
            ..NO_HINT
        },
        forced: Some(soldier_forced),
        forced_on: events![EnemyAttackEnded],
        shadow: Some(soldier_shadow),
        ..BLANK
    },
    // Northern Chetwood: progress placed on it (while it stays) fetches and reveals Lost in
    // the Wilderness. Shadow: the defending player discards a random card per damage dealt.
    Script {
        code: "IiCN-004",
        forced: Some(northern_forced),
        forced_on: events![ProgressPlaced],
        shadow: Some(northern_shadow),
        resume: Some(northern_resume),
        ..BLANK
    },
    // Greenway Path: at the end of the round, while staged, fetches and reveals Shadow the War
    // Party. Shadow: the attacker goes back to the staging area after the attack.
    Script {
        code: "IiCN-005",
        forced: Some(greenway_forced),
        forced_on: events![RoundEnd],
        shadow: Some(greenway_shadow),
        ..BLANK
    },
    // Outskirts of Archet: travelling here fetches and reveals Protect the Bree-landers.
    // Shadow: +1 attack; if the attack destroys a character, +3 threat to the defending player.
    Script {
        code: "IiCN-006",
        // The side quest it fetches surges: two cards' worth.
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            travel_reveals: 2,
            ..NO_HINT
        },
        travel: Some(outskirts_travel),
        shadow: Some(outskirts_shadow),
        resume: Some(outskirts_resume),
        ..BLANK
    },
    // A Great Host: engaged enemies go back to the staging area; then either Orc Rearguard is
    // fetched and revealed, or each player deals 4 damage to one of his characters.
    Script {
        code: "IiCN-007",
        when_revealed: Some(great_host),
        resume: Some(great_host_resume),
        mode_names: &[
            (0, 0, "fetch and reveal Orc Rearguard"),
            (0, 1, "4 damage to a character each"),
        ],
        ..BLANK
    },
    // Kill Them!: an Orc War Party joins the staging area; then either the main quest loses all
    // its progress, or each staged Orc War Party attacks the player with the highest threat.
    Script {
        code: "IiCN-008",
        hint: Hint {
            reveal_attack: true,
            ..NO_HINT
        },
        when_revealed: Some(kill_them),
        resume: Some(kill_them_resume),
        mode_names: &[
            (0, 0, "the main quest loses its progress"),
            (0, 1, "staged War Parties attack"),
        ],
        ..BLANK
    },
    // Shadow the War Party (side quest): Orc War Parties cannot be engaged or damaged and get
    // +2 threat; when revealed, engaged ones go back to the staging area.
    Script {
        code: "IiCN-009",
        modify: Some(shadow_party_modify),
        global: true,
        global_on: crate::cards::GlobalScope::any(&[Stat::Threat]),
        rule: Some(shadow_party_rule),
        rule_on: crate::rules![CannotBeEngaged, CannotTakeDamage],
        when_revealed: Some(shadow_party_revealed),
        ..BLANK
    },
    // Protect the Bree-landers (side quest): at the end of each quest phase without progress on
    // it, it gains a resource, then every player raises his threat by its resources.
    Script {
        code: "IiCN-010",
        forced: Some(protect_forced),
        forced_on: events![PhaseEnd, ProgressPlaced],
        ..BLANK
    },
];

const ORC_WAR_PARTY: &str = "Orc War Party";

/// Look for `title` among the encounter cards out of play (deck, discard pile, victory display);
/// shuffle the deck; reveal the card found (resolved by the first player). True if found.
fn fetch_and_reveal(g: &mut Game, title: &str) -> bool {
    let found = search_encounter_piles(g, title);
    g.shuffle(Zone::EncounterDeck);
    let Some(c) = found else {
        return false;
    };
    if g.logging() {
        g.log_line(format!("  searched for {title}: revealed"));
    }
    let from_deck = g.card(c).zone == Zone::EncounterDeck;
    let by = g.first;
    g.stack.push(Frame::Reveal {
        card: c,
        by,
        stage: 0,
        from_deck,
    });
    true
}

fn is_war_party(g: &Game, c: CardId) -> bool {
    g.def_of(c).title == ORC_WAR_PARTY
}

/// Damage to each defending character (several with Stand Together).
fn damage_defenders(g: &mut Game, n: i16) {
    let a = g.attack;
    for &d in a.defenders() {
        if g.card(d).zone.in_play() {
            g.deal_damage(d, n);
        }
    }
}

// ------------------------------------------------------------------ enemies

fn abductor_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::RoundEnd && g.card(me).zone == Zone::Staging {
        fetch_and_reveal(g, "Rescue Iârion");
    }
}

fn abductor_shadow(g: &mut Game, _me: CardId) {
    damage_defenders(g, 1);
}

fn soldier_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EnemyAttackEnded(me) && g.attack.enemy == me && g.attack.destroyed_ally {
        fetch_and_reveal(g, "Orc Ambush");
    }
}

fn soldier_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 2), Until::EndOfAttack);
}

// ------------------------------------------------------------------ locations

fn northern_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::ProgressPlaced(c, _) = ev {
        // "Still in play": progress that explores it does not count.
        if c == me
            && g.card(me).zone.in_play()
            && g.card(me).progress < g.stat(me, Stat::QuestPoints)
        {
            fetch_and_reveal(g, "Lost in the Wilderness");
        }
    }
}

fn northern_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

/// End of the attack: the defending player discards a random card per damage the attack dealt.
fn northern_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK {
        return;
    }
    let p = g.attack.player;
    for _ in 0..g.attack.damage_dealt {
        let n = g.list(Zone::Hand(p)).len();
        if n == 0 {
            break;
        }
        let i = rand::Rng::gen_range(&mut g.rng_players[p as usize], 0..n);
        let c = g.list(Zone::Hand(p))[i];
        g.discard(c);
    }
}

fn greenway_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::RoundEnd && g.card(me).zone == Zone::Staging {
        fetch_and_reveal(g, "Shadow the War Party");
    }
}

fn greenway_shadow(g: &mut Game, _me: CardId) {
    g.attack.return_enemy = true;
}

/// The travel "cost" is a search that may find nothing: travel is always allowed.
fn outskirts_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        fetch_and_reveal(g, "Protect the Bree-landers");
    }
    true
}

fn outskirts_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.after = me;
}

fn outskirts_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK && g.attack.destroyed_character {
        let p = g.attack.player;
        g.raise_threat(p, 3);
    }
}

// ------------------------------------------------------------------ treacheries

fn return_engaged(g: &mut Game, f: impl Fn(&Game, CardId) -> bool) {
    for p in 0..g.n_players {
        let mut i = g.engaged(p).len();
        while i > 0 {
            i -= 1;
            let e = g.engaged(p)[i];
            if f(g, e) {
                g.return_to_staging(e);
            }
        }
    }
}

/// Characters `p` controls that can take damage.
fn damage_targets<'g>(g: &'g Game<'g>, p: u8) -> impl Iterator<Item = CardId> + 'g {
    g.characters(p).filter(move |&c| g.can_take_damage(c))
}

fn great_host(g: &mut Game, me: CardId, by: u8) {
    return_engaged(g, |_, _| true);
    // "Either … or": the first player picks an option he can resolve in full (RULES §5.33.4).
    let rearguard = search_encounter_piles(g, "Orc Rearguard").is_some();
    let everyone_can_take = (0..g.n_players)
        .filter(|&p| !g.players[p as usize].eliminated)
        .all(|p| damage_targets(g, p).next().is_some());
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    if rearguard {
        g.offer(Opt::Mode(0));
    }
    if everyone_can_take || !rearguard {
        g.offer(Opt::Mode(1));
    }
    g.ask_script(Cont::new(me, 0).with(by, 0, 0));
}

/// Step 0: the mode. Step 1 + k: player k (offset from the first player) picks a character to
/// take 4 damage.
fn great_host_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = match (cont.step, opt) {
        (0, Opt::Mode(0)) => {
            if !fetch_and_reveal(g, "Orc Rearguard") {
                g.shuffle(Zone::EncounterDeck);
            }
            return;
        }
        (0, _) => 0,
        (s, Opt::Card(c)) => {
            g.deal_damage(c, 4);
            s
        }
        (s, _) => s,
    };
    while k < g.n_players {
        let p = g.seat(k);
        k += 1;
        if g.players[p as usize].eliminated {
            continue;
        }
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 1,
            },
        );
        let targets: SmallIds = damage_targets(g, p).collect();
        for &c in targets.iter() {
            g.offer(Opt::Card(c));
        }
        if g.n_offered() > 0 {
            return g.ask_script(Cont::new(cont.card, k).with(p, 0, 0));
        }
    }
    g.shuffle(Zone::EncounterDeck);
}

fn kill_them(g: &mut Game, me: CardId, by: u8) {
    if let Some(w) = search_encounter_piles(g, ORC_WAR_PARTY) {
        g.move_card(w, Zone::Staging);
        if g.logging() {
            g.log_line("  an Orc War Party is added to the staging area".to_string());
        }
    }
    g.shuffle(Zone::EncounterDeck);
    let progress = g.main_quest().map(|q| g.card(q).progress).unwrap_or(0);
    let parties = g
        .list(Zone::Staging)
        .iter()
        .any(|&c| is_war_party(g, c) && g.is_enemy(c));
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    // Pick an option that changes the game (RULES §5.33.4); with neither, nothing happens.
    if progress > 0 {
        g.offer(Opt::Mode(0));
    }
    if parties {
        g.offer(Opt::Mode(1));
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(me, 0).with(by, 0, 0));
    }
}

/// Step 0: the mode. Step 1: the first player picks among players tied for highest threat.
fn kill_them_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (0, Opt::Mode(0)) => {
            if let Some(q) = g.main_quest() {
                g.card_mut(q).progress = 0;
                if g.logging() {
                    g.log_line("  all progress is removed from the main quest".to_string());
                }
            }
        }
        (0, _) => {
            let top = (0..g.n_players)
                .filter(|&p| !g.players[p as usize].eliminated)
                .map(|p| g.players[p as usize].threat)
                .max();
            let Some(top) = top else { return };
            let first = g.first;
            g.begin_ask(
                first,
                Ask::Effect {
                    card: cont.card,
                    what: 2,
                },
            );
            for k in 0..g.n_players {
                let p = g.seat(k);
                if !g.players[p as usize].eliminated && g.players[p as usize].threat == top {
                    g.offer(Opt::Player(p));
                }
            }
            if g.n_offered() == 1 {
                let Opt::Player(p) = g.offered()[0] else {
                    unreachable!()
                };
                war_parties_attack(g, p);
            } else {
                g.ask_script(Cont::new(cont.card, 1));
            }
        }
        (1, Opt::Player(p)) => war_parties_attack(g, p),
        _ => {}
    }
}

fn war_parties_attack(g: &mut Game, p: u8) {
    let n = g.list(Zone::Staging).len();
    for i in (0..n).rev() {
        let e = g.list(Zone::Staging)[i];
        if is_war_party(g, e) && g.is_enemy(e) {
            g.stack.push(Frame::ImmediateAttack {
                enemy: e,
                player: p,
            });
        }
    }
}

// ------------------------------------------------------------------ side quests

fn shadow_party_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::Threat && g.card(me).zone.in_play() && is_war_party(g, target) {
        2
    } else {
        0
    }
}

fn shadow_party_rule(g: &Game, _me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeEngaged(e) | Rule::CannotTakeDamage(e) => {
            is_war_party(g, e) && g.ty(e) == CardType::Enemy
        }
        _ => false,
    }
}

fn shadow_party_revealed(g: &mut Game, _me: CardId, _by: u8) {
    return_engaged(g, is_war_party);
}

/// `uses_phase` marks "progress was placed on it this phase" (reset at the end of each phase,
/// after the phase-end Forced effects).
fn protect_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::ProgressPlaced(c, _) if c == me => {
            g.set_uses_phase(me, 1);
        }
        Event::PhaseEnd(Phase::Quest)
            if g.card(me).zone.in_play() && g.card(me).uses_phase == 0 =>
        {
            g.card_mut(me).resources += 1;
            let n = g.card(me).resources;
            if g.logging() {
                g.log_line(format!(
                    "  Protect the Bree-landers: no progress, {n} resource(s): +{n} threat each"
                ));
            }
            for p in 0..g.n_players {
                g.raise_threat(p, n);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_with_shadow, db, drain_pending, reveal, reveal_resolving, sandbox, sandbox_in,
    };
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    /// engage57: Kill Them! may make an immediate attack when it is revealed
    /// (`Hint::reveal_attack`): while a copy is in the encounter deck a Defense boost counts
    /// in the quest phase before staging; with none there it does not.
    #[test]
    fn kill_them_reveal_attack_hint() {
        let mut g = sandbox_in("intruders-in-chetwood", Mode::Nightmare, &[HEROES]);
        crate::cards::testkit::check_reveal_attack_hint(&mut g, "IiCN-008");
    }

    fn staged(g: &mut Game, code: &str) -> CardId {
        g.spawn(code, ENCOUNTER, Zone::Staging)
    }

    fn titled(g: &Game, z: Zone, title: &str) -> Vec<CardId> {
        g.list(z)
            .iter()
            .copied()
            .filter(|&c| g.def_of(c).title == title)
            .collect()
    }

    #[test]
    fn intruders_in_chetwood_nightmare() {
        // The Nightmare encounter deck: the standard deck less the listed cards, plus the
        // Nightmare cards (41 cards, as scenarios.json says).
        let g = sandbox_in("intruders-in-chetwood", Mode::Nightmare, &[HEROES]);
        let sc = &db().scenarios[db().scenario("intruders-in-chetwood").unwrap()];
        let n: u32 = sc.encounter[Mode::Nightmare as usize]
            .iter()
            .map(|&(_, k)| k as u32)
            .sum();
        assert_eq!(n, 41);
        let all: Vec<CardId> = (0..g.cards.len() as CardId)
            .filter(|&c| g.card(c).owner == ENCOUNTER)
            .collect();
        let count = |t: &str| all.iter().filter(|&&c| g.def_of(c).title == t).count();
        assert_eq!(count("Orc Abductor"), 3);
        assert_eq!(count("Kill Them!"), 3);
        assert_eq!(count("Surprising Speed"), 0, "all 3 removed");
        assert_eq!(count("Angmar Marauder"), 0, "all 3 removed");
        assert_eq!(count("Chetwood Forest"), 1, "3 less 2");
        let setup = all
            .iter()
            .copied()
            .find(|&c| g.def_of(c).code == "IiCN-001A")
            .expect("setup card");
        assert_eq!(g.card(setup).zone, Zone::Nightmare);
        assert!(crate::cards::lookup("IiCN-001A").is_some());
    }

    #[test]
    fn orc_abductor() {
        let mut g = sandbox(&[HEROES]);
        let a = staged(&mut g, "IiCN-002");
        let rescue = g.spawn("TLR-024", ENCOUNTER, Zone::EncounterDiscard);
        let _ = rescue;
        g.emit(Event::RoundEnd);
        drain_pending(&mut g);
        assert_eq!(
            titled(&g, Zone::Staging, "Rescue Iârion").len(),
            1,
            "revealed"
        );
        // Not in the staging area: nothing.
        let mut g = sandbox(&[HEROES]);
        let a2 = g.spawn("IiCN-002", ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::RoundEnd);
        drain_pending(&mut g);
        assert!(titled(&g, Zone::Staging, "Rescue Iârion").is_empty());
        // Shadow: 1 damage to the defender.
        let _ = a;
        let h = g.heroes(0).next().unwrap();
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let _ = a2;
        g.card_mut(h).damage = 0;
        attack_with_shadow(&mut g, orc, "IiCN-002");
        g.answer(Opt::Card(h));
        let base = (g.stat(orc, Stat::Attack) - g.stat(h, Stat::Defense)).max(0);
        assert_eq!(g.card(h).damage, base + 1);
    }

    #[test]
    fn soldier_of_angmar() {
        let mut g = sandbox(&[HEROES]);
        let s = g.spawn("IiCN-003", ENCOUNTER, Zone::Engaged(0));
        let ambush = g.spawn("TLR-046", ENCOUNTER, Zone::EncounterDiscard);
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.attack = AttackCtx::new(s, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        drain_pending(&mut g);
        assert_ne!(g.card(ally).zone, Zone::Play(0), "ally destroyed");
        let _ = ambush;
        assert_eq!(titled(&g, Zone::Staging, "Orc Ambush").len(), 1, "revealed");
        // Shadow: +2 attack.
        let mut g = sandbox(&[HEROES]);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let h = g.heroes(0).next().unwrap();
        let base = g.stat(orc, Stat::Attack);
        attack_with_shadow(&mut g, orc, "IiCN-003");
        g.answer(Opt::Card(h));
        assert_eq!(
            g.card(h).damage,
            (base + 2 - g.stat(h, Stat::Defense)).max(0)
        );
    }

    #[test]
    fn northern_chetwood() {
        let mut g = sandbox(&[HEROES]);
        let n = staged(&mut g, "IiCN-004");
        const LOST: &str = "Lost in the Wilderness";
        g.spawn("TLR-051", ENCOUNTER, Zone::EncounterDiscard);
        g.add_progress(n, 6);
        g.settle();
        drain_pending(&mut g);
        assert!(
            titled(&g, Zone::Staging, LOST).is_empty(),
            "explored: no search"
        );
        assert!(!g.card(n).zone.in_play(), "explored");
        let n = staged(&mut g, "IiCN-004");
        g.add_progress(n, 2);
        g.settle();
        drain_pending(&mut g);
        assert_eq!(titled(&g, Zone::Staging, LOST).len(), 1, "revealed");
        // Shadow: one random card from hand per damage dealt.
        let mut g = sandbox(&[HEROES]);
        let orc = g.spawn("IiCN-003", ENCOUNTER, Zone::Engaged(0)); // attack 5
        let h = g.heroes(0).next().unwrap();
        let hand = g.list(Zone::Hand(0)).len();
        attack_with_shadow(&mut g, orc, "IiCN-004");
        g.answer(Opt::Card(h));
        drain_pending(&mut g);
        let dealt = (5 - g.stat(h, Stat::Defense)).max(0) as usize;
        assert!(dealt > 0);
        assert_eq!(g.list(Zone::Hand(0)).len(), hand.saturating_sub(dealt));
    }

    #[test]
    fn greenway_path() {
        let mut g = sandbox(&[HEROES]);
        staged(&mut g, "IiCN-005");
        let sq = g.spawn("IiCN-009", ENCOUNTER, Zone::EncounterDeck);
        g.emit(Event::RoundEnd);
        drain_pending(&mut g);
        assert!(g.card(sq).zone.in_play(), "Shadow the War Party revealed");
        // Shadow: the attacker returns to the staging area.
        let mut g = sandbox(&[HEROES]);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, orc, "IiCN-005");
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        drain_pending(&mut g);
        assert_eq!(g.card(orc).zone, Zone::Staging);
    }

    #[test]
    fn outskirts_of_archet() {
        let mut g = sandbox(&[HEROES]);
        let o = staged(&mut g, "IiCN-006");
        let sq = g.spawn("IiCN-010", ENCOUNTER, Zone::EncounterDiscard);
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(o));
        drain_pending(&mut g);
        assert_eq!(g.active_location(), Some(o));
        assert!(
            g.card(sq).zone.in_play(),
            "Protect the Bree-landers revealed"
        );
        // Shadow: +1 attack; a destroyed defender raises the defending player's threat by 3.
        let mut g = sandbox(&[HEROES]);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, orc, "IiCN-006");
        g.answer(Opt::Card(ally));
        drain_pending(&mut g);
        assert_ne!(g.card(ally).zone, Zone::Play(0));
        assert_eq!(g.players[0].threat, t + 3);
        // Nothing destroyed: no threat.
        let mut g = sandbox(&[HEROES]);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let h = g.heroes(0).next().unwrap();
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, orc, "IiCN-006");
        g.answer(Opt::Card(h));
        drain_pending(&mut g);
        assert_eq!(g.players[0].threat, t);
    }

    #[test]
    fn a_great_host() {
        // Orc Rearguard available: the first player may fetch it.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let r = g.spawn("TLR-023", ENCOUNTER, Zone::EncounterDiscard);
        let s = g.spawn("IiCN-007", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        assert_eq!(g.card(e).zone, Zone::Staging, "engaged enemies return");
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        drain_pending(&mut g);
        let _ = r;
        assert_eq!(titled(&g, Zone::Staging, "Orc Rearguard").len(), 1);
        // No Rearguard to find: each player deals 4 damage to one of his characters.
        let mut g = sandbox(&[HEROES]);
        for c in titled(&g, Zone::EncounterDeck, "Orc Rearguard") {
            g.move_card(c, Zone::Removed);
        }
        let s = g.spawn("IiCN-007", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        // Only one option: straight to the choice of character.
        let h = g.heroes(0).nth(2).unwrap();
        assert!(options(&g).contains(&Opt::Card(h)));
        g.answer(Opt::Card(h));
        drain_pending(&mut g);
        assert!(g.card(h).damage >= 4 || !g.card(h).zone.in_play());
    }

    fn options(g: &Game) -> Vec<Opt> {
        crate::cards::testkit::options(g)
    }

    #[test]
    fn kill_them() {
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 5;
        let before = titled(&g, Zone::Staging, ORC_WAR_PARTY).len();
        let k = g.spawn("IiCN-008", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, k);
        assert_eq!(titled(&g, Zone::Staging, ORC_WAR_PARTY).len(), before + 1);
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        drain_pending(&mut g);
        assert_eq!(g.card(q).progress, 0);
        // No progress: the War Party attacks the player with the highest threat.
        let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
        g.players[1].threat = 40;
        let k = g.spawn("IiCN-008", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, k);
        // Only the attacks can change the game: no choice to make.
        let p = g.pending().expect("an attack against P2");
        assert_eq!(p.player, 1);
        assert!(matches!(p.ask, Ask::Defender { .. }));
    }

    #[test]
    fn shadow_the_war_party() {
        let mut g = sandbox(&[HEROES]);
        let w = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        let t = g.printed(w, Stat::Threat);
        let sq = g.spawn("IiCN-009", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, sq);
        assert_eq!(g.card(w).zone, Zone::Staging, "engaged War Party returns");
        assert_eq!(g.stat(w, Stat::Threat), t + 2);
        g.engage(w, 0);
        assert_eq!(g.card(w).zone, Zone::Staging, "cannot be engaged");
        g.players[0].threat = 50;
        g.push_run(Frame::EngagementChecks {
            seat: 0,
            any: false,
        });
        assert_eq!(g.card(w).zone, Zone::Staging);
        let other = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.deal_damage(other, 1);
        assert_eq!(g.card(other).damage, 1, "other enemies unaffected");
        assert!(g.rule(Rule::CannotTakeDamage(w)));
        assert!(!g.rule(Rule::CannotBeEngaged(other)));
    }

    #[test]
    fn protect_the_bree_landers() {
        let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
        let p = staged(&mut g, "IiCN-010");
        let t0 = g.players[0].threat;
        let t1 = g.players[1].threat;
        g.phase = Phase::Quest;
        g.emit(Event::PhaseEnd(Phase::Quest));
        assert_eq!(g.card(p).resources, 1);
        assert_eq!(g.players[0].threat, t0 + 1);
        assert_eq!(g.players[1].threat, t1 + 1);
        g.emit(Event::PhaseEnd(Phase::Quest));
        assert_eq!(g.card(p).resources, 2);
        assert_eq!(g.players[0].threat, t0 + 3);
        // Progress placed this phase: nothing.
        g.add_progress(p, 1);
        g.emit(Event::PhaseEnd(Phase::Quest));
        assert_eq!(g.card(p).resources, 2);
        assert_eq!(g.players[0].threat, t0 + 3);
    }
}
