//! A move after the game ended.
//!
//! Rule: the game ends the moment a player's life is 0 or less; both players reaching 0
//! together is a tie. (Avengers Infinity rulebook, WINNING.)
//!
//! ```text
//! attack SK:L1 x2        # Mike goes from 2 life to 0
//! block none
//! field SK:L1            # the game has already ended
//! ```
//!
//! Legal instead: end the log where the game ended (assertions may follow).

use super::{RuleCode, Violation, violation};
use crate::syntax::Span;

/// `how` says how it ended ("Eric won"); `ended` is the line that ended it.
pub fn new(span: Span, how: String, ended: Span) -> Violation {
    violation(
        RuleCode::GameOver,
        span,
        format!("a move after the end of the game: {how}"),
        "the game is over",
        "nothing happens after the game ends (a player at 0 life, or a concession): remove the lines after it",
    )
    .with_context(ended, "the game ended here")
}
