//! Fielding as an effect: a die put into the field at no cost from another zone (the
//! used pile, the bag …), and a rolled character die fielded instead of going to the
//! reserve pool (`roll` with `field: true`). A die an effect fields is fielded: its
//! "when fielded" effects trigger (Avengers Infinity rulebook; the 2014 books read
//! "when fielded" as paying the fielding cost).

use crate::cards::ability::{Count, Selector};
use crate::rules;
use crate::syntax::{Face, Zone};

use super::Run;
use crate::cards::ability::Event;
use crate::engine::coverage::Moment;
use crate::engine::edition::book;
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::state::{About, DieId, Op};

impl Replayer {
    /// "Field a die from a zone, at no cost": the dice the line names, or, when the line
    /// names none and every die the card may take is alike (dice of one card in a zone
    /// that shows no face, such as the used pile's sidekicks), as many of them as it takes.
    pub(super) fn field_effect(&mut self, what: &Selector, ctx: &mut Run) -> Result<Vec<Op>, Stop> {
        let named = ctx.choices.targets.get(ctx.target).is_some();
        // "Up to N": the line names the ones chosen, none when it names none.
        let dice = if named || matches!(what.count, Count::Each | Count::UpTo(_)) {
            self.reach_dice(what, ctx)?
        } else {
            let mut all = self.candidates(what, &ctx.src);
            if what.not_payment {
                all.retain(|d| !ctx.payers.contains(d));
            }
            if all.is_empty() && matches!(ctx.choices.may, Some((true, _))) {
                let name = self.cards.get(ctx.src.card).name.clone();
                let paid = !self.candidates(what, &ctx.src).is_empty();
                // Waived, nothing is fielded: there is nothing to field.
                self.violate(rules::invalid_target::new(
                    ctx.choices.span,
                    format!("{name} has no die it may field"),
                    if paid {
                        "the only such dice paid for the move that triggered it, and the card rules them out: `may no`".to_string()
                    } else {
                        format!("it fields {}: with none there, `may no`", crate::cards::text::sel(what))
                    },
                ))?;
            }
            let card = all.first().map(|d| self.state.die(*d).card);
            let alike = all.iter().all(|d| {
                Some(self.state.die(*d).card) == card
                    && !matches!(self.state.die(*d).zone, Zone::Field | Zone::Reserve)
            });
            if !alike {
                // Not alike: the line must say which (`target …`).
                self.reach_dice(what, ctx)?
            } else {
                let want = match what.count {
                    Count::Two => 2,
                    Count::Three => 3,
                    _ => 1,
                };
                all.into_iter().take(want).collect()
            }
        };
        let mut fielded = Vec::new();
        for die in dice {
            let card = self.state.die(die).card;
            let face = match self.state.die(die).face.clone() {
                Some(f @ Face::Level { .. }) => Some(f),
                // From a zone with no face: a die with one character face shows it; another
                // shows level 1 where the edition says so, and no guess is made elsewhere.
                _ if self.cards.get(card).levels.len() == 1
                    || book(self.state.edition).unrolled_in_field_on_level_1 =>
                {
                    self.cards.get(card).level_face(1)
                }
                _ => None,
            };
            let Some(face) = face else {
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "fields a die whose character face the text does not give",
                )?;
                continue;
            };
            self.place(die, face, Zone::Field);
            fielded.push(die);
        }
        self.fielded_by_effect(&fielded)?;
        Ok(Vec::new())
    }

    /// Dice an effect put in the field: their text may act there, and "when fielded"
    /// triggers fire where the edition says an effect fields.
    pub(super) fn fielded_by_effect(&mut self, dice: &[DieId]) -> Flow {
        for &id in dice {
            let card = self.state.die(id).card;
            self.text_matters(card, Moment::Fielded)?;
        }
        if book(self.state.edition).effect_fielding_triggers && !dice.is_empty() {
            // Fielded this turn, for Strike, where an effect fields (`keywords::strike`).
            if let Some(t) = self.state.turn.as_mut() {
                t.record_fielded(dice);
            }
            for &id in dice {
                if crate::engine::keywords::strike::unknown(&self.cards, &self.state, [id]) {
                    let card = self.state.die(id).card;
                    self.undecided(self.line, card, crate::engine::keywords::strike::UNKNOWN)?;
                }
            }
            let events: Vec<_> = dice
                .iter()
                .map(|id| (Event::Fielded, About::Die(*id)))
                .collect();
            self.fire(&events, &[]);
        }
        Ok(())
    }
}
