//! Escape from Mount Gram Nightmare: the setup card and the Nightmare encounter cards (Orc of
//! Thaurdir belongs to the Angmar Orcs Nightmare set and waits aside with the Angmar Orcs until
//! stage 3). Each script has a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the deck (the data does that); side A lies
//! in `Zone::Nightmare` all game: its captured-deck change (the set-aside hero at the bottom) is
//! made by stage 1A's setup (`prepare_captured_deck`), its "no win while a hero is captured"
//! here.
//!
//! Engine choices: Cruel Torment's hand limit is enforced when it attaches and at the
//! beginning and end of every phase and after every rescue (not after each single draw); the
//! player discards the cards of his choice. Raid Golfimbul's Vault reacts to every card
//! captured under another card (Capture X counts: it is that card's effect), once per card.
//! The Planning Actions of Prison Guard and Prison Cell raise the threat of each player of the
//! staging area.

use crate::cards::common::{self, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use rand::Rng;

const SETUP: &str = "EfMGN-001A";

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): no victory while any hero is captured (under an encounter card
    // or in a captured deck); the set-aside hero goes to the bottom of the captured deck.
    Script {
        code: SETUP,
        rule: Some(setup_rule),
        rule_on: crate::rules![CannotWin],
        ..BLANK
    },
    // Jailor Gornákh (Nightmare): entering play, he takes every hero left in the captured
    // decks; whenever a player rescues cards, he attacks that player.
    Script {
        code: "EfMGN-002",
        forced: Some(jailor_forced),
        forced_on: events![EntersPlay, Rescued],
        ..BLANK
    },
    // Prison Guard (Capture 1): its engaged player may, once per round in the planning phase,
    // rescue one of its captives at random; each player's threat rises by that card's cost.
    Script {
        code: "EfMGN-003",
        hint: Hint {
            play_value: Some(bot::rescue_value),
            ..NO_HINT
        },
        can_act: Some(guard_can),
        act: Some(rescue_act),
        any_player: true,
        ..BLANK
    },
    // Prison Cell (Nightmare, Capture 1): while active, the same planning action for its
    // staging area's players.
    Script {
        code: "EfMGN-004",
        hint: Hint {
            play_value: Some(bot::rescue_value),
            ..NO_HINT
        },
        can_act: Some(cell_can),
        act: Some(rescue_act),
        any_player: true,
        ..BLANK
    },
    // Torture Chamber (Capture 1, Surge): quest points twice its captives; staged at the end
    // of combat, it deals 1 damage to each exhausted character of its staging area.
    Script {
        code: "EfMGN-005",
        x: Some(chamber_x),
        forced: Some(chamber_forced),
        forced_on: events![PhaseEnd],
        ..BLANK
    },
    // Cruel Torment (Surge): attaches to the current quest; no player may hold more than 6
    // cards (the extra are discarded, his choice).
    Script {
        code: "EfMGN-006",
        hint: Hint {
            effect: Some(bot::cheapest_card),
            ..NO_HINT
        },
        when_revealed: Some(torment_revealed),
        forced: Some(torment_forced),
        forced_on: events![PhaseBegin, PhaseEnd, Rescued],
        resume: Some(torment_resume),
        ..BLANK
    },
    // Goblin Patrol: each player may hide cards from his hand, at random, under the current
    // quest, then raises his threat by his hand size; shadow: 3 random cards of the
    // defender's hand are captured under the attacker.
    Script {
        code: "EfMGN-007",
        hint: Hint {
            effect: Some(bot::patrol_keep),
            ..NO_HINT
        },
        when_revealed: Some(patrol_revealed),
        shadow: Some(patrol_shadow),
        resume: Some(patrol_resume),
        mode_names: &[
            (0, 0, "hide 0 cards from hand"),
            (0, 1, "hide 1 card from hand"),
            (0, 2, "hide 2 cards from hand"),
            (0, 3, "hide 3 cards from hand"),
            (0, 4, "hide 4 cards from hand"),
            (0, 5, "hide 5 cards from hand"),
            (0, 6, "hide 6 cards from hand"),
            (0, 7, "hide 7 cards from hand"),
            (0, 8, "hide 8 cards from hand"),
            (0, 9, "hide 9 cards from hand"),
            (0, 10, "hide 10 cards from hand"),
            (0, 11, "hide 11 cards from hand"),
            (0, 12, "hide 12 cards from hand"),
        ],
        ..BLANK
    },
    // Raid Golfimbul's Vault (side quest, Surge, Capture 3): each card captured under another
    // card makes each player lose a random hand card under the Vault; rescued from it, only
    // Items reach their owners' hands, the rest are discarded.
    Script {
        code: "EfMGN-008",
        rule: Some(vault_rule),
        rule_on: crate::rules![RescuedItemsOnly],
        forced: Some(vault_forced),
        forced_on: events![Captured],
        ..BLANK
    },
    // Orc of Thaurdir: attacking, it makes the defender discard the top 2 cards of his
    // captured deck or take 2 more shadow cards; shadow: one captured-deck card discarded per
    // damage the attack deals.
    Script {
        code: "EfMGN-009",
        hint: Hint {
            effect: Some(bot::thaurdir_choice),
            ..NO_HINT
        },
        forced: Some(thaurdir_forced),
        forced_on: events![EnemyAttacks],
        shadow: Some(thaurdir_shadow),
        resume: Some(thaurdir_resume),
        mode_names: &[
            (0, 0, "discard 2 captured cards"),
            (0, 1, "2 more shadow cards"),
        ],
        ..BLANK
    },
];

// ----------------------------------------------------------------- setup card (EfMGN-001A)

fn setup_rule(g: &Game, _me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotWin) && hero_captured(g)
}

/// Is any hero captured (under a card, or in a captured deck)?
fn hero_captured(g: &Game) -> bool {
    g.list(Zone::Captured(0))
        .iter()
        .chain(g.list(Zone::Under(0)).iter())
        .any(|&c| {
            let ci = g.card(c);
            g.ty(c) == CardType::Hero && (matches!(ci.zone, Zone::Captured(_)) || ci.captured)
        })
}

// ----------------------------------------------------------------- Jailor Gornákh (EfMGN-002)

fn jailor_forced(g: &mut Game, me: CardId, ev: Event) {
    if !g.card(me).zone.in_play() {
        return;
    }
    match ev {
        Event::EntersPlay(c) if c == me => {
            for p in 0..g.n_players {
                while let Some(h) = {
                    let h = g.captured_deck(p).find(|&c| g.ty(c) == CardType::Hero);
                    h
                } {
                    g.capture(h, me);
                }
            }
        }
        Event::Rescued(_, p) if !g.players[p as usize].eliminated => {
            g.stack.push(Frame::ImmediateAttack {
                enemy: me,
                player: p,
            });
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Prison Guard / Cell

fn guard_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Engaged(p) && rescue_ready(g, me)
}

fn cell_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Active
        && (!g.areas.split || g.card(me).area == g.area_of(p))
        && !g.players[p as usize].eliminated
        && rescue_ready(g, me)
}

fn rescue_ready(g: &Game, me: CardId) -> bool {
    g.phase == Phase::Planning
        && common::unused_this_round(g, me)
        && g.captives(me).next().is_some()
}

/// Rescue one captive at random; each player of the staging area raises his threat by its
/// printed cost.
fn rescue_act(g: &mut Game, me: CardId, p: u8) {
    common::count_use(g, me);
    g.focus(p);
    if g.rescue_random(me, 1) == 0 {
        return;
    }
    let c = (0..g.n_players)
        .flat_map(|q| {
            g.list(Zone::Hand(q))
                .iter()
                .chain(g.list(Zone::Play(q)).iter())
                .copied()
                .collect::<SmallIds>()
        })
        .find(|&c| g.card(c).rescued_from == me);
    let cost = c.map_or(0, |c| g.def_of(c).cost.max(0));
    common::raise_each(g, cost);
}

// ----------------------------------------------------------------- Torture Chamber (EfMGN-005)

fn chamber_x(g: &Game, me: CardId) -> i16 {
    2 * g.captives(me).count() as i16
}

fn chamber_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::PhaseEnd(Phase::Combat) || g.card(me).zone != Zone::Staging {
        return;
    }
    let a = g.card(me).area;
    let mut hit = SmallIds::new();
    for p in g.active_seats() {
        if !g.areas.split || g.area_of(p) == a {
            for c in g.characters(p) {
                if !g.is_ready(c) {
                    hit.push(c);
                }
            }
        }
    }
    for &c in hit.iter() {
        g.deal_damage(c, 1);
    }
}

// ----------------------------------------------------------------- Cruel Torment (EfMGN-006)

const HAND_LIMIT: usize = 6;
const TORMENT_DISCARD: u8 = 0;
/// `torment_resume`'s step for a Forced check (no answer yet).
const TORMENT_CHECK: u8 = 1;

fn torment_revealed(g: &mut Game, me: CardId, _by: u8) {
    let Some(q) = g.current_quest() else { return };
    g.attach(me, q, ENCOUNTER);
    log(g, |g| {
        format!("  {} is attached to {}", g.title(me), g.title(q))
    });
    torment_check(g, me);
}

fn torment_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(
        ev,
        Event::PhaseBegin(_) | Event::PhaseEnd(_) | Event::Rescued(..)
    ) && matches!(g.card(me).zone, Zone::Attached(_))
        && g.active_seats()
            .any(|p| g.list(Zone::Hand(p)).len() > HAND_LIMIT)
    {
        // Asked when its frame comes up: another Forced effect of the same event may be
        // asking now (a second Cruel Torment), or push a frame of its own (Jailor Gornákh's
        // attack on a rescue).
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, TORMENT_CHECK),
        });
    }
}

/// The first player (in player order) holding more than 6 cards discards one of his choice;
/// repeated until no one does.
fn torment_check(g: &mut Game, me: CardId) {
    let Some(p) = g
        .active_seats()
        .find(|&p| g.list(Zone::Hand(p)).len() > HAND_LIMIT)
    else {
        return;
    };
    g.begin_ask(
        p,
        Ask::Effect {
            card: me,
            what: TORMENT_DISCARD,
        },
    );
    for i in 0..g.list(Zone::Hand(p)).len() {
        let c = g.list(Zone::Hand(p))[i];
        g.offer(Opt::Card(c));
    }
    g.ask_script(Cont::new(me, TORMENT_DISCARD).with(p, 0, 0));
}

fn torment_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == TORMENT_CHECK {
        return torment_check(g, cont.card);
    }
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Hand(cont.player) {
            g.discard(c);
            g.fire(Event::DiscardedFromHand(c));
        }
    }
    torment_check(g, cont.card);
}

// ----------------------------------------------------------------- Goblin Patrol (EfMGN-007)

const PATROL_HOW_MANY: u8 = 0;
const PATROL_NEXT: u8 = 1;

fn patrol_revealed(g: &mut Game, me: CardId, _by: u8) {
    let a = g.areas.now;
    patrol_next(g, me, 0, a);
}

/// Seat offset `k`: if in staging area `area`, the player picks how many random hand cards
/// to capture under the current quest (`Mode(n)`); after the last player, each raises his
/// threat by his hand size.
fn patrol_next(g: &mut Game, me: CardId, mut k: u8, area: u8) {
    g.areas.now = area;
    while k < g.n_players {
        let p = g.seat(k);
        k += 1;
        let n = g.list(Zone::Hand(p)).len();
        if g.players[p as usize].eliminated || !g.in_this_area(p) || n == 0 {
            continue;
        }
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, PATROL_NEXT).with(k, area as i16, 0),
        });
        g.begin_ask(
            p,
            Ask::Effect {
                card: me,
                what: PATROL_HOW_MANY,
            },
        );
        for m in 0..=n.min(200) {
            g.offer(Opt::Mode(m as u8));
        }
        g.ask_script(Cont::new(me, PATROL_HOW_MANY).with(p, area as i16, 0));
        return;
    }
    for &p in common::seats(g).iter() {
        let n = g.list(Zone::Hand(p)).len() as i16;
        g.raise_threat(p, n);
    }
}

fn patrol_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (PATROL_HOW_MANY, Opt::Mode(m)) => {
            g.areas.now = cont.a as u8;
            if let Some(q) = g.current_quest() {
                capture_random_from_hand(g, cont.player, q, m as usize);
            }
        }
        (PATROL_NEXT, _) => patrol_next(g, cont.card, cont.player, cont.a as u8),
        _ => {}
    }
}

/// Player `p` captures `n` random cards of his hand under `host`.
fn capture_random_from_hand(g: &mut Game, p: u8, host: CardId, n: usize) {
    for _ in 0..n {
        let k = g.list(Zone::Hand(p)).len();
        if k == 0 || !g.card(host).zone.in_play() {
            return;
        }
        let i = g.rng_players[p as usize].gen_range(0..k);
        let c = g.list(Zone::Hand(p))[i];
        g.capture(c, host);
    }
}

fn patrol_shadow(g: &mut Game, _me: CardId) {
    let (p, e) = (g.attack.player, g.attack.enemy);
    capture_random_from_hand(g, p, e, 3);
}

// ----------------------------------------------------------------- Raid Golfimbul's Vault (EfMGN-008)

fn vault_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::RescuedItemsOnly(h) if h == me)
}

fn vault_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Captured(_, host) = ev else { return };
    if host == me || !g.card(me).zone.in_play() {
        return;
    }
    for &p in common::seats(g).iter() {
        capture_random_from_hand(g, p, me, 1);
    }
}

// ----------------------------------------------------------------- Orc of Thaurdir (EfMGN-009)

const THAURDIR_PICK: u8 = 0;

fn thaurdir_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::EnemyAttacks(e, p) = ev else {
        return;
    };
    if e != me {
        return;
    }
    if g.captured_top(p).is_none() {
        // Nothing to discard: the two shadow cards.
        thaurdir_resume(g, Cont::new(me, THAURDIR_PICK).with(p, 0, 0), Opt::Mode(1));
        return;
    }
    g.begin_ask(
        p,
        Ask::Effect {
            card: me,
            what: THAURDIR_PICK,
        },
    );
    g.offer(Opt::Mode(0));
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, THAURDIR_PICK).with(p, 0, 0));
}

fn thaurdir_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    match (cont.step, opt) {
        (THAURDIR_PICK, Opt::Mode(0)) => discard_captured(g, p, 2),
        (THAURDIR_PICK, Opt::Mode(1)) => {
            for _ in 0..2 {
                g.deal_shadow(cont.card);
            }
        }
        (AFTER_ATTACK, _) => {
            let n = g.attack.damage_dealt.max(0) as usize;
            discard_captured(g, g.attack.player, n);
        }
        _ => {}
    }
}

/// Player `p` discards the top `n` cards of his captured deck (to his discard pile).
fn discard_captured(g: &mut Game, p: u8, n: usize) {
    for _ in 0..n {
        let Some(c) = g.captured_top(p) else { return };
        g.discard(c);
        log(g, |g| {
            format!("  {} is discarded from the captured deck", g.title(c))
        });
    }
}

fn thaurdir_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Prison Guard / Prison Cell: rescue when a captive is worth more than the threat it
    /// may cost every player of the area (heroes cost nothing). A player with at most
    /// `LONE_CHARACTERS` characters (a lone hero, Nightmare's buried second hero) needs bodies
    /// more than threat: the captive's cost counts for it, half a threat unit a point and
    /// player, not against it (nm48: `basic` +0.37, +0.33, +0.37 win points on three seeds of
    /// 3,000 Mount Gram Nightmare pairs, +1.4 rounds lived; `lookahead` level).
    pub fn rescue_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        let n = g.captives(c).count() as i32;
        if n == 0 {
            return 0;
        }
        let players = g.area_seats().count().max(1) as i32;
        let lone = g.characters(p).count() <= LONE_CHARACTERS;
        let total: i32 = g
            .captives(c)
            .map(|x| {
                let cost = g.def_of(x).cost.max(0) as i32;
                if g.is_hero(x) {
                    300
                } else if lone {
                    12 + 4 * cost + THREAT_UNIT * cost * players / 2
                } else {
                    12 + 4 * cost - THREAT_UNIT * cost * players
                }
            })
            .sum();
        (total / n).max(0)
    }

    /// At most this many characters in play: a captive ally is worth its threat (`rescue_value`).
    pub const LONE_CHARACTERS: usize = 2;

    /// Cruel Torment: discard the cheapest card.
    pub fn cheapest_card(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |c| g.def_of(c).cost.max(0) as i32)
    }

    /// Goblin Patrol: keep 3 cards, hide the rest (each costs a threat otherwise).
    pub fn patrol_keep(_g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        Some(o.len().saturating_sub(4))
    }

    /// Orc of Thaurdir: lose the captured-deck cards unless a hero is among the next two.
    pub fn thaurdir_choice(g: &Game, p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        let n = g.captured_deck(p).count();
        let hero_next = g
            .captured_deck(p)
            .skip(n.saturating_sub(2))
            .any(|c| g.is_hero(c));
        find(
            o,
            if hero_next {
                Opt::Mode(1)
            } else {
                Opt::Mode(0)
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::common::code;
    use crate::cards::testkit::{drain, options, reveal, sandbox_in};
    use crate::data::Mode;

    fn game(players: usize) -> Game<'static> {
        let heroes: &[&[&str]] = &[
            &["Core-001", "Core-002", "Core-003"],
            &["Core-004", "Core-005", "Core-006"],
        ];
        let mut g = sandbox_in(
            "escape-from-mount-gram",
            Mode::Nightmare,
            &heroes[..players],
        );
        for p in 0..players as u8 {
            let h = g.heroes(p).next().unwrap();
            g.prepare_captured_deck(p, h, true);
        }
        g
    }

    fn setup_card(g: &mut Game) -> CardId {
        g.list(Zone::Nightmare)
            .iter()
            .copied()
            .find(|&c| code(g, c) == SETUP)
            .unwrap_or_else(|| g.spawn(SETUP, ENCOUNTER, Zone::Nightmare))
    }

    #[test]
    fn escape_from_mount_gram_nightmare() {
        let mut g = game(1);
        setup_card(&mut g);
        // The set-aside hero is at the bottom of the captured deck: no win yet.
        let bottom = g.captured_deck(0).next().unwrap();
        assert!(g.is_hero(bottom));
        assert!(g.rule(Rule::CannotWin));
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let heroes: Vec<CardId> = g.captured_deck(0).filter(|&c| g.is_hero(c)).collect();
        for &h in heroes.iter() {
            g.capture(h, orc);
        }
        assert!(g.rule(Rule::CannotWin), "captured under an enemy");
        g.discard(orc);
        drain(&mut g);
        assert!(!g.rule(Rule::CannotWin));
    }

    #[test]
    fn jailor_gornakh_nightmare() {
        let mut g = game(2);
        let j = g.spawn("EfMGN-002", ENCOUNTER, Zone::Staging);
        g.fire(Event::EntersPlay(j));
        drain(&mut g);
        assert_eq!(g.captives(j).filter(|&c| g.is_hero(c)).count(), 4);
        assert!(g.captured_deck(0).all(|c| !g.is_hero(c)));
        // A rescue: he attacks the rescuing player.
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(1, orc, 1);
        g.discard(orc);
        g.settle();
        assert!(g.pending().is_some() || g.card(j).attacked || g.attack.enemy == j);
        assert_eq!(g.attack.enemy, j);
        assert_eq!(g.attack.player, 1);
    }

    #[test]
    fn prison_guard() {
        let mut g = game(2);
        let guard = g.spawn("EfMGN-003", ENCOUNTER, Zone::Engaged(0));
        g.capture_from_deck(0, guard, 1);
        let c = g.captives(guard).next().unwrap();
        g.phase = Phase::Planning;
        assert!(guard_can(&g, guard, 0));
        assert!(!guard_can(&g, guard, 1), "only its engaged player");
        // The engine offers it in its engaged player's action windows (it lies in his
        // engagement area, not in the staging area).
        assert!(crate::cards::testkit::actions(&mut g).contains(&Opt::Activate(guard)));
        let cost = g.def_of(c).cost.max(0);
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        rescue_act(&mut g, guard, 0);
        g.settle();
        assert!(matches!(g.card(c).zone, Zone::Hand(0) | Zone::Play(0)));
        assert_eq!(g.players[0].threat, t0 + cost);
        assert_eq!(g.players[1].threat, t1 + cost);
        assert!(!guard_can(&g, guard, 0), "once per round");
    }

    #[test]
    fn prison_cell_nightmare() {
        let mut g = game(1);
        let cell = g.spawn("EfMGN-004", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(0, cell, 2);
        g.phase = Phase::Planning;
        assert!(!cell_can(&g, cell, 0), "only while active");
        g.move_card_keep(cell, Zone::Active);
        assert!(cell_can(&g, cell, 0));
        rescue_act(&mut g, cell, 0);
        g.settle();
        assert_eq!(g.captives(cell).count(), 1);
        let v = bot::rescue_value(&g, 0, cell, None);
        assert!(v >= 0);
    }

    /// A lone hero rescues a 2-cost ally from Prison Cell despite the threat; with a full
    /// table of characters he leaves it (2 threat outweigh it).
    #[test]
    fn prison_cell_nightmare_lone_hero_rescues() {
        let mut g = game(1);
        let cell = g.spawn("EfMGN-004", ENCOUNTER, Zone::Active);
        let ally = g.spawn("Core-013", 0, Zone::Hand(0)); // Guard of the Citadel
        assert_eq!(g.def_of(ally).cost, 2);
        g.capture(ally, cell);
        // Stage 1A's setup leaves one hero in play.
        assert!(g.characters(0).count() <= bot::LONE_CHARACTERS);
        assert!(bot::rescue_value(&g, 0, cell, None) > 0);
        for _ in 0..3 {
            g.spawn("Core-013", 0, Zone::Play(0));
        }
        assert!(g.characters(0).count() > bot::LONE_CHARACTERS);
        assert_eq!(bot::rescue_value(&g, 0, cell, None), 0);
    }

    #[test]
    fn torture_chamber() {
        let mut g = game(1);
        let t = g.spawn("EfMGN-005", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(0, t, 2);
        assert_eq!(g.stat(t, Stat::QuestPoints), 4);
        let h = g.heroes(0).next().unwrap();
        g.exhaust(h);
        g.emit(Event::PhaseEnd(Phase::Combat));
        assert_eq!(g.card(h).damage, 1);
    }

    /// Revealed when its player's captured deck is empty, Torture Chamber captures nothing and
    /// its quest points count 0: by default it is explored at once (its Surge still reveals
    /// the next card); with `zero_quest_points_explored` off it stays staged, and as the active
    /// location it takes exactly 1 progress before the rest goes to the quest.
    #[test]
    fn torture_chamber_without_captives() {
        for explored in [true, false] {
            let mut g = game(1);
            let mut setup = g.setup.clone();
            setup.options.zero_quest_points_explored = explored;
            g.setup = Box::leak(Box::new(setup));
            let pile: SmallIds = g.list(Zone::Captured(0)).iter().copied().collect();
            for &c in pile.iter() {
                g.move_card(c, Zone::Deck(0));
            }
            let t = g.spawn("EfMGN-005", ENCOUNTER, Zone::EncounterDeck);
            crate::cards::testkit::reveal_resolving(&mut g, t);
            assert_eq!(g.captives(t).count(), 0);
            assert_eq!(g.stat(t, Stat::QuestPoints), 0);
            g.check_invariants().unwrap();
            if explored {
                assert!(!g.card(t).zone.in_play(), "explored at once");
                continue;
            }
            assert_eq!(g.card(t).zone, Zone::Staging);
            g.move_card(t, Zone::Active);
            let q = g.main_quest().unwrap();
            let before = g.card(q).progress;
            g.place_progress_on_quest(3, true);
            g.settle();
            assert!(!g.card(t).zone.in_play(), "explored by its 1 progress");
            assert_eq!(g.card(q).progress, before + 2);
        }
    }

    #[test]
    fn cruel_torment() {
        let mut g = game(1);
        for _ in 0..8 {
            g.spawn("Core-013", 0, Zone::Hand(0));
        }
        let t = g.spawn("EfMGN-006", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, t);
        assert!(matches!(g.card(t).zone, Zone::Attached(_)));
        assert_eq!(g.list(Zone::Hand(0)).len(), HAND_LIMIT);
        g.spawn("Core-013", 0, Zone::Hand(0));
        g.emit(Event::PhaseBegin(Phase::Planning));
        drain(&mut g);
        assert_eq!(g.list(Zone::Hand(0)).len(), HAND_LIMIT);
    }

    /// One rescue wakes both Cruel Torment (a hand over 6 discards) and Jailor Gornákh (he
    /// attacks the rescuer). Each question gets its own answer: the discard is chosen among
    /// the hand, the Jailor's defender among characters in play, whichever comes first.
    #[test]
    fn cruel_torment_and_jailor_gornakh_answer_one_rescue() {
        let mut g = game(1);
        let t = g.spawn("EfMGN-006", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, t);
        assert!(matches!(g.card(t).zone, Zone::Attached(_)));
        let j = g.spawn("EfMGN-002", ENCOUNTER, Zone::Engaged(0));
        let cell = g.spawn("EfMGN-004", ENCOUNTER, Zone::Active);
        for _ in 0..6 {
            g.spawn("Core-013", 0, Zone::Hand(0));
        }
        let ally = g.spawn("Core-013", 0, Zone::Hand(0));
        g.capture(ally, cell);
        assert_eq!(g.list(Zone::Hand(0)).len(), HAND_LIMIT);
        // A chump defender, so that the lone hero survives the attack.
        let guard = g.spawn("Core-013", 0, Zone::Play(0));
        g.phase = Phase::Planning;
        g.act(0, Opt::Activate(cell));
        let (mut discards, mut attacked) = (0, false);
        while let Some(d) = g.pending() {
            match d.ask {
                Ask::Effect { card, .. } if card == t => {
                    discards += 1;
                    assert!(d
                        .options
                        .iter()
                        .all(|o| matches!(o, Opt::Card(c) if g.card(*c).zone == Zone::Hand(0))));
                }
                _ => {
                    if g.attack.enemy == j {
                        attacked = true;
                    }
                    assert!(d.options.iter().all(|o| match o {
                        Opt::Card(c) => g.card(*c).zone.in_play(),
                        _ => true,
                    }));
                    if let Some(i) = d.options.iter().position(|&o| o == Opt::Card(guard)) {
                        g.apply(i);
                        continue;
                    }
                }
            }
            g.apply(0);
            g.check_invariants().unwrap();
        }
        assert_eq!(discards, 1);
        assert!(attacked || g.card(j).attacked, "the Jailor attacked");
        assert_eq!(g.list(Zone::Hand(0)).len(), HAND_LIMIT);
    }

    #[test]
    fn goblin_patrol() {
        let mut g = game(1);
        for _ in 0..5 {
            g.spawn("Core-013", 0, Zone::Hand(0));
        }
        let q = g.main_quest().unwrap();
        let t0 = g.players[0].threat;
        let gp = g.spawn("EfMGN-007", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, gp);
        assert_eq!(options(&g).len(), 6);
        assert_eq!(bot::patrol_keep(&g, 0, gp, 0, &options(&g)), Some(2));
        g.answer(Opt::Mode(2));
        drain(&mut g);
        assert_eq!(g.captives(q).count(), 2);
        assert_eq!(g.players[0].threat, t0 + 3);
        // Shadow: 3 random hand cards under the attacker.
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(orc, 0, false);
        patrol_shadow(&mut g, gp);
        assert_eq!(g.captives(orc).count(), 3);
        g.check_invariants().unwrap();
    }

    #[test]
    fn goblin_patrol_under_a_player_side_quest() {
        // The current quest may be a player side quest (Gather Information): the cards go under
        // it (a quest card, though a player's), and are rescued when it is defeated.
        let mut g = game(1);
        for _ in 0..4 {
            g.spawn("Core-013", 0, Zone::Hand(0));
        }
        g.phase = Phase::Quest;
        let sq = g.spawn("TLR-014", 0, Zone::Staging);
        g.add_lasting(sq, Lasting::CurrentQuest, Until::EndOfPhase);
        assert_eq!(g.current_quest(), Some(sq));
        let gp = g.spawn("EfMGN-007", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, gp);
        g.answer(Opt::Mode(2));
        drain(&mut g);
        let under: Vec<CardId> = g.captives(sq).collect();
        assert_eq!(under.len(), 2);
        g.check_invariants().unwrap();
        // Defeated: its captured cards go back to their owner's hand.
        let qp = g.stat(sq, Stat::QuestPoints);
        g.card_mut(sq).progress = qp;
        g.settle();
        drain(&mut g);
        assert!(!g.card(sq).zone.in_play());
        for c in under {
            assert_eq!(g.card(c).zone, Zone::Hand(0));
        }
        g.check_invariants().unwrap();
    }

    #[test]
    fn raid_golfimbuls_vault() {
        let mut g = game(1);
        for _ in 0..3 {
            g.spawn("Core-013", 0, Zone::Hand(0));
        }
        let v = g.spawn("EfMGN-008", ENCOUNTER, Zone::Staging);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(0, orc, 1);
        drain(&mut g);
        assert_eq!(g.captives(v).count(), 1, "a hand card for the captured one");
        assert_eq!(g.list(Zone::Hand(0)).len(), 2);
        // Rescued from the Vault: the ally is discarded, an Item goes to hand.
        let item = g.spawn("Core-027", 0, Zone::Hand(0));
        g.capture(item, v);
        drain(&mut g);
        let under: Vec<CardId> = g.captives(v).collect();
        g.discard(v);
        drain(&mut g);
        for c in under {
            if c == item {
                assert_eq!(g.card(c).zone, Zone::Hand(0));
            } else {
                assert_eq!(g.card(c).zone, Zone::Discard(0));
            }
        }
        g.check_invariants().unwrap();
    }

    #[test]
    fn orc_of_thaurdir() {
        let mut g = game(1);
        let o = g.spawn("EfMGN-009", ENCOUNTER, Zone::Engaged(0));
        let n = g.captured_deck(0).count();
        g.attack = AttackCtx::new(o, 0, false);
        g.fire(Event::EnemyAttacks(o, 0));
        g.settle();
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        assert_eq!(g.captured_deck(0).count(), n - 2);
        g.fire(Event::EnemyAttacks(o, 0));
        g.settle();
        let shadows = g.list(Zone::Shadow(o)).len();
        g.answer(Opt::Mode(1));
        assert_eq!(g.list(Zone::Shadow(o)).len(), shadows + 2);
        // Shadow: one captured-deck card per damage dealt.
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(orc, 0, false);
        thaurdir_shadow(&mut g, o);
        assert_eq!(g.attack.after, o);
        g.attack.damage_dealt = 3;
        thaurdir_resume(&mut g, Cont::new(o, AFTER_ATTACK), Opt::Pass);
        assert_eq!(g.captured_deck(0).count(), n - 5);
    }
}
