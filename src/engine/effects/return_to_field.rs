//! "Return to the field": a die knocked out this turn comes back to the field on the face
//! it showed ("after Apocalypse is knocked out, return him to the field"). Coming back is
//! not fielding: no "when fielded" trigger fires (Iron Man and War Machine rulebook,
//! ACTIVE AND FIELDED). The form that lasts the turn ("your attacking characters knocked
//! out this turn return") is not applied (`coverage::effect_applied`): a position block
//! could not carry it.

use crate::cards::ability::{Selector, What};
use crate::syntax::Zone;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    pub(super) fn return_to_field_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let die = match to.what {
            What::This => ctx.src.die,
            What::It => ctx.src.subject,
            // The form lasting the turn never runs (`coverage::effect_applied`).
            _ => None,
        };
        let Some(die) = die else {
            return Ok(Vec::new());
        };
        // The die as it was knocked out this turn; one no longer in the prep area (or
        // never knocked out) stays where it is.
        let face = self
            .turn_ref()
            .expect("turn")
            .knocked
            .iter()
            .rev()
            .find(|(d, _)| *d == die)
            .map(|(_, f)| f.clone());
        if let (Some(face), Zone::Prep) = (face, self.state.die(die).zone) {
            self.place(die, face, Zone::Field);
        }
        Ok(Vec::new())
    }
}
