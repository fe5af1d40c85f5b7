//! An ability's choice the line gets wrong: a missing or extra choice, `may` on a mandatory ability, a die drawn or rolled into the wrong place.
//!
//! Rule: the log records each choice an ability makes, and only those; a mandatory ability
//! is not declined. (Avengers Infinity rulebook, TOURNAMENT RULES, EFFECT TIMING AND
//! RESOLUTION: a resolving ability resolves fully; card text.)
//!
//! ```text
//! use FP:act target TH:L1              # Focus Power spins up or down: `choose up`
//! resolve BE:L2 draw SK to used       # Beast: Mutate #666 draws into the prep area
//! ```
//!
//! Legal instead: write exactly the choices the card's text asks for (`dmlint cards NAME`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(RuleCode::InvalidChoice, span, message, "this choice", help)
}
