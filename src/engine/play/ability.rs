//! The moves that use card text: action dice (`use`), globals by either player
//! (`global`), abilities used like globals (`activate`), reactive globals answering the
//! last move's event, and the `resolve` lines of the triggers waiting in the queue, each
//! with every choice its ability allows (targets, directions, costs, `may`).
//!
//! Written from the rules, apart from the checker:
//! - the windows (Avengers Infinity rulebook, USE GLOBAL ABILITIES and PASSING PRIORITY,
//!   000:658-696; ACTION/GLOBAL WINDOW, 000:741-752): the main step and the action window
//!   after blockers; action dice by the active player only; globals and abilities "used
//!   whenever you could use a global" by the player holding priority (2018), or before
//!   2018 by the active player until the step's closing passes and by the inactive one
//!   once the active one has paused (the tournament procedure, 002:649-651);
//! - reactive globals only right after the move whose event they answer, once per event
//!   by each player (MORE ABOUT GLOBAL ABILITIES, 000:1073-1085);
//! - the trigger queue: the earliest batch first, the active player's triggers before the
//!   inactive player's, each player choosing the order of their own (EFFECT TIMING AND
//!   RESOLUTION, 000:1092-1107);
//! - targets (TARGETING, 000:992-1011): an effect may not be initiated with no valid
//!   target; an effect on one or two dice does as much as it can (000:966-973), so it
//!   names as many as there are, up to its count ("up to N": none to N);
//! - costs are paid in full or the ability is not used (000:955-964).
//!
//! What a card's words mean — which dice a selector names, the effects of a burst, whether
//! a condition holds — is the card language's reading ([`select`], [`condition`],
//! `effects::effects_for`), shared as the stats are.

use crate::cards::ability::{
    Ability, Cost, Count, Effect, EnergySymbol, Event, Kind, Limit, Selector, StepName, Subject,
    Way, What,
};
use crate::syntax::{Clause, DieRef, Face, Payment, PaymentItem, Span, Spanned, Step, Text, Zone};

use super::super::cards::{CardId, GameCards};
use super::super::condition;
use super::super::edition::book;
use super::super::effects::effects_for;
use super::super::select::{self, Source};
use super::super::state::{About, DieId, GameState, Pending, Turn};
use super::names::{plain, refer};
use super::{Play, Wallet, classes, counts, payment};

/// What an ability move names: the action die used, the card whose global it is, the die
/// whose ability is activated, or the trigger resolved (as its line names it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Using {
    Use(DieId),
    Global(CardId),
    Activate(DieId),
    Resolve(DieRef),
}

/// The abilities of a card as the engine plays them (through a second alias of a shared
/// basic action card, to the card it names).
fn abilities(cards: &GameCards, card: CardId) -> &[Ability] {
    let c = cards.get(cards.canonical(card));
    c.abilities.as_deref().unwrap_or(&[])
}

/// Whether a trigger (or reactive global) limited to a step acts in `step`: the attack
/// step runs from the attackers to combat damage.
fn in_step(step: Step, only: Option<StepName>) -> bool {
    match only {
        None => true,
        Some(StepName::Main) => step == Step::Main,
        Some(StepName::Attack) => matches!(
            step,
            Step::Attack | Step::Blockers | Step::Window | Step::Damage
        ),
    }
}

/// Whether `who` may use a global (or an ability used like one) now: in the main step or
/// the action window, holding priority (2018), or as the tournament procedure allows
/// before 2018. `step` is the step the move is made in: the roll step's first move opens
/// the main step (only the active player's), and with nothing able to block the window
/// opens with the move after the attackers.
pub fn global_window(state: &GameState, t: &Turn, who: usize) -> bool {
    if t.done || t.no_attack || state.outcome.is_some() {
        return false;
    }
    let (step, priority, passed, closed) = match t.step {
        Step::Roll => (Step::Main, t.active, None, false),
        Step::Attack | Step::Blockers if state.count(t.inactive(), Zone::Field) == 0 => {
            (Step::Window, t.active, None, false)
        }
        s => (s, t.priority, t.passed, t.closed),
    };
    if !matches!(step, Step::Main | Step::Window) {
        return false;
    }
    if book(state.edition).passes_required {
        priority == who
    } else {
        !closed && (who == t.active || passed.is_some())
    }
}

/// Every ability move `who` may make now outside the trigger queue: action dice, globals,
/// activated abilities.
pub fn moves(cards: &GameCards, state: &GameState, t: &Turn, who: usize, out: &mut Vec<Play>) {
    if !global_window(state, t, who) {
        return;
    }
    if who == t.active {
        action_dice(cards, state, who, out);
    }
    globals(cards, state, t, who, out);
    activated(cards, state, t, who, out);
}

/// The action dice in the active player's reserve pool, each used with every choice.
fn action_dice(cards: &GameCards, state: &GameState, who: usize, out: &mut Vec<Play>) {
    let dice: Vec<DieId> = state
        .zone(who, Zone::Reserve)
        .filter(|id| matches!(state.die(*id).face, Some(Face::Action { .. })))
        .collect();
    for (id, _) in classes(state, &dice) {
        let card = state.die(id).card;
        let Some(a) = abilities(cards, card)
            .iter()
            .find(|a| a.kind == Kind::Action)
        else {
            continue;
        };
        let bursts = bursts(state, id);
        let src = Source::card(cards.canonical(card), who);
        if !valid_target(cards, state, a, &src, bursts) {
            continue;
        }
        for clauses in options(cards, state, a, &src, bursts, &[], who) {
            out.push(Play::Ability {
                who,
                using: Using::Use(id),
                clauses,
            });
        }
    }
}

/// The cards whose global `who` may use, each with its global's index: each card once
/// (a second alias of a shared basic action card is the same card).
fn global_cards(cards: &GameCards) -> impl Iterator<Item = (CardId, usize, &Ability)> {
    cards
        .ids()
        .filter(|c| cards.get(*c).alias_of.is_none())
        .flat_map(move |c| {
            abilities(cards, c)
                .iter()
                .enumerate()
                .filter(|(_, a)| a.kind == Kind::Global)
                .map(move |(i, a)| (c, i, a))
        })
}

/// Globals that are not reactive: limited ones once per turn by each player.
fn globals(cards: &GameCards, state: &GameState, t: &Turn, who: usize, out: &mut Vec<Play>) {
    for (card, i, a) in global_cards(cards) {
        if a.limit == Limit::Reactive {
            continue;
        }
        if matches!(a.limit, Limit::Limited | Limit::OncePerTurn)
            && t.used
                .iter()
                .any(|u| u.card == card && u.ability == i && u.by == Some(who))
        {
            continue;
        }
        let src = Source::card(card, who);
        if !valid_target(cards, state, a, &src, 0) {
            continue;
        }
        for clauses in options(cards, state, a, &src, 0, &[], who) {
            out.push(Play::Ability {
                who,
                using: Using::Global(card),
                clauses,
            });
        }
    }
}

/// Reactive globals answering the events the last move set off: by either player, once
/// per event each, with no window and no priority.
pub fn reactions(cards: &GameCards, state: &GameState, t: &Turn, out: &mut Vec<Play>) {
    if t.reactable.is_empty() || state.outcome.is_some() {
        return;
    }
    for (card, i, a) in global_cards(cards) {
        let Some(when) = a.when.as_ref().filter(|_| a.limit == Limit::Reactive) else {
            continue;
        };
        for who in 0..2 {
            let open = t.reactable.iter().any(|r| {
                r.event == when.event
                    && in_step(r.step, when.step)
                    && answers(state, when.of, r.about, who, card)
                    && when.filter.as_ref().is_none_or(|f| match r.about {
                        About::Die(d) => {
                            select::filter_matches(cards, state, f, &Source::card(card, who), d)
                        }
                        _ => false,
                    })
                    && !r.answered.contains(&(card, i, who))
            });
            if !open {
                continue;
            }
            let src = Source::card(card, who);
            if !valid_target(cards, state, a, &src, 0) {
                continue;
            }
            for clauses in options(cards, state, a, &src, 0, &[], who) {
                out.push(Play::Ability {
                    who,
                    using: Using::Global(card),
                    clauses,
                });
            }
        }
    }
}

/// Whether an event about `about` is one `who`'s use of `card`'s reactive global answers:
/// "you" in a global's text is the player who uses it.
fn answers(state: &GameState, of: Subject, about: About, who: usize, card: CardId) -> bool {
    match (of, about) {
        (Subject::You | Subject::ThisOrYou, About::Player(p)) => p == who,
        (Subject::Opponent, About::Player(p)) => p != who,
        (Subject::Opponent, About::Die(d)) => state.die(d).owner != who,
        (Subject::YourCharacter, About::Die(d)) => state.die(d).owner == who,
        (Subject::AnyCharacter, About::Die(_)) => true,
        (Subject::This | Subject::ThisOrYou, About::Die(d)) => state.die(d).card == card,
        _ => false,
    }
}

/// Activated abilities of `who`'s dice in the field, within their limits and conditions.
fn activated(cards: &GameCards, state: &GameState, t: &Turn, who: usize, out: &mut Vec<Play>) {
    let field: Vec<DieId> = state.zone(who, Zone::Field).collect();
    for (id, _) in classes(state, &field) {
        let card = state.die(id).card;
        for (i, a) in abilities(cards, card).iter().enumerate() {
            if a.kind != Kind::Activated {
                continue;
            }
            let used = t.used.iter().any(|u| {
                u.card == card
                    && u.ability == i
                    && u.by == Some(who)
                    && (a.limit != Limit::OncePerTurnPerDie || u.die == Some(id))
            });
            if used && matches!(a.limit, Limit::OncePerTurn | Limit::OncePerTurnPerDie) {
                continue;
            }
            if a.while_
                .is_some_and(|w| !condition::while_holds(state, w, card, who, Some(id)))
            {
                continue;
            }
            let bursts = bursts(state, id);
            let src = Source::card(card, who).from_die(id);
            if !valid_target(cards, state, a, &src, bursts) {
                continue;
            }
            for clauses in options(cards, state, a, &src, bursts, &[], who) {
                out.push(Play::Ability {
                    who,
                    using: Using::Activate(id),
                    clauses,
                });
            }
        }
    }
}

/// The triggers that may resolve now: of the earliest batch, the active player's while
/// any of theirs waits, then the inactive player's (000:1099-1107).
pub fn resolvable(t: &Turn) -> Vec<usize> {
    let Some(batch) = t.pending.iter().map(|p| p.batch).min() else {
        return Vec::new();
    };
    let whose = if t
        .pending
        .iter()
        .any(|p| p.batch == batch && p.controller == t.active)
    {
        t.active
    } else {
        t.inactive()
    };
    (0..t.pending.len())
        .filter(|&i| t.pending[i].batch == batch && t.pending[i].controller == whose)
        .collect()
}

/// The `resolve` lines of the triggers that may resolve now: each trigger named as its
/// controller names it (its card, and its die's face), with every choice its ability
/// allows. A name that could mean several waiting triggers means the first of them.
pub fn resolutions(cards: &GameCards, state: &GameState, t: &Turn, out: &mut Vec<Play>) {
    let ready = resolvable(t);
    let mut named: Vec<DieRef> = Vec::new();
    for &i in &ready {
        let p = &t.pending[i];
        let r = trigger_ref(cards, state, p);
        if named.contains(&r) {
            continue;
        }
        // The trigger the name means: the first waiting one of that card whose die (if
        // it has one) shows the face named.
        let meant = ready.iter().copied().find(|&j| {
            let q = &t.pending[j];
            q.card == p.card
                && r.face.as_ref().is_none_or(|f| {
                    q.die
                        .is_none_or(|d| state.die(d).face.as_ref() == Some(&f.node))
                })
        });
        named.push(r.clone());
        let Some(j) = meant else { continue };
        let p = &t.pending[j];
        let Some(a) = abilities(cards, p.card).get(p.ability) else {
            continue;
        };
        let src = trigger_source(p);
        let spent = a.limit == Limit::OncePerTurnPerDie
            && t.used.iter().any(|u| {
                u.card == p.card && u.ability == p.ability && u.die == p.die && u.by.is_none()
            });
        let lines = match crate::engine::keywords::keyword(a) {
            Some(k) => super::keywords::options(cards, state, p, k),
            None if spent => vec![Vec::new()],
            None => options(cards, state, a, &src, p.bursts, &p.payers, p.controller),
        };
        for clauses in lines {
            out.push(Play::Ability {
                who: p.controller,
                using: Using::Resolve(r.clone()),
                clauses,
            });
        }
    }
}

/// What a waiting trigger speaks from: its card, its die, its controller and the die its
/// event was about (a trigger chooses no energy type before it resolves).
fn trigger_source(p: &Pending) -> Source {
    Source {
        card: p.card,
        die: p.die,
        controller: p.controller,
        subject: p.subject,
        chosen: None,
    }
}

/// A `resolve` line for the waiting trigger `i` of the queue, as its controller would
/// write it were it its turn to resolve (its first choice), whether or not it is: the
/// mutation check writes one out of the queue's order.
pub fn resolution_of(cards: &GameCards, state: &GameState, t: &Turn, i: usize) -> Option<Play> {
    let p = t.pending.get(i)?;
    let a = abilities(cards, p.card).get(p.ability)?;
    let src = trigger_source(p);
    let clauses = match crate::engine::keywords::keyword(a) {
        Some(k) => super::keywords::options(cards, state, p, k),
        None => options(cards, state, a, &src, p.bursts, &p.payers, p.controller),
    }
    .into_iter()
    .next()
    .unwrap_or_default();
    Some(Play::Ability {
        who: p.controller,
        using: Using::Resolve(trigger_ref(cards, state, p)),
        clauses,
    })
}

/// How the controller names a waiting trigger: its card, and the face its die shows.
fn trigger_ref(cards: &GameCards, state: &GameState, p: &Pending) -> DieRef {
    match p.die {
        Some(d) => {
            let mut r = plain(cards, state, d, p.controller);
            r.player = None;
            r
        }
        None => DieRef {
            player: None,
            alias: super::names::alias(cards, p.card),
            face: None,
            ordinal: None,
            modifiers: Vec::new(),
            span: Span::default(),
        },
    }
}

/// The bursts a die shows.
fn bursts(state: &GameState, id: DieId) -> u8 {
    match state.die(id).face {
        Some(Face::Level { bursts, .. })
        | Some(Face::Action { bursts })
        | Some(Face::Energy { bursts, .. }) => bursts,
        None => 0,
    }
}

/// "You may not choose to initiate an effect with no valid targets" (000:1010-1011): an
/// action, a global or an activated ability whose effect targets dice none of which is
/// there is not used.
fn valid_target(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    src: &Source,
    bursts: u8,
) -> bool {
    effects_for(a, bursts).iter().all(|e| {
        let Some(to) = aim(e) else { return true };
        !to.target
            || select::names_players(to)
            || state
                .ids()
                .any(|id| select::matches(cards, state, to, src, id))
    })
}

/// The dice an effect aims at and chooses among (the generator's effects with a
/// choice: `support::effect` reads the same list).
pub(super) fn aim(e: &Effect) -> Option<&Selector> {
    match e {
        Effect::Damage { to, .. }
        | Effect::DamageEqualAttack { to }
        | Effect::Ko { to }
        | Effect::Boost { to, .. }
        | Effect::NoDamage { to }
        | Effect::Spin { to, .. }
        | Effect::CantBlock { to }
        | Effect::CantAttack { to }
        | Effect::MustBlock { to }
        | Effect::MustAttack { to, .. }
        | Effect::DoubleDamageToBlockers { to }
        | Effect::ExcessToPlayer { to }
        | Effect::Grant { to, .. } => Some(to),
        _ => None,
    }
}

/// The choices made so far for one use of an ability: the targets and words written, the
/// dice the last effect chose ("those") and every die chosen ("another").
#[derive(Debug, Clone, Default)]
struct Partial {
    targets: Vec<DieRef>,
    words: Vec<Text>,
    chosen: Vec<DieId>,
    earlier: Vec<DieId>,
}

/// Every way to use an ability as `actor` from `src`: its clauses, one list per way.
/// `payers` are the dice that paid for the move that triggered it ("not one that paid").
/// Empty when it cannot be used (its cost cannot be paid).
fn options(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    src: &Source,
    bursts: u8,
    payers: &[DieId],
    actor: usize,
) -> Vec<Vec<Clause>> {
    // An `if:` read as it is used: an action or a global whose condition fails is still
    // used and paid for and does nothing; a trigger does nothing at all.
    let holds = a
        .if_
        .as_ref()
        .is_none_or(|c| condition::holds(cards, state, c, src));
    let pays = costs(cards, state, a, src, actor);
    let decline = vec![Clause::May {
        yes: Spanned::new(false, Span::default()),
    }];
    if a.kind == Kind::Triggered && !holds {
        return vec![Vec::new()];
    }
    if pays.is_empty() {
        // A cost the table cannot pay: a mandatory trigger does nothing, an optional one
        // is declined, any other ability is not used.
        return match (a.kind, a.may) {
            (Kind::Triggered, true) => vec![decline],
            (Kind::Triggered, false) => vec![Vec::new()],
            _ => Vec::new(),
        };
    }
    let picks = if holds {
        effect_options(cards, state, a, src, bursts, payers, actor)
    } else {
        vec![Partial::default()]
    };
    let mut out = Vec::new();
    for pay in &pays {
        for p in &picks {
            let mut clauses = Vec::new();
            if let Some(pay) = pay {
                clauses.push(Clause::Pay(pay.clone()));
            }
            if !p.targets.is_empty() {
                clauses.push(Clause::Target {
                    targets: p.targets.clone(),
                    span: Span::default(),
                });
            }
            if !p.words.is_empty() {
                clauses.push(Clause::Choose {
                    words: p
                        .words
                        .iter()
                        .map(|w| Spanned::new(w.clone(), Span::default()))
                        .collect(),
                    span: Span::default(),
                });
            }
            if a.may && clauses.is_empty() {
                clauses.push(Clause::May {
                    yes: Spanned::new(true, Span::default()),
                });
            }
            out.push(clauses);
        }
    }
    if a.may {
        out.push(decline);
    }
    out
}

/// Every way to pay an ability's costs as `actor`: `None` when it costs nothing; empty
/// when the table cannot pay them in full.
fn costs(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    src: &Source,
    actor: usize,
) -> Vec<Option<Payment>> {
    if a.cost.is_empty() {
        return vec![None];
    }
    let symbols: Vec<EnergySymbol> = a
        .cost
        .iter()
        .flat_map(|c| match c {
            Cost::Energy(s) => s.clone(),
            _ => Vec::new(),
        })
        .collect();
    let energy = super::super::effects::energy_groups(&symbols);
    let energy_ways: Vec<Vec<PaymentItem>> = if symbols.is_empty() {
        vec![Vec::new()]
    } else {
        Wallet::of(state, actor)
            .payments(&energy)
            .iter()
            .map(|p| payment(cards, state, p).items)
            .collect()
    };
    // The dice given up for the costs beyond energy, cost by cost in the card's order,
    // no die paying twice.
    let mut given: Vec<(Vec<PaymentItem>, Vec<DieId>)> = vec![(Vec::new(), Vec::new())];
    for c in &a.cost {
        let (sel, spin) = match c {
            Cost::SpinDown(s) => (s, true),
            Cost::Ko(s) | Cost::Move { what: s, .. } => (s, false),
            Cost::Energy(_) | Cost::Life(_) | Cost::Damage(_) | Cost::UpTo(_) => continue,
        };
        let n = if sel.count == Count::Two { 2 } else { 1 };
        let pays = |id: DieId| {
            select::matches(cards, state, sel, src, id)
                && (!spin
                    || matches!(state.die(id).face, Some(Face::Level { level, .. }) if level > 1))
        };
        let mut next = Vec::new();
        for (items, taken) in &given {
            let free: Vec<DieId> = state
                .ids()
                .filter(|&d| pays(d) && !taken.contains(&d))
                .collect();
            // Paid in full, or not at all.
            if free.len() < n {
                continue;
            }
            for pick in choose(state, &free, n) {
                let mut items = items.clone();
                let mut taken = taken.clone();
                for d in pick {
                    let (r, meant) = refer(cards, state, d, actor, &taken, pays, true);
                    taken.push(meant);
                    let spun_to = if spin {
                        let die = state.die(meant);
                        match die.face {
                            Some(Face::Level { level, .. }) => cards
                                .get(die.card)
                                .level_face(level - 1)
                                .map(|f| Spanned::new(f, Span::default())),
                            _ => None,
                        }
                    } else {
                        None
                    };
                    items.push(PaymentItem::Die {
                        die: r,
                        spun_to,
                        count: None,
                    });
                }
                next.push((items, taken));
            }
        }
        given = next;
    }
    let life: u32 = a
        .cost
        .iter()
        .map(|c| match c {
            Cost::Life(n) => u32::from(*n),
            _ => 0,
        })
        .sum();
    if i64::from(life) > state.players[actor].life {
        return Vec::new();
    }
    let mut out = Vec::new();
    for e in &energy_ways {
        for (g, _) in &given {
            let mut items = e.clone();
            items.extend(g.iter().cloned());
            if life > 0 {
                items.push(PaymentItem::Life {
                    amount: Spanned::new(life, Span::default()),
                });
            }
            // A cost with nothing to write (damage taken) is paid with no `pay` clause.
            out.push((!items.is_empty()).then_some(Payment {
                items,
                span: Span::default(),
            }));
        }
    }
    out
}

/// Every set of exactly `n` of `dice` (fewer when there are fewer), interchangeable dice
/// being one choice.
fn choose(state: &GameState, dice: &[DieId], n: usize) -> Vec<Vec<DieId>> {
    let classes = classes(state, dice);
    let n = n.min(dice.len());
    counts(&classes.iter().map(|c| c.1.len()).collect::<Vec<_>>())
        .into_iter()
        .filter(|pick| pick.iter().sum::<usize>() == n)
        .map(|pick| {
            classes
                .iter()
                .zip(&pick)
                .flat_map(|(c, k)| c.1[..*k].iter().copied())
                .collect()
        })
        .collect()
}

/// The choices of every effect of an ability, one after another.
fn effect_options(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    src: &Source,
    bursts: u8,
    payers: &[DieId],
    actor: usize,
) -> Vec<Partial> {
    let mut partials = vec![Partial::default()];
    for e in effects_for(a, bursts) {
        let mut next = Vec::new();
        for p in &partials {
            let Some(to) = aim(&e) else {
                next.push(p.clone());
                continue;
            };
            for (q, reached) in reach(cards, state, to, src, payers, actor, p) {
                // "Up or down": a word for each die reached, a direction it can go (a die
                // that can go neither way stays, whichever is written).
                if let Effect::Spin {
                    way: Way::Either,
                    levels,
                    ..
                } = e
                {
                    let mut words: Vec<Vec<Text>> = vec![Vec::new()];
                    for d in &reached {
                        let ways = directions(cards, state, *d, levels);
                        words = words
                            .into_iter()
                            .flat_map(|w| {
                                ways.iter().map(move |x| {
                                    let mut w = w.clone();
                                    w.push(Text::from(*x));
                                    w
                                })
                            })
                            .collect();
                    }
                    for w in words {
                        let mut q = q.clone();
                        q.words.extend(w);
                        next.push(q);
                    }
                    continue;
                }
                next.push(q);
            }
        }
        partials = next;
    }
    partials
}

/// The ways a die may be spun "up or down": those that change its level, or both when
/// neither does (a sidekick's one level: the effect does as much as it can, nothing).
fn directions(cards: &GameCards, state: &GameState, id: DieId, levels: u8) -> Vec<&'static str> {
    let Some(Face::Level { level, .. }) = state.die(id).face else {
        return vec!["up", "down"];
    };
    let top = cards.get(state.die(id).card).levels.len() as u8;
    let mut ways = Vec::new();
    if level.saturating_add(levels).min(top) != level {
        ways.push("up");
    }
    if level.saturating_sub(levels).max(1) != level {
        ways.push("down");
    }
    if ways.is_empty() {
        ways = vec!["up", "down"];
    }
    ways
}

/// What an effect aimed at `to` may reach: for each way, the choices written and the dice
/// reached.
fn reach(
    cards: &GameCards,
    state: &GameState,
    to: &Selector,
    src: &Source,
    payers: &[DieId],
    actor: usize,
    p: &Partial,
) -> Vec<(Partial, Vec<DieId>)> {
    match to.what {
        What::This if to.or_what.is_none() => {
            return vec![(p.clone(), src.die.into_iter().collect())];
        }
        What::Partner if to.or_what.is_none() => {
            let partner = src.die.and_then(|d| state.die(d).partner);
            return vec![(p.clone(), partner.into_iter().collect())];
        }
        What::It => return vec![(p.clone(), src.subject.into_iter().collect())],
        What::Those => return vec![(p.clone(), p.chosen.clone())],
        _ => {}
    }
    let dice: Vec<DieId> = state
        .ids()
        .filter(|&id| select::matches(cards, state, to, src, id))
        .filter(|id| !(to.not_payment && payers.contains(id)))
        .collect();
    if to.count == Count::Each || to.what == What::ThisCard {
        let mut q = p.clone();
        q.chosen = dice.clone();
        return vec![(q, dice)];
    }
    let players: Vec<usize> = (0..2)
        .filter(|&pl| select::matches_player(to, src, pl))
        .collect();
    // "Your opponent" is one player: nothing to choose.
    if to.what == What::Player && !to.target && players.len() == 1 {
        return vec![(p.clone(), Vec::new())];
    }
    let (want, up_to) = match to.count {
        Count::Two => (2, false),
        Count::UpTo(n) => (usize::from(n), true),
        _ => (1, false),
    };
    // "Another": not a die an earlier effect of the ability chose.
    let free: Vec<DieId> = dice
        .iter()
        .copied()
        .filter(|d| !(to.other && p.earlier.contains(d)))
        .collect();
    let most = want.min(free.len() + players.len());
    let sizes: Vec<usize> = if up_to {
        (0..=most).collect()
    } else {
        vec![most]
    };
    let mut out = Vec::new();
    for size in sizes {
        for np in 0..=size.min(players.len()) {
            let nd = size - np;
            if nd > free.len() {
                continue;
            }
            for who in subsets(&players, np) {
                for pick in choose(state, &free, nd) {
                    let mut q = p.clone();
                    let mut taken: Vec<DieId> = if to.other {
                        p.earlier.clone()
                    } else {
                        Vec::new()
                    };
                    let mut meant = Vec::new();
                    for pl in &who {
                        q.targets.push(player_ref(cards, *pl));
                    }
                    for d in pick {
                        let (r, m) = refer(cards, state, d, actor, &taken, |_| true, true);
                        taken.push(m);
                        meant.push(m);
                        q.targets.push(r);
                    }
                    q.earlier.extend(meant.iter().copied());
                    q.chosen = meant.clone();
                    out.push((q, meant));
                }
            }
        }
    }
    out
}

/// A player named as a target: their name alone.
fn player_ref(cards: &GameCards, p: usize) -> DieRef {
    DieRef {
        player: None,
        alias: Spanned::new(cards.players[p].clone(), Span::default()),
        face: None,
        ordinal: None,
        modifiers: Vec::new(),
        span: Span::default(),
    }
}

/// The subsets of exactly `n` of `items`.
fn subsets(items: &[usize], n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let Some((first, rest)) = items.split_first() else {
        return Vec::new();
    };
    let mut out: Vec<Vec<usize>> = subsets(rest, n - 1)
        .into_iter()
        .map(|mut s| {
            s.insert(0, *first);
            s
        })
        .collect();
    out.extend(subsets(rest, n));
    out
}

/// Whether a trigger could wait for a `resolve` line once the turn's combat damage is
/// dealt. A move whose consequences may set such a trigger off cannot also end the turn:
/// the turn ends only once nothing waits, so a line that ends it straight after combat
/// damage would leave the trigger unresolved. Combat damage reaches the dice engaged in
/// combat and, past an unblocked attacker, the defending player (000:755-793); what the
/// triggers it sets off do may reach any die in the field. It errs on the side of
/// waiting: a trigger whose condition may not hold then counts.
pub fn combat_may_wait(cards: &GameCards, state: &GameState, t: &Turn) -> bool {
    let engaged = |id: DieId| {
        let d = state.die(id);
        d.zone == Zone::Field && (d.blocking.is_some() || (d.attacking && state.is_blocked(id)))
    };
    let unblocked = |id: DieId| {
        let d = state.die(id);
        d.zone == Zone::Field && d.attacking && !state.is_blocked(id)
    };
    let player_hit = state.ids().any(|id| state.die(id).attacking);
    // The triggers combat damage itself may set off; then, if any of them deals damage
    // or knocks a die out, those every die in the field may set off.
    let direct = |c: CardId, a: &Ability| -> bool {
        let Some(w) = a.when.as_ref() else {
            return false;
        };
        let owner = cards.get(c).owner.unwrap_or(0);
        let mine = |f: &dyn Fn(DieId) -> bool| {
            state.ids().any(|id| {
                cards.canonical(state.die(id).card) == c && state.die(id).owner == owner && f(id)
            })
        };
        // A trigger that holds while something of its dice does needs one in the field.
        let fielded = mine(&|id| state.die(id).zone == Zone::Field);
        if a.while_.is_some() && !fielded {
            return false;
        }
        let about_dice = match w.event {
            Event::DamagesOpponent => mine(&unblocked) || mine(&|id| state.die(id).attacking),
            _ => mine(&engaged),
        };
        match w.of {
            Subject::This | Subject::Partner | Subject::ThisOrPartner => about_dice,
            Subject::ThisOrYou => about_dice || (owner == t.inactive() && player_hit),
            Subject::You if w.event.about_player() => owner == t.inactive() && player_hit,
            Subject::Opponent if w.event.about_player() => owner == t.active && player_hit,
            _ => state.ids().any(engaged) || player_hit,
        }
    };
    // A die with Regenerate knocked out waits for its roll (the 2017 keyword list,
    // line 51).
    let regenerates = |id: DieId| {
        crate::engine::keywords::has(
            cards,
            state,
            state.die(id).card,
            &crate::cards::ability::Keyword::Regenerate,
        )
    };
    if state.ids().any(|id| engaged(id) && regenerates(id)) {
        return true;
    }
    let fired: Vec<(CardId, &Ability)> = combat_triggers(cards)
        .filter(|(c, a)| direct(*c, a))
        .collect();
    if fired.iter().any(|(_, a)| waits(a)) {
        return true;
    }
    let cascade = fired.iter().any(|(_, a)| {
        (0..=2).any(|b| {
            effects_for(a, b).iter().any(|e| {
                matches!(
                    e,
                    Effect::Damage { .. } | Effect::DamageEqualAttack { .. } | Effect::Ko { .. }
                )
            })
        })
    });
    cascade
        && (state
            .ids()
            .any(|id| state.die(id).zone == Zone::Field && regenerates(id))
            || combat_triggers(cards).any(|(c, a)| {
                let owner = cards.get(c).owner.unwrap_or(0);
                let fielded = state
                    .zone(owner, Zone::Field)
                    .any(|d| cards.canonical(state.die(d).card) == c);
                let own = a.when.as_ref().is_some_and(|w| {
                    matches!(
                        w.of,
                        Subject::This | Subject::Partner | Subject::ThisOrPartner
                    )
                });
                (fielded || (!own && a.while_.is_none())) && waits(a)
            }))
}

/// The triggered abilities of the game's cards on an event combat damage may fire.
fn combat_triggers(cards: &GameCards) -> impl Iterator<Item = (CardId, &Ability)> {
    cards
        .ids()
        .filter(|c| cards.get(*c).owner.is_some() && cards.get(*c).alias_of.is_none())
        .flat_map(move |c| abilities(cards, c).iter().map(move |a| (c, a)))
        .filter(|(_, a)| {
            a.kind == Kind::Triggered
                && !crate::engine::effects::is_reduction(a)
                && a.when
                    .as_ref()
                    .is_some_and(|w| COMBAT_EVENTS.contains(&w.event))
        })
}

/// Whether a trigger of the cleanup could wait for a `resolve` line: one "at the end of
/// the turn" of the active player's (`you`), of the other's (`opponent`), or of a die in
/// the field. A `turn` line that skips the `end` would leave it unresolved; the `end`
/// leaves room for its line.
pub fn end_may_wait(cards: &GameCards, state: &GameState, t: &Turn) -> bool {
    // An unblocked attacker leaves the field with its combat damage, before the cleanup
    // (Avengers Infinity rulebook, 000:1554; the attack zone's others return, 000:795):
    // it keeps no card active at the end of the turn.
    let stays = |d: DieId| !state.die(d).attacking || state.is_blocked(d);
    cards.ids().any(|c| {
        let Some(owner) = cards.get(c).owner else {
            return false;
        };
        let die = state
            .zone(owner, Zone::Field)
            .find(|&d| cards.canonical(state.die(d).card) == c && stays(d));
        let fielded = die.is_some();
        // A trigger whose `if:` fails does not trigger (condition.rs): "at the end of your
        // turn, if you have fewer characters" (Resistance) waits for no line when it fails
        // now, the table a `turn` line from here leaves to the cleanup.
        let src = die.map_or(Source::card(c, owner), |d| {
            Source::card(c, owner).from_die(d)
        });
        let holds = |a: &Ability| {
            a.if_
                .as_ref()
                .is_none_or(|cond| condition::holds(cards, state, cond, &src))
        };
        abilities(cards, c).iter().any(|a| {
            let Some(w) = a.when.as_ref().filter(|w| w.event == Event::TurnEnd) else {
                return false;
            };
            let fires = match w.of {
                _ if a.while_.is_some() && !fielded => false,
                Subject::You => owner == t.active,
                Subject::Opponent => owner != t.active,
                _ => fielded,
            };
            a.kind == Kind::Triggered && fires && holds(a) && waits(a)
        })
    })
}

/// Whether resolving a trigger may need a line: it is optional, has a cost, or makes a
/// choice (a die to pick, a way to spin).
fn waits(a: &Ability) -> bool {
    a.may || !a.cost.is_empty() || (0..=2).any(|b| effects_for(a, b).iter().any(chooses))
}

/// Whether an effect makes a choice its line writes.
fn chooses(e: &Effect) -> bool {
    if matches!(
        e,
        Effect::Spin {
            way: Way::Either,
            ..
        }
    ) {
        return true;
    }
    aim(e).is_some_and(|to| {
        matches!(to.count, Count::One | Count::Two | Count::UpTo(_))
            && !matches!(
                to.what,
                What::This | What::ThisCard | What::It | What::Those | What::Partner
            )
            && !(to.what == What::Player
                && !to.target
                && to.side != crate::cards::ability::Side::Any)
    })
}

/// The events combat damage and what it sets off may fire.
pub const COMBAT_EVENTS: [Event; 4] = [
    Event::TakesDamage,
    Event::KnockedOut,
    Event::KnockedOutWhileBlocking,
    Event::DamagesOpponent,
];

/// A superset of the ability moves, for testing the checker against the generator: every
/// action die, global and activated ability by either player whatever the step, window,
/// priority or limit, and every waiting trigger resolved by either player whatever the
/// queue's order; each with its legal choices, and those choices changed: a target left
/// out, added, or swapped for any die in a field or a player, the payment left out, a
/// `may` answered.
pub fn pseudo(cards: &GameCards, state: &GameState, t: &Turn, out: &mut Vec<Play>) {
    let mut base: Vec<(usize, Using, Vec<Vec<Clause>>)> = Vec::new();
    for who in 0..2 {
        for side in 0..2 {
            let reserve: Vec<DieId> = state
                .zone(side, Zone::Reserve)
                .filter(|id| matches!(state.die(*id).face, Some(Face::Action { .. })))
                .collect();
            for (id, _) in classes(state, &reserve) {
                let card = cards.canonical(state.die(id).card);
                if let Some(a) = abilities(cards, card)
                    .iter()
                    .find(|a| a.kind == Kind::Action)
                {
                    let src = Source::card(card, who);
                    let o = options(cards, state, a, &src, bursts(state, id), &[], who);
                    base.push((who, Using::Use(id), o));
                }
            }
            let field: Vec<DieId> = state.zone(side, Zone::Field).collect();
            for (id, _) in classes(state, &field) {
                let card = state.die(id).card;
                for a in abilities(cards, card)
                    .iter()
                    .filter(|a| a.kind == Kind::Activated)
                {
                    let src = Source::card(card, who).from_die(id);
                    let o = options(cards, state, a, &src, bursts(state, id), &[], who);
                    base.push((who, Using::Activate(id), o));
                }
            }
        }
        for (card, _, a) in global_cards(cards) {
            let o = options(cards, state, a, &Source::card(card, who), 0, &[], who);
            base.push((who, Using::Global(card), o));
        }
        for p in &t.pending {
            let Some(a) = abilities(cards, p.card).get(p.ability) else {
                continue;
            };
            let src = trigger_source(p);
            let o = match crate::engine::keywords::keyword(a) {
                Some(k) => super::keywords::options(cards, state, p, k),
                None => options(cards, state, a, &src, p.bursts, &p.payers, p.controller),
            };
            base.push((who, Using::Resolve(trigger_ref(cards, state, p)), o));
        }
    }
    // Dice a target may be swapped for: one of each class in either field.
    let field: Vec<DieId> = state
        .ids()
        .filter(|id| state.die(*id).zone == Zone::Field)
        .collect();
    let others: Vec<DieId> = classes(state, &field).into_iter().map(|c| c.0).collect();
    for (who, using, lines) in base {
        let mut all: Vec<Vec<Clause>> = Vec::new();
        for clauses in lines.iter().take(64) {
            all.push(clauses.clone());
            all.push(
                clauses
                    .iter()
                    .filter(|c| !matches!(c, Clause::Pay(_)))
                    .cloned()
                    .collect(),
            );
            all.push(
                clauses
                    .iter()
                    .filter(|c| !matches!(c, Clause::Target { .. }))
                    .cloned()
                    .collect(),
            );
            for yes in [true, false] {
                let mut c = clauses.clone();
                c.push(Clause::May {
                    yes: Spanned::new(yes, Span::default()),
                });
                all.push(c);
            }
            let swaps: Vec<DieRef> = others
                .iter()
                .map(|d| plain(cards, state, *d, who))
                .chain((0..2).map(|p| player_ref(cards, p)))
                .collect();
            for (k, c) in clauses.iter().enumerate() {
                let Clause::Target { targets, .. } = c else {
                    continue;
                };
                for i in 0..targets.len() {
                    for s in &swaps {
                        let mut t2 = targets.clone();
                        t2[i] = s.clone();
                        let mut v = clauses.clone();
                        v[k] = Clause::Target {
                            targets: t2,
                            span: Span::default(),
                        };
                        all.push(v);
                    }
                }
                for s in &swaps {
                    let mut t2 = targets.clone();
                    t2.push(s.clone());
                    let mut v = clauses.clone();
                    v[k] = Clause::Target {
                        targets: t2,
                        span: Span::default(),
                    };
                    all.push(v);
                }
            }
            if !clauses.iter().any(|c| matches!(c, Clause::Target { .. })) {
                for s in &swaps {
                    let mut v = clauses.clone();
                    v.push(Clause::Target {
                        targets: vec![s.clone()],
                        span: Span::default(),
                    });
                    all.push(v);
                }
            }
        }
        if lines.is_empty() {
            all.push(Vec::new());
        }
        for clauses in all {
            out.push(Play::Ability {
                who,
                using: using.clone(),
                clauses,
            });
        }
    }
}
