//! `Clone` for `Game`, written out so that `clone_from` reuses the target's buffers (a search
//! bot copies a game before every continuation it plays) and a new field cannot be forgotten.

use super::*;

/// `clone_from` copies into the target's own buffers: once they are big enough, cloning a game
/// (for search) allocates nothing.
impl<'a> Clone for Game<'a> {
    fn clone(&self) -> Self {
        Game {
            db: self.db,
            setup: self.setup,
            cards: self.cards.clone(),
            lists: self.lists.clone(),
            players: self.players,
            n_players: self.n_players,
            first: self.first,
            round: self.round,
            rounds_completed: self.rounds_completed,
            rounds_recorded: self.rounds_recorded,
            phase: self.phase,
            lasting: self.lasting.clone(),
            attack: self.attack,
            patk: self.patk,
            saved_attacks: self.saved_attacks.clone(),
            saved_patks: self.saved_patks.clone(),
            stack: self.stack.clone(),
            decision: self.decision.clone(),
            waiting: self.waiting,
            ask_clash: self.ask_clash,
            answer: self.answer,
            commit_queue: self.commit_queue,
            outcome: self.outcome,
            canceled: self.canceled,
            quest_progress_this_round: self.quest_progress_this_round,
            side_quest_progress_this_round: self.side_quest_progress_this_round,
            dirty: self.dirty,
            scratch: self.scratch.clone(),
            scratch_resp: self.scratch_resp.clone(),
            script_table: self.script_table,
            def_script: self.def_script.clone(),
            def_hooks: self.def_hooks.clone(),
            def_unique: self.def_unique.clone(),
            interest: self.interest.clone(),
            hook_counts: self.hook_counts,
            forced_stale: self.forced_stale,
            archery_assigned: self.archery_assigned.clone(),
            forced_cards: self.forced_cards.clone(),
            n_blank_damaged: self.n_blank_damaged,
            safe_active: self.safe_active,
            blank_marks: self.blank_marks,
            blank_any: self.blank_any,
            blank_wide: self.blank_wide,
            listen: self.listen,
            // A copy builds its own when it starts a game (it is rarely needed: search copies
            // play on, they do not start games).
            template: None,
            surge_pending: self.surge_pending,
            phase_uses: self.phase_uses,
            looked: self.looked,
            chain_resets: self.chain_resets,
            areas: self.areas,
            revealed_this_round: self.revealed_this_round.clone(),
            rng_encounter: self.rng_encounter.clone(),
            rng_players: self.rng_players.clone(),
            rng_setup: self.rng_setup.clone(),
            log: self.log.clone(),
            record: self.record,
            index: self.index,
            sandbox: self.sandbox,
            stat_memo: self.stat_memo.clone(),
            campaign: self.campaign.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        // Every field, by name: a new field does not compile until it is copied here.
        let Game {
            db,
            setup,
            cards,
            lists,
            players,
            n_players,
            first,
            round,
            rounds_completed,
            rounds_recorded,
            phase,
            lasting,
            attack,
            patk,
            saved_attacks,
            saved_patks,
            stack,
            decision,
            waiting,
            ask_clash,
            answer,
            commit_queue,
            outcome,
            canceled,
            quest_progress_this_round,
            side_quest_progress_this_round,
            dirty,
            scratch,
            scratch_resp,
            script_table,
            def_script,
            def_hooks,
            def_unique,
            interest,
            hook_counts,
            forced_stale,
            archery_assigned,
            forced_cards,
            n_blank_damaged,
            safe_active,
            blank_marks,
            blank_any,
            blank_wide,
            listen,
            template: _,
            surge_pending,
            phase_uses,
            looked,
            chain_resets,
            areas,
            revealed_this_round,
            rng_encounter,
            rng_players,
            rng_setup,
            log,
            record,
            index,
            sandbox,
            stat_memo,
            campaign,
        } = source;
        self.db = *db;
        self.setup = *setup;
        self.cards.clone_from(cards);
        for (a, b) in self.lists.iter_mut().zip(lists.iter()) {
            a.clone_from(b);
        }
        self.players = *players;
        self.n_players = *n_players;
        self.first = *first;
        self.round = *round;
        self.rounds_completed = *rounds_completed;
        self.rounds_recorded = *rounds_recorded;
        self.phase = *phase;
        self.lasting.clone_from(lasting);
        self.attack = *attack;
        self.patk = *patk;
        self.saved_attacks.clone_from(saved_attacks);
        self.saved_patks.clone_from(saved_patks);
        self.stack.clone_from(stack);
        self.decision.player = decision.player;
        self.decision.ask = decision.ask;
        self.decision.options.clone_from(&decision.options);
        self.waiting = *waiting;
        self.ask_clash = *ask_clash;
        self.answer = *answer;
        self.commit_queue = *commit_queue;
        self.outcome = *outcome;
        self.canceled = *canceled;
        self.quest_progress_this_round = *quest_progress_this_round;
        self.side_quest_progress_this_round = *side_quest_progress_this_round;
        self.dirty = *dirty;
        self.scratch.clone_from(scratch);
        self.scratch_resp.clone_from(scratch_resp);
        self.script_table = *script_table;
        self.def_script.clone_from(def_script);
        self.def_hooks.clone_from(def_hooks);
        self.def_unique.clone_from(def_unique);
        for (a, b) in self.interest.iter_mut().zip(interest.iter()) {
            a.clone_from(b);
        }
        self.hook_counts = *hook_counts;
        self.forced_stale = *forced_stale;
        self.archery_assigned.clone_from(archery_assigned);
        self.forced_cards.clone_from(forced_cards);
        self.n_blank_damaged = *n_blank_damaged;
        self.safe_active = *safe_active;
        self.blank_marks = *blank_marks;
        self.blank_any = *blank_any;
        self.blank_wide = *blank_wide;
        self.listen = *listen;
        self.surge_pending = *surge_pending;
        self.phase_uses = *phase_uses;
        self.looked = *looked;
        self.chain_resets = *chain_resets;
        self.areas = *areas;
        self.revealed_this_round.clone_from(revealed_this_round);
        self.rng_encounter.clone_from(rng_encounter);
        self.rng_players.clone_from(rng_players);
        self.rng_setup.clone_from(rng_setup);
        self.log.clone_from(log);
        self.record = *record;
        self.index = *index;
        self.sandbox = *sandbox;
        self.stat_memo.clone_memo_from(stat_memo);
        self.campaign.clone_from(campaign);
    }
}
