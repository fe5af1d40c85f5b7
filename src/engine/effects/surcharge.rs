//! Surcharges: a static that makes the opposing player pay more to use a global ability
//! or an action die (Jean Grey: Marvel Girl's [1], Lilandra: Majestrix's 2 life). The
//! extra cost is added to the ability's own as it is used, and paid in the line's `pay`
//! clause with it ("you cannot avoid paying costs": an ability whose whole cost the
//! table cannot pay cannot be used, 000:955-964). A surcharge is read from its card's
//! owner's side: "your opponent" is the other player, whoever's turn it is.

use std::borrow::Cow;

use crate::cards::ability::{Ability, Cost, Effect, UseKind};

use crate::engine::replay::Replayer;

impl Replayer {
    /// The costs player `who` pays beyond an ability's own to use one of kind `kind`:
    /// those of every static in force of the other player's cards.
    pub(super) fn surcharges(&self, who: usize, kind: UseKind) -> Vec<Cost> {
        self.statics_in_force()
            .into_iter()
            .filter(|&(_, owner, _)| owner != who)
            .flat_map(|(_, _, a)| a.effects.iter())
            .filter_map(|e| match e {
                Effect::Surcharge { on, cost } if on.contains(&kind) => Some(cost.iter().cloned()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// The ability as player `who` uses it: its own cost and the surcharges on its kind.
    pub(super) fn surcharged<'a>(
        &self,
        a: &'a Ability,
        who: usize,
        kind: UseKind,
    ) -> Cow<'a, Ability> {
        let extra = self.surcharges(who, kind);
        if extra.is_empty() {
            return Cow::Borrowed(a);
        }
        let mut a = a.clone();
        a.cost.extend(extra);
        Cow::Owned(a)
    }
}
