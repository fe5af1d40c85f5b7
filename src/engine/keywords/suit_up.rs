//! Suit Up (names): as a die with it is bought, its buyer may knock out one of their
//! character dice in the field whose name is one of those listed; if they do, the
//! bought die moves to the field at level 2 (Avengers Infinity rulebook, GLOSSARY,
//! 000:1504-1506). The 2017 keyword list (keywords-2017-11-09.txt:59) says "field" the
//! die; the 2018 glossary, which stands, says "move" it: it is not fielded, so no "when
//! fielded" effect fires.
//!
//! The choice waits in the trigger queue as a trigger of the bought die would, and only
//! when the buyer has a die of a listed name in the field. The log answers it with the
//! knocked-out die as the target: `resolve IM2 may yes target IM:L1`, or declines with
//! `resolve IM2 may no`. The glossary gives two choices ("may KO … may move"); one line
//! makes both, since a player who knocks the die out for Suit Up moves the bought die.
//! "If you do": the move waits for the knock-out, which a protection may hold back to
//! the next line (`Turn::suit_up`), and is not made if the die stays in the field.

use crate::cards::ability::Keyword;
use crate::rules;
use crate::syntax::{Clause, Face, Zone};

use crate::engine::cards::{CardId, GameCards};
use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{DieId, GameState, Op, Pending};

/// The names a card's Suit Up lists, if it has Suit Up.
pub fn names(cards: &GameCards, card: CardId) -> Option<&[String]> {
    super::printed(cards, card).find_map(|(_, k)| match k {
        Keyword::SuitUp { names } => Some(names.as_slice()),
        _ => None,
    })
}

/// The title of a card: its name before the subtitle (`Iron Man` of `Iron Man: Inventor`).
fn title(name: &str) -> &str {
    name.split(':').next().unwrap_or(name).trim()
}

/// Whether die `id` is one Suit Up of `card` may knock out for `player`: their own
/// character die in the field, of a listed name.
pub fn may_ko(
    cards: &GameCards,
    state: &GameState,
    card: CardId,
    player: usize,
    id: DieId,
) -> bool {
    let die = state.die(id);
    let Some(list) = names(cards, card) else {
        return false;
    };
    let name = &cards.get(die.card).name;
    die.owner == player
        && die.zone == Zone::Field
        && crate::engine::select::is_character(state, id)
        && list.iter().any(|n| n.eq_ignore_ascii_case(title(name)))
}

/// The dice Suit Up of `card` may knock out for `player` now.
pub fn candidates(cards: &GameCards, state: &GameState, card: CardId, player: usize) -> Vec<DieId> {
    state
        .zone(player, Zone::Field)
        .filter(|&id| may_ko(cards, state, card, player, id))
        .collect()
}

impl Replayer {
    /// Suit Up's `resolve` line: the die knocked out in a `target` clause (it must be of a
    /// listed name: `invalid-target`, waived as written), then the bought die to the
    /// field at level 2.
    pub(in crate::engine) fn resolve_suit_up(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(bought) = p.die else { return Ok(()) };
        let Some(choice) = self.keyword_choice(p, clauses)? else {
            return Ok(());
        };
        let owner = self.owner_of(choice, p.controller)?;
        let found = self.find(choice, owner, Zone::Field, &[], |_, _| true)?;
        let name = self.cards.get(p.card).name.clone();
        let list = names(&self.cards, p.card).unwrap_or(&[]).join(", ");
        let help =
            format!("Suit Up knocks out one of your own character dice in the field named {list}");
        let Some(ko) = found else {
            self.violate(rules::invalid_target::new(
                choice.span,
                format!("`{choice}` is not in the field for {name}'s Suit Up"),
                help,
            ))?;
            return Err(self.unreplayable(choice.span, "no such die in the field"));
        };
        if !may_ko(&self.cards, &self.state, p.card, p.controller, ko) {
            self.violate(
                rules::invalid_target::new(
                    choice.span,
                    format!("`{choice}` is not a valid choice for {name}'s Suit Up"),
                    help,
                )
                .with_context(p.line, "the die with Suit Up was bought here"),
            )?;
        }
        self.apply(vec![Op::Ko { die: ko }])?;
        self.turn_mut().suit_up = Some((ko, bought, p.card));
        self.settle_suit_up();
        Ok(())
    }

    /// Suit Up's move, once its knock-out is no longer held back (a protection's answer
    /// waits for the next line): "if you do" (000:1505), so only if the die left the
    /// field. Prevented, refused (Iron Will) or gone already, the bought die stays put.
    pub(in crate::engine) fn settle_suit_up(&mut self) {
        let Some(t) = self.state.turn.as_ref() else {
            return;
        };
        let Some((ko, bought, card)) = t.suit_up else {
            return;
        };
        if (t.held.as_ref()).is_some_and(|h| h.ops.contains(&Op::Ko { die: ko })) {
            return;
        }
        self.turn_mut().suit_up = None;
        // The bought die, still where the purchase put it, moves to the field at level 2.
        if self.state.die(ko).zone != Zone::Field && self.state.die(bought).zone == Zone::Used {
            let bursts = self.cards.get(card).levels.get(1).map_or(0, |l| l.bursts);
            let line = self.line;
            self.state.move_die(bought, Zone::Field, line);
            self.state.die_mut(bought).face = Some(Face::Level { level: 2, bursts });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::keywords::testing::{dice, table};

    #[test]
    fn suit_up_knocks_out_its_buyers_die_of_a_listed_title() {
        let (cards, state) = table("field Ann IM:L1 CS:L1\n");
        let hb = cards.by_alias("HB", 0).unwrap();
        assert_eq!(names(&cards, hb), Some(&["Iron Man".to_string()][..]));
        let im = dice(&cards, &state, "IM", 0);
        let field_im: Vec<DieId> = im
            .into_iter()
            .filter(|&d| state.die(d).zone == Zone::Field)
            .collect();
        assert_eq!(candidates(&cards, &state, hb, 0), field_im);
        assert!(
            candidates(&cards, &state, hb, 1).is_empty(),
            "Bob has no Iron Man"
        );
        assert_eq!(title("Iron Man: Inventor"), "Iron Man");
    }
}
