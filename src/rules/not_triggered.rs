//! A `resolve` line for a card with no triggered ability waiting.
//!
//! Rule: a triggered ability resolves only after the event it waits for. (Avengers
//! Infinity rulebook, TOURNAMENT RULES, EFFECT TIMING AND RESOLUTION.)
//!
//! ```text
//! attack SK:L1
//! resolve BE:L2 draw SK to prep      # Beast draws when it blocks, not when others attack
//! ```
//!
//! Legal instead: resolve a trigger after its event, once per time it triggered.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::NotTriggered,
        span,
        message,
        "nothing to resolve",
        help,
    )
}
