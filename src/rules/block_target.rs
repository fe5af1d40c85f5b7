//! A blocker is declared against a die that is not attacking.
//!
//! Rule: each blocker picks one of the attacking dice to block. (Avengers Infinity
//! rulebook, TURN ORDER, 4. ATTACK STEP, Declare Blockers.)
//!
//! ```text
//! attack CA:L3
//! block SK:L1 -> BE:L2     # Beast stayed home
//! ```
//!
//! Legal instead: block one of the dice in the attack zone.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::BlockTarget,
        span,
        message,
        "not an attacker",
        help,
    )
}
