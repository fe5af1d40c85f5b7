//! The "damage equal to its attack" effect: the ability's own die deals damage equal to
//! its attack, as it is when the effect resolves (every applied and static modifier
//! counted), to each die or player reached (Hawkeye: Longbow, Cyclops: If Looks Could
//! Kill, Wolverine: Not Very Nice).

use crate::cards::ability::Selector;
use crate::syntax::Zone;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::select;
use crate::engine::state::Op;

impl Replayer {
    /// Damage equal to the source die's attack to each die or player reached. An ability
    /// with no die of its own, or whose die is no longer a character in the field, has
    /// no attack the engine can read: undecided (a judge states the result).
    pub(super) fn damage_equal_attack_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let die = ctx.src.die.filter(|d| {
            self.state.die(*d).zone == Zone::Field && select::is_character(&self.state, *d)
        });
        let Some(die) = die else {
            // Waived, the judge's position block says what damage was dealt.
            self.undecided(
                self.line,
                ctx.src.card,
                "deals damage equal to the attack of a die that is no longer a character in the field: dmlint does not keep its last known attack",
            )?;
            return Ok(Vec::new());
        };
        let n = self.stats(die).0;
        let reached = self.reach(to, ctx)?;
        // No damage at all is not damage dealt: nothing takes damage from a 0 attack.
        if n == 0 {
            return Ok(Vec::new());
        }
        Ok(reached
            .into_iter()
            .map(|t| match t {
                Reached::Die(die) => Op::Damage { die, amount: n },
                Reached::Player(player) => Op::DamagePlayer { player, amount: n },
            })
            .collect())
    }
}
