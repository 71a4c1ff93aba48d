//! `RuleOptions`: the engine's choices where RULES.md is unsure, by name (`--rule NAME=VALUE`).

/// Engine choices where RULES.md says UNSURE (Appendix A), as named options.
#[derive(Clone, Debug)]
pub struct RuleOptions {
    /// §2.2.4 first player: `None` = seeded random pick, `Some(n)` = seat n.
    pub first_player: Option<u8>,
    /// §3.2.2: a 0-cost card still needs a hero of its sphere.
    pub zero_cost_needs_match: bool,
    /// §3.6.1.2: several defenders add their Defense together.
    pub sum_defenders_defense: bool,
    /// §9.5.1: count the final, unfinished round in the score.
    pub score_final_round: bool,
    /// §8.3.4: Iârion placed under Rescue Iârion does not lose the game.
    pub iarion_under_side_quest_is_safe: bool,
    /// §5.29.3: shadow cards stay until combat ends (false: they go right after their attack).
    pub shadows_until_end_of_combat: bool,
    /// §4.2.2: a player without heroes in play (none destroyed) is not eliminated.
    pub heroless_player_survives: bool,
    /// §5.29.8: while it is Night (Nightfall), shadow effects cannot be canceled either.
    pub night_shadows_uncancelable: bool,
    /// §9.6 (Deadmen's Dike resolution): the group takes Iârion's Pendant (into the first
    /// player's deck); false: Amarthiúl's Courage.
    pub dike_takes_pendant: bool,
    /// §9.6 (Across the Ettenmoors, UNSURE): a Losing Time the campaign card reveals resolves
    /// its When Revealed effect before it goes to the discard pile.
    pub losing_time_resolves: bool,
    /// §9.3.2: a pool burden without Setup text (Losing Time) is shuffled into each later
    /// scenario's encounter deck.
    pub pool_burdens_shuffled_in: bool,
    /// §9.2.6 (UNSURE): the heroes of a player eliminated in a won scenario become fallen too.
    pub eliminated_heroes_fall: bool,
    /// §9.4.4 (UNSURE): the threat penalty is one shared counter (false: each player's starting
    /// threat rises only by his own hero changes).
    pub threat_penalty_shared: bool,
    /// §9.4.2: threat penalty per hero change between scenarios.
    pub threat_penalty_per_change: i16,
    /// §9.6 (The Wastes of Eriador, UNSURE): starting-threat reduction Fend Off Despair logs when
    /// defeated (cumulative; 0: none).
    pub fend_off_reduction: i16,
    /// §5.30: encounter-deck resets one chain of reveals (a card and the reveals it brings on:
    /// surge, "reveal another card") may make; a reveal that would need one more reveals
    /// nothing, so a deck and discard pile of surge cards cannot loop forever (1-9).
    pub chain_resets: u8,
    /// §8.11.3: a card reanimated in front of a player fires "after an enemy engages you".
    pub reanimated_engages: bool,
    /// §3.6.3.4: an immediate attack uses up the enemy's attack of the round (it does not attack
    /// again in this round's combat phase); false: it still attacks there.
    pub immediate_attack_uses_combat_attack: bool,
    /// §6.5.5: an encounter card whose When Revealed effects were canceled still counts as
    /// revealed for "after … is revealed" triggers (false: those do not fire for it).
    pub canceled_card_counts_as_revealed: bool,
    /// §7.6.10 (UNSURE): while the players have separate staging areas, player-card effects
    /// (targets, "each player", Doomed, Responses) reach only the players and cards of the
    /// acting player's own staging area (false: every player's).
    pub player_cards_stop_at_areas: bool,
    /// §6.4.2 (UNSURE, several replacement effects on one event): with two Forbidden Descents
    /// staged (The Treachery of Rhudaur), each copy takes the first 2 progress meant for a quest
    /// each round, 4 in all (false: the first 2 of the round are diverted once, to one copy).
    pub diversion_per_copy: bool,
    /// §4.2.3.4 (UNSURE): the rest of an effect whose card left the game with its eliminated
    /// player (an event whose own cost eliminated him, a Response of his pending) is not
    /// resolved (false: it resolves, still reaching nothing of his).
    pub eliminated_effects_stop: bool,
    /// §1.4 (UNSURE): a location whose quest points are 0 (an X that counts nothing: Torture
    /// Chamber without captives) is explored at once, since 0 progress meets 0 (false: it needs
    /// one progress token, as if its quest points were 1).
    pub zero_quest_points_explored: bool,
    /// §8.5 (a reading, not an UNSURE point of RULES.md): while Amon Forn is the active
    /// location, an Orc enemy *returned* to the staging area (Angmar Marauder after it destroys
    /// an ally, Angmar Orc's shadow) also makes its immediate attack, as one added there by a
    /// reveal does (false: only a revealed Orc attacks, the lenient reading).
    pub amon_forn_returned: bool,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            first_player: Some(0),
            zero_cost_needs_match: true,
            sum_defenders_defense: true,
            score_final_round: false,
            iarion_under_side_quest_is_safe: true,
            shadows_until_end_of_combat: true,
            heroless_player_survives: true,
            night_shadows_uncancelable: false,
            dike_takes_pendant: true,
            losing_time_resolves: true,
            pool_burdens_shuffled_in: true,
            eliminated_heroes_fall: false,
            threat_penalty_shared: true,
            threat_penalty_per_change: 1,
            fend_off_reduction: 2,
            chain_resets: 1,
            reanimated_engages: true,
            immediate_attack_uses_combat_attack: false,
            canceled_card_counts_as_revealed: true,
            player_cards_stop_at_areas: true,
            diversion_per_copy: true,
            eliminated_effects_stop: true,
            zero_quest_points_explored: true,
            amon_forn_returned: false,
        }
    }
}

impl RuleOptions {
    /// Every option: (name, RULES.md section, what `true` means).
    pub const DOCS: &'static [(&'static str, &'static str, &'static str)] = &[
        (
            "first_player",
            "§2.2.4",
            "seat number (1-4) of the first player, or `random` for a seeded pick",
        ),
        (
            "zero_cost_needs_match",
            "§3.2.2",
            "a 0-cost card still needs a hero of its sphere",
        ),
        (
            "sum_defenders_defense",
            "§3.6.1.2",
            "several defenders add their Defense together",
        ),
        (
            "score_final_round",
            "§9.5.1",
            "the final, unfinished round adds 10 to the score of a win",
        ),
        (
            "iarion_under_side_quest_is_safe",
            "§8.3.4",
            "Iârion placed under Rescue Iârion does not lose the game",
        ),
        (
            "shadows_until_end_of_combat",
            "§5.29.3",
            "shadow cards stay until combat ends (false: discarded after their attack)",
        ),
        (
            "heroless_player_survives",
            "§4.2.2",
            "a player whose heroes all left play without being destroyed stays in the game",
        ),
        (
            "night_shadows_uncancelable",
            "§5.29.8",
            "while it is Night, shadow effects count as encounter card effects that cannot be canceled",
        ),
        (
            "dike_takes_pendant",
            "§9.6",
            "campaign: after Deadmen's Dike the group takes Iârion's Pendant (false: Amarthiúl's Courage)",
        ),
        (
            "losing_time_resolves",
            "§9.6",
            "campaign: a Losing Time revealed by the Ettenmoors campaign card resolves its When Revealed",
        ),
        (
            "pool_burdens_shuffled_in",
            "§9.3.2",
            "campaign: pool burdens without Setup text are shuffled into later encounter decks",
        ),
        (
            "eliminated_heroes_fall",
            "§9.2.6",
            "campaign: an eliminated player's heroes become fallen when the scenario is won",
        ),
        (
            "threat_penalty_shared",
            "§9.4.4",
            "campaign: one shared threat penalty (false: each player's own hero changes only)",
        ),
        (
            "threat_penalty_per_change",
            "§9.4.2",
            "campaign: threat penalty per hero change (a number, 0-10)",
        ),
        (
            "fend_off_reduction",
            "§9.6",
            "campaign: starting-threat reduction logged when Fend Off Despair is defeated (0-10)",
        ),
        (
            "chain_resets",
            "§5.30",
            "encounter-deck resets one chain of reveals (surges) may make (1-9); a reveal needing one more reveals nothing",
        ),
        (
            "reanimated_engages",
            "§8.11.3",
            "a Reanimated Dead placed in front of a player counts as engaging him (after-engage effects fire)",
        ),
        (
            "immediate_attack_uses_combat_attack",
            "§3.6.3.4",
            "an enemy that made an immediate attack this round does not attack in its combat phase",
        ),
        (
            "canceled_card_counts_as_revealed",
            "§6.5.5",
            "a card whose When Revealed effects were canceled still fires \"after … is revealed\" triggers",
        ),
        (
            "player_cards_stop_at_areas",
            "§7.6.10",
            "with separate staging areas, player-card effects, Doomed and Responses reach only the acting player's own area",
        ),
        (
            "diversion_per_copy",
            "§6.4.2",
            "each staged Forbidden Descent takes its own first 2 quest progress a round (false: 2 a round in all)",
        ),
        (
            "eliminated_effects_stop",
            "§4.2.3.4",
            "an eliminated player's effect still resolving stops when he leaves the game (false: it resolves, reaching nothing of his)",
        ),
        (
            "zero_quest_points_explored",
            "§1.4",
            "a location whose quest points are 0 (Torture Chamber without captives) is explored at once (false: it needs 1 progress)",
        ),
        (
            "amon_forn_returned",
            "§8.5",
            "while Amon Forn is active, an Orc returned to the staging area (Angmar Marauder, Angmar Orc's shadow) attacks the first player too (false: only an Orc revealed there)",
        ),
    ];

    /// Set one option from `name=value` text (as given to `--rule`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let flag = || match value {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(format!("rule `{name}` takes true or false, not `{value}`")),
        };
        let number = || match value.parse::<i16>() {
            Ok(n @ 0..=10) => Ok(n),
            _ => Err(format!("rule `{name}` takes a number 0-10, not `{value}`")),
        };
        match name {
            "first_player" => {
                self.first_player = match value {
                    "random" => None,
                    n => match n.parse::<u8>() {
                        Ok(k @ 1..=4) => Some(k - 1),
                        _ => {
                            return Err(format!(
                                "rule `first_player` takes a seat 1-4 or `random`, not `{value}`"
                            ))
                        }
                    },
                }
            }
            "zero_cost_needs_match" => self.zero_cost_needs_match = flag()?,
            "sum_defenders_defense" => self.sum_defenders_defense = flag()?,
            "score_final_round" => self.score_final_round = flag()?,
            "iarion_under_side_quest_is_safe" => self.iarion_under_side_quest_is_safe = flag()?,
            "shadows_until_end_of_combat" => self.shadows_until_end_of_combat = flag()?,
            "heroless_player_survives" => self.heroless_player_survives = flag()?,
            "night_shadows_uncancelable" => self.night_shadows_uncancelable = flag()?,
            "dike_takes_pendant" => self.dike_takes_pendant = flag()?,
            "losing_time_resolves" => self.losing_time_resolves = flag()?,
            "pool_burdens_shuffled_in" => self.pool_burdens_shuffled_in = flag()?,
            "eliminated_heroes_fall" => self.eliminated_heroes_fall = flag()?,
            "threat_penalty_shared" => self.threat_penalty_shared = flag()?,
            "threat_penalty_per_change" => self.threat_penalty_per_change = number()?,
            "fend_off_reduction" => self.fend_off_reduction = number()?,
            "chain_resets" => {
                self.chain_resets = match value.parse::<u8>() {
                    Ok(k @ 1..=9) => k,
                    _ => {
                        return Err(format!(
                            "rule `chain_resets` takes a number 1-9, not `{value}`"
                        ))
                    }
                }
            }
            "reanimated_engages" => self.reanimated_engages = flag()?,
            "immediate_attack_uses_combat_attack" => {
                self.immediate_attack_uses_combat_attack = flag()?
            }
            "canceled_card_counts_as_revealed" => self.canceled_card_counts_as_revealed = flag()?,
            "player_cards_stop_at_areas" => self.player_cards_stop_at_areas = flag()?,
            "diversion_per_copy" => self.diversion_per_copy = flag()?,
            "eliminated_effects_stop" => self.eliminated_effects_stop = flag()?,
            "zero_quest_points_explored" => self.zero_quest_points_explored = flag()?,
            "amon_forn_returned" => self.amon_forn_returned = flag()?,
            _ => {
                let names: Vec<&str> = Self::DOCS.iter().map(|d| d.0).collect();
                return Err(format!(
                    "unknown rule option `{name}`; options: {}",
                    names.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Current value of an option as text.
    pub fn get(&self, name: &str) -> String {
        match name {
            "first_player" => self
                .first_player
                .map(|p| (p + 1).to_string())
                .unwrap_or_else(|| "random".into()),
            "zero_cost_needs_match" => self.zero_cost_needs_match.to_string(),
            "sum_defenders_defense" => self.sum_defenders_defense.to_string(),
            "score_final_round" => self.score_final_round.to_string(),
            "iarion_under_side_quest_is_safe" => self.iarion_under_side_quest_is_safe.to_string(),
            "shadows_until_end_of_combat" => self.shadows_until_end_of_combat.to_string(),
            "heroless_player_survives" => self.heroless_player_survives.to_string(),
            "night_shadows_uncancelable" => self.night_shadows_uncancelable.to_string(),
            "dike_takes_pendant" => self.dike_takes_pendant.to_string(),
            "losing_time_resolves" => self.losing_time_resolves.to_string(),
            "pool_burdens_shuffled_in" => self.pool_burdens_shuffled_in.to_string(),
            "eliminated_heroes_fall" => self.eliminated_heroes_fall.to_string(),
            "threat_penalty_shared" => self.threat_penalty_shared.to_string(),
            "threat_penalty_per_change" => self.threat_penalty_per_change.to_string(),
            "fend_off_reduction" => self.fend_off_reduction.to_string(),
            "chain_resets" => self.chain_resets.to_string(),
            "reanimated_engages" => self.reanimated_engages.to_string(),
            "immediate_attack_uses_combat_attack" => {
                self.immediate_attack_uses_combat_attack.to_string()
            }
            "canceled_card_counts_as_revealed" => self.canceled_card_counts_as_revealed.to_string(),
            "player_cards_stop_at_areas" => self.player_cards_stop_at_areas.to_string(),
            "diversion_per_copy" => self.diversion_per_copy.to_string(),
            "eliminated_effects_stop" => self.eliminated_effects_stop.to_string(),
            "zero_quest_points_explored" => self.zero_quest_points_explored.to_string(),
            "amon_forn_returned" => self.amon_forn_returned.to_string(),
            _ => String::new(),
        }
    }
}
