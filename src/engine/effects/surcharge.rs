//! Surcharges: a static that makes the opposing player pay more to use a global ability
//! or an action die (Jean Grey: Marvel Girl's [1], Lilandra: Majestrix's 2 life). The
//! extra cost is added to the ability's own as it is used, and paid in the line's `pay`
//! clause with it ("you cannot avoid paying costs": an ability whose whole cost the
//! table cannot pay cannot be used, 000:955-964). A surcharge is read from its card's
//! owner's side: "your opponent" is the other player, whoever's turn it is.

use std::borrow::Cow;

use crate::cards::ability::{Ability, Cost, Effect, Kind, UseKind};

use crate::engine::condition;
use crate::engine::replay::Replayer;
use crate::engine::select::Source;

impl Replayer {
    /// The costs player `who` pays beyond an ability's own to use one of kind `kind`:
    /// those of every static in force of the other player's cards.
    pub(super) fn surcharges(&self, who: usize, kind: UseKind) -> Vec<Cost> {
        let mut out = Vec::new();
        for card in self.cards.ids() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            if owner == who {
                continue;
            }
            let src = Source::card(card, owner);
            for a in self.abilities_of(card).into_iter().flatten() {
                if a.kind != Kind::Static
                    || !condition::ability_on(&self.cards, &self.state, a, &src, None)
                {
                    continue;
                }
                for e in &a.effects {
                    if let Effect::Surcharge { on, cost } = e
                        && on.contains(&kind)
                    {
                        out.extend(cost.iter().cloned());
                    }
                }
            }
        }
        out
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
