//! "Cannot be targeted by (opposing) Global Abilities or action dice" (Iron Man: Not All
//! Champagne And Caviar, Vision: Created by Ultron-5): a static read wherever an ability
//! of those kinds chooses its targets. Such a die is no valid target for it
//! (`invalid-target`), and does not count as one when the ability needs a target to be
//! used at all (`no-valid-target`, Avengers Infinity rulebook, Targeting). Effects that
//! reach it without targeting it ("each character", a choice that is no target) still do.
//! "Opposing" is read from the die's owner: a global or action die its opponent uses.

use crate::cards::ability::{Effect, Kind, Side};

use crate::engine::cards::CardId;
use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

impl Replayer {
    /// The card whose static keeps die `id` from being targeted by an ability of `kind`
    /// that `user` uses, if one does.
    pub(in crate::engine) fn untargetable(
        &self,
        id: DieId,
        kind: Kind,
        user: usize,
    ) -> Option<CardId> {
        let owner = self.state.die(id).owner;
        self.static_says(id, |e| match e {
            Effect::CantBeTargeted { to, by, side }
                if by.contains(&kind) && (*side != Side::Opposing || user != owner) =>
            {
                Some(to)
            }
            _ => None,
        })
    }

    /// The dice of `dice` an ability of `kind` used by `user` may target.
    pub(super) fn targetable(&self, dice: &mut Vec<DieId>, kind: Kind, user: usize) {
        dice.retain(|&d| self.untargetable(d, kind, user).is_none());
    }
}
