//! Strike: while a die with it is the only character die its controller fielded this
//! turn, it gets +2A and +2D and has Overcrush.
//!
//! The text: neither the 2018 glossary nor the 2017 keyword list has Strike; the cards'
//! reminder defines it, in two wordings. JUS001 and the other Justice cards (JUS017,
//! JUS027, JUS041, JUS044, JUS049, JUS061): "+2A, +2D, and Overcrush so long as it is the
//! only character die you fielded this turn"; DOOM004 (and MYST010, MYST016): "if you
//! field no other characters this turn, ... +2/+2 and Overcrush". They agree when the die
//! was fielded this turn (a bonus while no other character die of its controller was,
//! none once one is) and differ when it was not (a die fielded on an earlier turn, or
//! any die on the opponent's turn, with no character fielded this turn: DOOM004's words
//! give it the bonus, JUS001's do not). dmlint follows JUS001's, the explicit one, which
//! seven of the nine cards print: no bonus then. How it is read:
//! - A static of the die, re-read wherever its stats or its Overcrush are read
//!   (`select::stats`, [`Replayer::has_keyword`]): so it holds from the moment the die is
//!   fielded, through its attack, and ends the moment its controller fields another
//!   character die, before or after it attacks. Its Overcrush is the Overcrush keyword's
//!   own code (`keywords::overcrush`).
//! - "Fielded": fielded from the reserve pool, or put in the field by an effect where
//!   the edition counts that as fielding ("when fielded" effects fire then,
//!   `effects::field`); a die moved there (Suit Up, Regenerate) is not fielded. A die
//!   that leaves the field and comes back is a new die, not the one fielded: no bonus
//!   unless it is fielded again (`Turn::fielded` marks it gone as it leaves). A die of
//!   its controller fielded and knocked out since still was fielded this turn.
//! - Undecided: when a position began the turn after its main step had begun, it does
//!   not say what was fielded this turn, so a die with Strike in the field then, or
//!   fielded later that turn, leaves the game undecided.

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::cards::GameCards;
use crate::engine::state::{DieId, GameState};

/// Whether die `id` has Strike and it holds now: `None` when the turn's fielding is
/// not known (a position did not say).
pub fn holds(cards: &GameCards, state: &GameState, id: DieId) -> Option<bool> {
    let d = state.die(id);
    if d.zone != Zone::Field || !super::has(cards, state, d.card, &Keyword::Strike) {
        return Some(false);
    }
    let Some(t) = state.turn.as_ref() else {
        return Some(false);
    };
    if t.fielded_unknown {
        return None;
    }
    // A die fielded and knocked out since still counts as fielded this turn; the die
    // itself must still be the one fielded (it has not left the field since).
    Some(
        t.fielded.iter().any(|f| f.die == id && f.here)
            && t.fielded
                .iter()
                .all(|f| f.die == id || state.die(f.die).owner != d.owner),
    )
}

/// Whether a die with Strike among `dice` leaves the game undecided: the turn's
/// fielding is not known.
pub fn unknown(
    cards: &GameCards,
    state: &GameState,
    dice: impl IntoIterator<Item = DieId>,
) -> bool {
    dice.into_iter().any(|d| holds(cards, state, d).is_none())
}

/// The words of the undecided diagnostic.
pub const UNKNOWN: &str = "has Strike, and the position does not say which character dice \
     were fielded this turn";

#[cfg(test)]
mod tests {
    use super::*;

    /// The state after a game of Aquaman: Son of a Lighthouse Keeper (JUS #1, Strike)
    /// whose turn begins at the draw, with `moves` after the roll.
    fn after(moves: &str) -> (GameCards, GameState) {
        super::super::testing::replayed(&format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nAQ = Aquaman: Son of a Lighthouse Keeper x2\n\
             team Bob\nGR = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\nturn 4 Ann draw\n\
             bag Ann AQ SK x3\nused Ann SK x5\nused Bob SK x8\nend\ndraw AQ SK x3\n\
             roll AQ:L1 SK:L1 SK:bolt SK:mask\n{moves}"
        ))
    }

    /// Ann's Aquaman die in the field.
    fn fielded(cards: &GameCards, state: &GameState) -> DieId {
        super::super::testing::dice(cards, state, "AQ", 0)
            .into_iter()
            .find(|&d| state.die(d).zone == Zone::Field)
            .expect("fielded")
    }

    #[test]
    fn strike_holds_while_its_die_is_the_only_one_fielded() {
        let (cards, state) = after("field AQ:L1\n");
        assert_eq!(holds(&cards, &state, fielded(&cards, &state)), Some(true));
        let (cards, state) = after("field AQ:L1\nfield SK:L1\n");
        assert_eq!(holds(&cards, &state, fielded(&cards, &state)), Some(false));
        let (cards, mut state) = after("field AQ:L1\n");
        state.turn.as_mut().expect("turn").fielded_unknown = true;
        assert_eq!(holds(&cards, &state, fielded(&cards, &state)), None);
    }

    /// A die that left the field and is back without being fielded is not the die that
    /// was fielded: no bonus; fielded again, it is.
    #[test]
    fn strike_ends_when_its_die_leaves_the_field() {
        let (cards, mut state) = after("field AQ:L1\n");
        let id = fielded(&cards, &state);
        let at = state.die(id).moved;
        state.move_die(id, Zone::Prep, at);
        state.move_die(id, Zone::Field, at);
        assert_eq!(holds(&cards, &state, id), Some(false));
        state.turn.as_mut().expect("turn").record_fielded(&[id]);
        assert_eq!(holds(&cards, &state, id), Some(true));
    }
}
