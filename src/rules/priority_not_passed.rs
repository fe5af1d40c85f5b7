//! A step with priority (the main step, the attack step's action window) ends without
//! both players passing (2018 rules).
//!
//! Rule: the main step ends once the inactive player has passed without acting and the
//! active player does nothing more. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN
//! STEP, PASSING PRIORITY; 4. ATTACK STEP, ACTION/GLOBAL WINDOW. Before 2018 the books'
//! tournament procedure closes a step the same way, without requiring written passes.)
//!
//! ```text
//! buy CA pay SK:fist x4
//! attack none            # no `pass` / `Mike: pass` yet
//! ```
//!
//! Legal instead: `pass`, then `Mike: pass`, then `attack none`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::PriorityNotPassed,
        span,
        message,
        "the step cannot end yet",
        help,
    )
}
