//! One move of a legal game changed to an illegal one is caught at that very line, with
//! the rule it breaks (issue 4's "done when"). Each mutation starts from a fixture that
//! replays clean, so the only violation can come from the change.

use std::io::Cursor;

use dmlint::cards::Pool;
use dmlint::check::check_chunk;
use dmlint::syntax::GameStream;

enum Edit {
    /// Replace line N (1-based) with the text.
    Replace(usize, &'static str),
    /// Insert the text as a new line after line N.
    After(usize, &'static str),
    /// Delete line N.
    Delete(usize),
}

/// The first diagnostic of a log: its 1-based line and its code.
fn first_diagnostic(text: &str) -> Option<(usize, String)> {
    let mut stream = GameStream::new(Cursor::new(text.as_bytes()));
    let mut all = Vec::new();
    while let Some(chunk) = stream.next_chunk().unwrap() {
        let checked = check_chunk(chunk, stream.header(), Pool::embedded(), None, &[]);
        all.extend(checked.codes());
    }
    all.into_iter()
        .min_by_key(|(at, _)| *at)
        .map(|(at, code)| (text[..at].matches('\n').count() + 1, code))
}

fn mutate(base: &str, edit: &Edit) -> String {
    let mut lines: Vec<&str> = base.lines().collect();
    match *edit {
        Edit::Replace(n, t) => lines[n - 1] = t,
        Edit::After(n, t) => lines.insert(n, t),
        Edit::Delete(n) => {
            lines.remove(n - 1);
        }
    }
    lines.join("\n") + "\n"
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/fixtures/engine/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn check(base_name: &str, cases: &[(&str, Edit, usize, &str)]) {
    let base = fixture(base_name);
    assert_eq!(
        first_diagnostic(&base),
        None,
        "{base_name} must replay clean"
    );
    for (what, edit, line, code) in cases {
        let text = mutate(&base, edit);
        let found = first_diagnostic(&text);
        assert_eq!(
            found,
            Some((*line, format!("dmlint::rules::{code}"))),
            "{base_name}: {what}"
        );
    }
}

#[test]
fn single_move_mutations_of_a_whole_game_are_caught_at_their_line() {
    use Edit::*;
    check(
        "vanilla-game.dmlog",
        &[
            (
                "wrong energy type",
                Replace(52, "buy KP pay SK:bolt SK:shield"),
                52,
                "payment-type",
            ),
            (
                "one energy short",
                Replace(22, "buy GR pay SK:bolt"),
                22,
                "payment-short",
            ),
            (
                "energy spent for nothing",
                Replace(51, "buy GR pay SK:wild SK:fist SK:bolt"),
                51,
                "payment-excess",
            ),
            (
                "a payment with a die already spent",
                Replace(23, "field SK:L1 pay SK:fist"),
                23,
                "die-not-in-zone",
            ),
            (
                "a character die as energy",
                Replace(33, "buy AM pay SK:L1 SK:fist"),
                33,
                "not-energy",
            ),
            (
                "a second reroll",
                After(50, "reroll SK:fist->bolt"),
                51,
                "second-reroll",
            ),
            (
                "a purchase in the attack step",
                After(66, "buy AM pay SK:fist SK:bolt"),
                67,
                "out-of-step",
            ),
            (
                "the inactive player fields",
                Replace(23, "Bob: field SK:L1"),
                23,
                "wrong-player",
            ),
            (
                "a blocker blocks twice",
                Replace(38, "block SK:L1 -> Bob.SK:L1, SK:L1 -> Bob.SK:L1"),
                38,
                "double-block",
            ),
            (
                "a draw of a die not in the bag",
                Replace(48, "draw SK x3 GR"),
                48,
                "die-not-in-zone",
            ),
            (
                "a face the die does not have",
                Replace(49, "roll SK:L2 SK:wild SK:bolt SK:shield SK:mask"),
                49,
                "face-not-on-die",
            ),
            (
                "a die left out of the roll",
                Replace(49, "roll SK:L1 SK:wild SK:bolt SK:shield"),
                49,
                "roll-mismatch",
            ),
            (
                "an attacker not in the field",
                Replace(65, "attack SK:L1 x3"),
                65,
                "die-not-in-zone",
            ),
            (
                "the wrong player's turn",
                Replace(59, "turn 2 Ann"),
                59,
                "turn-order",
            ),
            ("a pass skipped", Delete(24), 24, "no-priority"),
            (
                "the step ends without passes",
                Delete(54),
                54,
                "priority-not-passed",
            ),
            (
                "a refill with dice in the bag",
                After(47, "refill"),
                48,
                "bag-refill",
            ),
            (
                "a draw of five",
                Replace(48, "draw SK x5"),
                48,
                "draw-count",
            ),
            (
                "a purchase from the opponent's card",
                Replace(33, "buy GR pay SK:fist SK:mask"),
                33,
                "buy-opponent-card",
            ),
            (
                "a sold-out card",
                Replace(51, "buy GR x2 pay SK:wild SK:fist SK:bolt SK:mask"),
                51,
                "sold-out",
            ),
            (
                "a wrong life total",
                Replace(41, "life Ann 3"),
                41,
                "assertion-mismatch",
            ),
            (
                "a move after the game ended",
                After(69, "Bob: pass"),
                70,
                "game-over",
            ),
            (
                "a blocker against a non-attacker",
                Replace(38, "block SK:L1 -> Bob.AM"),
                38,
                "block-target",
            ),
            (
                "fielding an energy face",
                Replace(62, "field SK:fist"),
                62,
                "not-a-character",
            ),
            (
                "an energy die used as an action",
                Replace(62, "use SK:fist"),
                62,
                "not-an-action",
            ),
            (
                "the opponent's die in a payment",
                Replace(22, "buy GR pay Bob.SK:bolt SK:fist"),
                22,
                "die-not-in-zone",
            ),
            (
                "a burst the die does not have",
                Replace(21, "roll SK:bolt SK:fist SK:L1*"),
                21,
                "face-not-on-die",
            ),
        ],
    );
}

#[test]
fn combat_mutations_are_caught_at_their_line() {
    use Edit::*;
    check(
        "combat.dmlog",
        &[
            (
                "an attacker holds back damage",
                Replace(30, "assign GR:L3 -> SK:L1=3 SK:L1=1"),
                30,
                "damage-assignment",
            ),
            (
                "damage to a die that does not block it",
                Replace(30, "assign GR:L3 -> FA:L2=5"),
                30,
                "damage-assignment",
            ),
            (
                "no split for two blockers",
                Replace(30, "turn 5 Bob"),
                30,
                "damage-assignment",
            ),
            (
                "the defender's blocker is attacking",
                Replace(
                    27,
                    "block SK:L1 -> GR:L3, FA:L2 -> GR:L3, FA:L2 -> Ann.SK:L1",
                ),
                27,
                "double-block",
            ),
            (
                "a blocker against a stay-at-home",
                Replace(26, "attack GR:L3"),
                27,
                "block-target",
            ),
            (
                "the attacker declares the blocks",
                Replace(27, "Ann: block SK:L1 -> GR:L3"),
                27,
                "wrong-player",
            ),
            (
                "damage assigned before the passes",
                Delete(29),
                29,
                "priority-not-passed",
            ),
            (
                "the defender splits the damage",
                Replace(30, "Bob: assign GR:L3 -> SK:L1=3 SK:L1=2"),
                30,
                "wrong-player",
            ),
            (
                "a reroll in the main step",
                After(23, "reroll SK:fist->bolt"),
                24,
                "out-of-step",
            ),
            (
                "a wrong damage mark",
                Replace(35, "field Ann GR:L3[dmg=1]"),
                35,
                "assertion-mismatch",
            ),
            (
                "a mark the die does not have",
                Replace(35, "field Ann GR:L3[dmg=2,attacking]"),
                35,
                "assertion-mismatch",
            ),
        ],
    );
}
