//! Escape from Mount Gram: its quest cards and the Escape from Mount Gram encounter set (the
//! Angmar Orcs set is `intruders`'s). The scenario's rules are engine pieces: separate staging
//! areas and joining (`engine::areas`, RULES §7.6–7.7), captured decks, Capture X and rescue
//! (`engine::captured`, §8.7). Each script has a one-line summary in our own words.
//!
//! Engine choices: the stage-2 copies not dealt to a player leave the game at stage 1B; a
//! player who must join picks which other staging area (§7.7.5, a decision when there are
//! several, offered as one player of each, the next clockwise first); the whole staging area
//! joins (its players share one stage card). Prison
//! Cell's Response is always worth using: it resolves as a Forced effect, the first player of
//! the staging area choosing the captive; "put into play" takes it to its owner (an attachment
//! onto the first of his characters it may go on, else his hand).

use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::{CardType, Mode};
use crate::engine::*;
use crate::events;
use crate::rules;

const JAILOR: &str = "EfMG-041";
const JAILOR_NIGHTMARE: &str = "EfMGN-002";
const SOUTHERN_GATE: &str = "EfMG-042";
const PRISON_CELL: &str = "EfMG-046";
/// Nightmare's Prison Cell, which stage 2A fetches in Nightmare mode.
const PRISON_CELL_NIGHTMARE: &str = "EfMGN-004";
const NIGHTMARE_SETUP: &str = "EfMGN-001A";
/// Stage 2's quest card (either face) and stage 3B.
const STAGE_2A: &str = "EfMG-039A";
const STAGE_3B: &str = "EfMG-040B";

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: hands go back into the decks; each player picks his starting hero and
    // builds his captured deck; that hero gets 2 resources and sets his threat; the gate, the
    // jailor and the Angmar Orcs wait aside; each player draws 3.
    Script {
        code: "EfMG-038A",
        hint: Hint {
            effect: Some(bot::starting_hero),
            ..NO_HINT
        },
        setup: Some(stage1a_setup),
        resume: Some(stage1a_resume),
        ..BLANK
    },
    // Stage 1B: each player gets his own staging area and his own copy of stage 2.
    Script {
        code: "EfMG-038B",
        when_revealed: Some(stage1b_revealed),
        ..BLANK
    },
    // Stage 2A (Capture 7): a Prison Cell from the encounter deck is revealed into the
    // player's staging area and takes 2 more of his captured cards.
    Script {
        code: STAGE_2A,
        when_revealed: Some(stage2a_revealed),
        resume: Some(stage2a_resume),
        ..BLANK
    },
    // Stage 2B: progress here rescues that many random captives instead; at the start of the
    // travel phase an emptied stage makes its players join another staging area (their pick
    // when there are several), or, with no one left to join, everyone moves on to stage 3.
    Script {
        code: "EfMG-039B",
        hint: Hint {
            effect: Some(bot::join_choice),
            leave_when_emptied: true,
            ..NO_HINT
        },
        forced: Some(stage2b_forced),
        resume: Some(stage2b_resume),
        forced_on: events![ProgressPlaced, PhaseBegin],
        ..BLANK
    },
    // Stage 3A: the gate and the jailor are staged, the Angmar Orcs are shuffled in, and one
    // card per player is revealed.
    Script {
        code: "EfMG-040A",
        when_revealed: Some(stage3a_revealed),
        ..BLANK
    },
    // Stage 3B: no travel to the gate before 16 progress here; no defeat while the gate is in
    // play; defeating it wins.
    Script {
        code: STAGE_3B,
        rule: Some(stage3b_rule),
        rule_on: rules![CannotDefeat],
        ..BLANK
    },
    // Jailor Gornákh: whenever captives are rescued he engages the highest-threat player and
    // attacks him at once.
    Script {
        code: JAILOR,
        forced: Some(jailor_forced),
        forced_on: events![Rescued],
        ..BLANK
    },
    // Southern Gate (immune): Orcs have +2 Attack while it is active; on becoming active it
    // lifts each player's threat to at least 35.
    Script {
        code: SOUTHERN_GATE,
        modify: Some(gate_modify),
        global: true,
        global_on: crate::cards::GlobalScope::enemies(&[Stat::Attack]),
        travel: Some(gate_travel),
        forced: Some(gate_forced),
        forced_on: events![Traveled],
        ..BLANK
    },
    // Prison Cell (Capture 1): after traveling here the players put one of its captives into
    // play for free; the rest stay under it.
    Script {
        code: PRISON_CELL,
        hint: Hint {
            effect: Some(bot::best_captive),
            ..NO_HINT
        },
        forced: Some(cell_forced),
        forced_on: events![Traveled],
        resume: Some(cell_resume),
        ..BLANK
    },
    // Cruel Torturer (Capture 1): an ally its attack would damage is captured under it
    // instead.
    Script {
        code: "EfMG-043",
        rule: Some(torturer_rule),
        rule_on: crate::rules![CapturesAlliesItWouldDamage],
        ..BLANK
    },
    // Dungeon Guard (Capture 1): once the cards under it are rescued, one of them may be put
    // into play for free.
    Script {
        code: "EfMG-044",
        hint: Hint {
            effect: Some(bot::best_captive),
            ..NO_HINT
        },
        rule: Some(guard_rule),
        rule_on: crate::rules![RescuedMayEnterPlay],
        resume: Some(guard_resume),
        ..BLANK
    },
    // Feeble and Weary: each player either damages each of his exhausted characters by 1 or
    // takes them all off the quest; shadow: the defender exhausts one of his characters.
    Script {
        code: "EfMG-050",
        hint: Hint {
            effect: Some(bot::feeble_choice),
            ..NO_HINT
        },
        when_revealed: Some(feeble_revealed),
        shadow: Some(feeble_shadow),
        resume: Some(feeble_resume),
        mode_names: &[
            (0, 0, "1 damage to each exhausted character"),
            (0, 1, "exhausted characters leave the quest"),
        ],
        ..BLANK
    },
    // Captives of Gornákh: each player gives up one of his allies, captured under the
    // encounter card with the most threat; shadow: an ally this attack would damage is
    // captured under the attacker instead.
    Script {
        code: "EfMG-051",
        hint: Hint {
            effect: Some(bot::cheapest_ally),
            ..NO_HINT
        },
        when_revealed: Some(captives_revealed),
        shadow: Some(captives_shadow),
        resume: Some(captives_resume),
        ..BLANK
    },
    // Goblin Tormentor (Capture 1): Attack X counts the cards holding captives right now;
    // shadow: the attacker has +1 Attack, +2 if it holds no captives.
    Script {
        code: "EfMG-045",
        x: Some(tormentor_x),
        shadow: Some(tormentor_shadow),
        ..BLANK
    },
    // Sound the Alarm! (Doomed 3): the enemies in play here are 10 cheaper to engage and hit
    // 1 harder this round; with none in play, one is fetched from the encounter deck or
    // discard pile into the staging area.
    Script {
        code: "EfMG-049",
        when_revealed: Some(alarm_revealed),
        ..BLANK
    },
    // Patrol Room (Capture 2): traveling here costs each player 3 threat; shadow: the attacker
    // has +1 Attack, +2 against a defending player at 20 threat or more.
    Script {
        code: "EfMG-047",
        hint: Hint {
            travel_threat: 3,
            ..NO_HINT
        },
        travel: Some(patrol_room_travel),
        shadow: Some(patrol_room_shadow),
        ..BLANK
    },
    // Tunnels of Mount Gram (Capture 1): its threat is its captive count; shadow: the defending
    // characters' attachments are captured under the attacker.
    Script {
        code: "EfMG-048",
        x: Some(tunnels_x),
        shadow: Some(tunnels_shadow),
        ..BLANK
    },
    // Interrogation: each player loses the top card of his captured deck to his discard pile
    // and raises his threat by its printed cost; if anyone lost nothing, it is Doomed 2 too;
    // shadow: the defender loses one card of his hand at random, and his threat rises
    // by its printed cost.
    Script {
        code: "EfMG-052",
        when_revealed: Some(interrogation_revealed),
        shadow: Some(interrogation_shadow),
        ..BLANK
    },
    // Stop the Executioners! (Capture 5, Time 4): when its time runs out its captives are
    // discarded, it leaves the game, and each player raises his threat by 3 per character of
    // his so discarded.
    Script {
        code: "EfMG-053",
        forced: Some(executioners_forced),
        forced_on: events![TimeRanOut],
        ..BLANK
    },
];

fn find_in(g: &Game, z: Zone, codes: &[&str]) -> Option<CardId> {
    g.list(z)
        .iter()
        .rev()
        .copied()
        .find(|&c| codes.contains(&code(g, c)))
}

// ----------------------------------------------------------------- Stage 1 (EfMG-038)

const PICK_HERO: u8 = 0;

fn stage1a_setup(g: &mut Game, me: CardId) {
    // Each kind in one pass over the pile, in the order a fresh search after every move
    // would take them (speed37: the searches from the start cost ~0.5% of a game): the
    // Jailors and the Southern Gate from the top down, then the Angmar Orcs from the bottom
    // up (a move takes the card out of its place and keeps the rest in order).
    // The three set-aside kinds by definition, looked up once (a code names one definition;
    // no card is shown as another face here, so the code test is the definition test;
    // speed41: three string compares a card cost more).
    let kinds = [JAILOR, JAILOR_NIGHTMARE, SOUTHERN_GATE].map(|k| g.db.by_code(k));
    for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
        let mut i = g.list(z).len();
        while i > 0 {
            i -= 1;
            let c = g.list(z)[i];
            if !g.card(c).reanimated && kinds.contains(&Some(g.card(c).def)) {
                g.move_card(c, Zone::SetAside);
            }
        }
        let mut i = 0;
        while let Some(&c) = g.list(z).get(i) {
            if g.def_of(c).encounter_set.starts_with("Angmar Orcs") {
                g.move_card(c, Zone::SetAside);
            }
            if g.list(z).get(i) == Some(&c) {
                i += 1;
            }
        }
    }
    g.shuffle(Zone::EncounterDeck);
    for p in 0..g.n_players {
        while let Some(&c) = g.list(Zone::Hand(p)).last() {
            g.move_card(c, Zone::Deck(p));
        }
        g.shuffle(Zone::Deck(p));
    }
    ask_starting_hero(g, me, 0);
}

/// Player `p` (and then each later one) picks his starting hero.
fn ask_starting_hero(g: &mut Game, me: CardId, p: u8) {
    if p >= g.n_players {
        return;
    }
    g.begin_ask(
        p,
        Ask::Effect {
            card: me,
            what: PICK_HERO,
        },
    );
    for i in 0..g.list(Zone::Play(p)).len() {
        let h = g.list(Zone::Play(p))[i];
        if g.is_hero(h) {
            g.offer(Opt::Card(h));
        }
    }
    if !g.ask_if_offered(Cont::new(me, PICK_HERO).with(p, 0, 0)) {
        ask_starting_hero(g, me, p + 1);
    }
}

fn stage1a_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    let Opt::Card(h) = opt else { return };
    let nightmare = find_in(g, Zone::Nightmare, &[NIGHTMARE_SETUP]).is_some()
        || g.setup.mode == Mode::Nightmare;
    g.prepare_captured_deck(p, h, nightmare);
    g.card_mut(h).resources += 2;
    g.players[p as usize].threat = g.def_of(h).threat_cost;
    g.draw(p, 3);
    log(g, |g| {
        format!(
            "  P{} starts with {} alone, threat {}",
            p + 1,
            g.title(h),
            g.players[p as usize].threat
        )
    });
    ask_starting_hero(g, cont.card, p + 1);
}

fn stage1b_revealed(g: &mut Game, me: CardId, _by: u8) {
    g.move_card(me, Zone::Removed);
    g.split_areas();
    for p in 0..g.n_players {
        if g.players[p as usize].eliminated {
            continue;
        }
        let Some(q) = find_in(g, Zone::QuestDeck, &[STAGE_2A]) else {
            break;
        };
        g.focus(p);
        g.move_card(q, Zone::Quest);
        log(g, |g| {
            format!("  P{} advances to stage 2A: {}", p + 1, g.title(q))
        });
        // Capture 7 before the When Revealed effect (§8.7.4), then the card's own text.
        let x = g.def_of(q).keywords.capture;
        g.capture_keyword(q, x);
        stage2a_revealed(g, q, p);
        g.flip_quest(q);
    }
    // The stage-2 copies nobody took leave the game: stage 3 is next in the quest deck.
    while let Some(q) = find_in(g, Zone::QuestDeck, &[STAGE_2A]) {
        g.move_card(q, Zone::Removed);
    }
    g.areas.now = g.area_of(g.first);
}

// ----------------------------------------------------------------- Stage 2 (EfMG-039)

const CELL_CAPTURE: u8 = 0;

fn stage2a_revealed(g: &mut Game, me: CardId, by: u8) {
    let Some(cell) = find_in(
        g,
        Zone::EncounterDeck,
        &[PRISON_CELL, PRISON_CELL_NIGHTMARE],
    ) else {
        return;
    };
    // Taken out of the deck now: the next player's stage finds another copy.
    g.move_card(cell, Zone::SetAside);
    // After the Prison Cell's own reveal (its Capture 1), 2 more of this player's cards.
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, CELL_CAPTURE).with(by, cell as i16, 0),
    });
    g.stack.push(Frame::Reveal {
        card: cell,
        by,
        stage: 0,
        from_deck: false,
    });
}

fn stage2a_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    let cell = cont.a as CardId;
    if cont.step == CELL_CAPTURE && g.card(cell).zone.in_play() {
        g.capture_from_deck(cont.player, cell, 2);
    }
}

/// The stage card of player `p`'s staging area.
fn stage_of(g: &Game, p: u8) -> Option<CardId> {
    let a = g.area_of(p);
    g.list(Zone::Quest)
        .iter()
        .copied()
        .find(|&q| g.card(q).area == a)
}

fn stage2b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Quest {
        return;
    }
    match ev {
        Event::ProgressPlaced(q, n) if q == me && n > 0 => {
            let n = n.min(g.card(me).progress);
            g.card_mut(me).progress -= n;
            let k = g.rescue_random(me, n);
            log(g, |g| {
                format!("  {k} captive(s) rescued from {}", g.title(me))
            });
        }
        // One copy handles every staging area: the first stage card in play.
        Event::PhaseBegin(Phase::Travel) if g.list(Zone::Quest).first() == Some(&me) => {
            joins(g, me, 0)
        }
        _ => {}
    }
}

/// The start of the travel phase at stage 2 (§7.7): each player in player order (from seat
/// offset `k`) whose stage has no captives left joins another staging area — his choice
/// (§7.7.5) when there are several, `JOIN_PICK` — or, with none to join, all move on to stage
/// 3.
fn joins(g: &mut Game, me: CardId, mut k: u8) {
    while k < g.n_players {
        let p = g.seat(k);
        k += 1;
        if g.players[p as usize].eliminated {
            continue;
        }
        let Some(q) = stage_of(g, p) else { continue };
        if g.captives(q).next().is_some() || code(g, q) != "EfMG-039B" {
            continue;
        }
        let a = g.area_of(p);
        // One player of each other staging area, the next clockwise first.
        let mut others = [0u8; 4];
        let mut n = 0;
        for o in (1..g.n_players).map(|d| (p + d) % g.n_players) {
            let ao = g.area_of(o);
            if !g.players[o as usize].eliminated
                && ao != a
                && !others[..n].iter().any(|&x| g.area_of(x) == ao)
            {
                others[n] = o;
                n += 1;
            }
        }
        match n {
            0 => {
                log(g, |_| {
                    "  no one left to join: all players move on".to_string()
                });
                g.areas.now = a;
                g.advance_stage();
                return;
            }
            1 => join(g, p, others[0]),
            _ => {
                g.stack.push(Frame::Resume {
                    cont: Cont::new(me, JOIN_NEXT).with(k, 0, 0),
                });
                g.begin_ask(
                    p,
                    Ask::Effect {
                        card: me,
                        what: JOIN_PICK,
                    },
                );
                for &o in others[..n].iter() {
                    g.offer(Opt::Player(o));
                }
                g.ask_script(Cont::new(me, JOIN_PICK).with(p, 0, 0));
                return;
            }
        }
    }
}

/// Player `p`'s staging area joins player `o`'s.
fn join(g: &mut Game, p: u8, o: u8) {
    let (from, to) = (g.area_of(p), g.area_of(o));
    g.join_area(from, to);
}

const JOIN_PICK: u8 = 1;
const JOIN_NEXT: u8 = 2;

fn stage2b_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (CELL_CAPTURE, _) => stage2a_resume(g, cont, opt),
        (JOIN_PICK, Opt::Player(o))
            if !g.players[cont.player as usize].eliminated
                && g.area_of(o) != g.area_of(cont.player) =>
        {
            join(g, cont.player, o);
        }
        (JOIN_NEXT, _) => joins(g, cont.card, cont.player),
        _ => {}
    }
}

// ----------------------------------------------------------------- Stage 3 (EfMG-040)

fn stage3a_revealed(g: &mut Game, _me: CardId, by: u8) {
    for c in [&[SOUTHERN_GATE][..], &[JAILOR, JAILOR_NIGHTMARE][..]] {
        if let Some(x) = find_in(g, Zone::SetAside, c) {
            g.move_card(x, Zone::Staging);
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(x))
            });
            g.fire(Event::EntersPlay(x));
        }
    }
    while let Some(c) = g
        .list(Zone::SetAside)
        .iter()
        .copied()
        .find(|&c| g.def_of(c).encounter_set.starts_with("Angmar Orcs"))
    {
        g.move_card(c, Zone::EncounterDeck);
    }
    g.shuffle(Zone::EncounterDeck);
    for _ in 0..g.players_in_game() {
        g.stack.push(Frame::RevealTop { by });
    }
}

fn stage3b_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotDefeat(q) if q == me => find_in_play(g, SOUTHERN_GATE).is_some(),
        _ => false,
    }
}

fn find_in_play(g: &Game, c: &str) -> Option<CardId> {
    find_in(g, Zone::Staging, &[c]).or_else(|| find_in(g, Zone::Active, &[c]))
}

// ----------------------------------------------------------------- Jailor Gornákh (EfMG-041)

fn jailor_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Rescued(..) = ev else { return };
    if !g.card(me).zone.in_play() {
        return;
    }
    // The highest threat; ties go to the earlier player from the first player.
    let Some(p) = g.active_seats().max_by_key(|&p| {
        let offset = (p + g.n_players - g.first) % g.n_players;
        (g.players[p as usize].threat, std::cmp::Reverse(offset))
    }) else {
        return;
    };
    if g.card(me).zone != Zone::Engaged(p) {
        g.engage(me, p);
    }
    g.stack.push(Frame::ImmediateAttack {
        enemy: me,
        player: p,
    });
}

// ----------------------------------------------------------------- Southern Gate (EfMG-042)

fn gate_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Attack
        && g.card(me).zone == Zone::Active
        && g.is_enemy(target)
        && g.card(target).zone.in_play()
        && g.has_trait(target, "Orc");
    2 * on as i16
}

fn gate_travel(g: &mut Game, _me: CardId, _doit: bool) -> bool {
    g.main_quest()
        .is_some_and(|q| code(g, q) == STAGE_3B && g.card(q).progress >= 16)
}

fn gate_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::Traveled(me) {
        return;
    }
    for p in 0..g.n_players {
        let t = g.players[p as usize].threat;
        if !g.players[p as usize].eliminated && g.in_this_area(p) && t < 35 {
            g.raise_threat(p, 35 - t);
        }
    }
}

// ----------------------------------------------------------------- Prison Cell (EfMG-046)

const CELL_PICK: u8 = 0;

fn cell_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::Traveled(me) || g.captives(me).next().is_none() {
        return;
    }
    let Some(p) = g.area_seats().next() else {
        return;
    };
    g.begin_ask(
        p,
        Ask::Effect {
            card: me,
            what: CELL_PICK,
        },
    );
    for i in 0..g.list(Zone::Under(0)).len() {
        let c = g.list(Zone::Under(0))[i];
        if g.card(c).zone == Zone::Under(me) && g.card(c).captured {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, CELL_PICK).with(p, 0, 0));
}

fn cell_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(c) = opt else { return };
    if g.card(c).zone != Zone::Under(cont.card) {
        return;
    }
    put_captive_into_play(g, c);
}

/// A captive put into play at no cost under its owner's control (an attachment on the first
/// of his characters it may go on; with none, to his hand).
fn put_captive_into_play(g: &mut Game, c: CardId) {
    let o = g.card(c).owner;
    if g.players[o as usize].eliminated {
        g.move_card(c, Zone::Eliminated);
        return;
    }
    match g.ty(c) {
        CardType::Attachment => {
            let t = g.attach_targets(c, o).next();
            match t {
                Some(t) => {
                    g.attach(c, t, o);
                    log(g, |g| {
                        format!("  {} is put into play on {}", g.title(c), g.title(t))
                    });
                    g.fire(Event::EntersPlay(c));
                }
                None => g.move_card(c, Zone::Hand(o)),
            }
        }
        _ => {
            g.put_into_play(c, o);
            log(g, |g| {
                format!("  {} is put into play (P{})", g.title(c), o + 1)
            });
        }
    }
}

// ----------------------------------------------------------------- Cruel Torturer (EfMG-043)

fn torturer_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CapturesAlliesItWouldDamage(e) if e == me)
}

// ----------------------------------------------------------------- Dungeon Guard (EfMG-044)

const GUARD_PICK: u8 = 0;

fn guard_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::RescuedMayEnterPlay(h) if h == me)
}

/// After the rescue: the first player of the first rescued card's owner's staging area picks
/// one of the rescued cards still in hand (engine choice: always worth using, as Prison
/// Cell's); `GUARD_PICK` puts it into play.
fn guard_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match (cont.step, opt) {
        (RESCUED_ENTER_PLAY, _) => {
            let rescued = g.rescued_to_hand(me);
            let Some(&first) = rescued.first() else {
                return;
            };
            let a = g.area_of(g.card(first).owner);
            let Some(p) = g.players_in_area(a).next() else {
                return;
            };
            // The rescued cards' owners' staging area decides (§7.6.1); the area resolving
            // before comes back after the pick.
            let before = g.areas.now;
            g.focus(p);
            g.begin_ask(
                p,
                Ask::Effect {
                    card: me,
                    what: GUARD_PICK,
                },
            );
            for &c in rescued.iter() {
                if g.area_of(g.card(c).owner) == a {
                    g.offer(Opt::Card(c));
                }
            }
            if !g.ask_if_offered(Cont::new(me, GUARD_PICK).with(p, before as i16, 0)) {
                g.areas.now = before;
            }
        }
        (GUARD_PICK, opt) => {
            g.areas.now = cont.a as u8;
            if let Opt::Card(c) = opt {
                if g.card(c).rescued_from == me {
                    put_captive_into_play(g, c);
                }
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Feeble and Weary (EfMG-050)

const FEEBLE_MODE: u8 = 0;
const FEEBLE_SHADOW: u8 = 1;

fn feeble_revealed(g: &mut Game, me: CardId, _by: u8) {
    let area = g.areas.now;
    feeble_next(g, me, 0, area);
}

/// Player `k` of the seats from the first player, if he is in staging area `area` and has an
/// exhausted character, picks `Mode(0)` (1 damage to each) or `Mode(1)` (each off the
/// quest); then player `k + 1`.
fn feeble_next(g: &mut Game, me: CardId, mut k: u8, area: u8) {
    while k < g.n_players {
        let p = g.seat(k);
        k += 1;
        if g.players[p as usize].eliminated || g.area_of(p) != area {
            continue;
        }
        if !g.characters(p).any(|c| !g.is_ready(c)) {
            continue;
        }
        // Resolves in the staging area it was revealed in, whatever resolved meanwhile.
        g.areas.now = area;
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, FEEBLE_MODE).with(k, -1, area as i16),
        });
        g.begin_ask(
            p,
            Ask::Effect {
                card: me,
                what: FEEBLE_MODE,
            },
        );
        g.offer(Opt::Mode(0));
        g.offer(Opt::Mode(1));
        g.ask_script(Cont::new(me, FEEBLE_MODE).with(p, 0, area as i16));
        return;
    }
}

fn feeble_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match (cont.step, opt) {
        // The next player's turn (queued under the choice).
        (FEEBLE_MODE, Opt::Pass) if cont.a == -1 => {
            feeble_next(g, me, cont.player, cont.b as u8);
        }
        (FEEBLE_MODE, Opt::Mode(m)) => {
            let p = cont.player;
            let tired: SmallIds = g.characters(p).filter(|&c| !g.is_ready(c)).collect();
            for &c in tired.iter() {
                if m == 0 {
                    g.deal_damage(c, 1);
                } else if g.card(c).questing {
                    g.card_mut(c).questing = false;
                    log(g, |g| format!("  {} is removed from the quest", g.title(c)));
                }
            }
        }
        (FEEBLE_SHADOW, Opt::Card(c)) if g.card(c).zone.in_play() => {
            g.exhaust(c);
            log(g, |g| format!("  {} is exhausted", g.title(c)));
        }
        _ => {}
    }
}

fn feeble_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    // The defending player's staging area (§7.6.1).
    g.focus(p);
    g.begin_ask(
        p,
        Ask::Effect {
            card: me,
            what: FEEBLE_SHADOW,
        },
    );
    crate::cards::common::offer_ready_characters(g, p);
    g.ask_if_offered(Cont::new(me, FEEBLE_SHADOW).with(p, 0, 0));
}

// ----------------------------------------------------------------- Captives of Gornákh (EfMG-051)

/// The encounter card in play in the staging area being resolved with the highest Threat
/// (staged, the active location, or engaged with one of its players). Engine choice on a tie:
/// the first in that order (the staging area oldest first).
fn highest_threat_here(g: &Game) -> Option<CardId> {
    let mut best: Option<(i16, CardId)> = None;
    let mut consider = |c: CardId| {
        if g.card(c).owner != ENCOUNTER || !(g.is_enemy(c) || g.is_location(c)) {
            return;
        }
        let t = g.stat(c, Stat::Threat);
        if best.is_none_or(|(b, _)| t > b) {
            best = Some((t, c));
        }
    };
    for &c in g.list(Zone::Staging) {
        if g.card_in_this_area(c) {
            consider(c);
        }
    }
    if let Some(l) = g.active_location() {
        consider(l);
    }
    for p in g.area_seats() {
        for &e in g.engaged(p) {
            consider(e);
        }
    }
    best.map(|(_, c)| c)
}

fn captives_revealed(g: &mut Game, me: CardId, _by: u8) {
    let Some(host) = highest_threat_here(g) else {
        return;
    };
    captives_next(g, me, 0, host, g.areas.now);
}

/// Player `k` of the seats from the first player, if he is in staging area `area` and has an
/// ally, picks one to capture under `host`; then player `k + 1`. Steps: `100 + k` the choice
/// of seat `k`, `k` (with `a` = -1) the next turn.
fn captives_next(g: &mut Game, me: CardId, mut k: u8, host: CardId, area: u8) {
    while k < g.n_players {
        let p = g.seat(k);
        k += 1;
        if g.players[p as usize].eliminated || g.area_of(p) != area {
            continue;
        }
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, k).with(area, -1, host as i16),
        });
        g.begin_ask(p, Ask::Effect { card: me, what: 0 });
        for i in 0..g.list(Zone::Play(p)).len() {
            let c = g.list(Zone::Play(p))[i];
            if g.ty(c) == CardType::Ally {
                g.offer(Opt::Card(c));
            }
        }
        if g.ask_if_offered(Cont::new(me, 100).with(p, host as i16, 0)) {
            return;
        }
        g.stack.pop();
    }
}

fn captives_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match opt {
        Opt::Card(c) if cont.step == 100 => {
            let host = cont.a as CardId;
            if g.card(host).zone.in_play() && g.card(c).zone.in_play() {
                g.capture(c, host);
            }
        }
        Opt::Pass if cont.a == -1 && cont.step < 100 => {
            let host = cont.b as CardId;
            if g.card(host).zone.in_play() {
                captives_next(g, me, cont.step, host, cont.player);
            }
        }
        _ => {}
    }
}

fn captives_shadow(g: &mut Game, _me: CardId) {
    g.attack.capture_allies = true;
}

// ----------------------------------------------------------------- Goblin Tormentor (EfMG-045)

fn tormentor_x(g: &Game, _me: CardId) -> i16 {
    g.cards_with_captives()
}

fn tormentor_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = if g.captives(e).next().is_none() { 2 } else { 1 };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

// ----------------------------------------------------------------- Patrol Room (EfMG-047)

fn patrol_room_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        for p in 0..g.n_players {
            if !g.players[p as usize].eliminated && g.in_this_area(p) {
                g.raise_threat_by_player(p, 3);
            }
        }
    }
    true
}

fn patrol_room_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = if g.players[g.attack.player as usize].threat >= 20 {
        2
    } else {
        1
    };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

// ----------------------------------------------------------------- Sound the Alarm! (EfMG-049)

/// Enemies in play in the staging area being resolved: staged there, or engaged with one of
/// its players.
fn enemies_here(g: &Game) -> SmallIds {
    let mut out = SmallIds::new();
    for &e in g.list(Zone::Staging) {
        if g.is_enemy(e) && g.card_in_this_area(e) {
            out.push(e);
        }
    }
    for p in 0..g.n_players {
        if g.in_this_area(p) {
            for &e in g.engaged(p) {
                if g.is_enemy(e) {
                    out.push(e);
                }
            }
        }
    }
    out
}

fn alarm_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let enemies = enemies_here(g);
    for &e in enemies.iter() {
        g.add_lasting(e, Lasting::Stat(Stat::Engagement, -10), Until::EndOfRound);
        g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfRound);
    }
    if !enemies.is_empty() {
        return;
    }
    let found = [Zone::EncounterDeck, Zone::EncounterDiscard]
        .into_iter()
        .find_map(|z| g.list(z).iter().rev().copied().find(|&c| g.is_enemy(c)));
    if let Some(e) = found {
        let from = g.card(e).zone;
        g.move_card(e, Zone::Staging);
        log(g, |g| {
            format!("  {} is added to the staging area", g.title(e))
        });
        if from == Zone::EncounterDeck {
            g.shuffle(Zone::EncounterDeck);
        }
        g.fire(Event::EntersPlay(e));
    }
}

// ----------------------------------------------------------------- Tunnels of Mount Gram (EfMG-048)

fn tunnels_x(g: &Game, me: CardId) -> i16 {
    g.captives(me).count() as i16
}

fn tunnels_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    for i in 0..g.attack.n_defenders as usize {
        let d = g.attack.defenders[i];
        while let Some(a) = {
            let next = g.attachments(d).next();
            next
        } {
            g.capture(a, e);
        }
    }
}

// ----------------------------------------------------------------- Interrogation (EfMG-052)

fn interrogation_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let mut none = false;
    for p in 0..g.n_players {
        if g.players[p as usize].eliminated || !g.in_this_area(p) {
            continue;
        }
        match g.captured_top(p) {
            Some(c) => {
                g.discard(c);
                let cost = g.def_of(c).cost.max(0);
                g.raise_threat(p, cost);
            }
            None => none = true,
        }
    }
    if none {
        log(g, |_| "  Interrogation gains Doomed 2".to_string());
        for p in 0..g.n_players {
            if g.in_this_area(p) {
                g.raise_threat(p, 2);
            }
        }
    }
}

fn interrogation_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    let n = g.list(Zone::Hand(p)).len();
    if n == 0 {
        return;
    }
    let i = rand::Rng::gen_range(&mut g.rng_players[p as usize], 0..n);
    let c = g.list(Zone::Hand(p))[i];
    g.discard(c);
    let cost = g.def_of(c).cost.max(0);
    g.raise_threat(p, cost);
}

// ----------------------------------------------------------------- Stop the Executioners! (EfMG-053)

fn executioners_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::TimeRanOut(me) || !g.card(me).zone.in_play() {
        return;
    }
    let mut lost = [0i16; 4];
    while let Some(c) = {
        let next = g.captives(me).next();
        next
    } {
        let o = g.card(c).owner;
        if g.def_of(c).ty.is_character() {
            lost[o as usize] += 1;
        }
        g.discard(c);
    }
    g.move_card(me, Zone::Removed);
    log(g, |g| format!("  {} is removed from the game", g.title(me)));
    for p in 0..g.n_players {
        g.raise_threat(p, 3 * lost[p as usize]);
    }
}

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Stage 1A: start with the hero worth most on his own (stats and hit points). foreign55:
    /// not a hero whose hand is discarded every round (`Hint::hand_discarded_each_round`,
    /// Erestor) while another is offered: alone he cannot pay for the allies rescued to the
    /// hand, and they are discarded at the end of the round.
    pub fn starting_hero(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| {
            char_value(g, c)
                - 2 * g.def_of(c).threat_cost as i32
                - hint(g, c).hand_discarded_each_round as i32 * LONE_DISCARDER
        })
    }

    /// `starting_hero`'s penalty of a hero who discards the hand every round: more than any
    /// difference of stats between two heroes.
    const LONE_DISCARDER: i32 = 1_000;

    /// Stage 2B: join the staging area whose stage still holds the most captives (the
    /// joiners' willpower rescues them), less its staging threat.
    pub fn join_choice(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        let score = |q: u8| {
            let a = g.area_of(q);
            let captives = g
                .list(Zone::Quest)
                .iter()
                .filter(|&&s| g.card(s).area == a)
                .map(|&s| g.captives(s).count() as i32)
                .sum::<i32>();
            2 * captives - g.staging_threat_in(a) as i32
        };
        (0..o.len()).max_by_key(|&i| match o[i] {
            Opt::Player(q) => (score(q), -(i as i32)),
            _ => (i32::MIN, 0),
        })
    }

    /// Captives of Gornákh: give up the least valuable ally.
    pub fn cheapest_ally(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |c| char_value(g, c))
    }

    /// Feeble and Weary: damage the exhausted characters unless that costs more than the
    /// willpower they would take off the quest (about 10 per point); its shadow: exhaust the
    /// least valuable ready character.
    pub fn feeble_choice(g: &Game, p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        if what != 0 {
            return pick_min(o, |c| char_value(g, c));
        }
        let tired = || g.characters(p).filter(|&c| !g.is_ready(c));
        let hurt: i32 = tired().map(|c| damage_cost(g, c, 1)).sum();
        let lost: i32 = tired()
            .filter(|&c| g.card(c).questing)
            .map(|c| 10 * g.stat(c, Stat::Willpower).max(0) as i32)
            .sum();
        find(
            o,
            if hurt <= lost {
                Opt::Mode(0)
            } else {
                Opt::Mode(1)
            },
        )
    }

    /// Prison Cell: the most valuable captive (a hero first).
    pub fn best_captive(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| {
            if g.is_hero(c) {
                1000
            } else {
                4 * g.def_of(c).cost.max(0) as i32
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{options, reveal, sandbox_in};

    fn game(players: usize) -> Game<'static> {
        let heroes: &[&[&str]] = &[
            &["Core-001", "Core-002", "Core-003"],
            &["Core-004", "Core-005", "Core-006"],
            &["Core-007", "Core-008", "Core-009"],
            &["Core-010", "Core-011", "Core-012"],
        ];
        sandbox_in("escape-from-mount-gram", Mode::Standard, &heroes[..players])
    }

    fn in_zone(g: &Game, z: Zone, c: &str) -> usize {
        g.list(z).iter().filter(|&&x| code(g, x) == c).count()
    }

    /// Stage 1A's setup with every player keeping his first hero.
    fn set_up(g: &mut Game) -> CardId {
        let q = g.main_quest().unwrap();
        let side_a = g.db.by_code("EfMG-038A").unwrap();
        g.set_face(q, side_a);
        stage1a_setup(g, q);
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        q
    }

    /// foreign55: Unexpected Rescue's starting hero is not Erestor (his hand is discarded every
    /// round, so alone he loses the allies rescued to his hand) while another hero is offered;
    /// without him the choice is the stats' as before.
    #[test]
    fn unexpected_rescue_starting_hero_is_not_erestor() {
        let g = sandbox_in(
            "escape-from-mount-gram",
            Mode::Standard,
            &[&["TToR-084", "Core-005", "TDR-140"]],
        );
        let ids = |codes: &[&str]| -> Vec<Opt> {
            codes
                .iter()
                .map(|&c| Opt::Card(crate::cards::testkit::hero(&g, c)))
                .collect()
        };
        let o = ids(&["TToR-084", "Core-005", "TDR-140"]);
        let pick = bot::starting_hero(&g, 0, NO_CARD, PICK_HERO, &o).unwrap();
        assert_ne!(o[pick], ids(&["TToR-084"])[0], "Erestor kept alone");
        // Erestor alone offered: still chosen.
        let o = ids(&["TToR-084"]);
        assert_eq!(bot::starting_hero(&g, 0, NO_CARD, PICK_HERO, &o), Some(0));
        // Without the hint the stats would have kept him (the reason for the rule).
        let stats =
            |c: CardId| crate::cards::hints::char_value(&g, c) - 2 * g.def_of(c).threat_cost as i32;
        let h = |code| crate::cards::testkit::hero(&g, code);
        assert!(stats(h("TToR-084")) > stats(h("Core-005")));
        assert!(stats(h("TToR-084")) > stats(h("TDR-140")));
    }

    #[test]
    fn unexpected_rescue() {
        let mut g = game(2);
        let firsts: Vec<CardId> = (0..2).map(|p| g.heroes(p).next().unwrap()).collect();
        let q = set_up(&mut g);
        for p in 0..2u8 {
            let h = firsts[p as usize];
            assert_eq!(g.heroes(p).collect::<Vec<_>>(), vec![h]);
            assert_eq!(g.card(h).resources, 2);
            assert_eq!(g.players[p as usize].threat, g.def_of(h).threat_cost);
            assert_eq!(g.captured_deck(p).count(), 20 + 2, "20 allies, 2 heroes");
            assert!(g.is_hero(g.captured_top(p).unwrap()));
        }
        assert_eq!(in_zone(&g, Zone::SetAside, SOUTHERN_GATE), 1);
        assert_eq!(in_zone(&g, Zone::SetAside, JAILOR), 1);
        assert!(g
            .list(Zone::EncounterDeck)
            .iter()
            .all(|&c| !g.def_of(c).encounter_set.starts_with("Angmar Orcs")));
        g.check_invariants().unwrap();
        // 1B: one staging area and one stage 2 per player, each with 7 captives, and a Prison
        // Cell in each staging area with 1 + 2 more.
        stage1b_revealed(&mut g, q, 0);
        g.settle();
        assert!(g.areas.split);
        assert_eq!(g.card(q).zone, Zone::Removed);
        assert_eq!(in_zone(&g, Zone::QuestDeck, STAGE_2A), 0);
        for p in 0..2u8 {
            let s = stage_of(&g, p).unwrap();
            assert_eq!(code(&g, s), "EfMG-039B");
            assert_eq!(g.captives(s).count(), 7);
            assert!(g.captives(s).all(|c| g.card(c).owner == p));
            let cell = g
                .list(Zone::Staging)
                .iter()
                .copied()
                .find(|&c| code(&g, c) == PRISON_CELL && g.card(c).area == p)
                .expect("a Prison Cell in each staging area");
            assert_eq!(g.captives(cell).count(), 3);
            assert_eq!(g.captured_deck(p).count(), 22 - 10);
        }
        g.check_invariants().unwrap();
    }

    #[test]
    fn gornakhs_dungeons() {
        let mut g = game(2);
        let q = set_up(&mut g);
        stage1b_revealed(&mut g, q, 0);
        g.settle();
        let s0 = stage_of(&g, 0).unwrap();
        let s1 = stage_of(&g, 1).unwrap();
        // The bot hint: left once emptied (`basic`'s `stall_threat`).
        assert!(g
            .known_script(s0)
            .is_some_and(|s| s.hint.leave_when_emptied));
        // Progress on P1's stage rescues that many of its captives instead.
        g.areas.now = 0;
        g.place_progress_on_quest(3, false);
        g.settle();
        assert_eq!(g.card(s0).progress, 0);
        assert_eq!(g.captives(s0).count(), 4);
        assert_eq!(g.captives(s1).count(), 7, "P2's stage untouched");
        // Emptied: at the start of the travel phase P1 joins P2.
        g.place_progress_on_quest(4, false);
        g.settle();
        assert_eq!(g.captives(s0).count(), 0);
        g.emit(Event::PhaseBegin(Phase::Travel));
        assert_eq!(g.card(s0).zone, Zone::Removed);
        assert!(!g.areas.split, "one staging area left");
        assert_eq!(g.main_quest(), Some(s1));
        // P2's stage still holds captives: nothing more happens.
        g.emit(Event::PhaseBegin(Phase::Travel));
        assert_eq!(g.main_quest(), Some(s1));
        // Emptied with no one left to join: stage 3.
        let n = g.captives(s1).count() as i16;
        g.place_progress_on_quest(n, false);
        g.settle();
        g.emit(Event::PhaseBegin(Phase::Travel));
        while g.pending().is_some() {
            g.apply(0);
        }
        let s3 = g.main_quest().unwrap();
        assert_eq!(code(&g, s3), STAGE_3B);
        g.check_invariants().unwrap();
    }

    /// Four players, each in his own staging area, join one after another (§7.7): the first
    /// to empty his stage picks whom to join among the three others; later joiners follow in
    /// player order; the last empty stage sends everyone to stage 3.
    #[test]
    fn four_players_separated_then_joined() {
        let mut g = game(4);
        g.first = 0;
        let q = set_up(&mut g);
        stage1b_revealed(&mut g, q, 0);
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.area_order().1, 4);
        let stages: Vec<CardId> = (0..4).map(|p| stage_of(&g, p).unwrap()).collect();
        let mut staged = [0usize; 4];
        for p in 0..4u8 {
            staged[p as usize] = g.staged_in(p).count();
            assert!(staged[p as usize] >= 1, "a Prison Cell in each area");
        }
        let empty = |g: &mut Game, p: u8| {
            let s = stage_of(g, p).unwrap();
            g.areas.now = g.area_of(p);
            let n = g.captives(s).count() as i16;
            g.place_progress_on_quest(n, false);
            g.settle();
            assert_eq!(g.captives(s).count(), 0);
        };
        // P3 empties his stage: he picks among one player of each other area (P4 first:
        // clockwise), and the bot hint picks the one with most captives left less threat.
        empty(&mut g, 2);
        g.emit(Event::PhaseBegin(Phase::Travel));
        assert_eq!(g.pending().map(|d| d.player), Some(2));
        assert_eq!(
            options(&g),
            vec![Opt::Player(3), Opt::Player(0), Opt::Player(1)]
        );
        assert!(bot::join_choice(&g, 2, stages[1], JOIN_PICK, &options(&g)).is_some());
        g.answer(Opt::Player(0));
        crate::cards::testkit::drain(&mut g);
        assert_eq!(g.area_of(2), g.area_of(0), "P3 joined P1");
        assert_eq!(g.card(stages[2]).zone, Zone::Removed, "his stage left play");
        assert_eq!(g.staged_in(g.area_of(0)).count(), staged[0] + staged[2]);
        assert_eq!(g.area_order().1, 3);
        g.check_invariants().unwrap();
        // P2 and P4 empty theirs in the same round: they join in player order, P2 first (he
        // picks P1's group), then P4, who has only one other group left.
        empty(&mut g, 1);
        empty(&mut g, 3);
        g.emit(Event::PhaseBegin(Phase::Travel));
        assert_eq!(g.pending().map(|d| d.player), Some(1));
        assert_eq!(options(&g), vec![Opt::Player(2), Opt::Player(3)]);
        g.answer(Opt::Player(2));
        crate::cards::testkit::drain(&mut g);
        assert!(!g.areas.split, "P4 joined the rest: one staging area");
        assert_eq!(g.card(stages[1]).zone, Zone::Removed);
        assert_eq!(g.card(stages[3]).zone, Zone::Removed);
        assert_eq!(g.main_quest(), Some(stages[0]));
        assert_eq!(
            g.list(Zone::Staging).len(),
            staged.iter().sum::<usize>(),
            "every staged card came along"
        );
        g.check_invariants().unwrap();
        // The last stage emptied with no one left to join: stage 3 for everyone.
        empty(&mut g, 0);
        g.emit(Event::PhaseBegin(Phase::Travel));
        crate::cards::testkit::drain(&mut g);
        assert_eq!(code(&g, g.main_quest().unwrap()), STAGE_3B);
        g.check_invariants().unwrap();
    }

    #[test]
    fn flight_from_mount_gram() {
        let mut g = game(1);
        set_up(&mut g);
        while let Some(q) = find_in(&g, Zone::QuestDeck, &[STAGE_2A]) {
            g.move_card(q, Zone::Removed);
        }
        let deck = g.list(Zone::EncounterDeck).len();
        g.advance_stage();
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        let q = g.main_quest().unwrap();
        assert_eq!(code(&g, q), STAGE_3B);
        let gate = find_in_play(&g, SOUTHERN_GATE).expect("the gate is staged");
        assert!(
            find_in_play(&g, JAILOR).is_some()
                || g.engaged(0).iter().any(|&e| code(&g, e) == JAILOR)
        );
        // The Angmar Orcs (7 in Standard) went in; one card was revealed for the one player.
        assert!(g.list(Zone::EncounterDeck).len() >= deck + 7 - 1 - 1);
        // No defeat while the gate is in play, and no travel there before 16 progress.
        assert!(g.rule(Rule::CannotDefeat(q)));
        assert!(!g.can_travel_to(gate));
        g.card_mut(q).progress = 16;
        assert!(g.can_travel_to(gate));
        g.discard(gate);
        assert!(!g.rule(Rule::CannotDefeat(q)));
    }

    #[test]
    fn southern_gate() {
        let mut g = game(2);
        let gate = g.spawn(SOUTHERN_GATE, ENCOUNTER, Zone::Staging);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let base = g.stat(orc, Stat::Attack);
        g.players[0].threat = 20;
        g.players[1].threat = 40;
        g.move_card_keep(gate, Zone::Active);
        assert_eq!(g.stat(orc, Stat::Attack), base + 2, "Orcs +2 while active");
        g.emit(Event::Traveled(gate));
        assert_eq!(g.players[0].threat, 35);
        assert_eq!(g.players[1].threat, 40);
    }

    #[test]
    fn jailor_gornakh() {
        let mut g = game(2);
        for p in 0..2 {
            let h = g.heroes(p).next().unwrap();
            g.prepare_captured_deck(p, h, false);
        }
        let jailor = g.spawn(JAILOR, ENCOUNTER, Zone::Staging);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(0, orc, 2);
        g.players[0].threat = 20;
        g.players[1].threat = 30;
        let before = g.stack.len();
        g.discard(orc);
        g.settle();
        // Rescued: the jailor engages the highest threat (P2) and attacks him at once.
        assert_eq!(g.card(jailor).zone, Zone::Engaged(1));
        assert!(g.stack.len() > before || g.pending().is_some() || g.card(jailor).attacked);
    }

    #[test]
    fn prison_cell() {
        let mut g = game(1);
        let h = g.heroes(0).next().unwrap();
        g.prepare_captured_deck(0, h, false);
        let cell = g.spawn(PRISON_CELL, ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, cell);
        // Capture 1 on entering play.
        assert_eq!(g.captives(cell).count(), 1);
        g.capture_from_deck(0, cell, 2);
        let captives: Vec<CardId> = g.captives(cell).collect();
        g.move_card_keep(cell, Zone::Active);
        g.emit(Event::Traveled(cell));
        assert_eq!(g.pending().map(|d| d.player), Some(0));
        assert_eq!(options(&g).len(), 3);
        // The bot hint takes the hero (the set-aside one was on top: captured first).
        let pick = bot::best_captive(&g, 0, cell, 0, &options(&g)).unwrap();
        let Opt::Card(c) = options(&g)[pick] else {
            panic!()
        };
        assert!(g.is_hero(c));
        g.answer(Opt::Card(c));
        assert_eq!(g.card(c).zone, Zone::Play(0));
        assert_eq!(g.captives(cell).count(), 2, "the others stay under it");
        assert!(captives.contains(&c));
        g.check_invariants().unwrap();
    }

    fn attack_by(g: &mut Game, e: CardId, p: u8) {
        g.attack = AttackCtx::new(e, p, false);
    }

    #[test]
    fn goblin_tormentor() {
        let mut g = game(1);
        let h = g.heroes(0).next().unwrap();
        g.prepare_captured_deck(0, h, false);
        let t = g.spawn("EfMG-045", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(t, Stat::Attack), 0);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(0, orc, 1);
        g.capture_from_deck(0, t, 1);
        assert_eq!(g.stat(t, Stat::Attack), 2, "two cards hold captives");
        // Shadow: +1 for an attacker with captives, +2 for one without.
        attack_by(&mut g, orc, 0);
        let a = g.stat(orc, Stat::Attack);
        tormentor_shadow(&mut g, t);
        assert_eq!(g.stat(orc, Stat::Attack), a + 1);
        let bare = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        attack_by(&mut g, bare, 0);
        let b = g.stat(bare, Stat::Attack);
        tormentor_shadow(&mut g, t);
        assert_eq!(g.stat(bare, Stat::Attack), b + 2);
    }

    #[test]
    fn patrol_room() {
        let mut g = game(2);
        let room = g.spawn("EfMG-047", ENCOUNTER, Zone::Staging);
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        assert!(g.can_travel_to(room));
        patrol_room_travel(&mut g, room, true);
        assert_eq!((g.players[0].threat, g.players[1].threat), (t0 + 3, t1 + 3));
        // sense51: the hint tells the bots the same threat cost.
        assert_eq!(g.script(room).unwrap().hint.travel_threat, 3);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let a = g.stat(orc, Stat::Attack);
        g.players[0].threat = 19;
        attack_by(&mut g, orc, 0);
        patrol_room_shadow(&mut g, room);
        assert_eq!(g.stat(orc, Stat::Attack), a + 1);
        g.expire(Until::EndOfAttack);
        g.players[0].threat = 20;
        patrol_room_shadow(&mut g, room);
        assert_eq!(g.stat(orc, Stat::Attack), a + 2);
    }

    #[test]
    fn tunnels_of_mount_gram() {
        let mut g = game(1);
        let h = g.heroes(0).next().unwrap();
        let other = g.heroes(0).nth(1).unwrap();
        let item = g.spawn("Core-026", 0, Zone::Attached(other));
        g.prepare_captured_deck(0, h, false);
        let tunnels = g.spawn("EfMG-048", ENCOUNTER, Zone::Staging);
        assert_eq!(g.threat_contribution(tunnels), 0);
        g.capture_from_deck(0, tunnels, 3);
        assert_eq!(g.threat_contribution(tunnels), 3);
        // Shadow: the defender's attachments are captured under the attacker.
        let item2 = g.spawn("Core-027", 0, Zone::Attached(h));
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_by(&mut g, orc, 0);
        g.attack.defenders[0] = h;
        g.attack.n_defenders = 1;
        tunnels_shadow(&mut g, tunnels);
        assert_eq!(g.card(item2).zone, Zone::Under(orc));
        assert!(g.card(item2).captured);
        assert_ne!(g.card(item).zone, Zone::Under(orc));
        g.check_invariants().unwrap();
    }

    #[test]
    fn interrogation() {
        let mut g = game(2);
        let h = g.heroes(0).next().unwrap();
        g.prepare_captured_deck(0, h, false);
        let top = g.captured_top(0).unwrap();
        let cost = g.def_of(top).cost.max(0);
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        let i = g.spawn("EfMG-052", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, i);
        assert_eq!(
            g.card(top).zone,
            Zone::Discard(0),
            "to its owner's discard pile"
        );
        // P2 has no captured deck: Doomed 2 for everyone.
        assert_eq!(g.players[0].threat, t0 + cost + 2);
        assert_eq!(g.players[1].threat, t1 + 2);
        // Shadow: a random card from the defender's hand, threat by its cost.
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(1));
        let hand = g.list(Zone::Hand(1)).len();
        attack_by(&mut g, orc, 1);
        let t = g.players[1].threat;
        interrogation_shadow(&mut g, i);
        assert_eq!(g.list(Zone::Hand(1)).len(), hand - 1);
        let gone = *g.list(Zone::Discard(1)).last().unwrap();
        assert_eq!(g.players[1].threat, t + g.def_of(gone).cost.max(0));
    }

    #[test]
    fn stop_the_executioners() {
        let mut g = game(1);
        let h = g.heroes(0).next().unwrap();
        g.prepare_captured_deck(0, h, false);
        let q = g.spawn("EfMG-053", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, q);
        assert_eq!(g.card(q).time, 4);
        // Capture 5: the set-aside hero on top and four more (allies): 5 characters.
        assert_eq!(g.captives(q).count(), 5);
        let t = g.players[0].threat;
        g.emit(Event::TimeRanOut(q));
        assert_eq!(g.card(q).zone, Zone::Removed);
        assert_eq!(g.list(Zone::Discard(0)).len(), 5);
        assert_eq!(g.players[0].threat, t + 15);
        g.check_invariants().unwrap();
    }

    /// Enemy `e` (engaged with P1) attacks; `ally` defends; every later decision option 0.
    fn defend_with(g: &mut Game, e: CardId, ally: CardId) {
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        crate::cards::testkit::drain(g);
    }

    #[test]
    fn cruel_torturer() {
        let mut g = game(1);
        let t = g.spawn("EfMG-043", ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        defend_with(&mut g, t, ally);
        assert_eq!(g.card(ally).zone, Zone::Under(t), "captured, not damaged");
        assert!(g.card(ally).captured);
        assert_eq!(g.card(ally).damage, 0);
        // A hero defending takes the damage as usual.
        let h = g.heroes(0).next().unwrap();
        g.card_mut(t).attacked = false;
        defend_with(&mut g, t, h);
        assert!(g.card(h).damage > 0 || g.card(h).zone != Zone::Play(0));
        // Destroyed: the ally is rescued to its owner's hand.
        g.discard(t);
        g.settle();
        assert_eq!(g.card(ally).zone, Zone::Hand(0));
        g.check_invariants().unwrap();
    }

    #[test]
    fn dungeon_guard() {
        let mut g = game(1);
        let h = g.heroes(0).next().unwrap();
        g.prepare_captured_deck(0, h, false);
        let guard = g.spawn("EfMG-044", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, guard);
        assert_eq!(g.captives(guard).count(), 1, "Capture 1");
        g.capture_from_deck(0, guard, 2);
        let under: Vec<CardId> = g.captives(guard).collect();
        let hero = under[0];
        assert!(g.is_hero(hero), "the set-aside hero was on top");
        // Destroyed: everything is rescued (the hero into play), then one rescued card in
        // hand may be put into play.
        g.discard(guard);
        g.settle();
        assert_eq!(g.card(hero).zone, Zone::Play(0));
        assert_eq!(g.pending().map(|d| d.player), Some(0));
        let o = options(&g);
        assert_eq!(o.len(), 2, "the two rescued allies / attachments in hand");
        let Opt::Card(c) = o[0] else { panic!() };
        g.answer(Opt::Card(c));
        g.settle();
        assert!(g.card(c).zone.in_play() || g.card(c).zone == Zone::Hand(0));
        assert_ne!(g.card(c).zone, Zone::Under(guard));
        let other = under[1..].iter().copied().find(|&x| x != c).unwrap();
        assert_eq!(g.card(other).zone, Zone::Hand(0));
        g.check_invariants().unwrap();
        // A guard without captives asks nothing when it leaves play.
        let guard2 = g.spawn("EfMG-044", ENCOUNTER, Zone::Staging);
        g.discard(guard2);
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn feeble_and_weary() {
        let mut g = game(2);
        let a: Vec<CardId> = g.heroes(0).collect();
        let b: Vec<CardId> = g.heroes(1).collect();
        for &c in [a[0], a[1], b[0]].iter() {
            g.exhaust(c);
            g.card_mut(c).questing = true;
        }
        let f = g.spawn("EfMG-050", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, f);
        // P1 damages his exhausted characters, P2 takes his off the quest.
        assert_eq!(g.pending().map(|d| d.player), Some(0));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        // The trace names each mode (`Script::mode_names`, cards42).
        assert_eq!(
            g.opt_name(Opt::Mode(1)),
            "exhausted characters leave the quest (mode 1)"
        );
        g.answer(Opt::Mode(0));
        assert_eq!(g.pending().map(|d| d.player), Some(1));
        g.answer(Opt::Mode(1));
        crate::cards::testkit::drain(&mut g);
        assert_eq!((g.card(a[0]).damage, g.card(a[1]).damage), (1, 1));
        assert_eq!(g.card(a[2]).damage, 0, "ready: untouched");
        assert!(g.card(a[0]).questing);
        assert!(!g.card(b[0]).questing);
        assert_eq!(g.card(b[0]).damage, 0);
        // Separate staging areas: only the players of the area being resolved.
        g.split_areas();
        g.areas.now = 1;
        let f2 = g.spawn("EfMG-050", ENCOUNTER, Zone::EncounterDeck);
        g.push_run(Frame::Reveal {
            card: f2,
            by: 1,
            stage: 0,
            from_deck: true,
        });
        assert_eq!(g.pending().map(|d| d.player), Some(1));
        g.answer(Opt::Mode(0));
        assert!(g.pending().is_none(), "P1 is in another staging area");
        assert_eq!(g.card(b[0]).damage, 1);
        // Shadow: the defender exhausts one of his ready characters.
        g.areas.now = 0;
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_by(&mut g, orc, 0);
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        feeble_shadow(&mut g, f);
        g.settle();
        assert_eq!(options(&g), vec![Opt::Card(a[2]), Opt::Card(ally)]);
        let pick = bot::feeble_choice(&g, 0, f, FEEBLE_SHADOW, &options(&g));
        assert_eq!(pick, Some(1), "the ally is worth less than the hero");
        g.answer(Opt::Card(ally));
        assert!(!g.is_ready(ally));
        assert!(g.is_ready(a[2]));
    }

    #[test]
    fn captives_of_gornakh() {
        let mut g = game(2);
        let weak = g.spawn("EfMG-044", ENCOUNTER, Zone::Staging);
        let strong = g.spawn("EfMG-043", ENCOUNTER, Zone::Engaged(1));
        assert!(g.stat(strong, Stat::Threat) > g.stat(weak, Stat::Threat));
        let a0 = g.spawn("Core-013", 0, Zone::Play(0));
        let a0b = g.spawn("Core-017", 0, Zone::Play(0));
        let a1 = g.spawn("Core-013", 1, Zone::Play(1));
        let c = g.spawn("EfMG-051", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, c);
        assert_eq!(g.pending().map(|d| d.player), Some(0));
        assert_eq!(options(&g).len(), 2);
        let pick = bot::cheapest_ally(&g, 0, c, 0, &options(&g)).unwrap();
        let Opt::Card(gone) = options(&g)[pick] else {
            panic!()
        };
        assert!(gone == a0 || gone == a0b);
        g.answer(Opt::Card(a0));
        // P2's only ally goes without a decision.
        crate::cards::testkit::drain(&mut g);
        assert_eq!(g.card(a0).zone, Zone::Under(strong), "the most threat");
        assert_eq!(g.card(a1).zone, Zone::Under(strong));
        assert_eq!(g.card(a0b).zone, Zone::Play(0));
        g.check_invariants().unwrap();
        // Shadow: an ally this attack would damage is captured under the attacker.
        let orc = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(orc, 0, false);
        captives_shadow(&mut g, c);
        assert!(g.attack.capture_allies);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(a0b));
        crate::cards::testkit::drain(&mut g);
        assert_eq!(g.card(a0b).zone, Zone::Under(orc));
        g.check_invariants().unwrap();
    }

    #[test]
    fn sound_the_alarm() {
        let mut g = game(2);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let (e, a) = (g.stat(orc, Stat::Engagement), g.stat(orc, Stat::Attack));
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        let alarm = g.spawn("EfMG-049", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, alarm);
        assert_eq!(g.players[0].threat, t0 + 3, "Doomed 3");
        assert_eq!(g.players[1].threat, t1 + 3);
        assert_eq!(g.stat(orc, Stat::Engagement), e - 10);
        assert_eq!(g.stat(orc, Stat::Attack), a + 1);
        g.expire(Until::EndOfRound);
        assert_eq!(g.stat(orc, Stat::Attack), a);
        // No enemy in play: one comes from the encounter discard pile.
        g.discard(orc);
        while let Some(c) = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| g.is_enemy(c))
        {
            g.move_card(c, Zone::SetAside);
        }
        let alarm2 = g.spawn("EfMG-049", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, alarm2);
        assert_eq!(g.card(orc).zone, Zone::Staging);
    }
}
