//! Frag: an attacker with it whose combat damage knocks out one or more of its blockers
//! deals 1 damage to each opposing character die that did not block this turn.
//!
//! The text: in neither the 2018 glossary nor the 2017 keyword list; the cards' reminder
//! defines it, the same on every card (BFU009, BFU026, ORK002): an attacker that knocks
//! out one or more of its blockers with combat damage deals 1 damage to every opposing
//! character die that did not block this turn, before damage is cleared. How it is read:
//! - It acts as the combat damage knocks its blockers out (the "knocked out" stage of
//!   combat damage, 000:784-793), once for the attacker however many of its blockers are
//!   knocked out, as a trigger of the attacker with the "when knocked out" effects of the
//!   same knock-outs; it needs no choice and resolves by itself.
//! - "Did not block this turn": every opposing character die in the field then that was
//!   not declared a blocker this turn, or left the field since (back, it is a new die).
//!   The turn keeps the dice declared as blockers (`Turn::blockers`, in a game with a
//!   card with Frag only); a position writes one whose attacker is gone `has-blocked`.
//! - Its damage is one effect, an effect's damage from the attacker; a die it brings to
//!   its defense is knocked out at once, as after any effect's damage.
//! - Undecided, as for Cleave: under the 2014 and 2016 rules (their combat damage orders
//!   knock-outs and effects otherwise); in the Fast round; and when the attacker was
//!   knocked out with its blockers (whether a die gone from the field still deals it).

use crate::cards::ability::Keyword;
use crate::syntax::Zone;

use crate::engine::cards::GameCards;
use crate::engine::effects::By;
use crate::engine::effects::Cause;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select;
use crate::engine::state::{DieId, Op, Pending};

/// Whether a card of the game has Frag: only then does the turn keep its blockers.
fn in_game(cards: &GameCards) -> bool {
    cards
        .ids()
        .any(|c| super::printed_has(cards, c, &Keyword::Frag))
}

impl Replayer {
    /// The blockers just declared, in a game with a card with Frag.
    pub(in crate::engine) fn frag_blockers(&mut self, links: &[(DieId, DieId)]) {
        if in_game(&self.cards) {
            self.turn_mut().blockers = links.iter().map(|(b, _)| *b).collect();
        }
    }

    /// The blockers a position states: the dice blocking, and those marked `has-blocked`.
    pub(in crate::engine) fn frag_blockers_stated(&mut self, marked: &[DieId]) {
        if !in_game(&self.cards) {
            return;
        }
        let mut blockers: Vec<DieId> = self
            .state
            .ids()
            .filter(|&d| self.state.die(d).blocking.is_some())
            .collect();
        blockers.extend(marked);
        if let Some(t) = self.state.turn.as_mut() {
            t.blockers = blockers;
        }
    }

    /// Frag resolving by itself: 1 damage to each opposing character die in the field
    /// that did not block this turn.
    pub(in crate::engine) fn resolve_frag(&mut self, p: &Pending) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        if !self.regular_2018_knock_outs() {
            return self.undecided(
                self.line,
                p.card,
                "has Frag, which dmlint applies to the 2018 rules' combat damage outside the \
                 Fast round only",
            );
        }
        if self.state.die(die).zone != Zone::Field {
            return self.undecided(
                self.line,
                p.card,
                "has Frag, and its die was knocked out with its blockers: whether it still \
                 deals its damage is not said",
            );
        }
        let owner = self.state.die(die).owner;
        let blockers = self
            .turn_ref()
            .map(|t| t.blockers.clone())
            .unwrap_or_default();
        let ops: Vec<Op> = self
            .state
            .ids()
            .filter(|&d| {
                let x = self.state.die(d);
                x.owner != owner
                    && x.zone == Zone::Field
                    && select::is_character(&self.state, d)
                    && !blockers.contains(&d)
            })
            .map(|d| Op::Damage { die: d, amount: 1 })
            .collect();
        // The attacker deals it (`effects::damage_from`); a die it knocks out is the
        // attacker's player's knock-out.
        let before_card = self.effect_card.replace(p.card);
        let before = std::mem::replace(&mut self.damage_by, By::Die(die));
        let done = self.with_cause(Cause::Opposing, |r| r.commit(ops));
        self.damage_by = before;
        self.effect_card = before_card;
        done
    }
}
