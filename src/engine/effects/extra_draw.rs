//! Extra dice drawn: a static by which its controller draws more dice in each clear and
//! draw step ("draw one extra die each clear and draw step", Silver Surfer: Sentinel;
//! Magneto: Heir to the Dream). Read as the step's draw is checked, from the statics in
//! force then (static effects hold while their conditions do, 000:1149-1155): one card's
//! static adds its count once however many of its dice are in the field ("while active"
//! is the card's), two cards' add up. The extra dice belong to the step's one draw
//! ("draw these now", 000:540-544): the bag is refilled for them like for the four. A bag
//! and a used pile both empty before they are drawn cost nothing: the short draw's life is
//! lost only for each die below four (000:547-551), as for Swarm's (`keywords::swarm`).
//! On the 2018 first turn no die of the first player is in the field to make it hold.

use crate::cards::ability::Effect;

use crate::engine::replay::Replayer;

impl Replayer {
    /// The dice player `who` draws in the clear and draw step beyond the rule's: the sum of
    /// the counts of every `extra-draw` static of theirs in force now.
    pub(in crate::engine) fn extra_draw(&self, who: usize) -> u32 {
        self.statics_in_force()
            .into_iter()
            .filter(|&(_, owner, _)| owner == who)
            .flat_map(|(_, _, a)| a.effects.iter())
            .map(|e| match e {
                Effect::ExtraDraw { count } => u32::from(*count),
                _ => 0,
            })
            .sum()
    }
}
