//! Intimidate: as a die with it is fielded, its controller removes one target opposing
//! character die from the field until the end of the turn.
//!
//! The texts: the 2017 keyword list (keywords-2017-11-09.txt:48) says "target character
//! die"; the cards' reminders (the Team Builder's text of CW #8, CW #56, CW #68, AI #25,
//! SW #5 …; BulkCards' rawText) say "target opposing character die", and so does the
//! newest of them, Hulk: Primal Fury of Avengers Infinity (2018), whose rulebook has no
//! Intimidate entry. Card text stands over rule text and the newer text over the older:
//! the target is an opposing character die. (BulkCards' AI025 drops "character", the
//! Team Builder's keeps it: a die in the field that is not a character is rare, and
//! here not a valid target.) How it is read:
//! - The target is chosen as the die is fielded: the choice waits in the trigger queue
//!   like a "when fielded" trigger of the die, and the log answers it with a `target`
//!   clause (`resolve IP:L1 target Bob.GR:L2`), as Call Out's (`call_out`). It is no
//!   "may": with an opposing character die in the field one must be named
//!   (`invalid-choice` without one, `invalid-target` for any other die); with none,
//!   nothing waits.
//! - The removed die is set aside as a captured one is (`effects::capture`,
//!   `GameState::set_aside`), with no captor: out of every zone until the cleanup step
//!   returns it to the field on its level. The Intimidate die leaving the field does not
//!   bring it back: only a capture ends with its capturing die.
//! - The WWE cards' reminder says "Superstar die" (Kane: Big Red Monster): the Intimidate
//!   of a Superstar (a die of a WWE card, as for Tag Out) removing a die of another
//!   universe, or a sidekick, is undecided: whether that is a Superstar die is not said.

use super::TargetWords;
use crate::cards::ability::Keyword;
use crate::syntax::Clause;

use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{DieId, Pending};

impl Replayer {
    /// The dice die `die`'s Intimidate may remove: the opponent's character dice in the
    /// field, the same dice Call Out may name.
    pub(in crate::engine) fn intimidate_targets(&self, die: DieId) -> Vec<DieId> {
        self.call_out_targets(die)
    }

    /// Whether fielded die `die` has Intimidate and something to remove.
    pub(in crate::engine) fn intimidates(&self, die: DieId) -> bool {
        self.has_keyword(die, |k| *k == Keyword::Intimidate)
            && !self.intimidate_targets(die).is_empty()
    }

    /// Intimidate's `resolve` line: one `target` clause naming one opposing character
    /// die, which is set aside until the end of the turn.
    pub(in crate::engine) fn resolve_intimidate(
        &mut self,
        p: &Pending,
        clauses: &[Clause],
    ) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        let valid = self.intimidate_targets(die);
        let Some(target) = self.keyword_target(
            p,
            clauses,
            "Intimidate",
            "removes",
            &valid,
            TargetWords {
                example: "Bob.GR:L2",
                valid: "Intimidate removes a character die in the opponent's field",
                context: "the die was fielded here",
            },
        )?
        else {
            return Ok(());
        };
        let wwe =
            |d: DieId| self.cards.get(self.state.die(d).card).universe.as_deref() == Some("WWE");
        if wwe(die) && !wwe(target) {
            return self.undecided(
                self.line,
                p.card,
                "has a Superstar's Intimidate, and its target is no WWE character: whether \
                 it is a Superstar die is not said",
            );
        }
        let line = self.line;
        self.state.set_aside(target, None, line);
        // Removed from the field until the end of the turn (`effects::leaving`).
        self.fire_leaving(&[target]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::keywords::testing::{dice, replayed};
    use crate::syntax::{Span, Zone};

    /// Hulk: Primal Fury (Intimidate, keyword-only) fielded by Ann, removing Bob's Ghost
    /// Rider at level 2.
    const LOG: &str = "dmlog 1\nformat custom life 10\nteam Ann\nHK = Hulk: Primal Fury x2\n\
        team Bob\nGR = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\nturn 4 Ann main\n\
        reserve Ann HK:L1 SK:fist\nfield Bob GR:L2\nused Ann SK x7\nused Bob SK x8\nend\n\
        field HK:L1 pay SK:fist\nresolve HK:L1 target Bob.GR:L2\n";

    #[test]
    fn the_target_is_set_aside_with_no_captor_until_the_turn_ends() {
        let (cards, mut state) = replayed(LOG);
        let gr = dice(&cards, &state, "GR", 1)[0];
        let hk = dice(&cards, &state, "HK", 0)[0];
        assert_eq!(state.die(gr).zone, Zone::Aside);
        assert_eq!(state.die(gr).captor, None);
        assert!(state.position(&cards).contains("aside Bob GR:L2\n"));
        // Only a capture ends with its die: the Intimidate die leaving changes nothing.
        state.move_die(hk, Zone::Prep, Span::default());
        assert_eq!(state.die(gr).zone, Zone::Aside);
    }
}
