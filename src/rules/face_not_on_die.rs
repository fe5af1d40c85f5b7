//! A die is rolled (or rerolled) to a face it does not have.
//!
//! Rule: a die shows one of its own faces: a sidekick has one character face (level 1)
//! and five energy faces; a character die has its card's levels and energy of its card's
//! type; an action die has action faces. Energy faces the card data does not record are
//! accepted when they are plausible (one or two symbols of the card's type; generic for
//! a basic action die or a card without an energy type), and taken as written, which
//! `dmlint::engine::unverified-face` says. (Avengers Infinity rulebook, CARDS; the card
//! data in `cards/`.)
//!
//! ```text
//! roll SK:L2 SK:fist SK:bolt SK:mask     # a sidekick has no level 2
//! ```
//!
//! Legal instead: the help line lists the die's faces.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::FaceNotOnDie, span, message, "no such face", help)
}
