//! Attune: while a character die with it is in the field, each time its controller uses
//! an action die it deals 1 damage to a target player or character die.
//!
//! The texts: the 2017 keyword list (keywords-2017-11-09.txt:14): "while a character
//! you control with Attune is active, when you use an action die, that character deals 1
//! damage to target player or character die (no matter how many of that character's
//! dice are active)"; the Avengers Infinity cards' reminder (AI031, AI039, AI042,
//! AI047) says the same in fewer words. The 2018 glossary has no entry. How it is read:
//! - It is a triggered ability of the card, the one [`ability`] writes: `while:
//!   active`, on the `uses-action` event of its controller (`of: you`), so it fires
//!   once per card however many of its dice are in the field, and an opponent's action
//!   die sets off nothing. Like every trigger it resolves once the action has resolved
//!   (EFFECT TIMING AND RESOLUTION, 000:1091-1109), and its `resolve` line names the
//!   target: `resolve LK target Bob.GR:L1` or `target Bob`.
//! - The damage is an effect's, not combat damage; the die that deals it is the card's.

use crate::cards::ability::{Ability, Effect, Selector, What};

/// The triggered ability Attune gives its card.
pub fn ability() -> Ability {
    super::on_action_used(Effect::Damage {
        amount: 1,
        to: Selector {
            what: What::CharacterOrPlayer,
            target: true,
            ..Selector::default()
        },
        per: None,
        per_paid: false,
        instead: None,
    })
}
