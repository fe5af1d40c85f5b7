//! The glossary keywords the engine applies: one file per keyword, named after it, and
//! the table [`applied`] that says which are (the coverage reads it, so a keyword not in
//! it leaves a game undecided where it would act).
//!
//! A keyword is a card's own text (`{kind: keyword, keyword: K}`): each of the card's
//! dice has it while it is in the field. Where the keyword acts it asks
//! [`Replayer::has_keyword`]; the file of the keyword holds the rule and its citations.
//!
//! Combat keywords: [`overcrush`], [`fast`], [`iron_will`], [`energy_drain`].

use crate::cards::ability::{Keyword, Kind};

use super::replay::Replayer;
use super::state::DieId;

mod energy_drain;
mod fast;
mod iron_will;
mod overcrush;

/// Whether the engine applies keyword `k` wherever it acts.
pub fn applied(k: &Keyword) -> bool {
    match k {
        // Combat keywords.
        Keyword::Overcrush => true,
        Keyword::Fast => true,
        Keyword::IronWill => true,
        Keyword::EnergyDrain => true,
        // Not applied yet: a die with one makes the game undecided once in play.
        Keyword::Ally | Keyword::Continuous | Keyword::Heroic | Keyword::SuitUp { .. } => false,
        // The 2017 list's combat keywords, recorded only.
        Keyword::Deadly
        | Keyword::Cleave
        | Keyword::Infiltrate
        | Keyword::CallOut
        | Keyword::BreathWeapon(_) => false,
    }
}

impl Replayer {
    /// Whether die `id` has a keyword `pick` accepts: its card's text has it.
    pub(in crate::engine) fn has_keyword(
        &self,
        id: DieId,
        pick: impl Fn(&Keyword) -> bool,
    ) -> bool {
        self.abilities_of(self.state.die(id).card)
            .is_some_and(|list| {
                list.iter()
                    .any(|a| a.kind == Kind::Keyword && a.keyword.as_ref().is_some_and(&pick))
            })
    }
}
