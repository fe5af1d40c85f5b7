//! Priority: who may act in a step with a window (the main step and the attack step's
//! action window), passing it, and the passes a step needs before it ends.

use crate::rules;
use crate::syntax::Step;

use crate::engine::edition::book;
use crate::engine::replay::{Flow, Replayer};

impl Replayer {
    /// The player may act now. Under the 2018 rules the player acting must hold
    /// priority. Before 2018 passes are optional, but when a log writes them the
    /// tournament procedure holds: the inactive player acts only after the active player
    /// paused (passed) in the step, and after the closing passes (the inactive player's,
    /// then the active player's) nobody acts in it (rules reference, Using Global
    /// Abilities; Avengers vs. X-Men rulebook, Timing Conflicts).
    pub(in crate::engine) fn holds_priority(&mut self, who: usize) -> Flow {
        if !book(self.state.edition).passes_required {
            return self.tournament_procedure(who);
        }
        let t = self.turn_ref().expect("turn");
        if t.priority != who {
            let holder = self.name(t.priority).to_string();
            let context = t.passed.unwrap_or(t.step_line);
            let msg = format!("{} acts while {holder} holds priority", self.name(who));
            return self.violate(
                rules::no_priority::new(
                    self.line,
                    msg,
                    format!("{holder} acts (or passes) first: `pass` hands priority over"),
                )
                .with_context(context, "priority was last handed over here"),
            );
        }
        Ok(())
    }

    fn tournament_procedure(&mut self, who: usize) -> Flow {
        let t = self.turn_ref().expect("turn");
        let (active, inactive) = (
            self.name(t.active).to_string(),
            self.name(t.inactive()).to_string(),
        );
        if t.closed {
            let at = t.passed.unwrap_or(t.step_line);
            return self.violate(
                rules::out_of_step::new(
                    self.line,
                    format!("{} acts after the step's closing passes", self.name(who)),
                    format!(
                        "once {inactive} passed and then {active} passed, no more actions can be taken in this step"
                    ),
                )
                .with_context(at, "the closing pass"),
            );
        }
        if who != t.active && t.passed.is_none() {
            if !self.writes_passes {
                // A replay that reads the game as it is parsed has not seen the lines
                // after this one: a `pass` among them would have made this a violation.
                self.passes_assumed = true;
                return Ok(());
            }
            let at = t.step_line;
            return self.violate(
                rules::no_priority::new(
                    self.line,
                    format!("{inactive} acts before {active} paused"),
                    format!(
                        "the log writes priority passes, so the tournament procedure holds: {active} acts first, then pauses (`pass`), and only then may {inactive} act"
                    ),
                )
                .with_context(at, "the step began here"),
            );
        }
        Ok(())
    }

    /// The player acted: under the 2018 rules a pass must follow before the step ends.
    pub(in crate::engine) fn acted(&mut self, who: usize) {
        let t = self.turn_mut();
        t.ready = false;
        if who != t.active {
            t.inactive_acted = true;
            t.priority = t.active;
        }
    }

    pub(in crate::engine) fn enter_main(&mut self) {
        let line = self.line;
        let t = self.turn_mut();
        if matches!(t.step, Step::Draw | Step::Roll) {
            t.step = Step::Main;
            t.step_line = line;
            t.priority = t.active;
            t.ready = false;
        }
    }

    /// Under the 2018 rules a step with priority ends only after the active player
    /// passed and the inactive player passed without acting. A step whose log writes no
    /// pass at all had nothing happen in it that needed one (the inactive player acts
    /// only after a written pass: `holds_priority`), so its closing passes are inferred:
    /// the active player passed and the inactive player passed back. Once a step writes
    /// a pass it writes the round that closes it: a lone `pass` before the next step
    /// leaves open whether the opponent passed back or the step ended too early, and
    /// dmlint does not guess.
    pub(in crate::engine) fn require_passes(&mut self, ending: &str) -> Flow {
        if !book(self.state.edition).passes_required {
            return Ok(());
        }
        let t = self.turn_ref().expect("turn");
        if !t.ready && t.passed.is_none() {
            let active = t.active;
            let t = self.turn_mut();
            t.priority = active;
            t.ready = true;
            // The inferred pass loses the active player's virtual energy, as a written
            // one does.
            self.state.players[active].virtual_energy = 0;
            return Ok(());
        }
        if !t.ready {
            let (a, i) = (
                self.name(t.active).to_string(),
                self.name(t.inactive()).to_string(),
            );
            let context = t.passed.unwrap_or(t.step_line);
            let help = if t.priority == t.active {
                format!("{a} passes priority (`pass`), then {i} passes too (`{i}: pass`)")
            } else {
                format!("{i} has priority: `{i}: pass` (or one global), then {a} may go on")
            };
            return self.violate(
                rules::priority_not_passed::new(
                    self.line,
                    format!("{ending} before both players passed priority"),
                    help,
                )
                .with_context(context, "priority as it stands was set here"),
            );
        }
        Ok(())
    }

    pub(in crate::engine) fn pass(&mut self, who: usize) -> Flow {
        self.in_step(
            &[Step::Main, Step::Window],
            "a pass",
            "priority passes in the main step and in the attack step's action window",
        )?;
        self.writes_passes = true;
        if !book(self.state.edition).passes_required {
            self.procedure_pass(who);
            return self.window_closed_by_passes();
        }
        let line = self.line;
        let t = self.turn_ref().expect("turn");
        if t.inactive_acted && who == t.inactive() && t.priority == t.active {
            // Handing priority back after a global: it returned already.
            self.turn_mut().inactive_acted = false;
            return Ok(());
        }
        self.holds_priority(who)?;
        let t = self.turn_mut();
        if who == t.active {
            t.priority = t.inactive();
            t.ready = false;
            t.passed = Some(line);
            t.inactive_acted = false;
            self.state.players[who].virtual_energy = 0;
        } else {
            t.priority = t.active;
            t.ready = true;
            t.passed = Some(line);
        }
        self.window_closed_by_passes()
    }

    /// A pass before 2018: the active player's first pass is a pause that lets the
    /// inactive player act; the inactive player's pass after it declines; the active
    /// player's pass right after that closes the step.
    fn procedure_pass(&mut self, who: usize) {
        let line = self.line;
        let t = self.turn_mut();
        if t.closed {
            return;
        }
        if who == t.active {
            if t.ready {
                t.closed = true;
            }
            t.passed = Some(line);
        } else if t.passed.is_some() {
            t.ready = true;
        }
    }

    /// The passes that close the action window deal combat damage (2018: the active
    /// player's pass, then the inactive player's; before 2018: the closing passes of the
    /// tournament procedure), as soon as every split among blockers is assigned.
    fn window_closed_by_passes(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        let closing = if book(self.state.edition).passes_required {
            t.ready
        } else {
            t.closed
        };
        if t.step == Step::Window && closing {
            self.close_window()?;
            self.deal_when_assigned()?;
        }
        Ok(())
    }
}
