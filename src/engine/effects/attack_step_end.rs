//! The end of the attack step: the `attack-step-end` event ("at the end of the attack
//! step", Nightcrawler: Abandoned, Black Widow: Natural), a moment of the active
//! player's, fired once combat damage and every effect it set off have resolved.
//!
//! The 2018 rulebook closes the attack step with the survivors' return from the attack
//! zone to the field, right before the cleanup step clears damage (000:793-798). The
//! effects "at the end of the attack step" come before that return: the dice still in
//! the attack zone are still engaged (Phoenix: Jeannie's "each character still engaged
//! with" her, Nightcrawler: Abandoned's "one character that blocked" him) and still
//! damaged (Black Widow: Natural's "this happens before damage clears"). While they
//! resolve the combat stage is `ending` (a position writes `combat ending`); the step
//! after it is the same as before: under 2018 the survivors return to the field, under
//! the older rules they stay in the attack zone until cleanup.

use crate::cards::ability::Event;

use crate::engine::replay::Replayer;
use crate::engine::state::{About, DamageStage};

impl Replayer {
    /// Combat damage is over: the attack step's end fires (about the active player), its
    /// triggers resolving before the step closes ([`Replayer::advance_damage`] closes it
    /// once nothing waits).
    pub(in crate::engine) fn end_attack_step(&mut self) {
        let active = self.turn_ref().expect("turn").active;
        self.turn_mut().damage = DamageStage::Ending;
        self.fire(&[(Event::AttackStepEnd, About::Player(active))], &[]);
    }
}
