//! The replay: each line of a game, in order, checked against the state and applied.
//!
//! A handler first checks everything its move claims (each broken rule from its own file
//! under `src/rules/`), then applies the move. The first violation that no waiver covers
//! stops the replay: the state after an illegal move is not a state of the game. A waived
//! violation is listed as a warning and the move is applied as the log records it.

use miette::Severity;

use crate::cards::Pool;
use crate::rules::{self, Setup, Violation};
use crate::syntax::{
    DieItem, DieRef, Edition, Face, Game, Header, Line, Move, Payment, PaymentItem, Position, Span,
    Spanned, StateLine, Statement, Step, Text, Zone,
};

use super::cards::{DieKind, GameCards, starting_life};
use super::effects::About;
use super::energy::{self, Shortfall};
use super::error::{EngineCode, EngineError};
use super::resolve::zone_phrase;
use super::state::{DieId, GameState, Outcome, Turn};
use crate::cards::ability::Event;

/// What replaying one game found.
#[derive(Debug, Default)]
pub struct Replay {
    /// Broken rules, in line order; waived ones have warning severity.
    pub violations: Vec<Violation>,
    /// Why the game could not be replayed further, and notes such as unused waivers.
    pub errors: Vec<EngineError>,
    /// The game's cards and the state where the replay stopped (or ended).
    pub end: Option<(GameCards, GameState)>,
    /// The line the replay stopped at, when it stopped early.
    pub stopped: Option<Span>,
    /// What each probe found, in the order the probes were given.
    pub probed: Vec<Probed>,
}

/// A state claim checked right after a line, as if an assertion line followed it, but
/// reported apart from the log's own diagnostics: `dmlint test`'s `#~ life Ann 8`.
#[derive(Debug, Clone, Copy)]
pub struct Probe<'a> {
    /// The start of the line the probe follows.
    pub after: usize,
    pub state: &'a StateLine,
    /// Where the probe is written; a claim about a zone is labelled here.
    pub span: Span,
}

/// What a probe found.
#[derive(Debug, Default)]
pub enum Probed {
    /// The replay never applied the probe's line.
    #[default]
    NotReached,
    Holds,
    /// The state differs: what it is instead ("Ann has 5 life").
    Differs(String),
    /// The probe could not be checked: it names what the game lacks (an error), or
    /// settling the damage step for it broke a rule.
    Failed {
        violations: Vec<Violation>,
        errors: Vec<EngineError>,
    },
}

/// The replay stops here: a violation without a waiver, or input it cannot replay.
#[derive(Debug)]
pub(crate) struct Stop;

pub(super) type Flow = Result<(), Stop>;

struct Waiver {
    code: Text,
    span: Span,
    used: bool,
}

pub(super) struct Replayer {
    pub(super) cards: GameCards,
    pub(super) state: GameState,
    pub(super) out: Replay,
    /// The line being replayed.
    pub(super) line: Span,
    waivers: Vec<Waiver>,
    /// Whether a turn or position has set the state up.
    started: bool,
    /// The line where the game ended.
    ended: Option<Span>,
    /// The `first` line, if any.
    first_line: Option<Span>,
}

/// Replays a game; `until` stops after the line that contains that byte offset. Each
/// probe is checked right after its line.
pub fn replay(
    game: &Game,
    header: &Header,
    pool: &Pool,
    until: Option<usize>,
    probes: &[Probe],
) -> Replay {
    let mut table = match Table::new(game, header, pool) {
        Ok(table) => table,
        Err(out) => return *out,
    };
    let r = &mut table.r;
    // Every probe is unreached until its line is replayed.
    r.out.probed = probes.iter().map(|_| Probed::NotReached).collect();
    for line in &game.lines {
        if until.is_some_and(|u| line.span.start > u) {
            break;
        }
        r.line = line.span;
        if r.line_(line).is_err() {
            r.out.stopped = Some(line.span);
            break;
        }
        for (n, probe) in probes.iter().enumerate() {
            if probe.after == line.span.start {
                r.out.probed[n] = r.probe(probe);
            }
        }
    }
    table.finish()
}

/// A game under way, played one line at a time: the replay's engine for a caller that
/// makes the lines as it goes (`dmlint gen`, the move generator's tests) rather than
/// reading them from a log.
pub struct Table {
    r: Replayer,
}

/// Why [`Table::play`] refused a line: what a replay would have reported there.
#[derive(Debug, Default)]
pub struct Rejected {
    pub violations: Vec<Violation>,
    pub errors: Vec<EngineError>,
}

impl Table {
    /// Sets a game up from its header and setup lines (teams, `rules`, `format`,
    /// `first`); the game's other lines are not played. `Err` is the replay that found
    /// nothing to play: the game lacks two teams, or names an unknown first player.
    pub fn new(game: &Game, header: &Header, pool: &Pool) -> Result<Table, Box<Replay>> {
        let setup = Setup::new(game, header, pool);
        let mut edition = Edition::Rules2018;
        let mut custom_life = None;
        let mut format = setup.format.name;
        let mut first = None;
        for line in header.defaults.iter().chain(&game.lines) {
            match &line.statement {
                Statement::Rules(e) => edition = e.node,
                Statement::Format { name, life } => {
                    format = name.node;
                    custom_life = life.as_ref().map(|l| l.node);
                }
                Statement::First(p) => first = Some((p.clone(), line.span)),
                _ => {}
            }
        }
        let mut out = Replay {
            violations: rules::check_setup(&setup),
            ..Replay::default()
        };
        let Some(cards) = GameCards::new(&setup, pool) else {
            if let Some(line) = game.lines.iter().find(|l| {
                matches!(
                    l.statement,
                    Statement::Turn { .. } | Statement::Position(_) | Statement::Move { .. }
                )
            }) {
                out.errors.push(
                    EngineError::new(
                        EngineCode::MissingTeams,
                        line.span,
                        format!(
                            "the game has {} team{} and moves to replay",
                            setup.teams.len(),
                            if setup.teams.len() == 1 { "" } else { "s" }
                        ),
                        "no game to replay this in",
                    )
                    .with_help(
                        "a game needs two teams: `team NAME` and its cards, for each player",
                    ),
                );
                out.stopped = Some(line.span);
            }
            return Err(Box::new(out));
        };
        let life = starting_life(format, custom_life);
        let mut r = Replayer {
            state: GameState::new(&cards, edition, life, 0),
            cards,
            out,
            line: Span::default(),
            waivers: Vec::new(),
            started: false,
            ended: None,
            first_line: None,
        };
        if let Some((name, span)) = first {
            match r.player(&name) {
                Ok(p) => {
                    r.state.first = p;
                    r.first_line = Some(span);
                }
                Err(Stop) => {
                    r.out.stopped = Some(span);
                    return Err(Box::new(r.finish()));
                }
            }
        }
        Ok(Table { r })
    }

    /// Plays one line. A line the rules refuse leaves the game as it was, and says why;
    /// a waived violation is kept as a warning, as in a replay.
    pub fn play(&mut self, line: &Line) -> Result<(), Rejected> {
        let before = self.snapshot();
        self.apply(line).inspect_err(|_| self.restore(before))
    }

    /// The state `line` would lead to, without playing it.
    pub fn accepts(&mut self, line: &Line) -> Result<GameState, Rejected> {
        let (state, started, ended) = self.snapshot();
        let applied = self.apply(line);
        let after = std::mem::replace(&mut self.r.state, state);
        (self.r.started, self.r.ended) = (started, ended);
        applied.map(|()| after)
    }

    /// What a line may change beyond the diagnostics, which `apply` takes back itself.
    fn snapshot(&self) -> (GameState, bool, Option<Span>) {
        (self.r.state.clone(), self.r.started, self.r.ended)
    }

    fn restore(&mut self, (state, started, ended): (GameState, bool, Option<Span>)) {
        (self.r.state, self.r.started, self.r.ended) = (state, started, ended);
    }

    /// Plays a line; on refusal the state is left half-changed (the caller restores it)
    /// and the line's diagnostics are taken out of the replay's report.
    fn apply(&mut self, line: &Line) -> Result<(), Rejected> {
        let r = &mut self.r;
        // In a log the parser refuses a move or an `end` outside a turn (after `end`, or
        // before the first `turn`), and the replay never sees it; a caller's line gets
        // the same answer here.
        let in_turn = r.state.turn.as_ref().is_some_and(|t| !t.done);
        if matches!(line.statement, Statement::Move { .. } | Statement::End) && !in_turn {
            return Err(Rejected {
                violations: Vec::new(),
                errors: vec![
                    EngineError::new(
                        EngineCode::Unreplayable,
                        line.span,
                        "a move outside any turn",
                        "no turn is under way",
                    )
                    .with_help("start the turn first: `turn N PLAYER`"),
                ],
            });
        }
        let (violations, errors) = (r.out.violations.len(), r.out.errors.len());
        r.line = line.span;
        if r.line_(line).is_ok() {
            return Ok(());
        }
        Err(Rejected {
            violations: r.out.violations.split_off(violations),
            errors: r.out.errors.split_off(errors),
        })
    }

    pub fn state(&self) -> &GameState {
        &self.r.state
    }

    pub fn cards(&self) -> &GameCards {
        &self.r.cards
    }

    /// The game's end as a replay reports it.
    pub fn finish(self) -> Replay {
        self.r.finish()
    }
}

impl Replayer {
    /// Checks a probe as an assertion would, keeping what it finds apart from the log's
    /// own diagnostics.
    fn probe(&mut self, probe: &Probe) -> Probed {
        let (violations, errors) = (self.out.violations.len(), self.out.errors.len());
        let line = std::mem::replace(&mut self.line, probe.span);
        // A probe that names a missing player or die stops nothing: the log did not say it.
        let differs = self.differs(probe.state);
        // As after a state line: the damage it settled may have fired triggers.
        let differs = differs.and_then(|d| self.settle().map(|()| d));
        self.line = line;
        let violations = self.out.violations.split_off(violations);
        let errors = self.out.errors.split_off(errors);
        match differs {
            Ok(None) if violations.is_empty() && errors.is_empty() => Probed::Holds,
            Ok(Some((_, _, computed))) => Probed::Differs(computed),
            _ => Probed::Failed { violations, errors },
        }
    }

    fn finish(mut self) -> Replay {
        self.flush_waivers();
        if self.started {
            self.out.end = Some((self.cards, self.state));
        }
        self.out
    }

    fn line_(&mut self, line: &Line) -> Flow {
        let applies_waivers = !matches!(
            line.statement,
            Statement::Waiver { .. } | Statement::Annotation
        );
        let answers = match &line.statement {
            Statement::Move { actor, action } if matches!(**action, Move::Resolve { .. }) => {
                let Move::Resolve { die, .. } = &**action else {
                    unreachable!("matched above")
                };
                let who = actor
                    .as_ref()
                    .and_then(|a| self.cards.player(&a.node))
                    .or(self.state.turn.as_ref().map(|t| t.active));
                who.is_some_and(|w| self.answers_held(w, die))
            }
            _ => false,
        };
        if !answers
            && !matches!(
                line.statement,
                Statement::Waiver { .. } | Statement::Annotation
            )
        {
            self.release()?;
        }
        let result = match &line.statement {
            Statement::Waiver { code, .. } => {
                self.waivers.push(Waiver {
                    code: code.node.clone(),
                    span: line.span,
                    used: false,
                });
                Ok(())
            }
            Statement::Position(p) => self.position(p),
            Statement::Turn { number, player } => self.turn(number, player),
            Statement::State(s) => self.assertion(s),
            Statement::Move { actor, action } => self.move_(actor.as_ref(), action),
            Statement::End => self.end_line(),
            _ => Ok(()),
        };
        // A state line may have closed the action window, and the damage may have
        // triggered abilities that resolve by themselves.
        let result = result.and_then(|()| self.settle());
        if applies_waivers {
            self.flush_waivers();
        }
        result
    }

    /// Waivers apply to the line after them; one that nothing used is reported.
    fn flush_waivers(&mut self) {
        for w in std::mem::take(&mut self.waivers) {
            if !w.used {
                self.out.errors.push(
                    EngineError::new(
                        EngineCode::UnusedWaiver,
                        w.span,
                        format!("nothing on the next line breaks `{}`", w.code),
                        "waives nothing",
                    )
                    .with_help("a waiver covers a violation of the line right after it: check the code (`dmlint explain`)")
                    .with_severity(Severity::Warning),
                );
            }
        }
    }

    /// Reports a violation: a waived one is noted and the move goes on, any other stops
    /// the replay.
    pub(super) fn violate(&mut self, v: Violation) -> Flow {
        let code = crate::diag::Code::code(v.code);
        let waiver = self
            .waivers
            .iter_mut()
            .find(|w| w.code == code || code.rsplit("::").next() == Some(w.code.as_str()));
        match waiver {
            Some(w) => {
                w.used = true;
                let at = w.span;
                let mut v = v.with_severity(Severity::Warning);
                v.message = format!("waived: {}", v.message);
                if v.context.is_none() {
                    v.context = Some((at, "waived here".to_string()));
                }
                self.out.violations.push(v);
                Ok(())
            }
            None => {
                self.out.violations.push(v);
                Err(Stop)
            }
        }
    }

    /// A violation whose move cannot be applied even when waived (the die it names does
    /// not exist, the attacker it blocks is not attacking): a waiver cannot make the game
    /// go on from a state that cannot be.
    fn stuck(&mut self, v: Violation) -> Flow {
        let span = v.span;
        self.violate(v)?;
        Err(self.error(
            EngineError::new(
                EngineCode::Unreplayable,
                span,
                "the waived move cannot be replayed",
                "no state has this move",
            )
            .with_help(
                "a waiver lets an illegal move stand, but this one names dice that are not \
                 there; correct the line (or a `position` block after it) to go on",
            ),
        ))
    }

    pub(super) fn undecided(&mut self, span: Span, card: super::CardId, what: &str) -> Stop {
        let c = self.cards.get(card);
        let text = c
            .summary
            .as_ref()
            .map_or(String::new(), |s| format!(" (card text, in short: {s})"));
        let e = EngineError::new(
            EngineCode::Undecided,
            span,
            format!("undecided: {} {what}", c.name),
            "dmlint cannot replay past this line",
        )
        .with_help(if c.abilities.is_some() {
            format!(
                "{0}'s text is encoded, but dmlint does not apply this part of it yet and will \
                 not guess (`dmlint cards \"{0}\"` shows it); the moves before this line were checked",
                c.name
            )
        } else {
            format!(
                "{}'s abilities are not modelled yet, so dmlint will not guess what they do{text}; \
                 the moves before this line were checked",
                c.name
            )
        })
        .with_context(c.line, "card defined here");
        self.error(e)
    }

    pub(super) fn turn_ref(&self) -> Option<&Turn> {
        self.state.turn.as_ref()
    }

    pub(super) fn turn_mut(&mut self) -> &mut Turn {
        self.state.turn.as_mut().expect("a turn is under way")
    }

    fn game_over(&mut self, span: Span) -> Flow {
        if self.state.outcome.is_some() {
            let ended = self.ended.unwrap_or(span);
            let how = self.outcome_text();
            return self.violate(rules::game_over::new(span, how, ended));
        }
        Ok(())
    }

    fn outcome_text(&self) -> String {
        match self.state.outcome {
            Some(Outcome::Won { winner }) => format!("{} won", self.name(winner)),
            Some(Outcome::Tie) => "it ended in a tie".to_string(),
            None => "it is under way".to_string(),
        }
    }

    /// Life changed: the game ends at once if a player reached zero.
    pub(super) fn check_life(&mut self) {
        if self.state.outcome.is_none() {
            self.state.settle_outcome();
            if self.state.outcome.is_some() {
                self.ended = Some(self.line);
            }
        }
    }

    // ---- turns -------------------------------------------------------------------------

    fn turn(&mut self, number: &Spanned<u32>, player: &Spanned<Text>) -> Flow {
        let p = self.player(player)?;
        self.game_over(self.line)?;
        if self.started {
            self.close_turn()?;
        }
        // Who should be next, and with which number.
        let (want_player, want_number, context) = match self.turn_ref() {
            Some(t) => {
                let next = t.inactive();
                let n = if next == self.state.first {
                    t.number + 1
                } else {
                    t.number
                };
                (next, n, Some((t.line, "the previous turn")))
            }
            None if !self.started => (
                self.state.first,
                1,
                self.first_line.map(|l| (l, "first player named here")),
            ),
            None => (p, number.node, None),
        };
        if !self.started && self.first_line.is_none() {
            // No `first` line: the first turn says who went first.
            self.state.first = p;
        } else if p != want_player || number.node != want_number {
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
        self.started = true;
        self.state.turn = Some(Turn::new(number.node, p, self.line));
        // Clear: energy saved in the reserve pool goes to the used pile (it was not used,
        // so not out of play).
        self.reserve_to_used(p, |_| true);
        for pl in &mut self.state.players {
            pl.virtual_energy = 0;
        }
        Ok(())
    }

    fn end_line(&mut self) -> Flow {
        self.game_over(self.line)?;
        if self.has_pending() {
            self.unresolved()?;
        }
        self.close_turn()?;
        // Triggers of the combat damage the end line settled resolve by themselves or
        // are left unresolved.
        self.settle()?;
        if self.has_pending() {
            self.unresolved()?;
        }
        Ok(())
    }

    /// Ends the turn under way: the steps it still owes, then cleanup.
    fn close_turn(&mut self) -> Flow {
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
                self.no_attack();
            }
            Step::Attack | Step::Blockers => {
                self.implied_no_blocks()?;
                self.damage()?;
            }
            Step::Window | Step::Damage => self.damage()?,
            Step::Cleanup => {}
        }
        self.cleanup();
        Ok(())
    }

    /// Moves a player's reserve dice whose face `which` selects to the used pile (not
    /// out of play: they were not used): the clear step, the end of the main step, the
    /// cleanup step.
    fn reserve_to_used(&mut self, player: usize, which: impl Fn(Option<&Face>) -> bool) {
        let line = self.line;
        let ids: Vec<DieId> = self
            .state
            .zone(player, Zone::Reserve)
            .filter(|id| which(self.state.die(*id).face.as_ref()))
            .collect();
        for id in ids {
            self.state.move_die(id, Zone::Used, line);
        }
    }

    /// The cleanup step: damage cleared, action dice to the used pile, out of play to
    /// the used pile, virtual energy gone.
    fn cleanup(&mut self) {
        let line = self.line;
        let Some(t) = self.turn_ref() else { return };
        let active = t.active;
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Action { .. })));
        for id in self.state.ids() {
            if self.state.die(id).zone == Zone::Oop {
                self.state.move_die(id, Zone::Used, line);
            }
            let die = self.state.die_mut(id);
            die.damage = 0;
            die.attacking = false;
            die.blocking = None;
            die.boost = super::state::Boost::default();
        }
        for pl in &mut self.state.players {
            pl.virtual_energy = 0;
        }
        let t = self.turn_mut();
        t.step = Step::Cleanup;
        t.done = true;
    }

    // ---- moves -------------------------------------------------------------------------

    fn move_(&mut self, actor: Option<&Spanned<Text>>, action: &Move) -> Flow {
        self.game_over(self.line)?;
        let Some(t) = self.turn_ref() else {
            return Ok(()); // a move outside a turn is a syntax error, reported already
        };
        let (active, step, ready) = (t.active, t.step, t.ready);
        let explicit = match actor {
            Some(a) => Some(self.player(a)?),
            None => None,
        };
        if let Move::Block { pairs } = action {
            if self.has_pending() {
                self.unresolved()?;
            }
            return self.block(explicit.unwrap_or(1 - active), pairs);
        }
        let who = explicit.unwrap_or(active);
        // A player may concede at any moment: nothing else has to happen first.
        if !matches!(action, Move::Resolve { .. } | Move::Concede) && self.has_pending() {
            self.unresolved()?;
        }
        if let Move::Concede = action {
            self.state.outcome = Some(Outcome::Won { winner: 1 - who });
            self.ended = Some(self.line);
            return Ok(());
        }
        // A step that ends when something else happens.
        match (step, action) {
            // These belong to the steps before the main step: their handlers say so.
            (
                Step::Roll,
                Move::Reroll { .. } | Move::Draw { .. } | Move::Refill | Move::Roll { .. },
            ) => {}
            (Step::Roll, _) => self.enter_main(),
            // Attack triggers resolve (and reactive globals answer them) before blockers.
            (Step::Attack | Step::Blockers, Move::Resolve { .. } | Move::Global { .. }) => {}
            (Step::Attack | Step::Blockers, _) => {
                self.implied_no_blocks()?;
            }
            // Both passed: the window is over, and a `resolve` answers the combat damage.
            (Step::Window, Move::Resolve { .. }) if ready && !self.has_pending() => {
                self.damage()?;
            }
            (Step::Window, Move::Use { .. } | Move::Global { .. } | Move::Activate { .. })
            | (Step::Window, Move::Resolve { .. } | Move::Pass) => {}
            (Step::Window | Step::Damage, Move::Assign { .. }) => self.close_window()?,
            // Any other move in the window is out of its step: its handler says so.
            _ => {}
        }
        match action {
            Move::Draw { dice, to } => self.draw(who, dice, to.as_ref()),
            Move::Refill => self.refill(who),
            Move::Roll { dice } => self.roll(who, dice),
            Move::Reroll { dice } => self.reroll(who, dice),
            Move::Buy { cards, payment } => self.buy(who, cards, payment),
            Move::Field { dice, payment } => self.field(who, dice, payment.as_ref()),
            Move::Use { die, clauses } => self.use_action(who, die, clauses),
            Move::Global { card, clauses } => {
                self.global_window("a global ability")?;
                let card = self.card(&card.alias, who)?;
                if self.cards.get(card).plain {
                    return self.ability(who, card, "global ability", false);
                }
                self.use_global(who, card, clauses)
            }
            Move::Activate { die, .. } => {
                self.global_window("an ability used like a global")?;
                let owner = self.owner_of(die, who)?;
                let card = self.card(&die.alias, owner)?;
                self.ability(who, card, "ability", true)
            }
            Move::Resolve { die, clauses } => {
                let owner = self.owner_of(die, who)?;
                let card = self.card(&die.alias, owner)?;
                if self.cards.get(card).plain {
                    return self.ability(who, card, "ability", false);
                }
                self.resolve_line(who, die, clauses)
            }
            Move::Pass => self.pass(who),
            Move::Attack { dice } => self.attack(who, dice),
            Move::Block { .. } => unreachable!("handled above"),
            Move::Assign { attacker, shares } => {
                self.active_only(who, "assigns an attacker's damage")?;
                self.assign(attacker, shares)
            }
            Move::Concede => unreachable!("handled above"),
        }
    }

    /// A move only the active player makes.
    fn active_only(&mut self, who: usize, what: &str) -> Flow {
        let active = self.turn_ref().expect("turn").active;
        if who != active {
            let (a, w) = (self.name(active).to_string(), self.name(who).to_string());
            return self.violate(rules::wrong_player::new(
                self.line,
                format!("{w} {what} on {a}'s turn"),
                format!("only the active player ({a}) may do this; {w} may use globals when {a} passes priority"),
            ));
        }
        Ok(())
    }

    /// A move allowed only in the listed steps.
    fn in_step(&mut self, allowed: &[Step], what: &str, help: &str) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !allowed.contains(&t.step) {
            let (step, line) = (t.step, t.step_line);
            return self.violate(
                rules::out_of_step::new(
                    self.line,
                    format!("{what} in the {}", step_name(step)),
                    help,
                )
                .with_context(line, format!("the {} began here", step_name(step))),
            );
        }
        Ok(())
    }

    /// Under the 2018 rules the player acting must hold priority.
    pub(super) fn holds_priority(&mut self, who: usize) -> Flow {
        if self.state.edition == Edition::Rules2014 {
            return Ok(());
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

    /// The player acted: under the 2018 rules a pass must follow before the step ends.
    pub(super) fn acted(&mut self, who: usize) {
        let t = self.turn_mut();
        t.ready = false;
        if who != t.active {
            t.inactive_acted = true;
            t.priority = t.active;
        }
    }

    fn enter_main(&mut self) {
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
    /// passed and the inactive player passed without acting.
    fn require_passes(&mut self, ending: &str) -> Flow {
        if self.state.edition == Edition::Rules2014 {
            return Ok(());
        }
        let t = self.turn_ref().expect("turn");
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

    // ---- clear and draw ----------------------------------------------------------------

    fn first_turn_2018(&self) -> bool {
        let t = self.turn_ref().expect("turn");
        self.state.edition == Edition::Rules2018 && t.number == 1 && t.active == self.state.first
    }

    /// Dice this step draws to the prep area: 3 on the 2018 first turn (a 4th goes out of
    /// play), 4 otherwise.
    fn draw_need(&self) -> u32 {
        if self.first_turn_2018() { 3 } else { 4 }
    }

    fn draw(&mut self, who: usize, dice: &[DieItem], to: Option<&Spanned<Zone>>) -> Flow {
        self.active_only(who, "draws")?;
        self.in_step(
            &[Step::Draw],
            "a draw",
            "dice are drawn in the clear and draw step, before the roll",
        )?;
        let to_oop = match to.map(|z| z.node) {
            None | Some(Zone::Prep) => false,
            Some(Zone::Oop) => true,
            Some(other) => {
                self.violate(rules::draw_count::new(
                    to.expect("some").span,
                    format!("drawn dice go to the prep area, not the {}", zone_phrase(other)),
                    "write `draw …` (to the prep area), or `draw … to oop` for the first player's fourth die on turn 1",
                ))?;
                false
            }
        };
        let n: u32 = dice.iter().map(DieItem::times).sum();
        let first_turn = self.first_turn_2018();
        let t = self.turn_ref().expect("turn");
        let (drawn, oop) = (t.drawn, t.drawn_oop);
        if to_oop {
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
            let limit = self.draw_need();
            if drawn + n > limit {
                let line = t.line;
                self.violate(
                    rules::draw_count::new(
                        self.line,
                        format!("{} dice drawn this step, {limit} allowed", drawn + n),
                        if first_turn {
                            "on the very first turn the first player draws 3 dice (and a 4th out of play)"
                        } else {
                            "each player draws 4 dice in the clear and draw step"
                        },
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
        let zone = if to_oop { Zone::Oop } else { Zone::Prep };
        let line = self.line;
        for id in &taken {
            self.state.move_die(*id, zone, line);
        }
        let t = self.turn_mut();
        if to_oop {
            t.drawn_oop += n;
        } else {
            t.drawn += n;
        }
        Ok(())
    }

    /// The dice a list names in `owner`'s `zone`, each with the index of its list item;
    /// a die that is not there stops the move (an empty bag says why it is empty).
    fn take(
        &mut self,
        items: &[DieItem],
        owner: usize,
        zone: Zone,
        what: &str,
    ) -> Result<Vec<(DieId, usize)>, Stop> {
        let mut taken: Vec<(DieId, usize)> = Vec::new();
        let mut ids: Vec<DieId> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            for _ in 0..item.times() {
                if zone == Zone::Bag && self.state.count(owner, Zone::Bag) == ids.len() {
                    self.empty_bag(owner, item, ids.len())?;
                }
                let found =
                    self.find(&item.die, owner, zone, &item.modifiers, &ids, |_, _| true)?;
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
    fn empty_bag(&mut self, who: usize, item: &DieItem, drawn: usize) -> Flow {
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

    fn refill(&mut self, who: usize) -> Flow {
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
    fn draw_complete(&self) -> bool {
        let t = self.turn_ref().expect("turn");
        t.drawn >= self.draw_need() && (!self.first_turn_2018() || t.drawn_oop >= 1)
    }

    /// The draw is over (the roll begins): it must have drawn all it could; a short draw
    /// costs a life and gives a generic energy per missing die.
    fn end_draw(&mut self, who: usize) -> Flow {
        let first_turn = self.first_turn_2018();
        let t = self.turn_ref().expect("turn");
        let (drawn, oop, line) = (t.drawn, t.drawn_oop, t.line);
        let need = self.draw_need();
        let bag = self.state.count(who, Zone::Bag);
        let used = self.state.count(who, Zone::Used);
        if drawn >= need && first_turn && oop < 1 && bag > 0 {
            return self.violate(
                rules::draw_count::new(
                    self.line,
                    "the first player's 4th die was not put out of play".to_string(),
                    "on the very first turn (2018 rules) the first player draws 3 dice, then a 4th out of play: `draw SK to oop`",
                )
                .with_context(line, "the turn began here"),
            );
        }
        if !self.draw_complete() {
            if bag > 0 {
                let help = format!(
                    "{} the bag still holds {}",
                    if first_turn {
                        "the first player draws 3 dice and puts a 4th out of play on the first turn;"
                    } else {
                        "each turn begins with a draw of 4 dice;"
                    },
                    self.contents(who, Zone::Bag)
                );
                return self.violate(
                    rules::draw_count::new(
                        self.line,
                        format!("{drawn} dice drawn before the roll, {need} required"),
                        help,
                    )
                    .with_context(line, "the turn began here"),
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
            let pl = &mut self.state.players[who];
            // Both editions: a life (2014: a damage) and a generic energy per die.
            pl.life -= i64::from(missing);
            pl.virtual_energy += missing;
            self.check_life();
        }
        Ok(())
    }

    // ---- roll and reroll ---------------------------------------------------------------

    fn roll(&mut self, who: usize, dice: &[DieItem]) -> Flow {
        self.active_only(who, "rolls")?;
        if let Some(first) = self.turn_ref().expect("turn").roll {
            return self.stuck(
                rules::out_of_step::new(
                    self.line,
                    "a second roll this turn".to_string(),
                    "dice are rolled once per turn; `reroll` rerolls some of them, once",
                )
                .with_context(first, "the dice were rolled here"),
            );
        }
        self.in_step(&[Step::Draw], "a roll", "the roll follows the draw")?;
        self.end_draw(who)?;
        if self.state.outcome.is_some() {
            return Ok(());
        }
        let mut taken: Vec<DieId> = Vec::new();
        let mut faces = Vec::new();
        for item in dice {
            let Some(face) = &item.die.face else {
                return self.stuck(rules::roll_mismatch::new(
                    item.die.span,
                    format!("`{}` is rolled without its face", item.die),
                    "write the face each die came up with: `SK:fist`, `CA:L2`, `FB:act`",
                ));
            };
            if self.owner_of(&item.die, who)? != who {
                return self.not_in_zone(&item.die, who, Zone::Prep, "rolled", false);
            }
            for _ in 0..item.times() {
                // Not `take`: a roll names the face a die *came up with*, which the die in
                // the prep area does not show yet, so only the card is matched.
                let card = self.card(&item.die.alias, who)?;
                let found = self
                    .state
                    .zone(who, Zone::Prep)
                    .find(|id| self.state.die(*id).card == card && !taken.contains(id));
                let Some(id) = found else {
                    let help = format!("the prep area holds {}", self.contents(who, Zone::Prep));
                    return self.stuck(rules::roll_mismatch::new(
                        item.die.span,
                        format!(
                            "no{} {} die in the prep area to roll",
                            if taken.iter().any(|t| self.state.die(*t).card == card) {
                                " other"
                            } else {
                                ""
                            },
                            self.cards.get(card).alias
                        ),
                        help,
                    ));
                };
                self.check_rolled(card, face, item.die.span)?;
                taken.push(id);
                faces.push(face.node.clone());
            }
        }
        let left: Vec<DieId> = self
            .state
            .zone(who, Zone::Prep)
            .filter(|id| !taken.contains(id))
            .collect();
        if !left.is_empty() {
            let names: Vec<String> = left
                .iter()
                .map(|id| self.state.die_text(&self.cards, *id))
                .collect();
            self.violate(rules::roll_mismatch::new(
                self.line,
                format!("{} in the prep area not rolled", names.join(" ")),
                "every die in the prep area is rolled: the ones drawn and the ones already there (KO'd, prepped)",
            ))?;
        }
        let line = self.line;
        for (id, face) in taken.iter().zip(faces) {
            self.state.move_die(*id, Zone::Reserve, line);
            self.state.die_mut(*id).face = Some(face);
        }
        let t = self.turn_mut();
        t.step = Step::Roll;
        t.step_line = line;
        t.roll = Some(line);
        t.rolled = taken;
        Ok(())
    }

    /// A face a line says a die rolled: undecided when the card data lacks the die's
    /// faces, a violation when the die has no such face.
    pub(super) fn check_rolled(
        &mut self,
        card: super::CardId,
        face: &Spanned<Face>,
        die: Span,
    ) -> Flow {
        if !self.cards.get(card).die_known() {
            return Err(self.undecided(
                die,
                card,
                "is rolled: its die's faces are not in the card data",
            ));
        }
        if !self.cards.has_face(card, &face.node) {
            self.face_missing(card, face)?;
        }
        Ok(())
    }

    fn face_missing(&mut self, card: super::CardId, face: &Spanned<Face>) -> Flow {
        let c = self.cards.get(card);
        let faces = describe_faces(c);
        self.violate(rules::face_not_on_die::new(
            face.span,
            format!("{}'s die has no {} face", c.name, face.node),
            format!("its faces: {faces}"),
        ))
    }

    fn reroll(&mut self, who: usize, dice: &[crate::syntax::RerollItem]) -> Flow {
        self.active_only(who, "rerolls")?;
        let t = self.turn_ref().expect("turn");
        if let Some(first) = t.reroll {
            self.violate(
                rules::second_reroll::new(
                    self.line,
                    "a second reroll".to_string(),
                    "choose every die to reroll at once: the one reroll is a single group",
                )
                .with_context(first, "the reroll was here"),
            )?;
        }
        self.in_step(
            &[Step::Roll],
            "a reroll",
            "the reroll comes right after the roll, before anything is bought or fielded",
        )?;
        let rolled = self.turn_ref().expect("turn").rolled.clone();
        let mut taken = Vec::new();
        let mut results = Vec::new();
        for item in dice {
            let found = self.find(&item.die, who, Zone::Reserve, &[], &taken, |_, id| {
                rolled.contains(&id)
            })?;
            let Some(id) = found else {
                return self.not_in_zone(&item.die, who, Zone::Reserve, "rerolled", false);
            };
            let card = self.state.die(id).card;
            if !self.cards.has_face(card, &item.result.node) {
                self.face_missing(card, &item.result)?;
            }
            taken.push(id);
            results.push(item.result.node.clone());
        }
        for (id, face) in taken.into_iter().zip(results) {
            self.state.die_mut(id).face = Some(face);
        }
        self.turn_mut().reroll = Some(self.line);
        Ok(())
    }

    // ---- main step ---------------------------------------------------------------------

    /// `does` is the move as a verb ("buys"), `what` as a noun ("a purchase").
    fn main_action(&mut self, who: usize, does: &str, what: &str) -> Flow {
        self.active_only(who, does)?;
        self.in_step(
            &[Step::Main],
            what,
            "dice are bought and fielded in the main step, after the roll and before attacking",
        )?;
        self.holds_priority(who)
    }

    fn buy(&mut self, who: usize, cards: &[crate::syntax::Purchase], payment: &Payment) -> Flow {
        self.main_action(who, "buys", "a purchase")?;
        let mut wanted = Vec::new();
        for p in cards {
            let card = self.card(&p.card.alias, who)?;
            let n = p.count.as_ref().map_or(1, |c| c.node);
            let c = self.cards.get(card);
            let (kind, card_owner, has_cost) = (c.kind, c.owner, c.cost.is_some());
            if kind == DieKind::Sidekick {
                self.violate(rules::buy_opponent_card::new(
                    p.card.span,
                    "sidekick dice cannot be bought".to_string(),
                    "sidekicks have no card: every player starts with eight, and no more come",
                ))?;
            } else if card_owner.is_some_and(|o| o != who) {
                let (name, line) = (c.name.clone(), c.line);
                let owner = card_owner.map_or(String::new(), |o| self.name(o).to_string());
                self.violate(
                    rules::buy_opponent_card::new(
                        p.card.span,
                        format!("{} buys from {owner}'s card {name}", self.name(who)),
                        "buy from your own cards and the basic action cards in the middle",
                    )
                    .with_context(line, "that card is on this side of the table"),
                )?;
            }
            let before: u32 = wanted
                .iter()
                .filter(|(c, _)| *c == card)
                .map(|(_, n)| *n)
                .sum();
            let left = self.state.supply[usize::from(card.0)];
            if before + n > left {
                let name = self.cards.get(card).name.clone();
                return self.stuck(rules::sold_out::new(
                    p.card.span,
                    format!(
                        "{name} has {left} {} left, {} bought",
                        if left == 1 { "die" } else { "dice" },
                        before + n
                    ),
                    format!("{left} left on the card: buy at most that many"),
                ));
            }
            if !has_cost {
                return Err(self.undecided(
                    p.card.span,
                    card,
                    "is bought: its cost is not in the card data",
                ));
            }
            wanted.push((card, n));
        }
        let paid = self.collect_payment(who, payment)?;
        let costs: Vec<(usize, &[crate::cards::model::EnergyType])> = wanted
            .iter()
            .flat_map(|(card, n)| {
                let c = self.cards.get(*card);
                let cost = usize::from(c.cost.unwrap_or(0));
                std::iter::repeat_n((cost, c.energy.as_slice()), *n as usize)
            })
            .collect();
        if let Err(short) = energy::pays(&paid.units, &costs) {
            let names: Vec<String> = wanted
                .iter()
                .map(|(c, n)| {
                    let card = self.cards.get(*c);
                    let cost = card.cost.unwrap_or(0);
                    let types: Vec<String> = card
                        .energy
                        .iter()
                        .map(|t| super::cards::energy_of(*t).to_string())
                        .collect();
                    let ty = if types.is_empty() {
                        "any energy".to_string()
                    } else {
                        format!("at least one {}", types.join(" and one "))
                    };
                    format!(
                        "{}{} costs {cost} ({ty})",
                        card.alias,
                        if *n > 1 {
                            format!(" x{n}")
                        } else {
                            String::new()
                        }
                    )
                })
                .collect();
            let v = self.shortfall(
                short,
                payment.span,
                &names.join("; "),
                who,
                &paid.units,
                &costs,
            );
            self.violate(v)?;
        }
        self.apply_payment(who, &paid);
        let line = self.line;
        for (card, n) in wanted {
            self.state.supply[usize::from(card.0)] -= n;
            for _ in 0..n {
                self.state.add_die(card, who, Zone::Used, line);
            }
        }
        self.acted(who);
        Ok(())
    }

    pub(super) fn shortfall(
        &self,
        short: Shortfall,
        span: Span,
        costs: &str,
        who: usize,
        units: &[crate::syntax::Energy],
        each: &[(usize, &[crate::cards::model::EnergyType])],
    ) -> Violation {
        let reserve = self.contents(who, Zone::Reserve);
        match short {
            Shortfall::Short { paid, cost } => rules::payment_short::new(
                span,
                format!("{paid} energy paid for a cost of {cost}"),
                format!("{costs}; the reserve pool holds {reserve}"),
            ),
            Shortfall::Excess { paid, cost } => rules::payment_excess::new(
                span,
                format!("{paid} energy paid for a cost of {cost}"),
                format!(
                    "{costs}: pay exactly that (spin a double face down to keep its other half)"
                ),
            ),
            Shortfall::Type {
                purchase: _,
                missing,
            } => {
                let ty = super::cards::energy_of(missing);
                let need = each.iter().filter(|(_, t)| t.contains(&missing)).count();
                let have = units.iter().filter(|u| **u == ty).count();
                let wild = units
                    .iter()
                    .filter(|u| **u == crate::syntax::Energy::Wild)
                    .count();
                let message = if have + wild == 0 {
                    format!("no {ty} energy in the payment")
                } else {
                    format!("not enough {ty} energy for every die bought")
                };
                rules::payment_type::new(
                    span,
                    message,
                    format!(
                        "{costs}: each die bought needs its own energy of each of its card's types \
                         ({need} of them {} {ty}); the payment has {have} {ty} and {wild} wild, \
                         and a wild stands for one type, once",
                        if need == 1 { "needs" } else { "need" }
                    ),
                )
            }
        }
    }

    fn field(&mut self, who: usize, dice: &[DieItem], payment: Option<&Payment>) -> Flow {
        self.main_action(who, "fields", "fielding")?;
        let mut cost = 0usize;
        let taken = self.take(dice, who, Zone::Reserve, "fielded")?;
        for &(id, item) in &taken {
            let Some(level) = self.state.level(&self.cards, id) else {
                let shown = shown(self.state.die(id).face.as_ref());
                return self.stuck(rules::not_a_character::new(
                    dice[item].die.span,
                    format!("this die shows {shown}, not a character face"),
                    "only a die rolled to a character face (`L1`, `L2`, `L3`) can be fielded",
                ));
            };
            cost += usize::from(level.fielding);
        }
        let taken: Vec<DieId> = taken.into_iter().map(|(id, _)| id).collect();
        let empty = self.no_payment();
        let payment = payment.unwrap_or(&empty);
        let paid = self.collect_payment(who, payment)?;
        if let Err(short) = energy::pays(&paid.units, &[(cost, &[])]) {
            let costs = format!("the fielding cost is {cost}");
            let v = self.shortfall(short, payment.span, &costs, who, &paid.units, &[]);
            self.violate(v)?;
        }
        self.apply_payment(who, &paid);
        let line = self.line;
        for id in &taken {
            self.state.move_die(*id, Zone::Field, line);
        }
        self.acted(who);
        for &id in &taken {
            let card = self.state.die(id).card;
            if self.abilities_of(card).is_none() {
                return Err(self.undecided(self.line, card, "enters the field"));
            }
            if let Some(why) = self.unapplied_in_field(card) {
                return Err(self.undecided(self.line, card, &why));
            }
        }
        let events: Vec<_> = taken
            .iter()
            .map(|id| (Event::Fielded, About::Die(*id)))
            .collect();
        self.fire(&events, &paid.taken());
        Ok(())
    }

    fn use_action(&mut self, who: usize, die: &DieRef, clauses: &[crate::syntax::Clause]) -> Flow {
        self.active_only(who, "uses an action die")?;
        self.in_step(
            &[Step::Main, Step::Window],
            "an action die",
            "action dice are used in the main step or in the attack step's action window (after blockers)",
        )?;
        self.holds_priority(who)?;
        let Some(id) = self.find(die, who, Zone::Reserve, &[], &[], |_, _| true)? else {
            return self.not_in_zone(die, who, Zone::Reserve, "used", false);
        };
        let d = self.state.die(id);
        if !matches!(d.face, Some(Face::Action { .. })) {
            let shown = shown(d.face.as_ref());
            return self.stuck(rules::not_an_action::new(
                die.span,
                format!("this die shows {shown}, not an action face"),
                "only a die rolled to an action face (`act`, `*`, `**`) is used as an action",
            ));
        }
        self.use_die(who, id, clauses)?;
        self.acted(who);
        Ok(())
    }

    /// Globals (and abilities used whenever a global could be) may react to what happens
    /// at any point of a turn, so only one moment rules them out whatever the card says:
    /// with no attacker declared, the turn ends at once (rules reference, ruling [5]).
    fn global_window(&mut self, what: &str) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !t.no_attack {
            return Ok(());
        }
        let line = t.step_line;
        self.violate(
            rules::out_of_step::new(
                self.line,
                format!("{what} after `attack none`"),
                "with no attacker declared the turn ends at once, and no global ability may be used",
            )
            .with_context(line, "no attacker declared here"),
        )
    }

    /// A global, activated or triggered ability of `card`. Only an activated one waits
    /// for priority: a trigger resolves when it fires, and a global may be a reaction,
    /// which only its text can tell.
    fn ability(&mut self, who: usize, card: super::CardId, what: &str, activated: bool) -> Flow {
        let step = self.turn_ref().expect("turn").step;
        if activated && matches!(step, Step::Main | Step::Window) {
            self.holds_priority(who)?;
        }
        if self.cards.get(card).plain {
            let c = self.cards.get(card);
            if c.kind == DieKind::Sidekick {
                return self.violate(rules::no_such_ability::new(
                    self.line,
                    format!("sidekicks have no {what}"),
                    "a sidekick has no card and so no ability text",
                ));
            }
            let (name, line) = (c.name.clone(), c.line);
            return self.violate(
                rules::no_such_ability::new(
                    self.line,
                    format!("{name} has no {what}"),
                    "the card has no ability text: nothing to use or resolve",
                )
                .with_context(line, "card defined here"),
            );
        }
        Err(self.undecided(self.line, card, &format!("has its {what} used")))
    }

    fn pass(&mut self, who: usize) -> Flow {
        self.in_step(
            &[Step::Main, Step::Window],
            "a pass",
            "priority passes in the main step and in the attack step's action window",
        )?;
        if self.state.edition == Edition::Rules2014 {
            return Ok(());
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
        Ok(())
    }

    /// The end of the main step: unfielded characters go to the used pile.
    fn end_main(&mut self) -> Flow {
        self.require_passes("the main step ends")?;
        let active = self.turn_ref().expect("turn").active;
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Level { .. })));
        self.state.players[active].virtual_energy = 0;
        Ok(())
    }

    /// No attack: no attack step at all; unused action dice go to the used pile.
    fn no_attack(&mut self) {
        let line = self.line;
        let active = self.turn_ref().expect("turn").active;
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Action { .. })));
        let t = self.turn_mut();
        t.step = Step::Cleanup;
        t.step_line = line;
        t.no_attack = true;
    }

    // ---- attack ------------------------------------------------------------------------

    fn attack(&mut self, who: usize, dice: &[DieItem]) -> Flow {
        self.active_only(who, "declares attackers")?;
        if let Some(first) = self.turn_ref().expect("turn").attack {
            return self.violate(
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
            self.no_attack();
            return Ok(());
        }
        let taken = self.take(dice, who, Zone::Field, "attacking")?;
        for &(id, _) in &taken {
            self.state.die_mut(id).attacking = true;
        }
        let line = self.line;
        let t = self.turn_mut();
        t.step = Step::Attack;
        t.step_line = line;
        let events: Vec<_> = taken
            .iter()
            .map(|(id, _)| (Event::Attacks, About::Die(*id)))
            .collect();
        self.fire(&events, &[]);
        Ok(())
    }

    /// Dice of the defender that could block.
    fn can_block(&self, defender: usize) -> bool {
        self.state.zone(defender, Zone::Field).next().is_some()
    }

    /// A line after the attackers that is not `block`: fine only when the defender has no
    /// character to block with.
    fn implied_no_blocks(&mut self) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !matches!(t.step, Step::Attack | Step::Blockers) {
            return Ok(());
        }
        let (defender, attack) = (t.inactive(), t.attack.unwrap_or(t.step_line));
        if self.can_block(defender) {
            let d = self.name(defender).to_string();
            self.violate(
                rules::out_of_step::new(
                    self.line,
                    format!("the attack goes on before {d} declared blockers"),
                    format!("after the attackers, {d} declares blockers: `block BLOCKER -> ATTACKER, …` or `block none`"),
                )
                .with_context(attack, "attackers declared here"),
            )?;
        }
        self.open_window();
        Ok(())
    }

    fn open_window(&mut self) {
        let line = self.line;
        let t = self.turn_mut();
        t.step = Step::Window;
        t.step_line = line;
        t.priority = t.active;
        t.ready = false;
        t.inactive_acted = false;
        t.passed = None;
    }

    fn block(&mut self, who: usize, pairs: &[crate::syntax::BlockPair]) -> Flow {
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
            return self.violate(
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
            let found = self.find(
                &pair.blocker,
                defender,
                Zone::Field,
                &[],
                &blockers,
                |_, _| true,
            )?;
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
                                format!("`{}` is already blocking", pair.blocker),
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
            let a_owner = self.owner_of(&pair.attacker, active)?;
            let attacker = self.find(&pair.attacker, a_owner, Zone::Field, &[], &[], |s, id| {
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
                return self.stuck(
                    rules::block_target::new(
                        pair.attacker.span,
                        format!("`{}` is not an attacker", pair.attacker),
                        format!("the attackers are {}", attackers.join(", ")),
                    )
                    .with_context(line, "attackers declared here"),
                );
            };
            if let Some(by) = self.block_forbidden(blocker, attacker) {
                let name = self.cards.get(self.state.die(attacker).card).name.clone();
                return self.violate(
                    rules::cannot_block::new(
                        pair.blocker.span,
                        format!("`{}` cannot block `{}`", pair.blocker, pair.attacker),
                        format!("{name} cannot be blocked by {by}"),
                    )
                    .with_context(
                        self.cards.get(self.state.die(attacker).card).line,
                        "card defined here",
                    ),
                );
            }
            blockers.push(blocker);
            links.push((blocker, attacker));
        }
        let mut events = Vec::new();
        let mut blocked = Vec::new();
        self.turn_mut().blocked = links.iter().map(|(_, a)| *a).collect();
        for &(b, a) in &links {
            self.state.die_mut(b).blocking = Some(a);
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
        self.fire(&[(Event::BlockersAssigned, About::Nothing)], &[]);
        Ok(())
    }

    /// The action window ends: under the 2018 rules both players must have passed.
    fn close_window(&mut self) -> Flow {
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

    fn blockers_of(&self, attacker: DieId) -> Vec<DieId> {
        self.state
            .ids()
            .filter(|id| self.state.die(*id).blocking == Some(attacker))
            .collect()
    }

    fn stats(&self, id: DieId) -> (u32, u32) {
        super::play::stats(&self.cards, &self.state, id)
    }

    fn assign(&mut self, attacker: &DieRef, shares: &[crate::syntax::DamageShare]) -> Flow {
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
    fn damage(&mut self) -> Flow {
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

    /// A die a move names is not in the zone it takes from. `again` says the line already
    /// took a die of that name (`SK:fist x2` with one fist).
    pub(super) fn not_in_zone(
        &mut self,
        die: &DieRef,
        owner: usize,
        zone: Zone,
        what: &str,
        again: bool,
    ) -> Flow {
        let card = self.card(&die.alias, owner)?;
        let contents = self.contents(owner, zone);
        let (name, place) = (self.name(owner).to_string(), zone_phrase(zone));
        let message = if again {
            format!("no other `{die}` in {name}'s {place} to be {what}")
        } else {
            format!("no `{die}` in {name}'s {place} to be {what}")
        };
        let mut v = rules::die_not_in_zone::new(
            die.span,
            message,
            format!("{name}'s {place} holds {contents}"),
        );
        // Where the card's dice went, when none of them is in that zone at all.
        let none_here = self
            .state
            .zone(owner, zone)
            .all(|id| self.state.die(id).card != card);
        if let (true, Some((z, at))) = (none_here, self.whereabouts(card, owner)) {
            if at != Span::default() {
                let alias = &self.cards.get(card).alias;
                v = v.with_context(
                    at,
                    format!(
                        "one of the {alias} dice went to the {} here",
                        zone_phrase(z)
                    ),
                );
            }
        }
        self.stuck(v)
    }

    // ---- payments ----------------------------------------------------------------------

    /// The payment of a line that writes none: nothing, at the end of the line.
    pub(super) fn no_payment(&self) -> Payment {
        Payment {
            items: Vec::new(),
            span: Span::new(self.line.end, self.line.end),
        }
    }

    pub(super) fn collect_payment(&mut self, who: usize, payment: &Payment) -> Result<Paid, Stop> {
        let mut paid = Paid::default();
        for item in &payment.items {
            match item {
                PaymentItem::Virtual { amount } => {
                    paid.virtual_used += amount.node;
                    let (used, have) = (paid.virtual_used, self.state.players[who].virtual_energy);
                    if used > have {
                        self.violate(rules::virtual_energy::new(
                            amount.span,
                            format!("{used} virtual energy paid, {have} held"),
                            "virtual energy comes from a short draw or a half-spent generic face, and is lost when priority passes",
                        ))?;
                    }
                    paid.units.extend(std::iter::repeat_n(
                        crate::syntax::Energy::Generic,
                        amount.node as usize,
                    ));
                }
                PaymentItem::Die {
                    die,
                    spun_to,
                    count,
                } => {
                    for _ in 0..count.as_ref().map_or(1, |c| c.node) {
                        let Some(id) = self.find_to_spend(die, who, &paid.taken())? else {
                            let card = self.card(&die.alias, who)?;
                            let again = paid
                                .dice
                                .iter()
                                .any(|(id, _)| self.state.die(*id).card == card);
                            self.not_in_zone(die, who, Zone::Reserve, "spent", again)?;
                            continue;
                        };
                        let face = self.state.die(id).face.clone();
                        let Some(units) = face.as_ref().and_then(energy::units) else {
                            let shown = shown(face.as_ref());
                            self.stuck(rules::not_energy::new(
                                die.span,
                                format!("`{die}` shows {shown}, not energy"),
                                "only dice showing energy faces pay costs",
                            ))?;
                            continue;
                        };
                        match spun_to {
                            None => {
                                paid.units.extend(units);
                                paid.dice.push((id, None));
                            }
                            Some(left) => {
                                let face = face.expect("energy face");
                                let Some(spent) = energy::spin_down(&face, &left.node) else {
                                    self.stuck(rules::spin_down::new(
                                        left.span,
                                        format!("`{face}` cannot be spun down to `{}`", left.node),
                                        "a double face spins down to a single face it shows: `2fist->fist`, `fist+bolt->bolt`",
                                    ))?;
                                    continue;
                                };
                                paid.units.extend(spent);
                                paid.dice.push((id, Some(left.node.clone())));
                            }
                        }
                    }
                }
            }
        }
        Ok(paid)
    }

    pub(super) fn apply_payment(&mut self, who: usize, paid: &Paid) {
        let zone = self.state.spent_zone(who);
        let line = self.line;
        self.state.players[who].virtual_energy -= paid
            .virtual_used
            .min(self.state.players[who].virtual_energy);
        for (id, left) in &paid.dice {
            match left {
                None => self.state.move_die(*id, zone, line),
                Some(face)
                    if energy::units(face).is_some_and(|u| {
                        u.iter().all(|e| *e == crate::syntax::Energy::Generic)
                    }) =>
                {
                    // A half-spent generic face leaves virtual energy, not a die.
                    let n = energy::units(face).map_or(0, |u| u.len()) as u32;
                    self.state.players[who].virtual_energy += n;
                    self.state.move_die(*id, zone, line);
                }
                Some(face) => {
                    let die = self.state.die_mut(*id);
                    die.face = Some(face.clone());
                    die.spent = true;
                    die.moved = line;
                }
            }
        }
    }

    // ---- assertions and positions ------------------------------------------------------

    fn assertion(&mut self, s: &StateLine) -> Flow {
        match self.differs(s)? {
            None => Ok(()),
            Some((span, claimed, computed)) => {
                self.violate(rules::assertion_mismatch::new(span, claimed, computed))
            }
        }
    }

    /// Compares a state line with the state: `None` when it holds, else where it is
    /// wrong, what it claims and what the state is.
    fn differs(&mut self, s: &StateLine) -> Result<Option<(Span, String, String)>, Stop> {
        // Before the first turn the state is the setup's: sidekicks in the bags.
        // An assertion after the window closed sees the damage dealt.
        if let Some(t) = self.turn_ref() {
            let settle = matches!(t.step, Step::Window | Step::Damage)
                && (t.ready || self.state.edition == Edition::Rules2014 || t.step == Step::Damage);
            if settle {
                self.damage()?;
            }
        }
        let (span, claimed, computed) = match s {
            StateLine::Life { player, life } => {
                let p = self.player(player)?;
                let have = self.state.players[p].life;
                if i64::from(life.node) == have || (life.node == 0 && have < 0) {
                    return Ok(None);
                }
                (
                    life.span,
                    format!("{} life", life.node),
                    format!("{} has {have} life", self.name(p)),
                )
            }
            StateLine::Zone { zone, player, dice } => {
                let p = self.player(player)?;
                if self.zone_matches(p, zone.node, dice)? {
                    return Ok(None);
                }
                let claimed: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
                let claimed = if claimed.is_empty() {
                    "none".to_string()
                } else {
                    claimed.join(" ")
                };
                (
                    self.line,
                    claimed,
                    format!(
                        "{}'s {} holds {}",
                        self.name(p),
                        zone_phrase(zone.node),
                        self.contents(p, zone.node)
                    ),
                )
            }
            StateLine::Supply { card, count } => {
                let c = self.card(&card.alias, self.turn_ref().map_or(0, |t| t.active))?;
                let left = self.state.supply[usize::from(self.cards.canonical(c).0)];
                if left == count.node {
                    return Ok(None);
                }
                (
                    count.span,
                    format!("{} dice", count.node),
                    format!("{} has {left} dice left", self.cards.get(c).name),
                )
            }
            StateLine::Virtual { player, amount } => {
                let p = self.player(player)?;
                let have = self.state.players[p].virtual_energy;
                if have == amount.node {
                    return Ok(None);
                }
                (
                    amount.span,
                    format!("{} virtual energy", amount.node),
                    format!("{} has {have} virtual energy", self.name(p)),
                )
            }
            StateLine::Priority { player } => {
                let p = self.player(player)?;
                let holder = self.turn_ref().map(|t| t.priority);
                if holder == Some(p) {
                    return Ok(None);
                }
                let now = holder.map_or("nobody".to_string(), |h| self.name(h).to_string());
                (
                    player.span,
                    format!("{} has priority", self.name(p)),
                    format!("{now} holds priority"),
                )
            }
            // Only a probe asserts a turn: in a log, the line belongs in a position block.
            StateLine::Turn {
                number,
                player,
                step,
            } => {
                let p = self.player(player)?;
                let now = self.turn_ref().map(|t| (t.number, t.active, t.step));
                if now == Some((number.node, p, step.node)) {
                    return Ok(None);
                }
                let computed = match now {
                    Some((n, a, st)) => format!("it is turn {n} {}, {st} step", self.name(a)),
                    None => "no turn has started".to_string(),
                };
                (
                    self.line,
                    format!("turn {} {} {}", number.node, self.name(p), step.node),
                    computed,
                )
            }
        };
        Ok(Some((span, claimed, computed)))
    }

    /// Whether a zone holds exactly the dice an assertion lists. A listed die may leave
    /// out its face or state; the most specific are matched first.
    fn zone_matches(&mut self, player: usize, zone: Zone, items: &[DieItem]) -> Result<bool, Stop> {
        let mut order: Vec<&DieItem> = items.iter().collect();
        order.sort_by_key(|i| {
            std::cmp::Reverse(usize::from(i.die.face.is_some()) + i.modifiers.len())
        });
        let mut taken = Vec::new();
        for item in order {
            let owner = self.owner_of(&item.die, player)?;
            let card = self.card(&item.die.alias, owner)?;
            for _ in 0..item.times() {
                let found = self.state.zone(player, zone).find(|id| {
                    let d = self.state.die(*id);
                    !taken.contains(id)
                        && self.cards.canonical(d.card) == self.cards.canonical(card)
                        && item
                            .die
                            .face
                            .as_ref()
                            .is_none_or(|f| d.face.as_ref() == Some(&f.node))
                });
                match found {
                    Some(id) if self.modifiers_ok(id, item)? => taken.push(id),
                    _ => return Ok(false),
                }
            }
        }
        Ok(taken.len() == self.state.count(player, zone))
    }

    /// A die's state matches an assertion's brackets: every mark written holds, and the
    /// die has no other (`[dmg=2]` does not match a damaged attacker).
    fn modifiers_ok(&mut self, id: DieId, item: &DieItem) -> Result<bool, Stop> {
        if item.modifiers.is_empty() {
            return Ok(true);
        }
        let d = self.state.die(id);
        let marks = usize::from(d.damage > 0)
            + usize::from(d.attacking)
            + usize::from(d.blocking.is_some())
            + usize::from(d.spent);
        // `dmg=0` says the die is undamaged: it matches, but is no mark.
        let written = item
            .modifiers
            .iter()
            .filter(|m| m.node != crate::syntax::Modifier::Damage(0))
            .count();
        Ok(marks == written && self.modifiers_match(id, &item.modifiers)?)
    }

    fn position(&mut self, p: &Position) -> Flow {
        self.game_over(self.line)?;
        let mut state = GameState::new(
            &self.cards,
            self.state.edition,
            self.state.start_life,
            self.state.first,
        );
        // Sidekicks start placed by the block, like every other die.
        state.dice.clear();
        let mut blocking = Vec::new();
        let mut supply_lines = Vec::new();
        let mut priority = None;
        let mut unmodelled = None;
        for entry in &p.entries {
            match &entry.node {
                StateLine::Turn {
                    number,
                    player,
                    step,
                } => {
                    let pl = self.player(player)?;
                    let mut t = Turn::new(number.node, pl, self.line);
                    t.step = step.node;
                    if step.node == Step::Blockers {
                        t.step = Step::Window;
                    }
                    if !matches!(step.node, Step::Draw) {
                        t.drawn = 4;
                        t.drawn_oop = 1;
                    }
                    if !matches!(step.node, Step::Draw | Step::Roll) {
                        t.roll = Some(self.line);
                    }
                    if matches!(
                        step.node,
                        Step::Attack | Step::Blockers | Step::Window | Step::Damage | Step::Cleanup
                    ) {
                        t.attack = Some(self.line);
                    }
                    if matches!(step.node, Step::Blockers | Step::Window | Step::Damage) {
                        t.block = Some(self.line);
                    }
                    state.turn = Some(t);
                }
                StateLine::Life { player, life } => {
                    let pl = self.player(player)?;
                    // Life never rises above the start: gains beyond it are lost.
                    if life.node > state.start_life {
                        return Err(self.impossible(
                            life.span,
                            format!(
                                "{} life is more than the {} the game started with",
                                life.node, state.start_life
                            ),
                            "a player's life never goes above the starting life (gains beyond it are lost)",
                        ));
                    }
                    state.players[pl].life = i64::from(life.node);
                }
                StateLine::Virtual { player, amount } => {
                    let pl = self.player(player)?;
                    state.players[pl].virtual_energy = amount.node;
                }
                StateLine::Priority { player } => priority = Some(self.player(player)?),
                StateLine::Supply { card, count } => supply_lines.push((card, count, entry.span)),
                StateLine::Zone { zone, player, dice } => {
                    let pl = self.player(player)?;
                    for item in dice {
                        let owner = self.owner_of(&item.die, pl)?;
                        let card = self.card(&item.die.alias, owner)?;
                        let face = item.die.face.as_ref().map(|f| f.node.clone());
                        let shows = matches!(zone.node, Zone::Reserve | Zone::Field);
                        if face.is_some() != shows {
                            return Err(self.impossible(
                                item.span,
                                if shows {
                                    format!("a die in the {} needs its face", zone_phrase(zone.node))
                                } else {
                                    format!("dice in the {} show no face", zone_phrase(zone.node))
                                },
                                "write a face on each die in the reserve pool and the field, and on no other",
                            ));
                        }
                        // A character with unmodelled text in the field could change
                        // anything from here on, as when it is fielded.
                        if zone.node == Zone::Field
                            && (self.abilities_of(card).is_none()
                                || self.unapplied_in_field(card).is_some())
                        {
                            unmodelled.get_or_insert((item.span, card));
                        }
                        if let Some(f) = &face {
                            if !self.cards.has_face(card, f) {
                                let c = self.cards.get(card);
                                return Err(self.impossible(
                                    item.span,
                                    format!("{}'s die has no {f} face", c.name),
                                    &format!("its faces: {}", describe_faces(c)),
                                ));
                            }
                        }
                        for _ in 0..item.times() {
                            let id = state.add_die(card, pl, zone.node, self.line);
                            let die = state.die_mut(id);
                            die.face = face.clone();
                            for m in &item.modifiers {
                                match &m.node {
                                    crate::syntax::Modifier::Damage(n) => die.damage = *n,
                                    crate::syntax::Modifier::Attacking => die.attacking = true,
                                    crate::syntax::Modifier::Spent => die.spent = true,
                                    crate::syntax::Modifier::Blocking(target) => {
                                        blocking.push((id, target, m.span))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Dice counts: no more dice of a card than the game has.
        for id in self.cards.ids().collect::<Vec<_>>() {
            let card = self.cards.get(id);
            if card.dice == 0 {
                continue;
            }
            let in_play = state
                .dice
                .iter()
                .filter(|d| self.cards.canonical(d.card) == id)
                .count() as u32;
            if in_play > card.dice {
                let (name, dice, line) = (card.name.clone(), card.dice, card.line);
                return Err(self.error(
                    EngineError::new(
                        EngineCode::ImpossiblePosition,
                        self.line,
                        format!("the position has {in_play} dice of {name}, the game {dice}"),
                        "too many dice",
                    )
                    .with_help("list each die once, in the zone where it is")
                    .with_context(line, "dice brought here"),
                ));
            }
            state.supply[usize::from(id.0)] = if card.kind == DieKind::Sidekick {
                0
            } else {
                card.dice - in_play
            };
        }
        for (card, count, span) in supply_lines {
            let c = self.card(&card.alias, 0)?;
            let c = self.cards.canonical(c);
            let most = state.supply[usize::from(c.0)];
            if count.node > most {
                return Err(self.impossible(
                    span,
                    format!(
                        "{} dice on the card, but only {most} are not in play",
                        count.node
                    ),
                    "the supply is what is not in a zone; leave the line out to let dmlint count",
                ));
            }
            state.supply[usize::from(c.0)] = count.node;
        }
        let Some(turn) = state.turn.as_ref() else {
            return Err(self.impossible(
                self.line,
                "the position names no turn".to_string(),
                "add `turn N PLAYER STEP`",
            ));
        };
        let (active, step) = (turn.active, turn.step);
        for (blocker, target, span) in blocking {
            let card = self.card(&target.alias, active)?;
            let found = state.ids().find(|id| {
                let d = state.die(*id);
                d.owner == active
                    && d.attacking
                    && d.card == card
                    && target
                        .face
                        .as_ref()
                        .is_none_or(|f| d.face.as_ref() == Some(&f.node))
            });
            match found {
                Some(a) => state.die_mut(blocker).blocking = Some(a),
                None => {
                    return Err(self.impossible(
                        span,
                        format!("no attacker `{target}` to block"),
                        "mark the attacker `[attacking]`",
                    ));
                }
            }
        }
        let rolled = if step == Step::Roll {
            state.zone(active, Zone::Reserve).collect()
        } else {
            Vec::new()
        };
        if let Some(t) = state.turn.as_mut() {
            t.step_line = self.line;
            t.priority = priority.unwrap_or(active);
            t.rolled = rolled;
        }
        self.state = state;
        self.started = true;
        match unmodelled {
            Some((span, card)) => {
                let why = self
                    .unapplied_in_field(card)
                    .unwrap_or_else(|| "is in the field".to_string());
                Err(self.undecided(span, card, &why))
            }
            None => Ok(()),
        }
    }

    fn impossible(&mut self, span: Span, message: String, help: &str) -> Stop {
        self.error(
            EngineError::new(
                EngineCode::ImpossiblePosition,
                span,
                message,
                "not a possible state",
            )
            .with_help(help.to_string()),
        )
    }
}

/// The dice a payment spends and the energy they give.
#[derive(Debug, Default)]
pub(super) struct Paid {
    pub(super) units: Vec<crate::syntax::Energy>,
    /// Each die, and the face it is spun down to when only part of it was spent.
    pub(super) dice: Vec<(DieId, Option<Face>)>,
    pub(super) virtual_used: u32,
}

impl Paid {
    fn taken(&self) -> Vec<DieId> {
        self.dice.iter().map(|(d, _)| *d).collect()
    }
}

/// The face a die shows, for messages.
fn shown(face: Option<&Face>) -> String {
    face.map_or("no face".to_string(), |f| f.to_string())
}

fn step_name(step: Step) -> &'static str {
    match step {
        Step::Draw => "clear and draw step",
        Step::Roll => "roll and reroll step",
        Step::Main => "main step",
        Step::Attack => "attack step (attackers declared)",
        Step::Blockers | Step::Window => "attack step's action window",
        Step::Damage => "attack step's damage",
        Step::Cleanup => "cleanup step",
    }
}

/// A die's faces for help lines: "L1 L2 L3, and energy faces of its type (fist)".
fn describe_faces(c: &super::cards::GameCard) -> String {
    let mut parts: Vec<String> = (1..=c.levels.len()).map(|l| format!("L{l}")).collect();
    parts.extend(c.actions.iter().map(|b| match b {
        0 => "act".to_string(),
        n => "*".repeat(usize::from(*n)),
    }));
    match &c.energy_faces {
        Some(faces) => parts.extend(faces.iter().map(|f| f.to_string())),
        None if c.kind == DieKind::BasicAction => {
            parts.push("generic energy (1gen, 2gen)".to_string())
        }
        None => {
            let types: Vec<String> = c
                .energy
                .iter()
                .map(|t| super::cards::energy_of(*t).to_string())
                .collect();
            parts.push(format!("energy of its type ({})", types.join(", ")));
        }
    }
    parts.join(" ")
}
