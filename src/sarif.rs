//! `--format sarif`: the run as one SARIF 2.1.0 log (OASIS Static Analysis Results
//! Interchange Format), which code-scanning services and editors read.
//!
//! Each diagnostic becomes one `result` object, rendered where every other format is
//! rendered ([`crate::render`]) so that the cap, the order and the counts stay the ones a
//! judge sees; the binary writes [`open`] before the first file, the results separated by
//! commas, and [`close`] after the last. The tool's `rules` are every code `dmlint explain`
//! knows, each with its own documentation. Columns count characters (`columnKind`
//! `unicodeCodePoints`), as in the other formats; regions also give byte offsets.

use miette::{Diagnostic, LabeledSpan, Severity};
use serde_json::{Value, json};

use crate::syntax::Chunk;

/// The schema URI written in every log.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The start of the log, up to the opening of the run's `results` array.
pub fn open() -> String {
    let rules: Vec<Value> = crate::codes::all()
        .into_iter()
        .map(|e| {
            let short = e
                .doc
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or(e.code);
            json!({
                "id": e.code,
                "shortDescription": { "text": short.trim() },
                "fullDescription": { "text": e.doc.trim() },
            })
        })
        .collect();
    let driver = json!({
        "name": "dmlint",
        "version": env!("CARGO_PKG_VERSION"),
        "rules": rules,
    });
    let head = serde_json::to_string(&driver).unwrap_or_else(|_| "{}".into());
    format!(
        "{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":{head}}},\
         \"columnKind\":\"unicodeCodePoints\",\"results\":[\n"
    )
}

/// The end of the log: the run's invocation (whether every input could be checked) and
/// the closing brackets.
pub fn close(every_input_checked: bool) -> String {
    format!("],\"invocations\":[{{\"executionSuccessful\":{every_input_checked}}}]}}]}}\n")
}

/// One diagnostic as a SARIF `result`: the primary label is its location, the other
/// labels its related locations, the help a property.
pub fn result(file: &str, chunk: &Chunk, diag: &dyn Diagnostic) -> Value {
    let level = match diag.severity().unwrap_or(Severity::Error) {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "note",
    };
    let labels: Vec<LabeledSpan> = diag.labels().map(|l| l.collect()).unwrap_or_default();
    let primary = crate::render::primary_label(diag);
    let uri = uri(file);
    let mut result = json!({
        "ruleId": diag.code().map(|c| c.to_string()).unwrap_or_else(|| "dmlint".into()),
        "level": level,
        "message": { "text": diag.to_string() },
    });
    let location = |l: &LabeledSpan| {
        let (start_line, start_column) = chunk.line_col(l.offset());
        let (end_line, end_column) = chunk.line_col(l.offset() + l.len());
        let mut loc = json!({
            "physicalLocation": {
                "artifactLocation": { "uri": uri },
                "region": {
                    "startLine": start_line,
                    "startColumn": start_column,
                    "endLine": end_line,
                    "endColumn": end_column,
                    "byteOffset": l.offset(),
                    "byteLength": l.len(),
                },
            },
        });
        if let Some(text) = l.label() {
            loc["message"] = json!({ "text": text });
        }
        loc
    };
    result["locations"] = match &primary {
        Some(l) => json!([location(l)]),
        None => json!([{ "physicalLocation": { "artifactLocation": { "uri": uri } } }]),
    };
    let related: Vec<Value> = labels
        .iter()
        .filter(|l| primary.as_ref() != Some(*l))
        .enumerate()
        .map(|(i, l)| {
            let mut loc = location(l);
            loc["id"] = json!(i);
            loc
        })
        .collect();
    if !related.is_empty() {
        result["relatedLocations"] = Value::Array(related);
    }
    if let Some(help) = diag.help() {
        result["properties"] = json!({ "help": help.to_string() });
    }
    result
}

/// A path as a URI reference: unreserved characters and `/` kept, the rest
/// percent-encoded byte by byte (a space, `#`, `%`, non-ASCII letters).
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_percent_encoded_as_uri_references() {
        assert_eq!(uri("logs/game one.dmlog"), "logs/game%20one.dmlog");
        assert_eq!(uri("a#b%c"), "a%23b%25c");
        assert_eq!(uri("é"), "%C3%A9");
    }

    #[test]
    fn an_empty_run_is_one_valid_json_document() {
        let log = format!("{}{}", open(), close(true));
        let v: Value = serde_json::from_str(&log).expect("valid JSON");
        assert_eq!(v["version"], "2.1.0");
        assert_eq!(v["runs"][0]["results"], json!([]));
        let rules = v["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        assert_eq!(rules.len(), crate::codes::all().len());
        assert!(
            rules
                .iter()
                .any(|r| r["id"] == "dmlint::rules::payment-short")
        );
    }
}
