//! The knock-out effect: "KO" each die it reaches, to its owner's prep area.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// A knock-out of each die reached.
    pub(super) fn ko_effect(&mut self, to: &Selector, ctx: &mut Run) -> Result<Vec<Op>, Stop> {
        Ok(self
            .reach_dice(to, ctx)?
            .into_iter()
            .map(|die| Op::Ko { die })
            .collect())
    }
}
