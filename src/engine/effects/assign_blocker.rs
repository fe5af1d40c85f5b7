//! The "assign a blocker" effect: the ability's controller picks an opposing character
//! that is to block the ability's own attacking die (Deadpool: Assassin, as he attacks),
//! or any attacker when the ability has no die of its own. Unlike "must block (if able)"
//! the choice is an assignment: a character that cannot block, or cannot block that
//! attacker, may not be picked ("can't" beats "can": Avengers Infinity rulebook,
//! FUNDAMENTAL RULES), which is `cannot-block` on the line that picks it. The die picked
//! is then bound like a `must-block` effect, and its owner writes the block when blockers
//! are declared.

use crate::cards::ability::Selector;
use crate::rules;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{MustBlock, Op};

impl Replayer {
    /// Each die reached is assigned to block this die (or any attacker).
    pub(super) fn assign_blocker_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let Some(whom) = self.block_whom(ctx, "assigns a blocker to its die")? else {
            return Ok(Vec::new());
        };
        let first = ctx.target;
        let dice = self.reach_dice(to, ctx)?;
        for (k, &d) in dice.iter().enumerate() {
            // Why it may not be assigned: it cannot block at all, or not this attacker.
            let refused = match self.cant_block(d) {
                Some(why) => Some((self.why_text(why), self.why_context(d, why))),
                None => match whom {
                    MustBlock::Attacker(a) => self.block_forbidden(d, a).map(|by| {
                        let card = self.state.die(a).card;
                        let name = self.cards.get(card).name.clone();
                        (
                            format!("{name} cannot be blocked by {by}"),
                            (self.cards.get(card).line, "card defined here".to_string()),
                        )
                    }),
                    MustBlock::Any => None,
                },
            };
            let Some((reason, (at, label))) = refused else {
                continue;
            };
            let span = (first + k < ctx.target)
                .then(|| ctx.choices.targets.get(first + k).map(|r| r.span))
                .flatten()
                .unwrap_or(ctx.choices.span);
            let text = self.state.die_text_plain(&self.cards, d);
            // Waived, the die is bound as the line assigns it.
            self.violate(
                rules::cannot_block::new(
                    span,
                    format!(
                        "{} cannot be assigned to block ({reason})",
                        self.named_die(d, &text)
                    ),
                    "assign a character that can block it, or decline with `may no`",
                )
                .with_context(at, label),
            )?;
        }
        self.bind_to_block(dice, whom, ctx, "assigns a die to block an attacker")
    }
}
