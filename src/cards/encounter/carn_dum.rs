//! The Battle of Carn Dûm: its quest cards, the double-sided Thaurdir (Captain / Champion,
//! RULES.md §8.10) and The Battle of Carn Dûm encounter set (Angmar Orcs and Dark Sorcery are in
//! their own modules). Each script has a one-line summary in our own words.
//!
//! Thaurdir is one card turned over by `Game::flip_card` (tokens, attachments and shadow cards
//! stay); each face's Forced effect listens to `Event::Flipped` of itself and to Sorcery
//! treacheries revealed. Shadow-card counting effects read `Game::shadows_of` and listen to
//! `Event::ShadowDealt`.

use crate::cards::common::{code, log};
use crate::cards::common::{deal_damage_steps, seats, Dealers};
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Thaurdir to the staging area Captain side up, one Carn Dûm Garrison per
    // player to the staging area, one Accursed Battlefield made the active location, shuffle.
    Script {
        code: "TBoCD-125A",
        setup: Some(clutches_setup),
        ..BLANK
    },
    // Stage 1B: Thaurdir cannot leave the staging area nor take damage; unresolved shadow cards
    // stay at the end of combat; he flips when he has exactly 3 shadow cards, and at the end of
    // the round if Champion side up.
    Script {
        code: "TBoCD-125B",
        rule: Some(clutches_rule),
        rule_on: crate::rules![CannotBeEngaged, CannotTakeDamage, KeepUnresolvedShadows],
        forced: Some(clutches_forced),
        forced_on: events![RoundEnd, ShadowDealt],
        ..BLANK
    },
    // Stage 2A: threat +1 per shadow card in play for every player; a Captain Thaurdir flips.
    Script {
        code: "TBoCD-126A",
        when_revealed: Some(crux_revealed),
        ..BLANK
    },
    // Stage 2B (last): Thaurdir stays in the staging area, counts as engaged with every player
    // and attacks each in turn (a fresh shadow card each time); a Captain Thaurdir flips at the
    // end of the round; at 15+ progress he is no longer Indestructible; the stage cannot be
    // defeated while he is in play, and destroying him wins.
    Script {
        code: "TBoCD-126B",
        rule: Some(crux_rule),
        rule_on: crate::rules![
            CannotBeEngaged,
            CannotDefeat,
            EngagedWithEachPlayer,
            LosesIndestructible
        ],
        forced: Some(crux_forced),
        forced_on: events![RoundEnd, Destroyed],
        ..BLANK
    },
    // Thaurdir, Captain side: no attachments; other enemies +10 engagement cost; after he flips
    // to this side or a Sorcery treachery is revealed, each enemy in play gets a shadow card.
    Script {
        code: CAPTAIN,
        rule: Some(thaurdir_rule),
        rule_on: crate::rules![CannotHaveAttachments],
        modify: Some(captain_modify),
        global: true,
        global_on: crate::cards::GlobalScope::enemies(&[Stat::Engagement]),
        forced: Some(captain_forced),
        forced_on: events![Revealed, Flipped],
        ..BLANK
    },
    // Thaurdir, Champion side: no attachments; other enemies -10 engagement cost; after he flips
    // to this side or a Sorcery treachery is revealed, he heals 3 and attacks the first player.
    Script {
        code: CHAMPION,
        hint: Hint {
            attacks_on_reveals: true,
            ..NO_HINT
        },
        rule: Some(thaurdir_rule),
        rule_on: crate::rules![CannotHaveAttachments],
        modify: Some(champion_modify),
        global: true,
        global_on: crate::cards::GlobalScope::enemies(&[Stat::Engagement]),
        forced: Some(champion_forced),
        forced_on: events![Revealed, Flipped],
        ..BLANK
    },
    // Carn Dûm Garrison: +1 Threat per shadow card on it. Shadow: the attacker gets +1 Attack
    // per shadow card on it.
    Script {
        code: "TBoCD-129",
        // Its Threat grows with every Sorcery and every flip of Thaurdir while it is staged.
        hint: Hint {
            threat_growth: 1,
            ..NO_HINT
        },
        modify: Some(garrison_modify),
        shadow: Some(garrison_shadow),
        ..BLANK
    },
    // Orc Grunts (doomed 1, surge): every placement of progress on the current quest is 1
    // smaller. Shadow: this card goes to the staging area.
    Script {
        code: "TBoCD-130",
        rule: Some(grunts_rule),
        rule_on: crate::rules![ReducesQuestProgress],
        shadow: Some(grunts_shadow),
        ..BLANK
    },
    // Werewolf of Angmar: each event card played deals it a shadow card; once staged with 3 of
    // them it engages the first player and attacks him at once (no new shadow card).
    Script {
        code: "TBoCD-131",
        forced: Some(werewolf_forced),
        forced_on: events![Played, ShadowDealt],
        ..BLANK
    },
    // Accursed Battlefield: while active, quest cards have Battle. Shadow: +1 Attack, or +3 if
    // the defending player's threat exceeds the attacker's engagement cost.
    Script {
        code: "TBoCD-132",
        hint: Hint {
            active_battle: true,
            ..NO_HINT
        },
        rule: Some(battlefield_rule),
        rule_on: crate::rules![QuestsGainBattle],
        shadow: Some(battlefield_shadow),
        ..BLANK
    },
    // Mountains of Angmar: while active, a shadow card without a shadow effect gives the
    // defender +2 threat. Shadow: the defender gets +2 threat.
    Script {
        code: "TBoCD-133",
        rule: Some(mountains_rule),
        rule_on: crate::rules![BlankShadowsRaiseThreat],
        shadow: Some(mountains_shadow),
        ..BLANK
    },
    // Blight of Carn Dûm: after an enemy attacks it heals 1. Travel: each enemy in play gets a
    // shadow card. Shadow: Thaurdir attacking heals 3.
    Script {
        code: "TBoCD-134",
        hint: Hint {
            travel_penalty: 3,
            ..NO_HINT
        },
        forced: Some(blight_forced),
        forced_on: events![EnemyAttackEnded],
        travel: Some(blight_travel),
        shadow: Some(blight_shadow),
        ..BLANK
    },
    // Fortress Walls: while active, each resource a player spends raises his threat by 1.
    // Shadow: at threat 40+, the attacker attacks the defending player again after this attack.
    Script {
        code: "TBoCD-135",
        hint: Hint {
            travel_penalty: 3,
            ..NO_HINT
        },
        rule: Some(walls_rule),
        rule_on: crate::rules![ThreatPerResourceSpent],
        shadow: Some(walls_shadow),
        resume: Some(walls_resume),
        ..BLANK
    },
    // The Sky Darkens: each player discards a random card from hand, then every other copy of
    // it from his deck, and shuffles. Shadow: the defending player discards a random card.
    Script {
        code: "TBoCD-136",
        when_revealed: Some(sky_revealed),
        shadow: Some(sky_shadow),
        ..BLANK
    },
    // Vile Affliction: each player spreads damage over his questing characters equal to the
    // highest printed cost in his discard pile. Shadow: +1 Attack; an ally it kills takes
    // another copy of itself out of the defending player's deck.
    Script {
        code: "TBoCD-137",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            ..NO_HINT
        },
        when_revealed: Some(vile_revealed),
        shadow: Some(vile_shadow),
        resume: Some(vile_resume),
        ..BLANK
    },
    // Daechanar's Will: Thaurdir flips; if he is then Captain side up it surges. Shadow:
    // Thaurdir flips after this attack.
    Script {
        code: "TBoCD-138",
        rule: Some(will_rule),
        rule_on: crate::rules![GainsSurge],
        when_revealed: Some(will_revealed),
        shadow: Some(will_shadow),
        resume: Some(will_resume),
        ..BLANK
    },
    // Furious Charge (side quest, surge): progress placed on it gives each character -2 Defense
    // this round and flips a Captain Thaurdir; defeated, the main quest gets 10 progress.
    Script {
        code: "TBoCD-139",
        hint: Hint {
            side_quest_priority: 40,
            ..NO_HINT
        },
        forced: Some(charge_forced),
        forced_on: events![ProgressPlaced, SideQuestDefeated],
        ..BLANK
    },
];

pub const CAPTAIN: &str = "TBoCD-127";
pub const CHAMPION: &str = "TBoCD-128";
const GARRISON: &str = "TBoCD-129";
const BATTLEFIELD: &str = "TBoCD-132";

/// Is `c` Thaurdir (either face)?
pub fn is_thaurdir(g: &Game, c: CardId) -> bool {
    matches!(code(g, c), CAPTAIN | CHAMPION)
}

/// Thaurdir wherever he is (there is one copy).
pub fn find_thaurdir(g: &Game) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| is_thaurdir(g, c))
}

/// Thaurdir in play, if he is.
fn thaurdir_in_play(g: &Game) -> Option<CardId> {
    g.list(Zone::Staging)
        .iter()
        .chain((0..g.n_players).flat_map(|p| g.engaged(p).iter()))
        .copied()
        .find(|&c| is_thaurdir(g, c))
}

fn is_captain(g: &Game, t: CardId) -> bool {
    code(g, t) == CAPTAIN
}

/// Turn Thaurdir over if he is in play (his new face's Forced effect follows).
fn flip_thaurdir(g: &mut Game) {
    if let Some(t) = thaurdir_in_play(g) {
        g.flip_card(t);
    }
}

/// A card with `code` in the encounter deck (topmost first).
fn in_encounter_deck(g: &Game, code_: &str) -> Option<CardId> {
    g.list(Zone::EncounterDeck)
        .iter()
        .rev()
        .copied()
        .find(|&c| code(g, c) == code_)
}

/// Every enemy in play (staging area, then each player's engaged enemies).
fn enemies(g: &Game) -> SmallIds {
    let mut out: SmallIds = g
        .list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| g.is_enemy(e))
        .collect();
    for p in 0..g.n_players {
        for &e in g.engaged(p) {
            out.push(e);
        }
    }
    out
}

/// Deal one shadow card to each enemy in play.
fn shadow_to_each_enemy(g: &mut Game) {
    for &e in enemies(g).iter() {
        if g.card(e).zone.in_play() {
            g.deal_shadow(e);
        }
    }
}

fn shadow_count(g: &Game, e: CardId) -> i16 {
    g.shadows_of(e).count() as i16
}

// ------------------------------------------------------------------ quest stages

fn clutches_setup(g: &mut Game, _me: CardId) {
    if let Some(t) = find_thaurdir(g).filter(|&t| !g.card(t).zone.in_play()) {
        if !is_captain(g, t) {
            g.flip_card(t);
        }
        g.move_card(t, Zone::Staging);
    }
    for _ in 0..g.n_players {
        if let Some(c) = in_encounter_deck(g, GARRISON) {
            g.move_card(c, Zone::Staging);
        }
    }
    if let Some(l) = in_encounter_deck(g, BATTLEFIELD) {
        g.move_card_keep(l, Zone::Active);
    }
    g.shuffle(Zone::EncounterDeck);
}

fn clutches_rule(g: &Game, _me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeEngaged(c) | Rule::CannotTakeDamage(c) => is_thaurdir(g, c),
        Rule::KeepUnresolvedShadows => true,
        _ => false,
    }
}

fn clutches_forced(g: &mut Game, _me: CardId, ev: Event) {
    match ev {
        Event::RoundEnd => {
            if let Some(t) = thaurdir_in_play(g).filter(|&t| !is_captain(g, t)) {
                g.flip_card(t);
            }
        }
        // Exactly 3 (the Card Game forum ruling, RULES §8.10.7).
        Event::ShadowDealt(t)
            if is_thaurdir(g, t) && g.card(t).zone.in_play() && shadow_count(g, t) == 3 =>
        {
            g.flip_card(t);
        }
        _ => {}
    }
}

fn crux_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let x = g.list(Zone::Shadow(0)).len() as i16;
    for &p in seats(g).iter() {
        g.raise_threat(p, x);
    }
    if let Some(t) = thaurdir_in_play(g).filter(|&t| is_captain(g, t)) {
        g.flip_card(t);
    }
}

fn crux_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeEngaged(c) | Rule::EngagedWithEachPlayer(c) => is_thaurdir(g, c),
        Rule::LosesIndestructible(c) => is_thaurdir(g, c) && g.card(me).progress >= 15,
        Rule::CannotDefeat(q) if q == me => thaurdir_in_play(g).is_some(),
        _ => false,
    }
}

fn crux_forced(g: &mut Game, _me: CardId, ev: Event) {
    match ev {
        Event::RoundEnd => {
            if let Some(t) = thaurdir_in_play(g).filter(|&t| is_captain(g, t)) {
                g.flip_card(t);
            }
        }
        Event::Destroyed(t) if is_thaurdir(g, t) => {
            log(g, |_| "  Thaurdir is defeated: the players win".to_string());
            g.end_game(crate::record::Outcome::Win);
        }
        _ => {}
    }
}

// ------------------------------------------------------------------ Thaurdir

fn thaurdir_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveAttachments(me)
}

fn other_enemy_engagement(g: &Game, me: CardId, target: CardId, s: Stat, d: i16) -> i16 {
    if s == Stat::Engagement && target != me && g.is_enemy(target) {
        d
    } else {
        0
    }
}

fn captain_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    other_enemy_engagement(g, me, target, s, 10)
}

fn champion_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    other_enemy_engagement(g, me, target, s, -10)
}

/// Does `ev` trigger a Thaurdir face's Forced effect (he flipped, or a Sorcery treachery was
/// revealed from the encounter deck)?
fn thaurdir_trigger(g: &Game, me: CardId, ev: Event) -> bool {
    g.card(me).zone.in_play()
        && match ev {
            Event::Flipped(c) => c == me,
            Event::Revealed(c, true) => g.ty(c) == CardType::Treachery && g.has_trait(c, "Sorcery"),
            _ => false,
        }
}

fn captain_forced(g: &mut Game, me: CardId, ev: Event) {
    if thaurdir_trigger(g, me, ev) {
        log(g, |_| {
            "  Thaurdir (Captain): each enemy is dealt a shadow card".to_string()
        });
        shadow_to_each_enemy(g);
    }
}

fn champion_forced(g: &mut Game, me: CardId, ev: Event) {
    if thaurdir_trigger(g, me, ev) {
        g.heal(me, 3);
        let first = g.first;
        log(g, |_| {
            "  Thaurdir (Champion) heals 3 and makes an immediate attack".to_string()
        });
        g.stack.push(Frame::ImmediateAttack {
            enemy: me,
            player: first,
        });
    }
}

// ------------------------------------------------------------------ enemies

fn garrison_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat {
        shadow_count(g, me)
    } else {
        0
    }
}

fn garrison_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let k = shadow_count(g, e);
    if k > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, k), Until::EndOfAttack);
    }
}

fn grunts_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::ReducesQuestProgress(me) && g.card(me).zone.in_play()
}

fn grunts_shadow(g: &mut Game, me: CardId) {
    log(g, |g| {
        format!("  {} is added to the staging area", g.title(me))
    });
    g.move_card(me, Zone::Staging);
}

fn werewolf_forced(g: &mut Game, me: CardId, ev: Event) {
    if !g.card(me).zone.in_play() {
        return;
    }
    match ev {
        Event::Played(c) if g.ty(c) == CardType::Event => {
            g.deal_shadow(me);
        }
        Event::ShadowDealt(e)
            if e == me && g.card(me).zone == Zone::Staging && shadow_count(g, me) == 3 =>
        {
            let first = g.first;
            log(g, |g| {
                format!(
                    "  {} engages P{} and makes an immediate attack",
                    g.title(me),
                    first + 1
                )
            });
            g.engage(me, first);
            if matches!(g.card(me).zone, Zone::Engaged(_)) {
                g.stack.push(Frame::ImmediateAttackNoShadow {
                    enemy: me,
                    player: first,
                });
            }
        }
        _ => {}
    }
}

// ------------------------------------------------------------------ locations

fn battlefield_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::QuestsGainBattle && g.card(me).zone == Zone::Active
}

fn battlefield_shadow(g: &mut Game, _me: CardId) {
    let (e, p) = (g.attack.enemy, g.attack.player);
    let k = if g.players[p as usize].threat > g.stat(e, Stat::Engagement) {
        3
    } else {
        1
    };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, k), Until::EndOfAttack);
}

fn mountains_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::BlankShadowsRaiseThreat && g.card(me).zone == Zone::Active
}

fn mountains_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    g.raise_threat(p, 2);
}

fn blight_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::EnemyAttackEnded(e) = ev {
        if g.card(me).zone.in_play() && g.card(e).zone.in_play() && g.card(e).damage > 0 {
            g.heal(e, 1);
        }
    }
}

fn blight_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        shadow_to_each_enemy(g);
    }
    true
}

fn blight_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    if is_thaurdir(g, e) {
        g.heal(e, 3);
    }
}

fn walls_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::ThreatPerResourceSpent && g.card(me).zone == Zone::Active
}

fn walls_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    if g.players[p as usize].threat >= 40 {
        g.attack.after = me;
    }
}

/// End of the attack: the attacker attacks the same player once more.
fn walls_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK {
        return;
    }
    let (e, p) = (g.attack.enemy, g.attack.player);
    // This attack's shadow cards are resolved: they do not resolve again.
    let resolved: SmallIds = g.shadows_of(e).collect();
    for &s in resolved.iter() {
        g.move_card(s, Zone::EncounterDiscard);
    }
    log(g, |g| format!("  {} attacks P{} again", g.title(e), p + 1));
    g.stack.push(Frame::ImmediateAttackNoShadow {
        enemy: e,
        player: p,
    });
}

// ------------------------------------------------------------------ treacheries

/// Player `p` discards a random card from his hand; returns it.
fn discard_random(g: &mut Game, p: u8) -> Option<CardId> {
    let n = g.list(Zone::Hand(p)).len();
    if n == 0 {
        return None;
    }
    let i = rand::Rng::gen_range(&mut g.rng_players[p as usize], 0..n);
    let c = g.list(Zone::Hand(p))[i];
    g.discard(c);
    Some(c)
}

/// Discard up to `max` cards of `p`'s deck with the title of card `like` (then shuffle the
/// deck); how many went.
fn discard_copies_from_deck(g: &mut Game, p: u8, like: CardId, max: usize) -> usize {
    let title = &g.def_of(like).title;
    let copies: SmallIds = g
        .list(Zone::Deck(p))
        .iter()
        .copied()
        .filter(|&c| &g.def_of(c).title == title)
        .take(max)
        .collect();
    for &c in copies.iter() {
        g.move_card(c, Zone::Discard(p));
    }
    g.shuffle(Zone::Deck(p));
    copies.len()
}

fn sky_revealed(g: &mut Game, _me: CardId, _by: u8) {
    for &p in seats(g).iter() {
        if let Some(c) = discard_random(g, p) {
            discard_copies_from_deck(g, p, c, usize::MAX);
        }
    }
}

fn sky_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    discard_random(g, p);
}

/// The highest printed cost in `p`'s discard pile.
fn highest_discarded_cost(g: &Game, p: u8) -> i16 {
    g.list(Zone::Discard(p))
        .iter()
        .map(|&c| g.def_of(c).cost.max(0))
        .max()
        .unwrap_or(0)
}

fn questing_own(g: &Game, c: CardId, dealer: u8) -> bool {
    g.card(c).questing && g.controller(c) == dealer
}

/// Step 1 + k: seat k spreads his damage (Cont a/b as `deal_damage_steps` wants).
const VILE_SEAT: u8 = 1;

fn vile_revealed(g: &mut Game, me: CardId, _by: u8) {
    vile_next(g, me, 0);
}

/// Start seat `k`'s damage (or the next seat with any to deal).
fn vile_next(g: &mut Game, me: CardId, mut k: u8) {
    while k < g.n_players {
        let p = g.seat(k);
        let x = highest_discarded_cost(g, p);
        if !g.players[p as usize].eliminated && x > 0 {
            let cont = Cont::new(me, VILE_SEAT + k).with(0, x, x);
            if !deal_damage_steps(g, cont, Opt::Pass, 0, true, Dealers::Only(p), questing_own) {
                return;
            }
        }
        k += 1;
    }
}

fn vile_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.after = me;
}

fn vile_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == AFTER_ATTACK {
        let d = g.attack.destroyed;
        if g.attack.destroyed_ally && d != NO_CARD {
            let p = g.attack.player;
            discard_copies_from_deck(g, p, d, 1);
        }
        return;
    }
    let k = cont.step - VILE_SEAT;
    let p = g.seat(k);
    if deal_damage_steps(g, cont, opt, 0, true, Dealers::Only(p), questing_own) {
        vile_next(g, cont.card, k + 1);
    }
}

fn will_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::GainsSurge(me) && thaurdir_in_play(g).is_some_and(|t| is_captain(g, t))
}

fn will_revealed(g: &mut Game, _me: CardId, _by: u8) {
    flip_thaurdir(g);
}

fn will_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

fn will_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK {
        flip_thaurdir(g);
    }
}

fn charge_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::ProgressPlaced(c, n) if c == me && n >= 1 => {
            let chars: SmallIds = (0..g.n_players).flat_map(|p| g.characters(p)).collect();
            for &c in chars.iter() {
                g.add_lasting(c, Lasting::Stat(Stat::Defense, -2), Until::EndOfRound);
            }
            if let Some(t) = thaurdir_in_play(g).filter(|&t| is_captain(g, t)) {
                g.flip_card(t);
            }
        }
        Event::SideQuestDefeated(c) if c == me => {
            if let Some(q) = g.main_quest() {
                g.add_progress(q, 10);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_undefended, drain_pending, options, reveal, reveal_resolving, sandbox_in, set_stage,
    };
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    /// engage57: Thaurdir (Champion side) makes an attack when other cards are revealed
    /// (`Hint::attacks_on_reveals`): while it is in play a Defense boost counts in the quest
    /// phase before staging.
    #[test]
    fn thaurdir_champion_attacks_on_reveals_hint() {
        use crate::cards::hints::{boost_is_idle, hint};
        use crate::cards::testkit::defense_boost_window;
        let mut g = sandbox_in("the-battle-of-carn-dum", Mode::Standard, &[HEROES]);
        let fg = defense_boost_window(&mut g, Phase::Quest);
        assert!(boost_is_idle(&g, fg), "nothing can attack at staging");
        let c = g.spawn(CHAMPION, ENCOUNTER, Zone::Staging);
        assert!(hint(&g, c).attacks_on_reveals);
        assert!(!boost_is_idle(&g, fg), "in play");
        g.move_card(c, Zone::Removed);
        assert!(boost_is_idle(&g, fg), "out of play");
    }

    /// A sandbox on stage 1B with stage 1A's setup done.
    fn cd() -> Game<'static> {
        let mut g = sandbox_in("the-battle-of-carn-dum", Mode::Standard, &[HEROES]);
        let q = g.main_quest().unwrap();
        clutches_setup(&mut g, q);
        g.settle();
        g
    }

    #[test]
    fn the_clutches_of_carn_dum() {
        let g = cd();
        let t = find_thaurdir(&g).unwrap();
        assert_eq!(g.card(t).zone, Zone::Staging);
        assert_eq!(code(&g, t), CAPTAIN);
        let garrisons = g
            .list(Zone::Staging)
            .iter()
            .filter(|&&c| code(&g, c) == GARRISON)
            .count();
        assert_eq!(garrisons, 1, "one per player");
        assert_eq!(
            g.active_location().map(|l| code(&g, l).to_string()),
            Some(BATTLEFIELD.to_string())
        );
        // 1B: Thaurdir cannot be engaged or damaged; unresolved shadows stay.
        assert!(g.rule(Rule::CannotBeEngaged(t)));
        assert!(g.rule(Rule::CannotTakeDamage(t)));
        assert!(g.rule(Rule::KeepUnresolvedShadows));
        let mut g = cd();
        let t = find_thaurdir(&g).unwrap();
        g.phase = Phase::Combat;
        g.deal_shadow(t);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.deal_shadow(e);
        g.card_mut(e).attacked = true;
        g.push_run(Frame::Step(Step::CombatEnd));
        assert_eq!(shadow_count(&g, t), 1, "not discarded at the end of combat");
        assert_eq!(shadow_count(&g, e), 0, "resolved: discarded");
        // Exactly 3 shadow cards: he flips (to Champion: heal 3, attack the first player).
        let mut g = cd();
        let t = find_thaurdir(&g).unwrap();
        g.deal_shadow(t);
        g.deal_shadow(t);
        g.settle();
        assert_eq!(code(&g, t), CAPTAIN);
        g.deal_shadow(t);
        g.settle();
        assert_eq!(code(&g, t), CHAMPION);
        drain_pending(&mut g);
        // End of the round with Champion side up: back to Captain.
        g.emit(Event::RoundEnd);
        drain_pending(&mut g);
        assert_eq!(code(&g, t), CAPTAIN);
    }

    #[test]
    fn midwinters_crux() {
        let mut g = cd();
        let t = find_thaurdir(&g).unwrap();
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.deal_shadow(e);
        g.deal_shadow(e);
        g.settle();
        let q = set_stage(&mut g, "TBoCD-126A");
        let before = g.players[0].threat;
        crux_revealed(&mut g, q, 0);
        g.settle();
        drain_pending(&mut g);
        assert!(
            g.players[0].threat >= before + 2,
            "X = shadow cards in play"
        );
        assert_eq!(code(&g, t), CHAMPION, "a Captain flips");
        // 2B: engaged with each player, attacks each player in the combat phase.
        let q = set_stage(&mut g, "TBoCD-126B");
        g.emit(Event::RoundEnd);
        assert_eq!(
            code(&g, t),
            CHAMPION,
            "only a Captain flips at the end of the round"
        );
        assert!(g.rule(Rule::EngagedWithEachPlayer(t)));
        assert!(g.rule(Rule::CannotDefeat(q)));
        assert_eq!(g.engaged_with_each_player(), Some(t));
        g.phase = Phase::Combat;
        g.push_run(Frame::EnemyAttacks { seat: 0 });
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: t }));
        drain_pending(&mut g);
        assert!(g.players[0].attacked_from_staging);
        assert_eq!(
            shadow_count(&g, t),
            0,
            "its shadow card is discarded after the attack"
        );
        // Players may attack him.
        let h = g.heroes(0).next().unwrap();
        g.card_mut(h).exhausted = false;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        assert!(options(&g).contains(&Opt::Card(t)));
        g.answer(Opt::Done);
        // Indestructible until 15 progress; destroying him then wins.
        g.card_mut(t).damage = 20;
        g.settle();
        assert!(g.card(t).zone.in_play());
        g.card_mut(q).progress = 15;
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn thaurdir() {
        let mut g = cd();
        let t = find_thaurdir(&g).unwrap();
        assert!(g.rule(Rule::CannotHaveAttachments(t)));
        let gar = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == GARRISON)
            .unwrap();
        // Captain: other enemies +10 engagement cost.
        assert_eq!(g.stat(gar, Stat::Engagement), 50);
        assert_eq!(g.stat(t, Stat::Engagement), 50);
        // A Sorcery treachery revealed: each enemy in play gets a shadow card.
        let s = g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert_eq!(shadow_count(&g, t), 1);
        assert_eq!(shadow_count(&g, gar), 1);
        // A treachery without Sorcery: nothing.
        let r = g.spawn("TLR-062", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, r);
        assert_eq!(shadow_count(&g, gar), 1);
        // Flip to Champion: other enemies -10; heal 3 and attack the first player. Tokens stay.
        set_stage(&mut g, "TBoCD-126B");
        g.card_mut(t).damage = 5;
        g.card_mut(t).resources = 1;
        g.flip_card(t);
        g.settle();
        assert_eq!(code(&g, t), CHAMPION);
        assert_eq!(g.card(t).damage, 2);
        assert_eq!(g.card(t).resources, 1, "tokens kept across the flip");
        assert_eq!(g.stat(gar, Stat::Engagement), 30);
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: t }));
        drain_pending(&mut g);
        // Champion and a Sorcery revealed: heal and attack again.
        let s = g.spawn("TLR-065", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        let mut attacked = false;
        while let Some(d) = g.pending() {
            attacked |= d.ask == Ask::Defender { enemy: t };
            g.apply(0);
        }
        assert!(attacked);
    }

    #[test]
    fn carn_dum_garrison() {
        let mut g = cd();
        let gar = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == GARRISON)
            .unwrap();
        assert_eq!(g.stat(gar, Stat::Threat), 1);
        g.deal_shadow(gar);
        g.deal_shadow(gar);
        assert_eq!(g.stat(gar, Stat::Threat), 3);
        // Shadow: +1 Attack per shadow card on the attacker.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.spawn(GARRISON, ENCOUNTER, Zone::Shadow(e));
        g.spawn("TLR-062", ENCOUNTER, Zone::Shadow(e));
        let atk = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        let d = g.pending().unwrap();
        assert!(matches!(d.ask, Ask::UndefendedHero { damage, .. } if damage == atk + 2));
    }

    #[test]
    fn orc_grunts() {
        let mut g = cd();
        let q = g.main_quest().unwrap();
        g.move_card(g.active_location().unwrap(), Zone::EncounterDiscard);
        g.spawn("TBoCD-130", ENCOUNTER, Zone::Staging);
        g.place_progress_on_quest(4, true);
        assert_eq!(g.card(q).progress, 3, "1 less");
        g.spawn("TBoCD-130", ENCOUNTER, Zone::Staging);
        g.place_progress_on_quest(4, true);
        assert_eq!(g.card(q).progress, 5, "2 less with two");
        // Shadow: it goes to the staging area; the next shadow card still resolves.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let s = g.spawn("TBoCD-130", ENCOUNTER, Zone::Shadow(e));
        g.spawn("TBoCD-133", ENCOUNTER, Zone::Shadow(e));
        let t0 = g.players[0].threat;
        attack_undefended(&mut g, e);
        assert_eq!(g.card(s).zone, Zone::Staging);
        assert_eq!(g.players[0].threat, t0 + 2, "the second shadow resolved");
    }

    #[test]
    fn werewolf_of_angmar() {
        let mut g = cd();
        let w = g.spawn("TBoCD-131", ENCOUNTER, Zone::Staging);
        let ev = g.spawn("Core-022", 0, Zone::Discard(0));
        g.emit(Event::Played(ev));
        assert_eq!(shadow_count(&g, w), 1);
        // An ally played: nothing.
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        g.emit(Event::Played(a));
        assert_eq!(shadow_count(&g, w), 1);
        g.emit(Event::Played(ev));
        g.emit(Event::Played(ev));
        assert_eq!(g.card(w).zone, Zone::Engaged(0));
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: w }));
        assert_eq!(shadow_count(&g, w), 3, "no new shadow card for this attack");
    }

    #[test]
    fn accursed_battlefield() {
        let mut g = cd();
        assert_eq!(
            g.questing_stat(),
            Stat::Attack,
            "active: the quest has Battle"
        );
        let l = g.active_location().unwrap();
        g.move_card(l, Zone::Staging);
        assert_eq!(g.questing_stat(), Stat::Willpower);
        // Shadow: +1 Attack, +3 when the defender's threat is above the engagement cost.
        for (threat, bonus) in [(20, 1), (45, 3)] {
            let mut g = cd();
            g.players[0].threat = threat;
            let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
            g.spawn(BATTLEFIELD, ENCOUNTER, Zone::Shadow(e));
            let atk = g.stat(e, Stat::Attack);
            g.attack = AttackCtx::new(e, 0, false);
            g.push_run(Frame::Attack { stage: 0 });
            g.answer(Opt::Undefended);
            let d = g.pending().unwrap();
            assert!(
                matches!(d.ask, Ask::UndefendedHero { damage, .. } if damage == atk + bonus),
                "{threat}: {:?}",
                d.ask
            );
        }
    }

    #[test]
    fn mountains_of_angmar() {
        let mut g = cd();
        let l = g.active_location().unwrap();
        g.move_card(l, Zone::EncounterDiscard);
        g.spawn("TBoCD-133", ENCOUNTER, Zone::Active);
        // A shadow card without a shadow effect raises the defending player's threat by 2.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-045", ENCOUNTER, Zone::Shadow(e));
        let t0 = g.players[0].threat;
        attack_undefended(&mut g, e);
        assert_eq!(g.players[0].threat, t0 + 2);
        // Its own shadow: +2 threat.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TBoCD-133", ENCOUNTER, Zone::Shadow(e));
        let t0 = g.players[0].threat;
        attack_undefended(&mut g, e);
        assert_eq!(g.players[0].threat, t0 + 2);
    }

    #[test]
    fn blight_of_carn_dum() {
        let mut g = cd();
        let b = g.spawn("TBoCD-134", ENCOUNTER, Zone::Staging);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.card_mut(e).damage = 2;
        g.attack = AttackCtx::new(e, 0, false);
        g.emit(Event::EnemyAttackEnded(e));
        assert_eq!(g.card(e).damage, 1, "an enemy that attacked heals 1");
        // Travel: each enemy in play gets a shadow card.
        assert!(blight_travel(&mut g, b, true));
        g.settle();
        assert_eq!(shadow_count(&g, e), 1);
        let t = find_thaurdir(&g).unwrap();
        assert_eq!(shadow_count(&g, t), 1);
        // Shadow: Thaurdir attacking heals 3.
        g.card_mut(t).damage = 4;
        g.attack = AttackCtx::new(t, 0, true);
        blight_shadow(&mut g, b);
        assert_eq!(g.card(t).damage, 1);
        g.attack = AttackCtx::new(e, 0, true);
        blight_shadow(&mut g, b);
        assert_eq!(g.card(e).damage, 1, "another attacker: nothing");
    }

    #[test]
    fn fortress_walls() {
        let mut g = cd();
        let l = g.active_location().unwrap();
        g.move_card(l, Zone::EncounterDiscard);
        g.spawn("TBoCD-135", ENCOUNTER, Zone::Active);
        let h = g.heroes(0).next().unwrap();
        g.card_mut(h).resources = 3;
        let sphere = g.def_of(h).sphere;
        let t0 = g.players[0].threat;
        g.pay(0, sphere, 2);
        assert_eq!(g.players[0].threat, t0 + 2, "1 threat per resource spent");
        // Shadow: at 40+ threat the attacker attacks again.
        for (threat, attacks) in [(30, 1), (40, 2)] {
            let mut g = cd();
            g.players[0].threat = threat;
            let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
            g.spawn("TBoCD-135", ENCOUNTER, Zone::Shadow(e));
            g.attack = AttackCtx::new(e, 0, false);
            g.push_run(Frame::Attack { stage: 0 });
            let mut n = 0;
            while let Some(d) = g.pending() {
                if d.ask == (Ask::Defender { enemy: e }) {
                    n += 1;
                    g.answer(Opt::Undefended);
                } else {
                    g.apply(0);
                }
            }
            assert_eq!(n, attacks, "threat {threat}");
        }
    }

    #[test]
    fn the_sky_darkens() {
        let mut g = cd();
        // Hand: one Guard of the Citadel; the deck holds more copies, and one other card.
        while let Some(&c) = g.list(Zone::Hand(0)).last() {
            g.move_card(c, Zone::Discard(0));
        }
        g.spawn("Core-013", 0, Zone::Hand(0));
        let other = g.spawn("Core-022", 0, Zone::Deck(0));
        let s = g.spawn("TBoCD-136", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert!(g.list(Zone::Hand(0)).is_empty());
        assert_eq!(
            g.list(Zone::Deck(0)),
            &[other],
            "every other copy discarded"
        );
        // Shadow: the defender loses one card of his hand at random.
        let mut g = cd();
        let n = g.list(Zone::Hand(0)).len();
        assert!(n > 0);
        g.attack = AttackCtx::new(NO_CARD, 0, false);
        sky_shadow(&mut g, s);
        assert_eq!(g.list(Zone::Hand(0)).len(), n - 1);
    }

    #[test]
    fn vile_afflication() {
        let mut g = cd();
        let hs: Vec<_> = g.heroes(0).collect();
        for &h in &hs {
            g.card_mut(h).questing = true;
        }
        // Highest printed cost in the discard pile: a Guard of the Citadel (2).
        g.spawn("Core-013", 0, Zone::Discard(0));
        let s = g.spawn("TBoCD-137", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        let dealt: i16 = hs.iter().map(|&h| g.card(h).damage).sum();
        assert_eq!(dealt, 2);
        // Shadow: +1 Attack; an ally it destroys takes a copy out of the deck.
        let mut g = cd();
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        g.card_mut(a).damage = 1;
        let copies = |g: &Game| {
            g.list(Zone::Deck(0))
                .iter()
                .filter(|&&c| g.def_of(c).code == "Core-013")
                .count()
        };
        let before = copies(&g);
        g.spawn("TBoCD-137", ENCOUNTER, Zone::Shadow(e));
        let atk = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(a));
        drain_pending(&mut g);
        assert_eq!(g.card(a).zone, Zone::Discard(0));
        assert_eq!(copies(&g), before - 1);
        assert!(atk + 1 > 2);
    }

    #[test]
    fn daechanars_will() {
        let mut g = cd();
        let t = find_thaurdir(&g).unwrap();
        set_stage(&mut g, "TBoCD-126B");
        let w = g.spawn("TBoCD-138", ENCOUNTER, Zone::EncounterDeck);
        g.set_logging(true);
        reveal_resolving(&mut g, w);
        assert_eq!(code(&g, t), CHAMPION, "flipped");
        assert!(!will_rule(&g, w, Rule::GainsSurge(w)));
        assert!(
            !g.log_lines().iter().any(|l| l.contains("surges")),
            "no surge: Champion"
        );
        let w2 = g.spawn("TBoCD-138", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w2);
        assert_eq!(code(&g, t), CAPTAIN);
        assert!(
            g.log_lines()
                .iter()
                .any(|l| l.contains("Daechanar's Will surges")),
            "Captain: surge"
        );
        // Shadow: Thaurdir flips after the attack.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TBoCD-138", ENCOUNTER, Zone::Shadow(e));
        attack_undefended(&mut g, e);
        assert_eq!(code(&g, t), CHAMPION);
    }

    #[test]
    fn furious_charge() {
        let mut g = cd();
        let t = find_thaurdir(&g).unwrap();
        let c = g.spawn("TBoCD-139", ENCOUNTER, Zone::Staging);
        let h = g.heroes(0).next().unwrap();
        let d = g.stat(h, Stat::Defense);
        g.add_progress(c, 1);
        g.settle();
        assert_eq!(g.stat(h, Stat::Defense), (d - 2).max(0));
        assert_eq!(code(&g, t), CHAMPION, "a Captain flips");
        drain_pending(&mut g);
        // Defeated: 10 progress on the main quest.
        let q = g.main_quest().unwrap();
        let p0 = g.card(q).progress;
        g.emit(Event::SideQuestDefeated(c));
        assert_eq!(g.card(q).progress, p0 + 10);
    }
}
