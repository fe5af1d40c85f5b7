//! Crosspulse's event, `bought-with-its-energy` (keywords-2017-11-09.txt:27: "when you
//! only spend the matching type of energy to purchase them"; the cards' reminder: "if you
//! paid this character's purchase cost using only their energy types"): a die bought is
//! also bought with its energy when every energy its `buy` line spent is of one of its
//! card's types (a card of no type, a basic action, has none).
//!
//! Read from the line's payment, which the log writes for all the dice the line buys:
//! - every energy spent is of the card's types: bought with its energy;
//! - the line buys that one die and some energy is of another type, generic or virtual:
//!   not;
//! - open, undecided where a card waits for the event: a wild energy spent (whether a
//!   wild stands for "their energy type" is not said), or several dice bought together
//!   with other energy too (which energy paid for which die is not written).

use crate::cards::ability::Event;
use crate::syntax::Energy;

use crate::engine::replay::Replayer;
use crate::engine::state::{About, DieId};

/// Why a card waiting for the event is undecided.
const WILD: &str = "waits for a die bought with its own energy types only, and a wild energy \
paid for it: whether a wild stands for one of its types is not said";
const SPLIT: &str = "waits for a die bought with its own energy types only, and the line bought \
several dice with energy of other types too: which energy paid for which die is not written";

impl Replayer {
    /// The `bought-with-its-energy` events of the dice a line bought with `units`.
    pub(in crate::engine) fn bought_with_its_energy(
        &mut self,
        bought: &[DieId],
        units: &[Energy],
    ) -> Vec<(Event, About)> {
        let mut events = Vec::new();
        for &die in bought {
            let types: Vec<Energy> = self
                .cards
                .get(self.state.die(die).card)
                .energy
                .iter()
                .map(|t| crate::engine::cards::energy_of(*t))
                .collect();
            if types.is_empty() {
                continue;
            }
            let other = units
                .iter()
                .any(|u| *u != Energy::Wild && !types.contains(u));
            let wild = units.contains(&Energy::Wild);
            let open = match (other, wild) {
                (false, false) => {
                    events.push((Event::BoughtWithItsEnergy, About::Die(die)));
                    None
                }
                (false, true) => Some(WILD),
                (true, _) if bought.len() > 1 => Some(SPLIT),
                (true, _) => None,
            };
            // The die's own card when it waits for the event, else any that does.
            let own = self.state.die(die).card;
            let card = if self.listens(own, Event::BoughtWithItsEnergy) {
                Some(own)
            } else {
                self.listener_of(Event::BoughtWithItsEnergy)
            };
            if let (Some(why), Some(card)) = (open, card) {
                self.undecided_later(card, why);
            }
        }
        events
    }
}
