//! Campaign cards (RULES.md §9.6): each scenario's campaign card (its setup side is a script
//! like any other, active all game beside the quest deck; its resolution side is
//! `CampaignCard::resolution`), and the boons and burdens they bring. A scenario joins campaign
//! mode by adding its `CampaignCard` to `CAMPAIGN_CARDS` here (and its scripts to `SCRIPTS`).

use crate::campaign::CampaignState;
use crate::data::CardDb;
use crate::engine::{Ask, CardId, Cont, Game, Opt, Zone};

pub mod carn_dum;
pub mod chetwood;
pub mod deadmens_dike;
pub mod dread_realm;
pub mod ettenmoors;
pub mod mount_gram;
pub mod rhudaur;
pub mod wastes;
pub mod weather_hills;

/// One scenario's campaign card.
pub struct CampaignCard {
    /// Scenario slug (`campaign::ORDER`).
    pub scenario: &'static str,
    /// Code of the setup side (its script is in `SCRIPTS`).
    pub code: &'static str,
    /// Cards the campaign card's text brings into the game, created set aside (encounter side,
    /// or player cards owned by the first seat).
    pub needs: &'static [&'static str],
    /// The resolution side, after a win (RULES §9.2.5): record what carries forward. Fallen
    /// heroes and the score are recorded by `campaign::play` for every scenario.
    pub resolution: fn(&Game, &mut CampaignState),
}

/// The campaign cards implemented, in campaign order.
pub const CAMPAIGN_CARDS: &[CampaignCard] = &[
    chetwood::CARD,
    weather_hills::CARD,
    deadmens_dike::CARD,
    wastes::CARD,
    mount_gram::CARD,
    ettenmoors::CARD,
    rhudaur::CARD,
    carn_dum::CARD,
    dread_realm::CARD,
];

/// What every won scenario records beside its campaign card's resolution: boons attached to
/// heroes, determined characters, a defeated Fend Off Despair.
pub fn after_every_win(g: &Game, st: &mut CampaignState) {
    weather_hills::record_boons(g, st);
    wastes::after_win(g, st);
}

pub fn campaign_card(slug: &str) -> Option<&'static CampaignCard> {
    CAMPAIGN_CARDS.iter().find(|c| c.scenario == slug)
}

/// The card with this code wherever it is (first found), for campaign scripts.
pub fn find_code(g: &Game, code: &str) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| g.def_of(c).code == code)
}

/// A card with this code in the set-aside zone.
pub fn set_aside(g: &Game, code: &str) -> Option<CardId> {
    g.list(Zone::SetAside)
        .iter()
        .copied()
        .find(|&c| g.def_of(c).code == code)
}

/// Each player from seat `k` on (eliminated ones skipped) may take one of the set-aside `boons`
/// into his hand: asks the next player who has one to take (prompt 0 of `me`, the seat in
/// `Cont::a`) and returns; `take_set_aside_boon` answers and asks the next.
pub fn ask_set_aside_boon(g: &mut Game, me: CardId, mut k: u8, boons: &[&str]) {
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated {
            g.begin_ask(p, Ask::Effect { card: me, what: 0 });
            g.offer(Opt::Pass);
            for code in boons {
                if let Some(b) = set_aside(g, code) {
                    g.offer(Opt::Card(b));
                }
            }
            if g.n_offered() > 1 {
                return g.ask_script(Cont::new(me, 0).with(p, k as i16, 0));
            }
        }
        k += 1;
    }
}

/// The answer to `ask_set_aside_boon`: the chosen boon goes to the player's hand (his card now),
/// logged after `prefix`; then the next player is asked.
pub fn take_set_aside_boon(g: &mut Game, cont: Cont, opt: Opt, boons: &[&str], prefix: &str) {
    let p = cont.player;
    if let Opt::Card(b) = opt {
        if g.card(b).zone == Zone::SetAside {
            g.cards[b as usize].owner = p;
            g.cards[b as usize].controller = p;
            g.move_card(b, Zone::Hand(p));
            g.log_fn(|g| format!("{prefix}P{} takes {} into his hand", p + 1, g.title(b)));
        }
    }
    ask_set_aside_boon(g, cont.card, cont.a as u8 + 1, boons);
}

/// Resolution: each of `boons` a player took (it left the set-aside zone) joins the campaign
/// pool under its owner, once.
pub fn pool_taken_boons(g: &Game, st: &mut CampaignState, boons: &[&str]) {
    for code in boons {
        let Some(d) = g.db.by_code(code) else {
            continue;
        };
        let taken = g
            .cards
            .iter()
            .find(|ci| ci.def == d && ci.zone != Zone::SetAside);
        if let Some(ci) = taken {
            if !st.pool.iter().any(|x| x.card == d) {
                st.add_to_pool(d, Some(ci.owner), None);
            }
        }
    }
}

/// Is `code` a card of this database (every code named in `CAMPAIGN_CARDS` must be)?
pub fn known(db: &CardDb, code: &str) -> bool {
    db.by_code(code).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{status, Status};

    #[test]
    fn both_sides_of_every_campaign_card_are_implemented() {
        let db = crate::cards::testkit::db();
        for c in CAMPAIGN_CARDS {
            let a = db.by_code(c.code).unwrap();
            assert_eq!(status(db, a), Status::Implemented, "{}", c.code);
            // Side B is the resolution, which `resolution` carries out.
            let b = db.def(a).back.expect("a campaign card has two sides");
            assert_eq!(status(db, b), Status::Implemented, "{}", db.def(b).code);
        }
    }
}
