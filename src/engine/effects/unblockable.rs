//! The "cannot be blocked" effect: each die it reaches cannot be blocked this turn
//! (Storm: Cloud Cover). The same mark Obscure gives (`keywords::obscure`), read where
//! blockers are declared (`restrictions`); a persistent effect, it ends in the cleanup
//! step or as the die leaves the field (Avengers Infinity rulebook, TYPES OF GAME
//! EFFECTS, 000:1031-1040). A position writes it `[unblockable]`.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// Each die reached cannot be blocked this turn.
    pub(super) fn unblockable_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            unblockable: true,
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }
}
