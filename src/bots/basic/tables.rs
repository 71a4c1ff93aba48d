//! The `basic` bot's reading of card hints (`crate::cards::hints`): what an attachment is
//! worth and where it goes, what engaged enemies are worth to Dúnedain cards, the room check of
//! restricted attachments, and the attack an Elven Spear-like attachment adds. The bot names no
//! card: everything it knows about one card is on that card's script.

use super::*;

pub(super) fn attachment_info(g: &Game, c: CardId) -> (i32, AttachKind) {
    hint(g, c).attach.unwrap_or((20, AttachKind::General))
}

/// What each enemy engaged with `p` is worth to his Dúnedain cards per round, in damage-cost
/// units: Warden of Annúminas +1 WP each; with none engaged yet, Star Brooch's +1 WP and Halbarad
/// questing without exhausting start to count.
pub(super) fn engagement_reward(g: &Game, p: u8) -> i32 {
    if !g.may_hint(hint_set::ENGAGEMENT_REWARD) {
        return 0;
    }
    let mine = |c: CardId| g.controller(c) == p;
    let reward = |c: CardId| hint(g, c).engagement_reward;
    // One pass over the characters for both of their rewards.
    let (mut wardens, mut halbarad) = (0i32, 0i32);
    for c in g.characters(p) {
        match reward(c) {
            EngageReward::EachEngaged => wardens += 1,
            EngageReward::FirstEngaged => halbarad = 1,
            _ => {}
        }
    }
    let first = if g.engaged(p).is_empty() {
        let brooches = g
            .list(Zone::Attached(0))
            .iter()
            .filter(|&&a| reward(a) == EngageReward::FirstEngaged && mine(a))
            .count() as i32;
        brooches + halbarad
    } else {
        0
    };
    (wardens + first) * THREAT_UNIT
}

/// A restricted attachment hinted for the room check (`Hint::restricted_room_check`: the
/// Across the Ettenmoors / The Treachery of Rhudaur ones, so the Core decks' tuned play is
/// unchanged).
pub(super) fn angmar2_restricted(g: &Game, a: CardId) -> bool {
    g.def_of(a).keywords.restricted && hint(g, a).restricted_room_check
}

/// Has some legal target of restricted attachment `a` fewer than 2 restricted attachments?
pub(super) fn restricted_room(g: &Game, p: u8, a: CardId) -> bool {
    g.attach_targets(a, p).any(|t| {
        g.attachments(t)
            .filter(|&x| g.def_of(x).keywords.restricted)
            .count()
            < 2
    })
}

/// Attack `c` can reach in an attack: its Attack plus what its attachments with
/// `Hint::attack_boost_per_phase` (Elven Spear: 3) can still add, one per card in its
/// controller's hand.
#[inline(always)]
pub(super) fn attack_potential(g: &Game, c: CardId) -> i16 {
    let a = g.stat(c, Stat::Attack);
    let mut spear: i16 = 0;
    for x in g.attachments(c) {
        let boost = hint(g, x).attack_boost_per_phase;
        if boost > 0 && g.controller(x) == g.controller(c) {
            spear += boost - g.card(x).uses_phase.min(boost as u8) as i16;
        }
    }
    if spear == 0 {
        return a;
    }
    let in_hand = g.list(Zone::Hand(g.controller(c))).len() as i16;
    a + spear.min(in_hand)
}

#[cfg(test)]
mod tests {
    #[test]
    fn card_hints_value_threat_at_the_handset_weight() {
        assert_eq!(
            crate::cards::hints::THREAT_UNIT,
            super::weights::ROLLOUT.threat_unit
        );
    }
}
