//! Keywords a die has without its card saying so: given by an effect until the end of
//! the turn (Thrown Car by errata: "+1A and Overcrush"), or by a static ability for as
//! long as it holds (`{grant: {to: …, keyword: K, until: while-on}}`).
//!
//! A keyword granted is the keyword itself: the die has it exactly as a die whose card
//! lists it, and each keyword acts where its own file says (Overcrush and Fast as combat
//! damage is dealt, Iron Will as the die would be knocked out, Energy Drain and Deadly as
//! blockers are declared). So a keyword given after its moment has passed does nothing
//! that turn (Energy Drain granted after the `block` line), except Deadly: engaged is a
//! state, not a moment, so a die given it while engaged takes the engagements as they
//! stand (`effects::commit`). Only the keywords read off a die where
//! they act ([`Granted`]) can be granted; a grant of any other is not applied, and a game
//! that needs it is undecided (`coverage::effect_applied`). Like every applied effect,
//! an effect's grant ends in the cleanup step or when the die leaves the field (Avengers
//! Infinity rulebook, TYPES OF GAME EFFECTS); a `position` writes it `+overcrush`.

use crate::cards::ability::{Effect, Keyword, Until};
use crate::syntax::Granted;

use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

/// The mark for a keyword an effect may grant, if it may be.
pub fn grantable(k: &Keyword) -> Option<Granted> {
    match k {
        Keyword::Overcrush => Some(Granted::Overcrush),
        Keyword::Fast => Some(Granted::Fast),
        Keyword::IronWill => Some(Granted::IronWill),
        Keyword::EnergyDrain => Some(Granted::EnergyDrain),
        Keyword::Deadly => Some(Granted::Deadly),
        Keyword::Ally
        | Keyword::Continuous
        | Keyword::Heroic
        | Keyword::SuitUp { .. }
        | Keyword::Cleave
        | Keyword::Infiltrate
        | Keyword::Regenerate
        | Keyword::Intimidate
        | Keyword::CallOut
        | Keyword::BreathWeapon(_)
        | Keyword::Swarm
        | Keyword::Range(_)
        | Keyword::Strike
        | Keyword::Obscure
        | Keyword::Retaliation
        | Keyword::TagOut
        | Keyword::Attune
        | Keyword::Amplify
        | Keyword::Founder => None,
    }
}

/// The keyword a mark stands for.
pub fn keyword(g: Granted) -> Keyword {
    match g {
        Granted::Overcrush => Keyword::Overcrush,
        Granted::Fast => Keyword::Fast,
        Granted::IronWill => Keyword::IronWill,
        Granted::EnergyDrain => Keyword::EnergyDrain,
        Granted::Deadly => Keyword::Deadly,
    }
}

impl Replayer {
    /// Whether die `id` has a keyword `pick` accepts that its card does not give it: an
    /// effect gave it this turn, or a static in force gives it now.
    pub(in crate::engine) fn granted_keyword(
        &self,
        id: DieId,
        pick: &dyn Fn(&Keyword) -> bool,
    ) -> bool {
        self.state
            .die(id)
            .boost
            .granted
            .iter()
            .any(|g| pick(&keyword(g)))
            || self
                .static_says(id, |e| match e {
                    Effect::Grant {
                        to,
                        keyword,
                        until: Until::WhileOn,
                    } if pick(keyword) => Some(to),
                    _ => None,
                })
                .is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_stands_for_a_keyword_granted_as_itself() {
        for g in Granted::ALL {
            assert_eq!(grantable(&keyword(g)), Some(g));
        }
        assert_eq!(grantable(&Keyword::Cleave), None);
        assert_eq!(grantable(&Keyword::Ally), None);
    }
}
