//! Card text in play: which abilities a card has, and where text dmlint does not apply
//! would act (undecided there).

use crate::cards::ability::Ability;
use crate::syntax::Face;

use crate::engine::cards::CardId;
use crate::engine::coverage::{Moment, card_unapplied_at, needs_own_die, unapplied_at};
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self};
use crate::engine::state::DieId;

impl Replayer {
    /// Why a card in the field has an ability the engine cannot apply, if it has.
    pub(in crate::engine) fn unapplied_in_field(&self, card: CardId) -> Option<String> {
        self.abilities_of(card)?
            .iter()
            .find_map(|a| unapplied_at(a, Moment::Fielded))
    }

    /// Undecided when a card's text would act unapplied at `moment`: the card of one
    /// die, a die of it coming into play, drawn, rolled …
    pub(in crate::engine) fn text_matters(&mut self, card: CardId, moment: Moment) -> Flow {
        let c = self.cards.get(card);
        if c.plain {
            return Ok(());
        }
        match card_unapplied_at(self.abilities_of(card), moment) {
            // Waived, the text is taken to have done nothing the next lines do not say.
            Some(why) => self.undecided(self.line, card, &why),
            None => Ok(()),
        }
    }

    /// Undecided when a card on a team has text that would act unapplied at a moment of
    /// the whole game: its setting up (the turn's moments fire their triggers instead).
    /// Text on the card acts whether or not a die of it is in play (a trigger without
    /// `while:` fires as [`Replayer::fire`] fires it), except what only holds while a die
    /// of it is in the field (`while:`) or only reaches its own dice in the field.
    pub(in crate::engine) fn game_moment(&mut self, moment: Moment) -> Flow {
        for card in self.cards.ids().collect::<Vec<_>>() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            if self.cards.get(card).plain {
                continue;
            }
            let Some(list) = self.abilities_of(card) else {
                continue;
            };
            let active = select::active(&self.state, card, owner);
            let why = list.iter().find_map(|a| {
                let on = active || (a.while_.is_none() && !needs_own_die(a));
                on.then(|| unapplied_at(a, moment)).flatten()
            });
            if let Some(why) = why {
                self.undecided(self.line, card, &why)?;
            }
        }
        Ok(())
    }

    /// Undecided while a card's static has a burst that reaches other dice and the
    /// table does not settle how it holds (`select::static_bursts_unsettled`): two of
    /// its dice showing it, or dice showing different faces for a burst that replaces
    /// the text.
    pub(in crate::engine) fn static_bursts_settled(&mut self) -> Flow {
        if self.state.turn.is_none() {
            return Ok(());
        }
        for card in self.cards.ids().collect::<Vec<_>>() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            let why = self.abilities_of(card).and_then(|list| {
                list.iter()
                    .find_map(|a| select::static_bursts_unsettled(&self.state, a, card, owner))
            });
            let known = self.unsettled.contains(&card);
            match why {
                Some(why) if !known => {
                    self.unsettled.push(card);
                    self.undecided(self.line, card, why)?;
                }
                Some(_) => {}
                None => self.unsettled.retain(|c| *c != card),
            }
        }
        Ok(())
    }

    /// A card's encoded abilities in play; `None` when they are not encoded, none while
    /// its text is ignored (`select::ignored`).
    pub(in crate::engine) fn abilities_of(&self, card: CardId) -> Option<&[Ability]> {
        select::text_of(&self.cards, &self.state, card)
    }

    /// A card's encoded abilities as it prints them, whether or not its text is ignored
    /// now: what a position's ability numbers count.
    pub(in crate::engine) fn printed_abilities(&self, card: CardId) -> Option<&[Ability]> {
        let c = self.cards.get(card);
        let c = c.alias_of.map_or(c, |a| self.cards.get(a));
        c.abilities.as_deref()
    }

    /// The bursts a die shows.
    pub(super) fn bursts_of(&self, id: DieId) -> u8 {
        match self.state.die(id).face {
            Some(Face::Level { bursts, .. }) | Some(Face::Action { bursts }) => bursts,
            Some(Face::Energy { bursts, .. }) => bursts,
            None => 0,
        }
    }
}
