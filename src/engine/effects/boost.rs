//! The stat effect: "+NA/+ND" (or double attack, double defense) until the end of the
//! turn, on each die it reaches.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, DieId, Op};

impl Replayer {
    /// A stat change on each die reached, until the end of the turn: `attack` and
    /// `defense` times `per` ("for each …", counted as it resolves; 1 without).
    pub(super) fn boost_effect(
        &mut self,
        to: &Selector,
        (attack, defense, per): (i8, i8, i32),
        (double_attack, double_defense): (bool, bool),
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            attack: i32::from(attack).saturating_mul(per),
            defense: i32::from(defense).saturating_mul(per),
            double_attack,
            double_defense,
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }

    /// `boost` on each die `to` reaches: every effect that changes or marks the dice it
    /// reaches for the turn ("cannot attack", "deals no damage" …) is this one change.
    pub(super) fn boost_reached(
        &mut self,
        to: &Selector,
        boost: Boost,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        Ok(boost_each(self.reach_dice(to, ctx)?, boost))
    }
}

/// `boost` on each of `dice`.
pub(super) fn boost_each(dice: Vec<DieId>, boost: Boost) -> Vec<Op> {
    dice.into_iter()
        .map(|die| Op::Boost { die, boost })
        .collect()
}
