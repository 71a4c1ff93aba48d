//! Action windows (RULES.md §3.0) and Responses (§6): what a player may play or use now, and
//! playing it (costs, attachments, uniqueness).

use super::*;
use crate::engine::query::SHARED_IN_PLAY;

impl<'a> Game<'a> {
    /// An action window (§3.0.3). In the planning phase, `active` is the active player's offset:
    /// he may also play allies, attachments and side quests.
    ///
    /// A player who passes (or can only pass) hands the window to the next player within this
    /// frame, and the window ends without a frame of its own once every player has passed in a
    /// row, as long as no state-based check is pending (`dirty`): nothing changes between two
    /// players' turns, so the next frame would have been this one's own continuation (the same
    /// game, trace and decisions, fewer frames).
    ///
    /// (Always inlined into `exec`, its caller for the two window frames: −0.8% of a `basic`
    /// game, speed21.)
    #[inline(always)]
    pub(super) fn window(&mut self, phase: Phase, active: Option<u8>, seat: u8, passes: u8) {
        let n = self.players_in_game();
        if passes >= n || n == 0 {
            return;
        }
        // Nobody could be offered anything but "pass" (no card with an Action where
        // `offer_actions` looks, nor a hand to play from in the planning window): every player
        // would pass in turn with no decision and nothing changing between them, so the window
        // ends now (the same game and trace, without asking each player).
        // (Not when this frame comes back with the answer to its own decision: a player could
        // act then, and nothing changed since.)
        if passes == 0 && self.answer.is_none() && !self.anyone_may_act(active) {
            return;
        }
        let again = |seat: u8, passes: u8| match active {
            Some(a) => Frame::Planning {
                active: a,
                seat,
                passes,
            },
            None => Frame::Window {
                phase,
                seat,
                passes,
            },
        };
        let (mut seat, mut passes) = (seat, passes);
        loop {
            let p = self.seat(seat % self.n_players);
            if self.players[p as usize].eliminated {
                self.stack.push(again(seat + 1, passes));
                return;
            }
            // His actions resolve in his own staging area (§7.6.1).
            self.focus(p);
            match self.take_answer() {
                None => {
                    let planning = active.map(|a| self.seat(a) == p).unwrap_or(false);
                    self.begin_ask(
                        p,
                        if planning {
                            Ask::Planning
                        } else {
                            Ask::Action(phase)
                        },
                    );
                    self.offer(Opt::Pass);
                    self.with_memo(|g| g.offer_actions(p, planning));
                    if self.n_offered() > 1 {
                        self.stack.push(again(seat, passes));
                        self.wait();
                        return;
                    }
                    // Only "pass": no decision.
                }
                Some(Opt::Pass) => {}
                Some(o) => {
                    self.stack.push(again(seat + 1, 0));
                    self.take_action(p, o);
                    return;
                }
            }
            // He passed: the next player's turn, or the window's end.
            seat += 1;
            passes += 1;
            if self.dirty {
                self.stack.push(again(seat, passes));
                return;
            }
            if passes >= n {
                return;
            }
        }
    }

    /// Could any player in the game be offered an action in this window (`active`: the
    /// planning window's active player)? A cheap superset of `offer_actions`' tests: `false`
    /// only if no zone it scans holds a card with the hook it asks for.
    fn anyone_may_act(&self, active: Option<u8>) -> bool {
        let planner = active.map(|a| self.seat(a));
        let any_player = self.listen.hooks_seen & hooks::ANY_PLAYER_ACT != 0;
        (0..self.n_players).any(|q| {
            !self.players[q as usize].eliminated
                && ((planner == Some(q) && !self.list(Zone::Hand(q)).is_empty())
                    || self.zone_has(Zone::Hand(q), hooks::EVENT_ACT)
                    || self.zone_has(Zone::Hand(q), hooks::HAND_ACT)
                    || self.zone_has(Zone::Discard(q), hooks::FROM_DISCARD)
                    || self.zone_has(Zone::Play(q), hooks::CAN_ACT))
                || (any_player
                    && (self.zone_has(Zone::Play(q), hooks::ANY_PLAYER_ACT)
                        || self.zone_has(Zone::Engaged(q), hooks::ANY_PLAYER_ACT)))
        }) || self.zone_has(Zone::Attached(0), hooks::CAN_ACT)
            || (any_player
                && (self.zone_has(Zone::Staging, hooks::ANY_PLAYER_ACT)
                    || self.zone_has(Zone::Active, hooks::ANY_PLAYER_ACT)))
    }

    /// Offer every legal action of `p` (events and abilities; in his planning window also allies,
    /// attachments and side quests).
    pub(super) fn offer_actions(&mut self, p: u8, planning: bool) {
        // Outside the planning window, only events and `hand_action` cards act from hand.
        let hand_len = if planning
            || self.zone_has(Zone::Hand(p), hooks::EVENT_ACT)
            || self.zone_has(Zone::Hand(p), hooks::HAND_ACT)
        {
            self.list(Zone::Hand(p)).len()
        } else {
            0
        };
        // Whether no card's cost can change for `p` (asked once per window). (No bound on his
        // resources is computed first: `can_pay`'s memoised `available` answers as cheaply,
        // and summing his cards' resources cost more than the payments it spared.)
        let fixed_costs = self.costs_fixed(p);
        // Whether a pending discount may lower a cost below the printed one (asked once).
        let discounts = {
            let ps = &self.players[p as usize];
            ps.ally_discount > 0 || ps.valour_discount > 0
        };
        // (List indexes computed once per list: `offer` takes `&mut self`, so the compiler
        // would recompute them at every card.)
        let hand = Zone::Hand(p).list();
        for i in 0..hand_len {
            let c = self.lists[hand][i];
            let h = self.cards[c as usize].hooks;
            if !planning && h & (hooks::EVENT_ACT | hooks::HAND_ACT) == 0 {
                continue; // nothing below can offer it
            }
            let d = self.def_of(c);
            let sphere = d.sphere;
            let ty = d.ty;
            let printed = d.cost;
            let script = self.script(c);
            // An Action used from hand by a card that is not an event (Elven Jeweler).
            if h & hooks::HAND_ACT != 0
                && ty != CardType::Event
                && script.is_some_and(|s| s.hand_action)
                && script
                    .and_then(|s| s.can_act)
                    .is_some_and(|f| f(self, c, p))
            {
                self.offer_new(Opt::Activate(c));
            }
            // Every test below only reads the game: the cheap ones first. While no cost can
            // change (`fixed_costs`, and no cost hook of its own) the cost is the printed one
            // (what `cost_of` would say), so paying is tested before the card's own `can_act`;
            // otherwise the cost is computed last.
            let own_hook = script.is_some_and(|s| s.cost.is_some());
            let fixed = fixed_costs && !own_hook;
            // Otherwise, without a cost hook of its own or a pending discount, the printed
            // cost is a floor (cost modifiers only raise costs): a card unaffordable at it is
            // unaffordable, and neither its own test nor the modifiers (Heavy Curse's walk of
            // a discard pile) are asked.
            let ok = match ty {
                CardType::Event if fixed => {
                    h & hooks::CAN_ACT != 0
                        && self.can_pay(p, sphere, printed.max(0))
                        && script
                            .and_then(|s| s.can_act)
                            .map(|f| f(self, c, p))
                            .unwrap_or(false)
                }
                CardType::Event => {
                    h & hooks::CAN_ACT != 0
                        && (own_hook || discounts || self.can_pay(p, sphere, printed.max(0)))
                        && script
                            .and_then(|s| s.can_act)
                            .map(|f| f(self, c, p))
                            .unwrap_or(false)
                        && self.can_pay(p, sphere, self.cost_of(c, p))
                }
                CardType::Ally | CardType::Attachment | CardType::PlayerSideQuest if planning => {
                    (if fixed {
                        self.can_pay(p, sphere, printed.max(0))
                    } else {
                        (own_hook || discounts || self.can_pay(p, sphere, printed.max(0)))
                            && self.can_pay(p, sphere, self.cost_of(c, p))
                    }) && !self.unique_in_play(c)
                        && (self.playable_unimplemented(c))
                        && script
                            .and_then(|s| s.can_play)
                            .map(|f| f(self, c, p))
                            .unwrap_or(true)
                        && (ty != CardType::Attachment || self.any_attach_target(c, p))
                }
                _ => false,
            };
            if ok {
                self.offer_new(Opt::Play(c));
            }
        }
        // Events played from the discard pile by their own text (Lords of the Eldar).
        let discard_len = if self.zone_has(Zone::Discard(p), hooks::FROM_DISCARD) {
            self.list(Zone::Discard(p)).len()
        } else {
            0
        };
        let discard = Zone::Discard(p).list();
        for i in 0..discard_len {
            let c = self.lists[discard][i];
            if self.cards[c as usize].hooks & hooks::FROM_DISCARD == 0 {
                continue;
            }
            let d = self.def_of(c);
            let (sphere, cost) = (d.sphere, d.cost.max(0));
            let Some(s) = self.script(c) else { continue };
            if d.ty == CardType::Event
                && self.plays_from_discard(c)
                && s.can_act.is_some_and(|f| f(self, c, p))
                && self.can_pay(p, sphere, cost)
            {
                self.offer_new(Opt::Play(c));
            }
        }
        self.offer_own_abilities(p, Zone::Play(p));
        self.offer_own_abilities(p, Zone::Attached(0));
        // Actions any player may trigger: on encounter cards in the staging area or the active
        // location (Palace Ruins), on enemies engaged with a player (Prison Guard: its script
        // says who may), and on cards other players control (Éowyn). Most games have no card
        // with such an Action: then none of these lists is looked at.
        if self.listen.hooks_seen & hooks::ANY_PLAYER_ACT != 0 {
            self.offer_any_player_abilities(p, Zone::Staging);
            self.offer_any_player_abilities(p, Zone::Active);
            for q in 0..self.n_players {
                self.offer_any_player_abilities(p, Zone::Engaged(q));
                if q != p {
                    self.offer_any_player_abilities(p, Zone::Play(q));
                }
            }
        }
    }

    /// `offer` of an option of a card of the hand or the discard pile in `offer_actions`, which
    /// cannot be among the options already offered: a card is in one zone list once, and each
    /// list is walked once with one option kind per loop (speed30: the scan of the options
    /// before each offer, kept as a test-build check, cost ~1% of an Escape from Mount Gram
    /// game).
    #[inline(always)]
    fn offer_new(&mut self, o: Opt) {
        if cfg!(any(test, debug_assertions)) {
            assert!(
                !self.offered().contains(&o),
                "{o:?} offered twice in one window"
            );
        }
        self.offer(o);
    }

    /// Offer `p` the Actions of the cards he controls in zone list `z` (his play area or the
    /// attachments).
    ///
    /// (Always inlined into `offer_actions`, its only caller, twice an offer list: the plain hint
    /// left it a call whose entry and exit cost more than most of its scans, 1.5% of a `basic`
    /// game.)
    #[inline(always)]
    fn offer_own_abilities(&mut self, p: u8, z: Zone) {
        if !self.zone_has(z, hooks::CAN_ACT) {
            return;
        }
        let li = z.list();
        for i in 0..self.lists[li].len() {
            let c = self.lists[li][i];
            let ci = &self.cards[c as usize];
            // (An attachment he controls on another staging area's card: out of reach.)
            if ci.hooks & hooks::CAN_ACT == 0 || ci.controller != p || !self.reaches(c) {
                continue;
            }
            if let Some(f) = self.script(c).and_then(|s| s.can_act) {
                if f(self, c, p) {
                    self.offer(Opt::Activate(c));
                }
            }
        }
    }

    /// Offer `p` the Actions any player may trigger on the cards of zone list `z`.
    ///
    /// (The zone's hook count is read here, inlined into `offer_actions`, and the walk is a
    /// call only when the list holds such a card: with one in the game (Éowyn), the call made
    /// for each empty list cost ~1% of an Across the Ettenmoors game, speed40.)
    #[inline(always)]
    fn offer_any_player_abilities(&mut self, p: u8, z: Zone) {
        if self.zone_has(z, hooks::ANY_PLAYER_ACT) {
            self.offer_any_player_abilities_in(p, z);
        }
    }

    /// The walk of [`offer_any_player_abilities`](Self::offer_any_player_abilities).
    #[inline(never)]
    fn offer_any_player_abilities_in(&mut self, p: u8, z: Zone) {
        let li = z.list();
        for i in 0..self.lists[li].len() {
            let c = self.lists[li][i];
            // Only cards of his own staging area (§7.6.1).
            if self.cards[c as usize].hooks & hooks::ANY_PLAYER_ACT == 0 || !self.reaches(c) {
                continue;
            }
            let Some(s) = self.script(c) else { continue };
            if !s.any_player {
                continue;
            }
            if let Some(f) = s.can_act {
                if f(self, c, p) {
                    self.offer(Opt::Activate(c));
                }
            }
        }
    }

    /// Can no card's cost change for `p` now (no cost modifier in play, no pending ally or
    /// Valour discount)?
    fn costs_fixed(&self, p: u8) -> bool {
        let ps = &self.players[p as usize];
        self.interest[IDX_COST_MOD].is_empty() && ps.ally_discount <= 0 && ps.valour_discount <= 0
    }

    /// Is a card without a script allowed to be played (vanilla, or `--allow-unimplemented`)?
    pub(super) fn playable_unimplemented(&self, c: CardId) -> bool {
        self.script(c).is_some()
            || self.setup.allow_unimplemented
            || crate::cards::vanilla(self.db, self.def_id(c))
    }

    pub fn unique_in_play(&self, c: CardId) -> bool {
        let ci = &self.cards[c as usize];
        if ci.reanimated {
            return self.unique_in_play_by_title(c);
        }
        // Unique cards with `c`'s title are those with its key (`Game::def_unique`); a
        // Reanimated Dead shows a face that is no definition: compared by title.
        let key = self.def_unique[ci.def as usize];
        if key == 0 {
            return false;
        }
        // The other cards with its key are those of its ring (`CardInst::same_unique`); one
        // shown as a Reanimated Dead is not of its title (that face is not unique).
        let mut x = ci.same_unique;
        let r = loop {
            if x == c {
                break false;
            }
            let xi = &self.cards[x as usize];
            if !xi.reanimated && xi.zone.in_play() {
                break true;
            }
            x = xi.same_unique;
        };
        if cfg!(test) && self.stat_memo.check {
            // Test builds, checking mode: the ring answers as a scan of the cards in play
            // by key, and the keys as the titles would.
            assert_eq!(
                r,
                self.unique_in_play_by_scan(c),
                "unique_in_play({c}) by scan"
            );
            assert_eq!(r, self.unique_in_play_by_title(c), "unique_in_play({c})");
        }
        r
    }

    /// `unique_in_play` by scanning every card in play for `c`'s key (test builds: the check
    /// of the rings).
    #[cold]
    pub(crate) fn unique_in_play_by_scan(&self, c: CardId) -> bool {
        let key = self.def_unique[self.cards[c as usize].def as usize];
        let same = |x: CardId| {
            let xi = &self.cards[x as usize];
            x != c
                && if xi.reanimated {
                    let dx = self.def_of(x);
                    dx.unique && dx.title == self.def_of(c).title
                } else {
                    self.def_unique[xi.def as usize] == key
                }
        };
        self.in_play_any(same)
    }

    /// `unique_in_play` by comparing titles (for a Reanimated Dead `c`; in test builds, the
    /// check of the keys).
    #[cold]
    fn unique_in_play_by_title(&self, c: CardId) -> bool {
        let d = self.def_of(c);
        if !d.unique {
            return false;
        }
        let title = &d.title;
        let same = |x: CardId| {
            let dx = self.def_of(x);
            x != c && dx.unique && dx.title == *title
        };
        self.in_play_any(same)
    }

    /// Does `f` hold for a card in play (the zones of `in_play_cards`)?
    #[inline(always)]
    fn in_play_any(&self, same: impl Fn(CardId) -> bool) -> bool {
        // The zones of `in_play_cards`, scanned directly (no iterator chain: asked for every
        // unique card in hand at every action window).
        SHARED_IN_PLAY
            .into_iter()
            .any(|z| self.list(z).iter().any(|&x| same(x)))
            || (0..self.n_players).any(|p| {
                self.list(Zone::Play(p)).iter().any(|&x| same(x))
                    || self.list(Zone::Engaged(p)).iter().any(|&x| same(x))
            })
    }

    /// Has attachment `a` played by `p` a legal target (`attach_targets`)? Only whether one
    /// exists, so the zones are scanned in another order: `p`'s own play area first (his heroes,
    /// where most attachments go), then the other zones of `in_play_cards` (the same answer, a
    /// short scan instead of the encounter cards' tests first; test builds check it).
    pub(super) fn any_attach_target(&self, a: CardId, p: u8) -> bool {
        let f = self.script(a).and_then(|s| s.attach_to);
        let ok = |t: CardId| self.is_attach_target(a, p, f, t);
        let found = self.list(Zone::Play(p)).iter().any(|&t| ok(t))
            || SHARED_IN_PLAY
                .into_iter()
                .any(|z| self.list(z).iter().any(|&t| ok(t)))
            || (0..self.n_players).any(|q| {
                (q != p && self.list(Zone::Play(q)).iter().any(|&t| ok(t)))
                    || self.list(Zone::Engaged(q)).iter().any(|&t| ok(t))
            });
        if cfg!(test) {
            assert_eq!(found, self.attach_targets(a, p).next().is_some());
        }
        found
    }

    /// Legal targets for attachment `a` played by `p`. Without a script: a hero `p` controls.
    pub fn attach_targets(&self, a: CardId, p: u8) -> impl Iterator<Item = CardId> + '_ {
        let f = self.script(a).and_then(|s| s.attach_to);
        self.in_play_cards()
            .filter(move |&t| self.is_attach_target(a, p, f, t))
    }

    /// Is `t` a legal target for attachment `a` played by `p` (`f`: `a`'s `attach_to` hook)?
    #[inline(always)]
    fn is_attach_target(
        &self,
        a: CardId,
        p: u8,
        f: Option<crate::cards::AttachToFn>,
        t: CardId,
    ) -> bool {
        // Only cards of the player's own staging area (§7.6.1).
        if t == a || !self.reaches(t) || self.rule(Rule::CannotHaveAttachments(t)) {
            return false;
        }
        if self.def_of(a).keywords.restricted && self.rule(Rule::CannotHaveRestricted(t)) {
            return false;
        }
        match f {
            Some(f) => f(self, a, p, t),
            None => self.is_hero(t) && self.cards[t as usize].controller == p,
        }
    }

    pub(crate) fn take_action(&mut self, p: u8, o: Opt) {
        match o {
            Opt::Play(c) => {
                let d = self.def_of(c);
                let (ty, doomed) = (d.ty, d.keywords.doomed);
                self.log_fn(|g| format!("  P{} plays {}", p + 1, g.title(c)));
                if self.script(c).is_none() && !crate::cards::vanilla(self.db, self.def_id(c)) {
                    self.record.unimplemented_plays += 1;
                }
                match ty {
                    CardType::Event => {
                        self.pay_for(c, p);
                        self.move_card(c, Zone::Resolving);
                        self.stack.push(Frame::FinishEvent { card: c });
                        if let Some(f) = self.script(c).and_then(|s| s.act) {
                            f(self, c, p);
                        }
                        self.fire(Event::Triggered(c, p));
                    }
                    CardType::Ally => {
                        self.pay_for(c, p);
                        self.put_into_play(c, p);
                        self.fire(Event::Played(c));
                    }
                    CardType::Attachment => {
                        self.pay_for(c, p);
                        self.move_card(c, Zone::Resolving);
                        self.stack.push(Frame::PlayAttachment { card: c, seat: p });
                    }
                    CardType::PlayerSideQuest => {
                        self.pay_for(c, p);
                        self.move_card(c, Zone::Staging);
                        self.cards[c as usize].controller = p;
                        self.fire(Event::EntersPlay(c));
                        self.fire(Event::Played(c));
                    }
                    _ => {}
                }
                // Each player of his staging area (§7.6.10).
                for q in 0..self.n_players {
                    if self.reaches_player(q) {
                        self.raise_threat_by_player(q, doomed as i16);
                    }
                }
            }
            Opt::Activate(c) => {
                self.log_fn(|g| format!("  P{} uses {}", p + 1, g.title(c)));
                if let Some(f) = self.script(c).and_then(|s| s.act) {
                    f(self, c, p);
                }
                self.fire(Event::Triggered(c, p));
            }
            _ => {}
        }
    }

    pub(super) fn play_attachment(&mut self, card: CardId, seat: u8) {
        if self.out_of_game(card) {
            // Its player was eliminated while playing it: it left the game with him.
            self.take_answer();
            return;
        }
        match self.take_answer() {
            // A player attachment with Guarded (X) is not attached to the chosen card but goes
            // to guard (§5.5.1, .3).
            None if self.guarded_x(card).is_some() => {
                self.guard_player_attachment(card, seat);
                self.fire(Event::Played(card));
            }
            None => {
                self.begin_ask(seat, Ask::Effect { card, what: 0 });
                let mut n = 0;
                for t in self.attach_targets(card, seat).collect::<SmallIds>().iter() {
                    self.offer(Opt::Card(*t));
                    n += 1;
                }
                if n == 0 {
                    // The target went away: the card goes to the discard pile.
                    let to = self.discard_zone(card);
                    self.move_card(card, to);
                    return;
                }
                self.stack.push(Frame::PlayAttachment { card, seat });
                self.wait();
            }
            Some(Opt::Card(t)) => {
                let ctl = if self.cards[t as usize].owner == ENCOUNTER && !self.is_character(t) {
                    seat
                } else {
                    self.cards[t as usize].controller
                };
                self.attach(card, t, ctl);
                self.log_fn(|g| format!("  {} attached to {}", g.title(card), g.title(t)));
                self.fire(Event::Played(card));
            }
            Some(_) => {}
        }
    }

    pub(super) fn responses(
        &mut self,
        ev: Event,
        seat: u8,
        passes: u8,
        used: [CardId; RESPONSE_SLOTS],
    ) {
        let n = self.players_in_game();
        if passes >= n || n == 0 {
            if matches!(ev, Event::Damaged(..) | Event::CancelDamage(..)) {
                // Destruction may have waited for these Responses (`damage_cancel_pending`).
                self.dirty = true;
            }
            return;
        }
        let p = self.seat(seat % self.n_players);
        if self.players[p as usize].eliminated {
            self.stack.push(Frame::Responses {
                ev,
                seat: seat + 1,
                passes,
                used,
            });
            return;
        }
        // With several staging areas, only the players of the event's area respond, each in it
        // (§7.6.1): those of the area being resolved, if the event is of it.
        if !self.may_respond_here(p, ev) {
            self.stack.push(Frame::Responses {
                ev,
                seat: seat + 1,
                passes: passes + 1,
                used,
            });
            return;
        }
        match self.take_answer() {
            None => {
                if self.listen.resp_stale != 0 {
                    self.refresh_responders();
                }
                let mut buf = std::mem::take(&mut self.scratch);
                self.with_memo(|g| g.response_candidates(p, ev, &mut buf));
                // (`used` fills from its first slot: nothing to drop while that is empty.)
                if used[0] != NO_CARD {
                    buf.retain(|c| !used.contains(c));
                }
                if buf.is_empty() {
                    self.scratch = buf;
                    self.stack.push(Frame::Responses {
                        ev,
                        seat: seat + 1,
                        passes: passes + 1,
                        used,
                    });
                    return;
                }
                self.begin_ask(p, Ask::Response(ev));
                self.offer(Opt::Pass);
                for &c in &buf {
                    self.offer(Opt::Activate(c));
                }
                self.scratch = buf;
                self.stack.push(Frame::Responses {
                    ev,
                    seat,
                    passes,
                    used,
                });
                self.waiting = true; // a response is always a real choice (pass or use)
            }
            Some(Opt::Activate(c)) => {
                let mut used = used;
                // Each card responds to an event once. With every slot taken (more responders
                // than `RESPONSE_SLOTS`, e.g. several players' Blades of Gondolin and heroes on
                // one kill), this response closes the window: re-offering a card that cannot
                // be recorded would never end.
                let passes = match used.iter_mut().find(|x| **x == NO_CARD) {
                    Some(slot) => {
                        *slot = c;
                        0
                    }
                    None => self.players_in_game(),
                };
                self.stack.push(Frame::Responses {
                    ev,
                    seat: seat + 1,
                    passes,
                    used,
                });
                self.log_fn(|g| format!("  P{} responds with {}", p + 1, g.title(c)));
                if self.cards[c as usize].zone == Zone::Hand(p) && self.ty(c) == CardType::Event {
                    self.pay_for(c, p);
                    self.move_card(c, Zone::Resolving);
                    self.stack.push(Frame::FinishEvent { card: c });
                }
                if let Some(f) = self.script(c).and_then(|s| s.respond) {
                    f(self, c, p, ev);
                }
                self.fire(Event::Triggered(c, p));
            }
            Some(_) => self.stack.push(Frame::Responses {
                ev,
                seat: seat + 1,
                passes: passes + 1,
                used,
            }),
        }
    }
}
