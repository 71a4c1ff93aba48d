//! The Weather Hills Nightmare: the setup card and the Nightmare encounter cards. Each script has
//! a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck per mode); side A lies in `Zone::Nightmare`
//! all game. Its setup runs after stage 1A's (which builds the Orc deck).
//!
//! Captive Villager and its guard: the Villager is held like a classic guarded objective
//! (RULES §5.4): it is attached to the encounter card revealed from the Orc deck to guard it,
//! and when that card leaves play the engine frees it into the staging area
//! (`Event::Unguarded`); free of encounters, it goes to the first player's play area at once.

use super::weather_hills::remove_mission_token;
use crate::cards::common::log;
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): at setup every Captive Villager and Rearguard Ambusher of the
    // encounter deck joins the Orc deck, which is shuffled; no victory as long as any Villager
    // still has an encounter guard; a Villager leaving play loses.
    Script {
        code: "TWHN-011A",
        setup: Some(nightmare_setup),
        rule: Some(nightmare_rule),
        rule_on: crate::rules![CannotWin],
        forced: Some(nightmare_forced),
        forced_on: events![LeftPlay],
        ..BLANK
    },
    // Captive Villager (objective-ally): entering play, it takes the Orc deck's top card,
    // revealed, as its guard; free of encounters, the first player controls it (following the
    // first player token) and counts 5 more threat for engagement checks.
    Script {
        code: CAPTIVE_VILLAGER,
        forced: Some(villager_forced),
        forced_on: events![EntersPlay, FirstPlayerChanged, Revealing, Unguarded],
        resume: Some(villager_resume),
        engagement_threat: Some(villager_engagement_threat),
        ..BLANK
    },
    // Rearguard Ambusher: never optionally engaged; once it engages a player, every damaged
    // character of that player exhausts (roll49: damage costs more while it is in play,
    // `Hint::punishes_damage`).
    Script {
        code: REARGUARD_AMBUSHER,
        hint: Hint {
            punishes_damage: true,
            ..NO_HINT
        },
        rule: Some(ambusher_rule),
        rule_on: crate::rules![CannotBeOptionallyEngaged],
        forced: Some(ambusher_forced),
        forced_on: events![Engaged],
        ..BLANK
    },
    // Angmar Raider: a heal on a character of its engaged player makes it attack that player at
    // once; shadow: the attacker has +2 Defense for the rest of the phase.
    Script {
        code: "TWHN-014",
        forced: Some(raider_forced),
        forced_on: events![Healed],
        shadow: Some(raider_shadow),
        ..BLANK
    },
    // Weather-torn Valley: no progress on it in the staging area; while it is the active
    // location, the effects of Weather cards cannot be canceled.
    Script {
        code: "TWHN-015",
        rule: Some(valley_rule),
        rule_on: crate::rules![CannotBeCanceled, CannotPlaceProgress],
        ..BLANK
    },
    // Ruined Watch-tower: in the staging area, each Orc enemy revealed makes each player put 1
    // damage on one of his characters; while active, enemies have +3 Defense.
    Script {
        code: "TWHN-016",
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        modify: Some(tower_modify),
        global: true,
        global_on: crate::cards::GlobalScope::enemies(&[Stat::Defense]),
        forced: Some(tower_forced),
        forced_on: events![Revealing],
        resume: Some(tower_resume),
        ..BLANK
    },
    // Rain-washed Tracks (Weather): a Mission token goes, or the staging area has +8 threat this
    // phase; shadow: a Mission token goes, or the attacker has +3 Attack.
    Script {
        code: "TWHN-017",
        hint: Hint {
            effect: Some(bot::rain_washed_tracks_effect),
            ..NO_HINT
        },
        when_revealed: Some(tracks_revealed),
        shadow: Some(tracks_shadow),
        resume: Some(tracks_resume),
        mode_names: &[
            (0, 0, "remove a Mission token"),
            (0, 1, "staging area +8 threat"),
            (1, 0, "remove a Mission token"),
            (1, 1, "attacker +3 Attack"),
        ],
        ..BLANK
    },
    // Track the Orcs (side quest): enemies have +10 engagement cost and none may be optionally
    // engaged; revealed, it reveals the Orc deck's top card (two with 3+ players).
    Script {
        code: "TWHN-018",
        modify: Some(track_modify),
        global: true,
        global_on: crate::cards::GlobalScope::enemies(&[Stat::Engagement]),
        rule: Some(track_rule),
        rule_on: crate::rules![CannotBeOptionallyEngaged],
        when_revealed: Some(track_revealed),
        ..BLANK
    },
];

const CAPTIVE_VILLAGER: &str = "TWHN-012";
const REARGUARD_AMBUSHER: &str = "TWHN-013";

fn is_villager(g: &Game, c: CardId) -> bool {
    g.def_of(c).code == CAPTIVE_VILLAGER
}

fn nightmare_setup(g: &mut Game, _me: CardId) {
    let moving: Vec<CardId> = g
        .list(Zone::EncounterDeck)
        .iter()
        .copied()
        .filter(|&c| {
            let code = g.def_of(c).code.as_str();
            code == CAPTIVE_VILLAGER || code == REARGUARD_AMBUSHER
        })
        .collect();
    for &c in &moving {
        g.move_card(c, Zone::OrcDeck);
    }
    g.shuffle(Zone::OrcDeck);
    log(g, |g| {
        format!(
            "  Nightmare setup: {} card(s) into the Orc deck ({} cards)",
            moving.len(),
            g.list(Zone::OrcDeck).len()
        )
    });
}

/// A Captive Villager is guarded while it is attached to an encounter card (RULES §8.3).
fn villager_guarded(g: &Game) -> bool {
    g.list(Zone::Attached(0)).iter().any(|&c| {
        is_villager(g, c)
            && matches!(g.card(c).zone, Zone::Attached(h) if g.card(h).owner == ENCOUNTER)
    })
}

fn nightmare_rule(g: &Game, _me: CardId, r: Rule) -> bool {
    r == Rule::CannotWin && villager_guarded(g)
}

fn nightmare_forced(g: &mut Game, _me: CardId, ev: Event) {
    if let Event::LeftPlay(c) = ev {
        if is_villager(g, c) {
            log(g, |_| "  a Captive Villager left play".to_string());
            g.end_game(crate::record::Outcome::LossScenario);
        }
    }
}

// ------------------------------------------------------------------ Captive Villager

/// Entering play (revealed into the staging area, or put there), the Villager reveals its guard;
/// freed, it passes to the first player; it follows the first player token while free.
fn villager_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::Revealing(c, _) | Event::EntersPlay(c)
            if c == me && g.card(me).zone == Zone::Staging =>
        {
            match next_orc_card(g) {
                Some(top) => {
                    let first = g.first;
                    g.stack.push(Frame::Resume {
                        cont: Cont::new(me, 1).with(0, top as i16, 0),
                    });
                    log(g, |g| {
                        format!("  {} reveals its guard from the Orc deck", g.title(me))
                    });
                    g.stack.push(Frame::Reveal {
                        card: top,
                        by: first,
                        stage: 0,
                        from_deck: true,
                    });
                }
                // An empty Orc deck is ignored (RULES §8.5.4): nothing guards it.
                None => villager_free(g, me),
            }
        }
        Event::Unguarded(c) if c == me => villager_free(g, me),
        Event::FirstPlayerChanged(p) => {
            if let Zone::Play(q) = g.card(me).zone {
                if q != p && !g.players[p as usize].eliminated {
                    g.move_card_keep(me, Zone::Play(p));
                    log(g, |g| format!("  {} follows the first player", g.title(me)));
                }
            }
        }
        _ => {}
    }
}

/// The top card of the Orc deck that is not already being revealed. When several Orc-deck cards
/// are revealed at once (stage 1B or Track the Orcs with 3+ players), the engine reveals them one
/// after the other, so the ones still waiting are in the deck; they were revealed together with
/// the Villager, and its guard is the card under them.
fn next_orc_card(g: &Game) -> Option<CardId> {
    let waiting = |c: CardId| {
        g.stack
            .iter()
            .any(|f| matches!(*f, Frame::Reveal { card, stage: 0, .. } if card == c))
    };
    g.list(Zone::OrcDeck)
        .iter()
        .rev()
        .copied()
        .find(|&c| !waiting(c))
}

/// Free of encounters in the staging area: the first player takes control of it.
fn villager_free(g: &mut Game, me: CardId) {
    if g.card(me).zone != Zone::Staging {
        return;
    }
    let p = g.first;
    g.move_card_keep(me, Zone::Play(p));
    log(g, |g| {
        format!(
            "  {} is free: P{} controls it",
            g.title(me),
            g.card(me).controller + 1
        )
    });
}

/// Step 1 (`a` = the revealed guard): an enemy or location still in play guards the Villager
/// (it is attached to it); one that already left play leaves it free. Engine choice, as for a
/// classic Guarded card revealed as a guard (RULES §5.4.4): a card that cannot guard (another
/// Captive Villager, which looks for its own guard) makes the Orc deck reveal one more card.
fn villager_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    let me = cont.card;
    if cont.step != 1 || g.card(me).zone != Zone::Staging {
        return;
    }
    let guard = cont.a as CardId;
    if g.is_enemy(guard) || g.is_location(guard) {
        if g.card(guard).zone.in_play() {
            g.move_card_keep(me, Zone::Attached(guard));
            log(g, |g| {
                format!("  {} guards {}", g.title(guard), g.title(me))
            });
        } else {
            villager_free(g, me);
        }
        return;
    }
    // Not a guard: look again (a Villager still in the staging area reveals the next card).
    villager_forced(g, me, Event::EntersPlay(me));
}

fn villager_engagement_threat(g: &Game, me: CardId, p: u8) -> i16 {
    if g.card(me).zone == Zone::Play(p) {
        5
    } else {
        0
    }
}

// ------------------------------------------------------------------ Rearguard Ambusher

fn ambusher_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotBeOptionallyEngaged(me)
}

fn ambusher_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            let damaged: SmallIds = g.characters(p).filter(|&c| g.card(c).damage > 0).collect();
            for &c in damaged.iter() {
                g.exhaust(c);
            }
            log(g, |_| {
                format!(
                    "  Rearguard Ambusher exhausts {} damaged character(s)",
                    damaged.len()
                )
            });
        }
    }
}

// ------------------------------------------------------------------ Angmar Raider

fn raider_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Healed(c, _) = ev {
        if let Zone::Engaged(p) = g.card(me).zone {
            if g.is_character(c) && g.card(c).zone == Zone::Play(p) {
                log(g, |g| format!("  {} attacks after a heal", g.title(me)));
                g.stack.push(Frame::ImmediateAttack {
                    enemy: me,
                    player: p,
                });
            }
        }
    }
}

fn raider_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Defense, 2), Until::EndOfPhase);
}

// ------------------------------------------------------------------ Weather-torn Valley

fn valley_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotPlaceProgress(c) => c == me && g.card(me).zone == Zone::Staging,
        Rule::CannotBeCanceled(c) => g.card(me).zone == Zone::Active && g.has_trait(c, "Weather"),
        _ => false,
    }
}

// ------------------------------------------------------------------ Ruined Watch-tower

fn tower_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Defense && g.card(me).zone == Zone::Active && g.is_enemy(target);
    3 * on as i16
}

fn tower_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Revealing(c, _) = ev {
        if g.card(me).zone == Zone::Staging && g.is_enemy(c) && g.has_trait(c, "Orc") {
            log(g, |g| {
                format!("  {}: an Orc enemy is revealed", g.title(me))
            });
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(0, 1, 1),
            });
        }
    }
}

fn tower_resume(g: &mut Game, cont: Cont, opt: Opt) {
    deal_damage_steps(g, cont, opt, 0, false, Dealers::Each, common::own_character);
}

// ------------------------------------------------------------------ Rain-washed Tracks

/// Ask `p` (prompt `what`: 0 when revealed, 1 shadow): Mode 0 removes a Mission token (offered
/// only when there is one to remove: the choice must be one he can carry out, RULES §5.33.4),
/// Mode 1 is the other effect. Resumes at step `what + 1`.
fn tracks_ask(g: &mut Game, me: CardId, p: u8, what: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what });
    if common::mission(g).is_some_and(|m| g.card(m).resources > 0) {
        g.offer(Opt::Mode(0));
    }
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, what + 1));
}

fn tracks_revealed(g: &mut Game, me: CardId, by: u8) {
    tracks_ask(g, me, by, 0);
}

fn tracks_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    tracks_ask(g, me, p, 1);
}

fn tracks_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match (cont.step, opt) {
        (1 | 2, Opt::Mode(0)) => {
            if let Some(m) = common::mission(g) {
                remove_mission_token(g, m);
            }
        }
        (1, _) => g.add_lasting(me, Lasting::StagingThreat(8), Until::EndOfPhase),
        (2, _) => {
            let e = g.attack.enemy;
            if e != NO_CARD {
                g.add_lasting(e, Lasting::Stat(Stat::Attack, 3), Until::EndOfAttack);
            }
        }
        _ => {}
    }
}

// ------------------------------------------------------------------ Track the Orcs

fn track_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Engagement && g.card(me).zone.in_play() && g.is_enemy(target);
    10 * on as i16
}

fn track_rule(_g: &Game, _me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotBeOptionallyEngaged(_))
}

fn track_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let n = if g.players_in_game() >= 3 { 2 } else { 1 };
    crate::cards::encounter::weather_hills::reveal_orc_cards(g, n);
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Rain-washed Tracks (The Weather Hills Nightmare): a Mission token (Mode 0), or +8
    /// staging threat this phase (Mode 1, when revealed) / +3 Attack (Mode 1, shadow). A
    /// token goes unless it is one of the last 2 of Savage Counter-attack (they are lives);
    /// outside the quest phase the +8 threat costs nothing, so it is taken then.
    pub(super) fn rain_washed_tracks_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        let w = what;
        let keep = mission_tokens(g).is_some_and(|(savage, t)| savage && t <= 2);
        let harmless = w == 0 && g.phase != Phase::Quest;
        let mode = if keep || harmless { 1 } else { 0 };
        find(o, Opt::Mode(mode)).or_else(|| find(o, Opt::Mode(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{attack_with_shadow, drain, heroes, options, reveal, sandbox_in};
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    #[test]
    fn the_weather_hills_nightmare() {
        // The Nightmare deck: the standard deck less the listed cards plus the Nightmare set.
        let count =
            |m: Mode, t: &str| crate::cards::testkit::encounter_copies("the-weather-hills", m, t);
        for (t, removed) in [
            ("Cornered Orc", 3),
            ("Sheltered Valley", 3),
            ("Concealed Orc-camp", 1),
            ("Angmar Marauder", 1),
            ("Angmar Orc", 2),
            ("Ruins of Arnor", 3),
            ("Tragic Discovery", 2),
        ] {
            // The card lists 3 Sheltered Valleys where the standard deck has 2: all go.
            assert_eq!(
                count(Mode::Nightmare, t),
                count(Mode::Standard, t).saturating_sub(removed),
                "{t}"
            );
        }
        for (t, n) in [
            ("Captive Villager", 3),
            ("Rearguard Ambusher", 3),
            ("Angmar Raider", 4),
            ("Weather-torn Valley", 2),
            ("Ruined Watch-tower", 3),
            ("Rain-washed Tracks", 3),
            ("Track the Orcs", 1),
        ] {
            assert_eq!(count(Mode::Nightmare, t), n, "{t}");
        }
        // The setup card is in play in the Nightmare zone; its setup fills the Orc deck.
        let mut g = sandbox_in("the-weather-hills", Mode::Nightmare, &[HEROES]);
        let setup = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(setup).code, "TWHN-011A");
        assert!(g.in_play_cards().any(|c| c == setup));
        let orcs = g.list(Zone::OrcDeck).len();
        let f = g.script(setup).and_then(|s| s.setup).expect("setup hook");
        f(&mut g, setup);
        let in_orc = |g: &Game, code: &str| {
            g.list(Zone::OrcDeck)
                .iter()
                .filter(|&&c| g.def_of(c).code == code)
                .count()
        };
        assert_eq!(in_orc(&g, CAPTIVE_VILLAGER), 3);
        assert_eq!(in_orc(&g, REARGUARD_AMBUSHER), 3);
        assert_eq!(g.list(Zone::OrcDeck).len(), orcs + 6);
        assert!(g
            .list(Zone::EncounterDeck)
            .iter()
            .all(|&c| !is_villager(&g, c)));
        g.check_invariants().unwrap();
        // No victory as long as an encounter card guards a Villager.
        assert!(!g.rule(Rule::CannotWin));
        let guard = g.spawn("TWHN-013", ENCOUNTER, Zone::Staging);
        let v = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::Attached(guard));
        assert!(g.rule(Rule::CannotWin));
        // Free (in the first player's play area): the players may win again.
        g.move_card(v, Zone::Play(0));
        g.card_mut(v).controller = 0;
        assert!(!g.rule(Rule::CannotWin));
        assert!(g.outcome().is_none());
        // Leaving play loses the game.
        g.discard(v);
        drain(&mut g);
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const THIRD: &[&str] = &["Core-007", "Core-008", "Core-009"];
    const ORC_CAMP: &str = "TLR-030";
    const HILLTOP: &str = "TLR-027";

    /// A Nightmare sandbox with an empty Orc deck, an encounter deck of plain Weathered
    /// Hilltops and stage 1B's Weather surge already used this round.
    fn nightmare(seats: &[&[&str]]) -> Game<'static> {
        let mut g = sandbox_in("the-weather-hills", Mode::Nightmare, seats);
        for z in [Zone::OrcDeck, Zone::EncounterDeck] {
            while let Some(&c) = g.list(z).last() {
                g.move_card(c, Zone::Removed);
            }
        }
        for _ in 0..6 {
            g.spawn(HILLTOP, ENCOUNTER, Zone::EncounterDeck);
        }
        let q = g.main_quest().unwrap();
        g.card_mut(q).uses_round = 1;
        g
    }

    fn staging_has(g: &Game, code: &str) -> usize {
        g.list(Zone::Staging)
            .iter()
            .filter(|&&c| g.def_of(c).code == code)
            .count()
    }

    #[test]
    fn captive_villager() {
        let mut g = nightmare(&[HEROES]);
        let amb = g.spawn(REARGUARD_AMBUSHER, ENCOUNTER, Zone::OrcDeck);
        let v = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::OrcDeck);
        // Revealed from the Orc deck: the next Orc-deck card is revealed and guards it.
        reveal(&mut g, v);
        drain(&mut g);
        assert_eq!(g.card(amb).zone, Zone::Staging);
        assert_eq!(g.card(v).zone, Zone::Attached(amb));
        assert!(g.rule(Rule::CannotWin), "guarded: no victory");
        let t = g.players[0].threat;
        assert_eq!(g.engagement_threat(0), t, "no bonus while guarded");
        // The guard engages and is destroyed: the Villager is free, under the first player.
        g.engage(amb, 0);
        drain(&mut g);
        assert_eq!(
            g.card(v).zone,
            Zone::Attached(amb),
            "it stays with its guard"
        );
        g.deal_damage(amb, 4);
        drain(&mut g);
        assert_eq!(g.card(amb).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(v).zone, Zone::Play(0));
        assert_eq!(g.controller(v), 0);
        assert!(g.outcome().is_none(), "freed, not gone");
        assert!(!g.rule(Rule::CannotWin));
        // +5 threat for engagement checks only.
        assert_eq!(g.engagement_threat(0), t + 5);
        assert_eq!(g.players[0].threat, t);
        g.players[0].threat = 20;
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging); // Angmar Orc, engagement 25
        g.push_run(Frame::EngagementChecks {
            seat: 0,
            any: false,
        });
        drain(&mut g);
        assert_eq!(g.card(e).zone, Zone::Engaged(0), "20 + 5 engages a 25");

        // Control follows the first player; the bonus goes with it.
        let mut g = nightmare(&[HEROES, OTHER]);
        let v = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::OrcDeck);
        reveal(&mut g, v);
        drain(&mut g);
        assert_eq!(
            g.card(v).zone,
            Zone::Play(0),
            "empty Orc deck: no guard, free"
        );
        assert!(g.outcome().is_none());
        g.set_first_player(1);
        drain(&mut g);
        assert_eq!(g.card(v).zone, Zone::Play(1));
        assert_eq!(g.controller(v), 1);
        assert_eq!(g.engagement_threat(1), g.players[1].threat + 5);
        assert_eq!(g.engagement_threat(0), g.players[0].threat);
        // Destroyed: it left play, the players lose.
        g.deal_damage(v, 2);
        drain(&mut g);
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));

        // Another Villager revealed as the guard looks for its own; the first one then takes
        // the next card (none left here: it is free). A location guard explored frees it.
        let mut g = nightmare(&[HEROES]);
        let camp = g.spawn(ORC_CAMP, ENCOUNTER, Zone::OrcDeck);
        let v2 = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::OrcDeck);
        let v1 = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::OrcDeck);
        reveal(&mut g, v1);
        drain(&mut g);
        assert_eq!(g.card(v2).zone, Zone::Attached(camp));
        assert_eq!(g.card(v1).zone, Zone::Play(0));
        assert!(g.list(Zone::OrcDeck).is_empty());
        assert!(g.rule(Rule::CannotWin));
        g.move_card_keep(camp, Zone::Active);
        g.add_progress(camp, 2);
        drain(&mut g);
        assert_ne!(g.card(camp).zone, Zone::Active, "explored");
        assert_eq!(g.card(v2).zone, Zone::Play(0));
        assert!(!g.rule(Rule::CannotWin));
        assert!(g.outcome().is_none());
    }

    #[test]
    fn rearguard_ambusher() {
        let mut g = nightmare(&[HEROES]);
        let amb = g.spawn(REARGUARD_AMBUSHER, ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::CannotBeOptionallyEngaged(amb)));
        // Not offered for optional engagement (only Pass: nothing to decide).
        g.push_run(Frame::OptionalEngage { seat: 0 });
        assert!(g.pending().is_none());
        assert_eq!(g.card(amb).zone, Zone::Staging);
        // An engagement check brings it in: damaged characters exhaust, others do not.
        let hs = heroes(&g, 0);
        g.card_mut(hs[0]).damage = 1;
        g.players[0].threat = 20;
        g.push_run(Frame::EngagementChecks {
            seat: 0,
            any: false,
        });
        drain(&mut g);
        assert_eq!(g.card(amb).zone, Zone::Engaged(0));
        assert!(!g.is_ready(hs[0]));
        assert!(g.is_ready(hs[1]) && g.is_ready(hs[2]));
        // roll49: damage costs more while it is in play (`Hint::punishes_damage`).
        let h = crate::cards::hints::hint(&g, amb);
        assert!(h.punishes_damage && !h.hardens_when_damaged);
    }

    #[test]
    fn angmar_raider() {
        let mut g = nightmare(&[HEROES, OTHER]);
        let r = g.spawn("TWHN-014", ENCOUNTER, Zone::Engaged(0));
        // roll49: it punishes healing, not damage: no `punishes_damage` (which heals early).
        assert!(!crate::cards::hints::hint(&g, r).punishes_damage);
        let (a, b) = (heroes(&g, 0)[0], heroes(&g, 1)[0]);
        g.card_mut(a).damage = 2;
        g.card_mut(b).damage = 2;
        // A heal on another player's character, or no heal at all: nothing.
        g.heal(b, 1);
        g.settle();
        assert!(g.pending().is_none());
        g.heal(a, 0);
        g.settle();
        assert!(g.pending().is_none());
        // A canceled damage is no heal.
        crate::cards::common::cancel_damage(&mut g, a, 1);
        g.settle();
        assert!(g.pending().is_none());
        assert_eq!(g.card(a).damage, 1);
        // A heal on the engaged player's character: it attacks him at once.
        g.heal(a, 1);
        g.settle();
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: r }));
        assert_eq!(g.pending().unwrap().player, 0);
        // In the staging area it does not.
        let mut g = nightmare(&[HEROES]);
        g.spawn("TWHN-014", ENCOUNTER, Zone::Staging);
        let a = heroes(&g, 0)[0];
        g.card_mut(a).damage = 2;
        g.heal(a, 2);
        g.settle();
        assert!(g.pending().is_none());
        // Shadow: the attacker keeps its Defense bonus (2) for the rest of the phase.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let d = g.stat(e, Stat::Defense);
        attack_with_shadow(&mut g, e, "TWHN-014");
        g.answer(Opt::Card(a));
        drain(&mut g);
        assert_eq!(g.stat(e, Stat::Defense), d + 2);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(e, Stat::Defense), d);
    }

    #[test]
    fn weather_torn_valley() {
        let mut g = nightmare(&[&["Core-008"]]);
        let v = g.spawn("TWHN-015", ENCOUNTER, Zone::Staging);
        g.add_progress(v, 2);
        assert_eq!(g.card(v).progress, 0, "none in the staging area");
        // In the staging area a Weather treachery can still be canceled (Eleanor).
        let eleanor = heroes(&g, 0)[0];
        let w = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDeck); // Biting Wind
        assert!(!g.rule(Rule::CannotBeCanceled(w)));
        reveal(&mut g, w);
        assert!(options(&g).contains(&Opt::Activate(eleanor)));
        g.answer(Opt::Pass);
        drain(&mut g);
        // Active: progress goes on it, and no cancel is offered for Weather cards.
        g.move_card_keep(v, Zone::Active);
        g.add_progress(v, 2);
        assert_eq!(g.card(v).progress, 2);
        let w = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDeck);
        assert!(g.rule(Rule::CannotBeCanceled(w)));
        reveal(&mut g, w);
        assert!(!options(&g).contains(&Opt::Activate(eleanor)));
        drain(&mut g);
        // Other treacheries still can be.
        let t = g.spawn("TLR-058", ENCOUNTER, Zone::EncounterDeck); // Tragic Discovery
        assert!(!g.rule(Rule::CannotBeCanceled(t)));
    }

    #[test]
    fn ruined_watch_tower() {
        let mut g = nightmare(&[HEROES, OTHER]);
        let t = g.spawn("TWHN-016", ENCOUNTER, Zone::Staging);
        let damage =
            |g: &Game, p: u8| -> i16 { heroes(g, p).iter().map(|&h| g.card(h).damage).sum() };
        // A non-Orc card revealed: nothing.
        let h = g.spawn(HILLTOP, ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, h);
        assert!(g.pending().is_none());
        // An Orc enemy revealed: each player puts 1 damage on one of his characters.
        let o = g.spawn(REARGUARD_AMBUSHER, ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, o);
        assert_eq!(g.pending().unwrap().player, 0);
        drain(&mut g);
        assert_eq!((damage(&g, 0), damage(&g, 1)), (1, 1));
        // Enemies get +3 Defense only while it is active.
        let d = g.stat(o, Stat::Defense);
        g.move_card_keep(t, Zone::Active);
        assert_eq!(g.stat(o, Stat::Defense), d + 3);
        let o2 = g.spawn(REARGUARD_AMBUSHER, ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, o2);
        assert!(g.pending().is_none(), "no damage while active");
        assert_eq!((damage(&g, 0), damage(&g, 1)), (1, 1));
    }

    #[test]
    fn rain_washed_tracks() {
        let mut g = nightmare(&[HEROES]);
        let m = g.spawn("TLR-071", ENCOUNTER, Zone::Staging); // Hunting the Orcs
        g.card_mut(m).resources = 1;
        let base = g.staging_threat();
        let t = g.spawn("TWHN-017", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, t);
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        drain(&mut g);
        assert_eq!(g.card(m).resources, 0);
        assert_eq!(g.staging_threat(), base);
        // No token left: the staging area gets +8 threat for the phase.
        let t = g.spawn("TWHN-017", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, t);
        assert!(g.pending().is_none(), "one choice left");
        assert_eq!(g.staging_threat(), base + 8);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.staging_threat(), base);
        // On Savage Counter-attack the last token lost loses the game.
        let mut g = nightmare(&[HEROES]);
        let m = g.spawn("TLR-072", ENCOUNTER, Zone::Staging);
        g.card_mut(m).resources = 1;
        let t = g.spawn("TWHN-017", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, t);
        g.answer(Opt::Mode(0));
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
        // Shadow: a token, or +3 Attack for the attacker.
        let mut g = nightmare(&[HEROES]);
        let m = g.spawn("TLR-071", ENCOUNTER, Zone::Staging);
        g.card_mut(m).resources = 2;
        let a = heroes(&g, 0)[0];
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let atk = g.stat(e, Stat::Attack);
        attack_with_shadow(&mut g, e, "TWHN-017");
        g.answer(Opt::Card(a));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        let def = g.stat(a, Stat::Defense);
        g.answer(Opt::Mode(1));
        drain(&mut g);
        assert_eq!(g.card(a).damage, atk + 3 - def, "+3 Attack");
        assert_eq!(g.card(m).resources, 2);
    }

    /// The `basic` bot's answers to Rain-washed Tracks: a Hunting the Orcs token during the
    /// quest phase, the +8 threat outside it, and never one of the last 2 Savage Counter-attack
    /// tokens.
    #[test]
    fn rain_washed_tracks_basic_bot() {
        let mut g = nightmare(&[HEROES]);
        let m = g.spawn("TLR-071", ENCOUNTER, Zone::Staging);
        g.card_mut(m).resources = 1;
        let mut bot = crate::bots::make("basic").unwrap();
        let t = g.spawn("TWHN-017", ENCOUNTER, Zone::EncounterDeck);
        let d = Decision {
            player: 0,
            ask: Ask::Effect { card: t, what: 0 },
            options: vec![Opt::Mode(0), Opt::Mode(1)],
        };
        g.phase = Phase::Quest;
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Mode(0));
        g.phase = Phase::Combat;
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Mode(1));
        let shadow = Decision {
            ask: Ask::Effect { card: t, what: 1 },
            ..d.clone()
        };
        assert_eq!(shadow.options[bot.choose(&g, &shadow)], Opt::Mode(0));
        g.move_card(m, Zone::Removed);
        let m = g.spawn("TLR-072", ENCOUNTER, Zone::Staging);
        g.card_mut(m).resources = 2;
        g.phase = Phase::Quest;
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Mode(1));
        assert_eq!(shadow.options[bot.choose(&g, &shadow)], Opt::Mode(1));
    }

    #[test]
    fn track_the_orcs() {
        let mut g = nightmare(&[HEROES]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let cost = g.stat(e, Stat::Engagement);
        assert!(!g.rule(Rule::CannotBeOptionallyEngaged(e)));
        let o1 = g.spawn(ORC_CAMP, ENCOUNTER, Zone::OrcDeck);
        let o2 = g.spawn(ORC_CAMP, ENCOUNTER, Zone::OrcDeck);
        let q = g.spawn("TWHN-018", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, q);
        drain(&mut g);
        assert_eq!(g.card(q).zone, Zone::Staging);
        assert_eq!(g.card(o2).zone, Zone::Staging, "the top Orc-deck card");
        assert_eq!(g.card(o1).zone, Zone::OrcDeck, "one card with 1 player");
        assert_eq!(g.stat(e, Stat::Engagement), cost + 10);
        assert!(g.rule(Rule::CannotBeOptionallyEngaged(e)));
        g.push_run(Frame::OptionalEngage { seat: 0 });
        assert!(g.pending().is_none(), "no optional engagement");
        // Defeated (out of play): its effects end.
        g.move_card(q, Zone::Victory);
        assert_eq!(g.stat(e, Stat::Engagement), cost);
        assert!(!g.rule(Rule::CannotBeOptionallyEngaged(e)));
        // With 3 players it reveals two.
        let mut g = nightmare(&[HEROES, OTHER, THIRD]);
        for _ in 0..3 {
            g.spawn(ORC_CAMP, ENCOUNTER, Zone::OrcDeck);
        }
        let q = g.spawn("TWHN-018", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, q);
        drain(&mut g);
        assert_eq!(staging_has(&g, ORC_CAMP), 2);
        assert_eq!(g.list(Zone::OrcDeck).len(), 1);
        // A Captive Villager revealed with another card takes the card below both as its guard.
        let mut g = nightmare(&[HEROES, OTHER, THIRD]);
        let camp = g.spawn(ORC_CAMP, ENCOUNTER, Zone::OrcDeck);
        let amb = g.spawn(REARGUARD_AMBUSHER, ENCOUNTER, Zone::OrcDeck);
        let v = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::OrcDeck);
        let q = g.spawn("TWHN-018", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, q);
        drain(&mut g);
        assert_eq!(g.card(v).zone, Zone::Attached(camp));
        assert_eq!(g.card(amb).zone, Zone::Staging);
        assert_eq!(g.card(camp).zone, Zone::Staging);
        assert!(g.list(Zone::OrcDeck).is_empty());
        g.check_invariants().unwrap();
    }
}
