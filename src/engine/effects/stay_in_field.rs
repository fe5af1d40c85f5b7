//! "When this die would be KO'd, you may pay … to clear its damage and return it to
//! the field at level 1 (this triggers no 'when KO'd' effect)" (Arnim Zola: Scientist
//! Supreme): a replacement of the knock-out, answered before it happens. The knock-out
//! is held back for one line, as a protection holds an effect (`protection`), whatever
//! knocks the die out (lethal damage, combat or not, or a KO effect); its owner answers
//! `resolve AZ:L2 pay SK:bolt` (the die stays in the field: its damage cleared, spun to
//! the level the card names, out of combat) or `resolve AZ:L2 may no`, and any other
//! line lets the knock-out happen. The die never leaves the field, so nothing "when
//! knocked out" fires and its effects stay.
//!
//! Applied in this form only (`coverage::replacement_applied`): a trigger on its own
//! die's `would-be-knocked-out`, paid in energy, whose only effect is `stay-in-field`.
//! It is offered only when its owner can pay (a cost that cannot be paid is no choice,
//! 000 FUNDAMENTAL RULES). The dice knocked out with it go at once; only its own waits.
//! Undecided, where the die would be knocked out: while another effect already waits
//! for an answer (dmlint holds one at a time), a die knocked out to pay a cost (is the
//! cost paid?), and 2014/2016 combat, whose knock-outs are read with their triggers.

use crate::cards::ability::{Ability, Effect};
use crate::syntax::{Span, Zone};

use crate::engine::cards::CardId;
use crate::engine::coverage::replacement_applied;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;
use crate::engine::state::{DieId, Held, Op};

/// Whether an ability is the knock-out replacement the engine applies.
pub(in crate::engine) fn is_ko_replacement(a: &Ability) -> bool {
    replacement_applied(a)
}

impl Replayer {
    /// The card and ability that may replace die `d`'s knock-out now: its own card's
    /// replacement, whose cost its owner can pay.
    pub(in crate::engine) fn ko_replacer(&self, d: DieId) -> Option<(CardId, usize)> {
        let die = self.state.die(d);
        if die.zone != Zone::Field {
            return None;
        }
        let list = self.abilities_of(die.card)?;
        let i = list.iter().position(is_ko_replacement)?;
        let a = &list[i];
        let src = Source::card(die.card, die.owner).from_die(d);
        (self.unpayable(a, &src).is_none() && self.energy_at_hand(die.owner, a))
            .then_some((die.card, i))
    }

    /// Knocks dice out, all at once, but for those whose knock-out a replacement may
    /// still stop: held back for their owner's answer. A die whose knock-out already
    /// waits is left waiting (a lethal check while it waits finds it again). `combat`:
    /// the knock-outs of combat damage, whose dealers' "when this die KOs a character
    /// with combat damage" they set off (`knocks_out`).
    pub(in crate::engine) fn knock_out_all(
        &mut self,
        dice: &[DieId],
        line: Span,
        combat: bool,
    ) -> Flow {
        let waiting = |s: &Self, d: DieId| {
            s.state
                .turn
                .as_ref()
                .and_then(|t| t.held.as_ref())
                .is_some_and(|h| h.ops.contains(&Op::Ko { die: d }))
        };
        let mut now = Vec::new();
        let mut held: Option<Held> = None;
        for &d in dice {
            if waiting(self, d) {
                continue;
            }
            let Some((card, ability)) = self.ko_replacer(d) else {
                now.push(d);
                continue;
            };
            match &mut held {
                Some(h) if h.card == card => h.ops.push(Op::Ko { die: d }),
                Some(_) => now.push(d),
                None => {
                    held = Some(Held {
                        ops: vec![Op::Ko { die: d }],
                        card,
                        ability,
                        line,
                        combat,
                    })
                }
            }
        }
        if let Some(h) = held {
            if self.state.turn.as_ref().is_some_and(|t| t.held.is_some()) {
                // Waived, the knock-out goes ahead unanswered.
                self.undecided(
                    line,
                    h.card,
                    "may replace a knock-out while another effect waits for an answer: dmlint holds one at a time",
                )?;
                now.extend(h.ops.iter().filter_map(Op::die));
            } else {
                self.turn_mut().held = Some(h);
            }
        }
        self.knock_out_unreplaced(&now, line, combat)
    }

    /// A held knock-out its owner let happen (`may no`, or another line): the die goes
    /// now, with its "when knocked out" effects, and what follows from it; `combat`, the
    /// knock-out of combat damage (`Held::combat`).
    pub(super) fn ko_declined(&mut self, ops: &[Op], combat: bool) -> Flow {
        let dice: Vec<DieId> = ops
            .iter()
            .filter_map(|o| match o {
                Op::Ko { die } if self.state.die(*die).zone == Zone::Field => Some(*die),
                _ => None,
            })
            .collect();
        self.knock_out_unreplaced(&dice, self.line, combat)?;
        self.ko_check()?;
        self.check_life();
        Ok(())
    }

    /// The replacement paid for: the die stays in the field, its damage cleared, spun to
    /// the card's level, back from the attack zone.
    pub(super) fn stay_in_field(&mut self, a: &Ability, die: DieId) {
        let Some(Effect::StayInField { level }) = a.effects.first() else {
            return;
        };
        let face = self.cards.get(self.state.die(die).card).level_face(*level);
        let d = self.state.die_mut(die);
        d.damage = 0;
        d.attacking = false;
        d.blocking = None;
        if let Some(f) = face {
            d.face = Some(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn the_applied_replacement_is_its_own_die_s_paid_in_energy() {
        let zola = "kind: triggered\nwhen: {event: would-be-knocked-out}\nmay: true\n\
                    cost: [energy: [generic]]\ndo: [stay-in-field: {level: 1}]\n";
        assert!(is_ko_replacement(&ability(zola)));
        // Another die's knock-out, a life cost, or more effects: not applied.
        assert!(!is_ko_replacement(&ability(
            &zola.replace("knocked-out}", "knocked-out, of: your-character}")
        )));
        assert!(!is_ko_replacement(&ability(
            &zola.replace("[energy: [generic]]", "[life: 1]")
        )));
        assert!(!is_ko_replacement(&ability(&zola.replace(
            "do: [stay-in-field: {level: 1}]",
            "do: [stay-in-field: {level: 1}, gain-life: {amount: 1}]"
        ))));
    }
}
