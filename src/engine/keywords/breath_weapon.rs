//! Breath Weapon X: when a character die with it attacks, its controller may pay X
//! energy to deal X damage to the opponent and to each of the opponent's character dice,
//! once per card each turn however many of its dice attack.
//!
//! The text: the 2017 keyword list (keywords-2017-11-09.txt:18): as the die attacks, its
//! player may pay X energy to deal X damage to the opponent and all of their character
//! dice; several Breath Weapons may be used in a turn, one per character however many of
//! its dice attack. The 2018 glossary has no entry; the cards print the keyword without
//! reminder text (BFF004, BFF006, FUS001, THOR045). How it is read:
//! - It is a triggered ability of the card, the one [`ability`] writes: on each of its
//!   dice's `attacks` event, optional (`may`), for X generic energy ("X energy": of any
//!   type), `once-per-turn` for the card: one of its attacking dice may use it, and once
//!   one has, the others' triggers resolve to nothing. Declined (`may no`) it is not
//!   used, and another attacking die of the card may still use it.
//! - The log answers it like any optional trigger with a cost: `resolve BD:L1 pay
//!   SK:bolt SK:fist` (or `may yes pay …`), `resolve BD:L1 may no`.
//! - Its damage is one effect, dealt at once to the opponent and to each of their
//!   character dice in the field (an effect's damage, not combat damage, from the die
//!   that attacked).
//! - Anti-Breath Weapon (the opponent may pay X to prevent that damage, line 11) is not
//!   in the language: a card with it is not encoded, so a game with its die in play is
//!   undecided.

use crate::cards::ability::{
    Ability, Cost, Count, Effect, EnergySymbol, Event, Kind, Limit, Selector, Side, Subject,
    Trigger, What,
};

/// The triggered ability Breath Weapon X gives its card.
pub fn ability(x: u32) -> Ability {
    let amount = u8::try_from(x).unwrap_or(u8::MAX);
    let opposing = |what, count| Selector {
        count,
        what,
        side: Side::Opposing,
        ..Selector::default()
    };
    Ability {
        kind: Kind::Triggered,
        keyword: None,
        while_: None,
        when: Some(Trigger {
            event: Event::Attacks,
            of: Subject::This,
            step: None,
            filter: None,
        }),
        if_: None,
        limit: Limit::OncePerTurn,
        may: true,
        cost: vec![Cost::Energy(vec![
            EnergySymbol::Generic;
            usize::from(amount)
        ])],
        unless: Vec::new(),
        effects: vec![
            Effect::Damage {
                amount,
                to: opposing(What::Player, Count::One),
                per: None,
                per_paid: false,
                instead: None,
                plus: 0,
                per_symbol: None,
            },
            Effect::Damage {
                amount,
                to: opposing(What::Character, Count::Each),
                per: None,
                per_paid: false,
                instead: None,
                plus: 0,
                per_symbol: None,
            },
        ],
        bursts: Vec::new(),
        otherwise: Vec::new(),
        turn: None,
    }
}
