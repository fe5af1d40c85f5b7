//! The hostile inputs of the reliability report (`tests/hostile/`, and devices, pipes and
//! links made here), run through the command line: each ends with a diagnostic and the
//! documented exit code, within a time and an address-space bound, never a hang, an
//! abort or a misleading message.
//!
//! The bounds are guards against a hang or runaway memory, not speed goals (those are
//! benchmarks): every input here finishes in well under a second of CPU, and the guard
//! is ten CPU seconds. CPU time, not wall time, so that a machine loaded by other builds
//! cannot make a run look hung; a generous wall-time guard still catches a run blocked
//! without using the CPU.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use dmlint::syntax::{parse_str, print_document};

/// CPU seconds one run may use (for `ulimit -t`) before the kernel stops it as hung.
const CPU_SECONDS: u64 = 10;
/// Wall time one run may take, blocked or starved, before it is taken as hung and killed.
const HANG: Duration = Duration::from_secs(120);
/// Address space one run may use (KiB, for `ulimit -v`): the old code asked for 63 GB.
const ADDRESS_SPACE_KIB: u64 = 1 << 20;

fn hostile(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name)
        .display()
        .to_string()
}

/// Runs dmlint under the address-space bound, with `stdin` as its standard input, and
/// kills it if it runs past [`HANG`].
fn bounded(args: &[&str], stdin: Stdio) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KIB}; ulimit -t {CPU_SECONDS}; exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_dmlint"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait(child, args)
}

fn wait(mut child: Child, args: &[&str]) -> Output {
    // The pipes are drained while waiting: a child whose output fills a pipe would
    // otherwise block, and look hung.
    fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                p.read_to_end(&mut bytes).unwrap();
            }
            bytes
        })
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > HANG {
            child.kill().unwrap();
            panic!("dmlint {args:?} ran past {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // SIGXCPU: the kernel stopped it at the CPU bound.
    if std::os::unix::process::ExitStatusExt::signal(&status) == Some(24) {
        panic!("dmlint {args:?} ran past {CPU_SECONDS} s of CPU");
    }
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

fn run(args: &[&str]) -> Output {
    bounded(args, Stdio::null())
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

// 1. A position's die count is bounded before anything is allocated for it: a count
// past the notation's limit is a syntax error, and the dice a game has are counted
// before each zone item is placed.
#[test]
fn a_position_count_past_the_game_is_refused_before_allocating() {
    let f = hostile("position-die-count-oom.dmlog");
    for args in [vec![f.as_str()], vec!["state", f.as_str(), "--at", "10"]] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}{}", out(&o), err(&o));
        assert!(
            out(&o).contains("a dice count cannot be 999999999"),
            "{}",
            out(&o)
        );
    }
    // Within the notation's limit, one zone line over the game's dice: refused at the
    // item that went over, before its dice are placed.
    let items = " SK x999".repeat(500);
    let log = format!(
        "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze\nteam Bob\n\
         AM = Ant-Man: Biophysicist\nposition\nturn 1 Ann main\nused Ann{items}\nend\n"
    );
    let o = bounded(&["-"], piped(&log));
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(
        out(&o).contains("the position has 999 dice of Sidekick, the game 8"),
        "{}",
        out(&o)
    );
}

// 2. Devices, pipes and endless streams stop at a documented limit.
#[test]
fn dev_zero_stops_at_the_unended_line_limit() {
    let o = run(&["/dev/zero"]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(
        out(&o).contains("dmlint::syntax::input-limit"),
        "{}",
        out(&o)
    );
    assert!(
        out(&o).contains("runs past 256 MiB with no end"),
        "{}",
        out(&o)
    );
    // The limit is the whole story: no false "the file is empty" after it.
    assert!(!out(&o).contains("the file is empty"), "{}", out(&o));

    let o = bounded(
        &["-"],
        Stdio::from(std::fs::File::open("/dev/zero").unwrap()),
    );
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(
        out(&o).contains("dmlint::syntax::input-limit"),
        "{}",
        out(&o)
    );
}

#[test]
fn commands_that_read_whole_refuse_a_device_past_their_limit() {
    let o = run(&["state", "/dev/zero", "--at", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(out(&o).contains("more than 16 MiB"), "{}", out(&o));

    let o = run(&["test", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(out(&o).contains("more than 1 MiB"), "{}", out(&o));

    let log = hostile("position-die-count-oom.dmlog");
    let o = run(&["--cards", "/dev/zero", &log]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(out(&o).contains("dmlint::cards::unreadable"), "{}", out(&o));
}

#[test]
fn an_endless_stream_of_bad_lines_stops_at_the_game_line_limit() {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KIB}; ulimit -t {CPU_SECONDS}; exec \"$0\" -"
        ))
        .arg(env!("CARGO_BIN_EXE_dmlint"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Fed until dmlint stops reading (a broken pipe), up to twice the limit.
    let feeder = std::thread::spawn(move || {
        let chunk = "bogus line here\n".repeat(1000);
        let mut lines = 0;
        while lines < 2 * dmlint::syntax::MAX_GAME_LINES {
            if stdin.write_all(chunk.as_bytes()).is_err() {
                return true;
            }
            lines += 1000;
        }
        false
    });
    let o = wait(child, &["-"]);
    let stopped_reading = feeder.join().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        out(&o).contains("a game of more than 100000 lines: the rest of the input was not read"),
        "{}",
        out(&o)
    );
    assert!(stopped_reading, "dmlint read past its limit");
}

// 3. Directory walks do not follow links to directories, and say so.
#[test]
fn links_to_directories_are_not_followed() {
    let dir = scratch("links");
    std::fs::create_dir_all(dir.join("loop1/sub")).unwrap();
    std::fs::create_dir_all(dir.join("loop2")).unwrap();
    std::fs::write(dir.join("loop1/a.dmlog"), "dmlog 1\n").unwrap();
    std::fs::write(dir.join("loop2/a.dmlog"), "dmlog 1\n").unwrap();
    std::os::unix::fs::symlink("..", dir.join("loop1/sub/up")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("loop2/s1")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("loop2/s2")).unwrap();
    for (sub, links) in [("loop1", 1), ("loop2", 2)] {
        let path = dir.join(sub).display().to_string();
        let o = run(&[&path]);
        assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
        // Only the one file, once.
        assert_eq!(out(&o).matches("a.dmlog").count(), 1, "{}", out(&o));
        assert_eq!(
            err(&o)
                .matches("is a link to a directory, not followed")
                .count(),
            links,
            "{}",
            err(&o)
        );
        let o = run(&["test", &path]);
        assert!(out(&o).contains("0 passed, 1 failed"), "{}", out(&o));
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dmlint-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// 4. The did-you-mean is bounded whatever the length of the name.
#[test]
fn a_60_kilobyte_card_name_is_one_short_diagnostic() {
    let o = run(&[&hostile("long-card-name-slow.dmlog")]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    let message = out(&o)
        .lines()
        .find(|l| l.contains("no card is named"))
        .map(str::len);
    assert!(message.is_some_and(|n| n < 200), "{}", out(&o));
    assert!(out(&o).contains("(59982 characters)"), "{}", out(&o));

    let query = "a".repeat(60_000);
    let o = run(&["cards", &query]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("(60000 characters)"), "{}", err(&o));
}

// 5. Every subcommand caps what it renders.
#[test]
fn state_and_test_cap_their_diagnostics() {
    let f = hostile("state-test-many-errors.dmlog");
    let o = run(&["state", &f, "--at", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        out(&o).matches("dmlint::syntax::unknown-keyword").count(),
        50
    );
    assert!(out(&o).contains("3950 more diagnostics in this file not shown (limit 50)"));

    let o = run(&["test", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("more diagnostics in this file not shown (limit 50)"));
    assert!(out(&o).matches("× ").count() <= 51, "{}", out(&o));
}

// 7. The game's first turn is turn 1, named or not.
#[test]
fn a_first_turn_numbered_past_1_is_out_of_order() {
    let log = "dmlog 1\nrules 2018\nformat custom life 8\nteam Ann\nKP = Kitty Pryde: Ariel x3\n\
               team Bob\nKP2 = Kitty Pryde: Ariel x3\n\nturn 3 Bob\ndraw SK x4\n";
    let o = bounded(&["-"], piped(log));
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(
        out(&o).contains("this is Bob's turn 1, not 3"),
        "{}",
        out(&o)
    );
    // Without a `first` line, the first turn's player goes first.
    let o = run(&[&hostile("oracle-7d245fc89f166150.dmlog")]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
}

/// `text` as standard input (through a file: tests run in parallel, each its own).
fn piped(text: &str) -> Stdio {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = scratch(&format!("stdin-{n}")).join("in.dmlog");
    std::fs::write(&path, text).unwrap();
    Stdio::from(std::fs::File::open(path).unwrap())
}

// 8. A waiver stands wherever a violation can occur.
#[test]
fn a_waiver_after_end_covers_the_next_turn_line() {
    let log = "dmlog 1\nrules 2014\nformat custom life 8\nteam Ann\n\
               waive dmlint::rules::sold-out \"not a violation here\"\n\
               KP = Kitty Pryde: Ariel x3\nteam Bob\nKP2 = Kitty Pryde: Ariel x3\nfirst Ann\n\
               turn 1 Ann\ndraw SK x4\nroll SK:bolt x4\npass\nattack none\nend\n\
               waive dmlint::rules::turn-order \"judge: Ann played twice, the turn stands\"\n\
               turn 2 Ann\n";
    let o = bounded(&["-"], piped(log));
    let text = out(&o);
    assert!(!text.contains("dmlint::syntax"), "{text}");
    assert!(text.contains("with 1 waiver"), "{text}");
    assert!(
        text.contains("nothing on the next line breaks `dmlint::rules::sold-out`"),
        "{text}"
    );
}

// 9. A whitespace-only fixture line is labelled, not an inverted span (a panic with
// overflow checks, which test builds have).
#[test]
fn a_whitespace_only_fixture_is_reported_not_a_panic() {
    let o = run(&["test", &hostile("fixture-whitespace-line-span.dmlog")]);
    assert_eq!(o.status.code(), Some(1), "{}{}", out(&o), err(&o));
    assert!(out(&o).contains("expected no diagnostic"), "{}", out(&o));
}

// 10. The printer's output parses back to the same tree.
#[test]
fn names_that_start_like_an_annotation_print_quoted() {
    for name in [
        "roundtrip-3e1c53c3f4706aad.dmlog",
        "roundtrip-556ab741c8f3d4f0.dmlog",
        "roundtrip-c1283ad4d147b1cb.dmlog",
        "roundtrip-cce80883d5c0cb2a.dmlog",
    ] {
        let bytes = std::fs::read(hostile(name)).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let (doc, errors) = parse_str(&text);
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let printed = print_document(&doc);
        let (again, errors) = parse_str(&printed);
        assert!(errors.is_empty(), "{name}: {errors:?}\n{printed}");
        assert_eq!(printed, print_document(&again), "{name}");
    }
}

// 11. Messages that blame the right thing, in our words.
#[test]
fn numbers_past_their_limits_are_named() {
    let log = "dmlog 1\nformat custom life 0\nteam Ann\nKP = Kitty Pryde: Ariel x12345678901\n\
               team Bob\nKP2 = Kitty Pryde: Ariel x3\nposition\nturn 1 Ann main\n\
               field Ann KP:L1[dmg=999999999]\nend\n";
    let o = bounded(&["-"], piped(log));
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("the starting life cannot be 0"), "{text}");
    assert!(
        text.contains("the number `12345678901` is too large"),
        "{text}"
    );
    assert!(text.contains("damage cannot be 999999999"), "{text}");
    assert_eq!(
        text.matches("dmlint::syntax::invalid-number").count(),
        3,
        "{text}"
    );

    let o = run(&["gen", "--life", "4294967295"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--life"), "{}", err(&o));
    assert!(
        !out(&o).contains("dmlog"),
        "no game is generated: {}",
        out(&o)
    );
}

#[test]
fn a_duplicate_card_file_key_is_said_in_our_words() {
    let dir = scratch("cards");
    let file = dir.join("dup.yaml");
    std::fs::write(
        &file,
        "schema: 1\nset:\n  code: TST\n  code: TS2\n  name: Test\n  universe: Marvel\ncards: []\n",
    )
    .unwrap();
    let o = run(&["cards", "--check", &file.display().to_string()]);
    let text = out(&o) + &err(&o);
    assert!(
        text.contains("`code` is given twice in one mapping"),
        "{text}"
    );
    assert!(!text.contains("DuplicateKeyPolicy"), "{text}");
}
