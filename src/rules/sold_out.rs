//! A purchase from a card that has no dice left on it.
//!
//! Rule: a purchase takes a die from the card; a card holds only the dice brought for it
//! (three per basic action card, six when both players brought it). (Avengers Infinity
//! rulebook, EXAMPLE GAME: three dice on each basic action card, and reminder cards for
//! when all of them are bought; CUSTOMIZING YOUR TEAM for the dice on each card.)
//!
//! ```text
//! HT = Human Torch: Playing with Fire x2
//! buy HT x2 pay …
//! buy HT pay …          # both dice were bought
//! ```
//!
//! Legal instead: buy only while the card has dice.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::SoldOut, span, message, "not enough left", help)
}
