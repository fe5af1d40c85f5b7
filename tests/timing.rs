//! The moments of a turn, with synthetic cards whose triggers need a line: the start of
//! the turn before the clear and draw step, the end of the turn in the cleanup step
//! (2018: the active player's triggers first, `resolve` lines after `end`; before 2018 all
//! at one moment), each edition as its book says. No card of the game has triggers of
//! both players at one of these moments that need a choice, so these cards stand in.

use dmlint::cards::{Pool, parse_card_file};
use dmlint::diag::Code;
use dmlint::engine::replay;
use dmlint::syntax::parse_str;

const SET: &str = "schema: 1\nset:\n  code: TMG\n  name: Timing\n  universe: Test\ncards:\n";

/// A character (2A/2D at every level, fielded free) with one triggered ability.
fn card(number: usize, subtitle: &str, ability: &str) -> String {
    format!(
        "  - number: \"{number}\"\n    title: Timer\n    subtitle: {subtitle}\n    \
         kind: character\n    cost: 1\n    energy: [fist]\n    affiliations: [Hero]\n    \
         die_limit: 4\n    rarity: common\n    die:\n      levels:\n        \
         - {{fielding: 0, attack: 2, defense: 2}}\n        \
         - {{fielding: 0, attack: 2, defense: 2}}\n        \
         - {{fielding: 0, attack: 2, defense: 2}}\n      actions: []\n      \
         energy: [fist, fist, 2fist]\n    abilities:\n      - {ability}\n    \
         summary: null\n    source: the timing test\n    notes: []\n"
    )
}

fn pool() -> Pool {
    let hit = "do: [damage: {amount: 1, to: {what: character, target: true}}]";
    let file = format!(
        "{SET}{}{}{}",
        card(
            1,
            "Ender",
            &format!("{{kind: triggered, when: {{event: turn-end, of: this}}, {hit}}}")
        ),
        card(
            2,
            "Starter",
            &format!("{{kind: triggered, when: {{event: turn-start, of: you}}, {hit}}}")
        ),
        card(
            3,
            "Healer",
            "{kind: triggered, when: {event: turn-end, of: this}, do: [gain-life: {amount: 1}]}"
        ),
    );
    let mut pool = Pool::embedded().clone();
    let missed = pool.add_file(parse_card_file(&file).expect("the test cards load"));
    assert!(missed.is_empty());
    pool
}

/// What the replay reports, as `code@line`, and the final state.
fn run(log: &str) -> (Vec<String>, String) {
    let (doc, errors) = parse_str(log);
    assert!(errors.is_empty(), "{errors:?}");
    let out = replay(&doc.games[0], &doc.header, &pool(), None, &[]);
    let line = |at: usize| log[..at].matches('\n').count() + 1;
    let codes = out
        .violations
        .iter()
        .map(|v| format!("{}@{}", v.code.code(), line(v.span.start)))
        .chain(
            out.errors
                .iter()
                .map(|e| format!("{}@{}", e.code.code(), line(e.span.start))),
        )
        .collect();
    let end = out
        .end
        .map(|(cards, state)| state.position(&cards))
        .unwrap_or_default();
    (codes, end)
}

/// Ann's turn ends with a Timer: Ender die in each player's field (`rules` line 2), then
/// `after` (line 20 on; `end` is line 19).
fn ender(rules: &str, after: &str) -> String {
    format!(
        "dmlog 1\nrules {rules}\nformat custom life 10\nteam Ann\nE = Timer: Ender x2\n\
         team Bob\nF = Timer: Ender x2\nfirst Ann\nposition\nturn 4 Ann main\n\
         field Ann E:L1 SK:L1\nfield Bob F:L1 SK:L1\nused Ann SK x7\nused Bob SK x7\nend\n\
         pass\nBob: pass\nattack none\nend\n{after}"
    )
}

#[test]
fn end_of_turn_triggers_resolve_after_end_the_active_players_first() {
    let (codes, end) = run(&ender(
        "2018",
        "resolve E:L1 target Bob.SK:L1\nBob: resolve F:L1 target Ann.SK:L1\n",
    ));
    assert!(codes.is_empty(), "{codes:?}");
    // Each sidekick took its damage after the cleanup cleared damage: both KO'd.
    assert!(end.contains("prep Ann SK\n"), "{end}");
    assert!(end.contains("prep Bob SK\n"), "{end}");
    // The inactive player's first: out of order.
    let (codes, _) = run(&ender(
        "2018",
        "Bob: resolve F:L1 target Ann.SK:L1\nresolve E:L1 target Bob.SK:L1\n",
    ));
    assert_eq!(codes, ["dmlint::rules::trigger-order@20"]);
    // Skipped: the next turn says so.
    let (codes, _) = run(&ender("2018", "turn 4 Bob\n"));
    assert_eq!(codes, ["dmlint::rules::unresolved-trigger@20"]);
}

#[test]
fn before_2018_end_of_turn_effects_happen_together() {
    // Two that need a choice at one moment: dmlint does not apply that yet.
    for rules in ["2014", "2016"] {
        let (codes, _) = run(&ender(rules, ""));
        assert_eq!(codes, ["dmlint::engine::undecided@19"], "{rules}");
    }
    // Two that need none: both happen, with no line.
    let log = "dmlog 1\nrules 2016\nformat custom life 10\nteam Ann\nH = Timer: Healer x2\n\
               team Bob\nI = Timer: Healer x2\nfirst Ann\nposition\nturn 4 Ann main\n\
               life Ann 5\nlife Bob 5\nfield Ann H:L1\nfield Bob I:L1\nused Ann SK x8\n\
               used Bob SK x8\nend\npass\nBob: pass\nattack none\nend\n";
    let (codes, end) = run(log);
    assert!(codes.is_empty(), "{codes:?}");
    assert!(end.contains("life Ann 6\nlife Bob 6\n"), "{end}");
}

/// Bob's turn ends and Ann's begins with her Timer: Starter card (no die of it needed) and
/// an energy die saved in her reserve pool; then `after` (line 21 on).
fn starter(after: &str) -> String {
    format!(
        "dmlog 1\nrules 2018\nformat custom life 10\nteam Ann\nS = Timer: Starter x2\n\
         team Bob\nT = Timer: Starter x2\nfirst Ann\nposition\nturn 4 Bob main\n\
         field Bob SK:L1\nreserve Ann SK:fist\nbag Ann SK x4\nused Ann SK x3\nused Bob SK x7\n\
         end\npass\nAnn: pass\nattack none\nturn 5 Ann\n{after}"
    )
}

#[test]
fn a_start_of_turn_trigger_resolves_before_the_clear_and_draw_step() {
    let (codes, end) = run(&starter("resolve S target Bob.SK:L1\ndraw SK x4\n"));
    assert!(codes.is_empty(), "{codes:?}");
    assert!(end.contains("prep Bob SK\n"), "{end}");
    // The clear came after it: the saved energy die is in the used pile.
    assert!(end.contains("used Ann SK x4\n"), "{end}");
    // Drawing first skips it.
    let (codes, _) = run(&starter("draw SK x4\n"));
    assert_eq!(codes, ["dmlint::rules::unresolved-trigger@21"]);
}
