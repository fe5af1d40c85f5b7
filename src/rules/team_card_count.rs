//! A team brings more character and action cards than its format allows.
//!
//! Rule: a tournament team has up to eight character and/or action cards; a basic team up
//! to six. Basic action cards are not counted. (Avengers Infinity rulebook, CUSTOMIZING
//! YOUR TEAM; Avengers vs. X-Men rulebook, Basic Teams.)
//!
//! ```text
//! format basic
//! team Eric            # seven cards: one too many for the basic format
//! ```
//!
//! Legal instead: leave cards out until the team has at most the format's number.

use super::setup::{format_phrase, format_source};
use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    let Some(max) = setup.format.max_cards else {
        return;
    };
    for team in &setup.teams {
        if team.cards.len() > max {
            let extra = team.cards[max];
            out.push(
                Violation::new(
                    RuleCode::TeamCardCount,
                    extra.line,
                    format!(
                        "{}'s team has {} character and action cards",
                        team.player,
                        team.cards.len()
                    ),
                    format!("card {} of at most {max}", max + 1),
                )
                .with_help(format!(
                    "{} allows up to {max} character and action cards per team ({})",
                    format_phrase(&setup.format),
                    format_source(&setup.format)
                ))
                .with_context(team.line, "this team"),
            );
        }
    }
}
