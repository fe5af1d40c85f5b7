//! A die used as an action while it shows an energy or character face.
//!
//! Rule: an action die is played only while it shows an action face. (Avengers Infinity
//! rulebook, TURN ORDER, 3. MAIN STEP, Playing Actions.)
//!
//! ```text
//! use FB:2gen      # the Force Beam die shows energy
//! ```
//!
//! Legal instead: use dice showing `act`, `*` or `**`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::NotAnAction,
        span,
        message,
        "not an action face",
        help,
    )
}
