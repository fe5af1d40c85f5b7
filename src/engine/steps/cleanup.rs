//! The cleanup step: damage cleared, the end of every applied effect (and of every
//! capture: dice set aside come back), unused action dice to the used pile; then the effects "at the end of the turn"; then the turn ends and
//! out-of-play dice go to the used pile (Avengers Infinity rulebook, 5. CLEANUP STEP,
//! 000:799-812).

use crate::cards::ability::Event;
use crate::syntax::{Face, Step, Zone};

use crate::engine::edition::book;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{About, DieId};

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

    /// The cleanup step: damage cleared, applied effects ended, action dice to the used
    /// pile, virtual energy gone; then the end-of-turn triggers fire, all of them at this
    /// one moment, after the effects "until the end of the turn" have ended (2018:
    /// 000:807-809; 2016 keeps them through the end of every other effect, 002:394). The
    /// turn is over once none of them waits ([`Replayer::turn_over`]).
    pub(in crate::engine) fn cleanup(&mut self) -> Flow {
        let Some(t) = self.turn_ref() else {
            return Ok(());
        };
        let active = t.active;
        // Under the 2014 rules unblocked attackers stay in the attack zone until now, and
        // go to the used pile (Avengers vs. X-Men rulebook, CLEANUP); under the later
        // rules they left when they dealt their damage.
        self.unblocked_leave();
        // Engagements a position states, before the cleanup ends them (Deadly).
        self.deadly_standing();
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Action { .. })));
        // Captures and Intimidate's removals last "until the end of the turn": they end
        // with the applied effects (000:799-800), before the effects "at the end of the
        // turn" (000:807-809), and each die aside comes back to the field on its level
        // (000:1313-1317; `effects::capture`).
        let line = self.line;
        let aside: Vec<DieId> = self
            .state
            .ids()
            .filter(|&id| self.state.die(id).zone == Zone::Aside)
            .collect();
        for id in aside {
            self.state.return_aside(id, line);
        }
        for id in self.state.ids() {
            let die = self.state.die_mut(id);
            die.damage = 0;
            die.attacking = false;
            die.blocking = None;
            die.boost = crate::engine::state::Boost::default();
            // Call Out lasts the attack it was made in.
            die.called = None;
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
        self.fire(&[(Event::TurnEnd, About::Player(active))], &[]);
        // Experience's tokens, for an opposing Monster knocked out this turn
        // (`keywords::experience`).
        self.experience_end_of_turn()?;
        // Deadly's knock-outs "at the end of the turn" (`keywords::deadly`).
        self.deadly_end_of_turn()?;
        if book(self.state.edition).end_of_turn_together {
            self.resolve_together()?;
        }
        Ok(())
    }

    /// The turn ends once its cleanup is done and no end-of-turn effect waits: dice out
    /// of play go to the used pile (000:811-812), and what an end-of-turn effect applied
    /// "until the end of the turn" ends with it. Asked whenever nothing waits; it does
    /// nothing before cleanup, nor twice.
    pub(in crate::engine) fn turn_over(&mut self) {
        let line = self.line;
        let Some(t) = self.turn_ref() else { return };
        if !t.done || !t.pending.is_empty() || t.held.is_some() {
            return;
        }
        for id in self.state.ids() {
            if self.state.die(id).zone == Zone::Oop {
                self.state.move_die(id, Zone::Used, line);
            }
            self.state.die_mut(id).boost = crate::engine::state::Boost::default();
        }
    }
}
