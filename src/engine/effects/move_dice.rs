//! The move effect: dice taken from one zone and put in another (to the prep area, the
//! used pile, the bag …), each in its owner's zone; a die an effect sends from the field
//! or the reserve pool to the used pile on its owner's turn goes out of play (Avengers
//! Infinity rulebook, PLAY AREAS, Out of Play).

use crate::cards::ability::{Placement, Selector};
use crate::rules;
use crate::syntax::Zone;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::resolve::zone_phrase;
use crate::engine::state::Op;

impl Replayer {
    /// Each die reached moved to the placement's zone. The line may say where each chosen
    /// die goes (`target AM to prep`); it must be where the card sends it.
    pub(super) fn move_effect(
        &mut self,
        to: &Selector,
        zone: Placement,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let first = ctx.target;
        let dice = self.reach_dice(to, ctx)?;
        let line = self.line;
        let written: Vec<_> = (first..ctx.target)
            .filter_map(|k| ctx.choices.target_to.get(k).cloned().flatten())
            .collect();
        let mut left = Vec::new();
        for die in dice {
            let mut dest = self.placement(zone, die, &ctx.src)?;
            if let Some(w) = written.iter().find(|w| w.node != dest) {
                let name = self.cards.get(ctx.src.card).name.clone();
                self.violate(rules::invalid_choice::new(
                    w.span,
                    format!(
                        "{name} puts the die in the {}, not the {}",
                        zone_phrase(dest),
                        zone_phrase(w.node)
                    ),
                    "the card says where the die goes: write that zone after `to`, or no `to`",
                ))?;
                // Waived, the die goes where the line says.
                dest = w.node;
            }
            let from = self.state.die(die).zone;
            if matches!(dest, Zone::Field | Zone::Reserve)
                && !matches!(from, Zone::Field | Zone::Reserve)
            {
                // A die arriving in the field or the reserve pool shows a face the card
                // does not give: dmlint does not guess it.
                self.undecided(
                    line,
                    ctx.src.card,
                    "moves a die into a zone where it shows a face the text does not give",
                )?;
                continue;
            }
            let dest = self.state.sent_to(die, dest);
            if from == Zone::Field && dest != Zone::Field {
                left.push(die);
            }
            self.state.move_die(die, dest, line);
        }
        // Sent from the field by the effect: Aftershock's event (`leaving`).
        self.fire_leaving(&left);
        Ok(Vec::new())
    }
}
