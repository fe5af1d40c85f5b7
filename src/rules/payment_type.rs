//! A purchase paid without energy of the card's type.
//!
//! Rule: a card with energy types needs at least one energy of each of its types in the
//! payment; a wild energy counts as any one type, generic energy as none. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN STEP, Purchasing a Die.)
//!
//! ```text
//! buy CA pay SK:fist SK:bolt SK:mask SK:fist     # Captain America needs a shield
//! ```
//!
//! Legal instead: include a shield (or a wild) in the payment.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::PaymentType,
        span,
        message,
        "missing energy type",
        help,
    )
}
