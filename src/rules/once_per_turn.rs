//! An activated ability used again past its limit: a second use in one turn of a "once
//! per turn" ability of a card, or of a "once per turn" ability by the same die.
//!
//! Rule: an ability used "whenever you could use a global ability" is used, like a
//! limited global, as often as its text allows. Card text works die by die (except
//! "while active" effects): a once-per-turn ability of a character may be used once for
//! each of its dice, each use affecting only the die it was used for (`limit:
//! once-per-turn-per-die`); an ability limited per card (`limit: once-per-turn`) is used
//! once a turn whatever die uses it. (Uncanny X-Men rulebook, TOURNAMENT RULES, Card Text
//! and Game States, the Iceman example; Avengers Infinity rulebook, MORE ABOUT GLOBAL
//! ABILITIES; card text supersedes rule text.)
//!
//! ```text
//! activate JU:L1 pay SK:L1     # Juggernaut: Unstoppable gives this die +4A/+4D
//! activate JU:L1 pay SK:L1     # the same die, the same turn
//! ```
//!
//! Legal instead: use it once with each of the card's dice (`activate JU:L2 pay SK:L1`),
//! or again on a later turn. A limited global used twice is `global-limit`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::OncePerTurn,
        span,
        message,
        "used again this turn",
        help,
    )
}
