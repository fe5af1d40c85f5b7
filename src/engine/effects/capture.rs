//! The capture effect: each die it reaches is set aside under the capturing die (the die
//! whose ability it is) until the end of the turn, or until the capturing die leaves
//! the field, whichever comes first; then it comes back to the field on its level.
//!
//! The rule (Avengers Infinity rulebook, CAPTURING, CONTROLLING, COPYING, AND SWAPPING,
//! 000:1309-1317; the same in every edition): the captured die "no longer exists for game
//! purposes"; the capture ends when the card says (unsaid: at the end of the turn) or
//! when the capturing die leaves the field; then the die returns "to the place [it was]
//! captured from, on the original levels". How it is read here:
//! - A die aside is in no zone (`Zone::Aside`, `GameState::set_aside`): no selector, no
//!   count, no attack or block reaches it, and its statics are off. It leaves the field as
//!   a knocked-out die does: out of combat, its effects gone (000:1025-1026), its blockers
//!   blocking nothing; an attacker it blocked stays blocked.
//! - It comes back in the cleanup step with the other effects "until the end of the turn"
//!   (000:799-800), before the effects "at the end of the turn" (000:807-809), and at
//!   once when its captor leaves the field (`GameState::move_die`). Coming back is a move,
//!   not a fielding: no "when fielded" (the Rules Reference, 003:318).
//! - Undecided, not guessed: a capture lasting otherwise than the turn (`coverage`), one
//!   with no capturing die in the field (an action die, a global, or a die gone before
//!   its trigger resolved), and one reaching a die outside the field ("the place it was
//!   captured from" would then be another zone, which nothing here records).

use crate::cards::ability::Selector;
use crate::syntax::{Face, Zone};

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// Each die reached set aside under the source die, until the end of the turn.
    pub(super) fn capture_effect(&mut self, to: &Selector, ctx: &mut Run) -> Result<Vec<Op>, Stop> {
        let line = self.line;
        // Asked before the dice it reaches: a selector may read the captor's own level
        // (`max_own_level`), which a die out of the field no longer shows.
        let captor = ctx
            .src
            .die
            .filter(|d| self.state.die(*d).zone == Zone::Field);
        let Some(captor) = captor else {
            self.undecided(
                line,
                ctx.src.card,
                "captures with no capturing die in the field, so when the capture ends is not known",
            )?;
            return Ok(Vec::new());
        };
        let dice = self.reach_dice(to, ctx)?;
        for die in dice {
            let d = self.state.die(die);
            if d.zone != Zone::Field || !matches!(d.face, Some(Face::Level { .. })) {
                self.undecided(
                    line,
                    ctx.src.card,
                    "captures a die outside the field, where it would come back to",
                )?;
                continue;
            }
            self.state.set_aside(die, Some(captor), line);
        }
        Ok(Vec::new())
    }
}
