//! A game's setup as the rules see it: the format, each team's cards and dice, the middle.
//!
//! Built from the syntax tree and the card pool; cards the pool cannot resolve are kept
//! without their data (their names are reported elsewhere), so rules that only count
//! still apply to them.

use std::collections::BTreeMap;

use crate::cards::formats::{self, ListOn};
use crate::cards::model::CardKind;
use crate::cards::{Entry, Lookup, Pool};
use crate::syntax::{CardDef, FormatName, Game, Header, ListFormat, Owner, Span, Statement};

/// The format's limits, from its `format` line (tournament when there is none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Format {
    pub name: FormatName,
    /// The `format` line, when the log has one.
    pub line: Option<Span>,
    /// Character and action cards per team.
    pub max_cards: Option<usize>,
    /// Dice on those cards, per team.
    pub max_dice: Option<u32>,
    /// Basic action cards each player brings (all different).
    pub basic_actions: Option<usize>,
    /// A format with card lists (`format modern 2019`, `format golden`): its list as it
    /// stood on the game's date.
    pub listed: Option<Listed>,
}

/// The card list of a listed format, read on the game's date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The format as the `format` line asks for it: `modern 2019`, `golden`.
    pub asked: String,
    /// The game's `tag date`, when it is one (`YYYY-MM-DD`).
    pub date: Option<String>,
    /// The list on that date; `None` when no list has the asked id (an unknown season).
    pub list: Option<ListOn<'static>>,
    /// Each team card's printings, by card name: those of every set's copy of the card
    /// (a log names a card, not the printing a player holds).
    pub printings: BTreeMap<String, Vec<String>>,
}

impl Listed {
    fn new(format: ListFormat, date: Option<String>) -> Listed {
        let list = match format.id() {
            Some(id) => formats::get(&id),
            None => formats::modern_season(date.as_deref()),
        };
        Listed {
            asked: FormatName::Listed(format).to_string(),
            list: list.map(|l| l.on(date.as_deref())),
            date,
            printings: BTreeMap::new(),
        }
    }
}

/// A `tag date` value as a day (`YYYY-MM-DD`); `None` when it is written otherwise.
fn day(value: &str) -> Option<String> {
    let v = value.trim();
    let ok = v.len() == 10
        && v.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    ok.then(|| v.to_string())
}

impl Format {
    fn of(name: FormatName, line: Option<Span>) -> Format {
        let (max_cards, max_dice, basic_actions) = match name {
            FormatName::Tournament | FormatName::Listed(_) => (Some(8), Some(20), Some(2)),
            FormatName::Basic => (Some(6), Some(15), Some(2)),
            // A starter's teams are fixed (first_game_setup); custom has no limits.
            FormatName::FirstGame | FormatName::Demo(_) | FormatName::Custom => (None, None, None),
        };
        Format {
            name,
            line,
            max_cards,
            max_dice,
            basic_actions,
            listed: None,
        }
    }
}

/// One card line of a team or of the middle.
#[derive(Debug, Clone, Copy)]
pub struct TeamCard<'a> {
    pub def: &'a CardDef,
    /// The whole card line.
    pub line: Span,
    /// The card's data, when the pool knows it.
    pub entry: Option<&'a Entry>,
}

impl TeamCard<'_> {
    /// The dice brought for the card: `xN`, or one when the line gives no count.
    pub fn dice(&self) -> u32 {
        self.def.count.as_ref().map_or(1, |c| c.node)
    }

    /// The span of the dice count, or of the whole line when it has none.
    pub fn count_span(&self) -> Span {
        self.def.count.as_ref().map_or(self.line, |c| c.span)
    }

    pub fn kind(&self) -> Option<CardKind> {
        self.entry.map(|e| e.card.kind)
    }
}

#[derive(Debug, Clone)]
pub struct Team<'a> {
    pub player: &'a str,
    /// The `team` line.
    pub line: Span,
    /// Character and action cards (lines without `basic`).
    pub cards: Vec<TeamCard<'a>>,
    /// Basic action cards (lines with `basic`).
    pub basics: Vec<TeamCard<'a>>,
}

#[derive(Debug, Clone)]
pub struct Setup<'a> {
    pub format: Format,
    pub teams: Vec<Team<'a>>,
    /// The `middle` line and its cards (the first-game setup).
    pub middle: Option<(Span, Vec<TeamCard<'a>>)>,
    /// The last `first` line and the player it names.
    pub first: Option<(Span, &'a str)>,
}

impl<'a> Setup<'a> {
    pub fn new(game: &'a Game, header: &'a Header, pool: &'a Pool) -> Setup<'a> {
        let mut format = Format::of(FormatName::Tournament, None);
        let mut teams: Vec<Team<'a>> = Vec::new();
        let mut middle: Option<(Span, Vec<TeamCard<'a>>)> = None;
        let mut first = None;
        let mut date = None;
        // The file's defaults first, then the game's own lines, which override them.
        for line in header.defaults.iter().chain(&game.lines) {
            match &line.statement {
                Statement::Format { name, .. } => format = Format::of(name.node, Some(line.span)),
                Statement::Team(p) if !teams.iter().any(|t| t.player == p.node.as_str()) => {
                    teams.push(Team {
                        player: p.node.as_str(),
                        line: line.span,
                        cards: Vec::new(),
                        basics: Vec::new(),
                    });
                }
                Statement::First(p) => first = Some((line.span, p.node.as_str())),
                Statement::Tag { key, value } if key.node.as_str() == "date" => {
                    date = day(value.node.as_str());
                }
                Statement::Middle => {
                    middle.get_or_insert((line.span, Vec::new()));
                }
                Statement::Card(def) => {
                    let entry = match pool
                        .lookup(&def.name.node.title, def.name.node.subtitle.as_deref())
                    {
                        Lookup::Found(e) => Some(e),
                        _ => None,
                    };
                    let card = TeamCard {
                        def,
                        line: line.span,
                        entry,
                    };
                    match &def.owner {
                        Owner::Middle => {
                            if let Some((_, cards)) = &mut middle {
                                cards.push(card);
                            }
                        }
                        Owner::Player(p) => {
                            if let Some(team) = teams.iter_mut().find(|t| t.player == p.as_str()) {
                                if def.basic {
                                    team.basics.push(card);
                                } else {
                                    team.cards.push(card);
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if let FormatName::Listed(list) = format.name {
            let mut listed = Listed::new(list, date);
            let cards = teams.iter().flat_map(|t| t.cards.iter().chain(&t.basics));
            for e in cards.filter_map(|c| c.entry) {
                let name = e.name();
                let mut all: Vec<String> = pool
                    .entries()
                    .iter()
                    .filter(|o| o.name().eq_ignore_ascii_case(&name))
                    .flat_map(|o| o.card.printings.iter().cloned())
                    .collect();
                all.sort();
                all.dedup();
                listed.printings.insert(name, all);
            }
            format.listed = Some(listed);
        }
        Setup {
            format,
            teams,
            middle,
            first,
        }
    }
}

/// Where the team rules common to every format are written, for help lines.
pub const TEAM_RULES: &str = "Avengers Infinity rulebook, CUSTOMIZING YOUR TEAM";

/// Where a format's team limits are written, for help lines.
pub fn format_source(f: &Format) -> &'static str {
    match f.name {
        FormatName::Basic => "Avengers vs. X-Men rulebook, Basic Teams",
        FormatName::FirstGame => "Avengers vs. X-Men rulebook, SETUP, Your First Game",
        FormatName::Demo(set) => super::first_game_setup::demo(set).source,
        FormatName::Tournament | FormatName::Custom | FormatName::Listed(_) => TEAM_RULES,
    }
}

/// "the tournament format" / "the basic format", for messages.
pub fn format_phrase(f: &Format) -> &'static str {
    match f.name {
        FormatName::Tournament => "the tournament format",
        FormatName::Basic => "the basic format",
        FormatName::FirstGame => "the first-game setup",
        FormatName::Demo(_) => "a starter's demo setup",
        FormatName::Custom => "a custom format",
        FormatName::Listed(_) => "the tournament format",
    }
}
