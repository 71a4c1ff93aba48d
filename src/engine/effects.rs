//! Effects on the game state: resources and costs, threat, damage and healing, progress,
//! exhausting and readying, lasting effects.

use super::*;
use crate::cards::Rule;
use crate::data::Sphere;

impl<'a> Game<'a> {
    /// Assign one damage to `c`, to be dealt with the rest by `deal_assigned_damage` (archery,
    /// "assign X damage among characters").
    pub fn assign_damage(&mut self, c: CardId) {
        self.archery_assigned.push(c);
    }

    /// Damage assigned to `c` and not dealt yet.
    pub fn assigned_damage(&self, c: CardId) -> i16 {
        self.archery_assigned.iter().filter(|&&x| x == c).count() as i16
    }

    /// Deal every assigned damage at once.
    pub fn deal_assigned_damage(&mut self) {
        let mut list = std::mem::take(&mut self.archery_assigned);
        list.sort_unstable();
        let mut i = 0;
        while i < list.len() {
            let c = list[i];
            let n = list[i..].iter().take_while(|&&x| x == c).count();
            self.deal_damage(c, n as i16);
            i += n;
        }
        list.clear();
        self.archery_assigned = list;
    }

    /// Resources `p` can spend on a card of `sphere`.
    pub fn available(&self, p: u8, sphere: Sphere) -> i16 {
        if self.memo_open() {
            self.memo_available(p, sphere, || self.available_now(p, sphere))
        } else {
            self.available_now(p, sphere)
        }
    }

    /// The sum over his matching heroes' resources. A card without resources adds nothing,
    /// so it is skipped before the (dearer) hero and sphere tests: with an empty purse (about
    /// a quarter of action windows) this reads one field per card in play.
    fn available_now(&self, p: u8, sphere: Sphere) -> i16 {
        let mut sum = 0;
        for &c in self.list(Zone::Play(p)) {
            let r = self.cards[c as usize].resources;
            if r != 0 && self.is_hero(c) && self.hero_matches(c, sphere) {
                sum += r;
            }
        }
        sum
    }

    pub fn has_matching_hero(&self, p: u8, sphere: Sphere) -> bool {
        self.heroes(p).any(|h| self.hero_matches(h, sphere))
    }

    /// `has_matching_hero` for `can_pay`'s zero cost. Resources already summed above 0 for this
    /// sphere in the open memo come from a matching hero (`available_now` sums only those):
    /// then no scan. (Out of line, as `has_matching_hero` was: `can_pay` stays small enough to
    /// be inlined into the action window.)
    #[inline(never)]
    fn zero_cost_match(&self, p: u8, sphere: Sphere) -> bool {
        self.memo_has_resources(p, sphere) || self.has_matching_hero(p, sphere)
    }

    /// Can `p` pay `cost` for a card of `sphere` (with the resource match)?
    pub fn can_pay(&self, p: u8, sphere: Sphere, cost: i16) -> bool {
        if cost <= 0 {
            return !self.setup.options.zero_cost_needs_match || self.zero_cost_match(p, sphere);
        }
        self.available(p, sphere) >= cost
    }

    /// Pay for card `c` played by `p`: its own payment hook, or the default payment of
    /// `play_cost`. A Valour discount that applied is used up.
    /// What the cards in `p`'s hand of `sphere` cost together (0 for neutral).
    fn hand_demand(&self, p: u8, sphere: Sphere) -> i16 {
        if sphere == Sphere::Neutral {
            return 0;
        }
        self.list(Zone::Hand(p))
            .iter()
            .filter(|&&c| self.def_of(c).sphere == sphere)
            .map(|&c| self.def_of(c).cost.max(0))
            .sum()
    }

    pub fn pay_for(&mut self, c: CardId, p: u8) {
        let sphere = self.def_of(c).sphere;
        let cost = self.cost_of(c, p);
        if self.ally_discounted(c, p) {
            self.players[p as usize].ally_discount = 0;
        }
        if self.valour_discounted(c, p) {
            self.players[p as usize].valour_discount = 0;
        }
        match self.script(c).and_then(|s| s.pay) {
            Some(f) => {
                f(self, c, p);
                // A cost increase (Heavy Curse) on top of the card's own way of paying.
                let extra = cost - self.def_of(c).cost.max(0);
                self.pay(p, sphere, extra);
            }
            None => self.pay(p, sphere, cost),
        }
    }

    /// Does `p`'s pending ally discount (`PlayerState::ally_discount`) apply to card `c`?
    pub(super) fn ally_discounted(&self, c: CardId, p: u8) -> bool {
        let ps = &self.players[p as usize];
        ps.ally_discount > 0
            && self.is_ally(c)
            && self.def_of(c).traits.contains(&ps.ally_discount_trait)
    }

    /// What card `c` costs `p` to play now: printed, or its script's `cost` hook (reductions
    /// printed on the card itself, e.g. Keen as Lances), less a pending ally discount (Heir of
    /// Valandil), changed by the `cost_mod` hooks of cards in play (Heavy Curse); never below 0.
    pub fn cost_of(&self, c: CardId, p: u8) -> i16 {
        let mut cost = match self.script(c).and_then(|s| s.cost) {
            Some(f) => f(self, c, p),
            None => self.def_of(c).cost,
        }
        .max(0);
        let ps = &self.players[p as usize];
        if ps.ally_discount <= 0
            && ps.valour_discount <= 0
            && self.interest[IDX_COST_MOD].is_empty()
        {
            return cost; // no discount pending, no cost modifier in play
        }
        if self.ally_discounted(c, p) {
            cost -= self.players[p as usize].ally_discount;
        }
        for &x in &self.interest[IDX_COST_MOD] {
            if let Some(f) = self.script(x).and_then(|s| s.cost_mod) {
                let d = f(self, x, c);
                // (Cost modifiers only raise costs: `offer_actions` takes the printed cost as a floor.)
                if cfg!(test) {
                    assert!(d >= 0, "cost modifier {x} lowers the cost of {c}");
                }
                cost += d;
            }
        }
        if self.valour_discounted(c, p) {
            cost -= self.players[p as usize].valour_discount;
        }
        cost.max(0)
    }

    /// Does `p`'s pending Valour discount apply to card `c`?
    pub(super) fn valour_discounted(&self, c: CardId, p: u8) -> bool {
        (p as usize) < MAX_PLAYERS
            && self.players[p as usize].valour_discount > 0
            && self.ty(c) == CardType::Event
            && crate::cards::common::is_valour_event(self, c)
    }

    /// Pay `cost` from matching heroes, richest first (engine choice: payment is not a decision).
    /// Pay `cost` resources of `sphere` for player `p`, one at a time, each from the matching
    /// hero whose own sphere the cards in `p`'s hand need least (the sum of their costs), then
    /// the richest: a neutral card is paid from the sphere the hand does not need, so what is
    /// left can still pay for the rest of the hand (RULES §3.2.2 lets the player choose; this is
    /// the engine's choice for him).
    pub fn pay(&mut self, p: u8, sphere: Sphere, mut cost: i16) {
        // The hand does not change while paying: each matching hero's demand once.
        let mut payers: [(CardId, i16); 8] = [(NO_CARD, 0); 8];
        let mut spent = [false; 8];
        let mut n = 0;
        // A hero's demand depends only on its sphere. While every payer is of one sphere their
        // demands are equal and order nothing: they stay 0, and no hand is summed (most
        // payments); otherwise each sphere's demand is summed once.
        let mut first_sphere = None;
        let mut mixed = false;
        for h in self.heroes(p) {
            if n < payers.len() && self.hero_matches(h, sphere) {
                let hs = self.def_of(h).sphere;
                match first_sphere {
                    None => first_sphere = Some(hs),
                    Some(s) => mixed |= s != hs,
                }
                payers[n] = (h, 0);
                n += 1;
            }
        }
        if mixed {
            let mut demands: [(Sphere, i16); 8] = [(Sphere::Neutral, 0); 8];
            let mut n_demands = 0;
            for payer in payers[..n].iter_mut() {
                let hs = self.def_of(payer.0).sphere;
                payer.1 = match demands[..n_demands].iter().find(|&&(s, _)| s == hs) {
                    Some(&(_, d)) => d,
                    None => {
                        let d = self.hand_demand(p, hs);
                        demands[n_demands] = (hs, d);
                        n_demands += 1;
                        d
                    }
                };
            }
        }
        while cost > 0 {
            // The payer with resources of least (demand, −resources, card id), as a plain loop
            // (`min_by_key` was an out-of-line fold per resource paid; the keys are distinct).
            let mut best: Option<(i16, std::cmp::Reverse<i16>, CardId)> = None;
            for &(h, demand) in &payers[..n] {
                let r = self.cards[h as usize].resources;
                if r <= 0 {
                    continue;
                }
                let key = (demand, std::cmp::Reverse(r), h);
                if best.is_none_or(|k| key < k) {
                    best = Some(key);
                }
            }
            let Some((_, _, h)) = best else { break };
            self.cards[h as usize].resources -= 1;
            cost -= 1;
            if self.rule(Rule::ThreatPerResourceSpent) {
                self.raise_threat(p, 1);
            }
            if let Some(k) = payers[..n].iter().position(|&(x, _)| x == h) {
                spent[k] = true;
            }
        }
        // After the payment, each hero that paid (Forage for Food).
        for k in 0..n {
            if spent[k] {
                self.fire(Event::ResourcesSpent(payers[k].0));
            }
        }
    }

    /// By how much each placement of progress on the current quest is reduced: the cards in
    /// play that answer `Rule::ReducesQuestProgress` for themselves (Orc Grunts).
    pub fn quest_progress_reduction(&self) -> i16 {
        self.interest[IDX_RULE]
            .iter()
            .filter(|&&c| {
                self.script(c)
                    .and_then(|s| s.rule)
                    .is_some_and(|f| f(self, c, Rule::ReducesQuestProgress(c)))
            })
            .count() as i16
    }

    /// Raise player `p`'s threat by an encounter card effect (`Event::ThreatRaised`, then
    /// `Event::ThreatRaisedByEncounter` follow).
    pub fn raise_threat(&mut self, p: u8, n: i16) {
        if n <= 0 || self.players[p as usize].eliminated {
            return;
        }
        self.raise_threat_by_player(p, n);
        self.fire(Event::ThreatRaisedByEncounter(p));
    }

    /// Raise player `p`'s threat by the framework (refresh phase, unsuccessful questing) or a
    /// player card effect: `Event::ThreatRaised` (every raise), no `Event::ThreatRaisedByEncounter`.
    pub fn raise_threat_by_player(&mut self, p: u8, n: i16) {
        if n <= 0 || self.players[p as usize].eliminated {
            return;
        }
        self.players[p as usize].threat += n;
        self.players[p as usize].threat_raised_this_round = true;
        // A state-based check reads a player's threat only at 50 (§4.2.2), as reducing it
        // (which sets no `dirty`) assumes; test builds prove it (`Game::assert_checks_idle`).
        if self.players[p as usize].threat >= 50 {
            self.dirty = true;
        }
        if self.logging() {
            self.log_line(format!(
                "  P{} threat +{} -> {}",
                p + 1,
                n,
                self.players[p as usize].threat
            ));
        }
        self.fire(Event::ThreatRaised(p, n));
    }

    /// Reduce threat (not below 0); returns false if a card forbids it.
    pub fn reduce_threat(&mut self, p: u8, n: i16) -> bool {
        if self.players[p as usize].eliminated {
            return false;
        }
        if self.rule(Rule::CannotReduceThreat(p)) {
            return false;
        }
        let t = &mut self.players[p as usize].threat;
        let before = *t;
        *t = (*t - n).max(0);
        let now = self.players[p as usize].threat;
        if self.logging() {
            self.log_line(format!("  P{} threat -{} -> {}", p + 1, before - now, now));
        }
        if now < before {
            self.fire(Event::ThreatReduced(p, before - now));
        }
        true
    }

    /// Can `c` take damage right now?
    pub fn can_take_damage(&self, c: CardId) -> bool {
        self.cards[c as usize].zone.in_play()
            && !self.rule(Rule::CannotTakeDamage(c))
            && !self.has_lasting(c, Lasting::CannotTakeDamage)
    }

    /// Deal `n` damage to `c`. Destruction happens in the state-based checks.
    pub fn deal_damage(&mut self, c: CardId, n: i16) {
        if n <= 0 || !self.can_take_damage(c) {
            return;
        }
        self.cards[c as usize].damage += n;
        self.dirty = true;
        if self.logging() {
            self.log_line(format!(
                "  {} takes {} damage ({})",
                self.title(c),
                n,
                self.cards[c as usize].damage
            ));
        }
        self.fire(Event::Damaged(c, n));
        if self.is_character(c) {
            self.fire(Event::CancelDamage(c, n));
        }
    }

    /// Heal `n` damage from `c`; fires `Healed` when some damage came off.
    pub fn heal(&mut self, c: CardId, n: i16) {
        let k = self.remove_damage(c, n);
        if k > 0 {
            self.fire(Event::Healed(c, k));
        }
    }

    /// Take up to `n` damage off `c` (none if it cannot be healed) without it counting as a heal
    /// (a damage cancel); returns how much came off.
    pub fn remove_damage(&mut self, c: CardId, n: i16) -> i16 {
        if self.out_of_game(c) {
            return 0;
        }
        if self.cards[c as usize].damage > 0 && self.rule(Rule::CannotBeHealed(c)) {
            return 0;
        }
        let ci = &mut self.cards[c as usize];
        let before = ci.damage;
        ci.damage = (ci.damage - n).max(0);
        self.dirty = true;
        before - ci.damage
    }

    /// (Inlined: the bot's damage costs ask it tens of thousands of times a batch.)
    #[inline]
    pub fn remaining_hp(&self, c: CardId) -> i16 {
        self.stat(c, Stat::HitPoints) - self.cards[c as usize].damage
    }

    /// Place progress on a location or quest card (no limits applied here).
    pub fn add_progress(&mut self, c: CardId, n: i16) {
        if n > 0 && self.rule(Rule::PlayerCardsCannotPlaceProgress(c)) {
            return;
        }
        self.add_progress_by_encounter(c, n);
    }

    /// Place progress by an encounter card's effect: as `add_progress`, but
    /// `Rule::PlayerCardsCannotPlaceProgress` does not stop it (Contested Square).
    pub fn add_progress_by_encounter(&mut self, c: CardId, mut n: i16) {
        if n <= 0 || self.rule(Rule::CannotPlaceProgress(c)) {
            return;
        }
        if self.cards[c as usize].zone == Zone::Quest
            && self.rule(Rule::QuestProgressToStagingLocations)
        {
            self.progress_to_staging_locations(n);
            return;
        }
        if self.rule(Rule::DivertsQuestProgress(NO_CARD)) {
            n = self.divert_quest_progress(c, n);
            if n <= 0 {
                return;
            }
        }
        self.cards[c as usize].progress += n;
        self.side_quest_progress_this_round |= self.is_side_quest(c);
        self.dirty = true;
        if self.logging() {
            self.log_line(format!(
                "  {} progress +{} ({})",
                self.title(c),
                n,
                self.cards[c as usize].progress
            ));
        }
        self.fire(Event::ProgressPlaced(c, n));
    }

    /// Place progress "on the current quest": through the active location first, then the
    /// current quest (respecting Orc Rearguard-style caps).
    pub fn place_progress_on_quest(&mut self, mut n: i16, through_location: bool) {
        n = (n - self.quest_progress_reduction()).max(0);
        if through_location {
            if let Some(loc) = self.active_location() {
                let qp = self.stat(loc, Stat::QuestPoints);
                let need = (self.explore_need(qp) - self.cards[loc as usize].progress).max(0);
                let put = n.min(need);
                self.add_progress(loc, put);
                n -= put;
            }
        }
        let Some(q) = self.current_quest() else {
            return;
        };
        if !self.cards[q as usize].zone.in_play()
            || (q != self.main_quest().unwrap_or(NO_CARD) && !self.is_side_quest(q))
        {
            // The current side quest was already defeated (gone, or turned over to another
            // face): the rest of the progress is lost.
            return;
        }
        if self.rule(Rule::QuestProgressCap3) {
            n = n.min((3 - self.quest_progress_this_round).max(0));
        }
        if self.rule(Rule::QuestProgressCap5) {
            n = n.min((5 - self.quest_progress_this_round).max(0));
        }
        if self.is_side_quest(q) {
            let need = (self.stat(q, Stat::QuestPoints) - self.cards[q as usize].progress).max(0);
            n = n.min(need);
        }
        self.quest_progress_this_round += n;
        self.add_progress(q, n);
    }

    /// Card `c` gains `n` resources by a card effect; a hero gains none while a card says heroes
    /// cannot gain resources by card effects (`Rule::HeroesGainNoResources`; Vast Troll-fells).
    pub fn gain_resources(&mut self, c: CardId, n: i16) {
        if self.out_of_game(c) {
            return;
        }
        if self.is_hero(c) && self.rule(Rule::HeroesGainNoResources) {
            if self.logging() {
                let line = format!("  {} cannot gain resources", self.title(c));
                self.log_line(line);
            }
            return;
        }
        self.cards[c as usize].resources += n;
    }

    /// Has `c` left the game with its eliminated player (RULES §4.2.3.4)? No effect reaches such
    /// a card: every primitive that changes a card (exhaust, ready, heal, resources, lasting
    /// effects, moves, attaching, putting into play) does nothing to it, and says nothing.
    #[inline]
    pub fn out_of_game(&self, c: CardId) -> bool {
        self.cards[c as usize].zone == Zone::Eliminated
    }

    /// Exhaust `c` by an effect or a cost; the trace shows it (committing, defending and
    /// attacking exhaust through `exhaust_quietly`: their own lines say so).
    pub fn exhaust(&mut self, c: CardId) {
        if self.out_of_game(c) {
            return;
        }
        if self.logging() && !self.cards[c as usize].exhausted {
            self.log_line(format!("  {} is exhausted", self.title(c)));
        }
        self.cards[c as usize].exhausted = true;
    }

    /// Exhaust `c` without a trace line of its own.
    pub(crate) fn exhaust_quietly(&mut self, c: CardId) {
        if self.out_of_game(c) {
            return;
        }
        self.cards[c as usize].exhausted = true;
    }

    /// Ready `c`; readying an exhausted card fires `Readied`.
    pub fn ready(&mut self, c: CardId) {
        if self.out_of_game(c) {
            return;
        }
        if self.cards[c as usize].exhausted && self.replace_ready(c, 0) {
            return;
        }
        let was = self.cards[c as usize].exhausted;
        self.cards[c as usize].exhausted = false;
        if was {
            self.fire(Event::Readied(c));
        }
    }

    /// Readying of exhausted card `c` replaced by its attachments (`Rule::ReadyReplaced`): if
    /// one beyond the first `done` of them replaces it, queue that attachment's `resume` (step
    /// `WOULD_READY`) and return true; the card does not ready now.
    pub(crate) fn replace_ready(&mut self, c: CardId, done: i16) -> bool {
        if self.list(Zone::Attached(0)).is_empty() {
            return false;
        }
        let r = self
            .attachments(c)
            .filter(|&a| {
                self.script(a)
                    .and_then(|s| s.rule)
                    .is_some_and(|f| f(self, a, Rule::ReadyReplaced(c)))
            })
            .nth(done.max(0) as usize);
        let Some(r) = r else { return false };
        let p = self.cards[c as usize].controller;
        self.stack.push(Frame::Resume {
            cont: Cont::new(r, WOULD_READY).with(p, c as i16, done),
        });
        true
    }

    /// A readying replacement (`WOULD_READY`, `cont`) lets its card ready after all: the next
    /// replacement, if any, decides in turn; otherwise the card readies (firing `Readied`).
    pub fn ready_after_replacement(&mut self, cont: Cont) {
        let c = cont.a as CardId;
        if !self.cards[c as usize].zone.in_play() || !self.cards[c as usize].exhausted {
            return;
        }
        if self.replace_ready(c, cont.b + 1) {
            return;
        }
        self.cards[c as usize].exhausted = false;
        self.dirty = true;
        self.fire(Event::Readied(c));
    }

    /// End every lasting effect at once (keeping `CardInst::lasting_stats`).
    pub fn clear_lasting(&mut self) {
        for i in 0..self.lasting.len() {
            let c = self.lasting[i].card;
            self.cards[c as usize].lasting_stats = 0;
        }
        self.lasting.clear();
    }

    pub fn add_lasting(&mut self, card: CardId, what: Lasting, until: Until) {
        if self.out_of_game(card) {
            return;
        }
        if self.logging() {
            let what_s = match what {
                Lasting::Stat(st, d) => format!("{d:+} {st:?}"),
                other => format!("{other:?}"),
            };
            let line = format!("  {}: {} until {:?}", self.title(card), what_s, until);
            self.log_line(line);
        }
        let gen = self.cards[card as usize].gen;
        // Only a stat effect can change a stat the memo keeps as fixed (`stat_now_fixed`: the
        // printed value of a card no modifier and no `Lasting::Stat` touches), and only the
        // stats of the card it is on.
        if matches!(what, Lasting::Stat(..)) {
            self.empty_memo_slots(card);
            self.cards[card as usize].lasting_stats += 1;
        }
        self.lasting.push(LastingEffect {
            card,
            gen,
            what,
            until,
        });
        if what.seen_by_checks() {
            self.dirty = true;
        }
    }
}
