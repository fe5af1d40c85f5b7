//! Card abilities in play: the trigger queue, action dice, globals, targets, costs, and
//! the effects they make, checked against what the log records.
//!
//! An effect is resolved in two halves: its selectors and the log's choices give a list
//! of [`Op`]s (one change to one die or player), and the ops are committed together, as
//! one simultaneous event, whose consequences (damage triggers, KOs) follow. The queue
//! follows the Avengers Infinity rulebook, EFFECT TIMING AND RESOLUTION: triggers of one
//! event form a batch, the active player's resolve first, later batches wait.

use crate::cards::ability::{
    Ability, Cost, Count, Effect, EnergySymbol, Event, Kind, Limit, Owner, Side, StepName, Subject,
    Way, What, While,
};
use crate::cards::model::EnergyType;
use crate::rules;
use crate::syntax::{
    Clause, DieItem, DieRef, Face, Move, Payment, Span, Spanned, Step, Text, Zone,
};

use super::cards::CardId;
use super::coverage::{
    Moment, card_unapplied_at, effect_applied, needs_own_die, protection_applied, unapplied_at,
};
use super::replay::{Flow, Replayer, Stop};
use super::select::{self, Source};
use super::state::{About, Boost, DamageStage, DieId, Held, Op, Pending, Reactable, Used};

/// The choices one line records for an ability, taken apart.
#[derive(Default)]
struct Choices<'a> {
    may: Option<(bool, Span)>,
    pay: Option<&'a Payment>,
    targets: Vec<&'a DieRef>,
    words: Vec<(String, Span)>,
    rolls: Vec<&'a DieItem>,
    draws: Vec<(&'a DieItem, Option<Zone>)>,
    span: Span,
}

impl<'a> Choices<'a> {
    fn of(clauses: &'a [Clause], span: Span) -> Choices<'a> {
        let mut c = Choices {
            span,
            ..Choices::default()
        };
        let mut last_draw = 0;
        for clause in clauses {
            match clause {
                Clause::May { yes } => c.may = Some((yes.node, yes.span)),
                Clause::Pay(p) => c.pay = Some(p),
                Clause::Target { targets, .. } => c.targets.extend(targets.iter()),
                Clause::Choose { words, .. } => c
                    .words
                    .extend(words.iter().map(|w| (w.node.to_string(), w.span))),
                Clause::Roll { dice, .. } => c.rolls.extend(dice.iter()),
                Clause::Draw { dice, .. } => {
                    last_draw = c.draws.len();
                    c.draws.extend(dice.iter().map(|d| (d, None)));
                }
                Clause::To { zone } => {
                    for d in c.draws.iter_mut().skip(last_draw) {
                        d.1 = Some(zone.node);
                    }
                }
                Clause::Order { .. } | Clause::Prevent { .. } | Clause::Redirect { .. } => {}
            }
        }
        c
    }

    fn is_empty(&self) -> bool {
        self.pay.is_none()
            && self.targets.is_empty()
            && self.words.is_empty()
            && self.rolls.is_empty()
            && self.draws.is_empty()
    }
}

/// The effects of an ability for a die showing `bursts`: the base effects, with the
/// matching burst variants added or put instead.
pub fn effects_for(a: &Ability, bursts: u8) -> Vec<Effect> {
    let mut out = a.effects.clone();
    for b in &a.bursts {
        if b.on.matches(bursts) {
            if b.instead {
                out = b.effects.clone();
            } else {
                out.extend(b.effects.iter().cloned());
            }
        }
    }
    out
}

impl Replayer {
    /// Why a card in the field has an ability the engine cannot apply, if it has.
    pub(super) fn unapplied_in_field(&self, card: CardId) -> Option<String> {
        self.abilities_of(card)?
            .iter()
            .find_map(|a| unapplied_at(a, Moment::Fielded))
    }

    /// Undecided when a card's text would act unapplied at `moment`: the card of one
    /// die, a die of it coming into play, drawn, rolled …
    pub(super) fn text_matters(&mut self, card: CardId, moment: Moment) -> Flow {
        let c = self.cards.get(card);
        if c.plain {
            return Ok(());
        }
        match card_unapplied_at(self.abilities_of(card), moment) {
            // Waived, the text is taken to have done nothing the next lines do not say.
            Some(why) => self.undecided(self.line, card, &why),
            None => Ok(()),
        }
    }

    /// Undecided when a card on a team has text that would act unapplied at a moment of
    /// the whole game: its setting up, a turn's start or end, the attack step, a draw.
    /// Text on the card acts whether or not a die of it is in play (a trigger without
    /// `while:` fires as [`Replayer::fire`] fires it), except what only holds while a die
    /// of it is in the field (`while:`) or only reaches its own dice in the field.
    pub(super) fn game_moment(&mut self, moment: Moment) -> Flow {
        for card in self.cards.ids().collect::<Vec<_>>() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            if self.cards.get(card).plain {
                continue;
            }
            let Some(list) = self.abilities_of(card) else {
                continue;
            };
            let active = select::active(&self.state, card, owner);
            let why = list.iter().find_map(|a| {
                let on = active || (a.while_.is_none() && !needs_own_die(a));
                on.then(|| unapplied_at(a, moment)).flatten()
            });
            if let Some(why) = why {
                self.undecided(self.line, card, &why)?;
            }
        }
        Ok(())
    }

    /// A card's encoded abilities; `None` when they are not encoded.
    pub(super) fn abilities_of(&self, card: CardId) -> Option<&[Ability]> {
        let c = self.cards.get(card);
        let c = c.alias_of.map_or(c, |a| self.cards.get(a));
        c.abilities.as_deref()
    }

    /// The bursts a die shows.
    fn bursts_of(&self, id: DieId) -> u8 {
        match self.state.die(id).face {
            Some(Face::Level { bursts, .. }) | Some(Face::Action { bursts }) => bursts,
            Some(Face::Energy { bursts, .. }) => bursts,
            None => 0,
        }
    }

    /// An event happened: every triggered ability waiting for it joins the queue, as one
    /// batch.
    pub(super) fn fire(&mut self, events: &[(Event, About)], payers: &[DieId]) {
        if self.state.turn.is_none() {
            return;
        }
        if !self.answering {
            let line = self.line;
            // Only what a reactive global of this game answers: the state stays free of
            // events nothing can answer.
            let open = events
                .iter()
                .filter(|(e, _)| self.some_global_answers(*e))
                .map(|&(event, about)| Reactable {
                    event,
                    about,
                    answered: Vec::new(),
                    line,
                })
                .collect::<Vec<_>>();
            self.turn_mut().reactable.extend(open);
        }
        let t = self.turn_ref().expect("turn");
        let step = t.step;
        let batch = t.batch + 1;
        let mut new: Vec<Pending> = Vec::new();
        let mut first_time: Vec<(CardId, usize)> = Vec::new();
        for &(event, about) in events {
            for card in self.cards.ids() {
                let Some(owner) = self.cards.get(card).owner else {
                    continue;
                };
                let Some(list) = self.abilities_of(card) else {
                    continue;
                };
                for (i, a) in list.iter().enumerate() {
                    let Some(when) = &a.when else { continue };
                    if a.kind != Kind::Triggered || when.event != event {
                        continue;
                    }
                    let in_step = in_step(step, when.step);
                    if !in_step {
                        continue;
                    }
                    // Every condition on the card's dice (active, attacking, blocking …)
                    // needs one of them in the field; with one there, a condition other
                    // than "active" left the game undecided already (`coverage`).
                    if a.while_.is_some() && !select::active(&self.state, card, owner) {
                        continue;
                    }
                    let mine = |d: DieId| {
                        let die = self.state.die(d);
                        die.card == card && die.owner == owner
                    };
                    // The card's dice in the field, for an event about no die and for
                    // the bursts of a card-wide trigger.
                    let fielded: Vec<DieId> = self
                        .state
                        .zone(owner, Zone::Field)
                        .filter(|d| self.state.die(*d).card == card)
                        .collect();
                    // (the die whose ability it is, the die the event is about)
                    let hits: Vec<(Option<DieId>, Option<DieId>)> = match (when.of, about) {
                        (Subject::This | Subject::ThisOrYou, About::Die(d)) if mine(d) => {
                            vec![(Some(d), Some(d))]
                        }
                        (Subject::You | Subject::ThisOrYou, About::Player(p)) if p == owner => {
                            vec![(None, None)]
                        }
                        // "You" and "your opponent" are players when the event is
                        // about a player ("when you take damage"), and their dice
                        // otherwise ("when your opponent fields a character").
                        (Subject::You, About::Die(d))
                            if !event.about_player() && self.state.die(d).owner == owner =>
                        {
                            vec![(None, Some(d))]
                        }
                        (Subject::YourCharacter, About::Die(d))
                            if self.state.die(d).owner == owner =>
                        {
                            vec![(None, Some(d))]
                        }
                        (Subject::AnyCharacter, About::Die(d)) => vec![(None, Some(d))],
                        (Subject::Opponent, About::Player(p)) if p != owner => vec![(None, None)],
                        (Subject::Opponent, About::Die(d))
                            if !event.about_player() && self.state.die(d).owner != owner =>
                        {
                            vec![(None, Some(d))]
                        }
                        // An event about no die: each of this card's dice in the field.
                        (Subject::This, About::Nothing) => {
                            fielded.iter().map(|d| (Some(*d), None)).collect()
                        }
                        _ => Vec::new(),
                    };
                    for (die, subject) in hits {
                        // One event triggers "you or this die" once.
                        if when.of == Subject::ThisOrYou
                            && new.iter().any(|p| p.card == card && p.ability == i)
                        {
                            continue;
                        }
                        if a.limit == Limit::FirstEachTurn {
                            let used = self.state.turn.as_ref().is_some_and(|t| {
                                t.used.iter().any(|u| (u.card, u.ability) == (card, i))
                            });
                            if used || first_time.contains(&(card, i)) {
                                continue;
                            }
                            first_time.push((card, i));
                        }
                        let bursts = match die {
                            Some(d) => self.bursts_of(d),
                            None => fielded
                                .iter()
                                .map(|d| self.bursts_of(*d))
                                .max()
                                .unwrap_or(0),
                        };
                        new.push(Pending {
                            card,
                            ability: i,
                            die,
                            controller: owner,
                            bursts,
                            batch,
                            subject,
                            payers: payers.to_vec(),
                            line: self.line,
                        });
                    }
                }
            }
        }
        if new.is_empty() {
            return;
        }
        let t = self.turn_mut();
        t.batch = batch;
        for (card, i) in first_time {
            t.used.push(Used {
                card,
                ability: i,
                die: None,
                by: None,
            });
        }
        t.pending.extend(new);
    }

    /// The pending triggers that may resolve now: the earliest batch, the active
    /// player's first.
    fn resolvable(&self) -> Vec<usize> {
        let Some(t) = self.state.turn.as_ref() else {
            return Vec::new();
        };
        let Some(batch) = t.pending.iter().map(|p| p.batch).min() else {
            return Vec::new();
        };
        let in_batch = |p: &Pending| p.batch == batch;
        let active_left = t
            .pending
            .iter()
            .any(|p| in_batch(p) && p.controller == t.active);
        let whose = if active_left { t.active } else { t.inactive() };
        (0..t.pending.len())
            .filter(|&i| in_batch(&t.pending[i]) && t.pending[i].controller == whose)
            .collect()
    }

    fn source_of(&self, p: &Pending) -> Source {
        Source {
            card: p.card,
            die: p.die,
            controller: p.controller,
            subject: p.subject,
        }
    }

    /// Whether resolving a trigger needs the log to say something: a choice, a cost, a
    /// chance outcome. One that needs nothing resolves by itself.
    fn needs_line(&self, p: &Pending) -> bool {
        let Some(a) = self.abilities_of(p.card).and_then(|l| l.get(p.ability)) else {
            return true;
        };
        // A condition dmlint does not apply leaves the game undecided as the trigger
        // resolves: at once, not after a line that may never be needed.
        if a.if_.is_some() {
            return false;
        }
        if a.may || !a.cost.is_empty() {
            return true;
        }
        let src = self.source_of(p);
        effects_for(a, p.bursts).iter().any(|e| match e {
            Effect::Draw { .. } | Effect::Roll { .. } => true,
            Effect::Spin {
                way: Way::Either, ..
            } => true,
            Effect::Reroll { to, .. } => !self.candidates(to, &src).is_empty(),
            e => selector(e).is_some_and(|to| {
                matches!(to.count, Count::One | Count::Two)
                    && !matches!(
                        to.what,
                        What::This | What::ThisCard | What::It | What::Those
                    )
                    && !(to.what == What::Player && !to.target && to.side != Side::Any)
                    && (!self.candidates(to, &src).is_empty() || select::names_players(to))
            }),
        })
    }

    /// Resolves every trigger that needs nothing from the log, in queue order.
    pub(super) fn settle(&mut self) -> Flow {
        loop {
            let ready = self.resolvable();
            let auto = ready.into_iter().find(|&i| {
                let p = &self.state.turn.as_ref().expect("turn").pending[i];
                !self.needs_line(p)
            });
            let Some(i) = auto else {
                // Nothing waits that resolves by itself: combat damage goes on to its
                // next stage once nothing waits at all.
                if self.advance_damage() {
                    continue;
                }
                return Ok(());
            };
            let p = self.turn_mut().pending.remove(i);
            self.run_pending(&p, &[])?;
        }
    }

    /// A line that is not a `resolve` while a trigger waits for one: the trigger was
    /// skipped.
    pub(super) fn unresolved(&mut self) -> Flow {
        let Some(t) = self.state.turn.as_ref() else {
            return Ok(());
        };
        let Some(p) = t.pending.first().cloned() else {
            return Ok(());
        };
        let name = self.cards.get(p.card).name.clone();
        let example = self.resolve_example(&p);
        let optional = self
            .abilities_of(p.card)
            .and_then(|l| l.get(p.ability))
            .is_some_and(|a| a.may);
        let decline = if optional {
            format!(" (`{example} may no` declines it)")
        } else {
            String::new()
        };
        self.turn_mut().pending.clear();
        self.violate(
            rules::unresolved_trigger::new(
                self.line,
                format!("{name}'s triggered ability has not been resolved"),
                format!(
                    "write its `resolve` line first, with the targets and choices its ability \
                     needs: `{example}`{decline}"
                ),
            )
            .with_context(p.line, "it triggered here"),
        )
    }

    /// The start of the `resolve` line that answers a pending trigger, as its controller
    /// writes it: `resolve HK:L3`, `Bob: resolve SM:L2`.
    fn resolve_example(&self, p: &Pending) -> String {
        let active = self.turn_ref().map_or(p.controller, |t| t.active);
        let actor = if p.controller == active {
            String::new()
        } else {
            format!("{}: ", self.name(p.controller))
        };
        let die = match p.die {
            Some(d) => self.die_for(d, p.controller),
            None => self.cards.get(p.card).alias.to_string(),
        };
        format!("{actor}resolve {die}")
    }

    /// A die as `who` names it on a line: its card and face, and its owner's name when
    /// it is not `who`'s (`SK:L1`, `Bob.AM:L2`).
    pub(in crate::engine) fn die_for(&self, id: DieId, who: usize) -> String {
        let text = self.state.die_text_plain(&self.cards, id);
        let owner = self.state.die(id).owner;
        if owner == who {
            text
        } else {
            format!("{}.{text}", self.name(owner))
        }
    }

    /// A face the die can show, for an example: its first (level 1 for a character).
    pub(in crate::engine) fn example_face(&self, id: DieId) -> Option<Face> {
        super::play::die_faces(&self.cards, self.state.die(id).card)
            .into_iter()
            .next()
    }

    /// A die as `who` names it once rolled: owner (when not `who`), card and a face it
    /// can show (`SK:fist`, `Bob.AM:L1`).
    fn rolled_example(&self, id: DieId, who: usize) -> String {
        let die = self.state.die(id);
        let owner = if die.owner == who {
            String::new()
        } else {
            format!("{}.", self.name(die.owner))
        };
        let alias = &self.cards.get(die.card).alias;
        match self.example_face(id) {
            Some(f) => format!("{owner}{alias}:{f}"),
            None => format!("{owner}{alias}"),
        }
    }

    /// A `resolve` line as `who` writes it: with `who` as its actor unless `who` is the
    /// active player, and the die's owner written on the die only when it is not `who`.
    fn as_written_by(&self, who: usize, owner: usize, die: &DieRef, clauses: &[Clause]) -> String {
        let mut die = die.clone();
        die.player = (owner != who)
            .then(|| Box::new(Spanned::new(Text::from(self.name(owner)), Span::default())));
        let active = self.turn_ref().map_or(who, |t| t.active);
        let actor = if who == active {
            String::new()
        } else {
            format!("{}: ", self.name(who))
        };
        let line = Move::Resolve {
            die,
            clauses: clauses.to_vec(),
        };
        format!("{actor}{line}")
    }

    /// Whether any trigger waits in the queue.
    pub(super) fn has_pending(&self) -> bool {
        self.state
            .turn
            .as_ref()
            .is_some_and(|t| !t.pending.is_empty())
    }

    /// `resolve DIE …`: a pending trigger of that card resolved with the line's choices,
    /// or a protection answering an effect held back for it.
    pub(super) fn resolve_line(&mut self, who: usize, die: &DieRef, clauses: &[Clause]) -> Flow {
        let owner = self.owner_of(die, who)?;
        let card = self.card(&die.alias, owner)?;
        if self.abilities_of(card).is_none() {
            // Waived: the judge's position block says what it did.
            return self.undecided(self.line, card, "has its ability resolved");
        }
        if let Some(held) = self.state.turn.as_ref().and_then(|t| t.held.clone())
            && held.card == card
        {
            return self.protect(who, die, held, clauses);
        }
        // A number or a state names one die of the card: its trigger, not another's.
        let named = if die.ordinal.is_some() || !die.modifiers.is_empty() {
            Some(self.named_anywhere(die, owner)?)
        } else {
            None
        };
        let t = self.state.turn.as_ref().expect("turn");
        let face_ok = |p: &Pending| {
            die.face.as_ref().is_none_or(|f| {
                p.die
                    .is_none_or(|d| self.state.die(d).face.as_ref() == Some(&f.node))
            }) && named.is_none_or(|n| p.die == n)
        };
        let mine: Vec<usize> = (0..t.pending.len())
            .filter(|&i| t.pending[i].card == card && face_ok(&t.pending[i]))
            .collect();
        let Some(&first) = mine.first() else {
            let name = self.cards.get(card).name.clone();
            self.violate(rules::not_triggered::new(
                die.span,
                format!("{name} has no triggered ability waiting to resolve"),
                "`resolve` answers a trigger: the event its card waits for must have happened",
            ))?;
            // Waived: the judge ruled it did trigger. It resolves as written.
            return self.resolve_untriggered(who, owner, card, die, named.flatten(), clauses);
        };
        let ready = self.resolvable();
        let i = match mine.iter().find(|i| ready.contains(i)) {
            Some(&i) => i,
            None => {
                let p = t.pending[first].clone();
                let waiting = ready
                    .first()
                    .map(|&r| self.cards.get(t.pending[r].card).name.clone())
                    .unwrap_or_default();
                self.violate(
                    rules::trigger_order::new(
                        die.span,
                        format!("{} resolves before {waiting}", self.cards.get(card).name),
                        "of triggers from one event, the active player's resolve first, in the order that player chooses; later triggers wait for earlier ones",
                    )
                    .with_context(p.line, "it triggered here"),
                )?;
                // Waived: it resolves now, out of order, as written.
                first
            }
        };
        let p = self.turn_mut().pending.remove(i);
        if p.controller != who {
            let (n, c) = (
                self.name(who).to_string(),
                self.name(p.controller).to_string(),
            );
            self.violate(rules::wrong_player::new(
                self.line,
                format!("{n} resolves {c}'s triggered ability"),
                format!(
                    "a trigger's choices are its controller's: write `{}`",
                    self.as_written_by(p.controller, owner, die, clauses)
                ),
            ))?;
        }
        self.run_pending(&p, clauses)
    }

    /// A waived `not-triggered`: the card's one triggered ability resolves as the line
    /// writes it, from the die it names. A card with several triggered abilities leaves
    /// no way to tell which.
    fn resolve_untriggered(
        &mut self,
        who: usize,
        owner: usize,
        card: CardId,
        die: &DieRef,
        named: Option<DieId>,
        clauses: &[Clause],
    ) -> Flow {
        let triggered: Vec<usize> = self
            .abilities_of(card)
            .map(|l| {
                (0..l.len())
                    .filter(|&i| l[i].kind == Kind::Triggered)
                    .collect()
            })
            .unwrap_or_default();
        let [ability] = triggered[..] else {
            return Err(self.error(
                crate::engine::EngineError::new(
                    crate::engine::EngineCode::Unreplayable,
                    die.span,
                    "the waived move cannot be replayed",
                    "which of the card's abilities?",
                )
                .with_help(
                    "the card has no triggered ability, or several: dmlint cannot tell which one the line resolves; correct the line (or a `position` block after it) to go on",
                ),
            ));
        };
        let from = match named {
            Some(d) => Some(d),
            None => self.find(die, owner, Zone::Field, &[], |_, _| true)?,
        };
        let p = Pending {
            card,
            ability,
            die: from,
            controller: who,
            bursts: from.map_or(0, |d| self.bursts_of(d)),
            batch: self.turn_ref().expect("turn").batch,
            subject: None,
            payers: Vec::new(),
            line: self.line,
        };
        self.run_pending(&p, clauses)
    }

    fn run_pending(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(a) = self
            .abilities_of(p.card)
            .and_then(|l| l.get(p.ability))
            .cloned()
        else {
            return Ok(());
        };
        let src = self.source_of(p);
        if a.limit == Limit::OncePerTurnPerDie
            && self.turn_ref().expect("turn").used.contains(&Used {
                card: p.card,
                ability: p.ability,
                die: p.die,
                by: None,
            })
        {
            return Ok(());
        }
        let ran = self.run(&a, src, p.bursts, clauses, &p.payers)?;
        if ran && matches!(a.limit, Limit::OncePerTurnPerDie | Limit::OncePerTurn) {
            let die = (a.limit == Limit::OncePerTurnPerDie)
                .then_some(p.die)
                .flatten();
            self.turn_mut().used.push(Used {
                card: p.card,
                ability: p.ability,
                die,
                by: None,
            });
        }
        Ok(())
    }

    /// `use DIE …`: an action die's ability. The die is spent first, then its effects.
    pub(super) fn use_die(&mut self, who: usize, id: DieId, clauses: &[Clause]) -> Flow {
        let card = self.state.die(id).card;
        self.text_matters(card, Moment::Used)?;
        let Some(list) = self.abilities_of(card) else {
            self.undecided(self.line, card, "is used")?;
            // Waived: the die is spent; the judge's position block says what it did.
            let (zone, line) = (self.state.spent_zone(who), self.line);
            self.state.move_die(id, zone, line);
            return Ok(());
        };
        let Some(a) = list.iter().find(|a| a.kind == Kind::Action).cloned() else {
            let name = self.cards.get(card).name.clone();
            self.violate(rules::no_such_ability::new(
                self.line,
                format!("{name} has no action ability"),
                "only an action card's die is used as an action",
            ))?;
            // Waived: the die is used, and nothing happens.
            let (zone, line) = (self.state.spent_zone(who), self.line);
            self.state.move_die(id, zone, line);
            return Ok(());
        };
        let bursts = self.bursts_of(id);
        let src = Source::card(card, who);
        self.no_valid_target(&a, &src, bursts)?;
        let zone = self.state.spent_zone(who);
        let line = self.line;
        self.state.move_die(id, zone, line);
        self.run(&a, src, bursts, clauses, &[])?;
        Ok(())
    }

    /// `global CARD …`: a card's global ability, by either player.
    pub(super) fn use_global(&mut self, who: usize, card: CardId, clauses: &[Clause]) -> Flow {
        let Some(list) = self.abilities_of(card) else {
            self.undecided(self.line, card, "has its global ability used")?;
            // Waived: what the line pays is spent; the judge's position block says the rest.
            self.spend_as_written(who, clauses)?;
            self.acted(who);
            return Ok(());
        };
        let Some(a) = list.iter().find(|a| a.kind == Kind::Global).cloned() else {
            let name = self.cards.get(card).name.clone();
            self.violate(
                rules::no_such_ability::new(
                    self.line,
                    format!("{name} has no global ability"),
                    "only a card whose text begins `Global:` has one",
                )
                .with_context(self.cards.get(card).line, "card defined here"),
            )?;
            // Waived: what the line pays is spent, nothing happens, and the use is an
            // action like any global: priority comes back as after one.
            self.spend_as_written(who, clauses)?;
            self.acted(who);
            return Ok(());
        };
        let index = list
            .iter()
            .position(|x| x.kind == Kind::Global)
            .unwrap_or(0);
        let t = self.turn_ref().expect("turn");
        let (step, line) = (t.step, t.step_line);
        if a.limit == Limit::Reactive {
            return self.react(who, card, index, &a, clauses);
        }
        // Only a reactive global answers an event outside the two global windows: the
        // main step and the action window after blockers (Avengers Infinity rulebook,
        // MORE ABOUT GLOBAL ABILITIES).
        if !matches!(step, Step::Main | Step::Window) {
            let (message, context) = match step {
                Step::Attack | Step::Blockers => (
                    "a global ability between attackers and blockers".to_string(),
                    "attackers declared here",
                ),
                Step::Damage | Step::Cleanup => (
                    "a global ability after the action window closed".to_string(),
                    "the window closed here",
                ),
                _ => (
                    format!("a global ability in the {}", super::replay::step_name(step)),
                    "the step began here",
                ),
            };
            // Waived, the global is used where the line says.
            self.violate(
                rules::out_of_step::new(
                    self.line,
                    message,
                    "globals are used in the main step and after blockers are declared, until combat damage; only a reactive one answers an event at another moment",
                )
                .with_context(line, context),
            )?;
        }
        self.holds_priority(who)?;
        self.global_limit(who, card, index, &a)?;
        let src = Source::card(card, who);
        self.no_valid_target(&a, &src, 0)?;
        let ran = self.run(&a, src, 0, clauses, &[])?;
        if ran && matches!(a.limit, Limit::Limited | Limit::OncePerTurn) {
            self.turn_mut().used.push(Used {
                card,
                ability: index,
                die: None,
                by: Some(who),
            });
        }
        self.acted(who);
        Ok(())
    }

    /// Whether a reactive global of one of the game's cards answers `event`.
    fn some_global_answers(&self, event: Event) -> bool {
        self.cards.ids().any(|c| {
            self.abilities_of(c).is_some_and(|l| {
                l.iter().any(|a| {
                    a.kind == Kind::Global
                        && a.limit == Limit::Reactive
                        && a.when.as_ref().is_some_and(|w| w.event == event)
                })
            })
        })
    }

    /// Whether a move uses a reactive global, which answers the last move's events.
    pub(super) fn answers_event(&self, action: &crate::syntax::Move, who: usize) -> bool {
        let crate::syntax::Move::Global { card, .. } = action else {
            return false;
        };
        let Some(c) = self.cards.by_alias(&card.alias.node, who) else {
            return false;
        };
        self.abilities_of(c)
            .and_then(|l| l.iter().find(|a| a.kind == Kind::Global))
            .is_some_and(|a| a.limit == Limit::Reactive)
    }

    /// A limited global is used once per turn by each player: a card's limit is its own,
    /// and each player has their own use of it (Avengers Infinity rulebook, MORE ABOUT
    /// GLOBAL ABILITIES).
    fn global_limit(&mut self, who: usize, card: CardId, ability: usize, a: &Ability) -> Flow {
        if !matches!(a.limit, Limit::Limited | Limit::OncePerTurn) {
            return Ok(());
        }
        let t = self.turn_ref().expect("turn");
        let used = t
            .used
            .iter()
            .any(|u| u.card == card && u.ability == ability && u.by == Some(who));
        if !used {
            return Ok(());
        }
        let name = self.cards.get(card).name.clone();
        let player = self.name(who).to_string();
        // Waived, the global is used again, as written.
        self.violate(
            rules::global_limit::new(
                self.line,
                format!("{player} uses {name}'s limited global a second time this turn"),
                format!(
                    "{name}'s global is limited to once per turn for each player; the other player may still use it, and a copy of the card on the other team is another card"
                ),
            )
            .with_context(t.line, "this turn began here"),
        )
    }

    /// A reactive global: used only in answer to an event the last move set off that its
    /// `when:` names, once per event by each player (Avengers Infinity rulebook, MORE
    /// ABOUT GLOBAL ABILITIES). It needs no priority and no global window. What its
    /// effects set off answers nothing new.
    fn react(
        &mut self,
        who: usize,
        card: CardId,
        index: usize,
        a: &Ability,
        clauses: &[Clause],
    ) -> Flow {
        let name = self.cards.get(card).name.clone();
        // `cards --check` refuses a reactive global without `when:` or with an event the
        // engine does not offer (`Ability::problem`).
        let Some(when) = a.when.clone() else {
            self.undecided(self.line, card, "has a reactive global with no event")?;
            return self.spend_as_written(who, clauses);
        };
        let in_step = in_step(self.turn_ref().expect("turn").step, when.step);
        let fits: Vec<usize> = self
            .turn_ref()
            .expect("turn")
            .reactable
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                in_step && r.event == when.event && self.answers(when.of, r.about, who, card)
            })
            .map(|(i, _)| i)
            .collect();
        let me = (card, index, who);
        let open = fits.iter().copied().find(|&i| {
            !self.turn_ref().expect("turn").reactable[i]
                .answered
                .contains(&me)
        });
        match (open, fits.is_empty()) {
            (Some(i), _) => self.turn_mut().reactable[i].answered.push(me),
            (None, true) => {
                let event = crate::cards::text::event(when.event, when.of);
                let player = self.name(who).to_string();
                // The same kind of event, about someone else: "you" is the global's user.
                let other = self
                    .turn_ref()
                    .expect("turn")
                    .reactable
                    .iter()
                    .find(|r| r.event == when.event)
                    .map(|r| r.line);
                let v = match other {
                    Some(at) => rules::nothing_to_react_to::new(
                        self.line,
                        format!("{name}'s global answers when {event}, and the event the last move set off is not one {player} can answer with it"),
                        format!("\"you\" in a global's text is the player who uses it, here {player}"),
                    )
                    .with_context(at, "the event, which is not theirs"),
                    None => rules::nothing_to_react_to::new(
                        self.line,
                        format!("{name}'s global answers when {event}, and the last move set off no such event"),
                        "a reactive global is used right after the move whose event it answers, before any other move",
                    ),
                };
                // Waived, the global is used as written.
                self.violate(v)?;
            }
            (None, false) => {
                let player = self.name(who).to_string();
                let at = self.turn_ref().expect("turn").reactable[fits[0]].line;
                // Waived, the global is used again, as written.
                self.violate(
                    rules::already_reacted::new(
                        self.line,
                        format!("{player} already answered this event with {name}'s global"),
                        "a reactive global answers each event once per player; its own effects are not a new event to answer",
                    )
                    .with_context(at, "the event it answered"),
                )?;
            }
        }
        let src = Source::card(card, who);
        self.no_valid_target(a, &src, 0)?;
        let before = self.answering;
        self.answering = true;
        let ran = self.run(a, src, 0, clauses, &[]);
        self.answering = before;
        ran?;
        Ok(())
    }

    /// Whether an event about `about` is one that `who`'s use of `card`'s global answers,
    /// the global's `of:` read from the user's side ("you" is whoever uses it).
    fn answers(&self, of: Subject, about: About, who: usize, card: CardId) -> bool {
        let die = |d: DieId| self.state.die(d);
        match (of, about) {
            (Subject::You | Subject::ThisOrYou, About::Player(p)) => p == who,
            (Subject::Opponent, About::Player(p)) => p != who,
            (Subject::Opponent, About::Die(d)) => die(d).owner != who,
            (Subject::YourCharacter, About::Die(d)) => die(d).owner == who,
            (Subject::AnyCharacter, About::Die(_)) => true,
            (Subject::This | Subject::ThisOrYou, About::Die(d)) => die(d).card == card,
            _ => false,
        }
    }

    /// A waived move that pays for an ability the card does not have: the dice its `pay`
    /// clause names are spent, as written.
    pub(super) fn spend_as_written(&mut self, who: usize, clauses: &[Clause]) -> Flow {
        for c in clauses {
            if let Clause::Pay(p) = c {
                let paid = self.collect_payment(who, p)?;
                self.apply_payment(who, &paid);
            }
        }
        Ok(())
    }

    /// "You may not choose to initiate an effect with no valid targets."
    fn no_valid_target(&mut self, a: &Ability, src: &Source, bursts: u8) -> Flow {
        for e in effects_for(a, bursts) {
            let Some(to) = selector(&e) else { continue };
            if to.target && !select::names_players(to) && self.candidates(to, src).is_empty() {
                let name = self.cards.get(src.card).name.clone();
                return self.violate(rules::no_valid_target::new(
                    self.line,
                    format!(
                        "{name} has no valid target: no {}",
                        crate::cards::text::sel(to)
                    ),
                    "an ability that targets cannot be used when nothing it may target is there",
                ));
            }
        }
        Ok(())
    }

    /// The dice a selector may reach now.
    fn candidates(&self, sel: &crate::cards::ability::Selector, src: &Source) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|id| select::matches(&self.cards, &self.state, sel, src, *id))
            .collect()
    }

    /// Runs one ability with a line's choices; `Ok(false)` when an optional one was
    /// declined.
    fn run(
        &mut self,
        a: &Ability,
        src: Source,
        bursts: u8,
        clauses: &[Clause],
        payers: &[DieId],
    ) -> Result<bool, Stop> {
        let choices = Choices::of(clauses, self.line);
        let effects = effects_for(a, bursts);
        if let Some(e) = effects.iter().find(|e| !effect_applied(e)) {
            let what = format!(
                "needs `{}`, which dmlint does not apply yet",
                crate::cards::text::effect(e)
            );
            self.undecided(self.line, src.card, &what)?;
            // Waived: what the line pays is spent; the judge's position block says the rest.
            self.spend_as_written(src.controller, clauses)?;
            return Ok(true);
        }
        if a.if_.is_some() {
            self.undecided(
                self.line,
                src.card,
                "has a condition dmlint does not apply yet",
            )?;
            // Waived: what the line pays is spent; the judge's position block says the rest.
            self.spend_as_written(src.controller, clauses)?;
            return Ok(true);
        }
        if a.cost.iter().any(|c| !matches!(c, Cost::Energy(_))) {
            self.undecided(self.line, src.card, "has a cost dmlint does not apply yet")?;
            self.spend_as_written(src.controller, clauses)?;
            return Ok(true);
        }
        if let Some((false, at)) = choices.may {
            if a.may && choices.is_empty() {
                return Ok(false);
            }
            let name = self.cards.get(src.card).name.clone();
            let help = if a.may {
                "`may no` declines the ability: nothing else goes on the line"
            } else {
                "the ability is mandatory: it has no `may`"
            };
            self.violate(rules::invalid_choice::new(
                at,
                format!("{name}'s ability is declined but the line makes choices for it"),
                help,
            ))?;
            return Ok(false);
        }
        if let Some((true, at)) = choices.may
            && !a.may
        {
            let name = self.cards.get(src.card).name.clone();
            self.violate(rules::invalid_choice::new(
                at,
                format!("{name}'s ability is not optional"),
                "`may` answers an ability whose text says \"you may\"",
            ))?;
        }
        self.pay_costs(a, &src, choices.pay)?;
        let mut ctx = Run {
            src,
            choices,
            payers: payers.to_vec(),
            chosen: Vec::new(),
            earlier: Vec::new(),
            target: 0,
            word: 0,
            draw: 0,
            rolled: Vec::new(),
        };
        // All the effects of one ability are one game effect: their damage and KOs
        // happen together, and trigger an ability once (Avengers Infinity rulebook,
        // EFFECT TIMING AND RESOLUTION).
        let mut ops = Vec::new();
        for e in &effects {
            ops.extend(self.effect(e, &mut ctx)?);
        }
        self.leftover(&ctx)?;
        // Damage an action die or a global deals is an event a reactive global may answer
        // (Human Torch: "Flame On!"); a reaction's own damage is not.
        let dealer = matches!(a.kind, Kind::Action | Kind::Global) && !self.answering;
        let before = self.dealing;
        self.dealing = dealer.then_some(ctx.src.controller);
        let applied = self.apply(ops);
        self.dealing = before;
        applied?;
        Ok(true)
    }

    fn pay_costs(&mut self, a: &Ability, src: &Source, pay: Option<&Payment>) -> Flow {
        let symbols: Vec<EnergySymbol> = a
            .cost
            .iter()
            .flat_map(|c| match c {
                Cost::Energy(s) => s.clone(),
                _ => Vec::new(),
            })
            .collect();
        let who = src.controller;
        let empty = self.no_payment();
        let payment = match (pay, symbols.is_empty()) {
            (None, true) => return Ok(()),
            (Some(p), true) => {
                let name = self.cards.get(src.card).name.clone();
                self.violate(rules::payment_excess::new(
                    p.span,
                    format!("{name}'s ability has no cost"),
                    "nothing is paid for an ability without a cost",
                ))?;
                // Waived: the dice are spent as written.
                let paid = self.collect_payment(who, p)?;
                self.apply_payment(who, &paid);
                return Ok(());
            }
            (p, false) => p.unwrap_or(&empty),
        };
        let paid = self.collect_payment(who, payment)?;
        let types: Vec<[EnergyType; 1]> = symbols
            .iter()
            .filter_map(|s| s.energy())
            .map(|t| [t])
            .collect();
        let mut costs: Vec<(usize, &[EnergyType])> = types.iter().map(|t| (1, &t[..])).collect();
        let generic = symbols.iter().filter(|s| s.energy().is_none()).count();
        if generic > 0 {
            costs.push((generic, &[]));
        }
        if let Err(short) = self.pays(&paid, &costs) {
            let need: Vec<&str> = symbols
                .iter()
                .map(|s| crate::cards::text::symbol(*s))
                .collect();
            let text = format!("the ability costs {}", need.join(" "));
            let v = self.shortfall(short, payment.span, &text, who, &paid.units, &costs);
            self.violate(v)?;
        }
        self.apply_payment(who, &paid);
        Ok(())
    }

    /// The ops of one effect, with the choices it takes from the line.
    fn effect(&mut self, e: &Effect, ctx: &mut Run) -> Result<Vec<Op>, Stop> {
        let mut ops = Vec::new();
        match e {
            Effect::Damage { amount, to } => {
                let n = u32::from(*amount);
                for t in self.reach(to, ctx)? {
                    ops.push(match t {
                        Reached::Die(die) => Op::Damage { die, amount: n },
                        Reached::Player(player) => Op::DamagePlayer { player, amount: n },
                    });
                }
            }
            Effect::Ko { to } => {
                for die in self.reach_dice(to, ctx)? {
                    ops.push(Op::Ko { die });
                }
            }
            Effect::Boost {
                to,
                attack,
                defense,
                double_attack,
                ..
            } => {
                let boost = Boost {
                    attack: i32::from(*attack),
                    defense: i32::from(*defense),
                    double_attack: *double_attack,
                    no_damage: false,
                };
                for die in self.reach_dice(to, ctx)? {
                    ops.push(Op::Boost { die, boost });
                }
            }
            Effect::NoDamage { to } => {
                let boost = Boost {
                    no_damage: true,
                    ..Boost::default()
                };
                for die in self.reach_dice(to, ctx)? {
                    ops.push(Op::Boost { die, boost });
                }
            }
            Effect::GainLife { amount, .. } => ops.push(Op::GainLife {
                player: ctx.src.controller,
                amount: u32::from(*amount),
            }),
            Effect::Spin { to, levels, way } => {
                for die in self.reach_dice(to, ctx)? {
                    let up = match way {
                        Way::Up => true,
                        Way::Down => false,
                        Way::Either => self.word(ctx, &["up", "down"])? == "up",
                    };
                    // A chosen direction the die cannot go is no choice at all: a die
                    // stays within its levels (Avengers Infinity rulebook, SPINNING).
                    let Some(Face::Level { level, .. }) = self.state.die(die).face else {
                        continue;
                    };
                    let card = self.cards.get(self.state.die(die).card);
                    let top = card.levels.len() as u8;
                    let to = if up {
                        level.saturating_add(*levels).min(top)
                    } else {
                        level.saturating_sub(*levels).max(1)
                    };
                    if *way == Way::Either && to == level {
                        let text = self.state.die_text_plain(&self.cards, die);
                        let (dir, help) = if up {
                            ("up", format!("it is at its highest level ({top})"))
                        } else {
                            ("down", "level 1 is its lowest".to_string())
                        };
                        self.violate(rules::invalid_choice::new(
                            ctx.choices.span,
                            format!("`{text}` cannot be spun {dir}"),
                            help,
                        ))?;
                    }
                    ops.push(Op::Spin { die, level: to });
                }
            }
            Effect::Draw { count, zone } => {
                for _ in 0..*count {
                    self.draw_one(ctx, select::zone(*zone))?;
                }
            }
            Effect::Roll { what, else_to, .. } => self.roll_from(ctx, what, *else_to)?,
            Effect::Reroll { to, else_to } => {
                let dice = self.reach_dice(to, ctx)?;
                self.reroll_dice(ctx, &dice, *else_to)?;
            }
            // Prevention answers another effect (see `protect`); a static restriction
            // is checked where it restricts.
            _ => {}
        }
        Ok(ops)
    }

    /// The dice (and players) an effect reaches: all that match for `each`, the line's
    /// targets otherwise.
    fn reach(
        &mut self,
        to: &crate::cards::ability::Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Reached>, Stop> {
        match to.what {
            // "This die" of a trigger that fired for an event about its owner ("when you
            // or Hulk takes damage, Hulk gets +2A"): no die is the one, and dmlint does
            // not guess which of the card's dice the text means.
            What::This if ctx.src.die.is_none() => {
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "acts on its own die, but fired for an event about a player: which die it means is not decided",
                )?;
                return Ok(Vec::new());
            }
            What::This => return Ok(ctx.src.die.into_iter().map(Reached::Die).collect()),
            What::It => return Ok(ctx.src.subject.into_iter().map(Reached::Die).collect()),
            What::Those => return Ok(ctx.chosen.iter().copied().map(Reached::Die).collect()),
            _ => {}
        }
        let dice = self.candidates(to, &ctx.src);
        if to.count == Count::Each || to.what == What::ThisCard {
            let mut out: Vec<Reached> = Vec::new();
            out.extend(players(to, &ctx.src).map(Reached::Player));
            let dice: Vec<DieId> = dice
                .into_iter()
                .filter(|d| !to.already || self.state.die(*d).moved != self.line)
                .collect();
            ctx.chosen = dice.clone();
            out.extend(dice.into_iter().map(Reached::Die));
            return Ok(out);
        }
        let want = if to.count == Count::Two { 2 } else { 1 };
        let players_too = select::names_players(to);
        // "Your opponent" is one player: no choice to write.
        if to.what == What::Player && !to.target {
            let players: Vec<usize> = players(to, &ctx.src).collect();
            if let [p] = players[..] {
                return Ok(vec![Reached::Player(p)]);
            }
        }
        let mut out = Vec::new();
        let mut chosen = Vec::new();
        while out.len() < want {
            let Some(r) = ctx.choices.targets.get(ctx.target).copied() else {
                break;
            };
            ctx.target += 1;
            // A bare name may be a player.
            if players_too
                && r.face.is_none()
                && r.player.is_none()
                && let Some(p) = self.cards.player(&r.alias.node)
            {
                if !select::matches_player(to, &ctx.src, p) {
                    // Waived, the effect reaches the player written.
                    self.bad_target(r, to, &ctx.src)?;
                }
                out.push(Reached::Player(p));
                continue;
            }
            let owner = self.owner_of(r, ctx.src.controller)?;
            let zone = to.zone.map_or(Zone::Field, select::zone);
            // "Another target": not a die an earlier effect of this ability chose.
            let mut taken = chosen.clone();
            if to.other {
                taken.extend(ctx.earlier.iter().copied());
            }
            let found = self.find(r, owner, zone, &taken, |_, _| true)?;
            match found {
                Some(d) => {
                    if !dice.contains(&d) || taken.contains(&d) {
                        // Waived, the effect reaches the die written.
                        self.bad_target(r, to, &ctx.src)?;
                    }
                    chosen.push(d);
                    out.push(Reached::Die(d));
                }
                None => {
                    self.bad_target(r, to, &ctx.src)?;
                    return Err(self.unreplayable(r.span, "no such die where the effect reaches"));
                }
            }
        }
        // "As much as possible": fewer only when there is nothing else to choose.
        let available: Vec<DieId> = dice
            .iter()
            .copied()
            .filter(|d| !chosen.contains(d))
            .collect();
        if out.len() < want && !available.is_empty() {
            let name = self.cards.get(ctx.src.card).name.clone();
            // The dice it could still reach, as its controller names them.
            let example: Vec<String> = available
                .iter()
                .take(want - out.len())
                .map(|d| self.die_for(*d, ctx.src.controller))
                .collect();
            self.violate(rules::invalid_target::new(
                ctx.choices.span,
                format!(
                    "{name} needs {want} {} and the line names {}",
                    if want == 1 { "choice" } else { "choices" },
                    out.len()
                ),
                format!(
                    "name {} in a `target` clause, such as `target {}`",
                    crate::cards::text::sel(to),
                    example.join(" ")
                ),
            ))?;
        }
        ctx.earlier.extend(chosen.iter().copied());
        ctx.chosen = chosen;
        Ok(out)
    }

    fn reach_dice(
        &mut self,
        to: &crate::cards::ability::Selector,
        ctx: &mut Run,
    ) -> Result<Vec<DieId>, Stop> {
        Ok(self
            .reach(to, ctx)?
            .into_iter()
            .filter_map(|r| match r {
                Reached::Die(d) => Some(d),
                Reached::Player(_) => None,
            })
            .collect())
    }

    fn bad_target(
        &mut self,
        r: &DieRef,
        to: &crate::cards::ability::Selector,
        src: &Source,
    ) -> Flow {
        let name = self.cards.get(src.card).name.clone();
        self.violate(rules::invalid_target::new(
            r.span,
            format!("`{r}` is not a valid choice for {name}"),
            format!("it must be {}", crate::cards::text::sel(to)),
        ))
    }

    /// The next `choose` word, which must be one of `allowed`.
    fn word(&mut self, ctx: &mut Run, allowed: &[&str]) -> Result<String, Stop> {
        let Some((w, at)) = ctx.choices.words.get(ctx.word).cloned() else {
            let name = self.cards.get(ctx.src.card).name.clone();
            let example = allowed.first().copied().unwrap_or("up");
            self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} needs a choice the line does not make"),
                format!(
                    "add `choose {example}`; the choices are {}",
                    allowed.join(", ")
                ),
            ))?;
            // Waived, the choice is still unknown: dmlint does not guess it.
            return Err(self.unreplayable(ctx.choices.span, "the choice is not recorded"));
        };
        ctx.word += 1;
        if !allowed.contains(&w.as_str()) {
            self.violate(rules::invalid_choice::new(
                at,
                format!("`{w}` is not a choice here"),
                format!("choose one of: {}", allowed.join(", ")),
            ))?;
        }
        Ok(w)
    }

    /// One die drawn by an effect: the line names it (`draw SK to prep`).
    /// A die an effect draws, as in the clear and draw step: an empty bag is refilled
    /// from the used pile first (not from out of play), and a die that cannot be drawn at
    /// all costs a life and gives a generic energy (Avengers Infinity rulebook, PLAY
    /// AREAS, The Bag; 1. CLEAR AND DRAW STEP).
    fn draw_one(&mut self, ctx: &mut Run, zone: Zone) -> Flow {
        let who = ctx.src.controller;
        let line = self.line;
        if self.state.count(who, Zone::Bag) == 0 {
            let used: Vec<DieId> = self.state.zone(who, Zone::Used).collect();
            for id in &used {
                self.state.move_die(*id, Zone::Bag, line);
            }
            if used.is_empty() {
                let p = &mut self.state.players[who];
                p.life -= 1;
                p.virtual_energy += 1;
                self.check_life();
                return Ok(());
            }
        }
        let Some((item, to)) = ctx.choices.draws.get(ctx.draw).copied() else {
            let name = self.cards.get(ctx.src.card).name.clone();
            // A die the bag holds, and where the card puts it.
            let help = match self.state.zone(who, Zone::Bag).next() {
                Some(d) => format!(
                    "write the die drawn in a `draw` clause, such as `draw {} to {zone}`",
                    self.state.die_text_plain(&self.cards, d)
                ),
                None => "write the die drawn in a `draw` clause".to_string(),
            };
            // Waived, nothing is drawn: the line names nothing.
            return self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} draws a die the line does not name"),
                help,
            ));
        };
        ctx.draw += 1;
        let mut zone = zone;
        if let Some(to) = to
            && to != zone
        {
            let name = self.cards.get(ctx.src.card).name.clone();
            self.violate(rules::invalid_choice::new(
                item.die.span,
                format!(
                    "{name} puts this die in the {}, not the {}",
                    super::resolve::zone_phrase(zone),
                    super::resolve::zone_phrase(to)
                ),
                "the card says where each drawn die goes",
            ))?;
            // Waived, the die goes where the line says.
            zone = to;
        }
        let Some(id) = self.find(&item.die, who, Zone::Bag, &[], |_, _| true)? else {
            return self.not_in_zone(&item.die, who, Zone::Bag, "drawn", false);
        };
        self.state.move_die(id, zone, line);
        let card = self.state.die(id).card;
        self.text_matters(card, Moment::Drawn)
    }

    /// A die taken from a zone and rolled (Captain America: American Hero).
    fn roll_from(
        &mut self,
        ctx: &mut Run,
        what: &crate::cards::ability::Selector,
        else_to: Option<crate::cards::ability::Placement>,
    ) -> Flow {
        let next = (0..ctx.choices.rolls.len()).find(|k| !ctx.rolled.contains(k));
        let Some(item) = next.map(|k| ctx.choices.rolls[k]) else {
            if self.candidates(what, &ctx.src).is_empty() {
                return Ok(());
            }
            let name = self.cards.get(ctx.src.card).name.clone();
            let first = self.candidates(what, &ctx.src).first().copied();
            let help = match first {
                Some(d) => format!(
                    "write the die and the face it rolled in a `roll` clause, such as `roll {}`",
                    self.rolled_example(d, ctx.src.controller)
                ),
                None => "write the die and the face it rolled in a `roll` clause".to_string(),
            };
            return self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} rolls a die the line does not name"),
                help,
            ));
        };
        ctx.rolled.extend(next);
        let zone = what.zone.map_or(Zone::Field, select::zone);
        let who = ctx.src.controller;
        let owner = self.owner_of(&item.die, who)?;
        let mut bare = item.die.clone();
        bare.face = None;
        let allowed = self.candidates(what, &ctx.src);
        let found = self.find(&bare, owner, zone, &ctx.payers, |_, id| {
            allowed.contains(&id)
        })?;
        let id = match found {
            Some(id) => id,
            None => {
                let paid = self
                    .find(&bare, owner, zone, &[], |_, id| allowed.contains(&id))?
                    .is_some();
                let name = self.cards.get(ctx.src.card).name.clone();
                let help = if paid {
                    "the only such dice paid for the move that triggered it, and the card rules them out".to_string()
                } else {
                    format!("it rolls {}", crate::cards::text::sel(what))
                };
                self.violate(rules::invalid_target::new(
                    item.die.span,
                    format!("`{}` is not a die {name} may roll", item.die),
                    help,
                ))?;
                // Waived, the die written is rolled, if it is in that zone at all.
                match self.find(&bare, owner, zone, &[], |_, _| true)? {
                    Some(id) => id,
                    None => return Err(self.unreplayable(item.die.span, "no such die to roll")),
                }
            }
        };
        let Some(face) = item.die.face.clone() else {
            let mut example = item.die.clone();
            example.face = self
                .example_face(id)
                .map(|f| Spanned::new(f, Span::default()));
            self.violate(rules::invalid_choice::new(
                item.die.span,
                "the rolled die's face is missing".to_string(),
                format!("write the face it rolled after the die, such as `roll {example}`"),
            ))?;
            return Err(self.unreplayable(item.die.span, "the face rolled is not recorded"));
        };
        self.check_rolled(self.state.die(id).card, &face, item.die.span)?;
        let character = matches!(face.node, Face::Level { .. });
        let zone = match else_to {
            Some(p) if !character => self.placement(p, id, &ctx.src)?,
            _ => Zone::Reserve,
        };
        self.place(id, face.node, zone);
        self.text_rolled(&[id])
    }

    /// Rerolled dice: the line gives each result (`roll Bob.AM:L2`).
    fn reroll_dice(
        &mut self,
        ctx: &mut Run,
        dice: &[DieId],
        else_to: Option<crate::cards::ability::Placement>,
    ) -> Flow {
        // Each rerolled die takes the first result written for its card, whatever the
        // order the line lists them in; every result is found before any is applied, so
        // a line that misses one changes nothing.
        let mut results = Vec::new();
        for &id in dice {
            let die = self.state.die(id);
            let found = (0..ctx.choices.rolls.len()).find(|&k| {
                let i = ctx.choices.rolls[k];
                !ctx.rolled.contains(&k)
                    && self.cards.by_alias(&i.die.alias.node, die.owner) == Some(die.card)
            });
            let Some(k) = found else {
                let text = self.state.die_text_plain(&self.cards, id);
                self.violate(rules::invalid_choice::new(
                    ctx.choices.span,
                    format!("the reroll of `{text}` is not recorded"),
                    format!(
                        "write each rerolled die with its new face in a `roll` clause, such as `roll {}`",
                        self.rolled_example(id, ctx.src.controller)
                    ),
                ))?;
                continue;
            };
            ctx.rolled.push(k);
            results.push((id, ctx.choices.rolls[k]));
        }
        for (id, item) in results {
            let die = self.state.die(id).clone();
            let Some(face) = item.die.face.clone() else {
                return self.violate(rules::invalid_choice::new(
                    item.die.span,
                    "the rerolled die's face is missing".to_string(),
                    "write the face it rolled",
                ));
            };
            self.check_rolled(die.card, &face, item.die.span)?;
            let character = matches!(face.node, Face::Level { .. });
            if character || die.zone != Zone::Field {
                self.state.die_mut(id).face = Some(face.node);
            } else {
                let zone = match else_to {
                    Some(p) => self.placement(p, id, &ctx.src)?,
                    None => Zone::Reserve,
                };
                self.place(id, face.node, zone);
            }
        }
        self.text_rolled(dice)
    }

    /// The zone a placement sends a die to. Dice stay their owner's, so a placement in
    /// another player's zone (a die that changes hands) is undecided, not guessed.
    fn placement(
        &mut self,
        p: crate::cards::ability::Placement,
        id: DieId,
        src: &Source,
    ) -> Result<Zone, Stop> {
        let whose = match p.of {
            Owner::Its => self.state.die(id).owner,
            Owner::You => src.controller,
            Owner::Opponent => 1 - src.controller,
        };
        if whose != self.state.die(id).owner {
            // Waived, the die goes to its owner's zone; the judge's position block says
            // where it is.
            self.undecided(
                self.line,
                src.card,
                "moves a die into another player's zone, which dmlint does not apply yet",
            )?;
        }
        Ok(select::zone(p.zone))
    }

    /// Puts a die in one of its owner's zones, showing `face` if the zone shows faces.
    fn place(&mut self, id: DieId, face: Face, zone: Zone) {
        let line = self.line;
        self.state.move_die(id, zone, line);
        if matches!(zone, Zone::Reserve | Zone::Field) {
            self.state.die_mut(id).face = Some(face);
        }
    }

    /// Choices the line made that no effect used.
    fn leftover(&mut self, ctx: &Run) -> Flow {
        if let Some(t) = ctx.choices.targets.get(ctx.target) {
            let name = self.cards.get(ctx.src.card).name.clone();
            return self.violate(rules::invalid_target::new(
                t.span,
                format!("`{t}` is one target too many"),
                format!("{name}'s ability (with the bursts the die shows) targets fewer"),
            ));
        }
        let extra = if let Some((w, at)) = ctx.choices.words.get(ctx.word) {
            Some((*at, format!("`{w}` is one choice too many")))
        } else if let Some((d, _)) = ctx.choices.draws.get(ctx.draw) {
            Some((d.die.span, format!("`{}` is one draw too many", d.die)))
        } else {
            (0..ctx.choices.rolls.len())
                .find(|k| !ctx.rolled.contains(k))
                .map(|k| ctx.choices.rolls[k])
                .map(|r| (r.die.span, format!("`{}` is one roll too many", r.die)))
        };
        let Some((span, message)) = extra else {
            return Ok(());
        };
        let name = self.cards.get(ctx.src.card).name.clone();
        self.violate(rules::invalid_choice::new(
            span,
            message,
            format!("the line records more than {name}'s ability does"),
        ))
    }

    /// Commits ops, holding back those that a die's controller may still prevent.
    pub(super) fn apply(&mut self, ops: Vec<Op>) -> Flow {
        if ops.is_empty() {
            return Ok(());
        }
        for op in &ops {
            if let Some((card, why)) = self.unapplied_protection(op) {
                // Waived, the effect goes ahead unprotected; the judge's position block
                // says otherwise if it was prevented.
                self.undecided(self.line, card, why)?;
            }
        }
        let mut held: Option<Held> = None;
        let mut now = Vec::new();
        for op in ops {
            let protector = op.die().and_then(|d| self.protector(d));
            match (protector, &mut held) {
                (Some((card, ability)), None) => {
                    held = Some(Held {
                        ops: vec![op],
                        card,
                        ability,
                        line: self.line,
                    })
                }
                (Some((card, _)), Some(h)) if h.card == card => h.ops.push(op),
                _ => now.push(op),
            }
        }
        if let Some(h) = held {
            self.turn_mut().held = Some(h);
        }
        self.commit(now)
    }

    /// The card whose ability may protect die `d` from an effect ("pay a fist to
    /// prevent Spider-Man from being affected"), if its controller could use it.
    fn protector(&self, d: DieId) -> Option<(CardId, usize)> {
        let die = self.state.die(d);
        if die.zone != Zone::Field {
            return None;
        }
        let list = self.abilities_of(die.card)?;
        let i = list
            .iter()
            .position(|a| a.kind == Kind::Triggered && protection_applied(a))?;
        Some((die.card, i))
    }

    /// A "would be affected" trigger of another form than the protection the engine
    /// applies, whose subject an op is about to affect: the card and why it is undecided.
    fn unapplied_protection(&self, op: &Op) -> Option<(CardId, &'static str)> {
        let about = match (op.die(), op) {
            (Some(d), _) => About::Die(d),
            (None, Op::DamagePlayer { player, .. } | Op::GainLife { player, .. }) => {
                About::Player(*player)
            }
            (None, _) => return None,
        };
        self.cards.ids().find_map(|card| {
            let owner = self.cards.get(card).owner?;
            let list = self.abilities_of(card)?;
            let active = select::active(&self.state, card, owner);
            list.iter()
                .any(|a| {
                    let Some(w) = a.when.as_ref() else {
                        return false;
                    };
                    a.kind == Kind::Triggered
                        && w.event == Event::WouldBeAffected
                        && !protection_applied(a)
                        && (a.while_.is_none() || active)
                        && self.subject_is(w.of, about, card, owner)
                })
                .then_some((card, "has a protection dmlint does not apply yet"))
        })
    }

    /// Whether an event about `about` is one that `of` names, for `owner`'s `card`.
    fn subject_is(&self, of: Subject, about: About, card: CardId, owner: usize) -> bool {
        let die = |d: DieId| self.state.die(d);
        match (of, about) {
            (Subject::This | Subject::ThisOrYou, About::Die(d)) => {
                die(d).card == card && die(d).owner == owner
            }
            (Subject::You | Subject::ThisOrYou, About::Player(p)) => p == owner,
            (Subject::YourCharacter, About::Die(d)) => die(d).owner == owner,
            (Subject::AnyCharacter, About::Die(_)) => true,
            (Subject::Opponent, About::Player(p)) => p != owner,
            _ => false,
        }
    }

    /// The held effect goes ahead: nobody prevented it.
    pub(super) fn release(&mut self) -> Flow {
        let Some(h) = self.state.turn.as_mut().and_then(|t| t.held.take()) else {
            return Ok(());
        };
        self.commit(h.ops)
    }

    /// Whether a `resolve` line answers the held effect (its card's protection).
    pub(super) fn answers_held(&self, who: usize, die: &DieRef) -> bool {
        let Some(h) = self.state.turn.as_ref().and_then(|t| t.held.as_ref()) else {
            return false;
        };
        let owner = die
            .player
            .as_ref()
            .and_then(|p| self.cards.player(&p.node))
            .unwrap_or(who);
        self.cards.by_alias(&die.alias.node, owner) == Some(h.card)
    }

    /// The protection is used: its cost is paid and the held effect does not happen to
    /// the die.
    fn protect(&mut self, who: usize, r: &DieRef, held: Held, clauses: &[Clause]) -> Flow {
        let Some(owner) = held
            .ops
            .iter()
            .find_map(|o| o.die())
            .map(|d| self.state.die(d).owner)
        else {
            return Ok(());
        };
        if who != owner {
            let n = self.name(owner).to_string();
            let die_owner = self.owner_of(r, who)?;
            // Waived, the protection is made as written (paid by its die's owner).
            self.violate(rules::wrong_player::new(
                self.line,
                format!("only {n} may protect their own die"),
                format!(
                    "write `{}`",
                    self.as_written_by(owner, die_owner, r, clauses)
                ),
            ))?;
        }
        let Some(a) = self
            .abilities_of(held.card)
            .and_then(|l| l.get(held.ability))
            .cloned()
        else {
            return Ok(());
        };
        // The die the line protects: one of the held dice it names.
        let dice: Vec<DieId> = held.ops.iter().filter_map(|o| o.die()).collect();
        let named = self.find(r, owner, Zone::Field, &[], |_, id| dice.contains(&id))?;
        let Some(die) = named else {
            let name = self.cards.get(held.card).name.clone();
            return self.violate(
                rules::not_triggered::new(
                    r.span,
                    format!("`{r}` is not a die of {name} the last effect would affect"),
                    "a protection answers the effect of the line just before it, for a die it affects",
                )
                .with_context(held.line, "the effect it would answer"),
            );
        };
        let (mine, rest): (Vec<Op>, Vec<Op>) = held.ops.iter().partition(|o| o.die() == Some(die));
        self.turn_mut().held = (!rest.is_empty()).then(|| Held {
            ops: rest,
            ..held.clone()
        });
        let src = Source::card(held.card, owner).from_die(die);
        let choices = Choices::of(clauses, self.line);
        if let Some((false, _)) = choices.may {
            return self.commit(mine);
        }
        self.pay_costs(&a, &src, choices.pay)
    }

    /// Applies ops as one simultaneous event, then what follows from it: damage
    /// triggers, knock-outs, the end of the game.
    pub(super) fn commit(&mut self, ops: Vec<Op>) -> Flow {
        let line = self.line;
        let mut events: Vec<(Event, About)> = Vec::new();
        let mut knocked = Vec::new();
        let mut dealt = false;
        for op in ops {
            match op {
                Op::Damage { die, amount } => {
                    if amount == 0 || self.state.die(die).zone != Zone::Field {
                        continue;
                    }
                    self.state.die_mut(die).damage += amount;
                    events.push((Event::TakesDamage, About::Die(die)));
                    dealt = true;
                }
                Op::DamagePlayer { player, amount } => {
                    if amount == 0 {
                        continue;
                    }
                    self.state.players[player].life -= i64::from(amount);
                    events.push((Event::TakesDamage, About::Player(player)));
                    dealt = true;
                }
                Op::Ko { die } => {
                    if self.state.die(die).zone == Zone::Field {
                        knocked.push(die);
                    }
                }
                Op::Boost { die, boost } => {
                    let b = &mut self.state.die_mut(die).boost;
                    b.attack += boost.attack;
                    b.defense += boost.defense;
                    b.double_attack |= boost.double_attack;
                    b.no_damage |= boost.no_damage;
                }
                Op::Spin { die, level } => {
                    let face = self.cards.get(self.state.die(die).card).level_face(level);
                    if let Some(face) = face
                        && self.state.die(die).zone == Zone::Field
                    {
                        self.state.die_mut(die).face = Some(face);
                    }
                }
                Op::GainLife { player, amount } => {
                    let cap = i64::from(self.state.start_life);
                    let p = &mut self.state.players[player];
                    p.life = (p.life + i64::from(amount)).min(cap.max(p.life));
                }
            }
        }
        if dealt && let Some(p) = self.dealing {
            events.push((Event::DealsEffectDamage, About::Player(p)));
        }
        self.knock_out_all(&knocked, line);
        self.fire(&events, &[]);
        self.ko_check();
        self.check_life();
        Ok(())
    }

    /// Knocks dice out, all at once. Their KO triggers fire first, as one batch, so they
    /// see the face (and the bursts) each die showed.
    pub(super) fn knock_out_all(&mut self, dice: &[DieId], line: Span) {
        if dice.is_empty() {
            return;
        }
        let events = ko_events(&self.state, dice);
        self.fire(&events, &[]);
        self.remove_knocked_at(dice, line);
    }

    /// Knocked-out dice go to their owner's prep area.
    pub(super) fn remove_knocked(&mut self, dice: &[DieId]) {
        self.remove_knocked_at(dice, self.line);
    }

    fn remove_knocked_at(&mut self, dice: &[DieId], line: Span) {
        for &die in dice {
            self.state.move_die(die, Zone::Prep, line);
        }
    }

    /// The characters in the field whose damage reaches their defense: a defense brought
    /// to 0 counts an undamaged die too (Avengers Infinity rulebook, BONUSES AND DAMAGE).
    pub(super) fn lethal(&self) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|&id| {
                let die = self.state.die(id);
                die.zone == Zone::Field
                    && select::is_character(&self.state, id)
                    && die.damage >= select::stats(&self.cards, &self.state, id).1
            })
            .collect()
    }

    /// Characters whose damage reaches their defense are knocked out, after every effect.
    /// Not while 2018 combat damage waits for its "when damaged" effects: the dice it
    /// damaged stay in the attack zone, not yet knocked out, until those have resolved
    /// (Avengers Infinity rulebook, ASSIGN DAMAGE).
    pub(super) fn ko_check(&mut self) {
        let waiting = self
            .state
            .turn
            .as_ref()
            .is_some_and(|t| t.damage == DamageStage::Damaged);
        if waiting {
            return;
        }
        let dead = self.lethal();
        self.knock_out_all(&dead, self.line);
    }

    /// The first static "can't be blocked by" of an attacker that forbids this blocker.
    pub(super) fn block_forbidden(&self, blocker: DieId, attacker: DieId) -> Option<String> {
        let a = self.state.die(attacker);
        let list = self.abilities_of(a.card)?;
        let src = Source::card(a.card, a.owner).from_die(attacker);
        // A static with a condition, or one that holds only while attacking or blocking,
        // left the game undecided once its die was in the field (`coverage`).
        for ab in list
            .iter()
            .filter(|ab| ab.kind == Kind::Static && ab.if_.is_none())
            .filter(|ab| matches!(ab.while_, None | Some(While::Active)))
        {
            for e in &ab.effects {
                if let Effect::CantBeBlockedBy { by } = e
                    && select::matches(&self.cards, &self.state, by, &src, blocker)
                {
                    return Some(crate::cards::text::sel(by));
                }
            }
        }
        None
    }
}

/// The events of dice being knocked out: each is knocked out, and knocked out while
/// blocking if it was blocking.
pub(super) fn ko_events(state: &super::state::GameState, dice: &[DieId]) -> Vec<(Event, About)> {
    let mut events = Vec::new();
    for &die in dice {
        events.push((Event::KnockedOut, About::Die(die)));
        if state.die(die).blocking.is_some() {
            events.push((Event::KnockedOutWhileBlocking, About::Die(die)));
        }
    }
    events
}

/// A die or a player an effect reaches.
#[derive(Debug, Clone, Copy)]
enum Reached {
    Die(DieId),
    Player(usize),
}

/// One ability being resolved: where it comes from, the line's choices and how many of
/// each its effects have used.
struct Run<'a> {
    src: Source,
    choices: Choices<'a>,
    payers: Vec<DieId>,
    /// The dice the last effect chose ("those characters").
    chosen: Vec<DieId>,
    /// Every die the ability's effects chose so far ("another target").
    earlier: Vec<DieId>,
    target: usize,
    word: usize,
    draw: usize,
    /// The `roll` items used so far, by index.
    rolled: Vec<usize>,
}

/// The players a selector reaches (none for one that names only dice).
fn players<'a>(
    to: &'a crate::cards::ability::Selector,
    src: &'a Source,
) -> impl Iterator<Item = usize> + 'a {
    (0..2).filter(|p| select::matches_player(to, src, *p))
}

/// The selector an effect aims with, if it aims.
fn selector(e: &Effect) -> Option<&crate::cards::ability::Selector> {
    match e {
        Effect::Damage { to, .. }
        | Effect::Ko { to }
        | Effect::Boost { to, .. }
        | Effect::NoDamage { to }
        | Effect::Spin { to, .. }
        | Effect::Reroll { to, .. } => Some(to),
        _ => None,
    }
}

/// Whether a trigger (or a reactive global) limited to a step (`step: main`, `step:
/// attack`) may act in `step`: the attack step runs from the attackers to combat damage.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_variants_add_to_or_replace_the_base_effects() {
        let fb: Ability = serde_saphyr::from_str(concat!(
            "kind: action\n",
            "do: [damage: {amount: 1, to: {count: each, what: character}}]\n",
            "bursts:\n",
            "  - {on: \"*\", instead: true, do: [damage: {amount: 2, to: {count: each, what: character}}]}\n",
            "  - {on: \"*/**\", do: [gain-life: {amount: 1}]}\n",
        ))
        .unwrap();
        let amounts = |bursts| -> Vec<String> {
            effects_for(&fb, bursts)
                .iter()
                .map(crate::cards::text::effect)
                .collect()
        };
        assert_eq!(amounts(0), ["deal 1 damage to each character"]);
        assert_eq!(
            amounts(1),
            ["deal 2 damage to each character", "gain 1 life"]
        );
        // `**` matches "*/**" but not "*".
        assert_eq!(
            amounts(2),
            ["deal 1 damage to each character", "gain 1 life"]
        );
    }
}
