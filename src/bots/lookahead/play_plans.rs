//! Planning plans (`play_plans=1`, off by default): the planning phase searched as one decision.
//!
//! The engine asks "play one more card, or pass" once per card, so the per-decision search
//! compares "play this card now" against `basic` finishing the phase in every rollout: a plan
//! whose single steps each look worse alone (play the two cheap allies instead of the
//! attachment; keep this round's resources for the expensive ally next round) is never found.
//! At a player's first `Planning` decision of a round `lookahead` instead compares whole plans
//! ([`candidates`]), each played in the rollouts by the shared [`PlanBot`](super::plans::PlanBot) with a [`PlayPlan`]
//! (its plays in order while they are offered, then `Pass` or `basic`; `basic` everywhere
//! else), and follows the chosen plan at the player's later `Planning` decisions of the round.
//! Where the plan leaves the phase to `basic`, the live game's later decisions are searched one
//! at a time as before.

use super::{LookaheadBot, MAX_WIDTH};
use crate::bots::basic::BasicBot;
use crate::data::{CardType, Sphere};
use crate::engine::{Ask, Bot, CardId, Decision, Game, Opt};

/// Most cards a plan plays in order.
pub const MAX_PLAYS: usize = 2;
/// Most plans compared at one planning phase.
pub const MAX_PLAY_PLANS: usize = 12;
const _: () = assert!(MAX_PLAY_PLANS <= MAX_WIDTH);
/// Most "two cheap cards" plans.
const PAIRS: usize = 3;

/// What a plan does once its own plays are made (or no longer offered).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Then {
    /// `basic`'s own planning: the plan answers nothing.
    Basic,
    /// Its plays, then `basic` decides the rest of the phase.
    Rest,
    /// Its plays, then `Pass`.
    Stop,
    /// Save for this card: play it when it is offered; otherwise `basic`'s choice, unless that
    /// spends resources the card needs (then `Pass`).
    Save(CardId),
}

/// One candidate planning phase for `player` in `round`.
#[derive(Clone, Copy, Debug)]
pub struct PlayPlan {
    pub player: u8,
    pub round: u16,
    pub cards: [CardId; MAX_PLAYS],
    pub n: usize,
    pub then: Then,
}

impl PlayPlan {
    pub const fn new(player: u8, round: u16, then: Then) -> PlayPlan {
        PlayPlan {
            player,
            round,
            cards: [0; MAX_PLAYS],
            n: 0,
            then,
        }
    }

    fn with(mut self, cards: &[CardId]) -> PlayPlan {
        self.cards[..cards.len()].copy_from_slice(cards);
        self.n = cards.len();
        self
    }

    /// Does this plan answer `d` (a planning decision of its player in its round)?
    pub fn covers(&self, g: &Game, d: &Decision) -> bool {
        matches!(d.ask, Ask::Planning) && d.player == self.player && g.round == self.round
    }

    /// The plan's answer to a planning decision it covers (`None`: `basic` decides; `basic`
    /// gives `basic`'s choice, asked only by a save plan).
    pub fn answer(&self, g: &Game, d: &Decision, basic: impl FnOnce() -> usize) -> Option<usize> {
        let find = |o: Opt| d.options.iter().position(|&x| x == o);
        for &c in &self.cards[..self.n] {
            if let Some(i) = find(Opt::Play(c)) {
                return Some(i);
            }
        }
        match self.then {
            Then::Basic | Then::Rest => None,
            Then::Stop => find(Opt::Pass),
            Then::Save(x) => {
                if let Some(i) = find(Opt::Play(x)) {
                    return Some(i);
                }
                let b = basic().min(d.options.len() - 1);
                match d.options[b] {
                    Opt::Play(c) if eats(g, self.player, c, x) => find(Opt::Pass).or(Some(b)),
                    _ => Some(b),
                }
            }
        }
    }
}

impl super::plans::Answers for PlayPlan {
    fn answer_in(&self, g: &Game, d: &Decision, basic: &mut BasicBot) -> Option<usize> {
        if self.covers(g, d) {
            self.answer(g, d, || basic.choose(g, d))
        } else {
            None
        }
    }
}

/// Would paying for `c` spend resources that saved card `x` needs? A card of `x`'s sphere
/// does; a neutral one does when the resources of `p`'s other heroes cannot pay for it.
fn eats(g: &Game, p: u8, c: CardId, x: CardId) -> bool {
    let s = g.def_of(x).sphere;
    let cs = g.def_of(c).sphere;
    if cs == s {
        return true;
    }
    if cs != Sphere::Neutral {
        return false;
    }
    let other: i16 = g
        .heroes(p)
        .filter(|&h| !g.hero_matches(h, s))
        .map(|h| g.card(h).resources.max(0))
        .sum();
    other < g.cost_of(c, p)
}

/// The card `p` would save for at decision `d`: the most expensive ally or attachment in hand
/// that is not playable now but would be after next round's resources (one per hero of its
/// sphere), when some card offered now would spend what it needs.
fn save_target(g: &Game, d: &Decision) -> Option<CardId> {
    let p = d.player;
    let x = g
        .list(crate::engine::Zone::Hand(p))
        .iter()
        .copied()
        .filter(|&c| matches!(g.def_of(c).ty, CardType::Ally | CardType::Attachment))
        .filter(|&c| !d.options.contains(&Opt::Play(c)))
        .max_by_key(|&c| (g.cost_of(c, p), std::cmp::Reverse(c)))?;
    let s = g.def_of(x).sphere;
    if s == Sphere::Neutral {
        return None;
    }
    let income = g.heroes(p).filter(|&h| g.hero_matches(h, s)).count() as i16;
    if income == 0 || g.available(p, s) + income < g.cost_of(x, p) {
        return None;
    }
    let eaten = d
        .options
        .iter()
        .any(|&o| matches!(o, Opt::Play(c) if eats(g, p, c, x)));
    eaten.then_some(x)
}

/// The plans compared at the first planning decision `d` of a round (into `out`, returns how
/// many): `basic`'s own; play nothing (unless `basic` passes); for each card offered (at most
/// `width`, the most expensive first; not `basic`'s own first play) "play it first, then
/// `basic`"; up to 3 pairs of offered cards that the player's resources pay for together, the
/// cheapest first, then `basic`; with `save`, save for the most expensive ally or attachment in
/// hand that next round's resources would pay for ([`save_target`]). `base` is `basic`'s
/// choice at `d`.
pub fn candidates(
    g: &Game,
    d: &Decision,
    base: usize,
    width: usize,
    save: bool,
    out: &mut [PlayPlan; MAX_PLAY_PLANS],
) -> usize {
    let p = d.player;
    let r = g.round;
    let mut k = 0;
    out[k] = PlayPlan::new(p, r, Then::Basic);
    k += 1;
    if d.options[base] != Opt::Pass {
        out[k] = PlayPlan::new(p, r, Then::Stop);
        k += 1;
    }
    // The offered cards with their costs, the most expensive first.
    let mut plays = [(0i16, 0 as CardId); MAX_PLAY_PLANS];
    let mut n = 0;
    for &o in &d.options {
        if let Opt::Play(c) = o {
            if n < MAX_PLAY_PLANS {
                plays[n] = (g.cost_of(c, p).max(0), c);
                n += 1;
            }
        }
    }
    let plays = &mut plays[..n];
    plays.sort_by_key(|&(cost, c)| (std::cmp::Reverse(cost), c));
    let save_for = if save { save_target(g, d) } else { None };
    let room = MAX_PLAY_PLANS - save_for.is_some() as usize;
    let mut singles = 0;
    for &(_, c) in plays.iter() {
        if singles == width || k == room {
            break;
        }
        if d.options[base] == Opt::Play(c) {
            continue;
        }
        out[k] = PlayPlan::new(p, r, Then::Rest).with(&[c]);
        k += 1;
        singles += 1;
    }
    // Pairs the purse pays for together (one sphere's pair from that sphere's resources), the
    // cheapest first.
    let purse: i16 = g.heroes(p).map(|h| g.card(h).resources.max(0)).sum();
    let mut pairs = [(0i16, 0usize, 0usize); MAX_PLAY_PLANS * MAX_PLAY_PLANS / 2];
    let mut np = 0;
    for i in 0..n {
        for j in i + 1..n {
            let (ci, a) = plays[i];
            let (cj, b) = plays[j];
            let (sa, sb) = (g.def_of(a).sphere, g.def_of(b).sphere);
            let fits = ci + cj <= purse
                && (sa != sb || sa == Sphere::Neutral || g.available(p, sa) >= ci + cj);
            if fits && np < pairs.len() {
                pairs[np] = (ci + cj, i, j);
                np += 1;
            }
        }
    }
    let pairs = &mut pairs[..np];
    pairs.sort_by_key(|&(cost, i, j)| (cost, i, j));
    for &(_, i, j) in pairs.iter().take(PAIRS) {
        if k == room {
            break;
        }
        // The more expensive first (the cheap one still fits after it).
        out[k] = PlayPlan::new(p, r, Then::Rest).with(&[plays[i].1, plays[j].1]);
        k += 1;
    }
    if let Some(x) = save_for {
        out[k] = PlayPlan::new(p, r, Then::Save(x));
        k += 1;
    }
    k
}

impl LookaheadBot {
    /// A planning decision with `play_plans`: follow this round's plan, or choose one (the
    /// player's first planning decision of the round) by rollouts of every candidate plan.
    /// `None` where the plan leaves the decision to `basic`: the caller searches it alone.
    pub(super) fn planning(&mut self, game: &Game, d: &Decision, base: usize) -> Option<usize> {
        if let Some(pl) = self.play_plan.filter(|pl| pl.covers(game, d)) {
            return pl.answer(game, d, || base);
        }
        if !super::searched_with(game, d, self.search_all) {
            return None;
        }
        let mut cand = [PlayPlan::new(d.player, game.round, Then::Basic); MAX_PLAY_PLANS];
        let n = candidates(
            game,
            d,
            base,
            self.play_width,
            self.save_depth > 0,
            &mut cand,
        );
        if n < 2 {
            return None;
        }
        let saving = cand[..n].iter().any(|c| matches!(c.then, Then::Save(_)));
        let depth = if saving {
            self.play_depth.max(self.save_depth)
        } else {
            self.play_depth
        };
        let stop = game.round.saturating_add(depth);
        let best = self.best_plan(game, &cand[..n], stop);
        self.explain_with(
            || "planning plan".into(),
            stop,
            Some(0),
            |k| super::explain::play_plan_label(game, &cand[k]),
        );
        self.play_plan = Some(cand[best]);
        Some(cand[best].answer(game, d, || base).unwrap_or(base))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::lookahead::LookaheadBot;
    use crate::cards::testkit::codes::*;
    use crate::cards::testkit::sandbox;
    use crate::engine::{Frame, Zone};

    /// Faramir (an ally, 4), Guard of the Citadel (2) and two Snowbourn Scouts (1 each) in hand,
    /// `res` Leadership resources on each hero, and the planning window open. Returns the game,
    /// the cards and the pending decision.
    fn one_dear_or_three_cheap(res: i16) -> (Game<'static>, [CardId; 4], Decision) {
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        for c in g.list(Zone::Hand(0)).to_vec() {
            g.move_card(c, Zone::Discard(0));
        }
        let faramir = g.spawn(FARAMIR, 0, Zone::Hand(0));
        let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
        let scout1 = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Hand(0));
        let scout2 = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Hand(0));
        let heroes: Vec<CardId> = g.heroes(0).collect();
        for (i, &h) in heroes.iter().enumerate() {
            g.card_mut(h).resources = if i == 0 { res + 1 } else { res };
        }
        g.push_run(Frame::Planning {
            active: 0,
            seat: 0,
            passes: 0,
        });
        let d = g.pending().expect("the planning window").clone();
        (g, [faramir, guard, scout1, scout2], d)
    }

    /// With 4 resources the plans span the phase: `basic`'s own (Faramir) first, play nothing,
    /// each other card first, and the three pairs the purse pays for, the cheapest first; no save
    /// plan, as everything is playable. With 2 resources, Faramir (4) waits for next round's 3
    /// and the Guard would spend what he needs: one save plan, for him, with `save` only.
    #[test]
    fn candidates_span_nothing_singles_pairs_and_save() {
        let (g, [faramir, guard, scout1, scout2], d) = one_dear_or_three_cheap(1);
        let base = BasicBot::new().choose(&g, &d);
        assert_eq!(d.options[base], Opt::Play(faramir), "basic plays Faramir");
        let mut out = [PlayPlan::new(0, g.round, Then::Basic); MAX_PLAY_PLANS];
        let n = candidates(&g, &d, base, 6, true, &mut out);
        let plans = &out[..n];
        assert_eq!(n, 8, "{plans:?}");
        assert_eq!(plans[0].then, Then::Basic);
        assert!(plans[1].then == Then::Stop && plans[1].n == 0);
        let firsts: Vec<CardId> = plans[2..5].iter().map(|p| p.cards[0]).collect();
        assert_eq!(firsts, vec![guard, scout1, scout2]);
        assert!(plans[2..5].iter().all(|p| p.then == Then::Rest && p.n == 1));
        let pairs: Vec<&[CardId]> = plans[5..8].iter().map(|p| &p.cards[..p.n]).collect();
        assert_eq!(
            pairs,
            vec![&[scout1, scout2][..], &[guard, scout1], &[guard, scout2]]
        );
        // Two fewer resources: Faramir is not offered, and saving for him is a plan.
        let (g, _, d) = one_dear_or_three_cheap(0);
        let base = BasicBot::new().choose(&g, &d);
        let n = candidates(&g, &d, base, 6, true, &mut out);
        assert_eq!(out[n - 1].then, Then::Save(faramir));
        let m = candidates(&g, &d, base, 6, false, &mut out);
        assert_eq!(m, n - 1);
        assert!(out[..m].iter().all(|p| !matches!(p.then, Then::Save(_))));
    }

    /// Three cheap allies beat one dear one at the end of the phase (Guard and two Scouts: 15
    /// in allies and Faramir in hand, against Faramir's 9.5 and three cards in hand), but
    /// `basic` plays Faramir first; the plan search plays the three and keeps Faramir. With the
    /// option off the bot keeps to its per-decision search (no plan is made, and it answers as
    /// the default bot does).
    #[test]
    fn plan_search_plays_three_cheap_allies_over_one_dear() {
        let (g, [faramir, guard, scout1, scout2], d) = one_dear_or_three_cheap(1);
        let opts = |v: &str| {
            LookaheadBot::from_options(&[
                ("play_plans".into(), v.into()),
                ("plan_rollouts".into(), "8".into()),
                ("rollouts".into(), "8".into()),
                // The sandbox is Intruders Standard: the pooled fit this test was written at.
                ("value_fit".into(), "1".into()),
            ])
            .unwrap()
        };
        let mut bot = opts("1");
        bot.new_game(3);
        let i = bot.choose(&g, &d);
        assert_ne!(d.options[i], Opt::Play(faramir));
        let plan = bot.play_plan.expect("a plan was chosen");
        assert!(plan.covers(&g, &d) && plan.then != Then::Basic);
        // Follow the plan in the live game.
        let mut live = g.clone();
        live.apply(i);
        while let Some(d) = live.pending().cloned() {
            if !matches!(d.ask, Ask::Planning) {
                break;
            }
            let j = bot.choose(&live, &d);
            live.apply(j);
        }
        for c in [guard, scout1, scout2] {
            assert_eq!(live.card(c).zone, Zone::Play(0));
        }
        assert_eq!(live.card(faramir).zone, Zone::Hand(0));

        let mut off = opts("0");
        let mut default = LookaheadBot::from_options(&[
            ("plan_rollouts".into(), "8".into()),
            ("rollouts".into(), "8".into()),
            ("value_fit".into(), "1".into()),
        ])
        .unwrap();
        off.new_game(3);
        default.new_game(3);
        assert_eq!(off.choose(&g, &d), default.choose(&g, &d));
        assert!(off.play_plan.is_none());
    }
}
