//! The roll does not roll exactly the dice in the prep area: a die left out, a die that
//! is not there, or a die without its face.
//!
//! Rule: the roll takes every die in the prep area — the ones just drawn and any
//! already there — and rolls them all. (Avengers Infinity rulebook, TURN ORDER, 2. ROLL
//! AND REROLL STEP.)
//!
//! ```text
//! draw SK x4
//! roll SK:fist SK:bolt SK:L1     # four dice were drawn
//! ```
//!
//! Legal instead: list every die of the prep area with the face it came up with.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::RollMismatch,
        span,
        message,
        "not a roll of the prep area",
        help,
    )
}
