//! Deadmen's Dike: its quest cards and the Deadmen's Dike encounter set (Iârion is in
//! `intruders`, the Cursed Dead and Dark Sorcery sets in their own modules). Each script has a
//! one-line summary in our own words.
//!
//! Audited for issue 18 (every card of the scenario in all three modes, this module, Iârion, the
//! Cursed Dead, Dark Sorcery and Nightmare scripts, against the printed text, the data's
//! quantities and RULES §4.1 / §8.2–8.3, then in traces): no effect found harsher than printed.
//! More lenient than printed: Restless Evil's bonus (and its shadow's, and Fornost Street's
//! shadow) reaches only the Undead enemies in play when it resolves (see `restless_revealed`).

use crate::cards::common::{code, log};
use crate::cards::common::{
    is_undead_enemy, offer_ready_characters, printed_cost_sum, shuffle_discard_top_into_deck,
    top_of_encounter_discard,
};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Iârion into play under the first player, Thaurdir set aside, one Fornost
    // Square to the staging area, shuffle.
    Script {
        code: "TLR-073A",
        setup: Some(stage1a_setup),
        ..BLANK
    },
    // Stage 1B: each player gets a Baleful Shade engaged from the encounter deck, then one card
    // per player is revealed; each player mills one card at the end of each refresh phase; an
    // empty deck eliminates its player.
    Script {
        code: "TLR-073B",
        hint: Hint {
            // Defeating it brings Thaurdir (Attack 6, engagement cost 1): he engages at once.
            advance_attack: 6,
            // And the next stage reveals one encounter card per player as it comes.
            advance_reveals: 1,
            ..NO_HINT
        },
        when_revealed: Some(stage1b_revealed),
        forced: Some(stage1b_forced),
        forced_on: events![PhaseEnd],
        rule: Some(empty_deck_rule),
        rule_on: crate::rules![EmptyDeckEliminates],
        ..BLANK
    },
    // Stage 2A: Thaurdir is added to the staging area, then one card per player is revealed.
    Script {
        code: "TLR-074A",
        when_revealed: Some(stage2a_revealed),
        ..BLANK
    },
    // Stage 2B: when Thaurdir's attack kills a character, its controller mills 3 or sends
    // Thaurdir back to the staging area; an empty deck eliminates its player; the stage (the
    // last: defeating it wins) cannot be defeated while Thaurdir has hit points left.
    Script {
        code: "TLR-074B",
        hint: Hint {
            effect: Some(bot::a_fell_wraith_effect),
            quest_damage_target: Some(find_thaurdir),
            ..NO_HINT
        },
        forced: Some(stage2b_forced),
        forced_on: events![EnemyAttackEnded],
        rule: Some(stage2b_rule),
        rule_on: crate::rules![CannotDefeat, EmptyDeckEliminates],
        resume: Some(stage2b_resume),
        mode_names: &[
            (0, 0, "mill 3 of your own deck"),
            (0, 1, "Thaurdir back to the staging area"),
        ],
        ..BLANK
    },
    // Thaurdir: no attachments; after a Sorcery treachery is revealed from the encounter deck he
    // attacks the first player at once. (Indestructible is a keyword the engine handles.)
    Script {
        code: "TLR-033",
        hint: Hint {
            attacks_on_reveals: true,
            ..NO_HINT
        },
        rule: Some(thaurdir_rule),
        rule_on: crate::rules![CannotHaveAttachments],
        forced: Some(thaurdir_forced),
        forced_on: events![Revealed],
        ..BLANK
    },
    // Thaurdir's Damned: after it engages a player, he mills 2 and spreads damage equal to their
    // combined printed cost over his characters.
    Script {
        code: "TLR-034",
        hint: Hint {
            effect: Some(bot::thaurdirs_damned_effect),
            damage_split: Some((0, damned_damage_left)),
            ..NO_HINT
        },
        forced: Some(damned_forced),
        forced_on: events![Engaged],
        resume: Some(damned_resume),
        ..BLANK
    },
    // Baleful Shade: as it attacks, the defending player mills 1; an ally milled gives it +2
    // Attack for the attack. Shadow: the defending player exhausts one of his characters.
    Script {
        code: "TLR-035",
        hint: Hint {
            effect: Some(bot::baleful_shade_effect),
            expected_attack_bonus: 1,
            ..NO_HINT
        },
        forced: Some(shade_forced),
        forced_on: events![EnemyAttacks],
        shadow: Some(shade_shadow),
        resume: Some(shade_resume),
        ..BLANK
    },
    // Broken Battlements (Time 3): when its time runs out each player mills 5 and it gets 1
    // time counter again. Travel: each player mills 1.
    Script {
        code: "TLR-036",
        hint: Hint {
            travel_penalty: 2,
            time_mill: 5,
            ..NO_HINT
        },
        forced: Some(battlements_forced),
        forced_on: events![TimeRanOut],
        travel: Some(battlements_travel),
        ..BLANK
    },
    // Norbury Tombs: explored while active, the players may let everyone put his 5 newest
    // discards back into his deck (shuffled). Travel: the newest enemy among the encounter
    // discards comes back to staging.
    Script {
        code: "TLR-037",
        hint: Hint {
            travel_penalty: 3,
            travel_returns_enemy: true,
            effect: Some(bot::norbury_tombs_effect),
            ..NO_HINT
        },
        forced: Some(tombs_forced),
        forced_on: events![Explored],
        travel: Some(tombs_travel),
        resume: Some(tombs_resume),
        ..BLANK
    },
    // Fornost Square: +1 Threat per resource token on it; gains a token each time the first
    // player mills cards from his deck.
    Script {
        code: "TLR-038",
        hint: Hint {
            // Stage 1B mills every refresh phase, and Baleful Shades, Broken Battlements and
            // Terror of the North mill more: about two tokens a round.
            threat_growth: 2,
            ..NO_HINT
        },
        modify: Some(square_modify),
        forced: Some(square_forced),
        forced_on: events![DeckDiscarded],
        ..BLANK
    },
    // Haunted Keep: while active, the round's first revealed Undead enemy surges. Shadow: the
    // defending player mills 1; the attacker gets +Attack equal to its printed cost.
    Script {
        code: "TLR-039",
        rule: Some(keep_rule),
        rule_on: rules![GainsSurge],
        shadow: Some(keep_shadow),
        ..BLANK
    },
    // Deadmen's Gate: while active, a player who triggers an Action or Response mills 1.
    // Shadow: the defending player discards one of his attachments.
    Script {
        code: "TLR-040",
        hint: Hint {
            travel_penalty: 2,
            effect: Some(bot::deadmens_gate_effect),
            ..NO_HINT
        },
        forced: Some(gate_forced),
        forced_on: events![Triggered],
        shadow: Some(gate_shadow),
        resume: Some(gate_resume),
        ..BLANK
    },
    // Unnatural Fog (Doomed 2): each player either mills one card per questing character he
    // controls or takes all his characters out of the quest.
    Script {
        code: "TLR-041",
        hint: Hint {
            effect: Some(bot::unnatural_fog_effect),
            ..NO_HINT
        },
        when_revealed: Some(fog_revealed),
        resume: Some(fog_resume),
        mode_names: &[
            (0, 0, "discard a card of your deck per questing character"),
            (0, 1, "take your characters out of the quest"),
        ],
        ..BLANK
    },
    // The Shadow World (side quest, surge): at the end of each refresh phase each player mills
    // one card per Undead enemy engaged with him.
    Script {
        code: "TLR-042",
        hint: Hint {
            side_quest_priority: 45,
            ..NO_HINT
        },
        forced: Some(shadow_world_forced),
        forced_on: events![PhaseEnd],
        ..BLANK
    },
];

pub const THAURDIR: &str = "TLR-033";
const IARION: &str = "TLR-016";
const BALEFUL_SHADE: &str = "TLR-035";
const FORNOST_SQUARE: &str = "TLR-038";

/// A card with `code` in the encounter deck (topmost first).
fn in_encounter_deck(g: &Game, code_: &str) -> Option<CardId> {
    g.list(Zone::EncounterDeck)
        .iter()
        .rev()
        .copied()
        .find(|&c| code(g, c) == code_)
}

/// Thaurdir wherever he is (there is one copy).
pub fn find_thaurdir(g: &Game) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| code(g, c) == THAURDIR)
}

/// Each player still in the game reveals one encounter card, the first player first.
fn reveal_one_per_player(g: &mut Game) {
    let seats = crate::cards::common::seats(g);
    for &p in seats.iter().rev() {
        g.stack.push(Frame::RevealTop { by: p });
    }
}

// ------------------------------------------------------------------ quest stages

fn stage1a_setup(g: &mut Game, _me: CardId) {
    if let Some(i) = in_encounter_deck(g, IARION) {
        let first = g.first;
        g.move_card(i, Zone::Play(first));
        g.card_mut(i).controller = first;
    }
    if let Some(t) = in_encounter_deck(g, THAURDIR) {
        g.move_card(t, Zone::SetAside);
    }
    if let Some(s) = in_encounter_deck(g, FORNOST_SQUARE) {
        g.move_card(s, Zone::Staging);
    }
    g.shuffle(Zone::EncounterDeck);
}

fn stage1b_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let seats = crate::cards::common::seats(g);
    for &p in seats.iter() {
        if let Some(s) = in_encounter_deck(g, BALEFUL_SHADE) {
            g.engage(s, p);
        }
    }
    g.shuffle(Zone::EncounterDeck);
    reveal_one_per_player(g);
}

fn stage1b_forced(g: &mut Game, _me: CardId, ev: Event) {
    if ev == Event::PhaseEnd(Phase::Refresh) {
        let seats = crate::cards::common::seats(g);
        for &p in seats.iter() {
            g.discard_from_deck(p, 1);
        }
    }
}

fn empty_deck_rule(_g: &Game, _me: CardId, r: Rule) -> bool {
    r == Rule::EmptyDeckEliminates
}

fn stage2a_revealed(g: &mut Game, _me: CardId, _by: u8) {
    if let Some(t) = find_thaurdir(g).filter(|&t| !g.card(t).zone.in_play()) {
        g.move_card(t, Zone::Staging);
        log(g, |_| "  Thaurdir is added to the staging area".to_string());
    }
    reveal_one_per_player(g);
}

fn stage2b_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::EmptyDeckEliminates => true,
        Rule::CannotDefeat(q) if q == me => find_thaurdir(g)
            .map(|t| g.card(t).zone.in_play() && g.remaining_hp(t) > 0)
            .unwrap_or(false),
        _ => false,
    }
}

fn stage2b_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::EnemyAttackEnded(e) = ev else {
        return;
    };
    if code(g, e) != THAURDIR || g.attack.enemy != e || g.attack.destroyed == NO_CARD {
        return;
    }
    let p = g.card(g.attack.destroyed).last_controller;
    if p == ENCOUNTER || g.players[p as usize].eliminated {
        return;
    }
    // Asked from a frame of its own (Forced effects never ask inside the event).
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0).with(p, e as i16, 0),
    });
}

/// Step 0: ask (Mode 0: mill 3, Mode 1: Thaurdir back to the staging area); step 1: resolve.
fn stage2b_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    let t = cont.a as CardId;
    let can_mill = g.list(Zone::Deck(p)).len() >= 3;
    let can_return = matches!(g.card(t).zone, Zone::Engaged(_));
    match cont.step {
        0 => {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            // "Must either": one he can do in full if there is one (RULES §5.33.4).
            if can_mill || !can_return {
                g.offer(Opt::Mode(0));
            }
            if can_return {
                g.offer(Opt::Mode(1));
            }
            g.ask_script(Cont::new(cont.card, 1).with(p, cont.a, 0));
        }
        _ => match opt {
            Opt::Mode(1) => g.return_to_staging(t),
            _ => {
                g.discard_from_deck(p, 3);
            }
        },
    }
}

// ------------------------------------------------------------------ Thaurdir

fn thaurdir_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveAttachments(me)
}

fn thaurdir_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Revealed(c, true) = ev {
        if g.ty(c) == CardType::Treachery && g.has_trait(c, "Sorcery") && g.card(me).zone.in_play()
        {
            let first = g.first;
            log(g, |g| {
                format!("  {} makes an immediate attack", g.title(me))
            });
            g.stack.push(Frame::ImmediateAttack {
                enemy: me,
                player: first,
            });
        }
    }
}

// ------------------------------------------------------------------ encounter cards

fn damned_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            let milled = g.discard_from_deck(p, 2);
            let x = printed_cost_sum(g, &milled);
            if x > 0 {
                log(g, |g| {
                    format!("  {}: P{} assigns {} damage", g.title(me), p + 1, x)
                });
                g.stack.push(Frame::Resume {
                    cont: Cont::new(me, 0).with(p, x, 0),
                });
            }
        }
    }
}

/// The damage still to assign at the pending Thaurdir's Damned prompt (0 when none is
/// pending): the count the prompt announced, less the points already picked.
fn damned_damage_left(g: &Game, me: CardId) -> i16 {
    match g.stack.last() {
        Some(Frame::Choice { cont }) if cont.card == me => cont.a,
        _ => 0,
    }
}

/// `a` = damage still to assign by `player`, one point per decision; dealt all at once.
fn damned_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    let mut left = cont.a;
    if let Opt::Card(c) = opt {
        g.assign_damage(c);
        left -= 1;
    }
    if left > 0 && !g.players[p as usize].eliminated {
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        for i in 0..g.list(Zone::Play(p)).len() {
            let c = g.list(Zone::Play(p))[i];
            if g.is_character(c) && g.remaining_hp(c) > g.assigned_damage(c) {
                g.offer(Opt::Card(c));
            }
        }
        if g.ask_if_offered(Cont::new(cont.card, 1).with(p, left, 0)) {
            return;
        }
    }
    g.deal_assigned_damage();
}

fn shade_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::EnemyAttacks(e, p) = ev {
        if e == me {
            let milled = g.discard_from_deck(p, 1);
            if milled.iter().any(|&c| g.ty(c) == CardType::Ally) {
                g.add_lasting(me, Lasting::Stat(Stat::Attack, 2), Until::EndOfAttack);
            }
        }
    }
}

fn shade_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    offer_ready_characters(g, p);
    g.ask_if_offered(Cont::new(me, 1).with(p, 0, 0));
}

fn shade_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        g.exhaust(c);
    }
}

fn battlements_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::TimeRanOut(me) && g.card(me).zone.in_play() {
        let seats = crate::cards::common::seats(g);
        for &p in seats.iter() {
            g.discard_from_deck(p, 5);
        }
        if g.card(me).zone.in_play() {
            g.card_mut(me).time = 1;
        }
    }
}

fn battlements_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        let seats = crate::cards::common::seats(g);
        for &p in seats.iter() {
            g.discard_from_deck(p, 1);
        }
    }
    true
}

fn tombs_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    let e = top_of_encounter_discard(g, |c| g.is_enemy(c));
    if pay {
        if let Some(e) = e {
            g.move_card(e, Zone::Staging);
            log(g, |g| {
                format!("  {} returns to the staging area", g.title(e))
            });
        }
    }
    e.is_some()
}

fn tombs_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Explored(me, true) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

/// Step 0: the first player decides whether the players use the Response; step 1: resolve.
fn tombs_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let first = g.first;
    match cont.step {
        0 => {
            g.begin_ask(
                first,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            g.offer(Opt::Yes);
            g.offer(Opt::No);
            g.ask_script(Cont::new(cont.card, 1).with(first, 0, 0));
        }
        _ => {
            if opt == Opt::Yes {
                log(g, |g| {
                    format!("  P{} uses {}", first + 1, g.title(cont.card))
                });
                let seats = crate::cards::common::seats(g);
                for &p in seats.iter() {
                    shuffle_discard_top_into_deck(g, p, 5);
                }
                g.fire(Event::Triggered(cont.card, first));
            }
        }
    }
}

fn square_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat {
        g.card(me).resources
    } else {
        0
    }
}

fn square_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::DeckDiscarded(p, n) = ev {
        if p == g.first && n > 0 && g.card(me).zone.in_play() {
            g.card_mut(me).resources += 1;
            log(g, |g| {
                format!(
                    "  {} gets a resource token ({})",
                    g.title(me),
                    g.card(me).resources
                )
            });
        }
    }
}

fn keep_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::GainsSurge(c) => {
            if g.card(me).zone != Zone::Active || !is_undead_enemy(g, c) {
                return false;
            }
            let list = &g.revealed_this_round;
            let first = list.iter().position(|&x| is_undead_enemy(g, x));
            let last_of_c = list.iter().rposition(|&x| x == c);
            first.is_some() && first == last_of_c
        }
        _ => false,
    }
}

fn keep_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    let e = g.attack.enemy;
    let milled = g.discard_from_deck(p, 1);
    let x = printed_cost_sum(g, &milled);
    if x > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, x), Until::EndOfAttack);
    }
}

fn gate_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Triggered(_, p) = ev {
        if g.card(me).zone == Zone::Active && !g.players[p as usize].eliminated {
            g.discard_from_deck(p, 1);
        }
    }
}

fn gate_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    for i in 0..g.list(Zone::Attached(0)).len() {
        let a = g.list(Zone::Attached(0))[i];
        if g.controller(a) == p && g.card(a).owner != ENCOUNTER {
            g.offer(Opt::Card(a));
        }
    }
    g.ask_if_offered(Cont::new(me, 1).with(p, 0, 0));
}

fn gate_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(a) = opt {
        g.discard(a);
    }
}

/// Questing characters `p` controls.
fn questing_count(g: &Game, p: u8) -> usize {
    g.characters(p).filter(|&c| g.card(c).questing).count()
}

fn fog_revealed(g: &mut Game, me: CardId, _by: u8) {
    fog_resume(g, Cont::new(me, 0), Opt::Pass)
}

/// Step k: the player at offset k chooses (Mode 0: mill one per questing character, Mode 1:
/// remove his characters from the quest); `b == 1` means the answer for step k is in `opt`.
fn fog_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.step;
    if cont.b == 1 {
        let p = cont.player;
        match opt {
            Opt::Mode(0) => {
                let n = questing_count(g, p);
                g.discard_from_deck(p, n);
            }
            _ => {
                for i in 0..g.list(Zone::Play(p)).len() {
                    let c = g.list(Zone::Play(p))[i];
                    g.card_mut(c).questing = false;
                }
                log(g, |_| {
                    format!("  P{} removes his characters from the quest", p + 1)
                });
            }
        }
        k += 1;
    }
    while k < g.n_players {
        let p = g.seat(k);
        let n = questing_count(g, p);
        if g.players[p as usize].eliminated || n == 0 {
            k += 1;
            continue;
        }
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        // "Must either": milling is only an option if he can mill them all (RULES §5.33.4).
        if g.list(Zone::Deck(p)).len() >= n {
            g.offer(Opt::Mode(0));
        }
        g.offer(Opt::Mode(1));
        return g.ask_script(Cont::new(cont.card, k).with(p, 0, 1));
    }
}

fn shadow_world_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::PhaseEnd(Phase::Refresh) && g.card(me).zone == Zone::Staging {
        let seats = crate::cards::common::seats(g);
        for &p in seats.iter() {
            let x = g
                .engaged(p)
                .iter()
                .filter(|&&e| is_undead_enemy(g, e))
                .count();
            g.discard_from_deck(p, x);
        }
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Norbury Tombs: shuffling discarded cards back into the decks only helps.
    pub(super) fn norbury_tombs_effect(
        _g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => find(o, Opt::Yes),
            _ => None,
        }
    }

    /// Weight of Responsibility / Deadmen's Gate shadow: discard the cheapest attachment.
    pub(super) fn deadmens_gate_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => pick_min(o, |a| g.def_of(a).cost.max(0) as i32),
            _ => None,
        }
    }

    /// Deadmen's Dike: the deck is the clock (an empty deck eliminates). Unnatural Fog: mill
    /// one card per questing character (Mode 0) only with a deck to spare and more
    /// willpower at stake than cards; else take the characters out of the quest (Mode 1).
    pub(super) fn unnatural_fog_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let n = g.characters(p).filter(|&c| g.card(c).questing).count() as i32;
                let wp: i32 = g
                    .characters(p)
                    .filter(|&c| g.card(c).questing)
                    .map(|c| g.stat(c, g.questing_stat()) as i32)
                    .sum();
                let deck = g.list(Zone::Deck(p)).len() as i32;
                if deck - n >= 15 && wp > n {
                    find(o, Opt::Mode(0))
                } else {
                    find(o, Opt::Mode(1))
                }
            }
            _ => None,
        }
    }

    /// A Fell Wraith: mill 3 (Mode 0) with a deck to spare, else Thaurdir goes back to the
    /// staging area (Mode 1).
    pub(super) fn a_fell_wraith_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                if g.list(Zone::Deck(p)).len() >= 15 {
                    find(o, Opt::Mode(0))
                } else {
                    find(o, Opt::Mode(1))
                }
            }
            _ => None,
        }
    }

    /// Thaurdir's Damned: one damage at a time where it costs least, counting the damage
    /// already assigned.
    pub(super) fn thaurdirs_damned_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| {
                let a = g.assigned_damage(c);
                damage_cost_after(g, c, a, 1)
            }),
            _ => None,
        }
    }

    /// Baleful Shade shadow: exhaust the ready character whose attack matters least.
    pub(super) fn baleful_shade_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => pick_min(o, |c| {
                char_value(g, c).min(10_000) / 10 + g.stat(c, Stat::Attack) as i32 * 20
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{reveal, reveal_resolving, sandbox_in, set_stage};
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    /// engage57: Thaurdir makes an attack when other cards are revealed
    /// (`Hint::attacks_on_reveals`): while it is in play a Defense boost counts in the quest
    /// phase before staging.
    #[test]
    fn thaurdir_attacks_on_reveals_hint() {
        use crate::cards::hints::{boost_is_idle, hint};
        use crate::cards::testkit::defense_boost_window;
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[HEROES]);
        let fg = defense_boost_window(&mut g, Phase::Quest);
        assert!(boost_is_idle(&g, fg), "nothing can attack at staging");
        let c = g.spawn("TLR-033", ENCOUNTER, Zone::Staging);
        assert!(hint(&g, c).attacks_on_reveals);
        assert!(!boost_is_idle(&g, fg), "in play");
        g.move_card(c, Zone::Removed);
        assert!(boost_is_idle(&g, fg), "out of play");
    }

    /// A sandbox on stage 1B with stage 1A's setup done.
    fn dd() -> Game<'static> {
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[HEROES]);
        let q = g.main_quest().unwrap();
        stage1a_setup(&mut g, q);
        g.settle();
        g
    }

    fn find(g: &Game, code_: &str) -> Vec<CardId> {
        (0..g.cards.len() as CardId)
            .filter(|&c| g.def_of(c).code == code_)
            .collect()
    }

    #[test]
    fn the_shades_of_angmar() {
        // 1A setup.
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[HEROES]);
        let q = set_stage(&mut g, "TLR-073A");
        assert_eq!(g.card(find(&g, IARION)[0]).zone, Zone::EncounterDeck);
        stage1a_setup(&mut g, q);
        let i = find(&g, IARION)[0];
        assert_eq!(g.card(i).zone, Zone::Play(0));
        assert_eq!(g.card(find(&g, THAURDIR)[0]).zone, Zone::SetAside);
        let squares: Vec<_> = find(&g, FORNOST_SQUARE)
            .into_iter()
            .filter(|&c| g.card(c).zone == Zone::Staging)
            .collect();
        assert_eq!(squares.len(), 1);
        // 1B when revealed: a Baleful Shade engaged, one card revealed.
        let q = set_stage(&mut g, "TLR-073B");
        let deck = g.list(Zone::EncounterDeck).len();
        stage1b_revealed(&mut g, q, 0);
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        assert!(g
            .engaged(0)
            .iter()
            .any(|&e| g.def_of(e).code == BALEFUL_SHADE));
        assert!(g.list(Zone::EncounterDeck).len() <= deck - 2);
        // Forced: mill one at the end of the refresh phase.
        let d = g.list(Zone::Deck(0)).len();
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 1);
        // An empty deck eliminates: the only player, so the game is lost.
        while let Some(c) = g.top(Zone::Deck(0)) {
            g.move_card(c, Zone::Discard(0));
        }
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    #[test]
    fn a_fell_wraith() {
        let mut g = dd();
        let q = set_stage(&mut g, "TLR-074A");
        let t = find(&g, THAURDIR)[0];
        assert_eq!(g.card(t).zone, Zone::SetAside);
        let deck = g.list(Zone::EncounterDeck).len();
        stage2a_revealed(&mut g, q, 0);
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        assert!(g.card(t).zone.in_play(), "Thaurdir added");
        assert!(
            g.list(Zone::EncounterDeck).len() < deck,
            "one card revealed"
        );
        let q = set_stage(&mut g, "TLR-074B");
        // The last stage: nothing left in the quest deck.
        while let Some(c) = g.top(Zone::QuestDeck) {
            g.move_card(c, Zone::Removed);
        }
        // Cannot be defeated while Thaurdir has hit points left; defeating it wins.
        g.card_mut(q).progress = 13;
        g.settle();
        assert!(g.outcome().is_none());
        assert!(g.rule(Rule::EmptyDeckEliminates));
        g.deal_damage(t, 9);
        g.settle();
        assert!(g.card(t).zone.in_play(), "indestructible");
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn a_fell_wraith_stage_1_defeated() {
        // Defeating 1B: 2A adds Thaurdir and reveals one card per player, and only then does
        // the quest show side 2B.
        let mut g = dd();
        g.set_logging(true);
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 11;
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        let q2 = g.main_quest().unwrap();
        assert_eq!(g.def_of(q2).code, "TLR-074B");
        assert!(g.card(find(&g, THAURDIR)[0]).zone.in_play());
        let lines = g.log_lines();
        let reveal = lines.iter().position(|l| l.contains("reveals")).unwrap();
        let flip = lines.iter().position(|l| l.contains("stage 2B")).unwrap();
        assert!(reveal < flip, "{lines:?}");
        // What 1B's hint tells a bot: Thaurdir's Attack, and one reveal per player.
        let h = crate::cards::hints::hint(&g, q);
        assert_eq!((h.advance_attack, h.advance_reveals), (6, 1));
    }

    #[test]
    fn a_fell_wraith_stage_2() {
        // Thaurdir's attack kills a character: its controller mills 3 or sends him back.
        let mut g = dd();
        set_stage(&mut g, "TLR-074B");
        let t = find(&g, THAURDIR)[0];
        g.move_card(t, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.attack = AttackCtx::new(t, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert_eq!(
            g.pending().map(|d| d.ask),
            Some(Ask::Effect {
                card: g.main_quest().unwrap(),
                what: 0
            })
        );
        g.answer(Opt::Mode(1));
        assert_eq!(g.card(t).zone, Zone::Staging);
        // Again, choosing to mill 3.
        g.engage(t, 0);
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let d = g.list(Zone::Deck(0)).len();
        g.attack = AttackCtx::new(t, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        g.answer(Opt::Mode(0));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 3);
        assert_eq!(g.card(t).zone, Zone::Engaged(0));
        // No kill: nothing asked.
        let h = g.heroes(0).next().unwrap();
        g.attack = AttackCtx::new(t, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(h));
        assert!(g.pending().is_none());
    }

    #[test]
    fn thaurdir() {
        let mut g = dd();
        let t = find(&g, THAURDIR)[0];
        g.move_card(t, Zone::Staging);
        assert!(g.rule(Rule::CannotHaveAttachments(t)));
        // A Sorcery treachery revealed from the deck: immediate attack on the first player.
        let s = g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: t }));
        g.answer(Opt::Undefended);
        while g.pending().is_some() {
            g.apply(0);
        }
        // A non-Sorcery treachery: no attack.
        let r = g.spawn("TLR-062", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, r);
        assert!(!matches!(
            g.pending().map(|d| d.ask),
            Some(Ask::Defender { .. })
        ));
        // Indestructible: damage beyond hit points does not destroy him.
        g.deal_damage(t, 20);
        g.settle();
        assert!(g.card(t).zone.in_play());
    }

    #[test]
    fn thaurdirs_damned() {
        let mut g = dd();
        // The deck is all Guard of the Citadel (cost 2): X = 4.
        let d = g.spawn("TLR-034", ENCOUNTER, Zone::Staging);
        let deck = g.list(Zone::Deck(0)).len();
        g.engage(d, 0);
        g.settle();
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 2);
        let mut n = 0;
        while g.pending().is_some() {
            g.apply(0);
            n += 1;
        }
        assert_eq!(n, 4);
        let total: i16 = g.characters(0).map(|c| g.card(c).damage).sum::<i16>()
            + g.list(Zone::Discard(0))
                .iter()
                .filter(|&&c| g.is_hero(c))
                .count() as i16;
        assert!(total >= 1);
        let dealt: i16 = g.characters(0).map(|c| g.card(c).damage).sum();
        assert_eq!(dealt, 4, "4 damage spread among the heroes");
    }

    #[test]
    fn baleful_shade() {
        let mut g = dd();
        let s = g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Engaged(0));
        let deck = g.list(Zone::Deck(0)).len();
        g.attack = AttackCtx::new(s, 0, false);
        g.emit(Event::EnemyAttacks(s, 0));
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 1);
        // The milled card was an ally: +2 Attack for this attack.
        assert_eq!(g.stat(s, Stat::Attack), 4);
        g.push_run(Frame::Attack { stage: 0 });
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        assert_eq!(g.stat(s, Stat::Attack), 2, "only for that attack");
        // Shadow: exhaust a character.
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        assert!(!g.is_ready(h));
    }

    #[test]
    fn broken_battlements() {
        let mut g = dd();
        let b = g.spawn("TLR-036", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, b);
        assert_eq!(g.card(b).time, 3);
        let deck = g.list(Zone::Deck(0)).len();
        g.push_run(Frame::Travel);
        while g.pending().is_some() {
            let o = crate::cards::testkit::options(&g);
            if o.contains(&Opt::Card(b)) {
                g.answer(Opt::Card(b));
            } else {
                g.apply(0);
            }
        }
        assert_eq!(g.active_location(), Some(b));
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 1, "travel: mill 1");
        g.card_mut(b).time = 0;
        g.emit(Event::TimeRanOut(b));
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 6);
        assert_eq!(g.card(b).time, 1);
    }

    #[test]
    fn norbury_tombs() {
        let mut g = dd();
        let n = g.spawn("TLR-037", ENCOUNTER, Zone::Staging);
        assert!(
            !g.can_travel_to(n),
            "no enemy in the encounter discard pile"
        );
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDiscard);
        assert!(g.can_travel_to(n));
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(n));
        assert_eq!(g.card(e).zone, Zone::Staging);
        // Explored while active: the players shuffle 5 discarded cards back.
        for _ in 0..7 {
            let c = g.top(Zone::Deck(0)).unwrap();
            g.move_card(c, Zone::Discard(0));
        }
        let deck = g.list(Zone::Deck(0)).len();
        g.card_mut(n).progress = 5;
        g.settle();
        assert_eq!(g.card(n).zone, Zone::EncounterDiscard);
        g.answer(Opt::Yes);
        assert_eq!(g.list(Zone::Deck(0)).len(), deck + 5);
        assert_eq!(g.list(Zone::Discard(0)).len(), 2);
        // Explored from the staging area: no Response.
        let n2 = g.spawn("TLR-037", ENCOUNTER, Zone::Staging);
        g.card_mut(n2).progress = 5;
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn fornost_square() {
        let mut g = dd();
        let s = find(&g, FORNOST_SQUARE)
            .into_iter()
            .find(|&c| g.card(c).zone == Zone::Staging)
            .expect("setup staged one");
        assert_eq!(g.stat(s, Stat::Threat), 1);
        // What a bot reads: its Threat grows while it waits (about two tokens a round).
        assert_eq!(crate::cards::hints::hint(&g, s).threat_growth, 2);
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(s));
        assert_eq!(
            g.active_location(),
            Some(s),
            "tokens count while active too"
        );
        g.discard_from_deck(0, 2);
        g.settle();
        assert_eq!(g.card(s).resources, 1);
        assert_eq!(g.stat(s, Stat::Threat), 2);
        // Not the first player: no token.
        let mut g = sandbox_in(
            "deadmens-dike",
            Mode::Standard,
            &[HEROES, &["Core-004", "Core-005", "Core-006"]],
        );
        let s = g.spawn(FORNOST_SQUARE, ENCOUNTER, Zone::Staging);
        g.discard_from_deck(1, 1);
        assert_eq!(g.card(s).resources, 0);
        g.discard_from_deck(0, 1);
        assert_eq!(g.card(s).resources, 1);
    }

    #[test]
    fn haunted_keep() {
        let mut g = dd();
        let k = g.spawn("TLR-039", ENCOUNTER, Zone::Active);
        g.revealed_this_round.clear();
        let c1 = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDeck);
        let deck = g.list(Zone::EncounterDeck).len();
        reveal(&mut g, c1);
        while g.pending().is_some() {
            g.apply(0);
        }
        assert!(
            g.list(Zone::EncounterDeck).len() < deck - 1,
            "the first Undead enemy surged"
        );
        // The second Undead enemy of the round does not.
        let c2 = g.spawn("TLR-034", ENCOUNTER, Zone::Staging);
        g.revealed_this_round.push(c2);
        assert!(!keep_rule(&g, k, Rule::GainsSurge(c2)));
        // Shadow: mill 1, +X attack (Guard of the Citadel costs 2).
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-039", ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        let h = crate::cards::testkit::hero(&g, "Core-001");
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, (3 + 2 - g.stat(h, Stat::Defense)).max(0));
    }

    #[test]
    fn deadmens_gate() {
        let mut g = dd();
        let gate = g.spawn("TLR-040", ENCOUNTER, Zone::Active);
        let d = g.list(Zone::Deck(0)).len();
        let h = g.heroes(0).next().unwrap();
        g.emit(Event::Triggered(h, 0));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 1);
        g.move_card(gate, Zone::Staging);
        g.emit(Event::Triggered(h, 0));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 1, "only while active");
        // Shadow: discard an attachment.
        let a = g.spawn("Core-040", 0, Zone::Attached(h));
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-040", ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.card(a).zone, Zone::Discard(0));
    }

    #[test]
    fn unnatural_fog() {
        let mut g = dd();
        g.phase = Phase::Quest;
        let hs: Vec<_> = g.heroes(0).collect();
        for &h in &hs {
            g.card_mut(h).questing = true;
        }
        let f = g.spawn("TLR-041", ENCOUNTER, Zone::EncounterDeck);
        let d = g.list(Zone::Deck(0)).len();
        let t = g.players[0].threat;
        reveal(&mut g, f);
        assert_eq!(g.players[0].threat, t + 2, "doomed 2");
        g.answer(Opt::Mode(0));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 3);
        assert!(g.card(hs[0]).questing);
        let f2 = g.spawn("TLR-041", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, f2);
        g.answer(Opt::Mode(1));
        assert!(hs.iter().all(|&h| !g.card(h).questing));
        assert_eq!(g.questing_strength(), 0);
    }

    #[test]
    fn the_shadow_world() {
        let mut g = dd();
        set_stage(&mut g, "TLR-074B");
        let s = g.spawn("TLR-042", ENCOUNTER, Zone::Staging);
        g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Engaged(0));
        let d = g.list(Zone::Deck(0)).len();
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 2);
        g.move_card(s, Zone::Victory);
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 2);
    }

    #[test]
    fn unnatural_fog_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[&["Core-001"]]);
        let fog = g.spawn("TLR-041", ENCOUNTER, Zone::Resolving);
        let f = hint(&g, fog).effect.unwrap();
        let h = g.heroes(0).next().unwrap();
        g.cards[h as usize].questing = true;
        while g.list(Zone::Deck(0)).len() > 10 {
            let x = g.list(Zone::Deck(0))[0];
            g.discard(x);
        }
        let modes = [Opt::Mode(0), Opt::Mode(1)];
        assert_eq!(
            f(&g, 0, fog, 0, &modes),
            Some(1),
            "a short deck leaves the quest"
        );
        for _ in 0..10 {
            g.spawn("Core-013", 0, Zone::Deck(0));
        }
        assert_eq!(f(&g, 0, fog, 0, &modes), Some(0), "a deck to spare mills");
    }

    #[test]
    fn norbury_tombs_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[&["Core-001"]]);
        let t = g.spawn("TLR-037", ENCOUNTER, Zone::Staging);
        assert_eq!(hint(&g, t).travel_penalty, 3);
        let f = hint(&g, t).effect.unwrap();
        assert_eq!(
            f(&g, 0, t, 0, &[Opt::No, Opt::Yes]),
            Some(1),
            "shuffle back"
        );
    }

    #[test]
    fn a_fell_wraith_hint() {
        use crate::cards::hints::hint;
        use crate::engine::{Opt, Zone, ENCOUNTER};
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[&["Core-001"]]);
        let c = g.spawn("TLR-074B", ENCOUNTER, Zone::SetAside);
        let f = hint(&g, c).effect.unwrap();
        let modes = [Opt::Mode(0), Opt::Mode(1)];
        for _ in 0..5 {
            g.spawn("Core-013", 0, Zone::Deck(0));
        }
        assert!(g.list(Zone::Deck(0)).len() >= 15);
        assert_eq!(f(&g, 0, c, 0, &modes), Some(0), "mill with a deck to spare");
        while g.list(Zone::Deck(0)).len() >= 15 {
            let x = g.list(Zone::Deck(0))[0];
            g.discard(x);
        }
        assert_eq!(f(&g, 0, c, 0, &modes), Some(1));
    }

    #[test]
    fn deadmens_gate_hint() {
        use crate::cards::hints::hint;
        use crate::engine::{Opt, Zone, ENCOUNTER};
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[&["Core-001"]]);
        let c = g.spawn("TLR-040", ENCOUNTER, Zone::Staging);
        assert_eq!(hint(&g, c).travel_penalty, 2);
        let f = hint(&g, c).effect.unwrap();
        let plate = g.spawn("Core-040", 0, Zone::SetAside);
        let horn = g.spawn("Core-042", 0, Zone::SetAside);
        assert_eq!(
            f(&g, 0, c, 1, &[Opt::Card(plate), Opt::Card(horn)]),
            Some(1),
            "the cheapest"
        );
    }
}
