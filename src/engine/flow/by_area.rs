//! Framework steps resolved staging area by staging area (RULES.md §7.6.2): with several areas
//! (`AreaState::split`), each step that depends on a staging area runs once per area, in player
//! order of each area's earliest player, as if only that area's players were in the game.

use super::*;

impl<'a> Game<'a> {
    /// With several staging areas: queue step `s` once per area and return true if it is a
    /// per-area step (the quest phase's beginning is the phase's own, once; its choice of the
    /// current quest is per area); false for a step that runs once for everyone.
    pub(super) fn split_step(&mut self, s: Step) -> bool {
        use Step::*;
        match s {
            QuestBegin if !self.any_lasting(Lasting::SkipQuestPhase) => {
                self.begin_phase(Phase::Quest);
            }
            Commit | Staging | Resolve | Travel | OptionalEngage | EngagementChecks => {}
            _ => return false,
        }
        let (order, n) = self.area_order();
        for &area in order[..n].iter().rev() {
            self.stack.push(Frame::AreaStep { step: s, area });
        }
        true
    }

    /// Step `s` for staging area `area` alone.
    pub(super) fn area_step(&mut self, s: Step, area: u8) {
        use Step::*;
        self.areas.now = area;
        match s {
            QuestBegin => self.choose_current_quest(),
            Commit | Staging | Resolve => self.quest_step(s),
            Travel => self.travel_step(s),
            OptionalEngage | EngagementChecks => self.encounter_step(s),
            _ => unreachable!("{s:?} is not a per-area step"),
        }
    }
}
