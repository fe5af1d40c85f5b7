//! Infiltrate: an attacker with it that is not blocked may leave combat, dealing 1
//! damage to the opponent instead of its combat damage, and stay in the field.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:47); the 2018 glossary has
//! no entry for it, so the 2017 text stands (the cards' reminders, e.g. DXM001's, say
//! the same in short). How it is read:
//! - "Is not blocked" is known once the blockers are declared: as the `block` line
//!   (or `block none`) is made, or as the line after the attackers leaves the blocks
//!   out because the defender has no character, each unblocked attacker with
//!   Infiltrate waits in the trigger queue with the "blockers are assigned" triggers,
//!   like a trigger with a choice (as Heroic and Suit Up do), and the log answers it:
//!   `resolve IP:L1 may yes` takes it out of combat, `resolve IP:L1 may no` leaves it
//!   attacking. It no longer waits (it resolves by itself, to nothing) once the die is
//!   no longer an attacker in the field. A blocked attacker has nothing to answer.
//! - Choosing it happens at once, as the line resolves: the die stops attacking (it
//!   deals and takes no combat damage, and does not leave the field with the unblocked
//!   attackers), and deals 1 damage to the opponent then. The list does not say when the
//!   1 damage is dealt; the choice is the moment it names ("if you do, that character
//!   die deals 1 damage"). That damage comes "instead of" combat damage: it is the
//!   die's damage to the opponent (its "damages the opponent" triggers fire), not
//!   combat damage.
//! - It is the attacker's controller's choice, in the queue's order (the active player's
//!   first).

use crate::cards::ability::{Event, Keyword};
use crate::rules;
use crate::syntax::{Clause, Step, Zone};

use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{About, DieId, Pending};

impl Replayer {
    /// Whether die `id` is an attacker in the field that no blocker blocked, once the
    /// blockers are declared (by a `block` line, or left out because the defender had
    /// no character to block with).
    pub(in crate::engine) fn unblocked_attacker(&self, id: DieId) -> bool {
        let d = self.state.die(id);
        d.zone == Zone::Field
            && d.attacking
            && self.state.turn.as_ref().is_some_and(|t| {
                (t.block.is_some() || !matches!(t.step, Step::Attack | Step::Blockers))
                    && !t.blocked.contains(&id)
            })
    }

    /// The choices Infiltrate opens as the blockers are declared: one for each unblocked
    /// attacker with it, in the order of the attack, as pending triggers of `batch`.
    pub(in crate::engine) fn infiltrate_pending(&self, batch: u32) -> Vec<Pending> {
        let mut out = Vec::new();
        for die in self.attackers() {
            if !self.unblocked_attacker(die) {
                continue;
            }
            let d = self.state.die(die);
            let Some((i, _)) = super::of(&self.cards, &self.state, d.card)
                .find(|(_, k)| **k == Keyword::Infiltrate)
            else {
                continue;
            };
            out.push(Pending::of_die(d.card, i, die, d.owner, batch, self.line));
        }
        out
    }

    /// Whether an attacker has Infiltrate: with no character to block it, a `resolve`
    /// line after the attackers may be its choice.
    pub(in crate::engine) fn infiltrator_attacks(&self) -> bool {
        self.attackers().into_iter().any(|a| {
            super::of(&self.cards, &self.state, self.state.die(a).card)
                .any(|(_, k)| *k == Keyword::Infiltrate)
        })
    }

    /// The defender had no character to block with, and the line after the attackers
    /// implies no blocks: Infiltrate's choices open then, as they would at `block none`.
    pub(in crate::engine) fn infiltrate_without_blocks(&mut self) {
        let Some(t) = self.state.turn.as_ref() else {
            return;
        };
        let batch = t.batch + 1;
        let new = self.infiltrate_pending(batch);
        if !new.is_empty() {
            let t = self.turn_mut();
            t.batch = batch;
            t.pending.extend(new);
        }
    }

    /// Infiltrate's `resolve` line: `may yes` takes the attacker out of combat and deals
    /// 1 damage to the opponent; `may no` leaves it attacking. Any other clause is
    /// `invalid-choice` (waived, the `may` decides).
    pub(in crate::engine) fn resolve_infiltrate(
        &mut self,
        p: &Pending,
        clauses: &[Clause],
    ) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        let name = self.cards.get(p.card).name.clone();
        let mut may = None;
        for c in clauses {
            match c {
                Clause::May { yes } if may.is_none() => may = Some(yes.node),
                _ => {
                    self.violate(
                        rules::invalid_choice::new(
                            self.line,
                            format!("{name}'s Infiltrate takes no such choice"),
                            "write `may yes` (it leaves combat and deals 1 damage to the \
                             opponent) or `may no` (it stays in combat), and nothing else",
                        )
                        .with_context(p.line, "the blockers were declared here"),
                    )?;
                }
            }
        }
        if may != Some(true) || !self.unblocked_attacker(die) {
            return Ok(());
        }
        let Some(opponent) = self.turn_ref().map(|t| t.inactive()) else {
            return Ok(());
        };
        // Out of combat, still in the field: no combat damage, and not sent out of play
        // (or to the used pile) with the unblocked attackers.
        self.state.die_mut(die).attacking = false;
        self.state.restamp(die);
        let why = format!("from {name} infiltrating");
        self.change_life(opponent, -1, why);
        self.fire(
            &[
                (Event::TakesDamage, About::Player(opponent)),
                (Event::DamagesOpponent, About::Die(die)),
            ],
            &[],
        );
        self.check_life();
        Ok(())
    }
}
