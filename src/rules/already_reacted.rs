//! A reactive global used twice by one player in answer to the same event.
//!
//! Rule: a reactive global may be paid for once per event that it answers. After the
//! first use, a second would answer the first one's added damage, not the event.
//! (Avengers Infinity rulebook, TOURNAMENT RULES, MORE ABOUT GLOBAL ABILITIES; rules
//! reference, Use Actions and Global Abilities, rulings [7] and [8].)
//!
//! ```text
//! global MJ pay SK:bolt x2 target Bob.IC:L2  # Mjolnir's global deals 1 damage
//! global HT pay SK:bolt target Bob.IC:L2     # Human Torch answers it: 1 more
//! global HT pay SK:bolt target Bob.IC:L2     # a second answer to the same hit
//! ```
//!
//! Legal instead: answer each event once; a new event (another Mjolnir hit) may be
//! answered again.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::AlreadyReacted,
        span,
        message,
        "this event was answered already",
        help,
    )
}
