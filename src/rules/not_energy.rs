//! A payment names a die that is not showing energy (a character or action face).
//!
//! Rule: costs are paid with dice showing energy faces, from the reserve pool.
//! (Avengers Infinity rulebook, TURN ORDER, 3. MAIN STEP, Spending Energy.)
//!
//! ```text
//! buy HT pay SK:L1 SK:bolt     # a sidekick showing its character face is not energy
//! ```
//!
//! Legal instead: pay with dice showing energy faces.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::NotEnergy, span, message, "not energy", help)
}
