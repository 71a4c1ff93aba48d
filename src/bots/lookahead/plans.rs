//! Commit plans: the quest phase's commit step searched as one decision.
//!
//! The engine asks "commit one more character, or stop" once per character, so a per-decision
//! search can only move one character at a time away from `basic`'s plan, and `basic` decides the
//! rest of the step in every rollout. The step is the round's main trade (willpower now against
//! defenders and attackers later), so at a player's first `Commit` decision of a quest phase
//! `lookahead` instead compares whole sets: [`candidates`] lists a few plans, each is played in
//! the rollouts by [`PlanBot`] (the plan's characters, strongest first, then `Done`; every other
//! decision by `basic`), and the chosen plan is followed at the player's later `Commit` decisions
//! of the phase.

use crate::bots::basic::BasicBot;
use crate::engine::{Ask, Bot, CardId, Decision, Game, Opt, Stat};

/// Most characters a plan names (a player rarely has more ready questers).
pub const MAX_CHARS: usize = 24;
/// Most plans compared at one commit step (`PLAN_CAP` without `engage`).
pub const MAX_PLANS: usize = 13;
/// Most plans compared without `engage` (kill and siege plans without a target).
const PLAN_CAP: usize = 10;
/// Enemies for which a "keep a kill set back" plan is made.
const KILL_TARGETS: usize = 2;

/// One candidate commit step for `player` in `round`: `basic`'s own commits, or exactly the
/// characters in `cards` (in commit order).
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub player: u8,
    pub round: u16,
    pub basic: bool,
    pub cards: [CardId; MAX_CHARS],
    pub n: usize,
    /// With `engage`: the staged enemy this plan keeps its killers back for, engaged at the
    /// round's optional engagement (if still staged) instead of `basic`'s choice there.
    pub target: Option<CardId>,
}

impl Plan {
    pub const fn empty(player: u8, round: u16) -> Plan {
        Plan {
            player,
            round,
            basic: false,
            cards: [0; MAX_CHARS],
            n: 0,
            target: None,
        }
    }

    fn has(&self, c: CardId) -> bool {
        self.cards[..self.n].contains(&c)
    }

    /// Does this plan answer `d` (a commit decision of its player in its round)?
    pub fn covers(&self, g: &Game, d: &Decision) -> bool {
        matches!(d.ask, Ask::Commit) && d.player == self.player && g.round == self.round
    }

    /// The plan's answer to a commit decision it covers: its first character still offered,
    /// else `Done`. `None` for a `basic` plan (let `basic` answer).
    pub fn answer(&self, d: &Decision) -> Option<usize> {
        if self.basic {
            return None;
        }
        for &c in &self.cards[..self.n] {
            if let Some(i) = d.options.iter().position(|&o| o == Opt::Card(c)) {
                return Some(i);
            }
        }
        d.options
            .iter()
            .position(|&o| o == Opt::Done)
            .or_else(|| d.options.iter().position(|&o| o == Opt::Pass))
    }

    /// The plan's answer to the optional engagement of its player in its round: engage its
    /// target if it is offered (`None` without a target, or when it is not offered: `basic`
    /// answers).
    pub fn engage(&self, g: &Game, d: &Decision) -> Option<usize> {
        let t = self.target?;
        if !matches!(d.ask, Ask::OptionalEngage) || d.player != self.player || g.round != self.round
        {
            return None;
        }
        d.options.iter().position(|&o| o == Opt::Card(t))
    }

    fn same_set(&self, o: &Plan) -> bool {
        !self.basic
            && !o.basic
            && self.target == o.target
            && self.n == o.n
            && self.cards[..self.n].iter().all(|&c| o.has(c))
    }
}

/// sense51 (`boosted`, on by default): every plan of `plans` but `basic`'s own also sends the
/// offered characters that have used their own questing boost this phase
/// (`hints::paid_own_quest_boost`: Éowyn's +1 Willpower, paid with a card), so no plan throws
/// that boost away; plans that become the same set are dropped. Returns how many are left.
pub fn send_boosted(g: &Game, d: &Decision, plans: &mut [Plan]) -> usize {
    let mut forced = [0 as CardId; 4];
    let mut nf = 0;
    for &o in &d.options {
        if let Opt::Card(c) = o {
            if nf < forced.len() && crate::cards::hints::paid_own_quest_boost(g, c) {
                forced[nf] = c;
                nf += 1;
            }
        }
    }
    if nf == 0 {
        return plans.len();
    }
    let mut k = 0;
    for i in 0..plans.len() {
        let mut pl = plans[i];
        if !pl.basic {
            for &c in &forced[..nf] {
                if !pl.has(c) && pl.n < MAX_CHARS {
                    pl.cards[pl.n] = c;
                    pl.n += 1;
                }
            }
        }
        if !plans[..k].iter().any(|q| q.same_set(&pl)) {
            plans[k] = pl;
            k += 1;
        }
    }
    k
}

/// The plans compared at the first commit decision `d` of a quest phase (into `out`, returns
/// how many): `basic`'s own; every offered character with a positive questing stat; that minus
/// the best defender, minus the two best defenders, minus the best attacker; the strongest
/// questers until the staging threat plus the expected reveals is matched, and with 3 to spare;
/// and nobody; for the two most threatening enemies, all but the cheapest set that kills it in
/// one attack plus a defender, and with `sieges` all but the strongest attackers that kill it in
/// two attacks plus a defender ([`siege_and_defend`]: an enemy too tough for one attack, such as
/// an Orc War Party, otherwise has only the plans that keep everyone back). With `engage`, a
/// kill or siege plan for a staged enemy also engages it at the round's optional engagement
/// (`Plan::target`; without it `basic` decides there, and may leave the enemy staged while the
/// killers kept back stand idle), and up to `MAX_PLANS` plans are kept (else `PLAN_CAP`).
/// With `chip`, one more: the chip plan for the stage's damage target ([`chip_and_defend`]).
/// Duplicate sets (with the same target) are dropped.
pub fn candidates(
    g: &Game,
    d: &Decision,
    out: &mut [Plan; MAX_PLANS],
    sieges: bool,
    engage: bool,
    chip: bool,
) -> usize {
    let cap = if engage {
        MAX_PLANS
    } else {
        PLAN_CAP + chip as usize
    };
    let qs = g.questing_stat();
    let round = g.round;
    let p = d.player;
    // The offered characters that can add to the quest, strongest quester first (heroes first
    // on ties, so equal sets come out in one order).
    let mut chars = [0 as CardId; MAX_CHARS];
    let mut n = 0;
    for &o in &d.options {
        if let Opt::Card(c) = o {
            if n < MAX_CHARS && g.stat(c, qs) > 0 {
                chars[n] = c;
                n += 1;
            }
        }
    }
    let chars = &mut chars[..n];
    chars.sort_by_key(|&c| (std::cmp::Reverse(g.stat(c, qs)), !g.is_hero(c), c));
    let best_by = |key: &dyn Fn(CardId) -> (i16, i16), skip: Option<CardId>| -> Option<CardId> {
        chars
            .iter()
            .copied()
            .filter(|&c| Some(c) != skip)
            .max_by_key(|&c| (key(c), std::cmp::Reverse(c)))
    };
    let defence = |c: CardId| (g.stat(c, Stat::Defense), g.remaining_hp(c));
    let attack = |c: CardId| (g.stat(c, Stat::Attack), g.remaining_hp(c));
    let def1 = best_by(&defence, None);
    let def2 = def1.and_then(|d1| best_by(&defence, Some(d1)));
    let atk1 = best_by(&attack, None);
    let need = g.staging_threat() + 2 * g.players_in_game() as i16;

    let mut k = 0;
    let mut push = |plan: Plan, out: &mut [Plan; MAX_PLANS]| {
        if k < cap && !out[..k].iter().any(|q| q.same_set(&plan)) {
            out[k] = plan;
            k += 1;
        }
    };
    let mut basic = Plan::empty(p, round);
    basic.basic = true;
    push(basic, out);
    let without = |skip: &[Option<CardId>]| {
        let mut pl = Plan::empty(p, round);
        for &c in chars.iter() {
            if !skip.contains(&Some(c)) {
                pl.cards[pl.n] = c;
                pl.n += 1;
            }
        }
        pl
    };
    push(without(&[]), out);
    if n >= 2 {
        push(without(&[def1]), out);
        push(without(&[atk1]), out);
    }
    if n >= 3 {
        push(without(&[def1, def2]), out);
    }
    for margin in [0, 3] {
        let mut pl = Plan::empty(p, round);
        let mut sum = g.questing_strength();
        for &c in chars.iter() {
            if sum >= need + margin {
                break;
            }
            pl.cards[pl.n] = c;
            pl.n += 1;
            sum += g.stat(c, qs);
        }
        push(pl, out);
    }
    push(Plan::empty(p, round), out);
    // Keep back what kills an enemy (staged or engaged with `p`) in one attack, plus its best
    // defender: the fights the quest would otherwise starve.
    let mut targets = [(0i16, 0 as CardId); KILL_TARGETS];
    let mut nt = 0;
    let staged = g.list(crate::engine::Zone::Staging).iter();
    for &e in staged.chain(g.engaged(p).iter()) {
        if !g.is_enemy(e) || g.immune(e) {
            continue;
        }
        let worth = g.stat(e, Stat::Threat) * 2 + g.stat(e, Stat::Attack);
        if nt < KILL_TARGETS {
            targets[nt] = (worth, e);
            nt += 1;
        } else if let Some(min) = (0..nt).min_by_key(|&i| targets[i].0) {
            if worth > targets[min].0 {
                targets[min] = (worth, e);
            }
        }
    }
    for &(_, e) in &targets[..nt] {
        let siege = if sieges {
            siege_and_defend(g, chars, e)
        } else {
            None
        };
        for keep in [kill_and_defend(g, chars, e), siege].into_iter().flatten() {
            push(held_back_plan(g, p, round, chars, keep, e, engage), out);
        }
    }
    // `chip`: the enemy whose hit points keep the stage from being defeated, worn down over
    // several rounds: keep back the strongest attackers until they get through its Defense,
    // plus a defender.
    if chip {
        if let Some(e) = chip_target(g, p) {
            if let Some(keep) = chip_and_defend(g, chars, e) {
                push(held_back_plan(g, p, round, chars, keep, e, engage), out);
            }
        }
    }
    k
}

/// The plan that commits every character of `chars` outside `keep` (a bit mask) and, with
/// `engage`, engages `e` at the optional engagement when it is staged.
fn held_back_plan(
    g: &Game,
    p: u8,
    round: u16,
    chars: &[CardId],
    keep: u32,
    e: CardId,
    engage: bool,
) -> Plan {
    let mut pl = Plan::empty(p, round);
    if engage && g.card(e).zone == crate::engine::Zone::Staging {
        pl.target = Some(e);
    }
    for (i, &c) in chars.iter().enumerate() {
        if keep & (1 << i) == 0 {
            pl.cards[pl.n] = c;
            pl.n += 1;
        }
    }
    pl
}

/// The current stage's damage target (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike
/// 2B) while it still has hit points the stage needs gone and `p` can hurt it: staged, or
/// engaged with `p`.
fn chip_target(g: &Game, p: u8) -> Option<CardId> {
    let q = g.current_quest()?;
    let e = crate::cards::hints::hint(g, q).quest_damage_target?(g)?;
    let zone = g.card(e).zone;
    let near = zone == crate::engine::Zone::Staging || zone == crate::engine::Zone::Engaged(p);
    (near && g.is_enemy(e) && !g.immune(e) && g.can_take_damage(e) && g.remaining_hp(e) > 0)
        .then_some(e)
}

/// The strongest attackers of `chars` (the first 12 considered) until their Attack gets
/// through `e`'s Defense (at least 1 damage), plus the best remaining defender when `e`
/// attacks; `None` if even all of them cannot.
fn chip_and_defend(g: &Game, chars: &[CardId], e: CardId) -> Option<u32> {
    strongest_and_defend(g, chars, e, g.stat(e, Stat::Defense).max(0) + 1)
}

/// The characters of `chars` (a bit mask; the first 12 considered) to keep out of the quest to kill `e`
/// in one attack — the set with the least questing strength whose Attack covers its Defense
/// and remaining hit points — plus the best remaining defender when `e` attacks; `None` if
/// they cannot kill it.
fn kill_and_defend(g: &Game, chars: &[CardId], e: CardId) -> Option<u32> {
    let qs = g.questing_stat();
    let n = chars.len().min(12);
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense).max(0);
    // Each character's numbers once, not once per subset.
    let mut atk_of = [0i16; 12];
    let mut wp_of = [0i32; 12];
    for (i, &c) in chars[..n].iter().enumerate() {
        atk_of[i] = g.stat(c, Stat::Attack).max(0);
        wp_of[i] = g.stat(c, qs).max(0) as i32;
    }
    let mut best: Option<(i32, u32)> = None;
    for mask in 1u32..(1 << n) {
        let (mut atk, mut wp) = (0i16, 0i32);
        let mut bits = mask;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            atk += atk_of[i];
            wp += wp_of[i];
            bits &= bits - 1;
        }
        if atk >= need && best.map(|(b, _)| wp < b).unwrap_or(true) {
            best = Some((wp, mask));
        }
    }
    let (_, keep) = best?;
    Some(with_defender(g, &chars[..n], e, keep))
}

/// When `e` cannot be killed in one attack: the strongest attackers of `chars` (the first 12
/// considered) whose Attack beyond its Defense takes half its remaining hit points (a kill over
/// two rounds of attacks, the damage staying on it), plus the best remaining defender when `e`
/// attacks; `None` if even all of them cannot.
fn siege_and_defend(g: &Game, chars: &[CardId], e: CardId) -> Option<u32> {
    let need = (g.remaining_hp(e) + 1) / 2 + g.stat(e, Stat::Defense).max(0);
    strongest_and_defend(g, chars, e, need)
}

/// The strongest attackers of `chars` (the first 12 considered, by Attack, then order) until
/// their Attack reaches `need`, plus the best remaining defender when `e` attacks; `None` if
/// even all of them cannot.
fn strongest_and_defend(g: &Game, chars: &[CardId], e: CardId, need: i16) -> Option<u32> {
    let n = chars.len().min(12);
    let mut order = [0usize; 12];
    for (i, o) in order[..n].iter_mut().enumerate() {
        *o = i;
    }
    order[..n].sort_by_key(|&i| (std::cmp::Reverse(g.stat(chars[i], Stat::Attack)), i));
    let (mut atk, mut keep) = (0i16, 0u32);
    for &i in &order[..n] {
        if atk >= need {
            break;
        }
        let a = g.stat(chars[i], Stat::Attack).max(0);
        if a == 0 {
            break;
        }
        atk += a;
        keep |= 1 << i;
    }
    if atk < need {
        return None;
    }
    Some(with_defender(g, &chars[..n], e, keep))
}

/// `keep` (a bit mask over `chars`) plus the best defender left out of it (Defense, then
/// remaining hit points) when `e` attacks.
fn with_defender(g: &Game, chars: &[CardId], e: CardId, mut keep: u32) -> u32 {
    if g.stat(e, Stat::Attack) > 0 {
        let defender = (0..chars.len())
            .filter(|&i| keep & (1 << i) == 0)
            .max_by_key(|&i| (g.stat(chars[i], Stat::Defense), g.remaining_hp(chars[i])));
        if let Some(i) = defender {
            keep |= 1 << i;
        }
    }
    keep
}

/// A whole plan for one step of the game (a commit step, a planning phase): its answers to the
/// decisions it covers.
pub trait Answers: Sync {
    /// The plan's answer to `d`, or `None` to let `basic` decide (`basic` is the rollout's own,
    /// for a plan that follows `basic` with exceptions).
    fn answer_in(&self, g: &Game, d: &Decision, basic: &mut BasicBot) -> Option<usize>;
}

impl Answers for Plan {
    /// Its target at the optional engagement, its commits at the commit step.
    fn answer_in(&self, g: &Game, d: &Decision, _: &mut BasicBot) -> Option<usize> {
        self.engage(g, d)
            .or_else(|| self.covers(g, d).then(|| self.answer(d)).flatten())
    }
}

/// Plays a plan's answers ([`Answers`]: a commit [`Plan`], a planning-phase plan) and lets
/// `basic` decide everything else (a rollout's policy).
pub struct PlanBot<'a, P: Answers = Plan> {
    pub plan: &'a P,
    pub basic: &'a mut BasicBot,
}

impl<P: Answers> Bot for PlanBot<'_, P> {
    fn name(&self) -> &'static str {
        "lookahead-plan"
    }

    fn new_game(&mut self, seed: u64) {
        self.basic.new_game(seed);
    }

    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        if let Some(i) = self.plan.answer_in(g, d, self.basic) {
            return i;
        }
        self.basic.choose(g, d)
    }
}

impl super::LookaheadBot {
    /// Search among whole plans (commit or planning plans): each of `plans` is played by
    /// [`PlanBot`] to the start of round `stop` in `plan_rollouts` determinized continuations,
    /// raced and curtailed as any decision with `plan_margin` for the margin. Returns the index
    /// of the best (0 unless one beats the first by the margin).
    pub(super) fn best_plan<P: Answers>(&mut self, game: &Game, plans: &[P], stop: u16) -> usize {
        let margin = self.margin;
        self.margin = self.plan_margin;
        let best = self.best_of(game, plans.len(), self.plan_rollouts, |k, work, roll| {
            let mut bot = PlanBot {
                plan: &plans[k],
                basic: roll,
            };
            work.play_until_round(&mut bot, stop, super::MAX_STEPS);
        });
        self.margin = margin;
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::codes::*;
    use crate::cards::testkit::sandbox;
    use crate::engine::{Zone, ENCOUNTER};

    fn commit_decision(g: &Game) -> Decision {
        let mut options = vec![Opt::Done];
        options.extend(g.characters(0).map(Opt::Card));
        Decision {
            player: 0,
            ask: Ask::Commit,
            options,
        }
    }

    /// The candidate plans with the option flags `a` (sieges, engage, chip) and with `b`, and
    /// the number of the first: `b` lists one plan more, after the same plans as `a`.
    fn one_more_plan(
        g: &Game,
        d: &Decision,
        a: (bool, bool, bool),
        b: (bool, bool, bool),
    ) -> ([Plan; MAX_PLANS], [Plan; MAX_PLANS], usize) {
        let mut plain = [Plan::empty(0, g.round); MAX_PLANS];
        let n = candidates(g, d, &mut plain, a.0, a.1, a.2);
        let mut with = [Plan::empty(0, g.round); MAX_PLANS];
        let m = candidates(g, d, &mut with, b.0, b.1, b.2);
        assert_eq!(m, n + 1, "one more plan");
        for k in 0..n {
            assert!(
                plain[k].basic == with[k].basic && (plain[k].basic || plain[k].same_set(&with[k]))
            );
        }
        (plain, with, n)
    }

    /// sense51 `boosted`: once Éowyn has paid for her own +1 Willpower, every plan but
    /// `basic`'s sends her (the plan of nobody becomes her alone), and no two plans are the
    /// same set; before she uses it the plans are left as they are.
    #[test]
    fn send_boosted_puts_a_boosted_eowyn_in_every_plan() {
        let mut g = sandbox(&[&[EOWYN, LEADERSHIP_HEROES[0], LEADERSHIP_HEROES[1]]]);
        g.phase = crate::engine::Phase::Quest;
        g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
        let e = g.list(Zone::Play(0))[0];
        let d = commit_decision(&g);
        let mut out = [Plan::empty(0, g.round); MAX_PLANS];
        let n = candidates(&g, &d, &mut out, false, false, false);
        assert!(
            out[..n].iter().any(|p| !p.basic && !p.has(e)),
            "some plan holds her back"
        );
        assert_eq!(
            send_boosted(&g, &d, &mut out[..n]),
            n,
            "not used: unchanged"
        );
        let card = g.list(Zone::Hand(0))[0];
        g.act(0, Opt::Activate(e));
        g.answer(Opt::Card(card));
        let m = send_boosted(&g, &d, &mut out[..n]);
        assert!(m >= 2 && m <= n);
        let plans = &out[..m];
        assert!(plans[0].basic);
        assert!(plans[1..].iter().all(|p| p.has(e)), "every plan sends her");
        for (i, a) in plans.iter().enumerate() {
            for b in &plans[i + 1..] {
                assert!(!a.same_set(b), "duplicate plan {a:?}");
            }
        }
    }

    /// The plans are distinct sets and span the trade: everyone, nobody, `basic`'s own, the
    /// strongest until the staging threat is matched, and keeping a killer back.
    #[test]
    fn candidates_span_all_in_to_nobody_without_duplicates() {
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging); // 2 ATK, 1 DEF, 2 HP, threat 2
        let d = commit_decision(&g);
        let mut out = [Plan::empty(0, g.round); MAX_PLANS];
        let n = candidates(&g, &d, &mut out, false, false, false);
        let plans = &out[..n];
        assert!(plans[0].basic, "basic's own plan comes first");
        let sizes: Vec<usize> = plans[1..].iter().map(|p| p.n).collect();
        assert!(sizes.contains(&3), "all three heroes: {sizes:?}");
        assert!(sizes.contains(&0), "nobody: {sizes:?}");
        for (i, a) in plans.iter().enumerate() {
            for b in &plans[i + 1..] {
                assert!(!a.same_set(b), "duplicate plan {a:?}");
            }
        }
        // A kill plan keeps back enough Attack for the orc (2 HP + 1 DEF) and a defender.
        assert!(
            plans[1..].iter().any(|p| {
                let kept: Vec<CardId> = g.characters(0).filter(|&c| !p.has(c)).collect();
                kept.len() >= 2 && kept.iter().map(|&c| g.stat(c, Stat::Attack)).sum::<i16>() >= 3
            }),
            "a plan keeps the orc's killers back"
        );
    }

    /// `sieges`: an Orc War Party (3 Defense, 6 hit points) that only every character together
    /// kills in one attack gets one more plan, which keeps back the strongest attackers that take
    /// half its hit points an attack (Attack 6 and more), plus a defender, and commits the rest;
    /// without the option the plans are as before.
    #[test]
    fn siege_plan_keeps_a_two_round_kill_back() {
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        for _ in 0..3 {
            g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
        }
        g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
        let d = commit_decision(&g);
        let (plain, with, n) = one_more_plan(&g, &d, (false, false, false), (true, false, false));
        let siege = &with[n];
        let kept: Vec<CardId> = g.characters(0).filter(|&c| !siege.has(c)).collect();
        let atk: i16 = kept.iter().map(|&c| g.stat(c, Stat::Attack)).sum();
        assert!(siege.n >= 1, "the siege plan still quests");
        assert!(atk >= 6, "kept attack {atk} takes 3 hit points an attack");
        assert!(
            (0..n).all(|k| !plain[k].same_set(siege)),
            "no plan without the option keeps this set"
        );
    }

    /// `engage`: the siege plan for a staged Orc War Party names it as its target, and once its
    /// questers are exhausted `PlanBot` engages it at the optional engagement, where `basic`
    /// alone leaves it staged (without the target the rollouts of that plan kept the attackers
    /// back for nothing); without `engage` no plan has a target, and a plan without one lets
    /// `basic` answer.
    #[test]
    fn siege_plan_engages_its_staged_target() {
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        for _ in 0..3 {
            g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
        }
        let party = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
        let d = commit_decision(&g);
        let mut plain = [Plan::empty(0, g.round); MAX_PLANS];
        let n = candidates(&g, &d, &mut plain, true, false, false);
        assert!(plain[..n].iter().all(|p| p.target.is_none()));
        let mut with = [Plan::empty(0, g.round); MAX_PLANS];
        let m = candidates(&g, &d, &mut with, true, true, false);
        let siege = with[..m]
            .iter()
            .find(|p| p.target == Some(party) && p.n >= 1)
            .copied()
            .expect("a plan keeps killers back for the war party and names it");
        for &c in &siege.cards[..siege.n] {
            g.exhaust(c);
        }
        let engage = Decision {
            player: 0,
            ask: Ask::OptionalEngage,
            options: vec![Opt::Pass, Opt::Card(party)],
        };
        // (`stay_rounds` off: with it `basic` itself weighs the war party for the rest of the
        // game and engages it.)
        let mut basic =
            BasicBot::from_options(&[("stay_rounds".to_string(), "0".to_string())]).unwrap();
        assert_eq!(
            engage.options[basic.choose(&g, &engage)],
            Opt::Pass,
            "basic alone leaves the war party staged"
        );
        let mut bot = PlanBot {
            plan: &siege,
            basic: &mut basic,
        };
        assert_eq!(engage.options[bot.choose(&g, &engage)], Opt::Card(party));
        let untargeted = Plan {
            target: None,
            ..siege
        };
        let mut bot = PlanBot {
            plan: &untargeted,
            basic: &mut basic,
        };
        assert_eq!(engage.options[bot.choose(&g, &engage)], Opt::Pass);
    }

    /// `PlanBot` commits exactly the plan's characters, then stops; `answer` never picks a
    /// character outside the plan.
    #[test]
    fn plan_bot_commits_the_plan_then_stops() {
        let g = sandbox(&[LEADERSHIP_HEROES]);
        let heroes: Vec<CardId> = g.heroes(0).collect();
        let mut plan = Plan::empty(0, g.round);
        plan.cards[0] = heroes[2];
        plan.n = 1;
        let mut basic = BasicBot::new();
        let mut bot = PlanBot {
            plan: &plan,
            basic: &mut basic,
        };
        let d = commit_decision(&g);
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Card(heroes[2]));
        let rest = Decision {
            options: d
                .options
                .iter()
                .copied()
                .filter(|&o| o != Opt::Card(heroes[2]))
                .collect(),
            ..d.clone()
        };
        assert_eq!(rest.options[bot.choose(&g, &rest)], Opt::Done);
        // Another round's commit decision is not the plan's: basic answers it.
        let mut later = plan;
        later.round += 1;
        assert!(!later.covers(&g, &d));
    }

    /// `chip`: on Deadmen's Dike 2B Thaurdir (Defense 4, 9 hit points) is too tough for a kill
    /// or a two-round siege plan; the chip plan keeps back the strongest attackers until they
    /// get through his Defense (Aragorn 3 and a 2-Attack hero), plus a defender, and commits
    /// the rest. Without the option the plans are as before; once he has no hit points left
    /// (the stage only needs progress) there is no chip plan.
    #[test]
    fn chip_plan_keeps_back_what_gets_through_thaurdirs_defense() {
        use crate::cards::testkit::{sandbox_in, set_stage};
        let mut g = sandbox_in(
            "deadmens-dike",
            crate::data::Mode::Standard,
            &[LEADERSHIP_HEROES],
        );
        set_stage(&mut g, A_FELL_WRAITH_2B);
        // An ally who quests while the heroes chip and defend.
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
        let t = match (0..g.cards.len() as CardId).find(|&c| g.def_of(c).code == THAURDIR) {
            Some(t) => {
                g.move_card(t, Zone::Staging);
                t
            }
            None => g.spawn(THAURDIR, ENCOUNTER, Zone::Staging),
        };
        let d = commit_decision(&g);
        let (_, with, n) = one_more_plan(&g, &d, (true, true, false), (true, true, true));
        let chip = &with[n];
        assert_eq!(chip.target, Some(t), "it engages the staged Thaurdir");
        let kept: Vec<CardId> = g.characters(0).filter(|&c| !chip.has(c)).collect();
        let atk: i16 = kept.iter().map(|&c| g.stat(c, Stat::Attack)).sum();
        assert!(chip.n >= 1, "the chip plan still quests");
        assert!(
            atk > g.stat(t, Stat::Defense),
            "kept attack {atk} gets through"
        );
        g.card_mut(t).damage = g.stat(t, Stat::HitPoints);
        let mut spent = [Plan::empty(0, g.round); MAX_PLANS];
        let n2 = candidates(&g, &d, &mut spent, true, true, false);
        assert_eq!(candidates(&g, &d, &mut spent, true, true, true), n2);
    }
}
