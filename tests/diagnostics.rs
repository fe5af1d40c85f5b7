//! Snapshots of every renderer over the broken logs in `tests/syntax-errors/`.
//!
//! Each snapshot shows what a judge would see for that file in one format; they are
//! reviewed by hand when they change (CI runs with INSTA_UPDATE=no).

use std::io::Cursor;

use dmlint::check::check_reader;
use dmlint::render::{Format, Renderer};

fn render(path: &std::path::Path, format: Format) -> String {
    let bytes = std::fs::read(path).unwrap();
    let name = format!(
        "syntax-errors/{}",
        path.file_name().unwrap().to_string_lossy()
    );
    let mut out = String::new();
    let report = check_reader(
        &name,
        Cursor::new(bytes),
        dmlint::cards::Pool::embedded(),
        &Renderer::plain(format),
        50,
        &mut out,
    );
    assert!(report.errors > 0, "{name} should hold syntax errors");
    out
}

#[test]
fn human() {
    insta::glob!("syntax-errors/*.dmlog", |path| {
        insta::assert_snapshot!(render(path, Format::Human));
    });
}

#[test]
fn ariadne() {
    insta::glob!("syntax-errors/*.dmlog", |path| {
        insta::assert_snapshot!(render(path, Format::Ariadne));
    });
}

#[test]
fn short() {
    insta::glob!("syntax-errors/*.dmlog", |path| {
        insta::assert_snapshot!(render(path, Format::Short));
    });
}

#[test]
fn json() {
    insta::glob!("syntax-errors/*.dmlog", |path| {
        let out = render(path, Format::Json);
        // Every line is one object of the documented schema.
        let values: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
            .collect();
        for v in &values {
            assert_eq!(v["schema"], dmlint::render::JSON_SCHEMA);
            let keys: &[&str] = match v["kind"].as_str() {
                Some("diagnostic") => &[
                    "code", "severity", "file", "line", "column", "span", "message", "labels",
                    "help",
                ],
                // A game with syntax errors is not replayed: it is undecided, with no
                // outcome, life or board.
                Some("game") => {
                    assert_eq!(v["verdict"], "undecided", "{v}");
                    assert_eq!(v["outcome"], serde_json::Value::Null, "{v}");
                    &[
                        "file",
                        "game",
                        "label",
                        "line",
                        "verdict",
                        "winner",
                        "life",
                        "end_line",
                        "violations",
                        "errors",
                        "warnings",
                        "waivers",
                        "unverified_faces",
                        "board",
                    ]
                }
                _ => panic!("unexpected object {v}"),
            };
            for key in keys {
                assert!(v.get(key).is_some(), "missing {key} in {v}");
            }
        }
        insta::assert_json_snapshot!(values);
    });
}

#[test]
fn github() {
    insta::glob!("syntax-errors/*.dmlog", |path| {
        let out = render(path, Format::Github);
        // Every line is one workflow command, with the file and a position.
        for line in out.lines() {
            assert!(
                line.starts_with("::error file=syntax-errors/")
                    || line.starts_with("::warning file=syntax-errors/")
                    || line.starts_with("::notice file=syntax-errors/"),
                "{line}"
            );
            assert!(!line.contains('\r'), "{line}");
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn sarif() {
    insta::glob!("syntax-errors/*.dmlog", |path| {
        let out = render(path, Format::Sarif);
        // One SARIF result per line (the binary joins them into the run's array).
        let results: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("one result per line"))
            .collect();
        for r in &results {
            assert!(
                r["ruleId"]
                    .as_str()
                    .is_some_and(|c| c.starts_with("dmlint::"))
            );
            assert!(["error", "warning", "note"].contains(&r["level"].as_str().unwrap()));
        }
        insta::assert_json_snapshot!(results);
    });
}
