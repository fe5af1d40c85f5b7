//! Deadly: each character die engaged with a die that has Deadly is knocked out at the
//! end of the turn, even if the Deadly die has been knocked out or left the field.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:28); the 2018 glossary has
//! no entry for it, so the 2017 text stands. Engaged: blocking or blocked by the die
//! (2018 glossary, 000:1481-1482; the 2017 list, line 30, says the same). How it is read:
//! - The engagement is fixed as the `block` line declares the blockers, whether or not
//!   the Deadly die survives the damage: the list says "even if the character with
//!   Deadly has been KO'd or leaves the Field Zone". A position block states the
//!   engagements it still shows (`[blocking=…]`); they are read at the cleanup step.
//! - The die knocked out is the engaged die *while it stays in the field*: one that
//!   leaves the field (knocked out in combat, an unblocked attacker…) is gone, and if
//!   it comes back it is a new die, no longer engaged (state `move_die` forgets it).
//! - It acts "at the end of the turn": in the cleanup step, with the effects that take
//!   place then (000:807-809), as one simultaneous knock-out of every such die. The
//!   2018 rulebook lets the active player order their end-of-turn effects, then the
//!   inactive player's (000:807-809): with another end-of-turn effect waiting beside it,
//!   that order could matter and dmlint does not choose it: undecided.
//! - A die with Iron Will is knocked out by an effect only if it was damaged earlier
//!   this turn (000:1491), which the cleanup step has already cleared: undecided.
//!
//! A log writes nothing new: the turn's end (the next `turn` line, or a position)
//! shows the engaged dice in the prep area.

use crate::cards::ability::Keyword;

use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// Whether die `id` has Deadly.
    fn deadly(&self, id: DieId) -> bool {
        self.has_keyword(id, |k| *k == Keyword::Deadly)
    }

    /// Notes each character engaged, in the `links` (blocker, attacker) now standing,
    /// with a die that has Deadly, to be knocked out at the end of the turn.
    pub(in crate::engine) fn deadly_engage(&mut self, links: &[(DieId, DieId)]) {
        let mut marked: Vec<(DieId, DieId)> = Vec::new();
        for &(b, a) in links {
            for (from, to) in [(a, b), (b, a)] {
                if self.deadly(from) {
                    marked.push((to, from));
                }
            }
        }
        let Some(t) = self.state.turn.as_mut() else {
            return;
        };
        for m in marked {
            if !t.deadly.iter().any(|(d, _)| *d == m.0) {
                t.deadly.push(m);
            }
        }
    }

    /// The dice a position marks `deadly-ko`: engaged with a Deadly die earlier this turn.
    /// The mark does not say which die: the one named in messages is a die with Deadly
    /// of the other player, or the die itself when none is left in play.
    pub(in crate::engine) fn deadly_marked(&mut self, dice: &[DieId]) {
        for &die in dice {
            let owner = self.state.die(die).owner;
            let by = self
                .state
                .ids()
                .find(|&d| self.state.die(d).owner != owner && self.deadly(d))
                .unwrap_or(die);
            if let Some(t) = self.state.turn.as_mut()
                && !t.deadly.iter().any(|(d, _)| *d == die)
            {
                t.deadly.push((die, by));
            }
        }
    }

    /// The engagements standing now (`blocking`), for a turn a position set up after
    /// its blockers were declared.
    pub(in crate::engine) fn deadly_standing(&mut self) {
        let links: Vec<(DieId, DieId)> = self
            .state
            .ids()
            .filter_map(|b| self.state.die(b).blocking.map(|a| (b, a)))
            .collect();
        self.deadly_engage(&links);
    }

    /// At the end of the turn, after the end-of-turn triggers have been queued: every
    /// die still engaged with a Deadly die is knocked out, at once.
    pub(in crate::engine) fn deadly_end_of_turn(&mut self) -> Flow {
        let Some(t) = self.turn_ref() else {
            return Ok(());
        };
        let marked = t.deadly.clone();
        let Some(&(_, by)) = marked.first() else {
            return Ok(());
        };
        let card = self.state.die(by).card;
        if !t.pending.is_empty() {
            return self.undecided(
                self.line,
                card,
                "has Deadly, which knocks out its engaged dice at the end of the turn beside \
                 another end-of-turn effect: dmlint does not order end-of-turn effects with it yet",
            );
        }
        if let Some(&(_, by)) = marked.iter().find(|(d, _)| self.iron_will(*d)) {
            return self.undecided(
                self.line,
                self.state.die(by).card,
                "has Deadly, engaged with a die with Iron Will, which an effect knocks out only \
                 if it was damaged earlier this turn: dmlint does not keep that past the cleanup",
            );
        }
        self.turn_mut().deadly.clear();
        let ops = marked.into_iter().map(|(die, _)| Op::Ko { die }).collect();
        // Each die knocked out by the opposing die with Deadly it was engaged with
        // (Experience, Aftershock: `effects::leaving`).
        self.with_cause(crate::engine::effects::Cause::Opposing, |r| r.commit(ops))
    }
}
