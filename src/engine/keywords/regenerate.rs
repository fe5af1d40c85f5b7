//! Regenerate: a character die with it that is knocked out is rolled instead of staying
//! in the prep area: on a character face it returns to the field on that face, not
//! attacking or blocking; on any other face it stays in the prep area.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:51); the 2018 glossary has
//! no entry for it, so the 2017 text stands, and the cards' reminders ("reroll when
//! KO'd", "reroll when knocked out") stand over it where they say more. How it is read:
//! - The die *is* knocked out: the reminders say it is rolled "when KO'd", so what
//!   counts knock-outs, and its own and other dice's "when knocked out" effects, see it
//!   (their events fire as for any knock-out). Only where it goes next changes.
//! - One hook for every cause: the die is caught where a knocked-out die goes to the
//!   prep area (`remove_knocked_at`), so combat damage, effect damage, a `ko` effect, a
//!   knock-out paid as a cost, Suit Up and Deadly all regenerate it alike.
//! - The roll is what the table saw, so the log records it, the way an effect's roll is
//!   recorded: the die waits, in the prep area, for a `resolve` line with the face it
//!   rolled in a `roll` clause, `resolve TR roll TR:L2` (the die named by its card, as
//!   it shows no face in the prep area). It is not optional ("roll it"): `may no` is
//!   `invalid-choice`. The engine then puts it where the rule says.
//! - The roll comes at once, as part of the knock-out: it waits ahead of every trigger
//!   in the queue, the knock-out's own included (batch 0), active player's dice first.
//! - Back in the field it is moved there, not fielded: no "when fielded" effect (Iron
//!   Man and War Machine rulebook, ACTIVE AND FIELDED, as for every "return to the
//!   field"). It returns with no damage, not attacking or blocking, a new die there.

use crate::cards::ability::Keyword;
use crate::rules;
use crate::syntax::{Clause, Face, Zone};

use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{DieId, Pending};

impl Replayer {
    /// The dice among `dice`, about to be knocked out of the field, that regenerate:
    /// each with the index of its card's Regenerate.
    pub(in crate::engine) fn regenerating(&self, dice: &[DieId]) -> Vec<(DieId, usize)> {
        dice.iter()
            .filter_map(|&d| {
                super::of(&self.cards, &self.state, self.state.die(d).card)
                    .find(|(_, k)| **k == Keyword::Regenerate)
                    .map(|(i, _)| (d, i))
            })
            .collect()
    }

    /// Knocked-out dice with Regenerate (`regenerating`), now in the prep area, wait for
    /// their roll ahead of everything else in the queue.
    pub(in crate::engine) fn regenerate_queue(&mut self, dice: &[(DieId, usize)]) {
        let line = self.line;
        let new: Vec<Pending> = dice
            .iter()
            .filter(|(d, _)| self.state.die(*d).zone == Zone::Prep)
            .map(|&(d, i)| {
                let die = self.state.die(d);
                Pending::of_die(die.card, i, d, die.owner, 0, line)
            })
            .collect();
        if let Some(t) = self.state.turn.as_mut() {
            t.pending.extend(new);
        }
    }

    /// Whether a regenerating die still waits for its roll: it is still in the prep
    /// area (an effect may have moved it since).
    pub(in crate::engine) fn regenerate_waits(&self, die: DieId) -> bool {
        self.state.die(die).zone == Zone::Prep
    }

    /// Regenerate's `resolve` line: the die and the face it rolled, in one `roll`
    /// clause. A character face returns it to the field on that face; any other face
    /// leaves it in the prep area.
    pub(in crate::engine) fn resolve_regenerate(
        &mut self,
        p: &Pending,
        clauses: &[Clause],
    ) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        if clauses.is_empty() || !self.regenerate_waits(die) {
            // Resolved by itself: the die has left the prep area since.
            return Ok(());
        }
        let name = self.cards.get(p.card).name.clone();
        let example = format!(
            "write the face it rolled in one `roll` clause: `resolve {} roll {}`",
            self.cards.get(p.card).alias,
            self.rolled_example(die, p.controller)
        );
        let rolls: Vec<&crate::syntax::DieItem> = clauses
            .iter()
            .filter_map(|c| match c {
                Clause::Roll { dice, .. } => Some(dice.iter()),
                _ => None,
            })
            .flatten()
            .collect();
        let others = clauses.iter().any(|c| !matches!(c, Clause::Roll { .. }));
        let item = match rolls[..] {
            [one] if !others && one.count.is_none() => one,
            _ => {
                self.violate(
                    rules::invalid_choice::new(
                        self.line,
                        format!(
                            "{name}'s Regenerate takes one choice: the face the knocked-out die rolled"
                        ),
                        example.clone(),
                    )
                    .with_context(p.line, "the die was knocked out here"),
                )?;
                match rolls.first() {
                    Some(one) => *one,
                    None => {
                        return Err(self.unreplayable(self.line, "the face rolled is not recorded"));
                    }
                }
            }
        };
        let card = self.state.die(die).card;
        let owner = self.owner_of(&item.die, p.controller)?;
        let named = self.card(&item.die.alias, owner)?;
        if named != card || owner != self.state.die(die).owner {
            self.violate(
                rules::invalid_choice::new(
                    item.die.span,
                    format!("`{}` is not the die that regenerates", item.die),
                    example.clone(),
                )
                .with_context(p.line, "the die was knocked out here"),
            )?;
        }
        let Some(face) = item.die.face.clone() else {
            self.violate(rules::invalid_choice::new(
                item.die.span,
                "the rolled die's face is missing".to_string(),
                example,
            ))?;
            return Err(self.unreplayable(item.die.span, "the face rolled is not recorded"));
        };
        self.check_rolled(card, &face, item.die.span)?;
        if matches!(face.node, Face::Level { .. }) {
            let line = self.line;
            self.state.move_die(die, Zone::Field, line);
            self.state.die_mut(die).face = Some(face.node);
        }
        self.text_rolled(&[die])
    }
}
