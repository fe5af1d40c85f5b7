//! The turn: its `turn` line (who is next, the clear of the reserve pool), its `end`
//! line, and closing a turn with the steps it still owes.

use crate::rules;
use crate::syntax::{Spanned, Step, Text, Zone};

use crate::cards::ability::Event;
use crate::engine::coverage::Moment;
use crate::engine::replay::{Flow, Replayer};
use crate::engine::state::{About, Turn};

impl Replayer {
    /// The turn that comes next, its player and number: the other player after a turn
    /// (the number goes up when the first player's turn comes round), the first player's
    /// turn 1 at the start. `None` when no turn went before in a game that has started
    /// (from a position without a turn).
    pub(in crate::engine) fn next_turn(&self) -> Option<(usize, u32)> {
        match self.turn_ref() {
            Some(t) => {
                let next = t.inactive();
                let n = if next == self.state.first {
                    t.number + 1
                } else {
                    t.number
                };
                Some((next, n))
            }
            None if !self.started => Some((self.state.first, 1)),
            None => None,
        }
    }

    pub(in crate::engine) fn turn(
        &mut self,
        number: &Spanned<u32>,
        player: &Spanned<Text>,
    ) -> Flow {
        let p = self.player(player)?;
        self.game_over(self.line)?;
        if self.started {
            self.end_turn()?;
            // The turn before is over before this one begins: its end-of-turn effects
            // that need nothing resolve, and one that needed a line was skipped.
            self.settle()?;
            if self.has_pending() {
                self.unresolved()?;
            }
            self.turn_over();
        }
        let context = match self.turn_ref() {
            Some(t) => Some((t.line, "the previous turn")),
            None if !self.started => self.first_line.map(|l| (l, "first player named here")),
            None => None,
        };
        if !self.started && self.first_line.is_none() {
            // No `first` line: the first turn says who went first; but it is still the
            // game's first turn, numbered 1 (a later number would let the first player
            // skip the first turn's rules, such as the 2018 short draw).
            self.state.first = p;
        }
        // Who should be next, and with which number.
        let (want_player, want_number) = self.next_turn().unwrap_or((p, number.node));
        if p != want_player || number.node != want_number {
            let (span, message, help) = if p != want_player {
                (
                    player.span,
                    format!(
                        "it is {}'s turn, not {}'s",
                        self.name(want_player),
                        self.name(p)
                    ),
                    format!(
                        "players alternate: write `turn {want_number} {}`",
                        self.name(want_player)
                    ),
                )
            } else {
                (
                    number.span,
                    format!(
                        "this is {}'s turn {want_number}, not {}",
                        self.name(p),
                        number.node
                    ),
                    format!("write `turn {want_number} {}`", self.name(p)),
                )
            };
            let mut v = rules::turn_order::new(span, message, help);
            if let Some((s, l)) = context {
                v = v.with_context(s, l);
            }
            self.violate(v)?;
        }
        let first = !self.started;
        self.started = true;
        let mut turn = Turn::new(number.node, p, self.line);
        // What begins the turn in the prep area, for Back for More (`steps::roll`).
        turn.prepped = Some(self.state.zone(p, Zone::Prep).collect());
        self.state.turn = Some(turn);
        // Pairings last until the start of their owner's next turn (`keywords::heroic`).
        crate::engine::keywords::heroic::turn_starts(&mut self.state, p);
        if first {
            // The game is set up: text that acts from a card, with no die of it in play.
            self.game_moment(Moment::Start)?;
        }
        // Effects "at the start of your turn" come before the clear and draw step
        // (Avengers Infinity rulebook, TURN ORDER, 000:527-529; the older books name no
        // such moment, and it is read the same way). Those that need nothing resolve
        // now; the clear waits for the others (`triggers`, [`Replayer::clear`]).
        self.fire(&[(Event::TurnStart, About::Player(p))], &[]);
        self.settle()?;
        if !self.has_pending() {
            self.clear(p);
        }
        Ok(())
    }

    pub(in crate::engine) fn end_line(&mut self) -> Flow {
        // The turn in which the game ended may still be closed with its `end`: it is no
        // move (a turn or move after it is, `game_over`).
        if self.state.outcome.is_some() {
            return Ok(());
        }
        self.end_turn()
    }

    /// The turn ends (an `end` line, or the next `turn` line): a trigger still waiting
    /// for its line was skipped; then the steps the turn still owes, and cleanup, whose
    /// end-of-turn triggers may wait for `resolve` lines after the `end`.
    fn end_turn(&mut self) -> Flow {
        if self.has_pending() {
            self.unresolved()?;
        }
        self.close_turn()
    }

    /// Combat damage runs its course: every stage follows, triggers that need nothing
    /// resolve, and one that needs a line the log does not give was skipped.
    fn finish_damage(&mut self) -> Flow {
        loop {
            self.settle()?;
            if self.has_pending() {
                self.unresolved()?;
            } else if self.turn_ref().is_some_and(|t| t.held.is_some()) {
                self.release()?;
            } else {
                return Ok(());
            }
        }
    }

    /// Ends the turn under way: the steps it still owes, then cleanup.
    pub(in crate::engine) fn close_turn(&mut self) -> Flow {
        let Some(t) = self.turn_ref() else {
            return Ok(());
        };
        if t.done {
            return Ok(());
        }
        match t.step {
            Step::Draw | Step::Roll if t.roll.is_none() => {
                let (line, name) = (t.line, self.name(t.active).to_string());
                self.violate(
                    rules::out_of_step::new(
                        self.line,
                        format!("{name}'s turn ends before the roll step"),
                        "draw four dice and roll them: a turn goes through every step",
                    )
                    .with_context(line, "the turn began here"),
                )?;
            }
            Step::Draw | Step::Roll | Step::Main => {
                self.enter_main();
                self.end_main()?;
                // No attackers declared: a die that had to attack did not.
                self.check_attackers(&[])?;
                self.no_attack();
            }
            Step::Attack | Step::Blockers => {
                self.implied_no_blocks()?;
                // An Infiltrate choice the blocks left out opened was skipped.
                if self.has_pending() {
                    self.unresolved()?;
                }
                self.damage()?;
                self.finish_damage()?;
            }
            Step::Window | Step::Damage => {
                self.damage()?;
                self.finish_damage()?;
            }
            Step::Cleanup => {}
        }
        self.cleanup()
    }
}
