//! `--format sarif` and `--format github` through the binary: the SARIF log is one JSON
//! document valid against the OASIS SARIF 2.1.0 schema (`tests/sarif/`), holding exactly
//! the diagnostics the JSON format lists, and a card file's diagnostics join the same run.

use std::path::Path;
use std::process::Output;

#[path = "common/bin.rs"]
mod bin;
use bin::dmlint;

/// The SARIF 2.1.0 schema, compiled once per test.
fn schema() -> (boon::Schemas, boon::SchemaIndex) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sarif/sarif-schema-2.1.0.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    // `format` is checked too (uri, uri-reference, date-time), not only the structure.
    compiler.enable_format_assertions();
    compiler
        .add_resource("sarif-schema-2.1.0.json", doc)
        .unwrap();
    let index = compiler
        .compile("sarif-schema-2.1.0.json", &mut schemas)
        .unwrap();
    (schemas, index)
}

/// Runs dmlint with `--format sarif`, checks its output against the schema and returns it.
fn sarif(args: &[&str]) -> (Output, serde_json::Value) {
    let mut all = vec!["--format", "sarif"];
    all.extend_from_slice(args);
    let o = dmlint(&all);
    let text = String::from_utf8_lossy(&o.stdout);
    let log: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("not one JSON document ({e}):\n{text}"));
    let (schemas, index) = schema();
    if let Err(e) = schemas.validate(&log, index) {
        panic!("invalid SARIF for {args:?}: {e:#}");
    }
    (o, log)
}

/// The diagnostics the JSON format lists for the same arguments: (code, line) pairs.
fn json_diagnostics(args: &[&str]) -> Vec<(String, u64)> {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    String::from_utf8_lossy(&dmlint(&all).stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["kind"] == "diagnostic")
        .map(|v| {
            (
                v["code"].as_str().unwrap_or_default().to_string(),
                v["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn results(log: &serde_json::Value) -> Vec<(String, u64)> {
    log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["ruleId"].as_str().unwrap().to_string(),
                r["locations"][0]["physicalLocation"]["region"]["startLine"]
                    .as_u64()
                    .unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn the_schema_rejects_what_is_not_sarif() {
    // The validator is live: a log without `version` and with a bad level fails.
    let (schemas, index) = schema();
    let bad = serde_json::json!({"runs": [{"tool": {"driver": {"name": "dmlint"}},
        "results": [{"message": {"text": "x"}, "level": "fatal"}]}]});
    assert!(schemas.validate(&bad, index).is_err());
}

#[test]
fn syntax_errors_rule_violations_and_legal_games_are_one_valid_log() {
    let args = [
        "tests/syntax-errors/",
        "fixtures/engine/vanilla-game.dmlog",
        "fixtures/rules/abilities/excess-to-player.dmlog",
    ];
    let (o, log) = sarif(&args);
    // A violation still exits 1, whatever the format.
    assert_eq!(o.status.code(), Some(1));
    let found = results(&log);
    assert!(!found.is_empty());
    assert_eq!(found, json_diagnostics(&args));
    assert!(
        found
            .iter()
            .any(|(c, _)| c == "dmlint::rules::damage-assignment")
    );
    // Every result names a rule the driver lists.
    let rules: Vec<&str> = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(found.iter().all(|(c, _)| rules.contains(&c.as_str())));
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"], false,
        "syntax errors left inputs unchecked"
    );
}

#[test]
fn a_legal_run_holds_only_warnings() {
    let (o, log) = sarif(&["logs/"]);
    assert_eq!(o.status.code(), Some(0));
    // The rulebook games are legal; what they rest on (faces the card data does not
    // record) is a warning, as in every other format.
    let found = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(found.len(), json_diagnostics(&["logs/"]).len());
    assert!(found.iter().all(|r| r["level"] == "warning"), "{found:?}");
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
}

#[test]
fn a_bad_card_file_joins_the_same_run() {
    let dir = std::env::temp_dir().join(format!("dmlint-sarif-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad cards.yaml");
    std::fs::write(
        &bad,
        "schema: 1\nset: {code: X, name: X}\ncards:\n  - title: Thor\n    kind: character\n    cots: 4\n",
    )
    .unwrap();
    let (o, log) = sarif(&[
        "--cards",
        bad.to_str().unwrap(),
        "tests/syntax-errors/typos.dmlog",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    let first = &log["runs"][0]["results"][0];
    assert_eq!(first["ruleId"], "dmlint::cards::invalid-yaml");
    // The space in the path is percent-encoded in the URI.
    let uri = first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(uri.ends_with("bad%20cards.yaml"), "{uri}");
}

#[test]
fn github_annotations_point_at_the_illegal_line() {
    let o = dmlint(&[
        "--format",
        "github",
        "fixtures/rules/abilities/excess-to-player.dmlog",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        json_diagnostics(&["fixtures/rules/abilities/excess-to-player.dmlog"]).len()
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "::error file=fixtures/rules/abilities/excess-to-player.dmlog,line=72,col=1,"
        ) && l.contains("title=dmlint%3A%3Arules%3A%3Adamage-assignment::")),
        "{text}"
    );
}
