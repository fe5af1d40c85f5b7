//! A team brings more dice than its format allows.
//!
//! Rule: a tournament team brings up to 20 dice on its character and action cards, a basic
//! team up to 15 (sidekick and basic action dice are not counted). (Avengers Infinity
//! rulebook, CUSTOMIZING YOUR TEAM; Avengers vs. X-Men rulebook, Basic Teams.)
//!
//! ```text
//! format basic
//! team Eric
//! CA = Captain America: American Hero x4
//! ...                                      # 16 dice in all: one more than 15
//! ```
//!
//! Legal instead: take dice off cards until the total is within the limit.

use super::setup::{format_phrase, format_source};
use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    let Some(max) = setup.format.max_dice else {
        return;
    };
    for team in &setup.teams {
        let mut total = 0;
        for card in &team.cards {
            total += card.dice();
            if total > max {
                out.push(
                    Violation::new(
                        RuleCode::TeamDiceCount,
                        card.count_span(),
                        format!("{}'s team brings more than {max} dice", team.player),
                        format!("{total} dice by this card"),
                    )
                    .with_help(format!(
                        "{} allows up to {max} dice on a team's cards ({})",
                        format_phrase(&setup.format),
                        format_source(&setup.format)
                    ))
                    .with_context(team.line, "this team"),
                );
                break;
            }
        }
    }
}
