//! "Each of those dice deals damage equal to its attack to a player": the effect
//! `each-deals-attack` (Phoenix: Jeannie, AVX #118: each character still engaged with her
//! as the attack step ends deals its attack to her owner's opponent). Each die's attack
//! is read as the effect resolves, every applied and static modifier counted, as
//! `damage_equal_attack` reads the ability's own die; a die at 0 attack deals nothing.
//! All of it is dealt at once, one effect's damage (not combat damage).

use crate::cards::ability::Selector;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// Damage to each player `to` reaches from each die `by` reaches, equal to that
    /// die's attack.
    pub(super) fn each_deals_attack_effect(
        &mut self,
        by: &Selector,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let dealers = self.reach_dice(by, ctx)?;
        let players = self.reach(to, ctx)?;
        let mut ops = Vec::new();
        for die in dealers {
            let amount = self.stats(die).0;
            if amount == 0 {
                continue;
            }
            for r in &players {
                if let Reached::Player(player) = *r {
                    ops.push(Op::DamagePlayer { player, amount });
                }
            }
        }
        Ok(ops)
    }
}
