//! The mutation check (`dmlint mutate`): single-move changes that make a legal log
//! illegal, and whether the engine catches each one at exactly the changed line.
//!
//! A mutation the engine accepts is not taken on the engine's word: the move generator
//! ([`engine::play`]) judges the mutated game line by line, and the mutation counts as
//! still legal only when every line from the change on is one of its legal moves (and
//! every assertion the change wrote matches the table). Otherwise the engine missed it.
//! The generator judges only games whose every card it plays (`play::support`): a log
//! with other card text is skipped, not judged by half.

use std::fmt::Write;

use crate::cards::ability::{Kind as AbilityKind, Limit};
use crate::cards::{Pool, check_card_names};
use crate::engine::play;
use crate::engine::{DieId, GameCards, GameState, Table, replay};
use crate::syntax::{
    BlockPair, Clause, DieItem, DieRef, Face, Line, Move, Payment, PaymentItem, Span, Spanned,
    StateLine, Statement, Text, Zone, parse_face, parse_str,
};

/// The kinds of mutation, each a way a hand-written log goes wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A die in a payment is written with another energy type.
    PaymentType,
    /// A payment leaves out one of its dice.
    PayShort,
    /// The reroll is written twice.
    SecondReroll,
    /// A purchase is moved after the attackers are declared.
    BuyInAttack,
    /// The inactive player fields the dice.
    InactiveFields,
    /// A blocker is named a second time, on an attacker.
    BlockTwice,
    /// An attacker assigns one damage less than its attack.
    AssignShort,
    /// A draw names a card with no die in the bag.
    DrawNotInBag,
    /// A draw takes one die more.
    DrawExtra,
    /// A roll shows a face its die does not have.
    RollBadFace,
    /// The inactive player's pass is left out before the step ends.
    SkipPass,
    /// A turn line names the wrong player.
    TurnOrder,
    /// An ability's target is a die its selector does not name.
    IllegalTarget,
    /// An ability's target is named as the other player's die.
    TargetOwner,
    /// The `resolve` line of a mandatory trigger is left out.
    SkipTrigger,
    /// A `resolve` line for a trigger that is not waiting.
    InventedTrigger,
    /// A waiting trigger resolved before one the queue resolves first (the active
    /// player's before the inactive player's, an earlier batch before a later one).
    TriggerOrder,
    /// A global (or an ability used like one) is moved out of the global windows.
    GlobalWindow,
    /// A reactive global is used a second time, or with nothing left to answer.
    ReactiveTwice,
    /// An ability's cost is left unpaid, or paid in part.
    CostUnpaid,
    /// An action die is used in the wrong step, or by the inactive player.
    ActionStep,
    /// A blocker the attacker's text says cannot block it blocks it.
    CantBeBlockedBy,
    /// A die that must attack is left out of the attackers.
    MustAttack,
    /// A die just knocked out is asserted still in the field.
    KoAsserted,
}

impl Kind {
    pub const ALL: [Kind; 24] = [
        Kind::PaymentType,
        Kind::PayShort,
        Kind::SecondReroll,
        Kind::BuyInAttack,
        Kind::InactiveFields,
        Kind::BlockTwice,
        Kind::AssignShort,
        Kind::DrawNotInBag,
        Kind::DrawExtra,
        Kind::RollBadFace,
        Kind::SkipPass,
        Kind::TurnOrder,
        Kind::IllegalTarget,
        Kind::TargetOwner,
        Kind::SkipTrigger,
        Kind::InventedTrigger,
        Kind::TriggerOrder,
        Kind::GlobalWindow,
        Kind::ReactiveTwice,
        Kind::CostUnpaid,
        Kind::ActionStep,
        Kind::CantBeBlockedBy,
        Kind::MustAttack,
        Kind::KoAsserted,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::PaymentType => "payment-type",
            Kind::PayShort => "pay-short",
            Kind::SecondReroll => "second-reroll",
            Kind::BuyInAttack => "buy-in-attack",
            Kind::InactiveFields => "inactive-fields",
            Kind::BlockTwice => "block-twice",
            Kind::AssignShort => "assign-short",
            Kind::DrawNotInBag => "draw-not-in-bag",
            Kind::DrawExtra => "draw-extra",
            Kind::RollBadFace => "roll-bad-face",
            Kind::SkipPass => "skip-pass",
            Kind::TurnOrder => "turn-order",
            Kind::IllegalTarget => "illegal-target",
            Kind::TargetOwner => "target-owner",
            Kind::SkipTrigger => "skip-trigger",
            Kind::InventedTrigger => "invented-trigger",
            Kind::TriggerOrder => "trigger-order",
            Kind::GlobalWindow => "global-window",
            Kind::ReactiveTwice => "reactive-twice",
            Kind::CostUnpaid => "cost-unpaid",
            Kind::ActionStep => "action-step",
            Kind::CantBeBlockedBy => "cant-be-blocked-by",
            Kind::MustAttack => "must-attack",
            Kind::KoAsserted => "ko-asserted",
        }
    }
}

/// One mutated log: its lines, the line (0-based) the mutation wrote, and the first line
/// that differs from the original (earlier than `at` when a line was moved or removed).
#[derive(Debug, Clone)]
pub struct Mutant {
    pub kind: Kind,
    pub lines: Vec<String>,
    pub at: usize,
    pub from: usize,
}

/// What the engine made of a mutant. The line it should stop at is the first line, from
/// the change on, that the move generator has no legal move for: usually the mutated line,
/// but a change can be legal where it is written and make a later line illegal (a die
/// spent early is not there for the payment that needed it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The first diagnostic is on the first illegal line (0-based).
    Caught(usize),
    /// The first diagnostic is on another line (0-based) than the first illegal one.
    Elsewhere {
        found: usize,
        illegal: Option<usize>,
    },
    /// No diagnostic, and the generator agrees the game is still legal.
    StillLegal,
    /// No diagnostic, but the generator has no move for this line (0-based).
    Missed(usize),
    /// The engine stops first at card text it does not decide (`dmlint::engine::undecided`)
    /// on this line (0-based): no verdict, so neither caught nor missed.
    Undecided(usize),
}

/// The tally of one kind.
#[derive(Debug, Default, Clone)]
pub struct Count {
    pub tried: usize,
    pub caught: usize,
    /// Of those caught, the ones legal where written that made a later line illegal.
    pub later: usize,
    pub legal: usize,
    /// Mutants the engine stopped on as undecided: no verdict to count.
    pub undecided: usize,
    /// Mutants not caught at their line: the file, the line (1-based), and what happened.
    pub misses: Vec<String>,
}

impl Count {
    /// Illegal mutants with a verdict: the ones the engine should catch.
    pub fn illegal(&self) -> usize {
        self.tried - self.legal - self.undecided
    }
}

/// The report of a run, by kind.
#[derive(Debug, Default)]
pub struct Report {
    pub kinds: Vec<(Kind, Count)>,
    /// Logs that were not clean to begin with (a mutation check needs legal logs), or
    /// whose cards the generator does not all play, with why.
    pub unusable: Vec<String>,
}

impl Report {
    fn count(&mut self, kind: Kind) -> &mut Count {
        let i = match self.kinds.iter().position(|(k, _)| *k == kind) {
            Some(i) => i,
            None => {
                self.kinds.push((kind, Count::default()));
                self.kinds.sort_by_key(|(k, _)| *k);
                self.kinds
                    .iter()
                    .position(|(k, _)| *k == kind)
                    .expect("added")
            }
        };
        &mut self.kinds[i].1
    }

    /// Adds another run's counts to this one.
    pub fn merge(&mut self, other: Report) {
        for (kind, c) in other.kinds {
            let mine = self.count(kind);
            mine.tried += c.tried;
            mine.caught += c.caught;
            mine.later += c.later;
            mine.legal += c.legal;
            mine.undecided += c.undecided;
            mine.misses.extend(c.misses);
        }
        self.unusable.extend(other.unusable);
    }

    pub fn total(&self) -> Count {
        let mut t = Count::default();
        for (_, c) in &self.kinds {
            t.tried += c.tried;
            t.caught += c.caught;
            t.later += c.later;
            t.legal += c.legal;
            t.undecided += c.undecided;
            t.misses.extend(c.misses.iter().cloned());
        }
        t
    }

    /// A table: per kind, mutants, still legal, left undecided, caught at the first
    /// illegal line (and of those, how many at a later line than the mutated one), and
    /// the share caught.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:<19} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8}\n",
            "kind", "tried", "legal", "undec.", "caught", "later", "share"
        );
        let row = |out: &mut String, name: &str, c: &Count| {
            let share = if c.illegal() == 0 {
                "-".to_string()
            } else {
                format!("{:.2}%", 100.0 * c.caught as f64 / c.illegal() as f64)
            };
            let _ = writeln!(
                out,
                "{name:<19} {:>7} {:>7} {:>7} {:>7} {:>7} {share:>8}",
                c.tried, c.legal, c.undecided, c.caught, c.later
            );
        };
        for (k, c) in &self.kinds {
            row(&mut out, k.name(), c);
        }
        row(&mut out, "all", &self.total());
        out
    }
}

/// Mutates one legal log in every way that applies, at most `per_kind` sites of each
/// kind, and records what the engine makes of each mutant.
pub fn check_log(name: &str, text: &str, pool: &Pool, per_kind: usize, report: &mut Report) {
    if first_problem(text, pool).is_some() {
        report.unusable.push(format!("{name}: not a legal log"));
        return;
    }
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let Some(walk) = Walk::of(&lines, pool) else {
        report
            .unusable
            .push(format!("{name}: not one game with two teams"));
        return;
    };
    if !play::support::game(&walk.cards) {
        report.unusable.push(format!(
            "{name}: it has card text the move generator does not play"
        ));
        return;
    }
    for kind in Kind::ALL {
        for m in walk.mutants(kind).into_iter().take(per_kind) {
            let outcome = judge(&m, pool);
            let c = report.count(kind);
            c.tried += 1;
            match outcome {
                Outcome::Caught(line) => {
                    c.caught += 1;
                    c.later += usize::from(line != m.at);
                }
                Outcome::StillLegal => c.legal += 1,
                Outcome::Undecided(_) => c.undecided += 1,
                Outcome::Elsewhere { found, illegal } => c.misses.push(format!(
                    "{name}:{}: {} stopped at line {}, but the first illegal line is {}",
                    m.at + 1,
                    kind.name(),
                    found + 1,
                    illegal.map_or("none".to_string(), |l| (l + 1).to_string())
                )),
                Outcome::Missed(l) => c.misses.push(format!(
                    "{name}:{}: {} not caught (line {} is not a legal move)",
                    m.at + 1,
                    kind.name(),
                    l + 1
                )),
            }
        }
    }
}

/// What the engine (and, when it accepts everything, the generator) makes of a mutant.
pub fn judge(m: &Mutant, pool: &Pool) -> Outcome {
    let text = m.lines.join("\n") + "\n";
    let problem = first_problem(&text, pool);
    if let Some(Problem {
        line,
        undecided: true,
    }) = problem
    {
        return Outcome::Undecided(line);
    }
    let illegal = generator_refuses(&text, m.from, pool);
    match (problem.map(|p| p.line), illegal) {
        (Some(found), Some(illegal)) if found == illegal => Outcome::Caught(found),
        (None, None) => Outcome::StillLegal,
        (None, Some(line)) => Outcome::Missed(line),
        (Some(found), illegal) => Outcome::Elsewhere { found, illegal },
    }
}

/// The first problem of a one-game log: its line (0-based), and whether it is card text
/// the engine does not decide rather than a broken rule or bad input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Problem {
    line: usize,
    undecided: bool,
}

/// The first error or violation of a one-game log, if any.
fn first_problem(text: &str, pool: &Pool) -> Option<Problem> {
    let (doc, errors) = parse_str(text);
    let mut spans: Vec<(Span, bool)> = errors.iter().map(|e| (e.span, false)).collect();
    if spans.is_empty() {
        let game = doc.games.first()?;
        spans.extend(check_card_names(game, pool).iter().map(|e| (e.span, false)));
        if spans.is_empty() {
            let r = replay(game, &doc.header, pool, None, &[]);
            spans.extend(r.violations.iter().map(|v| (v.span, false)));
            spans.extend(
                r.errors
                    .iter()
                    .filter(|e| e.severity == miette::Severity::Error)
                    .map(|e| (e.span, e.code == crate::engine::EngineCode::Undecided)),
            );
        }
    }
    let (span, undecided) = spans.iter().min_by_key(|(s, u)| (s.start, !u))?;
    Some(Problem {
        line: text[..span.start].matches('\n').count(),
        undecided: *undecided,
    })
}

/// Plays a log through the move generator from line `from` on: the first line (0-based)
/// whose outcome no legal move has, or that asserts what the table does not show, if any.
fn generator_refuses(text: &str, from: usize, pool: &Pool) -> Option<usize> {
    let (doc, _) = parse_str(text);
    let game = doc.games.first()?;
    let mut table = Table::new(game, &doc.header, pool).ok()?;
    for line in &game.lines {
        let at = text[..line.span.start].matches('\n').count();
        if let Statement::State(s) = &line.statement {
            if at >= from && !asserts_truly(table.cards(), table.state(), s) {
                return Some(at);
            }
            continue;
        }
        if !line.statement.is_play() {
            continue;
        }
        if at >= from {
            let Ok(after) = table.accepts(line) else {
                return Some(at);
            };
            match play::reaches(&mut table, &after.position_key(), line) {
                Ok(true) => {}
                _ => return Some(at),
            }
        }
        table.play(line).ok()?;
    }
    None
}

/// Whether an assertion (a zone's dice, a life total) says what the table shows, read
/// as the notation reads it: a die written without its face or state matches any such
/// die, and the zone holds exactly the dice listed. Other assertions are not judged.
fn asserts_truly(cards: &GameCards, state: &GameState, s: &StateLine) -> bool {
    match s {
        StateLine::Life { player, life } => cards
            .player(&player.node)
            .is_none_or(|p| state.players[p].life == i64::from(life.node)),
        StateLine::Zone { zone, player, dice } => {
            let Some(p) = cards.player(&player.node) else {
                return true;
            };
            let mut left: Vec<DieId> = state.zone(p, zone.node).collect();
            for item in dice {
                for _ in 0..item.times() {
                    let Some(card) = cards.by_alias(&item.die.alias.node, p) else {
                        return false;
                    };
                    let found = left.iter().position(|&d| {
                        let die = state.die(d);
                        die.card == card
                            && item
                                .die
                                .face
                                .as_ref()
                                .is_none_or(|f| die.face.as_ref() == Some(&f.node))
                    });
                    match found {
                        Some(k) => {
                            left.remove(k);
                        }
                        None => return false,
                    }
                }
            }
            left.is_empty()
        }
        _ => true,
    }
}

/// A legal log taken apart for mutating: its lines, its moves, and the game's state
/// before each move (and after the last).
struct Walk<'a> {
    lines: &'a [String],
    /// Each move's line index (0-based) and statement.
    moves: Vec<(usize, Line)>,
    cards: GameCards,
    /// `before[n]` is the state before move `n`; one more, after the last.
    before: Vec<GameState>,
}

impl<'a> Walk<'a> {
    fn of(lines: &'a [String], pool: &Pool) -> Option<Walk<'a>> {
        let text = lines.join("\n") + "\n";
        let (doc, _) = parse_str(&text);
        let game = doc.games.first()?;
        let mut table = Table::new(game, &doc.header, pool).ok()?;
        let at = |l: &Line| text[..l.span.start].matches('\n').count();
        let moves: Vec<(usize, Line)> = game
            .lines
            .iter()
            .filter(|l| l.statement.is_play())
            .map(|l| (at(l), l.clone()))
            .collect();
        let mut before = Vec::with_capacity(moves.len() + 1);
        for (_, line) in &moves {
            before.push(table.state().clone());
            let _ = table.play(line);
        }
        before.push(table.state().clone());
        Some(Walk {
            lines,
            cards: table.cards().clone(),
            moves,
            before,
        })
    }
}

/// Every mutant of a kind of a log, in line order.
pub fn mutants(kind: Kind, lines: &[String], pool: &Pool) -> Vec<Mutant> {
    Walk::of(lines, pool).map_or_else(Vec::new, |w| w.mutants(kind))
}

impl Walk<'_> {
    /// Every mutant of a kind, in line order.
    fn mutants(&self, kind: Kind) -> Vec<Mutant> {
        let lines = self.lines;
        let moves: Vec<(usize, &Line)> = self.moves.iter().map(|(i, l)| (*i, l)).collect();
        let cards = &self.cards;
        let mut out = Vec::new();
        let replace = |i: usize, with: String| {
            let mut lines = lines.to_vec();
            lines[i] = with;
            lines
        };
        for (n, (i, line)) in moves.iter().enumerate() {
            let (i, line) = (*i, *line);
            let (before, after) = (&self.before[n], &self.before[n + 1]);
            match kind {
                // A die the line knocked out, asserted right after it in the field it left.
                Kind::KoAsserted => {
                    if let Some(assertion) = ko_assertion(cards, before, after) {
                        let mut lines = lines.to_vec();
                        lines.insert(i + 1, assertion);
                        out.push(Mutant {
                            kind,
                            lines,
                            at: i + 1,
                            from: i + 1,
                        });
                    }
                    continue;
                }
                // A reactive global with nothing to answer, before a pass made while no
                // event is open: by the player who does not pass.
                Kind::ReactiveTwice if !matches!(&line.statement, Statement::Move { action, .. } if matches!(action.as_ref(), Move::Global { .. })) =>
                {
                    if let Some(r) = unprompted(cards, before, line) {
                        let mut lines = lines.to_vec();
                        lines.insert(i, r);
                        out.push(Mutant {
                            kind,
                            lines,
                            at: i,
                            from: i,
                        });
                    }
                    continue;
                }
                // A `resolve` line before a move of the active player's, with no trigger
                // waiting: for a die of theirs in the field whose card has a trigger.
                Kind::InventedTrigger => {
                    if let Some(r) = invented(cards, before, line) {
                        let mut lines = lines.to_vec();
                        lines.insert(i, r);
                        out.push(Mutant {
                            kind,
                            lines,
                            at: i,
                            from: i,
                        });
                    }
                    continue;
                }
                _ => {}
            }
            let Statement::Move { actor, action } = &line.statement else {
                if let (Kind::TurnOrder, Statement::Turn { number, player }) =
                    (kind, &line.statement)
                {
                    let other = if player.node == "Ann" { "Bob" } else { "Ann" };
                    out.push(Mutant {
                        kind,
                        lines: replace(i, format!("turn {} {other}", number.node)),
                        at: i,
                        from: i,
                    });
                }
                continue;
            };
            let changed = |action: Move, actor: Option<Spanned<Text>>| Statement::Move {
                actor,
                action: Box::new(action),
            };
            match (kind, action.as_ref()) {
                (Kind::PaymentType, Move::Buy { .. } | Move::Field { .. }) => {
                    let mut action = (**action).clone();
                    let Some(payment) = payment_of(&mut action) else {
                        continue;
                    };
                    let Some(face) = payment.items.iter_mut().find_map(|item| match item {
                        PaymentItem::Die {
                            die, spun_to: None, ..
                        } => die.face.as_mut(),
                        _ => None,
                    }) else {
                        continue;
                    };
                    let Some(other) = other_energy(&face.node) else {
                        continue;
                    };
                    face.node = other;
                    out.push(Mutant {
                        kind,
                        lines: replace(i, changed(action, actor.clone()).to_string()),
                        at: i,
                        from: i,
                    });
                }
                (Kind::PayShort, Move::Buy { .. } | Move::Field { .. }) => {
                    let mut action = (**action).clone();
                    let Some(payment) = payment_of(&mut action) else {
                        continue;
                    };
                    match payment.items.last_mut() {
                        Some(PaymentItem::Die { count: Some(c), .. }) if c.node > 1 => c.node -= 1,
                        Some(_) => {
                            payment.items.pop();
                        }
                        None => continue,
                    }
                    if payment.items.is_empty() {
                        if let Move::Field { payment, .. } = &mut action {
                            *payment = None;
                        }
                        if matches!(action, Move::Buy { .. }) {
                            continue;
                        }
                    }
                    out.push(Mutant {
                        kind,
                        lines: replace(i, changed(action, actor.clone()).to_string()),
                        at: i,
                        from: i,
                    });
                }
                (Kind::SecondReroll, Move::Reroll { .. }) => {
                    let mut lines = lines.to_vec();
                    lines.insert(i + 1, lines[i].clone());
                    out.push(Mutant {
                        kind,
                        lines,
                        at: i + 1,
                        from: i + 1,
                    });
                }
                (Kind::BuyInAttack, Move::Buy { .. }) => {
                    // Moved to right after this turn's attackers, when the turn has some.
                    let attack = moves[n..]
                        .iter()
                        .take_while(|(_, l)| !matches!(l.statement, Statement::Turn { .. }))
                        .find(|(_, l)| {
                            matches!(&l.statement, Statement::Move { action, .. }
                            if matches!(action.as_ref(), Move::Attack { dice } if !dice.is_empty()))
                        });
                    let Some((a, _)) = attack else { continue };
                    let mut lines = lines.to_vec();
                    let moved = lines.remove(i);
                    lines.insert(*a, moved);
                    out.push(Mutant {
                        kind,
                        lines,
                        at: *a,
                        from: i,
                    });
                }
                (Kind::InactiveFields, Move::Field { .. }) if actor.is_none() => {
                    // The turn's other player, from the turn line above.
                    let Some(other) =
                        moves[..n]
                            .iter()
                            .rev()
                            .find_map(|(_, l)| match &l.statement {
                                Statement::Turn { player, .. } => {
                                    Some(if player.node == "Ann" { "Bob" } else { "Ann" })
                                }
                                _ => None,
                            })
                    else {
                        continue;
                    };
                    out.push(Mutant {
                        kind,
                        lines: replace(i, format!("{other}: {}", lines[i].trim())),
                        at: i,
                        from: i,
                    });
                }
                (Kind::BlockTwice, Move::Block { pairs }) if !pairs.is_empty() => {
                    let mut pairs = pairs.clone();
                    pairs.push(pairs[0].clone());
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(Move::Block { pairs }, actor.clone()).to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                (Kind::AssignShort, Move::Assign { attacker, shares }) => {
                    let mut shares = shares.clone();
                    let Some(share) = shares.iter_mut().find(|s| s.amount.node > 0) else {
                        continue;
                    };
                    share.amount.node -= 1;
                    let action = Move::Assign {
                        attacker: attacker.clone(),
                        shares,
                    };
                    out.push(Mutant {
                        kind,
                        lines: replace(i, changed(action, actor.clone()).to_string()),
                        at: i,
                        from: i,
                    });
                }
                (Kind::DrawNotInBag, Move::Draw { dice, to }) => {
                    // A card of the drawing player's team whose dice are all elsewhere (their
                    // sidekicks, when the bag holds only other dice).
                    let Some(alias) = absent_from_bag(cards, &self.before[n]) else {
                        continue;
                    };
                    let mut dice = dice.clone();
                    dice[0].die.alias.node = alias;
                    dice[0].die.face = None;
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(
                                Move::Draw {
                                    dice,
                                    to: to.clone(),
                                },
                                actor.clone(),
                            )
                            .to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                (Kind::DrawExtra, Move::Draw { dice, to: None }) => {
                    let mut dice: Vec<DieItem> = dice.clone();
                    let n = dice[0].times() + 1;
                    dice[0].count = Some(Spanned::new(n, Span::default()));
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(Move::Draw { dice, to: None }, actor.clone()).to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                (Kind::RollBadFace, Move::Roll { dice }) => {
                    let mut dice = dice.clone();
                    let Some(face) = dice[0].die.face.as_mut() else {
                        continue;
                    };
                    face.node = match face.node {
                        // One level more than any die has.
                        Face::Level { .. } => parse_face("L4").expect("a face"),
                        // A character face on an action die, a level 2 on a sidekick.
                        _ => parse_face("L2").expect("a face"),
                    };
                    out.push(Mutant {
                        kind,
                        lines: replace(i, changed(Move::Roll { dice }, actor.clone()).to_string()),
                        at: i,
                        from: i,
                    });
                }
                (Kind::SkipPass, Move::Pass) if actor.is_some() => {
                    // The line after is where the missing pass shows.
                    let Some((next, _)) = moves.get(n + 1) else {
                        continue;
                    };
                    let mut lines = lines.to_vec();
                    lines.remove(i);
                    out.push(Mutant {
                        kind,
                        lines,
                        at: next - 1,
                        from: i,
                    });
                }
                (
                    Kind::IllegalTarget,
                    Move::Use { clauses, .. }
                    | Move::Global { clauses, .. }
                    | Move::Activate { clauses, .. }
                    | Move::Resolve { clauses, .. },
                ) => {
                    // A die the ability may not target (in a field, or showing a face in a
                    // reserve pool), or a player: no legal line names it.
                    let who = mover(cards, before, actor.as_ref());
                    let legal = legal_lines(cards, before);
                    let Some(k) = clauses
                        .iter()
                        .position(|c| matches!(c, Clause::Target { .. }))
                    else {
                        continue;
                    };
                    // One die of each kind of interchangeable dice, named as the generator
                    // names its choices.
                    let zone = |z: Zone| before.ids().filter(move |d| before.die(*d).zone == z);
                    let mut kinds = Vec::new();
                    let dice = zone(Zone::Field).chain(zone(Zone::Reserve)).filter(|d| {
                        let k = before.key(*d);
                        let new = !kinds.contains(&k);
                        kinds.push(k);
                        new
                    });
                    let refs = dice
                        .map(|d| play::refer(cards, before, d, who, &[], |_| true, true).0)
                        .chain((0..2).map(|p| DieRef {
                            player: None,
                            alias: Spanned::new(cards.players[p].clone(), Span::default()),
                            face: None,
                            ordinal: None,
                            modifiers: Vec::new(),
                            span: Span::default(),
                        }));
                    let found = refs.into_iter().find_map(|r| {
                        let mut clauses = clauses.clone();
                        let Clause::Target { targets, .. } = &mut clauses[k] else {
                            return None;
                        };
                        if targets[0] == r {
                            return None;
                        }
                        targets[0] = r;
                        let text =
                            changed(with_clauses(action, clauses), actor.clone()).to_string();
                        (!legal.contains(&text)).then_some(text)
                    });
                    if let Some(text) = found {
                        out.push(Mutant {
                            kind,
                            lines: replace(i, text),
                            at: i,
                            from: i,
                        });
                    }
                }
                (
                    Kind::TargetOwner,
                    Move::Use { clauses, .. }
                    | Move::Global { clauses, .. }
                    | Move::Activate { clauses, .. }
                    | Move::Resolve { clauses, .. },
                ) => {
                    // The first target die named as the other player's.
                    let who = mover(cards, before, actor.as_ref());
                    let mut clauses = clauses.clone();
                    let flipped = clauses.iter_mut().find_map(|c| match c {
                        Clause::Target { targets, .. } => targets.iter_mut().find(|t| {
                            t.face.is_some()
                                || t.player.is_some()
                                || cards.player(&t.alias.node).is_none()
                        }),
                        _ => None,
                    });
                    let Some(t) = flipped else { continue };
                    t.player = match t.player {
                        Some(_) => None,
                        None => Some(Box::new(Spanned::new(
                            cards.players[1 - who].clone(),
                            Span::default(),
                        ))),
                    };
                    t.ordinal = None;
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(with_clauses(action, clauses), actor.clone()).to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                (Kind::SkipTrigger, Move::Resolve { die, .. }) => {
                    // A trigger that is not "you may": its line left out, which the next line
                    // shows.
                    let who = mover(cards, before, actor.as_ref());
                    if !mandatory(cards, before, die, who) {
                        continue;
                    }
                    let Some((next, _)) = moves.get(n + 1) else {
                        continue;
                    };
                    let mut lines = lines.to_vec();
                    lines.remove(i);
                    out.push(Mutant {
                        kind,
                        lines,
                        at: next - 1,
                        from: i,
                    });
                }
                (Kind::TriggerOrder, Move::Resolve { .. }) => {
                    // A trigger that waits behind the one this line resolves (the other
                    // player's, or a later batch's) resolved first, on a line of its own.
                    let Some(t) = before.turn.as_ref() else {
                        continue;
                    };
                    let ready = play::resolvable(t);
                    let Some(q) = (0..t.pending.len()).find(|q| !ready.contains(q)) else {
                        continue;
                    };
                    let Some(p) = play::resolution_of(cards, before, t, q) else {
                        continue;
                    };
                    let mut lines = lines.to_vec();
                    lines.insert(i, p.line(cards, before).statement.to_string());
                    out.push(Mutant {
                        kind,
                        lines,
                        at: i,
                        from: i,
                    });
                }
                (Kind::GlobalWindow, Move::Global { .. } | Move::Activate { .. }) => {
                    if reactive(cards, before, action, actor.as_ref()) {
                        continue;
                    }
                    // Moved to the draw step of its turn: right before the `roll` line.
                    let Some(r) = turn_roll(&moves, n) else {
                        continue;
                    };
                    let mut lines = lines.to_vec();
                    let moved = lines.remove(i);
                    lines.insert(r, moved);
                    out.push(Mutant {
                        kind,
                        lines,
                        at: r,
                        from: r,
                    });
                }
                (Kind::ReactiveTwice, Move::Global { .. }) => {
                    if !reactive(cards, before, action, actor.as_ref()) {
                        continue;
                    }
                    // Answered again at once; or, every other time, answered one move later,
                    // when the moment has passed.
                    let later = out.len() % 2 == 1;
                    let mut lines = lines.to_vec();
                    if later {
                        let Some((j, _)) = moves.get(n + 1) else {
                            continue;
                        };
                        let moved = lines.remove(i);
                        lines.insert(*j, moved);
                        out.push(Mutant {
                            kind,
                            lines,
                            at: *j,
                            from: i,
                        });
                    } else {
                        lines.insert(i + 1, lines[i].clone());
                        out.push(Mutant {
                            kind,
                            lines,
                            at: i + 1,
                            from: i + 1,
                        });
                    }
                }
                (
                    Kind::CostUnpaid,
                    Move::Global { clauses, .. }
                    | Move::Activate { clauses, .. }
                    | Move::Resolve { clauses, .. },
                ) => {
                    // The whole cost left unpaid; every other time, its last part.
                    let Some(k) = clauses.iter().position(|c| matches!(c, Clause::Pay(_))) else {
                        continue;
                    };
                    let mut clauses = clauses.clone();
                    let part = out.len() % 2 == 1;
                    match &mut clauses[k] {
                        Clause::Pay(p) if part && p.items.len() > 1 => match p.items.last_mut() {
                            Some(PaymentItem::Die { count: Some(c), .. }) if c.node > 1 => {
                                c.node -= 1;
                            }
                            _ => {
                                p.items.pop();
                            }
                        },
                        _ => {
                            clauses.remove(k);
                        }
                    }
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(with_clauses(action, clauses), actor.clone()).to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                (Kind::ActionStep, Move::Use { .. }) => {
                    // By the inactive player; every other time, in the draw step.
                    if out.len() % 2 == 0 {
                        let who = mover(cards, before, actor.as_ref());
                        let other = cards.players[1 - who].clone();
                        out.push(Mutant {
                            kind,
                            lines: replace(
                                i,
                                changed(
                                    (**action).clone(),
                                    Some(Spanned::new(other, Span::default())),
                                )
                                .to_string(),
                            ),
                            at: i,
                            from: i,
                        });
                    } else {
                        let Some(r) = turn_roll(&moves, n) else {
                            continue;
                        };
                        let mut lines = lines.to_vec();
                        let moved = lines.remove(i);
                        lines.insert(r, moved);
                        out.push(Mutant {
                            kind,
                            lines,
                            at: r,
                            from: r,
                        });
                    }
                }
                (Kind::CantBeBlockedBy, Move::Block { pairs }) => {
                    // A pair a "can't be blocked by" text forbids, added to the blocks.
                    let Some(t) = before.turn.as_ref() else {
                        continue;
                    };
                    let blocking: Vec<DieId> = after
                        .ids()
                        .filter(|d| after.die(*d).blocking.is_some())
                        .collect();
                    let Some((b, a)) = play::forbidden_blocks(cards, before, t.active)
                        .into_iter()
                        .find(|(b, _)| !blocking.contains(b))
                    else {
                        continue;
                    };
                    let taken: Vec<DieId> = blocking.clone();
                    let blocker =
                        play::refer(cards, before, b, t.inactive(), &taken, |_| true, true).0;
                    let attacker = play::refer(
                        cards,
                        before,
                        a,
                        t.active,
                        &[],
                        |x| before.die(x).attacking,
                        true,
                    )
                    .0;
                    let mut pairs = pairs.clone();
                    pairs.push(BlockPair { blocker, attacker });
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(Move::Block { pairs }, actor.clone()).to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                (Kind::MustAttack, Move::Attack { dice }) => {
                    // A die that must attack left out of the attackers.
                    let Some(t) = before.turn.as_ref() else {
                        continue;
                    };
                    let Some(&d) = play::bound_attackers(cards, before, t.active).first() else {
                        continue;
                    };
                    let die = before.die(d);
                    let mut dice: Vec<DieItem> = dice.clone();
                    let Some(k) = dice.iter().position(|item| {
                        cards.by_alias(&item.die.alias.node, t.active) == Some(die.card)
                            && item
                                .die
                                .face
                                .as_ref()
                                .is_none_or(|f| die.face.as_ref() == Some(&f.node))
                    }) else {
                        continue;
                    };
                    match dice[k].times() {
                        1 => {
                            dice.remove(k);
                        }
                        n => dice[k].count = Some(Spanned::new(n - 1, Span::default())),
                    }
                    out.push(Mutant {
                        kind,
                        lines: replace(
                            i,
                            changed(Move::Attack { dice }, actor.clone()).to_string(),
                        ),
                        at: i,
                        from: i,
                    });
                }
                _ => {}
            }
        }
        out
    }
}

/// The player who makes a move: the actor written, or the active player.
fn mover(cards: &GameCards, state: &GameState, actor: Option<&Spanned<Text>>) -> usize {
    actor
        .and_then(|a| cards.player(&a.node))
        .unwrap_or_else(|| state.turn.as_ref().map_or(state.first, |t| t.active))
}

/// The generator's legal moves as their lines print.
fn legal_lines(cards: &GameCards, state: &GameState) -> Vec<String> {
    let mut plays = Vec::new();
    play::choices(cards, state, &mut plays);
    plays
        .iter()
        .map(|p| p.line(cards, state).statement.to_string())
        .collect()
}

/// An ability move with other clauses.
fn with_clauses(action: &Move, clauses: Vec<Clause>) -> Move {
    match action.clone() {
        Move::Use { die, .. } => Move::Use { die, clauses },
        Move::Global { card, .. } => Move::Global { card, clauses },
        Move::Activate { die, .. } => Move::Activate { die, clauses },
        Move::Resolve { die, .. } => Move::Resolve { die, clauses },
        other => other,
    }
}

/// Whether a move uses a card's reactive global.
fn reactive(
    cards: &GameCards,
    state: &GameState,
    action: &Move,
    actor: Option<&Spanned<Text>>,
) -> bool {
    let Move::Global { card, .. } = action else {
        return false;
    };
    let who = mover(cards, state, actor);
    cards
        .by_alias(&card.alias.node, who)
        .and_then(|c| cards.get(c).abilities.as_ref())
        .is_some_and(|l| {
            l.iter()
                .any(|a| a.kind == AbilityKind::Global && a.limit == Limit::Reactive)
        })
}

/// Whether the trigger a `resolve` line answers is mandatory (not "you may").
fn mandatory(cards: &GameCards, state: &GameState, die: &DieRef, who: usize) -> bool {
    let Some(t) = state.turn.as_ref() else {
        return false;
    };
    let owner = die
        .player
        .as_ref()
        .and_then(|p| cards.player(&p.node))
        .unwrap_or(who);
    let Some(card) = cards.by_alias(&die.alias.node, owner) else {
        return false;
    };
    t.pending
        .iter()
        .find(|p| p.card == card)
        .and_then(|p| cards.get(p.card).abilities.as_ref()?.get(p.ability))
        .is_some_and(|a| !a.may)
}

/// The line index of the `roll` of the turn move `n` is in, when it comes before move
/// `n`: where a move lands in the clear and draw step.
fn turn_roll(moves: &[(usize, &Line)], n: usize) -> Option<usize> {
    moves[..n]
        .iter()
        .rev()
        .take_while(|(_, l)| !matches!(l.statement, Statement::Turn { .. }))
        .find(|(_, l)| {
            matches!(&l.statement, Statement::Move { action, .. } if matches!(action.as_ref(), Move::Roll { .. }))
        })
        .map(|(i, _)| *i)
}

/// A `resolve` line for a trigger that is not waiting, to put before `line`: a die of the
/// active player's in the field whose card has a triggered ability, when nothing waits
/// and `line` is the active player's move in the main step or the action window.
fn invented(cards: &GameCards, state: &GameState, line: &Line) -> Option<String> {
    let t = state.turn.as_ref()?;
    if !t.pending.is_empty()
        || t.done
        || !matches!(
            t.step,
            crate::syntax::Step::Main | crate::syntax::Step::Window
        )
    {
        return None;
    }
    let Statement::Move { actor: None, .. } = &line.statement else {
        return None;
    };
    let die = state.zone(t.active, Zone::Field).find(|d| {
        cards
            .get(state.die(*d).card)
            .abilities
            .as_ref()
            .is_some_and(|l| l.iter().any(|a| a.kind == AbilityKind::Triggered))
    })?;
    let r = play::refer(cards, state, die, t.active, &[], |_| true, true).0;
    Some(format!("resolve {r}"))
}

/// A reactive global used with nothing to answer, to put before `line`, a pass made while
/// no event the last move set off is open: by the other player than the one passing,
/// paying with an energy die of theirs when they have one.
fn unprompted(cards: &GameCards, state: &GameState, line: &Line) -> Option<String> {
    let t = state.turn.as_ref()?;
    if !t.reactable.is_empty() || !t.pending.is_empty() || t.done || state.outcome.is_some() {
        return None;
    }
    let Statement::Move { actor, action } = &line.statement else {
        return None;
    };
    if !matches!(action.as_ref(), Move::Pass) {
        return None;
    }
    let passer = mover(cards, state, actor.as_ref());
    let who = 1 - passer;
    let card = cards.ids().find(|c| {
        cards.get(*c).alias_of.is_none()
            && cards.get(*c).abilities.as_ref().is_some_and(|l| {
                l.iter()
                    .any(|a| a.kind == AbilityKind::Global && a.limit == Limit::Reactive)
            })
    })?;
    let pay = state
        .zone(who, Zone::Reserve)
        .find(|d| matches!(state.die(*d).face, Some(Face::Energy { .. })))
        .map(|d| {
            let r = play::refer(cards, state, d, who, &[], |_| true, false).0;
            format!(" pay {r}")
        })
        .unwrap_or_default();
    let actor = if who == t.active {
        String::new()
    } else {
        format!("{}: ", cards.players[who])
    };
    Some(format!("{actor}global {}{pay}", cards.get(card).alias))
}

/// An assertion that a die the move knocked out (from the field to the prep area) is
/// still in its owner's field: the field as it is after the move, and that die too.
fn ko_assertion(cards: &GameCards, before: &GameState, after: &GameState) -> Option<String> {
    let ko = before.ids().find(|&d| {
        before.die(d).zone == Zone::Field
            && after.die(d).zone == Zone::Prep
            && before.die(d).face.is_some()
    })?;
    let owner = before.die(ko).owner;
    let mut items: Vec<String> = after
        .zone(owner, Zone::Field)
        .map(|d| {
            let die = after.die(d);
            let face = die.face.as_ref().map_or(String::new(), |f| format!(":{f}"));
            format!("{}{face}", cards.get(die.card).alias)
        })
        .collect();
    let die = before.die(ko);
    let face = die.face.as_ref().map_or(String::new(), |f| format!(":{f}"));
    items.push(format!("{}{face}", cards.get(die.card).alias));
    Some(format!(
        "field {} {}",
        cards.players[owner],
        items.join(" ")
    ))
}

/// The payment of a purchase or of a paid fielding.
fn payment_of(action: &mut Move) -> Option<&mut Payment> {
    match action {
        Move::Buy { payment, .. } => Some(payment),
        Move::Field { payment, .. } => payment.as_mut(),
        _ => None,
    }
}

/// Another energy type for a one-symbol face (`fist` → `bolt`), kept single.
fn other_energy(face: &Face) -> Option<Face> {
    let text = face.to_string();
    let next = match text.as_str() {
        "fist" => "bolt",
        "bolt" => "mask",
        "mask" => "shield",
        "shield" => "fist",
        "wild" => "fist",
        "2fist" => "2bolt",
        "2bolt" => "2mask",
        "2mask" => "2shield",
        "2shield" => "2fist",
        _ => return None,
    };
    parse_face(next)
}

/// An alias of the drawing player's own cards (their sidekicks included) with no die in
/// their bag.
fn absent_from_bag(cards: &GameCards, state: &GameState) -> Option<Text> {
    let who = state.turn.as_ref()?.active;
    cards
        .ids()
        .filter(|c| {
            let card = cards.get(*c);
            card.owner == Some(who) && card.alias_of.is_none()
        })
        .find(|c| {
            !state
                .zone(who, crate::syntax::Zone::Bag)
                .any(|id| state.die(id).card == *c)
        })
        .map(|c| cards.get(c).alias.clone())
}
