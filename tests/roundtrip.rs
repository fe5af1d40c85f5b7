//! Every valid log parses without a diagnostic, and printing its tree and parsing the
//! print gives the same tree (spans aside, since layout and comments are not printed).

use std::path::{Path, PathBuf};

use dmlint::syntax::{Document, parse_str, print_document};
use serde_json::Value;

/// The tree as JSON, without spans (any `{start, end}` object is a span).
fn shape(doc: &Document) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map)
                if map.len() == 2 && map.contains_key("start") && map.contains_key("end") =>
            {
                *v = Value::Null;
            }
            Value::Object(map) => {
                map.remove("span");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(doc).unwrap();
    strip(&mut v);
    v
}

fn logs_in(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "dmlog"))
        .collect();
    out.sort();
    out
}

/// The complete logs shown in grammar/README.md (code blocks starting with `dmlog 1`).
fn readme_examples() -> Vec<String> {
    examples_in("grammar/README.md")
}

/// The code blocks of a Markdown file of the project that start with `dmlog 1`.
fn examples_in(file: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    readme
        .split("```")
        .skip(1)
        .step_by(2)
        .map(|block| {
            block
                .trim_start_matches(|c: char| c.is_alphanumeric())
                .trim_start()
                .to_string()
        })
        .filter(|block| block.starts_with("dmlog 1"))
        .collect()
}

fn assert_round_trip(name: &str, text: &str) {
    let (doc, errors) = parse_str(text);
    assert!(errors.is_empty(), "{name}: {:#?}", errors);
    let printed = print_document(&doc);
    let (again, errors) = parse_str(&printed);
    assert!(
        errors.is_empty(),
        "{name}: printed form does not parse: {errors:#?}\n{printed}"
    );
    assert_eq!(
        shape(&doc),
        shape(&again),
        "{name}: printed form differs:\n{printed}"
    );
    // Printing is canonical: a second print is identical to the first.
    assert_eq!(printed, print_document(&again), "{name}");
}

#[test]
fn the_logs_round_trip() {
    let logs = logs_in("logs");
    assert!(logs.len() >= 2, "logs/ should hold the two example games");
    for path in logs {
        assert_round_trip(
            &path.display().to_string(),
            &std::fs::read_to_string(&path).unwrap(),
        );
    }
}

#[test]
fn the_valid_test_logs_round_trip() {
    for path in logs_in("tests/valid") {
        assert_round_trip(
            &path.display().to_string(),
            &std::fs::read_to_string(&path).unwrap(),
        );
    }
}

#[test]
fn the_grammar_readme_examples_round_trip() {
    let examples = readme_examples();
    assert!(!examples.is_empty());
    for (n, text) in examples.iter().enumerate() {
        assert_round_trip(&format!("grammar/README.md example {n}"), text);
    }
}

#[test]
fn the_kitchen_sink_uses_every_kind_of_line() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid/every-production.dmlog"),
    )
    .unwrap();
    let (doc, _) = parse_str(&text);
    let json = serde_json::to_string(&doc).unwrap();
    for kind in [
        "\"rules\"",
        "\"format\"",
        "\"sets\"",
        "\"tag\"",
        "\"team\"",
        "\"middle\"",
        "\"card\"",
        "\"first\"",
        "\"position\"",
        "\"turn\"",
        "\"state\"",
        "\"waiver\"",
        "\"move\"",
        "\"end\"",
        "\"annotation\"",
    ] {
        assert!(json.contains(&format!("\"kind\":{kind}")), "no {kind} line");
    }
    for m in [
        "draw", "refill", "roll", "reroll", "buy", "field", "use", "global", "activate", "resolve",
        "pass", "attack", "block", "assign", "concede",
    ] {
        assert!(json.contains(&format!("\"move\":\"{m}\"")), "no {m} move");
    }
    for c in [
        "pay", "target", "choose", "order", "may", "roll", "draw", "prevent", "redirect", "to",
    ] {
        assert!(
            json.contains(&format!("\"clause\":\"{c}\"")),
            "no {c} clause"
        );
    }
    for s in ["life", "zone", "supply", "virtual", "priority", "turn"] {
        assert!(
            json.contains(&format!("\"state\":\"{s}\"")),
            "no {s} state line"
        );
    }
}

/// The game the project's README explains the notation with is one a user can check
/// as it stands: legal, every assertion in it true.
#[test]
fn the_readme_example_game_replays_legal() {
    let examples = examples_in("README.md");
    assert_eq!(examples.len(), 1, "the README shows one example game");
    let checked = check_example(&examples[0]);
    assert_eq!(
        checked.codes(),
        vec![],
        "the README's example must replay clean"
    );
    assert!(checked.replay.end.is_some(), "replayed to its end");
}

/// Checks the first game of an example log against the embedded cards.
fn check_example(text: &str) -> dmlint::check::Checked {
    let mut stream = dmlint::syntax::GameStream::new(std::io::Cursor::new(text.as_bytes()));
    let chunk = stream.next_chunk().unwrap().unwrap();
    let header = stream.header().clone();
    dmlint::check::check_chunk(chunk, &header, dmlint::cards::Pool::embedded(), None, &[])
}

#[test]
fn the_grammar_readme_complete_game_replays_legal() {
    let examples = readme_examples();
    let game = examples
        .iter()
        .find(|t| t.contains("concede"))
        .expect("the README shows a complete game");
    let checked = check_example(game);
    assert_eq!(
        checked.codes(),
        vec![],
        "the README's game must replay clean"
    );
    let (cards, state) = checked.replay.end.expect("replayed");
    assert_eq!(
        state.outcome,
        Some(dmlint::engine::Outcome::Won { winner: 1 })
    );
    assert_eq!(cards.players[1], "Bob");
}
