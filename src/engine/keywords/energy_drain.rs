//! Energy Drain: once blockers are declared, each character engaged with a die that has
//! it spins down one level; a character at level 1 cannot be spun down.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:29); the 2018 glossary has
//! no entry for it, so the 2017 text stands. Engaged: blocking or blocked by the die
//! (000:1481). How it is read:
//! - It happens as the `block` line declares the blockers, before the "blockers are
//!   assigned" triggers and the action window: the keyword is no trigger, nothing is
//!   chosen, and the log writes nothing.
//! - A character engaged with several dice with Energy Drain (an attacker blocked by
//!   two) spins down one level, once: the list spins "each character engaged with" one,
//!   not once per die.
//! - Both sides' dice can have it; it drains the opposing dice each is engaged with.

use crate::cards::ability::Keyword;
use crate::syntax::Face;

use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{DieId, Op};

impl Replayer {
    /// Spins down one level each character engaged, in the `links` just declared
    /// (blocker, attacker), with a die that has Energy Drain.
    pub(in crate::engine) fn energy_drain(&mut self, links: &[(DieId, DieId)]) -> Flow {
        let drains = |r: &Replayer, id: DieId| r.has_keyword(id, |k| *k == Keyword::EnergyDrain);
        let mut drained: Vec<DieId> = Vec::new();
        for &(b, a) in links {
            for (from, to) in [(a, b), (b, a)] {
                if drains(self, from) && !drained.contains(&to) {
                    drained.push(to);
                }
            }
        }
        let ops: Vec<Op> = drained
            .into_iter()
            .filter_map(|die| match self.state.die(die).face {
                Some(Face::Level { level, .. }) if level > 1 => Some(Op::Spin {
                    die,
                    level: level - 1,
                }),
                _ => None,
            })
            .collect();
        if ops.is_empty() {
            return Ok(());
        }
        // Spun down by the opposing die with Energy Drain: a die its damage now knocks
        // out is that die's player's doing (`effects::leaving`).
        self.with_cause(crate::engine::effects::Cause::Opposing, |r| r.commit(ops))
    }
}
