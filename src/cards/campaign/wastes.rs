//! Scenario 4 of the campaign: The Wastes of Eriador campaign card (AAC-171), Determination
//! (AAC-172) and the side quest Fend Off Despair (AAC-173).

use super::{set_aside, CampaignCard};
use crate::campaign::CampaignState;
use crate::cards::common::all_characters;
use crate::cards::hints::{pick_max, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::{Ask, CardId, Cont, Event, Game, Opt, Zone};
use crate::events;

pub const CAMPAIGN: &str = "AAC-171A";
pub const DETERMINATION: &str = "AAC-172";
pub const FEND_OFF: &str = "AAC-173";

pub const CARD: CampaignCard = CampaignCard {
    scenario: "the-wastes-of-eriador",
    code: CAMPAIGN,
    needs: &[
        DETERMINATION,
        DETERMINATION,
        DETERMINATION,
        DETERMINATION,
        FEND_OFF,
    ],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        setup: Some(campaign_setup),
        ..BLANK
    },
    Script {
        code: DETERMINATION,
        can_act: Some(determination_can),
        act: Some(determination_act),
        resume: Some(determination_resume),
        rule: Some(determination_rule),
        rule_on: crate::rules![GainsTrait],
        hint: Hint {
            play_value: Some(bot::determination_value),
            effect: Some(bot::determination_target),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: FEND_OFF,
        forced: Some(fend_off_forced),
        forced_on: events![Triggered],
        ..BLANK
    },
];

// ------------------------------------------------- The Wastes of Eriador (campaign card)

/// Setup: a Determination into each player's hand (it joins the pool at the resolution), Fend
/// Off Despair shuffled into the encounter deck. (Its free hero changes are made before the
/// game, by `campaign::play`.)
fn campaign_setup(g: &mut Game, _me: CardId) {
    for k in 0..g.n_players {
        let p = g.seat(k);
        if let Some(d) = set_aside(g, DETERMINATION) {
            g.cards[d as usize].owner = p;
            g.move_card(d, Zone::Hand(p));
            g.log_fn(|_| format!("Campaign: P{} adds Determination to his hand", p + 1));
        }
    }
    if let Some(f) = set_aside(g, FEND_OFF) {
        g.move_card(f, Zone::EncounterDeck);
        g.shuffle(Zone::EncounterDeck);
    }
}

/// Resolution: Fend Off Despair joins the pool; each player's Determination too. (A defeated
/// Fend Off Despair's reduction and the determined characters are logged after every win:
/// `after_every_win`.)
fn resolve(g: &Game, st: &mut CampaignState) {
    let db = g.db;
    if let Some(f) = db.by_code(FEND_OFF) {
        if !st.pool.iter().any(|p| p.card == f) {
            st.add_to_pool(f, None, None);
        }
    }
    if let Some(d) = db.by_code(DETERMINATION) {
        for p in 0..g.n_players {
            if !st.pool.iter().any(|x| x.card == d && x.player == Some(p)) {
                st.add_to_pool(d, Some(p), None);
            }
        }
    }
}

/// After any won scenario: characters with Determination attached become "determined"; a
/// defeated Fend Off Despair lowers every later starting threat.
pub fn after_win(g: &Game, st: &mut CampaignState) {
    for c in 0..g.cards.len() as CardId {
        let code = &g.def_of(c).code;
        if code == DETERMINATION {
            if let Zone::Attached(h) = g.card(c).zone {
                let d = g.db.original(g.def_id(h));
                if !st.notes.determined.contains(&d) {
                    st.notes.determined.push(d);
                }
            }
        } else if code == FEND_OFF && g.card(c).zone == Zone::Victory {
            // Rule option `fend_off_reduction` (RULES §9.6, UNSURE: read as a reduction, 2).
            st.notes.threat_reduction += g.setup.options.fend_off_reduction;
        }
    }
}

// ---------------------------------------------------------------------------- Determination

fn determination_target(g: &Game, c: CardId) -> bool {
    g.is_character(c) && g.card(c).zone.in_play() && g.def_of(c).unique
}

/// Played from hand only (attached, it has no Action).
fn determination_can(g: &Game, me: CardId, _p: u8) -> bool {
    matches!(g.card(me).zone, Zone::Hand(_))
        && all_characters(g).any(|c| determination_target(g, c))
}

/// Action: attach it to a unique character, then ready every character with a Determination
/// and every character the log marks "determined".
fn determination_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    let chars: Vec<CardId> = all_characters(g)
        .filter(|&c| determination_target(g, c))
        .collect();
    for c in chars {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn determination_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(t) = opt else { return };
    let me = cont.card;
    if g.card(me).zone == Zone::Resolving && g.card(t).zone.in_play() {
        g.attach(me, t, cont.player);
        g.log_fn(|g| format!("  Determination attached to {}", g.title(t)));
    }
    let determined: Vec<crate::data::DefId> = g
        .campaign
        .as_ref()
        .map(|c| c.state.notes.determined.clone())
        .unwrap_or_default();
    let chars: Vec<CardId> = all_characters(g).collect();
    for c in chars {
        let with = g.attachments(c).any(|a| g.def_of(a).code == DETERMINATION);
        if with || determined.contains(&g.db.original(g.def_id(c))) {
            g.ready(c);
        }
    }
}

/// Attached, it counts as a Condition.
fn determination_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::GainsTrait(c, t) if c == me
        && matches!(g.card(me).zone, Zone::Attached(_))
        && t == g.db.trait_id("Condition"))
}

// -------------------------------------------------------------------------- Fend Off Despair

/// While it is in play, each event card played gains Doomed 1: every player raises his threat
/// by 1.
fn fend_off_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Triggered(c, _) = ev else { return };
    if g.card(me).zone.in_play() && g.ty(c) == CardType::Event && g.card(c).zone == Zone::Resolving
    {
        g.log_fn(|g| format!("  {} gains Doomed 1 (Fend Off Despair)", g.title(c)));
        for q in 0..g.n_players {
            g.raise_threat(q, 1);
        }
    }
}

pub mod bot {
    use super::*;

    /// Determination: worth playing when it readies at least two exhausted characters (itself
    /// on an exhausted one), in the combat or quest phase.
    pub fn determination_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let exhausted = g
            .list(Zone::Play(p))
            .iter()
            .filter(|&&c| g.is_character(c) && g.def_of(c).unique && g.card(c).exhausted)
            .count();
        (exhausted >= 1 && g.phase == crate::engine::Phase::Combat) as i32 * 20
    }

    /// Put it on the exhausted unique character with the highest threat cost (a hero).
    pub fn determination_target(
        g: &Game,
        _p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        pick_max(o, |c| {
            g.card(c).exhausted as i32 * 100 + g.def_of(c).threat_cost as i32
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::CampaignState;
    use crate::cards::campaign::chetwood::tests::in_campaign;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    #[test]
    fn the_wastes_of_eriador() {
        let mut g = sandbox(&[&["Core-001"], &["Core-004"]]);
        let dets: Vec<CardId> = (0..4)
            .map(|_| g.spawn(DETERMINATION, ENCOUNTER, Zone::SetAside))
            .collect();
        let f = g.spawn(FEND_OFF, ENCOUNTER, Zone::SetAside);
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::SetAside);
        campaign_setup(&mut g, me);
        let in_hand = |g: &Game, p: u8| {
            dets.iter()
                .filter(|&&d| g.card(d).zone == Zone::Hand(p) && g.card(d).owner == p)
                .count()
        };
        assert_eq!((in_hand(&g, 0), in_hand(&g, 1)), (1, 1));
        assert_eq!(g.card(f).zone, Zone::EncounterDeck);
        let mut st = CampaignState::new(4, vec![vec![], vec![]]);
        resolve(&g, &mut st);
        assert!(st.in_pool(g.db, FEND_OFF));
        assert_eq!(st.pool.iter().filter(|p| p.player.is_some()).count(), 2);
    }

    #[test]
    fn determination() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let a = hero(&g, "Core-001");
        let b = hero(&g, "Core-002");
        let mut st = CampaignState::new(5, vec![vec![]]);
        st.notes.determined.push(g.def_id(b));
        in_campaign(&mut g, st.clone(), 5, "AAC-174A");
        g.exhaust(a);
        g.exhaust(b);
        let d = g.spawn(DETERMINATION, 0, Zone::Hand(0));
        g.cards[a as usize].resources = 1;
        g.act(0, Opt::Play(d));
        g.answer(Opt::Card(a));
        assert_eq!(g.card(d).zone, Zone::Attached(a));
        assert!(!g.card(a).exhausted && !g.card(b).exhausted, "both readied");
        assert!(
            !actions(&mut g).contains(&Opt::Activate(d)),
            "no action once attached"
        );
        // After a win, the character it is attached to is logged as determined.
        let mut st2 = CampaignState::new(5, vec![vec![]]);
        after_win(&g, &mut st2);
        assert_eq!(st2.notes.determined, vec![g.def_id(a)]);
    }

    #[test]
    fn fend_off_despair() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let f = g.spawn(FEND_OFF, ENCOUNTER, Zone::Staging);
        // Sneak Attack (Core-023, cost 1) played: Doomed 1.
        let e = g.spawn("Core-023", 0, Zone::Hand(0));
        g.cards[h as usize].resources = 1;
        let t = g.players[0].threat;
        g.act(0, Opt::Play(e));
        while g.pending().is_some() {
            let o = options(&g)[0];
            g.answer(o);
        }
        assert_eq!(g.players[0].threat, t + 1);
        // Defeated (victory display) in a won game: starting threat −2 from now on.
        g.move_card(f, Zone::Victory);
        let mut st = CampaignState::new(4, vec![vec![]]);
        after_win(&g, &mut st);
        assert_eq!(st.notes.threat_reduction, 2);
        // Rule option `fend_off_reduction`: the logged reduction (0: none), cumulative.
        for (n, want) in [(0, 2), (3, 5)] {
            crate::cards::testkit::set_options(&mut g, |o| o.fend_off_reduction = n);
            after_win(&g, &mut st);
            assert_eq!(st.notes.threat_reduction, want);
        }
    }
}
