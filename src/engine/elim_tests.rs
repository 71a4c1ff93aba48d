//! RULES.md §4.2.3.4: an eliminated player's cards leave the game and nothing reaches them, nor
//! him, afterwards — also when he is eliminated part-way through an effect (elimination is a
//! state-based check, so it falls between two frames of the effect). Each test builds a
//! two-player board, eliminates P1 (seat 0) while work is pending, and checks that the rest of
//! the work changes nothing of his, says nothing in the trace and leaves the invariants whole.

use super::*;
use crate::cards::testkit::codes::{
    GUARD_OF_THE_CITADEL, LEADERSHIP_HEROES, QUICK_STRIKE, TACTICS_HEROES,
};
use crate::cards::testkit::sandbox;

/// Steward of Gondor (an attachment any hero can take).
const STEWARD_OF_GONDOR: &str = "Core-026";
/// An enemy with engagement cost 25.
const ANGMAR_ORC: &str = crate::cards::testkit::codes::ANGMAR_ORC;

/// A two-player sandbox with logging on.
fn board() -> Game<'static> {
    let mut g = sandbox(&[LEADERSHIP_HEROES, TACTICS_HEROES]);
    g.set_logging(true);
    g
}

/// The same with `eliminated_effects_stop` set to `stop`.
fn board_with(stop: bool) -> Game<'static> {
    let mut g = board();
    let mut setup = g.setup.clone();
    setup.options.eliminated_effects_stop = stop;
    g.setup = Box::leak(Box::new(setup));
    g
}

/// P1's threat reaches 50 inside the current effect; the state-based check eliminates him
/// before the next frame of the work pending on the stack runs.
fn eliminate_mid_effect(g: &mut Game) {
    g.raise_threat_by_player(0, 60);
    g.settle();
    assert!(g.players[0].eliminated);
    assert!(g.outcome().is_none(), "P2 plays on");
}

/// Log lines since `from` (what the rest of the effect said).
fn said(g: &Game, from: usize) -> Vec<String> {
    g.log_lines()[from..].to_vec()
}

#[test]
fn an_eliminated_players_effect_stops_resolving() {
    // P1 plays Quick Strike and chooses Aragorn as its attacker; the play's cost takes him to
    // threat 50 before the choice resolves.
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let qs = g.spawn(QUICK_STRIKE, 0, Zone::Resolving);
    g.stack.push(Frame::FinishEvent { card: qs });
    g.stack.push(Frame::Choice {
        cont: Cont::new(qs, 0).with(0, 0, 0),
    });
    g.answer = Some(Opt::Card(h));
    eliminate_mid_effect(&mut g);
    assert_eq!(g.card(qs).zone, Zone::Eliminated, "the event left with him");
    assert_eq!(g.card(h).zone, Zone::Eliminated);
    assert!(!g.card(h).exhausted);
    assert_eq!(g.card(e).zone, Zone::Staging);
    assert_eq!(g.card(e).damage, 0);
    assert!(
        g.pending().is_none() && g.answer.is_none(),
        "nothing asked, answer used up"
    );
    g.check_invariants().unwrap();
}

#[test]
fn eliminated_effects_stop_off_resolves_the_rest_without_reaching_him() {
    // The rule option off: the effect goes on, but its exhaust cost finds Aragorn out of the
    // game, and no enemy is left for him to strike.
    let mut g = board_with(false);
    let h = g.heroes(0).next().unwrap();
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let qs = g.spawn(QUICK_STRIKE, 0, Zone::Resolving);
    g.stack.push(Frame::Choice {
        cont: Cont::new(qs, 0).with(0, 0, 0),
    });
    g.answer = Some(Opt::Card(h));
    let n = g.log_lines().len();
    eliminate_mid_effect(&mut g);
    assert!(!g.card(h).exhausted);
    assert!(!said(&g, n).iter().any(|l| l.contains("is exhausted")));
    assert!(g.pending().is_none());
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_players_cards_cannot_be_readied() {
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.ready(h);
    assert!(!g.card(h).exhausted);
    assert_eq!(g.card(h).zone, Zone::Eliminated);
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_players_cards_take_no_damage_and_no_healing() {
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.deal_damage(h, 2);
    g.heal(h, 1);
    assert_eq!(g.remove_damage(h, 1), 0);
    assert_eq!(g.card(h).damage, 0);
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_players_heroes_gain_no_resources() {
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    eliminate_mid_effect(&mut g);
    g.gain_resources(h, 2);
    assert_eq!(g.card(h).resources, 0);
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_player_draws_no_cards() {
    let mut g = board();
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.draw(0, 2);
    g.draw_by_effect(0, 1);
    assert!(g.list(Zone::Hand(0)).is_empty());
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn nothing_attaches_to_an_eliminated_players_cards() {
    // P2's Steward of Gondor, its target (P1's Aragorn) chosen before P1 went out.
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    let a = g.spawn(STEWARD_OF_GONDOR, 1, Zone::Resolving);
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.attach(a, h, 1);
    assert_eq!(
        g.card(a).zone,
        Zone::Resolving,
        "not attached to a card out of the game"
    );
    assert_eq!(g.card(h).n_attached, 0);
    assert!(said(&g, n).is_empty());
    g.move_card(a, Zone::Discard(1));
    g.check_invariants().unwrap();
}

#[test]
fn an_attachment_an_eliminated_player_was_playing_leaves_the_game() {
    // P1 plays Steward of Gondor; he is eliminated before its target is chosen.
    let mut g = board();
    let target = g.heroes(1).next().unwrap();
    let a = g.spawn(STEWARD_OF_GONDOR, 0, Zone::Resolving);
    g.stack.push(Frame::PlayAttachment { card: a, seat: 0 });
    eliminate_mid_effect(&mut g);
    assert_eq!(g.card(a).zone, Zone::Eliminated);
    assert_eq!(g.card(target).n_attached, 0);
    assert!(g.pending().is_none());
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_players_cards_do_not_come_back() {
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.move_card(h, Zone::Hand(0));
    g.move_card(h, Zone::Hand(1));
    g.put_into_play(h, 1);
    g.discard(h);
    assert_eq!(g.card(h).zone, Zone::Eliminated);
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn nothing_is_put_into_play_for_an_eliminated_player() {
    // An ally of P2 that an effect would hand to P1: it stays where it was.
    let mut g = board();
    let ally = g.spawn(GUARD_OF_THE_CITADEL, 1, Zone::Hand(1));
    eliminate_mid_effect(&mut g);
    g.put_into_play(ally, 0);
    assert_eq!(g.card(ally).zone, Zone::Hand(1));
    g.move_card(ally, Zone::Play(0));
    assert_eq!(g.card(ally).zone, Zone::Hand(1));
    g.check_invariants().unwrap();
}

#[test]
fn a_card_sent_back_to_an_eliminated_owner_leaves_the_game() {
    // P1's ally under P2's control stays in play when P1 goes out (it leaves the game when it
    // next leaves play); returned to its owner's hand, it leaves the game.
    let mut g = board();
    let ally = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(1));
    eliminate_mid_effect(&mut g);
    assert_eq!(g.card(ally).zone, Zone::Play(1));
    g.move_card(ally, Zone::Hand(0));
    assert_eq!(g.card(ally).zone, Zone::Eliminated);
    g.check_invariants().unwrap();
}

#[test]
fn no_enemy_engages_an_eliminated_player() {
    let mut g = board();
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.engage(e, 0);
    assert_eq!(g.card(e).zone, Zone::Staging);
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_players_threat_is_not_reduced() {
    let mut g = board();
    eliminate_mid_effect(&mut g);
    let t = g.players[0].threat;
    assert!(!g.reduce_threat(0, 5));
    assert_eq!(g.players[0].threat, t);
}

#[test]
fn no_lasting_effect_lands_on_an_eliminated_players_card() {
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    eliminate_mid_effect(&mut g);
    let n = g.lasting.len();
    g.add_lasting(h, Lasting::Stat(Stat::Attack, 2), Until::EndOfPhase);
    assert_eq!(g.lasting.len(), n);
}

#[test]
fn an_attack_on_a_player_eliminated_during_it_ends() {
    // An enemy attacks P1; before he declares a defender his threat reaches 50 (a shadow card,
    // a Forced effect): the attack ends there, with no question to him.
    let mut g = board();
    g.phase = Phase::Combat;
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    g.attack = AttackCtx::new(e, 0, false);
    g.stack.push(Frame::Attack { stage: 0 });
    eliminate_mid_effect(&mut g);
    assert!(g.attack.ended);
    assert!(g.pending().is_none());
    assert_eq!(g.card(e).zone, Zone::Staging);
    let p2: i16 = g.heroes(1).map(|h| g.card(h).damage).sum();
    assert_eq!(p2, 0);
    g.check_invariants().unwrap();
}

#[test]
fn an_attack_by_a_player_eliminated_during_it_ends() {
    let mut g = board();
    g.phase = Phase::Combat;
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let h = g.heroes(0).next().unwrap();
    g.patk.enemy = e;
    g.patk.player = 0;
    g.patk.attackers[0] = h;
    g.patk.n_attackers = 1;
    g.stack.push(Frame::PlayerAttack { stage: 1 });
    eliminate_mid_effect(&mut g);
    assert_eq!(
        g.card(e).damage,
        0,
        "no damage from an attacker out of the game"
    );
    assert_eq!(g.patk.enemy, NO_CARD);
    g.check_invariants().unwrap();
}

/// The option is listed and flips.
#[test]
fn eliminated_effects_stop_is_a_rule_option() {
    let mut o = RuleOptions::default();
    assert_eq!(o.get("eliminated_effects_stop"), "true");
    o.set("eliminated_effects_stop", "false").unwrap();
    assert!(!o.eliminated_effects_stop);
    assert!(RuleOptions::DOCS
        .iter()
        .any(|d| d.0 == "eliminated_effects_stop"));
}

#[test]
fn an_eliminated_players_card_is_not_reanimated() {
    // Found by comparing 4-player games (The Dread Realm): P1's Wandering Took, controlled by
    // P2, was destroyed after P1 went out and came back from out of the game as P2's
    // Reanimated Dead.
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    assert!(!g.reanimate(h, 1));
    assert_eq!(g.card(h).zone, Zone::Eliminated);
    assert!(!g.card(h).reanimated);
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn an_eliminated_players_card_is_not_captured() {
    let mut g = board();
    let h = g.heroes(0).next().unwrap();
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    eliminate_mid_effect(&mut g);
    let n = g.log_lines().len();
    g.capture(h, e);
    assert_eq!(g.card(h).zone, Zone::Eliminated);
    assert!(!g.card(h).captured);
    assert!(said(&g, n).is_empty());
    g.check_invariants().unwrap();
}
