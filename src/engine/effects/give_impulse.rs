//! "Dice purchased this turn gain Impulse" (Big Entrance, AI #49): for the rest of the
//! turn each die its controller buys gains the card's own Impulse, the card's trigger on
//! `bought` (keywords-2017-11-09.txt:45), resolved about that die as if it were its own:
//! `what: this` is the die bought. It is made once for the card however many times the
//! card is used ("no matter how many Big Entrance dice are used"), and lasts the turn
//! (an applied effect, 000:1013-1028). A position writes it `impulse Ann.BE`.

use crate::cards::ability::Event;

use super::Run;
use crate::engine::cards::CardId;
use crate::engine::replay::Replayer;
use crate::engine::state::{DieId, Pending};

impl Replayer {
    /// The dice its controller buys this turn gain the card's Impulse.
    pub(super) fn give_impulse_effect(&mut self, ctx: &Run) {
        let (player, card) = (ctx.src.controller, ctx.src.card);
        // Once for the card: a second player's alias of a card in the middle is the same.
        let same = |c: CardId| self.cards.canonical(c) == self.cards.canonical(card);
        let t = self.state.turn.as_ref().expect("turn");
        if !t.impulses.iter().any(|&(p, c)| p == player && same(c)) {
            self.turn_mut().impulses.push((player, card));
        }
    }

    /// The card's Impulse: its first trigger on its die being bought.
    pub(in crate::engine) fn impulse_of(&self, card: CardId) -> Option<usize> {
        self.abilities_of(card)?.iter().position(|a| {
            a.kind == crate::cards::ability::Kind::Triggered
                && a.when.as_ref().is_some_and(|w| w.event == Event::Bought)
        })
    }

    /// The Impulses a die bought gains this turn, as triggers of `batch` about it.
    pub(super) fn gained_impulses(&self, die: DieId, batch: u32) -> Vec<Pending> {
        let Some(t) = self.state.turn.as_ref() else {
            return Vec::new();
        };
        let buyer = self.state.die(die).owner;
        t.impulses
            .iter()
            .filter(|(p, _)| *p == buyer)
            .filter_map(|&(_, card)| {
                let ability = self.impulse_of(card)?;
                Some(Pending {
                    card,
                    ability,
                    die: Some(die),
                    controller: buyer,
                    bursts: 0,
                    batch,
                    subject: Some(die),
                    payers: Vec::new(),
                    taken: 0,
                    line: self.line,
                })
            })
            .collect()
    }
}
