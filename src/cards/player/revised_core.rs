//! Revised Core Set player cards that are not Core Set reprints (the reprints, RevCore-001..131,
//! play through their Core Set originals' scripts: `CardDef::same_as`).
//!
//! The three left are campaign boons. Outside campaign mode the engine plays them as what they
//! are printed as, 0-cost neutral cards a deck may include:
//! - Valor (RevCore-133) and Appointed by Fate (RevCore-134): attachments on a hero.
//! - Mendor's Support (RevCore-132): an Action event that boosts a character titled Mendor (a
//!   campaign character none of our scenarios has: without one in play it cannot be played).
//!
//! Round flag bits (`PlayerState::round_flags`): Revised Core uses bit 7 (`MENDOR_BIT`, from the
//! Leadership range, which Leadership leaves unused), set for every player at once.
//!
//! Valor's Permanent keyword (§5.18: it cannot be discarded from its hero) is honoured by the
//! cards that discard Conditions (Athelas skips Permanent cards).

use crate::cards::common::{host, to_hero};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::normalize_title;
use crate::engine::{Ask, CardId, Cont, Event, Game, Lasting, Opt, SmallIds, Stat, Until, Zone};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "RevCore-133",
        hint: Hint {
            attach: Some((25, AttachKind::Weapon)),
            ..NO_HINT
        },
        attach_to: Some(valor_to),
        can_respond: Some(valor_can),
        respond_on: events![AttackerDeclared],
        respond: Some(valor_respond),
        ..BLANK
    },
    Script {
        code: "RevCore-134",
        hint: Hint {
            attach: Some((40, AttachKind::Resources)),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        rule: Some(fate_rule),
        rule_on: crate::rules![CollectsExtraResource],
        ..BLANK
    },
    Script {
        code: "RevCore-132",
        hint: Hint {
            deck_needs: &[DeckNeed::Card("Mendor")],
            play_value: Some(mendors_support_value),
            ..NO_HINT
        },
        can_act: Some(mendor_can),
        act: Some(mendor_act),
        resume: Some(mendor_resume),
        ..BLANK
    },
];

// ----------------------------------------------------------------- Valor (RevCore-133)

// Attaches to a hero without one (Permanent). Response after that hero is declared as an
// attacker: exhaust Valor to heal 1 damage on the hero and deal 1 damage to the enemy attacked.
fn valor_to(g: &Game, me: CardId, seat: u8, t: CardId) -> bool {
    to_hero(g, me, seat, t)
        && !g
            .attachments(t)
            .any(|a| a != me && g.def_of(a).title == g.def_of(me).title)
}

fn valor_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::AttackerDeclared(c, e) = ev else {
        return false;
    };
    host(g, me) == Some(c)
        && g.card(me).controller == seat
        && g.is_ready(me)
        && g.card(e).zone.in_play()
        && (g.card(c).damage > 0 || (!g.immune(e) && g.can_take_damage(e)))
}

fn valor_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    let Event::AttackerDeclared(c, e) = ev else {
        return;
    };
    g.exhaust(me);
    g.heal(c, 1);
    if !g.immune(e) && matches!(g.card(e).zone, Zone::Staging | Zone::Engaged(_)) {
        g.deal_damage(e, 1);
    }
}

// ----------------------------------------------------------------- Appointed by Fate (RevCore-134)

// Attaches to a hero, who collects one more resource each resource phase.
fn fate_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CollectsExtraResource(h) if host(g, me) == Some(h))
}

// ----------------------------------------------------------------- Mendor's Support (RevCore-132)

// Action event, at most one copy played per round (by anyone): a character titled Mendor in
// play is boosted by 2 in each of Willpower, Attack and Defense for the rest of the round.
// Playable only while such a character is in play (if there were several, the player picks).

/// Set in every player's `round_flags` once a copy is played this round.
const MENDOR_BIT: u32 = 1 << 7;

/// Is `c` a character titled Mendor in play (what Mendor's Support boosts)?
pub fn is_mendor(g: &Game, c: CardId) -> bool {
    g.card(c).zone.in_play() && g.is_character(c) && normalize_title(g.title(c)) == "mendor"
}

fn mendors(g: &Game) -> SmallIds {
    g.in_play_cards()
        .filter(|&c| is_mendor(g, c) && g.reaches(c))
        .collect()
}

fn mendor_can(g: &Game, _me: CardId, seat: u8) -> bool {
    g.players[seat as usize].round_flags & MENDOR_BIT == 0 && !mendors(g).is_empty()
}

fn mendor_act(g: &mut Game, me: CardId, seat: u8) {
    for p in 0..g.n_players as usize {
        g.players[p].round_flags |= MENDOR_BIT;
    }
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for m in mendors(g) {
        g.offer(Opt::Card(m));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn mendor_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(m) = opt {
        if is_mendor(g, m) {
            for s in [Stat::Willpower, Stat::Attack, Stat::Defense] {
                g.add_lasting(m, Lasting::Stat(s, 2), Until::EndOfRound);
            }
        }
    }
}

/// Mendor's Support (bot hint, cards42): free, one copy a round, and its boost lasts the
/// round: played in the quest phase once a Mendor quests (the Attack and Defense then serve in
/// combat too), else in the combat phase while a Mendor defends or attacks.
fn mendors_support_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
    use crate::engine::Phase;
    let busy = |m: CardId| match g.phase {
        Phase::Quest => g.card(m).questing,
        Phase::Combat => {
            (g.attacking_enemy().is_some() && g.attack.defenders().contains(&m))
                || g.patk.attackers().contains(&m)
        }
        _ => false,
    };
    mendors(g).iter().any(|&m| busy(m)) as i32 * 30
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{self, hero, options};
    use crate::engine::{Frame, Opt, PlayerAttackCtx, Stat, Step, ENCOUNTER, NO_CARD};

    #[test]
    fn valor() {
        let mut g = testkit::sandbox(&[&["Core-004", "Core-005"]]);
        let gimli = hero(&g, "Core-004");
        let legolas = hero(&g, "Core-005");
        let v = g.spawn("RevCore-133", 0, Zone::Attached(gimli));
        let v2 = g.spawn("RevCore-133", 0, Zone::SetAside);
        assert!(!valor_to(&g, v2, 0, gimli) && valor_to(&g, v2, 0, legolas));
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        g.card_mut(gimli).damage = 2;
        g.patk = PlayerAttackCtx {
            enemy: e,
            player: 0,
            attackers: [NO_CARD; 16],
            n_attackers: 0,
        };
        g.push_run(Frame::PlayerAttack { stage: 0 });
        g.answer(Opt::Card(gimli));
        // The response comes once the declaration is complete.
        g.answer(Opt::Done);
        assert!(options(&g).contains(&Opt::Activate(v)));
        g.answer(Opt::Activate(v));
        assert_eq!(g.card(gimli).damage, 1);
        // 1 from Valor, then the attack itself (Gimli now 2 + 1 damage token = 3 ATK).
        let hit = (3 - g.stat(e, Stat::Defense)).max(0);
        assert_eq!(g.card(e).damage, 1 + hit);
        assert!(!g.is_ready(v));
    }

    #[test]
    fn appointed_by_fate() {
        let mut g = testkit::sandbox(&[&["Core-004", "Core-005"]]);
        let gimli = hero(&g, "Core-004");
        let legolas = hero(&g, "Core-005");
        g.spawn("RevCore-134", 0, Zone::Attached(gimli));
        g.phase = crate::engine::Phase::Resource;
        // The Gain step runs on into the round; the first decision comes before any spending.
        g.push_run(Frame::Step(Step::Gain));
        assert!(g.pending().is_some());
        assert_eq!(g.card(gimli).resources, 2);
        assert_eq!(g.card(legolas).resources, 1);
    }

    /// A copy of the card table where Veteran Axehand (Core-028, an ally with no text) is titled
    /// Mendor: our data has no Mendor, the campaign character Mendor's Support boosts.
    fn db_with_mendor() -> &'static crate::data::CardDb {
        let mut db = testkit::db().clone();
        let v = db.by_code("Core-028").unwrap();
        db.defs[v as usize].title = "Mendor".into();
        Box::leak(Box::new(db))
    }

    fn sandbox_on(db: &'static crate::data::CardDb) -> Game<'static> {
        let id = |c: &str| db.by_code(c).unwrap();
        let setup = Box::leak(Box::new(crate::engine::GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: crate::data::Mode::Standard,
            decks: vec![
                crate::deck::Deck {
                    name: "a".into(),
                    heroes: vec![id("Core-001")],
                    cards: vec![id("Core-013"); 20],
                    loot: Vec::new(),
                },
                crate::deck::Deck {
                    name: "b".into(),
                    heroes: vec![id("Core-002")],
                    cards: vec![id("Core-013"); 20],
                    loot: Vec::new(),
                },
            ],
            options: Default::default(),
            max_rounds: 30,
            allow_unimplemented: true,
        }));
        let mut g = Game::new(db, setup);
        g.sandbox(1, 0);
        g
    }

    /// cards42: `basic` plays Mendor's Support once a Mendor quests (quest phase) or defends
    /// (combat phase), not while it does neither.
    #[test]
    fn mendors_support_played_by_basic() {
        use crate::cards::hints::action_value;
        use crate::engine::{AttackCtx, Phase};
        let db = db_with_mendor();
        let mut g = sandbox_on(db);
        let s = g.spawn("RevCore-132", 0, Zone::Hand(0));
        let m = g.spawn("Core-028", 0, Zone::Play(0));
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, s, None), 0, "Mendor not questing");
        g.card_mut(m).questing = true;
        assert!(action_value(&g, 0, s, None) > 0, "Mendor quests");
        g.card_mut(m).questing = false;
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, s, None), 0, "no attack");
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        g.card_mut(e).attacked = true;
        g.attack.defenders[0] = m;
        g.attack.n_defenders = 1;
        assert!(action_value(&g, 0, s, None) > 0, "Mendor defends");
        g.phase = Phase::Planning;
        assert_eq!(
            action_value(&g, 0, s, None),
            0,
            "planning: nothing to boost yet"
        );
    }

    #[test]
    fn mendors_support() {
        // Our card table has no Mendor: the card is never playable.
        let mut g = testkit::sandbox(&[&["Core-001"]]);
        let s = g.spawn("RevCore-132", 0, Zone::Hand(0));
        g.spawn("Core-028", 0, Zone::Play(0));
        assert!(!testkit::actions(&mut g).contains(&Opt::Play(s)));
        // The predicate reads the title: a character titled Mendor qualifies, only in play.
        let db = db_with_mendor();
        let mut g = sandbox_on(db);
        let s = g.spawn("RevCore-132", 0, Zone::Hand(0));
        let s2 = g.spawn("RevCore-132", 1, Zone::Hand(1));
        let m = g.spawn("Core-028", 1, Zone::Hand(1));
        assert!(!is_mendor(&g, m));
        assert!(!testkit::actions(&mut g).contains(&Opt::Play(s)));
        g.move_card(m, Zone::Play(1));
        assert!(is_mendor(&g, m));
        assert!(!is_mendor(&g, hero(&g, "Core-001")));
        // Played by P1 on P2's Mendor: +2 to three stats until the end of the round.
        assert!(testkit::actions(&mut g).contains(&Opt::Play(s)));
        let before = [Stat::Willpower, Stat::Attack, Stat::Defense].map(|st| g.stat(m, st));
        g.act(0, Opt::Play(s));
        assert!(g.pending().is_none());
        let after = [Stat::Willpower, Stat::Attack, Stat::Defense].map(|st| g.stat(m, st));
        assert_eq!(after, before.map(|v| v + 2));
        assert_eq!(g.card(s).zone, Zone::Discard(0));
        // One copy per round, whoever holds the other.
        assert!(!mendor_can(&g, s2, 1));
        g.expire(Until::EndOfRound);
        assert_eq!(
            [Stat::Willpower, Stat::Attack, Stat::Defense].map(|st| g.stat(m, st)),
            before
        );
        // A new round: playable again.
        g.push_run(Frame::Step(Step::RoundBegin));
        assert!(mendor_can(&g, s2, 1));
    }
}
