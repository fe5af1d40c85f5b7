//! Swarm: while a die with Swarm is active, each die of the same card its owner draws in
//! the clear and draw step makes them draw one more die from the bag (rolled with the
//! others in the roll step).
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:60); the 2018 glossary has no
//! entry for it, so the 2017 text stands, and the cards' reminder agrees ("while this
//! character is active, if you draw this die during your Clear and Draw Step, draw and
//! roll an extra die"). Active: a die of the card in the field (keywords-2017:7; the 2018
//! glossary, 000:1466). How it is read:
//! - The die that makes it act is in the drawer's own field and has Swarm then (its card's
//!   or given to it); the die drawn is another die of the same card. Being active does
//!   not stack: two dice of the card in the field still owe one die per die drawn
//!   (keywords-2017:7, "don't stack for multiple copies").
//! - "You do this for each matching die with Swarm drawn from your bag" (line 60): an
//!   extra die that is itself a die of such a card is drawn from the bag in the same step,
//!   so it owes another one. The count is then the same whatever order the dice came in,
//!   which a `draw` line does not record anyway: the draw is complete once it holds four
//!   dice (three on the 2018 first turn) plus one per such die among them.
//! - The extra dice belong to the step's one draw (000:540-544, "draw these now"; the
//!   rules reference, 003:102-106): the bag is refilled for them like for the four, and
//!   a die drawn after the draw was complete is one too many (`draw-count`). A bag and a
//!   used pile both empty before the extra dice are drawn cost nothing: the short draw's
//!   life is lost only for each die "below four" (000:547-551).
//! - On the 2018 first turn (three dice, then a fourth out of play, 000:560-571), whether
//!   a Swarm die drawn owes its die to the prep area or out of play, or at all, is not
//!   said: undecided. (Only a position can set it up: a first turn starts with an empty
//!   field.)
//!
//! The log writes the extra dice as it writes any die drawn: on the `draw` line with the
//! four, or on a line of their own after it (`draw SK x3 MM` then `draw SK`). A position
//! states the dice owed so far: `drawn 5 swarm 1`.

use crate::cards::ability::Keyword;
use crate::syntax::{DieItem, Zone};

use crate::engine::cards::CardId;
use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

impl Replayer {
    /// A die in `who`'s field of `card` with Swarm, if any: then each die of the card
    /// `who` draws in the clear and draw step owes an extra die.
    fn swarm_die(&self, who: usize, card: CardId) -> Option<DieId> {
        let card = self.cards.canonical(card);
        self.state.zone(who, Zone::Field).find(|&d| {
            self.cards.canonical(self.state.die(d).card) == card
                && self.has_keyword(d, |k| *k == Keyword::Swarm)
        })
    }

    /// The extra dice `who`'s draw of `dice` owes for Swarm, and the card of the first
    /// Swarm die behind them (for messages).
    pub(in crate::engine) fn swarm_owed(
        &self,
        who: usize,
        dice: &[DieItem],
    ) -> (u32, Option<CardId>) {
        let mut owed = 0;
        let mut first = None;
        for item in dice {
            let Some(card) = self.cards.by_alias(&item.die.alias.node, who) else {
                continue;
            };
            if let Some(d) = self.swarm_die(who, card) {
                owed += item.times();
                first.get_or_insert(self.state.die(d).card);
            }
        }
        (owed, first)
    }

    /// The help line's words on Swarm, when the draw owes dice for it.
    pub(in crate::engine) fn swarm_help(&self, owed: u32) -> String {
        if owed == 0 {
            return String::new();
        }
        format!(
            ", and {owed} more for Swarm (one for each die drawn of a card with Swarm that has \
             a die in the field)"
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::ability::Keyword;
    use crate::engine::keywords::applied;

    #[test]
    fn swarm_is_applied() {
        assert!(applied(&Keyword::Swarm));
    }
}
