//! Immortal: except when it is bought, a die with Immortal that would go to the used pile
//! goes to its owner's bag instead.
//!
//! The text: in neither the 2018 glossary nor the 2017 keyword list; the cards' reminder
//! defines it, the same on every card (BIT014, BIT022, THOR023 and the other Mighty Thor
//! cards): a die that would go to the used pile goes to the bag instead, except when it
//! is bought. How it is read:
//! - Every move of a die to the used pile is one place (`GameState::move_die`): the die
//!   goes to the bag instead, whatever sent it (the reserve pool cleared in the clear
//!   and draw step, the dice out of play at the end of the turn, energy spent on the
//!   opponent's turn or under the 2014 rules, a die an effect or a cost sends or places
//!   there). A die bought goes to the used pile as the purchase puts it there; a
//!   `position` may place one there.
//! - Spent energy, used action dice and unblocked attackers go out of play during their
//!   owner's turn (2018, 000:286-297), not "to the used pile": an Immortal die among
//!   them goes to the bag at the end of the turn, with the others.
//! - Undecided: a die an effect or a cost sends "to the used pile" from the field or the
//!   reserve pool during its owner's turn, which the 2018 rules send out of play instead
//!   (000:293-295): whether Immortal puts it in the bag at once, or out of play first, is
//!   not said.

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::cards::{CardId, GameCards};
use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::DieId;

/// The cards of a game with Immortal, for `GameState::move_die`.
pub fn cards(cards: &GameCards) -> Vec<CardId> {
    cards
        .ids()
        .filter(|&c| super::printed_has(cards, c, &Keyword::Immortal))
        .collect()
}

impl Replayer {
    /// Where a die an effect or a cost sends to `zone` lands (`GameState::sent_to`),
    /// undecided for an Immortal die sent to the used pile that the 2018 rules send out
    /// of play.
    pub(in crate::engine) fn sent_to_checked(
        &mut self,
        die: DieId,
        zone: Zone,
    ) -> Result<Zone, crate::engine::replay::Stop> {
        let dest = self.state.sent_to(die, zone);
        let card = self.state.die(die).card;
        if zone == Zone::Used && dest == Zone::Oop && self.state.immortal.contains(&card) {
            self.undecided_immortal(card)?;
        }
        Ok(dest)
    }

    fn undecided_immortal(&mut self, card: CardId) -> Flow {
        self.undecided(
            self.line,
            card,
            "has Immortal, and its die is sent to the used pile during its owner's turn, which \
             the 2018 rules send out of play: whether it goes to the bag at once or at the end \
             of the turn is not said",
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::keywords::testing::{dice, replayed};
    use crate::syntax::{Span, Zone};

    #[test]
    fn a_die_moved_to_the_used_pile_goes_to_the_bag_and_a_bought_one_does_not() {
        // Stone Cold Steve Austin: The Texas Rattlesnake (BIT #14, Immortal).
        let (cards, mut state) = replayed(
            "dmlog 1\nformat custom life 10\nteam Ann\n\
             ST = Stone Cold Steve Austin: The Texas Rattlesnake x2\nteam Bob\n\
             GR = Ghost Rider: Johnny Blaze\nfirst Ann\nposition\nturn 4 Ann main\n\
             reserve Ann ST:fist\nused Ann ST\nend\n",
        );
        let st = dice(&cards, &state, "ST", 0);
        assert_eq!(state.die(st[1]).zone, Zone::Used);
        state.move_die(st[0], Zone::Used, Span::default());
        assert_eq!(state.die(st[0]).zone, Zone::Bag);
    }
}
