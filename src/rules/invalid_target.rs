//! A target or choice an ability does not allow, or fewer than it needs.
//!
//! Rule: a targeting ability chooses dice that match its text, in the field unless it says
//! otherwise; an effect that reaches a number of dice reaches as many as it can. (Avengers
//! Infinity rulebook, TOURNAMENT RULES, FUNDAMENTAL RULES, Targeting; FUNDAMENTAL RULES on
//! doing "as much as possible".)
//!
//! ```text
//! use SM:act target Bob.IM:L2    # Smash! knocks out a level 1 character
//! ```
//!
//! Legal instead: name a die the text allows: `dmlint cards NAME` shows what it may target.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::InvalidTarget,
        span,
        message,
        "not a valid target",
        help,
    )
}
