//! Amplify: each time its controller uses an action die, a character die with it in
//! the field spins up one level.
//!
//! The text: in neither the 2018 glossary nor the 2017 keyword list; the card's reminder
//! defines it (AI046, Wasp: Partner-In-Peril: "when you use an action die, spin this
//! character up 1 level"). How it is read: a triggered ability of the card, the one
//! [`ability`] writes, on the `uses-action` event of its controller (`of: you`: an
//! opponent's action die sets off nothing), spinning up each of the card's dice in the
//! field, and needing no line (a die at its top level stays there). It resolves once the
//! action has resolved (EFFECT TIMING AND RESOLUTION, 000:1091-1109).

use crate::cards::ability::{Ability, Count, Effect, Selector, Way, What};

/// The triggered ability Amplify gives its card.
pub fn ability() -> Ability {
    super::on_action_used(Effect::Spin {
        to: Selector {
            count: Count::Each,
            what: What::ThisCard,
            ..Selector::default()
        },
        levels: 1,
        way: Way::Up,
    })
}
