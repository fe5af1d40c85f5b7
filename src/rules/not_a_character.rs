//! A die fielded while it shows an energy or action face.
//!
//! Rule: only a die that came up on a character face moves from the reserve pool to the
//! field, for its fielding cost. (Avengers Infinity rulebook, PLAY AREAS, Field Zone;
//! TURN ORDER, 3. MAIN STEP, Fielding Characters.)
//!
//! ```text
//! field SK:fist     # a fist is energy
//! ```
//!
//! Legal instead: field dice showing a level (`L1`, `L2`, `L3`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::NotACharacter,
        span,
        message,
        "not a character face",
        help,
    )
}
