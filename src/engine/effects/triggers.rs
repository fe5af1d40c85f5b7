//! Triggered abilities: events fire them into the queue, a batch at a time (the active
//! player's first), and `resolve` lines resolve them (Avengers Infinity rulebook,
//! EFFECT TIMING AND RESOLUTION).

use crate::cards::ability::{Count, Effect, Event, Kind, Limit, Player, Side, Subject, Way, What};
use crate::rules;
use crate::syntax::{Clause, DieRef, Face, Move, Span, Spanned, Step, Text, Zone};

use super::{effects_for, in_step};
use crate::engine::cards::CardId;
use crate::engine::condition;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{About, DieId, Pending, Reactable, Used};

impl Replayer {
    /// An event happened: every triggered ability waiting for it joins the queue, as one
    /// batch.
    pub(in crate::engine) fn fire(&mut self, events: &[(Event, About)], payers: &[DieId]) {
        if self.state.turn.is_none() {
            return;
        }
        if !self.answering {
            let line = self.line;
            let step = self.turn_ref().expect("turn").step;
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
                    step,
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
                    // A reduction acted as the damage was dealt (`reduce`), and so did a
                    // redirection of the damage from some sources (`redirect`: it holds
                    // that damage before it lands, and no other is its).
                    if super::reduce::is_reduction(a) || super::redirect::only_held(a) {
                        continue;
                    }
                    let in_step = in_step(step, when.step);
                    if !in_step {
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
                        // "When either you or Hulk takes damage, Hulk gets …": with one
                        // die of the card in the field, that die is the one; with more,
                        // which is not said (`targets`: undecided).
                        (Subject::ThisOrYou, About::Player(p)) if p == owner => match fielded[..] {
                            [one] => vec![(Some(one), None)],
                            _ => vec![(None, None)],
                        },
                        (Subject::You, About::Player(p)) if p == owner => vec![(None, None)],
                        // "You" and "your opponent" are players when the event is
                        // about a player ("when you take damage"), and their dice
                        // otherwise ("when your opponent fields a character").
                        (Subject::You, About::Die(d))
                            if !event.about_player() && self.state.die(d).owner == owner =>
                        {
                            vec![(None, Some(d))]
                        }
                        // "When he or his partner …": for the event about this die,
                        // and for the event about the partner of one of the card's
                        // dice, that die's (`keywords::heroic`).
                        (Subject::Partner | Subject::ThisOrPartner, About::Die(d)) => {
                            let mut hits = Vec::new();
                            if when.of == Subject::ThisOrPartner && mine(d) {
                                hits.push((Some(d), Some(d)));
                            }
                            if let Some(p) = self.state.die(d).partner
                                && mine(p)
                            {
                                hits.push((Some(p), Some(d)));
                            }
                            hits
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
                        // An event about no die, or a moment of the game ("at the start
                        // of the attack step, this die …"): each of this card's dice in
                        // the field.
                        (Subject::This, About::Nothing) => {
                            fielded.iter().map(|d| (Some(*d), None)).collect()
                        }
                        // "When you are attacked": the dice of the attacked player only.
                        (Subject::This, About::Player(p))
                            if event.is_moment() && (event != Event::Attacked || p == owner) =>
                        {
                            fielded.iter().map(|d| (Some(*d), None)).collect()
                        }
                        _ => Vec::new(),
                    };
                    for (die, subject) in hits {
                        // Its conditions, read as the event happens (`condition`): a
                        // `while:` of the die it belongs to (or of any die of the card),
                        // an `if:` seen from it.
                        let src = Source {
                            card,
                            die,
                            controller: owner,
                            subject,
                            chosen: None,
                        };
                        if !condition::ability_on(&self.cards, &self.state, a, &src, die) {
                            continue;
                        }
                        // Only for the dice its filter names ("one of your [Shield]
                        // characters").
                        if let Some(f) = &when.filter
                            && !subject.is_some_and(|d| {
                                select::filter_matches(&self.cards, &self.state, f, &src, d)
                            })
                        {
                            continue;
                        }
                        // One event that hits you and this die triggers "you or this
                        // die" once; each of the card's dice it hits triggers it once,
                        // the player's share going with the first (Avengers Infinity
                        // rulebook, EFFECT TIMING AND RESOLUTION, 000:1127-1133).
                        if when.of == Subject::ThisOrYou {
                            let same = |p: &Pending| p.card == card && p.ability == i;
                            match die {
                                Some(d) => {
                                    if new.iter().any(|p| same(p) && p.die == Some(d)) {
                                        continue;
                                    }
                                    new.retain(|p| !(same(p) && p.die.is_none()));
                                }
                                None if new.iter().any(same) => continue,
                                None => {}
                            }
                        }
                        // One event (one move) that hits a die and its partner both
                        // triggers "he or his partner" once for that die.
                        if when.of == Subject::ThisOrPartner
                            && new
                                .iter()
                                .any(|p| p.card == card && p.ability == i && p.die == die)
                        {
                            continue;
                        }
                        // "The first time": the card's, not each die's; when one event
                        // makes it the first time for several of its dice and which die
                        // matters, each waits and the first its owner resolves is the
                        // one (000:1119-1125, the others go with it: `run_pending`).
                        if a.limit == Limit::FirstEachTurn {
                            let used = self.state.turn.as_ref().is_some_and(|t| {
                                t.used.iter().any(|u| (u.card, u.ability) == (card, i))
                            });
                            let sibling = die.is_some()
                                && die_matters(a)
                                && !new
                                    .iter()
                                    .any(|p| p.card == card && p.ability == i && p.die == die);
                            if used || (first_time.contains(&(card, i)) && !sibling) {
                                continue;
                            }
                            if !first_time.contains(&(card, i)) {
                                first_time.push((card, i));
                            }
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
        // Keywords that wait for a choice as the event happens (`keywords`).
        for &(event, about) in events {
            new.extend(self.keyword_pending(event, about, batch));
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
    pub(super) fn resolvable(&self) -> Vec<usize> {
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

    pub(super) fn source_of(&self, p: &Pending) -> Source {
        Source {
            card: p.card,
            die: p.die,
            controller: p.controller,
            subject: p.subject,
            chosen: None,
        }
    }

    /// Whether resolving a trigger needs the log to say something: a choice, a cost, a
    /// chance outcome. One that needs nothing resolves by itself.
    pub(super) fn needs_line(&self, p: &Pending) -> bool {
        let Some(a) = self.abilities_of(p.card).and_then(|l| l.get(p.ability)) else {
            // A card whose text is ignored since it triggered: it resolves to nothing.
            return self.abilities_of(p.card).is_none();
        };
        if let Some(k) = crate::engine::keywords::keyword(a) {
            return self.keyword_needs_line(p, k);
        }
        let src = self.source_of(p);
        // A condition that no longer holds: it resolves to nothing, by itself.
        if a.if_
            .as_ref()
            .is_some_and(|c| !condition::holds(&self.cards, &self.state, c, &src))
        {
            return false;
        }
        if a.may {
            return true;
        }
        // "The first time" for several of the card's dice at once: which one is its
        // owner's choice, made by resolving it.
        if self.first_time_siblings(p) {
            return true;
        }
        // A mandatory cost the table cannot pay: the trigger does nothing, by itself.
        if !a.cost.is_empty() {
            return self.unpayable(a, &src).is_none();
        }
        effects_for(a, p.bursts).iter().any(|e| match e {
            Effect::Draw { .. }
            | Effect::DrawRoll { .. }
            | Effect::Roll { .. }
            | Effect::ChooseOne { .. } => true,
            Effect::Spin {
                way: Way::Either, ..
            } => true,
            Effect::Reroll { to, .. } => !self.candidates(to, &src).is_empty(),
            e => e.aim().is_some_and(|to| {
                matches!(
                    to.count,
                    Count::One | Count::Two | Count::Three | Count::UpTo(_) | Count::AnyNumber
                ) && !matches!(
                    to.what,
                    What::This | What::ThisCard | What::It | What::Those | What::Partner
                ) && !(to.what == What::Player && !to.target && to.side != Side::Any)
                    && (!self.candidates(to, &src).is_empty() || select::names_players(to))
            }),
        })
    }

    /// Resolves every trigger that needs nothing from the log, in queue order.
    pub(in crate::engine) fn settle(&mut self) -> Flow {
        loop {
            let ready = self.resolvable();
            let auto = ready.into_iter().find(|&i| {
                let p = &self.state.turn.as_ref().expect("turn").pending[i];
                !self.needs_line(p)
            });
            let Some(i) = auto else {
                // Nothing waits that resolves by itself: combat damage goes on to its
                // next stage once nothing waits at all, and a turn whose cleanup is done
                // ends.
                if self.advance_damage()? {
                    continue;
                }
                self.turn_over();
                return Ok(());
            };
            let p = self.turn_mut().pending.remove(i);
            self.run_pending(&p, &[])?;
        }
    }

    /// A line that is not a `resolve` while a trigger waits for one: the trigger was
    /// skipped.
    pub(in crate::engine) fn unresolved(&mut self) -> Flow {
        let Some(t) = self.state.turn.as_ref() else {
            return Ok(());
        };
        let Some(p) = t.pending.first().cloned() else {
            return Ok(());
        };
        let name = self.cards.get(p.card).name.clone();
        let example = self.resolve_example(&p);
        let ability = self.abilities_of(p.card).and_then(|l| l.get(p.ability));
        // A keyword's choice (Suit Up, Heroic) is one its controller may decline; the
        // die Call Out, Cleave or Range names is not.
        let keyword = ability.and_then(crate::engine::keywords::keyword);
        // Regenerate's roll is no choice: its line records the face rolled; Call Out's
        // and Cleave's targets are no choice to decline either.
        let regenerate = keyword == Some(&crate::cards::ability::Keyword::Regenerate);
        let optional = ability.is_some_and(|a| a.may)
            || keyword.is_some_and(|k| {
                !matches!(
                    k,
                    crate::cards::ability::Keyword::CallOut
                        | crate::cards::ability::Keyword::Cleave
                        | crate::cards::ability::Keyword::Range(_)
                        | crate::cards::ability::Keyword::Regenerate
                )
            });
        let decline = format!(" (`{example} may no` declines it)");
        let example = match p.die {
            Some(d) if regenerate => {
                format!("{example} roll {}", self.rolled_example(d, p.controller))
            }
            // Infiltrate's line with no clause declines it: the example takes it.
            _ if keyword == Some(&crate::cards::ability::Keyword::Infiltrate) => {
                format!("{example} may yes")
            }
            _ => example,
        };
        let what = match ability.filter(|_| keyword.is_some()) {
            Some(a) => crate::cards::text::ability(a)
                .trim_start_matches("Keyword: ")
                .to_string(),
            None => "triggered ability".to_string(),
        };
        let decline = if optional { decline } else { String::new() };
        let started = self.turn_ref().is_some_and(|t| {
            t.pending
                .iter()
                .any(|p| self.event_of(p) == Some(Event::TurnStart))
        });
        self.turn_mut().pending.clear();
        if started {
            // Waived: the skipped start-of-turn effects are over; the clear follows.
            self.after_turn_start();
        }
        self.violate(
            rules::unresolved_trigger::new(
                self.line,
                format!("{name}'s {what} has not been resolved"),
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
    pub(super) fn resolve_example(&self, p: &Pending) -> String {
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
        crate::engine::play::die_faces(&self.cards, self.state.die(id).card)
            .into_iter()
            .next()
    }

    /// A die as `who` names it once rolled: owner (when not `who`), card and a face it
    /// can show (`SK:fist`, `Bob.AM:L1`).
    pub(in crate::engine) fn rolled_example(&self, id: DieId, who: usize) -> String {
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
    pub(super) fn as_written_by(
        &self,
        who: usize,
        owner: usize,
        die: &DieRef,
        clauses: &[Clause],
    ) -> String {
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
    pub(in crate::engine) fn has_pending(&self) -> bool {
        self.state
            .turn
            .as_ref()
            .is_some_and(|t| !t.pending.is_empty())
    }

    /// `resolve DIE …`: a pending trigger of that card resolved with the line's choices,
    /// or a protection answering an effect held back for it.
    pub(in crate::engine) fn resolve_line(
        &mut self,
        who: usize,
        die: &DieRef,
        clauses: &[Clause],
    ) -> Flow {
        let owner = self.owner_of(die, who)?;
        let card = self.card(&die.alias, owner)?;
        if self.abilities_of(card).is_none() {
            // Waived: the judge's position block says what it did.
            return self.undecided(self.line, card, "has its ability resolved");
        }
        if let Some(held) = self.state.turn.as_ref().and_then(|t| t.held.clone())
            && held.card == card
        {
            if self.held_for_unless(held.card, held.ability) {
                return self.answer_unless(who, die, held, clauses);
            }
            self.protect(who, die, held, clauses)?;
            // A knock-out Suit Up waited for has happened or been prevented.
            self.settle_suit_up();
            return Ok(());
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
            // A trigger with a condition fires only if it holds as its event happens
            // (`condition`).
            let conditions: Vec<String> = self
                .abilities_of(card)
                .into_iter()
                .flatten()
                .filter(|a| a.kind == Kind::Triggered)
                .filter_map(|a| a.if_.as_ref().map(crate::cards::text::condition))
                .collect();
            let help = if conditions.is_empty() {
                "`resolve` answers a trigger: the event its card waits for must have happened"
                    .to_string()
            } else {
                format!(
                    "`resolve` answers a trigger: the event its card waits for must have \
                     happened, with its condition holding then ({})",
                    conditions.join("; ")
                )
            };
            self.violate(rules::not_triggered::new(
                die.span,
                format!("{name} has no triggered ability waiting to resolve"),
                help,
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
        // A trigger's choices are its controller's, but for a choice of modes its text
        // gives the opponent (`choose_one`).
        let writer = match self
            .abilities_of(p.card)
            .and_then(|l| l.get(p.ability))
            .map(super::choose_one::chooser)
        {
            Some(Player::Opponent) => 1 - p.controller,
            _ => p.controller,
        };
        if writer != who {
            let (n, c) = (
                self.name(who).to_string(),
                self.name(p.controller).to_string(),
            );
            let whose = if writer == p.controller {
                "a trigger's choices are its controller's"
            } else {
                "its text gives the choice to its controller's opponent"
            };
            self.violate(rules::wrong_player::new(
                self.line,
                format!("{n} resolves {c}'s triggered ability"),
                format!(
                    "{whose}: write `{}`",
                    self.as_written_by(writer, owner, die, clauses)
                ),
            ))?;
        }
        self.run_pending(&p, clauses)
    }

    /// A waived `not-triggered`: the card's one triggered ability resolves as the line
    /// writes it, from the die it names. A card with several triggered abilities leaves
    /// no way to tell which.
    pub(super) fn resolve_untriggered(
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

    pub(super) fn run_pending(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(a) = self
            .abilities_of(p.card)
            .and_then(|l| l.get(p.ability))
            .cloned()
        else {
            return Ok(());
        };
        if let Some(k) = crate::engine::keywords::keyword(&a) {
            return self.resolve_keyword(p, k, clauses);
        }
        // The first of a card's "first time" triggers to resolve is the one: the others
        // of the same event are no longer the first (000:1119-1125).
        if a.limit == Limit::FirstEachTurn {
            self.turn_mut()
                .pending
                .retain(|q| !(q.card == p.card && q.ability == p.ability && q.batch == p.batch));
        }
        // A redirection of combat damage, held in the 2018 damage before knock-outs.
        if super::redirect::is_redirection(&a) {
            return self.combat_redirect(p, &a, clauses);
        }
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
        if a.when.as_ref().is_some_and(|w| w.event == Event::TurnStart) {
            self.after_turn_start();
        }
        Ok(())
    }

    /// Whether other dice of the card wait with the same "first time" trigger of the
    /// same event.
    fn first_time_siblings(&self, p: &Pending) -> bool {
        let Some(a) = self.abilities_of(p.card).and_then(|l| l.get(p.ability)) else {
            return false;
        };
        a.limit == Limit::FirstEachTurn
            && self.turn_ref().is_some_and(|t| {
                t.pending.iter().any(|q| {
                    q.card == p.card
                        && q.ability == p.ability
                        && q.batch == p.batch
                        && q.die != p.die
                })
            })
    }

    /// The event a pending trigger waits for.
    fn event_of(&self, p: &Pending) -> Option<Event> {
        let a = self.abilities_of(p.card)?.get(p.ability)?;
        a.when.as_ref().map(|w| w.event)
    }

    /// A start-of-turn effect resolved (or was skipped): once none waits, the clear and
    /// draw step begins with its clear (`steps::turn`). Only start-of-turn effects can
    /// wait before anything is drawn.
    fn after_turn_start(&mut self) {
        let Some(t) = self.turn_ref() else { return };
        if t.step == Step::Draw && t.drawn == 0 && t.drawn_oop == 0 && t.pending.is_empty() {
            let active = t.active;
            self.clear(active);
        }
    }

    /// Before 2018 the effects of one moment "at the end of the turn" happen together:
    /// none sees what another did (the rules reference, ruling [13], 003:227). The batch
    /// the cleanup step just fired resolves at once, every effect chosen against the same
    /// state and their changes made together. One that needs a line (a choice, a cost, a
    /// chance outcome) beside another would be a choice made at that same moment, which
    /// dmlint does not apply yet: undecided.
    pub(in crate::engine) fn resolve_together(&mut self) -> Flow {
        let Some(t) = self.turn_ref() else {
            return Ok(());
        };
        let batch = t.batch;
        let together: Vec<Pending> = t
            .pending
            .iter()
            .filter(|p| p.batch == batch)
            .cloned()
            .collect();
        if together.len() < 2 {
            return Ok(());
        }
        self.turn_mut().pending.retain(|p| p.batch != batch);
        if let Some(p) = together.iter().find(|p| self.needs_line(p)) {
            // Waived, the judge's position block says what the effects did.
            return self.undecided(
                self.line,
                p.card,
                "has an end-of-turn effect that needs a choice, and before 2018 every \
                 end-of-turn effect happens at the same moment (rules reference, ruling [13]): \
                 dmlint does not apply choices made together yet",
            );
        }
        self.collect = Some(Vec::new());
        let mut ran = Ok(());
        for p in &together {
            ran = self.run_pending(p, &[]);
            if ran.is_err() {
                break;
            }
        }
        let ops = self.collect.take().unwrap_or_default();
        ran?;
        self.apply(ops)
    }
}

/// Whether which of its dice a trigger belongs to changes what it does: its effects name
/// the die ("this die", "that die", its partner), act on the damage the die takes, or
/// vary with the bursts the die shows.
fn die_matters(a: &crate::cards::ability::Ability) -> bool {
    !a.bursts.is_empty()
        || a.effects.iter().any(|e| {
            matches!(
                e,
                Effect::Redirect { .. } | Effect::Prevent { .. } | Effect::Reduce { .. }
            ) || e.selectors().iter().any(|s| {
                matches!(s.what, What::This | What::It | What::Partner)
                    || s.or_what == Some(What::Partner)
            })
        })
}
