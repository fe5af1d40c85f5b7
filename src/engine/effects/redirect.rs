//! The "redirect" effect: damage about to be dealt to a die goes to another target
//! instead (Nova: Bucket Head: the first time he takes damage each turn, his owner may send
//! it to one target character). Reducing or redirecting damage acts before the damage
//! resolves (Avengers Infinity rulebook, ASSIGN DAMAGE), so an effect's damage to such a
//! die is held back for one line, as a protection holds an effect (`protection`): its
//! owner answers with `resolve DIE redirect TARGET` (or `may no`), and unanswered the
//! damage lands. Applied in this form only: a trigger on the die's own `takes-damage`,
//! limited to the first time each turn, whose only effect is `redirect`, with nothing to
//! pay. Combat damage to such a die, and any other form, queue the trigger as usual and
//! leave the game undecided where it resolves (`coverage`).

use crate::cards::ability::{Ability, Effect, Event, Kind, Limit, Subject, While};
use crate::rules;
use crate::syntax::{Clause, DieRef, Zone};

use crate::engine::cards::CardId;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{DieId, Held, Op, Used};

/// Whether an ability is a redirection the engine applies to an effect's damage.
pub(in crate::engine) fn is_redirection(a: &Ability) -> bool {
    a.kind == Kind::Triggered
        && a.when.as_ref().is_some_and(|w| {
            w.event == Event::TakesDamage
                && w.of == Subject::This
                && w.step.is_none()
                && w.filter.is_none()
        })
        && a.if_.is_none()
        && matches!(a.while_, None | Some(While::Active))
        && a.cost.is_empty()
        && a.limit == Limit::FirstEachTurn
        && a.bursts.is_empty()
        && matches!(a.effects[..], [Effect::Redirect { .. }])
}

impl Replayer {
    /// The card and ability that may redirect damage about to be dealt to die `d` now:
    /// a redirection of its card not used yet this turn.
    pub(super) fn redirector(&self, d: DieId) -> Option<(CardId, usize)> {
        let die = self.state.die(d);
        if die.zone != Zone::Field {
            return None;
        }
        let list = self.abilities_of(die.card)?;
        let i = list.iter().position(is_redirection)?;
        let used = self
            .state
            .turn
            .as_ref()
            .is_some_and(|t| t.used.iter().any(|u| (u.card, u.ability) == (die.card, i)));
        (!used).then_some((die.card, i))
    }

    /// Holds back damage to a die that may redirect it: this is the first time it takes
    /// damage this turn, answered or not, so the trigger is spent (`fire` does not queue
    /// it again when the damage lands).
    pub(super) fn hold_for_redirect(&mut self, op: Op, card: CardId, ability: usize) {
        let line = self.line;
        let t = self.turn_mut();
        t.used.push(Used {
            card,
            ability,
            die: None,
            by: None,
        });
        t.held = Some(Held {
            ops: vec![op],
            card,
            ability,
            line,
        });
    }

    /// `resolve DIE redirect TARGET`: the held damage to `die` goes to the target
    /// instead; `may no` lets it land.
    pub(super) fn redirect(
        &mut self,
        a: &Ability,
        die: DieId,
        mine: Vec<Op>,
        clauses: &[Clause],
        declined: bool,
    ) -> Flow {
        if declined {
            return self.commit(mine);
        }
        let Some(Effect::Redirect { to }) = a.effects.first() else {
            return self.commit(mine);
        };
        let owner = self.state.die(die).owner;
        let card = self.state.die(die).card;
        let target: Option<&DieRef> = clauses.iter().find_map(|c| match c {
            Clause::Redirect { target } => Some(target),
            _ => None,
        });
        let Some(target) = target else {
            let name = self.cards.get(card).name.clone();
            // Waived, the damage lands where it was going.
            self.violate(rules::invalid_choice::new(
                self.line,
                format!("{name}'s redirection names no new target"),
                "write the character the damage goes to, `redirect Ann.GR:L1`, or decline with `may no`",
            ))?;
            return self.commit(mine);
        };
        let src = Source::card(card, owner).from_die(die);
        let t_owner = self.owner_of(target, owner)?;
        let found = self.find(target, t_owner, Zone::Field, &[], |_, _| true)?;
        let Some(new) = found else {
            self.bad_target(target, to, &src)?;
            return Err(self.unreplayable(target.span, "no such die to redirect the damage to"));
        };
        if !select::matches(&self.cards, &self.state, to, &src, new) {
            // Waived, the damage goes to the die written.
            self.bad_target(target, to, &src)?;
        }
        let ops = mine
            .into_iter()
            .map(|op| match op {
                Op::Damage { amount, .. } => Op::Damage { die: new, amount },
                other => other,
            })
            .collect();
        self.commit(ops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn the_applied_redirection_is_the_die_s_first_damage_each_turn() {
        let nova = "kind: triggered\nwhen: {event: takes-damage}\nlimit: first-each-turn\nmay: true\n\
                    do: [redirect: {to: {what: character, target: true}}]\n";
        assert!(is_redirection(&ability(nova)));
        // Every time, or with a cost: queued as a trigger, undecided where it resolves.
        assert!(!is_redirection(&ability(
            &nova.replace("limit: first-each-turn\n", "")
        )));
        assert!(!is_redirection(&ability(&format!(
            "{nova}cost: [energy: [mask]]\n"
        ))));
        assert!(!is_redirection(&ability(
            &nova.replace("takes-damage}", "takes-damage, of: you}")
        )));
    }
}
