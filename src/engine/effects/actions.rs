//! Action dice: `use DIE`, the die spent and its card's action ability run.

use crate::cards::ability::Kind;
use crate::rules;
use crate::syntax::{Clause, Zone};

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
        let continuous = crate::engine::keywords::has(
            &self.cards,
            &self.state,
            card,
            &crate::cards::ability::Keyword::Continuous,
        );
        let action = list.iter().find(|a| a.kind == Kind::Action).cloned();
        let Some(a) = action else {
            if continuous
                && !self
                    .surcharges(who, crate::cards::ability::UseKind::ActionDie)
                    .is_empty()
            {
                // A surcharge on a die with no action ability: nothing runs to pay it.
                self.undecided(
                    self.line,
                    card,
                    "is used while a surcharge on action dice is in force, which dmlint does not apply to a die with no action ability",
                )?;
            }
            if continuous {
                // Its text is what it does while in the field: using it is the move.
                let line = self.line;
                self.state.move_die(id, Zone::Field, line);
                return Ok(());
            }
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
        // A Continuous die is used as it moves to the field, and stays there.
        let zone = crate::engine::keywords::continuous::used_to(
            &self.cards,
            card,
            self.state.spent_zone(who),
        );
        let line = self.line;
        self.state.move_die(id, zone, line);
        // The die is the source of its effect's damage (`damage_from`).
        let before = self.action_die.replace(id);
        let a = self
            .surcharged(&a, who, crate::cards::ability::UseKind::ActionDie)
            .into_owned();
        let ran = self.run(&a, src, bursts, clauses, &[]);
        self.action_die = before;
        ran?;
        Ok(())
    }
}
