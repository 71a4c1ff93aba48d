//! Core Set, Lore sphere.
//!
//! Round flag bits (`PlayerState::round_flags`): Lore owns bits 8–15.
//! - bit 8: Glorfindel's heal used this round (unique hero: one per player is one per copy).
//! - bit 9: Beravor's draw used this round (unique hero).
//!
//! Protector of Lórien counts its uses per copy and per phase with marker lasting effects on
//! itself (`Lasting::Stat(Stat::Threat, 0)` until the end of the phase: no effect on any stat).

use crate::cards::common::mine_in_play;
use crate::cards::common::{area_players, staged};
use crate::cards::hints::{AttachKind, Hint, NO_HINT};
use crate::cards::Rule;
use crate::cards::{Script, BLANK};
use crate::data::Sphere;
use crate::engine::{
    Ask, CardId, Cont, Event, Game, Lasting, Opt, Phase, SmallIds, Stat, Until, Zone, ENCOUNTER,
};
use crate::events;

const GLORFINDEL_BIT: u32 = 1 << 8;
const BERAVOR_BIT: u32 = 1 << 9;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "Core-010",
        hint: Hint {
            play_value: Some(|_, _, _, _| 0),
            ..NO_HINT
        },
        can_act: Some(denethor_can),
        act: Some(denethor_act),
        resume: Some(denethor_resume),
        ..BLANK
    },
    Script {
        code: "Core-011",
        hint: Hint {
            play_value: Some(bot::glorfindel_value),
            pays_to_heal: true,
            ..NO_HINT
        },
        can_act: Some(glorfindel_can),
        act: Some(glorfindel_act),
        resume: Some(heal_one_resume),
        ..BLANK
    },
    Script {
        code: "Core-012",
        hint: Hint {
            play_value: Some(crate::cards::hints::exhaust_draw_value),
            exhaust_draws: 2,
            ..NO_HINT
        },
        can_act: Some(beravor_can),
        act: Some(beravor_act),
        resume: Some(draw_resume),
        ..BLANK
    },
    Script {
        code: "Core-058",
        hint: Hint {
            play_value: Some(bot::daughter_of_the_nimrodel_value),
            ..NO_HINT
        },
        can_act: Some(daughter_can),
        act: Some(daughter_act),
        resume: Some(heal_two_resume),
        ..BLANK
    },
    Script {
        code: "Core-059",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(hammersmith_can),
        respond_on: events![Played],
        respond: Some(hammersmith_respond),
        resume: Some(hammersmith_resume),
        ..BLANK
    },
    Script {
        code: "Core-060",
        hint: Hint {
            play_value: Some(|_, _, _, _| 0),
            ..NO_HINT
        },
        can_act: Some(henamarth_can),
        act: Some(henamarth_act),
        ..BLANK
    },
    Script {
        code: "Core-061",
        hint: Hint {
            // Only an encounter card's Condition is worth discarding: the players' own
            // (Unexpected Courage, The Favor of the Lady, a partner's Secret Vigil) help them.
            play_value: Some(|g, _, _, _| miner_targets(g).next().map_or(0, |_| 25)),
            effect: Some(|g, _, _, _, o| {
                o.iter()
                    .position(|x| matches!(x, Opt::Card(a) if g.card(*a).owner == ENCOUNTER))
            }),
            ..NO_HINT
        },
        can_respond: Some(miner_can),
        respond_on: events![EntersPlay],
        respond: Some(miner_respond),
        resume: Some(miner_resume),
        ..BLANK
    },
    Script {
        code: "Core-062",
        hint: Hint {
            play_value: Some(crate::cards::hints::exhaust_draw_value),
            exhaust_draws: 1,
            ..NO_HINT
        },
        can_act: Some(gleowine_can),
        act: Some(gleowine_act),
        resume: Some(draw_resume),
        ..BLANK
    },
    Script {
        code: "Core-063",
        hint: Hint {
            play_value: Some(bot::lore_of_imladris_value),
            ..NO_HINT
        },
        can_act: Some(lore_of_imladris_can),
        act: Some(lore_of_imladris_act),
        resume: Some(heal_all_resume),
        ..BLANK
    },
    Script {
        code: "Core-064",
        hint: Hint {
            play_value: Some(bot::loriens_wealth_value),
            ..NO_HINT
        },
        can_act: Some(loriens_wealth_can),
        act: Some(loriens_wealth_act),
        resume: Some(draw_resume),
        ..BLANK
    },
    Script {
        code: "Core-065",
        hint: Hint {
            play_value: Some(bot::radagasts_cunning_value),
            staged_threat_cut: Some(bot::radagasts_cunning_cut),
            ..NO_HINT
        },
        can_act: Some(radagast_can),
        act: Some(radagast_act),
        resume: Some(no_threat_resume),
        ..BLANK
    },
    Script {
        code: "Core-066",
        hint: Hint {
            play_value: Some(bot::secret_paths_value),
            staged_threat_cut: Some(bot::secret_paths_cut),
            ..NO_HINT
        },
        can_act: Some(secret_paths_can),
        act: Some(secret_paths_act),
        resume: Some(no_threat_resume),
        ..BLANK
    },
    Script {
        code: "Core-067",
        hint: Hint {
            spare_resource_draw: true,
            play_value: Some(bot::gandalfs_search_value),
            effect: Some(bot::gandalfs_search_effect),
            ..NO_HINT
        },
        can_act: Some(search_can),
        act: Some(search_act),
        resume: Some(search_resume),
        mode_names: &[
            (0, 0, "X = 0"),
            (0, 1, "X = 1"),
            (0, 2, "X = 2"),
            (0, 3, "X = 3"),
            (0, 4, "X = 4"),
            (0, 5, "X = 5"),
            (0, 6, "X = 6"),
        ],
        ..BLANK
    },
    Script {
        code: "Core-068",
        hint: Hint {
            play_value: Some(bot::beorns_hospitality_value),
            ..NO_HINT
        },
        can_act: Some(beorn_can),
        act: Some(beorn_act),
        resume: Some(beorn_resume),
        ..BLANK
    },
    Script {
        code: "Core-069",
        hint: Hint {
            attach: Some((45, AttachKind::Enemy)),
            ..NO_HINT
        },
        attach_to: Some(snare_target),
        rule: Some(snare_rule),
        rule_on: crate::rules![CannotAttack],
        ..BLANK
    },
    Script {
        code: "Core-070",
        hint: Hint {
            attach: Some((15, AttachKind::Armor)),
            play_value: Some(crate::cards::hints::discard_boost_value),
            discard_boosts_host: true,
            effect: Some(bot::protector_of_lorien_effect),
            ..NO_HINT
        },
        attach_to: Some(super::core_leadership::any_hero),
        can_act: Some(protector_can),
        act: Some(protector_act),
        resume: Some(protector_resume),
        mode_names: &[(1, 0, "+1 Willpower"), (1, 1, "+1 Defense")],
        ..BLANK
    },
    Script {
        code: "Core-071",
        hint: Hint {
            attach: Some((0, AttachKind::General)),
            // Not worth a hero's Willpower to `basic` (it reads no shadow card); its look is
            // free once in play, so it is used.
            play_value: Some(|_, _, _, ev| ev.is_some() as i32 * 10),
            ..NO_HINT
        },
        attach_to: Some(super::core_leadership::any_hero),
        modify: Some(dark_knowledge_modify),
        can_respond: Some(dark_knowledge_can),
        respond_on: events![ShadowDealt],
        respond: Some(dark_knowledge_respond),
        ..BLANK
    },
    Script {
        code: "Core-072",
        hint: Hint {
            attach: Some((20, AttachKind::Armor)),
            play_value: Some(bot::self_preservation_value),
            ..NO_HINT
        },
        attach_to: Some(self_preservation_target),
        can_act: Some(self_preservation_can),
        act: Some(self_preservation_act),
        ..BLANK
    },
];

// ----------------------------------------------------------------- shared helpers

/// Ready and in `seat`'s play area: can pay an "exhaust this" cost.
fn can_exhaust(g: &Game, c: CardId, seat: u8) -> bool {
    mine_in_play(g, c, seat) && g.is_ready(c)
}

fn damaged_characters<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    area_players(g)
        .flat_map(move |p| g.characters(p))
        .filter(move |&c| g.card(c).damage > 0 && !g.immune(c))
}

/// `damaged_characters` is not empty, as plain nested scans with the damage read first (the
/// iterator chain cost ~140 instructions an ask; asked at every action window while Glorfindel
/// can act or Lore of Imladris is in hand, speed40).
fn any_damaged_character(g: &Game) -> bool {
    area_players(g).any(|p| {
        g.list(Zone::Play(p))
            .iter()
            .any(|&c| g.card(c).damage > 0 && g.is_character(c) && !g.immune(c))
    })
}

fn damaged_heroes<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    damaged_characters(g).filter(move |&c| g.is_hero(c))
}

/// Players still in the game with cards left to draw.
fn can_draw(g: &Game, p: u8) -> bool {
    !g.players[p as usize].eliminated && !g.list(Zone::Deck(p)).is_empty()
}

fn any_can_draw(g: &Game) -> bool {
    area_players(g).any(|p| can_draw(g, p))
}

/// Offer each card of `cs` to `seat` and continue `me` at `step` with `a`.
fn ask_cards(g: &mut Game, me: CardId, seat: u8, step: u8, a: i16, cs: SmallIds) {
    g.begin_ask(
        seat,
        Ask::Effect {
            card: me,
            what: step,
        },
    );
    for c in cs {
        g.offer(Opt::Card(c));
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(me, step).with(seat, a, 0));
    }
}

/// Ask `seat` to choose a player who can draw; `draw_resume` then draws `n` for him.
fn ask_drawing_player(g: &mut Game, me: CardId, seat: u8, n: i16) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for p in area_players(g) {
        if can_draw(g, p) {
            g.offer(Opt::Player(p));
        }
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(me, 0).with(seat, n, 0));
    }
}

/// The chosen player draws `cont.a` cards.
fn draw_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Player(p) = opt {
        g.draw_by_effect(p, cont.a.max(0) as usize);
    }
}

fn heal_one_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        g.heal(c, 1);
    }
}

fn heal_two_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        g.heal(c, 2);
    }
}

fn heal_all_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        let d = g.card(c).damage;
        g.heal(c, d);
    }
}

// ----------------------------------------------------------------- Denethor (Core-010)
// Action: exhaust him to look at the encounter deck's top card, optionally putting it at the
// bottom. Decision: `Card(top)` moves it to the bottom, `Pass` leaves it (the card is visible
// in the options). Offered only when the deck has 2+ cards (else moving changes nothing).

fn denethor_can(g: &Game, me: CardId, seat: u8) -> bool {
    can_exhaust(g, me, seat) && g.list(Zone::EncounterDeck).len() >= 2
}

fn denethor_act(g: &mut Game, me: CardId, seat: u8) {
    g.exhaust(me);
    let Some(top) = g.top(Zone::EncounterDeck) else {
        return;
    };
    g.look_at(top, seat);
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Pass);
    g.offer(Opt::Card(top));
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn denethor_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::EncounterDeck {
            g.move_card_bottom(c, Zone::EncounterDeck);
            // Still known: now the bottom card.
            g.look_at(c, cont.player);
        }
    }
}

// ----------------------------------------------------------------- Glorfindel (Core-011)
// Action, once per round: pay 1 resource from his pool to heal 1 damage from a character.

fn glorfindel_can(g: &Game, me: CardId, seat: u8) -> bool {
    mine_in_play(g, me, seat)
        && g.card(me).resources >= 1
        && g.players[seat as usize].round_flags & GLORFINDEL_BIT == 0
        && any_damaged_character(g)
}

fn glorfindel_act(g: &mut Game, me: CardId, seat: u8) {
    g.players[seat as usize].round_flags |= GLORFINDEL_BIT;
    g.card_mut(me).resources -= 1;
    let t: SmallIds = damaged_characters(g).collect();
    ask_cards(g, me, seat, 0, 0, t);
}

// ----------------------------------------------------------------- Beravor (Core-012)
// Action, once per round: exhaust her; a chosen player draws 2.

fn beravor_can(g: &Game, me: CardId, seat: u8) -> bool {
    can_exhaust(g, me, seat)
        && g.players[seat as usize].round_flags & BERAVOR_BIT == 0
        && any_can_draw(g)
}

fn beravor_act(g: &mut Game, me: CardId, seat: u8) {
    g.players[seat as usize].round_flags |= BERAVOR_BIT;
    g.exhaust(me);
    ask_drawing_player(g, me, seat, 2);
}

// ----------------------------------------------------------------- Daughter of the Nimrodel (Core-058)
// Action: exhaust her to heal up to 2 damage from one hero (always the most: never worse).

fn daughter_can(g: &Game, me: CardId, seat: u8) -> bool {
    // `damaged_heroes` is not empty, as plain nested scans with the damage read first (as
    // `any_damaged_character`; speed41).
    can_exhaust(g, me, seat)
        && area_players(g).any(|p| {
            g.list(Zone::Play(p))
                .iter()
                .any(|&c| g.card(c).damage > 0 && g.is_character(c) && !g.immune(c) && g.is_hero(c))
        })
}

fn daughter_act(g: &mut Game, me: CardId, seat: u8) {
    g.exhaust(me);
    let t: SmallIds = damaged_heroes(g).collect();
    ask_cards(g, me, seat, 0, 0, t);
}

// ----------------------------------------------------------------- Erebor Hammersmith (Core-059)
// Response: after you play it, the top attachment of a chosen player's discard pile goes back
// to that player's hand.

fn top_attachment(g: &Game, p: u8) -> Option<CardId> {
    if !crate::cards::common::discard_pile_open(g, p) {
        return None;
    }
    g.list(Zone::Discard(p))
        .iter()
        .rev()
        .copied()
        .find(|&c| g.ty(c) == crate::data::CardType::Attachment)
}

fn hammersmith_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::Played(me)
        && mine_in_play(g, me, seat)
        && area_players(g)
            .any(|p| !g.players[p as usize].eliminated && top_attachment(g, p).is_some())
}

fn hammersmith_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let t: SmallIds = area_players(g)
        .filter(|&p| !g.players[p as usize].eliminated)
        .filter_map(|p| top_attachment(g, p))
        .collect();
    ask_cards(g, me, seat, 0, 0, t);
}

fn hammersmith_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if let Zone::Discard(p) = g.card(c).zone {
            g.move_card(c, Zone::Hand(p));
        }
    }
}

// ----------------------------------------------------------------- Henamarth Riversong (Core-060)
// Action: exhaust him to look at the encounter deck's top card. Information only: the engine
// exhausts him and logs the card (bots may read it from the game state).

fn henamarth_can(g: &Game, me: CardId, seat: u8) -> bool {
    can_exhaust(g, me, seat) && !g.list(Zone::EncounterDeck).is_empty()
}

fn henamarth_act(g: &mut Game, me: CardId, seat: u8) {
    g.exhaust(me);
    if let Some(top) = g.top(Zone::EncounterDeck) {
        g.look_at(top, seat);
    }
}

// ----------------------------------------------------------------- Miner of the Iron Hills (Core-061)
// Response: after it enters play, discard a chosen Condition attachment in play.

fn conditions<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    g.list(Zone::Attached(0))
        .iter()
        .copied()
        .filter(move |&a| g.has_trait(a, "Condition") && !g.immune(a) && g.reaches(a))
}

/// The Conditions in play worth discarding for the players (`basic`'s hint): the encounter
/// deck's.
fn miner_targets<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    conditions(g).filter(move |&a| g.card(a).owner == ENCOUNTER)
}

fn miner_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me) && mine_in_play(g, me, seat) && conditions(g).next().is_some()
}

fn miner_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let t: SmallIds = conditions(g).collect();
    ask_cards(g, me, seat, 0, 0, t);
}

fn miner_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(a) = opt {
        if g.card(a).zone.in_play() {
            g.discard(a);
        }
    }
}

// ----------------------------------------------------------------- Gléowine (Core-062)
// Action: exhaust him; a chosen player draws 1.

fn gleowine_can(g: &Game, me: CardId, seat: u8) -> bool {
    can_exhaust(g, me, seat) && any_can_draw(g)
}

fn gleowine_act(g: &mut Game, me: CardId, seat: u8) {
    g.exhaust(me);
    ask_drawing_player(g, me, seat, 1);
}

// ----------------------------------------------------------------- Lore of Imladris (Core-063)
// Action: remove all damage from one character.

fn lore_of_imladris_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    any_damaged_character(g)
}

fn lore_of_imladris_act(g: &mut Game, me: CardId, seat: u8) {
    let t: SmallIds = damaged_characters(g).collect();
    ask_cards(g, me, seat, 0, 0, t);
}

// ----------------------------------------------------------------- Lórien's Wealth (Core-064)
// Action: a chosen player draws 3.

fn loriens_wealth_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    any_can_draw(g)
}

fn loriens_wealth_act(g: &mut Game, me: CardId, seat: u8) {
    ask_drawing_player(g, me, seat, 3);
}

// ----------------------------------------------------------------- Radagast's Cunning (Core-065)
// Quest Action: an enemy in the staging area contributes no threat this phase.
// ----------------------------------------------------------------- Secret Paths (Core-066)
// Quest Action: the same for a location in the staging area.

fn no_threat_targets<'g>(g: &'g Game<'g>, enemy: bool) -> impl Iterator<Item = CardId> + 'g {
    staged(g).filter(move |&c| {
        (if enemy {
            g.is_enemy(c)
        } else {
            g.is_location(c)
        }) && !g.immune(c)
            && g.threat_contribution(c) > 0
    })
}

fn radagast_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    g.phase == Phase::Quest && no_threat_targets(g, true).next().is_some()
}

fn radagast_act(g: &mut Game, me: CardId, seat: u8) {
    let t: SmallIds = no_threat_targets(g, true).collect();
    ask_cards(g, me, seat, 0, 0, t);
}

fn secret_paths_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    g.phase == Phase::Quest && no_threat_targets(g, false).next().is_some()
}

fn secret_paths_act(g: &mut Game, me: CardId, seat: u8) {
    let t: SmallIds = no_threat_targets(g, false).collect();
    ask_cards(g, me, seat, 0, 0, t);
}

fn no_threat_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        g.add_lasting(c, Lasting::NoThreat, Until::EndOfPhase);
    }
}

// ----------------------------------------------------------------- Gandalf's Search (Core-067)
// Action, cost X: look at the top X cards of a player's deck, one of them to its owner's hand,
// the rest back on top in the order the player chooses. Decisions: X as `Mode(x)` (affordable
// Lore resources, at most the largest deck), then the player, then the card for the hand, then
// (2+ cards left) the rest are put back one at a time, each on top of the deck: the last one
// put back is the new top card.

fn largest_deck(g: &Game) -> i16 {
    area_players(g)
        .filter(|&p| !g.players[p as usize].eliminated)
        .map(|p| g.list(Zone::Deck(p)).len() as i16)
        .max()
        .unwrap_or(0)
}

fn search_can(g: &Game, _me: CardId, seat: u8) -> bool {
    g.available(seat, Sphere::Lore) >= 1 && largest_deck(g) >= 1
}

fn search_act(g: &mut Game, me: CardId, seat: u8) {
    let max = g
        .available(seat, Sphere::Lore)
        .min(largest_deck(g))
        .min(u8::MAX as i16);
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for x in 1..=max {
        g.offer(Opt::Mode(x as u8));
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
    }
}

fn search_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, seat) = (cont.card, cont.player);
    match (cont.step, opt) {
        (0, Opt::Mode(x)) => {
            g.pay(seat, Sphere::Lore, x as i16);
            g.begin_ask(seat, Ask::Effect { card: me, what: 1 });
            for p in area_players(g) {
                if can_draw(g, p) {
                    g.offer(Opt::Player(p));
                }
            }
            if g.n_offered() > 0 {
                g.ask_script(Cont::new(me, 1).with(seat, x as i16, 0));
            }
        }
        (1, Opt::Player(p)) => {
            let deck = g.list(Zone::Deck(p));
            let n = (cont.a.max(0) as usize).min(deck.len());
            let t: SmallIds = deck[deck.len() - n..].iter().rev().copied().collect();
            ask_cards(g, me, seat, 2, n as i16, t);
        }
        (2, Opt::Card(c)) => {
            if let Zone::Deck(p) = g.card(c).zone {
                let o = g.card(c).owner;
                g.move_card(c, Zone::Hand(o));
                search_put_back(g, me, seat, p, cont.a - 1, 0);
            }
        }
        (3, Opt::Card(c)) => {
            let (p, placed) = ((cont.b & 7) as u8, cont.b >> 3);
            if g.card(c).zone == Zone::Deck(p) {
                g.move_card(c, Zone::Deck(p));
                // Put back knowingly: its place stays known (`Game::look_at`).
                g.look_at(c, seat);
                search_put_back(g, me, seat, p, cont.a - 1, placed + 1);
            }
        }
        _ => {}
    }
}

/// Gandalf's Search: `left` looked-at cards are still to be put back on top of `p`'s deck; they
/// lie just under the `placed` cards already put back (the top of the deck is the list's end).
/// `seat` chooses the next one, which goes on top.
fn search_put_back(g: &mut Game, me: CardId, seat: u8, p: u8, left: i16, placed: i16) {
    let deck = g.list(Zone::Deck(p));
    let (left, placed) = (left.max(0) as usize, placed.max(0) as usize);
    if left < 2 || deck.len() < left + placed {
        // One card left: it is already right under the others; nothing to choose.
        if left == 1 && deck.len() > placed {
            let c = deck[deck.len() - placed - 1];
            g.move_card(c, Zone::Deck(p));
            g.look_at(c, seat);
        }
        return;
    }
    let t: SmallIds = deck[deck.len() - placed - left..deck.len() - placed]
        .iter()
        .rev()
        .copied()
        .collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 3 });
    for c in t {
        g.offer(Opt::Card(c));
    }
    g.ask_script(Cont::new(me, 3).with(seat, left as i16, ((placed as i16) << 3) | p as i16));
}

// ----------------------------------------------------------------- Beorn's Hospitality (Core-068)
// Action: remove all damage from every hero of a chosen player.

fn beorn_target(g: &Game, p: u8) -> bool {
    !g.players[p as usize].eliminated && g.heroes(p).any(|h| g.card(h).damage > 0 && !g.immune(h))
}

fn beorn_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    area_players(g).any(|p| beorn_target(g, p))
}

fn beorn_act(g: &mut Game, me: CardId, seat: u8) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for p in area_players(g) {
        if beorn_target(g, p) {
            g.offer(Opt::Player(p));
        }
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn beorn_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Player(p) = opt {
        let hs: SmallIds = g.heroes(p).filter(|&h| !g.immune(h)).collect();
        for h in hs {
            let d = g.card(h).damage;
            g.heal(h, d);
        }
    }
}

// ----------------------------------------------------------------- Forest Snare (Core-069)
// Attaches to an engaged enemy, which then cannot attack.

fn snare_target(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_enemy(t) && matches!(g.card(t).zone, Zone::Engaged(_)) && !g.immune(t)
}

fn snare_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotAttack(e) if g.card(me).zone == Zone::Attached(e))
}

// ----------------------------------------------------------------- Protector of Lórien (Core-070)
// Hero attachment. Action (3 times per phase per copy): discard a card from hand; the host gets
// +1 Defense or +1 Willpower this phase. Offered in every action window: Defense can matter in
// any phase (immediate attacks happen during staging, on engagement, on travel ...). Engine
// choice: the Willpower mode only in the quest phase, the only phase in which any card reads
// Willpower; elsewhere the Defense mode is the only one.

fn protector_can(g: &Game, me: CardId, seat: u8) -> bool {
    g.controller(me) == seat
        && matches!(g.card(me).zone, Zone::Attached(_))
        && !g.list(Zone::Hand(seat)).is_empty()
        && g.card(me).uses_phase < 3
}

fn protector_act(g: &mut Game, me: CardId, seat: u8) {
    crate::cards::common::count_use(g, me);
    let hand: SmallIds = g.list(Zone::Hand(seat)).iter().copied().collect();
    ask_cards(g, me, seat, 0, 0, hand);
}

fn protector_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Zone::Attached(host) = g.card(cont.card).zone else {
        return;
    };
    match (cont.step, opt) {
        (0, Opt::Card(c)) => {
            g.discard(c);
            g.begin_ask(
                cont.player,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            if g.phase == Phase::Quest {
                g.offer(Opt::Mode(0));
            }
            g.offer(Opt::Mode(1));
            g.ask_script(Cont::new(cont.card, 1).with(cont.player, 0, 0));
        }
        (1, Opt::Mode(m)) => {
            let s = if m == 0 {
                Stat::Willpower
            } else {
                Stat::Defense
            };
            g.add_lasting(host, Lasting::Stat(s, 1), Until::EndOfPhase);
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Dark Knowledge (Core-071)
// Hero attachment: -1 Willpower. Response, paid by exhausting Dark Knowledge itself: when a shadow
// card has just been dealt to an enemy engaged with its controller (an enemy about to attack
// him), look at that shadow card. The card is then known (`Game::look_at`): a search bot's
// determinization keeps it instead of re-sampling it.

fn dark_knowledge_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::ShadowDealt(e) = ev else {
        return false;
    };
    matches!(g.card(me).zone, Zone::Attached(_))
        && g.controller(me) == seat
        && g.is_ready(me)
        && g.engaged(seat).contains(&e)
        && g.shadows_of(e).last().is_some_and(|s| !g.card(s).seen)
}

fn dark_knowledge_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    let Event::ShadowDealt(e) = ev else { return };
    g.exhaust(me);
    if let Some(s) = g.shadows_of(e).last() {
        g.look_at(s, seat);
    }
}

fn dark_knowledge_modify(_g: &Game, _me: CardId, _target: CardId, s: Stat) -> i16 {
    if s == Stat::Willpower {
        -1
    } else {
        0
    }
}

// ----------------------------------------------------------------- Self Preservation (Core-072)
// Character attachment. Action: exhaust it to heal 2 damage from the host.

fn self_preservation_target(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_character(t) && !g.immune(t)
}

fn self_preservation_can(g: &Game, me: CardId, seat: u8) -> bool {
    let Zone::Attached(h) = g.card(me).zone else {
        return false;
    };
    g.controller(me) == seat && g.is_ready(me) && g.card(h).damage > 0
}

fn self_preservation_act(g: &mut Game, me: CardId, _seat: u8) {
    if let Zone::Attached(h) = g.card(me).zone {
        g.exhaust(me);
        g.heal(h, 2);
    }
}

// ----------------------------------------------------------------- tests

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Éowyn / Protector of Lórien / Elven Jeweler: discard the least useful card in hand.
    pub(super) fn protector_of_lorien_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| hand_card_value(g, p, c)),
            _ => None,
        }
    }

    /// heal 2
    pub(super) fn self_preservation_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        (hero_at_risk(g, p) || total_hero_damage(g, p) >= 3) as i32 * 25
    }

    pub(super) fn glorfindel_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        // Glorfindel: pay 1 to heal 1, with leftovers at the end of the round.
        (phase == Phase::Refresh && g.characters(p).any(|x| g.card(x).damage > 0)) as i32 * 20
    }

    /// heal 2
    pub(super) fn daughter_of_the_nimrodel_value(
        g: &Game,
        p: u8,
        _c: CardId,
        _ev: Option<Event>,
    ) -> i32 {
        (hero_at_risk(g, p) || total_hero_damage(g, p) >= 3) as i32 * 25
    }

    /// Lore of Imladris
    pub(super) fn lore_of_imladris_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        hero_at_risk(g, p) as i32 * 35
    }

    /// Lórien's Wealth
    pub(super) fn loriens_wealth_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let hand_n = hand(g, p).len();
        (hand_n <= 3 && phase == Phase::Planning) as i32 * 20
    }

    /// Radagast's Cunning
    pub(super) fn radagasts_cunning_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Quest
            && !any_questing(g, p)
            && staged(g).any(|x| g.is_enemy(x) && g.threat_contribution(x) >= 2)) as i32
            * 25
    }

    /// cards58: the most threat one target of the card silences now (`enemies`: a staged
    /// enemy, else a staged location; `Hint::staged_threat_cut`).
    fn best_staged_cut(g: &Game, enemies: bool) -> i16 {
        super::no_threat_targets(g, enemies)
            .map(|x| g.threat_contribution(x))
            .max()
            .unwrap_or(0)
    }

    /// cards58: Radagast's Cunning's cut (a staged enemy).
    pub(super) fn radagasts_cunning_cut(g: &Game) -> i16 {
        best_staged_cut(g, true)
    }

    /// cards58: Secret Paths' cut (a staged location).
    pub(super) fn secret_paths_cut(g: &Game) -> i16 {
        best_staged_cut(g, false)
    }

    /// Secret Paths
    pub(super) fn secret_paths_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Quest
            && !any_questing(g, p)
            && staged(g).any(|x| g.is_location(x) && g.threat_contribution(x) >= 2)) as i32
            * 25
    }

    /// cards41: Gandalf's Search draws with the Lore resources no other Lore or neutral card in
    /// hand needs (`search_surplus`): in the planning phase only, and at the lowest value, so
    /// every other play of the phase comes first. (`Hint::spare_resource_draw`: `basic` plays
    /// by it only with `spare_draw=1`.)
    pub(super) fn gandalfs_search_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        (g.phase == Phase::Planning && search_surplus(g, p, c) >= 1) as i32 * 2
    }

    /// Lore resources of `p` beyond the dearest other Lore or neutral card in hand.
    fn search_surplus(g: &Game, p: u8, c: CardId) -> i16 {
        let need = hand(g, p)
            .iter()
            .filter(|&&x| x != c && matches!(g.def_of(x).sphere, Sphere::Lore | Sphere::Neutral))
            .map(|&x| g.cost_of(x, p))
            .max()
            .unwrap_or(0);
        g.available(p, Sphere::Lore) - need.max(0)
    }

    /// Gandalf's Search: X is the surplus (at most 3; at least 1), our own deck, the card worth
    /// most in hand.
    pub(super) fn gandalfs_search_effect(
        g: &Game,
        p: u8,
        c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let x = search_surplus(g, p, c).clamp(1, 3) as u8;
                let mut best: Option<(u8, usize)> = None;
                for (i, opt) in o.iter().enumerate() {
                    if let Opt::Mode(m) = *opt {
                        if m <= x && best.is_none_or(|(b, _)| m > b) {
                            best = Some((m, i));
                        }
                    }
                }
                best.map(|(_, i)| i)
            }
            1 => find(o, Opt::Player(p)),
            2 => pick_max(o, |x| hand_card_value(g, p, x)),
            _ => None,
        }
    }

    /// Beorn's Hospitality
    pub(super) fn beorns_hospitality_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        (total_hero_damage(g, p) >= 4) as i32 * 30
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::sandbox;
    use crate::cards::testkit::{heroes, options};
    use crate::engine::ENCOUNTER;

    #[test]
    fn denethor() {
        let mut g = sandbox(&[&["Core-010"]]);
        let d = heroes(&g, 0)[0];
        let top = g.top(Zone::EncounterDeck).unwrap();
        g.act(0, Opt::Activate(d));
        assert!(!g.is_ready(d));
        assert_eq!(options(&g), vec![Opt::Pass, Opt::Card(top)]);
        g.answer(Opt::Card(top));
        assert_eq!(g.list(Zone::EncounterDeck)[0], top);
        assert_ne!(g.top(Zone::EncounterDeck), Some(top));
        assert!(!denethor_can(&g, d, 0));
    }

    #[test]
    fn glorfindel() {
        let mut g = sandbox(&[&["Core-011", "Core-001"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 2;
        // Nothing damaged: not offered.
        assert!(!glorfindel_can(&g, h[0], 0));
        g.cards[h[1] as usize].damage = 2;
        g.act(0, Opt::Activate(h[0]));
        assert_eq!(g.card(h[1]).damage, 1);
        assert_eq!(g.card(h[0]).resources, 1);
        // Once per round.
        assert!(!glorfindel_can(&g, h[0], 0));
    }

    #[test]
    fn beravor() {
        let mut g = sandbox(&[&["Core-012"]]);
        let b = heroes(&g, 0)[0];
        let n = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Activate(b));
        assert_eq!(g.list(Zone::Hand(0)).len(), n + 2);
        assert!(!g.is_ready(b));
        g.ready(b);
        assert!(!beravor_can(&g, b, 0));
    }

    #[test]
    fn daughter_of_the_nimrodel() {
        let mut g = sandbox(&[&["Core-010", "Core-001"]]);
        let h = heroes(&g, 0);
        let d = g.spawn("Core-058", 0, Zone::Play(0));
        assert!(!daughter_can(&g, d, 0));
        g.cards[h[1] as usize].damage = 3;
        g.act(0, Opt::Activate(d));
        assert_eq!(g.card(h[1]).damage, 1);
        assert!(!g.is_ready(d));
    }

    #[test]
    fn erebor_hammersmith() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 2;
        let a1 = g.spawn("Core-072", 0, Zone::Discard(0));
        let a2 = g.spawn("Core-070", 0, Zone::Discard(0));
        g.spawn("Core-013", 0, Zone::Discard(0));
        let e = g.spawn("Core-059", 0, Zone::Hand(0));
        g.act(0, Opt::Play(e));
        g.answer(Opt::Activate(e));
        assert_eq!(g.card(a2).zone, Zone::Hand(0));
        assert_eq!(g.card(a1).zone, Zone::Discard(0));
    }

    #[test]
    fn henamarth_riversong() {
        let mut g = sandbox(&[&["Core-010"]]);
        let c = g.spawn("Core-060", 0, Zone::Play(0));
        let deck: Vec<CardId> = g.list(Zone::EncounterDeck).to_vec();
        g.act(0, Opt::Activate(c));
        assert!(!g.is_ready(c));
        assert_eq!(g.list(Zone::EncounterDeck), &deck[..]);
        assert!(!henamarth_can(&g, c, 0));
        // The top card is known now: a search bot's determinization leaves it on top, until
        // the deck is shuffled.
        let top = *deck.last().unwrap();
        assert!(g.card(top).seen);
        for seed in 0..8 {
            let mut copy = g.clone();
            copy.determinize(&mut rand_pcg::Pcg64Mcg::new(seed));
            assert_eq!(copy.top(Zone::EncounterDeck), Some(top));
        }
        g.shuffle(Zone::EncounterDeck);
        assert!(!g.card(top).seen);
    }

    #[test]
    fn miner_of_the_iron_hills() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        let dk = g.spawn("Core-071", 0, Zone::Discard(0));
        g.attach(dk, h, 0);
        assert_eq!(g.stat(h, Stat::Willpower), 0);
        let m = g.spawn("Core-061", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(m));
        g.answer(Opt::Activate(m));
        assert_eq!(g.card(dk).zone, Zone::Discard(0));
        assert_eq!(g.stat(h, Stat::Willpower), 1);
    }

    #[test]
    fn miner_of_the_iron_hills_spares_the_players_own_conditions() {
        use crate::bots::basic::BasicBot;
        use crate::bots::Bot;
        // Two seats: the partner's hero wears Unexpected Courage (a Condition).
        let mut g = sandbox(&[&["Core-010"], &["Core-011"]]);
        let partner = heroes(&g, 1)[0];
        let uc = g.spawn("Core-057", 1, Zone::Discard(1));
        g.attach(uc, partner, 1);
        let m = g.spawn("Core-061", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(m));
        let d = g.pending().expect("the response is offered").clone();
        assert!(d.options.contains(&Opt::Activate(m)));
        let pick = d.options[BasicBot::new().choose(&g, &d)];
        assert_eq!(pick, Opt::Pass, "a player's own Condition is not discarded");
        // An encounter card's Condition (here one owned by the encounter deck) is, and it is
        // the one chosen.
        let h = heroes(&g, 0)[0];
        let bad = g.spawn("Core-057", ENCOUNTER, Zone::Discard(0));
        g.attach(bad, h, 0);
        let mut bot = BasicBot::new();
        let pick = d.options[bot.choose(&g, &d)];
        assert_eq!(pick, Opt::Activate(m));
        g.answer(pick);
        while let Some(d) = g.pending() {
            let d = d.clone();
            let i = bot.choose(&g, &d);
            g.answer(d.options[i]);
        }
        assert!(
            !g.card(bad).zone.in_play(),
            "the encounter's Condition is discarded"
        );
        assert!(g.card(uc).zone.in_play(), "the partner's stays");
    }

    #[test]
    fn miner_not_offered_without_conditions() {
        let mut g = sandbox(&[&["Core-010"]]);
        let m = g.spawn("Core-061", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(m));
        assert!(g.pending().is_none());
    }

    #[test]
    fn gleowine() {
        let mut g = sandbox(&[&["Core-010"]]);
        let c = g.spawn("Core-062", 0, Zone::Play(0));
        let n = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Activate(c));
        assert_eq!(g.list(Zone::Hand(0)).len(), n + 1);
        assert!(!gleowine_can(&g, c, 0));
    }

    #[test]
    fn lore_of_imladris() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 2;
        let e = g.spawn("Core-063", 0, Zone::Hand(0));
        assert!(!lore_of_imladris_can(&g, e, 0));
        g.cards[h as usize].damage = 2;
        g.act(0, Opt::Play(e));
        assert_eq!(g.card(h).damage, 0);
        assert_eq!(g.card(e).zone, Zone::Discard(0));
    }

    #[test]
    fn loriens_wealth() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 3;
        let e = g.spawn("Core-064", 0, Zone::Hand(0));
        let n = g.list(Zone::Hand(0)).len();
        g.act(0, Opt::Play(e));
        assert_eq!(g.list(Zone::Hand(0)).len(), n - 1 + 3);
    }

    #[test]
    fn radagasts_cunning() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let en = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let e = g.spawn("Core-065", 0, Zone::Hand(0));
        assert!(!radagast_can(&g, e, 0)); // planning phase
        g.phase = Phase::Quest;
        let before = g.staging_threat();
        g.act(0, Opt::Play(e));
        assert_eq!(g.staging_threat(), before - 2);
        assert_eq!(g.threat_contribution(en), 0);
    }

    #[test]
    fn radagasts_cunning_sees_only_its_staging_area_while_split() {
        let mut g = sandbox(&[&["Core-010"], &["Core-001"]]);
        g.split_areas();
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        g.phase = Phase::Quest;
        g.areas.now = 1;
        let far = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.focus(0);
        let e = g.spawn("Core-065", 0, Zone::Hand(0));
        assert!(!radagast_can(&g, e, 0), "no enemy in P1's staging area");
        let near = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        assert!(radagast_can(&g, e, 0));
        g.act(0, Opt::Play(e));
        assert_eq!(g.threat_contribution(near), 0);
        assert!(g.threat_contribution(far) > 0);
    }

    #[test]
    fn forest_snare_targets_only_its_staging_area_while_split() {
        let mut g = sandbox(&[&["Core-010"], &["Core-001"]]);
        g.split_areas();
        let s = g.spawn("Core-069", 0, Zone::Hand(0));
        let near = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        let far = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(1));
        g.focus(0);
        assert_eq!(g.attach_targets(s, 0).collect::<Vec<_>>(), vec![near]);
        g.focus(1);
        assert_eq!(g.attach_targets(s, 0).collect::<Vec<_>>(), vec![far]);
    }

    #[test]
    fn beorns_hospitality_chooses_a_player_of_its_staging_area_while_split() {
        let mut g = sandbox(&[&["Core-010"], &["Core-001"], &["Core-002"]]);
        g.split_areas();
        g.join_area(1, 0);
        for p in 0..3 {
            let h = heroes(&g, p)[0];
            g.cards[h as usize].damage = 1;
        }
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 5;
        g.focus(0);
        let e = g.spawn("Core-068", 0, Zone::Hand(0));
        g.act(0, Opt::Play(e));
        g.check_invariants().unwrap();
        assert_eq!(options(&g), vec![Opt::Player(0), Opt::Player(1)]);
    }

    #[test]
    fn secret_paths() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        g.phase = Phase::Quest;
        let e = g.spawn("Core-066", 0, Zone::Hand(0));
        assert!(!secret_paths_can(&g, e, 0));
        let l = g.spawn("TLR-028", ENCOUNTER, Zone::Staging);
        g.act(0, Opt::Play(e));
        assert_eq!(g.threat_contribution(l), 0);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.threat_contribution(l), 3);
    }

    #[test]
    fn gandalfs_search() {
        let mut g = sandbox(&[&["Core-010", "Core-001"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 2;
        g.cards[h[1] as usize].resources = 5; // Leadership: cannot pay for X
        let e = g.spawn("Core-067", 0, Zone::Hand(0));
        let top2: Vec<CardId> = g
            .list(Zone::Deck(0))
            .iter()
            .rev()
            .take(2)
            .copied()
            .collect();
        g.act(0, Opt::Play(e));
        assert_eq!(options(&g), vec![Opt::Mode(1), Opt::Mode(2)]);
        g.answer(Opt::Mode(2));
        assert_eq!(g.card(h[0]).resources, 0);
        assert_eq!(g.card(h[1]).resources, 5);
        assert_eq!(options(&g), vec![Opt::Card(top2[0]), Opt::Card(top2[1])]);
        g.answer(Opt::Card(top2[1]));
        assert_eq!(g.card(top2[1]).zone, Zone::Hand(0));
        assert_eq!(g.top(Zone::Deck(0)), Some(top2[0]));
        // The card put back is known on top: a search bot's determinization keeps it there.
        assert!(g.card(top2[0]).seen);
        let mut copy = g.clone();
        copy.determinize(&mut rand_pcg::Pcg64Mcg::new(3));
        assert_eq!(copy.top(Zone::Deck(0)), Some(top2[0]));
    }

    #[test]
    fn gandalfs_search_not_offered_without_lore_resources() {
        let mut g = sandbox(&[&["Core-010", "Core-001"]]);
        let h = heroes(&g, 0);
        g.cards[h[1] as usize].resources = 5;
        let e = g.spawn("Core-067", 0, Zone::Hand(0));
        assert!(!search_can(&g, e, 0));
    }

    #[test]
    fn beorns_hospitality() {
        let mut g = sandbox(&[&["Core-010", "Core-001"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 5;
        let e = g.spawn("Core-068", 0, Zone::Hand(0));
        assert!(!beorn_can(&g, e, 0));
        g.cards[h[0] as usize].damage = 2;
        g.cards[h[1] as usize].damage = 3;
        g.act(0, Opt::Play(e));
        assert_eq!((g.card(h[0]).damage, g.card(h[1]).damage), (0, 0));
    }

    #[test]
    fn forest_snare() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 3;
        let s = g.spawn("Core-069", 0, Zone::Hand(0));
        let staged = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let en = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(g.attach_targets(s, 0).collect::<Vec<_>>(), vec![en]);
        g.act(0, Opt::Play(s));
        assert_eq!(g.card(s).zone, Zone::Attached(en));
        assert!(g.rule(Rule::CannotAttack(en)));
        assert!(!g.rule(Rule::CannotAttack(staged)));
    }

    #[test]
    fn protector_of_lorien() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let p = g.spawn("Core-070", 0, Zone::Hand(0));
        g.act(0, Opt::Play(p));
        assert_eq!(g.card(p).zone, Zone::Attached(h));
        g.phase = Phase::Quest;
        for i in 0..3 {
            let c = g.list(Zone::Hand(0))[0];
            g.act(0, Opt::Activate(p));
            g.answer(Opt::Card(c));
            g.answer(Opt::Mode(if i == 0 { 0 } else { 1 }));
            assert_eq!(g.card(c).zone, Zone::Discard(0));
        }
        assert_eq!(g.stat(h, Stat::Willpower), 2);
        assert_eq!(g.stat(h, Stat::Defense), 5);
        assert!(!protector_can(&g, p, 0)); // limit 3 per phase
        g.expire(Until::EndOfPhase);
        assert!(protector_can(&g, p, 0));
        assert_eq!(g.stat(h, Stat::Defense), 3);
    }

    /// Protector of Lórien is usable outside the quest and combat phases (Defense matters to
    /// immediate attacks in any phase); there only the Defense mode is offered.
    #[test]
    fn protector_of_lorien_any_phase() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        let p = g.spawn("Core-070", 0, Zone::Attached(h));
        g.cards[p as usize].controller = 0;
        for ph in [Phase::Planning, Phase::Encounter, Phase::Travel] {
            g.phase = ph;
            assert!(protector_can(&g, p, 0), "{ph:?}");
        }
        g.phase = Phase::Encounter;
        let c = g.list(Zone::Hand(0))[0];
        g.act(0, Opt::Activate(p));
        g.answer(Opt::Card(c));
        // Only one mode (Defense): no decision.
        assert!(g.pending().is_none());
        assert_eq!(g.stat(h, Stat::Defense), 4);
        assert_eq!(g.stat(h, Stat::Willpower), 1);
    }

    /// Gandalf's Search: the cards not taken go back on top in the order the player chooses
    /// (each put back goes on top; the last one is the new top card).
    #[test]
    fn gandalfs_search_player_orders_the_rest() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 4;
        let e = g.spawn("Core-067", 0, Zone::Hand(0));
        let t: Vec<CardId> = g
            .list(Zone::Deck(0))
            .iter()
            .rev()
            .take(4)
            .copied()
            .collect();
        g.act(0, Opt::Play(e));
        g.answer(Opt::Mode(4));
        g.answer(Opt::Card(t[1]));
        assert_eq!(g.card(t[1]).zone, Zone::Hand(0));
        // The rest, top first.
        assert_eq!(
            options(&g),
            vec![Opt::Card(t[0]), Opt::Card(t[2]), Opt::Card(t[3])]
        );
        g.answer(Opt::Card(t[0]));
        assert_eq!(options(&g), vec![Opt::Card(t[2]), Opt::Card(t[3])]);
        g.answer(Opt::Card(t[3]));
        assert!(g.pending().is_none());
        let deck = g.list(Zone::Deck(0));
        let top3: Vec<CardId> = deck.iter().rev().take(3).copied().collect();
        assert_eq!(top3, vec![t[2], t[3], t[0]]);
        assert_eq!(g.card(e).zone, Zone::Discard(0));
    }

    /// cards41: Gandalf's Search is played in the planning phase with the Lore resources no
    /// other Lore or neutral card in hand needs, X = that surplus (at most 3), on its own deck,
    /// taking the card worth most; never while a dearer Lore card waits for the resources,
    /// and never outside the planning phase.
    #[test]
    fn cards41_gandalfs_search_spends_spare_lore() {
        use crate::cards::hints::action_value;
        use crate::cards::testkit::codes::{GANDALFS_SEARCH, LORE_HEROES, PROTECTOR_OF_LORIEN};
        let mut g = sandbox(&[LORE_HEROES]);
        for h in heroes(&g, 0) {
            g.cards[h as usize].resources = 0;
        }
        let glorfindel = crate::cards::testkit::hero(&g, "Core-011");
        g.cards[glorfindel as usize].resources = 2;
        let hand: Vec<CardId> = g.list(Zone::Hand(0)).to_vec();
        for c in hand {
            g.move_card(c, Zone::Discard(0));
        }
        let s = g.spawn(GANDALFS_SEARCH, 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert!(action_value(&g, 0, s, None) > 0, "2 spare Lore resources");
        // `basic` plays by that value only with `spare_draw=1` (off by default).
        for (spec, want) in [("basic", Opt::Pass), ("basic:spare_draw=1", Opt::Play(s))] {
            assert_eq!(
                crate::cards::testkit::planning_pick(&g, s, spec),
                want,
                "{spec}"
            );
        }
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, s, None), 0, "planning only");
        g.phase = Phase::Planning;
        // A Lore card costing 1 in hand: 1 spare.
        let pl = g.spawn(PROTECTOR_OF_LORIEN, 0, Zone::Hand(0));
        assert!(action_value(&g, 0, s, None) > 0);
        let modes = [Opt::Mode(1), Opt::Mode(2)];
        assert_eq!(
            super::bot::gandalfs_search_effect(&g, 0, s, 0, &modes),
            Some(0)
        );
        g.move_card(pl, Zone::Discard(0));
        assert_eq!(
            super::bot::gandalfs_search_effect(&g, 0, s, 0, &modes),
            Some(1)
        );
        // Resources saved for a dearer Lore card: kept.
        g.cards[glorfindel as usize].resources = 1;
        g.spawn(PROTECTOR_OF_LORIEN, 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, s, None), 0);
        // Played through: X = 1, our deck, a card to hand.
        g.cards[glorfindel as usize].resources = 2;
        let n = g.list(Zone::Hand(0)).len();
        let mut bot = crate::bots::basic::BasicBot::new();
        g.act(0, Opt::Play(s));
        while let Some(d) = g.pending() {
            let d = d.clone();
            let i = crate::bots::Bot::choose(&mut bot, &g, &d);
            g.answer(d.options[i]);
        }
        assert_eq!(g.list(Zone::Hand(0)).len(), n);
        assert_eq!(g.cards[glorfindel as usize].resources, 1);
    }

    #[test]
    fn dark_knowledge() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let d = g.spawn("Core-071", 0, Zone::Hand(0));
        g.act(0, Opt::Play(d));
        assert_eq!(g.card(d).zone, Zone::Attached(h));
        assert_eq!(g.stat(h, Stat::Willpower), 0);
        // A shadow card dealt to an enemy engaged with us: exhaust it to look at that card.
        for _ in 0..3 {
            g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        }
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        assert!(g.deal_shadow(e));
        g.settle();
        let s = g.shadows_of(e).last().unwrap();
        assert!(!g.card(s).seen);
        let offered = g.pending().map(|d| d.options.clone()).unwrap_or_default();
        assert!(offered.contains(&Opt::Activate(d)), "{offered:?}");
        g.answer(Opt::Activate(d));
        assert!(g.card(s).seen && !g.is_ready(d));
        // Exhausted: the next shadow card is not offered.
        assert!(g.deal_shadow(e));
        g.settle();
        assert!(g.pending().is_none());
        // A search bot's determinization keeps the seen shadow card; the unseen one is
        // re-sampled from the encounter pool.
        let mut copy = g.clone();
        copy.determinize(&mut rand_pcg::Pcg64Mcg::new(7));
        assert_eq!(copy.card(s).zone, Zone::Shadow(e));
        assert!(copy.card(s).seen);
        // The look ends when the card moves.
        g.move_card(s, Zone::EncounterDiscard);
        assert!(!g.card(s).seen);
    }

    #[test]
    fn self_preservation() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 3;
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        let s = g.spawn("Core-072", 0, Zone::Hand(0));
        g.act(0, Opt::Play(s));
        g.answer(Opt::Card(a));
        assert_eq!(g.card(s).zone, Zone::Attached(a));
        assert!(!self_preservation_can(&g, s, 0));
        g.cards[a as usize].damage = 1;
        g.act(0, Opt::Activate(s));
        assert_eq!(g.card(a).damage, 0);
        assert!(!g.is_ready(s));
    }

    /// Random games with the Core Leadership and Lore decks keep the engine's invariants.
    #[test]
    fn soak_leadership_and_lore_decks() {
        use crate::engine::{GameSetup, RuleOptions};
        let db = crate::cards::testkit::db();
        let deck = |s: &str| crate::deck::resolve_deck(s, db).expect("built-in deck");
        for decks in [
            vec![deck("core-leadership")],
            vec![deck("core-lore")],
            vec![deck("core-leadership"), deck("core-lore")],
        ] {
            let setup = GameSetup {
                scenario: db.scenario("intruders-in-chetwood").unwrap(),
                mode: crate::data::Mode::Standard,
                decks,
                options: RuleOptions::default(),
                max_rounds: 30,
                allow_unimplemented: true,
            };
            let mut g = Game::new(db, &setup);
            let mut bot = crate::bots::make("random").unwrap();
            for i in 0..40 {
                bot.new_game(i);
                g.start(11, i);
                while let Some(d) = g.pending() {
                    let d = d.clone();
                    let k = bot.choose(&g, &d);
                    g.apply(k);
                    if let Err(e) = g.check_invariants() {
                        panic!("game {i}: {e}");
                    }
                }
            }
        }
    }

    #[test]
    fn lore_of_imladris_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Stat, Zone};
        let mut g = sandbox(&[&["Core-012"]]);
        let h = heroes(&g, 0)[0];
        let c = g.spawn("Core-063", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "nobody hurt");
        g.cards[h as usize].damage = g.stat(h, Stat::HitPoints) - 2;
        assert_eq!(action_value(&g, 0, c, None), 35, "a hero at risk");
    }

    #[test]
    fn glorfindel_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-011", 0, Zone::Play(0));
        g.phase = Phase::Refresh;
        assert_eq!(action_value(&g, 0, c, None), 0, "nobody damaged");
        g.cards[c as usize].damage = 1;
        assert_eq!(action_value(&g, 0, c, None), 20);
    }

    #[test]
    fn beravor_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-012", 0, Zone::Play(0));
        let gleowine = g.spawn("Core-062", 0, Zone::Play(0));
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 20, "no enemy: draw");
        assert_eq!(action_value(&g, 0, gleowine, None), 20);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "needed for combat");
        assert_eq!(crate::cards::hints::hint(&g, c).exhaust_draws, 2);
        // The enemy has attacked: Beravor draws unless her Attack makes the kill.
        g.cards[e as usize].attacked = true;
        let total: i16 = g.characters(0).map(|x| g.stat(x, Stat::Attack)).sum();
        let need = |g: &Game| g.remaining_hp(e) + g.stat(e, Stat::Defense);
        // Exhaust characters other than Beravor until the ready ones reach exactly the kill.
        let mut ready_atk = total;
        for x in g.characters(0).collect::<Vec<_>>() {
            if x != c && ready_atk - g.stat(x, Stat::Attack) >= need(&g) {
                ready_atk -= g.stat(x, Stat::Attack);
                g.exhaust(x);
            }
        }
        assert!(ready_atk >= need(&g) && ready_atk - g.stat(c, Stat::Attack) < need(&g));
        assert_eq!(action_value(&g, 0, c, None), 0, "her Attack makes the kill");
        // No kill possible with or without her: the draw is worth more than a chip.
        for x in g.characters(0).collect::<Vec<_>>() {
            if x != c {
                g.exhaust(x);
            }
        }
        assert!(g.stat(c, Stat::Attack) < need(&g));
        assert_eq!(
            action_value(&g, 0, c, None),
            20,
            "attacks over, no kill: draw"
        );
    }

    #[test]
    fn loriens_wealth_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-064", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 0, "a full hand");
        while g.list(Zone::Hand(0)).len() > 3 {
            let x = g.list(Zone::Hand(0))[0];
            g.discard(x);
        }
        assert_eq!(action_value(&g, 0, c, None), 20);
    }

    /// cards58: the staged threat each card would silence now is its best target's.
    #[test]
    fn secret_paths_staged_threat_cut_hint() {
        use crate::cards::hints::hint;
        let mut g = crate::cards::testkit::sandbox(&[&["Core-010"]]);
        let e = g.spawn("Core-066", 0, Zone::Hand(0));
        let cut = hint(&g, e)
            .staged_threat_cut
            .expect("Secret Paths has the hint");
        assert_eq!(cut(&g), 0, "no staged location");
        g.spawn("TLR-043", ENCOUNTER, Zone::Staging); // an enemy: not its target
        assert_eq!(cut(&g), 0);
        let l = g.spawn("TLR-028", ENCOUNTER, Zone::Staging);
        assert_eq!(cut(&g), g.threat_contribution(l));
        assert_eq!(cut(&g), 3);
    }

    #[test]
    fn radagasts_cunning_staged_threat_cut_hint() {
        use crate::cards::hints::hint;
        let mut g = crate::cards::testkit::sandbox(&[&["Core-010"]]);
        let e = g.spawn("Core-065", 0, Zone::Hand(0));
        let cut = hint(&g, e)
            .staged_threat_cut
            .expect("Radagast's Cunning has the hint");
        g.spawn("TLR-028", ENCOUNTER, Zone::Staging); // a location: not its target
        assert_eq!(cut(&g), 0);
        let en = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        assert_eq!(cut(&g), g.threat_contribution(en));
        assert_eq!(cut(&g), 2);
    }

    #[test]
    fn beorns_hospitality_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::Zone;
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-068", 0, Zone::Hand(0));
        let hs: Vec<_> = g.heroes(0).collect();
        g.cards[hs[0] as usize].damage = 2;
        g.cards[hs[1] as usize].damage = 1;
        assert_eq!(action_value(&g, 0, c, None), 0, "3 damage");
        g.cards[hs[2] as usize].damage = 1;
        assert_eq!(action_value(&g, 0, c, None), 30, "4 damage");
    }

    #[test]
    fn protector_of_lorien_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Event, Opt, Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-070", 0, Zone::Play(0));
        let ev = Some(Event::PhaseBegin(Phase::Combat));
        assert_eq!(action_value(&g, 0, c, ev), 0, "not a free response");
        let guard = g.spawn("Core-013", 0, Zone::Hand(0));
        let will = g.spawn("Core-050", 0, Zone::Hand(0));
        let f = hint(&g, c).effect.unwrap();
        let o = [Opt::Card(will), Opt::Card(guard)];
        assert_eq!(
            f(&g, 0, c, 0, &o),
            Some(1),
            "the key response stays in hand"
        );
    }

    /// Protector of Lórien's discard boost (`Hint::discard_boosts_host`): on a questing host
    /// while the hand holds 5 or more cards, not on a host that stays back, not on a small hand.
    #[test]
    fn protector_of_lorien_discard_boost_hint() {
        use crate::cards::hints::{action_value, hint};
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        let p = g.spawn("Core-070", 0, Zone::Discard(0));
        g.attach(p, h, 0);
        assert!(hint(&g, p).discard_boosts_host);
        while g.list(Zone::Hand(0)).len() < 5 {
            g.spawn("Core-013", 0, Zone::Hand(0));
        }
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, p, None), 0, "the host does not quest");
        g.cards[h as usize].questing = true;
        assert_eq!(action_value(&g, 0, p, None), 10, "a questing host, 5 cards");
        while g.list(Zone::Hand(0)).len() > 4 {
            let x = g.list(Zone::Hand(0))[0];
            g.discard(x);
        }
        assert_eq!(action_value(&g, 0, p, None), 0, "4 cards are kept");
    }
}
