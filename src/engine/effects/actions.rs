//! Action dice: `use DIE`, the die spent and its card's action ability run.

use crate::cards::ability::Kind;
use crate::rules;
use crate::syntax::Clause;

use crate::engine::coverage::Moment;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;
use crate::engine::state::DieId;

impl Replayer {
    /// `use DIE …`: an action die's ability. The die is spent first, then its effects.
    pub(in crate::engine) fn use_die(&mut self, who: usize, id: DieId, clauses: &[Clause]) -> Flow {
        let card = self.state.die(id).card;
        self.text_matters(card, Moment::Used)?;
        let Some(list) = self.abilities_of(card) else {
            self.undecided(self.line, card, "is used")?;
            // Waived: the die is spent; the judge's position block says what it did.
            let (zone, line) = (self.state.spent_zone(who), self.line);
            self.state.move_die(id, zone, line);
            return Ok(());
        };
        let Some(a) = list.iter().find(|a| a.kind == Kind::Action).cloned() else {
            let name = self.cards.get(card).name.clone();
            self.violate(rules::no_such_ability::new(
                self.line,
                format!("{name} has no action ability"),
                "only an action card's die is used as an action",
            ))?;
            // Waived: the die is used, and nothing happens.
            let (zone, line) = (self.state.spent_zone(who), self.line);
            self.state.move_die(id, zone, line);
            return Ok(());
        };
        let bursts = self.bursts_of(id);
        let src = Source::card(card, who);
        self.no_valid_target(&a, &src, bursts)?;
        let zone = self.state.spent_zone(who);
        let line = self.line;
        self.state.move_die(id, zone, line);
        self.run(&a, src, bursts, clauses, &[])?;
        Ok(())
    }
}
