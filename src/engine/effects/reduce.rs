//! The "reduce" and "prevent" effects on damage: damage a die takes is lessened as it is
//! dealt (Iron Man: Inventor: 1 less each time he takes damage, 2 less on his burst
//! face), or prevented altogether (Apocalypse: Archvillain, while the opponent has no
//! Villain in the field). The ability language writes them as a trigger on the die's own
//! `takes-damage` whose only effects are `reduce` or `prevent` (of damage): they act as
//! the damage is dealt, not after, so they never wait in the trigger queue (Avengers
//! Infinity rulebook, ASSIGN DAMAGE: effects that reduce or redirect damage act before the
//! damage resolves). Its `if:` condition is checked as the damage is dealt. Any other form
//! (a cost, a choice, another subject) is queued as a trigger and leaves the game
//! undecided where it resolves (`coverage`).

use crate::cards::ability::{Ability, Effect, Event, Kind, Limit, Subject, While};
use crate::engine::select::Source;

use super::effects_for;
use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

/// Whether an ability is a reduction the engine applies as damage is dealt: triggered by
/// its own die taking damage, with nothing to choose or pay, and only `reduce` effects or
/// `prevent` of damage (with or without an amount).
pub(in crate::engine) fn is_reduction(a: &Ability) -> bool {
    a.kind == Kind::Triggered
        && a.when.as_ref().is_some_and(|w| {
            w.event == Event::TakesDamage
                && w.of == Subject::This
                && w.step.is_none()
                && w.filter.is_none()
        })
        && matches!(a.while_, None | Some(While::Active))
        && a.cost.is_empty()
        && !a.may
        && a.limit == Limit::Unlimited
        && !a.effects.is_empty()
        && a.effects
            .iter()
            .chain(a.bursts.iter().flat_map(|b| b.effects.iter()))
            .all(|e| {
                matches!(
                    e,
                    Effect::Reduce { .. }
                        | Effect::Prevent {
                            effects: false,
                            to: None,
                            ..
                        }
                )
            })
}

impl Replayer {
    /// How much less damage die `id` takes each time it takes damage: the reductions of
    /// its own card whose condition holds, for the face it shows (its bursts); all of it
    /// for a prevention without an amount.
    pub(in crate::engine) fn damage_reduction(&self, id: DieId) -> u32 {
        let die = self.state.die(id);
        let Some(list) = self.abilities_of(die.card) else {
            return 0;
        };
        let src = Source::card(die.card, die.owner).from_die(id);
        let bursts = self.bursts_of(id);
        list.iter()
            .filter(|a| is_reduction(a))
            .filter(|a| a.if_.as_ref().is_none_or(|c| self.condition_holds(c, &src)))
            .flat_map(|a| effects_for(a, bursts))
            .map(|e| match e {
                Effect::Reduce { amount }
                | Effect::Prevent {
                    amount: Some(amount),
                    ..
                } => u32::from(amount),
                Effect::Prevent { amount: None, .. } => u32::MAX,
                _ => 0,
            })
            .fold(0u32, u32::saturating_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn a_reduction_is_the_die_s_own_damage_with_nothing_to_choose() {
        let inventor = "kind: triggered\nwhen: {event: takes-damage}\ndo: [reduce: {amount: 1}]\n";
        assert!(is_reduction(&ability(inventor)));
        assert!(!is_reduction(&ability(
            &inventor.replace("takes-damage}", "takes-damage, of: you}")
        )));
        assert!(!is_reduction(&ability(&format!("{inventor}may: true\n"))));
        // A prevention of all of it, with a condition checked as the damage is dealt.
        assert!(is_reduction(&ability(
            "kind: triggered\nwhen: {event: takes-damage}\n\
             if: {none-match: {count: each, what: character, side: opposing}}\n\
             do: [prevent: {}]\n"
        )));
        assert!(!is_reduction(&ability(
            "kind: triggered\nwhen: {event: takes-damage}\ndo: [prevent: {effects: true}]\n"
        )));
        assert!(!is_reduction(&ability(&inventor.replace(
            "[reduce: {amount: 1}]",
            "[reduce: {amount: 1}, gain-life: {amount: 1}]"
        ))));
    }
}
