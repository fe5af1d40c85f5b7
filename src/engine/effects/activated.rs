//! Activated abilities (`activate DIE …`): a die's ability used "whenever you could use
//! a Global Ability", if that die is in the field (Avengers Infinity rulebook, PASSING
//! PRIORITY; the Uncanny X-Men rulebook's Iceman example): by the die's controller,
//! holding priority, in a global window, for its cost, as often as its text allows.

use crate::cards::ability::{Kind, Limit};
use crate::rules;
use crate::syntax::{Clause, DieRef, Step, Zone};

use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;
use crate::engine::state::{DieId, Used};

impl Replayer {
    /// `activate DIE …`: the activated ability of a die of `who`'s in the field.
    pub(in crate::engine) fn activate(
        &mut self,
        who: usize,
        die: &DieRef,
        clauses: &[Clause],
    ) -> Flow {
        self.global_window("an ability used like a global")?;
        let owner = self.owner_of(die, who)?;
        let card = self.card(&die.alias, owner)?;
        let found = self
            .abilities_of(card)
            .filter(|_| !self.cards.get(card).plain)
            .map(|l| l.iter().position(|a| a.kind == Kind::Activated));
        let index = match found {
            // No text (a sidekick, a card without ability text), or text not encoded:
            // `ability` says which.
            None => return self.ability(who, card, "ability", true, clauses),
            Some(None) => {
                let name = self.cards.get(card).name.clone();
                self.violate(
                    rules::no_such_ability::new(
                        self.line,
                        format!("{name} has no ability used like a global"),
                        "only a card whose text says it may be used whenever a global could be has one; a global is used with `global`, a trigger answered with `resolve`",
                    )
                    .with_context(self.cards.get(card).line, "card defined here"),
                )?;
                // Waived: what the line pays is spent and nothing happens; the use is an
                // action like a global's.
                self.spend_as_written(who, clauses)?;
                self.acted(who);
                return Ok(());
            }
            Some(Some(i)) => i,
        };
        let a = self.abilities_of(card).expect("encoded")[index].clone();
        // The die is in the field ("if that die is in the Field").
        let Some(id) = self.find(die, owner, Zone::Field, &[], |_, _| true)? else {
            return self.not_in_zone(die, owner, Zone::Field, "used for its ability", false);
        };
        if owner != who {
            let (o, w) = (self.name(owner).to_string(), self.name(who).to_string());
            // Waived, the ability is used by the player who wrote it.
            self.violate(rules::wrong_player::new(
                self.line,
                format!("{w} uses the ability of {o}'s die"),
                format!("only the die's controller ({o}) may use its ability"),
            ))?;
        }
        self.activation_step()?;
        self.holds_priority(who)?;
        self.activation_limit(who, card, index, id, a.limit)?;
        self.activation_condition(&a, card, owner, id)?;
        let src = Source::card(card, who).from_die(id);
        let bursts = self.bursts_of(id);
        self.no_valid_target(&a, &src, bursts)?;
        let ran = self.run(&a, src, bursts, clauses, &[])?;
        if ran && matches!(a.limit, Limit::OncePerTurn | Limit::OncePerTurnPerDie) {
            let die = (a.limit == Limit::OncePerTurnPerDie).then_some(id);
            self.turn_mut().used.push(Used {
                card,
                ability: index,
                die,
                by: Some(who),
            });
        }
        self.acted(who);
        Ok(())
    }

    /// Its `while:` holds for the die ("once per turn while Angel is paired up"): the
    /// ability is not the die's to use otherwise, `no-such-ability`. Waived, it is used as
    /// written. (An `if:` is read as it resolves, as a global's is.)
    fn activation_condition(
        &mut self,
        a: &crate::cards::ability::Ability,
        card: crate::engine::CardId,
        owner: usize,
        id: DieId,
    ) -> Flow {
        let Some(w) = a.while_ else { return Ok(()) };
        if crate::engine::condition::while_holds(&self.state, w, card, owner, Some(id)) {
            return Ok(());
        }
        let text = self.state.die_text_plain(&self.cards, id);
        self.violate(
            rules::no_such_ability::new(
                self.line,
                format!(
                    "{} cannot use its ability now: it holds only {}",
                    self.named_die(id, &text),
                    crate::cards::text::while_(w)
                ),
                "an ability that holds only while its condition does is not there to use otherwise",
            )
            .with_context(self.cards.get(card).line, "card defined here"),
        )
    }

    /// Only in the global windows: the main step and the action window after blockers.
    fn activation_step(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        let (step, line) = (t.step, t.step_line);
        if matches!(step, Step::Main | Step::Window) {
            return Ok(());
        }
        // Waived, the ability is used where the line says.
        self.violate(
            rules::out_of_step::new(
                self.line,
                format!(
                    "an ability used like a global in the {}",
                    crate::engine::replay::step_name(step)
                ),
                "such an ability is used when a global could be: in the main step, and after blockers are declared until combat damage",
            )
            .with_context(line, "the step began here"),
        )
    }

    /// "Once per turn": once a turn for the card (`once-per-turn`), or once a turn for
    /// each of its dice (`once-per-turn-per-die`: card text works die by die, the Uncanny
    /// X-Men rulebook's Iceman example).
    fn activation_limit(
        &mut self,
        who: usize,
        card: crate::engine::CardId,
        ability: usize,
        id: DieId,
        limit: Limit,
    ) -> Flow {
        let per_die = match limit {
            Limit::OncePerTurn => false,
            Limit::OncePerTurnPerDie => true,
            _ => return Ok(()),
        };
        let t = self.turn_ref().expect("turn");
        let used = t.used.iter().any(|u| {
            u.card == card
                && u.ability == ability
                && u.by == Some(who)
                && (!per_die || u.die == Some(id))
        });
        if !used {
            return Ok(());
        }
        let at = t.line;
        let name = self.cards.get(card).name.clone();
        let text = self.state.die_text_plain(&self.cards, id);
        let (message, help) = if per_die {
            (
                format!(
                    "{} already used its once-per-turn ability this turn",
                    self.named_die(id, &text)
                ),
                "each of the card's dice may use it once a turn: another die of the card still may"
                    .to_string(),
            )
        } else {
            (
                format!(
                    "{}'s {name} already used its once-per-turn ability this turn",
                    self.cards.players[who]
                ),
                "the card's text allows one use a turn, whichever of its dice uses it".to_string(),
            )
        };
        // Waived, the ability is used again, as written.
        self.violate(
            rules::once_per_turn::new(self.line, message, help)
                .with_context(at, "this turn began here"),
        )
    }
}
