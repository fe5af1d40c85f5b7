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

/// Runs dmlint with `input` on standard input.
fn dmlint_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dmlint"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_legal_game_exits_0_with_its_result() {
    let o = dmlint(&["fixtures/engine/vanilla-game.dmlog"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("legal: Bob won; life Ann 0, Bob 3"));
}

#[test]
fn an_illegal_move_exits_1_at_its_line() {
    let log = "dmlog 1\nformat custom life 3\nteam Ann\nGR = Ghost Rider: Johnny Blaze\n\
               team Bob\nAM = Ant-Man: Biophysicist\nfirst Ann\nturn 1 Ann\ndraw SK x3\n\
               draw SK to oop\nroll SK:bolt SK:fist SK:L1\nreroll SK:L1->mask\nreroll SK:mask->bolt\n";
    let o = dmlint_stdin(&["-", "--format", "short"], log.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o)
            .starts_with("<stdin>:13:1: error[dmlint::rules::second-reroll]: a second reroll"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_logs_replay_clean_to_their_end() {
    // Every complete game in logs/ replays without a violation or an undecided line,
    // and ends where the book (or the table) says it ended.
    let o = dmlint(&["logs/", "--color", "never"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("avx-first-game-long.dmlog: legal: Eric won; life Eric 5, Mike 0"),
        "{out}"
    );
    assert!(
        out.contains(
            "avx-example-of-play.dmlog: legal: under way at turn 4 Eric; life Eric 7, Mike 10"
        ),
        "{out}"
    );
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
    std::fs::remove_dir_all(&empty).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("holds no .dmlog file"));
}

#[test]
fn standard_input() {
    let o = dmlint_stdin(
        &["-", "--format", "short"],
        b"dmlog 1\nturn 1 A\nrol SK:fist\n",
    );
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
    assert_eq!(lines[0]["line"], 3);
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

#[test]
fn cards_shows_hulk_jade_giant_among_the_hulks() {
    let o = dmlint(&["cards", "Hulk"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let jade = text
        .split("\n\n")
        .find(|c| c.starts_with("Hulk: Jade Giant"))
        .expect("Hulk: Jade Giant listed");
    assert!(jade.contains("cost 6, fist"), "{jade}");
    assert!(jade.contains("affiliations: Avengers"), "{jade}");
    assert!(jade.contains("die limit 4"), "{jade}");
    assert!(
        jade.contains("level 1: fielding 1, attack 6, defense 5, burst *"),
        "{jade}"
    );
    assert!(
        jade.contains("level 2: fielding 2, attack 7, defense 7, burst *"),
        "{jade}"
    );
    assert!(
        jade.contains("level 3: fielding 3, attack 8, defense 8\n"),
        "{jade}"
    );
    assert!(
        text.matches("Hulk").count() > 3,
        "other Hulk cards are listed too"
    );
}

#[test]
fn cards_stats_ends_with_the_total_line() {
    let o = dmlint(&["cards", "--stats"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("total: "), "{last}");
    assert!(
        last.contains(" with dice, ") && last.ends_with(" with abilities"),
        "{last}"
    );
    assert!(text.lines().any(|l| l.starts_with("AVX ")));
}

#[test]
fn cards_check_reports_a_bad_card_file_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("dmlint-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "schema: 1\nset: {code: X, name: X}\ncards:\n  - title: Thor\n    kind: character\n    cots: 4\n").unwrap();
    let o = dmlint(&["cards", "--check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o);
    assert!(text.contains("dmlint::cards::invalid-yaml"), "{text}");
    assert!(text.contains("bad.yaml:6:5"), "{text}");
    assert!(text.contains("did you mean `cost`?"), "{text}");
    let good = dir.join("good.yaml");
    std::fs::write(&good, "schema: 1\nset: {code: X, name: X}\ncards:\n  - title: Custom\n    subtitle: Rules Writer\n    kind: character\n    cost: 4\n").unwrap();
    assert_eq!(
        dmlint(&["cards", "--check", good.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );
    // A rules writer's custom card: unknown to the built-in pool, known with --cards.
    let log = dir.join("x.dmlog");
    std::fs::write(
        &log,
        "dmlog 1\nformat custom\nteam A\nC = Custom: Rules Writer\n",
    )
    .unwrap();
    let o = dmlint(&[log.to_str().unwrap(), "--format", "short"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("dmlint::cards::unknown-card"));
    let o = dmlint(&[
        "--cards",
        good.to_str().unwrap(),
        log.to_str().unwrap(),
        "--format",
        "short",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // A bad card file stops the check with its own diagnostics.
    let o = dmlint(&["--cards", bad.to_str().unwrap(), log.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("dmlint::cards::invalid-yaml"));
}

#[test]
fn a_log_naming_a_card_whose_file_entry_is_broken_is_told_at_its_line() {
    let dir = std::env::temp_dir().join(format!("dmlint-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cards = dir.join("errata.yaml");
    std::fs::write(
        &cards,
        "schema: 1\nset: {code: AVX, name: Avengers vs. X-Men}\ncards:\n  - title: Hulk\n    subtitle: Jade Giant\n    kind: character\n    cost: six\n",
    )
    .unwrap();
    let log = dir.join("game.dmlog");
    std::fs::write(
        &log,
        "dmlog 1\nformat custom life 10\nteam A\nHU = Hulk: Jade Giant x2\n",
    )
    .unwrap();
    let o = dmlint(&[
        "--cards",
        cards.to_str().unwrap(),
        log.to_str().unwrap(),
        "--format",
        "short",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o);
    // First the card file's own diagnostic, then the log line that needed the card.
    let yaml = text
        .find("errata.yaml:7:11: error[dmlint::cards::invalid-yaml]")
        .expect(&text);
    let at_log = text
        .find("game.dmlog:4:6: error[dmlint::cards::broken-card]")
        .expect(&text);
    assert!(yaml < at_log, "{text}");
    assert!(text.contains("fix the card file at"), "{text}");
    assert!(
        text.contains("errata.yaml:7:11 (its diagnostic is above)"),
        "{text}"
    );
}

#[test]
fn an_oversized_card_file_is_refused_unread() {
    let path = std::env::temp_dir().join(format!("dmlint-huge-{}.yaml", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: 17 MiB by length, nothing written.
    file.set_len(17 << 20).unwrap();
    let o = dmlint(&["cards", "--check", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o);
    assert!(text.contains("dmlint::cards::too-large"), "{text}");
    assert!(text.contains("the card file is 17825792 bytes"), "{text}");
}

/// A scratch directory of this test process, for files a test writes.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dmlint-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn dmlint_test_runs_the_fixtures_by_default_and_passes() {
    let o = dmlint(&["test"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let summary = out.lines().last().unwrap_or_default();
    let counts: Vec<usize> = summary
        .split(", ")
        .filter_map(|part| part.split(' ').next()?.parse().ok())
        .collect();
    assert!(
        summary.ends_with(" pending") && counts.len() == 3 && counts[1] == 0,
        "{summary}"
    );
    assert!(counts[0] >= 40, "{summary}");
    // Every pending fixture is listed with its reason.
    let pending = out.lines().filter(|l| l.starts_with("PENDING ")).count();
    assert_eq!(pending, counts[2], "{out}");
    assert!(
        out.lines().filter(|l| l.starts_with("PENDING ")).all(|l| l
            .split_once(": ")
            .is_some_and(|(_, why)| !why.trim().is_empty())),
        "{out}"
    );
}

/// A fixture whose expectation is wrong: the player chosen to go first takes the first
/// turn, so Bob's turn 1 is not `ok`.
const BROKEN_RULING: &str = "dmlog 1
#~ source: 000 TURN ORDER
#~ summary: the second player may take the first turn
format custom life 10
team Ann
GR = Ghost Rider: Johnny Blaze x2
team Bob
AM = Ant-Man: Biophysicist x2
first Ann
turn 1 Bob   #~ ok
";

#[test]
fn dmlint_test_reports_a_failing_ruling_with_its_line_and_exits_1() {
    let dir = scratch("failing");
    let path = dir.join("four-dice.dmlog");
    std::fs::write(&path, BROKEN_RULING).unwrap();
    let path = path.to_string_lossy().into_owned();
    let o = dmlint(&["test", &path, "--color", "never"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains(&format!(
            "FAIL    {path}:10: expected ok, found `dmlint::rules::turn-order`"
        )),
        "{out}"
    );
    assert!(
        out.contains("ruling: 000 TURN ORDER — the second player may take the first turn"),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 1 failed, 0 pending\n"), "{out}");

    let o = dmlint(&["test", &path, "--format", "junit"]);
    let xml = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{xml}");
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(xml.contains("<testcase name=\"four-dice\""), "{xml}");
    assert!(
        xml.contains("<failure type=\"dmlint::fixture::verdict-differs\""),
        "{xml}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn dmlint_test_fails_on_a_path_that_does_not_exist() {
    let o = dmlint(&["test", "fixtures/no-such-ruling.dmlog", "--color", "never"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("dmlint::fixture::unreadable"), "{out}");
}
