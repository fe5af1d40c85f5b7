//! `dmlint state`: the printed position is a state the engine reads back unchanged.

use dmlint::cards::Pool;
use dmlint::inspect::{StateReport, Target, state_at};
use dmlint::render::{Format, Renderer};

fn position(text: &str, target: Target) -> (String, bool, String) {
    let mut out = String::new();
    let report = state_at(
        "t.dmlog",
        text,
        target,
        Pool::embedded(),
        &Renderer::plain(Format::Short),
        &mut out,
    );
    match report {
        StateReport::Found {
            position, reached, ..
        } => (position, reached, out),
        other => panic!("no state: {other:?}\n{out}"),
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn every_state_of_a_game_round_trips_through_a_position_block() {
    let text = read("fixtures/engine/vanilla-game.dmlog");
    let lines: Vec<&str> = text.lines().collect();
    let first_turn = lines.iter().position(|l| l.starts_with("turn ")).unwrap();
    let setup = lines[..first_turn].join("\n");
    let mut checked = 0;
    for n in first_turn + 1..=lines.len() {
        let (printed, reached, diags) = position(&text, Target::Line(n));
        assert!(reached && diags.is_empty(), "line {n}: {diags}");
        let again = format!("{setup}\n{printed}");
        let last = again.lines().count();
        let (reprinted, reached, diags) = position(&again, Target::Line(last));
        assert!(reached && diags.is_empty(), "line {n}: {diags}\n{again}");
        assert_eq!(reprinted, printed, "line {n}");
        checked += 1;
    }
    assert!(checked > 40);
}

#[test]
fn a_turn_target_stops_after_that_turn_line() {
    let text = read("fixtures/engine/vanilla-game.dmlog");
    let (printed, reached, _) = position(&text, Target::Turn(2));
    assert!(reached);
    // Ann's turn 2 has just begun: her saved energy was cleared, nothing drawn yet.
    assert!(
        printed.starts_with("position\nturn 2 Ann draw\n"),
        "{printed}"
    );
    assert!(printed.contains("bag Ann SK x4\n"), "{printed}");
}

#[test]
fn a_replay_that_stops_early_says_so() {
    // Captain Cold: Master of Absolute Zero's text is not encoded: the replay stops,
    // undecided, where it is fielded (line 10), before the target line.
    let text = "dmlog 1\nformat custom life 5\nteam Ann\nCC = Captain Cold: Master of Absolute Zero\n\
                team Bob\nAM = Ant-Man: Biophysicist\nposition\nturn 3 Ann main\n\
                reserve Ann CC:L1 SK:fist\nend\nfield CC:L1 pay SK:fist\npass\n";
    let (_, reached, diags) = position(text, Target::Line(12));
    assert!(!reached);
    assert!(diags.contains("dmlint::engine::undecided"), "{diags}");
}

#[test]
fn a_line_before_the_first_turn_has_no_state_yet() {
    let text = read("fixtures/engine/vanilla-game.dmlog");
    let mut out = String::new();
    let report = state_at(
        "t.dmlog",
        &text,
        Target::Line(8),
        Pool::embedded(),
        &Renderer::plain(Format::Short),
        &mut out,
    );
    match report {
        StateReport::NoTarget(why) => assert!(why.contains("not started"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Diagnostic codes with their 1-based lines.
type Codes = Vec<(usize, String)>;
/// Each game's final state (a position block), by the line its game starts on.
type Ends = Vec<(usize, Option<String>)>;

/// The codes of every diagnostic of a text's games, with their lines, and each replayed
/// game's final state.
fn verdicts(text: &str) -> (Codes, Ends) {
    use dmlint::check::check_chunk;
    use dmlint::syntax::GameStream;
    let line_of = |at: usize| text[..at.min(text.len())].matches('\n').count() + 1;
    let mut stream = GameStream::new(std::io::Cursor::new(text.as_bytes()));
    let (mut codes, mut ends) = (Vec::new(), Vec::new());
    while let Ok(Some(chunk)) = stream.next_chunk() {
        let first = chunk.source.first_line;
        let header = stream.header().clone();
        let checked = check_chunk(chunk, &header, Pool::embedded(), None, &[]);
        // A position states each face as written, so a face the card data cannot confirm
        // (or whose stats the sources dispute) is warned about where the position says
        // it, not at the roll before it: the warning moves, the verdict does not. Every
        // other diagnostic must stay put.
        codes.extend(
            checked
                .codes()
                .into_iter()
                .filter(|(_, c)| {
                    c != "dmlint::engine::unverified-face" && c != "dmlint::engine::disputed-stat"
                })
                .map(|(at, c)| (line_of(at), c)),
        );
        let end = checked
            .replay
            .end
            .as_ref()
            .map(|(cards, state)| state.position(cards));
        ends.push((first, end));
    }
    (codes, ends)
}

/// `dmlint state --at N` pasted as a position, followed by the rest of the game, replays
/// as the whole game does: the same diagnostics on the same lines, the same final state.
/// Checked at every line of every log and fixture.
#[test]
fn every_line_of_every_log_and_fixture_round_trips_through_a_position() {
    use dmlint::syntax::{GameStream, Statement};
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "dmlog") {
                out.push(p);
            }
        }
    }
    walk(&std::path::Path::new(root).join("logs"), &mut files);
    walk(&std::path::Path::new(root).join("fixtures"), &mut files);
    files.sort();
    assert!(files.len() > 200, "found {} files", files.len());
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.strip_prefix(root).unwrap().display().to_string();
        let lines: Vec<&str> = text.lines().collect();
        let (codes, ends) = verdicts(&text);
        // Each game's lines, and the lines before the first game (the file's defaults).
        let mut stream = GameStream::new(std::io::Cursor::new(text.as_bytes()));
        let mut header_end = 0;
        let mut games = Vec::new();
        while let Ok(Some(chunk)) = stream.next_chunk() {
            let first = chunk.source.first_line;
            let last = first + chunk.source.text.lines().count() - 1;
            match chunk.game {
                None => header_end = last,
                Some(g) if chunk.errors.is_empty() => games.push((first, last, g)),
                Some(_) => {}
            }
        }
        let line_of = |at: usize| text[..at.min(text.len())].matches('\n').count() + 1;
        for (first, last, game) in games {
            // The first line the state can be asked after: a turn, or a position's end.
            let mut start = None;
            let mut inside = Vec::new();
            for l in &game.lines {
                match &l.statement {
                    Statement::Turn { .. } => {
                        start.get_or_insert(line_of(l.span.start));
                    }
                    Statement::Position(p) => {
                        let (a, b) = (
                            line_of(l.span.start),
                            p.end.map_or(last, |e| line_of(e.start)),
                        );
                        inside.push((a, b));
                        start.get_or_insert(a);
                    }
                    _ => {}
                }
            }
            let Some(start) = start else { continue };
            let end_state = ends
                .iter()
                .find(|(f, _)| *f == first)
                .and_then(|(_, e)| e.clone());
            // A judge's ruling on card text dmlint does not apply cannot be restated by a
            // position: the pasted position places that card in play again, which is
            // undecided until a judge rules once more. Such a game round-trips up to the
            // ruling.
            let ruled = game
                .lines
                .iter()
                .find(|l| {
                    matches!(&l.statement, Statement::Waiver { code, .. }
                        if code.node.as_str() == "dmlint::engine::undecided")
                })
                .map_or(last + 1, |l| line_of(l.span.start));
            for n in start..=last.min(ruled - 1) {
                if inside.iter().any(|(a, b)| n >= *a && n < *b) {
                    continue;
                }
                let mut out = String::new();
                let report = state_at(
                    "t.dmlog",
                    &text,
                    Target::Line(n),
                    Pool::embedded(),
                    &Renderer::plain(Format::Short),
                    &mut out,
                );
                let StateReport::Found {
                    position,
                    reached: true,
                    ..
                } = report
                else {
                    continue;
                };
                // A waiver covers the line after it: keep it with the rest.
                let rest_from = if lines[n - 1].trim_start().starts_with("waive ") {
                    n
                } else {
                    n + 1
                };
                let mut b = String::new();
                for l in &lines[..header_end] {
                    b.push_str(l);
                    b.push('\n');
                }
                for l in &lines[first - 1..start - 1] {
                    b.push_str(l);
                    b.push('\n');
                }
                let setup = b.lines().count();
                b.push_str(&position);
                let offset = b.lines().count();
                for l in &lines[rest_from - 1..last] {
                    b.push_str(l);
                    b.push('\n');
                }
                let (b_codes, b_ends) = verdicts(&b);
                // Lines of the rest, mapped back to the file's.
                let shift = |line: usize| line + rest_from - 1 - offset;
                let want: Vec<(usize, String)> = codes
                    .iter()
                    .filter(|(l, _)| *l >= rest_from && *l <= last)
                    .cloned()
                    .collect();
                // A diagnostic of the position block itself stands at line `n`.
                let got: Vec<(usize, String)> = b_codes
                    .iter()
                    .filter(|(l, _)| *l > setup)
                    .map(|(l, c)| (if *l > offset { shift(*l) } else { n }, c.clone()))
                    .collect();
                let b_end = b_ends.last().and_then(|(_, e)| e.clone());
                checked += 1;
                if got != want || b_end != end_state {
                    failures.push(format!(
                        "{name}:{n}: diagnostics {want:?} became {got:?}{}\n--- position ---\n{position}",
                        if b_end != end_state {
                            format!(
                                "\n--- end ---\n{}\n--- became ---\n{}",
                                end_state.clone().unwrap_or_default(),
                                b_end.unwrap_or_default()
                            )
                        } else {
                            String::new()
                        }
                    ));
                }
            }
        }
    }
    assert!(checked > 2000, "only {checked} lines checked");
    let mut files: Vec<&str> = failures
        .iter()
        .map(|f| f.split(':').next().unwrap_or(""))
        .collect();
    files.dedup();
    assert!(
        failures.is_empty(),
        "{} of {checked} lines do not round-trip, in {} files ({}); the first ones:\n{}",
        failures.len(),
        files.len(),
        files.join(" "),
        failures
            .iter()
            .take(
                std::env::var("ROUNDTRIP_SHOW")
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(4)
            )
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
