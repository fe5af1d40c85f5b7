//! No help line suggests syntax the parser rejects: every log line a diagnostic quotes as
//! something to write is parsed, and must parse.
//!
//! **Inputs.** Every `.dmlog` under `fixtures/`, `logs/` and `tests/` (the tests' own
//! samples, `tests/help-lines/` among them: inputs written to reach help lines nothing
//! else reaches), each run twice, the two ways the binary runs a file: as `dmlint FILE`
//! ([`check_reader`]) and as `dmlint test FILE` ([`run_file`], whose report also holds
//! the fixture runner's own failures: a log that is not a fixture fails for want of
//! metadata). Then generated games ([`selfplay::game`]), every kind of single-move
//! mutation of each ([`mutate::mutants`]), checked as `dmlint` checks them: their
//! diagnostics quote real states. Every diagnostic is rendered as `--format json`, and
//! its `help` and every label's text are read (the headline only repeats what the log
//! wrote, so it is not read).
//!
//! **Examples.** Each span between backticks in those texts is an example when it is
//! one of the following; anything else is skipped:
//!
//! - a *line*: its first word (after an actor `Name: `, which always makes a line) is a
//!   statement keyword of `grammar/dmlog.ebnf` and more words follow, or it is one of the
//!   keywords that are a whole statement alone (`pass`, `end`, `refill`, `damage`,
//!   `concede`, `position`, `middle`, `rerolled`, `game`); or it is a card line (its
//!   second word is `=`, or it starts with `basic` and more follows). It must parse, with
//!   no syntax diagnostic, in one of the minimal documents a line of its kind can stand
//!   in: as the header itself, after `dmlog 1`, in a team section, in a turn, or in a
//!   `position` block;
//! - a *clause*: two or more words, the first a clause keyword (`pay`, `target`,
//!   `choose`, `order`, `may`, `roll`, `draw`, `prevent`, `redirect`, `to`). It must
//!   parse as a line or on a `resolve` line (`resolve SK:L1 CLAUSE`);
//! - a *die*: one word that starts with an alias (or `Player.` and an alias) followed by
//!   `:` or `#` and more (`SK:L1#2[attacking]`, `Bob.AM:L2`, `XX:2fist->fist`,
//!   `SK:L1=2`). It must parse as an item of a die list (`attack DIE`), of a payment
//!   (`resolve SK:L1 pay DIE`) or of a damage split (`assign SK:L1 -> DIE`);
//! - an *annotation*: it starts with `#~`. It must parse as `dmlint test` reads it.
//!
//! Skipped, so: `dmlint …` commands and `dmlint::…` codes, file names (a `/`, or a
//! `.dmlog`, `.yaml` or `.md` ending), faces and fragments (`L2`, `2fist->fist`, `#2`,
//! `SK:`, `->`), format, zone and step names, and single keywords named as keywords
//! (`reroll`, `resolve`, `basic`), which need more words to be a line.
//!
//! An example must also be concrete: no ellipsis (`…` or `...`), and no placeholder,
//! that is no word of four or more capital letters (`NAME`, `CODE`, `BLOCKER`) that the
//! input it came from does not contain (real aliases and names come from the input).
//!
//! The test prints each offending example with its file, line, code and whole help line.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufReader, Cursor};
use std::path::{Path, PathBuf};

use dmlint::cards::Pool;
use dmlint::check::check_reader;
use dmlint::fixture::run_file;
use dmlint::mutate;
use dmlint::render::{Format, Renderer};
use dmlint::selfplay::{self, Options, Policy};
use dmlint::syntax::{Edition, parse_annotation, parse_str};

/// Statement keywords (`statement` and `move` in grammar/dmlog.ebnf).
const KEYWORDS: &[&str] = &[
    "dmlog",
    "game",
    "rules",
    "format",
    "sets",
    "tag",
    "team",
    "middle",
    "first",
    "position",
    "end",
    "turn",
    "waive",
    "life",
    "bag",
    "prep",
    "reserve",
    "field",
    "used",
    "oop",
    "supply",
    "virtual",
    "priority",
    "drawn",
    "rerolled",
    "passed",
    "acted",
    "assigned",
    "combat",
    "pending",
    "limit",
    "held",
    "conceded",
    "draw",
    "refill",
    "roll",
    "reroll",
    "buy",
    "use",
    "global",
    "activate",
    "resolve",
    "pass",
    "attack",
    "block",
    "assign",
    "damage",
    "concede",
    "tokens",
    "monster-ko",
];

/// Keywords that are a whole statement on their own.
const ALONE: &[&str] = &[
    "pass", "end", "refill", "damage", "concede", "position", "middle", "rerolled", "game",
];

/// Clause keywords (`clause` in grammar/dmlog.ebnf).
const CLAUSES: &[&str] = &[
    "pay", "target", "choose", "order", "may", "roll", "draw", "prevent", "redirect", "to",
];

/// One diagnostic's text that may quote an example.
struct Said {
    /// Where it came from: the input, and how it was run.
    origin: String,
    /// The input's text, for telling a placeholder from a real alias.
    input: String,
    code: String,
    line: Option<u64>,
    /// `help` or `label`.
    part: &'static str,
    text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Line,
    Clause,
    Die,
    Annotation,
}

/// Reads rendered JSON diagnostics into what they say.
fn read_json(rendered: &str, origin: &str, input: &str, out: &mut Vec<Said>) {
    for l in rendered.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(l)
            .unwrap_or_else(|e| panic!("{origin}: not a JSON diagnostic ({e}): {l}"));
        let code = v["code"].as_str().unwrap_or("(no code)").to_string();
        let line = v["line"].as_u64();
        let mut push = |part, text: &str| {
            out.push(Said {
                origin: origin.to_string(),
                input: input.to_string(),
                code: code.clone(),
                line,
                part,
                text: text.to_string(),
            })
        };
        if let Some(h) = v["help"].as_str() {
            push("help", h);
        }
        for label in v["labels"].as_array().into_iter().flatten() {
            if let Some(m) = label["message"].as_str() {
                push("label", m);
            }
        }
    }
}

/// Every `.dmlog` below `dir`, sorted.
fn logs_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            logs_under(&p, out);
        } else if p.extension().is_some_and(|e| e == "dmlog") {
            out.push(p);
        }
    }
}

fn json() -> Renderer {
    Renderer::plain(Format::Json)
}

/// What `dmlint FILE` and `dmlint test FILE` say about every input file.
fn from_files(pool: &Pool, out: &mut Vec<Said>) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["fixtures", "logs", "tests"] {
        logs_under(&root.join(dir), &mut files);
    }
    for path in &files {
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        let input = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut rendered = String::new();
        let file = BufReader::new(File::open(path).unwrap());
        check_reader(&name, file, pool, &json(), usize::MAX, &mut rendered);
        read_json(&rendered, &format!("dmlint {name}"), &input, out);
        let report = run_file(path, &name, pool, &json());
        let mut rendered = report.diagnostics.clone();
        for f in &report.failures {
            rendered.push_str(&f.rendered);
        }
        read_json(&rendered, &format!("dmlint test {name}"), &input, out);
    }
    files.len()
}

/// What `dmlint` says about mutants of generated games: every kind of mutation, a few
/// sites each, in both editions and both policies.
fn from_mutants(pool: &Pool, out: &mut Vec<Said>) -> usize {
    let mut checked = 0;
    for i in 0..4u64 {
        let opts = Options {
            rules: if i % 2 == 0 {
                Edition::Rules2018
            } else {
                Edition::Rules2014
            },
            policy: if i < 2 {
                Policy::Eager
            } else {
                Policy::Uniform
            },
            ..Options::default()
        };
        let log = selfplay::game(11, i, &opts, pool).expect("a generated game replays");
        let lines: Vec<String> = log.lines().map(str::to_string).collect();
        for kind in mutate::Kind::ALL {
            for m in mutate::mutants(kind, &lines, pool).into_iter().take(3) {
                let text = m.lines.join("\n") + "\n";
                let name = format!("<gen 11/{i} {} at {}>", kind.name(), m.at + 1);
                let mut rendered = String::new();
                check_reader(
                    &name,
                    Cursor::new(text.as_bytes()),
                    pool,
                    &json(),
                    usize::MAX,
                    &mut rendered,
                );
                read_json(&rendered, &format!("dmlint {name}"), &text, out);
                checked += 1;
            }
        }
    }
    checked
}

/// The spans between backticks.
fn quoted(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// Whether `w` is an identifier of the notation (`ident` in grammar/dmlog.ebnf).
fn is_ident(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_alphabetic())
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Which kind of example a quoted span is, or `None` when it is not one.
fn classify(span: &str) -> Option<Kind> {
    let s = span.trim();
    if s.starts_with("dmlint")
        || s.contains('/')
        || [".dmlog", ".yaml", ".md"].iter().any(|e| s.ends_with(e))
    {
        return None;
    }
    if s.starts_with("#~") {
        return Some(Kind::Annotation);
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    let (first, more) = match words.as_slice() {
        [] => return None,
        [actor, _, ..] if actor.ends_with(':') && is_ident(&actor[..actor.len() - 1]) => {
            return Some(Kind::Line);
        }
        [first, rest @ ..] => (*first, rest),
    };
    if more.first() == Some(&"=") || (first == "basic" && !more.is_empty()) {
        return Some(Kind::Line);
    }
    if KEYWORDS.contains(&first) && (!more.is_empty() || ALONE.contains(&first)) {
        return Some(Kind::Line);
    }
    if CLAUSES.contains(&first) && !more.is_empty() {
        return Some(Kind::Clause);
    }
    if more.is_empty() {
        let name = first
            .split_once('.')
            .map_or(first, |(p, rest)| if is_ident(p) { rest } else { first });
        let end = name.find([':', '#']).unwrap_or(name.len());
        if end < name.len() && end + 1 < name.len() && is_ident(&name[..end]) {
            return Some(Kind::Die);
        }
    }
    None
}

/// Why an example is not concrete, if it is not.
fn placeholder(example: &str, input: &str) -> Option<String> {
    if example.contains('…') || example.contains("...") {
        return Some("an ellipsis is not syntax".into());
    }
    let in_input: BTreeSet<&str> = input
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    example
        .split(|c: char| !c.is_ascii_alphabetic())
        .find(|w| {
            w.len() >= 4 && w.chars().all(|c| c.is_ascii_uppercase()) && !in_input.contains(w)
        })
        .map(|w| format!("`{w}` is a placeholder, not a name from the log"))
}

/// A syntax diagnostic, in words.
fn describe(e: &dmlint::syntax::SyntaxError) -> String {
    format!(
        "the parser rejects: {}: {}{}",
        dmlint::diag::Code::code(e.code),
        e.message,
        e.help
            .as_deref()
            .map(|h| format!(" (help: {h})"))
            .unwrap_or_default()
    )
}

/// Whether any of `docs` parses without a syntax diagnostic. If none does, the first
/// diagnostic of the one with the fewest (the later of equals: the documents go from
/// the most general to the most specific), which is the one that says most about the
/// example itself.
fn any_parses(docs: &[String]) -> Result<(), String> {
    let mut best: Option<Vec<dmlint::syntax::SyntaxError>> = None;
    for d in docs {
        let (_, errors) = parse_str(d);
        if errors.is_empty() {
            return Ok(());
        }
        if best.as_ref().is_none_or(|b| errors.len() <= b.len()) {
            best = Some(errors);
        }
    }
    Err(best
        .and_then(|b| b.first().map(describe))
        .unwrap_or_default())
}

/// The minimal documents a line of any kind can stand in.
fn line_docs(line: &str) -> Vec<String> {
    vec![
        format!("{line}\n"),
        format!("dmlog 1\n{line}\n"),
        format!("dmlog 1\n{line}\nend\n"),
        format!("dmlog 1\nteam Ann\n{line}\n"),
        format!("dmlog 1\nturn 1 Ann\n{line}\n"),
        format!("dmlog 1\nposition\n{line}\nend\n"),
    ]
}

/// Whether an example parses as what it is.
fn parses(kind: Kind, example: &str) -> Result<(), String> {
    match kind {
        Kind::Line => any_parses(&line_docs(example)),
        Kind::Clause => {
            let mut docs = line_docs(example);
            docs.extend(line_docs(&format!("resolve SK:L1 {example}")));
            any_parses(&docs)
        }
        Kind::Die => any_parses(&[
            format!("dmlog 1\nturn 1 Ann\nattack {example}\n"),
            format!("dmlog 1\nturn 1 Ann\nresolve SK:L1 pay {example}\n"),
            format!("dmlog 1\nturn 1 Ann\nassign SK:L1 -> {example}\n"),
        ]),
        Kind::Annotation => {
            let doc = format!("dmlog 1\nturn 1 Ann\n{example}\n");
            let (parsed, errors) = parse_str(&doc);
            if let Some(e) = errors.first() {
                return Err(describe(e));
            }
            let notes: Vec<_> = parsed
                .header
                .defaults
                .iter()
                .chain(parsed.games.iter().flat_map(|g| &g.lines))
                .filter_map(|l| l.annotation.as_ref())
                .collect();
            if notes.is_empty() {
                return Err("no annotation".into());
            }
            for a in notes {
                parse_annotation(a).map_err(|e| describe(&e))?;
            }
            Ok(())
        }
    }
}

/// Codes whose help builds an example from the game at hand: the inputs must keep
/// reaching each of them, or the test would pass for want of examples.
const COVERED: &[&str] = &[
    "dmlint::engine::ambiguous-die",
    "dmlint::engine::impossible-position",
    "dmlint::engine::missing-teams",
    "dmlint::fixture::missing-metadata",
    "dmlint::rules::damage-assignment",
    "dmlint::rules::draw-count",
    "dmlint::rules::invalid-choice",
    "dmlint::rules::invalid-target",
    "dmlint::rules::out-of-step",
    "dmlint::rules::priority-not-passed",
    "dmlint::rules::roll-mismatch",
    "dmlint::rules::team-card-kind",
    "dmlint::rules::turn-order",
    "dmlint::rules::unresolved-trigger",
    "dmlint::rules::wrong-player",
    "dmlint::syntax::card-outside-team",
    "dmlint::syntax::misplaced-line",
    "dmlint::syntax::move-outside-turn",
    "dmlint::syntax::unexpected-token",
    "dmlint::syntax::unknown-keyword",
];

#[test]
fn every_example_a_help_line_gives_parses() {
    let pool = Pool::embedded();
    let mut said = Vec::new();
    let files = from_files(pool, &mut said);
    let mutants = from_mutants(pool, &mut said);

    // Each distinct example is parsed once; whether it is concrete depends on the input
    // it came from, so that is asked of every occurrence.
    let mut parsed: BTreeMap<(Kind, &str), Result<(), String>> = BTreeMap::new();
    let mut bad: BTreeMap<(Kind, &str, &str), String> = BTreeMap::new();
    let mut in_help: BTreeSet<(Kind, &str)> = BTreeSet::new();
    let mut in_label: BTreeSet<(Kind, &str)> = BTreeSet::new();
    let mut codes: BTreeSet<&str> = BTreeSet::new();
    let mut occurrences = 0;
    for s in &said {
        for example in quoted(&s.text) {
            let Some(kind) = classify(example) else {
                continue;
            };
            occurrences += 1;
            codes.insert(&s.code);
            match s.part {
                "help" => in_help.insert((kind, example)),
                _ => in_label.insert((kind, example)),
            };
            let why = parsed
                .entry((kind, example))
                .or_insert_with(|| parses(kind, example))
                .clone()
                .and_then(|()| placeholder(example, &s.input).map_or(Ok(()), Err));
            if let Err(why) = why {
                bad.entry((kind, example, &s.code)).or_insert_with(|| {
                    format!(
                        "{origin}{line}: [{code}] its {part} gives `{example}` ({kind:?}), \
                         which {why}\n    {part}: {text}",
                        origin = s.origin,
                        line = s.line.map(|l| format!(":{l}")).unwrap_or_default(),
                        code = s.code,
                        part = s.part,
                        text = s.text,
                    )
                });
            }
        }
    }
    let mut by_kind: BTreeMap<Kind, usize> = BTreeMap::new();
    for (kind, _) in parsed.keys() {
        *by_kind.entry(*kind).or_default() += 1;
    }
    eprintln!(
        "{} help and label texts from {files} files and {mutants} mutants; {occurrences} \
         examples, {} distinct ({by_kind:?}): {} in help lines, {} in labels, from {} codes",
        said.len(),
        parsed.len(),
        in_help.len(),
        in_label.len(),
        codes.len()
    );
    let bad: Vec<&String> = bad.values().collect();
    assert!(
        bad.is_empty(),
        "{} help examples the parser rejects or that are not concrete:\n{}",
        bad.len(),
        bad.iter()
            .map(|b| b.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let missing: Vec<&&str> = COVERED.iter().filter(|c| !codes.contains(**c)).collect();
    assert!(
        missing.is_empty(),
        "no input reaches an example in the help of {missing:?}: tests/help-lines/ should"
    );
}

#[test]
fn the_filter_keeps_lines_and_skips_what_is_not_one() {
    let keep = [
        ("assign CA:L1 -> BLOCKER=2", Kind::Line),
        ("resolve AM ability 1 target Bob:SK:L1", Kind::Line),
        ("Bob: pass", Kind::Line),
        ("pass", Kind::Line),
        ("life Ann 8", Kind::Line),
        ("CA = Captain America: American Hero", Kind::Line),
        ("basic FB = Force Beam", Kind::Line),
        ("target Bob.SK:L1", Kind::Clause),
        ("may no", Kind::Clause),
        ("SK:L1#2[attacking]", Kind::Die),
        ("Bob.AM:L2", Kind::Die),
        ("#~ ok; life Ann 8", Kind::Annotation),
    ];
    for (span, kind) in keep {
        assert_eq!(classify(span), Some(kind), "{span}");
    }
    let skip = [
        "dmlint explain",
        "dmlint cards \"Hulk\"",
        "dmlint::rules::second-reroll",
        "grammar/README.md",
        "game.dmlog",
        "reroll",
        "resolve",
        "basic",
        "L2",
        "2fist->fist",
        "#2",
        "SK:",
        "first-game",
        "demo ai",
    ];
    for span in skip {
        assert_eq!(classify(span), None, "{span}");
    }
}

#[test]
fn the_check_rejects_what_the_parser_rejects_and_placeholders() {
    assert!(parses(Kind::Line, "assign CA:L1 -> SK:L1=2").is_ok());
    assert!(parses(Kind::Line, "assign CA:L1 -> BLOCKER=N").is_err());
    assert!(parses(Kind::Line, "turn 4 Eric main").is_ok());
    assert!(parses(Kind::Line, "turn N PLAYER").is_err());
    assert!(parses(Kind::Line, "CA = Captain America: American Hero").is_ok());
    assert!(parses(Kind::Clause, "target Bob.SK:L1").is_ok());
    assert!(parses(Kind::Clause, "target …").is_err());
    assert!(parses(Kind::Die, "SK:L1#2[dmg=1]").is_ok());
    assert!(parses(Kind::Die, "SK:L1=2").is_ok());
    assert!(parses(Kind::Die, "SK:L9x").is_err());
    assert!(parses(Kind::Annotation, "#~ source: 003 Attack Step, ruling [5]").is_ok());
    assert!(parses(Kind::Annotation, "#~ ok;;").is_err());
    // `team NAME` parses, but NAME is no name from the log.
    assert!(parses(Kind::Line, "team NAME").is_ok());
    assert!(placeholder("team NAME", "team Ann\nteam Bob\n").is_some());
    assert!(placeholder("team HULK", "HULK = Hulk: Annihilator\n").is_none());
    assert!(placeholder("waive dmlint::rules::x \"judge ruled …\"", "").is_some());
}
