//! The swap effect (Mutation): a die in the field and a die of the same player's in
//! another zone change places. The rulebook (CAPTURING, CONTROLLING, COPYING, AND
//! SWAPPING, 000:1344-1357): the die swapped out goes exactly where the other was (the
//! used pile, not out of play), the die swapped in from an unrolled zone comes in on its
//! level 1 side unless the text says otherwise, and it is not fielded (no "when fielded"
//! effect, 000:1175-1178). A die swapped out while attacking or blocking hands that
//! place to the die coming in; dmlint does not move a die into combat yet: undecided.

use crate::cards::ability::Selector;
use crate::rules;
use crate::syntax::Zone;

use super::Run;
use crate::engine::coverage::Moment;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// The die `to` names and the die `with` names change places.
    pub(super) fn swap_effect(
        &mut self,
        to: &Selector,
        with: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let out = self.reach_dice(to, ctx)?;
        // A swap with no die to swap out does nothing: the line's targets are then none
        // of its second half's, and a target written is judged against the first.
        if out.is_empty() {
            return Ok(Vec::new());
        }
        let second = ctx.target;
        let inn = self.reach_dice(with, ctx)?;
        let (Some(&out), Some(&inn)) = (out.first(), inn.first()) else {
            return Ok(Vec::new());
        };
        let line = self.line;
        if self.state.die(out).owner != self.state.die(inn).owner {
            let span = ctx
                .choices
                .targets
                .get(second)
                .map_or(ctx.choices.span, |t| t.span);
            let name = self.cards.get(ctx.src.card).name.clone();
            // Waived, the dice change places as written.
            let player = self.name(self.state.die(inn).owner).to_string();
            self.violate(rules::invalid_target::new(
                span,
                format!(
                    "this die is {player}'s: {name} swaps a die only with one of the same player's"
                ),
                "name a die of the player whose die in the field it swaps",
            ))?;
        }
        let d = self.state.die(out);
        if d.attacking || d.blocking.is_some() || self.state.is_blocked(out) {
            self.undecided(
                line,
                ctx.src.card,
                "swaps a die that is attacking or blocking, whose place in combat the other would take: dmlint does not move a die into combat",
            )?;
            return Ok(Vec::new());
        }
        let from = self.state.die(inn).zone;
        let card = self.state.die(inn).card;
        let Some(face) = self.cards.get(card).level_face(1) else {
            self.undecided(line, ctx.src.card, "swaps in a die with no character face")?;
            return Ok(Vec::new());
        };
        self.state.move_die(out, from, line);
        self.place(inn, face, Zone::Field);
        self.text_matters(card, Moment::Fielded)?;
        Ok(Vec::new())
    }
}
