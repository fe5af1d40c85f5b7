//! One blocker blocks two attackers.
//!
//! Rule: a blocker picks exactly one attacker; several blockers may pick the same one.
//! (Avengers Infinity rulebook, TURN ORDER, 4. ATTACK STEP, Declare Blockers.)
//!
//! ```text
//! field Mike SK:L1              # one sidekick
//! block SK:L1 -> CA:L3, SK:L1 -> BE:L2
//! ```
//!
//! Legal instead: each blocker names one attacker.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::DoubleBlock, span, message, "blocks twice", help)
}
