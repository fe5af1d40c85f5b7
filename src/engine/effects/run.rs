//! Running one ability: what it may not start without (a valid target), its effects one
//! after another as one game effect, and choices the line made that no effect used.

use crate::cards::ability::{
    Ability, Condition, Effect, EnergySymbol, Event, Kind, Selector, What,
};
use crate::rules;
use crate::syntax::{Clause, Energy, Face, Zone};

use super::{By, Cause, Choices, Run, effects_for};
use crate::engine::condition;
use crate::engine::coverage::effect_applied;
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::select::{self, Source};
use crate::engine::state::{About, DieId, Op};

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

    /// The dice a selector may reach now; with `lowest_cost`, those of them whose card
    /// costs least (a sidekick 0, 000:441-444), which ties leave to the controller.
    pub(super) fn candidates(
        &self,
        sel: &crate::cards::ability::Selector,
        src: &Source,
    ) -> Vec<DieId> {
        let mut dice: Vec<DieId> = self
            .state
            .ids()
            .filter(|id| select::matches(&self.cards, &self.state, sel, src, *id))
            .collect();
        if sel.lowest_cost {
            let cost = |d: DieId| self.cards.get(self.state.die(d).card).cost.unwrap_or(0);
            if let Some(least) = dice.iter().map(|&d| cost(d)).min() {
                dice.retain(|&d| cost(d) == least);
            }
        }
        dice
    }

    /// Runs one ability with a line's choices; `Ok(false)` when an optional one was
    /// declined. The dice it makes leave the field leave because of its controller
    /// (`leaving`).
    pub(super) fn run(
        &mut self,
        a: &Ability,
        src: Source,
        bursts: u8,
        clauses: &[Clause],
        payers: &[DieId],
    ) -> Result<bool, Stop> {
        let by = Cause::Player(src.controller);
        self.with_cause(by, |r| r.run_as(a, src, bursts, clauses, payers))
    }

    fn run_as(
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
        // A die's own prevention resolving (`prevent_taken`) applies its one effect.
        let preventing = self.taking.is_some() && super::is_prevent_taken(a);
        if let Some(e) = effects
            .iter()
            .find(|e| holds && !preventing && !effect_applied(e))
        {
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
            let (message, help) = if a.may {
                (
                    format!("{name}'s ability is declined but the line makes choices for it"),
                    "`may no` declines the ability: nothing else goes on the line",
                )
            } else {
                (
                    format!("{name}'s ability is not optional: it cannot be declined"),
                    "the ability is mandatory: it has no `may`",
                )
            };
            self.violate(rules::invalid_choice::new(at, message, help))?;
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
            drew: [false; 2],
            rolled: Vec::new(),
            up_to: None,
            paid,
            knocked: 0,
            nothing: None,
        };
        // All the effects of one ability are one game effect: their damage and KOs
        // happen together, and trigger an ability once (Avengers Infinity rulebook,
        // EFFECT TIMING AND RESOLUTION).
        // "For each die KO'd by this effect", "for each of those now in the used pile":
        // the effects before such a count are made first, so that their knock-outs and
        // moves are what it counts (`run_after_knockouts`).
        let split = effects
            .iter()
            .position(counts_what_earlier_effects_did)
            .unwrap_or(effects.len());
        let (effects, then) = effects.split_at(split);
        let (ops, cut) = self.effects_of(a, effects, &mut ctx)?;
        let then = if cut { &[][..] } else { then };
        if then.is_empty() {
            self.leftover(&ctx)?;
        }
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
            _ if !then.is_empty() => self.run_after_knockouts(a, &mut ctx, ops, then),
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
        for p in (0..2).filter(|&p| ctx.drew[p]) {
            self.fire(&[(Event::Draws, About::Player(p))], &[]);
        }
        Ok(true)
    }

    /// The effects of an ability from a count of what its earlier effects did on (a draw
    /// "for each die KO'd by this effect", "for each of those now in the used pile"): the
    /// effects before it are made first (`ops`), their knock-outs counted, then the rest
    /// run and are made. A count that cannot be known as the ability resolves (its
    /// changes wait for others, or for an answer) is undecided, not guessed.
    fn run_after_knockouts(
        &mut self,
        a: &Ability,
        ctx: &mut Run,
        ops: Vec<Op>,
        then: &[Effect],
    ) -> Flow {
        if self.collect.is_some() || !a.unless.is_empty() {
            // Waived, the effects are made now and counted.
            self.undecided(
                self.line,
                ctx.src.card,
                "counts the dice its own effect knocks out while that effect waits to be made with others, or may still be stopped",
            )?;
        }
        let knocked = |r: &Self| r.state.turn.as_ref().map_or(0, |t| t.knocked.len());
        let before = knocked(self);
        self.apply(ops)?;
        if self.state.turn.as_ref().is_some_and(|t| t.held.is_some()) {
            // Waived, what is held counts for nothing.
            self.undecided(
                self.line,
                ctx.src.card,
                "counts the dice its own effect knocks out while part of that effect waits for an answer",
            )?;
        }
        ctx.knocked = u32::try_from(knocked(self).saturating_sub(before)).unwrap_or(u32::MAX);
        let (more, _) = self.effects_of(a, then, ctx)?;
        self.leftover(ctx)?;
        self.apply(more)
    }

    /// The ops of effects one after another, and whether an `only-if` that did not hold
    /// cut them short ("if it is not a sidekick, …": the effects after it need it).
    fn effects_of(
        &mut self,
        a: &Ability,
        effects: &[Effect],
        ctx: &mut Run,
    ) -> Result<(Vec<Op>, bool), Stop> {
        let mut ops = Vec::new();
        let targeting = self.targeting.replace((a.kind, ctx.src.controller));
        for e in effects {
            if let Effect::OnlyIf(c) = e {
                if !self.only_if(c, ctx) {
                    self.targeting = targeting;
                    return Ok((ops, true));
                }
                continue;
            }
            let made = self.effect(e, ctx);
            if made.is_err() {
                self.targeting = targeting;
            }
            ops.extend(made?);
        }
        self.targeting = targeting;
        Ok((ops, false))
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
    /// effect resolves: every die that matches (its `count` is not a choice here, and
    /// `select::count` says how `fielded_this_turn` and `distinct` count), or the dice
    /// the previous effect chose for "those" (with a zone, those now there: "for each
    /// die moved"); 1 without `per`. Undecided when the dice fielded this turn are not
    /// known (a position began the turn after its main step had begun).
    pub(super) fn per_count(
        &mut self,
        per: Option<&crate::cards::ability::Selector>,
        ctx: &Run,
    ) -> Result<u32, Stop> {
        let Some(per) = per else {
            return Ok(1);
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
        } else if let Some(n) = select::count(&self.cards, &self.state, per, &ctx.src) {
            n
        } else {
            // Waived: none counted.
            self.undecided(
                self.line,
                ctx.src.card,
                "counts the character dice fielded this turn, and the position does not say which were",
            )?;
            0
        };
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// The multiplier of an amount "for each [symbol] in your reserve pool" (Thor:
    /// Wayward Son), counted as the effect resolves: the symbols of that energy type the
    /// faces in its user's reserve pool show, not the dice (a double face counts two, a
    /// split face its part, a partly spent die what it has left), a wild symbol none of
    /// them (Avengers Infinity rulebook, ENERGY, 000:497-502).
    pub(super) fn symbol_count(&self, symbol: EnergySymbol, ctx: &Run) -> u32 {
        let wanted = match symbol {
            EnergySymbol::Fist => Energy::Fist,
            EnergySymbol::Bolt => Energy::Bolt,
            EnergySymbol::Mask => Energy::Mask,
            EnergySymbol::Shield => Energy::Shield,
            EnergySymbol::Generic => Energy::Generic,
        };
        self.state
            .zone(ctx.src.controller, Zone::Reserve)
            .filter_map(|d| match &self.state.die(d).face {
                Some(Face::Energy { parts, .. }) => Some(
                    parts
                        .as_slice()
                        .iter()
                        .filter(|p| p.symbol == wanted)
                        .map(|p| u32::from(p.count))
                        .sum::<u32>(),
                ),
                _ => None,
            })
            .sum()
    }

    /// The multiplier of a count "for each different energy type among" the dice a
    /// selector matches (Squad Goals), counted as the effect resolves: the energy types
    /// of their cards, each once (a sidekick has none, 000:441-444).
    pub(super) fn energy_type_count(&self, of: &Selector, ctx: &Run) -> u32 {
        let mut types: Vec<crate::cards::model::EnergyType> = Vec::new();
        for d in self.candidates(of, &ctx.src) {
            for t in &self.cards.get(self.state.die(d).card).energy {
                if !types.contains(t) {
                    types.push(*t);
                }
            }
        }
        u32::try_from(types.len()).unwrap_or(u32::MAX)
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

/// Whether an effect counts what the effects before it did: a draw "for each die KO'd by
/// this effect", or an amount "for each of those" now in a zone (Red-Eyes B. Dragon: the
/// dice its knock-out sent to the prep area). Those effects' changes must be made first.
fn counts_what_earlier_effects_did(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Draw {
            per_knocked_out: true,
            ..
        }
    ) || e
        .per()
        .is_some_and(|p| p.what == What::Those && (p.zone.is_some() || !p.zones.is_empty()))
}
