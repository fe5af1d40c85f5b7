//! The gain-affiliation effect: "target character gains the Villain affiliation until the
//! end of the turn" (Takedown's global, Iron Man: Industrialist's and Upright's). An
//! applied effect on the die (Avengers Infinity rulebook, TYPES OF GAME EFFECTS: "some
//! may add or remove an affiliation from a die", 000:1021-1023): it lasts the turn, or
//! until the die leaves the field, and every selector and condition naming the
//! affiliation sees it. A position writes it `[villain]`. Only the Villain affiliation
//! is applied: another is undecided where it is gained (`coverage`).

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    pub(super) fn gain_affiliation_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            villain: true,
            ..Boost::default()
        };
        Ok(self
            .reach_dice(to, ctx)?
            .into_iter()
            .map(|die| Op::Boost { die, boost })
            .collect())
    }
}
