//! A global ability, activated ability or trigger is used from a card that has no
//! ability text.
//!
//! Rule: only card text gives abilities; a card without text has none to use. (Avengers
//! Infinity rulebook, TURN ORDER, 3. MAIN STEP, USE GLOBAL ABILITIES; card text supersedes
//! rule text.)
//!
//! ```text
//! GR = Ghost Rider: Johnny Blaze x2     # no ability text
//! global GR pay SK:bolt
//! ```
//!
//! Legal instead: use abilities printed on the card.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::NoSuchAbility, span, message, "no ability", help)
}
