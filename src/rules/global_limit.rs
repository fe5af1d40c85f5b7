//! A limited global used beyond its limit: a second time in one turn by the same player,
//! or on the other player's turn when it is used only "during your turn".
//!
//! Rule: a limited global says how often and when it may be used ("once per turn",
//! "only on your turn"). Each player has their own use of it, and a copy of the card on
//! the other team is another card with its own limit. (Avengers Infinity rulebook,
//! TOURNAMENT RULES, MORE ABOUT GLOBAL ABILITIES.)
//!
//! ```text
//! global SC pay SK:fist target Bob.SK:L1     # Sky Claw: once per turn
//! global SC pay SK:fist target Bob.SK:L1     # the same player, the same card, again
//! ```
//!
//! Legal instead: the other player may use the card's global this turn, and the same
//! player may use the other team's copy of the card.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::GlobalLimit,
        span,
        message,
        "over the global's limit",
        help,
    )
}
