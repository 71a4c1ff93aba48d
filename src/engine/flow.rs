//! The round structure (RULES.md §2–§4): setup, the seven phases with their framework steps and
//! action windows, staging and the reveal procedure, travel, engagement, combat, refresh,
//! state-based checks (destruction, exploration, quest defeat, elimination), and the score.

use super::*;
use crate::cards::Rule;
use crate::data::Mode;
use crate::record::{ELIMINATED, MAX_ROUNDS};

/// Framework steps, in round order (RULES.md §3 "Named moments").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    SetupScenario,
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
            SetupScenario => SetupNightmare,
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
    // ================================================================= setup (§2.2)

    pub(crate) fn setup_game(&mut self) {
        self.cards.clear();
        for l in self.lists.iter_mut() {
            l.clear();
        }
        self.lasting.clear();
        self.saved_attacks.clear();
        self.saved_patks.clear();
        self.n_globals = 0;
        self.n_blank_damaged = 0;
        self.forced_cards.clear();
        self.stack.clear();
        self.waiting = false;
        self.answer = None;
        self.outcome = None;
        self.canceled = false;
        self.surge_pending = 0;
        self.round = 0;
        self.rounds_completed = 0;
        self.rounds_recorded = 0;
        self.phase = Phase::Setup;
        self.quest_progress_this_round = 0;
        self.attack = AttackCtx::new(NO_CARD, 0, false);
        self.patk.enemy = NO_CARD;
        self.patk.n_attackers = 0;
        self.n_players = self.setup.decks.len() as u8;
        self.players = [PlayerState::default(); MAX_PLAYERS];
        self.record = GameRecord::empty(self.index, self.n_players);
        self.first = match self.setup.options.first_player {
            Some(p) => p.min(self.n_players - 1),
            None => rand::Rng::gen_range(&mut self.rng_setup, 0..self.n_players),
        };
        let setup = self.setup;
        let mode = setup.mode;
        for (p, deck) in setup.decks.iter().enumerate() {
            let p = p as u8;
            let mut threat = 0;
            for &h in &deck.heroes {
                let c = self.new_card(h, p, Zone::Play(p));
                threat += self
                    .printed(c, Stat::Threat)
                    .max(self.db.def(h).threat_cost);
                if mode == Mode::Easy {
                    self.cards[c as usize].resources += 1;
                }
            }
            self.players[p as usize].threat = threat;
            self.players[p as usize].hero_threat_total = threat;
            let mut contract = NO_CARD;
            for &card in &deck.cards {
                // Encounter-keyword cards (§5.20.1) never go into the deck: they wait set aside
                // until a card shuffles them into the encounter deck.
                let z = if self.db.def(card).keywords.encounter {
                    Zone::SetAside
                } else if self.db.def(card).ty == CardType::Contract {
                    // A contract starts in its owner's play area, side A up (§2.2.9.3 resolves
                    // its Setup text).
                    Zone::Play(p)
                } else {
                    Zone::Deck(p)
                };
                let c = self.new_card(card, p, z);
                if z == Zone::Play(p) && contract == NO_CARD {
                    contract = c;
                }
            }
            // A loot deck (The Burglar's Turn) waits under the contract until its Setup text
            // shuffles it; without a contract (a hand-built `Deck`) it stays set aside.
            for &card in &deck.loot {
                let z = if contract == NO_CARD {
                    Zone::SetAside
                } else {
                    Zone::Under(contract)
                };
                self.new_card(card, p, z);
            }
            self.shuffle(Zone::Deck(p));
        }
        let sc = &self.db.scenarios[setup.scenario];
        for &(def, copies) in &sc.encounter[mode as usize] {
            for _ in 0..copies {
                self.new_card(def, ENCOUNTER, Zone::EncounterDeck);
            }
        }
        for &q in sc.quest[mode as usize].iter().rev() {
            self.new_card(q, ENCOUNTER, Zone::QuestDeck);
        }
        if mode == Mode::Nightmare {
            if let Some(n) = sc.nightmare_setup {
                // Side A up next to the quest deck: its rules hold all game (§ Nightmare).
                self.new_card(n, ENCOUNTER, Zone::Nightmare);
            }
        }
        self.shuffle(Zone::EncounterDeck);
        if self.logging() {
            self.log_line(format!(
                "Setup: {} ({}), {} player(s), first player P{}",
                sc.title,
                mode.name(),
                self.n_players,
                self.first + 1
            ));
            for p in 0..self.n_players {
                let heroes: Vec<String> =
                    self.heroes(p).map(|h| self.title(h).to_string()).collect();
                let line = format!(
                    "  P{} heroes {} threat {}",
                    p + 1,
                    heroes.join(", "),
                    self.players[p as usize].threat
                );
                self.log_line(line);
            }
        }
        for p in 0..self.n_players {
            self.draw(p, 6);
        }
        self.stack.push(Frame::Step(Step::SetupScenario));
        self.stack.push(Frame::Mulligan { seat: 0 });
    }

    // ================================================================= the frame machine

    pub(crate) fn exec(&mut self, f: Frame) {
        match f {
            Frame::Step(s) => self.exec_step(s),
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
                    // The players still in the game reveal in player order (§3.3.1.2).
                    let n = self.players_in_game().max(1);
                    let by = self
                        .active_seats()
                        .nth((seat % n) as usize)
                        .unwrap_or(self.first);
                    self.stack.push(Frame::RevealTop { by });
                }
            }
            Frame::RevealTop { by } => self.reveal_top(by),
            Frame::Reveal {
                card,
                by,
                stage,
                from_deck,
            } => self.reveal(card, by, stage, from_deck),
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
            Frame::FinishEvent { card } => {
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
            Frame::ImmediateAttack { enemy, player } => {
                if self.cards[enemy as usize].zone.in_play()
                    && !self.players[player as usize].eliminated
                    && self.can_attack_player(enemy, player)
                {
                    self.attack = AttackCtx::new(enemy, player, true);
                    self.deal_shadow(enemy);
                    self.stack.push(Frame::Attack { stage: 0 });
                    self.fire(Event::EnemyAttacks(enemy, player));
                }
            }
            Frame::PlayAttachment { card, seat } => self.play_attachment(card, seat),
            // Only a different attack started in the window replaces the context; otherwise
            // keep the current one (with whatever the window's effects changed on it).
            Frame::RestoreAttack => {
                if let Some(a) = self.saved_attacks.pop() {
                    if (self.attack.enemy, self.attack.player) != (a.enemy, a.player) {
                        self.attack = a;
                    }
                }
            }
            Frame::RestorePlayerAttack => {
                if let Some(a) = self.saved_patks.pop() {
                    if (self.patk.enemy, self.patk.player) != (a.enemy, a.player) {
                        self.patk = a;
                    }
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
                // An enemy or location guard holds the objective until it leaves play.
                if self.cards[objective as usize].zone == Zone::Staging
                    && (self.is_enemy(g) || self.is_location(g))
                    && self.cards[g as usize].zone.in_play()
                {
                    self.move_card_keep(objective, Zone::Attached(g));
                    self.log_fn(|s| format!("  {} guards {}", s.title(g), s.title(objective)));
                }
            }
        }
    }

    fn exec_step(&mut self, s: Step) {
        use Step::*;
        if s != RoundEnd {
            self.stack.push(Frame::Step(s.next()));
        }
        match s {
            SetupScenario => {
                if let Some(q) = self.top(Zone::QuestDeck) {
                    self.move_card(q, Zone::Quest);
                    self.log_fn(|g| format!("Quest: {} (stage 1A)", g.title(q)));
                    if let Some(f) = self.script(q).and_then(|s| s.setup) {
                        f(self, q);
                    }
                }
            }
            SetupNightmare => {
                if let Some(&n) = self.list(Zone::Nightmare).first() {
                    if let Some(f) = self.script(n).and_then(|s| s.setup) {
                        f(self, n);
                    }
                }
            }
            SetupPlayers => {
                // Player cards' Setup text, player by player from the first player.
                for o in 0..self.n_players {
                    let p = self.seat(o);
                    let mut i = 0;
                    while i < self.list(Zone::Play(p)).len() {
                        let c = self.list(Zone::Play(p))[i];
                        if let Some(f) = self.script(c).and_then(|s| s.setup) {
                            f(self, c);
                        }
                        i += 1;
                    }
                }
            }
            SetupFlip => {
                if let Some(q) = self.main_quest() {
                    self.flip_quest(q);
                }
            }
            RoundBegin => {
                self.round += 1;
                if self.round as usize > MAX_ROUNDS || self.round > self.setup.max_rounds {
                    self.round -= 1;
                    self.end_game(Outcome::RoundCap);
                    return;
                }
                self.quest_progress_this_round = 0;
                self.revealed_this_round.clear();
                for p in self.players.iter_mut() {
                    p.round_flags = 0;
                }
                for c in self.cards.iter_mut() {
                    c.uses_round = 0;
                }
                self.log_fn(|g| {
                    let t: Vec<String> = (0..g.n_players)
                        .map(|p| g.players[p as usize].threat.to_string())
                        .collect();
                    format!("=== Round {} (threat {}) ===", g.round, t.join("/"))
                });
                if self.logging() {
                    let lines = self.describe_state();
                    for l in lines {
                        self.log_line(l);
                    }
                }
            }
            ResourceBegin => self.begin_phase(Phase::Resource),
            Gain => {
                for p in 0..self.n_players {
                    if self.players[p as usize].eliminated {
                        continue;
                    }
                    for i in 0..self.list(Zone::Play(p)).len() {
                        let h = self.list(Zone::Play(p))[i];
                        if self.is_hero(h) {
                            // A hero's own text (Amarthiúl) and its attachments (Appointed
                            // by Fate) may add to what it collects.
                            let own = self
                                .script(h)
                                .and_then(|s| s.rule)
                                .is_some_and(|f| f(self, h, Rule::ExtraResource(h)))
                                as i16;
                            let extra = self
                                .attachments(h)
                                .filter(|&a| {
                                    self.script(a)
                                        .and_then(|s| s.rule)
                                        .is_some_and(|f| f(self, a, Rule::CollectsExtraResource(h)))
                                })
                                .count() as i16;
                            self.cards[h as usize].resources += 1 + own + extra;
                        }
                    }
                    self.log_fn(|g| {
                        let pools: Vec<String> = g
                            .heroes(p)
                            .map(|h| format!("{} {}", g.title(h), g.cards[h as usize].resources))
                            .collect();
                        format!("  P{} resources: {}", p + 1, pools.join(", "))
                    });
                }
            }
            Draw => {
                for p in 0..self.n_players {
                    if !self.players[p as usize].eliminated {
                        self.draw(p, 1);
                    }
                }
            }
            ResourceWindow | QuestWindow1 | QuestWindow2 | QuestWindow3 | QuestWindow4
            | TravelWindow1 | TravelWindow2 | EncounterWindow1 | EncounterWindow2
            | EncounterWindow3 | CombatWindow | RefreshWindow => {
                self.stack.push(Frame::Window {
                    phase: self.phase,
                    seat: 0,
                    passes: 0,
                });
            }
            ResourceEnd => self.end_phase(Phase::Resource),
            PlanningBegin => {
                self.begin_phase(Phase::Planning);
                // Planning windows of each player in turn, in player order.
                for a in (0..self.n_players).rev() {
                    self.stack.push(Frame::Planning {
                        active: a,
                        seat: 0,
                        passes: 0,
                    });
                }
            }
            PlanningEnd => self.end_phase(Phase::Planning),
            QuestBegin if self.any_lasting(Lasting::SkipQuestPhase) => {
                // The whole quest phase is skipped this round (Doom Hangs Still).
                self.stack.pop();
                self.stack.push(Frame::Step(Step::TravelBegin));
                self.log_fn(|_| "-- Quest phase skipped --".to_string());
            }
            QuestBegin => {
                self.begin_phase(Phase::Quest);
                self.choose_current_quest();
            }
            Commit => self.stack.push(Frame::Commit { seat: 0 }),
            Staging => {
                let n = self.players_in_game();
                self.stack.push(Frame::Staging { left: n, seat: 0 });
            }
            Resolve => self.resolve_quest(),
            QuestEnd => {
                for c in self.cards.iter_mut() {
                    c.questing = false;
                }
                self.end_phase(Phase::Quest);
            }
            TravelBegin => self.begin_phase(Phase::Travel),
            Travel => self.stack.push(Frame::Travel),
            TravelEnd => self.end_phase(Phase::Travel),
            EncounterBegin => self.begin_phase(Phase::Encounter),
            OptionalEngage => {
                for p in self.players.iter_mut() {
                    p.optional_engagements = 0;
                }
                self.stack.push(Frame::OptionalEngage { seat: 0 })
            }
            EngagementChecks => {
                if !self.rule(Rule::NoEngagementChecks) {
                    self.stack.push(Frame::EngagementChecks {
                        seat: 0,
                        any: false,
                    });
                }
            }
            EncounterEnd => self.end_phase(Phase::Encounter),
            CombatBegin => {
                self.begin_phase(Phase::Combat);
                let archery: i16 = self
                    .in_play_cards()
                    .map(|c| self.def_of(c).keywords.archery as i16)
                    .sum();
                if archery > 0 {
                    self.stack.push(Frame::Archery { left: archery });
                }
            }
            Shadows => self.stack.push(Frame::DealShadows),
            EnemyAttacks => self.stack.push(Frame::EnemyAttacks { seat: 0 }),
            PlayerAttacks => self.stack.push(Frame::PlayerAttacks { seat: 0 }),
            CombatEnd => {
                while let Some(&s) = self.list(Zone::Shadow(0)).last() {
                    self.move_card(s, Zone::EncounterDiscard);
                }
                for c in self.cards.iter_mut() {
                    c.attacked = false;
                    c.attacked_by = 0;
                }
                for p in self.players.iter_mut() {
                    p.multi_defend = false;
                }
                self.end_phase(Phase::Combat);
            }
            RefreshBegin => self.begin_phase(Phase::Refresh),
            Ready => {
                let mut readied = std::mem::take(&mut self.scratch);
                readied.clear();
                for p in 0..self.n_players {
                    for i in 0..self.list(Zone::Play(p)).len() {
                        let c = self.list(Zone::Play(p))[i];
                        // A replacement effect (Paralyzing Fear) decides whether it readies.
                        if self.cards[c as usize].exhausted && self.replace_ready(c, 0) {
                            continue;
                        }
                        if self.cards[c as usize].exhausted {
                            readied.push(c);
                        }
                        self.cards[c as usize].exhausted = false;
                    }
                }
                for i in 0..self.list(Zone::Attached(0)).len() {
                    let c = self.list(Zone::Attached(0))[i];
                    if self.cards[c as usize].owner != ENCOUNTER {
                        if self.cards[c as usize].exhausted {
                            readied.push(c);
                        }
                        self.cards[c as usize].exhausted = false;
                    }
                }
                // "After X readies" triggers, once everything is ready.
                let ids: SmallIds = readied.iter().copied().collect();
                self.scratch = readied;
                for &c in ids.iter() {
                    self.fire(Event::Readied(c));
                }
            }
            RaiseThreat => {
                for p in 0..self.n_players {
                    self.raise_threat(p, 1);
                }
            }
            PassToken => {
                if self.players_in_game() > 0 {
                    let mut next = (self.first + 1) % self.n_players;
                    while self.players[next as usize].eliminated {
                        next = (next + 1) % self.n_players;
                    }
                    self.set_first_player(next);
                }
            }
            RefreshEnd => {
                self.end_phase(Phase::Refresh);
                self.time_counters();
                self.rounds_completed += 1;
            }
            RoundEnd => {
                // Threat at the end of the round, after the refresh phase's eliminations (the
                // state-based checks ran before this frame).
                let r = (self.rounds_completed as usize).clamp(1, MAX_ROUNDS) - 1;
                self.rounds_recorded = self.rounds_completed;
                for p in 0..self.n_players as usize {
                    self.record.threat_at_round_end[r][p] = if self.players[p].eliminated {
                        ELIMINATED
                    } else {
                        self.players[p].threat.clamp(0, 254) as u8
                    };
                }
                // The next round waits below the end-of-round triggers: Responses to them (or
                // to what they do, e.g. Erestor's discard) resolve first, then "until the end
                // of the round" effects expire (engine continuation 4).
                self.stack.push(Frame::Step(Step::RoundBegin));
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 4),
                });
                self.fire(Event::RoundEnd);
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

    fn log_fn(&mut self, f: impl FnOnce(&Self) -> String) {
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
            for c in self.cards.iter_mut() {
                c.uses_phase = 0;
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
            self.dirty = true;
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

    // ================================================================= decisions of the framework

    fn mulligan(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        match self.take_answer() {
            None => {
                self.stack.push(Frame::Mulligan { seat });
                self.begin_ask(p, Ask::Mulligan);
                self.offer(Opt::No);
                self.offer(Opt::Yes);
                self.wait();
            }
            Some(o) => {
                if o == Opt::Yes {
                    while let Some(&c) = self.list(Zone::Hand(p)).last() {
                        self.move_card(c, Zone::Deck(p));
                    }
                    self.shuffle(Zone::Deck(p));
                    self.draw(p, 6);
                    self.log_fn(|_| format!("  P{} takes a mulligan", p + 1));
                }
                self.players[p as usize].mulligan_done = true;
                self.stack.push(Frame::Mulligan { seat: seat + 1 });
            }
        }
    }

    /// An action window (§3.0.3). In the planning phase, `active` is the active player's offset:
    /// he may also play allies, attachments and side quests.
    fn window(&mut self, phase: Phase, active: Option<u8>, seat: u8, passes: u8) {
        let n = self.players_in_game();
        if passes >= n || n == 0 {
            return;
        }
        let p = self.seat(seat % self.n_players);
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
        if self.players[p as usize].eliminated {
            self.stack.push(again(seat + 1, passes));
            return;
        }
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
                self.offer_actions(p, planning);
                self.stack.push(again(seat, passes));
                if self.n_offered() == 1 {
                    // Only "pass": no decision.
                    self.stack.pop();
                    self.stack.push(again(seat + 1, passes + 1));
                } else {
                    self.wait();
                }
            }
            Some(Opt::Pass) => self.stack.push(again(seat + 1, passes + 1)),
            Some(o) => {
                self.stack.push(again(seat + 1, 0));
                self.take_action(p, o);
            }
        }
    }

    /// Offer every legal action of `p` (events and abilities; in his planning window also allies,
    /// attachments and side quests).
    fn offer_actions(&mut self, p: u8, planning: bool) {
        let hand_len = self.list(Zone::Hand(p)).len();
        for i in 0..hand_len {
            let c = self.list(Zone::Hand(p))[i];
            let d = self.def_of(c);
            let sphere = d.sphere;
            let ty = d.ty;
            let cost = self.cost_of(c, p);
            let script = self.script(c);
            // An Action used from hand by a card that is not an event (Elven Jeweler).
            if ty != CardType::Event
                && script.is_some_and(|s| s.hand_action)
                && script
                    .and_then(|s| s.can_act)
                    .is_some_and(|f| f(self, c, p))
                && !self.offered().contains(&Opt::Activate(c))
            {
                self.offer(Opt::Activate(c));
            }
            let ok = match ty {
                CardType::Event => {
                    script
                        .and_then(|s| s.can_act)
                        .map(|f| f(self, c, p))
                        .unwrap_or(false)
                        && self.can_pay(p, sphere, cost)
                }
                CardType::Ally | CardType::Attachment | CardType::PlayerSideQuest if planning => {
                    self.can_pay(p, sphere, cost)
                        && !self.unique_in_play(c)
                        && (self.playable_unimplemented(c))
                        && script
                            .and_then(|s| s.can_play)
                            .map(|f| f(self, c, p))
                            .unwrap_or(true)
                        && (ty != CardType::Attachment || self.any_attach_target(c, p))
                }
                _ => false,
            };
            if ok && !self.offered().contains(&Opt::Play(c)) {
                self.offer(Opt::Play(c));
            }
        }
        // Events played from the discard pile by their own text (Lords of the Eldar).
        for i in 0..self.list(Zone::Discard(p)).len() {
            let c = self.list(Zone::Discard(p))[i];
            let d = self.def_of(c);
            let (sphere, cost) = (d.sphere, d.cost.max(0));
            let Some(s) = self.script(c) else { continue };
            if d.ty == CardType::Event
                && s.rule.is_some_and(|f| f(self, c, Rule::PlayFromDiscard(c)))
                && s.can_act.is_some_and(|f| f(self, c, p))
                && self.can_pay(p, sphere, cost)
                && !self.offered().contains(&Opt::Play(c))
            {
                self.offer(Opt::Play(c));
            }
        }
        for z in [Zone::Play(p), Zone::Attached(0)] {
            for i in 0..self.list(z).len() {
                let c = self.list(z)[i];
                if self.cards[c as usize].controller != p {
                    continue;
                }
                if let Some(f) = self.script(c).and_then(|s| s.can_act) {
                    if f(self, c, p) {
                        self.offer(Opt::Activate(c));
                    }
                }
            }
        }
        // Actions any player may trigger: on encounter cards in the staging area or the active
        // location (Palace Ruins), and on cards other players control (Éowyn).
        let others = (0..self.n_players).filter(|&q| q != p).map(Zone::Play);
        for z in [Zone::Staging, Zone::Active].into_iter().chain(others) {
            for i in 0..self.list(z).len() {
                let c = self.list(z)[i];
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
    }

    /// Is a card without a script allowed to be played (vanilla, or `--allow-unimplemented`)?
    fn playable_unimplemented(&self, c: CardId) -> bool {
        self.script(c).is_some()
            || self.setup.allow_unimplemented
            || crate::cards::vanilla(self.db, self.def_id(c))
    }

    pub fn unique_in_play(&self, c: CardId) -> bool {
        let d = self.def_of(c);
        if !d.unique {
            return false;
        }
        let title = &d.title;
        self.in_play_cards()
            .any(|x| x != c && self.def_of(x).unique && &self.def_of(x).title == title)
    }

    fn any_attach_target(&self, a: CardId, p: u8) -> bool {
        self.attach_targets(a, p).next().is_some()
    }

    /// Legal targets for attachment `a` played by `p`. Without a script: a hero `p` controls.
    pub fn attach_targets(&self, a: CardId, p: u8) -> impl Iterator<Item = CardId> + '_ {
        let f = self.script(a).and_then(|s| s.attach_to);
        self.in_play_cards().filter(move |&t| {
            if t == a || self.rule(Rule::CannotHaveAttachments(t)) {
                return false;
            }
            if self.def_of(a).keywords.restricted && self.rule(Rule::CannotHaveRestricted(t)) {
                return false;
            }
            match f {
                Some(f) => f(self, a, p, t),
                None => self.is_hero(t) && self.cards[t as usize].controller == p,
            }
        })
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
                for q in 0..self.n_players {
                    self.raise_threat(q, doomed as i16);
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

    fn play_attachment(&mut self, card: CardId, seat: u8) {
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

    fn responses(&mut self, ev: Event, seat: u8, passes: u8, used: [CardId; 4]) {
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
        match self.take_answer() {
            None => {
                let mut buf = std::mem::take(&mut self.scratch);
                self.response_candidates(p, ev, &mut buf);
                buf.retain(|c| !used.contains(c));
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
                if let Some(slot) = used.iter_mut().find(|x| **x == NO_CARD) {
                    *slot = c;
                }
                self.stack.push(Frame::Responses {
                    ev,
                    seat: seat + 1,
                    passes: 0,
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
            }
            (2, _) => self.patk.enemy = NO_CARD,
            (3, _) => {
                let q = cont.a as CardId;
                if self.main_quest() == Some(q) {
                    self.flip_quest(q);
                }
            }
            (4, _) => self.expire(Until::EndOfRound),
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

    // ================================================================= quest phase (§3.3)

    fn choose_current_quest(&mut self) {
        // Engine: the first player may pick a side quest in the staging area as the current quest.
        let has_side = self
            .list(Zone::Staging)
            .iter()
            .any(|&c| self.is_side_quest(c));
        if !has_side {
            return;
        }
        let p = self.first;
        let main = self.main_quest().unwrap_or(NO_CARD);
        self.begin_ask(p, Ask::CurrentQuest);
        self.offer(Opt::Card(main));
        for i in 0..self.list(Zone::Staging).len() {
            let c = self.list(Zone::Staging)[i];
            if self.is_side_quest(c) {
                self.offer(Opt::Card(c));
            }
        }
        self.stack.push(Frame::Choice {
            cont: Cont::new(NO_CARD, 1),
        });
        self.wait();
    }

    fn commit(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        if self.players[p as usize].eliminated {
            self.stack.push(Frame::Commit { seat: seat + 1 });
            return;
        }
        match self.take_answer() {
            None => {
                self.begin_ask(p, Ask::Commit);
                self.offer(Opt::Done);
                for i in 0..self.list(Zone::Play(p)).len() {
                    let c = self.list(Zone::Play(p))[i];
                    let ci = self.cards[c as usize];
                    if self.is_character(c) && !ci.exhausted && !ci.questing {
                        self.offer(Opt::Card(c));
                    }
                }
                self.stack.push(Frame::Commit { seat });
                if self.n_offered() == 1 {
                    self.stack.pop();
                    self.stack.push(Frame::Commit { seat: seat + 1 });
                } else {
                    self.waiting = true;
                }
            }
            Some(Opt::Card(c)) => {
                self.stack.push(Frame::Commit { seat });
                if !self.rule(Rule::CommitsWithoutExhausting(c)) {
                    self.exhaust(c);
                }
                self.cards[c as usize].questing = true;
                self.log_fn(|g| {
                    format!(
                        "  P{} commits {} ({} WP)",
                        p + 1,
                        g.title(c),
                        g.stat(c, Stat::Willpower)
                    )
                });
                self.fire(Event::Committed(c));
            }
            Some(_) => self.stack.push(Frame::Commit { seat: seat + 1 }),
        }
    }

    /// The stat committed characters quest with (Battle: Attack, Siege: Defense).
    pub fn questing_stat(&self) -> Stat {
        match self.current_quest() {
            Some(q) if self.def_of(q).keywords.battle => Stat::Attack,
            Some(q) if self.def_of(q).keywords.siege => Stat::Defense,
            _ => Stat::Willpower,
        }
    }

    pub fn questing_strength(&self) -> i16 {
        let s = self.questing_stat();
        (0..self.n_players)
            .flat_map(|p| self.characters(p))
            .filter(|&c| self.cards[c as usize].questing)
            .map(|c| self.stat(c, s))
            .sum()
    }

    fn resolve_quest(&mut self) {
        let strength = self.questing_strength();
        let threat = self.staging_threat();
        self.log_fn(|g| {
            let staged: Vec<String> = g
                .list(Zone::Staging)
                .iter()
                .map(|&c| format!("{} {}", g.title(c), g.threat_contribution(c)))
                .collect();
            let q = g
                .current_quest()
                .map(|q| g.title(q).to_string())
                .unwrap_or_default();
            format!(
                "  quest resolution on {q}: {strength} {:?} vs {threat} threat [{}]",
                g.questing_stat(),
                staged.join(", ")
            )
        });
        if strength > threat {
            self.place_progress_on_quest(strength - threat, true);
        } else if threat > strength && !self.any_lasting(Lasting::NoQuestThreat) {
            for p in 0..self.n_players {
                self.raise_threat(p, threat - strength);
            }
        }
    }

    fn reveal_top(&mut self, by: u8) {
        if self.list(Zone::EncounterDeck).is_empty() && self.phase == Phase::Quest {
            self.reset_encounter_deck();
        }
        if let Some(c) = self.top(Zone::EncounterDeck) {
            self.stack.push(Frame::Reveal {
                card: c,
                by,
                stage: 0,
                from_deck: true,
            });
        }
    }

    /// Guarded (X) of a player attachment `a` played by `seat` (§5.5): discard encounter cards
    /// until one of type X turns up (the discard pile is shuffled back in when the deck runs
    /// out, while it still holds such a card); that card goes to the staging area, not revealed,
    /// and guards `a`. With no such card anywhere, `a` is not guarded and is attached at once.
    pub fn guard_player_attachment(&mut self, a: CardId, seat: u8) {
        let Some((enemy, location)) = self.guarded_x(a) else {
            return;
        };
        let fits = |g: &Self, c: CardId| {
            (enemy && g.ty(c) == CardType::Enemy) || (location && g.ty(c) == CardType::Location)
        };
        let guard = loop {
            if self.list(Zone::EncounterDeck).is_empty() {
                let any = self
                    .list(Zone::EncounterDiscard)
                    .iter()
                    .any(|&c| fits(self, c));
                if !any {
                    break None;
                }
                self.reset_encounter_deck();
            }
            let Some(c) = self.top(Zone::EncounterDeck) else {
                break None;
            };
            if fits(self, c) {
                break Some(c);
            }
            self.move_card(c, Zone::EncounterDiscard);
            self.log_fn(|g| format!("  {} is discarded looking for a guard", g.title(c)));
        };
        match guard {
            Some(c) => {
                self.move_card(c, Zone::Staging);
                self.move_card(a, Zone::Attached(c));
                self.cards[a as usize].controller = self.cards[a as usize].owner;
                self.log_fn(|g| format!("  {} is guarded by {}", g.title(a), g.title(c)));
                self.fire(Event::EntersPlay(a));
            }
            None => {
                self.move_card(a, Zone::Resolving);
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 10).with(seat, a as i16, 0),
                });
            }
        }
    }

    /// Shuffle the encounter discard pile into a new encounter deck (§5.30).
    pub fn reset_encounter_deck(&mut self) {
        while let Some(&c) = self.list(Zone::EncounterDiscard).last() {
            self.move_card(c, Zone::EncounterDeck);
        }
        self.shuffle(Zone::EncounterDeck);
        self.log_fn(|_| "  encounter discard pile shuffled into a new encounter deck".to_string());
    }

    /// Reveal `card` (§5.28), by stage: 0 enter / Time / Doomed / place, then cancel window;
    /// 1 When Revealed; 2 discard treachery, surge; 3 after-revealed triggers.
    fn reveal(&mut self, card: CardId, by: u8, stage: u8, from_deck: bool) {
        match stage {
            0 => {
                let d = self.def_of(card);
                let (ty, kw) = (d.ty, d.keywords);
                self.move_card(card, Zone::Resolving);
                self.revealed_this_round.push(card);
                self.log_fn(|g| format!("  P{} reveals {}", by + 1, g.title(card)));
                let to = match ty {
                    CardType::Treachery => Zone::Resolving,
                    // A player card with the Encounter keyword (§5.20) resolves its When Revealed
                    // effect, which puts it into play; it never sits in the staging area.
                    _ if kw.encounter => Zone::Resolving,
                    _ => Zone::Staging,
                };
                if to != Zone::Resolving {
                    self.move_card(card, to);
                }
                if kw.time > 0 {
                    self.cards[card as usize].time = kw.time as i16;
                    self.log_fn(|g| format!("  {} gets {} time counters", g.title(card), kw.time));
                }
                if from_deck && kw.doomed > 0 {
                    for p in 0..self.n_players {
                        self.raise_threat(p, kw.doomed as i16);
                    }
                }
                self.canceled = false;
                self.surge_pending = 0;
                self.stack.push(Frame::Reveal {
                    card,
                    by,
                    stage: 1,
                    from_deck,
                });
                // Fired once stage 1 is pushed: Responses to it (Quick Ears) come before the
                // When Revealed effects, as the event's name says.
                self.fire(Event::Revealing(card, from_deck));
                // The cancel window comes for cards with When Revealed effects, and for every
                // card revealed from the encounter deck (effects that cancel and discard the
                // card itself, e.g. The Door is Closed!).
                let cancelable = self
                    .script(card)
                    .map(|s| (s.when_revealed.is_some() || from_deck) && !s.uncancelable)
                    .unwrap_or(from_deck)
                    && !self.is_side_quest(card)
                    && !self.rule(Rule::CannotBeCanceled(card))
                    && !self.when_revealed_locked(card);
                if cancelable {
                    self.fire(Event::CancelWhenRevealed(card));
                }
            }
            1 => {
                self.stack.push(Frame::Reveal {
                    card,
                    by,
                    stage: 2,
                    from_deck,
                });
                // Classic Guarded (§5.4): the next encounter card revealed guards this objective.
                if from_deck
                    && self.def_of(card).keywords.guarded
                    && matches!(
                        self.ty(card),
                        CardType::Objective | CardType::ObjectiveLocation
                    )
                {
                    self.stack.push(Frame::Guard {
                        objective: card,
                        guard: NO_CARD,
                        by,
                    });
                }
                if !self.canceled {
                    if let Some(f) = self.script(card).and_then(|s| s.when_revealed) {
                        f(self, card, by);
                    }
                } else if self.script(card).and_then(|s| s.when_revealed).is_some() {
                    self.fire(Event::WhenRevealedCanceled(card));
                }
            }
            2 => {
                if self.cards[card as usize].zone == Zone::Resolving {
                    self.move_card(card, Zone::EncounterDiscard);
                }
                self.stack.push(Frame::Reveal {
                    card,
                    by,
                    stage: 3,
                    from_deck,
                });
                let mut surges = self.surge_pending;
                self.surge_pending = 0;
                if from_deck {
                    if self.def_of(card).keywords.surge {
                        surges += 1;
                    }
                    // Its own text, or another card in play, gives it surge (counted once).
                    if self
                        .script(card)
                        .and_then(|s| s.rule)
                        .map(|f| f(self, card, Rule::GainsSurge(card)))
                        .unwrap_or(false)
                        || self.rule(Rule::GainsSurge(card))
                    {
                        surges += 1;
                    }
                }
                for _ in 0..surges {
                    self.log_fn(|g| format!("  {} surges", g.title(card)));
                    self.stack.push(Frame::RevealTop { by });
                }
            }
            _ => {
                self.fire(Event::Revealed(card, from_deck));
            }
        }
    }

    /// A card in play makes When Revealed effects uncancelable now (`Rule::
    /// WhenRevealedCannotBeCanceled`) and `card` has such effects.
    pub fn when_revealed_locked(&self, card: CardId) -> bool {
        self.script(card).is_some_and(|s| s.when_revealed.is_some())
            && self.rule(Rule::WhenRevealedCannotBeCanceled)
    }

    // ================================================================= travel (§3.4)

    pub fn can_travel_to(&mut self, l: CardId) -> bool {
        if !self.is_location(l) || self.cards[l as usize].zone != Zone::Staging {
            return false;
        }
        match self.script(l).and_then(|s| s.travel) {
            Some(f) => f(self, l, false),
            None => true,
        }
    }

    fn travel(&mut self) {
        if self.active_location().is_some() || self.players_in_game() == 0 {
            return;
        }
        match self.take_answer() {
            None => {
                let p = self.first;
                self.begin_ask(p, Ask::Travel);
                self.offer(Opt::Pass);
                let n = self.list(Zone::Staging).len();
                for i in 0..n {
                    let c = self.list(Zone::Staging)[i];
                    if self.can_travel_to(c) {
                        self.offer(Opt::Card(c));
                    }
                }
                if self.n_offered() > 1 {
                    self.stack.push(Frame::Travel);
                    self.waiting = true;
                }
            }
            Some(Opt::Card(l)) => {
                self.move_card_keep(l, Zone::Active);
                self.log_fn(|g| format!("  travel to {}", g.title(l)));
                self.fire(Event::Traveled(l));
                if let Some(f) = self.script(l).and_then(|s| s.travel) {
                    f(self, l, true);
                }
            }
            Some(_) => {}
        }
    }

    // ================================================================= encounter phase (§3.5)

    /// May `e` be engaged optionally?
    fn optionally_engageable(&self, e: CardId) -> bool {
        self.is_enemy(e)
            && !self.rule(Rule::CannotBeEngaged(e))
            && !self.rule(Rule::CannotBeOptionallyEngaged(e))
    }

    fn optional_engage(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        if self.players[p as usize].eliminated {
            self.stack.push(Frame::OptionalEngage { seat: seat + 1 });
            return;
        }
        match self.take_answer() {
            None => {
                self.begin_ask(p, Ask::OptionalEngage);
                self.offer(Opt::Pass);
                for i in 0..self.list(Zone::Staging).len() {
                    let c = self.list(Zone::Staging)[i];
                    if self.optionally_engageable(c) {
                        self.offer(Opt::Card(c));
                    }
                }
                self.stack.push(Frame::OptionalEngage { seat });
                if self.n_offered() == 1 {
                    self.stack.pop();
                    self.stack.push(Frame::OptionalEngage { seat: seat + 1 });
                } else {
                    self.waiting = true;
                }
            }
            Some(Opt::Card(e)) => {
                // A card may allow one more optional engagement this phase (Halbarad).
                let done = &mut self.players[p as usize].optional_engagements;
                *done = done.saturating_add(1);
                let more = *done < 2 && self.rule(Rule::ExtraOptionalEngagement(p));
                let next = if more { seat } else { seat + 1 };
                self.stack.push(Frame::OptionalEngage { seat: next });
                self.engage(e, p);
            }
            Some(_) => self.stack.push(Frame::OptionalEngage { seat: seat + 1 }),
        }
    }

    fn engagement_checks(&mut self, seat: u8, any: bool) {
        if self.players_in_game() == 0 {
            return;
        }
        if seat >= self.n_players {
            if any {
                self.stack.push(Frame::EngagementChecks {
                    seat: 0,
                    any: false,
                });
            }
            return;
        }
        let p = self.seat(seat);
        if let Some(Opt::Card(e)) = self.take_answer() {
            // The checking player picked among tied enemies (§3.5.3, engine choice). The next
            // check waits below anything the engagement triggers.
            self.stack.push(Frame::EngagementChecks {
                seat: seat + 1,
                any: true,
            });
            self.engage(e, p);
            return;
        }
        if !self.players[p as usize].eliminated {
            let threat = self.engagement_threat(p);
            // The highest engagement cost ≤ his threat engages him.
            let best = self
                .list(Zone::Staging)
                .iter()
                .copied()
                .filter(|&e| {
                    self.is_enemy(e)
                        && self.stat(e, Stat::Engagement) <= threat
                        && !self.rule(Rule::CannotBeEngaged(e))
                })
                .map(|e| self.stat(e, Stat::Engagement))
                .max();
            if let Some(cost) = best {
                self.begin_ask(p, Ask::EngageTie);
                for i in 0..self.list(Zone::Staging).len() {
                    let e = self.list(Zone::Staging)[i];
                    if self.is_enemy(e)
                        && self.stat(e, Stat::Engagement) == cost
                        && !self.rule(Rule::CannotBeEngaged(e))
                    {
                        self.offer(Opt::Card(e));
                    }
                }
                if self.n_offered() > 1 {
                    self.stack.push(Frame::EngagementChecks { seat, any });
                    self.waiting = true;
                    return;
                }
                let Opt::Card(e) = self.offered()[0] else {
                    unreachable!()
                };
                self.stack.push(Frame::EngagementChecks {
                    seat: seat + 1,
                    any: true,
                });
                self.engage(e, p);
                return;
            }
        }
        self.stack.push(Frame::EngagementChecks {
            seat: seat + 1,
            any,
        });
    }

    // ================================================================= combat (§3.6)

    fn deal_shadows(&mut self) {
        for o in 0..self.n_players {
            let p = self.seat(o);
            self.scratch.clear();
            let mut ids = std::mem::take(&mut self.scratch);
            ids.extend_from_slice(self.engaged(p));
            ids.sort_by_key(|&e| std::cmp::Reverse(self.stat(e, Stat::Engagement)));
            for &e in &ids {
                if !self.deal_shadow(e) {
                    break;
                }
            }
            self.scratch = ids;
        }
    }

    /// Deal one shadow card to `e`; false if the encounter deck is empty.
    pub fn deal_shadow(&mut self, e: CardId) -> bool {
        if self.list(Zone::EncounterDeck).is_empty() && self.phase == Phase::Quest {
            self.reset_encounter_deck();
        }
        match self.top(Zone::EncounterDeck) {
            Some(s) => {
                self.move_card(s, Zone::Shadow(e));
                true
            }
            None => false,
        }
    }

    fn can_attack_player(&self, e: CardId, p: u8) -> bool {
        if self.rule(Rule::CannotAttack(e)) {
            return false;
        }
        let gen = self.cards[e as usize].gen;
        !self
            .lasting
            .iter()
            .any(|l| l.card == e && l.gen == gen && l.what == Lasting::CannotAttack(p))
    }

    fn enemy_attacks(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        match self.take_answer() {
            None => {
                if self.players[p as usize].eliminated {
                    self.stack.push(Frame::EnemyAttacks { seat: seat + 1 });
                    return;
                }
                self.begin_ask(p, Ask::AttackingEnemy);
                for i in 0..self.engaged(p).len() {
                    let e = self.engaged(p)[i];
                    if !self.cards[e as usize].attacked && self.can_attack_player(e, p) {
                        self.offer(Opt::Card(e));
                    }
                }
                if self.n_offered() == 0 {
                    self.stack.push(Frame::EnemyAttacks { seat: seat + 1 });
                    return;
                }
                self.stack.push(Frame::EnemyAttacks { seat });
                self.wait();
            }
            Some(Opt::Card(e)) => {
                self.stack.push(Frame::EnemyAttacks { seat });
                self.cards[e as usize].attacked = true;
                self.attack = AttackCtx::new(e, p, false);
                self.stack.push(Frame::Attack { stage: 0 });
                self.fire(Event::EnemyAttacks(e, p));
            }
            Some(_) => self.stack.push(Frame::EnemyAttacks { seat: seat + 1 }),
        }
    }

    /// Can `c` defend an attack against player `p`?
    fn can_defend(&self, c: CardId, p: u8) -> bool {
        let ci = &self.cards[c as usize];
        self.is_character(c)
            && !ci.exhausted
            && ci.zone.in_play()
            && (ci.controller == p || self.has_sentinel(c))
            && !self.attack.defenders().contains(&c)
            && !self.rule(Rule::CannotDefend(c))
    }

    /// One enemy attack (§3.6.1). Stages: 0 declare defender(s); 10+2k / 11+2k cancel window and
    /// resolution of shadow card k; 2 damage; 3 attack ends.
    fn enemy_attack(&mut self, stage: u8) {
        let e = self.attack.enemy;
        let p = self.attack.player;
        if !self.cards[e as usize].zone.in_play() && stage < 3 {
            // The attacker left play: the attack ends.
            self.attack.enemy = e;
            self.end_attack();
            return;
        }
        match stage {
            0 => match self.take_answer() {
                None => {
                    let multi = self.players[p as usize].multi_defend;
                    let first = self.attack.n_defenders == 0;
                    self.begin_ask(p, Ask::Defender { enemy: e });
                    self.offer(if first { Opt::Undefended } else { Opt::Done });
                    if first || multi {
                        for o in 0..self.n_players {
                            let q = self.seat(o);
                            // Extra defenders (Stand Together) are the defending player's own.
                            if !first && q != p {
                                continue;
                            }
                            for i in 0..self.list(Zone::Play(q)).len() {
                                let c = self.list(Zone::Play(q))[i];
                                if self.can_defend(c, p) {
                                    self.offer(Opt::Card(c));
                                }
                            }
                        }
                    }
                    self.stack.push(Frame::Attack { stage: 0 });
                    if self.n_offered() == 1 {
                        self.stack.pop();
                        self.attack.undefended = first;
                        self.then_window(Frame::Attack { stage: 10 });
                    } else {
                        self.waiting = true;
                    }
                }
                Some(Opt::Card(c)) => {
                    if !self.has_lasting(c, Lasting::NoExhaustInCombat) {
                        self.exhaust(c);
                    }
                    let n = self.attack.n_defenders as usize;
                    if n < self.attack.defenders.len() {
                        self.attack.defenders[n] = c;
                        self.attack.n_defenders += 1;
                    }
                    self.log_fn(|g| {
                        format!(
                            "  {} attacks P{}; {} defends",
                            g.title(e),
                            p + 1,
                            g.title(c)
                        )
                    });
                    if self.players[p as usize].multi_defend {
                        self.stack.push(Frame::Attack { stage: 0 });
                    } else {
                        self.then_window(Frame::Attack { stage: 10 });
                    }
                    self.fire(Event::DefenderDeclared(c, e));
                }
                Some(_) => {
                    if self.attack.n_defenders == 0 {
                        self.attack.undefended = true;
                        self.log_fn(|g| format!("  {} attacks P{} undefended", g.title(e), p + 1));
                    }
                    self.then_window(Frame::Attack { stage: 10 });
                }
            },
            2 => self.attack_damage(),
            3 => self.end_attack(),
            s => {
                let k = ((s - 10) / 2) as usize;
                let resolve = (s - 10) % 2 == 1;
                let shadow = self.shadows_of(e).nth(k);
                let Some(sh) = shadow else {
                    self.then_window(Frame::Attack { stage: 2 });
                    return;
                };
                if !resolve {
                    self.canceled = false;
                    self.stack.push(Frame::Attack { stage: s + 1 });
                    if self.script(sh).and_then(|x| x.shadow).is_some() {
                        self.log_fn(|g| format!("  shadow card: {}", g.title(sh)));
                        if !self.rule(Rule::CannotBeCanceled(sh)) {
                            self.fire(Event::CancelShadow(sh));
                        }
                    } else {
                        self.log_fn(|g| format!("  shadow card: {} (no effect)", g.title(sh)));
                    }
                } else {
                    self.stack.push(Frame::Attack { stage: s + 1 });
                    if !self.canceled {
                        if let Some(f) = self.script(sh).and_then(|x| x.shadow) {
                            f(self, sh);
                        }
                    }
                }
            }
        }
    }

    fn attack_damage(&mut self) {
        let e = self.attack.enemy;
        let p = self.attack.player;
        let atk = self.stat(e, Stat::Attack);
        // Defenders that left play or were exhausted out of combat no longer count.
        let mut n = 0;
        for i in 0..self.attack.n_defenders as usize {
            let d = self.attack.defenders[i];
            if self.cards[d as usize].zone.in_play() {
                self.attack.defenders[n] = d;
                n += 1;
            }
        }
        self.attack.n_defenders = n as u8;
        match self.take_answer() {
            None => {
                if n == 0 {
                    // Undefended: all damage to one hero of the defending player.
                    self.begin_ask(
                        p,
                        Ask::UndefendedHero {
                            enemy: e,
                            damage: atk,
                        },
                    );
                    for i in 0..self.list(Zone::Play(p)).len() {
                        let h = self.list(Zone::Play(p))[i];
                        if self.is_hero(h) {
                            self.offer(Opt::Card(h));
                        }
                    }
                    if self.n_offered() == 0 {
                        self.stack.push(Frame::Attack { stage: 3 });
                        return;
                    }
                    self.stack.push(Frame::Attack { stage: 2 });
                    self.wait();
                } else {
                    let def: i16 = if self.setup.options.sum_defenders_defense {
                        self.attack
                            .defenders()
                            .iter()
                            .map(|&d| self.stat(d, Stat::Defense))
                            .sum()
                    } else {
                        self.stat(self.attack.defenders[0], Stat::Defense)
                    };
                    let dmg = (atk - def).max(0);
                    if n == 1 {
                        self.then_window(Frame::Attack { stage: 3 });
                        let d = self.attack.defenders[0];
                        self.attack.damaged_card = if dmg > 0 { d } else { NO_CARD };
                        self.attack.damage_dealt += dmg;
                        self.note_excess_damage(d, dmg);
                        self.deal_damage(d, dmg);
                    } else {
                        self.begin_ask(
                            p,
                            Ask::DefenderTakesDamage {
                                enemy: e,
                                damage: dmg,
                            },
                        );
                        for i in 0..n {
                            self.offer(Opt::Card(self.attack.defenders[i]));
                        }
                        self.stack.push(Frame::Attack { stage: 2 });
                        self.wait();
                    }
                }
            }
            Some(Opt::Card(c)) => {
                self.then_window(Frame::Attack { stage: 3 });
                let dmg = if n == 0 {
                    atk
                } else {
                    let def: i16 = self
                        .attack
                        .defenders()
                        .iter()
                        .map(|&d| self.stat(d, Stat::Defense))
                        .sum();
                    (atk - def).max(0)
                };
                self.attack.damaged_card = if dmg > 0 { c } else { NO_CARD };
                self.attack.damage_dealt += dmg;
                self.note_excess_damage(c, dmg);
                self.deal_damage(c, dmg);
            }
            Some(_) => self.stack.push(Frame::Attack { stage: 3 }),
        }
    }

    /// Record in `AttackCtx::excess_damage` how much of the combat damage `dmg` about to be dealt
    /// to `c` exceeds its remaining hit points (0 if it cannot take the damage).
    fn note_excess_damage(&mut self, c: CardId, dmg: i16) {
        self.attack.excess_damage = if self.can_take_damage(c) {
            (dmg - self.remaining_hp(c).max(0)).max(0)
        } else {
            0
        };
    }

    /// Continue with `f` after an action window (the windows between attack steps, §3.6).
    /// The attack context is saved around the window: an action in it (e.g. Quick Strike) may
    /// start an attack of its own.
    fn then_window(&mut self, f: Frame) {
        self.stack.push(f);
        match f {
            Frame::Attack { .. } => {
                self.saved_attacks.push(self.attack);
                self.stack.push(Frame::RestoreAttack);
            }
            Frame::PlayerAttack { .. } => {
                self.saved_patks.push(self.patk);
                self.stack.push(Frame::RestorePlayerAttack);
            }
            _ => {}
        }
        self.stack.push(Frame::Window {
            phase: self.phase,
            seat: 0,
            passes: 0,
        });
    }

    fn end_attack(&mut self) {
        let e = self.attack.enemy;
        let after = self.attack.after;
        if after != NO_CARD {
            self.attack.after = NO_CARD;
            if let Some(f) = self.script(after).and_then(|s| s.resume) {
                f(self, Cont::new(after, AFTER_ATTACK), Opt::Pass);
            }
        }
        self.attack.ended = true;
        self.expire(Until::EndOfAttack);
        if self.attack.immediate || !self.setup.options.shadows_until_end_of_combat {
            while let Some(s) = {
                let x = self.shadows_of(e).next();
                x
            } {
                self.move_card(s, Zone::EncounterDiscard);
            }
        }
        if self.attack.destroyed_character && self.attack.threat_if_destroys_character > 0 {
            let (p, n) = (self.attack.player, self.attack.threat_if_destroys_character);
            self.raise_threat(p, n);
        }
        let ret = self.attack.return_enemy
            || (self.attack.return_if_destroys_ally && self.attack.destroyed_ally);
        if ret && self.cards[e as usize].zone.in_play() {
            self.return_to_staging(e);
        }
        self.fire(Event::EnemyAttackEnded(e));
    }

    /// Enemies `p` may declare an attack against now.
    fn attack_targets(&self, p: u8, out: &mut Vec<CardId>) {
        out.clear();
        let bit = 1u8 << p;
        let ready =
            |c: CardId| !self.cards[c as usize].exhausted && !self.rule(Rule::CannotAttack(c));
        let has_ready = self.characters(p).any(ready);
        if !has_ready {
            return;
        }
        let ranged = self
            .characters(p)
            .any(|c| ready(c) && self.def_of(c).keywords.ranged);
        let staging = self
            .characters(p)
            .any(|c| ready(c) && self.rule(Rule::AttacksStagingAlone(c)));
        for o in 0..self.n_players {
            let q = self.seat(o);
            if q != p && !ranged {
                continue;
            }
            for &e in self.engaged(q) {
                if self.cards[e as usize].attacked_by & bit == 0 {
                    out.push(e);
                }
            }
        }
        if staging {
            for &e in self.list(Zone::Staging) {
                if self.is_enemy(e) && self.cards[e as usize].attacked_by & bit == 0 {
                    out.push(e);
                }
            }
        }
    }

    fn player_attacks(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        match self.take_answer() {
            None => {
                if self.players[p as usize].eliminated {
                    self.stack.push(Frame::PlayerAttacks { seat: seat + 1 });
                    return;
                }
                let mut buf = std::mem::take(&mut self.scratch);
                self.attack_targets(p, &mut buf);
                self.begin_ask(p, Ask::AttackTarget);
                self.offer(Opt::Done);
                for &e in &buf {
                    self.offer(Opt::Card(e));
                }
                self.scratch = buf;
                if self.n_offered() == 1 {
                    self.stack.push(Frame::PlayerAttacks { seat: seat + 1 });
                    return;
                }
                self.stack.push(Frame::PlayerAttacks { seat });
                self.waiting = true;
            }
            Some(Opt::Card(e)) => {
                self.stack.push(Frame::PlayerAttacks { seat });
                self.cards[e as usize].attacked_by |= 1 << p;
                self.patk = PlayerAttackCtx {
                    enemy: e,
                    player: p,
                    attackers: [NO_CARD; 16],
                    n_attackers: 0,
                };
                self.stack.push(Frame::PlayerAttack { stage: 0 });
            }
            Some(_) => self.stack.push(Frame::PlayerAttacks { seat: seat + 1 }),
        }
    }

    /// Can `c` (controlled by the attacking player) join the attack in `patk`?
    fn can_join_attack(&self, c: CardId) -> bool {
        let e = self.patk.enemy;
        let p = self.patk.player;
        let ci = &self.cards[c as usize];
        if !self.is_character(c)
            || ci.exhausted
            || self.patk.attackers().contains(&c)
            || self.rule(Rule::CannotAttack(c))
        {
            return false;
        }
        if ci.controller != p {
            // §6.8.1: other players may add their ready Ranged characters to a declared attack
            // (engine: the attacking player asks on their behalf; the players cooperate).
            return self.patk.n_attackers > 0
                && self.def_of(c).keywords.ranged
                && matches!(self.cards[e as usize].zone, Zone::Engaged(_));
        }
        match self.cards[e as usize].zone {
            Zone::Engaged(q) if q == p => true,
            Zone::Engaged(_) => self.def_of(c).keywords.ranged,
            Zone::Staging if self.has_lasting(e, Lasting::AttackableAsEngaged(p)) => true,
            Zone::Staging => self.patk.n_attackers == 0 && self.rule(Rule::AttacksStagingAlone(c)),
            _ => false,
        }
    }

    /// The attackers of `patk` are declared: an `AttackerDeclared` event for each (Beechbone).
    fn attackers_declared(&mut self) {
        let e = self.patk.enemy;
        for i in (0..self.patk.n_attackers as usize).rev() {
            let a = self.patk.attackers[i];
            self.fire(Event::AttackerDeclared(a, e));
        }
    }

    /// One player attack (§3.6.2). Stages: 0 declare attackers; 1 damage; 2 attack ends.
    fn player_attack(&mut self, stage: u8) {
        let e = self.patk.enemy;
        let p = self.patk.player;
        match stage {
            0 => match self.take_answer() {
                None => {
                    if !self.cards[e as usize].zone.in_play() {
                        self.patk.enemy = NO_CARD;
                        return;
                    }
                    self.begin_ask(p, Ask::Attacker { enemy: e });
                    if self.patk.n_attackers > 0 {
                        self.offer(Opt::Done);
                    }
                    for q in 0..self.n_players {
                        for i in 0..self.list(Zone::Play(q)).len() {
                            let c = self.list(Zone::Play(q))[i];
                            if self.can_join_attack(c) {
                                self.offer(Opt::Card(c));
                            }
                        }
                    }
                    if self.n_offered() == 0 {
                        self.patk.enemy = NO_CARD;
                        return;
                    }
                    self.stack.push(Frame::PlayerAttack { stage: 0 });
                    if self.n_offered() == 1 && self.patk.n_attackers > 0 {
                        self.stack.pop();
                        self.then_window(Frame::PlayerAttack { stage: 1 });
                        self.attackers_declared();
                    } else {
                        self.waiting = true;
                    }
                }
                Some(Opt::Card(c)) => {
                    if !self.has_lasting(c, Lasting::NoExhaustInCombat) {
                        self.exhaust(c);
                    }
                    let n = self.patk.n_attackers as usize;
                    if n < self.patk.attackers.len() {
                        self.patk.attackers[n] = c;
                        self.patk.n_attackers += 1;
                    }
                    self.stack.push(Frame::PlayerAttack { stage: 0 });
                }
                Some(_) => {
                    self.then_window(Frame::PlayerAttack { stage: 1 });
                    self.attackers_declared();
                }
            },
            1 => {
                self.then_window(Frame::PlayerAttack { stage: 2 });
                if !self.cards[e as usize].zone.in_play() {
                    return;
                }
                let strength: i16 = self
                    .patk
                    .attackers()
                    .iter()
                    .map(|&a| self.stat(a, Stat::Attack))
                    .sum();
                let dmg = (strength - self.stat(e, Stat::Defense)).max(0);
                self.log_fn(|g| {
                    let names: Vec<&str> = g.patk.attackers().iter().map(|&a| g.title(a)).collect();
                    format!(
                        "  P{} attacks {} with {} ({} ATK)",
                        p + 1,
                        g.title(e),
                        names.join(", "),
                        strength
                    )
                });
                self.deal_damage(e, dmg);
            }
            _ => {
                // Clear `patk` only after the AttackDestroyed responses (pushed above this frame).
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 2),
                });
                if !self.cards[e as usize].zone.in_play()
                    && self.cards[e as usize].zone != Zone::Resolving
                {
                    self.fire(Event::AttackDestroyed(e));
                }
            }
        }
    }

    /// Archery (§5.3): the first player assigns the damage one point at a time (never more than a
    /// character's remaining hit points); all of it is then dealt at once.
    fn archery(&mut self, left: i16) {
        let p = self.first;
        match self.take_answer() {
            Some(Opt::Card(c)) => {
                self.archery_assigned.push(c);
                self.stack.push(Frame::Archery { left: left - 1 });
            }
            _ => {
                let mut done = left <= 0;
                if !done {
                    self.begin_ask(p, Ask::Archery);
                    for o in 0..self.n_players {
                        let q = self.seat(o);
                        for i in 0..self.list(Zone::Play(q)).len() {
                            let c = self.list(Zone::Play(q))[i];
                            let assigned =
                                self.archery_assigned.iter().filter(|&&x| x == c).count() as i16;
                            if self.is_character(c) && self.remaining_hp(c) > assigned {
                                self.offer(Opt::Card(c));
                            }
                        }
                    }
                    done = self.n_offered() == 0;
                }
                if !done {
                    self.stack.push(Frame::Archery { left });
                    self.wait();
                    return;
                }
                // Deal everything assigned at once; destruction follows in the state checks.
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
        }
    }

    // ================================================================= refresh (§3.7, §8.2)

    fn time_counters(&mut self) {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        buf.extend(
            self.in_play_cards()
                .filter(|&c| self.cards[c as usize].time > 0),
        );
        for &c in &buf {
            self.cards[c as usize].time -= 1;
            if self.cards[c as usize].time == 0 {
                self.log_fn(|g| format!("  last time counter removed from {}", g.title(c)));
                self.fire(Event::TimeRanOut(c));
            }
        }
        self.scratch = buf;
    }

    // ================================================================= quest stages

    /// Flip the main quest to side B (When Revealed and Time X of side B).
    pub fn flip_quest(&mut self, q: CardId) {
        if let Some(b) = self.def_of(q).back {
            self.set_face(q, b);
            let t = self.def_of(q).keywords.time;
            if t > 0 {
                self.cards[q as usize].time = t as i16;
            }
            self.log_fn(|g| format!("Quest stage {}B: {}", g.def_of(q).stage, g.title(q)));
            if let Some(f) = self.script(q).and_then(|s| s.when_revealed) {
                let first = self.first;
                f(self, q, first);
            }
        }
    }

    /// The players advance to the next quest stage by a card's text (not a defeat: §3.3.3.1).
    pub fn advance_stage(&mut self) {
        if let Some(q) = self.main_quest() {
            self.log_fn(|g| format!("  quest stage {} ends: advance", g.title(q)));
            self.advance(q);
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

    /// Advance to the next stage, or win if this was the last.
    fn advance(&mut self, q: CardId) {
        self.move_card(q, Zone::Removed);
        match self.top(Zone::QuestDeck) {
            Some(n) => {
                self.move_card(n, Zone::Quest);
                // Side B comes once side A's When Revealed has resolved completely, including
                // the frames it pushed (e.g. "then reveal 1 encounter card per player").
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 3).with(0, n as i16, 0),
                });
                if let Some(f) = self.script(n).and_then(|s| s.when_revealed) {
                    let first = self.first;
                    f(self, n, first);
                }
            }
            None => self.end_game(Outcome::Win),
        }
    }

    // ================================================================= state-based checks

    /// Destruction, exploration, quest defeat, elimination and loss, until nothing changes.
    pub(crate) fn state_checks(&mut self) {
        let mut guard = 0;
        while self.dirty && self.outcome.is_none() && guard < 64 {
            self.dirty = false;
            guard += 1;
            // Characters.
            for p in 0..self.n_players {
                let mut i = 0;
                while i < self.list(Zone::Play(p)).len() {
                    let c = self.list(Zone::Play(p))[i];
                    if self.is_character(c)
                        && self.cards[c as usize].damage >= self.stat(c, Stat::HitPoints)
                        && !self.damage_cancel_pending(c)
                    {
                        self.destroy_character(c);
                        continue;
                    }
                    i += 1;
                }
            }
            // Enemies.
            for z in [
                Zone::Staging,
                Zone::Engaged(0),
                Zone::Engaged(1),
                Zone::Engaged(2),
                Zone::Engaged(3),
            ] {
                let mut i = 0;
                while i < self.list(z).len() {
                    let c = self.list(z)[i];
                    if self.is_enemy(c)
                        && !self.def_of(c).keywords.indestructible
                        && self.cards[c as usize].damage >= self.stat(c, Stat::HitPoints)
                        && self.stat(c, Stat::HitPoints) > 0
                    {
                        self.log_fn(|g| format!("  {} is destroyed", g.title(c)));
                        let hosted: SmallIds = self.attachments(c).collect();
                        self.victory_or_discard(c);
                        self.fire(Event::Destroyed(c));
                        for a in hosted {
                            self.fire(Event::HostDestroyed(a, c));
                        }
                        continue;
                    }
                    i += 1;
                }
            }
            // Locations (active or in the staging area) and side quests.
            for z in [Zone::Active, Zone::Staging] {
                let mut i = 0;
                while i < self.list(z).len() {
                    let c = self.list(z)[i];
                    let qp = self.stat(c, Stat::QuestPoints);
                    let prog = self.cards[c as usize].progress;
                    if qp > 0 && prog >= qp && self.is_location(c) {
                        self.log_fn(|g| format!("  {} is explored", g.title(c)));
                        self.fire(Event::Exploring(c));
                        if self.cards[c as usize].zone == z {
                            self.victory_or_discard(c);
                        }
                        self.fire(Event::Explored(c, z == Zone::Active));
                        continue;
                    }
                    if qp > 0
                        && prog >= qp
                        && self.is_side_quest(c)
                        && !self.rule(Rule::CannotDefeat(c))
                    {
                        self.log_fn(|g| format!("  side quest {} is defeated", g.title(c)));
                        self.fire(Event::QuestDefeated(c));
                        self.move_card(c, Zone::Victory);
                        self.fire(Event::SideQuestDefeated(c));
                        continue;
                    }
                    i += 1;
                }
            }
            // The main quest.
            if let Some(q) = self.main_quest() {
                let qp = self.stat(q, Stat::QuestPoints);
                if self.def_of(q).quest_points > 0
                    && self.cards[q as usize].progress >= qp
                    && !self.rule(Rule::CannotDefeat(q))
                    && !self.rule(Rule::CannotWin)
                {
                    self.log_fn(|g| format!("  quest stage {} defeated", g.title(q)));
                    self.fire(Event::QuestDefeated(q));
                    self.advance(q);
                }
            }
            // Elimination.
            for p in 0..self.n_players {
                let ps = self.players[p as usize];
                if ps.eliminated {
                    continue;
                }
                if ps.threat >= 50 {
                    // A Forced effect may replace the elimination (Favor of the Valar).
                    self.fire(Event::ThreatElimination(p));
                    if self.players[p as usize].threat >= 50 {
                        self.eliminate(p, true);
                    }
                } else if self.heroes(p).next().is_none()
                    && (self.dead_heroes(p) > 0 || !self.setup.options.heroless_player_survives)
                {
                    self.eliminate(p, false);
                } else if self.list(Zone::Deck(p)).is_empty()
                    && self.rule(Rule::EmptyDeckEliminates)
                {
                    self.eliminate_for(p, Outcome::LossScenario);
                }
            }
        }
    }

    /// Character `c` has just been dealt damage and a window to cancel some of it is still open:
    /// its destruction waits until the window ends. Two kinds of window (engine choice; each
    /// exists only when some card could use it, so without such cards nothing changes):
    /// - the Responses to `Event::CancelDamage` (Honour Guard, Raven-winged Helm);
    /// - the Responses to `Event::Damaged` while a card answers `Rule::MayCancelDamage`
    ///   (Weather-stained Cloak).
    pub(crate) fn damage_cancel_pending(&self, c: CardId) -> bool {
        self.stack
            .iter()
            .any(|f| matches!(*f, Frame::Responses { ev: Event::CancelDamage(x, _), .. } if x == c))
            || (self
                .stack
                .iter()
                .any(|f| matches!(*f, Frame::Responses { ev: Event::Damaged(d, _), .. } if d == c))
                && self.rule(Rule::MayCancelDamage(c)))
    }

    fn dead_heroes(&self, p: u8) -> usize {
        self.players[p as usize].dead_heroes as usize
    }

    fn destroy_character(&mut self, c: CardId) {
        if self.is_hero(c) {
            let o = self.cards[c as usize].owner as usize;
            if o < MAX_PLAYERS {
                self.players[o].dead_heroes += 1;
                self.players[o].dead_hero_threat += self.def_of(c).threat_cost.max(0);
            }
        }
        self.log_fn(|g| format!("  {} is destroyed", g.title(c)));
        if self.attack.damaged_card == c {
            self.attack.destroyed_character = true;
            self.attack.destroyed = c;
            if self.is_ally(c) {
                self.attack.destroyed_ally = true;
            }
        }
        let to = self.discard_zone(c);
        self.move_card(c, to);
        self.fire(Event::Destroyed(c));
        self.fire(Event::LeftPlay(c));
    }

    /// A destroyed enemy / explored location goes to the victory display if it has Victory X.
    fn victory_or_discard(&mut self, c: CardId) {
        let to = if self.def_of(c).victory > 0 {
            Zone::Victory
        } else {
            self.discard_zone(c)
        };
        self.move_card(c, to);
    }

    /// Eliminate player `p` (§4.2.3).
    pub fn eliminate(&mut self, p: u8, by_threat: bool) {
        let cause = if by_threat {
            Outcome::LossThreat
        } else {
            Outcome::LossHeroes
        };
        self.eliminate_for(p, cause);
    }

    /// Eliminate player `p` (§4.2.3); `cause` is the game's outcome if he was the last player
    /// (`LossScenario`: a card's text eliminated him, e.g. an empty deck in Deadmen's Dike).
    pub fn eliminate_for(&mut self, p: u8, cause: Outcome) {
        let by_threat = cause == Outcome::LossThreat;
        let ps = &mut self.players[p as usize];
        ps.eliminated = true;
        ps.eliminated_by_threat = by_threat;
        self.log_fn(|_| {
            format!(
                "  P{} is eliminated ({})",
                p + 1,
                match cause {
                    Outcome::LossThreat => "threat",
                    Outcome::LossHeroes => "no heroes",
                    _ => "scenario",
                }
            )
        });
        if self.players_in_game() == 0 {
            self.end_game(cause);
            return;
        }
        // §4.2.3.5 / §8.3.6: an objective-ally he controls (Iârion, Amarthiúl) leaves the game
        // with him, so the players lose — decided before the first player token moves on.
        let key_ally = self.list(Zone::Play(p)).iter().any(|&c| {
            self.cards[c as usize].owner == ENCOUNTER && self.ty(c) == CardType::ObjectiveAlly
        });
        if key_ally {
            self.end_game(Outcome::LossScenario);
            return;
        }
        if self.first == p {
            let mut next = (p + 1) % self.n_players;
            while self.players[next as usize].eliminated {
                next = (next + 1) % self.n_players;
            }
            self.set_first_player(next);
        }
        while let Some(&e) = self.engaged(p).last() {
            self.return_to_staging(e);
        }
        // Everything he owns or controls leaves the game.
        let mut lose = false;
        for z in [
            Zone::Play(p),
            Zone::Hand(p),
            Zone::Deck(p),
            Zone::Discard(p),
        ] {
            while let Some(&c) = self.list(z).last() {
                if self.cards[c as usize].owner == ENCOUNTER {
                    lose |= self.def_of(c).ty == CardType::ObjectiveAlly;
                    self.move_card(c, Zone::EncounterDiscard);
                } else {
                    self.move_card(c, Zone::Eliminated);
                }
            }
        }
        if lose {
            self.end_game(Outcome::LossScenario);
        }
    }

    // ================================================================= result

    pub(crate) fn finish_record(&mut self) {
        let mut score: i32 = 0;
        // A game that ended after its last refresh phase but before the end of that round
        // (e.g. threat 50 from an end-of-refresh effect) was not running at that round's end.
        for k in self.rounds_recorded as usize..(self.rounds_completed as usize).min(MAX_ROUNDS) {
            self.record.threat_at_round_end[k] = [ELIMINATED; MAX_PLAYERS];
        }
        let mut r = self.record;
        r.outcome = self.outcome.unwrap_or(Outcome::RoundCap);
        r.rounds = self.round.max(1);
        r.rounds_completed = self.rounds_completed;
        r.players = self.n_players;
        for p in 0..self.n_players as usize {
            let ps = &self.players[p];
            let t = if ps.eliminated {
                50
            } else {
                ps.threat.clamp(0, 254)
            };
            r.final_threat[p] = t as u8;
            score += t as i32;
        }
        for p in 0..self.n_players {
            if self.players[p as usize].eliminated {
                score += self.players[p as usize].hero_threat_total as i32;
                continue;
            }
            score += self.players[p as usize].dead_hero_threat as i32;
            for c in self.heroes(p) {
                score += self.cards[c as usize].damage as i32;
            }
        }
        let rounds = if self.setup.options.score_final_round && r.outcome.is_win() {
            self.round as i32
        } else {
            self.rounds_completed as i32
        };
        score += 10 * rounds;
        for &c in self.list(Zone::Victory) {
            score -= self.def_of(c).victory as i32;
        }
        r.score = score;
        self.record = r;
    }

    /// A readable snapshot of the table, for the trace at the start of each round.
    pub fn describe_state(&self) -> Vec<String> {
        let mut out = Vec::new();
        let names = |cs: &[CardId]| -> String {
            cs.iter()
                .map(|&c| {
                    let ci = &self.cards[c as usize];
                    let mut s = self.title(c).to_string();
                    if ci.damage > 0 {
                        s += &format!(" {}dmg", ci.damage);
                    }
                    if ci.progress > 0 {
                        s += &format!(" {}prog", ci.progress);
                    }
                    if ci.resources > 0 {
                        s += &format!(" {}res", ci.resources);
                    }
                    if ci.time > 0 {
                        s += &format!(" {}time", ci.time);
                    }
                    if ci.exhausted {
                        s += " (exh)";
                    }
                    let att: Vec<&str> = self.attachments(c).map(|a| self.title(a)).collect();
                    if !att.is_empty() {
                        s += &format!(" [{}]", att.join(", "));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        if let Some(q) = self.main_quest() {
            out.push(format!(
                "  quest: {} {}/{} progress",
                self.title(q),
                self.cards[q as usize].progress,
                self.stat(q, Stat::QuestPoints)
            ));
        }
        out.push(format!("  staging: {}", names(self.list(Zone::Staging))));
        if let Some(l) = self.active_location() {
            out.push(format!("  active location: {}", names(&[l])));
        }
        for p in 0..self.n_players {
            if self.players[p as usize].eliminated {
                continue;
            }
            out.push(format!(
                "  P{} play: {}",
                p + 1,
                names(self.list(Zone::Play(p)))
            ));
            if !self.engaged(p).is_empty() {
                out.push(format!("  P{} engaged: {}", p + 1, names(self.engaged(p))));
            }
            let hand: Vec<&str> = self
                .list(Zone::Hand(p))
                .iter()
                .map(|&c| self.title(c))
                .collect();
            out.push(format!(
                "  P{} hand ({}): {}; deck {}",
                p + 1,
                hand.len(),
                hand.join(", "),
                self.list(Zone::Deck(p)).len()
            ));
        }
        out.push(format!(
            "  encounter deck {}, discard {}, victory display {}",
            self.list(Zone::EncounterDeck).len(),
            self.list(Zone::EncounterDiscard).len(),
            self.list(Zone::Victory).len()
        ));
        for &n in self.list(Zone::Nightmare) {
            out.push(format!("  Nightmare {}", self.title(n)));
        }
        if !self.list(Zone::OrcDeck).is_empty() {
            out.push(format!("  Orc deck {}", self.list(Zone::OrcDeck).len()));
        }
        out
    }

    /// Readable name of an option, for logs.
    pub fn opt_name(&self, o: Opt) -> String {
        match o {
            Opt::Card(c) | Opt::Play(c) | Opt::Activate(c) if c == NO_CARD => format!("{:?}", o),
            Opt::Card(c) => self.title(c).to_string(),
            Opt::Play(c) => format!("play {}", self.title(c)),
            Opt::Activate(c) => format!("use {}", self.title(c)),
            Opt::Player(p) => format!("P{}", p + 1),
            other => format!("{:?}", other).to_lowercase(),
        }
    }
}

/// A small fixed-capacity list of card ids on the stack, for collecting targets without heap
/// allocation. Capacity 64: more than the cards any one zone or effect deals with at once
/// (a 4-player game has about 12 heroes, a few dozen allies and enemies in play); extra ids are
/// dropped.
#[derive(Clone, Copy)]
pub struct SmallIds {
    ids: [CardId; 64],
    n: usize,
}

impl SmallIds {
    /// An empty list.
    pub fn new() -> Self {
        SmallIds {
            ids: [NO_CARD; 64],
            n: 0,
        }
    }
    /// Append `c` (dropped when full).
    pub fn push(&mut self, c: CardId) {
        if self.n < 64 {
            self.ids[self.n] = c;
            self.n += 1;
        }
    }
}

impl Default for SmallIds {
    fn default() -> Self {
        Self::new()
    }
}

impl FromIterator<CardId> for SmallIds {
    fn from_iter<T: IntoIterator<Item = CardId>>(iter: T) -> Self {
        let mut s = SmallIds {
            ids: [NO_CARD; 64],
            n: 0,
        };
        for c in iter {
            if s.n < 64 {
                s.ids[s.n] = c;
                s.n += 1;
            }
        }
        s
    }
}

impl std::ops::Deref for SmallIds {
    type Target = [CardId];
    fn deref(&self) -> &[CardId] {
        &self.ids[..self.n]
    }
}

impl std::ops::DerefMut for SmallIds {
    fn deref_mut(&mut self) -> &mut [CardId] {
        &mut self.ids[..self.n]
    }
}

impl IntoIterator for SmallIds {
    type Item = CardId;
    type IntoIter = std::iter::Take<std::array::IntoIter<CardId, 64>>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids.into_iter().take(self.n)
    }
}

impl<'a> IntoIterator for &'a SmallIds {
    type Item = &'a CardId;
    type IntoIter = std::slice::Iter<'a, CardId>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids[..self.n].iter()
    }
}
