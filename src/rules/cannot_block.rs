//! A block an ability forbids.
//!
//! Rule: card text supersedes the basic rules: a character that "can't be blocked by"
//! some characters is not blocked by them. (Avengers Infinity rulebook, TOURNAMENT RULES,
//! FUNDAMENTAL RULES; the AvX rulebook's Detailed Combat Example shows it: Spider-Man
//! cannot block Thor, Lord of Asgard.)
//!
//! ```text
//! block SM:L1 -> TH:L1     # Thor: Lord of Asgard can't be blocked by fist characters
//! ```
//!
//! Legal instead: block with a character the attacker's text allows.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::CannotBlock,
        span,
        message,
        "cannot block this attacker",
        help,
    )
}
