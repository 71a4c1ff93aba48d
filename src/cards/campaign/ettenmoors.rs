//! Scenario 6 of the campaign: the Across the Ettenmoors campaign card (AAC-182) and the burden
//! Losing Time (AAC-183).
//!
//! The campaign card sets aside 5 Losing Time (its text says all 5; the card data lists 4
//! copies in the product: the campaign card's number is used). A Losing Time in the pool is
//! shuffled into every later scenario's encounter deck (rule option
//! `pool_burdens_shuffled_in`, RULES §9.3.2).

use super::CampaignCard;
use crate::campaign::CampaignState;
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Phase, Stat, Until, Zone, NO_CARD,
};
use crate::events;

pub const CAMPAIGN: &str = "AAC-182A";
pub const LOSING_TIME: &str = "AAC-183";
/// Losing Time copies the campaign card sets aside.
pub const LOSING_TIME_COPIES: usize = 5;
/// Resources on the campaign card that bring one Losing Time in.
const RESOURCES_PER_LOSING_TIME: i16 = 3;
/// Threat a player raises instead of exhausting a hero (Losing Time).
const LOSING_TIME_THREAT: i16 = 3;

pub const CARD: CampaignCard = CampaignCard {
    scenario: "across-the-ettenmoors",
    code: CAMPAIGN,
    needs: &[LOSING_TIME; LOSING_TIME_COPIES],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        forced: Some(campaign_forced),
        forced_on: events![PhaseBegin],
        ..BLANK
    },
    Script {
        code: LOSING_TIME,
        setup: Some(losing_time_setup),
        when_revealed: Some(losing_time_revealed),
        shadow: Some(losing_time_shadow),
        resume: Some(losing_time_resume),
        hint: Hint {
            effect: Some(bot::losing_time_choice),
            ..NO_HINT
        },
        mode_names: &[
            (0, 0, "raise threat by 3"),
            (1, 0, "the attacker +3 Attack this phase"),
            (1, 1, "the attacker +3 Defense this phase"),
        ],
        ..BLANK
    },
];

// ------------------------------------------------- Across the Ettenmoors (campaign card)

/// At the beginning of the quest phase: 1 resource on the campaign card; at 3, remove 3 and a
/// set-aside Losing Time is revealed (its When Revealed resolves unless rule option
/// `losing_time_resolves` is off) and lands in the encounter discard pile.
fn campaign_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::PhaseBegin(Phase::Quest) || g.card(me).zone != Zone::Nightmare {
        return;
    }
    g.cards[me as usize].resources += 1;
    if g.card(me).resources < RESOURCES_PER_LOSING_TIME {
        return;
    }
    g.cards[me as usize].resources -= RESOURCES_PER_LOSING_TIME;
    let Some(lt) = super::set_aside(g, LOSING_TIME) else {
        return;
    };
    g.log_fn(|_| "Campaign: a set-aside Losing Time is revealed".to_string());
    if g.setup.options.losing_time_resolves {
        let by = g.first;
        g.stack.push(Frame::Reveal {
            card: lt,
            by,
            stage: 0,
            from_deck: false,
        });
    } else {
        g.move_card(lt, Zone::EncounterDiscard);
    }
}

/// Resolution: every Losing Time in the encounter deck or discard pile joins the pool.
fn resolve(g: &Game, st: &mut CampaignState) {
    let Some(d) = g.db.by_code(LOSING_TIME) else {
        return;
    };
    for ci in &g.cards {
        if ci.def == d && matches!(ci.zone, Zone::EncounterDeck | Zone::EncounterDiscard) {
            st.add_to_pool(d, None, None);
        }
    }
}

// ------------------------------------------------------------------------------ Losing Time

/// Setup (from the pool, later scenarios): shuffled into the encounter deck (rule option
/// `pool_burdens_shuffled_in`; otherwise it stays out of the game).
fn losing_time_setup(g: &mut Game, me: CardId) {
    if g.setup.options.pool_burdens_shuffled_in {
        g.move_card(me, Zone::EncounterDeck);
        g.shuffle(Zone::EncounterDeck);
        g.log_fn(|g| format!("Campaign: {} shuffled into the encounter deck", g.title(me)));
    }
}

/// When Revealed: each player from the first raises his threat by 3 or exhausts a ready hero
/// (Surge is a keyword). `a` of the continuation: the player offset asked next.
fn losing_time_revealed(g: &mut Game, me: CardId, _by: u8) {
    ask_next(g, me, 0);
}

fn ask_next(g: &mut Game, me: CardId, mut k: u8) {
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated {
            g.begin_ask(p, Ask::Effect { card: me, what: 0 });
            g.offer(Opt::Mode(0));
            for i in 0..g.list(Zone::Play(p)).len() {
                let h = g.list(Zone::Play(p))[i];
                if g.is_hero(h) && !g.card(h).exhausted {
                    g.offer(Opt::Card(h));
                }
            }
            return g.ask_script(Cont::new(me, 0).with(p, k as i16, 0));
        }
        k += 1;
    }
}

/// Shadow: the attacker gains 3 Attack or 3 Defense for this phase; the defending player
/// picks (engine choice).
fn losing_time_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    g.offer(Opt::Mode(0));
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, 1).with(p, 0, 0));
}

fn losing_time_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    match cont.step {
        0 => {
            match opt {
                Opt::Card(h) => {
                    g.exhaust(h);
                    g.log_fn(|g| format!("  P{} exhausts {} (Losing Time)", p + 1, g.title(h)));
                }
                _ => {
                    g.raise_threat(p, LOSING_TIME_THREAT);
                    g.log_fn(|_| format!("  P{} raises his threat by 3 (Losing Time)", p + 1));
                }
            }
            ask_next(g, cont.card, cont.a as u8 + 1);
        }
        _ => {
            let e = g.attack.enemy;
            if e == NO_CARD || !g.card(e).zone.in_play() {
                return;
            }
            let s = if opt == Opt::Mode(1) {
                Stat::Defense
            } else {
                Stat::Attack
            };
            g.add_lasting(e, Lasting::Stat(s, 3), Until::EndOfPhase);
        }
    }
}

pub mod bot {
    use super::*;

    /// Losing Time: raise threat while it stays below 35, else exhaust the ready hero with the
    /// lowest threat cost. Shadow: +3 Defense (the attack itself matters more now).
    pub fn losing_time_choice(g: &Game, p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        if what == 1 {
            return o.iter().position(|&x| x == Opt::Mode(1));
        }
        if g.players[p as usize].threat + LOSING_TIME_THREAT < 35 || o.len() == 1 {
            return o.iter().position(|&x| x == Opt::Mode(0));
        }
        (0..o.len())
            .filter(|&i| matches!(o[i], Opt::Card(_)))
            .min_by_key(|&i| match o[i] {
                Opt::Card(h) => g.def_of(h).threat_cost,
                _ => 0,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::set_options;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    #[test]
    fn across_the_ettenmoors() {
        let mut g = sandbox(&[&["Core-001"]]);
        let lts: Vec<CardId> = (0..LOSING_TIME_COPIES)
            .map(|_| g.spawn(LOSING_TIME, ENCOUNTER, Zone::SetAside))
            .collect();
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::Nightmare);
        set_options(&mut g, |o| o.losing_time_resolves = false);
        for _ in 0..2 {
            g.emit(Event::PhaseBegin(Phase::Quest));
        }
        assert_eq!(g.card(me).resources, 2);
        assert!(lts.iter().all(|&c| g.card(c).zone == Zone::SetAside));
        // The third quest phase: 3 resources come off, one Losing Time goes to the discard pile.
        g.emit(Event::PhaseBegin(Phase::Quest));
        assert_eq!(g.card(me).resources, 0);
        let in_discard = |g: &Game| {
            lts.iter()
                .filter(|&&c| g.card(c).zone == Zone::EncounterDiscard)
                .count()
        };
        assert_eq!(in_discard(&g), 1);
        // Resolving (the default): its When Revealed asks the player, then it is discarded.
        set_options(&mut g, |o| o.losing_time_resolves = true);
        for _ in 0..3 {
            g.emit(Event::PhaseBegin(Phase::Quest));
        }
        let t = g.players[0].threat;
        assert!(options(&g).contains(&Opt::Mode(0)));
        g.answer(Opt::Mode(0));
        while g.pending().is_some() {
            g.answer(options(&g)[0]);
        }
        assert_eq!(g.players[0].threat, t + 3);
        assert_eq!(in_discard(&g), 2);
        // Resolution: each Losing Time in the encounter deck or discard pile joins the pool.
        g.move_card(lts[4], Zone::EncounterDeck);
        let mut st = CampaignState::new(6, vec![vec![]]);
        resolve(&g, &mut st);
        assert_eq!(st.pool.len(), 3);
    }

    #[test]
    fn losing_time() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let a = hero(&g, "Core-001");
        let lt = g.spawn(LOSING_TIME, ENCOUNTER, Zone::SetAside);
        // When Revealed: raise threat by 3 or exhaust a ready hero.
        losing_time_revealed(&mut g, lt, 0);
        g.settle();
        assert!(options(&g).contains(&Opt::Card(a)));
        g.answer(Opt::Card(a));
        assert!(g.card(a).exhausted);
        // Shadow: +3 Attack or +3 Defense to the attacker until the end of the phase.
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.attack.enemy = e;
        g.attack.player = 0;
        let def = g.stat(e, Stat::Defense);
        losing_time_shadow(&mut g, lt);
        g.settle();
        g.answer(Opt::Mode(1));
        assert_eq!(g.stat(e, Stat::Defense), def + 3);
        // From the pool, it is shuffled into a later scenario's encounter deck.
        let lt2 = g.spawn(LOSING_TIME, ENCOUNTER, Zone::SetAside);
        losing_time_setup(&mut g, lt2);
        assert_eq!(g.card(lt2).zone, Zone::EncounterDeck);
    }
}
