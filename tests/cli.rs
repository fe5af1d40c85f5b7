//! The `dmlint` binary: inputs, formats and exit codes as the README documents them.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

#[path = "common/bin.rs"]
mod bin;
use bin::{dmlint, stdout};

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

#[test]
fn a_legal_game_exits_0_with_its_result() {
    let o = dmlint(&["fixtures/engine/vanilla-game.dmlog"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("legal: Bob won; life Ann 0, Bob 3"));
}

/// `SK X4` (a count with a capital x) reads as a second die whose alias is `X4`: the help
/// says how a count is written, and an unknown alias's list names each alias once.
#[test]
fn a_capital_x_count_is_explained_and_aliases_are_listed_once() {
    let log = "dmlog 1\nformat custom life 3\nteam Ann\nGR = Ghost Rider: Johnny Blaze\n\
               team Bob\nAM = Ant-Man: Biophysicist\nfirst Ann\nturn 1 Ann\ndraw SK X3\n";
    let o = dmlint_stdin(&["-", "--format", "short"], log.as_bytes());
    assert!(
        stdout(&o).contains("no card has the alias `X3` (help: a count is a lower-case `x` glued to the number, after the die: `SK x3`)"),
        "{}",
        stdout(&o)
    );
    let o = dmlint_stdin(
        &["-", "--format", "short"],
        log.replace("X3", "ZZ").as_bytes(),
    );
    assert!(
        stdout(&o).contains("(help: the aliases of this game are SK, GR, AM)"),
        "{}",
        stdout(&o)
    );
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
    // Five diagnostics, the game's record, then the file's summary.
    assert_eq!(lines.len(), 7);
    assert!(lines[..5].iter().all(|l| l["kind"] == "diagnostic"));
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[0]["code"], "dmlint::syntax::move-outside-turn");
    let game = &lines[5];
    assert_eq!(game["kind"], "game");
    assert_eq!(
        (&game["verdict"], &game["errors"], &game["board"]),
        (&"undecided".into(), &5.into(), &serde_json::Value::Null)
    );
    let summary = &lines[6];
    assert_eq!(summary["kind"], "summary");
    assert_eq!(summary["file"], "tests/syntax-errors/structure.dmlog");
    assert_eq!(
        (&summary["games"], &summary["undecided"], &summary["errors"]),
        (&1.into(), &1.into(), &5.into())
    );
}

/// Two games in one file: the first breaks a rule (a second reroll), the second names a
/// card whose text is not modelled when it is fielded, and is undecided.
const ILLEGAL_AND_UNDECIDED: &str = "dmlog 1\nformat custom life 5\n\
    game illegal\nteam Ann\nGR = Ghost Rider: Johnny Blaze\nteam Bob\nAM = Ant-Man: Biophysicist\n\
    first Ann\nturn 1 Ann\ndraw SK x3\ndraw SK to oop\nroll SK:bolt SK:fist SK:L1\n\
    reroll SK:L1->mask\nreroll SK:mask->bolt\n\
    game undecided\nteam Ann\nCC = Captain Cold: Master of Absolute Zero\nteam Bob\n\
    AM = Ant-Man: Biophysicist\nposition\nturn 3 Ann main\nreserve Ann CC:L1 SK:fist\nend\n\
    field CC:L1 pay SK:fist\n";

#[test]
fn a_violation_exits_1_even_when_another_game_is_undecided() {
    let o = dmlint_stdin(&["-", "--color", "never"], ILLEGAL_AND_UNDECIDED.as_bytes());
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("dmlint::rules::second-reroll"), "{out}");
    assert!(out.contains("dmlint::engine::undecided"), "{out}");
    assert!(
        out.ends_with(
            "<stdin>: 2 games: 0 legal, 1 illegal, 1 undecided; 1 rule violation, 1 error\n"
        ),
        "{out}"
    );
    // The undecided game alone is not a broken rule: exit 2.
    let undecided = &ILLEGAL_AND_UNDECIDED[ILLEGAL_AND_UNDECIDED.find("game undecided").unwrap()..];
    let o = dmlint_stdin(&["-", "--format", "short"], undecided.as_bytes());
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
}

#[test]
fn the_total_line_counts_games_across_files() {
    let dir = scratch("total");
    let mixed = dir.join("mixed.dmlog");
    std::fs::write(&mixed, ILLEGAL_AND_UNDECIDED).unwrap();
    let o = dmlint(&[
        mixed.to_str().unwrap(),
        "logs/avx-combat-example.dmlog",
        "--color",
        "never",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.ends_with(
            "2 files, 3 games: 1 legal (2 die faces unverified), 1 illegal, 1 undecided; \
             1 rule violation, 1 error\n"
        ),
        "{out}"
    );
}

#[test]
fn a_verdict_over_faces_the_card_data_lacks_says_so() {
    // Spider-Man: "Tiger"'s energy faces are `unknown` in the card data: the position's
    // SM:2fist and SM:fist are taken as written, one warning for the card, two faces.
    let o = dmlint(&["logs/avx-combat-example.dmlog", "--color", "never"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert_eq!(
        out.matches("dmlint::engine::unverified-face").count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("logs/avx-combat-example.dmlog: legal (2 die faces unverified): "),
        "{out}"
    );
    let o = dmlint(&["logs/avx-combat-example.dmlog", "--format", "short"]);
    assert!(
        stdout(&o).starts_with(
            "logs/avx-combat-example.dmlog:53:17: warning[dmlint::engine::unverified-face]: \
             Spider-Man: \"Tiger\"'s energy faces are not in the card data: `2fist` is taken as written"
        ),
        "{}",
        stdout(&o)
    );
    let o = dmlint(&["logs/avx-combat-example.dmlog", "--format", "json"]);
    let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "summary");
    assert_eq!(last["legal"], 1);
    assert_eq!(last["unverified_faces"], 2);
    // Sidekick faces are in the card data: a legal game on them alone reads plain "legal".
    let o = dmlint(&["fixtures/engine/vanilla-game.dmlog", "--format", "short"]);
    assert_eq!(stdout(&o), "", "no warning");
}

#[test]
fn a_character_without_an_energy_type_rolls_generic_energy() {
    let dir = scratch("generic");
    let cards = dir.join("blank.yaml");
    std::fs::write(
        &cards,
        "schema: 1\nset: {code: ZZ, name: Test}\ncards:\n  - title: Blank\n    subtitle: No Type\n    \
         kind: character\n    cost: 2\n    energy: []\n    die_limit: 4\n    die:\n      levels:\n        \
         - {fielding: 1, attack: 1, defense: 1}\n      actions: []\n      energy: unknown\n    \
         abilities: none\n  - title: Blank\n    subtitle: Known Faces\n    kind: character\n    \
         cost: 2\n    energy: []\n    die_limit: 4\n    die:\n      levels:\n        \
         - {fielding: 1, attack: 1, defense: 1}\n      actions: []\n      energy: [gen, 2gen]\n    \
         abilities: none\n",
    )
    .unwrap();
    let log = |face: &str| {
        format!(
            "dmlog 1\nformat custom life 5\nteam Ann\nBL = Blank: No Type x2\nteam Bob\n\
             AM = Ant-Man: Biophysicist\nfirst Ann\nposition\nturn 3 Ann draw\nbag Ann BL SK x2\nend\n\
             draw BL SK x2\nroll BL:{face} SK:fist SK:L1\n"
        )
    };
    let run = |face: &str| {
        let path = dir.join(format!("{face}.dmlog"));
        std::fs::write(&path, log(face)).unwrap();
        dmlint(&[
            "--cards",
            cards.to_str().unwrap(),
            path.to_str().unwrap(),
            "--format",
            "short",
        ])
    };
    // cards/README.md: a die with `energy: unknown` shows generic energy when its card
    // has no energy type; the face is taken as written, and said to be.
    let o = run("2gen");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(":13:9: warning[dmlint::engine::unverified-face]"),
        "{out}"
    );
    // The same face on a die whose faces the card file gives: checked, no warning.
    let path = dir.join("known.dmlog");
    std::fs::write(&path, log("2gen").replace("No Type", "Known Faces")).unwrap();
    let o = dmlint(&[
        "--cards",
        cards.to_str().unwrap(),
        path.to_str().unwrap(),
        "--format",
        "short",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "", "no warning");
    let o = run("fist");
    let out = stdout(&o);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("error[dmlint::rules::face-not-on-die]"),
        "{out}"
    );
    assert!(out.contains("generic energy (1gen, 2gen)"), "{out}");
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
    // The pool's totals, pinned: a change to the card data or the converter that moves
    // one shows here (and the README's numbers must follow).
    assert_eq!(
        last,
        "total: 4215 cards, 4169 with dice, 0 with energy faces, 718 with abilities, 705 applied, 323 disputed"
    );
    assert!(text.lines().any(|l| l.starts_with("AVX ")));
    assert_eq!(text.lines().count(), 50, "49 sets and the total");
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

#[test]
fn a_reader_that_stops_reading_is_no_error() {
    // The pipe is closed before dmlint writes: its write fails with a broken pipe, which
    // `dmlint … | head` makes of every long output.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dmlint"))
        .args(["cards", "--stats"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_table_is_shown_under_a_violation_unless_hidden() {
    // A roll in the main step: the table before that line is what the move broke against.
    let log = "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
               team Bob\nGR2 = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\n\
               turn 3 Ann main\nreserve Ann SK:fist\nend\nroll SK:fist\n";
    let o = dmlint_stdin(&["-", "--color", "never"], log.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let board = "  the table before line 12 (`dmlint state FILE --at 11` prints it):\n    \
                 position\n    turn 3 Ann main\n    life Ann 10\n    life Bob 10\n    \
                 reserve Ann SK:fist\n    end\n";
    assert!(out.contains(board), "{out}");
    // After the diagnostic, before the summary line, and followed by what the rules
    // allowed instead: with only an energy face in the reserve, nothing to buy or field.
    let allowed = "  what the rules allowed there instead (`--legal-moves` lists every move):\n    \
                   Ann: `turn 3 Bob`, `end`, `pass`, `attack none`\n";
    assert!(out.find("out-of-step").unwrap() < out.find(board).unwrap());
    assert!(
        out.ends_with(&format!("{board}{allowed}<stdin>: 1 rule violation\n")),
        "{out}"
    );
    let o = dmlint_stdin(&["-", "--color", "never", "--no-board"], log.as_bytes());
    assert!(!stdout(&o).contains("the table before"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("allowed there"), "{}", stdout(&o));
    // Every move, one per line, under its player.
    let o = dmlint_stdin(&["-", "--color", "never", "--legal-moves"], log.as_bytes());
    assert!(
        stdout(&o).contains(
            "  what the rules allowed there instead:\n    Ann:\n      turn 3 Bob\n      end\n      \
             pass\n      attack none\n<stdin>"
        ),
        "{}",
        stdout(&o)
    );
    // The JSON game record carries the same table.
    let o = dmlint_stdin(&["-", "--format", "json"], log.as_bytes());
    let game: serde_json::Value = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["kind"] == "game")
        .unwrap();
    assert_eq!(game["verdict"], "illegal");
    assert_eq!(game["end_line"], 12);
    assert_eq!(game["outcome"], "under-way");
    assert_eq!(
        game["board"],
        "position\nturn 3 Ann main\nlife Ann 10\nlife Bob 10\nreserve Ann SK:fist\nend\n"
    );
    // The allowed moves only when asked for.
    assert!(game.get("legal_moves").is_none(), "{game}");
    let o = dmlint_stdin(&["-", "--format", "json", "--legal-moves"], log.as_bytes());
    let game: serde_json::Value = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["kind"] == "game")
        .unwrap();
    assert_eq!(
        game["legal_moves"],
        serde_json::json!(["turn 3 Bob", "end", "pass", "attack none"])
    );
    assert_eq!(
        game["life"],
        serde_json::json!([{"player": "Ann", "life": 10}, {"player": "Bob", "life": 10}])
    );
}

#[test]
fn syntax_only_checks_the_notation_and_not_the_moves() {
    // A well-formed log with an illegal move (a roll in the main step) and an unknown
    // card: the notation is valid, and nothing else is looked at.
    let log = "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Ryder: Johnny Blaze x2\n\
               team Bob\nGR2 = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\n\
               turn 3 Ann main\nreserve Ann SK:fist\nend\nroll SK:fist\n";
    let o = dmlint_stdin(&["-", "--syntax-only"], log.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stdout(&o),
        "<stdin>: 1 game, notation valid (not replayed)\n"
    );
    // Without the flag the same log is not legal.
    assert_ne!(dmlint_stdin(&["-"], log.as_bytes()).status.code(), Some(0));
    // A typo in the notation is still an error, exit 2, at its line.
    let o = dmlint(&[
        "--syntax-only",
        "--format",
        "short",
        "tests/syntax-errors/typos.dmlog",
        "logs/",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(
        out.contains("tests/syntax-errors/typos.dmlog:8:1: error[dmlint::syntax::unknown-keyword]"),
        "{out}"
    );
    assert!(!out.contains("dmlint::rules::"), "{out}");
}

#[test]
fn the_version_names_the_card_data() {
    let o = dmlint(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // `dmlint 0.1.0 (57 card files, digest 0123456789abcdef)`: the files the binary
    // embeds, and a digest that changes with any of them.
    let files =
        dmlint::cards::files::card_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"));
    let want = format!(
        "dmlint {} ({} card files, digest ",
        env!("CARGO_PKG_VERSION"),
        files.len()
    );
    assert!(out.starts_with(&want), "{out}");
    let digest = out[want.len()..].trim_end().trim_end_matches(')');
    assert_eq!(digest.len(), 16, "{out}");
    assert!(digest.bytes().all(|b| b.is_ascii_hexdigit()), "{out}");
}

#[test]
fn state_prints_json_on_request() {
    let log = "logs/avx-first-game-long.dmlog";
    let o = dmlint(&["state", log, "--turn", "2", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "state");
    assert_eq!(last["turn"], 2);
    assert_eq!(last["at"], serde_json::Value::Null);
    assert_eq!(last["reached"], true);
    assert_eq!(last["error"], serde_json::Value::Null);
    // The same block the human format prints, and each player's life in it.
    let human = stdout(&dmlint(&["state", log, "--turn", "2"]));
    let block = last["position"].as_str().unwrap();
    assert!(block.starts_with("position\nturn 2 "), "{block}");
    assert!(human.ends_with(block), "{human}");
    assert_eq!(last["life"].as_array().unwrap().len(), 2, "{last}");
    // No such line: no state, the reason, exit 2.
    let o = dmlint(&["state", log, "--at", "999999", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    assert_eq!(last["position"], serde_json::Value::Null);
    assert!(
        last["error"].as_str().unwrap().contains("no line 999999"),
        "{last}"
    );
}
