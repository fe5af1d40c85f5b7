//! The attack step's damage: assignments among blockers, and combat damage with what
//! follows it.

use crate::rules;
use crate::syntax::{DieRef, Step, Zone};

use crate::cards::ability::Event;
use crate::engine::edition::{Combat, book};
use crate::engine::effects::{By, Cause, Hurt};
use crate::engine::replay::{Flow, Replayer, Stop, step_name};
use crate::engine::state::About;
use crate::engine::state::{DamageStage, DieId};

impl Replayer {
    pub(in crate::engine) fn blockers_of(&self, attacker: DieId) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|id| self.state.die(*id).blocking == Some(attacker))
            .collect()
    }

    /// An `assign` line for `attacker` that splits `attack` evenly among `blockers`
    /// (the first ones take what does not divide): `assign GR:L3 -> SK:L1=3 FA:L2=2`.
    fn split_example(&self, attacker: DieId, blockers: &[DieId], attack: u32) -> String {
        let n = u32::try_from(blockers.len()).unwrap_or(u32::MAX).max(1);
        let (each, rest) = (attack / n, attack % n);
        let shares: Vec<String> = (0u32..)
            .zip(blockers)
            .map(|(k, b)| {
                let amount = each + u32::from(k < rest);
                format!("{}={amount}", self.state.die_text_plain(&self.cards, *b))
            })
            .collect();
        format!(
            "assign {} -> {}",
            self.state.die_text_plain(&self.cards, attacker),
            shares.join(" ")
        )
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
        if t.damage != DamageStage::NotDealt {
            return self.assign_after_damage(attacker, shares);
        }
        if t.step != Step::Damage {
            let step = t.step;
            return self.stuck(rules::out_of_step::new(
                self.line,
                format!("damage assigned in the {}", step_name(step)),
                "attackers assign their damage after the blockers and the action window",
            ));
        }
        let owner = self.owner_of(attacker, active)?;
        // Identical attackers are told apart by their number, or by the blockers the
        // shares name; one that assigned already is not assigning again.
        let done: Vec<DieId> = self
            .turn_ref()
            .expect("turn")
            .assigned
            .iter()
            .map(|(a, _, _)| *a)
            .collect();
        let fits = self.shares_fit(shares, defender);
        let found = self.find(attacker, owner, Zone::Field, &done, |s, id| {
            s.die(id).attacking && fits(s, id)
        })?;
        let Some(a) = found else {
            let again = self.find(attacker, owner, Zone::Field, &[], |s, id| {
                s.die(id).attacking
            })?;
            if let Some((a, prev)) = again.and_then(|a| {
                let t = self.turn_ref().expect("turn");
                t.assigned
                    .iter()
                    .find(|(x, _, _)| *x == a)
                    .map(|x| (a, x.2))
            }) {
                // An identical attacker that has not assigned yet is the one the line
                // meant: its number tells it apart.
                let die = self.state.die(a);
                let like = self
                    .state
                    .attackers_like(owner, die.card, die.face.as_ref());
                let help = match like.iter().position(|d| !done.contains(d)) {
                    Some(k) => format!(
                        "each attacker assigns its damage once; number identical attackers to \
                         assign each one: the one that has not assigned yet is `{}#{}`",
                        self.state.die_text_plain(&self.cards, a),
                        k + 1
                    ),
                    None => "each attacker assigns its damage once, and this one already has"
                        .to_string(),
                };
                return self.stuck(
                    rules::damage_assignment::new(
                        self.line,
                        format!("{} assigns its damage twice", self.named_die(a, &attacker)),
                        help,
                    )
                    .with_context(prev, "assigned here"),
                );
            }
            if again.is_none() {
                return self.not_in_zone(
                    attacker,
                    owner,
                    Zone::Field,
                    "assigning damage (an attacker)",
                    false,
                );
            }
            // The attacker is there, but its blockers are not the ones the shares name:
            // the shares say so below.
            let a = again.expect("checked");
            return self.assign_to(a, attacker, shares, defender, block_line);
        };
        self.assign_to(a, attacker, shares, defender, block_line)
    }

    /// Whether an attacker's blockers are the ones a split names (each share's blocker
    /// matched to a different blocker by owner, card and face): a split tells identical
    /// attackers apart by their blockers.
    fn shares_fit(
        &self,
        shares: &[crate::syntax::DamageShare],
        defender: usize,
    ) -> impl Fn(&crate::engine::GameState, DieId) -> bool + use<> {
        let wanted: Vec<(
            usize,
            Option<crate::engine::CardId>,
            Option<crate::syntax::Face>,
        )> = shares
            .iter()
            .map(|s| {
                let owner = s
                    .blocker
                    .player
                    .as_ref()
                    .and_then(|p| self.cards.player(&p.node))
                    .unwrap_or(defender);
                (
                    owner,
                    self.cards.by_alias(&s.blocker.alias.node, owner),
                    s.blocker.face.as_ref().map(|f| f.node.clone()),
                )
            })
            .collect();
        move |state, a| {
            let mut blockers: Vec<DieId> = state
                .ids()
                .filter(|b| state.die(*b).blocking == Some(a))
                .collect();
            for (owner, card, face) in &wanted {
                let Some(k) = blockers.iter().position(|b| {
                    let d = state.die(*b);
                    d.owner == *owner
                        && Some(d.card) == *card
                        && face.as_ref().is_none_or(|f| d.face.as_ref() == Some(f))
                }) else {
                    return false;
                };
                blockers.remove(k);
            }
            true
        }
    }

    /// Records attacker `a`'s split among its blockers, as the `assign` line gives it.
    fn assign_to(
        &mut self,
        a: DieId,
        attacker: &DieRef,
        shares: &[crate::syntax::DamageShare],
        defender: usize,
        block_line: crate::syntax::Span,
    ) -> Flow {
        let blockers = self.blockers_of(a);
        let (attack, _) = self.stats(a);
        let share = self.blockers_share(a, attack);
        if blockers.is_empty() {
            // Its shares name no blocker of it: nothing can be assigned, waived or not.
            return self.stuck(
                rules::damage_assignment::new(
                    attacker.span,
                    format!("{} is not blocked", self.named_die(a, &attacker)),
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
            let found = self.find(&share.blocker, b_owner, Zone::Field, &taken, |_, id| {
                blockers.contains(&id)
            })?;
            let Some(b) = found else {
                let names: Vec<String> = blockers
                    .iter()
                    .map(|b| self.state.die_text_plain(&self.cards, *b))
                    .collect();
                // Naming a blocker once more than it blocks reads differently from
                // naming a die that does not block at all.
                let card = self.card(&share.blocker.alias, b_owner)?;
                let named_before = taken.iter().any(|b| self.state.die(*b).card == card);
                let blocker = self.named_card(b_owner, card, &share.blocker);
                let attacker = self.named_die(a, &attacker);
                let message = if named_before {
                    format!("{attacker} has no more blockers like {blocker} to assign damage to")
                } else {
                    format!("{blocker} does not block {attacker}")
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
        if total != share {
            let held = if total < share {
                "holds back damage"
            } else {
                "assigns more than its attack"
            };
            let (message, help) = if share == attack {
                (
                    format!(
                        "{} has {attack} attack and assigns {total}: it {held}",
                        self.named_die(a, &attacker)
                    ),
                    format!("assign exactly {attack} among its blockers, split as you like"),
                )
            } else if self.overcrush(a) {
                (
                    format!(
                        "{} has {attack} attack, {share} to knock out its blockers, and assigns {total} to them",
                        self.named_die(a, &attacker)
                    ),
                    format!(
                        "it has Overcrush: each blocker takes what knocks it out, {share} in all, and the rest goes to the opponent"
                    ),
                )
            } else {
                (
                    format!(
                        "{} has {attack} attack, {share} for its blockers' total defense, and assigns {total} to them",
                        self.named_die(a, &attacker)
                    ),
                    format!(
                        "its damage beyond its blockers' total defense goes to the opponent: assign exactly {share} among its blockers, split as you like"
                    ),
                )
            };
            self.violate(
                rules::damage_assignment::new(self.line, message, help)
                    .with_context(block_line, "blockers declared here"),
            )?;
        }
        if let Some((b, needs)) = self.overcrush_short(a, &split, attack) {
            let text = self.state.die_text_plain(&self.cards, b);
            self.violate(
                rules::damage_assignment::new(
                    self.line,
                    format!(
                        "{} has Overcrush and leaves {} short of a knock-out",
                        self.named_die(a, &attacker),
                        self.named_die(b, &text)
                    ),
                    format!(
                        "its attack knocks out every blocker, so each takes exactly what knocks it out (`{text}` needs {needs}) and the rest goes to the opponent"
                    ),
                )
                .with_context(block_line, "blockers declared here"),
            )?;
        }
        let line = self.line;
        self.turn_mut().assigned.push((a, split, line));
        Ok(())
    }

    /// `damage`: the action window is over and combat damage is dealt now. Before 2018
    /// passes are optional, so this line (or an `assign`, or the end of the turn) is what
    /// closes the window; under the 2018 rules the closing passes already did, and the
    /// line only confirms it.
    pub(in crate::engine) fn damage_line(&mut self, who: usize) -> Flow {
        self.active_only(who, "deals combat damage")?;
        let t = self.turn_ref().expect("turn");
        if t.damage != DamageStage::NotDealt {
            return Ok(());
        }
        if !matches!(
            t.step,
            Step::Attack | Step::Blockers | Step::Window | Step::Damage
        ) {
            let (step, line) = (t.step, t.step_line);
            let help = if t.no_attack {
                "no attacker was declared: there is no combat damage this turn"
            } else {
                "combat damage comes after attackers, blockers and the action window"
            };
            return self.violate(
                rules::out_of_step::new(
                    self.line,
                    format!("combat damage in the {}", step_name(step)),
                    help,
                )
                .with_context(line, format!("the {} began here", step_name(step))),
            );
        }
        self.implied_no_blocks()?;
        // An Infiltrate choice the blocks left out opened was skipped.
        if self.has_pending() {
            self.unresolved()?;
        }
        self.damage()
    }

    /// The action window ends and the damage step begins: under the 2018 rules both
    /// players must have passed.
    pub(in crate::engine) fn close_window(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        if t.step == Step::Window {
            self.require_passes("the action window ends")?;
            let line = self.line;
            let t = self.turn_mut();
            t.step = Step::Damage;
            t.step_line = line;
        }
        Ok(())
    }

    /// Combat damage is dealt now, if it was not yet: the window closes, and every
    /// attacker with several blockers must have its damage assigned.
    pub(in crate::engine) fn damage(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !matches!(t.step, Step::Window | Step::Damage) || t.damage != DamageStage::NotDealt {
            return Ok(());
        }
        self.close_window()?;
        if let Some(a) = self.unassigned().first().copied() {
            let t = self.turn_ref().expect("turn");
            let block_line = t.block.unwrap_or(t.step_line);
            let text = self.state.die_text_plain(&self.cards, a);
            let blockers = self.blockers_of(a);
            let (attack, n) = (self.blockers_share(a, self.stats(a).0), blockers.len());
            return self.stuck(
                rules::damage_assignment::new(
                    self.line,
                    format!(
                        "{} has {n} blockers and no damage assignment",
                        self.named_die(a, &text)
                    ),
                    format!(
                        "write how it splits its {attack} damage among its blockers before the \
                         damage is dealt, each blocker with the damage it takes, such as `{}`",
                        self.split_example(a, &blockers, attack)
                    ),
                )
                .with_context(block_line, "blockers declared here"),
            );
        }
        self.deal()
    }

    /// An `assign` written after the damage was dealt: it may only restate what a lone
    /// blocker took (an attacker with one blocker deals it all its attack, and the
    /// closing passes already dealt it), as a log may write it out.
    fn assign_after_damage(
        &mut self,
        attacker: &DieRef,
        shares: &[crate::syntax::DamageShare],
    ) -> Flow {
        let t = self.turn_ref().expect("turn");
        let (active, defender, dealt) = (t.active, t.inactive(), t.step_line);
        let owner = self.owner_of(attacker, active)?;
        let card = self.card(&attacker.alias, owner)?;
        let named = self.named_card(owner, card, attacker);
        let shows =
            |r: &Replayer,
             id: DieId,
             face: &Option<crate::syntax::Spanned<crate::syntax::Face>>| {
                let d = r.state.die(id);
                face.as_ref()
                    .is_none_or(|f| d.face.is_none() || d.face.as_ref() == Some(&f.node))
            };
        let t = self.turn_ref().expect("turn");
        let recorded = t.assigned.iter().find(|(a, split, _)| {
            let d = self.state.die(*a);
            d.owner == owner
                && d.card == card
                && shows(self, *a, &attacker.face)
                && split.len() == 1
        });
        let restates = recorded.is_some_and(|(_, split, _)| {
            let (b, n) = split[0];
            match shares {
                [share] => {
                    let d = self.state.die(b);
                    let b_owner = share
                        .blocker
                        .player
                        .as_ref()
                        .and_then(|p| self.cards.player(&p.node))
                        .unwrap_or(defender);
                    d.owner == b_owner
                        && self.cards.by_alias(&share.blocker.alias.node, b_owner) == Some(d.card)
                        && shows(self, b, &share.blocker.face)
                        && share.amount.node == n
                }
                _ => false,
            }
        });
        if restates {
            return Ok(());
        }
        let (message, help) = match recorded {
            Some((_, split, _)) => (
                format!("{named} assigns other damage than it dealt"),
                format!(
                    "its lone blocker took all its attack, {}: written after the damage, an assignment may only restate that",
                    split[0].1
                ),
            ),
            None => (
                format!("{named} assigns damage after combat damage was dealt"),
                "only an attacker with several blockers assigns its damage, and it does so before the damage is dealt (right after the closing passes)".to_string(),
            ),
        };
        self.stuck(
            rules::damage_assignment::new(self.line, message, help)
                .with_context(dealt, "combat damage was dealt here"),
        )
    }

    /// Once the window is closed, damage is dealt as soon as every attacker with several
    /// blockers has its assignment: the line that completes them deals it.
    pub(in crate::engine) fn deal_when_assigned(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        if t.step == Step::Damage
            && t.damage == DamageStage::NotDealt
            && self.unassigned().is_empty()
        {
            return self.deal();
        }
        Ok(())
    }

    /// Attackers with several blockers whose damage is not assigned yet.
    pub(in crate::engine) fn unassigned(&self) -> Vec<DieId> {
        let t = self.turn_ref().expect("turn");
        self.attackers()
            .into_iter()
            .filter(|a| {
                self.blockers_of(*a).len() > 1
                    && !t.assigned.iter().any(|(x, _, _)| x == a)
                    && !self.full_attack_to_each(*a)
            })
            .collect()
    }

    /// The active player's dice attacking now (in the attack zone), in the order they
    /// were declared.
    pub(in crate::engine) fn attackers(&self) -> Vec<DieId> {
        let active = self.turn_ref().expect("turn").active;
        let mut ids: Vec<DieId> = self
            .state
            .zone(active, Zone::Field)
            .filter(|id| self.state.die(*id).attacking)
            .collect();
        self.state.in_stamp_order(&mut ids);
        ids
    }

    /// Attackers that are unblocked now: never blocked (an attacker whose blockers are
    /// all gone is still blocked, Avengers Infinity rulebook, ASSIGN DAMAGE; Uncanny X-Men
    /// rulebook, Attacking and Blocking).
    fn unblocked(&self) -> Vec<DieId> {
        let t = self.turn_ref().expect("turn");
        self.attackers()
            .into_iter()
            .filter(|a| !t.blocked.contains(a) && self.blockers_of(*a).is_empty())
            .collect()
    }

    /// Whether this stage of combat damage is the Fast round (`keywords::fast`).
    pub(in crate::engine) fn fast_stage(&self) -> bool {
        matches!(
            self.turn_ref().expect("turn").damage,
            DamageStage::FastDamaged | DamageStage::FastKnockedOut | DamageStage::FastPlayerHit
        )
    }

    /// A die's combat damage: its attack, or none for one that "deals no damage"
    /// (Smash!'s global).
    pub(in crate::engine) fn combat_attack(&self, id: DieId) -> u32 {
        if self.state.die(id).boost.no_damage {
            0
        } else {
            self.stats(id).0
        }
    }

    /// What of `attack` a blocked attacker deals its blockers: all of it, or, when its
    /// damage beyond its blockers' total defense goes to the opponent (`excess-to-player`), no
    /// more than that total defense, or with Overcrush no more than knocks them all out
    /// (`keywords::overcrush`).
    fn blockers_share(&self, a: DieId, attack: u32) -> u32 {
        let blockers = self.blockers_of(a);
        if !blockers.is_empty() && self.overcrush(a) {
            return self.overcrush_share(a, &blockers, attack);
        }
        if blockers.is_empty() || !self.excess_to_player(a) {
            return attack;
        }
        let defense: u32 = blockers.iter().map(|b| self.stats(*b).1).sum();
        attack.min(defense)
    }

    /// The damage characters deal each other: blocked attackers to their blockers (as
    /// assigned, or all to a lone blocker), blockers to their attacker.
    fn character_hits(&self, fast_round: bool) -> Vec<(DieId, DieId, u32)> {
        let t = self.turn_ref().expect("turn");
        let mut hits = Vec::new();
        for a in self.attackers() {
            let blockers = self.blockers_of(a);
            // Blockers that deal their damage in this round (Fast: `keywords::fast`).
            let dealing: Vec<DieId> = blockers
                .iter()
                .copied()
                .filter(|b| self.deals_in_round(*b, fast_round))
                .collect();
            for b in dealing {
                hits.push((a, b, self.combat_attack(b)));
            }
            if !self.deals_in_round(a, fast_round) {
                continue;
            }
            let attack = self.combat_attack(a);
            // The attacker assigns its attack; each blocker then takes double its share
            // (Wolverine: The Best There Is).
            let times = if self.double_to_blockers(a) { 2 } else { 1 };
            // Its full attack to each of several blockers (Cyclops: Slim), no split.
            if blockers.len() > 1 && self.full_attack_to_each(a) {
                hits.extend(blockers.iter().map(|&b| (b, a, attack * times)));
                continue;
            }
            match (
                blockers.as_slice(),
                t.assigned.iter().find(|(x, _, _)| *x == a),
            ) {
                ([], _) => {}
                // A share for a blocker gone since it was written is lost.
                (_, Some((_, split, _))) if attack > 0 => hits.extend(
                    split
                        .iter()
                        .filter(|(b, _)| blockers.contains(b))
                        .map(|&(b, n)| (b, a, n * times)),
                ),
                (_, Some(_)) => {}
                ([one], None) => hits.push((*one, a, self.blockers_share(a, attack) * times)),
                // `damage` refused to go on without the assignment.
                (_, None) => {}
            }
        }
        hits.retain(|(_, _, n)| *n > 0);
        hits
    }

    /// Unblocked attackers damage the defending player, each hit lessened by the
    /// statics naming its attacker (`effects::damage_from`); returns the events.
    fn hit_player(&mut self, fast_round: bool) -> Result<Vec<(Event, About)>, Stop> {
        let defender = self.turn_ref().expect("turn").inactive();
        let mut events = Vec::new();
        let mut total = 0;
        let mut causes = Vec::new();
        let excess = std::mem::take(&mut self.turn_mut().excess);
        let hits = self
            .unblocked()
            .into_iter()
            .filter(|a| self.deals_in_round(*a, fast_round))
            .map(|a| (a, self.combat_attack(a)))
            .chain(excess);
        let hits: Vec<(DieId, u32)> = hits.collect();
        let by: Vec<(By, u32)> = hits.iter().map(|&(a, n)| (By::Die(a), n)).collect();
        let taken = match self.taken_each(Hurt::Player(defender), &by, true) {
            Ok(t) => t,
            Err((card, why)) => {
                // Waived: the hits land in full.
                self.undecided(self.line, card, &why)?;
                hits.iter().map(|(_, n)| *n).collect()
            }
        };
        for (&(a, _), n) in hits.iter().zip(taken) {
            if n > 0 {
                total += n;
                causes.push((a, n));
                events.push((Event::DamagesOpponent, About::Die(a)));
            }
        }
        for (a, n) in causes {
            let why = format!(
                "from {} attacking",
                self.cards.get(self.state.die(a).card).name
            );
            self.change_life(defender, -i64::from(n), why);
        }
        if total > 0 {
            events.insert(0, (Event::TakesDamage, About::Player(defender)));
        }
        Ok(events)
    }

    /// Unblocked attackers leave the attack zone for out of play (the used pile in 2014,
    /// at cleanup).
    pub(in crate::engine) fn unblocked_leave(&mut self) {
        let (active, line) = (self.turn_ref().expect("turn").active, self.line);
        let zone = self.state.spent_zone(active);
        // In the Fast round only the Fast attackers have dealt their damage.
        let fast_round = self.fast_stage();
        for a in self.unblocked() {
            if fast_round && !self.fast(a) {
                continue;
            }
            self.state.move_die(a, zone, line);
        }
    }

    /// Deals combat damage in the order of the game's edition, up to the first point
    /// where effects it set off must resolve; [`Replayer::advance_damage`] goes on from
    /// there when the trigger queue is empty.
    fn deal(&mut self) -> Flow {
        // With a Fast die in combat, the Fast round comes first (`keywords::fast`).
        let fast_round = self.fast_round_needed();
        self.deal_round(fast_round)
    }

    /// Deals one round of combat damage: the Fast dice's, or every other die's.
    fn deal_round(&mut self, fast_round: bool) -> Flow {
        let line = self.line;
        // A prevention global could answer the damage about to be dealt
        // (`effects::prevent_damage`): combat damage is not held for it.
        let dealing = !self.character_hits(fast_round).is_empty()
            || self
                .unblocked()
                .into_iter()
                .any(|a| self.deals_in_round(a, fast_round) && self.combat_attack(a) > 0);
        if dealing {
            self.combat_prevention_open()?;
        }
        // Its full attack to each blocker with what goes on past its blockers: how much
        // is left over is not said.
        for a in self.attackers() {
            if self.blockers_of(a).len() > 1
                && self.full_attack_to_each(a)
                && (self.overcrush(a) || self.excess_to_player(a))
            {
                let card = self.state.die(a).card;
                // Waived, its blockers each take its full attack and nothing goes on.
                self.undecided(
                    line,
                    card,
                    "deals its full attack to each blocker and has damage go on past its blockers: how much is left over is not said",
                )?;
            }
        }
        // What a lone blocker takes is recorded as its attacker's assignment, so that a
        // log may still write it out.
        for a in self.attackers() {
            if let [b] = self.blockers_of(a)[..] {
                let t = self.turn_ref().expect("turn");
                if !t.assigned.iter().any(|(x, _, _)| *x == a) {
                    let n = self.blockers_share(a, self.combat_attack(a));
                    self.turn_mut().assigned.push((a, vec![(b, n)], line));
                }
            }
        }
        // Damage beyond the blockers' total defense, dealt to the opponent with the
        // unblocked attackers' (when the blockers are still there to measure).
        let excess: Vec<(DieId, u32)> = self
            .attackers()
            .into_iter()
            .filter(|a| self.deals_in_round(*a, fast_round))
            .filter(|a| !self.blockers_of(*a).is_empty() && !self.overcrush(*a))
            .map(|a| {
                let attack = self.combat_attack(a);
                (a, attack - self.blockers_share(a, attack))
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        self.turn_mut().excess = excess;
        // A die takes its combat damage at once, as one event: each hit is lessened by
        // the statics naming the die dealing it (`effects::damage_from`), and a
        // reduction (Iron Man: Inventor) lessens the total once. Settled for every die
        // before any damage is dealt.
        let mut taken: Vec<(DieId, Vec<(By, u32)>)> = Vec::new();
        for (id, by, n) in self.character_hits(fast_round) {
            match taken.iter_mut().find(|(d, _)| *d == id) {
                Some((_, hits)) => hits.push((By::Die(by), n)),
                None => taken.push((id, vec![(By::Die(by), n)])),
            }
        }
        let mut totals = Vec::new();
        for (id, hits) in taken {
            let n = match self.taken_from(Hurt::Die(id), &hits, true) {
                Ok(n) => n,
                Err((card, why)) => {
                    // Waived: the hits land in full.
                    self.undecided(line, card, &why)?;
                    hits.iter().map(|(_, n)| n).sum()
                }
            };
            totals.push((id, n));
        }
        let mut events = Vec::new();
        for (id, n) in totals {
            let n = n.saturating_sub(self.damage_reduction(id));
            if n == 0 {
                continue;
            }
            self.take_damage(id, n);
            events.push((Event::TakesDamage, About::Die(id)));
        }
        // Overcrush's leftover goes on only once its blockers are knocked out, so it is
        // measured with the damage on them.
        let dealing: Vec<DieId> = self
            .attackers()
            .into_iter()
            .filter(|a| self.deals_in_round(*a, fast_round))
            .collect();
        let leftover = self.overcrush_leftover(&dealing);
        self.turn_mut().excess.extend(leftover);
        let combat = book(self.state.edition).combat;
        let preventing = self.prevention_in_combat(&events);
        if combat != Combat::Y2014 {
            // All damage at once, and unblocked attackers leave before anything else
            // resolves (2016, 2018).
            events.extend(self.hit_player(fast_round)?);
        }
        let t = self.turn_mut();
        t.step_line = line;
        match combat {
            Combat::Y2018 => {
                t.damage = if fast_round {
                    DamageStage::FastDamaged
                } else {
                    DamageStage::Damaged
                };
                self.unblocked_leave();
                self.fire(&events, &[]);
            }
            // A die that may prevent some of its own damage: the knock-outs wait for it
            // (`effects::prevent_taken`, the Uncanny X-Men rulebook's combat example).
            Combat::Y2016 | Combat::Y2014 if preventing => {
                t.damage = if fast_round {
                    DamageStage::FastDamaged
                } else {
                    DamageStage::Damaged
                };
                if combat != Combat::Y2014 {
                    self.unblocked_leave();
                }
                self.fire(&events, &[]);
            }
            Combat::Y2016 | Combat::Y2014 => {
                t.damage = if fast_round {
                    DamageStage::FastKnockedOut
                } else {
                    DamageStage::KnockedOut
                };
                if combat != Combat::Y2014 {
                    self.unblocked_leave();
                }
                let dead = self.lethal();
                // A knock-out replacement (Arnim Zola: Scientist Supreme) is held for
                // its owner's answer under the 2018 rules only: here the knock-outs are
                // read with the damage's own triggers.
                if let Some((card, _)) = dead.iter().find_map(|&d| self.ko_replacer(d)) {
                    // Waived, the dice are knocked out.
                    self.undecided(
                        line,
                        card,
                        "may replace a knock-out in combat under the rules before 2018, which dmlint does not hold",
                    )?;
                }
                let falling = self.blockers_falling(&dead);
                // Combat damage: each die knocked out by its opponent's dice
                // (`effects::leaving`), with the damage's own events.
                events.extend(
                    self.with_cause(Cause::Opposing, |r| r.knock_out_events(&dead, line, true))?,
                );
                self.fire(&events, &[]);
                self.with_cause(Cause::Opposing, |r| r.remove_knocked(&dead))?;
                // Cleave and Frag wait with the effects of the knock-outs.
                self.blockers_fell(&falling);
            }
        }
        self.check_life();
        Ok(())
    }

    /// The next stage of combat damage, once the effects of the last one have resolved:
    /// `false` when there is none to take now.
    pub(in crate::engine) fn advance_damage(&mut self) -> Result<bool, Stop> {
        let Some(t) = self.turn_ref() else {
            return Ok(false);
        };
        if t.step != Step::Damage || !t.pending.is_empty() || t.held.is_some() {
            return Ok(false);
        }
        let combat = book(self.state.edition).combat;
        let line = self.line;
        // The Fast round (Fast keyword) goes through the same stages as the regular one.
        let fast = matches!(
            t.damage,
            DamageStage::FastDamaged | DamageStage::FastKnockedOut | DamageStage::FastPlayerHit
        );
        match (t.damage, combat) {
            (DamageStage::FastDamaged | DamageStage::Damaged, _) => {
                self.turn_mut().damage = if fast {
                    DamageStage::FastKnockedOut
                } else {
                    DamageStage::KnockedOut
                };
                let dead = self.lethal();
                // Cleave and Frag act as their blockers are knocked out.
                let falling = self.blockers_falling(&dead);
                // Combat damage: each die knocked out by its opponent's dice.
                self.with_cause(Cause::Opposing, |r| r.knock_out_all(&dead, line, true))?;
                self.blockers_fell(&falling);
            }
            (DamageStage::FastKnockedOut | DamageStage::KnockedOut, Combat::Y2014) => {
                self.turn_mut().damage = if fast {
                    DamageStage::FastPlayerHit
                } else {
                    DamageStage::PlayerHit
                };
                let events = self.hit_player(fast)?;
                self.fire(&events, &[]);
                self.check_life();
            }
            // The Fast round is over: the regular round follows.
            (DamageStage::FastKnockedOut | DamageStage::FastPlayerHit, _) => {
                self.deal_round(false)?;
            }
            // The attack step ends, its effects resolving before survivors return
            // (`effects::attack_step_end`).
            (DamageStage::KnockedOut | DamageStage::PlayerHit, _) => self.end_attack_step(),
            (DamageStage::Ending, _) => {
                if combat == Combat::Y2018 {
                    // Survivors return to the field (before 2018, at cleanup).
                    for id in self.state.ids() {
                        if self.state.die(id).zone == Zone::Field {
                            let die = self.state.die_mut(id);
                            die.attacking = false;
                            die.blocking = None;
                        }
                    }
                }
                let t = self.turn_mut();
                t.damage = DamageStage::Over;
                t.step = Step::Cleanup;
                t.step_line = line;
            }
            (DamageStage::NotDealt | DamageStage::Over, _) => return Ok(false),
        }
        Ok(true)
    }
}
