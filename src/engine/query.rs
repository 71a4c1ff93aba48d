//! Queries on the game state: seats, stats with their modifiers, rule questions, card kinds,
//! quests and locations, characters and enemies.

use super::*;
use crate::cards::Rule;
use crate::data::{Sphere, NONE, X};

/// Zones whose cards' global modifiers apply: encounter cards in play and, for player cards with
/// a global modifier (e.g. tactics Aragorn's on enemies engaged with his controller), the play
/// areas.
pub(super) const GLOBAL_ZONES: [Zone; 8] = [
    Zone::Staging,
    Zone::Nightmare,
    Zone::Quest,
    Zone::Active,
    Zone::Play(0),
    Zone::Play(1),
    Zone::Play(2),
    Zone::Play(3),
];

/// The zones of `in_play_cards` that belong to no player, in its order (the play areas and
/// engaged areas of each player follow): one list for every scan of the cards in play.
pub(crate) const SHARED_IN_PLAY: [Zone; 5] = [
    Zone::Quest,
    Zone::Staging,
    Zone::Active,
    Zone::Attached(0),
    Zone::Nightmare,
];

/// Does a global modifier of this card apply where it is: in `GLOBAL_ZONES`, or a player's
/// attachment (Chieftain's Brooch: allies sharing a Trait with its hero).
pub(super) fn in_global_zone(ci: &CardInst) -> bool {
    GLOBAL_ZONES.contains(&ci.zone)
        || (matches!(ci.zone, Zone::Attached(_)) && ci.owner != ENCOUNTER)
}

impl<'a> Game<'a> {
    /// Seats in player order starting with the first player, skipping eliminated players.
    #[inline]
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

    /// Printed value of a stat (X resolved by the card's script).
    #[inline(always)]
    pub fn printed(&self, c: CardId, s: Stat) -> i16 {
        self.resolve_printed(c, self.printed_raw(c, s))
    }

    /// The printed value of a stat as the card table holds it (X and "none" as codes).
    #[inline(always)]
    fn printed_raw(&self, c: CardId, s: Stat) -> i16 {
        let d = self.def_of(c);
        match s {
            Stat::Willpower => d.willpower,
            Stat::Attack => d.attack,
            Stat::Defense => d.defense,
            Stat::HitPoints => d.hit_points,
            Stat::Threat => d.threat,
            Stat::Engagement => d.engagement,
            Stat::QuestPoints => d.quest_points,
        }
    }

    /// A printed value `v` of `c` with X resolved by its script and "none" as 0.
    #[inline(always)]
    fn resolve_printed(&self, c: CardId, v: i16) -> i16 {
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
        if self.memo_open() {
            self.memo_stat(c, s)
        } else {
            self.kept_or_now(c, s)
        }
    }

    /// Does nothing modify stat `s` of `c` (no modifying hook of its own, no attachment, no
    /// global modifier that reaches it — `global` — and no lasting effect on it)? Then it is
    /// its printed value. In test builds with the memo's checking mode on, `global` is checked
    /// against a full scan.
    #[inline]
    fn unmodified(&self, c: CardId, s: Stat, global: bool) -> bool {
        let ci = &self.cards[c as usize];
        let none = ci.hooks & hooks::MODIFY == 0
            && ci.n_attached == 0
            && !global
            && !self.lasting_stat_on(c, s);
        if none && cfg!(test) && self.stat_memo.check {
            self.check_global_scope(c, s);
        }
        none
    }

    /// `stat_now` for a miss of the open memo, and whether the value is fixed: a stat that no
    /// modifier touches (`stat_now`'s first test) is its printed value, which only a new face,
    /// an attachment, a global modifier or a lasting effect can change, so unless printed X it
    /// is kept across decisions until one of those changes (`StatMemo::fixed_tag`).
    #[inline(never)]
    pub(super) fn stat_now_fixed(&self, c: CardId, s: Stat) -> (i16, bool) {
        let global = self.global_reaches(c, s);
        if self.unmodified(c, s, global) {
            let raw = self.printed_raw(c, s);
            return (self.resolve_printed(c, raw).max(0), raw != X);
        }
        // Changed only by attachments with constant bonuses (`Script::modify_static`): as
        // fixed as a printed value, while no text can be blank (`blank_any` turning on bumps
        // `fixed_changed`; an attachment coming, going or turning over empties its host's
        // slots).
        if !global
            && !self.blank_any
            && self.cards[c as usize].hooks & hooks::MODIFY == 0
            && !self.lasting_stat_on(c, s)
        {
            if let Some(v) = self.stat_by_static_attachments(c, s) {
                return (v, true);
            }
        }
        (self.stat_modified(c, s, global), false)
    }

    /// `stat_modified` of a card that only its attachments modify (no modifier of its own, no
    /// global one, no lasting effect on the stat), if each of those that modifies is
    /// `Script::modify_static` and none subtracts (so `Rule::CannotReduceStat` changes
    /// nothing) and the printed value is not X; `None` otherwise.
    fn stat_by_static_attachments(&self, c: CardId, s: Stat) -> Option<i16> {
        let raw = self.printed_raw(c, s);
        if raw == X {
            return None;
        }
        let mut v = self.resolve_printed(c, raw);
        for &a in self.list(Zone::Attached(0)) {
            if self.cards[a as usize].zone != Zone::Attached(c) {
                continue;
            }
            if let Some(f) = self
                .script(a)
                .and_then(|sc| sc.modify.map(|f| (f, sc.modify_static)))
            {
                let (f, fixed) = f;
                if !fixed {
                    return None;
                }
                let d = f(self, a, c, s);
                if d < 0 {
                    return None;
                }
                v += d;
            }
        }
        Some(v.max(0))
    }

    pub(super) fn stat_now(&self, c: CardId, s: Stat) -> i16 {
        // May a global modifier in play change this stat of this kind of card?
        let global = self.global_reaches(c, s);
        if self.unmodified(c, s, global) {
            // Nothing modifies it: its printed value (as below with no modifier).
            return self.printed(c, s).max(0);
        }
        self.stat_modified(c, s, global)
    }

    /// Is there a lasting effect on `c`'s stat `s` (of any object `c` was: a superset of the
    /// ones `stat_modified` adds)? Lasting effects are few, so this is cheaper than computing
    /// the stat from its modifiers.
    #[inline(always)]
    fn lasting_stat_on(&self, c: CardId, s: Stat) -> bool {
        if self.cards[c as usize].lasting_stats == 0 {
            if cfg!(any(test, debug_assertions)) {
                self.assert_no_lasting_stat(c);
            }
            return false;
        }
        self.lasting
            .iter()
            .any(|e| e.card == c && matches!(e.what, Lasting::Stat(st, _) if st == s))
    }

    /// Test and debug builds: no `Lasting::Stat` names `c` (its count, `lasting_stats`, is 0).
    #[cold]
    #[inline(never)]
    fn assert_no_lasting_stat(&self, c: CardId) {
        assert!(
            self.lasting_stat_count(c) == 0,
            "{} has a lasting stat effect but lasting_stats 0",
            self.title(c)
        );
    }

    /// The `Lasting::Stat` entries naming `c`, counted (what `CardInst::lasting_stats` keeps;
    /// for its checks).
    pub(crate) fn lasting_stat_count(&self, c: CardId) -> usize {
        self.lasting
            .iter()
            .filter(|e| e.card == c && matches!(e.what, Lasting::Stat(..)))
            .count()
    }

    /// May a global modifier in play change `c`'s stat `s` (`Listeners::global`, the scopes
    /// their scripts declare)? `false` proves that every one of them adds 0.
    #[inline(always)]
    pub(crate) fn global_reaches(&self, c: CardId, s: Stat) -> bool {
        let enemy = self.cards[c as usize].ty == CardType::Enemy;
        self.listen.global.reaches(enemy, s)
    }

    /// Test builds, checking mode: every global modifier left out by its scope adds 0 (the
    /// proof that `Script::global_on` never hides a modifier; `memo_answers_equal_fresh_answers`).
    #[cold]
    #[inline(never)]
    fn check_global_scope(&self, c: CardId, s: Stat) {
        for &g in &self.interest[IDX_GLOBAL] {
            if let Some(f) = self.script(g).filter(|s| s.global).and_then(|s| s.modify) {
                assert_eq!(
                    f(self, g, c, s),
                    0,
                    "{}'s global modifier changes {s:?} of {}, outside its declared scope",
                    self.title(g),
                    self.title(c)
                );
            }
        }
    }

    /// `stat_now` of a card that some modifier might change (`global`: `global_reaches`).
    #[inline(never)]
    fn stat_modified(&self, c: CardId, s: Stat, global: bool) -> i16 {
        let mut v = self.printed(c, s);
        let mut neg = 0;
        let mut add = |d: i16| {
            if d < 0 {
                neg += d;
            } else {
                v += d;
            }
        };
        if self.cards[c as usize].hooks & hooks::MODIFY != 0 {
            if let Some(sc) = self.script(c) {
                if let (Some(f), false) = (sc.modify, sc.global) {
                    add(f(self, c, c, s));
                }
            }
        }
        let mut no_reduce = false;
        if self.cards[c as usize].n_attached > 0 {
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
        }
        if global {
            for &g in &self.interest[IDX_GLOBAL] {
                // Global modifiers of the cards in `GLOBAL_ZONES`, in no particular order (they
                // are summed); a card whose text is blank or guarded now gives nothing.
                if let Some(f) = self.script(g).filter(|s| s.global).and_then(|s| s.modify) {
                    add(f(self, g, c, s));
                }
            }
        } else if cfg!(test) && self.stat_memo.check {
            self.check_global_scope(c, s);
        }
        if self.cards[c as usize].lasting_stats != 0 {
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
        if cfg!(any(test, debug_assertions)) && self.cards[c as usize].lasting_stats == 0 {
            self.assert_no_lasting_stat(c);
        }
        if !no_reduce {
            v += neg;
        }
        v.max(0)
    }

    /// The zone lists of `in_play_cards`, in its order: `for l in g.in_play_slices() { for &c
    /// in l { .. } }` visits the same cards in the same order, as plain nested loops (cheaper
    /// than the flattened chain where a scan runs every round or every check).
    #[inline]
    pub fn in_play_slices(&self) -> impl Iterator<Item = &[CardId]> + '_ {
        let mut lists = [0usize; 5 + 2 * MAX_PLAYERS];
        let mut n = 0;
        for z in SHARED_IN_PLAY {
            lists[n] = z.list();
            n += 1;
        }
        for p in 0..self.n_players {
            lists[n] = Zone::Play(p).list();
            lists[n + 1] = Zone::Engaged(p).list();
            n += 2;
        }
        lists
            .into_iter()
            .take(n)
            .map(move |li| self.lists[li].as_slice())
    }

    /// Every card in play (including the main quest), in a fixed order.
    pub fn in_play_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let mut zones = [Zone::Quest; 14];
        let mut n = 0;
        for z in SHARED_IN_PLAY {
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
        let extra: i16 = self.interest[IDX_ENGAGEMENT]
            .iter()
            .filter_map(|&c| {
                self.script(c)
                    .and_then(|s| s.engagement_threat)
                    .map(|f| f(self, c, p))
            })
            .sum();
        self.players[p as usize].threat + extra
    }

    /// Does any card in play make `rule` hold? (Asked of the cards in play with a `rule` hook
    /// whose `rule_on` has the question's kind, in no particular order: the hooks only read the
    /// game.)
    /// Could a card in play answer `r` with `true` (its kind is in `Listeners::rules`, the
    /// union of the `rule_on` masks of the cards in play with a `rule` hook)? False proves that
    /// no card in play, attachments included, does.
    #[inline]
    pub(crate) fn may_answer_in_play(&self, r: Rule) -> bool {
        self.listen.rules & r.bit() != 0
    }

    // (Always inlined: the question is nearly always a constant, so its bit folds away.)
    #[inline(always)]
    pub fn rule(&self, r: Rule) -> bool {
        let bit = r.bit();
        if self.listen.rules & bit == 0 {
            return false; // no card in play answers this kind of question
        }
        self.rule_scan(r, bit)
    }

    fn rule_scan(&self, r: Rule, bit: crate::cards::RuleMask) -> bool {
        self.interest[IDX_RULE].iter().any(|&c| {
            self.script(c)
                .filter(|s| s.rule_on & bit != 0)
                .and_then(|s| s.rule)
                .is_some_and(|f| f(self, c, r))
        })
    }

    /// Printed or gained trait (gained from an attachment's `Rule::GainsTrait`, or from the
    /// card's own, e.g. an encounter attachment that counts as a Condition).
    pub fn has_trait(&self, c: CardId, name: &str) -> bool {
        // The card's own few traits compared by name: cheaper than finding the trait's id
        // among every trait name (`CardDb::trait_id`), which only the hooks below need.
        let traits = &self.db.traits;
        if self
            .def_of(c)
            .traits
            .iter()
            .any(|&t| traits.get(t as usize).is_some_and(|n| n == name))
        {
            return true;
        }
        // No card in play answers the question (`rule_on` masks; the kind alone decides, so
        // the trait id is not needed yet): only a card out of play could, for itself.
        if !self.may_answer_in_play(Rule::GainsTrait(c, 0)) && self.cards[c as usize].zone.in_play()
        {
            return false;
        }
        // Only its own script (if its `rule_on` names the question) and its attachments
        // could: with neither, no need for the trait's id (a search of every trait name).
        let own = self
            .script(c)
            .filter(|s| s.rule_on & Rule::GainsTrait(c, 0).bit() != 0)
            .and_then(|s| s.rule);
        if own.is_none() && self.cards[c as usize].n_attached == 0 {
            return false;
        }
        let t = self.db.trait_id(name);
        own.map(|f| f(self, c, Rule::GainsTrait(c, t)))
            .unwrap_or(false)
            || self.attachments(c).any(|a| {
                self.script(a)
                    .and_then(|s| s.rule)
                    .map(|f| f(self, a, Rule::GainsTrait(c, t)))
                    .unwrap_or(false)
            })
    }

    #[inline]
    pub fn is_enemy(&self, c: CardId) -> bool {
        self.ty(c) == CardType::Enemy
    }

    /// A location, or an objective-location (a location for all purposes, RULES §8.8.1).
    #[inline]
    pub fn is_location(&self, c: CardId) -> bool {
        matches!(self.ty(c), CardType::Location | CardType::ObjectiveLocation)
    }

    /// May `p` use Valour abilities now (threat 40 or more, RULES §5.23)?
    pub fn valour(&self, p: u8) -> bool {
        self.players[p as usize].threat >= 40
    }

    /// Is it the quest phase before quest resolution (the staging step or earlier)?
    pub fn before_quest_resolution(&self) -> bool {
        self.phase == Phase::Quest && self.stack.contains(&Frame::Step(Step::Resolve))
    }

    pub fn is_side_quest(&self, c: CardId) -> bool {
        matches!(
            self.ty(c),
            CardType::EncounterSideQuest | CardType::PlayerSideQuest
        )
    }

    #[inline]
    pub fn is_character(&self, c: CardId) -> bool {
        self.ty(c).is_character()
    }

    #[inline]
    pub fn is_hero(&self, c: CardId) -> bool {
        match self.ty(c) {
            CardType::Hero => true,
            CardType::Ally => self.ally_is_hero(c),
            _ => false,
        }
    }

    /// An ally for every effect: a player's ally (unless an attachment made it a hero) or an
    /// objective-ally (Iârion, Amarthiúl), which RULES.md §8.3.1 makes an ally that player
    /// cards affect (readied, boosted, chosen) like any other.
    pub fn is_ally(&self, c: CardId) -> bool {
        match self.ty(c) {
            CardType::Ally => !self.ally_is_hero(c),
            CardType::ObjectiveAlly => true,
            _ => false,
        }
    }

    /// An ally that an attachment turned into a hero (Sword-thain, `Rule::BecomesHero`).
    #[inline]
    pub(super) fn ally_is_hero(&self, c: CardId) -> bool {
        // (No attachment: not a hero; the cheap test inline, the rest out of line.)
        self.cards[c as usize].n_attached > 0 && self.attached_ally_is_hero(c)
    }

    /// `ally_is_hero` for an ally with attachments.
    #[inline(never)]
    fn attached_ally_is_hero(&self, c: CardId) -> bool {
        let ci = &self.cards[c as usize];
        ci.zone.in_play()
            && self.may_answer_in_play(Rule::BecomesHero(c))
            && self.attachments(c).any(|a| {
                self.script(a)
                    .and_then(|s| s.rule)
                    .is_some_and(|f| f(self, a, Rule::BecomesHero(c)))
            })
    }

    /// Does `c` carry a lasting effect `what` (as the same object)?
    #[inline]
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
    #[inline(always)]
    pub fn immune(&self, c: CardId) -> bool {
        self.def_of(c).keywords.immune || self.rule(Rule::ImmuneToPlayerCards(c))
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
        if self.areas.split {
            // Each staging area has its own stage (§7.6).
            return self
                .list(Zone::Quest)
                .iter()
                .rev()
                .copied()
                .find(|&q| self.cards[q as usize].area == self.areas.now);
        }
        self.list(Zone::Quest).last().copied()
    }

    /// The current quest: a side quest chosen for this phase, or the main quest.
    /// The current quest: a side quest chosen for this quest phase (it stays current even if it
    /// is defeated before quest resolution, §8.4.8), else the main quest. Outside the quest phase
    /// it is always the main quest (§8.4.9).
    #[inline(always)]
    pub fn current_quest(&self) -> Option<CardId> {
        if self.phase == Phase::Quest {
            for e in &self.lasting {
                if e.what == Lasting::CurrentQuest && self.card_in_this_area(e.card) {
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
        self.active_location_in(self.areas.now)
    }

    /// Characters controlled by `p`.
    #[inline]
    pub fn characters(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Play(p))
            .iter()
            .copied()
            .filter(move |&c| self.is_character(c))
    }

    #[inline]
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

    #[inline]
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

    /// Total threat in the first player's staging area (the staging area, while there is one).
    pub fn staging_threat(&self) -> i16 {
        self.staging_threat_in(self.areas.now)
    }

    /// Does hero `h` have the resource icon of `sphere`?
    #[inline]
    pub fn hero_matches(&self, h: CardId, sphere: Sphere) -> bool {
        sphere == Sphere::Neutral
            || self.def_of(h).sphere == sphere
            || self.hero_gains_icon(h, sphere)
    }

    /// `hero_matches` past its printed-icon tests: an icon gained by a rule.
    #[inline(never)]
    fn hero_gains_icon(&self, h: CardId, sphere: Sphere) -> bool {
        if !self.may_answer_in_play(Rule::GainsIcon(h, sphere))
            && self.cards[h as usize].zone.in_play()
        {
            return false; // neither it nor an attachment (in play) gives an icon
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

    /// The player who controls `c` (ENCOUNTER for encounter cards).
    pub fn controller(&self, c: CardId) -> u8 {
        self.cards[c as usize].controller
    }
}
