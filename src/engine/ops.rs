//! Primitive operations on the game state. Card scripts and the framework are built from these.

use super::*;
use crate::cards::{Rule, Script};
use crate::data::{Sphere, NONE, X};
use rand::seq::SliceRandom;

impl<'a> Game<'a> {
    // ----------------------------------------------------------------- cards and zones

    pub fn script(&self, c: CardId) -> Option<&'static Script> {
        let ci = &self.cards[c as usize];
        let s = ci.script;
        if s == NO_SCRIPT || ci.guarded {
            return None;
        }
        if self.n_blank_damaged > 0 && ci.damage > 0 && self.blanked(c) {
            return None;
        }
        Some(self.script_table[s as usize])
    }

    /// The script of `c`'s current face, even if its text box is blanked now.
    fn raw_script(&self, c: CardId) -> Option<&'static Script> {
        let s = self.cards[c as usize].script;
        (s != NO_SCRIPT).then(|| self.script_table[s as usize])
    }

    /// Is `c`'s printed text box blank now (a damaged hero or ally in play while a card such as
    /// Cold from Angmar is in play, RULES §5.33.9)? Keywords are data and stay. Engine choice:
    /// objective-allies are not blanked, since their loss clause cannot be (§8.3.2) and the
    /// engine cannot blank only part of a script.
    pub fn blanked(&self, c: CardId) -> bool {
        let ci = &self.cards[c as usize];
        self.n_blank_damaged > 0
            && ci.damage > 0
            && ci.zone.in_play()
            && matches!(self.def_of(c).ty, CardType::Hero | CardType::Ally)
    }

    pub(crate) fn new_card(&mut self, def: DefId, owner: u8, zone: Zone) -> CardId {
        let id = self.cards.len() as CardId;
        self.cards.push(CardInst {
            def,
            script: NO_SCRIPT,
            owner,
            controller: owner,
            last_controller: owner,
            zone,
            exhausted: false,
            damage: 0,
            progress: 0,
            resources: 0,
            time: 0,
            gen: 0,
            questing: false,
            attacked: false,
            attacked_by: 0,
            uses_round: 0,
            uses_phase: 0,
            guarded: false,
        });
        self.set_face(id, def);
        self.lists[zone.list()].push(id);
        self.note_moved(id);
        id
    }

    /// Show face `def` of card `c` (flipping keeps tokens and attachments).
    pub fn set_face(&mut self, c: CardId, def: DefId) {
        let script = self.def_script[def as usize];
        let ci = &mut self.cards[c as usize];
        ci.def = def;
        ci.script = script;
        self.dirty = true;
        self.note_moved(c);
    }

    /// Keep the interest lists current when `c` moved or flipped: `n_globals` (cards in play
    /// with global modifiers) and `forced_cards` (cards in play with Forced effects, in the order
    /// `in_play_cards` gives). Rebuilt only when a card with such a hook moves.
    fn note_moved(&mut self, c: CardId) {
        let Some(sc) = self.raw_script(c) else { return };
        if sc
            .rule
            .map(|f| f(self, c, Rule::BlanksDamagedCharacters))
            .unwrap_or(false)
        {
            self.n_blank_damaged = self
                .in_play_cards()
                .filter(|&x| {
                    self.raw_script(x)
                        .and_then(|s| s.rule)
                        .map(|f| f(self, x, Rule::BlanksDamagedCharacters))
                        .unwrap_or(false)
                })
                .count() as u8;
        }
        if sc.global {
            self.n_globals = GLOBAL_ZONES
                .into_iter()
                .flat_map(|z| self.list(z).iter())
                .filter(|&&x| self.raw_script(x).map(|s| s.global).unwrap_or(false))
                .count() as u8;
        }
        if sc.cost_mod.is_some() {
            self.n_cost_mods = self
                .in_play_cards()
                .filter(|&x| self.script(x).and_then(|s| s.cost_mod).is_some())
                .count() as u8;
        }
        if sc.forced.is_some() {
            let mut l = std::mem::take(&mut self.forced_cards);
            l.clear();
            l.extend(
                self.in_play_cards()
                    .filter(|&x| self.raw_script(x).and_then(|s| s.forced).is_some()),
            );
            self.forced_cards = l;
        }
    }

    /// Move a card to the top (end) of zone `to`. Leaving play clears tokens, state and lasting
    /// effects and discards attachments and shadow cards; entering play makes a new object.
    pub fn move_card(&mut self, c: CardId, to: Zone) {
        let from = self.cards[c as usize].zone;
        let l = &mut self.lists[from.list()];
        if let Some(pos) = l.iter().position(|&x| x == c) {
            l.remove(pos);
        }
        let was_in_play = from.in_play();
        let now_in_play = to.in_play();
        {
            let ci = &mut self.cards[c as usize];
            ci.zone = to;
            ci.guarded = false;
            if was_in_play && !now_in_play {
                ci.last_controller = ci.controller;
                ci.damage = 0;
                ci.progress = 0;
                ci.resources = 0;
                ci.time = 0;
                ci.exhausted = false;
                ci.questing = false;
                ci.attacked = false;
                ci.attacked_by = 0;
            }
            if !was_in_play && now_in_play {
                ci.gen = ci.gen.wrapping_add(1);
                ci.exhausted = false;
            }
            if !now_in_play {
                ci.controller = ci.owner;
            }
            if let Zone::Play(p) = to {
                ci.controller = p;
            }
        }
        self.lists[to.list()].push(c);
        self.dirty = true;
        self.note_moved(c);
        if was_in_play && !now_in_play {
            // Its lasting effects end, except being the current quest: a side quest defeated
            // during the quest phase stays the current quest (§8.4.8).
            self.lasting
                .retain(|e| e.card != c || e.what == Lasting::CurrentQuest);
            self.discard_hosted(c);
        }
    }

    /// Put `c` at the bottom (front) of an ordered zone.
    pub fn move_card_bottom(&mut self, c: CardId, to: Zone) {
        self.move_card(c, to);
        let l = &mut self.lists[to.list()];
        let last = l.pop().expect("just pushed");
        l.insert(0, last);
    }

    /// Discard the attachments and shadow cards of a card that left play.
    fn discard_hosted(&mut self, host: CardId) {
        loop {
            let found = self
                .list(Zone::Attached(0))
                .iter()
                .chain(self.list(Zone::Shadow(0)).iter())
                .copied()
                .find(|&a| matches!(self.cards[a as usize].zone, Zone::Attached(h) | Zone::Shadow(h) if h == host));
            match found {
                // A guarded player attachment (Guarded (X)) is freed: its owner attaches it
                // to an eligible card (§5.5.3), once the current work is done.
                Some(a)
                    if self.cards[a as usize].owner != ENCOUNTER
                        && self.cards[host as usize].owner == ENCOUNTER
                        && !self.cards[a as usize].guarded
                        && self.guarded_x(a).is_some()
                        && matches!(self.cards[a as usize].zone, Zone::Attached(_)) =>
                {
                    let owner = self.cards[a as usize].owner;
                    self.move_card(a, Zone::Resolving);
                    if self.players[owner as usize].eliminated {
                        let to = self.discard_zone(a);
                        self.move_card(a, to);
                    } else {
                        self.stack.push(crate::engine::Frame::Resume {
                            cont: crate::engine::Cont::new(NO_CARD, 10).with(owner, a as i16, 0),
                        });
                    }
                }
                // A guarded objective is freed: back to the staging area (§5.4.2).
                Some(a)
                    if self.cards[a as usize].owner == ENCOUNTER
                        && matches!(
                            self.ty(a),
                            CardType::Objective | CardType::ObjectiveLocation
                        )
                        && matches!(self.cards[a as usize].zone, Zone::Attached(_)) =>
                {
                    self.move_card(a, Zone::Staging);
                }
                // A guarded objective-ally (Captive Villager) is freed the same way, and told so
                // once the current work is done (`Event::Unguarded`, engine continuation 40).
                Some(a)
                    if self.cards[a as usize].owner == ENCOUNTER
                        && self.ty(a) == CardType::ObjectiveAlly
                        && matches!(self.cards[a as usize].zone, Zone::Attached(h)
                            if self.cards[h as usize].owner == ENCOUNTER) =>
                {
                    self.move_card(a, Zone::Staging);
                    self.stack.push(crate::engine::Frame::Resume {
                        cont: crate::engine::Cont::new(NO_CARD, 40).with(0, a as i16, 0),
                    });
                }
                Some(a) => {
                    let to = self.discard_zone(a);
                    self.move_card(a, to);
                }
                None => break,
            }
        }
    }

    /// The Guarded (X) keyword of a player card (§5.5), as (enemy, location): which card types
    /// may guard it. `None` without the keyword.
    pub fn guarded_x(&self, c: CardId) -> Option<(bool, bool)> {
        self.def_of(c).other_keywords.iter().find_map(|k| {
            let x = k.strip_prefix("Guarded (")?.strip_suffix(')')?;
            Some((x.contains("enemy"), x.contains("location")))
        })
    }

    /// Where a card goes when discarded: its owner's discard pile, or the encounter discard pile.
    pub fn discard_zone(&self, c: CardId) -> Zone {
        let ci = &self.cards[c as usize];
        if ci.owner == ENCOUNTER {
            Zone::EncounterDiscard
        } else if self.players[ci.owner as usize].eliminated {
            Zone::Eliminated
        } else if self.def_of(c).keywords.encounter {
            // §5.20.4–5: out of play (encounter deck, shadow) it is an encounter card; leaving
            // play it is removed from the game.
            if ci.zone.in_play() || ci.zone == Zone::Resolving {
                Zone::Removed
            } else {
                Zone::EncounterDiscard
            }
        } else if ci.zone.in_play()
            && self.is_ally(c)
            && self
                .lasting
                .iter()
                .any(|e| e.what == Lasting::AlliesToHandInsteadOfDiscard)
        {
            Zone::Hand(ci.owner)
        } else {
            Zone::Discard(ci.owner)
        }
    }

    /// Discard a card (from play, hand, deck ...). Fires `LeftPlay` for characters.
    pub fn discard(&mut self, c: CardId) {
        let was = self.cards[c as usize].zone;
        let to = self.discard_zone(c);
        if self.logging() {
            self.log_line(format!("  {} is discarded ({})", self.title(c), was.name()));
        }
        self.move_card(c, to);
        if was.in_play() && self.def_of(c).ty.is_character() {
            self.fire(Event::DiscardedFromPlay(c));
            self.fire(Event::LeftPlay(c));
        }
        if matches!(was, Zone::Hand(_)) {
            self.fire(Event::DiscardedFromHand(c));
        }
    }

    pub fn attachments(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Attached(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Attached(host))
    }

    pub fn cards_under(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Under(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Under(host))
    }

    pub fn shadows_of(&self, enemy: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Shadow(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Shadow(enemy))
    }

    pub fn shuffle(&mut self, z: Zone) {
        let l = &mut self.lists[z.list()];
        match z {
            Zone::Deck(p) => l.shuffle(&mut self.rng_players[p as usize]),
            _ => l.shuffle(&mut self.rng_encounter),
        }
    }

    /// Top card of an ordered zone (the last element).
    pub fn top(&self, z: Zone) -> Option<CardId> {
        self.list(z).last().copied()
    }

    /// Draw `n` cards for player `p` (an empty deck draws nothing).
    pub fn draw(&mut self, p: u8, n: usize) {
        for _ in 0..n {
            match self.top(Zone::Deck(p)) {
                Some(c) => {
                    self.move_card(c, Zone::Hand(p));
                    if self.logging() && self.phase != Phase::Setup {
                        self.log_line(format!("  P{} draws {}", p + 1, self.title(c)));
                    }
                }
                None => break,
            }
        }
    }

    /// Seats in player order starting with the first player, skipping eliminated players.
    pub fn seat(&self, offset: u8) -> u8 {
        (self.first + offset) % self.n_players
    }

    pub fn active_seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.n_players)
            .map(|o| self.seat(o))
            .filter(|&p| !self.players[p as usize].eliminated)
    }

    pub fn players_in_game(&self) -> u8 {
        self.players[..self.n_players as usize]
            .iter()
            .filter(|p| !p.eliminated)
            .count() as u8
    }

    // ----------------------------------------------------------------- stats and rules

    /// Printed value of a stat (X resolved by the card's script).
    pub fn printed(&self, c: CardId, s: Stat) -> i16 {
        let d = self.def_of(c);
        let v = match s {
            Stat::Willpower => d.willpower,
            Stat::Attack => d.attack,
            Stat::Defense => d.defense,
            Stat::HitPoints => d.hit_points,
            Stat::Threat => d.threat,
            Stat::Engagement => d.engagement,
            Stat::QuestPoints => d.quest_points,
        };
        if v == X {
            self.script(c)
                .and_then(|s| s.x)
                .map(|f| f(self, c))
                .unwrap_or(0)
        } else if v == NONE {
            0
        } else {
            v
        }
    }

    /// Current value of a stat: printed plus every modifier, never below 0. Negative modifiers
    /// are left out while an attachment says the stat cannot be reduced (`Rule::CannotReduceStat`).
    pub fn stat(&self, c: CardId, s: Stat) -> i16 {
        let mut v = self.printed(c, s);
        let mut neg = 0;
        let mut add = |d: i16| {
            if d < 0 {
                neg += d;
            } else {
                v += d;
            }
        };
        if let Some(sc) = self.script(c) {
            if let (Some(f), false) = (sc.modify, sc.global) {
                add(f(self, c, c, s));
            }
        }
        let mut no_reduce = false;
        for &a in self.list(Zone::Attached(0)) {
            if self.cards[a as usize].zone == Zone::Attached(c) {
                if let Some(sc) = self.script(a) {
                    if let Some(f) = sc.modify {
                        add(f(self, a, c, s));
                    }
                    if let Some(r) = sc.rule {
                        no_reduce |= r(self, a, Rule::CannotReduceStat(c, s));
                    }
                }
            }
        }
        if self.n_globals > 0 {
            for &g in self.globals() {
                if let Some(f) = self.script(g).and_then(|s| s.modify) {
                    add(f(self, g, c, s));
                }
            }
        }
        if !self.lasting.is_empty() {
            let gen = self.cards[c as usize].gen;
            for e in &self.lasting {
                if e.card == c && e.gen == gen {
                    if let Lasting::Stat(st, d) = e.what {
                        if st == s {
                            add(d);
                        }
                    }
                }
            }
        }
        if !no_reduce {
            v += neg;
        }
        v.max(0)
    }

    /// Cards in play whose scripts apply global modifiers (they are few: scanned lists).
    fn globals(&self) -> impl Iterator<Item = &CardId> + '_ {
        let zones: &[Zone] = if self.n_globals == 0 {
            &[]
        } else {
            &GLOBAL_ZONES
        };
        zones
            .iter()
            .copied()
            .flat_map(move |z| self.list(z).iter())
            .filter(move |&&c| self.script(c).map(|s| s.global).unwrap_or(false))
    }

    /// Every card in play (including the main quest), in a fixed order.
    pub fn in_play_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let mut zones = [Zone::Quest; 14];
        let mut n = 0;
        for z in [
            Zone::Quest,
            Zone::Staging,
            Zone::Active,
            Zone::Attached(0),
            Zone::Nightmare,
        ] {
            zones[n] = z;
            n += 1;
        }
        for p in 0..self.n_players {
            zones[n] = Zone::Play(p);
            zones[n + 1] = Zone::Engaged(p);
            n += 2;
        }
        zones
            .into_iter()
            .take(n)
            .flat_map(move |z| self.list(z).iter().copied())
    }

    /// The threat player `p` counts while making engagement checks: his threat plus what cards
    /// in play add for engagement checks only (`Script::engagement_threat`).
    pub fn engagement_threat(&self, p: u8) -> i16 {
        let extra: i16 = self
            .in_play_cards()
            .filter_map(|c| {
                self.script(c)
                    .and_then(|s| s.engagement_threat)
                    .map(|f| f(self, c, p))
            })
            .sum();
        self.players[p as usize].threat + extra
    }

    /// Does any card in play make `rule` hold?
    pub fn rule(&self, r: Rule) -> bool {
        self.in_play_cards().any(|c| {
            self.script(c)
                .and_then(|s| s.rule)
                .map(|f| f(self, c, r))
                .unwrap_or(false)
        })
    }

    /// Printed or gained trait (gained from an attachment's `Rule::GainsTrait`, or from the
    /// card's own, e.g. an encounter attachment that counts as a Condition).
    pub fn has_trait(&self, c: CardId, name: &str) -> bool {
        let t = self.db.trait_id(name);
        self.def_of(c).traits.contains(&t)
            || self
                .script(c)
                .and_then(|s| s.rule)
                .map(|f| f(self, c, Rule::GainsTrait(c, t)))
                .unwrap_or(false)
            || self.attachments(c).any(|a| {
                self.script(a)
                    .and_then(|s| s.rule)
                    .map(|f| f(self, a, Rule::GainsTrait(c, t)))
                    .unwrap_or(false)
            })
    }

    pub fn is_enemy(&self, c: CardId) -> bool {
        self.ty(c) == CardType::Enemy
    }

    pub fn is_location(&self, c: CardId) -> bool {
        self.ty(c) == CardType::Location
    }

    pub fn is_side_quest(&self, c: CardId) -> bool {
        matches!(
            self.ty(c),
            CardType::EncounterSideQuest | CardType::PlayerSideQuest
        )
    }

    pub fn is_character(&self, c: CardId) -> bool {
        self.ty(c).is_character()
    }

    pub fn is_hero(&self, c: CardId) -> bool {
        match self.ty(c) {
            CardType::Hero => true,
            CardType::Ally => self.ally_is_hero(c),
            _ => false,
        }
    }

    pub fn is_ally(&self, c: CardId) -> bool {
        self.ty(c) == CardType::Ally && !self.ally_is_hero(c)
    }

    /// An ally that an attachment turned into a hero (Sword-thain, `Rule::BecomesHero`).
    fn ally_is_hero(&self, c: CardId) -> bool {
        self.cards[c as usize].zone.in_play()
            && self.attachments(c).any(|a| {
                self.script(a)
                    .and_then(|s| s.rule)
                    .is_some_and(|f| f(self, a, Rule::BecomesHero(c)))
            })
    }

    /// Does `c` carry a lasting effect `what` (as the same object)?
    pub fn has_lasting(&self, c: CardId, what: Lasting) -> bool {
        let gen = self.cards[c as usize].gen;
        self.lasting
            .iter()
            .any(|e| e.card == c && e.gen == gen && e.what == what)
    }

    /// Is a lasting effect `what` active on any card (round-wide effects of events)?
    pub fn any_lasting(&self, what: Lasting) -> bool {
        self.lasting.iter().any(|e| e.what == what)
    }

    /// Immune to player card effects (§5.11).
    pub fn immune(&self, c: CardId) -> bool {
        self.def_of(c).keywords.immune
    }

    /// Quest cards in play: the main quest plus side quests in the staging area.
    pub fn quest_cards_in_play(&self) -> i16 {
        let side = self
            .list(Zone::Staging)
            .iter()
            .filter(|&&c| self.is_side_quest(c))
            .count();
        (self.list(Zone::Quest).len() + side) as i16
    }

    /// The main quest card in play.
    pub fn main_quest(&self) -> Option<CardId> {
        self.list(Zone::Quest).last().copied()
    }

    /// The current quest: a side quest chosen for this phase, or the main quest.
    /// The current quest: a side quest chosen for this quest phase (it stays current even if it
    /// is defeated before quest resolution, §8.4.8), else the main quest. Outside the quest phase
    /// it is always the main quest (§8.4.9).
    pub fn current_quest(&self) -> Option<CardId> {
        if self.phase == Phase::Quest {
            for e in &self.lasting {
                if e.what == Lasting::CurrentQuest {
                    return Some(e.card);
                }
            }
        }
        self.main_quest()
    }

    /// The enemy whose attack is being resolved now, if any ("the attacking enemy").
    pub fn attacking_enemy(&self) -> Option<CardId> {
        let e = self.attack.enemy;
        (e != NO_CARD && !self.attack.ended && self.cards[e as usize].zone.in_play()).then_some(e)
    }

    pub fn active_location(&self) -> Option<CardId> {
        self.list(Zone::Active).last().copied()
    }

    /// Characters controlled by `p`.
    pub fn characters(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Play(p))
            .iter()
            .copied()
            .filter(move |&c| self.is_character(c))
    }

    pub fn heroes(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Play(p))
            .iter()
            .copied()
            .filter(move |&c| self.is_hero(c))
    }

    pub fn allies_of(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Play(p))
            .iter()
            .copied()
            .filter(move |&c| self.is_ally(c))
    }

    pub fn engaged(&self, p: u8) -> &[CardId] {
        self.list(Zone::Engaged(p))
    }

    /// Threat a staging-area card contributes now.
    pub fn threat_contribution(&self, c: CardId) -> i16 {
        let gen = self.cards[c as usize].gen;
        if self
            .lasting
            .iter()
            .any(|e| e.card == c && e.gen == gen && e.what == Lasting::NoThreat)
        {
            return 0;
        }
        self.stat(c, Stat::Threat)
    }

    /// Total threat in the staging area.
    pub fn staging_threat(&self) -> i16 {
        let extra: i16 = self
            .lasting
            .iter()
            .map(|e| match e.what {
                Lasting::StagingThreat(n) => n,
                _ => 0,
            })
            .sum();
        let t: i16 = self
            .list(Zone::Staging)
            .iter()
            .map(|&c| self.threat_contribution(c))
            .sum();
        (t + extra).max(0)
    }

    /// Player `p` discards the top `n` cards of his deck (fewer if it runs out); returns them.
    /// Fires `DeckDiscarded` once when at least one card was discarded.
    pub fn discard_from_deck(&mut self, p: u8, n: usize) -> SmallIds {
        let mut out = SmallIds::new();
        let mut k = 0u8;
        for _ in 0..n {
            let Some(c) = self.top(Zone::Deck(p)) else {
                break;
            };
            self.discard(c);
            out.push(c);
            k += 1;
        }
        if k > 0 {
            self.fire(Event::DeckDiscarded(p, k));
        }
        out
    }

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

    // ----------------------------------------------------------------- resources and costs

    /// Does hero `h` have the resource icon of `sphere`?
    pub fn hero_matches(&self, h: CardId, sphere: Sphere) -> bool {
        if sphere == Sphere::Neutral {
            return true;
        }
        if self.def_of(h).sphere == sphere {
            return true;
        }
        // Icons the hero gives itself (Amarthiúl), or gains from attachments (Celebrían's Stone).
        if self
            .script(h)
            .and_then(|s| s.rule)
            .is_some_and(|f| f(self, h, Rule::GainsIcon(h, sphere)))
        {
            return true;
        }
        self.attachments(h).any(|a| {
            self.script(a)
                .and_then(|s| s.rule)
                .map(|f| f(self, a, Rule::GainsIcon(h, sphere)))
                .unwrap_or(false)
        })
    }

    /// Resources `p` can spend on a card of `sphere`.
    pub fn available(&self, p: u8, sphere: Sphere) -> i16 {
        self.heroes(p)
            .filter(|&h| self.hero_matches(h, sphere))
            .map(|h| self.cards[h as usize].resources)
            .sum()
    }

    pub fn has_matching_hero(&self, p: u8, sphere: Sphere) -> bool {
        self.heroes(p).any(|h| self.hero_matches(h, sphere))
    }

    /// Can `p` pay `cost` for a card of `sphere` (with the resource match)?
    pub fn can_pay(&self, p: u8, sphere: Sphere, cost: i16) -> bool {
        if cost <= 0 {
            return !self.setup.options.zero_cost_needs_match || self.has_matching_hero(p, sphere);
        }
        self.available(p, sphere) >= cost
    }

    /// Pay for card `c` played by `p`: its own payment hook, or the default payment of
    /// `play_cost`. A Valour discount that applied is used up.
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
    fn ally_discounted(&self, c: CardId, p: u8) -> bool {
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
        if self.ally_discounted(c, p) {
            cost -= self.players[p as usize].ally_discount;
        }
        if self.n_cost_mods > 0 {
            for x in self.in_play_cards() {
                if let Some(f) = self.script(x).and_then(|s| s.cost_mod) {
                    cost += f(self, x, c);
                }
            }
        }
        if self.valour_discounted(c, p) {
            cost -= self.players[p as usize].valour_discount;
        }
        cost.max(0)
    }

    /// Does `p`'s pending Valour discount apply to card `c`?
    fn valour_discounted(&self, c: CardId, p: u8) -> bool {
        (p as usize) < MAX_PLAYERS
            && self.players[p as usize].valour_discount > 0
            && self.ty(c) == CardType::Event
            && crate::cards::common::VALOUR_EVENTS.contains(&self.def_of(c).code.as_str())
    }

    /// Pay `cost` from matching heroes, richest first (engine choice: payment is not a decision).
    pub fn pay(&mut self, p: u8, sphere: Sphere, mut cost: i16) {
        while cost > 0 {
            let best = self
                .heroes(p)
                .filter(|&h| self.hero_matches(h, sphere) && self.cards[h as usize].resources > 0)
                .max_by_key(|&h| (self.cards[h as usize].resources, std::cmp::Reverse(h)));
            let Some(h) = best else { break };
            self.cards[h as usize].resources -= 1;
            cost -= 1;
        }
    }

    // ----------------------------------------------------------------- threat, damage, progress

    pub fn raise_threat(&mut self, p: u8, n: i16) {
        if n <= 0 || self.players[p as usize].eliminated {
            return;
        }
        self.players[p as usize].threat += n;
        self.dirty = true;
        if self.logging() {
            self.log_line(format!(
                "  P{} threat +{} -> {}",
                p + 1,
                n,
                self.players[p as usize].threat
            ));
        }
    }

    /// Reduce threat (not below 0); returns false if a card forbids it.
    pub fn reduce_threat(&mut self, p: u8, n: i16) -> bool {
        if self.rule(Rule::CannotReduceThreat(p)) {
            return false;
        }
        let t = &mut self.players[p as usize].threat;
        let before = *t;
        *t = (*t - n).max(0);
        if self.logging() {
            let now = self.players[p as usize].threat;
            self.log_line(format!("  P{} threat -{} -> {}", p + 1, before - now, now));
        }
        true
    }

    /// Can `c` take damage right now?
    pub fn can_take_damage(&self, c: CardId) -> bool {
        self.cards[c as usize].zone.in_play() && !self.rule(Rule::CannotTakeDamage(c))
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
        if self.cards[c as usize].damage > 0 && self.rule(Rule::CannotBeHealed(c)) {
            return 0;
        }
        let ci = &mut self.cards[c as usize];
        let before = ci.damage;
        ci.damage = (ci.damage - n).max(0);
        self.dirty = true;
        before - ci.damage
    }

    pub fn remaining_hp(&self, c: CardId) -> i16 {
        self.stat(c, Stat::HitPoints) - self.cards[c as usize].damage
    }

    /// Place progress on a location or quest card (no limits applied here).
    pub fn add_progress(&mut self, c: CardId, n: i16) {
        if n <= 0 || self.rule(Rule::CannotPlaceProgress(c)) {
            return;
        }
        self.cards[c as usize].progress += n;
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
        if through_location {
            if let Some(loc) = self.active_location() {
                let need =
                    (self.stat(loc, Stat::QuestPoints) - self.cards[loc as usize].progress).max(0);
                let put = n.min(need);
                self.add_progress(loc, put);
                n -= put;
            }
        }
        let Some(q) = self.current_quest() else {
            return;
        };
        if !self.cards[q as usize].zone.in_play() {
            // The current side quest was already defeated: the rest of the progress is lost.
            return;
        }
        if self.rule(Rule::QuestProgressCap3) {
            n = n.min((3 - self.quest_progress_this_round).max(0));
        }
        if self.is_side_quest(q) {
            let need = (self.stat(q, Stat::QuestPoints) - self.cards[q as usize].progress).max(0);
            n = n.min(need);
        }
        self.quest_progress_this_round += n;
        self.add_progress(q, n);
    }

    pub fn exhaust(&mut self, c: CardId) {
        self.cards[c as usize].exhausted = true;
    }

    /// Ready `c`; readying an exhausted card fires `Readied`.
    pub fn ready(&mut self, c: CardId) {
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

    /// Does `c` have Sentinel (printed, or gained until the end of the phase)?
    pub fn has_sentinel(&self, c: CardId) -> bool {
        if self.def_of(c).keywords.sentinel {
            return true;
        }
        let gen = self.cards[c as usize].gen;
        self.lasting
            .iter()
            .any(|e| e.card == c && e.gen == gen && e.what == Lasting::Sentinel)
    }

    pub fn is_ready(&self, c: CardId) -> bool {
        !self.cards[c as usize].exhausted
    }

    pub fn add_lasting(&mut self, card: CardId, what: Lasting, until: Until) {
        if self.logging() {
            let what_s = match what {
                Lasting::Stat(st, d) => format!("{d:+} {st:?}"),
                other => format!("{other:?}"),
            };
            let line = format!("  {}: {} until {:?}", self.title(card), what_s, until);
            self.log_line(line);
        }
        let gen = self.cards[card as usize].gen;
        self.lasting.push(LastingEffect {
            card,
            gen,
            what,
            until,
        });
        self.dirty = true;
    }

    // ----------------------------------------------------------------- enemies

    /// Enemy `e` engages player `p` (from wherever it is).
    pub fn engage(&mut self, e: CardId, p: u8) {
        if self.cards[e as usize].zone == Zone::Engaged(p) {
            return;
        }
        if self.rule(Rule::CannotBeEngaged(e)) {
            if self.logging() {
                self.log_line(format!("  {} cannot be engaged", self.title(e)));
            }
            return;
        }
        self.move_card_keep(e, Zone::Engaged(p));
        if self.logging() {
            self.log_line(format!("  {} engages P{}", self.title(e), p + 1));
        }
        self.fire(Event::Engaged(e, p));
    }

    /// Return an engaged enemy to the staging area (keeps damage: it stays in play).
    pub fn return_to_staging(&mut self, e: CardId) {
        if self.cards[e as usize].zone.in_play() {
            self.move_card_keep(e, Zone::Staging);
            if self.logging() {
                self.log_line(format!("  {} returns to the staging area", self.title(e)));
            }
        }
    }

    /// Move a card between two in-play zones (keeps tokens, attachments, object identity).
    pub fn move_card_keep(&mut self, c: CardId, to: Zone) {
        let from = self.cards[c as usize].zone;
        if from.in_play() && to.in_play() {
            let l = &mut self.lists[from.list()];
            if let Some(pos) = l.iter().position(|&x| x == c) {
                l.remove(pos);
            }
            self.cards[c as usize].zone = to;
            if let Zone::Play(p) = to {
                self.cards[c as usize].controller = p;
            }
            self.lists[to.list()].push(c);
            self.dirty = true;
            self.note_moved(c);
        } else {
            self.move_card(c, to);
        }
    }

    /// Put a card into play under `p`'s control (allies, objective-allies).
    pub fn put_into_play(&mut self, c: CardId, p: u8) {
        self.move_card(c, Zone::Play(p));
        self.cards[c as usize].controller = p;
        self.fire(Event::EntersPlay(c));
    }

    /// Attach `a` to `host` under `controller`'s control.
    pub fn attach(&mut self, a: CardId, host: CardId, controller: u8) {
        self.move_card(a, Zone::Attached(host));
        self.cards[a as usize].controller = controller;
        if self.def_of(a).keywords.restricted {
            let restricted: u32 = self
                .attachments(host)
                .filter(|&x| self.def_of(x).keywords.restricted)
                .count() as u32;
            if restricted > 2 {
                // Engine choice: the oldest restricted attachment goes (controller would pick).
                let old = self
                    .attachments(host)
                    .find(|&x| self.def_of(x).keywords.restricted && x != a);
                if let Some(old) = old {
                    self.discard(old);
                }
            }
        }
        self.fire(Event::EntersPlay(a));
    }

    /// The player who controls `c` (ENCOUNTER for encounter cards).
    pub fn controller(&self, c: CardId) -> u8 {
        self.cards[c as usize].controller
    }

    // ----------------------------------------------------------------- events

    /// A game event happened: Forced effects resolve now; Responses are offered next.
    pub fn fire(&mut self, ev: Event) {
        if self.outcome.is_some() {
            return;
        }
        // Forced effects of cards in play (and of the card the event is about, if it just left).
        // Collected on the stack first: a Forced effect may fire events of its own (nested).
        let subject = event_subject(ev);
        let mut forced: SmallIds = self.forced_cards.iter().copied().collect();
        if let Some(s) = subject {
            if !self.cards[s as usize].zone.in_play()
                && self.script(s).and_then(|x| x.forced).is_some()
                && !forced.contains(&s)
            {
                forced = forced.iter().copied().chain(std::iter::once(s)).collect();
            }
        }
        for &c in &forced {
            if let Some(f) = self.script(c).and_then(|s| s.forced) {
                f(self, c, ev);
            }
            if self.outcome.is_some() {
                return;
            }
        }
        if self.any_response(ev) {
            self.stack.push(Frame::Responses {
                ev,
                seat: 0,
                passes: 0,
                used: [NO_CARD; 4],
            });
        }
    }

    /// Cards that might respond to `ev`: in play under a player's control, or events in hand.
    pub(crate) fn response_candidates(&self, seat: u8, ev: Event, out: &mut Vec<CardId>) {
        out.clear();
        for z in [Zone::Hand(seat), Zone::Play(seat), Zone::Attached(0)] {
            for &c in self.list(z) {
                if z == Zone::Attached(0) && self.cards[c as usize].controller != seat {
                    continue;
                }
                let Some(s) = self.script(c) else { continue };
                let Some(can) = s.can_respond else { continue };
                if z == Zone::Hand(seat) {
                    // Events are played (cost paid); other cards respond from hand only by their
                    // own text (e.g. put into play), with no cost. A hero or ally in hand (a dead
                    // hero shuffled back into the deck and drawn) has no response there.
                    let d = self.def_of(c);
                    if d.ty != CardType::Event && !s.hand_response {
                        continue;
                    }
                    if d.ty == CardType::Event
                        && !self.can_pay(seat, d.sphere, self.cost_of(c, seat))
                    {
                        continue;
                    }
                }
                if can(self, c, seat, ev) {
                    out.push(c);
                }
            }
        }
        // An attachment that left play with its host responds to its own event (Secret Vigil).
        if let Event::HostDestroyed(a, _) = ev {
            if self.cards[a as usize].owner == seat && !out.contains(&a) {
                if let Some(can) = self.script(a).and_then(|s| s.can_respond) {
                    if can(self, a, seat, ev) {
                        out.push(a);
                    }
                }
            }
        }
        // A defeated player side quest (now in the victory display) may respond to its own
        // defeat; its owner (the player who played it) controls the response.
        if let Event::SideQuestDefeated(q) = ev {
            if self.cards[q as usize].owner == seat {
                if let Some(can) = self.script(q).and_then(|s| s.can_respond) {
                    if can(self, q, seat, ev) {
                        out.push(q);
                    }
                }
            }
        }
    }

    fn any_response(&mut self, ev: Event) -> bool {
        let mut buf = std::mem::take(&mut self.scratch_resp);
        let mut any = false;
        for o in 0..self.n_players {
            let p = self.seat(o);
            if self.players[p as usize].eliminated {
                continue;
            }
            self.response_candidates(p, ev, &mut buf);
            if !buf.is_empty() {
                any = true;
                break;
            }
        }
        self.scratch_resp = buf;
        any
    }
}

/// Zones whose cards' global modifiers apply: encounter cards in play and, for player cards with
/// a global modifier (e.g. tactics Aragorn's on enemies engaged with his controller), the play
/// areas.
const GLOBAL_ZONES: [Zone; 8] = [
    Zone::Staging,
    Zone::Nightmare,
    Zone::Quest,
    Zone::Active,
    Zone::Play(0),
    Zone::Play(1),
    Zone::Play(2),
    Zone::Play(3),
];

/// The card an event is about, if any.
fn event_subject(ev: Event) -> Option<CardId> {
    match ev {
        Event::EntersPlay(c)
        | Event::Played(c)
        | Event::Committed(c)
        | Event::Revealed(c, _)
        | Event::Revealing(c, _)
        | Event::Engaged(c, _)
        | Event::Damaged(c, _)
        | Event::Destroyed(c)
        | Event::LeftPlay(c)
        | Event::Traveled(c)
        | Event::AttackDestroyed(c)
        | Event::EnemyAttackEnded(c)
        | Event::TimeRanOut(c)
        | Event::SideQuestDefeated(c)
        | Event::HostDestroyed(c, _)
        | Event::AttackerDeclared(c, _)
        | Event::Explored(c, _)
        | Event::CancelDamage(c, _)
        | Event::WhenRevealedCanceled(c)
        | Event::EnemyAttacks(c, _)
        | Event::Exploring(c)
        | Event::DiscardedFromHand(c)
        | Event::Readied(c) => Some(c),
        _ => None,
    }
}
