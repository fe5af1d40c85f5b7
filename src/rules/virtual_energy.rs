//! A payment uses more virtual energy than the player holds.
//!
//! Rule: virtual generic energy comes from a short draw or from half of a double generic
//! face, and is lost when its holder passes priority. (Avengers Infinity rulebook, TURN
//! ORDER, 3. MAIN STEP, PASSING PRIORITY; where it comes from: 1. CLEAR AND DRAW STEP and
//! 3. MAIN STEP, Spending Energy. Before 2018 the unspent half of a generic face is lost
//! at once: the 2014 and 2016 books, Purchasing a Die.)
//!
//! ```text
//! pass
//! Mike: pass
//! field SK:L1 pay virtual 1     # the virtual energy was lost at the pass
//! ```
//!
//! Legal instead: spend virtual energy before passing priority.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::VirtualEnergy,
        span,
        message,
        "more than held",
        help,
    )
}
