//! The card database: every card's facts and every known die's faces.
//!
//! Card data lives in YAML under `cards/` ([`model`] is its schema), is checked by
//! [`load`], compiled into the binary by `build.rs`, and served by [`Pool`].

pub mod ability;
pub mod error;
pub mod files;
pub mod formats;
pub mod load;
pub mod model;
pub mod pool;
pub mod show;
pub mod text;

pub use error::{CardCode, CardError};
pub use load::{MAX_FILE, parse_card_file};
pub use model::{Card, CardFile, CardKind};
pub use pool::{BrokenCard, Entry, Lookup, Pool, SetStats};

/// A card's name as printed and as logs write it: `Title: Subtitle`, or the title alone.
pub fn full_name(title: &str, subtitle: Option<&str>) -> String {
    match subtitle {
        Some(s) => format!("{title}: {s}"),
        None => title.to_string(),
    }
}

use crate::syntax::{Game, Statement};

/// Resolves every card a game's team lines name; the ones the pool cannot resolve come
/// back as diagnostics on the card's name, with the closest names as help.
/// A card name that ends in a die count the parser did not take as one (`X2`, `2x`,
/// `×2`): the card it names without the count, and the count, when that card exists.
fn count_habit(pool: &Pool, title: &str, subtitle: Option<&str>) -> Option<(String, u32)> {
    let written = full_name(title, subtitle);
    let (rest, last) = written.trim_end().rsplit_once(' ')?;
    let digits = last
        .strip_prefix(['X', 'x', '×'])
        .or_else(|| last.strip_suffix(['X', 'x', '×']))?;
    let count: u32 = digits.parse().ok()?;
    let (title, subtitle) = match rest.split_once(':') {
        Some((t, s)) => (t.trim(), Some(s.trim())),
        None => (rest.trim(), None),
    };
    match pool.lookup(title, subtitle) {
        Lookup::Found(_) => Some((full_name(title, subtitle), count)),
        _ => None,
    }
}

pub fn check_card_names(game: &Game, pool: &Pool) -> Vec<CardError> {
    let mut errors = Vec::new();
    for line in &game.lines {
        let Statement::Card(def) = &line.statement else {
            continue;
        };
        let name = &def.name.node;
        let written = full_name(&name.title, name.subtitle.as_deref());
        let lookup = pool.lookup(&name.title, name.subtitle.as_deref());
        // `X2` and `2x` are not read as the die count: say so rather than guess a card.
        if let Lookup::Unknown(_) = lookup
            && let Some((card, count)) = count_habit(pool, &name.title, name.subtitle.as_deref())
        {
            errors.push(
                CardError::new(
                    CardCode::UnknownCard,
                    def.name.span,
                    format!("no card is named {}", pool::shown_name(&written)),
                    "the die count is read as part of the name",
                )
                .with_help(format!(
                    "write the count in lower case after the name: `{} = {card} x{count}`",
                    def.alias.node
                )),
            );
            continue;
        }
        match lookup {
            Lookup::Found(_) => {}
            Lookup::Unknown(near) => {
                let help = match near.as_slice() {
                    [] => {
                        "no card has a similar name: `dmlint cards QUERY` searches the pool, and \
                           `--cards FILE` adds cards"
                            .to_string()
                    }
                    [one] => format!("did you mean {one}?"),
                    many => format!("did you mean one of: {}?", many.join("; ")),
                };
                errors.push(
                    CardError::new(
                        CardCode::UnknownCard,
                        def.name.span,
                        format!("no card is named {}", pool::shown_name(&written)),
                        "unknown card",
                    )
                    .with_help(help),
                );
            }
            Lookup::Broken(b) => errors.push(
                CardError::new(
                    CardCode::BrokenCard,
                    def.name.span,
                    format!("the card file entry for {written} is invalid"),
                    "this card's entry is broken",
                )
                .with_help(format!(
                    "fix the card file at {} (its diagnostic is above)",
                    b.at
                )),
            ),
            Lookup::Ambiguous(found) => {
                let mut names: Vec<String> = found.iter().map(|e| e.name()).collect();
                names.sort();
                names.dedup();
                let shown = names.iter().take(5).cloned().collect::<Vec<_>>().join("; ");
                let more = if names.len() > 5 {
                    format!(" and {} more", names.len() - 5)
                } else {
                    String::new()
                };
                errors.push(
                    CardError::new(
                        CardCode::AmbiguousCard,
                        def.name.span,
                        format!("{} cards are titled {written}", names.len()),
                        "which one?",
                    )
                    .with_help(format!("add the subtitle: {shown}{more}")),
                );
            }
        }
    }
    errors
}
