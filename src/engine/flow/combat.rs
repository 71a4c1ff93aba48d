//! The combat phase (RULES.md §3.6): archery, shadow cards, enemy attacks (§3.6.1) and player
//! attacks (§3.6.2), and the damage they deal.

use super::*;

impl<'a> Game<'a> {
    /// The archery total of the cards in play (§3.6.1): their keywords and their scripts'
    /// `archery` hooks.
    fn archery_total(&self) -> i16 {
        self.in_play_cards()
            .map(|c| {
                let extra = self.script(c).and_then(|s| s.archery);
                self.def_of(c).keywords.archery as i16 + extra.map_or(0, |f| f(self, c))
            })
            .sum()
    }

    /// The framework steps of the combat phase (§3.6).
    pub(super) fn combat_step(&mut self, s: Step) {
        use Step::*;
        match s {
            CombatBegin => {
                self.begin_phase(Phase::Combat);
                // No face of this game's cards (nor the Reanimated Dead's) has archery: the
                // total is 0 without a scan (test builds scan anyway and check it).
                let possible =
                    self.listen.archery_seen || self.reanimated_face().keywords.archery > 0;
                let archery: i16 = if possible || cfg!(test) {
                    self.archery_total()
                } else {
                    0
                };
                if cfg!(test) && !possible {
                    assert_eq!(archery, 0, "archery in play but none seen (archery_seen)");
                }
                if archery > 0 {
                    self.stack.push(Frame::Archery { left: archery });
                }
            }
            Shadows => self.stack.push(Frame::DealShadows),
            EnemyAttacks => self.stack.push(Frame::EnemyAttacks { seat: 0 }),
            PlayerAttacks => self.stack.push(Frame::PlayerAttacks { seat: 0 }),
            CombatEnd => {
                if self.rule(Rule::KeepUnresolvedShadows) {
                    // Only the shadow cards of enemies that attacked were resolved.
                    let mut i = self.list(Zone::Shadow(0)).len();
                    while i > 0 {
                        i -= 1;
                        let s = self.list(Zone::Shadow(0))[i];
                        if let Zone::Shadow(e) = self.cards[s as usize].zone {
                            if self.cards[e as usize].attacked {
                                self.move_card(s, Zone::EncounterDiscard);
                            }
                        }
                        i = i.min(self.list(Zone::Shadow(0)).len());
                    }
                } else {
                    while let Some(&s) = self.list(Zone::Shadow(0)).last() {
                        self.move_card(s, Zone::EncounterDiscard);
                    }
                }
                for c in self.cards.iter_mut() {
                    c.attacked = false;
                    c.attacked_by = 0;
                }
                for p in self.players.iter_mut() {
                    p.multi_defend = false;
                    p.attacked_from_staging = false;
                }
                self.end_phase(Phase::Combat);
            }
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }

    pub(super) fn deal_shadows(&mut self) {
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
                self.fire(Event::ShadowDealt(e));
                true
            }
            None => false,
        }
    }

    /// An enemy in the staging area considered engaged with each player
    /// (`Rule::EngagedWithEachPlayer`), if there is one (Thaurdir on Midwinter's Crux).
    pub fn engaged_with_each_player(&self) -> Option<CardId> {
        self.list(Zone::Staging).iter().copied().find(|&e| {
            // Each player of its own staging area (§7.6.4).
            self.is_enemy(e)
                && self.card_in_this_area(e)
                && self.rule(Rule::EngagedWithEachPlayer(e))
        })
    }

    pub(super) fn can_attack_player(&self, e: CardId, p: u8) -> bool {
        if self.rule(Rule::CannotAttack(e)) {
            return false;
        }
        let gen = self.cards[e as usize].gen;
        !self
            .lasting
            .iter()
            .any(|l| l.card == e && l.gen == gen && l.what == Lasting::CannotAttack(p))
    }

    pub(super) fn enemy_attacks(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        self.focus(p);
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
                    // Then an enemy considered engaged with each player attacks him, with a
                    // new shadow card discarded after the attack (§5.27.3).
                    if let Some(e) = self
                        .engaged_with_each_player()
                        .filter(|_| !self.players[p as usize].attacked_from_staging)
                    {
                        self.players[p as usize].attacked_from_staging = true;
                        self.stack.push(Frame::EnemyAttacks { seat });
                        if self.can_attack_player(e, p) {
                            self.stack.push(Frame::ImmediateAttack {
                                enemy: e,
                                player: p,
                            });
                        }
                        return;
                    }
                    self.stack.push(Frame::EnemyAttacks { seat: seat + 1 });
                    return;
                }
                self.stack.push(Frame::EnemyAttacks { seat });
                self.wait();
            }
            Some(Opt::Card(e)) => {
                self.stack.push(Frame::EnemyAttacks { seat });
                self.cards[e as usize].attacked = true;
                if self.attack_replaced(e, p) {
                    return;
                }
                self.attack = AttackCtx::new(e, p, false);
                self.stack.push(Frame::Attack { stage: 0 });
                self.fire(Event::EnemyAttacks(e, p));
            }
            Some(_) => self.stack.push(Frame::EnemyAttacks { seat: seat + 1 }),
        }
    }

    /// Enemy `e` would attack player `p`: if its own text replaces the attack
    /// (`Rule::AttackReplaced`), resolve that instead (its `resume` with `WOULD_ATTACK`) and
    /// answer true: no attack starts.
    pub(crate) fn attack_replaced(&mut self, e: CardId, p: u8) -> bool {
        if !self.rule(Rule::AttackReplaced(e)) {
            return false;
        }
        if let Some(f) = self.script(e).and_then(|s| s.resume) {
            f(self, Cont::new(e, WOULD_ATTACK).with(p, 0, 0), Opt::Pass);
        }
        true
    }

    /// Can `c` defend an attack against player `p`?
    // (The declared defenders scanned in place: `contains` on the short, mostly empty slice was
    // an out-of-line call, speed22.)
    #[allow(clippy::manual_contains)]
    pub(super) fn can_defend(&self, c: CardId, p: u8) -> bool {
        let ci = &self.cards[c as usize];
        self.is_character(c)
            && !ci.exhausted
            && ci.zone.in_play()
            && (ci.controller == p || (self.has_sentinel(c) && self.reaches(c)))
            && !self.attack.defenders().iter().any(|&d| d == c)
            && !self.rule(Rule::CannotDefend(c))
            && !self.rule(Rule::CannotFightEnemy(c, self.attack.enemy))
    }

    /// One enemy attack (§3.6.1). Stages: 0 declare defender(s); 10+2k / 11+2k cancel window and
    /// resolution of shadow card k; 2 damage; 3 attack ends.
    pub(super) fn enemy_attack(&mut self, stage: u8) {
        let e = self.attack.enemy;
        let p = self.attack.player;
        if stage != 3 && self.players[p as usize].eliminated {
            // The defending player was eliminated during the attack (RULES §4.2.3.2: his enemies
            // went back to the staging area): no defender, shadow effect or damage is left to
            // resolve against him, nothing to ask him.
            self.take_answer();
            self.end_attack();
            return;
        }
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
                        if first {
                            // Nobody can defend: no question is asked, but the trace still says
                            // which enemy attacks (before this line, an undefended attack that
                            // followed a defended one read as part of it).
                            self.log_fn(|g| {
                                format!("  {} attacks P{} undefended", g.title(e), p + 1)
                            });
                        }
                        self.then_window(Frame::Attack { stage: 10 });
                    } else {
                        self.waiting = true;
                    }
                }
                Some(Opt::Card(c)) => {
                    if !self.has_lasting(c, Lasting::NoExhaustInCombat) {
                        self.exhaust_quietly(c);
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
                        if self.rule(Rule::BlankShadowsRaiseThreat) {
                            self.raise_threat(p, 2);
                        }
                    }
                } else {
                    let next = self.stack.len();
                    self.stack.push(Frame::Attack { stage: s + 1 });
                    if !self.canceled {
                        if let Some(f) = self.script(sh).and_then(|x| x.shadow) {
                            f(self, sh);
                        }
                    }
                    self.sorcery_shadow_revealed(e, sh);
                    if self.cards[sh as usize].zone != Zone::Shadow(e)
                        && matches!(self.stack.get(next), Some(Frame::Attack { stage }) if *stage == s + 1)
                    {
                        // The shadow card left (Orc Grunts goes to the staging area): the next
                        // one now has its index.
                        self.stack[next] = Frame::Attack { stage: s - 1 };
                    }
                }
            }
        }
    }

    pub(super) fn attack_damage(&mut self) {
        let e = self.attack.enemy;
        let p = self.attack.player;
        let atk = self.stat(e, Stat::Attack);
        // Defenders that left play or were exhausted out of combat no longer count.
        self.attack.n_defenders = keep_in_play(
            &self.cards,
            &mut self.attack.defenders,
            self.attack.n_defenders,
        );
        let n = self.attack.n_defenders as usize;
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
                        if self.capture_instead_of_damage(d, dmg) {
                            return;
                        }
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
                if self.capture_instead_of_damage(c, dmg) {
                    return;
                }
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
    pub(super) fn note_excess_damage(&mut self, c: CardId, dmg: i16) {
        self.attack.excess_damage = if self.can_take_damage(c) {
            (dmg - self.remaining_hp(c).max(0)).max(0)
        } else {
            0
        };
    }

    /// Continue with `f` after an action window (the windows between attack steps, §3.6).
    /// The attack context is saved around the window: an action in it (e.g. Quick Strike) may
    /// start an attack of its own.
    pub(super) fn then_window(&mut self, f: Frame) {
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

    pub(super) fn end_attack(&mut self) {
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
    pub(super) fn attack_targets(&self, p: u8, out: &mut Vec<CardId>) {
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
            // Ranged reaches other players' enemies, of his own staging area only (§7.6.1).
            if q != p && (!ranged || !self.reaches_player(q)) {
                continue;
            }
            for &e in self.engaged(q) {
                if self.cards[e as usize].attacked_by & bit == 0
                    && !self.rule(Rule::CannotBeAttackedBy(e, p))
                {
                    out.push(e);
                }
            }
        }
        if staging {
            for &e in self.list(Zone::Staging) {
                if self.is_enemy(e)
                    && self.reaches(e)
                    && self.cards[e as usize].attacked_by & bit == 0
                    && !self.rule(Rule::CannotBeAttackedBy(e, p))
                {
                    out.push(e);
                }
            }
        } else if let Some(e) = self.engaged_with_each_player() {
            if self.cards[e as usize].attacked_by & bit == 0 {
                out.push(e);
            }
        }
    }

    pub(super) fn player_attacks(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        self.focus(p);
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
    // (The declared attackers scanned in place, as in `can_defend`.)
    #[allow(clippy::manual_contains)]
    pub(super) fn can_join_attack(&self, c: CardId) -> bool {
        let e = self.patk.enemy;
        let p = self.patk.player;
        let ci = &self.cards[c as usize];
        if !self.is_character(c)
            || ci.exhausted
            || self.patk.attackers().iter().any(|&x| x == c)
            || self.rule(Rule::CannotAttack(c))
            || self.rule(Rule::CannotFightEnemy(c, e))
        {
            return false;
        }
        if ci.controller != p {
            // §6.8.1: other players may add their ready Ranged characters to a declared attack
            // (engine: the attacking player asks on their behalf; the players cooperate).
            return self.patk.n_attackers > 0
                && self.def_of(c).keywords.ranged
                && self.reaches(c)
                && matches!(self.cards[e as usize].zone, Zone::Engaged(_));
        }
        match self.cards[e as usize].zone {
            Zone::Engaged(q) if q == p => true,
            Zone::Engaged(_) => self.def_of(c).keywords.ranged && self.reaches(e),
            Zone::Staging if !self.reaches(e) => false,
            Zone::Staging if self.has_lasting(e, Lasting::AttackableAsEngaged(p)) => true,
            Zone::Staging => self.patk.n_attackers == 0 && self.rule(Rule::AttacksStagingAlone(c)),
            _ => false,
        }
    }

    /// The attackers of `patk` are declared: an `AttackerDeclared` event for each (Beechbone).
    pub(super) fn attackers_declared(&mut self) {
        let e = self.patk.enemy;
        for i in (0..self.patk.n_attackers as usize).rev() {
            let a = self.patk.attackers[i];
            self.fire(Event::AttackerDeclared(a, e));
        }
    }

    /// One player attack (§3.6.2). Stages: 0 declare attackers; 1 damage; 2 attack ends.
    pub(super) fn player_attack(&mut self, stage: u8) {
        let e = self.patk.enemy;
        let p = self.patk.player;
        if stage < 2 && self.players[p as usize].eliminated {
            // The attacking player was eliminated before damage: his attack ends unresolved.
            self.take_answer();
            self.patk.enemy = NO_CARD;
            return;
        }
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
                        self.exhaust_quietly(c);
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
                // Attackers that left play since their declaration no longer count (as
                // defenders in `attack_damage`).
                self.patk.n_attackers =
                    keep_in_play(&self.cards, &mut self.patk.attackers, self.patk.n_attackers);
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
    pub(super) fn archery(&mut self, left: i16) {
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
}

/// Keeps the first `n` cards of `list` that are still in play, in order, at its front; returns
/// how many are left (an attack's defenders or attackers once some left play).
fn keep_in_play(cards: &[CardInst], list: &mut [CardId], n: u8) -> u8 {
    let mut kept = 0;
    for i in 0..n as usize {
        let c = list[i];
        if cards[c as usize].zone.in_play() {
            list[kept] = c;
            kept += 1;
        }
    }
    kept as u8
}
