//! An action die or a global used when nothing it targets is there.
//!
//! Rule: you may not start an effect with no valid targets or dice to affect. (Avengers
//! Infinity rulebook, TOURNAMENT RULES, FUNDAMENTAL RULES, Targeting; before 2018, the
//! rules reference, Using a Global Ability, ruling [4].)
//!
//! ```text
//! use PB:act target Bob     # fine: a player
//! use SM:act                # Smash! with no level 1 character in any field
//! ```
//!
//! Legal instead: keep the die until something it targets is in the field.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::NoValidTarget,
        span,
        message,
        "no valid target",
        help,
    )
}
