//! "Return to the field": a die knocked out this turn comes back to the field on the face
//! it showed ("after Apocalypse is knocked out, return him to the field"). Coming back is
//! not fielding: no "when fielded" trigger fires (Iron Man and War Machine rulebook,
//! ACTIVE AND FIELDED).
//!
//! The form that lasts the turn (Invulnerability: "your attacking characters that are
//! knocked out this turn return to the field"; its reprints word it "until the end of the
//! turn, whenever one of your attacking character dice is KO'd") acts from its use on:
//! each die its selector names as it is knocked out (read before it leaves the field),
//! knocked out as usual (its "when knocked out" effects fire), comes back on the face it
//! showed, no longer attacking. The use is remembered as a use of the ability by its
//! user for the turn (a position writes `limit Ann.IN ability 1 by Ann`). A die that
//! would also regenerate is undecided (which comes first is its owner's choice).

use crate::cards::ability::{Effect, Selector, What};
use crate::syntax::Zone;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::select::{self, Source};
use crate::engine::state::{DieId, Op, Used};

/// Whether an effect is the form of "return to the field" that lasts the turn.
fn lasting_return(e: &Effect) -> bool {
    matches!(e, Effect::ReturnToField { to } if !matches!(to.what, What::This | What::It))
}

impl Replayer {
    pub(super) fn return_to_field_effect(
        &mut self,
        to: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let die = match to.what {
            What::This => ctx.src.die,
            What::It => ctx.src.subject,
            // The form lasting the turn: remembered as the ability's use by its user.
            _ => {
                let card = ctx.src.card;
                let ability = self
                    .abilities_of(card)
                    .and_then(|l| l.iter().position(|a| a.effects.iter().any(lasting_return)));
                if let Some(ability) = ability {
                    self.turn_mut().used.push(Used {
                        card,
                        ability,
                        die: None,
                        by: Some(ctx.src.controller),
                    });
                }
                None
            }
        };
        let Some(die) = die else {
            return Ok(Vec::new());
        };
        // The die as it was knocked out this turn; one no longer in the prep area (or
        // never knocked out) stays where it is.
        let face = self
            .turn_ref()
            .expect("turn")
            .knocked
            .iter()
            .rev()
            .find(|(d, _)| *d == die)
            .map(|(_, f)| f.clone());
        if let (Some(face), Zone::Prep) = (face, self.state.die(die).zone) {
            self.place(die, face, Zone::Field);
        }
        Ok(Vec::new())
    }

    /// Of dice about to be knocked out, those a "return to the field" lasting the turn
    /// will bring back: named by its selector as the user of the ability sees them now,
    /// while they are still in the field (attacking).
    pub(in crate::engine) fn returning(&self, dice: &[DieId]) -> Vec<DieId> {
        let Some(t) = self.state.turn.as_ref() else {
            return Vec::new();
        };
        let lasting: Vec<(Selector, Source)> = t
            .used
            .iter()
            .filter_map(|u| {
                let who = u.by?;
                let a = self.abilities_of(u.card)?.get(u.ability)?;
                let to = a.effects.iter().find_map(|e| match e {
                    Effect::ReturnToField { to } if lasting_return(e) => Some(to.clone()),
                    _ => None,
                })?;
                Some((to, Source::card(u.card, who)))
            })
            .collect();
        dice.iter()
            .copied()
            .filter(|&d| {
                lasting
                    .iter()
                    .any(|(to, src)| select::matches(&self.cards, &self.state, to, src, d))
            })
            .collect()
    }
}
