//! The damage effect: "deal N damage" to each die or player it reaches: N for each die
//! a `per` selector counts, plus a number. A `per` whose side is `theirs` counts for each
//! player reached the dice of that player ("X damage, where X is the number of character
//! dice in their Field Zone plus 2", One Against Many).

use crate::cards::ability::{AmountIf, Selector, Side};

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
        (per, plus): (Option<&Selector>, u8),
        instead: Option<&AmountIf>,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        // Counted before the targets are chosen: as the effect resolves.
        let n = u32::from(amount) * self.per_count(per, ctx)? + u32::from(plus);
        let reached = self.reach(to, ctx)?;
        let mut ops = Vec::with_capacity(reached.len());
        for t in reached {
            ops.push(match t {
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
                Reached::Player(player) => {
                    // "Their" dice: counted for the player reached, seen from the
                    // ability's side.
                    let amount = match per.filter(|p| p.side == Side::Theirs) {
                        Some(p) => {
                            let side = if player == ctx.src.controller {
                                Side::Yours
                            } else {
                                Side::Opposing
                            };
                            let p = Selector { side, ..p.clone() };
                            u32::from(amount) * self.per_count(Some(&p), ctx)? + u32::from(plus)
                        }
                        None => n,
                    };
                    Op::DamagePlayer { player, amount }
                }
            });
        }
        Ok(ops)
    }
}
