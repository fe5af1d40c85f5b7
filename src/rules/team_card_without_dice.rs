//! A card on a team with no dice.
//!
//! Rule: each card a player brings must have at least one die. (Avengers Infinity
//! rulebook, CUSTOMIZING YOUR TEAM: "each individual card has at least one die".)
//!
//! ```text
//! team Eric
//! CA = Captain America: American Hero x0
//! ```
//!
//! Legal instead: give the card at least one die (`x1`), or leave the card out. A card
//! line without `xN` brings one die.

use super::setup::TEAM_RULES;
use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    for team in &setup.teams {
        for card in team.cards.iter().filter(|c| c.dice() == 0) {
            out.push(
                Violation::new(
                    RuleCode::TeamCardWithoutDice,
                    card.count_span(),
                    format!(
                        "{} brings {} with no dice",
                        team.player, card.def.name.node.title
                    ),
                    "no dice",
                )
                .with_help(format!(
                    "every card on a team has at least one die ({TEAM_RULES})"
                )),
            );
        }
    }
}
