//! Turtle Power: while a character with it is active, its player's other Teenage Mutant
//! Ninja Turtle character dice cost 1 less to buy for each such character active.
//!
//! The texts: the 2017 keyword list (keywords-2017-11-09.txt:65): while active, the
//! player's other Teenage Mutant Ninja Turtle character dice cost 1 less for each of
//! their active characters with it; the Heroes in a Half Shell reminder (HHS001, HHS009
//! and the others) says the same for one card, to a minimum of 1. The 2018 glossary has
//! no entry; the two agree, the reminder adding the floor the 2018 rules give every
//! reduction (000:616-621). How it is read:
//! - A static reduction of its player's purchases, read as each die is bought
//!   (`effects::reduce_cost::purchase_costs`): 1 for each of their cards with Turtle
//!   Power with a die in the field (a card once, however many of its dice are there),
//!   added to the turn's other reductions, down to the floor.
//! - It lowers a character die whose card has the Teenage Mutant Ninja Turtles
//!   affiliation (`turtle` in the card data, the Team Builder's name for it), of a card
//!   other than the Turtle Power card's.
//! - Undecided: a die of an active Turtle Power card bought while that card is active:
//!   whether "other" character dice means the other characters, or every die but the one
//!   active, is not said.

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::cards::{CardId, DieKind, GameCards};
use crate::engine::state::GameState;

/// The affiliation of the Teenage Mutant Ninja Turtles, as the card data writes it.
const TURTLES: &str = "turtle";

/// How much Turtle Power lowers the cost of a die of `card` bought by `who`: one for each
/// of their other cards with Turtle Power that are active; and `card` itself when it is
/// an active Turtle Power card, which the texts leave open (not counted).
pub fn cut(
    cards: &GameCards,
    state: &GameState,
    who: usize,
    card: CardId,
) -> (u32, Option<CardId>) {
    let c = cards.get(card);
    if c.kind != DieKind::Character || !c.affiliations.iter().any(|a| a == TURTLES) {
        return (0, None);
    }
    let (mut n, mut own) = (0, None);
    for tp in cards.ids() {
        let active = state
            .zone(who, Zone::Field)
            .any(|d| state.die(d).card == tp);
        if !active || !super::has(cards, state, tp, &Keyword::TurtlePower) {
            continue;
        }
        if tp == card {
            own = Some(tp);
        } else {
            n += 1;
        }
    }
    (n, own)
}

/// The words of the undecided diagnostic.
pub const OWN_DIE: &str = "has Turtle Power and is active, and a die of its own card is \
     bought: whether its \"other\" character dice include the card's own other dice is not said";
