//! The round structure (RULES.md §2–§4): setup, the seven phases with their framework steps and
//! action windows, staging and the reveal procedure, travel, engagement, combat, refresh,
//! state-based checks (destruction, exploration, quest defeat, elimination), and the score.

use super::*;
use crate::cards::Rule;
use crate::data::Mode;
use crate::record::{ELIMINATED, MAX_ROUNDS};

mod actions;
mod by_area;
mod checks;
mod combat;
mod describe;
mod encounter;
mod quest;
mod refresh;
mod resource;
mod reveal;
mod setup;
pub(crate) use setup::SetupTemplate;
mod travel;

/// Framework steps, in round order (RULES.md §3 "Named moments").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    SetupScenario,
    /// Campaign mode (RULES §9.2.2): threat penalty, the campaign card's and the pool cards'
    /// Setup text (after the quest card's, §2.2.9.2).
    SetupCampaign,
    /// The Nightmare setup card's own Setup instructions (after the quest card's).
    SetupNightmare,
    /// "Setup:" text on player cards in play (contracts), after the scenario's setup (§2.2.9.3).
    SetupPlayers,
    SetupFlip,
    RoundBegin,
    ResourceBegin,
    Gain,
    Draw,
    ResourceWindow,
    ResourceEnd,
    PlanningBegin,
    PlanningEnd,
    QuestBegin,
    QuestWindow1,
    Commit,
    QuestWindow2,
    Staging,
    QuestWindow3,
    Resolve,
    QuestWindow4,
    QuestEnd,
    TravelBegin,
    TravelWindow1,
    Travel,
    TravelWindow2,
    TravelEnd,
    EncounterBegin,
    EncounterWindow1,
    OptionalEngage,
    EncounterWindow2,
    EngagementChecks,
    EncounterWindow3,
    EncounterEnd,
    CombatBegin,
    Shadows,
    CombatWindow,
    EnemyAttacks,
    PlayerAttacks,
    CombatEnd,
    RefreshBegin,
    Ready,
    RaiseThreat,
    PassToken,
    RefreshWindow,
    RefreshEnd,
    RoundEnd,
}

impl Step {
    fn next(self) -> Step {
        use Step::*;
        match self {
            SetupScenario => SetupCampaign,
            SetupCampaign => SetupNightmare,
            SetupNightmare => SetupPlayers,
            SetupPlayers => SetupFlip,
            SetupFlip => RoundBegin,
            RoundBegin => ResourceBegin,
            ResourceBegin => Gain,
            Gain => Draw,
            Draw => ResourceWindow,
            ResourceWindow => ResourceEnd,
            ResourceEnd => PlanningBegin,
            PlanningBegin => PlanningEnd,
            PlanningEnd => QuestBegin,
            QuestBegin => QuestWindow1,
            QuestWindow1 => Commit,
            Commit => QuestWindow2,
            QuestWindow2 => Staging,
            Staging => QuestWindow3,
            QuestWindow3 => Resolve,
            Resolve => QuestWindow4,
            QuestWindow4 => QuestEnd,
            QuestEnd => TravelBegin,
            TravelBegin => TravelWindow1,
            TravelWindow1 => Travel,
            Travel => TravelWindow2,
            TravelWindow2 => TravelEnd,
            TravelEnd => EncounterBegin,
            EncounterBegin => EncounterWindow1,
            EncounterWindow1 => OptionalEngage,
            OptionalEngage => EncounterWindow2,
            EncounterWindow2 => EngagementChecks,
            EngagementChecks => EncounterWindow3,
            EncounterWindow3 => EncounterEnd,
            EncounterEnd => CombatBegin,
            CombatBegin => Shadows,
            Shadows => CombatWindow,
            CombatWindow => EnemyAttacks,
            EnemyAttacks => PlayerAttacks,
            PlayerAttacks => CombatEnd,
            CombatEnd => RefreshBegin,
            RefreshBegin => Ready,
            Ready => RaiseThreat,
            RaiseThreat => PassToken,
            PassToken => RefreshWindow,
            RefreshWindow => RefreshEnd,
            RefreshEnd => RoundEnd,
            RoundEnd => RoundBegin,
        }
    }
}

impl<'a> Game<'a> {
    /// Run frame `f`, then the frames below it (after the state-based checks, if any is
    /// pending: `dirty`, as `run` does) while no decision is asked, the game goes on and the
    /// stack is not empty. The same frames in the same order as one
    /// `exec` per frame from `run`'s loop, without a call (and this function's large prologue)
    /// per frame (speed32). (Test builds in checking mode return to `run` after every frame:
    /// it checks the idle state between any two.)
    pub(crate) fn exec(&mut self, mut f: Frame) {
        loop {
            // (An optimisation barrier, play unchanged: the game is reached through a pointer
            // the compiler cannot follow across frames, so it does not hoist the addresses of
            // a dozen fields into this function's prologue and spill them, paid at every call
            // while most calls run a few frames.)
            std::hint::black_box(&mut *self).exec_frame(f);
            if self.waiting || self.outcome.is_some() || (cfg!(test) && self.stat_memo.check) {
                return;
            }
            if self.dirty {
                // What `run` would do next.
                self.state_checks_call();
                if self.outcome.is_some() || self.waiting {
                    return;
                }
            }
            let Some(next) = self.stack.pop() else {
                return; // (`run` ends the game or the sandbox's run)
            };
            f = next;
        }
    }

    /// One frame of [`exec`](Self::exec) (inlined into it, its only caller).
    #[inline(always)]
    fn exec_frame(&mut self, f: Frame) {
        match f {
            Frame::Step(mut s) => loop {
                self.exec_step(s);
                // A step whose next frame is a step runs that one here, with nothing between
                // them that `run` would have done: no state-based check is pending (`dirty`),
                // no decision is asked and the game goes on. The same game and trace with fewer
                // round trips through `run` and this dispatch. (Test builds in checking mode
                // return to `run`, which checks the idle state between any two frames.)
                if self.dirty
                    || self.waiting
                    || self.outcome.is_some()
                    || (cfg!(test) && self.stat_memo.check)
                {
                    break;
                }
                let Some(&Frame::Step(t)) = self.stack.last() else {
                    break;
                };
                self.stack.pop();
                s = t;
            },
            Frame::Window {
                phase,
                seat,
                passes,
            } => self.window(phase, None, seat, passes),
            Frame::Planning {
                active,
                seat,
                passes,
            } => self.window(Phase::Planning, Some(active), seat, passes),
            Frame::Mulligan { seat } => self.mulligan(seat),
            Frame::Commit { seat } => self.commit(seat),
            Frame::Staging { left, seat } => {
                if left == 0 {
                    self.fire(Event::StagingEnded);
                } else {
                    self.stack.push(Frame::Staging {
                        left: left - 1,
                        seat: seat + 1,
                    });
                    // The players still in the game reveal in player order (§3.3.1.2); with
                    // several staging areas, those of the area being resolved (§7.6.3).
                    let n = self.players_in_this_area().max(1);
                    let by = self
                        .area_seats()
                        .nth((seat % n) as usize)
                        .unwrap_or(self.first);
                    self.stack.push(Frame::RevealTop { by });
                }
            }
            Frame::RevealTop { by } => {
                self.focus(by);
                self.reveal_top(by)
            }
            Frame::Reveal {
                card,
                by,
                stage,
                from_deck,
            } => {
                self.focus(by);
                self.reveal(card, by, stage, from_deck)
            }
            Frame::AreaStep { step, area } => self.area_step(step, area),
            Frame::OptionalEngage { seat } => self.optional_engage(seat),
            Frame::EngagementChecks { seat, any } => self.engagement_checks(seat, any),
            Frame::Travel => self.travel(),
            Frame::DealShadows => self.deal_shadows(),
            Frame::EnemyAttacks { seat } => self.enemy_attacks(seat),
            Frame::Attack { stage } => self.enemy_attack(stage),
            Frame::PlayerAttacks { seat } => self.player_attacks(seat),
            Frame::PlayerAttack { stage } => self.player_attack(stage),
            Frame::Archery { left } => self.archery(left),
            Frame::Responses {
                ev,
                seat,
                passes,
                used,
            } => self.responses(ev, seat, passes, used),
            Frame::WhenRevealedOnly { card, by } => {
                if let Some(f) = self.script(card).and_then(|s| s.when_revealed) {
                    self.log_fn(|g| {
                        format!("  {} resolves its When Revealed effect", g.title(card))
                    });
                    f(self, card, by);
                }
            }
            Frame::FinishEvent { card } if self.out_of_game(card) => {}
            Frame::FinishEvent { card } => {
                let owner = self.cards[card as usize].owner;
                if owner < self.n_players && self.ty(card) == CardType::Event {
                    let n = &mut self.players[owner as usize].events_played_round;
                    *n = n.saturating_add(1);
                }
                if self.cards[card as usize].zone == Zone::Resolving {
                    let to = self.discard_zone(card);
                    self.move_card(card, to);
                }
                self.fire(Event::Played(card));
            }
            Frame::Choice { cont } if cont.card == NO_CARD => {
                let opt = self.take_answer().unwrap_or(Opt::Pass);
                self.engine_resume(cont, opt);
            }
            Frame::Resume { cont } if cont.card == NO_CARD => self.engine_resume(cont, Opt::Pass),
            // The card left the game with its eliminated player: the rest of its effect is not
            // resolved (rule option `eliminated_effects_stop`, RULES §4.2.3.4).
            Frame::Choice { cont } | Frame::Resume { cont } if self.effect_stopped(cont.card) => {
                self.take_answer();
            }
            Frame::Choice { cont } => {
                let opt = self.take_answer().unwrap_or(Opt::Pass);
                if let Some(f) = self.script(cont.card).and_then(|s| s.resume) {
                    f(self, cont, opt);
                }
            }
            Frame::Resume { cont } => {
                if let Some(f) = self.script(cont.card).and_then(|s| s.resume) {
                    f(self, cont, Opt::Pass);
                }
            }
            Frame::ImmediateAttack { enemy, player }
            | Frame::ImmediateAttackNoShadow { enemy, player } => {
                if self.cards[enemy as usize].zone.in_play()
                    && !self.players[player as usize].eliminated
                    && self.can_attack_player(enemy, player)
                {
                    if self.attack_replaced(enemy, player) {
                        return;
                    }
                    self.attack = AttackCtx::new(enemy, player, true);
                    if self.setup.options.immediate_attack_uses_combat_attack {
                        // §3.6.3.4 option: no attack of its own in this round's combat phase
                        // (the mark is cleared at the end of combat and at the round's start).
                        self.cards[enemy as usize].attacked = true;
                    }
                    if matches!(f, Frame::ImmediateAttack { .. }) {
                        self.deal_shadow(enemy);
                    }
                    self.stack.push(Frame::Attack { stage: 0 });
                    self.fire(Event::EnemyAttacks(enemy, player));
                }
            }
            Frame::PlayAttachment { card, seat } => self.play_attachment(card, seat),
            // Only a different attack started in the window replaces the context; otherwise
            // keep the current one (with whatever the window's effects changed on it).
            // The window focused each player's staging area in turn (§7.6.1): the attack goes
            // on in its player's.
            Frame::RestoreAttack => {
                if let Some(a) = self.saved_attacks.pop() {
                    if (self.attack.enemy, self.attack.player) != (a.enemy, a.player) {
                        self.attack = a;
                    }
                }
                if self.attack.enemy != NO_CARD {
                    self.focus(self.attack.player);
                }
            }
            Frame::RestorePlayerAttack => {
                if let Some(a) = self.saved_patks.pop() {
                    if (self.patk.enemy, self.patk.player) != (a.enemy, a.player) {
                        self.patk = a;
                    }
                }
                if self.patk.enemy != NO_CARD {
                    self.focus(self.patk.player);
                }
            }
            Frame::Guard {
                objective,
                guard: NO_CARD,
                by,
            } => {
                // Reveal the guard: the next encounter card.
                if self.list(Zone::EncounterDeck).is_empty() && self.phase == Phase::Quest {
                    self.reset_encounter_deck();
                }
                if let Some(g) = self.top(Zone::EncounterDeck) {
                    self.stack.push(Frame::Guard {
                        objective,
                        guard: g,
                        by,
                    });
                    self.stack.push(Frame::Reveal {
                        card: g,
                        by,
                        stage: 0,
                        from_deck: true,
                    });
                }
            }
            Frame::Guard {
                objective,
                guard: g,
                ..
            } => {
                // An enemy, location or side quest guard holds the objective until it leaves
                // play (a side quest guards a Safe objective-location, §8.8).
                if self.cards[objective as usize].zone == Zone::Staging
                    && (self.is_enemy(g) || self.is_location(g) || self.is_side_quest(g))
                    && self.cards[g as usize].zone.in_play()
                {
                    self.move_card_keep(objective, Zone::Attached(g));
                    self.log_fn(|s| format!("  {} guards {}", s.title(g), s.title(objective)));
                }
            }
        }
    }

    // (Inlined into `exec`, its only caller, as the compiler did before it was asked to: a call
    // per step costs more than the code it would save.)
    #[inline(always)]
    fn exec_step(&mut self, s: Step) {
        use Step::*;
        if s != RoundEnd {
            self.stack.push(Frame::Step(s.next()));
        }
        if self.areas.split && self.split_step(s) {
            return;
        }
        match s {
            ResourceWindow | QuestWindow1 | QuestWindow2 | QuestWindow3 | QuestWindow4
            | TravelWindow1 | TravelWindow2 | EncounterWindow1 | EncounterWindow2
            | EncounterWindow3 | CombatWindow | RefreshWindow => {
                if self.dirty {
                    self.stack.push(Frame::Window {
                        phase: self.phase,
                        seat: 0,
                        passes: 0,
                    });
                } else {
                    // The window's frame would run next, with no state-based check before it:
                    // run it now.
                    self.window(self.phase, None, 0, 0);
                }
            }
            SetupScenario | SetupCampaign | SetupNightmare | SetupPlayers | SetupFlip => {
                self.setup_step(s)
            }
            RoundBegin | ResourceBegin | Gain | Draw | ResourceEnd | PlanningBegin
            | PlanningEnd => self.resource_planning_step(s),
            QuestBegin | Commit | Staging | Resolve | QuestEnd => self.quest_step(s),
            TravelBegin | Travel | TravelEnd => self.travel_step(s),
            EncounterBegin | OptionalEngage | EngagementChecks | EncounterEnd => {
                self.encounter_step(s)
            }
            CombatBegin | Shadows | EnemyAttacks | PlayerAttacks | CombatEnd => self.combat_step(s),
            RefreshBegin | Ready | RaiseThreat | PassToken | RefreshEnd | RoundEnd => {
                self.refresh_step(s)
            }
        }
    }

    pub fn set_first_player(&mut self, p: u8) {
        if p == self.first {
            return;
        }
        self.first = p;
        self.log_fn(|g| format!("  first player token -> P{}", g.first + 1));
        self.fire(Event::FirstPlayerChanged(p));
    }

    pub fn log_fn(&mut self, f: impl FnOnce(&Self) -> String) {
        if self.logging() {
            let s = f(self);
            self.log_line(s);
        }
    }

    fn begin_phase(&mut self, p: Phase) {
        self.phase = p;
        self.log_fn(|_| format!("-- {:?} phase --", p));
        self.fire(Event::PhaseBegin(p));
    }

    fn end_phase(&mut self, p: Phase) {
        for ps in self.players.iter_mut() {
            ps.ally_discount = 0;
        }
        self.fire(Event::PhaseEnd(p));
        self.expire(Until::EndOfPhase);
        for ps in self.players.iter_mut() {
            ps.valour_discount = 0;
        }
    }

    /// End lasting effects of duration `u`, doing what they do at their end.
    pub(crate) fn expire(&mut self, u: Until) {
        if u == Until::EndOfPhase {
            if self.phase_uses {
                for c in self.cards.iter_mut() {
                    c.uses_phase = 0;
                }
                self.phase_uses = false;
            } else if cfg!(test) {
                // Every per-phase count was set through `set_uses_phase`.
                assert!(
                    self.cards.iter().all(|c| c.uses_phase == 0),
                    "uses_phase set without set_uses_phase"
                );
            }
        }
        let mut i = 0;
        while i < self.lasting.len() {
            let e = self.lasting[i];
            let ends = e.until == u
                || (u == Until::EndOfPhase
                    && matches!(
                        e.what,
                        Lasting::ReturnToHandAtEndOfPhase | Lasting::ShuffleIntoDeckAtEndOfPhase
                    ))
                || (u == Until::EndOfRound
                    && matches!(
                        e.what,
                        Lasting::DiscardAtEndOfRound | Lasting::ShuffleIntoDeckAtEndOfRound
                    ));
            if !ends {
                i += 1;
                continue;
            }
            self.lasting.remove(i);
            if matches!(e.what, Lasting::Stat(..)) {
                self.cards[e.card as usize].lasting_stats -= 1;
            }
            if e.what.seen_by_checks() {
                self.dirty = true;
            }
            let ci = self.cards[e.card as usize];
            if e.what == Lasting::RemoveAtEndOfRound && ci.gen == e.gen && ci.zone == Zone::Victory
            {
                self.move_card(e.card, Zone::Removed);
                continue;
            }
            if ci.gen != e.gen || !ci.zone.in_play() {
                continue;
            }
            // The card leaving play drops its other lasting effects: rescan from the start.
            i = 0;
            match e.what {
                Lasting::ReturnToHandAtEndOfPhase => {
                    self.move_card(e.card, Zone::Hand(ci.owner));
                    self.fire(Event::LeftPlay(e.card));
                }
                Lasting::ShuffleIntoDeckAtEndOfPhase => {
                    self.move_card(e.card, Zone::Deck(ci.owner));
                    self.shuffle(Zone::Deck(ci.owner));
                    self.fire(Event::LeftPlay(e.card));
                }
                Lasting::DiscardAtEndOfRound => self.discard(e.card),
                Lasting::RemoveAtEndOfRound => {
                    self.move_card(e.card, Zone::Removed);
                    self.fire(Event::LeftPlay(e.card));
                }
                Lasting::ShuffleIntoDeckAtEndOfRound => {
                    self.move_card(e.card, Zone::Deck(ci.owner));
                    self.shuffle(Zone::Deck(ci.owner));
                    self.fire(Event::LeftPlay(e.card));
                }
                _ => {}
            }
        }
    }

    /// Continuations of the framework itself (card `NO_CARD`).
    fn engine_resume(&mut self, cont: Cont, opt: Opt) {
        match (cont.step, opt) {
            // A guarded player attachment was freed (or found no guard): its owner attaches it
            // to an eligible card (§5.5.3); with none, it is discarded.
            (10, _) => {
                let a = cont.a as CardId;
                if self.cards[a as usize].zone != Zone::Resolving {
                    return;
                }
                let p = cont.player;
                self.begin_ask(p, Ask::Effect { card: a, what: 0 });
                let targets: SmallIds = self.attach_targets(a, p).collect();
                for &t in targets.iter() {
                    self.offer(Opt::Card(t));
                }
                if targets.is_empty() {
                    let to = self.discard_zone(a);
                    self.move_card(a, to);
                    return;
                }
                self.stack.push(Frame::Choice {
                    cont: Cont::new(NO_CARD, 11).with(p, cont.a, 0),
                });
                self.wait();
            }
            (11, Opt::Card(t)) => {
                let a = cont.a as CardId;
                if self.cards[a as usize].zone == Zone::Resolving
                    && self.cards[t as usize].zone.in_play()
                {
                    let ctl = self.cards[t as usize].controller;
                    self.attach(a, t, ctl);
                    self.log_fn(|g| format!("  {} attached to {}", g.title(a), g.title(t)));
                }
            }
            (1, Opt::Card(c)) if c != NO_CARD && self.is_side_quest(c) => {
                self.add_lasting(c, Lasting::CurrentQuest, Until::EndOfPhase);
                self.log_fn(|g| format!("  current quest: {}", g.title(c)));
                self.fire(Event::BecameCurrentQuest(c));
            }
            (2, _) => self.patk.enemy = NO_CARD,
            (3, _) => {
                let q = cont.a as CardId;
                if self.main_quest() == Some(q) {
                    self.flip_quest(q);
                }
            }
            (4, _) => self.expire(Until::EndOfRound),
            // The travel to a Safe location, once its costs are paid (`safe_travel_pay`).
            (20, _) => {
                let l = cont.a as CardId;
                if self.cards[l as usize].zone == Zone::Staging && self.active_location().is_none()
                {
                    self.travel_to(l);
                }
            }
            (crate::engine::captured::RESUME_RESCUED, _) => {
                self.fire(Event::Rescued(cont.a as CardId, cont.player));
            }
            (crate::engine::captured::RESUME_ENTERS_PLAY, _) => {
                let h = cont.a as CardId;
                if self.cards[h as usize].zone == Zone::Play(cont.player) {
                    self.fire(Event::EntersPlay(h));
                }
            }
            // A guarded objective-ally was freed into the staging area (`discard_hosted`).
            (40, _) => {
                let a = cont.a as CardId;
                if self.cards[a as usize].zone == Zone::Staging {
                    self.log_fn(|g| format!("  {} is free of encounters", g.title(a)));
                    self.fire(Event::Unguarded(a));
                }
            }
            _ => {}
        }
    }

    /// "End the current phase" (§3.3.3.3): the rest of the phase's steps, windows, attacks and
    /// pending responses are dropped and the phase's end step comes next. Cards caught resolving
    /// (an event, a treachery) go to their discard pile; an interrupted attack ends (its
    /// "until the end of the attack" effects expire; an immediate attack's shadow cards go).
    /// Call it from a frame (not while a decision is pending). Work the caller pushes after it
    /// runs before the end step. Does nothing if the current phase is already ending.
    pub fn end_phase_now(&mut self) {
        let Some(pos) = self.stack.iter().rposition(|f| matches!(f, Frame::Step(_))) else {
            return;
        };
        let Frame::Step(s) = self.stack[pos] else {
            return;
        };
        let end = match self.phase {
            Phase::Resource => Step::ResourceEnd,
            Phase::Planning => Step::PlanningEnd,
            Phase::Quest => Step::QuestEnd,
            Phase::Travel => Step::TravelEnd,
            Phase::Encounter => Step::EncounterEnd,
            Phase::Combat => Step::CombatEnd,
            Phase::Refresh => Step::RefreshEnd,
            Phase::Setup => return,
        };
        // Is the next step still inside the current phase (up to and including its end step)?
        let mut t = s;
        let mut inside = false;
        for _ in 0..8 {
            if t == end {
                inside = true;
                break;
            }
            if matches!(
                t,
                Step::ResourceBegin
                    | Step::PlanningBegin
                    | Step::QuestBegin
                    | Step::TravelBegin
                    | Step::EncounterBegin
                    | Step::CombatBegin
                    | Step::RefreshBegin
                    | Step::RoundEnd
            ) {
                break;
            }
            t = t.next();
        }
        if !inside {
            return;
        }
        self.log_fn(|g| format!("  the {:?} phase ends", g.phase).to_lowercase());
        let mut attack_cut = false;
        // A quest stage flip still pending (`advance`: side B comes once side A's When Revealed
        // is done, and that text may be what ends the phase) survives: it is not phase work.
        let mut flip: Option<Frame> = None;
        while self.stack.len() > pos {
            match self.stack.pop().expect("len > pos") {
                Frame::RestoreAttack => {
                    self.saved_attacks.pop();
                }
                Frame::RestorePlayerAttack => {
                    self.saved_patks.pop();
                }
                Frame::Attack { .. } => attack_cut = true,
                f @ Frame::Resume { cont } if cont.card == NO_CARD && cont.step == 3 => {
                    flip = Some(f);
                }
                _ => {}
            }
        }
        if attack_cut {
            self.attack.after = NO_CARD;
            self.expire(Until::EndOfAttack);
            if self.attack.immediate {
                let e = self.attack.enemy;
                while let Some(sh) = {
                    let x = self.shadows_of(e).next();
                    x
                } {
                    self.move_card(sh, Zone::EncounterDiscard);
                }
            }
        }
        self.patk.enemy = NO_CARD;
        while let Some(&c) = self.list(Zone::Resolving).last() {
            let to = self.discard_zone(c);
            self.move_card(c, to);
        }
        self.stack.push(Frame::Step(end));
        if let Some(f) = flip {
            self.stack.push(f);
        }
    }
}
