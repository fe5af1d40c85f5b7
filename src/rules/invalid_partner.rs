//! A Heroic die paired up with a die it may not pair with.
//!
//! Rule: as a die with Heroic is fielded, its controller may pair it up with another die
//! with Heroic. A die pairs only with its controller's own dice, never with another die
//! of the same card, and only at the moment it is fielded. (Uncanny X-Men rulebook,
//! Pairing Up; the 2017 keyword list, Heroic. The 2016 and 2018 rulebooks do not mention
//! pairing.)
//!
//! ```text
//! field CS:L2 pay SK:fist SK:bolt
//! resolve CS:L2 may yes target CS:L1     # two Captain America: Superhero dice
//! ```
//!
//! Legal instead: name a Heroic character of another card in your own field
//! (`resolve CS:L2 may yes target RH:L1`), or decline (`resolve CS:L2 may no`).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

pub fn new(span: Span, message: impl Into<String>, help: impl Into<String>) -> Violation {
    violation(
        RuleCode::InvalidPartner,
        span,
        message,
        "not a partner it may pair with",
        help,
    )
}
