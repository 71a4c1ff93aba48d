//! The `basic` bot's mulligan, planning phase and action windows.

use super::*;

pub(super) fn mulligan(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let easy = (g.setup.mode == Mode::Easy) as i16;
    let mut castable = false;
    let mut bodies = 0;
    for &c in hand(g, p) {
        let d = g.def_of(c);
        let heroes = g.heroes(p).filter(|&h| g.hero_matches(h, d.sphere)).count() as i16;
        if heroes > 0 && d.cost.max(0) <= heroes * (2 + easy) {
            castable = true;
        }
        if matches!(d.ty, CardType::Ally | CardType::Attachment) {
            bodies += 1;
        }
    }
    let redraw = !castable || bodies < 2;
    find(o, if redraw { Opt::Yes } else { Opt::No })
}

/// Spirit resources to keep for key responses in hand.
pub(super) fn reserve_spirit(g: &Game, p: u8) -> i16 {
    hand(g, p)
        .iter()
        .map(|&c| hint(g, c).key_response)
        .max()
        .unwrap_or(0)
}

/// Would paying for `c` eat the Spirit resources kept for key responses, or those saved for a
/// threat reduction in hand (`saving_for`)?
pub(super) fn breaks_reserve(g: &Game, p: u8, c: CardId) -> bool {
    breaks_kept(g, p, c, reserve_spirit(g, p)) || breaks_saving(g, p, c)
}

/// `breaks_reserve` with `reserve_spirit(g, p)` computed once per decision (it scans the hand):
/// `*keep` is filled on first use.
fn breaks_reserve_memo(g: &Game, p: u8, c: CardId, keep: &mut Option<i16>) -> bool {
    // `breaks_kept` is false for a card of another sphere whatever the reserve: the hand is
    // scanned for it only when a Spirit or neutral card asks.
    let k = match g.def_of(c).sphere {
        Sphere::Spirit | Sphere::Neutral => *keep.get_or_insert_with(|| reserve_spirit(g, p)),
        _ => 0,
    };
    breaks_kept(g, p, c, k) || breaks_saving(g, p, c)
}

/// The card in hand the resources of its sphere are saved for: one hinted
/// `threat_reduction` once the threat is `save_threat` or more (it is played when its own
/// `play_value` says so; until then its sphere's resources are not spent below its cost).
/// With `greet_early` on, also one that `relief_keeps_enemies_away`.
pub(super) fn saving_for(g: &Game, p: u8) -> Option<CardId> {
    let by_threat = w().save_threat > 0 && (g.players[p as usize].threat as i32) >= w().save_threat;
    if !by_threat && w().greet_early == 0 {
        return None;
    }
    hand(g, p)
        .iter()
        .copied()
        .filter(|&c| {
            hint(g, c).threat_reduction > 0 && (by_threat || relief_keeps_enemies_away(g, p, c))
        })
        .max_by_key(|&c| hint(g, c).threat_reduction)
}

/// `greet_early`: is threat-reduction card `c` worth playing now, in the planning phase? Some
/// enemy still to come - staged, or among the encounter deck's cards (its make-up, never its
/// order) - has an engagement cost that `p`'s threat meets after this round's refresh (at most
/// threat + 1) and that the lowered threat would not meet. Threat paid back early lowers the
/// whole later climb.
pub(super) fn relief_keeps_enemies_away(g: &Game, p: u8, c: CardId) -> bool {
    let r = hint(g, c).threat_reduction;
    if w().greet_early == 0
        || r <= 0
        || g.phase != Phase::Planning
        || g.rule(Rule::NoEngagementChecks)
        || g.rule(Rule::CannotReduceThreat(p))
    {
        return false;
    }
    let threat = g.players[p as usize].threat;
    let near = |e: CardId| {
        g.is_enemy(e) && {
            let cost = g.stat(e, Stat::Engagement);
            cost <= threat + 1 && cost > threat - r
        }
    };
    g.list(Zone::Staging).iter().any(|&e| near(e))
        || g.list(Zone::EncounterDeck).iter().any(|&e| near(e))
}

/// `stall_greet`: is threat-reduction card `c` worth playing now, in the planning phase, to
/// keep `quest::stalls` going? The threat is within `stall_greet` of `stall_threat` (or past
/// it) and the lowered threat still stalls.
pub(super) fn relief_extends_stall(g: &Game, p: u8, c: CardId) -> bool {
    let r = hint(g, c).threat_reduction;
    let window = w().stall_greet;
    if window == 0 || r <= 0 || g.phase != Phase::Planning || g.rule(Rule::CannotReduceThreat(p)) {
        return false;
    }
    let threat = g.players[p as usize].threat;
    (threat as i32) + window >= w().stall_threat && quest::stalls_at(g, (threat - r).max(0))
}

/// Would paying for `c` leave too few resources of the saved card's sphere to pay for it?
fn breaks_saving(g: &Game, p: u8, c: CardId) -> bool {
    let Some(s) = saving_for(g, p) else {
        return false;
    };
    // Key responses (A Test of Will) keep their own reserve and are never held back by this.
    if s == c || hint(g, c).threat_reduction > 0 || hint(g, c).key_response > 0 {
        return false;
    }
    left_after(g, p, c, g.def_of(s).sphere).is_some_and(|left| left < g.cost_of(s, p))
}

/// The resources of `sphere` player `p` keeps after paying for `c` (a Neutral card is paid
/// from the other spheres' heroes first), or `None` when `c` cannot take them (another sphere).
fn left_after(g: &Game, p: u8, c: CardId, sphere: Sphere) -> Option<i16> {
    let d = g.def_of(c);
    if d.sphere != sphere && d.sphere != Sphere::Neutral {
        return None;
    }
    let other: i16 = if d.sphere == Sphere::Neutral {
        g.heroes(p)
            .filter(|&h| !g.hero_matches(h, sphere))
            .map(|h| g.card(h).resources)
            .sum()
    } else {
        0
    };
    Some(g.available(p, sphere) - (g.cost_of(c, p) - other).max(0))
}

/// `breaks_reserve` with the Spirit resources to keep already known.
fn breaks_kept(g: &Game, p: u8, c: CardId, keep: i16) -> bool {
    if keep == 0 {
        return false;
    }
    let d = g.def_of(c);
    // Only the printing the key response's script is registered under is exempt (a reprint
    // is not: kept as the code table had it).
    let key = g
        .known_script(c)
        .is_some_and(|s| s.code == d.code && s.hint.key_response > 0);
    if key {
        return false;
    }
    let cost = g.cost_of(c, p);
    // (Only these two spheres: `breaks_reserve_memo` relies on it.)
    match d.sphere {
        Sphere::Spirit => g.available(p, Sphere::Spirit) - cost < keep,
        Sphere::Neutral => {
            let other: i16 = g
                .heroes(p)
                .filter(|&h| !g.hero_matches(h, Sphere::Spirit))
                .map(|h| g.card(h).resources)
                .sum();
            other < cost && g.available(p, Sphere::Spirit) - (cost - other) < keep
        }
        _ => false,
    }
}

/// `hints::action_value` of using `c` now, with `defense_windows` (engage57) deciding where a
/// Defense boost counts outside the combat phase.
/// (`table_guard`, mp59: a failed-quest guard read against the whole table's willpower.)
fn windows_value(g: &Game, p: u8, c: CardId) -> i32 {
    if table_guard_on(g, c) {
        return table_guard_value(g, c);
    }
    action_value_with(g, p, c, None, w().defense_windows != 0)
}

/// Score of playing card `c` from hand in the planning window.
pub(super) fn play_value(g: &Game, p: u8, c: CardId) -> i32 {
    let d = g.def_of(c);
    match d.ty {
        // A card's own planning score (Dúnedain Hunter, Durin's Axe) replaces its type's.
        CardType::Ally if hint(g, c).plan_value.is_some() => plan(g, p, c),
        CardType::Ally => {
            let cost = g.cost_of(c, p).max(1) as i32;
            50 + 10 * (stats_sum(g, c)) / cost
        }
        // A restricted attachment that could only push out another one is not played.
        CardType::Attachment if angmar2_restricted(g, c) && !restricted_room(g, p, c) => 0,
        // (`insure_threat`, ett47: threat insurance waits for the threat it insures against.)
        CardType::Attachment
            if hint(g, c).threat_insurance
                && (g.players[p as usize].threat as i32) < w().insure_threat =>
        {
            0
        }
        CardType::Attachment if hint(g, c).plan_value.is_some() => plan(g, p, c),
        // (`own_host`, mp59: an attachment that exhausts its bearer, only on a host of its own.)
        CardType::Attachment if foreign_host_only(g, p, c) => 0,
        // (`trait_grant`, lead55: traits that every character of the player has already.)
        CardType::Attachment
            if w().trait_grant != 0
                && !hint(g, c).grants_traits.is_empty()
                && !g
                    .attach_targets(c, p)
                    .any(|t| g.controller(t) == p && grants_new_trait(g, c, t)) =>
        {
            0
        }
        CardType::Attachment => attachment_info(g, c).0,
        CardType::PlayerSideQuest => 10,
        // cards41: a draw with spare resources only with `spare_draw` on.
        _ if w().spare_draw == 0 && hint(g, c).spare_resource_draw => 0,
        // (`greet_early`: a threat reduction that keeps coming enemies away.)
        _ if relief_keeps_enemies_away(g, p, c) => windows_value(g, p, c).max(60),
        // (`stall_greet`: a threat reduction that keeps the stall going.)
        _ if relief_extends_stall(g, p, c) => windows_value(g, p, c).max(60),
        _ => windows_value(g, p, c),
    }
}

/// With `spare_cards` (distill44): the score of using `c`, an action paid with cards from hand
/// (`Hint::spends_hand_cards`), in the resource or planning phase: 30 while the hand is
/// discarded at the end of the round anyway (bit 1), 15 in the resource phase with
/// `spare_hand` or more cards in hand (bit 2; with bit 4 only for a card acting from play);
/// 0 otherwise (the card's own `play_value`).
pub(super) fn spare_cards_value(g: &Game, p: u8, c: CardId) -> i32 {
    let bits = w().spare_cards;
    if bits == 0
        || !hint(g, c).spends_hand_cards
        || !matches!(g.phase, Phase::Resource | Phase::Planning)
    {
        return 0;
    }
    if bits & 1 != 0 && hand_discarded_each_round(g, p) {
        return 30;
    }
    let n = g.list(Zone::Hand(p)).len();
    // Bit 4: bit 2 only for a card acting from play (Arwen's resource, every round), not for
    // one that puts itself into play from hand (Elven Jeweler: the discarded cards are gone
    // for one ally).
    let from_hand = matches!(g.card(c).zone, Zone::Hand(_));
    (bits & 2 != 0
        && !(bits & 4 != 0 && from_hand)
        && g.phase == Phase::Resource
        && n >= w().spare_hand.max(0) as usize) as i32
        * 15
}

/// speed30: the weight and phase tests of the extra scores an action or planning option may
/// get (`spare_cards_value`, `early_heal_value`, `early_draw_value`; `banks_resources`), asked
/// once per decision instead of once per option: every weight read is a call to the
/// thread-local's accessor, and the three functions were out-of-line calls per option (2.8% of
/// an Escape from Mount Gram game). Where a test fails here the function returns 0 (`false`),
/// so skipping it answers the same.
#[derive(Clone, Copy)]
struct Extras {
    spare: bool,
    heal: bool,
    draw: bool,
    bank: bool,
}

impl Extras {
    #[inline]
    fn new(g: &Game) -> Extras {
        let ph = g.phase;
        // (The four weights read at once: one call to the thread-local's accessor; speed31.)
        let wt = w();
        let draw = wt.draw_early;
        Extras {
            spare: wt.spare_cards != 0 && matches!(ph, Phase::Resource | Phase::Planning),
            heal: wt.early_heal & 1 != 0 && ph == Phase::Resource,
            draw: draw & 1 != 0
                && (ph == Phase::Resource || (draw & 2 != 0 && ph == Phase::Planning))
                && g.may_hint(hint_set::EXHAUST_DRAWS),
            bank: wt.bank_progress & 1 != 0 && ph == Phase::Refresh,
        }
    }

    /// The largest of the extra scores of `c` (each 0 or more; `heal`: `early_heal_value`
    /// counted too), 0 where none applies.
    #[inline(always)]
    fn value(self, g: &Game, p: u8, c: CardId, heal: bool) -> i32 {
        let mut v = 0;
        if self.spare {
            v = v.max(spare_cards_value(g, p, c));
        }
        if heal && self.heal {
            v = v.max(early_heal_value(g, p, c));
        }
        if self.draw {
            v = v.max(early_draw_value(g, p, c));
        }
        v
    }
}

/// With `bank_progress` (rh49): in the refresh phase, keep the resources that using `c`, an
/// Action buying progress on its own quest card (`Hint::buys_progress`), would spend, unless
/// the resources available now cover the quest points the card has left.
pub(super) fn banks_resources(g: &Game, p: u8, c: CardId) -> bool {
    if w().bank_progress & 1 == 0 || g.phase != Phase::Refresh || !hint(g, c).buys_progress {
        return false;
    }
    let left = g.stat(c, Stat::QuestPoints) - g.card(c).progress;
    left > g.available(p, Sphere::Neutral)
}

/// With `early_heal` (ett47): the score of using `c`, an action that pays a resource to heal
/// (`Hint::pays_to_heal`), in the resource phase while a character of `p` carries damage: 15
/// (else 0: the card's own `play_value`, which heals with what is left in the refresh phase).
pub(super) fn early_heal_value(g: &Game, p: u8, c: CardId) -> i32 {
    let e = w().early_heal;
    (e & 1 != 0
        && g.phase == Phase::Resource
        && hint(g, c).pays_to_heal
        && (e & 4 == 0 || g.card(c).resources >= 2)
        && (e & 8 == 0 || !hand_discarded_each_round(g, p))
        && (e & 16 == 0 || damage_punished(g))
        && if e & 2 != 0 {
            g.heroes(p).any(|x| g.card(x).damage > 0)
        } else {
            g.characters(p).any(|x| g.card(x).damage > 0)
        }) as i32
        * 15
}

/// `early_heal` bit 16: whether a card that makes damage cost more (`Hint::punishes_damage`)
/// is the main quest, staged or engaged with a player.
pub(super) fn damage_punished(g: &Game) -> bool {
    let punishes = |c: &CardId| hint(g, *c).punishes_damage;
    g.may_hint(hint_set::PUNISHES_DAMAGE)
        && (g.main_quest().is_some_and(|q| punishes(&q))
            || g.list(Zone::Staging).iter().any(punishes)
            || (0..g.players.len()).any(|p| g.list(Zone::Engaged(p as u8)).iter().any(punishes)))
}

/// With `draw_early` (gap50): the score of using `c`, a character that exhausts to draw
/// (`Hint::exhaust_draws`), in the resource phase (bit 2: or the planning phase): 20 when it is
/// ready, its player's hand holds fewer than `DRAW_HAND_CAP` cards, the deck keeps
/// `DECK_RESERVE` where an empty deck eliminates, no enemy is engaged with its player (bit 4:
/// whatever is engaged), (bit 16) no enemy is in the staging area, and the quest can spare it (`quest::spared_from_quest`). Else 0 (the
/// card's own `play_value`: the draw in the combat phase).
pub(super) fn early_draw_value(g: &Game, p: u8, c: CardId) -> i32 {
    let e = w().draw_early;
    if e & 1 == 0 || !g.may_hint(hint_set::EXHAUST_DRAWS) {
        return 0;
    }
    let n = hint(g, c).exhaust_draws as usize;
    if n == 0
        || !(g.phase == Phase::Resource || (e & 2 != 0 && g.phase == Phase::Planning))
        || !ready(g, c)
        || g.controller(c) != p
        || hand(g, p).len() >= DRAW_HAND_CAP
        || (e & 4 == 0 && !g.list(Zone::Engaged(p)).is_empty())
        || (e & 16 != 0
            && g.list(Zone::Staging)
                .iter()
                .any(|&x| g.def_of(x).ty == CardType::Enemy))
        || (g.rule(Rule::EmptyDeckEliminates) && g.list(Zone::Deck(p)).len() < DECK_RESERVE + n)
    {
        return 0;
    }
    super::quest::spared_from_quest(g, p, c) as i32 * 20
}

/// `pay_wound` (ett49): what paying for a card costs while a staged card wounds the payer
/// (`Hint::payment_wounds`), doubled while damage is punished; 0 without one.
fn payment_wound_cost(g: &Game) -> i32 {
    if !g
        .list(Zone::Staging)
        .iter()
        .any(|&c| hint(g, c).payment_wounds)
    {
        return 0;
    }
    w().pay_wound * if damage_punished(g) { 2 } else { 1 }
}

/// `spend_threat` (carn53): while spending resources raises the payer's threat
/// (`Rule::ThreatPerResourceSpent`), what playing `c` from hand costs in score: `spend_threat`
/// per resource of its cost, or `None` when the cost would take `p`'s threat to 50 (never
/// played). `Some(0)` when off, free, or without the rule. `st` is the weight and `walls` that
/// rule, each asked once per decision.
fn spend_threat_cost(g: &Game, p: u8, c: CardId, st: i32, walls: &mut Option<bool>) -> Option<i32> {
    if st <= 0 {
        return Some(0);
    }
    let cost = g.cost_of(c, p).max(0);
    if cost == 0 || !*walls.get_or_insert_with(|| g.rule(Rule::ThreatPerResourceSpent)) {
        return Some(0);
    }
    if g.players[p as usize].threat + cost >= 50 {
        return None;
    }
    Some(st * cost as i32)
}

/// `Hint::plan_value` of `c` (0 without one).
fn plan(g: &Game, p: u8, c: CardId) -> i32 {
    hint(g, c).plan_value.map_or(0, |f| f(g, p, c))
}

// (Inline: `BasicBot::choose` keeps it inlined whichever code unit each lands in.)
#[inline]
pub(super) fn planning(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let big = saving_big(g, p, o);
    let extras = Extras::new(g);
    let mut best: Option<(i32, usize)> = None;
    let mut keep = None;
    let mut wound: Option<i32> = None;
    let mut walls = None;
    let st = w().spend_threat;
    for (i, opt) in o.iter().enumerate() {
        let v = match *opt {
            Opt::Play(c) if spend_threat_cost(g, p, c, st, &mut walls).is_none() => 0,
            Opt::Play(c) => {
                // (The board's wound cost first, once: the card's cost only when it is not 0.)
                let hurt = if w().pay_wound > 0 && g.may_hint(hint_set::PAYMENT_WOUNDS) {
                    *wound.get_or_insert_with(|| payment_wound_cost(g))
                } else {
                    0
                };
                play_value(g, p, c)
                    - if hurt > 0 && g.cost_of(c, p) > 0 {
                        hurt
                    } else {
                        0
                    }
                    - spend_threat_cost(g, p, c, st, &mut walls).unwrap_or(0)
            }
            Opt::Activate(c) => windows_value(g, p, c).max(extras.value(g, p, c, false)),
            _ => 0,
        };
        // (A card that breaks the reserve scores 0: asked only of a score that would win.)
        let better = v > 0 && best.map(|(b, _)| v > b).unwrap_or(true);
        if better
            && !matches!(*opt, Opt::Play(c) if breaks_reserve_memo(g, p, c, &mut keep)
                || big.is_some_and(|s| breaks_big(g, p, c, s)))
        {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

/// Resources the heroes of `p` matching `sphere` gain in the next resource phase (one each).
fn income(g: &Game, p: u8, sphere: Sphere) -> i16 {
    g.heroes(p).filter(|&h| g.hero_matches(h, sphere)).count() as i16
}

/// `save_big`: the ally or attachment in hand, not playable now for want of its sphere's
/// resources, that the next round's resources pay for, scored by `play_value` at least
/// `save_big` above every card the planning options `o` could play now (the dearest such
/// card). None with `save_big` 0, while the threat is 40 or more or an enemy is engaged with `p`.
pub(super) fn saving_big(g: &Game, p: u8, o: &[Opt]) -> Option<CardId> {
    if w().save_big <= 0
        || g.players[p as usize].threat >= 40
        || !g.list(Zone::Engaged(p)).is_empty()
    {
        return None;
    }
    let mut target: Option<(i32, CardId)> = None;
    for &s in hand(g, p) {
        let d = g.def_of(s);
        if !matches!(d.ty, CardType::Ally | CardType::Attachment)
            || d.sphere == Sphere::Neutral
            || o.contains(&Opt::Play(s))
            || (d.unique && g.unique_in_play(s))
        {
            continue;
        }
        let need = g.cost_of(s, p);
        let have = g.available(p, d.sphere);
        if need <= have || need > have + income(g, p, d.sphere) {
            continue;
        }
        let v = play_value(g, p, s);
        if v > 0 && target.is_none_or(|(b, _)| v > b) {
            target = Some((v, s));
        }
    }
    let (v, s) = target?;
    let cheap = o
        .iter()
        .map(|&opt| match opt {
            Opt::Play(c) => play_value(g, p, c),
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    (v >= cheap + w().save_big).then_some(s)
}

/// `ready_use` (sense52): `c`, a card played from hand, only readies characters (`Hint::readies`), it is the combat
/// phase, and none of `p`'s exhausted characters it can ready (`Hint::ready_target`) would be
/// used once readied
/// (`hints::ready_used`; a lone defender its attack destroys is not counted: `dies_defending`).
///
/// `ru`: the decision's `ReadyUse` of `p`, built at the first ask (it reads only the frozen game;
/// speed32).
fn ready_unused(
    g: &Game,
    p: u8,
    c: CardId,
    ru: &mut Option<Option<crate::cards::hints::ReadyUse>>,
) -> bool {
    let h = hint(g, c);
    g.phase == Phase::Combat
        && w().ready_use != 0
        && h.readies
        && ru
            .get_or_insert_with(|| crate::cards::hints::ReadyUse::new(g, p))
            .as_ref()
            .is_some_and(|r| {
                let target = h.ready_target;
                !g.characters(p).any(|x| {
                    !ready(g, x)
                        && target.is_none_or(|f| f(g, c, x))
                        && !crate::cards::hints::dies_defending(g, x)
                        && r.used(g, x)
                })
            })
}

/// `discount_follow` (foreign56): would `p` play, now, a Valour event of his hand other than
/// `c` (a card discounting it, `Hint::valour_discount`) once it is 2 cheaper: affordable with
/// the discount, of positive `action_value`, and not a ready that no exhausted character would
/// use (`ready_unused`)? True while `c`'s own Valour search is open (threat 40+ and a deck).
#[inline(never)]
fn discount_followed(
    g: &Game,
    p: u8,
    c: CardId,
    ru: &mut Option<Option<crate::cards::hints::ReadyUse>>,
) -> bool {
    use crate::cards::hints::{valour_event_wanted_if, valour_search_open};
    valour_search_open(g, p) || valour_event_wanted_if(g, p, c, |x| !ready_unused(g, p, x, ru))
}

/// `swap_attack` (foreign56): in the combat phase once no enemy attack on `p` is left and he
/// can still attack, would exhausting his ready hero of least Attack to ready his exhausted
/// hero of most Attack (what a `Hint::swaps_ready_hero` card does) let the Attack of his ready
/// characters destroy one engaged enemy more (`ReadyUse::attack_swap_gains`; `ru`: the
/// decision's `ReadyUse` of `p`, built at the first ask, as `ready_unused`'s)?
#[inline(never)]
pub(super) fn swap_attack_gain(
    g: &Game,
    p: u8,
    ru: &mut Option<Option<crate::cards::hints::ReadyUse>>,
) -> bool {
    use crate::cards::hints::combat_attacks_left;
    if g.phase != Phase::Combat || combat_attacks_left(g, Some(p)) != (false, true) {
        return false;
    }
    let atk = |c: CardId| g.stat(c, Stat::Attack).max(0) as i32;
    let (mut out, mut add) = (None::<i32>, None::<i32>);
    for h in g.heroes(p).filter(|&h| !g.immune(h)) {
        if ready(g, h) {
            out = Some(out.map_or(atk(h), |o| o.min(atk(h))));
        } else {
            add = Some(add.map_or(atk(h), |a| a.max(atk(h))));
        }
    }
    let (Some(out), Some(add)) = (out, add) else {
        return false;
    };
    add > out
        && ru
            .get_or_insert_with(|| crate::cards::hints::ReadyUse::new(g, p))
            .as_ref()
            .is_some_and(|r| r.attack_swap_gains(out, add))
}

/// Would paying for `c` leave the sphere of the saved card `s` (`saving_big`) short of its
/// cost next round? Key responses and threat reductions are never held back by it.
fn breaks_big(g: &Game, p: u8, c: CardId, s: CardId) -> bool {
    if hint(g, c).threat_reduction > 0 || hint(g, c).key_response > 0 {
        return false;
    }
    let sphere = g.def_of(s).sphere;
    left_after(g, p, c, sphere).is_some_and(|left| left + income(g, p, sphere) < g.cost_of(s, p))
}

// (Inline: `BasicBot::choose` keeps it inlined whichever code unit each lands in.)
#[inline]
pub(super) fn action(g: &Game, p: u8, _ph: Phase, o: &[Opt]) -> Option<usize> {
    let extras = Extras::new(g);
    let mut best: Option<(i32, usize)> = None;
    let mut keep = None;
    let mut walls = None;
    let mut ready_use = None;
    let st = w().spend_threat;
    for (i, opt) in o.iter().enumerate() {
        let v = match *opt {
            Opt::Activate(c) if extras.bank && banks_resources(g, p, c) => 0,
            Opt::Play(c) => match spend_threat_cost(g, p, c, st, &mut walls) {
                None => 0,
                Some(t) => {
                    let v = windows_value(g, p, c)
                        .max(extras.value(g, p, c, true))
                        .max(staged_cut_value(g, p, c));
                    // (foreign56's `swap_attack`.)
                    let v = if v <= 0
                        && w().swap_attack != 0
                        && hint(g, c).swaps_ready_hero
                        && swap_attack_gain(g, p, &mut ready_use)
                    {
                        25
                    } else {
                        v
                    };
                    v - t
                }
            },
            Opt::Activate(c) => windows_value(g, p, c).max(extras.value(g, p, c, true)),
            _ => 0,
        };
        // (A card that breaks the reserve, or whose boost would be wasted, scores 0: asked
        // only of a score that would win. `boost_committed`: see `quest::boost_wasted`.
        // `ready_use`, sense52: a ready card from hand that no exhausted character would use
        // waits; an ability in play costs no card and keeps its timing.)
        let better = v > 0 && best.map(|(b, _)| v > b).unwrap_or(true);
        if better
            && !match *opt {
                Opt::Play(c) => {
                    ready_unused(g, p, c, &mut ready_use)
                        || breaks_reserve_memo(g, p, c, &mut keep)
                        || (w().discount_follow != 0
                            && hint(g, c).valour_discount
                            && !discount_followed(g, p, c, &mut ready_use))
                }
                Opt::Activate(c) => boost_wasted(g, p, c),
                _ => false,
            }
        {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

/// `staged_cut` (cards58): the score of playing `c`, a quest action that silences one staged
/// card's threat for the phase (`Hint::staged_threat_cut`), after staging and before the quest
/// resolves while characters of `p` quest: 25 (less the wound its payment costs, `pay_wound`)
/// when the committed willpower does not beat the staged threat and the card silences some,
/// or when it beats it by less than the active location and the current quest still need and
/// the card silences `staged_cut` or more; 0 otherwise (and with `staged_cut` 0).
pub(super) fn staged_cut_value(g: &Game, p: u8, c: CardId) -> i32 {
    let Some(cut) = hint(g, c).staged_threat_cut else {
        return 0;
    };
    let min = w().staged_cut;
    if min <= 0 || !g.before_quest_resolution() || !any_questing(g, p) {
        return 0;
    }
    let x = cut(g);
    let margin = g.questing_strength() - g.staging_threat();
    // Succeeding anyway, the cut is progress: worth it only while the progress falls short of
    // what the active location and the current quest still need (beyond, it is lost).
    let need = location_left(g) + g.current_quest().map_or(0, |q| points_left(g, q));
    if x <= 0 || (margin > 0 && ((x as i32) < min || margin >= need)) {
        return 0;
    }
    // (The wound its payment costs while a staged card wounds the payer, as in the planning
    // phase: `pay_wound`.)
    let hurt = if w().pay_wound > 0 && g.may_hint(hint_set::PAYMENT_WOUNDS) && g.cost_of(c, p) > 0 {
        payment_wound_cost(g)
    } else {
        0
    };
    25 - hurt
}

/// The character of `pool` outside `keep` to hold back, at commit, for the enemy that
/// defeating the current quest stage brings at once (`Hint::advance_attack`), when the
/// willpower of `pool` outside `keep` (plus what is committed) may defeat the stage this round
/// (past the staged threat and `advance_reveal` per player): the cheapest to hold back (its willpower + its defence), if cheaper than
/// `advance_fight` percent of the undefended hit.
/// Returns the character and the attack it is held for.
pub(super) fn advance_defender(g: &Game, p: u8, pool: &Ids, keep: &Ids) -> Option<(CardId, i16)> {
    if w().advance_fight <= 0 {
        return None;
    }
    let q = g.current_quest()?;
    let atk = hint(g, q).advance_attack;
    if atk <= 0 {
        return None;
    }
    let wp = super::round_plan::willpower_outside(g, pool, keep);
    // The reveal is counted at `advance_reveal` (not `reveal_threat`): a defender kept
    // while the stage only might fall costs a little willpower, a hero killed by the next
    // stage's enemy costs the game.
    let reach = wp - g.staging_threat() - w().advance_reveal as i16 * g.players_in_game() as i16;
    let loc = location_left(g);
    let rem = points_left(g, q) + loc;
    if reach < rem {
        return None;
    }
    cheapest_hold_back(g, p, pool, keep, 100, atk, w().advance_fight, i16::MAX).map(|c| (c, atk))
}

/// `reveal_lethal` (dd5): whether the enemies the staging step may reveal for `p` (engaging
/// at once, `reveal_enemies`) come with at least `reveal_lethal` percent chance and their
/// average printed Attack + 1 for a shadow kills a hero undefended, whichever hero takes it:
/// then the round plan holds back `reveal_fight`'s defender even on a stage with quest points
/// (where, unconditionally, it lost more progress than it saved on Deadmen's Dike), when that
/// defender `c` quests for at most `reveal_lethal_wp`.
pub(super) fn reveal_lethal(g: &Game, p: u8, c: CardId) -> bool {
    let min = w().reveal_lethal;
    if min <= 0 || g.stat(c, g.questing_stat()) as i32 > w().reveal_lethal_wp {
        return false;
    }
    let (pct, atk) = super::round_plan::reveal_enemies(g, p);
    pct > 0 && pct >= min && undef_kills_a_hero(g, p, atk + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::codes::*;
    use crate::cards::testkit::sandbox;

    /// `breaks_reserve_memo` scans the hand for the Spirit reserve only for Spirit and neutral
    /// cards: it relies on `breaks_kept` answering false for a card of any other sphere,
    /// whatever the reserve.
    #[test]
    fn spirit_reserve_never_holds_back_a_card_of_another_sphere() {
        let g = sandbox(&[LEADERSHIP_HEROES]);
        let c = *g.list(Zone::Hand(0)).first().unwrap();
        assert_eq!(g.def_of(c).sphere, Sphere::Leadership);
        assert!(!breaks_kept(&g, 0, c, i16::MAX));
        // The memo never asked the reserve for it, and answers as `breaks_reserve` does.
        let mut keep = None;
        assert_eq!(
            breaks_reserve_memo(&g, 0, c, &mut keep),
            breaks_reserve(&g, 0, c)
        );
        assert_eq!(keep, None);
    }
}
