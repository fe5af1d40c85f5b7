//! The purchase-cost reduction: "the next action die you buy this turn costs 2 less"
//! (Thousand Dragon: Noxious Nostril Gust's global), "dice you buy this turn cost 1
//! less".
//!
//! The rules: an effect may lower the purchase cost of a player's dice, never below 1, or
//! below the number of the card's energy types when it has more than one (Avengers
//! Infinity rulebook, PURCHASE DICE, 000:616-621); a die is free only where card text says
//! so (rules reference, Purchasing a Die, ruling [3], 003:131). A die whose printed cost
//! is already below that floor keeps its cost: a reduction never raises one.
//!
//! How it is read, where the rulebook leaves a choice:
//! - A reduction made by an ability lasts until the end of the turn (an applied effect,
//!   000:1013-1028): it lowers that player's purchases for the rest of the turn, each die
//!   `of` names (read from its card: a kind, energy types, affiliations).
//! - With `next`, only the next such die that player buys. Two uses before a purchase
//!   both wait for the same next die ("the next action die you buy" is the same die for
//!   each), so they add up, down to the floor. A `buy` line that buys several dice at once
//!   gives it to the first such die in the order the line lists them.
//! - The reduction is made when its ability resolves: one held for the opponent's answer
//!   (`unless:`) and stopped never takes effect (it is stored off, `CostCut::on`, and the
//!   commit turns it on).
//! - A static reduction or increase ("while active, your action dice cost 1 less",
//!   "non-Villain dice cost your opponents 1 more") changes every purchase it names
//!   while it holds, read as the dice are bought: increases add to the printed cost, and
//!   reductions then lower it down to the floor.
//! - A `position` block writes a reduction under way as a `cost-cut` line, naming the
//!   ability that made it, the player it lowers and by how much (a `next` one already
//!   used is gone); `of` and `next` are the ability's.
//! - With `once` ("no matter how many Big Entrance dice are used", AI #49), a card's
//!   reduction is made once a turn for a player: a second use adds nothing. A position's
//!   `cost-cut` line restores it from the ability it names.
//! - Turtle Power's reduction is a keyword's static one, added to these
//!   (`keywords::turtle_power`).

use crate::cards::ability::{Ability, Effect, Selector, Side, What};

use super::Run;
use crate::engine::cards::{CardId, DieKind, GameCard};
use crate::engine::replay::Replayer;
use crate::engine::state::{CostCut, Op};

impl Replayer {
    /// A reduction of the controller's purchases for the rest of the turn: stored off, and
    /// turned on as the ability's changes are committed.
    pub(super) fn reduce_cost_effect(
        &mut self,
        amount: u8,
        of: &Selector,
        (next, once): (bool, bool),
        ctx: &mut Run,
    ) -> Vec<Op> {
        // The ability it belongs to, for a position's `cost-cut` line: the card's first
        // whose effects (or bursts) make this reduction.
        let ability = self
            .abilities_of(ctx.src.card)
            .and_then(|list| {
                list.iter()
                    .position(|a| reduction_of(a).is_some_and(|r| r.0 == of && r.1 == next))
            })
            .unwrap_or(0);
        let card = ctx.src.card;
        let player = ctx.src.controller;
        // "No matter how many are used": its card's reduction is made once a turn (a
        // second player's alias of a card in the middle is the same card).
        let same = |c: CardId| self.cards.canonical(c) == self.cards.canonical(card);
        let made = self.state.turn.as_ref().is_some_and(|t| {
            t.cost_cuts
                .iter()
                .any(|c| c.once && c.player == player && same(c.card))
        });
        if once && made {
            return Vec::new();
        }
        let cuts = &mut self.turn_mut().cost_cuts;
        cuts.push(CostCut {
            card,
            ability,
            player,
            amount: u32::from(amount),
            of: of.clone(),
            next,
            on: false,
            spent: false,
            once,
        });
        vec![Op::CostCut {
            cut: cuts.len() - 1,
        }]
    }

    /// What each of the dice a `buy` line buys costs player `who`, in the line's order
    /// (`cards`, one entry per die), with the reductions in force: the printed cost, less
    /// every reduction of the turn that names the die and each `next` one not yet used
    /// whose die this is, down to the floor. Returns the costs and the `next` reductions
    /// the purchase uses up.
    pub(in crate::engine) fn purchase_costs(
        &self,
        who: usize,
        cards: &[CardId],
    ) -> (Vec<usize>, Vec<usize>) {
        let cuts: Vec<(usize, &CostCut)> = self
            .state
            .turn
            .as_ref()
            .map(|t| {
                t.cost_cuts
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.on && !c.spent && c.player == who)
                    .collect()
            })
            .unwrap_or_default();
        let statics = self.cost_statics(who);
        let mut used = Vec::new();
        let costs = cards
            .iter()
            .map(|&card| {
                let c = self.cards.get(card);
                let mut printed = u32::from(c.cost.unwrap_or(0));
                let mut cut = 0;
                for &(amount, of, raise) in &statics {
                    if !card_fits(c, of) {
                        continue;
                    }
                    if raise {
                        printed += amount;
                    } else {
                        cut += amount;
                    }
                }
                // Turtle Power's static reduction (`keywords::turtle_power`); the buy line
                // has already stopped where it is undecided.
                cut +=
                    crate::engine::keywords::turtle_power::cut(&self.cards, &self.state, who, card)
                        .0;
                for &(i, k) in &cuts {
                    if !card_fits(c, &k.of) || (k.next && used.contains(&i)) {
                        continue;
                    }
                    cut += k.amount;
                    if k.next {
                        used.push(i);
                    }
                }
                reduced(printed, cut, c.energy.len()) as usize
            })
            .collect();
        (costs, used)
    }

    /// The statics in force that change what `who` pays to buy dice: each one's amount,
    /// what it names, and whether it raises the cost. Its `side` is read from the
    /// static's owner: `yours` lowers or raises its owner's purchases, `opposing` the
    /// opponent's, `any` both.
    fn cost_statics(&self, who: usize) -> Vec<(u32, &Selector, bool)> {
        let mut out = Vec::new();
        for (_, owner, a) in self.statics_in_force() {
            for e in &a.effects {
                let (amount, of, raise) = match e {
                    Effect::ReduceCost {
                        amount,
                        of,
                        next: false,
                        ..
                    } => (amount, of, false),
                    Effect::RaiseCost { amount, of } => (amount, of, true),
                    _ => continue,
                };
                let buyer = match of.side {
                    Side::Any => true,
                    Side::Yours => who == owner,
                    Side::Opposing => who != owner,
                    // Read in a damage's `per` only (`cards --check`).
                    Side::Theirs => false,
                };
                if buyer && static_selector(of) {
                    out.push((u32::from(*amount), of, raise));
                }
            }
        }
        out
    }

    /// The `next` reductions a purchase used are spent.
    pub(in crate::engine) fn spend_cost_cuts(&mut self, used: &[usize]) {
        for &i in used {
            if let Some(c) = self.turn_mut().cost_cuts.get_mut(i) {
                c.spent = true;
            }
        }
    }
}

/// The first purchase-cost reduction an ability makes, base effects then bursts: what it
/// lowers, whether only the next such die, and whether once a turn for its card.
pub(in crate::engine) fn reduction_of(a: &Ability) -> Option<(&Selector, bool, bool)> {
    a.effects
        .iter()
        .chain(a.bursts.iter().flat_map(|b| b.effects.iter()))
        .find_map(|e| match e {
            Effect::ReduceCost { of, next, once, .. } => Some((of, *next, *once)),
            _ => None,
        })
}

/// A printed cost less `cut`, not below 1 nor below the number of energy types (when it
/// has more than one), and never above the printed cost.
fn reduced(printed: u32, cut: u32, types: usize) -> u32 {
    if cut == 0 {
        return printed;
    }
    let floor = (types as u32).max(1);
    printed.saturating_sub(cut).max(floor.min(printed))
}

/// Whether a reduction's selector can be read off a card being bought: a kind of die
/// (any die, an action die, a character), energy types and affiliations, of the buyer's
/// own purchases. Nothing that only a die in play has (a level, a zone, a combat state,
/// "this die", a target) means anything for a die still on its card.
pub fn card_selector(of: &Selector) -> bool {
    let kind = |w: What| {
        matches!(
            w,
            What::Die | What::ActionDie | What::Character | What::NonSidekick
        )
    };
    kind(of.what)
        && of.or_what.is_none_or(kind)
        && matches!(of.side, Side::Any | Side::Yours)
        && !of.target
        && of.level.is_none()
        && of.max_level.is_none()
        && of.min_level.is_none()
        && of.own_level.is_none()
        && of.zone.is_none()
        && of.zones.is_empty()
        && of.state.is_none()
        && !of.not_payment
        && !of.other
        && !of.already
}

/// Whether a static's selector can be read off a card being bought: as an effect's,
/// with any side (a static's side is read from its owner: `opposing` names the
/// opponent's purchases).
pub(in crate::engine) fn static_selector(of: &Selector) -> bool {
    card_selector(&Selector {
        side: Side::Any,
        ..of.clone()
    })
}

/// Whether the card of a die being bought is one `of` names (also a team's card, for
/// `Condition::TeamHas`).
pub(in crate::engine) fn card_fits(card: &GameCard, of: &Selector) -> bool {
    let is = |w: What| match w {
        What::Die => true,
        What::ActionDie => matches!(card.kind, DieKind::Action | DieKind::BasicAction),
        What::Character | What::NonSidekick => card.kind == DieKind::Character,
        _ => false,
    };
    let has_affiliation = |a: &String| card.affiliations.iter().any(|x| x.eq_ignore_ascii_case(a));
    (is(of.what) || of.or_what.is_some_and(is))
        && of.energy.is_none_or(|e| card.energy.contains(&e))
        && (of.energies.is_empty() || of.energies.iter().any(|e| card.energy.contains(e)))
        && !of.not_energy.is_some_and(|e| card.energy.contains(&e))
        && of.affiliation.as_ref().is_none_or(has_affiliation)
        && (of.affiliations.is_empty() || of.affiliations.iter().any(has_affiliation))
        && !of.not_affiliation.as_ref().is_some_and(has_affiliation)
        && of
            .title
            .as_ref()
            .is_none_or(|t| crate::engine::select::title(&card.name).eq_ignore_ascii_case(t))
        && of.max_cost.is_none_or(|m| card.cost.unwrap_or(0) <= m)
        && of.min_cost.is_none_or(|m| card.cost.unwrap_or(0) >= m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reduced_cost_stops_at_the_floor() {
        // Take Cover (3) less 4: 1, never 0 (003:131).
        assert_eq!(reduced(3, 4, 0), 1);
        assert_eq!(reduced(3, 2, 1), 1);
        assert_eq!(reduced(5, 2, 1), 3);
        // Two energy types: not below 2 (000:620-621).
        assert_eq!(reduced(5, 4, 2), 2);
        // A cost already below the floor is not raised; no reduction changes nothing.
        assert_eq!(reduced(0, 1, 0), 0);
        assert_eq!(reduced(2, 0, 0), 2);
    }

    #[test]
    fn only_what_a_card_shows_can_name_a_purchase() {
        let sel = |yaml: &str| serde_saphyr::from_str::<Selector>(yaml).unwrap();
        assert!(card_selector(&sel("{what: action-die}")));
        assert!(card_selector(&sel(
            "{what: character, side: yours, affiliation: Villain}"
        )));
        assert!(!card_selector(&sel("{what: this}")));
        assert!(!card_selector(&sel("{what: character, level: 1}")));
        assert!(!card_selector(&sel("{what: character, side: opposing}")));
    }
}
