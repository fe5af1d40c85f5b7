//! An ability used (or a "you may" ability accepted) whose cost cannot be paid in full:
//! no die of yours its cost may spin down, knock out or move, or less life than it takes.
//!
//! Rule: you cannot avoid paying costs. A cost of spinning a die down cannot be paid with
//! only level 1 dice; an ability with an energy cost and a cost beyond energy is used only
//! by paying both; when the first part of an effect differs from the rest (and is
//! detrimental on its own) it is a cost, and without it the rest does not happen; the
//! dice a cost selects are in the field unless it says otherwise. (Avengers Infinity
//! rulebook, TOURNAMENT RULES, FUNDAMENTAL RULES and Targeting; Iron Man and War Machine
//! rulebook, FUNDAMENTAL RULES and AS MUCH AS POSSIBLE VS COSTED EFFECTS.)
//!
//! ```text
//! resolve FS:L1 may yes target Bob.GR:L1     # Falcon: Air Strike moves a sidekick of
//!                                            # yours from the field to the used pile:
//!                                            # Ann has none in the field
//! global GG pay SK:bolt target Bob.FA:L2     # the bolt alone does not pay for a global
//!                                            # that also KOs a sidekick of yours
//! ```
//!
//! Legal instead: decline the ability (`may no`), or use it when the cost can be paid,
//! naming what pays it: `pay SK:L1 to used` (a die moved), `pay SK:L1` (a die knocked
//! out), `pay FA:L2->L1` (a die spun down), `pay 2 life`.

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::CostUnpayable,
        span,
        message,
        "the cost cannot be paid in full",
        help,
    )
}
