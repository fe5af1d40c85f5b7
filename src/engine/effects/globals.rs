//! Global abilities: used in the global windows with priority; limited ones once per
//! turn per player; reactive ones only in answer to the last move's event, once per
//! event per player (Avengers Infinity rulebook, MORE ABOUT GLOBAL ABILITIES).

use crate::cards::ability::{Ability, Event, Kind, Limit, Subject, TurnOf, UseKind};
use crate::rules;
use crate::syntax::{Clause, Step};

use super::in_step;
use crate::engine::cards::CardId;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{About, DieId, Used};

impl Replayer {
    /// `global CARD …`: a card's global ability, by either player.
    pub(in crate::engine) fn use_global(
        &mut self,
        who: usize,
        card: CardId,
        clauses: &[Clause],
    ) -> Flow {
        // Its dice have lost their abilities: whether its global is lost with them the
        // text does not say ("opposing character dice … lose their abilities").
        let printed_global = self
            .printed_abilities(card)
            .is_some_and(|l| l.iter().any(|a| a.kind == Kind::Global));
        if printed_global && select::ignored(&self.cards, &self.state, card) == Some(false) {
            self.undecided(
                self.line,
                card,
                "has its global used while its dice have lost their abilities, which may or may not take the global with them",
            )?;
        }
        let Some(list) = self.abilities_of(card) else {
            self.undecided(self.line, card, "has its global ability used")?;
            // Waived: what the line pays is spent; the judge's position block says the rest.
            self.spend_as_written(who, clauses)?;
            self.acted(who);
            return Ok(());
        };
        let Some(a) = list.iter().find(|a| a.kind == Kind::Global).cloned() else {
            let name = self.cards.get(card).name.clone();
            let (message, help) = if printed_global {
                (
                    format!("{name}'s text is ignored this turn, its global with it"),
                    "an effect ignores the card's text (`dmlint state` lists it `ignored`): its global cannot be used until the text is back",
                )
            } else {
                (
                    format!("{name} has no global ability"),
                    "only a card whose text begins `Global:` has one",
                )
            };
            self.violate(
                rules::no_such_ability::new(self.line, message, help)
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
        // A prevention global interrupts: it answers damage about to be dealt, with or
        // without priority (`prevent_damage`).
        if super::prevention_global(&a).is_some() {
            return self.prevent_global(who, card, &a, clauses);
        }
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
                    format!(
                        "a global ability in the {}",
                        crate::engine::replay::step_name(step)
                    ),
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
        self.global_turn(who, card, &a)?;
        let src = Source::card(card, who);
        self.no_valid_target(&a, &src, 0)?;
        let a = self.surcharged(&a, who, UseKind::Global).into_owned();
        let ran = self.run(&a, src, 0, clauses, &[])?;
        if ran
            && matches!(
                a.limit,
                Limit::Limited | Limit::OncePerTurn | Limit::OnceOnYourTurn
            )
        {
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
    pub(super) fn some_global_answers(&self, event: Event) -> bool {
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
    pub(in crate::engine) fn answers_event(
        &self,
        action: &crate::syntax::Move,
        who: usize,
    ) -> bool {
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
    pub(super) fn global_limit(
        &mut self,
        who: usize,
        card: CardId,
        ability: usize,
        a: &Ability,
    ) -> Flow {
        if !matches!(
            a.limit,
            Limit::Limited | Limit::OncePerTurn | Limit::OnceOnYourTurn
        ) {
            return Ok(());
        }
        let t = self.turn_ref().expect("turn");
        // "Once during your turn": "your" is the global's user (a copy of the card on the
        // other team is another card, with its own use on its user's turn).
        if a.limit == Limit::OnceOnYourTurn && t.active != who {
            let name = self.cards.get(card).name.clone();
            let player = self.name(who).to_string();
            let at = t.line;
            // Waived, the global is used on the opponent's turn, as written.
            self.violate(
                rules::global_limit::new(
                    self.line,
                    format!("{player} uses {name}'s global on the opponent's turn"),
                    format!(
                        "{name}'s global may be used once during its user's own turn: {player} may use it on their turn"
                    ),
                )
                .with_context(at, "this turn began here"),
            )?;
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

    /// A limited global "during your turn" (`turn: yours`) is used only by the player
    /// whose turn it is: a limited global says when it may be used (Avengers Infinity
    /// rulebook, MORE ABOUT GLOBAL ABILITIES, 000:1062-1066).
    fn global_turn(&mut self, who: usize, card: CardId, a: &Ability) -> Flow {
        let t = self.turn_ref().expect("turn");
        if a.turn != Some(TurnOf::Yours) || t.active == who {
            return Ok(());
        }
        let line = t.line;
        let name = self.cards.get(card).name.clone();
        let player = self.name(who).to_string();
        // Waived, the global is used as written.
        self.violate(
            rules::global_limit::new(
                self.line,
                format!("{player} uses {name}'s global on the other player's turn"),
                format!("{name}'s global is used only during its user's own turn"),
            )
            .with_context(line, "this turn is the other player's"),
        )
    }

    /// A reactive global: used only in answer to an event the last move set off that its
    /// `when:` names, once per event by each player (Avengers Infinity rulebook, MORE
    /// ABOUT GLOBAL ABILITIES). It needs no priority and no global window. What its
    /// effects set off answers nothing new.
    pub(super) fn react(
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
        // The step the event happened in (combat damage ends the attack step).
        let fits: Vec<usize> = self
            .turn_ref()
            .expect("turn")
            .reactable
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                in_step(r.step, when.step)
                    && r.event == when.event
                    && self.answers(when.of, r.about, who, card)
                    && self.filter_fits(when.filter.as_ref(), r.about, who, card)
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
                // The event is theirs, but about a die the global's filter leaves out.
                let filtered = when.filter.as_ref().and_then(|f| {
                    let t = self.turn_ref().expect("turn");
                    t.reactable
                        .iter()
                        .find(|r| {
                            r.event == when.event && self.answers(when.of, r.about, who, card)
                        })
                        .map(|r| (r.line, crate::cards::text::kind(f)))
                });
                let v = match (filtered, other) {
                    (Some((at, kind)), _) => rules::nothing_to_react_to::new(
                        self.line,
                        format!("{name}'s global answers only when {event} and it is one of the {kind}; the die the last move's event is about is not"),
                        format!("{name}'s global answers that event only for {kind}"),
                    )
                    .with_context(at, "the event, about a die the global leaves out"),
                    (None, Some(at)) => rules::nothing_to_react_to::new(
                        self.line,
                        format!("{name}'s global answers when {event}, and the event the last move set off is not one {player} can answer with it"),
                        format!("\"you\" in a global's text is the player who uses it, here {player}"),
                    )
                    .with_context(at, "the event, which is not theirs"),
                    (None, None) => rules::nothing_to_react_to::new(
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
        let a = self.surcharged(a, who, UseKind::Global).into_owned();
        let ran = self.run(&a, src, 0, clauses, &[]);
        self.answering = before;
        ran?;
        Ok(())
    }

    /// Whether an event about `about` is one that `who`'s use of `card`'s global answers,
    /// the global's `of:` read from the user's side ("you" is whoever uses it).
    pub(super) fn answers(&self, of: Subject, about: About, who: usize, card: CardId) -> bool {
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

    /// Whether the die an event is about is one a reactive global's `filter:` names, read
    /// from its user's side (no filter: any).
    fn filter_fits(
        &self,
        filter: Option<&crate::cards::ability::Selector>,
        about: About,
        who: usize,
        card: CardId,
    ) -> bool {
        let Some(f) = filter else { return true };
        let About::Die(d) = about else { return false };
        crate::engine::select::filter_matches(
            &self.cards,
            &self.state,
            f,
            &Source::card(card, who),
            d,
        )
    }

    /// A waived move that pays for an ability the card does not have: the dice its `pay`
    /// clause names are spent, as written.
    pub(in crate::engine) fn spend_as_written(&mut self, who: usize, clauses: &[Clause]) -> Flow {
        for c in clauses {
            if let Clause::Pay(p) = c {
                let paid = self.collect_payment(who, p)?;
                self.apply_payment(who, &paid);
            }
        }
        Ok(())
    }
}
