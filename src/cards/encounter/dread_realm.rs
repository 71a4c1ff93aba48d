//! The Dread Realm: its quest cards and The Dread Realm encounter set (Cursed Dead and Dark
//! Sorcery are in their own modules). Each script has a one-line summary in our own words.
//!
//! Reanimating a player card is the engine's (`engine::reanimated`, RULES §8.11): the stage
//! cards only repeat the Reanimated Dead numbers the engine's face already has. Daechanar's
//! Fall sends quest progress to the staged locations (`Rule::QuestProgressToStagingLocations`).

use crate::cards::common::seats;
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Daechanar and Altar of Midwinter set aside; each player reveals an
    // encounter card, then reanimates the top card of his deck.
    Script {
        code: "TDR-150A",
        setup: Some(catacombs_setup),
        resume: Some(stage_resume),
        ..BLANK
    },
    // Stage 1B: Sorcery cards attached to it move to stage 2 when the players advance.
    Script {
        code: "TDR-150B",
        hint: Hint {
            // Defeating it brings Daechanar (Attack 4, +1 a Sorcery card in play; engagement
            // cost 1): he engages at once, usually with a Sorcery card carried over.
            advance_attack: 5,
            ..NO_HINT
        },
        forced: Some(catacombs_forced),
        forced_on: events![QuestDefeated],
        resume: Some(stage_resume),
        ..BLANK
    },
    // Stage 2A: Daechanar to the staging area, Altar of Midwinter made the active location (the
    // old one back to the staging area), each player reanimates his top card; the Sorcery
    // cards from stage 1 are attached here.
    Script {
        code: "TDR-151A",
        when_revealed: Some(awakened_revealed),
        ..BLANK
    },
    // Stage 2B: Daechanar destroyed, the players advance.
    Script {
        code: "TDR-151B",
        forced: Some(awakened_forced),
        forced_on: events![Destroyed],
        ..BLANK
    },
    // Stage 3A: locations from the encounter deck, then its discard pile, go to the staging
    // area until it holds one per player.
    Script {
        code: "TDR-152A",
        when_revealed: Some(fall_revealed),
        ..BLANK
    },
    // Stage 3B: quest progress goes to the staged locations; at the end of the quest phase,
    // no location in play wins, otherwise every character in play takes 1 damage.
    Script {
        code: "TDR-152B",
        rule: Some(fall_rule),
        rule_on: rules![QuestProgressToStagingLocations],
        forced: Some(fall_forced),
        forced_on: events![PhaseEnd],
        ..BLANK
    },
    // Daechanar: no attachments; +1 Attack per Sorcery card in play and Indestructible while
    // there is one; damage dealt to him then is canceled and a Sorcery card leaves the game.
    Script {
        code: DAECHANAR,
        rule: Some(daechanar_rule),
        rule_on: rules![CannotHaveAttachments, GainsIndestructible],
        modify: Some(daechanar_modify),
        hint: Hint {
            effect: Some(bot::sorcery_to_remove),
            ..NO_HINT
        },
        forced: Some(daechanar_forced),
        forced_on: events![Damaged],
        resume: Some(daechanar_resume),
        ..BLANK
    },
    // Altar of Midwinter: no progress while Daechanar is in play; after each staging step the
    // first player reveals one more card or reanimates his top card.
    Script {
        code: ALTAR,
        hint: Hint {
            effect: Some(bot::altar_effect),
            ..NO_HINT
        },
        rule: Some(altar_rule),
        rule_on: rules![CannotPlaceProgress],
        forced: Some(altar_forced),
        forced_on: events![StagingEnded],
        resume: Some(altar_resume),
        mode_names: &[
            (0, 0, "reveal one more encounter card"),
            (0, 1, "reanimate the top card of your deck"),
        ],
        ..BLANK
    },
    // Dwimmerlaik: a character its attack destroys is reanimated by the defending player and
    // gets a shadow card. Shadow: the same for this attack.
    Script {
        code: "TDR-155",
        forced: Some(dwimmerlaik_forced),
        forced_on: events![EnemyAttackEnded],
        shadow: Some(after_attack_shadow),
        resume: Some(reanimate_destroyed_resume),
        ..BLANK
    },
    // Witch of Angmar: its Sorcery shadow cards also resolve their When Revealed effects.
    Script {
        code: "TDR-156",
        rule: Some(witch_rule),
        rule_on: rules![SorceryShadowsRevealed],
        ..BLANK
    },
    // Wraith of Carn Dûm: destroyed, it attaches to a character in play as a Sorcery (-1
    // Willpower, Attack, Defense); the character leaving play sends it back to the staging area.
    Script {
        code: WRAITH,
        hint: Hint {
            effect: Some(bot::cheapest_character),
            ..NO_HINT
        },
        rule: Some(wraith_rule),
        rule_on: rules![GainsTrait, BackToStagingWhenHostLeaves],
        modify: Some(wraith_modify),
        forced: Some(wraith_forced),
        forced_on: events![Destroyed],
        resume: Some(wraith_resume),
        ..BLANK
    },
    // Sinister Dungeon: once it is explored, one card picked at random from the first player's
    // hand becomes a Reanimated Dead, with this location under it as its shadow card. Shadow: the top 2 encounter cards are discarded and
    // the Sorcery ones among them resolve their When Revealed effects.
    Script {
        code: SINISTER_DUNGEON,
        forced: Some(dungeon_forced),
        forced_on: events![Explored],
        shadow: Some(dungeon_shadow),
        ..BLANK
    },
    // Tombs of Carn Dûm: at the end of the round each player discards his top card and
    // reanimates it if it is an ally. Travel: each Undead enemy gets a shadow card.
    Script {
        code: "TDR-159",
        hint: Hint {
            travel_penalty: 2,
            ..NO_HINT
        },
        forced: Some(tombs_forced),
        forced_on: events![RoundEnd],
        travel: Some(tombs_travel),
        ..BLANK
    },
    // Dark Halls: staged, every Reanimated Dead +1 Attack +1 Defense. Shadow: a copy of the
    // defending character in the defending player's discard pile is reanimated with a shadow
    // card.
    Script {
        code: "TDR-160",
        modify: Some(halls_modify),
        global: true,
        global_on: crate::cards::GlobalScope::any(&[Stat::Attack, Stat::Defense]),
        shadow: Some(halls_shadow),
        ..BLANK
    },
    // Unholy Crypt: +1 Threat per Reanimated Dead in play. Shadow: a character this attack
    // destroys is reanimated with a shadow card.
    Script {
        code: "TDR-161",
        modify: Some(crypt_modify),
        shadow: Some(after_attack_shadow),
        resume: Some(reanimate_destroyed_resume),
        ..BLANK
    },
    // Possession (doomed 1): the highest-cost ally in play is destroyed and reanimated into
    // the staging area with this attached; this discarded takes its host along.
    Script {
        code: POSSESSION,
        when_revealed: Some(possession_revealed),
        rule: Some(possession_rule),
        rule_on: rules![DiscardsHostWithIt, GainsTrait],
        ..BLANK
    },
    // A Fell Dread: the player with the highest threat attaches it to one of his heroes without
    // one: that hero's Willpower is 0 and it must commit to the quest while able.
    Script {
        code: FELL_DREAD,
        hint: Hint {
            effect: Some(bot::fell_dread_effect),
            ..NO_HINT
        },
        when_revealed: Some(dread_revealed),
        rule: Some(dread_rule),
        rule_on: rules![MustCommit, GainsTrait],
        modify: Some(dread_modify),
        resume: Some(dread_resume),
        ..BLANK
    },
    // Death and Calamity: attaches to the current quest; the first player reanimates his top X
    // cards (X: copies of it in play). Shadow: +1 Attack per Sorcery card in play.
    Script {
        code: "TDR-164",
        when_revealed: Some(calamity_revealed),
        shadow: Some(calamity_shadow),
        ..BLANK
    },
];

pub const DAECHANAR: &str = "TDR-153";
const ALTAR: &str = "TDR-154";
const WRAITH: &str = "TDR-157";
const SINISTER_DUNGEON: &str = "TDR-158";
const POSSESSION: &str = "TDR-162";
const FELL_DREAD: &str = "TDR-163";
const CALAMITY: &str = "TDR-164";

/// Resume steps of the stage cards.
const REANIMATE_EACH: u8 = 1;

/// A card with `code_` wherever it is (single copies: Daechanar, Altar of Midwinter).
pub(crate) fn find(g: &Game, code_: &str) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| code(g, c) == code_)
}

/// Is treachery `c` where its When Revealed effect may resolve from: being revealed, just
/// discarded from the encounter deck (Sinister Dungeon's shadow, Inner Sanctum) or dealt as a
/// shadow card (Witch of Angmar)? An effect that attaches it takes it from there.
pub(crate) fn resolving(g: &Game, c: CardId) -> bool {
    matches!(
        g.card(c).zone,
        Zone::Resolving | Zone::EncounterDiscard | Zone::Shadow(_)
    )
}

fn daechanar_in_play(g: &Game) -> bool {
    find(g, DAECHANAR).is_some_and(|d| g.card(d).zone.in_play())
}

/// The Sorcery cards in play (treacheries attached to quests or characters, and the Wraith of
/// Carn Dûm attached as a Sorcery).
fn sorceries(g: &Game) -> SmallIds {
    g.in_play_cards()
        .filter(|&c| g.has_trait(c, "Sorcery"))
        .collect()
}

fn sorcery_count(g: &Game) -> i16 {
    g.in_play_cards()
        .filter(|&c| g.has_trait(c, "Sorcery"))
        .count() as i16
}

/// Each player still in the game reanimates the top card of his deck.
fn each_reanimates_top(g: &mut Game) {
    for &p in seats(g).iter() {
        g.reanimate_top(p, 1);
    }
}

// ------------------------------------------------------------------ quest stages

fn catacombs_setup(g: &mut Game, me: CardId) {
    for c in [DAECHANAR, ALTAR] {
        if let Some(x) = find(g, c).filter(|&x| g.card(x).zone == Zone::EncounterDeck) {
            g.move_card(x, Zone::SetAside);
        }
    }
    // Reveals first (pushed last), then the reanimations.
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, REANIMATE_EACH),
    });
    for &p in seats(g).iter().rev() {
        g.stack.push(Frame::RevealTop { by: p });
    }
}

fn stage_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == REANIMATE_EACH {
        each_reanimates_top(g);
    }
}

fn catacombs_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::QuestDefeated(me) {
        // Its Sorcery attachments wait aside for stage 2, which takes them when revealed.
        let keep: SmallIds = g
            .attachments(me)
            .filter(|&a| g.has_trait(a, "Sorcery"))
            .collect();
        for &a in keep.iter() {
            g.move_card(a, Zone::SetAside);
        }
    }
}

fn awakened_revealed(g: &mut Game, me: CardId, _by: u8) {
    let carried: SmallIds = g
        .list(Zone::SetAside)
        .iter()
        .copied()
        .filter(|&c| g.ty(c) == CardType::Treachery && g.has_trait(c, "Sorcery"))
        .collect();
    for &a in carried.iter() {
        g.attach(a, me, ENCOUNTER);
    }
    if let Some(d) = find(g, DAECHANAR).filter(|&d| !g.card(d).zone.in_play()) {
        g.move_card(d, Zone::Staging);
        log(g, |_| {
            "  Daechanar is added to the staging area".to_string()
        });
    }
    if let Some(a) = find(g, ALTAR).filter(|&a| !g.card(a).zone.in_play()) {
        if let Some(old) = g.active_location() {
            g.move_card_keep(old, Zone::Staging);
        }
        g.move_card(a, Zone::Active);
        log(g, |_| {
            "  Altar of Midwinter becomes the active location".to_string()
        });
    }
    each_reanimates_top(g);
}

fn awakened_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Destroyed(d) = ev {
        if code(g, d) == DAECHANAR && g.card(me).zone == Zone::Quest {
            g.advance_stage();
        }
    }
}

fn fall_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let x = g.players_in_game() as usize;
    let staged = |g: &Game| {
        g.list(Zone::Staging)
            .iter()
            .filter(|&&c| g.is_location(c))
            .count()
    };
    // The players search both piles and pick which locations come. Engine choice (as for
    // 3B's "divided as you choose"): the one with the fewest quest points, then the least
    // Threat (3B is won once every location in play is explored), the deck before the discard
    // pile on a tie. (It took the topmost location of the deck, a random one, before.)
    while staged(g) < x {
        let Some(l) = fall_pick(g) else {
            break;
        };
        g.move_card(l, Zone::Staging);
        log(g, |g| {
            format!("  {} is added to the staging area", g.title(l))
        });
    }
    g.shuffle(Zone::EncounterDeck);
}

/// The location Daechanar's Fall brings from the encounter deck or its discard pile: the
/// fewest quest points, then the least Threat, the deck first on a tie.
fn fall_pick(g: &Game) -> Option<CardId> {
    [Zone::EncounterDeck, Zone::EncounterDiscard]
        .iter()
        .enumerate()
        .flat_map(|(k, &z)| {
            g.list(z)
                .iter()
                .rev()
                .copied()
                .filter(|&c| g.is_location(c))
                .map(move |c| (k, c))
        })
        .min_by_key(|&(k, c)| (g.def_of(c).quest_points, g.def_of(c).threat, k))
        .map(|(_, c)| c)
}

fn fall_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::QuestProgressToStagingLocations && g.card(me).zone == Zone::Quest
}

fn fall_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::PhaseEnd(Phase::Quest) || g.card(me).zone != Zone::Quest {
        return;
    }
    let any_location =
        g.active_location().is_some() || g.list(Zone::Staging).iter().any(|&c| g.is_location(c));
    if !any_location {
        log(g, |_| {
            "  no location in play: the players escape Carn Dûm".to_string()
        });
        g.end_game(crate::record::Outcome::Win);
        return;
    }
    let chars: SmallIds = (0..g.n_players).flat_map(|p| g.characters(p)).collect();
    for &c in chars.iter() {
        g.deal_damage(c, 1);
    }
}

// ------------------------------------------------------------------ Daechanar and the Altar

fn daechanar_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotHaveAttachments(c) => c == me,
        Rule::GainsIndestructible(c) => c == me && sorcery_count(g) > 0,
        _ => false,
    }
}

fn daechanar_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    match s {
        Stat::Attack if target == me => sorcery_count(g),
        // Power Beyond Death (Nightmare) on a quest card: +2 Defense each.
        Stat::Defense if target == me => super::dread_realm_nightmare::power_defense(g),
        _ => 0,
    }
}

fn daechanar_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Damaged(c, n) = ev else {
        return;
    };
    if c != me || !g.card(me).zone.in_play() {
        return;
    }
    let s = sorceries(g);
    if s.is_empty() {
        return;
    }
    g.remove_damage(me, n);
    log(g, |_| format!("  Daechanar cancels {n} damage"));
    // The players pick which Sorcery card leaves the game (the first player answers).
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    for &x in s.iter() {
        g.offer(Opt::Card(x));
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

/// The Sorcery card the players picked leaves the game (if it has left play meanwhile, the
/// first one still in play does).
fn daechanar_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    let s = sorceries(g);
    let pick = match opt {
        Opt::Card(x) if s.contains(&x) => Some(x),
        _ => s.first().copied(),
    };
    let Some(x) = pick else {
        return;
    };
    log(g, |g| format!("  {} is removed from the game", g.title(x)));
    g.move_card(x, Zone::Removed);
}

fn altar_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotPlaceProgress(me) && daechanar_in_play(g)
}

/// The first player's choice after the staging step: Mode 0 reveal one more encounter card,
/// Mode 1 reanimate his top card.
fn altar_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::StagingEnded || !g.card(me).zone.in_play() {
        return;
    }
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    if !g.list(Zone::Deck(first)).is_empty() {
        g.offer(Opt::Mode(1));
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

fn altar_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match opt {
        Opt::Mode(1) => {
            log(g, |_| {
                "  Altar of Midwinter: the first player reanimates".to_string()
            });
            g.reanimate_top(cont.player, 1);
        }
        _ => {
            log(g, |_| {
                "  Altar of Midwinter: one more encounter card".to_string()
            });
            g.stack.push(Frame::RevealTop { by: cont.player });
        }
    }
}

// ------------------------------------------------------------------ enemies

/// The character the current attack destroyed, if any (it is out of play now).
fn destroyed_by_attack(g: &Game) -> Option<CardId> {
    let d = g.attack.destroyed;
    (g.attack.destroyed_character && d != NO_CARD && !g.card(d).zone.in_play()).then_some(d)
}

/// Reanimate the character this attack destroyed in front of the defending player, with a
/// shadow card.
fn reanimate_destroyed(g: &mut Game) {
    if let Some(d) = destroyed_by_attack(g) {
        let p = g.attack.player;
        if g.card(d).owner != ENCOUNTER && g.reanimate(d, p) {
            g.deal_shadow(d);
        }
    }
}

fn dwimmerlaik_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EnemyAttackEnded(me) && g.attack.enemy == me {
        reanimate_destroyed(g);
    }
}

fn after_attack_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

fn reanimate_destroyed_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK {
        reanimate_destroyed(g);
    }
}

fn witch_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::SorceryShadowsRevealed(me)
}

fn wraith_attached(g: &Game, me: CardId) -> Option<CardId> {
    match g.card(me).zone {
        Zone::Attached(h) => Some(h),
        _ => None,
    }
}

fn wraith_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::GainsTrait(c, t) => {
            c == me && wraith_attached(g, me).is_some() && t == g.db.trait_id("Sorcery")
        }
        Rule::BackToStagingWhenHostLeaves(c) => c == me,
        _ => false,
    }
}

fn wraith_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = wraith_attached(g, me) == Some(target)
        && matches!(s, Stat::Willpower | Stat::Attack | Stat::Defense);
    -(on as i16)
}

/// Destroyed: the first player picks a character in play for it to attach to.
fn wraith_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::Destroyed(me) || g.card(me).zone.in_play() {
        return;
    }
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    for p in 0..g.n_players {
        for c in g.characters(p).collect::<SmallIds>().iter() {
            g.offer(Opt::Card(*c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

fn wraith_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if let Opt::Card(c) = opt {
        if g.card(c).zone.in_play() && !g.card(me).zone.in_play() {
            g.attach(me, c, ENCOUNTER);
            log(g, |g| {
                format!("  Wraith of Carn Dûm attaches to {}", g.title(c))
            });
        }
    }
}

// ------------------------------------------------------------------ locations

fn dungeon_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Explored(c, _) = ev else {
        return;
    };
    if c != me {
        return;
    }
    let p = g.first;
    if g.players[p as usize].eliminated {
        return;
    }
    let n = g.list(Zone::Hand(p)).len();
    if n == 0 {
        return;
    }
    let i = rand::Rng::gen_range(&mut g.rng_players[p as usize], 0..n);
    let c = g.list(Zone::Hand(p))[i];
    if g.reanimate(c, p) && g.card(me).zone == Zone::EncounterDiscard {
        g.move_card(me, Zone::Shadow(c));
    }
}

/// Discard the top `n` encounter cards; the Sorcery ones resolve their When Revealed effects
/// for player `p` (not revealed), one after the other, each as its own frame (a card's question
/// is answered before the next card resolves).
pub(crate) fn discard_resolving_sorcery(g: &mut Game, n: usize, p: u8) {
    let mut hit = SmallIds::new();
    for _ in 0..n {
        let Some(c) = g.top(Zone::EncounterDeck) else {
            break;
        };
        g.move_card(c, Zone::EncounterDiscard);
        log(g, |g| format!("  {} is discarded", g.title(c)));
        if g.has_trait(c, "Sorcery") {
            hit.push(c);
        }
    }
    for &c in hit.iter().rev() {
        g.stack.push(Frame::WhenRevealedOnly { card: c, by: p });
    }
}

fn dungeon_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    discard_resolving_sorcery(g, 2, p);
}

fn tombs_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::RoundEnd || !g.card(me).zone.in_play() {
        return;
    }
    for &p in seats(g).iter() {
        for &c in g.discard_from_deck(p, 1).iter() {
            if g.ty(c) == CardType::Ally {
                g.reanimate(c, p);
            }
        }
    }
}

fn tombs_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        let undead: SmallIds = g
            .in_play_cards()
            .filter(|&e| {
                matches!(g.card(e).zone, Zone::Staging | Zone::Engaged(_))
                    && g.is_enemy(e)
                    && g.has_trait(e, "Undead")
            })
            .collect();
        for &e in undead.iter() {
            g.deal_shadow(e);
        }
    }
    true
}

fn halls_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = g.card(me).zone == Zone::Staging
        && matches!(s, Stat::Attack | Stat::Defense)
        && g.is_reanimated(target);
    on as i16
}

fn halls_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    if g.attack.n_defenders == 0 {
        return;
    }
    let d = g.attack.defenders[0];
    let title = &g.def_of(d).title;
    let copy = g
        .list(Zone::Discard(p))
        .iter()
        .rev()
        .copied()
        .find(|&c| &g.def_of(c).title == title);
    if let Some(c) = copy {
        if g.reanimate(c, p) {
            g.deal_shadow(c);
        }
    }
}

fn crypt_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Threat {
        g.reanimated_in_play()
    } else {
        0
    }
}

// ------------------------------------------------------------------ treacheries

fn possession_revealed(g: &mut Game, me: CardId, _by: u8) {
    // Engine choice on ties: the first in play order.
    let mut best: Option<(i16, CardId)> = None;
    for p in 0..g.n_players {
        for &a in g.list(Zone::Play(p)) {
            if g.ty(a) == CardType::Ally {
                let cost = g.def_of(a).cost.max(0);
                if best.is_none_or(|(b, _)| cost > b) {
                    best = Some((cost, a));
                }
            }
        }
    }
    let Some((_, a)) = best else {
        return;
    };
    let p = g.controller(a);
    g.destroy_character(a);
    if g.reanimate_to_staging(a, p) && resolving(g, me) {
        g.attach(me, a, ENCOUNTER);
        log(g, |g| format!("  Possession attaches to {}", g.title(a)));
    }
}

fn possession_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::DiscardsHostWithIt(c) => c == me,
        Rule::GainsTrait(c, t) => {
            c == me
                && matches!(g.card(me).zone, Zone::Attached(_))
                && t == g.db.trait_id("Condition")
        }
        _ => false,
    }
}

fn dread_host(g: &Game, me: CardId) -> Option<CardId> {
    match g.card(me).zone {
        Zone::Attached(h) if g.is_hero(h) => Some(h),
        _ => None,
    }
}

fn has_dread(g: &Game, h: CardId) -> bool {
    g.attachments(h).any(|a| code(g, a) == FELL_DREAD)
}

/// The player with the highest threat (the first in turn order on ties) picks one of his
/// heroes without A Fell Dread.
fn dread_revealed(g: &mut Game, me: CardId, _by: u8) {
    let mut who: Option<u8> = None;
    for &p in seats(g).iter() {
        let t = g.players[p as usize].threat;
        if who.is_none_or(|w| t > g.players[w as usize].threat) {
            who = Some(p);
        }
    }
    let Some(p) = who else {
        return;
    };
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for h in g.heroes(p).collect::<SmallIds>().iter() {
        if !has_dread(g, *h) {
            g.offer(Opt::Card(*h));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn dread_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if let Opt::Card(h) = opt {
        if g.card(h).zone.in_play() && resolving(g, me) {
            g.attach(me, h, ENCOUNTER);
            log(g, |g| format!("  A Fell Dread attaches to {}", g.title(h)));
        }
    }
}

fn dread_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::MustCommit(c) => dread_host(g, me) == Some(c) && g.phase == Phase::Quest,
        Rule::GainsTrait(c, t) => {
            c == me && dread_host(g, me).is_some() && t == g.db.trait_id("Condition")
        }
        _ => false,
    }
}

fn dread_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::Willpower && dread_host(g, me) == Some(target) {
        // Reduced to 0 (a stat never goes below 0).
        -999
    } else {
        0
    }
}

fn calamity_copies(g: &Game) -> usize {
    g.in_play_cards()
        .filter(|&c| code(g, c) == CALAMITY)
        .count()
}

fn calamity_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(q) = g.current_quest().filter(|&q| g.card(q).zone.in_play()) {
        g.attach(me, q, ENCOUNTER);
        log(g, |g| {
            format!("  {} attached to {}", g.title(me), g.title(q))
        });
    }
    let x = calamity_copies(g);
    let first = g.first;
    if !g.players[first as usize].eliminated {
        g.reanimate_top(first, x);
    }
}

fn calamity_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let x = sorcery_count(g);
    if x > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, x), Until::EndOfAttack);
    }
}

/// What the `basic` bot knows about these cards' prompts.
pub(crate) mod bot {
    use crate::cards::common::code;
    use crate::cards::hints::{char_value, find, pick_min};
    use crate::engine::{CardId, Game, Opt, Stat, Zone};

    /// Altar of Midwinter: reanimating the top card (a 2/2/2/2 enemy engaged at once) while the
    /// deck still has cards to spare; otherwise one more encounter card.
    pub(crate) fn altar_effect(g: &Game, p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        let spare = g.list(Zone::Deck(p)).len() > 8;
        let engaged = g.engaged(p).len();
        let reanimate = spare && engaged < 3;
        find(o, Opt::Mode(if reanimate { 1 } else { 0 })).or_else(|| find(o, Opt::Mode(0)))
    }

    /// The character worth least to us (Wraith of Carn Dûm's host).
    pub(crate) fn cheapest_character(
        g: &Game,
        _p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        pick_min(o, |c| char_value(g, c))
    }

    /// Daechanar: which Sorcery card in play leaves the game when he would take damage. One
    /// on a character of ours first (the one on the character worth most: its penalty ends),
    /// then Death and Calamity (each copy in play makes the next one reanimate another card),
    /// then any other (Heavy Curse, Possession), in play order.
    pub(crate) fn sorcery_to_remove(
        g: &Game,
        p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        let mut best: Option<(i32, usize)> = None;
        for (i, opt) in o.iter().enumerate() {
            let Opt::Card(s) = *opt else { continue };
            let v = match g.card(s).zone {
                Zone::Attached(h) if g.is_character(h) && g.controller(h) == p => {
                    10_000 + char_value(g, h).min(9_999)
                }
                _ if code(g, s) == super::CALAMITY => 100,
                _ => 0,
            };
            if best.map(|(b, _)| v > b).unwrap_or(true) {
                best = Some((v, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// A Fell Dread: the hero with the least Willpower to lose.
    pub(crate) fn fell_dread_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        pick_min(o, |h| {
            100 * g.stat(h, Stat::Willpower) as i32 + char_value(g, h) / 10
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_undefended, drain_pending, options, reveal, reveal_resolving, sandbox_in, set_stage,
    };
    use crate::cards::RuleKind;
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const GUARD: &str = "Core-013";

    /// A sandbox of The Dread Realm on stage 1B (no setup run).
    fn dr() -> Game<'static> {
        sandbox_in("the-dread-realm", Mode::Standard, &[HEROES])
    }

    /// Attack `e` against player 0 defended by `d`.
    fn attack_defended(g: &mut Game, e: CardId, d: CardId) {
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(d));
        if g.pending()
            .is_some_and(|x| matches!(x.ask, Ask::Defender { .. }))
        {
            g.answer(Opt::Done);
        }
        drain_pending(g);
    }

    /// A defender destroyed by an attack with `shadow` dealt is reanimated with a shadow card.
    fn shadow_reanimates_destroyed_defender(shadow: &str) {
        let mut g = dr();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn(shadow, ENCOUNTER, Zone::Shadow(e));
        let a = g.spawn(GUARD, 0, Zone::Play(0));
        attack_defended(&mut g, e, a);
        assert!(g.is_reanimated(a), "{shadow}");
        assert_eq!(shadow_count(&g, a), 1, "{shadow}");
    }

    fn reanimated(g: &Game) -> Vec<CardId> {
        (0..g.cards.len() as CardId)
            .filter(|&c| g.is_reanimated(c))
            .collect()
    }

    fn shadow_count(g: &Game, e: CardId) -> usize {
        g.shadows_of(e).count()
    }

    #[test]
    fn reanimated_dead_engine() {
        let mut g = dr();
        let top = g.top(Zone::Deck(0)).unwrap();
        assert_eq!(g.reanimate_top(0, 1), 1);
        assert!(g.is_reanimated(top));
        assert_eq!(g.card(top).zone, Zone::Engaged(0));
        assert_eq!(g.card(top).owner, 0, "still its owner's card");
        assert!(g.is_enemy(top));
        assert!(g.has_trait(top, "Undead"));
        for s in [Stat::Threat, Stat::Attack, Stat::Defense, Stat::HitPoints] {
            assert_eq!(g.stat(top, s), 2, "{s:?}");
        }
        assert_eq!(g.stat(top, Stat::Engagement), 0);
        assert!(g.script(top).is_none(), "no text");
        assert_eq!(g.title(top), "Reanimated Dead");
        assert_eq!(g.reanimated_in_play(), 1);
        g.check_invariants().unwrap();
        // Destroyed: face up in its owner's discard pile, never the encounter discard pile.
        g.deal_damage(top, 2);
        g.settle();
        assert_eq!(g.card(top).zone, Zone::Discard(0));
        assert!(!g.is_reanimated(top));
        assert_eq!(g.def_of(top).code, GUARD);
        // Any effect that would send it elsewhere sends it there too.
        let c = g.top(Zone::Deck(0)).unwrap();
        g.reanimate(c, 0);
        g.move_card(c, Zone::EncounterDeck);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        g.check_invariants().unwrap();
        // A card in play cannot be reanimated.
        let h = g.heroes(0).next().unwrap();
        assert!(!g.reanimate(h, 0));
    }

    #[test]
    fn the_catacombs_of_carn_dum() {
        let mut g = dr();
        let q = set_stage(&mut g, "TDR-150A");
        let deck0 = g.list(Zone::EncounterDeck).len();
        catacombs_setup(&mut g, q);
        g.settle();
        drain_pending(&mut g);
        assert_eq!(g.card(find(&g, DAECHANAR).unwrap()).zone, Zone::SetAside);
        assert_eq!(g.card(find(&g, ALTAR).unwrap()).zone, Zone::SetAside);
        assert!(
            g.list(Zone::EncounterDeck).len() < deck0 - 2,
            "one card revealed"
        );
        assert_eq!(reanimated(&g).len(), 1, "the top card reanimated");
        // 1B: Sorcery cards attached to it wait for stage 2, which takes them.
        let q = set_stage(&mut g, "TDR-150B");
        let curse = g.spawn("TLR-066", ENCOUNTER, Zone::Attached(q));
        let other = g.spawn("TLR-062", ENCOUNTER, Zone::Attached(q));
        g.emit(Event::QuestDefeated(q));
        assert_eq!(g.card(curse).zone, Zone::SetAside);
        assert_eq!(g.card(other).zone, Zone::Attached(q));
    }

    #[test]
    fn angmar_awakened() {
        let mut g = dr();
        for c in [DAECHANAR, ALTAR] {
            let x = find(&g, c).unwrap();
            g.move_card(x, Zone::SetAside);
        }
        let old = g.spawn("TDR-160", ENCOUNTER, Zone::Active);
        let curse = g.spawn("TLR-066", ENCOUNTER, Zone::SetAside);
        let q = set_stage(&mut g, "TDR-151A");
        awakened_revealed(&mut g, q, 0);
        g.settle();
        let d = find(&g, DAECHANAR).unwrap();
        assert_eq!(g.card(d).zone, Zone::Staging);
        assert_eq!(code(&g, g.active_location().unwrap()), ALTAR);
        assert_eq!(g.card(old).zone, Zone::Staging);
        assert_eq!(g.card(curse).zone, Zone::Attached(q), "stage 1's Sorcery");
        assert_eq!(reanimated(&g).len(), 1);
        // 2B: Daechanar destroyed advances to stage 3.
        set_stage(&mut g, "TDR-151B");
        g.move_card(curse, Zone::EncounterDiscard);
        g.card_mut(d).damage = 20;
        g.settle();
        drain_pending(&mut g);
        assert_eq!(g.card(q).zone, Zone::Removed, "advanced");
        assert_ne!(g.main_quest(), Some(q));
    }

    #[test]
    fn daechanars_fall() {
        let mut g = dr();
        let q = set_stage(&mut g, "TDR-152A");
        // One player: one location in the staging area.
        let staged = |g: &Game| {
            g.list(Zone::Staging)
                .iter()
                .filter(|&&c| g.is_location(c))
                .count()
        };
        assert_eq!(staged(&g), 0);
        // The players pick the location: the fewest quest points of the deck and the discard
        // pile (Sinister Dungeon, 1), not the topmost one.
        let fewest = [Zone::EncounterDeck, Zone::EncounterDiscard]
            .iter()
            .flat_map(|&z| g.list(z).iter().copied())
            .filter(|&c| g.is_location(c))
            .map(|c| g.def_of(c).quest_points)
            .min()
            .unwrap();
        assert_eq!(fewest, 1);
        fall_revealed(&mut g, q, 0);
        assert_eq!(staged(&g), 1);
        let picked = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .find(|&c| g.is_location(c))
            .unwrap();
        assert_eq!(g.def_of(picked).quest_points, fewest);
        // 3B: quest progress goes to staged locations, nearest to explored first.
        let q = set_stage(&mut g, "TDR-152B");
        let l = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .find(|&c| g.is_location(c))
            .unwrap();
        let need = g.stat(l, Stat::QuestPoints);
        g.place_progress_on_quest(need - 1, true);
        assert_eq!(g.card(q).progress, 0);
        assert_eq!(g.card(l).progress, need - 1);
        // End of the quest phase with a location in play: 1 damage to every character.
        let h = g.heroes(0).next().unwrap();
        g.emit(Event::PhaseEnd(Phase::Quest));
        drain_pending(&mut g);
        assert_eq!(g.card(h).damage, 1);
        assert_eq!(g.outcome(), None);
        // No location left: the players win.
        g.place_progress_on_quest(5, true);
        g.settle();
        assert!(
            !g.card(l).zone.in_play(),
            "explored: {:?} {} / {}",
            g.card(l).zone,
            g.card(l).progress,
            need
        );
        g.emit(Event::PhaseEnd(Phase::Quest));
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn daechanar() {
        let mut g = dr();
        let d = find(&g, DAECHANAR).unwrap();
        g.move_card(d, Zone::Staging);
        assert!(g.rule(Rule::CannotHaveAttachments(d)));
        assert_eq!(g.stat(d, Stat::Attack), 4);
        // With no Sorcery card in play he takes damage as usual.
        g.deal_damage(d, 3);
        assert_eq!(g.card(d).damage, 3);
        // A Sorcery card in play: +1 Attack, Indestructible, damage canceled and a Sorcery
        // card leaves the game.
        let q = g.main_quest().unwrap();
        let s1 = g.spawn("TLR-066", ENCOUNTER, Zone::Attached(q));
        let s2 = g.spawn("TDR-164", ENCOUNTER, Zone::Attached(q));
        assert_eq!(g.stat(d, Stat::Attack), 6);
        assert!(g.rule(Rule::GainsIndestructible(d)));
        g.deal_damage(d, 4);
        assert_eq!(g.card(d).damage, 3, "canceled");
        // The players pick which Sorcery card leaves the game.
        assert_eq!(options(&g), vec![Opt::Card(s1), Opt::Card(s2)]);
        g.answer(Opt::Card(s2));
        drain_pending(&mut g);
        assert_eq!(g.card(s2).zone, Zone::Removed);
        assert_eq!(g.card(s1).zone, Zone::Attached(q));
        g.card_mut(d).damage = 12;
        g.settle();
        assert!(g.card(d).zone.in_play(), "indestructible");
        g.move_card(s1, Zone::EncounterDiscard);
        g.settle();
        assert_eq!(g.card(d).zone, Zone::Victory);
    }

    #[test]
    fn daechanar_sorcery_choice() {
        // `basic`'s rule (the card's effect hint): a Sorcery on one of our characters first,
        // then Death and Calamity, then any other.
        let mut g = dr();
        let d = find(&g, DAECHANAR).unwrap();
        g.move_card(d, Zone::Staging);
        let q = g.main_quest().unwrap();
        let curse = g.spawn("TLR-066", ENCOUNTER, Zone::Attached(q));
        let calamity = g.spawn(CALAMITY, ENCOUNTER, Zone::Attached(q));
        let hero = g.characters(0).next().unwrap();
        let dread = g.spawn(FELL_DREAD, ENCOUNTER, Zone::Attached(hero));
        let pick = |g: &Game| {
            let o = options(g);
            let i = bot::sorcery_to_remove(g, 0, d, 0, &o).unwrap();
            o[i]
        };
        g.deal_damage(d, 2);
        assert_eq!(pick(&g), Opt::Card(dread), "the one on our hero");
        g.answer(Opt::Card(dread));
        drain_pending(&mut g);
        assert_eq!(g.card(dread).zone, Zone::Removed);
        g.deal_damage(d, 2);
        assert_eq!(pick(&g), Opt::Card(calamity));
        g.answer(Opt::Card(calamity));
        drain_pending(&mut g);
        // One left: no choice to make, it leaves as the engine runs on.
        g.deal_damage(d, 2);
        assert!(g.pending().is_none());
        g.settle();
        assert_eq!(g.card(curse).zone, Zone::Removed);
        assert_eq!(g.card(d).damage, 0);
    }

    #[test]
    fn altar_of_midwinter() {
        let mut g = dr();
        let a = find(&g, ALTAR).unwrap();
        g.move_card(a, Zone::Active);
        let d = find(&g, DAECHANAR).unwrap();
        g.move_card(d, Zone::Staging);
        g.add_progress(a, 3);
        assert_eq!(
            g.card(a).progress,
            0,
            "no progress while Daechanar is in play"
        );
        g.move_card(d, Zone::SetAside);
        g.add_progress(a, 3);
        assert_eq!(g.card(a).progress, 3);
        // After the staging step: reveal one more, or reanimate the top card.
        g.emit(Event::StagingEnded);
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(1));
        drain_pending(&mut g);
        assert_eq!(reanimated(&g).len(), 1);
        let n = g.list(Zone::EncounterDeck).len();
        g.emit(Event::StagingEnded);
        g.answer(Opt::Mode(0));
        drain_pending(&mut g);
        assert!(g.list(Zone::EncounterDeck).len() < n, "revealed");
    }

    #[test]
    fn dwimmerlaik() {
        let mut g = dr();
        let w = g.spawn("TDR-155", ENCOUNTER, Zone::Engaged(0));
        let a = g.spawn(GUARD, 0, Zone::Play(0));
        attack_defended(&mut g, w, a);
        assert!(g.is_reanimated(a), "the destroyed defender is reanimated");
        assert_eq!(g.card(a).zone, Zone::Engaged(0));
        assert_eq!(shadow_count(&g, a), 1);
        // Shadow: the same when this attack destroys a character.
        shadow_reanimates_destroyed_defender("TDR-155");
    }

    #[test]
    fn witch_of_angmar() {
        let mut g = dr();
        let w = g.spawn("TDR-156", ENCOUNTER, Zone::Engaged(0));
        // A Sorcery shadow card resolves its When Revealed effect too (Death and Calamity
        // attaches to the quest and reanimates).
        let s = g.spawn("TDR-164", ENCOUNTER, Zone::Shadow(w));
        attack_undefended(&mut g, w);
        let q = g.main_quest().unwrap();
        assert_eq!(g.card(s).zone, Zone::Attached(q));
        assert_eq!(reanimated(&g).len(), 1);
        // Another enemy's Sorcery shadow: only its shadow effect.
        let mut g = dr();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        let s = g.spawn("TDR-164", ENCOUNTER, Zone::Shadow(e));
        attack_undefended(&mut g, e);
        assert_ne!(g.card(s).zone, Zone::Attached(g.main_quest().unwrap()));
        assert!(reanimated(&g).is_empty());
    }

    #[test]
    fn wraith_of_carn_dum() {
        let mut g = dr();
        let w = g.spawn(WRAITH, ENCOUNTER, Zone::Engaged(0));
        let a = g.spawn(GUARD, 0, Zone::Play(0));
        let (wp, atk) = (g.stat(a, Stat::Willpower), g.stat(a, Stat::Attack));
        g.deal_damage(w, 5);
        g.settle();
        assert!(g.pending().is_some(), "the first player picks a character");
        g.answer(Opt::Card(a));
        drain_pending(&mut g);
        assert_eq!(g.card(w).zone, Zone::Attached(a));
        assert!(g.has_trait(w, "Sorcery"), "a Sorcery attachment");
        assert_eq!(g.stat(a, Stat::Willpower), (wp - 1).max(0));
        assert_eq!(g.stat(a, Stat::Attack), (atk - 1).max(0));
        // The character leaves play: back to the staging area as an enemy.
        g.discard(a);
        assert_eq!(g.card(w).zone, Zone::Staging);
        assert!(!g.has_trait(w, "Sorcery"));
        g.check_invariants().unwrap();
    }

    /// The Dread Realm's rule hooks declare their questions (`Script::rule_on`): with the
    /// Witch of Angmar staged, a Wraith of Carn Dûm on a character and Daechanar staged, a
    /// question none of them names is answered at once (no hook asked), theirs still are, and a
    /// question of a kind that shares a bit with theirs (`RuleKind::bit`) is asked and
    /// answered no.
    #[test]
    fn rule_masks_of_the_dread_realm_name_their_questions() {
        let mut g = dr();
        let witch = g.spawn("TDR-156", ENCOUNTER, Zone::Staging);
        let wraith = g.spawn(WRAITH, ENCOUNTER, Zone::Engaged(0));
        let a = g.spawn(GUARD, 0, Zone::Play(0));
        g.deal_damage(wraith, 5);
        g.settle();
        g.answer(Opt::Card(a));
        drain_pending(&mut g);
        assert_eq!(g.card(wraith).zone, Zone::Attached(a));
        let dae = g.spawn(DAECHANAR, ENCOUNTER, Zone::Staging);
        // (Before the masks, every question reached these hooks.)
        assert!(!g.may_answer_in_play(Rule::QuestsGainBattle));
        assert!(!g.may_answer_in_play(Rule::CannotTakeDamage(a)));
        assert!(!g.rule(Rule::CannotTakeDamage(a)));
        assert!(g.rule(Rule::SorceryShadowsRevealed(witch)));
        assert!(!g.rule(Rule::SorceryShadowsRevealed(wraith)));
        assert!(g.rule(Rule::BackToStagingWhenHostLeaves(wraith)));
        assert!(g.rule(Rule::CannotHaveAttachments(dae)));
        assert!(g.has_trait(wraith, "Sorcery"));
        // Discarding with the host shares the Wraith's bit: asked, and no hook says yes.
        assert_eq!(
            RuleKind::DiscardsHostWithIt.bit(),
            RuleKind::BackToStagingWhenHostLeaves.bit()
        );
        assert!(g.may_answer_in_play(Rule::DiscardsHostWithIt(wraith)));
        assert!(!g.rule(Rule::DiscardsHostWithIt(wraith)));
        g.check_invariants().unwrap();
    }

    #[test]
    fn sinister_dungeon() {
        let mut g = dr();
        let l = g.spawn(SINISTER_DUNGEON, ENCOUNTER, Zone::Active);
        let hand = g.list(Zone::Hand(0)).len();
        assert!(hand > 0);
        g.add_progress(l, 1);
        g.settle();
        assert_eq!(g.list(Zone::Hand(0)).len(), hand - 1);
        let r = reanimated(&g);
        assert_eq!(r.len(), 1, "a card of the hand reanimated");
        assert_eq!(
            g.card(l).zone,
            Zone::Shadow(r[0]),
            "dealt to it as a shadow card"
        );
        // Shadow: the top 2 encounter cards go; a Sorcery one resolves its When Revealed.
        let mut g = dr();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn(SINISTER_DUNGEON, ENCOUNTER, Zone::Shadow(e));
        let other = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDeck);
        let calamity = g.spawn("TDR-164", ENCOUNTER, Zone::EncounterDeck);
        attack_undefended(&mut g, e);
        assert_eq!(g.card(other).zone, Zone::EncounterDiscard);
        assert_eq!(
            g.card(calamity).zone,
            Zone::Attached(g.main_quest().unwrap())
        );
        assert_eq!(reanimated(&g).len(), 1);
    }

    #[test]
    fn tombs_of_carn_dum() {
        let mut g = dr();
        let t = g.spawn("TDR-159", ENCOUNTER, Zone::Staging);
        // The deck is all allies: the discarded one is reanimated.
        let top = g.top(Zone::Deck(0)).unwrap();
        g.emit(Event::RoundEnd);
        assert!(g.is_reanimated(top));
        // An event discarded stays in the discard pile.
        let ev = g.spawn("Core-022", 0, Zone::Deck(0));
        g.emit(Event::RoundEnd);
        assert_eq!(g.card(ev).zone, Zone::Discard(0));
        assert_eq!(reanimated(&g).len(), 1);
        // Travel: a shadow card for each Undead enemy.
        let u = g.spawn("TLR-061", ENCOUNTER, Zone::Staging);
        let o = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        assert!(tombs_travel(&mut g, t, true));
        assert_eq!(shadow_count(&g, u), 1);
        assert_eq!(shadow_count(&g, top), 1, "a Reanimated Dead is Undead");
        assert_eq!(shadow_count(&g, o), 0);
    }

    #[test]
    fn dark_halls() {
        let mut g = dr();
        let h = g.spawn("TDR-160", ENCOUNTER, Zone::Staging);
        g.reanimate_top(0, 1);
        let r = reanimated(&g)[0];
        assert_eq!(g.stat(r, Stat::Attack), 3);
        assert_eq!(g.stat(r, Stat::Defense), 3);
        g.move_card(h, Zone::Active);
        assert_eq!(g.stat(r, Stat::Attack), 2, "only while staged");
        // Shadow: a copy of the defender in the discard pile is reanimated with a shadow card.
        let mut g = dr();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TDR-160", ENCOUNTER, Zone::Shadow(e));
        let copy = g.spawn(GUARD, 0, Zone::Discard(0));
        let a = g.spawn(GUARD, 0, Zone::Play(0));
        g.card_mut(a).damage = 0;
        attack_defended(&mut g, e, a);
        assert!(g.is_reanimated(copy));
        assert_eq!(shadow_count(&g, copy), 1);
    }

    #[test]
    fn unholy_crypt() {
        let mut g = dr();
        let c = g.spawn("TDR-161", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(c, Stat::Threat), 1);
        g.reanimate_top(0, 2);
        assert_eq!(g.stat(c, Stat::Threat), 3);
        // Shadow: a character this attack destroys is reanimated with a shadow card.
        shadow_reanimates_destroyed_defender("TDR-161");
    }

    #[test]
    fn possession() {
        let mut g = dr();
        let cheap = g.spawn("Core-016", 0, Zone::Play(0)); // Snowbourn Scout, cost 1
        let dear = g.spawn(GUARD, 0, Zone::Play(0));
        let p = g.spawn(POSSESSION, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, p);
        assert_eq!(g.card(cheap).zone, Zone::Play(0));
        assert!(g.is_reanimated(dear), "the highest-cost ally");
        assert_eq!(g.card(dear).zone, Zone::Staging);
        assert_eq!(g.card(p).zone, Zone::Attached(dear));
        assert!(g.has_trait(p, "Condition"));
        // Possession discarded: the Reanimated Dead goes too (to its owner's discard pile).
        g.discard(p);
        assert_eq!(g.card(dear).zone, Zone::Discard(0));
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_fell_dread() {
        let mut g = dr();
        let d = g.spawn(FELL_DREAD, ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, d);
        let heroes: Vec<_> = g.heroes(0).collect();
        assert_eq!(
            options(&g),
            heroes.iter().map(|&h| Opt::Card(h)).collect::<Vec<_>>()
        );
        let h = heroes[1];
        g.answer(Opt::Card(h));
        drain_pending(&mut g);
        assert_eq!(g.card(d).zone, Zone::Attached(h));
        assert_eq!(g.stat(h, Stat::Willpower), 0);
        assert!(!g.rule(Rule::MustCommit(h)), "only in the quest phase");
        g.phase = Phase::Quest;
        assert!(g.rule(Rule::MustCommit(h)));
        // The commit step commits it unasked, first.
        g.push_run(Frame::Commit { seat: 0 });
        assert!(g.card(h).questing);
        assert!(!options(&g).contains(&Opt::Card(h)));
        // A second copy goes to another hero.
        let d2 = g.spawn(FELL_DREAD, ENCOUNTER, Zone::EncounterDeck);
        g.phase = Phase::Planning;
        reveal(&mut g, d2);
        assert!(!options(&g).contains(&Opt::Card(h)));
        // Resolved from the encounter discard pile (Sinister Dungeon's shadow discarded it):
        // it still attaches to a hero.
        let mut g = dr();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn(SINISTER_DUNGEON, ENCOUNTER, Zone::Shadow(e));
        let d = g.spawn(FELL_DREAD, ENCOUNTER, Zone::EncounterDeck);
        attack_undefended(&mut g, e);
        assert!(
            matches!(g.card(d).zone, Zone::Attached(h) if g.is_hero(h)),
            "{:?}",
            g.card(d).zone
        );
    }

    #[test]
    fn death_and_calamity() {
        let mut g = dr();
        let q = g.main_quest().unwrap();
        let c1 = g.spawn(CALAMITY, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c1);
        assert_eq!(g.card(c1).zone, Zone::Attached(q));
        assert_eq!(reanimated(&g).len(), 1, "X = 1");
        let c2 = g.spawn(CALAMITY, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c2);
        assert_eq!(reanimated(&g).len(), 3, "X = 2 more");
        // Shadow: +1 Attack per Sorcery card in play (2 here).
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn(CALAMITY, ENCOUNTER, Zone::Shadow(e));
        let atk = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Undefended);
        let d = g.pending().unwrap();
        assert!(
            matches!(d.ask, Ask::UndefendedHero { damage, .. } if damage == atk + 2),
            "{:?}",
            d.ask
        );
    }
}
