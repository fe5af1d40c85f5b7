//! A state line the log asserts (life, a zone, supply, virtual energy, priority) differs
//! from the state the rules compute from the moves before it.
//!
//! Rule: the state follows from the moves; an assertion records what the players agreed at
//! the table, so a mismatch means the table and the rules parted ways (Avengers Infinity
//! rulebook, PLAY AREAS: where each die lies says what it can do).
//!
//! ```text
//! attack SK:L1 x2
//! block none
//! life Eric 9            # two unblocked sidekicks: Eric has 8
//! ```
//!
//! Legal instead: the help line shows the computed value; for a life total, the working
//! too, each change since the total was last known with its cause (`Eric has 8 life: 10
//! - 1 from Sidekick's attack - 1 from Sidekick's attack = 8`), and a label on the line
//! it starts from (the last `life` assertion that held, or a `position`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

/// `claimed` is what the log says, `computed` what the rules give.
pub fn new(span: Span, claimed: String, computed: String) -> Violation {
    violation(
        RuleCode::AssertionMismatch,
        span,
        format!("the log says {claimed}, but {computed}"),
        format!("the log says {claimed}"),
        format!("dmlint computes from the moves above: {computed}"),
    )
}

/// A life total that differs, with the working that leads to the computed total.
pub fn life(span: Span, claimed: String, computed: String, working: &str) -> Violation {
    violation(
        RuleCode::AssertionMismatch,
        span,
        format!("the log says {claimed}, but {computed}"),
        format!("the log says {claimed}"),
        format!("dmlint computes from the moves above: {computed}: {working}"),
    )
}
