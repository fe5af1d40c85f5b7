//! The attack step's damage: assignments among blockers, and combat damage with what
//! follows it.

use crate::rules;
use crate::syntax::{DieRef, Step, Zone};

use crate::cards::ability::Event;
use crate::engine::effects::About;
use crate::engine::replay::{Flow, Replayer, step_name};
use crate::engine::state::DieId;

impl Replayer {
    pub(in crate::engine) fn blockers_of(&self, attacker: DieId) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|id| self.state.die(*id).blocking == Some(attacker))
            .collect()
    }

    pub(in crate::engine) fn stats(&self, id: DieId) -> (u32, u32) {
        crate::engine::play::stats(&self.cards, &self.state, id)
    }

    pub(in crate::engine) fn assign(
        &mut self,
        attacker: &DieRef,
        shares: &[crate::syntax::DamageShare],
    ) -> Flow {
        let t = self.turn_ref().expect("turn");
        let (active, defender, block_line) =
            (t.active, t.inactive(), t.block.unwrap_or(t.step_line));
        if t.step != Step::Damage {
            let step = t.step;
            return self.stuck(rules::out_of_step::new(
                self.line,
                format!("damage assigned in the {}", step_name(step)),
                "attackers assign their damage after the blockers and the action window",
            ));
        }
        let owner = self.owner_of(attacker, active)?;
        let Some(a) = self.find(attacker, owner, Zone::Field, &[], &[], |s, id| {
            s.die(id).attacking
        })?
        else {
            return self.not_in_zone(
                attacker,
                owner,
                Zone::Field,
                "assigning damage (an attacker)",
                false,
            );
        };
        if let Some((_, _, prev)) = self
            .turn_ref()
            .expect("turn")
            .assigned
            .iter()
            .find(|(x, _, _)| *x == a)
        {
            let prev = *prev;
            return self.stuck(
                rules::damage_assignment::new(
                    self.line,
                    format!("`{attacker}` assigns its damage twice"),
                    "each attacker assigns its damage once",
                )
                .with_context(prev, "assigned here"),
            );
        }
        let blockers = self.blockers_of(a);
        let (attack, _) = self.stats(a);
        if blockers.is_empty() {
            return self.violate(
                rules::damage_assignment::new(
                    attacker.span,
                    format!("`{attacker}` is not blocked"),
                    "an unblocked attacker deals its damage to the defending player: there is nothing to assign",
                )
                .with_context(block_line, "blockers declared here"),
            );
        }
        let mut split = Vec::new();
        let mut total = 0;
        for share in shares {
            let b_owner = self.owner_of(&share.blocker, defender)?;
            let taken: Vec<DieId> = split.iter().map(|(b, _)| *b).collect();
            let found = self.find(
                &share.blocker,
                b_owner,
                Zone::Field,
                &[],
                &taken,
                |_, id| blockers.contains(&id),
            )?;
            let Some(b) = found else {
                let names: Vec<String> = blockers
                    .iter()
                    .map(|b| self.state.die_text_plain(&self.cards, *b))
                    .collect();
                // Naming a blocker once more than it blocks reads differently from
                // naming a die that does not block at all.
                let card = self.card(&share.blocker.alias, b_owner)?;
                let named_before = taken.iter().any(|b| self.state.die(*b).card == card);
                let message = if named_before {
                    format!(
                        "`{attacker}` has no more `{}` blockers to assign to",
                        share.blocker
                    )
                } else {
                    format!("`{}` does not block `{attacker}`", share.blocker)
                };
                return self.stuck(
                    rules::damage_assignment::new(
                        share.blocker.span,
                        message,
                        format!(
                            "its {} blocker{}: {}; name each once",
                            names.len(),
                            if names.len() == 1 { " is" } else { "s are" },
                            names.join(", ")
                        ),
                    )
                    .with_context(block_line, "blockers declared here"),
                );
            };
            total += share.amount.node;
            split.push((b, share.amount.node));
        }
        if total != attack {
            let held = if total < attack {
                "holds back damage"
            } else {
                "assigns more than its attack"
            };
            self.violate(
                rules::damage_assignment::new(
                    self.line,
                    format!("`{attacker}` has {attack} attack and assigns {total}: it {held}"),
                    format!("assign exactly {attack} among its blockers, split as you like"),
                )
                .with_context(block_line, "blockers declared here"),
            )?;
        }
        let line = self.line;
        self.turn_mut().assigned.push((a, split, line));
        Ok(())
    }

    /// Assign damage: unblocked attackers hit the player (and go out of play), blocked
    /// ones split their attack among their blockers, blockers hit their attacker; all at
    /// once. Then KOs, and survivors stay in the field.
    pub(in crate::engine) fn damage(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !matches!(t.step, Step::Window | Step::Damage) {
            return Ok(());
        }
        self.close_window()?;
        let t = self.turn_ref().expect("turn");
        let (active, defender, block_line) =
            (t.active, t.inactive(), t.block.unwrap_or(t.step_line));
        let assigned = t.assigned.clone();
        let attackers: Vec<DieId> = self
            .state
            .zone(active, Zone::Field)
            .filter(|id| self.state.die(*id).attacking)
            .collect();
        let mut hits: Vec<(DieId, u32)> = Vec::new();
        let mut to_player = 0;
        let mut unblocked = Vec::new();
        let mut hit_player = Vec::new();
        for a in &attackers {
            let blockers = self.blockers_of(*a);
            // A character that "deals no damage" assigns none (Smash!'s global).
            let quiet = |r: &Self, id: DieId| r.state.die(id).boost.no_damage;
            let attack = if quiet(self, *a) { 0 } else { self.stats(*a).0 };
            // An attacker whose blockers are all gone is still blocked: it deals no
            // damage (Avengers Infinity rulebook, ATTACK STEP).
            let was_blocked = self.turn_ref().expect("turn").blocked.contains(a);
            match (
                blockers.as_slice(),
                assigned.iter().find(|(x, _, _)| x == a),
            ) {
                ([], _) if was_blocked => {}
                ([], _) => {
                    to_player += attack;
                    unblocked.push(*a);
                    if attack > 0 {
                        hit_player.push(*a);
                    }
                }
                (_, Some((_, split, _))) => {
                    if !quiet(self, *a) {
                        hits.extend(split.iter().copied());
                    }
                }
                ([one], None) => hits.push((*one, attack)),
                (many, None) => {
                    let text = self.state.die_text_plain(&self.cards, *a);
                    return self.stuck(
                        rules::damage_assignment::new(
                            self.line,
                            format!("`{text}` has {} blockers and no damage assignment", many.len()),
                            format!("write how it splits its {attack} damage: `assign {text} -> BLOCKER=N …`"),
                        )
                        .with_context(block_line, "blockers declared here"),
                    );
                }
            }
            for b in blockers {
                let battack = if quiet(self, b) { 0 } else { self.stats(b).0 };
                hits.push((*a, battack));
            }
        }
        let line = self.line;
        // Unblocked attackers leave before anything else resolves.
        for a in unblocked {
            let zone = self.state.spent_zone(active);
            self.state.move_die(a, zone, line);
        }
        let mut events = Vec::new();
        for (id, n) in hits {
            if n == 0 {
                continue;
            }
            self.state.die_mut(id).damage += n;
            if !events.contains(&(Event::TakesDamage, About::Die(id))) {
                events.push((Event::TakesDamage, About::Die(id)));
            }
        }
        self.state.players[defender].life -= i64::from(to_player);
        if to_player > 0 {
            events.push((Event::TakesDamage, About::Player(defender)));
        }
        events.extend(
            hit_player
                .into_iter()
                .map(|a| (Event::DamagesOpponent, About::Die(a))),
        );
        // "When damaged" triggers even when the damage knocks the die out.
        self.fire(&events, &[]);
        self.ko_check();
        for id in self.state.ids() {
            if self.state.die(id).zone == Zone::Field {
                let die = self.state.die_mut(id);
                die.attacking = false;
                die.blocking = None;
            }
        }
        self.check_life();
        let t = self.turn_mut();
        t.step = Step::Cleanup;
        t.step_line = line;
        Ok(())
    }
}
