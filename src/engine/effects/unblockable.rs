//! The "cannot be blocked" effect: each die it reaches cannot be blocked this turn
//! (Falcon: Recon's "when Falcon attacks, your sidekicks can't be blocked"). A persistent
//! effect, as Obscure's (`keywords::obscure`): it ends in the cleanup step, or when the
//! die leaves the field; `restrictions` reads it where blockers are declared, and a
//! position writes it `[unblockable]`.

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
