//! Conditions on card text: `if:`, a condition on the table ("if your opponent has no
//! Villains in the field"), and `while:`, a condition on the card's own dice ("while
//! attacking"). Shared by the checker (statics, triggers, actions, globals) and the
//! stats every die shows.
//!
//! A static ability holds exactly while its conditions hold, re-read whenever it is
//! looked at (Avengers Infinity rulebook, BONUSES AND DAMAGE: a "while attacking/blocking"
//! bonus ends as soon as the die no longer attacks or blocks, 000:1150-1155). A trigger's
//! `if:` is read twice: when the event happens (a trigger whose condition does not hold
//! does not trigger) and when it resolves (a trigger whose condition no longer holds does
//! nothing), since every effect has two parts, a trigger and a resolution
//! (EFFECT TIMING AND RESOLUTION, 000:1092-1094). Its `while:` is read when it triggers.
//!
//! Underdog (`if: underdog`, keywords-2017-11-09.txt:66) is such a condition, read at the
//! same moments: a static "Underdog - Thing is unblockable" holds exactly while its side
//! has fewer character dice in the field (re-read at the `block` line, as damage is
//! dealt …); a trigger's, as its event happens and again as it resolves; a "when
//! fielded" one after the die is in the field, so it counts itself (the trigger happens
//! once the die has been fielded, 000:1197-1200); an action die's or a global's, as it
//! is used.

use crate::cards::ability::{Ability, Amount, Condition, Player, Selector, What, While};
use crate::syntax::{Face, Zone};

use super::cards::{CardId, GameCards};
use super::select::{self, Source};
use super::state::{DieId, GameState};

/// Whether an `if:` condition holds, seen from `src` (whose "yours", "opposing" and
/// "this die" the selector speaks of). A condition counts dice: "none" or "some" of
/// those its selector reaches, whatever the selector's count says.
pub fn holds(cards: &GameCards, state: &GameState, cond: &Condition, src: &Source) -> bool {
    let some = |sel| {
        state
            .ids()
            .any(|id| select::matches(cards, state, sel, src, id))
    };
    match cond {
        Condition::NoneMatch(sel) => !some(sel),
        Condition::SomeMatch(sel) => some(sel),
        Condition::Compare { left, is, right } => is.holds(
            amount(cards, state, left, src),
            amount(cards, state, right, src),
        ),
        Condition::YourTurn => state
            .turn
            .as_ref()
            .is_some_and(|t| t.active == src.controller),
        Condition::Underdog => {
            let me = src.controller;
            characters_in_field(state, me) < characters_in_field(state, 1 - me)
        }
        // The turn remembers it (`Turn::lost`); with no turn under way, none was.
        Condition::Resistance => state.turn.as_ref().is_some_and(|t| t.lost[src.controller]),
        Condition::Not(c) => !holds(cards, state, c, src),
        Condition::TeamHas(sel) => team_has(cards, sel, src.controller),
    }
}

/// Whether a card of the team the selector's side names (`yours` or `opposing`, seen
/// from `controller`; `any`: either team) matches it, read off the card alone: the team
/// is the cards a player brought, in play or not. Shared basic actions are no one's team.
fn team_has(cards: &GameCards, sel: &Selector, controller: usize) -> bool {
    cards.ids().any(|id| {
        let c = cards.get(id);
        let side = match (c.owner, sel.side) {
            (None, _) => false,
            (Some(_), crate::cards::ability::Side::Any) => true,
            (Some(o), crate::cards::ability::Side::Yours) => o == controller,
            (Some(o), crate::cards::ability::Side::Opposing) => o != controller,
            (Some(_), crate::cards::ability::Side::Theirs) => false,
        };
        side && c.alias_of.is_none() && super::effects::reduce_cost::card_fits(c, sel)
    })
}

/// The character dice a player has in the field now, the attack zone's included (a
/// subset of the field): what Underdog compares. A die set aside (captured,
/// intimidated) is in no zone; an action die in the field (Continuous) is no character.
pub fn characters_in_field(state: &GameState, player: usize) -> usize {
    state
        .zone(player, Zone::Field)
        .filter(|&id| select::is_character(state, id))
        .count()
}

/// An amount a condition compares, now, seen from `src`: a life total (the life a
/// player has, which may be below 0 at the end of a game), the number of dice a selector
/// reaches, or the level of the one die a selector names (0 when it names none, or one
/// showing no level: a die out of the field has no level).
fn amount(cards: &GameCards, state: &GameState, a: &Amount, src: &Source) -> i64 {
    match a {
        Amount::Number(n) => i64::from(*n),
        Amount::Life(Player::You) => state.players[src.controller].life,
        Amount::Life(Player::Opponent) => state.players[1 - src.controller].life,
        Amount::Count(sel) => state
            .ids()
            .filter(|&id| select::matches(cards, state, sel, src, id))
            .count() as i64,
        Amount::Level(sel) => state
            .ids()
            .find(|&id| select::matches(cards, state, sel, src, id))
            .and_then(|id| match state.die(id).face {
                Some(Face::Level { level, .. }) => Some(i64::from(level)),
                _ => None,
            })
            .unwrap_or(0),
    }
}

/// Whether a `while:` condition holds for die `die` of `owner`'s `card`, or, with no die
/// named, for some die of the card. "While active" is the card's (one of its dice in the
/// field: ACTIVE AND FIELDED, 000:1197-1200), whatever die is named; the others are a
/// die's own: attacking, blocking, in the field during an attack step, paired up
/// (`keywords::heroic`).
pub fn while_holds(
    state: &GameState,
    w: While,
    card: CardId,
    owner: usize,
    die: Option<DieId>,
) -> bool {
    let own = |id: DieId| {
        let d = state.die(id);
        d.card == card && d.owner == owner && d.zone == Zone::Field
    };
    let ok = |id: DieId| {
        let d = state.die(id);
        own(id)
            && match w {
                While::Active => true,
                While::Attacking => d.attacking,
                While::Blocking => d.blocking.is_some(),
                While::AttackStep => state.in_attack_step(),
                While::Paired => d.partner.is_some(),
            }
    };
    match die {
        Some(id) if w != While::Active => ok(id),
        _ => state.zone(owner, Zone::Field).any(ok),
    }
}

/// Whether an ability's conditions hold: its `while:` for `die` (or any die of its card,
/// [`while_holds`]) and its `if:` seen from `src`.
pub fn ability_on(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    src: &Source,
    die: Option<DieId>,
) -> bool {
    a.while_
        .is_none_or(|w| while_holds(state, w, src.card, src.controller, die))
        && a.if_.as_ref().is_none_or(|c| holds(cards, state, c, src))
}

/// Whether a static ability of `card` (owned by `owner`) reaches die `id` now with an
/// effect aimed at `to` (`None`: an effect about the die itself, with no selector, "can
/// only be blocked by two or more"). Directly: the selector names the die, seen from it
/// when it is one of the card's, and the ability's conditions hold — its `while:` for
/// that die when the effect is about "this die", for any die of the card otherwise.
/// Or as a pairing benefit through its partner (`keywords::heroic::through_partner`).
/// The one reading of a static's reach, for stats and restrictions alike.
pub fn static_reaches(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    to: Option<&Selector>,
    (card, owner): (CardId, usize),
    id: DieId,
) -> bool {
    let src = Source::static_for(state, card, owner, id);
    let own = src.die.is_some();
    let direct = to.map_or(own, |s| select::matches(cards, state, s, &src, id));
    let this = to.is_none_or(|s| s.what == What::This);
    (direct && ability_on(cards, state, a, &src, this.then_some(id)))
        || super::keywords::heroic::through_partner(cards, state, a, to, (card, owner), id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table a position sets, and the id of the card `name` of player `owner`.
    fn table(position: &str, name: &str, owner: usize) -> (GameCards, GameState, CardId) {
        let log = format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nMG = Magneto: Archvillain x2\n\
             BP = Black Panther: T'Challa x2\nteam Bob\nJU = Juggernaut: Unstoppable x2\n\
             GR = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\nturn 4 Ann main\n\
             {position}used Ann SK x6\nused Bob SK x6\nend\n"
        );
        let (cards, state) = crate::engine::keywords::testing::replayed(&log);
        let card = cards
            .ids()
            .find(|&c| cards.get(c).name == name && cards.get(c).owner == Some(owner))
            .expect("the card");
        (cards, state, card)
    }

    fn first(cards: &GameCards, card: CardId) -> Ability {
        cards.get(card).abilities.as_ref().expect("encoded")[0].clone()
    }

    #[test]
    fn an_if_counts_the_dice_its_selector_reaches_from_the_cards_side() {
        let villain = "field Ann MG:L1\nfield Bob JU:L1\n";
        let (cards, state, mg) = table(villain, "Magneto: Archvillain", 0);
        let cond = first(&cards, mg).if_.expect("a condition");
        assert!(!holds(&cards, &state, &cond, &Source::card(mg, 0)));
        // Without Bob's Villain it holds for Ann; seen from Bob's side, "opposing" is
        // Ann's, and Magneto is a Villain.
        let (cards, state, mg) = table(
            "field Ann MG:L1\nfield Bob GR:L1\n",
            "Magneto: Archvillain",
            0,
        );
        assert!(holds(&cards, &state, &cond, &Source::card(mg, 0)));
        assert!(!holds(&cards, &state, &cond, &Source::card(mg, 1)));
    }

    #[test]
    fn underdog_compares_the_character_dice_each_side_has_in_the_field() {
        let (cards, state, mg) = table(
            "field Ann MG:L1\nfield Bob JU:L1 SK:L1\n",
            "Magneto: Archvillain",
            0,
        );
        // A sidekick die in the field is a character die: one against two.
        assert_eq!(characters_in_field(&state, 1), 2);
        assert!(holds(
            &cards,
            &state,
            &Condition::Underdog,
            &Source::card(mg, 0)
        ));
        assert!(!holds(
            &cards,
            &state,
            &Condition::Underdog,
            &Source::card(mg, 1)
        ));
        // As many on each side: neither is the underdog.
        let (cards, state, mg) = table(
            "field Ann MG:L1 SK:L1\nfield Bob JU:L1 SK:L1\n",
            "Magneto: Archvillain",
            0,
        );
        assert!(!holds(
            &cards,
            &state,
            &Condition::Underdog,
            &Source::card(mg, 0)
        ));
        assert!(!holds(
            &cards,
            &state,
            &Condition::Underdog,
            &Source::card(mg, 1)
        ));
    }

    #[test]
    fn while_active_is_the_cards_and_attacking_the_dies_own() {
        let (cards, state, bp) = table(
            "field Ann BP:L1 BP:L1 MG:L1\n",
            "Black Panther: T'Challa",
            0,
        );
        let dice: Vec<DieId> = state
            .zone(0, Zone::Field)
            .filter(|&d| state.die(d).card == bp)
            .collect();
        assert_eq!(dice.len(), 2);
        assert!(while_holds(&state, While::Active, bp, 0, None));
        assert!(while_holds(&state, While::Active, bp, 0, Some(dice[0])));
        assert!(!while_holds(&state, While::Active, bp, 1, None));
        assert!(!while_holds(&state, While::Attacking, bp, 0, Some(dice[0])));
        assert!(!while_holds(&state, While::AttackStep, bp, 0, None));
        // Not paired up: no partner.
        assert!(!while_holds(&state, While::Paired, bp, 0, None));
        let a = first(&cards, bp);
        assert!(!ability_on(
            &cards,
            &state,
            &a,
            &Source::card(bp, 0),
            Some(dice[0])
        ));
    }
}
