//! Teamwatch's event, `teammate-fielded` (keywords-2017-11-09.txt:62: "when a character
//! with [Teamwatch] is active and you field another character with the same
//! affiliation"): each die its controller fields is, for each card of theirs with such a
//! trigger, a teammate fielded when
//! - its card shares an affiliation with the trigger's card (a sidekick has none);
//! - it is another character: a die of another card. A die of the trigger's own card
//!   fielded beside one already in the field is "a character who shares an affiliation"
//!   by the cards' words and perhaps not "another character" by the list's: undecided;
//! - the trigger's card was active as it was fielded: a die of the card in the field
//!   that this move did not put there. One fielded by the same line, with no die of the
//!   card there before, leaves the order of the two fieldings unsaid (the line would be
//!   written as two, in the order they were made): undecided.
//!
//! It fires once for the card, however many of its dice are in the field (an effect of
//! an active character does not stack for its copies: keywords-2017-11-09.txt:7), about
//! the die fielded (`what: it`); `what: this-card` is the card's dice.

use crate::cards::ability::Event;
use crate::syntax::Zone;

use crate::engine::cards::CardId;
use crate::engine::replay::Replayer;
use crate::engine::state::{About, DieId};

/// Whether a die fielded sets off a card's Teamwatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum Teammate {
    Fires,
    Not,
    /// The rules leave it open: why.
    Open(&'static str),
}

/// A die of the Teamwatch card itself fielded beside another.
const SAME_CARD: &str = "has Teamwatch, and a die of its own card was fielded while it was \
active: whether it is \"another character\" is not said";

/// The card's dice fielded by the same line as the other character.
const SAME_LINE: &str = "has Teamwatch, and its die and a character sharing its affiliation \
were fielded by one line: which was fielded first is not written (write them on two lines)";

impl Replayer {
    /// Whether `owner`'s `card` has Teamwatch's event set off by die `fielded`.
    pub(in crate::engine) fn teammate(
        &self,
        card: CardId,
        owner: usize,
        fielded: DieId,
    ) -> Teammate {
        let die = self.state.die(fielded);
        if die.owner != owner {
            return Teammate::Not;
        }
        let mine = self.cards.get(card);
        let theirs = self.cards.get(die.card);
        let shares = theirs
            .affiliations
            .iter()
            .any(|a| mine.affiliations.iter().any(|m| m.eq_ignore_ascii_case(a)));
        if !shares {
            return Teammate::Not;
        }
        let (before, now): (Vec<DieId>, Vec<DieId>) = self
            .state
            .zone(owner, Zone::Field)
            .filter(|&d| self.state.die(d).card == card && d != fielded)
            .partition(|&d| self.state.die(d).moved != self.line);
        match (die.card == card, before.is_empty(), now.is_empty()) {
            (true, false, _) => Teammate::Open(SAME_CARD),
            (true, true, _) => Teammate::Not,
            (false, false, _) => Teammate::Fires,
            (false, true, false) => Teammate::Open(SAME_LINE),
            (false, true, true) => Teammate::Not,
        }
    }
}

/// The events of a move with, for each die it fielded, its `teammate-fielded` event too.
pub(in crate::engine) fn with_teammates(events: &[(Event, About)]) -> Vec<(Event, About)> {
    let mut out = events.to_vec();
    out.extend(events.iter().filter_map(|&(e, about)| {
        (e == Event::Fielded).then_some((Event::TeammateFielded, about))
    }));
    out
}

#[cfg(test)]
mod tests {
    use crate::engine::keywords::testing::replayed;

    /// Hawkeye: Clint (Teamwatch) and Iron Man: Genius, both Avengers, and Ghost Rider
    /// (no affiliation) for Ann, with the position's field and the line after it.
    fn after(field: &str, moves: &str) -> crate::engine::state::GameState {
        let reserve = if field.contains("HE") { "" } else { "HE:L1 " };
        let log = format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nHE = Hawkeye: Clint x2\n\
             IM = Iron Man: Genius x2\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
             BG = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\nturn 4 Ann main\n\
             reserve Ann {reserve}IM:L1* GR:L1 SK:fist x4\n{field}field Bob BG:L1\n\
             used Ann SK x4\nused Bob SK x8\nend\n{moves}"
        );
        replayed(&log).1
    }

    fn waiting(state: &crate::engine::state::GameState) -> usize {
        state.turn.as_ref().expect("turn").pending.len()
    }

    #[test]
    fn an_avenger_fielded_beside_an_active_hawkeye_sets_it_off_once() {
        let state = after("field Ann HE:L1 HE:L2\n", "field IM:L1* pay SK:fist\n");
        assert_eq!(waiting(&state), 1);
    }

    #[test]
    fn no_shared_affiliation_or_no_hawkeye_before_sets_off_nothing() {
        assert_eq!(
            waiting(&after("field Ann HE:L1\n", "field GR:L1 pay SK:fist\n")),
            0
        );
        assert_eq!(waiting(&after("", "field IM:L1* pay SK:fist\n")), 0);
        // Hawkeye fielded first, on its own line: active as Iron Man is fielded.
        let state = after("", "field HE:L1\nfield IM:L1* pay SK:fist\n");
        assert_eq!(waiting(&state), 1);
    }
}
