//! Verdicts do not move when the checker gets faster: `dmlint check`'s whole output (JSON,
//! every diagnostic and each game's record) over the repository's logs and fixtures,
//! generated games and their mutants is held two ways.
//!
//! - The streaming replay (`check_reader`: each game replayed as its lines are parsed)
//!   against the tree replay kept beside it (`check_reader_tree`: each game parsed into
//!   its tree, then replayed), on every input.
//! - Both against `tests/verdicts/expected.txt`: one digest of the output per input, made
//!   by the checker as it stood before the performance work (`DMLINT_BLESS=1 cargo test
//!   --test verdicts` rewrites it; only when a verdict is meant to change, and the change
//!   reviewed with `dmlint --format json` on the inputs it names).
//!
//! A few hundred generated games run here; `cargo test --release --test verdicts --
//! --ignored` runs 10,000 more.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use dmlint::cards::Pool;
use dmlint::check::{DEFAULT_MAX_DIAGNOSTICS, FileReport, check_reader, check_reader_tree};
use dmlint::mutate::{self, Kind};
use dmlint::render::{Format, Renderer};
use dmlint::selfplay::{self, Options, Policy};
use dmlint::syntax::Edition;

const EXPECTED: &str = "tests/verdicts/expected.txt";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// 64-bit FNV-1a: a digest that is the same on every platform and Rust release.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// One input checked by the streaming replay, or by the tree replay.
fn run(tree: bool, name: &str, text: &str, format: Format) -> (String, FileReport) {
    let mut out = String::new();
    let check = if tree {
        check_reader_tree
    } else {
        check_reader
    };
    let report = check(
        name,
        Cursor::new(text.as_bytes()),
        Pool::embedded(),
        &Renderer::plain(format),
        DEFAULT_MAX_DIAGNOSTICS,
        &mut out,
    );
    (out, report)
}

/// The JSON output of the streaming replay, after checking that the tree replay gives
/// the same, in JSON and in the human format (which prints the board under a violation).
fn output(name: &str, text: &str) -> String {
    let (stream, stream_report) = run(false, name, text, Format::Json);
    let (tree, tree_report) = run(true, name, text, Format::Json);
    assert_eq!(
        stream, tree,
        "{name}: the streaming and the tree replay differ"
    );
    assert_eq!(stream_report, tree_report, "{name}");
    let (human, _) = run(false, name, text, Format::Human);
    let (human_tree, _) = run(true, name, text, Format::Human);
    assert_eq!(human, human_tree, "{name}: the human output differs");
    stream
}

/// Every `.dmlog` under the directories, sorted, by path from the repository's root.
fn logs(dirs: &[&str]) -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "dmlog") {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    for d in dirs {
        walk(&root().join(d), &mut paths);
    }
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let bytes = std::fs::read(&p).unwrap();
            (name, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect()
}

/// Every edition and both policies, in turn.
fn options(i: u64) -> Options {
    Options {
        rules: match i % 3 {
            0 => Edition::Rules2018,
            1 => Edition::Rules2014,
            _ => Edition::Rules2016,
        },
        policy: if i % 6 < 3 {
            Policy::Eager
        } else {
            Policy::Uniform
        },
        ..Options::default()
    }
}

/// Generated games `from..to` (seed 7, game i), and for every tenth one mutant of each
/// kind: the illegal lines the mutation harness writes.
fn generated(from: u64, to: u64) -> Vec<(String, String)> {
    let pool = Pool::embedded();
    let mut out = Vec::new();
    for i in from..to {
        let Ok(log) = selfplay::game(7, i, &options(i), pool) else {
            continue;
        };
        if i % 10 == 0 {
            let lines: Vec<String> = log.lines().map(str::to_string).collect();
            for kind in Kind::ALL {
                if let Some(m) = mutate::mutants(kind, &lines, pool).into_iter().next() {
                    let name = format!("gen-7-{i}-{}", kind.name());
                    out.push((name, m.lines.join("\n") + "\n"));
                }
            }
        }
        out.push((format!("gen-7-{i}"), log));
    }
    out
}

/// Logs whose replay reads ahead: what the streaming replay must hand back to the tree.
fn edge_cases() -> Vec<(String, String)> {
    let team =
        "team Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\nAM = Ant-Man: Biophysicist\n";
    let head = "dmlog 1\nformat custom life 10\n";
    let cases = [
        // A pass written only after the inactive player's action in a 2014 game: that
        // action broke the tournament procedure, which a log holds to once it writes
        // passes (fixtures/rules/moves/tournament-procedure.dmlog).
        (
            "late-pass-2014",
            "dmlog 1\nrules 2014\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
             basic TC = Take Cover\nteam Bob\nAM = Ant-Man: Biophysicist x2\nfirst Ann\nposition\n\
             turn 3 Ann main\nreserve Ann SK:fist SK:bolt SK:mask\nfield Ann SK:L1\n\
             reserve Bob SK:shield x3\nfield Bob SK:L1\nused Ann SK x4\nused Bob SK x4\nend\n\
             Bob: global TC pay SK:shield target Bob.SK:L1\npass\nBob: pass\npass\n"
                .to_string(),
        ),
        // A `first` line after the first turn still names the first player.
        (
            "late-first",
            format!("{head}{team}turn 1 Bob\ndraw SK x4\nend\nfirst Bob\n"),
        ),
        // A team opened after the turns have started.
        (
            "late-team",
            format!(
                "{head}team Ann\nGR = Ghost Rider: Johnny Blaze x2\nturn 1 Ann\nteam Bob\n\
                 AM = Ant-Man: Biophysicist\n"
            ),
        ),
        // A syntax error after an illegal move outweighs the violation.
        (
            "late-syntax-error",
            format!("{head}{team}first Ann\nturn 1 Ann\ndraw SK x5\nrerol SK\n"),
        ),
        // An unknown card: not replayed.
        (
            "unknown-card",
            format!("{head}{team}X = Ghost Ryder\nturn 1 Ann\ndraw SK x4\n"),
        ),
        // No teams, moves anyway; and no play line at all.
        ("no-teams", format!("{head}turn 1 Ann\ndraw SK x4\nend\n")),
        ("setup-only", format!("{head}{team}first Ann\n")),
        // A waiver before the teams, and one before the first turn.
        (
            "early-waivers",
            format!(
                "{head}waive dmlint::rules::payment-short \"x\"\n{team}waive dmlint::rules::x \"y\"\nturn 1 Ann\ndraw SK x4\n"
            ),
        ),
        // Several games sharing defaults, one of them illegal.
        (
            "multi",
            format!(
                "dmlog 1\nformat custom life 10\ngame a\n{team}turn 1 Ann\ndraw SK x4\nend\n\
                 game b\n{team}turn 1 Ann\ndraw SK x5\ngame c\nrules 2014\n{team}turn 1 Ann\npass\n"
            ),
        ),
    ];
    cases
        .into_iter()
        .map(|(n, t)| (format!("edge-{n}"), t))
        .collect()
}

/// Every input of the comparison, by name.
fn corpus() -> Vec<(String, String)> {
    let mut all = logs(&["logs", "fixtures", "tests"]);
    all.extend(edge_cases());
    all.extend(generated(0, 300));
    all
}

fn expected() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join(EXPECTED)).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(d, n)| (n.to_string(), d.to_string()))
        .collect()
}

#[test]
fn streaming_and_tree_replays_agree_and_no_verdict_moved() {
    let found: Vec<(String, String)> = corpus()
        .into_iter()
        .map(|(name, text)| {
            let out = output(&name, &text);
            (name, format!("{:016x}", digest(&out)))
        })
        .collect();
    // The inputs as files, for comparing `dmlint --format json` of two builds.
    if let Some(dir) = std::env::var_os("DMLINT_VERDICT_CORPUS") {
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in corpus() {
            let file = name.replace('/', "__");
            std::fs::write(Path::new(&dir).join(format!("{file}.dmlog")), text).unwrap();
        }
    }
    if std::env::var_os("DMLINT_BLESS").is_some() {
        let text: String = found.iter().map(|(n, d)| format!("{d} {n}\n")).collect();
        std::fs::create_dir_all(root().join("tests/verdicts")).unwrap();
        std::fs::write(root().join(EXPECTED), text).unwrap();
        return;
    }
    let expected = expected();
    let moved: Vec<&str> = found
        .iter()
        .filter(|(n, d)| expected.get(n) != Some(d))
        .map(|(n, _)| n.as_str())
        .collect();
    assert!(
        moved.is_empty(),
        "the output changed (or is new) for {} inputs: {moved:?}",
        moved.len()
    );
    let gone: Vec<&String> = expected
        .keys()
        .filter(|n| !found.iter().any(|(f, _)| f == *n))
        .collect();
    assert!(gone.is_empty(), "inputs no longer checked: {gone:?}");
}

/// The edge cases do what they are there for: each reads ahead in its own way.
#[test]
fn the_edge_cases_reach_their_verdicts() {
    let check = |name: &str| {
        let (_, text) = edge_cases().into_iter().find(|(n, _)| n == name).unwrap();
        run(false, name, &text, Format::Short)
    };
    // The late pass makes Bob's global, before Ann paused, a violation.
    let (out, r) = check("edge-late-pass-2014");
    assert_eq!(r.illegal, 1, "{out}");
    assert!(out.contains("dmlint::rules::no-priority"), "{out}");
    // A syntax error after an illegal move: undecided, the violation unreported.
    let (out, r) = check("edge-late-syntax-error");
    assert_eq!((r.illegal, r.undecided, r.violations), (0, 1, 0), "{out}");
    // A team opened after the first turn still counts: the game has its two teams.
    let (out, _) = check("edge-late-team");
    assert!(!out.contains("missing-teams"), "{out}");
}

/// The 10,000 generated games of issue 20, both replays against each other.
#[test]
#[ignore = "minutes: run with --release -- --ignored"]
fn ten_thousand_generated_games_agree() {
    for chunk in (0..10_000u64).step_by(500) {
        for (name, text) in generated(chunk, chunk + 500) {
            output(&name, &text);
        }
    }
}
