//! Iron Will: a character die that cannot be knocked out unless it was damaged earlier
//! this turn.
//!
//! The texts: the 2018 glossary (000:1491-1497): it cannot be KO'd unless previously
//! damaged this turn; once so damaged, it is KO'd when (a) it is damaged a second time
//! and its damage this turn reaches its defense, (b) a later effect lowers its defense
//! to its damage or below, or (c) a later effect KOs it. The 2017 keyword list
//! (keywords-2017-11-09.txt:46) adds a fourth way, dropped by 2018: damage from two
//! sources at once (two blockers) that reaches its defense. The newer text stands: the
//! damage a die takes at once is one event (its combat damage from all its blockers is
//! one, as ASSIGN DAMAGE deals it, 000:754-756), so a first such event never KOs it.
//!
//! The memory it needs: whether the die was damaged earlier this turn is its damage
//! (above 0: only damage this turn stays on a die, cleared at cleanup). What (a) and (b)
//! need beyond that is whether a first damage that reached its defense was spared, and
//! at what defense: `Boost::iron_will_spared`, written `[iron-will-spared=D]` in a
//! position. A later damage event clears it (the die is then simply knocked out at its
//! defense); a defense below D knocks it out (b).
//! - (c): an effect that knocks out a die with Iron Will and no damage does nothing to it.

use crate::cards::ability::Keyword;

use crate::engine::replay::Replayer;
use crate::engine::state::DieId;

impl Replayer {
    /// Whether die `id` has Iron Will.
    pub(in crate::engine) fn iron_will(&self, id: DieId) -> bool {
        self.has_keyword(id, |k| *k == Keyword::IronWill)
    }

    /// Die `id` takes `amount` damage as one event; a die with Iron Will remembers a
    /// first damage that reached its defense, and damage in the attack step is noted for
    /// the end of the turn (`Turn::attack_damaged`).
    pub(in crate::engine) fn take_damage(&mut self, id: DieId, amount: u32) {
        let first = self.state.die(id).damage == 0;
        self.state.die_mut(id).damage += amount;
        self.record_hit(id, amount);
        if self.state.in_attack_step()
            && self.cards.read_attack_damaged()
            && let Some(t) = self.state.turn.as_mut()
            && !t.attack_damaged.contains(&id)
        {
            t.attack_damaged.push(id);
        }
        if self.iron_will(id) {
            let defense = self.stats(id).1;
            let spared = (first && self.state.die(id).damage >= defense).then_some(defense);
            self.state.die_mut(id).boost.iron_will_spared = spared;
        }
    }

    /// Whether Iron Will keeps die `id` in the field now, whatever its damage: it has
    /// none yet, or its only damage was a first one spared at a defense it still has.
    pub(in crate::engine) fn iron_will_holds(&self, id: DieId) -> bool {
        if !self.iron_will(id) {
            return false;
        }
        let die = self.state.die(id);
        die.damage == 0
            || die
                .boost
                .iron_will_spared
                .is_some_and(|d| self.stats(id).1 >= d)
    }

    /// Whether an effect's knock-out of die `id` does nothing: Iron Will with no damage
    /// this turn (000:1491, (c)).
    pub(in crate::engine) fn iron_will_refuses_ko(&self, id: DieId) -> bool {
        self.iron_will(id) && self.state.die(id).damage == 0
    }
}
