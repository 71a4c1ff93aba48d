//! Tests of session 43's engine speed-ups (`speed20`): the stat memo keeps a card's fixed
//! stats past changes that cannot touch them, and empties them when they can.

use super::*;
use crate::cards::hints::char_value;

/// The stats `char_value` reads (its `memo_value_of` mask).
const READS: u8 = 1 << Stat::Willpower as u8
    | 1 << Stat::Attack as u8
    | 1 << Stat::Defense as u8
    | 1 << Stat::HitPoints as u8;

/// A value `char_value` never gives: `memo_value_of` answering it computed afresh.
const FRESH: i32 = 123_456 / 7;

/// Is `c`'s bot value kept from an earlier decision (one new decision asks it)?
fn kept(g: &mut Game, c: CardId) -> bool {
    g.open_stat_memo();
    let r = g.memo_value_of(c, READS, || FRESH);
    g.close_stat_memo();
    r != FRESH
}

/// Ask each card's value in one decision (the memo keeps the fixed ones).
fn ask(g: &mut Game, cs: &[CardId]) -> Vec<i32> {
    g.open_stat_memo();
    let v = cs.iter().map(|&c| char_value(g, c)).collect();
    g.close_stat_memo();
    v
}

/// A lasting effect that is not a stat's, a stat effect on another card, an attachment on
/// another card: a hero's fixed stats (and its bot value) stay kept. A stat effect on it, an
/// attachment on it, a new face: emptied, and the next answer is the new one.
#[test]
fn speed20_fixed_stats_kept_past_changes_to_other_cards() {
    let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
    g.settle();
    let hs: Vec<CardId> = g.heroes(0).collect();
    let (a, b, c) = (hs[0], hs[1], hs[2]);
    let v = ask(&mut g, &hs);
    assert!(kept(&mut g, a) && kept(&mut g, b) && kept(&mut g, c));
    // Not a stat effect, on a: nothing emptied.
    g.add_lasting(a, Lasting::NoExhaustInCombat, Until::EndOfPhase);
    assert!(
        kept(&mut g, a),
        "a lasting effect on no stat keeps a's stats"
    );
    // A stat effect on b: only b's are emptied.
    g.add_lasting(b, Lasting::Stat(Stat::Willpower, 1), Until::EndOfPhase);
    assert!(
        kept(&mut g, a) && kept(&mut g, c),
        "b's effect keeps a's and c's"
    );
    assert!(!kept(&mut g, b), "b's stats are emptied");
    g.open_stat_memo();
    assert_eq!(char_value(&g, b), v[1] + 3, "b's new value");
    g.close_stat_memo();
    // An attachment on c: only c's are emptied.
    let stone = g.spawn("Core-027", 0, Zone::Hand(0));
    g.attach(stone, c, 0);
    assert_eq!(g.card(c).n_attached, 1);
    assert!(kept(&mut g, a), "c's attachment keeps a's");
    assert!(!kept(&mut g, c), "c's stats are emptied");
    // A new face on a: a's are emptied.
    let face = g.card(b).def;
    g.set_face(a, face);
    assert!(!kept(&mut g, a), "a's new face empties its stats");
    g.open_stat_memo();
    assert_eq!(
        g.stat(a, Stat::Willpower),
        g.stat_now(a, Stat::Willpower),
        "a's new willpower"
    );
    g.close_stat_memo();
}

/// A new game of the same setup keeps the fixed stats of the cards that start as the last game
/// left them, and empties those of a card that changed (here a hero shown with another face).
#[test]
fn speed20_fixed_stats_kept_into_the_next_game_of_the_same_setup() {
    let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
    // (The game that built the setup's template created every card: the next start drops all
    // fixed answers. From then on only the cards noted since the last start are emptied.)
    g.sandbox(1, 1);
    g.settle();
    let hs: Vec<CardId> = g.heroes(0).collect();
    let v = ask(&mut g, &hs);
    let face = g.card(hs[1]).def;
    let own = g.card(hs[0]).def;
    g.set_face(hs[0], face);
    ask(&mut g, &hs);
    // The next game (its cards copied from the setup's template: the same ids).
    g.sandbox(1, 2);
    g.settle();
    assert_eq!(g.heroes(0).collect::<Vec<_>>(), hs, "the same hero ids");
    assert_eq!(g.card(hs[0]).def, own, "a's own face again");
    assert!(!kept(&mut g, hs[0]), "a changed face: emptied");
    assert!(kept(&mut g, hs[1]) && kept(&mut g, hs[2]), "b and c kept");
    g.set_memo_check(true);
    assert_eq!(ask(&mut g, &hs), v, "the kept values are the fresh ones");
}

/// Does the memo hold `c`'s stat `s` as a fixed answer (kept across decisions)?
fn stat_kept(g: &Game, c: CardId, s: Stat) -> bool {
    use std::sync::atomic::Ordering::Relaxed;
    g.stat_memo
        .slots
        .get(c as usize * N_SLOTS + s as usize)
        .is_some_and(|slot| slot.load(Relaxed) >> 16 == g.stat_memo.fixed_tag)
}

/// A stat only attachments with a constant bonus change (Celebrían's Stone, with Steward of
/// Gondor beside it, which has no bonus) is kept as fixed, with the bonus; a lasting effect on
/// it, or the attachment leaving, empties it, and a bonus that is not declared constant
/// (`Script::modify_static`) is never kept.
#[test]
fn speed20_celebrians_stone_bonus_kept_as_fixed() {
    let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
    g.settle();
    let hs: Vec<CardId> = g.heroes(0).collect();
    let a = hs[0];
    let printed = g.printed(a, Stat::Willpower);
    let stone = g.spawn("Core-027", 0, Zone::Hand(0));
    let steward = g.spawn("Core-026", 0, Zone::Hand(0));
    g.attach(stone, a, 0);
    g.attach(steward, a, 0);
    let ask = |g: &mut Game| {
        g.open_stat_memo();
        let w = g.stat(a, Stat::Willpower);
        g.close_stat_memo();
        w
    };
    assert_eq!(ask(&mut g), printed + 2, "the stone's bonus");
    assert!(stat_kept(&g, a, Stat::Willpower), "kept as fixed");
    g.set_memo_check(true);
    assert_eq!(ask(&mut g), printed + 2, "the kept answer is the fresh one");
    // A lasting effect on it: emptied, and not fixed while it lasts.
    g.add_lasting(a, Lasting::Stat(Stat::Willpower, 1), Until::EndOfPhase);
    assert!(!stat_kept(&g, a, Stat::Willpower));
    assert_eq!(ask(&mut g), printed + 3);
    assert!(
        !stat_kept(&g, a, Stat::Willpower),
        "modified by a lasting effect"
    );
    g.lasting.clear();
    assert_eq!(ask(&mut g), printed + 2);
    // The stone leaves: emptied, the printed value again.
    g.move_card(stone, Zone::Discard(0));
    assert!(!stat_kept(&g, a, Stat::Willpower));
    assert_eq!(ask(&mut g), printed);
    // Not declared constant: computed afresh at every decision. (A copy of the stone's script
    // without the flag stands in for such a card.)
    let stone2 = g.spawn("Core-027", 0, Zone::Hand(0));
    g.attach(stone2, a, 0);
    assert_eq!(ask(&mut g), printed + 2);
    assert!(stat_kept(&g, a, Stat::Willpower));
    static UNDECLARED: crate::cards::Script = crate::cards::Script {
        code: "Core-027",
        modify: Some(|_, _, _, s| if s == Stat::Willpower { 2 } else { 0 }),
        ..crate::cards::BLANK
    };
    g.cards[stone2 as usize].script_ref = ScriptRef(Some(&UNDECLARED));
    g.fixed_changed_on(a);
    assert_eq!(ask(&mut g), printed + 2);
    assert!(
        !stat_kept(&g, a, Stat::Willpower),
        "an undeclared bonus is not kept"
    );
}
