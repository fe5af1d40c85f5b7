//! Card abilities in play: the trigger queue, action dice, globals, targets, costs, and
//! the effects they make, checked against what the log records.
//!
//! One file per concern, one file per effect kind: [`triggers`], [`globals`],
//! [`actions`], [`run`] (one ability), [`costs`], [`targets`], [`protection`], [`commit`],
//! [`restrictions`], [`text`] (what of a card's text acts, and where), and the effects
//! `damage`, `damage_equal_attack`, `damage_equal_level`, `exchange_damage`, `defense_equal_attack`, `ko`, `capture` (dice set aside until the turn ends), `boost`, `no_damage`, `gain_life`, `spin`,
//! `spin_to`, `lose_life`, `choose_one` (one of several modes, by its name), `draw`, `corrupt` (a target player's draw, one die of it to the used pile), `draw_roll`, `roll`, `reroll`, `cant_block`, `unblockable`, `cant_attack`, `must_block`,
//! `assign_blocker`, `must_attack`, `double_damage_to_blockers`, `excess_to_player`,
//! `grant` (a keyword until the end of the turn), `copy` (another card's die stats),
//! `gain_affiliation` (the Villain affiliation for the turn), `swap` (two dice change places),
//! `ignore_text` (cards' text ignored for the turn), `reduce_cost` (purchases this turn),
//! `reduce` (applied as damage is dealt), `surcharge` (a static adding to the cost of
//! the opponent's globals and action dice), `extra_draw` (a static adding dice to its
//! controller's clear and draw step), `damage_from` (a static lessening the damage
//! from some sources, read as damage is dealt), `redirect` (damage held for one line),
//! `stay_in_field` (a knock-out replaced, held for one line), `knocks_out` (the die
//! whose combat damage knocked a die out), `prevent_taken` (a die's own damage prevented
//! as its owner chooses or pays), `prevent_damage`
//! (prevention globals answering damage held for them), and [`unless`] (effects held
//! while the opponent may pay to stop them); `cant_be_targeted` keeps a die out of the
//! targets of globals or action dice; `give_impulse` (the dice bought this turn gain the
//! card's Impulse), `loyalty` (Loyalty Counters on the ability's own card), [`leaving`]
//! (dice leaving the field because of the opponent: Aftershock's event), [`teamwatch`]
//! (a character sharing an affiliation fielded: Teamwatch's) and [`crosspulse`] (a die bought with its own energy types: Crosspulse's);
//! [`attack_step_end`] (the attack step's end, before survivors return).
//! The table in
//! [`Replayer::effect`] sends each effect of the ability language to its file: a new
//! effect is a new file and one line there.
//!
//! An effect is resolved in two halves: its selectors and the log's choices give a list
//! of [`Op`]s (one change to one die or player), and the ops are committed together, as
//! one simultaneous event, whose consequences (damage triggers, KOs) follow. The queue
//! follows the Avengers Infinity rulebook, EFFECT TIMING AND RESOLUTION: triggers of one
//! event form a batch, the active player's resolve first, later batches wait.

use crate::cards::ability::{Ability, Effect, StepName};
use crate::cards::model::EnergyType;
use crate::syntax::{Clause, DieItem, DieRef, Payment, Span, Spanned, Step, Zone};

use super::replay::{Replayer, Stop};
use super::select::{self, Source};
use super::state::{DieId, Op};

mod actions;
mod activated;
mod assign_blocker;
mod attack_step_end;
mod boost;
mod cant_attack;
mod cant_be_targeted;
mod cant_block;
mod capture;
mod choose_one;
mod commit;
mod copy;
mod corrupt;
mod costs;
mod crosspulse;
mod damage;
mod damage_equal_attack;
mod damage_equal_level;
mod damage_from;
mod defense_equal_attack;
mod double_damage_to_blockers;
mod draw;
mod draw_roll;
mod each_deals_attack;
mod excess_to_player;
mod exchange_damage;
mod extra_draw;
mod field;
mod gain_affiliation;
mod gain_life;
mod give_impulse;
mod globals;
mod grant;
mod ignore_text;
mod knocks_out;
mod ko;
mod leave_combat;
mod leaving;
pub(in crate::engine) mod lose_life;
mod loyalty;
mod move_dice;
mod must_attack;
mod must_block;
mod no_damage;
mod prevent_damage;
mod prevent_taken;
mod protection;
mod redirect;
pub(in crate::engine) mod reduce;
pub(in crate::engine) mod reduce_cost;
mod reroll;
mod restrictions;
mod return_to_field;
mod roll;
mod run;
mod spin;
mod spin_to;
mod stay_in_field;
mod surcharge;
mod swap;
mod targets;
mod teamwatch;
mod text;
mod triggers;
mod unblockable;
mod unless;

pub(in crate::engine) use costs::energy_groups;
pub(in crate::engine) use damage_from::{By, Hurt};
pub(in crate::engine) use leaving::Cause;
pub(in crate::engine) use prevent_damage::prevention_global;
pub(in crate::engine) use prevent_taken::is_prevent_taken;
pub(in crate::engine) use redirect::is_redirection;
pub(in crate::engine) use reduce::is_reduction;
pub(in crate::engine) use unless::unless_unheld;

/// The choices one line records for an ability, taken apart.
#[derive(Default)]
struct Choices<'a> {
    may: Option<(bool, Span)>,
    /// Each `pay` clause, with the `to ZONE` after it (where the dice it gives up for a
    /// cost go).
    pays: Vec<(&'a Payment, Option<Spanned<Zone>>)>,
    targets: Vec<&'a DieRef>,
    /// For each target, the `to ZONE` after its clause (where an effect moves it).
    target_to: Vec<Option<Spanned<Zone>>>,
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
        // The clause a `to` says where the dice of go: its kind and first item.
        enum Last {
            Draw(usize),
            Pay,
            Target(usize),
            Other,
        }
        let mut last = Last::Other;
        for clause in clauses {
            match clause {
                Clause::May { yes } => c.may = Some((yes.node, yes.span)),
                Clause::Pay(p) => {
                    c.pays.push((p, None));
                    last = Last::Pay;
                    continue;
                }
                Clause::Target { targets, .. } => {
                    last = Last::Target(c.targets.len());
                    c.targets.extend(targets.iter());
                    c.target_to.extend(targets.iter().map(|_| None));
                    continue;
                }
                Clause::Choose { words, .. } => c
                    .words
                    .extend(words.iter().map(|w| (w.node.to_string(), w.span))),
                Clause::Roll { dice, .. } => c.rolls.extend(dice.iter()),
                Clause::Draw { dice, .. } => {
                    last = Last::Draw(c.draws.len());
                    c.draws.extend(dice.iter().map(|d| (d, None)));
                    continue;
                }
                Clause::To { zone } => match last {
                    Last::Draw(from) => {
                        for d in c.draws.iter_mut().skip(from) {
                            d.1 = Some(zone.node);
                        }
                    }
                    Last::Pay => {
                        if let Some(p) = c.pays.last_mut() {
                            p.1 = Some(zone.clone());
                        }
                    }
                    Last::Target(from) => {
                        for t in c.target_to.iter_mut().skip(from) {
                            *t = Some(zone.clone());
                        }
                    }
                    Last::Other => {}
                },
                Clause::Order { .. } | Clause::Prevent { .. } | Clause::Redirect { .. } => {}
            }
            if !matches!(clause, Clause::To { .. }) {
                last = Last::Other;
            }
        }
        c
    }

    fn is_empty(&self) -> bool {
        self.pays.is_empty()
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
    /// The ops of one effect, with the choices it takes from the line: the table of
    /// effect kinds, each applied in its own file. An effect not listed is one the engine
    /// does not apply (`coverage::effect_applied`), so `run` never gets here with it; a
    /// prevention answers another effect (`protection`), and a static restriction is
    /// checked where it restricts.
    fn effect(&mut self, e: &Effect, ctx: &mut Run) -> Result<Vec<Op>, Stop> {
        match e {
            Effect::Damage {
                amount,
                to,
                per,
                per_paid,
                instead,
                plus,
                per_symbol,
            } => {
                // "For each energy spent": the `up-to` cost's energy (`costs`); "for each
                // [Bolt] in your reserve pool": its faces now (`run::symbol_count`).
                let times = match per_symbol {
                    Some(symbol) => self.symbol_count(*symbol, ctx),
                    None if *per_paid => ctx.paid,
                    None => 1,
                };
                let amount = u8::try_from(u32::from(*amount) * times).unwrap_or(u8::MAX);
                self.damage_effect(amount, to, (per.as_ref(), *plus), instead.as_deref(), ctx)
            }
            Effect::DamageEqualAttack { to } => self.damage_equal_attack_effect(to, ctx),
            Effect::DamageEqualLevel { of, to } => self.damage_equal_level_effect(of, to, ctx),
            Effect::Ko { to } => self.ko_effect(to, ctx),
            Effect::DefenseEqualAttack { to } => self.defense_equal_attack_effect(to, ctx),
            Effect::ExchangeDamage { to, with } => self.exchange_damage_effect(to, with, ctx),
            Effect::Swap { to, with } => self.swap_effect(to, with, ctx),
            Effect::Boost {
                to,
                attack,
                defense,
                double_attack,
                double_defense,
                per,
                ..
            } => {
                // "For each": counted as the effect resolves (`run::per_count`).
                let n = i32::try_from(self.per_count(per.as_ref(), ctx)?).unwrap_or(i32::MAX);
                self.boost_effect(
                    to,
                    (*attack, *defense, n),
                    (*double_attack, *double_defense),
                    ctx,
                )
            }
            Effect::NoDamage { to } => self.no_damage_effect(to, ctx),
            Effect::LoseLife { amount, who } => Ok(self.lose_life_effect(*amount, who, ctx)),
            Effect::ChooseOne { modes, .. } => self.choose_one_effect(modes, ctx),
            Effect::GainLife {
                amount,
                per,
                per_level,
            } => self.gain_life_effect(*amount, per.as_ref(), *per_level, ctx),
            Effect::LeaveCombat { to } => self.leave_combat_effect(to, ctx),
            Effect::Spin { to, levels, way } => self.spin_effect(to, *levels, *way, ctx),
            Effect::SpinTo { to, face } => self.spin_to_effect(to, *face, ctx),
            Effect::Draw {
                count,
                zone,
                per_knocked_out,
            } => {
                // "For each die KO'd by this effect": counted once the effects before it
                // were made (`run`).
                let times = if *per_knocked_out { ctx.knocked } else { 1 };
                let count = u8::try_from(u32::from(*count) * times).unwrap_or(u8::MAX);
                self.draw_effect(count, *zone, ctx)
            }
            Effect::Corrupt { count, who } => self.corrupt_effect(*count, who, ctx),
            Effect::EachDealsAttack { by, to } => self.each_deals_attack_effect(by, to, ctx),
            Effect::Roll {
                what,
                else_to,
                field,
                returns,
            } => self.roll_effect(what, *else_to, (*field, *returns), ctx),
            Effect::Field { what } => self.field_effect(what, ctx),
            Effect::ChooseEnergy => {
                // "Choose an energy type": read by the selectors after it.
                let w = self.word(ctx, &["fist", "bolt", "mask", "shield"])?;
                ctx.src.chosen = match w.as_str() {
                    "fist" => Some(EnergyType::Fist),
                    "bolt" => Some(EnergyType::Bolt),
                    "mask" => Some(EnergyType::Mask),
                    "shield" => Some(EnergyType::Shield),
                    _ => None,
                };
                Ok(Vec::new())
            }
            Effect::DrawRoll {
                count,
                keep,
                field,
                else_to,
                roll,
                per_energy_type,
            } => {
                // "A die for each different energy type among …" (`run::energy_type_count`).
                let times = per_energy_type
                    .as_ref()
                    .map_or(1, |of| self.energy_type_count(of, ctx));
                let count = u8::try_from(u32::from(*count) * times).unwrap_or(u8::MAX);
                self.draw_roll_effect((count, roll.unwrap_or(count)), *keep, *field, *else_to, ctx)
            }
            Effect::ReturnToField { to } => self.return_to_field_effect(to, ctx),
            Effect::Reroll { to, else_to } => self.reroll_effect(to, *else_to, ctx),
            Effect::Move { to, zone } => self.move_effect(to, *zone, ctx),
            Effect::Capture { to, .. } => self.capture_effect(to, ctx),
            Effect::Copy { to } => self.copy_effect(to, ctx),
            Effect::GainAffiliation { to, .. } => self.gain_affiliation_effect(to, ctx),
            Effect::DoubleDamageToBlockers { to } => self.double_damage_to_blockers_effect(to, ctx),
            Effect::ExcessToPlayer { to } => self.excess_to_player_effect(to, ctx),
            Effect::Grant { to, keyword, .. } => self.grant_effect(to, keyword, ctx),
            Effect::ReduceCost {
                amount,
                of,
                next,
                once,
            } => Ok(self.reduce_cost_effect(*amount, of, (*next, *once), ctx)),
            Effect::GiveImpulse => {
                self.give_impulse_effect(ctx);
                Ok(Vec::new())
            }
            Effect::Loyalty { count } => self.loyalty_effect(*count, ctx),
            Effect::CantBlock { to } => self.cant_block_effect(to, ctx),
            Effect::Unblockable { to } => self.unblockable_effect(to, ctx),
            Effect::IgnoreText { to, globals } => Ok(self.ignore_text_effect(to, *globals, ctx)),
            Effect::CantAttack { to } => self.cant_attack_effect(to, ctx),
            Effect::MustBlock { to } => self.must_block_effect(to, ctx),
            Effect::AssignBlocker { to } => self.assign_blocker_effect(to, ctx),
            Effect::MustAttack {
                to,
                next_opportunity,
            } => self.must_attack_effect(to, *next_opportunity, ctx),
            // A die's own prevention of the damage it took (`prevent_taken`).
            Effect::Prevent {
                amount: Some(n),
                per_paid,
                effects: false,
                to: None,
            } if self.taking.is_some() => {
                self.prevent_taken_effect(*n, *per_paid, ctx.paid);
                Ok(Vec::new())
            }
            // A static, read wherever damage is dealt (`damage_from`): nothing to do here.
            Effect::DamageFrom { .. } => Ok(Vec::new()),
            // A static, read by the clear and draw step (`extra_draw`).
            Effect::ExtraDraw { .. } => Ok(Vec::new()),
            _ => Ok(Vec::new()),
        }
    }
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
    /// Whether its effects drew a die from each player's bag: all they draw is one draw
    /// of that player, one event ("when a player draws"), fired once the ability has
    /// resolved.
    drew: [bool; 2],
    /// The `roll` items used so far, by index.
    rolled: Vec<usize>,
    /// The "up to N" of the last effect that took targets, if it was one: a target
    /// beyond it is a choice too many, not a die it cannot reach.
    up_to: Option<u8>,
    /// The energy paid for the ability's `up-to` cost ("for each [Bolt] spent").
    paid: u32,
    /// The dice the ability's effects made so far knocked out ("for each die KO'd by
    /// this effect"), once they are made.
    knocked: u32,
    /// The first effect that could reach nothing and so took none of the line's
    /// targets: a target no later effect takes was meant for it, and is judged by it.
    nothing: Option<crate::cards::ability::Selector>,
}

/// The players a selector reaches (none for one that names only dice).
fn players<'a>(
    to: &'a crate::cards::ability::Selector,
    src: &'a Source,
) -> impl Iterator<Item = usize> + 'a {
    (0..2).filter(|p| select::matches_player(to, src, *p))
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
