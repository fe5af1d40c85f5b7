//! A card brings more dice than the limit printed on it.
//!
//! Rule: each card may have at most the maximum number of dice listed on it. (Avengers
//! Infinity rulebook, CUSTOMIZING YOUR TEAM: "no more than the maximum number of dice
//! listed on it".) The limit comes from the card database (`dmlint cards NAME`).
//!
//! ```text
//! team Eric
//! HU = Hulk: Jade Giant x5     # Hulk: Jade Giant allows 4
//! ```
//!
//! Legal instead: at most the card's die limit.

use super::setup::TEAM_RULES;
use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    for team in &setup.teams {
        for card in &team.cards {
            let Some(limit) = card.entry.and_then(|e| e.card.die_limit) else {
                continue;
            };
            if card.dice() > u32::from(limit) {
                out.push(
                    Violation::new(
                        RuleCode::TeamDieLimit,
                        card.count_span(),
                        format!(
                            "{} brings {} dice for {}",
                            team.player,
                            card.dice(),
                            card.def.name.node.title
                        ),
                        format!("its limit is {limit}"),
                    )
                    .with_help(format!(
                        "{} allows at most {limit} dice ({TEAM_RULES})",
                        card.entry.map_or_else(String::new, |e| e.name())
                    )),
                );
            }
        }
    }
}
