//! A partly spent energy die is rerolled.
//!
//! Rule: a die showing two energy may be partly spent, turned to a face showing what is
//! left (`spin-down`); once it has been, no effect may reroll it. (Uncanny X-Men
//! rulebook, TOURNAMENT RULES, the May 2014 revision (2), and Rerolling Dice; Iron Man
//! and War Machine rulebook and Avengers Infinity rulebook, FUNDAMENTAL RULES.)
//!
//! ```text
//! buy GR pay MG:2mask->mask SK:bolt                 # one of Magneto's two masks pays
//! global MG pay SK:mask target MG:mask roll MG:L2   # what is left of it is rerolled
//! ```
//!
//! Legal instead: reroll the die before any of its energy is spent, or another die. A
//! position marks a partly spent die `[spent]` (`reserve Ann MG:mask[spent]`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::PartlySpentReroll,
        span,
        message,
        "partly spent",
        help,
    )
}
