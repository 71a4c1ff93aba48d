//! Invariant checks used by the conformance suite and `soak`: every card in exactly one zone,
//! no negative tokens, threat and stats in bounds, hosts valid.

use super::*;

impl<'a> Game<'a> {
    /// Check the game's invariants; `Err` names the first violation.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_areas()?;
        self.check_area_reach()?;
        self.check_reanimated()?;
        self.check_captured()?;
        if self.ask_clash {
            return Err(format!(
                "a question was asked while another waited for its answer (now pending: {})",
                self.ask_name()
            ));
        }
        if self.pending().is_some_and(|d| d.options.is_empty()) {
            return Err(format!(
                "a decision with no options is pending ({})",
                self.ask_name()
            ));
        }
        let total: usize = self.lists.iter().map(|l| l.len()).sum();
        if total != self.cards.len() {
            return Err(format!(
                "{} cards but {} in zone lists",
                self.cards.len(),
                total
            ));
        }
        let mut seen = vec![0u8; self.cards.len()];
        for (li, l) in self.lists.iter().enumerate() {
            for &c in l {
                let ci = self
                    .cards
                    .get(c as usize)
                    .ok_or_else(|| format!("bad card id {c}"))?;
                if ci.zone.list() != li {
                    return Err(format!(
                        "{} is listed in list {li} but its zone is {:?}",
                        self.title(c),
                        ci.zone
                    ));
                }
                seen[c as usize] += 1;
            }
        }
        if let Some(c) = seen.iter().position(|&n| n != 1) {
            return Err(format!(
                "card {} ({}) is in {} zones",
                c,
                self.title(c as CardId),
                seen[c]
            ));
        }
        for (i, ci) in self.cards.iter().enumerate() {
            let c = i as CardId;
            if ci.damage < 0 || ci.progress < 0 || ci.resources < 0 || ci.time < 0 {
                return Err(format!("{} has negative tokens: {:?}", self.title(c), ci));
            }
            if !ci.zone.in_play() && (ci.damage != 0 || ci.progress != 0 || ci.exhausted) {
                return Err(format!(
                    "{} out of play ({:?}) keeps tokens or is exhausted",
                    self.title(c),
                    ci.zone
                ));
            }
            match ci.zone {
                Zone::Attached(h) | Zone::Shadow(h) if !self.cards[h as usize].zone.in_play() => {
                    return Err(format!(
                        "{} is hosted by {} which is out of play",
                        self.title(c),
                        self.title(h)
                    ));
                }
                Zone::Play(p)
                | Zone::Engaged(p)
                | Zone::Deck(p)
                | Zone::Hand(p)
                | Zone::Discard(p)
                    if p >= self.n_players =>
                {
                    return Err(format!(
                        "{} is in a zone of missing player {}",
                        self.title(c),
                        p
                    ));
                }
                _ => {}
            }
            if ci.zone == Zone::Nightmare
                && (ci.owner != ENCOUNTER
                    || !matches!(self.ty(c), CardType::NightmareSetup | CardType::Campaign))
            {
                return Err(format!(
                    "{} is in the Nightmare zone but is not a Nightmare setup or campaign card",
                    self.title(c)
                ));
            }
            // A loot deck (The Burglar's Turn) under a contract: its owner's attachments only.
            if let Zone::Under(h) = ci.zone {
                if self.ty(h) == CardType::Contract
                    && (ci.owner != self.cards[h as usize].owner
                        || self.ty(c) != CardType::Attachment)
                {
                    return Err(format!(
                        "{} is under {} but is not one of its owner's loot attachments",
                        self.title(c),
                        self.title(h)
                    ));
                }
            }
            if ci.guarded
                && !matches!(ci.zone, Zone::Attached(h) if self.cards[h as usize].owner == ENCOUNTER)
            {
                return Err(format!(
                    "{} is marked guarded but is not attached to an encounter card",
                    self.title(c)
                ));
            }
            // The Investigation (§8.9): a Clue in play is unclaimed in the staging area or
            // attached to a character (Amarthiúl or a hero); a side quest that turns over when
            // defeated never reaches the victory display.
            if self.is_clue(c)
                && ci.zone.in_play()
                && ci.zone != Zone::Staging
                && self.clue_holder(c).is_none()
            {
                return Err(format!(
                    "{} is a Clue in play but neither staged nor held by a character ({:?})",
                    self.title(c),
                    ci.zone
                ));
            }
            if self.is_clue(c) && ci.progress != 0 {
                return Err(format!("{} is a Clue with progress", self.title(c)));
            }
            if ci.zone == Zone::Victory
                && self.is_side_quest(c)
                && self
                    .script(c)
                    .and_then(|s| s.rule)
                    .is_some_and(|f| f(self, c, crate::cards::Rule::FlipsWhenDefeated(c)))
            {
                return Err(format!(
                    "{} turns over when defeated but is in the victory display",
                    self.title(c)
                ));
            }
            if ci.zone == Zone::OrcDeck && ci.owner != ENCOUNTER {
                return Err(format!(
                    "{} (a player card) is in the Orc deck",
                    self.title(c)
                ));
            }
            if let Zone::Play(p) = ci.zone {
                // A controlled location (§8.12): an encounter card of a player in the game.
                if self.is_location(c)
                    && (ci.owner != ENCOUNTER
                        || (self.players[p as usize].eliminated && self.outcome.is_none()))
                {
                    return Err(format!(
                        "{} is a location in P{}'s play area but not a controlled one",
                        self.title(c),
                        p + 1
                    ));
                }
                if ci.controller != p {
                    return Err(format!(
                        "{} is in P{}'s play area but controlled by {}",
                        self.title(c),
                        p + 1,
                        ci.controller
                    ));
                }
            }
            if ci.zone.in_play()
                && self.is_character(c)
                && self.outcome.is_none()
                && !self.dirty
                && ci.damage >= self.stat(c, Stat::HitPoints)
                && !self.damage_cancel_pending(c)
            {
                return Err(format!(
                    "{} has lethal damage but is in play",
                    self.title(c)
                ));
            }
        }
        for p in 0..self.n_players as usize {
            let t = self.players[p].threat;
            if !(0..=255).contains(&t) {
                return Err(format!("P{} threat {} out of bounds", p + 1, t));
            }
            if !self.players[p].eliminated && t >= 50 && !self.dirty && self.outcome.is_none() {
                return Err(format!("P{} at threat {} is not eliminated", p + 1, t));
            }
        }
        // One active location per staging area (§7.6).
        for (i, &l) in self.list(Zone::Active).iter().enumerate() {
            let a = self.cards[l as usize].area;
            if self.list(Zone::Active)[..i]
                .iter()
                .any(|&m| self.cards[m as usize].area == a)
            {
                return Err(format!("more than one active location in staging area {a}"));
            }
        }
        // Safe (§8.8): the kept flag matches the active location.
        let safe_now = self
            .list(Zone::Active)
            .iter()
            .any(|&l| self.def_of(l).keywords.safe);
        if self.safe_active() != safe_now {
            return Err(format!(
                "safe_active is {} but the active location says {}",
                self.safe_active(),
                safe_now
            ));
        }
        if self.stack.len() > 512 {
            return Err(format!("engine stack depth {}", self.stack.len()));
        }
        if let Some(d) = self.pending() {
            if d.options.is_empty() {
                return Err("decision without options".into());
            }
        }
        self.check_indexes()
    }

    /// The engine's maintained indexes agree with the state they summarize.
    fn check_indexes(&self) -> Result<(), String> {
        for (i, ci) in self.cards.iter().enumerate() {
            // Counts kept per card: its attachments (`n_attached`) and the `Lasting::Stat`
            // entries naming it (`lasting_stats`, speed37).
            let attached = self
                .list(Zone::Attached(0))
                .iter()
                .filter(|&&a| self.cards[a as usize].zone == Zone::Attached(i as CardId))
                .count();
            let lasting = self.lasting_stat_count(i as CardId);
            for (what, n, kept) in [
                ("attachments", attached, ci.n_attached as usize),
                ("lasting stat effects", lasting, ci.lasting_stats as usize),
            ] {
                if n != kept {
                    return Err(format!(
                        "{} has {n} {what} but counts {kept}",
                        self.title(i as CardId)
                    ));
                }
            }
            // (The face's type bits too, script or not; a Reanimated Dead has none.)
            let d = self.def_of(i as CardId);
            let ty = d.ty;
            let h = match ci.script {
                _ if ci.reanimated => 0,
                NO_SCRIPT => super::ops::type_hooks(d),
                s => {
                    super::ops::type_hooks(d) | super::ops::hooks_of(crate::cards::by_index(s), ty)
                }
            };
            if h != ci.hooks {
                return Err(format!("{} has stale hooks", self.title(i as CardId)));
            }
            // Its script reference is the script of its index (`Game::script`'s fast path).
            let by_index = (ci.script != NO_SCRIPT).then(|| self.script_table[ci.script as usize]);
            if !match (ci.script_ref.0, by_index) {
                (None, None) => true,
                (Some(a), Some(b)) => std::ptr::eq(a, b),
                _ => false,
            } {
                return Err(format!(
                    "{} has a stale script reference",
                    self.title(i as CardId)
                ));
            }
            // A double-sided card carries the script of the face it shows.
            // (A Reanimated Dead shows no text: `check_reanimated`.)
            if !ci.reanimated && ci.script != self.def_script[ci.def as usize] {
                return Err(format!(
                    "{} carries the script of another face",
                    self.title(i as CardId)
                ));
            }
        }
        // Objective-allies (Iârion, Amarthiúl) in play are in the play area of a player still
        // in the game, and the Time objective shows one time of day.
        for p in 0..self.n_players {
            let held = self.list(Zone::Play(p)).iter().any(|&c| {
                self.cards[c as usize].owner == ENCOUNTER && self.ty(c) == CardType::ObjectiveAlly
            });
            if held && self.players[p as usize].eliminated && self.outcome.is_none() {
                return Err(format!(
                    "eliminated P{} still controls an objective-ally",
                    p + 1
                ));
            }
        }
        if self.outcome.is_none() && self.is_day() && self.is_night() {
            return Err("it is Day and Night at once".to_string());
        }
        // Each card's cached type is the type of the face it shows.
        for c in 0..self.cards.len() as CardId {
            if self.ty(c) != self.def_of(c).ty {
                return Err(format!(
                    "{} caches type {:?}, shows {:?}",
                    self.title(c),
                    self.ty(c),
                    self.def_of(c).ty
                ));
            }
        }
        for (li, l) in self.lists.iter().enumerate() {
            for (k, &bit) in hooks::COUNTED.iter().enumerate() {
                let n = l
                    .iter()
                    .filter(|&&c| self.cards[c as usize].hooks & bit != 0)
                    .count();
                if n != self.hook_counts[li][k] as usize {
                    return Err(format!(
                        "list {li} counts {} cards with hook {bit:#x}, not {n}",
                        self.hook_counts[li][k]
                    ));
                }
            }
        }
        let mut want: [Vec<CardId>; N_INTEREST] = Default::default();
        for (i, ci) in self.cards.iter().enumerate() {
            let c = i as CardId;
            let in_play = ci.zone.in_play();
            if in_play && ci.hooks & hooks::RULE != 0 {
                want[IDX_RULE].push(c);
            }
            if ci.hooks & hooks::GLOBAL != 0 && super::query::in_global_zone(ci) {
                want[IDX_GLOBAL].push(c);
            }
            if in_play && ci.hooks & hooks::COST_MOD != 0 {
                want[IDX_COST_MOD].push(c);
            }
            if in_play && ci.hooks & hooks::ENGAGEMENT_THREAT != 0 {
                want[IDX_ENGAGEMENT].push(c);
            }
        }
        for (i, w) in want.iter().enumerate() {
            let mut have = self.interest[i].clone();
            have.sort_unstable();
            if &have != w {
                return Err(format!("interest list {i} is {have:?}, not {w:?}"));
            }
            for &c in w {
                if self.cards[c as usize].listed & (1 << i) == 0 {
                    return Err(format!(
                        "{} is not marked in interest list {i}",
                        self.title(c)
                    ));
                }
            }
        }
        if !self.forced_stale {
            let exact: Vec<CardId> = self
                .in_play_cards()
                .filter(|&c| self.cards[c as usize].hooks & hooks::FORCED != 0)
                .collect();
            if exact != self.forced_cards {
                return Err(format!(
                    "forced_cards {:?}, not {:?}",
                    self.forced_cards, exact
                ));
            }
        }
        // The event index: the Forced union is exact; the Responses union covers every card's
        // current face.
        if self.listen.forced != self.forced_mask() {
            return Err(format!(
                "Forced event mask {:#x}, not {:#x}",
                self.listen.forced,
                self.forced_mask()
            ));
        }
        // The rule index: the union of the rule masks of the cards in play with a rule hook.
        if self.listen.rules != self.rule_mask() {
            return Err(format!(
                "rule mask {:#x}, not {:#x}",
                self.listen.rules,
                self.rule_mask()
            ));
        }
        // The global modifiers' scope: the union over the cards in play with one.
        if self.listen.global != self.global_scope() {
            return Err(format!(
                "global modifier scope {:?}, not {:?}",
                self.listen.global,
                self.global_scope()
            ));
        }
        for (i, ci) in self.cards.iter().enumerate() {
            if ci.hooks & !self.listen.hooks_seen != 0 {
                return Err(format!(
                    "{} has hooks {:#x} outside the hooks seen {:#x}",
                    self.title(i as CardId),
                    ci.hooks,
                    self.listen.hooks_seen
                ));
            }
            let kinds = self.face_hint_kinds(ci.def);
            if kinds & !self.listen.hints_seen != 0 {
                return Err(format!(
                    "{} has hint kinds {:#x} outside the hint kinds seen {:#x}",
                    self.title(i as CardId),
                    kinds,
                    self.listen.hints_seen
                ));
            }
            if ci.hooks & hooks::CAN_RESPOND != 0 {
                let m = self.script_table[ci.script as usize].respond_on;
                if self.listen.respond & m != m {
                    return Err(format!(
                        "{} answers events outside the Responses event mask",
                        self.title(i as CardId)
                    ));
                }
            }
        }
        // The Responses masks per list cover every card there that a Responses check asks.
        for s in 0..super::eventkind::RESP_SLOTS {
            if self.listen.resp_stale & (1 << s) != 0 {
                continue;
            }
            let z = super::eventkind::slot_zone(s);
            let need = if matches!(z, Zone::Hand(_)) {
                hooks::HAND_RESPOND
            } else {
                hooks::CAN_RESPOND
            };
            for &c in self.list(z) {
                let ci = &self.cards[c as usize];
                if ci.hooks & need != 0 && ci.script != NO_SCRIPT {
                    let m = self.script_table[ci.script as usize].respond_on;
                    if self.listen.resp_in[s] & m != m {
                        return Err(format!(
                            "{} answers events outside the Responses mask of {z:?}",
                            self.title(c)
                        ));
                    }
                }
            }
        }
        for (i, ci) in self.cards.iter().enumerate() {
            let listed = self.forced_cards.contains(&(i as CardId));
            if listed != (ci.listed & LISTED_FORCED != 0) {
                return Err(format!("{} forced mark is wrong", self.title(i as CardId)));
            }
        }
        Ok(())
    }
}
