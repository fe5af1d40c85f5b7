//! A purchase from the opponent's card (or of a sidekick, which has no card).
//!
//! Rule: a player buys from the basic action cards in the middle and from their own
//! cards, never from the cards on the opponent's side. (Avengers Infinity rulebook,
//! TURN ORDER, 3. MAIN STEP, Purchasing a Die.)
//!
//! ```text
//! turn 1 Eric
//! buy HT pay SK:bolt SK:fist     # Human Torch is Mike's card
//! ```
//!
//! Legal instead: buy from your own cards or the basic action cards.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::BuyOpponentCard,
        span,
        message,
        "not your card",
        help,
    )
}
