//! The life effect: "gain N life", never above the starting life (committed in
//! `commit`); for each die a selector counts, or for each level the dice the previous
//! effect chose show ("gain life equal to its level", read before that effect's
//! changes are made: the ops of one ability are committed together).

use super::Run;
use crate::engine::replay::Replayer;
use crate::engine::state::Op;
use crate::syntax::Face;

impl Replayer {
    /// Life for the ability's controller.
    pub(super) fn gain_life_effect(
        &mut self,
        amount: u8,
        per: Option<&crate::cards::ability::Selector>,
        per_level: bool,
        ctx: &mut Run,
    ) -> Vec<Op> {
        let n = if per_level {
            ctx.chosen
                .iter()
                .map(|&d| match self.state.die(d).face {
                    Some(Face::Level { level, .. }) => u32::from(level),
                    _ => 0,
                })
                .sum()
        } else {
            self.per_count(per, ctx)
        };
        vec![Op::GainLife {
            player: ctx.src.controller,
            amount: u32::from(amount) * n,
        }]
    }
}
