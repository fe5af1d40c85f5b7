//! The clear and draw step draws the wrong number of dice.
//!
//! Rule: each player draws 4 dice; on the very first turn (2018 rules) the first player
//! draws 3 and puts a 4th out of play. A player who cannot draw enough even after refilling
//! loses 1 life and gains 1 generic energy per missing die (in every edition: the AvX
//! rulebook's "take 1 damage" was revised to a loss of life in May 2014, as the Uncanny
//! X-Men rulebook prints it). (Avengers Infinity rulebook, TURN ORDER, 1. CLEAR AND DRAW
//! STEP.)
//!
//! ```text
//! turn 2 Eric
//! draw SK x3           # and the bag still holds dice
//! roll SK:fist SK:L1 SK:bolt
//! ```
//!
//! Legal instead: draw 4 dice (refilling the bag from the used pile when it runs out).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::DrawCount, span, message, "not a legal draw", help)
}
