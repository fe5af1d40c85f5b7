//! Ally: a character die that counts as a sidekick too while it is in the field, and
//! only there (Avengers Infinity rulebook, GLOSSARY, 000:1467-1469; the 2017 keyword
//! list says the same, keywords-2017-11-09.txt:10). It is read wherever the engine asks
//! whether a die is a sidekick: the selectors (`select::matches`), and so every effect,
//! condition, cost and static that names sidekicks.

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::cards::GameCards;
use crate::engine::select::is_character;
use crate::engine::state::{DieId, GameState};

/// Whether die `id` counts as a sidekick by Ally: its card has Ally, and it is in the
/// field showing a character face. In the bag, the prep area, the used pile or anywhere
/// else it is only what it is.
pub fn counts_as_sidekick(cards: &GameCards, state: &GameState, id: DieId) -> bool {
    let die = state.die(id);
    die.zone == Zone::Field
        && is_character(state, id)
        && super::has(cards, state, die.card, &Keyword::Ally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::keywords::testing::{dice, table};

    #[test]
    fn ally_is_a_sidekick_in_the_field_only() {
        let (cards, state) = table("field Ann AB:L1\nprep Ann AB\n");
        let ab = dice(&cards, &state, "AB", 0);
        let in_field = ab
            .iter()
            .find(|&&d| state.die(d).zone == Zone::Field)
            .unwrap();
        let in_prep = ab
            .iter()
            .find(|&&d| state.die(d).zone == Zone::Prep)
            .unwrap();
        assert!(counts_as_sidekick(&cards, &state, *in_field));
        assert!(!counts_as_sidekick(&cards, &state, *in_prep));
    }
}
