//! The move effect: dice taken from one zone and put in another (to the prep area, the
//! used pile, the bag …), each in its owner's zone; a die an effect sends from the field
//! or the reserve pool to the used pile on its owner's turn goes out of play (Avengers
//! Infinity rulebook, PLAY AREAS, Out of Play).

use crate::cards::ability::{Placement, Selector};
use crate::rules;
use crate::syntax::Zone;

use super::Run;
use crate::engine::coverage::Moment;
use crate::engine::edition::book;
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
            // A die with one character face (a sidekick) moved into the field shows it.
            let card = self.cards.get(self.state.die(die).card);
            if dest == Zone::Field
                && !matches!(from, Zone::Field | Zone::Reserve)
                && card.levels.len() == 1
                && let Some(face) = card.level_face(1)
            {
                self.place(die, face, dest);
                continue;
            }
            if matches!(dest, Zone::Field | Zone::Reserve)
                && !matches!(from, Zone::Field | Zone::Reserve)
            {
                // A character die moved into the field from a zone without faces shows
                // its level 1 face where the edition says so (moved, not fielded); any
                // other arrival shows a face the card does not give, and no guess is made.
                let card = self.cards.get(self.state.die(die).card);
                let level_1 = (dest == Zone::Field
                    && (card.levels.len() == 1
                        || book(self.state.edition).unrolled_in_field_on_level_1))
                    .then(|| card.level_face(1))
                    .flatten();
                match level_1 {
                    Some(face) => {
                        self.place(die, face, Zone::Field);
                        let card = self.state.die(die).card;
                        self.text_matters(card, Moment::Fielded)?;
                    }
                    None => self.undecided(
                        line,
                        ctx.src.card,
                        "moves a die into a zone where it shows a face the text does not give",
                    )?,
                }
                continue;
            }
            let dest = self.state.sent_to(die, dest);
            self.state.move_die(die, dest, line);
        }
        Ok(Vec::new())
    }
}
