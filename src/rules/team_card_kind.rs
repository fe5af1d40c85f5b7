//! A card listed as the wrong kind: a basic action card among a team's cards, or a
//! character or action card marked `basic`.
//!
//! Rule: a team's character and action cards exclude basic actions, which are brought
//! separately and go to the middle. (Avengers vs. X-Men rulebook, Basic Teams: "any mix
//! of characters and actions (except Basic actions)"; Avengers Infinity rulebook,
//! CUSTOMIZING YOUR TEAM.)
//!
//! ```text
//! team Eric
//! FB = Force Beam                  # a basic action card: write `basic FB = Force Beam`
//! basic CA = Captain America: American Hero x2   # not a basic action card
//! ```
//!
//! Legal instead: `basic` exactly on the basic action cards.

use crate::cards::model::CardKind;

use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    for team in &setup.teams {
        for card in &team.cards {
            if card.kind() == Some(CardKind::BasicAction) {
                // The same line, marked.
                let mut basic = card.def.clone();
                basic.basic = true;
                out.push(
                    Violation::new(
                        RuleCode::TeamCardKind,
                        card.def.name.span,
                        format!("{} is a basic action card", card.def.name.node.title),
                        "listed as a team card",
                    )
                    .with_help(format!(
                        "write basic action cards with `basic` before the alias: `{basic}`"
                    )),
                );
            }
        }
        for card in &team.basics {
            if matches!(card.kind(), Some(CardKind::Character | CardKind::Action)) {
                out.push(
                    Violation::new(
                        RuleCode::TeamCardKind,
                        card.def.name.span,
                        format!("{} is not a basic action card", card.def.name.node.title),
                        "marked `basic`",
                    )
                    .with_help("only basic action cards take `basic`; list this card without it"),
                );
            }
        }
    }
}
