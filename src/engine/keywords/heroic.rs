//! Heroic: pairing up (Uncanny X-Men rulebook, Pairing Up, 004:696-711; the 2017 keyword
//! list, keywords-2017-11-09.txt:44, agrees; the 2018 rulebook does not mention it).
//!
//! As a Heroic die is fielded its controller may pair it with another Heroic die of
//! theirs in the field, of a different card (two dice of one card never pair). The
//! choice waits in the trigger queue like a "when fielded" trigger, and only when there
//! is a die to pair with; the log answers it as any trigger: `resolve CS:L1 may yes
//! target RH:L1*` (the partner in a `target` clause), or `resolve CS:L1 may no`. A die
//! already paired leaves its old partner. The pairing lasts until the start of its
//! owner's next turn, or until either die leaves the field (`GameState::move_die`).
//!
//! While paired, each die gets the pairing benefits of its own card and of its
//! partner's (004:707-708): a `while: paired` static about "this die" of either card
//! applies to both partners — a stat bonus, a combat restriction, a keyword granted,
//! "can only be blocked by two or more", "can't be blocked by" ([`through_partner`],
//! read by `condition::static_reaches`). A trigger or an activated ability names the
//! partner itself, as the cards do ("he and his partner"): `of: partner` and `of:
//! this-or-partner` in a trigger, `what: partner` in a selector (`select::matches`).
//! Partners attack and block as separate dice.

use crate::cards::ability::{Ability, Keyword, Selector, While};
use crate::rules;
use crate::syntax::{Clause, Zone};

use crate::engine::cards::{CardId, GameCards};
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;
use crate::engine::state::{DieId, GameState, Pending};

/// Whether `partner` may pair with `die`: both Heroic characters in the field, of one
/// controller, of different cards.
pub fn may_pair(cards: &GameCards, state: &GameState, die: DieId, partner: DieId) -> bool {
    let (a, b) = (state.die(die), state.die(partner));
    die != partner
        && a.owner == b.owner
        && a.card != b.card
        && b.zone == Zone::Field
        && crate::engine::select::is_character(state, partner)
        && super::has(cards, state, b.card, &Keyword::Heroic)
}

/// Whether die `id` gets a pairing benefit of a static ability of `card` (owned by
/// `owner`) through its partner: the ability holds `while: paired`, `id`'s partner is a
/// die of the card for which it holds, and the effect is about "this die" (`to` is
/// `what: this`, or there is no selector: the die's own "can only be blocked by two or
/// more"), which each partner gets (Uncanny X-Men rulebook, Pairing Up, 004:707-708), or
/// names `id` seen from that die (`what: partner`).
pub fn through_partner(
    cards: &GameCards,
    state: &GameState,
    a: &Ability,
    to: Option<&Selector>,
    (card, owner): (CardId, usize),
    id: DieId,
) -> bool {
    if a.while_ != Some(While::Paired) {
        return false;
    }
    let Some(partner) = state.die(id).partner else {
        return false;
    };
    let p = state.die(partner);
    if p.card != card || p.owner != owner || state.die(id).card == card {
        return false;
    }
    let src = Source::card(card, owner).from_die(partner);
    // "This die" read as `id` itself (the benefit each partner gets), or the partner
    // named from the card's die.
    let as_this = Source::card(card, owner).from_die(id);
    let matches =
        |s: &Selector, from: &Source| crate::engine::select::matches(cards, state, s, from, id);
    to.is_none_or(|s| matches(s, &as_this) || matches(s, &src))
        && crate::engine::condition::ability_on(cards, state, a, &src, Some(partner))
}

/// The dice `die` may pair with now.
pub fn partners(cards: &GameCards, state: &GameState, die: DieId) -> Vec<DieId> {
    let owner = state.die(die).owner;
    state
        .zone(owner, Zone::Field)
        .filter(|&p| may_pair(cards, state, die, p))
        .collect()
}

/// Pairs two dice: each leaves its old partner first.
pub fn pair(state: &mut GameState, a: DieId, b: DieId) {
    for d in [a, b] {
        if let Some(old) = state.die(d).partner {
            state.die_mut(old).partner = None;
        }
    }
    state.die_mut(a).partner = Some(b);
    state.die_mut(b).partner = Some(a);
}

/// The start of `player`'s turn: their dice's pairings end.
pub fn turn_starts(state: &mut GameState, player: usize) {
    let ids: Vec<DieId> = state.ids().collect();
    for id in ids {
        if state.die(id).owner == player {
            state.die_mut(id).partner = None;
        }
    }
}

impl Replayer {
    /// A pairing's `resolve` line: `may no`, or the partner in a `target` clause. A
    /// partner the rules do not allow is `invalid-partner`; waived, the dice pair as
    /// written.
    pub(in crate::engine) fn resolve_heroic(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        let Some(choice) = self.keyword_choice(p, clauses)? else {
            return Ok(());
        };
        let owner = self.owner_of(choice, p.controller)?;
        let found = self.find(choice, owner, Zone::Field, &[die], |_, _| true)?;
        let name = self.cards.get(p.card).name.clone();
        let Some(partner) = found else {
            self.violate(rules::invalid_partner::new(
                choice.span,
                format!("`{choice}` is not in the field to pair with {name}"),
                "a die pairs with a Heroic character in its controller's field",
            ))?;
            return Err(self.unreplayable(choice.span, "no such die in the field"));
        };
        if !may_pair(&self.cards, &self.state, die, partner) {
            let (d, q) = (self.state.die(die), self.state.die(partner));
            let why = if d.owner != q.owner {
                "a die pairs only with its controller's own dice"
            } else if d.card == q.card {
                "two dice of the same card never pair up: choose a Heroic die of another card"
            } else {
                "its partner must be a Heroic character die in the field"
            };
            self.violate(
                rules::invalid_partner::new(
                    choice.span,
                    format!("{name} cannot pair up with `{choice}`"),
                    why,
                )
                .with_context(p.line, "the Heroic die was fielded here"),
            )?;
        }
        pair(&mut self.state, die, partner);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::keywords::testing::{dice, table};

    #[test]
    fn a_die_pairs_with_its_owners_heroic_die_of_another_card_only() {
        let (cards, state) = table("field Ann CS:L1 CS:L2 RH:L1* AB:L1\nfield Bob RB:L1*\n");
        let cs = dice(&cards, &state, "CS", 0);
        let rh = dice(&cards, &state, "RH", 0)[0];
        assert_eq!(partners(&cards, &state, cs[0]), vec![rh]);
        assert!(!may_pair(&cards, &state, cs[0], cs[1]), "the same card");
        let ab = dice(&cards, &state, "AB", 0)[0];
        assert!(!may_pair(&cards, &state, cs[0], ab), "not Heroic");
        let rb = dice(&cards, &state, "RB", 1)[0];
        assert!(!may_pair(&cards, &state, cs[0], rb), "the opponent's");
    }

    #[test]
    fn a_partner_shares_a_static_about_this_die_and_only_while_paired() {
        let (cards, mut state) = table("field Ann CS:L1 RH:L1* AB:L1\n");
        let cs = dice(&cards, &state, "CS", 0)[0];
        let rh = dice(&cards, &state, "RH", 0)[0];
        let ab = dice(&cards, &state, "AB", 0)[0];
        let card = state.die(cs).card;
        let a = &cards.get(card).abilities.as_ref().expect("encoded")[1];
        assert!(!through_partner(&cards, &state, a, None, (card, 0), rh));
        pair(&mut state, cs, rh);
        // Captain America's +4A/+4D reaches Red Hulk through the pairing, not Ace.
        assert!(through_partner(&cards, &state, a, None, (card, 0), rh));
        assert!(!through_partner(&cards, &state, a, None, (card, 0), ab));
        assert!(
            !through_partner(&cards, &state, a, None, (card, 0), cs),
            "its own die"
        );
        // Its own +3A while paired (Red Hulk: Superhero gives no defense: the Team
        // Builder and BulkCards) and Captain America's +4A/+4D.
        assert_eq!(
            crate::engine::select::stats(&cards, &state, rh),
            (6 + 4 + 3, 5 + 4)
        );
    }

    #[test]
    fn a_new_partner_replaces_the_old_and_the_turn_ends_pairings() {
        let (cards, mut state) = table("field Ann CS:L1 RH:L1* RH:L2*\n");
        let cs = dice(&cards, &state, "CS", 0)[0];
        let rh = dice(&cards, &state, "RH", 0);
        pair(&mut state, cs, rh[0]);
        pair(&mut state, rh[1], cs);
        assert_eq!(state.die(cs).partner, Some(rh[1]));
        assert_eq!(state.die(rh[0]).partner, None);
        turn_starts(&mut state, 1);
        assert_eq!(
            state.die(cs).partner,
            Some(rh[1]),
            "Bob's turn leaves Ann's pairs"
        );
        turn_starts(&mut state, 0);
        assert_eq!(state.die(cs).partner, None);
    }
}
