//! Scenario 5 of the campaign: the Escape from Mount Gram campaign card (AAC-174, both sides),
//! the side quest Loot the Dungeons (AAC-175) and the six boons it offers (AAC-176–181: two
//! allies and a Ranger, Berelind, Coruhaer and Laermuin, and three Restricted attachments,
//! the Brooch, the Mail and Silverthorn).
//!
//! Engine limits (RULES §9.6 row 5): Loot the Dungeons goes to the staging area of the
//! players at setup, before the staging areas split; with one player (or once the areas join)
//! it is in every staging area. Side B's refresh-phase threat is applied at the beginning of
//! the refresh phase as the difference from the framework's +1 (the same threat at the end of
//! the phase).

use super::{set_aside, CampaignCard};
use crate::campaign::CampaignState;
use crate::cards::common::{host, mine_in_play, shares_trait, to_hero};
use crate::cards::hints::{pick_max, AttachKind, Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{Ask, CardId, Cont, Event, Game, Opt, Phase, Stat, Zone};
use crate::events;

pub const CAMPAIGN: &str = "AAC-174A";
pub const PART_5: &str = "AAC-174B";
pub const LOOT: &str = "AAC-175";
pub const BERELIND: &str = "AAC-176";
pub const BROOCH: &str = "AAC-177";
pub const CORUHAER: &str = "AAC-178";
pub const LAERMUIN: &str = "AAC-179";
pub const MAIL: &str = "AAC-180";
pub const SILVERTHORN: &str = "AAC-181";
/// The boons Loot the Dungeons offers, in the default bot's order of preference.
pub const BOONS: [&str; 6] = [LAERMUIN, BERELIND, SILVERTHORN, MAIL, BROOCH, CORUHAER];
/// Captured cards Loot the Dungeons takes from the bottom of each captured deck.
pub const LOOT_CAPTURES: usize = 5;
/// Bit of `PlayerState::game_flags` for Silverthorn's once-per-game Response.
const SILVERTHORN_BIT: u32 = 1 << 6;

pub const CARD: CampaignCard = CampaignCard {
    scenario: "escape-from-mount-gram",
    code: CAMPAIGN,
    needs: &[
        LOOT,
        BERELIND,
        BROOCH,
        CORUHAER,
        LAERMUIN,
        MAIL,
        SILVERTHORN,
    ],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        setup: Some(campaign_setup),
        ..BLANK
    },
    Script {
        code: PART_5,
        forced: Some(part5_forced),
        forced_on: events![PhaseBegin, Rescued, EntersPlay],
        ..BLANK
    },
    Script {
        code: LOOT,
        modify: Some(loot_modify),
        forced: Some(loot_forced),
        forced_on: events![QuestDefeated],
        resume: Some(loot_resume),
        hint: Hint {
            effect: Some(bot::boon_choice),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: BERELIND,
        can_respond: Some(berelind_can),
        respond_on: events![AttackDestroyed],
        respond: Some(berelind_respond),
        resume: Some(berelind_resume),
        hint: Hint {
            effect: Some(bot::quest_pick),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: BROOCH,
        attach_to: Some(to_hero),
        modify: Some(brooch_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Willpower]),
        hint: Hint {
            attach: Some((20, AttachKind::General)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: CORUHAER,
        can_respond: Some(coruhaer_can),
        respond_on: events![EnemyAttackEnded],
        respond: Some(coruhaer_respond),
        ..BLANK
    },
    Script {
        code: LAERMUIN,
        can_respond: Some(laermuin_can),
        respond_on: events![Committed],
        respond: Some(laermuin_respond),
        resume: Some(laermuin_resume),
        hint: Hint {
            effect: Some(bot::heal_pick),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: MAIL,
        attach_to: Some(to_hero),
        modify: Some(mail_modify),
        can_respond: Some(mail_can),
        respond_on: events![ThreatReduced],
        respond: Some(mail_respond),
        hint: Hint {
            attach: Some((25, AttachKind::Armor)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: SILVERTHORN,
        attach_to: Some(to_hero),
        modify: Some(silverthorn_modify),
        can_respond: Some(silverthorn_can),
        respond_on: events![AttackDestroyed],
        respond: Some(silverthorn_respond),
        hint: Hint {
            attach: Some((25, AttachKind::Weapon)),
            restricted_room_check: true,
            ..NO_HINT
        },
        ..BLANK
    },
];

// ------------------------------------------------ Escape from Mount Gram (campaign card)

/// Setup: Loot the Dungeons to the staging area with the bottom 5 cards of each captured deck
/// under it, then the card turns to its side B. (Permanent boons of heroes in a captured deck
/// stay set aside: their own Setup attaches them only to a hero in play.)
fn campaign_setup(g: &mut Game, me: CardId) {
    if let Some(l) = set_aside(g, LOOT) {
        g.move_card(l, Zone::Staging);
        g.log_fn(|_| "Campaign: Loot the Dungeons to the staging area".to_string());
        for p in 0..g.n_players {
            let bottom: Vec<CardId> = g.captured_deck(p).take(LOOT_CAPTURES).collect();
            for c in bottom {
                g.capture(c, l);
            }
        }
    }
    g.flip_card(me);
}

/// Each player's share of side B's refresh threat: completed stages of his staging area's
/// quest plus the side quests in the victory display.
pub fn refresh_threat(g: &Game, p: u8) -> i16 {
    let area = g.area_of(p);
    let stage = g
        .list(Zone::Quest)
        .iter()
        .rev()
        .copied()
        .find(|&q| !g.areas.split || g.card(q).area == area)
        .map_or(1, |q| g.def_of(q).stage.max(1));
    let side = g
        .list(Zone::Victory)
        .iter()
        .filter(|&&c| g.def_of(c).ty == CardType::EncounterSideQuest || g.is_side_quest(c))
        .count() as i16;
    stage as i16 - 1 + side
}

/// Side B. At the beginning of the refresh phase each player's threat is moved by the
/// difference between his share (`refresh_threat`) and the framework's +1 that follows. After
/// captured heroes are rescued (or a hero enters play), the Permanent boons set aside for them
/// are attached.
fn part5_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Nightmare {
        return;
    }
    match ev {
        Event::PhaseBegin(Phase::Refresh) => {
            for p in 0..g.n_players {
                if g.players[p as usize].eliminated {
                    continue;
                }
                let d = refresh_threat(g, p) - 1;
                if d > 0 {
                    g.raise_threat_by_player(p, d);
                } else if d < 0 {
                    // The framework's +1 is replaced: undone here, not a threat reduction.
                    let t = &mut g.players[p as usize].threat;
                    *t = (*t + d).max(0);
                }
                g.log_fn(|_| {
                    format!(
                        "  Angmar Awakened Part 5: P{} raises his threat by {} this refresh phase",
                        p + 1,
                        d + 1
                    )
                });
            }
        }
        Event::Rescued(..) | Event::EntersPlay(_) => {
            let waiting: Vec<CardId> = g
                .list(Zone::SetAside)
                .iter()
                .copied()
                .filter(|&c| {
                    let d = g.def_id(c);
                    g.campaign.as_ref().is_some_and(|cg| {
                        cg.state
                            .pool
                            .iter()
                            .any(|pc| pc.card == d && pc.hero.is_some())
                    })
                })
                .collect();
            for b in waiting {
                let _ = super::weather_hills::attach_to_logged_hero(g, b);
            }
        }
        _ => {}
    }
}

/// Resolution: each player's unique cards still in his captured deck are lost for the rest of
/// the campaign; the boons taken from Loot the Dungeons join the pool.
fn resolve(g: &Game, st: &mut CampaignState) {
    for p in 0..g.n_players {
        for c in g.captured_deck(p) {
            if g.def_of(c).unique {
                let d = g.db.original(g.def_id(c));
                if !st.notes.lost.contains(&(p, d)) {
                    st.notes.lost.push((p, d));
                }
            }
        }
    }
    super::pool_taken_boons(g, st, &BOONS);
}

// --------------------------------------------------------------------- Loot the Dungeons

/// +4 quest points per player in the game.
fn loot_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::QuestPoints {
        4 * g.n_players as i16
    } else {
        0
    }
}

/// Forced: when it is defeated, each player from the first may take one of the set-aside boons
/// into his hand (they join the pool at the resolution).
fn loot_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::QuestDefeated(me) {
        super::ask_set_aside_boon(g, me, 0, &BOONS);
    }
}

fn loot_resume(g: &mut Game, cont: Cont, opt: Opt) {
    super::take_set_aside_boon(g, cont, opt, &BOONS, "  ");
}

// ------------------------------------------------------------------------------- Berelind

fn berelind_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackDestroyed(_))
        && mine_in_play(g, me, seat)
        && g.patk.attackers().contains(&me)
        && quests(g).next().is_some()
}

/// Quest cards in play: the main quest(s) and side quests in the staging area.
fn quests<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    g.list(Zone::Quest)
        .iter()
        .chain(g.list(Zone::Staging).iter())
        .copied()
        .filter(move |&c| g.card(c).zone == Zone::Quest || g.is_side_quest(c))
}

/// Response: when its attack kills an enemy, a quest card of the player's choice gets 1 progress.
fn berelind_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let qs: Vec<CardId> = quests(g).collect();
    for q in qs {
        g.offer(Opt::Card(q));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn berelind_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(q) = opt {
        if g.card(q).zone.in_play() {
            g.add_progress(q, 1);
            g.log_fn(|g| format!("  Berelind places 1 progress on {}", g.title(q)));
        }
    }
}

// ---------------------------------------------------------------------- Chieftain's Brooch

/// Each ally sharing a Trait with the attached hero gets +1 Willpower.
fn brooch_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s != Stat::Willpower || !g.is_ally(target) || !g.card(target).zone.in_play() {
        return 0;
    }
    match host(g, me) {
        Some(h) if shares_trait(g, h, target) => 1,
        _ => 0,
    }
}

// -------------------------------------------------------------------------------- Coruhaer

fn coruhaer_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::EnemyAttackEnded(e) if g.card(e).zone.in_play())
        && mine_in_play(g, me, seat)
        && g.attack.defenders().contains(&me)
        && g.can_pay(seat, Sphere::Neutral, 1)
}

/// Response: once it has defended, paying 1 resource deals 2 damage to that enemy.
fn coruhaer_respond(g: &mut Game, _me: CardId, seat: u8, ev: Event) {
    if let Event::EnemyAttackEnded(e) = ev {
        g.pay(seat, Sphere::Neutral, 1);
        g.deal_damage(e, 2);
    }
}

// -------------------------------------------------------------------------------- Laermuin

fn damaged(g: &Game, c: CardId) -> bool {
    g.is_character(c) && g.card(c).zone.in_play() && g.card(c).damage > 0
}

fn laermuin_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::Committed(me)
        && mine_in_play(g, me, seat)
        && crate::cards::common::all_characters(g).any(|c| damaged(g, c))
}

/// Response: once committed, it heals 1 damage from any character.
fn laermuin_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let cs: Vec<CardId> = crate::cards::common::all_characters(g)
        .filter(|&c| damaged(g, c))
        .collect();
    for c in cs {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn laermuin_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if damaged(g, c) {
            g.heal(c, 1);
        }
    }
}

// --------------------------------------------------------------------------- Mail of Eärnur

/// +2 hit points.
fn mail_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::HitPoints && host(g, me) == Some(target) {
        2
    } else {
        0
    }
}

fn mail_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::ThreatReduced(..))
        && g.card(me).controller == seat
        && host(g, me).is_some_and(|h| g.card(h).damage > 0)
}

/// Response: whenever some player's threat goes down, its hero heals 1.
fn mail_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    if let Some(h) = host(g, me) {
        g.heal(h, 1);
    }
}

// ------------------------------------------------------------------------------ Silverthorn

/// Has `e` a Trait in common with some enemy already in the victory display?
fn matches_victory(g: &Game, e: CardId) -> bool {
    g.list(Zone::Victory)
        .iter()
        .any(|&v| g.def_of(v).ty == CardType::Enemy && shares_trait(g, v, e))
}

/// +1 Attack and +1 Defense for its hero in a fight (attacking or defending) with an enemy that
/// `matches_victory`.
fn silverthorn_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if !matches!(s, Stat::Attack | Stat::Defense) || host(g, me) != Some(target) {
        return 0;
    }
    let attacking = g.patk.enemy != crate::engine::NO_CARD
        && g.patk.attackers().contains(&target)
        && matches_victory(g, g.patk.enemy);
    let defending = g
        .attacking_enemy()
        .is_some_and(|e| g.attack.defenders().contains(&target) && matches_victory(g, e));
    (attacking || defending) as i16
}

fn silverthorn_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackDestroyed(e) if g.card(e).zone == Zone::EncounterDiscard)
        && g.card(me).controller == seat
        && host(g, me).is_some_and(|h| g.patk.attackers().contains(&h))
        && g.players[seat as usize].game_flags & SILVERTHORN_BIT == 0
}

/// Response (once per game): after its hero attacks and destroys an enemy, that enemy goes to
/// the victory display.
fn silverthorn_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    if let Event::AttackDestroyed(e) = ev {
        g.players[seat as usize].game_flags |= SILVERTHORN_BIT;
        g.move_card(e, Zone::Victory);
        g.log_fn(|g| {
            format!(
                "  {} adds {} to the victory display",
                g.title(me),
                g.title(e)
            )
        });
    }
}

pub mod bot {
    use super::*;

    /// Loot the Dungeons: the first boon in `BOONS` order.
    pub fn boon_choice(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        BOONS.iter().find_map(|code| {
            o.iter()
                .position(|&x| matches!(x, Opt::Card(b) if g.def_of(b).code == *code))
        })
    }

    /// Berelind: the quest card with the most progress already (closest to done).
    pub fn quest_pick(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| g.card(c).progress as i32)
    }

    /// Laermuin: the most damaged character, heroes first.
    pub fn heal_pick(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| g.card(c).damage as i32 * 2 + g.is_hero(c) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::campaign::chetwood::tests::in_campaign;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    #[test]
    fn escape_from_mount_gram() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let a = hero(&g, "Core-001");
        let b = hero(&g, "Core-002");
        // Théodred and 6 deck cards in the captured deck.
        g.prepare_captured_deck(0, a, false);
        let captured: Vec<CardId> = g.captured_deck(0).collect();
        assert!(captured.len() > LOOT_CAPTURES, "{captured:?}");
        let l = g.spawn(LOOT, ENCOUNTER, Zone::SetAside);
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::Nightmare);
        campaign_setup(&mut g, me);
        assert_eq!(g.card(l).zone, Zone::Staging);
        // The bottom 5 cards of the captured deck are under Loot the Dungeons.
        let under: Vec<CardId> = g.captives(l).collect();
        assert_eq!(under.len(), LOOT_CAPTURES);
        assert!(captured[..LOOT_CAPTURES].iter().all(|c| under.contains(c)));
        // Side B is up.
        assert_eq!(g.def_of(me).code, PART_5);
        // Resolution: unique cards still in the captured deck are lost for the campaign.
        let mut st = CampaignState::new(5, vec![vec![]]);
        let left: Vec<CardId> = g.captured_deck(0).collect();
        resolve(&g, &mut st);
        let uniques = left.iter().filter(|&&c| g.def_of(c).unique).count();
        assert_eq!(st.notes.lost.len(), uniques);
        if g.card(b).zone == Zone::Captured(0) {
            assert!(st.notes.lost.contains(&(0, g.def_id(b))));
        }
    }

    #[test]
    fn angmar_awakened_part_5() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let a = hero(&g, "Core-001");
        let b = hero(&g, "Core-002");
        // A Permanent boon (Hardy) logged for Théodred, who is captured.
        let hardy = g.db.by_code("AAC-162").unwrap();
        let mut st = CampaignState::new(5, vec![vec![]]);
        st.add_to_pool(hardy, Some(0), Some(g.def_id(b)));
        in_campaign(&mut g, st, 5, CAMPAIGN);
        let me = g.spawn(PART_5, ENCOUNTER, Zone::Nightmare);
        let boon = g.spawn("AAC-162", 0, Zone::SetAside);
        g.prepare_captured_deck(0, a, false);
        assert!(!g.card(b).zone.in_play());
        // Refresh: no stage completed, no side quest in the victory display: +1 replaced by 0.
        let t = g.players[0].threat;
        part5_forced(&mut g, me, Event::PhaseBegin(Phase::Refresh));
        assert_eq!(g.players[0].threat, t - 1);
        // A side quest in the victory display: 1, the framework's +1 unchanged.
        g.spawn(LOOT, ENCOUNTER, Zone::Victory);
        let t = g.players[0].threat;
        part5_forced(&mut g, me, Event::PhaseBegin(Phase::Refresh));
        assert_eq!(g.players[0].threat, t);
        // Théodred rescued: his Permanent boon is attached to him.
        g.move_card(b, Zone::Play(0));
        part5_forced(&mut g, me, Event::Rescued(NO_HOST, 0));
        assert_eq!(g.card(boon).zone, Zone::Attached(b));
    }

    const NO_HOST: CardId = crate::engine::NO_CARD;

    #[test]
    fn loot_the_dungeons() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        let l = g.spawn(LOOT, ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(l, Stat::QuestPoints), 4 + 8);
        let boons: Vec<CardId> = BOONS
            .iter()
            .map(|c| g.spawn(c, ENCOUNTER, Zone::SetAside))
            .collect();
        loot_forced(&mut g, l, Event::QuestDefeated(l));
        g.settle();
        assert!(options(&g).contains(&Opt::Pass));
        g.answer(Opt::Card(boons[2]));
        assert!(!options(&g).contains(&Opt::Card(boons[2])));
        g.answer(Opt::Card(boons[0]));
        assert_eq!(g.card(boons[2]).zone, Zone::Hand(0));
        assert_eq!(g.card(boons[0]).zone, Zone::Hand(1));
        // The taken boons join the pool, each in its taker's deck.
        let mut st = CampaignState::new(5, vec![vec![], vec![]]);
        resolve(&g, &mut st);
        assert_eq!(st.pool.len(), 2);
        let d = g.def_id(boons[0]);
        assert!(st.pool.iter().any(|x| x.card == d && x.player == Some(1)));
    }

    #[test]
    fn berelind() {
        let mut g = sandbox(&[&["Core-001"]]);
        let me = g.spawn(BERELIND, 0, Zone::Play(0));
        let q = g.main_quest().unwrap();
        let before = g.card(q).progress;
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::EncounterDiscard);
        g.patk.enemy = e;
        g.patk.attackers[0] = me;
        g.patk.n_attackers = 1;
        g.emit(Event::AttackDestroyed(e));
        if options(&g).contains(&Opt::Activate(me)) {
            g.answer(Opt::Activate(me));
        }
        if options(&g).contains(&Opt::Card(q)) {
            g.answer(Opt::Card(q));
        }
        assert_eq!(g.card(q).progress, before + 1);
    }

    #[test]
    fn chieftains_brooch() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        // Aragorn (Dúnedain) and Berelind (Dúnedain) share a Trait; Guard of the Citadel none.
        let ally = g.spawn(BERELIND, 0, Zone::Play(0));
        let other = g.spawn("Core-013", 0, Zone::Play(0));
        let (w, wo) = (
            g.stat(ally, Stat::Willpower),
            g.stat(other, Stat::Willpower),
        );
        let b = g.spawn(BROOCH, 0, Zone::Hand(0));
        g.attach(b, h, 0);
        assert_eq!(g.stat(ally, Stat::Willpower), w + 1);
        assert_eq!(g.stat(other, Stat::Willpower), wo);
    }

    #[test]
    fn chieftains_brooch_counts_an_objective_ally() {
        // The objective-ally Amarthiúl (Dúnedain) is an ally for the Brooch (RULES.md §8.3.1).
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let amarthiul = g.spawn("TWoE-016", ENCOUNTER, Zone::Play(0));
        let w = g.stat(amarthiul, Stat::Willpower);
        let b = g.spawn(BROOCH, 0, Zone::Hand(0));
        g.attach(b, h, 0);
        assert_eq!(g.stat(amarthiul, Stat::Willpower), w + 1);
    }

    #[test]
    fn coruhaer() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        g.cards[h as usize].resources = 1;
        let me = g.spawn(CORUHAER, 0, Zone::Play(0));
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.attack = crate::engine::AttackCtx::new(e, 0, false);
        g.attack.defenders[0] = me;
        g.attack.n_defenders = 1;
        g.emit(Event::EnemyAttackEnded(e));
        if options(&g).contains(&Opt::Activate(me)) {
            g.answer(Opt::Activate(me));
        }
        assert_eq!(g.card(e).damage, 2);
        assert_eq!(g.card(h).resources, 0);
    }

    #[test]
    fn laermuin() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        g.deal_damage(h, 2);
        let me = g.spawn(LAERMUIN, 0, Zone::Play(0));
        g.emit(Event::Committed(me));
        if options(&g).contains(&Opt::Activate(me)) {
            g.answer(Opt::Activate(me));
        }
        if options(&g).contains(&Opt::Card(h)) {
            g.answer(Opt::Card(h));
        }
        assert_eq!(g.card(h).damage, 1);
    }

    #[test]
    fn mail_of_earnur() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let hp = g.stat(h, Stat::HitPoints);
        let m = g.spawn(MAIL, 0, Zone::Hand(0));
        g.attach(m, h, 0);
        assert_eq!(g.stat(h, Stat::HitPoints), hp + 2);
        g.deal_damage(h, 2);
        g.reduce_threat(0, 1);
        g.settle();
        if options(&g).contains(&Opt::Activate(m)) {
            g.answer(Opt::Activate(m));
        }
        assert_eq!(g.card(h).damage, 1);
    }

    #[test]
    fn silverthorn() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let s = g.spawn(SILVERTHORN, 0, Zone::Hand(0));
        g.attach(s, h, 0);
        let (atk, def) = (g.stat(h, Stat::Attack), g.stat(h, Stat::Defense));
        // Two Orc War Parties: one in the victory display, one attacked by the hero.
        g.spawn("TLR-017", ENCOUNTER, Zone::Victory);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.patk.enemy = e;
        g.patk.attackers[0] = h;
        g.patk.n_attackers = 1;
        assert_eq!(g.stat(h, Stat::Attack), atk + 1);
        assert_eq!(g.stat(h, Stat::Defense), def + 1);
        // It destroys the enemy: once per game, the enemy goes to the victory display.
        g.move_card(e, Zone::EncounterDiscard);
        g.emit(Event::AttackDestroyed(e));
        if options(&g).contains(&Opt::Activate(s)) {
            g.answer(Opt::Activate(s));
        }
        assert_eq!(g.card(e).zone, Zone::Victory);
        assert!(!silverthorn_can(&g, s, 0, Event::AttackDestroyed(e)));
    }
}
