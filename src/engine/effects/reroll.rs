//! The reroll effect: dice in play rerolled, each staying where it is unless its new
//! face cannot be there.

use crate::cards::ability::{Placement, Selector};
use crate::rules;
use crate::syntax::{Face, Zone};

use super::Run;
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// "Reroll" each die reached.
    pub(super) fn reroll_effect(
        &mut self,
        to: &Selector,
        else_to: Option<Placement>,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let first = ctx.target;
        let dice = self.reach_dice(to, ctx)?;
        // A die partly spent (spun down from a double face to what was left) can no
        // longer be rerolled; the label is on the line's choice of it where it names one.
        for (k, &id) in dice.iter().enumerate() {
            if !self.state.die(id).spent {
                continue;
            }
            let span = (first + k < ctx.target)
                .then(|| ctx.choices.targets.get(first + k).map(|r| r.span))
                .flatten()
                .unwrap_or(ctx.choices.span);
            let text = self.state.die_text_plain(&self.cards, id);
            self.violate(rules::partly_spent_reroll::new(
                span,
                format!(
                    "{} has already paid part of its energy and cannot be rerolled",
                    self.named_die(id, &text)
                ),
                "reroll a die none of whose energy has been spent",
            ))?;
        }
        self.reroll_dice(ctx, &dice, else_to)?;
        Ok(Vec::new())
    }

    /// Rerolled dice: the line gives each result (`roll Bob.AM:L2`).
    pub(super) fn reroll_dice(
        &mut self,
        ctx: &mut Run,
        dice: &[DieId],
        else_to: Option<crate::cards::ability::Placement>,
    ) -> Flow {
        // Each rerolled die takes the first result written for its card, whatever the
        // order the line lists them in; every result is found before any is applied, so
        // a line that misses one changes nothing.
        let mut results = Vec::new();
        for &id in dice {
            let die = self.state.die(id);
            let found = (0..ctx.choices.rolls.len()).find(|&k| {
                let i = ctx.choices.rolls[k];
                !ctx.rolled.contains(&k)
                    && self.cards.by_alias(&i.die.alias.node, die.owner) == Some(die.card)
            });
            let Some(k) = found else {
                let text = self.state.die_text_plain(&self.cards, id);
                self.violate(rules::invalid_choice::new(
                    ctx.choices.span,
                    format!("the reroll of `{text}` is not recorded"),
                    format!(
                        "write each rerolled die with its new face in a `roll` clause, such as `roll {}`",
                        self.rolled_example(id, ctx.src.controller)
                    ),
                ))?;
                continue;
            };
            ctx.rolled.push(k);
            results.push((id, ctx.choices.rolls[k]));
        }
        let mut rolled = Vec::new();
        let mut left = Vec::new();
        for (id, item) in results {
            let die = self.state.die(id).clone();
            let Some(face) = item.die.face.clone() else {
                return self.violate(rules::invalid_choice::new(
                    item.die.span,
                    "the rerolled die's face is missing".to_string(),
                    "write the face it rolled",
                ));
            };
            self.check_rolled(die.card, &face, item.die.span)?;
            rolled.push((id, face.node.clone()));
            let character = matches!(face.node, Face::Level { .. });
            // A Continuous action die stays in the field on an action face; on an energy
            // face it goes to the reserve pool like any die (000:1303-1305).
            let stays = character
                || (matches!(face.node, Face::Action { .. })
                    && crate::engine::keywords::has(
                        &self.cards,
                        &self.state,
                        die.card,
                        &crate::cards::ability::Keyword::Continuous,
                    ));
            if stays || die.zone != Zone::Field {
                // A new face is whole (only a waived reroll of a partly spent die gets here
                // with one).
                let d = self.state.die_mut(id);
                d.face = Some(face.node);
                d.spent = false;
            } else {
                let zone = match else_to {
                    Some(p) => self.placement(p, id, &ctx.src)?,
                    None => Zone::Reserve,
                };
                self.place(id, face.node, zone);
                left.push(id);
            }
        }
        // Rerolled out of the field: Aftershock's event (`leaving`).
        self.fire_leaving(&left);
        self.after_roll(&rolled, ctx.src.controller)
    }
}
