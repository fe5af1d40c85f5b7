//! A turn line names the wrong player or the wrong turn number.
//!
//! Rule: players alternate turns, the first player first; each player's turns are numbered
//! from 1. (Avengers Infinity rulebook, TURN ORDER.)
//!
//! ```text
//! first Eric
//! turn 1 Eric
//! turn 2 Eric     # Mike's turn 1 comes first
//! ```
//!
//! Legal instead: `turn 1 Mike`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::TurnOrder, span, message, "out of turn", help)
}
