//! Continuous: an action die that is used as it moves from the reserve pool to the field,
//! and stays there past the end of the turn (Avengers Infinity rulebook, GLOSSARY,
//! 000:1478-1481). The 2017 keyword list (keywords-2017-11-09.txt:25) says it "moves" to
//! the field and stays; 2018 adds that the move *is* its use, which is what the engine
//! applies: `use DIE` runs its action ability and puts the die in the field instead of
//! spending it. A fielded Continuous die rerolled to an energy face goes to the reserve
//! pool (000:1303-1305), as every reroll to a face the field cannot hold does.

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::cards::{CardId, GameCards};

/// Where a used action die of `card` goes: the field for a Continuous one, `spent`
/// (the used pile, or out of play on its owner's turn) for any other.
pub fn used_to(cards: &GameCards, card: CardId, spent: Zone) -> Zone {
    if super::printed(cards, card).any(|(_, k)| *k == Keyword::Continuous) {
        Zone::Field
    } else {
        spent
    }
}
