//! A move made by a player the rules do not let make it: the inactive player buying,
//! fielding, drawing, rolling, attacking or using an action die; the active player
//! declaring blockers.
//!
//! Rule: the inactive player never buys, fields or uses action dice; the defender (not
//! the attacker) declares blockers. (Avengers Infinity rulebook, TURN ORDER, 3. MAIN STEP,
//! PASSING PRIORITY; 4. ATTACK STEP, Declare Blockers.)
//!
//! ```text
//! turn 2 Eric
//! Mike: field SK:L1     # Mike is not the active player
//! ```
//!
//! Legal instead: on Eric's turn Mike may only use global abilities (and block).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::WrongPlayer,
        span,
        message,
        "not this player's move",
        help,
    )
}
