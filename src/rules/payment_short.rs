//! A cost paid with less energy than it requires: a purchase cost, a fielding cost.
//!
//! Rule: a purchase costs the card's cost in energy, fielding costs the face's fielding
//! cost; costs cannot be avoided or paid in part. (Avengers Infinity rulebook, TURN
//! ORDER, 3. MAIN STEP: Purchasing a Die and Fielding Characters.)
//!
//! ```text
//! buy CA pay SK:shield SK:bolt SK:fist     # Captain America costs 4
//! ```
//!
//! Legal instead: pay the whole cost; the help line shows the reserve pool.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::PaymentShort,
        span,
        message,
        "not enough energy",
        help,
    )
}
