//! The life-loss effect: "they lose 1 life", life lost rather than damage taken, so no
//! "when you take damage" effect fires (Avengers Infinity rulebook, FUNDAMENTAL RULES:
//! losing life and taking damage are two different game effects).

use crate::cards::ability::Selector;

use super::{Run, players};
use crate::engine::replay::Replayer;
use crate::engine::state::Op;

impl Replayer {
    /// Each player `who` names loses `amount` life.
    pub(super) fn lose_life_effect(
        &mut self,
        amount: u8,
        who: &Selector,
        ctx: &mut Run,
    ) -> Vec<Op> {
        players(who, &ctx.src)
            .map(|player| Op::LoseLife {
                player,
                amount: u32::from(amount),
            })
            .collect()
    }
}
