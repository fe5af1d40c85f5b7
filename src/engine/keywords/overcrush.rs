//! Overcrush: a blocked attacker that knocks out (or loses) all of its blockers deals its
//! leftover combat damage to the opponent.
//!
//! The texts: the 2018 glossary (000:1498-1499) "when attacking, if this character die
//! KO's or removes all of its blockers, it deals any leftover damage to your opponent";
//! the 2017 keyword list (keywords-2017-11-09.txt:50) says the same with "remaining"
//! damage and "(or they are removed for other reasons)". They agree; the 2018 text stands.
//!
//! How it is read against ASSIGN DAMAGE (000:768-782), which says a blocked attacker
//! assigns its whole attack among its blockers, split as its player likes, holding none
//! back, and that damage beyond a blocker's defense is "generally wasted":
//! - *Leftover* is what remains once every blocker has taken the damage that knocks it
//!   out: its defense less the damage it already has. So when the attack reaches that
//!   total, each blocker takes exactly what knocks it out and the rest goes to the
//!   opponent; the player cannot pile more on one blocker to waste it (Overcrush has no
//!   "may", and a blocker that takes less is not knocked out, which would leave nothing
//!   over). When the attack falls short of it, nothing is left over: the whole attack is
//!   split among the blockers as usual (000:772-777).
//! - The leftover goes on only *if* all blockers are knocked out: it is measured after
//!   the damage is dealt, so a blocker that survives its lethal share (a reduction, Iron
//!   Will) keeps it all off the opponent. A static that lessens the attacker's damage to
//!   a blocker (`effects::damage_from`: "takes half damage from fist characters") raises
//!   what knocks it out to what, lessened, reaches its defense; a blocker the attacker
//!   cannot damage that much (none of it, "at most") is never knocked out by it, so the
//!   whole attack is the blockers' and nothing is left over.
//! - *Removes*: an attacker whose blockers were all removed before damage is still
//!   blocked (000:762-765) and would deal nobody damage; with Overcrush its whole attack
//!   is leftover.
//! - The leftover is combat damage to the opponent, dealt with the unblocked attackers'
//!   (2016, 2018) or after the knock-outs (2014): the machinery of the
//!   "excess damage to the player" effect (`effects::excess_to_player`), whose attacker
//!   deals its blockers no more than their total defense either.
//!
//! A log writes nothing new: an attacker with several blockers writes its `assign` line
//! with the lethal shares, as for any split.

use crate::cards::ability::Keyword;

use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

impl Replayer {
    /// Whether attacker `a` has Overcrush.
    pub(in crate::engine) fn overcrush(&self, a: DieId) -> bool {
        self.has_keyword(a, |k| *k == Keyword::Overcrush)
    }

    /// The damage that knocks blocker `b` out now: its defense less its damage.
    pub(in crate::engine) fn lethal_damage(&self, b: DieId) -> u32 {
        self.stats(b).1.saturating_sub(self.state.die(b).damage)
    }

    /// What Overcrush attacker `a`'s blockers take of `attack`: what knocks each out,
    /// when the attack reaches it, else all of it. What knocks a blocker out is read
    /// through the statics that lessen `a`'s damage to it (`effects::damage_from`): one
    /// that `a` can never knock out takes the whole attack, so nothing is left over.
    pub(in crate::engine) fn overcrush_share(
        &self,
        a: DieId,
        blockers: &[DieId],
        attack: u32,
    ) -> u32 {
        let lethal = blockers
            .iter()
            .map(|b| self.lethal_damage_from(*b, a))
            .fold(0u32, u32::saturating_add);
        attack.min(lethal)
    }

    /// A split of Overcrush attacker `a` that sends damage on to the opponent but leaves
    /// a blocker short of what knocks it out: that blocker and what it needed.
    pub(in crate::engine) fn overcrush_short(
        &self,
        a: DieId,
        split: &[(DieId, u32)],
        attack: u32,
    ) -> Option<(DieId, u32)> {
        let blockers = self.blockers_of(a);
        if !self.overcrush(a) || self.overcrush_share(a, &blockers, attack) == attack {
            return None;
        }
        split
            .iter()
            .find(|(b, n)| *n < self.lethal_damage_from(*b, a))
            .map(|(b, _)| (*b, self.lethal_damage_from(*b, a)))
    }

    /// The leftover combat damage of each blocked Overcrush attacker among `dealing`
    /// (the attackers dealing their damage now), measured once the damage is on the
    /// dice: all of its attack with no blocker left, what its split did not give its
    /// blockers when every one of them is now knocked out, else none.
    pub(in crate::engine) fn overcrush_leftover(&self, dealing: &[DieId]) -> Vec<(DieId, u32)> {
        let t = self.turn_ref().expect("turn");
        let dead = self.lethal();
        dealing
            .iter()
            .copied()
            .filter(|a| t.blocked.contains(a) && self.overcrush(*a))
            .filter_map(|a| {
                let attack = self.combat_attack(a);
                let blockers = self.blockers_of(a);
                if blockers.is_empty() {
                    return Some((a, attack));
                }
                if !blockers.iter().all(|b| dead.contains(b)) {
                    return None;
                }
                let given: u32 = t
                    .assigned
                    .iter()
                    .find(|(x, _, _)| *x == a)
                    .map_or(0, |(_, split, _)| split.iter().map(|(_, n)| n).sum());
                Some((a, attack.saturating_sub(given)))
            })
            .filter(|(_, n)| *n > 0)
            .collect()
    }
}
