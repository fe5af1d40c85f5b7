//! The life-loss effect: "lose 1 life", "each player loses 3 life", "your opponent loses
//! 1 life". Life lost is not damage dealt: no "when damaged" effect, reduction or
//! prevention of damage reads it (committed in `commit`).

use crate::cards::ability::{Count, Selector, Side, What};

use super::{Run, players};
use crate::engine::replay::Replayer;
use crate::engine::state::Op;

/// Whether a selector names its players with no choice to make: "you", "your
/// opponent", "each player". A target player, or "a player" of either side, is a
/// choice the language does not record for this effect.
pub(in crate::engine) fn names_players(who: &Selector) -> bool {
    who.what == What::Player && !who.target && (who.count == Count::Each || who.side != Side::Any)
}

impl Replayer {
    /// The life each player named loses.
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
