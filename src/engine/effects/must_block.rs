//! The "must block" effect: each die it reaches must block the ability's own die if able
//! (Spider-Man: Webslinger, Sentinel: Mutant Hunter), or any attacker when the ability
//! has no die of its own (a global, an action die). A persistent effect for this turn,
//! ended when the die leaves the field (Avengers Infinity rulebook, TYPES OF GAME
//! EFFECTS); `restrictions` enforces it when blockers are declared.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, DieId, MustBlock, Op};

impl Replayer {
    /// Each die reached must block this die (or any attacker) if able.
    pub(super) fn must_block_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let Some(whom) = self.block_whom(ctx, "makes dice block its die")? else {
            return Ok(Vec::new());
        };
        let dice = self.reach_dice(to, ctx)?;
        self.bind_to_block(dice, whom, ctx, "makes a die block an attacker")
    }

    /// Whom the dice an ability binds must block: its own die while it attacks, or any
    /// attacker when the ability has no die. Its die not attacking, the game is undecided
    /// (`None`): dmlint does not keep the effect until it attacks. `what` says what the
    /// ability does, for that message.
    pub(super) fn block_whom(&mut self, ctx: &Run, what: &str) -> Result<Option<MustBlock>, Stop> {
        match ctx.src.die {
            None => Ok(Some(MustBlock::Any)),
            Some(d) if self.state.die(d).attacking => Ok(Some(MustBlock::Attacker(d))),
            Some(_) => {
                // Waived, the judge's position block says what the dice must block.
                self.undecided(
                    self.line,
                    ctx.src.card,
                    &format!(
                        "{what}, which is not attacking: dmlint does not keep that effect until it attacks"
                    ),
                )?;
                Ok(None)
            }
        }
    }

    /// Binds `dice` to block `whom`. A die bound to block two different attackers would
    /// satisfy either: dmlint keeps one such effect on a die and does not guess which one
    /// stands, so the game is undecided. `what` says what the ability does.
    pub(super) fn bind_to_block(
        &mut self,
        dice: Vec<DieId>,
        whom: MustBlock,
        ctx: &Run,
        what: &str,
    ) -> Result<Vec<Op>, Stop> {
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
                &format!(
                    "{what} when it must already block another: dmlint does not keep two such effects on one die"
                ),
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
