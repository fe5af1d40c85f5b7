//! A first-game log whose teams or middle differ from the fixed first-game setup.
//!
//! Rule: the first game uses Force Beam, Inner Rage and Thrown Car in the middle (three
//! dice each), and two fixed teams of two cards with two dice each: Human Torch: Playing
//! with Fire and Spider-Man: Webhead; Beast: Mutate #666 and Captain America: American
//! Hero. Players bring no basic action cards of their own. (Avengers vs. X-Men rulebook,
//! SETUP, Your First Game. The book's own example of play gives the first player the
//! Beast and Captain America team, so either player may have either team.)
//!
//! ```text
//! format first-game
//! team Eric
//! HU = Hulk: Jade Giant x2        # not a first-game card
//! ```
//!
//! Legal instead: the setup above, or another format (`format custom life 10`).

use crate::cards::full_name;
use crate::syntax::FormatName;

use super::setup::TeamCard;
use super::{RuleCode, Setup, Violation};

const MIDDLE: &[&str] = &["force beam", "inner rage", "thrown car"];
const TEAMS: &[&[&str]] = &[
    &["human torch: playing with fire", "spider-man: webhead"],
    &["beast: mutate #666", "captain america: american hero"],
];

/// The cards' full names, lower-cased and sorted, to compare with the fixed setup.
fn sorted_names(cards: &[TeamCard]) -> Vec<String> {
    let mut names: Vec<String> = cards
        .iter()
        .map(|c| {
            full_name(&c.def.name.node.title, c.def.name.node.subtitle.as_deref()).to_lowercase()
        })
        .collect();
    names.sort();
    names
}

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    if setup.format.name != FormatName::FirstGame {
        return;
    }
    let help = "the first game uses Force Beam, Inner Rage and Thrown Car in the middle, \
                and the teams Human Torch: Playing with Fire + Spider-Man: Webhead and \
                Beast: Mutate #666 + Captain America: American Hero, two dice per card \
                (Avengers vs. X-Men rulebook, SETUP, Your First Game)";
    let violation = |span, message: String, label: &str| {
        let mut v = Violation::new(RuleCode::FirstGameSetup, span, message, label).with_help(help);
        if let Some(line) = setup.format.line {
            v = v.with_context(line, "the first-game format is set here");
        }
        v
    };
    match &setup.middle {
        None => {
            if let Some(line) = setup.format.line {
                out.push(violation(
                    line,
                    "a first game has no `middle` section".into(),
                    "the middle is missing",
                ));
            }
        }
        Some((line, cards)) => {
            let names = sorted_names(cards);
            if names != MIDDLE {
                out.push(violation(
                    *line,
                    format!(
                        "the middle holds {}",
                        if names.is_empty() {
                            "no card".into()
                        } else {
                            names.join(", ")
                        }
                    ),
                    "not the first-game middle",
                ));
            }
            for card in cards
                .iter()
                .filter(|c| c.def.count.as_ref().is_some_and(|n| n.node != 3))
            {
                out.push(violation(
                    card.count_span(),
                    format!("{} has 3 dice in the first game", card.def.name.node.title),
                    "3 dice",
                ));
            }
        }
    }
    for team in &setup.teams {
        for basic in &team.basics {
            out.push(violation(
                basic.line,
                format!("{} brings a basic action card", team.player),
                "no basic actions of their own",
            ));
        }
        let names = sorted_names(&team.cards);
        if !TEAMS.iter().any(|t| *t == names.as_slice()) {
            out.push(violation(
                team.line,
                format!("{}'s team is not a first-game team", team.player),
                "not a first-game team",
            ));
        }
        for card in team.cards.iter().filter(|c| c.dice() != 2) {
            out.push(violation(
                card.count_span(),
                format!("{} has 2 dice in the first game", card.def.name.node.title),
                "2 dice",
            ));
        }
    }
}
