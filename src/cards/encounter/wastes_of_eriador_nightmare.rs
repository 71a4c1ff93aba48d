//! The Wastes of Eriador Nightmare: the setup card and the Nightmare encounter cards. Each
//! script has a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck); side A has no rules of its own.
//!
//! Engine choices: the side quests' Responses (Make a Stand's token after an enemy is
//! defeated, Forced Off Track's discard when it is defeated) always help the players, so they
//! resolve every time (the first player picks the Warg). Torrent of Hail's attachment is chosen
//! by the damaged character's controller.

use super::wastes_of_eriador::{is_warg, wargs_in_play};
use crate::cards::common::log;
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): no text beyond the Nightmare deck the data builds.
    Script {
        code: "TWoEN-001A",
        ..BLANK
    },
    // Pack Hunters: 30 cheaper to engage by Night; whoever engages it pulls a Warg from the top
    // 5 encounter cards (10 by Night) into his engagement area; shuffle.
    Script {
        code: "TWoEN-002",
        hint: Hint {
            effect: Some(bot::least_dangerous),
            ..NO_HINT
        },
        modify: Some(pack_hunters_modify),
        forced: Some(pack_hunters_forced),
        forced_on: events![Engaged],
        resume: Some(pack_hunters_resume),
        ..BLANK
    },
    // Shrouded Wilderness: no progress on it by Night; travel: Night falls; shadow: +1 Attack
    // and, by Night, one more shadow card.
    Script {
        code: "TWoEN-003",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            travel_penalty: 10,
            ..NO_HINT
        },
        rule: Some(wilderness_rule),
        rule_on: rules![CannotPlaceProgress],
        travel: Some(wilderness_travel),
        shadow: Some(wilderness_shadow),
        ..BLANK
    },
    // Snowy Badlands: staged, staged enemies take no damage; travel: each player puts 1 damage
    // (2 by Night) on one of his exhausted characters.
    Script {
        code: "TWoEN-004",
        hint: Hint {
            travel_penalty: 10,
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        rule: Some(badlands_rule),
        rule_on: rules![CannotTakeDamage],
        travel: Some(badlands_travel),
        resume: Some(badlands_resume),
        ..BLANK
    },
    // Cunning Wolves: attaches to the current quest as a Condition: +3 quest points and Wargs
    // are never optionally engaged; shadow: by Night, two more shadow cards.
    Script {
        code: "TWoEN-005",
        when_revealed: Some(cunning_revealed),
        rule: Some(cunning_rule),
        rule_on: rules![CannotBeOptionallyEngaged, GainsTrait],
        modify: Some(cunning_modify),
        shadow: Some(cunning_shadow),
        ..BLANK
    },
    // Torrent of Hail: 1 damage to each questing character, and by Night each one damaged
    // loses an attachment; shadow: discard one of your attachments (two by Night).
    Script {
        code: "TWoEN-006",
        when_revealed: Some(torrent_revealed),
        shadow: Some(torrent_shadow),
        resume: Some(torrent_resume),
        ..BLANK
    },
    // Make a Stand (side quest, no quest points): by Day Night falls, and it stays Night while
    // this is staged; each enemy defeated adds a token; 2 per player, or no enemy left, and it
    // goes to the victory display.
    Script {
        code: "TWoEN-007",
        when_revealed: Some(stand_revealed),
        rule: Some(stand_rule),
        rule_on: rules![CannotDefeat, TimeCannotBecomeDay],
        forced: Some(stand_forced),
        forced_on: events![Destroyed],
        ..BLANK
    },
    // Forced Off Track (side quest, surge): at the end of each round the main quest loses one
    // progress per Warg in play; defeated, it discards a non-unique staged Warg.
    Script {
        code: "TWoEN-008",
        hint: Hint {
            side_quest_priority: 40,
            effect: Some(bot::most_dangerous),
            ..NO_HINT
        },
        forced: Some(off_track_forced),
        forced_on: events![RoundEnd, SideQuestDefeated],
        resume: Some(off_track_resume),
        ..BLANK
    },
];

// ------------------------------------------------------------------ Pack Hunters

fn pack_hunters_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Engagement && g.is_night() {
        -30
    } else {
        0
    }
}

fn pack_hunters_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            let n = if g.is_night() { 10 } else { 5 };
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(p, n, 0),
            });
        }
    }
}

/// Step 0: the engaged player picks a Warg among the top `cont.a` cards; step 1: it engages.
fn pack_hunters_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    if cont.step == 0 {
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        let deck = g.list(Zone::EncounterDeck).len();
        let from = deck.saturating_sub(cont.a.max(0) as usize);
        let mut seen: [u16; 10] = [u16::MAX; 10];
        let mut n = 0;
        for i in (from..deck).rev() {
            let c = g.list(Zone::EncounterDeck)[i];
            let def = g.card(c).def;
            if is_warg(g, c) && n < seen.len() && !seen[..n].contains(&def) {
                seen[n] = def;
                n += 1;
                g.offer(Opt::Card(c));
            }
        }
        if !g.ask_if_offered(Cont::new(cont.card, 1).with(p, 0, 0)) {
            g.shuffle(Zone::EncounterDeck);
        }
        return;
    }
    if let Opt::Card(w) = opt {
        log(g, |g| format!("  {} joins the hunt", g.title(w)));
        g.move_card(w, Zone::Staging);
        g.shuffle(Zone::EncounterDeck);
        g.engage(w, p);
    } else {
        g.shuffle(Zone::EncounterDeck);
    }
}

// ------------------------------------------------------------------ locations

fn wilderness_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotPlaceProgress(me) && g.is_night()
}

fn wilderness_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        g.make_night();
    }
    true
}

fn wilderness_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    if g.is_night() {
        g.deal_shadow(e);
    }
}

fn badlands_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotTakeDamage(t) => {
            g.card(me).zone == Zone::Staging && g.card(t).zone == Zone::Staging && g.is_enemy(t)
        }
        _ => false,
    }
}

/// Target rule: an exhausted character the dealer controls.
fn own_exhausted(g: &Game, c: CardId, dealer: u8) -> bool {
    g.controller(c) == dealer && !g.is_ready(c)
}

fn badlands_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    let each = common::seats(g).iter().all(|&p| {
        g.characters(p)
            .any(|c| !g.is_ready(c) && g.can_take_damage(c) && g.remaining_hp(c) > 0)
    });
    if pay && each {
        let n = if g.is_night() { 2 } else { 1 };
        badlands_resume(g, Cont::new(me, 0).with(0, n, n), Opt::Pass);
    }
    each
}

fn badlands_resume(g: &mut Game, cont: Cont, opt: Opt) {
    deal_damage_steps(g, cont, opt, 0, false, Dealers::Each, own_exhausted);
}

// ------------------------------------------------------------------ treacheries

fn cunning_revealed(g: &mut Game, me: CardId, _by: u8) {
    if g.card(me).zone != Zone::Resolving {
        return;
    }
    if let Some(q) = g.current_quest().filter(|&q| g.card(q).zone.in_play()) {
        g.move_card(me, Zone::Attached(q));
        log(g, |g| {
            format!("  Cunning Wolves is attached to {}", g.title(q))
        });
    }
}

fn cunning_rule(g: &Game, me: CardId, r: Rule) -> bool {
    if !matches!(g.card(me).zone, Zone::Attached(_)) {
        return false;
    }
    match r {
        Rule::CannotBeOptionallyEngaged(e) => is_warg(g, e),
        Rule::GainsTrait(c, t) => c == me && t == g.db.trait_id("Condition"),
        _ => false,
    }
}

fn cunning_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::QuestPoints && g.card(me).zone == Zone::Attached(target);
    3 * on as i16
}

fn cunning_shadow(g: &mut Game, _me: CardId) {
    if g.is_night() {
        let e = g.attack.enemy;
        g.deal_shadow(e);
        g.deal_shadow(e);
    }
}

fn torrent_revealed(g: &mut Game, me: CardId, _by: u8) {
    let mut hit = SmallIds::new();
    for p in 0..g.n_players {
        for c in g.characters(p) {
            if g.card(c).questing && g.can_take_damage(c) {
                hit.push(c);
            }
        }
    }
    for &c in hit.iter() {
        g.deal_damage(c, 1);
    }
    if g.is_night() {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

/// Step 0 + `a`: the next questing, damaged character with an attachment (from index `a` of
/// the characters in play) loses one, chosen by its controller. Step 100: the shadow's
/// discards, `a` left, by `player`.
fn torrent_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == 100 {
        let mut left = cont.a;
        if let Opt::Card(a) = opt {
            g.discard(a);
            left -= 1;
        }
        if left > 0 {
            torrent_shadow_ask(g, cont.card, cont.player, left);
        }
        return;
    }
    if let Opt::Card(a) = opt {
        g.discard(a);
    }
    let mut k = cont.a as usize;
    loop {
        // The k-th questing, damaged character in play (player by player).
        let next = (0..g.n_players)
            .flat_map(|p| g.characters(p).map(move |c| (c, p)))
            .filter(|&(c, _)| g.card(c).questing && g.card(c).damage > 0)
            .nth(k);
        let Some((c, p)) = next else { return };
        k += 1;
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        let mut atts = SmallIds::new();
        for a in g.attachments(c) {
            atts.push(a);
        }
        for &a in atts.iter() {
            g.offer(Opt::Card(a));
        }
        if g.ask_if_offered(Cont::new(cont.card, 0).with(p, k as i16, 0)) {
            return;
        }
    }
}

fn torrent_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    let n = if g.is_night() { 2 } else { 1 };
    torrent_shadow_ask(g, me, p, n);
}

fn torrent_shadow_ask(g: &mut Game, me: CardId, p: u8, left: i16) {
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    let mut mine = SmallIds::new();
    for &a in g.list(Zone::Attached(0)) {
        let host_is_character = matches!(g.card(a).zone, Zone::Attached(h) if g.is_character(h));
        if host_is_character && g.card(a).controller == p && g.card(a).owner != ENCOUNTER {
            mine.push(a);
        }
    }
    for &a in mine.iter() {
        g.offer(Opt::Card(a));
    }
    g.ask_if_offered(Cont::new(me, 100).with(p, left, 0));
}

// ------------------------------------------------------------------ side quests

fn stand_revealed(g: &mut Game, _me: CardId, _by: u8) {
    if g.is_day() {
        g.make_night();
    }
}

fn stand_rule(g: &Game, me: CardId, r: Rule) -> bool {
    g.card(me).zone == Zone::Staging
        && (r == Rule::TimeCannotBecomeDay || r == Rule::CannotDefeat(me))
}

fn stand_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Destroyed(e) = ev else { return };
    if g.card(me).zone != Zone::Staging || g.ty(e) != CardType::Enemy {
        return;
    }
    g.card_mut(me).resources += 1;
    let need = 2 * g.players_in_game() as i16;
    let none_left = common::enemies_in_play(g).next().is_none();
    if g.card(me).resources >= need || none_left {
        log(g, |_| {
            "  Make a Stand goes to the victory display".to_string()
        });
        g.move_card(me, Zone::Victory);
    }
}

fn off_track_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::RoundEnd if g.card(me).zone == Zone::Staging => {
            let x = wargs_in_play(g);
            if let Some(q) = g.main_quest() {
                let take = x.min(g.card(q).progress);
                if take > 0 {
                    g.card_mut(q).progress -= take;
                    log(g, |g| format!("  {} loses {take} progress", g.title(q)));
                }
            }
        }
        Event::SideQuestDefeated(c) if c == me => {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0),
            });
        }
        _ => {}
    }
}

/// Step 0: the first player picks a non-unique staged Warg; step 1: it is discarded.
fn off_track_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == 1 {
        if let Opt::Card(w) = opt {
            log(g, |g| format!("  {} is discarded", g.title(w)));
            g.discard(w);
        }
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
    for i in 0..g.list(Zone::Staging).len() {
        let c = g.list(Zone::Staging)[i];
        if is_warg(g, c) && !g.def_of(c).unique {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(cont.card, 1).with(first, 0, 0));
}

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Pack Hunters: bring the least dangerous Warg.
    pub fn least_dangerous(g: &Game, _p: u8, _c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |e| danger(g, e))
    }

    /// Forced Off Track: discard the most dangerous Warg.
    pub fn most_dangerous(g: &Game, _p: u8, _c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |e| danger(g, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::encounter::wastes_of_eriador::DAYBREAK;
    use crate::cards::testkit::{drain, encounter_deck_of, options, reveal_resolving, sandbox_in};
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const NORTHERN: &str = "TWoE-018";
    const ROCKS: &str = "TLR-047";

    fn sandbox(seats: &[&[&str]]) -> Game<'static> {
        sandbox_in("the-wastes-of-eriador", Mode::Nightmare, seats)
    }

    fn plain_deck(g: &mut Game, n: usize) {
        encounter_deck_of(g, ROCKS, n);
    }

    #[test]
    fn the_wastes_of_eriador_nightmare() {
        let g = sandbox(&[HEROES]);
        let n = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(n).code, "TWoEN-001A");
        // The Nightmare deck: 5 Pack Hunters, no Biting Wind (all 3 removed).
        let count = |code: &str| {
            g.cards
                .iter()
                .filter(|c| g.db.def(c.def).code == code)
                .count()
        };
        assert_eq!(count("TWoEN-002"), 5);
        assert_eq!(count("TLR-052"), 0);
        assert_eq!(count("TWoE-018"), 2);
    }

    #[test]
    fn pack_hunters() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
        let h = g.spawn("TWoEN-002", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(h, Stat::Engagement), 45);
        g.flip_card(t);
        assert_eq!(g.stat(h, Stat::Engagement), 15);
        g.flip_card(t);
        // By Day it searches the top 5 cards: a Warg 6th from the top is not found.
        plain_deck(&mut g, 2);
        let deep = g.spawn(NORTHERN, ENCOUNTER, Zone::EncounterDeck);
        for _ in 0..5 {
            g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        }
        g.engage(h, 0);
        drain(&mut g);
        assert_eq!(g.card(deep).zone, Zone::EncounterDeck);
        // By Night the top 10: found, and it engages.
        g.flip_card(t);
        g.return_to_staging(h);
        g.engage(h, 0);
        drain(&mut g);
        assert_eq!(g.card(deep).zone, Zone::Engaged(0));
    }

    #[test]
    fn shrouded_wilderness() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
        let l = g.spawn("TWoEN-003", ENCOUNTER, Zone::Staging);
        assert!(g.can_travel_to(l));
        plain_deck(&mut g, 4);
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(l));
        drain(&mut g);
        assert!(g.is_night(), "travelling here brings Night");
        g.add_progress(l, 2);
        assert_eq!(g.card(l).progress, 0);
        g.flip_card(t);
        g.add_progress(l, 2);
        assert_eq!(g.card(l).progress, 2);
        // Shadow by Night: +1 Attack and one more shadow card.
        g.flip_card(t);
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.spawn("TWoEN-003", ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        wilderness_shadow(&mut g, NO_CARD);
        assert_eq!(g.stat(e, Stat::Attack), 4);
        assert_eq!(g.shadows_of(e).count(), 2);
    }

    #[test]
    fn snowy_badlands() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let l = g.spawn("TWoEN-004", ENCOUNTER, Zone::Staging);
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Staging);
        assert!(!g.can_take_damage(e));
        // Travel needs an exhausted character for each player.
        assert!(!g.can_travel_to(l));
        let a = g.heroes(0).next().unwrap();
        let b = g.heroes(1).next().unwrap();
        g.exhaust(a);
        assert!(!g.can_travel_to(l));
        g.exhaust(b);
        assert!(g.can_travel_to(l));
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(l));
        drain(&mut g);
        assert_eq!(g.card(a).damage, 1);
        assert_eq!(g.card(b).damage, 1);
        assert!(g.can_take_damage(e), "no longer staged");
    }

    #[test]
    fn cunning_wolves() {
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        let qp = g.stat(q, Stat::QuestPoints);
        let c = g.spawn("TWoEN-005", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c);
        assert_eq!(g.card(c).zone, Zone::Attached(q));
        assert_eq!(g.stat(q, Stat::QuestPoints), qp + 3);
        assert!(g.has_trait(c, "Condition"));
        let w = g.spawn(NORTHERN, ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::CannotBeOptionallyEngaged(w)));
        // Shadow by Night: two more shadow cards.
        let t = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
        g.flip_card(t);
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        cunning_shadow(&mut g, NO_CARD);
        assert_eq!(g.shadows_of(e).count(), 2);
    }

    #[test]
    fn torrent_of_hail() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
        g.flip_card(t);
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.card_mut(hs[0]).questing = true;
        g.card_mut(hs[1]).questing = true;
        let a1 = g.spawn("Core-026", 0, Zone::Attached(hs[0])); // Steward of Gondor
        let a2 = g.spawn("Core-026", 0, Zone::Attached(hs[2]));
        let tr = g.spawn("TWoEN-006", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, tr);
        assert_eq!(g.card(hs[0]).damage, 1);
        assert_eq!(g.card(hs[1]).damage, 1);
        assert_eq!(g.card(hs[2]).damage, 0, "not questing");
        assert_eq!(g.card(a1).zone, Zone::Discard(0), "by Night it loses one");
        assert_eq!(g.card(a2).zone, Zone::Attached(hs[2]));
        // Shadow: discard an attachment you control (2 by Night).
        let e = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        torrent_shadow(&mut g, tr);
        g.settle();
        assert_eq!(g.card(a2).zone, Zone::Discard(0));
    }

    #[test]
    fn make_a_stand() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
        plain_deck(&mut g, 4);
        let s = g.spawn("TWoEN-007", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert!(g.is_night());
        assert_eq!(g.card(s).zone, Zone::Staging);
        assert!(!g.make_day(), "Day cannot come while it is staged");
        g.emit(Event::RoundEnd);
        drain(&mut g);
        assert!(g.is_night());
        // One token per enemy defeated; with no enemy left it goes to the victory display.
        let e1 = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        let e2 = g.spawn(NORTHERN, ENCOUNTER, Zone::Engaged(0));
        g.deal_damage(e1, 9);
        drain(&mut g);
        assert_eq!(g.card(s).resources, 1);
        assert_eq!(g.card(s).zone, Zone::Staging);
        g.deal_damage(e2, 9);
        drain(&mut g);
        assert_eq!(g.card(s).zone, Zone::Victory);
        assert!(g.make_day());
        assert_eq!(g.def_of(t).code, DAYBREAK);
    }

    #[test]
    fn forced_off_track() {
        let mut g = sandbox(&[HEROES]);
        let f = g.spawn("TWoEN-008", ENCOUNTER, Zone::Staging);
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 5;
        let w1 = g.spawn(NORTHERN, ENCOUNTER, Zone::Staging);
        let w2 = g.spawn("TWoE-022", ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::RoundEnd);
        drain(&mut g);
        assert_eq!(g.card(q).progress, 3, "two Wargs in play");
        // Defeated: a non-unique staged Warg is discarded.
        g.add_progress(f, 8);
        g.settle();
        assert_eq!(options(&g), vec![]);
        drain(&mut g);
        assert_eq!(g.card(f).zone, Zone::Victory);
        assert_eq!(g.card(w1).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(w2).zone, Zone::Engaged(0));
    }
}
