//! The draw effect: "draw a die", from the bag as in the clear and draw step (an empty
//! bag is refilled from the used pile; a die that cannot be drawn costs a life and
//! gives a generic energy). "Draw and roll" is its own effect (`draw_roll`).

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
        if self.refill_bag(who, &[]) {
            return true;
        }
        self.change_life(who, -1, "for a short draw");
        self.state.players[who].virtual_energy += 1;
        self.check_life();
        false
    }

    /// Whether `who`'s bag holds a die beside `taken` (dice drawn already and not yet put
    /// anywhere), once an empty one is refilled from the used pile (not from out of play),
    /// as in the clear and draw step.
    fn refill_bag(&mut self, who: usize, taken: &[DieId]) -> bool {
        if self.state.zone(who, Zone::Bag).any(|d| !taken.contains(&d)) {
            return true;
        }
        let line = self.line;
        let used: Vec<DieId> = self.state.zone(who, Zone::Used).collect();
        for id in &used {
            self.state.move_die(*id, Zone::Bag, line);
        }
        !used.is_empty()
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
                ctx.chosen.push(id);
            }
        }
        Ok(Vec::new())
    }

    /// One die drawn by an effect into `zone` of its controller: the line names it
    /// (`draw SK to prep`). A die that cannot be drawn at all costs a life and gives a
    /// generic energy (Avengers Infinity rulebook, PLAY AREAS, The Bag; 1. CLEAR AND DRAW
    /// STEP).
    pub(super) fn draw_one(&mut self, ctx: &mut Run, zone: Zone) -> Result<Option<DieId>, Stop> {
        let who = ctx.src.controller;
        let line = self.line;
        if !self.bag_ready(who) {
            return Ok(None);
        }
        let Some((id, to, item)) = self.bag_die(ctx, who, &[], zone)? else {
            return Ok(None);
        };
        let mut zone = zone;
        if let Some(to) = to
            && to != zone
        {
            let name = self.cards.get(ctx.src.card).name.clone();
            self.violate(rules::invalid_choice::new(
                item,
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
        self.state.move_die(id, zone, line);
        Ok(Some(id))
    }

    /// The next die an effect draws from `who`'s bag, as the line's next `draw` item
    /// names it, with the zone its `to` sends it to and its span; `taken` are dice drawn
    /// already and not yet put anywhere, `hint` the zone a missing clause's help names. An empty bag is refilled from the used pile
    /// first (not from out of play), as in the clear and draw step. `None` when nothing
    /// is drawn: the bag and the used pile are both empty (a short draw, the caller's to
    /// settle), or the line names no die or one the bag lacks (a violation, waived).
    pub(super) fn bag_die(
        &mut self,
        ctx: &mut Run,
        who: usize,
        taken: &[DieId],
        hint: Zone,
    ) -> Result<Option<(DieId, Option<Zone>, crate::syntax::Span)>, Stop> {
        if !self.refill_bag(who, taken) {
            return Ok(None);
        }
        let Some((item, to)) = ctx.choices.draws.get(ctx.draw).copied() else {
            let name = self.cards.get(ctx.src.card).name.clone();
            // A die the bag holds, as the line would name it.
            let help = match self.state.zone(who, Zone::Bag).find(|d| !taken.contains(d)) {
                Some(d) => format!(
                    "write the die drawn in a `draw` clause, such as `draw {} to {hint}`",
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
        let Some(id) = self.find(&item.die, who, Zone::Bag, taken, |_, _| true)? else {
            self.not_in_zone(&item.die, who, Zone::Bag, "drawn", false)?;
            return Ok(None);
        };
        ctx.drew[who] = true;
        let card = self.state.die(id).card;
        self.text_matters(card, Moment::Drawn)?;
        Ok(Some((id, to, item.die.span)))
    }
}
