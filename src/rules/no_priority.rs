//! A player acts while the other player holds priority (2018 rules).
//!
//! Rule: the active player acts first and then passes priority; the inactive player may
//! then use one global ability (or pass), and priority returns. A player acts only while
//! holding priority. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN STEP, PASSING
//! PRIORITY. Before 2018 the books describe a "tournament procedure" instead, under
//! Timing Conflicts and Using Global Abilities, and this rule is not checked.)
//!
//! ```text
//! buy CA pay SK:fist x4
//! Mike: global SM pay SK:fist     # Eric has not passed priority yet
//! ```
//!
//! Legal instead: `pass` first, then `Mike: global …`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::NoPriority,
        span,
        message,
        "without priority",
        help,
    )
}
