//! A step with priority (the main step, the attack step's action window) ends without
//! both players passing (2018 rules).
//!
//! Rule: the main step ends once the inactive player has passed without acting and the
//! active player does nothing more. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN
//! STEP, PASSING PRIORITY; 4. ATTACK STEP, ACTION/GLOBAL WINDOW. Before 2018 the books'
//! tournament procedure closes a step the same way, without requiring written passes.)
//!
//! A step whose log writes no pass at all had nothing happen in it that needed one (the
//! inactive player acts only after a written pass): its closing passes are inferred. Once
//! a step writes a pass, it writes the round that closes it: a lone `pass` before the
//! next step leaves open whether the opponent passed back or the step ended too early.
//!
//! ```text
//! buy CA pay SK:fist x4
//! pass
//! attack none            # no `Mike: pass` after Eric's pass
//! ```
//!
//! Legal instead: `pass`, then `Mike: pass`, then `attack none` (or no pass at all).

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
