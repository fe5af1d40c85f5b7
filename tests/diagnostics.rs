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
            assert_eq!(v["kind"], "diagnostic");
            for key in [
                "code", "severity", "file", "line", "column", "span", "message", "labels", "help",
            ] {
                assert!(v.get(key).is_some(), "missing {key} in {v}");
            }
        }
        insta::assert_json_snapshot!(values);
    });
}
