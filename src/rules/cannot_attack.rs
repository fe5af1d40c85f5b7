//! An attacker an ability forbids to attack.
//!
//! Rule: card text supersedes the basic rules: a die that "cannot attack" (by its own
//! card's text, or by an effect on it this turn) is not declared as an attacker, and
//! "can't" beats "can" when another card would make it attack. (Avengers Infinity
//! rulebook, TOURNAMENT RULES, FUNDAMENTAL RULES; the Avengers vs. X-Men and Iron Man and
//! War Machine rulebooks, FUNDAMENTAL RULES.)
//!
//! ```text
//! use XX:act target GR:L1       # an action: Ghost Rider cannot attack this turn
//! attack GR:L1
//! ```
//!
//! Legal instead: attack with the other characters (or `attack none`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::CannotAttack, span, message, "cannot attack", help)
}
