//! The "damage equal to a die's level" effect (Crowd Fighting: "choose an active
//! character die; deal damage equal to that die's level to all opposing character
//! dice"): the controller names the die (a choice, not a target: the line's `target`
//! clause), whose level is read as the effect resolves; each die or player reached takes
//! that much.

use crate::cards::ability::Selector;
use crate::syntax::Face;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// Damage equal to the chosen die's level to each die or player `to` reaches; a
    /// chosen die showing no level, or none chosen, deals nothing.
    pub(super) fn damage_equal_level_effect(
        &mut self,
        of: &Selector,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let chosen = self.reach(of, ctx)?;
        let level = chosen
            .iter()
            .find_map(|r| match r {
                Reached::Die(d) => match self.state.die(*d).face {
                    Some(Face::Level { level, .. }) => Some(u32::from(level)),
                    _ => None,
                },
                Reached::Player(_) => None,
            })
            .unwrap_or(0);
        let reached = self.reach(to, ctx)?;
        // No damage at all is not damage dealt.
        if level == 0 {
            return Ok(Vec::new());
        }
        Ok(reached
            .into_iter()
            .map(|t| match t {
                Reached::Die(die) => Op::Damage { die, amount: level },
                Reached::Player(player) => Op::DamagePlayer {
                    player,
                    amount: level,
                },
            })
            .collect())
    }
}
