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

use crate::cards::ability::{FaceKind, Selector};
use crate::syntax::{Face, Zone};

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

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
            d.face = Some(to_face.clone());
            d.spent = false;
        }
        Ok(Vec::new())
    }
}
