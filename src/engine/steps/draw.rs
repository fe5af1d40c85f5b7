//! The clear and draw step: drawing four dice (three and one out of play on the 2018 first
//! turn), refilling an empty bag, and a short draw's life and energy.

use crate::rules;
use crate::syntax::{DieItem, Spanned, Step, Zone};

use crate::cards::ability::Event;
use crate::engine::coverage::Moment;
use crate::engine::edition::book;
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::resolve::zone_phrase;
use crate::engine::state::{About, DieId};

impl Replayer {
    /// The first player's very first draw, when the edition makes it three dice and one
    /// out of play.
    pub(in crate::engine) fn first_turn_2018(&self) -> bool {
        let t = self.turn_ref().expect("turn");
        book(self.state.edition).short_first_draw && t.number == 1 && t.active == self.state.first
    }

    /// Dice this step draws to the prep area: 3 on the 2018 first turn (a 4th goes out of
    /// play), 4 otherwise.
    pub(in crate::engine) fn draw_need(&self) -> u32 {
        if self.first_turn_2018() { 3 } else { 4 }
    }

    /// Dice this step draws beyond the rule's four for the statics of the active player
    /// in force (`effects::extra_draw`), and the help's words for them.
    fn draw_extra(&self) -> (u32, String) {
        let who = self.turn_ref().expect("turn").active;
        let n = if self.first_turn_2018() {
            0
        } else {
            self.extra_draw(who)
        };
        let help = if n == 0 {
            String::new()
        } else {
            format!(", {n} more for the abilities of cards in the field")
        };
        (n, help)
    }

    pub(in crate::engine) fn draw(
        &mut self,
        who: usize,
        dice: &[DieItem],
        to: Option<&Spanned<Zone>>,
    ) -> Flow {
        self.active_only(who, "draws")?;
        self.in_step(
            &[Step::Draw],
            "a draw",
            "dice are drawn in the clear and draw step, before the roll",
        )?;
        // Where the dice go: waived, a draw to another zone puts them where it says.
        let (to_oop, zone) = match to.map(|z| z.node) {
            None | Some(Zone::Prep) => (false, Zone::Prep),
            Some(Zone::Oop) => (true, Zone::Oop),
            Some(other) => {
                // The line's own dice, without the zone.
                let first = dice.first().map_or("SK".to_string(), |d| d.die.to_string());
                let dice: Vec<String> = dice.iter().map(ToString::to_string).collect();
                self.violate(rules::draw_count::new(
                    to.map_or(self.line, |z| z.span),
                    format!("drawn dice go to the prep area, not the {}", zone_phrase(other)),
                    format!(
                        "write the dice alone for the prep area, `draw {}`, or `draw {first} to oop` \
                         for the first player's fourth die on turn 1 (2018 rules)",
                        dice.join(" ")
                    ),
                ))?;
                (false, other)
            }
        };
        let n: u32 = dice.iter().map(DieItem::times).sum();
        let drew_before = self.drawn_all(who);
        let first_turn = self.first_turn_2018();
        let t = self.turn_ref().expect("turn");
        let (drawn, oop, owed) = (t.drawn, t.drawn_oop, t.swarm);
        let own = who == t.active;
        // Swarm: the extra dice these dice owe (`keywords::swarm`).
        let (extra, swarm_card) = if own {
            self.swarm_owed(who, dice)
        } else {
            (0, None)
        };
        if let (true, Some(card)) = (first_turn, swarm_card) {
            self.undecided(
                self.line,
                card,
                "has Swarm, and a die of it is drawn on the first player's first turn (3 dice \
                 and a 4th out of play): dmlint does not know where its extra die goes",
            )?;
        }
        let t = self.turn_ref().expect("turn");
        if !own {
            // A waived draw by the other player: not this step's draw (see below).
        } else if to_oop {
            if !first_turn || drawn != 3 || oop + n != 1 {
                let help = if first_turn {
                    "the first player draws 3 dice, then puts a 4th out of play: one die, after the three"
                } else {
                    "only the first player's 4th die on the first turn goes out of play (2018 rules)"
                };
                self.violate(rules::draw_count::new(
                    self.line,
                    "this draw cannot go out of play".to_string(),
                    help,
                ))?;
            }
        } else {
            let (more, more_help) = self.draw_extra();
            let before = self.draw_need() + more + owed;
            // A line does not say in what order its dice came: it draws too many when the
            // draw was complete before it, or when no order of its dice would do.
            let limit = if drawn >= before {
                before
            } else {
                before + extra
            };
            if drawn + n > limit {
                let line = t.line;
                let help = if first_turn {
                    "on the very first turn the first player draws 3 dice (and a 4th out of play)"
                        .to_string()
                } else {
                    format!(
                        "each player draws 4 dice in the clear and draw step{more_help}{}",
                        self.swarm_help(limit - self.draw_need() - more)
                    )
                };
                self.violate(
                    rules::draw_count::new(
                        self.line,
                        format!("{} dice drawn this step, {limit} allowed", drawn + n),
                        help,
                    )
                    .with_context(line, "the step began here"),
                )?;
            }
        }
        let taken: Vec<DieId> = self
            .take(dice, who, Zone::Bag, "drawn")?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let line = self.line;
        for id in &taken {
            self.state.move_die(*id, zone, line);
        }
        for id in &taken {
            let card = self.state.die(*id).card;
            self.text_matters(card, Moment::Drawn)?;
        }
        // The step's count is the active player's draw: a waived draw by the other
        // player takes from their own bag and leaves it alone.
        let t = self.turn_mut();
        if who != t.active {
            return Ok(());
        }
        if to_oop {
            t.drawn_oop += n;
        } else {
            t.drawn += n;
        }
        if extra > 0 {
            t.swarm += extra;
            t.swarm_line.get_or_insert(line);
        }
        // Every die of the step's draw is one event, however many lines and refills it
        // takes (the rules reference, Clear and Draw Step, ruling [2], 003:102-106;
        // Avengers Infinity rulebook, 000:542-544): "when a player draws" fires once, on
        // the line that draws the last die there is to draw.
        if !drew_before && self.drawn_all(who) {
            self.fire(&[(Event::Draws, About::Player(who))], &[]);
        }
        Ok(())
    }

    /// The step's draw is over: dice were drawn, and there is nothing more to draw (all
    /// the step draws, or the bag and the used pile are both empty: a short draw).
    fn drawn_all(&self, who: usize) -> bool {
        let t = self.turn_ref().expect("turn");
        t.drawn + t.drawn_oop > 0
            && (self.draw_complete()
                || (self.state.count(who, Zone::Bag) == 0
                    && self.state.count(who, Zone::Used) == 0))
    }

    /// The clear of the clear and draw step: energy saved in the reserve pool goes to the
    /// used pile (it was not used, so not out of play), and virtual energy is gone. It
    /// comes once the effects "at the start of your turn" have resolved.
    pub(in crate::engine) fn clear(&mut self, who: usize) {
        self.reserve_to_used(who, |_| true);
        for pl in &mut self.state.players {
            pl.virtual_energy = 0;
        }
    }

    /// The dice a list names in `owner`'s `zone`, each with the index of its list item;
    /// a die that is not there stops the move (an empty bag says why it is empty).
    pub(in crate::engine) fn take(
        &mut self,
        items: &[DieItem],
        owner: usize,
        zone: Zone,
        what: &str,
    ) -> Result<Vec<(DieId, usize)>, Stop> {
        let mut taken: Vec<(DieId, usize)> = Vec::new();
        let mut ids: Vec<DieId> = Vec::new();
        // Counted once: nothing leaves the bag until the line's dice are all found (an
        // empty bag stops the move).
        let in_bag = if zone == Zone::Bag {
            self.state.count(owner, Zone::Bag)
        } else {
            0
        };
        for (i, item) in items.iter().enumerate() {
            for _ in 0..item.times() {
                if zone == Zone::Bag && in_bag == ids.len() {
                    self.empty_bag(owner, item, ids.len())?;
                }
                let found = self.find(&item.die, owner, zone, &ids, |_, _| true)?;
                let Some(id) = found else {
                    let card = self.card(&item.die.alias, owner)?;
                    let again = ids.iter().any(|id| self.state.die(*id).card == card);
                    self.not_in_zone(&item.die, owner, zone, what, again)?;
                    continue;
                };
                ids.push(id);
                taken.push((id, i));
            }
        }
        Ok(taken)
    }

    /// A draw finds the bag empty after `drawn` dice of the same line.
    pub(in crate::engine) fn empty_bag(
        &mut self,
        who: usize,
        item: &DieItem,
        drawn: usize,
    ) -> Flow {
        let used = self.state.count(who, Zone::Used);
        let msg = if drawn == 0 {
            format!("{}'s bag is empty", self.name(who))
        } else {
            format!(
                "{}'s bag runs out after {drawn} of these dice",
                self.name(who)
            )
        };
        if used > 0 {
            self.stuck(rules::bag_refill::new(
                item.span,
                msg,
                format!(
                    "refill the bag from the used pile first (`refill`): it holds {}",
                    self.contents(who, Zone::Used)
                ),
            ))
        } else {
            self.stuck(rules::draw_count::new(
                item.span,
                format!("{msg} and so is the used pile: nothing is left to draw"),
                "a player who cannot draw enough loses 1 life and gains 1 generic energy per missing die: stop drawing and roll",
            ))
        }
    }

    pub(in crate::engine) fn refill(&mut self, who: usize) -> Flow {
        self.active_only(who, "refills the bag")?;
        self.in_step(
            &[Step::Draw],
            "a refill",
            "the bag is refilled when a draw finds it empty, in the clear and draw step",
        )?;
        if self.state.count(who, Zone::Bag) > 0 {
            let help = format!(
                "the bag still holds {}: draw those first, and refill only when it is empty",
                self.contents(who, Zone::Bag)
            );
            self.violate(rules::bag_refill::new(
                self.line,
                format!("{}'s bag is not empty", self.name(who)),
                help,
            ))?;
        } else if self.draw_complete() {
            let line = self.turn_ref().expect("turn").line;
            self.violate(
                rules::bag_refill::new(
                    self.line,
                    format!("{} has drawn every die of this step", self.name(who)),
                    "the bag is refilled only when a draw finds it empty: the used pile stays until a draw needs it",
                )
                .with_context(line, "the turn began here"),
            )?;
        } else if self.state.count(who, Zone::Used) == 0 {
            self.violate(rules::bag_refill::new(
                self.line,
                format!("{}'s used pile is empty: there is nothing to refill the bag with", self.name(who)),
                "with the bag and the used pile both empty the draw is short: roll what was drawn (each missing die costs a life and gives a generic energy)",
            ))?;
        }
        let line = self.line;
        for id in self.state.zone(who, Zone::Used).collect::<Vec<_>>() {
            self.state.move_die(id, Zone::Bag, line);
        }
        self.turn_mut().refill = Some(line);
        Ok(())
    }

    /// Every die this step draws has been drawn (the first turn's out-of-play die too).
    pub(in crate::engine) fn draw_complete(&self) -> bool {
        let t = self.turn_ref().expect("turn");
        t.drawn >= self.draw_need() + self.draw_extra().0 + t.swarm
            && (!self.first_turn_2018() || t.drawn_oop >= 1)
    }

    /// The draw is over (the roll begins): it must have drawn all it could; a short draw
    /// costs a life and gives a generic energy per missing die.
    pub(in crate::engine) fn end_draw(&mut self, who: usize) -> Flow {
        let first_turn = self.first_turn_2018();
        let t = self.turn_ref().expect("turn");
        let (drawn, oop, line, owed, swarm_line) =
            (t.drawn, t.drawn_oop, t.line, t.swarm, t.swarm_line);
        let need = self.draw_need();
        let (more, more_help) = self.draw_extra();
        let bag = self.state.count(who, Zone::Bag);
        let used = self.state.count(who, Zone::Used);
        if drawn >= need && first_turn && oop < 1 && bag > 0 {
            // A die the bag holds: any of them may be the 4th.
            let die = self
                .state
                .zone(who, Zone::Bag)
                .next()
                .map(|d| self.state.die_text_plain(&self.cards, d))
                .unwrap_or_else(|| "SK".to_string());
            return self.violate(
                rules::draw_count::new(
                    self.line,
                    "the first player's 4th die was not put out of play".to_string(),
                    format!(
                        "on the very first turn (2018 rules) the first player draws 3 dice, then a \
                         4th out of play: `draw {die} to oop`"
                    ),
                )
                .with_context(line, "the turn began here"),
            );
        }
        if !self.draw_complete() {
            if bag > 0 {
                let help = format!(
                    "{}; the bag still holds {}",
                    if first_turn {
                        "the first player draws 3 dice and puts a 4th out of play on the first turn"
                            .to_string()
                    } else {
                        format!(
                            "each turn begins with a draw of 4 dice{more_help}{}",
                            self.swarm_help(owed)
                        )
                    },
                    self.contents(who, Zone::Bag)
                );
                let (context, why) = match swarm_line {
                    Some(l) if drawn >= need + more => {
                        (l, "a die with Swarm active was drawn here")
                    }
                    _ => (line, "the turn began here"),
                };
                return self.violate(
                    rules::draw_count::new(
                        self.line,
                        format!(
                            "{drawn} dice drawn before the roll, {} required",
                            need + more + owed
                        ),
                        help,
                    )
                    .with_context(context, why),
                );
            }
            if used > 0 {
                return self.violate(
                    rules::bag_refill::new(
                        self.line,
                        format!("{drawn} dice drawn and the bag ran out"),
                        format!(
                            "refill the bag from the used pile (`refill`) and keep drawing: it holds {}",
                            self.contents(who, Zone::Used)
                        ),
                    )
                    .with_context(line, "the turn began here"),
                );
            }
            // A short draw: every die is in play somewhere else.
            let missing = need - drawn.min(need);
            // Both editions: a life (2014: a damage) and a generic energy per die.
            self.change_life(who, -i64::from(missing), "for a short draw");
            self.state.players[who].virtual_energy += missing;
            self.check_life();
        }
        Ok(())
    }
}
