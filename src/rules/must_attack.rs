//! A character that must attack is left out of the attack.
//!
//! Rule: card text supersedes the basic rules: a die an effect says "must attack" (this
//! turn, or at its next opportunity) is declared as an attacker when its player declares
//! attackers, if it is able to attack; one that cannot attack ("can't" beats "can") is
//! not bound. The effect is persistent: it ends in the cleanup step, or when the die
//! leaves the field (Avengers Infinity rulebook, TYPES OF GAME EFFECTS, and FUNDAMENTAL
//! RULES; the Avengers vs. X-Men and Iron Man and War Machine rulebooks, FUNDAMENTAL
//! RULES: card text supersedes basic rule text).
//!
//! ```text
//! use EN:act target GR:L1       # Enrage: Ghost Rider must attack at its next opportunity
//! attack none                   # Ghost Rider stays home
//! ```
//!
//! Legal instead: declare every die that must attack among the attackers
//! (`attack GR:L2`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::MustAttack,
        span,
        message,
        "a character that must attack does not",
        help,
    )
}
