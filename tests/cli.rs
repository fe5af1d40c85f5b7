//! The `dmlint` binary: inputs, formats and exit codes as the README documents them.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn dmlint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dmlint"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn clean_logs_exit_0() {
    let o = dmlint(&["logs/"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("no syntax errors"));
}

#[test]
fn syntax_errors_exit_2() {
    let o = dmlint(&["tests/syntax-errors/typos.dmlog", "--color", "never"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("did you mean `reroll`?"));
}

#[test]
fn a_missing_file_is_a_diagnostic_and_exit_2() {
    let o = dmlint(&["no/such.dmlog", "--format", "short"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("error[dmlint::syntax::unreadable]: cannot read no/such.dmlog"));
}

#[test]
fn no_input_and_bad_arguments_exit_2() {
    assert_eq!(dmlint(&[]).status.code(), Some(2));
    assert_eq!(dmlint(&["--format", "xml", "logs/"]).status.code(), Some(2));
    let empty = std::env::temp_dir().join(format!("dmlint-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let o = dmlint(&[empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("holds no .dmlog file"));
}

#[test]
fn standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dmlint"))
        .args(["-", "--format", "short"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"dmlog 1\nturn 1 A\nrol SK:fist\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).starts_with("<stdin>:3:1: error[dmlint::syntax::unknown-keyword]"));
}

#[test]
fn json_is_one_object_per_line() {
    let o = dmlint(&["tests/syntax-errors/structure.dmlog", "--format", "json"]);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["code"], "dmlint::syntax::move-outside-turn");
}

#[test]
fn the_check_subcommand_is_the_default() {
    let a = dmlint(&[
        "check",
        "tests/syntax-errors/typos.dmlog",
        "--format",
        "short",
    ]);
    let b = dmlint(&["tests/syntax-errors/typos.dmlog", "--format", "short"]);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(a.status.code(), b.status.code());
}

#[test]
fn explain_prints_the_codes_own_documentation() {
    let o = dmlint(&["explain", "unknown-keyword"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.starts_with("dmlint::syntax::unknown-keyword\n"));
    assert!(text.contains("rerol SK:L1->bolt      # did you mean `reroll`?"));
    let o = dmlint(&["explain", "unknown-keywrd"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("did you mean dmlint::syntax::unknown-keyword?")
    );
    let all = stdout(&dmlint(&["explain"]));
    assert!(all.lines().count() >= 19);
}

#[test]
fn directories_are_searched_in_a_stable_order() {
    let o = dmlint(&["tests/syntax-errors", "--format", "short"]);
    let files: Vec<String> = stdout(&o)
        .lines()
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    assert!(Path::new(&files[0]).starts_with("tests/syntax-errors"));
}
