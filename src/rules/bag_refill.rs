//! The bag is refilled while it still holds dice, when no draw needs it, or from an empty
//! used pile; or a draw goes on from an empty bag without refilling it.
//!
//! Rule: a draw that finds the bag empty first moves the whole used pile (never the out
//! of play dice) into the bag, then goes on drawing. (Avengers Infinity rulebook, PLAY
//! AREAS, The Bag.)
//!
//! ```text
//! draw SK x2
//! refill               # two dice are still in the bag
//! ```
//!
//! A refill after the step's last die is drawn is early: the used pile stays where it is
//! until a later draw finds the bag empty.
//!
//! Legal instead: draw what the bag holds, refill only when it is empty.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::BagRefill,
        span,
        message,
        "not how the bag refills",
        help,
    )
}
