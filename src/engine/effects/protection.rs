//! Effects held back for a moment: a die's controller may prevent an effect on it
//! (Spider-Man: "Tiger"); unanswered, the effect goes ahead with the next line.

use crate::cards::ability::{Event, Kind, Subject};
use crate::rules;
use crate::syntax::{Clause, DieRef, Zone};

use super::Choices;
use crate::engine::cards::CardId;
use crate::engine::coverage::protection_applied;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{About, DieId, Held, Op};

impl Replayer {
    /// Commits ops, holding back those that a die's controller may still prevent.
    pub(in crate::engine) fn apply(&mut self, ops: Vec<Op>) -> Flow {
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
        // Damage to a die that may redirect it waits for its owner's answer (one at a
        // time: the rest of the effect goes ahead).
        let mut redirected = None;
        for op in ops {
            // Damage one die deals another in an exchange is not held for a redirection
            // (its source would be lost with it): not guessed.
            if let Op::DamageBy { die, .. } = op
                && let Some((card, _)) = self.redirector(die)
            {
                self.undecided(
                    self.line,
                    card,
                    "may redirect damage one die deals it in an exchange, which dmlint does not hold",
                )?;
            }
            if let Op::Damage { die, .. } = op
                && held.is_none()
                && redirected.is_none()
                && let Some((card, ability)) = self.redirector(die)
            {
                redirected = Some((op, card, ability));
                continue;
            }
            let protector = op.die().and_then(|d| self.protector(d));
            match (protector, &mut held) {
                (Some((card, ability)), None) if redirected.is_none() => {
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
        // An effect the opponent may still pay to stop already waits (`unless`): dmlint
        // holds one effect at a time, so a second answer is not guessed at.
        let waiting = self
            .state
            .turn
            .as_ref()
            .and_then(|t| t.held.as_ref())
            .is_some_and(|w| self.held_for_unless(w.card, w.ability));
        if waiting && (held.is_some() || redirected.is_some()) {
            let card = held
                .as_ref()
                .map(|h| h.card)
                .or(redirected.as_ref().map(|r| r.1))
                .expect("one of them");
            // Waived, the effect goes ahead unanswered.
            self.undecided(
                self.line,
                card,
                "may answer an effect while another waits for the opponent's payment: dmlint holds one at a time",
            )?;
            now.extend(held.take().map(|h| h.ops).unwrap_or_default());
            now.extend(redirected.take().map(|r| r.0));
        }
        // One effect damaging two dice of a card that may redirect it: which die's damage
        // is sent away is its owner's choice (the first time is the card's, 000:1119-1125),
        // and dmlint holds one (alike dice are one choice).
        if let Some((Op::Damage { die: first, .. }, card, _)) = redirected
            && now.iter().any(|o| {
                matches!(o, Op::Damage { die, .. }
                    if self.state.die(*die).card == card
                        && !self.state.alike(&[first, *die], true))
            })
        {
            // Waived, the first die's damage waits for the answer and the rest lands.
            self.undecided(
                self.line,
                card,
                "may redirect the damage an effect deals two of its dice at once: which die's is its owner's choice, and dmlint holds one",
            )?;
        }
        // An effect's damage a prevention global could still answer waits for it
        // (`prevent_damage`); another answer waiting for it too is two at once.
        let damages = |ops: &[Op]| {
            ops.iter()
                .any(|o| matches!(o, Op::Damage { .. } | Op::DamagePlayer { .. }))
        };
        let preventers = if damages(&now)
            || held.as_ref().is_some_and(|h| damages(&h.ops))
            || redirected.is_some()
        {
            self.preventers()
        } else {
            Vec::new()
        };
        if let Some(&(card, ability)) = preventers.first() {
            if held.is_some() || redirected.is_some() {
                // Waived, the other answer waits alone.
                self.undecided(
                    self.line,
                    card,
                    "may prevent damage another ability may answer too (a redirection, a protection): dmlint holds one answer at a time",
                )?;
            } else if !waiting {
                let line = self.line;
                self.turn_mut().held = Some(Held {
                    ops: now,
                    card,
                    ability,
                    line,
                });
                return Ok(());
            }
        }
        if let Some(h) = held {
            self.turn_mut().held = Some(h);
        }
        if let Some((op, card, ability)) = redirected {
            self.hold_for_redirect(op, card, ability);
        }
        self.commit(now)
    }

    /// The card whose ability may protect die `d` from an effect ("pay a fist to
    /// prevent Spider-Man from being affected"), if its controller could use it.
    pub(super) fn protector(&self, d: DieId) -> Option<(CardId, usize)> {
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
    pub(super) fn unapplied_protection(&self, op: &Op) -> Option<(CardId, &'static str)> {
        let about = match (op.die(), op) {
            (Some(d), _) => About::Die(d),
            (
                None,
                Op::DamagePlayer { player, .. }
                | Op::GainLife { player, .. }
                | Op::LoseLife { player, .. },
            ) => About::Player(*player),
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
    pub(super) fn subject_is(&self, of: Subject, about: About, card: CardId, owner: usize) -> bool {
        let die = |d: DieId| self.state.die(d);
        match (of, about) {
            (Subject::This | Subject::ThisOrYou, About::Die(d)) => {
                die(d).card == card && die(d).owner == owner
            }
            (Subject::You | Subject::ThisOrYou, About::Player(p)) => p == owner,
            (Subject::Partner | Subject::ThisOrPartner, About::Die(d)) => {
                let mine = |x: DieId| die(x).card == card && die(x).owner == owner;
                (of == Subject::ThisOrPartner && mine(d)) || die(d).partner.is_some_and(mine)
            }
            (Subject::YourCharacter, About::Die(d)) => die(d).owner == owner,
            (Subject::AnyCharacter, About::Die(_)) => true,
            (Subject::Opponent, About::Player(p)) => p != owner,
            _ => false,
        }
    }

    /// The held effect goes ahead: nobody prevented it.
    pub(in crate::engine) fn release(&mut self) -> Flow {
        let Some(h) = self.state.turn.as_mut().and_then(|t| t.held.take()) else {
            return Ok(());
        };
        // Damage a capped redirection could have sent away counts against it, answered
        // or not.
        self.redirect_share(&h);
        // Effects the opponent did not pay to stop happen now, as any effect does: a die's
        // own protection may still answer them.
        if self.held_for_unless(h.card, h.ability) {
            self.apply(h.ops)?;
        } else if self.held_replaces_ko(&h) {
            self.ko_declined(&h.ops)?;
        } else {
            self.commit(h.ops)?;
        }
        // A knock-out Suit Up waited for has happened now.
        self.settle_suit_up();
        Ok(())
    }

    /// Whether the held effect is a knock-out its card's replacement may stop.
    fn held_replaces_ko(&self, h: &Held) -> bool {
        self.abilities_of(h.card)
            .and_then(|l| l.get(h.ability))
            .is_some_and(super::stay_in_field::is_ko_replacement)
    }

    /// Whether a `resolve` line answers the held effect (its card's protection).
    pub(in crate::engine) fn answers_held(&self, who: usize, die: &DieRef) -> bool {
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
    pub(super) fn protect(
        &mut self,
        who: usize,
        r: &DieRef,
        held: Held,
        clauses: &[Clause],
    ) -> Flow {
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
        if super::redirect::is_redirection(&a) {
            let declined = matches!(choices.may, Some((false, _)));
            return self.redirect(&a, die, mine, clauses, declined);
        }
        if super::stay_in_field::is_ko_replacement(&a) {
            if let Some((false, _)) = choices.may {
                return self.ko_declined(&mine);
            }
            if self.pay_costs(&a, &src, &choices.pays)?.is_some() {
                self.stay_in_field(&a, die);
                return Ok(());
            }
            return self.ko_declined(&mine);
        }
        if let Some((false, _)) = choices.may {
            return self.commit(mine);
        }
        self.pay_costs(&a, &src, &choices.pays).map(|_| ())
    }
}
