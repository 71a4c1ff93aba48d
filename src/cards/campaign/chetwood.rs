//! Scenario 1 of the campaign: the Intruders in Chetwood campaign card (AAC-156), Iârion's
//! Pendant (AAC-157) and Protect the Innocent / Arnor Ravaged (AAC-158, two sides).

use super::{set_aside, CampaignCard};
use crate::campaign::CampaignState;
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::engine::{Ask, CardId, Cont, Event, Frame, Game, Opt, Stat, Zone};
use crate::events;
use crate::record::Outcome;

pub const CAMPAIGN: &str = "AAC-156A";
pub const PENDANT: &str = "AAC-157";
pub const PROTECT: &str = "AAC-158A";
pub const RAVAGED: &str = "AAC-158B";
const IARION: &str = "TLR-016";

pub const CARD: CampaignCard = CampaignCard {
    scenario: "intruders-in-chetwood",
    code: CAMPAIGN,
    needs: &[PENDANT, PROTECT],
    resolution: resolve,
};

pub static SCRIPTS: &[Script] = &[
    Script {
        code: CAMPAIGN,
        setup: Some(campaign_setup),
        resume: Some(campaign_resume),
        hint: Hint {
            effect: Some(bot::protect_for_resources),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: PENDANT,
        attach_to: Some(pendant_to),
        modify: Some(pendant_modify),
        can_respond: Some(pendant_can),
        respond_on: events![CancelWhenRevealed, CancelShadow],
        respond: Some(pendant_respond),
        hint: Hint {
            key_response: 1,
            play_value: Some(bot::pendant_value),
            ..NO_HINT
        },
        ..BLANK
    },
    Script {
        code: PROTECT,
        forced: Some(protect_forced),
        forced_on: events![EnemyAttackEnded, ProgressPlaced],
        ..BLANK
    },
    Script {
        code: RAVAGED,
        setup: Some(ravaged_setup),
        forced: Some(ravaged_forced),
        forced_on: events![EnemyAttackEnded],
        ..BLANK
    },
];

// ------------------------------------------------------- Intruders in Chetwood (campaign card)

/// Setup: the Pendant on Iârion (wherever he is in play), Protect the Innocent to the staging
/// area, then each player from the first may put 4 damage on it for 1 resource on each hero.
fn campaign_setup(g: &mut Game, me: CardId) {
    attach_pendant(g);
    put_protect(g, 0);
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0),
    });
}

/// Iârion's Pendant (set aside for this game) goes on Iârion if he is in play; otherwise it
/// stays set aside (out of the game).
pub fn attach_pendant(g: &mut Game) {
    let Some(p) = set_aside(g, PENDANT) else {
        return;
    };
    let iarion = (0..g.cards.len() as CardId)
        .find(|&c| g.def_of(c).code == IARION && g.card(c).zone.in_play());
    if let Some(i) = iarion {
        let ctl = g.card(i).controller;
        g.attach(p, i, ctl);
        g.log_fn(|g| format!("Campaign: {} attached to {}", g.title(p), g.title(i)));
    }
}

/// Put Protect the Innocent (set aside) in the staging area, carrying `damage` tokens.
pub fn put_protect(g: &mut Game, damage: i16) {
    if let Some(c) = set_aside(g, PROTECT) {
        g.move_card(c, Zone::Staging);
        g.cards[c as usize].damage = damage;
        g.log_fn(|g| {
            format!(
                "Campaign: {} to the staging area ({damage} damage)",
                g.title(c)
            )
        });
    }
}

/// Step 0 + k: ask player k (offset from the first player); step 1: his answer.
fn campaign_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.player;
    if cont.step == 1 {
        if opt == Opt::Yes {
            let p = g.seat(k);
            if let Some(pi) = in_staging(g, PROTECT) {
                g.cards[pi as usize].damage += 4;
                for i in 0..g.list(Zone::Play(p)).len() {
                    let h = g.list(Zone::Play(p))[i];
                    if g.is_hero(h) {
                        g.cards[h as usize].resources += 1;
                    }
                }
                g.log_fn(|_| {
                    format!(
                        "  P{} puts 4 damage on Protect the Innocent: 1 resource per hero",
                        p + 1
                    )
                });
            }
        }
        k += 1;
    }
    if k < g.n_players && in_staging(g, PROTECT).is_some() {
        let p = g.seat(k);
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        g.offer(Opt::No);
        g.offer(Opt::Yes);
        g.ask_script(Cont::new(cont.card, 1).with(k, 0, 0));
    }
}

fn in_staging(g: &Game, code: &str) -> Option<CardId> {
    g.list(Zone::Staging)
        .iter()
        .copied()
        .find(|&c| g.def_of(c).code == code)
}

/// Resolution: log the damage on Protect the Innocent and add it to the pool.
fn resolve(g: &Game, st: &mut CampaignState) {
    log_protect(g, st);
    if let Some(d) = g.db.by_code(PROTECT) {
        if !st.pool.iter().any(|p| p.card == d) {
            st.add_to_pool(d, None, None);
        }
    }
}

/// Log the damage on Protect the Innocent (replacing the previous number), if it is in play.
pub fn log_protect(g: &Game, st: &mut CampaignState) {
    if let Some(c) = (0..g.cards.len() as CardId).find(|&c| g.def_of(c).code == PROTECT) {
        st.notes.protect_the_innocent = g.card(c).damage;
    }
}

// ------------------------------------------------------------------------- Iârion's Pendant

/// Played from a deck (a pool boon after Deadmen's Dike): on any character.
fn pendant_to(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_character(t)
}

/// +1 Willpower to the attached character.
fn pendant_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Willpower && g.card(me).zone == Zone::Attached(target)) as i16
}

/// Response: to the victory display, to cancel the When Revealed effects of a card just revealed
/// from the encounter deck, or a shadow effect.
fn pendant_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    if g.canceled || !matches!(g.card(me).zone, Zone::Attached(_)) {
        return false;
    }
    match ev {
        Event::CancelWhenRevealed(c) => {
            crate::cards::player::core_spirit::cancelable_reveal(g, c)
                && matches!(
                    crate::cards::player::core_spirit::reveal_of(g, c),
                    Some((_, true))
                )
        }
        Event::CancelShadow(_) => true,
        _ => false,
    }
}

fn pendant_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    g.move_card(me, Zone::Victory);
    g.canceled = true;
}

// ---------------------------------------------------------------------- Protect the Innocent

/// Damage limit: 10, or 20 with 3 or 4 players.
pub fn protect_limit(g: &Game) -> i16 {
    if g.n_players >= 3 {
        20
    } else {
        10
    }
}

/// After an attack damages a character, 1 damage on it (the players lose at the limit);
/// progress placed on it removes that much damage instead.
fn protect_forced(g: &mut Game, me: CardId, ev: Event) {
    if !g.card(me).zone.in_play() {
        return;
    }
    match ev {
        Event::EnemyAttackEnded(_) if g.attack.damage_dealt > 0 => {
            g.cards[me as usize].damage += 1;
            g.log_fn(|g| format!("  Protect the Innocent: 1 damage ({})", g.card(me).damage));
            if g.card(me).damage >= protect_limit(g) {
                g.end_game(Outcome::LossScenario);
            }
        }
        Event::ProgressPlaced(c, n) if c == me => {
            let ci = &mut g.cards[me as usize];
            ci.progress = (ci.progress - n).max(0);
            ci.damage = (ci.damage - n).max(0);
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------- Arnor Ravaged

/// Setup (from the pool): to the staging area with the logged damage.
fn ravaged_setup(g: &mut Game, me: CardId) {
    let d = g
        .campaign
        .as_ref()
        .map_or(0, |c| c.state.notes.protect_the_innocent);
    g.move_card(me, Zone::Staging);
    g.cards[me as usize].damage = d;
    g.log_fn(|g| format!("Campaign: {} to the staging area ({d} damage)", g.title(me)));
}

/// After an attack damages a character without destroying it: 1 damage moves from Arnor
/// Ravaged onto that character.
fn ravaged_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::EnemyAttackEnded(_) = ev else {
        return;
    };
    let t = g.attack.damaged_card;
    if g.card(me).zone != Zone::Staging
        || g.card(me).damage <= 0
        || g.attack.damage_dealt <= 0
        || g.attack.destroyed_character
        || t == crate::engine::NO_CARD
        || !g.card(t).zone.in_play()
    {
        return;
    }
    g.cards[me as usize].damage -= 1;
    g.deal_damage(t, 1);
    g.log_fn(|g| format!("  Arnor Ravaged: 1 damage moves to {}", g.title(t)));
}

pub mod bot {
    use super::*;

    /// Put 4 damage on Protect the Innocent for resources only while it stays at most half
    /// way to its limit.
    pub fn protect_for_resources(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        if what != 0 {
            return None;
        }
        let dmg = in_staging(g, PROTECT).map_or(99, |c| g.card(c).damage);
        let yes = dmg + 4 <= protect_limit(g) / 2;
        o.iter()
            .position(|&x| x == if yes { Opt::Yes } else { Opt::No })
    }

    /// The Pendant's cancel: as A Test of Will on a dangerous reveal, as Hasty Stroke on a
    /// dangerous shadow.
    pub fn pendant_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::CancelWhenRevealed(x)) if crate::cards::hints::cancel_worthy(g, x) => 50,
            Some(Event::CancelShadow(_)) if crate::cards::hints::shadow_dangerous(g) => 40,
            _ => 0,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::campaign::{CampaignGame, CampaignState};
    use crate::cards::testkit::*;
    use crate::engine::ENCOUNTER;

    /// Play this sandbox game in campaign mode with log `st` (scenario `number`).
    pub(crate) fn in_campaign(g: &mut Game, st: CampaignState, number: u8, card: &str) {
        let card = g.db.by_code(card).unwrap();
        g.campaign = Some(std::sync::Arc::new(CampaignGame {
            state: st,
            number,
            card,
            set_aside: Vec::new(),
        }));
    }

    /// An attack by a new Orc War Party on seat 0 that dealt `dealt` damage to `target`.
    pub(crate) fn attack_ended(g: &mut Game, target: CardId, dealt: i16, destroyed: bool) {
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.attack.enemy = e;
        g.attack.damaged_card = target;
        g.attack.damage_dealt = dealt;
        g.attack.destroyed_character = destroyed;
        g.emit(Event::EnemyAttackEnded(e));
    }

    #[test]
    fn intruders_in_chetwood() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let iarion = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
        let pendant = g.spawn(PENDANT, 0, Zone::SetAside);
        let pti = g.spawn(PROTECT, ENCOUNTER, Zone::SetAside);
        let me = g.spawn(CAMPAIGN, ENCOUNTER, Zone::SetAside);
        let res = g.card(h).resources;
        campaign_setup(&mut g, me);
        g.settle();
        assert_eq!(g.card(pendant).zone, Zone::Attached(iarion));
        assert_eq!(g.card(pti).zone, Zone::Staging);
        // The player may put 4 damage on Protect the Innocent for a resource on each hero.
        assert_eq!(options(&g), vec![Opt::No, Opt::Yes]);
        g.answer(Opt::Yes);
        assert_eq!(g.card(pti).damage, 4);
        assert_eq!(g.card(h).resources, res + 1);
        // Resolution: the damage is logged and Protect the Innocent joins the pool.
        let mut st = CampaignState::new(1, vec![vec![g.def_id(h)]]);
        resolve(&g, &mut st);
        assert_eq!(st.notes.protect_the_innocent, 4);
        assert!(st.in_pool(g.db, PROTECT));
    }

    #[test]
    fn protect_the_innocent() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let pti = g.spawn(PROTECT, ENCOUNTER, Zone::Staging);
        attack_ended(&mut g, h, 2, false);
        assert_eq!(g.card(pti).damage, 1);
        // An attack that dealt no damage adds none.
        attack_ended(&mut g, h, 0, false);
        assert_eq!(g.card(pti).damage, 1);
        // Progress removes damage instead of staying.
        g.add_progress(pti, 3);
        g.settle();
        assert_eq!((g.card(pti).damage, g.card(pti).progress), (0, 0));
        // At 10 damage (1 player) the players lose.
        g.cards[pti as usize].damage = 9;
        attack_ended(&mut g, h, 1, false);
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    #[test]
    fn arnor_ravaged() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let mut st = CampaignState::new(4, vec![vec![g.def_id(h)]]);
        st.notes.protect_the_innocent = 3;
        in_campaign(&mut g, st, 4, "AAC-171A");
        let ar = g.spawn(RAVAGED, ENCOUNTER, Zone::SetAside);
        ravaged_setup(&mut g, ar);
        assert_eq!((g.card(ar).zone, g.card(ar).damage), (Zone::Staging, 3));
        let before = g.card(h).damage;
        attack_ended(&mut g, h, 1, false);
        assert_eq!(g.card(h).damage, before + 1);
        assert_eq!(g.card(ar).damage, 2);
        // Not when the attack destroyed the character.
        attack_ended(&mut g, h, 1, true);
        assert_eq!(g.card(ar).damage, 2);
    }

    #[test]
    fn iarions_pendant() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        let p = g.spawn(PENDANT, 0, Zone::SetAside);
        let before = g.stat(h, Stat::Willpower);
        g.attach(p, h, 0);
        assert_eq!(g.stat(h, Stat::Willpower), before + 1);
        // A reveal from the encounter deck: the Pendant cancels it and goes to the victory display.
        let t = g.spawn("TLR-022", crate::engine::ENCOUNTER, Zone::Resolving);
        g.stack.push(Frame::Reveal {
            card: t,
            by: 0,
            stage: 1,
            from_deck: true,
        });
        g.emit(Event::CancelWhenRevealed(t));
        assert!(options(&g).contains(&Opt::Activate(p)));
        g.answer(Opt::Activate(p));
        assert!(g.canceled);
        assert_eq!(g.card(p).zone, Zone::Victory);
    }
}
