//! How a line names a die: by its card and face, and, where that could mean dice in
//! different states, by its number among them (grammar/README.md, "Telling dice apart").
//!
//! A reference is looked up among the dice of its owner's zone with that card and face,
//! less the dice the same list named already and those the move could not mean (a
//! blocker's attacker is an attacking die). When those candidates are all alike, the
//! plain `SK:L1` names any of them, and the one taken is the first in the order they
//! came; otherwise the die is named by its number in that order, `SK:L1#2`. The generator
//! writes every die this way, so that what it means is what a reader takes.

use crate::syntax::{DieRef, Span, Spanned, Text};

use super::super::cards::GameCards;
use super::super::state::{DieId, GameState};

/// A reference to die `id` written by `actor` (its owner named when not theirs), among
/// the candidates of its zone that `pool` admits, skipping `taken`; `spent_matters` says
/// whether a partly spent die differs from a whole one for the move (it does not for a
/// payment). Returns the reference and the die a reader takes it to mean: `id`, or a die
/// alike to it.
pub fn refer(
    cards: &GameCards,
    state: &GameState,
    id: DieId,
    actor: usize,
    taken: &[DieId],
    pool: impl Fn(DieId) -> bool,
    spent_matters: bool,
) -> (DieRef, DieId) {
    let die = state.die(id);
    let mut candidates: Vec<DieId> = state
        .ids()
        .filter(|&x| {
            let d = state.die(x);
            d.owner == die.owner
                && d.zone == die.zone
                && d.card == die.card
                && d.face == die.face
                && !taken.contains(&x)
                && pool(x)
        })
        .collect();
    state.in_stamp_order(&mut candidates);
    let mut r = plain(cards, state, id, actor);
    if state.alike(&candidates, spent_matters) {
        let first = candidates.first().copied().unwrap_or(id);
        return (r, first);
    }
    let n = candidates.iter().position(|x| *x == id).unwrap_or(0) + 1;
    r.ordinal = Some(Spanned::new(n as u32, Span::default()));
    (r, id)
}

/// Dice named one after another in one list, each skipping those named before it (an
/// `attack` line, a `target` clause, a payment): the references, and the dice they mean.
pub fn refer_all(
    cards: &GameCards,
    state: &GameState,
    dice: &[DieId],
    actor: usize,
    pool: impl Fn(DieId) -> bool,
    spent_matters: bool,
) -> (Vec<DieRef>, Vec<DieId>) {
    let mut taken = Vec::new();
    let mut refs = Vec::new();
    for &id in dice {
        let (r, meant) = refer(cards, state, id, actor, &taken, &pool, spent_matters);
        taken.push(meant);
        refs.push(r);
    }
    (refs, taken)
}

/// The die by its card and the face it shows, with its owner's name when `actor` is not
/// its owner.
pub fn plain(cards: &GameCards, state: &GameState, id: DieId, actor: usize) -> DieRef {
    let die = state.die(id);
    DieRef {
        player: (die.owner != actor).then(|| {
            Box::new(Spanned::new(
                cards.players[die.owner].clone(),
                Span::default(),
            ))
        }),
        alias: Spanned::new(cards.get(die.card).alias.clone(), Span::default()),
        face: die.face.clone().map(|f| Spanned::new(f, Span::default())),
        ordinal: None,
        modifiers: Vec::new(),
        span: Span::default(),
    }
}

/// A card named by its alias, as a `global` line or a trigger of no die names it.
pub fn alias(cards: &GameCards, card: super::super::CardId) -> Spanned<Text> {
    Spanned::new(cards.get(card).alias.clone(), Span::default())
}
