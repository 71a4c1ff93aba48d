//! The Wastes of Eriador: its quest cards, the Time objective (Daybreak / Nightfall, RULES §8.6)
//! and The Wastes of Eriador encounter set (Eriador Wilds and Foul Weather are in their own
//! modules; Amarthiúl in `amarthiul`). Each script has a one-line summary in our own words.
//!
//! Day and Night are read from the Time objective's face (`Game::is_day` / `is_night`, engine
//! `time_of_day`); turning it fires `Event::BecameDay` / `Event::BecameNight`, which the stages
//! and Blood-thirsty Warg trigger on.
//!
//! Engine choices: a Warg "searched for and revealed" (Warg's Den, Predatory Wolves, the stage
//! 2A/3A discards) is shown, not resolved: its When Revealed does not resolve. "Discard a
//! non-objective ally from play" (stage 2B) is chosen by the first player. Predatory Wolves'
//! "highest cost ally" is among the player allies (objective-allies have no cost).

use super::amarthiul;
use crate::cards::common::{self, deal_damage_steps, offer_ready_characters, Dealers};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::record::Outcome;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Pack Leader set aside, Shrouded Hills active, the Time objective staged
    // Daybreak side up, Amarthiúl to the first player, then one encounter card per player.
    Script {
        code: "TWoE-013A",
        setup: Some(stage1a_setup),
        ..BLANK
    },
    // Stage 1B: heroes have +1 Willpower by Day; each time Night falls, threat +1 each.
    Script {
        code: "TWoE-013B",
        modify: Some(stage1b_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Willpower]),
        forced: Some(stage1b_forced),
        forced_on: events![BecameNight],
        ..BLANK
    },
    // Stage 2A: the discard pile goes back into the deck; cards are discarded from the top
    // until one Warg per player turns up, and those Wargs are staged.
    Script {
        code: "TWoE-014A",
        when_revealed: Some(stage2a_revealed),
        ..BLANK
    },
    // Stage 2B: by Day each player draws a card; when Night falls the first player discards one
    // non-objective ally in play (two with 3+ players).
    Script {
        code: "TWoE-014B",
        hint: Hint {
            effect: Some(bot::discard_cheapest_ally),
            carry_progress: true,
            ..NO_HINT
        },
        forced: Some(stage2b_forced),
        forced_on: events![BecameDay, BecameNight],
        resume: Some(stage2b_resume),
        ..BLANK
    },
    // Stage 3A: Night falls, Pack Leader is staged, and Wargs are fetched as in 2A (one fewer
    // than the players).
    Script {
        code: "TWoE-015A",
        when_revealed: Some(stage3a_revealed),
        ..BLANK
    },
    // Stage 3B: Pack Leader takes no damage below 5 progress here; Day wipes this stage's
    // progress; it cannot be defeated while he lives, and killing him wins.
    Script {
        code: "TWoE-015B",
        hint: Hint {
            quest_damage_target: Some(find_pack_leader),
            carry_progress: true,
            ..NO_HINT
        },
        rule: Some(stage3b_rule),
        rule_on: rules![CannotDefeat, CannotTakeDamage],
        forced: Some(stage3b_forced),
        forced_on: events![BecameDay, Destroyed],
        ..BLANK
    },
    // Daybreak: it is Day, no engagement checks; when Day comes every enemy returns to the
    // staging area; it turns at the end of the round.
    Script {
        code: DAYBREAK,
        rule: Some(daybreak_rule),
        rule_on: rules![ItIsDay, NoEngagementChecks],
        forced: Some(daybreak_forced),
        forced_on: events![BecameDay, RoundEnd],
        ..BLANK
    },
    // Nightfall: it is Night, no progress on quest cards, encounter effects are not canceled;
    // when Night comes an encounter card is revealed; it turns at the end of the round.
    Script {
        code: "TWoE-012",
        rule: Some(nightfall_rule),
        rule_on: rules![CannotBeCanceled, CannotPlaceProgress, ItIsNight],
        forced: Some(nightfall_forced),
        forced_on: events![BecameNight, RoundEnd],
        ..BLANK
    },
    // Pack Leader: no attachments, never optionally engaged; engaging a player exhausts one of
    // his characters per Warg engaged with him.
    Script {
        code: PACK_LEADER,
        forced: Some(pack_leader_forced),
        forced_on: events![Engaged],
        rule: Some(pack_leader_rule),
        rule_on: rules![CannotBeOptionallyEngaged, CannotHaveAttachments],
        resume: Some(pack_leader_resume),
        ..BLANK
    },
    // Northern Warg: Wargs have +1 Threat this phase; shadow: after the attack the enemy engages
    // the next player and attacks him at once (nothing when no other player is left).
    Script {
        code: "TWoE-018",
        when_revealed: Some(northern_warg_revealed),
        shadow: Some(northern_warg_shadow),
        resume: Some(northern_warg_resume),
        ..BLANK
    },
    // Blood-thirsty Warg: in the staging area when Night falls, it engages the first player and
    // attacks him at once.
    Script {
        code: "TWoE-019",
        forced: Some(blood_thirsty_forced),
        forced_on: events![BecameNight],
        ..BLANK
    },
    // Hunting Pack: no attachments; cheaper to engage by one per damaged character of the
    // player checking.
    Script {
        code: "TWoE-020",
        rule: Some(no_attachments),
        rule_on: rules![CannotHaveAttachments],
        modify: Some(hunting_pack_modify),
        ..BLANK
    },
    // White Warg: engaging a player, 1 damage (2 by Night) to one of his characters; shadow: by
    // Night the enemy attacks once more.
    Script {
        code: "TWoE-021",
        hint: Hint {
            // Prompt 0 places the 1 point by Day, prompt 1 the 2 points by Night.
            damage_prompts: &[(0, 1), (1, 2)],
            ..NO_HINT
        },
        forced: Some(white_warg_forced),
        forced_on: events![Engaged],
        shadow: Some(white_warg_shadow),
        resume: Some(white_warg_resume),
        ..BLANK
    },
    // Wolf of Angmar (surge): +2 Attack by Night; shadow: +1 Attack (+2 by Night).
    Script {
        code: "TWoE-022",
        modify: Some(wolf_modify),
        shadow: Some(wolf_shadow),
        ..BLANK
    },
    // Eriador Wastes: staged, at most 5 progress on the current quest per round; travel: the
    // first player engages a staged Warg and deals it a shadow card.
    Script {
        code: "TWoE-023",
        hint: Hint {
            travel_engages_enemy: true,
            ..NO_HINT
        },
        rule: Some(eriador_wastes_rule),
        rule_on: rules![QuestProgressCap5],
        travel: Some(eriador_wastes_travel),
        resume: Some(eriador_wastes_resume),
        ..BLANK
    },
    // Warg's Den (immune, data): travel: the first player fetches a Warg from the encounter
    // deck or discard pile and engages it; shuffle.
    Script {
        code: "TWoE-024",
        hint: Hint {
            travel_penalty: 30,
            ..NO_HINT
        },
        travel: Some(wargs_den_travel),
        resume: Some(wargs_den_resume),
        ..BLANK
    },
    // North Downs: +2 Threat by Night; shadow: +1 Attack, and a character killed by the attack
    // wipes the current quest's progress.
    Script {
        code: "TWoE-025",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            ..NO_HINT
        },
        modify: Some(north_downs_modify),
        shadow: Some(north_downs_shadow),
        resume: Some(north_downs_resume),
        ..BLANK
    },
    // Sudden Darkness: by Night threat +4 each, by Day Night falls; shadow: the newest Warg of
    // the discard pile engages the defending player with a shadow card.
    Script {
        code: "TWoE-026",
        when_revealed: Some(sudden_darkness_revealed),
        shadow: Some(sudden_darkness_shadow),
        ..BLANK
    },
    // Predatory Wolves: each player discards his costliest ally or stages a Warg fetched from
    // the encounter deck or discard pile; shuffle; shadow: exhaust one of your characters.
    Script {
        code: "TWoE-027",
        hint: Hint {
            effect: Some(bot::predatory_wolves_effect),
            ..NO_HINT
        },
        when_revealed: Some(predatory_revealed),
        shadow: Some(predatory_shadow),
        resume: Some(predatory_resume),
        mode_names: &[(0, 1, "stage a Warg instead")],
        ..BLANK
    },
];

pub const DAYBREAK: &str = "TWoE-011";
pub const PACK_LEADER: &str = "TWoE-017";
const SHROUDED_HILLS: &str = "TLR-048";

/// Is `c` an enemy with the Warg trait?
pub fn is_warg(g: &Game, c: CardId) -> bool {
    g.is_enemy(c) && g.has_trait(c, "Warg")
}

/// Warg enemies in play.
pub fn wargs_in_play(g: &Game) -> i16 {
    common::enemies_in_play(g)
        .filter(|&e| is_warg(g, e))
        .count() as i16
}

fn find_in(g: &Game, z: Zone, code_: &str) -> Option<CardId> {
    g.list(z)
        .iter()
        .rev()
        .copied()
        .find(|&c| code(g, c) == code_)
}

/// Pack Leader wherever he is (one copy).
pub fn find_pack_leader(g: &Game) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| code(g, c) == PACK_LEADER)
}

fn no_attachments(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveAttachments(me)
}

/// Each player still in the game reveals one encounter card, the first player first.
fn reveal_one_per_player(g: &mut Game) {
    let seats = common::seats(g);
    for &p in seats.iter().rev() {
        g.stack.push(Frame::RevealTop { by: p });
    }
}

/// Shuffle the encounter discard pile into the deck, then discard from the top until `x` Warg
/// enemies are discarded (or the deck runs out), and stage those Wargs.
fn fetch_wargs_from_top(g: &mut Game, x: i16) {
    while let Some(&c) = g.list(Zone::EncounterDiscard).last() {
        g.move_card(c, Zone::EncounterDeck);
    }
    g.shuffle(Zone::EncounterDeck);
    let mut found = 0;
    while found < x {
        let Some(c) = g.top(Zone::EncounterDeck) else {
            break;
        };
        g.move_card(c, Zone::EncounterDiscard);
        if is_warg(g, c) {
            found += 1;
            g.move_card(c, Zone::Staging);
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(c))
            });
        }
    }
}

// ------------------------------------------------------------------ quest

fn stage1a_setup(g: &mut Game, _me: CardId) {
    if let Some(p) = find_in(g, Zone::EncounterDeck, PACK_LEADER) {
        g.move_card(p, Zone::SetAside);
    }
    if let Some(s) = find_in(g, Zone::EncounterDeck, SHROUDED_HILLS) {
        g.move_card(s, Zone::Active);
        log(g, |g| format!("  {} is the active location", g.title(s)));
    }
    if let Some(t) = find_in(g, Zone::EncounterDeck, DAYBREAK) {
        g.move_card(t, Zone::Staging);
        log(g, |_| {
            "  the Time objective is staged, Daybreak side up".to_string()
        });
    }
    amarthiul::to_first_player(g);
    g.shuffle(Zone::EncounterDeck);
    reveal_one_per_player(g);
}

fn stage1b_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Willpower
        && g.card(me).zone == Zone::Quest
        && g.is_hero(target)
        && g.card(target).zone.in_play()
        && g.is_day();
    on as i16
}

fn stage1b_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::BecameNight && g.card(me).zone == Zone::Quest {
        common::raise_each(g, 1);
    }
}

fn stage2a_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let x = g.players_in_game() as i16;
    fetch_wargs_from_top(g, x);
}

fn stage2b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Quest {
        return;
    }
    match ev {
        Event::BecameDay => {
            for &p in common::seats(g).iter() {
                g.draw_by_effect(p, 1);
            }
        }
        Event::BecameNight => {
            let n = if g.players_in_game() >= 3 { 2 } else { 1 };
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(0, n, 0),
            });
        }
        _ => {}
    }
}

/// The first player discards `cont.a` more non-objective allies, one decision each.
fn stage2b_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut left = cont.a;
    if let Opt::Card(a) = opt {
        g.discard(a);
        left -= 1;
    }
    if left <= 0 {
        return;
    }
    let first = g.first;
    g.begin_ask(
        first,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    for p in 0..g.n_players {
        for i in 0..g.list(Zone::Play(p)).len() {
            let c = g.list(Zone::Play(p))[i];
            if g.ty(c) == CardType::Ally {
                g.offer(Opt::Card(c));
            }
        }
    }
    g.ask_if_offered(Cont::new(cont.card, 0).with(first, left, 0));
}

fn stage3a_revealed(g: &mut Game, _me: CardId, _by: u8) {
    g.make_night();
    if let Some(p) = find_pack_leader(g).filter(|&p| !g.card(p).zone.in_play()) {
        g.move_card(p, Zone::Staging);
        log(g, |_| {
            "  Pack Leader is added to the staging area".to_string()
        });
    }
    let x = g.players_in_game() as i16 - 1;
    fetch_wargs_from_top(g, x);
}

fn stage3b_rule(g: &Game, me: CardId, r: Rule) -> bool {
    if g.card(me).zone != Zone::Quest {
        return false;
    }
    match r {
        Rule::CannotTakeDamage(e) => code(g, e) == PACK_LEADER && g.card(me).progress < 5,
        Rule::CannotDefeat(q) => {
            q == me && find_pack_leader(g).is_some_and(|p| g.card(p).zone.in_play())
        }
        _ => false,
    }
}

fn stage3b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Quest {
        return;
    }
    match ev {
        Event::BecameDay if g.card(me).progress > 0 => {
            g.card_mut(me).progress = 0;
            log(g, |g| {
                format!("  all progress on {} is discarded", g.title(me))
            });
        }
        Event::Destroyed(e) if code(g, e) == PACK_LEADER => g.end_game(Outcome::Win),
        _ => {}
    }
}

// ------------------------------------------------------------------ the Time objective

fn daybreak_rule(g: &Game, me: CardId, r: Rule) -> bool {
    g.card(me).zone.in_play() && matches!(r, Rule::ItIsDay | Rule::NoEngagementChecks)
}

fn daybreak_forced(g: &mut Game, me: CardId, ev: Event) {
    if !g.card(me).zone.in_play() {
        return;
    }
    match ev {
        Event::BecameDay => {
            for p in 0..g.n_players {
                while let Some(&e) = g.engaged(p).last() {
                    g.return_to_staging(e);
                }
            }
        }
        Event::RoundEnd => {
            g.make_night();
        }
        _ => {}
    }
}

fn nightfall_rule(g: &Game, me: CardId, r: Rule) -> bool {
    if !g.card(me).zone.in_play() {
        return false;
    }
    match r {
        Rule::ItIsNight => true,
        Rule::CannotPlaceProgress(c) => g.card(c).zone == Zone::Quest || g.is_side_quest(c),
        Rule::CannotBeCanceled(c) => {
            g.card(c).owner == ENCOUNTER
                && (!matches!(g.card(c).zone, Zone::Shadow(_))
                    || g.setup.options.night_shadows_uncancelable)
        }
        _ => false,
    }
}

fn nightfall_forced(g: &mut Game, me: CardId, ev: Event) {
    if !g.card(me).zone.in_play() {
        return;
    }
    match ev {
        Event::BecameNight => {
            let by = g.first;
            g.stack.push(Frame::RevealTop { by });
        }
        Event::RoundEnd => {
            g.make_day();
        }
        _ => {}
    }
}

// ------------------------------------------------------------------ enemies

fn pack_leader_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotHaveAttachments(c) | Rule::CannotBeOptionallyEngaged(c) if c == me)
}

fn pack_leader_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            let n = g.engaged(p).iter().filter(|&&x| is_warg(g, x)).count() as i16;
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(p, n, 0),
            });
        }
    }
}

/// Player `cont.player` exhausts `cont.a` more of his ready characters, one decision each.
fn pack_leader_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut left = cont.a;
    if let Opt::Card(c) = opt {
        g.exhaust(c);
        left -= 1;
    }
    if left <= 0 {
        return;
    }
    let p = cont.player;
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    offer_ready_characters(g, p);
    g.ask_if_offered(Cont::new(cont.card, 0).with(p, left, 0));
}

fn northern_warg_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let mut wargs = SmallIds::new();
    for e in common::enemies_in_play(g) {
        if is_warg(g, e) {
            wargs.push(e);
        }
    }
    for &e in wargs.iter() {
        g.add_lasting(e, Lasting::Stat(Stat::Threat, 1), Until::EndOfPhase);
    }
}

fn northern_warg_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

/// The player after `p` in player order who is still in the game; none when `p` is the only
/// one left (RULES §1.1.1: alone, there is no next player and such an effect does nothing).
fn next_player(g: &Game, p: u8) -> Option<u8> {
    let mut q = (p + 1) % g.n_players;
    while g.players[q as usize].eliminated && q != p {
        q = (q + 1) % g.n_players;
    }
    (q != p).then_some(q)
}

/// Discard enemy `e`'s shadow cards, then queue an immediate attack against `p` (which deals
/// a new shadow card).
fn attack_again(g: &mut Game, e: CardId, p: u8) {
    while let Some(s) = {
        let x = g.shadows_of(e).next();
        x
    } {
        g.move_card(s, Zone::EncounterDiscard);
    }
    g.stack.push(Frame::ImmediateAttack {
        enemy: e,
        player: p,
    });
}

fn northern_warg_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK {
        return;
    }
    let e = g.attack.enemy;
    if !g.card(e).zone.in_play() {
        return;
    }
    let Some(q) = next_player(g, g.attack.player) else {
        return;
    };
    attack_again(g, e, q);
    g.engage(e, q);
}

fn blood_thirsty_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::BecameNight && g.card(me).zone == Zone::Staging {
        let first = g.first;
        g.stack.push(Frame::ImmediateAttack {
            enemy: me,
            player: first,
        });
        g.engage(me, first);
    }
}

fn hunting_pack_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target != me || s != Stat::Engagement {
        return 0;
    }
    (0..g.n_players)
        .filter(|&p| g.players[p as usize].checking_engagement)
        .map(|p| -common::damaged_characters(g, p))
        .sum()
}

fn white_warg_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            let n = if g.is_night() { 2 } else { 1 };
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 10 + p).with(0, n, n),
            });
        }
    }
}

/// Steps 10 + p: player p puts the damage on one of his characters; `AFTER_ATTACK`: the
/// shadow's additional attack.
fn white_warg_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == AFTER_ATTACK {
        let e = g.attack.enemy;
        if g.card(e).zone.in_play() {
            let p = g.attack.player;
            attack_again(g, e, p);
        }
        return;
    }
    let p = cont.step - 10;
    // Prompt 1 when the pick takes 2 points (by Night), so that a bot knows what it places.
    let what = (cont.b >= 2) as u8;
    deal_damage_steps(
        g,
        cont,
        opt,
        what,
        false,
        Dealers::Only(p),
        common::own_character,
    );
}

fn white_warg_shadow(g: &mut Game, me: CardId) {
    if g.is_night() {
        g.attack.after = me;
    }
}

fn wolf_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Attack && g.is_night() {
        2
    } else {
        0
    }
}

fn wolf_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = if g.is_night() { 2 } else { 1 };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

// ------------------------------------------------------------------ locations

fn eriador_wastes_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::QuestProgressCap5 && g.card(me).zone == Zone::Staging
}

fn eriador_wastes_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    let any = g.list(Zone::Staging).iter().any(|&c| is_warg(g, c));
    if pay && any {
        let first = g.first;
        g.begin_ask(first, Ask::Effect { card: me, what: 0 });
        for i in 0..g.list(Zone::Staging).len() {
            let c = g.list(Zone::Staging)[i];
            if is_warg(g, c) {
                g.offer(Opt::Card(c));
            }
        }
        g.ask_script(Cont::new(me, 0).with(first, 0, 0));
    }
    any
}

fn eriador_wastes_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        g.engage(e, cont.player);
        g.deal_shadow(e);
    }
}

fn wargs_den_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    if pay {
        let first = g.first;
        g.begin_ask(first, Ask::Effect { card: me, what: 0 });
        offer_wargs(g);
        if !g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0)) {
            g.shuffle(Zone::EncounterDeck);
        }
    }
    true
}

/// Offer one Warg enemy of each title in the encounter deck, then its discard pile.
fn offer_wargs(g: &mut Game) -> usize {
    common::offer_encounter_one_per_title(g, is_warg)
}

fn wargs_den_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        log(g, |g| format!("  {} is found", g.title(e)));
        g.move_card(e, Zone::Staging);
        g.shuffle(Zone::EncounterDeck);
        g.engage(e, cont.player);
    } else {
        g.shuffle(Zone::EncounterDeck);
    }
}

fn north_downs_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat && g.is_night() {
        2
    } else {
        0
    }
}

fn north_downs_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.after = me;
}

fn north_downs_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK && g.attack.destroyed_character {
        if let Some(q) = g.current_quest().filter(|&q| g.card(q).zone.in_play()) {
            g.card_mut(q).progress = 0;
            log(g, |g| {
                format!("  all progress on {} is removed", g.title(q))
            });
        }
    }
}

// ------------------------------------------------------------------ treacheries

fn sudden_darkness_revealed(g: &mut Game, _me: CardId, _by: u8) {
    if g.is_night() {
        common::raise_each(g, 4);
    } else if g.is_day() {
        g.make_night();
    }
}

fn sudden_darkness_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    if let Some(w) = common::top_of_encounter_discard(g, |c| is_warg(g, c)) {
        log(g, |g| {
            format!("  {} comes back from the discard pile", g.title(w))
        });
        g.move_card(w, Zone::Staging);
        g.engage(w, p);
        g.deal_shadow(w);
    }
}

fn predatory_revealed(g: &mut Game, me: CardId, _by: u8) {
    predatory_resume(g, Cont::new(me, 0), Opt::Pass);
}

/// Step k (< 100): player k (offset) discards his costliest ally or picks `Opt::Mode(1)`;
/// step 100 + k: player k picks the Warg to stage. Then shuffle.
fn predatory_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == 200 {
        if let Opt::Card(c) = opt {
            g.exhaust(c);
        }
        return;
    }
    let mut k = cont.step;
    match opt {
        Opt::Card(c) if k >= 100 => {
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(c))
            });
            g.move_card(c, Zone::Staging);
            k -= 100;
            k += 1;
        }
        Opt::Card(a) => {
            g.discard(a);
            k += 1;
        }
        Opt::Mode(1) => {
            let p = cont.player;
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            if offer_wargs(g) > 0 {
                return g.ask_script(Cont::new(cont.card, 100 + k).with(p, 0, 0));
            }
            k += 1;
        }
        _ => {}
    }
    while k < g.n_players {
        let p = g.seat(k);
        if g.players[p as usize].eliminated {
            k += 1;
            continue;
        }
        let top = g
            .allies_of(p)
            .filter(|&a| g.ty(a) == CardType::Ally)
            .map(|a| g.def_of(a).cost)
            .max();
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        g.offer(Opt::Mode(1));
        if let Some(top) = top {
            for i in 0..g.list(Zone::Play(p)).len() {
                let a = g.list(Zone::Play(p))[i];
                if g.ty(a) == CardType::Ally && g.def_of(a).cost == top {
                    g.offer(Opt::Card(a));
                }
            }
        }
        return g.ask_script(Cont::new(cont.card, k).with(p, 0, 0));
    }
    g.shuffle(Zone::EncounterDeck);
}

fn predatory_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 2 });
    offer_ready_characters(g, p);
    g.ask_if_offered(Cont::new(me, 200).with(p, 0, 0));
}

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Stage 2B: discard the least valuable ally.
    pub fn discard_cheapest_ally(
        g: &Game,
        _p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        pick_min(o, |c| char_value(g, c))
    }

    /// Predatory Wolves: give up a cheap ally (cost 2 or less) rather than stage a Warg; pick
    /// the least dangerous Warg; exhaust the least valuable character.
    pub fn predatory_wolves_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let cheap = o
                    .iter()
                    .position(|x| matches!(*x, Opt::Card(a) if g.def_of(a).cost <= 2));
                cheap.or_else(|| find(o, Opt::Mode(1)))
            }
            1 => pick_min(o, |e| danger(g, e)),
            _ => pick_min(o, |c| char_value(g, c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_with_shadow, drain, encounter_deck_of, options, reveal, reveal_resolving,
        sandbox_in, set_stage,
    };
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const NORTHERN: &str = "TWoE-018";
    const NIGHTFALL: &str = "TWoE-012";
    const ROCKS: &str = "TLR-047"; // Rugged Country: no When Revealed, no surge

    fn sandbox(seats: &[&[&str]]) -> Game<'static> {
        sandbox_in("the-wastes-of-eriador", Mode::Standard, seats)
    }

    /// The Time objective staged, Daybreak side up.
    fn day(g: &mut Game) -> CardId {
        g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging)
    }

    /// An encounter deck of `n` Rugged Country.
    fn plain_deck(g: &mut Game, n: usize) {
        encounter_deck_of(g, ROCKS, n);
    }

    #[test]
    fn across_the_wastes() {
        let mut g = sandbox(&[HEROES]);
        let q = set_stage(&mut g, "TWoE-013A");
        let deck = g.list(Zone::EncounterDeck).len();
        stage1a_setup(&mut g, q);
        let pl = find_pack_leader(&g).unwrap();
        assert_eq!(g.card(pl).zone, Zone::SetAside);
        assert_eq!(code(&g, g.active_location().unwrap()), SHROUDED_HILLS);
        let t = g.time_objective().unwrap();
        assert_eq!(g.card(t).zone, Zone::Staging);
        assert!(g.is_day() && !g.is_night());
        let a = amarthiul::in_play(&g).unwrap();
        assert_eq!(g.card(a).zone, Zone::Play(0));
        // One reveal per player is queued.
        assert_eq!(g.stack.last(), Some(&Frame::RevealTop { by: 0 }));
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck - 4);
        g.stack.clear();
        // 1B: +1 Willpower for heroes by Day; Night raises threat by 1.
        let q = set_stage(&mut g, "TWoE-013B");
        let h = g.heroes(0).next().unwrap();
        let wp = g.printed(h, Stat::Willpower);
        assert_eq!(g.stat(h, Stat::Willpower), wp + 1);
        assert_eq!(g.stat(a, Stat::Willpower), 1, "not a hero");
        plain_deck(&mut g, 3);
        let threat = g.players[0].threat;
        assert!(g.make_night());
        drain(&mut g);
        assert_eq!(g.players[0].threat, threat + 1);
        assert_eq!(g.stat(h, Stat::Willpower), wp);
        assert_eq!(g.card(q).zone, Zone::Quest);
    }

    #[test]
    fn howling_at_night() {
        let mut g = sandbox(&[HEROES, OTHER]);
        day(&mut g);
        plain_deck(&mut g, 2);
        let w1 = g.spawn(NORTHERN, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        let w2 = g.spawn("TWoE-021", ENCOUNTER, Zone::EncounterDiscard);
        let q = set_stage(&mut g, "TWoE-014A");
        stage2a_revealed(&mut g, q, 0);
        assert_eq!(g.card(w1).zone, Zone::Staging);
        assert_eq!(
            g.card(w2).zone,
            Zone::Staging,
            "the discard pile was shuffled in"
        );
        // 2B: Day draws a card each; Night discards one ally (2 players: one).
        set_stage(&mut g, "TWoE-014B");
        let ally = g.spawn("Core-013", 1, Zone::Play(1));
        let a = g.spawn(amarthiul::AMARTHIUL, ENCOUNTER, Zone::Play(0));
        assert!(g.make_night());
        drain(&mut g);
        assert_eq!(g.card(ally).zone, Zone::Discard(1), "the only ally");
        let hand = g.list(Zone::Hand(1)).len();
        assert!(g.make_day());
        drain(&mut g);
        assert_eq!(g.list(Zone::Hand(1)).len(), hand + 1);
        assert_eq!(g.card(a).zone, Zone::Play(0));
    }

    #[test]
    fn battle_with_the_pack() {
        let mut g = sandbox(&[HEROES, OTHER]);
        day(&mut g);
        plain_deck(&mut g, 3);
        let w = g.spawn(NORTHERN, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        let pl = find_pack_leader(&g).unwrap();
        g.move_card(pl, Zone::SetAside);
        let q = set_stage(&mut g, "TWoE-015A");
        stage3a_revealed(&mut g, q, 0);
        assert!(g.is_night());
        assert_eq!(g.card(pl).zone, Zone::Staging);
        assert_eq!(g.card(w).zone, Zone::Staging, "one Warg (2 players - 1)");
        g.stack.clear();
        // 3B: Pack Leader takes no damage below 5 progress; Day wipes progress.
        let q = set_stage(&mut g, "TWoE-015B");
        assert!(!g.can_take_damage(pl));
        g.card_mut(q).progress = 5;
        assert!(g.can_take_damage(pl));
        assert!(g.rule(Rule::CannotDefeat(q)));
        g.make_day();
        drain(&mut g);
        assert_eq!(g.card(q).progress, 0);
        // Destroying Pack Leader wins.
        g.card_mut(q).progress = 5;
        g.deal_damage(pl, 8);
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn daybreak() {
        let mut g = sandbox(&[HEROES]);
        let t = day(&mut g);
        assert!(g.is_day());
        assert!(g.rule(Rule::NoEngagementChecks));
        // Night, then Day: every engaged enemy returns to the staging area.
        plain_deck(&mut g, 2);
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::RoundEnd);
        drain(&mut g);
        assert_eq!(code(&g, t), NIGHTFALL, "flips at the end of the round");
        assert_eq!(g.card(e).zone, Zone::Engaged(0));
        g.emit(Event::RoundEnd);
        drain(&mut g);
        assert_eq!(code(&g, t), DAYBREAK);
        assert_eq!(g.card(e).zone, Zone::Staging);
        g.check_invariants().unwrap();
    }

    #[test]
    fn nightfall() {
        let mut g = sandbox(&[HEROES]);
        let t = day(&mut g);
        plain_deck(&mut g, 3);
        assert!(g.make_night());
        assert_eq!(code(&g, t), NIGHTFALL);
        drain(&mut g);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 2, "Night reveals a card");
        assert!(!g.rule(Rule::NoEngagementChecks));
        // No progress on quest cards; locations still take it.
        let q = g.main_quest().unwrap();
        g.add_progress(q, 3);
        assert_eq!(g.card(q).progress, 0);
        let l = g.spawn(ROCKS, ENCOUNTER, Zone::Active);
        g.add_progress(l, 1);
        assert_eq!(g.card(l).progress, 1);
        // Encounter effects cannot be canceled (shadows only under the option).
        let x = g.spawn("TWoE-026", ENCOUNTER, Zone::Resolving);
        assert!(g.rule(Rule::CannotBeCanceled(x)));
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        let s = g.spawn("TWoE-022", ENCOUNTER, Zone::Shadow(e));
        assert!(!g.rule(Rule::CannotBeCanceled(s)));
        assert!(!g.make_night(), "already Night");
        assert!(g.make_day());
        assert!(!g.rule(Rule::CannotBeCanceled(x)));
    }

    #[test]
    fn pack_leader() {
        let mut g = sandbox(&[HEROES]);
        let pl = g.spawn(PACK_LEADER, ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::CannotBeOptionallyEngaged(pl)));
        assert!(g.rule(Rule::CannotHaveAttachments(pl)));
        g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.engage(pl, 0);
        g.settle();
        // Two Wargs engaged: two characters exhaust, one decision each.
        let h: Vec<CardId> = g.heroes(0).collect();
        g.answer(Opt::Card(h[0]));
        g.answer(Opt::Card(h[1]));
        drain(&mut g);
        assert!(!g.is_ready(h[0]) && !g.is_ready(h[1]) && g.is_ready(h[2]));
    }

    #[test]
    fn northern_warg() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let other = g.spawn("TWoE-021", ENCOUNTER, Zone::Engaged(1));
        let n = g.spawn(NORTHERN, ENCOUNTER, Zone::EncounterDeck);
        let before = g.stat(other, Stat::Threat);
        reveal_resolving(&mut g, n);
        assert_eq!(g.stat(other, Stat::Threat), before + 1);
        assert_eq!(g.stat(n, Stat::Threat), 3);
        // Shadow: after the attack the enemy engages the next player and attacks him.
        plain_deck(&mut g, 4);
        let e = g.spawn("TWoE-022", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, NORTHERN);
        let mut attacked_p2 = false;
        while let Some(d) = g.pending() {
            if d.player == 1 {
                attacked_p2 = true;
            }
            g.apply(0);
        }
        assert_eq!(g.card(e).zone, Zone::Engaged(1));
        assert!(attacked_p2, "P2 was attacked");
    }

    /// Alone there is no next player (RULES §1.1.1): Northern Warg's shadow does nothing, the
    /// enemy stays engaged with the lone player and does not attack him a second time.
    #[test]
    fn northern_warg_shadow_does_nothing_solo() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 4);
        let e = g.spawn("TWoE-022", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, NORTHERN);
        let mut defends = 0;
        while let Some(d) = g.pending() {
            if matches!(d.ask, Ask::Defender { .. }) {
                defends += 1;
            }
            g.apply(0);
        }
        assert_eq!(defends, 1, "one attack only");
        assert_eq!(g.card(e).zone, Zone::Engaged(0));
        // The same shadow with a second player still sends the enemy on to him.
        let mut g = sandbox(&[HEROES, OTHER]);
        plain_deck(&mut g, 4);
        let e = g.spawn("TWoE-022", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, NORTHERN);
        drain(&mut g);
        assert_eq!(g.card(e).zone, Zone::Engaged(1));
    }

    #[test]
    fn blood_thirsty_warg() {
        let mut g = sandbox(&[HEROES]);
        day(&mut g);
        plain_deck(&mut g, 3);
        let b = g.spawn("TWoE-019", ENCOUNTER, Zone::Staging);
        let engaged = g.spawn("TWoE-019", ENCOUNTER, Zone::Engaged(0));
        g.make_night();
        drain(&mut g);
        assert_eq!(g.card(b).zone, Zone::Engaged(0));
        assert!(g.card(engaged).zone.in_play());
        let damaged: i16 = g.heroes(0).map(|h| g.card(h).damage).sum();
        assert!(
            damaged > 0 || g.heroes(0).count() < 3,
            "it attacked at once"
        );
    }

    #[test]
    fn hunting_pack() {
        let mut g = sandbox(&[HEROES]);
        let h = g.spawn("TWoE-020", ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::CannotHaveAttachments(h)));
        let heroes: Vec<CardId> = g.heroes(0).collect();
        g.card_mut(heroes[0]).damage = 1;
        g.card_mut(heroes[1]).damage = 1;
        assert_eq!(g.stat(h, Stat::Engagement), 40, "only during a check");
        g.players[0].checking_engagement = true;
        assert_eq!(g.stat(h, Stat::Engagement), 38);
        g.players[0].checking_engagement = false;
        // A check at threat 38 engages it.
        g.players[0].threat = 38;
        g.push_run(Frame::EngagementChecks {
            seat: 0,
            any: false,
        });
        drain(&mut g);
        assert_eq!(g.card(h).zone, Zone::Engaged(0));
        assert!(!g.players[0].checking_engagement);
    }

    #[test]
    fn white_warg() {
        let mut g = sandbox(&[HEROES]);
        let t = day(&mut g);
        let w = g.spawn("TWoE-021", ENCOUNTER, Zone::Staging);
        g.engage(w, 0);
        g.settle();
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, 1);
        // By Night: 2 damage.
        plain_deck(&mut g, 6);
        g.flip_card(t);
        let w2 = g.spawn("TWoE-021", ENCOUNTER, Zone::Staging);
        g.engage(w2, 0);
        g.settle();
        let h2 = g.heroes(0).nth(1).unwrap();
        g.answer(Opt::Card(h2));
        assert_eq!(g.card(h2).damage, 2);
        drain(&mut g);
        // Shadow by Night: one more attack.
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TWoE-021");
        let mut defends = 0;
        while let Some(d) = g.pending() {
            if matches!(d.ask, Ask::Defender { .. }) {
                defends += 1;
            }
            g.apply(0);
        }
        assert_eq!(defends, 2, "two attacks");
    }

    #[test]
    fn wolf_of_angmar() {
        let mut g = sandbox(&[HEROES]);
        let t = day(&mut g);
        let w = g.spawn("TWoE-022", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(w, Stat::Attack), 2);
        g.flip_card(t);
        assert_eq!(g.stat(w, Stat::Attack), 4);
        // Shadow: +2 Attack by Night (+1 by Day).
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.spawn("TWoE-022", ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        wolf_shadow(&mut g, NO_CARD);
        assert_eq!(g.stat(e, Stat::Attack), 5);
        g.expire(Until::EndOfAttack);
        g.flip_card(t);
        wolf_shadow(&mut g, NO_CARD);
        assert_eq!(g.stat(e, Stat::Attack), 4);
    }

    #[test]
    fn eriador_wastes() {
        let mut g = sandbox(&[HEROES]);
        let l = g.spawn("TWoE-023", ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::QuestProgressCap5));
        g.place_progress_on_quest(8, false);
        assert_eq!(g.card(g.main_quest().unwrap()).progress, 5);
        // Travel needs a staged Warg: the first player engages it and deals it a shadow card.
        assert!(!eriador_wastes_travel(&mut g, l, false));
        let w = g.spawn(NORTHERN, ENCOUNTER, Zone::Staging);
        assert!(eriador_wastes_travel(&mut g, l, false));
        eriador_wastes_travel(&mut g, l, true);
        g.settle();
        assert_eq!(g.card(w).zone, Zone::Engaged(0));
        assert_eq!(g.shadows_of(w).count(), 1);
    }

    #[test]
    fn wargs_den() {
        let mut g = sandbox(&[HEROES]);
        let l = g.spawn("TWoE-024", ENCOUNTER, Zone::Staging);
        assert!(g.immune(l));
        plain_deck(&mut g, 3);
        let w = g.spawn("TWoE-021", ENCOUNTER, Zone::EncounterDiscard);
        assert!(wargs_den_travel(&mut g, l, true));
        drain(&mut g);
        assert_eq!(g.card(w).zone, Zone::Engaged(0));
    }

    #[test]
    fn north_downs() {
        let mut g = sandbox(&[HEROES]);
        let t = day(&mut g);
        let l = g.spawn("TWoE-025", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(l, Stat::Threat), 1);
        g.flip_card(t);
        assert_eq!(g.stat(l, Stat::Threat), 3);
        g.flip_card(t);
        // Shadow: +1 Attack; a character killed wipes the current quest's progress.
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 4;
        let e = g.spawn("TWoE-020", ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        attack_with_shadow(&mut g, e, "TWoE-025");
        g.answer(Opt::Card(ally));
        drain(&mut g);
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert_eq!(g.card(q).progress, 0);
    }

    #[test]
    fn sudden_darkness() {
        let mut g = sandbox(&[HEROES]);
        let t = day(&mut g);
        plain_deck(&mut g, 4);
        let s = g.spawn("TWoE-026", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert_eq!(code(&g, t), NIGHTFALL, "by Day, Night falls");
        let threat = g.players[0].threat;
        let s = g.spawn("TWoE-026", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert_eq!(g.players[0].threat, threat + 4, "by Night, threat +4");
        // Shadow: the newest Warg in the discard pile engages the defender with a shadow.
        let old = g.spawn("TWoE-022", ENCOUNTER, Zone::EncounterDiscard);
        g.attack = AttackCtx::new(NO_CARD, 0, false);
        sudden_darkness_shadow(&mut g, NO_CARD);
        assert_eq!(g.card(old).zone, Zone::Engaged(0));
        assert_eq!(g.shadows_of(old).count(), 1);
    }

    #[test]
    fn predatory_wolves() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let cheap = g.spawn("Core-013", 0, Zone::Play(0)); // cost 2
        let dear = g.spawn("Core-016", 0, Zone::Play(0)); // Snowbourn Scout, cost 1
        let w = g.spawn(NORTHERN, ENCOUNTER, Zone::EncounterDeck);
        let p = g.spawn("TWoE-027", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, p);
        while g
            .pending()
            .is_some_and(|d| d.player == 0 && !d.options.contains(&Opt::Mode(1)))
        {
            g.apply(0);
        }
        // P1: only his costliest ally, or a Warg.
        assert!(options(&g).contains(&Opt::Card(cheap)));
        assert!(!options(&g).contains(&Opt::Card(dear)));
        g.answer(Opt::Card(cheap));
        assert_eq!(g.card(cheap).zone, Zone::Discard(0));
        // P2 has no ally: he stages a Warg (his only choice), picking which.
        assert_eq!(g.pending().unwrap().player, 1);
        assert!(options(&g).contains(&Opt::Card(w)));
        g.answer(Opt::Card(w));
        assert_eq!(g.card(w).zone, Zone::Staging);
        drain(&mut g);
        // Shadow: exhaust a character you control.
        let e = g.spawn("TWoE-020", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        predatory_shadow(&mut g, p);
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        assert!(!g.is_ready(h));
    }
}
