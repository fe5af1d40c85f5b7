//! The "defense equal to its attack" effect (Archnemesis' global): each die reached has,
//! until the end of the turn, a defense equal to its attack. It sets the value the level
//! and the applied modifiers give, as "swap" effects do (000:1013-1028: applied stat
//! modifiers may be manipulated by game effects); applied modifiers made later add to
//! it, and static ones apply on top, as they do to any stat (000:1042-1060). The mark
//! `defense-is-attack` keeps it (`select::stats`); like every applied effect it ends in
//! the cleanup step or as the die leaves the field.

use crate::cards::ability::Selector;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    /// Each die reached: its defense from now on is its attack, the applied defense
    /// modifiers so far folded in.
    pub(super) fn defense_equal_attack_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        Ok(self
            .reach(to, ctx)?
            .into_iter()
            .filter_map(|t| match t {
                Reached::Die(die) => Some(Op::Boost {
                    die,
                    boost: Boost {
                        defense: -self.state.die(die).boost.defense,
                        defense_is_attack: true,
                        ..Boost::default()
                    },
                }),
                Reached::Player(_) => None,
            })
            .collect())
    }
}
