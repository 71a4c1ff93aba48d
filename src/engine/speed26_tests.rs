//! Tests of session 48's engine speed-up (`speed26`): while the only cards that can be blank
//! are damaged characters (Cold from Angmar), `script` answers an undamaged card from its own
//! reference without the out-of-line blank tests, and the answer is theirs.

use super::*;
use crate::cards::testkit::{heroes, reveal, sandbox};

/// Cold from Angmar in play, nothing guarded or text-blanked, no Safe location: `blank_any`
/// but not `blank_wide`; every card's `script` (with the memo's checking mode on, each fast
/// answer is compared with `script_when_blankable`'s) is its own but for the damaged hero's.
/// A guarded card then makes the blanking wide: the slow path answers again, for every card.
#[test]
fn script_of_undamaged_cards_while_only_damaged_characters_can_be_blank() {
    let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
    let hs = heroes(&g, 0);
    let cold = g.spawn("TLR-054", ENCOUNTER, Zone::EncounterDeck);
    reveal(&mut g, cold);
    g.answer(Opt::Card(hs[0]));
    assert_eq!(g.card(hs[0]).damage, 1);
    assert!(
        g.blank_any && !g.blank_wide,
        "only damaged characters can be blank"
    );
    g.set_memo_check(true);
    let all = g.cards.len() as CardId;
    let mut undamaged = 0;
    for c in 0..all {
        let raw = g.cards[c as usize].script_ref.0.is_some();
        let s = g.script(c).is_some();
        if g.card(c).damage == 0 {
            assert_eq!(s, raw, "card {c} undamaged: its own script");
            undamaged += 1;
        }
    }
    assert!(undamaged > 10, "the fast path was asked: {undamaged}");
    assert!(g.script(hs[0]).is_none(), "the damaged hero is blank");
    assert!(g.script(hs[1]).is_some() && g.script(hs[2]).is_some());
    // Guarding a card makes any card's text possibly blank: the full tests answer.
    g.set_guarded(hs[1], true);
    assert!(g.blank_wide);
    assert!(g.script(hs[1]).is_none(), "a guarded card has no text");
    assert!(g.script(hs[2]).is_some());
    assert!(g.script(hs[0]).is_none());
}

/// Heavy Curse attached (a card costs 1 more while a copy lies in its owner's discard pile):
/// with no discount pending, the offer lists test a card against its printed cost (a floor:
/// cost modifiers only raise costs) before its own test and its full cost, and offer exactly
/// what the full cost allows. Guard of the Citadel (an
/// ally, the planning window) and For Gondor! (an event, an action window), each with a copy
/// in the discard pile: with 1 resource (below the floor), 2 (the floor, below the cost) and
/// 3 (the cost), offered only with 3.
#[test]
fn heavy_curse_offers_respect_the_cost_floor() {
    use crate::cards::testkit::{actions, hero, reveal_resolving, sandbox_in};
    let mut g = sandbox_in(
        "deadmens-dike",
        crate::data::Mode::Standard,
        &[&["Core-001", "Core-002", "Core-003"]],
    );
    let q = g.main_quest().unwrap();
    let curse = g.spawn("TLR-066", ENCOUNTER, Zone::EncounterDeck);
    reveal_resolving(&mut g, curse);
    assert_eq!(g.card(curse).zone, Zone::Attached(q));
    let guard = g.spawn("Core-013", 0, Zone::Hand(0));
    let gondor = g.spawn("Core-022", 0, Zone::Hand(0));
    g.spawn("Core-013", 0, Zone::Discard(0));
    g.spawn("Core-022", 0, Zone::Discard(0));
    assert_eq!((g.cost_of(guard, 0), g.cost_of(gondor, 0)), (3, 3));
    g.set_memo_check(true);
    let aragorn = hero(&g, "Core-001");
    for r in 1..=3 {
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.card_mut(h).resources = 0;
        }
        g.card_mut(aragorn).resources = r;
        g.push_run(Frame::Planning {
            active: 0,
            seat: 0,
            passes: 0,
        });
        let planning = crate::cards::testkit::options(&g);
        while g.pending().is_some() {
            g.answer(Opt::Pass);
        }
        let window = actions(&mut g);
        assert_eq!(
            planning.contains(&Opt::Play(guard)),
            r == 3,
            "{r} resources"
        );
        assert_eq!(window.contains(&Opt::Play(gondor)), r == 3, "{r} resources");
        assert_eq!(
            planning.contains(&Opt::Play(gondor)),
            r == 3,
            "{r} resources"
        );
    }
}
