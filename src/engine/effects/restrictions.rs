//! Restrictions abilities put on blocking: "cannot be blocked by", checked when
//! blockers are declared, while the ability's conditions hold (`condition`).

use crate::cards::ability::{Effect, Kind};

use crate::engine::condition;
use crate::engine::replay::Replayer;
use crate::engine::select::{self, Source};
use crate::engine::state::DieId;

impl Replayer {
    /// The first static "can't be blocked by" of an attacker that forbids this blocker.
    pub(in crate::engine) fn block_forbidden(
        &self,
        blocker: DieId,
        attacker: DieId,
    ) -> Option<String> {
        let a = self.state.die(attacker);
        let list = self.abilities_of(a.card)?;
        let src = Source::card(a.card, a.owner).from_die(attacker);
        for ab in list.iter().filter(|ab| ab.kind == Kind::Static) {
            if !condition::ability_on(&self.cards, &self.state, ab, &src, Some(attacker)) {
                continue;
            }
            for e in &ab.effects {
                if let Effect::CantBeBlockedBy { by } = e
                    && select::matches(&self.cards, &self.state, by, &src, blocker)
                {
                    return Some(crate::cards::text::sel(by));
                }
            }
        }
        None
    }
}
