//! Restrictions abilities put on attacking and blocking, checked when attackers and
//! blockers are declared: "can't be blocked by", "cannot be blocked" for the turn
//! (Obscure, `keywords::obscure`), "can only be blocked by two or more",
//! "cannot attack", "cannot block", "must attack" and "must block (if able)", from a
//! static ability of a card or from an effect applied to the die this turn.
//!
//! Card text supersedes the basic rules, and when two texts conflict the one that says
//! "can't" wins (Avengers Infinity rulebook, FUNDAMENTAL RULES): a die that cannot attack
//! (or block) is never bound to. A die bound to attack or block "if able" is bound only
//! when some legal declaration has it do so.

use crate::cards::ability::{Ability, Condition, Effect, Kind, Selector};
use crate::rules;
use crate::syntax::{Span, Zone};

use crate::engine::cards::CardId;
use crate::engine::condition;
use crate::engine::coverage::static_applied;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self, Source};
use crate::engine::state::{DieId, MustBlock};

/// Where a restriction on a die comes from, for the label on the line that set it up.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) enum Why {
    /// An effect applied to the die this turn.
    Applied,
    /// A static ability of this card.
    Card(CardId),
}

impl Replayer {
    /// Whether a static ability of `card` (owned by `owner`) holds now: "while active"
    /// while a die of the card is in the field, and its `if:` condition, which the engine
    /// checks on a static made only of combat restrictions (Black Panther: Wakanda Chief
    /// attacks only while the opponent has a character in the field). A condition or a
    /// `while:` the engine does not check left the game undecided where it would hold
    /// (`coverage`), so it never holds here.
    fn static_holds(&self, a: &Ability, card: CardId, owner: usize) -> bool {
        a.kind == Kind::Static
            && condition::ability_on(
                &self.cards,
                &self.state,
                a,
                &Source::card(card, owner),
                None,
            )
    }

    /// Whether a condition holds, seen from `src` (the one reading of `condition`).
    pub(in crate::engine) fn condition_holds(&self, c: &Condition, src: &Source) -> bool {
        condition::holds(&self.cards, &self.state, c, src)
    }

    /// The static abilities in force now, with their card and its owner
    /// ([`Replayer::static_holds`]).
    pub(super) fn statics_in_force(&self) -> Vec<(CardId, usize, &Ability)> {
        let mut out = Vec::new();
        for card in self.cards.ids() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            let Some(list) = self.abilities_of(card) else {
                continue;
            };
            for a in list {
                if self.static_holds(a, card, owner) {
                    out.push((card, owner, a));
                }
            }
        }
        out
    }

    /// Every static ability, with its card and the card's owner (whether it holds is
    /// asked of each die it may reach: `condition::static_reaches`).
    fn statics(&self) -> Vec<(CardId, usize, &Ability)> {
        let mut out = Vec::new();
        for card in self.cards.ids() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            for a in self.abilities_of(card).into_iter().flatten() {
                if a.kind == Kind::Static {
                    out.push((card, owner, a));
                }
            }
        }
        out
    }

    /// The card whose static ability says `pick` of die `id` (the selector it returns
    /// names the die), if one does: "this die" is the die itself, when it is the card's,
    /// and a pairing benefit reaches its partner (`condition::static_reaches`).
    pub(in crate::engine) fn static_says(
        &self,
        id: DieId,
        pick: impl Fn(&Effect) -> Option<&Selector>,
    ) -> Option<CardId> {
        self.statics().into_iter().find_map(|(card, owner, a)| {
            // With the bursts in force: "this die" reads its own face (Howard Stark:
            // Father's "* can't be targeted by globals", `select::static_effects`).
            select::static_effects(&self.state, a, (card, owner), id)
                .iter()
                .filter(|e| static_applied(e))
                .filter_map(&pick)
                .any(|sel| {
                    condition::static_reaches(
                        &self.cards,
                        &self.state,
                        a,
                        Some(sel),
                        (card, owner),
                        id,
                    )
                })
                .then_some(card)
        })
    }

    /// Why die `id` cannot attack, if it cannot.
    pub(in crate::engine) fn cant_attack(&self, id: DieId) -> Option<Why> {
        if self.state.die(id).boost.cant_attack {
            return Some(Why::Applied);
        }
        self.static_says(id, |e| match e {
            Effect::CantAttack { to } => Some(to),
            _ => None,
        })
        .map(Why::Card)
    }

    /// Why die `id` cannot block, if it cannot.
    pub(in crate::engine) fn cant_block(&self, id: DieId) -> Option<Why> {
        if self.state.die(id).boost.cant_block {
            return Some(Why::Applied);
        }
        self.static_says(id, |e| match e {
            Effect::CantBlock { to } => Some(to),
            _ => None,
        })
        .map(Why::Card)
    }

    /// Why die `id` must attack, if it must.
    fn must_attack(&self, id: DieId) -> Option<Why> {
        if self.state.die(id).boost.must_attack {
            return Some(Why::Applied);
        }
        self.static_says(id, |e| match e {
            Effect::MustAttack { to, .. } => Some(to),
            _ => None,
        })
        .map(Why::Card)
    }

    /// The attackers die `id` must block if able (`None`: any attacker), and why: an
    /// effect applied to it, or a static "must block this die" of an attacking die.
    fn must_block(&self, id: DieId) -> Vec<(Option<DieId>, Why)> {
        let mut out = Vec::new();
        match self.state.die(id).boost.must_block {
            Some(MustBlock::Any) => out.push((None, Why::Applied)),
            Some(MustBlock::Attacker(a)) => out.push((Some(a), Why::Applied)),
            None => {}
        }
        for (card, owner, a) in self.statics_in_force() {
            for e in a.effects.iter().filter(|e| static_applied(e)) {
                let Effect::MustBlock { to } = e else {
                    continue;
                };
                // "Must block this die": each of the card's attacking dice.
                let attackers: Vec<DieId> = self
                    .state
                    .zone(owner, Zone::Field)
                    .filter(|x| {
                        let d = self.state.die(*x);
                        d.card == card && d.attacking
                    })
                    .collect();
                for x in attackers {
                    let src = Source::card(card, owner).from_die(x);
                    if select::matches(&self.cards, &self.state, to, &src, id) {
                        out.push((Some(x), Why::Card(card)));
                    }
                }
            }
        }
        out
    }

    /// Whether attacker `a` deals double combat damage to its blockers (Wolverine: The
    /// Best There Is).
    pub(in crate::engine) fn double_to_blockers(&self, a: DieId) -> bool {
        self.state.die(a).boost.double_damage_to_blockers
            || self
                .static_says(a, |e| match e {
                    Effect::DoubleDamageToBlockers { to } => Some(to),
                    _ => None,
                })
                .is_some()
    }

    /// Whether attacker `a`, blocked by several characters, deals its full attack to each
    /// (Cyclops: Slim): a static of its card.
    pub(in crate::engine) fn full_attack_to_each(&self, a: DieId) -> bool {
        self.static_says(a, |e| match e {
            Effect::FullAttackToEachBlocker { to } => Some(to),
            _ => None,
        })
        .is_some()
    }

    /// Whether attacker `a`'s combat damage beyond its blockers' total defense goes to
    /// the opponent (the printed Thrown Car and Doctor Octopus: Fully Armed).
    pub(in crate::engine) fn excess_to_player(&self, a: DieId) -> bool {
        self.state.die(a).boost.excess_to_player
            || self
                .static_says(a, |e| match e {
                    Effect::ExcessToPlayer { to } => Some(to),
                    _ => None,
                })
                .is_some()
    }

    /// The card that lets attacker `a` be blocked only by two or more characters, if one
    /// does: a static of its own card (She-Hulk: Lady Liberator), about the die itself, or
    /// its partner's pairing benefit (Wolverine: Superhero).
    pub(in crate::engine) fn two_or_more(&self, a: DieId) -> Option<CardId> {
        self.statics()
            .into_iter()
            .find(|(card, owner, ab)| {
                ab.effects
                    .iter()
                    .any(|e| matches!(e, Effect::BlockedOnlyByTwoOrMore))
                    && condition::static_reaches(
                        &self.cards,
                        &self.state,
                        ab,
                        None,
                        (*card, *owner),
                        a,
                    )
            })
            .map(|(card, _, _)| card)
    }

    /// The first static "can't be blocked by" of an attacker (its own card's, or its
    /// partner's pairing benefit) that forbids this blocker.
    pub(in crate::engine) fn block_forbidden(
        &self,
        blocker: DieId,
        attacker: DieId,
    ) -> Option<String> {
        for (card, owner, ab) in self.statics() {
            if !condition::static_reaches(
                &self.cards,
                &self.state,
                ab,
                None,
                (card, owner),
                attacker,
            ) {
                continue;
            }
            // "By" is read from the card's side: its die, or the attacker's partner.
            let src = Source::card(card, owner).from_die(attacker);
            // A burst the attacker shows is its own: it adds to the static or replaces it
            // (Gamora: Solar Sacrifice's "*: not by level 1 characters").
            let own = self.state.die(attacker).card == card;
            let bursts = if own {
                select::bursts_shown(&self.state, attacker)
            } else {
                0
            };
            for e in &super::effects_for(ab, bursts) {
                if let Effect::CantBeBlockedBy { by } = e
                    && select::matches(&self.cards, &self.state, by, &src, blocker)
                {
                    return Some(crate::cards::text::kind(by));
                }
            }
        }
        None
    }

    /// The line that set a restriction up, and its label: the line that applied the
    /// effect this turn (or the turn's start, when a position stated it), or the card.
    pub(super) fn why_context(&self, id: DieId, why: Why) -> (Span, String) {
        match why {
            Why::Card(card) => (self.cards.get(card).line, "card defined here".to_string()),
            Why::Applied => {
                let t = self.turn_ref().expect("turn");
                match t.marked.iter().rev().find(|(d, _)| *d == id) {
                    Some((_, at)) => (*at, "the effect was applied here".to_string()),
                    None => (t.line, "in effect from here".to_string()),
                }
            }
        }
    }

    /// Where a restriction comes from, in words: "an effect this turn says so".
    pub(super) fn why_text(&self, why: Why) -> String {
        match why {
            Why::Applied => "an effect this turn says so".to_string(),
            Why::Card(c) => format!("{}'s text says so", self.cards.get(c).name),
        }
    }

    /// A die as a judge reads it aloud: its owner, its card and the die the line wrote,
    /// "Bob's Ant-Man: Biophysicist (`AM:L3`)".
    pub(in crate::engine) fn named_die(
        &self,
        id: DieId,
        written: &impl std::fmt::Display,
    ) -> String {
        let d = self.state.die(id);
        self.named_card(d.owner, d.card, written)
    }

    /// [`Replayer::named_die`] with the die written as a position writes it (`GR:L1`).
    pub(in crate::engine) fn named_plain(&self, id: DieId) -> String {
        self.named_die(id, &self.state.die_text_plain(&self.cards, id))
    }

    /// [`Replayer::named_die`] for an attacker, numbered among identical ones (`SK:L1#2`).
    pub(in crate::engine) fn named_attacker(&self, id: DieId) -> String {
        self.named_die(id, &self.state.attacker_ref(&self.cards, id))
    }

    /// [`Replayer::named_die`] for a die the line names but the state has not (it is
    /// not where the line says): its owner, its card and what the line wrote.
    pub(in crate::engine) fn named_card(
        &self,
        owner: usize,
        card: crate::engine::cards::CardId,
        written: &impl std::fmt::Display,
    ) -> String {
        let card = self.cards.get(card);
        let noun = match card.kind {
            crate::engine::cards::DieKind::Sidekick => "sidekick",
            _ => card.name.as_str(),
        };
        format!("{}'s {noun} (`{written}`)", self.cards.players[owner])
    }

    /// Why blocker `b` may not block attacker `a`, if it may not: it cannot block at all,
    /// the attacker cannot be blocked by it, or Call Out forbids it
    /// (`keywords::call_out`). The message's reason and the context.
    pub(in crate::engine) fn block_refused(
        &self,
        b: DieId,
        a: DieId,
    ) -> Option<(String, (Span, String))> {
        self.block_refused_plain(b, a)
            .or_else(|| self.call_out_refused(b, a))
    }

    /// [`Replayer::block_refused`] but for Call Out, which holds only when its target
    /// could block but for it.
    pub(in crate::engine) fn block_refused_plain(
        &self,
        b: DieId,
        a: DieId,
    ) -> Option<(String, (Span, String))> {
        if let Some(why) = self.cant_block(b) {
            let text = self.state.die_text_plain(&self.cards, b);
            let reason = self.why_text(why);
            return Some((
                format!(
                    "{} cannot block ({reason}): block with other characters, or not at all (`block none`)",
                    self.named_die(b, &text)
                ),
                self.why_context(b, why),
            ));
        }
        if self.state.die(a).boost.unblockable {
            let text = self.state.die_text_plain(&self.cards, a);
            return Some((
                format!(
                    "{} cannot be blocked this turn (an effect made it so, or Obscure as \
                     an action die was used): block other attackers, or none",
                    self.named_die(a, &text)
                ),
                self.why_context(a, Why::Applied),
            ));
        }
        let by = self.block_forbidden(b, a)?;
        let card = self.state.die(a).card;
        let name = self.cards.get(card).name.clone();
        let blocker = match self.cards.get(self.state.die(b).card).kind {
            crate::engine::cards::DieKind::Sidekick => "a sidekick".to_string(),
            _ => self.cards.get(self.state.die(b).card).name.clone(),
        };
        Some((
            format!("{name} cannot be blocked by {by}, and the blocker ({blocker}) is one"),
            (self.cards.get(card).line, "card defined here".to_string()),
        ))
    }

    /// Whether die `d` could block attacker `a` in some legal declaration of blockers: it
    /// is a character of the defender in the field, free to block, the attacker lets it,
    /// and an attacker blockable only by two or more has another such blocker.
    fn could_block(&self, d: DieId, a: DieId) -> bool {
        let free = |x: DieId| {
            let die = self.state.die(x);
            die.zone == Zone::Field
                && !die.attacking
                && select::is_character(&self.state, x)
                && self.block_refused(x, a).is_none()
        };
        if !self.state.die(a).attacking || !free(d) {
            return false;
        }
        if self.two_or_more(a).is_none() {
            return true;
        }
        let defender = self.state.die(d).owner;
        self.state
            .zone(defender, Zone::Field)
            .any(|x| x != d && free(x))
    }

    /// Attackers as declared (each with the span that names it): none that cannot
    /// attack, and every die that must attack and can among them.
    pub(in crate::engine) fn check_attackers(&mut self, declared: &[(DieId, Span)]) -> Flow {
        let active = self.turn_ref().expect("turn").active;
        let names: Vec<String> = declared
            .iter()
            .map(|(d, _)| self.state.die_text_plain(&self.cards, *d))
            .collect();
        for (k, &(a, span)) in declared.iter().enumerate() {
            let Some(why) = self.cant_attack(a) else {
                continue;
            };
            let others: Vec<&str> = (0..names.len())
                .filter(|i| *i != k)
                .map(|i| names[i].as_str())
                .collect();
            let example = if others.is_empty() {
                "attack none".to_string()
            } else {
                format!("attack {}", others.join(" "))
            };
            let context = self.why_context(a, why);
            // Waived, the die attacks as written.
            self.violate(
                rules::cannot_attack::new(
                    span,
                    format!(
                        "{} cannot attack ({})",
                        self.named_die(a, &names[k]),
                        self.why_text(why)
                    ),
                    format!("leave it out of the attack: `{example}`"),
                )
                .with_context(context.0, context.1),
            )?;
        }
        let bound: Vec<(DieId, Why)> = self
            .state
            .zone(active, Zone::Field)
            .filter(|d| {
                select::is_character(&self.state, *d)
                    && !declared.iter().any(|(x, _)| x == d)
                    && self.cant_attack(*d).is_none()
            })
            .filter_map(|d| self.must_attack(d).map(|w| (d, w)))
            .collect();
        if let Some(&(d, why)) = bound.first() {
            let text = self.state.die_text_plain(&self.cards, d);
            let mut all = names.clone();
            all.extend(
                bound
                    .iter()
                    .map(|(x, _)| self.state.die_text_plain(&self.cards, *x)),
            );
            let context = self.why_context(d, why);
            // Waived, the attack stands as declared.
            self.violate(
                rules::must_attack::new(
                    self.line,
                    format!(
                        "{} must attack ({}) and is not declared",
                        self.named_die(d, &text),
                        self.why_text(why)
                    ),
                    format!(
                        "a die that must attack is declared with the attackers when it can: `attack {}`",
                        all.join(" ")
                    ),
                )
                .with_context(context.0, context.1),
            )?;
        }
        Ok(())
    }

    /// Blockers as declared (blocker, attacker, the span naming the blocker): an attacker
    /// that only two or more may block is not blocked by one alone, and every die that
    /// must block, and can, blocks as it must.
    pub(in crate::engine) fn check_blockers(
        &mut self,
        links: &[(DieId, DieId, Span)],
        defender: usize,
    ) -> Flow {
        for &(b, a, span) in links {
            let alone = links.iter().filter(|l| l.1 == a).count() == 1;
            let Some(card) = self.two_or_more(a).filter(|_| alone) else {
                continue;
            };
            let name = self.cards.get(card).name.clone();
            let rest: Vec<String> = links
                .iter()
                .filter(|l| l.1 != a)
                .map(|l| self.pair_text(l.0, l.1))
                .collect();
            let example = if rest.is_empty() {
                "block none".to_string()
            } else {
                format!("block {}", rest.join(", "))
            };
            // Waived, the lone blocker blocks as written.
            self.violate(
                rules::cannot_block::new(
                    span,
                    format!(
                        "{} blocks {} alone",
                        self.named_plain(b),
                        self.named_attacker(a)
                    ),
                    format!(
                        "{name} can only be blocked by two or more characters: add a second blocker, or leave it unblocked (`{example}`)"
                    ),
                )
                .with_context(self.cards.get(card).line, "card defined here"),
            )?;
        }
        let dice: Vec<DieId> = self.state.zone(defender, Zone::Field).collect();
        for d in dice {
            let bound = self.must_block(d);
            if bound.is_empty() || self.cant_block(d).is_some() {
                continue;
            }
            let blocks = links.iter().find(|l| l.0 == d);
            let kept = bound.iter().any(|(x, _)| match (x, blocks) {
                (None, Some(_)) => true,
                (Some(x), Some(l)) => l.1 == *x,
                (_, None) => false,
            });
            if kept {
                continue;
            }
            let attackers = self.attackers();
            let able = bound.iter().find_map(|(x, why)| {
                let options: Vec<DieId> = match x {
                    Some(x) => vec![*x],
                    None => attackers.clone(),
                };
                options
                    .into_iter()
                    .find(|a| self.could_block(d, *a))
                    .map(|a| (a, *why))
            });
            let Some((a, why)) = able else {
                continue;
            };
            let text = self.state.die_text_plain(&self.cards, d);
            // Bound to one attacker, the message names it; bound to any, "an attacker".
            let target = if bound.iter().any(|(x, _)| x.is_none()) {
                "an attacker".to_string()
            } else {
                self.named_attacker(a)
            };
            let (span, message) = match blocks {
                Some(l) => (
                    l.2,
                    format!(
                        "{} must block {target} and blocks {}",
                        self.named_die(d, &text),
                        self.named_attacker(l.1)
                    ),
                ),
                None => (
                    self.line,
                    format!(
                        "{} must block {target} and does not block",
                        self.named_die(d, &text)
                    ),
                ),
            };
            let context = self.why_context(d, why);
            // Waived, the blocks stand as declared.
            self.violate(
                rules::must_block::new(
                    span,
                    message,
                    format!(
                        "a die that must block does so when it can: `block {}`",
                        self.pair_text(d, a)
                    ),
                )
                .with_context(context.0, context.1),
            )?;
        }
        Ok(())
    }

    /// `GR:L1 -> SM:L1`: a blocker and its attacker as a `block` line pairs them.
    fn pair_text(&self, b: DieId, a: DieId) -> String {
        format!(
            "{} -> {}",
            self.state.die_text_plain(&self.cards, b),
            self.state.attacker_ref(&self.cards, a)
        )
    }
}
