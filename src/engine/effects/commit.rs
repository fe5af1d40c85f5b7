//! Committing an effect's ops as one simultaneous event, and what follows from it:
//! damage triggers, knock-outs, the end of the game.

use crate::cards::ability::Event;
use crate::syntax::{Face, Span, Zone};

use super::{By, Hurt};
use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::{self};
use crate::engine::state::{About, DamageStage, DieId, Op};

impl Replayer {
    /// The cause of a change of life an effect makes, for the working of a life total.
    fn effect_cause(&self) -> String {
        match self.effect_card {
            Some(c) => format!("from {}", self.cards.get(c).name),
            None => "from an effect".to_string(),
        }
    }

    /// Applies ops as one simultaneous event, then what follows from it: damage
    /// triggers, knock-outs, the end of the game.
    pub(in crate::engine) fn commit(&mut self, ops: Vec<Op>) -> Flow {
        let line = self.line;
        let mut events: Vec<(Event, About)> = Vec::new();
        let mut knocked = Vec::new();
        let mut dealt = false;
        for op in ops {
            match op {
                Op::Damage { die, amount } | Op::DamageBy { die, amount, .. } => {
                    // Lessened as it is dealt, by the statics naming its source
                    // (`damage_from`), then by its own reduction (Iron Man: Inventor);
                    // none left is none taken.
                    let by = match op {
                        Op::DamageBy { by, .. } => By::Die(by),
                        _ => self.damage_by,
                    };
                    let amount = self.taken(Hurt::Die(die), by, amount)?;
                    let amount = amount.saturating_sub(self.damage_reduction(die));
                    if amount == 0 || self.state.die(die).zone != Zone::Field {
                        continue;
                    }
                    self.take_damage(die, amount);
                    events.push((Event::TakesDamage, About::Die(die)));
                    dealt = true;
                }
                Op::DamagePlayer { player, amount } => {
                    let amount = self.taken(Hurt::Player(player), self.damage_by, amount)?;
                    if amount == 0 {
                        continue;
                    }
                    let why = self.effect_cause();
                    self.change_life(player, -i64::from(amount), why);
                    events.push((Event::TakesDamage, About::Player(player)));
                    dealt = true;
                }
                Op::Ko { die } => {
                    if self.state.die(die).zone == Zone::Field && !self.iron_will_refuses_ko(die) {
                        knocked.push(die);
                    }
                }
                Op::Boost { die, boost } => {
                    self.state.die_mut(die).boost.merge(boost);
                    // Deadly given to a die already engaged: its engagements as they stand
                    // are Deadly's (`keywords::deadly`), as if it had had it at the blocks.
                    if boost.granted.has(crate::syntax::Granted::Deadly) {
                        let links: Vec<(DieId, DieId)> = self
                            .state
                            .ids()
                            .filter_map(|b| self.state.die(b).blocking.map(|a| (b, a)))
                            .filter(|&(b, a)| b == die || a == die)
                            .collect();
                        self.deadly_engage(&links);
                    }
                    // The line that set up a restriction, for its diagnostic's label.
                    if boost.must_attack
                        || boost.cant_attack
                        || boost.cant_block
                        || boost.unblockable
                        || boost.must_block.is_some()
                    {
                        self.turn_mut().marked.push((die, line));
                    }
                }
                Op::Spin { die, level } => {
                    let face = self.cards.get(self.state.die(die).card).level_face(level);
                    if let Some(face) = face
                        && self.state.die(die).zone == Zone::Field
                    {
                        // Spun up one or more levels: one event for the die however
                        // many (Awaken, keywords-2017-11-09.txt:15).
                        if let Some(Face::Level { level: was, .. }) = self.state.die(die).face
                            && level > was
                        {
                            events.push((Event::SpinsUp, About::Die(die)));
                        }
                        self.state.die_mut(die).face = Some(face);
                    }
                }
                Op::CostCut { cut } => {
                    if let Some(c) = self.turn_mut().cost_cuts.get_mut(cut) {
                        c.on = true;
                    }
                }
                Op::LoseLife { player, amount } => {
                    let why = self.effect_cause();
                    self.change_life(player, -i64::from(amount), why);
                }
                Op::GainLife { player, amount } => {
                    let cap = i64::from(self.state.start_life);
                    let life = self.state.players[player].life;
                    let gained = (life + i64::from(amount)).min(cap.max(life)) - life;
                    let why = self.effect_cause();
                    self.change_life(player, gained, why);
                }
            }
        }
        if dealt && let Some(p) = self.dealing {
            events.push((Event::DealsEffectDamage, About::Player(p)));
        }
        self.knock_out_all(&knocked, line, false)?;
        self.fire(&events, &[]);
        self.ko_check()?;
        self.check_life();
        Ok(())
    }

    /// What `hurt` takes of an effect's `amount` of damage, dealt by `by` (the effect's
    /// source, or the die an exchange of damage names: `damage_from`); undecided where
    /// that is not settled (waived: all of it).
    fn taken(
        &mut self,
        hurt: Hurt,
        by: By,
        amount: u32,
    ) -> Result<u32, crate::engine::replay::Stop> {
        match self.taken_from(hurt, &[(by, amount)], false) {
            Ok(n) => Ok(n),
            Err((card, why)) => {
                self.undecided(self.line, card, &why)?;
                Ok(amount)
            }
        }
    }

    /// Knocks dice out, all at once, no replacement asked (`stay_in_field` asks first).
    /// Their KO triggers fire first, as one batch, so they see the face (and the bursts)
    /// each die showed; with `combat`, the triggers of the dice whose combat damage
    /// knocked them out too (`knocks_out`).
    pub(in crate::engine) fn knock_out_unreplaced(
        &mut self,
        dice: &[DieId],
        line: Span,
        combat: bool,
    ) -> Flow {
        if dice.is_empty() {
            return Ok(());
        }
        let events = self.knock_out_events(dice, line, combat)?;
        self.fire(&events, &[]);
        self.remove_knocked_at(dice, line)
    }

    /// The events of dice about to be knocked out: their own, with `combat` those of the
    /// dice whose combat damage knocks them out (`knocks_out`), and their leaving the
    /// field because of the opponent (`leaving`).
    pub(in crate::engine) fn knock_out_events(
        &mut self,
        dice: &[DieId],
        line: Span,
        combat: bool,
    ) -> Result<Vec<(Event, About)>, crate::engine::replay::Stop> {
        let mut events = ko_events(&self.state, dice);
        if combat {
            events.extend(self.knocker_events(dice, line)?);
        }
        events.extend(self.leaving_events(dice));
        Ok(events)
    }

    /// Knocked-out dice go to their owner's prep area.
    pub(in crate::engine) fn remove_knocked(&mut self, dice: &[DieId]) -> Flow {
        self.remove_knocked_at(dice, self.line)
    }

    /// The face each die showed is kept for the turn: "return it to the field", and that
    /// its owner lost a character die this turn (`Condition::Resistance`).
    /// A die with Regenerate is rolled once there (`keywords::regenerate`), and an
    /// opposing Monster knocked out is remembered for Experience
    /// (`keywords::experience`): the one place every knock-out, whatever its cause,
    /// moves a die.
    pub(super) fn remove_knocked_at(&mut self, dice: &[DieId], line: Span) -> Flow {
        self.experience_knocked(dice)?;
        let mut regenerating = self.regenerating(dice);
        // Read while they are still in the field (attacking): Invulnerability's return.
        let returning = self.returning(dice);
        for &die in dice {
            let face = self.state.die(die).face.clone();
            let owner = self.state.die(die).owner;
            if let (Some(f), Some(t)) = (face, self.state.turn.as_mut()) {
                t.knocked.push((die, f));
                // A character die of its owner's knocked out this turn (Resistance).
                t.lost[owner] = true;
            }
            self.state.move_die(die, Zone::Prep, line);
        }
        for die in returning {
            if regenerating.iter().any(|(d, _)| *d == die) {
                // Which comes first is its owner's choice: said undecided after the line.
                let card = self.state.die(die).card;
                self.undecided_later(
                    card,
                    "is knocked out with both a return to the field and Regenerate waiting: which comes first is not said",
                );
                regenerating.retain(|(d, _)| *d != die);
                continue;
            }
            let face = self
                .turn_ref()
                .and_then(|t| t.knocked.iter().rev().find(|(d, _)| *d == die))
                .map(|(_, f)| f.clone());
            if let Some(face) = face {
                self.place(die, face, Zone::Field);
            }
        }
        self.regenerate_queue(&regenerating);
        Ok(())
    }

    /// The characters in the field whose damage reaches their defense: a defense brought
    /// to 0 counts an undamaged die too (Avengers Infinity rulebook, BONUSES AND DAMAGE).
    pub(in crate::engine) fn lethal(&self) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|&id| {
                let die = self.state.die(id);
                die.zone == Zone::Field
                    && select::is_character(&self.state, id)
                    && die.damage >= select::stats(&self.cards, &self.state, id).1
                    && !self.iron_will_holds(id)
                    && !self.prevention_waits(id)
            })
            .collect()
    }

    /// Characters whose damage reaches their defense are knocked out, after every effect.
    /// Not while 2018 combat damage waits for its "when damaged" effects: the dice it
    /// damaged stay in the attack zone, not yet knocked out, until those have resolved
    /// (Avengers Infinity rulebook, ASSIGN DAMAGE).
    pub(in crate::engine) fn ko_check(&mut self) -> Flow {
        let waiting =
            self.state.turn.as_ref().is_some_and(|t| {
                matches!(t.damage, DamageStage::Damaged | DamageStage::FastDamaged)
            });
        if waiting {
            return Ok(());
        }
        let dead = self.lethal();
        self.knock_out_all(&dead, self.line, false)
    }
}

/// The events of dice being knocked out: each is knocked out, and knocked out while
/// blocking if it was blocking.
pub(in crate::engine) fn ko_events(
    state: &crate::engine::state::GameState,
    dice: &[DieId],
) -> Vec<(Event, About)> {
    let mut events = Vec::new();
    for &die in dice {
        events.push((Event::KnockedOut, About::Die(die)));
        if state.die(die).blocking.is_some() {
            events.push((Event::KnockedOutWhileBlocking, About::Die(die)));
        }
    }
    events
}
