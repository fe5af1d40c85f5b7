//! A payment spends more energy than the cost.
//!
//! Rule: energy is never spent without a reason; a double face spun down keeps its
//! other half. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN STEP, Spending Energy.)
//!
//! ```text
//! field SK:L1 pay SK:fist     # a sidekick fields for free
//! ```
//!
//! Legal instead: pay exactly the cost (`pay XX:2fist->fist` spends one of two).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::PaymentExcess,
        span,
        message,
        "energy spent for nothing",
        help,
    )
}
