//! The copy effect: "she copies the die stats and card abilities of one character she is
//! engaged with" (Mystique: Unknown). The copying die takes the copied card's printed
//! stats for the level it shows, with its own bursts (Avengers Infinity rulebook,
//! CAPTURING, CONTROLLING, COPYING, AND SWAPPING, 000:1335-1340), until the end of the
//! turn or until it leaves the field, as an applied effect; a position writes it
//! `[copy=Bob.GR]`.
//!
//! Undecided, not guessed: a copied die of another level than the copying one (the 2018
//! rulebook's "printed stats on the copied die's card, for the appropriate level" may be
//! the copying die's level; the rules reference's "the numerals of the other die",
//! 003:358, its own), and a copied card with text of its own (copying abilities is not
//! applied yet).

use crate::cards::ability::Selector;
use crate::syntax::Face;

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Op};

impl Replayer {
    pub(super) fn copy_effect(&mut self, to: &Selector, ctx: &mut Run) -> Result<Vec<Op>, Stop> {
        let Some(me) = ctx.src.die else {
            self.undecided(
                self.line,
                ctx.src.card,
                "copies a die, with no die of its own to be the copy",
            )?;
            return Ok(Vec::new());
        };
        let mut ops = Vec::new();
        for copied in self.reach_dice(to, ctx)? {
            let level = |f: &Option<Face>| match f {
                Some(Face::Level { level, .. }) => Some(*level),
                _ => None,
            };
            let card = self.state.die(copied).card;
            if level(&self.state.die(copied).face) != level(&self.state.die(me).face) {
                // Waived, nothing is copied; the judge's position block says the rest.
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "copies the stats of a die of another level: whether the copy takes the copied card's stats for its own level (000:1335-1338) or the other die's numbers (003:358) is not settled",
                )?;
                continue;
            }
            let text = self.abilities_of(card).is_some_and(|l| !l.is_empty());
            if text || self.abilities_of(card).is_none() {
                // Waived, the stats are copied and the text is not.
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "copies a card with text of its own: copying abilities is not applied yet",
                )?;
            }
            ops.push(Op::Boost {
                die: me,
                boost: Boost {
                    copy: Some(card),
                    ..Boost::default()
                },
            });
        }
        Ok(ops)
    }
}
