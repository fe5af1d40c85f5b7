//! The "cannot block" effect: each die it reaches cannot block this turn (Doctor
//! Octopus: Megalomaniac, Spider-Man: Hero for Hire). A persistent effect: it ends in the
//! cleanup step, or when the die leaves the field (Avengers Infinity rulebook, TYPES OF
//! GAME EFFECTS); `restrictions` enforces it when blockers are declared.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// Each die reached cannot block this turn.
    pub(super) fn cant_block_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            cant_block: true,
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }
}
