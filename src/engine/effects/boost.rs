//! The stat effect: "+NA/+ND" (or double attack) until the end of the turn, on each die
//! it reaches.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// A stat change on each die reached, until the end of the turn.
    pub(super) fn boost_effect(
        &mut self,
        to: &Selector,
        attack: i8,
        defense: i8,
        double_attack: bool,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let boost = Boost {
            attack: i32::from(attack),
            defense: i32::from(defense),
            double_attack,
            ..Boost::default()
        };
        Ok(self
            .reach_dice(to, ctx)?
            .into_iter()
            .map(|die| Op::Boost { die, boost })
            .collect())
    }
}
