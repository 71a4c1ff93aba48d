//! Amarthiúl, the objective-ally of The Wastes of Eriador, Across the Ettenmoors and The
//! Treachery of Rhudaur (RULES §8.3.5). Each script has a one-line summary in our own words.
//!
//! The first player takes control of him at setup (each scenario's stage 1A calls
//! `to_first_player`). Control never follows the first player token; it moves only by his own
//! Response, which his controller may use after an enemy engages another player (a player
//! decision: the bots read `bot::pass_value`). If he leaves play, or his controller is
//! eliminated (the engine's elimination, §8.3.6), the players lose.

use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Amarthiúl: after an enemy engages a player, his controller may hand him to that player;
    // the players lose if he leaves play.
    Script {
        code: AMARTHIUL,
        hint: Hint {
            play_value: Some(bot::pass_value),
            ..NO_HINT
        },
        forced: Some(amarthiul_forced),
        forced_on: events![LeftPlay],
        can_respond: Some(amarthiul_can_respond),
        respond_on: events![Engaged],
        respond: Some(amarthiul_respond),
        ..BLANK
    },
];

pub const AMARTHIUL: &str = "TWoE-016";

/// Is `c` the objective-ally Amarthiúl (any printing)?
pub fn is_amarthiul(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::ObjectiveAlly && g.def_of(c).title == "Amarthiúl"
}

/// Amarthiúl in play, if he is.
pub fn in_play(g: &Game) -> Option<CardId> {
    (0..g.n_players)
        .flat_map(|p| g.list(Zone::Play(p)).iter().copied())
        .find(|&c| is_amarthiul(g, c))
}

/// Stage 1A: Amarthiúl leaves the encounter deck for the first player's play area.
pub fn to_first_player(g: &mut Game) {
    let found = g
        .list(Zone::EncounterDeck)
        .iter()
        .copied()
        .find(|&c| is_amarthiul(g, c));
    if let Some(a) = found {
        let first = g.first;
        g.move_card(a, Zone::Play(first));
        g.card_mut(a).controller = first;
        if g.logging() {
            g.log_line(format!("  P{} takes control of Amarthiúl", first + 1));
        }
    }
}

fn amarthiul_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::LeftPlay(me) {
        g.end_game(crate::record::Outcome::LossScenario);
    }
}

fn amarthiul_can_respond(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    match ev {
        Event::Engaged(_, q) => {
            q != seat && g.card(me).zone == Zone::Play(seat) && !g.players[q as usize].eliminated
        }
        _ => false,
    }
}

fn amarthiul_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    if let Event::Engaged(_, q) = ev {
        g.move_card_keep(me, Zone::Play(q));
        g.card_mut(me).controller = q;
        if g.logging() {
            g.log_line(format!(
                "  P{} gives control of Amarthiúl to P{}",
                seat + 1,
                q + 1
            ));
        }
    }
}

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Hand Amarthiúl over when the newly engaged player faces clearly more enemy Attack than
    /// his controller does (and Amarthiúl can still defend: ready), unless that player's
    /// threat is near elimination.
    pub fn pass_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
        let Some(Event::Engaged(_, q)) = ev else {
            return -1;
        };
        // Not to a player about to be eliminated: losing him loses the game.
        if !ready(g, c) || g.players[q as usize].threat >= 45 {
            return -1;
        }
        let theirs = engaged_attack(g, q) as i32;
        let mine = engaged_attack(g, p) as i32;
        theirs - mine - 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::sandbox_in;
    use crate::data::Mode;
    use crate::record::Outcome;

    #[test]
    fn amarthiul() {
        let mut g = sandbox_in(
            "the-wastes-of-eriador",
            Mode::Standard,
            &[&["Core-001"], &["Core-004"]],
        );
        let a = g.spawn(AMARTHIUL, ENCOUNTER, Zone::Play(0));
        assert_eq!(in_play(&g), Some(a));
        // An enemy engaging P2: P1 may hand him over (his Response).
        let e = g.spawn("TWoE-018", ENCOUNTER, Zone::Staging);
        g.engage(e, 1);
        g.settle();
        assert!(g.pending().is_some(), "P1 is offered the Response");
        assert_eq!(g.pending().unwrap().player, 0);
        g.answer(Opt::Activate(a));
        assert_eq!(g.card(a).zone, Zone::Play(1));
        assert_eq!(g.controller(a), 1);
        // Control does not follow the first player token.
        g.set_first_player(1);
        g.set_first_player(0);
        assert_eq!(g.controller(a), 1);
        // Engaging his own controller offers nothing.
        let e2 = g.spawn("TWoE-018", ENCOUNTER, Zone::Staging);
        g.engage(e2, 1);
        g.settle();
        assert!(g.pending().is_none());
        // The bot hint: hand him over only to a player facing more Attack.
        assert!(bot::pass_value(&g, 1, a, Some(Event::Engaged(e2, 0))) < 0);
        // Leaving play loses the game.
        g.discard(a);
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }
}
