//! Obscure: when its controller uses an action die, a die with it cannot be blocked
//! until the end of the turn.
//!
//! The text: neither the 2018 glossary nor the 2017 keyword list has Obscure; the cards'
//! reminder defines it, the same on every card that prints one (TIW025, TIW027, TIW007:
//! "when you use an Action die, this character is unblockable until end of turn"; ZHN009
//! and ZHN010 print the keyword alone). How it is read:
//! - It acts as the `use` line is made, before the action's own effect: each character
//!   die with Obscure its user has in the field then cannot be blocked for the rest of
//!   the turn (a die fielded later, even by that action's effect, is not). It is the
//!   same "cannot be blocked" the restrictions on blocking read
//!   (`effects::restrictions`): a `block` line with the die as an attacker is
//!   `cannot-block`, and a die that must block (if able) is not bound to block it.
//! - It is an effect on the die for the turn: it ends in the cleanup step or as the die
//!   leaves the field, like every applied effect, and a `position` writes it as a mark
//!   (`OB:L1[unblockable]`). Using a second action die changes nothing.
//! - Whose action die: "you", the die's controller; any action die (a basic action die,
//!   one with Continuous); a global is not an action die.

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::replay::Replayer;
use crate::engine::select;

impl Replayer {
    /// Player `who` uses an action die: each of their character dice in the field with
    /// Obscure cannot be blocked until the end of the turn.
    pub(in crate::engine) fn obscure(&mut self, who: usize) {
        let dice: Vec<_> = self
            .state
            .zone(who, Zone::Field)
            .filter(|&d| select::is_character(&self.state, d))
            .filter(|&d| self.has_keyword(d, |k| *k == Keyword::Obscure))
            .collect();
        let line = self.line;
        for d in dice {
            if !self.state.die(d).boost.unblockable {
                self.state.die_mut(d).boost.unblockable = true;
                self.turn_mut().marked.push((d, line));
            }
        }
    }
}
