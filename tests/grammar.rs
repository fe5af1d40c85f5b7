//! The grammar and the parser name the same things: every production of
//! `grammar/dmlog.ebnf` has a parser function of the same name, and back.

use std::collections::BTreeSet;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Productions the parser implements outside a function of their own, and where.
const ELSEWHERE: &[(&str, &str)] = &[
    (
        "document",
        "GameStream in src/syntax/mod.rs reads a document game by game",
    ),
    ("comment", "the `line` function splits a line's comment off"),
    ("newline", "src/syntax/source.rs splits lines"),
    ("code_char", "a character class inside `code`"),
];

fn productions() -> BTreeSet<String> {
    let ebnf = read("grammar/dmlog.ebnf");
    // Drop comments, then take each `name =` that starts a line.
    let mut text = String::new();
    let mut rest = ebnf.as_str();
    while let Some(start) = rest.find("(*") {
        text.push_str(&rest[..start]);
        rest = &rest[start + 2..];
        rest = &rest[rest.find("*)").map_or(rest.len(), |e| e + 2)..];
    }
    text.push_str(rest);
    text.lines()
        .filter_map(|l| {
            let (name, _) = l.split_once('=')?;
            let name = name.trim();
            (!name.is_empty()
                && !l.starts_with(' ')
                && name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .then(|| name.to_string())
        })
        .collect()
}

fn parser_functions() -> BTreeSet<String> {
    read("src/syntax/parser.rs")
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
            let name = l.strip_prefix("fn ")?;
            let name = name.strip_prefix("r#").unwrap_or(name);
            Some(name[..name.find(['(', '<'])?].to_string())
        })
        .collect()
}

#[test]
fn every_production_has_its_parser_function() {
    let prods = productions();
    assert!(prods.len() > 60, "found only {} productions", prods.len());
    let fns = parser_functions();
    let missing: Vec<&String> = prods
        .iter()
        .filter(|p| !fns.contains(*p) && !ELSEWHERE.iter().any(|(e, _)| e == p))
        .collect();
    assert!(
        missing.is_empty(),
        "productions without a parser function: {missing:?}"
    );
}

#[test]
fn the_exceptions_are_real_productions() {
    let prods = productions();
    for (name, _) in ELSEWHERE {
        assert!(prods.contains(*name), "{name} is not a production any more");
    }
}
