//! "Unless the opponent pays": an ability whose effects the opposing player may stop by
//! paying a cost of their own (Black Widow: Tsarina's damage, stopped by spinning one of
//! their characters down a level; Punisher: McRook's KO, stopped by paying 2 life). The
//! cost is the opponent's (`unless:`), paid from their dice and life. Once the ability
//! has made its choices, its effects are held back for one line (as a protection holds
//! an effect, `protection`): the opponent answers `Bob: resolve Ann.BW:L1 pay FA:L2->L1`
//! and the effects do not happen, or `may no`, or any other line, and they do. "You
//! cannot avoid paying costs" (Avengers Infinity rulebook, FUNDAMENTAL RULES): when the
//! table leaves the opponent nothing to pay with, the effects happen at once, and an
//! answer that pays anyway is `cost-unpayable`. An effect that changes the table as it
//! runs (a move, a draw, a roll …) cannot be held: an `unless:` beside one is undecided
//! where the ability resolves.

use crate::cards::ability::{Ability, Effect, Kind};
use crate::rules;
use crate::syntax::{Clause, DieRef};

use super::Choices;
use crate::engine::cards::CardId;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;
use crate::engine::state::{Held, Op};

/// The opponent's side of an ability with `unless:`: its cost, as an optional ability of
/// the opponent's that has that cost (paid with the checks every cost gets).
fn as_opponents(a: &Ability) -> Ability {
    Ability {
        kind: Kind::Triggered,
        may: true,
        cost: a.unless.clone(),
        unless: Vec::new(),
        effects: Vec::new(),
        bursts: Vec::new(),
        otherwise: Vec::new(),
        turn: None,
        ..a.clone()
    }
}

/// Whether an effect changes the table as it runs rather than as changes committed
/// together (`Op`s): such an effect cannot be held for the opponent's answer.
pub(in crate::engine) fn acts_at_once(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Capture { .. }
            | Effect::Draw { .. }
            | Effect::DrawRoll { .. }
            | Effect::Field { .. }
            | Effect::LeaveCombat { .. }
            | Effect::Move { .. }
            | Effect::Reroll { .. }
            | Effect::ReturnToField { .. }
            | Effect::Roll { .. }
            | Effect::SpinTo { .. }
    )
}

/// Whether an ability's "unless the opponent pays" cannot be held: one of its effects
/// acts at once ([`acts_at_once`]).
pub(in crate::engine) fn unless_unheld(a: &Ability) -> bool {
    !a.unless.is_empty()
        && a.effects
            .iter()
            .chain(a.bursts.iter().flat_map(|b| b.effects.iter()))
            .any(acts_at_once)
}

impl Replayer {
    /// The effects of an ability with `unless:` wait for the opponent's answer: held for
    /// one line, or, when the opponent could not pay, applied now with an empty hold left
    /// so that an answer paying anyway is told why it cannot.
    pub(super) fn hold_unless(&mut self, a: &Ability, src: &Source, ops: Vec<Op>) -> Flow {
        let Some(ability) = self
            .abilities_of(src.card)
            .and_then(|l| l.iter().position(|x| x == a))
        else {
            return self.apply(ops);
        };
        // One effect is held at a time: a second in the same line (two such abilities
        // triggered together, or a protection already waiting) is not guessed at.
        if self.state.turn.as_ref().is_some_and(|t| t.held.is_some()) {
            // Waived, the effects happen without waiting for an answer.
            self.undecided(
                self.line,
                src.card,
                "lets the opponent pay to stop it while another effect already waits for an answer: dmlint holds one at a time",
            )?;
            return self.apply(ops);
        }
        let opponent = Source::card(src.card, 1 - src.controller);
        let payable = self.unpayable(&as_opponents(a), &opponent).is_none();
        let held = Held {
            ops: if payable { ops.clone() } else { Vec::new() },
            card: src.card,
            ability,
            line: self.line,
        };
        if !payable {
            self.apply(ops)?;
        }
        self.turn_mut().held = Some(held);
        Ok(())
    }

    /// Whether the effect held is one the opponent may pay to stop.
    pub(in crate::engine) fn held_for_unless(&self, card: CardId, ability: usize) -> bool {
        self.abilities_of(card)
            .and_then(|l| l.get(ability))
            .is_some_and(|a| !a.unless.is_empty())
    }

    /// The opponent's answer: `pay …` stops the held effects, `may no` lets them happen.
    pub(super) fn answer_unless(
        &mut self,
        who: usize,
        r: &DieRef,
        held: Held,
        clauses: &[Clause],
    ) -> Flow {
        self.turn_mut().held = None;
        let Some(a) = self
            .abilities_of(held.card)
            .and_then(|l| l.get(held.ability))
            .cloned()
        else {
            return self.apply(held.ops);
        };
        let controller = self.cards.get(held.card).owner.unwrap_or(1 - who);
        let opponent = 1 - controller;
        if who != opponent {
            let n = self.name(opponent).to_string();
            // Waived, the answer is taken as the opponent's.
            self.violate(
                rules::wrong_player::new(
                    self.line,
                    format!("only {n} may pay to stop this ability"),
                    format!(
                        "write `{}`",
                        self.as_written_by(opponent, controller, r, clauses)
                    ),
                )
                .with_context(held.line, "the effect it would answer"),
            )?;
        }
        let choices = Choices::of(clauses, self.line);
        if let Some((false, _)) = choices.may {
            return self.apply(held.ops);
        }
        let src = Source::card(held.card, opponent);
        if self
            .pay_costs(&as_opponents(&a), &src, &choices.pays)?
            .is_some()
        {
            // Paid: the effects do not happen (an empty hold had already let them).
            return Ok(());
        }
        self.apply(held.ops)
    }
}
