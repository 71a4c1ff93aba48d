//! The state value that scores a rollout's end (`value`: win, loss, or the static or learned
//! value of an unfinished game) and its weights.

use super::*;

/// The weights of [`state_value`] that `--bot lookahead:...` may set.
#[derive(Clone, Copy, Debug)]
pub struct ValueWeights {
    pub threat: f64,
    /// The square of threat above [`THREAT_KNEE`].
    pub threat_sq: f64,
    /// Threat above which each point counts twice.
    pub threat_knee: f64,
    /// Each enemy in the staging area.
    pub staged_enemy: f64,
    pub staging: f64,
    pub progress: f64,
    /// A kill token on a mission whose kills advance the quest (`Hint::kills_advance_quest`).
    pub kill_token: f64,
    /// A token on a mission whose tokens are lives (`Hint::mission_tokens_are_lives`).
    pub life_token: f64,
    /// A hero's Willpower + Attack + Defense (attachments and lasting effects included).
    pub hero_stat: f64,
    /// A card in hand.
    pub hand: f64,
    /// A player attachment in play (not a guarded objective), times its `Hint::attach` score
    /// over 20 (20 where it has none): what it will still do in later rounds, which a one-round
    /// value does not see (distill45). 0: off.
    pub attach: f64,
    /// A staged location's expected Threat growth per round (`Hint::threat_growth`).
    pub growth: f64,
    /// A hero in play (beside its hit points).
    pub hero: f64,
    /// Each quest stage reached.
    pub stage: f64,
    /// Per quest point of a location in play at the decision and gone by the horizon.
    pub explored: f64,
    /// With a kills-advance-quest mission: the share of a kill token per enemy in play.
    pub kill_chance: f64,
    /// Per remaining hit point of an enemy in play whose own rules stop the win.
    pub block: f64,
    /// Multiplier of a side quest's deadline harm.
    pub deadline: f64,
    /// rhc52: per Attack point of the shadow cards harsher without a Clue still unseen
    /// (`no_clue_harm_left`), while a Clue is in play (claimed, or flipped and claimable), per
    /// player it can cover (option `clue_weight`, 1; 0: off).
    pub clue: f64,
    /// Each damage point on the enemy whose hit points keep the stage from being defeated
    /// (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike 2B) counts this share of a
    /// point of progress on the quest (the static value's `progress`, the learned value's
    /// worth of one quest point).
    pub quest_damage: f64,
    /// Where an empty deck eliminates: per card a deck holds below `deck_reserve`.
    pub deck: f64,
    /// The deck size below which `deck` counts.
    pub deck_reserve: f64,
    /// The score of an unfinished game: the static value or the learned one (`learned.rs`).
    pub learned: learned::Scale,
    /// With a learned value: the share of the static value added to it.
    pub mix: f64,
    /// With a learned value: which fitted coefficients (`value_fit`).
    pub fit: learned::Fit,
    /// Share of `progress` per quest point of the main-quest stages already passed; negative:
    /// `auto` (1 while the main quest's `Hint::carry_progress` is set, else 0).
    pub carry: f64,
    /// While a mission whose tokens are lives is in play (`Hint::mission_tokens_are_lives`:
    /// The Weather Hills' stage 2, after Hunting the Orcs flips): per point of staging threat
    /// above the Willpower the players' characters hold (`flip_deficit_points`). Off (0) by
    /// default.
    pub flip_deficit: f64,
    /// commit53 `cliff_weight`: value points lost per player whose next quest eliminates him
    /// even with every character committed ([`threat_cliff`]). Off (0) by default.
    pub cliff: f64,
    /// While the main quest is a control race (`Hint::control_race`: Wrath and Ruin), each
    /// location the players control more than the staging area holds ([`control_lead`]); with
    /// it on, the stage's progress beyond its quest points counts nothing.
    pub control: f64,
    /// With `value=shaped`: the weight of one fitted round still to play, in points of the
    /// fitted final progress score.
    pub shaped_rounds: f64,
    /// With `value=shaped` or `shaped2`: points of value per point of the fitted final
    /// progress score (`shaped_scale`, default [`learned::SHAPED_SCALE`]).
    pub shaped_scale: f64,
}

pub const DEFAULT_WEIGHTS: ValueWeights = ValueWeights {
    threat: 1.0,
    threat_sq: 0.0,
    threat_knee: 35.0,
    staged_enemy: 0.0,
    staging: 4.0,
    progress: 1.5,
    kill_token: 6.0,
    life_token: 6.0,
    hero_stat: 0.0,
    hand: 1.5,
    attach: 0.0,
    growth: 4.0,
    hero: HERO,
    stage: STAGE,
    explored: 0.0,
    kill_chance: 0.0,
    block: 0.0,
    deadline: 1.0,
    clue: 1.0,
    quest_damage: 0.0,
    deck: 0.0,
    deck_reserve: 15.0,
    learned: learned::Scale::Chance,
    mix: 0.0,
    fit: learned::Fit::Pooled,
    carry: 0.0,
    flip_deficit: 0.0,
    cliff: 0.0,
    control: 0.0,
    shaped_rounds: SHAPED_ROUNDS,
    shaped_scale: learned::SHAPED_SCALE,
};

/// `shaped_rounds`' default.
pub const SHAPED_ROUNDS: f64 = 1.0;

/// `carry_weight=auto`.
pub const CARRY_AUTO: f64 = -1.0;

/// The score of a rollout's end state (see the `lookahead` module doc).
pub fn value(g: &Game, w: &ValueWeights) -> f64 {
    match g.outcome() {
        Some(Outcome::Win) => WIN,
        Some(Outcome::RoundCap) => ROUND_CAP,
        Some(_) => LOSS,
        None if w.learned != learned::Scale::Static => learned::value(g, w),
        None => state_value(g, w),
    }
}

/// Escape from Mount Gram: are player `p`'s other cards captured (RULES §8.7), so that his
/// few heroes carry the game alone?
pub(crate) fn heroes_alone(g: &Game, p: u8) -> bool {
    g.areas.captives > 0
        || g.list(Zone::Captured(p))
            .iter()
            .any(|&c| g.card(c).zone == Zone::Captured(p))
}

/// The current quest stage of staging area `a` (separate staging areas: the last quest card
/// in play there).
pub(crate) fn area_stage(g: &Game, a: u8) -> Option<crate::engine::CardId> {
    g.list(Zone::Quest)
        .iter()
        .rev()
        .copied()
        .find(|&q| g.card(q).area == a)
}

/// The separate staging areas in order (Escape from Mount Gram), none where there is one.
pub(crate) fn split_areas(g: &Game) -> ([u8; crate::record::MAX_PLAYERS], usize) {
    let (areas, n) = g.area_order();
    (areas, if g.areas.split { n } else { 0 })
}

/// A character's Willpower + Attack + Defense (at least 0).
pub(crate) fn char_stats(g: &Game, c: crate::engine::CardId) -> f64 {
    (g.stat(c, Stat::Willpower) + g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)).max(0) as f64
}

/// The static value of an unfinished game (see the `lookahead` module doc).
pub fn state_value(g: &Game, w: &ValueWeights) -> f64 {
    let mut v = 0.0;
    // Deadmen's Dike: an empty deck eliminates, and the quest mills; a thin deck is a loss to come.
    let deck_clock = w.deck > 0.0 && g.rule(crate::cards::Rule::EmptyDeckEliminates);
    for p in 0..g.n_players {
        let ps = &g.players[p as usize];
        if ps.eliminated {
            v -= 60.0;
            continue;
        }
        let t = ps.threat as f64;
        v -= w.threat * (t + (t - w.threat_knee).max(0.0));
        if w.cliff > 0.0 && threat_cliff(g, ps.threat) {
            v -= w.cliff;
        }
        if w.threat_sq > 0.0 {
            let over = (t - THREAT_KNEE).max(0.0);
            v -= w.threat_sq * over * over;
        }
        // Escape from Mount Gram: while a player's other cards are captured (RULES §8.7), his
        // few heroes carry the game alone and their stats count (the starting-hero choice).
        let alone = heroes_alone(g, p);
        for &c in g.list(Zone::Play(p)) {
            if !g.is_character(c) {
                continue;
            }
            let hp = g.remaining_hp(c).max(0) as f64;
            let stats = || char_stats(g, c);
            if g.is_hero(c) {
                v += w.hero + 1.5 * hp + 0.5 * g.card(c).resources as f64;
                if w.hero_stat > 0.0 {
                    v += w.hero_stat * stats();
                }
                if alone {
                    v += 2.0 * stats();
                }
            } else {
                v += 3.0 + stats() + 0.5 * hp;
            }
        }
        v += w.hand * g.list(Zone::Hand(p)).len() as f64;
        if deck_clock {
            let deck = g.list(Zone::Deck(p)).len() as f64;
            v -= w.deck * (w.deck_reserve - deck).max(0.0);
        }
        for &e in g.engaged(p) {
            v -= 1.5 * g.stat(e, Stat::Attack).max(0) as f64
                + 0.5 * g.remaining_hp(e).max(0) as f64
                + g.stat(e, Stat::Threat).max(0) as f64;
        }
    }
    // With separate staging areas (Escape from Mount Gram), each area's staging threat, stage
    // and active location count, summed.
    let (areas, n_areas) = split_areas(g);
    let areas = &areas[..n_areas];
    if areas.is_empty() {
        v -= w.staging * g.staging_threat().max(0) as f64;
    }
    for &a in areas {
        v -= w.staging * g.staging_threat_in(a).max(0) as f64;
    }
    for &c in g.list(Zone::Staging) {
        if g.is_enemy(c) {
            v -= g.stat(c, Stat::Attack).max(0) as f64
                + 0.5 * g.remaining_hp(c).max(0) as f64
                + w.staged_enemy;
        } else if g.ty(c) == CardType::Location {
            // Staged threat still to come: a location that grows while it waits.
            v -= w.growth * crate::cards::hints::hint(g, c).threat_growth as f64;
        }
    }
    if areas.is_empty() {
        if let Some(q) = g.main_quest() {
            v += w.stage * g.def_of(q).stage as f64 + w.progress * g.card(q).progress as f64;
        }
    }
    for &a in areas {
        if let Some(q) = area_stage(g, a) {
            v += w.stage * g.def_of(q).stage as f64 + w.progress * g.card(q).progress as f64;
        }
    }
    for &c in g.list(Zone::Staging) {
        if g.ty(c) == CardType::EncounterSideQuest {
            v += side_quest_value(g, c, w);
        } else if crate::cards::hints::hint(g, c).kills_advance_quest {
            // A mission counting kills toward the next stage: each token is part of a stage.
            v += w.kill_token * g.card(c).resources as f64;
        } else if crate::cards::hints::hint(g, c).mission_tokens_are_lives {
            // A mission whose last token lost loses the game: each token is a life.
            v += w.life_token * g.card(c).resources as f64;
        }
    }
    if w.clue != 0.0 {
        v += w.clue * clue_cover(g);
    }
    if areas.is_empty() {
        if let Some(l) = g.active_location() {
            v += w.progress * g.card(l).progress as f64;
        }
    }
    for &a in areas {
        if let Some(l) = g.active_location_in(a) {
            v += w.progress * g.card(l).progress as f64;
        }
    }
    // Captured cards under encounter and quest cards (Escape from Mount Gram, RULES §8.7): each
    // is a card of ours held back until its host leaves play or progress rescues it (0 in
    // every other scenario).
    const CAPTIVE: f64 = 3.0;
    v -= CAPTIVE * g.areas.captives as f64;
    for &c in g.list(Zone::Victory) {
        if g.card(c).owner == ENCOUNTER {
            v += 2.0 * g.def_of(c).victory as f64;
        }
    }
    if w.kill_chance > 0.0 {
        v += kill_chance_value(g, w);
    }
    if w.block > 0.0 {
        v -= w.block * blocking_hp(g) as f64;
    }
    if w.attach > 0.0 {
        v += w.attach * attachments_in_play(g);
    }
    if w.quest_damage > 0.0 {
        v += w.quest_damage * w.progress * quest_damage_done(g) as f64;
    }
    let carry = carry_share(g, w);
    if carry > 0.0 && areas.is_empty() {
        v += carry * w.progress * passed_quest_points(g) as f64;
    }
    if w.flip_deficit > 0.0 {
        v -= w.flip_deficit * flip_deficit_points(g) as f64;
    }
    if w.control > 0.0 {
        let (lead, excess) = control_lead(g);
        v += w.control * lead as f64 - w.progress * excess as f64;
    }
    v
}

/// commit53: would the next quest take a player at `threat` to the elimination level even with
/// every character of every player committed? The next quest's raise is estimated as the
/// staging threat plus 2 per player for the reveals, less the questing stat of all the
/// characters in play (ready or not: the refresh phase readies them before that quest).
pub(crate) fn threat_cliff(g: &Game, threat: i16) -> bool {
    let reveals = 2 * g.players_in_game() as i16;
    if threat + g.staging_threat().max(0) + reveals < THREAT_LIMIT {
        return false;
    }
    let qs = g.questing_stat();
    let mut strength = 0i16;
    for p in 0..g.n_players {
        if !g.players[p as usize].eliminated {
            strength += g.characters(p).map(|c| g.stat(c, qs).max(0)).sum::<i16>();
        }
    }
    let raise = (g.staging_threat().max(0) + reveals - strength).max(0);
    threat + raise >= THREAT_LIMIT
}

/// The threat at which a player is eliminated.
const THREAT_LIMIT: i16 = 50;

/// The player attachments in play (not guarded objectives), each counted as its `Hint::attach`
/// score over 20 (1 where it has none; at least 0).
pub(crate) fn attachments_in_play(g: &Game) -> f64 {
    g.list(Zone::Attached(0))
        .iter()
        .filter(|&&a| {
            let ci = g.card(a);
            ci.owner != ENCOUNTER && !ci.guarded
        })
        .map(|&a| {
            let score = crate::cards::hints::hint(g, a)
                .attach
                .map_or(20, |(s, _)| s);
            score.max(0) as f64 / 20.0
        })
        .sum()
}

/// While a mission whose tokens are lives is staged (`Hint::mission_tokens_are_lives`: The
/// Weather Hills' Savage Counter-attack, on stage 2): the staging threat above the Willpower of
/// every character in play, at least 0 — how far the board is from making progress on the
/// stage (results/research/weather-hills.md, "The Weather Hills stage 2": boards won there have their staged locations
/// gone and more Willpower). 0 while no such mission is in play.
pub(crate) fn flip_deficit_points(g: &Game) -> i32 {
    let lives = g
        .list(Zone::Staging)
        .iter()
        .any(|&c| crate::cards::hints::hint(g, c).mission_tokens_are_lives);
    if !lives {
        return 0;
    }
    let wp =
        crate::cards::common::sum_over_characters(g, |c| g.stat(c, Stat::Willpower).max(0) as i32);
    (g.staging_threat().max(0) as i32 - wp).max(0)
}

/// While the main quest is a control race (`Hint::control_race`: Wrath and Ruin 1B and 2B,
/// defeated or opened only while the players control more locations than are staged): the
/// locations the players control less those in the staging area, and the stage's progress
/// beyond its quest points (which buys nothing there); (0, 0) on any other quest.
pub(crate) fn control_lead(g: &Game) -> (i16, i16) {
    let Some(q) = g.main_quest() else {
        return (0, 0);
    };
    if g.areas.split || !crate::cards::hints::hint(g, q).control_race {
        return (0, 0);
    }
    let excess = (g.card(q).progress - g.stat(q, Stat::QuestPoints).max(0)).max(0);
    (g.locations_controlled() - g.locations_staged(), excess)
}

/// The damage on the enemy in play whose hit points keep the current stage from being defeated
/// (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike 2B), at most its hit points: the
/// part of the win that progress alone cannot bring, already done (0 without such an enemy).
pub(crate) fn quest_damage_done(g: &Game) -> i16 {
    let Some(q) = g.main_quest() else { return 0 };
    let Some(f) = crate::cards::hints::hint(g, q).quest_damage_target else {
        return 0;
    };
    match f(g) {
        Some(e) if g.card(e).zone.in_play() && g.is_enemy(e) => {
            let hp = g.stat(e, Stat::HitPoints).max(0);
            g.card(e).damage.clamp(0, hp)
        }
        _ => 0,
    }
}

/// The `carry_weight` in force: the option's number, or with `auto` 1 on a stage whose
/// `Hint::carry_progress` is set (The Wastes of Eriador 2B, 3B) and 0 elsewhere.
pub(crate) fn carry_share(g: &Game, w: &ValueWeights) -> f64 {
    if w.carry >= 0.0 {
        return w.carry;
    }
    match g.main_quest() {
        Some(q) if crate::cards::hints::hint(g, q).carry_progress => 1.0,
        _ => 0.0,
    }
}

/// The quest points of the main-quest stages already defeated (they are removed from the game
/// when the players advance): with `carry_weight`, reaching a stage keeps the worth of the
/// progress spent on the ones before, so the one-round view does not see advancing as losing it.
pub(crate) fn passed_quest_points(g: &Game) -> i32 {
    g.list(Zone::Removed)
        .iter()
        .filter(|&&q| g.ty(q) == CardType::Quest && g.card(q).owner == ENCOUNTER)
        .map(|&q| g.def_of(q).quest_points.max(0) as i32)
        .sum()
}

/// The remaining hit points of the enemies in play (staged or engaged) whose own rules keep the
/// players from winning while they are in play (`Rule::CannotWin` asked of the enemy's script):
/// how far the board is from a win that progress alone cannot bring.
pub(super) fn blocking_hp(g: &Game) -> i32 {
    let staged = g.list(Zone::Staging).iter();
    let engaged = (0..g.n_players).flat_map(|p| g.engaged(p).iter());
    staged
        .chain(engaged)
        .filter(|&&e| g.is_enemy(e) && stops_win(g, e))
        .map(|&e| g.remaining_hp(e).max(0) as i32)
        .sum()
}

/// Does card `e`'s own text say the players cannot win while it is in play?
pub(super) fn stops_win(g: &Game, e: CardId) -> bool {
    g.script(e)
        .and_then(|s| s.rule)
        .is_some_and(|f| f(g, e, crate::cards::Rule::CannotWin))
}

/// With a mission whose kills advance the quest in the staging area, every enemy in play (staged
/// or engaged, not immune to player cards) is a kill to come: `kill_chance · kill_token` each.
pub(super) fn kill_chance_value(g: &Game, w: &ValueWeights) -> f64 {
    let mission = g
        .list(Zone::Staging)
        .iter()
        .any(|&c| crate::cards::hints::hint(g, c).kills_advance_quest);
    if !mission {
        return 0.0;
    }
    let mut n = 0usize;
    let staged = g.list(Zone::Staging).iter();
    for &e in staged.chain((0..g.n_players).flat_map(|p| g.engaged(p).iter())) {
        if g.is_enemy(e) && !g.immune(e) {
            n += 1;
        }
    }
    w.kill_chance * w.kill_token * n as f64
}

/// rhc52: the Attack points of no-Clue shadows still unseen (`no_clue_harm_left`) times the
/// share of the players a Clue in play can cover (claimed, or flipped in the staging area and
/// claimable): 0 without a Clue or without such a card in the game.
pub(super) fn clue_cover(g: &Game) -> f64 {
    if !g.may_hint(crate::cards::hints::hint_set::NO_CLUE_SHADOW) {
        return 0.0;
    }
    let staged = g
        .list(Zone::Staging)
        .iter()
        .filter(|&&c| g.is_clue(c))
        .count() as i16;
    let clues = staged + g.clues_claimed();
    if clues == 0 {
        return 0.0;
    }
    let players = g.players_in_game().max(1) as i16;
    let harm = crate::cards::hints::no_clue_harm_left(g) as f64;
    harm * clues.min(players) as f64 / players as f64
}

/// An encounter side quest in the staging area costs what is left of it (at the progress
/// weight, so defeating it never loses value), and a deadline (`Hint::deadline_harm`, time
/// counters) adds `harm · (share of its quest points left) / counters`.
pub(super) fn side_quest_value(g: &Game, c: crate::engine::CardId, w: &ValueWeights) -> f64 {
    let qp = g.stat(c, Stat::QuestPoints).max(0) as f64;
    let left = (qp - g.card(c).progress as f64).max(0.0);
    let mut v = -w.progress * left;
    let harm = crate::cards::hints::hint(g, c).deadline_harm;
    let time = g.card(c).time;
    if harm > 0 && time > 0 && qp > 0.0 {
        v -= w.deadline * harm as f64 * (left / qp) / time as f64;
    }
    v
}
