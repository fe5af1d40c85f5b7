//! The draw-and-roll effect: "draw and roll 2 dice" (Gearing Up, Pyro: Pyrokinetic's
//! global, Gambit: Le Diable Blanc): dice drawn from the bag as any effect draws them,
//! then rolled, each placed by the face it rolled.
//!
//! The log names the dice by the faces they rolled, in a `roll` clause (`roll SK:bolt
//! GR:L1`): a die a `roll` clause names that the bag holds is the die drawn; a die drawn
//! and not rolled ("roll one of them and return the other") is named in a `draw` clause
//! (`draw SK`), and goes back to the bag. As the draw
//! step's, an empty bag is refilled from the used pile first, and a die that cannot be
//! drawn costs its drawer a life and gives a generic energy (Avengers Infinity rulebook,
//! PLAY AREAS, The Bag); the draw is one event, fired once the ability has resolved.

use crate::cards::ability::{EnergySymbol, Placement};
use crate::rules;
use crate::syntax::{Face, Zone};

use super::Run;
use crate::engine::coverage::Moment;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// "Draw and roll N dice": each placed by its face.
    pub(super) fn draw_roll_effect(
        &mut self,
        (count, rolled): (u8, u8),
        keep: Option<EnergySymbol>,
        field: bool,
        else_to: Option<Placement>,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        // The dice drawn and not rolled: drawn, then back in the bag (not rolled too).
        let mut returned = Vec::new();
        for _ in rolled.min(count)..count {
            let who = ctx.src.controller;
            if !self.bag_ready(who) {
                continue;
            }
            ctx.drew = true;
            let Some((item, _)) = ctx.choices.draws.get(ctx.draw).copied() else {
                let name = self.cards.get(ctx.src.card).name.clone();
                // Waived, nothing more is drawn.
                return self
                    .violate(rules::invalid_choice::new(
                        ctx.choices.span,
                        format!("{name} draws a die it does not roll, and the line does not name it"),
                        "name each die drawn and returned to the bag in a `draw` clause, such as `draw SK`",
                    ))
                    .map(|()| Vec::new());
            };
            ctx.draw += 1;
            match self.find(&item.die, who, Zone::Bag, &returned, |_, _| true)? {
                Some(id) => returned.push(id),
                None => self.not_in_zone(&item.die, who, Zone::Bag, "drawn", false)?,
            }
        }
        for _ in 0..rolled.min(count) {
            let who = ctx.src.controller;
            if !self.bag_ready(who) {
                continue;
            }
            ctx.drew = true;
            let next = (0..ctx.choices.rolls.len()).find(|k| !ctx.rolled.contains(k));
            let Some(k) = next else {
                let name = self.cards.get(ctx.src.card).name.clone();
                let example = self
                    .state
                    .zone(who, Zone::Bag)
                    .next()
                    .map(|d| self.rolled_example(d, who));
                // Waived, nothing is drawn: the line names nothing.
                return self
                    .violate(rules::invalid_choice::new(
                        ctx.choices.span,
                        format!("{name} draws and rolls a die the line does not name"),
                        match example {
                            Some(e) => format!(
                                "write each die drawn with the face it rolled in a `roll` clause, such as `roll {e}`"
                            ),
                            None => "write each die drawn with the face it rolled in a `roll` clause".to_string(),
                        },
                    ))
                    .map(|()| Vec::new());
            };
            ctx.rolled.push(k);
            let item = ctx.choices.rolls[k];
            let mut bare = item.die.clone();
            bare.face = None;
            let Some(id) = self.find(&bare, who, Zone::Bag, &returned, |_, _| true)? else {
                self.not_in_zone(&item.die, who, Zone::Bag, "drawn", false)?;
                continue;
            };
            let Some(face) = item.die.face.clone() else {
                self.violate(rules::invalid_choice::new(
                    item.die.span,
                    "the rolled die's face is missing".to_string(),
                    format!(
                        "write the face it rolled after the die, such as `roll {}`",
                        self.rolled_example(id, who)
                    ),
                ))?;
                return Err(self.unreplayable(item.die.span, "the face rolled is not recorded"));
            };
            let card = self.state.die(id).card;
            self.text_matters(card, Moment::Drawn)?;
            self.check_rolled(card, &face, item.die.span)?;
            let character = matches!(face.node, Face::Level { .. });
            // Fielded, kept, or sent where `else_to` says: with `keep`, what it names
            // stays; without it, what is not fielded goes where `else_to` says.
            let kept = match keep {
                Some(k) => shows_energy(&face.node, k),
                None => else_to.is_none(),
            };
            let zone = match else_to {
                _ if character && field => Zone::Field,
                Some(p) if !kept => self.placement(p, id, &ctx.src)?,
                _ => Zone::Reserve,
            };
            self.place(id, face.node, zone);
            self.text_rolled(&[id])?;
            if zone == Zone::Field {
                self.fielded_by_effect(&[id])?;
            }
        }
        Ok(Vec::new())
    }
}

/// Whether a face is an energy face showing the symbol (`2bolt`, `bolt*`).
pub(super) fn shows_energy(face: &Face, symbol: EnergySymbol) -> bool {
    let Some(units) = crate::engine::energy::units(face) else {
        return false;
    };
    let want = match symbol {
        EnergySymbol::Fist => crate::syntax::Energy::Fist,
        EnergySymbol::Bolt => crate::syntax::Energy::Bolt,
        EnergySymbol::Mask => crate::syntax::Energy::Mask,
        EnergySymbol::Shield => crate::syntax::Energy::Shield,
        EnergySymbol::Generic => crate::syntax::Energy::Generic,
    };
    matches!(face, Face::Energy { .. }) && units.contains(&want)
}
