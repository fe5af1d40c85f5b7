//! The draw effect: "draw a die", from the bag as in the clear and draw step (an empty
//! bag is refilled from the used pile; a die that cannot be drawn costs a life and
//! gives a generic energy). Drawn into the reserve pool, it is rolled there ("draw and
//! roll", the line writing its face).

use crate::cards::ability::ZoneName;
use crate::rules;
use crate::syntax::Zone;

use super::Run;
use crate::engine::coverage::Moment;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::select::{self};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// "Draw N dice" into a zone.
    pub(super) fn draw_effect(
        &mut self,
        count: u8,
        zone: ZoneName,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        // A draw from the bag is a draw: "when a player draws" fires once for all the
        // ability's effects draw (`run`), as for the clear and draw step's.
        for _ in 0..count {
            if self.draw_one(ctx, select::zone(zone))? {
                ctx.drew = true;
            }
        }
        Ok(Vec::new())
    }

    /// One die drawn by an effect: the line names it (`draw SK to prep`).
    /// A die an effect draws, as in the clear and draw step: an empty bag is refilled
    /// from the used pile first (not from out of play), and a die that cannot be drawn at
    /// all costs a life and gives a generic energy (Avengers Infinity rulebook, PLAY
    /// AREAS, The Bag; 1. CLEAR AND DRAW STEP).
    pub(super) fn draw_one(&mut self, ctx: &mut Run, zone: Zone) -> Result<bool, Stop> {
        let who = ctx.src.controller;
        let line = self.line;
        if self.state.count(who, Zone::Bag) == 0 {
            let used: Vec<DieId> = self.state.zone(who, Zone::Used).collect();
            for id in &used {
                self.state.move_die(*id, Zone::Bag, line);
            }
            if used.is_empty() {
                self.change_life(who, -1, "for a short draw");
                self.state.players[who].virtual_energy += 1;
                self.check_life();
                return Ok(false);
            }
        }
        let Some((item, to)) = ctx.choices.draws.get(ctx.draw).copied() else {
            let name = self.cards.get(ctx.src.card).name.clone();
            // A die the bag holds, and where the card puts it.
            let help = match self.state.zone(who, Zone::Bag).next() {
                Some(d) => format!(
                    "write the die drawn in a `draw` clause, such as `draw {} to {zone}`",
                    self.state.die_text_plain(&self.cards, d)
                ),
                None => "write the die drawn in a `draw` clause".to_string(),
            };
            // Waived, nothing is drawn: the line names nothing.
            self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} draws a die the line does not name"),
                help,
            ))?;
            return Ok(false);
        };
        ctx.draw += 1;
        let mut zone = zone;
        if let Some(to) = to
            && to != zone
        {
            let name = self.cards.get(ctx.src.card).name.clone();
            self.violate(rules::invalid_choice::new(
                item.die.span,
                format!(
                    "{name} puts this die in the {}, not the {}",
                    crate::engine::resolve::zone_phrase(zone),
                    crate::engine::resolve::zone_phrase(to)
                ),
                "the card says where each drawn die goes",
            ))?;
            // Waived, the die goes where the line says.
            zone = to;
        }
        // In the bag a die shows no face: the face written on a die drawn into the
        // reserve pool is the one it rolled there.
        let mut bare = item.die.clone();
        if zone == Zone::Reserve {
            bare.face = None;
        }
        let Some(id) = self.find(&bare, who, Zone::Bag, &[], |_, _| true)? else {
            self.not_in_zone(&item.die, who, Zone::Bag, "drawn", false)?;
            return Ok(false);
        };
        let card = self.state.die(id).card;
        if zone == Zone::Reserve {
            // "Draw and roll (place them in your reserve pool)": drawn, then rolled into
            // the reserve pool, where a die shows its face (Thing: Idol of Millions).
            self.text_matters(card, Moment::Drawn)?;
            self.roll_drawn(id, &item.die)?;
            return Ok(true);
        }
        self.state.move_die(id, zone, line);
        self.text_matters(card, Moment::Drawn)?;
        Ok(true)
    }

    /// A die drawn into the reserve pool is rolled there: the `draw` clause writes the
    /// face it rolled (`draw SK:fist to reserve`), which the die must have.
    fn roll_drawn(&mut self, id: DieId, written: &crate::syntax::DieRef) -> Result<(), Stop> {
        let Some(face) = written.face.clone() else {
            let example = self.rolled_example(id, self.state.die(id).owner);
            self.violate(rules::invalid_choice::new(
                written.span,
                "the face the drawn die rolled is missing".to_string(),
                format!(
                    "a die drawn into the reserve pool is rolled: write its face, such as \
                     `draw {example} to reserve`"
                ),
            ))?;
            return Err(self.unreplayable(written.span, "the face rolled is not recorded"));
        };
        self.check_rolled(self.state.die(id).card, &face, written.span)?;
        self.place(id, face.node, Zone::Reserve);
        self.text_rolled(&[id])
    }
}
