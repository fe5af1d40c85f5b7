//! The damage effect: "deal N damage" to each die or player it reaches.

use crate::cards::ability::Selector;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// Damage to each die or player reached.
    pub(super) fn damage_effect(
        &mut self,
        amount: u8,
        to: &Selector,
        per: Option<&Selector>,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        // Counted before the targets are chosen: as the effect resolves.
        let n = u32::from(amount) * self.per_count(per, ctx);
        Ok(self
            .reach(to, ctx)?
            .into_iter()
            .map(|t| match t {
                Reached::Die(die) => Op::Damage { die, amount: n },
                Reached::Player(player) => Op::DamagePlayer { player, amount: n },
            })
            .collect())
    }
}
