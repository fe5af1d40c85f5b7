//! The "damage from" static: damage a die (or a player) takes from the sources a selector
//! names is lessened as it is dealt — none of it ("bolt characters cannot damage Bishop",
//! Bishop: Omega Squad), some less ("Iron Man takes 1 less damage from Villains", Iron
//! Man: Upright), half of it rounded down (Spider-Man: Spider Sense), or at most an amount
//! (Phoenix Force: Force of Nature: each opposing attacker deals you at most 1).
//!
//! The rules it rests on:
//! - Preventing damage: "take no damage" is a prevention, and damage prevented triggers
//!   nothing (Avengers Infinity rulebook, PREVENTING AND REDIRECTING, 000:1232-1235); a
//!   prevention or a reduction acts before the damage resolves (EFFECT TIMING AND
//!   RESOLUTION, 000:1109-1117; ASSIGN DAMAGE, 000:759-763), so a die that takes none of it
//!   was never damaged: no "when damaged" trigger, no damage on it.
//! - Who deals damage (the source): a character die's combat damage is the character's
//!   (000:755-782, "Combat Damage", 002:753); an ability's damage that is not combat
//!   damage is damage "from a character" when the ability is a character's (Iron Man and
//!   War Machine rulebook, LEXICON, "Ability Damage", 002:737): the die whose ability it
//!   is. An action die's effect is the action die's (Storm: Weather Witch). A redirected
//!   effect keeps its source (000:1246). A global is used by either player from a card,
//!   with no die of it dealing anything: whether its damage is "from" the card's
//!   characters is not said, so a global's damage to a die (or player) such a static
//!   reaches is undecided; so is damage whose source the engine no longer knows (an
//!   effect held for an answer and dealt later, Range's sum of several dice).
//! - Combat damage is dealt all at once (000:755-757): each die dealing it is one source.
//!   "Less" and "half" are read per source; when two or more sources the static lessens
//!   damage the same die at once, whether each one's damage or their sum is lessened is
//!   not said: undecided. Both a "less" and a "half" on one source: the order is not
//!   said, undecided. A prevention of all of it, and "at most" (said per character), are
//!   exact either way.
//! - The static is read as the damage is dealt (static effects hold while their
//!   conditions do, 000:1149-1155), in every round of combat damage (the Fast round too)
//!   and for every effect's damage. A trigger on the die's own `takes-damage` that
//!   reduces it (Iron Man: Inventor, `reduce`) lessens what is left, once per time.
//! - Overcrush gives a blocker what knocks it out (`keywords::overcrush`): against a
//!   blocker this static shields from its attacker, that is what knocks it out once
//!   lessened (twice its lethal damage for "half", that plus N for "N less"); a blocker
//!   the attacker cannot damage enough is never knocked out, so nothing is left over and
//!   the split is the player's.

use crate::cards::ability::{Effect, Selector, Takes};
use crate::syntax::Zone;

use super::effects_for;
use crate::engine::cards::CardId;
use crate::engine::condition;
use crate::engine::coverage::static_applied;
use crate::engine::replay::Replayer;
use crate::engine::select::{self, Source};
use crate::engine::state::DieId;

/// Who deals a damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum By {
    /// A die: its combat damage, or an ability of its own (an action die's effect).
    Die(DieId),
    /// A source the engine cannot name: a global, or damage held and dealt later.
    Unknown,
}

/// Who takes a damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum Hurt {
    Die(DieId),
    Player(usize),
}

/// One "damage from" static in force that reaches a die or player: its card, what the
/// damage becomes, the sources it names, and the side it is read from.
struct Shield {
    card: CardId,
    takes: Takes,
    from: Selector,
    src: Source,
}

/// What a hit becomes under the takes that apply to it, in an order that does not
/// matter (`None` when it does: a "less" and a "half" together).
fn lessen(n: u32, takes: &[Takes]) -> Option<u32> {
    if takes.contains(&Takes::None) {
        return Some(0);
    }
    let half = takes.contains(&Takes::Half);
    let less: u32 = takes
        .iter()
        .map(|t| match t {
            Takes::Less(k) => u32::from(*k),
            _ => 0,
        })
        .sum();
    if half && less > 0 {
        return None;
    }
    let cap = takes
        .iter()
        .filter_map(|t| match t {
            Takes::AtMost(k) => Some(u32::from(*k)),
            _ => None,
        })
        .min();
    let mut n = n.saturating_sub(less);
    if half {
        n /= 2;
    }
    Some(cap.map_or(n, |c| n.min(c)))
}

impl Replayer {
    /// The "damage from" statics in force that reach `hurt`: the card's static holds
    /// (`while:`, `if:`, read for the die itself when it is the card's own "this die"),
    /// with the bursts that die shows; a pairing benefit reaches the partner too
    /// (`condition::static_reaches`).
    fn shields(&self, hurt: Hurt) -> Vec<Shield> {
        let mut out = Vec::new();
        if let Hurt::Die(id) = hurt
            && self.state.die(id).zone != Zone::Field
        {
            return out;
        }
        for card in self.cards.ids() {
            let Some(owner) = self.cards.get(card).owner else {
                continue;
            };
            let Some(list) = self.abilities_of(card) else {
                continue;
            };
            for a in list
                .iter()
                .filter(|a| a.kind == crate::cards::ability::Kind::Static)
            {
                let src = match hurt {
                    Hurt::Die(id) => Source::static_for(&self.state, card, owner, id),
                    Hurt::Player(_) => Source::card(card, owner),
                };
                let effects = match hurt {
                    Hurt::Die(id) => {
                        select::static_effects(&self.state, a, (card, owner), id).into_owned()
                    }
                    Hurt::Player(_) => effects_for(a, 0),
                };
                for e in effects {
                    let Effect::DamageFrom { to, from, takes } = &e else {
                        continue;
                    };
                    if !static_applied(&e) {
                        continue;
                    }
                    let reached = match hurt {
                        Hurt::Die(id) => condition::static_reaches(
                            &self.cards,
                            &self.state,
                            a,
                            Some(to),
                            (card, owner),
                            id,
                        ),
                        Hurt::Player(p) => {
                            select::matches_player(to, &src, p)
                                && condition::ability_on(&self.cards, &self.state, a, &src, None)
                        }
                    };
                    if reached {
                        out.push(Shield {
                            card,
                            takes: *takes,
                            from: from.clone(),
                            src,
                        });
                    }
                }
            }
        }
        out
    }

    /// What `hurt` takes of the hits dealt to it at once, each `(source, amount)`: each
    /// hit lessened by the statics that name its source. `Err` names the card and says
    /// why it is not settled (the caller makes the game undecided there; waived, the
    /// hits land in full).
    pub(in crate::engine) fn taken_from(
        &self,
        hurt: Hurt,
        hits: &[(By, u32)],
        combat: bool,
    ) -> Result<u32, (CardId, String)> {
        Ok(self.taken_each(hurt, hits, combat)?.iter().sum())
    }

    /// What `hurt` takes of each hit dealt to it at once ([`Replayer::taken_from`]),
    /// hit by hit. `combat`: the hits are combat damage.
    pub(in crate::engine) fn taken_each(
        &self,
        hurt: Hurt,
        hits: &[(By, u32)],
        combat: bool,
    ) -> Result<Vec<u32>, (CardId, String)> {
        let shields = self.shields(hurt);
        if shields.is_empty() {
            return Ok(hits.iter().map(|(_, n)| *n).collect());
        }
        let mut out = Vec::new();
        // The "less"/"half" statics that lessened a hit already: a second hit they
        // lessen leaves the reading open; so does a second die of one card an "at most"
        // caps ("each of your opponent's characters": a character is a card, 000:1226-1230).
        let mut lessened: Vec<usize> = Vec::new();
        let mut capped: Vec<(usize, CardId)> = Vec::new();
        for &(by, n) in hits {
            let mut takes = Vec::new();
            for (k, s) in shields.iter().enumerate() {
                let d = match by {
                    By::Die(d) => d,
                    By::Unknown => {
                        return Err((
                            s.card,
                            "lessens the damage from some sources, and this damage comes from \
                             a global (or a source dmlint no longer knows): whether it is \
                             damage from those sources is not said"
                                .to_string(),
                        ));
                    }
                };
                if !select::filter_matches(&self.cards, &self.state, &s.from, &s.src, d) {
                    continue;
                }
                match s.takes {
                    Takes::Less(_) | Takes::Half if lessened.contains(&k) => {
                        return Err((
                            s.card,
                            "lessens the damage of some sources, and two or more of them deal \
                             damage at once: whether each one's damage or their sum is \
                             lessened is not said"
                                .to_string(),
                        ));
                    }
                    Takes::Less(_) | Takes::Half => lessened.push(k),
                    Takes::AtMost(_) if !combat => {
                        return Err((
                            s.card,
                            "caps the damage some characters deal, and one deals damage with \
                             an ability: whether it counts with that character's combat \
                             damage is not said"
                                .to_string(),
                        ));
                    }
                    Takes::AtMost(_) => {
                        let card = self.state.die(d).card;
                        if capped.contains(&(k, card)) {
                            return Err((
                                s.card,
                                "caps the damage each of some characters deals, and two dice \
                                 of one card deal it at once: whether the cap is each die's \
                                 or the card's is not said"
                                    .to_string(),
                            ));
                        }
                        capped.push((k, card));
                    }
                    Takes::None => {}
                }
                takes.push(s.takes);
            }
            match lessen(n, &takes) {
                Some(t) => out.push(t),
                None => {
                    return Err((
                        shields[0].card,
                        "has damage both halved and lessened by an amount: which comes first \
                         is not said"
                            .to_string(),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// The damage attacker `a` must assign blocker `b` to knock it out, through the
    /// statics that lessen `a`'s damage to it: its lethal damage lessened back, or
    /// `u32::MAX` when `a` can never deal it that much (`keywords::overcrush`).
    pub(in crate::engine) fn lethal_damage_from(&self, b: DieId, a: DieId) -> u32 {
        let lethal = self.lethal_damage(b);
        let shields = self.shields(Hurt::Die(b));
        let takes: Vec<Takes> = shields
            .iter()
            .filter(|s| select::filter_matches(&self.cards, &self.state, &s.from, &s.src, a))
            .map(|s| s.takes)
            .collect();
        if takes.is_empty() || lethal == 0 {
            return lethal;
        }
        // The least damage whose lessened amount reaches the lethal damage: what is
        // taken never falls as the damage grows, so the first that reaches it.
        let mut lo = lethal;
        let hi = lethal
            .saturating_mul(2)
            .saturating_add(
                takes
                    .iter()
                    .map(|t| match t {
                        Takes::Less(k) => u32::from(*k),
                        _ => 0,
                    })
                    .sum::<u32>(),
            )
            .saturating_add(1);
        while lo <= hi {
            match lessen(lo, &takes) {
                Some(t) if t >= lethal => return lo,
                None => return lethal,
                _ => lo += 1,
            }
        }
        u32::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessening_follows_what_each_static_says() {
        assert_eq!(lessen(5, &[]), Some(5));
        assert_eq!(lessen(5, &[Takes::None]), Some(0));
        assert_eq!(lessen(5, &[Takes::Less(2)]), Some(3));
        assert_eq!(lessen(1, &[Takes::Less(2)]), Some(0));
        // Half, rounded down.
        assert_eq!(lessen(5, &[Takes::Half]), Some(2));
        assert_eq!(lessen(5, &[Takes::AtMost(1)]), Some(1));
        assert_eq!(lessen(0, &[Takes::AtMost(1)]), Some(0));
        // A prevention of all of it wins over anything else.
        assert_eq!(lessen(5, &[Takes::Half, Takes::None]), Some(0));
        // A "less" and a "half" together: their order is not said.
        assert_eq!(lessen(5, &[Takes::Half, Takes::Less(1)]), None);
        assert_eq!(lessen(5, &[Takes::Less(1), Takes::Less(1)]), Some(3));
    }
}
