//! The no-damage effect: each die it reaches deals no combat damage this turn (Smash!).

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// No combat damage from each die reached, this turn.
    pub(super) fn no_damage_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            no_damage: true,
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }
}
