//! A syntax error put anywhere in a real log is reported at its own line and column,
//! with a code and a help line, and nothing else in the log is blamed for it.

use std::path::{Path, PathBuf};

use dmlint::syntax::{SyntaxCode, parse_str};

fn logs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["logs", "tests/valid"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|e| e == "dmlog") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// (line, column) of each error, 1-based.
fn positions(text: &str) -> Vec<(usize, usize, SyntaxCode, bool)> {
    let (_, errors) = parse_str(text);
    errors
        .iter()
        .map(|e| {
            let before = &text[..e.span.start];
            let line = before.matches('\n').count() + 1;
            let col = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
            (line, col, e.code, e.help.is_some())
        })
        .collect()
}

#[test]
fn a_garbage_line_anywhere_is_reported_there_and_only_there() {
    for path in logs() {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // After line 0 the header is in place; inserting before it is tested below.
        for at in 1..=lines.len() {
            let mut broken: Vec<&str> = lines.clone();
            broken.insert(at, "  @@ spilled coffee");
            let found = positions(&(broken.join("\n") + "\n"));
            assert_eq!(
                found
                    .iter()
                    .map(|(l, c, _, _)| (*l, *c))
                    .collect::<Vec<_>>(),
                vec![(at + 1, 3)],
                "{}: garbage inserted as line {}",
                path.display(),
                at + 1
            );
            assert!(found[0].3, "no help line");
        }
    }
}

#[test]
fn a_mistyped_keyword_anywhere_gets_a_did_you_mean() {
    let keywords = [
        "rules", "format", "team", "first", "position", "turn", "life", "bag", "prep", "reserve",
        "used", "supply", "draw", "refill", "roll", "reroll", "buy", "field", "use", "global",
        "resolve", "pass", "attack", "block", "assign", "concede", "end",
    ];
    let mut tried = 0;
    for path in logs() {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let (prefix, rest) = match trimmed.split_once(": ") {
                Some((actor, rest)) if !actor.contains(' ') => (format!("{actor}: "), rest),
                _ => (String::new(), trimmed),
            };
            let word = rest.split([' ', '\t']).next().unwrap_or("");
            if !keywords.contains(&word) {
                continue;
            }
            let typo = &word[..word.len() - 1];
            // `used` minus a letter is `use`, a keyword in its own right.
            if typo == "use" {
                continue;
            }
            let mut broken = lines.clone();
            let replaced = format!("{prefix}{typo}{}", &rest[word.len()..]);
            broken[n] = &replaced;
            let (_, errors) = parse_str(&(broken.join("\n") + "\n"));
            let here: Vec<_> = errors
                .iter()
                .filter(|e| text_line(&broken, e.span.start) == n + 1)
                .collect();
            assert!(
                !here.is_empty(),
                "{}:{}: `{typo}` not reported at its line: {errors:?}",
                path.display(),
                n + 1
            );
            let help = here[0].help.as_deref().unwrap_or("");
            assert!(
                help.contains(&format!("did you mean `{word}`?")),
                "{}:{}: `{typo}` → {help}",
                path.display(),
                n + 1
            );
            tried += 1;
        }
    }
    assert!(tried > 50, "only {tried} keyword lines tried");
}

fn text_line(lines: &[&str], offset: usize) -> usize {
    let mut seen = 0;
    for (n, l) in lines.iter().enumerate() {
        seen += l.len() + 1;
        if offset < seen {
            return n + 1;
        }
    }
    lines.len()
}

#[test]
fn garbage_before_the_header_is_garbage_not_a_missing_header() {
    let found = positions("@@\ndmlog 1\n");
    let codes: Vec<SyntaxCode> = found.iter().map(|f| f.2).collect();
    assert_eq!(codes, vec![SyntaxCode::UnexpectedToken]);
    assert_eq!(found[0].0, 1);
    // Garbage and no header at all: both are said.
    let found = positions(
        "@@
rules 2018
",
    );
    assert_eq!(
        found.iter().map(|f| (f.2, f.0)).collect::<Vec<_>>(),
        vec![
            (SyntaxCode::UnexpectedToken, 1),
            (SyntaxCode::MissingHeader, 2)
        ]
    );
}
