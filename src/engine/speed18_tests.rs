//! Tests of session 41's engine speed-ups (`speed18`): each shortcut answers as the long way.

use super::*;
use crate::cards::testkit::codes::{COMMON_CAUSE, FARAMIR, LEADERSHIP_HEROES};
use crate::cards::testkit::sandbox;

/// `pay` with every matching hero of one sphere sums no hand demand (they would all be equal):
/// resources still go from the richest hero first, a tie to the first card.
#[test]
fn speed18_one_sphere_payment_takes_from_the_richest_hero() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let hs: Vec<CardId> = g.heroes(0).collect();
    assert_eq!(hs.len(), 3);
    for (&h, r) in hs.iter().zip([1, 3, 2]) {
        g.card_mut(h).resources = r;
    }
    g.pay(0, crate::data::Sphere::Leadership, 2);
    // 3 → 2 first; then 2 and 2 tie: the lower card id pays.
    let tie = hs[1].min(hs[2]);
    let other = hs[1].max(hs[2]);
    assert_eq!(
        g.card(hs[0]).resources,
        1,
        "the poorest hero keeps its resource"
    );
    assert_eq!(g.card(tie).resources, 1);
    assert_eq!(g.card(other).resources, 2);
}

/// `Game::script` reads the card's own script reference (`CardInst::script_ref`): it is the
/// script of the card's script index, also after the card shows another face, and the
/// invariant check compares the two.
#[test]
fn speed18_script_ref_follows_the_face() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let same = |g: &Game, c: CardId| {
        let by_index =
            (g.card(c).script != NO_SCRIPT).then(|| crate::cards::by_index(g.card(c).script));
        match (g.script(c), by_index) {
            (None, None) => true,
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        }
    };
    let f = g.spawn(FARAMIR, 0, Zone::Play(0));
    assert!(g.script(f).is_some());
    assert!(same(&g, f));
    let cc = g.db.by_code(COMMON_CAUSE).unwrap();
    g.set_face(f, cc);
    assert!(same(&g, f));
    let back = g.db.by_code(FARAMIR).unwrap();
    g.set_face(f, back);
    assert!(same(&g, f));
    for c in 0..g.cards.len() as CardId {
        assert!(same(&g, c), "card {c}");
    }
    g.check_invariants().expect("invariants hold");
}
