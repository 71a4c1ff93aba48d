//! Scenario 9 of the campaign: The Dread Realm campaign card (AAC-193). Its setup lets each
//! player fetch one boon from his deck into his opening hand and puts on each hero the damage
//! the log noted for it (after The Battle of Carn Dûm); its resolution ends the campaign, won.

use super::CampaignCard;
use crate::campaign::CampaignState;
use crate::cards::hints::{pick_max, Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::engine::{Ask, CardId, Cont, Game, Opt, Zone};

pub const CAMPAIGN: &str = "AAC-193A";

pub const CARD: CampaignCard = CampaignCard {
    scenario: "the-dread-realm",
    code: CAMPAIGN,
    needs: &[],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[Script {
    code: CAMPAIGN,
    setup: Some(campaign_setup),
    resume: Some(campaign_resume),
    hint: Hint {
        effect: Some(bot::boon_choice),
        ..NO_HINT
    },
    ..BLANK
}];

/// Is `c` a boon (a player card of the campaign expansion: every one of them is a boon)?
pub fn is_boon(g: &Game, c: CardId) -> bool {
    let d = g.def_of(c);
    d.set_abbr == "AAC" && d.ty.is_player_card()
}

/// Setup: first the logged damage goes on each hero in play (placed, not dealt: no attack, no
/// damage event), then each player from the first may take one boon of his deck into his hand.
fn campaign_setup(g: &mut Game, me: CardId) {
    let logged: Vec<(crate::data::DefId, i16)> = g
        .campaign
        .as_ref()
        .map(|c| c.state.notes.hero_damage.clone())
        .unwrap_or_default();
    for p in 0..g.n_players {
        let heroes: Vec<CardId> = g.heroes(p).collect();
        for h in heroes {
            let d = g.db.original(g.def_id(h));
            let n: i16 = logged.iter().filter(|x| x.0 == d).map(|x| x.1).sum();
            if n > 0 {
                g.cards[h as usize].damage += n;
                g.dirty = true;
                g.log_fn(|g| {
                    format!(
                        "Campaign: {} begins with {n} damage (campaign log)",
                        g.title(h)
                    )
                });
            }
        }
    }
    ask_boon(g, me, 0);
}

/// Offer player at offset `k` (and the next ones) the boons of his deck, one option per title.
fn ask_boon(g: &mut Game, me: CardId, mut k: u8) {
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated {
            g.begin_ask(p, Ask::Effect { card: me, what: 0 });
            g.offer(Opt::Pass);
            let n = g.list(Zone::Deck(p)).len();
            for i in 0..n {
                let c = g.list(Zone::Deck(p))[i];
                let seen = g.list(Zone::Deck(p))[..i]
                    .iter()
                    .any(|&x| g.def_of(x).title == g.def_of(c).title);
                if is_boon(g, c) && !seen {
                    g.offer(Opt::Card(c));
                }
            }
            if g.n_offered() > 1 {
                return g.ask_script(Cont::new(me, 0).with(p, k as i16, 0));
            }
        }
        k += 1;
    }
}

fn campaign_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    if let Opt::Card(b) = opt {
        if g.card(b).zone == Zone::Deck(p) {
            g.move_card(b, Zone::Hand(p));
            g.shuffle(Zone::Deck(p));
            g.log_fn(|g| {
                format!(
                    "Campaign: P{} searches his deck for {} and takes it into his hand",
                    p + 1,
                    g.title(b)
                )
            });
        }
    }
    ask_boon(g, cont.card, cont.a as u8 + 1);
}

/// Resolution: the players win the campaign (the runner records the score and sets `next` to
/// 10, the end).
fn resolve(_g: &Game, _st: &mut CampaignState) {}

pub mod bot {
    use super::*;

    /// Take the most expensive boon of the deck (a boon is always worth its place in hand).
    pub fn boon_choice(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |c| 10 + g.def_of(c).cost as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::campaign::chetwood::tests::in_campaign;
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    #[test]
    fn the_dread_realm() {
        let mut g = sandbox(&[&["Core-001", "Core-002"], &["Core-004"]]);
        let a = hero(&g, "Core-001");
        let b = hero(&g, "Core-002");
        let mut st = CampaignState::new(9, vec![vec![], vec![]]);
        st.notes.hero_damage.push((g.def_id(a), 2));
        st.notes.hero_damage.push((g.def_id(b), 0));
        in_campaign(&mut g, st, 9, CAMPAIGN);
        // P1 has a boon (Rivendell Skirmishers) in his deck, P2 none.
        let boon = g.spawn("AAC-192", 0, Zone::Deck(0));
        let other = g.spawn("AAC-190", 0, Zone::Deck(0));
        let plain = g.spawn("Core-013", 1, Zone::Deck(1));
        let (da, db) = (g.card(a).damage, g.card(b).damage);
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::Nightmare);
        campaign_setup(&mut g, me);
        g.settle();
        // Each hero begins with its logged damage.
        assert_eq!((g.card(a).damage, g.card(b).damage), (da + 2, db));
        // P1 may take one boon from his deck; only boons are offered.
        let o = options(&g);
        assert!(o.contains(&Opt::Pass) && o.contains(&Opt::Card(boon)));
        assert!(o.contains(&Opt::Card(other)));
        assert!(!o.contains(&Opt::Card(plain)));
        g.answer(Opt::Card(boon));
        assert_eq!(g.card(boon).zone, Zone::Hand(0));
        assert_eq!(g.card(other).zone, Zone::Deck(0));
        // P2 has no boon: nothing asked.
        assert!(g.pending().is_none());
        // Resolution: nothing more to log; the campaign is won by the runner.
        let mut st = CampaignState::new(9, vec![vec![]]);
        let before = st.clone();
        resolve(&g, &mut st);
        assert_eq!(st, before);
        assert!(is_boon(&g, boon) && !is_boon(&g, plain));
    }
}
