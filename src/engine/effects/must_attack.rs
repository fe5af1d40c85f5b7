//! The "must attack" effect: each die it reaches must attack this turn if able (Mr.
//! Fantastic: Brilliant Scientist's global), or at its next opportunity (Enrage). A
//! persistent effect: "this turn" ends in the cleanup step even if it never applied
//! (used after attackers were declared), and any of it ends when the die leaves the field
//! (Avengers Infinity rulebook, TYPES OF GAME EFFECTS); `restrictions` enforces it when
//! attackers are declared.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// Each die reached must attack. "At its next opportunity" is this turn's attack for
    /// a die of the active player before attackers are declared; for any other die it is
    /// a later turn's, which dmlint does not carry past the cleanup step: undecided.
    pub(super) fn must_attack_effect(
        &mut self,
        to: &Selector,
        next_opportunity: bool,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let dice = self.reach_dice(to, ctx)?;
        let t = self.turn_ref().expect("turn");
        let (active, declared) = (t.active, t.attack.is_some());
        if next_opportunity
            && dice
                .iter()
                .any(|d| declared || self.state.die(*d).owner != active)
        {
            // Waived, the judge's position block says what the die must do.
            self.undecided(
                self.line,
                ctx.src.card,
                "makes a die attack at its next opportunity, which is in a later turn: dmlint does not carry that effect past this turn's cleanup yet",
            )?;
            return Ok(Vec::new());
        }
        let boost = Boost {
            must_attack: true,
            ..Boost::default()
        };
        Ok(super::boost::boost_each(dice, boost))
    }
}
