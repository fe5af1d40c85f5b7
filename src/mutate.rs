//! The mutation check (`dmlint mutate`): single-move changes that make a legal log
//! illegal, and whether the engine catches each one at exactly the changed line.
//!
//! A mutation the engine accepts is not taken on the engine's word: the move generator
//! ([`engine::play`]) judges the mutated game line by line, and the mutation counts as
//! still legal only when every line from the change on is one of its legal moves.
//! Otherwise the engine missed it.

use std::fmt::Write;

use crate::cards::{Pool, check_card_names};
use crate::engine::play;
use crate::engine::{GameCards, GameState, Table, replay};
use crate::syntax::{
    DieItem, Face, Line, Move, Payment, PaymentItem, Span, Spanned, Statement, Text, parse_face,
    parse_str,
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
}

impl Kind {
    pub const ALL: [Kind; 12] = [
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
}

/// The tally of one kind.
#[derive(Debug, Default, Clone)]
pub struct Count {
    pub tried: usize,
    pub caught: usize,
    /// Of those caught, the ones legal where written that made a later line illegal.
    pub later: usize,
    pub legal: usize,
    /// Mutants not caught at their line: the file, the line (1-based), and what happened.
    pub misses: Vec<String>,
}

impl Count {
    /// Illegal mutants: the ones the engine should catch.
    pub fn illegal(&self) -> usize {
        self.tried - self.legal
    }
}

/// The report of a run, by kind.
#[derive(Debug, Default)]
pub struct Report {
    pub kinds: Vec<(Kind, Count)>,
    /// Logs that were not clean to begin with (a mutation check needs legal logs).
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
            t.misses.extend(c.misses.iter().cloned());
        }
        t
    }

    /// A table: per kind, mutants, still legal, caught at the first illegal line (and of
    /// those, how many at a later line than the mutated one), and the share caught.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:<16} {:>7} {:>7} {:>7} {:>7} {:>8}\n",
            "kind", "tried", "legal", "caught", "later", "share"
        );
        let row = |out: &mut String, name: &str, c: &Count| {
            let share = if c.illegal() == 0 {
                "-".to_string()
            } else {
                format!("{:.2}%", 100.0 * c.caught as f64 / c.illegal() as f64)
            };
            let _ = writeln!(
                out,
                "{name:<16} {:>7} {:>7} {:>7} {:>7} {share:>8}",
                c.tried, c.legal, c.caught, c.later
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
        report.unusable.push(name.to_string());
        return;
    }
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    for kind in Kind::ALL {
        for m in mutants(kind, &lines, pool).into_iter().take(per_kind) {
            let outcome = judge(&m, pool);
            let c = report.count(kind);
            c.tried += 1;
            match outcome {
                Outcome::Caught(line) => {
                    c.caught += 1;
                    c.later += usize::from(line != m.at);
                }
                Outcome::StillLegal => c.legal += 1,
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
    let illegal = generator_refuses(&text, m.from, pool);
    match (first_problem(&text, pool), illegal) {
        (Some(found), Some(illegal)) if found == illegal => Outcome::Caught(found),
        (None, None) => Outcome::StillLegal,
        (None, Some(line)) => Outcome::Missed(line),
        (Some(found), illegal) => Outcome::Elsewhere { found, illegal },
    }
}

/// The line (0-based) of the first error or violation of a one-game log, if any.
fn first_problem(text: &str, pool: &Pool) -> Option<usize> {
    let (doc, errors) = parse_str(text);
    let mut spans: Vec<Span> = errors.iter().map(|e| e.span).collect();
    if spans.is_empty() {
        let game = doc.games.first()?;
        spans.extend(check_card_names(game, pool).iter().map(|e| e.span));
        if spans.is_empty() {
            let r = replay(game, &doc.header, pool, None, &[]);
            spans.extend(r.violations.iter().map(|v| v.span));
            spans.extend(
                r.errors
                    .iter()
                    .filter(|e| e.severity == miette::Severity::Error)
                    .map(|e| e.span),
            );
        }
    }
    let first = spans.iter().map(|s| s.start).min()?;
    Some(text[..first].matches('\n').count())
}

/// Plays a log through the move generator from line `from` on: the first line (0-based)
/// whose outcome no legal move has, if any.
fn generator_refuses(text: &str, from: usize, pool: &Pool) -> Option<usize> {
    let (doc, _) = parse_str(text);
    let game = doc.games.first()?;
    let mut table = Table::new(game, &doc.header, pool).ok()?;
    for line in &game.lines {
        if !line.statement.is_play() {
            continue;
        }
        let at = text[..line.span.start].matches('\n').count();
        if at >= from {
            let Ok(legal) = play::legal_positions(&mut table) else {
                return Some(at);
            };
            match table.accepts(line) {
                Ok(after) if legal.contains(&after.position_key()) => {}
                _ => return Some(at),
            }
        }
        table.play(line).ok()?;
    }
    None
}

/// Every mutant of a kind, in line order.
pub fn mutants(kind: Kind, lines: &[String], pool: &Pool) -> Vec<Mutant> {
    let text = lines.join("\n") + "\n";
    let (doc, _) = parse_str(&text);
    let Some(game) = doc.games.first() else {
        return Vec::new();
    };
    let at = |l: &Line| text[..l.span.start].matches('\n').count();
    let moves: Vec<(usize, &Line)> = game
        .lines
        .iter()
        .filter(|l| l.statement.is_play())
        .map(|l| (at(l), l))
        .collect();
    // The game as it stands before each line, for mutations that depend on it: played
    // once, forward, as the lines are visited.
    let mut table = Table::new(game, &doc.header, pool).ok();
    let mut played = 0;
    let mut out = Vec::new();
    let replace = |i: usize, with: String| {
        let mut lines = lines.to_vec();
        lines[i] = with;
        lines
    };
    for (n, (i, line)) in moves.iter().enumerate() {
        let (i, line) = (*i, *line);
        let Statement::Move { actor, action } = &line.statement else {
            if let (Kind::TurnOrder, Statement::Turn { number, player }) = (kind, &line.statement) {
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
                let Some(other) = moves[..n]
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
                    lines: replace(i, changed(Move::Block { pairs }, actor.clone()).to_string()),
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
                let Some(table) = table.as_mut() else {
                    continue;
                };
                for l in game.lines[played..]
                    .iter()
                    .take_while(|l| l.span.start < line.span.start)
                {
                    let _ = table.play(l);
                    played += 1;
                }
                let Some(alias) = absent_from_bag(table.cards(), table.state()) else {
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
            _ => {}
        }
    }
    out
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
