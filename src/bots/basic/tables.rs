//! The `basic` bot's card knowledge by code: key responses, attachments, side quests, damage
//! prompts, travel penalties and the value of playing each card now.

use super::*;

/// Key responses worth keeping Spirit resources for: (code, cost).
pub const KEY_RESPONSES: &[(&str, i16)] = &[
    ("Core-050", 1), // A Test of Will: cancel a when-revealed effect
    ("Core-048", 1), // Hasty Stroke: cancel a shadow effect
];

/// Treacheries not worth a cancel.
pub const MILD_TREACHERIES: &[&str] = &[];

/// Attachment kinds: how much playing it is worth and where it goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttachKind {
    /// +ATK: the best attacker.
    Weapon,
    /// +DEF / +HP: the best defender.
    Armor,
    /// +WP: the best quester.
    Willpower,
    /// Extra resources: the hero whose sphere has most cards in hand.
    Resources,
    /// Readying / general: the best hero.
    General,
    /// Goes on an enemy: the most dangerous engaged enemy.
    Enemy,
    /// Goes on a location: the one with the most threat.
    Location,
}

/// Player attachments by code: (code, play score, kind). Unknown attachments score 20, General.
pub const ATTACHMENTS: &[(&str, i32, AttachKind)] = &[
    ("Core-026", 45, AttachKind::Resources), // Steward of Gondor
    ("Core-027", 35, AttachKind::Willpower), // Celebrían's Stone (+2 WP)
    ("Core-039", 30, AttachKind::Weapon),    // Blade of Gondolin
    ("Core-040", 30, AttachKind::Armor),     // Citadel Plate (+4 HP)
    ("Core-041", 30, AttachKind::Weapon),    // Dwarven Axe
    ("Core-042", 15, AttachKind::General),   // Horn of Gondor
    ("Core-055", 30, AttachKind::Willpower), // The Favor of the Lady (+1 WP)
    ("Core-056", 20, AttachKind::Location),  // Power in the Earth
    ("Core-057", 40, AttachKind::General),   // Unexpected Courage
    ("Core-069", 45, AttachKind::Enemy),     // Forest Snare
    ("Core-070", 15, AttachKind::Armor),     // Protector of Lórien
    ("Core-071", 0, AttachKind::General),    // Dark Knowledge
    ("Core-072", 20, AttachKind::Armor),     // Self Preservation
    ("TLR-010", 35, AttachKind::General),    // Heir of Valandil
    ("TLR-011", 20, AttachKind::Armor),      // Athelas
    ("TLR-012", 15, AttachKind::Enemy),      // Secret Vigil
    ("RevCore-133", 25, AttachKind::Weapon), // Valor: heal 1 and 1 damage when attacking
    ("RevCore-134", 40, AttachKind::Resources), // Appointed by Fate: +1 resource
    ("TLR-013", 20, AttachKind::Willpower),  // Star Brooch
    ("TBoCD-122", 15, AttachKind::General),  // The Long Defeat (on a quest card)
    ("TBoCD-124", 20, AttachKind::General),  // Favor of the Valar (own threat dial)
    ("TDR-142", 30, AttachKind::Weapon),     // Sword of Númenor
    ("TDR-148", 15, AttachKind::Armor),      // Weather-stained Cloak
    ("TDR-149", 40, AttachKind::General),    // Sword-thain (best unique ally)
    ("TWoE-005", 25, AttachKind::Armor),     // Raven-winged Helm
    ("TWoE-007", 15, AttachKind::General),   // Hobbit Pony
    ("WaR-006", 30, AttachKind::Weapon),     // Durin's Axe (+2 ATK; guarded first)
    ("WaR-008", 30, AttachKind::Willpower),  // Silver Circlet (+2 WP)
    ("WaR-009", 20, AttachKind::Armor),      // Inner Strength (+1 DEF)
    ("AtE-055", 25, AttachKind::Location),   // Ranger Provisions
    ("AtE-059", 20, AttachKind::General),    // Steed of Imladris
    ("TToR-087", 25, AttachKind::Weapon),    // Elven Spear
    ("TToR-090", 25, AttachKind::General),   // Silver Harp
    ("TToR-093", 10, AttachKind::General),   // Elf-friend
];

pub(super) fn attachment_info(g: &Game, c: CardId) -> (i32, AttachKind) {
    let k = code(g, c);
    ATTACHMENTS
        .iter()
        .find(|a| a.0 == k)
        .map(|a| (a.1, a.2))
        .unwrap_or((20, AttachKind::General))
}

/// Side quests: (code, priority). Higher priority is chosen first; 0 = only when cheap.
pub const SIDE_QUESTS: &[(&str, i32)] = &[
    ("TLR-024", 100), // Rescue Iârion: Iârion is discarded (game lost) when time runs out
    ("TLR-046", 60),  // Orc Ambush: hurts while in play
    ("TLR-023", 50),  // Orc Rearguard: caps progress on the main quest at 3
    ("TLR-051", 40),  // Lost in the Wilderness
    ("TLR-032", 90),  // Find Shelter: 4 damage on a hero of each player when its time runs out
    ("TLR-059", 70),  // Search the Ruins: +2 threat each round
    ("TLR-055", 20),  // Make Camp: no healing
    ("TLR-063", 55),  // Seal the Tomb: mills the encounter deck, brings back an Undead enemy
    ("TLR-042", 45),  // The Shadow World: mills one card per engaged Undead enemy each round
    ("TLR-067", 0),   // The Power of Angmar: only when cheap (its lock rarely matters)
    ("DDN-027", 75),  // Gather Your Courage: 8 cards of each deck are under it
];

/// Damage prompts of encounter cards: (code, prompt, damage per pick). The bot puts each pick on
/// the character where that damage costs least (`damage_cost`).
pub const DAMAGE_PROMPTS: &[(&str, u8, i16)] = &[
    ("TLR-052", 0, 1), // Biting Wind
    ("TLR-054", 0, 1), // Cold from Angmar
    ("TLR-031", 0, 1), // Ice Storm
    ("TLR-031", 1, 1), // Ice Storm's shadow
    ("TLR-028", 0, 1), // Exposed Ridge
    ("TLR-032", 0, 4), // Find Shelter
    // Ruined Watch-tower (The Weather Hills Nightmare)
    ("TWHN-016", 0, 1),
];

/// Locations whose travel cost hurts: (code, score penalty).
pub const TRAVEL_PENALTY: &[(&str, i32)] = &[
    ("TLR-036", 2), // Broken Battlements: each player mills one card
    ("TLR-037", 3), // Norbury Tombs: an enemy comes back from the encounter discard pile
    ("TLR-040", 2), // Deadmen's Gate: every action or response mills a card while active
];

/// Preferred `Mode(k)` by resolving card code (the modes as printed, 0-based), else the first.
/// `Core-073` Gandalf: 0 draw 3, 1 deal 4 damage, 2 reduce threat by 5 (chosen dynamically).
pub const MODES: &[(&str, u8)] = &[];

/// Value of taking the action/response `o` (Play or Activate of card `c`) now: > 0 to use it.
/// A per-card-code table; unknown cards: 0 (in-play responses are handled by the caller).
pub(super) fn action_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    let phase = g.phase;
    let in_hand = g.card(c).zone == Zone::Hand(p);
    let hand_n = hand(g, p).len();
    let threat = g.players[p as usize].threat;
    let engaged = g.engaged(p).len();
    let exhausted_chars = g.characters(p).filter(|&x| !ready(g, x)).count();
    match code(g, c) {
        // --- heroes
        "Core-001" => matches!(ev, Some(Event::Committed(x)) if x == c)
            .then_some(30)
            .unwrap_or(0), // Aragorn ready
        "Core-002" | "Core-003" | "Core-005" => 30, // Théodred / Glóin / Legolas: free gains
        "Core-007" => (phase == Phase::Quest && !any_questing(g, p) && hand_n >= 5) as i32 * 10, // Éowyn
        "Core-008" => match ev {
            Some(Event::CancelWhenRevealed(x)) if cancel_worthy(g, x) => 40, // Eleanor
            _ => 0,
        },
        "Core-011" => {
            // Glorfindel: pay 1 to heal 1, with leftovers at the end of the round.
            (phase == Phase::Refresh && g.characters(p).any(|x| g.card(x).damage > 0)) as i32 * 20
        }
        "Core-012" | "Core-062" => {
            // Beravor / Gléowine: exhaust to draw, when not needed for combat.
            (phase == Phase::Combat && engaged == 0 && hand_n <= 6 && ready(g, c)) as i32 * 20
        }
        // --- leadership
        "Core-014" => {
            (phase == Phase::Quest && g.characters(p).filter(|&x| g.card(x).questing).count() >= 2)
                as i32
                * 25
        }
        "Core-016" | "Core-018" | "Core-059" | "Core-061" => 25, // enters-play responses
        "Core-020" => {
            (phase == Phase::Combat && engaged > 0 && g.allies_of(p).any(|x| !ready(g, x))) as i32
                * 20
        }
        "Core-021" => 0, // Common Cause
        "Core-022" => (phase == Phase::Combat && engaged >= 2) as i32 * 15, // For Gondor!
        "Core-023" => {
            // Sneak Attack: Gandalf for 1 before committing or before combat.
            let pre_quest = phase == Phase::Quest && !any_questing(g, p);
            (hand_has(g, p, &["Core-073"])
                && (pre_quest || (phase == Phase::Combat && engaged > 0))) as i32
                * 35
        }
        "Core-024" => 25, // Valiant Sacrifice: draw 2
        "Core-025" => (phase == Phase::Combat && engaged > 0 && exhausted_chars >= 3) as i32 * 30, // Grim Resolve
        "Core-026" => (matches!(phase, Phase::Planning | Phase::Resource)) as i32 * 50, // Steward
        // --- tactics
        "Core-032" | "Core-033" | "Core-035" | "Core-038" => 0,
        "Core-034" => {
            (phase == Phase::Combat && engaged > 0 && max_engaged_attack(g, p) >= 3) as i32 * 25
        } // Feint
        "Core-036" => {
            (phase == Phase::Combat && (engaged >= 2 || engaged_attack(g, p) >= 5)) as i32 * 30
        } // Thicket
        "Core-037" => matches!(ev, Some(Event::DefenderDeclared(..))) as i32 * 30, // Swift Strike
        "Core-039" | "Core-042" => 25, // Blade of Gondolin / Horn of Gondor responses
        // --- spirit
        "Core-046" => (threat >= 35) as i32 * 60, // The Galadhrim's Greeting
        "Core-047" => 25,                         // Strength of Will
        "Core-048" => match ev {
            Some(Event::CancelShadow(_)) if shadow_dangerous(g) => 40, // Hasty Stroke
            _ => 0,
        },
        "Core-049" | "Core-053" => 0,
        "Core-050" => match ev {
            Some(Event::CancelWhenRevealed(x)) if cancel_worthy(g, x) => 50, // A Test of Will
            _ => 0,
        },
        "Core-051" => {
            // Stand and Fight: an ally in a discard pile we can afford.
            (phase == Phase::Planning && discard_ally_affordable(g, p)) as i32 * 40
        }
        "Core-052" => (phase == Phase::Combat && max_engaged_attack(g, p) >= 4) as i32 * 20, // A Light in the Dark
        "Core-054" => {
            (0..g.n_players).any(|q| g.list(Zone::Discard(q)).iter().any(|&x| g.is_hero(x))) as i32
                * 60
        }
        "Core-057" => {
            // Unexpected Courage: ready the hero after committing / before combat.
            let host = match g.card(c).zone {
                Zone::Attached(h) => h,
                _ => NO_CARD,
            };
            (host != NO_CARD
                && !ready(g, host)
                && (phase == Phase::Combat
                    || (phase == Phase::Quest && any_questing(g, p))
                    || phase == Phase::Encounter)) as i32
                * 35
        }
        "Core-043" | "Core-044" | "Core-045" => 25, // Wandering Took? (no) / Lórien Guide / Northern Tracker
        // --- lore
        "Core-058" | "Core-072" => (hero_at_risk(g, p) || total_hero_damage(g, p) >= 3) as i32 * 25, // heal 2
        "Core-063" => hero_at_risk(g, p) as i32 * 35, // Lore of Imladris
        "Core-064" => (hand_n <= 3 && phase == Phase::Planning) as i32 * 20, // Lórien's Wealth
        "Core-065" => {
            (phase == Phase::Quest
                && !any_questing(g, p)
                && g.list(Zone::Staging)
                    .iter()
                    .any(|&x| g.is_enemy(x) && g.threat_contribution(x) >= 2)) as i32
                * 25
        } // Radagast's Cunning
        "Core-066" => {
            (phase == Phase::Quest
                && !any_questing(g, p)
                && g.list(Zone::Staging)
                    .iter()
                    .any(|&x| g.is_location(x) && g.threat_contribution(x) >= 2)) as i32
                * 25
        } // Secret Paths
        "Core-067" | "Core-060" | "Core-010" | "Core-070" | "Core-071" => 0,
        "Core-068" => (total_hero_damage(g, p) >= 4) as i32 * 30, // Beorn's Hospitality
        "Core-073" => 40,                                         // Gandalf enters play
        // --- The Battle of Carn Dûm / The Dread Realm
        "TBoCD-117" | "TBoCD-118" | "TBoCD-119" | "TBoCD-120" | "TBoCD-121" | "TBoCD-123"
        | "TDR-140" | "TDR-141" | "TDR-142" | "TDR-144" | "TDR-145" | "TDR-146" | "TDR-147"
        | "TDR-148" => carn_dum_dread_realm_value(g, p, c, ev),
        // --- The Lost Realm
        "TLR-001" => aragorn_engage_value(g, p), // engage another enemy after a kill
        "TLR-007" => (phase == Phase::Planning) as i32 * 40, // Ranger Summons
        "TLR-008" => {
            // Tireless Hunters: take on a staged enemy we can hold before enemies attack.
            (phase == Phase::Combat && holdable_staged_enemy(g, p).is_some()) as i32 * 25
        }
        "TLR-009" => 30, // Expert Trackers: free progress
        "TLR-010" => {
            // Heir of Valandil: before playing a Dúnedain ally it makes cheaper.
            (phase == Phase::Planning
                && hand(g, p)
                    .iter()
                    .any(|&x| g.is_ally(x) && g.has_trait(x, "Dúnedain") && g.def_of(x).cost > 0))
                as i32
                * 200
        }
        "TLR-011" => {
            // Athelas: heal a badly hurt character.
            let hurt = (0..g.n_players)
                .flat_map(|q| g.characters(q))
                .any(|x| g.card(x).damage >= 3);
            (hero_at_risk(g, p) || hurt) as i32 * 30
        }
        // --- The Wastes of Eriador
        "TWoE-001" => match ev {
            // Merry: threat relief worth the enemy's threat.
            Some(Event::Revealed(e, _)) => g.stat(e, Stat::Threat) as i32 * 10,
            _ => 0,
        },
        "TWoE-003" => match ev {
            // Rallying Cry: recover a dear ally; as the Valour Action, before a dangerous combat.
            Some(Event::LeftPlay(a)) => (g.def_of(a).cost >= 3) as i32 * 30,
            None => {
                (phase == Phase::Combat && engaged > 0 && g.allies_of(p).count() >= 2) as i32 * 25
            }
            _ => 0,
        },
        "TWoE-004" => match ev {
            // Honour Guard: save a character from dying, or spare a hero.
            Some(Event::CancelDamage(x, n)) => {
                let big = if g.valour(p) { n.min(5) } else { 1 };
                if g.remaining_hp(x) <= 0 && g.remaining_hp(x) + big > 0 {
                    45
                } else {
                    g.is_hero(x) as i32 * 15
                }
            }
            _ => 0,
        },
        "TWoE-005" => 30, // Raven-winged Helm: prevent 1 damage (readies in the refresh phase)
        "TWoE-006" => 40, // Curious Brandybuck: a free ally
        "TWoE-007" => {
            // Hobbit Pony: commit its hero after staging when the quest would fail otherwise.
            let host = match g.card(c).zone {
                Zone::Attached(h) => h,
                _ => NO_CARD,
            };
            (host != NO_CARD
                && g.before_quest_resolution()
                && g.stat(host, g.questing_stat()) > 0
                && g.questing_strength() <= g.staging_threat()) as i32
                * 30
        }
        "TWoE-009" => 30, // Scout Ahead: an encounter card leaves the deck
        "TWoE-010" => 35, // Ranger of Cardolan: a 2/2/2 body for 1 resource this round
        // --- Escape from Mount Gram
        // Wrath and Ruin.
        "WaR-001" => (g.list(Zone::Deck(p)).len() > 10) as i32 * 25, // Thorin: 1 damage
        "WaR-006" => 25,                 // Durin's Axe: 1 damage after a kill
        "WaR-007" => charge_value(g, p), // Charge into Battle
        "WaR-002" | "WaR-004" => 25,     // Soldier of Gondor / Cautious Halfling: free cards
        "WaR-003" => {
            // Pillars of the Kings: back down to 40, or a small raise for a card.
            if threat > 40 {
                50
            } else {
                (37..40).contains(&threat) as i32 * 20
            }
        }
        "WaR-005" => (phase == Phase::Planning) as i32 * 30, // Tom Bombadillo!
        "WaR-009" => match ev {
            Some(Event::CancelShadow(_)) if shadow_dangerous(g) => 35, // Inner Strength
            _ => 0,
        },
        "EfMG-030" => (phase == Phase::Combat && engaged > 0) as i32 * 30, // Descendants of Kings
        "EfMG-031" => {
            // Derndingle Warrior: 1 damage for +3 Defense when the attack would hurt it.
            let e = g.attack.enemy;
            let def: i16 = g
                .attack
                .defenders()
                .iter()
                .map(|&d| g.stat(d, Stat::Defense))
                .sum();
            (e != NO_CARD && g.stat(e, Stat::Attack) - def >= 2 && g.remaining_hp(c) > 1) as i32
                * 30
        }
        "EfMG-032" => 15 + (phase == Phase::Combat) as i32 * 10, // Boomed and Trumpeted
        "EfMG-033" => (phase == Phase::Planning && hand_n >= 6) as i32 * 15, // Elven Jeweler
        "EfMG-034" => 50,                                        // Double Back: every threat -5
        "EfMG-035" => 20, // Leave No Trace: the location never comes back
        "EfMG-036" => distant_stars_value(g, p),
        "EfMG-037" => (g.cost_of(c, p) <= 2) as i32 * 30, // Keen as Lances
        "DDN-022" => (palace_ruins_x(g, p, c) > 0) as i32 * 30, // Palace Ruins
        k if k.starts_with("AtE-") || k.starts_with("TToR-") => angmar2_value(g, p, c, ev),
        _ => {
            if in_hand {
                0
            } else {
                // Unknown in-play ability: responses are used (free), actions are not.
                ev.is_some() as i32 * 10
            }
        }
    }
}

/// Deck cards a player keeps in Deadmen's Dike (an empty deck eliminates) before spending any
/// on an effect.
pub(super) const DECK_RESERVE: usize = 15;

/// Palace Ruins (DDN-022): the X worth discarding to lower its Threat now, 0 if none. Only in
/// the quest phase's window after staging (the threat to quest against is then known), while
/// it is staged and the quest would fail: X covers the shortfall, at most its Threat, and
/// keeps `DECK_RESERVE` cards in the deck.
pub(super) fn palace_ruins_x(g: &Game, p: u8, c: CardId) -> i16 {
    let after_staging = g.stack.iter().rev().find_map(|f| match *f {
        crate::engine::Frame::Step(s) => Some(s),
        _ => None,
    }) == Some(crate::engine::Step::Resolve);
    if g.phase != Phase::Quest || !after_staging || g.card(c).zone != Zone::Staging {
        return 0;
    }
    let short = g.staging_threat() - g.questing_strength();
    let spare = g.list(Zone::Deck(p)).len().saturating_sub(DECK_RESERVE) as i16;
    short.min(g.stat(c, Stat::Threat)).min(spare).max(0)
}

/// Charge into Battle: worth it when the ready characters can kill a non-unique enemy in the
/// staging area and no enemy is engaged with us yet (they will be needed to defend then).
pub(super) fn charge_value(g: &Game, p: u8) -> i32 {
    if g.phase != Phase::Quest || !g.engaged(p).is_empty() {
        return 0;
    }
    let atk: i16 = g
        .characters(p)
        .filter(|&c| ready(g, c))
        .map(|c| g.stat(c, Stat::Attack))
        .sum();
    let killable = g.list(Zone::Staging).iter().any(|&e| {
        g.is_enemy(e) && !g.def_of(e).unique && atk - g.stat(e, Stat::Defense) >= g.remaining_hp(e)
    });
    killable as i32 * 30
}

/// `action_value` of The Battle of Carn Dûm and The Dread Realm cards.
pub(super) fn carn_dum_dread_realm_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    let phase = g.phase;
    let hand_n = hand(g, p).len();
    let engaged = g.engaged(p).len();
    let ready_wp: i16 = g
        .characters(p)
        .filter(|&x| ready(g, x))
        .map(|x| g.stat(x, Stat::Willpower))
        .sum();
    match code(g, c) {
        // Doom Hangs Still: no threat for failing a quest we expect to fail.
        "TBoCD-117" => (phase == Phase::Planning && g.staging_threat() > ready_wp) as i32 * 20,
        // Beechbone: hit the enemy while he survives the point of damage.
        "TBoCD-118" => {
            matches!(ev, Some(Event::AttackerDeclared(..))) as i32
                * (g.remaining_hp(c) >= 2) as i32
                * 25
        }
        // Hold Your Ground!: ready sentinels for the enemy attacks.
        "TBoCD-119" => {
            (phase == Phase::Combat && (0..g.n_players).any(|q| !g.engaged(q).is_empty())) as i32
                * 25
        }
        // Lindir / Galadhrim Healer: enters-play responses; Éothain / Sword of Númenor: free.
        "TBoCD-120" | "TDR-147" | "TDR-141" | "TDR-142" | "TDR-148" => 25,
        // Lords of the Eldar: before committing, with at least two Noldor characters.
        "TBoCD-121" => {
            let noldor = (0..g.n_players)
                .flat_map(|q| g.characters(q))
                .filter(|&x| g.has_trait(x, "Noldor"))
                .count();
            (phase == Phase::Quest && !any_questing(g, p) && noldor >= 2) as i32 * 20
        }
        // Quick Ears: cancel a dangerous enemy.
        "TBoCD-123" => match ev {
            Some(Event::Revealing(x, true)) if danger(g, x) >= 15 => 35,
            _ => 0,
        },
        // Arwen: a dead card (or a full hand) turns into a resource.
        "TDR-140" => {
            if hand(g, p).iter().any(|&x| hand_card_value(g, p, x) <= 0) {
                30
            } else {
                (phase == Phase::Planning && hand_n >= 6) as i32 * 15
            }
        }
        // Hour of Wrath: heroes attack and defend without exhausting.
        "TDR-144" => (phase == Phase::Combat && engaged >= 2) as i32 * 20,
        // Elven-light: a card for 1 resource.
        "TDR-145" => (phase == Phase::Planning) as i32 * 15,
        // Tale of Tinúviel: ready a partner for combat.
        "TDR-146" => (phase == Phase::Combat && engaged > 0) as i32 * 20,
        _ => 0,
    }
}

/// Distant Stars: swap the active location for a much shorter one while questing.
pub(super) fn distant_stars_value(g: &Game, p: u8) -> i32 {
    let Some(l) = g.active_location() else {
        return 0;
    };
    let left = g.stat(l, Stat::QuestPoints) - g.card(l).progress;
    let best = [Zone::EncounterDeck, Zone::EncounterDiscard]
        .iter()
        .flat_map(|&z| g.list(z).iter().copied())
        .filter(|&x| g.is_location(x) && !g.def_of(x).unique)
        .map(|x| g.stat(x, Stat::QuestPoints))
        .min()
        .unwrap_or(i16::MAX);
    (g.phase == Phase::Quest && any_questing(g, p) && best.saturating_add(2) <= left) as i32 * 20
}

/// How much an encounter card still in the deck would hurt us (Scout Ahead removes one).
pub(super) fn encounter_harm(g: &Game, c: CardId) -> i32 {
    match g.ty(c) {
        CardType::Enemy => danger(g, c),
        CardType::Location => {
            (g.stat(c, Stat::Threat) * 8 + g.stat(c, Stat::QuestPoints) * 2) as i32
        }
        CardType::Treachery => 30,
        CardType::EncounterSideQuest => 25,
        _ => 0,
    }
}

/// A staged enemy `p` could take on: its attack is within what his best ready defender holds
/// (DEF + remaining HP − 1); the one adding the most threat.
pub(super) fn holdable_staged_enemy(g: &Game, p: u8) -> Option<CardId> {
    let hold = g
        .characters(p)
        .filter(|&c| ready(g, c))
        .map(|c| g.stat(c, Stat::Defense) + g.remaining_hp(c) - 1)
        .max()
        .unwrap_or(0);
    g.list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| {
            g.is_enemy(e)
                && !g.immune(e)
                && !g.rule(Rule::CannotBeEngaged(e))
                && g.stat(e, Stat::Attack) <= hold
        })
        .max_by_key(|&e| {
            (
                g.threat_contribution(e),
                std::cmp::Reverse(g.stat(e, Stat::Attack)),
            )
        })
}

/// Tactics Aragorn's response: engage a staged enemy we can hold, or one that would engage us
/// at the next engagement check anyway.
pub(super) fn aragorn_engage_value(g: &Game, p: u8) -> i32 {
    let threat = g.players[p as usize].threat;
    let soon = g
        .list(Zone::Staging)
        .iter()
        .any(|&e| g.is_enemy(e) && g.stat(e, Stat::Engagement) <= threat);
    (holdable_staged_enemy(g, p).is_some() || soon) as i32 * 25
}

/// What each enemy engaged with `p` is worth to his Dúnedain cards per round, in damage-cost
/// units: Warden of Annúminas +1 WP each; with none engaged yet, Star Brooch's +1 WP and Halbarad
/// questing without exhausting start to count.
pub(super) fn engagement_reward(g: &Game, p: u8) -> i32 {
    let mine = |c: CardId| g.controller(c) == p;
    let wardens = g.characters(p).filter(|&c| code(g, c) == "TLR-006").count() as i32;
    let first = if g.engaged(p).is_empty() {
        let brooches = g
            .list(Zone::Attached(0))
            .iter()
            .filter(|&&a| code(g, a) == "TLR-013" && mine(a))
            .count() as i32;
        let halbarad = g.characters(p).any(|c| code(g, c) == "TLR-002") as i32;
        brooches + halbarad
    } else {
        0
    };
    (wardens + first) * THREAT_UNIT
}

pub(super) fn max_engaged_attack(g: &Game, p: u8) -> i16 {
    g.engaged(p)
        .iter()
        .map(|&e| g.stat(e, Stat::Attack))
        .max()
        .unwrap_or(0)
}

/// Is this just-revealed card worth canceling? Treacheries not in `MILD_TREACHERIES`.
pub(super) fn cancel_worthy(g: &Game, x: CardId) -> bool {
    g.ty(x) == CardType::Treachery && !MILD_TREACHERIES.contains(&code(g, x))
}

/// Could the attack in progress destroy a defender (or is it undefended)?
pub(super) fn shadow_dangerous(g: &Game) -> bool {
    let e = g.attack.enemy;
    if e == NO_CARD || !g.card(e).zone.in_play() {
        return false;
    }
    let atk = g.stat(e, Stat::Attack);
    let defs = g.attack.defenders();
    if defs.is_empty() {
        return true;
    }
    let def: i16 = defs.iter().map(|&d| g.stat(d, Stat::Defense)).sum();
    let dmg = atk - def + 2;
    defs.iter().any(|&d| dmg >= g.remaining_hp(d))
}

pub(super) fn discard_ally_affordable(g: &Game, p: u8) -> bool {
    let spirit = g.available(p, Sphere::Spirit);
    (0..g.n_players).any(|q| {
        g.list(Zone::Discard(q))
            .iter()
            .any(|&x| g.is_ally(x) && g.def_of(x).cost >= 2 && g.def_of(x).cost <= spirit)
    })
}

/// Does `p` control Erestor (his hand is discarded at the end of every round, so cards in hand
/// are cheap to spend)?
pub(super) fn has_erestor(g: &Game, p: u8) -> bool {
    g.heroes(p).any(|h| code(g, h) == "TToR-084")
}

/// A restricted attachment from Across the Ettenmoors / The Treachery of Rhudaur (the room
/// check below is kept to these so the Core decks' tuned play is unchanged).
pub(super) fn angmar2_restricted(g: &Game, a: CardId) -> bool {
    let k = code(g, a);
    g.def_of(a).keywords.restricted && (k.starts_with("AtE-") || k.starts_with("TToR-"))
}

/// Has some legal target of restricted attachment `a` fewer than 2 restricted attachments?
pub(super) fn restricted_room(g: &Game, p: u8, a: CardId) -> bool {
    g.attach_targets(a, p).any(|t| {
        g.attachments(t)
            .filter(|&x| g.def_of(x).keywords.restricted)
            .count()
            < 2
    })
}

/// Attack `c` can reach in an attack: its Attack plus what its Elven Spears can still add
/// (one per card in its controller's hand, 3 per Spear per phase).
pub(super) fn attack_potential(g: &Game, c: CardId) -> i16 {
    let a = g.stat(c, Stat::Attack);
    let mut spear: i16 = 0;
    for x in g.attachments(c) {
        if code(g, x) == "TToR-087" && g.controller(x) == g.controller(c) {
            spear += 3 - g.card(x).uses_phase.min(3) as i16;
        }
    }
    if spear == 0 {
        return a;
    }
    let in_hand = g.list(Zone::Hand(g.controller(c))).len() as i16;
    a + spear.min(in_hand)
}

/// Strength and kill threshold (remaining HP + Defense) of `p`'s player attack in progress.
pub(super) fn attack_in_progress(g: &Game, p: u8) -> Option<(i16, i16, i16)> {
    let e = g.patk.enemy;
    if e == NO_CARD || g.patk.player != p || !g.card(e).zone.in_play() {
        return None;
    }
    let strength: i16 = g
        .patk
        .attackers()
        .iter()
        .map(|&a| g.stat(a, Stat::Attack))
        .sum();
    Some((
        strength,
        g.remaining_hp(e) + g.stat(e, Stat::Defense),
        g.stat(e, Stat::Defense),
    ))
}

/// Engaged enemies of `p` that have not attacked yet this phase.
pub(super) fn unattacked_engaged<'g>(g: &'g Game<'g>, p: u8) -> impl Iterator<Item = CardId> + 'g {
    g.engaged(p)
        .iter()
        .copied()
        .filter(move |&e| g.is_enemy(e) && !g.card(e).attacked && !g.immune(e))
}

/// A Valour event (other than `not`) in `p`'s hand worth playing now.
pub(super) fn valour_event_wanted(g: &Game, p: u8, not: CardId) -> bool {
    hand(g, p).iter().any(|&x| {
        x != not
            && crate::cards::common::is_valour_event(g, x)
            && code(g, x) != "AtE-063"
            && g.available(p, g.def_of(x).sphere) + 2 >= g.def_of(x).cost.max(0)
            && action_value(g, p, x, None) > 0
    })
}

/// `action_value` for the Across the Ettenmoors and Treachery of Rhudaur player cards.
pub(super) fn angmar2_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    let phase = g.phase;
    let hand_n = hand(g, p).len();
    let erestor = has_erestor(g, p);
    match code(g, c) {
        // Dori: lend his Defense when the attack would hurt the defending hero.
        "AtE-054" => match ev {
            Some(Event::DefenderDeclared(d, e)) => {
                let atk = g.stat(e, Stat::Attack) + shadow_count(g, e);
                (atk > g.stat(d, Stat::Defense)) as i32 * 30
            }
            _ => 0,
        },
        // Dúnedain Message: fetch a side quest to play this planning phase.
        "AtE-056" => {
            (phase == Phase::Planning
                && !hand(g, p)
                    .iter()
                    .any(|&x| g.ty(x) == CardType::PlayerSideQuest)) as i32
                * 20
        }
        // Longbeard Sentry: +1 Defense / Sentinel before enemies attack, with a deck to spare.
        "AtE-057" => {
            let attacks_left = (0..g.n_players).any(|q| unattacked_engaged(g, q).next().is_some());
            (phase == Phase::Combat
                && ready(g, c)
                && attacks_left
                && g.list(Zone::Deck(p)).len() >= 8) as i32
                * 15
        }
        // Steed of Imladris: a card for 2 progress on the active location.
        "AtE-059" => {
            (matches!(ev, Some(Event::Committed(_))) && (hand_n >= 3 || erestor)) as i32 * 25
        }
        // Fair and Perilous: turns an attack that falls short into a kill.
        "AtE-060" => match attack_in_progress(g, p) {
            Some((strength, need, _)) if strength < need => {
                let best = g
                    .patk
                    .attackers()
                    .iter()
                    .filter(|&&a| g.has_trait(a, "Noldor") || g.has_trait(a, "Silvan"))
                    .map(|&a| g.stat(a, Stat::Willpower))
                    .max()
                    .unwrap_or(0);
                (strength + best >= need) as i32 * 40
            }
            _ => 0,
        },
        // None Return: keep a strong enemy out of the encounter deck for good.
        "AtE-062" => match ev {
            Some(Event::Destroyed(e)) => {
                let d = g.def_of(e);
                (d.attack.max(0) + d.threat.max(0) >= 4 || hand_has(g, p, &["TToR-092"])) as i32
                    * 25
            }
            _ => 0,
        },
        // Hope Rekindled: discount a Valour event we are about to play, or (Valour) search.
        "AtE-063" => {
            if valour_event_wanted(g, p, c) {
                60
            } else {
                (g.valour(p) && !g.list(Zone::Deck(p)).is_empty()) as i32 * 20
            }
        }
        // Reinforcements: bodies before committing, or before enemies attack.
        "TToR-085" => {
            let pre_quest = phase == Phase::Quest && !any_questing(g, p);
            let pre_combat = phase == Phase::Combat
                && !g.engaged(p).is_empty()
                && g.engaged(p).iter().all(|&e| !g.card(e).attacked);
            (pre_quest || pre_combat) as i32 * 30
        }
        // Elven Spear: discard for +1 Attack when it completes a kill (or chips, with Erestor).
        "TToR-087" => {
            let Zone::Attached(h) = g.card(c).zone else {
                return 0;
            };
            match attack_in_progress(g, p) {
                Some((strength, need, _))
                    if g.patk.attackers().contains(&h) && strength < need && hand_n > 0 =>
                {
                    let uses_left = 3 - g.card(c).uses_phase as i16;
                    (strength + uses_left >= need || erestor) as i32 * 30
                }
                _ => 0,
            }
        }
        // Horn's Cry: before enemy attacks, against several attackers (or Valour, one player).
        "TToR-088" => {
            let n = unattacked_engaged(g, p).count();
            let valour = g.valour(p);
            (phase == Phase::Combat && (n >= 2 || (valour && n >= 1))) as i32 * 25
        }
        // Silver Harp: take back a card worth having.
        "TToR-090" => match ev {
            Some(Event::DiscardedFromHand(x)) => (hand_card_value(g, p, x) >= 6) as i32 * 30,
            _ => 0,
        },
        // The Door is Closed!: always worth a card.
        "TToR-092" => matches!(ev, Some(Event::CancelWhenRevealed(_))) as i32 * 45,
        _ => {
            if g.card(c).zone == Zone::Hand(p) {
                0
            } else {
                // In-play responses (Wellinghall Preserver, Galadhrim Weaver, Galdor): free.
                ev.is_some() as i32 * 10
            }
        }
    }
}

/// Prompts of the Across the Ettenmoors and Treachery of Rhudaur player cards.
pub(super) fn angmar2_effect(g: &Game, p: u8, src: &str, what: u8, o: &[Opt]) -> Option<usize> {
    match (src, what) {
        // Steed of Imladris / Elven Spear: discard the least useful card in hand.
        ("AtE-059", 0) | ("TToR-087", 0) => pick_min(o, |c| hand_card_value(g, p, c)),
        // Fair and Perilous: the attacker (else our ready character) with the most Willpower.
        ("AtE-060", 0) => pick_max(o, |c| {
            g.patk.attackers().contains(&c) as i32 * 100
                + (g.controller(c) == p && ready(g, c)) as i32 * 50
                + g.stat(c, Stat::Willpower) as i32
        }),
        // Hope Rekindled: the discount when a Valour event is wanted, else the search.
        ("AtE-063", 0) => {
            let m = if valour_event_wanted(g, p, NO_CARD) {
                0
            } else {
                1
            };
            find(o, Opt::Mode(m))
        }
        // Reinforcements: the strongest ally; under the player who will need it most.
        ("TToR-085", 0) => pick_max(o, |c| g.def_of(c).cost.max(0) as i32 * 10 + stats_sum(g, c)),
        ("TToR-085", 1) => {
            if g.phase == Phase::Combat {
                let mut best: Option<(i32, usize)> = None;
                for (i, opt) in o.iter().enumerate() {
                    let Opt::Player(q) = *opt else { continue };
                    let v = engaged_attack(g, q) as i32 * 2 + (q == p) as i32;
                    if best.map(|(b, _)| v > b).unwrap_or(true) {
                        best = Some((v, i));
                    }
                }
                best.map(|(_, i)| i)
            } else {
                find(o, Opt::Player(p))
            }
        }
        // Horn's Cry: Valour (-3 to one player's enemies) when it takes off more attack.
        ("TToR-088", 0) => {
            let all = (0..g.n_players)
                .map(|q| unattacked_engaged(g, q).count())
                .sum::<usize>();
            let best = (0..g.n_players)
                .map(|q| unattacked_engaged(g, q).count())
                .max()
                .unwrap_or(0);
            find(o, Opt::Mode((best * 3 > all) as u8))
        }
        ("TToR-088", 1) => {
            let mut best: Option<(i32, usize)> = None;
            for (i, opt) in o.iter().enumerate() {
                let Opt::Player(q) = *opt else { continue };
                let v: i32 = unattacked_engaged(g, q)
                    .map(|e| g.stat(e, Stat::Attack).min(3) as i32)
                    .sum();
                if best.map(|(b, _)| v > b).unwrap_or(true) {
                    best = Some((v, i));
                }
            }
            best.map(|(_, i)| i)
        }
        _ => None,
    }
}
