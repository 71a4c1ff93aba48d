//! Setup (RULES.md §2.2): building the zones, heroes and hands, mulligans, the scenario's and
//! the players' setup steps, the first quest stage.

use super::*;

impl<'a> Game<'a> {
    pub(crate) fn setup_game(&mut self) {
        self.fixed_for_new_game();
        self.cards.clear();
        for l in self.lists.iter_mut() {
            l.clear();
        }
        self.lasting.clear(); // (the cards, with their `lasting_stats`, are gone too)
        self.saved_attacks.clear();
        self.saved_patks.clear();
        for l in self.interest.iter_mut() {
            l.clear();
        }
        self.forced_stale = false;
        self.hook_counts = [[0; hooks::N_COUNTED]; N_LISTS];
        self.n_blank_damaged = 0;
        self.safe_active = false;
        self.blank_marks = false;
        self.blank_any = false;
        self.blank_wide = false;
        self.forced_cards.clear();
        self.listen = eventkind::Listeners::NONE;
        self.stack.clear();
        self.waiting = false;
        self.ask_clash = false;
        self.answer = None;
        self.outcome = None;
        self.canceled = false;
        self.surge_pending = 0;
        self.areas = AreaState::default();
        self.round = 0;
        self.rounds_completed = 0;
        self.rounds_recorded = 0;
        self.phase = Phase::Setup;
        self.quest_progress_this_round = 0;
        self.side_quest_progress_this_round = false;
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
        // The cards, in their zones before any shuffle, are the same every game of this setup:
        // built once, then copied (`SetupTemplate`). Shuffling after building them all is the
        // same as shuffling each deck as it is built: every deck has its own random stream.
        let key = SetupTemplate::key(self);
        match self.template.take() {
            Some(t) if t.key == key => {
                t.restore(self);
                self.template = Some(t);
            }
            old => {
                self.build_cards();
                let mut t = old.unwrap_or_default();
                t.save(self, key);
                self.template = Some(t);
            }
        }
        let setup = self.setup;
        let sc = &self.db.scenarios[setup.scenario];
        for p in 0..self.n_players {
            self.shuffle(Zone::Deck(p));
        }
        self.shuffle(Zone::EncounterDeck);
        if self.logging() {
            self.log_line(format!(
                "Setup: {} ({}), {} player(s), first player P{}",
                sc.title,
                setup.mode.name(),
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

    /// Create every card of the game in its starting zone (decks unshuffled), heroes' threat.
    fn build_cards(&mut self) {
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
        if let Some(c) = self.campaign.clone() {
            // The campaign card, setup side up beside the quest deck, its text active all game
            // (§9.2.3); the cards it and the pool bring wait set aside until their Setup text.
            self.new_card(c.card, ENCOUNTER, Zone::Nightmare);
            for &(d, owner, _) in &c.set_aside {
                self.new_card(d, owner, Zone::SetAside);
            }
        }
    }

    /// The setup steps (§2.2) that run after the zones are built.
    pub(super) fn setup_step(&mut self, s: Step) {
        use Step::*;
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
            SetupCampaign => self.setup_campaign(),
            SetupNightmare => {
                let n = self
                    .list(Zone::Nightmare)
                    .iter()
                    .copied()
                    .find(|&n| self.ty(n) == CardType::NightmareSetup);
                if let Some(n) = n {
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
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }

    /// Campaign setup (RULES §9.2.2): each player's starting threat raised by the threat penalty
    /// and lowered by the logged reduction, then the campaign card's Setup text, then the Setup
    /// text of the pool cards set aside for this game (Permanent boons, Arnor Ravaged ...).
    fn setup_campaign(&mut self) {
        let Some(c) = self.campaign.clone() else {
            return;
        };
        let shared = self.setup.options.threat_penalty_shared;
        for p in 0..self.n_players as usize {
            let delta = c.state.penalty_of(p, shared) - c.state.notes.threat_reduction;
            self.players[p].threat = (self.players[p].threat + delta).max(0);
            if delta != 0 {
                self.log_fn(|_| {
                    let who = if shared { String::new() } else { format!("P{} ", p + 1) };
                    format!(
                        "Campaign: {who}starting threat {delta:+} (threat penalty and logged changes)"
                    )
                });
            }
        }
        let card = self
            .list(Zone::Nightmare)
            .iter()
            .copied()
            .find(|&n| self.ty(n) == CardType::Campaign);
        if let Some(card) = card {
            if let Some(f) = self.script(card).and_then(|s| s.setup) {
                f(self, card);
            }
        }
        // Pool cards in the order the runner listed them (`CampaignGame::set_aside`).
        for &(d, owner, _) in c.set_aside.iter().filter(|s| s.2) {
            let found = self.list(Zone::SetAside).iter().copied().find(|&x| {
                self.cards[x as usize].def == d && self.cards[x as usize].owner == owner
            });
            if let Some(x) = found {
                if let Some(f) = self.script(x).and_then(|s| s.setup) {
                    f(self, x);
                }
            }
        }
    }

    pub(super) fn mulligan(&mut self, seat: u8) {
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
}

impl<'a> Game<'a> {
    /// The fixed stats the memo keeps (`StatMemo::fixed_tag`) across the start of a new game.
    /// A game of the same setup starts from the template's cards (`SetupTemplate::restore`),
    /// with no lasting effect; a fixed answer reads only its card's face, kind, hooks and
    /// attachments and the global modifiers' scope (`stat_now_fixed`, and `memo_value_of`
    /// reads the face besides). So a card that has all of those as in the template keeps its
    /// fixed answers; the others are the cards noted by `fixed_changed_on` since the last
    /// start (`StatMemo::touched`), whose slots are emptied; and all are dropped
    /// when the template's scope reaches a (kind, stat) the last game's did not, or the setup
    /// has no template yet. (Test builds in checking mode
    /// recompute every kept answer: `memo_answers_equal_fresh_answers` plays several games on
    /// one `Game`.)
    fn fixed_for_new_game(&mut self) {
        let key = SetupTemplate::key(self);
        let same_setup = self
            .template
            .as_ref()
            .is_some_and(|t| t.key == key && t.listen.global.within(self.listen.global));
        let m = &mut self.stat_memo;
        let (n, all) = (m.n_touched as usize, m.touched_all);
        m.n_touched = 0;
        m.touched_all = false;
        if same_setup && !all {
            for i in 0..n {
                let c = self.stat_memo.touched[i];
                self.empty_memo_slots(c);
            }
        } else {
            self.fixed_changed();
        }
    }
}

/// The state `build_cards` leaves, kept per `Game` to start the next game of the same setup by
/// copying it: the cards, the zone lists and every index of them, the players' threat.
#[derive(Default)]
pub(crate) struct SetupTemplate {
    /// Which setup it was built for (the addresses of the card table and of the `GameSetup`).
    key: (usize, usize, usize),
    cards: Vec<CardInst>,
    lists: Vec<Vec<CardId>>,
    hook_counts: Vec<[u16; hooks::N_COUNTED]>,
    interest: [Vec<CardId>; N_INTEREST],
    forced_cards: Vec<CardId>,
    forced_stale: bool,
    n_blank_damaged: u8,
    blank_marks: bool,
    listen: eventkind::Listeners,
    threat: [(i16, i16); MAX_PLAYERS],
}

impl SetupTemplate {
    fn key(g: &Game) -> (usize, usize, usize) {
        (
            g.db as *const CardDb as usize,
            g.setup as *const GameSetup as usize,
            g.campaign
                .as_ref()
                .map_or(0, |c| std::sync::Arc::as_ptr(c) as usize),
        )
    }

    fn save(&mut self, g: &Game, key: (usize, usize, usize)) {
        self.key = key;
        self.cards.clone_from(&g.cards);
        self.lists.resize_with(N_LISTS, Vec::new);
        for (a, b) in self.lists.iter_mut().zip(g.lists.iter()) {
            a.clone_from(b);
        }
        self.hook_counts.clear();
        self.hook_counts.extend_from_slice(&g.hook_counts);
        for (a, b) in self.interest.iter_mut().zip(g.interest.iter()) {
            a.clone_from(b);
        }
        self.forced_cards.clone_from(&g.forced_cards);
        self.forced_stale = g.forced_stale;
        self.n_blank_damaged = g.n_blank_damaged;
        self.blank_marks = g.blank_marks;
        self.listen = g.listen;
        for (t, p) in self.threat.iter_mut().zip(g.players.iter()) {
            *t = (p.threat, p.hero_threat_total);
        }
    }

    fn restore(&self, g: &mut Game) {
        // (The memo's fixed stats were settled for these cards by `fixed_for_new_game`.)
        g.cards.clone_from(&self.cards);
        for (a, b) in g.lists.iter_mut().zip(self.lists.iter()) {
            a.clone_from(b);
        }
        g.hook_counts.copy_from_slice(&self.hook_counts);
        for (a, b) in g.interest.iter_mut().zip(self.interest.iter()) {
            a.clone_from(b);
        }
        g.forced_cards.clone_from(&self.forced_cards);
        g.forced_stale = self.forced_stale;
        g.n_blank_damaged = self.n_blank_damaged;
        g.blank_marks = self.blank_marks;
        g.sync_blank_any();
        g.listen = self.listen;
        for (p, &(threat, total)) in g.players.iter_mut().zip(self.threat.iter()) {
            p.threat = threat;
            p.hero_threat_total = total;
        }
        g.dirty = true;
    }
}
