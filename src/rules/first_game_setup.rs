//! A starter's learning game whose teams, middle or dice differ from its rulebook's setup.
//!
//! Rule: each starter rulebook fixes the setup of its first (or demo) game: three basic
//! action cards in the middle (two in Avengers Infinity), three dice on each; one team
//! of two characters per player, two dice on each; 10 life. `format demo SET` names the
//! book (`avx`, `uxm`, `imwm`, `ai`); `format first-game` accepts any of the four and is
//! compared with the one its cards come closest to.
//!
//! - `avx`: Avengers vs. X-Men rulebook (001), SETUP, Your First Game (lines 109-126):
//!   Force Beam, Inner Rage, Thrown Car; Human Torch: Playing with Fire and Spider-Man:
//!   Webhead against Beast: Mutate #666 and Captain America: American Hero.
//! - `uxm`: Uncanny X-Men rulebook (004), SETUP, Your First Game (lines 131-169): Ambush,
//!   Enrage, Reckless Melee; first player Kitty Pryde: Sprite and Cyclops: Optic Blast,
//!   second player Angel: Air Transport and Juggernaut: Cain Marko.
//! - `imwm`: Iron Man and War Machine rulebook (002), SETUP, A DEMO GAME (lines 430-465):
//!   Smash!, Surprise Attack, One Against Many; first player Howard Stark: Father and War
//!   Machine: "Rhodey", second player Jarvis: Butler and Space Armor Iron Man: Model 5.
//! - `ai`: Avengers Infinity rulebook (000), EXAMPLE GAME and EXAMPLE OF PLAY (lines
//!   814-857; 10 life also in the QUICK START, line 50): Take Cover and Crowd Fighting; first player Black Widow: Red Alert and
//!   Captain America: The Good Old Days, second player Arnim Zola: Scientist Supreme and
//!   Red Skull: Cut off One Head... (the book shortens both subtitles; these are the
//!   printed cards). The book says each player "brought" one of the two basic action
//!   cards and puts both in the middle, without saying who brought which: they may be
//!   listed under `middle`, or as one `basic` card in each team.
//!
//! Players bring no other basic action cards. Who has which team: the AvX setup list
//! gives the first player Human Torch and Spider-Man, but the book's own example of play
//! (lines 304-316) has its first player buy Captain America, so in `avx` either player
//! may have either team (not both the same one). The three other books name their teams
//! by seat and their examples keep that order (UXM lines 428-442, IMWM 473-478, AI
//! 849-857; the AI Quick Start's layout, lines 73-79, also gives one pair of cards to
//! each seat). IMWM tosses the coin for who goes first only after its team list (line
//! 463), but the list is still keyed by seat, and its example follows it. So in `uxm`,
//! `imwm` and `ai` the first player (the `first` line, or the first team without one)
//! must have the first team.
//!
//! ```text
//! format demo uxm
//! team Eric                              # goes first
//! KP = Kitty Pryde: Sprite x2
//! HU = Hulk: Jade Giant x2               # not one of this setup's cards
//! ```
//!
//! Legal instead: the setup the book prescribes, or another format (`format custom life
//! 10`).

use crate::cards::full_name;
use crate::syntax::{DemoSet, FormatName, Span};

use super::setup::TeamCard;
use super::{RuleCode, Setup, Violation};

/// Dice on each basic action card in the middle, in every starter's setup.
const MIDDLE_DICE: u32 = 3;
/// Dice on each team card, in every starter's setup.
const TEAM_DICE: u32 = 2;

/// One starter rulebook's fixed setup.
#[derive(Debug, Clone, Copy)]
pub struct Demo {
    pub set: DemoSet,
    /// The book and section, for help lines.
    pub source: &'static str,
    /// Short name for messages: "the Uncanny X-Men first game".
    pub game: &'static str,
    /// The basic action cards in the middle, as the pool spells them, in the book's order.
    pub middle: &'static [&'static str],
    /// The first player's team, then the second player's.
    pub teams: [&'static [&'static str]; 2],
    /// The first player must have the first team (see the doc above for why AvX does not).
    pub seats: bool,
    /// The middle's cards may be brought by the players instead, one each (Avengers Infinity).
    pub brought: bool,
    /// Starting life.
    pub life: u32,
}

/// The four setups, AvX first: `first-game` compares with it when nothing is closer.
pub const DEMOS: [Demo; 4] = [
    Demo {
        set: DemoSet::Avx,
        source: "Avengers vs. X-Men rulebook, SETUP, Your First Game",
        game: "the Avengers vs. X-Men first game",
        middle: &["Force Beam", "Inner Rage", "Thrown Car"],
        teams: [
            &["Human Torch: Playing with Fire", "Spider-Man: Webhead"],
            &["Beast: Mutate #666", "Captain America: American Hero"],
        ],
        seats: false,
        brought: false,
        life: 10,
    },
    Demo {
        set: DemoSet::Uxm,
        source: "Uncanny X-Men rulebook, SETUP, Your First Game",
        game: "the Uncanny X-Men first game",
        middle: &["Ambush", "Enrage", "Reckless Melee"],
        teams: [
            &["Kitty Pryde: Sprite", "Cyclops: Optic Blast"],
            &["Angel: Air Transport", "Juggernaut: Cain Marko"],
        ],
        seats: true,
        brought: false,
        life: 10,
    },
    Demo {
        set: DemoSet::Imwm,
        source: "Iron Man and War Machine rulebook, SETUP, A DEMO GAME",
        game: "the Iron Man and War Machine demo game",
        middle: &["Smash!", "Surprise Attack", "One Against Many"],
        teams: [
            &["Howard Stark: Father", "War Machine: \"Rhodey\""],
            &["Jarvis: Butler", "Space Armor Iron Man: Model 5"],
        ],
        seats: true,
        brought: false,
        life: 10,
    },
    Demo {
        set: DemoSet::Ai,
        source: "Avengers Infinity rulebook, EXAMPLE GAME and EXAMPLE OF PLAY",
        game: "the Avengers Infinity demo game",
        middle: &["Take Cover", "Crowd Fighting"],
        teams: [
            &[
                "Black Widow: Red Alert",
                "Captain America: The Good Old Days",
            ],
            &[
                "Arnim Zola: Scientist Supreme",
                "Red Skull: Cut off One Head...",
            ],
        ],
        seats: true,
        brought: true,
        life: 10,
    },
];

/// The setup `format demo SET` names.
pub fn demo(set: DemoSet) -> &'static Demo {
    DEMOS.iter().find(|d| d.set == set).unwrap_or(&DEMOS[0])
}

/// The cards' full names as written, in the order of [`sorted_names`].
fn written_names<'c>(cards: impl IntoIterator<Item = &'c TeamCard<'c>>) -> Vec<String> {
    let mut names: Vec<String> = cards
        .into_iter()
        .map(|c| full_name(&c.def.name.node.title, c.def.name.node.subtitle.as_deref()))
        .collect();
    names.sort_by_key(|n| n.to_lowercase());
    names
}

/// The cards' full names, lower-cased and sorted, to compare with a fixed setup (the
/// pool matches names regardless of case too).
fn sorted_names<'c>(cards: impl IntoIterator<Item = &'c TeamCard<'c>>) -> Vec<String> {
    written_names(cards)
        .iter()
        .map(|n| n.to_lowercase())
        .collect()
}

/// A fixed list the same way: lower-cased and sorted.
fn sorted(list: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = list.iter().map(|n| n.to_lowercase()).collect();
    names.sort();
    names
}

/// The setup whose cards a `first-game` log names most of; AvX on a tie.
fn closest(setup: &Setup) -> &'static Demo {
    let mut logged: Vec<TeamCard> = Vec::new();
    for team in &setup.teams {
        logged.extend(team.cards.iter().chain(&team.basics).copied());
    }
    if let Some((_, middle)) = &setup.middle {
        logged.extend(middle.iter().copied());
    }
    let logged = sorted_names(&logged);
    let mut best = &DEMOS[0];
    let mut best_score = 0;
    for demo in &DEMOS {
        let known: Vec<String> = demo
            .teams
            .iter()
            .flat_map(|t| t.iter())
            .chain(demo.middle)
            .map(|n| n.to_lowercase())
            .collect();
        let score = logged.iter().filter(|n| known.contains(n)).count();
        if score > best_score {
            best = demo;
            best_score = score;
        }
    }
    best
}

/// What the book prescribes, for help lines.
fn prescribed(demo: &Demo) -> String {
    let middle = if demo.brought {
        format!(
            "{} in the middle (or one brought by each player)",
            demo.middle.join(" and ")
        )
    } else {
        format!("{} in the middle", demo.middle.join(", "))
    };
    let seat = |n: usize| demo.teams[n].join(" + ");
    let teams = if demo.seats {
        format!(
            "the first player's team {}, the second player's {}",
            seat(0),
            seat(1)
        )
    } else {
        format!(
            "the teams {} and {} (either player may take either)",
            seat(0),
            seat(1)
        )
    };
    format!(
        "{}: {middle}, {MIDDLE_DICE} dice each; {teams}, {TEAM_DICE} dice per card; {} life ({})",
        demo.game, demo.life, demo.source
    )
}

pub fn check(setup: &Setup, out: &mut Vec<Violation>) {
    let (demo, context) = match setup.format.name {
        FormatName::Demo(set) => {
            let demo = demo(set);
            (demo, format!("`demo {}`: {}", set.code(), demo.game))
        }
        FormatName::FirstGame => {
            let demo = closest(setup);
            (
                demo,
                format!(
                    "`first-game`: compared with {}, its closest setup",
                    demo.game
                ),
            )
        }
        _ => return,
    };
    let help = prescribed(demo);
    let violation = |span, message: String, label: &str| {
        let mut v =
            Violation::new(RuleCode::FirstGameSetup, span, message, label).with_help(help.clone());
        if let Some(line) = setup.format.line {
            v = v.with_context(line, context.clone());
        }
        v
    };
    check_middle(setup, demo, out, &violation);
    check_teams(setup, demo, out, &violation);
}

fn check_middle(
    setup: &Setup,
    demo: &Demo,
    out: &mut Vec<Violation>,
    violation: &impl Fn(Span, String, &str) -> Violation,
) {
    // The basic action cards in play: the middle's, and where the book lets the players
    // bring them, each player's one.
    let mut cards: Vec<TeamCard> = setup
        .middle
        .as_ref()
        .map(|(_, m)| m.clone())
        .unwrap_or_default();
    let mut first_basic = None;
    for team in &setup.teams {
        for (n, basic) in team.basics.iter().enumerate() {
            if !demo.brought {
                out.push(violation(
                    basic.line,
                    format!("{} brings a basic action card", team.player),
                    "no basic actions of their own",
                ));
            } else {
                if n > 0 {
                    out.push(violation(
                        basic.line,
                        format!("{} brings a second basic action card", team.player),
                        "one basic action card each",
                    ));
                }
                // In play all the same: the middle is compared with every card brought.
                cards.push(*basic);
                first_basic.get_or_insert(basic.line);
            }
        }
    }
    let at = setup.middle.as_ref().map(|(line, _)| *line).or(first_basic);
    let Some(at) = at else {
        if let Some(line) = setup.format.line {
            out.push(violation(
                line,
                format!("{} has no `middle` section", demo.game),
                "the middle is missing",
            ));
        }
        return;
    };
    if sorted_names(&cards) != sorted(demo.middle) {
        let names = written_names(&cards);
        out.push(violation(
            at,
            format!(
                "the basic action cards are {}",
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                }
            ),
            "not this setup's middle",
        ));
    }
    if let Some((_, middle)) = &setup.middle {
        for card in middle
            .iter()
            .filter(|c| c.def.count.as_ref().is_some_and(|n| n.node != MIDDLE_DICE))
        {
            out.push(violation(
                card.count_span(),
                format!(
                    "{} has {MIDDLE_DICE} dice in {}",
                    card.def.name.node.title, demo.game
                ),
                "3 dice",
            ));
        }
    }
}

fn check_teams(
    setup: &Setup,
    demo: &Demo,
    out: &mut Vec<Violation>,
    violation: &impl Fn(Span, String, &str) -> Violation,
) {
    let teams = demo.teams.map(sorted);
    // Which of the setup's teams each player has, if any.
    let mut seats: Vec<Option<usize>> = Vec::new();
    for team in &setup.teams {
        let names = sorted_names(&team.cards);
        let seat = teams.iter().position(|t| *t == names);
        if seat.is_none() {
            out.push(violation(
                team.line,
                format!("{}'s team is not a team of {}", team.player, demo.game),
                "not a team of this setup",
            ));
        }
        seats.push(seat);
        for card in team.cards.iter().filter(|c| c.dice() != TEAM_DICE) {
            out.push(violation(
                card.count_span(),
                format!(
                    "{} has {TEAM_DICE} dice in {}",
                    card.def.name.node.title, demo.game
                ),
                "2 dice",
            ));
        }
    }
    // Who goes first: the `first` line's player, or the first team's without one (the
    // engine's own rule for turn order).
    let first = setup
        .first
        .and_then(|(_, p)| setup.teams.iter().position(|t| t.player == p))
        .unwrap_or(0);
    let Some(&first_seat) = seats.get(first) else {
        return;
    };
    if demo.seats && first_seat == Some(1) {
        let team = &setup.teams[first];
        let span = setup.first.map_or(team.line, |(line, _)| line);
        let why = match setup.first {
            Some(_) => "",
            // Say why this player counts as the first one.
            None => " (no `first` line: the first team listed goes first)",
        };
        out.push(violation(
            span,
            format!(
                "{} goes first with the second player's team{why}",
                team.player
            ),
            "the first player has the second team",
        ));
    }
    for (n, team) in setup.teams.iter().enumerate() {
        if n == first || seats[n].is_none() {
            continue;
        }
        let (message, label) = if demo.seats {
            // The other player must have the second team; a swap, or both players with
            // the second team, was reported once, on the first player.
            if seats[n] != Some(0) || first_seat == Some(1) {
                continue;
            }
            (
                format!("{} goes second with the first player's team", team.player),
                "the second player has the first team",
            )
        } else {
            if seats[n] != first_seat {
                continue;
            }
            (
                format!(
                    "{} has the same team as {}",
                    team.player, setup.teams[first].player
                ),
                "each player has a team of their own",
            )
        };
        out.push(violation(team.line, message, label));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Lookup, Pool};
    use crate::engine::cards::starting_life;
    use crate::syntax::parse_str;

    /// The setup violations of a log, as (line number, message).
    fn violations(log: &str) -> Vec<(usize, String)> {
        let (doc, errors) = parse_str(log);
        assert!(errors.is_empty(), "{errors:?}");
        let setup = Setup::new(&doc.games[0], &doc.header, Pool::embedded());
        let mut out = Vec::new();
        check(&setup, &mut out);
        let mut found: Vec<(usize, String)> = out
            .iter()
            .map(|v| {
                (
                    log[..v.span.start].matches('\n').count() + 1,
                    v.message.clone(),
                )
            })
            .collect();
        found.sort();
        found
    }

    /// `str::replace` that fails the test when there is nothing to replace, so an edit
    /// that misses cannot leave a case testing the unchanged log.
    trait Edit {
        fn edit(&self, from: &str, to: &str) -> String;
    }

    impl Edit for str {
        fn edit(&self, from: &str, to: &str) -> String {
            assert!(self.contains(from), "no {from:?} in:\n{self}");
            self.replace(from, to)
        }
    }

    /// A log of `demo`'s setup under `format`, the first team for the first player.
    fn log_of(demo: &Demo, format: &str) -> String {
        let mut log = format!("dmlog 1\nformat {format}\n");
        for (p, player) in ["Ann", "Bob"].iter().enumerate() {
            log.push_str(&format!("team {player}\n"));
            for (n, card) in demo.teams[p].iter().enumerate() {
                log.push_str(&format!("C{p}{n} = {card} x2\n"));
            }
        }
        log.push_str("middle\n");
        for (n, card) in demo.middle.iter().enumerate() {
            log.push_str(&format!("M{n} = {card} x3\n"));
        }
        log.push_str("first Ann\n");
        log
    }

    #[test]
    fn every_setup_names_cards_of_the_pool() {
        let pool = Pool::embedded();
        for demo in &DEMOS {
            for name in demo.teams.iter().flat_map(|t| t.iter()).chain(demo.middle) {
                let (title, subtitle) = match name.split_once(": ") {
                    Some((t, s)) => (t, Some(s)),
                    None => (*name, None),
                };
                assert!(
                    matches!(pool.lookup(title, subtitle), Lookup::Found(_)),
                    "{name} is not a card of the pool"
                );
            }
        }
    }

    #[test]
    fn every_setup_is_legal_under_its_name_and_as_first_game() {
        for demo in &DEMOS {
            let named = format!("demo {}", demo.set.code());
            assert_eq!(violations(&log_of(demo, &named)), [], "{named}");
            assert_eq!(violations(&log_of(demo, "first-game")), [], "{named}");
        }
    }

    #[test]
    fn a_named_setup_rejects_another_books_cards() {
        let log = log_of(&DEMOS[1], "demo avx");
        let found = violations(&log);
        // Both teams, and the middle.
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found[0].1.contains("the Avengers vs. X-Men first game"));
    }

    #[test]
    fn first_game_is_compared_with_the_closest_setup() {
        let log = log_of(&DEMOS[2], "first-game").edit("Jarvis: Butler", "Jarvis: Loyal Confidant");
        let (doc, _) = parse_str(&log);
        let setup = Setup::new(&doc.games[0], &doc.header, Pool::embedded());
        assert_eq!(closest(&setup).set, DemoSet::Imwm);
        let found = violations(&log);
        assert_eq!(
            found,
            [(
                6,
                "Bob's team is not a team of the Iron Man and War Machine demo game".into()
            )]
        );
    }

    #[test]
    fn avx_lets_either_player_have_either_team_but_not_the_same() {
        let swapped = "dmlog 1\nformat demo avx\nteam Eric\nCA = Captain America: American Hero x2\n\
                       BE = Beast: Mutate #666 x2\nteam Mike\nHT = Human Torch: Playing with Fire x2\n\
                       SM = Spider-Man: Webhead x2\nmiddle\nFB = Force Beam x3\nIR = Inner Rage x3\n\
                       TC = Thrown Car x3\nfirst Eric\n";
        assert_eq!(violations(swapped), []);
        let same = swapped
            .edit(
                "HT = Human Torch: Playing with Fire",
                "CA2 = Captain America: American Hero",
            )
            .edit("SM = Spider-Man: Webhead", "BE2 = Beast: Mutate #666");
        assert_eq!(
            violations(&same),
            [(6, "Mike has the same team as Eric".into())]
        );
    }

    #[test]
    fn the_other_books_keep_their_seats() {
        let log = log_of(&DEMOS[1], "demo uxm");
        let swapped = log.edit("first Ann", "first Bob");
        assert_eq!(
            violations(&swapped),
            [(13, "Bob goes first with the second player's team".into())]
        );
        // Without a `first` line the first team's player goes first.
        let no_first = log.edit("first Ann\n", "");
        assert_eq!(violations(&no_first), []);
        // The second team listed first, and no `first` line.
        let mut reversed = DEMOS[1];
        reversed.teams.reverse();
        let reversed = log_of(&reversed, "demo uxm").edit("first Ann\n", "");
        assert_eq!(
            violations(&reversed),
            [(
                3,
                "Ann goes first with the second player's team (no `first` line: the first \
                 team listed goes first)"
                    .into()
            )]
        );
        let both_first = log
            .edit("Angel: Air Transport", "Cyclops: Optic Blast")
            .edit("Juggernaut: Cain Marko", "Kitty Pryde: Sprite");
        assert_eq!(
            violations(&both_first),
            [(6, "Bob goes second with the first player's team".into())]
        );
        let only_bob_valid =
            both_first.edit("Kitty Pryde: Sprite x2\nC01", "Hulk: Jade Giant x2\nC01");
        assert_eq!(
            violations(&only_bob_valid),
            [
                (
                    3,
                    "Ann's team is not a team of the Uncanny X-Men first game".into()
                ),
                (6, "Bob goes second with the first player's team".into())
            ]
        );
    }

    #[test]
    fn avengers_infinity_players_may_bring_the_basic_actions_one_each() {
        let log = log_of(&DEMOS[3], "demo ai");
        let brought = log
            .edit("middle\nM0 = Take Cover x3\nM1 = Crowd Fighting x3\n", "")
            .edit("team Bob\n", "basic M0 = Take Cover\nteam Bob\n")
            .edit("first Ann", "basic M1 = Crowd Fighting\nfirst Ann");
        assert_eq!(violations(&brought), []);
        let two = brought
            .edit("basic M1 = Crowd Fighting\n", "")
            .edit("team Bob\n", "basic M1 = Crowd Fighting\nteam Bob\n");
        assert_eq!(
            violations(&two),
            [(7, "Ann brings a second basic action card".into())]
        );
        // Elsewhere a player's own basic action card is not part of the setup.
        let own = log_of(&DEMOS[0], "demo avx").edit("team Bob\n", "basic X = Smash!\nteam Bob\n");
        assert_eq!(
            violations(&own),
            [(6, "Ann brings a basic action card".into())]
        );
    }

    #[test]
    fn the_middle_and_the_dice_are_checked() {
        let log = log_of(&DEMOS[2], "demo imwm");
        assert_eq!(
            violations(&log.edit("M1 = Surprise Attack x3", "M1 = Surprise Attack x2")),
            [(
                11,
                "Surprise Attack has 3 dice in the Iron Man and War Machine demo game".into()
            )]
        );
        assert_eq!(
            violations(&log.edit(
                "C00 = Howard Stark: Father x2",
                "C00 = Howard Stark: Father x3"
            )),
            [(
                4,
                "Howard Stark has 2 dice in the Iron Man and War Machine demo game".into()
            )]
        );
        let no_middle = log.split("middle\n").next().unwrap_or_default().to_string();
        assert_eq!(
            violations(&no_middle),
            [(
                2,
                "the Iron Man and War Machine demo game has no `middle` section".into()
            )]
        );
        let wrong = log.edit("Smash!", "Force Beam");
        assert_eq!(
            violations(&wrong),
            [(
                9,
                "the basic action cards are Force Beam, One Against Many, Surprise Attack".into()
            )]
        );
    }

    #[test]
    fn every_book_starts_at_10_life_and_the_formats_say_so() {
        for demo in &DEMOS {
            assert_eq!(demo.life, 10);
            assert_eq!(starting_life(FormatName::Demo(demo.set), None), demo.life);
        }
        assert_eq!(starting_life(FormatName::FirstGame, None), 10);
    }

    #[test]
    fn each_set_has_one_setup() {
        for set in DemoSet::ALL {
            assert_eq!(demo(set).set, set);
        }
    }
}
