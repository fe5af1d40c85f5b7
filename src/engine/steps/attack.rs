//! The attack step up to damage: declaring attackers, declaring blockers, the action
//! window.

use crate::rules;
use crate::syntax::{DieItem, Step, Zone};

use crate::cards::ability::Event;
use crate::engine::replay::{Flow, Replayer, step_name};
use crate::engine::state::About;
use crate::engine::state::DieId;

impl Replayer {
    pub(in crate::engine) fn attack(&mut self, who: usize, dice: &[DieItem]) -> Flow {
        self.active_only(who, "declares attackers")?;
        if let Some(first) = self.turn_ref().expect("turn").attack {
            // No state has two declarations of attackers: waived, it cannot go on.
            return self.stuck(
                rules::out_of_step::new(
                    self.line,
                    "attackers declared twice".to_string(),
                    "attackers are declared once, all together",
                )
                .with_context(first, "attackers were declared here"),
            );
        }
        self.in_step(
            &[Step::Main],
            "declaring attackers",
            "attackers are declared when the main step ends",
        )?;
        self.end_main()?;
        self.turn_mut().attack = Some(self.line);
        if dice.is_empty() {
            self.check_attackers(&[])?;
            self.no_attack();
            return Ok(());
        }
        let taken = self.take(dice, who, Zone::Field, "attacking")?;
        // Only characters attack: the field may also hold a Continuous action die.
        for &(id, i) in &taken {
            self.a_character(id, dice[i].die.span, "attack")?;
        }
        let declared: Vec<(DieId, crate::syntax::Span)> =
            taken.iter().map(|&(id, i)| (id, dice[i].span)).collect();
        self.check_attackers(&declared)?;
        // Attackers are numbered (`SK:L1#2`) in the order the line lists them.
        for &(id, _) in &taken {
            self.state.die_mut(id).attacking = true;
            self.state.restamp(id);
        }
        let line = self.line;
        let t = self.turn_mut();
        t.step = Step::Attack;
        t.step_line = line;
        // The attack step begins with the attackers the line declares: effects "at the
        // start of the attack step" trigger first, as a batch of their own, then the
        // attackers' own ("when attacks").
        self.fire(&[(Event::AttackStepStart, About::Player(who))], &[]);
        // "When you are attacked" is the defender's side of the same declaration: one
        // batch with the attackers' own triggers (the active player's resolve first).
        let defender = self.turn_ref().expect("turn").inactive();
        let events: Vec<_> = std::iter::once((Event::Attacked, About::Player(defender)))
            .chain(
                taken
                    .iter()
                    .map(|(id, _)| (Event::Attacks, About::Die(*id))),
            )
            .collect();
        self.fire(&events, &[]);
        Ok(())
    }

    /// Dice of the defender that could block: characters (the field may also hold a
    /// Continuous action die).
    pub(in crate::engine) fn can_block(&self, defender: usize) -> bool {
        self.state
            .zone(defender, Zone::Field)
            .any(|id| crate::engine::select::is_character(&self.state, id))
    }

    /// A die that attacks or blocks must show a character face (`not-a-character`).
    fn a_character(&mut self, id: DieId, span: crate::syntax::Span, does: &str) -> Flow {
        if crate::engine::select::is_character(&self.state, id) {
            return Ok(());
        }
        let shown = crate::engine::replay::shown(self.state.die(id).face.as_ref());
        self.stuck(rules::not_a_character::new(
            span,
            format!("this die shows {shown}, not a character face"),
            format!("only a character die in the field can {does}"),
        ))
    }

    /// A line after the attackers that is not `block`: fine only when the defender has no
    /// character to block with.
    pub(in crate::engine) fn implied_no_blocks(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !matches!(t.step, Step::Attack | Step::Blockers) {
            return Ok(());
        }
        let (defender, attack) = (t.inactive(), t.attack.unwrap_or(t.step_line));
        if self.can_block(defender) {
            let d = self.name(defender).to_string();
            // A block the table could have declared: the defender's first character
            // on the first attacker.
            let blocker = self
                .state
                .zone(defender, Zone::Field)
                .find(|id| crate::engine::select::is_character(&self.state, *id));
            let attacker = self.attackers().first().copied();
            let example = match (blocker, attacker) {
                (Some(b), Some(a)) => format!(
                    "`block {} -> {}` or ",
                    self.state.die_text_plain(&self.cards, b),
                    self.state.attacker_ref(&self.cards, a)
                ),
                _ => String::new(),
            };
            self.violate(
                rules::out_of_step::new(
                    self.line,
                    format!("the attack goes on before {d} declared blockers"),
                    format!(
                        "after the attackers, {d} declares blockers, each blocker with the \
                         attacker it blocks: {example}`block none`"
                    ),
                )
                .with_context(attack, "attackers declared here"),
            )?;
        }
        self.open_window();
        // With no blocks, every attacker is unblocked: Infiltrate's choices open now.
        self.infiltrate_without_blocks();
        // Whether blockers were "declared" for Tag Out is not said (`keywords::tag_out`).
        if let Some(p) = self.tag_out_pending(0).first() {
            let card = p.card;
            self.undecided(
                self.line,
                card,
                "has Tag Out, and the blocks were left out (the defender has no character): \
                 whether blockers were declared is not said",
            )?;
        }
        Ok(())
    }

    pub(in crate::engine) fn open_window(&mut self) {
        let line = self.line;
        let t = self.turn_mut();
        t.step = Step::Window;
        t.step_line = line;
        t.priority = t.active;
        t.ready = false;
        t.inactive_acted = false;
        t.passed = None;
        // The window is a new step: the main step's closing passes do not close it.
        t.closed = false;
    }

    pub(in crate::engine) fn block(
        &mut self,
        who: usize,
        pairs: &[crate::syntax::BlockPair],
    ) -> Flow {
        let t = self.turn_ref().expect("turn");
        let (active, defender) = (t.active, t.inactive());
        let (block, attack, step, step_line) = (t.block, t.attack, t.step, t.step_line);
        if who != defender {
            let (a, d) = (
                self.name(active).to_string(),
                self.name(defender).to_string(),
            );
            self.violate(rules::wrong_player::new(
                self.line,
                format!("{a} declares blockers on their own turn"),
                format!("the defender ({d}) declares blockers against {a}'s attackers"),
            ))?;
        }
        if block.is_some() || !matches!(step, Step::Attack | Step::Blockers) {
            let line = block.or(attack).unwrap_or(step_line);
            // No state has blockers declared twice or outside their step.
            return self.stuck(
                rules::out_of_step::new(
                    self.line,
                    format!("blockers declared in the {}", step_name(step)),
                    "blockers are declared once, right after the attackers",
                )
                .with_context(line, "this set the step"),
            );
        }
        let mut blockers: Vec<DieId> = Vec::new();
        let mut links = Vec::new();
        let mut spans = Vec::new();
        for pair in pairs {
            let owner = self.owner_of(&pair.blocker, defender)?;
            if owner != defender {
                return self.stuck(rules::wrong_player::new(
                    pair.blocker.span,
                    format!(
                        "{} blocks with a die of the attacking player",
                        self.name(defender)
                    ),
                    "blockers are the defender's own characters",
                ));
            }
            let found = self.find(&pair.blocker, defender, Zone::Field, &blockers, |_, _| true)?;
            let Some(blocker) = found else {
                // Distinguish blocking twice from a die not in the field.
                if let Some(prev) = pairs
                    .iter()
                    .take_while(|p| !std::ptr::eq(*p, pair))
                    .find(|p| p.blocker.alias.node == pair.blocker.alias.node)
                {
                    let card = self.card(&pair.blocker.alias, defender)?;
                    let free = self
                        .state
                        .zone(defender, Zone::Field)
                        .filter(|id| self.state.die(*id).card == card && !blockers.contains(id))
                        .count();
                    if free == 0 {
                        return self.stuck(
                            rules::double_block::new(
                                pair.blocker.span,
                                format!(
                                    "{} is already blocking",
                                    self.named_card(defender, card, &pair.blocker)
                                ),
                                "each blocker blocks exactly one attacker (several blockers may share one attacker)",
                            )
                            .with_context(prev.blocker.span, "it blocks here"),
                        );
                    }
                }
                return self.not_in_zone(&pair.blocker, defender, Zone::Field, "blocking", false);
            };
            if self.state.die(blocker).attacking {
                return self.not_in_zone(&pair.blocker, defender, Zone::Field, "blocking", false);
            }
            self.a_character(blocker, pair.blocker.span, "block")?;
            let a_owner = self.owner_of(&pair.attacker, active)?;
            let attacker = self.find(&pair.attacker, a_owner, Zone::Field, &[], |s, id| {
                s.die(id).attacking
            })?;
            let Some(attacker) = attacker else {
                let attackers: Vec<String> = self
                    .state
                    .zone(active, Zone::Field)
                    .filter(|id| self.state.die(*id).attacking)
                    .map(|id| self.state.die_text_plain(&self.cards, id))
                    .collect();
                let line = self.turn_ref().expect("turn").attack.unwrap_or(self.line);
                let card = self.card(&pair.attacker.alias, a_owner)?;
                return self.stuck(
                    rules::block_target::new(
                        pair.attacker.span,
                        format!(
                            "{} is not an attacker",
                            self.named_card(a_owner, card, &pair.attacker)
                        ),
                        format!("the attackers are {}", attackers.join(", ")),
                    )
                    .with_context(line, "attackers declared here"),
                );
            };
            if let Some((why, (at, label))) = self.block_refused(blocker, attacker) {
                // Waived, the block stands as the line writes it.
                self.violate(
                    rules::cannot_block::new(
                        pair.blocker.span,
                        format!(
                            "{} cannot block {}",
                            self.named_die(blocker, &pair.blocker),
                            self.named_die(attacker, &pair.attacker)
                        ),
                        why,
                    )
                    .with_context(at, label),
                )?;
            }
            blockers.push(blocker);
            links.push((blocker, attacker));
            spans.push(pair.blocker.span);
        }
        let declared: Vec<(DieId, DieId, crate::syntax::Span)> = links
            .iter()
            .zip(&spans)
            .map(|(&(b, a), &s)| (b, a, s))
            .collect();
        self.check_blockers(&declared, defender)?;
        let mut events = Vec::new();
        let mut blocked = Vec::new();
        self.turn_mut().blocked = links.iter().map(|(_, a)| *a).collect();
        for &(b, a) in &links {
            self.state.die_mut(b).blocking = Some(a);
            self.state.restamp(b);
            events.push((Event::Blocks, About::Die(b)));
            events.push((Event::Engaged, About::Die(b)));
            if !blocked.contains(&a) {
                blocked.push(a);
                events.push((Event::IsBlocked, About::Die(a)));
                events.push((Event::Engaged, About::Die(a)));
            }
        }
        self.turn_mut().block = Some(self.line);
        self.open_window();
        self.fire(&events, &[]);
        // Energy Drain acts as the blockers are declared (`keywords::energy_drain`).
        self.energy_drain(&links)?;
        // Deadly marks the dice engaged with it now (`keywords::deadly`).
        self.deadly_engage(&links);
        self.fire(&[(Event::BlockersAssigned, About::Nothing)], &[]);
        Ok(())
    }
}
