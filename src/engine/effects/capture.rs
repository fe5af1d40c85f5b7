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
        // (`own_level`), which a die out of the field no longer shows.
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

#[cfg(test)]
mod tests {
    use crate::engine::keywords::testing::{dice, replayed};
    use crate::syntax::{Face, Span, Zone};

    /// Thor: Odinson fielded by Ann, capturing Bob's fist Ant-Man at level 3.
    const LOG: &str = "dmlog 1\nformat custom life 10\nteam Ann\nTH = Thor: Odinson x2\n\
        team Bob\nAM = Ant-Man: Biophysicist x2\nGR = Ghost Rider: Johnny Blaze x2\n\
        first Ann\nposition\nturn 4 Ann main\nreserve Ann TH:L1 SK:fist\n\
        field Bob AM:L3 GR:L1\nused Ann SK x7\nused Bob SK x8\nend\nfield TH:L1 pay SK:fist\n";

    #[test]
    fn a_captured_die_is_aside_under_its_captor_on_its_level() {
        let (cards, state) = replayed(LOG);
        let am = dice(&cards, &state, "AM", 1)[0];
        let th = dice(&cards, &state, "TH", 0)[0];
        let gr = dice(&cards, &state, "GR", 1)[0];
        assert_eq!(state.die(am).zone, Zone::Aside);
        assert_eq!(state.die(am).captor, Some(th));
        assert!(matches!(
            state.die(am).face,
            Some(Face::Level { level: 3, .. })
        ));
        // Only the fist character is captured; the position writes it on its own line.
        assert_eq!(state.die(gr).zone, Zone::Field);
        assert!(
            state
                .position(&cards)
                .contains("aside Bob AM:L3[captured-by=Ann.TH:L1]\n")
        );
    }

    #[test]
    fn the_captor_leaving_the_field_returns_the_die_at_once() {
        let (cards, mut state) = replayed(LOG);
        let am = dice(&cards, &state, "AM", 1)[0];
        let th = dice(&cards, &state, "TH", 0)[0];
        state.move_die(th, Zone::Prep, Span::default());
        assert_eq!(state.die(am).zone, Zone::Field);
        assert_eq!(state.die(am).captor, None);
        assert!(matches!(
            state.die(am).face,
            Some(Face::Level { level: 3, .. })
        ));
    }

    #[test]
    fn the_cleanup_step_returns_every_die_aside() {
        // `end`: the turn is over, its cleanup step done.
        let (cards, state) = replayed(&format!("{LOG}pass\nBob: pass\nattack none\nend\n"));
        let am = dice(&cards, &state, "AM", 1)[0];
        assert_eq!(state.die(am).zone, Zone::Field);
        assert!(!state.position(&cards).contains("aside"));
    }
}
