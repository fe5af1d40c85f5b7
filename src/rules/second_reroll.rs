//! A second reroll in one roll step.
//!
//! Rule: a player gets a single reroll, choosing every die to reroll at once. (Avengers
//! Infinity rulebook, TURN ORDER, 2. ROLL AND REROLL STEP.)
//!
//! ```text
//! reroll SK:L1->mask
//! reroll SK:mask->fist     # the reroll was already used
//! ```
//!
//! Legal instead: choose every die for the one reroll together.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::SecondReroll,
        span,
        message,
        "a second reroll",
        help,
    )
}
