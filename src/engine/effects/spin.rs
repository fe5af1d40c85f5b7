//! The spin effect: each die it reaches spun up or down by N levels, within its levels
//! (Avengers Infinity rulebook, SPINNING).

use crate::cards::ability::{Selector, Way};
use crate::rules;
use crate::syntax::Face;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

impl Replayer {
    /// Each die reached spun `levels` levels `way`.
    pub(super) fn spin_effect(
        &mut self,
        to: &Selector,
        levels: u8,
        way: Way,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let mut ops = Vec::new();
        for die in self.reach_dice(to, ctx)? {
            let up = match way {
                Way::Up => true,
                Way::Down => false,
                Way::Either => self.word(ctx, &["up", "down"])? == "up",
            };
            // A chosen direction the die cannot go is no choice at all: a die
            // stays within its levels (Avengers Infinity rulebook, SPINNING). A die
            // that can go neither way (a sidekick's one level, 000:1273-1274) is still
            // a valid target (000:995-996): the effect does as much as it can, nothing
            // (000:966-969), whichever way is written.
            let Some(Face::Level { level, .. }) = self.state.die(die).face else {
                continue;
            };
            let card = self.cards.get(self.state.die(die).card);
            let top = card.levels.len() as u8;
            let to = if up {
                level.saturating_add(levels).min(top)
            } else {
                level.saturating_sub(levels).max(1)
            };
            if way == Way::Either && to == level && top > 1 {
                let text = self.state.die_text_plain(&self.cards, die);
                let (dir, help) = if up {
                    ("up", format!("it is at its highest level ({top})"))
                } else {
                    ("down", "level 1 is its lowest".to_string())
                };
                self.violate(rules::invalid_choice::new(
                    ctx.choices.span,
                    format!("{} cannot be spun {dir}", self.named_die(die, &text)),
                    help,
                ))?;
            }
            ops.push(Op::Spin { die, level: to });
        }
        Ok(ops)
    }
}
