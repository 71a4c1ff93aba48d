//! The `basic` bot's round plan: who quests and who is kept back, the defenders reserved for
//! the attacks to come, the staged enemy to engage, the kills (one attack or a siege over
//! rounds), the hold-backs for enemies the staging step or an exploration may bring.

use super::*;

/// Threat an enemy left in the staging area costs each round: its threat, plus 1 when engagement
/// checks are off (it never engages on its own; Intruders in Chetwood stage 1B also raises each
/// threat by 1 per staged enemy each round).
pub(super) fn staged_cost(g: &Game, e: CardId) -> i32 {
    staged_cost_with(g, e, g.rule(Rule::NoEngagementChecks))
}

/// `staged_cost` with `Rule::NoEngagementChecks` already asked (once per round plan).
pub(super) fn staged_cost_with(g: &Game, e: CardId, no_checks: bool) -> i32 {
    (g.threat_contribution(e) + no_checks as i16) as i32
}

/// The attack a round plan expects from enemy `e`: its Attack, +1 for a shadow card, and
/// (with `attack_bonus` on) the extra its own effects are expected to add
/// (`Hint::expected_attack_bonus`).
#[inline(always)]
pub(super) fn planned_attack(g: &Game, e: CardId) -> i16 {
    g.stat(e, Stat::Attack) + 1 + (w().attack_bonus != 0) as i16 * hint(g, e).expected_attack_bonus
}

/// Cost of keeping `c` out of the quest: its questing stat in threat units (commit time only;
/// afterwards the quest is decided and a ready character is free).
pub(super) fn keep_cost(g: &Game, c: CardId, at_commit: bool) -> i32 {
    keep_cost_qs(g, c, commit_stat(g, at_commit))
}

/// What `keep_cost` reads besides the character, when `at_commit`: the questing stat, a
/// point's worth (`threat_unit` × `team` bit 1), `clue_bonus` and whether `commit_progress`
/// is on. Asked once by the loops over characters, not per character (each weight read is a
/// call to the weights' thread-local accessor; speed31).
#[derive(Clone, Copy)]
struct KeepCtx {
    qs: Stat,
    unit: i32,
    clue: i32,
    progress: bool,
}

/// The `KeepCtx` when `at_commit`, else `None` (every keep cost is then 0).
fn commit_stat(g: &Game, at_commit: bool) -> Option<KeepCtx> {
    at_commit.then(|| keep_ctx(g))
}

/// The `KeepCtx` at commit.
#[inline(always)]
fn keep_ctx(g: &Game) -> KeepCtx {
    KeepCtx {
        qs: g.questing_stat(),
        unit: w().threat_unit * team(g, 1),
        clue: clue_bonus(g),
        progress: w().commit_progress != 0,
    }
}

/// `keep_cost` with what it reads besides `c` already asked (`commit_stat`).
#[inline(always)]
fn keep_cost_qs(g: &Game, c: CardId, qs: Option<KeepCtx>) -> i32 {
    match qs {
        Some(k) => keep_cost_stat(g, c, k, g.stat(c, k.qs)),
        None => 0,
    }
}

/// `keep_cost_qs` at commit with `c`'s questing stat `s` already read.
#[inline(always)]
fn keep_cost_stat(g: &Game, c: CardId, k: KeepCtx, s: i16) -> i32 {
    let s = s.max(0);
    let cp = if k.progress {
        commit_progress_on(g, c)
    } else {
        0
    };
    (s + cp) as i32 * k.unit + s as i32 * k.clue
}

/// `team_quest`: with `bit` set, the number of players in the game (a quest deficit raises each
/// one's threat), else 1.
#[inline(always)]
pub(super) fn team(g: &Game, bit: i32) -> i32 {
    if w().team_quest & bit != 0 {
        g.players_in_game() as i32
    } else {
        1
    }
}

/// With `commit_progress` on: the progress `c`'s own response would place if it committed
/// now (`Hint::commit_progress`: on the active location, on each staged location), each
/// location's share capped at what it still needs; 0 while `c`'s text is blank.
#[inline(always)]
pub(super) fn commit_progress(g: &Game, c: CardId) -> i16 {
    if w().commit_progress == 0 {
        return 0;
    }
    commit_progress_on(g, c)
}

/// `commit_progress` with the weight on.
#[inline(always)]
pub(super) fn commit_progress_on(g: &Game, c: CardId) -> i16 {
    let cp = hint(g, c).commit_progress;
    if cp == crate::cards::hints::NO_COMMIT_PROGRESS || g.script(c).is_none() {
        return 0;
    }
    let left = |l: CardId| points_left(g, l);
    let mut n = 0;
    if let Some(l) = g.active_location().filter(|&l| !g.immune(l)) {
        n += (cp.active as i16).min(left(l));
    }
    if cp.each_staged > 0 {
        for &l in g.list(Zone::Staging) {
            if g.is_location(l) && !g.immune(l) {
                n += (cp.each_staged as i16).min(left(l));
            }
        }
    }
    n
}

/// Cost of `c` defending an attack of strength `atk` (expected; `c` must be able to defend).
pub(super) fn defend_cost(g: &Game, c: CardId, atk: i16) -> i32 {
    defend_cost_w(g, c, atk, DmgW::now())
}

/// `defend_cost` with `dmg_cost`'s weights already read.
#[inline(always)]
pub(super) fn defend_cost_w(g: &Game, c: CardId, atk: i16, dw: DmgW) -> i32 {
    let dmg = (atk - g.stat(c, Stat::Defense)).max(0);
    dmg_cost_w(g, c, dmg, dw) + 2 * g.stat(c, Stat::Attack) as i32
}

/// [`defend_cost`] against an enemy that captures the allies it would damage (`captures`:
/// `Game::captures_allies`, session 53): an ally that lets any damage through is lost as if
/// the attack destroyed it.
/// (`dmg_cost`'s weights `dw` already read.)
#[inline(always)]
pub(super) fn defend_cost_vs(g: &Game, c: CardId, atk: i16, captures: bool, dw: DmgW) -> i32 {
    if captures {
        let def = g.stat(c, Stat::Defense);
        if atk > def && g.is_ally(c) {
            return defend_cost_w(g, c, def + g.remaining_hp(c).max(1), dw);
        }
    }
    defend_cost_w(g, c, atk, dw)
}

/// Threat-unit worth of a kill on top of what the enemy costs while it lives: `quest_kill`
/// threat points while a card in play counts kills toward the quest.
pub(super) fn quest_kill_value(g: &Game) -> i32 {
    if flip_kill_held(g) {
        return -w().flip_hold * w().threat_unit;
    }
    if w().quest_kill == 0 {
        return 0;
    }
    let counts = kills_advance(g);
    counts as i32 * w().quest_kill * w().threat_unit
}

/// gap58 `captive_kill`: threat-unit worth of the cards captured under enemy `e` (Escape from
/// Mount Gram's Dungeon Guard, Cruel Torturer, Jailor Gornákh): killing it rescues each of them
/// (RULES.md §8.7: to its owner's hand, a hero straight into play). Counted by number only (the
/// cards are face down). 0 where nothing is captured or the weight is off.
pub(super) fn captive_value(g: &Game, e: CardId) -> i32 {
    if w().captive_kill == 0 || g.areas.captives == 0 {
        return 0;
    }
    g.captives(e).count() as i32 * w().captive_kill * w().threat_unit
}

/// The cheapest defender of `e` in `pool` outside `taken` (defence + keep cost), if cheaper
/// than `limit`.
pub(super) fn cheapest_defender(
    g: &Game,
    e: CardId,
    pool: &Ids,
    taken: &Ids,
    at_commit: bool,
    limit: i32,
) -> Option<(i32, CardId)> {
    let atk = planned_attack(g, e);
    let qs = commit_stat(g, at_commit);
    let captures = g.captures_allies(e);
    let dw = DmgW::now();
    let mut best: Option<(i32, CardId)> = None;
    for &c in pool.as_slice() {
        if taken.contains(c) {
            continue;
        }
        let k = defend_cost_vs(g, c, atk, captures, dw) + keep_cost_qs(g, c, qs);
        if k < limit && best.map(|(b, _)| k < b).unwrap_or(true) {
            best = Some((k, c));
        }
    }
    best
}

/// Damage a round plan expects its characters to take this round (from the attacks planned
/// so far), so that the next attack's costs count it: a hero that already takes one hit is a
/// dear place for a second.
#[derive(Clone, Copy)]
pub(super) struct PlannedDamage {
    ids: [CardId; 8],
    dmg: [i16; 8],
    n: usize,
}

impl PlannedDamage {
    pub(super) const EMPTY: PlannedDamage = PlannedDamage {
        ids: [NO_CARD; 8],
        dmg: [0; 8],
        n: 0,
    };

    pub(super) fn get(&self, c: CardId) -> i16 {
        self.ids[..self.n]
            .iter()
            .position(|&x| x == c)
            .map(|i| self.dmg[i])
            .unwrap_or(0)
    }

    pub(super) fn add(&mut self, c: CardId, n: i16) {
        if c == NO_CARD || n <= 0 {
            return;
        }
        if let Some(i) = self.ids[..self.n].iter().position(|&x| x == c) {
            self.dmg[i] += n;
        } else if self.n < self.ids.len() {
            self.ids[self.n] = c;
            self.dmg[self.n] = n;
            self.n += 1;
        }
    }

    /// What `n` more damage on `c` costs after the damage planned on it.
    pub(super) fn cost(&self, g: &Game, c: CardId, n: i16) -> i32 {
        let a = self.get(c);
        dmg_cost(g, c, a + n) - dmg_cost(g, c, a)
    }

    /// The cheapest hero to take an undefended attack of strength `atk` after the damage
    /// planned: (cost, hero).
    pub(super) fn undefended(&self, g: &Game, p: u8, atk: i16) -> (i32, CardId) {
        g.heroes(p)
            .map(|h| (self.cost(g, h, atk), h))
            .min()
            .unwrap_or((0, NO_CARD))
    }
}

/// Reserve defenders (from `pool`) for `enemies`, greedily: returns the reserved characters.
/// With `stack_damage`, the damage each planned defence or undefended attack leaves on a
/// character counts in the costs of the attacks after it.
pub(super) fn reserve_defenders(
    g: &Game,
    p: u8,
    enemies: &[CardId],
    pool: &Ids,
    at_commit: bool,
) -> Ids {
    reserve_defenders_memo(g, p, enemies, pool, at_commit, &mut UndefMemo::default())
}

/// `reserve_defenders` asking the undefended costs through `undef_memo` (a round plan's).
fn reserve_defenders_memo(
    g: &Game,
    p: u8,
    enemies: &[CardId],
    pool: &Ids,
    at_commit: bool,
    undef_memo: &mut UndefMemo,
) -> Ids {
    let mut res = Ids::new();
    let stack = w().stack_damage != 0;
    let mut planned = PlannedDamage::EMPTY;
    for &e in enemies {
        let atk = planned_attack(g, e);
        if !stack {
            let undef = undef_memo.get(g, p, atk);
            if let Some((_, c)) = cheapest_defender(g, e, pool, &res, at_commit, undef) {
                res.push(c);
            }
            continue;
        }
        let (undef, hero) = planned.undefended(g, p, atk);
        let mut best: Option<(i32, CardId)> = None;
        for &c in pool.as_slice() {
            if res.contains(c) {
                continue;
            }
            let dmg = (atk - g.stat(c, Stat::Defense)).max(0);
            let k = planned.cost(g, c, dmg)
                + 2 * g.stat(c, Stat::Attack) as i32
                + keep_cost(g, c, at_commit);
            if k < undef && best.map(|(b, _)| k < b).unwrap_or(true) {
                best = Some((k, c));
            }
        }
        match best {
            Some((_, c)) => {
                res.push(c);
                planned.add(c, (atk - g.stat(c, Stat::Defense)).max(0));
            }
            None => planned.add(hero, atk),
        }
    }
    res
}

/// The cheapest set of `pool` characters outside `taken` that kills `e` in one attack (ΣATK −
/// DEF ≥ remaining HP): (keep cost + ΣATK, bit mask over `cands`) with `cands` filled with the
/// candidates (≤ 12, strongest first).
pub(super) fn kill_set(
    g: &Game,
    e: CardId,
    pool: &Ids,
    taken: &Ids,
    at_commit: bool,
    cands: &mut Ids,
) -> Option<(i32, u32)> {
    *cands = Ids::new();
    // Each candidate with its Attack, asked once (the sort compared by asking again).
    let mut by_atk = [(NO_CARD, 0i16); 32];
    for &c in pool.as_slice() {
        if taken.contains(c) {
            continue;
        }
        let a = g.stat(c, Stat::Attack);
        if a > 0 && cands.n < by_atk.len() {
            by_atk[cands.n] = (c, a);
            cands.push(c);
        }
    }
    let s = &mut by_atk[..cands.n];
    s.sort_by_key(|&(_, a)| std::cmp::Reverse(a));
    for (i, &(c, _)) in s.iter().enumerate() {
        cands.ids[i] = c;
    }
    cands.n = cands.n.min(12);
    if !hurtable_once_engaged(g, e) {
        return None;
    }
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense);
    let n = cands.n;
    let qs = commit_stat(g, at_commit);
    let mut atk = [0i16; 12];
    let mut kc = [0i32; 12];
    for i in 0..n {
        atk[i] = by_atk[i].1;
        kc[i] = keep_cost_qs(g, cands.ids[i], qs);
    }
    if atk[..n].iter().sum::<i16>() < need {
        return None;
    }
    // Tables sized to the candidates: zeroing 4,096 entries per call cost more than the search.
    match n {
        0..=4 => cheapest_subset::<16>(&atk[..n], &kc[..n], need),
        5 => cheapest_subset::<32>(&atk[..n], &kc[..n], need),
        // (From 6 candidates the two halves are searched apart: `cheapest_subset_split`.)
        _ if need > 0 => cheapest_subset_split(&atk[..n], &kc[..n], need),
        6 => cheapest_subset::<64>(&atk[..n], &kc[..n], need),
        7 => cheapest_subset::<128>(&atk[..n], &kc[..n], need),
        8 => cheapest_subset::<256>(&atk[..n], &kc[..n], need),
        9..=10 => cheapest_subset::<1024>(&atk[..n], &kc[..n], need),
        _ => cheapest_subset::<4096>(&atk[..n], &kc[..n], need),
    }
}

/// `cheapest_subset` for 6 to 12 candidates (`need` > 0, so the empty set never qualifies), by
/// meeting in the middle: every subset `L` of the low half (bits `0..lo`) with its totals, sorted
/// by ΣATK (highest first) with the best (cost, mask) of each prefix; then for every subset `H`
/// of the high half, the best `L` with ΣATK ≥ `need` − ΣATK(`H`) is that of the longest prefix
/// reaching it. The answer is the least (cost, mask) over all `H << lo | L`: the same
/// subset as `cheapest_subset`'s (least cost, and the least mask among equal costs), in about
/// a tenth of its work at 12 candidates.
pub(super) fn cheapest_subset_split(atk: &[i16], kc: &[i32], need: i16) -> Option<(i32, u32)> {
    let n = atk.len();
    debug_assert!((6..=12).contains(&n) && need > 0);
    let lo = n / 2;
    let (n_lo, n_hi) = (1usize << lo, 1usize << (n - lo));
    // The low half's subsets: totals (one add per subset, as `cheapest_subset`).
    let mut sums = [0i32; 64];
    let mut costs = [0i32; 64];
    for mask in 1..n_lo {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & (mask - 1);
        sums[mask] = sums[rest] + atk[i] as i32;
        costs[mask] = costs[rest] + kc[i] + atk[i] as i32;
    }
    // By ΣATK, highest first; `best[k]`: the least (cost, mask) among the first k + 1.
    let mut order = [0u8; 64];
    for (k, o) in order.iter_mut().enumerate().take(n_lo) {
        *o = k as u8;
    }
    order[..n_lo].sort_unstable_by_key(|&l| std::cmp::Reverse(sums[l as usize]));
    let mut sorted = [0i32; 64];
    let mut best = [(0i32, 0u32); 64];
    for k in 0..n_lo {
        let l = order[k] as usize;
        sorted[k] = sums[l];
        let here = (costs[l], l as u32);
        best[k] = if k == 0 { here } else { best[k - 1].min(here) };
    }
    // The high half's subsets, each with the best low subset that completes it.
    let mut hsum = [0i32; 64];
    let mut hcost = [0i32; 64];
    let mut found: Option<(i32, u32)> = None;
    for h in 0..n_hi {
        if h > 0 {
            let i = h.trailing_zeros() as usize;
            let rest = h & (h - 1);
            hsum[h] = hsum[rest] + atk[lo + i] as i32;
            hcost[h] = hcost[rest] + kc[lo + i] + atk[lo + i] as i32;
        }
        let t = need as i32 - hsum[h];
        // How many low subsets reach `t` (a prefix of `sorted`).
        let m = sorted[..n_lo].partition_point(|&x| x >= t);
        if m == 0 {
            continue;
        }
        let (c, l) = best[m - 1];
        let cand = (hcost[h] + c, (h as u32) << lo | l);
        if found.is_none_or(|f| cand < f) {
            found = Some(cand);
        }
    }
    found
}

/// The cheapest subset (cost = Σ keep cost + ΣATK) of the `atk.len()` ≤ log2(N) candidates
/// with ΣATK ≥ `need`: (cost, bit mask); the first found on ties, in mask order.
fn cheapest_subset<const N: usize>(atk: &[i16], kc: &[i32], need: i16) -> Option<(i32, u32)> {
    let n = atk.len();
    debug_assert!(1 << n <= N);
    // Every subset's totals from the subset without its lowest member (one add per subset).
    let mut sums = [0i16; N];
    let mut costs = [0i32; N];
    // (The best so far as plain (cost, mask), mask 0 while none: every subset's mask is
    // at least 1. Cheaper to test per subset than an `Option`; speed31.)
    let (mut best_cost, mut best_mask) = (0i32, 0u32);
    for mask in 1u32..(1 << n) {
        let i = mask.trailing_zeros() as usize;
        let rest = (mask & (mask - 1)) as usize;
        let sum = sums[rest] + atk[i];
        let cost = costs[rest] + kc[i] + atk[i] as i32;
        sums[mask as usize] = sum;
        costs[mask as usize] = cost;
        if sum >= need && (best_mask == 0 || cost < best_cost) {
            (best_cost, best_mask) = (cost, mask);
        }
    }
    (best_mask != 0).then_some((best_cost, best_mask))
}

/// Can our attacks damage `e` once it is engaged? A staged enemy may be shielded only while
/// staged (Orc War Party keeps damage off the enemies in the staging area).
fn hurtable_once_engaged(g: &Game, e: CardId) -> bool {
    !g.immune(e)
        && (g.card(e).zone == Zone::Staging || g.can_take_damage(e))
        && !super::combat::damage_spent(g, e)
}

/// `taken` without the members of `chance` when `chance_fights` is on (else `taken`).
fn without(taken: &Ids, chance: &Ids) -> Ids {
    if w().chance_fights == 0 || chance.n == 0 {
        return *taken;
    }
    let mut out = Ids::new();
    for &c in taken.as_slice() {
        if !chance.contains(c) {
            out.push(c);
        }
    }
    out
}

/// Adds the members of `mask` over `cands` to `keep` (those not in it yet).
pub(super) fn keep_mask(keep: &mut Ids, cands: &Ids, mask: u32) {
    for (i, &c) in cands.as_slice().iter().enumerate() {
        if mask & (1 << i) != 0 && !keep.contains(c) {
            keep.push(c);
        }
    }
}

/// The round's combat plan of a player: the staged enemy to engage optionally (if any) and the
/// ready characters to keep out of the quest.
pub(super) struct Plan {
    pub(super) engage: CardId,
    pub(super) keep: Ids,
    /// What the optional engagement and the kill are worth (damage-cost units; 0 without them).
    pub(super) value: i32,
    /// How many of `keep` each job holds back, in the order the plan fills them: defenders of
    /// the attacks that will come, spares for an enemy that may come (reveal, explore), the
    /// defender for the next stage's enemy, the optional engagement, the kill of an engaged
    /// enemy.
    pub(super) jobs: [u8; 5],
}

/// A character a round plan holds back for an enemy that may come (`cheapest_hold_back`): the
/// chance it comes (percent), its expected attack and the percent weight of its hit.
#[derive(Clone, Copy)]
struct Spare {
    c: CardId,
    pct: i32,
    atk: i16,
    weight: i32,
}

/// two45 (`team_engage` bit 1): the staged enemies the engagement checks would engage with `p`
/// at the players' current threats (RULES.md §5.3: players in player order, each check taking
/// the highest engagement cost at most his threat, until a pass engages nobody), leaving out
/// `skip` (enemies other seats plan to engage optionally). Solo: every staged enemy of cost at
/// most the threat.
pub(super) fn checks_engage(g: &Game, p: u8, skip: &Ids) -> Ids {
    let mut left = Ids::new();
    for &e in g.list(Zone::Staging) {
        if g.is_enemy(e) && !skip.contains(e) && !g.rule(Rule::CannotBeEngaged(e)) {
            left.push(e);
        }
    }
    let mut taken = [false; 32];
    let mut mine = Ids::new();
    loop {
        let mut any = false;
        for q in g.active_seats() {
            if g.in_this_area(q) != g.in_this_area(p) {
                continue;
            }
            let t = g.players[q as usize].threat;
            let mut best: Option<usize> = None;
            for (i, &e) in left.as_slice().iter().enumerate() {
                let cost = g.stat(e, Stat::Engagement);
                if !taken[i]
                    && cost <= t
                    && best.is_none_or(|b| cost > g.stat(left.ids[b], Stat::Engagement))
                {
                    best = Some(i);
                }
            }
            if let Some(i) = best {
                taken[i] = true;
                any = true;
                if q == p {
                    mine.push(left.ids[i]);
                }
            }
        }
        if !any {
            return mine;
        }
    }
}

/// Plans the round (see the module doc): defenders for the enemies that will attack, then the
/// best staged enemy to engage (killed now, or parked on a defender that holds it), then a kill
/// of an engaged enemy with who is left. `at_commit`: before the quest (willpower kept back costs
/// threat); otherwise in the encounter phase (ready characters are free).
pub(super) fn round_plan(g: &Game, p: u8, at_commit: bool) -> Plan {
    round_plan_upto(g, p, at_commit, 3)
}

/// The round plan with only its first `steps` steps (1: defenders only; 2: + optional
/// engagement; 3: + a kill of an engaged enemy).
pub(super) fn round_plan_upto(g: &Game, p: u8, at_commit: bool, steps: u8) -> Plan {
    round_plan_with(g, p, at_commit, steps, None, None)
}

/// The full round plan (`round_plan`), with what the plans of fewer steps would answer
/// (`EarlyPlans::plan`): `round_plan_upto` with 1 or 2 steps makes the same plan as far as
/// its last step (every step before reads only the frozen game and what the steps before it
/// chose), so the commit plan's retries with fewer steps (`quest::commit_plan`) need not plan
/// again (speed35).
pub(super) fn round_plan_early(g: &Game, p: u8, at_commit: bool, early: &mut EarlyPlans) -> Plan {
    round_plan_with(g, p, at_commit, 3, None, Some(early))
}

/// A round plan's state after its first and after its second step (`round_plan_early`): each
/// step only adds to `keep`, so a step's `keep` is the first `n` of the next one's. Not kept
/// with `one_job`, whose review of the spares may take characters out of the full plan.
#[derive(Clone, Copy)]
pub(super) struct EarlyPlans {
    /// After 1 and after 2 steps: `keep.n`, the engagement, the value, the jobs.
    n: [u8; 2],
    engage: [CardId; 2],
    value: [i32; 2],
    jobs: [[u8; 5]; 2],
    /// Filled by the plan (not with `one_job`).
    kept: bool,
}

impl EarlyPlans {
    pub(super) const EMPTY: EarlyPlans = EarlyPlans {
        n: [0; 2],
        engage: [NO_CARD; 2],
        value: [0; 2],
        jobs: [[0; 5]; 2],
        kept: false,
    };

    /// `round_plan_upto(g, p, true, steps)` (`steps` 1 or 2) from the state it kept and `later`,
    /// the plan `round_plan_early` returned with it or one of these plans with more steps
    /// (its `keep` starts with this plan's); `None` when nothing was kept.
    pub(super) fn plan(&self, steps: u8, later: &Plan) -> Option<Plan> {
        if !self.kept {
            return None;
        }
        let i = (steps.clamp(1, 2) - 1) as usize;
        let mut keep = later.keep;
        keep.n = self.n[i] as usize;
        Some(Plan {
            engage: self.engage[i],
            keep,
            value: self.value[i],
            jobs: self.jobs[i],
        })
    }
}

/// `round_plan_upto`; with `given`, the staged enemies earlier seats engage are `given` (not
/// planned again) and no later seat is planned (`team_engage` bit 4's plans of the later
/// seats, which must not plan this one back).
fn round_plan_with(
    g: &Game,
    p: u8,
    at_commit: bool,
    steps: u8,
    given: Option<&Ids>,
    mut early: Option<&mut EarlyPlans>,
) -> Plan {
    let mut pool = ready_chars(g, p);
    if at_commit {
        // Who leaves play when the quest phase ends (Sneak Attack's ally) cannot defend or
        // attack later this round.
        let mut stay = Ids::new();
        for &c in pool.as_slice() {
            if !g.has_lasting(c, Lasting::ReturnToHandAtEndOfPhase)
                && !g.has_lasting(c, Lasting::ShuffleIntoDeckAtEndOfPhase)
            {
                stay.push(c);
            }
        }
        pool = stay;
    }
    let no_checks = g.rule(Rule::NoEngagementChecks);
    let mut must = Ids::new();
    for &e in g.engaged(p) {
        must.push(e);
    }
    // The engagement checks follow the quest and the optional engagement: at both decisions
    // the staged enemies whose engagement cost is at most the threat will attack this round.
    // two45 `team_engage` bit 2: with other players, a staged enemy an earlier seat in player
    // order plans to engage optionally (its own round plan) is not this seat's to fight.
    let mut others = given.copied().unwrap_or_else(Ids::new);
    if given.is_none() && at_commit && w().team_engage & 2 != 0 && g.players_in_game() > 1 {
        for q in g.active_seats() {
            if q == p {
                break;
            }
            let e = round_plan_upto(g, q, false, 2).engage;
            if e != NO_CARD {
                others.push(e);
            }
        }
    }
    // two45 `team_engage` bit 1: with other players, only the staged enemies the engagement
    // checks would give this seat at the current threats (`checks_engage`).
    let team_checks = w().team_engage & 1 != 0 && g.players_in_game() > 1;
    if (at_commit || w().checks_ahead != 0) && !no_checks {
        let threat = g.players[p as usize].threat;
        let mine = if team_checks {
            checks_engage(g, p, &others)
        } else {
            Ids::new()
        };
        for &e in g.list(Zone::Staging) {
            if g.is_enemy(e)
                && g.stat(e, Stat::Engagement) <= threat
                && (!team_checks || mine.contains(e))
            {
                must.push(e);
                // It attacks once on engaging and again in combat: two defences.
                if hint(g, e).attacks_when_engaged && w().engage_attacks != 0 {
                    must.push(e);
                }
            }
        }
    }
    // `engage_cancel`: with no other attack this round, an attack-cancelling event in hand
    // takes the first attack of an enemy the plan engages.
    // (Asked once for both uses below.)
    let mut cancel_memo: Option<bool> = None;
    let mut has_cancel = || *cancel_memo.get_or_insert_with(|| cancel_in_hand(g, p));
    let free_cancel = w().engage_cancel != 0 && must.n == 0 && has_cancel();
    let s = &mut must.ids[..must.n];
    s.sort_by_key(|&e| std::cmp::Reverse(g.stat(e, Stat::Attack)));
    // An attack-cancelling event in hand (Feint) stops the strongest engaged enemy's attack
    // in combat: no defender is held back from the quest for it.
    if at_commit && w().cancel_in_hand != 0 && has_cancel() {
        if let Some(i) = must
            .as_slice()
            .iter()
            .position(|&e| g.card(e).zone == Zone::Engaged(p))
        {
            let mut rest = Ids::new();
            for (j, &e) in must.as_slice().iter().enumerate() {
                if j != i {
                    rest.push(e);
                }
            }
            must = rest;
        }
    }
    // `undef_cost` per attack value, for the whole plan.
    let mut undef_memo = UndefMemo::default();
    let mut keep = reserve_defenders_memo(g, p, must.as_slice(), &pool, at_commit, &mut undef_memo);
    let mut jobs = [keep.n as u8, 0, 0, 0, 0];
    // Who is held back only for an enemy that may come (`chance_fights`).
    let mut chance = Ids::new();
    // The same with what they are held for (`one_job`: reviewed once the fights are planned).
    let mut spares = [Spare {
        c: NO_CARD,
        pct: 0,
        atk: 0,
        weight: 0,
    }; 3];
    let mut n_spares = 0;
    let one_job = w().one_job & 1 != 0 && at_commit;
    // The chance (percent) that the reveal brings an enemy for which a spare is held
    // (`one_job`: a second spare is held only for both enemies coming).
    let mut reveal_pct = 0;
    // An enemy the staging step may reveal engages at once when its engagement cost is at most
    // the threat: a defender for it, when its willpower is worth less than the expected hit.
    // Only where willpower past the staged threat buys nothing (a stage without quest
    // points): elsewhere, holding back for an enemy that may not come lost more progress than
    // it saved (measured on Deadmen's Dike).
    if at_commit && !no_checks {
        if let Some(c) = reveal_defender(g, p, &pool, &keep) {
            let mut with = keep;
            with.push(c);
            // Where kills advance the quest (The Weather Hills' Hunting the Orcs), an enemy that
            // comes is a chance too: held back there even while a side quest is the current
            // quest.
            let kills_count = w().reveal_main != 0 && quest_kill_value(g) > 0;
            if progress_is_useless(g) || kills_count || reveal_lethal(g, p, c) {
                keep = with;
                chance.push(c);
                jobs[1] += 1;
                let (pct, atk) = reveal_enemies(g, p);
                reveal_pct = pct;
                spares[n_spares] = Spare {
                    c,
                    pct,
                    atk,
                    weight: w().reveal_fight,
                };
                n_spares += 1;
            }
        }
    }
    // Exploring the active location may reveal cards from a pile (the Orc deck of The Weather
    // Hills 1B): a defender for the enemy that comes, when exploring is within reach.
    if at_commit && !no_checks {
        // (`one_job`: with a spare already held for the reveal's enemy, a second one only
        // for the chance that both come.)
        let both = if one_job && reveal_pct > 0 {
            reveal_pct
        } else {
            100
        };
        if let Some((c, pct, atk)) = explore_defender(g, p, &pool, &keep, both) {
            keep.push(c);
            chance.push(c);
            jobs[1] += 1;
            spares[n_spares] = Spare {
                c,
                pct,
                atk,
                weight: w().explore_fight,
            };
            n_spares += 1;
        }
        // Exploring the active location may bring a staged enemy's attack (Thane Ulchor), which
        // the first player may decline at a cost: a defender for it when that is cheaper.
        if let Some((c, _)) = explore_attack_defender(g, p, &pool, &keep) {
            keep.push(c);
            jobs[2] += 1;
        }
        // Defeating the current stage may bring an enemy that engages at once.
        if let Some((c, atk)) = advance_defender(g, p, &pool, &keep) {
            keep.push(c);
            jobs[2] += 1;
            spares[n_spares] = Spare {
                c,
                pct: 100,
                atk,
                weight: w().advance_fight,
            };
            n_spares += 1;
        }
    }
    let fights_from = keep.n;
    if let Some(ep) = early.as_deref_mut() {
        (ep.n[0], ep.engage[0], ep.value[0], ep.jobs[0]) = (keep.n as u8, NO_CARD, 0, jobs);
        ep.kept = !one_job;
    }
    let mut plan_engage = NO_CARD;
    let mut value = 0;
    let mut cands = Ids::new();
    // What only depends on the game and `p`, asked per enemy below: computed once, when first
    // needed (the same values, fewer calls).
    let mut reward_memo: Option<i32> = None;
    let mut quest_kill_memo: Option<i32> = None;
    // `siege_wary` bit 4's scan of the board, asked once for the whole plan.
    let punished = std::cell::Cell::new(None::<bool>);
    // (`stay_rounds`: a staged enemy that never engages on its own costs its threat for the
    // rest of the game.)
    let kill_rounds = if no_checks {
        w().kill_rounds.max(w().stay_rounds)
    } else {
        w().kill_rounds
    };
    // two46 `team_engage` bit 4: with other players, each seat later in player order (which
    // commits and engages after this one) is planned too; a staged enemy that seat would
    // engage for more than this seat would is left to it.
    let mut later = [(NO_CARD, 0i32); 3];
    let mut n_later = 0;
    if steps >= 2 && given.is_none() && w().team_engage & 4 != 0 && g.players_in_game() > 1 {
        let mut after = false;
        for q in g.active_seats() {
            if q == p {
                after = true;
            } else if after && n_later < later.len() {
                let pq = round_plan_with(g, q, at_commit, 2, Some(&others), None);
                if pq.engage != NO_CARD {
                    later[n_later] = (pq.engage, pq.value);
                    n_later += 1;
                }
            }
        }
    }
    let later = &later[..n_later];
    // Optional engagement: only when every attacking enemy has a defender.
    if steps >= 2 && keep.n >= must.n {
        let mut best: Option<(i32, CardId, [CardId; 2], u32, Ids)> = None;
        for &e in g.list(Zone::Staging) {
            if !g.is_enemy(e) || must.contains(e) || others.contains(e) {
                continue;
            }
            // Not offered for optional engagement (Rearguard Ambusher, Track the Orcs).
            if g.rule(Rule::CannotBeOptionallyEngaged(e)) || unengageable(g, e) {
                continue;
            }
            let atk = planned_attack(g, e);
            let undef = undef_memo.get(g, p, atk);
            let def = cheapest_defender(g, e, &pool, &keep, at_commit, w().acceptable + 1);
            let (dc, d) = match def {
                Some((k, d)) if k <= undef => (k, d),
                _ if undef <= w().acceptable => (undef, NO_CARD),
                Some((k, d)) => (k, d),
                None => continue,
            };
            // (`engage_cancel`: the event takes this round's attack; `later_dc` is a defence
            // from the next round on.)
            let cancel_free = free_cancel && cancel_takes(g, e);
            let later_dc = dc;
            let (dc, d) = if cancel_free { (0, NO_CARD) } else { (dc, d) };
            let mut taken = keep;
            if d != NO_CARD {
                taken.push(d);
            }
            // An enemy that attacks at once on engaging attacks again in combat: its first
            // defender is exhausted by then, so a second defence (or the hit) is counted too.
            let mut d2 = NO_CARD;
            let mut dc = dc;
            if hint(g, e).attacks_when_engaged && w().engage_attacks != 0 {
                match cheapest_defender(g, e, &pool, &taken, at_commit, undef) {
                    Some((k, c)) => {
                        dc += k;
                        d2 = c;
                        taken.push(c);
                    }
                    None => dc += undef,
                }
            }
            let per = staged_cost_with(g, e, no_checks) * w().threat_unit * team(g, 4)
                + *reward_memo.get_or_insert_with(|| engagement_reward(g, p))
                + staged_growth_cost(g, e);
            let mut c2 = Ids::new();
            let bonus = blocks_win(g, e) as i32 * w().win_block * w().threat_unit
                + *quest_kill_memo.get_or_insert_with(|| quest_kill_value(g))
                + captive_value(g, e);
            // (`chance_fights`: who is held back for a chance enemy may attack too.)
            let fight_taken = without(&taken, &chance);
            let siege_v = |c2: &Ids| {
                siege(g, e, c2, at_commit, &punished).map(|(kc, mask, rounds)| {
                    let credit = if w().kill_or_siege != 0 {
                        kill_rounds
                    } else {
                        kill_rounds - (rounds as i32 - 1)
                    };
                    let later = cancel_free as i32 * (rounds as i32 - 1) * later_dc;
                    (
                        per * credit - rounds as i32 * (dc + kc) - later + bonus,
                        mask,
                    )
                })
            };
            let v = match kill_set(g, e, &pool, &fight_taken, at_commit, &mut c2) {
                Some((kc, mask)) => {
                    let kill = (per * kill_rounds - dc - kc + bonus, mask);
                    // (The siege is weighed against a kill only with `kill_or_siege`: not
                    // searched without it.)
                    match (w().kill_or_siege != 0).then(|| siege_v(&c2)).flatten() {
                        Some(s) if s.0 > kill.0 => s,
                        _ => kill,
                    }
                }
                // A siege: engaged now, worn down over a few rounds (its damage stays), each
                // round's attack defended (or chumped) as cheaply as now.
                // (`engage_cancel`: or parked, its first attack cancelled.)
                None if cancel_free => {
                    let park = (per * w().park_rounds - later_dc, 0);
                    match siege_v(&c2) {
                        Some(s) if s.0 > park.0 => s,
                        _ => park,
                    }
                }
                None if d != NO_CARD || undef <= w().acceptable => match siege_v(&c2) {
                    Some(s) => s,
                    None if d == NO_CARD => continue,
                    None => park_value(g, d, atk, per),
                },
                None => continue,
            };
            if later.iter().any(|&(le, lv)| le == e && lv > v.0) {
                continue;
            }
            if v.0 > 0 && best.as_ref().map(|b| v.0 > b.0).unwrap_or(true) {
                best = Some((v.0, e, [d, d2], v.1, c2));
            }
        }
        if let Some((v, e, ds, mask, c2)) = best {
            plan_engage = e;
            value += v;
            let n = keep.n;
            for d in ds {
                if d != NO_CARD {
                    keep.push(d);
                }
            }
            keep_mask(&mut keep, &c2, mask);
            jobs[3] = (keep.n - n) as u8;
        }
    }
    if let Some(ep) = early {
        (ep.n[1], ep.engage[1], ep.value[1], ep.jobs[1]) = (keep.n as u8, plan_engage, value, jobs);
    }
    // A kill of an engaged enemy with who is left.
    let mut best: Option<(i32, u32, Ids)> = None;
    // (`target_siege`: the stage's damage target, staged but engaging this round, too.)
    let staged_target = if w().target_siege > 0 && at_commit {
        quest_damage_target(g).filter(|&t| g.card(t).zone == Zone::Staging && must.contains(t))
    } else {
        None
    };
    let engaged_now = g.engaged(p);
    let fight_list = engaged_now.iter().copied().chain(staged_target);
    for e in fight_list.filter(|_| steps >= 3) {
        let worth = (g.stat(e, Stat::Attack) as i32
            + staged_cost_with(g, e, no_checks) * team(g, 4))
            * w().threat_unit
            * w().kill_rounds
            + blocks_win(g, e) as i32 * w().win_block * w().threat_unit
            + *quest_kill_memo.get_or_insert_with(|| quest_kill_value(g))
            + captive_value(g, e);
        let fight_taken = without(&keep, &chance);
        let siege_v = |cands: &Ids| {
            siege(g, e, cands, at_commit, &punished)
                .map(|(kc, mask, rounds)| (worth / rounds as i32 - kc, mask))
        };
        let found = match kill_set(g, e, &pool, &fight_taken, at_commit, &mut cands) {
            Some((kc, mask)) => {
                let kill = (worth - kc, mask);
                match (w().kill_or_siege != 0).then(|| siege_v(&cands)).flatten() {
                    Some(s) if s.0 > kill.0 => Some(s),
                    _ => Some(kill),
                }
            }
            // A round of a siege on it.
            None => siege_v(&cands),
        };
        if let Some((v, mask)) = found {
            if v > 0 && best.as_ref().map(|b| v > b.0).unwrap_or(true) {
                best = Some((v, mask, cands));
            }
        }
    }
    if let Some((v, mask, c2)) = best {
        let n = keep.n;
        keep_mask(&mut keep, &c2, mask);
        jobs[4] = (keep.n - n) as u8;
        value += v;
    }
    if one_job && value > 0 && w().chance_fights == 0 {
        release_spares(
            g,
            p,
            &mut keep,
            &mut jobs,
            &spares[..n_spares],
            fights_from,
            value,
        );
    }
    Plan {
        engage: plan_engage,
        keep,
        value,
        jobs,
    }
}

/// `one_job`: the spares of a plan that also fights, reviewed together with the fights. If the
/// enemy a spare is held for comes, a fighter (kept from `fights_from` on in `keep`) can defend
/// it instead, at the price of its defence and of the fights' `value`; a spare whose expected
/// saving no longer pays for its willpower kept out of the quest is released to quest. Each
/// fighter stands in for one spare at most.
fn release_spares(
    g: &Game,
    p: u8,
    keep: &mut Ids,
    jobs: &mut [u8; 5],
    spares: &[Spare],
    fights_from: usize,
    value: i32,
) {
    let (spare_from, advance_from) = (jobs[0] as usize, (jobs[0] + jobs[1]) as usize);
    let mut used = Ids::new();
    let mut out = Ids::new();
    for s in spares {
        let atk = s.atk + 1;
        let stand_in = keep.as_slice()[fights_from.min(keep.n)..]
            .iter()
            .filter(|&&f| !used.contains(f) && !is_objective_ally(g, f))
            .map(|&f| (defend_cost(g, f, atk), f))
            .min();
        let Some((dc, f)) = stand_in else { continue };
        let undef = undef_cost(g, p, atk).min(dc.saturating_add(value)) as i64;
        let hit = undef * s.pct as i64 * s.weight as i64 / 10_000;
        let k =
            keep_cost(g, s.c, true) as i64 + defend_cost(g, s.c, atk) as i64 * s.pct as i64 / 100;
        if k >= hit {
            used.push(f);
            out.push(s.c);
        }
    }
    if out.n == 0 {
        return;
    }
    let mut rest = Ids::new();
    for (i, &c) in keep.as_slice().iter().enumerate() {
        if out.contains(c) && (spare_from..fights_from).contains(&i) {
            jobs[if i < advance_from { 1 } else { 2 }] -= 1;
        } else {
            rest.push(c);
        }
    }
    *keep = rest;
}

/// `engage_cancel`: would an attack-cancelling event in hand take enemy `e`'s attack once it
/// is engaged? Not for an enemy that attacks as it engages (two attacks), nor below Attack 3
/// (the bot keeps the event for stronger attacks).
fn cancel_takes(g: &Game, e: CardId) -> bool {
    !hint(g, e).attacks_when_engaged && g.stat(e, Stat::Attack) >= 3
}

/// Does `p` hold an attack-cancelling event (`Hint::cancels_attack`) it can pay for now?
pub(super) fn cancel_in_hand(g: &Game, p: u8) -> bool {
    g.may_hint(hint_set::CANCELS_ATTACK)
        && g.list(Zone::Hand(p)).iter().any(|&c| {
            let d = g.def_of(c);
            hint(g, c).cancels_attack && g.can_pay(p, d.sphere, d.cost)
        })
}

/// `undef_cost(g, p, atk)` for the few attack values one round plan asks about.
#[derive(Default)]
struct UndefMemo {
    n: usize,
    atk: [i16; 8],
    cost: [i32; 8],
}

impl UndefMemo {
    fn get(&mut self, g: &Game, p: u8, atk: i16) -> i32 {
        if let Some(i) = self.atk[..self.n].iter().position(|&a| a == atk) {
            return self.cost[i];
        }
        let c = undef_cost(g, p, atk);
        if self.n < self.atk.len() {
            self.atk[self.n] = atk;
            self.cost[self.n] = c;
            self.n += 1;
        }
        c
    }
}

/// The enemies the staging step may reveal that would engage `p` at once (engagement cost ≤
/// threat), from what the encounter deck holds (its contents are known, not their order):
/// (chance per revealed card in percent, their average attack).
pub(super) fn reveal_enemies(g: &Game, p: u8) -> (i32, i16) {
    engaging_enemies_in(g, p, Zone::EncounterDeck, 1)
}

/// The enemies among the known contents of `pile` that would engage `p` at once (engagement
/// cost ≤ threat) when `n` of its cards are revealed: (chance in percent, capped at 100, their
/// average attack); (0, 0) when there are none.
fn engaging_enemies_in(g: &Game, p: u8, pile: Zone, n: u8) -> (i32, i16) {
    let threat = g.players[p as usize].threat;
    let pile = g.list(pile);
    let (mut k, mut atk) = (0i32, 0i32);
    for &c in pile {
        let d = g.def_of(c);
        if d.ty == CardType::Enemy && d.engagement <= threat {
            k += 1;
            atk += d.attack.max(0) as i32;
        }
    }
    if k == 0 {
        return (0, 0);
    }
    let pct = (k * 100 * n as i32 / pile.len() as i32).min(100);
    (pct, (atk / k) as i16)
}

/// The character of `pool` outside `keep` to hold back for an enemy the staging step may
/// reveal (see `reveal_enemies`): the cheapest (willpower kept back + the expected defence),
/// if cheaper than `reveal_fight` percent of the expected undefended hit.
pub(super) fn reveal_defender(g: &Game, p: u8, pool: &Ids, keep: &Ids) -> Option<CardId> {
    if w().reveal_fight <= 0 {
        return None;
    }
    let (pct, atk) = reveal_enemies(g, p);
    cheapest_hold_back(g, p, pool, keep, pct, atk, w().reveal_fight, i16::MAX)
}

/// The character of `pool` outside `keep` cheapest to hold back (willpower kept back + the
/// expected defence) for an attack of `atk` (+1 for a shadow) coming with `pct` percent
/// chance, if cheaper than `weight` percent of the expected undefended hit; only characters
/// whose questing stat is at most `max_wp`.
#[allow(clippy::too_many_arguments)]
pub(super) fn cheapest_hold_back(
    g: &Game,
    p: u8,
    pool: &Ids,
    keep: &Ids,
    pct: i32,
    atk: i16,
    weight: i32,
    max_wp: i16,
) -> Option<CardId> {
    if pct == 0 {
        return None;
    }
    let atk = atk + 1;
    let undef = undef_cost(g, p, atk) as i64 * pct as i64 * weight as i64 / 10_000;
    cheapest_under(g, pool, keep, atk, pct, undef, max_wp)
}

/// The character of `pool` outside `keep` (questing stat at most `max_wp`) whose held-back
/// willpower plus `pct` percent of its defence against `atk` costs least, if under `limit`.
fn cheapest_under(
    g: &Game,
    pool: &Ids,
    keep: &Ids,
    atk: i16,
    pct: i32,
    limit: i64,
    max_wp: i16,
) -> Option<CardId> {
    // (speed36: the questing stat asked once, not per character, and each character's read
    // once for the `max_wp` test and its keep cost.)
    let qs = keep_ctx(g);
    let dw = DmgW::now();
    let mut best: Option<(i64, CardId)> = None;
    for &c in pool.as_slice() {
        if keep.contains(c) || is_objective_ally(g, c) {
            continue;
        }
        let s = g.stat(c, qs.qs);
        if s > max_wp {
            continue;
        }
        let k = keep_cost_stat(g, c, qs, s) as i64
            + defend_cost_w(g, c, atk, dw) as i64 * pct as i64 / 100;
        if k < limit && best.map(|(b, _)| k < b).unwrap_or(true) {
            best = Some((k, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The pile and count a quest card in play reveals when the active location is explored
/// (`Hint::explore_reveals`).
pub(super) fn explore_reveals(g: &Game) -> Option<(Zone, u8)> {
    g.list(Zone::Quest)
        .iter()
        .find_map(|&q| hint(g, q).explore_reveals)
}

/// The questing strength of `pool` outside `keep` (each character's questing stat, at least 0)
/// plus the players' questing strength from other sources.
pub(super) fn willpower_outside(g: &Game, pool: &Ids, keep: &Ids) -> i16 {
    let qs = g.questing_stat();
    pool.as_slice()
        .iter()
        .filter(|&&c| !keep.contains(c))
        .map(|&c| g.stat(c, qs).max(0))
        .sum::<i16>()
        + g.questing_strength()
}

/// The enemies exploring the active location would reveal that engage `p` at once
/// (engagement cost ≤ threat), from the known contents of the pile (`explore_reveals`):
/// (chance in percent, their average attack); (0, 0) when the location is out of reach this
/// round (its remaining quest points exceed the willpower of `pool` outside `keep` past the
/// staged threat and the expected reveal).
pub(super) fn explore_enemies(g: &Game, p: u8, pool: &Ids, keep: &Ids) -> (i32, i16) {
    let Some((zone, n)) = explore_reveals(g) else {
        return (0, 0);
    };
    let Some(l) = g.active_location() else {
        return (0, 0);
    };
    let wp = willpower_outside(g, pool, keep);
    let rem = points_left(g, l);
    let reach = wp - g.staging_threat() - w().reveal_threat as i16 * g.players_in_game() as i16;
    if rem > reach {
        return (0, 0);
    }
    engaging_enemies_in(g, p, zone, n)
}

/// The attack first player `p` may take after the active location is explored, from a staged
/// enemy hinted `explore_attack` (Thane Ulchor): (its Attack, what declining the attack costs).
pub(super) fn explore_attacker(g: &Game, p: u8) -> Option<(i16, i32)> {
    if g.first != p {
        return None;
    }
    g.list(Zone::Staging).iter().find_map(|&e| {
        let k = hint(g, e).explore_attack;
        (k > 0 && g.is_enemy(e)).then(|| (g.stat(e, Stat::Attack), k))
    })
}

/// With `explore_attack`: the character of `pool` outside `keep` to hold back for the attack
/// of `explore_attacker` when exploring the active location is within this round's reach
/// (as `explore_enemies`), and one the quest can spare (`explore_reach`): the cheapest
/// (willpower kept back + its defence of the attack + 1 for a shadow), if cheaper than
/// `explore_attack` percent of declining the attack (or than the undefended hit).
/// Returns the character and the attack it is held for.
pub(super) fn explore_attack_defender(
    g: &Game,
    p: u8,
    pool: &Ids,
    keep: &Ids,
) -> Option<(CardId, i16)> {
    if w().explore_attack <= 0 {
        return None;
    }
    let (atk, decline) = explore_attacker(g, p)?;
    let l = g.active_location()?;
    let wp = willpower_outside(g, pool, keep);
    let rem = points_left(g, l);
    let reach = wp - g.staging_threat() - w().reveal_threat as i16 * g.players_in_game() as i16;
    if rem > reach {
        return None;
    }
    let max_wp = if w().explore_reach != 0 {
        explore_slack(g, pool, keep)
    } else {
        i16::MAX
    };
    let atk1 = atk + 1;
    let limit =
        (decline as i64 * w().explore_attack as i64 / 100).min(undef_cost(g, p, atk1) as i64);
    cheapest_under(g, pool, keep, atk1, 100, limit, max_wp).map(|c| (c, atk))
}

/// How much willpower of `pool` outside `keep` the quest can spare while exploring the active
/// location stays within reach (`explore_enemies`' estimate): the most a character held back
/// for the explore's enemy may have (`i16::MAX` without an active location).
fn explore_slack(g: &Game, pool: &Ids, keep: &Ids) -> i16 {
    let Some(l) = g.active_location() else {
        return i16::MAX;
    };
    let wp = willpower_outside(g, pool, keep);
    let rem = points_left(g, l);
    wp - g.staging_threat() - w().reveal_threat as i16 * g.players_in_game() as i16 - rem
}

/// The character of `pool` outside `keep` to hold back for the enemy that exploring the
/// active location would reveal (`explore_enemies`): the cheapest (willpower kept back + the
/// expected defence), if cheaper than `explore_fight` percent of the expected undefended hit.
/// `both`: the chance in percent that the explore's enemy is not the only one (100 when no
/// spare is held yet; `one_job` holds a second spare only for the chance that both come).
/// Returns the character with the chance and the attack it is held for.
pub(super) fn explore_defender(
    g: &Game,
    p: u8,
    pool: &Ids,
    keep: &Ids,
    both: i32,
) -> Option<(CardId, i32, i16)> {
    if w().explore_fight <= 0 {
        return None;
    }
    let (pct, atk) = explore_enemies(g, p, pool, keep);
    let pct = pct * both / 100;
    // Holding back a character whose willpower the explore needs keeps the enemy away too:
    // with `explore_reach` on, only one the quest can spare is held back.
    let max_wp = if w().explore_reach != 0 {
        explore_slack(g, pool, keep)
    } else {
        i16::MAX
    };
    cheapest_hold_back(g, p, pool, keep, pct, atk, w().explore_fight, max_wp).map(|c| (c, pct, atk))
}

/// Parking `e` on defender `d` (engaged and defended every round, chipped at when possible):
/// worth `park_rounds` rounds of its per-round cost less the defender's questing, when the
/// defence costs at most `park_damage`; else nothing (value ≤ 0).
fn park_value(g: &Game, d: CardId, atk: i16, per: i32) -> (i32, u32) {
    let dmg = (atk - g.stat(d, Stat::Defense)).max(0);
    let hurt = dmg_cost(g, d, dmg);
    if hurt > w().park_damage {
        return (0, 0);
    }
    let wp = g.stat(d, g.questing_stat()).max(0) as i32 * w().threat_unit * team(g, 1);
    ((per - wp) * w().park_rounds - hurt, 0)
}

/// Does enemy `e`'s own text keep the players from winning while it is in play?
pub(super) fn blocks_win(g: &Game, e: CardId) -> bool {
    g.script(e)
        .and_then(|s| s.rule)
        .is_some_and(|f| f(g, e, Rule::CannotWin))
}

/// A siege of `e` by the strongest of `cands` (sorted strongest first, as `kill_set` leaves
/// them): the fewest of them that kill it within `siege_rounds` rounds of attacks (ΣATK − DEF a
/// round against its remaining hit points; `target_siege` rounds instead for the stage's
/// `Hint::quest_damage_target` when that option is on): (keep cost + ΣATK a round, mask,
/// rounds). (`punished`: `planning::damage_punished`, kept for the caller's plan.)
pub(super) fn siege(
    g: &Game,
    e: CardId,
    cands: &Ids,
    at_commit: bool,
    punished: &std::cell::Cell<Option<bool>>,
) -> Option<(i32, u32, u8)> {
    let cap = if w().target_siege > 0 && quest_damage_target(g) == Some(e) {
        w().target_siege
    } else {
        w().siege_rounds
    };
    if cap < 2 || !hurtable_once_engaged(g, e) || siege_shunned(g, e, punished) {
        return None;
    }
    let (def, hp) = (g.stat(e, Stat::Defense), g.remaining_hp(e));
    let qs = commit_stat(g, at_commit);
    let (mut sum, mut cost, mut mask) = (0i16, 0i32, 0u32);
    for (i, &c) in cands.as_slice().iter().enumerate() {
        let a = g.stat(c, Stat::Attack);
        sum += a;
        cost += keep_cost_qs(g, c, qs) + a as i32;
        mask |= 1 << i;
        let per_round = sum - def;
        if per_round > 0 {
            let rounds = (hp + per_round - 1) / per_round;
            if rounds <= cap as i16 {
                return Some((cost, mask, rounds.max(1) as u8));
            }
        }
    }
    None
}

/// ett48 `siege_wary` (bits): is a siege of `e` (an enemy engaged and worn down over several
/// rounds, its attack defended each round) not to be planned? Bit 1: `e` grows stronger once
/// damaged (`Hint::hardens_when_damaged`: Ruthless Hill-troll), so the damage a siege leaves on
/// it makes its next attacks and its Defense worse. Bit 2: `e` itself makes damage on characters
/// cost more (`Hint::punishes_damage`: Savage Trollspawn's Attack per damaged character, Goblin
/// Pursuer's ban on damaged fighters), so each defended round makes it worse. Bit 4: no siege
/// at all while such a card is the main quest, staged or engaged.
fn siege_shunned(g: &Game, e: CardId, punished: &std::cell::Cell<Option<bool>>) -> bool {
    let bits = w().siege_wary;
    if bits == 0 {
        return false;
    }
    let h = hint(g, e);
    (bits & 1 != 0 && h.hardens_when_damaged)
        || (bits & 2 != 0 && h.punishes_damage)
        || (bits & 4 != 0 && {
            let v = punished
                .get()
                .unwrap_or_else(|| super::planning::damage_punished(g));
            punished.set(Some(v));
            v
        })
}

#[cfg(test)]
mod subset_tests {
    use super::{cheapest_subset, cheapest_subset_split};
    use rand::{Rng, SeedableRng};

    /// The split search finds `cheapest_subset`'s subset (the least cost, then the least mask)
    /// for 6 to 12 candidates: random Attacks, keep costs (negative ones too) and needs, ties
    /// made common by small ranges.
    #[test]
    fn cheapest_subset_split_equals_the_full_enumeration() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(25);
        let mut found = 0;
        for case in 0..3500 {
            let n = 6 + case % 7;
            let atk: Vec<i16> = (0..n).map(|_| rng.gen_range(1..=6)).collect();
            let kc: Vec<i32> = (0..n)
                .map(|_| {
                    if case % 3 == 0 {
                        rng.gen_range(-3..=3)
                    } else {
                        rng.gen_range(0..=4) * 5
                    }
                })
                .collect();
            let total: i16 = atk.iter().sum();
            let need = rng.gen_range(1..=total + 3);
            let full = cheapest_subset::<4096>(&atk, &kc, need);
            assert_eq!(
                cheapest_subset_split(&atk, &kc, need),
                full,
                "atk {atk:?} kc {kc:?} need {need}"
            );
            found += full.is_some() as u32;
        }
        assert!(found > 2000, "most cases have a subset: {found}");
    }
}
