//! Dice leaving the field, and why: the `leaves-field-by-opponent` event (Aftershock,
//! keywords-2017-11-09.txt:9: "when this character leaves the Field Zone because of your
//! opponent (damage from their characters or actions, getting KO'd, being removed from
//! the game, sent to the Used Pile or Reserve Pool)").
//!
//! A die leaves the field because of a player when that player's move makes it leave:
//! an ability they control (an action die, a global, a trigger or an activated ability of
//! their card, a keyword of their die) resolving with a knock-out, damage, a move, a
//! reroll onto an energy face, a capture; and in combat, because of the opposing
//! characters whose damage knocks it out (Deadly too: an opposing character's keyword
//! acting on the dice engaged with it). A cost its owner pays (a die knocked out or
//! moved), Suit Up's knock-out, Tag Out and the attackers leaving after damage are its
//! owner's own doing, or the rules'. The replay says whose move is under way
//! ([`Cause`]); where it does not (no such move), a die leaving while a card of the game
//! waits for the event is undecided, never guessed (reported as the line settles,
//! `Replayer::undecided_later`).
//!
//! The event fires with the other events of the same change: a knock-out's with the
//! "when knocked out" triggers, as one batch (`commit::knock_out_all`); a move, a reroll
//! or a capture once the effect has moved its dice. A captured or intimidated die is
//! "removed from the game" for the turn (the 2017 list, Capture: "temporarily remove from
//! the game"): it leaves the field.

use crate::cards::ability::Event;

use crate::engine::cards::CardId;
use crate::engine::replay::Replayer;
use crate::engine::state::{About, DieId};

/// Whose doing a die's leaving the field is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum Cause {
    /// A player's move: an ability they control, a cost they pay, a keyword of their die.
    Player(usize),
    /// The opponent of each affected die's owner: combat damage, and the keywords that
    /// knock out dice engaged with or targeted by an opposing die (Deadly, Cleave, Range,
    /// Energy Drain, Frag).
    Opposing,
}

impl Replayer {
    /// Runs `f` with `cause` as the cause of the dice it makes leave the field.
    pub(in crate::engine) fn with_cause<T>(
        &mut self,
        cause: Cause,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let before = self.cause.replace(cause);
        let out = f(self);
        self.cause = before;
        out
    }

    /// The events of dice leaving the field now, because of the cause under way: one
    /// `leaves-field-by-opponent` for each die its owner's opponent makes leave. With no
    /// cause known while a card of the game waits for the event, that card is undecided.
    pub(in crate::engine) fn leaving_events(&mut self, dice: &[DieId]) -> Vec<(Event, About)> {
        let mut events = Vec::new();
        for &die in dice {
            let owner = self.state.die(die).owner;
            let by_opponent = match self.cause {
                Some(Cause::Player(p)) => p != owner,
                Some(Cause::Opposing) => true,
                None => {
                    if let Some(card) = self.listener_of(Event::LeavesFieldByOpponent) {
                        self.undecided_later(card, UNKNOWN);
                    }
                    continue;
                }
            };
            if by_opponent {
                events.push((Event::LeavesFieldByOpponent, About::Die(die)));
            }
        }
        events
    }

    /// Fires the events of dice an effect has just moved out of the field (a move, a
    /// reroll into the reserve pool, a capture), as one batch.
    pub(in crate::engine) fn fire_leaving(&mut self, dice: &[DieId]) {
        let events = self.leaving_events(dice);
        if !events.is_empty() {
            self.fire(&events, &[]);
        }
    }

    /// A card of the game with a trigger on `event`: one a case the rules leave open
    /// would make undecided.
    pub(in crate::engine) fn listener_of(&self, event: Event) -> Option<CardId> {
        self.cards.ids().find(|&c| self.listens(c, event))
    }

    /// Whether a card has a trigger on `event`.
    pub(in crate::engine) fn listens(&self, card: CardId, event: Event) -> bool {
        self.abilities_of(card).is_some_and(|l| {
            l.iter()
                .any(|a| a.when.as_ref().is_some_and(|w| w.event == event))
        })
    }
}

/// Why a card waiting for dice leaving the field because of the opponent is undecided.
const UNKNOWN: &str = "waits for a die leaving the field because of the opponent, and a die left the \
field with no move saying whose doing it was";

#[cfg(test)]
mod tests {
    use crate::engine::keywords::testing::replayed;

    /// Black Widow: Stinger (Aftershock) in Bob's field, Power Bolt in the reserve pool of
    /// the player whose turn it is, used on her.
    fn bolted(turn: &str) -> crate::engine::state::GameState {
        // Each player's alias of the Power Bolt card in the middle, and the die's name as
        // the player whose turn it is writes it.
        let (bolt, target) = if turn == "Ann" {
            ("PB", "Bob.BW:L1")
        } else {
            ("BP", "BW:L1")
        };
        let log = format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
             basic PB = Power Bolt\nteam Bob\nBW = Black Widow: Stinger x2\nbasic BP = Power Bolt\n\
             first Ann\nposition\nturn 4 {turn} main\nreserve {turn} {bolt}:act\nfield Ann GR:L1\n\
             field Bob BW:L1\nused Ann SK x8\nused Bob SK x8\nend\nuse {bolt}:act target {target}\n"
        );
        replayed(&log).1
    }

    #[test]
    fn a_die_the_opponent_knocks_out_sets_off_its_aftershock() {
        let state = bolted("Ann");
        let pending = &state.turn.as_ref().expect("turn").pending;
        assert_eq!(pending.len(), 1, "{pending:?}");
        assert_eq!(pending[0].controller, 1);
    }

    #[test]
    fn a_die_its_owner_knocks_out_sets_off_nothing() {
        let state = bolted("Bob");
        assert!(state.turn.as_ref().expect("turn").pending.is_empty());
    }
}
