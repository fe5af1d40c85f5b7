//! Tag Out: once blockers are declared, its controller may move a die with it from the
//! field to the prep area to give a target Superstar die +2A and +2D until the end of
//! the turn.
//!
//! The text: neither the 2018 glossary nor the 2017 keyword list has Tag Out; the cards'
//! reminder defines it, the same on every card that prints one (BIT021, WWE020, WWE033,
//! WWE035, and the TAG cards in the Team Builder: "after blockers are declared, you may
//! Prep this die from the Field Zone to give target Superstar die +2A and +2D until end
//! of turn"). How it is read:
//! - "After blockers are declared": as the `block` line (or `block none`) is made, each
//!   character die with Tag Out in either player's field waits for its controller's
//!   choice like a trigger, with Infiltrate's and the "blockers are assigned" triggers
//!   (the active player's first): `resolve TO:L1 may yes target Bob.GR:L1` moves it to
//!   its owner's prep area (moved, not knocked out: it leaves combat, and no "when
//!   knocked out" effect fires) and gives the target +2A/+2D for the turn; `resolve
//!   TO:L1 may no` declines. It no longer waits once the die has left the field.
//! - The target is a character die in the field other than the die itself (it is
//!   prepped as the bonus is given): a die of a WWE card (its set's universe is WWE:
//!   the WWE, BIT and TAG sets), either player's, since "target" says no side.
//! - Undecided: a target of another universe, or a sidekick ("Superstar" is the WWE
//!   sets' word for their characters; whether another character die is one is not
//!   said); and blocks left out because the defender has no character (whether
//!   blockers were "declared" then is not said).

use crate::cards::ability::Keyword;
use crate::rules;
use crate::syntax::{Clause, Zone};

use crate::engine::replay::{Flow, Replayer};
use crate::engine::select;
use crate::engine::state::{Boost, DieId, Op, Pending};

impl Replayer {
    /// The choices Tag Out opens as the blockers are declared: one for each character
    /// die with it in either field, the active player's first, as pending triggers of
    /// `batch`.
    pub(in crate::engine) fn tag_out_pending(&self, batch: u32) -> Vec<Pending> {
        let Some(t) = self.state.turn.as_ref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for who in [t.active, t.inactive()] {
            for die in self.state.zone(who, Zone::Field) {
                if !self.tag_out_waits(die) {
                    continue;
                }
                let card = self.state.die(die).card;
                let Some((i, _)) =
                    super::of(&self.cards, &self.state, card).find(|(_, k)| **k == Keyword::TagOut)
                else {
                    continue;
                };
                out.push(Pending::of_die(card, i, die, who, batch, self.line));
            }
        }
        out
    }

    /// Whether die `id` has Tag Out and may still use it: a character in the field, with
    /// another character die in the field to target.
    pub(in crate::engine) fn tag_out_waits(&self, id: DieId) -> bool {
        let d = self.state.die(id);
        d.zone == Zone::Field
            && select::is_character(&self.state, id)
            && super::has(&self.cards, &self.state, d.card, &Keyword::TagOut)
            && self.state.ids().any(|x| x != id && self.tag_out_target(x))
    }

    /// Whether die `x` is a character die in the field (a target Tag Out may name, once
    /// it is a Superstar's).
    fn tag_out_target(&self, x: DieId) -> bool {
        self.state.die(x).zone == Zone::Field && select::is_character(&self.state, x)
    }

    /// Tag Out's `resolve` line: `may no`, or `may yes` and the target.
    pub(in crate::engine) fn resolve_tag_out(&mut self, p: &Pending, clauses: &[Clause]) -> Flow {
        let Some(die) = p.die else { return Ok(()) };
        let Some(choice) = self.keyword_choice(p, clauses)? else {
            return Ok(());
        };
        if !self.tag_out_waits(die) {
            return Ok(());
        }
        let choice = choice.clone();
        let owner = self.owner_of(&choice, p.controller)?;
        let found = self.find(&choice, owner, Zone::Field, &[], |_, _| true)?;
        let Some(target) = found.filter(|&t| t != die && self.tag_out_target(t)) else {
            return self.violate(
                rules::invalid_target::new(
                    choice.span,
                    format!("`{choice}` is not another character die in the field"),
                    "Tag Out gives its bonus to a Superstar die in the field other than its own",
                )
                .with_context(p.line, "the blockers were declared here"),
            );
        };
        let card = self.cards.get(self.state.die(target).card);
        let superstar = card.universe.as_deref() == Some("WWE");
        if !superstar {
            return self.undecided(
                self.line,
                p.card,
                "has Tag Out, and its target is no WWE character: whether it is a Superstar \
                 die is not said",
            );
        }
        // Prepped from the field: moved, not knocked out.
        let line = self.line;
        self.state.move_die(die, Zone::Prep, line);
        self.commit(vec![Op::Boost {
            die: target,
            boost: Boost {
                attack: 2,
                defense: 2,
                ..Boost::default()
            },
        }])
    }
}
