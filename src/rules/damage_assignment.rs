//! An attacker's damage is assigned wrongly: held back, more than its attack, to a die
//! that does not block it, for an unblocked attacker, or not at all when it has several
//! blockers.
//!
//! Rule: an attacker deals all of its attack, holding nothing back; a blocked attacker
//! splits it among its blockers as the active player chooses. (Avengers Infinity
//! rulebook, TURN ORDER, 4. ATTACK STEP, ASSIGN DAMAGE.)
//!
//! ```text
//! block HT:L2 -> CA:L3, HT:L1 -> CA:L3
//! pass
//! Mike: pass
//! assign CA:L3 -> HT:L2=3        # Captain America has 5 attack: 2 held back
//! ```
//!
//! Legal instead: `assign CA:L3 -> HT:L2=3 HT:L1=2`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::DamageAssignment,
        span,
        message,
        "wrong damage assignment",
        help,
    )
}
