//! The engine's shortcuts (fast paths kept for speed) answer as the long way would: one module
//! per change, each named after what it shortcuts.

/// Tests of session 41's engine speed-ups (`speed18`): each shortcut answers as the long way.
mod payment_and_faces {
    use super::super::*;
    use crate::cards::testkit::codes::{COMMON_CAUSE, FARAMIR, LEADERSHIP_HEROES};
    use crate::cards::testkit::sandbox;

    /// `pay` with every matching hero of one sphere sums no hand demand (they would all be equal):
    /// resources still go from the richest hero first, a tie to the first card.
    #[test]
    fn one_sphere_payment_takes_from_the_richest_hero() {
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
    fn script_ref_follows_the_face() {
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
}

/// Tests of session 43's engine speed-ups (`speed20`): the stat memo keeps a card's fixed stats past changes that cannot touch them, and empties them when they can.
mod fixed_stats {
    use super::super::*;
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
    fn fixed_stats_kept_past_changes_to_other_cards() {
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
    fn fixed_stats_kept_into_the_next_game_of_the_same_setup() {
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
    fn celebrians_stone_bonus_kept_as_fixed() {
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
        g.clear_lasting();
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
}

/// Tests of session 48's engine speed-up (`speed26`): while the only cards that can be blank are damaged characters (Cold from Angmar), `script` answers an undamaged card from its own reference without the out-of-line blank tests, and the answer is theirs.
mod blanks_and_cost_floor {
    use super::super::*;
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
}

/// speed28: `Game::may_hint`, the hint kinds of the cards of a game (`Listeners::hints_seen`),
/// that `basic` reads to skip a scan for a hint no card carries.
mod hint_kinds {
    use super::super::*;
    use crate::cards::hints::{hint_set, NO_HINT};
    use crate::cards::testkit::codes::LEADERSHIP_HEROES;
    use crate::cards::testkit::sandbox_in;
    use crate::data::Mode;

    /// Every card's face (and its original printing's script) has its kinds in the set; the
    /// Ettenmoors' payment-wounding treachery is in its game and not in Intruders' until a copy
    /// enters that game (a card created later adds its kinds); a card without hints has none.
    #[test]
    fn hint_kinds_cover_every_card_of_the_game_and_cards_created_later() {
        assert_eq!(NO_HINT.kinds(), 0);
        let mut g = sandbox_in(
            "intruders-in-chetwood",
            Mode::Standard,
            &[LEADERSHIP_HEROES],
        );
        for c in 0..g.cards.len() {
            let k = g.face_hint_kinds(g.cards[c].def);
            assert_eq!(k & !g.listen.hints_seen, 0, "card {c}");
        }
        g.check_invariants().unwrap();
        assert!(!g.may_hint(hint_set::PAYMENT_WOUNDS));
        let ett = sandbox_in(
            "across-the-ettenmoors",
            Mode::Standard,
            &[LEADERSHIP_HEROES],
        );
        assert!(ett.may_hint(hint_set::PAYMENT_WOUNDS));
        let f = g.spawn("AtE-082", ENCOUNTER, Zone::Staging);
        assert!(crate::cards::hints::hint(&g, f).payment_wounds);
        assert!(
            g.may_hint(hint_set::PAYMENT_WOUNDS),
            "a card created later adds its kinds"
        );
        g.check_invariants().unwrap();
    }
}
