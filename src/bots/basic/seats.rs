//! mp59: `basic`'s rules for a table of two to four players, where a card's value or target
//! read one seat only. Each rule is a weight (off: the play before) and changes nothing in a
//! solo game: every test here needs another player in the game.

use super::*;

/// `table_guard` decides the score of using `c` (a `Hint::fail_guard` card, with another
/// player in the game and the weight on).
#[inline]
pub(super) fn table_guard_on(g: &Game, c: CardId) -> bool {
    g.n_players > 1 && hint(g, c).fail_guard != 0 && g.players_in_game() > 1 && w().table_guard != 0
}

/// `table_guard`: the planning score of `c`, a card whose use is that a failed quest raises no
/// threat (`Hint::fail_guard`): that score while, in a staging area of a player the card
/// reaches, the staged threat is above the ready questing stat of every player of that area
/// (each of them may commit; Escape from Mount Gram gives each player an area of his own),
/// else 0. Outside the planning phase 0, as the card's own `play_value`.
#[cold]
#[inline(never)]
pub(super) fn table_guard_value(g: &Game, c: CardId) -> i32 {
    if g.phase != Phase::Planning {
        return 0;
    }
    let s = g.questing_stat();
    // (Ready questing stat by staging area, for the areas of the players the card reaches.)
    let mut wp = [0i16; 4];
    let mut seen = [false; 4];
    for q in 0..g.n_players.min(4) {
        let pl = &g.players[q as usize];
        if pl.eliminated || !g.reaches_player(q) {
            continue;
        }
        let a = (pl.area as usize).min(3);
        seen[a] = true;
        wp[a] += ready_stat_sum(g, q, s);
    }
    let fails = (0..4).any(|a| seen[a] && g.staging_threat_in(a as u8) > wp[a]);
    fails as i32 * hint(g, c).fail_guard
}

/// `own_host`: `c` is an attachment whose use exhausts its bearer (`Hint::exhausts_host`),
/// another player is in the game, and no character of `p` can take it: not played (it would
/// go on another player's character, which `p`'s use would exhaust).
#[inline]
pub(super) fn foreign_host_only(g: &Game, p: u8, c: CardId) -> bool {
    g.n_players > 1 && foreign_host_only_at_table(g, p, c)
}

/// `foreign_host_only` with more than one seat (out of line: solo games never call it).
#[cold]
#[inline(never)]
fn foreign_host_only_at_table(g: &Game, p: u8, c: CardId) -> bool {
    hint(g, c).exhausts_host
        && g.players_in_game() > 1
        && w().own_host != 0
        && !g.attach_targets(c, p).any(|t| g.controller(t) == p)
}

/// `team_hold` may act on this commit step (another player in the game, the weight on).
#[inline]
pub(super) fn team_hold_on(g: &Game) -> bool {
    g.n_players > 1 && w().team_hold > 0 && g.players_in_game() > 1
}

/// mp60 `team_hold`: the seat that commits last in its staging area knows every other
/// seat's commit (the questing strength so far). When that strength with this seat's
/// willpower outside `reserved` beats the staged threat, the expected reveals
/// (`reveal_threat` a player) and `team_hold` threat a player to spare, the characters not
/// needed for it are held back ready for combat, the weakest questers first (ties: the best
/// defender), for as long as the rest still reach. Not where progress counts for nothing
/// (other rules stop the commit there) and not on a quest without quest points.
#[cold]
#[inline(never)]
pub(super) fn team_hold(g: &Game, p: u8, reserved: &mut Ids, pool: &QuestPool) {
    let n = g.n_players;
    // (Commit order: the seats from the first player; a later seat still to commit in this
    // area leaves the rule alone, and so does a seat alone in its area, Escape from Mount
    // Gram's: it has no partner's commit to read.)
    let off = (p + n - g.first % n) % n;
    let in_area = |o: u8| {
        let q = g.seat(o);
        !g.players[q as usize].eliminated && g.in_this_area(q)
    };
    if (off + 1..n).any(in_area) || !(0..off).any(in_area) {
        return;
    }
    let Some(q) = g.current_quest() else { return };
    // (lead60: nor while enemies make no engagement checks, Intruders in Chetwood's stage 1B:
    // a staged enemy comes only when a player engages it, so the held-back characters wait
    // for no attack, and the quest is the way out of the stage; on there, 2 seats, seed 6080,
    // 2,000 pairs: Easy -3.00 (-4.21 to -1.79), Standard -1.00 (-1.71 to -0.29) win points.)
    if g.stat(q, Stat::QuestPoints) <= 0
        || progress_is_useless(g)
        || g.rule(crate::cards::Rule::NoEngagementChecks)
    {
        return;
    }
    // (`pool.base + pool.qstr`: the staged threat and the expected reveals.)
    let need = pool.base + pool.qstr + (w().team_hold as i16) * g.players_in_game() as i16;
    hold_down_to(g, reserved, need, pool);
}
