//! "Put a Loyalty Counter on X's card" (Dark Phoenix Saga): Loyalty Counters put on the
//! ability's own card, where they stay for the rest of the game whatever becomes of its
//! dice, each +1A/+1D to every die of the card (the cards' reminder, "Loyalty Counters
//! give a character die +1A and +1D"; neither the 2018 rulebook nor the 2017 keyword list
//! defines them). The counters are kept, printed and read as every token kind is
//! (`GameState::add_tokens`, `GameState::token_bonus`; cards/README.md, "Tokens on a
//! card"): this file only says when and where they are put. The text names the card
//! ("Magneto's card", "her card"), never a die, so the effect chooses nothing and needs
//! no die of the card in play; it is made as it resolves, a change to the card and to no
//! die or player, so it adds no op to the ability's simultaneous changes.

use super::Run;
use crate::engine::cards::DieKind;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;
use crate::syntax::TokenKind;

impl Replayer {
    /// `count` Loyalty Counters on the ability's own card. Counters go on character
    /// cards only (a position refuses them elsewhere); a card of another kind with this
    /// effect says something no rule reads: undecided, never guessed.
    pub(super) fn loyalty_effect(&mut self, count: u8, ctx: &Run) -> Result<Vec<Op>, Stop> {
        let card = ctx.src.card;
        if self.cards.get(card).kind != DieKind::Character {
            self.undecided(
                self.line,
                card,
                "puts a Loyalty Counter on a card that is no character card: the counters' \
                 reminder gives their bonus to character dice only",
            )?;
            return Ok(Vec::new());
        }
        self.state
            .add_tokens(card, TokenKind::Loyalty, u32::from(count));
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::cards::GameCards;
    use crate::engine::keywords::testing::{dice, replayed};
    use crate::engine::select::stats;
    use crate::engine::state::GameState;
    use crate::syntax::{TokenKind, Zone};

    /// Ann's two Magneto: Idealist (41DPS, 4A/4D at level 1), a Madelyne Pryor:
    /// Sisterhood (79DPS) and a sidekick in the field, on Bob's turn, with his Smash!
    /// (a level 1 character knocked out) in his reserve pool: `moves` after it.
    fn after(moves: &str) -> (GameCards, GameState) {
        replayed(&format!(
            "dmlog 1\nrules 2018\nformat custom life 10\nteam Ann\n\
             MG = Magneto: Idealist x2\nMP = Madelyne Pryor: Sisterhood x4\n\
             team Bob\nOR = Orc: Lesser Humanoid x2\nbasic SM = Smash!\nfirst Ann\nposition\n\
             turn 4 Bob main\nreserve Bob SM:act\nfield Ann MG:L1 MG:L1 MP:L1 SK:L1\n\
             used Ann SK x6\nused Bob SK x8\nend\n{moves}"
        ))
    }

    /// The Loyalty Counters on the card of Ann's dice of an alias.
    fn counters(cards: &GameCards, state: &GameState, alias: &str) -> u32 {
        let die = dice(cards, state, alias, 0)[0];
        state.tokens(state.die(die).card, TokenKind::Loyalty)
    }

    #[test]
    fn each_knock_out_the_text_names_puts_one_counter_on_the_card() {
        // Smash! knocks out one Magneto (a mask die, a Brotherhood die besides
        // Madelyne): one counter on each card, and the other Magneto gets +1A/+1D.
        let (cards, state) = after("use SM:act target Ann.MG:L1\n");
        assert_eq!(counters(&cards, &state, "MG"), 1);
        assert_eq!(counters(&cards, &state, "MP"), 1);
        let standing = dice(&cards, &state, "MG", 0)
            .into_iter()
            .find(|&d| state.zone(0, Zone::Field).any(|f| f == d))
            .expect("a Magneto still in the field");
        assert_eq!(stats(&cards, &state, standing), (5, 5));
    }

    #[test]
    fn a_die_the_text_leaves_out_puts_none() {
        // A sidekick is no mask die and no Brotherhood die.
        let (cards, state) = after("use SM:act target Ann.SK:L1\n");
        assert_eq!(counters(&cards, &state, "MG"), 0);
        assert_eq!(counters(&cards, &state, "MP"), 0);
        // Madelyne is not "besides Madelyne"; she is a mask die: Magneto's counter only.
        let (cards, state) = after("use SM:act target Ann.MP:L1\n");
        assert_eq!(counters(&cards, &state, "MG"), 1);
        assert_eq!(counters(&cards, &state, "MP"), 0);
    }
}
