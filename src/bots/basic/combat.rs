//! The `basic` bot's encounter and combat phases: optional engagement, defenders, attack
//! targets and attackers.

use super::*;

/// Ready characters of `p`.
pub(super) fn ready_chars(g: &Game, p: u8) -> Ids {
    let mut out = Ids::new();
    for c in g.characters(p) {
        if ready(g, c) {
            out.push(c);
        }
    }
    out
}

pub(super) fn optional_engage(g: &Game, p: u8, o: &[Opt], intent: &Intent) -> Option<usize> {
    if reuse_commit_plan(g, p, intent) {
        let e = intended_engage(g, p, intent);
        return find(o, Opt::Card(e)).or_else(|| find(o, Opt::Pass));
    }
    // (Only the plan's engagement is read: its third step, a kill of an engaged enemy, never
    // changes it, so it is not planned.)
    let e = round_plan_upto(g, p, false, 2).engage;
    if cfg!(test) {
        assert_eq!(
            e,
            round_plan(g, p, false).engage,
            "the kill step changed the engagement"
        );
    }
    let e = if e == NO_CARD && w().plan_intent & 2 != 0 {
        intended_engage(g, p, intent)
    } else {
        e
    };
    find(o, Opt::Card(e)).or_else(|| find(o, Opt::Pass))
}

/// `plan_reuse`: is the optional engagement answered from this round's commit plan (see the
/// weight) instead of a new round plan?
pub(super) fn reuse_commit_plan(g: &Game, p: u8, intent: &Intent) -> bool {
    let mode = w().plan_reuse;
    mode != 0
        && intent.sig != 0
        && intent.round == g.round
        && intent.player == p
        && (mode >= 2 || intent.sig == candidate_sig(g, p))
}

/// `plan_intent` bit 2: the enemy the commit plan of this round held characters back to engage,
/// while it is still staged, would not engage `p` on its own, and every character held for it
/// is still ready; else `NO_CARD`.
pub(super) fn intended_engage(g: &Game, p: u8, intent: &Intent) -> CardId {
    let e = intent.engage;
    let held = &intent.fighters;
    let valid = intent.round == g.round
        && intent.player == p
        && e != NO_CARD
        && held.n > 0
        && g.card(e).zone == Zone::Staging
        && (g.rule(Rule::NoEngagementChecks)
            || g.stat(e, Stat::Engagement) > g.players[p as usize].threat)
        && held
            .as_slice()
            .iter()
            .all(|&c| g.card(c).zone == Zone::Play(p) && ready(g, c));
    if valid {
        e
    } else {
        NO_CARD
    }
}

/// The most engaged enemies `KillWorths` keeps (beyond: not counted).
const KILL_ENEMIES: usize = 32;
/// The attackers a kill search weighs: the first this many of its candidates.
const KILL_CANDS: usize = 12;

/// `plan_intent` bit 1: for each enemy engaged with `p` that can take damage, the worth of
/// killing it this combat (as the round plan's kill of an engaged enemy counts it), the ready
/// characters that could attack it (`attack_pool`) and whether they can kill it
/// (`can_kill`); computed once per defender decision, then asked without each candidate.
/// `can_kill` reads only the first 12 of its candidates' attack potentials: each enemy keeps
/// its pool's first 12 with their potentials and the 13th's, so that the answer without a
/// candidate is a subtraction (the same answer as `can_kill` on the pool without it).
pub(super) struct KillWorths {
    player: u8,
    n: usize,
    worth: [i32; KILL_ENEMIES],
    enemy: [CardId; KILL_ENEMIES],
    killable: [bool; KILL_ENEMIES],
    /// Remaining hit points + Defense (what `can_kill` needs at base 0).
    need: [i16; KILL_ENEMIES],
    /// The first 12 of the enemy's attack pool (`m` of them), their attack potentials, and
    /// their sum.
    m: [u8; KILL_ENEMIES],
    first: [[CardId; KILL_CANDS]; KILL_ENEMIES],
    ap: [[i16; KILL_CANDS]; KILL_ENEMIES],
    sum12: [i16; KILL_ENEMIES],
    /// The 13th pool member's attack potential (0 without one): it moves into the first 12
    /// when one of them is left out.
    ap13: [i16; KILL_ENEMIES],
}

impl KillWorths {
    pub(super) fn new(g: &Game, p: u8) -> KillWorths {
        let no_checks = g.rule(Rule::NoEngagementChecks);
        let mut k = KillWorths {
            player: p,
            n: 0,
            worth: [0; KILL_ENEMIES],
            enemy: [NO_CARD; KILL_ENEMIES],
            killable: [false; KILL_ENEMIES],
            need: [0; KILL_ENEMIES],
            m: [0; KILL_ENEMIES],
            first: [[NO_CARD; KILL_CANDS]; KILL_ENEMIES],
            ap: [[0; KILL_CANDS]; KILL_ENEMIES],
            sum12: [0; KILL_ENEMIES],
            ap13: [0; KILL_ENEMIES],
        };
        // (What only depends on the game, asked once.)
        let mut quest_kill: Option<i32> = None;
        for &e in g.engaged(p) {
            if k.n == KILL_ENEMIES || g.immune(e) || !attack_helps(g, e) {
                continue;
            }
            let pool = attack_pool(g, p, e);
            let i = k.n;
            let m = pool.n.min(KILL_CANDS);
            let mut sum = 0;
            for j in 0..m {
                let c = pool.ids[j];
                let a = attack_potential(g, c);
                k.first[i][j] = c;
                k.ap[i][j] = a;
                sum += a;
            }
            k.m[i] = m as u8;
            k.sum12[i] = sum;
            k.ap13[i] = if pool.n > KILL_CANDS {
                attack_potential(g, pool.ids[KILL_CANDS])
            } else {
                0
            };
            k.need[i] = g.remaining_hp(e) + g.stat(e, Stat::Defense);
            k.killable[i] = k.need[i] <= 0 || sum >= k.need[i];
            if cfg!(test) {
                assert_eq!(k.killable[i], can_kill(g, e, pool.as_slice(), 0));
            }
            k.worth[i] = (g.stat(e, Stat::Attack) as i32
                + staged_cost_with(g, e, no_checks) * team(g, 4))
                * w().threat_unit
                * w().kill_rounds
                + blocks_win(g, e) as i32 * w().win_block * w().threat_unit
                + *quest_kill.get_or_insert_with(|| quest_kill_value(g));
            k.enemy[i] = e;
            k.n += 1;
        }
        k
    }

    /// The worth of the best kill the ready characters can make (0 without one).
    pub(super) fn best(&self) -> i32 {
        (0..self.n)
            .filter(|&i| self.killable[i])
            .map(|i| self.worth[i])
            .fold(0, i32::max)
    }

    /// The same without `out` (a candidate defender): an enemy whose pool's first 12 hold it
    /// is asked again without it (its potential out, the 13th's in); the others keep their
    /// answer (a member past the 12th never counted).
    pub(super) fn best_without(&self, g: &Game, out: CardId) -> i32 {
        let mut best = 0;
        for i in 0..self.n {
            let first = &self.first[i][..self.m[i] as usize];
            let killable = match first.iter().position(|&c| c == out) {
                Some(j) => {
                    let sum = self.sum12[i] - self.ap[i][j] + self.ap13[i];
                    self.need[i] <= 0 || sum >= self.need[i]
                }
                None => self.killable[i],
            };
            if cfg!(test) {
                let pool = attack_pool(g, self.player, self.enemy[i]);
                let mut cands = Ids::new();
                for &c in pool.as_slice() {
                    if c != out {
                        cands.push(c);
                    }
                }
                assert_eq!(killable, can_kill(g, self.enemy[i], cands.as_slice(), 0));
            }
            if killable {
                best = best.max(self.worth[i]);
            }
        }
        best
    }
}

pub(super) fn defender(g: &Game, p: u8, enemy: CardId, o: &[Opt]) -> Option<usize> {
    if let Some(i) = find(o, Opt::Done) {
        // Several defenders allowed (Stand Together): hints2's `extra_defender`.
        return super::effects::extra_defender(g, p, enemy, o).or(Some(i));
    }
    // (cards42) A shadow card its player has looked at counts for what it is known to add
    // (`shadow_split`), surely; only the others are a risk.
    let (known, unknown) = shadow_split(g, enemy);
    let base = g.stat(enemy, Stat::Attack) + known;
    let atk = base + unknown;
    // Each other face-down shadow card counts as +1 Attack with `shadow_risk` percent weight (the
    // rest: the printed Attack), in both the defence and the undefended hit.
    let risk = if atk > base {
        let shadow = w().shadow_risk.clamp(0, 100);
        let sure = w().sure_death_risk.clamp(0, 100);
        // Undefended at the printed Attack alone a hero dies for sure: a defender's death
        // at the shadow's +1 is only a risk (`sure_death_risk`).
        if sure < shadow && undef_kills_a_hero(g, p, base) {
            sure
        } else {
            shadow
        }
    } else {
        100
    };
    // (Generic over the cost function, not a `&dyn Fn`: each use inlines its own; speed31.)
    #[inline(always)]
    fn mixed_with(risk: i32, base: i16, atk: i16, f: impl Fn(i16) -> i32) -> i32 {
        if risk >= 100 {
            f(atk)
        } else {
            ((f(base) as i64 * (100 - risk) as i64 + f(atk) as i64 * risk as i64) / 100) as i32
        }
    }
    let undef = mixed_with(risk, base, atk, |a| undef_cost(g, p, a));
    // (`plan_intent` bit 1: the best kill the ready characters can make, if any.)
    let kills = (w().plan_intent & 1 != 0).then(|| KillWorths::new(g, p));
    let kill = kills.as_ref().map_or(0, KillWorths::best);
    // (Session 53: against an enemy that captures the allies it would damage, an ally that
    // lets damage through is lost: `defend_cost_vs`.)
    let captures = g.captures_allies(enemy);
    // `pick_min` over the defenders, keeping the best cost (not asked again).
    let mut best: Option<(i32, usize)> = None;
    // (`dmg_cost`'s weights read once for every option.)
    let dw = DmgW::now();
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(c) = *opt else { continue };
        if c == NO_CARD {
            continue;
        }
        // A character whose destruction loses the game counts every shadow card at
        // `precious_shadow` Attack (the worst of them, not the +1 of the others).
        let k = if is_objective_ally(g, c) && atk > base {
            let worst = base + (atk - base) * w().precious_shadow.clamp(0, 20) as i16;
            defend_cost_vs(g, c, worst, captures, dw)
        } else {
            mixed_with(risk, base, atk, |a| defend_cost_vs(g, c, a, captures, dw))
        };
        // A defender needed for that kill costs the kill too.
        let k = match &kills {
            Some(kw) if kill > 0 => k.saturating_add(kill - kw.best_without(g, c)),
            _ => k,
        };
        if best.map(|(b, _)| k < b).unwrap_or(true) {
            best = Some((k, i));
        }
    }
    match best {
        Some((k, i)) => {
            // Undefended when it is cheaper: a chump is cheaper than a dead hero, a dead hero
            // cheaper than losing the game (Iârion dying).
            if undef < k {
                find(o, Opt::Undefended).or(Some(i))
            } else {
                Some(i)
            }
        }
        None => find(o, Opt::Undefended),
    }
}

/// Whether an undefended attack of strength `atk` against `p` kills whichever hero takes it
/// (every hero of `p` has at most `atk` hit points left).
pub(super) fn undef_kills_a_hero(g: &Game, p: u8, atk: i16) -> bool {
    let mut any = false;
    for h in g.heroes(p) {
        if g.remaining_hp(h) > atk {
            return false;
        }
        any = true;
    }
    any
}

/// Whether `cheapest_kill(g, e, cands, base)` finds a killing set: some subset of the first 12
/// of `cands` reaches the need exactly when all of them together do, so no subset is searched.
pub(super) fn can_kill(g: &Game, e: CardId, cands: &[CardId], base: i16) -> bool {
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense) - base;
    let can = need <= 0
        || cands[..cands.len().min(KILL_CANDS)]
            .iter()
            .map(|&c| attack_potential(g, c))
            .sum::<i16>()
            >= need;
    if cfg!(test) {
        assert_eq!(can, cheapest_kill(g, e, cands, base).is_some());
    }
    can
}

/// The cheapest subset of `cands` whose ATK total (plus `base`) − DEF ≥ HP of `e`; as a bit mask
/// over `cands`. Cost: total ATK, then number of characters.
pub(super) fn cheapest_kill(g: &Game, e: CardId, cands: &[CardId], base: i16) -> Option<u32> {
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense) - base;
    if need <= 0 {
        return Some(0);
    }
    let n = cands.len().min(KILL_CANDS);
    let mut atk = [0i16; KILL_CANDS];
    for i in 0..n {
        atk[i] = attack_potential(g, cands[i]);
    }
    if atk[..n].iter().sum::<i16>() < need {
        return None;
    }
    // Tables sized to the candidates: zeroing 4,096 entries per call cost more than the search.
    // (From 6 attackers the two halves are searched apart: about a third of the work at 8.)
    match n {
        0..=4 => fewest_attack::<16>(&atk[..n], need),
        5 => fewest_attack::<32>(&atk[..n], need),
        _ => fewest_attack_split(&atk[..n], need),
    }
}

/// `fewest_attack` for 6 to 12 attackers (`need` > 0), by the round plan's meet-in-the-middle
/// search (`round_plan::cheapest_subset_split`): a member's cost 15 × ATK + 1 on top of its
/// ATK makes a subset's cost 16 × ΣATK + its size, `fewest_attack`'s own order (a subset has
/// at most 12 members), and that search answers the least mask among equal costs, as the
/// enumeration's first found. (Mount Gram's attacks meet 9+ candidates: the enumeration of
/// 4,096 subsets and its 8 KB table were ~6% of a game.)
fn fewest_attack_split(atk: &[i16], need: i16) -> Option<u32> {
    let n = atk.len();
    debug_assert!((6..=KILL_CANDS).contains(&n) && need > 0);
    let mut kc = [0i32; KILL_CANDS];
    for i in 0..n {
        kc[i] = 15 * atk[i] as i32 + 1;
    }
    let found = super::round_plan::cheapest_subset_split(atk, &kc[..n], need).map(|(_, m)| m);
    if cfg!(test) {
        assert_eq!(found, fewest_attack::<4096>(atk, need));
    }
    found
}

/// The subset of the `atk.len()` ≤ log2(N) attackers with ΣATK ≥ `need` and the least ΣATK,
/// then the fewest members; the first found on ties, in mask order.
fn fewest_attack<const N: usize>(atk: &[i16], need: i16) -> Option<u32> {
    let n = atk.len();
    debug_assert!(1 << n <= N);
    let mut sums = [0i16; N];
    let mut best: Option<(i32, u32)> = None;
    for mask in 1u32..(1 << n) {
        let i = mask.trailing_zeros() as usize;
        let sum = sums[(mask & (mask - 1)) as usize] + atk[i];
        sums[mask as usize] = sum;
        if sum < need {
            continue;
        }
        let cost = sum as i32 * 16 + mask.count_ones() as i32;
        if best.map(|(b, _)| cost < b).unwrap_or(true) {
            best = Some((cost, mask));
        }
    }
    best.map(|(_, m)| m)
}

/// Characters of `p` that could attack `e` now (approximation of the engine's rule).
pub(super) fn attack_pool(g: &Game, p: u8, e: CardId) -> Ids {
    let mut out = Ids::new();
    let zone = g.card(e).zone;
    for c in g.characters(p) {
        if !ready(g, c) || g.stat(c, Stat::Attack) <= 0 {
            continue;
        }
        let ok = match zone {
            Zone::Engaged(q) if q == p => true,
            Zone::Engaged(_) => g.def_of(c).keywords.ranged,
            _ => false,
        };
        if ok {
            out.push(c);
        }
    }
    out
}

/// An enemy that more damage cannot help against: the current stage's damage target
/// (`Hint::quest_damage_target`, which never heals: Thaurdir on Deadmen's Dike 2B), still
/// Indestructible, with no hit points left, when only progress is missing. An attack on it only
/// exhausts the attackers, and no round plan keeps them back for its "kill". (An Indestructible
/// enemy that heals, The Treachery of Rhudaur's Thaurdir, keeps its extra damage as a buffer:
/// not this.)
pub(super) fn damage_spent(g: &Game, e: CardId) -> bool {
    g.remaining_hp(e) <= 0
        && g.def_of(e).keywords.indestructible
        && !g.rule(Rule::LosesIndestructible(e))
        && quest_damage_target(g) == Some(e)
}

pub(super) fn attack_target(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    if let Some(i) = quest_target_first(g, p, o) {
        return Some(i);
    }
    let mut best: Option<(i32, usize)> = None;
    let mut chip: Option<(i32, usize)> = None;
    // (`flip_hold`: asked once per decision, it reads only the board.)
    let flip_held = super::quest::flip_kill_held(g);
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(e) = *opt else { continue };
        if !attack_helps(g, e) {
            continue;
        }
        let pool = attack_pool(g, p, e);
        if pool.n == 0 {
            continue;
        }
        if can_kill(g, e, pool.as_slice(), 0) {
            if flip_held {
                continue;
            }
            let v = danger(g, e);
            if best.map(|(b, _)| v > b).unwrap_or(true) {
                best = Some((v, i));
            }
        } else if g.card(e).zone == Zone::Engaged(p) {
            let total: i16 = pool
                .as_slice()
                .iter()
                .map(|&c| g.stat(c, Stat::Attack))
                .sum();
            let dmg = total - g.stat(e, Stat::Defense);
            if dmg >= 1 {
                let v = dmg as i32 * 100 + danger(g, e);
                if chip.map(|(b, _)| v > b).unwrap_or(true) {
                    chip = Some((v, i));
                }
            }
        }
    }
    best.or(chip).map(|(_, i)| i).or_else(|| find(o, Opt::Done))
}

/// Can an attack on enemy `e` do anything? Not while its own rules or the quest's keep it from
/// taking damage (The Wastes of Eriador 3B: Pack Leader below 5 progress on the stage), nor once
/// its damage is spent (`damage_spent`): the attackers would exhaust for nothing.
fn attack_helps(g: &Game, e: CardId) -> bool {
    g.can_take_damage(e) && !damage_spent(g, e)
}

/// The enemy whose hit points keep the current stage from being defeated
/// (`Hint::quest_damage_target`), as the first attack target while the stage's remaining quest
/// points are below `quest_target_first` and the ready attackers get through its Defense.
fn quest_target_first(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let limit = w().quest_target_first;
    if limit <= 0 {
        return None;
    }
    let key = quest_damage_target(g)?;
    let q = g.current_quest()?;
    let left = g.stat(q, Stat::QuestPoints) - g.card(q).progress;
    if left as i32 >= limit
        || g.card(key).zone != Zone::Engaged(p)
        || g.remaining_hp(key) <= 0
        || !g.can_take_damage(key)
    {
        return None;
    }
    let i = find(o, Opt::Card(key))?;
    let total: i16 = attack_pool(g, p, key)
        .as_slice()
        .iter()
        .map(|&c| g.stat(c, Stat::Attack))
        .sum();
    (total > g.stat(key, Stat::Defense)).then_some(i)
}

pub(super) fn attacker(g: &Game, _p: u8, enemy: CardId, o: &[Opt]) -> Option<usize> {
    let base: i16 = g
        .patk
        .attackers()
        .iter()
        .map(|&a| attack_potential(g, a))
        .sum();
    let need = g.remaining_hp(enemy) + g.stat(enemy, Stat::Defense) - base;
    if need <= 0 {
        if let Some(i) = find(o, Opt::Done) {
            return Some(i);
        }
    }
    let mut cands = Ids::new();
    for &opt in o {
        if let Opt::Card(c) = opt {
            if g.stat(c, Stat::Attack) > 0 {
                cands.push(c);
            }
        }
    }
    if let Some(mask) = cheapest_kill(g, enemy, cands.as_slice(), base) {
        let mut pick: Option<(i16, CardId)> = None;
        for (i, &c) in cands.as_slice().iter().enumerate().take(KILL_CANDS) {
            if mask & (1 << i) != 0 {
                let a = attack_potential(g, c);
                if pick.map(|(b, _)| a > b).unwrap_or(true) {
                    pick = Some((a, c));
                }
            }
        }
        if let Some((_, c)) = pick {
            return find(o, Opt::Card(c));
        }
    }
    // No kill: chip with everyone who gets through the defense (or the strongest, if nobody
    // has attacked yet and the engine wants at least one attacker).
    let cur_dmg = base - g.stat(enemy, Stat::Defense);
    let all: i16 = cands
        .as_slice()
        .iter()
        .map(|&c| g.stat(c, Stat::Attack))
        .sum();
    if cands.n > 0
        && (base + all - g.stat(enemy, Stat::Defense) > cur_dmg.max(0)
            || find(o, Opt::Done).is_none())
    {
        return pick_max(o, |c| g.stat(c, Stat::Attack) as i32);
    }
    find(o, Opt::Done).or_else(|| pick_max(o, |c| g.stat(c, Stat::Attack) as i32))
}

#[cfg(test)]
mod kill_search_tests {
    use super::{fewest_attack, fewest_attack_split};
    use rand::{Rng, SeedableRng};

    /// The split search finds `fewest_attack`'s subset (the least ΣATK reaching the need, then
    /// the fewest members, then the least mask) for 6 to 12 attackers: random Attacks (zeros
    /// and many ties) and needs up to beyond the total.
    #[test]
    fn fewest_attack_split_equals_the_full_enumeration() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(26);
        let mut found = 0;
        for case in 0..3500 {
            let n = 6 + case % 7;
            let hi = if case % 2 == 0 { 3 } else { 8 };
            let atk: Vec<i16> = (0..n).map(|_| rng.gen_range(0..=hi)).collect();
            let total: i16 = atk.iter().sum();
            let need = rng.gen_range(1..=total.max(1) + 3);
            let full = fewest_attack::<4096>(&atk, need);
            assert_eq!(
                fewest_attack_split(&atk, need),
                full,
                "atk {atk:?} need {need}"
            );
            found += full.is_some() as u32;
        }
        assert!(found > 2000, "most cases have a subset: {found}");
    }
}
