//! The "must block" effect: each die it reaches must block the ability's own die if able
//! (Spider-Man: Webslinger, Sentinel: Mutant Hunter), or any attacker when the ability
//! has no die of its own (a global, an action die). A persistent effect for this turn,
//! ended when the die leaves the field (Avengers Infinity rulebook, TYPES OF GAME
//! EFFECTS); `restrictions` enforces it when blockers are declared.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, MustBlock, Op};

impl Replayer {
    /// Each die reached must block this die (or any attacker) if able.
    pub(super) fn must_block_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let whom = match ctx.src.die {
            None => MustBlock::Any,
            Some(d) if self.state.die(d).attacking => MustBlock::Attacker(d),
            Some(_) => {
                // Waived, the judge's position block says what the dice must block.
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "makes dice block its die, which is not attacking: dmlint does not keep that effect until it attacks",
                )?;
                return Ok(Vec::new());
            }
        };
        let dice = self.reach_dice(to, ctx)?;
        // A die bound to block two different attackers would satisfy either: dmlint
        // keeps one such effect on a die and does not guess which one stands.
        if dice.iter().any(|d| {
            self.state
                .die(*d)
                .boost
                .must_block
                .is_some_and(|m| m != whom)
        }) {
            self.undecided(
                self.line,
                ctx.src.card,
                "makes a die block an attacker when it must already block another: dmlint does not keep two such effects on one die",
            )?;
            return Ok(Vec::new());
        }
        let boost = Boost {
            must_block: Some(whom),
            ..Boost::default()
        };
        Ok(super::boost::boost_each(dice, boost))
    }
}
