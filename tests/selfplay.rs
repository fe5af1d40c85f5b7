//! Self-play against the checker: generated games replay clean, and the move generator
//! and the checker agree on the states those games reach, both ways.

use dmlint::cards::{Pool, check_card_names};
use dmlint::engine::{Table, play, replay};
use dmlint::mutate;
use dmlint::selfplay::{self, Options, Policy, Rng};
use dmlint::syntax::{Edition, Line, parse_str, print_line};
use proptest::prelude::*;

fn options(rules: Edition, policy: Policy) -> Options {
    Options {
        rules,
        policy,
        ..Options::default()
    }
}

/// Every combination of edition and policy, in turn.
fn variety(i: u64) -> Options {
    let rules = match i % 3 {
        0 => Edition::Rules2018,
        1 => Edition::Rules2014,
        _ => Edition::Rules2016,
    };
    let policy = if i % 6 < 3 {
        Policy::Eager
    } else {
        Policy::Uniform
    };
    options(rules, policy)
}

/// Replays a whole log from its text, as `dmlint check` would, and says how it ended.
fn replay_clean(log: &str) -> Result<String, String> {
    let pool = Pool::embedded();
    let (doc, errors) = parse_str(log);
    if !errors.is_empty() {
        return Err(format!("syntax: {errors:?}"));
    }
    let game = &doc.games[0];
    let names = check_card_names(game, pool);
    if !names.is_empty() {
        return Err(format!("cards: {names:?}"));
    }
    let r = replay(game, &doc.header, pool, None, &[]);
    if !r.violations.is_empty() || !r.errors.is_empty() || r.stopped.is_some() {
        let codes: Vec<String> = r
            .violations
            .iter()
            .map(|v| format!("{:?} {} at {:?}", v.code, v.message, v.span))
            .chain(
                r.errors
                    .iter()
                    .map(|e| format!("{:?} {}", e.code, e.message)),
            )
            .collect();
        return Err(codes.join("; "));
    }
    let (_, state) = r.end.ok_or("no end state")?;
    Ok(format!(
        "{:?}",
        state.outcome.ok_or("the game did not end")?
    ))
}

#[test]
fn three_hundred_generated_games_replay_clean_to_their_end() {
    // Games of the eager policy that ended by life rather than the turn limit.
    let mut by_life = 0;
    for i in 0..300 {
        let opts = variety(i);
        let log = selfplay::game(1, i, &opts, Pool::embedded())
            .unwrap_or_else(|d| panic!("game {i}: {d}\n{}", d.log));
        if let Err(why) = replay_clean(&log) {
            panic!("game {i} does not replay clean: {why}\n{log}");
        }
        if opts.policy == Policy::Eager && !log.contains("concede") {
            by_life += 1;
        }
    }
    // For the eager policy the turn limit is a safety net, not how games end.
    assert!(
        by_life >= 147,
        "only {by_life} of 150 eager games ended by life"
    );
}

/// The legal moves' outcomes at a state, each checked by the checker; then every move of
/// the wider pseudo-legal set that the checker accepts must have one of those outcomes.
fn agree(table: &mut Table) -> Result<(), String> {
    let reached = play::legal_positions(table).map_err(|refused| {
        let (line, why) = *refused;
        format!(
            "the generator's `{}` is refused: {why:?}",
            print_line(&line).trim_end()
        )
    })?;
    let (cards, state) = (table.cards().clone(), table.state().clone());
    for p in play::pseudo_legal(&cards, &state) {
        let line = p.line(&cards, &state);
        if let Ok(after) = table.accepts(&line)
            && !reached.contains(&after.position_key())
        {
            return Err(format!(
                "the checker accepts `{}`, which no generated move matches",
                print_line(&line).trim_end()
            ));
        }
    }
    Ok(())
}

/// Replays a generated game line by line, checking agreement at some of its states.
fn agree_along(log: &str, rng: &mut Rng) -> Result<usize, String> {
    let (doc, errors) = parse_str(log);
    assert!(errors.is_empty());
    let game = &doc.games[0];
    let mut table = Table::new(game, &doc.header, Pool::embedded()).map_err(|_| "no table")?;
    let mut checked = 0;
    let moves: Vec<&Line> = game
        .lines
        .iter()
        .filter(|l| l.statement.is_play())
        .collect();
    for (n, line) in moves.iter().enumerate() {
        if rng.chance(0.15) {
            agree(&mut table).map_err(|e| {
                let from = n.saturating_sub(20);
                let upto: Vec<String> = moves[from..n].iter().map(|l| print_line(l)).collect();
                format!("{e}\nafter (the last moves):\n{}", upto.concat())
            })?;
            checked += 1;
        }
        table.play(line).map_err(|e| format!("{e:?}"))?;
    }
    agree(&mut table)?;
    Ok(checked + 1)
}

proptest! {
    #![proptest_config(ProptestConfig {
        // 24 games in CI; `PROPTEST_CASES=500` for a longer hunt.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_generator_and_the_checker_agree(seed in any::<u64>(), variant in 0u64..4) {
        let opts = Options { life: 6, ..variety(variant) };
        let log = selfplay::game(seed, 0, &opts, Pool::embedded())
            .map_err(|d| TestCaseError::fail(format!("{d}\n{}", d.log)))?;
        let mut rng = Rng::new(seed);
        agree_along(&log, &mut rng).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn single_move_mutations_of_generated_games_are_caught_at_their_line() {
    let mut report = mutate::Report::default();
    // 72 games: the rarer ability kinds (a reactive global answered twice, a skipped
    // trigger, a must-attack ignored) need that many for ten mutants each.
    for i in 0..72 {
        let opts = variety(i);
        let log = selfplay::game(2, i, &opts, Pool::embedded())
            .unwrap_or_else(|d| panic!("game {i}: {d}"));
        mutate::check_log(&format!("game {i}"), &log, Pool::embedded(), 2, &mut report);
    }
    println!("{}", report.table());
    assert!(report.unusable.is_empty(), "{:?}", report.unusable);
    // Every kind was tried on illegal mutants, so the share below is not vacuous; but
    // two triggers waiting at once, a "can't be blocked by" text among the blocks and a
    // reactive global's event are too rare in these 72 games to count on ten of
    // (`dmlint mutate` over a large run measures those kinds).
    let rare = [
        mutate::Kind::TriggerOrder,
        mutate::Kind::CantBeBlockedBy,
        mutate::Kind::ReactiveTwice,
    ];
    for kind in mutate::Kind::ALL.into_iter().filter(|k| !rare.contains(k)) {
        let c = report
            .kinds
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, c)| c);
        assert!(
            c.is_some_and(|c| c.illegal() >= 10),
            "too few illegal `{}` mutants: {c:?}",
            kind.name()
        );
    }
    let total = report.total();
    let share = total.caught as f64 / total.illegal() as f64;
    assert!(
        share >= 0.99,
        "{:.2}% caught at their line; misses:\n{}",
        share * 100.0,
        total.misses.join("\n")
    );
}
