//! The damage effect: "deal N damage" to each die or player it reaches.

use crate::cards::ability::{AmountIf, Selector};

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::select;
use crate::engine::state::Op;

impl Replayer {
    /// Damage to each die or player reached; `instead`, another amount for a die it
    /// names ("if it's a Villain, 4 instead"), read as the effect resolves.
    pub(super) fn damage_effect(
        &mut self,
        amount: u8,
        to: &Selector,
        per: Option<&Selector>,
        instead: Option<&AmountIf>,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        // Counted before the targets are chosen: as the effect resolves.
        let n = u32::from(amount) * self.per_count(per, ctx);
        let reached = self.reach(to, ctx)?;
        Ok(reached
            .into_iter()
            .map(|t| match t {
                Reached::Die(die) => {
                    let amount = match instead {
                        Some(i)
                            if select::matches(&self.cards, &self.state, &i.if_, &ctx.src, die) =>
                        {
                            u32::from(i.amount)
                        }
                        _ => n,
                    };
                    Op::Damage { die, amount }
                }
                Reached::Player(player) => Op::DamagePlayer { player, amount: n },
            })
            .collect())
    }
}
