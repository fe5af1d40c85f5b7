//! The Corrupt effect: a target player draws X dice, places one of them in their used
//! pile and returns the others to the bag (the Dark X-Men cards' reminder, DXM013,
//! DXM017, DXM018; in neither keyword list).
//!
//! How it is read:
//! - The controller names the target player (`target Bob`); the player draws X dice from
//!   their own bag as an effect draws (an empty bag is refilled from their used pile
//!   first, `draw`), and that is their draw ("when a player draws").
//! - The drawn dice are written in `draw` clauses, each with where it goes: the one the
//!   drawing player places in the used pile `to used`, the others `to bag`
//!   (`resolve RO:L1 target Bob draw SK to used draw SK GR to bag`). The choice of the
//!   die to place is the drawing player's, which the line records whoever writes it.
//! - Undecided: a draw that runs short (the bag and the used pile hold fewer than X
//!   dice): whether the player then loses life as a short draw does, and which die goes
//!   to the used pile then, is not said.

use crate::cards::ability::Selector;
use crate::rules;
use crate::syntax::Zone;

use super::{Reached, Run};
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// Corrupt `count`: the player `who` reaches draws `count` dice, one to the used pile.
    pub(super) fn corrupt_effect(
        &mut self,
        count: u8,
        who: &Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let name = self.cards.get(ctx.src.card).name.clone();
        let player = match self.reach(who, ctx)?[..] {
            [Reached::Player(p)] => p,
            _ => {
                // Waived, nobody draws.
                self.violate(rules::invalid_target::new(
                    ctx.choices.span,
                    format!("{name}'s Corrupt needs one target player"),
                    "name the player who draws in a `target` clause, such as `target Bob`",
                ))?;
                return Ok(Vec::new());
            }
        };
        let count = usize::from(count);
        let there = self.state.count(player, Zone::Bag) + self.state.count(player, Zone::Used);
        if there < count {
            self.undecided(
                self.line,
                ctx.src.card,
                "has Corrupt, and the drawing player's bag and used pile hold fewer dice than it \
                 draws: what a short Corrupt draw does is not said",
            )?;
            // Waived: the judge's position block says what was drawn.
            return Ok(Vec::new());
        }
        // The help of a line whose draws are not placed as the card says.
        let placed = format!(
            "Corrupt places one drawn die in the used pile and returns the rest to the bag: \
             write each with where it goes, `resolve {} target {} draw SK to used draw SK to bag`",
            ctx.src
                .die
                .map_or(self.cards.get(ctx.src.card).alias.to_string(), |d| {
                    self.state.die_text_plain(&self.cards, d)
                }),
            self.name(player)
        );
        let mut drawn: Vec<(DieId, Option<Zone>, crate::syntax::Span)> = Vec::new();
        while drawn.len() < count {
            let taken: Vec<DieId> = drawn.iter().map(|d| d.0).collect();
            match self.bag_die(ctx, player, &taken, Zone::Used)? {
                Some(d) => drawn.push(d),
                // Waived: fewer dice drawn than the card says.
                None => break,
            }
        }
        let to_used = drawn.iter().filter(|d| d.1 == Some(Zone::Used)).count();
        let misplaced = drawn
            .iter()
            .find(|d| !matches!(d.1, Some(Zone::Used | Zone::Bag)));
        if let Some(&(_, _, at)) = misplaced {
            // Waived, a die with no place (or another) goes back to the bag.
            self.violate(rules::invalid_choice::new(
                at,
                format!("{name}'s Corrupt puts each drawn die in the used pile or back in the bag"),
                placed.clone(),
            ))?;
        } else if to_used != 1 && !drawn.is_empty() {
            // Waived, the dice go where the line says.
            self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!(
                    "{name}'s Corrupt places one drawn die in the used pile, and the line places \
                     {}",
                    if to_used == 0 {
                        "none".to_string()
                    } else {
                        to_used.to_string()
                    }
                ),
                placed,
            ))?;
        }
        let line = self.line;
        for (id, to, _) in drawn {
            // The others are returned: they stay in the bag.
            if to == Some(Zone::Used) {
                self.state.move_die(id, Zone::Used, line);
            }
        }
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::keywords::testing::replayed;
    use crate::syntax::Zone;

    /// Rogue: Goodnight, Sugah! (DXM #13, "when fielded, Corrupt 2") fielded by Ann, and
    /// the resolve line `clauses`.
    fn corrupt(clauses: &str) -> (usize, usize) {
        let (_, state) = replayed(&format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nRO = Rogue: Goodnight, Sugah! x2\n\
             team Bob\nGR = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\n\
             turn 4 Ann main\nreserve Ann RO:L1 SK:fist\nbag Bob SK x3 GR\nused Ann SK x7\n\
             used Bob SK x4\nend\nfield RO:L1 pay SK:fist\nresolve RO:L1 {clauses}\n"
        ));
        (state.count(1, Zone::Bag), state.count(1, Zone::Used))
    }

    #[test]
    fn one_drawn_die_goes_to_the_used_pile_and_the_rest_back_to_the_bag() {
        assert_eq!(corrupt("target Bob draw SK to used draw GR to bag"), (3, 5));
    }
}
