//! Running one ability: what it may not start without (a valid target), its effects one
//! after another as one game effect, and choices the line made that no effect used.

use crate::cards::ability::{Ability, Condition, Effect, Event, Kind, Selector, What};
use crate::rules;
use crate::syntax::Clause;

use super::{By, Choices, Run, effects_for};
use crate::engine::condition;
use crate::engine::coverage::effect_applied;
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::select::{self, Source};
use crate::engine::state::{About, DieId};

impl Replayer {
    /// "You may not choose to initiate an effect with no valid targets."
    pub(super) fn no_valid_target(&mut self, a: &Ability, src: &Source, bursts: u8) -> Flow {
        for e in effects_for(a, bursts) {
            // Each target the effect aims at (a second one for two dice dealing each
            // other damage, or changing places), among the dice it may target.
            let aims = e.aim().into_iter().chain(e.second_aim());
            let mut empty = None;
            for to in aims.filter(|to| to.target && !select::names_players(to)) {
                let mut dice = self.candidates(to, src);
                self.targetable(&mut dice, a.kind, src.controller);
                if dice.is_empty() {
                    empty = Some(to);
                    break;
                }
            }
            let Some(to) = empty else {
                continue;
            };
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
        Ok(())
    }

    /// The dice a selector may reach now.
    pub(super) fn candidates(
        &self,
        sel: &crate::cards::ability::Selector,
        src: &Source,
    ) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|id| select::matches(&self.cards, &self.state, sel, src, *id))
            .collect()
    }

    /// Runs one ability with a line's choices; `Ok(false)` when an optional one was
    /// declined.
    pub(super) fn run(
        &mut self,
        a: &Ability,
        src: Source,
        bursts: u8,
        clauses: &[Clause],
        payers: &[DieId],
    ) -> Result<bool, Stop> {
        let choices = Choices::of(clauses, self.line);
        // An `if:` is read as the ability is used or resolves (`condition`): a trigger
        // whose condition no longer holds does nothing at all; an action die or a global
        // is still used and paid for, and its effects do not happen, or its `else:`
        // effects ("Otherwise, …") do.
        let holds = a
            .if_
            .as_ref()
            .is_none_or(|c| condition::holds(&self.cards, &self.state, c, &src));
        let (holds, effects) = if holds || a.otherwise.is_empty() {
            (holds, effects_for(a, bursts))
        } else {
            (true, a.otherwise.clone())
        };
        if !holds && a.kind == Kind::Triggered {
            self.void_choices(a, &src, &choices)?;
            return Ok(false);
        }
        if holds && super::unless_unheld(a) {
            // Waived, nothing of it happens; the judge's position block says the rest.
            self.undecided(
                self.line,
                src.card,
                "lets the opponent pay to stop an effect dmlint applies at once (a move, a draw, a roll): it cannot hold it for the answer",
            )?;
            self.spend_as_written(src.controller, clauses)?;
            return Ok(true);
        }
        if let Some(e) = effects.iter().find(|e| holds && !effect_applied(e)) {
            let what = format!(
                "needs `{}`, which dmlint does not apply yet",
                crate::cards::text::effect(e)
            );
            self.undecided(self.line, src.card, &what)?;
            // Waived: what the line pays is spent; the judge's position block says the rest.
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
        let Some(paid) = self.pay_costs(a, &src, &choices.pays)? else {
            // A mandatory trigger whose cost the table cannot pay does nothing.
            return Ok(false);
        };
        if !holds {
            self.void_choices(a, &src, &choices)?;
            return Ok(true);
        }
        let mut ctx = Run {
            src,
            choices,
            payers: payers.to_vec(),
            chosen: Vec::new(),
            earlier: Vec::new(),
            target: 0,
            word: 0,
            draw: 0,
            drew: false,
            rolled: Vec::new(),
            up_to: None,
            paid,
            nothing: None,
        };
        // All the effects of one ability are one game effect: their damage and KOs
        // happen together, and trigger an ability once (Avengers Infinity rulebook,
        // EFFECT TIMING AND RESOLUTION).
        let mut ops = Vec::new();
        let targeting = self.targeting.replace((a.kind, ctx.src.controller));
        for e in &effects {
            // "If it is not a sidekick, …": the effects after it need the condition.
            if let Effect::OnlyIf(c) = e {
                if !self.only_if(c, &ctx) {
                    break;
                }
                continue;
            }
            let made = self.effect(e, &mut ctx);
            if made.is_err() {
                self.targeting = targeting;
            }
            ops.extend(made?);
        }
        self.targeting = targeting;
        self.leftover(&ctx)?;
        // Damage an action die or a global deals is an event a reactive global may answer
        // (Human Torch: "Flame On!"); a reaction's own damage is not.
        let dealer = matches!(a.kind, Kind::Action | Kind::Global) && !self.answering;
        let before = (self.dealing, self.effect_card, self.damage_by);
        self.dealing = dealer.then_some(ctx.src.controller);
        self.effect_card = Some(ctx.src.card);
        // Who deals its damage: the die whose ability it is (a character's ability damage
        // is the character's, 002:737), the action die used; a global's is not said.
        self.damage_by = match a.kind {
            Kind::Global => By::Unknown,
            Kind::Action => self.action_die.map_or(By::Unknown, By::Die),
            _ => ctx.src.die.map_or(By::Unknown, By::Die),
        };
        // Resolving together with others: the changes wait to be made all at once.
        let applied = match self.collect.as_mut() {
            Some(_) if !a.unless.is_empty() => {
                // Waived, nothing of it happens; the judge's position block says the rest.
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "resolves together with other effects and lets the opponent pay to stop it: dmlint does not hold one effect of a simultaneous batch",
                )
            }
            Some(all) => {
                all.extend(ops);
                Ok(())
            }
            // "Unless the opponent pays": held for their answer (`unless`).
            None if !a.unless.is_empty() => self.hold_unless(a, &ctx.src, ops),
            None => self.apply(ops),
        };
        (self.dealing, self.effect_card, self.damage_by) = before;
        applied?;
        if ctx.drew {
            self.fire(&[(Event::Draws, About::Player(ctx.src.controller))], &[]);
        }
        Ok(true)
    }

    /// Whether an `only-if` condition holds as the effects reach it: `what: those` names
    /// the dice the previous effect chose (a die drawn is in the prep area now), any
    /// other selector the table, as an `if:` reads it.
    fn only_if(&self, c: &Condition, ctx: &Run) -> bool {
        let those = |s: &Selector| {
            ctx.chosen
                .iter()
                .filter(|&&d| select::filter_matches(&self.cards, &self.state, s, &ctx.src, d))
                .count()
        };
        match c {
            Condition::SomeMatch(s) if s.what == What::Those => those(s) > 0,
            Condition::NoneMatch(s) if s.what == What::Those => those(s) == 0,
            c => condition::holds(&self.cards, &self.state, c, &ctx.src),
        }
    }

    /// The choices a line made for an ability whose condition does not hold: it does
    /// nothing, so it chooses nothing (declining an optional one is no choice, and the
    /// cost of an action die or a global is paid with its use).
    fn void_choices(&mut self, a: &Ability, src: &Source, choices: &Choices) -> Flow {
        let paid = (a.kind == Kind::Triggered)
            .then_some(choices.pays.first().map(|p| p.0.span))
            .flatten();
        let made = choices
            .targets
            .first()
            .map(|t| t.span)
            .or(choices.words.first().map(|w| w.1))
            .or(choices.rolls.first().map(|r| r.die.span))
            .or(choices.draws.first().map(|d| d.0.die.span))
            .or(choices.may.filter(|m| m.0).map(|m| m.1))
            .or(paid);
        let Some(at) = made else {
            return Ok(());
        };
        let name = self.cards.get(src.card).name.clone();
        let cond = a
            .if_
            .as_ref()
            .map(crate::cards::text::condition)
            .unwrap_or_default();
        self.violate(rules::invalid_choice::new(
            at,
            format!("{name}'s ability does nothing: its condition ({cond}) does not hold"),
            "an ability whose condition does not hold when it resolves makes no choice: \
             write the line without them (a trigger then needs no line at all)",
        ))
    }

    /// The multiplier of an amount "for each" die a selector matches, counted as the
    /// effect resolves: every die that matches (its `count` is not a choice here), or
    /// the dice the previous effect chose for "those" (with a zone, those now there:
    /// "for each die moved"); 1 without `per`.
    pub(super) fn per_count(
        &self,
        per: Option<&crate::cards::ability::Selector>,
        ctx: &Run,
    ) -> u32 {
        let Some(per) = per else {
            return 1;
        };
        let n = if per.what == crate::cards::ability::What::Those {
            // "For each die moved": those the previous effect chose that are now in the
            // zone the selector names, when it names one.
            let named = per.zone.is_some() || !per.zones.is_empty();
            let zones = select::zones(per);
            ctx.chosen
                .iter()
                .filter(|&&d| !named || zones.contains(&self.state.die(d).zone))
                .count()
        } else {
            self.candidates(per, &ctx.src).len()
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Choices the line made that no effect used.
    pub(super) fn leftover(&mut self, ctx: &Run) -> Flow {
        if let Some(t) = ctx.choices.targets.get(ctx.target) {
            let name = self.cards.get(ctx.src.card).name.clone();
            if let Some(to) = &ctx.nothing {
                return self.bad_target(t, to, &ctx.src);
            }
            if let Some(n) = ctx.up_to {
                return self.violate(rules::invalid_choice::new(
                    t.span,
                    format!("`{t}` is one choice more than the up to {n} {name} allows"),
                    format!("name at most {n} there"),
                ));
            }
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
}
