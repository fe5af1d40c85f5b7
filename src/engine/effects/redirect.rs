//! The "redirect" effect: damage about to be dealt to a die goes to another target
//! instead. Reducing or redirecting damage acts before the damage resolves (Avengers
//! Infinity rulebook, ASSIGN DAMAGE; EFFECT TIMING AND RESOLUTION, 000:1109-1117), so an
//! effect's damage to such a die is held back for one line, as a protection holds an
//! effect (`protection`): its owner answers with `resolve DIE redirect TARGET` (or `may
//! no`), and unanswered the damage lands.
//!
//! Applied in two forms, each a trigger on the die's own `takes-damage` whose only
//! effect is `redirect`, with nothing to pay:
//! - the first time each turn (`limit: first-each-turn`, Nova: Bucket Head): all of that
//!   damage, counted for the card (000:1119-1125);
//! - the first N damage each turn (`first: N`, Storm: Lady Liberator): as much of the
//!   damage as is left of N, counted for the card, whether or not it is redirected; a
//!   position writes each point counted as one use of the ability (`limit … ability`).
//!
//! `from` keeps the damage whose source it names (an action die's). A redirection to a
//! player (`to: {what: player, …}`) is written `redirect Ann`. Combat damage to such a
//! die is held in the 2018 combat damage, before knock-outs, where the trigger resolves
//! (`combat_redirect`); one effect damaging two dice of the card at once (which of them
//! is the owner's choice), and any other form, are undecided.

use crate::cards::ability::{Ability, Effect, Event, Kind, Limit, Subject, While};
use crate::rules;
use crate::syntax::{Clause, DieRef, Zone};

use super::By;
use crate::engine::cards::CardId;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{DieId, Held, Op, Used};

/// Whether an ability is a redirection the engine applies to an effect's damage.
pub(in crate::engine) fn is_redirection(a: &Ability) -> bool {
    let trigger = a.kind == Kind::Triggered
        && a.when.as_ref().is_some_and(|w| {
            w.event == Event::TakesDamage
                && w.of == Subject::This
                && w.step.is_none()
                && w.filter.is_none()
        })
        && a.if_.is_none()
        && matches!(a.while_, None | Some(While::Active))
        && a.cost.is_empty()
        && a.bursts.is_empty();
    trigger
        && match a.effects[..] {
            [Effect::Redirect { first: None, .. }] => a.limit == Limit::FirstEachTurn,
            [Effect::Redirect { first: Some(_), .. }] => a.limit == Limit::Unlimited,
            _ => false,
        }
}

/// Whether a redirection acts only on damage it holds before it lands: one whose `from`
/// names the damage's source (the held path is its only way; combat damage and other
/// sources' damage are not its), so its trigger never queues.
pub(in crate::engine) fn only_held(a: &Ability) -> bool {
    is_redirection(a)
        && matches!(
            a.effects.first(),
            Some(Effect::Redirect { from: Some(_), .. })
        )
}

/// Damage sent to a die or a player.
fn damage_to(new: super::Reached, amount: u32) -> Op {
    match new {
        super::Reached::Die(die) => Op::Damage { die, amount },
        super::Reached::Player(player) => Op::DamagePlayer { player, amount },
    }
}

/// The `first: N` of a redirection, if it has one.
fn cap(a: &Ability) -> Option<u32> {
    match a.effects.first() {
        Some(Effect::Redirect { first, .. }) => first.map(u32::from),
        _ => None,
    }
}

impl Replayer {
    /// The card and ability that may redirect damage about to be dealt to die `d` now,
    /// from the effect's source: a redirection of its card not used up this turn, whose
    /// `from` names that source.
    pub(super) fn redirector(&self, d: DieId) -> Option<(CardId, usize)> {
        let die = self.state.die(d);
        if die.zone != Zone::Field {
            return None;
        }
        let list = self.abilities_of(die.card)?;
        let i = list.iter().position(is_redirection)?;
        let a = &list[i];
        if let Some(Effect::Redirect { from: Some(f), .. }) = a.effects.first() {
            let src = Source::card(die.card, die.owner).from_die(d);
            let named = match self.damage_by {
                By::Die(s) => select::filter_matches(&self.cards, &self.state, f, &src, s),
                By::Unknown => false,
            };
            if !named {
                return None;
            }
        }
        let left = self.redirect_left(die.card, i, a);
        (left > 0).then_some((die.card, i))
    }

    /// How much damage a redirection may still send away this turn: all of it once for
    /// the first-time form, what is left of its N for the capped one.
    fn redirect_left(&self, card: CardId, i: usize, a: &Ability) -> u32 {
        let used = self.state.turn.as_ref().map_or(0, |t| {
            t.used
                .iter()
                .filter(|u| (u.card, u.ability) == (card, i))
                .count()
        });
        let used = u32::try_from(used).unwrap_or(u32::MAX);
        match cap(a) {
            Some(n) => n.saturating_sub(used),
            None if used == 0 => u32::MAX,
            None => 0,
        }
    }

    /// Counts `n` damage against the card's redirection this turn (one use each point,
    /// for the capped form; one use in all for the first-time form).
    fn count_redirected(&mut self, card: CardId, ability: usize, n: u32) {
        let t = self.turn_mut();
        for _ in 0..n.max(1) {
            t.used.push(Used {
                card,
                ability,
                die: None,
                by: None,
            });
        }
    }

    /// Holds back damage to a die that may redirect it. The first-time form is spent
    /// now, answered or not (`fire` does not queue it again when the damage lands); the
    /// capped form counts what it may redirect as it is answered or lands.
    pub(super) fn hold_for_redirect(&mut self, op: Op, card: CardId, ability: usize) {
        let capped = self
            .abilities_of(card)
            .and_then(|l| l.get(ability))
            .and_then(cap)
            .is_some();
        if !capped {
            self.count_redirected(card, ability, 1);
        }
        let line = self.line;
        self.turn_mut().held = Some(Held {
            ops: vec![op],
            card,
            ability,
            line,
        });
    }

    /// The share of held damage a capped redirection may send away, counted now: the
    /// first N of the turn are counted whether they are redirected or land.
    pub(super) fn redirect_share(&mut self, held: &Held) -> u32 {
        let Some(a) = self
            .abilities_of(held.card)
            .and_then(|l| l.get(held.ability))
            .cloned()
        else {
            return 0;
        };
        if cap(&a).is_none() || !is_redirection(&a) {
            return u32::MAX;
        }
        let amount: u32 = held
            .ops
            .iter()
            .map(|o| match o {
                Op::Damage { amount, .. } => *amount,
                _ => 0,
            })
            .sum();
        let share = amount.min(self.redirect_left(held.card, held.ability, &a));
        if share > 0 {
            self.count_redirected(held.card, held.ability, share);
        }
        share
    }

    /// `resolve DIE redirect TARGET`: the held damage to `die` goes to the target
    /// instead (as much as the card may still send); `may no` lets it land.
    pub(super) fn redirect(
        &mut self,
        a: &Ability,
        die: DieId,
        mine: Vec<Op>,
        clauses: &[Clause],
        declined: bool,
    ) -> Flow {
        let card = self.state.die(die).card;
        let held = Held {
            ops: mine.clone(),
            card,
            ability: self
                .abilities_of(card)
                .and_then(|l| l.iter().position(is_redirection))
                .unwrap_or(0),
            line: self.line,
        };
        let share = self.redirect_share(&held);
        if declined {
            return self.commit(mine);
        }
        let Some(Effect::Redirect { to, .. }) = a.effects.first() else {
            return self.commit(mine);
        };
        let src = Source::card(card, self.state.die(die).owner).from_die(die);
        let Some(new) = self.redirect_target(clauses, to, &src)? else {
            // Waived, the damage lands where it was going.
            return self.commit(mine);
        };
        // The share goes to the new target; what is beyond it stays on the die.
        let mut ops = Vec::new();
        for op in mine {
            match op {
                Op::Damage { die: d, amount } => {
                    let sent = amount.min(share);
                    if sent > 0 {
                        ops.push(damage_to(new, sent));
                    }
                    if amount > sent {
                        ops.push(Op::Damage {
                            die: d,
                            amount: amount - sent,
                        });
                    }
                }
                other => ops.push(other),
            }
        }
        self.commit(ops)
    }

    /// A redirection's trigger set off by combat damage to its die, resolving: under the
    /// 2018 rules the damaged dice wait in the attack zone, not yet knocked out, while
    /// the "when damaged" effects resolve (000:755-782), so the damage the die took now
    /// (as much of it as the card may still send) goes to the new target instead, before
    /// anything is knocked out. Its first time was this damage, so all the die's damage
    /// is this damage. Undecided: before 2018 (the knock-outs came with the damage), and
    /// where other effects already answered the die's damage (a trigger of it waiting,
    /// Iron Will's memory of it).
    pub(super) fn combat_redirect(
        &mut self,
        p: &crate::engine::state::Pending,
        a: &Ability,
        clauses: &[Clause],
    ) -> Flow {
        use crate::engine::state::DamageStage;
        let choices = super::Choices::of(clauses, self.line);
        let Some(die) = p.die else {
            return self.undecided(self.line, p.card, "redirects damage no die of it took");
        };
        let stage = self.turn_ref().map(|t| t.damage);
        let held = matches!(stage, Some(DamageStage::Damaged | DamageStage::FastDamaged))
            && self.state.die(die).zone == Zone::Field;
        let pending_about_it = self.turn_ref().is_some_and(|t| {
            t.pending
                .iter()
                .any(|q| q.batch == p.batch && (q.subject == Some(die) || q.die == Some(die)))
        });
        if !held || pending_about_it || self.state.die(die).boost.iron_will_spared.is_some() {
            // Waived, the damage stays where it was dealt.
            return self.undecided(
                self.line,
                p.card,
                "redirects combat damage that has already landed (before 2018 with its knock-outs, or answered by other effects): dmlint does not undo it",
            );
        }
        let declined = matches!(choices.may, Some((false, _)));
        let amount = self.state.die(die).damage;
        let share = match cap(a) {
            Some(_) => {
                let left = self.redirect_left(p.card, p.ability, a).min(amount);
                self.count_redirected(p.card, p.ability, left);
                left
            }
            None => amount,
        };
        if declined || share == 0 {
            return Ok(());
        }
        let Some(Effect::Redirect { to, .. }) = a.effects.first() else {
            return Ok(());
        };
        let src = Source::card(p.card, p.controller).from_die(die);
        let Some(new) = self.redirect_target(clauses, to, &src)? else {
            // Waived, the damage stays.
            return Ok(());
        };
        // Taken back from the die, as if never dealt to it.
        let d = self.state.die_mut(die);
        d.damage -= share;
        if d.damage == 0
            && let Some(t) = self.state.turn.as_mut()
        {
            t.attack_damaged.retain(|x| *x != die);
        }
        let before = self.damage_by;
        self.damage_by = By::Unknown;
        let done = self.commit(vec![damage_to(new, share)]);
        self.damage_by = before;
        done
    }

    /// Where a redirection's line sends the damage (its `redirect` clause): a die in the
    /// field, or a player for a redirection to players (`redirect Ann`), checked against
    /// its selector (a new target need only be one the redirection may choose,
    /// 000:1237-1245). `None`: the line names none, waived.
    pub(super) fn redirect_target(
        &mut self,
        clauses: &[Clause],
        to: &crate::cards::ability::Selector,
        src: &Source,
    ) -> Result<Option<super::Reached>, crate::engine::replay::Stop> {
        let target: Option<&DieRef> = clauses.iter().find_map(|c| match c {
            Clause::Redirect { target } => Some(target),
            _ => None,
        });
        let Some(target) = target else {
            let name = self.cards.get(src.card).name.clone();
            self.violate(rules::invalid_choice::new(
                self.line,
                format!("{name}'s redirection names no new target"),
                "write where the damage goes, `redirect Ann.GR:L1` (or `redirect Ann` for a player), or decline with `may no`",
            ))?;
            return Ok(None);
        };
        if select::names_players(to)
            && target.face.is_none()
            && target.player.is_none()
            && let Some(p) = self.cards.player(&target.alias.node)
        {
            if !select::matches_player(to, src, p) {
                // Waived, the damage goes to the player written.
                self.bad_target(target, to, src)?;
            }
            return Ok(Some(super::Reached::Player(p)));
        }
        let t_owner = self.owner_of(target, src.controller)?;
        let found = self.find(target, t_owner, Zone::Field, &[], |_, _| true)?;
        let Some(new) = found else {
            self.bad_target(target, to, src)?;
            return Err(self.unreplayable(target.span, "no such die to redirect the damage to"));
        };
        if !select::matches(&self.cards, &self.state, to, src, new) {
            // Waived, the damage goes to the die written.
            self.bad_target(target, to, src)?;
        }
        Ok(Some(super::Reached::Die(new)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn the_applied_redirection_is_the_first_damage_or_the_first_n() {
        let nova = "kind: triggered\nwhen: {event: takes-damage}\nlimit: first-each-turn\nmay: true\n\
                    do: [redirect: {to: {what: character, target: true}}]\n";
        assert!(is_redirection(&ability(nova)));
        // Every time, or with a cost: queued as a trigger, undecided where it resolves.
        assert!(!is_redirection(&ability(
            &nova.replace("limit: first-each-turn\n", "")
        )));
        assert!(!is_redirection(&ability(&format!(
            "{nova}cost: [energy: [mask]]\n"
        ))));
        assert!(!is_redirection(&ability(
            &nova.replace("takes-damage}", "takes-damage, of: you}")
        )));
        // The first N each turn: with no first-time limit.
        let storm = "kind: triggered\nwhen: {event: takes-damage}\nmay: true\n\
                     do: [redirect: {to: {what: player, side: opposing}, from: {what: action-die}, first: 2}]\n";
        assert!(is_redirection(&ability(storm)));
        assert_eq!(cap(&ability(storm)), Some(2));
        assert!(!is_redirection(&ability(&format!(
            "{storm}limit: first-each-turn\n"
        ))));
    }
}
