//! "When Juggernaut takes damage, you may move any or all of your Sidekicks to your used
//! pile. Prevent up to 3 damage to Juggernaut per Sidekick moved" (Juggernaut: Cain
//! Marko): a die's own trigger on the damage it takes, with a choice or a cost, whose
//! only effect is to prevent some of that damage. Unlike a reduction (`reduce`), it
//! waits for its owner's line (`resolve JU:L3 pay SK:L1 to used`, or `may no`); the
//! damage it prevents is taken back from the die, at most what its event dealt (the
//! `taken` of its pending line) and what the die still has.
//!
//! Preventing acts before the damage resolves (Avengers Infinity rulebook, EFFECT TIMING
//! AND RESOLUTION, 000:1109-1117): so the die's knock-out waits while the trigger does
//! (`Replayer::lethal` passes it by). In combat, every knock-out waits for it, under the
//! rules before 2018 too: the Uncanny X-Men rulebook's combat example has Juggernaut's
//! text kick in "since damage has been assigned", with the dice it will knock out still
//! there, and pays with a sidekick "that's already going to get knocked out"
//! (004:596-603). Undecided: a die knocked out before its trigger resolves (dmlint does
//! not undo a knock-out).

use crate::cards::ability::{Ability, Effect, Event, Kind, Limit, Subject, While};
use crate::syntax::Zone;

use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;
use crate::engine::state::{About, DieId, Pending};

/// Whether an ability is a prevention of its own die's damage that waits for its
/// owner's line: a trigger on the die taking damage, to be chosen or paid for, whose
/// only effect is to prevent an amount (for each die paid, with `per_paid`).
pub(in crate::engine) fn is_prevent_taken(a: &Ability) -> bool {
    a.kind == Kind::Triggered
        && a.when.as_ref().is_some_and(|w| {
            w.event == Event::TakesDamage
                && w.of == Subject::This
                && w.step.is_none()
                && w.filter.is_none()
        })
        && a.if_.is_none()
        && matches!(a.while_, None | Some(While::Active))
        && a.limit == Limit::Unlimited
        && a.bursts.is_empty()
        && (a.may || !a.cost.is_empty())
        && matches!(
            a.effects[..],
            [Effect::Prevent {
                amount: Some(_),
                effects: false,
                to: None,
                ..
            }]
        )
}

impl Replayer {
    /// Records damage die `id` takes, for the trigger its event sets off (`taken`).
    pub(in crate::engine) fn record_hit(&mut self, id: DieId, amount: u32) {
        match self.hits.iter_mut().find(|(d, _)| *d == id) {
            Some((_, n)) => *n = n.saturating_add(amount),
            None => self.hits.push((id, amount)),
        }
    }

    /// The prevention of its own damage die `id`'s card has, if its owner could pay for
    /// it now.
    fn own_prevention(&self, id: DieId) -> Option<usize> {
        let die = self.state.die(id);
        let list = self.abilities_of(die.card)?;
        let i = list.iter().position(is_prevent_taken)?;
        let src = Source::card(die.card, die.owner).from_die(id);
        self.unpayable(&list[i], &src).is_none().then_some(i)
    }

    /// Whether combat damage about to set off `events` lets a die prevent some of its
    /// own: then the knock-outs wait for it, whatever the rules' year (004:596-603).
    pub(in crate::engine) fn prevention_in_combat(&self, events: &[(Event, About)]) -> bool {
        events.iter().any(|(e, about)| {
            matches!((e, about), (Event::TakesDamage, About::Die(d))
                if self.state.die(*d).zone == Zone::Field && self.own_prevention(*d).is_some())
        })
    }

    /// Whether die `id`'s own prevention waits in the queue: its knock-out waits too.
    pub(in crate::engine) fn prevention_waits(&self, id: DieId) -> bool {
        self.turn_ref().is_some_and(|t| {
            t.pending.iter().any(|p| {
                p.die == Some(id)
                    && self
                        .abilities_of(p.card)
                        .and_then(|l| l.get(p.ability))
                        .is_some_and(is_prevent_taken)
            })
        })
    }

    /// Damage taken back from a die, as if never dealt to it: no longer damaged in the
    /// attack step once none is left (`attack_damaged`).
    pub(super) fn take_back(&mut self, die: DieId, n: u32) {
        let d = self.state.die_mut(die);
        d.damage = d.damage.saturating_sub(n);
        if d.damage == 0
            && let Some(t) = self.state.turn.as_mut()
        {
            t.attack_damaged.retain(|x| *x != die);
        }
    }

    /// The trigger resolving: its cost paid and its choice made as any ability's, then
    /// the damage prevented, and the die knocked out if what is left is lethal (in
    /// combat damage, with the others once nothing waits).
    pub(super) fn prevent_taken(
        &mut self,
        p: &Pending,
        a: &Ability,
        clauses: &[crate::syntax::Clause],
    ) -> Flow {
        let Some(die) = p.die.filter(|d| self.state.die(*d).zone == Zone::Field) else {
            // Waived, nothing is prevented.
            return self.undecided(
                self.line,
                p.card,
                "prevents damage to a die already knocked out: dmlint does not undo a knock-out",
            );
        };
        let src = self.source_of(p);
        self.taking = Some((die, p.taken));
        let ran = self.run(a, src, p.bursts, clauses, &p.payers);
        self.taking = None;
        ran?;
        self.ko_check()
    }

    /// The prevention's effect: `amount` (for each die paid, with `per_paid`) of the
    /// damage its event dealt, taken back.
    pub(super) fn prevent_taken_effect(&mut self, amount: u8, per_paid: bool, paid: u32) {
        let Some((die, taken)) = self.taking else {
            return;
        };
        let n = if per_paid {
            u32::from(amount).saturating_mul(paid)
        } else {
            u32::from(amount)
        };
        let n = n.min(taken).min(self.state.die(die).damage);
        self.take_back(die, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn the_applied_form_is_its_own_damage_chosen_or_paid_for() {
        let juggernaut = "kind: triggered\nwhen: {event: takes-damage}\nmay: true\n\
            cost: [move: {what: {count: any-number, what: sidekick, side: yours}, zone: used}]\n\
            do: [prevent: {amount: 3, per_paid: true}]\n";
        assert!(is_prevent_taken(&ability(juggernaut)));
        // With nothing to choose or pay, it is a reduction, applied as damage is dealt.
        let plain = "kind: triggered\nwhen: {event: takes-damage}\ndo: [prevent: {amount: 1}]\n";
        assert!(!is_prevent_taken(&ability(plain)));
        assert!(crate::engine::effects::is_reduction(&ability(plain)));
        // Another die's damage, or all of it, or with another effect: not this form.
        assert!(!is_prevent_taken(&ability(
            &juggernaut.replace("takes-damage}", "takes-damage, of: you}")
        )));
        assert!(!is_prevent_taken(&ability(
            &juggernaut.replace("amount: 3, per_paid: true", "per_paid: true")
        )));
        assert!(!is_prevent_taken(&ability(&juggernaut.replace(
            "[prevent: {amount: 3, per_paid: true}]",
            "[prevent: {amount: 3}, gain-life: {amount: 1}]"
        ))));
    }
}
