//! A team brings two cards with the same title.
//!
//! Rule: a team cannot use two cards with the same name, even with different subtitles
//! (Gamora: Power Gem and Gamora: Solar Sacrifice), even from different sets.
//! (Avengers Infinity rulebook, CUSTOMIZING YOUR TEAM; Avengers vs. X-Men rulebook,
//! Basic Teams.)
//!
//! ```text
//! team Eric
//! CA = Captain America: American Hero x2
//! CN = Captain America: Natural Leader x2     # a second Captain America
//! ```
//!
//! Legal instead: one card per title.

use super::setup::TEAM_RULES;
use super::{RuleCode, Setup, Violation};

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    for team in &setup.teams {
        for (n, card) in team.cards.iter().enumerate() {
            let title = card.def.name.node.title.to_lowercase();
            if let Some(first) = team.cards[..n]
                .iter()
                .find(|c| c.def.name.node.title.to_lowercase() == title)
            {
                out.push(
                    Violation::new(
                        RuleCode::TeamDuplicateTitle,
                        card.def.name.span,
                        format!(
                            "{} brings two cards titled {}",
                            team.player, card.def.name.node.title
                        ),
                        "same title again",
                    )
                    .with_help(format!(
                        "a team has at most one card per title, whatever the subtitle ({TEAM_RULES})"
                    ))
                    .with_context(first.def.name.span, "first here"),
                );
            }
        }
    }
}
