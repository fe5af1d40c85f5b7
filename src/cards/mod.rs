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
pub fn check_card_names(game: &Game, pool: &Pool) -> Vec<CardError> {
    let mut errors = Vec::new();
    for line in &game.lines {
        let Statement::Card(def) = &line.statement else {
            continue;
        };
        let name = &def.name.node;
        let written = full_name(&name.title, name.subtitle.as_deref());
        match pool.lookup(&name.title, name.subtitle.as_deref()) {
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
