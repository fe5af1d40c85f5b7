//! The "double damage to blockers" effect: each die it reaches deals double combat damage
//! to the characters blocking it this turn. As a static of a card (Wolverine: The Best
//! There Is) `restrictions` reads it where combat damage is dealt; applied by an ability,
//! it is a mark on the die until the cleanup step or until it leaves the field (Avengers
//! Infinity rulebook, TYPES OF GAME EFFECTS).

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// Double combat damage to its blockers from each die reached, this turn.
    pub(super) fn double_damage_to_blockers_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            double_damage_to_blockers: true,
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }
}
