//! The draw effect: "draw a die", from the bag as in the clear and draw step (an empty
//! bag is refilled from the used pile; a die that cannot be drawn costs a life and
//! gives a generic energy); "draw and roll" draws into the reserve pool, the die rolled
//! there on the face the line names.

use crate::cards::ability::ZoneName;
use crate::rules;
use crate::syntax::Zone;

use super::Run;
use crate::engine::coverage::Moment;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::select::{self};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// Whether `who` can draw a die for an effect: an empty bag is refilled from the used
    /// pile first (not from out of play); with none there either, the die that cannot be
    /// drawn costs a life and gives a generic energy.
    pub(super) fn bag_ready(&mut self, who: usize) -> bool {
        if self.state.count(who, Zone::Bag) > 0 {
            return true;
        }
        let line = self.line;
        let used: Vec<DieId> = self.state.zone(who, Zone::Used).collect();
        for id in &used {
            self.state.move_die(*id, Zone::Bag, line);
        }
        if used.is_empty() {
            self.change_life(who, -1, "for a short draw");
            self.state.players[who].virtual_energy += 1;
            self.check_life();
            return false;
        }
        true
    }

    /// "Draw N dice" into a zone.
    pub(super) fn draw_effect(
        &mut self,
        count: u8,
        zone: ZoneName,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        // A draw from the bag is a draw: "when a player draws" fires once for all the
        // ability's effects draw (`run`), as for the clear and draw step's.
        // The dice drawn are "those" of the next effect ("if it is not a sidekick").
        ctx.chosen.clear();
        for _ in 0..count {
            if let Some(id) = self.draw_one(ctx, select::zone(zone))? {
                ctx.drew = true;
                ctx.chosen.push(id);
            }
        }
        Ok(Vec::new())
    }

    /// One die drawn by an effect: the line names it (`draw SK to prep`).
    /// A die an effect draws, as in the clear and draw step: an empty bag is refilled
    /// from the used pile first (not from out of play), and a die that cannot be drawn at
    /// all costs a life and gives a generic energy (Avengers Infinity rulebook, PLAY
    /// AREAS, The Bag; 1. CLEAR AND DRAW STEP).
    pub(super) fn draw_one(&mut self, ctx: &mut Run, zone: Zone) -> Result<Option<DieId>, Stop> {
        let who = ctx.src.controller;
        let line = self.line;
        if !self.bag_ready(who) {
            return Ok(None);
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
            return Ok(None);
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
        // "Draw and roll": a die drawn into the reserve pool is rolled there, and the
        // line names the face it rolled (`draw SK:fist`), checked as a roll's.
        let mut bare = item.die.clone();
        let rolled = if zone == Zone::Reserve {
            bare.face.take()
        } else {
            None
        };
        let Some(id) = self.find(&bare, who, Zone::Bag, &[], |_, _| true)? else {
            self.not_in_zone(&item.die, who, Zone::Bag, "drawn", false)?;
            return Ok(None);
        };
        let card = self.state.die(id).card;
        if zone != Zone::Reserve {
            self.state.move_die(id, zone, line);
            self.text_matters(card, Moment::Drawn)?;
            return Ok(Some(id));
        }
        let Some(face) = rolled else {
            let name = self.cards.get(ctx.src.card).name.clone();
            self.violate(rules::invalid_choice::new(
                item.die.span,
                format!("{name} rolls the die it draws, and the line does not say its face"),
                format!(
                    "write the face it rolled after the die, such as `draw {}:L1`",
                    item.die
                ),
            ))?;
            return Err(self.unreplayable(item.die.span, "the face rolled is not recorded"));
        };
        self.check_rolled(card, &face, item.die.span)?;
        self.place(id, face.node, Zone::Reserve);
        self.text_matters(card, Moment::Drawn)?;
        self.text_rolled(&[id])?;
        Ok(Some(id))
    }
}
