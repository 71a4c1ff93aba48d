//! The Weather Hills: its quest cards (Scattered Among the Hills, Cornered Animals), the Mission
//! objective Hunting the Orcs / Savage Counter-attack and The Weather Hills encounter set. The
//! Orc deck (RULES §8.5) is the zone `Zone::OrcDeck`. Each script has a one-line summary in our
//! own words.
//!
//! Audited for issue 18 (every card of the scenario in all three modes, this module and the
//! Angmar Orcs, Foul Weather, Ruins of Arnor and Nightmare scripts, against the printed text,
//! the data's quantities and RULES §8.5, then in traces): no effect found harsher than printed.
//! The one engine choice more lenient than a strict reading: Amon Forn's attack fires only for
//! an Orc enemy revealed into the staging area, not for one returned there (the rule option
//! `amon_forn_returned` takes the strict reading).

use super::foul_weather::{damaged_count_shadow, is_weather_treachery};
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Orc Ambush and Amon Forn aside; the Angmar Orcs enemies and the Concealed
    // Orc-camps form the shuffled Orc deck; an Exposed Ridge becomes the active location;
    // Hunting the Orcs and a Weathered Hilltop go to the staging area; shuffle.
    Script {
        code: "TLR-069A",
        setup: Some(stage1a_setup),
        ..BLANK
    },
    // Stage 1B (no quest points): the first Weather treachery revealed each round surges; after
    // the active location is explored the top Orc-deck card (two with 3+ players) is revealed as
    // if from the encounter deck.
    Script {
        code: "TLR-069B",
        hint: Hint {
            explore_reveals: Some((Zone::OrcDeck, 1)),
            ..NO_HINT
        },
        forced: Some(stage1b_forced),
        forced_on: events![Explored, Revealing],
        ..BLANK
    },
    // Stage 2A: the current phase ends; a new encounter deck is shuffled from the old one, its
    // discard pile and the Orc deck; the set-aside Orc Ambush and Amon Forn are revealed.
    Script {
        code: "TLR-070A",
        when_revealed: Some(stage2a_revealed),
        ..BLANK
    },
    // Stage 2B: damaged characters get -1 Willpower; at the beginning of each quest phase the
    // first player discards a Savage Counter-attack token or reveals one more card in staging;
    // defeating it wins.
    Script {
        code: "TLR-070B",
        hint: Hint {
            effect: Some(bot::cornered_animals_effect),
            life_or_card: Some((0, 1)),
            ..NO_HINT
        },
        modify: Some(stage2b_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Willpower]),
        forced: Some(stage2b_forced),
        forced_on: events![PhaseBegin, StagingEnded],
        resume: Some(stage2b_resume),
        mode_names: &[
            (0, 0, "remove a Savage Counter-attack token"),
            (0, 1, "reveal one more encounter card this phase"),
        ],
        ..BLANK
    },
    // Hunting the Orcs: a token per defeated enemy; at 3 + players tokens it flips to Savage
    // Counter-attack, keeping its tokens.
    Script {
        code: "TLR-071",
        hint: Hint {
            kills_advance_quest: true,
            flip_kills_base: 3,
            ..NO_HINT
        },
        forced: Some(hunting_forced),
        forced_on: events![Destroyed],
        resume: Some(hunting_resume),
        ..BLANK
    },
    // Savage Counter-attack: entering play advances to stage 2A; an enemy attack that destroys a
    // character costs a token; no tokens left loses the game.
    Script {
        code: "TLR-072",
        hint: Hint {
            mission_tokens_are_lives: true,
            ..NO_HINT
        },
        forced: Some(savage_forced),
        forced_on: events![EnemyAttackEnded, EntersPlay],
        resume: Some(savage_resume),
        ..BLANK
    },
    // Cornered Orc: attacks at once after it engages a player; shadow: +1 Attack (+2 if the
    // defending character is damaged).
    Script {
        code: "TLR-025",
        hint: Hint {
            attacks_when_engaged: true,
            ..NO_HINT
        },
        forced: Some(cornered_orc_forced),
        forced_on: events![Engaged],
        shadow: Some(cornered_orc_shadow),
        ..BLANK
    },
    // Amon Forn (immune to player card effects): while active, an Orc enemy added to the staging
    // area attacks the first player at once; the players cannot win while it is in play.
    Script {
        code: "TLR-026",
        hint: Hint {
            attacks_on_reveals: true,
            ..NO_HINT
        },
        rule: Some(amon_forn_rule),
        rule_on: crate::rules![CannotWin],
        forced: Some(amon_forn_forced),
        forced_on: events![Revealing, ReturnedToStaging],
        ..BLANK
    },
    // Weathered Hilltop: +1 Threat per resource token on it; gains a token after each Weather
    // treachery revealed from the encounter deck.
    Script {
        code: "TLR-027",
        hint: Hint {
            // About one Weather treachery a round comes with the surge of stage 1B.
            threat_growth: 1,
            ..NO_HINT
        },
        modify: Some(hilltop_modify),
        forced: Some(hilltop_forced),
        forced_on: events![Revealed],
        ..BLANK
    },
    // Exposed Ridge: while active, each player puts 1 damage on one of his characters at the end
    // of the refresh phase; shadow: +1 Attack per damaged character of the defending player.
    Script {
        code: "TLR-028",
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        forced: Some(ridge_forced),
        forced_on: events![PhaseEnd],
        shadow: Some(damaged_count_shadow),
        resume: Some(ridge_resume),
        ..BLANK
    },
    // Sheltered Valley: traveling costs a Mission token; explored while active, one character
    // may be healed of all damage.
    Script {
        code: "TLR-029",
        hint: Hint {
            travel_costs_mission_token: true,
            effect: Some(bot::sheltered_valley_effect),
            ..NO_HINT
        },
        forced: Some(valley_forced),
        forced_on: events![Explored],
        travel: Some(valley_travel),
        resume: Some(valley_resume),
        ..BLANK
    },
    // Concealed Orc-camp: traveling makes the first player fetch an Orc enemy from the encounter
    // deck / discard pile and engage it; explored while active, a token may go on the Mission.
    Script {
        code: "TLR-030",
        hint: Hint {
            effect: Some(bot::concealed_orc_camp_effect),
            travel_adds_enemy: true,
            ..NO_HINT
        },
        forced: Some(camp_forced),
        forced_on: events![Explored],
        travel: Some(camp_travel),
        resume: Some(camp_resume),
        ..BLANK
    },
    // Ice Storm: each player spreads X damage (X = quest cards in play) over his characters,
    // then every damaged character exhausts; shadow: the defending player spreads X damage.
    Script {
        code: "TLR-031",
        hint: Hint {
            damage_prompts: &[(0, 1), (1, 1)],
            ..NO_HINT
        },
        when_revealed: Some(ice_storm),
        shadow: Some(ice_storm_shadow),
        resume: Some(ice_storm_resume),
        ..BLANK
    },
    // Find Shelter (side quest, Time 4): when its time runs out each player puts 4 damage on one
    // of his heroes and it gets 4 time counters again.
    Script {
        code: "TLR-032",
        hint: Hint {
            side_quest_priority: 90,
            damage_prompts: &[(0, 4)],
            deadline_harm: 8,
            ..NO_HINT
        },
        forced: Some(shelter_forced),
        forced_on: events![TimeRanOut],
        resume: Some(shelter_resume),
        ..BLANK
    },
];

const ORC_AMBUSH: &str = "TLR-046";
const AMON_FORN: &str = "TLR-026";
const HUNTING: &str = "TLR-071";
const HILLTOP: &str = "TLR-027";
const RIDGE: &str = "TLR-028";
const ORC_CAMP: &str = "TLR-030";

/// First card with `code` in zone `z`.
fn first_in(g: &Game, z: Zone, code_: &str) -> Option<CardId> {
    g.list(z)
        .iter()
        .rev()
        .copied()
        .find(|&c| code(g, c) == code_)
}

/// Does this card go into the Orc deck (RULES §8.5.1): an Angmar Orcs enemy, or a Concealed
/// Orc-camp?
pub fn orc_deck_card(g: &Game, c: CardId) -> bool {
    let d = g.def_of(c);
    (g.is_enemy(c) && d.encounter_set == "Angmar Orcs") || d.code == ORC_CAMP
}

/// Remove one token from the Mission objective; none left on Savage Counter-attack loses.
pub fn remove_mission_token(g: &mut Game, m: CardId) {
    if g.card(m).resources > 0 {
        g.card_mut(m).resources -= 1;
        log(g, |g| {
            format!(
                "  {} loses a resource token ({} left)",
                g.title(m),
                g.card(m).resources
            )
        });
    }
    if code(g, m) != HUNTING && g.card(m).resources == 0 {
        g.end_game(crate::record::Outcome::LossScenario);
    }
}

// ------------------------------------------------------------------ quest stage 1

fn stage1a_setup(g: &mut Game, _me: CardId) {
    for c in [ORC_AMBUSH, AMON_FORN] {
        if let Some(x) = first_in(g, Zone::EncounterDeck, c) {
            g.move_card(x, Zone::SetAside);
        }
    }
    let orcs: SmallIds = g
        .list(Zone::EncounterDeck)
        .iter()
        .copied()
        .filter(|&c| orc_deck_card(g, c))
        .collect();
    for &c in &orcs {
        g.move_card(c, Zone::OrcDeck);
    }
    g.shuffle(Zone::OrcDeck);
    if let Some(r) = first_in(g, Zone::EncounterDeck, RIDGE) {
        g.move_card(r, Zone::Active);
    }
    for c in [HUNTING, HILLTOP] {
        if let Some(x) = first_in(g, Zone::EncounterDeck, c) {
            g.move_card(x, Zone::Staging);
        }
    }
    g.shuffle(Zone::EncounterDeck);
    log(g, |g| {
        format!(
            "  Orc deck of {} cards; active location {}; staging: {}",
            g.list(Zone::OrcDeck).len(),
            g.active_location().map(|l| g.title(l)).unwrap_or("none"),
            g.list(Zone::Staging)
                .iter()
                .map(|&c| g.title(c))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
}

fn stage1b_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::Revealing(c, from_deck)
            if is_weather_treachery(g, c) && g.card(me).uses_round == 0 =>
        {
            // The round's first Weather treachery (its mark: this card's per-round counter).
            g.card_mut(me).uses_round = 1;
            if from_deck {
                log(g, |g| {
                    format!("  {} gains surge (first Weather this round)", g.title(c))
                });
                g.surge_pending += 1;
            }
        }
        Event::Explored(_, true) => {
            let n = if g.players_in_game() >= 3 { 2 } else { 1 };
            reveal_orc_cards(g, n);
        }
        _ => {}
    }
}

/// Reveal the top `n` cards of the Orc deck (fewer if it runs short) as if from the encounter
/// deck, the top one first (RULES §8.5.2); revealed by the first player.
pub fn reveal_orc_cards(g: &mut Game, n: usize) {
    let deck = g.list(Zone::OrcDeck);
    let k = deck.len().min(n);
    if k == 0 {
        return;
    }
    // The top card resolves first: push the deeper one first.
    let cards: SmallIds = deck[deck.len() - k..].iter().copied().collect();
    log(g, |_| format!("  the Orc deck reveals {k} card(s)"));
    let first = g.first;
    for &c in cards.iter() {
        g.stack.push(Frame::Reveal {
            card: c,
            by: first,
            stage: 0,
            from_deck: true,
        });
    }
}

// ------------------------------------------------------------------ quest stage 2

fn stage2a_revealed(g: &mut Game, _me: CardId, by: u8) {
    g.end_phase_now();
    while let Some(&c) = g.list(Zone::EncounterDiscard).last() {
        g.move_card(c, Zone::EncounterDeck);
    }
    while let Some(&c) = g.list(Zone::OrcDeck).last() {
        g.move_card(c, Zone::EncounterDeck);
    }
    g.shuffle(Zone::EncounterDeck);
    log(g, |_| {
        "  encounter deck rebuilt from itself, its discard pile and the Orc deck (shuffled)"
            .to_string()
    });
    // Orc Ambush resolves first: pushed last.
    for c in [AMON_FORN, ORC_AMBUSH] {
        if let Some(x) = first_in(g, Zone::SetAside, c) {
            g.stack.push(Frame::Reveal {
                card: x,
                by,
                stage: 0,
                from_deck: false,
            });
        }
    }
}

fn stage2b_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Willpower
        && g.card(me).zone == Zone::Quest
        && g.is_character(target)
        && g.card(target).damage > 0
        && g.card(target).zone.in_play();
    -(on as i16)
}

fn stage2b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Quest {
        return;
    }
    match ev {
        Event::PhaseBegin(Phase::Quest) => g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        }),
        Event::StagingEnded if g.card(me).uses_phase > 0 => {
            g.card_mut(me).uses_phase = 0;
            let by = g.first;
            log(g, |_| {
                "  Cornered Animals: one more encounter card".to_string()
            });
            g.stack.push(Frame::RevealTop { by });
        }
        _ => {}
    }
}

/// Step 0: the first player chooses mode 0 (discard a Savage Counter-attack token) or mode 1
/// (reveal one more card this phase); step 1 applies it.
fn stage2b_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match cont.step {
        0 => {
            let first = g.first;
            g.begin_ask(first, Ask::Effect { card: me, what: 0 });
            if common::mission(g).is_some_and(|m| g.card(m).resources > 0) {
                g.offer(Opt::Mode(0));
            }
            g.offer(Opt::Mode(1));
            g.ask_script(Cont::new(me, 1));
        }
        _ => match opt {
            Opt::Mode(0) => {
                if let Some(m) = common::mission(g) {
                    remove_mission_token(g, m);
                }
            }
            _ => g.set_uses_phase(me, 1),
        },
    }
}

// ------------------------------------------------------------------ the Mission objective

fn hunting_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Destroyed(e) = ev {
        if g.is_enemy(e) && g.card(me).zone.in_play() {
            g.card_mut(me).resources += 1;
            let x = 3 + g.players_in_game() as i16;
            log(g, |g| {
                format!(
                    "  Hunting the Orcs gets a resource token ({}/{x})",
                    g.card(me).resources
                )
            });
            if g.card(me).resources >= x {
                g.stack.push(Frame::Resume {
                    cont: Cont::new(me, 0),
                });
            }
        }
    }
}

/// Flip to Savage Counter-attack (tokens stay on the card), which then enters play.
fn hunting_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    let me = cont.card;
    let x = 3 + g.players_in_game() as i16;
    if cont.step != 0 || !g.card(me).zone.in_play() || g.card(me).resources < x {
        return;
    }
    if let Some(b) = g.def_of(me).back {
        g.set_face(me, b);
        log(g, |g| {
            format!(
                "  Hunting the Orcs flips to {} with {} tokens",
                g.title(me),
                g.card(me).resources
            )
        });
        g.fire(Event::EntersPlay(me));
    }
}

fn savage_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::EntersPlay(c) if c == me => g.stack.push(Frame::Resume {
            cont: Cont::new(me, 1),
        }),
        Event::EnemyAttackEnded(e)
            if g.attack.enemy == e && g.attack.destroyed_character && g.card(me).zone.in_play() =>
        {
            remove_mission_token(g, me);
        }
        _ => {}
    }
}

fn savage_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == 1 {
        g.advance_stage();
    }
}

// ------------------------------------------------------------------ encounter cards

fn cornered_orc_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            g.stack.push(Frame::ImmediateAttack {
                enemy: me,
                player: p,
            });
        }
    }
}

fn cornered_orc_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let damaged = g.attack.defenders().iter().any(|&d| g.card(d).damage > 0);
    let n = if damaged { 2 } else { 1 };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

fn amon_forn_rule(_g: &Game, _me: CardId, r: Rule) -> bool {
    r == Rule::CannotWin
}

/// An Orc enemy triggers this when it is revealed into the staging area (from the encounter deck,
/// the Orc deck or set aside); one returned there from engagement only with the rule option
/// `amon_forn_returned` (default off: the lenient reading).
fn amon_forn_forced(g: &mut Game, me: CardId, ev: Event) {
    let added = match ev {
        Event::Revealing(c, _) => Some(c),
        Event::ReturnedToStaging(c) if g.setup.options.amon_forn_returned => Some(c),
        _ => None,
    };
    if let Some(c) = added {
        if g.card(me).zone == Zone::Active
            && g.is_enemy(c)
            && g.card(c).zone == Zone::Staging
            && g.has_trait(c, "Orc")
        {
            let first = g.first;
            g.stack.push(Frame::ImmediateAttack {
                enemy: c,
                player: first,
            });
        }
    }
}

fn hilltop_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat {
        g.card(me).resources
    } else {
        0
    }
}

/// Was `later` revealed this round after `earlier` (so it was not yet in play when `earlier`
/// was revealed)?
fn revealed_after(g: &Game, later: CardId, earlier: CardId) -> bool {
    let list = &g.revealed_this_round;
    match (
        list.iter().rposition(|&x| x == later),
        list.iter().rposition(|&x| x == earlier),
    ) {
        (Some(l), Some(e)) => l > e,
        _ => false,
    }
}

/// The after-revealed triggers of a card come once its surge has resolved (RULES §5.28 steps
/// 8–9), so a Hilltop revealed by that surge is in play by then: it was not when the Weather
/// card was revealed, and gets no token for it.
fn hilltop_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Revealed(c, true) = ev {
        if is_weather_treachery(g, c) && g.card(me).zone.in_play() && !revealed_after(g, me, c) {
            g.card_mut(me).resources += 1;
            log(g, |g| {
                format!(
                    "  Weathered Hilltop gets a resource token ({})",
                    g.card(me).resources
                )
            });
        }
    }
}

fn ridge_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::PhaseEnd(Phase::Refresh) && g.card(me).zone == Zone::Active {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0).with(0, 1, 1),
        });
    }
}

fn ridge_resume(g: &mut Game, cont: Cont, opt: Opt) {
    deal_damage_steps(g, cont, opt, 0, false, Dealers::Each, common::own_character);
}

fn valley_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Explored(me, true) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

/// The travel cost: a token off the Mission objective (none there: no travel).
fn valley_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    let Some(m) = common::mission(g).filter(|&m| g.card(m).resources > 0) else {
        return false;
    };
    if pay {
        remove_mission_token(g, m);
    }
    true
}

/// Step 0: the Response (engine: the first player decides) — heal every damage from one
/// damaged character, or Pass; step 1 heals.
fn valley_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if cont.step == 1 {
        if let Opt::Card(c) = opt {
            let d = g.card(c).damage;
            g.heal(c, d);
            log(g, |g| {
                format!("  {} is healed (Sheltered Valley)", g.title(c))
            });
        }
        return;
    }
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 1 });
    g.offer(Opt::Pass);
    for q in 0..g.n_players {
        for i in 0..g.list(Zone::Play(q)).len() {
            let c = g.list(Zone::Play(q))[i];
            if g.is_character(c) && g.card(c).damage > 0 && !g.rule(Rule::CannotBeHealed(c)) {
                g.offer(Opt::Card(c));
            }
        }
    }
    if g.n_offered() > 1 {
        g.ask_script(Cont::new(me, 1));
    }
}

fn camp_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Explored(me, true) && common::mission(g).is_some() {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

fn orc_enemy(g: &Game, c: CardId) -> bool {
    g.is_enemy(c) && g.has_trait(c, "Orc")
}

/// The travel cost: the first player fetches an Orc enemy (one offered per title) from the
/// encounter deck or discard pile and engages it; without one there is no travel.
fn camp_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    let any = [Zone::EncounterDeck, Zone::EncounterDiscard]
        .iter()
        .any(|&z| g.list(z).iter().any(|&c| orc_enemy(g, c)));
    if pay && any {
        let first = g.first;
        g.begin_ask(first, Ask::Effect { card: me, what: 2 });
        common::offer_encounter_one_per_title(g, orc_enemy);
        g.ask_script(Cont::new(me, 2).with(first, 0, 0));
    }
    any
}

/// Step 0: the Response when explored (engine: the first player decides, Yes / No) — a token on
/// the Mission objective; step 1 places it; step 2 engages the fetched Orc and shuffles.
fn camp_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match (cont.step, opt) {
        (0, _) => {
            let first = g.first;
            g.begin_ask(first, Ask::Effect { card: me, what: 1 });
            g.offer(Opt::Yes);
            g.offer(Opt::No);
            g.ask_script(Cont::new(me, 1));
        }
        (1, Opt::Yes) => {
            if let Some(m) = common::mission(g) {
                g.card_mut(m).resources += 1;
                log(g, |g| {
                    format!(
                        "  {} gets a resource token ({})",
                        g.title(m),
                        g.card(m).resources
                    )
                });
            }
        }
        (2, Opt::Card(e)) => {
            g.shuffle(Zone::EncounterDeck);
            g.engage(e, cont.player);
        }
        _ => {}
    }
}

fn ice_storm(g: &mut Game, me: CardId, _by: u8) {
    let x = g.quest_cards_in_play();
    ice_storm_resume(g, Cont::new(me, 0).with(0, x, x), Opt::Pass)
}

fn ice_storm_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == 1 {
        // The shadow: the defending player only.
        let p = g.attack.player;
        deal_damage_steps(
            g,
            cont,
            opt,
            1,
            true,
            Dealers::Only(p),
            common::own_character,
        );
        return;
    }
    if !deal_damage_steps(g, cont, opt, 0, true, Dealers::Each, common::own_character) {
        return;
    }
    for p in 0..g.n_players {
        for i in 0..g.list(Zone::Play(p)).len() {
            let c = g.list(Zone::Play(p))[i];
            if g.is_character(c) && g.card(c).damage > 0 {
                g.exhaust(c);
            }
        }
    }
}

fn ice_storm_shadow(g: &mut Game, me: CardId) {
    let x = g.quest_cards_in_play();
    ice_storm_resume(g, Cont::new(me, 1).with(0, x, x), Opt::Pass)
}

fn shelter_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::TimeRanOut(me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0).with(0, 4, 4),
        });
    }
}

fn shelter_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if !deal_damage_steps(g, cont, opt, 0, false, Dealers::Each, common::own_hero) {
        return;
    }
    let me = cont.card;
    if g.card(me).zone.in_play() {
        g.card_mut(me).time = 4;
        log(g, |_| "  Find Shelter gets 4 time counters".to_string());
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Heal effects of encounter cards (Make Camp, Sheltered Valley): the most valuable
    /// damage to heal.
    pub(super) fn sheltered_valley_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => pick_max(o, |c| {
                g.card(c).damage as i32 * 10 + char_value(g, c).min(10_000) / 10
            }),
            _ => None,
        }
    }

    /// The fewest Savage Counter-attack tokens at which Cornered Animals' quest-phase choice
    /// still discards one rather than revealing one more encounter card. 2 (down to the last
    /// token): on stage-2 boards the bot can win from (threat 30, healed, staged locations gone,
    /// +2 Willpower a hero; `basic`, 4,000 games) it won +0.75 points (+0.40 to +1.10) / +0.27
    /// (-0.11 to +0.66) Standard and +1.30 (+0.68 to +1.92) / +1.07 (+0.51 to +1.64) Easy
    /// against 3 (seeds 402 / 403); 4 and never discarding lost more (results/research/weather-hills.md, "The Weather Hills
    /// stage 2").
    pub(super) const TOKEN_FLOOR: i16 = 2;

    /// Cornered Animals: discard a Savage Counter-attack token (Mode 0) while `TOKEN_FLOOR` or
    /// more are left (never the last one, which loses), else reveal one more card (Mode 1).
    pub(super) fn cornered_animals_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let keep = mission_tokens(g).is_some_and(|(_, t)| t >= TOKEN_FLOOR);
                find(o, Opt::Mode(if keep { 0 } else { 1 })).or_else(|| find(o, Opt::Mode(1)))
            }
            _ => None,
        }
    }

    /// Concealed Orc-camp: a token on the Mission objective, always; the Orc to engage on
    /// travel is the least dangerous one.
    pub(super) fn concealed_orc_camp_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            1 => find(o, Opt::Yes),
            2 => pick_min(o, |e| danger(g, e)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_with_shadow, encounter_deck_of, heroes, options, reveal, reveal_resolving,
        sandbox_in,
    };
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    /// engage57: Amon Forn makes an Orc added to the staging area attack
    /// (`Hint::attacks_on_reveals`), only while it is the active location: a Defense boost
    /// counts in the quest phase before staging then, not while it is staged.
    #[test]
    fn amon_forn_attacks_on_reveals_hint() {
        use crate::cards::hints::{boost_is_idle, hint};
        use crate::cards::testkit::defense_boost_window;
        let mut g = sandbox_in("the-weather-hills", Mode::Standard, &[HEROES]);
        let fg = defense_boost_window(&mut g, Phase::Quest);
        let a = staged(&mut g, AMON_FORN);
        assert!(hint(&g, a).attacks_on_reveals);
        assert!(boost_is_idle(&g, fg), "staged: it does nothing");
        g.move_card_keep(a, Zone::Active);
        assert!(!boost_is_idle(&g, fg), "active");
    }

    /// engage57: Cornered Orc attacks as it engages (`Hint::attacks_when_engaged`): in the
    /// encounter phase before the engagements a Defense boost counts while it is staged; an
    /// engaged one attacks in combat only.
    #[test]
    fn cornered_orc_attacks_when_engaged_hint() {
        use crate::cards::hints::boost_is_idle;
        let mut g = sandbox_in("the-weather-hills", Mode::Standard, &[HEROES]);
        let (fg, o) = crate::cards::testkit::check_attacks_when_engaged_hint(&mut g, "TLR-025");
        // After the engagement checks nothing of the phase is left.
        g.move_card(o, Zone::Staging);
        *g.stack.last_mut().unwrap() = Frame::Step(Step::EncounterWindow3);
        assert!(boost_is_idle(&g, fg), "after the engagement checks");
    }
    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const THIRD: &[&str] = &["Core-007", "Core-008", "Core-009"];

    fn sandbox(seats: &[&[&str]]) -> Game<'static> {
        sandbox_in("the-weather-hills", Mode::Standard, seats)
    }

    /// An encounter deck of `n` plain cards (Weathered Hilltops: no when-revealed, no surge).
    fn plain_deck(g: &mut Game, n: usize) {
        encounter_deck_of(g, HILLTOP, n);
    }

    fn staged(g: &mut Game, code: &str) -> CardId {
        g.spawn(code, ENCOUNTER, Zone::Staging)
    }

    fn codes(g: &Game, z: Zone) -> Vec<String> {
        let mut v: Vec<String> = g.list(z).iter().map(|&c| code(g, c).to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn scattered_among_the_hills() {
        // 1A setup.
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        let a = g.db.by_code("TLR-069A").unwrap();
        g.set_face(q, a);
        let before = g.list(Zone::EncounterDeck).len();
        stage1a_setup(&mut g, q);
        assert_eq!(codes(&g, Zone::SetAside), vec!["TLR-026", "TLR-046"]);
        assert_eq!(g.list(Zone::OrcDeck).len(), 3 + 3 + 2 + 3);
        assert!(g.list(Zone::OrcDeck).iter().all(|&c| orc_deck_card(&g, c)));
        assert!(g
            .list(Zone::EncounterDeck)
            .iter()
            .all(|&c| !orc_deck_card(&g, c) && code(&g, c) != ORC_AMBUSH));
        assert_eq!(codes(&g, Zone::Active), vec![RIDGE]);
        assert_eq!(codes(&g, Zone::Staging), vec![HILLTOP, HUNTING]);
        assert_eq!(g.list(Zone::EncounterDeck).len(), before - 2 - 11 - 3);
        // 1B: the first Weather treachery of the round surges, the second does not.
        let b = g.db.by_code("TLR-069B").unwrap();
        g.set_face(q, b);
        plain_deck(&mut g, 6);
        let w = g.spawn("TLR-053", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 5, "it surged");
        let w = g.spawn("TLR-053", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(
            g.list(Zone::EncounterDeck).len(),
            5,
            "the second one does not"
        );
        // A new round: the first one surges again.
        g.card_mut(q).uses_round = 0;
        let w = g.spawn("TLR-053", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 4);
        // Exploring the active location reveals the top Orc-deck card.
        let ridge = g.active_location().unwrap();
        let top = g.top(Zone::OrcDeck).unwrap();
        let n = g.list(Zone::OrcDeck).len();
        g.add_progress(ridge, 3);
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.list(Zone::OrcDeck).len(), n - 1);
        assert_ne!(g.card(top).zone, Zone::OrcDeck);
        // A location explored in the staging area does not.
        let s = staged(&mut g, "TLR-057");
        g.add_progress(s, 2);
        g.settle();
        assert_eq!(g.list(Zone::OrcDeck).len(), n - 1);
    }

    #[test]
    fn scattered_among_the_hills_three_players() {
        let mut g = sandbox(&[HEROES, OTHER, THIRD]);
        for _ in 0..3 {
            g.spawn(ORC_CAMP, ENCOUNTER, Zone::OrcDeck);
        }
        let l = g.spawn(HILLTOP, ENCOUNTER, Zone::Active);
        g.add_progress(l, 5);
        g.settle();
        assert_eq!(g.list(Zone::OrcDeck).len(), 1, "two cards revealed");
        assert_eq!(
            g.list(Zone::Staging)
                .iter()
                .filter(|&&c| code(&g, c) == ORC_CAMP)
                .count(),
            2
        );
        // Empty Orc deck: nothing happens.
        let c = g.top(Zone::OrcDeck).unwrap();
        g.move_card(c, Zone::Removed);
        let l = g.spawn(HILLTOP, ENCOUNTER, Zone::Active);
        g.add_progress(l, 5);
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn cornered_animals() {
        // 2A ends the current phase, shuffles the Orc deck and discard pile in, and reveals Orc
        // Ambush and Amon Forn.
        let mut g = sandbox(&[HEROES]);
        let amb = g.spawn(ORC_AMBUSH, ENCOUNTER, Zone::SetAside);
        let amon = g.spawn(AMON_FORN, ENCOUNTER, Zone::SetAside);
        g.spawn("TLR-043", ENCOUNTER, Zone::OrcDeck);
        g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDiscard);
        let deck = g.list(Zone::EncounterDeck).len();
        g.phase = Phase::Combat;
        g.stack.push(Frame::Step(Step::PlayerAttacks));
        g.stack.push(Frame::EnemyAttacks { seat: 0 });
        let q2 = g.top(Zone::QuestDeck).unwrap();
        stage2a_revealed(&mut g, q2, 0);
        assert_eq!(g.stack[0], Frame::Step(Step::CombatEnd), "combat ends");
        assert!(g.list(Zone::OrcDeck).is_empty());
        assert!(g.list(Zone::EncounterDiscard).is_empty());
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck + 2);
        g.stack.remove(0);
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.card(amb).zone, Zone::Staging);
        assert_eq!(g.card(amon).zone, Zone::Staging);
        assert_eq!(g.engaged(0).len(), 1, "Orc Ambush fetched an Orc");
        // 2B: damaged characters get -1 Willpower; quest-phase choice.
        let mut g = sandbox(&[HEROES]);
        on_stage_2b(&mut g);
        let hs = heroes(&g, 0);
        let wp = g.stat(hs[0], Stat::Willpower);
        g.card_mut(hs[0]).damage = 1;
        assert_eq!(g.stat(hs[0], Stat::Willpower), wp - 1);
        let m = staged(&mut g, "TLR-072");
        g.card_mut(m).resources = 2;
        g.phase = Phase::Quest;
        g.emit(Event::PhaseBegin(Phase::Quest));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        assert_eq!(g.card(m).resources, 1);
        g.emit(Event::PhaseBegin(Phase::Quest));
        g.answer(Opt::Mode(1));
        let deck = g.list(Zone::EncounterDeck).len();
        g.emit(Event::StagingEnded);
        while g.pending().is_some() {
            g.apply(0);
        }
        assert!(g.list(Zone::EncounterDeck).len() < deck, "one more card");
        // The last token discarded loses the game.
        g.emit(Event::PhaseBegin(Phase::Quest));
        g.answer(Opt::Mode(0));
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
        // Defeating 2B wins, but not while Amon Forn is in play.
        let mut g = sandbox(&[HEROES]);
        let q2 = on_stage_2b(&mut g);
        let amon = staged(&mut g, AMON_FORN);
        g.card_mut(q2).progress = 20;
        g.settle();
        assert!(g.outcome().is_none());
        g.move_card(amon, Zone::Victory);
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    /// Moves the game to stage 2B (Cornered Animals) and returns its quest card.
    fn on_stage_2b(g: &mut Game) -> CardId {
        let q = g.main_quest().unwrap();
        g.move_card(q, Zone::Removed);
        let q2 = g.top(Zone::QuestDeck).unwrap();
        g.move_card(q2, Zone::Quest);
        let b = g.db.by_code("TLR-070B").unwrap();
        g.set_face(q2, b);
        q2
    }

    #[test]
    fn cornered_animals_token_choice() {
        // The bot's quest-phase choice on 2B: discard a Savage Counter-attack token down to the
        // last one (`TOKEN_FLOOR`), then reveal one more card rather than lose the game.
        let mut g = sandbox(&[HEROES]);
        let q2 = on_stage_2b(&mut g);
        let m = staged(&mut g, "TLR-072");
        let o = [Opt::Mode(0), Opt::Mode(1)];
        for (tokens, pick) in [(4, 0), (3, 0), (2, 0), (1, 1)] {
            g.card_mut(m).resources = tokens;
            assert_eq!(
                bot::cornered_animals_effect(&g, 0, q2, 0, &o),
                Some(pick),
                "{tokens} tokens"
            );
        }
        // Only the extra card is offered once no token is left.
        g.card_mut(m).resources = 0;
        assert_eq!(
            bot::cornered_animals_effect(&g, 0, q2, 0, &[Opt::Mode(1)]),
            Some(0)
        );
    }

    /// wh60: the quest-phase choice is typed for the bots as a trade of a life token against one
    /// more card (`Hint::life_or_card`): its prompt and the mode that reveals the card, which
    /// the script names so; the Mission it costs holds lives.
    #[test]
    fn cornered_animals_life_or_card_hint() {
        use crate::cards::hints::{hint, mission_tokens};
        let mut g = sandbox(&[HEROES]);
        let q2 = on_stage_2b(&mut g);
        let m = staged(&mut g, "TLR-072");
        g.card_mut(m).resources = 2;
        let (what, mode) = hint(&g, q2).life_or_card.expect("typed");
        assert_eq!((what, mode), (0, 1));
        let names = SCRIPTS
            .iter()
            .find(|s| s.code == "TLR-070B")
            .unwrap()
            .mode_names;
        assert!(names
            .iter()
            .any(|&(w, k, n)| w == what && k == mode && n.starts_with("reveal")));
        assert_eq!(mission_tokens(&g), Some((true, 2)));
    }

    #[test]
    fn hunting_the_orcs() {
        let mut g = sandbox(&[HEROES]);
        g.spawn(ORC_AMBUSH, ENCOUNTER, Zone::SetAside);
        g.spawn(AMON_FORN, ENCOUNTER, Zone::SetAside);
        let h = staged(&mut g, HUNTING);
        // The bots read that its kills advance the quest.
        assert!(crate::cards::hints::hint(&g, h).kills_advance_quest);
        assert_eq!(crate::cards::hints::hint(&g, h).flip_kills_base, 3);
        // Non-enemies do not count.
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.deal_damage(ally, 5);
        g.settle();
        assert_eq!(g.card(h).resources, 0);
        for k in 1..=4 {
            let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
            g.deal_damage(e, 2);
            g.settle();
            while g.pending().is_some() {
                g.apply(0);
            }
            if k < 4 {
                assert_eq!(g.card(h).resources, k);
                assert_eq!(code(&g, h), HUNTING);
            }
        }
        // X = 3 + 1 player: it flipped with its 4 tokens and stage 2 began.
        assert_eq!(code(&g, h), "TLR-072");
        assert_eq!(g.card(h).resources, 4);
        assert_eq!(code(&g, g.main_quest().unwrap()), "TLR-070B");
        assert!(g
            .list(Zone::Staging)
            .iter()
            .any(|&c| code(&g, c) == AMON_FORN));
    }

    #[test]
    fn savage_counter_attack() {
        let mut g = sandbox(&[HEROES]);
        let m = staged(&mut g, "TLR-072");
        g.card_mut(m).resources = 2;
        for k in [1, 0] {
            let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
            let ally = g.spawn("Core-013", 0, Zone::Play(0));
            g.attack = AttackCtx::new(e, 0, false);
            g.push_run(Frame::Attack { stage: 0 });
            g.answer(Opt::Card(ally));
            while g.pending().is_some() {
                g.apply(0);
            }
            assert_eq!(g.card(ally).zone, Zone::Discard(0));
            assert_eq!(g.card(m).resources, k);
            g.discard(e);
        }
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    #[test]
    fn cornered_orc() {
        let mut g = sandbox(&[HEROES]);
        let e = staged(&mut g, "TLR-025");
        g.engage(e, 0);
        g.settle();
        assert_eq!(
            g.pending().map(|d| d.ask),
            Some(Ask::Defender { enemy: e }),
            "it attacks at once"
        );
        // Shadow: +1 Attack, +2 if the defender is damaged.
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.card_mut(hs[0]).damage = 1;
        attack_with_shadow(&mut g, e, "TLR-025");
        g.answer(Opt::Card(hs[0]));
        // 2 + 2 attack against Aragorn's 2 defense.
        assert_eq!(g.card(hs[0]).damage, 1 + 2);
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TLR-025");
        g.answer(Opt::Card(hs[0]));
        assert_eq!(g.card(hs[0]).damage, 3 - 2);
    }

    #[test]
    fn amon_forn() {
        let mut g = sandbox(&[HEROES]);
        let a = staged(&mut g, AMON_FORN);
        assert!(g.immune(a));
        assert!(g.rule(Rule::CannotWin));
        // In the staging area an Orc revealed does nothing.
        let o = g.spawn("TLR-025", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, o);
        assert_eq!(g.card(o).zone, Zone::Staging);
        // Active: an Orc enemy revealed attacks the first player at once.
        g.move_card_keep(a, Zone::Active);
        let o = g.spawn("TLR-025", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, o);
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: o }));
        g.discard(a);
        assert!(!g.rule(Rule::CannotWin));
    }

    /// Amon Forn and an Orc returned to the staging area (Angmar Marauder after it destroys an
    /// ally): no attack on the default (lenient) reading, an immediate attack on the first
    /// player with the rule option `amon_forn_returned`.
    #[test]
    fn amon_forn_returned_orc() {
        for strict in [false, true] {
            let mut g = sandbox(&[HEROES]);
            crate::cards::testkit::set_options(&mut g, |o| o.amon_forn_returned = strict);
            let a = staged(&mut g, AMON_FORN);
            g.move_card_keep(a, Zone::Active);
            let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
            g.spawn("Core-013", 0, Zone::Play(0));
            let ally = g.spawn("Core-013", 0, Zone::Play(0));
            attack_with_shadow(&mut g, e, "TLR-044");
            g.answer(Opt::Card(ally));
            assert_eq!(g.card(ally).zone, Zone::Discard(0));
            assert_eq!(g.card(e).zone, Zone::Staging, "the Marauder returned");
            let attacks = g.pending().map(|d| d.ask) == Some(Ask::Defender { enemy: e });
            assert_eq!(attacks, strict, "strict reading: {strict}");
        }
    }

    #[test]
    fn weathered_hilltop() {
        let mut g = sandbox(&[HEROES]);
        let h = staged(&mut g, HILLTOP);
        assert_eq!(g.stat(h, Stat::Threat), 1);
        assert_eq!(
            crate::cards::hints::hint(&g, h).threat_growth,
            1,
            "a bot's hint"
        );
        let w = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::Revealed(w, true));
        assert_eq!(g.stat(h, Stat::Threat), 2);
        g.emit(Event::Revealed(w, false));
        let t = g.spawn("TLR-058", ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::Revealed(t, true));
        assert_eq!(
            g.stat(h, Stat::Threat),
            2,
            "only Weather, only from the deck"
        );
    }

    #[test]
    fn weathered_hilltop_revealed_by_the_weather_cards_surge() {
        // Stage 1B gives the round's first Weather treachery surge; the Hilltop that surge
        // reveals was not in play when the Weather card was revealed: no token on it, one on the
        // Hilltop already staged.
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        let b = g.db.by_code("TLR-069B").unwrap();
        g.set_face(q, b);
        let old = staged(&mut g, HILLTOP);
        plain_deck(&mut g, 3);
        let new = g.top(Zone::EncounterDeck).unwrap();
        let w = g.spawn("TLR-053", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(g.card(new).zone, Zone::Staging, "revealed by the surge");
        assert_eq!(g.card(old).resources, 1);
        assert_eq!(g.card(new).resources, 0);
        assert_eq!(g.stat(new, Stat::Threat), 1);
        // The next Weather card of the round (no surge now) gives both a token.
        let w = g.spawn("TLR-053", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!((g.card(old).resources, g.card(new).resources), (2, 1));
    }

    #[test]
    fn exposed_ridge() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let r = g.spawn(RIDGE, ENCOUNTER, Zone::Staging);
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert!(g.pending().is_none(), "only while active");
        g.move_card_keep(r, Zone::Active);
        g.emit(Event::PhaseEnd(Phase::Refresh));
        let (a, b) = (heroes(&g, 0)[0], heroes(&g, 1)[0]);
        assert_eq!(g.pending().unwrap().player, 0);
        g.answer(Opt::Card(a));
        assert_eq!(g.pending().unwrap().player, 1);
        g.answer(Opt::Card(b));
        assert_eq!((g.card(a).damage, g.card(b).damage), (1, 1));
        // Shadow: +1 Attack per damaged character of the defending player (here 1).
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, RIDGE);
        g.answer(Opt::Undefended);
        let h = heroes(&g, 0)[1];
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, 3);
    }

    #[test]
    fn sheltered_valley() {
        let mut g = sandbox(&[HEROES]);
        let v = staged(&mut g, "TLR-029");
        assert!(!g.can_travel_to(v), "no Mission objective");
        let m = staged(&mut g, HUNTING);
        assert!(!g.can_travel_to(v), "no token to remove");
        g.card_mut(m).resources = 1;
        assert!(g.can_travel_to(v));
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(v));
        assert_eq!(g.card(m).resources, 0);
        assert_eq!(g.active_location(), Some(v));
        // Explored while active: heal all damage from one character.
        let h = heroes(&g, 0)[0];
        g.card_mut(h).damage = 3;
        g.add_progress(v, 4);
        g.settle();
        assert_eq!(options(&g), vec![Opt::Pass, Opt::Card(h)]);
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, 0);
    }

    #[test]
    fn concealed_orc_camp() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        let c = staged(&mut g, ORC_CAMP);
        assert!(!g.can_travel_to(c), "no Orc to fetch");
        let o = g.spawn("TLR-043", ENCOUNTER, Zone::EncounterDiscard);
        assert!(g.can_travel_to(c));
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(c));
        assert_eq!(g.card(o).zone, Zone::Engaged(0));
        // Explored while active: a token on the Mission objective.
        let m = staged(&mut g, HUNTING);
        g.add_progress(c, 2);
        g.settle();
        g.answer(Opt::Yes);
        assert_eq!(g.card(m).resources, 1);
    }

    #[test]
    fn ice_storm() {
        let mut g = sandbox(&[HEROES]);
        staged(&mut g, "TLR-032");
        let hs = heroes(&g, 0);
        let i = g.spawn("TLR-031", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, i);
        // Two quest cards in play: two points.
        g.answer(Opt::Card(hs[0]));
        g.answer(Opt::Card(hs[1]));
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!((g.card(hs[0]).damage, g.card(hs[1]).damage), (1, 1));
        assert!(!g.is_ready(hs[0]) && !g.is_ready(hs[1]) && g.is_ready(hs[2]));
        // Shadow: the defending player spreads X (1) damage.
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TLR-031");
        g.answer(Opt::Card(hs[0]));
        g.answer(Opt::Card(hs[2]));
        assert_eq!(g.card(hs[2]).damage, 1);
    }

    #[test]
    fn find_shelter() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        let f = g.spawn("TLR-032", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, f);
        assert_eq!(g.card(f).time, 4);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 2, "surge");
        g.card_mut(f).time = 0;
        g.emit(Event::TimeRanOut(f));
        let h = heroes(&g, 0)[0];
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, 4);
        assert_eq!(g.card(f).time, 4);
    }
}
