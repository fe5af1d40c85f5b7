//! A partly spent die is spun down to a face that is not part of what it showed.
//!
//! Rule: a die showing several energy may be partly spent: it is turned to a face
//! showing only what is left unspent. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN
//! STEP, Spending Energy.)
//!
//! ```text
//! field HT:L2 pay XX:2fist->bolt     # what is left of two fists is a fist
//! ```
//!
//! Legal instead: `XX:2fist->fist`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::SpinDown, span, message, "not a spin-down", help)
}
