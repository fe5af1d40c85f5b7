//! The roll effect: "roll dice from a zone", each die placed by its face (a character
//! face in the reserve pool, fielded at no cost where the text says `field: true`, or
//! moved back to the field where it says `returns: true`; the others where `else` sends
//! them).

use crate::cards::ability::{Count, Owner, Placement, Selector};
use crate::rules;
use crate::syntax::{Face, Span, Spanned, Zone};

use super::Run;
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::select::{self, Source};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// "Roll dice from a zone": each placed by its face.
    pub(super) fn roll_effect(
        &mut self,
        what: &Selector,
        else_to: Option<Placement>,
        field: (bool, bool),
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        match what.count {
            // "Up to N": as many as the line rolls, none to N; a roll beyond them is one
            // too many (`leftover`).
            Count::UpTo(_) | Count::AnyNumber => {
                let n = match what.count {
                    Count::UpTo(n) => usize::from(n),
                    _ => usize::MAX,
                };
                for _ in 0..n {
                    if (0..ctx.choices.rolls.len()).all(|k| ctx.rolled.contains(&k)) {
                        break;
                    }
                    self.roll_from(ctx, what, else_to, field)?;
                }
            }
            _ => self.roll_from(ctx, what, else_to, field)?,
        }
        Ok(Vec::new())
    }

    /// A die taken from a zone and rolled (Captain America: American Hero).
    pub(super) fn roll_from(
        &mut self,
        ctx: &mut Run,
        what: &crate::cards::ability::Selector,
        else_to: Option<crate::cards::ability::Placement>,
        (field, returns): (bool, bool),
    ) -> Flow {
        let next = (0..ctx.choices.rolls.len()).find(|k| !ctx.rolled.contains(k));
        let Some(item) = next.map(|k| ctx.choices.rolls[k]) else {
            if self.candidates(what, &ctx.src).is_empty() {
                return Ok(());
            }
            let name = self.cards.get(ctx.src.card).name.clone();
            let first = self.candidates(what, &ctx.src).first().copied();
            let help = match first {
                Some(d) => format!(
                    "write the die and the face it rolled in a `roll` clause, such as `roll {}`",
                    self.rolled_example(d, ctx.src.controller)
                ),
                None => "write the die and the face it rolled in a `roll` clause".to_string(),
            };
            return self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} rolls a die the line does not name"),
                help,
            ));
        };
        ctx.rolled.extend(next);
        let zone = what.zone.map_or(Zone::Field, select::zone);
        let who = ctx.src.controller;
        let owner = self.owner_of(&item.die, who)?;
        let mut bare = item.die.clone();
        bare.face = None;
        let allowed = self.candidates(what, &ctx.src);
        let found = self.find(&bare, owner, zone, &ctx.payers, |_, id| {
            allowed.contains(&id)
        })?;
        let id = match found {
            Some(id) => id,
            None => {
                let paid = self
                    .find(&bare, owner, zone, &[], |_, id| allowed.contains(&id))?
                    .is_some();
                let name = self.cards.get(ctx.src.card).name.clone();
                let help = if paid {
                    "the only such dice paid for the move that triggered it, and the card rules them out".to_string()
                } else {
                    format!("it rolls {}", crate::cards::text::sel(what))
                };
                self.violate(rules::invalid_target::new(
                    item.die.span,
                    format!("`{}` is not a die {name} may roll", item.die),
                    help,
                ))?;
                // Waived, the die written is rolled, if it is in that zone at all.
                match self.find(&bare, owner, zone, &[], |_, _| true)? {
                    Some(id) => id,
                    None => return Err(self.unreplayable(item.die.span, "no such die to roll")),
                }
            }
        };
        let Some(face) = item.die.face.clone() else {
            let mut example = item.die.clone();
            example.face = self
                .example_face(id)
                .map(|f| Spanned::new(f, Span::default()));
            self.violate(rules::invalid_choice::new(
                item.die.span,
                "the rolled die's face is missing".to_string(),
                format!("write the face it rolled after the die, such as `roll {example}`"),
            ))?;
            return Err(self.unreplayable(item.die.span, "the face rolled is not recorded"));
        };
        self.check_rolled(self.state.die(id).card, &face, item.die.span)?;
        let character = matches!(face.node, Face::Level { .. });
        let zone = match else_to {
            Some(p) if !character => self.placement(p, id, &ctx.src)?,
            _ if character && (field || returns) => Zone::Field,
            _ => Zone::Reserve,
        };
        self.place(id, face.node, zone);
        self.text_rolled(&[id])?;
        // A die returned to the field is moved there, not fielded (Iron Man and War
        // Machine rulebook, ACTIVE AND FIELDED).
        if zone == Zone::Field && field {
            self.fielded_by_effect(&[id])?;
        }
        Ok(())
    }

    /// The zone a placement sends a die to. Dice stay their owner's, so a placement in
    /// another player's zone (a die that changes hands) is undecided, not guessed.
    pub(super) fn placement(
        &mut self,
        p: crate::cards::ability::Placement,
        id: DieId,
        src: &Source,
    ) -> Result<Zone, Stop> {
        let whose = match p.of {
            Owner::Its => self.state.die(id).owner,
            Owner::You => src.controller,
            Owner::Opponent => 1 - src.controller,
        };
        if whose != self.state.die(id).owner {
            // Waived, the die goes to its owner's zone; the judge's position block says
            // where it is.
            self.undecided(
                self.line,
                src.card,
                "moves a die into another player's zone, which dmlint does not apply yet",
            )?;
        }
        Ok(select::zone(p.zone))
    }

    /// Puts a die in one of its owner's zones, showing `face` if the zone shows faces.
    pub(super) fn place(&mut self, id: DieId, face: Face, zone: Zone) {
        let line = self.line;
        self.state.move_die(id, zone, line);
        if matches!(zone, Zone::Reserve | Zone::Field) {
            self.state.die_mut(id).face = Some(face);
        }
    }
}
