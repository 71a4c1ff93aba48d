//! State-based checks (RULES.md §3.8, §4): destruction, exploration, quest defeat, elimination
//! (§4.2), losing (§4.3), and the game's record.

use super::*;

/// The zone lists enemies are checked in, in order: the staging area, then the engagement
/// areas of players 1 to 4 (constants, so that the loop builds no zone array at every check).
const ENEMY_LISTS: [usize; 5] = [
    Zone::Staging.list(),
    Zone::Engaged(0).list(),
    Zone::Engaged(1).list(),
    Zone::Engaged(2).list(),
    Zone::Engaged(3).list(),
];
const ACTIVE_LIST: usize = Zone::Active.list();

impl<'a> Game<'a> {
    /// The progress a location with quest points `qp` needs to be explored (§1.4): `qp`; where
    /// it is 0, none with `zero_quest_points_explored` (0 meets 0), else 1.
    #[inline]
    pub(crate) fn explore_need(&self, qp: i16) -> i16 {
        if qp > 0 {
            qp
        } else if self.setup.options.zero_quest_points_explored {
            0
        } else {
            1
        }
    }

    /// Can location `c` be explored without progress? Only one whose quest points are an X
    /// its script counts (Torture Chamber), which can be 0 (`explore_need` then decides, by
    /// `zero_quest_points_explored`). One bit test: this is asked of every card without
    /// progress in the staging area and the active location at every check.
    #[inline(always)]
    fn may_explore_bare(&self, c: CardId) -> bool {
        self.cards[c as usize].hooks & hooks::X_LOCATION != 0
    }

    /// Does `c`'s hit point value surely equal its printed value, above 0 (nothing can modify
    /// it: no modifier of its own, no attachment, no global modifier reaching it, no lasting effect on
    /// it)? Then an undamaged `c` is not destroyed, and the check needs no `stat`.
    /// (`global_hp`: `global_reaches(c, Stat::HitPoints)`, which for a character is the same
    /// answer for every card: asked once per scan.)
    fn printed_hp_stands(&self, c: CardId, global_hp: bool) -> bool {
        let ci = &self.cards[c as usize];
        let hp = self.def_of(c).hit_points;
        if cfg!(test) {
            assert_eq!(global_hp, self.global_reaches(c, Stat::HitPoints));
        }
        ci.hooks & hooks::MODIFY == 0
            && ci.n_attached == 0
            && !global_hp
            && hp > 0 // (X and "none" are below 0)
            // (No lasting effect on its stats, `CardInst::lasting_stats`: a lasting effect of
            // another kind leaves its hit points printed, as the stat the test would read.)
            && ci.lasting_stats == 0
    }

    /// Is there a lasting effect on hit points (of any card)? Lasting effects are few: a scan
    /// per pass of the state-based checks.
    #[inline(always)]
    fn lasting_hp(&self) -> bool {
        self.lasting
            .iter()
            .any(|e| matches!(e.what, Lasting::Stat(Stat::HitPoints, _)))
    }

    /// Test and debug builds: card `c`, skipped by the state-based checks' character loop
    /// without a look at its hit points, is surely not destroyed now (not a character, or hit
    /// points above its damage).
    #[cfg(any(test, debug_assertions))]
    #[cold]
    #[inline(never)]
    fn assert_not_lethal(&self, c: CardId) {
        assert!(
            !self.is_character(c)
                || self.cards[c as usize].damage < self.stat_now(c, Stat::HitPoints),
            "{} skipped by the state-based checks with lethal damage",
            self.title(c)
        );
    }

    /// Test builds, the memo's checking mode (`Game::set_memo_check`), at every frame while
    /// `dirty` is unset: no state-based check would act now (the read-only tests of
    /// `state_checks`). The proof that every change a check could see sets `dirty` (in
    /// particular that the moves `move_card` leaves clean, between `Zone::quiet` piles, are
    /// invisible to them).
    #[cold]
    #[inline(never)]
    pub(crate) fn assert_checks_idle(&self) {
        assert_eq!(
            self.blank_any,
            self.n_blank_damaged > 0 || self.safe_active || self.blank_marks,
            "blank_any kept beside n_blank_damaged, safe_active and blank_marks"
        );
        assert_eq!(
            self.blank_wide,
            self.safe_active || self.blank_marks,
            "blank_wide kept beside safe_active and blank_marks"
        );
        if !self.blank_marks {
            for c in 0..self.cards.len() as CardId {
                let ci = &self.cards[c as usize];
                assert!(
                    !ci.guarded && !ci.text_blanked,
                    "{} guarded or text-blanked without set_guarded / set_text_blanked",
                    self.title(c)
                );
            }
        }
        if self.outcome.is_some() {
            return;
        }
        let why = |what: &str, c: CardId| {
            panic!(
                "{what} ({}) but no state-based check is pending (round {}, {:?})",
                self.title(c),
                self.round,
                self.stack.last()
            )
        };
        for p in 0..self.n_players {
            for &c in self.list(Zone::Play(p)) {
                if self.is_character(c)
                    && self.cards[c as usize].damage >= self.stat(c, Stat::HitPoints)
                    && !self.damage_cancel_pending(c)
                {
                    why("a character has lethal damage", c);
                }
            }
        }
        for li in ENEMY_LISTS {
            for &c in &self.lists[li] {
                if self.enemy_lethally_damaged(c) {
                    why("an enemy has lethal damage", c);
                }
            }
        }
        for li in [ACTIVE_LIST, ENEMY_LISTS[0]] {
            for &c in &self.lists[li] {
                let prog = self.cards[c as usize].progress;
                if (prog <= 0 && !self.may_explore_bare(c))
                    || !(self.is_location(c) || self.is_side_quest(c))
                {
                    continue;
                }
                let qp = self.stat(c, Stat::QuestPoints);
                if (self.is_location(c) && prog >= self.explore_need(qp))
                    || (qp > 0
                        && prog >= qp
                        && self.is_side_quest(c)
                        && !self.rule(Rule::CannotDefeat(c)))
                {
                    why("a location or side quest has its quest points", c);
                }
            }
        }
        if let Some(q) = self.main_quest() {
            if self.def_of(q).quest_points > 0
                && self.cards[q as usize].progress >= self.stat(q, Stat::QuestPoints)
                && !self.rule(Rule::CannotDefeat(q))
                && (!self.list(Zone::QuestDeck).is_empty() || !self.rule(Rule::CannotWin))
            {
                why("the quest stage has its quest points", q);
            }
        }
        for p in 0..self.n_players {
            let ps = &self.players[p as usize];
            if ps.eliminated {
                continue;
            }
            assert!(
                ps.threat < 50
                    && (self.heroes(p).next().is_some()
                        || (self.dead_heroes(p) == 0
                            && self.setup.options.heroless_player_survives))
                    && !(self.list(Zone::Deck(p)).is_empty()
                        && self.rule(Rule::EmptyDeckEliminates)),
                "P{} should be eliminated but no state-based check is pending (round {}, {:?})",
                p + 1,
                self.round,
                self.stack.last()
            );
        }
    }

    /// `state_checks` as a call: from `exec`'s frame loop after a frame that left `dirty`
    /// set, and from `run` (which then finds `dirty` set only when a decision's answer set it).
    #[inline(never)]
    pub(crate) fn state_checks_call(&mut self) {
        self.state_checks();
    }

    /// Destruction, exploration, quest defeat, elimination and loss, until nothing changes.
    /// (Inlined into `state_checks_call`, its one caller.)
    #[inline(always)]
    pub(crate) fn state_checks(&mut self) {
        let mut guard = 0;
        while self.dirty && self.outcome.is_none() && guard < 64 {
            self.dirty = false;
            guard += 1;
            // Characters. (Zone list indexes are computed once per list: the loops below call
            // `&mut self` methods, so the compiler would recompute them at every card.)
            for p in 0..self.n_players {
                let li = Zone::Play(p).list();
                let mut i = 0;
                // Whether a global modifier may reach a character's hit points (asked again
                // after a destruction, whose events may change the modifiers in play).
                let mut global_hp = self.listen.global.reaches(false, Stat::HitPoints);
                // Whether anything but a card's own hooks and attachments may change a
                // character's hit points: a global modifier, or a lasting effect on hit points
                // (on any card). Asked again after a destruction too.
                let mut wide = global_hp || self.lasting_hp();
                while i < self.lists[li].len() {
                    if !wide {
                        // An undamaged card whose hit points nothing can change and whose
                        // printed hit points are a number above 0 (no `UNSURE_HP`) is not
                        // destroyed (whether a character or not): one look at the card instead
                        // of the test below, in a read-only loop over the list.
                        let (list, cards) = (&self.lists[li], &self.cards);
                        while i < list.len() {
                            let ci = &cards[list[i] as usize];
                            if ci.damage != 0
                                || ci.hooks & (hooks::MODIFY | hooks::UNSURE_HP) != 0
                                || ci.n_attached != 0
                            {
                                break;
                            }
                            #[cfg(any(test, debug_assertions))]
                            self.assert_not_lethal(list[i]);
                            i += 1;
                        }
                        if i == list.len() {
                            break;
                        }
                    }
                    let c = self.lists[li][i];
                    if self.is_character(c)
                        && (self.cards[c as usize].damage > 0
                            || !self.printed_hp_stands(c, global_hp))
                        && self.cards[c as usize].damage >= self.stat(c, Stat::HitPoints)
                        && !self.damage_cancel_pending(c)
                    {
                        self.destroy_character(c);
                        global_hp = self.listen.global.reaches(false, Stat::HitPoints);
                        wide = global_hp || self.lasting_hp();
                        continue;
                    }
                    i += 1;
                }
            }
            // Enemies.
            // (The engaged areas of the players of this game only: others are empty.)
            for &li in &ENEMY_LISTS[..1 + (self.n_players as usize).min(4)] {
                let mut i = 0;
                while i < self.lists[li].len() {
                    // Undamaged cards (no lethal damage) in a read-only loop over the list.
                    let (list, cards) = (&self.lists[li], &self.cards);
                    while i < list.len() && cards[list[i] as usize].damage <= 0 {
                        i += 1;
                    }
                    if i == list.len() {
                        break;
                    }
                    let c = list[i];
                    if self.enemy_lethally_damaged(c) {
                        if self.saved_from_destruction(c) {
                            i += 1;
                            continue;
                        }
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
            self.check_places(Zone::Active, ACTIVE_LIST);
            self.check_places(Zone::Staging, ENEMY_LISTS[0]);
            // The main quest.
            if let Some(q) = self.main_quest() {
                if self.def_of(q).quest_points > 0
                    && self.cards[q as usize].progress >= self.stat(q, Stat::QuestPoints)
                    && !self.rule(Rule::CannotDefeat(q))
                    // "The players cannot win" (§4.1.2) holds back only the defeat that would
                    // win: the last stage's. An earlier stage still advances.
                    && (!self.list(Zone::QuestDeck).is_empty() || !self.rule(Rule::CannotWin))
                {
                    self.log_fn(|g| format!("  quest stage {} defeated", g.title(q)));
                    self.fire(Event::QuestDefeated(q));
                    self.advance(q);
                }
            }
            // Elimination.
            for p in 0..self.n_players {
                let ps = &self.players[p as usize];
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

    /// The state-based checks of the locations and side quests of zone `z` (list `li`: the
    /// active location or the staging area), in list order. (Always inlined into
    /// `state_checks`, twice with constant arguments: cheaper than a loop over the two zones.)
    #[inline(always)]
    fn check_places(&mut self, z: Zone, li: usize) {
        let mut i = 0;
        while i < self.lists[li].len() {
            let c = self.lists[li][i];
            let prog = self.cards[c as usize].progress;
            // Progress at least its quest points, which are above 0: some progress, on
            // a location or side quest (or a location whose quest points can be 0).
            if (prog <= 0 && !self.may_explore_bare(c))
                || !(self.is_location(c) || self.is_side_quest(c))
            {
                i += 1;
                continue;
            }
            let qp = self.stat(c, Stat::QuestPoints);
            if self.is_location(c) && prog >= self.explore_need(qp) {
                self.log_fn(|g| format!("  {} is explored", g.title(c)));
                self.fire(Event::Exploring(c));
                if self.cards[c as usize].zone == z {
                    if self.rule(Rule::ExploredLocationsControlled) {
                        let first = self.first;
                        self.take_control(c, first);
                    } else {
                        self.victory_or_discard(c);
                    }
                }
                self.fire(Event::Explored(c, z == Zone::Active));
                continue;
            }
            if qp > 0
                && prog >= qp
                && self.is_side_quest(c)
                && !self.rule(Rule::CannotDefeat(c))
                && self.rule(Rule::FlipsWhenDefeated(c))
            {
                self.defeat_flipping(c);
                continue;
            }
            if qp > 0 && prog >= qp && self.is_side_quest(c) && !self.rule(Rule::CannotDefeat(c)) {
                self.log_fn(|g| format!("  side quest {} is defeated", g.title(c)));
                self.fire(Event::QuestDefeated(c));
                self.move_card(c, Zone::Victory);
                self.fire(Event::SideQuestDefeated(c));
                continue;
            }
            i += 1;
        }
    }

    /// An enemy (not indestructible) whose damage is at least its hit points, which are above 0:
    /// some damage. Stats only read the game: the cheap tests first.
    /// (Always inlined: asked of every card of the staging and engaged areas at every check.)
    #[inline(always)]
    fn enemy_lethally_damaged(&self, c: CardId) -> bool {
        let damage = self.cards[c as usize].damage;
        damage > 0
            && self.is_enemy(c)
            && (!self.def_of(c).keywords.indestructible || self.rule(Rule::LosesIndestructible(c)))
            && !self.rule(Rule::GainsIndestructible(c))
            && {
                let hp = self.stat(c, Stat::HitPoints);
                damage >= hp && hp > 0
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

    pub(super) fn dead_heroes(&self, p: u8) -> usize {
        self.players[p as usize].dead_heroes as usize
    }

    /// Destroy character `c` (counted as a dead hero if a hero) and fire its events.
    pub fn destroy_character(&mut self, c: CardId) {
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
    pub(super) fn victory_or_discard(&mut self, c: CardId) {
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
        self.eliminate_captured(p);
        // §4.2.3.3: each location he controls returns to the staging area.
        self.return_all_locations(p);
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
                    lose |= self.ty(c) == CardType::ObjectiveAlly;
                    self.move_card(c, Zone::EncounterDiscard);
                } else {
                    self.move_card(c, Zone::Eliminated);
                }
            }
        }
        // So do his cards being played or resolved (an event, an attachment on its way).
        let li = Zone::Resolving.list();
        let mut i = 0;
        while i < self.lists[li].len() {
            let c = self.lists[li][i];
            if self.cards[c as usize].owner == p {
                self.move_card(c, Zone::Eliminated);
            } else {
                i += 1;
            }
        }
        if lose {
            self.end_game(Outcome::LossScenario);
        }
    }

    /// Does the pending work of card `c` stop because `c` left the game with its eliminated
    /// player (rule option `eliminated_effects_stop`)? Never for the framework's own (`NO_CARD`).
    #[inline]
    pub(crate) fn effect_stopped(&self, c: CardId) -> bool {
        c != NO_CARD && self.setup.options.eliminated_effects_stop && self.out_of_game(c)
    }

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
        if let Some(q) = self.main_quest() {
            r.stage = self.def_of(q).stage;
            let qp = self.stat(q, Stat::QuestPoints);
            r.stage_progress = if qp > 0 {
                (self.card(q).progress.clamp(0, qp) as i32 * 100 / qp as i32) as u8
            } else {
                0
            };
        }
        self.record = r;
    }
}
