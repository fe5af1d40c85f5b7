//! A move made in a step where the rules do not allow it: a purchase in the attack step,
//! a draw after the roll, a second roll, an action die before the roll, damage assigned
//! before the blockers.
//!
//! Rule: a turn goes through its steps in order (clear and draw, roll and reroll, main,
//! attack, cleanup) and never returns to a finished step. Purchases and fielding belong
//! to the main step; action dice and globals to the main step and the attack step's
//! action window. When no character attacks, the turn ends at once and no global may be
//! used at all (rules reference, Attack Step, ruling [5]). (Avengers Infinity rulebook,
//! TURN ORDER; for a turn without attackers, TURN ORDER, 3. MAIN STEP, PASSING PRIORITY
//! and 4. ATTACK STEP, Declare Attackers.)
//!
//! ```text
//! attack SK:L1
//! block none
//! buy CA pay SK:fist x4     # the main step is over
//! ```
//!
//! Legal instead: buy before declaring attackers.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::OutOfStep, span, message, "not in this step", help)
}
