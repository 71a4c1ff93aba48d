//! The `basic` bot's quest phase after the round plan (`round_plan.rs`): committing,
//! choosing the current quest, travel.

use super::*;
use std::cell::Cell;

/// The characters a commit step holds back, kept from one `Commit` decision to the next: the
/// round plan is made once per commit step (it was remade at every decision, a third of the
/// bot's work), and made again only when what it read changed — another round or player, the
/// threat, the enemies staged or engaged and their damage — or when a character it did not
/// expect left the ready pool.
#[derive(Clone, Copy)]
pub(super) struct CommitMemo {
    key: u64,
    pool: Ids,
    reserved: Ids,
    /// What the plan held characters back for, read at the engagement step (`plan_intent`).
    pub(super) intent: Intent,
}

/// What a commit step's round plan held characters back for, kept for the optional engagement
/// of the same round (`plan_intent` bit 2): the staged enemy to engage and the characters held
/// for that fight (its defenders and attackers).
#[derive(Clone, Copy)]
pub(super) struct Intent {
    pub(super) round: u16,
    pub(super) player: u8,
    pub(super) engage: CardId,
    pub(super) fighters: Ids,
    /// `candidate_sig` when the commit plan was made (`plan_reuse`; 0 without it).
    pub(super) sig: u64,
}

impl Intent {
    pub(super) const NONE: Intent = Intent {
        round: 0,
        player: 0,
        engage: NO_CARD,
        fighters: Ids::EMPTY,
        sig: 0,
    };
}

/// `plan_reuse`: the staged enemies a round plan of `p` could weigh for the optional
/// engagement now (not engaging this round anyway, engageable), as a hash (never 0).
pub(super) fn candidate_sig(g: &Game, p: u8) -> u64 {
    let checks = !g.rule(Rule::NoEngagementChecks);
    let threat = g.players[p as usize].threat;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &e in g.list(Zone::Staging) {
        // (Not an enemy, or it engages this round anyway.)
        if !g.is_enemy(e) || (checks && g.stat(e, Stat::Engagement) <= threat) {
            continue;
        }
        if !g.rule(Rule::CannotBeOptionallyEngaged(e)) && !unengageable(g, e) {
            h = (h ^ e as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    h | 1
}

impl CommitMemo {
    pub(super) const EMPTY: CommitMemo = CommitMemo {
        key: 0,
        pool: Ids::EMPTY,
        reserved: Ids::EMPTY,
        intent: Intent::NONE,
    };

    fn key(g: &Game, p: u8) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| h = (h ^ x).wrapping_mul(0x100_0000_01b3);
        mix(g.round as u64);
        mix(p as u64);
        mix(g.players[p as usize].threat as u64 & 0xffff);
        for z in [Zone::Staging, Zone::Engaged(p)] {
            mix(0xff_ffff);
            for &e in g.list(z) {
                mix(e as u64);
                mix(g.card(e).damage as u64 & 0xffff);
            }
        }
        mix(g.active_location().map(|l| l as u64 + 1).unwrap_or(0));
        h | 1
    }

    /// The reserved characters if the memo still holds for `ready` (every ready character was
    /// in the pool, and those that left it are questing and were not reserved).
    fn get(&self, key: u64, g: &Game, ready: &Ids) -> Option<Ids> {
        if self.key != key || ready.as_slice().iter().any(|&c| !self.pool.contains(c)) {
            return None;
        }
        let left_as_planned = self
            .pool
            .as_slice()
            .iter()
            .all(|&c| ready.contains(c) || (g.card(c).questing && !self.reserved.contains(c)));
        left_as_planned.then_some(self.reserved)
    }
}

/// The characters to hold back from the quest this commit step (the round plan, capped by the
/// quest deficit).
pub(super) fn reserved_for_commit(g: &Game, p: u8) -> Ids {
    commit_plan(g, p).0
}

/// `reserved_for_commit` with what the optional engagement holds back (`Intent`).
pub(super) fn commit_plan(g: &Game, p: u8) -> (Ids, Intent) {
    // (The plans with fewer steps, the retries below, from the same pass: speed35.)
    let mut early = EarlyPlans::EMPTY;
    let mut plan = round_plan_early(g, p, true, &mut early);
    // (The game does not change while the bot decides: `quest_deficit`'s base and the ready
    // characters' questing stats are asked once.)
    let pool = QuestPool::new(g, p);
    // The deficit of `plan.keep`, once asked (the lethal check below asks it again).
    let mut deficit = None;
    // The deficit with nobody held back (`quest_deficit(g, p, &Ids::new())`), once asked:
    // the cap's floor and the lethal check both read it.
    let mut nobody_memo: Option<i16> = None;
    let mut nobody_kept = || *nobody_memo.get_or_insert_with(|| pool.deficit(g, p, &Ids::new()));
    for steps in [2u8, 1] {
        // A deficit over the cap costs its threat once; a plan worth more keeps its fights
        // (on a stage where enemies never engage, only a fight stops the threat climb).
        let d = pool.deficit(g, p, &plan.keep);
        deficit = Some(d);
        let over = deficit_over_cap(d, &mut nobody_kept);
        // (`cross_engage`: the staged enemies the threat the deficit adds would engage.)
        let cross = cross_engage_cost(g, p, d);
        if (over == 0 && cross == 0)
            || plan.value > over * w().threat_unit * w().over_cap_rounds * team(g, 2) + cross
        {
            break;
        }
        plan = early
            .plan(steps, &plan)
            .unwrap_or_else(|| round_plan_upto(g, p, true, steps));
        if cfg!(test) {
            let fresh = round_plan_upto(g, p, true, steps);
            assert!(
                (plan.engage, plan.keep.as_slice(), plan.value, plan.jobs)
                    == (fresh.engage, fresh.keep.as_slice(), fresh.value, fresh.jobs),
                "a plan of {steps} steps differs from the full plan's first steps"
            );
        }
        deficit = None;
    }
    if w().one_job & 14 != 0 {
        let before = plan.keep.n;
        quest_floor(g, p, &mut plan, &pool);
        if plan.keep.n != before {
            deficit = None;
        }
    }
    // A quest expected to fail by enough to end the game is never risked to keep fighters back:
    // hold back nobody when that makes the difference. (`team_lethal`: with other players,
    // the deficit raises every threat, and the highest one is eliminated first.)
    let threat = if w().team_lethal != 0 {
        g.active_seats()
            .map(|q| g.players[q as usize].threat)
            .max()
            .unwrap_or(g.players[p as usize].threat)
    } else {
        g.players[p as usize].threat
    };
    // (`one_job`: the refresh phase's +1 threat counts too.)
    let refresh = (w().one_job & 1 != 0) as i16;
    let lethal_at = |d: i16| threat + d.max(0) + refresh >= LOSING_THREAT;
    let plan_deficit = deficit.unwrap_or_else(|| pool.deficit(g, p, &plan.keep));
    let mut intent = Intent {
        round: g.round,
        player: p,
        sig: if w().plan_reuse != 0 {
            candidate_sig(g, p)
        } else {
            0
        },
        ..Intent::NONE
    };
    if lethal_at(plan_deficit) && !lethal_at(nobody_kept()) {
        return (Ids::new(), intent);
    }
    // A character that quests without exhausting (Halbarad while engaged) is never held back.
    let mut reserved = Ids::new();
    for &c in plan.keep.as_slice() {
        if !g.rule(Rule::CommitsWithoutExhausting(c)) {
            reserved.push(c);
        }
    }
    // The optional engagement's characters: `jobs[3]` of `keep`, after the earlier jobs'.
    let j = plan.jobs.map(|n| n as usize);
    let from = j[0] + j[1] + j[2];
    if plan.engage != NO_CARD && from + j[3] <= plan.keep.n {
        intent.engage = plan.engage;
        for &c in &plan.keep.as_slice()[from..from + j[3]] {
            if reserved.contains(c) {
                intent.fighters.push(c);
            }
        }
    }
    if w().draw_keep != 0 {
        keep_drawers(g, p, &mut reserved, &pool);
    }
    advance_hold(g, &mut reserved, &pool);
    advance_stall(g, p, &mut reserved, &pool);
    surplus_hold(g, &mut reserved, &pool);
    if team_hold_on(g) {
        team_hold(g, p, &mut reserved, &pool);
    }
    (reserved, intent)
}

/// ett48 `surplus_hold`: when the willpower left outside `reserved` (with what is already
/// questing, `willpower_outside`) finishes the current quest and the active location this round with
/// `surplus_hold` threat per player to spare past the staged threat, the willpower beyond that
/// buys nothing (progress past the current quest is lost), while a character kept ready can
/// defend or attack this round: the characters not needed are held back, the weakest questers
/// first (ties: the best defender), for as long as the rest still reach. 0: off. Not on a
/// quest without quest points or that cannot be defeated (other rules decide there).
fn surplus_hold(g: &Game, reserved: &mut Ids, pool: &QuestPool) {
    let margin = w().surplus_hold;
    if margin <= 0 {
        return;
    }
    let Some(q) = g.current_quest() else { return };
    let qp = g.stat(q, Stat::QuestPoints);
    if qp <= 0 {
        return;
    }
    // (speed39: the willpower test, from the commit plan's `QuestPool`, before the two rule
    // scans; every test here is pure, so the order changes nothing but the cost.)
    let need = past_need(g, q, margin, pool);
    if pool.free(reserved) + pool.qstr < need
        || g.rule(Rule::CannotDefeat(q))
        || g.rule(Rule::CannotPlaceProgress(q))
    {
        return;
    }
    hold_down_to(g, reserved, need, pool);
}

/// dike46 `advance_hold`: on a stage whose defeat brings an enemy that engages at once and
/// whose next stage reveals encounter cards as it comes (`Hint::advance_attack` and
/// `Hint::advance_reveals`: Deadmen's Dike 1B), when the willpower left
/// outside `reserved` finishes the stage and the active location this round with
/// `advance_hold` threat per player to spare (past the staged threat), the willpower beyond
/// that buys nothing (progress past the stage is lost) while the next stage's enemies, and
/// whatever its reveal brings back, attack this same round: the characters not needed are
/// held back ready, the weakest questers first (ties: the best defender), for as long as
/// the rest still reach. 0: off (everyone the round plan does not hold back quests). Solo only.
fn advance_hold(g: &Game, reserved: &mut Ids, pool: &QuestPool) {
    let margin = w().advance_hold;
    // Solo only: with other players the staging step reveals more cards (a wider spread than
    // the margin covers) and a failed quest raises every player's threat; measured there
    // (two seats) it lost progress.
    if margin <= 0 || g.players_in_game() > 1 {
        return;
    }
    let Some(q) = g.current_quest() else { return };
    let h = hint(g, q);
    if h.advance_attack <= 0 || h.advance_reveals == 0 || g.rule(Rule::CannotDefeat(q)) {
        return;
    }
    hold_down_to(g, reserved, past_need(g, q, margin, pool), pool);
}

/// The shared need of `surplus_hold` and `advance_hold` (`hold_down_to`'s `need`): quest `q`
/// and the active location finished this round with `margin` threat per player to spare past
/// the staged threat (the commit plan's, `pool.st`).
fn past_need(g: &Game, q: CardId, margin: i32, pool: &QuestPool) -> i16 {
    let rem = points_left(g, q) + location_left(g);
    rem + pool.st + (margin as i16) * g.players_in_game() as i16
}

/// When the willpower left outside `reserved` reaches `need`, the characters not needed for
/// it are held back, the weakest questers first (ties: the best defender), for as long as
/// the rest still reach `need`. Candidates: ready, not held back, questing only with their
/// questing stat, and staying in play after the quest phase (who leaves cannot defend later).
/// (speed39: the ready characters and their questing stats from the commit plan's `pool`.)
pub(super) fn hold_down_to(g: &Game, reserved: &mut Ids, need: i16, pool: &QuestPool) {
    let mut wp = pool.free(reserved) + pool.qstr;
    if cfg!(test) {
        assert_eq!(
            wp,
            willpower_outside(g, &pool.ready, reserved),
            "the pool's willpower"
        );
    }
    if wp < need {
        return;
    }
    let mut cands = [(NO_CARD, 0i16); 32];
    let mut n = 0;
    for (&c, &x) in pool.ready.as_slice().iter().zip(&pool.wp) {
        if !reserved.contains(c)
            && !g.rule(Rule::CommitsWithoutExhausting(c))
            && commit_progress(g, c) <= 0
            && !g.has_lasting(c, Lasting::ReturnToHandAtEndOfPhase)
            && !g.has_lasting(c, Lasting::ShuffleIntoDeckAtEndOfPhase)
        {
            cands[n] = (c, x);
            n += 1;
        }
    }
    let s = &mut cands[..n];
    s.sort_by_key(|&(c, x)| (x, -g.stat(c, Stat::Defense)));
    for &(c, x) in s.iter() {
        if wp - x >= need {
            reserved.push(c);
            wp -= x;
        }
    }
}

/// wd50 `advance_stall`: on a stage whose defeat brings an enemy that engages at once and
/// whose next stage reveals encounter cards as it comes (`Hint::advance_attack` and
/// `Hint::advance_reveals`: Deadmen's Dike 1B), solo, while the player's threat is below
/// `advance_stall`: when the willpower left outside `reserved` would finish the stage this
/// round, the commit is cut down to what beats the staged threat and explores the active
/// location with 1 to spare (the weakest questers held back first), so the stage waits and
/// the characters held stay ready for the enemies already there. The stage still falls when
/// no such cut exists (one strong quester). 0: off.
fn advance_stall(g: &Game, p: u8, reserved: &mut Ids, pool: &QuestPool) {
    let until = w().advance_stall;
    if until <= 0
        || !g.may_hint(hint_set::ADVANCE_ATTACK)
        || g.players_in_game() > 1
        || i32::from(g.players[p as usize].threat) >= until
    {
        return;
    }
    let Some(q) = g.current_quest() else { return };
    let h = hint(g, q);
    if h.advance_attack <= 0 || h.advance_reveals == 0 || g.rule(Rule::CannotDefeat(q)) {
        return;
    }
    let floor = location_left(g) + pool.st + 1;
    let rem = points_left(g, q);
    if pool.free(reserved) + pool.qstr < floor + rem {
        return;
    }
    hold_down_to(g, reserved, floor, pool);
}

/// With `cross_engage` on: what a quest deficit of `d` costs in the enemies it brings. The
/// threat the deficit adds comes before the engagement checks, so a staged enemy whose
/// engagement cost is above the threat now and at most the threat plus `d` engages this round
/// too: `cross_engage` per point of the attack it will make (`planned_attack`). 0 with the
/// weight off, without a deficit, or where the engagement checks are off.
pub(super) fn cross_engage_cost(g: &Game, p: u8, d: i16) -> i32 {
    if w().cross_engage == 0 || d <= 0 || g.rule(Rule::NoEngagementChecks) {
        return 0;
    }
    let threat = g.players[p as usize].threat;
    g.list(Zone::Staging)
        .iter()
        .filter(|&&e| {
            g.is_enemy(e) && g.reaches(e) && {
                let cost = g.stat(e, Stat::Engagement);
                cost > threat && cost <= threat + d
            }
        })
        .map(|&e| planned_attack(g, e).max(0) as i32 * w().cross_engage)
        .sum()
}

/// `draw_early` (gap50): may `c`, a character that exhausts to draw, be spared from this
/// round's quest? Not when the commit plan holds it back (unless `draw_early` bit 8), and
/// only while the quest is still expected to succeed with it held back too (the expected reveal
/// counted, as `draw_keep`).
pub(super) fn spared_from_quest(g: &Game, p: u8, c: CardId) -> bool {
    let (mut reserved, _) = commit_plan(g, p);
    if reserved.contains(c) {
        return w().draw_early & 8 != 0;
    }
    reserved.push(c);
    deficit_from(g, p, &reserved, quest_base(g)) <= 0
}

/// `draw_keep`: hold back from the quest each ready character of `p` that exhausts to draw
/// (`Hint::exhaust_draws`) while the quest is still expected to succeed without it, so it
/// draws in the combat phase (`exhaust_draw_value`) instead of questing.
fn keep_drawers(g: &Game, p: u8, reserved: &mut Ids, pool: &QuestPool) {
    if hand(g, p).len() >= DRAW_HAND_CAP {
        return;
    }
    for c in g.characters(p) {
        let n = hint(g, c).exhaust_draws as usize;
        if n == 0 || !ready(g, c) || reserved.contains(c) || g.controller(c) != p {
            continue;
        }
        if g.rule(Rule::EmptyDeckEliminates) && g.list(Zone::Deck(p)).len() < DECK_RESERVE + n {
            continue;
        }
        let mut with = *reserved;
        with.push(c);
        if pool.deficit(g, p, &with) <= 0 {
            *reserved = with;
        }
    }
}

/// Does nobody ready outside `keep` have a positive questing stat?
pub(super) fn nobody_quests(g: &Game, p: u8, keep: &Ids) -> bool {
    let qs = g.questing_stat();
    !g.characters(p)
        .any(|c| ready(g, c) && !keep.contains(c) && g.stat(c, qs) > 0)
}

/// `one_job` bits 2, 4, 8: a commit plan that would send nobody on a quest failing by more
/// than `deficit_cap` gives up its optional jobs, a whole job at a time, until someone quests:
/// first the spares for enemies that may come (bit 2), then the kill of an engaged enemy (bit
/// 4; not where kills advance the quest: there the kill is the quest's progress), then the
/// optional engagement (bit 8). The defenders of the attacks that will come stay.
fn quest_floor(g: &Game, p: u8, plan: &mut Plan, pool: &QuestPool) {
    let j = plan.jobs.map(|n| n as usize);
    let (a, b) = (j[0], j[0] + j[1] + j[2]);
    let (c, d) = (b + j[3], b + j[3] + j[4]);
    if d != plan.keep.n
        || !pool.nobody_quests(g, p, &plan.keep)
        || pool.deficit(g, p, &plan.keep) <= w().deficit_cap as i16
    {
        return;
    }
    // Where kills advance the quest (The Weather Hills 1B), the kill is the quest's progress.
    let kill_quests = quest_kill_value(g) > 0;
    let mut drop = [false; 32];
    for (job, bit, (from, to)) in [(1usize, 2, (a, b)), (4, 4, (c, d)), (3, 8, (b, c))] {
        if from == to || w().one_job & bit == 0 || (job == 4 && kill_quests) {
            continue;
        }
        drop[from..to].fill(true);
        if job == 1 {
            plan.jobs[1] = 0;
            plan.jobs[2] = 0;
        } else {
            plan.jobs[job] = 0;
        }
        let mut rest = Ids::new();
        for (i, &x) in plan.keep.as_slice().iter().enumerate() {
            if !drop[i] {
                rest.push(x);
            }
        }
        if !pool.nobody_quests(g, p, &rest) {
            break;
        }
    }
    let mut rest = Ids::new();
    for (i, &x) in plan.keep.as_slice().iter().enumerate() {
        if !drop[i] {
            rest.push(x);
        }
    }
    if plan.jobs[3] == 0 {
        plan.engage = NO_CARD;
    }
    plan.keep = rest;
}

/// With `boost_committed` on: would using card `c`'s own questing boost
/// (`Hint::boosts_own_quest`) now be wasted on a card that does not quest? After committing:
/// when `c` is not committed; before: when the commit plan holds `c` back.
/// With `boost_committed=2` (sense40): never before the card quests (the window after the
/// commit step has the same boost on a committed card).
pub(super) fn boost_wasted(g: &Game, p: u8, c: CardId) -> bool {
    // greet47: nobody quests while the bot stalls (`stalls`).
    if hint(g, c).boosts_own_quest && !g.card(c).questing && stalls(g, p) {
        return true;
    }
    if w().boost_committed == 0 || !hint(g, c).boosts_own_quest || g.card(c).questing {
        return false;
    }
    w().boost_committed == 2 || any_questing(g, p) || reserved_for_commit(g, p).contains(c)
}

/// The threat at which a player is eliminated (RULES.md §4).
pub(super) const LOSING_THREAT: i16 = 50;

/// greet47 `stall_threat`: does player `p` send nobody to the quest this round, to stay on a
/// stage he leaves once nothing is captured under it (`Hint::leave_when_emptied`: Gornákh's
/// Dungeons) while his board grows? Only while that stage is the current quest, no hero is
/// still captured under it (a hero is worth rescuing), something still is (else the stage is
/// left anyway), and his threat is below `stall_threat` (0: never). Questing there rescues one
/// random captive per point of progress and empties the stage sooner; the next stage stages
/// its strongest enemies at once. Solo games only: with 2 players (core-spirit and
/// core-leadership, 1,000 pairs, seed 4821) it lost 11.0 (Easy) and 7.6 (Standard) win points.
/// Not in Nightmare (session 47, core-leadership, against the base binary, 10,000 games: wins
/// -0.36 (-0.52 to -0.20) seed 1, -0.28 (-0.42 to -0.14) seed 4761, games 0.53 rounds shorter;
/// at `stall_threat` 15 or 20 too, 5,000 pairs seed 4762: 0.12 / 0.40 rounds shorter).
pub(super) fn stalls(g: &Game, p: u8) -> bool {
    stalls_at(g, g.players[p as usize].threat)
}

/// `stalls` with the player's threat at `threat` (one player: the game is solo).
pub(super) fn stalls_at(g: &Game, threat: i16) -> bool {
    let t = w().stall_threat;
    // Solo games only, and not in Nightmare (see `stalls`).
    if t == 0 || (threat as i32) >= t || g.players_in_game() > 1 || g.setup.mode == Mode::Nightmare
    {
        return false;
    }
    let Some(q) = g.current_quest() else {
        return false;
    };
    if !hint(g, q).leave_when_emptied {
        return false;
    }
    let mut any = false;
    for c in g.captives(q) {
        if g.def_of(c).ty == CardType::Hero {
            return false;
        }
        any = true;
    }
    any
}

pub(super) fn commit(g: &Game, p: u8, o: &[Opt], memo: &mut CommitMemo) -> Option<usize> {
    let _once = UselessScope::open();
    if stalls(g, p) {
        return find(o, Opt::Done);
    }
    let qs = g.questing_stat();
    let reserved = commit_reserved(g, p, memo);
    // Progress that cannot count: on a stage without quest points, stop committing once the
    // committed strength matches the staging threat (plus what the active location still needs);
    // whoever is left stays ready to defend and attack.
    if let Some(need) = useless_need(g) {
        if g.questing_strength() >= need && !commit_progress_left(g, o, &reserved) {
            return find(o, Opt::Done);
        }
    }
    let pick = pick_max(o, |c| commit_key(g, qs, &reserved, c));
    match pick {
        Some(i) => match o[i] {
            Opt::Card(c)
                if !reserved.contains(c) && (g.stat(c, qs) > 0 || commit_progress(g, c) > 0) =>
            {
                Some(i)
            }
            _ => find(o, Opt::Done),
        },
        None => find(o, Opt::Done),
    }
}

/// Where progress is useless (`progress_is_useless`), the questing strength the commit step
/// needs: the staging threat, a card's worth per player for the staging step's reveals, and what
/// the active location still needs; `None` where progress counts.
fn useless_need(g: &Game) -> Option<i16> {
    progress_is_useless(g).then(|| {
        g.staging_threat() + w().spare_reveal as i16 * g.players_in_game() as i16 + location_left(g)
    })
}

/// The characters the commit plan holds back (`commit_plan`, memoised for the commit step).
fn commit_reserved(g: &Game, p: u8, memo: &mut CommitMemo) -> Ids {
    let key = CommitMemo::key(g, p);
    let ready = ready_chars(g, p);
    match memo.get(key, g, &ready) {
        Some(r) => r,
        None => {
            let (mut r, intent) = commit_plan(g, p);
            // sense51 `boosted_quests`: a character that paid for its own questing boost
            // quests (dropped before the memo keeps the plan: it then quests as planned).
            if w().boosted_quests != 0 && g.may_hint(hint_set::BOOSTS_OWN_QUEST) {
                r.retain(|c| !crate::cards::hints::paid_own_quest_boost(g, c));
            }
            *memo = CommitMemo {
                key,
                pool: ready,
                reserved: r,
                intent,
            };
            r
        }
    }
}

/// How much `commit` wants to commit `c` (`i32::MIN / 2`: never).
#[inline(always)]
fn commit_key(g: &Game, qs: Stat, reserved: &Ids, c: CardId) -> i32 {
    if reserved.contains(c) {
        return i32::MIN / 2;
    }
    // (The questing stat asked once per option.)
    let cp = commit_progress(g, c);
    match g.stat(c, qs) {
        s if s <= 0 && cp <= 0 => i32::MIN / 2,
        s => (s.max(0) + cp) as i32 * 4 + g.is_hero(c) as i32 * 2 - is_objective_ally(g, c) as i32,
    }
}

/// The whole commit step at once (`Bot::commit_set`): the characters `commit` picks one at a
/// time from `o`, in its order (the highest key first, the first offered on ties), while
/// committing changes only the committed characters' flags. `None` on a stage where progress
/// is useless (`commit` then counts the questing strength so far) or past `COMMIT_SET_MAX`.
pub(super) fn commit_all(g: &Game, p: u8, o: &[Opt], memo: &mut CommitMemo) -> Option<CommitSet> {
    let _once = UselessScope::open();
    if o.len() > 32 {
        return None;
    }
    if stalls(g, p) {
        return Some(CommitSet::EMPTY);
    }
    let qs = g.questing_stat();
    let reserved = commit_reserved(g, p, memo);
    // Where progress is useless `commit` stops once the committed strength meets the staging
    // threat (`useless_need`): counted here from the characters' questing stats, which
    // committing does not change, unless a commit of its own would place progress.
    let mut left = match useless_need(g) {
        Some(_) if commit_progress_left(g, o, &reserved) => return None,
        Some(need) => Some(need - g.questing_strength()),
        None => None,
    };
    // speed39: the options that may be committed with their keys, in the order the picks take
    // them (the highest key first, the first offered on ties: a stable sort), instead of a
    // scan of every key per pick.
    let mut order = [(0i32, 0u8); 32];
    let mut n = 0;
    for (i, &x) in o.iter().enumerate() {
        if let Opt::Card(c) = x {
            let k = commit_key(g, qs, &reserved, c);
            if k != i32::MIN / 2 {
                order[n] = (k, i as u8);
                n += 1;
            }
        }
    }
    let order = &mut order[..n];
    order.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    let mut set = CommitSet::EMPTY;
    for &(_, i) in order.iter() {
        if left.is_some_and(|l| l <= 0) {
            return Some(set);
        }
        let Opt::Card(c) = o[i as usize] else {
            return None;
        };
        if !set.push(c) {
            return None;
        }
        if let Some(l) = left.as_mut() {
            *l -= g.stat(c, qs);
        }
    }
    Some(set)
}

/// Is a character offered, not held back by the plan, whose own commit response would place
/// progress now (`commit_progress`)? Committing stops early on a stage without quest points;
/// not before such a character quests.
fn commit_progress_left(g: &Game, o: &[Opt], reserved: &Ids) -> bool {
    // (The weight read once, not per option: `commit_progress` is 0 without it.)
    if w().commit_progress == 0 {
        return false;
    }
    o.iter().any(|&x| match x {
        Opt::Card(c) => !reserved.contains(c) && commit_progress_on(g, c) > 0,
        _ => false,
    })
}

/// True when questing progress beyond the staging threat (and the active location) counts for
/// nothing: the current quest is a stage without quest points (The Weather Hills 1B) or one
/// that cannot take progress now (by Night on The Wastes of Eriador), unless its progress goes
/// to the staged locations instead (Daechanar's Fall).
pub(super) fn progress_is_useless(g: &Game) -> bool {
    let known = USELESS.with(Cell::get);
    if known >= 2 {
        return known == 3;
    }
    let v = progress_is_useless_now(g);
    if known == 1 {
        USELESS.with(|m| m.set(2 + v as u8));
    }
    v
}

thread_local! {
    /// speed28: `progress_is_useless` of the commit decision being answered (`UselessScope`):
    /// 0 outside one, 1 not asked yet, 2 false, 3 true. A commit decision asks it in its
    /// commit plan's round plans (each seat's, each step count) and again for the commit step
    /// itself, on the same `&Game`: the first answer is the answer of all (on The Treachery of
    /// Rhudaur 1B each costs a sum over the staging area and the characters).
    static USELESS: Cell<u8> = const { Cell::new(0) };
}

/// While alive, `progress_is_useless` is computed once (`USELESS`). Opened by a commit
/// decision (`commit`, `commit_all`) for the time it reads one `&Game`.
struct UselessScope;

impl UselessScope {
    fn open() -> UselessScope {
        USELESS.with(|m| m.set(1));
        CLUE.with(|m| m.set(CLUE_UNKNOWN));
        UselessScope
    }
}

impl Drop for UselessScope {
    fn drop(&mut self) {
        USELESS.with(|m| m.set(0));
        CLUE.with(|m| m.set(CLUE_NO_SCOPE));
    }
}

thread_local! {
    /// rhc52: `clue_bonus` of the commit decision being answered (`UselessScope`), asked once
    /// per decision (each character's keep cost reads it): `CLUE_NO_SCOPE` outside one,
    /// `CLUE_UNKNOWN` not asked yet.
    static CLUE: Cell<i32> = const { Cell::new(CLUE_NO_SCOPE) };
}
const CLUE_NO_SCOPE: i32 = -1;
const CLUE_UNKNOWN: i32 = -2;

/// rhc52 `clue_worth`: the extra keep cost of one point of questing stat (damage-cost units)
/// while the current quest is a side quest that turns into a Clue when defeated and some player
/// holds no Clue. The Clue spares its holder the no-Clue shadows still to come
/// (`no_clue_harm_left`); that worth is spread over the points the side quest still needs (at
/// least 5): `clue_worth` × harm × `threat_unit` / (10 × points). 0 without such shadows left
/// or with the weight off.
pub(super) fn clue_bonus(g: &Game) -> i32 {
    if w().clue_worth <= 0 || !g.may_hint(hint_set::NO_CLUE_SHADOW) {
        return 0;
    }
    let known = CLUE.with(Cell::get);
    if known >= 0 {
        return known;
    }
    let v = clue_bonus_now(g);
    if known == CLUE_UNKNOWN {
        CLUE.with(|m| m.set(v));
    }
    v
}

/// `clue_bonus` computed.
fn clue_bonus_now(g: &Game) -> i32 {
    let Some(c) = g.current_quest() else {
        return 0;
    };
    if !g.is_side_quest(c) || !g.rule(Rule::FlipsWhenDefeated(c)) {
        return 0;
    }
    if g.active_seats().all(|q| g.controls_clue(q)) {
        return 0;
    }
    let harm = no_clue_harm_left(g) as i32;
    let rem = points_left(g, c).max(5) as i32;
    (w().clue_worth * harm * w().threat_unit / (10 * rem)).max(0)
}

/// `progress_is_useless` computed.
fn progress_is_useless_now(g: &Game) -> bool {
    (g.current_quest()
        .map(|q| {
            (g.stat(q, Stat::QuestPoints) <= 0 && !rescue_counts(g, q))
                || g.rule(Rule::CannotPlaceProgress(q))
        })
        .unwrap_or(false)
        || side_out_of_reach(g))
        && !g.rule(Rule::QuestProgressToStagingLocations)
}

/// sense51 `rescue_quest`: is the progress on quest `q`, a stage without quest points, worth
/// placing? Yes where that progress rescues the cards captured under `q` and the stage is left
/// once none is (`Hint::leave_when_emptied`: Gornákh's Dungeons), while something is still
/// captured there: each point frees one of the player's own cards and brings the next stage a
/// point nearer.
pub(super) fn rescue_counts(g: &Game, q: CardId) -> bool {
    w().rescue_quest != 0
        && g.players
            .iter()
            .any(|pl| i32::from(pl.threat) >= w().rescue_quest)
        && g.may_hint(hint_set::LEAVE_WHEN_EMPTIED)
        && hint(g, q).leave_when_emptied
        && g.captives(q).next().is_some()
}

/// rh49 `deadline_side`: the current quest is a side quest that this round's expected surplus
/// does not finish, while the main quest is a stage without quest points that is left when its
/// time counters run out (The Treachery of Rhudaur 1B, whose Investigation side quests are
/// removed then). The side quest's progress is worth something only if it is finished before
/// the time runs out, and `lookahead` kept characters back there. So this round, questing past
/// the staged threat counts as useless (the commit plan keeps the rest ready).
fn side_out_of_reach(g: &Game) -> bool {
    if w().deadline_side == 0 {
        return false;
    }
    let Some(m) = g.main_quest() else {
        return false;
    };
    if g.card(m).time == 0 || g.stat(m, Stat::QuestPoints) > 0 {
        return false;
    }
    let Some(c) = g.current_quest() else {
        return false;
    };
    if c == m || !g.is_side_quest(c) {
        return false;
    }
    // This round's reach: the willpower committed and still ready past the staged threat (the
    // same before and during the commit step, so a commit set plays as one commit at a time).
    let qs = g.questing_stat();
    let mut wp = g.questing_strength();
    for q in 0..g.n_players {
        if !g.players[q as usize].eliminated {
            wp += g
                .characters(q)
                .filter(|&x| ready(g, x))
                .map(|x| g.stat(x, qs).max(0))
                .sum::<i16>();
        }
    }
    let rem = g.stat(c, Stat::QuestPoints) - g.card(c).progress;
    rem > wp - g.staging_threat()
}

/// Expected threat raise of this quest if every ready character outside `keep` with a positive
/// questing stat is committed: staging threat + expected reveals − questing strength. (The
/// commit plan asks it from its `QuestPool`; the tests ask this.)
#[cfg(test)]
pub(super) fn quest_deficit(g: &Game, p: u8, keep: &Ids) -> i16 {
    deficit_from(g, p, keep, quest_base(g))
}

/// The part of `quest_deficit` that `keep` does not change (staging threat + expected reveals
/// − questing strength): asked once by a commit plan, which tries several `keep`s.
fn quest_base(g: &Game) -> i16 {
    g.staging_threat() + w().reveal_threat as i16 * g.players_in_game() as i16
        - g.questing_strength()
}

/// speed39: what a commit plan's quest deficits and holds read that no `keep` changes, asked
/// once per commit plan (the game does not change while the bot decides): the staging
/// threat, the questing strength, `quest_base`, and the ready characters of the player
/// (`ready_chars`, in its order) with their questing stats (never below 0). `deficit_from`,
/// `willpower_outside` and `hold_down_to` asked these again for every `keep` they tried.
pub(super) struct QuestPool {
    st: i16,
    pub(super) qstr: i16,
    pub(super) base: i16,
    ready: Ids,
    wp: [i16; 32],
    /// Every ready character is in `ready` (at most 32 of them): else `deficit` counts from
    /// the game (`deficit_from`), as `ready_chars` keeps only the first 32.
    whole: bool,
}

impl QuestPool {
    fn new(g: &Game, p: u8) -> QuestPool {
        let st = g.staging_threat();
        let qstr = g.questing_strength();
        let qs = g.questing_stat();
        let mut pool = QuestPool {
            st,
            qstr,
            base: st + w().reveal_threat as i16 * g.players_in_game() as i16 - qstr,
            ready: Ids::new(),
            wp: [0; 32],
            whole: true,
        };
        for c in g.characters(p) {
            if ready(g, c) {
                if pool.ready.n == pool.wp.len() {
                    pool.whole = false;
                    break;
                }
                pool.wp[pool.ready.n] = g.stat(c, qs).max(0);
                pool.ready.push(c);
            }
        }
        pool
    }

    /// The questing stats of the ready characters outside `keep` (`willpower_outside`
    /// without the questing strength).
    #[inline]
    fn free(&self, keep: &Ids) -> i16 {
        let mut sum: i16 = 0;
        for (&c, &x) in self.ready.as_slice().iter().zip(&self.wp) {
            if !keep.contains(c) {
                sum += x;
            }
        }
        sum
    }

    /// `nobody_quests(g, p, keep)`.
    fn nobody_quests(&self, g: &Game, p: u8, keep: &Ids) -> bool {
        if cfg!(test) && self.whole {
            assert_eq!(
                !self
                    .ready
                    .as_slice()
                    .iter()
                    .zip(&self.wp)
                    .any(|(&c, &x)| x > 0 && !keep.contains(c)),
                nobody_quests(g, p, keep),
                "the pool's nobody_quests"
            );
        }
        if self.whole {
            // (A questing stat above 0 is one above 0 once floored at 0.)
            !self
                .ready
                .as_slice()
                .iter()
                .zip(&self.wp)
                .any(|(&c, &x)| x > 0 && !keep.contains(c))
        } else {
            nobody_quests(g, p, keep)
        }
    }

    /// `deficit_from(g, p, keep, quest_base(g))`.
    fn deficit(&self, g: &Game, p: u8, keep: &Ids) -> i16 {
        if cfg!(test) {
            assert_eq!(self.base, quest_base(g), "the pool's quest base");
            if self.whole {
                assert_eq!(
                    self.base - self.free(keep),
                    deficit_from(g, p, keep, self.base),
                    "the pool's deficit"
                );
            }
        }
        if self.whole {
            self.base - self.free(keep)
        } else {
            deficit_from(g, p, keep, self.base)
        }
    }
}

/// `quest_deficit` from its `quest_base`.
fn deficit_from(g: &Game, p: u8, keep: &Ids, base: i16) -> i16 {
    let qs = g.questing_stat();
    // (`ready_chars` without building its list.)
    let free: i16 = g
        .characters(p)
        .filter(|&c| ready(g, c) && !keep.contains(c))
        .map(|c| g.stat(c, qs).max(0))
        .sum();
    base - free
}

/// Progress we expect to make this round if (nearly) everyone ready quests.
pub(super) fn expected_surplus(g: &Game, p: u8) -> i16 {
    let qs = g.questing_stat();
    let mut wp: i16 = 0;
    for q in 0..g.n_players {
        if g.players[q as usize].eliminated {
            continue;
        }
        wp += g
            .characters(q)
            .filter(|&c| ready(g, c))
            .map(|c| g.stat(c, qs))
            .sum::<i16>();
    }
    let _ = p;
    let loc = location_left(g);
    // Keep about a quarter back for combat.
    wp * 3 / 4 - g.staging_threat() - 2 * g.players_in_game() as i16 - loc
}

/// Expected surplus if side quest `c` were the current quest: a Battle or Siege quest is quested
/// with Attack or Defense instead of Willpower (`surplus` is the Willpower estimate).
pub(super) fn quest_surplus_for(g: &Game, p: u8, c: CardId, surplus: i16) -> i16 {
    let kw = g.def_of(c).keywords;
    let stat = if kw.battle {
        Stat::Attack
    } else if kw.siege {
        Stat::Defense
    } else {
        return surplus;
    };
    let _ = p;
    let sum = |s: Stat| -> i16 {
        (0..g.n_players)
            .filter(|&q| !g.players[q as usize].eliminated)
            .map(|q| ready_stat_sum(g, q, s))
            .sum()
    };
    surplus + (sum(stat) - sum(Stat::Willpower)) * 3 / 4
}

/// Is the main quest's progress what lets its damage target be hurt (The Wastes of Eriador 3B:
/// Pack Leader takes no damage below 5 progress on the stage)? Then a stage that cannot be
/// defeated while that enemy lives is not blocked for questing: its progress opens the kill.
pub(super) fn progress_opens_damage_target(g: &Game) -> bool {
    w().gate_quest != 0
        && effects::quest_damage_target(g)
            .is_some_and(|t| g.card(t).zone.in_play() && !g.can_take_damage(t))
}

/// By Day where quest cards take progress only by Day (The Wastes of Eriador): a Day spent on a
/// side quest it does not finish is a Day lost to the main quest, whose stages need every Day.
/// True when the main quest can take this round's progress and such a side quest should wait.
pub(super) fn day_only_progress(g: &Game, main: CardId, main_blocked: bool) -> bool {
    w().day_main != 0
        && main != NO_CARD
        && !main_blocked
        && g.is_day()
        && !g.rule(Rule::CannotPlaceProgress(main))
}

pub(super) fn current_quest(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let main = g.main_quest().unwrap_or(NO_CARD);
    // (Asked at the first side quest offered, once.)
    let mut surplus_memo: Option<i16> = None;
    // A stage without quest points (The Weather Hills 1B) is never defeated by progress.
    let main_blocked = main != NO_CARD
        && (g.rule(Rule::CannotDefeat(main))
            || g.rule(Rule::CannotWin)
            || g.def_of(main).quest_points <= 0)
        && !progress_opens_damage_target(g);
    let day_only = day_only_progress(g, main, main_blocked);
    // (`side_main_win`, side47: this round's expected surplus finishes the last stage, whose
    // defeat wins the game.)
    let main_wins = |surplus: i16| {
        w().side_main_win != 0
            && main != NO_CARD
            && !main_blocked
            && surplus > 0
            && g.list(Zone::QuestDeck).is_empty()
            && !g.rule(Rule::CannotPlaceProgress(main))
            && g.stat(main, Stat::QuestPoints) - g.card(main).progress <= surplus
    };
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(c) = *opt else { continue };
        if c == main || c == NO_CARD || !g.is_side_quest(c) {
            continue;
        }
        // A side quest without quest points (Make a Stand), or one that cannot take progress
        // now (by Night), gains nothing from questing: never chosen.
        if g.def_of(c).quest_points <= 0 || g.rule(Rule::CannotPlaceProgress(c)) {
            continue;
        }
        let rem = points_left(g, c);
        let prio = hint(g, c).side_quest_priority;
        // (`side_prio_min`, distill43: a lower priority counts as none.)
        let prio = if prio < w().side_prio_min { 0 } else { prio };
        // (`side_enemy_wait`, ett47: a side quest whose defeat brings an enemy waits.)
        let enemy_wait = hint(g, c).defeat_engages_enemy
            && !main_blocked
            && (w().side_enemy_wait & 4 == 0 || !idle_side_punished(g))
            && (w().side_enemy_wait & 8 != 0 || g.players_in_game() == 1);
        let prio = if enemy_wait && w().side_enemy_wait & 3 != 0 {
            0
        } else {
            prio
        };
        let surplus = *surplus_memo.get_or_insert_with(|| expected_surplus(g, p));
        if main_wins(surplus) {
            continue;
        }
        let surplus = quest_surplus_for(g, p, c, surplus);
        let cheap = surplus > 0 && rem <= surplus;
        if prio == 0 && !cheap && !main_blocked {
            continue;
        }
        if enemy_wait && w().side_enemy_wait & 2 != 0 {
            continue;
        }
        if day_only && !cheap {
            continue;
        }
        // (`blocked_side_min`, distill45: with the main quest blocked, a side quest this round
        // does not finish waits unless its priority reaches the knob.)
        let bmin = w().blocked_side_min;
        if main_blocked && bmin > 0 && !cheap && prio < bmin && kills_advance(g) {
            continue;
        }
        // Orc Rearguard as the current quest reveals one more card: only worth it when we
        // expect to make progress on it.
        // (`reveal_quest`, distill43: 1 only when this round's surplus finishes it, 2 never.)
        if hint(g, c).side_quest_reveals_more
            && !main_blocked
            && match w().reveal_quest {
                0 => surplus <= 0,
                1 => !cheap,
                _ => true,
            }
        {
            continue;
        }
        let v = prio * 10 + cheap as i32 * 200 - rem as i32;
        if best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i)
        .or_else(|| find(o, Opt::Card(main)))
        .or(Some(0))
}

/// Does a card in the staging area or the quest deck's cards in play advance the quest by kills
/// (`Hint::kills_advance_quest`: The Weather Hills' Hunting the Orcs)?
pub(super) fn kills_advance(g: &Game) -> bool {
    g.may_hint(hint_set::KILLS_ADVANCE_QUEST)
        && find_staged_or_quest(g, |c| hint(g, c).kills_advance_quest).is_some()
}

/// The first card of the staging area, then of the quest cards in play, for which `f` holds
/// (plain loops: the chained iterator was an out-of-line call in the round plans).
#[inline(always)]
#[allow(clippy::manual_find)]
fn find_staged_or_quest(g: &Game, f: impl Fn(CardId) -> bool) -> Option<CardId> {
    for &c in g.list(Zone::Staging) {
        if f(c) {
            return Some(c);
        }
    }
    for &c in g.list(Zone::Quest) {
        if f(c) {
            return Some(c);
        }
    }
    None
}

/// Chetwood Forest's travel cost makes us engage an enemy from the staging area (the weakest, by
/// our own choice): bad when even the weakest could not be defended at an acceptable cost.
/// What engaging the weakest staged enemy now would cost `p` in its attack this round (damage-
/// cost units): its cheapest defender among the characters still ready and not needed for the
/// enemies already engaged, or taking it undefended; 0 without a staged enemy.
pub(super) fn forced_engage_cost(g: &Game, p: u8) -> i32 {
    let weakest = g
        .list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| g.is_enemy(e))
        .min_by_key(|&e| danger(g, e));
    match weakest {
        None => 0,
        Some(e) => {
            let atk = planned_attack(g, e);
            let pool = ready_chars(g, p);
            let taken = reserve_defenders(g, p, g.engaged(p), &pool, false);
            let def = pool
                .as_slice()
                .iter()
                .filter(|&&c| !taken.contains(c) && !is_objective_ally(g, c))
                .map(|&c| defend_cost(g, c, atk))
                .min()
                .unwrap_or(i32::MAX);
            def.min(undef_cost(g, p, atk))
        }
    }
}

/// What the weakest staged enemy costs per round while staged (0 without one).
fn weakest_staged_cost(g: &Game) -> i32 {
    g.list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| g.is_enemy(e))
        .min_by_key(|&e| danger(g, e))
        .map(|e| staged_cost(g, e))
        .unwrap_or(0)
}

pub(super) fn travel(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    // (`race_travel`: in a control race every location travelled to is a step of the race.)
    let race = w().race_travel != 0 && g.main_quest().is_some_and(|q| hint(g, q).control_race);
    // (Asked only for a low-threat location, once.)
    let mut surplus_memo: Option<i16> = None;
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(l) = *opt else { continue };
        let h = hint(g, l);
        // (`safe_hold`, ett47: a Safe location waits for an engaged enemy to send back.)
        if h.safe_location
            && w().safe_hold != 0
            && g.list(Zone::Engaged(p)).is_empty()
            && (w().safe_hold == 1 || threat_elsewhere(g, o))
        {
            continue;
        }
        if h.safe_location && safe_waits(g, p, l) {
            continue;
        }
        // sense51 `lethal_travel`: a travel cost that raises a player's threat to the losing
        // threat is never paid.
        if w().lethal_travel != 0
            && h.travel_threat > 0
            && (0..g.n_players).any(|q| {
                let pl = &g.players[q as usize];
                !pl.eliminated && pl.threat + h.travel_threat >= LOSING_THREAT
            })
        {
            continue;
        }
        let rem = points_left(g, l);
        // On a stage without quest points (The Weather Hills 1B) questing progress only counts
        // on locations: any location is worth travelling to.
        let no_qp = g
            .main_quest()
            .map(|q| g.def_of(q).quest_points <= 0)
            .unwrap_or(false);
        // A location whose Threat grows in the staging area counts the Threat it would gain
        // while it waits for a later travel phase — except where exploring fast is the quest
        // itself (no quest points): there the shortest location stays first.
        let growth = if no_qp && w().growth_no_qp == 0 {
            0
        } else {
            w().growth_rounds * h.threat_growth as i32
        };
        let threat = g.threat_contribution(l) + growth as i16;
        // (`travel_min_threat`, distill43: a location with a travel cost keeps the old 2.)
        let min_threat = if h.travel_penalty > 0 {
            w().travel_min_threat.max(2)
        } else {
            w().travel_min_threat
        };
        if threat < min_threat as i16
            && !no_qp
            && !race
            && h.travel_penalty >= 0
            && rem > (*surplus_memo.get_or_insert_with(|| expected_surplus(g, p))).max(0)
        {
            continue;
        }
        let mut pen = h.travel_penalty - time_mill_credit(g, l) - battle_travel_credit(g, l);
        pen += return_travel_cost(g, h);
        // A revealed card costs about its expected threat (score units: 3 per threat point).
        pen += 3 * h.travel_reveals as i32 * w().reveal_threat;
        if h.travel_engages_enemy || h.travel_adds_enemy {
            // A fight past what is acceptable rules the location out.
            let fight = forced_engage_cost(g, p);
            if fight > w().acceptable {
                pen += 1000;
            }
            pen -= travel_kill_credit(g, h, fight);
            if h.travel_engages_enemy && g.rule(Rule::NoEngagementChecks) {
                // Staged enemies never come on their own and cost threat every round: a travel
                // cost that pulls the weakest into combat removes that cost.
                pen -= 3 * weakest_staged_cost(g);
            }
        }
        // Sheltered Valley's travel cost is a Mission token: a step back on Hunting the Orcs,
        // and one of the few lives on Savage Counter-attack (none left loses the game).
        if hint(g, l).travel_costs_mission_token {
            pen += match mission_tokens(g) {
                Some((true, t)) if t <= 2 => 1000,
                Some((true, _)) => 20,
                _ => 5,
            };
        }
        if h.blocks_threat_reduction {
            pen -= 3 * w().blocker_travel;
        }
        pen += wound_travel_cost(g, h);
        let v = 3 * threat as i32 - rem as i32 - pen + 100;
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

/// `side_enemy_wait` bit 4: whether the encounter deck or discard pile holds a card that
/// punishes a round without side-quest progress (`Hint::punishes_idle_side_quests`).
fn idle_side_punished(g: &Game) -> bool {
    g.may_hint(hint_set::PUNISHES_IDLE_SIDE_QUESTS)
        && [Zone::EncounterDeck, Zone::EncounterDiscard]
            .iter()
            .any(|&z| {
                g.list(z)
                    .iter()
                    .any(|&c| hint(g, c).punishes_idle_side_quests)
            })
}

/// gap59 `safe_wait`: whether Safe location `l` stays staged at travel: the main quest is a
/// stage where a Safe location waits (`Hint::safe_wait_stage`: its quest points take the next
/// quest phase's progress, and it leaves play at that phase's end), no enemy is engaged with
/// `p` (none for its travel to send back), and `l` has at least `safe_wait` quest points.
fn safe_waits(g: &Game, p: u8, l: CardId) -> bool {
    let v = w().safe_wait;
    v > 0
        && g.main_quest().is_some_and(|q| hint(g, q).safe_wait_stage)
        && g.list(Zone::Engaged(p)).is_empty()
        && g.def_of(l).quest_points as i32 >= v
}

/// ett60 `wound_travel`: what the travel cost of a location that damages each exhausted
/// character (`Hint::travel_damages_exhausted`) costs in travel score: for each exhausted
/// character of every player, `wound_travel` scaled by its damage cost (`dmg_cost` /
/// `HERO_WOUND`), and `wound_punish` more while a card that punishes damage is in play
/// (`planning::damage_punished`). 0 for other locations and with `wound_travel` 0.
fn wound_travel_cost(g: &Game, h: &Hint) -> i32 {
    let v = w().wound_travel;
    let n = h.travel_damages_exhausted as i16;
    if v <= 0 || n == 0 {
        return 0;
    }
    let extra = if super::planning::damage_punished(g) {
        w().wound_punish
    } else {
        0
    };
    let mut cost = 0;
    for p in 0..g.n_players {
        for c in g.characters(p) {
            if !g.is_ready(c) {
                let d = v.saturating_mul(dmg_cost(g, c, n)) / crate::cards::hints::HERO_WOUND;
                cost = d.saturating_add(extra).saturating_add(cost);
            }
        }
    }
    cost
}

/// `safe_hold` 2: whether a travel option `o` is a location that is not Safe with Threat 2 or
/// more.
fn threat_elsewhere(g: &Game, o: &[Opt]) -> bool {
    o.iter().any(|opt| {
        matches!(*opt, Opt::Card(l) if !hint(g, l).safe_location && g.threat_contribution(l) >= 2)
    })
}

/// With `return_travel` (distill44): what travelling to `l` costs in travel score (3 a threat
/// point) when paying for it brings the latest discarded encounter enemy back into play staged
/// (`Hint::travel_returns_enemy`: Norbury Tombs): that enemy's Threat (at least 1) counted
/// `return_travel` times; 0 when the encounter discards hold no enemy.
fn return_travel_cost(g: &Game, h: &Hint) -> i32 {
    let rounds = w().return_travel;
    if rounds == 0 || !h.travel_returns_enemy {
        return 0;
    }
    crate::cards::common::top_of_encounter_discard(g, |c| g.is_enemy(c))
        .map_or(0, |e| 3 * rounds * (g.def_of(e).threat as i32).max(1))
}

/// With `battle_travel`: the travel score of location `l` giving the quest Battle while it is
/// active (`Hint::active_battle`): `battle_travel` per point by which the characters in play
/// attack for more than they quest (negative when they quest for more); 0 when the main quest
/// is a Battle or Siege quest of its own.
fn battle_travel_credit(g: &Game, l: CardId) -> i32 {
    if w().battle_travel == 0 || !hint(g, l).active_battle {
        return 0;
    }
    if g.main_quest()
        .is_some_and(|q| g.def_of(q).keywords.battle || g.def_of(q).keywords.siege)
    {
        return 0;
    }
    let diff = crate::cards::common::sum_over_characters(g, |c| {
        (g.stat(c, Stat::Attack).max(0) - g.stat(c, Stat::Willpower).max(0)) as i32
    });
    w().battle_travel * diff
}

/// With `life_token` on: what destroying `c` with `n` damage costs on top while the Mission
/// objective's tokens are lives (`Hint::mission_tokens_are_lives`: The Weather Hills' Savage
/// Counter-attack loses a token for each character an enemy attack destroys, and the game with
/// the last one): `life_token` / (tokens − 1), or what losing the game costs when one token is
/// left. 0 for damage `c` survives, for an objective-ally (already priced as the game) and
/// while the tokens are not lives.
///
/// `lt` is the `life_token` weight, read by the caller (`dmg_cost_w`: once per loop).
/// (The weight test is inline at every caller: `dmg_cost` asks this for each hit a plan
/// prices, and with `life_token` off, the default, a call's prologue was most of its cost.)
#[inline(always)]
pub(super) fn life_cost_with(g: &Game, c: CardId, n: i16, lt: i32) -> i32 {
    if lt <= 0 || n <= 0 {
        return 0;
    }
    life_cost_on(g, c, n, lt)
}

/// `life_cost_with` with `life_token` `lt` > 0 and `n` > 0.
fn life_cost_on(g: &Game, c: CardId, n: i16, lt: i32) -> i32 {
    if n < g.remaining_hp(c) || is_objective_ally(g, c) {
        return 0;
    }
    match mission_tokens(g) {
        Some((true, t)) if t <= 1 => GAME_LOSS_COST,
        Some((true, t)) => lt / (t as i32 - 1),
        _ => 0,
    }
}

/// With `travel_kill` on: the travel score (3 a threat point) of a location whose travel cost
/// brings an enemy to fight (`Hint::travel_adds_enemy`) while kills advance the quest and that
/// fight (its `forced_engage_cost`, `fight`) is acceptable: the enemy is a kill, a token on the
/// mission. 0 otherwise.
fn travel_kill_credit(g: &Game, h: &Hint, fight: i32) -> i32 {
    if w().travel_kill == 0
        || !h.travel_adds_enemy
        || fight > w().acceptable
        || quest_kill_value(g) == 0
    {
        return 0;
    }
    3 * w().travel_kill
}

// --- angmar1: optional engagement and the deficit cap ---

/// With `skip_unengageable` on: `e` cannot be engaged at all (`Rule::CannotBeEngaged`), so the
/// round plan does not consider engaging it.
pub(super) fn unengageable(g: &Game, e: CardId) -> bool {
    w().skip_unengageable != 0 && g.rule(Rule::CannotBeEngaged(e))
}

/// The part of quest deficit `d` (of a round plan's held-back characters) over `deficit_cap`:
/// with `marginal_deficit` on, only what holding back adds beyond the deficit with nobody
/// held back.
fn deficit_over_cap(d: i16, nobody_kept: impl FnOnce() -> i16) -> i32 {
    let mut floor = w().deficit_cap as i16;
    if w().marginal_deficit != 0 {
        floor = floor.max(nobody_kept());
    }
    (d - floor).max(0) as i32
}

/// What staged enemy `e`'s expected Threat growth (`Hint::threat_growth`) adds to the cost of
/// leaving it staged, per round: `enemy_growth_rounds` rounds of growth in threat units.
pub(super) fn staged_growth_cost(g: &Game, e: CardId) -> i32 {
    hint(g, e).threat_growth as i32 * w().enemy_growth_rounds * w().threat_unit
}

// --- dd4: Deadmen's Dike ---

/// With `time_mill` on: the travel score of staged location `l` whose Time running out
/// discards cards from every deck (`Hint::time_mill`): `time_mill` per card, divided by the
/// rounds of Time left. 0 for any other location, one without Time counters, and with the
/// weight off.
pub(super) fn time_mill_credit(g: &Game, l: CardId) -> i32 {
    let cards = hint(g, l).time_mill as i32;
    let rounds = g.card(l).time as i32;
    if w().time_mill <= 0 || cards <= 0 || rounds <= 0 || g.card(l).zone != Zone::Staging {
        return 0;
    }
    w().time_mill * cards / rounds
}

// wh5: hold the kill that flips the Mission while the board is not ready.

/// The Mission objective whose kills advance the quest and whose flip is known
/// (`Hint::flip_kills_base`): (the card, kills it still needs to flip).
pub(super) fn kills_to_flip(g: &Game) -> Option<(CardId, i16)> {
    if !g.may_hint(hint_set::FLIP_KILLS_BASE) {
        return None;
    }
    let m = find_staged_or_quest(g, |c| {
        hint(g, c).kills_advance_quest && hint(g, c).flip_kills_base > 0
    })?;
    let need = hint(g, m).flip_kills_base as i16 + g.players_in_game() as i16;
    Some((m, need - g.card(m).resources))
}

/// `flip_hold`: the next kill flips the Mission objective while the staged Threat of
/// non-enemy cards is above `flip_ready` and the threat of every player below `flip_threat`.
pub(super) fn flip_kill_held(g: &Game) -> bool {
    if w().flip_hold == 0 {
        return false;
    }
    match kills_to_flip(g) {
        Some((_, left)) if left <= 1 => {}
        _ => return false,
    }
    let staged: i32 = g
        .list(Zone::Staging)
        .iter()
        .filter(|&&c| !g.is_enemy(c))
        .map(|&c| g.threat_contribution(c) as i32)
        .sum();
    let threat = g
        .players
        .iter()
        .filter(|pl| !pl.eliminated)
        .map(|pl| pl.threat as i32)
        .max()
        .unwrap_or(0);
    staged > w().flip_ready && threat < w().flip_threat
}
