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
    /// §8.11.3: a card reanimated in front of a player fires "after an enemy engages you".
    pub reanimated_engages: bool,
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
            reanimated_engages: true,
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
            "reanimated_engages",
            "§8.11.3",
            "a Reanimated Dead placed in front of a player counts as engaging him (after-engage effects fire)",
        ),
    ];

    /// Set one option from `name=value` text (as given to `--rule`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let flag = || match value {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(format!("rule `{name}` takes true or false, not `{value}`")),
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
            "reanimated_engages" => self.reanimated_engages = flag()?,
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
            "reanimated_engages" => self.reanimated_engages.to_string(),
            _ => String::new(),
        }
    }
}
