//! A team does not bring exactly two different basic action cards.
//!
//! Rule: in the tournament and basic formats each player brings two different basic
//! action cards; both players may bring the same one (then its card has twice the dice).
//! (Avengers Infinity rulebook, CUSTOMIZING YOUR TEAM; Avengers vs. X-Men rulebook,
//! Basic Teams: "You cannot bring two of the same Basic Action card.")
//!
//! ```text
//! team Eric
//! basic FB = Force Beam
//! basic FB2 = Force Beam      # the same card twice
//! ```
//!
//! Legal instead: two `basic` lines naming two different basic action cards.

use super::setup::{format_phrase, format_source};
use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    let Some(want) = setup.format.basic_actions else {
        return;
    };
    for team in &setup.teams {
        let help = format!(
            "{} has each player bring {want} different basic action cards ({})",
            format_phrase(&setup.format),
            format_source(&setup.format)
        );
        for (n, card) in team.basics.iter().enumerate() {
            let same = team.basics[..n]
                .iter()
                .find(|b| b.def.name.node == card.def.name.node);
            if let Some(first) = same {
                out.push(
                    Violation::new(
                        RuleCode::TeamBasicActions,
                        card.def.name.span,
                        format!("{} brings {} twice", team.player, card.def.name.node.title),
                        "the same basic action card again",
                    )
                    .with_help(help.clone())
                    .with_context(first.line, "first brought here"),
                );
            }
        }
        if team.basics.len() != want {
            let at = team.basics.get(want).map_or(team.line, |b| b.line);
            out.push(
                Violation::new(
                    RuleCode::TeamBasicActions,
                    at,
                    format!(
                        "{} brings {} basic action card{}",
                        team.player,
                        team.basics.len(),
                        if team.basics.len() == 1 { "" } else { "s" }
                    ),
                    format!("{want} expected"),
                )
                .with_help(help),
            );
        }
    }
}
