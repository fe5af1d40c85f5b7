//! "When this die KOs an opposing character die with combat damage" (War Machine:
//! "Rhodey", IMWM #23): the event `kos-with-combat-damage`, about the die whose combat
//! damage knocked a character die out, fired once for each die knocked out, in the same
//! batch as that knock-out's own "when knocked out" triggers.
//!
//! The rulebooks say who deals combat damage (each attacker to its blockers, each blocker
//! to the attacker it blocks: 002:380, 000:755-782) but not who knocks a die out that
//! several dice damaged. How it is read:
//! - A blocker knocked out by combat damage was knocked out by the attacker it blocks:
//!   the one die whose combat damage reaches it.
//! - An attacker knocked out by combat damage with one blocker was knocked out by that
//!   blocker. With several blockers (each dealing it damage, all at once or over the
//!   Fast round and the regular one) which of them knocked it out is not said: where a
//!   card waits for the event from one of them (its own die's trigger, or one about
//!   other dice), undecided. A die knocked out in the
//!   Fast round was knocked out by the Fast dice only: the others have dealt nothing yet.
//! - Only a die whose combat damage is more than nothing knocks a die out: a blocker
//!   knocked out while its attacker "deals no combat damage" (Smash!'s global), by an
//!   effect's damage the combat knock-outs waited for, was not knocked out by it.
//! - Combat knock-outs are those of the combat damage's knock-out stage (and, before
//!   2018, the knock-outs made with the damage), and a replacement of one held for its
//!   answer and declined (`Held::combat`); an effect's knock-out is not one, even in
//!   the attack step.

use crate::cards::ability::{Event, Kind, Subject};
use crate::syntax::{Span, Zone};

use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{About, DieId};

impl Replayer {
    /// The `kos-with-combat-damage` events of dice knocked out by combat damage, each
    /// about the die that knocked it out; undecided where several dice may have and a
    /// card waits for the event (waived: none fires for that die).
    pub(in crate::engine) fn knocker_events(
        &mut self,
        dead: &[DieId],
        line: Span,
    ) -> Result<Vec<(Event, About)>, Stop> {
        let mut events = Vec::new();
        for &d in dead {
            let knockers = self.knockers(d);
            match knockers[..] {
                [] => {}
                [one] => events.push((Event::KosWithCombatDamage, About::Die(one))),
                [..] => {
                    if let Some(card) = self.waiting_for_knock_out(&knockers) {
                        // Waived: no die knocked it out.
                        self.undecided(
                            line,
                            card,
                            "has a trigger on knocking a die out with combat damage, and the die was knocked out by the combat damage of several dice: which of them knocked it out is not said",
                        )?;
                    }
                }
            }
        }
        Ok(events)
    }

    /// The dice whose combat damage may have knocked die `d` out: the attacker it
    /// blocks, or the blockers of it, that have dealt it combat damage by now (in the
    /// Fast round, only the Fast ones: `keywords::fast`).
    fn knockers(&self, d: DieId) -> Vec<DieId> {
        let die = self.state.die(d);
        let engaged: Vec<DieId> = match die.blocking {
            Some(a) => vec![a],
            None if die.attacking => self.blockers_of(d),
            None => Vec::new(),
        };
        let fast_round = self.fast_stage();
        engaged
            .into_iter()
            .filter(|&k| {
                self.state.die(k).zone == Zone::Field
                    && self.combat_attack(k) > 0
                    && (!fast_round || self.deals_in_round(k, true))
            })
            .collect()
    }

    /// A card of the game with a trigger waiting for one of `knockers` to knock a die
    /// out with combat damage, if one has: a die's own trigger (`of: this`) waits only
    /// for a die of its card; one about other dice may wait for any.
    fn waiting_for_knock_out(&self, knockers: &[DieId]) -> Option<crate::engine::cards::CardId> {
        self.cards.ids().find(|&card| {
            let own = knockers.iter().any(|&k| self.state.die(k).card == card);
            self.abilities_of(card).is_some_and(|list| {
                list.iter().any(|a| {
                    a.kind == Kind::Triggered
                        && a.when.as_ref().is_some_and(|w| {
                            w.event == Event::KosWithCombatDamage && (own || w.of != Subject::This)
                        })
                })
            })
        })
    }
}
