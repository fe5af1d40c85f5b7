//! Cleave: an attacker with it whose combat damage knocks out a die blocking it deals
//! half its attack (rounded down) to another character die of the opponent, as combat
//! damage, once.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:22); the 2018 glossary has
//! no entry for it, so the 2017 text stands; the cards' reminder says the same in short
//! ("if this character attacks and KO's a blocker, deal half damage rounded down to
//! another character your opponent controls"). How it is read:
//! - It acts as the combat damage knocks its blockers out (the "knocked out" stage of
//!   combat damage, 000:784-793): once for the attacker however many of its blockers
//!   are knocked out ("only once"). The choice of the die waits in the trigger queue
//!   like a trigger of the attacker, with the "when knocked out" effects of the same
//!   knock-outs (the active player orders them), and the log names it:
//!   `resolve CL:L1 target Bob.SK:L1`. With no other opposing character die in the
//!   field, nothing happens. It is no "may": with a die to name, one must be named.
//! - The amount is half the attacker's attack then, rounded down; it is dealt as one
//!   damage event, lessened by a reduction of the die's damage, and a die whose damage
//!   then reaches its defense is knocked out at once, as after an effect's damage (its
//!   "when damaged" effects still resolve).
//! - Undecided: under the 2014 and 2016 rules (their combat damage orders knock-outs,
//!   effects and the player's damage otherwise, and dmlint does not place Cleave in
//!   them); in the Fast round (a Fast attacker with Cleave: whether its Cleave damage
//!   comes before the regular round is not said); and when the attacker was knocked out
//!   with its blocker (whether a die gone from the field still deals it is not said).

use super::TargetWords;
use crate::syntax::{Clause, Zone};

use crate::engine::effects::By;
use crate::engine::effects::Cause;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select;
use crate::engine::state::{DieId, Op, Pending};

impl Replayer {
    /// The opposing character dice in the field attacker `die` may deal its Cleave
    /// damage to.
    pub(in crate::engine) fn cleave_targets(&self, die: DieId) -> Vec<DieId> {
        let owner = self.state.die(die).owner;
        self.state
            .ids()
            .filter(|&d| {
                let x = self.state.die(d);
                x.owner != owner && x.zone == Zone::Field && select::is_character(&self.state, d)
            })
            .collect()
    }

    /// Cleave's `resolve` line: one `target` clause naming an opposing character die,
    /// which takes half the attacker's attack; with none to name, nothing.
    pub(in crate::engine) fn resolve_cleave(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        // With no die to name, it does nothing, under any rules.
        if self.cleave_targets(die).is_empty() && clauses.is_empty() {
            return Ok(());
        }
        if !self.regular_2018_knock_outs() {
            return self.undecided(
                self.line,
                p.card,
                "has Cleave, which dmlint applies to the 2018 rules' combat damage outside the \
                 Fast round only",
            );
        }
        if self.state.die(die).zone != Zone::Field {
            return self.undecided(
                self.line,
                p.card,
                "has Cleave, and its die was knocked out with its blocker: whether it still \
                 deals half its attack, and what its attack is then, is not said",
            );
        }
        let valid = self.cleave_targets(die);
        let Some(target) = self.keyword_target(
            p,
            clauses,
            "Cleave",
            "damages",
            &valid,
            TargetWords {
                example: "Bob.SK:L1",
                valid: "Cleave damages another character die of the opponent's",
                context: "its blocker was knocked out here",
            },
        )?
        else {
            return Ok(());
        };
        let amount = self.combat_attack(die) / 2;
        // The attacker deals it (`effects::damage_from`).
        let before = std::mem::replace(&mut self.damage_by, By::Die(die));
        // An opposing die it knocks out is the attacker's player's knock-out.
        let done = self.with_cause(Cause::Opposing, |r| {
            r.commit(vec![Op::Damage {
                die: target,
                amount,
            }])
        });
        self.damage_by = before;
        done
    }
}
