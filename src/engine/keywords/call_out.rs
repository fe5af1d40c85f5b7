//! Call Out: as a die with it attacks, its controller targets an opposing character die;
//! that die may block only the die that called it out, and no other die may block that
//! die. If the target cannot legally block it, for any reason, Call Out does nothing.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:20); the 2018 glossary has
//! no entry for it, so the 2017 text stands; the cards' reminder says the same in short
//! ("target character die is the only character die that may block this character
//! die"). How it is read:
//! - The target is chosen as the die attacks: the choice waits in the trigger queue like
//!   a "when attacks" trigger of the die, and the log answers it with a `target` clause
//!   (`resolve CO:L1 target Bob.GR:L2`), before the `block` line. It is no "may": with an
//!   opposing character die in the field, one must be named (`invalid-choice` without
//!   one); with none, nothing waits. The target is an opposing character die in the field
//!   (`invalid-target` otherwise).
//! - It restricts the `block` line: the target blocking another attacker, or another die
//!   blocking the Call Out die, is `cannot-block` (through `block_refused`, the check of
//!   every restriction on a blocker, so "must block (if able)" sees it too). The target
//!   need not block.
//! - "Cancelled" (line 20, its examples): at the `block` line, Call Out does nothing when
//!   its target could not block the die for any other reason: it left the field (the die
//!   that comes back is a new die, `GameState::move_die`), it cannot block, the attacker
//!   cannot be blocked by it, the attacker may be blocked only by two or more (the target
//!   alone cannot), or another attacker called out the same die (then both do nothing).
//! - It lasts the attack: the cleanup step clears it, and so does either die leaving the
//!   field. A position writes it as a mark on the attacker: `CO:L1[attacking,
//!   called-out=Bob.GR:L2]`.

use super::TargetWords;
use crate::cards::ability::Keyword;
use crate::syntax::{Clause, Span, Zone};

use crate::engine::replay::{Flow, Replayer};
use crate::engine::select;
use crate::engine::state::{DieId, Pending};

impl Replayer {
    /// The opposing character dice in the field that attacker `die` may target with
    /// Call Out.
    pub(in crate::engine) fn call_out_targets(&self, die: DieId) -> Vec<DieId> {
        let owner = self.state.die(die).owner;
        self.state
            .ids()
            .filter(|&d| {
                let x = self.state.die(d);
                x.owner != owner && x.zone == Zone::Field && select::is_character(&self.state, d)
            })
            .collect()
    }

    /// Whether attacker `die` has Call Out and something to target as it attacks.
    pub(in crate::engine) fn calls_out(&self, die: DieId) -> bool {
        self.has_keyword(die, |k| *k == Keyword::CallOut) && !self.call_out_targets(die).is_empty()
    }

    /// Call Out's `resolve` line: one `target` clause naming one opposing character die.
    pub(in crate::engine) fn resolve_call_out(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        let valid = self.call_out_targets(die);
        let Some(target) = self.keyword_target(
            p,
            clauses,
            "Call Out",
            "targets",
            &valid,
            TargetWords {
                example: "Bob.GR:L2",
                valid: "Call Out targets a character die in the opponent's field",
                context: "the die attacked here",
            },
        )?
        else {
            return Ok(());
        };
        self.state.die_mut(die).called = Some(target);
        Ok(())
    }

    /// Whether Call Out of `caller` on its target holds now: the target could block it
    /// but for Call Out itself, and no other attacker called out the same die.
    fn call_out_holds(&self, caller: DieId, target: DieId) -> bool {
        let t = self.state.die(target);
        let shared = self.state.ids().any(|c| {
            c != caller && self.state.die(c).attacking && self.state.die(c).called == Some(target)
        });
        self.state.die(caller).attacking
            && t.zone == Zone::Field
            && !t.attacking
            && select::is_character(&self.state, target)
            && !shared
            && self.block_refused_plain(target, caller).is_none()
            && self.two_or_more(caller).is_none()
    }

    /// Why Call Out forbids blocker `b` to block attacker `a`, if it does: `b` was called
    /// out by another attacker, or `a` called out another die.
    pub(in crate::engine) fn call_out_refused(
        &self,
        b: DieId,
        a: DieId,
    ) -> Option<(String, (Span, String))> {
        let line = self.turn_ref().and_then(|t| t.attack).unwrap_or(self.line);
        let context = (line, "Call Out was used as it attacked here".to_string());
        if let Some(t) = self.state.die(a).called
            && t != b
            && self.call_out_holds(a, t)
        {
            return Some((
                format!(
                    "{} called out {} with Call Out: no other die may block it",
                    self.named_attacker(a),
                    self.named_plain(t)
                ),
                context,
            ));
        }
        let caller = self.state.ids().find(|&c| {
            c != a && self.state.die(c).called == Some(b) && self.call_out_holds(c, b)
        })?;
        Some((
            format!(
                "{} was called out by {} (Call Out): it may block only that die",
                self.named_plain(b),
                self.named_attacker(caller)
            ),
            context,
        ))
    }
}
