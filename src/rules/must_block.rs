//! A character that must block does not block as it must.
//!
//! Rule: card text supersedes the basic rules: a die an effect says "must block" (an
//! attacker, or any attacker) blocks it when the defender declares blockers, if it is
//! able to; one that cannot block, or cannot block that attacker, is not bound ("can't"
//! beats "can"). A die bound to block one of several attackers may block any of them.
//! (Avengers Infinity rulebook, TYPES OF GAME EFFECTS, and FUNDAMENTAL RULES; the
//! Avengers vs. X-Men and Iron Man and War Machine rulebooks, FUNDAMENTAL RULES.)
//!
//! ```text
//! attack SM:L1 GR2:L1
//! resolve SM:L1 pay SK:fist     # Spider-Man: Webslinger: every opposing character must block him
//! block GR:L1 -> GR2:L1         # Ghost Rider could block Spider-Man and blocks another
//! ```
//!
//! Legal instead: each die that must block, and can, blocks the attacker it must block
//! (`block GR:L1 -> SM:L1`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::MustBlock,
        span,
        message,
        "a character that must block does not",
        help,
    )
}
