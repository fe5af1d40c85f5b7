//! Range N: as a die with it attacks, every active character of its controller with
//! Range deals damage equal to its Range value to one target opposing character die.
//!
//! The text: neither the 2018 glossary nor the 2017 keyword list has Range; the cards'
//! reminder defines it, the same on every card that prints one (BFU006, BFU023, BFU032,
//! BFU034, BFU038, BFU045, SKC043: "when this character attacks, all active characters
//! with Range deal damage equal to their Range value to target opposing character die").
//! How it is read:
//! - It is a "when attacks" trigger of the die: its target waits in the trigger queue
//!   with the other attack triggers, and the log names it, as Call Out's does:
//!   `resolve RA:L1 target Bob.SK:L1`. "Target" is singular: one die takes the damage of
//!   every Range character. It is no "may": with an opposing character die in the field
//!   one must be named (`invalid-choice` without one, `invalid-target` for any other
//!   die); with none, nothing waits.
//! - "All active characters with Range": the controller's character dice in the field
//!   with Range, attacking or not, the attacker itself among them. The damage is an
//!   effect's, dealt at once: one damage event of the sum (like two blockers' damage, one
//!   event: `keywords::iron_will`), lessened by a reduction of the target's damage, and a
//!   die it brings to its defense is knocked out at once.
//! - Undecided (the reminder leaves it open): when the opponent has an active character
//!   with Range too (whether "all active characters" takes in the opponent's, dealing
//!   damage to a die of its own side's opponent, is not said); when two or more dice with
//!   Range attack (whether each attack deals the whole volley again is not said); and
//!   when two or more Range characters deal damage to a target whose damage is reduced
//!   (one reduction of the sum, or one of each character's damage).

use super::TargetWords;
use crate::cards::ability::Keyword;
use crate::syntax::{Clause, Zone};

use crate::engine::effects::By;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select;
use crate::engine::state::{DieId, Op, Pending};

impl Replayer {
    /// The Range value of die `id`: the largest its card lists (0 without Range).
    pub(in crate::engine) fn range_of(&self, id: DieId) -> u32 {
        super::of(&self.cards, &self.state, self.state.die(id).card)
            .filter_map(|(_, k)| match k {
                Keyword::Range(n) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// The active character dice of player `who` with Range.
    fn rangers(&self, who: usize) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|&d| {
                let x = self.state.die(d);
                x.owner == who
                    && x.zone == Zone::Field
                    && select::is_character(&self.state, d)
                    && self.range_of(d) > 0
            })
            .collect()
    }

    /// The opposing character dice in the field attacker `die`'s Range may target.
    pub(in crate::engine) fn range_targets(&self, die: DieId) -> Vec<DieId> {
        // The same dice Call Out may name: the opponent's characters in the field.
        self.call_out_targets(die)
    }

    /// Whether attacker `die` has Range and something to target as it attacks.
    pub(in crate::engine) fn ranges(&self, die: DieId) -> bool {
        self.range_of(die) > 0 && !self.range_targets(die).is_empty()
    }

    /// Range's `resolve` line: one `target` clause naming one opposing character die,
    /// which takes the sum of the Range values of its controller's active characters.
    pub(in crate::engine) fn resolve_range(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        let opponent = 1 - p.controller;
        if !self.rangers(opponent).is_empty() {
            return self.undecided(
                self.line,
                p.card,
                "has Range while the opponent has an active character with Range: whether \
                 \"all active characters with Range\" takes in the opponent's is not said",
            );
        }
        let attacking = self
            .attackers()
            .into_iter()
            .filter(|&a| self.range_of(a) > 0)
            .count();
        if attacking > 1 {
            return self.undecided(
                self.line,
                p.card,
                "has Range, and two or more dice with Range attack: whether each attack deals \
                 the damage of every Range character again is not said",
            );
        }
        let valid = self.range_targets(die);
        let Some(target) = self.keyword_target(
            p,
            clauses,
            "Range",
            "damages",
            &valid,
            TargetWords {
                example: "Bob.SK:L1",
                valid: "Range damages a character die in the opponent's field",
                context: "the die with Range attacked here",
            },
        )?
        else {
            return Ok(());
        };
        let rangers = self.rangers(p.controller);
        if rangers.len() > 1 && self.damage_reduction(target) > 0 {
            return self.undecided(
                self.line,
                p.card,
                "has Range, and two or more Range characters damage a die whose damage is \
                 reduced: whether the reduction lessens the sum or each one's damage is not said",
            );
        }
        let amount = rangers.iter().map(|&d| self.range_of(d)).sum();
        // One Range die deals it; the sum of several has no one source
        // (`effects::damage_from`).
        let by = match rangers[..] {
            [one] => By::Die(one),
            _ => By::Unknown,
        };
        let before = std::mem::replace(&mut self.damage_by, by);
        let done = self.commit(vec![Op::Damage {
            die: target,
            amount,
        }]);
        self.damage_by = before;
        done
    }
}
