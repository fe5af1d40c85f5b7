//! A reactive global used when nothing it answers has just happened.
//!
//! Rule: a reactive global may be used only when the event its text names happens, and
//! the player decides at once: right after the move that set the event off, before any
//! other move. (Avengers Infinity rulebook, TOURNAMENT RULES, MORE ABOUT GLOBAL
//! ABILITIES.)
//!
//! ```text
//! field SK:L1
//! global HT pay SK:bolt target Bob.IC:L2     # Human Torch: no damage was dealt
//! ```
//!
//! Legal instead: use it right after an action die or global deals damage (for Human
//! Torch: "Flame On!"), or after whatever event its text names.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::NothingToReactTo,
        span,
        message,
        "no event for it to answer",
        help,
    )
}
