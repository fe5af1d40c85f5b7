//! The roll and reroll step: every die of the prep area rolled once, and the one reroll.

use crate::rules;
use crate::syntax::{DieItem, Face, Span, Spanned, Step, Zone};

use crate::cards::ability::Event;
use crate::engine::coverage::Moment;
use crate::engine::replay::{Flow, Replayer, describe_faces};
use crate::engine::state::{About, DieId};

/// Why a card with Back for More is undecided as its die is rolled.
const PREPPED_UNKNOWN: &str = "has Back for More, and the position the turn began from was \
set after dice were drawn: which dice began the turn in the prep area is not said";

impl Replayer {
    pub(in crate::engine) fn roll(&mut self, who: usize, dice: &[DieItem]) -> Flow {
        self.active_only(who, "rolls")?;
        if let Some(first) = self.turn_ref().expect("turn").roll {
            return self.stuck(
                rules::out_of_step::new(
                    self.line,
                    "a second roll this turn".to_string(),
                    "dice are rolled once per turn; `reroll` rerolls some of them, once",
                )
                .with_context(first, "the dice were rolled here"),
            );
        }
        self.in_step(&[Step::Draw], "a roll", "the roll follows the draw")?;
        self.end_draw(who)?;
        if self.state.outcome.is_some() {
            return Ok(());
        }
        let mut taken: Vec<DieId> = Vec::new();
        let mut faces = Vec::new();
        for item in dice {
            let Some(face) = &item.die.face else {
                // The die with a face its card's dice have, as an example.
                let mut example = item.die.clone();
                example.face = self
                    .cards
                    .by_alias(&item.die.alias.node, who)
                    .and_then(|card| {
                        crate::engine::play::die_faces(&self.cards, card)
                            .into_iter()
                            .next()
                    })
                    .map(|f| Spanned::new(f, Span::default()));
                let help = match example.face {
                    Some(_) => format!(
                        "write the face each die came up with after a `:`, such as `{example}`"
                    ),
                    None => "write the face each die came up with after a `:`".to_string(),
                };
                return self.stuck(rules::roll_mismatch::new(
                    item.die.span,
                    format!("`{}` is rolled without its face", item.die),
                    help,
                ));
            };
            if self.owner_of(&item.die, who)? != who {
                return self.not_in_zone(&item.die, who, Zone::Prep, "rolled", false);
            }
            for _ in 0..item.times() {
                // Not `take`: a roll names the face a die *came up with*, which the die in
                // the prep area does not show yet, so only the card is matched.
                let card = self.card(&item.die.alias, who)?;
                let found = self
                    .state
                    .zone(who, Zone::Prep)
                    .find(|id| self.state.die(*id).card == card && !taken.contains(id));
                let Some(id) = found else {
                    let help = format!("the prep area holds {}", self.contents(who, Zone::Prep));
                    return self.stuck(rules::roll_mismatch::new(
                        item.die.span,
                        format!(
                            "no{} {} die in the prep area to roll",
                            if taken.iter().any(|t| self.state.die(*t).card == card) {
                                " other"
                            } else {
                                ""
                            },
                            self.cards.get(card).alias
                        ),
                        help,
                    ));
                };
                self.check_rolled(card, face, item.die.span)?;
                taken.push(id);
                faces.push(face.node.clone());
            }
        }
        let left: Vec<DieId> = self
            .state
            .zone(who, Zone::Prep)
            .filter(|id| !taken.contains(id))
            .collect();
        if !left.is_empty() {
            let names: Vec<String> = left
                .iter()
                .map(|id| self.state.die_text(&self.cards, *id))
                .collect();
            self.violate(rules::roll_mismatch::new(
                self.line,
                format!("{} in the prep area not rolled", names.join(" ")),
                "every die in the prep area is rolled: the ones drawn and the ones already there (KO'd, prepped)",
            ))?;
        }
        let line = self.line;
        let rolled: Vec<_> = taken.iter().copied().zip(faces).collect();
        for (id, face) in &rolled {
            self.state.move_die(*id, Zone::Reserve, line);
            self.state.die_mut(*id).face = Some(face.clone());
        }
        let t = self.turn_mut();
        t.step = Step::Roll;
        t.step_line = line;
        t.roll = Some(line);
        t.rolled = taken.clone();
        self.after_roll(&rolled, who)?;
        self.rolled_from_prep(&taken);
        Ok(())
    }

    /// Back for More's event (keywords-2017-11-09.txt:16): each die rolled that began the
    /// turn in the prep area. Where a position does not say which dice were there before
    /// the draw, a die rolled of a card waiting for the event is undecided.
    fn rolled_from_prep(&mut self, rolled: &[DieId]) {
        let prepped = self.turn_ref().and_then(|t| t.prepped.clone());
        let Some(prepped) = prepped else {
            let waiting = rolled
                .iter()
                .map(|d| self.state.die(*d).card)
                .find(|&c| self.listens(c, Event::RolledFromPrep));
            if let Some(card) = waiting {
                self.undecided_later(card, PREPPED_UNKNOWN);
            }
            return;
        };
        let events: Vec<_> = rolled
            .iter()
            .filter(|d| prepped.contains(d))
            .map(|d| (Event::RolledFromPrep, About::Die(*d)))
            .collect();
        if !events.is_empty() {
            self.fire(&events, &[]);
        }
    }

    /// Dice were rolled (or rerolled) by `by`, each on the face given: text of their cards
    /// that acts then, and is not applied, leaves the game undecided; a die its owner
    /// rolled on a face of two energy symbols sets off its "rolls-double-energy"
    /// triggers (Energize: "whenever you roll this die on its double energy face"),
    /// whatever zone the face sent it to. A die another player rolls is not one "you
    /// roll".
    pub(in crate::engine) fn after_roll(
        &mut self,
        rolled: &[(crate::engine::DieId, Face)],
        by: usize,
    ) -> Flow {
        for (id, _) in rolled {
            let card = self.state.die(*id).card;
            self.text_matters(card, Moment::Rolled)?;
        }
        let events: Vec<(Event, About)> = rolled
            .iter()
            .filter(|(id, face)| self.state.die(*id).owner == by && double_energy(face))
            .map(|(id, _)| (Event::RollsDoubleEnergy, About::Die(*id)))
            .collect();
        self.fire(&events, &[]);
        Ok(())
    }

    /// A face a line says a die rolled: undecided when the card data lacks the die's
    /// faces, a violation when the die has no such face, a face taken as written (and
    /// counted) when the data cannot confirm it.
    pub(in crate::engine) fn check_rolled(
        &mut self,
        card: crate::engine::CardId,
        face: &Spanned<Face>,
        die: Span,
    ) -> Flow {
        if !self.cards.get(card).die_known() {
            // Waived, the face is taken as written.
            return self.undecided(
                die,
                card,
                "is rolled: its die's faces are not in the card data",
            );
        }
        if self.cards.has_face(card, &face.node) {
            self.relied_on(card, face);
        } else {
            // Waived, the face stands as a ruling, not as a face taken from the data.
            self.face_missing(card, face)?;
        }
        Ok(())
    }

    pub(in crate::engine) fn face_missing(
        &mut self,
        card: crate::engine::CardId,
        face: &Spanned<Face>,
    ) -> Flow {
        let c = self.cards.get(card);
        let faces = describe_faces(c);
        self.violate(rules::face_not_on_die::new(
            face.span,
            format!("{}'s die has no {} face", c.name, face.node),
            format!("its faces: {faces}"),
        ))
    }

    pub(in crate::engine) fn reroll(
        &mut self,
        who: usize,
        dice: &[crate::syntax::RerollItem],
    ) -> Flow {
        self.active_only(who, "rerolls")?;
        let t = self.turn_ref().expect("turn");
        if let Some(first) = t.reroll {
            self.violate(
                rules::second_reroll::new(
                    self.line,
                    "a second reroll".to_string(),
                    "choose every die to reroll at once: the one reroll is a single group",
                )
                .with_context(first, "the reroll was here"),
            )?;
        }
        self.in_step(
            &[Step::Roll],
            "a reroll",
            "the reroll comes right after the roll, before anything is bought or fielded",
        )?;
        let rolled = self.turn_ref().expect("turn").rolled.clone();
        let mut taken = Vec::new();
        let mut results = Vec::new();
        for item in dice {
            let found = self.find(&item.die, who, Zone::Reserve, &taken, |_, id| {
                rolled.contains(&id)
            })?;
            let Some(id) = found else {
                return self.not_in_zone(&item.die, who, Zone::Reserve, "rerolled", false);
            };
            let card = self.state.die(id).card;
            if self.cards.has_face(card, &item.result.node) {
                self.relied_on(card, &item.result);
            } else {
                self.face_missing(card, &item.result)?;
            }
            taken.push(id);
            results.push(item.result.node.clone());
        }
        let rolled: Vec<_> = taken.iter().copied().zip(results).collect();
        for (id, face) in &rolled {
            self.state.die_mut(*id).face = Some(face.clone());
        }
        self.turn_mut().reroll = Some(self.line);
        self.after_roll(&rolled, who)
    }
}

/// Whether a face shows two energy symbols (`2fist`, `fist+bolt`): a die's "double energy
/// face".
fn double_energy(face: &Face) -> bool {
    match face {
        Face::Energy { parts, .. } => parts.as_slice().iter().map(|p| p.count).sum::<u8>() == 2,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::double_energy;
    use crate::syntax::parse_face;

    #[test]
    fn a_double_energy_face_shows_two_energy_symbols() {
        for (face, double) in [
            ("2fist", true),
            ("fist+bolt", true),
            ("2mask*", true),
            ("fist", false),
            ("L2", false),
            ("act", false),
        ] {
            let f = parse_face(face).unwrap();
            assert_eq!(double_energy(&f), double, "{face}");
        }
    }
}
