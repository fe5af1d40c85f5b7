//! `dmlint test` from the command line, beyond the human report (tests/cli.rs): the JSON
//! records, running one game of a file, and blessing a new fixture.

use std::process::Output;

use serde_json::Value;

#[path = "common/bin.rs"]
mod bin;
use bin::{Scratch, dmlint, stdout};

/// The teams of every game below: Ann goes first.
const TEAMS: &str = "team Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
                     AM = Ant-Man: Biophysicist x2\nfirst Ann\n";

/// Two games: the first (line 5) meets its expectation, the second (line 13) expects Bob
/// to take the first turn, which the engine refuses at line 19.
fn two_games() -> String {
    format!(
        "dmlog 1\n#~ source: 000 TURN ORDER\n#~ summary: the first player takes the first turn\n\
         format custom life 10\ngame ann starts\n{TEAMS}turn 1 Ann   #~ ok\n\n\
         game bob starts\n{TEAMS}turn 1 Bob   #~ ok\n"
    )
}

/// One game, marked pending, whose expectation the engine does not meet.
const PENDING: &str = "dmlog 1\n#~ source: 000 TURN ORDER\n#~ summary: a claim not modelled yet\n\
                       #~ pending: waits for a rule the engine lacks\nformat custom life 10\n\
                       team Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
                       AM = Ant-Man: Biophysicist x2\nfirst Ann\nturn 1 Bob   #~ ok\n";

/// Each line of the output as JSON.
fn records(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn json_has_a_record_per_game_per_file_and_a_summary() {
    let dir = Scratch::new("json");
    let games = dir.file("games.dmlog", &two_games());
    let pending = dir.file("pending.dmlog", PENDING);
    let o = dmlint(&["test", &games, &pending, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let r = records(&o);
    let kinds: Vec<&str> = r.iter().map(|v| v["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "fixture-game",
            "fixture-game",
            "fixture",
            "fixture-game",
            "fixture",
            "test-summary"
        ]
    );
    assert!(r.iter().all(|v| v["schema"] == 3));

    // The passing game: where it is, and nothing unmet.
    let passed = &r[0];
    assert_eq!(passed["file"], games.as_str());
    assert_eq!(passed["game"], 1);
    assert_eq!(passed["label"], "ann starts");
    assert_eq!(passed["line"], 5);
    assert_eq!(passed["end_line"], 12);
    assert_eq!(passed["status"], "passed");
    assert_eq!(passed["pending"], Value::Null);
    assert_eq!(passed["failures"], serde_json::json!([]));

    // The failing game: the expectation, what the engine found, the code and the line.
    let failed = &r[1];
    assert_eq!(failed["game"], 2);
    assert_eq!(failed["line"], 13);
    assert_eq!(failed["status"], "failed");
    let f = &failed["failures"][0];
    assert_eq!(failed["failures"].as_array().unwrap().len(), 1, "{failed}");
    assert_eq!(f["code"], "dmlint::fixture::verdict-differs");
    assert_eq!(f["line"], 19);
    assert_eq!(f["expected"], "ok");
    assert_eq!(f["found"], "`dmlint::rules::turn-order`");
    assert_eq!(f["excusable"], true);

    // The file's record: failed, its ruling, no failure outside its games.
    let file = &r[2];
    assert_eq!(file["status"], "failed");
    assert_eq!(file["source"], "000 TURN ORDER");
    assert_eq!(file["games"], 2);
    assert_eq!(file["failures"], serde_json::json!([]));

    // The pending fixture: its game is pending, with the reason, and still lists what is
    // unmet.
    let game = &r[3];
    assert_eq!(game["file"], pending.as_str());
    assert_eq!(game["game"], 1);
    assert_eq!(game["label"], Value::Null);
    assert_eq!(game["line"], 1);
    assert_eq!(game["status"], "pending");
    assert_eq!(game["pending"], "waits for a rule the engine lacks");
    assert_eq!(game["failures"][0]["line"], 11);
    assert_eq!(r[4]["status"], "pending");
    assert_eq!(r[4]["pending"], "waits for a rule the engine lacks");

    let summary = &r[5];
    assert_eq!(
        (
            &summary["files"],
            &summary["passed"],
            &summary["failed"],
            &summary["pending"]
        ),
        (&2.into(), &0.into(), &1.into(), &1.into())
    );
    assert_eq!(
        (
            &summary["games"],
            &summary["games_passed"],
            &summary["games_failed"],
            &summary["games_pending"]
        ),
        (&3.into(), &1.into(), &1.into(), &1.into())
    );
    let _ = dir.path();
}

#[test]
fn json_puts_a_files_own_failures_on_its_record() {
    // No `summary:` line: the file fails, its one game does not.
    let dir = Scratch::new("meta");
    let text = PENDING
        .replace("#~ summary: a claim not modelled yet\n", "")
        .replace("#~ pending: waits for a rule the engine lacks\n", "")
        .replace("turn 1 Bob   #~ ok", "turn 1 Ann   #~ ok");
    let path = dir.file("no-summary.dmlog", &text);
    let o = dmlint(&["test", &path, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let r = records(&o);
    assert_eq!(r[0]["status"], "passed", "{}", r[0]);
    assert_eq!(r[1]["status"], "failed");
    assert_eq!(
        r[1]["failures"][0]["code"],
        "dmlint::fixture::missing-metadata"
    );
    // An unreadable path is a failed file with no games.
    let o = dmlint(&["test", "fixtures/no-such-ruling.dmlog", "--format", "json"]);
    let r = records(&o);
    assert_eq!(r[0]["kind"], "fixture");
    assert_eq!(r[0]["games"], 0);
    assert_eq!(r[0]["failures"][0]["code"], "dmlint::fixture::unreadable");
    assert_eq!(r[1]["failed"], 1);
}

#[test]
fn game_n_runs_one_game_of_a_file() {
    let dir = Scratch::new("game");
    let games = dir.file("games.dmlog", &two_games());
    // The first game alone passes; the second alone fails, at its own line.
    let o = dmlint(&["test", &games, "--game", "1", "--color", "never"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("1 passed, 0 failed, 0 pending\n"));
    let o = dmlint(&["test", &games, "--game", "2", "--color", "never"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!(
            "FAIL    {games}:19: expected ok, found `dmlint::rules::turn-order`"
        )),
        "{}",
        stdout(&o)
    );
    // Only the game run has a record.
    let o = dmlint(&["test", &games, "--game", "2", "--format", "json"]);
    let r = records(&o);
    assert_eq!(r.len(), 3, "{}", stdout(&o));
    assert_eq!((&r[0]["game"], &r[0]["line"]), (&2.into(), &13.into()));
    assert_eq!(r[1]["games"], 1);

    // Out of range: a diagnostic that lists the file's games.
    for n in ["3", "0"] {
        let o = dmlint(&["test", &games, "--game", n, "--color", "never"]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(1), "{out}");
        assert!(out.contains("dmlint::fixture::no-such-game"), "{out}");
        assert!(
            out.contains(&format!("--game {n}: the file holds 2 games")),
            "{out}"
        );
        // The help may be wrapped: its words are compared.
        let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("1 (line 5, `ann starts`), 2 (line 13, `bob starts`)"),
            "{out}"
        );
    }

    // One file only: a directory (the default included) is refused.
    let dir_arg = dir.path().to_string_lossy().into_owned();
    for args in [
        vec!["test", "--game", "1"],
        vec!["test", &dir_arg, "--game", "1"],
    ] {
        let o = dmlint(&args);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("--game N runs one game"));
    }
}

#[test]
fn one_passing_game_of_a_pending_fixture_passes_and_the_file_stays_pending() {
    // The pending mark is the file's: the game that meets its expectations passes when
    // run alone, and the whole file is still pending.
    let dir = Scratch::new("pending-game");
    let text = two_games().replace(
        "#~ summary:",
        "#~ pending: the second game's claim waits\n#~ summary:",
    );
    let path = dir.file("games.dmlog", &text);
    let o = dmlint(&["test", &path, "--game", "1", "--color", "never"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("1 passed, 0 failed, 0 pending\n"));
    let o = dmlint(&["test", &path, "--color", "never"]);
    assert!(stdout(&o).ends_with("0 passed, 0 failed, 1 pending\n"));
}

/// A new fixture: metadata, no expectations; Bob's turn at line 11 breaks turn order.
const NEW: &str = "dmlog 1\n#~ source: 000 TURN ORDER\n#~ summary: the first player takes the first turn\n\
                   format custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
                   AM = Ant-Man: Biophysicist x2\nfirst Ann\n# Bob goes first, which is not his to do\n\
                   turn 1 Bob\n";

#[test]
fn bless_writes_the_engines_verdicts_and_the_file_then_passes() {
    let dir = Scratch::new("bless");
    let path = dir.file("new.dmlog", NEW);
    let o = dmlint(&["test", "--bless", &path]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(&format!(
            "blessed {path}: the engine's verdicts written on 1 line (11)"
        )),
        "{out}"
    );
    let blessed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        blessed,
        NEW.replace(
            "turn 1 Bob\n",
            "turn 1 Bob   #~ dmlint::rules::turn-order\n"
        )
    );
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1);
    let o = dmlint(&["test", &path, "--color", "never"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("1 passed, 0 failed, 0 pending\n"));

    // Now it holds expectations: a second bless is refused, the file untouched.
    let o = dmlint(&["test", "--bless", &path, "--color", "never"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("dmlint::fixture::has-expectations"), "{out}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), blessed);
}

#[test]
fn bless_adds_placeholder_metadata_and_refuses_a_file_with_expectations() {
    let dir = Scratch::new("bless-meta");
    // No metadata: placeholders after the `dmlog` line, and the file passes.
    let bare = NEW
        .replace("#~ source: 000 TURN ORDER\n", "")
        .replace("#~ summary: the first player takes the first turn\n", "");
    let path = dir.file("bare.dmlog", &bare);
    let o = dmlint(&["test", "--bless", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("placeholders were added"),
        "{}",
        stdout(&o)
    );
    let blessed = std::fs::read_to_string(&path).unwrap();
    assert!(
        blessed.starts_with("dmlog 1\n#~ source: TODO: "),
        "{blessed}"
    );
    assert!(blessed.contains("\n#~ summary: TODO: "), "{blessed}");
    let o = dmlint(&["test", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));

    // A file with one expectation anywhere is refused, byte for byte untouched.
    let with_ok = NEW.replace("first Ann\n", "first Ann   #~ ok\n");
    let path = dir.file("reviewed.dmlog", &with_ok);
    let o = dmlint(&["test", "--bless", &path, "--color", "never"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("dmlint::fixture::has-expectations"), "{out}");
    assert!(out.contains("already holds expectations"), "{out}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), with_ok);

    // Bless takes one file, and nothing else to run.
    let o = dmlint(&["test", "--bless", &path, "fixtures"]);
    assert_eq!(o.status.code(), Some(2));
}
