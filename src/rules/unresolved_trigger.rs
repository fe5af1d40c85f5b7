//! A triggered ability that needs a choice was left unresolved: the log moved on.
//!
//! Rule: every triggered ability resolves, in the queue, before the game goes on; an
//! optional one is declined explicitly. (Avengers Infinity rulebook, TOURNAMENT RULES,
//! EFFECT TIMING AND RESOLUTION.)
//!
//! ```text
//! field CA:L3 pay SK:shield SK:bolt   # Captain America: American Hero triggers
//! field SK:L1                         # but its choice was never written
//! ```
//!
//! Legal instead: write the trigger's choices on a `resolve` line first (`resolve CA:L3 roll SK:fist`),
//! or `resolve CA:L3 may no` for an optional one.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::UnresolvedTrigger,
        span,
        message,
        "not resolved",
        help,
    )
}
