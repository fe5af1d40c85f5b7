//! Retaliation: when a character die of its controller that shares an affiliation with
//! it is knocked out, a die with it deals 1 damage to the opponent.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:53: "if an affiliated
//! character you control is KO'd, deal 1 damage to an opponent"); the 2018 glossary has
//! no entry. The cards' reminders (JLL008, and JL003, JL085, JL106, JL119 in the Team
//! Builder) drop "you control" ("if an affiliated character is KO'd, deal 1 damage to
//! an opposing player"); the list, the one text that defines the keyword, is followed:
//! only its controller's characters set it off. How it is read:
//! - It is a trigger of each die with it in the field, on each knock-out of a character
//!   die of its controller (its own too: it was in the field as it was knocked out),
//!   fired with the "when knocked out" triggers of that knock-out, however it came (the
//!   one place every knock-out fires: `effects::commit::ko_events`). It needs no choice
//!   and resolves by itself, in the queue's order: 1 damage to the opponent, an
//!   effect's (a die with it deals it: its "damages the opponent" triggers do not fire).
//! - "Affiliated" is not defined: a character sharing an affiliation with the card of
//!   the die with Retaliation sets it off under every reading; one with no affiliation
//!   (a sidekick) under none.
//! - Undecided: a knocked-out character whose affiliations are all other than the
//!   Retaliation card's (affiliated with it, or affiliated at all?); and a die with
//!   Retaliation no longer in the field as its trigger resolves (knocked out with the
//!   character, itself among them: whether it still deals its damage is not said).

use crate::cards::ability::{Event, Keyword};
use crate::syntax::Zone;

use crate::engine::effects::By;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select;
use crate::engine::state::{About, DieId, Op, Pending};

impl Replayer {
    /// The affiliations of a die's card (through a second player's alias).
    fn affiliations(&self, id: DieId) -> &[String] {
        let c = self.cards.get(self.state.die(id).card);
        let c = c.alias_of.map_or(c, |a| self.cards.get(a));
        &c.affiliations
    }

    /// The Retaliation triggers a knock-out of die `ko` sets off, as pending triggers of
    /// `batch`: each die with Retaliation in the field of `ko`'s owner, when `ko` is a
    /// character with an affiliation.
    pub(in crate::engine) fn retaliation_pending(
        &self,
        event: Event,
        about: About,
        batch: u32,
    ) -> Vec<Pending> {
        let (Event::KnockedOut, About::Die(ko)) = (event, about) else {
            return Vec::new();
        };
        let owner = self.state.die(ko).owner;
        if !select::is_character(&self.state, ko) || self.affiliations(ko).is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for r in self.state.zone(owner, Zone::Field) {
            if !select::is_character(&self.state, r) {
                continue;
            }
            let card = self.state.die(r).card;
            for (i, k) in super::of(&self.cards, &self.state, card) {
                if *k == Keyword::Retaliation {
                    out.push(Pending {
                        subject: Some(ko),
                        ..Pending::of_die(card, i, r, owner, batch, self.line)
                    });
                }
            }
        }
        out
    }

    /// Retaliation resolving by itself: 1 damage to the opponent of its controller.
    pub(in crate::engine) fn resolve_retaliation(&mut self, p: &Pending) -> Flow {
        let (Some(r), Some(ko)) = (p.die, p.subject) else {
            return Ok(());
        };
        if self.state.die(r).zone != Zone::Field {
            return self.undecided(
                self.line,
                p.card,
                "has Retaliation, and its die left the field as (or after) the character was \
                 knocked out: whether it still deals its damage is not said",
            );
        }
        let shared = self
            .affiliations(ko)
            .iter()
            .any(|a| self.affiliations(r).contains(a));
        if !shared {
            return self.undecided(
                self.line,
                p.card,
                "has Retaliation, and a character of another affiliation was knocked out: \
                 whether \"affiliated\" means sharing its affiliation or having one is not said",
            );
        }
        let before = self.effect_card.replace(p.card);
        // The die with Retaliation deals it (`effects::damage_from`).
        let by = std::mem::replace(&mut self.damage_by, p.die.map_or(By::Unknown, By::Die));
        let done = self.commit(vec![Op::DamagePlayer {
            player: 1 - p.controller,
            amount: 1,
        }]);
        self.effect_card = before;
        self.damage_by = by;
        done
    }
}
