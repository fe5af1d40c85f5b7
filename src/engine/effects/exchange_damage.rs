//! The exchange of damage (Archnemesis): two character dice deal each other damage equal
//! to their attack, as each is when the effect resolves (every modifier counted), at
//! once, as one effect's damage. Each die is the source of the damage it deals (a
//! character's damage is the character's, 002:737), so a static lessening damage by its
//! source reads each die (`damage_from`).

use crate::cards::ability::Selector;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// The die `to` names and the die `with` names each deal the other its attack.
    pub(super) fn exchange_damage_effect(
        &mut self,
        to: &Selector,
        with: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let one = |r: Vec<Reached>| match r.as_slice() {
            [Reached::Die(d)] => Some(*d),
            _ => None,
        };
        let a = self.reach(to, ctx)?;
        let b = self.reach(with, ctx)?;
        let (Some(a), Some(b)) = (one(a), one(b)) else {
            return Ok(Vec::new());
        };
        let (attack_a, attack_b) = (self.stats(a).0, self.stats(b).0);
        // No damage at all is not damage dealt.
        Ok([(b, attack_a, a), (a, attack_b, b)]
            .into_iter()
            .filter(|&(_, amount, _)| amount > 0)
            .map(|(die, amount, by)| Op::DamageBy { die, amount, by })
            .collect())
    }
}
