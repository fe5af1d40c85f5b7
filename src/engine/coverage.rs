//! What the engine applies of a card's text, and where the rest would matter.
//!
//! "Never legal by guesswork": a card whose text — or a part of it, or a keyword — the
//! engine does not apply makes the game undecided at the first line where that text
//! could matter, never silently ignored. Each part of the ability language is either
//! applied where it acts (an effect the engine runs, an event it fires) or names here
//! the [`Moment`] at which it would act. `tests/coverage.rs` walks every kind of
//! ability and every event of the language through those moments.

use crate::cards::ability::{Ability, Count, Effect, Event, Keyword, Kind, Until, While};

/// A moment of a game at which a card's text may act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
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
    /// A turn begins.
    TurnStart,
    /// A turn ends.
    TurnEnd,
    /// Attackers are declared: the attack step begins.
    AttackStep,
    /// A player draws in the clear and draw step.
    DrawStep,
}

impl Moment {
    /// What happens, for the undecided message: "… is bought".
    pub fn phrase(self) -> &'static str {
        match self {
            Moment::InPlay => "comes into play",
            Moment::Bought => "is bought",
            Moment::Drawn => "is drawn",
            Moment::Rolled => "is rolled",
            Moment::Fielded => "is in the field",
            Moment::Used => "is used",
            Moment::TurnStart => "waits for the start of a turn",
            Moment::TurnEnd => "waits for the end of a turn",
            Moment::AttackStep => "waits for the attack step",
            Moment::DrawStep => "waits for a draw",
        }
    }
}

/// Whether the engine applies an effect where it happens (an action, a global, a
/// trigger's resolution). A static restriction is applied where it restricts instead
/// ([`static_applied`]).
pub fn effect_applied(e: &Effect) -> bool {
    match e {
        Effect::Damage { to, .. }
        | Effect::Ko { to }
        | Effect::NoDamage { to }
        | Effect::Spin { to, .. }
        | Effect::Reroll { to, .. } => to.count != Count::AnyNumber,
        Effect::Boost { to, until, .. } => to.count != Count::AnyNumber && *until == Until::TurnEnd,
        Effect::GainLife { per: None, .. }
        | Effect::Draw { .. }
        | Effect::Roll { field: false, .. }
        | Effect::Prevent { effects: true, .. } => true,
        _ => false,
    }
}

/// Whether the engine applies a static ability's effect wherever it holds.
fn static_applied(e: &Effect) -> bool {
    match e {
        Effect::Boost {
            until: Until::WhileOn,
            to,
            ..
        } => to.count != Count::AnyNumber,
        Effect::CantBeBlockedBy { .. } => true,
        _ => false,
    }
}

/// The events the engine fires; a trigger waiting for another is not applied.
pub fn event_fired(e: Event) -> bool {
    !matches!(
        e,
        Event::TurnStart | Event::TurnEnd | Event::AttackStepStart | Event::Draws
    )
}

/// The moment an event the engine does not fire would act at.
fn event_moment(e: Event) -> Option<Moment> {
    match e {
        Event::TurnStart => Some(Moment::TurnStart),
        Event::TurnEnd => Some(Moment::TurnEnd),
        Event::AttackStepStart => Some(Moment::AttackStep),
        Event::Draws => Some(Moment::DrawStep),
        _ => None,
    }
}

/// The moment a keyword acts at.
fn keyword_moment(k: Option<&Keyword>) -> Moment {
    match k {
        Some(Keyword::SuitUp { .. }) => Moment::Bought,
        Some(Keyword::Continuous) => Moment::Used,
        _ => Moment::Fielded,
    }
}

/// Why an ability has a part the engine does not apply that would act at `moment`, if it
/// has. Actions, globals, activated abilities and the effects a trigger resolves with are
/// checked where they are used or resolve, so they never wait for a moment here.
pub fn unapplied_at(a: &Ability, moment: Moment) -> Option<String> {
    let all_effects = || {
        a.effects
            .iter()
            .chain(a.bursts.iter().flat_map(|b| b.effects.iter()))
    };
    match a.kind {
        Kind::Action | Kind::Global | Kind::Activated => None,
        Kind::Keyword => (moment == keyword_moment(a.keyword.as_ref())).then(|| {
            format!(
                "has the keyword {}, which dmlint does not apply yet",
                crate::cards::text::ability(a).trim_start_matches("Keyword: ")
            )
        }),
        Kind::Static => {
            if moment != Moment::Fielded {
                return None;
            }
            if a.if_.is_some() {
                return Some("has a condition dmlint does not apply yet".into());
            }
            if !matches!(a.while_, None | Some(While::Active)) {
                return Some(
                    "has an ability that holds only while attacking, blocking or paired".into(),
                );
            }
            all_effects().find(|e| !static_applied(e)).map(|e| {
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
            if let Some(m) = event_moment(when.event) {
                return (moment == m).then(|| "has a trigger dmlint does not fire yet".into());
            }
            if moment != Moment::Fielded {
                return None;
            }
            if a.if_.is_some() {
                Some("has a condition dmlint does not apply yet".into())
            } else if !matches!(a.while_, None | Some(While::Active)) {
                Some("has an ability that holds only while attacking, blocking or paired".into())
            } else {
                None
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn an_unfired_trigger_waits_for_its_moment_and_no_other() {
        let a =
            ability("kind: triggered\nwhen: {event: turn-start}\ndo: [gain-life: {amount: 1}]\n");
        assert!(unapplied_at(&a, Moment::TurnStart).is_some());
        assert!(unapplied_at(&a, Moment::Fielded).is_none());
        let a = ability("kind: triggered\nwhen: {event: fielded}\ndo: [gain-life: {amount: 1}]\n");
        for m in [Moment::Fielded, Moment::TurnStart, Moment::Bought] {
            assert!(unapplied_at(&a, m).is_none(), "{m:?}");
        }
    }

    #[test]
    fn keywords_act_at_their_own_moment() {
        let suit = ability("kind: keyword\nkeyword: {suit-up: {names: [Iron Man]}}\n");
        assert!(unapplied_at(&suit, Moment::Bought).is_some());
        assert!(unapplied_at(&suit, Moment::Fielded).is_none());
        let fast = ability("kind: keyword\nkeyword: fast\n");
        assert!(unapplied_at(&fast, Moment::Fielded).is_some());
    }

    #[test]
    fn an_unencoded_card_is_undecided_once_in_play() {
        assert!(card_unapplied_at(None, Moment::InPlay).is_some());
        assert!(card_unapplied_at(None, Moment::TurnStart).is_none());
    }

    #[test]
    fn applied_effects_exclude_what_the_engine_would_get_wrong() {
        let e: Effect = serde_saphyr::from_str(
            "boost: {to: {what: character, target: true}, attack: 1, until: your-next-turn}\n",
        )
        .unwrap();
        assert!(!effect_applied(&e));
        let e: Effect = serde_saphyr::from_str(
            "damage: {amount: 1, to: {count: any-number, what: character}}\n",
        )
        .unwrap();
        assert!(!effect_applied(&e));
        let e: Effect =
            serde_saphyr::from_str("cant-be-blocked-by: {by: {what: character}}\n").unwrap();
        assert!(!effect_applied(&e), "only a static restriction is applied");
    }
}
