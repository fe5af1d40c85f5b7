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
    DieRef, Edition, Face, Game, Header, Line, Move, Span, Spanned, StateLine, Statement, Step,
    Text, Zone,
};

use super::cards::{DieKind, GameCards, starting_life};
use super::error::{EngineCode, EngineError};
use super::resolve::zone_phrase;
use super::state::{GameState, Outcome, Turn};

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
    /// `dmlint::engine::unverified-face` warnings: one per card, at the first face of it
    /// the card data cannot confirm. Kept apart from `errors`, which say why a game was
    /// not decided: these say what a decided game rests on.
    pub unverified: Vec<EngineError>,
    /// Every distinct card (by name) and face the replay took as written.
    pub unverified_faces: Vec<(String, Face)>,
    /// Waiver lines that let a violation (or undecided text) stand: a game with any is
    /// "legal, with N waivers", never plain "legal".
    pub waived: usize,
    /// The game where the replay stopped early, still playable: what else the rules
    /// allowed at the stopping line is asked of it ([`super::allowed`]). `None` when the
    /// replay ran to the end of the log or never set a game up.
    pub resume: Option<Box<Table>>,
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

pub(super) struct Waiver {
    code: Text,
    span: Span,
    used: bool,
    /// Carried over from the line before to the judge's position block after it: not
    /// reported when nothing uses it.
    carried: bool,
}

pub(super) struct Replayer {
    pub(super) cards: GameCards,
    pub(super) state: GameState,
    pub(super) out: Replay,
    /// The line being replayed.
    pub(super) line: Span,
    pub(super) waivers: Vec<Waiver>,
    /// Whether a turn or position has set the state up.
    pub(super) started: bool,
    /// The line where the game ended.
    pub(super) ended: Option<Span>,
    /// The `first` line, if any.
    pub(super) first_line: Option<Span>,
    /// The log writes priority passes: before 2018, where they are optional, the
    /// tournament procedure is then checked.
    pub(super) writes_passes: bool,
    /// Whether the replay went on, somewhere, because `writes_passes` was false: a
    /// replay that reads the game as it is parsed must start again if the log then
    /// writes a pass after all ([`Table::streaming`]).
    pub(super) passes_assumed: bool,
    /// A reactive global's effects are under way: what they set off answers an event
    /// already answered, and opens none to answer (rules reference, Use Actions and
    /// Global Abilities, rulings [7] and [8]).
    pub(super) answering: bool,
    /// The player dealing the current effect's damage with an action die or a global
    /// ability, for the `deals-effect-damage` event.
    pub(super) dealing: Option<usize>,
    /// The damage each die took in the event about to be fired, for the `taken` of the
    /// triggers it sets off (`effects::prevent_taken`); cleared as they are queued.
    pub(super) hits: Vec<(super::state::DieId, u32)>,
    /// The die whose own prevention is resolving, with the damage its event dealt
    /// (`effects::prevent_taken`).
    pub(super) taking: Option<(super::state::DieId, u32)>,
    /// The kind of the ability whose effects are choosing targets now, and its user: a
    /// die that cannot be targeted by it is no valid target (`effects::cant_be_targeted`).
    pub(super) targeting: Option<(crate::cards::ability::Kind, usize)>,
    /// The waiver of undecided text on the line just replayed: the `position` block right
    /// after it is the judge's statement of what the text did, covered by the same
    /// ruling.
    pub(super) ruling: Option<Span>,
    /// Abilities resolving at one moment, together (before 2018, the end-of-turn
    /// effects): the changes each makes wait here, to be made all at once.
    pub(super) collect: Option<Vec<super::state::Op>>,
    /// Each player's life changes since it was last known, with their causes.
    pub(super) life_log: [super::life::LifeLog; 2],
    /// The card whose effect is being applied, for the cause of a change of life.
    pub(super) effect_card: Option<super::CardId>,
    /// Who deals the damage of the effect being applied, for the statics that lessen
    /// damage from some sources (`effects::damage_from`).
    pub(super) damage_by: super::effects::By,
    /// The action die being used, while its ability runs: the source of its damage.
    pub(super) action_die: Option<super::state::DieId>,
    /// The cards whose static burst the table left unsettled at the last line
    /// (`effects::text`): reported as it becomes so, not again on each line after.
    pub(super) unsettled: Vec<super::CardId>,
    /// Card text found undecided where the replay could not stop (a knock-out deep in an
    /// effect, an event firing): the first only, reported as the line's moves settle
    /// (`Replayer::undecided_later`).
    pub(super) deferred: Option<(super::CardId, &'static str)>,
    /// Whose doing the moves under way are: the dice leaving the field (Aftershock) and
    /// the knock-outs (Experience) (`effects::leaving`).
    pub(super) cause: Option<super::effects::Cause>,
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
        if !r.replay_line(line) {
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

/// The help of a game without its two teams: a `team` line and a card line, from a
/// team the game has when it has one.
fn missing_team_help(setup: &Setup) -> String {
    let team = setup.teams.first();
    let player = team.map_or("Ann", |t| t.player);
    let card = team
        .and_then(|t| t.cards.first())
        .map_or("GR = Ghost Rider: Johnny Blaze x2".to_string(), |c| {
            c.def.to_string()
        });
    format!(
        "a game needs two teams, each a `team` line naming its player followed by that \
         player's cards, such as `team {player}` then `{card}`"
    )
}

/// A game under way, played one line at a time: the replay's engine for a caller that
/// makes the lines as it goes (`dmlint gen`, the move generator's tests) rather than
/// reading them from a log.
pub struct Table {
    r: Replayer,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("state", &self.r.state)
            .finish_non_exhaustive()
    }
}

/// What [`Table`] puts back, besides the state, when a line is refused or only tried.
struct Marks {
    started: bool,
    ended: Option<Span>,
    life_log: [super::life::LifeLog; 2],
    /// The lengths of the replay's unverified-face warnings and faces.
    unverified: (usize, usize),
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
                    .with_help(missing_team_help(&setup)),
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
            writes_passes: game.lines.iter().any(|l| {
                matches!(&l.statement, Statement::Move { action, .. } if matches!(**action, Move::Pass))
            }),
            passes_assumed: false,
            answering: false,
            dealing: None,
            hits: Vec::new(),
            taking: None,
            targeting: None,
            ruling: None,
            collect: None,
            life_log: std::array::from_fn(|_| super::life::LifeLog::new(i64::from(life), None)),
            effect_card: None,
            damage_by: super::effects::By::Unknown,
            action_die: None,
            unsettled: Vec::new(),
            deferred: None,
            cause: None,
        };
        if let Some((name, span)) = first {
            match r.player(&name) {
                Ok(p) => {
                    r.state.first = p;
                    r.state.first_named = true;
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

    /// Replays one line of a log, as [`replay`] does; `false` when the replay stops
    /// there (the line is [`Replay::stopped`]), and no later line may be given.
    pub fn replay_line(&mut self, line: &Line) -> bool {
        self.r.replay_line(line)
    }

    /// Whether the replay so far rests on the log writing no priority pass: a game
    /// replayed as its lines are parsed, from [`Table::new`] given only the lines up to
    /// its first turn, position or move, must be replayed again from the start (with the
    /// whole game) when a `pass` comes later.
    pub fn assumes_no_passes(&self) -> bool {
        self.r.passes_assumed
    }

    /// Plays one line. A line the rules refuse leaves the game as it was, and says why;
    /// a waived violation is kept as a warning, as in a replay.
    pub fn play(&mut self, line: &Line) -> Result<(), Rejected> {
        let before = self.snapshot();
        self.apply(line).inspect_err(|_| self.restore(before))
    }

    /// The state `line` would lead to, without playing it.
    pub fn accepts(&mut self, line: &Line) -> Result<GameState, Rejected> {
        let (state, marks) = self.snapshot();
        let applied = self.apply(line);
        let after = std::mem::replace(&mut self.r.state, state);
        self.unmark(marks);
        applied.map(|()| after)
    }

    /// What a line may change beyond the diagnostics, which `apply` takes back itself.
    fn snapshot(&self) -> (GameState, Marks) {
        let marks = Marks {
            started: self.r.started,
            ended: self.r.ended,
            life_log: self.r.life_log.clone(),
            unverified: (
                self.r.out.unverified.len(),
                self.r.out.unverified_faces.len(),
            ),
        };
        (self.r.state.clone(), marks)
    }

    fn restore(&mut self, (state, marks): (GameState, Marks)) {
        self.r.state = state;
        self.unmark(marks);
    }

    fn unmark(&mut self, m: Marks) {
        (self.r.started, self.r.ended) = (m.started, m.ended);
        self.r.life_log = m.life_log;
        // A face of a line that did not happen was not relied on.
        self.r.out.unverified.truncate(m.unverified.0);
        self.r.out.unverified_faces.truncate(m.unverified.1);
    }

    /// Plays a line; on refusal the state is left half-changed (the caller restores it)
    /// and the line's diagnostics are taken out of the replay's report.
    fn apply(&mut self, line: &Line) -> Result<(), Rejected> {
        let r = &mut self.r;
        // In a log the parser refuses a move or an `end` outside a turn (after `end`, or
        // before the first `turn`), and the replay never sees it; a caller's line gets
        // the same answer here. After `end` only a `resolve` may come, for an end-of-turn
        // effect.
        let in_turn = r.state.turn.as_ref().is_some_and(|t| !t.done);
        let after_end = r.state.turn.as_ref().is_some_and(|t| t.done);
        let resolve = matches!(&line.statement, Statement::Move { action, .. } if matches!(**action, Move::Resolve { .. }));
        if matches!(line.statement, Statement::Move { .. } | Statement::End)
            && !in_turn
            && !(after_end && resolve)
        {
            return Err(Rejected {
                violations: Vec::new(),
                errors: vec![
                    EngineError::new(
                        EngineCode::Unreplayable,
                        line.span,
                        "a move outside any turn",
                        "no turn is under way",
                    )
                    .with_help(match r.next_turn() {
                        Some((p, n)) => format!(
                            "start the turn first: a `turn` line with its number and player, `turn {n} {}`",
                            r.name(p)
                        ),
                        None => "start the turn first: a `turn` line with its number and player"
                            .to_string(),
                    }),
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

    /// One line of a log replayed; `false` when the replay stops at it.
    fn replay_line(&mut self, line: &Line) -> bool {
        self.line = line.span;
        if self.line_(line).is_err() {
            self.out.stopped = Some(line.span);
            return false;
        }
        true
    }

    fn finish(mut self) -> Replay {
        self.flush_waivers();
        if !self.started {
            return self.out;
        }
        if self.out.stopped.is_none() {
            self.out.end = Some((self.cards, self.state));
            return self.out;
        }
        // Stopped early: the game is kept as the stopping line found it (the table
        // the board shows), with none of the replay's report, for what else it allowed.
        let mut out = std::mem::take(&mut self.out);
        out.end = Some((self.cards.clone(), self.state.clone()));
        self.waivers.clear();
        out.resume = Some(Box::new(Table { r: self }));
        out
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
            // A prevention global answering damage held for it (`effects::prevent_damage`).
            Statement::Move { actor, action } if matches!(**action, Move::Global { .. }) => {
                let Move::Global { card, .. } = &**action else {
                    unreachable!("matched above")
                };
                let who = actor
                    .as_ref()
                    .and_then(|a| self.cards.player(&a.node))
                    .or(self.state.turn.as_ref().map(|t| t.active));
                who.and_then(|w| self.cards.by_alias(&card.alias.node, w))
                    .is_some_and(|c| self.answers_prevention(c))
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
        // The judge's position block after a waived undecided line: the same ruling
        // covers the card text it places in play.
        let ruling = self.ruling.take();
        if let (Some(span), Statement::Position(_)) = (ruling, &line.statement) {
            self.waivers.push(Waiver {
                code: crate::diag::Code::code(EngineCode::Undecided).into(),
                span,
                used: false,
                carried: true,
            });
        }
        let result = match &line.statement {
            Statement::Waiver { code, .. } => {
                self.waivers.push(Waiver {
                    code: code.node.clone(),
                    span: line.span,
                    used: false,
                    carried: false,
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
        // A static whose burst the table leaves open (two dice showing it) is read
        // wherever a stat is: the line that made it so is where it matters.
        let result = result.and_then(|()| self.static_bursts_settled());
        let result = result.and_then(|()| self.report_open());
        if applies_waivers {
            self.flush_waivers();
        }
        result
    }

    /// Waivers apply to the line after them; one that nothing used is reported.
    fn flush_waivers(&mut self) {
        for w in std::mem::take(&mut self.waivers) {
            // Each waiver line a violation used is one ruling the verdict counts.
            self.out.waived += usize::from(w.used && !w.carried);
            if !w.used && !w.carried {
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
        let v = rules::cite(v, self.state.edition);
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
    pub(in crate::engine) fn stuck(&mut self, v: Violation) -> Flow {
        let span = v.span;
        self.violate(v)?;
        Err(self.unreplayable(span, "no state has this move"))
    }

    /// The waived move cannot be applied as written: the replay cannot go on.
    pub(in crate::engine) fn unreplayable(&mut self, span: Span, label: &str) -> Stop {
        self.error(
            EngineError::new(
                EngineCode::Unreplayable,
                span,
                "the waived move cannot be replayed",
                label,
            )
            .with_help(
                "a waiver lets an illegal move stand, but this one names dice that are not \
                 there, or leaves out what the rules need to go on; correct the line (or a \
                 `position` block after it) to go on",
            ),
        )
    }

    /// Undecided: the card text would act here and is not applied. A judge may waive it
    /// (`waive dmlint::engine::undecided "…"`) and say what the text did with a
    /// `position` block after the line: the replay then goes on without the text, the
    /// waived diagnostic is kept (a warning), and the verdict counts the waiver.
    /// Text undecided at a point the replay cannot stop (an event firing): kept, the first
    /// one only, and reported as the line's moves settle ([`Replayer::report_open`]).
    pub(super) fn undecided_later(&mut self, card: super::CardId, what: &'static str) {
        self.deferred.get_or_insert((card, what));
    }

    /// The text found undecided while the line's events fired, if any.
    pub(super) fn report_open(&mut self) -> Flow {
        match self.deferred.take() {
            Some((card, what)) => self.undecided(self.line, card, what),
            None => Ok(()),
        }
    }

    pub(super) fn undecided(&mut self, span: Span, card: super::CardId, what: &str) -> Flow {
        let e = self.undecided_error(span, card, what);
        let code = crate::diag::Code::code(EngineCode::Undecided);
        let waiver = self
            .waivers
            .iter_mut()
            .find(|w| w.code == code || code.rsplit("::").next() == Some(w.code.as_str()));
        match waiver {
            // The judge's position after a waived line: the ruling already said so.
            Some(w) if w.carried => {
                w.used = true;
                Ok(())
            }
            Some(w) => {
                w.used = true;
                let at = w.span;
                let mut e = e.with_severity(Severity::Warning);
                e.message = format!("waived: {}", e.message);
                e.label = "the judge rules what the text did".to_string();
                e.context = Some((at, "waived here".to_string()));
                self.out.errors.push(e);
                self.ruling = Some(at);
                Ok(())
            }
            None => Err(self.error(e)),
        }
    }

    fn undecided_error(&self, span: Span, card: super::CardId, what: &str) -> EngineError {
        let c = self.cards.get(card);
        let text = c
            .summary
            .as_ref()
            .map_or(String::new(), |s| format!(" (card text, in short: {s})"));
        EngineError::new(
            EngineCode::Undecided,
            span,
            format!("undecided: {} {what}", c.name),
            "dmlint cannot replay past this line",
        )
        .with_help(if c.abilities.is_some() {
            format!(
                "{0}'s text is encoded, but dmlint does not apply this part of it yet and will \
                 not guess (`dmlint cards \"{0}\"` shows it); the moves before this line were checked; a \
                 judge who knows what it did may waive `dmlint::engine::undecided` and state the \
                 result in a position block after the line",
                c.name
            )
        } else {
            format!(
                "{}'s abilities are not modelled yet, so dmlint will not guess what they do{text}; \
                 the moves before this line were checked; a judge who knows what it did may waive \
                 `dmlint::engine::undecided` and state the result in a position block after the line",
                c.name
            )
        })
        .with_context(c.line, "card defined here")
    }

    /// A face the log says a die of `card` shows: rolled, rerolled, spun down to, or set
    /// in a position. When the card data cannot confirm it, the verdict rests on it as
    /// written: the first such face of each card is warned about, and every distinct
    /// card and face is counted. A card is its name, so both players' Ghost Riders, or a
    /// shared basic action's two aliases, are one card whose faces are one question.
    pub(super) fn relied_on(&mut self, card: super::CardId, face: &Spanned<Face>) {
        if matches!(face.node, Face::Level { .. }) && !self.cards.get(card).disputed.is_empty() {
            self.relied_on_disputed(card, face);
            return;
        }
        if self.cards.face_verified(card, &face.node) {
            return;
        }
        let c = self.cards.get(card);
        // Asked at every such face of a game: compare before copying anything.
        let seen = |(n, f): &(String, Face)| *n == c.name && *f == face.node;
        if self.out.unverified_faces.iter().any(seen) {
            return;
        }
        let key = (c.name.clone(), face.node.clone());
        if !self.out.unverified_faces.iter().any(|(n, _)| *n == key.0) {
            let symbols = if c.kind == DieKind::BasicAction || c.energy.is_empty() {
                "gen".to_string()
            } else {
                c.energy
                    .iter()
                    .map(|t| super::cards::energy_of(*t).to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            };
            let w = EngineError::new(
                EngineCode::UnverifiedFace,
                face.span,
                format!(
                    "{}'s energy faces are not in the card data: `{}` is taken as written",
                    c.name, face.node
                ),
                format!("unverified: {}:{}", c.alias, face.node),
            )
            // No label on the card's line: a warning most games get should stay short.
            .with_help(format!(
                "the card data records this die's energy faces as `unknown`, so any face of \
                 one or two {symbols} symbols is accepted unchecked (cards/README.md, Schema: a \
                 die whose `energy` is `unknown`): check the die itself, or give its faces with `--cards \
                 FILE`; the summary counts this card's other such faces, unwarned"
            ))
            .with_severity(Severity::Warning);
            self.out.unverified.push(w);
        }
        self.out.unverified_faces.push(key);
    }

    /// A character face of a card whose stats the sources dispute: the verdict rests on
    /// the kept value. Warned at the first such face of each card, counted with the
    /// unverified faces (a face the data cannot confirm is what the summary counts).
    fn relied_on_disputed(&mut self, card: super::CardId, face: &Spanned<Face>) {
        let c = self.cards.get(card);
        let seen = |(n, f): &(String, Face)| *n == c.name && *f == face.node;
        if self.out.unverified_faces.iter().any(seen) {
            return;
        }
        let key = (c.name.clone(), face.node.clone());
        if !self.out.unverified_faces.iter().any(|(n, _)| *n == key.0) {
            let w = EngineError::new(
                EngineCode::DisputedStat,
                face.span,
                format!(
                    "{}'s stats are disputed between the card sources: `{}` is replayed with the \
                     value kept ({})",
                    c.name,
                    face.node,
                    c.disputed.join("; ")
                ),
                format!("disputed: {}:{}", c.alias, face.node),
            )
            .with_help(format!(
                "`dmlint cards \"{}\"` shows each source's value; check the card itself, or give \
                 its stats with `--cards FILE`; the summary counts this card's other faces, unwarned",
                c.name
            ))
            .with_severity(Severity::Warning);
            self.out.unverified.push(w);
        }
        self.out.unverified_faces.push(key);
    }

    pub(super) fn turn_ref(&self) -> Option<&Turn> {
        self.state.turn.as_ref()
    }

    pub(super) fn turn_mut(&mut self) -> &mut Turn {
        self.state.turn.as_mut().expect("a turn is under way")
    }

    pub(in crate::engine) fn game_over(&mut self, span: Span) -> Flow {
        if self.state.outcome.is_some() {
            let ended = self.ended.unwrap_or(span);
            let how = self.outcome_text();
            self.violate(rules::game_over::new(span, how, ended))?;
            // Waived: the judge ruled the game went on, and it goes on from here.
            self.state.outcome = None;
            self.state.conceded = None;
            self.ended = None;
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

    fn move_(&mut self, actor: Option<&Spanned<Text>>, action: &Move) -> Flow {
        self.game_over(self.line)?;
        let Some(t) = self.turn_ref() else {
            return Ok(()); // a move outside a turn is a syntax error, reported already
        };
        let (active, step) = (t.active, t.step);
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
        // A reactive global answers what the last move set off, at once; any other move
        // ends the moment to answer it (Avengers Infinity rulebook, MORE ABOUT GLOBAL
        // ABILITIES: "you must decide immediately").
        let answer = self.answers_event(action, who);
        if !answer {
            self.turn_mut().reactable.clear();
        }
        // A player may concede at any moment: nothing else has to happen first. A
        // reaction comes before the triggers of the event it answers resolve.
        if !matches!(action, Move::Resolve { .. } | Move::Concede) && !answer && self.has_pending()
        {
            self.unresolved()?;
        }
        if let Move::Concede = action {
            self.state.conceded = Some(who);
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
            // A trigger the roll set off (Energize) resolves within the step: the reroll
            // may still follow.
            (Step::Roll, Move::Resolve { .. }) if self.has_pending() => {}
            (Step::Roll, _) => self.enter_main(),
            // With nothing waiting and no character to block with, a `resolve` answers
            // what the blocks left out open (Infiltrate's choice, `keywords::infiltrate`).
            (Step::Attack | Step::Blockers, Move::Resolve { .. })
                if !self.has_pending()
                    && !self.can_block(1 - active)
                    && self.infiltrator_attacks() =>
            {
                self.implied_no_blocks()?;
            }
            // With no character to block with, the blocks are left out and the next line
            // implies them (grammar/README.md): a global or an ability used like one
            // written there is in the action window that follows (000:726-752), as an
            // action die is. Attack triggers still resolve, and reactive globals answer
            // them, first.
            (Step::Attack | Step::Blockers, Move::Global { .. } | Move::Activate { .. })
                if !answer && !self.has_pending() && !self.can_block(1 - active) =>
            {
                self.implied_no_blocks()?;
            }
            // Attack triggers resolve (and reactive globals answer them) before blockers;
            // any other global or activated ability there is out of step: its handler says so.
            (
                Step::Attack | Step::Blockers,
                Move::Resolve { .. } | Move::Global { .. } | Move::Activate { .. },
            ) => {}
            (Step::Attack | Step::Blockers, _) => {
                self.implied_no_blocks()?;
                // A choice the blocks left out opened (Infiltrate) was skipped.
                if self.has_pending() {
                    self.unresolved()?;
                }
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
                    // Waived, the use is still an action: priority comes back after it.
                    self.ability(who, card, "global ability", false, clauses)?;
                    self.acted(who);
                    return Ok(());
                }
                self.use_global(who, card, clauses)
            }
            Move::Activate { die, clauses } => self.activate(who, die, clauses),
            Move::Resolve { die, clauses } => {
                let owner = self.owner_of(die, who)?;
                let card = self.card(&die.alias, owner)?;
                if self.cards.get(card).plain {
                    return self.ability(who, card, "ability", false, clauses);
                }
                self.resolve_line(who, die, clauses)
            }
            Move::Pass => self.pass(who),
            Move::Attack { dice } => self.attack(who, dice),
            Move::Block { .. } => unreachable!("handled above"),
            Move::Assign { attacker, shares } => {
                self.active_only(who, "assigns an attacker's damage")?;
                self.assign(attacker, shares)?;
                self.deal_when_assigned()
            }
            Move::Damage => self.damage_line(who),
            Move::Concede => unreachable!("handled above"),
        }
    }

    /// A move only the active player makes.
    pub(in crate::engine) fn active_only(&mut self, who: usize, what: &str) -> Flow {
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
    pub(in crate::engine) fn in_step(&mut self, allowed: &[Step], what: &str, help: &str) -> Flow {
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
        if let (true, Some((z, at))) = (none_here, self.whereabouts(card, owner))
            && at != Span::default()
        {
            let alias = &self.cards.get(card).alias;
            v = v.with_context(
                at,
                format!(
                    "one of the {alias} dice went to the {} here",
                    zone_phrase(z)
                ),
            );
        }
        self.stuck(v)
    }
}

/// The face a die shows, for messages.
pub(in crate::engine) fn shown(face: Option<&Face>) -> String {
    face.map_or("no face".to_string(), |f| f.to_string())
}

pub(in crate::engine) fn step_name(step: Step) -> &'static str {
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
pub(in crate::engine) fn describe_faces(c: &super::cards::GameCard) -> String {
    let mut parts: Vec<String> = (1..=c.levels.len()).map(|l| format!("L{l}")).collect();
    parts.extend(c.actions.iter().map(|b| match b {
        0 => "act".to_string(),
        n => "*".repeat(usize::from(*n)),
    }));
    match &c.energy_faces {
        Some(faces) => parts.extend(faces.iter().map(|f| f.to_string())),
        None if c.kind == DieKind::BasicAction || c.energy.is_empty() => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_str;

    #[test]
    fn a_line_only_tried_or_refused_relies_on_no_face() {
        let (doc, errors) = parse_str(
            "dmlog 1\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
             AM = Ant-Man: Biophysicist\nfirst Ann\nposition\nturn 3 Ann draw\nbag Ann GR SK x3\nend\n\
             draw GR SK x3\nroll GR:bolt SK:fist SK:bolt SK:L1\nroll GR:2bolt SK:fist SK:bolt\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let game = &doc.games[0];
        let mut table = Table::new(game, &doc.header, Pool::embedded()).expect("a game");
        let n = game.lines.len();
        for line in &game.lines[..n - 2] {
            table.play(line).expect("legal");
        }
        // Tried: the state it would lead to, and nothing recorded.
        table.accepts(&game.lines[n - 2]).expect("a legal roll");
        assert!(table.r.out.unverified_faces.is_empty());
        // Refused (a die is left in the prep area): nothing recorded either.
        assert!(table.play(&game.lines[n - 1]).is_err());
        assert!(table.r.out.unverified_faces.is_empty());
        // Played: Ghost Rider's `bolt` is taken as written, with one warning.
        table.play(&game.lines[n - 2]).expect("a legal roll");
        let replay = table.finish();
        assert_eq!(replay.unverified.len(), 1);
        assert_eq!(replay.unverified_faces.len(), 1);
        assert_eq!(replay.unverified[0].severity, Severity::Warning);
    }
}
