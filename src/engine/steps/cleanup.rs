//! The cleanup step: damage cleared, unused action dice and out-of-play dice to the used
//! pile, the end of every applied effect.

use crate::syntax::{Face, Step, Zone};

use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

impl Replayer {
    /// Moves a player's reserve dice whose face `which` selects to the used pile (not
    /// out of play: they were not used): the clear step, the end of the main step, the
    /// cleanup step.
    pub(in crate::engine) fn reserve_to_used(
        &mut self,
        player: usize,
        which: impl Fn(Option<&Face>) -> bool,
    ) {
        let line = self.line;
        let ids: Vec<DieId> = self
            .state
            .zone(player, Zone::Reserve)
            .filter(|id| which(self.state.die(*id).face.as_ref()))
            .collect();
        for id in ids {
            self.state.move_die(id, Zone::Used, line);
        }
    }

    /// The cleanup step: damage cleared, action dice to the used pile, out of play to
    /// the used pile, virtual energy gone.
    pub(in crate::engine) fn cleanup(&mut self) {
        let line = self.line;
        let Some(t) = self.turn_ref() else { return };
        let active = t.active;
        // Under the 2014 rules unblocked attackers stay in the attack zone until now, and
        // go to the used pile (Avengers vs. X-Men rulebook, CLEANUP); under the later
        // rules they left when they dealt their damage.
        self.unblocked_leave();
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Action { .. })));
        for id in self.state.ids() {
            if self.state.die(id).zone == Zone::Oop {
                self.state.move_die(id, Zone::Used, line);
            }
            let die = self.state.die_mut(id);
            die.damage = 0;
            die.attacking = false;
            die.blocking = None;
            die.boost = crate::engine::state::Boost::default();
        }
        for pl in &mut self.state.players {
            pl.virtual_energy = 0;
        }
        let t = self.turn_mut();
        t.step = Step::Cleanup;
        t.done = true;
        // The turn's facts end with it.
        t.assigned.clear();
        t.used.clear();
        t.inactive_acted = false;
        t.ready = false;
        t.closed = false;
    }
}
