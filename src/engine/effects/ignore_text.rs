//! Ignoring text (Mister Sinister: Mutant Supremacist, fielded: "ignore all text on
//! opposing character cards (including Global Abilities) until end of turn"). Text is
//! card text: the effect reaches cards, by what they are, not dice in play
//! (`select::matches_card`), and lasts until the end of the turn; a static that does the
//! same while it holds (D'Ken: Shi'ar Civil War) is read where text is read. Wherever the
//! engine reads a card's abilities it reads none of an ignored card's
//! (`select::ignored`): its triggers do not fire (those already waiting resolve to
//! nothing), its statics and keywords do not hold, its globals and action dice do
//! nothing. A position states the effect's cards (`ignored Bob.PS`); an ability number
//! in a position still counts the card's printed abilities.

use crate::cards::ability::Selector;

use super::Run;
use crate::engine::replay::Replayer;
use crate::engine::select;
use crate::engine::state::Op;

impl Replayer {
    /// The text of the cards `to` names, from the ability's side, is ignored until the end
    /// of the turn (their globals too, with `globals`).
    pub(super) fn ignore_text_effect(
        &mut self,
        to: &Selector,
        globals: bool,
        ctx: &Run,
    ) -> Vec<Op> {
        let cards: Vec<_> = self
            .cards
            .ids()
            .filter(|&c| select::matches_card(&self.cards, to, &ctx.src, c))
            .collect();
        let ignored = &mut self.turn_mut().ignored;
        for c in cards {
            match ignored.iter_mut().find(|(x, _)| *x == c) {
                Some((_, g)) => *g |= globals,
                None => ignored.push((c, globals)),
            }
        }
        Vec::new()
    }
}
