//! The "excess damage to the player" effect: each die it reaches, blocked, deals the
//! combat damage beyond its blockers' total defense to the opponent this turn (the
//! printed text of Thrown Car and of Doctor Octopus: Fully Armed, both Overcrush by
//! errata, which is what their encodings say). Applied by an ability it is a
//! mark on the die until the cleanup step or until it leaves the field (Avengers Infinity
//! rulebook, TYPES OF GAME EFFECTS); as a static `restrictions` reads it; combat damage
//! (`steps::damage`) deals it.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// Excess combat damage to the opponent from each die reached, this turn.
    pub(super) fn excess_to_player_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            excess_to_player: true,
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }
}
