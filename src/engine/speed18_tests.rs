//! Tests of session 41's engine speed-ups (`speed18`): each shortcut answers as the long way.

use super::*;
use crate::cards::testkit::codes::LEADERSHIP_HEROES;
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
