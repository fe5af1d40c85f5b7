//! The spin-to effect: each die it reaches turned to a face of a kind ("spin any number
//! of your sidekick dice to their [Bolt] side", Iceman: Too Cool for Words). A die in
//! the field turned to an energy face is no character any more and goes to the reserve
//! pool (the card's own words; a character die rerolled to energy leaves the field the
//! same way, Avengers Infinity rulebook, 000:1305-1307), losing what was applied to it.
//!
//! The face is the one face of that kind the die has: a sidekick's bolt side. A die
//! with several such faces (a character die's levels, two bolt faces), or whose faces
//! the card data does not record, leaves the choice open: undecided, not guessed. A
//! partly spent die is undecided too (is it still the die that showed the face?).
//!
//! "To an energy face" (`face: any-energy`, Iceman: Icy Interference; Magneto: Master of
//! Magnetism and Mystique: She Walks Among Us, "of your opponent's choice") names no
//! face: the line records the one chosen, `choose 2bolt`, one word for each die in the
//! order the dice are named. It must be an energy face of that die's (any plausible one,
//! warned as unverified, when the card data does not record them: `has_face`).

use crate::cards::ability::{FaceKind, Selector};
use crate::rules;
use crate::syntax::{Face, Spanned, Zone};

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// Each die reached turned to the face `face` names.
    pub(super) fn spin_to_effect(
        &mut self,
        to: &Selector,
        face: FaceKind,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let line = self.line;
        for die in self.reach_dice(to, ctx)? {
            let card = self.state.die(die).card;
            if face == FaceKind::AnyEnergy {
                let to_face = self.chosen_energy_face(die, ctx)?;
                self.turn_to(die, to_face, ctx)?;
                continue;
            }
            let faces: Vec<Face> = match face {
                FaceKind::Character => {
                    let c = self.cards.get(card);
                    (1..=c.levels.len() as u8)
                        .filter_map(|l| c.level_face(l))
                        .collect()
                }
                FaceKind::Energy(symbol) => match &self.cards.get(card).energy_faces {
                    Some(known) => known
                        .iter()
                        .filter(|f| super::draw_roll::shows_energy(f, symbol))
                        .cloned()
                        .collect(),
                    None => Vec::new(),
                },
                // Read from the line above; never reached.
                FaceKind::AnyEnergy => Vec::new(),
            };
            let [to_face] = &faces[..] else {
                // Waived, the die stays as it is.
                self.undecided(
                    line,
                    ctx.src.card,
                    "spins a die to a side it has none or several of (or whose faces the card data does not record): which face is not said",
                )?;
                continue;
            };
            self.turn_to(die, to_face.clone(), ctx)?;
        }
        Ok(Vec::new())
    }

    /// Die `die` turned to `to_face`: out of the field into the reserve pool when it is
    /// an energy face.
    fn turn_to(&mut self, die: DieId, to_face: Face, ctx: &Run) -> Result<(), Stop> {
        let line = self.line;
        if self.state.die(die).spent {
            // Waived, the die is turned all the same.
            self.undecided(
                line,
                ctx.src.card,
                "spins a partly spent die to another side, which the rules do not settle",
            )?;
        }
        let energy = matches!(to_face, Face::Energy { .. });
        if energy && self.state.die(die).zone == Zone::Field {
            self.state.move_die(die, Zone::Reserve, line);
        }
        let d = self.state.die_mut(die);
        d.face = Some(to_face);
        d.spent = false;
        Ok(())
    }

    /// The energy face the line's next `choose` word names for die `die`: one of its
    /// own (`invalid-choice` otherwise, or when the line names none).
    fn chosen_energy_face(&mut self, die: DieId, ctx: &mut Run) -> Result<Face, Stop> {
        let card = self.state.die(die).card;
        let name = self.cards.get(ctx.src.card).name.clone();
        let Some((w, at)) = ctx.choices.words.get(ctx.word).cloned() else {
            self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} spins a die to an energy face the line does not name"),
                "name the face chosen: `choose bolt`, `choose 2bolt`".to_string(),
            ))?;
            // Waived, the face is still unknown: dmlint does not guess it.
            return Err(self.unreplayable(ctx.choices.span, "the face chosen is not recorded"));
        };
        ctx.word += 1;
        match crate::syntax::parse_face(&w) {
            Some(f @ Face::Energy { .. }) if self.cards.has_face(card, &f) => {
                self.relied_on(card, &Spanned::new(f.clone(), at));
                Ok(f)
            }
            _ => {
                let faces = crate::engine::replay::describe_faces(self.cards.get(card));
                self.violate(rules::invalid_choice::new(
                    at,
                    format!("`{w}` is no energy face of this die"),
                    format!("name an energy face the die has (its faces: {faces})"),
                ))?;
                // Waived, the face is not one the die has: dmlint does not guess another.
                Err(self.unreplayable(at, "the face chosen is not one the die has"))
            }
        }
    }
}
