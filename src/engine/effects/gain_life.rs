//! The life effect: "gain N life", never above the starting life (committed in
//! `commit`).

use super::Run;
use crate::engine::replay::Replayer;
use crate::engine::state::Op;

impl Replayer {
    /// Life for the ability's controller.
    pub(super) fn gain_life_effect(
        &mut self,
        amount: u8,
        per: Option<&crate::cards::ability::Selector>,
        ctx: &mut Run,
    ) -> Vec<Op> {
        vec![Op::GainLife {
            player: ctx.src.controller,
            amount: u32::from(amount) * self.per_count(per, ctx),
        }]
    }
}
