//! The `basic` bot's Responses and the choices card effects ask for.

use super::*;

pub(super) fn response(g: &Game, p: u8, ev: Event, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Activate(c) = *opt else { continue };
        if g.card(c).zone == Zone::Hand(p) && breaks_reserve(g, p, c) {
            continue;
        }
        let v = action_value(g, p, c, Some(ev));
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

/// Where attachment `a` should go among the offered targets.
pub(super) fn attach_target(g: &Game, p: u8, a: CardId, o: &[Opt]) -> Option<usize> {
    let (_, kind) = attachment_info(g, a);
    let dwarf_bonus = |c: CardId| (code(g, a) == "Core-041" && g.has_trait(c, "Dwarf")) as i32 * 5;
    // A third restricted attachment would push one out: such hosts come last.
    let restricted = angmar2_restricted(g, a);
    let full = move |c: CardId| {
        restricted
            && g.attachments(c)
                .filter(|&x| g.def_of(x).keywords.restricted)
                .count()
                >= 2
    };
    let own = |c: CardId| (g.controller(c) == p) as i32 * 1000 - full(c) as i32 * 3000;
    match kind {
        AttachKind::Weapon => pick_max(o, |c| {
            own(c) + g.stat(c, Stat::Attack) as i32 * 10 + dwarf_bonus(c) + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Armor => pick_max(o, |c| {
            own(c)
                + g.stat(c, Stat::Defense) as i32 * 10
                + g.stat(c, Stat::HitPoints) as i32
                + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Willpower => pick_max(o, |c| {
            own(c) + g.stat(c, Stat::Willpower) as i32 * 10 + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Resources => pick_max(o, |c| {
            let n = hand(g, p)
                .iter()
                .filter(|&&x| g.is_hero(c) && g.def_of(x).sphere == g.def_of(c).sphere)
                .count();
            own(c) + n as i32 * 10 + g.is_hero(c) as i32 * 5
        }),
        AttachKind::General => pick_max(o, |c| own(c) + char_value(g, c).min(10_000)),
        AttachKind::Enemy => pick_max(o, |c| {
            danger(g, c) + (g.card(c).zone == Zone::Engaged(p)) as i32 * 1000
        }),
        AttachKind::Location => pick_max(o, |c| g.threat_contribution(c) as i32),
    }
}

/// Harm of revealing an encounter side quest, by code (Pressing Needs makes us pick one).
pub(super) const SIDE_QUEST_HARM: &[(&str, i32)] = &[
    ("TLR-023", 1), // Orc Rearguard: progress cap
    ("TLR-046", 2), // Orc Ambush: an Orc engages, Orcs get stronger
    ("TLR-051", 3), // Lost in the Wilderness: every hand goes under it
    ("TLR-024", 4), // Rescue Iârion: Iârion leaves, time counters
];

/// Prompts of known cards (mostly Intruders in Chetwood encounter cards), by code and prompt.
/// How much `p` would miss card `c` from his hand: a unique card already in play is dead,
/// key responses are kept, otherwise dearer cards are worth more.
pub(super) fn hand_card_value(g: &Game, p: u8, c: CardId) -> i32 {
    if g.unique_in_play(c) {
        return -10;
    }
    let key = KEY_RESPONSES.iter().any(|k| k.0 == code(g, c));
    let affordable = g.has_matching_hero(p, g.def_of(c).sphere) as i32;
    g.def_of(c).cost.max(0) as i32 * 2 + affordable * 4 + key as i32 * 20
}

pub(super) fn known_effect(g: &Game, p: u8, src: &str, what: u8, o: &[Opt]) -> Option<usize> {
    if let Some(&(_, _, n)) = DAMAGE_PROMPTS.iter().find(|d| d.0 == src && d.1 == what) {
        return pick_min(o, |c| damage_cost(g, c, n) + (g.controller(c) != p) as i32);
    }
    match (src, what) {
        // Angmar Orc: discard an ally (Card) or reveal one more card (Mode 0). A cheap ally goes.
        ("TLR-043", 0) => {
            let i = pick_min(o, |c| char_value(g, c) + (g.controller(c) != p) as i32 * 5)?;
            let Opt::Card(c) = o[i] else { return None };
            if char_value(g, c) <= 20 {
                Some(i)
            } else {
                find(o, Opt::Mode(0))
            }
        }
        // Chetwood Forest shadow: exhaust a ready hero (Card) or the attacker returns to the
        // staging area (Mode 0). Exhaust the hero whose attack matters least.
        // Chetwood Forest's travel cost: the player best able to defend an enemy engages it.
        ("TLR-018", 2) => {
            let mut best: Option<(i32, usize)> = None;
            for (i, opt) in o.iter().enumerate() {
                let Opt::Player(q) = *opt else { continue };
                let def: i32 = g
                    .characters(q)
                    .filter(|&c| ready(g, c))
                    .map(|c| g.stat(c, Stat::Defense) as i32 * 10 + g.remaining_hp(c) as i32)
                    .max()
                    .unwrap_or(0)
                    - g.players[q as usize].threat as i32;
                if best.map(|(b, _)| def > b).unwrap_or(true) {
                    best = Some((def, i));
                }
            }
            best.map(|(_, i)| i)
        }
        ("TLR-018", 1) => pick_min(o, |c| {
            g.stat(c, Stat::Attack) as i32 * 10 + g.stat(c, Stat::Defense) as i32
        })
        .or_else(|| find(o, Opt::Mode(0))),
        // Borders of Bree-land / Surprising Speed: an engaged enemy goes back to the staging
        // area. Send back the one we are least likely to kill (most HP + DEF left).
        ("TLR-019", 0) | ("TLR-022", 0) => pick_max(o, |e| {
            (g.remaining_hp(e) + g.stat(e, Stat::Defense)) as i32 * 10
                + g.stat(e, Stat::Attack) as i32
        }),
        // Pressing Needs: switching the current quest (Card) beats revealing a side quest
        // (Mode 0); the main quest unless a side quest is the better one.
        ("TLR-049", 0) => {
            let main = g.main_quest().unwrap_or(NO_CARD);
            find(o, Opt::Card(main))
                .or_else(|| o.iter().position(|x| matches!(x, Opt::Card(_))))
                .or_else(|| find(o, Opt::Mode(0)))
        }
        ("TLR-049", 1) => pick_min(o, |c| {
            SIDE_QUEST_HARM
                .iter()
                .find(|s| s.0 == code(g, c))
                .map(|s| s.1)
                .unwrap_or(2)
        }),
        // Dúnedain Hunter: the weakest enemy found engages us.
        ("TLR-004", 0) => pick_min(o, |e| danger(g, e)),
        // Tireless Hunters / tactics Aragorn: the enemy we hold best that adds the most threat.
        ("TLR-008", 0) | ("TLR-001", 0) => pick_max(o, |e| {
            g.threat_contribution(e) as i32 * 10 * (g.card(e).zone == Zone::Staging) as i32
                - g.stat(e, Stat::Attack) as i32 * 5
        }),
        // Expert Trackers: exhaust the Scout / Ranger we need least.
        ("TLR-009", 0) => pick_min(o, |c| stats_sum(g, c) + g.is_hero(c) as i32 * 5),
        // Athelas: also drop a Condition only when it is an encounter card's.
        ("TLR-011", 1) => o
            .iter()
            .position(|x| matches!(*x, Opt::Card(a) if g.card(a).owner == ENCOUNTER))
            .or_else(|| find(o, Opt::Pass)),
        // Gather Information: the card we would most like in hand.
        ("TLR-014", 0) => pick_max(o, |c| hand_card_value(g, p, c)),
        // Ranger of the North: a kill, else exploring a location, else chip at the worst enemy.
        ("TLR-015", 1) => pick_max(o, |c| {
            if g.is_enemy(c) {
                (g.remaining_hp(c) <= 2) as i32 * 1000 + danger(g, c)
            } else {
                let left = g.stat(c, Stat::QuestPoints) - g.card(c).progress;
                (left <= 2) as i32 * 900 + g.threat_contribution(c) as i32 * 5
            }
        }),
        // --- The Battle of Carn Dûm / The Dread Realm
        // The Long Defeat: heal when our heroes are hurt, else draw; heal the most hurt first.
        ("TBoCD-122", 0) => {
            let want = if total_hero_damage(g, p) >= 2 { 1 } else { 0 };
            find(o, Opt::Mode(want)).or_else(|| find(o, Opt::Mode(0)))
        }
        ("TBoCD-122", 1) => pick_max(o, |c| g.card(c).damage as i32 + g.is_hero(c) as i32 * 5),
        // Quick Ears: exhaust the hero we need least.
        ("TBoCD-123", 0) => pick_min(o, |c| char_value(g, c)),
        // Arwen: discard the least useful card; the resource goes to one of our heroes.
        ("TDR-140", 0) => pick_min(o, |c| hand_card_value(g, p, c)),
        ("TDR-140", 1) => pick_max(o, |c| {
            (g.controller(c) == p) as i32 * 100 - g.card(c).resources as i32
        }),
        // Hour of Wrath: all our heroes when Valour allows, else our strongest fighter.
        ("TDR-144", 0) => find(o, Opt::Player(p)).or_else(|| {
            pick_max(o, |c| {
                (g.controller(c) == p) as i32 * 100
                    + (g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)) as i32
            })
        }),
        // Tale of Tinúviel: exhaust the one with most Willpower; ready an exhausted fighter.
        ("TDR-146", 0) => pick_max(o, |c| {
            g.printed(c, Stat::Willpower) as i32 * 10 - char_value(g, c) / 50
        }),
        ("TDR-146", 1) => pick_max(o, |c| {
            (!ready(g, c)) as i32 * 100
                + (g.controller(c) == p) as i32 * 50
                + g.stat(c, Stat::Attack) as i32
        }),
        // Galadhrim Healer: the player whose heroes carry most damage.
        ("TDR-147", 0) => {
            let mut best: Option<(i32, usize)> = None;
            for (i, opt) in o.iter().enumerate() {
                let Opt::Player(q) = *opt else { continue };
                let v = g.heroes(q).filter(|&h| g.card(h).damage > 0).count() as i32 * 10
                    + (q == p) as i32;
                if best.map(|(b, _)| v > b).unwrap_or(true) {
                    best = Some((v, i));
                }
            }
            best.map(|(_, i)| i)
        }
        // Éowyn / Protector of Lórien / Elven Jeweler: discard the least useful card in hand.
        ("Core-007", 0) | ("Core-070", 0) | ("EfMG-033", _) => {
            pick_min(o, |c| hand_card_value(g, p, c))
        }
        // Honour Guard: the Valour version (discard it, cancel up to 5) only when cancelling 1
        // would not save a character worth more than the Guard.
        ("TWoE-004", 0) => {
            let big = g.stack.iter().rev().find_map(|f| match *f {
                crate::engine::Frame::Choice { cont } if cont.card != NO_CARD => {
                    let (me, x) = (cont.card, cont.a as CardId);
                    Some(g.remaining_hp(x) < 0 && char_value(g, x) > char_value(g, me))
                }
                _ => None,
            });
            find(o, Opt::Mode(big.unwrap_or(false) as u8))
        }
        // Curious Brandybuck: it quests for us.
        ("TWoE-006", 0) => find(o, Opt::Player(p)),
        // Scout Ahead: take out the worst card.
        ("TWoE-009", 0) => pick_max(o, |c| encounter_harm(g, c)),
        // Distant Stars: exhaust the least valuable Ranger/Scout; the shortest location.
        ("EfMG-036", 0) => pick_min(o, |c| char_value(g, c)),
        ("EfMG-036", 1) => pick_min(o, |l| {
            (g.stat(l, Stat::QuestPoints) * 10 + g.stat(l, Stat::Threat)) as i32
        }),
        // Keen as Lances: threat relief when high, cards when short, else resources.
        ("EfMG-037", 0) => {
            let want = if g.players[p as usize].threat >= 35 {
                2
            } else if hand(g, p).len() <= 3 {
                1
            } else {
                0
            };
            find(o, Opt::Mode(want)).or_else(|| o.iter().position(|x| matches!(x, Opt::Mode(_))))
        }
        ("EfMG-037", 1) => pick_max(o, |h| {
            let n = hand(g, p)
                .iter()
                .filter(|&&x| g.def_of(x).sphere == g.def_of(h).sphere)
                .count() as i32;
            (g.controller(h) == p) as i32 * 1000 + n * 10
        }),
        // Cornered Animals: discard a Savage Counter-attack token (Mode 0) while 3 or more are
        // left, else reveal one more card (Mode 1).
        ("TLR-070B", 0) => {
            let keep = mission_tokens(g).map(|(_, t)| t >= 3).unwrap_or(false);
            find(o, Opt::Mode(if keep { 0 } else { 1 })).or_else(|| find(o, Opt::Mode(1)))
        }
        // Rain-washed Tracks (The Weather Hills Nightmare): a Mission token (Mode 0), or +8
        // staging threat this phase (Mode 1, when revealed) / +3 Attack (Mode 1, shadow). A
        // token goes unless it is one of the last 2 of Savage Counter-attack (they are lives);
        // outside the quest phase the +8 threat costs nothing, so it is taken then.
        ("TWHN-017", w) => {
            let keep = mission_tokens(g).is_some_and(|(savage, t)| savage && t <= 2);
            let harmless = w == 0 && g.phase != Phase::Quest;
            let mode = if keep || harmless { 1 } else { 0 };
            find(o, Opt::Mode(mode)).or_else(|| find(o, Opt::Mode(1)))
        }
        // Tragic Discovery's shadow: 3 threat (Mode 0) or the attack goes undefended (Mode 1);
        // undefended when the threat would be deadly or the hit on a hero is cheap.
        ("TLR-058", 0) => {
            let threat = g.players[p as usize].threat;
            let (undefended, defended) = attack_outcomes(g, p);
            let take_undefended = threat + 3 >= 50 || undefended < defended + 3 * THREAT_UNIT;
            find(o, Opt::Mode(if take_undefended { 1 } else { 0 }))
        }
        // Heal effects of encounter cards (Make Camp, Sheltered Valley): the most valuable
        // damage to heal.
        ("TLR-055", 0) | ("TLR-029", 1) => pick_max(o, |c| {
            g.card(c).damage as i32 * 10 + char_value(g, c).min(10_000) / 10
        }),
        // Concealed Orc-camp: a token on the Mission objective, always; the Orc to engage on
        // travel is the least dangerous one.
        ("TLR-030", 1) => find(o, Opt::Yes),
        ("TLR-030", 2) => pick_min(o, |e| danger(g, e)),
        // Weight of Responsibility / Deadmen's Gate shadow: discard the cheapest attachment.
        ("TLR-050", 0) | ("TLR-040", 1) => pick_min(o, |a| g.def_of(a).cost.max(0) as i32),
        // Deadmen's Dike: the deck is the clock (an empty deck eliminates). Unnatural Fog: mill
        // one card per questing character (Mode 0) only with a deck to spare and more
        // willpower at stake than cards; else take the characters out of the quest (Mode 1).
        ("TLR-041", 0) => {
            let n = g.characters(p).filter(|&c| g.card(c).questing).count() as i32;
            let wp: i32 = g
                .characters(p)
                .filter(|&c| g.card(c).questing)
                .map(|c| g.stat(c, g.questing_stat()) as i32)
                .sum();
            let deck = g.list(Zone::Deck(p)).len() as i32;
            if deck - n >= 15 && wp > n {
                find(o, Opt::Mode(0))
            } else {
                find(o, Opt::Mode(1))
            }
        }
        // A Fell Wraith: mill 3 (Mode 0) with a deck to spare, else Thaurdir goes back to the
        // staging area (Mode 1).
        ("TLR-074B", 0) => {
            if g.list(Zone::Deck(p)).len() >= 15 {
                find(o, Opt::Mode(0))
            } else {
                find(o, Opt::Mode(1))
            }
        }
        // Decrepit City's shadow: mill 3 (Mode 0) or the attack goes undefended (Mode 1).
        ("DDN-024", 1) => {
            let (undefended, defended) = attack_outcomes(g, p);
            let deck = g.list(Zone::Deck(p)).len();
            let mill = if deck >= DECK_RESERVE + 3 {
                3 * 8
            } else {
                3 * 200
            };
            find(o, Opt::Mode((undefended < defended + mill) as u8))
        }
        // Paralyzing Fear: discard the top card to ready the hero unless the deck is nearly out.
        ("DDN-025", 1) => find(
            o,
            if g.list(Zone::Deck(p)).len() > 5 {
                Opt::Yes
            } else {
                Opt::No
            },
        ),
        // Norbury Tombs: shuffling discarded cards back into the decks only helps.
        ("TLR-037", 0) => find(o, Opt::Yes),
        // Thaurdir's Damned: one damage at a time where it costs least, counting the damage
        // already assigned.
        ("TLR-034", 0) => pick_min(o, |c| {
            let a = g.assigned_damage(c);
            damage_cost_after(g, c, a, 1)
        }),
        // Baleful Shade shadow: exhaust the ready character whose attack matters least.
        ("TLR-035", 1) => pick_min(o, |c| {
            char_value(g, c).min(10_000) / 10 + g.stat(c, Stat::Attack) as i32 * 20
        }),
        (k, _) if k.starts_with("AtE-") || k.starts_with("TToR-") => {
            angmar2_effect(g, p, k, what, o)
        }
        _ => None,
    }
}

/// The attack in progress against `p`: (cost if it goes undefended, cost of the damage its
/// declared defenders take) in damage-cost units.
pub(super) fn attack_outcomes(g: &Game, p: u8) -> (i32, i32) {
    let atk = g.stat(g.attack.enemy, Stat::Attack);
    let defended = g
        .attack
        .defenders()
        .iter()
        .map(|&d| damage_cost(g, d, atk - g.stat(d, Stat::Defense)))
        .sum();
    (undefended_cost(g, p, atk), defended)
}

pub(super) fn effect(g: &Game, p: u8, card: CardId, what: u8, o: &[Opt]) -> Option<usize> {
    let src = if card == NO_CARD { None } else { Some(card) };
    if let Some(a) = src {
        if what == 0
            && g.ty(a) == CardType::Attachment
            && g.card(a).owner != ENCOUNTER
            && g.card(a).zone == Zone::Resolving
        {
            if let Some(i) = attach_target(g, p, a, o) {
                return Some(i);
            }
        }
    }
    let harmful = src.map(|c| g.card(c).owner == ENCOUNTER).unwrap_or(false);
    let src_code = src.map(|c| code(g, c)).unwrap_or("");
    // Palace Ruins: the X worked out when its Action was chosen (at least the smallest).
    if src_code == "DDN-022" && what == 0 {
        let x = palace_ruins_x(g, p, card).max(1) as u8;
        return o
            .iter()
            .rposition(|m| matches!(*m, Opt::Mode(k) if k <= x))
            .or(Some(0));
    }
    if let Some(i) = known_effect(g, p, src_code, what, o) {
        return Some(i);
    }
    // Modes.
    if o.iter().any(|x| matches!(x, Opt::Mode(_))) {
        let want = if src_code == "Core-073" {
            // Gandalf: threat relief when high, a kill when possible, else cards.
            let killable = (0..g.n_players)
                .flat_map(|q| g.engaged(q).iter().copied())
                .chain(g.list(Zone::Staging).iter().copied())
                .any(|e| g.is_enemy(e) && g.remaining_hp(e) <= 4 && !g.immune(e));
            if g.players[p as usize].threat >= 30 {
                2
            } else if killable {
                1
            } else {
                0
            }
        } else {
            MODES
                .iter()
                .find(|m| m.0 == src_code)
                .map(|m| m.1)
                .unwrap_or(u8::MAX)
        };
        if let Some(i) = find(o, Opt::Mode(want)) {
            return Some(i);
        }
        return o.iter().position(|x| matches!(x, Opt::Mode(_)));
    }
    // Card targets.
    let any_card = o.iter().any(|x| matches!(x, Opt::Card(c) if *c != NO_CARD));
    if any_card {
        return if harmful {
            pick_min(o, |c| {
                if g.is_character(c) {
                    harm_cost(g, c) + (g.controller(c) != p) as i32 * 5
                } else if g.is_enemy(c) {
                    danger(g, c)
                } else {
                    g.threat_contribution(c) as i32
                }
            })
        } else {
            pick_max(o, |c| {
                if g.is_character(c) {
                    let mine = (g.controller(c) == p) as i32 * 50;
                    let exhausted = (!ready(g, c)) as i32 * 20;
                    let damaged = g.card(c).damage as i32 * 10;
                    char_value(g, c).min(10_000) + mine + exhausted + damaged
                } else if g.is_enemy(c) {
                    danger(g, c) + (g.card(c).zone == Zone::Engaged(p)) as i32 * 100
                } else if g.is_location(c) {
                    g.threat_contribution(c) as i32 * 10 + g.card(c).progress as i32
                } else {
                    0
                }
            })
        };
    }
    // Players.
    if o.iter().any(|x| matches!(x, Opt::Player(_))) {
        let mut best: Option<(i32, usize)> = None;
        for (i, opt) in o.iter().enumerate() {
            let Opt::Player(q) = *opt else { continue };
            let v = if harmful {
                -(g.players[q as usize].threat as i32)
            } else {
                -(hand(g, q).len() as i32) * 10 + (q == p) as i32
            };
            if best.map(|(b, _)| v > b).unwrap_or(true) {
                best = Some((v, i));
            }
        }
        return best.map(|(_, i)| i);
    }
    if !harmful {
        if let Some(i) = find(o, Opt::Yes) {
            return Some(i);
        }
    }
    Some(fallback(o))
}
