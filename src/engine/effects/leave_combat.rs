//! The leave-combat effect: "remove one attacker from the attack zone to the field"
//! (Distraction's global). An attacker no blocker blocks stops attacking and stays in
//! the field, as Infiltrate's does (`keywords::infiltrate`): it deals and takes no combat
//! damage and does not leave with the unblocked attackers. An attacker that is blocked,
//! or a blocker, leaves the other dice of its engagement where the text does not say:
//! undecided, not guessed.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    pub(super) fn leave_combat_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        for die in self.reach_dice(to, ctx)? {
            let engaged = self.state.die(die).blocking.is_some() || self.state.is_blocked(die);
            if engaged {
                // Waived, the die stays in combat.
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "takes an engaged die out of combat: what becomes of the dice engaged with it is not said",
                )?;
                continue;
            }
            self.state.die_mut(die).attacking = false;
        }
        Ok(Vec::new())
    }
}
