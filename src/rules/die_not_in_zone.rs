//! A move names a die that is not where the move takes it from: a draw of a die not in
//! the bag, fielding or spending a die not in the reserve pool, an attacker not in the
//! field, a blocker that is attacking.
//!
//! Rule: dice move only as the rules move them; each move takes its dice from one zone
//! (draws from the bag, purchases and fielding from the reserve pool, attackers and
//! blockers from the field). (Avengers Infinity rulebook, PLAY AREAS.)
//!
//! ```text
//! draw CA             # Captain America's die is still in the used pile
//! ```
//!
//! Legal instead: name dice that are in that zone; the help line lists what it holds.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::DieNotInZone, span, message, "not there", help)
}
