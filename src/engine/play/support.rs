//! Which card text the move generator can play: every choice it may call for is one the
//! generator makes ([`super::ability`]), and every restriction it puts on a move is one
//! the generator keeps ([`super::combat`]).
//!
//! A card the engine applies in full may still be beyond the generator: a keyword with a
//! choice of its own (Heroic, Call Out), a protection answered mid-effect, an effect the
//! opponent may pay to stop. `dmlint gen` builds teams only of cards the generator plays
//! (so that no game reaches a choice it cannot make), and `dmlint mutate` judges only
//! games made of them. Every match below ends in an arm that refuses what it does not
//! name: a new effect, keyword or cost is unplayable until the generator learns it.

use crate::cards::ability::{
    Ability, Cost, Count, Effect, Event, Keyword, Kind, Limit, Selector, Subject, What,
};

use super::super::cards::GameCards;

/// Whether the generator plays every ability of a card (its text as the engine plays it:
/// with the triggers its keywords give, `keywords::expanded`).
pub fn card(abilities: &[Ability]) -> bool {
    crate::engine::keywords::expanded(abilities)
        .iter()
        .all(ability)
}

/// Whether the generator plays every card of a game.
pub fn game(cards: &GameCards) -> bool {
    cards.cards.iter().all(|c| {
        c.abilities
            .as_deref()
            .is_some_and(|l| l.iter().all(ability))
    })
}

/// Whether the generator plays one ability.
pub fn ability(a: &Ability) -> bool {
    if !a.unless.is_empty() || !a.cost.iter().all(cost) {
        return false;
    }
    let mut effects = a
        .effects
        .iter()
        .chain(a.bursts.iter().flat_map(|b| b.effects.iter()));
    match a.kind {
        Kind::Keyword => a.keyword.as_ref().is_some_and(keyword),
        Kind::Static => effects.all(static_effect),
        // A reactive global answers an event about a die or a player, which the
        // generator reads off the last move.
        Kind::Global if a.limit == Limit::Reactive => {
            a.when.as_ref().is_some_and(|w| w.event.answerable())
                && effects.all(|e| effect(e, a, false))
        }
        Kind::Action | Kind::Global => effects.all(|e| effect(e, a, false)),
        Kind::Activated => effects.all(|e| effect(e, a, true)),
        Kind::Triggered => {
            let Some(w) = &a.when else { return false };
            // A protection answers an effect before it lands: not a move the generator
            // makes.
            if w.event == Event::WouldBeAffected || !event(w.event) {
                return false;
            }
            // A reduction of the die's own damage acts as the damage is dealt and is
            // never queued (`effects::reduce`).
            if crate::engine::effects::is_reduction(a) {
                return true;
            }
            // Fired for one of the card's dice, or (for a player's event, any
            // character's) for none: then "this die" is undecided.
            let own = matches!(
                w.of,
                Subject::This | Subject::Partner | Subject::ThisOrPartner
            );
            effects.all(|e| effect(e, a, own))
        }
    }
}

/// An event whose triggers the generator expects and resolves: those it knows where
/// they fire. The ability words' events (a die spun up, bought, rolled from the prep
/// area or on a double energy face, a teammate fielded, a die leaving because of the
/// opponent, a knock-out by combat damage) it does not yet foresee: their cards stay
/// out of generated teams.
fn event(e: Event) -> bool {
    matches!(
        e,
        Event::AttackStepStart
            | Event::Attacked
            | Event::Attacks
            | Event::BlockersAssigned
            | Event::Blocks
            | Event::DamagesOpponent
            | Event::DealsEffectDamage
            | Event::Draws
            | Event::Engaged
            | Event::Fielded
            | Event::IsBlocked
            | Event::KnockedOut
            | Event::KnockedOutWhileBlocking
            | Event::TakesDamage
            | Event::TurnEnd
            | Event::TurnStart
            | Event::UsesAction
            | Event::WouldBeAffected
            | Event::WouldBeKnockedOut
    )
}

/// A cost the generator pays: energy, a die of the controller's spun down, knocked out
/// or moved, life, damage taken (nothing to choose); not energy "up to" an amount, whose
/// amount it does not choose.
fn cost(c: &Cost) -> bool {
    match c {
        Cost::Energy(_) | Cost::Life(_) | Cost::Damage(_) => true,
        Cost::UpTo(_) => false,
        // The ability's own die knocked out to pay (Howard Stark: Brilliant): the
        // generator would still offer it as a target of the effects.
        Cost::Ko(s) if s.what == What::This => false,
        Cost::SpinDown(s) | Cost::Ko(s) => chooser(s),
        Cost::Move { what, .. } => chooser(what),
    }
}

/// A selector whose choice the generator makes: one, two or up to N of the dice (or
/// players) it names, or each of them.
fn chooser(s: &Selector) -> bool {
    s.count != Count::AnyNumber && s.zones.is_empty()
}

/// A keyword the generator plays: one that needs no choice and restricts no move, or one
/// whose restriction it keeps (Obscure: unblockable), or one that gives its card a
/// trigger it resolves (Attune, Amplify), or one whose choice it makes in the queue
/// (`keywords`).
fn keyword(k: &Keyword) -> bool {
    match k {
        Keyword::Overcrush
        | Keyword::Fast
        | Keyword::IronWill
        | Keyword::EnergyDrain
        | Keyword::Strike
        | Keyword::Swarm
        | Keyword::Ally
        | Keyword::Obscure
        | Keyword::Attune
        | Keyword::Amplify => true,
        // Keywords that wait in the queue for a choice the generator makes.
        k => super::keywords::chosen(k),
    }
}

/// A static effect the generator plays: one that changes stats or damage, which the
/// checker computes, or a combat restriction the generator keeps ([`super::combat`]).
fn static_effect(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Boost { .. }
            | Effect::DoubleDamageToBlockers { .. }
            | Effect::ExcessToPlayer { .. }
            | Effect::Grant { .. }
            | Effect::CantBeBlockedBy { .. }
            | Effect::BlockedOnlyByTwoOrMore
            | Effect::CantAttack { .. }
            | Effect::CantBlock { .. }
            | Effect::MustAttack { .. }
            | Effect::MustBlock { .. }
    )
}

/// An effect of an action, a global, an activated or triggered ability whose choices
/// the generator makes; `own` says whether the ability speaks from a die of its card
/// (an activated ability, a trigger fired for one of its dice).
fn effect(e: &Effect, a: &Ability, own: bool) -> bool {
    let aims = |to: &Selector| chooser(to) && (own || to.what != What::This);
    let per = |p: &Option<Selector>| p.as_ref().is_none_or(chooser);
    let aimed = || super::ability::aim(e).is_some_and(aims);
    match e {
        Effect::Damage { per: p, .. } | Effect::Boost { per: p, .. } => aimed() && per(p),
        // The die's own attack, while it is a character in the field.
        Effect::DamageEqualAttack { .. } => own && aimed(),
        Effect::GainLife { per: p, .. } => per(p),
        // The die's own damage lessened as it is dealt (`is_reduction` triggers only).
        Effect::Reduce { .. } | Effect::Prevent { effects: false, .. } => {
            crate::engine::effects::is_reduction(a)
        }
        // The other effects with a choice the generator makes ([`super::ability::aim`]).
        _ => aimed(),
    }
}
