//! Legal move generation: from a state, every move the rules allow ([`legal`]), as
//! resolved moves ([`Play`]), and the line a person would write for each ([`Play::line`]).
//!
//! The generator is written apart from the checker on purpose: each is the other's test
//! (`tests/selfplay.rs` checks that they agree both ways). It shares only the rules'
//! arithmetic with the checker — energy matching ([`energy::pays`]), a die's faces and a
//! level's stats — so a mistake in a step, a window or priority shows up as a
//! disagreement instead of being made twice.
//!
//! Moves are generated up to interchangeable dice: two dice of one card in the same state
//! are one choice, as they are one choice in the notation. Chance (which dice a draw
//! brings, what a roll shows) is enumerated like a choice: the log records it, so every
//! outcome is a move the checker must accept.

use crate::cards::model::EnergyType;
use crate::syntax::{
    BlockPair, CardRef, Clause, DamageShare, DieItem, DieRef, Energy, EnergyPart, EnergyParts,
    Face, Line, Move, Payment, PaymentItem, Purchase, RerollItem, Span, Spanned, Statement, Step,
    Text, Zone,
};

use std::collections::HashSet;

mod ability;
mod combat;
mod keywords;
mod names;
pub mod support;

pub use ability::{Using, resolution_of, resolvable};
pub use combat::{bound_attackers, forbidden_blocks};
pub use names::refer;

use super::cards::{CardId, DieKind, GameCards, energy_of};
use super::edition::book;
use super::energy;
use super::replay::{Rejected, Table};
use super::select;
use super::state::{DamageStage, DieId, GameState, Turn};

/// A move resolved against a state: the dice it means, not the words that name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Play {
    /// The next turn begins (the turn under way ends first).
    Turn {
        number: u32,
        player: usize,
    },
    /// The turn under way ends.
    End,
    /// Dice of these cards come out of the active player's bag.
    Draw {
        dice: Vec<CardId>,
        oop: bool,
    },
    Refill,
    /// Every die in the prep area, with the face it came up with.
    Roll {
        faces: Vec<(CardId, Face)>,
    },
    Reroll {
        dice: Vec<(DieId, Face)>,
    },
    Buy {
        cards: Vec<CardId>,
        pay: Pay,
    },
    Field {
        dice: Vec<DieId>,
        pay: Pay,
    },
    Pass {
        who: usize,
    },
    /// Empty for `attack none`.
    Attack {
        dice: Vec<DieId>,
    },
    /// Blocker, attacker; empty for `block none`.
    Block {
        pairs: Vec<(DieId, DieId)>,
    },
    Assign {
        attacker: DieId,
        split: Vec<(DieId, u32)>,
    },
    /// Combat damage now (`damage`).
    Damage,
    Concede {
        who: usize,
    },
    /// A move that uses card text: an action die, a global, an activated ability, a
    /// trigger's resolution; by `who`, with its clauses (targets, choices, payment).
    Ability {
        who: usize,
        using: Using,
        clauses: Vec<Clause>,
    },
}

/// What a cost is paid with: reserve dice (each spent whole, or spun down to the face
/// it keeps) and virtual energy.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pay {
    pub dice: Vec<(DieId, Option<Face>)>,
    pub virtual_energy: u32,
}

/// The faces a card's die shows when rolled, one per side. Where the card data does not
/// record the energy faces, the die gets plausible ones (one and two symbols of the
/// card's first type; generic for a basic action die), which the checker accepts as such.
pub fn die_faces(cards: &GameCards, card: CardId) -> Vec<Face> {
    let c = cards.get(card);
    let mut faces: Vec<Face> = (1..=c.levels.len() as u8)
        .filter_map(|level| c.level_face(level))
        .chain(c.actions.iter().map(|b| Face::Action { bursts: *b }))
        .collect();
    match &c.energy_faces {
        Some(known) => faces.extend(known.iter().cloned()),
        None => {
            let symbol = match (c.kind, c.energy.first()) {
                (DieKind::BasicAction, _) | (_, None) => Energy::Generic,
                (_, Some(t)) => energy_of(*t),
            };
            let mut n = 0;
            while faces.len() < 6 {
                // One, one, then two symbols: the usual spread of a character die.
                let count = if n % 3 == 2 { 2 } else { 1 };
                faces.push(energy_face(&[(count, symbol)]));
                n += 1;
            }
        }
    }
    faces
}

fn energy_face(parts: &[(u8, Energy)]) -> Face {
    let parts: Vec<EnergyPart> = parts
        .iter()
        .map(|&(count, symbol)| EnergyPart { count, symbol })
        .collect();
    Face::Energy {
        parts: EnergyParts::from_slice(&parts).expect("a face of at most four symbols"),
        bursts: 0,
    }
}

/// Every move the rules allow from `state`, for whichever player may make it.
pub fn legal(cards: &GameCards, state: &GameState) -> Vec<Play> {
    let mut out = Vec::new();
    chance(cards, state, &mut out);
    choices(cards, state, &mut out);
    out
}

/// The position after each legal move, as [`GameState::position_key`]s: what a line
/// must lead to for the generator to call it legal. `Err` names a generated move the
/// checker refuses (a disagreement between the two), with the checker's answer.
pub fn legal_positions(table: &mut Table) -> Result<HashSet<String>, Box<(Line, Rejected)>> {
    let (cards, state) = (table.cards().clone(), table.state().clone());
    let mut reached = HashSet::new();
    for p in legal(&cards, &state) {
        let line = p.line(&cards, &state);
        match table.accepts(&line) {
            Ok(after) => {
                reached.insert(after.position_key());
            }
            // Card text the checker does not decide here: no verdict to compare.
            Err(why) if undecided(&why) => {}
            Err(why) => return Err(Box::new((line, why))),
        }
    }
    Ok(reached)
}

/// Whether some legal move leads from `table`'s state to the position `key` (a
/// [`GameState::position_key`]): the generator's verdict on a line the checker played to
/// it. The moves most like `hint` (the line's own kind of move) are tried first, so a
/// legal line is usually found at once. `Err` names a generated move the checker refuses
/// (a disagreement between the two), with the checker's answer.
pub fn reaches(table: &mut Table, key: &str, hint: &Line) -> Result<bool, Box<(Line, Rejected)>> {
    let (cards, state) = (table.cards().clone(), table.state().clone());
    let mut moves = legal(&cards, &state);
    let kind = |l: &Line| std::mem::discriminant(&l.statement);
    let lines: Vec<Line> = moves.drain(..).map(|p| p.line(&cards, &state)).collect();
    let (first, rest): (Vec<Line>, Vec<Line>) = lines.into_iter().partition(|l| {
        kind(l) == kind(hint)
            && match (&l.statement, &hint.statement) {
                (Statement::Move { action: a, .. }, Statement::Move { action: b, .. }) => {
                    std::mem::discriminant(a.as_ref()) == std::mem::discriminant(b.as_ref())
                }
                _ => true,
            }
    });
    for line in first.into_iter().chain(rest) {
        match table.accepts(&line) {
            Ok(after) if after.position_key() == key => return Ok(true),
            Ok(_) => {}
            Err(why) if undecided(&why) => {}
            Err(why) => return Err(Box::new((line, why))),
        }
    }
    Ok(false)
}

/// Whether the checker refused a line only because it does not decide the card text it
/// needs (`dmlint::engine::undecided`), not for a rule it breaks.
pub fn undecided(r: &Rejected) -> bool {
    r.violations.is_empty()
        && !r.errors.is_empty()
        && r.errors
            .iter()
            .all(|e| e.code == super::EngineCode::Undecided)
}

/// A superset of the legal moves, for testing the checker against the generator: the
/// active player's purchases, fielding and attacks, both players' passes, every block and
/// damage split, draws, rolls and rerolls, whatever the step, priority or turn allow.
pub fn pseudo_legal(cards: &GameCards, state: &GameState) -> Vec<Play> {
    let mut out = Vec::new();
    let Some(t) = &state.turn else {
        for player in 0..2 {
            out.push(Play::Turn { number: 1, player });
        }
        return out;
    };
    let active = t.active;
    for number in [t.number, t.number + 1] {
        for player in 0..2 {
            out.push(Play::Turn { number, player });
        }
    }
    out.extend([Play::End, Play::Refill, Play::Damage]);
    for who in 0..2 {
        out.extend([Play::Pass { who }, Play::Concede { who }]);
    }
    main_moves(cards, state, active, &mut out);
    out.extend(
        attack_sets(state, active)
            .into_iter()
            .map(|dice| Play::Attack { dice }),
    );
    out.extend(
        block_plans(state, t, |_, _| true)
            .into_iter()
            .map(|pairs| Play::Block { pairs }),
    );
    let mut unassigned = t.clone();
    unassigned.assigned.clear();
    assigns(cards, state, &unassigned, &mut out);
    ability::pseudo(cards, state, t, &mut out);
    let bag: Vec<DieId> = state.zone(active, Zone::Bag).collect();
    for n in 1..=bag.len().min(5) {
        for dice in sub_multisets(&by_card(state, &bag), n) {
            out.push(Play::Draw {
                dice: dice.clone(),
                oop: false,
            });
            if n == 1 {
                out.push(Play::Draw { dice, oop: true });
            }
        }
    }
    let prep: Vec<DieId> = state.zone(active, Zone::Prep).collect();
    if !prep.is_empty() {
        out.extend(
            outcomes(cards, state, &prep)
                .into_iter()
                .map(|faces| Play::Roll { faces }),
        );
    }
    for id in state.zone(active, Zone::Reserve) {
        for face in die_faces(cards, state.die(id).card) {
            out.push(Play::Reroll {
                dice: vec![(id, face)],
            });
        }
    }
    out
}

/// The moves that record chance: draws and rolls, and the reroll (a choice of dice, and
/// the faces they came up with).
pub fn chance(cards: &GameCards, state: &GameState, out: &mut Vec<Play>) {
    let Some(t) = &state.turn else { return };
    // Nothing happens by chance while a trigger waits for its line.
    if state.outcome.is_some() || t.done || !t.pending.is_empty() {
        return;
    }
    match t.step {
        Step::Draw => {
            let d = DrawState::of(state, t);
            // A die of a card with Swarm active in the drawer's field makes the draw one
            // die longer, drawn on the same line or a later one (`keywords::swarm`).
            let swarm = |c: &CardId| swarming(cards, state, t.active, *c);
            // Once the draw is complete nothing more is drawn, a Swarm die neither.
            let extra = if d.room() == 0 {
                0
            } else {
                d.bag
                    .iter()
                    .filter(|id| swarm(&state.die(**id).card))
                    .count()
            };
            for n in 1..=(d.room() + extra).min(d.bag.len()) {
                for dice in sub_multisets(&by_card(state, &d.bag), n) {
                    if n <= d.room() + dice.iter().filter(|c| swarm(c)).count().min(extra) {
                        out.push(Play::Draw { dice, oop: false });
                    }
                }
            }
            if d.oop_owed() && !d.bag.is_empty() {
                for dice in sub_multisets(&by_card(state, &d.bag), 1) {
                    out.push(Play::Draw { dice, oop: true });
                }
            }
            if d.may_roll() {
                let prep: Vec<DieId> = state.zone(t.active, Zone::Prep).collect();
                for faces in outcomes(cards, state, &prep) {
                    out.push(Play::Roll { faces });
                }
            }
        }
        Step::Roll if t.reroll.is_none() => {
            // Which dice to reroll (as classes of interchangeable dice), then each
            // card's outcomes: which die of a card shows which new face does not matter.
            let classes = classes(state, &t.rolled);
            for pick in counts(&classes.iter().map(|c| c.1.len()).collect::<Vec<_>>()) {
                let chosen: Vec<DieId> = classes
                    .iter()
                    .zip(&pick)
                    .flat_map(|(c, n)| c.1[..*n].iter().copied())
                    .collect();
                if chosen.is_empty() {
                    continue;
                }
                for faces in outcomes(cards, state, &chosen) {
                    // `outcomes` lists faces card by card, in the order of `by_card`.
                    let mut dice: Vec<DieId> = chosen.clone();
                    dice.sort_by_key(|id| state.die(*id).card);
                    out.push(Play::Reroll {
                        dice: dice
                            .into_iter()
                            .zip(faces.into_iter().map(|f| f.1))
                            .collect(),
                    });
                }
            }
        }
        _ => {}
    }
}

/// The moves that are the players' own choice.
pub fn choices(cards: &GameCards, state: &GameState, out: &mut Vec<Play>) {
    if state.outcome.is_some() {
        // The turn in which the game ended may still be closed: `end` is no move.
        if state.turn.as_ref().is_some_and(|t| !t.done) {
            out.push(Play::End);
        }
        return;
    }
    let Some(t) = &state.turn else {
        // Without a `first` line the first turn names the first player: either may open.
        let openers = if state.first_named {
            vec![state.first]
        } else {
            vec![0, 1]
        };
        out.extend(
            openers
                .into_iter()
                .map(|player| Play::Turn { number: 1, player }),
        );
        return;
    };
    let strict = book(state.edition).passes_required;
    let (active, defender) = (t.active, t.inactive());
    if !t.done {
        for who in [active, defender] {
            out.push(Play::Concede { who });
        }
        // A reactive global answers the last move's event before anything else
        // happens, even before the triggers it set off resolve; once the turn has
        // ended, the moment is gone.
        ability::reactions(cards, state, t, out);
    }
    // Triggers waiting to resolve come first: nothing else may happen until they have.
    if !t.pending.is_empty() {
        ability::resolutions(cards, state, t, out);
        return;
    }
    if closes(cards, state, t) {
        let next = t.inactive();
        let number = if next == state.first {
            t.number + 1
        } else {
            t.number
        };
        // A `turn` line ends the turn under way too, but only `end` leaves room for the
        // `resolve` lines of what the cleanup sets off.
        if t.done || !ability::end_may_wait(cards, state, t) {
            out.push(Play::Turn {
                number,
                player: next,
            });
        }
        // After `end` only the next turn may follow: anything else is outside a turn.
        if t.done {
            return;
        }
        out.push(Play::End);
    }
    if matches!(
        t.step,
        Step::Roll | Step::Main | Step::Attack | Step::Blockers | Step::Window
    ) {
        for who in [active, defender] {
            ability::moves(cards, state, t, who, out);
        }
        // Under the 2018 rules the inactive player's action hands priority straight
        // back; a `pass` written after it only says so (once).
        if strict
            && t.inactive_acted
            && t.priority == active
            && matches!(t.step, Step::Main | Step::Window)
        {
            out.push(Play::Pass { who: defender });
        }
    }
    match t.step {
        Step::Draw if DrawState::of(state, t).may_refill() => out.push(Play::Refill),
        Step::Roll | Step::Main => {
            // The roll step ends with the first main-step move, which takes priority
            // back to the active player.
            let (priority, ready) = if t.step == Step::Roll {
                (active, false)
            } else {
                (t.priority, t.ready)
            };
            if strict && priority != active {
                out.push(Play::Pass { who: defender });
            } else if strict {
                main_moves(cards, state, active, out);
                out.push(Play::Pass { who: active });
                if ready || t.passed.is_none() {
                    attacks(cards, state, active, out);
                }
            } else {
                // Before 2018 passes are optional, and record the tournament procedure:
                // after the closing passes (inactive, then active) nothing more is done
                // in the step but attacking (or not).
                if !t.closed || t.step == Step::Roll {
                    main_moves(cards, state, active, out);
                    out.extend([Play::Pass { who: active }, Play::Pass { who: defender }]);
                }
                attacks(cards, state, active, out);
            }
        }
        Step::Attack | Step::Blockers => {
            blocks(cards, state, t, out);
            if state.count(defender, Zone::Field) == 0 {
                // Nothing can block: the window opens with the next move.
                window(cards, state, t, active, out);
            }
        }
        Step::Window => window(cards, state, t, t.priority, out),
        Step::Damage => assigns(cards, state, t, out),
        // Once dealt, a `damage` line only confirms it.
        Step::Cleanup if t.damage != DamageStage::NotDealt => out.push(Play::Damage),
        Step::Draw | Step::Cleanup => {}
    }
}

/// The action window, with `priority` as it stands. Under the 2018 rules its closing
/// passes end it (and the damage step asks for the splits among blockers); before 2018
/// passes are optional, and the window ends with `damage`, the first `assign`, or the
/// closing passes.
fn window(cards: &GameCards, state: &GameState, t: &Turn, priority: usize, out: &mut Vec<Play>) {
    if book(state.edition).passes_required {
        out.push(Play::Pass { who: priority });
        // A window that writes no pass ends as the ones before 2018 do (one about to
        // open, with nothing able to block, has none yet: the main step's are not its).
        if t.step != Step::Window || t.passed.is_none() {
            assigns(cards, state, t, out);
            if unassigned(state, t).is_empty() {
                out.push(Play::Damage);
            }
        }
    } else {
        out.extend([
            Play::Pass { who: t.active },
            Play::Pass { who: t.inactive() },
        ]);
        assigns(cards, state, t, out);
        if unassigned(state, t).is_empty() {
            out.push(Play::Damage);
        }
    }
}

/// How the clear and draw step stands: what may be drawn, refilled or rolled next.
/// [`legal`] enumerates each draw and roll outcome from it; a player who draws and rolls
/// real dice (`dmlint gen`) asks it only how many.
pub struct DrawState {
    /// The active player's bag.
    pub bag: Vec<DieId>,
    used: usize,
    /// Dice to draw to the prep area this step.
    need: u32,
    drawn: u32,
    /// The 2018 first turn: a fourth die goes out of play.
    first: bool,
    oop: u32,
}

impl DrawState {
    /// `None` outside a clear and draw step under way.
    pub fn now(state: &GameState) -> Option<DrawState> {
        let t = state.turn.as_ref()?;
        (state.outcome.is_none() && !t.done && t.step == Step::Draw)
            .then(|| DrawState::of(state, t))
    }

    fn of(state: &GameState, t: &Turn) -> DrawState {
        let first =
            book(state.edition).short_first_draw && t.number == 1 && t.active == state.first;
        DrawState {
            bag: state.zone(t.active, Zone::Bag).collect(),
            used: state.count(t.active, Zone::Used),
            // The dice Swarm owes are part of the draw (`keywords::swarm`).
            need: (if first { 3 } else { 4 }) + t.swarm,
            drawn: t.drawn,
            first,
            oop: t.drawn_oop,
        }
    }

    /// Dice the prep area may still take.
    fn room(&self) -> usize {
        self.need.saturating_sub(self.drawn) as usize
    }

    /// The most dice the next draw to the prep area may take.
    pub fn most(&self) -> usize {
        self.room().min(self.bag.len())
    }

    /// The first turn's out-of-play die is still to be drawn.
    pub fn oop_owed(&self) -> bool {
        self.first && self.drawn == self.need && self.oop == 0
    }

    /// The draw is not complete.
    fn owed(&self) -> bool {
        self.room() > 0 || self.oop_owed()
    }

    /// The bag must be refilled to go on drawing.
    pub fn may_refill(&self) -> bool {
        self.bag.is_empty() && self.owed() && self.used > 0
    }

    /// The roll may begin: everything was drawn, or nothing is left to draw from.
    pub fn may_roll(&self) -> bool {
        !self.owed() || (self.bag.is_empty() && self.used == 0)
    }
}

/// Whether `card`'s dice drawn by `who` owe an extra die for Swarm: a die of the card with
/// it is in `who`'s field (the 2017 keyword list, line 60).
fn swarming(cards: &GameCards, state: &GameState, who: usize, card: CardId) -> bool {
    let card = cards.canonical(card);
    crate::engine::keywords::has(cards, state, card, &crate::cards::ability::Keyword::Swarm)
        && state
            .zone(who, Zone::Field)
            .any(|d| cards.canonical(state.die(d).card) == card)
}

/// Whether the turn under way may end now (an `end` or the next `turn` line): every step
/// it still owes can pass without a move.
fn closes(cards: &GameCards, state: &GameState, t: &Turn) -> bool {
    // Before 2018 passes are optional; under the 2018 rules a step that wrote no pass
    // has its closing passes inferred (`Replayer::require_passes`).
    let unwritten = !book(state.edition).passes_required || t.passed.is_none();
    match t.step {
        _ if t.done => true,
        Step::Draw => false,
        // A die that must attack, and can, is declared: the turn does not end without
        // an attack.
        Step::Roll | Step::Main if !combat::bound_attackers(cards, state, t.active).is_empty() => {
            false
        }
        // The roll step ends into a main step in which nobody has passed yet.
        Step::Roll => true,
        Step::Main => unwritten || t.ready,
        // With nothing able to block, the window opens with the next move, and no pass
        // has been written in it yet.
        // Ending the turn here deals combat damage first: not when what it sets off may
        // wait for a line, which must come before the turn ends.
        Step::Attack | Step::Blockers | Step::Window
            if t.damage == DamageStage::NotDealt && ability::combat_may_wait(cards, state, t) =>
        {
            false
        }
        Step::Attack | Step::Blockers => state.count(t.inactive(), Zone::Field) == 0,
        Step::Window => unwritten && unassigned(state, t).is_empty(),
        Step::Damage => false,
        Step::Cleanup => true,
    }
}

/// Attackers with several blockers whose damage is not assigned yet: the damage step
/// cannot guess how they split it.
fn unassigned(state: &GameState, t: &Turn) -> Vec<DieId> {
    attackers(state, t.active)
        .into_iter()
        .filter(|a| blockers(state, *a).len() > 1 && !t.assigned.iter().any(|x| x.0 == *a))
        .collect()
}

fn attackers(state: &GameState, active: usize) -> Vec<DieId> {
    state
        .zone(active, Zone::Field)
        .filter(|id| state.die(*id).attacking)
        .collect()
}

fn blockers(state: &GameState, attacker: DieId) -> Vec<DieId> {
    state
        .ids()
        .filter(|id| state.die(*id).blocking == Some(attacker))
        .collect()
}

/// A die's attack and defense as it shows now.
pub fn stats(cards: &GameCards, state: &GameState, id: DieId) -> (u32, u32) {
    super::select::stats(cards, state, id)
}

/// Purchases and fielding, for the active player.
fn main_moves(cards: &GameCards, state: &GameState, who: usize, out: &mut Vec<Play>) {
    let wallet = Wallet::of(state, who);
    let budget = wallet.total();
    // Purchases: any multiset of affordable cards with dice left, each paid exactly.
    let shop: Vec<(CardId, u32, usize)> = cards
        .ids()
        .filter(|id| {
            let c = cards.get(*id);
            c.kind != DieKind::Sidekick
                && c.alias_of.is_none()
                && c.owner.is_none_or(|o| o == who)
                && c.cost.is_some()
        })
        .map(|id| {
            let cost = usize::from(cards.get(id).cost.unwrap_or(0));
            (id, state.supply[usize::from(id.0)], cost)
        })
        .filter(|(_, left, _)| *left > 0)
        .collect();
    for pick in affordable(&shop, budget) {
        let bought: Vec<CardId> = shop
            .iter()
            .zip(&pick)
            .flat_map(|(s, n)| std::iter::repeat_n(s.0, *n))
            .collect();
        let cost: usize = bought
            .iter()
            .map(|c| usize::from(cards.get(*c).cost.unwrap_or(0)))
            .sum();
        if bought.is_empty() || cost > budget {
            continue;
        }
        let costs: Vec<(usize, &[EnergyType])> = bought
            .iter()
            .map(|c| {
                let card = cards.get(*c);
                (usize::from(card.cost.unwrap_or(0)), card.energy.as_slice())
            })
            .collect();
        for pay in wallet.payments(&costs) {
            out.push(Play::Buy {
                cards: bought.clone(),
                pay,
            });
        }
    }
    // Fielding: any non-empty set of character faces in the reserve pool.
    let faces: Vec<DieId> = state
        .zone(who, Zone::Reserve)
        .filter(|id| matches!(state.die(*id).face, Some(Face::Level { .. })))
        .collect();
    let classes = classes(state, &faces);
    for pick in counts(&classes.iter().map(|c| c.1.len()).collect::<Vec<_>>()) {
        let dice: Vec<DieId> = classes
            .iter()
            .zip(&pick)
            .flat_map(|(c, n)| c.1[..*n].iter().copied())
            .collect();
        if dice.is_empty() {
            continue;
        }
        let cost: usize = dice
            .iter()
            .map(|id| crate::engine::select::fielding_cost(cards, state, *id) as usize)
            .sum();
        if cost > budget {
            continue;
        }
        for pay in wallet.payments(&[(cost, &[])]) {
            out.push(Play::Field {
                dice: dice.clone(),
                pay,
            });
        }
    }
}

/// `attack none`, and every set of the field's characters the combat restrictions allow:
/// none that cannot attack, every die that must (and can) among them.
fn attacks(cards: &GameCards, state: &GameState, who: usize, out: &mut Vec<Play>) {
    out.extend(
        attack_sets(state, who)
            .into_iter()
            .filter(|dice| combat::attack_allowed(cards, state, who, dice))
            .map(|dice| Play::Attack { dice }),
    );
}

/// Every set of the field's characters, `attack none` too, identical dice being one
/// choice.
fn attack_sets(state: &GameState, who: usize) -> Vec<Vec<DieId>> {
    let field: Vec<DieId> = state
        .zone(who, Zone::Field)
        .filter(|d| select::is_character(state, *d))
        .collect();
    let classes = classes(state, &field);
    counts(&classes.iter().map(|c| c.1.len()).collect::<Vec<_>>())
        .into_iter()
        .map(|pick| {
            classes
                .iter()
                .zip(&pick)
                .flat_map(|(c, n)| c.1[..*n].iter().copied())
                .collect()
        })
        .collect()
}

/// Every way the defender's characters can block that the combat restrictions allow:
/// each blocks one attacker it may block, or none.
fn blocks(cards: &GameCards, state: &GameState, t: &Turn, out: &mut Vec<Play>) {
    let rules = combat::Blocking::of(cards, state, t.active);
    out.extend(
        block_plans(state, t, |b, a| {
            rules.options.iter().any(|(x, m)| *x == b && m.contains(&a))
        })
        .into_iter()
        .filter(|pairs| rules.allowed(pairs))
        .map(|pairs| Play::Block { pairs }),
    );
}

/// Every way the defender's characters can block, each blocking one attacker `may`
/// allows it, or none. Identical blockers are one choice; identical attackers, which the
/// notation cannot tell apart before they are blocked, are blocked through the first of
/// them.
fn block_plans(
    state: &GameState,
    t: &Turn,
    may: impl Fn(DieId, DieId) -> bool,
) -> Vec<Vec<(DieId, DieId)>> {
    let mut targets: Vec<DieId> = Vec::new();
    for a in attackers(state, t.active) {
        if !targets.iter().any(|b| same(state, *b, a)) {
            targets.push(a);
        }
    }
    let field: Vec<DieId> = state
        .zone(t.inactive(), Zone::Field)
        .filter(|d| select::is_character(state, *d))
        .collect();
    let classes = classes(state, &field);
    // For each class of blockers, how many of its dice block each attacker it may.
    let mut plans: Vec<Vec<(DieId, DieId)>> = vec![Vec::new()];
    for (rep, dice) in &classes {
        let open: Vec<DieId> = targets.iter().copied().filter(|a| may(*rep, *a)).collect();
        let mut next = Vec::new();
        for plan in &plans {
            for split in spread(dice.len(), open.len()) {
                let mut plan = plan.clone();
                let mut free = dice.iter();
                for (a, n) in open.iter().zip(split) {
                    for b in free.by_ref().take(n) {
                        plan.push((*b, *a));
                    }
                }
                next.push(plan);
            }
        }
        plans = next;
    }
    plans
}

/// Every way `n` identical things go into `bins` bins or none: counts per bin, summing
/// to at most `n`.
fn spread(n: usize, bins: usize) -> Vec<Vec<usize>> {
    if bins == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..=n {
        for mut rest in spread(n - first, bins - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Damage assignments of blocked attackers not assigned yet: every split of the attack
/// among its blockers, identical blockers being one choice.
fn assigns(cards: &GameCards, state: &GameState, t: &Turn, out: &mut Vec<Play>) {
    let mut seen: Vec<DieId> = Vec::new();
    for a in attackers(state, t.active) {
        let blockers = blockers(state, a);
        if blockers.is_empty()
            || t.assigned.iter().any(|x| x.0 == a)
            || seen.iter().any(|b| {
                let theirs = classes(state, &self::blockers(state, *b));
                same(state, *b, a) && same_classes(state, &theirs, &classes(state, &blockers))
            })
        {
            continue;
        }
        // The notation names an attacker by card and face, and by the blockers its
        // shares name: identical attackers with identical blockers are one choice.
        seen.push(a);
        let (attack, _) = stats(cards, state, a);
        let (total, fixed) = combat::blockers_share(cards, state, a, &blockers, attack);
        if let Some(lethal) = fixed {
            // Each blocker takes exactly what knocks it out.
            out.push(Play::Assign {
                attacker: a,
                split: blockers.iter().copied().zip(lethal).collect(),
            });
            continue;
        }
        let classes = classes(state, &blockers);
        for amounts in compositions(total as usize, classes.len()) {
            // Within a class, a split is a multiset of shares.
            let mut options: Vec<Vec<(DieId, u32)>> = vec![Vec::new()];
            for ((_, dice), total) in classes.iter().zip(amounts) {
                let mut next = Vec::new();
                for shares in partitions(total, dice.len()) {
                    for o in &options {
                        let mut o = o.clone();
                        // Every blocker is named, a share of 0 too: an attacker is then
                        // told apart from an identical one by the blockers it names.
                        o.extend(dice.iter().zip(&shares).map(|(d, s)| (*d, *s as u32)));
                        next.push(o);
                    }
                }
                options = next;
            }
            for split in options {
                out.push(Play::Assign { attacker: a, split });
            }
        }
    }
}

/// Every way to write `total` as `parts` ordered non-negative parts.
fn compositions(total: usize, parts: usize) -> Vec<Vec<usize>> {
    if parts == 0 {
        return if total == 0 {
            vec![Vec::new()]
        } else {
            Vec::new()
        };
    }
    let mut out = Vec::new();
    for first in 0..=total {
        for mut rest in compositions(total - first, parts - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every way to write `total` as at most `parts` parts, largest first, padded with zeros.
fn partitions(total: usize, parts: usize) -> Vec<Vec<usize>> {
    fn go(total: usize, parts: usize, max: usize, acc: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if parts == 0 {
            if total == 0 {
                out.push(acc.clone());
            }
            return;
        }
        for first in (0..=total.min(max)).rev() {
            acc.push(first);
            go(total - first, parts - 1, first, acc, out);
            acc.pop();
        }
    }
    let mut out = Vec::new();
    go(total, parts, total, &mut Vec::new(), &mut out);
    out
}

/// Whether two dice are interchangeable: same owner, card, face and marks.
fn same(state: &GameState, a: DieId, b: DieId) -> bool {
    state.key(a) == state.key(b)
}

/// Whether two groupings have the same classes with the same sizes.
fn same_classes(state: &GameState, a: &[(DieId, Vec<DieId>)], b: &[(DieId, Vec<DieId>)]) -> bool {
    a.len() == b.len()
        && a.iter().all(|(rep, members)| {
            b.iter()
                .any(|(r, m)| same(state, *rep, *r) && m.len() == members.len())
        })
}

/// Dice grouped into classes of interchangeable dice, in order of first appearance.
fn classes(state: &GameState, dice: &[DieId]) -> Vec<(DieId, Vec<DieId>)> {
    let mut out: Vec<(DieId, Vec<DieId>)> = Vec::new();
    for id in dice {
        match out.iter_mut().find(|(rep, _)| same(state, *rep, *id)) {
            Some((_, members)) => members.push(*id),
            None => out.push((*id, vec![*id])),
        }
    }
    out
}

/// Dice grouped by card, in card order: a bag's contents.
fn by_card(state: &GameState, dice: &[DieId]) -> Vec<(CardId, usize)> {
    let mut out: Vec<(CardId, usize)> = Vec::new();
    for id in dice {
        let card = state.die(*id).card;
        match out.iter_mut().find(|(c, _)| *c == card) {
            Some((_, n)) => *n += 1,
            None => out.push((card, 1)),
        }
    }
    out.sort();
    out
}

/// Every choice of how many dice to buy of each card of the shop (card, dice left, cost)
/// whose total cost is within `budget`: no more of any card than it has left.
fn affordable(shop: &[(CardId, u32, usize)], budget: usize) -> Vec<Vec<usize>> {
    let Some(((_, left, cost), rest)) = shop.split_first() else {
        return vec![Vec::new()];
    };
    let mut out = Vec::new();
    for n in 0..=*left as usize {
        let spent = n * cost;
        if spent > budget {
            break;
        }
        for mut tail in affordable(rest, budget - spent) {
            tail.insert(0, n);
            out.push(tail);
        }
    }
    out
}

/// Every choice of a count `0..=limit` for each limit.
fn counts(limits: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for &limit in limits {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..=limit).map(move |n| {
                    let mut p = prefix.clone();
                    p.push(n);
                    p
                })
            })
            .collect();
    }
    out
}

/// The multisets of exactly `n` items from a stock of (item, count).
fn sub_multisets(stock: &[(CardId, usize)], n: usize) -> Vec<Vec<CardId>> {
    counts(&stock.iter().map(|s| s.1).collect::<Vec<_>>())
        .into_iter()
        .filter(|pick| pick.iter().sum::<usize>() == n)
        .map(|pick| {
            stock
                .iter()
                .zip(pick)
                .flat_map(|((card, _), k)| std::iter::repeat_n(*card, k))
                .collect()
        })
        .collect()
}

/// Every outcome of rolling these dice, card by card (in card order): for each card, a
/// multiset of its die's distinct faces.
fn outcomes(cards: &GameCards, state: &GameState, dice: &[DieId]) -> Vec<Vec<(CardId, Face)>> {
    let mut out: Vec<Vec<(CardId, Face)>> = vec![Vec::new()];
    for (card, n) in by_card(state, dice) {
        let faces = die_faces(cards, card);
        let mut distinct: Vec<Face> = Vec::new();
        for f in faces {
            if !distinct.contains(&f) {
                distinct.push(f);
            }
        }
        let stock: Vec<(CardId, usize)> =
            (0..distinct.len()).map(|i| (CardId(i as u16), n)).collect();
        let rolls = sub_multisets(&stock, n);
        let (rolls, distinct) = (&rolls, &distinct);
        out = out
            .into_iter()
            .flat_map(|prefix| {
                rolls.iter().map(move |roll| {
                    let mut p = prefix.clone();
                    p.extend(
                        roll.iter()
                            .map(|i| (card, distinct[usize::from(i.0)].clone())),
                    );
                    p
                })
            })
            .collect();
    }
    out
}

/// A player's energy: the reserve pool's energy faces by class, and virtual energy.
struct Wallet {
    /// A class of interchangeable dice, its face's units and the faces it may be spun
    /// down to (each keeping one unit).
    classes: Vec<(Vec<DieId>, Vec<Energy>, Vec<Face>)>,
    virtual_energy: u32,
    /// Before 2018 the unspent part of a generic die is lost, not kept: such a die is
    /// not spun down, and paid whole it may give one payment more than it needs.
    generic_lost: bool,
}

/// Whether a face shows only generic energy, two or more of it.
fn double_generic(units: &[Energy]) -> bool {
    units.len() > 1 && units.iter().all(|u| *u == Energy::Generic)
}

impl Wallet {
    fn of(state: &GameState, who: usize) -> Wallet {
        let generic_lost = !book(state.edition).generic_rest_is_virtual;
        let dice: Vec<DieId> = state
            .zone(who, Zone::Reserve)
            .filter(|id| matches!(state.die(*id).face, Some(Face::Energy { .. })))
            .collect();
        let classes = classes(state, &dice)
            .into_iter()
            .map(|(rep, members)| {
                let face = state.die(rep).face.clone().expect("an energy face");
                let units = energy::units(&face).unwrap_or_default();
                let mut downs: Vec<Face> = Vec::new();
                if units.len() > 1 && !(generic_lost && double_generic(&units)) {
                    for u in &units {
                        let f = energy_face(&[(1, *u)]);
                        if !downs.contains(&f) {
                            downs.push(f);
                        }
                    }
                }
                (members, units, downs)
            })
            .collect();
        Wallet {
            classes,
            virtual_energy: state.players[who].virtual_energy,
            generic_lost,
        }
    }

    fn total(&self) -> usize {
        self.classes
            .iter()
            .map(|(d, u, _)| d.len() * u.len())
            .sum::<usize>()
            + self.virtual_energy as usize
    }

    /// Every payment of exactly the costs' total that also meets their energy types;
    /// before 2018 also one whose generic die paid whole gives more than is needed, the
    /// rest of that one die lost ("any unused portion that is not immediately spent is
    /// lost": 001:226, 002:322), but never a die not needed at all.
    fn payments(&self, costs: &[(usize, &[EnergyType])]) -> Vec<Pay> {
        let cost: usize = costs.iter().map(|c| c.0).sum();
        // The most a payment may give beyond the cost: the rest of one generic die.
        let slack = if self.generic_lost {
            self.classes
                .iter()
                .filter(|(_, u, _)| double_generic(u))
                .map(|(_, u, _)| u.len() - 1)
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let mut out = Vec::new();
        // Per class: how many dice are spent whole, and how many are spun down to each
        // face they may keep.
        let mut partial: Vec<(Pay, Vec<Energy>, usize)> = vec![(Pay::default(), Vec::new(), 0)];
        for (dice, units, downs) in &self.classes {
            let mut next = Vec::new();
            for (pay, paid, lose) in &partial {
                let ways = counts(&vec![dice.len(); downs.len() + 1]);
                for way in ways {
                    if way.iter().sum::<usize>() > dice.len() {
                        continue;
                    }
                    let mut pay = pay.clone();
                    let mut paid = paid.clone();
                    let mut lose = *lose;
                    let mut free = dice.iter();
                    for (k, n) in way.iter().enumerate() {
                        for id in free.by_ref().take(*n) {
                            if k == 0 {
                                pay.dice.push((*id, None));
                                paid.extend(units.iter().copied());
                                if self.generic_lost && double_generic(units) {
                                    lose = lose.max(units.len() - 1);
                                }
                            } else {
                                let left = &downs[k - 1];
                                pay.dice.push((*id, Some(left.clone())));
                                paid.extend(
                                    energy::spin_down(&units_face(units), left).unwrap_or_default(),
                                );
                            }
                        }
                    }
                    if paid.len() <= cost + slack {
                        next.push((pay, paid, lose));
                    }
                }
            }
            partial = next;
        }
        for (pay, paid, lose) in partial {
            let mut units = paid;
            let short = cost.saturating_sub(units.len());
            if short as u32 > self.virtual_energy {
                continue;
            }
            // More than the cost: only the rest of one generic die paid whole is lost.
            let over = units.len().saturating_sub(cost);
            if over > lose {
                continue;
            }
            for _ in 0..over {
                if let Some(k) = units.iter().rposition(|u| *u == Energy::Generic) {
                    units.remove(k);
                }
            }
            units.extend(std::iter::repeat_n(Energy::Generic, short));
            if energy::pays(&units, costs).is_ok() {
                out.push(Pay {
                    virtual_energy: short as u32,
                    ..pay
                });
            }
        }
        out
    }
}

/// A face showing these units, to spin down from.
fn units_face(units: &[Energy]) -> Face {
    let parts: Vec<(u8, Energy)> = units.iter().map(|u| (1, *u)).collect();
    energy_face(&parts)
}

// ---- notation ------------------------------------------------------------------------

impl Play {
    /// The line a person would write for this move, as the syntax tree holds it (spans
    /// are empty: the line has no text yet).
    pub fn line(&self, cards: &GameCards, state: &GameState) -> Line {
        let active = state.turn.as_ref().map_or(state.first, |t| t.active);
        let name = |p: usize| Spanned::new(cards.players[p].clone(), Span::default());
        let actor = |who: usize| (who != active).then(|| name(who));
        let mv = |actor: Option<Spanned<Text>>, action: Move| Statement::Move {
            actor,
            action: Box::new(action),
        };
        let statement = match self {
            Play::Turn { number, player } => Statement::Turn {
                number: Spanned::new(*number, Span::default()),
                player: name(*player),
            },
            Play::End => Statement::End,
            Play::Draw { dice, oop } => mv(
                None,
                Move::Draw {
                    dice: grouped(dice.iter().map(|c| plain_ref(cards, *c, None))),
                    to: oop.then(|| Spanned::new(Zone::Oop, Span::default())),
                },
            ),
            Play::Refill => mv(None, Move::Refill),
            Play::Roll { faces } => mv(
                None,
                Move::Roll {
                    dice: grouped(
                        faces
                            .iter()
                            .map(|(c, f)| plain_ref(cards, *c, Some(f.clone()))),
                    ),
                },
            ),
            Play::Reroll { dice } => mv(
                None,
                Move::Reroll {
                    dice: dice
                        .iter()
                        .map(|(id, face)| RerollItem {
                            die: die_ref(cards, state, *id),
                            result: Spanned::new(face.clone(), Span::default()),
                        })
                        .collect(),
                },
            ),
            Play::Buy { cards: bought, pay } => {
                let mut purchases: Vec<Purchase> = Vec::new();
                for c in bought {
                    let alias = &cards.get(*c).alias;
                    match purchases.iter_mut().find(|p| p.card.alias.node == *alias) {
                        Some(p) => {
                            let n = p.count.as_ref().map_or(1, |c| c.node) + 1;
                            p.count = Some(Spanned::new(n, Span::default()));
                        }
                        None => purchases.push(Purchase {
                            card: CardRef {
                                player: None,
                                alias: Spanned::new(alias.clone(), Span::default()),
                                span: Span::default(),
                            },
                            count: None,
                        }),
                    }
                }
                mv(
                    None,
                    Move::Buy {
                        cards: purchases,
                        payment: payment(cards, state, pay),
                    },
                )
            }
            Play::Field { dice, pay } => mv(
                None,
                Move::Field {
                    dice: grouped(dice.iter().map(|id| die_ref(cards, state, *id))),
                    payment: (!pay.dice.is_empty() || pay.virtual_energy > 0)
                        .then(|| payment(cards, state, pay)),
                },
            ),
            Play::Pass { who } => mv(actor(*who), Move::Pass),
            Play::Attack { dice } => {
                let (refs, _) = names::refer_all(cards, state, dice, active, |_| true, true);
                mv(
                    None,
                    Move::Attack {
                        dice: grouped(refs.into_iter()),
                    },
                )
            }
            Play::Block { pairs } => {
                // Each blocker is one the line has not named yet; an attacker is named
                // among the attacking dice.
                let mut taken = Vec::new();
                let defender = 1 - active;
                let mut out = Vec::new();
                for (b, a) in pairs {
                    let (blocker, meant) =
                        names::refer(cards, state, *b, defender, &taken, |_| true, true);
                    taken.push(meant);
                    let (attacker, _) = names::refer(
                        cards,
                        state,
                        *a,
                        active,
                        &[],
                        |x| state.die(x).attacking,
                        true,
                    );
                    out.push(BlockPair { blocker, attacker });
                }
                mv(None, Move::Block { pairs: out })
            }
            Play::Assign { attacker, split } => {
                // An attacker is named among those still to assign whose blockers include
                // the ones its shares name; each share names one of its blockers.
                let done: Vec<DieId> = state
                    .turn
                    .as_ref()
                    .map(|t| t.assigned.iter().map(|x| x.0).collect())
                    .unwrap_or_default();
                let wanted: Vec<(usize, CardId, Option<Face>)> = split
                    .iter()
                    .map(|(b, _)| {
                        let d = state.die(*b);
                        (d.owner, d.card, d.face.clone())
                    })
                    .collect();
                let (a_ref, _) = names::refer(
                    cards,
                    state,
                    *attacker,
                    active,
                    &done,
                    |x| state.die(x).attacking && shares_fit(state, x, &wanted),
                    true,
                );
                let mut taken = Vec::new();
                let mut shares = Vec::new();
                for (b, n) in split {
                    let (r, meant) = names::refer(
                        cards,
                        state,
                        *b,
                        active,
                        &taken,
                        |x| state.die(x).blocking == Some(*attacker),
                        true,
                    );
                    taken.push(meant);
                    shares.push(DamageShare {
                        blocker: r,
                        amount: Spanned::new(*n, Span::default()),
                    });
                }
                mv(
                    None,
                    Move::Assign {
                        attacker: a_ref,
                        shares,
                    },
                )
            }
            Play::Ability {
                who,
                using,
                clauses,
            } => {
                let clauses = clauses.clone();
                let action = match using {
                    Using::Use(id) => Move::Use {
                        die: names::refer(cards, state, *id, *who, &[], |_| true, true).0,
                        clauses,
                    },
                    Using::Activate(id) => Move::Activate {
                        die: names::refer(cards, state, *id, *who, &[], |_| true, true).0,
                        clauses,
                    },
                    Using::Global(card) => Move::Global {
                        card: CardRef {
                            player: None,
                            alias: names::alias(cards, *card),
                            span: Span::default(),
                        },
                        clauses,
                    },
                    Using::Resolve(die) => Move::Resolve {
                        die: die.clone(),
                        clauses,
                    },
                };
                mv(actor(*who), action)
            }
            Play::Damage => mv(None, Move::Damage),
            Play::Concede { who } => mv(actor(*who), Move::Concede),
        };
        Line {
            span: Span::default(),
            statement,
            annotation: None,
        }
    }
}

/// Whether the blockers of attacker `a` include one die of each (owner, card, face) the
/// shares name: the shares of an `assign` line tell identical attackers apart.
fn shares_fit(state: &GameState, a: DieId, wanted: &[(usize, CardId, Option<Face>)]) -> bool {
    let mut blockers: Vec<DieId> = blockers(state, a);
    for (owner, card, face) in wanted {
        let Some(k) = blockers.iter().position(|b| {
            let d = state.die(*b);
            d.owner == *owner && d.card == *card && d.face == *face
        }) else {
            return false;
        };
        blockers.remove(k);
    }
    true
}

/// A die named by its card and the face it shows, from its owner's side of the table.
fn die_ref(cards: &GameCards, state: &GameState, id: DieId) -> DieRef {
    let die = state.die(id);
    plain_ref(cards, die.card, die.face.clone())
}

fn plain_ref(cards: &GameCards, card: CardId, face: Option<Face>) -> DieRef {
    DieRef {
        player: None,
        alias: Spanned::new(cards.get(card).alias.clone(), Span::default()),
        face: face.map(|f| Spanned::new(f, Span::default())),
        ordinal: None,
        modifiers: Vec::new(),
        span: Span::default(),
    }
}

/// Die references as a list, equal neighbours merged into `xN`.
fn grouped(refs: impl Iterator<Item = DieRef>) -> Vec<DieItem> {
    let mut items: Vec<DieItem> = Vec::new();
    for r in refs {
        match items.iter_mut().find(|i| i.die == r) {
            Some(item) => {
                let n = item.times() + 1;
                item.count = Some(Spanned::new(n, Span::default()));
            }
            None => items.push(DieItem {
                die: r,
                count: None,
                span: Span::default(),
            }),
        }
    }
    items
}

fn payment(cards: &GameCards, state: &GameState, pay: &Pay) -> Payment {
    let mut items: Vec<PaymentItem> = Vec::new();
    for (id, left) in &pay.dice {
        let die = die_ref(cards, state, *id);
        let left = left.clone().map(|f| Spanned::new(f, Span::default()));
        let same = items.iter_mut().find(|i| {
            matches!(i, PaymentItem::Die { die: d, spun_to, .. } if *d == die && *spun_to == left)
        });
        match same {
            Some(PaymentItem::Die { count, .. }) => {
                let n = count.as_ref().map_or(1, |c| c.node) + 1;
                *count = Some(Spanned::new(n, Span::default()));
            }
            _ => items.push(PaymentItem::Die {
                die,
                spun_to: left,
                count: None,
            }),
        }
    }
    if pay.virtual_energy > 0 {
        items.push(PaymentItem::Virtual {
            amount: Spanned::new(pay.virtual_energy, Span::default()),
        });
    }
    Payment {
        items,
        span: Span::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreads_compositions_and_partitions_count_what_they_should() {
        // Two identical blockers over one attacker: 0, 1 or 2 of them block it.
        assert_eq!(spread(2, 1).len(), 3);
        assert_eq!(spread(1, 2), vec![vec![0, 0], vec![0, 1], vec![1, 0]]);
        assert_eq!(compositions(3, 2).len(), 4);
        assert!(compositions(1, 0).is_empty());
        assert_eq!(partitions(3, 2), vec![vec![3, 0], vec![2, 1]]);
        assert_eq!(counts(&[1, 2]).len(), 6);
    }
}
