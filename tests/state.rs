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
        StateReport::Found { position, reached } => (position, reached, out),
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
    // Captain America: Star-Spangled Avenger's text is not encoded: the replay stops,
    // undecided, where it is fielded (line 10), before the target line.
    let text = "dmlog 1\nformat custom life 5\nteam Ann\nCA = Captain America: Star-Spangled Avenger\n\
                team Bob\nAM = Ant-Man: Biophysicist\nposition\nturn 3 Ann main\n\
                reserve Ann CA:L1 SK:fist\nend\nfield CA:L1 pay SK:fist\npass\n";
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
