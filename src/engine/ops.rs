//! Primitive operations on the game state. Card scripts and the framework are built from these.

use super::*;
use crate::cards::{Rule, Script};

use rand::seq::SliceRandom;

/// Position of a zone in `in_play_cards` order (in-play zones only).
fn play_order(z: Zone) -> u8 {
    match z {
        Zone::Quest => 0,
        Zone::Staging => 1,
        Zone::Active => 2,
        Zone::Attached(_) => 3,
        Zone::Nightmare => 4,
        Zone::Play(p) => 5 + 2 * p,
        Zone::Engaged(p) => 6 + 2 * p,
        _ => u8::MAX,
    }
}

/// `CardInst::hooks` of a face of type `ty` with script `s`.
pub(crate) fn hooks_of(s: &Script, ty: CardType) -> u16 {
    let mut h = 0;
    let mut set = |b: bool, bit: u16| {
        if b {
            h |= bit;
        }
    };
    set(s.forced.is_some(), hooks::FORCED);
    set(s.can_respond.is_some(), hooks::CAN_RESPOND);
    set(
        s.can_respond.is_some() && (ty == CardType::Event || s.hand_response),
        hooks::HAND_RESPOND,
    );
    set(s.can_act.is_some(), hooks::CAN_ACT);
    set(
        s.can_act.is_some() && s.hand_action && ty != CardType::Event,
        hooks::HAND_ACT,
    );
    set(s.can_act.is_some() && s.any_player, hooks::ANY_PLAYER_ACT);
    set(s.rule.is_some(), hooks::RULE);
    set(s.modify.is_some(), hooks::MODIFY);
    set(s.global, hooks::GLOBAL);
    set(s.cost_mod.is_some(), hooks::COST_MOD);
    set(s.engagement_threat.is_some(), hooks::ENGAGEMENT_THREAT);
    set(
        s.can_act.is_some() && ty == CardType::Event,
        hooks::EVENT_ACT,
    );
    set(
        s.can_act.is_some() && s.rule.is_some() && ty == CardType::Event,
        hooks::FROM_DISCARD,
    );
    set(
        s.x.is_some() && matches!(ty, CardType::Location | CardType::ObjectiveLocation),
        hooks::X_LOCATION,
    );
    h
}

/// The bits of `CardInst::hooks` that a face sets by its card type and printed values, script
/// or not (`hooks::ALLY`, `hooks::UNSURE_HP`).
pub(crate) fn type_hooks(d: &crate::data::CardDef) -> u16 {
    let ally = if matches!(d.ty, CardType::Ally | CardType::ObjectiveAlly) {
        hooks::ALLY
    } else {
        0
    };
    let unsure_hp = if d.ty.is_character() && d.hit_points <= 0 {
        hooks::UNSURE_HP
    } else {
        0
    };
    ally | unsure_hp
}

impl<'a> Game<'a> {
    /// May zone `z` hold an ally (`is_ally`)? `false` only when no card in it shows an ally or
    /// objective-ally face (`hooks::ALLY`, counted per zone list): a Reanimated Dead has no
    /// hooks, and an ally made a hero by an attachment still counts (a superset).
    #[inline]
    pub fn may_hold_ally(&self, z: Zone) -> bool {
        self.zone_has(z, hooks::ALLY)
    }

    #[inline(always)]
    pub fn script(&self, c: CardId) -> Option<&'static Script> {
        // While no card can be guarded or blanked (`blank_any`), the card's own reference
        // answers (`CardInst::script_ref`); the rest out of line, so that this stays small
        // enough to inline.
        if self.blank_any {
            return self.script_maybe_blank(c);
        }
        self.cards[c as usize].script_ref.0
    }

    /// `script` while some card may be guarded or blanked (`blank_any`). While the only cards
    /// that can be blank are damaged characters (Cold from Angmar, `n_blank_damaged`; no Safe
    /// location active and no card ever guarded or text-blanked, `blank_wide` false), a card
    /// without damage answers with its own reference, as `script_when_blankable` would, without
    /// the call (speed26: the Wastes of Eriador and the Ettenmoors spent ~3% of a game in it).
    #[inline(always)]
    fn script_maybe_blank(&self, c: CardId) -> Option<&'static Script> {
        let ci = &self.cards[c as usize];
        if !self.blank_wide && ci.damage == 0 {
            if cfg!(test) && self.stat_memo.check {
                assert_eq!(
                    ci.script_ref.0.map(|s| s as *const Script),
                    self.script_when_blankable(c).map(|s| s as *const Script),
                    "script of an undamaged card while only damaged characters can be blank"
                );
            }
            return ci.script_ref.0;
        }
        self.script_when_blankable(c)
    }

    /// Is `c` an event its own rules let be played from its owner's discard pile
    /// (`Rule::PlayFromDiscard`, asked of its script)? The `FROM_DISCARD` hook bit rules out
    /// every other card without a call.
    pub fn plays_from_discard(&self, c: CardId) -> bool {
        self.cards[c as usize].hooks & hooks::FROM_DISCARD != 0
            && self
                .script(c)
                .is_some_and(|s| s.rule.is_some_and(|f| f(self, c, Rule::PlayFromDiscard(c))))
    }

    /// `script` while some card may be guarded or blanked (`blank_any`).
    #[inline(never)]
    fn script_when_blankable(&self, c: CardId) -> Option<&'static Script> {
        let ci = &self.cards[c as usize];
        let s = ci.script;
        if s == NO_SCRIPT || ci.guarded {
            return None;
        }
        if ci.text_blanked || (self.n_blank_damaged > 0 && ci.damage > 0) {
            return self.script_if_not_blank(c);
        }
        // While a Safe location is active only an encounter side quest's text is blank
        // (`safe_blanks`): answered here, without the call.
        if self.safe_active && ci.ty == CardType::EncounterSideQuest {
            return None;
        }
        Some(self.script_table[s as usize])
    }

    /// Set whether card `c` is guarded (`CardInst::guarded`): card scripts write it here, so
    /// that `script`'s fast path knows a card may be.
    pub fn set_guarded(&mut self, c: CardId, on: bool) {
        self.cards[c as usize].guarded = on;
        if on {
            self.blank_marks = true;
            self.sync_blank_any();
        }
    }

    /// Set whether an attachment blanks card `c`'s text box (`CardInst::text_blanked`), as
    /// `set_guarded`.
    pub fn set_text_blanked(&mut self, c: CardId, on: bool) {
        self.cards[c as usize].text_blanked = on;
        if on {
            self.blank_marks = true;
            self.sync_blank_any();
        }
    }

    /// Keep `blank_any` after a change of `n_blank_damaged` or `safe_active`.
    #[inline]
    pub(super) fn sync_blank_any(&mut self) {
        let was = self.blank_any;
        self.blank_wide = self.safe_active || self.blank_marks;
        self.blank_any = self.n_blank_damaged > 0 || self.blank_wide;
        if self.blank_any && !was {
            // A stat kept as fixed through its attachments' constant bonuses
            // (`stat_by_static_attachments`) is one no blank text can change.
            self.fixed_changed();
        }
    }

    /// `script` while a card could be blanked now (an attachment blanking its text, damaged
    /// characters under Cold from Angmar, an
    /// encounter side quest while a Safe location is active).
    #[inline(never)]
    fn script_if_not_blank(&self, c: CardId) -> Option<&'static Script> {
        let attached_blank = self.cards[c as usize].text_blanked && self.blanked_by_attachment(c);
        if attached_blank || self.blanked(c) || self.safe_blanks(c) {
            return None;
        }
        self.raw_script(c)
    }

    /// The script a bot knows card `c` by, to read its hints (`Script::hint`): its script, or
    /// while its text is blanked (or it is a guarded objective) the script registered under its
    /// original printing's code, so blanking never changes what a bot knows about a card.
    #[inline]
    pub fn known_script(&self, c: CardId) -> Option<&'static Script> {
        match self.script(c) {
            Some(s) => Some(s),
            None => self.known_script_unseen(c),
        }
    }

    /// `known_script` of a card with no script, or whose script `script` hides now.
    #[inline(never)]
    fn known_script_unseen(&self, c: CardId) -> Option<&'static Script> {
        let s = self.raw_script(c)?;
        let original = self.db.def(self.db.original(self.def_id(c))).code.as_str();
        if s.code == original {
            Some(s)
        } else {
            crate::cards::lookup(original).map(|(_, s)| s)
        }
    }

    /// The script of `c`'s current face, even if its text box is blanked now.
    fn raw_script(&self, c: CardId) -> Option<&'static Script> {
        let s = self.cards[c as usize].script;
        (s != NO_SCRIPT).then(|| self.script_table[s as usize])
    }

    /// Does an attachment of `c` blank its text box now (`Rule::BlanksTextOf`)?
    fn blanked_by_attachment(&self, c: CardId) -> bool {
        self.attachments(c).any(|a| {
            self.raw_script(a)
                .and_then(|s| s.rule)
                .is_some_and(|f| f(self, a, Rule::BlanksTextOf(c)))
        })
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
            && matches!(self.ty(c), CardType::Hero | CardType::Ally)
    }

    pub(crate) fn new_card(&mut self, def: DefId, owner: u8, zone: Zone) -> CardId {
        let id = self.cards.len() as CardId;
        self.fixed_changed_on(id);
        self.cards.push(CardInst {
            def,
            script: NO_SCRIPT,
            script_ref: ScriptRef(None),
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
            text_blanked: false,
            reanimated: false,
            seen: false,
            hooks: 0,
            ty: self.db.def(def).ty,
            listed: 0,
            n_attached: 0,
            area: 0,
            captured: false,
            lasting_stats: 0,
            rescued_from: NO_CARD,
            same_unique: id,
        });
        if let Zone::Attached(h) = zone {
            self.cards[h as usize].n_attached += 1;
            self.fixed_changed_on(h);
        }
        self.lists[zone.list()].push(id);
        self.set_face(id, def);
        self.link_unique(id);
        id
    }

    /// Put `c` (alone in its ring) into the ring of the other cards whose face has its unique
    /// key (`CardInst::same_unique`). A scan of every card: only when a card is made or a
    /// flip changes its key, never per decision.
    fn link_unique(&mut self, c: CardId) {
        let key = self.def_unique[self.cards[c as usize].def as usize];
        if key == 0 {
            return;
        }
        let other = (0..self.cards.len() as CardId)
            .find(|&x| x != c && self.def_unique[self.cards[x as usize].def as usize] == key);
        if let Some(x) = other {
            self.cards[c as usize].same_unique = self.cards[x as usize].same_unique;
            self.cards[x as usize].same_unique = c;
        }
    }

    /// Take `c` out of its unique-key ring (it is then alone in its own).
    fn unlink_unique(&mut self, c: CardId) {
        let mut x = c;
        loop {
            let next = self.cards[x as usize].same_unique;
            if next == c {
                break;
            }
            x = next;
        }
        self.cards[x as usize].same_unique = self.cards[c as usize].same_unique;
        self.cards[c as usize].same_unique = c;
    }

    /// Does any card in zone list `z` have counted hook `bit` (`hooks::COUNTED`)?
    #[inline]
    pub(crate) fn zone_has(&self, z: Zone, bit: u16) -> bool {
        self.hook_counts[z.list()][hooks::counted(bit)] > 0
    }

    /// Card hooks `h` enter (`add`) or leave zone list `list`: keep `hook_counts`. (Inlined: two
    /// calls at every move.)
    #[inline]
    pub(crate) fn count_hooks(&mut self, list: usize, h: u16, add: bool) {
        if h & (hooks::HAND_RESPOND | hooks::CAN_RESPOND) != 0 {
            // A card that may respond entered or left the list (or changed face): its
            // Responses mask is recomputed when next needed.
            if let Some(s) = super::eventkind::resp_slot_of_list(list) {
                self.listen.resp_stale |= 1 << s;
            }
        }
        // Only the counted hooks it has, bit by bit.
        let mut m = h & hooks::COUNTED_MASK;
        while m != 0 {
            let k = hooks::COUNTED_AT[m.trailing_zeros() as usize] as usize;
            m &= m - 1;
            let n = &mut self.hook_counts[list][k];
            if add {
                *n += 1;
            } else {
                *n -= 1;
            }
        }
    }

    /// The hint kinds a bot may read on a card showing face `def` (`cards::hints::hint`): its
    /// script's and, for a blanked or guarded card (`known_script`), its original printing's.
    pub(crate) fn face_hint_kinds(&self, def: DefId) -> crate::cards::hints::HintSet {
        let kinds = crate::cards::hints::kinds_by_script();
        let of = |d: DefId| match self.def_script[d as usize] {
            NO_SCRIPT => 0,
            s => kinds[s as usize],
        };
        of(def) | of(self.db.original(def))
    }

    /// Does any card of this game carry a hint of kind `kind` (`cards::hints::hint_set`) on a
    /// face a bot may read? When not, a scan for it finds nothing and can be skipped.
    #[inline(always)]
    pub fn may_hint(&self, kind: crate::cards::hints::HintSet) -> bool {
        self.listen.hints_seen & kind != 0
    }

    /// Show face `def` of card `c` (flipping keeps tokens and attachments).
    pub fn set_face(&mut self, c: CardId, def: DefId) {
        self.fixed_changed_on(c);
        if let Zone::Attached(h) = self.cards[c as usize].zone {
            // Its host's stats may be kept through its bonus (`stat_by_static_attachments`).
            self.fixed_changed_on(h);
        }
        let script = self.def_script[def as usize];
        let script_ref =
            ScriptRef((script != NO_SCRIPT).then(|| self.script_table[script as usize]));
        let hooks = self.def_hooks[def as usize];
        let old_key = self.def_unique[self.cards[c as usize].def as usize];
        let ci = &mut self.cards[c as usize];
        let (old, list) = (ci.hooks, ci.zone.list());
        ci.def = def;
        ci.script = script;
        ci.script_ref = script_ref;
        ci.hooks = hooks;
        if !ci.reanimated {
            ci.ty = self.db.def(def).ty;
        }
        if hooks & hooks::CAN_RESPOND != 0 {
            self.listen.respond |= self.script_table[script as usize].respond_on;
        }
        self.listen.hooks_seen |= hooks;
        self.listen.hints_seen |= self.face_hint_kinds(def);
        if !self.listen.archery_seen
            && (self.db.def(def).keywords.archery > 0
                || script_ref.0.is_some_and(|s| s.archery.is_some()))
        {
            self.listen.archery_seen = true;
        }
        self.count_hooks(list, old, false);
        self.count_hooks(list, hooks, true);
        if self.def_unique[def as usize] != old_key {
            self.unlink_unique(c);
            self.link_unique(c);
        }
        self.dirty = true;
        self.note_moved(c);
    }

    /// Keep the interest lists current when `c` moved or flipped: the unordered lists of
    /// `Game::interest` (membership from the current face's hooks and the card's zone), the
    /// count of cards blanking damaged characters, and `forced_cards` (cards in play with Forced
    /// effects, in the order `in_play_cards` gives: the order Forced effects resolve in).
    ///
    /// `forced_cards` is updated exactly when the list it replaces was rebuilt — when the moved
    /// card's current face has a Forced effect — so a listed card that flipped to a face without
    /// one stays listed until then, as before (the flip marks the list stale and the next update
    /// rebuilds it; otherwise the moved card alone is put in its place).
    #[inline(always)]
    pub(crate) fn note_moved(&mut self, c: CardId) {
        let ci = self.cards[c as usize];
        let zone = ci.zone;
        let in_play = zone.in_play();
        let h = ci.hooks;
        if self.def_of(c).keywords.safe {
            self.note_safe_moved();
        }
        // A card in no interest list and with none of their hooks stays out of them all.
        const INTEREST_HOOKS: u16 =
            hooks::RULE | hooks::GLOBAL | hooks::COST_MOD | hooks::ENGAGEMENT_THREAT;
        const INTEREST_LISTED: u8 = (1 << N_INTEREST) - 1;
        if ci.listed & INTEREST_LISTED != 0 || h & INTEREST_HOOKS != 0 {
            let was_rule = ci.listed & (1 << IDX_RULE) != 0;
            let now_rule = in_play && h & hooks::RULE != 0;
            self.set_interest(c, IDX_RULE, now_rule);
            // The mask is the union over the list: it changes only if the card was or is in
            // it (in it both times, it may have flipped to a face with another mask).
            if was_rule || now_rule {
                self.listen.rules = self.rule_mask();
            }
            let was_global = ci.listed & (1 << IDX_GLOBAL) != 0;
            let now_global = h & hooks::GLOBAL != 0 && super::query::in_global_zone(&ci);
            self.set_interest(c, IDX_GLOBAL, now_global);
            // As the rule mask: the union changes only if the card was or is in the list.
            if was_global || now_global {
                let old = self.listen.global;
                self.listen.global = self.global_scope();
                // A fixed stat is one no global modifier's scope reaches: while the scope does
                // not grow, every fixed stat kept stays so.
                if !self.listen.global.within(old) {
                    self.fixed_changed();
                }
            }
            self.set_interest(c, IDX_COST_MOD, in_play && h & hooks::COST_MOD != 0);
            self.set_interest(
                c,
                IDX_ENGAGEMENT,
                in_play && h & hooks::ENGAGEMENT_THREAT != 0,
            );
        }
        let Some(sc) = self.raw_script(c) else {
            if ci.listed & LISTED_FORCED != 0 {
                self.forced_stale = true;
                // Its events leave the union (`forced_mask` skips a face with no Forced
                // effect), so that the union stays exact with the list stale.
                self.listen.forced = self.forced_mask();
            }
            return;
        };
        if sc.rule_on & crate::cards::RuleKind::BlanksDamagedCharacters.bit() != 0
            && sc
                .rule
                .map(|f| f(self, c, Rule::BlanksDamagedCharacters))
                .unwrap_or(false)
        {
            self.n_blank_damaged = self.interest[IDX_RULE]
                .iter()
                .filter(|&&x| {
                    self.raw_script(x)
                        .and_then(|s| s.rule)
                        .map(|f| f(self, x, Rule::BlanksDamagedCharacters))
                        .unwrap_or(false)
                })
                .count() as u8;
            self.sync_blank_any();
        }
        if sc.forced.is_none() {
            if ci.listed & LISTED_FORCED != 0 {
                self.forced_stale = true;
                // As above: a side quest turned to a face without Forced effect (Rhudaur).
                self.listen.forced = self.forced_mask();
            }
            return;
        }
        if self.forced_stale {
            self.rebuild_forced();
            return;
        }
        if ci.listed & LISTED_FORCED == 0 && !in_play {
            // Neither listed nor to be: `forced_cards`, and so its mask, stay as they are (a
            // card moving between zones out of play, such as a deck and a discard pile).
            return;
        }
        if ci.listed & LISTED_FORCED != 0 {
            let pos = self.forced_cards.iter().position(|&x| x == c);
            if let Some(pos) = pos {
                self.forced_cards.remove(pos);
            }
            self.cards[c as usize].listed &= !LISTED_FORCED;
        }
        if in_play {
            // Its place in `in_play_cards` order: after the listed cards of earlier zones and
            // the listed cards before it in its own zone's list.
            let k = play_order(zone);
            let earlier = self
                .forced_cards
                .iter()
                .take_while(|&&x| play_order(self.cards[x as usize].zone) < k)
                .count();
            let before = self.lists[zone.list()]
                .iter()
                .take_while(|&&x| x != c)
                .filter(|&&x| self.cards[x as usize].listed & LISTED_FORCED != 0)
                .count();
            self.forced_cards.insert(earlier + before, c);
            self.cards[c as usize].listed |= LISTED_FORCED;
        }
        self.listen.forced = self.forced_mask();
    }

    /// The union of the `rule_on` masks of the cards in play with a rule hook
    /// (`Listeners::rules`).
    pub(crate) fn rule_mask(&self) -> crate::cards::RuleMask {
        self.interest[IDX_RULE]
            .iter()
            .filter_map(|&c| self.raw_script(c))
            .fold(0, |m, s| m | s.rule_on)
    }

    /// The union of the `forced_on` masks of `forced_cards` (`Listeners::forced`).
    pub(crate) fn forced_mask(&self) -> EventMask {
        self.forced_cards
            .iter()
            .filter_map(|&x| self.raw_script(x).filter(|s| s.forced.is_some()))
            .fold(0, |m, s| m | s.forced_on)
    }

    /// `forced_cards` from scratch: every card in play whose current face has a Forced effect.
    fn rebuild_forced(&mut self) {
        for &x in &self.forced_cards {
            self.cards[x as usize].listed &= !LISTED_FORCED;
        }
        let mut l = std::mem::take(&mut self.forced_cards);
        l.clear();
        l.extend(
            self.in_play_cards()
                .filter(|&x| self.raw_script(x).and_then(|s| s.forced).is_some()),
        );
        for &x in &l {
            self.cards[x as usize].listed |= LISTED_FORCED;
        }
        self.forced_cards = l;
        self.forced_stale = false;
        self.listen.forced = self.forced_mask();
    }

    /// Put `c` in interest list `i` or take it out.
    /// The union of `Script::global_on` over the cards with a global modifier in play
    /// (`Game::interest[IDX_GLOBAL]`): `Listeners::global`. A listed card with no script counts
    /// as reaching everything.
    pub(crate) fn global_scope(&self) -> crate::cards::GlobalScope {
        self.interest[IDX_GLOBAL]
            .iter()
            .fold(crate::cards::GlobalScope::NONE, |m, &g| {
                m.union(
                    self.raw_script(g)
                        .map_or(crate::cards::GlobalScope::ALL, |s| s.global_on),
                )
            })
    }

    fn set_interest(&mut self, c: CardId, i: usize, want: bool) {
        let bit = 1u8 << i;
        let ci = &mut self.cards[c as usize];
        if (ci.listed & bit != 0) == want {
            return;
        }
        ci.listed ^= bit;
        let l = &mut self.interest[i];
        if want {
            l.push(c);
        } else if let Some(pos) = l.iter().rposition(|&x| x == c) {
            l.swap_remove(pos);
        }
    }

    /// Move a card to the top (end) of zone `to`. Leaving play clears tokens, state and lasting
    /// effects and discards attachments and shadow cards; entering play makes a new object.
    pub fn move_card(&mut self, c: CardId, mut to: Zone) {
        if self.out_of_game(c) {
            return; // out of the game for good (RULES §4.2.3.4)
        }
        let from = self.cards[c as usize].zone;
        if let Zone::Play(p) | Zone::Hand(p) | Zone::Deck(p) | Zone::Discard(p) = to {
            if self.players[p as usize].eliminated {
                // A zone of a player out of the game: a card he owns leaves the game too (one
                // another player controlled, sent back to him); no other card goes there.
                if self.cards[c as usize].owner != p {
                    return;
                }
                to = Zone::Eliminated;
            }
        }
        if self.cards[c as usize].reanimated && !to.in_play() {
            // A Reanimated Dead leaving play turns face up and goes to its owner's discard pile
            // whatever the effect says (§8.11.5).
            to = self.leave_reanimated(c);
        }
        // (List indexes once: the calls below take `&mut self`.)
        let (from_list, to_list) = (from.list(), to.list());
        let l = &mut self.lists[from_list];
        if let Some(pos) = l.iter().rposition(|&x| x == c) {
            // Most moves take the top card (a draw, a reveal): nothing to shift.
            if pos + 1 == l.len() {
                l.pop();
            } else {
                l.remove(pos);
            }
        }
        self.count_attached(from, to);
        let h = self.cards[c as usize].hooks;
        self.count_hooks(from_list, h, false);
        self.count_hooks(to_list, h, true);
        let was_in_play = from.in_play();
        let now_in_play = to.in_play();
        {
            let ci = &mut self.cards[c as usize];
            ci.zone = to;
            ci.guarded = false;
            ci.text_blanked = false;
            ci.seen = false;
            ci.rescued_from = NO_CARD;
            if ci.captured {
                ci.captured = false;
                self.areas.captives -= 1;
            }
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
            if matches!(to, Zone::Staging | Zone::Active | Zone::Quest) {
                ci.area = self.areas.now;
            }
        }
        self.lists[to_list].push(c);
        // A move between two out-of-play piles (`Zone::quiet`) makes no state-based check fire
        // (§3.8, §4), unless it empties a player's deck; test builds in the memo's checking
        // mode prove it at every frame (`Game::assert_checks_idle`).
        if was_in_play
            || now_in_play
            || !from.quiet()
            || !to.quiet()
            || (matches!(from, Zone::Deck(_)) && self.lists[from_list].is_empty())
        {
            self.dirty = true;
        }
        self.note_moved(c);
        if was_in_play && !now_in_play && self.areas.captives > 0 {
            // Its captured cards are rescued (RULES §8.7.7).
            self.rescue_under(c);
        }
        if was_in_play && !now_in_play {
            // Its lasting effects end, except being the current quest: a side quest defeated
            // during the quest phase stays the current quest (§8.4.8).
            self.lasting
                .retain(|e| e.card != c || e.what == Lasting::CurrentQuest);
            // (Every `Lasting::Stat` of it among them.)
            self.cards[c as usize].lasting_stats = 0;
            self.discard_hosted(c);
        }
    }

    /// A card moves from `from` to `to`: keep the hosts' `n_attached` counts. (Always inlined:
    /// two calls at every move.)
    #[inline(always)]
    fn count_attached(&mut self, from: Zone, to: Zone) {
        if let Zone::Attached(h) = from {
            self.cards[h as usize].n_attached -= 1;
            self.fixed_changed_on(h);
        }
        if let Zone::Attached(h) = to {
            self.cards[h as usize].n_attached += 1;
            self.fixed_changed_on(h);
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
                // An encounter card that returns to the staging area when its host leaves play
                // (Wraith of Carn Dûm).
                Some(a)
                    if self.cards[a as usize].owner == ENCOUNTER
                        && matches!(self.cards[a as usize].zone, Zone::Attached(_))
                        && self.rule(Rule::BackToStagingWhenHostLeaves(a)) =>
                {
                    self.move_card(a, Zone::Staging);
                    self.log_fn(|g| format!("  {} returns to the staging area", g.title(a)));
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
        if self.out_of_game(c) {
            return;
        }
        let was = self.cards[c as usize].zone;
        let to = self.discard_zone(c);
        if self.logging() {
            self.log_line(format!("  {} is discarded ({})", self.title(c), was.name()));
        }
        let character = self.ty(c).is_character();
        let host = match was {
            Zone::Attached(h) if self.rule(Rule::DiscardsHostWithIt(c)) => Some(h),
            _ => None,
        };
        self.move_card(c, to);
        if let Some(h) = host.filter(|&h| self.cards[h as usize].zone.in_play()) {
            self.discard(h);
        }
        if was.in_play() && character {
            self.fire(Event::DiscardedFromPlay(c));
            self.fire(Event::LeftPlay(c));
        }
        if matches!(was, Zone::Hand(_)) {
            self.fire(Event::DiscardedFromHand(c));
        }
    }

    #[inline]
    pub fn attachments(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        let any = self
            .cards
            .get(host as usize)
            .is_some_and(|h| h.n_attached > 0);
        let l: &[CardId] = if any {
            self.list(Zone::Attached(0))
        } else {
            &[]
        };
        l.iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Attached(host))
    }

    pub fn cards_under(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Under(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Under(host))
    }

    /// Player `seat` looks at face-down card `c` (a deck's card, a shadow card): from now on
    /// its identity and place are known (`CardInst::seen`; `determinize` keeps it), until it
    /// moves or its pile is shuffled. The trace names it.
    pub fn look_at(&mut self, c: CardId, seat: u8) {
        self.cards[c as usize].seen = true;
        self.looked = true;
        if self.logging() {
            let line = format!(
                "  P{} looks at {}: {}",
                seat + 1,
                self.where_is(c),
                self.title(c)
            );
            self.log_line(line);
        }
    }

    /// Where face-down card `c` lies, for the trace ("the encounter deck's top card", ...).
    fn where_is(&self, c: CardId) -> String {
        let z = self.cards[c as usize].zone;
        match z {
            Zone::Shadow(e) => format!("the shadow card of {}", self.title(e)),
            Zone::EncounterDeck | Zone::Deck(_) | Zone::OrcDeck => {
                let l = self.list(z);
                let depth = l.len() - 1 - l.iter().position(|&x| x == c).unwrap_or(0);
                let pile = match z {
                    Zone::Deck(p) => format!("P{}'s deck", p + 1),
                    Zone::OrcDeck => "the Orc deck".to_string(),
                    _ => "the encounter deck".to_string(),
                };
                match depth {
                    0 => format!("{pile}'s top card"),
                    d if d + 1 == l.len() => format!("{pile}'s bottom card"),
                    d => format!("{pile}'s card {} from the top", d + 1),
                }
            }
            other => format!("{other:?}").to_lowercase(),
        }
    }

    pub fn shadows_of(&self, enemy: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Shadow(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Shadow(enemy))
    }

    pub fn shuffle(&mut self, z: Zone) {
        if self.looked {
            for &c in &self.lists[z.list()] {
                self.cards[c as usize].seen = false;
            }
        }
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
        if self.players[p as usize].eliminated {
            return;
        }
        if n > 0 && !self.list(Zone::Deck(p)).is_empty() && self.draw_replaced(p, n) {
            return;
        }
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

    /// Player `p` draws `n` cards by a card effect: none while a card says players cannot draw
    /// cards by card effects (`Rule::NoDrawByEffects`; Isolated).
    pub fn draw_by_effect(&mut self, p: u8, n: usize) {
        if self.rule(Rule::NoDrawByEffects) {
            if self.logging() {
                self.log_line(format!("  P{} cannot draw cards by card effects", p + 1));
            }
            return;
        }
        self.draw(p, n);
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

    /// Enemy `e` engages player `p` (from wherever it is).
    pub fn engage(&mut self, e: CardId, p: u8) {
        if self.cards[e as usize].zone == Zone::Engaged(p) || self.players[p as usize].eliminated {
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
            self.fire(Event::ReturnedToStaging(e));
        }
    }

    /// Move a card between two in-play zones (keeps tokens, attachments, object identity).
    pub fn move_card_keep(&mut self, c: CardId, to: Zone) {
        let from = self.cards[c as usize].zone;
        if from.in_play() && to.in_play() {
            let l = &mut self.lists[from.list()];
            if let Some(pos) = l.iter().rposition(|&x| x == c) {
                l.remove(pos);
            }
            self.count_attached(from, to);
            let h = self.cards[c as usize].hooks;
            self.count_hooks(from.list(), h, false);
            self.count_hooks(to.list(), h, true);
            self.cards[c as usize].zone = to;
            if let Zone::Play(p) = to {
                self.cards[c as usize].controller = p;
            }
            let staged = |z: Zone| matches!(z, Zone::Staging | Zone::Active | Zone::Quest);
            if staged(to) && !staged(from) {
                self.cards[c as usize].area = self.areas.now;
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
        if self.out_of_game(c) || self.players[p as usize].eliminated {
            return;
        }
        self.move_card(c, Zone::Play(p));
        self.cards[c as usize].controller = p;
        self.fire(Event::EntersPlay(c));
    }

    /// Attach `a` to `host` under `controller`'s control.
    pub fn attach(&mut self, a: CardId, host: CardId, controller: u8) {
        if self.out_of_game(a) || self.out_of_game(host) {
            return;
        }
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
}
