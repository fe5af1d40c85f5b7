//! Experience: at the end of its controller's turn, if they knocked out an opposing
//! Monster during it, a card with Experience that is active gains an Experience token;
//! each token gives each of the card's dice +1A and +1D, at every level, for the rest of
//! the game.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:33): while the die is
//! active, a player who knocked out an opposing Monster during their turn places a token
//! on the die's card at the end of it; +1A/+1D per token; one token per card per turn;
//! several cards may each gain one; a player knocking out their own Monster gives none.
//! The 2018 glossary has no entry. The reminders differ: Battle for Faerûn's (BFF013 and
//! the other BFF cards, 2016) gains the token once per turn as the Monster is knocked
//! out; Trouble in Waterdeep's (TIW005, TIW022-024, 2018) is the list's at the end of the
//! turn, without "while active". The newer texts stand where they say something: the
//! token comes at the end of the turn, for an opposing Monster. How it is read:
//! - A Monster is a character whose card has the Monster affiliation (the "black
//!   Monster allegiance banner"; `affiliations: [.., Monster]` in cards/sets/).
//! - "You KO'd" it: the knock-out was made by the player whose turn it is: their combat
//!   damage, their character's or action die's or global's effect, their Deadly, Cleave
//!   or Range. A knock-out the opponent makes (their effect, their cost: "KOing their
//!   own Monster") gives none. The engine is told who knocks out as it knocks out
//!   ([`KoBy`], `Replayer::ko_by`); where it does not know (an effect held for an answer
//!   and released on a later line, a static of a die just fielded), undecided.
//! - The turn remembers the knock-out (`Turn::monster_ko`, a position's `monster-ko
//!   Ann`) only while the active player has a card with Experience: no other game
//!   carries a fact nothing reads.
//! - At the end of the turn (the cleanup step, with the effects "at the end of the
//!   turn", 000:807-809) each of the active player's cards with Experience with a die in
//!   the field gains one token: once, so one per card per turn. A position writes the
//!   tokens on a card `tokens CA experience 2`; they stay on the card whatever becomes
//!   of its dice, and `select::stats` adds them.
//! - Undecided: a card with Experience with no die in the field then (the list gives
//!   a token only while active, the reminders do not say so); the active player's
//!   other end-of-turn effects waiting beside it (the active player orders their own
//!   end-of-turn effects, 000:807-809; before 2018 they all happen at once, rules
//!   reference, ruling [13]: a token may change what they do, or they may knock out a
//!   Monster first); an opposing Monster knocked out by the active player after it, at
//!   the end of the turn (their Deadly, their end-of-turn effect).
//! - "Adventurer" (any character with Experience) is not read by any card the engine
//!   applies yet.

use crate::cards::ability::Keyword;
use crate::syntax::{TokenKind, Zone};

use crate::engine::cards::{CardId, GameCards};
use crate::engine::edition::book;
use crate::engine::effects::Cause;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::DieId;

/// Whether a card is a Monster (its affiliations).
fn monster(cards: &GameCards, card: CardId) -> bool {
    cards.get(card).affiliations.iter().any(|a| a == "Monster")
}

impl Replayer {
    /// A player's cards with Experience.
    fn experience_cards(&self, player: usize) -> Vec<CardId> {
        self.cards
            .ids()
            .filter(|&c| {
                self.cards.get(c).owner == Some(player)
                    && super::has(&self.cards, &self.state, c, &Keyword::Experience)
            })
            .collect()
    }

    /// Dice being knocked out: an opposing Monster knocked out by the active player, who
    /// has a card with Experience, is remembered for the end of the turn.
    pub(in crate::engine) fn experience_knocked(&mut self, dice: &[DieId]) -> Flow {
        let Some(t) = self.turn_ref() else {
            return Ok(());
        };
        let (active, done) = (t.active, t.done);
        if t.monster_ko {
            return Ok(());
        }
        let Some(&card) = self.experience_cards(active).first() else {
            return Ok(());
        };
        for &die in dice {
            let d = self.state.die(die);
            if d.owner == active || !monster(&self.cards, d.card) {
                continue;
            }
            // Whose doing it is (`effects::leaving`).
            let by = match self.cause {
                Some(Cause::Player(p)) => Some(p),
                Some(Cause::Opposing) => Some(1 - d.owner),
                None => None,
            };
            match by {
                Some(p) if p != active => {}
                Some(_) if done => {
                    return self.undecided(
                        self.line,
                        card,
                        "has Experience, and its player knocked out an opposing Monster at the \
                         end of the turn, beside the Experience token: they order their \
                         end-of-turn effects, which dmlint does not choose",
                    );
                }
                Some(_) => {
                    self.turn_mut().monster_ko = true;
                    return Ok(());
                }
                None => {
                    return self.undecided(
                        self.line,
                        card,
                        "has Experience, and an opposing Monster was knocked out by an effect \
                         dmlint does not know the player of",
                    );
                }
            }
        }
        Ok(())
    }

    /// At the end of the turn, once the cleanup step has queued the end-of-turn triggers:
    /// each card with Experience of the active player, active, gains a token if they
    /// knocked out an opposing Monster this turn.
    pub(in crate::engine) fn experience_end_of_turn(&mut self) -> Flow {
        let Some(t) = self.turn_ref() else {
            return Ok(());
        };
        let active = t.active;
        let cards = self.experience_cards(active);
        if !t.monster_ko || cards.is_empty() {
            return Ok(());
        }
        let together = book(self.state.edition).end_of_turn_together;
        if t.pending.iter().any(|p| together || p.controller == active) {
            return self.undecided(
                self.line,
                cards[0],
                "has Experience, whose token comes at the end of the turn beside another \
                 end-of-turn effect of its player: they order their end-of-turn effects (all at \
                 once before 2018), which dmlint does not choose",
            );
        }
        let mut gaining = Vec::new();
        for card in cards {
            let active_die = self.state.zone(active, Zone::Field).any(|d| {
                self.state.die(d).card == card
                    && crate::engine::select::is_character(&self.state, d)
            });
            if !active_die {
                // Waived, the card gains nothing: the judge's position block says otherwise.
                self.undecided(
                    self.line,
                    card,
                    "has Experience and no die in the field at the end of a turn in which its \
                     player knocked out an opposing Monster: the 2017 keyword list gives a token \
                     only while it is active, the Trouble in Waterdeep reminder does not say so",
                )?;
                continue;
            }
            gaining.push(card);
        }
        for card in gaining {
            self.state.add_tokens(card, TokenKind::Experience, 1);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::keywords::testing::{dice, replayed};
    use crate::engine::select::stats;
    use crate::engine::state::GameState;

    /// A game of Dragonborn Sorceror: Lesser Order of the Gauntlet (ToA #26, Experience;
    /// 1A/3D at level 1) against a Skeleton: Lesser Undead (BFF #51, a Monster, 2A/1D)
    /// and a sidekick, from Ann's main step, with `moves` after it.
    fn after(position: &str, moves: &str) -> (GameCards, GameState) {
        replayed(&format!(
            "dmlog 1\nformat custom life 10\nteam Ann\n\
             DS = Dragonborn Sorceror: Lesser Order of the Gauntlet x2\nbasic PB = Power Bolt\n\
             team Bob\nSE = Skeleton: Lesser Undead x2\nfirst Ann\nposition\n\
             turn 4 Ann main\nreserve Ann PB:act\nfield Ann DS:L1\nfield Bob SE:L1 SK:L1\n\
             used Ann SK x8\nused Bob SK x7\n{position}end\n{moves}"
        ))
    }

    /// The Experience tokens on Ann's Dragonborn Sorceror.
    fn tokens(cards: &GameCards, state: &GameState) -> u32 {
        let ds = dice(cards, state, "DS", 0)[0];
        state.tokens(state.die(ds).card, TokenKind::Experience)
    }

    #[test]
    fn each_token_gives_each_die_of_the_card_one_attack_and_one_defense() {
        let (cards, state) = after("tokens DS experience 2\n", "");
        let ds = dice(&cards, &state, "DS", 0);
        assert_eq!(stats(&cards, &state, ds[0]), (3, 5));
        assert_eq!(state.token_bonus(ds[0]), (2, 2));
    }

    #[test]
    fn only_an_opposing_monster_knocked_out_by_the_player_gives_a_token() {
        // Power Bolt knocks the Skeleton out: remembered, and a token at the end.
        let (_, state) = after("", "use PB:act target Bob.SE:L1\n");
        assert!(state.turn.as_ref().unwrap().monster_ko);
        let (cards, state) = after("", "use PB:act target Bob.SE:L1\nattack none\nend\n");
        assert_eq!(tokens(&cards, &state), 1);
        // A sidekick is no Monster: nothing to remember, no token.
        let (cards, state) = after("", "use PB:act target Bob.SK:L1\nattack none\nend\n");
        assert!(!state.turn.as_ref().unwrap().monster_ko);
        assert_eq!(tokens(&cards, &state), 0);
    }
}
