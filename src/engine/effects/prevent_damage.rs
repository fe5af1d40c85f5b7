//! Prevention globals: "pay [Shield] to prevent 1 damage to a character or player"
//! (Vibranium Shield: One of a Kind, Deflection). A global that prevents damage may be
//! used "to react whenever applicable" (rules reference, 003:182), and it interrupts:
//! preventing happens at once, ahead of the trigger queue, and damage wholly prevented
//! sets off nothing (Avengers Infinity rulebook, EFFECT TIMING AND RESOLUTION,
//! 000:1109-1117; PREVENTING AND REDIRECTING, 000:1232-1235).
//!
//! So while such a global is on a team and some player could pay for it, an effect's
//! damage is held back for the lines after it, as a protection holds an effect
//! (`protection`): each `global VS pay SK:shield target IM:L1 prevent 1` (by either
//! player, with or without priority) takes that much off the damage about to reach
//! that die or player, and the first other line lets what is left land. The global's
//! cost is paid, and the effect it answers stays used (000:1233-1235).
//!
//! Undecided, not guessed: such a global used with no damage about to be dealt (does it
//! shield the next damage?), combat damage while one could be paid for (dmlint does not
//! hold combat damage), and an effect's damage that another answer (a redirection, a
//! die's protection) also waits for.

use crate::cards::ability::{Ability, Effect, Kind, Limit, Selector};
use crate::rules;
use crate::syntax::{Clause, Zone};

use super::Choices;
use crate::engine::cards::CardId;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{Held, Op};

/// A global that prevents damage about to be dealt: its only effect `prevent` with an
/// amount and a selector of what it shields. Its amount and selector.
pub(in crate::engine) fn prevention_global(a: &Ability) -> Option<(u32, &Selector)> {
    if a.kind != Kind::Global || a.limit != Limit::Unlimited || !a.bursts.is_empty() {
        return None;
    }
    match &a.effects[..] {
        [
            Effect::Prevent {
                amount: Some(n),
                effects: false,
                to: Some(to),
                per_paid: false,
            },
        ] if a.if_.is_none() => Some((u32::from(*n), to)),
        _ => None,
    }
}

impl Replayer {
    /// The cards of the game with a prevention global that some player could pay for
    /// now, with the global's index.
    pub(super) fn preventers(&self) -> Vec<(CardId, usize)> {
        self.cards
            .ids()
            .filter_map(|c| {
                let list = self.abilities_of(c)?;
                let i = list.iter().position(|a| prevention_global(a).is_some())?;
                (0..2)
                    .any(|p| self.energy_at_hand(p, &list[i]))
                    .then_some((c, i))
            })
            .collect()
    }

    /// Whether a held effect waits for prevention globals.
    pub(super) fn held_for_prevention(&self, h: &Held) -> bool {
        self.abilities_of(h.card)
            .and_then(|l| l.get(h.ability))
            .is_some_and(|a| prevention_global(a).is_some())
    }

    /// Whether a `global` line answers the effect held for prevention globals.
    pub(in crate::engine) fn answers_prevention(&self, card: CardId) -> bool {
        let held = self.state.turn.as_ref().and_then(|t| t.held.as_ref());
        held.is_some_and(|h| self.held_for_prevention(h))
            && self
                .abilities_of(card)
                .is_some_and(|l| l.iter().any(|a| prevention_global(a).is_some()))
    }

    /// Undecided where combat damage is about to be dealt while a prevention global could
    /// be paid for: dmlint does not hold combat damage for it.
    pub(in crate::engine) fn combat_prevention_open(&mut self) -> Flow {
        if let Some(&(card, _)) = self.preventers().first() {
            // Waived, the combat damage lands as dealt.
            return self.undecided(
                self.line,
                card,
                "has a global that may prevent combat damage about to be dealt: dmlint does not hold combat damage for it",
            );
        }
        Ok(())
    }

    /// `global CARD …` of a prevention global: it takes its amount off the damage held
    /// for that die or player.
    pub(super) fn prevent_global(
        &mut self,
        who: usize,
        card: CardId,
        a: &Ability,
        clauses: &[Clause],
    ) -> Flow {
        let Some((amount, to)) = prevention_global(a) else {
            return Ok(());
        };
        let held = self
            .state
            .turn
            .as_ref()
            .and_then(|t| t.held.clone())
            .filter(|h| self.held_for_prevention(h));
        let Some(mut held) = held else {
            self.undecided(
                self.line,
                card,
                "prevents damage with none about to be dealt: whether it shields later damage is not said",
            )?;
            // Waived: what the line pays is spent; the judge's position block says the rest.
            self.spend_as_written(who, clauses)?;
            self.acted(who);
            return Ok(());
        };
        let src = Source::card(card, who);
        let choices = Choices::of(clauses, self.line);
        self.pay_costs(a, &src, &choices.pays)?;
        // The amount written, if any, is the global's.
        for c in clauses {
            if let Clause::Prevent { amount: n } = c
                && n.node != amount
            {
                self.violate(rules::invalid_choice::new(
                    n.span,
                    format!("the global prevents {amount}, not {}", n.node),
                    format!("write `prevent {amount}`, or no `prevent`"),
                ))?;
            }
        }
        let name = self.cards.get(card).name.clone();
        let Some(r) = choices.targets.first().copied() else {
            return self.violate(rules::invalid_target::new(
                self.line,
                format!("{name}'s global names no die or player whose damage it prevents"),
                "name it in a `target` clause: `target IM:L1`, or `target Ann`",
            ));
        };
        // The die or player named: one the held damage is about to reach.
        let player = (r.face.is_none() && r.player.is_none())
            .then(|| self.cards.player(&r.alias.node))
            .flatten();
        if player.is_some() && !select::names_players(to) {
            return self.bad_target(r, to, &src);
        }
        let k = match player {
            Some(p) => held
                .ops
                .iter()
                .position(|o| matches!(o, Op::DamagePlayer { player, .. } if *player == p)),
            None => {
                let owner = self.owner_of(r, who)?;
                let hit: Vec<_> = held
                    .ops
                    .iter()
                    .filter_map(|o| match o {
                        Op::Damage { die, .. } => Some(*die),
                        _ => None,
                    })
                    .collect();
                let found = self.find(r, owner, Zone::Field, &[], |_, id| hit.contains(&id))?;
                found.and_then(|d| {
                    select::matches(&self.cards, &self.state, to, &src, d)
                        .then(|| {
                            held.ops
                                .iter()
                                .position(|o| matches!(o, Op::Damage { die, .. } if *die == d))
                        })
                        .flatten()
                })
            }
        };
        let Some(k) = k else {
            return self.violate(
                rules::invalid_target::new(
                    r.span,
                    format!("`{r}` is not {} that the held damage is about to reach", crate::cards::text::sel(to)),
                    "a prevention answers the damage of the effect just before it, for a die or player it is about to reach",
                )
                .with_context(held.line, "the damage it would answer"),
            );
        };
        match &mut held.ops[k] {
            Op::Damage { amount: n, .. } | Op::DamagePlayer { amount: n, .. } => {
                *n = n.saturating_sub(amount);
            }
            _ => {}
        }
        held.ops.retain(|o| {
            !matches!(
                o,
                Op::Damage { amount: 0, .. } | Op::DamagePlayer { amount: 0, .. }
            )
        });
        self.turn_mut().held = (!held.ops.is_empty()).then_some(held);
        self.acted(who);
        Ok(())
    }
}
