//! Triggered abilities resolved out of queue order.
//!
//! Rule: of abilities triggered by one event, the active player's resolve first, in the
//! order that player chooses, then the inactive player's; abilities triggered later wait
//! for every earlier one. (Avengers Infinity rulebook, TOURNAMENT RULES, EFFECT TIMING
//! AND RESOLUTION; the 2014 and 2016 rulebooks, Timing Conflicts.)
//!
//! ```text
//! use FB:act                     # damages Scott's Hulk and Ryan's Iron Man at once
//! Ryan: resolve IM:L3 target Scott.HK:L3   # Scott, the active player, resolves Hulk first
//! ```
//!
//! Legal instead: resolve the active player's triggers of the batch first.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::TriggerOrder, span, message, "out of order", help)
}
