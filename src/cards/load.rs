//! Reading one card file: YAML to [`CardFile`], then the checks serde cannot make.
//!
//! Every error is a [`CardError`] with a byte span in the file, so card files get the
//! same rendering (line, column, snippet, help) as logs. Sizes are bounded before
//! parsing, and serde-saphyr's budget stops alias bombs.

use std::collections::HashMap;

use super::error::{CardCode, CardError};
use super::full_name;
use super::model::{CardFile, SCHEMA};
use crate::diag::nearest;
use crate::syntax::{Face, Span, parse_face};

/// The largest card file accepted.
pub const MAX_FILE: usize = 16 << 20;
/// The longest text value accepted in a card file.
pub const MAX_STRING: usize = 2000;

/// Field names of the schema, for "did you mean" on an unknown field.
const FIELDS: &[&str] = &[
    "schema",
    "set",
    "cards",
    "dice",
    "code",
    "name",
    "universe",
    "number",
    "title",
    "subtitle",
    "kind",
    "cost",
    "energy",
    "affiliations",
    "die_limit",
    "rarity",
    "errata",
    "keywords",
    "printings",
    "die",
    "abilities",
    "summary",
    "source",
    "notes",
    "disputed",
    "levels",
    "actions",
    "fielding",
    "attack",
    "defense",
    "bursts",
    "sidekick",
    "basic_action",
];

/// Parses and checks one card file.
pub fn parse_card_file(text: &str) -> Result<CardFile, Vec<CardError>> {
    if text.len() > MAX_FILE {
        return Err(vec![too_large(text.len() as u64)]);
    }
    let file: CardFile = serde_saphyr::from_str(text).map_err(|e| vec![yaml_error(text, &e)])?;
    let errors = check(text, &file);
    if errors.is_empty() {
        Ok(file)
    } else {
        Err(errors)
    }
}

/// The diagnostic for a card file of `len` bytes, over [`MAX_FILE`].
pub fn too_large(len: u64) -> CardError {
    CardError::new(
        CardCode::TooLarge,
        Span::new(0, 0),
        format!("the card file is {len} bytes"),
        "too large",
    )
    .with_help(format!(
        "a card file is at most {MAX_FILE} bytes; split it into one file per set"
    ))
}

/// A serde-saphyr error as a diagnostic at its line and column.
fn yaml_error(text: &str, e: &serde_saphyr::Error) -> CardError {
    let at = e.location().map_or(0, |l| {
        offset_of(text, l.line() as usize, l.column() as usize)
    });
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    // Two errors carry the YAML library's own advice (its options, its budget names):
    // they are said in our words, as a card writer needs them.
    match e.without_snippet() {
        serde_saphyr::Error::DuplicateMappingKey { key, .. } => {
            let key = key
                .as_deref()
                .map_or("a key".to_string(), |k| format!("`{k}`"));
            return CardError::new(
                CardCode::InvalidYaml,
                Span::new(at, end),
                format!("{key} is given twice in one mapping"),
                "given again here",
            )
            .with_help("give each key once: remove or rename the second");
        }
        serde_saphyr::Error::Budget { breach, .. } => {
            use serde_saphyr::budget::BudgetBreach as B;
            let what = match breach {
                B::ScalarBytes { .. } => "a text is too long",
                B::Events { .. } | B::Nodes { .. } | B::Documents { .. } => {
                    "it has too many entries"
                }
                B::Depth { .. } | B::InclusionDepth { .. } => "it is nested too deeply",
                _ => "it uses too many YAML anchors, aliases or merge keys",
            };
            return CardError::new(
                CardCode::InvalidYaml,
                Span::new(at, end),
                format!("the card file is past the card reader's limits: {what}"),
                "reading stopped here",
            )
            .with_help(
                "a card file is plain data: short texts, at most a few thousand cards, little \
                 nesting, and no need for YAML anchors or aliases; split the file or write the \
                 values out",
            );
        }
        _ => {}
    }
    let message = bare_message(&e.to_string());
    let mut help = "the card schema is described in cards/README.md".to_string();
    let field = message
        .strip_prefix("unknown field `")
        .and_then(|r| r.split('`').next());
    if let Some(near) = field.and_then(|f| nearest(f, FIELDS)) {
        help = format!("did you mean `{near}`?");
    }
    CardError::new(CardCode::InvalidYaml, Span::new(at, end), message, "here").with_help(help)
}

/// The first line of serde-saphyr's message, without its "error: line L column C:" lead.
fn bare_message(rendered: &str) -> String {
    let first = rendered.lines().next().unwrap_or(rendered);
    let first = first.strip_prefix("error: ").unwrap_or(first);
    match first.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((_, rest)) => rest.to_string(),
        None => first.to_string(),
    }
}

/// The byte offset of a 1-based line and (character) column.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        .min(text.len());
    let rest = &text[line_start..];
    line_start
        + rest
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(rest.find('\n').unwrap_or(rest.len()), |(i, _)| i)
}

/// The card whose entry encloses a byte offset of a card file: the `title` and `subtitle`
/// of the list item (`- …`) the offset falls in. `None` outside the `cards` list, or for
/// a file not written in block style.
pub fn card_at(text: &str, offset: usize) -> Option<(String, Option<String>)> {
    let offset = offset.min(text.len());
    let start = text[..offset]
        .rmatch_indices('\n')
        .map(|(i, _)| i + 1)
        .chain(std::iter::once(0))
        .find(|&i| text[i..].trim_start_matches(' ').starts_with("- "))?;
    let entry = text[start..].trim_start_matches(' ').strip_prefix("- ")?;
    let indent = text[start..].len() - text[start..].trim_start_matches(' ').len();
    let mut title = None;
    let mut subtitle = None;
    for (n, line) in entry.lines().enumerate() {
        let lead = line.len() - line.trim_start_matches(' ').len();
        // The next item at the same depth ends this entry.
        if n > 0 && (lead <= indent || line.trim_start().starts_with("- ") && lead <= indent + 2) {
            break;
        }
        let field = |name: &str| {
            line.trim_start()
                .strip_prefix(name)
                .map(|v| v.trim().trim_matches('"').replace("\\\"", "\""))
        };
        title = title.or_else(|| field("title:"));
        subtitle = subtitle.or_else(|| field("subtitle:").filter(|v| v != "null"));
    }
    title.map(|t| (t, subtitle))
}

/// The checks serde cannot make: schema version, faces, duplicates, string sizes.
fn check(text: &str, file: &CardFile) -> Vec<CardError> {
    let mut errors = Vec::new();
    if file.schema != SCHEMA {
        let at = text
            .find("schema:")
            .map_or(Span::new(0, 0), |i| Span::new(i, i + 7));
        errors.push(
            CardError::new(
                CardCode::UnsupportedSchema,
                at,
                format!("this card file uses schema {}", file.schema),
                "unsupported schema",
            )
            .with_help(format!(
                "this dmlint reads card files of `schema: {SCHEMA}`"
            )),
        );
    }
    let titles = title_spans(text);
    let here = |n: usize| titles.get(n).copied().unwrap_or_default();
    let entries = key_spans(text, "card:");
    let encoded = file.abilities.iter().enumerate().map(|(n, e)| {
        let at = entries.get(n).copied().unwrap_or_default();
        (e.card.clone(), at, e.abilities.as_slice())
    });
    let inline = file.cards.iter().enumerate().filter_map(|(n, c)| {
        let name = full_name(&c.title, c.subtitle.as_deref());
        c.abilities.encoded().map(|a| (name, here(n), a))
    });
    for (name, at, abilities) in encoded.chain(inline) {
        for (i, a) in abilities.iter().enumerate() {
            if let Some(why) = a.problem() {
                errors.push(
                    CardError::new(
                        CardCode::InvalidAbility,
                        at,
                        format!("{name}, ability {}: {why}", i + 1),
                        "this card",
                    )
                    .with_help(
                        "cards/README.md, \"Abilities\", says what each kind of ability may have",
                    ),
                );
            }
        }
    }
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let mut by_number: HashMap<&str, usize> = HashMap::new();
    for (n, card) in file.cards.iter().enumerate() {
        let name = full_name(&card.title, card.subtitle.as_deref());
        let long = [
            Some(&card.title),
            card.subtitle.as_ref(),
            card.summary.as_ref(),
            card.source.as_ref(),
        ]
        .into_iter()
        .flatten()
        .chain(card.notes.iter())
        .chain(card.disputed.iter())
        .chain(card.affiliations.iter())
        .find(|s| s.len() > MAX_STRING);
        if let Some(s) = long {
            errors.push(
                CardError::new(
                    CardCode::TooLarge,
                    here(n),
                    format!("{name}: a text value of {} bytes", s.len()),
                    "this card",
                )
                .with_help(format!("text values are at most {MAX_STRING} bytes")),
            );
        }
        match by_name.get(&name.to_lowercase()) {
            Some(&first) => errors.push(duplicate(
                here(n),
                here(first),
                format!("{name} is in this file twice"),
            )),
            None => {
                by_name.insert(name.to_lowercase(), n);
            }
        }
        if let Some(number) = &card.number {
            match by_number.get(number.as_str()) {
                Some(&first) => errors.push(duplicate(
                    here(n),
                    here(first),
                    format!(
                        "{name} has collector number {number}, like {}",
                        file.cards[first].title
                    ),
                )),
                None => {
                    by_number.insert(number, n);
                }
            }
        }
        if let Some(die) = &card.die {
            let energy = die.energy.known().unwrap_or_default();
            for (face, want_action) in energy
                .iter()
                .map(|f| (f, false))
                .chain(die.actions.iter().map(|f| (f, true)))
            {
                let ok = match parse_face(face) {
                    Some(Face::Action { .. }) => want_action,
                    Some(Face::Energy { .. }) => !want_action,
                    _ => false,
                };
                if !ok {
                    let what = if want_action {
                        "an action face: `act`, `*` or `**`"
                    } else {
                        "an energy face such as `fist`, `2bolt` or `2gen`"
                    };
                    errors.push(
                        CardError::new(
                            CardCode::InvalidFace,
                            here(n),
                            format!("{name}: `{face}` is not {what}"),
                            "in this card",
                        )
                        .with_help(
                            "die faces are written in dmlog face notation (grammar/README.md)",
                        ),
                    );
                }
            }
        }
    }
    errors
}

/// A card entered twice (by name or by collector number).
fn duplicate(here: Span, first: Span, message: String) -> CardError {
    CardError::new(CardCode::DuplicateCard, here, message, "again here")
        .with_help(
            "keep one entry per card and per collector number; to override a built-in card, put \
             yours in a file passed with --cards",
        )
        .with_context(first, "first here")
}

/// The span of each card's title value, in file order: the lines whose key is `title:`
/// (so the n-th belongs to the n-th card). Only block-style entries are found; a card
/// without one is located at the start of the file.
fn title_spans(text: &str) -> Vec<Span> {
    key_spans(text, "title:")
}

/// The span of the value of every line whose key is `key` (`title:`, `card:`), in file
/// order.
pub fn key_spans(text: &str, key: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let line_key = line
            .trim_start_matches(' ')
            .trim_start_matches("- ")
            .trim_start_matches(' ');
        if let Some(value) = line_key.strip_prefix(key) {
            let value_at = at + (line.len() - value.len());
            let lead = value.len() - value.trim_start().len();
            out.push(Span::new(
                value_at + lead,
                value_at + value.trim_end().len(),
            ));
        }
        at += line.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "schema: 1\nset: {code: TST, name: Test}\ncards:\n  - title: Thor\n    subtitle: God of Thunder\n    kind: character\n    cost: 5\n    energy: [bolt]\n    die:\n      levels:\n        - {fielding: 2, attack: 4, defense: 3, bursts: 1}\n      energy: [bolt, 2bolt, \"bolt*\"]\n";

    fn errors(text: &str) -> Vec<CardError> {
        parse_card_file(text).err().unwrap_or_default()
    }

    #[test]
    fn a_good_file() {
        let f = parse_card_file(GOOD).unwrap();
        assert_eq!(f.cards[0].die.as_ref().unwrap().levels[0].bursts, 1);
        assert_eq!(
            f.cards[0]
                .die
                .as_ref()
                .unwrap()
                .energy
                .known()
                .unwrap()
                .len(),
            3
        );
    }

    #[test]
    fn a_typo_in_a_field_points_at_it_with_a_suggestion() {
        let text = GOOD.replace("    cost: 5", "    cots: 5");
        let e = &errors(&text)[0];
        assert_eq!(e.code, CardCode::InvalidYaml);
        assert_eq!(&text[e.span.start..e.span.start + 4], "cots");
        assert_eq!(e.help.as_deref(), Some("did you mean `cost`?"));
        assert!(
            e.message.starts_with("unknown field `cots`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_wrong_type_points_at_the_value() {
        let text = GOOD.replace("cost: 5", "cost: five");
        let e = &errors(&text)[0];
        assert_eq!(e.code, CardCode::InvalidYaml);
        assert_eq!(&text[e.span.start..e.span.start + 4], "five");
    }

    #[test]
    fn faces_are_dmlog_faces() {
        let e = &errors(&GOOD.replace("2bolt", "2blot"))[0];
        assert_eq!(e.code, CardCode::InvalidFace);
        assert!(e.message.contains("`2blot`"));
        let e = &errors(&GOOD.replace("energy: [bolt, 2bolt", "energy: [act, 2bolt"))[0];
        assert_eq!(e.code, CardCode::InvalidFace);
    }

    #[test]
    fn a_when_on_a_global_is_applied_only_as_a_reactive_global() {
        let card = |ability: &str| {
            format!(
                "schema: 1\nset: {{code: T, name: T}}\ncards:\n  - title: Torch\n    kind: character\n    abilities:\n      - {ability}\n"
            )
        };
        let codes = |text: &str| match parse_card_file(text) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| e.code).collect(),
        };
        let reactive = "{kind: global, limit: reactive, when: {event: takes-damage, of: you}, cost: [energy: [bolt]], do: [gain-life: {amount: 1}]}";
        assert_eq!(codes(&card(reactive)), []);
        for bad in [
            // A `when:` on a global that is not reactive.
            "{kind: global, when: {event: takes-damage, of: you}, do: [gain-life: {amount: 1}]}",
            // A reactive global with no event to answer.
            "{kind: global, limit: reactive, do: [gain-life: {amount: 1}]}",
            // An event no global is offered.
            "{kind: global, limit: reactive, when: {event: turn-start}, do: [gain-life: {amount: 1}]}",
            // Reactive, but not a global.
            "{kind: action, limit: reactive, do: [gain-life: {amount: 1}]}",
            // A `when:` on a static ability.
            "{kind: static, when: {event: fielded}, do: [gain-life: {amount: 1}]}",
        ] {
            assert_eq!(codes(&card(bad)), [CardCode::InvalidAbility], "{bad}");
        }
    }

    #[test]
    fn duplicates_point_at_both_entries() {
        let text =
            format!("{GOOD}  - title: Thor\n    subtitle: God of Thunder\n    kind: character\n");
        let e = &errors(&text)[0];
        assert_eq!(e.code, CardCode::DuplicateCard);
        assert!(e.span.start > text.find("Thor").unwrap());
        assert_eq!(
            e.context.as_ref().unwrap().0.start,
            text.find("Thor").unwrap()
        );
    }

    #[test]
    fn a_title_mentioned_in_an_earlier_summary_does_not_move_the_span() {
        let text = "schema: 1\nset: {code: T, name: T}\ncards:\n  - title: Loki\n    kind: character\n    summary: Tricks Thor\n  - title: Thor\n    kind: character\n  - title: Thor\n    kind: character\n";
        let e = &errors(text)[0];
        assert_eq!(e.code, CardCode::DuplicateCard);
        let line = |at: usize| text[..at].matches('\n').count() + 1;
        assert_eq!(
            (line(e.span.start), &text[e.span.start..e.span.end]),
            (9, "Thor")
        );
        assert_eq!(line(e.context.as_ref().unwrap().0.start), 7);
    }

    #[test]
    fn abilities_that_mean_nothing_are_refused_with_the_reason() {
        let card = |abilities: &str| format!("{GOOD}    abilities:\n      - {abilities}\n");
        let refused = |abilities: &str| {
            let e = errors(&card(abilities));
            assert_eq!(e.len(), 1, "{abilities}: {e:?}");
            assert_eq!(e[0].code, CardCode::InvalidAbility);
            e[0].message.clone()
        };
        let m = refused("{kind: triggered, limit: limited, when: {event: fielded}}");
        assert!(m.contains("cannot be `limit: limited`"), "{m}");
        let m = refused("{kind: action, limit: once-per-turn, do: []}");
        assert!(m.contains("cannot be `limit: once-per-turn`"), "{m}");
        let m = refused("{kind: triggered, when: {event: deals-effect-damage, of: this}}");
        assert!(m.contains("a player deals it"), "{m}");
        let m = refused("{kind: triggered, when: {event: blockers-assigned, of: you}}");
        assert!(m.contains("`of: this`"), "{m}");
        let m = refused("{kind: global, while: active, do: []}");
        assert!(m.contains("`while:`"), "{m}");
        let m = refused("{kind: action, do: [ko: {to: {what: this}}]}");
        assert!(m.contains("`what: this`"), "{m}");
        let m = refused(
            "{kind: triggered, when: {event: takes-damage, of: you}, do: [ko: {to: {what: it}}]}",
        );
        assert!(m.contains("`what: it`"), "{m}");
        // The cheapest of the dice an effect reaches: no static or condition reads it.
        let m = refused(
            "{kind: static, do: [cant-block: {to: {count: each, what: character, lowest_cost: true}}]}",
        );
        assert!(m.contains("`lowest_cost`"), "{m}");
        let m = refused(
            "{kind: triggered, when: {event: fielded}, if: {some-match: {what: character, lowest_cost: true}}, do: []}",
        );
        assert!(m.contains("`lowest_cost`"), "{m}");
        // A die drawn into the reserve pool is drawn and rolled: `draw-roll` says so.
        let m = refused("{kind: action, do: [draw: {zone: reserve}]}");
        assert!(m.contains("`draw-roll"), "{m}");
        let m = refused(
            "{kind: static, do: [surcharge: {on: [global], cost: [energy: [generic]], side: theirs}]}",
        );
        assert!(m.contains("`side: theirs`"), "{m}");
        // What they mean, they may say.
        for fine in [
            "{kind: triggered, limit: once-per-turn-per-die, when: {event: fielded}}",
            "{kind: global, limit: once-per-turn, do: []}",
            "{kind: triggered, when: {event: deals-effect-damage, of: opponent}}",
            "{kind: triggered, when: {event: takes-damage, of: this-or-you}, do: [ko: {to: {what: it}}]}",
            "{kind: static, while: attacking, do: [boost: {to: {what: this}, attack: 1, until: while-on}]}",
            "{kind: global, do: [boost: {to: {count: each, what: this-card}, attack: 1}]}",
            "{kind: triggered, when: {event: turn-end, of: you}, do: [ko: {to: {what: character, lowest_cost: true}}]}",
            "{kind: action, do: [draw-roll: {count: 1}, draw: {zone: prep}]}",
            "{kind: static, do: [surcharge: {on: [global], cost: [energy: [generic]], side: any}]}",
        ] {
            assert!(errors(&card(fine)).is_empty(), "{fine}");
        }
    }

    #[test]
    fn schema_versions_and_sizes() {
        assert_eq!(
            errors(&GOOD.replace("schema: 1", "schema: 2"))[0].code,
            CardCode::UnsupportedSchema
        );
        let huge = GOOD.replace("God of Thunder", &"x".repeat(MAX_STRING + 1));
        assert_eq!(errors(&huge)[0].code, CardCode::TooLarge);
        let ten_mb = GOOD.replace("God of Thunder", &"x".repeat(10 << 20));
        assert_eq!(errors(&ten_mb)[0].code, CardCode::TooLarge);
    }

    #[test]
    fn the_card_around_an_error_is_found() {
        let text = GOOD.replace("cost: 5", "cost: five");
        let e = &errors(&text)[0];
        assert_eq!(
            card_at(&text, e.span.start),
            Some(("Thor".into(), Some("God of Thunder".into())))
        );
        assert_eq!(card_at(&text, 3), None);
    }

    #[test]
    fn an_alias_bomb_is_refused() {
        let mut text =
            String::from("schema: 1\nset: {code: B, name: Bomb}\nx0: &a0 [1,1,1,1,1,1,1,1,1,1]\n");
        for i in 1..9 {
            let p = i - 1;
            text.push_str(&format!(
                "x{i}: &a{i} [*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p}]\n"
            ));
        }
        let e = &errors(&text)[0];
        assert_eq!(e.code, CardCode::InvalidYaml);
    }
}
