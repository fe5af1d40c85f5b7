//! What the engine applies of a card's text, and where the rest would matter.
//!
//! "Never legal by guesswork": a card whose text — or a part of it, or a keyword — the
//! engine does not apply makes the game undecided at the first line where that text
//! could matter, never silently ignored. Each part of the ability language is either
//! applied where it acts (an effect the engine runs, an event it fires) or names here
//! the [`Moment`] at which it would act. `tests/coverage.rs` walks every kind of
//! ability and every event of the language through those moments.

use crate::cards::ability::{
    Ability, Cost, Count, Effect, Event, Keyword, Kind, Limit, Subject, Until, What, While,
    ZoneName,
};
use crate::cards::model::Abilities;

/// A moment of a game at which a card's text may act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// The game is set up (its first turn begins, or a position sets it): text that acts
    /// from the card itself, with no die of it anywhere, acts from here on.
    Start,
    /// A die of the card comes into play: bought, or placed by a `position` block.
    InPlay,
    /// A die of the card is bought.
    Bought,
    /// A die of the card is drawn (in the clear and draw step or by an effect).
    Drawn,
    /// A die of the card is rolled or rerolled.
    Rolled,
    /// A die of the card enters the field, or is there (a position).
    Fielded,
    /// An action die of the card is used.
    Used,
}

impl Moment {
    pub const ALL: [Moment; 7] = [
        Moment::Start,
        Moment::InPlay,
        Moment::Bought,
        Moment::Drawn,
        Moment::Rolled,
        Moment::Fielded,
        Moment::Used,
    ];

    /// What happens, for the undecided message: "… is bought".
    pub fn phrase(self) -> &'static str {
        match self {
            Moment::Start => "is on a team",
            Moment::InPlay => "comes into play",
            Moment::Bought => "is bought",
            Moment::Drawn => "is drawn",
            Moment::Rolled => "is rolled",
            Moment::Fielded => "is in the field",
            Moment::Used => "is used",
        }
    }
}

/// Whether the engine applies an effect where it happens (an action, a global, a
/// trigger's resolution). A static restriction is applied where it restricts instead
/// ([`static_applied`]); "prevent … from being affected" only as a protection
/// ([`protection_applied`]).
pub fn effect_applied(e: &Effect) -> bool {
    match e {
        Effect::Boost { until, .. } => *until == Until::TurnEnd,
        // Set aside until the end of the turn (`effects::capture`); a capture lasting
        // otherwise is not applied.
        Effect::Capture { to, until } => to.count != Count::AnyNumber && *until == Until::TurnEnd,
        // A die knocked out this turn brought back, or dice knocked out for the rest of
        // the turn (`effects::return_to_field`).
        Effect::ReturnToField { .. } => true,
        Effect::GainLife { .. }
        | Effect::ChooseEnergy
        | Effect::Draw { .. }
        | Effect::DrawRoll { .. }
        | Effect::Roll { .. } => true,
        // "Only if": read as it is reached (`effects::run`).
        Effect::OnlyIf(_) => true,
        // Life lost by players the text names, none of them chosen.
        Effect::LoseLife { who, .. } => crate::engine::effects::lose_life::names_players(who),
        // A choice of modes: each mode's effects as any others.
        Effect::ChooseOne { modes, .. } => {
            modes.iter().all(|m| m.effects.iter().all(effect_applied))
        }
        // The Villain affiliation for the turn (`effects::gain_affiliation`); no other.
        Effect::GainAffiliation { affiliation, .. } => affiliation.eq_ignore_ascii_case("Villain"),
        // A static's only (`restrictions::full_attack_to_each`).
        Effect::FullAttackToEachBlocker { .. } => false,
        // One target player's draw, one die of it to the used pile (`effects::corrupt`).
        Effect::Corrupt { who, .. } => who.what == What::Player && who.count == Count::One,
        // The dice bought this turn gain the card's Impulse (`effects::give_impulse`).
        Effect::GiveImpulse => true,
        // Loyalty Counters on the ability's own card (`effects::loyalty`).
        Effect::Loyalty { .. } => true,
        // Purchases this turn, of dice named by what their cards show.
        Effect::ReduceCost { of, .. } => crate::engine::effects::reduce_cost::card_selector(of),
        // A keyword the engine reads off a die, until the end of the turn.
        Effect::Grant { keyword, until, .. } => {
            *until == Until::TurnEnd && crate::engine::keywords::grant::grantable(keyword).is_some()
        }
        // The text of the cards a selector names, for the turn: no card chosen.
        Effect::IgnoreText { to, .. } => to.count == Count::Each && !to.target,
        // Two dice, one each: dealing each other their attack, or changing places.
        Effect::ExchangeDamage { to, with } | Effect::Swap { to, with } => {
            [to, with].iter().all(|s| matches!(s.count, Count::One))
        }
        // Each die named deals its attack to a player the text names, none chosen.
        Effect::EachDealsAttack { by, to } => {
            by.count == Count::Each && to.what == What::Player && !to.target
        }
        // Every other effect that aims, at one die, two, up to N or any number of them
        // (`effects::targets`).
        e => e.aim().is_some(),
    }
}

/// Whether the engine applies a static ability's effect wherever it holds: a stat change
/// for as long as the ability holds, of this die or of each die a selector names (a
/// static chooses nothing, so "one" or a target would be a choice nobody makes), and
/// "can't be blocked by".
pub fn static_applied(e: &Effect) -> bool {
    match e {
        Effect::Boost {
            until: Until::WhileOn,
            to,
            ..
        } => {
            !to.target
                && (to.count == Count::Each || matches!(to.what, What::This | What::ThisCard))
        }
        Effect::CantBlock { to }
        | Effect::CantAttack { to }
        | Effect::CantBeTargeted { to, .. }
        | Effect::MustBlock { to }
        | Effect::MustAttack { to, .. }
        | Effect::DoubleDamageToBlockers { to }
        | Effect::FullAttackToEachBlocker { to }
        | Effect::ExcessToPlayer { to } => {
            !to.target
                && (to.count == Count::Each || matches!(to.what, What::This | What::ThisCard))
        }
        Effect::CantBeBlockedBy { .. } | Effect::BlockedOnlyByTwoOrMore => true,
        // Purchases while the static holds (`effects::reduce_cost`), of dice named by their
        // cards; "the next die" is an effect's, not a static's.
        Effect::ReduceCost {
            of, next: false, ..
        }
        | Effect::RaiseCost { of, .. } => crate::engine::effects::reduce_cost::static_selector(of),
        // Read as a die is fielded (`select::fielding_cost`): of this card's dice or each
        // die a selector names.
        Effect::FieldingCost { to, .. } => {
            !to.target
                && (to.count == Count::Each || matches!(to.what, What::This | What::ThisCard))
        }
        // Added to the cost of each global or action die the opponent uses
        // (`effects::surcharge`).
        Effect::Surcharge { .. } => true,
        // Counted into each clear and draw step of its controller (`effects::extra_draw`).
        Effect::ExtraDraw { .. } => true,
        // Read wherever a card's text is (`select::ignored`), of the cards a selector
        // names.
        Effect::IgnoreText { to, .. } => to.count == Count::Each && !to.target,
        // Damage from some sources, read as damage is dealt (`effects::damage_from`): to
        // this die, each die a selector names, or a player (none of them chosen).
        Effect::DamageFrom { to, from, .. } => {
            !to.target
                && !from.target
                && (to.count == Count::Each
                    || matches!(to.what, What::This | What::ThisCard | What::Player))
        }
        Effect::Grant {
            to,
            keyword,
            until: Until::WhileOn,
        } => {
            crate::engine::keywords::grant::grantable(keyword).is_some()
                && !to.target
                && (to.count == Count::Each || matches!(to.what, What::This | What::ThisCard))
        }
        _ => false,
    }
}

/// Whether a "would be affected" trigger is one the engine applies: its own die's
/// protection, paid in energy, that stops the effect ("pay a fist to prevent Spider-Man
/// from being affected"), with nothing else to it.
pub fn protection_applied(a: &Ability) -> bool {
    a.when.as_ref().is_some_and(|w| {
        w.event == Event::WouldBeAffected
            && w.of == Subject::This
            && w.step.is_none()
            && w.filter.is_none()
    }) && a.if_.is_none()
        && matches!(a.while_, None | Some(While::Active))
        && a.limit == Limit::Unlimited
        && a.bursts.is_empty()
        && !a.effects.is_empty()
        && a.effects.iter().all(|e| {
            matches!(
                e,
                Effect::Prevent {
                    amount: None,
                    effects: true,
                    to: None,
                    per_paid: false,
                }
            )
        })
        && a.cost.iter().all(|c| matches!(c, Cost::Energy(_)))
}

/// Whether a "would be knocked out" trigger is one the engine applies
/// (`effects::stay_in_field`): its own die's replacement, paid in energy, whose only
/// effect is to stay in the field.
pub fn replacement_applied(a: &Ability) -> bool {
    a.kind == Kind::Triggered
        && a.when.as_ref().is_some_and(|w| {
            w.event == Event::WouldBeKnockedOut
                && w.of == Subject::This
                && w.step.is_none()
                && w.filter.is_none()
        })
        && a.if_.is_none()
        && a.while_.is_none()
        && a.limit == Limit::Unlimited
        && a.bursts.is_empty()
        && matches!(a.effects[..], [Effect::StayInField { .. }])
        && a.cost.iter().all(|c| matches!(c, Cost::Energy(_)))
}

/// Every effect of an ability, its bursts' and its `else:` effects too.
fn all_effects(a: &Ability) -> impl Iterator<Item = &Effect> {
    a.effects
        .iter()
        .chain(a.bursts.iter().flat_map(|b| b.effects.iter()))
        .chain(a.otherwise.iter())
}

/// Whether an ability reaches only its own card's dice in the field ("this die",
/// "each of this card's dice"): with none of them there, it can change nothing. Some
/// effects are about the die itself and name no selector: it can be blocked only by two
/// or more, it goes elsewhere when it leaves the field, it pairs up.
pub fn needs_own_die(a: &Ability) -> bool {
    let mut effects = all_effects(a).peekable();
    effects.peek().is_some()
        && effects.all(|e| match e {
            Effect::BlockedOnlyByTwoOrMore | Effect::Replace { .. } | Effect::PairUp => true,
            e => {
                let sels = e.selectors();
                !sels.is_empty()
                    && sels.iter().all(|s| {
                        matches!(s.what, What::This | What::ThisCard)
                            && matches!(s.zone, None | Some(ZoneName::Field))
                    })
            }
        })
}

/// Whether an ability acts from its card, with no die of it in the field: it holds
/// without a condition on its dice (`while:`) and reaches more than its own dice.
pub fn acts_from_card(a: &Ability) -> bool {
    a.while_.is_none() && !needs_own_die(a)
}

/// The moment a keyword acts at.
fn keyword_moment(k: Option<&Keyword>) -> Moment {
    match k {
        Some(Keyword::SuitUp { .. }) => Moment::Bought,
        Some(Keyword::Continuous) => Moment::Used,
        _ => Moment::Fielded,
    }
}

/// A condition on the card's dice the engine does not apply in full: pairing up (Heroic)
/// where the pairing is gone as the ability would act (a knock-out ends it) or a
/// pairing benefit the engine does not share with the partner.
const WHILE_UNAPPLIED: &str = "has an ability that holds only while paired";

/// Whether the engine applies an ability's `while:` condition with all it implies. Every
/// condition is checked (`condition::while_holds`); pairing also shares each partner's
/// pairing benefits with the other (Uncanny X-Men rulebook, 004:707-708), which the
/// engine does for a static's stat bonus, combat restriction or keyword of "this die"
/// (`keywords::heroic::through_partner`), but not for a "must block this die", whose
/// attacker it would have to share. A trigger or an activated ability names the
/// partner itself (`of: partner`, `what: partner`); a trigger on a knock-out is not
/// applied: the pairing ends as the die leaves the field, before its triggers are read.
pub fn while_applied_to(a: &Ability) -> bool {
    match a.while_ {
        Some(While::Paired) => match a.kind {
            Kind::Static => all_effects(a).all(|e| !matches!(e, Effect::MustBlock { .. })),
            Kind::Triggered => a.when.as_ref().is_none_or(|w| {
                !matches!(w.event, Event::KnockedOut | Event::KnockedOutWhileBlocking)
            }),
            _ => true,
        },
        Some(_) | None => true,
    }
}

/// Why an ability has a part the engine does not apply that would act at `moment`, if it
/// has. Actions, globals, activated abilities and the effects a trigger resolves with are
/// checked where they are used or resolve, so they never wait for a moment here; so is
/// a "would be affected" trigger, where an effect would affect its subject.
pub fn unapplied_at(a: &Ability, moment: Moment) -> Option<String> {
    match a.kind {
        Kind::Action | Kind::Global | Kind::Activated => None,
        // A keyword of the table in `keywords` is applied where it acts.
        Kind::Keyword
            if a.keyword
                .as_ref()
                .is_some_and(crate::engine::keywords::applied) =>
        {
            None
        }
        Kind::Keyword => (moment == keyword_moment(a.keyword.as_ref())).then(|| {
            format!(
                "has the keyword {}, which dmlint does not apply yet",
                crate::cards::text::ability(a).trim_start_matches("Keyword: ")
            )
        }),
        Kind::Static => {
            // From the card, a static acts as soon as the game is set up; from its dice,
            // once one is in the field.
            let now = moment == Moment::Fielded || (moment == Moment::Start && acts_from_card(a));
            if !now {
                return None;
            }
            if !while_applied_to(a) {
                return Some(WHILE_UNAPPLIED.into());
            }
            // A static's burst is read where stats and damage are (`select::static_effects`):
            // a stat change or a "damage from" of the die showing it, or, reaching other
            // dice, while a die of the card shows it; an attacker's own "can't be
            // blocked by" off its own face (`restrictions::block_forbidden`); and a
            // restriction of the die itself read where restrictions are
            // (`restrictions::static_says`: Howard Stark: Father's "* can't be targeted
            // by globals"). Any other restriction, or a keyword granted, on a burst is
            // read nowhere yet.
            let unread = a.bursts.iter().flat_map(|b| b.effects.iter()).find(|e| {
                let own = |to: &crate::cards::ability::Selector| to.what == What::This;
                !match e {
                    Effect::Boost { .. }
                    | Effect::DamageFrom { .. }
                    | Effect::CantBeBlockedBy { .. } => true,
                    Effect::CantBlock { to }
                    | Effect::CantAttack { to }
                    | Effect::CantBeTargeted { to, .. }
                    | Effect::MustAttack { to, .. } => own(to),
                    _ => false,
                }
            });
            if let Some(e) = unread {
                return Some(format!(
                    "has a static whose burst is `{}`, which dmlint does not read off a face yet",
                    crate::cards::text::effect(e)
                ));
            }
            all_effects(a).find(|e| !static_applied(e)).map(|e| {
                format!(
                    "has a static `{}`, which dmlint does not apply yet",
                    crate::cards::text::effect(e)
                )
            })
        }
        Kind::Triggered => {
            let Some(when) = &a.when else {
                return (moment == Moment::Fielded)
                    .then(|| "has a trigger with no event, which dmlint cannot fire".into());
            };
            // A knock-out replacement of another form than the one applied: undecided
            // once a die of the card is in the field, where it could be knocked out.
            // Another die's knock-out ("when a character of yours would be KO'd") may
            // come from the card alone, as soon as the game is set up.
            if when.event == Event::WouldBeKnockedOut {
                let own = matches!(
                    when.of,
                    Subject::This | Subject::Partner | Subject::ThisOrPartner
                );
                let at = if own || a.while_.is_some() {
                    Moment::Fielded
                } else {
                    Moment::Start
                };
                return (moment == at && !replacement_applied(a)).then(|| {
                    "has a knock-out replacement of a form dmlint does not apply yet".into()
                });
            }
            if moment != Moment::Fielded || when.event == Event::WouldBeAffected {
                return None;
            }
            (!while_applied_to(a)).then(|| WHILE_UNAPPLIED.into())
        }
    }
}

/// Why a card's text would act unapplied at `moment`, if it would: every part of an
/// unencoded card's text may act as soon as one of its dice is in play.
pub fn card_unapplied_at(abilities: Option<&[Ability]>, moment: Moment) -> Option<String> {
    match abilities {
        None => (moment == Moment::InPlay)
            .then(|| format!("{}: its text is not encoded", moment.phrase())),
        Some(list) => list
            .iter()
            .find_map(|a| unapplied_at(a, moment))
            .map(|why| why.to_string()),
    }
}

/// Whether the engine applies every part of an ability, wherever it acts: no moment at
/// which it would be undecided ([`unapplied_at`]), and every effect it can have, bursts
/// included, one the engine applies where it happens ([`effect_applied`]; a protection
/// or a reduction where the engine applies those instead). The same tests the replay
/// makes, asked of the card before any game: `dmlint cards --stats` counts a card as
/// applied when this holds for all of its text.
pub fn ability_applied(a: &Ability) -> bool {
    if Moment::ALL.iter().any(|&m| unapplied_at(a, m).is_some()) {
        return false;
    }
    match a.kind {
        // Both are judged in full by `unapplied_at`.
        Kind::Static | Kind::Keyword => true,
        Kind::Triggered
            if a.when
                .as_ref()
                .is_some_and(|w| w.event == Event::WouldBeAffected) =>
        {
            protection_applied(a)
        }
        Kind::Triggered
            if a.when
                .as_ref()
                .is_some_and(|w| w.event == Event::WouldBeKnockedOut) =>
        {
            replacement_applied(a)
        }
        _ if crate::engine::effects::unless_unheld(a) => false,
        _ => {
            crate::engine::effects::is_reduction(a)
                || crate::engine::effects::is_redirection(a)
                || crate::engine::effects::is_prevent_taken(a)
                || crate::engine::effects::prevention_global(a).is_some()
                || all_effects(a).all(effect_applied)
        }
    }
}

/// Whether every part of a card's text is applied: a card with no text is; an unencoded
/// one is not.
pub fn card_applied(abilities: &Abilities) -> bool {
    match abilities {
        Abilities::NotEncoded => false,
        Abilities::None => true,
        Abilities::Encoded(list) => list.iter().all(ability_applied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn an_ability_is_applied_when_every_part_of_it_is() {
        let damage = ability("kind: action\ndo: [damage: {to: {what: character}, amount: 1}]\n");
        assert!(ability_applied(&damage));
        // A keyword in the table of `keywords` is applied; a pairing benefit other than a
        // stat bonus of the die itself is not; nor is lost text.
        let keyword = ability("kind: keyword\nkeyword: {breath-weapon: 1}\n");
        assert!(ability_applied(&keyword));
        assert!(ability_applied(&ability("kind: keyword\nkeyword: ally\n")));
        let lost =
            ability("kind: triggered\nwhen: {event: fielded}\ndo: [unrecorded: \"the amount\"]\n");
        assert!(!ability_applied(&lost));
        assert!(ability_applied(&ability(
            "kind: keyword\nkeyword: overcrush\n"
        )));
        let paired = ability(
            "kind: static\nwhile: paired\ndo: [boost: {to: {what: this}, attack: 1, until: while-on}]\n",
        );
        assert!(ability_applied(&paired));
        // Shared with the partner: a restriction of the die itself; not a "must block
        // this die", whose attacker would be shared.
        let paired = ability("kind: static\nwhile: paired\ndo: [blocked-only-by-two-or-more]\n");
        assert!(ability_applied(&paired));
        let paired = ability(
            "kind: static\nwhile: paired\ndo: [must-block: {to: {count: each, what: character, side: opposing}}]\n",
        );
        assert!(!ability_applied(&paired));
        assert!(card_applied(&Abilities::None));
        assert!(!card_applied(&Abilities::NotEncoded));
        assert!(card_applied(&Abilities::Encoded(vec![
            damage.clone(),
            keyword
        ])));
        assert!(!card_applied(&Abilities::Encoded(vec![damage, lost])));
    }

    #[test]
    fn triggers_wait_for_no_moment_but_a_knock_out_while_paired() {
        // Every event is fired, and every condition checked, where it happens.
        for text in [
            "kind: triggered\nwhen: {event: turn-start, of: you}\ndo: [gain-life: {amount: 1}]\n",
            "kind: triggered\nwhen: {event: fielded}\nif: {none-match: {what: character}}\ndo: [gain-life: {amount: 1}]\n",
            "kind: triggered\nwhile: attacking\nwhen: {event: takes-damage}\ndo: [gain-life: {amount: 1}]\n",
        ] {
            let a = ability(text);
            for m in [Moment::Start, Moment::Fielded, Moment::Bought] {
                assert!(unapplied_at(&a, m).is_none(), "{m:?}: {text}");
            }
        }
        let paired = ability(
            "kind: triggered\nwhile: paired\nwhen: {event: takes-damage, of: this-or-partner}\ndo: [gain-life: {amount: 1}]\n",
        );
        assert!(unapplied_at(&paired, Moment::Fielded).is_none());
        // The pairing ends as the die leaves the field.
        let paired = ability(
            "kind: triggered\nwhile: paired\nwhen: {event: knocked-out, of: partner}\ndo: [gain-life: {amount: 1}]\n",
        );
        assert!(unapplied_at(&paired, Moment::Fielded).is_some());
        assert!(unapplied_at(&paired, Moment::Start).is_none());
    }

    #[test]
    fn keywords_act_at_their_own_moment() {
        // Applied (`keywords`): never undecided.
        let suit = ability("kind: keyword\nkeyword: {suit-up: {names: [Iron Man]}}\n");
        for m in Moment::ALL {
            assert!(unapplied_at(&suit, m).is_none(), "{m:?}");
        }
        assert_eq!(keyword_moment(suit.keyword.as_ref()), Moment::Bought);
        let fast = ability("kind: keyword\nkeyword: fast\n");
        assert!(
            Moment::ALL
                .iter()
                .all(|&m| unapplied_at(&fast, m).is_none())
        );
        // Breath Weapon is applied as a triggered ability it gives its card
        // (`keywords::expanded`).
        let breath = ability("kind: keyword\nkeyword: {breath-weapon: 1}\n");
        assert!(
            Moment::ALL
                .iter()
                .all(|&m| unapplied_at(&breath, m).is_none())
        );
        // Intimidate is applied as its die is fielded (`keywords::intimidate`).
        let intimidate = ability("kind: keyword\nkeyword: intimidate\n");
        assert!(
            Moment::ALL
                .iter()
                .all(|&m| unapplied_at(&intimidate, m).is_none())
        );
    }

    #[test]
    fn an_unencoded_card_is_undecided_once_in_play() {
        assert!(card_unapplied_at(None, Moment::InPlay).is_some());
        assert!(card_unapplied_at(None, Moment::Fielded).is_none());
    }

    #[test]
    fn applied_effects_exclude_what_the_engine_would_get_wrong() {
        let e: Effect = serde_saphyr::from_str(
            "boost: {to: {what: character, target: true}, attack: 1, until: your-next-turn}\n",
        )
        .unwrap();
        assert!(!effect_applied(&e));
        // A capture of any number of dice is not applied (its only card, Imprisoned,
        // limits them by their total cost).
        let e: Effect =
            serde_saphyr::from_str("capture: {to: {count: any-number, what: character}}\n")
                .unwrap();
        assert!(!effect_applied(&e));
        let e: Effect =
            serde_saphyr::from_str("cant-be-blocked-by: {by: {what: character}}\n").unwrap();
        assert!(!effect_applied(&e), "only a static restriction is applied");
        let e: Effect = serde_saphyr::from_str("prevent: {effects: true}\n").unwrap();
        assert!(!effect_applied(&e), "only a protection prevents an effect");
        // A keyword read off a die, for the turn: applied; any other keyword, or a grant
        // lasting past the turn, is not.
        let grant = |yaml: &str| serde_saphyr::from_str::<Effect>(yaml).unwrap();
        assert!(effect_applied(&grant(
            "grant: {to: {what: those}, keyword: overcrush}\n"
        )));
        assert!(!effect_applied(&grant(
            "grant: {to: {what: those}, keyword: cleave}\n"
        )));
        assert!(!effect_applied(&grant(
            "grant: {to: {what: those}, keyword: fast, until: your-next-turn}\n"
        )));
        assert!(static_applied(&grant(
            "grant: {to: {count: each, what: sidekick, side: yours}, keyword: fast, until: while-on}\n"
        )));
        assert!(!static_applied(&grant(
            "grant: {to: {what: this}, keyword: fast}\n"
        )));
    }

    #[test]
    fn a_static_stat_change_is_applied_only_where_nobody_chooses() {
        let applied = |yaml: &str| static_applied(&serde_saphyr::from_str(yaml).unwrap());
        assert!(applied(
            "boost: {to: {what: this}, attack: 1, until: while-on}\n"
        ));
        assert!(applied(
            "boost: {to: {count: each, what: sidekick, side: yours}, attack: 1, until: while-on}\n"
        ));
        // "One character", or a target: a choice a static never makes.
        assert!(!applied(
            "boost: {to: {what: character}, attack: 1, until: while-on}\n"
        ));
        assert!(!applied(
            "boost: {to: {count: each, what: character, target: true}, attack: 1, until: while-on}\n"
        ));
        // Until the end of the turn is an applied effect's duration, not a static's.
        assert!(!applied("boost: {to: {what: this}, attack: 1}\n"));
    }

    #[test]
    fn a_static_acts_from_its_card_unless_it_needs_its_dice() {
        // Without `while:` and reaching other dice: from the start of the game.
        let wide = ability(
            "kind: static\ndo: [no-damage: {to: {count: each, what: character, side: opposing}}]\n",
        );
        assert!(acts_from_card(&wide));
        assert!(unapplied_at(&wide, Moment::Start).is_some());
        assert!(unapplied_at(&wide, Moment::Fielded).is_some());
        // While active: only once a die of it is in the field.
        let active = ability(
            "kind: static\nwhile: active\ndo: [no-damage: {to: {count: each, what: character, side: opposing}}]\n",
        );
        assert!(!acts_from_card(&active));
        assert!(unapplied_at(&active, Moment::Start).is_none());
        assert!(unapplied_at(&active, Moment::Fielded).is_some());
        // Of its own die only: nothing to act on with no die of it in the field.
        let own = ability("kind: static\ndo: [no-damage: {to: {what: this}}]\n");
        assert!(needs_own_die(&own));
        assert!(unapplied_at(&own, Moment::Start).is_none());
        assert!(unapplied_at(&own, Moment::Fielded).is_some());
        // A condition is checked where the static holds, from the card too.
        let cond = ability(
            "kind: static\nif: {none-match: {count: each, what: character, side: opposing}}\n\
             do: [boost: {to: {count: each, what: character, side: yours}, attack: 1, until: while-on}]\n",
        );
        assert!(acts_from_card(&cond));
        assert!(unapplied_at(&cond, Moment::Start).is_none());
        // Pairing is, for what the partner shares (a stat bonus or a restriction of the
        // die itself); a "must block this die", undecided once a die of it is in the
        // field.
        let paired = ability(
            "kind: static\nwhile: paired\ndo: [boost: {to: {what: this}, attack: 1, until: while-on}]\n",
        );
        assert!(unapplied_at(&paired, Moment::Fielded).is_none());
        let paired = ability("kind: static\nwhile: paired\ndo: [cant-block: {to: {what: this}}]\n");
        assert!(unapplied_at(&paired, Moment::Fielded).is_none());
        let paired = ability(
            "kind: static\nwhile: paired\ndo: [must-block: {to: {count: each, what: character, side: opposing}}]\n",
        );
        assert!(unapplied_at(&paired, Moment::Fielded).is_some());
    }

    #[test]
    fn combat_restrictions_are_applied_as_statics_with_their_condition() {
        let bp = ability(
            "kind: static\nif: {none-match: {count: each, what: character, side: opposing}}\n\
             do: [cant-attack: {to: {what: this}}]\n",
        );
        assert!(unapplied_at(&bp, Moment::Fielded).is_none());
        let toad = ability(
            "kind: static\nwhile: active\n\
             do: [must-attack: {to: {count: each, what: non-sidekick, side: opposing}}]\n",
        );
        assert!(unapplied_at(&toad, Moment::Fielded).is_none());
        // A choice a static never makes, and a condition on anything but restrictions.
        let one = ability("kind: static\ndo: [cant-block: {to: {what: character}}]\n");
        assert!(unapplied_at(&one, Moment::Start).is_some());
        let mixed = ability(
            "kind: static\nif: {some-match: {what: character}}\n\
             do: [cant-block: {to: {what: this}}, no-damage: {to: {what: this}}]\n",
        );
        assert!(unapplied_at(&mixed, Moment::Fielded).is_some());
    }

    #[test]
    fn own_dice_are_this_die_and_this_card_in_the_field() {
        let needs = |yaml: &str| needs_own_die(&ability(yaml));
        assert!(needs(
            "kind: triggered\nwhen: {event: turn-start, of: you}\ndo: [spin: {to: {count: each, what: this-card}, way: up}]\n"
        ));
        assert!(!needs(
            "kind: triggered\nwhen: {event: turn-start, of: you}\ndo: [gain-life: {amount: 1}]\n"
        ));
        // A die of the card in the used pile is not in the field.
        assert!(!needs(
            "kind: triggered\nwhen: {event: turn-start, of: you}\ndo: [roll: {what: {what: this-card, zone: used}}]\n"
        ));
        // No effect at all reaches nothing, but needs no die to do so.
        assert!(!needs("kind: triggered\nwhen: {event: turn-start}\n"));
        // "Can be blocked only by two or more" is the die's own, with no selector.
        assert!(needs("kind: static\ndo: [blocked-only-by-two-or-more]\n"));
        assert!(!needs("kind: static\ndo: [energy: {amount: 1}]\n"));
    }

    #[test]
    fn the_protection_applied_is_its_own_die_paid_in_energy() {
        let tiger = "kind: triggered\nwhen: {event: would-be-affected}\nmay: true\ncost: [energy: [fist]]\ndo: [prevent: {effects: true}]\n";
        assert!(protection_applied(&ability(tiger)));
        assert!(!protection_applied(&ability(
            &tiger.replace("would-be-affected}", "would-be-affected, of: you}")
        )));
        assert!(!protection_applied(&ability(&tiger.replace(
            "do: [prevent: {effects: true}]",
            "do: [prevent: {effects: true}, gain-life: {amount: 1}]"
        ))));
        assert!(!protection_applied(&ability(
            &tiger.replace("cost: [energy: [fist]]", "cost: [life: 1]")
        )));
        // It waits for an effect, not for a moment.
        let other = ability(&tiger.replace("may: true", "if: {none-match: {what: character}}"));
        for m in [Moment::Start, Moment::Fielded, Moment::InPlay] {
            assert!(unapplied_at(&other, m).is_none(), "{m:?}");
        }
    }
}
