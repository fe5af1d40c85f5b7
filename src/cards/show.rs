//! A card, readably: what `dmlint cards QUERY` prints.

use std::fmt::Write;

use super::model::{Abilities, CardKind, EnergyType};
use super::pool::Entry;

/// A card's facts, one per line: cost and energy, affiliations, die limit, faces and
/// per-level stats, abilities.
pub fn describe(e: &Entry) -> String {
    let c = &e.card;
    let mut out = String::new();
    let number = c
        .number
        .as_deref()
        .map(|n| format!(" #{n}"))
        .unwrap_or_default();
    let _ = writeln!(out, "{}  ({}{number}, {})", e.name(), e.set, kind(c.kind));
    let cost = c.cost.map_or("unknown".to_string(), |n| n.to_string());
    let energy = if c.energy.is_empty() {
        "any energy".to_string()
    } else {
        c.energy
            .iter()
            .map(|t| energy(*t))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let _ = writeln!(out, "  cost {cost}, {energy}");
    if !c.affiliations.is_empty() {
        let _ = writeln!(out, "  affiliations: {}", c.affiliations.join(", "));
    }
    let limit = c.die_limit.map_or("unknown".to_string(), |n| n.to_string());
    let rarity = c.rarity.as_deref().unwrap_or("unknown");
    let errata = if c.errata { ", errata" } else { "" };
    let _ = writeln!(out, "  die limit {limit}, rarity {rarity}{errata}");
    if !c.keywords.is_empty() {
        let _ = writeln!(out, "  keywords: {}", c.keywords.join(", "));
    }
    if !c.printings.is_empty() {
        let _ = writeln!(out, "  printings: {}", c.printings.join(", "));
    }
    match &c.die {
        None => {
            let _ = writeln!(
                out,
                "  die: not known (a log that needs its faces is undecided)"
            );
        }
        Some(die) => {
            for (n, l) in die.levels.iter().enumerate() {
                let bursts = "*".repeat(usize::from(l.bursts));
                let _ = writeln!(
                    out,
                    "  level {}: fielding {}, attack {}, defense {}{}",
                    n + 1,
                    l.fielding,
                    l.attack,
                    l.defense,
                    if bursts.is_empty() {
                        String::new()
                    } else {
                        format!(", burst {bursts}")
                    }
                );
            }
            if !die.actions.is_empty() {
                let _ = writeln!(out, "  action faces: {}", die.actions.join(" "));
            }
            match die.energy.known() {
                Some(f) => {
                    let _ = writeln!(out, "  energy faces: {}", f.join(" "));
                }
                None => {
                    let _ = writeln!(out, "  energy faces: not known");
                }
            }
        }
    }
    match &c.abilities {
        Abilities::Encoded(list) => {
            for a in list {
                let _ = writeln!(out, "  {}", super::text::ability(a));
            }
        }
        other => {
            let state = if *other == Abilities::None {
                "none"
            } else {
                "not encoded yet"
            };
            match &c.summary {
                Some(s) => {
                    let _ = writeln!(out, "  ability ({state}): {s}");
                }
                None => {
                    let _ = writeln!(out, "  abilities: {state}");
                }
            }
        }
    }
    for d in &c.disputed {
        let _ = writeln!(out, "  disputed: {d}");
    }
    for note in &c.notes {
        let _ = writeln!(out, "  note: {note}");
    }
    out
}

fn kind(k: CardKind) -> &'static str {
    match k {
        CardKind::Character => "character",
        CardKind::Action => "action",
        CardKind::BasicAction => "basic action",
        CardKind::Unknown => "kind unknown",
    }
}

fn energy(t: EnergyType) -> &'static str {
    match t {
        EnergyType::Fist => "fist",
        EnergyType::Bolt => "bolt",
        EnergyType::Mask => "mask",
        EnergyType::Shield => "shield",
    }
}
